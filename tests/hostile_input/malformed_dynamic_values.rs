//! Malformed dynamic values

use super::common::{
    check, check_msg, dynamic_with_bad_type_json, dynamic_with_too_deep_type, quick,
};
use serde::Deserialize;
use std::fmt::Debug;
use tfvalue::limits::MAX_DEPTH;
use tfvalue::{ErrorKind, Type, Value};
use tfvalue_suite::hex;

#[test]
fn dynamic_with_the_wrong_number_of_elements() {
    check(
        Value::from_msgpack(&hex("91 c4 08 22 73 74 72 69 6e 67 22"), &Type::Dynamic),
        ErrorKind::Type,
        "",
        "expected a dynamic value as a 2-element array [type, value], found an array of 1 \
         elements",
    );
    check(
        Value::from_msgpack(
            &hex("93 c4 08 22 73 74 72 69 6e 67 22 a1 61 a1 62"),
            &Type::Dynamic,
        ),
        ErrorKind::Type,
        "",
        "expected a dynamic value as a 2-element array [type, value], found an array of 3 \
         elements",
    );
    check(
        Value::from_msgpack(&hex("90"), &Type::Dynamic),
        ErrorKind::Type,
        "",
        "expected a dynamic value as a 2-element array [type, value], found an array of 0 \
         elements",
    );
    // Inside an object, through a Rust `Value` field.
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct M {
        d: Value,
    }
    check(
        tfvalue::msgpack::from_slice::<M>(&hex("81 a1 64 91 c0")),
        ErrorKind::Type,
        ".d",
        "expected a dynamic value as a 2-element array [type, value], found an array of 1 \
         elements",
    );
}

#[test]
fn dynamic_whose_type_is_not_binary_or_text() {
    for (input, found) in [
        ("92 01 a1 61", "a number"),
        ("92 c0 a1 61", "null"),
        ("92 91 a1 61 a1 61", "a list, set or tuple"),
        ("92 d4 00 00 a1 61", "an unknown value"),
    ] {
        check(
            Value::from_msgpack(&hex(input), &Type::Dynamic),
            ErrorKind::Type,
            "",
            &format!(
                "expected a dynamic value's type constraint (JSON as binary data), found {found}"
            ),
        );
    }
    // Not an array at all.
    check(
        Value::from_msgpack(&hex("a1 61"), &Type::Dynamic),
        ErrorKind::Type,
        "",
        "expected a dynamic value ([type, value] array), found a string",
    );
}

#[test]
fn dynamic_with_a_malformed_type_constraint() {
    check_msg(
        dynamic_with_bad_type_json(),
        "",
        "invalid type constraint: invalid JSON: expected value at line 1 column 1",
    );
    let e = quick("deep type", dynamic_with_too_deep_type).expect_err("too deep");
    assert_eq!(e.path().to_string(), "");
    // 300 levels: the type constraint's own limit (MAX_DEPTH) stops it, the one limit of
    // type nesting (the JSON parser has none of its own).
    assert_eq!(
        e.message(),
        format!(
            "invalid type constraint at {}: type constraint nested more than {MAX_DEPTH} \
             levels deep",
            "[1]".repeat(MAX_DEPTH)
        )
    );
}

#[test]
fn type_json_nested_beyond_the_limit() {
    // Beyond MAX_DEPTH, built as a serde_json value.
    let mut v = serde_json::json!("string");
    for _ in 0..=MAX_DEPTH {
        v = serde_json::json!(["list", v]);
    }
    check(
        Type::from_json_value(&v),
        ErrorKind::Limit,
        "",
        &format!(
            "invalid type constraint at {}: type constraint nested more than 256 levels deep",
            "[1]".repeat(MAX_DEPTH)
        ),
    );
}
