//! Length prefixes claiming more than the input holds

use super::common::{check, quick, ty};
use std::collections::BTreeMap;
use tfvalue::{ErrorKind, Nullable, Type, Unknown, Value};
use tfvalue_suite::hex;

#[test]
fn array32_claiming_4_billion_elements() {
    let input = hex("dd ff ff ff ff 00 00 00 00 00");
    let message = "truncated input: a length prefix claims 4294967295 elements, but only 5 bytes \
                   remain (each needs at least 1)";
    let r = quick("array32", || {
        Value::from_msgpack(&input, &ty(r#"["list","string"]"#))
    });
    check(r, ErrorKind::Syntax, "", message);
    let r = quick("array32 tuple", || {
        Value::from_msgpack(&input, &ty(r#"["tuple",["string"]]"#))
    });
    check(r, ErrorKind::Syntax, "", message);
    let r = quick("array32 Vec", || {
        tfvalue::msgpack::from_slice::<Vec<String>>(&input)
    });
    check(r, ErrorKind::Syntax, "", message);
    let r = quick("array32 any", || {
        tfvalue::msgpack::from_slice::<serde_json::Value>(&input)
    });
    check(r, ErrorKind::Syntax, "", message);
}

#[test]
fn map32_claiming_4_billion_entries() {
    let input = hex("df ff ff ff ff 00 00 00 00 00");
    let message = "truncated input: a length prefix claims 4294967295 entries, but only 5 bytes \
                   remain (each needs at least 2)";
    let r = quick("map32", || {
        Value::from_msgpack(&input, &ty(r#"["map","string"]"#))
    });
    check(r, ErrorKind::Syntax, "", message);
    let r = quick("map32 object", || {
        Value::from_msgpack(&input, &ty(r#"["object",{"a":"string"}]"#))
    });
    check(r, ErrorKind::Syntax, "", message);
    let r = quick("map32 BTreeMap", || {
        tfvalue::msgpack::from_slice::<BTreeMap<String, String>>(&input)
    });
    check(r, ErrorKind::Syntax, "", message);
}

#[test]
fn str32_claiming_4_gigabytes() {
    let input = hex("db ff ff ff ff 00 00 00 00 00");
    let message = "unexpected end of input at offset 5";
    let r = quick("str32", || Value::from_msgpack(&input, &Type::String));
    check(r, ErrorKind::Syntax, "", message);
    let r = quick("str32 String", || {
        tfvalue::msgpack::from_slice::<String>(&input)
    });
    check(r, ErrorKind::Syntax, "", message);
    let r = quick("str32 &str", || {
        tfvalue::msgpack::from_slice::<&str>(&input)
    });
    check(r, ErrorKind::Syntax, "", message);
    // As a number in text form, and as a map key.
    let r = quick("str32 Number", || {
        tfvalue::msgpack::from_slice::<f64>(&input)
    });
    check(r, ErrorKind::Syntax, "", message);
    let key = hex("81 db ff ff ff ff 00 00 00 00");
    let r = quick("str32 key", || {
        Value::from_msgpack(&key, &ty(r#"["map","string"]"#))
    });
    check(
        r,
        ErrorKind::Syntax,
        "",
        "unexpected end of input at offset 6",
    );
}

#[test]
fn bin32_claiming_4_gigabytes() {
    // The type constraint of a dynamic wrapper is binary data.
    let input = hex("92 c6 ff ff ff ff 00 00 00 00");
    let r = quick("bin32", || Value::from_msgpack(&input, &Type::Dynamic));
    check(
        r,
        ErrorKind::Syntax,
        "",
        "unexpected end of input at offset 6",
    );
    let r = quick("bin32 bytes", || {
        tfvalue::msgpack::from_slice::<&[u8]>(&input[1..])
    });
    check(
        r,
        ErrorKind::Syntax,
        "",
        "unexpected end of input at offset 5",
    );
}

#[test]
fn ext32_claiming_4_gigabytes() {
    let input = hex("c9 ff ff ff ff 0c 00 00 00 00");
    let message = "unexpected end of input at offset 6";
    let r = quick("ext32", || Value::from_msgpack(&input, &Type::String));
    check(r, ErrorKind::Syntax, "", message);
    let r = quick("ext32 dynamic", || {
        Value::from_msgpack(&input, &Type::Dynamic)
    });
    check(r, ErrorKind::Syntax, "", message);
    let r = quick("ext32 Unknown", || {
        tfvalue::msgpack::from_slice::<Unknown<Nullable<String>>>(&input)
    });
    check(r, ErrorKind::Syntax, "", message);
    // ext types other than 12 are skipped unread, but their length is still checked.
    let other = hex("c9 ff ff ff ff 05 00 00 00 00");
    let r = quick("ext32 type 5", || {
        Value::from_msgpack(&other, &Type::String)
    });
    check(r, ErrorKind::Syntax, "", message);
}

#[test]
fn length_claims_nested_inside_a_value_carry_the_path() {
    let input = hex("81 a1 61 91 dd ff ff ff ff");
    let r = quick("nested", || {
        Value::from_msgpack(
            &input,
            &ty(r#"["object",{"a":["list",["list","string"]]}]"#),
        )
    });
    check(
        r,
        ErrorKind::Syntax,
        ".a[0]",
        "truncated input: a length prefix claims 4294967295 elements, but only 0 bytes remain \
         (each needs at least 1)",
    );
}
