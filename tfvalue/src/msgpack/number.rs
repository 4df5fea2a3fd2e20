//! Numbers in MessagePack: [`Number::write_msgpack`] and the writers of the MessagePack
//! integer, float64 and string-header forms it chooses between, as go-cty 1.16 encodes a
//! number.

use crate::error::Result;
use crate::number::{
    u128_digits, whole_f64_in_i64, write_float, Decimal, Number, Repr, ShortFloat,
};

impl Number {
    /// Appends the value in go-cty 1.16's MessagePack encoding: an integer that fits an
    /// `i64` as the smallest MessagePack integer (unsigned codes for non-negative values); a
    /// non-integer that is exactly a float64 as that float64; ±infinity as float64; every
    /// other number, whole numbers beyond the `i64` range included, as a string of its
    /// decimal digits (as [`Number::write_json`] writes them).
    pub fn write_msgpack(&self, out: &mut Vec<u8>) {
        match &self.0 {
            Repr::Int(i) => write_msgpack_int(*i, out),
            // Zero, a positive fixint.
            Repr::NegZero => out.push(0x00),
            Repr::UInt(u) => {
                let mut buf = [0u8; 40];
                let digits = u128_digits(u128::from(*u), &mut buf);
                write_msgpack_str_header(digits.len(), out);
                out.extend_from_slice(digits);
            }
            Repr::Float(f) | Repr::FloatDigits(f) if f.fract() != 0.0 || f.is_infinite() => {
                write_msgpack_f64(*f, out)
            }
            Repr::Float(f) => write_msgpack_whole_float(*f, out),
            Repr::FloatDigits(f) => match Decimal::from_f64(*f) {
                Some(d) => {
                    write_msgpack_str_header(d.plain_len(), out);
                    d.push_plain(out);
                }
                None => out.push(0x00),
            },
            Repr::Big(d) => {
                write_msgpack_str_header(d.plain_len(), out);
                d.push_plain(out);
            }
        }
    }
}

/// Appends a provider's `f64` as [`Number::from_f64`] makes it and
/// [`Number::write_msgpack`] writes it, with no heap decimal in between for a short
/// non-integer ([`ShortFloat`]).
#[inline]
pub(crate) fn write_msgpack_from_f64(f: f64, out: &mut Vec<u8>) -> Result<()> {
    match ShortFloat::of(f) {
        Some(ShortFloat::Exact(f)) => write_msgpack_f64(f, out),
        Some(ShortFloat::Decimal(plain)) => {
            write_msgpack_str_header(plain.as_bytes().len(), out);
            out.extend_from_slice(plain.as_bytes());
        }
        None => Number::from_f64(f)?.write_msgpack(out),
    }
    Ok(())
}

/// The smallest MessagePack integer for `i` (unsigned codes for non-negative values).
// Inlined into `write_msgpack` and the serializer's `serialize_i64`/`serialize_u64`, the
// hot path of every integer written.
#[inline(always)]
pub(super) fn write_msgpack_int(i: i64, out: &mut Vec<u8>) {
    if i >= 0 {
        let u = i as u64;
        if u <= 0x7f {
            out.push(u as u8);
        } else if u <= 0xff {
            out.extend_from_slice(&[0xcc, u as u8]);
        } else if u <= 0xffff {
            out.push(0xcd);
            out.extend_from_slice(&(u as u16).to_be_bytes());
        } else if u <= 0xffff_ffff {
            out.push(0xce);
            out.extend_from_slice(&(u as u32).to_be_bytes());
        } else {
            out.push(0xcf);
            out.extend_from_slice(&u.to_be_bytes());
        }
    } else if i >= -32 {
        out.push(i as u8);
    } else if i >= i64::from(i8::MIN) {
        out.extend_from_slice(&[0xd0, i as u8]);
    } else if i >= i64::from(i16::MIN) {
        out.push(0xd1);
        out.extend_from_slice(&(i as i16).to_be_bytes());
    } else if i >= i64::from(i32::MIN) {
        out.push(0xd2);
        out.extend_from_slice(&(i as i32).to_be_bytes());
    } else {
        out.push(0xd3);
        out.extend_from_slice(&i.to_be_bytes());
    }
}

/// A whole float64 from the wire of at least 2^53 in magnitude: an integer when it fits an
/// `i64`, else its text (its shortest digits, up to 309 of them, written to a string first
/// to know their length). Rare, so out of the integers' way.
#[cold]
#[inline(never)]
fn write_msgpack_whole_float(f: f64, out: &mut Vec<u8>) {
    match whole_f64_in_i64(f) {
        Some(i) => write_msgpack_int(i, out),
        None => {
            let mut text = String::new();
            let _ = write_float(&mut text, f);
            write_msgpack_str_header(text.len(), out);
            out.extend_from_slice(text.as_bytes());
        }
    }
}

fn write_msgpack_f64(f: f64, out: &mut Vec<u8>) {
    out.push(0xcb);
    out.extend_from_slice(&f.to_bits().to_be_bytes());
}

pub(super) fn write_msgpack_str_header(len: usize, out: &mut Vec<u8>) {
    if len < 32 {
        out.push(0xa0 | len as u8);
    } else if len <= 0xff {
        out.extend_from_slice(&[0xd9, len as u8]);
    } else if len <= 0xffff {
        out.push(0xda);
        out.extend_from_slice(&(len as u16).to_be_bytes());
    } else {
        out.push(0xdb);
        out.extend_from_slice(&u32::try_from(len).unwrap_or(u32::MAX).to_be_bytes());
    }
}

#[cfg(test)]
mod tests;
