//! The `<Name>Planned` companion with `impl IntoPlanned` and `impl From<<Name>Planned> for
//! <Name>`: the planned model as apply-time code reads it, every configured value known and
//! every computed attribute as the model holds it.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};

use super::Root;
use crate::ast::Container;

pub(super) fn expand_planned(cont: &Container<'_>, root: &Root<'_>) -> TokenStream {
    let tv = root.path();
    let ident = cont.ident;
    let vis = cont.vis;
    let planned = format_ident!("{}Planned", ident);
    let (impl_generics, ty_generics, where_clause) = cont.generics.split_for_impl();
    let mut predicates: Vec<TokenStream> = where_clause
        .map(|w| w.predicates.iter().map(|p| quote!(#p)).collect())
        .unwrap_or_default();
    // Computed attributes are kept as they are: only the others convert.
    for f in cont.fields.iter().filter(|f| !f.computed) {
        let ty = f.ty;
        predicates.push(quote!(#ty: #tv::known::IntoPlanned));
    }
    let params = &cont.generics.params;
    let fields = cont.fields.iter().map(|f| {
        let (fvis, member, ty) = (f.vis, f.member, f.ty);
        if f.computed {
            let doc = format!(
                "`{}`, computed: as the model holds it, for the provider to fill in.",
                f.tf_name
            );
            quote! {
                #[doc = #doc]
                #fvis #member: #ty
            }
        } else {
            let doc = if f.flatten {
                "The flattened attributes, known.".to_owned()
            } else {
                format!("`{}`, known.", f.tf_name)
            };
            quote! {
                #[doc = #doc]
                #fvis #member: <#ty as #tv::known::IntoPlanned>::Planned
            }
        }
    });
    // Local names the user's field names cannot collide with.
    let at = syn::Ident::new("at", Span::mixed_site());
    let unknowns = syn::Ident::new("unknowns", Span::mixed_site());
    let value = syn::Ident::new("planned", Span::mixed_site());
    let slots: Vec<syn::Ident> = (0..cont.fields.len())
        .map(|i| syn::Ident::new(&format!("field{i}"), Span::mixed_site()))
        .collect();
    let converts = cont.fields.iter().zip(&slots).map(|(f, slot)| {
        let member = f.member;
        if f.computed {
            quote!(let #slot = self.#member;)
        } else {
            let trail = super::known::trail(f, &quote!(#at));
            quote! {
                let #slot = #tv::known::IntoPlanned::into_planned_at(
                    self.#member, #trail, #unknowns,
                );
            }
        }
    });
    // With every field computed, nothing reads the trail.
    let unused = cont
        .fields
        .iter()
        .all(|f| f.computed)
        .then(|| quote!(let _ = (#at, #unknowns);));
    let builds = cont.fields.iter().zip(&slots).map(|(f, slot)| {
        let member = f.member;
        if f.computed {
            quote!(#member: #slot)
        } else {
            quote!(#member: #slot?)
        }
    });
    let backs = cont.fields.iter().map(|f| {
        let member = f.member;
        if f.computed {
            quote!(#member: #value.#member)
        } else {
            quote!(#member: #tv::known::IntoPlanned::from_planned(#value.#member))
        }
    });
    let doc = format!(
        "[`{ident}`] as apply-time code reads the plan: every configured value known, every \
         computed attribute as the model holds it, for the provider to fill in. Made by \
         `IntoPlanned::into_planned`, which lists the path of every configured value still \
         unknown; `{ident}::from` makes the model again."
    );
    let derives = &cont.known_derive;
    let derive_attr = (!derives.is_empty()).then(|| quote!(#[derive(#(#derives),*)]));
    quote! {
        #[doc = #doc]
        #derive_attr
        #[allow(clippy::all, clippy::pedantic)]
        #vis struct #planned <#params> where #(#predicates,)* {
            #(#fields,)*
        }

        #[automatically_derived]
        #[allow(clippy::all, clippy::pedantic)]
        impl #impl_generics #tv::known::IntoPlanned for #ident #ty_generics where #(#predicates,)* {
            type Planned = #planned #ty_generics;

            fn into_planned_at(
                self,
                #at: #tv::known::Trail<'_>,
                #unknowns: &mut ::std::vec::Vec<#tv::AttributePath>,
            ) -> ::std::option::Option<Self::Planned> {
                #unused
                #(#converts)*
                ::std::option::Option::Some(#planned { #(#builds,)* })
            }

            fn from_planned(#value: Self::Planned) -> Self {
                #ident { #(#backs,)* }
            }
        }

        #[automatically_derived]
        #[allow(clippy::all, clippy::pedantic)]
        impl #impl_generics ::std::convert::From<#planned #ty_generics> for #ident #ty_generics
        where #(#predicates,)*
        {
            fn from(#value: #planned #ty_generics) -> Self {
                #tv::known::IntoPlanned::from_planned(#value)
            }
        }
    }
}
