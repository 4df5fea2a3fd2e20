//! JSON, Terraform's secondary DynamicValue encoding, for any serde type.
//!
//! ```
//! use std::collections::BTreeMap;
//!
//! let m: BTreeMap<String, String> = tfvalue::json::from_slice(br#"{"a":"x"}"#).unwrap();
//! assert_eq!(m["a"], "x");
//! assert_eq!(tfvalue::json::to_vec(&m).unwrap(), br#"{"a":"x"}"#);
//!
//! // Errors name the value in Terraform's words.
//! let e = tfvalue::json::from_slice::<BTreeMap<String, Vec<String>>>(br#"{"a":["x",1]}"#)
//!     .unwrap_err();
//! assert_eq!(e.to_string(), r#"["a"][1]: expected string, found a number"#);
//!
//! // JSON has no NaN (nor infinity, nor unknown values: those need MessagePack).
//! assert!(tfvalue::json::to_vec(&f64::NAN).is_err());
//! ```
//!
//! JSON cannot carry unknown values: decoding treats every value as known, and encoding a
//! `tfvalue::Unknown` that is unknown fails with [`ErrorKind::Unknown`](crate::ErrorKind).
//! Numbers keep their exact decimal text when read into a `tfvalue::Number`. A dynamic
//! value is the object `{"value": …, "type": …}` (keys in either order when decoding; value
//! first when encoding, as go-cty writes it).
//!
//! Decoding borrows strings from the input where the target type allows (`&'de str`, or
//! `Cow<'de, str>` with `#[serde(borrow)]`) and the string has no escapes. The whole input
//! must be one value: anything but whitespace after it is an error. Nesting is limited to
//! [`MAX_DEPTH`](crate::limits::MAX_DEPTH) levels, as in MessagePack. Malformed JSON is
//! reported as serde_json reports it, with its line and column (`invalid JSON: expected
//! value at line 1 column 7`); invalid UTF-8 with the offset of its byte.
//!
//! Encoding writes compact JSON; object keys keep the order the value gives them.
//!
//! Decoding is strict: a value must have the type its target asks for. A state stored by
//! an older version of a provider (the raw state of `UpgradeResourceState`) is read with
//! [`from_slice_lenient`] instead, which applies the leniency of Terraform's own SDKs:
//!
//! ```
//! use serde::Deserialize;
//! use tfvalue::{Nullable, Number};
//!
//! #[derive(Deserialize)]
//! struct Old {
//!     size: Number,
//!     name: String,
//!     enabled: bool,
//!     zone: Nullable<String>,
//! }
//!
//! // A number written as a string, a string as a number, a bool as "1", an attribute the
//! // model no longer has ("legacy"), and one it has but the state lacks ("zone").
//! let raw = br#"{"size": "123456789012345678901234567890", "name": 42, "enabled": "1",
//!                "legacy": [1, 2]}"#;
//! let old: Old = tfvalue::json::from_slice_lenient(raw)?;
//! assert_eq!(old.size.to_string(), "123456789012345678901234567890");
//! assert_eq!(old.name, "42");
//! assert!(old.enabled);
//! assert!(old.zone.is_null());
//!
//! // Strict decoding rejects each of these.
//! assert!(tfvalue::json::from_slice::<Old>(raw).is_err());
//! # Ok::<(), tfvalue::Error>(())
//! ```

mod de;
mod read;
mod ser;

pub use de::{from_slice, from_slice_lenient, from_slice_seed, from_slice_seed_lenient};
pub use ser::Serializer;

use crate::error::Result;

/// Encodes `value` as compact JSON.
pub fn to_vec<T: ?Sized + serde::Serialize>(value: &T) -> Result<Vec<u8>> {
    crate::scratch::encode_to_vec(|out| to_writer(out, value))
}

/// Appends the compact JSON encoding of `value` to `out`. On error, `out` is left as it
/// was.
pub fn to_writer<T: ?Sized + serde::Serialize>(out: &mut Vec<u8>, value: &T) -> Result<()> {
    let start = out.len();
    let result = value.serialize(Serializer::new(out));
    if result.is_err() {
        out.truncate(start);
    }
    result
}
