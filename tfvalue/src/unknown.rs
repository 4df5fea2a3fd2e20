//! [`Unknown<T>`]: a value that may not be known until apply ("known after apply").

use std::fmt;
use std::marker::PhantomData;

use serde::de::{Deserialize, DeserializeSeed, Deserializer, IntoDeserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::nullable::Nullable;
use pinned::Pinned;

mod pinned;
use crate::refinements::Refinements;
use crate::tf_type::TfType;
use crate::types::Type;

/// A value that may be unknown during planning ("known after apply"), possibly with
/// [`Refinements`] saying what is known about it.
///
/// `Unknown<Nullable<T>>` is the full state of an attribute: known and set, known null, or
/// unknown. There is deliberately no `Default` for `Unknown<T>` in general (that would
/// silently invent a known value such as `""` or `0`); only `Unknown<Nullable<T>>` and
/// `Unknown<Option<T>>` default, to a known null.
///
/// # serde
///
/// A known value serializes and deserializes exactly as `T` (transparently). An unknown value
/// only exists in tfvalue's own formats: it goes through the reserved newtype name
/// `crate::tokens::UNKNOWN_TOKEN` with the refinement payload as bytes (see
/// `crate::tokens`). Other serde formats always give known values; serializing an unknown
/// with them writes the payload bytes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Unknown<T> {
    /// A known value.
    Known(T),
    /// An unknown value, with what is known about it (often nothing).
    Unknown(Refinements),
}

impl<T> Unknown<T> {
    /// A known value.
    pub fn known(value: T) -> Self {
        Unknown::Known(value)
    }

    /// An unknown value without refinements (wholly unknown).
    // `Unknown::unknown()` reads as intended next to `Unknown::known(v)`.
    #[allow(clippy::self_named_constructors)]
    pub fn unknown() -> Self {
        Unknown::Unknown(Refinements::new())
    }

    /// An unknown value with refinements.
    pub fn refined(refinements: Refinements) -> Self {
        Unknown::Unknown(refinements)
    }

    /// Whether the value is known.
    pub fn is_known(&self) -> bool {
        matches!(self, Unknown::Known(_))
    }

    /// Whether the value is unknown.
    pub fn is_unknown(&self) -> bool {
        matches!(self, Unknown::Unknown(_))
    }

    /// The value if known.
    pub fn as_known(&self) -> Option<&T> {
        match self {
            Unknown::Known(v) => Some(v),
            Unknown::Unknown(_) => None,
        }
    }

    /// The value, mutably, if known.
    pub fn as_known_mut(&mut self) -> Option<&mut T> {
        match self {
            Unknown::Known(v) => Some(v),
            Unknown::Unknown(_) => None,
        }
    }

    /// The value if known (`None` when unknown). [`IntoKnown::into_known`](crate::IntoKnown::into_known)
    /// is the checked conversion of a whole model, whose error names every unknown path.
    pub fn into_option(self) -> Option<T> {
        match self {
            Unknown::Known(v) => Some(v),
            Unknown::Unknown(_) => None,
        }
    }

    /// The refinements if unknown.
    pub fn refinements(&self) -> Option<&Refinements> {
        match self {
            Unknown::Known(_) => None,
            Unknown::Unknown(r) => Some(r),
        }
    }

    /// Applies `f` to a known value; an unknown stays unknown with the same refinements.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Unknown<U> {
        match self {
            Unknown::Known(v) => Unknown::Known(f(v)),
            Unknown::Unknown(r) => Unknown::Unknown(r),
        }
    }

    /// The known value, or `default` when unknown.
    pub fn unwrap_or(self, default: T) -> T {
        match self {
            Unknown::Known(v) => v,
            Unknown::Unknown(_) => default,
        }
    }

    /// The known value, or `f(refinements)` when unknown.
    pub fn unwrap_or_else(self, f: impl FnOnce(Refinements) -> T) -> T {
        match self {
            Unknown::Known(v) => v,
            Unknown::Unknown(r) => f(r),
        }
    }

    /// Borrows the known value: `&Unknown<T>` → `Unknown<&T>`. The refinements of an unknown
    /// are cloned (free without refinements, one allocation with).
    pub fn as_ref(&self) -> Unknown<&T> {
        match self {
            Unknown::Known(v) => Unknown::Known(v),
            Unknown::Unknown(r) => Unknown::Unknown(r.clone()),
        }
    }
}

impl<T> Unknown<Nullable<T>> {
    /// A known null: the value of an optional attribute the configuration leaves out.
    /// (`Unknown::default()` gives the same; this name says what it is.)
    pub const fn null() -> Self {
        Unknown::Known(Nullable::Null)
    }

    /// Whether the value is known to be null.
    pub fn is_null(&self) -> bool {
        matches!(self, Unknown::Known(Nullable::Null))
    }

    /// The value if it is known and not null.
    pub fn as_value(&self) -> Option<&T> {
        match self {
            Unknown::Known(Nullable::Value(v)) => Some(v),
            _ => None,
        }
    }
}

impl<T> Default for Unknown<Nullable<T>> {
    /// A known null, as [`Unknown::null`]: not an unknown value.
    fn default() -> Self {
        Unknown::Known(Nullable::Null)
    }
}

impl<T> Default for Unknown<Option<T>> {
    /// A known `None` (a known null), not an unknown value.
    fn default() -> Self {
        Unknown::Known(None)
    }
}

impl<T> From<T> for Unknown<T> {
    /// A known value.
    fn from(value: T) -> Self {
        Unknown::Known(value)
    }
}

impl<T> From<Option<T>> for Unknown<Nullable<T>> {
    /// A known value: `None` → known null.
    fn from(value: Option<T>) -> Self {
        Unknown::Known(Nullable::from(value))
    }
}

impl<T: Serialize> Serialize for Unknown<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Unknown::Known(v) => v.serialize(serializer),
            Unknown::Unknown(r) => serializer.serialize_newtype_struct(
                crate::tokens::UNKNOWN_TOKEN,
                &crate::refinements::Payload(r),
            ),
        }
    }
}

/// An unknown value has the type of its known value. (Here rather than beside the other
/// impls so that `tf_type` does not depend on this module, which depends on it.)
impl<T: TfType> TfType for Unknown<T> {
    fn tf_type() -> Type {
        T::tf_type()
    }
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
    const CAN_BE_NULL: bool = T::CAN_BE_NULL;
    const CAN_BE_UNKNOWN: bool = true;
    const DECLARES_NULL: bool = T::DECLARES_NULL;
    const SEMANTICS: Option<crate::semantics::Semantics> = T::SEMANTICS;
    const DECIMAL: bool = T::DECIMAL;
}

impl<'de, T: Deserialize<'de> + TfType> Deserialize<'de> for Unknown<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_newtype_struct(
            crate::tokens::UNKNOWN_TOKEN,
            UnknownVisitor(PhantomData, T::tf_type),
        )
    }
}

/// Deserializes an `Unknown` whose known value `seed` reads (tfvalue's linear `BTreeMap`
/// decoding goes through here; `Unknown<T>`'s own impl passes `PhantomData<T>`).
/// `ty` gives the Terraform type of the value (only its kind matters: which refinements
/// fit it); it is called only for an unknown with refinements.
pub(crate) fn deserialize_seed<'de, S, D>(
    seed: S,
    ty: fn() -> Type,
    deserializer: D,
) -> Result<Unknown<S::Value>, D::Error>
where
    S: DeserializeSeed<'de>,
    D: Deserializer<'de>,
{
    deserializer.deserialize_newtype_struct(crate::tokens::UNKNOWN_TOKEN, UnknownVisitor(seed, ty))
}

/// Answers tfvalue's deserializers (`visit_newtype_struct` for a known value, `visit_bytes`
/// for an unknown one) and, for other deserializers that hand over the content directly,
/// deserializes `T` from it. The second field gives the value's Terraform type, against
/// which refinements are checked.
struct UnknownVisitor<S>(S, fn() -> Type);

/// Forwards a primitive `visit_*` to `T`, as a known value.
macro_rules! forward_primitive {
    ($($method:ident($ty:ty),)*) => {
        $(
            fn $method<E: serde::de::Error>(self, v: $ty) -> Result<Self::Value, E> {
                self.0.deserialize(v.into_deserializer()).map(Unknown::Known)
            }
        )*
    };
}

impl<'de, S: DeserializeSeed<'de>> Visitor<'de> for UnknownVisitor<S> {
    type Value = Unknown<S::Value>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a value or an unknown value")
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        self.0.deserialize(d).map(Unknown::Known)
    }

    // `visit_borrowed_bytes` and `visit_byte_buf` forward here by default.
    fn visit_bytes<E: serde::de::Error>(self, payload: &[u8]) -> Result<Self::Value, E> {
        let r = Refinements::decode_payload(payload).map_err(crate::error::Error::into_de)?;
        if !r.has_payload() {
            return Ok(Unknown::Unknown(r));
        }
        let r = r
            .into_for_type(&(self.1)())
            .map_err(crate::error::Error::into_de)?;
        if r.nullness() == Some(true) {
            // "Definitely null" is a known null, as go-cty decodes it.
            return self
                .0
                .deserialize(serde::de::value::UnitDeserializer::new())
                .map(Unknown::Known);
        }
        // Refinements that leave one value are that value, as go-cty decodes them (and as
        // a `Value` reads them).
        let ty = (self.1)();
        if let Some(pinned) = Pinned::of(&ty, &r).map_err(crate::error::Error::into_de)? {
            return self
                .0
                .deserialize(pinned)
                .map(Unknown::Known)
                .map_err(crate::error::Error::into_de);
        }
        Ok(Unknown::Unknown(r))
    }

    forward_primitive! {
        visit_bool(bool),
        visit_i8(i8),
        visit_i16(i16),
        visit_i32(i32),
        visit_i64(i64),
        visit_i128(i128),
        visit_u8(u8),
        visit_u16(u16),
        visit_u32(u32),
        visit_u64(u64),
        visit_u128(u128),
        visit_f32(f32),
        visit_f64(f64),
        visit_char(char),
        visit_string(String),
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Self::Value, E> {
        self.0
            .deserialize(serde::de::value::StrDeserializer::new(v))
            .map(Unknown::Known)
    }

    fn visit_borrowed_str<E: serde::de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
        self.0
            .deserialize(serde::de::value::BorrowedStrDeserializer::new(v))
            .map(Unknown::Known)
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
        self.0
            .deserialize(serde::de::value::UnitDeserializer::new())
            .map(Unknown::Known)
    }

    fn visit_none<E: serde::de::Error>(self) -> Result<Self::Value, E> {
        // UnitDeserializer answers `deserialize_option` with `visit_none`.
        self.0
            .deserialize(serde::de::value::UnitDeserializer::new())
            .map(Unknown::Known)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        // The content itself: a `Nullable`/`Option` inside sees a non-null value there.
        self.0.deserialize(d).map(Unknown::Known)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        self.0
            .deserialize(serde::de::value::SeqAccessDeserializer::new(seq))
            .map(Unknown::Known)
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        self.0
            .deserialize(serde::de::value::MapAccessDeserializer::new(map))
            .map(Unknown::Known)
    }

    fn visit_enum<A: serde::de::EnumAccess<'de>>(self, data: A) -> Result<Self::Value, A::Error> {
        self.0
            .deserialize(serde::de::value::EnumAccessDeserializer::new(data))
            .map(Unknown::Known)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::Number;
    use serde::de::value::{BytesDeserializer, Error as ValueError};

    #[test]
    fn constructors_and_queries() {
        let k = Unknown::known(3);
        assert!(k.is_known() && !k.is_unknown());
        assert_eq!(k.as_known(), Some(&3));
        assert_eq!(k.refinements(), None);
        assert_eq!(k.clone().into_option(), Some(3));
        assert_eq!(k.as_ref(), Unknown::Known(&3));
        assert_eq!(k.clone().map(|x| x + 1), Unknown::Known(4));
        assert_eq!(k.clone().unwrap_or(0), 3);
        assert_eq!(Unknown::from(3), k);

        let mut m = Unknown::known(1);
        if let Some(x) = m.as_known_mut() {
            *x = 2;
        }
        assert_eq!(m, Unknown::Known(2));

        let u: Unknown<i32> = Unknown::unknown();
        assert!(u.is_unknown() && !u.is_known());
        assert_eq!(u.as_known(), None);
        assert_eq!(u.refinements(), Some(&Refinements::new()));
        assert_eq!(u.clone().map(|x| x + 1), Unknown::unknown());
        assert_eq!(u.clone().unwrap_or(9), 9);
        assert_eq!(u.clone().unwrap_or_else(|r| i32::from(r.is_empty())), 1);
        assert_eq!(u.into_option(), None);

        let r = Refinements::new().not_null();
        let u: Unknown<i32> = Unknown::refined(r.clone());
        assert_eq!(u.refinements(), Some(&r));
        assert_eq!(u.as_ref(), Unknown::Unknown(r.clone()));
        assert_eq!(u.map(|x| x.to_string()), Unknown::Unknown(r));
        assert_ne!(
            Unknown::<i32>::unknown(),
            Unknown::refined(Refinements::new().not_null())
        );
    }

    #[test]
    fn nullable_conveniences_and_defaults() {
        let d: Unknown<Nullable<String>> = Unknown::default();
        assert_eq!(d, Unknown::Known(Nullable::Null));
        assert!(d.is_null());
        assert_eq!(d.as_value(), None);

        let d: Unknown<Option<String>> = Unknown::default();
        assert_eq!(d, Unknown::Known(None));

        let v: Unknown<Nullable<&str>> = Unknown::from(Some("x"));
        assert_eq!(v.as_value(), Some(&"x"));
        assert!(!v.is_null());
        let n: Unknown<Nullable<&str>> = Unknown::from(None);
        assert!(n.is_null());
        let u: Unknown<Nullable<&str>> = Unknown::unknown();
        assert!(!u.is_null());
        assert_eq!(u.as_value(), None);
    }

    #[test]
    fn deserialize_known_through_serde_json() {
        // serde_json calls visit_newtype_struct: the value is known.
        let v: Unknown<u8> = serde_json::from_str("5").unwrap();
        assert_eq!(v, Unknown::Known(5));
        let v: Unknown<Nullable<u8>> = serde_json::from_str("null").unwrap();
        assert_eq!(v, Unknown::Known(Nullable::Null));
        let v: Unknown<Nullable<u8>> = serde_json::from_str("7").unwrap();
        assert_eq!(v, Unknown::Known(Nullable::Value(7)));
        let v: Unknown<Vec<String>> = serde_json::from_str(r#"["a"]"#).unwrap();
        assert_eq!(v, Unknown::Known(vec!["a".to_owned()]));
        assert!(serde_json::from_str::<Unknown<u8>>("\"x\"").is_err());
    }

    #[test]
    fn deserialize_unknown_from_bytes() {
        let v = Unknown::<u8>::deserialize(BytesDeserializer::<ValueError>::new(&[])).unwrap();
        assert_eq!(v, Unknown::unknown());

        let payload = [0x81, 0x01, 0xc2];
        let v = Unknown::<u8>::deserialize(BytesDeserializer::<ValueError>::new(&payload)).unwrap();
        assert_eq!(v, Unknown::refined(Refinements::new().not_null()));

        let bad = [0x81, 0x01, 0xa1, 0x61];
        let e = Unknown::<u8>::deserialize(BytesDeserializer::<ValueError>::new(&bad)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "malformed refinements of an unknown value: the nullness (key 1) must be a bool, \
             found a string"
        );
    }

    #[test]
    fn deserialize_forwards_direct_content() {
        use serde::de::value::{
            BoolDeserializer, SeqDeserializer, StrDeserializer, U64Deserializer, UnitDeserializer,
        };
        // These deserializers treat the newtype struct as its content.
        let v = Unknown::<u64>::deserialize(U64Deserializer::<ValueError>::new(4)).unwrap();
        assert_eq!(v, Unknown::Known(4));
        let v = Unknown::<bool>::deserialize(BoolDeserializer::<ValueError>::new(true)).unwrap();
        assert_eq!(v, Unknown::Known(true));
        let v = Unknown::<String>::deserialize(StrDeserializer::<ValueError>::new("s")).unwrap();
        assert_eq!(v, Unknown::Known("s".to_owned()));
        let v =
            Unknown::<Nullable<u8>>::deserialize(UnitDeserializer::<ValueError>::new()).unwrap();
        assert_eq!(v, Unknown::Known(Nullable::Null));
        let seq = SeqDeserializer::<_, ValueError>::new(vec![1u8, 2].into_iter());
        let v = Unknown::<Vec<u8>>::deserialize(seq).unwrap();
        assert_eq!(v, Unknown::Known(vec![1, 2]));
    }

    #[test]
    fn serialize_known_is_transparent() {
        assert_eq!(serde_json::to_string(&Unknown::known(5)).unwrap(), "5");
        let n: Unknown<Nullable<u8>> = Unknown::default();
        assert_eq!(serde_json::to_string(&n).unwrap(), "null");
    }

    #[test]
    fn serialize_unknown_uses_token_and_payload() {
        let u: Unknown<u8> = Unknown::unknown();
        assert_eq!(
            u.serialize(Capture).unwrap(),
            (crate::tokens::UNKNOWN_TOKEN.to_owned(), vec![])
        );
        let r = Refinements::new()
            .not_null()
            .with_number_lower_bound(Number::from(0_i64), true)
            .unwrap();
        let u: Unknown<u8> = Unknown::refined(r);
        assert_eq!(
            u.serialize(Capture).unwrap(),
            (
                crate::tokens::UNKNOWN_TOKEN.to_owned(),
                vec![0x82, 0x01, 0xc2, 0x03, 0x92, 0x00, 0xc3]
            )
        );
        // Other formats cannot write an unknown: an error, not the payload's bytes.
        let u: Unknown<u8> = Unknown::refined(Refinements::new().not_null());
        let e = serde_json::to_string(&u).unwrap_err();
        assert_eq!(e.to_string(), crate::tokens::FOREIGN_UNKNOWN);
    }

    /// A serializer that only accepts `newtype_struct(name, bytes)` and returns both.
    struct Capture;

    macro_rules! reject {
        ($($method:ident($($ty:ty),*),)*) => {
            $(
                fn $method(self, $(_: $ty),*) -> Result<Self::Ok, Self::Error> {
                    Err(serde::ser::Error::custom(stringify!($method)))
                }
            )*
        };
    }

    type Impossible = serde::ser::Impossible<(String, Vec<u8>), ValueError>;

    impl Serializer for Capture {
        type Ok = (String, Vec<u8>);
        type Error = ValueError;
        type SerializeSeq = Impossible;
        type SerializeTuple = Impossible;
        type SerializeTupleStruct = Impossible;
        type SerializeTupleVariant = Impossible;
        type SerializeMap = Impossible;
        type SerializeStruct = Impossible;
        type SerializeStructVariant = Impossible;

        reject! {
            serialize_bool(bool),
            serialize_i8(i8),
            serialize_i16(i16),
            serialize_i32(i32),
            serialize_i64(i64),
            serialize_u8(u8),
            serialize_u16(u16),
            serialize_u32(u32),
            serialize_u64(u64),
            serialize_f32(f32),
            serialize_f64(f64),
            serialize_char(char),
            serialize_str(&str),
            serialize_none(),
            serialize_unit(),
            serialize_unit_struct(&'static str),
            serialize_unit_variant(&'static str, u32, &'static str),
        }

        fn serialize_bytes(self, v: &[u8]) -> Result<Self::Ok, Self::Error> {
            Ok((String::new(), v.to_vec()))
        }

        fn serialize_some<T: ?Sized + Serialize>(self, _: &T) -> Result<Self::Ok, Self::Error> {
            Err(serde::ser::Error::custom("some"))
        }

        fn serialize_newtype_struct<T: ?Sized + Serialize>(
            self,
            name: &'static str,
            value: &T,
        ) -> Result<Self::Ok, Self::Error> {
            // As tfvalue's own serializers do: the payload is written only on their request.
            let (_, bytes) = crate::tokens::serialize_unknown_payload(value, Capture)?;
            Ok((name.to_owned(), bytes))
        }

        fn serialize_newtype_variant<T: ?Sized + Serialize>(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: &T,
        ) -> Result<Self::Ok, Self::Error> {
            Err(serde::ser::Error::custom("newtype variant"))
        }

        fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Self::Error> {
            Err(serde::ser::Error::custom("seq"))
        }

        fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Self::Error> {
            Err(serde::ser::Error::custom("tuple"))
        }

        fn serialize_tuple_struct(
            self,
            _: &'static str,
            _: usize,
        ) -> Result<Self::SerializeTupleStruct, Self::Error> {
            Err(serde::ser::Error::custom("tuple struct"))
        }

        fn serialize_tuple_variant(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: usize,
        ) -> Result<Self::SerializeTupleVariant, Self::Error> {
            Err(serde::ser::Error::custom("tuple variant"))
        }

        fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Self::Error> {
            Err(serde::ser::Error::custom("map"))
        }

        fn serialize_struct(
            self,
            _: &'static str,
            _: usize,
        ) -> Result<Self::SerializeStruct, Self::Error> {
            Err(serde::ser::Error::custom("struct"))
        }

        fn serialize_struct_variant(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: usize,
        ) -> Result<Self::SerializeStructVariant, Self::Error> {
            Err(serde::ser::Error::custom("struct variant"))
        }
    }
}
