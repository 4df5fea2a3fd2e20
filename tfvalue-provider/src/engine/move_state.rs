//! `MoveResourceState`: the source object's stored state handed to the target type's
//! [`Resource::move_state`], and its answer checked and encoded.

use crate::author::context::Context;
use crate::author::diagnostics::{Diagnostic, Diagnostics};
use crate::author::model::Model;
use crate::author::move_state::MovedState;
use crate::author::resource::Resource;
use crate::engine::call::finish;
use crate::protocol::codec::encode_model;
use crate::protocol::messages::{
    DynamicValue, MoveResourceStateRequest, MoveResourceStateResponse,
};

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
