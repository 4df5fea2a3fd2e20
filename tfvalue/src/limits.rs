//! Safety limits applied to every decoder.
//!
//! Terraform never comes near these; hostile or corrupt input does. Each limit has a test at
//! the limit and one past it, with its error message (`tests/hostile_input.rs`, and the unit
//! tests of `number` and `refinements`).
//!
//! One more rule has no constant: every length a MessagePack header claims (array, map,
//! string, binary, extension) is checked against the bytes left before anything is
//! allocated for it, a list element needing at least 1 byte and a map entry 2. So no input
//! makes a decoder allocate more than its own size justifies.

/// Maximum nesting depth of containers (arrays, maps, dynamic wrappers) in a value, and of
/// type constraints. Deeper input is rejected before the decoder recurses further, so no
/// input can exhaust the stack. A 50-level nested block uses about 100 levels.
pub const MAX_DEPTH: usize = 256;

/// Maximum nesting of dynamic values inside dynamic values (`[type, value]` whose value
/// holds another `[type, value]`). Terraform nests them only a level or two (a wrapper's
/// type contains `dynamic` only where a null or unknown stands). JSON skips a wrapper's
/// value when it comes before the type and reads it again after, so its cost grows with
/// this depth times the input size: a small limit keeps hostile input cheap.
pub const MAX_DYNAMIC_DEPTH: usize = 32;

/// Maximum size in bytes of a refined unknown's payload (msgpack ext type 12), as go-cty.
pub const MAX_REFINEMENT_PAYLOAD: usize = 1024;

/// Maximum length in bytes of a string-prefix refinement, as go-cty: a longer prefix is
/// cut to 255 bytes and then by its last grapheme cluster when encoding.
pub const MAX_REFINEMENT_PREFIX: usize = 256;

/// Most elements a not-null list unknown whose length refinements pin it (at least and at
/// most `n` elements) is read as. go-cty reads such an unknown as the known list of `n`
/// unknown elements, and runs out of memory when `n` is large (2^31); Terraform itself
/// never sends one, since go-cty has made it that list before writing. A decoder refuses a
/// longer pinned list ([`ErrorKind::Limit`](crate::ErrorKind::Limit)), which keeps what the
/// ten bytes of such an unknown can make it allocate to a few KiB. (The encoders write
/// such refinements up to [`MAX_WRITTEN_PINNED_LENGTH`] elements, which go-cty builds
/// without harm.)
pub const MAX_PINNED_LENGTH: u64 = 64;

/// The most elements that length refinements pinning a not-null collection (see
/// [`Refinements::pinned_length`](crate::Refinements::pinned_length)) name when they are
/// written. go-cty reads a list so pinned as that many unknown elements: tens of megabytes
/// past a million, out of memory towards 2^31. The encoder leaves longer ones out (an
/// unknown with fewer refinements is still true), and the decoders drop them from a set or
/// map (a list pinned that long is refused: [`MAX_PINNED_LENGTH`]), so that what they read
/// is written back unchanged.
pub const MAX_WRITTEN_PINNED_LENGTH: u64 = 1 << 20;

/// Maximum length in bytes of a number as text, read or written: number text longer than
/// this (a MessagePack string, a JSON number, [`Number::parse`](crate::Number::parse)'s
/// text) is refused, and so is a number whose plain text (written out without an exponent,
/// as Terraform and tfvalue write numbers) would be longer, so that every number accepted
/// can be written and read back.
///
/// Terraform writes every number out in full: a configuration's `1e5000` (HCL reads it
/// into a 512-bit `big.Float`) reaches a provider as a string of 5,001 digits. 1 MiB takes
/// every number up to `1e1048575` that way; a longer one costs Terraform itself a
/// megabyte of text per copy, and is refused here as hostile.
pub const MAX_NUMBER_TEXT: usize = 1 << 20;

/// Maximum length in bytes of the plain text of a number read in a shorter form (with an
/// exponent, as JSON and [`Number::parse`](crate::Number::parse) allow, and Terraform never
/// writes): `1e4095` (4,096 digits) is the largest power of ten so written, `1e4096` is
/// refused; `1e-4094` (`0.`, 4,093 zeros and `1`) the smallest, `1e-4095` is refused; a
/// minus sign counts too. A number whose text is as long as its plain text (give or take the
/// `0` before a bare `.5`) is bounded by [`MAX_NUMBER_TEXT`] alone; this bound keeps a few
/// bytes of input from making megabytes of output.
pub const MAX_NUMBER_EXPANSION: usize = 4096;

/// The most memory a decoder reserves up front from a length the input claims, before the
/// elements are read; a larger collection grows as it is read. Not a limit on the input:
/// it keeps what a believable claim makes a decoder reserve before failing small
/// (`reservation_from_a_claimed_length_is_capped` in `tests/hostile_input.rs`).
pub const MAX_PREALLOC_BYTES: usize = 1 << 20;
