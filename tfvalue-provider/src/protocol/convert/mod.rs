//! The only code that knows the generated protobuf types: requests from the wire into the
//! protocol-neutral types of `messages.rs`, responses back.
//!
//! - `from_proto.rs`: each RPC's request (and the values, paths and stored states inside
//!   it) from its protobuf message;
//! - `to_proto.rs`: each RPC's response, with its diagnostics and values, into its
//!   protobuf message;
//! - `schema.rs`: tfvalue's schemas as protocol schemas (part of the schema response);
//! - `function.rs`: provider function signatures as protocol functions (part of the
//!   schema response and of `GetFunctions`).
//!
//! The conversions are field for field: no decoding, no defaults beyond the protocol's own
//! (an absent message is `None`, an absent scalar its zero), no decisions. What a response
//! means (which paths, which fallback state) is settled before it gets here.

mod from_proto;
mod function;
mod schema;
pub(crate) mod to_proto;

pub(crate) use from_proto::path_from_proto;
