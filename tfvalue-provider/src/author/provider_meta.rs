//! `provider_meta`: values a module gives the provider about itself, in its
//! `terraform { provider_meta "<name>" { ... } }` block.
//!
//! A provider declares the block's schema once, with
//! [`Registry::provider_meta`](crate::Registry::provider_meta) and a model; Terraform then
//! accepts the block (it refuses one for a provider that declares no schema) and sends its
//! values with every read, plan and apply of a managed resource and every read of a data
//! source, where [`Context::provider_meta`](crate::Context::provider_meta) decodes them.

use std::any::{type_name, TypeId};

use tfvalue::schema::Schema;

use crate::author::diagnostics::Diagnostic;
use crate::author::model::Model;

/// The declared `provider_meta` model: its schema, and which Rust type it is.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MetaModel {
    pub(crate) schema: &'static Schema,
    type_id: TypeId,
    pub(crate) type_name: &'static str,
}

impl MetaModel {
    /// The model `M`.
    pub(crate) fn of<M: Model>() -> MetaModel {
        MetaModel {
            schema: M::schema(),
            type_id: TypeId::of::<M>(),
            type_name: type_name::<M>(),
        }
    }
}

/// What a context knows of `provider_meta`: the declared model, and the values the
/// request carried, encoded as Terraform sent them (both empty: the request carries none).
#[derive(Clone, Debug, Default)]
pub(crate) struct ProviderMeta {
    declared: Option<MetaModel>,
    msgpack: Vec<u8>,
    json: Vec<u8>,
}

impl ProviderMeta {
    /// The values of a request (MessagePack or JSON, as the `DynamicValue` holds them), for
    /// the declared model (if any).
    pub(crate) fn new(declared: Option<MetaModel>, msgpack: Vec<u8>, json: Vec<u8>) -> Self {
        ProviderMeta {
            declared,
            msgpack,
            json,
        }
    }

    /// The values decoded as `M`, which must be the declared model.
    pub(crate) fn decode<M: Model>(&self) -> Result<Option<M>, Diagnostic> {
        let Some(declared) = self.declared else {
            return Err(
                Diagnostic::error("No provider_meta schema").with_detail(format!(
                    "The provider read provider_meta as {}, but it declares no provider_meta \
                     schema (Registry::provider_meta). This is a bug in the provider.",
                    type_name::<M>()
                )),
            );
        };
        if declared.type_id != TypeId::of::<M>() {
            return Err(
                Diagnostic::error("Wrong provider_meta model").with_detail(format!(
                    "The provider read provider_meta as {}, but its declared model is {}. \
                     This is a bug in the provider.",
                    type_name::<M>(),
                    declared.type_name
                )),
            );
        }
        let decoded = if !self.msgpack.is_empty() {
            if self.msgpack == [0xc0] {
                return Ok(None);
            }
            tfvalue::msgpack::from_slice(&self.msgpack)
        } else if !self.json.is_empty() {
            if self.json.trim_ascii() == b"null" {
                return Ok(None);
            }
            tfvalue::json::from_slice(&self.json)
        } else {
            return Ok(None);
        };
        decoded.map(Some).map_err(|e| {
            // The path is in the provider_meta block, not in the resource's schema that
            // cuts this RPC's paths: it stays in the detail.
            let mut d = Diagnostic::from_value_error("Invalid provider_meta", &e);
            d.attribute = None;
            d
        })
    }
}
