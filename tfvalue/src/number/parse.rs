//! Reading a number: decimal text scanned and parsed, and every value brought to its
//! canonical representation (the smallest `Repr` that holds it exactly), with the errors
//! that parsing reports.

use std::fmt::Write as _;

use super::decimal::Decimal;
use super::{Number, Repr, StackText, EXPONENT_CAP, QUOTE_LIMIT, TWO_POW_53};
use crate::error::{Error, ErrorKind, Result};
use crate::limits::{MAX_NUMBER_EXPANSION, MAX_NUMBER_TEXT};

/// The form of a finite or infinite, non-NaN `f64` from the wire: whole values below 2^53 in
/// magnitude as integers (their shortest digits are all their digits), -0.0 as
/// [`Repr::NegZero`], everything else as [`Repr::Float`], written with its shortest digits.
pub(super) fn exact_float_repr(f: f64) -> Repr {
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

/// A provider's whole float `f` (2^24 or more in magnitude for an `f32`, 2^53 for an
/// `f64`; never NaN or infinite), whose shortest text is `shortest` (Rust's `{:e}`), as
/// [`Number::from_f64`] and [`Number::from_f32`] give it: the shortest decimal when it has
/// at most `max_digits` significant digits, else the exact value.
pub(super) fn large_whole_float(f: f64, shortest: &[u8], max_digits: usize) -> Result<Number> {
    let digits = shortest
        .iter()
        .take_while(|&&b| b != b'e')
        .filter(|b| b.is_ascii_digit())
        .count();
    if digits <= max_digits {
        return parse_bytes(shortest, "");
    }
    if let Some(i) = whole_f64_in_i64(f) {
        return Ok(Number(Repr::Int(i)));
    }
    match Decimal::from_f64(f) {
        Some(d) => Ok(from_decimal(d)),
        None => Err(internal_error()),
    }
}

/// `f` as an `i64`, if it is whole and in range.
pub(crate) fn whole_f64_in_i64(f: f64) -> Option<i64> {
    const TWO_POW_63: f64 = 9_223_372_036_854_775_808.0;
    (f.fract() == 0.0 && (-TWO_POW_63..TWO_POW_63).contains(&f)).then_some(f as i64)
}

/// The canonical form of `±m`.
pub(super) fn from_magnitude(neg: bool, m: u128) -> Number {
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

/// The canonical form of an exact decimal, for the other number modules.
pub(super) fn canonical(d: Decimal) -> Number {
    from_decimal(d)
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

/// The number of significant digits in the shortest text of a finite `f64`, as
/// [`Repr::Float`] writes it (go-cty's 53-bit text for powers of two and subnormals).
fn shortest_digits(f: f64) -> usize {
    if super::go_shortest::differs_from_rust(f) {
        return super::go_shortest::go_shortest_digits(f).0.len();
    }
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
pub(super) fn parse_bytes(text: &[u8], original: &str) -> Result<Number> {
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
    // Read in full, a number is bounded by MAX_NUMBER_TEXT; in a shorter form (with an
    // exponent) its plain text is also bounded by MAX_NUMBER_EXPANSION. (One byte of slack:
    // `.5` is written `0.5`.)
    let expanded = written > text.len() as i64 + 1;
    let limit = if expanded {
        MAX_NUMBER_EXPANSION
    } else {
        MAX_NUMBER_TEXT
    };
    if written > limit as i64 {
        let exact = s.exp.abs() < EXPONENT_CAP;
        return Err(limit_error(text, original, exact.then_some(written), limit));
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
    // A whole float of 2^53 or more whose shortest text has more than 15 digits is held as
    // its exact value (Number::from_f64), which the exact path decides.
    let large = f.abs() >= TWO_POW_53 as f64 && shortest.0 >= 1_000_000_000_000_000;
    (given == shortest && !large).then_some(f)
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
fn limit_error(text: &[u8], original: &str, written: Option<i64>, limit: usize) -> Error {
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
             Terraform writes numbers, it takes {size}, more than the limit of {limit}"
        ),
    )
}

#[cold]
pub(super) fn nan_error() -> Error {
    Error::new(ErrorKind::Number, "NaN is not a valid number")
}

#[cold]
pub(super) fn internal_error() -> Error {
    Error::new(ErrorKind::Number, "could not format a float")
}
