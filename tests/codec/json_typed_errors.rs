//! JSON decoding reads strings, bools, lists, maps and objects through serde_json's typed
//! entry points (`deserialize_str`, `deserialize_map`, …) rather than `deserialize_any`.
//! A value of the wrong kind is then reported by serde_json itself; these tests pin down
//! that the error still reads in Terraform's words, with the kind and the attribute path,
//! exactly as the MessagePack decoder says it, for every kind found where each kind is
//! expected.

use std::collections::BTreeMap;

use tfvalue::{ErrorKind, Nullable, TfSchema};

#[derive(TfSchema, Debug, PartialEq)]
struct Vm {
    name: String,
    on: Nullable<bool>,
    ips: Nullable<Vec<String>>,
    tags: Nullable<BTreeMap<String, String>>,
    #[tf(block)]
    disk: Vec<Disk>,
    #[tf(block)]
    boot: Option<Boot>,
}

#[derive(TfSchema, Debug, PartialEq)]
struct Disk {
    device: String,
    size_gb: i64,
}

#[derive(TfSchema, Debug, PartialEq)]
struct Boot {
    image: String,
}

const DISKS: &str =
    r#"[{"device":"a","size_gb":1},{"device":"b","size_gb":2},{"device":"c","size_gb":3}]"#;

/// The JSON of a `Vm` whose attribute `name` holds `value` (other attributes valid).
fn with(name: &str, value: &str) -> String {
    let mut attrs = BTreeMap::from([
        ("name", r#""vm""#.to_owned()),
        ("on", "true".to_owned()),
        ("ips", r#"["10.0.0.1"]"#.to_owned()),
        ("tags", r#"{"env":"prod"}"#.to_owned()),
        ("disk", DISKS.to_owned()),
        ("boot", r#"{"image":"img"}"#.to_owned()),
    ]);
    attrs.insert(name, value.to_owned());
    let body: Vec<String> = attrs.iter().map(|(k, v)| format!("{k:?}:{v}")).collect();
    format!("{{{}}}", body.join(","))
}

/// Decodes `json` as a `Vm` and checks the error's kind, path and message; the same value
/// through MessagePack (where it can be written) must give the same message.
#[track_caller]
fn fails(json: &str, path: &str, message: &str) {
    let e = tfvalue::json::from_slice::<Vm>(json.as_bytes()).expect_err(json);
    assert_eq!(e.kind(), ErrorKind::Type, "{json}: {e}");
    assert_eq!(e.path().to_string(), path, "{json}: {e}");
    assert_eq!(e.to_string(), format!("{path}: {message}"), "{json}");
    // The same input as MessagePack: the dynamic value of the JSON, re-encoded.
    let value: serde_json::Value = serde_json::from_str(json).expect("valid JSON");
    let mp = to_msgpack(&value);
    let e = tfvalue::msgpack::from_slice::<Vm>(&mp).expect_err(json);
    assert_eq!(
        e.to_string(),
        format!("{path}: {message}"),
        "{json} (MessagePack)"
    );
}

/// A JSON value written as MessagePack (objects with sorted keys, as Terraform's are).
fn to_msgpack(v: &serde_json::Value) -> Vec<u8> {
    let mut out = Vec::new();
    write_msgpack(v, &mut out);
    out
}

fn write_msgpack(v: &serde_json::Value, out: &mut Vec<u8>) {
    use serde_json::Value as J;
    match v {
        J::Null => out.push(0xc0),
        J::Bool(b) => out.push(if *b { 0xc3 } else { 0xc2 }),
        J::Number(n) => match n.as_i64() {
            Some(i) if (0..128).contains(&i) => out.push(i as u8),
            _ => {
                out.push(0xcb);
                out.extend_from_slice(&n.as_f64().expect("a float").to_be_bytes());
            }
        },
        J::String(s) => {
            assert!(s.len() < 32, "short strings only");
            out.push(0xa0 | s.len() as u8);
            out.extend_from_slice(s.as_bytes());
        }
        J::Array(a) => {
            assert!(a.len() < 16, "short arrays only");
            out.push(0x90 | a.len() as u8);
            for e in a {
                write_msgpack(e, out);
            }
        }
        J::Object(o) => {
            assert!(o.len() < 16, "small objects only");
            out.push(0x80 | o.len() as u8);
            let sorted: BTreeMap<&String, &serde_json::Value> = o.iter().collect();
            for (k, e) in sorted {
                write_msgpack(&J::String(k.clone()), out);
                write_msgpack(e, out);
            }
        }
    }
}

#[test]
fn the_payload_decodes() {
    let vm = tfvalue::json::from_slice::<Vm>(with("name", r#""vm""#).as_bytes()).expect("decodes");
    assert_eq!(vm.name, "vm");
    assert_eq!(vm.disk.len(), 3);
    assert_eq!(vm.boot.expect("a boot block").image, "img");
}

#[test]
fn wrong_kinds_where_a_string_is_expected() {
    for (found, json) in [
        ("a number", "5"),
        ("a number", "-5"),
        ("a number", "1.5"),
        ("a bool", "true"),
        ("a list, set or tuple", r#"["x"]"#),
        ("an object or map", r#"{"x":1}"#),
        ("null", "null"),
    ] {
        fails(
            &with("name", json),
            ".name",
            &format!("expected string, found {found}"),
        );
    }
    // Inside a block, with its index, and inside a list.
    fails(
        &with("boot", r#"{"image":7}"#),
        ".boot.image",
        "expected string, found a number",
    );
    fails(
        &with("ips", r#"["a",false]"#),
        ".ips[1]",
        "expected string, found a bool",
    );
    fails(
        &with("tags", r#"{"env":[]}"#),
        r#".tags["env"]"#,
        "expected string, found a list, set or tuple",
    );
}

#[test]
fn wrong_kinds_where_a_bool_is_expected() {
    for (found, json) in [
        ("a number", "1"),
        ("a string", r#""true""#),
        ("a list, set or tuple", "[]"),
        ("an object or map", "{}"),
    ] {
        fails(
            &with("on", json),
            ".on",
            &format!("expected bool, found {found}"),
        );
    }
}

#[test]
fn wrong_kinds_where_a_collection_or_object_is_expected() {
    fails(
        &with("ips", r#""10.0.0.1""#),
        ".ips",
        "expected a list or set, found a string",
    );
    fails(
        &with("ips", r#"{"a":"b"}"#),
        ".ips",
        "expected a list or set, found an object or map",
    );
    fails(
        &with("tags", r#"["prod"]"#),
        ".tags",
        "expected a map, found a list, set or tuple",
    );
    fails(
        &with("tags", "true"),
        ".tags",
        "expected a map, found a bool",
    );
    fails(
        &with("boot", r#"["img"]"#),
        ".boot",
        "expected an object, found a list, set or tuple",
    );
    fails(
        &with("boot", "3"),
        ".boot",
        "expected an object, found a number",
    );
    fails(
        &with("disk", r#"[{"device":"a","size_gb":1},"b"]"#),
        ".disk[1]",
        "expected an object, found a string",
    );
    fails(
        &with("disk", r#"{"device":"a"}"#),
        ".disk",
        "expected a list or set, found an object or map",
    );
}

#[test]
fn errors_deep_in_a_block_list_keep_their_path() {
    fails(
        &with(
            "disk",
            r#"[{"device":"a","size_gb":1},{"device":"b","size_gb":2},{"device":"c","size_gb":"x"}]"#,
        ),
        ".disk[2].size_gb",
        r#"expected number, found the string "x""#,
    );
    fails(
        &with(
            "disk",
            r#"[{"device":"a","size_gb":1},{"device":"b","size_gb":2},{"device":null,"size_gb":3}]"#,
        ),
        ".disk[2].device",
        "expected string, found null",
    );
}

#[test]
fn the_top_level_value_must_be_an_object() {
    for (found, json) in [
        ("a list, set or tuple", "[]"),
        ("a string", r#""vm""#),
        ("a number", "1"),
        ("null", "null"),
    ] {
        let e = tfvalue::json::from_slice::<Vm>(json.as_bytes()).expect_err(json);
        assert_eq!(e.kind(), ErrorKind::Type);
        assert_eq!(e.to_string(), format!("expected an object, found {found}"));
    }
}

#[test]
fn syntax_errors_stay_syntax_errors() {
    let e = tfvalue::json::from_slice::<Vm>(br#"{"name":"vm""#).expect_err("truncated");
    assert_eq!(e.kind(), ErrorKind::Syntax);
    let e = tfvalue::json::from_slice::<Vm>(br#"{"name":tru}"#).expect_err("bad literal");
    assert_eq!(e.kind(), ErrorKind::Syntax);
}
