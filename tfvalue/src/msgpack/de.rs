//! The MessagePack deserializer: `&'de [u8]` → any `Deserialize` type.
//!
//! It reads markers with `rmp` and payloads straight from the slice (strings and binary
//! data are borrowed, never copied). What a generic MessagePack deserializer cannot do,
//! and this one does:
//! - it answers tfvalue's reserved names (`crate::tokens`): it peeks for an ext value
//!   where an `Unknown<T>` may stand, reads numbers in any of Terraform's three forms (int,
//!   float, decimal string) where a `Number` or a Rust number stands, and unwraps the
//!   `[type, value]` form of dynamic values;
//! - errors carry the attribute path: sequence and map accessors add their step while an
//!   error unwinds out of an element;
//! - hostile input is bounded: nesting depth is limited, a length prefix is checked against
//!   the bytes that remain before anything is allocated, and trailing bytes are rejected.

use std::borrow::Cow;

use rmp::Marker;
use serde::de::{IntoDeserializer, Visitor};

use crate::error::{Error, ErrorKind, Result};
use crate::limits::MAX_DEPTH;
use crate::number::Number;

mod access;
mod serde_impl;

use self::access::{DynamicAccess, MapAccess, SeqAccess};

/// A MessagePack deserializer reading one value from a byte slice.
pub struct Deserializer<'de> {
    input: &'de [u8],
    pos: usize,
    depth: usize,
    /// Nesting of dynamic values inside dynamic values.
    dynamic_depth: usize,
}

/// A number as it appeared on the wire.
pub(crate) enum WireNumber<'de> {
    U64(u64),
    I64(i64),
    F32(f32),
    F64(f64),
    Text(&'de str),
}

/// Hint appended to errors about an unknown value in a field that cannot hold one.
pub(crate) const UNKNOWN_HINT: &str =
    "this value is known only after apply; wrap the field's type in tfvalue::Unknown to accept it";

impl<'de> Deserializer<'de> {
    /// A deserializer over `input`, positioned at its start.
    pub fn from_slice(input: &'de [u8]) -> Self {
        Deserializer {
            input,
            pos: 0,
            depth: 0,
            dynamic_depth: 0,
        }
    }

    /// Checks that the whole input was consumed.
    pub fn end(&self) -> Result<()> {
        if self.pos == self.input.len() {
            Ok(())
        } else {
            Err(Error::new(
                ErrorKind::Syntax,
                format!(
                    "{} unexpected bytes after the end of the value (at offset {})",
                    self.input.len() - self.pos,
                    self.pos
                ),
            ))
        }
    }

    /// Bytes read so far.
    pub(crate) fn consumed(&self) -> usize {
        self.pos
    }

    /// Bytes not yet read.
    #[inline]
    fn remaining(&self) -> usize {
        self.input.len() - self.pos
    }

    #[cold]
    fn eof(&self) -> Error {
        Error::new(
            ErrorKind::Syntax,
            format!("unexpected end of input at offset {}", self.pos),
        )
    }

    #[inline]
    fn peek_byte(&self) -> Result<u8> {
        match self.input.get(self.pos) {
            Some(&b) => Ok(b),
            None => Err(self.eof()),
        }
    }

    #[inline]
    fn peek_marker(&self) -> Result<Marker> {
        self.peek_byte().map(Marker::from_u8)
    }

    #[inline]
    fn take(&mut self, n: usize) -> Result<&'de [u8]> {
        if n > self.remaining() {
            return Err(self.eof());
        }
        let s = &self.input[self.pos..self.pos + n];
        self.pos += n;
        Ok(s)
    }

    #[inline]
    fn take_array<const N: usize>(&mut self) -> Result<[u8; N]> {
        let s = self.take(N)?;
        let mut a = [0u8; N];
        a.copy_from_slice(s);
        Ok(a)
    }

    #[inline]
    fn read_u8(&mut self) -> Result<u8> {
        Ok(self.take_array::<1>()?[0])
    }
    #[inline]
    fn read_u16(&mut self) -> Result<u16> {
        Ok(u16::from_be_bytes(self.take_array()?))
    }
    #[inline]
    fn read_u32(&mut self) -> Result<u32> {
        Ok(u32::from_be_bytes(self.take_array()?))
    }
    #[inline]
    fn read_u64(&mut self) -> Result<u64> {
        Ok(u64::from_be_bytes(self.take_array()?))
    }

    /// Length of a string, binary or ext payload given its marker (marker consumed).
    fn read_len(&mut self, marker: Marker) -> Result<usize> {
        Ok(match marker {
            Marker::FixStr(n) => n as usize,
            Marker::Str8 | Marker::Bin8 => self.read_u8()? as usize,
            Marker::Str16 | Marker::Bin16 => self.read_u16()? as usize,
            Marker::Str32 | Marker::Bin32 => self.read_u32()? as usize,
            Marker::FixArray(n) | Marker::FixMap(n) => n as usize,
            Marker::Array16 | Marker::Map16 => self.read_u16()? as usize,
            Marker::Array32 | Marker::Map32 => self.read_u32()? as usize,
            _ => 0,
        })
    }

    /// Reads a string (str family) and returns its bytes.
    #[inline]
    fn read_str_bytes(&mut self, marker: Marker) -> Result<&'de [u8]> {
        self.pos += 1;
        // Most strings (attribute names, short values) are fixstr: no length bytes.
        let len = match marker {
            Marker::FixStr(n) => n as usize,
            _ => self.read_len(marker)?,
        };
        self.take(len)
    }

    #[inline]
    fn read_str(&mut self, marker: Marker) -> Result<&'de str> {
        let start = self.pos;
        let bytes = self.read_str_bytes(marker)?;
        utf8(bytes, start)
    }

    /// Reads a string as text in NFC (see [`text`]).
    #[inline]
    fn read_text(&mut self, marker: Marker) -> Result<Cow<'de, str>> {
        let start = self.pos;
        let bytes = self.read_str_bytes(marker)?;
        text(bytes, start)
    }

    // The hot headers, read from the marker byte directly: `Marker::from_u8` is a chain of
    // range tests that costs more than the rest of reading a short string. Each returns
    // `None`, with nothing consumed, when the next value is of another kind.

    /// A string's bytes: fixstr (inline), str 8, str 16, str 32.
    #[inline(always)]
    fn take_str(&mut self) -> Result<Option<&'de [u8]>> {
        let b = self.peek_byte()?;
        if b & 0xe0 == 0xa0 {
            self.pos += 1;
            return self.take(usize::from(b & 0x1f)).map(Some);
        }
        self.take_str_other(b)
    }

    /// [`Deserializer::take_str`] for every marker but fixstr.
    fn take_str_other(&mut self, b: u8) -> Result<Option<&'de [u8]>> {
        let len = match b {
            0xd9 => {
                self.pos += 1;
                usize::from(self.read_u8()?)
            }
            0xda => {
                self.pos += 1;
                usize::from(self.read_u16()?)
            }
            0xdb => {
                self.pos += 1;
                self.read_u32()? as usize
            }
            _ => return Ok(None),
        };
        self.take(len).map(Some)
    }

    /// A map header (fixmap inline, map 16, map 32), its length checked against the input
    /// left.
    #[inline(always)]
    fn map_header(&mut self) -> Result<Option<usize>> {
        let b = self.peek_byte()?;
        let n = if b & 0xf0 == 0x80 {
            self.pos += 1;
            usize::from(b & 0x0f)
        } else {
            match b {
                0xde => {
                    self.pos += 1;
                    usize::from(self.read_u16()?)
                }
                0xdf => {
                    self.pos += 1;
                    self.read_u32()? as usize
                }
                _ => return Ok(None),
            }
        };
        self.claimed(n, "entries", 2).map(Some)
    }

    /// An array header (fixarray inline, array 16, array 32), its length checked against
    /// the input left.
    #[inline(always)]
    fn array_header(&mut self) -> Result<Option<usize>> {
        let b = self.peek_byte()?;
        let n = if b & 0xf0 == 0x90 {
            self.pos += 1;
            usize::from(b & 0x0f)
        } else {
            match b {
                0xdc => {
                    self.pos += 1;
                    usize::from(self.read_u16()?)
                }
                0xdd => {
                    self.pos += 1;
                    self.read_u32()? as usize
                }
                _ => return Ok(None),
            }
        };
        self.claimed(n, "elements", 1).map(Some)
    }

    /// The error for a value of another kind than `expected` at the current position.
    #[cold]
    fn unexpected_here(&self, expected: &str) -> Error {
        match self.peek_marker() {
            Ok(m) => self.unexpected(m, expected),
            Err(e) => e,
        }
    }

    /// Reads an ext value (marker at the current position) and returns the refinement
    /// payload: the body of an ext 12, empty for any other ext type whose body is at most 1
    /// byte (ignored, as go-cty ignores it); another ext type with a longer body is an
    /// error, as in go-cty 1.16.
    pub(crate) fn read_unknown(&mut self, marker: Marker) -> Result<&'de [u8]> {
        let at = self.pos;
        self.pos += 1;
        let len = match marker {
            Marker::FixExt1 => 1,
            Marker::FixExt2 => 2,
            Marker::FixExt4 => 4,
            Marker::FixExt8 => 8,
            Marker::FixExt16 => 16,
            Marker::Ext8 => self.read_u8()? as usize,
            Marker::Ext16 => self.read_u16()? as usize,
            Marker::Ext32 => self.read_u32()? as usize,
            _ => return Err(Error::new(ErrorKind::Syntax, "not an ext value")),
        };
        let ty = self.read_u8()? as i8;
        let body = self.take(len)?;
        if ty == 12 {
            return Ok(body);
        }
        if len > 1 {
            // go-cty 1.16 reads a body of 0 or 1 bytes of any type as a wholly unknown value
            // and refuses every other extension.
            return Err(Error::new(
                ErrorKind::Syntax,
                format!(
                    "unsupported extension type {ty} with a body of {len} bytes at offset {at}: \
                     an unknown value is extension 12, or any extension of at most 1 byte"
                ),
            ));
        }
        Ok(&[])
    }

    /// Reads a number in any of Terraform's forms.
    pub(crate) fn read_number(&mut self, expected: &'static str) -> Result<WireNumber<'de>> {
        let marker = self.peek_marker()?;
        Ok(match marker {
            Marker::FixPos(n) => {
                self.pos += 1;
                WireNumber::U64(u64::from(n))
            }
            Marker::FixNeg(n) => {
                self.pos += 1;
                WireNumber::I64(i64::from(n))
            }
            Marker::U8 => {
                self.pos += 1;
                WireNumber::U64(u64::from(self.read_u8()?))
            }
            Marker::U16 => {
                self.pos += 1;
                WireNumber::U64(u64::from(self.read_u16()?))
            }
            Marker::U32 => {
                self.pos += 1;
                WireNumber::U64(u64::from(self.read_u32()?))
            }
            Marker::U64 => {
                self.pos += 1;
                WireNumber::U64(self.read_u64()?)
            }
            Marker::I8 => {
                self.pos += 1;
                WireNumber::I64(i64::from(self.read_u8()? as i8))
            }
            Marker::I16 => {
                self.pos += 1;
                WireNumber::I64(i64::from(self.read_u16()? as i16))
            }
            Marker::I32 => {
                self.pos += 1;
                WireNumber::I64(i64::from(self.read_u32()? as i32))
            }
            Marker::I64 => {
                self.pos += 1;
                WireNumber::I64(self.read_u64()? as i64)
            }
            Marker::F32 => {
                self.pos += 1;
                let f = f32::from_bits(self.read_u32()?);
                if f.is_nan() {
                    return Err(nan());
                }
                WireNumber::F32(f)
            }
            Marker::F64 => {
                self.pos += 1;
                let f = f64::from_bits(self.read_u64()?);
                if f.is_nan() {
                    return Err(nan());
                }
                WireNumber::F64(f)
            }
            Marker::FixStr(_) | Marker::Str8 | Marker::Str16 | Marker::Str32 => {
                WireNumber::Text(self.read_str(marker)?)
            }
            _ => return Err(self.unexpected(marker, expected)),
        })
    }

    /// Reads any number form and makes it a [`Number`].
    pub(crate) fn read_number_value(&mut self) -> Result<Number> {
        let n = self.read_number("number")?;
        wire_to_number(n)
    }

    /// The error for finding `marker` where `expected` was due.
    #[cold]
    pub(crate) fn unexpected(&self, marker: Marker, expected: &str) -> Error {
        match marker {
            Marker::FixExt1
            | Marker::FixExt2
            | Marker::FixExt4
            | Marker::FixExt8
            | Marker::FixExt16
            | Marker::Ext8
            | Marker::Ext16
            | Marker::Ext32 => Error::new(
                ErrorKind::Unknown,
                format!("expected {expected}, found an unknown value: {UNKNOWN_HINT}"),
            ),
            Marker::Reserved => Error::new(
                ErrorKind::Syntax,
                format!(
                    "invalid MessagePack: reserved byte 0xc1 at offset {}",
                    self.pos
                ),
            ),
            _ => Error::expected(ErrorKind::Type, expected, describe(marker)),
        }
    }

    #[inline]
    fn enter(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Error::new(
                ErrorKind::Limit,
                format!("value nested more than {MAX_DEPTH} levels deep"),
            ));
        }
        Ok(())
    }

    #[inline]
    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Reads an array header and checks the claimed length against the input left.
    #[inline]
    fn read_array_len(&mut self, marker: Marker) -> Result<usize> {
        self.pos += 1;
        let n = self.read_len(marker)?;
        self.claimed(n, "elements", 1)
    }

    /// Reads a map header and checks the claimed length against the input left.
    #[inline]
    fn read_map_len(&mut self, marker: Marker) -> Result<usize> {
        self.pos += 1;
        let n = self.read_len(marker)?;
        self.claimed(n, "entries", 2)
    }

    /// `n`, a count of `what` a header claims, if the input left can hold that many at
    /// `min_bytes` each.
    #[inline]
    fn claimed(&self, n: usize, what: &str, min_bytes: usize) -> Result<usize> {
        if n.saturating_mul(min_bytes) > self.remaining() {
            return Err(self.claim_too_long(n, what, min_bytes));
        }
        Ok(n)
    }

    #[cold]
    fn claim_too_long(&self, n: usize, what: &str, min_bytes: usize) -> Error {
        Error::new(
            ErrorKind::Syntax,
            format!(
                "truncated input: a length prefix claims {n} {what}, but only {} bytes remain \
                 (each needs at least {min_bytes})",
                self.remaining()
            ),
        )
    }

    /// Skips one complete value without recursion.
    pub(crate) fn skip_value(&mut self) -> Result<()> {
        let mut pending: usize = 1;
        while pending > 0 {
            pending -= 1;
            let marker = self.peek_marker()?;
            match marker {
                Marker::FixArray(_) | Marker::Array16 | Marker::Array32 => {
                    pending += self.read_array_len(marker)?;
                }
                Marker::FixMap(_) | Marker::Map16 | Marker::Map32 => {
                    pending += 2 * self.read_map_len(marker)?;
                }
                Marker::FixStr(_)
                | Marker::Str8
                | Marker::Str16
                | Marker::Str32
                | Marker::Bin8
                | Marker::Bin16
                | Marker::Bin32 => {
                    self.read_str_bytes(marker)?;
                }
                Marker::FixExt1
                | Marker::FixExt2
                | Marker::FixExt4
                | Marker::FixExt8
                | Marker::FixExt16
                | Marker::Ext8
                | Marker::Ext16
                | Marker::Ext32 => {
                    self.read_unknown(marker)?;
                }
                Marker::Null | Marker::True | Marker::False => self.pos += 1,
                Marker::Reserved => return Err(self.unexpected(marker, "a value")),
                _ => {
                    self.read_number("a value")?;
                }
            }
        }
        Ok(())
    }

    /// Reads a number and converts it to an integer within `min..=max`.
    #[inline]
    fn read_int(&mut self, min: i128, max: u128) -> Result<i128> {
        // The common forms inline: a positive fixint (0..=127, fits every integer type),
        // uint 8 and uint 16 (sizes, ports, IOPS).
        match self.input.get(self.pos..) {
            Some(&[b, ..]) if b < 0x80 => {
                self.pos += 1;
                return Ok(i128::from(b));
            }
            Some(&[0xcc, b, ..]) if u128::from(b) <= max => {
                self.pos += 2;
                return Ok(i128::from(b));
            }
            Some(&[0xcd, hi, lo, ..]) if u128::from(u16::from_be_bytes([hi, lo])) <= max => {
                self.pos += 3;
                return Ok(i128::from(u16::from_be_bytes([hi, lo])));
            }
            _ => {}
        }
        self.read_int_other(min, max)
    }

    /// [`Deserializer::read_int`] for every other form.
    fn read_int_other(&mut self, min: i128, max: u128) -> Result<i128> {
        match self.read_number("number")? {
            WireNumber::U64(n) => {
                if u128::from(n) <= max {
                    Ok(i128::from(n))
                } else {
                    Err(Error::out_of_range(n, min, max))
                }
            }
            WireNumber::I64(n) => {
                if i128::from(n) >= min && (n < 0 || (n as u128) <= max) {
                    Ok(i128::from(n))
                } else {
                    Err(Error::out_of_range(n, min, max))
                }
            }
            other => {
                let number = wire_to_number(other)?;
                let fits = |v: i128| v >= min && (v < 0 || (v as u128) <= max);
                match number.to_i128() {
                    Ok(v) if fits(v) => Ok(v),
                    _ => Err(Error::out_of_range(number, min, max)),
                }
            }
        }
    }

    fn read_f64(&mut self) -> Result<f64> {
        match self.read_number("number")? {
            WireNumber::F64(f) => Ok(f),
            WireNumber::F32(f) => Ok(f64::from(f)),
            WireNumber::U64(n) => Number::from(n).to_f64(),
            WireNumber::I64(n) => Number::from(n).to_f64(),
            WireNumber::Text(t) => Number::parse_string_value(t)?.to_f64(),
        }
    }

    fn read_f32(&mut self) -> Result<f32> {
        match self.read_number("number")? {
            WireNumber::F32(f) => Ok(f),
            WireNumber::F64(f) => Number::from_f64_exact(f)?.to_f32(),
            WireNumber::U64(n) => Number::from(n).to_f32(),
            WireNumber::I64(n) => Number::from(n).to_f32(),
            WireNumber::Text(t) => Number::parse_string_value(t)?.to_f32(),
        }
    }

    fn seq<V: Visitor<'de>>(&mut self, len: usize, visitor: V) -> Result<V::Value> {
        self.enter()?;
        let mut access = SeqAccess {
            de: &mut *self,
            remaining: len,
            index: 0,
        };
        let value = visitor.visit_seq(&mut access)?;
        let left = access.remaining;
        self.leave();
        if left != 0 {
            return Err(Error::new(
                ErrorKind::Type,
                format!("expected {} elements, found {len}", len - left),
            ));
        }
        Ok(value)
    }

    #[inline(always)]
    fn map<V: Visitor<'de>>(&mut self, len: usize, attrs: bool, visitor: V) -> Result<V::Value> {
        self.enter()?;
        let mut access = MapAccess {
            de: &mut *self,
            remaining: len,
            key: None,
            attrs,
        };
        let value = visitor.visit_map(&mut access)?;
        let left = access.remaining;
        self.leave();
        if left != 0 {
            return Err(Error::new(
                ErrorKind::Attribute,
                format!("{left} entries of the map were not read"),
            ));
        }
        Ok(value)
    }
}

/// `bytes`, a string value, map key or attribute name that started at offset `start`, as
/// text in Unicode NFC, as go-cty normalises it: borrowed unless it had to be normalised.
#[inline]
fn text(bytes: &[u8], start: usize) -> Result<Cow<'_, str>> {
    if bytes.is_ascii() {
        // SAFETY: every byte is below 0x80: ASCII text, which is valid UTF-8 and in NFC.
        return Ok(Cow::Borrowed(unsafe {
            std::str::from_utf8_unchecked(bytes)
        }));
    }
    Ok(crate::text::nfc_non_ascii(utf8(bytes, start)?))
}

/// Hands a string's bytes to a visitor as text in NFC: ASCII (nearly all of Terraform's
/// text) straight through, borrowed; the rest out of line.
#[inline]
fn visit_str_bytes<'de, V: Visitor<'de>>(
    visitor: V,
    bytes: &'de [u8],
    start: usize,
) -> Result<V::Value> {
    if bytes.is_ascii() {
        // SAFETY: every byte is below 0x80: ASCII text, which is valid UTF-8 and in NFC.
        return visitor.visit_borrowed_str(unsafe { std::str::from_utf8_unchecked(bytes) });
    }
    visit_non_ascii(visitor, bytes, start)
}

/// [`visit_str_bytes`] for text with a byte above 0x7f: checked as UTF-8, put in NFC.
#[inline(never)]
fn visit_non_ascii<'de, V: Visitor<'de>>(
    visitor: V,
    bytes: &'de [u8],
    start: usize,
) -> Result<V::Value> {
    visit_text(visitor, crate::text::nfc_non_ascii(utf8(bytes, start)?))
}

/// Hands text to a visitor: borrowed when it could be, else owned.
#[inline]
fn visit_text<'de, V: Visitor<'de>>(visitor: V, text: Cow<'de, str>) -> Result<V::Value> {
    match text {
        Cow::Borrowed(s) => visitor.visit_borrowed_str(s),
        Cow::Owned(s) => visitor.visit_string(s),
    }
}

/// An enum's variant name, as text in NFC.
fn visit_variant<'de, V: Visitor<'de>>(visitor: V, text: Cow<'de, str>) -> Result<V::Value> {
    match text {
        Cow::Borrowed(s) => visitor.visit_enum(s.into_deserializer()),
        Cow::Owned(s) => visitor.visit_enum(s.into_deserializer()),
    }
}

/// `bytes`, a string that started at offset `start`, as text.
#[inline]
fn utf8(bytes: &[u8], start: usize) -> Result<&str> {
    // Terraform's strings are mostly ASCII: checked a word at a time, that costs a fraction
    // of the general validation, which walks short strings byte by byte (a tenth of a
    // typed decode of the benchmark payloads went there).
    if bytes.is_ascii() {
        // SAFETY: every byte is below 0x80: ASCII text, which is valid UTF-8.
        return Ok(unsafe { std::str::from_utf8_unchecked(bytes) });
    }
    std::str::from_utf8(bytes).map_err(|e| {
        Error::new(
            ErrorKind::Syntax,
            format!(
                "invalid UTF-8 in a string at offset {} (byte {} of the string)",
                start,
                e.valid_up_to()
            ),
        )
    })
}

/// Whether `b` is the marker byte of a string (fixstr, str 8, str 16, str 32).
#[inline]
fn is_str_byte(b: u8) -> bool {
    matches!(b, 0xa0..=0xbf | 0xd9..=0xdb)
}

/// Whether `b` is the marker byte of an ext value (fixext 1 to 16, ext 8, 16, 32).
#[inline]
fn is_ext_byte(b: u8) -> bool {
    matches!(b, 0xc7..=0xc9 | 0xd4..=0xd8)
}

/// NaN is no Terraform number (go-cty panics on it); it is rejected wherever it appears.
#[cold]
fn nan() -> Error {
    Error::new(ErrorKind::Number, "NaN is not a valid number")
}

/// Makes a [`Number`] of any wire form.
pub(crate) fn wire_to_number(n: WireNumber<'_>) -> Result<Number> {
    Ok(match n {
        WireNumber::U64(n) => Number::from(n),
        WireNumber::I64(n) => Number::from(n),
        WireNumber::F32(f) => Number::from_f64_exact(f64::from(f))?,
        WireNumber::F64(f) => Number::from_f64_exact(f)?,
        WireNumber::Text(t) => Number::parse_string_value(t)?,
    })
}

/// Describes a marker in Terraform's terms, for "found …" in error messages.
pub(crate) fn describe(marker: Marker) -> &'static str {
    match marker {
        Marker::Null => "null",
        Marker::True | Marker::False => "a bool",
        Marker::FixPos(_)
        | Marker::FixNeg(_)
        | Marker::U8
        | Marker::U16
        | Marker::U32
        | Marker::U64
        | Marker::I8
        | Marker::I16
        | Marker::I32
        | Marker::I64
        | Marker::F32
        | Marker::F64 => "a number",
        Marker::FixStr(_) | Marker::Str8 | Marker::Str16 | Marker::Str32 => "a string",
        Marker::Bin8 | Marker::Bin16 | Marker::Bin32 => "binary data",
        Marker::FixArray(_) | Marker::Array16 | Marker::Array32 => "a list, set or tuple",
        Marker::FixMap(_) | Marker::Map16 | Marker::Map32 => "an object or map",
        Marker::Reserved => "an invalid byte",
        _ => "an unknown value",
    }
}

#[inline]
fn is_ext(marker: Marker) -> bool {
    matches!(
        marker,
        Marker::FixExt1
            | Marker::FixExt2
            | Marker::FixExt4
            | Marker::FixExt8
            | Marker::FixExt16
            | Marker::Ext8
            | Marker::Ext16
            | Marker::Ext32
    )
}

#[cfg(test)]
mod tests;
