//! The JSON codec.

use super::attribute_flags::{Flags, FLAGS_JSON};
use super::common::{path, wire_unknown};
use super::generics::G;
use super::item_limits::{Limits, LIMITS_OK};
use super::nested_attributes::{Nested, NESTED_JSON};
use super::nested_blocks::{Blocks, BLOCKS_JSON};
use super::rust_types::{Collections, Numbers, Obj, COLLECTIONS_JSON, NUMBERS_JSON};
use serde::de::DeserializeOwned;
use serde::Serialize;
use tfvalue::{ErrorKind, TfSchema, Value};

#[track_caller]
fn json_round_trip<T: TfSchema + Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(
    json: &str,
) {
    let ty = T::schema().object_type();
    let value = Value::from_json(json.as_bytes(), ty).expect("value");
    let text = value.to_json(ty).expect("json");
    let from_json: T = tfvalue::json::from_slice(&text)
        .unwrap_or_else(|e| panic!("{}: {e}", String::from_utf8_lossy(&text)));
    let again = tfvalue::json::to_vec(&from_json).expect("encode json");
    assert_eq!(
        String::from_utf8_lossy(&again),
        String::from_utf8_lossy(&text)
    );
    // The same model through MessagePack.
    let from_msgpack: T = tfvalue::msgpack::from_slice(&value.to_msgpack(ty).expect("msgpack"))
        .expect("decode msgpack");
    assert_eq!(from_json, from_msgpack);
}

#[test]
fn json_codec_round_trips() {
    json_round_trip::<Flags>(FLAGS_JSON);
    json_round_trip::<Numbers>(NUMBERS_JSON);
    json_round_trip::<Collections>(COLLECTIONS_JSON);
    json_round_trip::<Blocks>(BLOCKS_JSON);
    json_round_trip::<Nested>(NESTED_JSON);
    json_round_trip::<Limits>(LIMITS_OK);
    json_round_trip::<G<Obj>>(r#"{"v":{"a":"x","opt":1}}"#);
    // JSON cannot carry an unknown value: encoding names its path.
    let bytes = wire_unknown(Blocks::schema().object_type(), BLOCKS_JSON, &[".list[1].v"]);
    let m: Blocks = tfvalue::msgpack::from_slice(&bytes).expect("decode");
    let e = tfvalue::json::to_vec(&m).expect_err("no unknowns in JSON");
    assert_eq!(e.kind(), ErrorKind::Unknown);
    assert_eq!(e.path(), path(".list[1].v"));
}
