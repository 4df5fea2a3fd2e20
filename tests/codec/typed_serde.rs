//! serde-derived Rust models through `tfvalue::msgpack` (and `tfvalue::json` where JSON
//! applies): every wrapper and container, exact numbers, borrowing, dynamic `Value` fields,
//! and the bridges between typed models and `Value`. Exact bytes everywhere.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use tfvalue::{ErrorKind, Nullable, Number, Refinements, Type, Unknown, Value};
use tfvalue_suite::{hex, to_hex};

fn ty(json: &str) -> Type {
    Type::from_json(json.as_bytes()).unwrap_or_else(|e| panic!("{json}: {e}"))
}

fn h(s: &str) -> String {
    to_hex(&hex(s))
}

#[track_caller]
fn ser<T: ?Sized + Serialize>(v: &T) -> String {
    to_hex(&tfvalue::msgpack::to_vec(v).expect("encodes"))
}

#[track_caller]
fn de<T: DeserializeOwned>(bytes: &str) -> T {
    tfvalue::msgpack::from_slice(&hex(bytes)).unwrap_or_else(|e| panic!("{bytes}: {e}"))
}

/// Asserts that `v` encodes to `bytes` and `bytes` decode to `v`.
#[track_caller]
fn both_ways<T: Serialize + DeserializeOwned + PartialEq + Debug>(v: &T, bytes: &str) {
    assert_eq!(ser(v), h(bytes), "encoding {v:?}");
    assert_eq!(&de::<T>(bytes), v, "decoding {bytes}");
}

/// The three states of `Unknown<Nullable<T>>` for one known value and its bytes.
#[track_caller]
fn three_states<T: Serialize + DeserializeOwned + PartialEq + Debug + tfvalue::TfType>(
    known: T,
    bytes: &str,
) {
    both_ways(&known, bytes);
    both_ways(&Unknown::Known(Nullable::Value(known)), bytes);
    both_ways(&Unknown::<Nullable<T>>::Known(Nullable::Null), "c0");
    both_ways(&Unknown::<Nullable<T>>::unknown(), "d4 00 00");
    // Also as Unknown<Option<T>> and Nullable<T>.
    both_ways(&Unknown::<Option<T>>::Known(None), "c0");
    both_ways(&Unknown::<Option<T>>::unknown(), "d4 00 00");
    both_ways(&Nullable::<T>::Null, "c0");
}

// ---------------------------------------------------------------------------------------
// Wrappers around every primitive
// ---------------------------------------------------------------------------------------

#[test]
fn unknown_nullable_of_every_primitive() {
    three_states(String::from("a"), "a1 61");
    three_states(true, "c3");
    three_states(false, "c2");
    three_states(200u8, "cc c8");
    three_states(-2i8, "fe");
    three_states(1000u16, "cd 03 e8");
    three_states(-1000i16, "d1 fc 18");
    three_states(70000u32, "ce 00 01 11 70");
    three_states(-70000i32, "d2 ff fe ee 90");
    three_states(
        u64::MAX,
        "b4 31 38 34 34 36 37 34 34 30 37 33 37 30 39 35 35 31 36 31 35",
    );
    three_states(i64::MIN, "d3 80 00 00 00 00 00 00 00");
    three_states(
        i128::MAX,
        "d9 27 31 37 30 31 34 31 31 38 33 34 36 30 34 36 39 32 33 31 37 33 31 36 38 37 33 30 33 \
         37 31 35 38 38 34 31 30 35 37 32 37",
    );
    // go-cty 1.16's rule: a whole number outside i64 is its decimal digits, even 2^64.
    three_states(
        u128::from(u64::MAX) + 1,
        "b4 31 38 34 34 36 37 34 34 30 37 33 37 30 39 35 35 31 36 31 36",
    );
    three_states(0.5f32, "cb 3f e0 00 00 00 00 00 00");
    three_states(0.1f64, "a3 30 2e 31");
    three_states(-1.5f64, "cb bf f8 00 00 00 00 00 00");
    three_states('é', "a2 c3 a9");
    three_states(Number::from(7), "07");
    three_states(Number::parse("0.1").expect("parses"), "a3 30 2e 31");
}

#[test]
fn unknown_nullable_with_refinements() {
    let r = Refinements::new().not_null().with_string_prefix("prefix-");
    both_ways(
        &Unknown::<Nullable<String>>::refined(r),
        "c7 0c 0c 82 01 c2 02 a7 70 72 65 66 69 78 2d",
    );
    let r = Refinements::new()
        .not_null()
        .with_number_lower_bound(Number::from(0), true)
        .unwrap();
    both_ways(
        &Unknown::<Nullable<u32>>::refined(r),
        "c7 07 0c 82 01 c2 03 92 00 c3",
    );
    let r = Refinements::new()
        .with_length_lower_bound(1)
        .unwrap()
        .with_length_upper_bound(3)
        .unwrap();
    both_ways(
        &Unknown::<Nullable<Vec<String>>>::refined(r),
        "c7 05 0c 82 05 01 06 03",
    );
}

#[test]
fn option_and_nullable_fields() {
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct M {
        a: Option<String>,
        b: Nullable<u8>,
        c: Option<Option<u8>>,
    }
    both_ways(
        &M {
            a: None,
            b: Nullable::Null,
            c: None,
        },
        "83 a1 61 c0 a1 62 c0 a1 63 c0",
    );
    both_ways(
        &M {
            a: Some("x".into()),
            b: Nullable::Value(1),
            c: Some(Some(2)),
        },
        "83 a1 61 a1 78 a1 62 01 a1 63 02",
    );
    // A missing `Option` or `Nullable` field is null (serde treats every type that
    // deserializes through `deserialize_option` as optional); a missing `Unknown<…>` field
    // is an error. Terraform always sends every attribute.
    let m: M = de("81 a1 63 05");
    assert_eq!(
        m,
        M {
            a: None,
            b: Nullable::Null,
            c: Some(Some(5)),
        }
    );
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct U {
        a: Unknown<Nullable<u8>>,
        b: u8,
    }
    let e = tfvalue::msgpack::from_slice::<U>(&hex("81 a1 62 01")).expect_err("missing a");
    assert_eq!(e.kind(), ErrorKind::Attribute);
    assert_eq!(e.to_string(), "missing attribute \"a\"");
}

// ---------------------------------------------------------------------------------------
// Containers
// ---------------------------------------------------------------------------------------

#[test]
fn lists_sets_maps_and_tuples() {
    both_ways(&vec!["a".to_owned(), "b".to_owned()], "92 a1 61 a1 62");
    both_ways(&Vec::<u8>::new(), "90");
    both_ways(&BTreeSet::from([3u8, 1, 2]), "93 01 02 03");
    both_ways(
        &BTreeMap::from([("b".to_owned(), 2u8), ("a".to_owned(), 1)]),
        "82 a1 61 01 a1 62 02",
    );
    // Hash containers: maps are written sorted whatever the hash order.
    both_ways(
        &HashMap::from([
            ("b".to_owned(), 2u8),
            ("a".to_owned(), 1),
            ("c".to_owned(), 3),
        ]),
        "83 a1 61 01 a1 62 02 a1 63 03",
    );
    // A HashSet is written in its iteration order (serde gives no way to sort a sequence):
    // one element is deterministic; several round-trip as a set. Use BTreeSet for stable
    // bytes.
    both_ways(&HashSet::from(["x".to_owned()]), "91 a1 78");
    let hs = HashSet::from([1u8, 2, 3, 4, 5]);
    let bytes = tfvalue::msgpack::to_vec(&hs).expect("encodes");
    assert_eq!(bytes.len(), 6);
    assert_eq!(bytes[0], 0x95);
    assert_eq!(
        tfvalue::msgpack::from_slice::<HashSet<u8>>(&bytes).expect("decodes"),
        hs
    );
    // Tuples, of any arity serde supports.
    both_ways(&("a".to_owned(), 1u8, true), "93 a1 61 01 c3");
    both_ways(&(Nullable::<u8>::Null,), "91 c0");
    let e = tfvalue::msgpack::from_slice::<(u8, u8)>(&hex("93 01 02 03")).expect_err("arity");
    assert_eq!(e.kind(), ErrorKind::Type);
    assert_eq!(
        e.to_string(),
        "expected a tuple of 2 elements, found 3 elements"
    );
    // Containers of wrappers.
    both_ways(
        &vec![
            Unknown::Known(Nullable::Value(1u8)),
            Unknown::Known(Nullable::Null),
            Unknown::unknown(),
        ],
        "93 01 c0 d4 00 00",
    );
    both_ways(
        &BTreeMap::from([
            ("k".to_owned(), Unknown::<Nullable<String>>::unknown()),
            ("n".to_owned(), Unknown::Known(Nullable::Null)),
        ]),
        "82 a1 6b d4 00 00 a1 6e c0",
    );
    // The whole container unknown.
    both_ways(&Unknown::<Vec<String>>::unknown(), "d4 00 00");
    both_ways(&Unknown::<BTreeMap<String, u8>>::unknown(), "d4 00 00");
}

// ---------------------------------------------------------------------------------------
// Nested models
// ---------------------------------------------------------------------------------------

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Instance {
    ami: String,
    disk: Vec<Disk>,
    id: Unknown<Nullable<String>>,
    tags: BTreeMap<String, String>,
    tier: Tier,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Disk {
    encrypted: Unknown<Nullable<bool>>,
    size_gb: u32,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum Tier {
    Standard,
    PremiumSsd,
}

/// A string on the wire: what `Unknown<Tier>` checks an unknown's refinements against.
impl tfvalue::TfType for Tier {
    fn tf_type() -> tfvalue::Type {
        tfvalue::Type::String
    }
}

fn instance() -> Instance {
    Instance {
        ami: "ami-1".into(),
        disk: vec![
            Disk {
                encrypted: Unknown::Known(Nullable::Value(true)),
                size_gb: 20,
            },
            Disk {
                encrypted: Unknown::unknown(),
                size_gb: 300,
            },
        ],
        id: Unknown::refined(Refinements::new().not_null().with_string_prefix("i-")),
        tags: BTreeMap::from([("env".into(), "prod".into())]),
        tier: Tier::PremiumSsd,
    }
}

const INSTANCE: &str = "85 \
     a3 61 6d 69 a5 61 6d 69 2d 31 \
     a4 64 69 73 6b 92 \
        82 a9 65 6e 63 72 79 70 74 65 64 c3 a7 73 69 7a 65 5f 67 62 14 \
        82 a9 65 6e 63 72 79 70 74 65 64 d4 00 00 a7 73 69 7a 65 5f 67 62 cd 01 2c \
     a2 69 64 c7 07 0c 82 01 c2 02 a2 69 2d \
     a4 74 61 67 73 81 a3 65 6e 76 a4 70 72 6f 64 \
     a4 74 69 65 72 ab 70 72 65 6d 69 75 6d 5f 73 73 64";

const INSTANCE_TYPE: &str = r#"["object",{"ami":"string","disk":["list",["object",{"encrypted":"bool","size_gb":"number"}]],"id":"string","tags":["map","string"],"tier":"string"}]"#;

#[test]
fn nested_structs_round_trip() {
    both_ways(&instance(), INSTANCE);
    // The same bytes as a `Value` of the matching type, and back.
    let t = ty(INSTANCE_TYPE);
    let v = Value::from_msgpack(&hex(INSTANCE), &t).expect("decodes");
    assert_eq!(to_hex(&v.to_msgpack(&t).expect("encodes")), h(INSTANCE));
    assert_eq!(
        v.unknown_paths()
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        [".disk[1].encrypted", ".id"]
    );
}

#[test]
fn unit_enums_are_strings() {
    both_ways(&Tier::Standard, "a8 73 74 61 6e 64 61 72 64");
    both_ways(
        &vec![Tier::PremiumSsd],
        "91 ab 70 72 65 6d 69 75 6d 5f 73 73 64",
    );
    both_ways(&Unknown::<Nullable<Tier>>::unknown(), "d4 00 00");
    // As map keys too.
    both_ways(
        &BTreeMap::from([(Tier::Standard, 1u8)]),
        "81 a8 73 74 61 6e 64 61 72 64 01",
    );
    let e = tfvalue::msgpack::from_slice::<Tier>(&hex("a3 66 6f 6f")).expect_err("variant");
    assert_eq!(
        e.to_string(),
        "unknown variant `foo`, expected `standard` or `premium_ssd`"
    );
}

// ---------------------------------------------------------------------------------------
// Numbers
// ---------------------------------------------------------------------------------------

#[test]
fn number_fields_are_exact() {
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct M {
        big: Number,
        frac: Number,
        float: Number,
    }
    let bytes = "83 \
        a3 62 69 67 be 31 32 33 34 35 36 37 38 39 30 31 32 33 34 35 36 37 38 39 30 31 32 33 34 \
           35 36 37 38 39 30 \
        a5 66 6c 6f 61 74 cb 3f b9 99 99 99 99 99 9a \
        a4 66 72 61 63 a3 30 2e 31";
    let m: M = de(bytes);
    assert_eq!(m.big.to_string(), "123456789012345678901234567890");
    assert_eq!(m.frac, Number::parse("0.1").expect("parses"));
    // float64 0.1 is not the decimal 0.1: its exact binary value is kept.
    assert_eq!(m.float, Number::from_f64_exact(0.1).expect("finite"));
    assert_ne!(m.float, m.frac);
    assert_eq!(ser(&m), h(bytes));
    // JSON keeps the decimal text exact too. (JSON objects keep the order the value gives:
    // here the struct's field order, where MessagePack sorts.)
    let json = br#"{"big":123456789012345678901234567890,"frac":0.1,"float":0.5}"#;
    let m: M = tfvalue::json::from_slice(json).expect("decodes");
    assert_eq!(m.big.to_string(), "123456789012345678901234567890");
    assert_eq!(m.frac, Number::parse("0.1").expect("parses"));
    assert_eq!(tfvalue::json::to_vec(&m).expect("encodes"), json);
}

/// A whole `f64` (`f32`) of 2^53 (2^24) or more reads what Terraform sends for it and writes
/// back that very integer, in MessagePack and JSON, wrapped or not: go-cty compares whole
/// numbers exactly, so a plan echoing `ratio = 9223372036854775808` must send 2^63, not its
/// shortest text 9223372036854776000. A decimal of up to 15 (6) digits comes back as written.
#[test]
fn whole_float_fields_write_back_the_integer_terraform_sent() {
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct M {
        r: Unknown<Nullable<f64>>,
    }
    let two_63 = M {
        r: Unknown::known(Nullable::Value(2f64.powi(63))),
    };
    // {"r": "9223372036854775808"}
    both_ways(
        &two_63,
        "81 a1 72 b3 39323233333732303336383534373735383038",
    );
    let json = br#"{"r":9223372036854775808}"#;
    assert_eq!(tfvalue::json::to_vec(&two_63).expect("encodes"), json);
    assert_eq!(
        tfvalue::json::from_slice::<M>(json).expect("decodes"),
        two_63
    );
    // 2^64 and 1e300 (not exactly a float: the float writes back the configuration's 1e300).
    both_ways(
        &2f64.powi(64),
        "b4 3138343436373434303733373039353531363136",
    );
    let e300 = format!("1{}", "0".repeat(300));
    let mut e300_bytes = vec![0xda, 0x01, 0x2d];
    e300_bytes.extend_from_slice(e300.as_bytes());
    assert_eq!(ser(&1e300f64), to_hex(&e300_bytes));
    assert_eq!(de::<f64>(&to_hex(&e300_bytes)), 1e300);
    assert_eq!(
        tfvalue::json::to_vec(&1e300f64).expect("encodes"),
        e300.as_bytes()
    );
    // In the i64 range, the exact integer: 2^60 (not 1152921504606847000).
    both_ways(&2f64.powi(60), "cf 1000000000000000");
    // The shortest text of 2^63 is another integer, which the float would not write back:
    // refused, in MessagePack and in JSON (whose fast path decides most texts).
    for e in [
        tfvalue::msgpack::from_slice::<f64>(&hex("b3 39323233333732303336383534373736303030"))
            .unwrap_err(),
        tfvalue::json::from_slice::<f64>(b"9223372036854776000").unwrap_err(),
    ] {
        assert_eq!(e.kind(), ErrorKind::Number, "{e}");
        assert!(
            e.to_string()
                .contains("the number 9223372036854776000 cannot be represented by a 64-bit float"),
            "{e}"
        );
    }
    // f32: 2^40 exactly, 3e10 as written.
    both_ways(&2f32.powi(40), "cf 0000010000000000");
    both_ways(&3e10f32, "cf 00000006fc23ac00");
}

#[test]
fn rust_number_fields_accept_every_wire_form() {
    #[derive(Deserialize, Debug, PartialEq)]
    struct M {
        a: u16,
        b: f64,
        c: i64,
    }
    // 300 as "3e2", 0.1 as "0.1", 5 as float64 5.0.
    let m: M = de("83 a1 61 a3 33 65 32 a1 62 a3 30 2e 31 a1 63 cb 40 14 00 00 00 00 00 00");
    assert_eq!(
        m,
        M {
            a: 300,
            b: 0.1,
            c: 5
        }
    );
}

#[test]
fn small_unsigned_forms_are_range_checked_for_every_integer_type() {
    // fixint, uint 8 and uint 16 are read inline; the range check must still apply.
    assert_eq!(de::<i8>("7f"), 127);
    assert_eq!(de::<u8>("cc c8"), 200);
    assert_eq!(de::<i16>("cc c8"), 200);
    assert_eq!(de::<u16>("cd ff ff"), 65535);
    assert_eq!(de::<i32>("cd 01 2c"), 300);
    assert_eq!(de::<u64>("cd 01 2c"), 300);
    for (bytes, message) in [
        (
            "cc c8",
            "expected a whole number from -128 to 127, found 200",
        ),
        (
            "cd 01 2c",
            "expected a whole number from 0 to 255, found 300",
        ),
        (
            "cd ff ff",
            "expected a whole number from -32768 to 32767, found 65535",
        ),
    ] {
        let e = match bytes {
            "cd 01 2c" => tfvalue::msgpack::from_slice::<u8>(&hex(bytes)).map(i64::from),
            "cd ff ff" => tfvalue::msgpack::from_slice::<i16>(&hex(bytes)).map(i64::from),
            _ => tfvalue::msgpack::from_slice::<i8>(&hex(bytes)).map(i64::from),
        }
        .expect_err(bytes);
        assert_eq!(e.kind(), ErrorKind::Number, "{bytes}");
        assert_eq!(e.to_string(), message, "{bytes}");
    }
    // Truncated forms are still end-of-input errors.
    for bytes in ["cc", "cd 01"] {
        let e = tfvalue::msgpack::from_slice::<u16>(&hex(bytes)).expect_err(bytes);
        assert_eq!(e.kind(), ErrorKind::Syntax, "{bytes}");
    }
}

// ---------------------------------------------------------------------------------------
// Borrowing
// ---------------------------------------------------------------------------------------

/// Whether `s` lies inside `input`.
fn borrowed_from(s: &str, input: &[u8]) -> bool {
    let range = input.as_ptr_range();
    let p = s.as_ptr();
    range.start <= p && p < range.end && s.len() <= input.len()
}

#[test]
fn str_and_cow_fields_borrow_from_the_input() {
    #[derive(Deserialize, Debug)]
    struct M<'a> {
        name: &'a str,
        #[serde(borrow)]
        cow: Cow<'a, str>,
        #[serde(borrow)]
        list: Vec<&'a str>,
        #[serde(borrow)]
        opt: Unknown<Nullable<&'a str>>,
        // serde's own rule: a Cow nested in another type always owns its string.
        #[serde(borrow)]
        nested_cow: Nullable<Cow<'a, str>>,
    }
    let input = hex(
        "85 a3 63 6f 77 a2 63 77 a4 6c 69 73 74 91 a2 6c 31 a4 6e 61 6d 65 a1 6e \
         aa 6e 65 73 74 65 64 5f 63 6f 77 a2 6e 63 a3 6f 70 74 a2 6f 31",
    );
    let m: M = tfvalue::msgpack::from_slice(&input).expect("decodes");
    assert_eq!(m.name, "n");
    assert!(borrowed_from(m.name, &input));
    assert!(matches!(m.cow, Cow::Borrowed("cw")));
    assert!(borrowed_from(&m.cow, &input));
    assert_eq!(m.list, ["l1"]);
    assert!(borrowed_from(m.list[0], &input));
    match &m.opt {
        Unknown::Known(Nullable::Value(s)) => {
            assert_eq!(*s, "o1");
            assert!(borrowed_from(s, &input));
        }
        other => panic!("not a string: {other:?}"),
    }
    assert!(matches!(&m.nested_cow, Nullable::Value(Cow::Owned(s)) if s == "nc"));
    // JSON borrows strings without escapes.
    let json = br#"{"cow":"cw","list":["l1"],"name":"n","nested_cow":null,"opt":"o1"}"#;
    let m: M = tfvalue::json::from_slice(json).expect("decodes");
    assert!(borrowed_from(m.name, json));
    assert!(matches!(m.cow, Cow::Borrowed("cw")));
    assert!(borrowed_from(&m.cow, json));
    assert!(matches!(m.opt, Unknown::Known(Nullable::Value(s)) if borrowed_from(s, json)));
    // An escaped string cannot be borrowed: a Cow owns it, a &str is an error.
    let escaped = br#"{"cow":"c\"w","list":[],"name":"n","nested_cow":null,"opt":null}"#;
    let m: M = tfvalue::json::from_slice(escaped).expect("decodes");
    assert!(matches!(&m.cow, Cow::Owned(s) if s == "c\"w"));
    let escaped_str = br#"{"cow":"c","list":[],"name":"\n","nested_cow":null,"opt":null}"#;
    let e = tfvalue::json::from_slice::<M>(escaped_str).expect_err("cannot borrow");
    assert_eq!(e.kind(), ErrorKind::Type);
    assert_eq!(
        e.to_string(),
        ".name: expected a borrowed string, found the string \"\\n\""
    );
}

#[test]
fn borrowed_map_keys() {
    let input = hex("82 a1 61 01 a1 62 02");
    let m: BTreeMap<&str, u8> = tfvalue::msgpack::from_slice(&input).expect("decodes");
    assert_eq!(m, BTreeMap::from([("a", 1), ("b", 2)]));
    assert!(m.keys().all(|k| borrowed_from(k, &input)));
}

// ---------------------------------------------------------------------------------------
// Dynamic attributes as `Value`
// ---------------------------------------------------------------------------------------

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct WithDynamic {
    name: String,
    settings: Value,
}

#[test]
fn value_as_a_dynamic_field() {
    let cases: Vec<(Value, &str)> =
        vec![
        (Value::from("a"), "92 c4 08 22 73 74 72 69 6e 67 22 a1 61"),
        (Value::null(Type::String), "92 c4 08 22 73 74 72 69 6e 67 22 c0"),
        (Value::null(Type::Dynamic), "c0"),
        (Value::unknown(Type::Dynamic), "d4 00 00"),
        (Value::unknown(Type::Bool), "92 c4 06 22 62 6f 6f 6c 22 d4 00 00"),
        (
            Value::object([("n", Value::from(1)), ("b", Value::from(true))]),
            "92 c4 24 5b 22 6f 62 6a 65 63 74 22 2c 7b 22 62 22 3a 22 62 6f 6f 6c 22 2c 22 6e 22 \
             3a 22 6e 75 6d 62 65 72 22 7d 5d 82 a1 62 c3 a1 6e 01",
        ),
        (
            Value::tuple(vec![Value::from("x"), Value::from(2)]),
            "92 c4 1d 5b 22 74 75 70 6c 65 22 2c 5b 22 73 74 72 69 6e 67 22 2c 22 6e 75 6d 62 65 \
             72 22 5d 5d 92 a1 78 02",
        ),
    ];
    for (settings, bytes) in cases {
        let m = WithDynamic {
            name: "x".into(),
            settings,
        };
        let full = format!("82 a4 6e 61 6d 65 a1 78 a8 73 65 74 74 69 6e 67 73 {bytes}");
        both_ways(&m, &full);
        // The same as a `Value` of type object({name=string, settings=dynamic}).
        let t = ty(r#"["object",{"name":"string","settings":"dynamic"}]"#);
        let v = Value::from_msgpack(&hex(&full), &t).expect("decodes");
        assert_eq!(v.attr("settings"), Some(&m.settings));
        assert_eq!(to_hex(&v.to_msgpack(&t).expect("encodes")), h(&full));
    }
}

#[test]
fn value_field_round_trips_through_json() {
    let m = WithDynamic {
        name: "x".into(),
        settings: Value::object([("n", Value::from(1)), ("s", Value::null(Type::String))]),
    };
    let json = br#"{"name":"x","settings":{"value":{"n":1,"s":null},"type":["object",{"n":"number","s":"string"}]}}"#;
    assert_eq!(
        String::from_utf8(tfvalue::json::to_vec(&m).expect("encodes")).expect("utf-8"),
        String::from_utf8(json.to_vec()).expect("utf-8")
    );
    assert_eq!(
        tfvalue::json::from_slice::<WithDynamic>(json).expect("decodes"),
        m
    );
    // An unknown cannot go into JSON.
    let u = WithDynamic {
        name: "x".into(),
        settings: Value::unknown(Type::Dynamic),
    };
    let e = tfvalue::json::to_vec(&u).expect_err("unknown");
    assert_eq!(e.kind(), ErrorKind::Unknown);
    assert_eq!(e.path().to_string(), ".settings");
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Settings {
    port: u16,
    hosts: Vec<String>,
    owner: Unknown<Nullable<String>>,
}

#[test]
fn decode_a_dynamic_attribute_into_a_typed_struct() {
    // {"name": "x", "settings": [object type, {...}]}: the settings arrive dynamic.
    let settings = Value::from_serialize(
        &serde_json::json!({"port": 8080, "hosts": ["a", "b"]}),
        &Type::Dynamic,
    )
    .expect("builds");
    let settings = match settings {
        Value::Object(..) => {
            let mut attrs: BTreeMap<String, Value> = settings
                .attributes()
                .expect("object")
                .map(|(k, v)| (k.to_owned(), v.clone()))
                .collect();
            attrs.insert("owner".into(), Value::unknown(Type::String));
            Value::object(attrs)
        }
        other => panic!("not an object: {other:?}"),
    };
    let m = WithDynamic {
        name: "x".into(),
        settings,
    };
    let bytes = tfvalue::msgpack::to_vec(&m).expect("encodes");
    let back: WithDynamic = tfvalue::msgpack::from_slice(&bytes).expect("decodes");
    let typed: Settings = back.settings.decode_as().expect("typed");
    assert_eq!(
        typed,
        Settings {
            port: 8080,
            hosts: vec!["a".into(), "b".into()],
            owner: Unknown::unknown(),
        }
    );
    // The settings' type is implied from the data: a tuple for the JSON array.
    assert_eq!(
        back.settings.ty().to_json(),
        r#"["object",{"hosts":["tuple",["string","string"]],"owner":"string","port":"number"}]"#
    );
    // Into a struct without Unknown: the unknown is named.
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Plain {
        port: u16,
        hosts: Vec<String>,
        owner: Nullable<String>,
    }
    let e = back.settings.decode_as::<Plain>().expect_err("unknown");
    assert_eq!(e.kind(), ErrorKind::Unknown);
    assert_eq!(e.path().to_string(), ".owner");
    // Out of range.
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Small {
        port: u8,
    }
    let e = back.settings.decode_as::<Small>().expect_err("range");
    assert_eq!(e.kind(), ErrorKind::Number);
    assert_eq!(
        e.to_string(),
        ".port: expected a whole number from 0 to 255, found 8080"
    );
}

#[test]
fn decode_as_from_a_decoded_value() {
    let t = ty(INSTANCE_TYPE);
    let v = Value::from_msgpack(&hex(INSTANCE), &t).expect("decodes");
    let m: Instance = v.decode_as().expect("typed");
    assert_eq!(m, instance());
    // And a Value decoded back out as a Value: the same value.
    let again: Value = v.decode_as().expect("value");
    assert_eq!(again, v);
}

#[test]
fn from_serialize_builds_the_value_of_a_type() {
    let t = ty(INSTANCE_TYPE);
    let v = Value::from_serialize(&instance(), &t).expect("builds");
    assert_eq!(to_hex(&v.to_msgpack(&t).expect("encodes")), h(INSTANCE));
    assert_eq!(v, Value::from_msgpack(&hex(INSTANCE), &t).expect("decodes"));
    // The refined unknown kept its refinements.
    assert_eq!(
        v.attr("id")
            .and_then(Value::refinements)
            .and_then(|r| r.string_prefix()),
        Some("i-")
    );
    // A mismatch names its path.
    let wrong = ty(
        r#"["object",{"ami":"number","disk":["list",["object",{"encrypted":"bool","size_gb":"number"}]],"id":"string","tags":["map","string"],"tier":"string"}]"#,
    );
    let e = Value::from_serialize(&instance(), &wrong).expect_err("mismatch");
    assert_eq!(e.kind(), ErrorKind::Type);
    assert_eq!(e.to_string(), ".ami: expected number, found a string");
}

#[test]
fn from_serialize_of_a_value_field_keeps_its_dynamic_type() {
    let m = WithDynamic {
        name: "x".into(),
        settings: Value::from(5),
    };
    let t = ty(r#"["object",{"name":"string","settings":"dynamic"}]"#);
    let v = Value::from_serialize(&m, &t).expect("builds");
    assert_eq!(v.attr("settings"), Some(&Value::from(5)));
    assert_eq!(
        to_hex(&v.to_msgpack(&t).expect("encodes")),
        ser(&m),
        "Value and serde paths agree"
    );
}

// ---------------------------------------------------------------------------------------
// JSON for the same models
// ---------------------------------------------------------------------------------------

#[test]
fn json_of_known_models() {
    let mut m = instance();
    m.disk[1].encrypted = Unknown::Known(Nullable::Null);
    m.id = Unknown::Known(Nullable::Value("i-1".into()));
    let json = br#"{"ami":"ami-1","disk":[{"encrypted":true,"size_gb":20},{"encrypted":null,"size_gb":300}],"id":"i-1","tags":{"env":"prod"},"tier":"premium_ssd"}"#;
    assert_eq!(tfvalue::json::to_vec(&m).expect("encodes"), json);
    assert_eq!(
        tfvalue::json::from_slice::<Instance>(json).expect("decodes"),
        m
    );
    // The unknown one cannot be written.
    let e = tfvalue::json::to_vec(&instance()).expect_err("unknown");
    assert_eq!(e.kind(), ErrorKind::Unknown);
    assert_eq!(e.path().to_string(), ".disk[1].encrypted");
}
