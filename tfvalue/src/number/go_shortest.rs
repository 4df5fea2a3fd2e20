//! The text go-cty gives a float64 it received where it differs from Rust's shortest digits:
//! powers of two and subnormals.
//!
//! go-cty holds a float64 as a `big.Float` of 53 bits of precision and writes it with
//! `Text('f', -1)`: the shortest decimal that reads back as the same 53-bit value. For most
//! floats that is the float64's shortest text. Two kinds differ:
//!
//! - A power of two: `big.Float` takes the rounding gap below it to be as wide as the one
//!   above (half a unit in the last place either side), where a float64's gap below is half
//!   as wide; so a shorter decimal may fit. 2^64 is written `18446744073709550000` (Rust's
//!   shortest: `18446744073709552000`).
//! - A subnormal: `big.Float` keeps all 53 bits of precision below float64's smallest
//!   normal, so the text has up to 17 significant digits where a float64 needs one. The
//!   smallest subnormal is written `0.000…4940656458412465` (Rust's shortest: `0.000…5`).
//!
//! This module follows Go's `math/big` digit walk step by step: the exact decimals of the
//! value and of its two rounding bounds are compared digit by digit, index for index, and
//! the first digit at which rounding down or up stays within the bounds ends the text.

use super::decimal::BigDec;

/// Whether go-cty's text of `x` (finite and not zero; false for the others) may differ from Rust's shortest digits:
/// `x` is subnormal, or a power of two whose exact decimal has more than 15 significant
/// digits (2^-22 and below, 2^50 and above). A power of two with at most 15 digits is
/// written with exactly those digits by both: two decimals of at most 15 digits are further
/// apart than any rounding gap of 53 bits.
#[inline]
pub(super) fn differs_from_rust(x: f64) -> bool {
    let bits = x.to_bits();
    let biased = (bits >> 52) & 0x7ff;
    let fraction = bits & ((1 << 52) - 1);
    if biased == 0 {
        return fraction != 0;
    }
    if biased == 0x7ff {
        return false;
    }
    // x = 2^k exactly when the fraction bits are zero.
    let k = biased as i64 - 1023;
    fraction == 0 && !(-21..=49).contains(&k)
}

/// Writes the finite, non-zero `x` as go-cty does: `big.Float.Text('f', -1)` of the float at
/// 53 bits of precision, with a minus sign when negative.
pub(super) fn write_go_text(w: &mut impl std::fmt::Write, x: f64) -> std::fmt::Result {
    let (mut digits, dp) = go_shortest_digits(x);
    if digits.is_empty() {
        digits.push(b'0');
    }
    if x.is_sign_negative() {
        w.write_str("-")?;
    }
    let at = |i: i64| -> char {
        usize::try_from(i)
            .ok()
            .and_then(|i| digits.get(i))
            .map_or('0', |&d| char::from(d))
    };
    let len = digits.len() as i64;
    if dp > 0 {
        for i in 0..dp {
            w.write_char(at(i))?;
        }
    } else {
        w.write_str("0")?;
    }
    let decimals = (len - dp).max(0);
    if decimals > 0 {
        w.write_str(".")?;
        for i in 0..decimals {
            w.write_char(at(dp + i))?;
        }
    }
    Ok(())
}

/// The shortest digits of `|x|` (finite, non-zero) as Go's `math/big` finds them at 53 bits
/// of precision: `0.d₁d₂… × 10^dp`, the digits without trailing zeros.
pub(super) fn go_shortest_digits(x: f64) -> (Vec<u8>, i64) {
    let bits = x.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i64;
    let fraction = bits & ((1 << 52) - 1);
    // x = m × 2^e with m of exactly 53 bits: a subnormal is normalised, as `big.Float`
    // holds it (Go's SetFloat64 goes through math.Frexp).
    let (m, e) = if biased == 0 {
        let shift = fraction.leading_zeros() as i64 - 11;
        (fraction << shift, -1074 - shift)
    } else {
        (fraction | (1 << 52), biased - 1075)
    };
    let mut d = GoDecimal::new(m, e);
    if d.mant.is_empty() {
        return (Vec::new(), 0);
    }
    // With one more bit, the last bit is half a unit in the last place: the bounds are
    // the neighbours of 2m at the exponent e - 1.
    let lower = GoDecimal::new(2 * m - 1, e - 1);
    let upper = GoDecimal::new(2 * m + 1, e - 1);
    // The bounds themselves round to x only when m is even (ties to even).
    let inclusive = m % 2 == 0;
    for i in 0..d.mant.len() {
        let digit = d.mant[i];
        let l = lower.at(i);
        let u = upper.at(i);
        let ok_down = l != digit || inclusive && i + 1 == lower.mant.len();
        let ok_up = digit != u && (inclusive || digit + 1 < u || i + 1 < upper.mant.len());
        match (ok_down, ok_up) {
            (true, true) => {
                d.round(i + 1);
                break;
            }
            (true, false) => {
                d.round_down(i + 1);
                break;
            }
            (false, true) => {
                d.round_up(i + 1);
                break;
            }
            (false, false) => {}
        }
    }
    (d.mant, d.dp)
}

/// A non-negative decimal as Go's `math/big` keeps it while formatting: the value is
/// `0.mant × 10^dp`, `mant` ASCII digits without trailing zeros (empty for zero).
struct GoDecimal {
    mant: Vec<u8>,
    dp: i64,
}

impl GoDecimal {
    /// The exact decimal of `m × 2^shift`.
    fn new(m: u64, shift: i64) -> GoDecimal {
        let mut big = BigDec::from_u64(m);
        let scale = if shift >= 0 {
            // 2^29 is the largest power of two below 10^9.
            big.mul_pow(2, 29, shift);
            0
        } else {
            // m × 2^shift = m × 5^-shift × 10^shift; 5^13 is the largest power below 2^32.
            big.mul_pow(5, 13, -shift);
            shift
        };
        let mut mant = big.to_digits();
        let dp = mant.len() as i64 + scale;
        while mant.last() == Some(&b'0') {
            mant.pop();
        }
        GoDecimal { mant, dp }
    }

    /// The digit at index `i`, `0` past the end.
    fn at(&self, i: usize) -> u8 {
        self.mant.get(i).copied().unwrap_or(b'0')
    }

    /// Keeps `n` digits, rounding to nearest; an exact half rounds to the even digit.
    fn round(&mut self, n: usize) {
        let Some(&next) = self.mant.get(n) else {
            return;
        };
        let up = if next == b'5' && n + 1 == self.mant.len() {
            n > 0 && (self.mant[n - 1] - b'0') % 2 == 1
        } else {
            next >= b'5'
        };
        if up {
            self.round_up(n);
        } else {
            self.round_down(n);
        }
    }

    /// Keeps `n` digits, adding one in the last kept place.
    fn round_up(&mut self, n: usize) {
        if n >= self.mant.len() {
            return;
        }
        let mut n = n;
        while n > 0 && self.mant[n - 1] >= b'9' {
            n -= 1;
        }
        if n == 0 {
            // All nines: the value becomes 1 in the next decimal place.
            self.mant.clear();
            self.mant.push(b'1');
            self.dp += 1;
            return;
        }
        self.mant[n - 1] += 1;
        self.mant.truncate(n);
    }

    /// Keeps `n` digits, dropping the rest.
    fn round_down(&mut self, n: usize) {
        if n >= self.mant.len() {
            return;
        }
        self.mant.truncate(n);
        while self.mant.last() == Some(&b'0') {
            self.mant.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(x: f64) -> String {
        let mut s = String::new();
        write_go_text(&mut s, x).unwrap();
        s
    }

    fn number(x: f64) -> super::super::Number {
        super::super::Number::from_f64_exact(x).unwrap()
    }

    fn msgpack(x: f64) -> Vec<u8> {
        let mut out = Vec::new();
        number(x).write_msgpack(&mut out);
        out
    }

    fn json(x: f64) -> String {
        let mut out = Vec::new();
        number(x).write_json(&mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// `0.`, `zeros` zeros, then `digits`.
    fn small(zeros: usize, digits: &str) -> String {
        format!("0.{}{digits}", "0".repeat(zeros))
    }

    /// Powers of two and subnormals from the wire, written as go-cty 1.16.4 writes them
    /// (each text checked against Go's `big.NewFloat(x).Text('f', -1)`).
    #[test]
    fn powers_of_two_and_subnormals_as_go_cty_writes_them() {
        // Whole powers of two outside the i64 range: MessagePack strings of the 53-bit
        // shortest digits.
        let two_64 = b"18446744073709550000";
        let mut want = vec![0xb4];
        want.extend_from_slice(two_64);
        assert_eq!(msgpack(2f64.powi(64)), want);
        assert_eq!(json(2f64.powi(64)), "18446744073709550000");
        let mut want = vec![0xb7];
        want.extend_from_slice(b"-1180591620717411300000");
        assert_eq!(msgpack(-(2f64.powi(70))), want);
        let mut want = vec![0xb9];
        want.extend_from_slice(b"1208925819614629200000000");
        assert_eq!(msgpack(2f64.powi(80)), want);
        let mut want = vec![0xbf];
        want.extend_from_slice(b"1267650600228229400000000000000");
        assert_eq!(msgpack(2f64.powi(100)), want);
        assert_eq!(json(2f64.powi(63)), "9223372036854776000");
        assert_eq!(
            json(2f64.powi(1023)),
            format!("898846567431158{}", "0".repeat(293))
        );
        // 2^50 is whole and below 2^53: an integer, whatever its text.
        assert_eq!(msgpack(2f64.powi(50)), [0xcf, 0, 0x04, 0, 0, 0, 0, 0, 0]);
        // Fractions: float64 in MessagePack, Go's text in JSON.
        assert_eq!(
            msgpack(2f64.powi(-22)),
            [0xcb, 0x3e, 0x90, 0, 0, 0, 0, 0, 0]
        );
        assert_eq!(json(2f64.powi(-22)), "0.0000002384185791015625");
        assert_eq!(json(2f64.powi(-60)), "0.0000000000000000008673617379884035");
        assert_eq!(json(f64::MIN_POSITIVE), small(307, "22250738585072014"));
        // 2^-1013.
        let bits = 0x00a0_0000_0000_0000;
        assert_eq!(json(f64::from_bits(bits)), small(304, "1139237815555687"));
        // Subnormals keep 53 bits in go-cty: up to 17 digits, not float64's few.
        let tiny = f64::from_bits(1);
        assert_eq!(msgpack(tiny), [0xcb, 0, 0, 0, 0, 0, 0, 0, 0x01]);
        assert_eq!(json(tiny), small(323, "4940656458412465"));
        assert_eq!(json(-tiny), format!("-{}", small(323, "4940656458412465")));
        assert_eq!(json(f64::from_bits(3)), small(322, "14821969375237396"));
        // 2^-1060, a subnormal power of two.
        assert_eq!(
            json(f64::from_bits(1 << 14)),
            small(319, "8094771541462983")
        );
        let largest_subnormal = f64::from_bits(0x000f_ffff_ffff_ffff);
        assert_eq!(
            msgpack(largest_subnormal),
            [0xcb, 0, 0x0f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]
        );
        assert_eq!(json(largest_subnormal), small(307, "2225073858507201"));
    }

    /// The small-power fast path: Rust's digits are go-cty's there.
    #[test]
    fn short_powers_of_two_are_rusts_digits() {
        for k in -21..=49 {
            let x = 2f64.powi(k);
            assert!(!differs_from_rust(x), "2^{k}");
            let mut rust = String::new();
            super::super::display::write_float(&mut rust, x).unwrap();
            assert_eq!(go(x), rust, "2^{k}");
        }
        assert!(differs_from_rust(2f64.powi(50)));
        assert!(differs_from_rust(2f64.powi(-22)));
        assert!(differs_from_rust(f64::from_bits(1)));
        assert!(!differs_from_rust(0.1));
        assert!(!differs_from_rust(f64::MIN_POSITIVE * 1.5));
    }

    /// Go's walk gives Rust's shortest digits (ties to even) for every float that is neither
    /// a power of two nor subnormal: checked on
    /// about ten thousand floats spread over every exponent.
    #[test]
    fn other_floats_are_rusts_digits() {
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..20_000 {
            // xorshift64*: a fixed sequence, so a failure is reproducible.
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let bits = state & 0x7fff_ffff_ffff_ffff;
            let x = f64::from_bits(bits);
            if !x.is_finite() || x == 0.0 || bits >> 52 == 0 || bits & ((1 << 52) - 1) == 0 {
                continue;
            }
            let mut rust = String::new();
            super::super::display::write_float(&mut rust, x).unwrap();
            assert_eq!(go(x), rust, "{bits:#x}");
        }
    }
}
