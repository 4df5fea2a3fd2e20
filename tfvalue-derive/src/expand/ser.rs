//! `impl Serialize`: the fields as one struct in wire order, LIST and MAP blocks through
//! `BlocksRef` (which writes their dynamic form when the block holds a dynamic attribute).

use proc_macro2::TokenStream;
use quote::quote;

use super::{impl_header, wire_order, Root};
use crate::ast::{Container, Field};

/// The call that writes field `f` into `state` (a `&mut impl SerializeStruct`), LIST and
/// MAP blocks through `BlocksRef`.
pub(super) fn write_field(f: &Field<'_>, root: &Root<'_>, state: &TokenStream) -> TokenStream {
    let private = root.private();
    let key = &f.tf_name;
    let member = f.member;
    if f.is_dynamic_capable_blocks() {
        quote! {
            #private::serde::ser::SerializeStruct::serialize_field(
                #state, #key, &#private::BlocksRef(&self.#member),
            )
        }
    } else {
        quote! {
            #private::serde::ser::SerializeStruct::serialize_field(#state, #key, &self.#member)
        }
    }
}

pub(super) fn expand_serialize(cont: &Container<'_>, root: &Root<'_>) -> TokenStream {
    let private = root.private();
    if cont.has_flatten() {
        // Every field, own and flattened, in byte order of all the names (a constant of
        // `expand::flatten`), through the struct's `Flatten` impl.
        let ident = cont.ident;
        return quote! {
            impl #private::serde::Serialize for #ident {
                fn serialize<S: #private::serde::Serializer>(
                    &self,
                    serializer: S,
                ) -> ::std::result::Result<S::Ok, S::Error> {
                    #private::serialize_flat(self, &__TFVALUE_WIRE, serializer)
                }
            }
        };
    }
    let header = impl_header(
        cont,
        quote!(#private::serde::Serialize),
        quote!(#private::serde::Serialize),
    );
    let fields = wire_order(cont);
    let count = fields.len();
    let writes = fields.iter().map(|f| {
        let write = write_field(f, root, &quote!(&mut state));
        quote!(#write?;)
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
