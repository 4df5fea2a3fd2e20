//! The checks that need the field types' `TfType` constants, so they run when the program
//! is compiled rather than when the derive reads tokens: each is a `const` assertion
//! spanned on the type concerned, so a type alias is judged as the type it names. Not for
//! structs with type parameters, whose constants cannot name them (`check` reads those
//! types as written instead).

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use super::Root;
use crate::ast::{Container, Field, Role};
use crate::attr::Nesting;
use crate::check::write_only_not_nullable;

pub(super) fn expand_const_checks(cont: &Container<'_>, root: &Root<'_>) -> TokenStream {
    if cont.is_type_generic() {
        return TokenStream::new();
    }
    let checks = cont.fields.iter().flat_map(|f| {
        [set_check(f, root), write_only_check(f, root)]
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
    let message = format!(
        "`{}` is a SET of a type containing a dynamic attribute (tfvalue::Value), which \
         Terraform does not allow: use a list or map nesting, or a typed attribute",
        f.tf_name
    );
    let tv = root.at(f.element_span());
    Some(quote_spanned! {f.element_span()=>
        const _: () = ::core::assert!(
            !<#element as #tv::TfType>::HAS_DYNAMIC,
            #message
        );
    })
}

/// A write-only attribute is null in every plan and state, so its type must hold null
/// (`TfType::CAN_BE_NULL`): the error is on the field's type.
fn write_only_check(f: &Field<'_>, root: &Root<'_>) -> Option<TokenStream> {
    if !f.write_only {
        return None;
    }
    let ty = f.ty;
    let message = write_only_not_nullable(&f.tf_name);
    let tv = root.at(f.ty_span());
    Some(quote_spanned! {f.ty_span()=>
        const _: () = ::core::assert!(<#ty as #tv::TfType>::CAN_BE_NULL, #message);
    })
}
