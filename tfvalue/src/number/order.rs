//! Comparing numbers: equality and hashing by value across all representations (`-0`
//! equals `0`, a whole float64 equals the same integer), and exact numeric order.

use super::{Exact, Number, Repr, TWO_POW_64};
use std::cmp::Ordering;
use std::hash::{Hash, Hasher};

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
