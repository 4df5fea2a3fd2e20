//! [`parse_duration`]: Go's duration strings (`"30s"`, `"1h30m"`, `"2h45m10.5s"`), the form
//! Terraform configurations write timeouts in, read as Go's `time.ParseDuration` reads
//! them, with its error messages.
//!
//! The grammar is `[-+]?([0-9]*(\.[0-9]*)?[a-z]+)+`, or a lone `0`; the units are `ns`,
//! `us` (or `µs` in either of its two code points), `ms`, `s`, `m` and `h`. A fraction
//! is exact to the nanosecond as Go computes it (a `f64` product, truncated); a value past
//! `i64::MAX` nanoseconds (about 292 years) is an invalid duration. Unlike Go, a negative
//! duration other than zero is refused: [`Duration`] cannot hold one, and no timeout is
//! negative.

use std::fmt;
use std::time::Duration;

/// Why a text is not a duration; its `Display` is Go's message where Go refuses the
/// text too (`time: unknown unit "x" in duration "1x"`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DurationError {
    message: String,
}

impl DurationError {
    fn invalid(text: &str) -> Self {
        DurationError {
            message: format!("time: invalid duration {}", quote(text)),
        }
    }
}

impl fmt::Display for DurationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DurationError {}

/// Nanoseconds in each unit Go's durations know.
fn unit_nanos(unit: &str) -> Option<u64> {
    Some(match unit {
        "ns" => 1,
        // "µs" is the micro sign U+00B5 or the Greek small letter mu U+03BC.
        "us" | "\u{b5}s" | "\u{3bc}s" => 1_000,
        "ms" => 1_000_000,
        "s" => 1_000_000_000,
        "m" => 60 * 1_000_000_000,
        "h" => 60 * 60 * 1_000_000_000,
        _ => return None,
    })
}

/// The largest magnitude a Go duration reaches: 2^63 nanoseconds (negative only).
const MAGNITUDE_LIMIT: u64 = 1 << 63;

/// Parses a Go duration string such as `"30s"`, `"1h30m"`, `"1.5h"` or `"2h45m10.5s"`, as
/// Go's `time.ParseDuration` does: the same texts are accepted, with the same value, and
/// the same ones refused, with Go's message; except that a negative duration (`"-1s"`)
/// is refused too, as no [`Duration`] holds one (`"-0s"` is zero).
///
/// ```
/// use std::time::Duration;
/// use tfvalue_provider::parse_duration;
///
/// assert_eq!(parse_duration("2h45m10.5s"), Ok(Duration::from_millis(9_910_500)));
/// assert_eq!(parse_duration("1.5h"), Ok(Duration::from_secs(5_400)));
/// assert_eq!(parse_duration("0"), Ok(Duration::ZERO));
/// let err = parse_duration("10x").unwrap_err();
/// assert_eq!(err.to_string(), r#"time: unknown unit "x" in duration "10x""#);
/// ```
///
/// # Errors
/// The text is empty or not of the grammar (`time: invalid duration "…"`), a number has no
/// unit (`time: missing unit in duration "…"`), a unit is not one of Go's
/// (`time: unknown unit "…" in duration "…"`), the value exceeds `i64::MAX` nanoseconds
/// (`time: invalid duration "…"`), or it is negative.
pub fn parse_duration(text: &str) -> Result<Duration, DurationError> {
    let (negative, mut rest) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if rest == "0" {
        return Ok(Duration::ZERO);
    }
    if rest.is_empty() {
        return Err(DurationError::invalid(text));
    }
    let mut total: u64 = 0;
    while !rest.is_empty() {
        let (nanos, after) = component(text, rest)?;
        rest = after;
        total = total
            .checked_add(nanos)
            .filter(|&t| t <= MAGNITUDE_LIMIT)
            .ok_or_else(|| DurationError::invalid(text))?;
    }
    if negative {
        if total == 0 {
            return Ok(Duration::ZERO);
        }
        return Err(DurationError {
            message: format!(
                "negative duration {}: a length of time cannot be negative",
                quote(text)
            ),
        });
    }
    if total >= MAGNITUDE_LIMIT {
        return Err(DurationError::invalid(text));
    }
    Ok(Duration::from_nanos(total))
}

/// One `[0-9]*(\.[0-9]*)?unit` of `rest` (a suffix of `text`, which errors quote): its
/// nanoseconds and what follows it.
fn component<'a>(text: &str, rest: &'a str) -> Result<(u64, &'a str), DurationError> {
    let bytes = rest.as_bytes();
    if !(bytes[0] == b'.' || bytes[0].is_ascii_digit()) {
        return Err(DurationError::invalid(text));
    }
    // The whole part; more than 2^63 is an overflow.
    let mut i = 0;
    let mut whole: u64 = 0;
    while i < bytes.len() && bytes[i].is_ascii_digit() {
        whole = whole
            .checked_mul(10)
            .and_then(|w| w.checked_add(u64::from(bytes[i] - b'0')))
            .filter(|&w| w <= MAGNITUDE_LIMIT)
            .ok_or_else(|| DurationError::invalid(text))?;
        i += 1;
    }
    let has_whole = i > 0;
    // The fraction: its digits while they fit (later ones add no precision), and the
    // power of ten they make.
    let mut fraction: u64 = 0;
    let mut scale: f64 = 1.0;
    let mut has_fraction = false;
    if i < bytes.len() && bytes[i] == b'.' {
        i += 1;
        let start = i;
        let mut full = false;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            if !full {
                match fraction
                    .checked_mul(10)
                    .and_then(|f| f.checked_add(u64::from(bytes[i] - b'0')))
                    .filter(|&f| f <= MAGNITUDE_LIMIT)
                {
                    Some(f) => {
                        fraction = f;
                        scale *= 10.0;
                    }
                    None => full = true,
                }
            }
            i += 1;
        }
        has_fraction = i > start;
    }
    if !has_whole && !has_fraction {
        // ".s", "-.s": no digits at all.
        return Err(DurationError::invalid(text));
    }
    // The unit runs to the next digit or dot (or the end); it is ASCII-free only in
    // "µs", whose bytes are never digits or dots, so the cut is on a char boundary.
    let unit_len = bytes[i..]
        .iter()
        .position(|&b| b == b'.' || b.is_ascii_digit())
        .unwrap_or(bytes.len() - i);
    if unit_len == 0 {
        return Err(DurationError {
            message: format!("time: missing unit in duration {}", quote(text)),
        });
    }
    let unit = &rest[i..i + unit_len];
    let per_unit = unit_nanos(unit).ok_or_else(|| DurationError {
        message: format!(
            "time: unknown unit {} in duration {}",
            quote(unit),
            quote(text)
        ),
    })?;
    if whole > MAGNITUDE_LIMIT / per_unit {
        return Err(DurationError::invalid(text));
    }
    let mut nanos = whole * per_unit;
    if fraction > 0 {
        // Go's own arithmetic: a float64 product, truncated (at most 3.6e12 for an hour).
        #[allow(
            clippy::cast_precision_loss,
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss
        )]
        let part = (fraction as f64 * (per_unit as f64 / scale)) as u64;
        nanos = nanos
            .checked_add(part)
            .filter(|&n| n <= MAGNITUDE_LIMIT)
            .ok_or_else(|| DurationError::invalid(text))?;
    }
    Ok((nanos, &rest[i + unit_len..]))
}

/// `text` in double quotes as Go's `time` package quotes it in errors: `"` and `\`
/// escaped, and every byte of a character below a space or beyond ASCII as `\xNN`.
fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        if c < ' ' || !c.is_ascii() {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("\\x{b:02x}"));
            }
        } else {
            if c == '"' || c == '\\' {
                out.push('\\');
            }
            out.push(c);
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests;
