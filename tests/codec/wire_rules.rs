//! Every MessagePack encoding rule, as byte literals, through the public API: the dynamic
//! `Value` (encoded against a `Type`) and the serde path (`tfvalue::msgpack`). Each rule is
//! checked in both directions where both exist.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};
use tfvalue::{DynamicValue, ErrorKind, Nullable, Number, Refinements, Type, Unknown, Value};
use tfvalue_suite::{hex, to_hex};

fn ty(json: &str) -> Type {
    Type::from_json(json.as_bytes()).unwrap_or_else(|e| panic!("{json}: {e}"))
}

/// Hex of the serde encoding of `v` (spaces ignored in expectations).
#[track_caller]
fn ser<T: ?Sized + Serialize>(v: &T) -> String {
    to_hex(&tfvalue::msgpack::to_vec(v).expect("encodes"))
}

/// Hex of a `Value` encoded against `t`.
#[track_caller]
fn enc(v: &Value, t: &Type) -> String {
    to_hex(&v.to_msgpack(t).expect("encodes"))
}

/// Strips spaces from an expected hex string.
fn h(s: &str) -> String {
    to_hex(&hex(s))
}

#[track_caller]
fn dec(bytes: &str, t: &Type) -> Value {
    Value::from_msgpack(&hex(bytes), t).unwrap_or_else(|e| panic!("{bytes} as {t}: {e}"))
}

/// A sample of types of every kind.
fn all_types() -> Vec<Type> {
    [
        r#""string""#,
        r#""number""#,
        r#""bool""#,
        r#"["list","string"]"#,
        r#"["set","number"]"#,
        r#"["map","bool"]"#,
        r#"["object",{"a":"string","b":["list","number"]}]"#,
        r#"["object",{"a":"string"},["a"]]"#,
        r#"["tuple",["string","number"]]"#,
        r#"["list","dynamic"]"#,
        r#"["object",{"d":"dynamic"}]"#,
    ]
    .iter()
    .map(|j| ty(j))
    .collect()
}

// ---------------------------------------------------------------------------------------
// Null and unknown
// ---------------------------------------------------------------------------------------

#[test]
fn null_is_c0_at_every_type() {
    for t in all_types().into_iter().chain([Type::Dynamic]) {
        assert_eq!(enc(&Value::null(t.clone()), &t), "c0", "{t}");
        assert_eq!(dec("c0", &t), Value::null(t.clone()), "{t}");
    }
    assert_eq!(ser(&Nullable::<String>::Null), "c0");
    assert_eq!(ser(&None::<u8>), "c0");
    assert_eq!(
        ser(&Unknown::<Nullable<Vec<u8>>>::Known(Nullable::Null)),
        "c0"
    );
    assert_eq!(
        tfvalue::msgpack::from_slice::<Nullable<String>>(&hex("c0")).expect("null"),
        Nullable::Null
    );
    assert_eq!(
        tfvalue::msgpack::from_slice::<Option<BTreeMap<String, u8>>>(&hex("c0")).expect("null"),
        None
    );
}

#[test]
fn unknown_is_d4_00_00_at_every_type() {
    for t in all_types().into_iter().chain([Type::Dynamic]) {
        assert_eq!(enc(&Value::unknown(t.clone()), &t), "d40000", "{t}");
        assert_eq!(dec("d4 00 00", &t), Value::unknown(t.clone()), "{t}");
    }
    assert_eq!(ser(&Unknown::<Nullable<String>>::unknown()), "d40000");
    assert_eq!(ser(&Unknown::<Vec<u8>>::unknown()), "d40000");
    assert_eq!(
        ser(&Unknown::<Number>::refined(Refinements::new())),
        "d40000"
    );
    // Refinements that say nothing are not written: never an empty ext 12 (`c7 00 0c`).
    let empty = Refinements::new()
        .with_string_prefix("")
        .with_length_lower_bound(0)
        .unwrap();
    assert!(empty.is_empty());
    assert_eq!(ser(&Unknown::<String>::refined(empty)), "d40000");
    let u: Unknown<Nullable<String>> =
        tfvalue::msgpack::from_slice(&hex("d4 00 00")).expect("unknown");
    assert_eq!(u, Unknown::unknown());
}

#[test]
fn a_dynamic_unknown_never_carries_refinements() {
    // go-cty ignores and never writes refinements of a dynamic unknown.
    let v = Value::unknown_refined(Type::Dynamic, Refinements::new().not_null()).expect("fits");
    assert_eq!(enc(&v, &Type::Dynamic), "d40000");
    assert_eq!(ser(&v), "d40000");
}

/// Terraform's own examples of refined unknowns.
const PREFIX_UNKNOWN: &str = "c7 0c 0c 82 01 c2 02 a7 70 72 65 66 69 78 2d";
const BOUND_UNKNOWN: &str = "c7 07 0c 82 01 c2 03 92 00 c3";

#[test]
fn refined_unknown_with_a_string_prefix() {
    let r = Refinements::new().not_null().with_string_prefix("prefix-");
    let v = Value::unknown_refined(Type::String, r.clone()).expect("fits");
    assert_eq!(enc(&v, &Type::String), h(PREFIX_UNKNOWN));
    assert_eq!(dec(PREFIX_UNKNOWN, &Type::String), v);
    assert_eq!(
        ser(&Unknown::<Nullable<String>>::refined(r.clone())),
        h(PREFIX_UNKNOWN)
    );
    let u: Unknown<Nullable<String>> =
        tfvalue::msgpack::from_slice(&hex(PREFIX_UNKNOWN)).expect("decodes");
    assert_eq!(u.refinements(), Some(&r));
    assert_eq!(
        u.refinements().and_then(|r| r.string_prefix()),
        Some("prefix-")
    );
    assert!(r.is_not_null());
}

#[test]
fn refined_unknown_with_a_number_bound() {
    let r = Refinements::new()
        .not_null()
        .with_number_lower_bound(Number::from(0), true)
        .unwrap();
    let v = Value::unknown_refined(Type::Number, r.clone()).expect("fits");
    assert_eq!(enc(&v, &Type::Number), h(BOUND_UNKNOWN));
    assert_eq!(dec(BOUND_UNKNOWN, &Type::Number), v);
    assert_eq!(
        ser(&Unknown::<Nullable<Number>>::refined(r.clone())),
        h(BOUND_UNKNOWN)
    );
    let u: Unknown<Nullable<f64>> =
        tfvalue::msgpack::from_slice(&hex(BOUND_UNKNOWN)).expect("decodes");
    assert_eq!(u.refinements(), Some(&r));
}

#[test]
fn refined_unknown_headers_follow_the_payload_length() {
    // Payloads of 1, 2, 4, 8, 16 bytes take fixext headers; others ext 8.
    // Each case is read back at a type its refinements fit (length bounds: a list).
    let cases: [(Refinements, &str, bool); 4] = [
        // {1: false}: 3 bytes.
        (Refinements::new().not_null(), "c7 03 0c 81 01 c2", false),
        // {5: 1}: 3 bytes.
        (
            Refinements::new().with_length_lower_bound(1).unwrap(),
            "c7 03 0c 81 05 01",
            true,
        ),
        // {1: false, 6: 3}: 5 bytes.
        (
            Refinements::new()
                .not_null()
                .with_length_upper_bound(3)
                .unwrap(),
            "c7 05 0c 82 01 c2 06 03",
            true,
        ),
        // {2: "abcdefghijklm"}: 3 + 13 = 16 bytes: fixext 16.
        (
            Refinements::new().with_string_prefix("abcdefghijklm"),
            "d8 0c 81 02 ad 61 62 63 64 65 66 67 68 69 6a 6b 6c 6d",
            false,
        ),
    ];
    for (r, expected, is_length) in cases {
        assert_eq!(ser(&Unknown::<()>::refined(r.clone())), h(expected), "{r}");
        let back = if is_length {
            tfvalue::msgpack::from_slice::<Unknown<Nullable<Vec<String>>>>(&hex(expected))
                .expect("decodes")
                .refinements()
                .cloned()
        } else {
            tfvalue::msgpack::from_slice::<Unknown<Nullable<String>>>(&hex(expected))
                .expect("decodes")
                .refinements()
                .cloned()
        };
        assert_eq!(back, Some(r), "{expected}");
    }
    // go-cty 1.16's rule: Unknown<T> checks refinements against T's type (no length on a string).
    let e = tfvalue::msgpack::from_slice::<Unknown<Nullable<String>>>(&hex("c7 03 0c 81 05 01"))
        .expect_err("a length bound on a string");
    assert_eq!(e.kind(), ErrorKind::Refinement);
    assert_eq!(
        e.to_string(),
        "a length bound refinement is only valid for a list, set or map, but this value is a \
         string"
    );
    // {2: "a"} is 4 bytes: fixext 4; {2: "abcde"} 8 bytes: fixext 8; {2: "ab"} 5: ext 8.
    for (prefix, expected) in [
        ("a", "d6 0c 81 02 a1 61"),
        ("abcde", "d7 0c 81 02 a5 61 62 63 64 65"),
        ("ab", "c7 05 0c 81 02 a2 61 62"),
    ] {
        let r = Refinements::new().with_string_prefix(prefix);
        assert_eq!(ser(&Unknown::<()>::refined(r)), h(expected), "{prefix}");
    }
}

#[test]
fn long_prefixes_are_cut_to_255_bytes_then_lose_their_last_grapheme() {
    // go-cty 1.16's rule: a prefix over 256 bytes keeps its first 255 bytes (at a character
    // boundary) less the last grapheme cluster; one of at most 256 bytes is written whole.
    let written = |prefix: String| {
        let r = Refinements::new().with_string_prefix(prefix);
        let v = Value::unknown_refined(Type::String, r).expect("fits");
        let bytes = v.to_msgpack(&Type::String).expect("encodes");
        let back = Value::from_msgpack(&bytes, &Type::String).expect("decodes");
        let prefix = back.refinements().and_then(|r| r.string_prefix());
        (to_hex(&bytes), prefix.map(str::to_owned))
    };
    // 254 bytes kept: 4 + 254 = 258 bytes of payload: ext 16.
    let mut cut = hex("c8 01 02 0c 81 02 d9 fe");
    cut.extend(std::iter::repeat_n(b'a', 254));
    // 255 ASCII bytes then a 2-byte character (257 bytes): the 255 `a`s, less the last.
    assert_eq!(
        written(format!("{}é", "a".repeat(255))),
        (to_hex(&cut), Some("a".repeat(254)))
    );
    // 257 and 300 ASCII bytes: 254 kept.
    for n in [257, 300] {
        assert_eq!(
            written("a".repeat(n)),
            (to_hex(&cut), Some("a".repeat(254))),
            "{n}"
        );
    }
    // 256 bytes: unchanged, a str16; 5 + 256 = 261 bytes of payload.
    let mut whole = hex("c8 01 05 0c 81 02 da 01 00");
    whole.extend(std::iter::repeat_n(b'a', 256));
    assert_eq!(
        written("a".repeat(256)),
        (to_hex(&whole), Some("a".repeat(256)))
    );
}

#[test]
fn ext_bodies_of_at_most_one_byte_are_unknowns_and_longer_ones_must_be_ext_12() {
    for input in [
        // ext 0 with any body byte.
        "d4 00 ff",
        // ext 5 and ext -1 with an empty body.
        "c7 00 05",
        "c7 00 ff",
        // ext 12 with an empty or one-byte body: no refinements (go-cty skips such bodies).
        "c7 00 0c",
        "d4 0c 80",
        "d4 0c c1",
        // ext 12 with an empty map.
        "d5 0c 80 00",
    ] {
        assert_eq!(
            dec(input, &Type::String),
            Value::unknown(Type::String),
            "{input}"
        );
        assert_eq!(
            dec(input, &Type::Dynamic),
            Value::unknown(Type::Dynamic),
            "{input}"
        );
        let u: Unknown<Nullable<String>> =
            tfvalue::msgpack::from_slice(&hex(input)).expect("decodes");
        assert_eq!(u, Unknown::unknown(), "{input}");
        // Re-encoded canonically.
        assert_eq!(enc(&dec(input, &Type::String), &Type::String), "d40000");
    }
    // go-cty 1.16's rule: any other ext type with a body over 1 byte is refused.
    for (input, message) in [
        // ext 5 with a garbage body (not a map).
        (
            "d5 05 c1 c1",
            "unsupported extension type 5 with a body of 2 bytes",
        ),
        (
            "c7 03 05 ff ff ff",
            "unsupported extension type 5 with a body of 3 bytes",
        ),
        // ext -1 (the msgpack timestamp type).
        (
            "d6 ff 00 00 00 00",
            "unsupported extension type -1 with a body of 4 bytes",
        ),
        // An ext 5 whose body happens to be a valid refinement payload.
        (
            "c7 03 05 81 01 c2",
            "unsupported extension type 5 with a body of 3 bytes",
        ),
    ] {
        let errors = [
            Value::from_msgpack(&hex(input), &Type::String).expect_err(input),
            Value::from_msgpack(&hex(input), &Type::Dynamic).expect_err(input),
            tfvalue::msgpack::from_slice::<Unknown<Nullable<String>>>(&hex(input))
                .expect_err(input),
        ];
        for e in errors {
            assert_eq!(e.kind(), ErrorKind::Syntax, "{input}");
            let text = e.to_string();
            assert!(text.starts_with(message), "{input}: {text}");
            assert!(
                text.ends_with(
                    ": an unknown value is extension 12, or any extension of at most 1 byte"
                ),
                "{input}: {text}"
            );
        }
    }
}

#[test]
fn unknown_refinement_keys_are_refused_and_trailing_payload_bytes_are_ignored() {
    // {1: false, 2: "p"} then two trailing bytes: the trailing bytes are ignored.
    let input = "c7 08 0c 82 01 c2 02 a1 70 c0 c0";
    let v = dec(input, &Type::String);
    let expected = Refinements::new().not_null().with_string_prefix("p");
    assert_eq!(v.refinements(), Some(&expected));
    // Written back without what was ignored.
    assert_eq!(enc(&v, &Type::String), h("c7 06 0c 82 01 c2 02 a1 70"));
    // go-cty 1.16's rule: a key outside 1..=6 is refused, not skipped.
    for (input, t, key) in [
        // {1: false, 9: [1, {"x": [2]}], 2: "p"} then two trailing bytes.
        (
            "c7 10 0c 83 01 c2 09 92 01 81 a1 78 91 02 02 a1 70 c0 c0",
            Type::String,
            "9",
        ),
        // Negative and huge keys, and the keys next to the range.
        (
            "c7 0d 0c 82 ff c3 cf ff ff ff ff ff ff ff ff c0",
            Type::Number,
            "-1",
        ),
        ("c7 03 0c 81 00 c2", Type::String, "0"),
        ("c7 03 0c 81 07 c2", Type::String, "7"),
    ] {
        let e = Value::from_msgpack(&hex(input), &t).expect_err(input);
        assert_eq!(e.kind(), ErrorKind::Refinement, "{input}");
        assert_eq!(
            e.to_string(),
            format!(
                "malformed refinements of an unknown value: the key {key} is not a refinement \
                 Terraform defines (1 to 6)"
            ),
            "{input}"
        );
    }
    // go-cty 1.16's rule: nullness true ({1: true}) is a known null.
    let definitely_null = "c7 03 0c 81 01 c3";
    assert_eq!(
        dec(definitely_null, &Type::String),
        Value::null(Type::String)
    );
    let u: Unknown<Nullable<String>> =
        tfvalue::msgpack::from_slice(&hex(definitely_null)).expect("decodes");
    assert_eq!(u, Unknown::Known(Nullable::Null));
    // Into a type that is not nullable it is the ordinary null error.
    let e = tfvalue::msgpack::from_slice::<Unknown<String>>(&hex(definitely_null))
        .expect_err("not nullable");
    let null = tfvalue::msgpack::from_slice::<Unknown<String>>(&hex("c0")).expect_err("null");
    assert_eq!(e.kind(), null.kind());
    assert_eq!(e.kind(), ErrorKind::Type);
    assert!(e.to_string().ends_with(", found null"), "{e}");
    // go-cty 1.16's rule: contradictory refinements ({5: 3, 6: 1}) are refused.
    let e = Value::from_msgpack(&hex("c7 05 0c 82 05 03 06 01"), &ty(r#"["list","string"]"#))
        .expect_err("lower above upper");
    assert_eq!(e.kind(), ErrorKind::Refinement);
}

#[test]
fn refinements_read_every_number_form_in_bounds() {
    // Lower bound as a float64 0.5 (exclusive), upper bound as the text "1e3" (inclusive).
    let input = "c7 14 0c 82 03 92 cb 3f e0 00 00 00 00 00 00 c2 04 92 a3 31 65 33 c3";
    let v = dec(input, &Type::Number);
    let r = v.refinements().expect("unknown");
    assert_eq!(
        r.number_lower_bound(),
        Some((&Number::parse("0.5").expect("n"), false))
    );
    assert_eq!(r.number_upper_bound(), Some((&Number::from(1000), true)));
    // Re-encoded: 1000 as the smallest integer.
    assert_eq!(
        enc(&v, &Type::Number),
        h("c7 13 0c 82 03 92 cb 3f e0 00 00 00 00 00 00 c2 04 92 cd 03 e8 c3")
    );
}

// ---------------------------------------------------------------------------------------
// Numbers
// ---------------------------------------------------------------------------------------

/// Integers and their encodings: the smallest form, unsigned codes for non-negative values.
const INTEGERS: &[(i128, &str)] = &[
    (0, "00"),
    (1, "01"),
    (127, "7f"),
    (128, "cc 80"),
    (255, "cc ff"),
    (256, "cd 01 00"),
    (65535, "cd ff ff"),
    (65536, "ce 00 01 00 00"),
    (4294967295, "ce ff ff ff ff"),
    (4294967296, "cf 00 00 00 01 00 00 00 00"),
    (9223372036854775807, "cf 7f ff ff ff ff ff ff ff"),
    (-1, "ff"),
    (-32, "e0"),
    (-33, "d0 df"),
    (-128, "d0 80"),
    (-129, "d1 ff 7f"),
    (-32768, "d1 80 00"),
    (-32769, "d2 ff ff 7f ff"),
    (-2147483648, "d2 80 00 00 00"),
    (-2147483649, "d3 ff ff ff ff 7f ff ff ff"),
    (-9223372036854775808, "d3 80 00 00 00 00 00 00 00"),
    // go-cty 1.16's rule: beyond i64, always the decimal digits as a string (never float64).
    (
        9223372036854775808,
        "b3 39 32 32 33 33 37 32 30 33 36 38 35 34 37 37 35 38 30 38",
    ),
    (
        18446744073709551615,
        "b4 31 38 34 34 36 37 34 34 30 37 33 37 30 39 35 35 31 36 31 35",
    ),
    (
        18446744073709551616,
        "b4 31 38 34 34 36 37 34 34 30 37 33 37 30 39 35 35 31 36 31 36",
    ),
    (
        -9223372036854775809,
        "b4 2d 39 32 32 33 33 37 32 30 33 36 38 35 34 37 37 35 38 30 39",
    ),
];

#[test]
fn integers_through_number_value_and_rust_integers() {
    for &(i, expected) in INTEGERS {
        let n = Number::from(i);
        let mut out = Vec::new();
        n.write_msgpack(&mut out);
        assert_eq!(to_hex(&out), h(expected), "{i} by write_msgpack");
        assert_eq!(ser(&n), h(expected), "{i} as Number");
        assert_eq!(ser(&i), h(expected), "{i} as i128");
        assert_eq!(
            enc(&Value::Number(n.clone()), &Type::Number),
            h(expected),
            "{i}"
        );
        assert_eq!(
            dec(expected, &Type::Number),
            Value::Number(n.clone()),
            "{i}"
        );
        assert_eq!(
            tfvalue::msgpack::from_slice::<i128>(&hex(expected)).expect("i128"),
            i,
            "{i}"
        );
        if let Ok(v) = i64::try_from(i) {
            assert_eq!(ser(&v), h(expected), "{i} as i64");
            assert_eq!(
                tfvalue::msgpack::from_slice::<i64>(&hex(expected)).expect("i64"),
                v
            );
        }
        if let Ok(v) = u64::try_from(i) {
            assert_eq!(ser(&v), h(expected), "{i} as u64");
            assert_eq!(
                tfvalue::msgpack::from_slice::<u64>(&hex(expected)).expect("u64"),
                v
            );
        }
        if let Ok(v) = i32::try_from(i) {
            assert_eq!(ser(&v), h(expected), "{i} as i32");
        }
        if let Ok(v) = u16::try_from(i) {
            assert_eq!(ser(&v), h(expected), "{i} as u16");
        }
    }
}

#[test]
fn non_minimal_integers_are_accepted_and_rewritten_minimal() {
    for (input, expected) in [
        ("d3 00 00 00 00 00 00 00 01", "01"),
        ("cf 00 00 00 00 00 00 00 80", "cc 80"),
        ("d0 05", "05"),
        ("cd 00 7f", "7f"),
        ("cb 40 08 00 00 00 00 00 00", "03"),
        ("ca 3f c0 00 00", "cb 3f f8 00 00 00 00 00 00"),
        ("a3 31 32 33", "7b"),
        ("a4 31 65 2b 32", "64"),
        ("a2 2d 30", "00"),
        ("cb 80 00 00 00 00 00 00 00", "00"),
    ] {
        assert_eq!(
            enc(&dec(input, &Type::Number), &Type::Number),
            h(expected),
            "{input}"
        );
        let n: Number = tfvalue::msgpack::from_slice(&hex(input)).expect("decodes");
        assert_eq!(ser(&n), h(expected), "{input}");
    }
    // go-cty 1.16's rule: negative zero is 00 in MessagePack but keeps its sign in JSON.
    for input in ["a2 2d 30", "cb 80 00 00 00 00 00 00 00"] {
        let v = dec(input, &Type::Number);
        assert_eq!(v.to_json(&Type::Number).expect("json"), b"-0", "{input}");
    }
}

#[test]
fn rust_f64_is_the_shortest_decimal_that_round_trips() {
    let cases: &[(f64, &str)] = &[
        // 0.1 is not exactly a float64: its decimal text, as Terraform sends 0.1.
        (0.1, "a3 30 2e 31"),
        (0.5, "cb 3f e0 00 00 00 00 00 00"),
        (3.0, "03"),
        (-0.0, "00"),
        (-2.5, "cb c0 04 00 00 00 00 00 00"),
        (1e15, "cf 00 03 8d 7e a4 c6 80 00"),
        (123456.789, "aa 31 32 33 34 35 36 2e 37 38 39"),
        // ±Inf are allowed: go-cty writes float64 ±Inf (JSON refuses them).
        (f64::INFINITY, "cb 7f f0 00 00 00 00 00 00"),
        (f64::NEG_INFINITY, "cb ff f0 00 00 00 00 00 00"),
    ];
    for &(f, expected) in cases {
        assert_eq!(ser(&f), h(expected), "{f}");
        let back: f64 = tfvalue::msgpack::from_slice(&hex(expected)).expect("decodes");
        assert_eq!(
            back.to_bits(),
            if f == 0.0 { 0.0_f64 } else { f }.to_bits(),
            "{f}"
        );
        let v = Value::from_serialize(&f, &Type::Number).expect("builds");
        assert_eq!(enc(&v, &Type::Number), h(expected), "{f}");
    }
    // 1e300: the digit 1 and 300 zeros, as a str16.
    let bytes = tfvalue::msgpack::to_vec(&1e300_f64).expect("encodes");
    let mut expected = hex("da 01 2d 31");
    expected.extend(std::iter::repeat_n(b'0', 300));
    assert_eq!(to_hex(&bytes), to_hex(&expected));
    assert_eq!(
        tfvalue::msgpack::from_slice::<f64>(&bytes).expect("decodes"),
        1e300
    );
    // f32 the same way.
    assert_eq!(ser(&0.1_f32), h("a3 30 2e 31"));
    assert_eq!(ser(&0.5_f32), h("cb 3f e0 00 00 00 00 00 00"));
    assert_eq!(ser(&16777216.0_f32), h("ce 01 00 00 00"));
}

#[test]
fn rust_f64_nan_is_an_error() {
    for e in [
        tfvalue::msgpack::to_vec(&f64::NAN).expect_err("NaN"),
        tfvalue::msgpack::to_vec(&f32::NAN).expect_err("NaN"),
        Value::from_serialize(&f64::NAN, &Type::Number).expect_err("NaN"),
    ] {
        assert_eq!(e.kind(), ErrorKind::Number);
        assert_eq!(e.to_string(), "NaN is not a valid number");
    }
    #[derive(Serialize)]
    struct M {
        x: Vec<f64>,
    }
    let e = tfvalue::msgpack::to_vec(&M {
        x: vec![1.0, f64::NAN],
    })
    .expect_err("NaN");
    assert_eq!(e.to_string(), ".x[1]: NaN is not a valid number");
    assert_eq!(e.kind(), ErrorKind::Number);
}

#[test]
fn u64_edges() {
    assert_eq!(
        ser(&u64::MAX),
        h("b4 31 38 34 34 36 37 34 34 30 37 33 37 30 39 35 35 31 36 31 35")
    );
    // go-cty 1.16's rule: 2^63 is its digits too, though it is exactly a float64.
    let two_63 = "b3 39 32 32 33 33 37 32 30 33 36 38 35 34 37 37 35 38 30 38";
    assert_eq!(ser(&(1u64 << 63)), h(two_63));
    // One below, the largest u64 that is an i64: the smallest integer form, uint 64.
    assert_eq!(ser(&((1u64 << 63) - 1)), h("cf 7f ff ff ff ff ff ff ff"));
    assert_eq!(ser(&i64::MAX), ser(&((1u64 << 63) - 1)));
    assert_eq!(ser(&200u64), h("cc c8"));
    assert_eq!(ser(&-33i64), h("d0 df"));
    assert_eq!(
        tfvalue::msgpack::from_slice::<u64>(&hex(two_63)).expect("2^63"),
        1u64 << 63
    );
    assert_eq!(
        ser(&((1u64 << 63) + 1)),
        h("b3 39 32 32 33 33 37 32 30 33 36 38 35 34 37 37 35 38 30 39")
    );
    // A float64 2^63 from the wire still reads as 2^63 into a u64.
    let f_two_63 = "cb 43 e0 00 00 00 00 00 00";
    assert_eq!(
        tfvalue::msgpack::from_slice::<u64>(&hex(f_two_63)).expect("2^63"),
        1u64 << 63
    );
    // go-cty 1.16's rule: a whole float64 of at least 2^53 keeps its 53-bit (shortest) text.
    let shortest = "b3 39 32 32 33 33 37 32 30 33 36 38 35 34 37 37 36 30 30 30";
    assert_eq!(
        enc(&dec(f_two_63, &Type::Number), &Type::Number),
        h(shortest)
    );
    let n: Number = tfvalue::msgpack::from_slice(&hex(f_two_63)).expect("decodes");
    assert_eq!(ser(&n), h(shortest));
    assert_eq!(n.to_string(), "9223372036854776000");
    // Below 2^63 such a float64 is an int: 2^53 as uint64.
    assert_eq!(
        enc(
            &dec("cb 43 40 00 00 00 00 00 00", &Type::Number),
            &Type::Number
        ),
        h("cf 00 20 00 00 00 00 00 00")
    );
}

#[test]
fn decimal_numbers_are_exact() {
    for (text, expected) in [
        ("0.1", "a3 30 2e 31"),
        (
            "123456789012345678901234567890",
            "be 31 32 33 34 35 36 37 38 39 30 31 32 33 34 35 36 37 38 39 30 31 32 33 34 35 36 \
             37 38 39 30",
        ),
        ("1.25e-5", "a9 30 2e 30 30 30 30 31 32 35"),
        ("-0.75", "cb bf e8 00 00 00 00 00 00"),
        ("1e3", "cd 03 e8"),
    ] {
        let n = Number::parse(text).expect("parses");
        assert_eq!(ser(&n), h(expected), "{text}");
        assert_eq!(enc(&Value::Number(n.clone()), &Type::Number), h(expected));
        assert_eq!(dec(expected, &Type::Number), Value::Number(n));
    }
    // A float64 from the wire keeps its exact binary value, so it goes back out as float64.
    let exact = "cb 3f b9 99 99 99 99 99 9a";
    let v = dec(exact, &Type::Number);
    assert_eq!(
        v,
        Value::Number(Number::from_f64_exact(0.1).expect("finite"))
    );
    assert_ne!(v, Value::Number(Number::parse("0.1").expect("parses")));
    assert_eq!(enc(&v, &Type::Number), h(exact));
    let n: Number = tfvalue::msgpack::from_slice(&hex(exact)).expect("decodes");
    assert_eq!(ser(&n), h(exact));
}

// ---------------------------------------------------------------------------------------
// Dynamic values
// ---------------------------------------------------------------------------------------

/// `92 c4 08 "string"`: the start of a dynamic string.
const DYN_STRING: &str = "92 c4 08 22 73 74 72 69 6e 67 22";

#[test]
fn dynamic_values_are_type_then_value() {
    let s = format!("{DYN_STRING} a1 61");
    assert_eq!(enc(&Value::from("a"), &Type::Dynamic), h(&s));
    assert_eq!(ser(&Value::from("a")), h(&s));
    assert_eq!(dec(&s, &Type::Dynamic), Value::from("a"));
    let v: Value = tfvalue::msgpack::from_slice(&hex(&s)).expect("decodes");
    assert_eq!(v, Value::from("a"));
    assert_eq!(v.ty(), Type::String);

    // A typed null keeps its type.
    let typed_null = format!("{DYN_STRING} c0");
    assert_eq!(
        enc(&Value::null(Type::String), &Type::Dynamic),
        h(&typed_null)
    );
    assert_eq!(ser(&Value::null(Type::String)), h(&typed_null));
    assert_eq!(dec(&typed_null, &Type::Dynamic), Value::null(Type::String));

    // A typed unknown too.
    let typed_unknown = "92 c4 08 22 6e 75 6d 62 65 72 22 d4 00 00";
    assert_eq!(
        enc(&Value::unknown(Type::Number), &Type::Dynamic),
        h(typed_unknown)
    );
    assert_eq!(
        dec(typed_unknown, &Type::Dynamic),
        Value::unknown(Type::Number)
    );

    // Null of type dynamic is a bare nil; a wholly unknown value a bare d4 00 00.
    assert_eq!(enc(&Value::null(Type::Dynamic), &Type::Dynamic), "c0");
    assert_eq!(ser(&Value::null(Type::Dynamic)), "c0");
    assert_eq!(
        enc(&Value::unknown(Type::Dynamic), &Type::Dynamic),
        "d40000"
    );
    assert_eq!(ser(&Value::unknown(Type::Dynamic)), "d40000");

    // go-cty's vector dynamic/set.
    let set = "92 c4 10 5b 22 73 65 74 22 2c 22 6e 75 6d 62 65 72 22 5d 92 01 02";
    let v = dec(set, &Type::Dynamic);
    assert_eq!(v.ty(), ty(r#"["set","number"]"#));
    assert_eq!(enc(&v, &Type::Dynamic), h(set));
}

#[test]
fn dynamic_type_may_arrive_as_a_string_and_goes_out_as_binary() {
    // go-cty accepts the type JSON as str too (decode_vectors.jsonl dynamic/type-as-str).
    let v = dec("92 a8 22 73 74 72 69 6e 67 22 a1 61", &Type::Dynamic);
    assert_eq!(v, Value::from("a"));
    assert_eq!(enc(&v, &Type::Dynamic), h(&format!("{DYN_STRING} a1 61")));
}

#[test]
fn nested_dynamic_wrappers_unwrap() {
    // A wrapper whose type is "dynamic" holds another wrapper (go-cty's nested-dynamic).
    let input = "92 c4 09 22 64 79 6e 61 6d 69 63 22 92 c4 08 22 6e 75 6d 62 65 72 22 05";
    let v = dec(input, &Type::Dynamic);
    assert_eq!(v, Value::from(5));
    // Written back with the concrete type only.
    assert_eq!(
        enc(&v, &Type::Dynamic),
        h("92 c4 08 22 6e 75 6d 62 65 72 22 05")
    );
}

#[test]
fn a_value_under_a_concrete_type_has_no_wrapper() {
    // The declared type decides: only `dynamic` positions are wrapped.
    let t = ty(r#"["object",{"d":"dynamic","s":"string"}]"#);
    let v = Value::object([("d", Value::from(true)), ("s", Value::from("x"))]);
    let expected = "82 a1 64 92 c4 06 22 62 6f 6f 6c 22 c3 a1 73 a1 78";
    assert_eq!(enc(&v, &t), h(expected));
    let back = dec(expected, &t);
    assert_eq!(back.attr("d"), Some(&Value::from(true)));
    assert_eq!(enc(&back, &t), h(expected));
}

// ---------------------------------------------------------------------------------------
// Objects and maps: keys in byte order
// ---------------------------------------------------------------------------------------

#[test]
fn map_keys_from_a_hashmap_are_written_in_byte_order() {
    // Byte order: "B" (0x42) < "a" < "aa" < "ab" < "b" < "z" < "é" (0xc3 0xa9).
    let keys = ["z", "é", "b", "ab", "a", "aa", "B"];
    let expected = "87 a1 42 01 a1 61 01 a2 61 61 01 a2 61 62 01 a1 62 01 a1 7a 01 a2 c3 a9 01";
    // Many insertion orders and hash seeds.
    for rotate in 0..keys.len() {
        let mut m: HashMap<String, u8> = HashMap::new();
        for k in keys.iter().cycle().skip(rotate).take(keys.len()) {
            m.insert((*k).to_owned(), 1);
        }
        assert_eq!(ser(&m), h(expected), "rotation {rotate}");
    }
    let b: BTreeMap<&str, u8> = keys.iter().map(|k| (*k, 1)).collect();
    assert_eq!(ser(&b), h(expected));
    // Through Value, from a HashMap, against a map type.
    let m: HashMap<&str, u8> = keys.iter().map(|k| (*k, 1)).collect();
    let v = Value::from_serialize(&m, &ty(r#"["map","number"]"#)).expect("builds");
    assert_eq!(enc(&v, &ty(r#"["map","number"]"#)), h(expected));
}

#[test]
fn nested_hashmaps_are_each_sorted() {
    let mut inner = HashMap::new();
    inner.insert("y", 2u8);
    inner.insert("x", 1u8);
    let mut outer = HashMap::new();
    outer.insert("b", inner.clone());
    outer.insert("a", inner);
    assert_eq!(
        ser(&outer),
        h("82 a1 61 82 a1 78 01 a1 79 02 a1 62 82 a1 78 01 a1 79 02")
    );
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct OutOfOrder {
    zeta: u8,
    alpha: Vec<u8>,
    mid: Nullable<String>,
    #[serde(rename = "Upper")]
    upper: bool,
}

#[test]
fn struct_fields_declared_out_of_order_are_written_in_byte_order() {
    let v = OutOfOrder {
        zeta: 1,
        alpha: vec![2, 3],
        mid: Nullable::Null,
        upper: true,
    };
    let expected = "84 a5 55 70 70 65 72 c3 a5 61 6c 70 68 61 92 02 03 a3 6d 69 64 c0 a4 7a 65 74 \
                    61 01";
    assert_eq!(ser(&v), h(expected));
    assert_eq!(
        tfvalue::msgpack::from_slice::<OutOfOrder>(&hex(expected)).expect("decodes"),
        v
    );
}

#[derive(Serialize)]
struct Skipping {
    a: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    b: Option<u8>,
    c: u8,
}

#[test]
fn skipped_fields_still_give_a_valid_map_header() {
    assert_eq!(
        ser(&Skipping {
            a: 1,
            b: None,
            c: 3
        }),
        h("82 a1 61 01 a1 63 03")
    );
    assert_eq!(
        ser(&Skipping {
            a: 1,
            b: Some(2),
            c: 3
        }),
        h("83 a1 61 01 a1 62 02 a1 63 03")
    );
}

/// 17 fields, declared in reverse order; two may be skipped.
#[derive(Serialize)]
struct Seventeen {
    q: u8,
    p: u8,
    o: u8,
    n: u8,
    m: u8,
    l: u8,
    k: u8,
    j: u8,
    i: u8,
    h: u8,
    g: u8,
    f: u8,
    e: u8,
    d: u8,
    c: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    b: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    a: Option<u8>,
}

fn seventeen(skip: bool) -> Seventeen {
    let o = if skip { None } else { Some(0) };
    Seventeen {
        q: 16,
        p: 15,
        o: 14,
        n: 13,
        m: 12,
        l: 11,
        k: 10,
        j: 9,
        i: 8,
        h: 7,
        g: 6,
        f: 5,
        e: 4,
        d: 3,
        c: 2,
        b: o.map(|_| 1),
        a: o,
    }
}

#[test]
fn skipping_fields_can_shrink_a_map16_header_to_a_fixmap() {
    // All 17: map16, sorted a..q with values 0..16.
    let mut full = String::from("de0011");
    for (i, k) in ('a'..='q').enumerate() {
        full.push_str(&format!("a1{:02x}{:02x}", k as u8, i));
    }
    assert_eq!(ser(&seventeen(false)), full);
    // 15 left: a fixmap header, entries c..q.
    let mut short = String::from("8f");
    for (i, k) in ('c'..='q').enumerate() {
        short.push_str(&format!("a1{:02x}{:02x}", k as u8, i + 2));
    }
    assert_eq!(ser(&seventeen(true)), short);
}

#[test]
fn value_objects_are_written_in_byte_order() {
    let v = Value::object([
        ("b", Value::from(2)),
        ("B", Value::from(1)),
        ("a", Value::from(3)),
    ]);
    let t = v.ty();
    assert_eq!(
        t.to_json(),
        r#"["object",{"B":"number","a":"number","b":"number"}]"#
    );
    assert_eq!(enc(&v, &t), h("83 a1 42 01 a1 61 03 a1 62 02"));
    // Attributes may arrive in any order; they go out sorted.
    let back = dec("83 a1 62 02 a1 61 03 a1 42 01", &t);
    assert_eq!(back, v);
    assert_eq!(enc(&back, &t), h("83 a1 42 01 a1 61 03 a1 62 02"));
}

// ---------------------------------------------------------------------------------------
// Container and string headers
// ---------------------------------------------------------------------------------------

#[test]
fn map_headers() {
    for (n, header) in [
        (15usize, "8f"),
        (16, "de 00 10"),
        (65535, "de ff ff"),
        (65536, "df 00 01 00 00"),
    ] {
        let m: BTreeMap<String, u8> = (0..n).map(|i| (format!("{i:05}"), 0)).collect();
        let bytes = tfvalue::msgpack::to_vec(&m).expect("encodes");
        assert_eq!(to_hex(&bytes[..hex(header).len()]), h(header), "{n}");
        // The first key follows.
        assert_eq!(
            to_hex(&bytes[hex(header).len()..][..6]),
            "a53030303030",
            "{n}"
        );
        let v = Value::from_msgpack(&bytes, &ty(r#"["map","number"]"#)).expect("decodes");
        assert_eq!(v.as_map().map(BTreeMap::len), Some(n));
        assert_eq!(
            v.to_msgpack(&ty(r#"["map","number"]"#)).expect("encodes"),
            bytes
        );
    }
}

#[test]
fn array_headers() {
    for (n, header) in [
        (15usize, "9f"),
        (16, "dc 00 10"),
        (65535, "dc ff ff"),
        (65536, "dd 00 01 00 00"),
    ] {
        let items = vec![7u8; n];
        let bytes = tfvalue::msgpack::to_vec(&items).expect("encodes");
        let mut expected = hex(header);
        expected.extend(std::iter::repeat_n(7, n));
        assert_eq!(bytes, expected, "{n}");
        let t = ty(r#"["list","number"]"#);
        let v = Value::from_msgpack(&bytes, &t).expect("decodes");
        assert_eq!(v.to_msgpack(&t).expect("encodes"), bytes);
        assert_eq!(
            tfvalue::msgpack::from_slice::<Vec<u8>>(&bytes).expect("decodes"),
            items
        );
    }
    // Unknown length up front (an iterator): the header is still the smallest.
    struct Iter(usize);
    impl Serialize for Iter {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_seq((0..self.0).filter(|_| true).map(|_| 1u8))
        }
    }
    assert_eq!(&ser(&Iter(16))[..6], "dc0010");
    assert_eq!(&ser(&Iter(2)), "920101");
}

#[test]
fn string_headers() {
    for (len, header) in [
        (0usize, "a0"),
        (31, "bf"),
        (32, "d9 20"),
        (255, "d9 ff"),
        (256, "da 01 00"),
        (65535, "da ff ff"),
        (65536, "db 00 01 00 00"),
    ] {
        let s = "s".repeat(len);
        let mut expected = hex(header);
        expected.extend_from_slice(s.as_bytes());
        assert_eq!(
            tfvalue::msgpack::to_vec(&s).expect("encodes"),
            expected,
            "{len}"
        );
        let v = Value::from(s.as_str());
        assert_eq!(
            v.to_msgpack(&Type::String).expect("encodes"),
            expected,
            "{len}"
        );
        assert_eq!(
            Value::from_msgpack(&expected, &Type::String).expect("decodes"),
            v
        );
        assert_eq!(
            tfvalue::msgpack::from_slice::<String>(&expected).expect("decodes"),
            s
        );
    }
    // Non-minimal string headers are accepted (go-cty's str8-empty).
    assert_eq!(dec("d9 00", &Type::String), Value::from(""));
    assert_eq!(dec("da 00 01 61", &Type::String), Value::from("a"));
}

#[test]
fn binary_data_is_not_a_string() {
    // go-cty accepts bin where a string is expected; tfvalue is strict (ARCHITECTURE.md).
    let e = Value::from_msgpack(&hex("c4 01 61"), &Type::String).expect_err("bin");
    assert_eq!(e.kind(), ErrorKind::Type);
    assert_eq!(e.to_string(), "expected string, found binary data");
    let e = tfvalue::msgpack::from_slice::<String>(&hex("c4 01 61")).expect_err("bin");
    assert_eq!(e.kind(), ErrorKind::Type);
    assert_eq!(e.to_string(), "expected string, found binary data");
}

// ---------------------------------------------------------------------------------------
// Sets, bools, tuples
// ---------------------------------------------------------------------------------------

#[test]
fn sets_of_primitives_are_in_go_cty_order() {
    // ARCHITECTURE.md: sets of strings, numbers and bools are sorted as go-cty sorts them
    // (known ascending, then unknowns, then nulls) when decoded or built; Terraform sends
    // them in that order, so its bytes round-trip unchanged (go-cty's set/strings-sorted).
    let t = ty(r#"["set","string"]"#);
    let sorted = "94 a1 42 a1 61 a1 62 a1 63";
    assert_eq!(enc(&dec(sorted, &t), &t), h(sorted));
    // Built or decoded in another order: sorted, byte-wise ("B" < "a").
    let v = Value::set(
        Type::String,
        vec![Value::from("b"), Value::from("a"), Value::from("B")],
    )
    .expect("builds");
    assert_eq!(enc(&v, &t), h("93 a1 42 a1 61 a1 62"));
    assert_eq!(
        enc(&dec("93 a1 62 a1 61 a1 42", &t), &t),
        h("93 a1 42 a1 61 a1 62")
    );
    // Duplicates collapse (go-cty's set/duplicates).
    assert_eq!(
        enc(&dec("93 a1 61 a1 62 a1 61", &t), &t),
        h("92 a1 61 a1 62")
    );
    // go-cty 1.16's rule: unknowns, then nulls last; unknowns never equal each other.
    let u = dec("94 d4 00 00 c0 a1 7a d4 00 00", &t);
    assert_eq!(enc(&u, &t), h("94 a1 7a d4 00 00 d4 00 00 c0"));
    // Numbers in numeric order (go-cty's set/numbers-sorted), bools false first.
    let n = ty(r#"["set","number"]"#);
    let nums = "95 ff cb 3f f8 00 00 00 00 00 00 09 0a 64";
    assert_eq!(enc(&dec(nums, &n), &n), h(nums));
    assert_eq!(
        enc(&dec("95 64 0a 09 cb 3f f8 00 00 00 00 00 00 ff", &n), &n),
        h(nums)
    );
    let b = ty(r#"["set","bool"]"#);
    assert_eq!(enc(&dec("92 c3 c2", &b), &b), h("92 c2 c3"));
}

#[test]
fn sets_of_other_types_keep_their_order() {
    // go-cty orders them by an internal hash (set/of-objects); tfvalue keeps the given
    // order, which Terraform accepts.
    let t = ty(r#"["set",["object",{"n":"number"}]]"#);
    let bytes = "92 81 a1 6e 02 81 a1 6e 0a";
    assert_eq!(enc(&dec(bytes, &t), &t), h(bytes));
    let reversed = "92 81 a1 6e 0a 81 a1 6e 02";
    assert_eq!(enc(&dec(reversed, &t), &t), h(reversed));
}

#[test]
fn bools_and_tuples() {
    assert_eq!(ser(&true), "c3");
    assert_eq!(ser(&false), "c2");
    assert_eq!(enc(&Value::from(true), &Type::Bool), "c3");
    let t = ty(r#"["tuple",["string","number","bool"]]"#);
    let v = Value::tuple(vec![
        Value::from("a"),
        Value::from(1),
        Value::null(Type::Bool),
    ]);
    assert_eq!(enc(&v, &t), h("93 a1 61 01 c0"));
    assert_eq!(dec("93 a1 61 01 c0", &t), v);
    assert_eq!(ser(&("a", 1u8, None::<bool>)), h("93 a1 61 01 c0"));
}

#[test]
fn unit_enums_are_strings() {
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    #[serde(rename_all = "snake_case")]
    enum Tier {
        Standard,
        PremiumSsd,
    }
    assert_eq!(
        ser(&Tier::PremiumSsd),
        h("ab 70 72 65 6d 69 75 6d 5f 73 73 64")
    );
    assert_eq!(
        tfvalue::msgpack::from_slice::<Tier>(&hex("a8 73 74 61 6e 64 61 72 64")).expect("decodes"),
        Tier::Standard
    );
    // Variants with data have no Terraform form.
    #[derive(Serialize)]
    enum Tagged {
        Data(u8),
    }
    let e = tfvalue::msgpack::to_vec(&Tagged::Data(1)).expect_err("tagged");
    assert_eq!(e.kind(), ErrorKind::Type);
    assert_eq!(
        e.to_string(),
        "Tagged::Data carries data, and Terraform values have no tagged unions: only enums of \
         unit variants (written as strings) can be encoded"
    );
}

// ---------------------------------------------------------------------------------------
// DynamicValue
// ---------------------------------------------------------------------------------------

#[test]
fn dynamic_value_prefers_msgpack() {
    let dv = DynamicValue::new(&[0xa1, b'a'], b"\"b\"");
    assert_eq!(dv.decode::<String>().expect("decodes"), "a");
    assert_eq!(
        dv.decode_value(&Type::String).expect("decodes"),
        Value::from("a")
    );
    // Even when the msgpack is bad: the JSON is not a fallback for errors.
    let dv = DynamicValue::new(&[0xc3], b"\"b\"");
    let e = dv.decode::<String>().expect_err("bool");
    assert_eq!(e.to_string(), "expected string, found a bool");
}

#[test]
fn dynamic_value_falls_back_to_json() {
    let dv = DynamicValue::new(&[], br#"{"a":"x","n":0.1}"#);
    #[derive(Deserialize, Debug, PartialEq)]
    struct M {
        a: String,
        n: Number,
    }
    assert_eq!(
        dv.decode::<M>().expect("decodes"),
        M {
            a: "x".to_owned(),
            n: Number::parse("0.1").expect("parses")
        }
    );
    let t = ty(r#"["object",{"a":"string","n":"number"}]"#);
    let v = dv.decode_value(&t).expect("decodes");
    assert_eq!(
        v.attr("n"),
        Some(&Value::Number(Number::parse("0.1").expect("parses")))
    );
}

#[test]
fn dynamic_value_with_neither_encoding_is_an_error() {
    let dv = DynamicValue::new(&[], &[]);
    let message = "the dynamic value is empty: neither MessagePack nor JSON was given";
    let e = dv.decode::<String>().expect_err("empty");
    assert_eq!(
        (e.kind(), e.to_string().as_str()),
        (ErrorKind::Syntax, message)
    );
    let e = dv.decode_value(&Type::String).expect_err("empty");
    assert_eq!(
        (e.kind(), e.to_string().as_str()),
        (ErrorKind::Syntax, message)
    );
    assert_eq!(DynamicValue::default(), dv);
}

#[test]
fn dynamic_value_always_answers_with_msgpack() {
    #[derive(Serialize)]
    struct M {
        id: Unknown<Nullable<String>>,
    }
    assert_eq!(
        to_hex(
            &DynamicValue::encode(&M {
                id: Unknown::unknown()
            })
            .expect("encodes")
        ),
        h("81 a2 69 64 d4 00 00")
    );
    assert_eq!(
        to_hex(&DynamicValue::encode_value(&Value::from(1), &Type::Number).expect("encodes")),
        "01"
    );
}

/// go-cty 1.16 turns an unknown that its refinements pin to one value (not null, with equal
/// inclusive number bounds, or equal length bounds) into that known value when it decodes
/// it (`RefinementBuilder.NewValue`), so its encoder never writes such a refinement and
/// Terraform never sends one. tfvalue reads one as go-cty does: as the known value. An
/// unknown a provider builds with such refinements is written as it is; Terraform reads it
/// as the known value too.
#[test]
fn refinements_pinning_one_value_are_that_value() {
    // {1: false, 3: [5, true], 4: [5, true]}: not null, >= 5, <= 5.
    let pinned = "c70b0c 83 01c2 03 92 05 c3 04 92 05 c3";
    assert_eq!(dec(pinned, &Type::Number), Value::from(5));
    let r = Refinements::new()
        .not_null()
        .with_number_lower_bound(Number::from(5), true)
        .unwrap()
        .with_number_upper_bound(Number::from(5), true)
        .unwrap();
    let v = Value::unknown_refined(Type::Number, r).unwrap();
    assert_eq!(enc(&v, &Type::Number), h(pinned));
    // {1: false, 6: 0}: not null, no element: the empty list.
    let list = ty(r#"["list","string"]"#);
    let empty = dec("c7050c 82 01c2 06 00", &list);
    assert_eq!(empty, Value::List(Type::String, Vec::new()));
    assert_eq!(enc(&empty, &list), h("90"));
    // {1: false, 5: 2, 6: 2}: a list of two unknown strings.
    let two = dec("c7070c 83 01c2 05 02 06 02", &list);
    assert_eq!(enc(&two, &list), h("92 d40000 d40000"));
    // Without "not null" the value may be null: it stays unknown.
    let maybe_null = dec("c7030c 81 06 00", &list);
    assert!(matches!(maybe_null, Value::Unknown(..)), "{maybe_null:?}");
}

// ---------------------------------------------------------------------------------------
// Text: the stream-safe limit of NFC
// ---------------------------------------------------------------------------------------

/// go-cty puts decoded text in NFC with golang.org/x/text's `norm.NFC`, which also applies
/// the Stream-Safe Text Format of UAX #15: in a run of non-starters longer than 30
/// (`maxNonStarters` in x/text's `unicode/norm/composition.go`), U+034F COMBINING GRAPHEME
/// JOINER (cd 8f) goes before the 31st. A string and a map key decode so, in MessagePack and
/// in JSON; 30 marks decode unchanged.
#[test]
fn a_run_of_more_than_thirty_non_starters_gets_a_grapheme_joiner() {
    // "e" then U+0305 COMBINING OVERLINE (cc 85), which composes with nothing.
    let marks = |n: usize| format!("65{}", "cc85".repeat(n));
    let thirty = marks(30);
    let joined = format!("{}cd8fcc85", marks(30));
    let text = |hexed: &str| String::from_utf8(hex(hexed)).unwrap();

    let string = ty(r#""string""#);
    assert_eq!(
        dec(&format!("d9 3d {thirty}"), &string),
        Value::from(text(&thirty).as_str())
    );
    let v = dec(&format!("d9 3f {}", marks(31)), &string);
    assert_eq!(enc(&v, &string), h(&format!("d9 41 {joined}")));
    let s: String = tfvalue::msgpack::from_slice(&hex(&format!("d9 3f {}", marks(31)))).unwrap();
    assert_eq!(to_hex(s.as_bytes()), joined);

    let json = format!("\"{}\"", text(&marks(31)));
    let v = Value::from_json(json.as_bytes(), &string).unwrap();
    assert_eq!(enc(&v, &string), h(&format!("d9 41 {joined}")));

    let map = ty(r#"["map","bool"]"#);
    let v = dec(&format!("81 d9 3f {} c3", marks(31)), &map);
    assert_eq!(enc(&v, &map), h(&format!("81 d9 41 {joined} c3")));
    let m: BTreeMap<String, bool> =
        tfvalue::msgpack::from_slice(&hex(&format!("81 d9 3f {} c3", marks(31)))).unwrap();
    assert_eq!(
        m.keys().map(|k| to_hex(k.as_bytes())).collect::<Vec<_>>(),
        [joined]
    );
}
