//! Each limit of `tfvalue::limits` at the limit and one past it, through the decoders, with
//! the attribute path. (Nesting depth: `nesting_at_the_limit_is_accepted`; dynamic depth:
//! `dynamic_wrappers_at_and_past_their_limit`; refinement payload as given:
//! `payload_of_exactly_1024_bytes_is_accepted` and `payload_of_1025_bytes`.)

use super::common::{check, mp_str, quick, too_many_digits, ty, LIVE, PEAK};
use std::cell::Cell;
use tfvalue::limits::{MAX_NUMBER_EXPANSION, MAX_NUMBER_TEXT, MAX_REFINEMENT_PAYLOAD};
use tfvalue::{ErrorKind, Number, Type, Value};
use tfvalue_suite::hex;

/// `{"a": <value>}` in MessagePack, against `object({a = <ty>})`.
fn in_attribute_a(value: &[u8]) -> Vec<u8> {
    let mut input = hex("81 a1 61");
    input.extend_from_slice(value);
    input
}

fn object_a(ty_json: &str) -> Type {
    ty(&format!(r#"["object",{{"a":{ty_json}}}]"#))
}

#[test]
fn number_text_length_at_and_past_the_limit() {
    let t = object_a(r#""number""#);
    let at = "7".repeat(MAX_NUMBER_TEXT);
    let v = Value::from_msgpack(&in_attribute_a(&mp_str(&at)), &t).expect("1 MiB of digits");
    assert_eq!(
        v.attr("a")
            .and_then(Value::as_number)
            .map(|n| n.to_string()),
        Some(at)
    );
    let past = "7".repeat(MAX_NUMBER_TEXT + 1);
    let message = "number text is too long: 1048577 bytes, the limit is 1048576";
    check(
        Value::from_msgpack(&in_attribute_a(&mp_str(&past)), &t),
        ErrorKind::Limit,
        ".a",
        message,
    );
    check(
        Value::from_json(format!(r#"{{"a":{past}}}"#).as_bytes(), &t),
        ErrorKind::Limit,
        ".a",
        message,
    );
}

/// Terraform writes a configuration's `1e5000` out in full (5,001 digits): read, written
/// and read back unchanged, in MessagePack and JSON.
#[test]
fn numbers_terraform_writes_in_full_are_accepted() {
    let t = object_a(r#""number""#);
    let text = format!("1{}", "0".repeat(5000));
    let v = Value::from_msgpack(&in_attribute_a(&mp_str(&text)), &t).expect("1e5000");
    assert_eq!(
        v.to_msgpack(&t).expect("encodes"),
        in_attribute_a(&mp_str(&text))
    );
    let json = format!(r#"{{"a":{text}}}"#);
    assert_eq!(Value::from_json(json.as_bytes(), &t).expect("1e5000"), v);
    assert_eq!(v.to_json(&t).expect("encodes"), json.into_bytes());
}

#[test]
fn written_number_length_at_and_past_the_limit() {
    // Short text whose plain form (no exponent, as Terraform writes numbers) is 4096 bytes
    // decodes, is written out and reads back; one byte more is refused. This is what
    // bounds the exponent.
    let t = object_a(r#""number""#);
    for (at, past) in [
        ("1e4095", "1e4096"),
        ("-1e4094", "-1e4095"),
        ("1e-4094", "1e-4095"),
        ("-1e-4093", "-1e-4094"),
        ("123e-4094", "1234e-4095"),
    ] {
        let v = Value::from_msgpack(&in_attribute_a(&mp_str(at)), &t).expect(at);
        let n = v.attr("a").and_then(Value::as_number).cloned();
        assert_eq!(
            n.as_ref().map(|n| n.to_string().len()),
            Some(MAX_NUMBER_EXPANSION)
        );
        assert_eq!(n, Some(Number::parse(at).expect(at)));
        let json = v.to_json(&t).expect("encodes to JSON");
        assert_eq!(Value::from_json(&json, &t).expect("reads back"), v);
        let msgpack = v.to_msgpack(&t).expect("encodes to MessagePack");
        assert_eq!(Value::from_msgpack(&msgpack, &t).expect("reads back"), v);
        let message = too_many_digits(past, MAX_NUMBER_EXPANSION + 1);
        check(
            Value::from_msgpack(&in_attribute_a(&mp_str(past)), &t),
            ErrorKind::Limit,
            ".a",
            &message,
        );
        check(
            Value::from_json(format!(r#"{{"a":{past}}}"#).as_bytes(), &t),
            ErrorKind::Limit,
            ".a",
            &message,
        );
    }
}

/// A collection whose length prefix is believable (the bytes are there) but which fails
/// early: what was reserved up front from the claim stays within
/// [`tfvalue::limits::MAX_PREALLOC_BYTES`], for a `Value` map and list, `tfvalue::map::Map`
/// and `tfvalue::set::Set`.
#[test]
fn reservation_from_a_claimed_length_is_capped() {
    use tfvalue::limits::MAX_PREALLOC_BYTES;
    // Room for what reading the first entries allocates besides the reservation.
    let bound = MAX_PREALLOC_BYTES + (64 << 10);
    let n: u32 = 1_000_000;
    // A map of n entries `"" => ""`, the second key a number: fails at the second entry.
    let mut map = vec![0xdf];
    map.extend_from_slice(&n.to_be_bytes());
    map.extend_from_slice(&[0xa0, 0xa0, 0x01, 0xa0]);
    map.resize(5 + 2 * n as usize, 0xa0);
    // A list of n strings, the second a number.
    let mut list = vec![0xdd];
    list.extend_from_slice(&n.to_be_bytes());
    list.extend_from_slice(&[0xa0, 0x01]);
    list.resize(5 + n as usize, 0xa0);
    let peak = |what: &str, f: &dyn Fn() -> bool| {
        let before = LIVE.with(Cell::get);
        PEAK.with(|p| p.set(before));
        assert!(f(), "{what}: expected an error");
        let peak = PEAK.with(Cell::get) - before;
        assert!(
            peak <= bound,
            "{what} held {peak} bytes at once (bound {bound})"
        );
    };
    peak("Value map", &|| {
        Value::from_msgpack(&map, &ty(r#"["map","string"]"#)).is_err()
    });
    peak("Value list", &|| {
        Value::from_msgpack(&list, &ty(r#"["list","string"]"#)).is_err()
    });
    peak("Map", &|| {
        tfvalue::msgpack::from_slice::<tfvalue::map::Map<String>>(&map).is_err()
    });
    peak("Set", &|| {
        tfvalue::msgpack::from_slice::<tfvalue::set::Set<String>>(&list).is_err()
    });
}

#[test]
fn element_count_at_and_past_the_input_length() {
    // A list's elements take at least a byte each, a map's entries two: a length prefix
    // may claim exactly as many as the remaining bytes allow, and not one more.
    for (ty_json, at, past, count, message) in [
        (
            r#"["list","number"]"#,
            "dc 00 05 01 02 03 04 05",
            "dc 00 06 01 02 03 04 05",
            5,
            "truncated input: a length prefix claims 6 elements, but only 5 bytes remain \
             (each needs at least 1)",
        ),
        (
            r#"["map","number"]"#,
            "de 00 02 a0 01 a1 62 02",
            "de 00 03 a0 01 a1 62 02",
            2,
            "truncated input: a length prefix claims 3 entries, but only 5 bytes remain \
             (each needs at least 2)",
        ),
    ] {
        let t = object_a(ty_json);
        let at = in_attribute_a(&hex(at));
        let v = quick("at", || Value::from_msgpack(&at, &t)).expect(ty_json);
        let a = v.attr("a").expect("attribute a");
        let len = a.as_elements().map(<[Value]>::len);
        assert_eq!(
            len.or(a.as_map().map(|m| m.len())),
            Some(count),
            "{ty_json}"
        );
        let past = in_attribute_a(&hex(past));
        check(
            quick("past", || Value::from_msgpack(&past, &t)),
            ErrorKind::Syntax,
            ".a",
            message,
        );
    }
}

#[test]
fn refinement_payload_written_out_at_and_past_the_limit() {
    // {3: ["1e<exp>", true]}: 9 bytes on the wire, exp + 8 bytes written out in plain
    // digits (as Terraform writes numbers). At exp = 1016 that is 1024 bytes.
    let unknown = |exp: usize| {
        let text = format!("1e{exp}");
        let mut payload = vec![0x81, 0x03, 0x92, 0xa0 | text.len() as u8];
        payload.extend_from_slice(text.as_bytes());
        payload.push(0xc3);
        let mut out = vec![0xc7, payload.len() as u8, 0x0c];
        out.extend_from_slice(&payload);
        in_attribute_a(&out)
    };
    let t = object_a(r#""number""#);
    let v = Value::from_msgpack(&unknown(1016), &t).expect("at the limit");
    let written = v.to_msgpack(&t).expect("encodes");
    // 3 bytes of object and name, 4 of ext16 header, 1024 of payload.
    assert_eq!(written.len(), 3 + 4 + MAX_REFINEMENT_PAYLOAD);
    assert_eq!(Value::from_msgpack(&written, &t).expect("reads back"), v);
    check(
        Value::from_msgpack(&unknown(1017), &t),
        ErrorKind::Limit,
        ".a",
        "the refinements of an unknown value would take 1025 bytes written as Terraform \
         writes them (number bounds in plain digits, without an exponent), more than the \
         limit of 1024",
    );
}
