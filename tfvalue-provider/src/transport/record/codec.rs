//! A protocol message as a cassette holds it, and back: JSON whose keys are the field
//! names of `tfplugin6.proto`, with secrets redacted.
//!
//! | protobuf | JSON |
//! |---|---|
//! | a message | an object of its set fields (a proto3 field at its default is left out) |
//! | `bool`, numbers, `string` | themselves |
//! | an enum | its value's name (a number it does not name: the number) |
//! | `repeated` | an array |
//! | `map<string, _>` | an object |
//! | `bytes` | lower-case hex; a field named `json` or `type` (JSON text): the text, or `{"hex": …}` when it is not UTF-8 |
//! | `DynamicValue` | `{"msgpack": "<hex>", "value": <the value read>, "redacted": [<paths>]}` (`"unreadable": "<why>"` instead of `value` for bytes that are not one MessagePack value), or `{"json": "<text>", "redacted": [<paths>]}` |
//! | `RawState` | its fields, and `"redacted": [<paths>]` when its JSON had secrets |
//!
//! A `DynamicValue`'s `value` and any `redacted` list are for readers: reading a cassette
//! takes the bytes alone. Redacted, a value is null in the bytes (or the JSON text) too
//! (see `secrets.rs`); an ephemeral resource's result (`OpenEphemeralResource`'s `result`) is
//! redacted whole, listed as `"."`.

use prost::Message as _;
use prost_reflect::{
    DescriptorPool, DynamicMessage, Kind, MapKey, MessageDescriptor, MethodDescriptor,
    ReflectMessage as _, Value,
};
use serde_json::{Map, Value as J};

use super::msgpack::{self, hex, unhex};
use super::secrets::Secrets;

/// The descriptors of `tfplugin6.proto`, written by the build script.
static DESCRIPTORS: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/tfplugin6_descriptors.bin"));

/// The message descriptors of the protocol.
pub(crate) struct Codec {
    pool: DescriptorPool,
}

/// What an RPC's messages are redacted by: the RPC, and the schemas (none before the
/// schema is known).
pub(crate) struct Redaction<'a> {
    pub(crate) rpc: &'a str,
    pub(crate) secrets: Option<&'a Secrets>,
    /// The type the request names, for the answer's values.
    pub(crate) type_name: String,
}

impl Codec {
    /// The protocol's descriptors.
    ///
    /// # Errors
    /// Descriptors that do not decode (a build of this crate that went wrong).
    pub(crate) fn new() -> Result<Codec, String> {
        // Decoded once per process: every replayer and recording shares the pool (a clone
        // shares its contents).
        static POOL: std::sync::OnceLock<Result<DescriptorPool, String>> =
            std::sync::OnceLock::new();
        let pool = POOL.get_or_init(|| {
            DescriptorPool::decode(DESCRIPTORS)
                .map_err(|e| format!("the protocol's descriptors do not decode: {e}"))
        });
        Ok(Codec {
            pool: pool.clone()?,
        })
    }

    /// The method `rpc` of `tfplugin6.Provider`.
    ///
    /// # Errors
    /// When the service has no such method.
    pub(crate) fn method(&self, rpc: &str) -> Result<MethodDescriptor, String> {
        let service = self
            .pool
            .get_service_by_name("tfplugin6.Provider")
            .ok_or("the protocol's descriptors lack the service tfplugin6.Provider")?;
        let found = service.methods().find(|m| m.name() == rpc);
        found.ok_or_else(|| format!("`{rpc}` is not an RPC of tfplugin6.Provider"))
    }

    /// The protobuf `bytes` of a message of type `desc` as cassette JSON, redacted.
    ///
    /// # Errors
    /// Bytes that do not decode as the message, or a value that is not MessagePack.
    pub(crate) fn to_json(
        &self,
        desc: MessageDescriptor,
        bytes: &[u8],
        redaction: &mut Redaction<'_>,
    ) -> Result<J, String> {
        let message = DynamicMessage::decode(desc.clone(), bytes)
            .map_err(|e| format!("the bytes are not a {}: {e}", desc.full_name()))?;
        if let Some(name) = type_name_of(&message) {
            redaction.type_name = name;
        }
        message_json(&message, "", redaction)
    }

    /// Cassette JSON as the protobuf bytes of a message of type `desc`.
    ///
    /// # Errors
    /// What is wrong and where (`at` is the place of `json` in the cassette, as
    /// `request.config`): an unknown field, a value of the wrong kind, bad hex.
    pub(crate) fn bytes_of_json(
        &self,
        desc: MessageDescriptor,
        json: &J,
        at: &str,
    ) -> Result<Vec<u8>, String> {
        Ok(message_of(desc, json, at)?.encode_to_vec())
    }
}

/// The type a message names (`type_name`, or an action's `action_type`), if it names one.
fn type_name_of(message: &DynamicMessage) -> Option<String> {
    ["type_name", "target_type_name", "action_type"]
        .iter()
        .find_map(|field| match message.get_field_by_name(field).as_deref() {
            Some(Value::String(name)) if !name.is_empty() => Some(name.clone()),
            _ => None,
        })
}

fn message_json(
    message: &DynamicMessage,
    field: &str,
    redaction: &mut Redaction<'_>,
) -> Result<J, String> {
    match message.descriptor().full_name() {
        "tfplugin6.DynamicValue" => return dynamic_value_json(message, field, redaction),
        "tfplugin6.RawState" => return raw_state_json(message, field, redaction),
        _ => {}
    }
    // A message naming a type (an imported resource) speaks of it, not of the request's.
    let outer = redaction.type_name.clone();
    if let Some(name) = type_name_of(message) {
        redaction.type_name = name;
    }
    let mut object = Map::new();
    for (desc, value) in message.fields() {
        let json = value_json(value, &desc.kind(), desc.name(), redaction)?;
        object.insert(desc.name().to_owned(), json);
    }
    redaction.type_name = outer;
    Ok(J::Object(object))
}

fn value_json(
    value: &Value,
    kind: &Kind,
    field: &str,
    redaction: &mut Redaction<'_>,
) -> Result<J, String> {
    Ok(match value {
        Value::Bool(b) => J::Bool(*b),
        Value::I32(n) => J::from(*n),
        Value::I64(n) => J::from(*n),
        Value::U32(n) => J::from(*n),
        Value::U64(n) => J::from(*n),
        Value::F32(n) => J::from(f64::from(*n)),
        Value::F64(n) => J::from(*n),
        Value::String(s) => J::String(s.clone()),
        Value::Bytes(b) => bytes_json(b, field),
        Value::EnumNumber(n) => match kind {
            Kind::Enum(e) => match e.get_value(*n) {
                Some(v) => J::String(v.name().to_owned()),
                None => J::from(*n),
            },
            _ => J::from(*n),
        },
        Value::Message(m) => message_json(m, field, redaction)?,
        Value::List(items) => J::Array(
            items
                .iter()
                .map(|item| value_json(item, kind, field, redaction))
                .collect::<Result<_, _>>()?,
        ),
        Value::Map(entries) => {
            let value_kind = match kind {
                Kind::Message(entry) => entry.map_entry_value_field().kind(),
                other => other.clone(),
            };
            let mut keyed: Vec<(String, &Value)> = entries
                .iter()
                .map(|(key, value)| (map_key_text(key), value))
                .collect();
            keyed.sort_by(|a, b| a.0.cmp(&b.0));
            let mut object = Map::new();
            for (key, value) in keyed {
                object.insert(key, value_json(value, &value_kind, field, redaction)?);
            }
            J::Object(object)
        }
    })
}

fn map_key_text(key: &MapKey) -> String {
    match key {
        MapKey::String(s) => s.clone(),
        MapKey::Bool(b) => b.to_string(),
        MapKey::I32(n) => n.to_string(),
        MapKey::I64(n) => n.to_string(),
        MapKey::U32(n) => n.to_string(),
        MapKey::U64(n) => n.to_string(),
    }
}

/// Whether a `bytes` field holds JSON text (a state, a type).
fn is_text_field(field: &str) -> bool {
    field == "json" || field == "type"
}

fn bytes_json(bytes: &[u8], field: &str) -> J {
    match std::str::from_utf8(bytes) {
        Ok(text) if is_text_field(field) => J::String(text.to_owned()),
        Err(_) if is_text_field(field) => serde_json::json!({ "hex": hex(bytes) }),
        _ => J::String(hex(bytes)),
    }
}

fn dynamic_value_json(
    message: &DynamicMessage,
    field: &str,
    redaction: &mut Redaction<'_>,
) -> Result<J, String> {
    let bytes_of = |name: &str| match message.get_field_by_name(name).as_deref() {
        Some(Value::Bytes(b)) => b.to_vec(),
        _ => Vec::new(),
    };
    let (packed, text) = (bytes_of("msgpack"), bytes_of("json"));
    let mut object = Map::new();
    if !packed.is_empty() {
        let (packed, redacted) = if redaction.rpc == "OpenEphemeralResource" && field == "result" {
            (vec![0xc0], vec![".".to_owned()])
        } else {
            let block = redaction
                .secrets
                .and_then(|s| s.block(redaction.rpc, field, &redaction.type_name));
            match block.map(|block| super::secrets::redact_msgpack(&packed, block)) {
                Some(Ok(redacted)) => redacted,
                // Bytes that are not one MessagePack value cannot be searched for secrets:
                // the whole value is left out, as an ephemeral result is.
                Some(Err(_)) => (vec![0xc0], vec![".".to_owned()]),
                None => (packed, Vec::new()),
            }
        };
        object.insert("msgpack".to_owned(), J::String(hex(&packed)));
        match msgpack::read(&packed) {
            Ok(value) => {
                object.insert("value".to_owned(), value.to_json());
            }
            // Not one MessagePack value (Terraform sends none such; the service refuses it):
            // the bytes are kept as they came, for a replay to send again, with why they
            // show no value.
            Err(e) => {
                object.insert("unreadable".to_owned(), J::String(e));
            }
        }
        if !redacted.is_empty() {
            object.insert("redacted".to_owned(), J::from(redacted));
        }
    }
    if !text.is_empty() {
        let block = redaction
            .secrets
            .and_then(|s| s.block(redaction.rpc, field, &redaction.type_name));
        let (text, redacted) = if redaction.rpc == "OpenEphemeralResource" && field == "result" {
            (b"null".to_vec(), vec![".".to_owned()])
        } else {
            match block.map(|block| super::secrets::redact_json(&text, block)) {
                Some(Ok(redacted)) => redacted,
                // Text that is not JSON holds no attribute: recorded as it came, for the
                // replay to show.
                Some(Err(_)) | None => (text, Vec::new()),
            }
        };
        object.insert("json".to_owned(), bytes_json(&text, "json"));
        if !redacted.is_empty() {
            object.insert("redacted".to_owned(), J::from(redacted));
        }
    }
    Ok(J::Object(object))
}

fn raw_state_json(
    message: &DynamicMessage,
    field: &str,
    redaction: &mut Redaction<'_>,
) -> Result<J, String> {
    let mut message = message.clone();
    let mut redacted = Vec::new();
    let block = redaction
        .secrets
        .and_then(|s| s.block(redaction.rpc, field, &redaction.type_name));
    if let (Some(block), Some(Value::Bytes(text))) =
        (block, message.get_field_by_name("json").as_deref())
    {
        // A state that is not JSON is recorded as it came, for the provider to refuse.
        if let Ok((text, paths)) = super::secrets::redact_json(text, block) {
            redacted = paths;
            message.set_field_by_name("json", Value::Bytes(text.into()));
        }
    }
    let mut object = Map::new();
    for (desc, value) in message.fields() {
        let json = value_json(value, &desc.kind(), desc.name(), redaction)?;
        object.insert(desc.name().to_owned(), json);
    }
    if !redacted.is_empty() {
        object.insert("redacted".to_owned(), J::from(redacted));
    }
    Ok(J::Object(object))
}

/// The keys a cassette adds for readers, skipped when read back.
fn is_readers_key(desc: &MessageDescriptor, key: &str) -> bool {
    match desc.full_name() {
        "tfplugin6.DynamicValue" => key == "value" || key == "redacted" || key == "unreadable",
        "tfplugin6.RawState" => key == "redacted",
        _ => false,
    }
}

fn message_of(desc: MessageDescriptor, json: &J, at: &str) -> Result<DynamicMessage, String> {
    let J::Object(object) = json else {
        return Err(format!(
            "{at}: expected an object (a {}), found {}",
            desc.full_name(),
            kind_of(json)
        ));
    };
    let mut message = DynamicMessage::new(desc.clone());
    for (key, json) in object {
        let place = format!("{at}.{key}");
        let Some(field) = desc.get_field_by_name(key) else {
            if is_readers_key(&desc, key) {
                continue;
            }
            return Err(format!(
                "{place}: {} has no field `{key}`",
                desc.full_name()
            ));
        };
        let kind = field.kind();
        let value = if field.is_map() {
            let J::Object(entries) = json else {
                return Err(format!(
                    "{place}: expected an object (a map), found {}",
                    kind_of(json)
                ));
            };
            let Kind::Message(entry) = &kind else {
                return Err(format!("{place}: the map's descriptor names no entry type"));
            };
            let value_kind = entry.map_entry_value_field().kind();
            let mut map = std::collections::HashMap::new();
            for (k, v) in entries {
                map.insert(
                    MapKey::String(k.clone()),
                    single(&value_kind, v, key, &format!("{place}.{k}"))?,
                );
            }
            Value::Map(map)
        } else if field.is_list() {
            let J::Array(items) = json else {
                return Err(format!(
                    "{place}: expected an array, found {}",
                    kind_of(json)
                ));
            };
            let items = items
                .iter()
                .enumerate()
                .map(|(i, item)| single(&kind, item, key, &format!("{place}[{i}]")));
            Value::List(items.collect::<Result<_, _>>()?)
        } else {
            single(&kind, json, key, &place)?
        };
        message.set_field(&field, value);
    }
    Ok(message)
}

fn single(kind: &Kind, json: &J, field: &str, at: &str) -> Result<Value, String> {
    let wrong = |expected: &str| format!("{at}: expected {expected}, found {}", kind_of(json));
    let int = || json.as_i64().ok_or_else(|| wrong("an integer"));
    let uint = || json.as_u64().ok_or_else(|| wrong("a non-negative integer"));
    Ok(match kind {
        Kind::Bool => Value::Bool(json.as_bool().ok_or_else(|| wrong("true or false"))?),
        Kind::String => Value::String(json.as_str().ok_or_else(|| wrong("a string"))?.to_owned()),
        Kind::Int32 | Kind::Sint32 | Kind::Sfixed32 => {
            Value::I32(i32::try_from(int()?).map_err(|_| wrong("a 32-bit integer"))?)
        }
        Kind::Int64 | Kind::Sint64 | Kind::Sfixed64 => Value::I64(int()?),
        Kind::Uint32 | Kind::Fixed32 => {
            Value::U32(u32::try_from(uint()?).map_err(|_| wrong("a 32-bit unsigned integer"))?)
        }
        Kind::Uint64 | Kind::Fixed64 => Value::U64(uint()?),
        Kind::Float => Value::F32(json.as_f64().ok_or_else(|| wrong("a number"))? as f32),
        Kind::Double => Value::F64(json.as_f64().ok_or_else(|| wrong("a number"))?),
        Kind::Bytes => Value::Bytes(bytes_of(json, field, at)?.into()),
        Kind::Enum(e) => match json {
            J::String(name) => match e.get_value_by_name(name) {
                Some(v) => Value::EnumNumber(v.number()),
                None => {
                    return Err(format!(
                        "{at}: {name:?} is not a value of {}",
                        e.full_name()
                    ))
                }
            },
            J::Number(_) => {
                Value::EnumNumber(i32::try_from(int()?).map_err(|_| wrong("a 32-bit integer"))?)
            }
            _ => return Err(wrong(&format!("a name of {}", e.full_name()))),
        },
        Kind::Message(m) => Value::Message(message_of(m.clone(), json, at)?),
    })
}

fn bytes_of(json: &J, field: &str, at: &str) -> Result<Vec<u8>, String> {
    match json {
        J::String(text) if is_text_field(field) => Ok(text.as_bytes().to_vec()),
        J::String(text) => unhex(text).map_err(|e| format!("{at}: {e}")),
        J::Object(o) if o.len() == 1 && o.get("hex").is_some_and(J::is_string) => {
            unhex(o["hex"].as_str().unwrap_or_default()).map_err(|e| format!("{at}.hex: {e}"))
        }
        other => Err(format!(
            "{at}: expected hexadecimal text, found {}",
            kind_of(other)
        )),
    }
}

/// What a JSON value is, for error messages.
pub(crate) fn kind_of(json: &J) -> &'static str {
    match json {
        J::Null => "null",
        J::Bool(_) => "a boolean",
        J::Number(_) => "a number",
        J::String(_) => "a string",
        J::Array(_) => "an array",
        J::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::proto::tfplugin6 as pb;

    fn codec() -> Codec {
        Codec::new().unwrap()
    }

    fn none(rpc: &str) -> Redaction<'_> {
        Redaction {
            rpc,
            secrets: None,
            type_name: String::new(),
        }
    }

    /// A ReadResource request of `t_x` with `state` as its current state's MessagePack and
    /// `private` bytes, as the cassette's JSON; checks that the JSON writes the same bytes
    /// back.
    fn read_resource_json(state: &[u8], private: &[u8]) -> serde_json::Value {
        let request = pb::read_resource::Request {
            type_name: "t_x".into(),
            current_state: Some(pb::DynamicValue {
                msgpack: state.to_vec(),
                json: vec![],
            }),
            private: private.to_vec(),
            ..Default::default()
        };
        let bytes = request.encode_to_vec();
        let codec = codec();
        let desc = codec.method("ReadResource").unwrap().input();
        let json = codec
            .to_json(desc.clone(), &bytes, &mut none("ReadResource"))
            .unwrap();
        assert_eq!(codec.bytes_of_json(desc, &json, "request").unwrap(), bytes);
        json
    }

    #[test]
    fn a_request_is_json_by_field_name_and_back_byte_for_byte() {
        let json = read_resource_json(b"\x81\xa2id\xa1a", b"\x01\xff");
        assert_eq!(
            json,
            serde_json::json!({
                "type_name": "t_x",
                "current_state": {"msgpack": "81a26964a161", "value": {"id": "a"}},
                "private": "01ff",
            })
        );
    }

    #[test]
    fn enums_are_named_and_json_bytes_are_text() {
        let answer = pb::validate_resource_config::Response {
            diagnostics: vec![pb::Diagnostic {
                severity: pb::diagnostic::Severity::Error as i32,
                summary: "bad".into(),
                ..Default::default()
            }],
        };
        let codec = codec();
        let desc = codec.method("ValidateResourceConfig").unwrap().output();
        let json = codec
            .to_json(desc.clone(), &answer.encode_to_vec(), &mut none("x"))
            .unwrap();
        assert_eq!(
            json,
            serde_json::json!({"diagnostics": [{"severity": "ERROR", "summary": "bad"}]})
        );
        let raw = pb::RawState {
            json: br#"{"a":1}"#.to_vec(),
            ..Default::default()
        };
        let state = pb::upgrade_resource_state::Request {
            raw_state: Some(raw),
            ..Default::default()
        };
        let desc = codec.method("UpgradeResourceState").unwrap().input();
        let json = codec
            .to_json(desc, &state.encode_to_vec(), &mut none("x"))
            .unwrap();
        assert_eq!(
            json,
            serde_json::json!({"raw_state": {"json": "{\"a\":1}"}})
        );
    }

    #[test]
    fn json_text_that_is_not_utf8_and_unnamed_enum_numbers_round_trip() {
        let request = pb::upgrade_resource_state::Request {
            raw_state: Some(pb::RawState {
                json: b"\xff{".to_vec(),
                ..Default::default()
            }),
            ..Default::default()
        };
        let codec = codec();
        let desc = codec.method("UpgradeResourceState").unwrap().input();
        let bytes = request.encode_to_vec();
        let json = codec.to_json(desc.clone(), &bytes, &mut none("x")).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"raw_state": {"json": {"hex": "ff7b"}}})
        );
        assert_eq!(codec.bytes_of_json(desc, &json, "request").unwrap(), bytes);
        let answer = pb::validate_resource_config::Response {
            diagnostics: vec![pb::Diagnostic {
                severity: 9,
                ..Default::default()
            }],
        };
        let desc = codec.method("ValidateResourceConfig").unwrap().output();
        let bytes = answer.encode_to_vec();
        let json = codec.to_json(desc.clone(), &bytes, &mut none("x")).unwrap();
        assert_eq!(json, serde_json::json!({"diagnostics": [{"severity": 9}]}));
        assert_eq!(codec.bytes_of_json(desc, &json, "answer").unwrap(), bytes);
    }

    #[test]
    fn bytes_that_are_not_one_msgpack_value_are_kept_with_why() {
        // A map of one entry whose value is missing, then a stray byte after a whole value:
        // kept as they came (a replay sends them again), the reason beside them.
        for (packed, why) in [(&b"\x81\xa2id"[..], "81a26964"), (&b"\xc0\xc0"[..], "c0c0")] {
            let json = read_resource_json(packed, b"");
            let state = &json["current_state"];
            assert_eq!(state["msgpack"], why);
            assert!(state.get("value").is_none(), "{json}");
            assert!(
                state["unreadable"].as_str().is_some_and(|e| !e.is_empty()),
                "{json}"
            );
        }
    }

    #[test]
    fn an_ephemeral_result_is_redacted_whole() {
        let answer = pb::open_ephemeral_resource::Response {
            result: Some(pb::DynamicValue {
                msgpack: b"\xa1s".to_vec(),
                json: vec![],
            }),
            ..Default::default()
        };
        let codec = codec();
        let desc = codec.method("OpenEphemeralResource").unwrap().output();
        let json = codec
            .to_json(
                desc,
                &answer.encode_to_vec(),
                &mut none("OpenEphemeralResource"),
            )
            .unwrap();
        assert_eq!(
            json,
            serde_json::json!({"result": {"msgpack": "c0", "value": null, "redacted": ["."]}})
        );
    }

    #[test]
    fn a_value_in_json_is_redacted_as_one_in_msgpack() {
        let schema = pb::get_provider_schema::Response {
            resource_schemas: [(
                "t_x".to_owned(),
                pb::Schema {
                    block: Some(pb::schema::Block {
                        attributes: vec![pb::schema::Attribute {
                            name: "secret".into(),
                            sensitive: true,
                            ..Default::default()
                        }],
                        ..Default::default()
                    }),
                    ..Default::default()
                },
            )]
            .into(),
            ..Default::default()
        };
        let secrets = Secrets::new(&schema);
        let answer = pb::read_resource::Response {
            new_state: Some(pb::DynamicValue {
                msgpack: vec![],
                json: br#"{"secret":"s"}"#.to_vec(),
            }),
            ..Default::default()
        };
        let codec = codec();
        let desc = codec.method("ReadResource").unwrap().output();
        let mut redaction = Redaction {
            rpc: "ReadResource",
            secrets: Some(&secrets),
            type_name: "t_x".into(),
        };
        let json = codec
            .to_json(desc, &answer.encode_to_vec(), &mut redaction)
            .unwrap();
        assert_eq!(
            json,
            serde_json::json!({"new_state": {"json": "{\"secret\":null}", "redacted": [".secret"]}})
        );
        // MessagePack that cannot be searched for the secret (a map cut short after the
        // secret's name) is left out whole: a nil, redacted at the root.
        let answer = pb::read_resource::Response {
            new_state: Some(pb::DynamicValue {
                msgpack: b"\x81\xa6secret\xa1".to_vec(),
                json: vec![],
            }),
            ..Default::default()
        };
        let desc = codec.method("ReadResource").unwrap().output();
        let json = codec
            .to_json(desc, &answer.encode_to_vec(), &mut redaction)
            .unwrap();
        assert_eq!(
            json,
            serde_json::json!({"new_state": {"msgpack": "c0", "value": null, "redacted": ["."]}})
        );
    }

    #[test]
    fn bad_json_is_refused_naming_the_place() {
        let codec = codec();
        let desc = codec.method("ReadResource").unwrap().input();
        let cases = [
            (
                serde_json::json!({"nope": 1}),
                "request.nope: tfplugin6.ReadResource.Request has no field `nope`",
            ),
            (
                serde_json::json!({"type_name": 1}),
                "request.type_name: expected a string, found a number",
            ),
            (
                serde_json::json!({"private": "0"}),
                "request.private: hexadecimal of odd length 1",
            ),
            (
                serde_json::json!({"current_state": {"msgpack": 3}}),
                "request.current_state.msgpack: expected hexadecimal text, found a number",
            ),
            (
                serde_json::json!([]),
                "request: expected an object (a tfplugin6.ReadResource.Request), found an array",
            ),
        ];
        for (json, expected) in cases {
            assert_eq!(
                codec
                    .bytes_of_json(desc.clone(), &json, "request")
                    .unwrap_err(),
                expected
            );
        }
        assert_eq!(
            codec.method("Nope").unwrap_err(),
            "`Nope` is not an RPC of tfplugin6.Provider"
        );
    }
}
