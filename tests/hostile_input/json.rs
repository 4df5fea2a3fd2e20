//! JSON: the same hostile cases where JSON has them

use super::common::{
    bad_number_texts, bench_type, check, kind_of, quick, too_many_digits, ty, BenchVm, Node, Tree,
    Vm, DEEP, DEPTH_MESSAGE, DYNAMIC_DEPTH_MESSAGE,
};
use serde::Deserialize;
use std::fmt::Debug;
use tfvalue::limits::{MAX_DEPTH, MAX_DYNAMIC_DEPTH};
use tfvalue::{ErrorKind, Number, Type, Value};
use tfvalue_suite::data;

// JSON is read by tfvalue's own reader: one depth limit for the whole value, as in
// MessagePack (MAX_DEPTH containers; serde_json's own 128 no longer applies).

#[test]
fn json_deep_arrays() {
    let input = format!("{}{}", "[".repeat(DEEP), "]".repeat(DEEP));
    let mut t = Type::String;
    for _ in 0..300 {
        t = Type::list(t);
    }
    let r = quick("json arrays", || Value::from_json(input.as_bytes(), &t));
    check(r, ErrorKind::Limit, &"[0]".repeat(MAX_DEPTH), DEPTH_MESSAGE);
    let r = quick("json arrays any", || {
        tfvalue::json::from_slice::<serde_json::Value>(input.as_bytes())
    });
    check(r, ErrorKind::Limit, &"[0]".repeat(MAX_DEPTH), DEPTH_MESSAGE);
    let r = quick("json arrays Tree", || {
        tfvalue::json::from_slice::<Tree>(input.as_bytes())
    });
    assert_eq!(kind_of(r), ErrorKind::Limit);
}

#[test]
fn json_deep_objects_and_structs() {
    let maps = format!("{}1{}", r#"{"a":"#.repeat(DEEP), "}".repeat(DEEP));
    let r = quick("json maps", || {
        tfvalue::json::from_slice::<serde_json::Value>(maps.as_bytes())
    });
    check(
        r,
        ErrorKind::Limit,
        &"[\"a\"]".repeat(MAX_DEPTH),
        DEPTH_MESSAGE,
    );
    let nodes = format!("{}{}", r#"{"c":["#.repeat(DEEP), "]}".repeat(DEEP));
    let r = quick("json Node", || {
        tfvalue::json::from_slice::<Node>(nodes.as_bytes())
    });
    check(
        r,
        ErrorKind::Limit,
        &".c[0]".repeat(MAX_DEPTH / 2),
        DEPTH_MESSAGE,
    );
}

#[test]
fn json_nesting_at_the_limit() {
    let mut t = Type::String;
    for _ in 0..MAX_DEPTH {
        t = Type::list(t);
    }
    let ok = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
    let v = Value::from_json(ok.as_bytes(), &t).expect("256 levels");
    assert_eq!(v.to_json(&t).expect("encodes"), ok.as_bytes());
}

#[test]
fn json_deep_dynamic_wrappers_hit_the_depth_limit() {
    // Each `{"value": …, "type": "dynamic"}` level is one wrapper more: past 32 of them,
    // the dynamic limit stops the decoding whichever key comes first.
    for (levels, value_first) in [(33, true), (33, false), (1000, true), (1000, false)] {
        let input = json_wrappers(levels, value_first);
        let r = quick("json wrappers", || {
            Value::from_json(input.as_bytes(), &Type::Dynamic)
        });
        check(r, ErrorKind::Limit, "", DYNAMIC_DEPTH_MESSAGE);
    }
    // At the limit, both key orders decode.
    for value_first in [true, false] {
        let input = json_wrappers(MAX_DYNAMIC_DEPTH, value_first);
        assert_eq!(
            Value::from_json(input.as_bytes(), &Type::Dynamic).expect("decodes"),
            Value::null(Type::Dynamic)
        );
    }
}

fn json_wrappers(levels: usize, value_first: bool) -> String {
    if value_first {
        format!(
            "{}null{}",
            r#"{"value":"#.repeat(levels),
            r#","type":"dynamic"}"#.repeat(levels)
        )
    } else {
        format!(
            "{}null{}",
            r#"{"type":"dynamic","value":"#.repeat(levels),
            "}".repeat(levels)
        )
    }
}

#[test]
fn json_deep_dynamic_wrappers_fail_quickly() {
    for value_first in [true, false] {
        let input = json_wrappers(DEEP, value_first);
        let r = quick("json wrappers", || {
            Value::from_json(input.as_bytes(), &Type::Dynamic)
        });
        check(r, ErrorKind::Limit, "", DYNAMIC_DEPTH_MESSAGE);
    }
}

#[test]
fn json_every_strict_prefix_of_a_realistic_payload_is_an_error() {
    let payload = data("bench/payload-1.json");
    let t = bench_type();
    let whole = Value::from_json(&payload, &t).expect("payload-1.json decodes");
    // The same value as the msgpack payload, up to number representation (spot_price is a
    // float64 there and the decimal 0.0425 here): the same JSON.
    let from_msgpack = Value::from_msgpack(&data("bench/payload-1.msgpack"), &t).expect("decodes");
    assert_eq!(
        whole.to_json(&t).expect("encodes"),
        from_msgpack.to_json(&t).expect("encodes")
    );
    tfvalue::json::from_slice::<BenchVm>(&payload).expect("typed decode");
    for len in 0..payload.len() {
        let prefix = &payload[..len];
        for (how, kind) in [
            (
                "Value",
                Value::from_json(prefix, &t).err().map(|e| e.kind()),
            ),
            (
                "BenchVm",
                tfvalue::json::from_slice::<BenchVm>(prefix)
                    .err()
                    .map(|e| e.kind()),
            ),
        ] {
            assert_eq!(kind, Some(ErrorKind::Syntax), "{how}: prefix of {len}");
        }
    }
}

#[test]
fn json_invalid_utf8_and_trailing_text() {
    check(
        Value::from_json(b"{\"a\":\"x\xff\"}", &ty(r#"["object",{"a":"string"}]"#)),
        ErrorKind::Syntax,
        ".a",
        "invalid JSON: invalid UTF-8 at line 1 column 8 (byte 7)",
    );
    check(
        Value::from_json(b"{\"\xff\":\"x\"}", &ty(r#"["map","string"]"#)),
        ErrorKind::Syntax,
        "",
        "invalid JSON: invalid UTF-8 at line 1 column 3 (byte 2)",
    );
    // go-cty accepts trailing text (decode_vectors.jsonl json/trailing-garbage); tfvalue
    // does not. Trailing whitespace is fine.
    check(
        Value::from_json(b"\"a\" x", &Type::String),
        ErrorKind::Syntax,
        "",
        "invalid JSON: trailing characters at line 1 column 5",
    );
    assert_eq!(
        Value::from_json(b"\"a\" \n", &Type::String).expect("whitespace"),
        Value::from("a")
    );
    check(
        Value::from_json(b"", &Type::String),
        ErrorKind::Syntax,
        "",
        "invalid JSON: EOF while parsing a value at line 1 column 0",
    );
}

#[test]
fn json_numbers() {
    // NaN, hex and other non-JSON numbers are syntax errors before any number parsing.
    check(
        Value::from_json(b"NaN", &Type::Number),
        ErrorKind::Syntax,
        "",
        "invalid JSON: expected value at line 1 column 1",
    );
    check(
        Value::from_json(b"0x10", &Type::Number),
        ErrorKind::Syntax,
        "",
        "invalid JSON: trailing characters at line 1 column 2",
    );
    for (text, kind, message) in bad_number_texts() {
        let json_number = !text.is_empty()
            && text
                .bytes()
                .all(|b| b.is_ascii_digit() || b == b'e' || b == b'-');
        if !json_number {
            continue;
        }
        let what = &text[..text.len().min(20)];
        check(
            quick(what, || Value::from_json(text.as_bytes(), &Type::Number)),
            kind,
            "",
            &message,
        );
        check(
            quick(what, || {
                tfvalue::json::from_slice::<Number>(text.as_bytes())
            }),
            kind,
            "",
            &message,
        );
    }
    check(
        tfvalue::json::from_slice::<f64>(b"1e999999999"),
        ErrorKind::Limit,
        "",
        &too_many_digits("1e999999999", 1_000_000_000),
    );
    // Strings are not numbers in JSON (go-cty would parse them; tfvalue is strict).
    check(
        Value::from_json(b"\"12\"", &Type::Number),
        ErrorKind::Type,
        "",
        "expected number, found the string \"12\"",
    );
}

#[test]
fn json_numbers_into_floats_do_not_lose_precision() {
    check(
        tfvalue::json::from_slice::<f64>(b"3.14159265358979323846264338328"),
        ErrorKind::Number,
        "",
        "the number 3.14159265358979323846264338328 cannot be represented by a 64-bit float \
         without losing precision",
    );
    assert_eq!(
        kind_of(tfvalue::json::from_slice::<f64>(b"1e-999999999")),
        ErrorKind::Limit
    );
    assert_eq!(
        kind_of(tfvalue::json::from_slice::<f64>(b"1e-400")),
        ErrorKind::Number
    );
}

#[test]
fn json_duplicates() {
    check(
        Value::from_json(br#"{"a":1,"a":2}"#, &ty(r#"["map","number"]"#)),
        ErrorKind::Attribute,
        "",
        "duplicate map key \"a\"",
    );
    check(
        Value::from_json(
            br#"{"a":1,"a":2}"#,
            &ty(r#"["object",{"a":"number","b":"number"}]"#),
        ),
        ErrorKind::Attribute,
        "",
        "duplicate attribute \"a\"",
    );
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct M {
        a: u8,
        b: u8,
    }
    check(
        tfvalue::json::from_slice::<M>(br#"{"a":1,"a":2,"b":1}"#),
        ErrorKind::Attribute,
        "",
        "duplicate attribute \"a\"",
    );
}

#[test]
fn json_malformed_dynamic_values() {
    let head = "expected a dynamic value {\"value\": ..., \"type\": ...}, found";
    for (input, found) in [
        (r#"{"value":1}"#, "an object without \"type\""),
        (r#"{"type":"number"}"#, "an object without \"value\""),
        (
            r#"{"value":1,"type":"number","x":1}"#,
            "an object with the extra attribute \"x\"",
        ),
        ("[1]", "a list, set or tuple"),
    ] {
        check(
            Value::from_json(input.as_bytes(), &Type::Dynamic),
            ErrorKind::Type,
            "",
            &format!("{head} {found}"),
        );
    }
    check(
        Value::from_json(br#"{"value":1,"type":"nope"}"#, &Type::Dynamic),
        ErrorKind::TypeConstraint,
        "",
        "invalid type constraint: unknown type name \"nope\" (expected string, number, bool, \
         dynamic, or a [\"list\", T]-style array)",
    );
    check(
        Value::from_json(br#"{"value":"x","type":"number"}"#, &Type::Dynamic),
        ErrorKind::Type,
        "",
        "expected number, found the string \"x\"",
    );
}

#[test]
fn json_typed_errors() {
    check(
        tfvalue::json::from_slice::<Vm>(
            br#"{"disk":[{"id":null,"label":"a","size_gb":1},{"id":null,"label":"b","size_gb":2},{"id":null,"label":"c","size_gb":true}],"name":"vm"}"#,
        ),
        ErrorKind::Type,
        ".disk[2].size_gb",
        "expected number, found a bool",
    );
    check(
        tfvalue::json::from_slice::<u8>(b"300"),
        ErrorKind::Number,
        "",
        "expected a whole number from 0 to 255, found 300",
    );
    check(
        tfvalue::json::from_slice::<i64>(b"1.5"),
        ErrorKind::Number,
        "",
        "expected a whole number from -9223372036854775808 to 9223372036854775807, found 1.5",
    );
    assert_eq!(tfvalue::json::from_slice::<f64>(b"0.1").expect("0.1"), 0.1);
    assert_eq!(tfvalue::json::from_slice::<u8>(b"2.0").expect("2.0"), 2);
    // JSON: a missing attribute of a Value object is null (as Terraform); an unknown one is
    // an error.
    let t = ty(r#"["object",{"a":"number","b":"number"}]"#);
    assert_eq!(
        Value::from_json(br#"{"a":1}"#, &t)
            .expect("decodes")
            .attr("b"),
        Some(&Value::null(Type::Number))
    );
    check(
        Value::from_json(br#"{"a":1,"z":1}"#, &t),
        ErrorKind::Attribute,
        "",
        "unsupported attribute \"z\": the object type has no such attribute",
    );
}
