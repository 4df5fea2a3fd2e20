//! `impl Deserialize`: a field-name visitor (text and bytes) and a map visitor that fills one
//! slot per field, rejects unknown, duplicate and missing attributes, reads LIST and MAP
//! blocks through `Blocks` and `BTreeMap` fields through `Bulk`, and checks block item
//! limits.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};

use super::{wire_order, Root};
use crate::ast::{Container, Field, Role};

/// The expression that reads the value of field `f` from `map` (a `&mut impl MapAccess`).
/// LIST and MAP blocks are read through `Blocks`, which handles their dynamic form;
/// `BTreeMap` fields through `Bulk`, which builds the tree in one pass.
pub(super) fn read_value(
    cont: &Container<'_>,
    f: &Field<'_>,
    root: &Root<'_>,
    map: &TokenStream,
) -> TokenStream {
    let tv = root.path();
    let private = root.private();
    let ty = f.ty;
    if f.is_dynamic_capable_blocks() {
        // The dynamic form exists only when the block holds a dynamic attribute; a
        // constant decides which impl applies. It cannot name generic parameters,
        // so structs with generics or lifetimes take the direct form.
        let dynamic = if cont.generics.params.is_empty() {
            quote!({ <#ty as #tv::TfType>::HAS_DYNAMIC })
        } else {
            quote!(false)
        };
        quote! {
            #private::serde::de::MapAccess::next_value::<#private::Blocks<#ty, #dynamic>>(#map)?.0
        }
    } else if f.btree_map {
        quote! {
            #private::serde::de::MapAccess::next_value::<#private::Bulk<#ty>>(#map)?.0
        }
    } else {
        quote! {
            #private::serde::de::MapAccess::next_value::<#ty>(#map)?
        }
    }
}

pub(super) fn expand_deserialize(cont: &Container<'_>, root: &Root<'_>) -> TokenStream {
    let private = root.private();
    let ident = cont.ident;
    let name = ident.to_string();
    if cont.has_flatten() {
        // Read through the struct's `Flatten` impl, which hands flattened names on.
        return quote! {
            impl<'de> #private::serde::Deserialize<'de> for #ident {
                fn deserialize<__D: #private::serde::Deserializer<'de>>(
                    deserializer: __D,
                ) -> ::std::result::Result<Self, __D::Error> {
                    #private::deserialize_flat::<Self, __D>(deserializer, #name)
                }
            }
        };
    }
    let fields = wire_order(cont);
    let tf_names: Vec<&str> = fields.iter().map(|f| f.tf_name.as_str()).collect();
    let variants: Vec<syn::Ident> = (0..fields.len())
        .map(|i| format_ident!("__F{}", i))
        .collect();
    let byte_names: Vec<syn::LitByteStr> = tf_names
        .iter()
        .map(|n| syn::LitByteStr::new(n.as_bytes(), Span::call_site()))
        .collect();
    let slots: Vec<syn::Ident> = (0..fields.len())
        .map(|i| format_ident!("__v{}", i))
        .collect();
    let types: Vec<&syn::Type> = fields.iter().map(|f| f.ty).collect();
    let reads: Vec<TokenStream> = fields
        .iter()
        .map(|f| read_value(cont, f, root, &quote!(&mut map)))
        .collect();
    let members: Vec<&syn::Ident> = fields.iter().map(|f| f.member).collect();
    let checks = fields.iter().zip(&slots).filter_map(|(f, slot)| match f.role {
        Role::Block {
            min_items,
            max_items,
            ..
        } if min_items > 0 || max_items > 0 => {
            let key = &f.tf_name;
            Some(quote! {
                #private::check_block_count::<__A::Error, _>(&#slot, #key, #min_items, #max_items)?;
            })
        }
        _ => None,
    });

    // `impl<'de, ...> Deserialize<'de> for Ident<...>`, with 'de outliving every lifetime.
    let mut generics = cont.generics.clone();
    let de_lifetime: syn::LifetimeParam = syn::parse_quote!('de);
    let mut de_param = de_lifetime.clone();
    for lt in cont.generics.lifetimes() {
        de_param.bounds.push(lt.lifetime.clone());
    }
    generics
        .params
        .insert(0, syn::GenericParam::Lifetime(de_param));
    {
        let where_clause = generics.make_where_clause();
        for tp in cont.generics.type_params() {
            let t = &tp.ident;
            where_clause
                .predicates
                .push(syn::parse_quote!(#t: #private::serde::Deserialize<'de>));
        }
    }
    let (impl_generics, visitor_ty_generics, where_clause) = generics.split_for_impl();
    let (_, ty_generics, _) = cont.generics.split_for_impl();
    let phantom_params = cont.generics.params.iter().map(|p| match p {
        syn::GenericParam::Lifetime(l) => {
            let lt = &l.lifetime;
            quote!(&#lt ())
        }
        syn::GenericParam::Type(t) => {
            let t = &t.ident;
            quote!(#t)
        }
        syn::GenericParam::Const(c) => {
            let c = &c.ident;
            quote!([(); #c])
        }
    });
    let visitor_params = &generics.params;

    quote! {
        impl #impl_generics #private::serde::Deserialize<'de> for #ident #ty_generics #where_clause {
            fn deserialize<__D: #private::serde::Deserializer<'de>>(
                deserializer: __D,
            ) -> ::std::result::Result<Self, __D::Error> {
                const FIELDS: &[&str] = &[#(#tf_names),*];

                enum __Field { #(#variants),* }

                struct __FieldVisitor;

                impl<'de> #private::serde::de::Visitor<'de> for __FieldVisitor {
                    type Value = __Field;

                    fn expecting(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                        f.write_str("an attribute name")
                    }

                    fn visit_str<__E: #private::serde::de::Error>(
                        self,
                        value: &str,
                    ) -> ::std::result::Result<__Field, __E> {
                        match value {
                            #(#tf_names => ::std::result::Result::Ok(__Field::#variants),)*
                            other => ::std::result::Result::Err(
                                #private::serde::de::Error::unknown_field(other, FIELDS),
                            ),
                        }
                    }

                    fn visit_bytes<__E: #private::serde::de::Error>(
                        self,
                        value: &[u8],
                    ) -> ::std::result::Result<__Field, __E> {
                        match value {
                            #(#byte_names => ::std::result::Result::Ok(__Field::#variants),)*
                            other => ::std::result::Result::Err(
                                #private::serde::de::Error::unknown_field(
                                    &::std::string::String::from_utf8_lossy(other),
                                    FIELDS,
                                ),
                            ),
                        }
                    }
                }

                impl<'de> #private::serde::Deserialize<'de> for __Field {
                    fn deserialize<__D2: #private::serde::Deserializer<'de>>(
                        deserializer: __D2,
                    ) -> ::std::result::Result<Self, __D2::Error> {
                        #private::serde::Deserializer::deserialize_identifier(
                            deserializer,
                            __FieldVisitor,
                        )
                    }
                }

                struct __Visitor<#visitor_params>(
                    ::std::marker::PhantomData<(&'de (), #(#phantom_params,)*)>,
                ) #where_clause;

                impl #impl_generics #private::serde::de::Visitor<'de> for __Visitor #visitor_ty_generics #where_clause {
                    type Value = #ident #ty_generics;

                    fn expecting(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                        f.write_str("an object")
                    }

                    fn visit_map<__A: #private::serde::de::MapAccess<'de>>(
                        self,
                        mut map: __A,
                    ) -> ::std::result::Result<Self::Value, __A::Error> {
                        #(let mut #slots: ::std::option::Option<#types> = ::std::option::Option::None;)*
                        while let ::std::option::Option::Some(key) =
                            #private::serde::de::MapAccess::next_key::<__Field>(&mut map)?
                        {
                            match key {
                                #(__Field::#variants => {
                                    if #slots.is_some() {
                                        return ::std::result::Result::Err(
                                            #private::serde::de::Error::duplicate_field(#tf_names),
                                        );
                                    }
                                    #slots = ::std::option::Option::Some(#reads);
                                })*
                            }
                        }
                        #(
                            let #slots = match #slots {
                                ::std::option::Option::Some(v) => v,
                                ::std::option::Option::None => {
                                    return ::std::result::Result::Err(
                                        #private::serde::de::Error::missing_field(#tf_names),
                                    )
                                }
                            };
                        )*
                        #(#checks)*
                        ::std::result::Result::Ok(#ident { #(#members: #slots),* })
                    }
                }

                #private::serde::Deserializer::deserialize_struct(
                    deserializer,
                    #name,
                    FIELDS,
                    __Visitor(::std::marker::PhantomData),
                )
            }
        }
    }
}
