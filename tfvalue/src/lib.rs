//! tfvalue: Terraform's type system and its wire codecs, byte-exact with Terraform.
//!
//! Terraform sends every configuration, plan and state to a provider as a `DynamicValue`:
//! MessagePack (or, rarely, JSON) encoded against the schema's type. tfvalue decodes those
//! bytes straight into your Rust types with serde, carrying Terraform's null and unknown
//! ("known after apply") values at any depth, and encodes them back exactly as Terraform's
//! own library (go-cty) would.
//!
//! ```
//! use serde::{Deserialize, Serialize};
//! use tfvalue::{Nullable, Unknown};
//!
//! // A model whose attributes are in byte order, as Terraform writes them.
//! #[derive(Serialize, Deserialize, Debug)]
//! struct Disk {
//!     id: Unknown<Nullable<String>>,
//!     size_gb: u32,
//! }
//!
//! // {"id": <unknown>, "size_gb": 20}: what Terraform sends at plan time.
//! let bytes = [0x82, 0xa2, b'i', b'd', 0xd4, 0x00, 0x00, 0xa7, b's', b'i', b'z', b'e', b'_', b'g', b'b', 0x14];
//! let disk: Disk = tfvalue::msgpack::from_slice(&bytes)?;
//! assert!(disk.id.is_unknown());
//! assert_eq!(disk.size_gb, 20);
//! assert_eq!(tfvalue::msgpack::to_vec(&disk)?, bytes);
//!
//! // The same bytes as a dynamic `Value`, decoded against a type.
//! let ty = tfvalue::Type::from_json(br#"["object",{"id":"string","size_gb":"number"}]"#)?;
//! let value = tfvalue::Value::from_msgpack(&bytes, &ty)?;
//! assert_eq!(value.unknown_paths()[0].to_string(), ".id");
//! assert_eq!(value.to_msgpack(&ty)?, bytes);
//!
//! // Errors say where and what, in Terraform's terms.
//! let err = tfvalue::msgpack::from_slice::<Disk>(&[0x82, 0xa2, b'i', b'd', 0xc0, 0xa7,
//!     b's', b'i', b'z', b'e', b'_', b'g', b'b', 0xa1, b'x']).unwrap_err();
//! assert_eq!(err.to_string(), r#".size_gb: expected number, found the string "x""#);
//! # Ok::<(), tfvalue::Error>(())
//! ```
//!
//! # Overview
//! - [`Type`]: Terraform's types, parsed from and printed to the JSON type-constraint syntax.
//! - [`Number`]: exact arbitrary-precision numbers with an allocation-free fast path.
//! - [`Nullable<T>`] and [`Unknown<T>`]: null and unknown at any depth;
//!   `Unknown<Nullable<T>>` is the full state of an attribute. [`Refinements`] describe what
//!   is known about an unknown value.
//! - [`Value`]: a value of any type, decoded and encoded against a [`Type`]; also the Rust
//!   type of `dynamic` attributes.
//! - [`msgpack`] and [`json`]: serde codecs for any type, following Terraform's rules.
//! - [`DynamicValue`]: the protocol message's two encodings.
//! - [`Error`]: one error type, carrying the [`AttributePath`] of the value concerned.
//!
//! ARCHITECTURE.md in the repository explains the design decisions.

#![deny(missing_docs)]

pub mod dynamic_value;
pub mod error;
pub mod json;
pub mod limits;
pub mod msgpack;
pub mod nullable;
pub mod number;
pub mod path;
#[doc(hidden)]
pub mod private;
pub mod refinements;
mod ser_macros;
pub mod tf_type;
pub mod types;
pub mod unknown;
pub mod value;

pub use dynamic_value::DynamicValue;
pub use error::{Error, ErrorKind, Result};
pub use nullable::Nullable;
pub use number::Number;
pub use path::{AttributePath, PathStep};
pub use refinements::Refinements;
pub use tf_type::TfType;
pub use types::{ObjectType, Type};
pub use unknown::Unknown;
pub use value::{Readable, Value};
