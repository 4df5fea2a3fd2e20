//! Writing a number as Terraform's text: plain decimal digits without an exponent, the
//! shortest digits of a float64 at go-cty's 53 bits (ties settled to even, powers of two and
//! subnormals as `big.Float` writes them), `+Inf` and `-Inf`.

use super::decimal::{u128_digits, Decimal};
use super::go_shortest::{differs_from_rust, write_go_text};
use super::{Number, Repr, StackText};
use std::fmt::{self, Write as _};

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
            Repr::FloatDigits(x) => match Decimal::from_f64(*x) {
                Some(d) => d.write_plain(f),
                None => f.write_str("0"),
            },
            Repr::Big(d) => d.write_plain(f),
        }
    }
}

/// A finite float's text: the shortest digits that read back as the same float64, padded
/// with zeros and never with an exponent, as go-cty writes a 53-bit float (2^63 is
/// `9223372036854776000`).
///
/// When the float lies exactly halfway between two shortest candidates, Go picks the one
/// whose last digit is even (796099793890611.25 prints `796099793890611.2`), where Rust's
/// formatter rounds the other way; so the digits come from Rust and ties are settled here.
/// Powers of two and subnormals, whose 53-bit text is not the float64's shortest, are
/// written by [`write_go_text`] (2^64 is `18446744073709550000`).
pub(crate) fn write_float(w: &mut impl fmt::Write, x: f64) -> fmt::Result {
    if differs_from_rust(x) {
        return write_go_text(w, x);
    }
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
