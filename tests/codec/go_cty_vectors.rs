//! Every value go-cty 1.12.1 encoded (`tests/data/go-cty/vectors.jsonl`): tfvalue decodes
//! go-cty's MessagePack and re-encodes it to exactly go-cty's bytes, and its JSON codec agrees
//! with go-cty's JSON text. Where tfvalue deliberately differs, an exception table below says
//! how and why, and the tests check that the tables are exact: every listed case really
//! differs as described, and no other case differs at all.
//!
//! tfvalue follows go-cty 1.16.4 (Terraform 1.11-1.15; its own vectors are checked by
//! `go_cty_1_16_vectors.rs`): where 1.12.1 and 1.16.4 differ, the exception's reason says
//! "go-cty 1.16.4 is followed".

use serde::Deserialize;
use tfvalue::{ErrorKind, Type, Value};
use tfvalue_suite::{data_text, hex, to_hex};

/// One line of `vectors.jsonl`, with only the fields these tests need. (`json` holds
/// numbers beyond f64 range, so it is never parsed: `json_text` is the exact text.)
#[derive(Deserialize)]
struct Vector {
    name: String,
    #[serde(rename = "type")]
    ty: serde_json::Value,
    msgpack_hex: String,
    json_text: Option<String>,
    json_error: Option<String>,
}

fn vectors() -> Vec<Vector> {
    let text = data_text("go-cty/vectors.jsonl");
    let vectors: Vec<Vector> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect();
    assert_eq!(vectors.len(), 108, "vectors.jsonl changed");
    vectors
}

fn ty(v: &Vector) -> Type {
    Type::from_json_value(&v.ty).unwrap_or_else(|e| panic!("{}: bad type: {e}", v.name))
}

fn decode(v: &Vector) -> tfvalue::Result<Value> {
    Value::from_msgpack(&hex(&v.msgpack_hex), &ty(v))
}

fn names_sorted<'a>(names: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let mut names: Vec<&str> = names.into_iter().collect();
    names.sort_unstable();
    names
}

// ---------------------------------------------------------------------------------------
// MessagePack
// ---------------------------------------------------------------------------------------

/// Vectors whose MessagePack tfvalue does not round-trip, with the exact error it gives
/// instead: (name, error kind, error message, reason).
const MSGPACK_EXCEPTIONS: &[(&str, ErrorKind, &str, &str)] = &[(
    "string/invalid-utf8",
    ErrorKind::Syntax,
    "invalid UTF-8 in a string at offset 0 (byte 2 of the string)",
    "go-cty keeps the bytes ff fe as they are; a Rust string is UTF-8, and Terraform itself \
     only ever produces valid UTF-8, so tfvalue rejects the string rather than altering it",
)];

/// Vectors that decode but re-encode to other bytes than go-cty 1.12.1's: (name, the exact
/// decimal text tfvalue writes instead, as a MessagePack string, reason).
const MSGPACK_REENCODED: &[(&str, &str, &str)] = &[
    (
        "number/2^63",
        "9223372036854776000",
        "go-cty 1.16.4 is followed: a whole number outside the int64 range is written as a \
         string of decimal digits, never as a float64 (1.12.1's float64 cb43e0… made \
         Terraform fail an apply with an inconsistent final plan); a float64 from the wire \
         prints its shortest digits (go-cty-1.16.4/cases.jsonl, E1)",
    ),
    (
        "number/2^64",
        "18446744073709550000",
        "go-cty 1.16.4 is followed: a whole float64 past int64 is written as the string of \
         its shortest digits at 53 bits, not as the float64 cb43f0… (at a power of two \
         go-cty's big.Float counts the gap below as wide as the gap above: \
         go-cty-1.16.4/cases-2.jsonl, P)",
    ),
    (
        "number/1e300-float64",
        "100000000000000000000000000000000000000000000000000000000000000000000000\
         000000000000000000000000000000000000000000000000000000000000000000000000\
         000000000000000000000000000000000000000000000000000000000000000000000000\
         000000000000000000000000000000000000000000000000000000000000000000000000\
         0000000000000",
        "go-cty 1.16.4 is followed: a whole float64 past int64 is written as the string of \
         its shortest digits, 1 and 300 zeros (go-cty-1.16.4/cases.jsonl, A3), not as the \
         float64 cb7e37e43c8800759c",
    ),
    (
        "number/max-float64",
        "179769313486231570000000000000000000000000000000000000000000000000000000\
         000000000000000000000000000000000000000000000000000000000000000000000000\
         000000000000000000000000000000000000000000000000000000000000000000000000\
         000000000000000000000000000000000000000000000000000000000000000000000000\
         000000000000000000000",
        "go-cty 1.16.4 is followed: a whole float64 past int64 is written as the string of \
         its shortest digits, 17976931348623157 and 292 zeros, not as the float64 \
         cb7fefffffffffffff",
    ),
];

/// The MessagePack string (fixstr, str8 or str16) of `text`.
fn msgpack_str(text: &str) -> Vec<u8> {
    let len = text.len();
    let mut out = match len {
        0..=31 => vec![0xa0 | len as u8],
        32..=255 => vec![0xd9, len as u8],
        _ => vec![0xda, (len >> 8) as u8, len as u8],
    };
    assert!(len <= 0xffff);
    out.extend_from_slice(text.as_bytes());
    out
}

#[test]
fn msgpack_round_trips_to_go_cty_bytes() {
    let mut failures = Vec::new();
    let mut exceptions_seen = Vec::new();
    let mut reencoded_seen = Vec::new();
    for v in &vectors() {
        let ty = ty(v);
        let bytes = hex(&v.msgpack_hex);
        let exception = MSGPACK_EXCEPTIONS.iter().find(|e| e.0 == v.name);
        let reencoded = MSGPACK_REENCODED.iter().find(|e| e.0 == v.name);
        match (Value::from_msgpack(&bytes, &ty), exception) {
            (Ok(value), None) => match (value.to_msgpack(&ty), reencoded) {
                (Ok(out), None) if out == bytes => {}
                (Ok(out), Some(&(name, text, _))) if out == msgpack_str(text) => {
                    assert_ne!(out, bytes, "{name}: listed in MSGPACK_REENCODED");
                    reencoded_seen.push(name);
                }
                (Ok(out), _) => failures.push(format!(
                    "{}: re-encoded {} (go-cty {}, MSGPACK_REENCODED {:?})",
                    v.name,
                    to_hex(&out),
                    v.msgpack_hex,
                    reencoded.map(|e| e.1)
                )),
                (Err(e), _) => failures.push(format!("{}: cannot re-encode: {e:?}", v.name)),
            },
            (Err(e), None) => failures.push(format!("{}: cannot decode: {e:?}", v.name)),
            (Ok(value), Some(_)) => failures.push(format!(
                "{}: listed as an exception but decodes to {value:?}",
                v.name
            )),
            (Err(e), Some(&(name, kind, message, _))) => {
                assert_eq!(e.kind(), kind, "{name}: {e:?}");
                assert_eq!(e.to_string(), message, "{name}");
                exceptions_seen.push(name);
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(
        names_sorted(exceptions_seen),
        names_sorted(MSGPACK_EXCEPTIONS.iter().map(|e| e.0)),
        "exception table lists a name that is not in vectors.jsonl"
    );
    assert_eq!(
        names_sorted(reencoded_seen),
        names_sorted(MSGPACK_REENCODED.iter().map(|e| e.0)),
        "MSGPACK_REENCODED lists a name that is not in vectors.jsonl"
    );
}

/// Spot checks that the decoded values are the values go-cty describes (the round trip
/// alone would not notice a decoder and encoder that agree on a wrong value).
#[test]
fn msgpack_decodes_to_the_described_values() {
    let all = vectors();
    let get = |name: &str| {
        let v = all.iter().find(|v| v.name == name).expect(name);
        decode(v).unwrap_or_else(|e| panic!("{name}: {e:?}"))
    };
    let num = |s: &str| Value::Number(tfvalue::Number::parse(s).unwrap());
    assert_eq!(get("string/nfd-input"), Value::from("\u{e9}cole"));
    assert_eq!(get("number/2^63"), num("9223372036854775808"));
    assert_eq!(get("number/2^64"), num("18446744073709551616"));
    assert_eq!(get("number/-2^63-1"), num("-9223372036854775809"));
    assert_eq!(get("number/0.1-parsed"), num("0.1"));
    assert_eq!(get("number/3.0-float64"), num("3"));
    assert_eq!(get("number/1.5-float64"), num("1.5"));
    // A float64 on the wire is its exact binary value, not the shortest decimal.
    assert_eq!(
        get("number/0.1+0.2-float64"),
        num("0.3000000000000000444089209850062616169452667236328125")
    );
    assert_eq!(
        get("number/+inf"),
        Value::Number(tfvalue::Number::from_f64(f64::INFINITY).unwrap())
    );
    assert_eq!(
        get("list/with-unknown"),
        Value::List(
            Type::String,
            vec![Value::from("a"), Value::unknown(Type::String)]
        )
    );
    assert_eq!(get("null/dynamic"), Value::Null(Type::Dynamic));
    assert_eq!(get("unknown/dynamic"), Value::unknown(Type::Dynamic));
    assert_eq!(get("dynamic/string"), Value::from("hello"));
    assert_eq!(get("dynamic/null-string"), Value::Null(Type::String));
    let list = get("dynamic/list-of-dynamic");
    assert_eq!(list.ty(), Type::list(Type::String));
    assert_eq!(
        list,
        Value::List(Type::Dynamic, vec![Value::from("a"), Value::from("b")])
    );
}

// ---------------------------------------------------------------------------------------
// JSON
// ---------------------------------------------------------------------------------------

/// How a vector's JSON deliberately differs from go-cty's (exact list: every other vector
/// with `json_text` satisfies both JSON checks).
#[derive(Clone, Copy, Debug, PartialEq)]
enum JsonDiff {
    /// There is no decoded MessagePack value to compare with (the MessagePack is rejected).
    NoMsgpackValue,
    /// `from_json(json_text)` differs from the MessagePack value; `to_json` agrees with go-cty.
    FromJson,
    /// `from_json(json_text)` is the MessagePack value, but `to_json`'s text reads back as a
    /// different number than go-cty's text.
    ToJson,
    /// Both `from_json(json_text)` differs from the MessagePack value and `to_json`'s text
    /// reads back as a different number than go-cty's text.
    FromJsonAndToJson,
}

const JSON_EXCEPTIONS: &[(&str, JsonDiff, &str)] = &[
    (
        "string/invalid-utf8",
        JsonDiff::NoMsgpackValue,
        "the MessagePack string is rejected (see MSGPACK_EXCEPTIONS)",
    ),
    (
        "number/0.1+0.2-float64",
        JsonDiff::FromJson,
        "the wire float64 is exactly 0.3000000000000000444…; JSON (go-cty's and tfvalue's) \
         writes the shortest decimal that reads back as that float64, 0.30000000000000004, \
         which as an exact decimal is a different number",
    ),
    (
        "number/2^63",
        JsonDiff::ToJson,
        "go-cty 1.16.4 is followed: a float64 from the wire prints its shortest digits, \
         9223372036854776000 (go-cty-1.16.4/cases.jsonl, E1; 1.12.1's 53-bit decoding of \
         the float64 prints the same), while this vector's text 9223372036854775808 is the \
         JSON of the value before it was encoded; read as exact decimals, the texts differ",
    ),
    (
        "number/2^64",
        JsonDiff::ToJson,
        "go-cty 1.16.4 is followed: a float64 from the wire prints its shortest digits at 53 \
         bits, 18446744073709550000 (go-cty-1.16.4/cases-2.jsonl, P), not the exact \
         18446744073709551616 of this vector's text (the JSON of the value before it was \
         encoded)",
    ),
    (
        "number/1e300-float64",
        JsonDiff::FromJson,
        "the float64 nearest 1e300 is 1000000000000000052504760255204420248704468581108159…; \
         both encoders write the shortest round-trip text 1 followed by 300 zeros",
    ),
    (
        "number/max-float64",
        JsonDiff::FromJson,
        "the exact value of f64::MAX is 179769313486231570814527423731704356798070567525844996…; \
         both encoders write the shortest round-trip digits 17976931348623157 then zeros",
    ),
    (
        "number/5e-324-float64",
        JsonDiff::FromJson,
        "go-cty 1.16.4 is followed: both print 16 significant digits of a 53-bit big.Float, \
         which has no subnormals (0.000…4940656458412465: go-cty-1.16.4/cases-2.jsonl, Q), \
         which as an exact decimal is not the binary value 4.9406564584124654…e-324",
    ),
];

/// Vectors whose JSON encoding fails, with the error kind and the path it must name.
const JSON_ERRORS: &[(&str, ErrorKind, &str)] = &[
    ("number/+inf", ErrorKind::Number, ""),
    ("unknown/number", ErrorKind::Unknown, ""),
    ("unknown/bool", ErrorKind::Unknown, ""),
    ("unknown/set", ErrorKind::Unknown, ""),
    ("unknown/map", ErrorKind::Unknown, ""),
    ("unknown/tuple", ErrorKind::Unknown, ""),
    ("unknown/dynamic", ErrorKind::Unknown, ""),
    ("list/with-unknown", ErrorKind::Unknown, "[1]"),
    ("set/with-unknown", ErrorKind::Unknown, "[2]"),
    ("tuple/with-unknown", ErrorKind::Unknown, "[0]"),
    ("dynamic/unknown-dynamic", ErrorKind::Unknown, ""),
    ("dynamic/attr-unknown", ErrorKind::Unknown, ".v"),
];

/// Reads JSON text with tfvalue itself, so that numbers are compared exactly.
fn read_json(name: &str, text: &[u8], ty: &Type) -> Value {
    Value::from_json(text, ty).unwrap_or_else(|e| {
        panic!(
            "{name}: cannot read JSON {:?}: {e:?}",
            String::from_utf8_lossy(text)
        )
    })
}

#[test]
fn json_agrees_with_go_cty() {
    let mut seen = Vec::new();
    let mut failures = Vec::new();
    for v in vectors() {
        let Some(json_text) = &v.json_text else {
            continue;
        };
        let ty = ty(&v);
        let expected = JSON_EXCEPTIONS.iter().find(|e| e.0 == v.name).map(|e| e.1);
        let Ok(value) = decode(&v) else {
            assert_eq!(expected, Some(JsonDiff::NoMsgpackValue), "{}", v.name);
            seen.push((v.name.clone(), JsonDiff::NoMsgpackValue));
            continue;
        };
        let go_value = read_json(&v.name, json_text.as_bytes(), &ty);
        let ours = match value.to_json(&ty) {
            Ok(ours) => ours,
            Err(e) => {
                failures.push(format!("{}: to_json failed: {e:?}", v.name));
                continue;
            }
        };
        let our_value = read_json(&v.name, &ours, &ty);
        let from_json_same = go_value == value;
        let to_json_same = our_value == go_value;
        let actual = match (from_json_same, to_json_same) {
            (true, true) => None,
            (false, true) => Some(JsonDiff::FromJson),
            (false, false) => Some(JsonDiff::FromJsonAndToJson),
            (true, false) => Some(JsonDiff::ToJson),
        };
        if actual != expected {
            failures.push(format!(
                "{}: expected {expected:?}, found {actual:?}: from msgpack {value:?}, \
                 go-cty JSON reads {go_value:?}, ours {}",
                v.name,
                String::from_utf8_lossy(&ours)
            ));
        }
        if let Some(diff) = actual {
            seen.push((v.name.clone(), diff));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let mut listed: Vec<(String, JsonDiff)> = JSON_EXCEPTIONS
        .iter()
        .map(|e| (e.0.to_owned(), e.1))
        .collect();
    listed.sort_by(|a, b| a.0.cmp(&b.0));
    seen.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(seen, listed);
}

/// The exact JSON texts of a few vectors whose go-cty text tfvalue reproduces byte for
/// byte (go-cty's HTML escaping of `<>&` is not copied: both texts read back the same).
#[test]
fn json_exact_texts() {
    let all = vectors();
    for name in [
        "string/empty",
        "number/-2^63-1",
        "number/40-digit-int",
        "number/pi-30-digits",
        "number/0.1+0.2-float64",
        "number/max-float64",
        "list/numbers",
        "set/of-objects",
        "map/with-null",
        "object/nested",
        "dynamic/tuple",
        "dynamic/attr-in-object",
        "dynamic/list-of-dynamic",
        "null/dynamic",
    ] {
        let v = all.iter().find(|v| v.name == name).expect(name);
        let value = decode(v).unwrap();
        let ours = value.to_json(&ty(v)).unwrap();
        assert_eq!(
            String::from_utf8(ours).unwrap(),
            *v.json_text.as_ref().unwrap(),
            "{name}"
        );
    }
}

#[test]
fn json_errors_name_the_unknown() {
    let mut seen = Vec::new();
    for v in vectors() {
        let listed = JSON_ERRORS.iter().find(|e| e.0 == v.name);
        assert_eq!(
            v.json_error.is_some(),
            listed.is_some(),
            "{}: json_error {:?} but JSON_ERRORS {}",
            v.name,
            v.json_error,
            if listed.is_some() {
                "lists it"
            } else {
                "does not"
            }
        );
        assert_eq!(v.json_error.is_some(), v.json_text.is_none(), "{}", v.name);
        let Some(&(name, kind, path)) = listed else {
            continue;
        };
        let ty = ty(&v);
        let value = decode(&v).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let err = value.to_json(&ty).expect_err(name);
        assert_eq!(err.kind(), kind, "{name}: {err:?}");
        assert_eq!(err.path().to_string(), path, "{name}: {err:?}");
        let message = match kind {
            ErrorKind::Number => "cannot represent infinity in JSON",
            _ => "value is not known: JSON cannot represent unknown values (use MessagePack)",
        };
        assert_eq!(err.message(), message, "{name}");
        if kind == ErrorKind::Unknown {
            // The path is the one of the (first) unknown inside the value.
            assert_eq!(value.unknown_paths()[0].to_string(), path, "{name}");
        }
        seen.push(name);
    }
    assert_eq!(
        names_sorted(seen),
        names_sorted(JSON_ERRORS.iter().map(|e| e.0))
    );
}
