//! Invalid UTF-8, trailing bytes

use super::common::{check, ty};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt::Debug;
use tfvalue::{ErrorKind, Type, Value};
use tfvalue_suite::hex;

/// JSON input is checked to be UTF-8 as a whole before parsing; the error names the line,
/// column and byte of the first invalid byte and the path of the value it is in, and a
/// mistake earlier in the input is reported first.
#[test]
fn invalid_utf8_in_json() {
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct M {
        a: String,
        b: Vec<String>,
    }
    let at = |line: usize, column: usize, byte: usize| {
        format!("invalid JSON: invalid UTF-8 at line {line} column {column} (byte {byte})")
    };
    // In a string attribute, in a list element, and on the second line.
    check(
        tfvalue::json::from_slice::<M>(b"{\"a\":\"x\xff\",\"b\":[]}"),
        ErrorKind::Syntax,
        ".a",
        &at(1, 8, 7),
    );
    check(
        tfvalue::json::from_slice::<M>(b"{\"a\":\"x\",\n \"b\":[\"\",\"\xc3\x28\"]}"),
        ErrorKind::Syntax,
        ".b[1]",
        &at(2, 11, 20),
    );
    // In a map key: the path is the map's.
    check(
        tfvalue::json::from_slice::<BTreeMap<String, BTreeMap<String, bool>>>(
            b"{\"k\":{\"\xe2\x82\":true}}",
        ),
        ErrorKind::Syntax,
        "[\"k\"]",
        &at(1, 8, 7),
    );
    // Outside any string, and after a whole value.
    check(
        tfvalue::json::from_slice::<Vec<bool>>(b"[true,\xff]"),
        ErrorKind::Syntax,
        "[1]",
        &at(1, 7, 6),
    );
    check(
        tfvalue::json::from_slice::<Vec<bool>>(b"[true] \x80"),
        ErrorKind::Syntax,
        "",
        &at(1, 8, 7),
    );
    // An error before the invalid byte comes first.
    check(
        tfvalue::json::from_slice::<M>(b"{\"a\":5,\"b\":[\"\xff\"]}"),
        ErrorKind::Type,
        ".a",
        "expected string, found a number",
    );
    // A lenient decode, which skips attributes it does not know, checks them too.
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Lenient {
        b: bool,
    }
    check(
        tfvalue::json::from_slice_lenient::<Lenient>(b"{\"b\":true,\"z\":\"\xff\"}"),
        ErrorKind::Syntax,
        ".z",
        &at(1, 16, 15),
    );
}

#[test]
fn invalid_utf8_in_a_string() {
    // "a" then a lone continuation byte... then '(' after an invalid lead byte.
    let input = hex("81 a1 61 a3 61 c3 28");
    let message = "invalid UTF-8 in a string at offset 3 (byte 1 of the string)";
    check(
        Value::from_msgpack(&input, &ty(r#"["object",{"a":"string"}]"#)),
        ErrorKind::Syntax,
        ".a",
        message,
    );
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct M {
        a: String,
    }
    check(
        tfvalue::msgpack::from_slice::<M>(&input),
        ErrorKind::Syntax,
        ".a",
        message,
    );
    check(
        tfvalue::msgpack::from_slice::<BTreeMap<String, &str>>(&input),
        ErrorKind::Syntax,
        "[\"a\"]",
        message,
    );
}

#[test]
fn invalid_utf8_in_a_map_key_or_attribute_name() {
    let input = hex("81 a2 ff fe a1 61");
    let message = "invalid UTF-8 in a string at offset 1 (byte 0 of the string)";
    check(
        Value::from_msgpack(&input, &ty(r#"["map","string"]"#)),
        ErrorKind::Syntax,
        "",
        message,
    );
    // Attribute names are compared as bytes and validated only when looked up.
    check(
        Value::from_msgpack(&input, &ty(r#"["object",{"a":"string"}]"#)),
        ErrorKind::Syntax,
        "",
        "invalid UTF-8 in an attribute name (byte 0 of the name)",
    );
    check(
        tfvalue::msgpack::from_slice::<BTreeMap<String, String>>(&input),
        ErrorKind::Syntax,
        "",
        message,
    );
    // Nested one level: the path is that of the map holding the bad key.
    let nested = hex("81 a1 6d 81 a2 ff fe a1 61");
    check(
        Value::from_msgpack(&nested, &ty(r#"["object",{"m":["map","string"]}]"#)),
        ErrorKind::Syntax,
        ".m",
        "invalid UTF-8 in a string at offset 4 (byte 0 of the string)",
    );
}

#[test]
fn trailing_bytes_are_rejected() {
    // go-cty ignores trailing bytes; tfvalue is strict (ARCHITECTURE.md, "Strict by default").
    check(
        Value::from_msgpack(&hex("a1 61 ff ff"), &Type::String),
        ErrorKind::Syntax,
        "",
        "2 unexpected bytes after the end of the value (at offset 2)",
    );
    check(
        tfvalue::msgpack::from_slice::<String>(&hex("a1 61 c0")),
        ErrorKind::Syntax,
        "",
        "1 unexpected bytes after the end of the value (at offset 2)",
    );
    check(
        Value::from_msgpack(&hex("81 a1 61 01 81"), &ty(r#"["map","number"]"#)),
        ErrorKind::Syntax,
        "",
        "1 unexpected bytes after the end of the value (at offset 4)",
    );
}

#[test]
fn reserved_byte_c1_is_rejected() {
    check(
        Value::from_msgpack(&hex("91 c1"), &ty(r#"["list","string"]"#)),
        ErrorKind::Syntax,
        "[0]",
        "invalid MessagePack: reserved byte 0xc1 at offset 1",
    );
    check(
        tfvalue::msgpack::from_slice::<serde_json::Value>(&hex("c1")),
        ErrorKind::Syntax,
        "",
        "invalid MessagePack: reserved byte 0xc1 at offset 0",
    );
}
