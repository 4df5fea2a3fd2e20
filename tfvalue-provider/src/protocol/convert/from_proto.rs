//! Requests from their protobuf messages into the types of `messages.rs`.

use crate::protocol::messages::{
    ApplyResourceChangeRequest, CallFunctionRequest, ClientCapabilities,
    CloseEphemeralResourceRequest, ConfigureProviderRequest, ConfigureStateStoreRequest,
    DeleteStateRequest, DynamicValue, GenerateResourceConfigRequest, GetFunctionsRequest,
    GetMetadataRequest, GetProviderSchemaRequest, GetResourceIdentitySchemasRequest,
    GetStatesRequest, ImportResourceStateRequest, InvokeActionRequest, ListResourceRequest,
    LockStateRequest, MoveResourceStateRequest, OpenEphemeralResourceRequest, PlanActionRequest,
    PlanResourceChangeRequest, RawState, ReadDataSourceRequest, ReadResourceRequest,
    ReadStateBytesRequest, RenewEphemeralResourceRequest, StopProviderRequest, UnlockStateRequest,
    UpgradeResourceIdentityRequest, UpgradeResourceStateRequest, ValidateActionConfigRequest,
    ValidateDataResourceConfigRequest, ValidateEphemeralResourceConfigRequest,
    ValidateListResourceConfigRequest, ValidateProviderConfigRequest,
    ValidateResourceConfigRequest, ValidateStateStoreConfigRequest, WriteStateBytesRequest,
};
use crate::protocol::proto::tfplugin6 as pb;

fn dynamic(v: pb::DynamicValue) -> DynamicValue {
    DynamicValue {
        msgpack: v.msgpack,
        json: v.json,
    }
}

fn value(value: Option<pb::DynamicValue>) -> Option<DynamicValue> {
    value.map(dynamic)
}

/// An identity as sent: the value inside the wrapper message (absent when either is).
fn identity(data: Option<pb::ResourceIdentityData>) -> Option<DynamicValue> {
    data.and_then(|d| d.identity_data).map(dynamic)
}

/// Capabilities as sent; an absent message announces none.
fn capabilities(c: Option<pb::ClientCapabilities>) -> ClientCapabilities {
    let c = c.unwrap_or_default();
    ClientCapabilities {
        deferral_allowed: c.deferral_allowed,
        write_only_attributes_allowed: c.write_only_attributes_allowed,
        store_planned_private: c.store_planned_private,
        computed_blocks_allowed: c.computed_blocks_allowed,
    }
}

impl From<pb::RawState> for RawState {
    fn from(raw: pb::RawState) -> Self {
        RawState {
            json: raw.json,
            flatmap: raw.flatmap.into_iter().collect(),
        }
    }
}

impl From<pb::get_metadata::Request> for GetMetadataRequest {
    fn from(_: pb::get_metadata::Request) -> Self {
        GetMetadataRequest {}
    }
}

impl From<pb::get_provider_schema::Request> for GetProviderSchemaRequest {
    fn from(_: pb::get_provider_schema::Request) -> Self {
        GetProviderSchemaRequest {}
    }
}

impl From<pb::validate_provider_config::Request> for ValidateProviderConfigRequest {
    fn from(r: pb::validate_provider_config::Request) -> Self {
        ValidateProviderConfigRequest {
            config: value(r.config),
        }
    }
}

impl From<pb::validate_resource_config::Request> for ValidateResourceConfigRequest {
    fn from(r: pb::validate_resource_config::Request) -> Self {
        ValidateResourceConfigRequest {
            type_name: r.type_name,
            config: value(r.config),
            client_capabilities: capabilities(r.client_capabilities),
        }
    }
}

impl From<pb::validate_data_resource_config::Request> for ValidateDataResourceConfigRequest {
    fn from(r: pb::validate_data_resource_config::Request) -> Self {
        ValidateDataResourceConfigRequest {
            type_name: r.type_name,
            config: value(r.config),
        }
    }
}

impl From<pb::upgrade_resource_state::Request> for UpgradeResourceStateRequest {
    fn from(r: pb::upgrade_resource_state::Request) -> Self {
        UpgradeResourceStateRequest {
            type_name: r.type_name,
            version: r.version,
            raw_state: r.raw_state.map(RawState::from),
        }
    }
}

impl From<pb::configure_provider::Request> for ConfigureProviderRequest {
    fn from(r: pb::configure_provider::Request) -> Self {
        ConfigureProviderRequest {
            terraform_version: r.terraform_version,
            config: value(r.config),
            client_capabilities: capabilities(r.client_capabilities),
        }
    }
}

impl From<pb::read_resource::Request> for ReadResourceRequest {
    fn from(r: pb::read_resource::Request) -> Self {
        ReadResourceRequest {
            type_name: r.type_name,
            current_state: value(r.current_state),
            private: r.private,
            provider_meta: value(r.provider_meta),
            client_capabilities: capabilities(r.client_capabilities),
            current_identity: identity(r.current_identity),
        }
    }
}

impl From<pb::plan_resource_change::Request> for PlanResourceChangeRequest {
    fn from(r: pb::plan_resource_change::Request) -> Self {
        PlanResourceChangeRequest {
            type_name: r.type_name,
            prior_state: value(r.prior_state),
            proposed_new_state: value(r.proposed_new_state),
            config: value(r.config),
            prior_private: r.prior_private,
            provider_meta: value(r.provider_meta),
            client_capabilities: capabilities(r.client_capabilities),
            prior_identity: identity(r.prior_identity),
            planned_private: r.planned_private,
        }
    }
}

impl From<pb::apply_resource_change::Request> for ApplyResourceChangeRequest {
    fn from(r: pb::apply_resource_change::Request) -> Self {
        ApplyResourceChangeRequest {
            type_name: r.type_name,
            prior_state: value(r.prior_state),
            planned_state: value(r.planned_state),
            config: value(r.config),
            planned_private: r.planned_private,
            provider_meta: value(r.provider_meta),
            planned_identity: identity(r.planned_identity),
        }
    }
}

impl From<pb::import_resource_state::Request> for ImportResourceStateRequest {
    fn from(r: pb::import_resource_state::Request) -> Self {
        ImportResourceStateRequest {
            type_name: r.type_name,
            id: r.id,
            identity: identity(r.identity),
            client_capabilities: capabilities(r.client_capabilities),
        }
    }
}

impl From<pb::read_data_source::Request> for ReadDataSourceRequest {
    fn from(r: pb::read_data_source::Request) -> Self {
        ReadDataSourceRequest {
            type_name: r.type_name,
            config: value(r.config),
            provider_meta: value(r.provider_meta),
            client_capabilities: capabilities(r.client_capabilities),
        }
    }
}

impl From<pb::get_resource_identity_schemas::Request> for GetResourceIdentitySchemasRequest {
    fn from(_: pb::get_resource_identity_schemas::Request) -> Self {
        GetResourceIdentitySchemasRequest {}
    }
}

impl From<pb::upgrade_resource_identity::Request> for UpgradeResourceIdentityRequest {
    fn from(r: pb::upgrade_resource_identity::Request) -> Self {
        UpgradeResourceIdentityRequest {
            type_name: r.type_name,
            version: r.version,
            raw_identity: r.raw_identity.map(RawState::from),
        }
    }
}

/// The source's identity (fields 7 and 8) is not modelled.
impl From<pb::move_resource_state::Request> for MoveResourceStateRequest {
    fn from(r: pb::move_resource_state::Request) -> Self {
        MoveResourceStateRequest {
            source_provider_address: r.source_provider_address,
            source_type_name: r.source_type_name,
            source_schema_version: r.source_schema_version,
            source_state: r.source_state.map(RawState::from),
            target_type_name: r.target_type_name,
            source_private: r.source_private,
        }
    }
}

impl From<pb::generate_resource_config::Request> for GenerateResourceConfigRequest {
    fn from(r: pb::generate_resource_config::Request) -> Self {
        GenerateResourceConfigRequest {
            type_name: r.type_name,
            state: value(r.state),
        }
    }
}

impl From<pb::validate_ephemeral_resource_config::Request>
    for ValidateEphemeralResourceConfigRequest
{
    fn from(r: pb::validate_ephemeral_resource_config::Request) -> Self {
        ValidateEphemeralResourceConfigRequest {
            type_name: r.type_name,
            config: value(r.config),
        }
    }
}

impl From<pb::open_ephemeral_resource::Request> for OpenEphemeralResourceRequest {
    fn from(r: pb::open_ephemeral_resource::Request) -> Self {
        OpenEphemeralResourceRequest {
            type_name: r.type_name,
            config: value(r.config),
            client_capabilities: capabilities(r.client_capabilities),
        }
    }
}

impl From<pb::renew_ephemeral_resource::Request> for RenewEphemeralResourceRequest {
    fn from(r: pb::renew_ephemeral_resource::Request) -> Self {
        RenewEphemeralResourceRequest {
            type_name: r.type_name,
            private: r.private,
        }
    }
}

impl From<pb::close_ephemeral_resource::Request> for CloseEphemeralResourceRequest {
    fn from(r: pb::close_ephemeral_resource::Request) -> Self {
        CloseEphemeralResourceRequest {
            type_name: r.type_name,
            private: r.private,
        }
    }
}

impl From<pb::get_functions::Request> for GetFunctionsRequest {
    fn from(_: pb::get_functions::Request) -> Self {
        GetFunctionsRequest {}
    }
}

impl From<pb::call_function::Request> for CallFunctionRequest {
    fn from(r: pb::call_function::Request) -> Self {
        CallFunctionRequest {
            name: r.name,
            arguments: r.arguments.into_iter().map(dynamic).collect(),
        }
    }
}

impl From<pb::validate_list_resource_config::Request> for ValidateListResourceConfigRequest {
    fn from(r: pb::validate_list_resource_config::Request) -> Self {
        ValidateListResourceConfigRequest {
            type_name: r.type_name,
            config: value(r.config),
            include_resource_object: value(r.include_resource_object),
            limit: value(r.limit),
        }
    }
}

impl From<pb::list_resource::Request> for ListResourceRequest {
    fn from(r: pb::list_resource::Request) -> Self {
        ListResourceRequest {
            type_name: r.type_name,
            config: value(r.config),
            include_resource_object: r.include_resource_object,
            limit: r.limit,
        }
    }
}

impl From<pb::validate_state_store::Request> for ValidateStateStoreConfigRequest {
    fn from(r: pb::validate_state_store::Request) -> Self {
        ValidateStateStoreConfigRequest {
            type_name: r.type_name,
            config: value(r.config),
        }
    }
}

impl From<pb::configure_state_store::Request> for ConfigureStateStoreRequest {
    fn from(r: pb::configure_state_store::Request) -> Self {
        ConfigureStateStoreRequest {
            type_name: r.type_name,
            config: value(r.config),
            chunk_size: r.capabilities.map_or(0, |c| c.chunk_size),
        }
    }
}

impl From<pb::read_state_bytes::Request> for ReadStateBytesRequest {
    fn from(r: pb::read_state_bytes::Request) -> Self {
        ReadStateBytesRequest {
            type_name: r.type_name,
            state_id: r.state_id,
        }
    }
}

/// From the stream's first chunk, the one that carries the naming (`meta`); its bytes
/// and range are not modelled.
impl From<pb::write_state_bytes::RequestChunk> for WriteStateBytesRequest {
    fn from(r: pb::write_state_bytes::RequestChunk) -> Self {
        let meta = r.meta.unwrap_or_default();
        WriteStateBytesRequest {
            type_name: meta.type_name,
            state_id: meta.state_id,
            total_length: r.total_length,
        }
    }
}

impl From<pb::lock_state::Request> for LockStateRequest {
    fn from(r: pb::lock_state::Request) -> Self {
        LockStateRequest {
            type_name: r.type_name,
            state_id: r.state_id,
            operation: r.operation,
        }
    }
}

impl From<pb::unlock_state::Request> for UnlockStateRequest {
    fn from(r: pb::unlock_state::Request) -> Self {
        UnlockStateRequest {
            type_name: r.type_name,
            state_id: r.state_id,
            lock_id: r.lock_id,
        }
    }
}

impl From<pb::get_states::Request> for GetStatesRequest {
    fn from(r: pb::get_states::Request) -> Self {
        GetStatesRequest {
            type_name: r.type_name,
        }
    }
}

impl From<pb::delete_state::Request> for DeleteStateRequest {
    fn from(r: pb::delete_state::Request) -> Self {
        DeleteStateRequest {
            type_name: r.type_name,
            state_id: r.state_id,
        }
    }
}

impl From<pb::validate_action_config::Request> for ValidateActionConfigRequest {
    fn from(r: pb::validate_action_config::Request) -> Self {
        ValidateActionConfigRequest {
            type_name: r.type_name,
            config: value(r.config),
        }
    }
}

impl From<pb::plan_action::Request> for PlanActionRequest {
    fn from(r: pb::plan_action::Request) -> Self {
        PlanActionRequest {
            type_name: r.action_type,
            config: value(r.config),
            client_capabilities: capabilities(r.client_capabilities),
        }
    }
}

impl From<pb::invoke_action::Request> for InvokeActionRequest {
    fn from(r: pb::invoke_action::Request) -> Self {
        InvokeActionRequest {
            type_name: r.action_type,
            config: value(r.config),
            client_capabilities: capabilities(r.client_capabilities),
        }
    }
}

impl From<pb::stop_provider::Request> for StopProviderRequest {
    fn from(_: pb::stop_provider::Request) -> Self {
        StopProviderRequest {}
    }
}

/// A protocol path as a [`tfvalue`] path: the harness and the tests read with it the paths
/// the provider answers (no request carries a path yet). A step without a selector is
/// skipped.
pub(crate) fn path_from_proto(path: &pb::AttributePath) -> tfvalue::path::AttributePath {
    use pb::attribute_path::step::Selector;
    use tfvalue::path::{AttributePath, PathStep};
    let steps = path
        .steps
        .iter()
        .filter_map(|s| s.selector.as_ref())
        .map(|s| match s {
            Selector::AttributeName(n) => PathStep::Attr(n.clone()),
            Selector::ElementKeyString(k) => PathStep::Key(k.clone()),
            Selector::ElementKeyInt(i) => PathStep::Index(*i),
        })
        .collect();
    AttributePath::from_steps(steps)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absent_values_stay_absent_and_present_ones_keep_both_forms() {
        let request = pb::plan_resource_change::Request {
            client_capabilities: None,
            prior_identity: None,
            type_name: "t".into(),
            prior_state: None,
            proposed_new_state: Some(pb::DynamicValue {
                msgpack: vec![0xc0],
                json: b"null".to_vec(),
            }),
            config: Some(pb::DynamicValue::default()),
            prior_private: vec![1, 2],
            provider_meta: None,
            planned_private: vec![3],
        };
        let r = PlanResourceChangeRequest::from(request);
        assert_eq!(r.type_name, "t");
        assert_eq!(r.prior_state, None);
        assert_eq!(
            r.proposed_new_state,
            Some(DynamicValue {
                msgpack: vec![0xc0],
                json: b"null".to_vec()
            })
        );
        assert_eq!(r.config, Some(DynamicValue::default()));
        assert_eq!(r.prior_private, [1, 2]);
        assert_eq!(r.planned_private, [3]);
    }

    #[test]
    fn client_capabilities_arrive_and_an_absent_message_announces_none() {
        let sent = pb::configure_provider::Request {
            terraform_version: "1.15.5".into(),
            config: None,
            client_capabilities: Some(pb::ClientCapabilities {
                deferral_allowed: true,
                write_only_attributes_allowed: false,
                store_planned_private: true,
                computed_blocks_allowed: false,
            }),
        };
        let r = ConfigureProviderRequest::from(sent);
        assert!(r.client_capabilities.deferral_allowed);
        assert!(!r.client_capabilities.write_only_attributes_allowed);
        assert!(r.client_capabilities.store_planned_private);
        assert!(!r.client_capabilities.computed_blocks_allowed);
        let r = ReadDataSourceRequest::from(pb::read_data_source::Request::default());
        assert_eq!(r.client_capabilities, ClientCapabilities::default());
    }

    #[test]
    fn a_move_names_its_target_as_the_type_and_keeps_the_source() {
        use crate::protocol::messages::TypeRpc;
        let r = MoveResourceStateRequest::from(pb::move_resource_state::Request {
            source_provider_address: "example.com/a/b".into(),
            source_type_name: "b_old".into(),
            source_schema_version: 2,
            source_state: Some(pb::RawState {
                json: b"{}".to_vec(),
                flatmap: Default::default(),
            }),
            target_type_name: "t_new".into(),
            source_private: vec![9],
            source_identity: None,
            source_identity_schema_version: 0,
        });
        assert_eq!(r.type_name(), "t_new");
        assert_eq!(
            (
                r.source_provider_address.as_str(),
                r.source_type_name.as_str()
            ),
            ("example.com/a/b", "b_old")
        );
        assert_eq!(r.source_schema_version, 2);
        assert_eq!(r.source_state.map(|s| s.json), Some(b"{}".to_vec()));
        assert_eq!(r.source_private, [9]);
    }

    #[test]
    fn a_written_state_is_named_by_its_first_chunk() {
        let r = WriteStateBytesRequest::from(pb::write_state_bytes::RequestChunk {
            meta: Some(pb::RequestChunkMeta {
                type_name: "t_store".into(),
                state_id: "default".into(),
            }),
            bytes: vec![1, 2],
            total_length: 10,
            range: Some(pb::StateRange { start: 0, end: 2 }),
        });
        assert_eq!(
            (r.type_name.as_str(), r.state_id.as_str(), r.total_length),
            ("t_store", "default", 10)
        );
        let unnamed = WriteStateBytesRequest::from(pb::write_state_bytes::RequestChunk::default());
        assert_eq!(unnamed.type_name, "");
    }
}
