//! `impl Flatten` (tfvalue's support trait for `#[tf(flatten)]`), written for every struct
//! without generic parameters so that any model can be flattened into another; and, for a
//! struct with `#[tf(flatten)]` fields, the constants its codec and checks use: all the
//! names (own, then each flattened struct's), their wire order, where each flattened
//! struct's indices start, and the assertions that no name is declared twice.
//!
//! The index space of `Flatten` is that of its `NAMES`: the own fields in wire order, then
//! the names of each flattened struct, in declaration order, each from its offset
//! `__TFVALUE_AT_<k>`.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};

use super::de::read_value;
use super::ser::write_field;
use super::tf_type::object_attribute;
use super::{wire_order, Root};
use crate::ast::{Container, Field, Role};

/// The offset constant of flattened field `k` (`k` = their count: the total).
fn offset(k: usize) -> syn::Ident {
    format_ident!("__TFVALUE_AT_{}", k)
}

pub(super) fn expand_flatten(cont: &Container<'_>, root: &Root<'_>) -> TokenStream {
    if !cont.is_flattenable() {
        return TokenStream::new();
    }
    let consts = if cont.has_flatten() {
        flatten_consts(cont, root)
    } else {
        TokenStream::new()
    };
    let flatten_impl = flatten_impl(cont, root);
    quote! {
        #consts
        #flatten_impl
    }
}

/// `<Ty as Flatten>`, spanned on the field's type (an error about the trait points there).
fn as_flatten(f: &Field<'_>, root: &Root<'_>) -> TokenStream {
    let ty = f.ty;
    let private = root.private();
    quote_spanned!(f.ty_span()=> <#ty as #private::Flatten>)
}

/// The names, their wire order, the offsets, and one assertion per flattened field that
/// its names are new.
fn flatten_consts(cont: &Container<'_>, root: &Root<'_>) -> TokenStream {
    let private = root.private();
    let own: Vec<&str> = wire_order(cont)
        .iter()
        .map(|f| f.tf_name.as_str())
        .collect();
    let n_own = own.len() as u16;
    let flattened: Vec<&Field<'_>> = cont.flattened().collect();
    let mut items = vec![{
        let at = offset(0);
        quote!(const #at: u16 = #n_own;)
    }];
    let mut lists = vec![quote!(&[#(#own),*])];
    for (k, f) in flattened.iter().enumerate() {
        let (at, next) = (offset(k), offset(k + 1));
        let flat = as_flatten(f, root);
        items.push(quote!(const #next: u16 = #at + #flat::NAMES.len() as u16;));
        // Each flattened struct's names against the own names and those flattened before.
        let field = f.member.to_string();
        let earlier = &lists;
        let span = f.ty_span();
        items.push(quote_spanned! {span=>
            const _: () = {
                const CLASH: #private::ConstMessage =
                    #private::clash(&[#(#earlier),*], #field, #flat::NAMES);
                if !CLASH.is_empty() {
                    ::core::panic!("{}", CLASH.as_str())
                }
            };
        });
        lists.push(quote!(#flat::NAMES));
    }
    // Names in struct-level rules that are not own attributes must be flattened ones.
    for (_, list) in cont.attrs.rules.combinations() {
        for (name, span) in &list.names {
            if own.contains(&name.as_str()) {
                continue;
            }
            let message =
                format!("no attribute named `{name}` in this struct or the structs it flattens");
            items.push(quote_spanned! {*span=>
                const _: () = if !#private::contains(&__TFVALUE_NAMES, #name) {
                    ::core::panic!(#message)
                };
            });
        }
    }
    let total = offset(flattened.len());
    quote! {
        #(#items)*
        const __TFVALUE_LEN: usize = #total as usize;
        const __TFVALUE_NAMES: [&'static str; __TFVALUE_LEN] =
            #private::concat_names(&[#(#lists),*]);
        const __TFVALUE_WIRE: [u16; __TFVALUE_LEN] = #private::wire_order(&__TFVALUE_NAMES);
    }
}

fn flatten_impl(cont: &Container<'_>, root: &Root<'_>) -> TokenStream {
    let tv = root.path();
    let private = root.private();
    let ident = cont.ident;
    let own = wire_order(cont);
    let flattened: Vec<&Field<'_>> = cont.flattened().collect();
    let idx: Vec<u16> = (0..own.len() as u16).collect();
    let names: Vec<&str> = own.iter().map(|f| f.tf_name.as_str()).collect();
    let byte_names: Vec<syn::LitByteStr> = names
        .iter()
        .map(|n| syn::LitByteStr::new(n.as_bytes(), Span::call_site()))
        .collect();
    let slots: Vec<syn::Ident> = (0..own.len()).map(|i| format_ident!("__v{}", i)).collect();
    let types: Vec<&syn::Type> = own.iter().map(|f| f.ty).collect();
    let members: Vec<&syn::Ident> = own.iter().map(|f| f.member).collect();
    let fslots: Vec<syn::Ident> = (0..flattened.len())
        .map(|k| format_ident!("__f{}", k))
        .collect();
    let flats: Vec<TokenStream> = flattened.iter().map(|f| as_flatten(f, root)).collect();
    let fmembers: Vec<&syn::Ident> = flattened.iter().map(|f| f.member).collect();
    let starts: Vec<syn::Ident> = (0..flattened.len()).map(offset).collect();
    let ends: Vec<syn::Ident> = (1..=flattened.len()).map(offset).collect();

    let names_const = if cont.has_flatten() {
        quote!(&__TFVALUE_NAMES)
    } else {
        quote!(&[#(#names),*])
    };
    let map = quote!(&mut *map);
    let reads = own.iter().map(|f| read_value(cont, f, root, &map));
    let state = quote!(state);
    let writes = own.iter().map(|f| write_field(f, root, &state));
    let checks = own.iter().zip(&slots).filter_map(|(f, slot)| match f.role {
        Role::Block {
            min_items,
            max_items,
            ..
        } if min_items > 0 || max_items > 0 => {
            let key = &f.tf_name;
            Some(quote! {
                #private::check_block_count::<__E, _>(&#slot, #key, #min_items, #max_items)?;
            })
        }
        _ => None,
    });
    let attributes = own.iter().map(|f| object_attribute(f, root));
    let rules = match super::rules::rules_build(cont, root) {
        Some(build) => quote!(#tv::rules::Rules::merge(rules, (#build)())),
        None => quote!(rules),
    };

    quote! {
        #[doc(hidden)]
        pub struct __TfvalueSlots {
            #(#slots: ::std::option::Option<#types>,)*
            #(#fslots: #flats::Slots,)*
        }

        impl ::std::default::Default for __TfvalueSlots {
            fn default() -> Self {
                __TfvalueSlots {
                    #(#slots: ::std::option::Option::None,)*
                    #(#fslots: ::std::default::Default::default(),)*
                }
            }
        }

        #[allow(unused_variables, unreachable_patterns)]
        impl #private::Flatten for #ident {
            const NAMES: &'static [&'static str] = #names_const;

            type Slots = __TfvalueSlots;

            fn field(name: &[u8]) -> ::std::option::Option<u16> {
                match name {
                    #(#byte_names => ::std::option::Option::Some(#idx),)*
                    _ => {
                        #(
                            if let ::std::option::Option::Some(i) = #flats::field(name) {
                                return ::std::option::Option::Some(#starts + i);
                            }
                        )*
                        ::std::option::Option::None
                    }
                }
            }

            fn accept<'de, __A: #private::serde::de::MapAccess<'de>>(
                slots: &mut Self::Slots,
                index: u16,
                map: &mut __A,
            ) -> ::std::result::Result<(), <__A as #private::serde::de::MapAccess<'de>>::Error> {
                match index {
                    #(#idx => {
                        if slots.#slots.is_some() {
                            return ::std::result::Result::Err(
                                #private::serde::de::Error::duplicate_field(#names),
                            );
                        }
                        slots.#slots = ::std::option::Option::Some(#reads);
                    })*
                    #(i if i < #ends => #flats::accept(&mut slots.#fslots, i - #starts, map)?,)*
                    _ => {}
                }
                ::std::result::Result::Ok(())
            }

            fn finish<__E: #private::serde::de::Error>(
                slots: Self::Slots,
            ) -> ::std::result::Result<Self, __E> {
                #(
                    let #slots = match slots.#slots {
                        ::std::option::Option::Some(v) => v,
                        ::std::option::Option::None => {
                            return ::std::result::Result::Err(
                                #private::serde::de::Error::missing_field(#names),
                            )
                        }
                    };
                )*
                #(#checks)*
                #(let #fslots = #flats::finish::<__E>(slots.#fslots)?;)*
                ::std::result::Result::Ok(#ident {
                    #(#members: #slots,)*
                    #(#fmembers: #fslots,)*
                })
            }

            fn serialize_field<__S: #private::serde::ser::SerializeStruct>(
                &self,
                index: u16,
                state: &mut __S,
            ) -> ::std::result::Result<(), <__S as #private::serde::ser::SerializeStruct>::Error> {
                match index {
                    #(#idx => #writes,)*
                    #(i if i < #ends => #flats::serialize_field(&self.#fmembers, i - #starts, state),)*
                    _ => ::std::result::Result::Ok(()),
                }
            }

            fn object_attributes(
                out: &mut ::std::vec::Vec<(&'static str, #tv::Type, bool)>,
            ) {
                #(out.push(#attributes);)*
                #(#flats::object_attributes(out);)*
            }

            fn flatten_rules(rules: #tv::rules::Rules) -> #tv::rules::Rules {
                #rules
            }
        }
    }
}
