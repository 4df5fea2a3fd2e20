//! MessagePack, Terraform's primary DynamicValue encoding, for any serde type.
//!
//! ```
//! use tfvalue::{Nullable, Unknown};
//!
//! // Terraform's bytes for the string "a", then for an unknown value.
//! let s: String = tfvalue::msgpack::from_slice(&[0xa1, b'a']).unwrap();
//! assert_eq!(s, "a");
//! let u: Unknown<Nullable<String>> = tfvalue::msgpack::from_slice(&[0xd4, 0, 0]).unwrap();
//! assert!(u.is_unknown());
//! assert_eq!(tfvalue::msgpack::to_vec(&u).unwrap(), [0xd4, 0, 0]);
//! ```
//!
//! Strings borrow from the input where the target type allows (`&'de str`,
//! `Cow<'de, str>` with `#[serde(borrow)]`). Decoding rejects trailing bytes.
//!
//! Sets: Terraform accepts a set's elements in any order, and a `HashSet` field is written
//! in its hash order, which changes from run to run. Use `BTreeSet` for deterministic bytes
//! (and go-cty's order, for strings).

mod de;
mod number;
mod ser;

pub(crate) use de::Deserializer;
pub use ser::Serializer;

pub(crate) use de::UNKNOWN_HINT;

use serde::de::DeserializeSeed;

use crate::error::Result;

/// Decodes one value with `seed` from MessagePack bytes; the whole input must be used.
///
/// There is no lenient variant, as [`crate::json`] has: that leniency is for stored states,
/// which Terraform sends as JSON only.
pub fn from_slice_seed<'de, S: DeserializeSeed<'de>>(
    bytes: &'de [u8],
    seed: S,
) -> Result<S::Value> {
    let mut de = Deserializer::from_slice(bytes);
    let value = seed.deserialize(&mut de)?;
    de.end()?;
    Ok(value)
}

/// Decodes one value of type `T` from MessagePack bytes; the whole input must be used.
pub fn from_slice<'de, T: serde::Deserialize<'de>>(bytes: &'de [u8]) -> Result<T> {
    // The body of `from_slice_seed` with `T` for the seed, written out: through the seed
    // the whole decoding stayed behind one more call, measurably slower on small values.
    let mut de = Deserializer::from_slice(bytes);
    let value = T::deserialize(&mut de)?;
    de.end()?;
    Ok(value)
}

/// Encodes `value` as MessagePack.
pub fn to_vec<T: ?Sized + serde::Serialize>(value: &T) -> Result<Vec<u8>> {
    crate::scratch::encode_to_vec(|out| to_writer(out, value))
}

/// Appends the MessagePack encoding of `value` to `out`. On error, `out` is left as it
/// was.
pub fn to_writer<T: ?Sized + serde::Serialize>(out: &mut Vec<u8>, value: &T) -> Result<()> {
    let start = out.len();
    let result = value.serialize(Serializer::new(out));
    if result.is_err() {
        out.truncate(start);
    }
    result
}
