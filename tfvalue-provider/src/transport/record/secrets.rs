//! Which values a cassette must not hold, and their redaction: every attribute the schema
//! marks sensitive or write-only, wherever it is nested, is replaced by null in the
//! recorded bytes, and its path is listed beside them.

use std::collections::HashMap;
use std::ops::Range;

use crate::protocol::proto::tfplugin6 as pb;

use super::msgpack::{self, Kind, Mp};

/// The schema blocks of every type a provider serves, by what a request names.
#[derive(Debug, Default)]
pub(crate) struct Secrets {
    provider: Option<pb::schema::Block>,
    provider_meta: Option<pb::schema::Block>,
    resources: HashMap<String, pb::schema::Block>,
    data_sources: HashMap<String, pb::schema::Block>,
    ephemerals: HashMap<String, pb::schema::Block>,
    lists: HashMap<String, pb::schema::Block>,
    actions: HashMap<String, pb::schema::Block>,
}

/// The family of types an RPC concerns, which says where its type name is looked up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Family {
    Provider,
    Resource,
    DataSource,
    Ephemeral,
    List,
    Action,
    /// Functions, state stores and the calls without values: nothing is redacted.
    None,
}

impl Family {
    /// The family of the RPC named `rpc`.
    pub(crate) fn of(rpc: &str) -> Family {
        match rpc {
            "ValidateProviderConfig" | "ConfigureProvider" => Family::Provider,
            "ValidateResourceConfig"
            | "UpgradeResourceState"
            | "ReadResource"
            | "PlanResourceChange"
            | "ApplyResourceChange"
            | "ImportResourceState"
            | "MoveResourceState"
            | "GenerateResourceConfig" => Family::Resource,
            "ValidateDataResourceConfig" | "ReadDataSource" => Family::DataSource,
            "ValidateEphemeralResourceConfig"
            | "OpenEphemeralResource"
            | "RenewEphemeralResource"
            | "CloseEphemeralResource" => Family::Ephemeral,
            "ListResource" | "ValidateListResourceConfig" => Family::List,
            "PlanAction" | "InvokeAction" | "ValidateActionConfig" => Family::Action,
            _ => Family::None,
        }
    }
}

fn blocks(map: &HashMap<String, pb::Schema>) -> HashMap<String, pb::schema::Block> {
    map.iter()
        .filter_map(|(name, schema)| Some((name.clone(), schema.block.clone()?)))
        .collect()
}

impl Secrets {
    /// The blocks of the provider's schema, as `GetProviderSchema` answers it.
    pub(crate) fn new(schema: &pb::get_provider_schema::Response) -> Secrets {
        let block = |schema: &Option<pb::Schema>| schema.as_ref().and_then(|s| s.block.clone());
        Secrets {
            provider: block(&schema.provider),
            provider_meta: block(&schema.provider_meta),
            resources: blocks(&schema.resource_schemas),
            data_sources: blocks(&schema.data_source_schemas),
            ephemerals: blocks(&schema.ephemeral_resource_schemas),
            lists: blocks(&schema.list_resource_schemas),
            actions: schema
                .action_schemas
                .iter()
                .filter_map(|(name, action)| {
                    Some((name.clone(), action.schema.as_ref()?.block.clone()?))
                })
                .collect(),
        }
    }

    /// The block of a value in field `field` of a message of `rpc` about `type_name`:
    /// `provider_meta` is the provider_meta block; a list's found objects are resources.
    pub(crate) fn block(
        &self,
        rpc: &str,
        field: &str,
        type_name: &str,
    ) -> Option<&pb::schema::Block> {
        if field == "provider_meta" {
            return self.provider_meta.as_ref();
        }
        match Family::of(rpc) {
            Family::Provider => self.provider.as_ref(),
            Family::Resource => self.resources.get(type_name),
            Family::DataSource => self.data_sources.get(type_name),
            Family::Ephemeral => self.ephemerals.get(type_name),
            Family::List if field == "resource_object" => self.resources.get(type_name),
            Family::List => self.lists.get(type_name),
            Family::Action => self.actions.get(type_name),
            Family::None => None,
        }
    }
}

/// The MessagePack `bytes` of a value of `block` with every sensitive or write-only
/// attribute's value replaced by nil, and the paths of those replaced (a null secret is
/// left as it is and not listed).
///
/// # Errors
/// Bytes that are not MessagePack.
pub(crate) fn redact_msgpack(
    bytes: &[u8],
    block: &pb::schema::Block,
) -> Result<(Vec<u8>, Vec<String>), String> {
    let value = msgpack::read(bytes)?;
    let mut found = Found::default();
    walk_block(&value, block, "", &mut found);
    let Found { mut spans, paths } = found;
    Ok((msgpack::with_nils(bytes, &mut spans), paths))
}

#[derive(Default)]
struct Found {
    spans: Vec<Range<usize>>,
    paths: Vec<String>,
}

fn walk_block(value: &Mp, block: &pb::schema::Block, path: &str, found: &mut Found) {
    walk_attributes(value, &block.attributes, path, found);
    for nested in &block.block_types {
        let (Some(inner), Some(value)) = (&nested.block, value.entry(&nested.type_name)) else {
            continue;
        };
        let path = format!("{path}.{}", nested.type_name);
        each_element(value, &path, block_is_map(nested), &mut |element, path| {
            walk_block(element, inner, path, found)
        });
    }
}

fn walk_attributes(
    value: &Mp,
    attributes: &[pb::schema::Attribute],
    path: &str,
    found: &mut Found,
) {
    for attribute in attributes {
        let Some(value) = value.entry(&attribute.name) else {
            continue;
        };
        let path = format!("{path}.{}", attribute.name);
        if attribute.sensitive || attribute.write_only {
            if value.kind != Kind::Nil {
                found.spans.push(value.span.clone());
                found.paths.push(path);
            }
        } else if let Some(object) = &attribute.nested_type {
            each_element(value, &path, object_is_map(object), &mut |element, path| {
                walk_attributes(element, &object.attributes, path, found)
            });
        }
    }
}

/// Calls `each` with each element of an array (a list or set), each value of a map when
/// `map` (a block or nested attribute of MAP nesting), or else the value itself (a single
/// object), with its path.
fn each_element(value: &Mp, path: &str, map: bool, each: &mut dyn FnMut(&Mp, &str)) {
    match &value.kind {
        Kind::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                each(item, &format!("{path}[{i}]"));
            }
        }
        Kind::Map(entries) if map => {
            for (key, item) in entries {
                let Kind::Str(key) = &key.kind else { continue };
                each(item, &format!("{path}[{:?}]", String::from_utf8_lossy(key)));
            }
        }
        _ => each(value, path),
    }
}

/// Whether a nested block is of MAP nesting.
fn block_is_map(nested: &pb::schema::NestedBlock) -> bool {
    nested.nesting == pb::schema::nested_block::NestingMode::Map as i32
}

/// Whether nested attributes are of MAP nesting.
fn object_is_map(object: &pb::schema::Object) -> bool {
    object.nesting == pb::schema::object::NestingMode::Map as i32
}

/// A state as JSON text (`RawState.json`) with every sensitive or write-only attribute's
/// value replaced by null, and the paths replaced.
///
/// # Errors
/// Text that is not JSON.
pub(crate) fn redact_json(
    text: &[u8],
    block: &pb::schema::Block,
) -> Result<(Vec<u8>, Vec<String>), String> {
    let mut value: serde_json::Value =
        serde_json::from_slice(text).map_err(|e| format!("the state is not JSON: {e}"))?;
    let mut paths = Vec::new();
    json_block(&mut value, block, "", &mut paths);
    if paths.is_empty() {
        return Ok((text.to_vec(), paths));
    }
    Ok((value.to_string().into_bytes(), paths))
}

fn json_block(
    value: &mut serde_json::Value,
    block: &pb::schema::Block,
    path: &str,
    paths: &mut Vec<String>,
) {
    json_attributes(value, &block.attributes, path, paths);
    for nested in &block.block_types {
        let Some(inner) = &nested.block else { continue };
        let Some(value) = value.get_mut(&nested.type_name) else {
            continue;
        };
        let path = format!("{path}.{}", nested.type_name);
        json_elements(value, &path, block_is_map(nested), &mut |element, path| {
            json_block(element, inner, path, paths)
        });
    }
}

fn json_attributes(
    value: &mut serde_json::Value,
    attributes: &[pb::schema::Attribute],
    path: &str,
    paths: &mut Vec<String>,
) {
    for attribute in attributes {
        let Some(value) = value.get_mut(&attribute.name) else {
            continue;
        };
        let path = format!("{path}.{}", attribute.name);
        if attribute.sensitive || attribute.write_only {
            if !value.is_null() {
                *value = serde_json::Value::Null;
                paths.push(path);
            }
        } else if let Some(object) = &attribute.nested_type {
            json_elements(value, &path, object_is_map(object), &mut |element, path| {
                json_attributes(element, &object.attributes, path, paths)
            });
        }
    }
}

fn json_elements(
    value: &mut serde_json::Value,
    path: &str,
    map: bool,
    each: &mut dyn FnMut(&mut serde_json::Value, &str),
) {
    match value {
        serde_json::Value::Array(items) => {
            for (i, item) in items.iter_mut().enumerate() {
                each(item, &format!("{path}[{i}]"));
            }
        }
        serde_json::Value::Object(entries) if map => {
            for (key, item) in entries.iter_mut() {
                each(item, &format!("{path}[{key:?}]"));
            }
        }
        _ => each(value, path),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attribute(name: &str, sensitive: bool, write_only: bool) -> pb::schema::Attribute {
        pb::schema::Attribute {
            name: name.to_owned(),
            sensitive,
            write_only,
            ..Default::default()
        }
    }

    fn block() -> pb::schema::Block {
        pb::schema::Block {
            attributes: vec![
                attribute("id", false, false),
                attribute("password", true, false),
                attribute("token", false, true),
            ],
            block_types: vec![pb::schema::NestedBlock {
                type_name: "disk".to_owned(),
                block: Some(pb::schema::Block {
                    attributes: vec![attribute("key", true, false)],
                    ..Default::default()
                }),
                nesting: pb::schema::nested_block::NestingMode::List as i32,
                ..Default::default()
            }],
            ..Default::default()
        }
    }

    #[test]
    fn sensitive_and_write_only_values_become_nil_at_their_paths() {
        // {"disk": [{"key": "k"}], "id": "x", "password": "p", "token": nil}
        let bytes = b"\x84\xa4disk\x91\x81\xa3key\xa1k\xa2id\xa1x\xa8password\xa1p\xa5token\xc0";
        let (redacted, paths) = redact_msgpack(bytes, &block()).unwrap();
        assert_eq!(
            redacted,
            b"\x84\xa4disk\x91\x81\xa3key\xc0\xa2id\xa1x\xa8password\xc0\xa5token\xc0"
        );
        assert_eq!(paths, [".password", ".disk[0].key"]);
    }

    #[test]
    fn a_raw_state_is_redacted_as_json() {
        let text = br#"{"disk":[{"key":"k"}],"id":"x","password":"p"}"#;
        let (redacted, paths) = redact_json(text, &block()).unwrap();
        assert_eq!(
            redacted,
            br#"{"disk":[{"key":null}],"id":"x","password":null}"#
        );
        assert_eq!(paths, [".password", ".disk[0].key"]);
        let clean = br#"{"id": "x"}"#;
        assert_eq!(
            redact_json(clean, &block()).unwrap().0,
            clean,
            "unchanged bytes"
        );
    }
}
