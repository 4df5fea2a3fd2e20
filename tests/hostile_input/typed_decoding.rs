//! Typed decoding: messages in Terraform's terms, with paths

use super::common::{check, check_msg, mp_str, ty, Vm, PREFIX_UNKNOWN};
use serde::Deserialize;
use std::fmt::Debug;
use tfvalue::{ErrorKind, Value};
use tfvalue_suite::hex;

/// A `Vm` whose third disk's `size_gb` is `bad` (hex), the others fine.
fn vm_with_bad_size(bad: &str) -> Vec<u8> {
    let disk = |size: &str| {
        let mut d = hex("83 a2 69 64 d4 00 00 a5 6c 61 62 65 6c a1 78 a7 73 69 7a 65 5f 67 62");
        d.extend(hex(size));
        d
    };
    let mut out = hex("82 a4 64 69 73 6b 93");
    out.extend(disk("01"));
    out.extend(disk("02"));
    out.extend(disk(bad));
    out.extend(hex("a4 6e 61 6d 65 a2 76 6d"));
    out
}

#[test]
fn typed_wrong_type_at_a_nested_path() {
    let ok: Vm = tfvalue::msgpack::from_slice(&vm_with_bad_size("03")).expect("valid");
    assert_eq!(ok.disk[2].size_gb, 3);
    check(
        tfvalue::msgpack::from_slice::<Vm>(&vm_with_bad_size("c3")),
        ErrorKind::Type,
        ".disk[2].size_gb",
        "expected number, found a bool",
    );
    check(
        tfvalue::msgpack::from_slice::<Vm>(&vm_with_bad_size("90")),
        ErrorKind::Type,
        ".disk[2].size_gb",
        "expected number, found a list, set or tuple",
    );
    check(
        tfvalue::msgpack::from_slice::<Vm>(&vm_with_bad_size("c0")),
        ErrorKind::Type,
        ".disk[2].size_gb",
        "expected number, found null",
    );
    // The same through `Value` against the matching type.
    let t = ty(
        r#"["object",{"disk":["list",["object",{"id":"string","label":"string","size_gb":"number"}]],"name":"string"}]"#,
    );
    check(
        Value::from_msgpack(&vm_with_bad_size("c3"), &t),
        ErrorKind::Type,
        ".disk[2].size_gb",
        "expected number, found a bool",
    );
}

#[test]
fn typed_non_numeric_string_for_a_number() {
    // Numbers may arrive as decimal text, so a string is parsed; text that is no number is
    // a string where a number belongs: a Type error quoting the text.
    check(
        tfvalue::msgpack::from_slice::<Vm>(&vm_with_bad_size("a1 78")),
        ErrorKind::Type,
        ".disk[2].size_gb",
        "expected number, found the string \"x\"",
    );
}

#[test]
fn typed_unknown_in_a_plain_field() {
    const HINT: &str = "this value is known only after apply; wrap the field's type in \
                        tfvalue::Unknown to accept it";
    // `label: String` receives `d4 00 00`.
    let mut input = hex("82 a4 64 69 73 6b 91 83 a2 69 64 c0 a5 6c 61 62 65 6c d4 00 00");
    input.extend(hex("a7 73 69 7a 65 5f 67 62 01 a4 6e 61 6d 65 a2 76 6d"));
    check(
        tfvalue::msgpack::from_slice::<Vm>(&input),
        ErrorKind::Unknown,
        ".disk[0].label",
        &format!("expected string, found an unknown value: {HINT}"),
    );
    // A refined unknown is no better.
    check(
        tfvalue::msgpack::from_slice::<Vm>(&vm_with_bad_size(PREFIX_UNKNOWN)),
        ErrorKind::Unknown,
        ".disk[2].size_gb",
        &format!("expected number, found an unknown value: {HINT}"),
    );
    // Unknown where a whole list is expected.
    check(
        tfvalue::msgpack::from_slice::<Vm>(&hex(
            "82 a4 64 69 73 6b d4 00 00 a4 6e 61 6d 65 a2 76 6d",
        )),
        ErrorKind::Unknown,
        ".disk",
        &format!("expected a list or set, found an unknown value: {HINT}"),
    );
    check(
        tfvalue::msgpack::from_slice::<bool>(&hex("d4 00 00")),
        ErrorKind::Unknown,
        "",
        &format!("expected bool, found an unknown value: {HINT}"),
    );
}

#[test]
fn typed_integer_out_of_range() {
    check(
        tfvalue::msgpack::from_slice::<Vm>(&vm_with_bad_size("cd 01 2c")),
        ErrorKind::Number,
        ".disk[2].size_gb",
        "expected a whole number from 0 to 255, found 300",
    );
    check(
        tfvalue::msgpack::from_slice::<u8>(&hex("ff")),
        ErrorKind::Number,
        "",
        "expected a whole number from 0 to 255, found -1",
    );
    check(
        tfvalue::msgpack::from_slice::<i8>(&mp_str("1e3")),
        ErrorKind::Number,
        "",
        "expected a whole number from -128 to 127, found 1000",
    );
    check(
        tfvalue::msgpack::from_slice::<u64>(&mp_str("18446744073709551617")),
        ErrorKind::Number,
        "",
        "expected a whole number from 0 to 18446744073709551615, found 18446744073709551617",
    );
    // At the edge: fine.
    assert_eq!(
        tfvalue::msgpack::from_slice::<u64>(&mp_str("18446744073709551615")).expect("u64::MAX"),
        u64::MAX
    );
}

#[test]
fn number_text_in_messages_is_exact() {
    check(
        tfvalue::msgpack::from_slice::<u64>(&mp_str("18446744073709551616")),
        ErrorKind::Number,
        "",
        "expected a whole number from 0 to 18446744073709551615, found 18446744073709551616",
    );
}

#[test]
fn typed_fraction_into_an_integer() {
    let message = "expected a whole number from -9223372036854775808 to 9223372036854775807, \
                   found 1.5";
    check(
        tfvalue::msgpack::from_slice::<i64>(&hex("cb 3f f8 00 00 00 00 00 00")),
        ErrorKind::Number,
        "",
        message,
    );
    check(
        tfvalue::msgpack::from_slice::<i64>(&mp_str("1.5")),
        ErrorKind::Number,
        "",
        message,
    );
    // A whole number written as a float or with an exponent is fine.
    assert_eq!(
        tfvalue::msgpack::from_slice::<i64>(&hex("cb 40 08 00 00 00 00 00 00")).expect("3.0"),
        3
    );
    assert_eq!(
        tfvalue::msgpack::from_slice::<i64>(&mp_str("2.5e1")).expect("25"),
        25
    );
}

#[test]
fn typed_decimal_text_into_floats() {
    // "0.1" is what Terraform sends for 0.1: it reads back as the f64 0.1.
    assert_eq!(
        tfvalue::msgpack::from_slice::<f64>(&mp_str("0.1")).expect("0.1"),
        0.1
    );
    assert_eq!(
        tfvalue::msgpack::from_slice::<f32>(&mp_str("0.1")).expect("0.1"),
        0.1_f32
    );
    // More digits than an f64 holds: an error rather than a silent rounding.
    check(
        tfvalue::msgpack::from_slice::<f64>(&mp_str("3.14159265358979323846264338328")),
        ErrorKind::Number,
        "",
        "the number 3.14159265358979323846264338328 cannot be represented by a 64-bit float \
         without losing precision",
    );
    check(
        tfvalue::msgpack::from_slice::<f64>(&mp_str("1e400")),
        ErrorKind::Number,
        "",
        "the number 1000000000000000000000000000000000000000... is too large for a 64-bit float",
    );
}

#[test]
fn typed_missing_and_unsupported_attributes() {
    // A disk without `size_gb`.
    let input =
        hex("82 a4 64 69 73 6b 91 82 a2 69 64 c0 a5 6c 61 62 65 6c a1 78 a4 6e 61 6d 65 a2 76 6d");
    check(
        tfvalue::msgpack::from_slice::<Vm>(&input),
        ErrorKind::Attribute,
        ".disk[0]",
        "missing attribute \"size_gb\"",
    );
    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Strict {
        a: u8,
    }
    check(
        tfvalue::msgpack::from_slice::<Strict>(&hex("82 a1 61 01 a1 7a 01")),
        ErrorKind::Attribute,
        "",
        "unsupported attribute \"z\"",
    );
}

#[test]
fn value_missing_and_unsupported_attributes() {
    let t = ty(r#"["object",{"a":"number","b":"number"}]"#);
    check_msg(
        Value::from_msgpack(&hex("81 a1 61 01"), &t),
        "",
        "missing attribute \"b\": every attribute of the object type must be present",
    );
    check_msg(
        Value::from_msgpack(&hex("82 a1 61 01 a1 7a 01"), &t),
        "",
        "unsupported attribute \"z\": the object type has no such attribute",
    );
}
