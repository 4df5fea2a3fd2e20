//! Code generation from the validated model: `TfType`, `TfSchema`, `Serialize`,
//! `Deserialize` and `UnknownPaths`. Generated code uses absolute paths only and lives in
//! an anonymous `const` block.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};

use crate::ast::{Container, Field, Role};
use crate::attr::{DescriptionKind, Nesting};

/// All impls for one struct.
pub(crate) fn expand(cont: &Container<'_>) -> TokenStream {
    let tf_type = expand_tf_type(cont);
    let schema = expand_schema(cont);
    let ser = expand_serialize(cont);
    let de = expand_deserialize(cont);
    let unknowns = expand_unknown_paths(cont);
    let set_checks = expand_set_checks(cont);
    let known = expand_known(cont);
    quote! {
        #known

        #[doc(hidden)]
        #[allow(non_upper_case_globals, unused_qualifications, clippy::all, clippy::pedantic)]
        const _: () = {
            #tf_type
            #schema
            #ser
            #de
            #unknowns
            #set_checks
        };
    }
}

/// `::tfvalue::__private_<version>`: the runtime's support module for generated code, named
/// with this crate's version so that a derive and a runtime of different releases do not
/// compile together.
fn private_module() -> TokenStream {
    let name = format_ident!(
        "__private_{}",
        env!("CARGO_PKG_VERSION").replace(['.', '-', '+'], "_")
    );
    quote!(::tfvalue::#name)
}

/// Fields in Terraform's (byte) order of names: the order on the wire.
fn wire_order<'c, 'a>(cont: &'c Container<'a>) -> Vec<&'c Field<'a>> {
    let mut fields: Vec<&Field<'a>> = cont.fields.iter().collect();
    fields.sort_by(|a, b| a.tf_name.as_bytes().cmp(b.tf_name.as_bytes()));
    fields
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

fn expand_tf_type(cont: &Container<'_>) -> TokenStream {
    let private = private_module();
    let header = impl_header(
        cont,
        quote!(::tfvalue::TfType),
        quote!(::tfvalue::TfType + 'static),
    );
    let attrs = cont.fields.iter().map(|f| {
        let name = &f.tf_name;
        let ty = f.ty;
        if f.is_dynamic_capable_blocks() {
            // Terraform's implied type of a LIST or MAP block collection whose block holds a
            // dynamic attribute is `dynamic` (its wire form is `[type, tuple-or-object]`).
            quote_spanned! {f.ty_span()=>
                (#name, if <#ty as ::tfvalue::TfType>::HAS_DYNAMIC {
                    ::tfvalue::Type::Dynamic
                } else {
                    <#ty as ::tfvalue::TfType>::tf_type()
                })
            }
        } else {
            quote_spanned!(f.ty_span()=> (#name, <#ty as ::tfvalue::TfType>::tf_type()))
        }
    });
    let optional = cont
        .fields
        .iter()
        .filter(|f| f.optional || f.computed)
        .map(|f| f.tf_name.as_str());
    let build = quote! {
        #private::object_type(
            ::std::vec![#(#attrs),*],
            &[#(#optional),*],
        )
    };
    let body = if cont.is_type_generic() {
        build
    } else {
        quote! {
            static CELL: ::std::sync::OnceLock<::tfvalue::Type> = ::std::sync::OnceLock::new();
            ::std::clone::Clone::clone(CELL.get_or_init(|| #build))
        }
    };
    let field_types = cont.fields.iter().map(|f| f.ty);
    quote! {
        #header {
            fn tf_type() -> ::tfvalue::Type {
                #body
            }
            const HAS_DYNAMIC: bool =
                false #(|| <#field_types as ::tfvalue::TfType>::HAS_DYNAMIC)*;
        }
    }
}

/// Terraform rejects a dynamic attribute anywhere inside a SET block or SET nested
/// attribute: checked when the program is compiled, with the error on the field's type.
/// (Not for structs with type parameters: a constant cannot name them.)
fn expand_set_checks(cont: &Container<'_>) -> TokenStream {
    if cont.is_type_generic() {
        return TokenStream::new();
    }
    let checks = cont.fields.iter().filter_map(|f| {
        let is_set = matches!(
            f.role,
            Role::Block {
                nesting: Nesting::Set,
                ..
            } | Role::Nested {
                nesting: Nesting::Set
            }
        );
        if !is_set {
            return None;
        }
        let element = f.element.unwrap_or(f.ty);
        let message = format!(
            "`{}` is a SET of a type containing a dynamic attribute (tfvalue::Value), which \
             Terraform does not allow: use a list or map nesting, or a typed attribute",
            f.tf_name
        );
        Some(quote_spanned! {f.element_span()=>
            const _: () = ::core::assert!(
                !<#element as ::tfvalue::TfType>::HAS_DYNAMIC,
                #message
            );
        })
    });
    quote!(#(#checks)*)
}

fn description(text: &Option<String>, kind: DescriptionKind) -> TokenStream {
    let kind = match kind {
        DescriptionKind::Plain => quote!(::tfvalue::schema::StringKind::Plain),
        DescriptionKind::Markdown => quote!(::tfvalue::schema::StringKind::Markdown),
    };
    match text {
        Some(t) => quote!(.description(#t, #kind)),
        None => quote!(),
    }
}

fn block_nesting(n: Nesting) -> TokenStream {
    match n {
        Nesting::Single => quote!(::tfvalue::schema::BlockNesting::Single),
        Nesting::List => quote!(::tfvalue::schema::BlockNesting::List),
        Nesting::Set => quote!(::tfvalue::schema::BlockNesting::Set),
        Nesting::Map => quote!(::tfvalue::schema::BlockNesting::Map),
        Nesting::Group => quote!(::tfvalue::schema::BlockNesting::Group),
    }
}

fn object_nesting(n: Nesting) -> TokenStream {
    match n {
        Nesting::List => quote!(::tfvalue::schema::ObjectNesting::List),
        Nesting::Set => quote!(::tfvalue::schema::ObjectNesting::Set),
        Nesting::Map => quote!(::tfvalue::schema::ObjectNesting::Map),
        Nesting::Single | Nesting::Group => quote!(::tfvalue::schema::ObjectNesting::Single),
    }
}

fn expand_schema(cont: &Container<'_>) -> TokenStream {
    let header = impl_header(
        cont,
        quote!(::tfvalue::schema::TfSchema),
        quote!(::tfvalue::TfType + 'static),
    );
    let items = cont.fields.iter().map(|f| {
        let name = &f.tf_name;
        let desc = description(&f.description, f.description_kind);
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
        if f.sensitive {
            flags.push(quote!(.sensitive()));
        }
        if f.deprecated {
            flags.push(quote!(.deprecated()));
        }
        match f.role {
            Role::Attribute => {
                let ty = f.ty;
                quote_spanned! {f.ty_span()=>
                    let block = block.attribute(
                        ::tfvalue::schema::Attribute::new(#name, <#ty as ::tfvalue::TfType>::tf_type())
                            #(#flags)* #desc
                    );
                }
            }
            Role::Nested { nesting } => {
                let element = f.element.unwrap_or(f.ty);
                let nesting = object_nesting(nesting);
                quote_spanned! {f.element_span()=>
                    let block = block.attribute(
                        ::tfvalue::schema::Attribute::nested(
                            #name,
                            ::tfvalue::schema::NestedObject {
                                attributes: ::std::clone::Clone::clone(
                                    &<#element as ::tfvalue::schema::TfSchema>::schema().block.attributes,
                                ),
                                nesting: #nesting,
                            },
                        )
                        #(#flags)* #desc
                    );
                }
            }
            Role::Block {
                nesting,
                min_items,
                max_items,
            } => {
                let element = f.element.unwrap_or(f.ty);
                let nesting = block_nesting(nesting);
                quote_spanned! {f.element_span()=>
                    let block = block.block_type(
                        ::tfvalue::schema::NestedBlock::new(
                            #name,
                            ::std::clone::Clone::clone(
                                &<#element as ::tfvalue::schema::TfSchema>::schema().block,
                            )
                            #desc,
                            #nesting,
                        )
                        .min_items(#min_items)
                        .max_items(#max_items)
                    );
                }
            }
        }
    });
    let desc = description(&cont.description, cont.description_kind);
    let deprecated = cont.deprecated.then(|| quote!(.deprecated()));
    let version = cont.version;
    let build = quote! {
        || {
            let block = ::tfvalue::schema::Block::new();
            #(#items)*
            let block = block #desc #deprecated;
            ::tfvalue::schema::Schema::new(#version, block)
        }
    };
    let body = if cont.is_type_generic() {
        // The cache is keyed by type, which must be 'static: the schema does not depend on
        // lifetimes, so the key is the struct with every lifetime 'static.
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
        quote!(::tfvalue::schema::cached_schema::<#ident<#(#args),*>>(#build))
    } else {
        quote! {
            static CELL: ::std::sync::OnceLock<::tfvalue::schema::Schema> =
                ::std::sync::OnceLock::new();
            CELL.get_or_init(#build)
        }
    };
    quote! {
        #header {
            fn schema() -> &'static ::tfvalue::schema::Schema {
                #body
            }
        }
    }
}

fn expand_serialize(cont: &Container<'_>) -> TokenStream {
    let private = private_module();
    let header = impl_header(
        cont,
        quote!(#private::serde::Serialize),
        quote!(#private::serde::Serialize),
    );
    let fields = wire_order(cont);
    let count = fields.len();
    let writes = fields.iter().map(|f| {
        let key = &f.tf_name;
        let member = f.member;
        if f.is_dynamic_capable_blocks() {
            quote! {
                #private::serde::ser::SerializeStruct::serialize_field(
                    &mut state, #key, &#private::BlocksRef(&self.#member),
                )?;
            }
        } else {
            quote! {
                #private::serde::ser::SerializeStruct::serialize_field(
                    &mut state, #key, &self.#member,
                )?;
            }
        }
    });
    quote! {
        #header {
            fn serialize<S: #private::serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::std::result::Result<S::Ok, S::Error> {
                // Fields go out in byte order of their names (`wire_order`): the reserved
                // name tells tfvalue's serializer it need not check the order.
                let mut state = #private::serde::Serializer::serialize_struct(
                    serializer, #private::SORTED_STRUCT_TOKEN, #count,
                )?;
                #(#writes)*
                #private::serde::ser::SerializeStruct::end(state)
            }
        }
    }
}

fn expand_deserialize(cont: &Container<'_>) -> TokenStream {
    let private = private_module();
    let ident = cont.ident;
    let name = ident.to_string();
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
    // LIST and MAP blocks are read through `Blocks`, which handles their dynamic form;
    // `BTreeMap` fields through `Bulk`, which builds the tree in one pass.
    let reads: Vec<TokenStream> = fields
        .iter()
        .map(|f| {
            let ty = f.ty;
            if f.is_dynamic_capable_blocks() {
                // The dynamic form exists only when the block holds a dynamic attribute; a
                // constant decides which impl applies. It cannot name generic parameters,
                // so structs with generics or lifetimes take the direct form.
                let dynamic = if cont.generics.params.is_empty() {
                    quote!({ <#ty as ::tfvalue::TfType>::HAS_DYNAMIC })
                } else {
                    quote!(false)
                };
                quote! {
                    #private::serde::de::MapAccess::next_value::<#private::Blocks<#ty, #dynamic>>(&mut map)?.0
                }
            } else if f.btree_map {
                quote! {
                    #private::serde::de::MapAccess::next_value::<#private::Bulk<#ty>>(&mut map)?.0
                }
            } else {
                quote! {
                    #private::serde::de::MapAccess::next_value::<#ty>(&mut map)?
                }
            }
        })
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

fn expand_unknown_paths(cont: &Container<'_>) -> TokenStream {
    let header = impl_header(
        cont,
        quote!(::tfvalue::known::UnknownPaths),
        quote!(::tfvalue::known::UnknownPaths),
    );
    let keys: Vec<&str> = cont.fields.iter().map(|f| f.tf_name.as_str()).collect();
    let members: Vec<&syn::Ident> = cont.fields.iter().map(|f| f.member).collect();
    quote! {
        #header {
            fn unknown_paths_into(
                &self,
                at: ::tfvalue::known::Trail<'_>,
                out: &mut ::std::vec::Vec<::tfvalue::AttributePath>,
            ) {
                #(::tfvalue::known::UnknownPaths::unknown_paths_into(&self.#members, at.attr(#keys), out);)*
            }

            fn is_wholly_known(&self) -> bool {
                true #(&& ::tfvalue::known::UnknownPaths::is_wholly_known(&self.#members))*
            }
        }
    }
}

/// The companion type with every `Unknown<T>` replaced by its known form, and the checked
/// conversion into it (apply-time code reads known data without unwrapping each field).
pub(crate) fn expand_known(cont: &Container<'_>) -> TokenStream {
    let ident = cont.ident;
    let vis = cont.vis;
    let known = format_ident!("{}Known", ident);
    let (impl_generics, ty_generics, where_clause) = cont.generics.split_for_impl();
    let mut predicates: Vec<TokenStream> = where_clause
        .map(|w| w.predicates.iter().map(|p| quote!(#p)).collect())
        .unwrap_or_default();
    for f in &cont.fields {
        let ty = f.ty;
        predicates.push(quote!(#ty: ::tfvalue::known::IntoKnown));
    }
    let params = &cont.generics.params;
    let fields = cont.fields.iter().map(|f| {
        let (fvis, member, ty) = (f.vis, f.member, f.ty);
        let doc = format!("`{}`, known.", f.tf_name);
        quote! {
            #[doc = #doc]
            #fvis #member: <#ty as ::tfvalue::known::IntoKnown>::Known
        }
    });
    let keys: Vec<&str> = cont.fields.iter().map(|f| f.tf_name.as_str()).collect();
    let members: Vec<&syn::Ident> = cont.fields.iter().map(|f| f.member).collect();
    let doc = format!(
        "[`{ident}`] with every value known: made by `IntoKnown::into_known`, which lists the \
         path of every value still unknown."
    );
    let derives = &cont.known_derive;
    let derive_attr = (!derives.is_empty()).then(|| quote!(#[derive(#(#derives),*)]));
    quote! {
        #[doc = #doc]
        #derive_attr
        #[allow(clippy::all, clippy::pedantic)]
        #vis struct #known <#params> where #(#predicates,)* {
            #(#fields,)*
        }

        #[automatically_derived]
        #[allow(clippy::all, clippy::pedantic)]
        impl #impl_generics ::tfvalue::known::IntoKnown for #ident #ty_generics where #(#predicates,)* {
            type Known = #known #ty_generics;

            fn into_known_at(
                self,
                at: ::tfvalue::known::Trail<'_>,
                unknowns: &mut ::std::vec::Vec<::tfvalue::AttributePath>,
            ) -> ::std::option::Option<Self::Known> {
                #(let #members = ::tfvalue::known::IntoKnown::into_known_at(self.#members, at.attr(#keys), unknowns);)*
                ::std::option::Option::Some(#known { #(#members: #members?,)* })
            }
        }
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
