//! Terraform's number: exact, arbitrary precision, and cheap when small.
//!
//! Terraform (through go-cty) keeps numbers as arbitrary-precision binary floats parsed from
//! decimal text, so `0.1` in configuration is the decimal 0.1, not the nearest `f64`. A
//! [`Number`] keeps that exact value. Most numbers are small integers; they live in an
//! `i64` with no allocation. Values that are exactly an `f64` live in an `f64`; only the rest
//! (such as `0.1` or a 40-digit integer) are stored as an exact decimal on the heap.
//!
//! A number also remembers what go-cty (Terraform's value library) remembers about where it
//! came from, because go-cty writes a value's text from it: a float64 from the wire is a
//! 53-bit float whose text is its shortest digits (2^63 from a float64 is written
//! `9223372036854776000`), while decimal text is kept at 512 bits and written with all its
//! digits (`9223372036854775808`); and zero keeps its sign (`-0`). Equality and hashing are
//! value equality across all forms (`-0` equals `0`), and the ordering is exact numeric
//! order.

mod decimal;

mod display;
mod go_shortest;
mod order;
mod outward;
mod parse;
mod serde_impls;
mod short_float;

use std::fmt::{self, Write as _};
use std::str::FromStr;

use crate::error::{Error, ErrorKind, Result};

use self::parse::{
    exact_float_repr, from_magnitude, internal_error, large_whole_float, nan_error, parse_bytes,
};

// What the rest of the crate reads of a number's insides: the MessagePack writer
// (`crate::msgpack`) matches on `Repr` and writes digits and floats with these; the JSON
// reader asks for a float's shortest text.
pub(crate) use self::decimal::{u128_digits, Decimal};
pub(crate) use self::display::write_float;
pub(crate) use self::parse::{shortest_f64, whole_f64_in_i64};
pub(crate) use self::short_float::ShortFloat;

/// A Terraform number: an exact decimal or binary value of arbitrary precision, or ±infinity.
///
/// Create one from an integer (`Number::from(3)`), from decimal text ([`Number::parse`]),
/// from a float ([`Number::from_f64`] for a provider's value, [`Number::from_f64_exact`] for
/// a value read from the wire). Convert back with the checked `to_*` methods, which fail
/// rather than lose precision. `Display` gives Terraform's text, without an exponent.
#[derive(Clone)]
pub struct Number(pub(crate) Repr);

#[derive(Clone)]
pub(crate) enum Repr {
    /// Every value equal to an `i64` (including zero), except the whole float64s from the
    /// wire of at least 2^53 in magnitude, which are [`Repr::Float`].
    Int(i64),
    /// Integers above `i64::MAX` that fit a `u64`, from integers or decimal text.
    UInt(u64),
    /// Zero with a minus sign (`-0` as text, or -0.0 from the wire): equal to zero, written
    /// as `0` in MessagePack and as `-0` in JSON, as go-cty does.
    NegZero,
    /// Other values that are exactly an `f64`: non-integers, whole float64s from the wire of
    /// at least 2^53 in magnitude, integers beyond the 64-bit ranges whose text is the
    /// float's shortest digits, ±infinity. Never NaN, never zero. Written as go-cty writes
    /// a float64 it received, whole or not: the shortest digits at 53 bits of precision
    /// (for a power of two or a subnormal, `big.Float`'s digits, which need not read back
    /// as the same `f64`: 2^64 is `18446744073709550000`).
    Float(f64),
    /// A value exactly equal to a finite `f64` that came from decimal text whose digits are
    /// not the float's shortest text (such as the 51-digit integer
    /// 777770034794969986247221540117520051061017630736384): written with all its digits, so
    /// that text reads back as the same text. Equal to the `Float` of the same value.
    FloatDigits(f64),
    /// Everything else, as an exact decimal.
    Big(Box<Decimal>),
}

/// The most significant digits a decimal may have and still come back unchanged from an
/// `f64` (C's `DBL_DIG`): a whole float of 2^53 or more whose shortest decimal has at most
/// this many digits is written as that decimal, another as its exact value (`from_f64`).
pub(crate) const FLOAT_DIGITS: usize = 15;

/// The same for an `f32` (C's `FLT_DIG`), for whole floats of 2^24 or more (`from_f32`).
pub(crate) const FLOAT32_DIGITS: usize = 6;

/// 2^53: integers below it in magnitude are exact in an `f64`.
const TWO_POW_53: u64 = 1 << 53;
/// 2^64, as an `f64`.
const TWO_POW_64: f64 = 18_446_744_073_709_551_616.0;
/// Length at which numbers quoted in error messages are cut.
const QUOTE_LIMIT: usize = 40;
/// Saturation bound of parsed exponents (far beyond any accepted exponent).
const EXPONENT_CAP: i64 = 1 << 40;

impl Number {
    /// Decimal text as Terraform accepts it (Go's `big.ParseFloat` in base 10): an optional
    /// sign, digits with an optional decimal point (at least one digit), and an optional
    /// exponent `e`/`E` with an optional sign.
    ///
    /// Hexadecimal, underscores, `inf`, `NaN`, spaces and empty text are rejected
    /// ([`ErrorKind::Number`]). Text longer than [`MAX_NUMBER_TEXT`] bytes (1 MiB: the
    /// 5,001 digits Terraform sends for a configuration's `1e5000` are fine), values whose
    /// plain text (written out without an exponent, as `Display` and Terraform write
    /// numbers) would be longer, and values given with an exponent whose plain text would
    /// take more than [`MAX_NUMBER_EXPANSION`] bytes, such as `1e4096`, are rejected with
    /// [`ErrorKind::Limit`]: every number accepted can be written and read back, at no more
    /// than a few kilobytes more than it was read.
    ///
    /// [`MAX_NUMBER_TEXT`]: crate::limits::MAX_NUMBER_TEXT
    /// [`MAX_NUMBER_EXPANSION`]: crate::limits::MAX_NUMBER_EXPANSION
    pub fn parse(text: &str) -> Result<Number> {
        parse_bytes(text.as_bytes(), text)
    }

    /// Parses a number that arrived as a string where a number was expected (Terraform
    /// writes large and fractional numbers as decimal strings). Text that is no decimal
    /// number reads "expected number, found the string …"; limits keep their own errors.
    pub(crate) fn parse_string_value(text: &str) -> Result<Number> {
        Number::parse(text).map_err(|e| {
            if e.kind() != ErrorKind::Number {
                return e;
            }
            let mut shown: String = text.chars().take(40).collect();
            if shown.len() < text.len() {
                shown.push_str("...");
            }
            let mut found = String::from("the string ");
            let _ = crate::path::write_quoted(&mut found, &shown);
            Error::expected(ErrorKind::Type, "number", found)
        })
    }

    /// A provider's float, as Terraform's plugin SDKs see it: the shortest decimal that
    /// rounds back to `f` (so `from_f64(0.1)` is the decimal 0.1, equal to
    /// `Number::parse("0.1")`). ±infinity are kept; NaN is an error.
    ///
    /// A whole `f` of 2^53 or more in magnitude must come back as the very integer
    /// Terraform sent for it (go-cty compares whole numbers by exact value, and a planned
    /// value must equal the configuration's). When its shortest decimal has at most 15
    /// significant digits (C's `DBL_DIG`: every such decimal survives a trip through an
    /// `f64`), that decimal is the number (`1e300`, which the float holds as
    /// 1.0000000000000000525…e300); otherwise the float's exact value is (2^63 is
    /// `9223372036854775808`, not its shortest text `9223372036854776000`): a configuration
    /// spells out such an integer. [`Number::to_f64`] accepts exactly the numbers this
    /// gives, so what a float field reads, it writes back unchanged.
    pub fn from_f64(f: f64) -> Result<Number> {
        if f.is_nan() {
            return Err(nan_error());
        }
        if f.is_infinite() {
            return Ok(Number(Repr::Float(f)));
        }
        if f == 0.0 && f.is_sign_negative() {
            return Ok(Number(Repr::NegZero));
        }
        if f.trunc() == f && f.abs() < TWO_POW_53 as f64 {
            return Ok(Number(Repr::Int(f as i64)));
        }
        let mut buf = StackText::default();
        write!(buf, "{f:e}").map_err(|_| internal_error())?;
        if f.abs() >= TWO_POW_53 as f64 {
            return large_whole_float(f, buf.as_bytes(), FLOAT_DIGITS);
        }
        parse_bytes(buf.as_bytes(), "")
    }

    /// Like [`Number::from_f64`], with the shortest decimal that rounds back to the `f32`
    /// (so `from_f32(0.1)` is the decimal 0.1). A whole `f` of 2^24 or more in magnitude is,
    /// by the rule of [`Number::from_f64`], its shortest decimal up to 6 significant
    /// digits (C's `FLT_DIG`: `3e10`), else its exact value (2^40 is
    /// `1099511627776`, not `1099511600000`).
    pub fn from_f32(f: f32) -> Result<Number> {
        if f.is_nan() {
            return Err(nan_error());
        }
        if f.is_infinite() {
            return Ok(Number(Repr::Float(f64::from(f))));
        }
        if f == 0.0 && f.is_sign_negative() {
            return Ok(Number(Repr::NegZero));
        }
        if f.trunc() == f && f.abs() < (1u32 << 24) as f32 {
            return Ok(Number(Repr::Int(f as i64)));
        }
        let mut buf = StackText::default();
        write!(buf, "{f:e}").map_err(|_| internal_error())?;
        if f.abs() >= (1u32 << 24) as f32 {
            return large_whole_float(f64::from(f), buf.as_bytes(), FLOAT32_DIGITS);
        }
        parse_bytes(buf.as_bytes(), "")
    }

    /// The exact binary value of `f`, as Terraform sends a float64 on the wire:
    /// `from_f64_exact(0.1)` is 0.1000000000000000055511151231257827…. The number keeps
    /// go-cty's 53-bit view of it: its text is the float's shortest digits (2^63 is written
    /// `9223372036854776000`). `-0.0` is zero written `-0`; ±infinity are kept; NaN is an
    /// error.
    pub fn from_f64_exact(f: f64) -> Result<Number> {
        if f.is_nan() {
            return Err(nan_error());
        }
        Ok(Number(exact_float_repr(f)))
    }

    /// The value as an `i64`, if it is a whole number in range. Never allocates.
    #[inline]
    pub fn as_i64(&self) -> Option<i64> {
        match self.0 {
            Repr::Int(i) => Some(i),
            Repr::NegZero => Some(0),
            Repr::Float(f) => whole_f64_in_i64(f),
            _ => None,
        }
    }

    /// The value as a `u64`, if it is a whole number in range. Never allocates.
    #[inline]
    pub fn as_u64(&self) -> Option<u64> {
        match self.0 {
            Repr::Int(i) => u64::try_from(i).ok(),
            Repr::UInt(u) => Some(u),
            Repr::NegZero => Some(0),
            Repr::Float(f) if f.fract() == 0.0 && (0.0..TWO_POW_64).contains(&f) => Some(f as u64),
            _ => None,
        }
    }

    /// Whether the value is a whole number (infinity is not).
    pub fn is_integer(&self) -> bool {
        match &self.0 {
            Repr::Int(_) | Repr::UInt(_) | Repr::NegZero => true,
            Repr::Float(f) | Repr::FloatDigits(f) => f.is_finite() && f.fract() == 0.0,
            Repr::Big(d) => d.exp() >= 0,
        }
    }

    /// Whether the value is +infinity or -infinity.
    pub fn is_infinite(&self) -> bool {
        matches!(self.0, Repr::Float(f) if f.is_infinite())
    }

    /// Whether the value is below zero (including -infinity).
    pub fn is_negative(&self) -> bool {
        match &self.0 {
            Repr::Int(i) => *i < 0,
            Repr::UInt(_) | Repr::NegZero => false,
            Repr::Float(f) | Repr::FloatDigits(f) => *f < 0.0,
            Repr::Big(d) => d.is_negative(),
        }
    }

    /// Appends the value as a JSON number, in the same text as `Display`. Infinity has no
    /// JSON form and is an error.
    pub fn write_json(&self, out: &mut Vec<u8>) -> Result<()> {
        match &self.0 {
            Repr::Int(i) => {
                let mut buf = [0u8; 40];
                if *i < 0 {
                    out.push(b'-');
                }
                out.extend_from_slice(u128_digits(u128::from(i.unsigned_abs()), &mut buf));
            }
            Repr::UInt(u) => {
                let mut buf = [0u8; 40];
                out.extend_from_slice(u128_digits(u128::from(*u), &mut buf));
            }
            Repr::NegZero => out.extend_from_slice(b"-0"),
            Repr::Float(f) => {
                if f.is_infinite() {
                    return Err(Error::new(
                        ErrorKind::Number,
                        "cannot represent infinity in JSON",
                    ));
                }
                let mut w = VecText(out);
                write_float(&mut w, *f).map_err(|_| internal_error())?;
            }
            Repr::FloatDigits(f) => match decimal::Decimal::from_f64(*f) {
                Some(d) => d.push_plain(out),
                None => out.push(b'0'),
            },
            Repr::Big(d) => d.push_plain(out),
        }
        Ok(())
    }

    /// The value, if it is a whole number, classified for the integer conversions.
    fn whole(&self) -> Whole {
        match &self.0 {
            Repr::Int(i) => Whole::Signed(i128::from(*i)),
            Repr::UInt(u) => Whole::Signed(i128::from(*u)),
            Repr::NegZero => Whole::Signed(0),
            Repr::Float(f) | Repr::FloatDigits(f) => {
                const TWO_POW_127: f64 = 170_141_183_460_469_231_731_687_303_715_884_105_728.0;
                if !f.is_finite() {
                    Whole::OutOfRange
                } else if f.fract() != 0.0 {
                    Whole::Fraction
                } else if *f >= -TWO_POW_127 && *f < TWO_POW_127 {
                    Whole::Signed(*f as i128)
                } else if *f > 0.0 && *f < 2.0 * TWO_POW_127 {
                    Whole::Unsigned(*f as u128)
                } else {
                    Whole::OutOfRange
                }
            }
            Repr::Big(d) => {
                if d.exp() < 0 {
                    return Whole::Fraction;
                }
                match d.integer_magnitude() {
                    Some(m) if d.is_negative() => 0i128
                        .checked_sub_unsigned(m)
                        .map_or(Whole::OutOfRange, Whole::Signed),
                    Some(m) => i128::try_from(m).map_or(Whole::Unsigned(m), Whole::Signed),
                    None => Whole::OutOfRange,
                }
            }
        }
    }

    #[cold]
    fn range_error(&self, min: &dyn fmt::Display, max: &dyn fmt::Display) -> Error {
        Error::out_of_range(self.short_text(), min, max)
    }

    #[cold]
    fn float_error(&self, bits: u32, overflow: bool) -> Error {
        let message = if overflow {
            format!(
                "the number {} is too large for a {bits}-bit float",
                self.short_text()
            )
        } else {
            format!(
                "the number {} cannot be represented by a {bits}-bit float without losing precision",
                self.short_text()
            )
        };
        Error::new(ErrorKind::Number, message)
    }

    /// A whole number a float holds exactly that the float writes back as another decimal.
    #[cold]
    fn rewritten_error(&self, bits: u32, written: &Number) -> Error {
        Error::new(
            ErrorKind::Number,
            format!(
                "the number {} is exactly a {bits}-bit float, but a {bits}-bit float is \
                 written back as {} (its shortest decimal); use a Number to keep every digit",
                self.short_text(),
                written.short_text()
            ),
        )
    }

    /// The display text, cut for error messages.
    fn short_text(&self) -> String {
        let mut s = self.to_string();
        if s.len() > QUOTE_LIMIT {
            s.truncate(QUOTE_LIMIT);
            s.push_str("...");
        }
        s
    }

    /// The value as an `f64`, if the float gives the same number back through
    /// [`Number::from_f64`] (so a float field writes back what it read): the exact value of
    /// a float, or the shortest decimal of one (`Number::parse("0.1")` gives `0.1`). A
    /// whole number of 2^53 or more must be the one `from_f64` gives: `9223372036854775808`
    /// and `1e300` convert, `9223372036854776000` (2^63's shortest text) does not. A float64
    /// from the wire, and a fraction that is exactly a float, convert as they are. ±infinity
    /// convert; overflow and lost precision are errors.
    pub fn to_f64(&self) -> Result<f64> {
        let f = match &self.0 {
            Repr::Int(i) => {
                let f = *i as f64;
                if f as i128 == i128::from(*i) {
                    return Ok(f);
                }
                f
            }
            Repr::UInt(u) => *u as f64,
            Repr::NegZero => return Ok(-0.0),
            // A float64 from the wire, and a fraction that is exactly a float: as they are.
            Repr::Float(f) => return Ok(*f),
            Repr::FloatDigits(f) if f.fract() != 0.0 => return Ok(*f),
            Repr::FloatDigits(f) => *f,
            Repr::Big(d) => d.to_f64_rounded(),
        };
        if f.is_infinite() {
            return Err(self.float_error(64, true));
        }
        match Number::from_f64(f) {
            Ok(n) if n == *self => Ok(f),
            Ok(n) if Number::from_f64_exact(f).is_ok_and(|x| x == *self) => {
                Err(self.rewritten_error(64, &n))
            }
            _ => Err(self.float_error(64, false)),
        }
    }

    /// The value as an `f32`, under the same rule as [`Number::to_f64`] with `f32`
    /// ([`Number::from_f32`]); a non-integer that is exactly the float also converts.
    pub fn to_f32(&self) -> Result<f32> {
        let g = match &self.0 {
            Repr::Int(i) => *i as f32,
            Repr::UInt(u) => *u as f32,
            Repr::NegZero => return Ok(-0.0),
            Repr::Float(f) if f.is_infinite() => return Ok(*f as f32),
            Repr::Float(f) | Repr::FloatDigits(f) => *f as f32,
            Repr::Big(d) => d.to_f32_rounded(),
        };
        if g.is_infinite() {
            return Err(self.float_error(32, true));
        }
        let written = Number::from_f32(g);
        let exact = Number::from_f64_exact(f64::from(g)).is_ok_and(|n| n == *self);
        match written {
            Ok(n) if n == *self => Ok(g),
            // A whole float of 2^24 or more is written as `from_f32` says, nothing else.
            Ok(n) if exact && g.fract() == 0.0 && g.abs() >= (1u32 << 24) as f32 => {
                Err(self.rewritten_error(32, &n))
            }
            _ if exact => Ok(g),
            _ => Err(self.float_error(32, false)),
        }
    }

    /// The exact value in comparable form.
    fn exact(&self) -> Exact<'_> {
        match &self.0 {
            Repr::Int(0) | Repr::NegZero => Exact::Zero,
            Repr::Int(i) => {
                Exact::owned(Decimal::from_u128(*i < 0, u128::from(i.unsigned_abs()), 0))
            }
            Repr::UInt(u) => Exact::owned(Decimal::from_u128(false, u128::from(*u), 0)),
            Repr::Float(f) if f.is_infinite() => {
                if *f > 0.0 {
                    Exact::PosInf
                } else {
                    Exact::NegInf
                }
            }
            Repr::Float(f) | Repr::FloatDigits(f) => Exact::owned(Decimal::from_f64(*f)),
            Repr::Big(d) => Exact::Dec(std::borrow::Cow::Borrowed(d)),
        }
    }

    /// -1, 0 or 1.
    fn signum(&self) -> i8 {
        match &self.0 {
            Repr::Int(i) => i.signum() as i8,
            Repr::NegZero => 0,
            Repr::UInt(_) => 1,
            Repr::Float(f) | Repr::FloatDigits(f) => {
                if *f < 0.0 {
                    -1
                } else {
                    1
                }
            }
            Repr::Big(d) => {
                if d.is_negative() {
                    -1
                } else {
                    1
                }
            }
        }
    }
}

/// A whole number, classified for the integer conversions.
enum Whole {
    Fraction,
    Signed(i128),
    /// Above `i128::MAX`.
    Unsigned(u128),
    OutOfRange,
}

/// An exact value, for ordering across representations.
enum Exact<'a> {
    NegInf,
    Zero,
    Dec(std::borrow::Cow<'a, Decimal>),
    PosInf,
}

impl Exact<'_> {
    fn owned(d: Option<Decimal>) -> Self {
        d.map_or(Exact::Zero, |d| Exact::Dec(std::borrow::Cow::Owned(d)))
    }

    fn rank(&self) -> u8 {
        match self {
            Exact::NegInf => 0,
            Exact::Dec(d) if d.is_negative() => 1,
            Exact::Zero => 2,
            Exact::Dec(_) => 3,
            Exact::PosInf => 4,
        }
    }
}

macro_rules! to_integer {
    ($($(#[$doc:meta])* $name:ident -> $t:ty;)*) => {
        impl Number {
            $(
                $(#[$doc])*
                pub fn $name(&self) -> Result<$t> {
                    let value = match self.whole() {
                        Whole::Signed(i) => <$t>::try_from(i).ok(),
                        Whole::Unsigned(u) => <$t>::try_from(u).ok(),
                        Whole::Fraction | Whole::OutOfRange => None,
                    };
                    value.ok_or_else(|| self.range_error(&<$t>::MIN, &<$t>::MAX))
                }
            )*
        }
    };
}

to_integer! {
    /// The value as an `i8`; an error if it is not a whole number in range.
    to_i8 -> i8;
    /// The value as an `i16`; an error if it is not a whole number in range.
    to_i16 -> i16;
    /// The value as an `i32`; an error if it is not a whole number in range.
    to_i32 -> i32;
    /// The value as an `i64`; an error if it is not a whole number in range.
    to_i64 -> i64;
    /// The value as an `i128`; an error if it is not a whole number in range.
    to_i128 -> i128;
    /// The value as an `isize`; an error if it is not a whole number in range.
    to_isize -> isize;
    /// The value as a `u8`; an error if it is not a whole number in range.
    to_u8 -> u8;
    /// The value as a `u16`; an error if it is not a whole number in range.
    to_u16 -> u16;
    /// The value as a `u32`; an error if it is not a whole number in range.
    to_u32 -> u32;
    /// The value as a `u64`; an error if it is not a whole number in range.
    to_u64 -> u64;
    /// The value as a `u128`; an error if it is not a whole number in range.
    to_u128 -> u128;
    /// The value as a `usize`; an error if it is not a whole number in range.
    to_usize -> usize;
}

/// A fixed buffer for the short text of a float.
struct StackText {
    buf: [u8; 48],
    len: usize,
}

impl Default for StackText {
    fn default() -> Self {
        StackText {
            buf: [0; 48],
            len: 0,
        }
    }
}

impl StackText {
    fn as_bytes(&self) -> &[u8] {
        self.buf.get(..self.len).unwrap_or(&[])
    }
}

impl fmt::Write for StackText {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len.checked_add(s.len()).ok_or(fmt::Error)?;
        let slot = self.buf.get_mut(self.len..end).ok_or(fmt::Error)?;
        slot.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// `fmt::Write` into a byte vector.
struct VecText<'a>(&'a mut Vec<u8>);

impl fmt::Write for VecText<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0.extend_from_slice(s.as_bytes());
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------
// Standard traits
// ---------------------------------------------------------------------------------------

macro_rules! from_small_int {
    ($($t:ty),*) => {$(
        impl From<$t> for Number {
            #[inline]
            fn from(v: $t) -> Number {
                Number(Repr::Int(i64::from(v)))
            }
        }
    )*};
}

from_small_int!(i8, i16, i32, i64, u8, u16, u32);

impl From<u64> for Number {
    #[inline]
    fn from(v: u64) -> Number {
        match i64::try_from(v) {
            Ok(i) => Number(Repr::Int(i)),
            Err(_) => Number(Repr::UInt(v)),
        }
    }
}

impl From<isize> for Number {
    #[inline]
    fn from(v: isize) -> Number {
        Number::from(v as i64)
    }
}

impl From<usize> for Number {
    #[inline]
    fn from(v: usize) -> Number {
        Number::from(v as u64)
    }
}

impl From<i128> for Number {
    fn from(v: i128) -> Number {
        match i64::try_from(v) {
            Ok(i) => Number(Repr::Int(i)),
            Err(_) => from_magnitude(v < 0, v.unsigned_abs()),
        }
    }
}

impl From<u128> for Number {
    fn from(v: u128) -> Number {
        from_magnitude(false, v)
    }
}

impl Default for Number {
    fn default() -> Self {
        Number(Repr::Int(0))
    }
}

impl FromStr for Number {
    type Err = Error;

    fn from_str(s: &str) -> Result<Number> {
        Number::parse(s)
    }
}

#[cfg(test)]
mod tests;
