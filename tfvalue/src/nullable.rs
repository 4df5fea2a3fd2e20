//! [`Nullable<T>`]: a Terraform value that may be null.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{Deserialize, DeserializeSeed, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

/// A Terraform value that may be null.
///
/// Every Terraform attribute can be null (unset in configuration, or deliberately `null`).
/// `Nullable<T>` says so in the type, like `Option<T>`, but with names that read as
/// Terraform: [`Nullable::Null`] and [`Nullable::Value`]. Its default is `Null`, whatever `T`
/// is. Combined with [`Unknown`](crate::unknown::Unknown), `Unknown<Nullable<T>>` is every
/// state an attribute can be in during planning.
///
/// With serde it behaves like `Option<T>`: `Null` serializes as none, `Value(v)` as some; it
/// deserializes from none or unit (`null`) and from some.
///
/// ```
/// # use tfvalue::Nullable;
/// let n: Nullable<u32> = serde_json::from_str("null").unwrap();
/// assert!(n.is_null());
/// let v: Nullable<u32> = serde_json::from_str("7").unwrap();
/// assert_eq!(v, Nullable::Value(7));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Nullable<T> {
    /// The null value.
    Null,
    /// A value that is not null.
    Value(T),
}

impl<T> Default for Nullable<T> {
    /// `Null`, even when `T` has no default.
    fn default() -> Self {
        Nullable::Null
    }
}

impl<T> Nullable<T> {
    /// Whether this is `Null`.
    pub fn is_null(&self) -> bool {
        matches!(self, Nullable::Null)
    }

    /// Whether this is a value (not null).
    pub fn is_value(&self) -> bool {
        matches!(self, Nullable::Value(_))
    }

    /// The value, or `None` when null.
    pub fn as_value(&self) -> Option<&T> {
        match self {
            Nullable::Value(v) => Some(v),
            Nullable::Null => None,
        }
    }

    /// The value, mutably, or `None` when null.
    pub fn as_value_mut(&mut self) -> Option<&mut T> {
        match self {
            Nullable::Value(v) => Some(v),
            Nullable::Null => None,
        }
    }

    /// Converts into an `Option`: `Null` → `None`.
    pub fn into_option(self) -> Option<T> {
        match self {
            Nullable::Value(v) => Some(v),
            Nullable::Null => None,
        }
    }

    /// Borrows the value: `&Nullable<T>` → `Nullable<&T>`.
    pub fn as_ref(&self) -> Nullable<&T> {
        match self {
            Nullable::Value(v) => Nullable::Value(v),
            Nullable::Null => Nullable::Null,
        }
    }

    /// Borrows the value mutably: `&mut Nullable<T>` → `Nullable<&mut T>`.
    pub fn as_mut(&mut self) -> Nullable<&mut T> {
        match self {
            Nullable::Value(v) => Nullable::Value(v),
            Nullable::Null => Nullable::Null,
        }
    }

    /// Applies `f` to the value; null stays null.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Nullable<U> {
        match self {
            Nullable::Value(v) => Nullable::Value(f(v)),
            Nullable::Null => Nullable::Null,
        }
    }

    /// The value, or `default` when null.
    pub fn unwrap_or(self, default: T) -> T {
        match self {
            Nullable::Value(v) => v,
            Nullable::Null => default,
        }
    }

    /// The value, or the result of `f` when null.
    pub fn unwrap_or_else(self, f: impl FnOnce() -> T) -> T {
        match self {
            Nullable::Value(v) => v,
            Nullable::Null => f(),
        }
    }

    /// The value, or `T::default()` when null.
    pub fn unwrap_or_default(self) -> T
    where
        T: Default,
    {
        match self {
            Nullable::Value(v) => v,
            Nullable::Null => T::default(),
        }
    }

    /// The value as `Ok`, or `Err(f())` when null (like `Option::ok_or_else`).
    pub fn value_or_else<E>(self, f: impl FnOnce() -> E) -> Result<T, E> {
        match self {
            Nullable::Value(v) => Ok(v),
            Nullable::Null => Err(f()),
        }
    }
}

impl<T> From<T> for Nullable<T> {
    /// `Value(v)`.
    fn from(v: T) -> Self {
        Nullable::Value(v)
    }
}

impl<T> From<Option<T>> for Nullable<T> {
    /// `None` → `Null`, `Some(v)` → `Value(v)`.
    fn from(v: Option<T>) -> Self {
        match v {
            Some(v) => Nullable::Value(v),
            None => Nullable::Null,
        }
    }
}

impl<T> From<Nullable<T>> for Option<T> {
    /// `Null` → `None`, `Value(v)` → `Some(v)`.
    fn from(v: Nullable<T>) -> Self {
        v.into_option()
    }
}

impl<T: Serialize> Serialize for Nullable<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Nullable::Null => serializer.serialize_none(),
            Nullable::Value(v) => serializer.serialize_some(v),
        }
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Nullable<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_option(NullableVisitor(PhantomData))
    }
}

/// Deserializes a `Nullable` whose value `seed` reads (tfvalue's linear `BTreeMap`
/// decoding goes through here; `Nullable<T>`'s own impl passes `PhantomData<T>`).
pub(crate) fn deserialize_seed<'de, S, D>(
    seed: S,
    deserializer: D,
) -> Result<Nullable<S::Value>, D::Error>
where
    S: DeserializeSeed<'de>,
    D: Deserializer<'de>,
{
    deserializer.deserialize_option(NullableVisitor(seed))
}

struct NullableVisitor<S>(S);

impl<'de, S: DeserializeSeed<'de>> Visitor<'de> for NullableVisitor<S> {
    type Value = Nullable<S::Value>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a value or null")
    }

    fn visit_none<E: serde::de::Error>(self) -> Result<Self::Value, E> {
        Ok(Nullable::Null)
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
        Ok(Nullable::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        self.0.deserialize(deserializer).map(Nullable::Value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A type without `Default`.
    #[derive(Debug, PartialEq, Clone)]
    struct NoDefault(u8);

    #[test]
    fn default_is_null_even_without_t_default() {
        let n: Nullable<NoDefault> = Nullable::default();
        assert!(n.is_null());
        assert!(!n.is_value());
    }

    #[test]
    fn api() {
        let mut v = Nullable::Value(3);
        assert!(v.is_value());
        assert_eq!(v.as_value(), Some(&3));
        if let Some(x) = v.as_value_mut() {
            *x = 4;
        }
        assert_eq!(v, Nullable::Value(4));
        if let Nullable::Value(x) = v.as_mut() {
            *x += 1;
        }
        assert_eq!(v.as_ref(), Nullable::Value(&5));
        assert_eq!(v.map(|x| x * 2), Nullable::Value(10));
        assert_eq!(v.into_option(), Some(5));
        assert_eq!(v.unwrap_or(0), 5);
        assert_eq!(v.value_or_else(|| "null"), Ok(5));

        let n: Nullable<i32> = Nullable::Null;
        assert_eq!(n.as_value(), None);
        assert_eq!(n.map(|x| x * 2), Nullable::Null);
        assert_eq!(n.unwrap_or(7), 7);
        assert_eq!(n.unwrap_or_else(|| 8), 8);
        assert_eq!(n.unwrap_or_default(), 0);
        assert_eq!(n.value_or_else(|| "null"), Err("null"));
        assert_eq!(n.into_option(), None);
    }

    #[test]
    fn conversions() {
        assert_eq!(Nullable::from(1), Nullable::Value(1));
        assert_eq!(Nullable::from(Some(1)), Nullable::Value(1));
        assert_eq!(Nullable::<i32>::from(None), Nullable::Null);
        assert_eq!(Option::from(Nullable::Value(1)), Some(1));
        assert_eq!(Option::<i32>::from(Nullable::Null), None);
    }

    #[test]
    fn ordering_puts_null_first() {
        assert!(Nullable::Null < Nullable::Value(i32::MIN));
        assert!(Nullable::Value(1) < Nullable::Value(2));
    }

    #[test]
    fn serde_json_round_trip() {
        let n: Nullable<String> = serde_json::from_str("null").unwrap();
        assert_eq!(n, Nullable::Null);
        assert_eq!(serde_json::to_string(&n).unwrap(), "null");

        let v: Nullable<String> = serde_json::from_str("\"x\"").unwrap();
        assert_eq!(v, Nullable::Value("x".to_owned()));
        assert_eq!(serde_json::to_string(&v).unwrap(), "\"x\"");

        let list: Vec<Nullable<u8>> = serde_json::from_str("[1,null,3]").unwrap();
        assert_eq!(
            list,
            [Nullable::Value(1), Nullable::Null, Nullable::Value(3)]
        );
        assert_eq!(serde_json::to_string(&list).unwrap(), "[1,null,3]");

        // A missing field with #[serde(default)] is Null.
        #[derive(serde::Deserialize, Debug)]
        struct S {
            #[serde(default)]
            a: Nullable<NoDefaultDe>,
        }
        #[derive(serde::Deserialize, Debug, PartialEq)]
        struct NoDefaultDe(u8);
        let s: S = serde_json::from_str("{}").unwrap();
        assert_eq!(s.a, Nullable::Null);

        let err = serde_json::from_str::<Nullable<u8>>("\"x\"").unwrap_err();
        assert!(err.to_string().contains("u8"), "{err}");
    }

    #[test]
    fn unit_deserializes_as_null() {
        use serde::de::value::{Error as ValueError, UnitDeserializer};
        let n = Nullable::<u8>::deserialize(UnitDeserializer::<ValueError>::new()).unwrap();
        assert_eq!(n, Nullable::Null);
        let n = NullableVisitor(PhantomData::<u8>)
            .visit_unit::<ValueError>()
            .unwrap();
        assert_eq!(n, Nullable::Null);
    }
}
