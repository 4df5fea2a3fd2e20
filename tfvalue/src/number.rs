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

use std::cmp::Ordering;
use std::fmt::{self, Write as _};
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use crate::error::{Error, ErrorKind, Result};
use crate::limits::MAX_NUMBER_TEXT;

use self::decimal::{u128_digits, Decimal};

/// A Terraform number: an exact decimal or binary value of arbitrary precision, or ±infinity.
///
/// Create one from an integer (`Number::from(3)`), from decimal text ([`Number::parse`]),
/// from a float ([`Number::from_f64`] for a provider's value, [`Number::from_f64_exact`] for
/// a value read from the wire). Convert back with the checked `to_*` methods, which fail
/// rather than lose precision. `Display` gives Terraform's text, without an exponent.
#[derive(Clone)]
pub struct Number(Repr);

#[derive(Clone)]
enum Repr {
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
    /// float's shortest digits, ±infinity. Never NaN, never zero. Written with the shortest
    /// digits that read back as the same `f64` (as go-cty writes a float64 it received),
    /// whole or not.
    Float(f64),
    /// A value exactly equal to a finite `f64` that came from decimal text whose digits are
    /// not the float's shortest text (such as the 51-digit integer
    /// 777770034794969986247221540117520051061017630736384): written with all its digits, so
    /// that text reads back as the same text. Equal to the `Float` of the same value.
    FloatDigits(f64),
    /// Everything else, as an exact decimal.
    Big(Box<Decimal>),
}

/// 2^53: integers below it in magnitude are exact in an `f64`.
const TWO_POW_53: u64 = 1 << 53;
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
    /// ([`ErrorKind::Number`]). Text longer than [`MAX_NUMBER_TEXT`] bytes, and values whose
    /// plain text (written out without an exponent, as `Display` and Terraform write
    /// numbers) would be longer, such as `1e4096`, are rejected with [`ErrorKind::Limit`]:
    /// every number accepted can be written and read back.
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
        parse_bytes(buf.as_bytes(), "")
    }

    /// Like [`Number::from_f64`], with the shortest decimal that rounds back to the `f32`
    /// (so `from_f32(0.1)` is the decimal 0.1).
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
            Repr::FloatDigits(f) => match decimal::Decimal::from_f64(*f) {
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

    /// The display text, cut for error messages.
    fn short_text(&self) -> String {
        let mut s = self.to_string();
        if s.len() > QUOTE_LIMIT {
            s.truncate(QUOTE_LIMIT);
            s.push_str("...");
        }
        s
    }

    /// The value as an `f64`, if that is exact (or is how a provider's `f64` of the same
    /// value would read back: `Number::parse("0.1")` gives `0.1`). ±infinity convert;
    /// overflow and lost precision are errors.
    pub fn to_f64(&self) -> Result<f64> {
        let f = match &self.0 {
            Repr::Int(i) => {
                let f = *i as f64;
                if f as i128 == i128::from(*i) {
                    return Ok(f);
                }
                f
            }
            Repr::UInt(u) => {
                let f = *u as f64;
                if f as u128 == u128::from(*u) {
                    return Ok(f);
                }
                f
            }
            Repr::NegZero => return Ok(-0.0),
            Repr::Float(f) | Repr::FloatDigits(f) => return Ok(*f),
            Repr::Big(d) => d.to_f64_rounded(),
        };
        if f.is_infinite() {
            return Err(self.float_error(64, true));
        }
        match Number::from_f64(f) {
            Ok(n) if n == *self => Ok(f),
            _ => Err(self.float_error(64, false)),
        }
    }

    /// The value as an `f32`, under the same rule as [`Number::to_f64`] with `f32`.
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
        if Number::from_f64_exact(f64::from(g)).is_ok_and(|n| n == *self)
            || Number::from_f32(g).is_ok_and(|n| n == *self)
        {
            Ok(g)
        } else {
            Err(self.float_error(32, false))
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

// ---------------------------------------------------------------------------------------
// Construction and canonical form
// ---------------------------------------------------------------------------------------

/// The form of a finite or infinite, non-NaN `f64` from the wire: whole values below 2^53 in
/// magnitude as integers (their shortest digits are all their digits), -0.0 as
/// [`Repr::NegZero`], everything else as [`Repr::Float`], written with its shortest digits.
fn exact_float_repr(f: f64) -> Repr {
    if f == 0.0 {
        return if f.is_sign_negative() {
            Repr::NegZero
        } else {
            Repr::Int(0)
        };
    }
    if f.fract() == 0.0 && f.abs() < TWO_POW_53 as f64 {
        return Repr::Int(f as i64);
    }
    Repr::Float(f)
}

/// `f` as an `i64`, if it is whole and in range.
fn whole_f64_in_i64(f: f64) -> Option<i64> {
    const TWO_POW_63: f64 = 9_223_372_036_854_775_808.0;
    (f.fract() == 0.0 && (-TWO_POW_63..TWO_POW_63).contains(&f)).then_some(f as i64)
}

/// The canonical form of `±m`.
fn from_magnitude(neg: bool, m: u128) -> Number {
    if neg {
        if m <= 1 << 63 {
            // m ≤ 2^63, so -m fits an i64.
            return Number(Repr::Int(0i64.wrapping_sub_unsigned(m as u64)));
        }
    } else if let Ok(i) = i64::try_from(m) {
        return Number(Repr::Int(i));
    } else if let Ok(u) = u64::try_from(m) {
        return Number(Repr::UInt(u));
    }
    if m >> m.trailing_zeros() < u128::from(TWO_POW_53) {
        let f = m as f64;
        let sig = decimal_digits(m) - trailing_decimal_zeros(m);
        return Number(parsed_float(if neg { -f } else { f }, sig));
    }
    match Decimal::from_u128(neg, m, 0) {
        Some(d) => Number(Repr::Big(Box::new(d))),
        None => Number(Repr::Int(0)),
    }
}

/// The canonical form of an exact decimal.
fn from_decimal(d: Decimal) -> Number {
    let digits = d.digits().as_bytes();
    if d.exp() >= 0 && digits.len() as i64 + d.exp() <= 38 {
        if let Some(m) = d.integer_magnitude() {
            return from_magnitude(d.is_negative(), m);
        }
    }
    // Quick rejections: a binary fraction's decimal expansion ends in 5; an integer with
    // more than 22 trailing decimal zeros has an odd part of at least 5^23 > 2^53; exact
    // f64 expansions have at most 767 significant digits.
    let maybe_float = if d.exp() < 0 {
        digits.last() == Some(&b'5')
    } else {
        d.exp() <= 22
    } && digits.len() <= 800;
    if maybe_float {
        let f = d.to_f64_rounded();
        if f.is_finite() && f != 0.0 && Decimal::from_f64(f).as_ref() == Some(&d) {
            return Number(parsed_float(f, digits.len()));
        }
    }
    Number(Repr::Big(Box::new(d)))
}

/// The form of a value read from decimal text with `sig` significant digits that is exactly
/// the finite `f`: [`Repr::Float`] when those digits are `f`'s shortest text, else
/// [`Repr::FloatDigits`], so that writing the number gives the same value back.
fn parsed_float(f: f64, sig: usize) -> Repr {
    // Up to 15 significant digits, the exact digits are always the shortest (every decimal
    // of at most 15 digits reads back through an f64 unchanged, so no shorter decimal can
    // round to the same f64). When the digits are the shortest, the float's text (the
    // shortest digits, padded with zeros for a whole number) is exactly the decimal.
    if sig <= 15 || shortest_digits(f) == sig {
        Repr::Float(f)
    } else {
        Repr::FloatDigits(f)
    }
}

/// The number of decimal digits of `m` (1 for zero).
fn decimal_digits(m: u128) -> usize {
    m.checked_ilog10().map_or(1, |l| l as usize + 1)
}

/// The number of trailing decimal zeros of a non-zero `m`.
fn trailing_decimal_zeros(mut m: u128) -> usize {
    let mut n = 0;
    while m != 0 && m.is_multiple_of(10) {
        m /= 10;
        n += 1;
    }
    n
}

/// The number of significant digits in the shortest text of a finite `f64`.
fn shortest_digits(f: f64) -> usize {
    let mut buf = StackText::default();
    if write!(buf, "{f:e}").is_err() {
        return 0;
    }
    let text = buf.as_bytes();
    let mantissa = text.split(|&b| b == b'e').next().unwrap_or(text);
    mantissa.iter().filter(|b| b.is_ascii_digit()).count()
}

/// The canonical form of `±m × 10^exp` for `m` without trailing decimal zeros.
fn from_scaled(neg: bool, m: u128, exp: i64) -> Number {
    if exp >= 0 {
        let mut v = Some(m);
        for _ in 0..exp.min(39) {
            v = v.and_then(|v| v.checked_mul(10));
        }
        if let (Some(v), true) = (v, exp <= 39) {
            return from_magnitude(neg, v);
        }
        return match Decimal::from_u128(neg, m, exp) {
            Some(d) => from_decimal(d),
            None => Number(Repr::Int(0)),
        };
    }
    // m / 10^k is a binary fraction only when 5^k divides m (then k ≤ 55, as m < 2^128),
    // and exactly an f64 when the quotient's odd part is below 2^53.
    let k = exp.unsigned_abs();
    if k <= 55 {
        let five_k = 5u128.pow(k as u32);
        if m.is_multiple_of(five_k) {
            let q = m / five_k;
            if q >> q.trailing_zeros() < u128::from(TWO_POW_53) {
                let f = q as f64 / (1u128 << k) as f64;
                let sig = m.checked_ilog10().map_or(1, |l| l as usize + 1);
                return Number(parsed_float(if neg { -f } else { f }, sig));
            }
        }
    }
    match Decimal::from_u128(neg, m, exp) {
        Some(d) => Number(Repr::Big(Box::new(d))),
        None => Number(Repr::Int(0)),
    }
}

/// Parses decimal text; `original` is the text to quote in errors (the bytes when empty).
fn parse_bytes(text: &[u8], original: &str) -> Result<Number> {
    if text.len() > MAX_NUMBER_TEXT {
        return Err(Error::new(
            ErrorKind::Limit,
            format!(
                "number text is too long: {} bytes, the limit is {MAX_NUMBER_TEXT}",
                text.len()
            ),
        ));
    }
    // Fast path: a plain integer of up to 18 digits.
    if let Some(i) = parse_small_int(text) {
        if i == 0 && text.first() == Some(&b'-') {
            return Ok(Number(Repr::NegZero));
        }
        return Ok(Number(Repr::Int(i)));
    }
    let Some(s) = scan(text) else {
        return Err(syntax_error(text, original));
    };
    let int = s.int;
    let frac = s.frac;
    let n = int.len() + frac.len();
    let digit_at = |k: usize| -> u8 {
        match k.checked_sub(int.len()) {
            None => int.get(k).copied().unwrap_or(b'0'),
            Some(j) => frac.get(j).copied().unwrap_or(b'0'),
        }
    };
    let Some(lead) = (0..n).position(|k| digit_at(k) != b'0') else {
        // go-cty keeps the sign of zero: `-0` (or `-0.0e5`) is written back as `-0`.
        return Ok(Number(if s.neg { Repr::NegZero } else { Repr::Int(0) }));
    };
    let trail = (0..n).rev().position(|k| digit_at(k) != b'0').unwrap_or(0);
    let sig = n - lead - trail;
    // n ≤ MAX_NUMBER_TEXT and |s.exp| ≤ EXPONENT_CAP, so none of this overflows.
    let exp = s.exp - frac.len() as i64 + trail as i64;
    let written = plain_len(s.neg, sig, exp);
    if written > MAX_NUMBER_TEXT as i64 {
        let exact = s.exp.abs() < EXPONENT_CAP;
        return Err(limit_error(text, original, exact.then_some(written)));
    }
    if sig <= 38 {
        // Below 10^38 < 2^128: no heap needed.
        let mut m: u128 = 0;
        for k in lead..lead + sig {
            m = m * 10 + u128::from(digit_at(k) - b'0');
        }
        return Ok(from_scaled(s.neg, m, exp));
    }
    let digits: Vec<u8> = (lead..lead + sig).map(digit_at).collect();
    match Decimal::from_digits(s.neg, &digits, exp) {
        Some(d) => Ok(from_decimal(d)),
        None => Ok(Number(Repr::Int(0))),
    }
}

/// The length of the plain text (as `Display` writes it: no exponent) of `±m × 10^exp`,
/// `m` having `sig` significant digits and no trailing zeros.
fn plain_len(neg: bool, sig: usize, exp: i64) -> i64 {
    let n = sig as i64;
    let len = if exp >= 0 {
        n + exp
    } else if -exp < n {
        // The digits with a decimal point among them.
        n + 1
    } else {
        // "0.", zeros, then the digits.
        2 - exp
    };
    len + i64::from(neg)
}

/// The `f64` that decimal `text` reads as under [`Number::to_f64`]'s rule (the float whose
/// shortest text is that decimal), decided without allocating for text of at most 19
/// significant digits; `None` when the rule does not hold or the text is beyond this fast
/// path (the caller then takes the exact path through [`Number`], which words the error).
pub(crate) fn shortest_f64(text: &str) -> Option<f64> {
    /// The significant digits (without leading and trailing zeros, at most 19) and the
    /// decimal exponent of the last one; `(0, 0)` for zero.
    fn significant(s: &Scanned<'_>) -> Option<(u64, i64)> {
        let mut m: u64 = 0;
        let mut count = 0;
        for &d in s.int.iter().chain(s.frac) {
            if m == 0 && d == b'0' {
                continue;
            }
            count += 1;
            if count > 19 {
                return None;
            }
            m = m * 10 + u64::from(d - b'0');
        }
        let mut exp = s.exp.checked_sub(i64::try_from(s.frac.len()).ok()?)?;
        while m != 0 && m.is_multiple_of(10) {
            m /= 10;
            exp += 1;
        }
        Some(if m == 0 { (0, 0) } else { (m, exp) })
    }
    let given = significant(&scan(text.as_bytes())?)?;
    let f: f64 = text.parse().ok()?;
    if !f.is_finite() {
        return None;
    }
    if given.0 == 0 {
        // Zero keeps its sign, as Number::to_f64 keeps it.
        return Some(f);
    }
    let mut buf = StackText::default();
    write!(buf, "{:e}", f.abs()).ok()?;
    let shortest = significant(&scan(buf.as_bytes())?)?;
    (given == shortest).then_some(f)
}

/// An optionally signed run of 1 to 18 digits, which always fits an `i64`.
#[inline]
fn parse_small_int(text: &[u8]) -> Option<i64> {
    let (neg, digits) = match text.split_first()? {
        (b'-', rest) => (true, rest),
        (b'+', rest) => (false, rest),
        _ => (false, text),
    };
    if digits.is_empty() || digits.len() > 18 {
        return None;
    }
    let mut v: i64 = 0;
    for &d in digits {
        if !d.is_ascii_digit() {
            return None;
        }
        v = v * 10 + i64::from(d - b'0');
    }
    Some(if neg { -v } else { v })
}

/// The pieces of syntactically valid decimal text.
struct Scanned<'a> {
    neg: bool,
    int: &'a [u8],
    frac: &'a [u8],
    /// The exponent, saturated at ±`EXPONENT_CAP`.
    exp: i64,
}

fn digit_run(text: &[u8], from: usize) -> &[u8] {
    let rest = text.get(from..).unwrap_or(&[]);
    let len = rest.iter().take_while(|d| d.is_ascii_digit()).count();
    rest.get(..len).unwrap_or(&[])
}

fn scan(text: &[u8]) -> Option<Scanned<'_>> {
    let mut i = 0;
    let neg = match text.first() {
        Some(b'-') => {
            i = 1;
            true
        }
        Some(b'+') => {
            i = 1;
            false
        }
        _ => false,
    };
    let int = digit_run(text, i);
    i += int.len();
    let mut frac: &[u8] = &[];
    if text.get(i) == Some(&b'.') {
        frac = digit_run(text, i + 1);
        i += 1 + frac.len();
    }
    if int.is_empty() && frac.is_empty() {
        return None;
    }
    let mut exp: i64 = 0;
    if matches!(text.get(i), Some(b'e' | b'E')) {
        i += 1;
        let exp_neg = match text.get(i) {
            Some(b'-') => {
                i += 1;
                true
            }
            Some(b'+') => {
                i += 1;
                false
            }
            _ => false,
        };
        let digits = digit_run(text, i);
        if digits.is_empty() {
            return None;
        }
        i += digits.len();
        for &d in digits {
            exp = (exp * 10 + i64::from(d - b'0')).min(EXPONENT_CAP);
        }
        if exp_neg {
            exp = -exp;
        }
    }
    (i == text.len()).then_some(Scanned {
        neg,
        int,
        frac,
        exp,
    })
}

/// The text an error shows, cut to a readable length, and whether it was cut.
fn shown_text<'a>(text: &'a [u8], original: &'a str) -> (std::borrow::Cow<'a, str>, bool) {
    let s = if original.is_empty() {
        String::from_utf8_lossy(text)
    } else {
        std::borrow::Cow::Borrowed(original)
    };
    match s.char_indices().nth(QUOTE_LIMIT) {
        Some((at, _)) => {
            let cut = s.get(..at).unwrap_or("").to_owned();
            (std::borrow::Cow::Owned(cut), true)
        }
        None => (s, false),
    }
}

#[cold]
fn syntax_error(text: &[u8], original: &str) -> Error {
    let (shown, cut) = shown_text(text, original);
    let mut found = String::new();
    let _ = crate::path::write_quoted(&mut found, &shown);
    if cut {
        found.push_str("...");
    }
    Error::expected(ErrorKind::Number, "a decimal number", found)
}

#[cold]
fn limit_error(text: &[u8], original: &str, written: Option<i64>) -> Error {
    let (shown, cut) = shown_text(text, original);
    let ellipsis = if cut { "..." } else { "" };
    let size = match written {
        Some(n) => format!("{n} bytes"),
        None => "far more".to_owned(),
    };
    Error::new(
        ErrorKind::Limit,
        format!(
            "number {shown}{ellipsis} has too many digits: written out without an exponent, as \
             Terraform writes numbers, it takes {size}, more than the limit of {MAX_NUMBER_TEXT}"
        ),
    )
}

#[cold]
fn nan_error() -> Error {
    Error::new(ErrorKind::Number, "NaN is not a valid number")
}

#[cold]
fn internal_error() -> Error {
    Error::new(ErrorKind::Number, "could not format a float")
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
// MessagePack
// ---------------------------------------------------------------------------------------

/// The smallest MessagePack integer for `i` (unsigned codes for non-negative values).
// Inlined into `write_msgpack`, the hot path of every integer written.
#[inline(always)]
fn write_msgpack_int(i: i64, out: &mut Vec<u8>) {
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

fn write_msgpack_str_header(len: usize, out: &mut Vec<u8>) {
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

impl Number {
    /// The value as an integer, if it is one in `[-2^63, 2^64)`: the forms that can hold the
    /// same whole value (an integer, negative zero, a whole float64 from the wire) meet here
    /// for equality and hashing.
    #[inline]
    fn small_whole(&self) -> Option<i128> {
        match self.0 {
            Repr::Int(i) => Some(i128::from(i)),
            Repr::UInt(u) => Some(i128::from(u)),
            Repr::NegZero => Some(0),
            Repr::Float(f) | Repr::FloatDigits(f)
                if f.fract() == 0.0 && (-TWO_POW_64..TWO_POW_64).contains(&f) =>
            {
                Some(f as i128)
            }
            _ => None,
        }
    }
}

impl PartialEq for Number {
    fn eq(&self, other: &Self) -> bool {
        match (&self.0, &other.0) {
            (Repr::Int(a), Repr::Int(b)) => a == b,
            // Never NaN and never zero, so bit equality is value equality.
            (Repr::Float(a) | Repr::FloatDigits(a), Repr::Float(b) | Repr::FloatDigits(b)) => {
                a.to_bits() == b.to_bits()
            }
            (Repr::Big(a), Repr::Big(b)) => a == b,
            // A Big is never equal to any other form; the rest meet as integers.
            (Repr::Big(_), _) | (_, Repr::Big(_)) => false,
            _ => match (self.small_whole(), other.small_whole()) {
                (Some(a), Some(b)) => a == b,
                _ => false,
            },
        }
    }
}

impl Eq for Number {}

impl Hash for Number {
    fn hash<H: Hasher>(&self, state: &mut H) {
        if let Some(i) = self.small_whole() {
            state.write_u8(0);
            i.hash(state);
            return;
        }
        match &self.0 {
            Repr::Int(_) | Repr::UInt(_) | Repr::NegZero => {}
            Repr::Float(f) | Repr::FloatDigits(f) => {
                state.write_u8(2);
                f.to_bits().hash(state);
            }
            Repr::Big(d) => {
                state.write_u8(3);
                d.hash(state);
            }
        }
    }
}

/// Compares a finite or infinite float with an integer in `[-2^63, 2^64)`, exactly.
fn cmp_float_int(f: f64, i: i128) -> Ordering {
    if f >= TWO_POW_64 {
        return Ordering::Greater;
    }
    if f < -TWO_POW_64 {
        return Ordering::Less;
    }
    let t = f.trunc();
    // |t| < 2^64, so the conversion is exact.
    (t as i128)
        .cmp(&i)
        .then_with(|| (f - t).partial_cmp(&0.0).unwrap_or(Ordering::Equal))
}

impl Ord for Number {
    fn cmp(&self, other: &Self) -> Ordering {
        use Repr::*;
        // Negative zero is zero.
        const ZERO: Repr = Int(0);
        let a = if let NegZero = self.0 { &ZERO } else { &self.0 };
        let b = if let NegZero = other.0 {
            &ZERO
        } else {
            &other.0
        };
        match (a, b) {
            (Int(a), Int(b)) => a.cmp(b),
            (Int(a), UInt(b)) => i128::from(*a).cmp(&i128::from(*b)),
            (UInt(a), Int(b)) => i128::from(*a).cmp(&i128::from(*b)),
            (UInt(a), UInt(b)) => a.cmp(b),
            // No NaN and no -0.0: the total order is the numeric order.
            (Float(a) | FloatDigits(a), Float(b) | FloatDigits(b)) => a.total_cmp(b),
            (Float(a) | FloatDigits(a), Int(b)) => cmp_float_int(*a, i128::from(*b)),
            (Float(a) | FloatDigits(a), UInt(b)) => cmp_float_int(*a, i128::from(*b)),
            (Int(a), Float(b) | FloatDigits(b)) => cmp_float_int(*b, i128::from(*a)).reverse(),
            (UInt(a), Float(b) | FloatDigits(b)) => cmp_float_int(*b, i128::from(*a)).reverse(),
            _ => {
                let by_sign = self.signum().cmp(&other.signum());
                if by_sign != Ordering::Equal {
                    return by_sign;
                }
                let (a, b) = (self.exact(), other.exact());
                match (&a, &b) {
                    (Exact::Dec(x), Exact::Dec(y)) => x.as_ref().cmp(y.as_ref()),
                    _ => a.rank().cmp(&b.rank()),
                }
            }
        }
    }
}

impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Number {
    /// Terraform's text: plain decimal digits, never an exponent; `+Inf` and `-Inf`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Int(i) => fmt::Display::fmt(i, f),
            Repr::UInt(u) => fmt::Display::fmt(u, f),
            Repr::NegZero => f.write_str("-0"),
            Repr::Float(x) if x.is_infinite() => {
                f.write_str(if *x > 0.0 { "+Inf" } else { "-Inf" })
            }
            Repr::Float(x) => write_float(f, *x),
            Repr::FloatDigits(x) => match decimal::Decimal::from_f64(*x) {
                Some(d) => d.write_plain(f),
                None => f.write_str("0"),
            },
            Repr::Big(d) => d.write_plain(f),
        }
    }
}

/// 2^64, as an `f64`.
const TWO_POW_64: f64 = 18_446_744_073_709_551_616.0;

/// A finite float's text: the shortest digits that read back as the same float64, padded
/// with zeros and never with an exponent, as go-cty writes a 53-bit float (2^63 is
/// `9223372036854776000`).
///
/// When the float lies exactly halfway between two shortest candidates, Go picks the one
/// whose last digit is even (796099793890611.25 prints `796099793890611.2`), where Rust's
/// formatter rounds the other way; so the digits come from Rust and ties are settled here.
fn write_float(w: &mut impl fmt::Write, x: f64) -> fmt::Result {
    if !may_be_a_tie(x) {
        return write!(w, "{x}");
    }
    let mut sci = StackText::default();
    write!(sci, "{:e}", x.abs())?;
    let text = sci.as_bytes();
    let e_at = text.iter().position(|&b| b == b'e').unwrap_or(text.len());
    let mut digits: u64 = 0;
    let mut count: i64 = 0;
    for &b in &text[..e_at] {
        if b.is_ascii_digit() {
            digits = digits * 10 + u64::from(b - b'0');
            count += 1;
        }
    }
    let exp: i64 = std::str::from_utf8(&text[(e_at + 1).min(text.len())..])
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(0);
    // x = digits × 10^k
    let mut k = exp - (count - 1);
    digits = settle_tie_to_even(x.abs(), digits, k);
    while digits != 0 && digits.is_multiple_of(10) {
        digits /= 10;
        k += 1;
    }
    if x.is_sign_negative() {
        w.write_str("-")?;
    }
    let mut buf = [0u8; 40];
    let ds = u128_digits(u128::from(digits), &mut buf);
    let ds = std::str::from_utf8(ds).unwrap_or("0");
    if k >= 0 {
        w.write_str(ds)?;
        for _ in 0..k {
            w.write_str("0")?;
        }
        return Ok(());
    }
    let point = ds.len() as i64 + k;
    if point > 0 {
        let (int, frac) = ds.split_at(point as usize);
        write!(w, "{int}.{frac}")
    } else {
        w.write_str("0.")?;
        for _ in 0..-point {
            w.write_str("0")?;
        }
        w.write_str(ds)
    }
}

/// Whether `x` could lie halfway between two shortest candidates: only a float whose exact
/// decimal expansion is short can (at most 18 significant digits: one more than the
/// shortest text's), which bits alone tell for nearly every float (0.1, 1e300, 2^63: no).
fn may_be_a_tie(x: f64) -> bool {
    let bits = x.abs().to_bits();
    let exp_bits = ((bits >> 52) & 0x7ff) as i64;
    let frac = bits & ((1 << 52) - 1);
    if exp_bits == 0 || exp_bits == 0x7ff {
        return false;
    }
    let mut m = frac | (1 << 52);
    let mut e = exp_bits - 1075;
    let tz = m.trailing_zeros();
    m >>= tz;
    e += i64::from(tz);
    if e >= 0 {
        // A whole number: a tie needs m = odd × 5^(e + 1), so 5^(e + 1) ≤ m < 2^53.
        return e <= 21;
    }
    // m × 2^e has exactly -e decimals and the significant digits of m × 5^-e.
    let Some(p) = u32::try_from(-e).ok().and_then(|k| 5u128.checked_pow(k)) else {
        return false;
    };
    u128::from(m)
        .checked_mul(p)
        .is_some_and(|v| v < 1_000_000_000_000_000_000)
}

/// The shortest digits of the positive finite `x`, `digits × 10^k`, with an exact tie between
/// two candidates (`x` halfway between `digits` and its neighbour in the last place)
/// settled towards the even last digit, as Go's `big.Float` text does.
fn settle_tie_to_even(x: f64, digits: u64, k: i64) -> u64 {
    if digits.is_multiple_of(2) || x == 0.0 {
        return digits;
    }
    // x = m × 2^e with m odd.
    let bits = x.to_bits();
    let exp_bits = ((bits >> 52) & 0x7ff) as i64;
    let frac = bits & ((1 << 52) - 1);
    let (mut m, mut e) = if exp_bits == 0 {
        (frac, -1074)
    } else {
        (frac | (1 << 52), exp_bits - 1075)
    };
    let tz = m.trailing_zeros();
    m >>= tz;
    e += i64::from(tz);
    // A midpoint (2·digits ± 1) × 10^k / 2 is odd × 5^k × 2^(k-1) (k ≥ 0) or
    // odd / (5^-k × 2^(1-k)) (k < 0): its power of two is always k - 1.
    if e != k - 1 {
        return digits;
    }
    let five_k = |n: i64| 5u128.checked_pow(u32::try_from(n.unsigned_abs()).ok()?);
    let Some(p) = five_k(k) else {
        return digits;
    };
    let m = u128::from(m);
    let d = u128::from(digits);
    let is_midpoint = |odd: u128| {
        if k >= 0 {
            odd.checked_mul(p) == Some(m)
        } else {
            m.checked_mul(p) == Some(odd)
        }
    };
    if is_midpoint(2 * d - 1) {
        digits - 1
    } else if is_midpoint(2 * d + 1) {
        digits + 1
    } else {
        digits
    }
}

impl fmt::Debug for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Number({self})")
    }
}

// ---------------------------------------------------------------------------------------
// serde
// ---------------------------------------------------------------------------------------

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

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::hash_map::DefaultHasher;

    fn n(text: &str) -> Number {
        Number::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn mp(x: &Number) -> Vec<u8> {
        let mut out = Vec::new();
        x.write_msgpack(&mut out);
        out
    }

    fn json(x: &Number) -> String {
        let mut out = Vec::new();
        x.write_json(&mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn exact(f: f64) -> Number {
        Number::from_f64_exact(f).unwrap()
    }

    fn kind(x: &Number) -> &'static str {
        match x.0 {
            Repr::Int(_) => "int",
            Repr::UInt(_) => "uint",
            Repr::NegZero => "negative zero",
            Repr::Float(_) => "float",
            Repr::FloatDigits(_) => "float digits",
            Repr::Big(_) => "big",
        }
    }

    fn hash(x: &Number) -> u64 {
        let mut h = DefaultHasher::new();
        x.hash(&mut h);
        h.finish()
    }

    fn str_msgpack(header: &[u8], text: &str) -> Vec<u8> {
        let mut v = header.to_vec();
        v.extend_from_slice(text.as_bytes());
        v
    }

    #[test]
    fn msgpack_integer_boundaries() {
        let cases: &[(i128, &[u8])] = &[
            (0, &[0x00]),
            (127, &[0x7f]),
            (128, &[0xcc, 0x80]),
            (255, &[0xcc, 0xff]),
            (256, &[0xcd, 0x01, 0x00]),
            (65535, &[0xcd, 0xff, 0xff]),
            (65536, &[0xce, 0x00, 0x01, 0x00, 0x00]),
            (1 << 31, &[0xce, 0x80, 0x00, 0x00, 0x00]),
            ((1 << 32) - 1, &[0xce, 0xff, 0xff, 0xff, 0xff]),
            (1 << 32, &[0xcf, 0, 0, 0, 1, 0, 0, 0, 0]),
            (1 << 40, &[0xcf, 0, 0, 1, 0, 0, 0, 0, 0]),
            (
                (1 << 63) - 1,
                &[0xcf, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
            ),
            (-1, &[0xff]),
            (-32, &[0xe0]),
            (-33, &[0xd0, 0xdf]),
            (-128, &[0xd0, 0x80]),
            (-129, &[0xd1, 0xff, 0x7f]),
            (-32768, &[0xd1, 0x80, 0x00]),
            (-32769, &[0xd2, 0xff, 0xff, 0x7f, 0xff]),
            (-(1 << 31), &[0xd2, 0x80, 0x00, 0x00, 0x00]),
            (
                -(1 << 31) - 1,
                &[0xd3, 0xff, 0xff, 0xff, 0xff, 0x7f, 0xff, 0xff, 0xff],
            ),
            (-(1 << 63), &[0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0]),
        ];
        for (v, bytes) in cases {
            let x = Number::from(*v);
            assert_eq!(mp(&x), *bytes, "{v}");
            assert_eq!(mp(&n(&v.to_string())), *bytes, "{v} parsed");
        }
        // go-cty 1.16's rule: every whole number outside the i64 range is a string of its
        // digits, even one that is exactly a float64 (2^63, 2^64, 1e20), where go-cty 1.12
        // wrote a float64.
        for (v, text) in [
            (1u128 << 63, "9223372036854775808"),
            (1 << 64, "18446744073709551616"),
            (10u128.pow(20), "100000000000000000000"),
        ] {
            let header = [0xa0 | text.len() as u8];
            assert_eq!(mp(&Number::from(v)), str_msgpack(&header, text), "{v}");
            assert_eq!(mp(&n(text)), str_msgpack(&header, text), "{v} parsed");
        }
        assert_eq!(
            mp(&n("1e20")),
            str_msgpack(&[0xb5], "100000000000000000000")
        );
        assert_eq!(
            mp(&n("-9223372036854775808e0")),
            [0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0]
        );
        assert_eq!(
            mp(&Number::from(-(1i128 << 64))),
            str_msgpack(&[0xb5], "-18446744073709551616")
        );
        assert_eq!(
            mp(&Number::from(u64::MAX)),
            str_msgpack(&[0xb4], "18446744073709551615")
        );
        assert_eq!(
            mp(&Number::from(-(1i128 << 63) - 1)),
            str_msgpack(&[0xb4], "-9223372036854775809")
        );
        assert_eq!(
            mp(&n("1234567890123456789012345678901234567890")),
            str_msgpack(&[0xd9, 0x28], "1234567890123456789012345678901234567890")
        );
    }

    #[test]
    fn msgpack_non_integers() {
        assert_eq!(mp(&n("0.5")), [0xcb, 0x3f, 0xe0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(mp(&n("-1.5")), [0xcb, 0xbf, 0xf8, 0, 0, 0, 0, 0, 0]);
        assert_eq!(mp(&n("0.1")), [0xa3, b'0', b'.', b'1']);
        assert_eq!(
            mp(&n("0.30000000000000004")),
            str_msgpack(&[0xb3], "0.30000000000000004")
        );
        assert_eq!(
            mp(&exact(0.1 + 0.2)),
            [0xcb, 0x3f, 0xd3, 0x33, 0x33, 0x33, 0x33, 0x33, 0x34]
        );
        assert_eq!(
            mp(&n("3.14159265358979323846264338328")),
            str_msgpack(&[0xbf], "3.14159265358979323846264338328")
        );
        let big = n("1e300");
        let text = format!("1{}", "0".repeat(300));
        assert_eq!(mp(&big), str_msgpack(&[0xda, 0x01, 0x2d], &text));
        // go-cty 1.16's rule: a whole float64 from the wire outside the i64 range is written
        // as a string of its shortest digits (go-cty 1.12 wrote the float64 back).
        assert_eq!(mp(&exact(1e300)), str_msgpack(&[0xda, 0x01, 0x2d], &text));
        assert_eq!(
            mp(&exact(2f64.powi(63))),
            str_msgpack(&[0xb3], "9223372036854776000")
        );
        assert_eq!(
            mp(&exact(-(2f64.powi(64)))),
            str_msgpack(&[0xb5], "-18446744073709552000")
        );
        let max_text = format!("17976931348623157{}", "0".repeat(292));
        assert_eq!(
            mp(&exact(f64::MAX)),
            str_msgpack(&[0xda, 0x01, 0x35], &max_text)
        );
        // A whole float64 in the i64 range is still an integer, below 2^53 or not.
        assert_eq!(mp(&exact(2f64.powi(62))), [0xcf, 0x40, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(
            mp(&exact(-(2f64.powi(63)))),
            [0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0]
        );
        // Non-integers that are float64s stay float64s.
        assert_eq!(mp(&exact(5e-324)), [0xcb, 0, 0, 0, 0, 0, 0, 0, 1]);
        assert_eq!(
            mp(&exact(796_099_793_890_611.0 + 0.25)),
            [0xcb, 0x43, 0x06, 0xa0, 0x63, 0x6b, 0x5d, 0x69, 0x9a]
        );
        assert_eq!(
            mp(&exact(f64::INFINITY)),
            [0xcb, 0x7f, 0xf0, 0, 0, 0, 0, 0, 0]
        );
        assert_eq!(
            mp(&exact(f64::NEG_INFINITY)),
            [0xcb, 0xff, 0xf0, 0, 0, 0, 0, 0, 0]
        );
        assert_eq!(mp(&exact(3.0)), [0x03]);
        assert_eq!(mp(&exact(-0.0)), [0x00]);
        assert_eq!(mp(&n("-0")), [0x00]);
        // str8/str16/str32 header boundaries.
        for (digits, header) in [
            (31usize, vec![0xbf]),
            (32, vec![0xd9, 32]),
            (255, vec![0xd9, 0xff]),
            (256, vec![0xda, 0x01, 0x00]),
        ] {
            let text = format!("0.{}1", "0".repeat(digits - 3));
            let x = n(&text);
            assert_eq!(mp(&x), str_msgpack(&header, &text), "{digits}");
        }
        let mut out = Vec::new();
        write_msgpack_str_header(65536, &mut out);
        assert_eq!(out, [0xdb, 0x00, 0x01, 0x00, 0x00]);
    }

    #[test]
    fn canonical_forms() {
        assert_eq!(kind(&n("123")), "int");
        assert_eq!(kind(&n("1.5e2")), "int");
        assert_eq!(kind(&n("9223372036854775807")), "int");
        assert_eq!(kind(&n("9223372036854775808")), "uint");
        assert_eq!(kind(&n("18446744073709551615")), "uint");
        // 2^64 as text: exactly a float64, but its digits are not the float's shortest text
        // (18446744073709552000), so it keeps them: go-cty 1.16 writes text-born numbers
        // with all their digits.
        assert_eq!(kind(&n("18446744073709551616")), "float digits");
        assert_eq!(
            n("18446744073709551616").to_string(),
            "18446744073709551616"
        );
        assert_eq!(n("18446744073709551616"), exact(2f64.powi(64)));
        assert_eq!(kind(&n("-9223372036854775808")), "int");
        assert_eq!(kind(&n("-9223372036854775809")), "big");
        assert_eq!(kind(&n("-9223372036854775810")), "big");
        assert_eq!(kind(&n("-18446744073709551616")), "float digits");
        assert_eq!(kind(&n("1e20")), "float");
        assert_eq!(kind(&n("0.5")), "float");
        assert_eq!(kind(&n("0.1")), "big");
        assert_eq!(kind(&n("1e22")), "float");
        assert_eq!(kind(&n("1e23")), "big");
        // 2^82 = 2^60 × 2^22 is a float even written as 19 digits × 10^22.
        let two_82 = format!("{}e22", 1u64 << 60);
        assert_eq!(n(&two_82), exact(2f64.powi(82) * 5f64.powi(22)));
        // Its shortest text (1.152921504606847e40) is another decimal, so it keeps its digits.
        assert_eq!(kind(&n(&two_82)), "float digits");
        assert_eq!(
            n(&two_82).to_string(),
            format!("{}{}", 1u64 << 60, "0".repeat(22))
        );
        assert_eq!(kind(&n("1e300")), "big");
        // The exact expansion of a float parses back to that float.
        let text = "0.1000000000000000055511151231257827021181583404541015625";
        assert_eq!(n(text), exact(0.1));
        assert_eq!(kind(&n(text)), "float digits");
        let tiny = Decimal::from_f64(5e-324).unwrap();
        let mut text = Vec::new();
        tiny.push_plain(&mut text);
        assert_eq!(n(std::str::from_utf8(&text).unwrap()), exact(5e-324));
        // Same value, same representation, whatever the spelling.
        for spelling in ["0.1", "1e-1", "00.100", ".1", "+0.1", "100e-3", "0.0001e3"] {
            assert_eq!(n(spelling), n("0.1"), "{spelling}");
            assert_eq!(hash(&n(spelling)), hash(&n("0.1")));
        }
        for spelling in ["5", "5.", "5.000", "0.5e1", "500e-2", "+5", "5E0"] {
            assert_eq!(n(spelling), Number::from(5), "{spelling}");
        }
        for spelling in ["0", "-0", "+0", "0.000", "0e999999999", "-0.0e-5", ".0"] {
            assert_eq!(n(spelling), Number::default(), "{spelling}");
            assert_eq!(hash(&n(spelling)), hash(&Number::default()), "{spelling}");
        }
        // go-cty 1.16 keeps the sign of zero: negative zero is its own form, equal to zero.
        for spelling in ["-0", "-0.000", "-0.0e-5", "-0e999999999"] {
            assert_eq!(kind(&n(spelling)), "negative zero", "{spelling}");
        }
        for spelling in ["0", "+0", "0.000", ".0"] {
            assert_eq!(kind(&n(spelling)), "int", "{spelling}");
        }
        assert_eq!(Number::from(u128::MAX).to_string(), u128::MAX.to_string());
        assert_eq!(kind(&Number::from(u128::MAX)), "big");
        // Integers that are exactly a float64 keep all their digits unless those are the
        // float's shortest text (go-cty 1.16 writes an integer's digits, not a float's).
        assert_eq!(kind(&Number::from(1u128 << 100)), "float digits");
        assert_eq!(kind(&Number::from(i128::MIN)), "float digits");
        assert_eq!(kind(&Number::from(10u128.pow(20))), "float");
        assert_eq!(kind(&Number::from(-(10i128.pow(20)))), "float");
        assert_eq!(Number::from(u64::MAX as usize), Number::from(u64::MAX));
        assert_eq!(Number::from(-3isize), Number::from(-3i8));
    }

    /// Decimal text that equals a float but is not the float's shortest text keeps its
    /// digits (found by the json_value fuzz target): JSON → JSON is exact, as go-cty, which
    /// keeps numbers parsed from text at 512 bits. MessagePack gets the float64 of a
    /// non-integer; a whole number beyond the i64 range is, by go-cty 1.16's rule, a string of
    /// all its digits (go-cty 1.12 wrote the float64).
    #[test]
    fn text_equal_to_a_float_keeps_its_digits() {
        let finding = "777770034794969986247221540117520051061017630736384";
        let cases: &[(&str, f64, Vec<u8>)] = &[
            // An integer beyond 2^128 that is exactly an f64 (the finding).
            (
                finding,
                777770034794969986247221540117520051061017630736384.0,
                str_msgpack(&[0xd9, 51], finding),
            ),
            (
                "0.1000000000000000055511151231257827021181583404541015625",
                0.1,
                vec![0xcb, 0x3f, 0xb9, 0x99, 0x99, 0x99, 0x99, 0x99, 0x9a],
            ),
            // 1/2 + 2^-52, whose shortest text is 17 digits long.
            (
                "0.50000000000000011102230246251565404236316680908203125",
                0.5000000000000001,
                vec![0xcb, 0x3f, 0xe0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01],
            ),
        ];
        for (text, f, bytes) in cases {
            let (text, f) = (*text, *f);
            let x = n(text);
            assert_eq!(kind(&x), "float digits", "{text}");
            assert_eq!(x.to_string(), text);
            assert_eq!(json(&x), text);
            assert_eq!(mp(&x), *bytes, "{text}");
            // The same value as the float from the wire, which is written shortest.
            assert_eq!(x, exact(f));
            assert_eq!(hash(&x), hash(&exact(f)));
            assert_eq!(x.cmp(&exact(f)), Ordering::Equal);
            assert_ne!(exact(f).to_string(), text);
            assert_eq!(x.to_f64().unwrap(), f);
            // Written and read back, as text or through serde, it keeps its digits.
            assert_eq!(kind(&n(&x.to_string())), "float digits");
            let via_json: Number = crate::json::from_slice(json(&x).as_bytes()).unwrap();
            assert_eq!(via_json.to_string(), text);
        }
        // Digits that are the float's shortest text stay plain floats.
        for text in ["0.5", "1e22", "0.30000000000000004e1", "2.5e-5"] {
            let x = n(text);
            assert!(matches!(kind(&x), "float" | "int" | "big"), "{text}");
            assert_ne!(kind(&x), "float digits", "{text}");
        }
        // The shortest text of 1 + 2^-52 is a different decimal; its exact text is the float.
        assert_eq!(kind(&n("1.0000000000000002")), "big");
        let exact_text = "1.0000000000000002220446049250313080847263336181640625";
        assert_eq!(kind(&n(exact_text)), "float digits");
        assert_eq!(n(exact_text).to_string(), exact_text);
    }

    /// The allocation-free fast path agrees with the exact rule wherever it answers, and
    /// answers for the usual texts.
    #[test]
    fn shortest_f64_agrees_with_to_f64() {
        let mut texts: Vec<String> = [
            "0",
            "-0",
            "0.0",
            "5",
            "-5",
            "0.5",
            "0.0425",
            "0.1",
            "-0.1",
            "1e22",
            "1e23",
            "1.5e-7",
            "9007199254740992",
            "9007199254740993",
            "9007199254740994",
            "123456789012345680000",
            "9223372036854775808",
            "1.7976931348623157e308",
            "2e308",
            "5e-324",
            "4.9406564841246544e-324",
            "0.30000000000000004",
            "0.3000000000000000444",
            "3.14159265358979323846",
            "1.0000000000000002",
            "00.0425000",
            "+0.5",
            ".5",
            "5.",
            "1E+2",
            "1e-400",
        ]
        .iter()
        .map(|t| t.to_string())
        .collect();
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..2000 {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let f = f64::from_bits(x >> 2);
            if f.is_finite() {
                texts.push(format!("{f:e}"));
                texts.push(format!("{f}"));
                texts.push(format!("{:.3e}", f));
            }
        }
        let mut answered = 0;
        for text in &texts {
            let exact = Number::parse(text).and_then(|n| n.to_f64()).ok();
            if let Some(f) = shortest_f64(text) {
                answered += 1;
                // Bit for bit: both keep the sign of zero ("-0" is -0.0, as go-cty 1.16
                // keeps it).
                assert_eq!(Some(f.to_bits()), exact.map(f64::to_bits), "{text}");
            }
        }
        assert!(
            answered * 10 > texts.len() * 6,
            "{answered} of {}",
            texts.len()
        );
        for usual in ["0.0425", "0.1", "-2.5", "100", "1e22", "0"] {
            assert!(shortest_f64(usual).is_some(), "{usual}");
        }
        for refused in [
            "0.30000000000000004440892098500626",
            "9007199254740993",
            "2e308",
        ] {
            assert_eq!(shortest_f64(refused), None, "{refused}");
        }
    }

    #[test]
    fn parse_accepts_and_rejects() {
        for ok in [
            "0",
            "-1",
            "+1",
            ".5",
            "5.",
            "-.5",
            "1e5",
            "1E5",
            "1e+5",
            "1e-5",
            "1.5e3",
            "000123",
            "123.456000",
            "1234567890123456789012345",
            "1e0",
        ] {
            assert!(Number::parse(ok).is_ok(), "{ok}");
        }
        for bad in [
            "", " ", " 1", "1 ", "+", "-", ".", "e5", ".e5", "1e", "1e+", "1.2.3", "0x10", "1_00",
            "inf", "Inf", "+Inf", "NaN", "nan", "--1", "+-1", "1e5.5", "1f", "١", "1,5", "1p3",
            "0b1",
        ] {
            let e = Number::parse(bad).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::Number, "{bad:?}");
        }
        assert_eq!(
            Number::parse("0x10").unwrap_err().message(),
            "expected a decimal number, found \"0x10\""
        );
        let long = format!("x{}", "1".repeat(100));
        let msg = Number::parse(&long).unwrap_err().message().to_owned();
        assert_eq!(
            msg,
            format!(
                "expected a decimal number, found \"x{}\"...",
                "1".repeat(39)
            )
        );
        assert_eq!("42".parse::<Number>().unwrap(), Number::from(42));
    }

    #[test]
    fn parse_limits() {
        // Text length: at the limit and one past it.
        let at = "1".repeat(MAX_NUMBER_TEXT);
        let x = n(&at);
        assert_eq!(x.to_string(), at);
        let past = "1".repeat(MAX_NUMBER_TEXT + 1);
        assert_eq!(Number::parse(&past).unwrap_err().kind(), ErrorKind::Limit);
        let zeros = format!("0.{}1", "0".repeat(MAX_NUMBER_TEXT - 3));
        assert_eq!(n(&zeros).to_string(), zeros);

        // Written out: the plain text of the value must fit too, whatever the exponent.
        let limit = |text: &str| {
            let e = Number::parse(text).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::Limit, "{text}");
            e.message().to_owned()
        };
        let big = n("1e4095");
        assert_eq!(big.to_string().len(), MAX_NUMBER_TEXT);
        assert_eq!(mp(&big).len(), 3 + MAX_NUMBER_TEXT);
        assert_eq!(n(&big.to_string()), big);
        assert_eq!(
            limit("1e4096"),
            "number 1e4096 has too many digits: written out without an exponent, as Terraform \
             writes numbers, it takes 4097 bytes, more than the limit of 4096"
        );
        assert_eq!(n("0.1e4096"), big);
        assert_eq!(n("-9e4094").to_string().len(), MAX_NUMBER_TEXT);
        assert!(limit("-1e4095").contains("it takes 4097 bytes"));
        let small = n("1e-4094");
        assert_eq!(small.to_string().len(), MAX_NUMBER_TEXT);
        assert_eq!(n(&small.to_string()), small);
        assert!(limit("1e-4095").contains("it takes 4097 bytes"));
        assert!(limit("-1e-4094").contains("it takes 4097 bytes"));
        assert_eq!(n("10e-4095"), small);
        // Digits after the point count: 0.<4091 zeros>12 is 4095 bytes, one digit more is not.
        assert_eq!(n("12e-4093").to_string().len(), 4095);
        assert_eq!(n("123e-4094").to_string().len(), 4096);
        assert!(limit("1234e-4095").contains("it takes 4097 bytes"));
        // Zeros do not count.
        assert_eq!(
            n(&format!("{}1{}e-4000", "0".repeat(50), "0".repeat(50))),
            n("1e-3950")
        );

        // Saturating exponents: fast and small.
        let start = std::time::Instant::now();
        let e = Number::parse("1e999999999").unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Limit);
        assert!(
            e.message()
                .starts_with("number 1e999999999 has too many digits: "),
            "{e}"
        );
        let e = Number::parse(&format!("1e-{}", "9".repeat(4000))).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Limit);
        assert!(e
            .message()
            .starts_with("number 1e-9999999999999999999999999999999999999..."));
        assert!(Number::parse("1e99999999999999999999999999999").is_err());
        assert!(start.elapsed() < std::time::Duration::from_millis(50));
    }

    #[test]
    fn from_f64_rules() {
        assert_eq!(Number::from_f64(0.1).unwrap(), n("0.1"));
        assert_eq!(kind(&Number::from_f64(0.1).unwrap()), "big");
        assert_eq!(kind(&Number::from_f64(0.5).unwrap()), "float");
        assert_eq!(kind(&Number::from_f64(3.0).unwrap()), "int");
        assert_eq!(Number::from_f64(3.0).unwrap(), Number::from(3));
        assert_eq!(Number::from_f64(-0.0).unwrap(), Number::from(0));
        // go-cty 1.16 keeps negative zero.
        assert_eq!(kind(&Number::from_f64(-0.0).unwrap()), "negative zero");
        assert_eq!(Number::from_f64(-0.0).unwrap().to_string(), "-0");
        assert_eq!(kind(&Number::from_f64(0.0).unwrap()), "int");
        assert_eq!(kind(&Number::from_f32(-0.0).unwrap()), "negative zero");
        assert_eq!(Number::from_f64(1e300).unwrap(), n("1e300"));
        assert_eq!(Number::from_f64(1e22).unwrap(), exact(1e22));
        assert_eq!(Number::from_f64(5e-324).unwrap(), n("5e-324"));
        assert_eq!(
            Number::from_f64(2f64.powi(63)).unwrap(),
            n("9223372036854776000")
        );
        assert_eq!(
            Number::from_f64(0.1 + 0.2).unwrap(),
            n("0.30000000000000004")
        );
        assert_eq!(
            Number::from_f64(f64::INFINITY).unwrap(),
            exact(f64::INFINITY)
        );
        let e = Number::from_f64(f64::NAN).unwrap_err();
        assert_eq!(
            (e.kind(), e.message()),
            (ErrorKind::Number, "NaN is not a valid number")
        );

        assert_eq!(Number::from_f32(0.1).unwrap(), n("0.1"));
        assert_eq!(
            Number::from_f32(16777216.0).unwrap(),
            Number::from(16777216)
        );
        assert_eq!(
            Number::from_f32(1e10).unwrap(),
            Number::from(10_000_000_000i64)
        );
        assert_eq!(
            Number::from_f32(f32::NEG_INFINITY).unwrap(),
            exact(f64::NEG_INFINITY)
        );
        assert!(Number::from_f32(f32::NAN).is_err());

        assert_eq!(kind(&exact(0.1)), "float");
        assert_ne!(exact(0.1), n("0.1"));
        assert_eq!(exact(3.0), Number::from(3));
        // go-cty 1.16's 53-bit view of a float64 from the wire: whole values below 2^53 are
        // integers, larger ones stay floats (written with their shortest digits), yet equal
        // the integer of the same value.
        assert_eq!(kind(&exact(2f64.powi(53) - 1.0)), "int");
        assert_eq!(kind(&exact(-(2f64.powi(53) - 1.0))), "int");
        assert_eq!(kind(&exact(2f64.powi(53))), "float");
        assert_eq!(kind(&exact(2f64.powi(63))), "float");
        assert_eq!(kind(&exact(2f64.powi(64))), "float");
        assert_eq!(kind(&exact(-(2f64.powi(63)))), "float");
        assert_eq!(exact(2f64.powi(63)), Number::from(1u64 << 63));
        assert_eq!(hash(&exact(2f64.powi(63))), hash(&Number::from(1u64 << 63)));
        assert_eq!(exact(-(2f64.powi(63))), Number::from(i64::MIN));
        assert_eq!(exact(-(2f64.powi(63))).as_i64(), Some(i64::MIN));
        assert_eq!(exact(2f64.powi(63)).as_u64(), Some(1 << 63));
        // -0.0 is negative zero: equal to zero and hashed as zero (go-cty 1.16).
        assert_eq!(kind(&exact(-0.0)), "negative zero");
        assert_eq!(exact(-0.0), Number::from(0));
        assert_eq!(hash(&exact(-0.0)), hash(&Number::from(0)));
        assert_eq!(exact(-0.0).cmp(&Number::from(0)), Ordering::Equal);
        assert_eq!(exact(-0.0).as_i64(), Some(0));
        assert_eq!(exact(-0.0).as_u64(), Some(0));
        assert!(!exact(-0.0).is_negative() && exact(-0.0).is_integer());
        assert_eq!(exact(-0.0).to_f64().unwrap().to_bits(), (-0.0f64).to_bits());
        assert_eq!(kind(&exact(0.0)), "int");
        assert!(Number::from_f64_exact(f64::NAN).is_err());
    }

    #[test]
    fn integer_conversions() {
        assert_eq!(n("127").to_i8().unwrap(), 127);
        assert_eq!(n("-128").to_i8().unwrap(), -128);
        assert_eq!(
            n("128").to_i8().unwrap_err().message(),
            "expected a whole number from -128 to 127, found 128"
        );
        assert_eq!(
            n("1.5").to_i8().unwrap_err().message(),
            "expected a whole number from -128 to 127, found 1.5"
        );
        assert_eq!(
            n("300").to_u8().unwrap_err().message(),
            "expected a whole number from 0 to 255, found 300"
        );
        assert_eq!(n("255").to_u8().unwrap(), 255);
        assert!(n("-1").to_u8().is_err());
        assert_eq!(n("32767").to_i16().unwrap(), 32767);
        assert!(n("32768").to_i16().is_err());
        assert!(n("-32769").to_i16().is_err());
        assert_eq!(n("65535").to_u16().unwrap(), 65535);
        assert!(n("65536").to_u16().is_err());
        assert_eq!(n("-2147483648").to_i32().unwrap(), i32::MIN);
        assert!(n("2147483648").to_i32().is_err());
        assert_eq!(n("4294967295").to_u32().unwrap(), u32::MAX);
        assert!(n("4294967296").to_u32().is_err());
        assert_eq!(n("9223372036854775807").to_i64().unwrap(), i64::MAX);
        assert_eq!(n("-9223372036854775808").to_i64().unwrap(), i64::MIN);
        assert!(n("9223372036854775808").to_i64().is_err());
        assert!(n("-9223372036854775809").to_i64().is_err());
        assert_eq!(n("18446744073709551615").to_u64().unwrap(), u64::MAX);
        assert!(n("18446744073709551616").to_u64().is_err());
        assert_eq!(n("18446744073709551615").to_usize().unwrap(), usize::MAX);
        assert_eq!(n("-9223372036854775808").to_isize().unwrap(), isize::MIN);
        let i128_max = i128::MAX.to_string();
        let i128_min = i128::MIN.to_string();
        let u128_max = u128::MAX.to_string();
        assert_eq!(n(&i128_max).to_i128().unwrap(), i128::MAX);
        assert_eq!(n(&i128_min).to_i128().unwrap(), i128::MIN);
        assert!(n("170141183460469231731687303715884105728")
            .to_i128()
            .is_err());
        assert!(n("-170141183460469231731687303715884105729")
            .to_i128()
            .is_err());
        assert_eq!(n(&u128_max).to_u128().unwrap(), u128::MAX);
        assert!(n("340282366920938463463374607431768211456")
            .to_u128()
            .is_err());
        assert_eq!(n("1e30").to_u128().unwrap(), 10u128.pow(30));
        assert_eq!(exact(1e30).to_u128().unwrap(), 1e30 as u128);
        assert_eq!(exact(2f64.powi(127)).to_u128().unwrap(), 1 << 127);
        assert!(exact(2f64.powi(127)).to_i128().is_err());
        assert!(exact(2f64.powi(128)).to_u128().is_err());
        assert!(exact(f64::INFINITY).to_i64().is_err());
        assert!(n("0.1").to_i64().is_err());
        assert!(n("1e400").to_u128().is_err());
        let e = n("1e100").to_u8().unwrap_err();
        assert!(e
            .message()
            .ends_with("found 1000000000000000000000000000000000000000..."));
        assert_eq!(n("-5").to_i64().unwrap(), -5);
        assert_eq!(n("-5").as_i64(), Some(-5));
        assert_eq!(n("-5").as_u64(), None);
        assert_eq!(n("18446744073709551615").as_u64(), Some(u64::MAX));
        assert_eq!(n("18446744073709551615").as_i64(), None);
        assert_eq!(n("5").as_u64(), Some(5));
        assert_eq!(n("0.5").as_i64(), None);
    }

    #[test]
    fn float_conversions() {
        assert_eq!(n("0.1").to_f64().unwrap(), 0.1);
        assert_eq!(exact(0.1).to_f64().unwrap(), 0.1);
        assert_eq!(n("0.5").to_f64().unwrap(), 0.5);
        assert_eq!(n("9007199254740992").to_f64().unwrap(), 9007199254740992.0);
        assert!(n("9007199254740993").to_f64().is_err());
        assert_eq!(n("9223372036854775808").to_f64().unwrap(), 2f64.powi(63));
        // The shortest text of 2^63 reads back as this integer.
        assert_eq!(n("9223372036854776000").to_f64().unwrap(), 2f64.powi(63));
        assert!(n("9223372036854775807").to_f64().is_err());
        assert!(n("18446744073709551615").to_f64().is_err());
        assert_eq!(n("1e300").to_f64().unwrap(), 1e300);
        assert_eq!(
            n("3.14159265358979323846264338328").to_f64().unwrap_err().message(),
            "the number 3.14159265358979323846264338328 cannot be represented by a 64-bit float without losing precision"
        );
        let e = n("1e400").to_f64().unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Number);
        assert!(e.message().contains("too large"), "{e}");
        assert!(n("1e-400").to_f64().is_err());
        assert_eq!(exact(f64::INFINITY).to_f64().unwrap(), f64::INFINITY);
        assert_eq!(
            exact(f64::NEG_INFINITY).to_f64().unwrap(),
            f64::NEG_INFINITY
        );
        assert_eq!(exact(5e-324).to_f64().unwrap(), 5e-324);
        assert_eq!(n("5e-324").to_f64().unwrap(), 5e-324);
        assert_eq!(exact(f64::MAX).to_f64().unwrap(), f64::MAX);

        assert_eq!(n("0.1").to_f32().unwrap(), 0.1f32);
        assert_eq!(n("16777216").to_f32().unwrap(), 16777216.0);
        assert!(n("16777217").to_f32().is_err());
        assert_eq!(exact(0.5).to_f32().unwrap(), 0.5);
        assert_eq!(exact(f64::from(0.1f32)).to_f32().unwrap(), 0.1f32);
        assert!(exact(0.1).to_f32().is_err());
        assert!(exact(1e300)
            .to_f32()
            .unwrap_err()
            .message()
            .contains("32-bit"));
        assert!(n("1e39").to_f32().is_err());
        assert_eq!(
            exact(f64::NEG_INFINITY).to_f32().unwrap(),
            f32::NEG_INFINITY
        );
        assert_eq!(n("1e10").to_f32().unwrap(), 1e10f32);
    }

    #[test]
    fn ordering_across_representations() {
        let sorted = [
            exact(f64::NEG_INFINITY),
            n("-1e4094"),
            exact(-1e300),
            n("-1e300"),
            Number::from(-(1i128 << 64)),
            n("-9223372036854775809"),
            Number::from(i64::MIN),
            n("-1.5"),
            n("-1"),
            n("-0.1"),
            exact(-5e-324),
            n("-1e-4093"),
            Number::from(0),
            n("1e-4094"),
            exact(5e-324),
            n("5e-324"),
            n("0.1"),
            exact(0.1),
            n("0.10000000000000000555111512312578270211815834045410156251"),
            n("0.5"),
            Number::from(1),
            n("1.0000000000000000001"),
            exact(1.5),
            Number::from(i64::MAX),
            Number::from(1u64 << 63),
            n("9223372036854775808.5"),
            Number::from(u64::MAX),
            n("18446744073709551615.5"),
            exact(2f64.powi(64)),
            n("18446744073709551617"),
            n("1e300"),
            exact(1e300),
            exact(f64::MAX),
            n("1e4095"),
            exact(f64::INFINITY),
        ];
        for (i, a) in sorted.iter().enumerate() {
            for (j, b) in sorted.iter().enumerate() {
                assert_eq!(a.cmp(b), i.cmp(&j), "{a:?} vs {b:?}");
                assert_eq!(a == b, i == j);
            }
        }
        // The float 1e300 is 1.0000000000000000525…e300; 5e-324 is 4.94…e-324.
        assert!(exact(1e300) > n("1e300"));
        assert!(exact(5e-324) < n("5e-324"));
        assert!(exact(0.1) > n("0.1"));
        assert!(exact(0.3) < n("0.3"));
        assert!(exact(-0.5) < Number::from(0) && exact(0.5) > Number::from(0));
        assert!(exact(-1.5) < Number::from(-1) && exact(-0.5) > Number::from(-1));
    }

    #[test]
    fn display_and_json() {
        assert_eq!(n("0.1").to_string(), "0.1");
        assert_eq!(n("-0.000123").to_string(), "-0.000123");
        assert_eq!(
            n("123456789012345678901234567890").to_string(),
            "123456789012345678901234567890"
        );
        assert_eq!(n("1.5e3").to_string(), "1500");
        // go-cty 1.16 keeps the sign of zero: "-0" in Display and JSON (MessagePack `00`).
        assert_eq!(n("-0").to_string(), "-0");
        assert_eq!(n("-0.0e5").to_string(), "-0");
        assert_eq!(exact(-0.0).to_string(), "-0");
        assert_eq!(exact(0.0).to_string(), "0");
        assert_eq!(json(&n("-0")), "-0");
        assert_eq!(json(&exact(-0.0)), "-0");
        assert_eq!(format!("{:?}", n("-0")), "Number(-0)");
        assert_eq!(exact(0.1).to_string(), "0.1");
        // go-cty 1.16 writes a float64 from the wire with its shortest digits, whole or not
        // (go-cty 1.12 wrote whole ones below 2^128 exactly); a tie goes to the even digit.
        assert_eq!(exact(2f64.powi(63)).to_string(), "9223372036854776000");
        assert_eq!(json(&exact(2f64.powi(63))), "9223372036854776000");
        assert_eq!(exact(2f64.powi(62)).to_string(), "4611686018427388000");
        assert_eq!(exact(2f64.powi(53)).to_string(), "9007199254740992");
        assert_eq!(exact(-(2f64.powi(64))).to_string(), "-18446744073709552000");
        // (796099793890611.25 and .75, written as sums: the literals need more digits than
        // the shortest text, which is the point.)
        let tie_low = 796_099_793_890_611.0 + 0.25;
        let tie_high = 796_099_793_890_611.0 + 0.75;
        assert_eq!(exact(tie_low).to_string(), "796099793890611.2");
        assert_eq!(json(&exact(tie_low)), "796099793890611.2");
        assert_eq!(exact(tie_high).to_string(), "796099793890611.8");
        assert_eq!(exact(1e300).to_string(), format!("1{}", "0".repeat(300)));
        assert_eq!(exact(5e-324).to_string(), format!("0.{}5", "0".repeat(323)));
        assert_eq!(
            exact(f64::MAX).to_string(),
            format!("17976931348623157{}", "0".repeat(292))
        );
        assert_eq!(exact(f64::INFINITY).to_string(), "+Inf");
        assert_eq!(exact(f64::NEG_INFINITY).to_string(), "-Inf");
        assert_eq!(Number::from(u64::MAX).to_string(), "18446744073709551615");
        assert_eq!(format!("{:?}", n("0.1")), "Number(0.1)");
        assert_eq!(format!("{:?}", Number::from(-3)), "Number(-3)");

        assert_eq!(json(&Number::from(-42)), "-42");
        assert_eq!(json(&Number::from(i64::MIN)), "-9223372036854775808");
        assert_eq!(json(&Number::from(u64::MAX)), "18446744073709551615");
        assert_eq!(json(&n("-1.5")), "-1.5");
        assert_eq!(json(&n("0.1")), "0.1");
        assert_eq!(json(&n("1e300")), format!("1{}", "0".repeat(300)));
        assert_eq!(json(&exact(5e-324)), format!("0.{}5", "0".repeat(323)));
        let e = exact(f64::INFINITY)
            .write_json(&mut Vec::new())
            .unwrap_err();
        assert_eq!(
            (e.kind(), e.message()),
            (ErrorKind::Number, "cannot represent infinity in JSON")
        );
    }

    #[test]
    fn accessors() {
        assert!(n("5").is_integer() && n("1e30").is_integer() && exact(1e300).is_integer());
        assert!(n("18446744073709551615").is_integer());
        assert!(!n("0.5").is_integer() && !n("0.1").is_integer());
        assert!(!exact(f64::INFINITY).is_integer());
        assert!(exact(f64::INFINITY).is_infinite() && !n("1e4095").is_infinite());
        assert!(n("-0.1").is_negative() && exact(f64::NEG_INFINITY).is_negative());
        assert!(!n("-0").is_negative() && !n("1e300").is_negative());
        assert_eq!(std::mem::size_of::<Number>(), 16);
    }

    #[test]
    fn serde_round_trip() {
        use serde::de::value::{
            BytesDeserializer, Error as ValueError, F32Deserializer, F64Deserializer,
            I128Deserializer, I64Deserializer, StrDeserializer, U64Deserializer,
        };
        use serde::Deserialize;

        for x in [
            n("3"),
            n("-7"),
            n("18446744073709551615"),
            exact(0.5),
            exact(0.1),
        ] {
            let text = serde_json::to_string(&x).unwrap();
            assert_eq!(text, x.to_string());
            let back: Number = serde_json::from_str(&text).unwrap();
            assert_eq!(back, x);
        }
        assert_eq!(serde_json::to_string(&n("0.1")).unwrap(), "\"0.1\"");
        let back: Number = serde_json::from_str("\"0.1\"").unwrap();
        assert_eq!(back, n("0.1"));
        assert!(serde_json::from_str::<Number>("true").is_err());
        let e = serde_json::from_str::<Number>("\"0x10\"").unwrap_err();
        assert!(
            e.to_string()
                .contains(r#"expected number, found the string "0x10""#),
            "{e}"
        );

        let de = |r: Result<Number, ValueError>| r.unwrap();
        assert_eq!(
            de(Number::deserialize(I64Deserializer::new(-3))),
            Number::from(-3)
        );
        assert_eq!(
            de(Number::deserialize(U64Deserializer::new(u64::MAX))),
            Number::from(u64::MAX)
        );
        assert_eq!(
            de(Number::deserialize(I128Deserializer::new(i128::MIN))),
            Number::from(i128::MIN)
        );
        assert_eq!(
            de(Number::deserialize(F64Deserializer::new(0.1))),
            exact(0.1)
        );
        assert_eq!(
            de(Number::deserialize(F32Deserializer::new(0.1))),
            exact(f64::from(0.1f32))
        );
        assert_eq!(
            de(Number::deserialize(StrDeserializer::new("0.1"))),
            n("0.1")
        );
        assert_eq!(
            de(Number::deserialize(BytesDeserializer::new(b"42"))),
            Number::from(42)
        );
        let e = Number::deserialize(F64Deserializer::<ValueError>::new(f64::NAN)).unwrap_err();
        assert_eq!(e.to_string(), "NaN is not a valid number");
        assert!(Number::deserialize(BytesDeserializer::<ValueError>::new(b"\xff")).is_err());
    }

    #[test]
    fn randomized_consistency() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut prev: Option<(f64, Number)> = None;
        for round in 0..3000 {
            let bits = next();
            let f = match round % 3 {
                0 => f64::from_bits(bits),
                1 => (bits >> 11) as f64 / (1u64 << (bits % 60)) as f64,
                _ => (bits as i64 >> (bits % 64)) as f64 * 0.25,
            };
            if !f.is_finite() {
                continue;
            }
            let x = exact(f);
            assert_eq!(x.to_f64().unwrap(), f);
            // The exact expansion parses back to the same float.
            if let Some(d) = Decimal::from_f64(f) {
                let mut text = Vec::new();
                d.push_plain(&mut text);
                if text.len() <= MAX_NUMBER_TEXT {
                    assert_eq!(n(std::str::from_utf8(&text).unwrap()), x, "{f:e}");
                }
            }
            // The shortest decimal reads back as the same float.
            let shortest = Number::from_f64(f).unwrap();
            assert_eq!(shortest.to_f64().unwrap(), f, "{f:e}");
            assert_eq!(shortest, n(&format!("{f:e}")));
            // Ordering agrees with f64's for floats.
            if let Some((g, y)) = &prev {
                assert_eq!(x.cmp(y), f.partial_cmp(g).unwrap(), "{f:e} vs {g:e}");
            }
            prev = Some((f, x));
        }
    }

    /// Records how a value serializes: the newtype name and the inner call.
    #[test]
    fn serialize_protocol() {
        use serde::ser::{Impossible, Serialize, Serializer};

        #[derive(Debug, PartialEq)]
        enum Call {
            I64(i64),
            U64(u64),
            F64(u64),
            Str(String),
            Newtype(&'static str, Box<Call>),
        }

        struct Rec;

        macro_rules! unsupported {
            ($($name:ident($($arg:ty),*);)*) => {$(
                fn $name(self $(, _: $arg)*) -> Result<Call, Error> {
                    Err(Error::new(ErrorKind::Custom, stringify!($name)))
                }
            )*};
        }

        impl Serializer for Rec {
            type Ok = Call;
            type Error = Error;
            type SerializeSeq = Impossible<Call, Error>;
            type SerializeTuple = Impossible<Call, Error>;
            type SerializeTupleStruct = Impossible<Call, Error>;
            type SerializeTupleVariant = Impossible<Call, Error>;
            type SerializeMap = Impossible<Call, Error>;
            type SerializeStruct = Impossible<Call, Error>;
            type SerializeStructVariant = Impossible<Call, Error>;

            fn serialize_i64(self, v: i64) -> Result<Call, Error> {
                Ok(Call::I64(v))
            }
            fn serialize_u64(self, v: u64) -> Result<Call, Error> {
                Ok(Call::U64(v))
            }
            fn serialize_f64(self, v: f64) -> Result<Call, Error> {
                Ok(Call::F64(v.to_bits()))
            }
            fn serialize_str(self, v: &str) -> Result<Call, Error> {
                Ok(Call::Str(v.to_owned()))
            }
            fn serialize_newtype_struct<T: ?Sized + Serialize>(
                self,
                name: &'static str,
                value: &T,
            ) -> Result<Call, Error> {
                Ok(Call::Newtype(name, Box::new(value.serialize(Rec)?)))
            }
            unsupported! {
                serialize_bool(bool); serialize_i8(i8); serialize_i16(i16); serialize_i32(i32);
                serialize_u8(u8); serialize_u16(u16); serialize_u32(u32); serialize_f32(f32);
                serialize_char(char); serialize_bytes(&[u8]); serialize_none(); serialize_unit();
                serialize_unit_struct(&'static str);
                serialize_unit_variant(&'static str, u32, &'static str);
            }
            fn serialize_some<T: ?Sized + Serialize>(self, _: &T) -> Result<Call, Error> {
                Err(Error::new(ErrorKind::Custom, "some"))
            }
            fn serialize_newtype_variant<T: ?Sized + Serialize>(
                self,
                _: &'static str,
                _: u32,
                _: &'static str,
                _: &T,
            ) -> Result<Call, Error> {
                Err(Error::new(ErrorKind::Custom, "variant"))
            }
            fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
                Err(Error::new(ErrorKind::Custom, "seq"))
            }
            fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> {
                Err(Error::new(ErrorKind::Custom, "tuple"))
            }
            fn serialize_tuple_struct(
                self,
                _: &'static str,
                _: usize,
            ) -> Result<Self::SerializeTupleStruct, Error> {
                Err(Error::new(ErrorKind::Custom, "tuple struct"))
            }
            fn serialize_tuple_variant(
                self,
                _: &'static str,
                _: u32,
                _: &'static str,
                _: usize,
            ) -> Result<Self::SerializeTupleVariant, Error> {
                Err(Error::new(ErrorKind::Custom, "tuple variant"))
            }
            fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
                Err(Error::new(ErrorKind::Custom, "map"))
            }
            fn serialize_struct(
                self,
                _: &'static str,
                _: usize,
            ) -> Result<Self::SerializeStruct, Error> {
                Err(Error::new(ErrorKind::Custom, "struct"))
            }
            fn serialize_struct_variant(
                self,
                _: &'static str,
                _: u32,
                _: &'static str,
                _: usize,
            ) -> Result<Self::SerializeStructVariant, Error> {
                Err(Error::new(ErrorKind::Custom, "struct variant"))
            }
        }

        let token = crate::tokens::NUMBER_TOKEN;
        let rec = |x: Number| x.serialize(Rec).unwrap();
        let wrap = |c: Call| Call::Newtype(token, Box::new(c));
        assert_eq!(rec(Number::from(-3)), wrap(Call::I64(-3)));
        assert_eq!(rec(Number::from(u64::MAX)), wrap(Call::U64(u64::MAX)));
        assert_eq!(rec(exact(0.1)), wrap(Call::F64(0.1f64.to_bits())));
        assert_eq!(
            rec(exact(f64::INFINITY)),
            wrap(Call::F64(f64::INFINITY.to_bits()))
        );
        assert_eq!(rec(n("0.1")), wrap(Call::Str("0.1".into())));
        assert_eq!(rec(n("-1e-3")), wrap(Call::Str("-0.001".into())));
    }

    #[test]
    fn whole_numbers_from_integers_and_text_print_exactly() {
        // Integers and decimal text print all their digits, even when the value is exactly a
        // float (stored so); their text must read back the same.
        for n in [
            Number::from(i128::MIN),
            Number::from(u128::MAX - (1u128 << 100) + 1),
            Number::from(1u128 << 64),
            Number::parse("9223372036854775808").unwrap(),
            Number::parse("18446744073709551616").unwrap(),
        ] {
            let text = n.to_string();
            assert_eq!(Number::parse(&text).unwrap(), n, "{text}");
            let mut json = Vec::new();
            n.write_json(&mut json).unwrap();
            assert_eq!(json, text.as_bytes());
        }
        assert_eq!(
            Number::from(i128::MIN).to_string(),
            "-170141183460469231731687303715884105728"
        );
        assert_eq!(
            Number::from(1u128 << 64).to_string(),
            "18446744073709551616"
        );
    }

    /// go-cty 1.16's rule: a whole float64 from the wire of at least 2^53 is written with the
    /// float's shortest digits (go-cty 1.12 printed whole floats below 2^128 exactly), so its
    /// text reads back as another number; outside the i64 range MessagePack carries that
    /// same text as a string.
    #[test]
    fn whole_wire_floats_print_their_shortest_digits() {
        let two_63 = exact(9_223_372_036_854_775_808.0);
        assert_eq!(two_63.to_string(), "9223372036854776000");
        assert_eq!(json(&two_63), "9223372036854776000");
        assert_eq!(mp(&two_63), str_msgpack(&[0xb3], "9223372036854776000"));
        assert_ne!(n("9223372036854776000"), two_63);
        assert_eq!(n("9223372036854775808"), two_63);
        // In the i64 range: an exact MessagePack integer, shortest digits as text.
        let two_62 = exact(4_611_686_018_427_387_904.0);
        assert_eq!(two_62.to_string(), "4611686018427388000");
        assert_eq!(mp(&two_62), [0xcf, 0x40, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(two_62, Number::from(1i64 << 62));
        // Beyond 2^128 too.
        let two_128 = exact(2f64.powi(128));
        assert_eq!(
            two_128.to_string(),
            "340282366920938500000000000000000000000"
        );
        assert_eq!(
            mp(&two_128),
            str_msgpack(&[0xd9, 39], "340282366920938500000000000000000000000")
        );
    }
}
