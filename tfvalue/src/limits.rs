//! Safety limits applied to every decoder.
//!
//! Terraform never comes near these; hostile or corrupt input does. Each limit has a test at
//! the limit and one past it.

/// Maximum nesting depth of containers (arrays, maps, dynamic wrappers) in a value, and of
/// type constraints. Deeper input is rejected before the decoder recurses further, so no
/// input can exhaust the stack. A 50-level nested block uses about 100 levels.
pub const MAX_DEPTH: usize = 256;

/// Maximum nesting of dynamic values inside dynamic values (`[type, value]` whose value
/// holds another `[type, value]`). Terraform nests them only a level or two (a wrapper's
/// type contains `dynamic` only where a null or unknown stands). JSON must buffer each
/// wrapper's value until it has read the type, so its cost grows with this depth times the
/// input size: a small limit keeps hostile input cheap.
pub const MAX_DYNAMIC_DEPTH: usize = 32;

/// Maximum size in bytes of a refined unknown's payload (msgpack ext type 12), as go-cty.
pub const MAX_REFINEMENT_PAYLOAD: usize = 1024;

/// Maximum length in bytes of a string-prefix refinement, as go-cty: a longer prefix is
/// shortened to this many bytes, at a character boundary, when encoding.
pub const MAX_REFINEMENT_PREFIX: usize = 256;

/// Maximum length in bytes of a number written as text (msgpack string or JSON number).
pub const MAX_NUMBER_TEXT: usize = 4096;

/// Maximum magnitude of a number's decimal exponent: numbers are limited to
/// `1e-4096 .. 1e4096` (beyond that their plain decimal text would need more than
/// 4 KiB, and Terraform writes numbers without exponents).
pub const MAX_DECIMAL_EXPONENT: i64 = 4096;
