//! Code generation from the checked model: one file per generated impl family (`tf_type`,
//! `schema`, `ser`, `de`, `known`, `planned`, `flatten`), one for the compile-time assertions
//! (`const_checks`), and here what they share: the path of tfvalue, the wire
//! order of fields and impl headers. Generated code uses absolute paths only (from
//! `::tfvalue`, or the root given with `#[tf(crate = ...)]`) and, but for the `<Name>Known`
//! and `<Name>Planned` companions, lives in an anonymous `const` block.

mod const_checks;
mod de;
mod flatten;
mod known;
mod planned;
mod rules;
mod schema;
mod ser;
mod tf_type;

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};

use crate::ast::{Container, Field, Role};
use crate::attr::Nesting;

/// All impls for one struct.
pub(crate) fn expand(cont: &Container<'_>) -> TokenStream {
    let root = Root::of(cont);
    let tf_type = tf_type::expand_tf_type(cont, &root);
    let schema = schema::expand_schema(cont, &root);
    let ser = ser::expand_serialize(cont, &root);
    let de = de::expand_deserialize(cont, &root);
    let unknowns = known::expand_unknown_paths(cont, &root);
    let const_checks = const_checks::expand_const_checks(cont, &root);
    let rule_checks = rules::expand_rule_checks(cont, &root);
    let flatten = flatten::expand_flatten(cont, &root);
    let known = known::expand_known(cont, &root);
    let planned = planned::expand_planned(cont, &root);
    quote! {
        #known
        #planned

        #[doc(hidden)]
        #[allow(non_upper_case_globals, unused_qualifications, clippy::all, clippy::pedantic)]
        const _: () = {
            #tf_type
            #schema
            #ser
            #de
            #unknowns
            #const_checks
            #rule_checks
            #flatten
        };
    }
}

/// Where generated code finds tfvalue: `::tfvalue`, or the path given with
/// `#[tf(crate = ...)]` for crates that re-export it.
pub(crate) struct Root<'a> {
    custom: Option<&'a syn::Path>,
}

impl<'a> Root<'a> {
    fn of(cont: &'a Container<'_>) -> Self {
        Root {
            custom: cont.crate_path.as_ref(),
        }
    }

    /// The path of tfvalue, spanned at the derive (a custom path keeps the user's spans).
    pub(crate) fn path(&self) -> TokenStream {
        self.at(Span::call_site())
    }

    /// The path of tfvalue for code spanned on a field's type, so that a compile error in
    /// it points at that type (a custom path keeps the user's spans).
    pub(crate) fn at(&self, span: Span) -> TokenStream {
        match self.custom {
            Some(path) => quote!(#path),
            None => quote_spanned!(span=> ::tfvalue),
        }
    }

    /// `<root>::__private_<version>`: the runtime's support module for generated code, named
    /// with this crate's version so that a derive and a runtime of different releases do not
    /// compile together.
    pub(crate) fn private(&self) -> TokenStream {
        let root = self.path();
        let name = format_ident!(
            "__private_{}",
            env!("CARGO_PKG_VERSION").replace(['.', '-', '+'], "_")
        );
        quote!(#root::#name)
    }
}

/// The fields with names of their own (not `#[tf(flatten)]`) in Terraform's (byte) order of
/// names: the order on the wire.
fn wire_order<'c, 'a>(cont: &'c Container<'a>) -> Vec<&'c Field<'a>> {
    let mut fields: Vec<&Field<'a>> = cont.own_fields().collect();
    fields.sort_by(|a, b| a.tf_name.as_bytes().cmp(b.tf_name.as_bytes()));
    fields
}

/// The type that keys the per-type caches of a struct with type parameters (its schema,
/// its rules): the struct with every lifetime `'static`, since neither depends on
/// lifetimes and a cache key must be `'static`.
fn cache_key(cont: &Container<'_>) -> TokenStream {
    let ident = cont.ident;
    let args = cont.generics.params.iter().map(|p| match p {
        syn::GenericParam::Lifetime(_) => quote!('static),
        syn::GenericParam::Type(t) => {
            let t = &t.ident;
            quote!(#t)
        }
        syn::GenericParam::Const(c) => {
            let c = &c.ident;
            quote!(#c)
        }
    });
    quote!(#ident<#(#args),*>)
}

/// `impl<...> Trait for Ident<...> where <extra bounds on every type parameter>`.
fn impl_header(cont: &Container<'_>, trait_path: TokenStream, bound: TokenStream) -> TokenStream {
    let ident = cont.ident;
    let (impl_generics, ty_generics, where_clause) = cont.generics.split_for_impl();
    let mut predicates: Vec<TokenStream> = where_clause
        .map(|w| w.predicates.iter().map(|p| quote!(#p)).collect())
        .unwrap_or_default();
    for tp in cont.generics.type_params() {
        let t = &tp.ident;
        predicates.push(quote!(#t: #bound));
    }
    quote! {
        impl #impl_generics #trait_path for #ident #ty_generics where #(#predicates,)*
    }
}

impl Field<'_> {
    /// LIST and MAP blocks: their wire form is dynamic when the block holds a dynamic
    /// attribute (decided at compile time through `TfType::HAS_DYNAMIC`).
    fn is_dynamic_capable_blocks(&self) -> bool {
        matches!(
            self.role,
            Role::Block {
                nesting: Nesting::List | Nesting::Map,
                ..
            }
        )
    }

    /// Span for errors about the field's type (e.g. a missing `TfType` impl).
    fn ty_span(&self) -> Span {
        syn::spanned::Spanned::span(self.ty)
    }

    /// Span for errors about the block or nested object type (e.g. not `TfSchema`).
    fn element_span(&self) -> Span {
        syn::spanned::Spanned::span(self.element.unwrap_or(self.ty))
    }
}
