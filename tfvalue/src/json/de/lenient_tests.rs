use super::*;
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;

use serde::Deserialize;

use crate::{Nullable, Unknown, Value};

fn lenient<T: for<'de> Deserialize<'de>>(json: &str) -> T {
    from_slice_lenient(json.as_bytes()).unwrap_or_else(|e| panic!("{json}: {e}"))
}

fn lenient_err<T: for<'de> Deserialize<'de> + fmt::Debug>(json: &str) -> Error {
    match from_slice_lenient::<T>(json.as_bytes()) {
        Ok(v) => panic!("expected an error for {json}, got {v:?}"),
        Err(e) => e,
    }
}

fn strict_err<T: for<'de> Deserialize<'de> + fmt::Debug>(json: &str) -> String {
    match from_slice::<T>(json.as_bytes()) {
        Ok(v) => panic!("strict decoding accepted {json} as {v:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn numbers_from_decimal_strings() {
    assert_eq!(lenient::<u8>(r#""12""#), 12);
    assert_eq!(lenient::<i64>(r#""-5""#), -5);
    assert_eq!(lenient::<u16>(r#""1e3""#), 1000);
    assert_eq!(lenient::<u32>(r#""7.0""#), 7);
    assert_eq!(lenient::<f64>(r#""0.1""#), 0.1);
    assert_eq!(lenient::<f32>(r#""0.5""#), 0.5);
    assert_eq!(
        lenient::<u128>(r#""123456789012345678901234567890""#),
        123456789012345678901234567890
    );
    // Escapes are text like any other.
    assert_eq!(lenient::<u8>(r#""\u0031\u0032""#), 12);
    // Numbers written as numbers still work.
    assert_eq!(lenient::<u8>("12"), 12);
    for (json, text) in [(r#""12""#, "12"), (r#""0.1""#, "0.1")] {
        assert_eq!(
            strict_err::<f64>(json),
            format!("expected number, found the string \"{text}\"")
        );
    }
    assert_eq!(
        strict_err::<u8>(r#""12""#),
        "expected number, found the string \"12\""
    );
    assert_eq!(
        strict_err::<u128>(r#""12""#),
        "expected number, found the string \"12\""
    );
}

#[test]
fn exact_numbers_from_strings() {
    let n: Number = lenient(r#""123456789012345678901234567890""#);
    assert_eq!(n, Number::parse("123456789012345678901234567890").unwrap());
    assert_eq!(n.to_string(), "123456789012345678901234567890");
    let n: Number = lenient(r#""0.1""#);
    assert_eq!(n, Number::parse("0.1").unwrap());
    let n: Number = lenient(r#""\u0030.25""#);
    assert_eq!(n.to_string(), "0.25");
    let n: Vec<Number> = lenient(r#"["1", 2, "-3.5"]"#);
    assert_eq!(n[2], Number::parse("-3.5").unwrap());
    assert_eq!(
        strict_err::<Number>(r#""1""#),
        "expected number, found the string \"1\""
    );
}

#[test]
fn strings_that_are_no_numbers() {
    for (json, found) in [
        (r#""abc""#, r#"the string "abc""#),
        (r#""""#, r#"the string """#),
        (r#"" 12""#, r#"the string " 12""#),
        (r#""0x10""#, r#"the string "0x10""#),
        (r#""NaN""#, r#"the string "NaN""#),
    ] {
        let e = lenient_err::<Number>(json);
        assert_eq!(e.to_string(), format!("expected number, found {found}"));
        assert_eq!(e.kind(), ErrorKind::Type);
        let e = lenient_err::<u64>(json);
        assert_eq!(e.to_string(), format!("expected number, found {found}"));
        let e = lenient_err::<f64>(json);
        assert_eq!(e.to_string(), format!("expected number, found {found}"));
        let e = lenient_err::<i128>(json);
        assert_eq!(e.to_string(), format!("expected number, found {found}"));
    }
    let e = lenient_err::<u8>(r#""300""#);
    assert_eq!(e.kind(), ErrorKind::Number);
    assert_eq!(
        e.to_string(),
        "expected a whole number from 0 to 255, found 300"
    );
    let e = lenient_err::<u8>(r#""1.5""#);
    assert_eq!(e.kind(), ErrorKind::Number);
    let e = lenient_err::<f32>(r#""1e39""#);
    assert_eq!(e.kind(), ErrorKind::Number);
    let e = lenient_err::<Number>(r#""1e999999""#);
    assert_eq!(e.kind(), ErrorKind::Limit);
    let e = lenient_err::<Number>("true");
    assert_eq!(e.to_string(), "expected number, found a bool");
    let e = lenient_err::<u8>("true");
    assert_eq!(e.to_string(), "expected number, found a bool");
}

#[test]
fn strings_from_numbers_and_bools() {
    // The number's text as written.
    assert_eq!(lenient::<String>("1.50"), "1.50");
    assert_eq!(lenient::<String>("-3"), "-3");
    assert_eq!(lenient::<String>("1e400"), "1e400");
    assert_eq!(
        lenient::<String>("123456789012345678901234567890"),
        "123456789012345678901234567890"
    );
    assert_eq!(lenient::<String>("true"), "true");
    assert_eq!(lenient::<String>(" false "), "false");
    assert_eq!(lenient::<String>(r#""x\ny""#), "x\ny");
    assert_eq!(lenient::<Option<String>>("5"), Some("5".to_owned()));
    assert_eq!(lenient::<Option<String>>("null"), None);
    assert_eq!(
        lenient::<Nullable<String>>("0.5"),
        Nullable::Value("0.5".into())
    );
    assert_eq!(
        lenient::<Vec<String>>(r#"["a", 1, true]"#),
        vec!["a", "1", "true"]
    );
    // Borrowed where the target allows.
    let s: &str = from_slice_lenient(b"42").unwrap();
    assert_eq!(s, "42");
    let s: &str = from_slice_lenient(br#""plain""#).unwrap();
    assert_eq!(s, "plain");
    let c: Cow<'_, str> = from_slice_lenient(br#"7"#).unwrap();
    assert_eq!(c, "7");
    assert_eq!(
        strict_err::<String>("1.50"),
        "expected string, found a number"
    );
    assert_eq!(
        strict_err::<String>("true"),
        "expected string, found a bool"
    );
    // Still no string from null, lists or objects.
    let e = lenient_err::<String>("null");
    assert_eq!(e.to_string(), "expected string, found null");
    assert_eq!(e.kind(), ErrorKind::Type);
    let e = lenient_err::<String>(r#"{"a": 1}"#);
    assert_eq!(e.to_string(), "expected string, found an object or map");
    let e = lenient_err::<String>("[1]");
    assert_eq!(e.to_string(), "expected string, found a list, set or tuple");
}

#[test]
fn bools_from_strings() {
    assert!(lenient::<bool>(r#""true""#));
    assert!(lenient::<bool>(r#""1""#));
    assert!(!lenient::<bool>(r#""false""#));
    assert!(!lenient::<bool>(r#""0""#));
    assert!(lenient::<bool>("true"));
    // The numbers 1 and 0, as terraform-plugin-go reads them.
    assert!(lenient::<bool>("1"));
    assert!(!lenient::<bool>("0"));
    assert_eq!(lenient::<Nullable<bool>>(r#""1""#), Nullable::Value(true));
    assert_eq!(
        lenient::<Vec<bool>>(r#"["0", true, "true"]"#),
        vec![false, true, true]
    );
    let e = lenient_err::<bool>(r#""yes""#);
    assert_eq!(e.to_string(), r#"expected bool, found the string "yes""#);
    assert_eq!(e.kind(), ErrorKind::Type);
    let e = lenient_err::<bool>(r#""True""#);
    assert_eq!(
        e.to_string(),
        r#"expected bool, found the string "True" (write it in lowercase)"#
    );
    for json in ["2", "1.0", "-1"] {
        let e = lenient_err::<bool>(json);
        assert_eq!(e.to_string(), "expected bool, found a number", "{json}");
    }
    for json in [r#""true""#, r#""1""#, "1"] {
        assert!(strict_err::<bool>(json).starts_with("expected bool, found a "));
    }
}

#[derive(Debug, Deserialize, PartialEq)]
struct Inner {
    x: String,
    y: Nullable<u32>,
}

#[derive(Debug, Deserialize, PartialEq)]
struct Model {
    a: String,
    inner: Nullable<Inner>,
    items: Vec<Inner>,
    maybe: Option<u8>,
    nullable: Nullable<String>,
    planned: Unknown<Nullable<Number>>,
    dynamic: Value,
}

#[test]
fn undeclared_attributes_are_ignored_missing_ones_null() {
    let m: Model = lenient(
        r#"{"old": {"deep": [1, {"x": null}]}, "a": 1,
                "inner": {"x": "i", "gone": true},
                "items": [{"x": 1, "z": []}, {"y": "4", "x": "b"}],
                "zzz": null}"#,
    );
    assert_eq!(m.a, "1");
    assert_eq!(
        m.inner,
        Nullable::Value(Inner {
            x: "i".into(),
            y: Nullable::Null
        })
    );
    assert_eq!(
        m.items,
        vec![
            Inner {
                x: "1".into(),
                y: Nullable::Null
            },
            Inner {
                x: "b".into(),
                y: Nullable::Value(4)
            }
        ]
    );
    assert_eq!(m.maybe, None);
    assert!(m.nullable.is_null());
    assert!(m.planned.is_known() && m.planned.is_null());
    assert!(m.dynamic.is_null());
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Denying {
    a: String,
    b: Unknown<Nullable<String>>,
}

#[test]
fn strict_mode_keeps_rejecting_extra_and_missing_attributes() {
    assert_eq!(
        strict_err::<Denying>(r#"{"a": "x", "b": null, "old": 1}"#),
        r#"unsupported attribute "old""#
    );
    assert_eq!(
        strict_err::<Denying>(r#"{"a": "x"}"#),
        r#"missing attribute "b""#
    );
    // Leniently, both are fine, even with deny_unknown_fields.
    let d: Denying = lenient(r#"{"old": 1, "a": "x"}"#);
    assert!(d.b.is_null());
}

#[test]
fn missing_attributes_that_cannot_be_null() {
    let e = lenient_err::<Inner>(r#"{"y": 1}"#);
    assert_eq!(e.to_string(), r#"missing attribute "x""#);
    assert_eq!(e.kind(), ErrorKind::Attribute);
    let e = lenient_err::<Model>(
        r#"{"a": "", "inner": {"y": 2}, "items": [], "planned": 1, "dynamic": null}"#,
    );
    assert_eq!(e.to_string(), r#".inner: missing attribute "x""#);
    let e = lenient_err::<Model>(r#"{"a": "", "items": [{"x": "a"}, {"y": 1}]}"#);
    assert_eq!(e.to_string(), r#".items[1]: missing attribute "x""#);
    assert_eq!(e.kind(), ErrorKind::Attribute);
    let e = lenient_err::<Model>("{}");
    assert_eq!(e.to_string(), r#"missing attribute "a""#);
    // A list, a number: cannot be null either.
    let e = lenient_err::<Model>(r#"{"a": ""}"#);
    assert_eq!(e.to_string(), r#"missing attribute "items""#);
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct N {
        n: Number,
    }
    assert_eq!(
        lenient_err::<N>("{}").to_string(),
        r#"missing attribute "n""#
    );
}

#[test]
fn lenient_error_paths_and_kinds() {
    let e = lenient_err::<Model>(r#"{"a": "", "items": [{"x": "a", "y": "many"}]}"#);
    assert_eq!(
        e.to_string(),
        r#".items[0].y: expected number, found the string "many""#
    );
    assert_eq!(e.kind(), ErrorKind::Type);
    let e = lenient_err::<Model>(r#"{"a": [], "items": []}"#);
    assert_eq!(
        e.to_string(),
        ".a: expected string, found a list, set or tuple"
    );
    let e = lenient_err::<Model>(r#"{"a": "", "items": {}}"#);
    assert_eq!(
        e.to_string(),
        ".items: expected a list or set, found an object or map"
    );
    let e = lenient_err::<Inner>("[1]");
    assert_eq!(
        e.to_string(),
        "expected an object, found a list, set or tuple"
    );
    // An undeclared attribute is skipped, but it must still be JSON.
    let e = lenient_err::<Inner>(r#"{"x": "a", "old": [1,]}"#);
    assert_eq!(e.kind(), ErrorKind::Syntax);
    assert_eq!(e.path().to_string(), ".old");
    // Duplicates are still reported, and keys with escapes still match.
    let e = lenient_err::<Inner>(r#"{"x": "a", "x": "b"}"#);
    assert_eq!(e.to_string(), r#"duplicate attribute "x""#);
    let i: Inner = lenient(r#"{"\u0078": "a"}"#);
    assert_eq!(i.x, "a");
    let e = lenient_err::<Inner>(r#"{"\u0079": true, "x": ""}"#);
    assert_eq!(e.to_string(), ".y: expected number, found a bool");
    // Trailing input is still an error.
    let e = lenient_err::<Inner>(r#"{"x": "a"} x"#);
    assert_eq!(e.kind(), ErrorKind::Syntax);
}

#[test]
fn maps_are_not_filtered() {
    let m: BTreeMap<String, String> = lenient(r#"{"a": 1, "b": true}"#);
    assert_eq!(m["a"], "1");
    assert_eq!(m["b"], "true");
    let e = lenient_err::<BTreeMap<String, u8>>(r#"{"k": "x"}"#);
    assert_eq!(
        e.to_string(),
        r#"["k"]: expected number, found the string "x""#
    );
}

#[test]
fn dynamic_values_inside_are_lenient_too() {
    #[derive(Debug, Deserialize)]
    struct D {
        d: Value,
    }
    let d: D = lenient(r#"{"d": {"value": "12", "type": "number"}, "gone": 1}"#);
    assert_eq!(d.d.as_number(), Some(&Number::from(12)));
    let d: D = lenient(r#"{"d": {"value": {"a": 1}, "type": ["object", {"a": "string"}]}}"#);
    assert_eq!(d.d.attr("a").and_then(Value::as_str), Some("1"));
}

#[test]
fn seed_api_is_lenient() {
    let v = from_slice_seed_lenient(br#"["1", 2]"#, PhantomData::<Vec<u32>>).unwrap();
    assert_eq!(v, vec![1, 2]);
    assert!(from_slice_seed(br#"["1", 2]"#, PhantomData::<Vec<u32>>).is_err());
}
