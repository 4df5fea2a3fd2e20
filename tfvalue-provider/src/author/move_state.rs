//! Moving an object across resource types: [`MovedState`], what
//! [`Resource::move_state`](crate::Resource::move_state) gets.
//!
//! A `moved` block whose two addresses have different resource types (Terraform 1.8 and
//! later) makes Terraform send the source object's stored state, as JSON, to the provider
//! of the target type. The target type turns it into a state of its own model, or says
//! that it does not accept objects of that type.

use crate::author::diagnostics::{Diagnostic, Diagnostics};
use crate::author::model::Model;

/// The stored state of an object that a `moved` block moves from another resource type
/// (perhaps of another provider) to this one, as [`Resource::move_state`](crate::Resource::move_state) gets it.
///
/// The source's private state is the context's ([`Context::private`](crate::Context::private)); whatever the
/// context holds when `move_state` returns becomes the moved object's private state.
///
/// ```
/// use tfvalue::{Nullable, TfSchema, Unknown};
/// use tfvalue_provider::{Context, Diagnostics, MovedState};
///
/// /// The state of the old type, as it was stored.
/// #[derive(TfSchema)]
/// struct OldNote {
///     text: String,
/// }
///
/// /// The state of the new type.
/// #[derive(TfSchema)]
/// struct Note {
///     body: Unknown<String>,
///     #[tf(computed)]
///     length: Unknown<Nullable<i64>>,
/// }
///
/// // The body of `Resource::move_state` for `example_note`.
/// async fn move_state(_: &mut Context<()>, source: MovedState<'_>) -> Result<Option<Note>, Diagnostics> {
///     if source.source_type_name() != "example_old_note" {
///         return Ok(None); // not a type this one accepts: Terraform says so
///     }
///     let old: OldNote = source.decode()?;
///     let length = i64::try_from(old.text.len()).unwrap_or(i64::MAX);
///     Ok(Some(Note { length: Unknown::known(Nullable::Value(length)), body: Unknown::known(old.text) }))
/// }
/// ```
#[derive(Clone, Copy, Debug)]
pub struct MovedState<'a> {
    pub(crate) provider_address: &'a str,
    pub(crate) type_name: &'a str,
    pub(crate) schema_version: i64,
    pub(crate) json: &'a [u8],
}

impl<'a> MovedState<'a> {
    /// The resource type the object moves from, such as `localfs_file`.
    pub fn source_type_name(&self) -> &'a str {
        self.type_name
    }

    /// The address of the source type's provider, such as
    /// `registry.terraform.io/hashicorp/local`.
    pub fn source_provider_address(&self) -> &'a str {
        self.provider_address
    }

    /// The schema version the source state was stored with.
    pub fn source_schema_version(&self) -> i64 {
        self.schema_version
    }

    /// The source state as Terraform stored it: a JSON object with the source type's
    /// attributes. For a source stored with an older schema version than the model at
    /// hand, read it with [`tfvalue::Upgrades::upgrade`] (a resource's own
    /// [`Resource::upgrades`](crate::Resource::upgrades) when the source is of its model).
    pub fn json(&self) -> &'a [u8] {
        self.json
    }

    /// Decodes the source state strictly as `S`, the source type's model (of the schema
    /// version the state was stored with).
    ///
    /// # Errors
    /// The state was stored with another schema version than `S`'s, or does not match
    /// `S` (a missing or unexpected attribute, a value of another type): an error
    /// diagnostic whose detail names the attribute.
    pub fn decode<S: Model>(&self) -> Result<S, Diagnostics> {
        let version = S::schema().version;
        if self.schema_version != version {
            return Err(Diagnostic::error("Invalid source state")
                .with_detail(format!(
                    "The state of {:?} was stored with schema version {}, but it was decoded \
                     with a model of schema version {version}.",
                    self.type_name, self.schema_version
                ))
                .into());
        }
        tfvalue::json::from_slice(self.json).map_err(|e| {
            // The path is in the source's schema, not the target's: it stays in the detail.
            let mut d = Diagnostic::from_value_error("Invalid source state", &e);
            d.attribute = None;
            d.detail = format!("The state of {:?}: {}", self.type_name, d.detail);
            d.into()
        })
    }
}
