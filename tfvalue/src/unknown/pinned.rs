//! The known value that refinements leave a single choice for, handed to a typed model:
//! `Unknown<T>` gets `Known` for a refined unknown that go-cty reads as a known value (see
//! `Value`'s decoder, `value::pinned_value`), so that a typed model and a [`crate::Value`]
//! give the same answer.

use serde::de::{self, Deserializer, SeqAccess, Visitor};

use crate::error::{Error, ErrorKind, Result};
use crate::msgpack::UNKNOWN_HINT;
use crate::number::Number;
use crate::refinements::Refinements;
use crate::tokens::{DYNAMIC_TOKEN, UNKNOWN_TOKEN};
use crate::types::Type;
use crate::value::{pinned_value, visit_number, Value};

/// A known value of the few shapes refinements can pin: a number, or a collection of
/// wholly unknown elements (none, for the empty ones). Owns its data, so it deserializes
/// into a seed of any lifetime.
pub(super) enum Pinned {
    /// A number.
    Number(Number),
    /// A list or set of this many wholly unknown elements.
    Unknowns(usize),
    /// An empty map.
    EmptyMap,
}

impl Pinned {
    /// What an unknown of type `ty` with refinements `r` is known to be, if anything.
    pub(super) fn of(ty: &Type, r: &Refinements) -> Result<Option<Pinned>> {
        Ok(pinned_value(ty, r)?.map(|v| match v {
            Value::Number(n) => Pinned::Number(n),
            Value::List(_, es) | Value::Set(_, es) => Pinned::Unknowns(es.len()),
            _ => Pinned::EmptyMap,
        }))
    }
}

impl<'de> Deserializer<'de> for Pinned {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self {
            Pinned::Number(n) => visit_number(&n, visitor),
            Pinned::Unknowns(n) => visitor.visit_seq(Unknowns { left: n, index: 0 }),
            Pinned::EmptyMap => visitor.visit_map(de::value::MapDeserializer::new(
                std::iter::empty::<(String, String)>(),
            )),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        // A known value to `Unknown` and `Nullable`; numbers come as numbers whatever the
        // token.
        match self {
            Pinned::Number(n) => visit_number(&n, visitor),
            other => visitor.visit_newtype_struct(other),
        }
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        unit unit_struct seq tuple tuple_struct map struct enum identifier ignored_any
    }
}

/// The elements of a pinned list or set: each wholly unknown.
struct Unknowns {
    left: usize,
    index: usize,
}

impl<'de> SeqAccess<'de> for Unknowns {
    type Error = Error;

    fn next_element_seed<T: de::DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        let index = self.index;
        self.index += 1;
        seed.deserialize(UnknownElement)
            .map(Some)
            .map_err(|e| e.in_index(index))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

/// A wholly unknown element: an empty refinement payload to `Unknown` (and to a dynamic
/// value), an error to anything else.
struct UnknownElement;

impl<'de> Deserializer<'de> for UnknownElement {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        Err(Error::new(
            ErrorKind::Unknown,
            format!(
                "expected {}, found an unknown value: {UNKNOWN_HINT}",
                &visitor as &dyn de::Expected
            ),
        ))
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        if name == UNKNOWN_TOKEN || name == DYNAMIC_TOKEN {
            return visitor.visit_bytes(&[]);
        }
        self.deserialize_any(visitor)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct seq tuple tuple_struct map struct enum identifier ignored_any
    }
}

#[cfg(test)]
mod tests {
    use crate::msgpack::from_slice;
    use crate::{ErrorKind, Number, Unknown};

    #[test]
    fn typed_models_read_pinned_refinements_as_the_value() {
        // {1: false, 5: 2, 6: 2}: a list of exactly two elements, not null.
        let two = b"\xc7\x07\x0c\x83\x01\xc2\x05\x02\x06\x02";
        let v: Unknown<Vec<Unknown<String>>> = from_slice(two).unwrap();
        assert_eq!(
            v,
            Unknown::Known(vec![Unknown::unknown(), Unknown::unknown()])
        );
        // Known strings cannot hold them: the first element is named.
        let e = from_slice::<Unknown<Vec<String>>>(two).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Unknown);
        assert_eq!(e.path().to_string(), "[0]");
        // {1: false, 6: 0}: empty.
        let v: Unknown<Vec<String>> = from_slice(b"\xc7\x05\x0c\x82\x01\xc2\x06\x00").unwrap();
        assert_eq!(v, Unknown::Known(Vec::new()));
        // {1: false, 3: [0.5, true], 4: [0.5, true]}: the number 0.5, as a float or a
        // Number.
        let half = b"\xc7\x1b\x0c\x83\x01\xc2\x03\x92\xcb\x3f\xe0\0\0\0\0\0\0\xc3\x04\x92\xcb\x3f\xe0\0\0\0\0\0\0\xc3";
        assert_eq!(
            from_slice::<Unknown<f64>>(half).unwrap(),
            Unknown::Known(0.5)
        );
        assert_eq!(
            from_slice::<Unknown<Number>>(half).unwrap(),
            Unknown::Known(Number::parse("0.5").unwrap())
        );
        // Without "not null" nothing is pinned.
        let v: Unknown<Vec<String>> = from_slice(b"\xc7\x05\x0c\x82\x05\x02\x06\x02").unwrap();
        assert!(!v.is_known());
    }
}
