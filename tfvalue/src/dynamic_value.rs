//! The protocol's `DynamicValue`: a value encoded as MessagePack or JSON.
//!
//! Terraform fills the `msgpack` field; a server falls back to `json` only when `msgpack`
//! is empty, and always answers with MessagePack.

use crate::error::{Error, ErrorKind, Result};

/// The two encodings of a `DynamicValue` message, borrowed from a request.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DynamicValue<'a> {
    /// The `msgpack` field (field 1).
    pub msgpack: &'a [u8],
    /// The `json` field (field 2).
    pub json: &'a [u8],
}

impl<'a> DynamicValue<'a> {
    /// A dynamic value from its two fields.
    pub fn new(msgpack: &'a [u8], json: &'a [u8]) -> Self {
        DynamicValue { msgpack, json }
    }

    /// Decodes into any serde type: MessagePack first, JSON when MessagePack is empty.
    pub fn decode<T: serde::Deserialize<'a>>(&self) -> Result<T> {
        if !self.msgpack.is_empty() {
            crate::msgpack::from_slice(self.msgpack)
        } else if !self.json.is_empty() {
            crate::json::from_slice(self.json)
        } else {
            Err(Error::new(
                ErrorKind::Syntax,
                "the dynamic value is empty: neither MessagePack nor JSON was given",
            ))
        }
    }

    /// Decodes into a [`Value`](crate::Value) of type `ty`, with the same precedence.
    pub fn decode_value(&self, ty: &crate::Type) -> Result<crate::Value> {
        if !self.msgpack.is_empty() {
            crate::Value::from_msgpack(self.msgpack, ty)
        } else if !self.json.is_empty() {
            crate::Value::from_json(self.json, ty)
        } else {
            Err(Error::new(
                ErrorKind::Syntax,
                "the dynamic value is empty: neither MessagePack nor JSON was given",
            ))
        }
    }

    /// Encodes any serde type for a response: always MessagePack.
    pub fn encode<T: ?Sized + serde::Serialize>(value: &T) -> Result<Vec<u8>> {
        crate::msgpack::to_vec(value)
    }

    /// Encodes a [`Value`](crate::Value) of type `ty` for a response: always MessagePack.
    pub fn encode_value(value: &crate::Value, ty: &crate::Type) -> Result<Vec<u8>> {
        value.to_msgpack(ty)
    }
}
