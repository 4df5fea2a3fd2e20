//! A serde `Serializer` that builds a [`Value`] of a given [`Type`] from any Rust value.
//!
//! The type leads: a Rust sequence becomes a list, set or tuple because the type says so.
//! Where the type is `dynamic`, the type is implied by the data as Terraform implies it
//! from JSON (sequences are tuples, maps and structs are objects).

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::ser::{self, Serialize};

use super::{canonical_set, Value};
use crate::error::{Error, ErrorKind, Result};
use crate::number::Number;
use crate::refinements::Refinements;
use crate::ser_macros::{impl_seq_traits, reject_methods, serializer_types};
use crate::tokens::{DYNAMIC_TOKEN, NUMBER_TOKEN, UNKNOWN_TOKEN};
use crate::types::{ObjectType, Type};

/// Builds a value of type `ty`.
pub(crate) struct ValueSerializer<'t> {
    ty: &'t Type,
    /// Building a LIST or MAP block collection in its dynamic form (top level only): a
    /// list becomes a tuple and a map an object, whose elements may differ in type.
    blocks: bool,
}

impl<'t> ValueSerializer<'t> {
    pub(crate) fn new(ty: &'t Type) -> Self {
        ValueSerializer { ty, blocks: false }
    }

    /// A serializer for a block collection in its dynamic form (see `blocks`).
    pub(crate) fn new_blocks(ty: &'t Type) -> Self {
        ValueSerializer { ty, blocks: true }
    }

    #[cold]
    fn mismatch(&self, found: &str) -> Error {
        Error::expected(ErrorKind::Type, self.ty, found)
    }

    fn primitive(&self, value: Value, found: &str) -> Result<Value> {
        let ok = matches!(
            (&value, self.ty),
            (_, Type::Dynamic)
                | (Value::String(_), Type::String)
                | (Value::Number(_), Type::Number)
                | (Value::Bool(_), Type::Bool)
        );
        if ok {
            Ok(value)
        } else {
            Err(self.mismatch(found))
        }
    }

    fn number(&self, n: Number) -> Result<Value> {
        self.primitive(Value::Number(n), "a number")
    }
}

#[cold]
fn enum_error(name: &str, variant: &str) -> Error {
    Error::new(
        ErrorKind::Type,
        format!("{name}::{variant} carries data, and Terraform values have no tagged unions"),
    )
}

impl<'t> ser::Serializer for ValueSerializer<'t> {
    type Ok = Value;
    type Error = Error;
    type SerializeSeq = SeqBuilder<'t>;
    type SerializeTuple = SeqBuilder<'t>;
    type SerializeTupleStruct = SeqBuilder<'t>;
    type SerializeTupleVariant = ser::Impossible<Value, Error>;
    type SerializeMap = MapBuilder<'t>;
    type SerializeStruct = MapBuilder<'t>;
    type SerializeStructVariant = ser::Impossible<Value, Error>;

    fn serialize_bool(self, v: bool) -> Result<Value> {
        self.primitive(Value::Bool(v), "a bool")
    }
    fn serialize_i8(self, v: i8) -> Result<Value> {
        self.number(Number::from(v))
    }
    fn serialize_i16(self, v: i16) -> Result<Value> {
        self.number(Number::from(v))
    }
    fn serialize_i32(self, v: i32) -> Result<Value> {
        self.number(Number::from(v))
    }
    fn serialize_i64(self, v: i64) -> Result<Value> {
        self.number(Number::from(v))
    }
    fn serialize_i128(self, v: i128) -> Result<Value> {
        self.number(Number::from(v))
    }
    fn serialize_u8(self, v: u8) -> Result<Value> {
        self.number(Number::from(v))
    }
    fn serialize_u16(self, v: u16) -> Result<Value> {
        self.number(Number::from(v))
    }
    fn serialize_u32(self, v: u32) -> Result<Value> {
        self.number(Number::from(v))
    }
    fn serialize_u64(self, v: u64) -> Result<Value> {
        self.number(Number::from(v))
    }
    fn serialize_u128(self, v: u128) -> Result<Value> {
        self.number(Number::from(v))
    }
    fn serialize_f32(self, v: f32) -> Result<Value> {
        self.number(Number::from_f32(v)?)
    }
    fn serialize_f64(self, v: f64) -> Result<Value> {
        self.number(Number::from_f64(v)?)
    }
    fn serialize_char(self, v: char) -> Result<Value> {
        self.primitive(Value::String(v.to_string()), "a string")
    }
    fn serialize_str(self, v: &str) -> Result<Value> {
        self.primitive(Value::String(v.to_owned()), "a string")
    }
    fn serialize_bytes(self, _v: &[u8]) -> Result<Value> {
        Err(self.mismatch("binary data"))
    }
    fn serialize_none(self) -> Result<Value> {
        Ok(Value::Null(if self.blocks {
            Type::Dynamic
        } else {
            self.ty.clone()
        }))
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<Value> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Value> {
        Ok(Value::Null(self.ty.clone()))
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<Value> {
        Ok(Value::Null(self.ty.clone()))
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<Value> {
        self.serialize_str(variant)
    }

    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<Value> {
        if name == UNKNOWN_TOKEN {
            let payload = crate::tokens::serialize_unknown_payload(value, PayloadCapture)?;
            let r = Refinements::decode_payload(&payload)?;
            if self.blocks {
                // A dynamic value is never refined.
                return Ok(Value::unknown(Type::Dynamic));
            }
            return Value::unknown_refined(self.ty.clone(), r);
        }
        if name == NUMBER_TOKEN {
            let n = value.serialize(NumberCapture)?;
            return self.number(n);
        }
        if name == DYNAMIC_TOKEN {
            let v = value.serialize(DynamicCapture)?;
            v.conforms_to(self.ty)?;
            return Ok(v);
        }
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        name: &'static str,
        _index: u32,
        variant: &'static str,
        _value: &T,
    ) -> Result<Value> {
        Err(enum_error(name, variant))
    }

    fn serialize_seq(self, len: Option<usize>) -> Result<SeqBuilder<'t>> {
        let mut b = SeqBuilder::new(self.ty, len.unwrap_or(0))?;
        b.blocks = self.blocks;
        Ok(b)
    }
    fn serialize_tuple(self, len: usize) -> Result<SeqBuilder<'t>> {
        SeqBuilder::new(self.ty, len)
    }
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<SeqBuilder<'t>> {
        SeqBuilder::new(self.ty, len)
    }
    fn serialize_tuple_variant(
        self,
        name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant> {
        Err(enum_error(name, variant))
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<MapBuilder<'t>> {
        let mut b = MapBuilder::new(self.ty)?;
        b.blocks = self.blocks;
        Ok(b)
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<MapBuilder<'t>> {
        MapBuilder::new(self.ty)
    }
    fn serialize_struct_variant(
        self,
        name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant> {
        Err(enum_error(name, variant))
    }

    fn is_human_readable(&self) -> bool {
        true
    }
}

/// Elements of a list, set or tuple.
pub(crate) struct SeqBuilder<'t> {
    ty: &'t Type,
    items: Vec<Value>,
    /// A block collection in its dynamic form: the result is a tuple.
    blocks: bool,
}

impl<'t> SeqBuilder<'t> {
    fn new(ty: &'t Type, len: usize) -> Result<Self> {
        match ty {
            Type::List(_) | Type::Set(_) | Type::Tuple(_) | Type::Dynamic => Ok(SeqBuilder {
                ty,
                items: Vec::with_capacity(len.min(4096)),
                blocks: false,
            }),
            _ => Err(Error::expected(ErrorKind::Type, ty, "a sequence")),
        }
    }

    fn element_type(&self) -> Result<&'t Type> {
        let i = self.items.len();
        match self.ty {
            Type::List(et) | Type::Set(et) => Ok(et),
            Type::Tuple(ets) => ets.get(i).ok_or_else(|| {
                Error::new(
                    ErrorKind::Type,
                    format!("expected a tuple of {} elements, found more", ets.len()),
                )
            }),
            _ => Ok(&Type::Dynamic),
        }
    }

    fn push<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        let i = self.items.len();
        let et = self.element_type().map_err(|e| e.in_index(i))?;
        let v = value
            .serialize(ValueSerializer::new(et))
            .map_err(|e| e.in_index(i))?;
        self.items.push(v);
        Ok(())
    }

    fn finish(self) -> Result<Value> {
        if self.blocks {
            return Ok(Value::Tuple(self.items));
        }
        Ok(match self.ty {
            Type::List(et) => {
                super::check_consistent(self.items.iter())?;
                Value::List((**et).clone(), self.items)
            }
            Type::Set(et) => {
                super::check_consistent(self.items.iter())?;
                let mut items = self.items;
                canonical_set(&mut items, et);
                Value::Set((**et).clone(), items)
            }
            Type::Tuple(ets) => {
                if self.items.len() != ets.len() {
                    return Err(Error::new(
                        ErrorKind::Type,
                        format!(
                            "expected a tuple of {} elements, found {} elements",
                            ets.len(),
                            self.items.len()
                        ),
                    ));
                }
                Value::Tuple(self.items)
            }
            _ => Value::Tuple(self.items),
        })
    }
}

impl_seq_traits!(SeqBuilder<'_> => Value; push, finish);

/// Entries of a map or object.
pub(crate) struct MapBuilder<'t> {
    ty: &'t Type,
    entries: BTreeMap<String, Value>,
    key: Option<String>,
    /// A block collection in its dynamic form: a map becomes an object.
    blocks: bool,
}

impl<'t> MapBuilder<'t> {
    fn new(ty: &'t Type) -> Result<Self> {
        match ty {
            Type::Map(_) | Type::Object(_) | Type::Dynamic => Ok(MapBuilder {
                ty,
                entries: BTreeMap::new(),
                key: None,
                blocks: false,
            }),
            _ => Err(Error::expected(ErrorKind::Type, ty, "a map or object")),
        }
    }

    fn entry<T: ?Sized + Serialize>(&mut self, key: String, value: &T) -> Result<()> {
        let attr = !matches!(self.ty, Type::Map(_));
        let step = |e: Error| {
            if attr {
                e.in_attr(&key)
            } else {
                e.in_key(&key)
            }
        };
        let et = match self.ty {
            Type::Map(et) => &**et,
            Type::Object(ot) => ot.attr_type(&key).ok_or_else(|| {
                Error::new(
                    ErrorKind::Attribute,
                    format!("unsupported attribute {key:?}"),
                )
            })?,
            _ => &Type::Dynamic,
        };
        let v = value.serialize(ValueSerializer::new(et)).map_err(step)?;
        if self.entries.contains_key(&key) {
            return Err(Error::new(
                ErrorKind::Attribute,
                format!("duplicate key {key:?}"),
            ));
        }
        self.entries.insert(key, v);
        Ok(())
    }

    fn finish(self) -> Result<Value> {
        if self.blocks {
            return Ok(Value::object(self.entries));
        }
        match self.ty {
            Type::Map(et) => {
                super::check_consistent(self.entries.values())?;
                Ok(Value::Map((**et).clone(), self.entries))
            }
            Type::Object(ot) => {
                let mut entries = self.entries;
                for (i, name) in ot.names().iter().enumerate() {
                    if !entries.contains_key(name) {
                        if ot.is_optional(i) {
                            entries.insert(name.clone(), Value::Null(ot.attr_type_at(i).clone()));
                        } else {
                            return Err(Error::new(
                                ErrorKind::Attribute,
                                format!("missing attribute {name:?}"),
                            ));
                        }
                    }
                }
                Value::object_of_type(Arc::clone(ot), entries)
            }
            _ => {
                // Names in NFC, as the object type holds them; two spellings of one name are
                // a duplicate, as `ObjectType::new` says.
                let count = self.entries.len();
                let entries: BTreeMap<String, Value> = self
                    .entries
                    .into_iter()
                    .map(|(k, v)| (crate::types::nfc_name(k), v))
                    .collect();
                let ot = ObjectType::new(
                    entries.iter().map(|(k, v)| (k.clone(), v.ty())),
                    std::iter::empty::<&str>(),
                )?;
                if entries.len() < count {
                    return Err(Error::new(
                        ErrorKind::TypeConstraint,
                        "duplicate attribute: two names are one in Unicode NFC",
                    ));
                }
                Ok(Value::Object(Arc::new(ot), entries.into_values().collect()))
            }
        }
    }
}

impl ser::SerializeMap for MapBuilder<'_> {
    type Ok = Value;
    type Error = Error;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<()> {
        self.key = Some(key.serialize(KeyCapture)?);
        Ok(())
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        let key = self
            .key
            .take()
            .ok_or_else(|| Error::new(ErrorKind::Custom, "a map value was given before its key"))?;
        self.entry(key, value)
    }
    fn end(self) -> Result<Value> {
        self.finish()
    }
}

impl ser::SerializeStruct for MapBuilder<'_> {
    type Ok = Value;
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<()> {
        self.entry(key.to_owned(), value)
    }
    fn end(self) -> Result<Value> {
        self.finish()
    }
}

/// Captures a map key, which must be a string.
struct KeyCapture;
/// Captures the refinement payload bytes of an unknown.
struct PayloadCapture;
/// Captures a `Number`'s exact representation.
struct NumberCapture;
/// Captures a dynamic value's `(type JSON, value)` pair.
struct DynamicCapture;

#[cold]
fn capture_error(what: &str) -> Error {
    Error::new(ErrorKind::Type, format!("expected {what}"))
}

impl ser::Serializer for KeyCapture {
    serializer_types!(String);
    reject_methods! { capture_error("a string map key"); String;
        common serialize_i64 serialize_u64 serialize_f64 serialize_char serialize_bytes
        serialize_tuple
    }

    fn serialize_str(self, v: &str) -> Result<String> {
        Ok(v.to_owned())
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, v: &'static str) -> Result<String> {
        Ok(v.to_owned())
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        v: &T,
    ) -> Result<String> {
        v.serialize(self)
    }
}

impl ser::Serializer for PayloadCapture {
    serializer_types!(Vec<u8>);
    reject_methods! { capture_error("refinement bytes"); Vec<u8>;
        common serialize_i64 serialize_u64 serialize_f64 serialize_char serialize_str
        serialize_unit_variant serialize_newtype_struct serialize_tuple
    }

    fn serialize_bytes(self, v: &[u8]) -> Result<Vec<u8>> {
        Ok(v.to_vec())
    }
}

impl ser::Serializer for NumberCapture {
    serializer_types!(Number);
    reject_methods! { capture_error("a number"); Number;
        common serialize_char serialize_bytes serialize_unit_variant serialize_newtype_struct
        serialize_tuple
    }

    fn serialize_i64(self, v: i64) -> Result<Number> {
        Ok(Number::from(v))
    }
    fn serialize_u64(self, v: u64) -> Result<Number> {
        Ok(Number::from(v))
    }
    fn serialize_f64(self, v: f64) -> Result<Number> {
        Number::from_f64_exact(v)
    }
    fn serialize_str(self, v: &str) -> Result<Number> {
        Number::parse(v)
    }
}

/// `(type JSON bytes, value)`: parse the type, then build the value of that type.
#[derive(Default)]
struct DynamicPair {
    ty: Option<Type>,
    value: Option<Value>,
}

impl ser::SerializeTuple for DynamicPair {
    type Ok = Value;
    type Error = Error;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        match &self.ty {
            None => {
                let bytes = value.serialize(PayloadCapture)?;
                self.ty = Some(Type::from_json(&bytes)?);
            }
            Some(ty) => self.value = Some(value.serialize(ValueSerializer::new(ty))?),
        }
        Ok(())
    }
    fn end(self) -> Result<Value> {
        self.value
            .ok_or_else(|| capture_error("a dynamic value's [type, value] pair"))
    }
}

impl ser::Serializer for DynamicCapture {
    serializer_types!(Value, tuple = DynamicPair);
    reject_methods! { capture_error("a dynamic value's [type, value] pair"); Value;
        common serialize_char
    }
    reject_methods! { capture_error("a dynamic value"); Value;
        serialize_i64 serialize_u64 serialize_f64 serialize_str serialize_bytes
        serialize_unit_variant serialize_newtype_struct
    }

    fn serialize_tuple(self, _: usize) -> Result<DynamicPair> {
        Ok(DynamicPair::default())
    }
}
