//! `provider_meta`: values a module gives the provider about itself, in its
//! `terraform { provider_meta "<name>" { ... } }` block.
//!
//! A provider declares the block's schema once, with [`Registry::provider_meta`] and a
//! model; Terraform then accepts the block (it refuses one for a provider that declares
//! no schema) and sends its values with every read, plan and apply of a managed
//! resource and every read of a data source, where [`Context::provider_meta`] decodes
//! them.

use std::any::{type_name, TypeId};

use tfvalue::schema::Schema;

use crate::context::Context;
use crate::diagnostics::Diagnostic;
use crate::handler::decode_model;
use crate::messages::DynamicValue;
use crate::model::Model;
use crate::registry::Registry;

/// The declared `provider_meta` model: its schema, and which Rust type it is.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MetaModel {
    pub(crate) schema: &'static Schema,
    type_id: TypeId,
    type_name: &'static str,
}

/// What a context knows of `provider_meta`: the declared model, and the values the
/// request carried (none for requests that carry none).
#[derive(Clone, Debug, Default)]
pub(crate) struct ProviderMeta {
    declared: Option<MetaModel>,
    value: Option<DynamicValue>,
}

impl ProviderMeta {
    /// The values `value` of a request, for the declared model (if any).
    pub(crate) fn new(declared: Option<MetaModel>, value: Option<DynamicValue>) -> Self {
        ProviderMeta { declared, value }
    }
}

impl<D: Send + Sync + 'static> Registry<D> {
    /// Declares the schema of the `provider_meta` block, from the model `M`; read its
    /// values with [`Context::provider_meta`]. At most one model per provider.
    pub fn provider_meta<M: Model>(&mut self) -> &mut Self {
        if let Some(earlier) = &self.provider_meta {
            self.problems.push(format!(
                "provider_meta is declared twice (as {} and as {})",
                earlier.type_name,
                type_name::<M>()
            ));
        }
        if let Err(e) = M::schema().validate() {
            self.problems.push(format!(
                "provider_meta {}: invalid schema: {e}",
                type_name::<M>()
            ));
        }
        self.provider_meta = Some(MetaModel {
            schema: M::schema(),
            type_id: TypeId::of::<M>(),
            type_name: type_name::<M>(),
        });
        self
    }
}

impl<D> Context<D> {
    /// The values of the module's `provider_meta` block for this provider, decoded as
    /// `M`, the model declared with [`Registry::provider_meta`]; `None` when the module
    /// has no such block, and in requests that carry none (only reads, plans and applies
    /// of managed resources and reads of data sources do).
    ///
    /// # Errors
    /// `M` is not the declared model (or none is declared), or the values do not decode
    /// as `M` (the detail names the attribute).
    ///
    /// ```
    /// use tfvalue::{Nullable, TfSchema};
    /// use tfvalue_provider::{Context, Diagnostic, Registry};
    ///
    /// /// `terraform { provider_meta "example" { module_name = "network" } }`
    /// #[derive(TfSchema)]
    /// struct Meta {
    ///     module_name: Nullable<String>,
    /// }
    ///
    /// fn register(registry: &mut Registry<()>) {
    ///     registry.provider_meta::<Meta>();
    /// }
    ///
    /// // In a resource's method: the module that declared the resource, if it said.
    /// fn module_of(ctx: &Context<()>) -> Result<Option<String>, Diagnostic> {
    ///     Ok(ctx.provider_meta::<Meta>()?.and_then(|m| m.module_name.into_option()))
    /// }
    /// ```
    pub fn provider_meta<M: Model>(&self) -> Result<Option<M>, Diagnostic> {
        let meta = self.provider_meta_values();
        let Some(declared) = meta.declared else {
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
        decode_model::<M>(meta.value.as_ref()).map_err(|e| {
            // The path is in the provider_meta block, not in the resource's schema that
            // cuts this RPC's paths: it stays in the detail.
            let mut d = Diagnostic::from_value_error("Invalid provider_meta", &e);
            d.attribute = None;
            d
        })
    }
}
