//! The log of each RPC, as Go providers (terraform-plugin-go) write theirs: a span per call
//! carrying its request id and what it is about, "Received request" and "Served request"
//! at TRACE, each diagnostic of the answer (errors at ERROR, warnings at WARN), and, at
//! TRACE only, the values the call carried with every sensitive attribute hidden.
//!
//! The events here are `@module` `sdk.proto` in the hclog lines (see
//! [`module_for_target`](super::module_for_target)): the module's path is their target.

use std::time::Instant;

use tfvalue::schema::Schema;
use tracing::field::Empty;
use tracing::{Level, Span};

use super::redact::redacted;
use super::request_id::new_request_id;
use crate::author::diagnostics::{Diagnostics, Severity};
use crate::protocol::codec::decode_value;
use crate::protocol::messages::{
    ApplyResourceChangeRequest, ApplyResourceChangeResponse, CloseEphemeralResourceRequest,
    CloseEphemeralResourceResponse, DynamicValue, ImportResourceStateRequest,
    ImportResourceStateResponse, MoveResourceStateRequest, MoveResourceStateResponse,
    OpenEphemeralResourceRequest, OpenEphemeralResourceResponse, PlanActionRequest,
    PlanActionResponse, PlanResourceChangeRequest, PlanResourceChangeResponse,
    ReadDataSourceRequest, ReadDataSourceResponse, ReadResourceRequest, ReadResourceResponse,
    RenewEphemeralResourceRequest, RenewEphemeralResourceResponse, UpgradeResourceStateRequest,
    UpgradeResourceStateResponse, ValidateActionConfigRequest, ValidateActionConfigResponse,
    ValidateDataResourceConfigRequest, ValidateDataResourceConfigResponse,
    ValidateEphemeralResourceConfigRequest, ValidateEphemeralResourceConfigResponse,
    ValidateListResourceConfigRequest, ValidateListResourceConfigResponse,
    ValidateResourceConfigRequest, ValidateResourceConfigResponse,
};

/// The protocol version in every RPC's span (`tf_proto_version`).
pub(crate) const PROTOCOL_VERSION: &str = "6.11";

/// The span of one RPC: `tf_rpc` (its name), `tf_req_id` (fresh), `tf_proto_version`,
/// and, when the request names one, the type or function it is about under the key Go
/// providers use for it (`tf_resource_type`, `tf_data_source_type`, `tf_function_name`,
/// ...). Every event inside it carries these fields.
///
/// The span is at ERROR level so that it is enabled whenever any event is: a span a
/// filter disables would take its fields away from the events inside it.
pub(crate) fn rpc_span(rpc: &'static str, subject: Option<&str>) -> Span {
    let span = tracing::error_span!(
        "rpc",
        tf_rpc = rpc,
        tf_req_id = %new_request_id(),
        tf_proto_version = PROTOCOL_VERSION,
        tf_resource_type = Empty,
        tf_data_source_type = Empty,
        tf_ephemeral_resource_type = Empty,
        tf_function_name = Empty,
        tf_list_resource_type = Empty,
        tf_action_type = Empty,
        tf_state_store_type = Empty,
    );
    if let (Some(key), Some(name)) = (subject_key(rpc), subject) {
        span.record(key, name);
    }
    span
}

/// The key under which an RPC's subject is logged.
fn subject_key(rpc: &str) -> Option<&'static str> {
    Some(match rpc {
        "ValidateResourceConfig"
        | "UpgradeResourceState"
        | "ReadResource"
        | "PlanResourceChange"
        | "ApplyResourceChange"
        | "ImportResourceState"
        | "MoveResourceState"
        | "UpgradeResourceIdentity"
        | "GenerateResourceConfig" => "tf_resource_type",
        "ValidateDataResourceConfig" | "ReadDataSource" => "tf_data_source_type",
        "ValidateEphemeralResourceConfig"
        | "OpenEphemeralResource"
        | "RenewEphemeralResource"
        | "CloseEphemeralResource" => "tf_ephemeral_resource_type",
        "CallFunction" => "tf_function_name",
        "ValidateListResourceConfig" | "ListResource" => "tf_list_resource_type",
        "ValidateActionConfig" | "PlanAction" | "InvokeAction" => "tf_action_type",
        "ValidateStateStoreConfig"
        | "ConfigureStateStore"
        | "ReadStateBytes"
        | "WriteStateBytes"
        | "LockState"
        | "UnlockState"
        | "GetStates"
        | "DeleteState" => "tf_state_store_type",
        _ => return None,
    })
}

/// Logs that a request arrived (TRACE, inside its span).
pub(crate) fn received() {
    tracing::trace!("Received request");
}

/// Logs the answer's diagnostics, errors at ERROR and warnings at WARN (as Go providers
/// do, so that `TF_LOG=WARN` shows them), then that the request was served (TRACE), with
/// the counts and how long the call took since `started`.
pub(crate) fn served(started: Instant, diagnostics: &Diagnostics) {
    let (mut errors, mut warnings) = (0_u64, 0_u64);
    for diagnostic in diagnostics.iter() {
        let attribute = diagnostic.attribute.as_ref().map(ToString::to_string);
        match diagnostic.severity {
            Severity::Error => {
                errors += 1;
                tracing::error!(
                    diagnostic_severity = "ERROR",
                    diagnostic_summary = %diagnostic.summary,
                    diagnostic_detail = %diagnostic.detail,
                    diagnostic_attribute = attribute,
                    "Response contains error diagnostic"
                );
            }
            Severity::Warning => {
                warnings += 1;
                tracing::warn!(
                    diagnostic_severity = "WARNING",
                    diagnostic_summary = %diagnostic.summary,
                    diagnostic_detail = %diagnostic.detail,
                    diagnostic_attribute = attribute,
                    "Response contains warning diagnostic"
                );
            }
        }
    }
    let millis = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    tracing::trace!(
        diagnostic_error_count = errors,
        diagnostic_warning_count = warnings,
        tf_req_duration_ms = millis,
        "Served request"
    );
}

/// Runs `answer`, the answer to an RPC given on the spot (no task of its own), in the
/// RPC's span (about `subject`), between its "Received request" and "Served request",
/// logging the diagnostics `diagnostics` finds in the answer. A task `answer` starts
/// that is instrumented with `Span::current()` (a streamed listing) stays in the span.
pub(crate) fn answered_in_place<R>(
    rpc: &'static str,
    subject: Option<&str>,
    answer: impl FnOnce() -> R,
    diagnostics: fn(&R) -> Option<&Diagnostics>,
) -> R {
    let span = rpc_span(rpc, subject);
    let _entered = span.enter();
    let started = Instant::now();
    received();
    let response = answer();
    let none = Diagnostics::new();
    served(started, diagnostics(&response).unwrap_or(&none));
    response
}

/// Whether values are logged: only at TRACE.
pub(crate) fn payloads_enabled() -> bool {
    tracing::enabled!(Level::TRACE)
}

/// Logs (at TRACE) each value of a request or response (`direction`) with the attributes
/// `schema` marks sensitive or write-only hidden: one line per value, its protocol field
/// name in `tf_payload` and the value as JSON text in `tf_value`. A value that does not
/// decode is logged without its bytes.
pub(crate) fn log_payloads(
    direction: &str,
    schema: &Schema,
    values: &[(&str, Option<&DynamicValue>)],
) {
    for (field, value) in values {
        let Some(value) = value else { continue };
        match decode_value(Some(value), schema.object_type()) {
            Ok(decoded) => {
                let json = redacted(&decoded, &schema.block).to_string();
                tracing::trace!(tf_payload = *field, tf_value = %json, "{direction} value");
            }
            Err(_) => tracing::trace!(
                tf_payload = *field,
                "{direction} value (not decodable with the schema; not shown)"
            ),
        }
    }
}

/// The values a request or response carries, of its type's schema, for the TRACE log.
pub(crate) trait Payloads {
    /// Each value by its protocol field name; none by default (what is left out is either
    /// of another schema, raw stored state, or ephemeral and never logged).
    fn payloads(&self) -> Vec<(&'static str, Option<&DynamicValue>)> {
        Vec::new()
    }
}

/// Messages whose values are never logged: ephemeral ones (secrets by design), actions'
/// configurations (their write-only attributes take ephemeral values), raw or foreign
/// state (upgrades, moves), list resources' configuration (of a schema other than the
/// type's), and those without values.
macro_rules! no_payloads {
    ($($message:ty),* $(,)?) => {
        $(impl Payloads for $message {})*
    };
}

no_payloads!(
    ValidateResourceConfigResponse,
    ValidateDataResourceConfigResponse,
    UpgradeResourceStateRequest,
    UpgradeResourceStateResponse,
    ImportResourceStateRequest,
    ImportResourceStateResponse,
    MoveResourceStateRequest,
    MoveResourceStateResponse,
    ValidateEphemeralResourceConfigRequest,
    ValidateEphemeralResourceConfigResponse,
    OpenEphemeralResourceRequest,
    OpenEphemeralResourceResponse,
    RenewEphemeralResourceRequest,
    RenewEphemeralResourceResponse,
    CloseEphemeralResourceRequest,
    CloseEphemeralResourceResponse,
    ValidateListResourceConfigRequest,
    ValidateListResourceConfigResponse,
    ValidateActionConfigRequest,
    ValidateActionConfigResponse,
    PlanActionRequest,
    PlanActionResponse,
);

impl Payloads for ValidateResourceConfigRequest {
    fn payloads(&self) -> Vec<(&'static str, Option<&DynamicValue>)> {
        vec![("config", self.config.as_ref())]
    }
}

impl Payloads for ValidateDataResourceConfigRequest {
    fn payloads(&self) -> Vec<(&'static str, Option<&DynamicValue>)> {
        vec![("config", self.config.as_ref())]
    }
}

impl Payloads for ReadResourceRequest {
    fn payloads(&self) -> Vec<(&'static str, Option<&DynamicValue>)> {
        vec![("current_state", self.current_state.as_ref())]
    }
}

impl Payloads for ReadResourceResponse {
    fn payloads(&self) -> Vec<(&'static str, Option<&DynamicValue>)> {
        vec![("new_state", self.new_state.as_ref())]
    }
}

impl Payloads for PlanResourceChangeRequest {
    fn payloads(&self) -> Vec<(&'static str, Option<&DynamicValue>)> {
        vec![
            ("config", self.config.as_ref()),
            ("prior_state", self.prior_state.as_ref()),
            ("proposed_new_state", self.proposed_new_state.as_ref()),
        ]
    }
}

impl Payloads for PlanResourceChangeResponse {
    fn payloads(&self) -> Vec<(&'static str, Option<&DynamicValue>)> {
        vec![("planned_state", self.planned_state.as_ref())]
    }
}

impl Payloads for ApplyResourceChangeRequest {
    fn payloads(&self) -> Vec<(&'static str, Option<&DynamicValue>)> {
        vec![
            ("config", self.config.as_ref()),
            ("prior_state", self.prior_state.as_ref()),
            ("planned_state", self.planned_state.as_ref()),
        ]
    }
}

impl Payloads for ApplyResourceChangeResponse {
    fn payloads(&self) -> Vec<(&'static str, Option<&DynamicValue>)> {
        vec![("new_state", self.new_state.as_ref())]
    }
}

impl Payloads for ReadDataSourceRequest {
    fn payloads(&self) -> Vec<(&'static str, Option<&DynamicValue>)> {
        vec![("config", self.config.as_ref())]
    }
}

impl Payloads for ReadDataSourceResponse {
    fn payloads(&self) -> Vec<(&'static str, Option<&DynamicValue>)> {
        vec![("state", self.state.as_ref())]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rpc_about_a_named_thing_has_a_subject_key() {
        for rpc in crate::__unstable_proto::PROVIDER_METHODS {
            let expected = !matches!(
                rpc,
                "GetMetadata"
                    | "GetProviderSchema"
                    | "ValidateProviderConfig"
                    | "ConfigureProvider"
                    | "GetResourceIdentitySchemas"
                    | "GetFunctions"
                    | "StopProvider"
            );
            assert_eq!(subject_key(rpc).is_some(), expected, "{rpc}");
        }
        assert_eq!(subject_key("ReadDataSource"), Some("tf_data_source_type"));
        assert_eq!(subject_key("CallFunction"), Some("tf_function_name"));
        assert_eq!(subject_key("MoveResourceState"), Some("tf_resource_type"));
    }
}
