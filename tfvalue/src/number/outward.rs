//! A number rounded outward to fewer significant digits: what a refinement bound becomes
//! before it is written, so that go-cty's 512-bit rounding can never make two bounds meet.
//!
//! go-cty reads a number at 512 bits of precision (about 154 decimal digits), rounding to
//! nearest. Two different bounds of more digits than that may round to the same 512-bit
//! value: a lower bound `1.000…01` (inclusive) and an upper bound `1.000…02` (exclusive)
//! both become 1, and go-cty panics on `x >= 1 and x < 1`. Two numbers of at most
//! [`BOUND_DIGITS`] significant digits never meet: they differ by at least 10^-150 of their
//! size, far more than a 512-bit rounding step (2^-511, about 1.5 × 10^-154). A lower bound
//! is rounded down and an upper bound up, so the range only grows and stays true of the
//! value.

use std::borrow::Cow;

use super::decimal::Decimal;
use super::parse::canonical;
use super::{Number, Repr};

/// The most significant digits of a number bound as written: far enough below go-cty's
/// 512 bits (154 digits) that bounds which differ stay apart after its rounding.
pub(crate) const BOUND_DIGITS: usize = 150;

impl Number {
    /// The number itself when it is written with at most [`BOUND_DIGITS`] significant
    /// digits, else rounded to that many: towards -infinity when `down`, towards
    /// +infinity otherwise. Integers, float64s (written as a float64 or with at most 17
    /// digits) and infinities are always themselves.
    pub(crate) fn outward(&self, down: bool) -> Cow<'_, Number> {
        let exact;
        let d = match &self.0 {
            Repr::Big(d) => d.as_ref(),
            Repr::FloatDigits(f) => match Decimal::from_f64(*f) {
                Some(d) => {
                    exact = d;
                    &exact
                }
                None => return Cow::Borrowed(self),
            },
            _ => return Cow::Borrowed(self),
        };
        let digits = d.digits().as_bytes();
        if digits.len() <= BOUND_DIGITS {
            return Cow::Borrowed(self);
        }
        // Some cut digit is not zero (the digits have no trailing zeros), so the value moves:
        // away from zero when rounding down a negative number or up a positive one.
        let away = down == d.is_negative();
        let mut kept = Vec::with_capacity(BOUND_DIGITS + 1);
        kept.push(b'0');
        kept.extend_from_slice(&digits[..BOUND_DIGITS]);
        if away {
            for digit in kept.iter_mut().rev() {
                if *digit == b'9' {
                    *digit = b'0';
                } else {
                    *digit += 1;
                    break;
                }
            }
        }
        let exp = d.exp() + (digits.len() - BOUND_DIGITS) as i64;
        match Decimal::from_digits(d.is_negative(), &kept, exp) {
            Some(d) => Cow::Owned(canonical(d)),
            // Truncation towards zero left no digit: impossible, the first digit is not 0.
            None => Cow::Borrowed(self),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(text: &str) -> Number {
        Number::parse(text).unwrap()
    }

    fn msgpack(x: &Number) -> Vec<u8> {
        let mut out = Vec::new();
        x.write_msgpack(&mut out);
        out
    }

    #[test]
    fn short_numbers_are_themselves() {
        for text in [
            "0",
            "-0",
            "1",
            "0.1",
            "1e300",
            "-123.456",
            "18446744073709551616",
        ] {
            let x = n(text);
            assert!(matches!(x.outward(true), Cow::Borrowed(_)), "{text}");
            assert!(matches!(x.outward(false), Cow::Borrowed(_)), "{text}");
        }
        let at = format!("1.{}1", "0".repeat(BOUND_DIGITS - 2));
        assert!(matches!(n(&at).outward(false), Cow::Borrowed(_)));
        let tiny = Number::from_f64_exact(f64::from_bits(1)).unwrap();
        assert!(matches!(tiny.outward(true), Cow::Borrowed(_)));
        let inf = Number::from_f64_exact(f64::INFINITY).unwrap();
        assert!(matches!(inf.outward(false), Cow::Borrowed(_)));
    }

    #[test]
    fn long_numbers_round_outward() {
        // 1 + 10^-156: 157 significant digits.
        let x = n(&format!("1.{}1", "0".repeat(155)));
        assert_eq!(msgpack(&x.outward(true)), [0x01]);
        let up = format!("1.{}1", "0".repeat(BOUND_DIGITS - 2));
        assert_eq!(*x.outward(false), n(&up));
        let mut want = vec![0xd9, up.len() as u8];
        want.extend_from_slice(up.as_bytes());
        assert_eq!(msgpack(&x.outward(false)), want);
        // Negative: down moves away from zero.
        let neg = n(&format!("-1.{}1", "0".repeat(155)));
        assert_eq!(*neg.outward(true), n(&format!("-{up}")));
        assert_eq!(msgpack(&neg.outward(false)), [0xff]);
        // A carry through nines: 0.99…9 (160 nines) up is 1, down is 150 nines.
        let nines = n(&format!("0.{}", "9".repeat(160)));
        assert_eq!(msgpack(&nines.outward(false)), [0x01]);
        assert_eq!(
            *nines.outward(true),
            n(&format!("0.{}", "9".repeat(BOUND_DIGITS)))
        );
        // The exact text of a float (FloatDigits), 751 digits: rounded too.
        let tiny = f64::from_bits(1);
        let exact_text = Decimal::from_f64(tiny).unwrap();
        let mut text = Vec::new();
        exact_text.push_plain(&mut text);
        let x = n(std::str::from_utf8(&text).unwrap());
        assert!(x.outward(true) < Cow::Borrowed(&x));
        assert!(x.outward(false) > Cow::Borrowed(&x));
        let kept = x.outward(true).to_string();
        assert!(
            kept.trim_start_matches(['0', '.']).len() <= BOUND_DIGITS,
            "{kept}"
        );
    }
}
