//! What is known about an unknown value: Terraform's "refined unknowns" (Terraform 1.6+).
//!
//! During planning Terraform may know more about an unknown value than "it is unknown": that
//! it will not be null, that a string starts with `"prefix-"`, that a number is at least 0,
//! that a list has between 1 and 3 elements. On the wire such a value is a msgpack extension
//! of type 12 whose body (the *payload*) is a msgpack map with integer keys; an unknown value
//! without refinements is `d4 00 00` (extension type 0). See [`Refinements`].

use std::fmt;

use crate::error::{Error, ErrorKind, Result};
use crate::limits::MAX_REFINEMENT_PAYLOAD;
use crate::number::Number;
use crate::types::Type;

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
        self.says_nothing() && !self.prefix_key.0
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
        self.length_lower.is_some() || self.length_upper.is_some()
    }

    /// Why these refinements describe no value at all, if they do: a number range that is
    /// empty (lower above upper, or equal with one end exclusive), an infinite bound, or a
    /// length range upside down. go-cty 1.16 panics on each of these when it decodes them,
    /// so a provider that sent one would crash Terraform.
    fn contradiction(&self) -> Option<Error> {
        for (bound, name) in [(&self.number_lower, "lower"), (&self.number_upper, "upper")] {
            if let Some((n, _)) = bound {
                if n.is_infinite() {
                    return Some(Error::new(
                        ErrorKind::Refinement,
                        format!("the number {name} bound of an unknown value cannot be {n}"),
                    ));
                }
            }
        }
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
    /// prefix says nothing and removes the refinement. The full prefix is kept; it is
    /// shortened only when written (see [`Refinements::encode_payload`]).
    #[must_use]
    pub fn with_string_prefix(self, prefix: impl Into<String>) -> Self {
        let prefix = prefix.into();
        self.update(|i| i.prefix = prefix)
    }

    /// Sets the lower bound of a number value, inclusive (`>=`) or exclusive (`>`).
    ///
    /// An [`ErrorKind::Refinement`] error when the bound contradicts the upper bound (no
    /// number would be in the range; go-cty panics on such refinements, so they are never
    /// built) or is infinite.
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
    /// is above the upper bound.
    pub fn with_length_lower_bound(self, min: u64) -> Result<Self> {
        self.checked(|i| i.length_lower = (min != 0).then_some(min))
    }

    /// Sets the inclusive upper bound of the number of elements of a list, set or map; an
    /// [`ErrorKind::Refinement`] error when it is below the lower bound.
    pub fn with_length_upper_bound(self, max: u64) -> Result<Self> {
        self.checked(|i| i.length_upper = Some(max))
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

    /// The inclusive upper bound of the number of elements.
    pub fn length_upper_bound(&self) -> Option<u64> {
        self.0.as_ref().and_then(|i| i.length_upper)
    }

    /// Appends the payload of a refined unknown (the body of msgpack extension 12): a map
    /// with integer keys in ascending order. Writes nothing at all when there are no
    /// refinements (the empty payload means "no refinements" to
    /// [`Refinements::decode_payload`]).
    ///
    /// A string prefix longer than
    /// [`MAX_REFINEMENT_PREFIX`](crate::limits::MAX_REFINEMENT_PREFIX) bytes is cut as
    /// go-cty 1.16 cuts it: to its first 255 bytes, and then without its last grapheme
    /// cluster, which the cut may have split (a shorter prefix is still a true refinement).
    ///
    /// Numbers are written as go-cty writes number values (an integer, a float64, or else
    /// the decimal digits as a string, never with an exponent). A number bound so long that
    /// the payload would exceed [`MAX_REFINEMENT_PAYLOAD`] (which Terraform refuses) is left
    /// out: an unknown with fewer refinements is still true, and Terraform accepts it.
    /// [`Refinements::decode_payload`] refuses such bounds, so whatever it accepts is written
    /// back whole.
    pub fn encode_payload(&self, out: &mut Vec<u8>) {
        if let Some(inner) = self.0.as_deref() {
            write_payload(inner, out, MAX_REFINEMENT_PAYLOAD);
        }
    }

    /// Appends the whole msgpack encoding of an unknown value with these refinements, as
    /// go-cty writes it: without refinements exactly `d4 00 00` (extension type 0); otherwise
    /// extension type 12 around [`Refinements::encode_payload`], with the header msgpack
    /// encoders choose (fixext 1/2/4/8/16 for those exact lengths, else ext 8/16/32).
    ///
    /// go-cty never writes refinements for a value of type `dynamic`: pass the refinements
    /// through [`Refinements::for_type`] first when the type is known.
    pub fn write_unknown(&self, out: &mut Vec<u8>) {
        if self.nullness() == Some(true) {
            // Only a decoded payload says "definitely null": that value is a known null.
            out.push(0xc0);
            return;
        }
        if self.is_empty() {
            out.extend_from_slice(&PLAIN_UNKNOWN);
            return;
        }
        let start = out.len();
        self.encode_payload(out);
        let len = out.len() - start;
        if len == 0 {
            // Every refinement was left out (see encode_payload).
            out.extend_from_slice(&PLAIN_UNKNOWN);
            return;
        }
        let mut header = [0u8; 6];
        let header_len = ext_header(&mut header, len);
        let header = header.get(..header_len).unwrap_or_default();
        out.splice(start..start, header.iter().copied());
    }

    /// Decodes the payload of a refined unknown (the body of msgpack extension 12).
    ///
    /// Rules, after go-cty 1.13+ (`cty/msgpack/unknown.go`):
    /// - a payload of 0 or 1 bytes is an unknown without refinements, whatever the byte (go-cty
    ///   skips such bodies unread; an empty map `80` is the usual one);
    /// - longer than [`MAX_REFINEMENT_PAYLOAD`] bytes, as given or as it would be written
    ///   back (a number bound in exponent form, such as `1e2000`, is written in plain
    ///   digits): [`ErrorKind::Limit`] error;
    /// - otherwise it must be a msgpack map with the integer keys 1–6, read as described on
    ///   [`Refinements`]. Another key, a non-integer key, a value of the wrong shape, a
    ///   prefix that is not UTF-8, a negative length, a key given twice, truncated data:
    ///   [`ErrorKind::Refinement`] error. (go-cty 1.16 does not skip the value of a key it
    ///   does not know but reads it as the next key, so no payload with one means the same
    ///   to Terraform and to a reader that skips it.)
    /// - refinements that describe no value (see [`Refinements::with_number_lower_bound`]
    ///   and [`Refinements::with_length_lower_bound`]) are an [`ErrorKind::Refinement`] error:
    ///   go-cty 1.16 panics on them.
    /// - the prefix is put in Unicode NFC, as go-cty does. Nullness `true` is kept and
    ///   reported by [`Refinements::nullness`]: such an unknown is a known null, and the
    ///   decoders of values and of [`crate::Unknown`] give a null for it.
    /// - Bytes after the map are ignored, as go-cty does on purpose (a future Terraform may
    ///   pad or extend the payload).
    ///
    /// Whether the refinements fit the type of the value is a separate check:
    /// [`Refinements::check_type`] / [`Refinements::for_type`].
    pub fn decode_payload(payload: &[u8]) -> Result<Refinements> {
        if payload.len() > MAX_REFINEMENT_PAYLOAD {
            return Err(Error::new(
                ErrorKind::Limit,
                format!(
                    "the refinements of an unknown value take {} bytes, more than the limit of \
                     {MAX_REFINEMENT_PAYLOAD}",
                    payload.len()
                ),
            ));
        }
        if payload.len() <= 1 {
            return Ok(Refinements::new());
        }
        let mut r = Reader { data: payload };
        let entries = match r.head()? {
            Head::Map(n) => n,
            other => {
                return Err(malformed(format_args!(
                    "expected a map, found {}",
                    other.describe()
                )))
            }
        };
        let mut inner = Inner::default();
        let mut seen = 0u8;
        // Every entry takes at least two bytes, so a huge count ends in a truncation error
        // after at most `payload.len()` iterations.
        for _ in 0..entries {
            let key = match r.head()? {
                Head::Int(k) => k,
                other => {
                    return Err(malformed(format_args!(
                        "the keys must be integers, found {}",
                        other.describe()
                    )))
                }
            };
            if !(KEY_NULLNESS..=KEY_LENGTH_UPPER).contains(&key) {
                // go-cty 1.16 reads the value of a key it does not know as the next key
                // (and so fails, or takes a value for a key): no reading of such a payload
                // agrees with Terraform's.
                return Err(malformed(format_args!(
                    "the key {key} is not a refinement Terraform defines (1 to 6)"
                )));
            }
            let bit = 1u8 << (key as u32);
            if seen & bit != 0 {
                return Err(malformed(format_args!(
                    "the key {key} ({}) appears more than once",
                    key_name(key)
                )));
            }
            seen |= bit;
            match key {
                KEY_NULLNESS => match r.head()? {
                    Head::Bool(b) => inner.nullness = Some(b),
                    other => return Err(wrong_shape(key, "a bool", &other)),
                },
                KEY_PREFIX => match r.head()? {
                    Head::Str(bytes) => match std::str::from_utf8(bytes) {
                        Ok(s) => {
                            // An empty prefix says nothing, but only a string has one.
                            inner.prefix_key = Seen(true);
                            inner.prefix = crate::text::nfc(s).into_owned();
                        }
                        Err(_) => {
                            return Err(malformed(format_args!(
                                "the {} (key {key}) is not valid UTF-8",
                                key_name(key)
                            )))
                        }
                    },
                    other => return Err(wrong_shape(key, "a string", &other)),
                },
                KEY_NUMBER_LOWER => inner.number_lower = Some(r.number_bound(key)?),
                KEY_NUMBER_UPPER => inner.number_upper = Some(r.number_bound(key)?),
                _ => {
                    let n = match r.head()? {
                        Head::Int(n) => u64::try_from(n).map_err(|_| {
                            malformed(format_args!(
                                "the {} (key {key}) must be a non-negative integer, found {n}",
                                key_name(key)
                            ))
                        })?,
                        other => return Err(wrong_shape(key, "a non-negative integer", &other)),
                    };
                    if key == KEY_LENGTH_LOWER {
                        inner.length_lower = (n != 0).then_some(n);
                    } else {
                        inner.length_upper = Some(n);
                    }
                }
            }
        }
        // Trailing bytes after the map are ignored on purpose (see above).
        if let Some(e) = inner.contradiction() {
            return Err(e);
        }
        if inner.has_number_bounds() {
            // A bound in exponent form can be short here and long written out.
            let mut written = Vec::new();
            write_payload(&inner, &mut written, usize::MAX);
            if written.len() > MAX_REFINEMENT_PAYLOAD {
                return Err(Error::new(
                    ErrorKind::Limit,
                    format!(
                        "the refinements of an unknown value would take {} bytes written as \
                         Terraform writes them (number bounds in plain digits, without an \
                         exponent), more than the limit of {MAX_REFINEMENT_PAYLOAD}",
                        written.len()
                    ),
                ));
            }
        }
        Ok(if inner.is_empty() {
            Refinements::new()
        } else {
            Refinements(Some(Box::new(inner)))
        })
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
    /// copy.
    pub(crate) fn into_for_type(self, ty: &Type) -> Result<Refinements> {
        if matches!(ty, Type::Dynamic) {
            return Ok(Refinements::new());
        }
        self.check_type(ty)?;
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

/// Writes the payload map of non-empty refinements, leaving out a number bound that would
/// make it longer than `limit` bytes; writes nothing when every entry is left out.
fn write_payload(inner: &Inner, out: &mut Vec<u8>, limit: usize) {
    let start = out.len();
    // At most 6 entries: always a fixmap, its count patched at the end.
    out.push(0x80);
    let mut entries = 0u8;
    if let Some(is_null) = inner.nullness {
        out.push(KEY_NULLNESS as u8);
        out.push(if is_null { 0xc3 } else { 0xc2 });
        entries += 1;
    }
    if !inner.prefix.is_empty() {
        out.push(KEY_PREFIX as u8);
        write_str(out, crate::text::cut_prefix(&inner.prefix));
        entries += 1;
    }
    let lengths = [
        (KEY_LENGTH_LOWER, inner.length_lower),
        (KEY_LENGTH_UPPER, inner.length_upper),
    ];
    // The length entries come last: a key byte and an unsigned integer each.
    let tail: usize = lengths
        .iter()
        .filter_map(|&(_, n)| n)
        .map(|n| 1 + uint_len(n))
        .sum();
    for (key, bound) in [
        (KEY_NUMBER_LOWER, &inner.number_lower),
        (KEY_NUMBER_UPPER, &inner.number_upper),
    ] {
        if let Some((number, inclusive)) = bound {
            let at = out.len();
            out.push(key as u8);
            out.push(0x92);
            number.write_msgpack(out);
            out.push(if *inclusive { 0xc3 } else { 0xc2 });
            if out.len() - start + tail > limit {
                out.truncate(at);
            } else {
                entries += 1;
            }
        }
    }
    for (key, bound) in lengths {
        if let Some(n) = bound {
            out.push(key as u8);
            write_uint(out, n);
            entries += 1;
        }
    }
    match out.get_mut(start) {
        Some(header) if entries > 0 => *header = 0x80 | entries,
        _ => out.truncate(start),
    }
}

/// Writes a msgpack string header (smallest form) and the bytes.
fn write_str(out: &mut Vec<u8>, s: &str) {
    let len = s.len();
    if len < 32 {
        out.push(0xa0 | len as u8);
    } else if let Ok(n) = u8::try_from(len) {
        out.extend_from_slice(&[0xd9, n]);
    } else if let Ok(n) = u16::try_from(len) {
        out.push(0xda);
        out.extend_from_slice(&n.to_be_bytes());
    } else {
        out.push(0xdb);
        out.extend_from_slice(&u32::try_from(len).unwrap_or(u32::MAX).to_be_bytes());
    }
    out.extend_from_slice(s.as_bytes());
}

/// Writes a non-negative integer in its smallest msgpack form (unsigned codes).
fn write_uint(out: &mut Vec<u8>, n: u64) {
    if n < 0x80 {
        out.push(n as u8);
    } else if let Ok(n) = u8::try_from(n) {
        out.extend_from_slice(&[0xcc, n]);
    } else if let Ok(n) = u16::try_from(n) {
        out.push(0xcd);
        out.extend_from_slice(&n.to_be_bytes());
    } else if let Ok(n) = u32::try_from(n) {
        out.push(0xce);
        out.extend_from_slice(&n.to_be_bytes());
    } else {
        out.push(0xcf);
        out.extend_from_slice(&n.to_be_bytes());
    }
}

/// The number of bytes [`write_uint`] writes for `n`.
fn uint_len(n: u64) -> usize {
    match n {
        0..=0x7f => 1,
        0x80..=0xff => 2,
        0x100..=0xffff => 3,
        0x1_0000..=0xffff_ffff => 5,
        _ => 9,
    }
}

/// Fills `buf` with the header of an extension 12 of `len` body bytes; returns its length.
fn ext_header(buf: &mut [u8; 6], len: usize) -> usize {
    let fixed = match len {
        1 => Some(0xd4),
        2 => Some(0xd5),
        4 => Some(0xd6),
        8 => Some(0xd7),
        16 => Some(0xd8),
        _ => None,
    };
    if let Some(marker) = fixed {
        buf[0] = marker;
        buf[1] = REFINED_EXT_TYPE;
        2
    } else if let Ok(n) = u8::try_from(len) {
        *buf = [0xc7, n, REFINED_EXT_TYPE, 0, 0, 0];
        3
    } else if let Ok(n) = u16::try_from(len) {
        let [a, b] = n.to_be_bytes();
        *buf = [0xc8, a, b, REFINED_EXT_TYPE, 0, 0];
        4
    } else {
        // Payloads are a few KiB at most (prefix and numbers are bounded).
        let [a, b, c, d] = u32::try_from(len).unwrap_or(u32::MAX).to_be_bytes();
        *buf = [0xc9, a, b, c, d, REFINED_EXT_TYPE];
        6
    }
}

/// How a payload key is named in messages.
fn key_name(key: i128) -> &'static str {
    match key {
        KEY_NULLNESS => "nullness",
        KEY_PREFIX => "string prefix",
        KEY_NUMBER_LOWER => "number lower bound",
        KEY_NUMBER_UPPER => "number upper bound",
        KEY_LENGTH_LOWER => "length lower bound",
        _ => "length upper bound",
    }
}

#[cold]
fn malformed(msg: fmt::Arguments<'_>) -> Error {
    Error::new(
        ErrorKind::Refinement,
        format!("malformed refinements of an unknown value: {msg}"),
    )
}

#[cold]
fn wrong_shape(key: i128, expected: &str, found: &Head<'_>) -> Error {
    malformed(format_args!(
        "the {} (key {key}) must be {expected}, found {}",
        key_name(key),
        found.describe()
    ))
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

/// One msgpack value's marker and immediate data; containers only carry their size.
enum Head<'a> {
    Nil,
    Bool(bool),
    /// Any msgpack integer: `-2^63 ..= 2^64-1`.
    Int(i128),
    /// float 32 (widened exactly) or float 64.
    Float(f64),
    Str(&'a [u8]),
    Bin,
    Array(u32),
    Map(u32),
    Ext,
}

impl Head<'_> {
    /// What was found, in Terraform's words.
    fn describe(&self) -> &'static str {
        match self {
            Head::Nil => "null",
            Head::Bool(_) => "a bool",
            Head::Int(_) | Head::Float(_) => "a number",
            Head::Str(_) => "a string",
            Head::Bin => "binary data",
            Head::Array(_) => "an array",
            Head::Map(_) => "a map",
            Head::Ext => "an unknown value",
        }
    }
}

/// A minimal msgpack reader over the payload; `data` is what remains unread.
struct Reader<'a> {
    data: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8]> {
        match self.data.split_at_checked(n) {
            Some((taken, rest)) => {
                self.data = rest;
                Ok(taken)
            }
            None => Err(malformed(format_args!("unexpected end of data"))),
        }
    }

    fn take_array<const N: usize>(&mut self) -> Result<[u8; N]> {
        let bytes = self.take(N)?;
        let mut out = [0u8; N];
        out.copy_from_slice(bytes);
        Ok(out)
    }

    fn u8(&mut self) -> Result<u8> {
        Ok(u8::from_be_bytes(self.take_array()?))
    }

    fn u16(&mut self) -> Result<u16> {
        Ok(u16::from_be_bytes(self.take_array()?))
    }

    fn u32(&mut self) -> Result<u32> {
        Ok(u32::from_be_bytes(self.take_array()?))
    }

    /// Reads `n` bytes of data whose length came from the input.
    fn take_len(&mut self, n: u32) -> Result<&'a [u8]> {
        self.take(usize::try_from(n).unwrap_or(usize::MAX))
    }

    /// Reads one marker with its data (for strings, binaries and extensions, the body too).
    fn head(&mut self) -> Result<Head<'a>> {
        let marker = self.u8()?;
        Ok(match marker {
            0x00..=0x7f => Head::Int(i128::from(marker)),
            0x80..=0x8f => Head::Map(u32::from(marker & 0x0f)),
            0x90..=0x9f => Head::Array(u32::from(marker & 0x0f)),
            0xa0..=0xbf => Head::Str(self.take(usize::from(marker & 0x1f))?),
            0xc0 => Head::Nil,
            0xc1 => {
                return Err(malformed(format_args!(
                    "found the reserved msgpack byte 0xc1"
                )))
            }
            0xc2 => Head::Bool(false),
            0xc3 => Head::Bool(true),
            0xc4 => {
                let n = self.u8()?;
                self.take_len(n.into())?;
                Head::Bin
            }
            0xc5 => {
                let n = self.u16()?;
                self.take_len(n.into())?;
                Head::Bin
            }
            0xc6 => {
                let n = self.u32()?;
                self.take_len(n)?;
                Head::Bin
            }
            0xc7 => {
                let n = self.u8()?;
                self.take_len(u32::from(n) + 1)?;
                Head::Ext
            }
            0xc8 => {
                let n = self.u16()?;
                self.take_len(u32::from(n) + 1)?;
                Head::Ext
            }
            0xc9 => {
                let n = self.u32()?;
                self.take_len(n)?;
                self.take(1)?;
                Head::Ext
            }
            0xca => Head::Float(f64::from(f32::from_be_bytes(self.take_array()?))),
            0xcb => Head::Float(f64::from_be_bytes(self.take_array()?)),
            0xcc => Head::Int(i128::from(self.u8()?)),
            0xcd => Head::Int(i128::from(self.u16()?)),
            0xce => Head::Int(i128::from(self.u32()?)),
            0xcf => Head::Int(i128::from(u64::from_be_bytes(self.take_array()?))),
            0xd0 => Head::Int(i128::from(i8::from_be_bytes(self.take_array()?))),
            0xd1 => Head::Int(i128::from(i16::from_be_bytes(self.take_array()?))),
            0xd2 => Head::Int(i128::from(i32::from_be_bytes(self.take_array()?))),
            0xd3 => Head::Int(i128::from(i64::from_be_bytes(self.take_array()?))),
            0xd4..=0xd8 => {
                // Type byte plus 1, 2, 4, 8 or 16 body bytes.
                self.take(1 + (1usize << (marker - 0xd4)))?;
                Head::Ext
            }
            0xd9 => {
                let n = self.u8()?;
                Head::Str(self.take_len(n.into())?)
            }
            0xda => {
                let n = self.u16()?;
                Head::Str(self.take_len(n.into())?)
            }
            0xdb => {
                let n = self.u32()?;
                Head::Str(self.take_len(n)?)
            }
            0xdc => Head::Array(self.u16()?.into()),
            0xdd => Head::Array(self.u32()?),
            0xde => Head::Map(self.u16()?.into()),
            0xdf => Head::Map(self.u32()?),
            0xe0..=0xff => Head::Int(i128::from(marker as i8)),
        })
    }

    /// Reads a number bound: a two-element array `[number, inclusive bool]`.
    fn number_bound(&mut self, key: i128) -> Result<(Number, bool)> {
        let name = key_name(key);
        match self.head()? {
            Head::Array(2) => {}
            Head::Array(n) => {
                return Err(malformed(format_args!(
                    "the {name} (key {key}) must be a [number, bool] array, found an array of \
                     {n} elements"
                )))
            }
            other => return Err(wrong_shape(key, "a [number, bool] array", &other)),
        }
        let invalid = |e: Error| {
            malformed(format_args!(
                "the {name} (key {key}) is not a valid number: {}",
                e.message()
            ))
        };
        let number = match self.head()? {
            Head::Int(n) => match (i64::try_from(n), u64::try_from(n)) {
                (Ok(i), _) => Number::from(i),
                (_, Ok(u)) => Number::from(u),
                // Unreachable: msgpack integers fit one of the two.
                _ => {
                    return Err(malformed(format_args!(
                        "the {name} (key {key}) is too large"
                    )))
                }
            },
            Head::Float(f) => Number::from_f64_exact(f).map_err(invalid)?,
            Head::Str(bytes) => match std::str::from_utf8(bytes) {
                Ok(text) => Number::parse(text).map_err(invalid)?,
                Err(_) => {
                    return Err(malformed(format_args!(
                        "the {name} (key {key}) is not valid UTF-8 text"
                    )))
                }
            },
            other => {
                return Err(malformed(format_args!(
                    "the {name} (key {key}) must start with a number, found {}",
                    other.describe()
                )))
            }
        };
        let inclusive = match self.head()? {
            Head::Bool(b) => b,
            other => {
                return Err(malformed(format_args!(
                    "the {name} (key {key}) must end with a bool (whether the bound is \
                     inclusive), found {}",
                    other.describe()
                )))
            }
        };
        Ok((number, inclusive))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn unknown_bytes(r: &Refinements) -> Vec<u8> {
        let mut out = Vec::new();
        r.write_unknown(&mut out);
        out
    }

    fn payload(r: &Refinements) -> Vec<u8> {
        let mut out = Vec::new();
        r.encode_payload(&mut out);
        out
    }

    fn n(i: i64) -> Number {
        Number::from(i)
    }

    /// Decodes, expecting a Refinement error, and returns its message.
    fn decode_err(payload: &[u8]) -> String {
        let e = Refinements::decode_payload(payload).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Refinement, "{e}");
        e.to_string()
    }

    const PREFIX: &str = "malformed refinements of an unknown value: ";

    #[test]
    fn pointer_sized_and_empty_by_default() {
        assert_eq!(
            std::mem::size_of::<Refinements>(),
            std::mem::size_of::<usize>()
        );
        assert!(Refinements::new().is_empty());
        assert!(Refinements::default().is_empty());
        assert_eq!(Refinements::new(), Refinements::default());
    }

    #[test]
    fn no_refinements_is_plain_unknown() {
        assert_eq!(unknown_bytes(&Refinements::new()), [0xd4, 0x00, 0x00]);
        assert_eq!(payload(&Refinements::new()), [] as [u8; 0]);
        // Appends, does not overwrite.
        let mut out = vec![0x92];
        Refinements::new().write_unknown(&mut out);
        assert_eq!(out, [0x92, 0xd4, 0x00, 0x00]);
    }

    #[test]
    fn terraform_1_11_4_examples() {
        // "prefix-${probe_thing.a.id}"
        let r = Refinements::new().not_null().with_string_prefix("prefix-");
        let wire = [
            0xc7, 0x0c, 0x0c, 0x82, 0x01, 0xc2, 0x02, 0xa7, 0x70, 0x72, 0x65, 0x66, 0x69, 0x78,
            0x2d,
        ];
        assert_eq!(unknown_bytes(&r), wire);
        assert_eq!(Refinements::decode_payload(&wire[3..]).unwrap(), r);

        // length(unknown)
        let r = Refinements::new()
            .not_null()
            .with_number_lower_bound(n(0), true)
            .unwrap();
        let wire = [0xc7, 0x07, 0x0c, 0x82, 0x01, 0xc2, 0x03, 0x92, 0x00, 0xc3];
        assert_eq!(unknown_bytes(&r), wire);
        assert_eq!(Refinements::decode_payload(&wire[3..]).unwrap(), r);
    }

    #[test]
    fn ext_headers() {
        // 4-byte payload: fixext4.
        let r = Refinements::new().with_string_prefix("a");
        assert_eq!(payload(&r), [0x81, 0x02, 0xa1, 0x61]);
        assert_eq!(unknown_bytes(&r), [0xd6, 0x0c, 0x81, 0x02, 0xa1, 0x61]);
        // 8 bytes: fixext8.
        let r = Refinements::new().with_string_prefix("abcde");
        assert_eq!(unknown_bytes(&r)[..2], [0xd7, 0x0c]);
        assert_eq!(unknown_bytes(&r).len(), 10);
        // 16 bytes: fixext16.
        let r = Refinements::new().with_string_prefix("abcdefghijklm");
        assert_eq!(unknown_bytes(&r)[..2], [0xd8, 0x0c]);
        assert_eq!(unknown_bytes(&r).len(), 18);
        // 3 and 5 bytes: ext8.
        let r = Refinements::new().not_null();
        assert_eq!(unknown_bytes(&r), [0xc7, 0x03, 0x0c, 0x81, 0x01, 0xc2]);
        let r = Refinements::new()
            .with_number_upper_bound(n(100), false)
            .unwrap();
        assert_eq!(
            unknown_bytes(&r),
            [0xc7, 0x05, 0x0c, 0x81, 0x04, 0x92, 0x64, 0xc2]
        );
        // 261 bytes: ext16.
        let r = Refinements::new().with_string_prefix("x".repeat(256));
        let wire = unknown_bytes(&r);
        assert_eq!(
            wire[..9],
            [0xc8, 0x01, 0x05, 0x0c, 0x81, 0x02, 0xda, 0x01, 0x00]
        );
        assert_eq!(wire.len(), 4 + 261);
    }

    #[test]
    fn ext32_header() {
        let mut buf = [0u8; 6];
        assert_eq!(ext_header(&mut buf, 70_000), 6);
        assert_eq!(buf, [0xc9, 0x00, 0x01, 0x11, 0x70, 0x0c]);
        assert_eq!(ext_header(&mut buf, 2), 2);
        assert_eq!(buf[..2], [0xd5, 0x0c]);
        assert_eq!(ext_header(&mut buf, 1), 2);
        assert_eq!(buf[..2], [0xd4, 0x0c]);
    }

    #[test]
    fn all_keys_in_ascending_order() {
        let r = Refinements::new()
            .with_length_upper_bound(300)
            .unwrap()
            .with_length_lower_bound(1)
            .unwrap()
            .not_null();
        assert_eq!(
            payload(&r),
            [0x83, 0x01, 0xc2, 0x05, 0x01, 0x06, 0xcd, 0x01, 0x2c]
        );
        let r = Refinements::new()
            .with_number_upper_bound(n(-5), true)
            .unwrap()
            .with_number_lower_bound(n(-300), false)
            .unwrap()
            .update(|i| i.nullness = Some(true));
        assert_eq!(
            payload(&r),
            [0x83, 0x01, 0xc3, 0x03, 0x92, 0xd1, 0xfe, 0xd4, 0xc2, 0x04, 0x92, 0xfb, 0xc3]
        );
        assert_eq!(Refinements::decode_payload(&payload(&r)).unwrap(), r);
    }

    #[test]
    fn length_bounds_use_smallest_unsigned_form() {
        for (len, bytes) in [
            (127u64, vec![0x7f]),
            (128, vec![0xcc, 0x80]),
            (65_536, vec![0xce, 0x00, 0x01, 0x00, 0x00]),
            (1 << 32, vec![0xcf, 0, 0, 0, 1, 0, 0, 0, 0]),
        ] {
            let r = Refinements::new().with_length_upper_bound(len).unwrap();
            let mut expected = vec![0x81, 0x06];
            expected.extend(bytes);
            assert_eq!(payload(&r), expected, "{len}");
            assert_eq!(Refinements::decode_payload(&expected).unwrap(), r);
        }
    }

    #[test]
    fn decimal_and_float_bounds() {
        let r = Refinements::new()
            .with_number_lower_bound(Number::parse("0.1").unwrap(), false)
            .unwrap()
            .with_number_upper_bound(
                Number::parse("123456789012345678901234567890").unwrap(),
                true,
            )
            .unwrap();
        let mut expected = vec![
            0x82, 0x03, 0x92, 0xa3, b'0', b'.', b'1', 0xc2, 0x04, 0x92, 0xbe,
        ];
        expected.extend_from_slice(b"123456789012345678901234567890");
        expected.push(0xc3);
        assert_eq!(payload(&r), expected);
        assert_eq!(Refinements::decode_payload(&expected).unwrap(), r);

        let r = Refinements::new()
            .with_number_lower_bound(Number::from_f64_exact(0.5).unwrap(), true)
            .unwrap();
        assert_eq!(
            payload(&r),
            [0x81, 0x03, 0x92, 0xcb, 0x3f, 0xe0, 0, 0, 0, 0, 0, 0, 0xc3]
        );
        assert_eq!(Refinements::decode_payload(&payload(&r)).unwrap(), r);
    }

    #[test]
    fn long_prefix_is_shortened_at_a_char_boundary() {
        // go-cty 1.16's rule: a prefix longer than 256 bytes is cut to its first 255 bytes
        // (at a character boundary), then loses its last grapheme cluster, which the cut may
        // have split.
        // 255 ASCII bytes then "é" (c3 a9) at bytes 255..257: the first 255 bytes are the
        // "a"s, and the last of them goes with the last grapheme cluster.
        let long = format!("{}é-tail", "a".repeat(255));
        let r = Refinements::new().with_string_prefix(long.clone());
        // The full prefix is kept in memory.
        assert_eq!(r.string_prefix(), Some(long.as_str()));
        let mut expected = vec![0x81, 0x02, 0xd9, 254];
        expected.extend(std::iter::repeat_n(b'a', 254));
        assert_eq!(payload(&r), expected);

        // A 4-byte character at 254..258: cut at 254, then one "b" less.
        let long = format!("{}😀", "b".repeat(254));
        let p = payload(&Refinements::new().with_string_prefix(long));
        assert_eq!(p[..4], [0x81, 0x02, 0xd9, 253]);
        assert_eq!(p.len(), 4 + 253);
        assert!(p[4..].iter().all(|&b| b == b'b'));

        // A grapheme cluster of two characters (e + U+0301, 3 bytes) ending at byte 255 is
        // dropped whole, not only its last character.
        let long = format!("{}e\u{301}zzzz", "a".repeat(252));
        let p = payload(&Refinements::new().with_string_prefix(long));
        let mut expected = vec![0x81, 0x02, 0xd9, 252];
        expected.extend(std::iter::repeat_n(b'a', 252));
        assert_eq!(p, expected);

        // Exactly 256 bytes: kept whole; 257 and 300 ASCII bytes: cut to 254.
        let p = payload(&Refinements::new().with_string_prefix("c".repeat(256)));
        assert_eq!(p[..5], [0x81, 0x02, 0xda, 0x01, 0x00]);
        assert_eq!(p.len(), 5 + 256);
        for len in [257, 300] {
            let p = payload(&Refinements::new().with_string_prefix("c".repeat(len)));
            assert_eq!(p[..4], [0x81, 0x02, 0xd9, 254], "{len}");
            assert_eq!(p.len(), 4 + 254, "{len}");
        }
        // 31 and 32 bytes: fixstr then str8.
        let p = payload(&Refinements::new().with_string_prefix("d".repeat(31)));
        assert_eq!(p[..3], [0x81, 0x02, 0xbf]);
        let p = payload(&Refinements::new().with_string_prefix("d".repeat(32)));
        assert_eq!(p[..4], [0x81, 0x02, 0xd9, 0x20]);
    }

    #[test]
    fn builders_and_getters() {
        let r = Refinements::new();
        assert_eq!(r.nullness(), None);
        assert!(!r.is_not_null());
        assert_eq!(r.string_prefix(), None);
        assert_eq!(r.number_lower_bound(), None);
        assert_eq!(r.number_upper_bound(), None);
        assert_eq!(r.length_lower_bound(), None);
        assert_eq!(r.length_upper_bound(), None);

        let r = Refinements::new()
            .not_null()
            .with_string_prefix("p")
            .with_number_lower_bound(n(1), true)
            .unwrap()
            .with_number_upper_bound(n(9), false)
            .unwrap()
            .with_length_lower_bound(2)
            .unwrap()
            .with_length_upper_bound(4)
            .unwrap();
        assert!(!r.is_empty());
        assert_eq!(r.nullness(), Some(false));
        assert!(r.is_not_null());
        assert_eq!(r.string_prefix(), Some("p"));
        assert_eq!(r.number_lower_bound(), Some((&n(1), true)));
        assert_eq!(r.number_upper_bound(), Some((&n(9), false)));
        assert_eq!(r.length_lower_bound(), Some(2));
        assert_eq!(r.length_upper_bound(), Some(4));

        assert_eq!(
            Refinements::new()
                .update(|i| i.nullness = Some(true))
                .nullness(),
            Some(true)
        );
        assert!(!Refinements::new()
            .update(|i| i.nullness = Some(true))
            .is_not_null());
    }

    #[test]
    fn refinements_without_information_are_not_stored() {
        assert!(Refinements::new().with_string_prefix("").is_empty());
        assert!(Refinements::new()
            .with_length_lower_bound(0)
            .unwrap()
            .is_empty());
        // Setting replaces: clearing the only refinement gives the empty value back.
        let r = Refinements::new()
            .with_string_prefix("x")
            .with_string_prefix("");
        assert!(r.is_empty());
        assert_eq!(r, Refinements::new());
        assert_eq!(unknown_bytes(&r), [0xd4, 0x00, 0x00]);
        let r = Refinements::new()
            .with_length_lower_bound(3)
            .unwrap()
            .with_length_lower_bound(0)
            .unwrap();
        assert_eq!(r, Refinements::new());
        // Decoding drops a length lower bound of 0.
        assert!(Refinements::decode_payload(&[0x81, 0x05, 0x00])
            .unwrap()
            .is_empty());
        // go-cty 1.16's rule: a decoded empty prefix says nothing about a string, but is
        // recorded, because a prefix (even empty) on another type is refused.
        let empty_prefix = Refinements::decode_payload(&[0x81, 0x02, 0xa0]).unwrap();
        assert_eq!(empty_prefix.string_prefix(), None);
        assert!(empty_prefix.for_type(&Type::String).unwrap().is_empty());
        assert_eq!(
            empty_prefix
                .check_type(&Type::Number)
                .unwrap_err()
                .to_string(),
            "a string prefix refinement is only valid for a string, but this value is a number"
        );
        // Nothing of it is written.
        assert_eq!(payload(&empty_prefix), [] as [u8; 0]);
        assert_eq!(unknown_bytes(&empty_prefix), [0xd4, 0x00, 0x00]);
    }

    #[test]
    fn decode_each_key() {
        let d = |p: &[u8]| Refinements::decode_payload(p).unwrap();
        assert_eq!(d(&[0x81, 0x01, 0xc2]), Refinements::new().not_null());
        assert_eq!(
            d(&[0x81, 0x01, 0xc3]),
            Refinements::new().update(|i| i.nullness = Some(true))
        );
        assert_eq!(
            d(&[0x81, 0x02, 0xa2, 0xc3, 0xa9]),
            Refinements::new().with_string_prefix("é")
        );
        assert_eq!(
            d(&[0x81, 0x03, 0x92, 0xff, 0xc3]),
            Refinements::new()
                .with_number_lower_bound(n(-1), true)
                .unwrap()
        );
        assert_eq!(
            d(&[0x81, 0x04, 0x92, 0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xc2]),
            Refinements::new()
                .with_number_upper_bound(Number::from(u64::MAX), false)
                .unwrap()
        );
        // float32 and float64 bounds.
        assert_eq!(
            d(&[0x81, 0x03, 0x92, 0xca, 0x3f, 0x00, 0x00, 0x00, 0xc3]),
            Refinements::new()
                .with_number_lower_bound(Number::from_f64_exact(0.5).unwrap(), true)
                .unwrap()
        );
        assert_eq!(
            d(&[0x81, 0x04, 0x92, 0xcb, 0x40, 0x04, 0, 0, 0, 0, 0, 0, 0xc3]),
            Refinements::new()
                .with_number_upper_bound(Number::from_f64_exact(2.5).unwrap(), true)
                .unwrap()
        );
        // Signed encodings of small values.
        assert_eq!(
            d(&[0x81, 0x04, 0x92, 0xd0, 0x05, 0xc3]),
            Refinements::new()
                .with_number_upper_bound(n(5), true)
                .unwrap()
        );
        assert_eq!(
            d(&[0x81, 0x05, 0xd3, 0, 0, 0, 0, 0, 0, 0, 7]),
            Refinements::new().with_length_lower_bound(7).unwrap()
        );
        assert_eq!(
            d(&[0x81, 0x06, 0xcc, 0x09]),
            Refinements::new().with_length_upper_bound(9).unwrap()
        );
        // map16 and map32 headers.
        assert_eq!(
            d(&[0xde, 0x00, 0x01, 0x01, 0xc2]),
            Refinements::new().not_null()
        );
        assert_eq!(
            d(&[0xdf, 0x00, 0x00, 0x00, 0x01, 0x01, 0xc2]),
            Refinements::new().not_null()
        );
    }

    #[test]
    fn tiny_payloads_mean_no_refinements() {
        // go-cty reads nothing from a body of 0 or 1 byte.
        for p in [&[][..], &[0x80], &[0x00], &[0xc0], &[0xc1]] {
            assert!(Refinements::decode_payload(p).unwrap().is_empty(), "{p:?}");
        }
        // A longer empty map too.
        assert!(Refinements::decode_payload(&[0xde, 0x00, 0x00])
            .unwrap()
            .is_empty());
    }

    /// go-cty 1.16's rule: a key outside 1..=6 is refused, not skipped (go-cty 1.12 skipped
    /// it with its value), whatever its value and wherever it stands.
    #[test]
    fn unknown_keys_are_refused() {
        let refused = |p: &[u8], key: &str| {
            assert_eq!(
                decode_err(p),
                format!("{PREFIX}the key {key} is not a refinement Terraform defines (1 to 6)"),
                "{p:02x?}"
            );
        };
        // {7: [1, [2, {"a": 3}], "x"], 1: false}
        let p = [
            0x82, 0x07, 0x93, 0x01, 0x92, 0x02, 0x81, 0xa1, 0x61, 0x03, 0xa1, 0x78, 0x01, 0xc2,
        ];
        refused(&p, "7");
        // Unknown key after a known one; negative and large keys; every kind of value.
        let p = [
            0x86, 0x01, 0xc2, // 1: false
            0xff, 0xc0, // -1: nil
            0xcc, 0xc8, 0xc4, 0x02, 0xaa, 0xbb, // 200: bin
            0x08, 0xd4, 0x05, 0x00, // 8: fixext1
            0x09, 0xc7, 0x01, 0x05, 0x00, // 9: ext8
            0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x90, // u64::MAX: []
        ];
        refused(&p, "-1");
        refused(
            &[0x82, 0x01, 0xc2, 0xcc, 0xc8, 0xc4, 0x02, 0xaa, 0xbb],
            "200",
        );
        refused(&[0x81, 0x08, 0xd4, 0x05, 0x00], "8");
        refused(&[0x81, 0x09, 0xc7, 0x01, 0x05, 0x00], "9");
        refused(
            &[
                0x81, 0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x90,
            ],
            "18446744073709551615",
        );
        refused(
            &[0x81, 0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0, 0xc2],
            "-9223372036854775808",
        );
        let p = [
            0x84, 0x0a, 0xcb, 0, 0, 0, 0, 0, 0, 0, 0, // 10: float64
            0x0b, 0xde, 0x00, 0x01, 0xc0, 0xc0, // 11: map16 {nil: nil}
            0x0c, 0xdc, 0x00, 0x01, 0x80, // 12: array16 [{}]
            0x02, 0xa1, 0x7a, // 2: "z"
        ];
        refused(&p, "10");
        // The refused keys come after known ones, too.
        refused(
            &[0x82, 0x02, 0xa1, 0x7a, 0x0c, 0xdc, 0x00, 0x01, 0x80],
            "12",
        );
    }

    #[test]
    fn trailing_bytes_are_ignored_like_go_cty() {
        let r = Refinements::decode_payload(&[0x81, 0x01, 0xc2, 0xff, 0xc1]).unwrap();
        assert_eq!(r, Refinements::new().not_null());
    }

    #[test]
    fn malformed_payloads() {
        let cases: &[(&[u8], &str)] = &[
            (&[0x92, 0x01, 0x02], "expected a map, found an array"),
            (&[0xa1, 0x61], "expected a map, found a string"),
            (
                &[0x81, 0xa1, 0x61, 0xc2],
                "the keys must be integers, found a string",
            ),
            (&[0x81, 0xc0, 0xc2], "the keys must be integers, found null"),
            (
                &[0x81, 0xca, 0x3f, 0x80, 0, 0, 0xc2],
                "the keys must be integers, found a number",
            ),
            (
                &[0x81, 0x01, 0xc0],
                "the nullness (key 1) must be a bool, found null",
            ),
            (
                &[0x81, 0x01, 0x00],
                "the nullness (key 1) must be a bool, found a number",
            ),
            (
                &[0x81, 0x02, 0xc3],
                "the string prefix (key 2) must be a string, found a bool",
            ),
            (
                &[0x81, 0x02, 0xc4, 0x01, 0x61],
                "the string prefix (key 2) must be a string, found binary data",
            ),
            (
                &[0x81, 0x02, 0xa1, 0xff],
                "the string prefix (key 2) is not valid UTF-8",
            ),
            (
                &[0x81, 0x03, 0x00],
                "the number lower bound (key 3) must be a [number, bool] array, found a number",
            ),
            (
                &[0x81, 0x04, 0x93, 0x00, 0xc3, 0xc3],
                "the number upper bound (key 4) must be a [number, bool] array, found an array \
                 of 3 elements",
            ),
            (
                &[0x81, 0x03, 0x91, 0x00],
                "the number lower bound (key 3) must be a [number, bool] array, found an array \
                 of 1 elements",
            ),
            (
                &[0x81, 0x03, 0x92, 0xc2, 0xc3],
                "the number lower bound (key 3) must start with a number, found a bool",
            ),
            (
                &[0x81, 0x03, 0x92, 0xc0, 0xc3],
                "the number lower bound (key 3) must start with a number, found null",
            ),
            (
                &[0x81, 0x03, 0x92, 0xd4, 0x00, 0x00, 0xc3],
                "the number lower bound (key 3) must start with a number, found an unknown value",
            ),
            (
                &[0x81, 0x03, 0x92, 0x00, 0xc0],
                "the number lower bound (key 3) must end with a bool (whether the bound is \
                 inclusive), found null",
            ),
            (
                &[0x81, 0x03, 0x92, 0xa1, 0xff, 0xc3],
                "the number lower bound (key 3) is not valid UTF-8 text",
            ),
            (
                &[0x81, 0x05, 0xff],
                "the length lower bound (key 5) must be a non-negative integer, found -1",
            ),
            (
                &[0x81, 0x06, 0xa1, 0x31],
                "the length upper bound (key 6) must be a non-negative integer, found a string",
            ),
            (
                &[0x81, 0x06, 0xcb, 0x3f, 0xf0, 0, 0, 0, 0, 0, 0],
                "the length upper bound (key 6) must be a non-negative integer, found a number",
            ),
            (
                &[0x82, 0x01, 0xc2, 0x01, 0xc2],
                "the key 1 (nullness) appears more than once",
            ),
            // Truncations.
            (&[0x82, 0x01, 0xc2], "unexpected end of data"),
            (&[0x81, 0x02, 0xa5, 0x61], "unexpected end of data"),
            (&[0x81, 0x02, 0xd9], "unexpected end of data"),
            (&[0x81, 0x05, 0xcd, 0x01], "unexpected end of data"),
            (&[0x81, 0x03, 0x92, 0x00], "unexpected end of data"),
            (&[0x81, 0x04, 0x92, 0x00], "unexpected end of data"),
            (&[0x81, 0x02, 0xc7, 0x05, 0x00], "unexpected end of data"),
            (
                &[0x81, 0x02, 0xc6, 0xff, 0xff, 0xff, 0xff],
                "unexpected end of data",
            ),
            (&[0x81, 0x03, 0xdd, 0xff, 0xff], "unexpected end of data"),
            (&[0xdf, 0xff, 0xff, 0xff, 0xff], "unexpected end of data"),
            (&[0x81, 0x02, 0xc1], "found the reserved msgpack byte 0xc1"),
            (&[0x81, 0xc1, 0xc2], "found the reserved msgpack byte 0xc1"),
            // go-cty 1.16's rule: a key outside 1..=6 is refused before its value is read
            // (go-cty 1.12 skipped it, and so read to the truncation).
            (
                &[0x81, 0x07, 0x92, 0x00],
                "the key 7 is not a refinement Terraform defines (1 to 6)",
            ),
            (
                &[0x81, 0x07, 0xc1],
                "the key 7 is not a refinement Terraform defines (1 to 6)",
            ),
        ];
        for (p, message) in cases {
            assert_eq!(decode_err(p), format!("{PREFIX}{message}"), "{p:02x?}");
        }
        // go-cty 1.16's rule: refinements that describe no value are refused (go-cty 1.16
        // panics on them).
        let contradictions: &[(&[u8], &str)] = &[
            (
                &[0x82, 0x03, 0x92, 0x05, 0xc3, 0x04, 0x92, 0x04, 0xc3],
                "no number is >= 5 and <= 4",
            ),
            (
                &[0x82, 0x03, 0x92, 0x05, 0xc2, 0x04, 0x92, 0x05, 0xc3],
                "no number is > 5 and <= 5",
            ),
            (
                &[0x82, 0x03, 0x92, 0x05, 0xc3, 0x04, 0x92, 0x05, 0xc2],
                "no number is >= 5 and < 5",
            ),
            (
                &[0x82, 0x05, 0x03, 0x06, 0x02],
                "a length of at least 3 and at most 2",
            ),
        ];
        for (p, message) in contradictions {
            assert_eq!(
                decode_err(p),
                format!("contradictory refinements of an unknown value: {message}"),
                "{p:02x?}"
            );
        }
        // Equal bounds, both inclusive: exactly one number, accepted.
        assert!(Refinements::decode_payload(&[
            0x82, 0x03, 0x92, 0x05, 0xc3, 0x04, 0x92, 0x05, 0xc3
        ])
        .is_ok());
        // An infinite bound.
        assert_eq!(
            decode_err(&[0x81, 0x03, 0x92, 0xcb, 0x7f, 0xf0, 0, 0, 0, 0, 0, 0, 0xc3]),
            "the number lower bound of an unknown value cannot be +Inf"
        );
    }

    #[test]
    fn invalid_numbers_in_bounds() {
        // NaN float64 and text that is not a number.
        let msg = decode_err(&[0x81, 0x03, 0x92, 0xcb, 0x7f, 0xf8, 0, 0, 0, 0, 0, 0, 0xc3]);
        assert!(
            msg.starts_with(&format!(
                "{PREFIX}the number lower bound (key 3) is not a valid number: "
            )),
            "{msg}"
        );
        let msg = decode_err(&[0x81, 0x04, 0x92, 0xa1, b'x', 0xc3]);
        assert!(
            msg.starts_with(&format!(
                "{PREFIX}the number upper bound (key 4) is not a valid number: "
            )),
            "{msg}"
        );
    }

    #[test]
    fn payload_size_limit() {
        // {2: str16 of n bytes}: 5 + n bytes. (A prefix, since go-cty 1.16's rule refuses
        // a key outside 1..=6 such as the 7 this test used.)
        let build = |total: usize| {
            let n = total - 5;
            let mut p = vec![0x81, 0x02, 0xda];
            p.extend_from_slice(&u16::try_from(n).unwrap().to_be_bytes());
            p.extend(std::iter::repeat_n(b'a', n));
            assert_eq!(p.len(), total);
            p
        };
        let at_limit = Refinements::decode_payload(&build(MAX_REFINEMENT_PAYLOAD)).unwrap();
        assert_eq!(
            at_limit.string_prefix(),
            Some("a".repeat(MAX_REFINEMENT_PAYLOAD - 5).as_str())
        );
        let e = Refinements::decode_payload(&build(MAX_REFINEMENT_PAYLOAD + 1)).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Limit);
        assert_eq!(
            e.to_string(),
            "the refinements of an unknown value take 1025 bytes, more than the limit of 1024"
        );
    }

    /// A number bound in exponent form is short on the wire and long written out (found by
    /// the refinements fuzz target): the decoder refuses what the encoder could not write
    /// back within the limit, and the encoder leaves such a bound out.
    #[test]
    fn payload_size_limit_after_writing_bounds_out() {
        // {3: [str "1e<exp>", true]}: plain digits take exp + 1 bytes, str16 header 3, so
        // the payload written out takes exp + 8 bytes.
        let wire = |exp: usize| {
            let text = format!("1e{exp}");
            let mut p = vec![0x81, 0x03, 0x92, 0xa0 | text.len() as u8];
            p.extend_from_slice(text.as_bytes());
            p.push(0xc3);
            p
        };
        let at_limit = Refinements::decode_payload(&wire(1016)).unwrap();
        let bound = format!("1{}", "0".repeat(1016));
        assert_eq!(
            at_limit.number_lower_bound(),
            Some((&Number::parse(&bound).unwrap(), true))
        );
        let mut expected = vec![0x81, 0x03, 0x92, 0xda, 0x03, 0xf9];
        expected.extend_from_slice(bound.as_bytes());
        expected.push(0xc3);
        assert_eq!(expected.len(), MAX_REFINEMENT_PAYLOAD);
        assert_eq!(payload(&at_limit), expected);
        assert_eq!(Refinements::decode_payload(&expected).unwrap(), at_limit);

        let e = Refinements::decode_payload(&wire(1017)).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Limit);
        assert_eq!(
            e.to_string(),
            "the refinements of an unknown value would take 1025 bytes written as Terraform \
             writes them (number bounds in plain digits, without an exponent), more than the \
             limit of 1024"
        );
        // The fuzz finding (fuzz/regressions/refinements/): a key 0, then the upper bound
        // 110254216406E3914, and two trailing bytes. go-cty 1.16's rule refuses the key 0
        // first (go-cty 1.12 skipped it).
        let mut finding = vec![0x82, 0x00, 0x82, 0xc3, 0x04, 0xc3, 0x04, 0x04, 0x92, 0xb1];
        finding.extend_from_slice(b"110254216406E3914");
        finding.extend_from_slice(&[0xc3, 0x04, 0x00]);
        assert_eq!(
            decode_err(&finding),
            format!("{PREFIX}the key 0 is not a refinement Terraform defines (1 to 6)")
        );
        // Without the key 0, the bound alone is still refused for its written size.
        let mut bound_only = vec![0x81, 0x04, 0x92, 0xb1];
        bound_only.extend_from_slice(b"110254216406E3914");
        bound_only.extend_from_slice(&[0xc3, 0x04, 0x00]);
        let e = Refinements::decode_payload(&bound_only).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Limit);
        assert!(e.to_string().contains("would take 3933 bytes"), "{e}");

        // The encoder leaves out a bound that does not fit, and keeps the rest.
        let huge = Number::parse("1e1017").unwrap();
        let r = Refinements::new()
            .not_null()
            .with_number_lower_bound(Number::from(1), true)
            .unwrap()
            .with_number_upper_bound(huge.clone(), false)
            .unwrap();
        assert_eq!(payload(&r), [0x82, 0x01, 0xc2, 0x03, 0x92, 0x01, 0xc3]);
        let only_huge = Refinements::new()
            .with_number_upper_bound(huge, true)
            .unwrap();
        assert!(payload(&only_huge).is_empty());
        let mut unknown = Vec::new();
        only_huge.write_unknown(&mut unknown);
        assert_eq!(unknown, [0xd4, 0x00, 0x00]);
        // A bound that fits only without the length entries after it is left out too.
        let r = Refinements::new()
            .with_number_lower_bound(Number::parse("1e1016").unwrap(), true)
            .unwrap()
            .with_length_upper_bound(5)
            .unwrap();
        assert_eq!(payload(&r), [0x81, 0x06, 0x05]);
    }

    #[test]
    fn uint_len_matches_write_uint() {
        for n in [
            0,
            0x7f,
            0x80,
            0xff,
            0x100,
            0xffff,
            0x1_0000,
            0xffff_ffff,
            1 << 32,
            u64::MAX,
        ] {
            let mut out = Vec::new();
            write_uint(&mut out, n);
            assert_eq!(uint_len(n), out.len(), "{n}");
        }
    }

    #[test]
    fn a_decoded_empty_prefix_says_nothing_but_only_a_string_has_one() {
        let r = Refinements::decode_payload(&[0x81, 0x02, 0xa0]).unwrap();
        assert!(r.is_empty());
        assert_eq!(r, Refinements::new());
        let hash = |r: &Refinements| {
            use std::hash::{Hash, Hasher};
            let mut h = std::collections::hash_map::DefaultHasher::new();
            r.hash(&mut h);
            h.finish()
        };
        assert_eq!(hash(&r), hash(&Refinements::new()));
        assert_eq!(r.for_type(&Type::String).unwrap(), &Refinements::new());
        assert_eq!(
            r.for_type(&Type::Number).unwrap_err().kind(),
            ErrorKind::Refinement
        );
    }

    #[test]
    fn keys_terraform_does_not_define_are_refused() {
        // go-cty 1.16 reads the value of an unknown key as the next key: {7: {}, 1: false}
        // fails there ("non-integer key"), and {33: false, 5: 3} too. Refused, whatever
        // the value, however deep.
        for payload in [
            &[0x82, 0x07, 0x80, 0x01, 0xc2][..],
            &[0x82, 0x21, 0xc2, 0x05, 0x03],
            &[0x81, 0x00, 0xc0],
            &[0x81, 0x07, 0x91, 0x91, 0x91, 0x90],
        ] {
            let e = Refinements::decode_payload(payload).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::Refinement, "{payload:x?}");
            assert!(
                e.to_string()
                    .contains("is not a refinement Terraform defines (1 to 6)"),
                "{e}"
            );
        }
    }

    #[test]
    fn check_type_table() {
        let string = Type::String;
        let number = Type::Number;
        let list = Type::List(Arc::new(Type::String));
        let set = Type::Set(Arc::new(Type::Number));
        let map = Type::Map(Arc::new(Type::Bool));
        let tuple = Type::Tuple(Arc::from(vec![Type::String]));
        let all = [
            &string,
            &number,
            &Type::Bool,
            &Type::Dynamic,
            &list,
            &set,
            &map,
            &tuple,
        ];

        let none = Refinements::new();
        let not_null = Refinements::new().not_null();
        let null = Refinements::new().update(|i| i.nullness = Some(true));
        let prefix = Refinements::new().with_string_prefix("p");
        let lower = Refinements::new()
            .with_number_lower_bound(n(0), true)
            .unwrap();
        let upper = Refinements::new()
            .with_number_upper_bound(n(0), true)
            .unwrap();
        let len_lo = Refinements::new().with_length_lower_bound(1).unwrap();
        let len_hi = Refinements::new().with_length_upper_bound(1).unwrap();

        let table: &[(&Refinements, &[&Type])] = &[
            (&none, &all),
            (&not_null, &all),
            (&null, &all),
            (&prefix, &[&string, &Type::Dynamic]),
            (&lower, &[&number, &Type::Dynamic]),
            (&upper, &[&number, &Type::Dynamic]),
            (&len_lo, &[&list, &set, &map, &Type::Dynamic]),
            (&len_hi, &[&list, &set, &map, &Type::Dynamic]),
        ];
        for (r, valid) in table {
            for ty in all {
                let result = r.check_type(ty);
                if valid.contains(&ty) {
                    assert!(result.is_ok(), "{r} on {ty}: {result:?}");
                } else {
                    let e = result.unwrap_err();
                    assert_eq!(e.kind(), ErrorKind::Refinement, "{r} on {ty}");
                }
            }
        }

        assert_eq!(
            prefix.check_type(&list).unwrap_err().to_string(),
            "a string prefix refinement is only valid for a string, but this value is a \
             list(string)"
        );
        assert_eq!(
            lower.check_type(&string).unwrap_err().to_string(),
            "a number bound refinement is only valid for a number, but this value is a string"
        );
        assert_eq!(
            len_hi.check_type(&tuple).unwrap_err().to_string(),
            format!(
                "a length bound refinement is only valid for a list, set or map, but this value \
                 is a {tuple}"
            )
        );
    }

    #[test]
    fn for_type_drops_refinements_of_dynamic() {
        let r = Refinements::new().not_null().with_string_prefix("p");
        assert!(r.for_type(&Type::Dynamic).unwrap().is_empty());
        assert_eq!(r.for_type(&Type::String).unwrap(), &r);
        assert!(r.for_type(&Type::Number).is_err());
    }

    #[test]
    fn display() {
        assert_eq!(Refinements::new().to_string(), "(known after apply)");
        let r = Refinements::new()
            .not_null()
            .with_string_prefix("prefix-\"q\"")
            .with_number_lower_bound(n(0), true)
            .unwrap()
            .with_number_upper_bound(n(10), false)
            .unwrap()
            .with_length_lower_bound(1)
            .unwrap()
            .with_length_upper_bound(3)
            .unwrap();
        assert_eq!(
            r.to_string(),
            "(known after apply, not null, prefix \"prefix-\\\"q\\\"\", >= 0, < 10, length 1..=3)"
        );
        let r = Refinements::new()
            .update(|i| i.nullness = Some(true))
            .with_number_lower_bound(n(-1), false)
            .unwrap()
            .with_number_upper_bound(n(2), true)
            .unwrap()
            .with_length_lower_bound(2)
            .unwrap();
        assert_eq!(
            r.to_string(),
            "(known after apply, null, > -1, <= 2, length >= 2)"
        );
        let r = Refinements::new().with_length_upper_bound(5).unwrap();
        assert_eq!(r.to_string(), "(known after apply, length <= 5)");
    }

    #[test]
    fn round_trips() {
        // go-cty 1.16's rule: "definitely null" is a known null, written as msgpack nil, and
        // its payload still decodes back to the same refinements.
        let null = Refinements::new().update(|i| i.nullness = Some(true));
        assert_eq!(unknown_bytes(&null), [0xc0]);
        assert_eq!(payload(&null), [0x81, 0x01, 0xc3]);
        assert_eq!(Refinements::decode_payload(&payload(&null)).unwrap(), null);
        let cases = [
            Refinements::new().not_null(),
            Refinements::new()
                .not_null()
                .with_string_prefix("héllo wörld"),
            Refinements::new()
                .with_number_lower_bound(n(i64::MIN), true)
                .unwrap()
                .with_number_upper_bound(Number::from(u64::MAX), false)
                .unwrap(),
            Refinements::new()
                .not_null()
                .with_length_lower_bound(u64::MAX)
                .unwrap()
                .with_length_upper_bound(u64::MAX)
                .unwrap(),
        ];
        for r in cases {
            let wire = unknown_bytes(&r);
            let p = payload(&r);
            assert!(!p.is_empty(), "{r}");
            assert!(wire.ends_with(&p), "{r}");
            assert_eq!(Refinements::decode_payload(&p).unwrap(), r, "{r}");
        }
        // go-cty 1.16's rule: a number bound beyond the i64 range is written as a string of
        // its digits, and reads back as the same number.
        let r = Refinements::new()
            .with_number_upper_bound(Number::from(u64::MAX), false)
            .unwrap();
        let mut expected = vec![0x81, 0x04, 0x92, 0xb4];
        expected.extend_from_slice(b"18446744073709551615");
        expected.push(0xc2);
        assert_eq!(payload(&r), expected);
        assert_eq!(Refinements::decode_payload(&expected).unwrap(), r);
    }
}
