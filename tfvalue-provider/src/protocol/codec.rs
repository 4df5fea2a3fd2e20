//! The `DynamicValue` codec: a wire value decoded into a model or a [`Value`], and a model
//! encoded as the state or plan a provider answers with (write-only attributes nulled, and
//! wholly known where the protocol says so).

use tfvalue::{Type, Value};

use crate::author::diagnostics::{Diagnostic, Diagnostics};
use crate::author::model::Model;
use crate::protocol::messages::DynamicValue;

/// MessagePack nil: the null value of any type.
pub(crate) const MSGPACK_NULL: &[u8] = &[0xc0];

/// The encoded form of a wire value, as it came.
enum Wire<'a> {
    Msgpack(&'a [u8]),
    Json(&'a [u8]),
    Absent,
}

fn wire(value: Option<&DynamicValue>) -> Wire<'_> {
    match value {
        Some(v) if !v.msgpack.is_empty() => Wire::Msgpack(&v.msgpack),
        Some(v) if !v.json.is_empty() => Wire::Json(&v.json),
        _ => Wire::Absent,
    }
}

/// Decodes a `DynamicValue` as a [`Value`] of `ty`; an absent one is null.
pub(crate) fn decode_value(value: Option<&DynamicValue>, ty: &Type) -> tfvalue::Result<Value> {
    match wire(value) {
        Wire::Msgpack(bytes) => Value::from_msgpack(bytes, ty),
        Wire::Json(bytes) => Value::from_json(bytes, ty),
        Wire::Absent => Ok(Value::null(ty.clone())),
    }
}

/// Decodes a `DynamicValue` straight into a model; `None` when it is null or absent.
pub(crate) fn decode_model<M: Model>(value: Option<&DynamicValue>) -> tfvalue::Result<Option<M>> {
    match wire(value) {
        Wire::Msgpack(MSGPACK_NULL) | Wire::Absent => Ok(None),
        Wire::Msgpack(bytes) => tfvalue::msgpack::from_slice(bytes).map(Some),
        Wire::Json(bytes) if bytes.trim_ascii() == b"null" => Ok(None),
        Wire::Json(bytes) => tfvalue::json::from_slice(bytes).map(Some),
    }
}

/// Whether a wire value is null (or absent).
pub(crate) fn is_null_value(value: Option<&DynamicValue>) -> bool {
    match wire(value) {
        Wire::Msgpack(bytes) => bytes == MSGPACK_NULL,
        Wire::Json(bytes) => bytes.trim_ascii() == b"null",
        Wire::Absent => true,
    }
}

pub(crate) fn null_value() -> DynamicValue {
    DynamicValue::msgpack(MSGPACK_NULL.to_vec())
}

/// How an answered value is encoded on the wire (both are the protocol's: Terraform decodes
/// whichever of a `DynamicValue`'s two fields is set).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Encoding {
    /// MessagePack, the encoding Terraform sends values in.
    Msgpack,
    /// JSON, the encoding Terraform keeps state in. Cannot hold unknown values.
    Json,
}

/// Encodes a model as the state or plan the provider answers with, in MessagePack (see
/// [`encode_model_as`]).
pub(crate) fn encode_model<M: Model>(
    model: &M,
    what: &str,
    known: bool,
) -> Result<DynamicValue, Diagnostics> {
    encode_model_as(model, what, known, Encoding::Msgpack)
}

/// Encodes a model as the state or plan the provider answers with, in `encoding`, every
/// write-only attribute null. With `known`, checks it holds no unknown value (applied and
/// read states must be wholly known; JSON answers must be).
pub(crate) fn encode_model_as<M: Model>(
    model: &M,
    what: &str,
    known: bool,
    encoding: Encoding,
) -> Result<DynamicValue, Diagnostics> {
    if known {
        // The model's own walk (derived with it): no second decode of the bytes.
        let unknown = model.unknown_paths();
        if let Some(first) = unknown.first() {
            let list: Vec<String> = unknown.iter().map(ToString::to_string).collect();
            return Err(
                Diagnostic::error(format!("Provider produced an invalid {what}"))
                    .with_detail(format!(
                        "The {what} must be wholly known, but these attributes are unknown: {}. \
                     This is a bug in the provider.",
                        list.join(", ")
                    ))
                    .at(first.clone())
                    .into(),
            );
        }
    }
    let encoded = match encoding {
        Encoding::Msgpack => tfvalue::msgpack::to_vec(model),
        Encoding::Json => tfvalue::json::to_vec(model),
    };
    let bytes = encoded
        .and_then(|bytes| null_write_only::<M>(bytes, encoding))
        .map_err(|e| {
            Diagnostics::from_value_error(&format!("Provider produced an invalid {what}"), &e)
        })?;
    Ok(match encoding {
        Encoding::Msgpack => DynamicValue::msgpack(bytes),
        Encoding::Json => DynamicValue::json(bytes),
    })
}

/// Nulls the write-only attributes of an encoded model: Terraform refuses a plan or state
/// that holds a value of one, and the value was the configuration's to give, not the
/// state's to keep. The bytes of a model without write-only attributes pass untouched
/// (no decoding).
fn null_write_only<M: Model>(bytes: Vec<u8>, encoding: Encoding) -> tfvalue::Result<Vec<u8>> {
    let schema = M::schema();
    if !schema.block.contains_write_only() {
        return Ok(bytes);
    }
    let ty = schema.object_type();
    match encoding {
        Encoding::Msgpack => {
            let mut value = Value::from_msgpack(&bytes, ty)?;
            schema.block.null_write_only(&mut value);
            value.to_msgpack(ty)
        }
        Encoding::Json => {
            let mut value = Value::from_json(&bytes, ty)?;
            schema.block.null_write_only(&mut value);
            value.to_json(ty)
        }
    }
}
/// Decodes a configuration Terraform must send non-null (to create or update an object, to
/// read a data source, to open an ephemeral resource) into a model.
pub(crate) fn decode_config<M: Model>(value: Option<&DynamicValue>) -> Result<M, Diagnostics> {
    decode_model::<M>(value)
        .map_err(decode_failed("Invalid configuration"))?
        .ok_or_else(|| {
            Diagnostic::error("Invalid configuration")
                .with_detail("Terraform sent a null configuration.")
                .into()
        })
}

pub(crate) fn decode_failed(what: &str) -> impl Fn(tfvalue::Error) -> Diagnostics + '_ {
    move |e| Diagnostics::from_value_error(what, &e)
}
