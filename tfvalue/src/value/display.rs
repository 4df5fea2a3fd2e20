//! A readable notation for values that may contain unknowns, used by `Debug` and the CLI.
//!
//! Wholly known values read like their JSON form. An unknown reads `(known after apply)`,
//! followed by its refinements when it has any, e.g.
//! `{"id": (known after apply, not null, prefix "i-"), "tags": {"env": "prod"}}`.
//! A null reads `null`; dynamic values show only their content.

use std::fmt;

use super::Value;

/// Displays a [`Value`] in tfvalue's readable notation.
pub struct Readable<'a>(pub &'a Value);

fn string(f: &mut fmt::Formatter<'_>, s: &str) -> fmt::Result {
    crate::path::write_quoted(f, s)
}

impl fmt::Display for Readable<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Value::Null(_) => f.write_str("null"),
            Value::Unknown(_, r) => {
                if r.is_empty() {
                    f.write_str("(known after apply)")
                } else {
                    write!(f, "{r}")
                }
            }
            Value::Bool(b) => write!(f, "{b}"),
            Value::Number(n) => write!(f, "{n}"),
            Value::String(s) => string(f, s),
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
                f.write_str("[")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{}", Readable(item))?;
                }
                f.write_str("]")
            }
            Value::Map(_, items) => {
                f.write_str("{")?;
                for (i, (k, v)) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    string(f, k)?;
                    write!(f, ": {}", Readable(v))?;
                }
                f.write_str("}")
            }
            Value::Object(t, values) => {
                f.write_str("{")?;
                for (i, (k, v)) in t.names().iter().zip(values).enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    string(f, k)?;
                    write!(f, ": {}", Readable(v))?;
                }
                f.write_str("}")
            }
        }
    }
}
