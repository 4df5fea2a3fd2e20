//! `serde::Deserializer` for the JSON deserializer: for each `deserialize_*` request, which
//! JSON it accepts and how it answers tfvalue's reserved names (numbers, dynamic values,
//! unknowns) and serde_json's `RawValue`.

use super::{parse_whole, Deserializer, Fields, RawValueAccess, RAW_VALUE_TOKEN};
use crate::error::{Error, Result};
use crate::json::read::{Text, Within};
use crate::tokens::{DYNAMIC_TOKEN, NUMBER_TOKEN, UNKNOWN_TOKEN};
use serde::de::value::{BorrowedStrDeserializer, StrDeserializer};
use serde::de::{self, Visitor};
use std::borrow::Cow;

macro_rules! deserialize_int {
    ($($method:ident: $visit:ident $ty:ty,)*) => {$(
        #[inline]
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            let v = self.read_int(<$ty>::MIN as i128, <$ty>::MAX as u128)?;
            // In range by construction.
            visitor.$visit(v as $ty)
        }
    )*};
}

impl<'de> de::Deserializer<'de> for &mut Deserializer<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.read.peek_in(Within::Value)? {
            b'n' => {
                self.read.literal(b"null")?;
                visitor.visit_unit()
            }
            b't' | b'f' => match self.read.bool_or_null()? {
                Some(b) => visitor.visit_bool(b),
                None => visitor.visit_unit(),
            },
            b'"' => self.visit_string(visitor),
            b'[' => self.seq(visitor, None),
            b'{' => self.map(visitor, false, None),
            b'-' | b'0'..=b'9' => self.visit_any_number(visitor),
            _ => Err(self.read.error_here("expected value")),
        }
    }

    #[inline]
    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if self.lenient {
            let b = self.lenient_bool()?;
            return visitor.visit_bool(b);
        }
        match self.read.peek_in(Within::Value)? {
            b't' | b'f' => match self.read.bool_or_null()? {
                Some(b) => visitor.visit_bool(b),
                None => Err(self.mismatch("bool")),
            },
            _ => Err(self.mismatch("bool")),
        }
    }

    deserialize_int! {
        deserialize_i8: visit_i8 i8,
        deserialize_i16: visit_i16 i16,
        deserialize_i32: visit_i32 i32,
        deserialize_i64: visit_i64 i64,
        deserialize_u8: visit_u8 u8,
        deserialize_u16: visit_u16 u16,
        deserialize_u32: visit_u32 u32,
        deserialize_u64: visit_u64 u64,
    }

    fn deserialize_i128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let text = self.number_text()?;
        match parse_whole::<i128>(&text)? {
            Some(n) => visitor.visit_i128(n),
            None => Err(Error::out_of_range(&text, i128::MIN, i128::MAX as u128)),
        }
    }

    fn deserialize_u128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let text = self.number_text()?;
        match parse_whole::<u128>(&text)? {
            Some(n) => visitor.visit_u128(n),
            None => Err(Error::out_of_range(&text, 0, u128::MAX)),
        }
    }

    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.read_float(visitor, true)
    }

    #[inline]
    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.read_float(visitor, false)
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.read.peek_in(Within::Value)? {
            b'"' => self.visit_string(visitor),
            _ => Err(self.mismatch("string")),
        }
    }

    /// A string; when lenient, also a number (its text as written) or a bool.
    #[inline]
    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.read.peek_in(Within::Value)? {
            b'"' => self.visit_string(visitor),
            b'-' | b'0'..=b'9' if self.lenient => {
                let text = self.read.number_text()?;
                visitor.visit_borrowed_str(text)
            }
            b't' | b'f' if self.lenient => match self.read.bool_or_null()? {
                Some(true) => visitor.visit_borrowed_str("true"),
                _ => visitor.visit_borrowed_str("false"),
            },
            _ => Err(self.mismatch("string")),
        }
    }

    #[inline]
    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        // JSON has no binary data; a string's bytes are what a bytes visitor can take.
        self.deserialize_char(visitor)
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_char(visitor)
    }

    #[inline]
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if self.read.peek_in(Within::Value)? == b'n' {
            self.read.literal(b"null")?;
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if self.read.peek_in(Within::Value)? == b'n' {
            self.read.literal(b"null")?;
            visitor.visit_unit()
        } else {
            Err(self.mismatch("null"))
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_unit(visitor)
    }

    #[inline]
    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        if name == UNKNOWN_TOKEN {
            // JSON cannot carry an unknown value: this one is known.
            return visitor.visit_newtype_struct(self);
        }
        if name == NUMBER_TOKEN {
            return match self.number_text()? {
                Cow::Borrowed(text) => visitor.visit_borrowed_str(text),
                Cow::Owned(text) => visitor.visit_str(&text),
            };
        }
        if name == DYNAMIC_TOKEN {
            return self.dynamic(visitor);
        }
        if name == RAW_VALUE_TOKEN {
            let text = self.read.skip_text()?;
            return visitor.visit_map(RawValueAccess { text: Some(text) });
        }
        visitor.visit_newtype_struct(self)
    }

    #[inline]
    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if self.read.peek_in(Within::Value)? == b'[' {
            self.seq(visitor, None)
        } else {
            Err(self.mismatch("a list or set"))
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value> {
        if self.read.peek_in(Within::Value)? == b'[' {
            self.seq(visitor, Some(len))
        } else {
            Err(self.mismatch("a tuple"))
        }
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_tuple(len, visitor)
    }

    #[inline]
    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if self.read.peek_in(Within::Value)? == b'{' {
            self.map(visitor, false, None)
        } else {
            Err(self.mismatch("a map"))
        }
    }

    #[inline]
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        if self.read.peek_in(Within::Value)? != b'{' {
            return Err(self.mismatch("an object"));
        }
        let fields = if self.lenient && !fields.is_empty() {
            Some(Fields::new(fields))
        } else {
            None
        };
        self.map(visitor, true, fields)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        // Terraform has no tagged unions: an enum is a string naming a unit variant.
        if self.read.peek_in(Within::Value)? != b'"' {
            return Err(self.mismatch("string"));
        }
        self.read.pos += 1;
        match self.read.string()? {
            Text::Borrowed(s) => visitor.visit_enum(BorrowedStrDeserializer::<Error>::new(s)),
            Text::Copied(s) => visitor.visit_enum(StrDeserializer::<Error>::new(s)),
        }
    }

    #[inline]
    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_char(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.read.skip()?;
        visitor.visit_unit()
    }

    fn is_human_readable(&self) -> bool {
        true
    }
}
