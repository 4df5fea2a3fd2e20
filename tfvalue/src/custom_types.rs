//! Custom attribute types: a Rust type that is a Terraform type plus its own validation
//! and *semantic equality*, as terraform-plugin-framework's custom types are
//! (`timetypes.RFC3339`, `jsontypes.Normalized`).
//!
//! A custom type answers [`TfType::SEMANTICS`](crate::TfType::SEMANTICS) with
//! [`Semantics::of`] and implements [`CustomType`]. The framework then applies both
//! wherever a model holds the type, with no key on the field: decided by the type, so that
//! `Unknown<Nullable<Rfc3339>>`, a `Vec<Rfc3339>` or an alias of either behave the same.
//!
//! - Validation runs where the declared validators run (see [`crate::rules`]), on every
//!   known, non-null value, and tells the type's own diagnostic.
//! - Semantic equality keeps the text Terraform already has where the provider's value
//!   means the same: the configured text in a plan, the planned text after apply, the
//!   prior text after a read, the configured text after a data source's read. Terraform
//!   then sees no change and no inconsistent result.
//!
//! Two types ship here: [`Rfc3339`] (a timestamp; equal when the same instant) and
//! [`NormalizedJson`] (a JSON document; equal regardless of whitespace and key order).
//!
//! ```
//! use tfvalue::custom_types::{NormalizedJson, Rfc3339};
//! use tfvalue::{Nullable, TfSchema, TfType, Unknown, Value};
//!
//! /// An alias is judged as the type it names.
//! type Stamps = Unknown<Nullable<Vec<Rfc3339>>>;
//!
//! #[derive(TfSchema)]
//! struct Event {
//!     at: Rfc3339,
//!     body: Unknown<Nullable<NormalizedJson>>,
//!     seen: Stamps,
//!     note: Unknown<Nullable<String>>,
//! }
//!
//! // The wrappers forward the type's semantics.
//! let semantics = <Unknown<Nullable<Rfc3339>>>::SEMANTICS.unwrap();
//! let z = Value::String("2024-02-29T12:00:00Z".into());
//! let offset = Value::String("2024-02-29T13:30:00+01:30".into());
//! assert!(semantics.equal(&z, &offset));
//! let rules = Event::rules();
//! assert!(rules.find("body").is_some_and(|a| a.semantics().is_some()));
//! assert_eq!(rules.find("seen").and_then(|a| a.semantics()).map(|s| s.depth()), Some(1));
//! assert!(rules.find("note").is_none());
//! ```

mod json;
mod rfc3339;

use crate::rules::Rules;
use crate::semantics::{canonical_set, keep_equal, set_pairing};
use crate::value::Value;

pub use crate::semantics::{CustomType, Semantics};

pub use json::NormalizedJson;
pub use rfc3339::{parse_rfc3339, Rfc3339, Rfc3339Error, Timestamp};

/// Keeps, in `new` (an object of the model whose rules are `rules`), each custom value
/// that means the same as its counterpart in `kept` (an object of the same type), at any
/// depth: in nested objects, list and tuple elements by index, map elements by key, set
/// elements with the kept element they equal once kept. What the framework does after
/// apply (`kept`: the planned state) and after a read (`kept`: the prior state).
pub fn keep_semantically_equal(rules: &Rules, kept: &Value, new: &mut Value) {
    keep_object(rules, kept, new, None);
}

/// As [`keep_semantically_equal`] for a plan: `planned` keeps the configuration's text
/// where the configuration holds a value, and the prior state's where it is null (a
/// computed value the author planned in other words). Terraform requires a planned value
/// to equal a configured one, so the prior text never replaces a configured value.
pub fn keep_semantically_equal_in_plan(
    rules: &Rules,
    config: &Value,
    prior: &Value,
    planned: &mut Value,
) {
    keep_object(rules, config, planned, None);
    if !prior.is_null() {
        keep_object(rules, prior, planned, Some(config));
    }
}

/// `unless_configured`: leave alone what this value (the configuration, walked beside
/// `new`) holds non-null; unknown there leaves everything below alone too. `None`: keep
/// wherever the values mean the same.
fn keep_object(rules: &Rules, kept: &Value, new: &mut Value, unless_configured: Option<&Value>) {
    if !matches!((kept, &*new), (Value::Object(..), Value::Object(..))) {
        return;
    }
    for attribute in rules.attributes() {
        let name = attribute.name();
        let Some(k) = kept.attr(name) else {
            continue;
        };
        let Some(n) = new.attr_mut(name) else {
            continue;
        };
        let config = match unless_configured.map(|c| c.attr(name)) {
            None => None,
            Some(Some(c)) if c.is_null() => None,
            Some(Some(c)) if c.is_unknown() => continue,
            Some(Some(c)) => Some(c),
            Some(None) => continue,
        };
        if let Some(s) = attribute.semantics() {
            if config.is_none() {
                keep_equal(s, k, n);
            }
        }
        if let Some(nested) = attribute.nested() {
            keep_nested(nested, k, n, config);
        }
    }
}

fn keep_nested(rules: &Rules, kept: &Value, new: &mut Value, config: Option<&Value>) {
    match (kept, &mut *new) {
        (Value::Object(..), Value::Object(..)) => keep_object(rules, kept, new, config),
        (Value::List(_, a), Value::List(_, b)) | (Value::Tuple(a), Value::Tuple(b)) => {
            for (i, (x, y)) in a.iter().zip(b.iter_mut()).enumerate() {
                // The configuration's element beside it, when the walk is restricted.
                let c = match config {
                    None => None,
                    Some(Value::List(_, e) | Value::Tuple(e)) => match e.get(i) {
                        Some(c) => Some(c),
                        None => continue,
                    },
                    Some(_) => continue,
                };
                keep_nested(rules, x, y, c);
            }
        }
        (Value::Map(_, a), Value::Map(_, b)) => {
            for (key, y) in b.iter_mut() {
                let Some(x) = a.get(key) else {
                    continue;
                };
                let c = match config {
                    None => None,
                    Some(Value::Map(_, e)) => match e.get(key) {
                        Some(c) => Some(c),
                        None => continue,
                    },
                    Some(_) => continue,
                };
                keep_nested(rules, x, y, c);
            }
        }
        // A set element has no counterpart in the configuration to tell configured values
        // by, so a plan keeps none of the prior set's text.
        (Value::Set(_, a), Value::Set(_, b)) if config.is_none() => {
            let pairs = set_pairing(a, b, |x, y| {
                let mut trial = y.clone();
                keep_nested(rules, x, &mut trial, None);
                trial == *x
            });
            for (y, pair) in b.iter_mut().zip(pairs) {
                if let Some(j) = pair {
                    keep_nested(rules, &a[j], y, None);
                }
            }
            canonical_set(new);
        }
        _ => {}
    }
}

/// The serde, [`TfType`](crate::TfType) and known-value impls every custom string type here shares: a
/// transparent string with the type's semantics.
macro_rules! custom_string {
    ($ty:ident) => {
        impl $ty {
            /// The text, as configured or stored (not checked: validation tells an
            /// invalid text as a diagnostic where the configuration is validated).
            pub fn new(text: impl Into<String>) -> $ty {
                $ty(text.into())
            }

            /// The text.
            pub fn as_str(&self) -> &str {
                &self.0
            }

            /// The text, owned.
            pub fn into_string(self) -> String {
                self.0
            }
        }

        impl From<String> for $ty {
            fn from(text: String) -> $ty {
                $ty(text)
            }
        }

        impl From<&str> for $ty {
            fn from(text: &str) -> $ty {
                $ty(text.to_owned())
            }
        }

        impl From<$ty> for String {
            fn from(value: $ty) -> String {
                value.0
            }
        }

        impl AsRef<str> for $ty {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(&self.0)
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                String::deserialize(deserializer).map($ty)
            }
        }

        impl $crate::TfType for $ty {
            fn tf_type() -> $crate::Type {
                $crate::Type::String
            }
            const SEMANTICS: Option<$crate::custom_types::Semantics> =
                Some($crate::custom_types::Semantics::of::<$ty>());
        }

        impl $crate::known::UnknownPaths for $ty {
            #[inline]
            fn unknown_paths_into(
                &self,
                _at: $crate::known::Trail<'_>,
                _out: &mut Vec<$crate::AttributePath>,
            ) {
            }

            #[inline]
            fn is_wholly_known(&self) -> bool {
                true
            }
        }

        impl $crate::known::IntoKnown for $ty {
            type Known = Self;

            #[inline]
            fn into_known_at(
                self,
                _at: $crate::known::Trail<'_>,
                _unknowns: &mut Vec<$crate::AttributePath>,
            ) -> Option<Self> {
                Some(self)
            }
        }

        impl $crate::known::IntoPlanned for $ty {
            type Planned = Self;

            #[inline]
            fn into_planned_at(
                self,
                _at: $crate::known::Trail<'_>,
                _unknowns: &mut Vec<$crate::AttributePath>,
            ) -> Option<Self> {
                Some(self)
            }

            #[inline]
            fn from_planned(planned: Self) -> Self {
                planned
            }
        }
    };
}
use custom_string;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::semantics::validate_all;
    use crate::{Nullable, TfType, Type, Unknown};
    use std::collections::{BTreeMap, BTreeSet};

    type Stamp = Unknown<Nullable<Rfc3339>>;

    fn s(text: &str) -> Value {
        Value::String(text.to_owned())
    }

    #[test]
    fn semantics_follow_the_type_through_wrappers_and_collections() {
        assert!(String::SEMANTICS.is_none());
        assert!(<Vec<Unknown<String>>>::SEMANTICS.is_none());
        assert_eq!(Rfc3339::SEMANTICS.map(|s| s.depth()), Some(0));
        assert_eq!(Stamp::SEMANTICS.map(|s| s.depth()), Some(0));
        assert_eq!(<&Box<Stamp>>::SEMANTICS.map(|s| s.depth()), Some(0));
        assert_eq!(<Vec<Stamp>>::SEMANTICS.map(|s| s.depth()), Some(1));
        assert_eq!(
            <Unknown<BTreeMap<String, Vec<NormalizedJson>>>>::SEMANTICS.map(|s| s.depth()),
            Some(2)
        );
        assert_eq!(<crate::Set<Rfc3339>>::SEMANTICS.map(|s| s.depth()), Some(1));
        assert_eq!(
            <BTreeSet<NormalizedJson>>::SEMANTICS.map(|s| s.depth()),
            Some(1)
        );
    }

    #[test]
    fn collections_are_kept_element_by_element() {
        let list = |items: &[&str]| Value::List(Type::String, items.iter().map(|t| s(t)).collect());
        let set = |items: &[&str]| Value::Set(Type::String, items.iter().map(|t| s(t)).collect());
        let sem = <Vec<Rfc3339>>::SEMANTICS.unwrap();
        let kept = list(&["2024-01-01T00:00:00Z", "2024-01-02T00:00:00Z"]);
        let mut new = list(&["2024-01-01T01:00:00+01:00", "2024-01-03T00:00:00Z"]);
        assert!(!sem.equal(&kept, &new));
        keep_equal(&sem, &kept, &mut new);
        assert_eq!(new, list(&["2024-01-01T00:00:00Z", "2024-01-03T00:00:00Z"]));

        // A set: each new element takes a distinct kept element meaning the same.
        let sem = <crate::Set<Rfc3339>>::SEMANTICS.unwrap();
        let kept = set(&["2024-01-01T00:00:00Z", "2024-01-01T00:00:00+00:00"]);
        let mut new = set(&["2024-01-01T00:00:00-00:00", "2024-01-01T00:00:00Z"]);
        assert!(sem.equal(&kept, &new));
        keep_equal(&sem, &kept, &mut new);
        assert_eq!(
            new,
            set(&["2024-01-01T00:00:00+00:00", "2024-01-01T00:00:00Z"])
        );

        // Null and unknown are left alone.
        let mut unknown = Value::unknown(Type::String);
        keep_equal(
            &Rfc3339::SEMANTICS.unwrap(),
            &s("2024-01-01T00:00:00Z"),
            &mut unknown,
        );
        assert!(unknown.is_unknown());
    }

    #[test]
    fn validation_reports_each_invalid_element_with_its_path() {
        let sem = <BTreeMap<String, Rfc3339>>::SEMANTICS.unwrap();
        let value = Value::Map(
            Type::String,
            [
                ("a".to_owned(), s("2024-01-01T00:00:00Z")),
                ("b".to_owned(), s("soon")),
            ]
            .into(),
        );
        let mut found = Vec::new();
        validate_all(&sem, &value, &mut |at, invalid| {
            found.push((at, invalid.summary().map(str::to_owned)))
        });
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].0, vec![crate::path::PathStep::Key("b".to_owned())]);
        assert_eq!(found[0].1.as_deref(), Some("Invalid RFC3339 String Value"));
    }
}
