//! The checks that need the field types' `TfType` constants, so they run when the program
//! is compiled rather than when the derive reads tokens: each is a `const` assertion
//! spanned on the type concerned, so a type alias is judged as the type it names. Not for
//! structs with type parameters, whose constants cannot name them (`check` reads those
//! types as written instead); a struct's lifetimes are named `'static` there.

use proc_macro2::{Delimiter, Group, Span, TokenStream, TokenTree};
use quote::{quote, quote_spanned, ToTokens};

use super::Root;
use crate::ast::{Container, Field, Role};
use crate::attr::Nesting;
use crate::check::{
    computed_block_type, computed_but_never_unknown, computed_but_not_nullable,
    optional_but_not_nullable, required_but_nullable, write_only_not_nullable,
};

pub(super) fn expand_const_checks(cont: &Container<'_>, root: &Root<'_>) -> TokenStream {
    if cont.is_type_generic() {
        return TokenStream::new();
    }
    let checks = cont.fields.iter().flat_map(|f| {
        [
            set_check(f, root),
            write_only_check(f, root),
            flags_check(f, root),
            computed_block_check(f, root),
        ]
        .into_iter()
        .flatten()
    });
    quote!(#(#checks)*)
}

/// Terraform rejects a dynamic attribute anywhere inside a SET block or SET nested
/// attribute: the error is on the block or object type.
fn set_check(f: &Field<'_>, root: &Root<'_>) -> Option<TokenStream> {
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
    let named = static_lifetimes(element);
    let message = format!(
        "`{}` is a SET of a type containing a dynamic attribute (tfvalue::Value), which \
         Terraform does not allow: use a list or map nesting, or a typed attribute",
        f.tf_name
    );
    let tv = root.at(f.element_span());
    let panic = panic_on(element, &message);
    Some(quote_spanned! {f.element_span()=>
        const _: () = if <#named as #tv::TfType>::HAS_DYNAMIC { #panic };
    })
}

/// A write-only attribute is null in every plan and state, so its type must hold null
/// (`TfType::CAN_BE_NULL`): the error is on the field's type.
fn write_only_check(f: &Field<'_>, root: &Root<'_>) -> Option<TokenStream> {
    if !f.write_only {
        return None;
    }
    let ty = static_lifetimes(f.ty);
    let message = write_only_not_nullable(&f.tf_name);
    let tv = root.at(f.ty_span());
    let panic = panic_on(f.ty, &message);
    Some(quote_spanned! {f.ty_span()=>
        const _: () = if !<#ty as #tv::TfType>::CAN_BE_NULL { #panic };
    })
}

/// `required`, `optional` and `computed` against the field's type: a required attribute's
/// type does not declare null (unless it is write-only, hence null in plan and state), an
/// optional one's can be null, a computed one's can be unknown and null. One assertion per
/// field, so a type wrong for two reasons gets one error; the error is on the field's type.
fn flags_check(f: &Field<'_>, root: &Root<'_>) -> Option<TokenStream> {
    if matches!(f.role, Role::Block { .. }) {
        return None;
    }
    let ty = static_lifetimes(f.ty);
    let tv = root.at(f.ty_span());
    let name = &f.tf_name;
    let mut arms = Vec::new();
    // The keys as written: a `default` (which implies optional and computed) is checked
    // against the type by its own marker trait (`expand::rules`).
    let keys = &f.attrs;
    if keys.required.is_set() && !f.write_only {
        let panic = panic_on(f.ty, &required_but_nullable(name));
        arms.push(quote_spanned! {f.ty_span()=>
            if <#ty as #tv::TfType>::DECLARES_NULL { #panic }
        });
    }
    if keys.optional.is_set() {
        let panic = panic_on(f.ty, &optional_but_not_nullable(name));
        arms.push(quote_spanned! {f.ty_span()=>
            if !<#ty as #tv::TfType>::CAN_BE_NULL { #panic }
        });
    }
    if keys.computed.is_set() {
        let never_unknown = panic_on(f.ty, &computed_but_never_unknown(name));
        let not_nullable = panic_on(f.ty, &computed_but_not_nullable(name));
        arms.push(quote_spanned! {f.ty_span()=>
            if !<#ty as #tv::TfType>::CAN_BE_UNKNOWN { #never_unknown }
        });
        arms.push(quote_spanned! {f.ty_span()=>
            if !<#ty as #tv::TfType>::CAN_BE_NULL { #not_nullable }
        });
    }
    if arms.is_empty() {
        return None;
    }
    Some(quote_spanned! {f.ty_span()=>
        const _: () = #(#arms)else* ;
    })
}

/// A computed block is null where the configuration leaves it out and may be planned
/// unknown, so its type holds both (`TfType::CAN_BE_UNKNOWN` and `CAN_BE_NULL`): the error
/// is on the field's type.
fn computed_block_check(f: &Field<'_>, root: &Root<'_>) -> Option<TokenStream> {
    if !(f.computed && matches!(f.role, Role::Block { .. })) {
        return None;
    }
    let ty = static_lifetimes(f.ty);
    let tv = root.at(f.ty_span());
    let panic = panic_on(f.ty, &computed_block_type(&f.tf_name));
    Some(quote_spanned! {f.ty_span()=>
        const _: () = if !<#ty as #tv::TfType>::CAN_BE_UNKNOWN
            || !<#ty as #tv::TfType>::CAN_BE_NULL { #panic };
    })
}

/// `::core::panic!(message)` spanned so that the compiler's error covers the whole of `ty`
/// (the path on its first token, the parentheses on its last): a single span covers only
/// one token on a stable compiler.
fn panic_on(ty: &syn::Type, message: &str) -> TokenStream {
    let tokens: Vec<TokenTree> = ty.to_token_stream().into_iter().collect();
    let first = tokens.first().map_or_else(Span::call_site, TokenTree::span);
    let last = tokens.last().map_or(first, TokenTree::span);
    let mut args = Group::new(Delimiter::Parenthesis, quote!(#message));
    args.set_span(last);
    quote_spanned!(first=> ::core::panic! #args)
}

/// `ty` with every lifetime named `'static` (spans kept): a `const` item cannot name the
/// struct's lifetimes, and the constants do not depend on them.
fn static_lifetimes(ty: &syn::Type) -> TokenStream {
    fn rename(tokens: TokenStream) -> TokenStream {
        let mut out = Vec::new();
        let mut after_quote = false;
        for token in tokens {
            let token = match token {
                TokenTree::Ident(ident) if after_quote => {
                    TokenTree::Ident(proc_macro2::Ident::new("static", ident.span()))
                }
                TokenTree::Group(group) => {
                    let mut renamed = Group::new(group.delimiter(), rename(group.stream()));
                    renamed.set_span(group.span());
                    TokenTree::Group(renamed)
                }
                other => other,
            };
            after_quote = matches!(&token, TokenTree::Punct(p) if p.as_char() == '\'');
            out.push(token);
        }
        out.into_iter().collect()
    }
    rename(ty.to_token_stream())
}
