//! `Serialize` and `Deserialize` for [`Number`]: the newtype under the reserved number
//! token that the crate's own formats recognise, and plain numbers and strings elsewhere.

use super::{Number, Repr};
use crate::error::{Error, ErrorKind};
use std::fmt;

/// The inner value of the serialized newtype (see `crate::tokens`).
struct Inner<'a>(&'a Number);

impl serde::Serialize for Inner<'_> {
    #[inline]
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        match &self.0 .0 {
            Repr::Int(i) => s.serialize_i64(*i),
            Repr::UInt(u) => s.serialize_u64(*u),
            Repr::NegZero => s.serialize_f64(-0.0),
            Repr::Float(f) => s.serialize_f64(*f),
            // All the digits, which read back as the same form.
            Repr::FloatDigits(_) | Repr::Big(_) => s.serialize_str(&self.0.to_string()),
        }
    }
}

impl serde::Serialize for Number {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_newtype_struct(crate::tokens::NUMBER_TOKEN, &Inner(self))
    }
}

struct NumberVisitor;

fn de_error<E: serde::de::Error>(e: Error) -> E {
    e.into_de()
}

impl<'de> serde::de::Visitor<'de> for NumberVisitor {
    type Value = Number;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a number")
    }

    fn visit_i64<E: serde::de::Error>(self, v: i64) -> std::result::Result<Number, E> {
        Ok(Number::from(v))
    }

    fn visit_u64<E: serde::de::Error>(self, v: u64) -> std::result::Result<Number, E> {
        Ok(Number::from(v))
    }

    fn visit_i128<E: serde::de::Error>(self, v: i128) -> std::result::Result<Number, E> {
        Ok(Number::from(v))
    }

    fn visit_u128<E: serde::de::Error>(self, v: u128) -> std::result::Result<Number, E> {
        Ok(Number::from(v))
    }

    fn visit_f32<E: serde::de::Error>(self, v: f32) -> std::result::Result<Number, E> {
        Number::from_f64_exact(f64::from(v)).map_err(de_error)
    }

    fn visit_f64<E: serde::de::Error>(self, v: f64) -> std::result::Result<Number, E> {
        Number::from_f64_exact(v).map_err(de_error)
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> std::result::Result<Number, E> {
        Number::parse_string_value(v).map_err(de_error)
    }

    fn visit_bytes<E: serde::de::Error>(self, v: &[u8]) -> std::result::Result<Number, E> {
        match std::str::from_utf8(v) {
            Ok(s) => Number::parse_string_value(s).map_err(de_error),
            Err(_) => Err(Error::expected(ErrorKind::Type, "number", "binary data").into_de()),
        }
    }

    fn visit_newtype_struct<D: serde::Deserializer<'de>>(
        self,
        d: D,
    ) -> std::result::Result<Number, D::Error> {
        d.deserialize_any(NumberVisitor)
    }
}

impl<'de> serde::Deserialize<'de> for Number {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Number, D::Error> {
        d.deserialize_newtype_struct(crate::tokens::NUMBER_TOKEN, NumberVisitor)
    }
}
