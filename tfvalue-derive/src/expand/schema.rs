//! `impl TfSchema`: the schema (version and block) built once and cached, per type for
//! structs with type parameters.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};

use super::{impl_header, Root};
use crate::ast::{Container, Role};
use crate::attr::{DescriptionKind, Nesting};

/// `.description(text, kind)`, or nothing without a description.
fn description(tv: &TokenStream, text: &Option<String>, kind: DescriptionKind) -> TokenStream {
    let kind = string_kind(tv, kind);
    match text {
        Some(t) => quote!(.description(#t, #kind)),
        None => quote!(),
    }
}

/// `StringKind::Plain` or `StringKind::Markdown`.
fn string_kind(tv: &TokenStream, kind: DescriptionKind) -> TokenStream {
    match kind {
        DescriptionKind::Plain => quote!(#tv::schema::StringKind::Plain),
        DescriptionKind::Markdown => quote!(#tv::schema::StringKind::Markdown),
    }
}

/// `.deprecation_message(text)`, `.deprecated()`, or nothing (the builders of attributes and
/// blocks share the names).
fn deprecation(deprecated: bool, message: Option<&str>) -> TokenStream {
    match message {
        Some(text) => quote!(.deprecation_message(#text)),
        None if deprecated => quote!(.deprecated()),
        None => quote!(),
    }
}

fn block_nesting(tv: &TokenStream, n: Nesting) -> TokenStream {
    match n {
        Nesting::Single => quote!(#tv::schema::BlockNesting::Single),
        Nesting::List => quote!(#tv::schema::BlockNesting::List),
        Nesting::Set => quote!(#tv::schema::BlockNesting::Set),
        Nesting::Map => quote!(#tv::schema::BlockNesting::Map),
        Nesting::Group => quote!(#tv::schema::BlockNesting::Group),
    }
}

fn object_nesting(tv: &TokenStream, n: Nesting) -> TokenStream {
    match n {
        Nesting::List => quote!(#tv::schema::ObjectNesting::List),
        Nesting::Set => quote!(#tv::schema::ObjectNesting::Set),
        Nesting::Map => quote!(#tv::schema::ObjectNesting::Map),
        Nesting::Single | Nesting::Group => quote!(#tv::schema::ObjectNesting::Single),
    }
}

pub(super) fn expand_schema(cont: &Container<'_>, root: &Root<'_>) -> TokenStream {
    let tv = root.path();
    let header = impl_header(
        cont,
        quote!(#tv::schema::TfSchema),
        quote!(#tv::TfType + 'static),
    );
    // The block being built: one local at the call site's hygiene. The statements below are
    // spanned on each field's type, which may come from another macro (a `macro_rules!`
    // adding fields); a `block` spelled inside them would be that macro's, not this one.
    let block = format_ident!("block");
    let items = cont.fields.iter().map(|f| {
        if f.flatten {
            // The flattened struct's attributes and blocks, at the place of the field.
            let ty = f.ty;
            let private = root.private();
            return quote_spanned! {f.ty_span()=>
                let #block = #private::flatten_block::<#ty>(#block);
            };
        }
        let name = &f.tf_name;
        let desc = description(&tv, &f.description, f.description_kind);
        let mut flags = Vec::new();
        if f.required {
            flags.push(quote!(.required()));
        }
        if f.optional {
            flags.push(quote!(.optional()));
        }
        if f.computed {
            flags.push(quote!(.computed()));
        }
        if f.flags_by_type() {
            let ty = f.ty;
            let tv = root.at(f.ty_span());
            flags.push(quote_spanned! {f.ty_span()=>
                .optional_if(<#ty as #tv::TfType>::DECLARES_NULL)
                .required_if(!<#ty as #tv::TfType>::DECLARES_NULL)
            });
        }
        if f.sensitive {
            flags.push(quote!(.sensitive()));
        }
        if f.write_only {
            flags.push(quote!(.write_only()));
        }
        let deprecation = deprecation(f.deprecated, f.deprecation_message.as_deref());
        match f.role {
            Role::Attribute => {
                let ty = f.ty;
                let tv = root.at(f.ty_span());
                quote_spanned! {f.ty_span()=>
                    let #block = #block.attribute(
                        #tv::schema::Attribute::new(#name, <#ty as #tv::TfType>::tf_type())
                            #(#flags)* #deprecation #desc
                    );
                }
            }
            Role::Nested { nesting } => {
                let element = f.element.unwrap_or(f.ty);
                let nesting = object_nesting(&root.path(), nesting);
                let tv = root.at(f.element_span());
                quote_spanned! {f.element_span()=>
                    let #block = #block.attribute(
                        #tv::schema::Attribute::nested(
                            #name,
                            #tv::schema::NestedObject {
                                attributes: ::std::clone::Clone::clone(
                                    &<#element as #tv::schema::TfSchema>::schema().block.attributes,
                                ),
                                nesting: #nesting,
                            },
                        )
                        #(#flags)* #deprecation #desc
                    );
                }
            }
            Role::Block {
                nesting,
                min_items,
                max_items,
            } => {
                let element = f.element.unwrap_or(f.ty);
                let nesting = block_nesting(&root.path(), nesting);
                let computed = f.computed.then(|| quote!(.computed()));
                let tv = root.at(f.element_span());
                // The field's description, else what the element type declares for its
                // blocks: never the element's own (rustdoc) description.
                let desc = match &f.description {
                    Some(_) => desc,
                    None => quote! {
                        .description(
                            <#element as #tv::schema::TfSchema>::block_description()
                                .map_or("", |(text, _)| text),
                            <#element as #tv::schema::TfSchema>::block_description()
                                .map_or(#tv::schema::StringKind::Plain, |(_, kind)| kind),
                        )
                    },
                };
                quote_spanned! {f.element_span()=>
                    let #block = #block.block_type(
                        #tv::schema::NestedBlock::new(
                            #name,
                            ::std::clone::Clone::clone(
                                &<#element as #tv::schema::TfSchema>::schema().block,
                            )
                            #deprecation #desc,
                            #nesting,
                        )
                        .min_items(#min_items)
                        .max_items(#max_items)
                        #computed
                    );
                }
            }
        }
    });
    let desc = description(&tv, &cont.description, cont.description_kind);
    let deprecated = deprecation(cont.deprecated, cont.deprecation_message.as_deref());
    let version = cont.version;
    let build = quote! {
        || {
            let block = #tv::schema::Block::new();
            #(#items)*
            let block = block #desc #deprecated;
            #tv::schema::Schema::new(#version, block)
        }
    };
    let body = if cont.is_type_generic() {
        let key = super::cache_key(cont);
        quote!(#tv::schema::cached_schema::<#key>(#build))
    } else {
        quote! {
            static CELL: ::std::sync::OnceLock<#tv::schema::Schema> =
                ::std::sync::OnceLock::new();
            CELL.get_or_init(#build)
        }
    };
    let rules = super::rules::expand_rules_fn(cont, root);
    let block_description = cont.declared_description.as_ref().map(|text| {
        let kind = string_kind(&tv, cont.description_kind);
        quote! {
            fn block_description()
                -> ::std::option::Option<(&'static str, #tv::schema::StringKind)>
            {
                ::std::option::Option::Some((#text, #kind))
            }
        }
    });
    quote! {
        #header {
            fn schema() -> &'static #tv::schema::Schema {
                #body
            }

            #rules

            #block_description
        }
    }
}
