//! A [`Value`] as a serde `Deserializer`: decode a value into any typed Rust model.
//!
//! Speaks the same reserved-name protocol as the wire deserializers, so `Unknown<T>`,
//! `Nullable<T>`, `Number` and nested `Value`s come out exactly as from MessagePack.

use serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};

use super::{describe_value, Value};
use crate::error::{Error, ErrorKind, Result};
use crate::msgpack::UNKNOWN_HINT;
use crate::number::Number;
use crate::tokens::{DYNAMIC_TOKEN, NUMBER_TOKEN, UNKNOWN_TOKEN};
use crate::types::Type;

/// Deserializes from a borrowed [`Value`].
pub(crate) struct ValueDeserializer<'a> {
    value: &'a Value,
}

impl<'a> ValueDeserializer<'a> {
    pub(crate) fn new(value: &'a Value) -> Self {
        ValueDeserializer { value }
    }

    #[cold]
    fn unexpected(&self, expected: &str) -> Error {
        match self.value {
            Value::Unknown(..) => Error::new(
                ErrorKind::Unknown,
                format!("expected {expected}, found an unknown value: {UNKNOWN_HINT}"),
            ),
            v => Error::expected(ErrorKind::Type, expected, describe_value(v)),
        }
    }

    fn number(&self) -> Result<&'a Number> {
        match self.value {
            Value::Number(n) => Ok(n),
            _ => Err(self.unexpected("number")),
        }
    }
}

fn refinement_payload(r: &crate::refinements::Refinements) -> Vec<u8> {
    let mut payload = Vec::new();
    if !r.is_empty() {
        r.encode_payload(&mut payload);
    }
    payload
}

macro_rules! int {
    ($method:ident, $visit:ident, $conv:ident) => {
        fn $method<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value> {
            visitor.$visit(self.number()?.$conv()?)
        }
    };
}

impl<'a> de::Deserializer<'a> for ValueDeserializer<'a> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value> {
        match self.value {
            Value::Null(_) => visitor.visit_unit(),
            Value::Unknown(..) => Err(self.unexpected("a value")),
            Value::Bool(b) => visitor.visit_bool(*b),
            Value::Number(n) => visit_number(n, visitor),
            Value::String(s) => visitor.visit_borrowed_str(s),
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => visitor
                .visit_seq(Seq {
                    items: items.iter(),
                    index: 0,
                }),
            Value::Map(_, items) => visitor.visit_map(Map {
                entries: Box::new(items.iter().map(|(k, v)| (k.as_str(), v))),
                current: None,
                attrs: false,
            }),
            Value::Object(t, values) => visitor.visit_map(Map {
                entries: Box::new(t.names().iter().map(String::as_str).zip(values.iter())),
                current: None,
                attrs: true,
            }),
        }
    }

    fn deserialize_bool<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value> {
        match self.value {
            Value::Bool(b) => visitor.visit_bool(*b),
            _ => Err(self.unexpected("bool")),
        }
    }

    int!(deserialize_i8, visit_i8, to_i8);
    int!(deserialize_i16, visit_i16, to_i16);
    int!(deserialize_i32, visit_i32, to_i32);
    int!(deserialize_i64, visit_i64, to_i64);
    int!(deserialize_i128, visit_i128, to_i128);
    int!(deserialize_u8, visit_u8, to_u8);
    int!(deserialize_u16, visit_u16, to_u16);
    int!(deserialize_u32, visit_u32, to_u32);
    int!(deserialize_u64, visit_u64, to_u64);
    int!(deserialize_u128, visit_u128, to_u128);
    int!(deserialize_f32, visit_f32, to_f32);
    int!(deserialize_f64, visit_f64, to_f64);

    fn deserialize_char<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    fn deserialize_str<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value> {
        match self.value {
            Value::String(s) => visitor.visit_borrowed_str(s),
            _ => Err(self.unexpected("string")),
        }
    }

    fn deserialize_string<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    fn deserialize_bytes<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value> {
        match self.value {
            Value::String(s) => visitor.visit_borrowed_bytes(s.as_bytes()),
            _ => Err(self.unexpected("string")),
        }
    }

    fn deserialize_byte_buf<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_bytes(visitor)
    }

    fn deserialize_option<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value> {
        match self.value {
            Value::Null(_) => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_unit<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value> {
        match self.value {
            Value::Null(_) => visitor.visit_unit(),
            _ => Err(self.unexpected("null")),
        }
    }

    fn deserialize_unit_struct<V: Visitor<'a>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'a>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        if name == UNKNOWN_TOKEN {
            if let Value::Unknown(_, r) = self.value {
                return visitor.visit_byte_buf(refinement_payload(r));
            }
            return visitor.visit_newtype_struct(self);
        }
        if name == NUMBER_TOKEN {
            return visit_number(self.number()?, visitor);
        }
        if name == DYNAMIC_TOKEN {
            return match self.value {
                Value::Null(Type::Dynamic) => visitor.visit_none(),
                Value::Unknown(Type::Dynamic, r) => visitor.visit_byte_buf(refinement_payload(r)),
                v => visitor.visit_seq(DynamicSeq {
                    value: v,
                    type_json: None,
                    state: 0,
                }),
            };
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value> {
        match self.value {
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => visitor
                .visit_seq(Seq {
                    items: items.iter(),
                    index: 0,
                }),
            _ => Err(self.unexpected("a list or set")),
        }
    }

    fn deserialize_tuple<V: Visitor<'a>>(self, len: usize, visitor: V) -> Result<V::Value> {
        match self.value {
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
                if items.len() != len {
                    return Err(Error::new(
                        ErrorKind::Type,
                        format!(
                            "expected a tuple of {len} elements, found {} elements",
                            items.len()
                        ),
                    ));
                }
                visitor.visit_seq(Seq {
                    items: items.iter(),
                    index: 0,
                })
            }
            _ => Err(self.unexpected("a tuple")),
        }
    }

    fn deserialize_tuple_struct<V: Visitor<'a>>(
        self,
        _name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_tuple(len, visitor)
    }

    fn deserialize_map<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value> {
        match self.value {
            Value::Map(..) | Value::Object(..) => self.deserialize_any(visitor),
            _ => Err(self.unexpected("a map")),
        }
    }

    fn deserialize_struct<V: Visitor<'a>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        match self.value {
            Value::Map(..) | Value::Object(..) => self.deserialize_any(visitor),
            _ => Err(self.unexpected("an object")),
        }
    }

    fn deserialize_enum<V: Visitor<'a>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        match self.value {
            Value::String(s) => visitor.visit_enum(s.as_str().into_deserializer()),
            _ => Err(self.unexpected("string")),
        }
    }

    fn deserialize_identifier<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_unit()
    }

    fn is_human_readable(&self) -> bool {
        true
    }
}

struct Seq<'a> {
    items: std::slice::Iter<'a, Value>,
    index: usize,
}

impl<'a> de::SeqAccess<'a> for Seq<'a> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'a>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        let Some(item) = self.items.next() else {
            return Ok(None);
        };
        let index = self.index;
        self.index += 1;
        seed.deserialize(ValueDeserializer::new(item))
            .map(Some)
            .map_err(|e| e.in_index(index))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

struct Map<'a> {
    entries: Box<dyn Iterator<Item = (&'a str, &'a Value)> + 'a>,
    current: Option<(&'a str, &'a Value)>,
    attrs: bool,
}

impl<'a> de::MapAccess<'a> for Map<'a> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'a>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        self.current = self.entries.next();
        match self.current {
            Some((k, _)) => seed
                .deserialize(de::value::BorrowedStrDeserializer::<Error>::new(k))
                .map(Some),
            None => Ok(None),
        }
    }

    fn next_value_seed<V: DeserializeSeed<'a>>(&mut self, seed: V) -> Result<V::Value> {
        let Some((k, v)) = self.current else {
            return Err(Error::new(
                ErrorKind::Custom,
                "a map value was read before its key",
            ));
        };
        seed.deserialize(ValueDeserializer::new(v)).map_err(|e| {
            if self.attrs {
                e.in_attr(k)
            } else {
                e.in_key(k)
            }
        })
    }
}

/// A known dynamic value presented as `[type JSON, value]`.
struct DynamicSeq<'a> {
    value: &'a Value,
    type_json: Option<Vec<u8>>,
    state: u8,
}

impl<'a> de::SeqAccess<'a> for DynamicSeq<'a> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'a>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        match self.state {
            0 => {
                self.state = 1;
                let json = self
                    .type_json
                    .insert(self.value.ty().to_json().into_bytes());
                seed.deserialize(de::value::BytesDeserializer::<Error>::new(json))
                    .map(Some)
            }
            1 => {
                self.state = 2;
                seed.deserialize(ValueDeserializer::new(self.value))
                    .map(Some)
            }
            _ => Ok(None),
        }
    }
}

/// Hands a number to a visitor in its exact form: an integer when it is one of 64 bits, a
/// float64 when that float64 is the same number written the same way (decimal text keeps
/// all its digits, a float64 its shortest), else its decimal text.
pub(crate) fn visit_number<'de, V: Visitor<'de>>(n: &Number, visitor: V) -> Result<V::Value> {
    if let Some(i) = n.as_i64() {
        return visitor.visit_i64(i);
    }
    if let Some(u) = n.as_u64() {
        return visitor.visit_u64(u);
    }
    if let Ok(f) = n.to_f64() {
        if matches!(Number::from_f64_exact(f), Ok(ref exact)
            if exact == n && exact.to_string() == n.to_string())
        {
            return visitor.visit_f64(f);
        }
    }
    visitor.visit_str(&n.to_string())
}
