//! The accessors serde walks containers with: elements of an array (errors get the
//! element's index), entries of a map (errors get the key) with their key deserializer, and
//! a dynamic value's `[type, value]` pair.

use super::{describe, is_str_byte, visit_str_bytes, visit_variant, Deserializer};
use crate::error::{Error, ErrorKind, Result};
use rmp::Marker;
use serde::de::{self, DeserializeSeed, Visitor};

/// Elements of an array; errors get the element's index.
pub(super) struct SeqAccess<'a, 'de> {
    pub(super) de: &'a mut Deserializer<'de>,
    pub(super) remaining: usize,
    pub(super) index: usize,
}

impl<'de> de::SeqAccess<'de> for SeqAccess<'_, 'de> {
    type Error = Error;

    #[inline]
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        if self.remaining == 0 {
            return Ok(None);
        }
        self.remaining -= 1;
        let index = self.index;
        self.index += 1;
        match seed.deserialize(&mut *self.de) {
            Ok(v) => Ok(Some(v)),
            Err(e) => Err(e.in_index(index)),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.remaining)
    }
}

/// Entries of a map; errors in a value get the entry's key, as an attribute name for
/// objects (`.name`) or as an element key for maps (`["key"]`).
pub(super) struct MapAccess<'a, 'de> {
    pub(super) de: &'a mut Deserializer<'de>,
    pub(super) remaining: usize,
    /// Position of the current key in the input, for error paths.
    pub(super) key: Option<usize>,
    pub(super) attrs: bool,
}

impl MapAccess<'_, '_> {
    #[cold]
    fn add_key(&self, e: Error) -> Error {
        let Some(pos) = self.key else { return e };
        let mut probe = Deserializer::from_slice(&self.de.input[pos..]);
        let Ok(marker) = probe.peek_marker() else {
            return e;
        };
        let key = match marker {
            Marker::FixStr(_) | Marker::Str8 | Marker::Str16 | Marker::Str32 => {
                match probe.read_str_bytes(marker) {
                    Ok(b) => String::from_utf8_lossy(b).into_owned(),
                    Err(_) => return e,
                }
            }
            _ => return e,
        };
        if self.attrs {
            e.in_attr(&key)
        } else {
            e.in_key(&key)
        }
    }
}

impl<'de> de::MapAccess<'de> for MapAccess<'_, 'de> {
    type Error = Error;

    #[inline]
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        if self.remaining == 0 {
            return Ok(None);
        }
        self.remaining -= 1;
        let pos = self.de.pos;
        self.key = Some(pos);
        if !is_str_byte(self.de.peek_byte()?) {
            let marker = self.de.peek_marker()?;
            return Err(Error::expected(
                ErrorKind::Type,
                if self.attrs {
                    "an attribute name (string)"
                } else {
                    "a map key (string)"
                },
                describe(marker),
            ));
        }
        seed.deserialize(MapKey { de: &mut *self.de }).map(Some)
    }

    #[inline]
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        match seed.deserialize(&mut *self.de) {
            Ok(v) => Ok(v),
            Err(e) => Err(self.add_key(e)),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.remaining)
    }
}

/// A map key: always a string; offered to the visitor as a borrowed string whatever it asks.
struct MapKey<'a, 'de> {
    de: &'a mut Deserializer<'de>,
}

impl<'de> de::Deserializer<'de> for MapKey<'_, 'de> {
    type Error = Error;

    #[inline]
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let marker = self.de.peek_marker()?;
        let start = self.de.pos;
        let bytes = self.de.read_str_bytes(marker)?;
        visit_str_bytes(visitor, bytes, start)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_some(self)
    }

    /// The key's raw bytes, not yet checked as UTF-8: a reader that compares them with
    /// known names (as `Value`'s object decoder does) validates only on a mismatch.
    #[inline]
    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let marker = self.de.peek_marker()?;
        // Raw bytes: a `Value` object's attribute names are put in NFC where they are
        // looked up (`value::de`), off the path of names that match.
        visitor.visit_borrowed_bytes(self.de.read_str_bytes(marker)?)
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_bytes(visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let marker = self.de.peek_marker()?;
        let text = self.de.read_text(marker)?;
        visit_variant(visitor, text)
    }

    /// A field name: handed over as raw bytes, so that matching it against the struct's
    /// field names needs no UTF-8 validation first (field visitors take bytes; a name
    /// that is not UTF-8 matches no field and is reported as unsupported).
    #[inline]
    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        // Raw bytes even when not ASCII: a derived model's field names are Terraform
        // attribute names, which are ASCII identifiers, so NFC changes nothing they match.
        match self.de.take_str()? {
            Some(bytes) => visitor.visit_borrowed_bytes(bytes),
            None => Err(self.de.unexpected_here("string")),
        }
    }

    fn is_human_readable(&self) -> bool {
        true
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        unit unit_struct seq tuple
        tuple_struct map struct ignored_any
    }
}

/// The two elements of a dynamic value's `[type, value]` array.
pub(super) struct DynamicAccess<'a, 'de> {
    pub(super) de: &'a mut Deserializer<'de>,
    pub(super) state: u8,
}

impl<'de> de::SeqAccess<'de> for DynamicAccess<'_, 'de> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        match self.state {
            0 => {
                self.state = 1;
                // The type constraint: JSON text as binary (go-cty also accepts a string).
                let marker = self.de.peek_marker()?;
                match marker {
                    Marker::Bin8
                    | Marker::Bin16
                    | Marker::Bin32
                    | Marker::FixStr(_)
                    | Marker::Str8
                    | Marker::Str16
                    | Marker::Str32 => {}
                    m => {
                        return Err(Error::expected(
                            ErrorKind::Type,
                            "a dynamic value's type constraint (JSON as binary data)",
                            describe(m),
                        ))
                    }
                }
                let bytes = self.de.read_str_bytes(marker)?;
                seed.deserialize(de::value::BorrowedBytesDeserializer::<Error>::new(bytes))
                    .map(Some)
            }
            1 => {
                self.state = 2;
                seed.deserialize(&mut *self.de).map(Some)
            }
            _ => Ok(None),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(2usize.saturating_sub(self.state as usize))
    }
}
