//! Every form of `#[derive(TfSchema)]`: each attribute flag, each Rust type mapping, each
//! block nesting (inferred and explicit) and nested-attribute nesting, unknown block
//! collections, item limits, generic structs and lifetimes, the derived `TfType`, the JSON
//! codec and the known companion type. Each is checked three ways: the emitted schema (in
//! full), decoding Terraform's bytes, and encoding back to exactly those bytes.
//!
//! Terraform's bytes are built with tfvalue's dynamic `Value`, decoded from Terraform's JSON
//! form of a value against the schema's object type (`Schema::object_type`, the type
//! Terraform encodes against) and encoded to MessagePack.
//!
//! A model collected in a `BTreeSet<T>` or `HashSet<T>` (as blocks or as an object-typed
//! attribute) needs its companion `TKnown` to be `Ord` or `Eq + Hash` too, so it declares
//! `#[tf(known_derive(...))]` (`ordered_and_hashed_sets_of_models`); without it the model
//! holding the set does not compile. Elsewhere sets of models use `tfvalue::set::Set<T>`.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use serde::de::DeserializeOwned;
use serde::Serialize;
use tfvalue::known::{IntoKnown, UnknownPaths};
use tfvalue::schema::{
    Attribute, Block, BlockNesting, NestedBlock, NestedObject, ObjectNesting, Schema, StringKind,
};
use tfvalue::set::Set;
use tfvalue::{
    AttributePath, ErrorKind, Nullable, Number, PathStep, Refinements, TfSchema, TfType, Type,
    Unknown, Value,
};
use tfvalue_suite::to_hex;

// ---------------------------------------------------------------------------------------
// Helpers.

fn ty(json: &str) -> Type {
    Type::from_json(json.as_bytes()).unwrap_or_else(|e| panic!("type {json}: {e}"))
}

/// A path written as it renders: `.disk[1].size_gb`, `.tags["env"]`.
fn path(text: &str) -> AttributePath {
    let mut p = AttributePath::root();
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix('.') {
            let end = r.find(['.', '[']).unwrap_or(r.len());
            p = p.attr(&r[..end]);
            rest = &r[end..];
        } else if let Some(r) = rest.strip_prefix("[\"") {
            let end = r.find("\"]").expect("closing \"]");
            p = p.key(&r[..end]);
            rest = &r[end + 2..];
        } else if let Some(r) = rest.strip_prefix('[') {
            let end = r.find(']').expect("closing ]");
            p = p.index(r[..end].parse().expect("index"));
            rest = &r[end + 1..];
        } else {
            panic!("bad path {text:?}");
        }
    }
    assert_eq!(p.to_string(), text);
    p
}

/// The part of `value` one step down.
fn step_into<'v>(value: &'v mut Value, step: &PathStep) -> &'v mut Value {
    match (value, step) {
        (Value::Object(t, values), PathStep::Attr(name)) => {
            let i = t
                .index_of(name)
                .unwrap_or_else(|| panic!("no attribute {name}"));
            &mut values[i]
        }
        (Value::List(_, e) | Value::Set(_, e) | Value::Tuple(e), PathStep::Index(i)) => {
            &mut e[usize::try_from(*i).expect("index")]
        }
        (Value::Map(_, m), PathStep::Key(k)) => m.get_mut(k).expect("map key"),
        (v, s) => panic!("cannot take {s:?} of {v:?}"),
    }
}

/// Terraform's MessagePack for the value whose JSON form is `json`, of type `ty`, with the
/// values at the `unknown` paths replaced by unknown values.
fn wire_unknown(ty: &Type, json: &str, unknown: &[&str]) -> Vec<u8> {
    let mut value =
        Value::from_json(json.as_bytes(), ty).unwrap_or_else(|e| panic!("value {json}: {e}"));
    for p in unknown {
        let mut slot = &mut value;
        for step in path(p).steps() {
            slot = step_into(slot, step);
        }
        *slot = Value::unknown(slot.ty());
    }
    value.to_msgpack(ty).expect("encode value")
}

/// As `wire_unknown`, with unknown values that carry refinements.
fn wire_refined(ty: &Type, json: &str, unknown: &[(&str, Refinements)]) -> Vec<u8> {
    let mut value =
        Value::from_json(json.as_bytes(), ty).unwrap_or_else(|e| panic!("value {json}: {e}"));
    for (p, refinements) in unknown {
        let mut slot = &mut value;
        for step in path(p).steps() {
            slot = step_into(slot, step);
        }
        *slot = Value::unknown_refined(slot.ty(), refinements.clone()).expect("refinements fit");
    }
    value.to_msgpack(ty).expect("encode value")
}

/// Terraform's MessagePack for the value whose JSON form is `json`, of type `ty`.
fn wire(ty: &Type, json: &str) -> Vec<u8> {
    wire_unknown(ty, json, &[])
}

/// Terraform's MessagePack for a value of model `T` (encoded against its schema's type).
fn wire_of<T: TfSchema>(json: &str) -> Vec<u8> {
    wire(T::schema().object_type(), json)
}

/// Decodes `bytes` into `T` and checks that encoding gives exactly `bytes` back.
#[track_caller]
fn round_trip<T: Serialize + DeserializeOwned>(bytes: &[u8]) -> T {
    let model: T = tfvalue::msgpack::from_slice(bytes)
        .unwrap_or_else(|e| panic!("decode {}: {e}", to_hex(bytes)));
    let again = tfvalue::msgpack::to_vec(&model).expect("encode model");
    assert_eq!(to_hex(&again), to_hex(bytes), "re-encoded bytes");
    model
}

/// `ty` without optional-attribute markers (what `Schema::object_type` never has).
fn without_markers(ty: Type) -> Type {
    Attribute::new("x", ty).implied_type()
}

fn strings(paths: &[AttributePath]) -> Vec<String> {
    paths.iter().map(ToString::to_string).collect()
}

const PLAIN: StringKind = StringKind::Plain;

fn req(name: &str, t: &str) -> Attribute {
    Attribute::new(name, ty(t)).required()
}

fn opt(name: &str, t: &str) -> Attribute {
    Attribute::new(name, ty(t)).optional()
}

// ---------------------------------------------------------------------------------------
// Attribute flags, descriptions, renames, struct-level settings.

/// A resource with every attribute flag.
///
/// Its second paragraph.
#[derive(TfSchema, Debug, PartialEq)]
#[tf(version = 7, deprecated)]
struct Flags {
    /// The name.
    name: String,
    size: Nullable<u64>,
    zone: Option<String>,
    /// Known after apply.
    #[tf(computed)]
    id: Unknown<Nullable<String>>,
    #[tf(optional, computed)]
    region: Unknown<Nullable<String>>,
    #[tf(sensitive)]
    password: Unknown<Nullable<String>>,
    #[tf(required, sensitive)]
    token: String,
    #[tf(deprecated)]
    legacy: Option<bool>,
    #[tf(optional, computed, sensitive, deprecated)]
    everything: Unknown<Nullable<String>>,
    /// This doc comment is replaced.
    #[tf(description = "Explicit text.")]
    described: Option<String>,
    /// Uses **markdown**.
    #[tf(description_kind = markdown)]
    md: Option<String>,
    #[tf(description = "`code`, plain", description_kind = plain)]
    plain: Option<String>,
    /// Line one.
    ///
    /// Line three.
    lines: Option<String>,
    #[tf(rename = "kind")]
    flavor: Option<String>,
    #[tf(rename = "aaa")]
    zzz: Nullable<i32>,
    r#type: String,
    #[tf(required)]
    count: u8,
    #[tf(optional)]
    any: Value,
    dyn_required: Value,
    #[tf(computed)]
    dyn_computed: Value,
}

fn flags_schema() -> Schema {
    Schema::new(
        7,
        Block::new()
            .attribute(req("name", "\"string\"").description("The name.", PLAIN))
            .attribute(opt("size", "\"number\""))
            .attribute(opt("zone", "\"string\""))
            .attribute(
                Attribute::new("id", Type::String)
                    .computed()
                    .description("Known after apply.", PLAIN),
            )
            .attribute(opt("region", "\"string\"").computed())
            .attribute(opt("password", "\"string\"").sensitive())
            .attribute(req("token", "\"string\"").sensitive())
            .attribute(opt("legacy", "\"bool\"").deprecated())
            .attribute(
                opt("everything", "\"string\"")
                    .computed()
                    .sensitive()
                    .deprecated(),
            )
            .attribute(opt("described", "\"string\"").description("Explicit text.", PLAIN))
            .attribute(
                opt("md", "\"string\"").description("Uses **markdown**.", StringKind::Markdown),
            )
            .attribute(opt("plain", "\"string\"").description("`code`, plain", PLAIN))
            .attribute(opt("lines", "\"string\"").description("Line one.\n\nLine three.", PLAIN))
            .attribute(opt("kind", "\"string\""))
            .attribute(opt("aaa", "\"number\""))
            .attribute(req("type", "\"string\""))
            .attribute(req("count", "\"number\""))
            .attribute(opt("any", "\"dynamic\""))
            .attribute(req("dyn_required", "\"dynamic\""))
            .attribute(Attribute::new("dyn_computed", Type::Dynamic).computed())
            .description(
                "A resource with every attribute flag.\n\nIts second paragraph.",
                PLAIN,
            )
            .deprecated(),
    )
}

#[test]
fn attribute_flags_schema() {
    let schema = Flags::schema();
    let expected = flags_schema();
    for (d, e) in schema
        .block
        .attributes
        .iter()
        .zip(&expected.block.attributes)
    {
        assert_eq!(d, e, "attribute {}", e.name);
    }
    assert_eq!(schema, &expected);
    schema.validate().expect("a valid schema");
    // The same schema every time (built once).
    assert!(std::ptr::eq(schema, Flags::schema()));
}

const FLAGS_JSON: &str = r#"{"name":"vm","size":3,"zone":null,"id":"i-1","region":"eu",
    "password":"pw","token":"t","legacy":true,"everything":"e","described":"d","md":"m",
    "plain":null,"lines":"l","kind":"k","aaa":-1,"type":"t2","count":2,
    "any":{"value":["a",1],"type":["tuple",["string","number"]]},
    "dyn_required":{"value":"x","type":"string"},"dyn_computed":null}"#;

#[test]
fn attribute_flags_encode_and_decode() {
    let bytes = wire_of::<Flags>(FLAGS_JSON);
    let m: Flags = round_trip(&bytes);
    assert_eq!(m.name, "vm");
    assert_eq!(m.size, Nullable::Value(3));
    assert_eq!(m.zone, None);
    assert_eq!(m.id, Unknown::known(Nullable::Value("i-1".to_owned())));
    assert_eq!(m.region.as_value().map(String::as_str), Some("eu"));
    assert_eq!(m.password.as_value().map(String::as_str), Some("pw"));
    assert_eq!(m.token, "t");
    assert_eq!(m.legacy, Some(true));
    assert_eq!(m.everything.as_value().map(String::as_str), Some("e"));
    assert_eq!(m.described.as_deref(), Some("d"));
    assert_eq!(m.md.as_deref(), Some("m"));
    assert_eq!(m.plain, None);
    assert_eq!(m.lines.as_deref(), Some("l"));
    // Renamed: `kind` and `aaa` on the wire, in their byte order.
    assert_eq!(m.flavor.as_deref(), Some("k"));
    assert_eq!(m.zzz, Nullable::Value(-1));
    assert_eq!(m.r#type, "t2");
    assert_eq!(m.count, 2);
    assert_eq!(m.any.ty().to_json(), r#"["tuple",["string","number"]]"#);
    assert_eq!(m.dyn_required.as_str(), Some("x"));
    assert!(m.dyn_computed.is_null());
    // The first key on the wire is the renamed `aaa`, not `zzz` (nor `any`).
    assert_eq!(&bytes[..6], &[0xde, 0x00, 0x14, 0xa3, b'a', b'a']);

    // A model built in Rust encodes to the same bytes.
    let built = Flags {
        name: "vm".into(),
        size: Nullable::Value(3),
        zone: None,
        id: Unknown::known(Nullable::Value("i-1".into())),
        region: Unknown::known(Nullable::Value("eu".into())),
        password: Unknown::known(Nullable::Value("pw".into())),
        token: "t".into(),
        legacy: Some(true),
        everything: Unknown::known(Nullable::Value("e".into())),
        described: Some("d".into()),
        md: Some("m".into()),
        plain: None,
        lines: Some("l".into()),
        flavor: Some("k".into()),
        zzz: Nullable::Value(-1),
        r#type: "t2".into(),
        count: 2,
        any: Value::tuple(vec![Value::String("a".into()), Value::Number(1.into())]),
        dyn_required: Value::String("x".into()),
        dyn_computed: Value::null(Type::Dynamic),
    };
    assert_eq!(built, m);
    assert_eq!(
        to_hex(&tfvalue::msgpack::to_vec(&built).expect("encode")),
        to_hex(&bytes)
    );
}

#[test]
fn attribute_flags_at_plan_time() {
    // Computed and optional+computed attributes unknown, a dynamic one unknown.
    let bytes = wire_unknown(
        Flags::schema().object_type(),
        FLAGS_JSON,
        &[
            ".id",
            ".region",
            ".everything",
            ".dyn_computed",
            ".password",
        ],
    );
    let m: Flags = round_trip(&bytes);
    assert!(m.id.is_unknown());
    assert!(m.region.is_unknown());
    assert!(m.everything.is_unknown());
    assert!(m.password.is_unknown());
    assert!(m.dyn_computed.is_unknown());
    assert_eq!(
        strings(&m.unknown_paths()),
        [
            ".id",
            ".region",
            ".password",
            ".everything",
            ".dyn_computed"
        ]
    );
    // Null everywhere it may be.
    let nulls = wire_of::<Flags>(
        r#"{"name":"","token":"","type":"","count":0,"dyn_required":{"value":0,"type":"number"}}"#,
    );
    let m: Flags = round_trip(&nulls);
    assert!(m.id.is_null() && m.region.is_null() && m.any.is_null());
    assert_eq!(
        (m.size, m.zzz, m.legacy),
        (Nullable::Null, Nullable::Null, None)
    );
}

#[test]
fn refined_unknowns_round_trip() {
    // What Terraform knows about an unknown value travels with it, byte for byte.
    let prefix = Refinements::new().not_null().with_string_prefix("i-");
    let bytes = wire_refined(
        Flags::schema().object_type(),
        FLAGS_JSON,
        &[(".id", prefix.clone())],
    );
    let m: Flags = round_trip(&bytes);
    assert_eq!(m.id, Unknown::refined(prefix));
    let length = Refinements::new()
        .not_null()
        .with_length_lower_bound(1)
        .unwrap()
        .with_length_upper_bound(2)
        .unwrap();
    let bytes = wire_refined(
        UnknownBlocks::schema().object_type(),
        r#"{"list":[],"set":[],"map":{},"group":{}}"#,
        &[(".list", length.clone())],
    );
    let m: UnknownBlocks = round_trip(&bytes);
    assert_eq!(m.list, Unknown::refined(length));
}

/// Replaced by the description below.
#[derive(TfSchema, Debug, PartialEq)]
#[tf(description = "A **markdown** block.", description_kind = markdown)]
struct Described {
    x: Option<String>,
}

/// Documented, *plain*.
#[derive(TfSchema, Debug, PartialEq)]
#[tf(version = 1)]
struct Documented {
    x: Option<String>,
}

#[derive(TfSchema, Debug, PartialEq)]
struct Undocumented {
    x: Option<String>,
}

#[test]
fn struct_level_settings() {
    let x = || opt("x", "\"string\"");
    assert_eq!(
        Described::schema(),
        &Schema::new(
            0,
            Block::new()
                .attribute(x())
                .description("A **markdown** block.", StringKind::Markdown)
        )
    );
    assert_eq!(
        Documented::schema(),
        &Schema::new(
            1,
            Block::new()
                .attribute(x())
                .description("Documented, *plain*.", PLAIN)
        )
    );
    assert_eq!(
        Undocumented::schema(),
        &Schema::new(0, Block::new().attribute(x()))
    );
    assert!(!Undocumented::schema().block.deprecated);
    assert!(Flags::schema().block.deprecated);
    // The rendering `terraform providers schema -json` would print.
    let json = Described::schema().to_providers_json();
    assert_eq!(json["block"]["description"], "A **markdown** block.");
    assert_eq!(json["block"]["description_kind"], "markdown");
    assert_eq!(Flags::schema().to_providers_json()["version"], 7);
}

// ---------------------------------------------------------------------------------------
// Rust types and Terraform types.

#[derive(TfSchema, Debug, PartialEq)]
struct Strings<'a> {
    owned: String,
    borrowed: &'a str,
    cow: Cow<'a, str>,
    ch: char,
    maybe: Option<&'a str>,
    list: Nullable<Vec<&'a str>>,
}

#[derive(TfSchema, Debug, PartialEq)]
struct Numbers {
    i8: i8,
    i16: i16,
    i32: i32,
    i64: i64,
    i128: i128,
    isize: isize,
    u8: u8,
    u16: u16,
    u32: u32,
    u64: u64,
    u128: u128,
    usize: usize,
    f32: f32,
    f64: f64,
    number: Number,
    big: Number,
    fraction: Number,
    maybe: Option<f64>,
    unknown: Unknown<Nullable<Number>>,
}

/// An object type (its description is not part of an attribute's type).
#[derive(TfSchema, Debug, PartialEq, Clone)]
struct Obj {
    a: String,
    opt: Nullable<u8>,
    maybe: Unknown<Nullable<bool>>,
}

#[derive(TfSchema, Debug, PartialEq)]
struct Collections {
    list: Vec<String>,
    nested: Vec<Vec<u8>>,
    bset: BTreeSet<String>,
    hset: HashSet<i64>,
    set: Set<f64>,
    objects: Set<Obj>,
    bmap: BTreeMap<String, bool>,
    hmap: HashMap<String, u16>,
    tuple: (String, u8, bool),
    obj: Obj,
    opt_obj: Nullable<Obj>,
    list_obj: Option<Vec<Obj>>,
    elements: Unknown<Nullable<Vec<Unknown<Nullable<String>>>>>,
    #[tf(optional)]
    any: Value,
    anys: Nullable<Vec<Value>>,
}

const OBJ: &str = r#"["object",{"a":"string","maybe":"bool","opt":"number"},["maybe","opt"]]"#;

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

fn inside(s: &str, input: &[u8]) -> bool {
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

const NUMBERS_JSON: &str = r#"{"i8":-128,"i16":-32768,"i32":-2147483648,
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

const COLLECTIONS_JSON: &str = r#"{"list":["a","b"],"nested":[[1],[],[2,3]],
    "bset":["a","b"],"hset":[5],"set":[1.5,2.25],
    "objects":[{"a":"x","opt":1,"maybe":true},{"a":"y"}],
    "bmap":{"k":true,"l":false},"hmap":{"h":8},"tuple":["t",9,false],
    "obj":{"a":"o"},"opt_obj":null,"list_obj":[{"a":"l","opt":2}],
    "elements":["e",null],
    "any":{"value":{"k":["v"]},"type":["object",{"k":["list","string"]}]},
    "anys":[{"value":1,"type":"number"},{"value":2,"type":"number"},null]}"#;

fn obj(a: &str, opt: Option<u8>, maybe: Option<bool>) -> Obj {
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

// ---------------------------------------------------------------------------------------
// Nested blocks.

/// The block's own description.
#[derive(TfSchema, Debug, PartialEq, Eq, Hash, Clone)]
struct B {
    v: Unknown<Nullable<String>>,
}

#[derive(TfSchema, Debug, PartialEq)]
struct Blocks {
    /// Inferred LIST.
    #[tf(block)]
    list: Vec<B>,
    #[tf(block(list, min_items = 1, max_items = 3))]
    list_x: Vec<B>,
    #[tf(block)]
    set: Set<B>,
    #[tf(block(set, max_items = 2))]
    set_x: Set<B>,
    #[tf(block)]
    map: BTreeMap<String, B>,
    #[tf(block(map))]
    hmap: HashMap<String, B>,
    #[tf(block)]
    single: Option<B>,
    #[tf(block(single))]
    single_x: Nullable<B>,
    /// The group.
    #[tf(block(group))]
    group: B,
}

fn b_block(description: &str) -> Block {
    Block::new()
        .attribute(opt("v", "\"string\""))
        .description(description, PLAIN)
}

const OWN: &str = "The block's own description.";

#[test]
fn blocks_schema() {
    let nb = |name: &str, desc: &str, nesting| NestedBlock::new(name, b_block(desc), nesting);
    let expected = Schema::new(
        0,
        Block::new()
            .block_type(nb("list", "Inferred LIST.", BlockNesting::List))
            .block_type(
                nb("list_x", OWN, BlockNesting::List)
                    .min_items(1)
                    .max_items(3),
            )
            .block_type(nb("set", OWN, BlockNesting::Set))
            .block_type(nb("set_x", OWN, BlockNesting::Set).max_items(2))
            .block_type(nb("map", OWN, BlockNesting::Map))
            .block_type(nb("hmap", OWN, BlockNesting::Map))
            .block_type(nb("single", OWN, BlockNesting::Single))
            .block_type(nb("single_x", OWN, BlockNesting::Single))
            .block_type(nb("group", "The group.", BlockNesting::Group)),
    );
    let schema = Blocks::schema();
    for (d, e) in schema
        .block
        .block_types
        .iter()
        .zip(&expected.block.block_types)
    {
        assert_eq!(d, e, "block {}", e.type_name);
    }
    assert_eq!(schema, &expected);
    schema.validate().expect("valid");
    let obj = r#"["object",{"v":"string"}]"#;
    assert_eq!(
        schema.object_type().to_json(),
        format!(
            r#"["object",{{"group":{obj},"hmap":["map",{obj}],"list":["list",{obj}],"list_x":["list",{obj}],"map":["map",{obj}],"set":["set",{obj}],"set_x":["set",{obj}],"single":{obj},"single_x":{obj}}}]"#
        )
    );
    let printed = schema.to_providers_json();
    assert_eq!(printed["block"]["block_types"]["list_x"]["min_items"], 1);
    assert_eq!(printed["block"]["block_types"]["list_x"]["max_items"], 3);
    assert_eq!(printed["block"]["block_types"]["set_x"]["max_items"], 2);
    assert_eq!(
        printed["block"]["block_types"]["group"]["nesting_mode"],
        "group"
    );
    assert_eq!(
        printed["block"]["block_types"]["single_x"]["nesting_mode"],
        "single"
    );
}

fn b(v: &str) -> B {
    B {
        v: Unknown::known(Nullable::Value(v.to_owned())),
    }
}

const BLOCKS_JSON: &str = r#"{"list":[{"v":"l0"},{"v":"l1"}],"list_x":[{"v":"x"}],
    "set":[{"v":"s0"},{"v":"s1"}],"set_x":[],"map":{"a":{"v":"ma"},"b":{}},
    "hmap":{"h":{"v":"mh"}},"single":{"v":"one"},"single_x":null,"group":{"v":"g"}}"#;

#[test]
fn blocks_encode_and_decode() {
    let bytes = wire_of::<Blocks>(BLOCKS_JSON);
    let m: Blocks = round_trip(&bytes);
    assert_eq!(
        m,
        Blocks {
            list: vec![b("l0"), b("l1")],
            list_x: vec![b("x")],
            set: Set::from([b("s0"), b("s1")]),
            set_x: Set::default(),
            map: BTreeMap::from([
                ("a".to_owned(), b("ma")),
                (
                    "b".to_owned(),
                    B {
                        v: Unknown::known(Nullable::Null)
                    }
                )
            ]),
            hmap: HashMap::from([("h".to_owned(), b("mh"))]),
            single: Some(b("one")),
            single_x: Nullable::Null,
            group: b("g"),
        }
    );
    assert!(m.set.eq_in_order(&Set::from([b("s0"), b("s1")])));
    // An absent GROUP block arrives as an object of nulls and goes back as one.
    let empty = wire_of::<Blocks>(
        r#"{"list":[],"list_x":[{}],"set":[],"set_x":[],"map":{},"hmap":{},"group":{}}"#,
    );
    let m: Blocks = round_trip(&empty);
    assert!(m.group.v.is_null());
    assert_eq!((m.single, m.single_x), (None, Nullable::Null));
    // Blocks built in Rust: the group (never null) is written as an object of nulls.
    let built = Blocks {
        list: vec![],
        list_x: vec![B {
            v: Unknown::default(),
        }],
        set: Set::default(),
        set_x: Set::default(),
        map: BTreeMap::new(),
        hmap: HashMap::new(),
        single: None,
        single_x: Nullable::Null,
        group: B {
            v: Unknown::default(),
        },
    };
    assert_eq!(
        to_hex(&tfvalue::msgpack::to_vec(&built).expect("encode")),
        to_hex(&empty)
    );
    // Unknown attributes inside blocks of every nesting.
    let planned = wire_unknown(
        Blocks::schema().object_type(),
        BLOCKS_JSON,
        &[
            ".list[1].v",
            ".set[0].v",
            ".map[\"b\"].v",
            ".single.v",
            ".group.v",
        ],
    );
    let m: Blocks = round_trip(&planned);
    assert_eq!(
        strings(&m.unknown_paths()),
        [
            ".list[1].v",
            ".set[0].v",
            ".map[\"b\"].v",
            ".single.v",
            ".group.v"
        ]
    );
}

/// Whole block collections may arrive unknown (`dynamic` blocks with an unknown
/// `for_each`).
#[derive(TfSchema, Debug, PartialEq)]
struct UnknownBlocks {
    #[tf(block(list, min_items = 1, max_items = 2))]
    list: Unknown<Vec<B>>,
    #[tf(block(set, max_items = 1))]
    set: Unknown<Set<B>>,
    #[tf(block)]
    map: Unknown<BTreeMap<String, B>>,
    #[tf(block)]
    single: Unknown<Option<B>>,
    #[tf(block(group))]
    group: Unknown<B>,
}

#[test]
fn unknown_block_collections() {
    let schema = UnknownBlocks::schema();
    let nestings: Vec<_> = schema
        .block
        .block_types
        .iter()
        .map(|b| (b.type_name.as_str(), b.nesting, b.min_items, b.max_items))
        .collect();
    assert_eq!(
        nestings,
        [
            ("list", BlockNesting::List, 1, 2),
            ("set", BlockNesting::Set, 0, 1),
            ("map", BlockNesting::Map, 0, 0),
            ("single", BlockNesting::Single, 0, 0),
            ("group", BlockNesting::Group, 0, 0),
        ]
    );
    let json = r#"{"list":[{"v":"a"}],"set":[],"map":{},"single":null,"group":{}}"#;
    let all = wire_unknown(
        schema.object_type(),
        json,
        &[".list", ".set", ".map", ".single", ".group"],
    );
    // {"group": <unknown>, "list": <unknown>, "map": <unknown>, "set": <unknown>, "single": <unknown>}
    let mut expected = vec![0x85];
    for key in ["group", "list", "map", "set", "single"] {
        expected.push(0xa0 | u8::try_from(key.len()).expect("short"));
        expected.extend_from_slice(key.as_bytes());
        expected.extend_from_slice(&[0xd4, 0x00, 0x00]);
    }
    assert_eq!(to_hex(&all), to_hex(&expected));
    let m: UnknownBlocks = round_trip(&all);
    assert!(m.list.is_unknown() && m.set.is_unknown() && m.map.is_unknown());
    assert!(m.single.is_unknown() && m.group.is_unknown());
    assert_eq!(
        strings(&m.unknown_paths()),
        [".list", ".set", ".map", ".single", ".group"]
    );
    // Known collections.
    let known: UnknownBlocks = round_trip(&wire(schema.object_type(), json));
    assert_eq!(known.list, Unknown::known(vec![b("a")]));
    assert_eq!(known.single, Unknown::known(None));
}

/// One LIST block type with limits, the collection itself possibly unknown.
#[derive(TfSchema, Debug, PartialEq)]
struct OnlyList {
    #[tf(block(list, min_items = 1, max_items = 2))]
    disk: Unknown<Vec<B>>,
}

#[test]
fn unknown_list_block_literal_bytes() {
    // {"disk": <unknown>}
    let bytes = [0x81, 0xa4, b'd', b'i', b's', b'k', 0xd4, 0x00, 0x00];
    let m: OnlyList = round_trip(&bytes);
    assert!(m.disk.is_unknown());
    assert_eq!(strings(&m.unknown_paths()), [".disk"]);
    // Its value against the schema's type is the same.
    let v = Value::from_msgpack(&bytes, OnlyList::schema().object_type()).expect("value");
    assert!(v.attr("disk").is_some_and(Value::is_unknown));
}

// ---------------------------------------------------------------------------------------
// min_items / max_items.

#[derive(TfSchema, Debug, PartialEq)]
struct Limits {
    #[tf(block(list, min_items = 1, max_items = 2))]
    between: Unknown<Vec<B>>,
    #[tf(block(set, max_items = 1))]
    at_most: Set<B>,
    #[tf(block(list, min_items = 2))]
    at_least: Vec<B>,
    #[tf(block(list, min_items = 2, max_items = 2))]
    exactly: Vec<B>,
}

#[derive(TfSchema, Debug, PartialEq)]
struct LimitsOuter {
    #[tf(block)]
    inner: Vec<Limits>,
}

const LIMITS_OK: &str = r#"{"between":[{}],"at_most":[{}],"at_least":[{},{}],"exactly":[{},{}]}"#;

fn limits_json(key: &str, blocks: &str) -> String {
    let mut v: serde_json::Value = serde_json::from_str(LIMITS_OK).expect("json");
    v[key] = serde_json::from_str(blocks).expect("json");
    v.to_string()
}

#[track_caller]
fn limits_error(key: &str, blocks: &str) -> tfvalue::Error {
    let json = limits_json(key, blocks);
    let bytes = wire_of::<Limits>(&json);
    tfvalue::msgpack::from_slice::<Limits>(&bytes).expect_err("limits are enforced")
}

#[test]
fn min_and_max_items_enforced_when_known() {
    let ok: Limits = round_trip(&wire_of::<Limits>(LIMITS_OK));
    assert_eq!(ok.exactly.len(), 2);
    let cases = [
        (
            "between",
            r#"[{},{},{}]"#,
            r#".between: expected between 1 and 2 blocks of type "between", found 3"#,
        ),
        (
            "between",
            "[]",
            r#".between: expected between 1 and 2 blocks of type "between", found 0"#,
        ),
        (
            "at_most",
            r#"[{"v":"a"},{"v":"b"}]"#,
            r#".at_most: expected at most 1 block of type "at_most", found 2"#,
        ),
        (
            "at_least",
            r"[{}]",
            r#".at_least: expected at least 2 blocks of type "at_least", found 1"#,
        ),
        (
            "exactly",
            r"[{},{},{}]",
            r#".exactly: expected exactly 2 blocks of type "exactly", found 3"#,
        ),
    ];
    for (key, blocks, message) in cases {
        let e = limits_error(key, blocks);
        assert_eq!(e.to_string(), message);
        assert_eq!(e.kind(), ErrorKind::Attribute);
        assert_eq!(e.path(), path(&format!(".{key}")));
    }
    // Inside another block, with the full path.
    let json = format!(
        r#"{{"inner":[{LIMITS_OK},{}]}}"#,
        limits_json("between", "[]")
    );
    let bytes = wire_of::<LimitsOuter>(&json);
    let e = tfvalue::msgpack::from_slice::<LimitsOuter>(&bytes).expect_err("enforced");
    assert_eq!(
        e.to_string(),
        r#".inner[1].between: expected between 1 and 2 blocks of type "between", found 0"#
    );
    assert_eq!(e.path(), path(".inner[1].between"));
    // Through JSON as well.
    let json = limits_json("at_most", r#"[{"v":"a"},{"v":"b"}]"#);
    let text = Value::from_json(json.as_bytes(), Limits::schema().object_type())
        .expect("value")
        .to_json(Limits::schema().object_type())
        .expect("json");
    let e = tfvalue::json::from_slice::<Limits>(&text).expect_err("enforced");
    assert_eq!(
        e.to_string(),
        r#".at_most: expected at most 1 block of type "at_most", found 2"#
    );
}

#[test]
fn min_and_max_items_not_enforced_while_unknown() {
    let ty = Limits::schema().object_type();
    // Too many blocks, but one of them holds an unknown value: not checked.
    for (key, blocks, unknown) in [
        ("between", r#"[{},{},{}]"#, ".between[2].v"),
        ("at_most", r#"[{"v":"a"},{"v":"b"}]"#, ".at_most[0].v"),
        ("at_least", r"[{}]", ".at_least[0].v"),
        ("exactly", r"[{},{},{}]", ".exactly[1].v"),
    ] {
        let bytes = wire_unknown(ty, &limits_json(key, blocks), &[unknown]);
        let m: Limits = round_trip(&bytes);
        assert_eq!(strings(&m.unknown_paths()), [unknown]);
    }
    // The whole collection unknown: not checked either.
    let bytes = wire_unknown(ty, &limits_json("between", "[]"), &[".between"]);
    let m: Limits = round_trip(&bytes);
    assert!(m.between.is_unknown());
}

// ---------------------------------------------------------------------------------------
// Nested attributes (protocol 6).

/// Not used: nested attributes have no description of their own.
#[derive(TfSchema, Debug, PartialEq, Clone)]
struct N {
    /// Doc x.
    x: String,
    y: Unknown<Nullable<u32>>,
}

#[derive(TfSchema, Debug, PartialEq)]
struct Nested {
    /// One object.
    #[tf(nested)]
    single: Option<N>,
    #[tf(nested(single))]
    required_single: N,
    #[tf(nested)]
    list: Unknown<Nullable<Vec<N>>>,
    #[tf(nested(list), computed)]
    computed_list: Unknown<Nullable<Vec<N>>>,
    #[tf(nested, optional, computed, sensitive)]
    set: Unknown<Nullable<Set<N>>>,
    #[tf(nested(map), deprecated)]
    map: Nullable<BTreeMap<String, N>>,
    #[tf(nested)]
    hmap: Option<HashMap<String, N>>,
}

fn n_object(nesting: ObjectNesting) -> NestedObject {
    NestedObject::new(nesting)
        .attribute(req("x", "\"string\"").description("Doc x.", PLAIN))
        .attribute(opt("y", "\"number\""))
}

#[test]
fn nested_attributes_schema() {
    let expected = Schema::new(
        0,
        Block::new()
            .attribute(
                Attribute::nested("single", n_object(ObjectNesting::Single))
                    .optional()
                    .description("One object.", PLAIN),
            )
            .attribute(
                Attribute::nested("required_single", n_object(ObjectNesting::Single)).required(),
            )
            .attribute(Attribute::nested("list", n_object(ObjectNesting::List)).optional())
            .attribute(Attribute::nested("computed_list", n_object(ObjectNesting::List)).computed())
            .attribute(
                Attribute::nested("set", n_object(ObjectNesting::Set))
                    .optional()
                    .computed()
                    .sensitive(),
            )
            .attribute(
                Attribute::nested("map", n_object(ObjectNesting::Map))
                    .optional()
                    .deprecated(),
            )
            .attribute(Attribute::nested("hmap", n_object(ObjectNesting::Map)).optional()),
    );
    let schema = Nested::schema();
    for (d, e) in schema
        .block
        .attributes
        .iter()
        .zip(&expected.block.attributes)
    {
        assert_eq!(d, e, "attribute {}", e.name);
    }
    assert_eq!(schema, &expected);
    schema.validate().expect("valid");
    let n = r#"["object",{"x":"string","y":"number"}]"#;
    assert_eq!(
        schema.object_type().to_json(),
        format!(
            r#"["object",{{"computed_list":["list",{n}],"hmap":["map",{n}],"list":["list",{n}],"map":["map",{n}],"required_single":{n},"set":["set",{n}],"single":{n}}}]"#
        )
    );
    let printed = schema.to_providers_json();
    assert_eq!(
        printed["block"]["attributes"]["set"]["nested_type"]["nesting_mode"],
        "set"
    );
}

fn n(x: &str, y: Option<u32>) -> N {
    N {
        x: x.into(),
        y: Unknown::known(y.map_or(Nullable::Null, Nullable::Value)),
    }
}

const NESTED_JSON: &str = r#"{"single":{"x":"s","y":1},"required_single":{"x":"r"},
    "list":[{"x":"l0"},{"x":"l1","y":2}],"computed_list":null,"set":[{"x":"e"}],
    "map":{"k":{"x":"m","y":3}},"hmap":{"h":{"x":"h"}}}"#;

#[test]
fn nested_attributes_encode_and_decode() {
    let bytes = wire_of::<Nested>(NESTED_JSON);
    let m: Nested = round_trip(&bytes);
    assert_eq!(
        m,
        Nested {
            single: Some(n("s", Some(1))),
            required_single: n("r", None),
            list: Unknown::known(Nullable::Value(vec![n("l0", None), n("l1", Some(2))])),
            computed_list: Unknown::known(Nullable::Null),
            set: Unknown::known(Nullable::Value(Set::from([n("e", None)]))),
            map: Nullable::Value(BTreeMap::from([("k".to_owned(), n("m", Some(3)))])),
            hmap: Some(HashMap::from([("h".to_owned(), n("h", None))])),
        }
    );
    // Whole nested attributes unknown, and values inside them.
    let planned = wire_unknown(
        Nested::schema().object_type(),
        NESTED_JSON,
        &[".computed_list", ".set", ".list[1].y", ".single.y"],
    );
    let m: Nested = round_trip(&planned);
    assert_eq!(
        strings(&m.unknown_paths()),
        [".single.y", ".list[1].y", ".computed_list", ".set"]
    );
}

// ---------------------------------------------------------------------------------------
// LIST and MAP blocks whose block has a dynamic attribute: Terraform's implied type for
// them is `dynamic` (the blocks travel as a tuple, or an object keyed by label, together
// with its type), and the model reads and writes them that way.

#[derive(TfSchema, Debug, PartialEq)]
struct WithDynamic {
    #[tf(optional)]
    any: Value,
}

#[derive(TfSchema, Debug, PartialEq)]
struct DynamicBlocks {
    #[tf(block)]
    item: Vec<WithDynamic>,
    #[tf(block)]
    site: BTreeMap<String, WithDynamic>,
    #[tf(block)]
    one: Option<WithDynamic>,
}

#[test]
fn blocks_with_a_dynamic_attribute_schema() {
    assert_eq!(
        DynamicBlocks::schema().object_type().to_json(),
        r#"["object",{"item":"dynamic","one":["object",{"any":"dynamic"}],"site":"dynamic"}]"#
    );
}

#[test]
fn blocks_with_a_dynamic_attribute_wire() {
    // What Terraform sends: the LIST blocks as a tuple of concrete object types, the MAP
    // blocks as an object, each wrapped with its type; the SINGLE block as an object whose
    // dynamic attribute is wrapped.
    let json = r#"{"item":{"value":[{"any":"x"},{"any":1}],
            "type":["tuple",[["object",{"any":"string"}],["object",{"any":"number"}]]]},
        "site":{"value":{"a":{"any":true}},"type":["object",{"a":["object",{"any":"bool"}]}]},
        "one":{"any":{"value":["l"],"type":["list","string"]}}}"#;
    let bytes = wire_of::<DynamicBlocks>(json);
    let m: DynamicBlocks = round_trip(&bytes);
    assert_eq!(m.item.len(), 2);
    assert_eq!(m.item[0].any.as_str(), Some("x"));
    assert_eq!(m.item[1].any.as_number(), Some(&Number::from(1)));
    assert_eq!(m.site["a"].any.as_bool(), Some(true));
    assert_eq!(
        m.one.as_ref().map(|o| o.any.ty().to_json()).as_deref(),
        Some(r#"["list","string"]"#)
    );
    // No blocks: an empty tuple and an empty object, with their types.
    let empty = wire_of::<DynamicBlocks>(
        r#"{"item":{"value":[],"type":["tuple",[]]},"site":{"value":{},"type":["object",{}]}}"#,
    );
    let m: DynamicBlocks = round_trip(&empty);
    assert!(m.item.is_empty() && m.site.is_empty() && m.one.is_none());
    // Through JSON.
    let text = Value::from_json(json.as_bytes(), DynamicBlocks::schema().object_type())
        .expect("value")
        .to_json(DynamicBlocks::schema().object_type())
        .expect("json");
    let from_json: DynamicBlocks = tfvalue::json::from_slice(&text).expect("decode json");
    assert_eq!(
        String::from_utf8_lossy(&tfvalue::json::to_vec(&from_json).expect("json")),
        String::from_utf8_lossy(&text)
    );
}

#[test]
fn blocks_with_a_dynamic_attribute_tf_type() {
    assert_eq!(
        without_markers(DynamicBlocks::tf_type()),
        *DynamicBlocks::schema().object_type()
    );
}

// ---------------------------------------------------------------------------------------
// Generic structs and lifetimes.

#[derive(TfSchema, Debug, PartialEq)]
struct G<T> {
    v: Nullable<T>,
}

#[derive(TfSchema, Debug, PartialEq)]
struct Holder<T: TfSchema> {
    #[tf(block)]
    items: Vec<T>,
    #[tf(block)]
    one: Option<T>,
}

#[test]
fn generic_structs() {
    assert_eq!(
        G::<u8>::schema(),
        &Schema::new(0, Block::new().attribute(opt("v", "\"number\"")))
    );
    assert_eq!(
        G::<String>::schema(),
        &Schema::new(0, Block::new().attribute(opt("v", "\"string\"")))
    );
    assert_eq!(
        G::<Vec<bool>>::schema(),
        &Schema::new(0, Block::new().attribute(opt("v", r#"["list","bool"]"#)))
    );
    assert_eq!(
        G::<Obj>::schema(),
        &Schema::new(0, Block::new().attribute(opt("v", OBJ)))
    );
    // One schema per type, built once.
    assert!(std::ptr::eq(G::<u8>::schema(), G::<u8>::schema()));
    assert!(!std::ptr::eq(G::<u8>::schema(), G::<u16>::schema()));
    assert_eq!(
        G::<u8>::tf_type().to_json(),
        r#"["object",{"v":"number"},["v"]]"#
    );
    assert_eq!(
        G::<G<String>>::tf_type().to_json(),
        r#"["object",{"v":["object",{"v":"string"},["v"]]},["v"]]"#
    );

    let m: G<u8> = round_trip(&wire_of::<G<u8>>(r#"{"v":7}"#));
    assert_eq!(m.v, Nullable::Value(7));
    let m: G<Vec<bool>> = round_trip(&wire_of::<G<Vec<bool>>>(r#"{"v":[true]}"#));
    assert_eq!(m.v, Nullable::Value(vec![true]));
    let m: G<Obj> = round_trip(&wire_of::<G<Obj>>(r#"{"v":{"a":"x"}}"#));
    assert_eq!(m.v, Nullable::Value(obj("x", None, None)));
    let m: G<Value> = round_trip(&wire_of::<G<Value>>(r#"{"v":null}"#));
    assert!(m.v.is_null());

    // Blocks of a type parameter.
    let schema = Holder::<B>::schema();
    assert_eq!(
        schema,
        &Schema::new(
            0,
            Block::new()
                .block_type(NestedBlock::new("items", b_block(OWN), BlockNesting::List))
                .block_type(NestedBlock::new("one", b_block(OWN), BlockNesting::Single))
        )
    );
    let m: Holder<B> = round_trip(&wire_of::<Holder<B>>(
        r#"{"items":[{"v":"a"}],"one":{"v":"b"}}"#,
    ));
    assert_eq!(m.items, [b("a")]);
    assert_eq!(m.one, Some(b("b")));
}

#[derive(TfSchema, Debug, PartialEq)]
struct Part<'a> {
    label: &'a str,
}

#[derive(TfSchema, Debug, PartialEq)]
struct Borrowed<'a> {
    name: &'a str,
    cow: Cow<'a, str>,
    tags: Nullable<BTreeMap<&'a str, &'a str>>,
    #[tf(block)]
    part: Vec<Part<'a>>,
}

#[derive(TfSchema, Debug, PartialEq)]
struct Mixed<'a, T> {
    s: &'a str,
    v: Vec<T>,
}

#[test]
fn lifetimes_borrow_from_the_input() {
    let json = r#"{"name":"vm","cow":"c","tags":{"env":"prod"},"part":[{"label":"p0"}]}"#;
    let bytes = wire_of::<Borrowed<'static>>(json);
    let m: Borrowed<'_> = tfvalue::msgpack::from_slice(&bytes).expect("decode");
    assert_eq!(m.name, "vm");
    assert!(inside(m.name, &bytes));
    let tags = m.tags.as_value().expect("tags");
    let (k, v) = tags.iter().next().expect("one tag");
    assert!(inside(k, &bytes) && inside(v, &bytes));
    assert_eq!((*k, *v), ("env", "prod"));
    assert!(inside(m.part[0].label, &bytes));
    assert_eq!(m.cow, "c");
    assert_eq!(
        to_hex(&tfvalue::msgpack::to_vec(&m).expect("encode")),
        to_hex(&bytes)
    );
    assert_eq!(
        Borrowed::schema().object_type().to_json(),
        r#"["object",{"cow":"string","name":"string","part":["list",["object",{"label":"string"}]],"tags":["map","string"]}]"#
    );

    let bytes = wire_of::<Mixed<'static, u8>>(r#"{"s":"x","v":[1,2]}"#);
    let m: Mixed<'_, u8> = tfvalue::msgpack::from_slice(&bytes).expect("decode");
    assert!(inside(m.s, &bytes));
    assert_eq!(m.v, [1, 2]);
    assert_eq!(
        to_hex(&tfvalue::msgpack::to_vec(&m).expect("encode")),
        to_hex(&bytes)
    );
}

// ---------------------------------------------------------------------------------------
// The derived `TfType`, `HAS_DYNAMIC`, and the schema's object type.

#[test]
fn object_tf_type_of_models() {
    assert_eq!(Obj::tf_type().to_json(), OBJ);
    assert_eq!(
        Flags::tf_type().to_json(),
        r#"["object",{"aaa":"number","any":"dynamic","count":"number","described":"string","dyn_computed":"dynamic","dyn_required":"dynamic","everything":"string","id":"string","kind":"string","legacy":"bool","lines":"string","md":"string","name":"string","password":"string","plain":"string","region":"string","size":"number","token":"string","type":"string","zone":"string"},["aaa","any","described","dyn_computed","everything","id","kind","legacy","lines","md","password","plain","region","size","zone"]]"#
    );
    // Blocks are never optional attributes of the object type.
    let obj = r#"["object",{"v":"string"},["v"]]"#;
    assert_eq!(
        Blocks::tf_type().to_json(),
        format!(
            r#"["object",{{"group":{obj},"hmap":["map",{obj}],"list":["list",{obj}],"list_x":["list",{obj}],"map":["map",{obj}],"set":["set",{obj}],"set_x":["set",{obj}],"single":{obj},"single_x":{obj}}}]"#
        )
    );
    // Nested attributes are optional when nullable.
    let n = r#"["object",{"x":"string","y":"number"},["y"]]"#;
    assert_eq!(
        Nested::tf_type().to_json(),
        format!(
            r#"["object",{{"computed_list":["list",{n}],"hmap":["map",{n}],"list":["list",{n}],"map":["map",{n}],"required_single":{n},"set":["set",{n}],"single":{n}}},["computed_list","hmap","list","map","set","single"]]"#
        )
    );
    // Wrappers are transparent.
    assert_eq!(<Unknown<Nullable<Obj>>>::tf_type(), Obj::tf_type());
    assert_eq!(
        <Vec<Obj>>::tf_type().to_json(),
        format!(r#"["list",{OBJ}]"#)
    );
}

#[test]
fn has_dynamic() {
    let flags = [
        Flags::HAS_DYNAMIC,
        Obj::HAS_DYNAMIC,
        Collections::HAS_DYNAMIC,
        Blocks::HAS_DYNAMIC,
        Nested::HAS_DYNAMIC,
        WithDynamic::HAS_DYNAMIC,
        DynamicBlocks::HAS_DYNAMIC,
        G::<u8>::HAS_DYNAMIC,
        G::<Value>::HAS_DYNAMIC,
        G::<Vec<BTreeMap<String, Value>>>::HAS_DYNAMIC,
        <Vec<WithDynamic>>::HAS_DYNAMIC,
        Numbers::HAS_DYNAMIC,
    ];
    assert_eq!(
        flags,
        [true, false, true, false, false, true, true, false, true, true, true, false]
    );
}

#[test]
fn schema_object_type_is_tf_type_without_markers() {
    fn check<T: TfSchema>(has_markers: bool) {
        let name = std::any::type_name::<T>();
        let tf = T::tf_type();
        let wire = T::schema().object_type();
        assert_eq!(&without_markers(tf.clone()), wire, "{name}");
        assert_eq!(&tf != wire, has_markers, "{name}");
    }
    check::<Flags>(true);
    check::<Obj>(true);
    check::<Strings<'static>>(true);
    check::<Numbers>(true);
    check::<Collections>(true);
    check::<Blocks>(true);
    check::<UnknownBlocks>(true);
    check::<Nested>(true);
    check::<Limits>(true);
    check::<G<u8>>(true);
    check::<Borrowed<'static>>(true);
    check::<Part<'static>>(false);
    check::<Mixed<'static, bool>>(false);
}

// ---------------------------------------------------------------------------------------
// The JSON codec.

#[track_caller]
fn json_round_trip<T: TfSchema + Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(
    json: &str,
) {
    let ty = T::schema().object_type();
    let value = Value::from_json(json.as_bytes(), ty).expect("value");
    let text = value.to_json(ty).expect("json");
    let from_json: T = tfvalue::json::from_slice(&text)
        .unwrap_or_else(|e| panic!("{}: {e}", String::from_utf8_lossy(&text)));
    let again = tfvalue::json::to_vec(&from_json).expect("encode json");
    assert_eq!(
        String::from_utf8_lossy(&again),
        String::from_utf8_lossy(&text)
    );
    // The same model through MessagePack.
    let from_msgpack: T = tfvalue::msgpack::from_slice(&value.to_msgpack(ty).expect("msgpack"))
        .expect("decode msgpack");
    assert_eq!(from_json, from_msgpack);
}

#[test]
fn json_codec_round_trips() {
    json_round_trip::<Flags>(FLAGS_JSON);
    json_round_trip::<Numbers>(NUMBERS_JSON);
    json_round_trip::<Collections>(COLLECTIONS_JSON);
    json_round_trip::<Blocks>(BLOCKS_JSON);
    json_round_trip::<Nested>(NESTED_JSON);
    json_round_trip::<Limits>(LIMITS_OK);
    json_round_trip::<G<Obj>>(r#"{"v":{"a":"x","opt":1}}"#);
    // JSON cannot carry an unknown value: encoding names its path.
    let bytes = wire_unknown(Blocks::schema().object_type(), BLOCKS_JSON, &[".list[1].v"]);
    let m: Blocks = tfvalue::msgpack::from_slice(&bytes).expect("decode");
    let e = tfvalue::json::to_vec(&m).expect_err("no unknowns in JSON");
    assert_eq!(e.kind(), ErrorKind::Unknown);
    assert_eq!(e.path(), path(".list[1].v"));
}

// ---------------------------------------------------------------------------------------
// The known companion type.

// Blocks and object-typed attributes in `BTreeSet`/`HashSet` need the companion to be
// `Ord`/`Eq + Hash` as well: `known_derive`.
#[derive(TfSchema, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Clone)]
#[tf(known_derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash))]
struct Tag {
    key: Nullable<String>,
}

#[derive(TfSchema, Debug, PartialEq)]
#[tf(known_derive(Debug, PartialEq))]
struct Tagged {
    #[tf(block(set, max_items = 3))]
    ordered: BTreeSet<Tag>,
    #[tf(block)]
    hashed: HashSet<Tag>,
    labels: Nullable<BTreeSet<Tag>>,
}

#[test]
fn ordered_and_hashed_sets_of_models() {
    let schema = Tagged::schema();
    let block = Block::new().attribute(opt("key", "\"string\""));
    assert_eq!(
        schema,
        &Schema::new(
            0,
            Block::new()
                .attribute(opt(
                    "labels",
                    r#"["set",["object",{"key":"string"},["key"]]]"#
                ))
                .block_type(
                    NestedBlock::new("ordered", block.clone(), BlockNesting::Set).max_items(3)
                )
                .block_type(NestedBlock::new("hashed", block, BlockNesting::Set))
        )
    );
    let tag = |k: &str| Tag {
        key: Nullable::Value(k.to_owned()),
    };
    let bytes = wire_of::<Tagged>(
        r#"{"ordered":[{"key":"a"},{"key":"b"}],"hashed":[{"key":"h"}],"labels":[{"key":"l"}]}"#,
    );
    let m: Tagged = round_trip(&bytes);
    assert_eq!(m.ordered, BTreeSet::from([tag("a"), tag("b")]));
    assert_eq!(m.hashed, HashSet::from([tag("h")]));
    let known: TaggedKnown = m.into_known().expect("known");
    let tag_known = |k: &str| TagKnown {
        key: Nullable::Value(k.to_owned()),
    };
    assert_eq!(
        known,
        TaggedKnown {
            ordered: BTreeSet::from([tag_known("a"), tag_known("b")]),
            hashed: HashSet::from([tag_known("h")]),
            labels: Nullable::Value(BTreeSet::from([tag_known("l")])),
        }
    );
    assert_eq!(
        format!("{:?}", known.hashed),
        r#"{TagKnown { key: Value("h") }}"#
    );
    // Over the limit, known: rejected.
    let bytes = wire_of::<Tagged>(
        r#"{"ordered":[{"key":"a"},{"key":"b"},{"key":"c"},{"key":"d"}],"hashed":[]}"#,
    );
    let e = tfvalue::msgpack::from_slice::<Tagged>(&bytes).expect_err("max_items");
    assert_eq!(
        e.to_string(),
        r#".ordered: expected at most 3 blocks of type "ordered", found 4"#
    );
}

#[derive(TfSchema, Debug, PartialEq)]
struct Plan {
    #[tf(computed)]
    id: Unknown<Nullable<String>>,
    name: Unknown<String>,
    tags: Unknown<Nullable<BTreeMap<String, Unknown<String>>>>,
    ports: Nullable<Vec<Unknown<u16>>>,
    #[tf(block)]
    disk: Vec<PlanDisk>,
    #[tf(block)]
    site: BTreeMap<String, PlanDisk>,
    #[tf(block)]
    boot: Option<PlanDisk>,
    #[tf(nested)]
    routes: Unknown<Nullable<Vec<PlanDisk>>>,
    #[tf(optional)]
    any: Value,
}

#[derive(TfSchema, Debug, PartialEq)]
struct PlanDisk {
    size_gb: Unknown<u32>,
    label: Nullable<String>,
}

const PLAN_JSON: &str = r#"{"id":"vm-1","name":"vm","tags":{"env":"prod","team":"a"},
    "ports":[22,443],"disk":[{"size_gb":10},{"size_gb":20,"label":"data"}],
    "site":{"eu":{"size_gb":1}},"boot":{"size_gb":5},"routes":[{"size_gb":7}],
    "any":{"value":{"x":"y"},"type":["object",{"x":"string"}]}}"#;

#[test]
fn into_known_on_known_data() {
    let bytes = wire_of::<Plan>(PLAN_JSON);
    let plan: Plan = round_trip(&bytes);
    assert!(plan.is_wholly_known());
    assert!(plan.unknown_paths().is_empty());
    let known: PlanKnown = plan.into_known().expect("everything is known");
    // No unwrapping of `Unknown` anywhere.
    assert_eq!(known.id.as_value().map(String::as_str), Some("vm-1"));
    let name: &String = &known.name;
    assert_eq!(name, "vm");
    let tags: &BTreeMap<String, String> = known.tags.as_value().expect("tags");
    assert_eq!(tags["env"], "prod");
    let ports: &Vec<u16> = known.ports.as_value().expect("ports");
    assert_eq!(ports, &[22, 443]);
    let size: u32 = known.disk[1].size_gb;
    assert_eq!(size, 20);
    assert_eq!(
        known.disk[1].label.as_value().map(String::as_str),
        Some("data")
    );
    assert_eq!(known.site["eu"].size_gb, 1);
    assert_eq!(known.boot.as_ref().map(|b| b.size_gb), Some(5));
    assert_eq!(known.routes.as_value().map(|r| r[0].size_gb), Some(7));
    assert_eq!(known.any.attr("x").and_then(Value::as_str), Some("y"));
}

#[test]
fn into_known_lists_every_unknown_path() {
    let unknown = [
        ".id",
        ".tags[\"team\"]",
        ".ports[1]",
        ".disk[1].size_gb",
        ".site[\"eu\"].size_gb",
        ".boot.size_gb",
        ".routes",
        ".any.x",
    ];
    let bytes = wire_unknown(Plan::schema().object_type(), PLAN_JSON, &unknown);
    let plan: Plan = round_trip(&bytes);
    assert!(!plan.is_wholly_known());
    assert_eq!(strings(&plan.unknown_paths()), unknown);
    let e = plan.into_known().err().expect("unknowns");
    assert_eq!(e.kind(), ErrorKind::Unknown);
    assert_eq!(
        e.to_string(),
        r#"8 values are not known yet: .id, .tags["team"], .ports[1], .disk[1].size_gb, .site["eu"].size_gb, .boot.size_gb, .routes, .any.x"#
    );
    // Whole collections unknown.
    let bytes = wire_unknown(Plan::schema().object_type(), PLAN_JSON, &[".tags", ".name"]);
    let plan: Plan = round_trip(&bytes);
    assert_eq!(strings(&plan.unknown_paths()), [".name", ".tags"]);
    // One unknown: the error carries its path.
    let bytes = wire_unknown(
        Plan::schema().object_type(),
        PLAN_JSON,
        &[".disk[0].size_gb"],
    );
    let plan: Plan = round_trip(&bytes);
    let e = plan.into_known().err().expect("unknown");
    assert_eq!(e.to_string(), ".disk[0].size_gb: value is not known yet");
    assert_eq!(e.path(), path(".disk[0].size_gb"));
    assert_eq!(e.kind(), ErrorKind::Unknown);
}

#[test]
fn companion_of_every_form() {
    // Models with blocks, nested attributes and generics have companions as well.
    let m: Nested = round_trip(&wire_of::<Nested>(NESTED_JSON));
    let k: NestedKnown = m.into_known().expect("known");
    assert_eq!(k.list.as_value().map(|l| l[1].y), Some(Nullable::Value(2)));
    assert_eq!(k.required_single.x, "r");
    let m: Blocks = round_trip(&wire_of::<Blocks>(BLOCKS_JSON));
    let k: BlocksKnown = m.into_known().expect("known");
    assert_eq!(k.group.v.as_value().map(String::as_str), Some("g"));
    assert_eq!(k.set.len(), 2);
    assert_eq!(k.hmap["h"].v.as_value().map(String::as_str), Some("mh"));
    let m: G<Obj> = round_trip(&wire_of::<G<Obj>>(r#"{"v":{"a":"x"}}"#));
    let k: GKnown<Obj> = m.into_known().expect("known");
    assert_eq!(k.v.as_value().map(|o| o.a.as_str()), Some("x"));
    let m: UnknownBlocks = round_trip(&wire_unknown(
        UnknownBlocks::schema().object_type(),
        r#"{"list":[{"v":"a"}],"set":[],"map":{},"single":null,"group":{}}"#,
        &[".list"],
    ));
    let e = m.into_known().err().expect("unknown");
    assert_eq!(e.to_string(), ".list: value is not known yet");
}

// ---------------------------------------------------------------------------------------
// `tfvalue::map::Map`: a map attribute, a MAP block and a map-nested attribute, as
// `BTreeMap` gives them.

#[derive(TfSchema, Debug, PartialEq)]
struct SortedMaps {
    tags: Nullable<tfvalue::map::Map<String>>,
    #[tf(block)]
    site: tfvalue::map::Map<B>,
    #[tf(nested)]
    peers: Nullable<tfvalue::map::Map<B>>,
}

#[derive(TfSchema, Debug, PartialEq)]
struct TreeMaps {
    tags: Nullable<BTreeMap<String, String>>,
    #[tf(block)]
    site: BTreeMap<String, B>,
    #[tf(nested)]
    peers: Nullable<BTreeMap<String, B>>,
}

#[test]
fn sorted_vector_maps_are_maps_everywhere() {
    assert_eq!(SortedMaps::schema().block, TreeMaps::schema().block);
    let json = r#"{"tags":{"b":"2","a":"1"},"site":{"eu":{"v":"x"},"us":{"v":null}},"peers":{"p":{"v":"y"}}}"#;
    let bytes = wire_of::<TreeMaps>(json);
    assert_eq!(bytes, wire_of::<SortedMaps>(json));
    let sorted: SortedMaps = round_trip(&bytes);
    let tree: TreeMaps = round_trip(&bytes);
    assert_eq!(
        sorted.tags.as_value().map(|m| m.keys().collect::<Vec<_>>()),
        Some(vec!["a", "b"])
    );
    assert_eq!(
        sorted
            .site
            .iter()
            .map(|(k, b)| (k.to_owned(), b.clone()))
            .collect::<BTreeMap<_, _>>(),
        tree.site
    );
    assert_eq!(
        tfvalue::json::to_vec(&sorted).expect("JSON"),
        tfvalue::json::to_vec(&tree).expect("JSON")
    );
    // Unknown paths inside the map name the key.
    let unknown = wire_unknown(
        SortedMaps::schema().object_type(),
        json,
        &[r#".site["us"].v"#],
    );
    let sorted: SortedMaps = round_trip(&unknown);
    assert_eq!(strings(&sorted.unknown_paths()), [r#".site["us"].v"#]);
}
