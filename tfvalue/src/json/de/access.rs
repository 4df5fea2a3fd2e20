//! The accessors serde walks containers with: elements of a list (errors get the element's
//! index), members of an object (errors get the attribute's name; with the SDKs' leniency,
//! undeclared attributes skipped and missing ones null), a dynamic value's `[type, value]`
//! pair, and the text of a `RawValue`.

use super::{Deserializer, RAW_VALUE_TOKEN};
use crate::error::{Error, Result};
use crate::json::read::Text;
use crate::tokens::{DYNAMIC_TOKEN, NUMBER_TOKEN};
use serde::de::value::{BorrowedStrDeserializer, StrDeserializer};
use serde::de::{self, DeserializeSeed, Visitor};
use std::borrow::Cow;

// ---------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------

/// Elements of a list; errors in an element get its index.
pub(super) struct SeqAccess<'a, 'de> {
    pub(super) de: &'a mut Deserializer<'de>,
    /// Index of the next element (= elements read so far).
    pub(super) index: usize,
    /// No element read yet.
    pub(super) first: bool,
    /// The closing bracket was read.
    pub(super) done: bool,
}

impl SeqAccess<'_, '_> {
    /// Whether another element follows (the separator read).
    #[inline]
    fn more(&mut self) -> Result<bool> {
        if self.done {
            return Ok(false);
        }
        let more = if self.first {
            self.first = false;
            self.de.read.list_first()?
        } else {
            self.de.read.list_next()?
        };
        self.done = !more;
        Ok(more)
    }

    /// Skips the next element; `false` at the end of the list.
    pub(super) fn skip_element(&mut self) -> Result<bool> {
        if !self.more()? {
            return Ok(false);
        }
        self.de.read.skip()?;
        Ok(true)
    }
}

impl<'de> de::SeqAccess<'de> for SeqAccess<'_, 'de> {
    type Error = Error;

    #[inline]
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        if !self.more()? {
            return Ok(None);
        }
        match seed.deserialize(&mut *self.de) {
            Ok(v) => {
                self.index += 1;
                Ok(Some(v))
            }
            Err(e) => Err(e.in_index(self.index)),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Objects
// ---------------------------------------------------------------------------------------

/// The current key of an object, kept for error paths.
pub(super) enum KeySlot<'de> {
    None,
    /// Borrowed from the input, plain ASCII (so in NFC already).
    Ascii(&'de str),
    /// Borrowed from the input (no escapes): kept as is.
    Borrowed(&'de str),
    /// Had escapes: copied into the accessor's reused buffer.
    Owned,
}

/// Entries of an object; errors in a value get the entry's key, as an attribute name for
/// objects read as structs (`.name`) or as an element key for maps (`["key"]`).
pub(super) struct MapAccess<'a, 'de> {
    pub(super) de: &'a mut Deserializer<'de>,
    /// No entry read yet.
    pub(super) first: bool,
    /// The closing brace was read.
    pub(super) done: bool,
    pub(super) key: KeySlot<'de>,
    /// Buffer of the current key when it had to be copied; reused for every key.
    pub(super) owned: String,
    pub(super) attrs: bool,
    /// A struct read leniently: its attribute names and which of them arrived.
    pub(super) fields: Option<Fields>,
}

impl<'de> MapAccess<'_, 'de> {
    #[cold]
    fn add_key(&self, e: Error) -> Error {
        let key = match self.key {
            KeySlot::None => return e,
            KeySlot::Ascii(s) | KeySlot::Borrowed(s) => s,
            KeySlot::Owned => self.owned.as_str(),
        };
        if self.attrs {
            e.in_attr(key)
        } else {
            // A map key as Terraform holds it: in NFC.
            e.in_key(&crate::text::nfc(key))
        }
    }

    /// Reads the next key and its colon into [`MapAccess::key`]; `false` at the end of the
    /// object.
    #[inline]
    fn read_key(&mut self) -> Result<bool> {
        if self.done {
            return Ok(false);
        }
        let first = std::mem::replace(&mut self.first, false);
        if !self.de.read.object_next(first)? {
            self.done = true;
            return Ok(false);
        }
        // As sent: an attribute name is looked up by its bytes, a map key is put in NFC
        // when it is read as text (`KeyDeserializer`).
        match self.de.read.key()? {
            (Text::Borrowed(s), true) => self.key = KeySlot::Ascii(s),
            (Text::Borrowed(s), false) => self.key = KeySlot::Borrowed(s),
            (Text::Copied(s), _) => {
                self.owned.clear();
                self.owned.push_str(s);
                self.key = KeySlot::Owned;
            }
        }
        self.de.read.colon()?;
        Ok(true)
    }

    /// The key read last.
    #[inline]
    fn key_text(&self) -> KeyText<'_, 'de> {
        match self.key {
            KeySlot::Ascii(s) => KeyText::Ascii(s),
            KeySlot::Borrowed(s) => KeyText::Borrowed(s),
            _ => KeyText::Transient(&self.owned),
        }
    }

    /// Skips the next entry; `false` at the end of the object.
    pub(super) fn skip_entry(&mut self) -> Result<bool> {
        if !self.read_key()? {
            return Ok(false);
        }
        self.de.read.skip()?;
        Ok(true)
    }

    /// The next key of a struct read leniently: entries whose name the struct does not
    /// declare are skipped; after the input's entries, each declared attribute the input
    /// lacked is presented (its value then reads as null).
    fn next_field_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        while self.read_key()? {
            let name = match self.key_text() {
                KeyText::Ascii(s) | KeyText::Borrowed(s) => s,
                KeyText::Transient(s) => s,
            };
            let declared = self
                .fields
                .as_ref()
                .and_then(|f| f.names.iter().position(|n| *n == name));
            match declared {
                Some(i) => {
                    if let Some(seen) = self.fields.as_mut().and_then(|f| f.seen.get_mut(i)) {
                        *seen = true;
                    }
                    let key = self.key_text();
                    return seed.deserialize(KeyDeserializer { key }).map(Some);
                }
                None => {
                    // Not an attribute of the struct: its value is read and dropped.
                    if let Err(e) = self.de.read.skip() {
                        return Err(self.add_key(e));
                    }
                }
            }
        }
        let Some(fields) = self.fields.as_mut() else {
            return Ok(None);
        };
        let Some(name) = fields.take_missing() else {
            return Ok(None);
        };
        self.key = KeySlot::Borrowed(name);
        fields.missing = Some(name);
        seed.deserialize(KeyDeserializer {
            key: KeyText::Borrowed(name),
        })
        .map(Some)
    }
}

impl<'de> de::MapAccess<'de> for MapAccess<'_, 'de> {
    type Error = Error;

    #[inline]
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        if self.fields.is_some() {
            return self.next_field_seed(seed);
        }
        if !self.read_key()? {
            return Ok(None);
        }
        seed.deserialize(KeyDeserializer {
            key: self.key_text(),
        })
        .map(Some)
    }

    #[inline]
    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value> {
        if let Some(name) = self.fields.as_mut().and_then(|f| f.missing.take()) {
            // Not in the input: null. Its errors name the attribute, at the object's path.
            return seed.deserialize(Missing { name });
        }
        match seed.deserialize(&mut *self.de) {
            Ok(v) => Ok(v),
            Err(e) => Err(self.add_key(e)),
        }
    }
}

/// The attributes of a struct read leniently.
pub(super) struct Fields {
    pub(super) names: &'static [&'static str],
    /// Which of `names` the input had (or were presented as missing).
    pub(super) seen: Vec<bool>,
    /// Where to look for the next missing attribute once the input's entries are read.
    pub(super) next_missing: usize,
    /// The missing attribute whose null value is to be presented next.
    pub(super) missing: Option<&'static str>,
}

impl Fields {
    pub(super) fn new(names: &'static [&'static str]) -> Self {
        Fields {
            names,
            // One flag per field the struct declares: bounded by the program, not the input.
            seen: vec![false; names.len()],
            next_missing: 0,
            missing: None,
        }
    }

    /// The next attribute the input lacked, marked as presented.
    fn take_missing(&mut self) -> Option<&'static str> {
        while let Some(&name) = self.names.get(self.next_missing) {
            let seen = self.seen.get_mut(self.next_missing);
            self.next_missing += 1;
            match seen {
                Some(seen) if !*seen => {
                    *seen = true;
                    return Some(name);
                }
                _ => {}
            }
        }
        None
    }
}

/// The value of an attribute the input lacks, read leniently: null to whatever can be
/// null (`Option`, `Nullable`, `Unknown<Nullable<_>>`, a dynamic value, `()`), and
/// "missing attribute" to anything else.
struct Missing {
    name: &'static str,
}

impl Missing {
    #[cold]
    fn error(&self) -> Error {
        <Error as de::Error>::missing_field(self.name)
    }
}

impl<'de> de::Deserializer<'de> for Missing {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value> {
        Err(self.error())
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_none()
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_unit()
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        visitor.visit_unit()
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_unit()
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        if name == DYNAMIC_TOKEN {
            return visitor.visit_none();
        }
        if name == NUMBER_TOKEN {
            return Err(self.error());
        }
        // An `Unknown<T>` (known: JSON has no unknowns) or a user's newtype: its content
        // is null too.
        visitor.visit_newtype_struct(self)
    }

    fn is_human_readable(&self) -> bool {
        true
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf seq tuple tuple_struct map struct enum identifier
    }
}

/// Text of an object key.
enum KeyText<'a, 'de> {
    /// Plain ASCII from the input: in NFC already, offered as it is.
    Ascii(&'de str),
    Borrowed(&'de str),
    Transient(&'a str),
}

/// An object key: always a string, offered as such whatever the visitor asks, in NFC (a
/// map key, as go-cty reads it), or as the bytes sent to a visitor that asks for bytes (an
/// attribute name, which go-cty looks up by its bytes: see `value::de`).
struct KeyDeserializer<'a, 'de> {
    key: KeyText<'a, 'de>,
}

impl<'de> de::Deserializer<'de> for KeyDeserializer<'_, 'de> {
    type Error = Error;

    #[inline]
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.key {
            KeyText::Ascii(s) => visitor.visit_borrowed_str(s),
            KeyText::Borrowed(s) => match crate::text::nfc(s) {
                Cow::Borrowed(s) => visitor.visit_borrowed_str(s),
                Cow::Owned(s) => visitor.visit_string(s),
            },
            KeyText::Transient(s) => match crate::text::nfc(s) {
                Cow::Borrowed(s) => visitor.visit_str(s),
                Cow::Owned(s) => visitor.visit_string(s),
            },
        }
    }

    /// The key as sent, not put in NFC.
    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.key {
            KeyText::Ascii(s) | KeyText::Borrowed(s) => visitor.visit_borrowed_bytes(s.as_bytes()),
            KeyText::Transient(s) => visitor.visit_bytes(s.as_bytes()),
        }
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_bytes(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        match self.key {
            KeyText::Ascii(s) | KeyText::Borrowed(s) => {
                visitor.visit_enum(BorrowedStrDeserializer::<Error>::new(s))
            }
            KeyText::Transient(s) => visitor.visit_enum(StrDeserializer::<Error>::new(s)),
        }
    }

    fn is_human_readable(&self) -> bool {
        true
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        unit unit_struct seq tuple tuple_struct map struct identifier ignored_any
    }
}

// ---------------------------------------------------------------------------------------
// Dynamic values and raw values
// ---------------------------------------------------------------------------------------

/// The two elements `[type JSON text, value]` of a dynamic value whose object was read
/// through: the value is read at `value`, then reading goes on at `end`.
pub(super) struct DynamicAccess<'a, 'de> {
    pub(super) de: &'a mut Deserializer<'de>,
    pub(super) ty: &'de str,
    /// Where the value's text starts.
    pub(super) value: usize,
    /// Just after the object.
    pub(super) end: usize,
    pub(super) state: u8,
}

impl<'de> de::SeqAccess<'de> for DynamicAccess<'_, 'de> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        match self.state {
            0 => {
                self.state = 1;
                seed.deserialize(BorrowedStrDeserializer::<Error>::new(self.ty))
                    .map(Some)
            }
            1 => {
                self.state = 2;
                self.de.read.pos = self.value;
                let value = seed.deserialize(&mut *self.de)?;
                self.de.read.pos = self.end;
                Ok(Some(value))
            }
            _ => Ok(None),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(2usize.saturating_sub(self.state as usize))
    }
}

/// serde_json's `RawValue` protocol: one entry, the token as key and the text as value.
pub(super) struct RawValueAccess<'de> {
    pub(super) text: Option<&'de str>,
}

impl<'de> de::MapAccess<'de> for RawValueAccess<'de> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        if self.text.is_none() {
            return Ok(None);
        }
        seed.deserialize(BorrowedStrDeserializer::<Error>::new(RAW_VALUE_TOKEN))
            .map(Some)
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value> {
        let text = self.text.take().unwrap_or_default();
        seed.deserialize(BorrowedStrDeserializer::<Error>::new(text))
    }
}
