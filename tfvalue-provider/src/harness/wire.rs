//! The harness's side of the wire: models and values encoded as Terraform encodes them,
//! and the values, paths and diagnostics a provider answers read back as Terraform reads
//! them.

use serde::de::DeserializeOwned;
use serde::Serialize;
use tfvalue::{Type, Value};
use tonic::{Response, Status};

use crate::protocol::convert::path_from_proto;
use crate::protocol::proto::tfplugin6 as pb;
use crate::{Diagnostic, Diagnostics};

/// A model (or any serde value of its shape) as a value of `ty`, the type the provider's
/// schema gives it: encoded as MessagePack and decoded against the type, as Terraform
/// would receive it. `what` names the value in the error.
pub(super) fn value_of<T: Serialize + ?Sized>(
    model: &T,
    ty: &Type,
    what: &str,
) -> Result<Value, Diagnostics> {
    let bytes =
        tfvalue::msgpack::to_vec(model).map_err(|e| Diagnostics::from_value_error(what, &e))?;
    Value::from_msgpack(&bytes, ty).map_err(|e| Diagnostics::from_value_error(what, &e))
}

/// `value` decoded as `T`; `what` names the value in the error (a planned state whose
/// unknown value the model cannot hold, say).
pub(super) fn model_of<T: DeserializeOwned>(value: &Value, what: &str) -> Result<T, Diagnostics> {
    value
        .decode_as::<T>()
        .map_err(|e| Diagnostics::from_value_error(what, &e))
}

/// `value` as the `DynamicValue` Terraform sends: MessagePack against `ty`.
pub(super) fn dynamic(value: &Value, ty: &Type) -> Result<pb::DynamicValue, Diagnostics> {
    let msgpack = value
        .to_msgpack(ty)
        .map_err(|e| Diagnostics::from_value_error("Value not encodable", &e))?;
    Ok(pb::DynamicValue {
        msgpack,
        json: Vec::new(),
    })
}

/// A value the provider answered, decoded against `ty` from whichever encoding it came in
/// (MessagePack first, as Terraform reads a `DynamicValue`); an absent one is null.
/// `what` names the value in the error.
pub(super) fn decode(
    value: Option<&pb::DynamicValue>,
    ty: &Type,
    what: &str,
) -> Result<Value, Diagnostics> {
    let decoded = match value {
        Some(v) if !v.msgpack.is_empty() => Value::from_msgpack(&v.msgpack, ty),
        Some(v) if !v.json.is_empty() => Value::from_json(&v.json, ty),
        _ => Ok(Value::null(ty.clone())),
    };
    decoded.map_err(|e| {
        let what = format!("Provider answered an invalid {what}");
        Diagnostics::from_value_error(&what, &e)
    })
}

/// The answer of an RPC; a gRPC error (which the service gives only for a malformed
/// request) as an error diagnostic.
pub(super) fn answer<T>(reply: Result<Response<T>, Status>) -> Result<T, Diagnostics> {
    reply.map(Response::into_inner).map_err(|status| {
        Diagnostic::error("The provider refused the request")
            .with_detail(format!(
                "gRPC status {:?}: {}",
                status.code(),
                status.message()
            ))
            .into()
    })
}

/// The diagnostics of an answer, as Terraform shows them: warnings are warnings, anything
/// else an error.
pub(super) fn diagnostics(answered: Vec<pb::Diagnostic>) -> Diagnostics {
    let mut out = Diagnostics::new();
    for d in answered {
        let made = if d.severity == pb::diagnostic::Severity::Warning as i32 {
            Diagnostic::warning(d.summary)
        } else {
            Diagnostic::error(d.summary)
        };
        let made = made.with_detail(d.detail);
        out.push(match d.attribute.as_ref() {
            Some(path) => made.at(path_from_proto(path)),
            None => made,
        });
    }
    out
}

/// The warnings of an answer, or all its diagnostics when one is an error.
pub(super) fn outcome(diagnostics: Diagnostics) -> Result<Diagnostics, Diagnostics> {
    if diagnostics.has_errors() {
        Err(diagnostics)
    } else {
        Ok(diagnostics)
    }
}

/// `more` after `first`.
pub(super) fn joined(mut first: Diagnostics, more: Diagnostics) -> Diagnostics {
    first.extend(more);
    first
}
