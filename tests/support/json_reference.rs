//! serde_json as the reference for what is JSON: tfvalue's own reader
//! (tfvalue/src/json/read.rs) must accept what serde_json accepts, read the same values,
//! and report malformed JSON with serde_json's message, line and column. Used by
//! `tests/codec/json_reader.rs` and, on every input, by the `json_value` fuzz target.
//!
//! The differences by design: tfvalue nests 256 levels (serde_json 128: inputs past that
//! are not compared), reports invalid UTF-8 in its own words (with the byte's offset), and
//! refuses unpaired surrogate escapes with a message of its own. And tfvalue puts text in
//! Unicode NFC, as go-cty does: serde_json's strings and keys are compared in NFC.

use tfvalue::ErrorKind;

/// The prefix of serde_json's private tokens (`$serde_json::private::RawValue`, …).
const PRIVATE: &str = "$serde_json::private::";

/// Whether the two readers agree on `input`; `None` when they do, else what differs.
pub fn disagreement(input: &[u8]) -> Option<String> {
    let ours = tfvalue::json::from_slice::<serde_json::Value>(input);
    let theirs = serde_json::from_slice::<serde_json::Value>(input);
    match (ours, theirs) {
        (Ok(a), Ok(b)) if same(&a, &b) => None,
        (Ok(a), Ok(b)) => Some(format!("values differ: {a} / {b}")),
        (Ok(_), Err(b)) if b.to_string().starts_with("recursion limit exceeded") => None,
        // Decimal text just below the largest float: serde_json's approximate parser can
        // overflow on it, Rust's rounds it to f64::MAX (tfvalue refuses what is infinite).
        (Ok(_), Err(b)) if b.to_string().starts_with("number out of range") => None,
        (Ok(a), Err(b)) => Some(format!("tfvalue accepts ({a}), serde_json: {b}")),
        (Err(a), Ok(b)) => Some(format!("tfvalue: {a}, serde_json accepts ({b})")),
        (Err(a), Err(b)) => {
            let theirs = b.to_string();
            if theirs.starts_with("recursion limit exceeded") || a.kind() == ErrorKind::Limit {
                // Past serde_json's depth, or tfvalue's: compared no further.
                return None;
            }
            let ours = a.message().to_owned();
            if input
                .windows(PRIVATE.len())
                .any(|w| w == PRIVATE.as_bytes())
            {
                // Not the reader: serde_json::Value itself takes an object whose first key
                // is one of serde_json's private tokens for a raw value or a number, and
                // refuses (or re-parses) what it holds, whichever parser read the text;
                // its errors are then its own, not the parser's.
                return None;
            }
            if ours.contains("invalid UTF-8") {
                // serde_json reading bytes reports invalid UTF-8 in a string by its own
                // message, and outside strings as the token it expected.
                return (a.kind() != ErrorKind::Syntax).then(|| format!("kind of {ours}"));
            }
            if theirs.starts_with("invalid unicode code point")
                || theirs.starts_with("lone leading surrogate")
                || theirs.starts_with("unexpected end of hex escape")
            {
                // Unpaired surrogates: both refuse them, in their own words.
                return (!ours.contains("surrogate"))
                    .then(|| format!("surrogate: tfvalue: {ours}; serde_json: {theirs}"));
            }
            if theirs.starts_with("number out of range") {
                // Both refuse the input; serde_json may have stopped at a number just
                // below the largest float that tfvalue reads (see above), and tfvalue at a
                // mistake after it.
                return None;
            }
            let expected = format!("invalid JSON: {theirs}");
            (ours != expected || a.kind() != ErrorKind::Syntax)
                .then(|| format!("tfvalue: {ours}; serde_json: {theirs}"))
        }
    }
}

/// Whether `a` and `b` are the same JSON value, floats within a few units in the last
/// place: serde_json's default float parser may round the last bits of a long decimal
/// wrongly (it trades that for speed unless built with `float_roundtrip`; the fuzzer found
/// `0.000060606006666666666666000000004` read 2 units off); tfvalue's is Rust's `parse`,
/// correctly rounded. What this compares is the grammar, not the rounding.
fn same(a: &serde_json::Value, b: &serde_json::Value) -> bool {
    use serde_json::Value::*;
    match (a, b) {
        (Number(x), Number(y)) if x.is_f64() || y.is_f64() => match (x.as_f64(), y.as_f64()) {
            (Some(x), Some(y)) => x == y || x.to_bits().abs_diff(y.to_bits()) <= 8,
            _ => false,
        },
        (String(x), String(y)) => *x == nfc(y),
        (Array(x), Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y)),
        (Object(x), Object(y)) => {
            // serde_json's keys in NFC, in the order that gives them.
            let mut theirs: Vec<(std::string::String, &serde_json::Value)> =
                y.iter().map(|(k, v)| (nfc(k), v)).collect();
            theirs.sort_by(|a, b| a.0.cmp(&b.0));
            x.len() == theirs.len()
                && x.iter()
                    .zip(theirs)
                    .all(|((kx, vx), (ky, vy))| *kx == ky && same(vx, vy))
        }
        _ => a == b,
    }
}

/// `s` in Unicode NFC.
fn nfc(s: &str) -> String {
    use unicode_normalization::UnicodeNormalization as _;
    s.nfc().collect()
}
