//! [`NormalizedJson`]: a JSON document as text, valid when it is JSON and semantically equal
//! to another meaning the same value, as terraform-plugin-framework-jsontypes'
//! `Normalized` type.

use std::collections::BTreeMap;

use super::{custom_string, CustomType};
use crate::rules::Invalid;
use crate::value::Value;

/// A JSON document as text (RFC 7159).
///
/// Validation checks that the text is one JSON value (with serde_json), telling jsontypes'
/// diagnostic "Invalid JSON String Value". Two values are semantically equal when they hold
/// the same JSON value whatever their whitespace and the order of object members, as
/// jsontypes decides it: strings compared after their escapes are read (`"\u0041"` is
/// `"A"`), of two members with the same name the last one counts, and numbers are compared
/// as written (jsontypes decodes them with `UseNumber`, so `1`, `1.0` and `1e0` differ).
/// A text holding a lone UTF-16 surrogate escape (`"\ud800"`, valid JSON to Go and
/// serde_json alike) equals only itself: Rust strings cannot hold the character Go reads
/// it as.
///
/// ```
/// use tfvalue::custom_types::{CustomType, NormalizedJson};
/// use tfvalue::Value;
///
/// let a = Value::String(r#"{"b": [1, 2], "a": "x"}"#.into());
/// let b = Value::String(r#"{"a":"x","b":[1,2]}"#.into());
/// assert!(NormalizedJson::semantically_equal(&a, &b));
/// let c = Value::String(r#"{"a":"x","b":[1,2.0]}"#.into());
/// assert!(!NormalizedJson::semantically_equal(&a, &c));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NormalizedJson(String);

custom_string!(NormalizedJson);

impl NormalizedJson {
    /// The document read as `T` with serde_json.
    pub fn parse<T: serde::de::DeserializeOwned>(&self) -> Result<T, serde_json::Error> {
        serde_json::from_str(&self.0)
    }
}

impl CustomType for NormalizedJson {
    fn validate(value: &Value) -> Result<(), Invalid> {
        let Some(text) = value.as_str() else {
            return Ok(());
        };
        if is_json(text) {
            return Ok(());
        }
        Err(Invalid::diagnostic(
            "Invalid JSON String Value",
            format!(
                "A string value was provided that is not valid JSON string format (RFC 7159).\n\n\
                 Given Value: {text}\n"
            ),
        ))
    }

    fn semantically_equal(kept: &Value, new: &Value) -> bool {
        let (Some(a), Some(b)) = (kept.as_str(), new.as_str()) else {
            return false;
        };
        match (normalize(a), normalize(b)) {
            (Some(a), Some(b)) => a == b,
            _ => false,
        }
    }
}

fn is_json(text: &str) -> bool {
    serde_json::from_str::<serde::de::IgnoredAny>(text).is_ok()
}

/// A JSON value with numbers as written and objects keyed in byte order.
#[derive(Debug, PartialEq)]
enum Json<'a> {
    Null,
    Bool(bool),
    Number(&'a str),
    String(String),
    Array(Vec<Json<'a>>),
    Object(BTreeMap<String, Json<'a>>),
}

/// The normal form of a JSON text, `None` when it is not JSON. The text is first checked
/// by serde_json, which also bounds its depth, so the reader below meets valid JSON only.
fn normalize(text: &str) -> Option<Json<'_>> {
    if !is_json(text) {
        return None;
    }
    let mut reader = Reader { text, at: 0 };
    reader.value()
}

struct Reader<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Reader<'a> {
    fn skip_space(&mut self) {
        let b = self.text.as_bytes();
        while self.at < b.len() && matches!(b[self.at], b' ' | b'\t' | b'\n' | b'\r') {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.text.as_bytes().get(self.at).copied()
    }

    fn value(&mut self) -> Option<Json<'a>> {
        match self.peek()? {
            b'{' => {
                self.at += 1;
                let mut members = BTreeMap::new();
                if self.peek()? == b'}' {
                    self.at += 1;
                    return Some(Json::Object(members));
                }
                loop {
                    self.peek()?;
                    let key = self.string()?;
                    if self.peek()? != b':' {
                        return None;
                    }
                    self.at += 1;
                    let value = self.value()?;
                    // The last of two members with the same name counts, as when Go
                    // decodes into a map.
                    members.insert(key, value);
                    match self.peek()? {
                        b',' => self.at += 1,
                        b'}' => {
                            self.at += 1;
                            return Some(Json::Object(members));
                        }
                        _ => return None,
                    }
                }
            }
            b'[' => {
                self.at += 1;
                let mut elements = Vec::new();
                if self.peek()? == b']' {
                    self.at += 1;
                    return Some(Json::Array(elements));
                }
                loop {
                    elements.push(self.value()?);
                    match self.peek()? {
                        b',' => self.at += 1,
                        b']' => {
                            self.at += 1;
                            return Some(Json::Array(elements));
                        }
                        _ => return None,
                    }
                }
            }
            b'"' => self.string().map(Json::String),
            b't' => self.word("true", Json::Bool(true)),
            b'f' => self.word("false", Json::Bool(false)),
            b'n' => self.word("null", Json::Null),
            _ => {
                let start = self.at;
                let b = self.text.as_bytes();
                while self.at < b.len()
                    && matches!(b[self.at], b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E')
                {
                    self.at += 1;
                }
                (self.at > start).then(|| Json::Number(&self.text[start..self.at]))
            }
        }
    }

    fn word(&mut self, word: &str, value: Json<'a>) -> Option<Json<'a>> {
        if self.text[self.at..].starts_with(word) {
            self.at += word.len();
            Some(value)
        } else {
            None
        }
    }

    /// A string token, its escapes read by serde_json.
    fn string(&mut self) -> Option<String> {
        let b = self.text.as_bytes();
        if b.get(self.at) != Some(&b'"') {
            return None;
        }
        let start = self.at;
        let mut i = start + 1;
        while i < b.len() {
            match b[i] {
                b'\\' => i += 2,
                b'"' => break,
                _ => i += 1,
            }
        }
        let token = self.text.get(start..=i)?;
        self.at = i + 1;
        serde_json::from_str(token).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(text: &str) -> Value {
        Value::String(text.to_owned())
    }

    fn eq(a: &str, b: &str) -> bool {
        NormalizedJson::semantically_equal(&v(a), &v(b))
    }

    #[test]
    fn validation_tells_jsontypes_diagnostic() {
        assert!(NormalizedJson::validate(&v(r#" {"a": [1, true, null, "x"]} "#)).is_ok());
        assert!(NormalizedJson::validate(&v("12")).is_ok());
        for bad in ["", "{", r#"{"a":}"#, "[1,]", "{} {}", "'x'", "NaN", "01"] {
            let invalid = NormalizedJson::validate(&v(bad)).unwrap_err();
            assert_eq!(
                invalid.summary(),
                Some("Invalid JSON String Value"),
                "{bad}"
            );
            assert_eq!(
                invalid.detail(),
                format!(
                    "A string value was provided that is not valid JSON string format \
                     (RFC 7159).\n\nGiven Value: {bad}\n"
                )
            );
        }
    }

    #[test]
    fn equality_ignores_whitespace_and_member_order_not_number_text() {
        assert!(eq(
            r#"{"b":1,"a":{"d":[1,2],"c":null}}"#,
            "{ \"a\" : { \"c\" : null , \"d\" : [ 1 , 2 ] } ,\n\t\"b\" : 1 }"
        ));
        assert!(eq(r#""\u0041\n""#, r#""A\u000a""#));
        assert!(eq(r#"{"a":1,"a":2}"#, r#"{"a":2}"#));
        assert!(eq("[]", " [ ] "));
        // A lone surrogate is valid JSON; such a text equals only itself.
        assert!(NormalizedJson::validate(&v(r#""\ud800""#)).is_ok());
        assert!(!eq(r#""\ud800""#, r#" "\ud800""#));
        assert!(eq(r#"{"é":"<&>"}"#, r#"{"\u00e9":"\u003c\u0026\u003e"}"#));
        // Numbers as written.
        assert!(!eq("1", "1.0"));
        assert!(!eq("100", "1e2"));
        assert!(!eq("-0", "0"));
        assert!(eq(
            "12345678901234567890123456789",
            " 12345678901234567890123456789 "
        ));
        // Order of array elements counts.
        assert!(!eq("[1,2]", "[2,1]"));
        assert!(!eq(r#"{"a":1}"#, r#"{"a":1,"b":1}"#));
        assert!(!eq("true", "\"true\""));
        // Text that is not JSON equals nothing.
        assert!(!eq("{", "{"));
    }

    #[test]
    fn deep_documents_stay_within_serde_json_bounds() {
        let deep = "[".repeat(100_000);
        assert!(NormalizedJson::validate(&v(&deep)).is_err());
        assert!(!eq(&deep, &deep));
        let nested = format!("{}{}", "[".repeat(100), "]".repeat(100));
        assert!(eq(&nested, &nested.replace(']', " ]")));
    }
}
