//! A provider's non-integer `f64` on its way out, without a heap [`Decimal`](super::Decimal).
//!
//! [`Number::from_f64`](super::Number::from_f64) takes a float's shortest digits as the
//! decimal it means: when that decimal is exactly the float (`0.5`), the number is the
//! float; otherwise (`0.0425`) it is the decimal, kept on the heap. The encoders write
//! either at once, so for the common case (a non-integer whose digits fit a short text)
//! [`ShortFloat::of`] makes the same choice from the digits alone, on the stack: an `f64`
//! field then costs its formatting and nothing else. Everything else (integers, zero,
//! infinity, NaN, digits far from the point) answers `None` and goes through [`Number`].

use std::fmt::Write as _;

use super::StackText;

/// The most zeros between the point and a decimal's first digit that [`ShortFloat::of`]
/// writes itself: the text is then at most 60 bytes (`-0.`, 40 zeros, 17 digits), which
/// [`Plain`] holds.
const MAX_LEADING_ZEROS: usize = 40;

/// How [`Number::from_f64`](super::Number::from_f64) would hold a non-integer `f64`.
#[derive(Debug, PartialEq)]
pub(crate) enum ShortFloat {
    /// The shortest digits are exactly the float: written as the float (a float64 in
    /// MessagePack, its shortest text in JSON).
    Exact(f64),
    /// The shortest digits are another value than the float: written as that decimal.
    Decimal(Plain),
}

/// A decimal's plain text (sign, digits, point; no exponent), on the stack.
#[derive(Debug, PartialEq)]
pub(crate) struct Plain {
    buf: [u8; 64],
    len: usize,
}

impl Plain {
    /// The text.
    pub(crate) fn as_bytes(&self) -> &[u8] {
        self.buf.get(..self.len).unwrap_or(&[])
    }

    fn push(&mut self, b: u8) -> Option<()> {
        *self.buf.get_mut(self.len)? = b;
        self.len += 1;
        Some(())
    }
}

impl ShortFloat {
    /// The form of `f`, when `f` is finite and not a whole number and its decimal's plain
    /// text is short; `None` for every other float.
    #[inline]
    pub(crate) fn of(f: f64) -> Option<ShortFloat> {
        // Not whole (hence below 2^52 in magnitude) and finite: NaN and infinity fail the
        // first test, whole numbers the second.
        if !f.is_finite() || f.trunc() == f {
            return None;
        }
        let mut text = StackText::default();
        write!(text, "{f:e}").ok()?;
        let (neg, digits, exp) = split_scientific(text.as_bytes())?;
        let digits: &[u8] = &digits;
        // The value is D × 10^-k, D the digits as an integer: k > 0 since f is not whole.
        let k = usize::try_from(i64::try_from(digits.len()).ok()? - 1 - exp).ok()?;
        let mut d: u64 = 0;
        for &c in digits {
            d = d.checked_mul(10)?.checked_add(u64::from(c - b'0'))?;
        }
        // D / 10^k is a binary fraction only when 5^k divides D, and is then exactly the
        // float (the digits round to f). The shortest digits of a non-integer never end in
        // a zero, so D's digits are all significant.
        if k <= 27 {
            let five_k = 5u64.pow(k as u32);
            if d.is_multiple_of(five_k) && (d / five_k) >> (d / five_k).trailing_zeros() < 1 << 53 {
                return Some(ShortFloat::Exact(f));
            }
        }
        // Digits left of the point, and zeros between the point and the first digit.
        let int_len = digits.len().checked_sub(k);
        let zeros = k.saturating_sub(digits.len());
        if zeros > MAX_LEADING_ZEROS {
            return None;
        }
        let mut plain = Plain {
            buf: [0; 64],
            len: 0,
        };
        if neg {
            plain.push(b'-')?;
        }
        match int_len {
            Some(n) if n > 0 => {
                let (int, frac) = digits.split_at(n);
                for &c in int {
                    plain.push(c)?;
                }
                plain.push(b'.')?;
                for &c in frac {
                    plain.push(c)?;
                }
            }
            _ => {
                plain.push(b'0')?;
                plain.push(b'.')?;
                for _ in 0..zeros {
                    plain.push(b'0')?;
                }
                for &c in digits {
                    plain.push(c)?;
                }
            }
        }
        Some(ShortFloat::Decimal(plain))
    }
}

/// Rust's `{:e}` text of a float (`-4.25e-2`, `1e-7`) as its sign, its digits without the
/// point, and the exponent of the first digit.
fn split_scientific(text: &[u8]) -> Option<(bool, DigitBuf, i64)> {
    let (neg, text) = match text.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, text),
    };
    let e = text.iter().position(|&c| c == b'e')?;
    let (mantissa, exp) = (text.get(..e)?, text.get(e + 1..)?);
    let exp: i64 = std::str::from_utf8(exp).ok()?.parse().ok()?;
    let mut digits = DigitBuf::default();
    for &c in mantissa {
        match c {
            b'0'..=b'9' => digits.push(c)?,
            b'.' => {}
            _ => return None,
        }
    }
    Some((neg, digits, exp))
}

/// Up to 20 decimal digits (a float's shortest digits are at most 17).
#[derive(Default)]
struct DigitBuf {
    buf: [u8; 20],
    len: usize,
}

impl DigitBuf {
    fn push(&mut self, c: u8) -> Option<()> {
        *self.buf.get_mut(self.len)? = c;
        self.len += 1;
        Some(())
    }
}

impl std::ops::Deref for DigitBuf {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        self.buf.get(..self.len).unwrap_or(&[])
    }
}

#[cfg(test)]
mod tests;
