//! Reading refinements: a small msgpack reader for the payload map of a refined unknown,
//! with go-cty 1.16's checks and its error messages.

use super::encode::write_payload;
use super::{
    Inner, Refinements, Seen, KEY_LENGTH_LOWER, KEY_LENGTH_UPPER, KEY_NULLNESS, KEY_NUMBER_LOWER,
    KEY_NUMBER_UPPER, KEY_PREFIX, NO_LENGTH_BOUND,
};
use crate::error::{Error, ErrorKind, Result};
use crate::limits::MAX_REFINEMENT_PAYLOAD;
use crate::number::Number;
use std::fmt;

impl Refinements {
    /// Decodes the payload of a refined unknown (the body of msgpack extension 12).
    ///
    /// Rules, after go-cty 1.13+ (`cty/msgpack/unknown.go`):
    /// - a payload of 0 or 1 bytes is an unknown without refinements, whatever the byte (go-cty
    ///   skips such bodies unread; an empty map `80` is the usual one);
    /// - longer than [`MAX_REFINEMENT_PAYLOAD`] bytes, as given or as it would be written
    ///   back (a number bound in exponent form, such as `1e2000`, is written in plain
    ///   digits): [`ErrorKind::Limit`] error;
    /// - otherwise it must be a msgpack map with the integer keys 1–6, read as described on
    ///   [`Refinements`]. Another key, a non-integer key, a value of the wrong shape, a
    ///   prefix that is not UTF-8, a key given twice, truncated data:
    ///   [`ErrorKind::Refinement`] error.
    /// - length bounds are read as go-cty reads them, as 64-bit signed integers (2^63 and
    ///   more wrap to negative numbers): a lower bound below 1 says nothing, an upper bound
    ///   of 2^63-1 is go-cty's "no bound" and says nothing either, and a negative upper bound
    ///   (on which go-cty panics) is an [`ErrorKind::Refinement`] error. Either key, even
    ///   one that says nothing, is refused on a value that is no collection (see
    ///   [`Refinements::check_type`]). (go-cty 1.16 does not skip the value of a key it
    ///   does not know but reads it as the next key, so no payload with one means the same
    ///   to Terraform and to a reader that skips it.)
    /// - refinements that describe no value (see [`Refinements::with_number_lower_bound`]
    ///   and [`Refinements::with_length_lower_bound`]) are an [`ErrorKind::Refinement`] error:
    ///   go-cty 1.16 panics on them.
    /// - the prefix is put in Unicode NFC, as go-cty does. Nullness `true` is kept and
    ///   reported by [`Refinements::nullness`]: such an unknown is a known null, and the
    ///   decoders of values and of [`crate::Unknown`] give a null for it.
    /// - Bytes after the map are ignored, as go-cty does on purpose (a future Terraform may
    ///   pad or extend the payload).
    ///
    /// Whether the refinements fit the type of the value is a separate check:
    /// [`Refinements::check_type`] / [`Refinements::for_type`].
    pub fn decode_payload(payload: &[u8]) -> Result<Refinements> {
        if payload.len() > MAX_REFINEMENT_PAYLOAD {
            return Err(Error::new(
                ErrorKind::Limit,
                format!(
                    "the refinements of an unknown value take {} bytes, more than the limit of \
                     {MAX_REFINEMENT_PAYLOAD}",
                    payload.len()
                ),
            ));
        }
        if payload.len() <= 1 {
            return Ok(Refinements::new());
        }
        let mut r = Reader { data: payload };
        let entries = match r.head()? {
            Head::Map(n) => n,
            other => {
                return Err(malformed(format_args!(
                    "expected a map, found {}",
                    other.describe()
                )))
            }
        };
        let mut inner = Inner::default();
        let mut seen = 0u8;
        // Every entry takes at least two bytes, so a huge count ends in a truncation error
        // after at most `payload.len()` iterations.
        for _ in 0..entries {
            let key = match r.head()? {
                Head::Int(k) => k,
                other => {
                    return Err(malformed(format_args!(
                        "the keys must be integers, found {}",
                        other.describe()
                    )))
                }
            };
            if !(KEY_NULLNESS..=KEY_LENGTH_UPPER).contains(&key) {
                // go-cty 1.16 reads the value of a key it does not know as the next key
                // (and so fails, or takes a value for a key): no reading of such a payload
                // agrees with Terraform's.
                return Err(malformed(format_args!(
                    "the key {key} is not a refinement Terraform defines (1 to 6)"
                )));
            }
            let bit = 1u8 << (key as u32);
            if seen & bit != 0 {
                return Err(malformed(format_args!(
                    "the key {key} ({}) appears more than once",
                    key_name(key)
                )));
            }
            seen |= bit;
            match key {
                KEY_NULLNESS => match r.head()? {
                    Head::Bool(b) => inner.nullness = Some(b),
                    other => return Err(wrong_shape(key, "a bool", &other)),
                },
                KEY_PREFIX => match r.head()? {
                    Head::Str(bytes) => match std::str::from_utf8(bytes) {
                        Ok(s) => {
                            // An empty prefix says nothing, but only a string has one.
                            inner.prefix_key = Seen(true);
                            inner.prefix = crate::text::nfc(s).into_owned();
                        }
                        Err(_) => {
                            return Err(malformed(format_args!(
                                "the {} (key {key}) is not valid UTF-8",
                                key_name(key)
                            )))
                        }
                    },
                    other => return Err(wrong_shape(key, "a string", &other)),
                },
                KEY_NUMBER_LOWER => inner.number_lower = Some(r.number_bound(key)?),
                KEY_NUMBER_UPPER => inner.number_upper = Some(r.number_bound(key)?),
                _ => {
                    let n = match r.head()? {
                        Head::Int(n) => n,
                        other => return Err(wrong_shape(key, "an integer", &other)),
                    };
                    inner.length_key = Seen(true);
                    // go-cty reads a length bound as a 64-bit signed integer: 2^63 and more
                    // wrap to negative numbers (msgpack integers are -2^63..2^64-1, so the
                    // low 64 bits are the whole of it).
                    let signed = n as u64 as i64;
                    if key == KEY_LENGTH_LOWER {
                        // A lower bound below 1 says nothing; go-cty ignores a negative one.
                        inner.length_lower = u64::try_from(signed).ok().filter(|&n| n != 0);
                    } else {
                        // go-cty takes its largest length for "no bound", and panics on a
                        // negative one ("upper bound -1 is less than lower bound 0").
                        let n = u64::try_from(signed).map_err(|_| negative_upper(n, signed))?;
                        inner.length_upper = (n < NO_LENGTH_BOUND).then_some(n);
                    }
                }
            }
        }
        // Trailing bytes after the map are ignored on purpose (see above).
        if let Some(e) = inner.contradiction() {
            return Err(e);
        }
        if inner.has_number_bounds() {
            // A bound in exponent form can be short here and long written out.
            let mut written = Vec::new();
            write_payload(&inner, &mut written, usize::MAX);
            if written.len() > MAX_REFINEMENT_PAYLOAD {
                return Err(Error::new(
                    ErrorKind::Limit,
                    format!(
                        "the refinements of an unknown value would take {} bytes written as \
                         Terraform writes them (number bounds in plain digits, without an \
                         exponent), more than the limit of {MAX_REFINEMENT_PAYLOAD}",
                        written.len()
                    ),
                ));
            }
        }
        Ok(if inner.is_empty() {
            Refinements::new()
        } else {
            Refinements(Some(Box::new(inner)))
        })
    }
}

/// How a payload key is named in messages.
fn key_name(key: i128) -> &'static str {
    match key {
        KEY_NULLNESS => "nullness",
        KEY_PREFIX => "string prefix",
        KEY_NUMBER_LOWER => "number lower bound",
        KEY_NUMBER_UPPER => "number upper bound",
        KEY_LENGTH_LOWER => "length lower bound",
        _ => "length upper bound",
    }
}

/// A length upper bound go-cty reads as negative (and panics on).
#[cold]
fn negative_upper(given: i128, read: i64) -> Error {
    let read_as = if given == i128::from(read) {
        String::new()
    } else {
        format!(", which Terraform reads as the 64-bit signed integer {read}")
    };
    Error::new(
        ErrorKind::Refinement,
        format!(
            "the length upper bound of an unknown value is {given}{read_as}: no collection has \
             fewer than 0 elements"
        ),
    )
}

#[cold]
fn malformed(msg: fmt::Arguments<'_>) -> Error {
    Error::new(
        ErrorKind::Refinement,
        format!("malformed refinements of an unknown value: {msg}"),
    )
}

#[cold]
fn wrong_shape(key: i128, expected: &str, found: &Head<'_>) -> Error {
    malformed(format_args!(
        "the {} (key {key}) must be {expected}, found {}",
        key_name(key),
        found.describe()
    ))
}

/// One msgpack value's marker and immediate data; containers only carry their size.
enum Head<'a> {
    Nil,
    Bool(bool),
    /// Any msgpack integer: `-2^63 ..= 2^64-1`.
    Int(i128),
    /// float 32 (widened exactly) or float 64.
    Float(f64),
    Str(&'a [u8]),
    Bin,
    Array(u32),
    Map(u32),
    Ext,
}

impl Head<'_> {
    /// What was found, in Terraform's words.
    fn describe(&self) -> &'static str {
        match self {
            Head::Nil => "null",
            Head::Bool(_) => "a bool",
            Head::Int(_) | Head::Float(_) => "a number",
            Head::Str(_) => "a string",
            Head::Bin => "binary data",
            Head::Array(_) => "an array",
            Head::Map(_) => "a map",
            Head::Ext => "an unknown value",
        }
    }
}

/// A minimal msgpack reader over the payload; `data` is what remains unread.
struct Reader<'a> {
    data: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8]> {
        match self.data.split_at_checked(n) {
            Some((taken, rest)) => {
                self.data = rest;
                Ok(taken)
            }
            None => Err(malformed(format_args!("unexpected end of data"))),
        }
    }

    fn take_array<const N: usize>(&mut self) -> Result<[u8; N]> {
        let bytes = self.take(N)?;
        let mut out = [0u8; N];
        out.copy_from_slice(bytes);
        Ok(out)
    }

    fn u8(&mut self) -> Result<u8> {
        Ok(u8::from_be_bytes(self.take_array()?))
    }

    fn u16(&mut self) -> Result<u16> {
        Ok(u16::from_be_bytes(self.take_array()?))
    }

    fn u32(&mut self) -> Result<u32> {
        Ok(u32::from_be_bytes(self.take_array()?))
    }

    /// Reads `n` bytes of data whose length came from the input.
    fn take_len(&mut self, n: u32) -> Result<&'a [u8]> {
        self.take(usize::try_from(n).unwrap_or(usize::MAX))
    }

    /// Reads one marker with its data (for strings, binaries and extensions, the body too).
    fn head(&mut self) -> Result<Head<'a>> {
        let marker = self.u8()?;
        Ok(match marker {
            0x00..=0x7f => Head::Int(i128::from(marker)),
            0x80..=0x8f => Head::Map(u32::from(marker & 0x0f)),
            0x90..=0x9f => Head::Array(u32::from(marker & 0x0f)),
            0xa0..=0xbf => Head::Str(self.take(usize::from(marker & 0x1f))?),
            0xc0 => Head::Nil,
            0xc1 => {
                return Err(malformed(format_args!(
                    "found the reserved msgpack byte 0xc1"
                )))
            }
            0xc2 => Head::Bool(false),
            0xc3 => Head::Bool(true),
            0xc4 => {
                let n = self.u8()?;
                self.take_len(n.into())?;
                Head::Bin
            }
            0xc5 => {
                let n = self.u16()?;
                self.take_len(n.into())?;
                Head::Bin
            }
            0xc6 => {
                let n = self.u32()?;
                self.take_len(n)?;
                Head::Bin
            }
            0xc7 => {
                let n = self.u8()?;
                self.take_len(u32::from(n) + 1)?;
                Head::Ext
            }
            0xc8 => {
                let n = self.u16()?;
                self.take_len(u32::from(n) + 1)?;
                Head::Ext
            }
            0xc9 => {
                let n = self.u32()?;
                self.take_len(n)?;
                self.take(1)?;
                Head::Ext
            }
            0xca => Head::Float(f64::from(f32::from_be_bytes(self.take_array()?))),
            0xcb => Head::Float(f64::from_be_bytes(self.take_array()?)),
            0xcc => Head::Int(i128::from(self.u8()?)),
            0xcd => Head::Int(i128::from(self.u16()?)),
            0xce => Head::Int(i128::from(self.u32()?)),
            0xcf => Head::Int(i128::from(u64::from_be_bytes(self.take_array()?))),
            0xd0 => Head::Int(i128::from(i8::from_be_bytes(self.take_array()?))),
            0xd1 => Head::Int(i128::from(i16::from_be_bytes(self.take_array()?))),
            0xd2 => Head::Int(i128::from(i32::from_be_bytes(self.take_array()?))),
            0xd3 => Head::Int(i128::from(i64::from_be_bytes(self.take_array()?))),
            0xd4..=0xd8 => {
                // Type byte plus 1, 2, 4, 8 or 16 body bytes.
                self.take(1 + (1usize << (marker - 0xd4)))?;
                Head::Ext
            }
            0xd9 => {
                let n = self.u8()?;
                Head::Str(self.take_len(n.into())?)
            }
            0xda => {
                let n = self.u16()?;
                Head::Str(self.take_len(n.into())?)
            }
            0xdb => {
                let n = self.u32()?;
                Head::Str(self.take_len(n)?)
            }
            0xdc => Head::Array(self.u16()?.into()),
            0xdd => Head::Array(self.u32()?),
            0xde => Head::Map(self.u16()?.into()),
            0xdf => Head::Map(self.u32()?),
            0xe0..=0xff => Head::Int(i128::from(marker as i8)),
        })
    }

    /// Reads a number bound: a two-element array `[number, inclusive bool]`.
    fn number_bound(&mut self, key: i128) -> Result<(Number, bool)> {
        let name = key_name(key);
        match self.head()? {
            Head::Array(2) => {}
            Head::Array(n) => {
                return Err(malformed(format_args!(
                    "the {name} (key {key}) must be a [number, bool] array, found an array of \
                     {n} elements"
                )))
            }
            other => return Err(wrong_shape(key, "a [number, bool] array", &other)),
        }
        let invalid = |e: Error| {
            malformed(format_args!(
                "the {name} (key {key}) is not a valid number: {}",
                e.message()
            ))
        };
        let number = match self.head()? {
            Head::Int(n) => match (i64::try_from(n), u64::try_from(n)) {
                (Ok(i), _) => Number::from(i),
                (_, Ok(u)) => Number::from(u),
                // Unreachable: msgpack integers fit one of the two.
                _ => {
                    return Err(malformed(format_args!(
                        "the {name} (key {key}) is too large"
                    )))
                }
            },
            Head::Float(f) => Number::from_f64_exact(f).map_err(invalid)?,
            Head::Str(bytes) => match std::str::from_utf8(bytes) {
                Ok(text) => Number::parse(text).map_err(invalid)?,
                Err(_) => {
                    return Err(malformed(format_args!(
                        "the {name} (key {key}) is not valid UTF-8 text"
                    )))
                }
            },
            other => {
                return Err(malformed(format_args!(
                    "the {name} (key {key}) must start with a number, found {}",
                    other.describe()
                )))
            }
        };
        let inclusive = match self.head()? {
            Head::Bool(b) => b,
            other => {
                return Err(malformed(format_args!(
                    "the {name} (key {key}) must end with a bool (whether the bound is \
                     inclusive), found {}",
                    other.describe()
                )))
            }
        };
        Ok((number, inclusive))
    }
}
