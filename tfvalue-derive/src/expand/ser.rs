//! `impl Serialize`: the fields as one struct in wire order, LIST and MAP blocks through
//! `BlocksRef` (which writes their dynamic form when the block holds a dynamic attribute).

use proc_macro2::TokenStream;
use quote::quote;

use super::{impl_header, wire_order, Root};
use crate::ast::Container;

pub(super) fn expand_serialize(cont: &Container<'_>, root: &Root<'_>) -> TokenStream {
    let private = root.private();
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
