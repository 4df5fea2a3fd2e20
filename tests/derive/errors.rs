//! Decoding errors through `#[derive(TfSchema)]` models: the exact message, kind and
//! attribute path for a wrong type inside every kind of nesting (LIST, MAP and SET blocks,
//! nested attributes, list, set, map, tuple and object attributes), for an unsupported, a
//! missing and a duplicate attribute, for an unknown value where the field cannot hold one,
//! and for null in a required field; through MessagePack and, where JSON can carry the
//! input, through JSON.
//!
//! Terraform's bytes are built with tfvalue's dynamic `Value` against the schema's object
//! type with some attribute types replaced (a tuple where a list is expected lets one
//! element have another type than its siblings; an object where a map is expected lets one
//! value differ), or written out where no valid type can describe them (duplicate keys).

use std::collections::{BTreeMap, BTreeSet};

use tfvalue::set::Set;
use tfvalue::{
    AttributePath, Error, ErrorKind, Nullable, PathStep, TfSchema, Type, Unknown, Value,
};

// ---------------------------------------------------------------------------------------
// The model.

#[derive(TfSchema, Debug)]
struct Server {
    name: String,
    #[tf(computed)]
    id: Unknown<Nullable<String>>,
    count: u8,
    ports: Nullable<Vec<u16>>,
    tags: Nullable<BTreeMap<String, String>>,
    labels: Nullable<BTreeSet<String>>,
    pair: Nullable<(String, u8)>,
    obj: Nullable<Obj>,
    #[tf(nested)]
    route: Nullable<Vec<Route>>,
    #[tf(nested)]
    endpoint: Nullable<Route>,
    #[tf(nested)]
    peers: Nullable<BTreeMap<String, Route>>,
    #[tf(nested)]
    mesh: Nullable<Set<Route>>,
    #[tf(block)]
    disk: Vec<Disk>,
    #[tf(block)]
    site: BTreeMap<String, Site>,
    #[tf(block)]
    rule: Set<Rule>,
    #[tf(block)]
    boot: Option<Boot>,
    #[tf(block(group))]
    timeouts: Timeouts,
}

#[derive(TfSchema, Debug)]
struct Obj {
    a: String,
    opt: Nullable<u8>,
}

#[derive(TfSchema, Debug, PartialEq)]
struct Route {
    cidr: String,
    weight: Nullable<u8>,
}

#[derive(TfSchema, Debug)]
struct Disk {
    size_gb: u32,
    label: Nullable<String>,
    #[tf(block)]
    part: Vec<Part>,
}

#[derive(TfSchema, Debug)]
struct Part {
    size: u32,
}

#[derive(TfSchema, Debug)]
struct Site {
    port: u16,
}

#[derive(TfSchema, Debug, PartialEq)]
struct Rule {
    proto: String,
    port: Nullable<u16>,
}

#[derive(TfSchema, Debug)]
struct Boot {
    image: String,
}

#[derive(TfSchema, Debug)]
struct Timeouts {
    create: Nullable<String>,
}

// ---------------------------------------------------------------------------------------
// Helpers.

fn ty(json: &str) -> Type {
    Type::from_json(json.as_bytes()).unwrap_or_else(|e| panic!("type {json}: {e}"))
}

/// The object types of the blocks, as JSON type constraints.
const DISK: &str = r#"["object",{"label":"string","part":["list",["object",{"size":"number"}]],"size_gb":"number"}]"#;
const DISK_BAD_SIZE: &str = r#"["object",{"label":"string","part":["list",["object",{"size":"number"}]],"size_gb":"string"}]"#;
const ROUTE: &str = r#"["object",{"cidr":"string","weight":"number"}]"#;
const ROUTE_BAD_CIDR: &str = r#"["object",{"cidr":"number","weight":"number"}]"#;

/// The smallest valid value of `Server` (required attributes set, blocks empty).
const BASE: &str = r#"{"name":"vm","count":1,"disk":[],"site":{},"rule":[],"timeouts":{}}"#;

/// `Server`'s schema type with some attribute types replaced (or added).
fn server_type(overrides: &[(&str, &str)]) -> Type {
    let base = Server::schema().object_type();
    let mut attrs: BTreeMap<String, Type> = base
        .as_object()
        .expect("object")
        .iter()
        .map(|(n, t, _)| (n.to_owned(), t.clone()))
        .collect();
    for (name, t) in overrides {
        if *t == "-" {
            attrs.remove(*name);
        } else {
            attrs.insert((*name).to_owned(), ty(t));
        }
    }
    Type::object(attrs)
}

/// `BASE` with the attributes of `patch` (a JSON object) replaced or added, and those
/// removed from the type by `overrides` removed.
fn patched(overrides: &[(&str, &str)], patch: &str) -> serde_json::Value {
    let mut v: serde_json::Value = serde_json::from_str(BASE).expect("base");
    let patch: serde_json::Value = serde_json::from_str(patch).expect("patch");
    for (k, x) in patch.as_object().expect("patch object") {
        v[k] = x.clone();
    }
    let object = v.as_object_mut().expect("object");
    for (name, t) in overrides {
        if *t == "-" {
            object.remove(*name);
        }
    }
    v
}

/// The part of `value` one step down.
fn step_into<'v>(value: &'v mut Value, step: &PathStep) -> &'v mut Value {
    match (value, step) {
        (Value::Object(t, values), PathStep::Attr(name)) => {
            let i = t.index_of(name).expect("attribute");
            &mut values[i]
        }
        (Value::List(_, e) | Value::Set(_, e) | Value::Tuple(e), PathStep::Index(i)) => {
            &mut e[usize::try_from(*i).expect("index")]
        }
        (Value::Map(_, m), PathStep::Key(k)) => m.get_mut(k).expect("map key"),
        (v, s) => panic!("cannot take {s:?} of {v:?}"),
    }
}

/// Terraform's MessagePack for `BASE` patched with `patch`, against `Server`'s type with
/// `overrides`, with the values at `unknown` made unknown.
fn server_bytes_unknown(
    overrides: &[(&str, &str)],
    patch: &str,
    unknown: &[AttributePath],
) -> Vec<u8> {
    let ty = server_type(overrides);
    let json = patched(overrides, patch).to_string();
    let mut value =
        Value::from_json(json.as_bytes(), &ty).unwrap_or_else(|e| panic!("value {json}: {e}"));
    for p in unknown {
        let mut slot = &mut value;
        for step in p.steps() {
            slot = step_into(slot, step);
        }
        *slot = Value::unknown(slot.ty());
    }
    value.to_msgpack(&ty).expect("encode")
}

fn server_bytes(overrides: &[(&str, &str)], patch: &str) -> Vec<u8> {
    server_bytes_unknown(overrides, patch, &[])
}

/// The JSON text of `BASE` patched with `patch`, against `Server`'s type with `overrides`:
/// every attribute present (null where not set), as the strict JSON decoder needs.
fn server_json(overrides: &[(&str, &str)], patch: &str) -> Vec<u8> {
    let ty = server_type(overrides);
    let json = patched(overrides, patch).to_string();
    let value = Value::from_json(json.as_bytes(), &ty).expect("value");
    value.to_json(&ty).expect("json")
}

/// Decoding `bytes` into `Server` fails; the error.
#[track_caller]
fn msgpack_error(bytes: &[u8]) -> Error {
    tfvalue::msgpack::from_slice::<Server>(bytes).expect_err("decoding must fail")
}

/// Decoding the JSON text into `Server` fails; the error.
#[track_caller]
fn json_error(text: &[u8]) -> Error {
    tfvalue::json::from_slice::<Server>(text).expect_err("decoding must fail")
}

/// Checks an error's full text, its kind, and its path (as rendered).
#[track_caller]
fn check(e: &Error, kind: ErrorKind, path: &str, text: &str) {
    assert_eq!(e.to_string(), text);
    assert_eq!(e.kind(), kind, "kind of {text}");
    assert_eq!(e.path().to_string(), path, "path of {text}");
}

// A valid Server decodes (so that every failure below is due to the one change).
#[test]
fn the_base_value_decodes() {
    let s: Server = tfvalue::msgpack::from_slice(&server_bytes(&[], "{}")).expect("valid");
    assert_eq!((s.name.as_str(), s.count), ("vm", 1));
    let s: Server = tfvalue::json::from_slice(&server_json(&[], "{}")).expect("valid JSON");
    assert!(s.timeouts.create.is_null());
}

/// The same decoding error through MessagePack and JSON.
#[track_caller]
fn both(overrides: &[(&str, &str)], patch: &str, kind: ErrorKind, path: &str, text: &str) {
    let bytes = server_bytes(overrides, patch);
    check(&msgpack_error(&bytes), kind, path, text);
    check(
        &json_error(&server_json(overrides, patch)),
        kind,
        path,
        text,
    );
}

// ---------------------------------------------------------------------------------------
// A wrong type inside each kind of nesting.

#[test]
fn wrong_type_in_a_list_block_element() {
    let disks = format!(r#"["tuple",[{DISK},{DISK_BAD_SIZE}]]"#);
    both(
        &[("disk", &disks)],
        r#"{"disk":[{"size_gb":10,"part":[]},{"size_gb":"x","part":[]}]}"#,
        ErrorKind::Type,
        ".disk[1].size_gb",
        r#".disk[1].size_gb: expected number, found the string "x""#,
    );
    // A LIST block inside a LIST block element.
    let disks = r#"["list",["object",{"label":"string","part":["tuple",[["object",{"size":"number"}],["object",{"size":"bool"}]]],"size_gb":"number"}]]"#;
    both(
        &[("disk", disks)],
        r#"{"disk":[{"size_gb":1,"part":[{"size":1},{"size":true}]}]}"#,
        ErrorKind::Type,
        ".disk[0].part[1].size",
        ".disk[0].part[1].size: expected number, found a bool",
    );
}

#[test]
fn wrong_type_in_a_map_block() {
    both(
        &[(
            "site",
            r#"["object",{"eu":["object",{"port":"number"}],"us":["object",{"port":"string"}]}]"#,
        )],
        r#"{"site":{"eu":{"port":1},"us":{"port":"x"}}}"#,
        ErrorKind::Type,
        r#".site["us"].port"#,
        r#".site["us"].port: expected number, found the string "x""#,
    );
}

#[test]
fn wrong_type_in_a_set_block_element() {
    both(
        &[(
            "rule",
            r#"["tuple",[["object",{"port":"number","proto":"string"}],["object",{"port":"number","proto":"number"}]]]"#,
        )],
        r#"{"rule":[{"proto":"tcp"},{"proto":6}]}"#,
        ErrorKind::Type,
        ".rule[1].proto",
        ".rule[1].proto: expected string, found a number",
    );
}

#[test]
fn wrong_type_in_single_and_group_blocks() {
    both(
        &[("boot", r#"["object",{"image":"number"}]"#)],
        r#"{"boot":{"image":1}}"#,
        ErrorKind::Type,
        ".boot.image",
        ".boot.image: expected string, found a number",
    );
    both(
        &[("timeouts", r#"["object",{"create":"bool"}]"#)],
        r#"{"timeouts":{"create":true}}"#,
        ErrorKind::Type,
        ".timeouts.create",
        ".timeouts.create: expected string, found a bool",
    );
}

#[test]
fn wrong_type_in_nested_attributes() {
    let routes = format!(r#"["tuple",[{ROUTE},{ROUTE_BAD_CIDR}]]"#);
    both(
        &[("route", &routes)],
        r#"{"route":[{"cidr":"10.0.0.0/8"},{"cidr":10}]}"#,
        ErrorKind::Type,
        ".route[1].cidr",
        ".route[1].cidr: expected string, found a number",
    );
    both(
        &[(
            "endpoint",
            r#"["object",{"cidr":"string","weight":"string"}]"#,
        )],
        r#"{"endpoint":{"cidr":"c","weight":"heavy"}}"#,
        ErrorKind::Type,
        ".endpoint.weight",
        r#".endpoint.weight: expected number, found the string "heavy""#,
    );
    let peers = format!(r#"["object",{{"a":{ROUTE},"b":{ROUTE_BAD_CIDR}}}]"#);
    both(
        &[("peers", &peers)],
        r#"{"peers":{"a":{"cidr":"c"},"b":{"cidr":1}}}"#,
        ErrorKind::Type,
        r#".peers["b"].cidr"#,
        r#".peers["b"].cidr: expected string, found a number"#,
    );
    let mesh = format!(r#"["tuple",[{ROUTE_BAD_CIDR}]]"#);
    both(
        &[("mesh", &mesh)],
        r#"{"mesh":[{"cidr":2}]}"#,
        ErrorKind::Type,
        ".mesh[0].cidr",
        ".mesh[0].cidr: expected string, found a number",
    );
}

#[test]
fn wrong_type_in_collection_attributes() {
    // A list element.
    both(
        &[("ports", r#"["tuple",["number","number","string"]]"#)],
        r#"{"ports":[22,443,"x"]}"#,
        ErrorKind::Type,
        ".ports[2]",
        r#".ports[2]: expected number, found the string "x""#,
    );
    // A map value.
    both(
        &[("tags", r#"["object",{"a":"string","b":"bool"}]"#)],
        r#"{"tags":{"a":"x","b":true}}"#,
        ErrorKind::Type,
        r#".tags["b"]"#,
        r#".tags["b"]: expected string, found a bool"#,
    );
    // A set element.
    both(
        &[("labels", r#"["tuple",["string","number"]]"#)],
        r#"{"labels":["a",1]}"#,
        ErrorKind::Type,
        ".labels[1]",
        ".labels[1]: expected string, found a number",
    );
    // A tuple element.
    both(
        &[("pair", r#"["tuple",["string","string"]]"#)],
        r#"{"pair":["x","y"]}"#,
        ErrorKind::Type,
        ".pair[1]",
        r#".pair[1]: expected number, found the string "y""#,
    );
    // A tuple of the wrong length.
    both(
        &[("pair", r#"["tuple",["string","number","bool"]]"#)],
        r#"{"pair":["x",1,true]}"#,
        ErrorKind::Type,
        ".pair",
        ".pair: expected a tuple of 2 elements, found 3 elements",
    );
    // An attribute of an object-typed attribute.
    both(
        &[("obj", r#"["object",{"a":"number","opt":"number"}]"#)],
        r#"{"obj":{"a":1}}"#,
        ErrorKind::Type,
        ".obj.a",
        ".obj.a: expected string, found a number",
    );
}

#[test]
fn numbers_out_of_range() {
    both(
        &[],
        r#"{"ports":[22,70000]}"#,
        ErrorKind::Number,
        ".ports[1]",
        ".ports[1]: expected a whole number from 0 to 65535, found 70000",
    );
    both(
        &[],
        r#"{"disk":[{"size_gb":-1,"part":[]}]}"#,
        ErrorKind::Number,
        ".disk[0].size_gb",
        ".disk[0].size_gb: expected a whole number from 0 to 4294967295, found -1",
    );
    both(
        &[],
        r#"{"count":1.5}"#,
        ErrorKind::Number,
        ".count",
        ".count: expected a whole number from 0 to 255, found 1.5",
    );
}

// ---------------------------------------------------------------------------------------
// Unsupported, missing and duplicate attributes.

#[test]
fn unsupported_attribute() {
    both(
        &[("zzz", r#""string""#)],
        r#"{"zzz":"q"}"#,
        ErrorKind::Attribute,
        "",
        r#"unsupported attribute "zzz""#,
    );
    let disks = r#"["list",["object",{"label":"string","part":["list",["object",{"size":"number"}]],"size_gb":"number","zzz":"string"}]]"#;
    both(
        &[("disk", disks)],
        r#"{"disk":[{"size_gb":1,"zzz":"q","part":[]}]}"#,
        ErrorKind::Attribute,
        ".disk[0]",
        r#".disk[0]: unsupported attribute "zzz""#,
    );
    both(
        &[(
            "site",
            r#"["map",["object",{"port":"number","zzz":"string"}]]"#,
        )],
        r#"{"site":{"eu":{"port":1,"zzz":"q"}}}"#,
        ErrorKind::Attribute,
        r#".site["eu"]"#,
        r#".site["eu"]: unsupported attribute "zzz""#,
    );
    both(
        &[(
            "route",
            r#"["list",["object",{"cidr":"string","weight":"number","zzz":"bool"}]]"#,
        )],
        r#"{"route":[{"cidr":"c","zzz":true}]}"#,
        ErrorKind::Attribute,
        ".route[0]",
        r#".route[0]: unsupported attribute "zzz""#,
    );
    both(
        &[(
            "obj",
            r#"["object",{"a":"string","opt":"number","zzz":"string"}]"#,
        )],
        r#"{"obj":{"a":"x","zzz":"q"}}"#,
        ErrorKind::Attribute,
        ".obj",
        r#".obj: unsupported attribute "zzz""#,
    );
}

#[test]
fn missing_attribute() {
    both(
        &[("name", "-")],
        "{}",
        ErrorKind::Attribute,
        "",
        r#"missing attribute "name""#,
    );
    both(
        &[("timeouts", "-")],
        "{}",
        ErrorKind::Attribute,
        "",
        r#"missing attribute "timeouts""#,
    );
    let disks =
        r#"["list",["object",{"label":"string","part":["list",["object",{"size":"number"}]]}]]"#;
    both(
        &[("disk", disks)],
        r#"{"disk":[{"label":"l","part":[]}]}"#,
        ErrorKind::Attribute,
        ".disk[0]",
        r#".disk[0]: missing attribute "size_gb""#,
    );
    both(
        &[("peers", r#"["map",["object",{"cidr":"string"}]]"#)],
        r#"{"peers":{"p":{"cidr":"c"}}}"#,
        ErrorKind::Attribute,
        r#".peers["p"]"#,
        r#".peers["p"]: missing attribute "weight""#,
    );
    both(
        &[("obj", r#"["object",{"a":"string"}]"#)],
        r#"{"obj":{"a":"x"}}"#,
        ErrorKind::Attribute,
        ".obj",
        r#".obj: missing attribute "opt""#,
    );
}

#[derive(TfSchema, Debug)]
struct Small {
    name: String,
}

#[derive(TfSchema, Debug)]
struct Outer {
    #[tf(block)]
    items: Vec<Small>,
}

#[test]
fn duplicate_attribute() {
    // {"name": "x", "name": "y"}
    let bytes = [
        0x82, 0xa4, b'n', b'a', b'm', b'e', 0xa1, b'x', 0xa4, b'n', b'a', b'm', b'e', 0xa1, b'y',
    ];
    let e = tfvalue::msgpack::from_slice::<Small>(&bytes).expect_err("duplicate");
    check(
        &e,
        ErrorKind::Attribute,
        "",
        r#"duplicate attribute "name""#,
    );
    let e =
        tfvalue::json::from_slice::<Small>(br#"{"name":"x","name":"y"}"#).expect_err("duplicate");
    check(
        &e,
        ErrorKind::Attribute,
        "",
        r#"duplicate attribute "name""#,
    );
    // Inside a block: {"items": [{"name": "x", "name": "y"}]}
    let mut bytes2 = vec![0x81, 0xa5, b'i', b't', b'e', b'm', b's', 0x91];
    bytes2.extend_from_slice(&bytes);
    let e = tfvalue::msgpack::from_slice::<Outer>(&bytes2).expect_err("duplicate");
    check(
        &e,
        ErrorKind::Attribute,
        ".items[0]",
        r#".items[0]: duplicate attribute "name""#,
    );
    let e = tfvalue::json::from_slice::<Outer>(br#"{"items":[{"name":"x","name":"y"}]}"#)
        .expect_err("duplicate");
    check(
        &e,
        ErrorKind::Attribute,
        ".items[0]",
        r#".items[0]: duplicate attribute "name""#,
    );
    // A duplicate block type.
    let e =
        tfvalue::json::from_slice::<Outer>(br#"{"items":[],"items":[]}"#).expect_err("duplicate");
    check(
        &e,
        ErrorKind::Attribute,
        "",
        r#"duplicate attribute "items""#,
    );
}

// ---------------------------------------------------------------------------------------
// Unknown values where the field cannot hold one; null in required fields.

const UNKNOWN_HINT: &str =
    "this value is known only after apply; wrap the field's type in tfvalue::Unknown to accept it";

fn p(steps: &[PathStep]) -> AttributePath {
    AttributePath::from_steps(steps.to_vec())
}

fn attr(name: &str) -> PathStep {
    PathStep::Attr(name.to_owned())
}

fn key(k: &str) -> PathStep {
    PathStep::Key(k.to_owned())
}

#[test]
fn unknown_where_the_field_cannot_hold_it() {
    let patch = r#"{"disk":[{"size_gb":1,"part":[]}],"site":{"eu":{"port":1}},"rule":[{"proto":"tcp"}],
        "tags":{"a":"x"},"route":[{"cidr":"c"}],"ports":[1]}"#;
    let cases: Vec<(AttributePath, &str, &str)> = vec![
        (p(&[attr("name")]), ".name", "string"),
        (p(&[attr("count")]), ".count", "number"),
        (
            p(&[attr("disk"), PathStep::Index(0), attr("size_gb")]),
            ".disk[0].size_gb",
            "number",
        ),
        (
            p(&[attr("site"), key("eu"), attr("port")]),
            r#".site["eu"].port"#,
            "number",
        ),
        (
            p(&[attr("rule"), PathStep::Index(0), attr("proto")]),
            ".rule[0].proto",
            "string",
        ),
        (p(&[attr("tags"), key("a")]), r#".tags["a"]"#, "string"),
        (
            p(&[attr("ports"), PathStep::Index(0)]),
            ".ports[0]",
            "number",
        ),
        (
            p(&[attr("route"), PathStep::Index(0), attr("cidr")]),
            ".route[0].cidr",
            "string",
        ),
        // Nullable, but not Unknown.
        (p(&[attr("tags")]), ".tags", "a map"),
        (p(&[attr("obj")]), ".obj", "an object"),
    ];
    for (at, path, expected) in cases {
        let bytes = server_bytes_unknown(&[], patch, std::slice::from_ref(&at));
        let e = msgpack_error(&bytes);
        check(
            &e,
            ErrorKind::Unknown,
            path,
            &format!("{path}: expected {expected}, found an unknown value: {UNKNOWN_HINT}"),
        );
        assert!(e.to_string().contains("tfvalue::Unknown"));
    }
}

#[test]
fn unknown_block_collections_where_the_field_cannot_hold_them() {
    for (name, path, expected) in [
        ("disk", ".disk", "a list or set"),
        ("site", ".site", "a map"),
        ("rule", ".rule", "a list or set"),
        ("boot", ".boot", "an object"),
        ("timeouts", ".timeouts", "an object"),
    ] {
        let bytes = server_bytes_unknown(&[], "{}", &[p(&[attr(name)])]);
        let e = msgpack_error(&bytes);
        check(
            &e,
            ErrorKind::Unknown,
            path,
            &format!("{path}: expected {expected}, found an unknown value: {UNKNOWN_HINT}"),
        );
    }
}

#[test]
fn null_in_a_required_field() {
    let cases = [
        (r#"{"name":null}"#, ".name", "string"),
        (r#"{"count":null}"#, ".count", "number"),
        (
            r#"{"disk":[{"size_gb":null,"part":[]}]}"#,
            ".disk[0].size_gb",
            "number",
        ),
        (
            r#"{"site":{"eu":{"port":null}}}"#,
            r#".site["eu"].port"#,
            "number",
        ),
        (r#"{"rule":[{"proto":null}]}"#, ".rule[0].proto", "string"),
        (r#"{"boot":{"image":null}}"#, ".boot.image", "string"),
        (r#"{"route":[{"cidr":null}]}"#, ".route[0].cidr", "string"),
        (r#"{"obj":{"a":null}}"#, ".obj.a", "string"),
        (r#"{"ports":[1,null]}"#, ".ports[1]", "number"),
        (r#"{"tags":{"t":null}}"#, r#".tags["t"]"#, "string"),
        (r#"{"pair":[null,1]}"#, ".pair[0]", "string"),
    ];
    for (patch, path, expected) in cases {
        both(
            &[],
            patch,
            ErrorKind::Type,
            path,
            &format!("{path}: expected {expected}, found null"),
        );
    }
    // Null block collections (Terraform never sends them; a GROUP block is never null).
    for (patch, path, expected) in [
        (r#"{"disk":null}"#, ".disk", "a list or set"),
        (r#"{"site":null}"#, ".site", "a map"),
        (r#"{"rule":null}"#, ".rule", "a list or set"),
        (r#"{"timeouts":null}"#, ".timeouts", "an object"),
    ] {
        both(
            &[],
            patch,
            ErrorKind::Type,
            path,
            &format!("{path}: expected {expected}, found null"),
        );
    }
}

#[test]
fn json_cannot_carry_unknown_values() {
    // Decoding reads every JSON value as known; encoding an unknown value fails with its
    // path.
    let bytes = server_bytes_unknown(
        &[],
        r#"{"disk":[{"size_gb":1,"part":[]}]}"#,
        &[p(&[attr("id")])],
    );
    let s: Server = tfvalue::msgpack::from_slice(&bytes).expect("id may be unknown");
    assert!(s.id.is_unknown());
    let e = tfvalue::json::to_vec(&s).expect_err("unknown in JSON");
    assert_eq!(e.kind(), ErrorKind::Unknown);
    assert_eq!(e.path().to_string(), ".id");
    let route = Route {
        cidr: "c".into(),
        weight: Nullable::Null,
    };
    assert_eq!(
        tfvalue::json::to_vec(&route).expect("known"),
        br#"{"cidr":"c","weight":null}"#
    );
    let rule = Rule {
        proto: "tcp".into(),
        port: Nullable::Value(22),
    };
    let back: Rule =
        tfvalue::json::from_slice(&tfvalue::json::to_vec(&rule).expect("json")).expect("decode");
    assert_eq!(back, rule);
}
