//! Requests from their protobuf messages into the types of `messages.rs`.

use crate::messages::{
    ApplyResourceChangeRequest, ConfigureProviderRequest, DynamicValue, GetMetadataRequest,
    GetProviderSchemaRequest, ImportResourceStateRequest, PlanResourceChangeRequest, RawState,
    ReadDataSourceRequest, ReadResourceRequest, StopProviderRequest, UpgradeResourceStateRequest,
    ValidateDataResourceConfigRequest, ValidateProviderConfigRequest,
    ValidateResourceConfigRequest,
};
use crate::proto::tfplugin6 as pb;

fn value(value: Option<pb::DynamicValue>) -> Option<DynamicValue> {
    value.map(|v| DynamicValue {
        msgpack: v.msgpack,
        json: v.json,
    })
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
        }
    }
}

impl From<pb::import_resource_state::Request> for ImportResourceStateRequest {
    fn from(r: pb::import_resource_state::Request) -> Self {
        ImportResourceStateRequest {
            type_name: r.type_name,
            id: r.id,
        }
    }
}

impl From<pb::read_data_source::Request> for ReadDataSourceRequest {
    fn from(r: pb::read_data_source::Request) -> Self {
        ReadDataSourceRequest {
            type_name: r.type_name,
            config: value(r.config),
            provider_meta: value(r.provider_meta),
        }
    }
}

impl From<pb::stop_provider::Request> for StopProviderRequest {
    fn from(_: pb::stop_provider::Request) -> Self {
        StopProviderRequest {}
    }
}

/// A protocol path as a [`tfvalue`] path (the tests check with it what the provider
/// sends; no request carries a path yet). A step without a selector is skipped.
#[cfg(test)]
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
            type_name: "t".into(),
            prior_state: None,
            proposed_new_state: Some(pb::DynamicValue {
                msgpack: vec![0xc0],
                json: b"null".to_vec(),
            }),
            config: Some(pb::DynamicValue::default()),
            prior_private: vec![1, 2],
            provider_meta: None,
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
    }
}
