//! The random sources and the string generator that `random_string`, `random_password`
//! and the ephemeral `random_password` share, with the state upgrade of their old schema
//! versions.

use rand::rngs::{OsRng, StdRng};
use rand::seq::SliceRandom as _;
use rand::{Rng as _, SeedableRng as _};
use serde_json::{Map, Value};
use tfvalue_provider::Diagnostic;

use super::go_rand::GoRand;
use super::limits::{at_most, MAX_STRING_LENGTH};
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

/// The attributes of [`Params::minimums`], in their order.
pub const MINIMUMS: [&str; 4] = ["min_upper", "min_lower", "min_numeric", "min_special"];

/// A random string: each class's minimum drawn from that class, the rest from every
/// enabled class, then shuffled. Its length is `length` or the sum of the minimums,
/// whichever is larger (negative ones count as 0); an error at the attribute concerned
/// when either exceeds [`MAX_STRING_LENGTH`], before anything is drawn.
pub fn generate(p: &Params<'_>) -> Result<String, Diagnostic> {
    let length = at_most(Some(p.length), MAX_STRING_LENGTH, "length")?;
    let mut minimums = [0_usize; 4];
    for ((min, &n), name) in minimums.iter_mut().zip(&p.minimums).zip(MINIMUMS) {
        *min = at_most(Some(n), MAX_STRING_LENGTH, name)?;
    }
    let asked: usize = minimums.iter().sum();
    if i64::try_from(asked).unwrap_or(i64::MAX) > MAX_STRING_LENGTH {
        return Err(Diagnostic::error("Invalid Attribute Value")
            .with_detail(format!(
                "Attribute length: min_upper + min_lower + min_numeric + min_special ask \
                 for {asked} characters (negative ones count as 0), more than the \
                 {MAX_STRING_LENGTH} a string may have"
            ))
            .at("length"));
    }
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
    let mut out = Vec::with_capacity(length.max(asked));
    let mut draw =
        |set: &[char], n: usize| out.extend((0..n).map(|_| set[rng.gen_range(0..set.len())]));
    for (set, &min) in sets.iter().zip(&minimums) {
        draw(set, min);
    }
    draw(&all, length.saturating_sub(asked));
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
pub fn with_settings(mut state: Map<String, Value>) -> Map<String, Value> {
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
    state
}

/// Decodes a state built by [`with_settings`] as the current model.
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
    use super::{generate, Params, Seeded};
    use crate::go_rand::GoRand;
    use crate::limits::MAX_STRING_LENGTH;
    use tfvalue::AttributePath;

    fn params(length: i64, minimums: [i64; 4]) -> Params<'static> {
        Params {
            length,
            classes: [true; 4],
            minimums,
            override_special: None,
        }
    }

    #[test]
    fn strings_up_to_the_bound_are_drawn_longer_ones_refused_at_their_attribute() {
        let longest = generate(&params(MAX_STRING_LENGTH, [0; 4])).expect("at the bound");
        assert_eq!(longest.chars().count(), 1 << 20);
        let e = generate(&params(1_000_000_000_000, [0; 4])).unwrap_err();
        assert_eq!(
            e.detail(),
            "Attribute length value must be at most 1048576, got: 1000000000000"
        );
        assert_eq!(e.attribute(), Some(&AttributePath::root().attr("length")));
        // Negative minimums pass the validator's sum; each minimum is bounded...
        let e = generate(&params(1, [1_000_000_000_000, -1_000_000_000_000, 0, 0])).unwrap_err();
        assert_eq!(
            e.detail(),
            "Attribute min_upper value must be at most 1048576, got: 1000000000000"
        );
        assert_eq!(
            e.attribute(),
            Some(&AttributePath::root().attr("min_upper"))
        );
        let e = generate(&params(1, [0, 0, 0, MAX_STRING_LENGTH + 1])).unwrap_err();
        assert_eq!(
            e.attribute(),
            Some(&AttributePath::root().attr("min_special"))
        );
        // ... and so is their sum.
        let max = MAX_STRING_LENGTH;
        let e = generate(&params(1, [max, max, -2 * max, 0])).unwrap_err();
        assert_eq!(
            e.detail(),
            "Attribute length: min_upper + min_lower + min_numeric + min_special ask for \
             2097152 characters (negative ones count as 0), more than the 1048576 a string \
             may have"
        );
        assert_eq!(e.attribute(), Some(&AttributePath::root().attr("length")));
        // Minimums above the length (known only at apply) make a longer string, as upstream.
        let s = generate(&params(2, [3, 0, 0, 1])).expect("drawn");
        assert_eq!(s.chars().count(), 4);
        assert_eq!(s.chars().filter(char::is_ascii_uppercase).count(), 3);
        let s = generate(&params(max, [max / 2, max / 2, -5, 0])).expect("at the bound");
        assert_eq!(s.len(), 1 << 20);
    }

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
