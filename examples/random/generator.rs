//! The random sources and the string generator that `random_string`, `random_password`
//! and the ephemeral `random_password` share, with the state upgrade of their old schema
//! versions.

use rand::rngs::{OsRng, StdRng};
use rand::seq::SliceRandom as _;
use rand::{Rng as _, SeedableRng as _};
use serde_json::{Map, Value};
use tfvalue_provider::Diagnostic;

use super::go_rand::GoRand;
use super::random_read_error;

/// A cryptographically secure generator (ChaCha), seeded from the operating system.
pub fn os_rng() -> Result<StdRng, Diagnostic> {
    StdRng::from_rng(OsRng).map_err(random_read_error)
}

/// The source of `random_integer` and `random_shuffle`: with a seed, Go's `math/rand`
/// seeded as upstream seeds it, so that a pinned seed draws the Go provider's values;
/// without one, the operating system's cryptographic source.
pub enum Seeded {
    /// Go's generator, seeded from the seed string.
    Go(Box<GoRand>),
    /// A cryptographic source, for an empty or absent seed.
    Os(Box<StdRng>),
}

impl Seeded {
    /// The source for `seed` (`""` when not set, as upstream reads a null seed).
    pub fn new(seed: &str) -> Result<Seeded, Diagnostic> {
        if seed.is_empty() {
            return Ok(Seeded::Os(Box::new(os_rng()?)));
        }
        Ok(Seeded::Go(Box::new(GoRand::from_seed_string(seed))))
    }

    /// An integer from `min` to `max` (`min <= max`). Seeded, upstream's
    /// `Intn(max + 1 - min) + min`; a range wider than `i64::MAX` values, on which Go's
    /// `Intn` panics, is drawn instead from Go's `Uint64`, rejecting the values above
    /// the last whole multiple of the range's size.
    pub fn int_in(&mut self, min: i64, max: i64) -> i64 {
        let rng = match self {
            Seeded::Os(rng) => return rng.gen_range(min..=max),
            Seeded::Go(rng) => rng,
        };
        let span = i128::from(max) - i128::from(min) + 1;
        if let Some(drawn) = i64::try_from(span).ok().and_then(|n| rng.intn(n)) {
            return min.wrapping_add(drawn);
        }
        // span is in (2^63, 2^64] here: max >= 0 > min.
        let span = u128::try_from(span).unwrap_or(1 << 64);
        let limit = (1_u128 << 64) - (1_u128 << 64) % span;
        let mut u = rng.uint64();
        while u128::from(u) >= limit {
            u = rng.uint64();
        }
        min.wrapping_add((u128::from(u) % span) as i64)
    }

    /// A permutation of `0..n`: Go's `Perm(n)` when seeded.
    pub fn perm(&mut self, n: usize) -> Vec<usize> {
        match self {
            Seeded::Go(rng) => rng.perm(n),
            Seeded::Os(rng) => {
                let mut order: Vec<usize> = (0..n).collect();
                order.shuffle(&mut **rng);
                order
            }
        }
    }
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

#[cfg(test)]
mod tests {
    use super::Seeded;
    use crate::go_rand::GoRand;

    #[test]
    fn seeded_integers_are_the_go_providers() {
        // Upstream's TestAccResourceInteger, _ChangeSeed and _Big expect these.
        assert_eq!(Seeded::new("12345").expect("source").int_in(1, 3), 3);
        assert_eq!(Seeded::new("123456").expect("source").int_in(1, 3), 2);
        assert_eq!(
            Seeded::new("12345")
                .expect("source")
                .int_in(7_227_701_560_655_103_597, 7_227_701_560_655_103_598),
            7_227_701_560_655_103_598
        );
        assert_eq!(Seeded::new("12345").expect("source").int_in(-4, -4), -4);
    }

    #[test]
    fn seeded_permutations_are_the_go_providers() {
        let mut source = Seeded::new("-").expect("source");
        assert_eq!(source.perm(5), [0, 2, 1, 4, 3]);
        assert_eq!(source.perm(5), [0, 4, 3, 2, 1]);
    }

    #[test]
    fn ranges_wider_than_go_draws_come_from_uint64() {
        // Go's Intn panics on these; the full range takes Go's Uint64 as it is, offset.
        let first = GoRand::from_seed_string("x").uint64();
        let full = Seeded::new("x").expect("source").int_in(i64::MIN, i64::MAX);
        assert_eq!(full, i64::MIN.wrapping_add(first as i64));
        for seed in ["x", "y", "12345"] {
            let a = Seeded::new(seed).expect("source").int_in(-5, i64::MAX);
            let b = Seeded::new(seed).expect("source").int_in(-5, i64::MAX);
            assert_eq!(a, b, "the same seed draws the same value");
            assert!(a >= -5);
            let c = Seeded::new(seed).expect("source").int_in(i64::MIN, 0);
            assert!(c <= 0);
        }
    }

    #[test]
    fn unseeded_draws_stay_in_range() {
        let mut source = Seeded::new("").expect("source");
        assert!(matches!(source, Seeded::Os(_)));
        for _ in 0..100 {
            assert!((1..=3).contains(&source.int_in(1, 3)));
        }
        let mut perm = source.perm(6);
        perm.sort_unstable();
        assert_eq!(perm, [0, 1, 2, 3, 4, 5]);
    }
}
