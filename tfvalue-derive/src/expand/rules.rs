//! `TfSchema::rules`: the declared defaults, plan modifiers and validators as
//! `tfvalue::rules` data, and the compile-time assertions that each key fits its field's
//! type (a marker trait of `tfvalue::rules` asked of the type, spanned on the key, so the
//! error points at what the user wrote and an alias is judged as the type it names).

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};

use super::Root;
use crate::ast::{Container, Field, Role};
use crate::rule_attrs::RefineSpec;
use crate::rule_attrs::TextSource;
use crate::rule_attrs::{Bounds, DefaultSpec, NumberLit, OneOfValue};

/// The `fn rules()` item of `impl TfSchema`, or nothing when the struct declares no rules
/// and has no block or nested attribute whose type could.
pub(super) fn expand_rules_fn(cont: &Container<'_>, root: &Root<'_>) -> TokenStream {
    let tv = root.path();
    let Some(build) = rules_build(cont, root) else {
        return TokenStream::new();
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

/// The closure that builds the struct's `Rules` (with those of the structs it flattens),
/// or `None` when there is nothing to build.
pub(super) fn rules_build(cont: &Container<'_>, root: &Root<'_>) -> Option<TokenStream> {
    let tv = root.path();
    let attributes: Vec<TokenStream> = cont
        .fields
        .iter()
        .filter_map(|f| attribute_rules(f, root))
        .collect();
    let object = object_rules(cont, root);
    let keys: Vec<&String> = cont
        .fields
        .iter()
        .filter(|f| f.attrs.rules.element_key.is_set())
        .map(|f| &f.tf_name)
        .collect();
    // The rules of flattened structs, merged in where their fields are.
    let private = root.private();
    let flattened: Vec<TokenStream> = cont
        .flattened()
        .map(|f| {
            let ty = f.ty;
            quote!(let rules = #private::flatten_rules::<#ty>(rules);)
        })
        .collect();
    if attributes.is_empty() && object.is_empty() && keys.is_empty() && flattened.is_empty() {
        return None;
    }
    if !flattened.is_empty() {
        return Some(quote! {
            || {
                let rules = #tv::rules::Rules::new() #(.attribute(#attributes))*;
                #(#flattened)*
                rules
                    #(.object_rule(#object))*
                    #(.element_key(#keys))*
            }
        });
    }
    Some(quote! {
        || {
            #tv::rules::Rules::new()
                #(.attribute(#attributes))*
                #(.object_rule(#object))*
                #(.element_key(#keys))*
        }
    })
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

/// A key's text: the literal, or the const (a `&'static str`, which the compiler checks
/// at the path the user wrote).
fn text(source: &TextSource) -> TokenStream {
    match source {
        TextSource::Lit(s) => quote!(#s),
        TextSource::Const(p) => {
            let span = syn::spanned::Spanned::span(p);
            let text = syn::Ident::new("__tfvalue_text", Span::mixed_site());
            quote_spanned!(span=> {
                let #text: &'static ::core::primitive::str = #p;
                #text
            })
        }
    }
}

/// The `.refine(...)` calls of `refine(...)`, one per refinement.
fn refinements(tv: &TokenStream, spec: Option<&RefineSpec>) -> Vec<TokenStream> {
    let Some(spec) = spec else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if spec.not_null.is_some() {
        out.push(quote!(#tv::rules::Refinement::NotNull));
    }
    if let Some((_, prefix)) = &spec.prefix {
        out.push(quote!(#tv::rules::Refinement::Prefix(#prefix)));
    }
    for bound in [&spec.lower, &spec.upper].into_iter().flatten() {
        let variant = match bound.name {
            "at_least" => quote!(AtLeast),
            "greater_than" => quote!(GreaterThan),
            "at_most" => quote!(AtMost),
            _ => quote!(LessThan),
        };
        let n = number(tv, &bound.n);
        out.push(quote!(#tv::rules::Refinement::#variant(#n)));
    }
    if let Some((_, b)) = &spec.length {
        let (min, max) = (bound(b.min), bound(b.max));
        out.push(quote!(#tv::rules::Refinement::Length { min: #min, max: #max }));
    }
    out.into_iter().map(|r| quote!(.refine(#r))).collect()
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
    if rules.use_non_null_state_for_unknown.is_set() {
        calls.push(quote!(.use_non_null_state_for_unknown()));
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
        validators.push(quote!(#tv::rules::Validator::AtLeast(#n).for_type::<#ty>()));
    }
    if let Some(n) = rules.at_most.get() {
        let n = number(&tv, n);
        validators.push(quote!(#tv::rules::Validator::AtMost(#n).for_type::<#ty>()));
    }
    if let Some((a, b)) = rules.between.get() {
        let (a, b) = (number(&tv, a), number(&tv, b));
        validators.push(quote!(#tv::rules::Validator::Between(#a, #b).for_type::<#ty>()));
    }
    if let Some(values) = rules.one_of.get() {
        let values = values.iter().map(|v| match v {
            OneOfValue::Str(s) => quote!(#tv::Value::String(::std::string::String::from(#s))),
            OneOfValue::Number(n) => {
                let n = number(&tv, n);
                quote!(#tv::Value::Number(#n))
            }
        });
        // A float attribute's numbers print as float64validator's (Validator::for_type).
        validators.push(quote! {
            #tv::rules::Validator::OneOf(::std::vec![#(#values),*]).for_type::<#ty>()
        });
    }
    if let Some(pattern) = rules.regex.get() {
        let pattern = text(pattern);
        let message = match rules.regex_message.get() {
            Some(m) => {
                let m = text(m);
                quote!(::std::option::Option::Some(#m))
            }
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
    calls.extend(refinements(&tv, rules.refine.get()));
    if let (Role::Nested { .. } | Role::Block { .. }, Some(element)) = (f.role, f.element) {
        let tve = root.at(f.element_span());
        calls.push(quote_spanned! {f.element_span()=>
            .nested_rules(<#element as #tve::schema::TfSchema>::rules)
        });
    }
    // A custom type's validation and semantic equality, asked of the type (`None` for
    // every other type, which then adds no rule).
    if matches!(f.role, Role::Attribute) {
        calls.push(quote!(.custom_type(<#ty as #tv::TfType>::SEMANTICS)));
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
    // told at the field; so are its `conflicts_with`, `at_least_one_of` and `required_with`.
    for f in &cont.fields {
        let rules = &f.attrs.rules;
        let at = &f.tf_name;
        for (list, variant) in [
            (rules.exactly_one_of.get(), quote!(ExactlyOneOfAt)),
            (rules.conflicts_with.get(), quote!(ConflictsWithAt)),
            (rules.at_least_one_of.get(), quote!(AtLeastOneOfAt)),
            (rules.required_with.get(), quote!(AlsoRequiresAt)),
        ] {
            if let Some(list) = list {
                let with = names(list);
                out.push(quote!(#tv::rules::ObjectRule::#variant { at: #at, with: #with }));
            }
        }
    }
    if let Some(check) = object.validate.get() {
        let ident = cont.ident;
        let (_, ty_generics, _) = cont.generics.split_for_impl();
        // A struct that can be flattened reads its own attributes out of the object, which
        // may be its parent's.
        let check_fn = if cont.generics.params.is_empty() {
            quote!(flat_object_check)
        } else {
            quote!(object_check)
        };
        out.push(quote! {
            #tv::rules::ObjectRule::Custom(|value| {
                #private::#check_fn::<#ident #ty_generics>(value, #check)
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
        if let Some(spec) = rules.refine.get() {
            ask(spec.prefix.as_ref().map(|p| p.0), "PrefixRefinement", ty);
            ask(spec.lower.as_ref().map(|b| b.key), "NumberRefinement", ty);
            ask(spec.upper.as_ref().map(|b| b.key), "NumberRefinement", ty);
            ask(spec.length.as_ref().map(|l| l.0), "LengthRefinement", ty);
        }
        ask(rules.element_key.span(), "ElementKeyRule", ty);
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
