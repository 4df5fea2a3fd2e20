//! `serde::Deserializer` for the MessagePack deserializer: for each `deserialize_*` request,
//! which MessagePack it accepts and how it answers tfvalue's reserved names (unknowns,
//! numbers in their three wire forms, dynamic values).

use super::{
    describe, is_ext, is_ext_byte, visit_str_bytes, visit_variant, Deserializer, DynamicAccess,
    WireNumber,
};
use crate::error::{Error, ErrorKind, Result};
use crate::limits::MAX_DYNAMIC_DEPTH;
use crate::tokens::{DYNAMIC_TOKEN, NUMBER_TOKEN, UNKNOWN_TOKEN};
use rmp::Marker;
use serde::de::{self, Visitor};

macro_rules! deserialize_int {
    ($method:ident, $visit:ident, $ty:ty) => {
        #[inline]
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            let v = self.read_int(<$ty>::MIN as i128, <$ty>::MAX as u128)?;
            // In range by construction.
            visitor.$visit(v as $ty)
        }
    };
}

impl<'de> de::Deserializer<'de> for &mut Deserializer<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let marker = self.peek_marker()?;
        match marker {
            Marker::Null => {
                self.pos += 1;
                visitor.visit_unit()
            }
            Marker::True => {
                self.pos += 1;
                visitor.visit_bool(true)
            }
            Marker::False => {
                self.pos += 1;
                visitor.visit_bool(false)
            }
            Marker::FixStr(_) | Marker::Str8 | Marker::Str16 | Marker::Str32 => {
                let start = self.pos;
                let bytes = self.read_str_bytes(marker)?;
                visit_str_bytes(visitor, bytes, start)
            }
            Marker::Bin8 | Marker::Bin16 | Marker::Bin32 => {
                visitor.visit_borrowed_bytes(self.read_str_bytes(marker)?)
            }
            Marker::FixArray(_) | Marker::Array16 | Marker::Array32 => {
                let len = self.read_array_len(marker)?;
                self.seq(len, visitor)
            }
            Marker::FixMap(_) | Marker::Map16 | Marker::Map32 => {
                let len = self.read_map_len(marker)?;
                self.map(len, false, visitor)
            }
            m if is_ext(m) || m == Marker::Reserved => Err(self.unexpected(m, "a value")),
            _ => match self.read_number("a value")? {
                WireNumber::U64(n) => visitor.visit_u64(n),
                WireNumber::I64(n) => visitor.visit_i64(n),
                WireNumber::F32(f) => visitor.visit_f32(f),
                WireNumber::F64(f) => visitor.visit_f64(f),
                WireNumber::Text(t) => visitor.visit_borrowed_str(t),
            },
        }
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.peek_byte()? {
            0xc3 => {
                self.pos += 1;
                visitor.visit_bool(true)
            }
            0xc2 => {
                self.pos += 1;
                visitor.visit_bool(false)
            }
            _ => Err(self.unexpected_here("bool")),
        }
    }

    deserialize_int!(deserialize_i8, visit_i8, i8);
    deserialize_int!(deserialize_i16, visit_i16, i16);
    deserialize_int!(deserialize_i32, visit_i32, i32);
    deserialize_int!(deserialize_i64, visit_i64, i64);
    deserialize_int!(deserialize_i128, visit_i128, i128);
    deserialize_int!(deserialize_u8, visit_u8, u8);
    deserialize_int!(deserialize_u16, visit_u16, u16);
    deserialize_int!(deserialize_u32, visit_u32, u32);
    deserialize_int!(deserialize_u64, visit_u64, u64);

    fn deserialize_u128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let n = self.read_number_value()?;
        visitor.visit_u128(n.to_u128()?)
    }

    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_f32(self.read_f32()?)
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_f64(self.read_f64()?)
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    #[inline]
    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let start = self.pos;
        match self.take_str()? {
            Some(bytes) => visit_str_bytes(visitor, bytes, start),
            None => Err(self.unexpected_here("string")),
        }
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let marker = self.peek_marker()?;
        match marker {
            Marker::FixStr(_)
            | Marker::Str8
            | Marker::Str16
            | Marker::Str32
            | Marker::Bin8
            | Marker::Bin16
            | Marker::Bin32 => visitor.visit_borrowed_bytes(self.read_str_bytes(marker)?),
            m => Err(self.unexpected(m, "binary data or a string")),
        }
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_bytes(visitor)
    }

    #[inline]
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if self.peek_byte()? == 0xc0 {
            self.pos += 1;
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.peek_marker()? {
            Marker::Null => {
                self.pos += 1;
                visitor.visit_unit()
            }
            m => Err(self.unexpected(m, "null")),
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
            if is_ext_byte(self.peek_byte()?) {
                let payload = self.read_unknown(self.peek_marker()?)?;
                return visitor.visit_borrowed_bytes(payload);
            }
            return visitor.visit_newtype_struct(self);
        }
        if name == NUMBER_TOKEN {
            return match self.read_number("number")? {
                WireNumber::U64(n) => visitor.visit_u64(n),
                WireNumber::I64(n) => visitor.visit_i64(n),
                WireNumber::F32(f) => visitor.visit_f64(f64::from(f)),
                WireNumber::F64(f) => visitor.visit_f64(f),
                WireNumber::Text(t) => visitor.visit_borrowed_str(t),
            };
        }
        if name == DYNAMIC_TOKEN {
            let marker = self.peek_marker()?;
            return match marker {
                Marker::Null => {
                    self.pos += 1;
                    visitor.visit_none()
                }
                m if is_ext(m) => {
                    let payload = self.read_unknown(m)?;
                    visitor.visit_borrowed_bytes(payload)
                }
                Marker::FixArray(_) | Marker::Array16 | Marker::Array32 => {
                    let len = self.read_array_len(marker)?;
                    if len != 2 {
                        return Err(Error::new(
                            ErrorKind::Type,
                            format!(
                                "expected a dynamic value as a 2-element array [type, value], \
                                 found an array of {len} elements"
                            ),
                        ));
                    }
                    self.enter()?;
                    self.dynamic_depth += 1;
                    if self.dynamic_depth > MAX_DYNAMIC_DEPTH {
                        return Err(Error::new(
                            ErrorKind::Limit,
                            format!(
                                "dynamic values nested more than {MAX_DYNAMIC_DEPTH} levels deep"
                            ),
                        ));
                    }
                    let mut access = DynamicAccess {
                        de: &mut *self,
                        state: 0,
                    };
                    let value = visitor.visit_seq(&mut access)?;
                    let done = access.state == 2;
                    self.dynamic_depth -= 1;
                    self.leave();
                    if !done {
                        return Err(Error::new(
                            ErrorKind::Type,
                            "a dynamic value's [type, value] array was not read completely",
                        ));
                    }
                    Ok(value)
                }
                m => Err(Error::expected(
                    ErrorKind::Type,
                    "a dynamic value ([type, value] array)",
                    describe(m),
                )),
            };
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.array_header()? {
            Some(len) => self.seq(len, visitor),
            None => Err(self.unexpected_here("a list or set")),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value> {
        let marker = self.peek_marker()?;
        match marker {
            Marker::FixArray(_) | Marker::Array16 | Marker::Array32 => {
                let found = self.read_array_len(marker)?;
                if found != len {
                    return Err(Error::new(
                        ErrorKind::Type,
                        format!("expected a tuple of {len} elements, found {found} elements"),
                    ));
                }
                self.seq(found, visitor)
            }
            m => Err(self.unexpected(m, "a tuple")),
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

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.map_header()? {
            Some(len) => self.map(len, false, visitor),
            None => Err(self.unexpected_here("a map")),
        }
    }

    #[inline]
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        match self.map_header()? {
            Some(len) => self.map(len, true, visitor),
            None => Err(self.unexpected_here("an object")),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        // Terraform has no tagged unions: an enum is a string naming a unit variant.
        let marker = self.peek_marker()?;
        match marker {
            Marker::FixStr(_) | Marker::Str8 | Marker::Str16 | Marker::Str32 => {
                let text = self.read_text(marker)?;
                visit_variant(visitor, text)
            }
            m => Err(self.unexpected(m, "string")),
        }
    }

    #[inline]
    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.skip_value()?;
        visitor.visit_unit()
    }

    fn is_human_readable(&self) -> bool {
        // Terraform's values are text-like (strings, decimal numbers): types such as
        // `IpAddr` must take their textual form, as they do in JSON.
        true
    }
}
