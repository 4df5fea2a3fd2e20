//! `impl TfType`: the struct's Terraform object type.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use super::{impl_header, Root};
use crate::ast::{Container, Field};

/// `(name, type, optional)`: one attribute of the object type, as `object_type` takes it.
pub(super) fn object_attribute(f: &Field<'_>, root: &Root<'_>) -> TokenStream {
    let name = &f.tf_name;
    let ty = f.ty;
    let tv = root.at(f.ty_span());
    // Optional in the object type: any attribute that is not required.
    let optional = if f.flags_by_type() {
        quote_spanned!(f.ty_span()=> <#ty as #tv::TfType>::DECLARES_NULL)
    } else {
        let optional = f.optional || f.computed;
        quote!(#optional)
    };
    if f.is_dynamic_capable_blocks() {
        // Terraform's implied type of a LIST or MAP block collection whose block holds a
        // dynamic attribute is `dynamic` (its wire form is `[type, tuple-or-object]`).
        quote_spanned! {f.ty_span()=>
            (#name, if <#ty as #tv::TfType>::HAS_DYNAMIC {
                #tv::Type::Dynamic
            } else {
                <#ty as #tv::TfType>::tf_type()
            }, #optional)
        }
    } else {
        quote_spanned!(f.ty_span()=> (#name, <#ty as #tv::TfType>::tf_type(), #optional))
    }
}

pub(super) fn expand_tf_type(cont: &Container<'_>, root: &Root<'_>) -> TokenStream {
    let tv = root.path();
    let private = root.private();
    let header = impl_header(cont, quote!(#tv::TfType), quote!(#tv::TfType + 'static));
    let build = if cont.has_flatten() {
        // The attributes of flattened structs are the object's own.
        quote! {{
            let mut attrs = ::std::vec::Vec::new();
            <Self as #private::Flatten>::object_attributes(&mut attrs);
            #private::object_type(attrs)
        }}
    } else {
        let attrs = cont.fields.iter().map(|f| object_attribute(f, root));
        quote! {
            #private::object_type(::std::vec![#(#attrs),*])
        }
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
