//! Exact decimal numbers: the rare path of [`Number`](super::Number).
//!
//! A [`Decimal`] is `±digits × 10^exp`, with `digits` a non-empty run of ASCII digits without
//! leading or trailing zeros. That form is canonical, so the derived equality is value
//! equality. Zero is never a `Decimal` (it is always `Number`'s small-integer form).
//!
//! The module also holds the tiny base-10⁹ big integer used to expand an `f64` into its exact
//! decimal value, which is always finite: `m × 2^e` is `m × 5^-e × 10^e` when `e < 0`.

use std::cmp::Ordering;
use std::fmt;

/// A non-zero exact decimal number `±digits × 10^exp` in canonical form.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Decimal {
    neg: bool,
    /// ASCII digits, first and last not `0`.
    digits: Box<str>,
    exp: i64,
}

/// Zeros written in chunks by the text renderers.
const ZEROS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

impl Decimal {
    /// Builds a decimal from significant ASCII digits, stripping leading and trailing zeros.
    /// Returns `None` when the digits are all zeros (or empty) or not all ASCII digits.
    pub(crate) fn from_digits(neg: bool, digits: &[u8], exp: i64) -> Option<Decimal> {
        if !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let start = digits.iter().position(|&d| d != b'0')?;
        let end = digits.iter().rposition(|&d| d != b'0')? + 1;
        let kept = digits.get(start..end)?;
        let trailing = i64::try_from(digits.len() - end).ok()?;
        let text = std::str::from_utf8(kept).ok()?;
        Some(Decimal {
            neg,
            digits: text.into(),
            exp: exp.saturating_add(trailing),
        })
    }

    /// `±m × 10^exp` for a non-zero magnitude `m`.
    pub(crate) fn from_u128(neg: bool, m: u128, exp: i64) -> Option<Decimal> {
        let mut buf = [0u8; 40];
        let digits = u128_digits(m, &mut buf);
        Decimal::from_digits(neg, digits, exp)
    }

    /// The exact value of a finite, non-zero `f64`.
    pub(crate) fn from_f64(f: f64) -> Option<Decimal> {
        if !f.is_finite() || f == 0.0 {
            return None;
        }
        let bits = f.to_bits();
        let biased = i64::try_from((bits >> 52) & 0x7ff).ok()?;
        let fraction = bits & ((1u64 << 52) - 1);
        let (mut m, mut e) = if biased == 0 {
            (fraction, -1074i64)
        } else {
            (fraction | (1u64 << 52), biased - 1075)
        };
        let tz = m.trailing_zeros();
        m >>= tz;
        e += i64::from(tz);
        let mut big = BigDec::from_u64(m);
        let exp = if e >= 0 {
            big.mul_pow(2, 29, e);
            0
        } else {
            // 5^13 is the largest power of five below 2^32.
            big.mul_pow(5, 13, -e);
            e
        };
        Decimal::from_digits(f.is_sign_negative(), &big.to_digits(), exp)
    }

    /// Whether the value is below zero.
    pub(crate) fn is_negative(&self) -> bool {
        self.neg
    }

    /// The significant digits (ASCII, no leading or trailing zeros).
    pub(crate) fn digits(&self) -> &str {
        &self.digits
    }

    /// The power of ten the digits are scaled by.
    pub(crate) fn exp(&self) -> i64 {
        self.exp
    }

    /// The integer magnitude, when the value is a whole number below 2^128.
    pub(crate) fn integer_magnitude(&self) -> Option<u128> {
        if self.exp < 0 || self.digits.len() as i64 + self.exp > 39 {
            return None;
        }
        let mut m: u128 = 0;
        for d in self.digits.bytes() {
            m = m.checked_mul(10)?.checked_add(u128::from(d - b'0'))?;
        }
        for _ in 0..self.exp {
            m = m.checked_mul(10)?;
        }
        Some(m)
    }

    /// Scientific notation text (`-123e-5`), which Rust's float parsers round correctly.
    fn scientific_text(&self) -> String {
        let mut s = String::with_capacity(self.digits.len() + 24);
        if self.neg {
            s.push('-');
        }
        s.push_str(&self.digits);
        s.push('e');
        s.push_str(&self.exp.to_string());
        s
    }

    /// The nearest `f64` (correctly rounded; may be infinite or zero).
    pub(crate) fn to_f64_rounded(&self) -> f64 {
        self.scientific_text().parse::<f64>().unwrap_or(f64::NAN)
    }

    /// The nearest `f32` (correctly rounded; may be infinite or zero).
    pub(crate) fn to_f32_rounded(&self) -> f32 {
        self.scientific_text().parse::<f32>().unwrap_or(f32::NAN)
    }

    /// Length in bytes of the plain (exponent-free) text.
    pub(crate) fn plain_len(&self) -> usize {
        let n = self.digits.len();
        let sign = usize::from(self.neg);
        let exp = usize::try_from(self.exp.unsigned_abs()).unwrap_or(usize::MAX);
        let len = if self.exp >= 0 {
            n.saturating_add(exp)
        } else if exp < n {
            n + 1
        } else {
            // "0." then zeros then the digits.
            2usize.saturating_add(exp)
        };
        len.saturating_add(sign)
    }

    /// Appends the plain text.
    pub(crate) fn push_plain(&self, out: &mut Vec<u8>) {
        struct VecWriter<'a>(&'a mut Vec<u8>);
        impl fmt::Write for VecWriter<'_> {
            fn write_str(&mut self, s: &str) -> fmt::Result {
                self.0.extend_from_slice(s.as_bytes());
                Ok(())
            }
        }
        out.reserve(self.plain_len());
        // Writing into a Vec cannot fail.
        let _ = self.write_plain(&mut VecWriter(out));
    }

    /// Writes the plain text: digits, point and zeros, never an exponent.
    pub(crate) fn write_plain(&self, w: &mut impl fmt::Write) -> fmt::Result {
        if self.neg {
            w.write_char('-')?;
        }
        let n = self.digits.len() as i64;
        if self.exp >= 0 {
            w.write_str(&self.digits)?;
            write_zeros(w, self.exp)
        } else if -self.exp < n {
            let point = usize::try_from(n + self.exp).map_err(|_| fmt::Error)?;
            let (int, frac) = self.digits.split_at_checked(point).ok_or(fmt::Error)?;
            w.write_str(int)?;
            w.write_char('.')?;
            w.write_str(frac)
        } else {
            w.write_str("0.")?;
            write_zeros(w, -self.exp - n)?;
            w.write_str(&self.digits)
        }
    }
}

fn write_zeros(w: &mut impl fmt::Write, mut count: i64) -> fmt::Result {
    while count > 0 {
        let chunk = usize::try_from(count)
            .unwrap_or(ZEROS.len())
            .min(ZEROS.len());
        w.write_str(ZEROS.get(..chunk).ok_or(fmt::Error)?)?;
        count -= chunk as i64;
    }
    Ok(())
}

impl Ord for Decimal {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self.neg, other.neg) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            (false, false) => cmp_magnitude(self, other),
            (true, true) => cmp_magnitude(other, self),
        }
    }
}

impl PartialOrd for Decimal {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Compares `|a|` with `|b|`.
fn cmp_magnitude(a: &Decimal, b: &Decimal) -> Ordering {
    // Position of the leading digit decides first; then the digit strings, where a longer
    // string with an equal prefix is larger (its extra digits end in a non-zero digit).
    let lead_a = a.exp + a.digits.len() as i64;
    let lead_b = b.exp + b.digits.len() as i64;
    lead_a
        .cmp(&lead_b)
        .then_with(|| a.digits.as_bytes().cmp(b.digits.as_bytes()))
}

/// Writes the decimal digits of `m` into `buf` and returns them (`"0"` for zero).
pub(crate) fn u128_digits(mut m: u128, buf: &mut [u8; 40]) -> &[u8] {
    let mut i = buf.len();
    loop {
        i -= 1;
        if let Some(slot) = buf.get_mut(i) {
            *slot = b'0' + (m % 10) as u8;
        }
        m /= 10;
        if m == 0 || i == 0 {
            break;
        }
    }
    buf.get(i..).unwrap_or(&[])
}

/// An unsigned big integer in base 10⁹, least significant limb first.
pub(super) struct BigDec(Vec<u32>);

const LIMB: u64 = 1_000_000_000;

impl BigDec {
    /// The value `v`.
    pub(super) fn from_u64(mut v: u64) -> BigDec {
        let mut limbs = Vec::with_capacity(4);
        while v > 0 {
            limbs.push((v % LIMB) as u32);
            v /= LIMB;
        }
        BigDec(limbs)
    }

    fn mul_small(&mut self, factor: u32) {
        let mut carry: u64 = 0;
        for limb in &mut self.0 {
            let p = u64::from(*limb) * u64::from(factor) + carry;
            *limb = (p % LIMB) as u32;
            carry = p / LIMB;
        }
        while carry > 0 {
            self.0.push((carry % LIMB) as u32);
            carry /= LIMB;
        }
    }

    /// Multiplies by `base^count`, `chunk` powers at a time (`base^chunk` must fit a u32).
    pub(super) fn mul_pow(&mut self, base: u32, chunk: u32, count: i64) {
        let full = base.pow(chunk);
        let mut left = count;
        while left >= i64::from(chunk) {
            self.mul_small(full);
            left -= i64::from(chunk);
        }
        if left > 0 {
            self.mul_small(base.pow(u32::try_from(left).unwrap_or(0)));
        }
    }

    /// The ASCII decimal digits, without leading zeros (empty for zero).
    pub(super) fn to_digits(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.0.len() * 9);
        for (i, limb) in self.0.iter().rev().enumerate() {
            let mut buf = [0u8; 40];
            let d = u128_digits(u128::from(*limb), &mut buf);
            if i > 0 {
                out.resize(out.len() + 9 - d.len(), b'0');
            }
            out.extend_from_slice(d);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(d: &Decimal) -> String {
        let mut s = String::new();
        d.write_plain(&mut s).unwrap();
        assert_eq!(s.len(), d.plain_len());
        let mut v = Vec::new();
        d.push_plain(&mut v);
        assert_eq!(v, s.as_bytes());
        s
    }

    #[test]
    fn canonical_form_and_text() {
        let d = Decimal::from_digits(false, b"00012300", -4).unwrap();
        assert_eq!((d.digits(), d.exp()), ("123", -2));
        assert_eq!(plain(&d), "1.23");
        let d = Decimal::from_digits(true, b"123", -5).unwrap();
        assert_eq!(plain(&d), "-0.00123");
        let d = Decimal::from_digits(false, b"5", 3).unwrap();
        assert_eq!(plain(&d), "5000");
        assert_eq!(
            plain(&Decimal::from_digits(false, b"5", 100).unwrap()).len(),
            101
        );
        assert!(Decimal::from_digits(false, b"000", 0).is_none());
        assert!(Decimal::from_digits(false, b"", 0).is_none());
        assert!(Decimal::from_digits(false, b"1x", 0).is_none());
    }

    #[test]
    fn exact_f64_expansion() {
        let d = Decimal::from_f64(0.1).unwrap();
        assert_eq!(
            plain(&d),
            "0.1000000000000000055511151231257827021181583404541015625"
        );
        let d = Decimal::from_f64(-1e23).unwrap();
        assert_eq!(plain(&d), "-99999999999999991611392");
        let d = Decimal::from_f64(5e-324).unwrap();
        assert_eq!(d.exp(), -1074);
        assert!(d.digits().starts_with("494065645841246544"));
        assert!(d.digits().ends_with('5'));
        let d = Decimal::from_f64(f64::MAX).unwrap();
        assert_eq!(d.digits().len() as i64 + d.exp(), 309);
        assert!(Decimal::from_f64(0.0).is_none());
        assert!(Decimal::from_f64(f64::INFINITY).is_none());
    }

    #[test]
    fn ordering() {
        let a = Decimal::from_digits(false, b"1", -1).unwrap();
        let b = Decimal::from_f64(0.1).unwrap();
        let c = Decimal::from_digits(false, b"11", -2).unwrap();
        let n = Decimal::from_digits(true, b"1", 5).unwrap();
        assert!(a < b && b < c && n < a);
        assert!(Decimal::from_digits(true, b"2", 0) < Decimal::from_digits(true, b"1", 0));
        assert_eq!(Decimal::from_u128(false, 1000, 0).unwrap().exp(), 3);
    }

    #[test]
    fn integer_magnitude() {
        let d = Decimal::from_u128(false, u128::MAX, 0).unwrap();
        assert_eq!(d.integer_magnitude(), Some(u128::MAX));
        assert_eq!(
            Decimal::from_digits(false, b"1", 39)
                .unwrap()
                .integer_magnitude(),
            None
        );
        assert_eq!(
            Decimal::from_digits(false, b"1", -1)
                .unwrap()
                .integer_magnitude(),
            None
        );
    }
}
