//! Printing a type as Terraform's JSON type-constraint syntax, byte for byte as Terraform
//! writes it, and as a `serde_json` value; `Serialize` for [`Type`].

use crate::error::Result;
use crate::go_json::write_go_json_string;
use crate::types::{ObjectType, Type};
use serde::ser::{SerializeMap, SerializeSeq, SerializeTuple};
use serde::{Serialize, Serializer};

/// Appends the JSON type constraint of `ty` (see [`Type::to_json`]).
pub(in crate::types) fn write_json(ty: &Type, out: &mut Vec<u8>) {
    match ty {
        Type::String => out.extend_from_slice(b"\"string\""),
        Type::Number => out.extend_from_slice(b"\"number\""),
        Type::Bool => out.extend_from_slice(b"\"bool\""),
        Type::Dynamic => out.extend_from_slice(b"\"dynamic\""),
        Type::List(e) => write_collection(b"[\"list\",", e, out),
        Type::Set(e) => write_collection(b"[\"set\",", e, out),
        Type::Map(e) => write_collection(b"[\"map\",", e, out),
        Type::Tuple(elems) => {
            out.extend_from_slice(b"[\"tuple\",[");
            for (i, e) in elems.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write_json(e, out);
            }
            out.extend_from_slice(b"]]");
        }
        Type::Object(o) => {
            out.extend_from_slice(b"[\"object\",{");
            for (i, (name, ty)) in o.names.iter().zip(o.types.iter()).enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write_go_json_string(out, name);
                out.push(b':');
                write_json(ty, out);
            }
            out.push(b'}');
            if o.has_optional() {
                out.extend_from_slice(b",[");
                for (i, name) in o.optional_names().enumerate() {
                    if i > 0 {
                        out.push(b',');
                    }
                    write_go_json_string(out, name);
                }
                out.push(b']');
            }
            out.push(b']');
        }
    }
}

fn write_collection(prefix: &[u8], elem: &Type, out: &mut Vec<u8>) {
    out.extend_from_slice(prefix);
    write_json(elem, out);
    out.push(b']');
}

/// The JSON type constraint of `ty` as a `serde_json::Value`.
pub(in crate::types) fn to_json_value(ty: &Type) -> serde_json::Value {
    use serde_json::Value;
    let pair = |kind: &str, v: Value| Value::Array(vec![Value::String(kind.to_owned()), v]);
    match ty {
        Type::String | Type::Number | Type::Bool | Type::Dynamic => {
            Value::String(ty.kind_name().to_owned())
        }
        Type::List(e) => pair("list", to_json_value(e)),
        Type::Set(e) => pair("set", to_json_value(e)),
        Type::Map(e) => pair("map", to_json_value(e)),
        Type::Tuple(elems) => pair("tuple", elems.iter().map(to_json_value).collect()),
        Type::Object(o) => {
            let attrs: serde_json::Map<String, Value> = o
                .names
                .iter()
                .zip(o.types.iter())
                .map(|(n, t)| (n.clone(), to_json_value(t)))
                .collect();
            let mut arr = vec![Value::String("object".to_owned()), Value::Object(attrs)];
            if o.has_optional() {
                arr.push(o.optional_names().map(Value::from).collect());
            }
            Value::Array(arr)
        }
    }
}

impl Serialize for Type {
    /// Serializes the JSON type-constraint structure: a string for a primitive or
    /// dynamic type, otherwise a sequence `[kind, ...]` with object attributes as a map
    /// in byte order of names.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Type::String | Type::Number | Type::Bool | Type::Dynamic => {
                serializer.serialize_str(self.kind_name())
            }
            Type::List(e) | Type::Set(e) | Type::Map(e) => {
                let mut t = serializer.serialize_tuple(2)?;
                t.serialize_element(self.kind_name())?;
                t.serialize_element(&**e)?;
                t.end()
            }
            Type::Tuple(elems) => {
                let mut t = serializer.serialize_tuple(2)?;
                t.serialize_element("tuple")?;
                t.serialize_element(&**elems)?;
                t.end()
            }
            Type::Object(o) => {
                let optional = o.has_optional();
                let mut t = serializer.serialize_tuple(if optional { 3 } else { 2 })?;
                t.serialize_element("object")?;
                t.serialize_element(&AttrsSer(o))?;
                if optional {
                    t.serialize_element(&OptionalSer(o))?;
                }
                t.end()
            }
        }
    }
}

/// An object type's attributes as a map from name to type.
struct AttrsSer<'a>(&'a ObjectType);

impl Serialize for AttrsSer<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut m = serializer.serialize_map(Some(self.0.len()))?;
        for (name, ty) in self.0.names.iter().zip(self.0.types.iter()) {
            m.serialize_entry(name, ty)?;
        }
        m.end()
    }
}

/// An object type's optional attribute names as a sequence.
struct OptionalSer<'a>(&'a ObjectType);

impl Serialize for OptionalSer<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_seq(None)?;
        for name in self.0.optional_names() {
            s.serialize_element(name)?;
        }
        s.end()
    }
}
