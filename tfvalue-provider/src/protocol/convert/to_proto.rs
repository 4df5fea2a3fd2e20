//! Responses from the types of `messages.rs` into their protobuf messages.

use std::collections::BTreeMap;
use std::time::{SystemTime, UNIX_EPOCH};

use tfvalue::path::{AttributePath, PathStep};
use tfvalue::schema::Schema;

use crate::author::diagnostics::{Diagnostic, Diagnostics, Severity};
use crate::protocol::messages::{
    ApplyResourceChangeResponse, CallFunctionResponse, CloseEphemeralResourceResponse,
    ConfigureProviderResponse, ConfigureStateStoreResponse, DeleteStateResponse, DynamicValue,
    FunctionError, GenerateResourceConfigResponse, GetFunctionsResponse, GetMetadataResponse,
    GetProviderSchemaResponse, GetResourceIdentitySchemasResponse, GetStatesResponse,
    ImportResourceStateResponse, ImportedResource, InvokeActionEvent, InvokeActionResponse,
    ListResourceEvent, ListResourceResponse, LockStateResponse, MoveResourceStateResponse,
    OpenEphemeralResourceResponse, PlanActionResponse, PlanResourceChangeResponse,
    ReadDataSourceResponse, ReadResourceResponse, ReadStateBytesResponse,
    RenewEphemeralResourceResponse, ServerCapabilities, StopProviderResponse, UnlockStateResponse,
    UpgradeResourceIdentityResponse, UpgradeResourceStateResponse, ValidateActionConfigResponse,
    ValidateDataResourceConfigResponse, ValidateEphemeralResourceConfigResponse,
    ValidateListResourceConfigResponse, ValidateProviderConfigResponse,
    ValidateResourceConfigResponse, ValidateStateStoreConfigResponse, WriteStateBytesResponse,
};
use crate::protocol::proto::tfplugin6 as pb;

use super::function::function;
use super::schema::{identity_schema, schema};

fn value(value: Option<DynamicValue>) -> Option<pb::DynamicValue> {
    value.map(|v| pb::DynamicValue {
        msgpack: v.msgpack,
        json: v.json,
    })
}

/// An identity in its wrapper message (absent when there is none).
fn identity(value: Option<DynamicValue>) -> Option<pb::ResourceIdentityData> {
    value.map(|v| pb::ResourceIdentityData {
        identity_data: Some(pb::DynamicValue {
            msgpack: v.msgpack,
            json: v.json,
        }),
    })
}

/// A path, step for step (a path with no steps is an empty message, not an absent one).
fn path(path: &AttributePath) -> pb::AttributePath {
    use pb::attribute_path::step::Selector;
    let steps = path
        .steps()
        .iter()
        .map(|step| pb::attribute_path::Step {
            selector: Some(match step {
                PathStep::Attr(name) => Selector::AttributeName(name.clone()),
                PathStep::Key(key) => Selector::ElementKeyString(key.clone()),
                PathStep::Index(index) => Selector::ElementKeyInt(*index),
            }),
        })
        .collect();
    pb::AttributePath { steps }
}

fn diagnostic(d: Diagnostic) -> pb::Diagnostic {
    let severity = match d.severity {
        Severity::Error => pb::diagnostic::Severity::Error,
        Severity::Warning => pb::diagnostic::Severity::Warning,
    };
    pb::Diagnostic {
        severity: severity as i32,
        summary: d.summary,
        detail: d.detail,
        attribute: d.attribute.as_ref().map(path),
    }
}

fn diagnostics(d: Diagnostics) -> Vec<pb::Diagnostic> {
    d.into_iter().map(diagnostic).collect()
}

/// Schemas by name, each in the protocol's form.
fn schemas(
    schemas: &BTreeMap<String, &'static Schema>,
) -> std::collections::HashMap<String, pb::Schema> {
    (schemas.iter())
        .map(|(name, s)| (name.clone(), schema(s)))
        .collect()
}

/// A point in time as seconds and nanoseconds since the Unix epoch, the nanoseconds
/// always in 0..1e9 (so a time before the epoch has negative seconds and positive
/// nanoseconds), as the protocol's timestamp counts. Times beyond what i64 seconds hold
/// saturate.
fn timestamp(time: SystemTime) -> pb::Timestamp {
    let (seconds, nanos) = match time.duration_since(UNIX_EPOCH) {
        Ok(after) => (
            i64::try_from(after.as_secs()).unwrap_or(i64::MAX),
            after.subsec_nanos(),
        ),
        Err(before) => {
            let before = before.duration();
            let seconds = i64::try_from(before.as_secs()).map_or(i64::MIN, |s| -s);
            match before.subsec_nanos() {
                0 => (seconds, 0),
                n => (seconds.saturating_sub(1), 1_000_000_000 - n),
            }
        }
    };
    pb::Timestamp {
        seconds,
        // Below 1e9, so it fits.
        nanos: i32::try_from(nanos).unwrap_or(i32::MAX),
    }
}

impl From<ServerCapabilities> for pb::ServerCapabilities {
    fn from(c: ServerCapabilities) -> Self {
        pb::ServerCapabilities {
            plan_destroy: c.plan_destroy,
            get_provider_schema_optional: c.get_provider_schema_optional,
            move_resource_state: c.move_resource_state,
            generate_resource_config: c.generate_resource_config,
        }
    }
}

impl From<GetMetadataResponse> for pb::get_metadata::Response {
    fn from(r: GetMetadataResponse) -> Self {
        pb::get_metadata::Response {
            server_capabilities: Some(r.server_capabilities.into()),
            diagnostics: diagnostics(r.diagnostics),
            data_sources: (r.data_sources.into_iter())
                .map(|type_name| pb::get_metadata::DataSourceMetadata { type_name })
                .collect(),
            resources: (r.resources.into_iter())
                .map(|type_name| pb::get_metadata::ResourceMetadata { type_name })
                .collect(),
            functions: (r.functions.into_iter())
                .map(|name| pb::get_metadata::FunctionMetadata { name })
                .collect(),
            ephemeral_resources: (r.ephemeral_resources.into_iter())
                .map(|type_name| pb::get_metadata::EphemeralMetadata { type_name })
                .collect(),
            list_resources: (r.list_resources.into_iter())
                .map(|type_name| pb::get_metadata::ListResourceMetadata { type_name })
                .collect(),
            state_stores: (r.state_stores.into_iter())
                .map(|type_name| pb::get_metadata::StateStoreMetadata { type_name })
                .collect(),
            actions: (r.actions.into_iter())
                .map(|type_name| pb::get_metadata::ActionMetadata { type_name })
                .collect(),
        }
    }
}

impl From<GetProviderSchemaResponse> for pb::get_provider_schema::Response {
    fn from(r: GetProviderSchemaResponse) -> Self {
        pb::get_provider_schema::Response {
            provider: r.provider.map(schema),
            resource_schemas: schemas(&r.resource_schemas),
            data_source_schemas: schemas(&r.data_source_schemas),
            diagnostics: diagnostics(r.diagnostics),
            provider_meta: r.provider_meta.map(schema),
            server_capabilities: Some(r.server_capabilities.into()),
            functions: (r.functions.iter())
                .map(|(name, f)| (name.clone(), function(f)))
                .collect(),
            ephemeral_resource_schemas: schemas(&r.ephemeral_resource_schemas),
            list_resource_schemas: schemas(&r.list_resource_schemas),
            state_store_schemas: schemas(&r.state_store_schemas),
            action_schemas: (r.action_schemas.into_iter())
                .map(|(name, s)| {
                    let schema = Some(schema(s));
                    (name, pb::ActionSchema { schema })
                })
                .collect(),
        }
    }
}

impl From<ValidateProviderConfigResponse> for pb::validate_provider_config::Response {
    fn from(r: ValidateProviderConfigResponse) -> Self {
        pb::validate_provider_config::Response {
            diagnostics: diagnostics(r.diagnostics),
        }
    }
}

impl From<ValidateResourceConfigResponse> for pb::validate_resource_config::Response {
    fn from(r: ValidateResourceConfigResponse) -> Self {
        pb::validate_resource_config::Response {
            diagnostics: diagnostics(r.diagnostics),
        }
    }
}

impl From<ValidateDataResourceConfigResponse> for pb::validate_data_resource_config::Response {
    fn from(r: ValidateDataResourceConfigResponse) -> Self {
        pb::validate_data_resource_config::Response {
            diagnostics: diagnostics(r.diagnostics),
        }
    }
}

impl From<UpgradeResourceStateResponse> for pb::upgrade_resource_state::Response {
    fn from(r: UpgradeResourceStateResponse) -> Self {
        pb::upgrade_resource_state::Response {
            upgraded_state: value(r.upgraded_state),
            diagnostics: diagnostics(r.diagnostics),
        }
    }
}

impl From<ConfigureProviderResponse> for pb::configure_provider::Response {
    fn from(r: ConfigureProviderResponse) -> Self {
        pb::configure_provider::Response {
            diagnostics: diagnostics(r.diagnostics),
        }
    }
}

impl From<ReadResourceResponse> for pb::read_resource::Response {
    fn from(r: ReadResourceResponse) -> Self {
        pb::read_resource::Response {
            new_state: value(r.new_state),
            diagnostics: diagnostics(r.diagnostics),
            private: r.private,
            deferred: None,
            new_identity: identity(r.new_identity),
        }
    }
}

impl From<PlanResourceChangeResponse> for pb::plan_resource_change::Response {
    fn from(r: PlanResourceChangeResponse) -> Self {
        pb::plan_resource_change::Response {
            planned_state: value(r.planned_state),
            requires_replace: r.requires_replace.iter().map(path).collect(),
            planned_private: r.planned_private,
            diagnostics: diagnostics(r.diagnostics),
            legacy_type_system: r.legacy_type_system,
            deferred: None,
            planned_identity: identity(r.planned_identity),
        }
    }
}

impl From<ApplyResourceChangeResponse> for pb::apply_resource_change::Response {
    fn from(r: ApplyResourceChangeResponse) -> Self {
        pb::apply_resource_change::Response {
            new_state: value(r.new_state),
            private: r.private,
            diagnostics: diagnostics(r.diagnostics),
            legacy_type_system: r.legacy_type_system,
            new_identity: identity(r.new_identity),
        }
    }
}

impl From<ImportedResource> for pb::import_resource_state::ImportedResource {
    fn from(r: ImportedResource) -> Self {
        pb::import_resource_state::ImportedResource {
            type_name: r.type_name,
            state: value(r.state),
            private: r.private,
            identity: identity(r.identity),
        }
    }
}

impl From<ImportResourceStateResponse> for pb::import_resource_state::Response {
    fn from(r: ImportResourceStateResponse) -> Self {
        pb::import_resource_state::Response {
            imported_resources: r.imported_resources.into_iter().map(Into::into).collect(),
            diagnostics: diagnostics(r.diagnostics),
            deferred: None,
        }
    }
}

impl From<ReadDataSourceResponse> for pb::read_data_source::Response {
    fn from(r: ReadDataSourceResponse) -> Self {
        pb::read_data_source::Response {
            state: value(r.state),
            diagnostics: diagnostics(r.diagnostics),
            deferred: None,
        }
    }
}

impl From<GetResourceIdentitySchemasResponse> for pb::get_resource_identity_schemas::Response {
    fn from(r: GetResourceIdentitySchemasResponse) -> Self {
        pb::get_resource_identity_schemas::Response {
            identity_schemas: (r.identity_schemas.iter())
                .map(|(name, schema)| (name.clone(), identity_schema(schema)))
                .collect(),
            diagnostics: diagnostics(r.diagnostics),
        }
    }
}

impl From<UpgradeResourceIdentityResponse> for pb::upgrade_resource_identity::Response {
    fn from(r: UpgradeResourceIdentityResponse) -> Self {
        pb::upgrade_resource_identity::Response {
            upgraded_identity: identity(r.upgraded_identity),
            diagnostics: diagnostics(r.diagnostics),
        }
    }
}

impl From<MoveResourceStateResponse> for pb::move_resource_state::Response {
    fn from(r: MoveResourceStateResponse) -> Self {
        pb::move_resource_state::Response {
            target_state: value(r.target_state),
            diagnostics: diagnostics(r.diagnostics),
            target_private: r.target_private,
            target_identity: identity(r.target_identity),
        }
    }
}

impl From<GenerateResourceConfigResponse> for pb::generate_resource_config::Response {
    fn from(r: GenerateResourceConfigResponse) -> Self {
        pb::generate_resource_config::Response {
            config: value(r.config),
            diagnostics: diagnostics(r.diagnostics),
        }
    }
}

impl From<ValidateEphemeralResourceConfigResponse>
    for pb::validate_ephemeral_resource_config::Response
{
    fn from(r: ValidateEphemeralResourceConfigResponse) -> Self {
        pb::validate_ephemeral_resource_config::Response {
            diagnostics: diagnostics(r.diagnostics),
        }
    }
}

impl From<OpenEphemeralResourceResponse> for pb::open_ephemeral_resource::Response {
    fn from(r: OpenEphemeralResourceResponse) -> Self {
        pb::open_ephemeral_resource::Response {
            diagnostics: diagnostics(r.diagnostics),
            renew_at: r.renew_at.map(timestamp),
            result: value(r.result),
            private: r.private,
            deferred: None,
        }
    }
}

impl From<RenewEphemeralResourceResponse> for pb::renew_ephemeral_resource::Response {
    fn from(r: RenewEphemeralResourceResponse) -> Self {
        pb::renew_ephemeral_resource::Response {
            diagnostics: diagnostics(r.diagnostics),
            renew_at: r.renew_at.map(timestamp),
            private: r.private,
        }
    }
}

impl From<CloseEphemeralResourceResponse> for pb::close_ephemeral_resource::Response {
    fn from(r: CloseEphemeralResourceResponse) -> Self {
        pb::close_ephemeral_resource::Response {
            diagnostics: diagnostics(r.diagnostics),
        }
    }
}

impl From<GetFunctionsResponse> for pb::get_functions::Response {
    fn from(r: GetFunctionsResponse) -> Self {
        pb::get_functions::Response {
            functions: (r.functions.iter())
                .map(|(name, f)| (name.clone(), function(f)))
                .collect(),
            diagnostics: diagnostics(r.diagnostics),
        }
    }
}

impl From<FunctionError> for pb::FunctionError {
    fn from(e: FunctionError) -> Self {
        pb::FunctionError {
            text: e.text,
            // An index beyond i64 cannot happen (it counts arguments); it would blame none.
            function_argument: e.function_argument.and_then(|i| i64::try_from(i).ok()),
        }
    }
}

/// The error is [`CallFunctionResponse::function_error`]: the response's diagnostics
/// have no field of their own.
impl From<CallFunctionResponse> for pb::call_function::Response {
    fn from(r: CallFunctionResponse) -> Self {
        pb::call_function::Response {
            error: r.function_error().map(Into::into),
            result: value(r.result),
        }
    }
}

impl From<ValidateListResourceConfigResponse> for pb::validate_list_resource_config::Response {
    fn from(r: ValidateListResourceConfigResponse) -> Self {
        pb::validate_list_resource_config::Response {
            diagnostics: diagnostics(r.diagnostics),
        }
    }
}

impl From<ListResourceEvent> for pb::list_resource::Event {
    fn from(e: ListResourceEvent) -> Self {
        pb::list_resource::Event {
            identity: identity(e.identity),
            display_name: e.display_name,
            resource_object: value(e.resource_object),
            diagnostic: diagnostics(e.diagnostics),
        }
    }
}

/// A listing's stream of events: the objects as the listing sends them, then one event
/// with the diagnostics known at once, when there are any.
pub(crate) type ListEventStream = std::pin::Pin<
    Box<dyn tokio_stream::Stream<Item = Result<pb::list_resource::Event, tonic::Status>> + Send>,
>;

/// The stream Terraform reads a listing from: each event converted as it arrives.
pub(crate) fn list_events(r: ListResourceResponse) -> ListEventStream {
    use tokio_stream::StreamExt as _;
    // No receiver: an answer made at once, whose stream holds the diagnostics alone.
    let receiver = (r.events.0).unwrap_or_else(|| tokio::sync::mpsc::channel(1).1);
    let found = tokio_stream::wrappers::ReceiverStream::new(receiver);
    let tail = (!r.diagnostics.is_empty()).then(|| pb::list_resource::Event {
        diagnostic: diagnostics(r.diagnostics),
        ..pb::list_resource::Event::default()
    });
    let events = found
        .map(pb::list_resource::Event::from)
        .chain(tokio_stream::iter(tail))
        .map(Ok);
    Box::pin(events)
}

impl From<ValidateStateStoreConfigResponse> for pb::validate_state_store::Response {
    fn from(r: ValidateStateStoreConfigResponse) -> Self {
        pb::validate_state_store::Response {
            diagnostics: diagnostics(r.diagnostics),
        }
    }
}

impl From<ConfigureStateStoreResponse> for pb::configure_state_store::Response {
    fn from(r: ConfigureStateStoreResponse) -> Self {
        pb::configure_state_store::Response {
            diagnostics: diagnostics(r.diagnostics),
            capabilities: (r.chunk_size)
                .map(|chunk_size| pb::StateStoreServerCapabilities { chunk_size }),
        }
    }
}

/// The stream's one chunk: the whole state, its range (when it has bytes) and the
/// diagnostics.
impl From<ReadStateBytesResponse> for Vec<pb::read_state_bytes::Response> {
    fn from(r: ReadStateBytesResponse) -> Self {
        // A Vec never holds more than isize::MAX bytes.
        let total_length = i64::try_from(r.bytes.len()).unwrap_or(i64::MAX);
        let range = (total_length > 0).then_some(pb::StateRange {
            start: 0,
            end: total_length,
        });
        vec![pb::read_state_bytes::Response {
            bytes: r.bytes,
            total_length,
            range,
            diagnostics: diagnostics(r.diagnostics),
        }]
    }
}

impl From<WriteStateBytesResponse> for pb::write_state_bytes::Response {
    fn from(r: WriteStateBytesResponse) -> Self {
        pb::write_state_bytes::Response {
            diagnostics: diagnostics(r.diagnostics),
        }
    }
}

impl From<LockStateResponse> for pb::lock_state::Response {
    fn from(r: LockStateResponse) -> Self {
        pb::lock_state::Response {
            lock_id: r.lock_id,
            diagnostics: diagnostics(r.diagnostics),
        }
    }
}

impl From<UnlockStateResponse> for pb::unlock_state::Response {
    fn from(r: UnlockStateResponse) -> Self {
        pb::unlock_state::Response {
            diagnostics: diagnostics(r.diagnostics),
        }
    }
}

impl From<GetStatesResponse> for pb::get_states::Response {
    fn from(r: GetStatesResponse) -> Self {
        pb::get_states::Response {
            state_id: r.state_ids,
            diagnostics: diagnostics(r.diagnostics),
        }
    }
}

impl From<DeleteStateResponse> for pb::delete_state::Response {
    fn from(r: DeleteStateResponse) -> Self {
        pb::delete_state::Response {
            diagnostics: diagnostics(r.diagnostics),
        }
    }
}

impl From<ValidateActionConfigResponse> for pb::validate_action_config::Response {
    fn from(r: ValidateActionConfigResponse) -> Self {
        pb::validate_action_config::Response {
            diagnostics: diagnostics(r.diagnostics),
        }
    }
}

impl From<PlanActionResponse> for pb::plan_action::Response {
    fn from(r: PlanActionResponse) -> Self {
        pb::plan_action::Response {
            diagnostics: diagnostics(r.diagnostics),
            deferred: None,
        }
    }
}

/// An invocation's stream of events, as Terraform reads them.
pub(crate) type ActionEventStream = std::pin::Pin<
    Box<dyn tokio_stream::Stream<Item = Result<pb::invoke_action::Event, tonic::Status>> + Send>,
>;

impl From<InvokeActionEvent> for pb::invoke_action::Event {
    fn from(event: InvokeActionEvent) -> Self {
        use pb::invoke_action::event::{Completed, Progress, Type};
        let event = match event {
            InvokeActionEvent::Progress(message) => Type::Progress(Progress { message }),
            InvokeActionEvent::Completed(d) => Type::Completed(Completed {
                diagnostics: diagnostics(d),
            }),
        };
        pb::invoke_action::Event {
            r#type: Some(event),
        }
    }
}

/// The events of an invocation as they come, one per progress line, then the completion;
/// an answer made at once is its completion alone.
pub(crate) fn action_events(r: InvokeActionResponse) -> ActionEventStream {
    use tokio_stream::StreamExt as _;
    match r.events.0 {
        Some(receiver) => Box::pin(
            tokio_stream::wrappers::ReceiverStream::new(receiver)
                .map(pb::invoke_action::Event::from)
                .map(Ok),
        ),
        None => {
            let completed = InvokeActionEvent::Completed(r.diagnostics);
            Box::pin(tokio_stream::iter([Ok(completed.into())]))
        }
    }
}

impl From<StopProviderResponse> for pb::stop_provider::Response {
    fn from(r: StopProviderResponse) -> Self {
        pb::stop_provider::Response { error: r.error }
    }
}

#[cfg(test)]
mod tests {
    use prost::Message;

    use super::*;

    #[test]
    fn severity_and_fields_reach_the_protocol() {
        let d = Diagnostic::warning("Deprecated")
            .with_detail("use b")
            .at(AttributePath::root().attr("a"));
        let p = diagnostic(d);
        assert_eq!(p.severity, pb::diagnostic::Severity::Warning as i32);
        assert_eq!(
            (p.summary.as_str(), p.detail.as_str()),
            ("Deprecated", "use b")
        );
        assert_eq!(p.attribute.unwrap().steps.len(), 1);
        // A diagnostic without a path has no attribute field; one whose path was cut to
        // nothing has an empty one.
        assert!(diagnostic(Diagnostic::error("x")).attribute.is_none());
        let empty = diagnostic(Diagnostic::error("x").at(AttributePath::root()));
        assert_eq!(empty.attribute, Some(pb::AttributePath { steps: vec![] }));
    }

    #[test]
    fn paths_convert_both_ways() {
        let p = AttributePath::root().attr("disk").index(2).key("size_gb");
        let proto = path(&p);
        assert_eq!(proto.steps.len(), 3);
        assert_eq!(super::super::path_from_proto(&proto), p);
    }

    /// A value error's path reaches the wire: the diagnostic's field 4 (`attribute`) holds
    /// one step whose field 1 (`attribute_name`) is the attribute's name, as Terraform
    /// reads it to point at the configuration.
    #[test]
    fn value_error_paths_reach_the_wire_byte_for_byte() {
        let t = tfvalue::Type::from_json(br#"["object",{"size":"number"}]"#).unwrap();
        let bytes = [0x81, 0xa4, b's', b'i', b'z', b'e', 0xa1, b'x'];
        let err = tfvalue::Value::from_msgpack(&bytes, &t).unwrap_err();
        // The two ways a value error becomes diagnostics: by name, and through `?`.
        let named = Diagnostics::from_value_error("Invalid configuration", &err);
        let through_question_mark = Diagnostics::from(err);
        for d in [named, through_question_mark] {
            let message = diagnostic(d.for_terraform(None).into_iter().next().unwrap());
            let attribute = message.attribute.as_ref().expect("the path");
            assert_eq!(
                super::super::path_from_proto(attribute).to_string(),
                ".size"
            );
            let encoded = message.encode_to_vec();
            // field 4, length-delimited, 8 bytes: field 1 (steps), 6 bytes: field 1
            // (attribute_name), 4 bytes: "size".
            let attribute_field = [0x22, 0x08, 0x0a, 0x06, 0x0a, 0x04, b's', b'i', b'z', b'e'];
            assert!(
                encoded.ends_with(&attribute_field),
                "{encoded:02x?} does not end with {attribute_field:02x?}"
            );
        }
    }

    #[test]
    fn absent_values_stay_absent() {
        let r = pb::read_resource::Response::from(ReadResourceResponse {
            new_state: None,
            diagnostics: Diagnostics::new(),
            private: vec![7],
            new_identity: None,
        });
        assert_eq!(r.new_state, None);
        assert_eq!(r.private, [7]);
        assert_eq!(
            r.encode_to_vec(),
            [0x1a, 0x01, 0x07],
            "only field 3 (private) is on the wire"
        );
    }

    /// An identity travels as field 5 of the read answer: a `ResourceIdentityData` whose
    /// field 1 is the `DynamicValue` (its MessagePack in field 1).
    #[test]
    fn an_identity_is_wrapped_twice_on_the_wire() {
        let r = pb::read_resource::Response::from(ReadResourceResponse {
            new_identity: Some(DynamicValue::msgpack(vec![0x80])),
            ..ReadResourceResponse::default()
        });
        assert_eq!(
            r.encode_to_vec(),
            [0x2a, 0x05, 0x0a, 0x03, 0x0a, 0x01, 0x80]
        );
    }

    /// The new capability flags are fields 3 and 4, after the two of 6.4.
    #[test]
    fn server_capabilities_reach_the_wire_byte_for_byte() {
        let all = pb::ServerCapabilities::from(ServerCapabilities {
            plan_destroy: true,
            get_provider_schema_optional: true,
            move_resource_state: true,
            generate_resource_config: true,
        });
        assert_eq!(
            all.encode_to_vec(),
            [0x08, 0x01, 0x10, 0x01, 0x18, 0x01, 0x20, 0x01]
        );
        let generate_only = pb::ServerCapabilities::from(ServerCapabilities {
            generate_resource_config: true,
            ..ServerCapabilities::default()
        });
        assert_eq!(generate_only.encode_to_vec(), [0x20, 0x01]);
    }

    /// A function error is field 2 of the call's answer: text (field 1) and the argument
    /// index (field 2), which is on the wire even when it is 0, since it is optional.
    #[test]
    fn function_errors_reach_the_wire_byte_for_byte() {
        let answer = |function_argument| {
            pb::call_function::Response::from(CallFunctionResponse {
                result: None,
                error: Some(FunctionError {
                    text: "x".to_owned(),
                    function_argument,
                }),
                diagnostics: Diagnostics::new(),
            })
            .encode_to_vec()
        };
        assert_eq!(answer(Some(1)), [0x12, 0x05, 0x0a, 0x01, b'x', 0x10, 0x01]);
        assert_eq!(answer(Some(0)), [0x12, 0x05, 0x0a, 0x01, b'x', 0x10, 0x00]);
        assert_eq!(answer(None), [0x12, 0x03, 0x0a, 0x01, b'x']);
        // Without an error of its own, the call's error diagnostics are its text.
        let failed = pb::call_function::Response::from(CallFunctionResponse {
            diagnostics: Diagnostic::error("Unknown function")
                .with_detail("none")
                .into(),
            ..CallFunctionResponse::default()
        });
        let error = failed.error.expect("an error");
        assert_eq!(
            (error.text.as_str(), error.function_argument),
            ("Unknown function: none", None)
        );
    }

    #[test]
    fn timestamps_count_from_the_epoch_with_nanoseconds_below_a_second() {
        use std::time::Duration;
        let at = |t: SystemTime| {
            let p = timestamp(t);
            (p.seconds, p.nanos)
        };
        assert_eq!(at(UNIX_EPOCH), (0, 0));
        assert_eq!(
            at(UNIX_EPOCH + Duration::from_millis(1250)),
            (1, 250_000_000)
        );
        assert_eq!(
            at(UNIX_EPOCH - Duration::from_millis(1500)),
            (-2, 500_000_000)
        );
        assert_eq!(at(UNIX_EPOCH - Duration::from_secs(3)), (-3, 0));
        // On the wire as google.protobuf.Timestamp: seconds field 1, nanos field 2, inside
        // field 2 (`renew_at`) of the open answer.
        let opened = pb::open_ephemeral_resource::Response::from(OpenEphemeralResourceResponse {
            renew_at: Some(UNIX_EPOCH + Duration::new(1, 5)),
            ..OpenEphemeralResourceResponse::default()
        });
        assert_eq!(opened.encode_to_vec(), [0x12, 0x04, 0x08, 0x01, 0x10, 0x05]);
    }

    use crate::protocol::messages::{ActionEvents, ListEvents};

    /// Every item of a stream that is ready at once.
    fn collect<T>(
        stream: std::pin::Pin<
            Box<dyn tokio_stream::Stream<Item = Result<T, tonic::Status>> + Send>,
        >,
    ) -> Vec<T> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        runtime.block_on(async {
            use tokio_stream::StreamExt as _;
            stream.map(Result::unwrap).collect().await
        })
    }

    #[test]
    fn streamed_answers_keep_their_order_and_end_with_the_diagnostics() {
        let (sender, receiver) = tokio::sync::mpsc::channel(2);
        sender
            .try_send(ListResourceEvent {
                display_name: "one".to_owned(),
                ..ListResourceEvent::default()
            })
            .unwrap();
        drop(sender);
        let listed = collect(list_events(ListResourceResponse {
            events: ListEvents(Some(receiver)),
            diagnostics: Diagnostic::warning("partial").into(),
        }));
        assert_eq!(listed.len(), 2);
        assert_eq!(listed[0].display_name, "one");
        assert_eq!(listed[1].diagnostic[0].summary, "partial");
        let quiet = collect(list_events(ListResourceResponse::default()));
        assert!(quiet.is_empty(), "no objects, no problems: no event");

        use pb::invoke_action::event::Type;
        let kinds = |events: Vec<pb::invoke_action::Event>| -> Vec<String> {
            (events.iter())
                .map(|e| match &e.r#type {
                    Some(Type::Progress(p)) => p.message.clone(),
                    Some(Type::Completed(c)) => format!("completed {}", c.diagnostics.len()),
                    None => "none".to_owned(),
                })
                .collect()
        };
        let (sender, receiver) = tokio::sync::mpsc::channel(4);
        for event in [
            InvokeActionEvent::Progress("a".to_owned()),
            InvokeActionEvent::Progress("b".to_owned()),
            InvokeActionEvent::Completed(Diagnostics::new()),
        ] {
            sender.try_send(event).unwrap();
        }
        drop(sender);
        let invoked = collect(action_events(InvokeActionResponse {
            events: ActionEvents(Some(receiver)),
            diagnostics: Diagnostics::new(),
        }));
        assert_eq!(kinds(invoked), ["a", "b", "completed 0"]);
        let refused = collect(action_events(InvokeActionResponse {
            events: ActionEvents(None),
            diagnostics: Diagnostic::error("no such action").into(),
        }));
        assert_eq!(kinds(refused), ["completed 1"]);

        let read = Vec::<pb::read_state_bytes::Response>::from(ReadStateBytesResponse {
            bytes: b"{}".to_vec(),
            diagnostics: Diagnostics::new(),
        });
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].total_length, 2);
        assert_eq!(read[0].range, Some(pb::StateRange { start: 0, end: 2 }));
    }
}
