//! Refinement payloads of the wrong shape

use super::common::{
    bad_number_texts, check_msg, duplicate_attribute, duplicate_attribute_in_order,
    duplicate_map_key, dynamic_with_bad_type_json, dynamic_with_too_deep_type, kind_of, mp_str,
    nan32_as_value, nan_as_number, nan_as_value, nan_nested_in_value, ty, BOUND_UNKNOWN,
    PREFIX_UNKNOWN,
};
use serde::Deserialize;
use std::fmt::Debug;
use tfvalue::{ErrorKind, Nullable, Number, Type, Unknown, Value};
use tfvalue_suite::hex;

fn prefix_on_a_number() -> tfvalue::Result<Value> {
    Value::from_msgpack(&hex(PREFIX_UNKNOWN), &Type::Number)
}

fn bounds_on_a_string() -> tfvalue::Result<Value> {
    Value::from_msgpack(&hex(BOUND_UNKNOWN), &Type::String)
}

fn length_on_a_number() -> tfvalue::Result<Value> {
    // {5: 1}: length lower bound 1.
    Value::from_msgpack(&hex("c7 03 0c 81 05 01"), &Type::Number)
}

fn payload_of_1025_bytes() -> tfvalue::Result<Value> {
    // {2: "aaa…"} with a 1021-byte prefix: 1 + 1 + 3 + 1021 = 1026 bytes. Use 1020 + a
    // trailing byte to land on exactly 1025: 1 + 1 + 3 + 1020 = 1025.
    let mut payload = hex("81 02 da 03 fc");
    payload.extend(std::iter::repeat_n(b'a', 1020));
    assert_eq!(payload.len(), 1025);
    let mut input = hex("c8 04 01 0c");
    input.extend_from_slice(&payload);
    Value::from_msgpack(&input, &Type::String)
}

fn non_map_payload() -> tfvalue::Result<Value> {
    Value::from_msgpack(&hex("d5 0c 92 01"), &Type::String)
}

fn truncated_payload() -> tfvalue::Result<Value> {
    // The map claims two entries; the body ends after the first.
    Value::from_msgpack(&hex("d6 0c 82 01 c2 02"), &Type::String)
}

fn refined_unknown_nested_in_objects() -> tfvalue::Result<Value> {
    let mut input = hex("81 a5 6f 75 74 65 72 82 a1 61 c0 a1 62");
    input.extend(hex(PREFIX_UNKNOWN));
    Value::from_msgpack(
        &input,
        &ty(r#"["object",{"outer":["object",{"a":"string","b":"number"}]}]"#),
    )
}

fn refined_unknown_in_a_list_in_a_map() -> tfvalue::Result<Value> {
    let mut input = hex("81 a1 6d 81 a1 6b 92 a1 78");
    input.extend(hex(BOUND_UNKNOWN));
    Value::from_msgpack(&input, &ty(r#"["object",{"m":["map",["list","string"]]}]"#))
}

#[test]
fn refinements_that_do_not_fit_the_type() {
    check_msg(
        prefix_on_a_number(),
        "",
        "a string prefix refinement is only valid for a string, but this value is a number",
    );
    check_msg(
        bounds_on_a_string(),
        "",
        "a number bound refinement is only valid for a number, but this value is a string",
    );
    check_msg(
        length_on_a_number(),
        "",
        "a length bound refinement is only valid for a list, set or map, but this value is a \
         number",
    );
    check_msg(
        refined_unknown_nested_in_objects(),
        ".outer.b",
        "a string prefix refinement is only valid for a string, but this value is a number",
    );
    check_msg(
        refined_unknown_in_a_list_in_a_map(),
        ".m[\"k\"][1]",
        "a number bound refinement is only valid for a number, but this value is a string",
    );
}

#[test]
fn refinements_on_dynamic_are_ignored() {
    // go-cty ignores (and never writes) refinements of a dynamic unknown.
    let v = Value::from_msgpack(&hex(PREFIX_UNKNOWN), &Type::Dynamic).expect("decodes");
    assert_eq!(v, Value::unknown(Type::Dynamic));
    assert_eq!(
        v.to_msgpack(&Type::Dynamic).expect("encodes"),
        hex("d4 00 00")
    );
}

#[test]
fn malformed_refinement_payloads() {
    check_msg(
        payload_of_1025_bytes(),
        "",
        "the refinements of an unknown value take 1025 bytes, more than the limit of 1024",
    );
    check_msg(
        non_map_payload(),
        "",
        "malformed refinements of an unknown value: expected a map, found an array",
    );
    check_msg(
        truncated_payload(),
        "",
        "malformed refinements of an unknown value: unexpected end of data",
    );
    // The same payloads into a typed field.
    check_msg(
        tfvalue::msgpack::from_slice::<Unknown<Nullable<String>>>(&hex("d5 0c 92 01")),
        "",
        "malformed refinements of an unknown value: expected a map, found an array",
    );
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct M {
        s: Unknown<Nullable<String>>,
    }
    check_msg(
        tfvalue::msgpack::from_slice::<M>(&hex("81 a1 73 d6 0c 82 01 c2 02")),
        ".s",
        "malformed refinements of an unknown value: unexpected end of data",
    );
}

#[test]
fn payload_of_exactly_1024_bytes_is_accepted() {
    let mut payload = hex("81 02 da 03 fb");
    payload.extend(std::iter::repeat_n(b'a', 1019));
    assert_eq!(payload.len(), 1024);
    let mut input = hex("c8 04 00 0c");
    input.extend_from_slice(&payload);
    let v = Value::from_msgpack(&input, &Type::String).expect("at the limit");
    let r = v.refinements().expect("unknown");
    assert_eq!(r.string_prefix().map(str::len), Some(1019));
}

#[test]
fn kinds_survive_serde_visitors() {
    assert_eq!(kind_of(nan_as_value()), ErrorKind::Number);
    assert_eq!(kind_of(nan32_as_value()), ErrorKind::Number);
    assert_eq!(kind_of(nan_as_number()), ErrorKind::Number);
    assert_eq!(kind_of(nan_nested_in_value()), ErrorKind::Number);
    for (text, kind, _) in bad_number_texts() {
        let input = mp_str(&text);
        assert_eq!(
            kind_of(tfvalue::msgpack::from_slice::<Number>(&input)),
            kind,
            "{text:.20}"
        );
        assert_eq!(
            kind_of(Value::from_msgpack(&input, &Type::Number)),
            kind,
            "{text:.20}"
        );
    }
    assert_eq!(kind_of(duplicate_map_key()), ErrorKind::Attribute);
    assert_eq!(kind_of(duplicate_attribute()), ErrorKind::Attribute);
    assert_eq!(
        kind_of(duplicate_attribute_in_order()),
        ErrorKind::Attribute
    );
    assert_eq!(
        kind_of(dynamic_with_bad_type_json()),
        ErrorKind::TypeConstraint
    );
    assert_eq!(kind_of(dynamic_with_too_deep_type()), ErrorKind::Limit);
    assert_eq!(kind_of(prefix_on_a_number()), ErrorKind::Refinement);
    assert_eq!(kind_of(bounds_on_a_string()), ErrorKind::Refinement);
    assert_eq!(kind_of(length_on_a_number()), ErrorKind::Refinement);
    assert_eq!(
        kind_of(refined_unknown_nested_in_objects()),
        ErrorKind::Refinement
    );
    assert_eq!(
        kind_of(refined_unknown_in_a_list_in_a_map()),
        ErrorKind::Refinement
    );
    assert_eq!(kind_of(payload_of_1025_bytes()), ErrorKind::Limit);
    assert_eq!(kind_of(non_map_payload()), ErrorKind::Refinement);
    assert_eq!(kind_of(truncated_payload()), ErrorKind::Refinement);
    assert_eq!(
        kind_of(tfvalue::msgpack::from_slice::<Unknown<Nullable<String>>>(
            &hex("d5 0c 92 01")
        )),
        ErrorKind::Refinement
    );
    // Missing and unsupported attributes of a Value object.
    let t = ty(r#"["object",{"a":"number","b":"number"}]"#);
    assert_eq!(
        kind_of(Value::from_msgpack(&hex("81 a1 61 01"), &t)),
        ErrorKind::Attribute
    );
    assert_eq!(
        kind_of(Value::from_msgpack(&hex("82 a1 61 01 a1 7a 01"), &t)),
        ErrorKind::Attribute
    );
}
