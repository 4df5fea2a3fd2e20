//! `impl UnknownPaths` (the path of every unknown value), and the `<Name>Known` companion
//! with `impl IntoKnown`: the model with every `Unknown<T>` replaced by its known form.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};

use super::{impl_header, Root};
use crate::ast::{Container, Field};

pub(super) fn expand_unknown_paths(cont: &Container<'_>, root: &Root<'_>) -> TokenStream {
    let tv = root.path();
    let header = impl_header(
        cont,
        quote!(#tv::known::UnknownPaths),
        quote!(#tv::known::UnknownPaths),
    );
    let members: Vec<&syn::Ident> = cont.fields.iter().map(|f| f.member).collect();
    // A flattened struct's attributes are at this struct's level.
    let trails = cont.fields.iter().map(|f| trail(f, &quote!(at)));
    quote! {
        #header {
            fn unknown_paths_into(
                &self,
                at: #tv::known::Trail<'_>,
                out: &mut ::std::vec::Vec<#tv::AttributePath>,
            ) {
                #(#tv::known::UnknownPaths::unknown_paths_into(&self.#members, #trails, out);)*
            }

            fn is_wholly_known(&self) -> bool {
                true #(&& #tv::known::UnknownPaths::is_wholly_known(&self.#members))*
            }
        }
    }
}

/// Where field `f`'s values are, from `at` (the struct's trail): its attribute, or for a
/// flattened field the struct's own level.
pub(super) fn trail(f: &Field<'_>, at: &TokenStream) -> TokenStream {
    if f.flatten {
        quote!(#at)
    } else {
        let key = &f.tf_name;
        quote!(#at.attr(#key))
    }
}

/// The companion type with every `Unknown<T>` replaced by its known form, and the checked
/// conversion into it (apply-time code reads known data without unwrapping each field).
pub(super) fn expand_known(cont: &Container<'_>, root: &Root<'_>) -> TokenStream {
    let tv = root.path();
    let ident = cont.ident;
    let vis = cont.vis;
    let known = format_ident!("{}Known", ident);
    let (impl_generics, ty_generics, where_clause) = cont.generics.split_for_impl();
    let mut predicates: Vec<TokenStream> = where_clause
        .map(|w| w.predicates.iter().map(|p| quote!(#p)).collect())
        .unwrap_or_default();
    for f in &cont.fields {
        let ty = f.ty;
        predicates.push(quote!(#ty: #tv::known::IntoKnown));
    }
    let params = &cont.generics.params;
    let fields = cont.fields.iter().map(|f| {
        let (fvis, member, ty) = (f.vis, f.member, f.ty);
        let doc = if f.flatten {
            "The flattened attributes, known.".to_owned()
        } else {
            format!("`{}`, known.", f.tf_name)
        };
        quote! {
            #[doc = #doc]
            #fvis #member: <#ty as #tv::known::IntoKnown>::Known
        }
    });
    let members: Vec<&syn::Ident> = cont.fields.iter().map(|f| f.member).collect();
    let doc = format!(
        "[`{ident}`] with every value known: made by `IntoKnown::into_known`, which lists the \
         path of every value still unknown."
    );
    let derives = &cont.known_derive;
    let derive_attr = (!derives.is_empty()).then(|| quote!(#[derive(#(#derives),*)]));
    // Names a field's name cannot shadow (the fields are bound to their own names).
    let at = syn::Ident::new("at", Span::mixed_site());
    let unknowns = syn::Ident::new("unknowns", Span::mixed_site());
    let trails: Vec<TokenStream> = cont.fields.iter().map(|f| trail(f, &quote!(#at))).collect();
    quote! {
        #[doc = #doc]
        #derive_attr
        #[allow(clippy::all, clippy::pedantic)]
        #vis struct #known <#params> where #(#predicates,)* {
            #(#fields,)*
        }

        #[automatically_derived]
        #[allow(clippy::all, clippy::pedantic)]
        impl #impl_generics #tv::known::IntoKnown for #ident #ty_generics where #(#predicates,)* {
            type Known = #known #ty_generics;

            fn into_known_at(
                self,
                #at: #tv::known::Trail<'_>,
                #unknowns: &mut ::std::vec::Vec<#tv::AttributePath>,
            ) -> ::std::option::Option<Self::Known> {
                #(let #members = #tv::known::IntoKnown::into_known_at(self.#members, #trails, #unknowns);)*
                ::std::option::Option::Some(#known { #(#members: #members?,)* })
            }
        }
    }
}
