//! The random sources and the string generator that `random_string`, `random_password`
//! and the ephemeral `random_password` share, with the state upgrade of their old schema
//! versions.

use rand::rngs::{OsRng, StdRng};
use rand::seq::SliceRandom as _;
use rand::{Rng as _, SeedableRng as _};
use serde_json::{Map, Value};
use tfvalue_provider::Diagnostic;

use super::random_read_error;

/// A cryptographically secure generator (ChaCha), seeded from the operating system.
pub fn os_rng() -> Result<StdRng, Diagnostic> {
    StdRng::from_rng(OsRng).map_err(random_read_error)
}

/// A generator seeded from `seed` (the same seed gives the same values within a provider
/// release), or from the operating system when `seed` is empty.
pub fn seeded(seed: &str) -> Result<StdRng, Diagnostic> {
    if seed.is_empty() {
        return os_rng();
    }
    let fnv = seed.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    });
    Ok(StdRng::seed_from_u64(fnv))
}

/// What a random string is made of.
pub struct Params<'a> {
    /// The number of characters.
    pub length: i64,
    /// Whether `A-Z`, `a-z`, `0-9` and the special characters may appear, in that order.
    pub classes: [bool; 4],
    /// The least number of characters of each class, in the same order.
    pub minimums: [i64; 4],
    /// The special characters to use instead of the default ones, when not empty.
    pub override_special: Option<&'a str>,
}

/// A random string: each class's minimum drawn from that class, the rest from every
/// enabled class, then shuffled.
pub fn generate(p: &Params<'_>) -> Result<String, Diagnostic> {
    let special = p.override_special.filter(|s| !s.is_empty());
    let sets = [
        "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
        "abcdefghijklmnopqrstuvwxyz",
        "0123456789",
        special.unwrap_or("!@#$%&*()-_=+[]{}<>:?"),
    ]
    .map(|s| s.chars().collect::<Vec<char>>());
    let all: Vec<char> = (0..4)
        .filter(|&i| p.classes[i])
        .flat_map(|i| sets[i].clone())
        .collect();
    if all.is_empty() {
        return Err(random_read_error("the character set specified is empty"));
    }
    let mut rng = os_rng()?;
    let count = |n: i64| usize::try_from(n).unwrap_or(0);
    let mut out = Vec::new();
    let mut draw =
        |set: &[char], n: usize| out.extend((0..n).map(|_| set[rng.gen_range(0..set.len())]));
    for (set, &min) in sets.iter().zip(&p.minimums) {
        draw(set, count(min));
    }
    let rest = count(p.length).saturating_sub(p.minimums.iter().map(|&m| count(m)).sum());
    draw(&all, rest);
    out.shuffle(&mut rng);
    Ok(out.into_iter().collect())
}

/// A bcrypt hash, at cost 10 (the default of Go's bcrypt, which upstream uses), of the
/// first 72 bytes of `text` (bcrypt reads no more).
pub fn bcrypt_hash(text: &str) -> Result<String, Diagnostic> {
    let bytes = text.as_bytes();
    bcrypt::hash(&bytes[..bytes.len().min(72)], 10).map_err(|e| {
        Diagnostic::error("Hash Generation Error").with_detail(format!(
            "While attempting to generate a hash from the password an error occurred.\n\n\
             Verify that the state contains a populated 'result' field, using 'terraform \
             state show', and retry the operation\n\nOriginal Error: {e}"
        ))
    })
}

/// The state of `random_string` or `random_password` stored by an older schema version,
/// or built by an import, as JSON with the current schema's settings: every setting that
/// is null (imports of provider 3.3.1 and older left them so) takes its default, so that
/// no plan replaces the object; `length` is the result's; `numeric` is `number`.
pub fn upgrade(json: &[u8]) -> Result<Map<String, Value>, Diagnostic> {
    let mut state: Map<String, Value> = serde_json::from_slice(json)
        .map_err(|e| Diagnostic::error("Invalid stored state").with_detail(e.to_string()))?;
    let length = state
        .get("result")
        .and_then(Value::as_str)
        .map_or(0, str::len);
    let mut default = |key: &str, value: Value| {
        let slot = state.entry(key).or_insert(Value::Null);
        if slot.is_null() {
            *slot = value;
        }
    };
    default("length", length.into());
    for key in ["special", "upper", "lower", "number"] {
        default(key, true.into());
    }
    for key in ["min_numeric", "min_upper", "min_lower", "min_special"] {
        default(key, 0.into());
    }
    let number = state["number"].clone();
    state.insert("numeric".into(), number);
    Ok(state)
}

/// Decodes a state built by [`upgrade`] as the current model.
pub fn decode<M: serde::de::DeserializeOwned>(
    state: Map<String, Value>,
) -> Result<M, tfvalue::Error> {
    tfvalue::json::from_slice_lenient(Value::Object(state).to_string().as_bytes())
}

/// The generator's parameters for a model of `random_string` or `random_password`, or
/// the ephemeral `random_password` (`Params` in scope); null settings take their defaults.
macro_rules! params {
    ($m:expr) => {
        Params {
            length: $m.length.as_known().copied().unwrap_or(0),
            classes: [&$m.upper, &$m.lower, &$m.numeric, &$m.special]
                .map(|v| v.as_value().copied().unwrap_or(true)),
            minimums: [
                &$m.min_upper,
                &$m.min_lower,
                &$m.min_numeric,
                &$m.min_special,
            ]
            .map(|v| v.as_value().copied().unwrap_or(0)),
            override_special: $m.override_special.as_value().map(String::as_str),
        }
    };
}
pub(crate) use params;
