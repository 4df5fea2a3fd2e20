//! Moving an object across resource types: [`MovedState`], what
//! [`Resource::move_state`] gets, and the framework's side of `MoveResourceState`.
//!
//! A `moved` block whose two addresses have different resource types (Terraform 1.8 and
//! later) makes Terraform send the source object's stored state, as JSON, to the provider
//! of the target type. The target type turns it into a state of its own model, or says
//! that it does not accept objects of that type.

use crate::context::Context;
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::handler::{encode_model, finish};
use crate::messages::{DynamicValue, MoveResourceStateRequest, MoveResourceStateResponse};
use crate::model::Model;
use crate::resource::Resource;

/// The stored state of an object that a `moved` block moves from another resource type
/// (perhaps of another provider) to this one, as [`Resource::move_state`] gets it.
///
/// The source's private state is the context's ([`Context::private`]); whatever the
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
    provider_address: &'a str,
    type_name: &'a str,
    schema_version: i64,
    json: &'a [u8],
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

/// Answers `MoveResourceState` with `resource`, the registered target type: its
/// [`Resource::move_state`] on the request's source, the result encoded wholly known
/// with its write-only attributes null, or the error that the type does not accept the
/// source.
pub(crate) async fn move_resource<R: Resource>(
    resource: &R,
    mut ctx: Context<R::Data>,
    request: MoveResourceStateRequest,
) -> MoveResourceStateResponse {
    let result: Result<DynamicValue, Diagnostics> = async {
        let Some(json) = request.source_state.as_ref().map(|s| s.json.as_slice()) else {
            return Err(Diagnostic::error("Missing Source Resource State")
                .with_detail(
                    "Terraform sent no state of the object to move. This is a bug in Terraform.",
                )
                .into());
        };
        if json.is_empty() {
            let flatmap = request
                .source_state
                .as_ref()
                .is_some_and(|s| !s.flatmap.is_empty());
            return Err(Diagnostic::error("Unsupported source state format")
                .with_detail(if flatmap {
                    "The source state is in the flatmap format of Terraform 0.11 and older, \
                     which this provider cannot read."
                } else {
                    "Terraform sent an empty state for the object to move."
                })
                .into());
        }
        let source = MovedState {
            provider_address: &request.source_provider_address,
            type_name: &request.source_type_name,
            schema_version: request.source_schema_version,
            json,
        };
        match Resource::move_state(resource, &mut ctx, source).await? {
            Some(state) => moved_state(&state),
            None => Err(unsupported(&request).into()),
        }
    }
    .await;
    let (outcome, diagnostics, private) = finish(ctx, result);
    let moved = outcome.is_some();
    MoveResourceStateResponse {
        target_state: outcome,
        diagnostics,
        target_private: if moved { private } else { Vec::new() },
        target_identity: None,
    }
}

/// The moved object's state: wholly known, as an applied state, with every write-only
/// attribute null (Terraform stores none).
fn moved_state<M: Model>(state: &M) -> Result<DynamicValue, Diagnostics> {
    let encoded = encode_model(state, "moved state", true)?;
    let block = &M::schema().block;
    if !block.contains_write_only() {
        return Ok(encoded);
    }
    let ty = M::schema().object_type();
    let invalid = |e: tfvalue::Error| {
        Diagnostics::from_value_error("Provider produced an invalid moved state", &e)
    };
    let mut value = tfvalue::Value::from_msgpack(&encoded.msgpack, ty).map_err(invalid)?;
    block.null_write_only(&mut value);
    value
        .to_msgpack(ty)
        .map(DynamicValue::msgpack)
        .map_err(invalid)
}

/// The error when the target type does not accept the source: both types named, as
/// Terraform's plugin framework words it.
fn unsupported(request: &MoveResourceStateRequest) -> Diagnostic {
    Diagnostic::error("Unable to Move Resource State").with_detail(format!(
        "The resource type {:?} does not accept objects moved from the resource type {:?}.\n\n\
         Source Provider Address: {}\n\
         Source Resource Type: {}\n\
         Source Resource Schema Version: {}\n\
         Target Resource Type: {}",
        request.target_type_name,
        request.source_type_name,
        request.source_provider_address,
        request.source_type_name,
        request.source_schema_version,
        request.target_type_name,
    ))
}
