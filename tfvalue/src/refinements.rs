//! What is known about an unknown value: Terraform's "refined unknowns" (Terraform 1.6+).
//!
//! During planning Terraform may know more about an unknown value than "it is unknown": that
//! it will not be null, that a string starts with `"prefix-"`, that a number is at least 0,
//! that a list has between 1 and 3 elements. On the wire such a value is a msgpack extension
//! of type 12 whose body (the *payload*) is a msgpack map with integer keys; an unknown value
//! without refinements is `d4 00 00` (extension type 0). See [`Refinements`].

use std::fmt;

use crate::error::{Error, ErrorKind, Result};
use crate::limits::MAX_WRITTEN_PINNED_LENGTH;
use crate::number::Number;
use crate::types::Type;

mod decode;
mod encode;

pub(crate) use encode::Payload;

/// Payload key: nullness (bool, `true` = definitely null, `false` = definitely not null).
const KEY_NULLNESS: i128 = 1;
/// Payload key: string prefix (string).
const KEY_PREFIX: i128 = 2;
/// Payload key: number lower bound (`[number, inclusive]`).
const KEY_NUMBER_LOWER: i128 = 3;
/// Payload key: number upper bound (`[number, inclusive]`).
const KEY_NUMBER_UPPER: i128 = 4;
/// Payload key: collection length lower bound (integer, inclusive).
const KEY_LENGTH_LOWER: i128 = 5;
/// Payload key: collection length upper bound (integer, inclusive).
const KEY_LENGTH_UPPER: i128 = 6;

/// The largest length go-cty can hold (its `int` is 64 bits, `math.MaxInt`), which it takes
/// for "no upper bound": an upper bound of exactly this says nothing.
const NO_LENGTH_BOUND: u64 = i64::MAX as u64;

/// The whole encoding of an unknown value without refinements: fixext1, type 0, body `00`.
const PLAIN_UNKNOWN: [u8; 3] = [0xd4, 0x00, 0x00];

/// Extension type of a refined unknown value.
const REFINED_EXT_TYPE: u8 = 0x0c;

/// Refinements of no value at all, for [`Refinements::for_type`].
static NO_REFINEMENTS: Refinements = Refinements::new();

/// What is known about an unknown value ("known after apply").
///
/// Every refinement is optional:
/// - nullness: definitely not null (the common one: `"${x}-suffix"` is never null), or
///   definitely null (go-cty turns that into a known null when it decodes it; it is kept
///   here so that nothing is lost, and [`Refinements::nullness`] reports it);
/// - a string prefix the final string starts with (string values only);
/// - a lower and an upper bound of a number, each inclusive or exclusive (number values only);
/// - an inclusive lower and upper bound of the number of elements (list, set and map values).
///
/// The value is pointer-sized: no refinements (by far the most frequent case) is a null
/// pointer and allocates nothing.
///
/// # Building
///
/// The `with_*` builders *set* one refinement (replacing any earlier one of the same kind)
/// and return the result. Refinements that carry no information are not stored, exactly as
/// go-cty never writes them: an empty string prefix and a length lower bound of 0.
///
/// ```
/// # use tfvalue::{Number, Refinements};
/// let r = Refinements::new().not_null().with_number_lower_bound(Number::from(0), true).unwrap();
/// let mut wire = Vec::new();
/// r.write_unknown(&mut wire);
/// assert_eq!(wire, [0xc7, 0x07, 0x0c, 0x82, 0x01, 0xc2, 0x03, 0x92, 0x00, 0xc3]);
/// assert_eq!(r.to_string(), "(known after apply, not null, >= 0)");
/// ```
///
/// # Wire format
///
/// The payload is a msgpack map whose keys are small integers, written in ascending order:
/// `1` → nullness (bool), `2` → string prefix (string), `3`/`4` → number lower/upper bound
/// (`[number, inclusive bool]`, the number encoded as any number value), `5`/`6` → length
/// lower/upper bound (integer). [`Refinements::write_unknown`] writes the whole unknown value
/// the way go-cty does; [`Refinements::decode_payload`] reads a payload.
///
/// # Display
///
/// A refined unknown renders for people as `(known after apply, R, R, …)`, each `R` one of:
/// `not null` / `null`; `prefix "…"` (quoted with HCL escapes); `>= N` / `> N` (number lower
/// bound, inclusive / exclusive); `<= N` / `< N` (number upper bound); `length A..=B` (both
/// length bounds), `length >= A` or `length <= B` (one). Without refinements it is just
/// `(known after apply)`, as in Terraform's plan output.
#[derive(Clone, Debug, Default)]
pub struct Refinements(Option<Box<Inner>>);

impl Refinements {
    /// What the refinements say, for equality and hashing: `None` when nothing (a decoded
    /// empty prefix is a record of the payload, not a refinement).
    fn said(&self) -> Option<&Inner> {
        self.0.as_deref().filter(|inner| !inner.says_nothing())
    }
}

impl PartialEq for Refinements {
    fn eq(&self, other: &Self) -> bool {
        self.said() == other.said()
    }
}

impl Eq for Refinements {}

impl std::hash::Hash for Refinements {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.said().hash(state);
    }
}

/// The refinements, when there is at least one. Invariant: never all empty (so that the
/// derived equality of [`Refinements`] is the equality of what they say).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
struct Inner {
    nullness: Option<bool>,
    /// Empty = no prefix refinement.
    prefix: String,
    number_lower: Option<(Number, bool)>,
    number_upper: Option<(Number, bool)>,
    length_lower: Option<u64>,
    length_upper: Option<u64>,
    /// Whether a decoded payload had a prefix key, even an empty one (a prefix on another
    /// type than string is refused, as go-cty refuses it). Not part of what the
    /// refinements say: ignored by equality and hashing.
    prefix_key: Seen,
    /// Whether a decoded payload had a length key, even one that says nothing (a lower
    /// bound of 0, an upper bound of 2^63-1): go-cty refuses either on a value that is no
    /// list, set or map. Ignored by equality and hashing.
    length_key: Seen,
}

/// A flag that equality and hashing ignore.
#[derive(Clone, Copy, Debug, Default)]
struct Seen(bool);

impl PartialEq for Seen {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Seen {}

impl std::hash::Hash for Seen {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

impl Inner {
    /// Whether nothing is stored, not even a decoded empty prefix.
    fn is_empty(&self) -> bool {
        self.says_nothing() && !self.prefix_key.0 && !self.length_key.0
    }

    /// Whether nothing is said (a decoded empty prefix may be recorded).
    fn says_nothing(&self) -> bool {
        self.nullness.is_none()
            && self.prefix.is_empty()
            && self.number_lower.is_none()
            && self.number_upper.is_none()
            && self.length_lower.is_none()
            && self.length_upper.is_none()
    }

    fn has_number_bounds(&self) -> bool {
        self.number_lower.is_some() || self.number_upper.is_some()
    }

    fn has_length_bounds(&self) -> bool {
        self.length_lower.is_some() || self.length_upper.is_some() || self.length_key.0
    }

    /// The number of elements a not-null collection is known to have, when its length
    /// bounds are equal (an absent lower bound is 0, an absent upper bound go-cty's "no
    /// bound", 2^63-1), as go-cty's `NewValue` finds it.
    fn pinned_length(&self) -> Option<u64> {
        if self.nullness != Some(false) {
            return None;
        }
        let lower = self.length_lower.unwrap_or(0);
        (lower == self.length_upper.unwrap_or(NO_LENGTH_BOUND)).then_some(lower)
    }

    /// Why these refinements describe no value at all, if they do: a number range that is
    /// empty (lower above upper, or equal with one end exclusive), or a length range upside
    /// down. go-cty 1.16 panics on each of these when it decodes them (an exclusive range
    /// `6 < x < 6` it accepts, yet no value can ever meet it), so a provider that sent one
    /// would crash Terraform. Infinite bounds are ordered like any other: go-cty writes and
    /// reads an upper bound of `+Inf` (`x < +Inf`), and it is kept.
    fn contradiction(&self) -> Option<Error> {
        if let (Some((lo, lo_inc)), Some((hi, hi_inc))) = (&self.number_lower, &self.number_upper) {
            let empty = match lo.cmp(hi) {
                std::cmp::Ordering::Greater => true,
                std::cmp::Ordering::Equal => !(*lo_inc && *hi_inc),
                std::cmp::Ordering::Less => false,
            };
            if empty {
                return Some(Error::new(
                    ErrorKind::Refinement,
                    format!(
                        "contradictory refinements of an unknown value: no number is {} {lo} \
                         and {} {hi}",
                        if *lo_inc { ">=" } else { ">" },
                        if *hi_inc { "<=" } else { "<" },
                    ),
                ));
            }
        }
        if let (Some(lo), Some(hi)) = (self.length_lower, self.length_upper) {
            if lo > hi {
                return Some(Error::new(
                    ErrorKind::Refinement,
                    format!(
                        "contradictory refinements of an unknown value: a length of at least \
                         {lo} and at most {hi}"
                    ),
                ));
            }
        }
        None
    }
}

impl Refinements {
    /// No refinements: a wholly unknown value. Allocates nothing.
    pub const fn new() -> Self {
        Refinements(None)
    }

    /// Whether there are no refinements at all.
    pub fn is_empty(&self) -> bool {
        self.said().is_none()
    }

    /// Whether a decoded payload left anything to check against the value's type (an empty
    /// prefix included, which says nothing but only a string may have).
    pub(crate) fn has_payload(&self) -> bool {
        self.0.is_some()
    }

    /// Applies `f` to the refinements, then restores the invariant (no empty box).
    fn update(mut self, f: impl FnOnce(&mut Inner)) -> Self {
        let inner = self.0.get_or_insert_with(Box::default);
        f(inner);
        if inner.is_empty() {
            self.0 = None;
        }
        self
    }

    /// Sets "definitely not null". (There is no "definitely null": that value is known, a
    /// null; go-cty decodes such a refinement as a known null, and so do tfvalue's decoders.)
    #[must_use]
    pub fn not_null(self) -> Self {
        self.update(|i| i.nullness = Some(false))
    }

    /// Sets the prefix that the final string starts with (string values only). An empty
    /// prefix says nothing and removes the refinement. The prefix is put in Unicode NFC, as
    /// go-cty holds it (its strings are in NFC, so a prefix in another form would match
    /// none); the full prefix is kept, and shortened only when written (see
    /// [`Refinements::encode_payload`]).
    #[must_use]
    pub fn with_string_prefix(self, prefix: impl Into<String>) -> Self {
        let prefix = crate::types::nfc_name(prefix.into());
        self.update(|i| i.prefix = prefix)
    }

    /// Sets the lower bound of a number value, inclusive (`>=`) or exclusive (`>`).
    ///
    /// An [`ErrorKind::Refinement`] error when the bound contradicts the upper bound (no
    /// number would be in the range; go-cty panics on such refinements, so they are never
    /// built). An infinite bound is kept, as go-cty keeps it. A bound of more significant
    /// digits than go-cty's 512 bits hold is kept whole, and rounded outward when written
    /// (see [`Refinements::encode_payload`]).
    pub fn with_number_lower_bound(self, bound: Number, inclusive: bool) -> Result<Self> {
        self.checked(|i| i.number_lower = Some((bound, inclusive)))
    }

    /// Sets the upper bound of a number value, inclusive (`<=`) or exclusive (`<`); an error
    /// as for [`Refinements::with_number_lower_bound`].
    pub fn with_number_upper_bound(self, bound: Number, inclusive: bool) -> Result<Self> {
        self.checked(|i| i.number_upper = Some((bound, inclusive)))
    }

    /// Sets the inclusive lower bound of the number of elements of a list, set or map.
    /// 0 says nothing and removes the refinement. An [`ErrorKind::Refinement`] error when it
    /// is above the upper bound, or above 2^63-1: Terraform holds lengths as 64-bit signed
    /// integers, and reads a larger bound as a negative one.
    pub fn with_length_lower_bound(self, min: u64) -> Result<Self> {
        if min > NO_LENGTH_BOUND {
            return Err(Error::new(
                ErrorKind::Refinement,
                format!(
                    "a length lower bound of {min} is more than the largest length Terraform \
                     holds ({NO_LENGTH_BOUND})"
                ),
            ));
        }
        self.checked(|i| i.length_lower = (min != 0).then_some(min))
    }

    /// Sets the inclusive upper bound of the number of elements of a list, set or map; an
    /// [`ErrorKind::Refinement`] error when it is below the lower bound. A bound of 2^63-1
    /// or more says nothing (Terraform's largest length, which it takes for "no bound") and
    /// removes the refinement.
    pub fn with_length_upper_bound(self, max: u64) -> Result<Self> {
        self.checked(|i| i.length_upper = (max < NO_LENGTH_BOUND).then_some(max))
    }

    /// [`Refinements::update`], then the consistency check of [`Inner::contradiction`].
    fn checked(self, f: impl FnOnce(&mut Inner)) -> Result<Self> {
        let r = self.update(f);
        match r.0.as_deref().and_then(Inner::contradiction) {
            Some(e) => Err(e),
            None => Ok(r),
        }
    }

    /// The nullness: `Some(false)` = definitely not null, `Some(true)` = definitely null,
    /// `None` = may or may not be null.
    pub fn nullness(&self) -> Option<bool> {
        self.0.as_ref().and_then(|i| i.nullness)
    }

    /// Whether the value is known not to be null.
    pub fn is_not_null(&self) -> bool {
        self.nullness() == Some(false)
    }

    /// The prefix the final string starts with, if known (never empty).
    pub fn string_prefix(&self) -> Option<&str> {
        self.0
            .as_ref()
            .map(|i| i.prefix.as_str())
            .filter(|p| !p.is_empty())
    }

    /// The lower bound of a number value and whether it is inclusive.
    pub fn number_lower_bound(&self) -> Option<(&Number, bool)> {
        self.0
            .as_ref()
            .and_then(|i| i.number_lower.as_ref())
            .map(|(n, inc)| (n, *inc))
    }

    /// The upper bound of a number value and whether it is inclusive.
    pub fn number_upper_bound(&self) -> Option<(&Number, bool)> {
        self.0
            .as_ref()
            .and_then(|i| i.number_upper.as_ref())
            .map(|(n, inc)| (n, *inc))
    }

    /// The inclusive lower bound of the number of elements (never 0).
    pub fn length_lower_bound(&self) -> Option<u64> {
        self.0.as_ref().and_then(|i| i.length_lower)
    }

    /// The inclusive upper bound of the number of elements (always below 2^63-1, which is
    /// no bound).
    pub fn length_upper_bound(&self) -> Option<u64> {
        self.0.as_ref().and_then(|i| i.length_upper)
    }

    /// The number of elements a not-null list, set or map with these refinements has, when
    /// the length bounds leave one choice (at least and at most `n`; a lower bound of 0 or
    /// none and an upper bound of 0 is `Some(0)`). go-cty reads such an unknown as a known
    /// collection where it can (a list of `n` unknown elements, an empty set or map, a set
    /// of one unknown element), and so do tfvalue's decoders.
    pub fn pinned_length(&self) -> Option<u64> {
        self.0.as_deref().and_then(Inner::pinned_length)
    }

    /// The number a not-null number with these refinements is, when both bounds are that
    /// number and inclusive (`[5, 5]`): go-cty reads such an unknown as that known number.
    pub fn pinned_number(&self) -> Option<&Number> {
        let inner = self.0.as_deref()?;
        match (inner.nullness, &inner.number_lower, &inner.number_upper) {
            (Some(false), Some((lo, true)), Some((hi, true)))
                if lo.cmp(hi) == std::cmp::Ordering::Equal =>
            {
                Some(lo)
            }
            _ => None,
        }
    }
    /// Checks that these refinements fit a value of type `ty`, following go-cty 1.13+:
    /// - nullness fits every type;
    /// - a string prefix only `string`, number bounds only `number`, length bounds only
    ///   `list`, `set` and `map` (go-cty rejects each of these on any other type);
    /// - on `dynamic` every refinement is accepted, because go-cty silently ignores all
    ///   refinements of a `dynamic` unknown (reserved for a future meaning) and never writes
    ///   any: use [`Refinements::for_type`] to drop them.
    ///
    /// A mismatch is an [`ErrorKind::Refinement`] error.
    pub fn check_type(&self, ty: &Type) -> Result<()> {
        let Some(inner) = self.0.as_deref() else {
            return Ok(());
        };
        if matches!(ty, Type::Dynamic) {
            return Ok(());
        }
        if (inner.prefix_key.0 || !inner.prefix.is_empty()) && !matches!(ty, Type::String) {
            return Err(misplaced("a string prefix refinement", "a string", ty));
        }
        if inner.has_number_bounds() && !matches!(ty, Type::Number) {
            return Err(misplaced("a number bound refinement", "a number", ty));
        }
        if inner.has_length_bounds() && !matches!(ty, Type::List(_) | Type::Set(_) | Type::Map(_)) {
            return Err(misplaced(
                "a length bound refinement",
                "a list, set or map",
                ty,
            ));
        }
        Ok(())
    }

    /// These refinements as they apply to a value of type `ty`: checked with
    /// [`Refinements::check_type`], and none at all for `dynamic` (as go-cty, which ignores
    /// and never writes refinements of a `dynamic` unknown).
    pub fn for_type(&self, ty: &Type) -> Result<&Refinements> {
        if matches!(ty, Type::Dynamic) {
            return Ok(&NO_REFINEMENTS);
        }
        self.check_type(ty)?;
        match self.0.as_deref() {
            // Only an empty prefix of a string: nothing said.
            Some(inner) if inner.says_nothing() => Ok(&NO_REFINEMENTS),
            _ => Ok(self),
        }
    }

    /// [`Refinements::for_type`], taking the refinements: what a decoder keeps, without a
    /// copy. Length bounds that pin a not-null set or map to more than
    /// [`MAX_WRITTEN_PINNED_LENGTH`] elements are dropped, as the encoder would leave them
    /// out.
    pub(crate) fn into_for_type(mut self, ty: &Type) -> Result<Refinements> {
        if matches!(ty, Type::Dynamic) {
            return Ok(Refinements::new());
        }
        self.check_type(ty)?;
        if let Some(inner) = self.0.as_deref_mut() {
            if matches!(ty, Type::Set(_) | Type::Map(_))
                && inner.pinned_length() > Some(MAX_WRITTEN_PINNED_LENGTH)
            {
                inner.length_lower = None;
                inner.length_upper = None;
            }
        }
        Ok(match self.0.as_deref() {
            Some(inner) if inner.says_nothing() => Refinements::new(),
            _ => self,
        })
    }
}

impl fmt::Display for Refinements {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(known after apply")?;
        if let Some(inner) = self.0.as_deref() {
            match inner.nullness {
                Some(false) => f.write_str(", not null")?,
                Some(true) => f.write_str(", null")?,
                None => {}
            }
            if !inner.prefix.is_empty() {
                f.write_str(", prefix ")?;
                crate::path::write_quoted(f, &inner.prefix)?;
            }
            if let Some((n, inclusive)) = &inner.number_lower {
                write!(f, ", {} {n}", if *inclusive { ">=" } else { ">" })?;
            }
            if let Some((n, inclusive)) = &inner.number_upper {
                write!(f, ", {} {n}", if *inclusive { "<=" } else { "<" })?;
            }
            match (inner.length_lower, inner.length_upper) {
                (Some(lo), Some(hi)) => write!(f, ", length {lo}..={hi}")?,
                (Some(lo), None) => write!(f, ", length >= {lo}")?,
                (None, Some(hi)) => write!(f, ", length <= {hi}")?,
                (None, None) => {}
            }
        }
        f.write_str(")")
    }
}

#[cold]
fn misplaced(what: &str, valid_for: &str, ty: &Type) -> Error {
    Error::new(
        ErrorKind::Refinement,
        format!(
            "{what} is only valid for {valid_for}, but this value is {}",
            with_article(ty)
        ),
    )
}

/// `ty` rendered with its indefinite article: "a list(string)", "an object({…})".
fn with_article(ty: &Type) -> String {
    let name = ty.to_string();
    let article = match name.as_bytes().first() {
        Some(b'a' | b'e' | b'i' | b'o' | b'u') => "an",
        _ => "a",
    };
    format!("{article} {name}")
}

#[cfg(test)]
mod number_bound_tests;
#[cfg(test)]
mod tests;
