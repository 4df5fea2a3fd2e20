//! The differences between a recorded answer and the answer of now, by path: a message's
//! fields by name (`answer.new_state`), a value inside a `DynamicValue` by attribute
//! path (`.disk[2].size_gb`).

use serde_json::Value;

/// One difference between the recorded answer and the one of now.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Difference {
    /// The protocol fields down to the difference, or down to the value it is in:
    /// `answer.new_state`, `answer.diagnostics[0].summary`.
    pub(crate) field: String,
    /// Inside a value, the attribute path: `.disk[2].size_gb`.
    pub(crate) attr: Option<String>,
    /// What was recorded (`None`: nothing was).
    pub(crate) recorded: Option<Value>,
    /// What is answered now (`None`: nothing is).
    pub(crate) now: Option<Value>,
    /// Said instead of the two values, when they do not tell the difference.
    pub(crate) note: Option<String>,
}

impl Difference {
    /// `answer.new_state .size: recorded 1, now 2`.
    pub(crate) fn line(&self) -> String {
        let place = match &self.attr {
            Some(attr) => format!("{} {attr}", self.field),
            None => self.field.clone(),
        };
        if let Some(note) = &self.note {
            return format!("{place}: {note}");
        }
        let show = |v: &Option<Value>| {
            v.as_ref()
                .map_or_else(|| "nothing".to_owned(), Value::to_string)
        };
        format!(
            "{place}: recorded {}, now {}",
            show(&self.recorded),
            show(&self.now)
        )
    }

    /// Whether `path` names this difference or a place that holds it: the field path
    /// (`answer.new_state`), the attribute path (`.id`), or both (`answer.new_state.id`),
    /// or any prefix of one of them that ends at a `.` or `[`.
    pub(crate) fn is_under(&self, path: &str) -> bool {
        let under = |full: &str| {
            full.strip_prefix(path).is_some_and(|rest| {
                rest.is_empty() || rest.starts_with('.') || rest.starts_with('[')
            })
        };
        under(&self.field)
            || self
                .attr
                .as_deref()
                .is_some_and(|attr| under(attr) || under(&format!("{}{attr}", self.field)))
    }
}

/// Whether `value` is a cassette's `DynamicValue` (it has `msgpack` bytes).
fn is_dynamic_value(value: &Value) -> bool {
    value.get("msgpack").is_some_and(Value::is_string)
        || value.get("json").is_some_and(Value::is_string)
}

/// Every difference between `recorded` and `now` under the field path `field`; the
/// `redacted` lists written for readers are not compared.
pub(crate) fn differences(field: &str, recorded: &Value, now: &Value, out: &mut Vec<Difference>) {
    if recorded == now {
        return;
    }
    if is_dynamic_value(recorded) && is_dynamic_value(now) {
        return dynamic_value(field, recorded, now, out);
    }
    match (recorded, now) {
        (Value::Object(a), Value::Object(b)) => {
            let mut keys: Vec<&String> = a
                .keys()
                .chain(b.keys().filter(|k| !a.contains_key(*k)))
                .collect();
            keys.sort();
            for key in keys.into_iter().filter(|key| *key != "redacted") {
                let path = join(field, key);
                match (a.get(key), b.get(key)) {
                    (Some(x), Some(y)) => differences(&path, x, y, out),
                    (x, y) => out.push(plain(path, None, x.cloned(), y.cloned())),
                }
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            for i in 0..a.len().max(b.len()) {
                let path = format!("{field}[{i}]");
                match (a.get(i), b.get(i)) {
                    (Some(x), Some(y)) => differences(&path, x, y, out),
                    (x, y) => out.push(plain(path, None, x.cloned(), y.cloned())),
                }
            }
        }
        _ => out.push(plain(
            field.to_owned(),
            None,
            Some(recorded.clone()),
            Some(now.clone()),
        )),
    }
}

fn join(field: &str, key: &str) -> String {
    if field.is_empty() {
        key.to_owned()
    } else {
        format!("{field}.{key}")
    }
}

fn plain(
    field: String,
    attr: Option<String>,
    recorded: Option<Value>,
    now: Option<Value>,
) -> Difference {
    Difference {
        field,
        attr,
        recorded,
        now,
        note: None,
    }
}

/// Two `DynamicValue`s: the same bytes are the same value; otherwise the values read
/// from them, by attribute path, and the bytes themselves when those read the same.
fn dynamic_value(field: &str, recorded: &Value, now: &Value, out: &mut Vec<Difference>) {
    let before = out.len();
    if recorded.get("msgpack") != now.get("msgpack") {
        let null = Value::Null;
        let (a, b) = (
            recorded.get("value").unwrap_or(&null),
            now.get("value").unwrap_or(&null),
        );
        attributes(field, "", a, b, out);
        if out.len() == before {
            out.push(Difference {
                field: format!("{field}.msgpack"),
                attr: None,
                recorded: None,
                now: None,
                note: Some(format!(
                    "the MessagePack bytes differ though they read the same: recorded {}, now {}",
                    bytes_or_none(recorded),
                    bytes_or_none(now)
                )),
            });
        }
    }
    // A value in JSON rather than MessagePack: compared as the JSON it reads, by attribute
    // path. Which secrets were redacted is not compared: a secret the recorded request
    // carried is null in the replayed one, so the answer of now has it null, and both
    // read null at its path.
    match (recorded.get("json"), now.get("json")) {
        (Some(Value::String(a)), Some(Value::String(b))) => {
            match (
                serde_json::from_str::<Value>(a),
                serde_json::from_str::<Value>(b),
            ) {
                (Ok(a), Ok(b)) => attributes(field, "", &a, &b, out),
                _ if a != b => out.push(plain(
                    join(field, "json"),
                    None,
                    Some(a.as_str().into()),
                    Some(b.as_str().into()),
                )),
                _ => {}
            }
        }
        (a, b) if a != b => out.push(plain(join(field, "json"), None, a.cloned(), b.cloned())),
        _ => {}
    }
}

/// The differences inside a value, by attribute path (`.a[0].b`, `["key"]` for a map's).
fn attributes(field: &str, attr: &str, recorded: &Value, now: &Value, out: &mut Vec<Difference>) {
    if recorded == now {
        return;
    }
    let here = |out: &mut Vec<Difference>, a: Option<&Value>, b: Option<&Value>| {
        let attr = if attr.is_empty() {
            ".".to_owned()
        } else {
            attr.to_owned()
        };
        out.push(plain(field.to_owned(), Some(attr), a.cloned(), b.cloned()));
    };
    match (recorded, now) {
        (Value::Object(a), Value::Object(b)) => {
            let mut keys: Vec<&String> = a
                .keys()
                .chain(b.keys().filter(|k| !a.contains_key(*k)))
                .collect();
            keys.sort();
            for key in keys {
                let path = if is_name(key) {
                    format!("{attr}.{key}")
                } else {
                    format!("{attr}[{key:?}]")
                };
                match (a.get(key), b.get(key)) {
                    (Some(x), Some(y)) => attributes(field, &path, x, y, out),
                    (x, y) => out.push(plain(field.to_owned(), Some(path), x.cloned(), y.cloned())),
                }
            }
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => {
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                attributes(field, &format!("{attr}[{i}]"), x, y, out);
            }
        }
        _ => here(out, Some(recorded), Some(now)),
    }
}

/// Whether a key reads as an attribute name (`.name`) rather than a map key (`["k"]`).
fn is_name(key: &str) -> bool {
    let mut chars = key.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// A value's MessagePack bytes as the message shows them: their hex, or `no MessagePack`
/// when the value came otherwise (as JSON text).
fn bytes_or_none(value: &Value) -> String {
    match value.get("msgpack") {
        Some(bytes) => bytes.to_string(),
        None => "no MessagePack".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn lines(recorded: Value, now: Value) -> Vec<String> {
        let mut out = Vec::new();
        differences("answer", &recorded, &now, &mut out);
        out.iter().map(Difference::line).collect()
    }

    #[test]
    fn a_value_differs_by_attribute_path() {
        let recorded = json!({"new_state": {"msgpack": "01", "value": {"disk": [{"size_gb": "a"}, {"size_gb": 1}], "m": {"a b": 1}}}});
        let now = json!({"new_state": {"msgpack": "02", "value": {"disk": [{"size_gb": "b"}, {"size_gb": 1}], "m": {"a b": 2}}}});
        assert_eq!(
            lines(recorded, now),
            [
                r#"answer.new_state .disk[0].size_gb: recorded "a", now "b""#,
                r#"answer.new_state .m["a b"]: recorded 1, now 2"#,
            ]
        );
    }

    #[test]
    fn fields_lists_and_bytes_that_read_the_same() {
        let recorded = json!({"diagnostics": [{"summary": "x"}], "private": "00", "v": {"msgpack": "d400", "value": "(unknown)"}});
        let now = json!({"private": "01", "v": {"msgpack": "a9", "value": "(unknown)"}});
        assert_eq!(
            lines(recorded, now),
            [
                r#"answer.diagnostics: recorded [{"summary":"x"}], now nothing"#,
                r#"answer.private: recorded "00", now "01""#,
                r#"answer.v.msgpack: the MessagePack bytes differ though they read the same: recorded "d400", now "a9""#,
            ]
        );
        // A value recorded as JSON text against one in MessagePack now.
        let recorded = json!({"v": {"json": "null"}});
        let now = json!({"v": {"msgpack": "c0", "value": null}});
        assert_eq!(
            lines(recorded, now),
            [
                r#"answer.v.msgpack: the MessagePack bytes differ though they read the same: recorded no MessagePack, now "c0""#,
                r#"answer.v.json: recorded "null", now nothing"#,
            ]
        );
    }

    #[test]
    fn a_value_in_json_differs_by_attribute_path_and_redactions_are_not_compared() {
        let recorded =
            json!({"s": {"json": "{\"a\": {\"b\": 1}, \"k\": null}", "redacted": [".k"]}});
        let now = json!({"s": {"json": "{\"k\":null,\"a\":{\"b\":2}}"}});
        assert_eq!(lines(recorded, now), ["answer.s .a.b: recorded 1, now 2"]);
        let recorded = json!({"s": {"msgpack": "c0", "value": null, "redacted": ["."]}});
        let now = json!({"s": {"msgpack": "c0", "value": null}});
        assert_eq!(lines(recorded, now), Vec::<String>::new());
    }

    #[test]
    fn a_list_of_another_length_differs_whole() {
        let recorded = json!({"s": {"msgpack": "01", "value": {"l": [1]}}});
        let now = json!({"s": {"msgpack": "02", "value": {"l": [1, 2]}}});
        assert_eq!(
            lines(recorded, now),
            ["answer.s .l: recorded [1], now [1,2]"]
        );
    }

    #[test]
    fn a_path_covers_the_places_under_it() {
        let d = plain(
            "answer.new_state".into(),
            Some(".disk[0].size".into()),
            None,
            None,
        );
        for path in [
            "answer",
            "answer.new_state",
            ".disk",
            ".disk[0]",
            ".disk[0].size",
            "answer.new_state.disk[0]",
        ] {
            assert!(d.is_under(path), "{path}");
        }
        for path in ["answer.new", ".dis", ".size", "new_state"] {
            assert!(!d.is_under(path), "{path}");
        }
    }
}
