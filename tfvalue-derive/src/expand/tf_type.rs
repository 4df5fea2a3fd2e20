//! `impl TfType` (the struct's Terraform object type) and the compile-time check that no SET
//! block or SET nested attribute holds a dynamic attribute.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use super::{impl_header, Root};
use crate::ast::{Container, Role};
use crate::attr::Nesting;

pub(super) fn expand_tf_type(cont: &Container<'_>, root: &Root<'_>) -> TokenStream {
    let tv = root.path();
    let private = root.private();
    let header = impl_header(cont, quote!(#tv::TfType), quote!(#tv::TfType + 'static));
    let attrs = cont.fields.iter().map(|f| {
        let name = &f.tf_name;
        let ty = f.ty;
        let tv = root.at(f.ty_span());
        if f.is_dynamic_capable_blocks() {
            // Terraform's implied type of a LIST or MAP block collection whose block holds a
            // dynamic attribute is `dynamic` (its wire form is `[type, tuple-or-object]`).
            quote_spanned! {f.ty_span()=>
                (#name, if <#ty as #tv::TfType>::HAS_DYNAMIC {
                    #tv::Type::Dynamic
                } else {
                    <#ty as #tv::TfType>::tf_type()
                })
            }
        } else {
            quote_spanned!(f.ty_span()=> (#name, <#ty as #tv::TfType>::tf_type()))
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
            static CELL: ::std::sync::OnceLock<#tv::Type> = ::std::sync::OnceLock::new();
            ::std::clone::Clone::clone(CELL.get_or_init(|| #build))
        }
    };
    let field_types = cont.fields.iter().map(|f| f.ty);
    quote! {
        #header {
            fn tf_type() -> #tv::Type {
                #body
            }
            const HAS_DYNAMIC: bool =
                false #(|| <#field_types as #tv::TfType>::HAS_DYNAMIC)*;
        }
    }
}

/// Terraform rejects a dynamic attribute anywhere inside a SET block or SET nested
/// attribute: checked when the program is compiled, with the error on the field's type.
/// (Not for structs with type parameters: a constant cannot name them.)
pub(super) fn expand_set_checks(cont: &Container<'_>, root: &Root<'_>) -> TokenStream {
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
        let tv = root.at(f.element_span());
        Some(quote_spanned! {f.element_span()=>
            const _: () = ::core::assert!(
                !<#element as #tv::TfType>::HAS_DYNAMIC,
                #message
            );
        })
    });
    quote!(#(#checks)*)
}
