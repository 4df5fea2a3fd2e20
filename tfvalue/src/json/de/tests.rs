use super::*;
use crate::tokens::{DYNAMIC_TOKEN, NUMBER_TOKEN, UNKNOWN_TOKEN};
use serde_json::value::RawValue;
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;

use serde::Deserialize;

fn err<T: for<'de> Deserialize<'de> + fmt::Debug>(json: &str) -> Error {
    match from_slice::<T>(json.as_bytes()) {
        Ok(v) => panic!("expected an error for {json}, got {v:?}"),
        Err(e) => e,
    }
}

/// A number read through the NUMBER protocol: the exact text.
#[derive(Debug, PartialEq)]
struct NumText(String);

impl<'de> Deserialize<'de> for NumText {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = NumText;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("number")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> std::result::Result<NumText, E> {
                Number::parse(v).map_err(crate::error::Error::into_de)?;
                Ok(NumText(v.to_owned()))
            }
        }
        d.deserialize_newtype_struct(NUMBER_TOKEN, V)
    }
}

/// A dynamic value read through the DYNAMIC protocol: (type text, value as JSON).
#[derive(Debug, PartialEq)]
enum Dyn {
    Null,
    Typed(String, serde_json::Value),
}

impl<'de> Deserialize<'de> for Dyn {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Dyn;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("dynamic")
            }
            fn visit_none<E: de::Error>(self) -> std::result::Result<Dyn, E> {
                Ok(Dyn::Null)
            }
            fn visit_seq<A: de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> std::result::Result<Dyn, A::Error> {
                let ty: &'de str = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::custom("no type"))?;
                let value = seq
                    .next_element::<Inner>()?
                    .ok_or_else(|| de::Error::custom("no value"))?;
                Ok(Dyn::Typed(ty.to_owned(), value.0))
            }
        }
        d.deserialize_newtype_struct(DYNAMIC_TOKEN, V)
    }
}

/// A value inside a dynamic: a nested dynamic for objects with "value" (to test
/// nesting), a string for strings (to test type errors), anything else as JSON.
struct Inner(serde_json::Value);

impl<'de> Deserialize<'de> for Inner {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        serde_json::Value::deserialize(d).map(Inner)
    }
}

#[test]
fn std_types() {
    let m: BTreeMap<String, Vec<Option<i64>>> =
        from_slice(br#" {"a": [1, null, -3], "b": []} "#).unwrap();
    assert_eq!(m["a"], vec![Some(1), None, Some(-3)]);
    assert!(m["b"].is_empty());
    let t: (bool, String, f64) = from_slice(br#"[true, "x\n", 0.5]"#).unwrap();
    assert_eq!(t, (true, "x\n".to_owned(), 0.5));
    let u: () = from_slice(b"null").unwrap();
    assert_eq!(u, ());
    let v: serde_json::Value = from_slice(br#"{"k":[1,"a",null,true,{}]}"#).unwrap();
    assert_eq!(v, serde_json::json!({"k":[1,"a",null,true,{}]}));
}

#[derive(Debug, Deserialize)]
#[allow(dead_code)]
struct Outer {
    a: Vec<BTreeMap<String, String>>,
}

#[test]
fn nested_error_path() {
    let e = err::<Outer>(r#"{"a": [{}, {"k": 5}]}"#);
    assert_eq!(
        e.to_string(),
        r#".a[1]["k"]: expected string, found a number"#
    );
    assert_eq!(e.kind(), ErrorKind::Type);
    // An escaped key is copied for the path.
    let e = err::<Outer>(r#"{"a": [{"\u006b\"": 5}]}"#);
    assert_eq!(
        e.to_string(),
        r#".a[0]["k\""]: expected string, found a number"#
    );
    // Syntax errors get the path too, and serde_json's line and column.
    let e = err::<Outer>("{\"a\": [{\"k\": \"x\",}]}");
    assert_eq!(e.kind(), ErrorKind::Syntax);
    assert_eq!(
        e.to_string(),
        ".a[0]: invalid JSON: trailing comma at line 1 column 18"
    );
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Strict {
    a: String,
}

#[test]
fn unknown_attribute_and_missing_attribute() {
    let e = err::<Strict>(r#"{"a":"x","z":1}"#);
    assert_eq!(e.to_string(), "unsupported attribute \"z\"");
    assert_eq!(e.kind(), ErrorKind::Attribute);
    let e = err::<Strict>("{}");
    assert_eq!(e.to_string(), "missing attribute \"a\"");
    let e = err::<Strict>(r#"[1]"#);
    assert_eq!(
        e.to_string(),
        "expected an object, found a list, set or tuple"
    );
}

#[test]
fn trailing_garbage_rejected() {
    let e = err::<String>(r#""a" x"#);
    assert_eq!(e.kind(), ErrorKind::Syntax);
    assert_eq!(
        e.to_string(),
        "invalid JSON: trailing characters at line 1 column 5"
    );
    assert_eq!(from_slice::<String>(b"\"a\" \n\t ").unwrap(), "a");
    let e = err::<String>("");
    assert_eq!(e.kind(), ErrorKind::Syntax);
    assert!(e.to_string().contains("EOF"), "{e}");
}

#[test]
fn integer_ranges() {
    assert_eq!(from_slice::<u8>(b"255").unwrap(), 255);
    let e = err::<u8>("300");
    assert_eq!(
        e.to_string(),
        "expected a whole number from 0 to 255, found 300"
    );
    assert_eq!(e.kind(), ErrorKind::Number);
    let e = err::<u8>("1.5");
    assert_eq!(
        e.to_string(),
        "expected a whole number from 0 to 255, found 1.5"
    );
    let e = err::<i8>("-129");
    assert_eq!(
        e.to_string(),
        "expected a whole number from -128 to 127, found -129"
    );
    let e = err::<u32>("-1");
    assert_eq!(
        e.to_string(),
        "expected a whole number from 0 to 4294967295, found -1"
    );
    assert_eq!(
        from_slice::<u64>(b"18446744073709551615").unwrap(),
        u64::MAX
    );
    assert_eq!(
        from_slice::<i64>(b"-9223372036854775808").unwrap(),
        i64::MIN
    );
    let e = err::<u64>("18446744073709551616");
    assert_eq!(
        e.to_string(),
        "expected a whole number from 0 to 18446744073709551615, found 18446744073709551616"
    );
    // Whole numbers written with a fraction or an exponent.
    assert_eq!(from_slice::<u16>(b"1e3").unwrap(), 1000);
    assert_eq!(from_slice::<i32>(b"-5.0").unwrap(), -5);
    let e = err::<i32>("\"5\"");
    assert_eq!(e.to_string(), "expected number, found the string \"5\"");
    assert_eq!(e.kind(), ErrorKind::Type);
    let e = err::<i32>("null");
    assert_eq!(e.to_string(), "expected number, found null");
}

#[test]
fn wide_integers_are_exact() {
    assert_eq!(
        from_slice::<u128>(b"123456789012345678901234567890").unwrap(),
        123456789012345678901234567890
    );
    assert_eq!(
        from_slice::<i128>(b"-170141183460469231731687303715884105728").unwrap(),
        i128::MIN
    );
    assert_eq!(from_slice::<i128>(b"1e3").unwrap(), 1000);
    let e = err::<u128>("-1");
    assert_eq!(e.kind(), ErrorKind::Number);
    assert!(e.to_string().ends_with("found -1"), "{e}");
    let e = err::<i128>("0.5");
    assert!(e.to_string().ends_with("found 0.5"), "{e}");
    let e = err::<u128>("true");
    assert_eq!(e.to_string(), "expected number, found a bool");
}

#[test]
fn floats() {
    assert_eq!(from_slice::<f64>(b"0.1").unwrap(), 0.1);
    assert_eq!(from_slice::<f64>(b"3").unwrap(), 3.0);
    assert_eq!(from_slice::<f32>(b"0.1").unwrap(), 0.1_f32);
    let e = err::<f32>("1e39");
    assert_eq!(e.kind(), ErrorKind::Number);
    assert_eq!(
        e.to_string(),
        "the number 1000000000000000000000000000000000000000 is too large for a 32-bit float"
    );
    let e = err::<f64>("1e400");
    assert_eq!(e.kind(), ErrorKind::Number);
    assert!(
        e.to_string().ends_with("is too large for a 64-bit float"),
        "{e}"
    );
    let e = err::<f64>("\"1\"");
    assert_eq!(e.to_string(), "expected number, found the string \"1\"");
}

#[test]
fn exact_numbers() {
    for text in [
        "123456789012345678901234567890",
        "0.1",
        "-0.000001",
        "1e400",
        "0.1000000000000000055511151231257827021181583404541015625",
    ] {
        let n: NumText = from_slice(text.as_bytes()).unwrap();
        assert_eq!(n.0, text);
    }
    let n: Vec<NumText> = from_slice(b"[ 1 , 2.50 ]").unwrap();
    assert_eq!(n, vec![NumText("1".into()), NumText("2.50".into())]);
    let e = err::<NumText>("\"1\"");
    assert_eq!(e.to_string(), "expected number, found the string \"1\"");
    assert_eq!(e.kind(), ErrorKind::Type);
    let e = err::<NumText>("null");
    assert_eq!(e.to_string(), "expected number, found null");
    let e = err::<Vec<NumText>>("[1, {}]");
    assert_eq!(
        e.to_string(),
        "[1]: expected number, found an object or map"
    );
}

#[test]
fn dynamic_both_key_orders() {
    let want = Dyn::Typed("\"number\"".into(), serde_json::json!(1));
    assert_eq!(
        from_slice::<Dyn>(br#"{"value":1,"type":"number"}"#).unwrap(),
        want
    );
    assert_eq!(
        from_slice::<Dyn>(br#"{"type":"number","value":1}"#).unwrap(),
        want
    );
    assert_eq!(from_slice::<Dyn>(b" null ").unwrap(), Dyn::Null);
    // The type's raw text, as it stands in the input.
    let d: Dyn = from_slice(br#"{"value":["a",1],"type":["tuple", ["string","number"]]}"#).unwrap();
    assert_eq!(
        d,
        Dyn::Typed(
            r#"["tuple", ["string","number"]]"#.into(),
            serde_json::json!(["a", 1])
        )
    );
    // Escaped key names are recognised.
    let d: Dyn = from_slice(br#"{"\u0076alue":"x","type":"string"}"#).unwrap();
    assert_eq!(d, Dyn::Typed("\"string\"".into(), serde_json::json!("x")));
}

#[test]
fn dynamic_errors() {
    let e = err::<Dyn>(r#"{"value":1}"#);
    assert_eq!(
        e.to_string(),
        r#"expected a dynamic value {"value": ..., "type": ...}, found an object without "type""#
    );
    let e = err::<Dyn>(r#"{"type":"number"}"#);
    assert!(
        e.to_string()
            .ends_with(r#"found an object without "value""#),
        "{e}"
    );
    let e = err::<Dyn>(r#"{"type":"number","value":1,"x":2}"#);
    assert!(
        e.to_string()
            .ends_with(r#"found an object with the extra attribute "x""#),
        "{e}"
    );
    let e = err::<Dyn>(r#"{"type":"number","type":"string","value":1}"#);
    assert!(
        e.to_string()
            .ends_with(r#"found an object with "type" twice"#),
        "{e}"
    );
    let e = err::<Dyn>(r#""x""#);
    assert_eq!(
        e.to_string(),
        r#"expected a dynamic value {"value": ..., "type": ...}, found a string"#
    );
    assert_eq!(e.kind(), ErrorKind::Type);
    let e = err::<Dyn>("[1, 2]");
    assert!(e.to_string().ends_with("found a list, set or tuple"), "{e}");
    let e = err::<Dyn>(r#"{"value":[1,}, "type":"x"}"#);
    assert_eq!(e.kind(), ErrorKind::Syntax);
}

#[derive(Debug, Deserialize)]
#[allow(dead_code)]
struct WithDyn {
    d: DynStrings,
}

/// A dynamic whose value must be a list of strings: errors inside carry the path.
#[derive(Debug)]
#[allow(dead_code)]
struct DynStrings(Vec<String>);

impl<'de> Deserialize<'de> for DynStrings {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = DynStrings;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("dynamic")
            }
            fn visit_seq<A: de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> std::result::Result<DynStrings, A::Error> {
                let _ty: &str = seq.next_element()?.unwrap_or_default();
                let v: Vec<String> = seq.next_element()?.unwrap_or_default();
                Ok(DynStrings(v))
            }
        }
        d.deserialize_newtype_struct(DYNAMIC_TOKEN, V)
    }
}

#[test]
fn dynamic_paths_continue() {
    let e = err::<WithDyn>(r#"{"d": {"type": ["list","string"], "value": ["a", 2]}}"#);
    assert_eq!(e.to_string(), ".d[1]: expected string, found a number");
}

/// A dynamic nested in the value of a dynamic, to any depth.
#[derive(Debug)]
#[allow(dead_code)]
struct DeepDyn(Option<Box<DeepDyn>>);

impl<'de> Deserialize<'de> for DeepDyn {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = DeepDyn;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("dynamic")
            }
            fn visit_none<E: de::Error>(self) -> std::result::Result<DeepDyn, E> {
                Ok(DeepDyn(None))
            }
            fn visit_seq<A: de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> std::result::Result<DeepDyn, A::Error> {
                let _ty: &str = seq.next_element()?.unwrap_or_default();
                let inner: Option<Vec<DeepDyn>> = seq.next_element()?;
                Ok(DeepDyn(
                    inner.and_then(|v| v.into_iter().next()).map(Box::new),
                ))
            }
        }
        d.deserialize_newtype_struct(DYNAMIC_TOKEN, V)
    }
}

fn deep_dynamic(levels: usize) -> String {
    let mut s = String::new();
    for _ in 0..levels {
        s.push_str(r#"{"type":"dynamic","value":["#);
    }
    s.push_str("null");
    for _ in 0..levels {
        s.push_str("]}");
    }
    s
}

#[test]
fn deep_nesting_is_limited() {
    // One limit for the whole value, as in MessagePack: MAX_DEPTH containers.
    let deep = "[".repeat(300) + &"]".repeat(300);
    let e = err::<serde_json::Value>(&deep);
    assert_eq!(e.kind(), ErrorKind::Limit);
    assert_eq!(
        e.to_string(),
        format!(
            "{}: value nested more than 256 levels deep",
            "[0]".repeat(MAX_DEPTH)
        )
    );
    let ok = "[".repeat(MAX_DEPTH) + &"]".repeat(MAX_DEPTH);
    from_slice::<serde_json::Value>(ok.as_bytes()).unwrap();
    let e = err::<serde_json::Value>(&("[".repeat(MAX_DEPTH + 1) + &"]".repeat(MAX_DEPTH + 1)));
    assert_eq!(e.kind(), ErrorKind::Limit);
    // Nested dynamic values: limited to MAX_DYNAMIC_DEPTH wrappers.
    from_slice::<DeepDyn>(deep_dynamic(MAX_DYNAMIC_DEPTH).as_bytes()).unwrap();
    let e = err::<DeepDyn>(&deep_dynamic(MAX_DYNAMIC_DEPTH + 1));
    assert_eq!(e.kind(), ErrorKind::Limit);
    assert!(
        e.to_string()
            .ends_with("dynamic values nested more than 32 levels deep"),
        "{e}"
    );
    let e = err::<DeepDyn>(&deep_dynamic(5000));
    assert_eq!(e.kind(), ErrorKind::Limit);
}

#[derive(Debug, Deserialize)]
#[allow(dead_code)]
struct Borrowing<'a> {
    s: &'a str,
    #[serde(borrow)]
    c: Cow<'a, str>,
    #[serde(borrow)]
    m: BTreeMap<&'a str, &'a str>,
}

#[test]
fn strings_borrow() {
    let input = br#"{"s": "plain", "c": "esc\"aped", "m": {"k": "v"}}"#;
    let b: Borrowing<'_> = from_slice(input).unwrap();
    assert_eq!(b.s, "plain");
    assert_eq!(b.c, "esc\"aped");
    assert!(matches!(b.c, Cow::Owned(_)));
    assert_eq!(b.m["k"], "v");
    let input = br#"{"s": "x", "c": "plain", "m": {}}"#;
    let b: Borrowing<'_> = from_slice(input).unwrap();
    assert!(matches!(b.c, Cow::Borrowed(_)));
    // A string with escapes cannot be borrowed.
    let e = from_slice::<Borrowing<'_>>(br#"{"s": "a\nb", "c": "", "m": {}}"#).unwrap_err();
    assert_eq!(e.path().to_string(), ".s");
    assert_eq!(e.kind(), ErrorKind::Type);
}

#[derive(Debug, PartialEq, Deserialize)]
enum Mode {
    #[serde(rename = "on")]
    On,
    #[serde(rename = "off")]
    Off,
}

#[test]
fn enums_are_strings() {
    assert_eq!(from_slice::<Mode>(br#""on""#).unwrap(), Mode::On);
    assert_eq!(
        from_slice::<Vec<Mode>>(br#"["off", "o\u006e"]"#).unwrap(),
        vec![Mode::Off, Mode::On]
    );
    let e = err::<Mode>(r#"{"on": null}"#);
    assert_eq!(e.to_string(), "expected string, found an object or map");
    let e = err::<Mode>(r#""x""#);
    assert_eq!(e.kind(), ErrorKind::Custom);
}

#[test]
fn unknown_token_is_known() {
    struct Known(String);
    impl<'de> Deserialize<'de> for Known {
        fn deserialize<D: de::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
            struct V;
            impl<'de> Visitor<'de> for V {
                type Value = Known;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("maybe unknown")
                }
                fn visit_newtype_struct<D: de::Deserializer<'de>>(
                    self,
                    d: D,
                ) -> std::result::Result<Known, D::Error> {
                    String::deserialize(d).map(Known)
                }
            }
            d.deserialize_newtype_struct(UNKNOWN_TOKEN, V)
        }
    }
    assert_eq!(from_slice::<Known>(br#""x""#).unwrap().0, "x");
}

#[test]
fn tuples_and_lengths() {
    let e = err::<(u8, u8)>("[1, 2, 3]");
    assert_eq!(
        e.to_string(),
        "expected a tuple of 2 elements, found 3 elements"
    );
    let e = err::<(u8, u8)>("[1]");
    assert_eq!(e.kind(), ErrorKind::Type);
    let e = err::<Vec<u8>>(r#"{"a":1}"#);
    assert_eq!(
        e.to_string(),
        "expected a list or set, found an object or map"
    );
    let e = err::<BTreeMap<String, u8>>("[]");
    assert_eq!(e.to_string(), "expected a map, found a list, set or tuple");
    let e = err::<bool>("1");
    assert_eq!(e.to_string(), "expected bool, found a number");
    let e = err::<()>("false");
    assert_eq!(e.to_string(), "expected null, found a bool");
}

#[test]
fn raw_values_pass_through() {
    #[derive(Deserialize)]
    struct R<'a> {
        #[serde(borrow)]
        r: &'a RawValue,
    }
    let r: R<'_> = from_slice(br#"{"r": [1, {"a": 2}]}"#).unwrap();
    assert_eq!(r.r.get(), r#"[1, {"a": 2}]"#);
}

#[test]
fn seed_api() {
    let v = from_slice_seed(b"[1,2]", PhantomData::<Vec<u32>>).unwrap();
    assert_eq!(v, vec![1, 2]);
}
