//! Reserved serde names through which tfvalue's wrapper types talk to tfvalue's own
//! serializers and deserializers. Generated code and other serde formats never need them.
//!
//! The protocol (see ARCHITECTURE.md, "Terraform rules through serde"):
//! - `Unknown<T>` deserializes with `deserialize_newtype_struct(UNKNOWN_TOKEN, v)`. A tfvalue
//!   deserializer that finds an unknown calls `v.visit_bytes(refinement_payload)` (the body
//!   of an ext 12, empty for any other ext code); a known value calls
//!   `v.visit_newtype_struct(self)`. Other deserializers always do the latter.
//!   It serializes an unknown as `serialize_newtype_struct(UNKNOWN_TOKEN, bytes)` where the
//!   bytes are the refinement payload (empty for none).
//! - `Number` deserializes with `deserialize_newtype_struct(NUMBER_TOKEN, v)`; tfvalue's
//!   deserializers answer `visit_i64`/`visit_u64`/`visit_f64` (an exact binary value)/
//!   `visit_str` (decimal text). It serializes as `serialize_newtype_struct(NUMBER_TOKEN, x)`
//!   where `x` serializes as i64, u64, f64 (exact binary value, written as float64) or str
//!   (decimal text).
//! - `Value` (a dynamic attribute) deserializes with
//!   `deserialize_newtype_struct(DYNAMIC_TOKEN, v)`; answers: `visit_none` (null),
//!   `visit_bytes(payload)` (wholly unknown), or `visit_seq` of `[type JSON, value]` (the
//!   JSON deserializer presents `{"value":…,"type":…}` in that same order). It serializes as
//!   `serialize_none`, an unknown token, or `serialize_newtype_struct(DYNAMIC_TOKEN, (type
//!   JSON bytes, value))`.
//! - An object attribute name written as a map key may be wrapped in
//!   `serialize_newtype_struct(ATTR_TOKEN, name)` so that error paths say `.name` rather
//!   than `["name"]`; other serializers see a plain string.

/// Reserved newtype name of `Unknown<T>`.
pub const UNKNOWN_TOKEN: &str = "$tfvalue::private::Unknown";
/// Reserved newtype name of `Number`.
pub const NUMBER_TOKEN: &str = "$tfvalue::private::Number";
/// Reserved newtype name of a dynamic `Value`.
pub const DYNAMIC_TOKEN: &str = "$tfvalue::private::Dynamic";
/// Reserved newtype name marking a map key as an object attribute name.
pub const ATTR_TOKEN: &str = "$tfvalue::private::Attr";
