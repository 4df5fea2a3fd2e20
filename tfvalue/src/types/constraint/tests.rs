use serde::Deserialize;

use crate::error::{Error, ErrorKind};
use crate::limits::MAX_DEPTH;
use crate::types::Type;

fn parse(text: &str) -> Type {
    match Type::from_json(text.as_bytes()) {
        Ok(ty) => ty,
        Err(e) => panic!("{text}: {e}"),
    }
}

fn parse_err(text: &str) -> Error {
    match Type::from_json(text.as_bytes()) {
        Ok(ty) => panic!("{text}: parsed as {ty}"),
        Err(e) => e,
    }
}

/// Asserts that `text` fails with a TypeConstraint error with exactly `message`.
#[track_caller]
fn assert_constraint_err(text: &str, message: &str) {
    let e = parse_err(text);
    assert_eq!(e.kind(), ErrorKind::TypeConstraint, "{text}: {e}");
    assert_eq!(e.to_string(), message, "{text}");
    assert!(e.path().is_root());
}

fn nested_lists(levels: usize) -> String {
    let mut s = "[\"list\",".repeat(levels);
    s.push_str("\"string\"");
    s.push_str(&"]".repeat(levels));
    s
}

#[test]
fn primitives_fast_path() {
    assert_eq!(parse("\"string\""), Type::String);
    assert_eq!(parse("\"number\""), Type::Number);
    assert_eq!(parse("\"bool\""), Type::Bool);
    assert_eq!(parse("\"dynamic\""), Type::Dynamic);
    // Not the exact canonical bytes: the general parser handles them.
    assert_eq!(parse(" \"string\"\n"), Type::String);
    assert_eq!(parse("\"str\\u0069ng\""), Type::String);
}

#[test]
fn round_trip_every_form() {
    let cases = [
        r#""string""#,
        r#""number""#,
        r#""bool""#,
        r#""dynamic""#,
        r#"["list","string"]"#,
        r#"["set","number"]"#,
        r#"["map","bool"]"#,
        r#"["list","dynamic"]"#,
        r#"["tuple",[]]"#,
        r#"["tuple",["string","number",["list","bool"]]]"#,
        r#"["object",{}]"#,
        r#"["object",{"a":"string","b":["set",["map","number"]]}]"#,
        r#"["object",{"a":"string","b":"number"},["b"]]"#,
        r#"["object",{"a":"string","b":"number"},["a","b"]]"#,
        r#"["list",["object",{"name":"string","size":"number"},["size"]]]"#,
        r#"["map",["tuple",[["object",{"x":"dynamic"}]]]]"#,
    ];
    for text in cases {
        let ty = parse(text);
        assert_eq!(ty.to_json(), text);
        let mut out = b"prefix".to_vec();
        ty.write_json(&mut out);
        assert_eq!(&out[6..], text.as_bytes());
        // serde_json's own view agrees.
        let value: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(ty.to_json_value(), value, "{text}");
        assert_eq!(Type::from_json_value(&value).unwrap(), ty);
        assert_eq!(serde_json::to_string(&ty).unwrap(), text);
        assert_eq!(serde_json::from_str::<Type>(text).unwrap(), ty);
    }
}

#[test]
fn whitespace_is_accepted_and_printing_is_compact() {
    let ty = parse(
        " [ \"object\" , { \"b\" : \"bool\" , \"a\" : [ \"list\" , \"string\" ] } , [ \"a\" ] ] ",
    );
    assert_eq!(
        ty.to_json(),
        r#"["object",{"a":["list","string"],"b":"bool"},["a"]]"#
    );
}

#[test]
fn go_cty_vectors() {
    let mut text = String::new();
    for file in ["vectors.jsonl", "decode_vectors.jsonl"] {
        let path = format!("/work/shared/vectors/go-cty-1.12.1/{file}");
        text.push_str(&std::fs::read_to_string(&path).expect(&path));
    }
    #[derive(serde::Deserialize)]
    struct Record {
        #[serde(rename = "type")]
        ty: Option<Box<serde_json::value::RawValue>>,
        value_type: Option<Box<serde_json::value::RawValue>>,
    }
    let mut count = 0;
    for line in text.lines() {
        let record: Record = serde_json::from_str(line).unwrap();
        for raw in [record.ty, record.value_type].into_iter().flatten() {
            let raw = raw.get();
            let v: serde_json::Value = serde_json::from_str(raw).unwrap();
            let expected = serde_json::to_string(&v).unwrap();
            let ty = Type::from_json(raw.as_bytes()).unwrap();
            assert_eq!(ty.to_json(), expected);
            assert_eq!(Type::from_json_value(&v).unwrap(), ty);
            assert_eq!(ty.to_json_value(), v);
            count += 1;
        }
    }
    assert!(count > 100, "{count}");
}

/// Compact JSON with object keys sorted (serde_json's `Value` keeps keys in a sorted
/// map) of a JSON file.
fn compact_sorted(path: &str) -> (Vec<u8>, String) {
    let bytes = std::fs::read(path).expect(path);
    let value: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    (bytes, serde_json::to_string(&value).unwrap())
}

#[test]
fn bench_type_and_terraform_schema() {
    for path in [
        "/work/shared/bench/type.json",
        "/work/shared/vectors/terraform-1.11.4/schema.json",
    ] {
        let (bytes, expected) = compact_sorted(path);
        let ty = Type::from_json(&bytes).unwrap();
        assert!(ty.is_object());
        assert_eq!(ty.to_json(), expected, "{path}");
        assert_eq!(Type::from_json(expected.as_bytes()).unwrap(), ty);
    }
    let (bytes, _) = compact_sorted("/work/shared/vectors/terraform-1.11.4/schema.json");
    let ty = Type::from_json(&bytes).unwrap();
    let obj = ty.as_object().unwrap();
    assert_eq!(obj.attr_type("dyn"), Some(&Type::Dynamic));
    assert!(obj.has_dynamic());
    assert_eq!(
        obj.attr_type("blk_list").unwrap().to_string(),
        "list(object({v=string}))"
    );
}

#[test]
fn attributes_are_printed_in_byte_order() {
    // Upper case, underscore, digits and non-ASCII: plain byte order as Go sorts.
    let ty = Type::object([
        ("b", Type::Number),
        ("é", Type::Number),
        ("_", Type::Number),
        ("a1", Type::Number),
        ("B", Type::Number),
        ("a", Type::Number),
    ]);
    assert_eq!(
        ty.to_json().as_bytes(),
        b"[\"object\",{\"B\":\"number\",\"_\":\"number\",\"a\":\"number\",\"a1\":\"number\",\
          \"b\":\"number\",\"\xc3\xa9\":\"number\"}]"
    );
    // Unsorted input parses to the same type.
    let parsed = parse(
        r#"["object",{"é":"number","b":"number","a1":"number","a":"number","_":"number","B":"number"}]"#,
    );
    assert_eq!(parsed, ty);
}

#[test]
fn optional_list_is_sorted_and_only_printed_when_present() {
    let ty = Type::object_with_optional(
        [
            ("z", Type::String),
            ("a", Type::String),
            ("m", Type::String),
        ],
        ["z", "a"],
    )
    .unwrap();
    assert_eq!(
        ty.to_json(),
        r#"["object",{"a":"string","m":"string","z":"string"},["a","z"]]"#
    );
    // An empty optional list reads as none, and is not printed.
    let ty = parse(r#"["object",{"a":"string"},[]]"#);
    assert_eq!(ty.to_json(), r#"["object",{"a":"string"}]"#);
    assert_eq!(ty, Type::object([("a", Type::String)]));
    // Repeated or unsorted optional names are fine.
    let ty = parse(r#"["object",{"a":"string","b":"bool"},["b","a","b"]]"#);
    assert_eq!(
        ty.to_json(),
        r#"["object",{"a":"string","b":"bool"},["a","b"]]"#
    );
}

#[test]
fn escaped_names_in_constraints() {
    let names = [
        "q\"uote",
        "<tag>",
        "a&b",
        "back\\slash",
        "nl\n",
        "nul\u{0}",
        "\u{2028}",
        "ü",
    ];
    let ty =
        Type::object_with_optional(names.iter().map(|n| (*n, Type::String)), ["<tag>"]).unwrap();
    let json = ty.to_json();
    assert_eq!(
        json,
        r#"["object",{"\u003ctag\u003e":"string","a\u0026b":"string","back\\slash":"string","nl\n":"string","nul\u0000":"string","q\"uote":"string","ü":"string","\u2028":"string"},["\u003ctag\u003e"]]"#
    );
    assert_eq!(parse(&json), ty);
    // serde_json escapes differently, but means the same.
    let via_serde = serde_json::to_string(&ty).unwrap();
    assert_eq!(parse(&via_serde), ty);
}

#[test]
fn malformed_constraints() {
    const PRIMS: &str = "(expected string, number, bool, dynamic, or a [\"list\", T]-style array)";
    const KINDS: &str = "(list, set, map, tuple, or object)";
    let cases: &[(&str, String)] = &[
        (r#""strin""#, format!(r#"invalid type constraint: unknown type name "strin" {PRIMS}"#)),
        (r#""String""#, format!(r#"invalid type constraint: unknown type name "String" {PRIMS}"#)),
        (r#""any""#, format!(r#"invalid type constraint: unknown type name "any" {PRIMS}"#)),
        (
            r#"["object",{"a":"strin"}]"#,
            format!(r#"invalid type constraint at [1]["a"]: unknown type name "strin" {PRIMS}"#),
        ),
        (
            r#"["tuple",["string",["list","nope"]]]"#,
            format!(r#"invalid type constraint at [1][1][1]: unknown type name "nope" {PRIMS}"#),
        ),
        (
            r#"["object",{"a\"b":["list",["tuple",[1]]]}]"#,
            r#"invalid type constraint at [1]["a\"b"][1][1][0]: expected a type name (string, number, bool, or dynamic) or a [kind, ...] array, found the number 1"#.to_owned(),
        ),
        (
            r#"["tuple","string"]"#,
            r#"invalid type constraint at [1]: ["tuple", ...] needs an array of element types, found the string "string""#.to_owned(),
        ),
        (
            r#"["tuple",null]"#,
            r#"invalid type constraint at [1]: ["tuple", ...] needs an array of element types, found null"#.to_owned(),
        ),
        (
            r#"["object",[]]"#,
            r#"invalid type constraint at [1]: ["object", ...] needs an object of attribute types, found an array"#.to_owned(),
        ),
        (r#"["list"]"#, r#"invalid type constraint: ["list", ...] needs exactly 2 elements, found 1"#.to_owned()),
        (
            r#"["list","string","string"]"#,
            r#"invalid type constraint: ["list", ...] needs exactly 2 elements, found 3"#.to_owned(),
        ),
        (r#"["set"]"#, r#"invalid type constraint: ["set", ...] needs exactly 2 elements, found 1"#.to_owned()),
        (
            r#"["map","bool",["x",["y"]],{}]"#,
            r#"invalid type constraint: ["map", ...] needs exactly 2 elements, found 4"#.to_owned(),
        ),
        (r#"["tuple"]"#, r#"invalid type constraint: ["tuple", ...] needs exactly 2 elements, found 1"#.to_owned()),
        (r#"["tuple",[],1]"#, r#"invalid type constraint: ["tuple", ...] needs exactly 2 elements, found 3"#.to_owned()),
        (r#"["object"]"#, r#"invalid type constraint: ["object", ...] needs 2 or 3 elements, found 1"#.to_owned()),
        (
            r#"["object",{},[],[]]"#,
            r#"invalid type constraint: ["object", ...] needs 2 or 3 elements, found 4"#.to_owned(),
        ),
        (
            r#"["list",["object",{"a":"string"},["a","b"]]]"#,
            r#"invalid type constraint at [1][2][1]: optional attribute "b" is not an attribute of the object type"#.to_owned(),
        ),
        (
            r#"["object",{"a":"string"},"a"]"#,
            r#"invalid type constraint at [2]: the third element of ["object", ...] must be an array of optional attribute names, found the string "a""#.to_owned(),
        ),
        (
            r#"["object",{"a":"string"},null]"#,
            r#"invalid type constraint at [2]: the third element of ["object", ...] must be an array of optional attribute names, found null"#.to_owned(),
        ),
        (
            r#"["object",{"a":"string"},["a",1]]"#,
            r#"invalid type constraint at [2][1]: expected an optional attribute name, found the number 1"#.to_owned(),
        ),
        (
            r#"["object",{"b":"string","a":"number","b":"bool"}]"#,
            r#"invalid type constraint at [1]: duplicate attribute "b""#.to_owned(),
        ),
        (
            r#"["object",{"a":"string","a":"string"}]"#,
            r#"invalid type constraint at [1]: duplicate attribute "a""#.to_owned(),
        ),
        (
            r#"[1,"string"]"#,
            format!("invalid type constraint at [0]: expected a kind name {KINDS} as the first element of a type constraint array, found the number 1"),
        ),
        (
            r#"[["list"],"string"]"#,
            format!("invalid type constraint at [0]: expected a kind name {KINDS} as the first element of a type constraint array, found an array"),
        ),
        (
            r#"["lst","string"]"#,
            r#"invalid type constraint at [0]: unknown kind "lst" (expected list, set, map, tuple, or object)"#.to_owned(),
        ),
        (
            r#"["string"]"#,
            r#"invalid type constraint at [0]: unknown kind "string" (expected list, set, map, tuple, or object)"#.to_owned(),
        ),
        (
            "[]",
            format!("invalid type constraint: expected a kind name {KINDS} as the first element of a type constraint array, found an empty array"),
        ),
        (
            "{\"a\":1}",
            "invalid type constraint: expected a type name (string, number, bool, or dynamic) or a [kind, ...] array, found an object".to_owned(),
        ),
        (
            "-1.5",
            "invalid type constraint: expected a type name (string, number, bool, or dynamic) or a [kind, ...] array, found the number -1.5".to_owned(),
        ),
        (
            "true",
            "invalid type constraint: expected a type name (string, number, bool, or dynamic) or a [kind, ...] array, found true".to_owned(),
        ),
        (
            "null",
            "invalid type constraint: expected a type name (string, number, bool, or dynamic) or a [kind, ...] array, found null".to_owned(),
        ),
        // Trailing data.
        (
            r#""string" x"#,
            "invalid type constraint: unexpected data after the type constraint (trailing characters at line 1 column 10)".to_owned(),
        ),
        (
            r#"["list","string"]]"#,
            "invalid type constraint: unexpected data after the type constraint (trailing characters at line 1 column 18)".to_owned(),
        ),
        // Invalid JSON.
        ("", "invalid type constraint: invalid JSON: EOF while parsing a value at line 1 column 0".to_owned()),
        (
            r#"["list","string""#,
            "invalid type constraint: invalid JSON: EOF while parsing a list at line 1 column 16".to_owned(),
        ),
        (
            r#"["object",{"a":["tuple",[["list",]]]}]"#,
            r#"invalid type constraint at [1]["a"][1][0][1]: invalid JSON: trailing comma at line 1 column 34"#.to_owned(),
        ),
        (
            "'string'",
            "invalid type constraint: invalid JSON: expected value at line 1 column 1".to_owned(),
        ),
    ];
    for (text, message) in cases {
        assert_constraint_err(text, message);
        // The serde path reports the same message, plus serde_json's position.
        let e = serde_json::from_str::<Type>(text).unwrap_err().to_string();
        if !message.contains("invalid JSON") && !message.contains("unexpected data after") {
            assert!(e.starts_with(message.as_str()), "{e}");
        }
    }
}

#[test]
fn invalid_utf8_is_a_json_error() {
    let e = Type::from_json(b"[\"object\",{\"a\xff\":\"string\"}]").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TypeConstraint);
    assert_eq!(
        e.to_string(),
        "invalid type constraint at [1]: invalid JSON: invalid unicode code point at line 1 column 14"
    );
}

#[test]
fn from_json_value_validates_the_same() {
    let v = serde_json::json!(["object", {"a": ["list", "strin"]}]);
    let e = Type::from_json_value(&v).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TypeConstraint);
    assert!(
        e.to_string()
            .starts_with(r#"invalid type constraint at [1]["a"][1]: unknown type name "strin""#),
        "{e}"
    );
    let v = serde_json::json!(["object", {"a": "string"}, ["b"]]);
    let e = Type::from_json_value(&v).unwrap_err();
    assert_eq!(
        e.to_string(),
        r#"invalid type constraint at [2][0]: optional attribute "b" is not an attribute of the object type"#
    );
}

/// `levels` nested `["list", ...]` around "string", as a `serde_json::Value`.
fn nested_lists_value(levels: usize) -> serde_json::Value {
    let mut v = serde_json::Value::from("string");
    for _ in 0..levels {
        v = serde_json::json!(["list", v]);
    }
    v
}

/// `levels` nested `["object", {"a": ...}]` around "string".
fn nested_objects_value(levels: usize) -> serde_json::Value {
    let mut v = serde_json::Value::from("string");
    for _ in 0..levels {
        v = serde_json::json!(["object", {"a": v}]);
    }
    v
}

#[test]
fn depth_limit_at_and_past() {
    let ok = Type::from_json_value(&nested_lists_value(MAX_DEPTH)).unwrap();
    let mut depth = 0;
    let mut ty = &ok;
    while let Some(e) = ty.element_type() {
        depth += 1;
        ty = e;
    }
    assert_eq!(depth, MAX_DEPTH);
    let e = Type::from_json_value(&nested_lists_value(MAX_DEPTH + 1)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Limit);
    let at = "[1]".repeat(MAX_DEPTH);
    assert_eq!(
        e.to_string(),
        format!(
            "invalid type constraint at {at}: type constraint nested more than 256 levels deep"
        )
    );

    assert!(Type::from_json_value(&nested_objects_value(MAX_DEPTH)).is_ok());
    let e = Type::from_json_value(&nested_objects_value(MAX_DEPTH + 1)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Limit);
    assert!(e
        .to_string()
        .starts_with("invalid type constraint at [1][\"a\"][1][\"a\"]"));

    // Through the generic Deserialize impl too.
    let e = Type::deserialize(&nested_lists_value(MAX_DEPTH + 1)).unwrap_err();
    assert!(e
        .to_string()
        .ends_with("type constraint nested more than 256 levels deep"));
}

#[test]
fn json_text_nests_to_the_one_depth_limit() {
    // The JSON text parser has no limit of its own (serde_json's 128 is lifted): the type
    // constraint's MAX_DEPTH is the one limit, as for a value built as a serde_json value.
    assert!(Type::from_json(nested_lists(128).as_bytes()).is_ok());
    assert!(Type::from_json(nested_lists(MAX_DEPTH).as_bytes()).is_ok());
    let e = Type::from_json(nested_lists(MAX_DEPTH + 1).as_bytes()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Limit);
    assert_eq!(
        e.to_string(),
        format!(
            "invalid type constraint at {}: type constraint nested more than 256 levels deep",
            "[1]".repeat(MAX_DEPTH)
        )
    );
    // Objects take two JSON levels a type level: 512 of JSON, within the stack.
    let objects = |levels: usize| {
        let mut s = "[\"object\",{\"a\":".repeat(levels);
        s.push_str("\"string\"");
        s.push_str(&"}]".repeat(levels));
        s
    };
    assert!(Type::from_json(objects(MAX_DEPTH).as_bytes()).is_ok());
    let e = Type::from_json(objects(MAX_DEPTH + 1).as_bytes()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Limit);
    // What the parser skips (elements past a kind's last) is skipped without recursion.
    let mut extra = String::from("[\"list\",\"string\",");
    extra.push_str(&"[".repeat(100_000));
    extra.push_str(&"]".repeat(100_000));
    extra.push(']');
    let e = Type::from_json(extra.as_bytes()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TypeConstraint, "{e}");
    // Far deeper input fails at the limit without exhausting the stack.
    let e = Type::from_json("[\"list\",".repeat(100_000).as_bytes()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Limit);
    let e = Type::from_json(&b"[".repeat(100_000)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TypeConstraint, "{e}");
}

#[test]
fn serialize_matches_to_json() {
    let ty = parse(
        r#"["object",{"a":["tuple",["string",["set","bool"]]],"b":["map","dynamic"]},["b"]]"#,
    );
    assert_eq!(serde_json::to_string(&ty).unwrap(), ty.to_json());
    let v = serde_json::to_value(&ty).unwrap();
    assert_eq!(v, ty.to_json_value());
    assert_eq!(serde_json::from_value::<Type>(v).unwrap(), ty);
}
