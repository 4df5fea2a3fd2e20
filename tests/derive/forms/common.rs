//! Helpers shared by the sections of this test.

use serde::de::DeserializeOwned;
use serde::Serialize;
use tfvalue::schema::{Attribute, StringKind};
use tfvalue::{AttributePath, PathStep, Refinements, TfSchema, Type, Value};
use tfvalue_suite::to_hex;

fn ty(json: &str) -> Type {
    Type::from_json(json.as_bytes()).unwrap_or_else(|e| panic!("type {json}: {e}"))
}

/// A path written as it renders: `.disk[1].size_gb`, `.tags["env"]`.
pub(crate) fn path(text: &str) -> AttributePath {
    let mut p = AttributePath::root();
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix('.') {
            let end = r.find(['.', '[']).unwrap_or(r.len());
            p = p.attr(&r[..end]);
            rest = &r[end..];
        } else if let Some(r) = rest.strip_prefix("[\"") {
            let end = r.find("\"]").expect("closing \"]");
            p = p.key(&r[..end]);
            rest = &r[end + 2..];
        } else if let Some(r) = rest.strip_prefix('[') {
            let end = r.find(']').expect("closing ]");
            p = p.index(r[..end].parse().expect("index"));
            rest = &r[end + 1..];
        } else {
            panic!("bad path {text:?}");
        }
    }
    assert_eq!(p.to_string(), text);
    p
}

/// The part of `value` one step down.
fn step_into<'v>(value: &'v mut Value, step: &PathStep) -> &'v mut Value {
    match (value, step) {
        (Value::Object(t, values), PathStep::Attr(name)) => {
            let i = t
                .index_of(name)
                .unwrap_or_else(|| panic!("no attribute {name}"));
            &mut values[i]
        }
        (Value::List(_, e) | Value::Set(_, e) | Value::Tuple(e), PathStep::Index(i)) => {
            &mut e[usize::try_from(*i).expect("index")]
        }
        (Value::Map(_, m), PathStep::Key(k)) => m.get_mut(k).expect("map key"),
        (v, s) => panic!("cannot take {s:?} of {v:?}"),
    }
}

/// Terraform's MessagePack for the value whose JSON form is `json`, of type `ty`, with the
/// values at the `unknown` paths replaced by unknown values.
pub(crate) fn wire_unknown(ty: &Type, json: &str, unknown: &[&str]) -> Vec<u8> {
    let mut value =
        Value::from_json(json.as_bytes(), ty).unwrap_or_else(|e| panic!("value {json}: {e}"));
    for p in unknown {
        let mut slot = &mut value;
        for step in path(p).steps() {
            slot = step_into(slot, step);
        }
        *slot = Value::unknown(slot.ty());
    }
    value.to_msgpack(ty).expect("encode value")
}

/// As `wire_unknown`, with unknown values that carry refinements.
pub(crate) fn wire_refined(ty: &Type, json: &str, unknown: &[(&str, Refinements)]) -> Vec<u8> {
    let mut value =
        Value::from_json(json.as_bytes(), ty).unwrap_or_else(|e| panic!("value {json}: {e}"));
    for (p, refinements) in unknown {
        let mut slot = &mut value;
        for step in path(p).steps() {
            slot = step_into(slot, step);
        }
        *slot = Value::unknown_refined(slot.ty(), refinements.clone()).expect("refinements fit");
    }
    value.to_msgpack(ty).expect("encode value")
}

/// Terraform's MessagePack for the value whose JSON form is `json`, of type `ty`.
pub(crate) fn wire(ty: &Type, json: &str) -> Vec<u8> {
    wire_unknown(ty, json, &[])
}

/// Terraform's MessagePack for a value of model `T` (encoded against its schema's type).
pub(crate) fn wire_of<T: TfSchema>(json: &str) -> Vec<u8> {
    wire(T::schema().object_type(), json)
}

/// Decodes `bytes` into `T` and checks that encoding gives exactly `bytes` back.
#[track_caller]
pub(crate) fn round_trip<T: Serialize + DeserializeOwned>(bytes: &[u8]) -> T {
    let model: T = tfvalue::msgpack::from_slice(bytes)
        .unwrap_or_else(|e| panic!("decode {}: {e}", to_hex(bytes)));
    let again = tfvalue::msgpack::to_vec(&model).expect("encode model");
    assert_eq!(to_hex(&again), to_hex(bytes), "re-encoded bytes");
    model
}

/// `ty` without optional-attribute markers (what `Schema::object_type` never has).
pub(crate) fn without_markers(ty: Type) -> Type {
    Attribute::new("x", ty).implied_type()
}

pub(crate) fn strings(paths: &[AttributePath]) -> Vec<String> {
    paths.iter().map(ToString::to_string).collect()
}

pub(crate) const PLAIN: StringKind = StringKind::Plain;

pub(crate) fn req(name: &str, t: &str) -> Attribute {
    Attribute::new(name, ty(t)).required()
}

pub(crate) fn opt(name: &str, t: &str) -> Attribute {
    Attribute::new(name, ty(t)).optional()
}
