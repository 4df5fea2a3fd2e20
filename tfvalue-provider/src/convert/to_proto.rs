//! Responses from the types of `messages.rs` into their protobuf messages.

use tfvalue::path::{AttributePath, PathStep};

use crate::diagnostics::{Diagnostic, Diagnostics, Severity};
use crate::messages::{
    ApplyResourceChangeResponse, ConfigureProviderResponse, DynamicValue, GetMetadataResponse,
    GetProviderSchemaResponse, ImportResourceStateResponse, ImportedResource,
    PlanResourceChangeResponse, ReadDataSourceResponse, ReadResourceResponse, ServerCapabilities,
    StopProviderResponse, UpgradeResourceStateResponse, ValidateDataResourceConfigResponse,
    ValidateProviderConfigResponse, ValidateResourceConfigResponse,
};
use crate::proto::tfplugin6 as pb;

use super::schema::schema;

fn value(value: Option<DynamicValue>) -> Option<pb::DynamicValue> {
    value.map(|v| pb::DynamicValue {
        msgpack: v.msgpack,
        json: v.json,
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

impl From<ServerCapabilities> for pb::ServerCapabilities {
    fn from(c: ServerCapabilities) -> Self {
        pb::ServerCapabilities {
            plan_destroy: c.plan_destroy,
            get_provider_schema_optional: c.get_provider_schema_optional,
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
        }
    }
}

impl From<GetProviderSchemaResponse> for pb::get_provider_schema::Response {
    fn from(r: GetProviderSchemaResponse) -> Self {
        pb::get_provider_schema::Response {
            provider: r.provider.map(schema),
            resource_schemas: (r.resource_schemas.into_iter())
                .map(|(name, s)| (name, schema(s)))
                .collect(),
            data_source_schemas: (r.data_source_schemas.into_iter())
                .map(|(name, s)| (name, schema(s)))
                .collect(),
            diagnostics: diagnostics(r.diagnostics),
            provider_meta: r.provider_meta.map(schema),
            server_capabilities: Some(r.server_capabilities.into()),
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
        }
    }
}

impl From<ImportedResource> for pb::import_resource_state::ImportedResource {
    fn from(r: ImportedResource) -> Self {
        pb::import_resource_state::ImportedResource {
            type_name: r.type_name,
            state: value(r.state),
            private: r.private,
        }
    }
}

impl From<ImportResourceStateResponse> for pb::import_resource_state::Response {
    fn from(r: ImportResourceStateResponse) -> Self {
        pb::import_resource_state::Response {
            imported_resources: r.imported_resources.into_iter().map(Into::into).collect(),
            diagnostics: diagnostics(r.diagnostics),
        }
    }
}

impl From<ReadDataSourceResponse> for pb::read_data_source::Response {
    fn from(r: ReadDataSourceResponse) -> Self {
        pb::read_data_source::Response {
            state: value(r.state),
            diagnostics: diagnostics(r.diagnostics),
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
        });
        assert_eq!(r.new_state, None);
        assert_eq!(r.private, [7]);
        assert_eq!(
            r.encode_to_vec(),
            [0x1a, 0x01, 0x07],
            "only field 3 (private) is on the wire"
        );
    }
}
