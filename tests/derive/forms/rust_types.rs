//! Rust types and Terraform types.

use super::common::{opt, req, round_trip, strings, wire_of, wire_unknown};
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use tfvalue::known::UnknownPaths;
use tfvalue::schema::{Block, Schema};
use tfvalue::set::Set;
use tfvalue::{Nullable, Number, TfSchema, Unknown, Value};
use tfvalue_suite::to_hex;

#[derive(TfSchema, Debug, PartialEq)]
pub(crate) struct Strings<'a> {
    pub(crate) owned: String,
    pub(crate) borrowed: &'a str,
    pub(crate) cow: Cow<'a, str>,
    pub(crate) ch: char,
    pub(crate) maybe: Option<&'a str>,
    pub(crate) list: Nullable<Vec<&'a str>>,
}

#[derive(TfSchema, Debug, PartialEq)]
pub(crate) struct Numbers {
    pub(crate) i8: i8,
    pub(crate) i16: i16,
    pub(crate) i32: i32,
    pub(crate) i64: i64,
    pub(crate) i128: i128,
    pub(crate) isize: isize,
    pub(crate) u8: u8,
    pub(crate) u16: u16,
    pub(crate) u32: u32,
    pub(crate) u64: u64,
    pub(crate) u128: u128,
    pub(crate) usize: usize,
    pub(crate) f32: f32,
    pub(crate) f64: f64,
    pub(crate) number: Number,
    pub(crate) big: Number,
    pub(crate) fraction: Number,
    pub(crate) maybe: Option<f64>,
    pub(crate) unknown: Unknown<Nullable<Number>>,
}

/// An object type (its description is not part of an attribute's type).
#[derive(TfSchema, Debug, PartialEq, Clone)]
pub(crate) struct Obj {
    pub(crate) a: String,
    pub(crate) opt: Nullable<u8>,
    pub(crate) maybe: Unknown<Nullable<bool>>,
}

#[derive(TfSchema, Debug, PartialEq)]
pub(crate) struct Collections {
    pub(crate) list: Vec<String>,
    pub(crate) nested: Vec<Vec<u8>>,
    pub(crate) bset: BTreeSet<String>,
    pub(crate) hset: HashSet<i64>,
    pub(crate) set: Set<f64>,
    pub(crate) objects: Set<Obj>,
    pub(crate) bmap: BTreeMap<String, bool>,
    pub(crate) hmap: HashMap<String, u16>,
    pub(crate) tuple: (String, u8, bool),
    pub(crate) obj: Obj,
    pub(crate) opt_obj: Nullable<Obj>,
    pub(crate) list_obj: Option<Vec<Obj>>,
    pub(crate) elements: Unknown<Nullable<Vec<Unknown<Nullable<String>>>>>,
    #[tf(optional)]
    pub(crate) any: Value,
    pub(crate) anys: Nullable<Vec<Value>>,
}

pub(crate) const OBJ: &str =
    r#"["object",{"a":"string","maybe":"bool","opt":"number"},["maybe","opt"]]"#;

#[test]
fn type_mapping_schema() {
    assert_eq!(
        Strings::schema(),
        &Schema::new(
            0,
            Block::new()
                .attribute(req("owned", "\"string\""))
                .attribute(req("borrowed", "\"string\""))
                .attribute(req("cow", "\"string\""))
                .attribute(req("ch", "\"string\""))
                .attribute(opt("maybe", "\"string\""))
                .attribute(opt("list", r#"["list","string"]"#))
        )
    );
    let mut numbers = Block::new();
    for name in [
        "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128", "usize",
        "f32", "f64", "number", "big", "fraction",
    ] {
        numbers = numbers.attribute(req(name, "\"number\""));
    }
    let numbers = numbers
        .attribute(opt("maybe", "\"number\""))
        .attribute(opt("unknown", "\"number\""));
    assert_eq!(Numbers::schema(), &Schema::new(0, numbers));
    assert_eq!(
        Collections::schema(),
        &Schema::new(
            0,
            Block::new()
                .attribute(req("list", r#"["list","string"]"#))
                .attribute(req("nested", r#"["list",["list","number"]]"#))
                .attribute(req("bset", r#"["set","string"]"#))
                .attribute(req("hset", r#"["set","number"]"#))
                .attribute(req("set", r#"["set","number"]"#))
                .attribute(req("objects", &format!(r#"["set",{OBJ}]"#)))
                .attribute(req("bmap", r#"["map","bool"]"#))
                .attribute(req("hmap", r#"["map","number"]"#))
                .attribute(req("tuple", r#"["tuple",["string","number","bool"]]"#))
                .attribute(req("obj", OBJ))
                .attribute(opt("opt_obj", OBJ))
                .attribute(opt("list_obj", &format!(r#"["list",{OBJ}]"#)))
                .attribute(opt("elements", r#"["list","string"]"#))
                .attribute(opt("any", "\"dynamic\""))
                .attribute(opt("anys", r#"["list","dynamic"]"#))
        )
    );
    // An object-typed attribute keeps its optional markers in the schema; the wire type
    // has none.
    assert_eq!(
        Collections::schema().object_type().to_json(),
        r#"["object",{"any":"dynamic","anys":["list","dynamic"],"bmap":["map","bool"],"bset":["set","string"],"elements":["list","string"],"hmap":["map","number"],"hset":["set","number"],"list":["list","string"],"list_obj":["list",["object",{"a":"string","maybe":"bool","opt":"number"}]],"nested":["list",["list","number"]],"obj":["object",{"a":"string","maybe":"bool","opt":"number"}],"objects":["set",["object",{"a":"string","maybe":"bool","opt":"number"}]],"opt_obj":["object",{"a":"string","maybe":"bool","opt":"number"}],"set":["set","number"],"tuple":["tuple",["string","number","bool"]]}]"#
    );
}

pub(crate) fn inside(s: &str, input: &[u8]) -> bool {
    input.as_ptr_range().contains(&s.as_ptr())
}

#[test]
fn strings_encode_decode_and_borrow() {
    let json = r#"{"owned":"o","borrowed":"b","cow":"c","ch":"é","maybe":"m","list":["x","y"]}"#;
    let bytes = wire_of::<Strings>(json);
    let m: Strings = tfvalue::msgpack::from_slice(&bytes).expect("decode");
    assert_eq!(
        m,
        Strings {
            owned: "o".into(),
            borrowed: "b",
            cow: Cow::Borrowed("c"),
            ch: 'é',
            maybe: Some("m"),
            list: Nullable::Value(vec!["x", "y"]),
        }
    );
    // `&str` borrows from the input: zero copy.
    assert!(inside(m.borrowed, &bytes));
    assert!(inside(m.maybe.expect("set"), &bytes));
    let list = m.list.as_value().expect("set");
    assert!(inside(list[0], &bytes) && inside(list[1], &bytes));
    assert_eq!(
        to_hex(&tfvalue::msgpack::to_vec(&m).expect("encode")),
        to_hex(&bytes)
    );
    // Through JSON too (no escapes in the strings).
    let text = tfvalue::json::to_vec(&m).expect("json");
    assert_eq!(
        text,
        Value::from_json(json.as_bytes(), Strings::schema().object_type())
            .expect("value")
            .to_json(Strings::schema().object_type())
            .expect("json")
    );
    let back: Strings = tfvalue::json::from_slice(&text).expect("decode json");
    assert!(inside(back.borrowed, &text));
    assert_eq!(back, m);
}

pub(crate) const NUMBERS_JSON: &str = r#"{"i8":-128,"i16":-32768,"i32":-2147483648,
    "i64":-9223372036854775808,"i128":-170141183460469231731687303715884105728,"isize":-1,
    "u8":255,"u16":65535,"u32":4294967295,"u64":18446744073709551615,
    "u128":340282366920938463463374607431768211455,"usize":7,"f32":0.25,"f64":0.1,
    "number":42,"big":123456789012345678901234567890,"fraction":0.1,"maybe":-2.5,"unknown":1e3}"#;

#[test]
fn numbers_encode_and_decode() {
    let bytes = wire_of::<Numbers>(NUMBERS_JSON);
    let m: Numbers = round_trip(&bytes);
    assert_eq!(
        (m.i8, m.i16, m.i32, m.i64, m.i128, m.isize),
        (i8::MIN, i16::MIN, i32::MIN, i64::MIN, i128::MIN, -1)
    );
    assert_eq!(
        (m.u8, m.u16, m.u32, m.u64, m.u128, m.usize),
        (u8::MAX, u16::MAX, u32::MAX, u64::MAX, u128::MAX, 7)
    );
    assert_eq!(m.f32.to_bits(), 0.25_f32.to_bits());
    assert_eq!(m.f64.to_bits(), 0.1_f64.to_bits());
    assert_eq!(m.number, Number::from(42));
    assert_eq!(m.big.to_string(), "123456789012345678901234567890");
    // Exact: the decimal 0.1, not the nearest f64.
    assert_eq!(m.fraction, Number::parse("0.1").expect("number"));
    assert_eq!(m.maybe, Some(-2.5));
    assert_eq!(
        m.unknown.as_value().map(ToString::to_string).as_deref(),
        Some("1000")
    );
    let planned = wire_unknown(Numbers::schema().object_type(), NUMBERS_JSON, &[".unknown"]);
    let m: Numbers = round_trip(&planned);
    assert!(m.unknown.is_unknown());
}

pub(crate) const COLLECTIONS_JSON: &str = r#"{"list":["a","b"],"nested":[[1],[],[2,3]],
    "bset":["a","b"],"hset":[5],"set":[1.5,2.25],
    "objects":[{"a":"x","opt":1,"maybe":true},{"a":"y"}],
    "bmap":{"k":true,"l":false},"hmap":{"h":8},"tuple":["t",9,false],
    "obj":{"a":"o"},"opt_obj":null,"list_obj":[{"a":"l","opt":2}],
    "elements":["e",null],
    "any":{"value":{"k":["v"]},"type":["object",{"k":["list","string"]}]},
    "anys":[{"value":1,"type":"number"},{"value":2,"type":"number"},null]}"#;

pub(crate) fn obj(a: &str, opt: Option<u8>, maybe: Option<bool>) -> Obj {
    Obj {
        a: a.into(),
        opt: opt.map_or(Nullable::Null, Nullable::Value),
        maybe: Unknown::known(maybe.map_or(Nullable::Null, Nullable::Value)),
    }
}

#[test]
fn collections_encode_and_decode() {
    let bytes = wire_of::<Collections>(COLLECTIONS_JSON);
    let m: Collections = round_trip(&bytes);
    assert_eq!(m.list, ["a", "b"]);
    assert_eq!(m.nested, [vec![1], vec![], vec![2, 3]]);
    assert_eq!(m.bset, BTreeSet::from(["a".to_owned(), "b".to_owned()]));
    assert_eq!(m.hset, HashSet::from([5]));
    assert!(m.set.eq_in_order(&Set::from([1.5, 2.25])));
    assert!(m.objects.eq_in_order(&Set::from([
        obj("x", Some(1), Some(true)),
        obj("y", None, None)
    ])));
    assert_eq!(
        m.bmap,
        BTreeMap::from([("k".to_owned(), true), ("l".to_owned(), false)])
    );
    assert_eq!(m.hmap, HashMap::from([("h".to_owned(), 8)]));
    assert_eq!(m.tuple, ("t".to_owned(), 9, false));
    assert_eq!(m.obj, obj("o", None, None));
    assert_eq!(m.opt_obj, Nullable::Null);
    assert_eq!(m.list_obj, Some(vec![obj("l", Some(2), None)]));
    assert_eq!(
        m.elements,
        Unknown::known(Nullable::Value(vec![
            Unknown::known(Nullable::Value("e".to_owned())),
            Unknown::known(Nullable::Null)
        ]))
    );
    assert_eq!(
        m.any.ty().to_json(),
        r#"["object",{"k":["list","string"]}]"#
    );
    let anys = m.anys.as_value().expect("set");
    assert_eq!(anys[0].as_number(), Some(&Number::from(1)));
    assert_eq!(anys[1].as_number(), Some(&Number::from(2)));
    assert!(anys[2].is_null());

    // Unknown elements, an unknown object attribute, an unknown inside a dynamic value.
    let planned = wire_unknown(
        Collections::schema().object_type(),
        COLLECTIONS_JSON,
        &[".elements[1]", ".obj.maybe", ".any.k", ".objects[1].maybe"],
    );
    let m: Collections = round_trip(&planned);
    assert_eq!(
        strings(&m.unknown_paths()),
        [".objects[1].maybe", ".obj.maybe", ".elements[1]", ".any.k"]
    );
    let planned = wire_unknown(
        Collections::schema().object_type(),
        COLLECTIONS_JSON,
        &[".elements", ".any"],
    );
    let m: Collections = round_trip(&planned);
    assert!(m.elements.is_unknown() && m.any.is_unknown());
}
