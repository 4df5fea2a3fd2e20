//! `TfSchema::rules`: the declared defaults, plan modifiers and validators as
//! `tfvalue::rules` data, and the compile-time assertions that each key fits its field's
//! type (a marker trait of `tfvalue::rules` asked of the type, spanned on the key, so the
//! error points at what the user wrote and an alias is judged as the type it names).

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};

use super::Root;
use crate::ast::{Container, Field, Role};
use crate::rule_attrs::{Bounds, DefaultSpec, NumberLit, OneOfValue};

/// The `fn rules()` item of `impl TfSchema`, or nothing when the struct declares no rules
/// and has no block or nested attribute whose type could.
pub(super) fn expand_rules_fn(cont: &Container<'_>, root: &Root<'_>) -> TokenStream {
    let tv = root.path();
    let attributes: Vec<TokenStream> = cont
        .fields
        .iter()
        .filter_map(|f| attribute_rules(f, root))
        .collect();
    let object = object_rules(cont, root);
    if attributes.is_empty() && object.is_empty() {
        return TokenStream::new();
    }
    let build = quote! {
        || {
            #tv::rules::Rules::new()
                #(.attribute(#attributes))*
                #(.object_rule(#object))*
        }
    };
    let body = if cont.is_type_generic() {
        let key = super::cache_key(cont);
        quote!(#tv::rules::cached_rules::<#key>(#build))
    } else {
        quote! {
            static RULES: ::std::sync::OnceLock<#tv::rules::Rules> =
                ::std::sync::OnceLock::new();
            RULES.get_or_init(#build)
        }
    };
    quote! {
        fn rules() -> &'static #tv::rules::Rules {
            #body
        }
    }
}

fn number(tv: &TokenStream, n: &NumberLit) -> TokenStream {
    match n {
        NumberLit::Int(i) => quote!(#tv::Number::from(#i)),
        NumberLit::Float(f) => {
            let private = quote!(#tv::rules);
            quote!(#private::finite_number(#f))
        }
    }
}

fn bound(b: Option<u64>) -> TokenStream {
    match b {
        Some(n) => quote!(::std::option::Option::Some(#n)),
        None => quote!(::std::option::Option::None),
    }
}

fn bounds(tv: &TokenStream, variant: &str, b: &Bounds) -> TokenStream {
    let variant = syn::Ident::new(variant, Span::call_site());
    let (min, max) = (bound(b.min), bound(b.max));
    quote!(#tv::rules::Validator::#variant { min: #min, max: #max })
}

fn names(list: &crate::rule_attrs::Names) -> TokenStream {
    let names = list.names.iter().map(|(n, _)| n);
    quote!(::std::vec![#(#names),*])
}

/// The `AttributeRules` of one field, if it declares any or may nest some.
fn attribute_rules(f: &Field<'_>, root: &Root<'_>) -> Option<TokenStream> {
    let tv = root.path();
    let private = root.private();
    let rules = &f.attrs.rules;
    let ty = f.ty;
    let mut calls = Vec::new();
    if let (Some(spec), Some(span)) = (rules.default.get(), rules.default.span()) {
        let value = match spec {
            DefaultSpec::Str(s) => quote_spanned!(s.span()=> ::core::convert::From::from(#s)),
            DefaultSpec::Function(p) => quote_spanned!(syn::spanned::Spanned::span(p)=> #p()),
            DefaultSpec::Expr(e) => quote!(#e),
        };
        let tvs = root.at(span);
        calls.push(quote_spanned! {span=>
            .default_value(|| {
                let value: <#ty as #tvs::rules::DefaultSlot>::Inner = #value;
                #private::default_value::<#ty, _>(&value)
            })
        });
    }
    if rules.use_state_for_unknown.is_set() {
        calls.push(quote!(.use_state_for_unknown()));
    }
    if rules.requires_replace.is_set() {
        calls.push(quote!(.replace(#tv::rules::Replace::Always)));
    }
    if let Some(decide) = rules.requires_replace_if.get() {
        calls.push(quote! {
            .replace(#tv::rules::Replace::If(|prior, planned| {
                #private::replace_if(prior, planned, #decide)
            }))
        });
    }
    let mut validators = Vec::new();
    if let Some(b) = rules.length.get() {
        validators.push(bounds(&tv, "Length", b));
    }
    if let Some(b) = rules.size.get() {
        validators.push(bounds(&tv, "Size", b));
    }
    if let Some(n) = rules.at_least.get() {
        let n = number(&tv, n);
        validators.push(quote!(#tv::rules::Validator::AtLeast(#n)));
    }
    if let Some(n) = rules.at_most.get() {
        let n = number(&tv, n);
        validators.push(quote!(#tv::rules::Validator::AtMost(#n)));
    }
    if let Some((a, b)) = rules.between.get() {
        let (a, b) = (number(&tv, a), number(&tv, b));
        validators.push(quote!(#tv::rules::Validator::Between(#a, #b)));
    }
    if let Some(values) = rules.one_of.get() {
        let values = values.iter().map(|v| match v {
            OneOfValue::Str(s) => quote!(#tv::Value::String(::std::string::String::from(#s))),
            OneOfValue::Number(n) => {
                let n = number(&tv, n);
                quote!(#tv::Value::Number(#n))
            }
        });
        validators.push(quote!(#tv::rules::Validator::OneOf(::std::vec![#(#values),*])));
    }
    if let Some(pattern) = rules.regex.get() {
        let message = match rules.regex_message.get() {
            Some(m) => quote!(::std::option::Option::Some(#m)),
            None => quote!(::std::option::Option::None),
        };
        validators.push(quote! {
            #tv::rules::Validator::Regex(#tv::rules::Pattern::new(#pattern, #message))
        });
    }
    if let Some(list) = rules.at_least_sum_of.get() {
        let list = names(list);
        validators.push(quote!(#tv::rules::Validator::AtLeastSumOf(#list)));
    }
    if let Some(list) = rules.at_least_one_true.get() {
        let list = names(list);
        validators.push(quote!(#tv::rules::Validator::AtLeastOneTrue(#list)));
    }
    if let Some(check) = rules.validate.get() {
        validators.push(quote! {
            #tv::rules::Validator::Custom(|value| #private::custom_check(value, #check))
        });
    }
    calls.extend(validators.into_iter().map(|v| quote!(.validator(#v))));
    if let (Role::Nested { .. } | Role::Block { .. }, Some(element)) = (f.role, f.element) {
        let tve = root.at(f.element_span());
        calls.push(quote_spanned! {f.element_span()=>
            .nested_rules(<#element as #tve::schema::TfSchema>::rules)
        });
    }
    if calls.is_empty() {
        return None;
    }
    let name = &f.tf_name;
    Some(quote!(#tv::rules::AttributeRules::new(#name) #(#calls)*))
}

fn object_rules(cont: &Container<'_>, root: &Root<'_>) -> Vec<TokenStream> {
    let tv = root.path();
    let private = root.private();
    let object = &cont.attrs.rules;
    let mut out: Vec<TokenStream> = object
        .combinations()
        .map(|(key, list)| {
            let variant = match key {
                "conflicts_with" => quote!(ConflictsWith),
                "exactly_one_of" => quote!(ExactlyOneOf),
                "at_least_one_of" => quote!(AtLeastOneOf),
                _ => quote!(RequiredWith),
            };
            let list = names(list);
            quote!(#tv::rules::ObjectRule::#variant(#list))
        })
        .collect();
    // A field's `exactly_one_of` is a check of the object (it runs when the field is null),
    // told at the field.
    for f in &cont.fields {
        if let Some(list) = f.attrs.rules.exactly_one_of.get() {
            let at = &f.tf_name;
            let with = names(list);
            out.push(quote!(#tv::rules::ObjectRule::ExactlyOneOfAt { at: #at, with: #with }));
        }
    }
    if let Some(check) = object.validate.get() {
        let ident = cont.ident;
        let (_, ty_generics, _) = cont.generics.split_for_impl();
        out.push(quote! {
            #tv::rules::ObjectRule::Custom(|value| {
                #private::object_check::<#ident #ty_generics>(value, #check)
            })
        });
    }
    out
}

/// The assertions that each validator and default fits its field's type: a marker trait
/// of `tfvalue::rules` asked of the type, spanned on the key. Not for structs with type
/// parameters (a `const` cannot name them); there a misfit shows when Terraform validates.
pub(super) fn expand_rule_checks(cont: &Container<'_>, root: &Root<'_>) -> TokenStream {
    if cont.is_type_generic() {
        return TokenStream::new();
    }
    let mut checks = Vec::new();
    for f in &cont.fields {
        let rules = &f.attrs.rules;
        let ty = f.ty;
        let mut ask = |span: Option<Span>, marker: &str, of: &syn::Type| {
            let Some(span) = span else { return };
            let tv = root.at(span);
            let marker = syn::Ident::new(marker, span);
            checks.push(quote_spanned! {span=>
                {
                    fn applies<T: ?::core::marker::Sized + #tv::rules::#marker>() {}
                    applies::<#of>();
                }
            });
        };
        ask(rules.length.span(), "LengthRule", ty);
        ask(rules.regex.span(), "LengthRule", ty);
        ask(rules.size.span(), "SizeRule", ty);
        ask(rules.at_least.span(), "NumberRule", ty);
        ask(rules.at_most.span(), "NumberRule", ty);
        ask(rules.between.span(), "NumberRule", ty);
        ask(rules.at_least_sum_of.span(), "NumberRule", ty);
        ask(rules.one_of.span(), "OneOfRule", ty);
        ask(rules.at_least_one_true.span(), "BoolRule", ty);
        // The named siblings must be numbers (or bools) too.
        for (list, marker) in [
            (rules.at_least_sum_of.get(), "NumberRule"),
            (rules.at_least_one_true.get(), "BoolRule"),
        ] {
            for (name, span) in list.map(|l| l.names.as_slice()).unwrap_or_default() {
                if let Some(sibling) = cont.fields.iter().find(|s| &s.tf_name == name) {
                    ask(Some(*span), marker, sibling.ty);
                }
            }
        }
    }
    if checks.is_empty() {
        return TokenStream::new();
    }
    quote! {
        const _: () = {
            #[allow(dead_code)]
            fn rules_fit_their_types() {
                #(#checks)*
            }
        };
    }
}
