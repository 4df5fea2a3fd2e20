//! `Value`: a Terraform value of any type, known, null or unknown at any depth.
//!
//! A `Value` is decoded and encoded *against a type*: the type decides, the decoder never
//! guesses (a msgpack array is a list, set or tuple only because the type says so). Decoded
//! values keep their concrete type: a value decoded against `dynamic` knows the type that
//! came on the wire, and [`Value::ty`] gives it.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use crate::error::{Error, ErrorKind, Result};
use crate::number::Number;
use crate::path::{AttributePath, PathStep};
use crate::refinements::Refinements;
use crate::types::{has_optional_markers, ObjectType, Type};

mod canonical;
mod de;
mod display;
mod from_value;
mod pinned;
mod ser;
#[cfg(test)]
mod tests;
mod to_value;

pub(crate) use canonical::canonical_set;
pub(crate) use de::TypedSeed;
pub use display::Readable;
pub(crate) use from_value::visit_number;
pub(crate) use pinned::pinned_value;
pub(crate) use ser::TypedValue;

/// A Terraform value.
///
/// Collections carry their element type so that empty and null-filled collections still
/// know their type; objects carry their [`ObjectType`], with attribute values in the order
/// of its (sorted) attribute names.
#[derive(Clone, PartialEq)]
pub enum Value {
    /// A null value of the given type.
    Null(Type),
    /// A value known only after apply, of the given type, with what is known about it.
    Unknown(Type, Refinements),
    /// A bool.
    Bool(bool),
    /// A number.
    Number(Number),
    /// A string.
    String(String),
    /// A list: element type and elements.
    List(Type, Vec<Value>),
    /// A set: element type and elements. Sets of strings, numbers or bools are kept in
    /// go-cty's order; other sets in the order given (or decoded). Equal known elements
    /// appear once.
    Set(Type, Vec<Value>),
    /// A map: element type and elements by key.
    Map(Type, BTreeMap<String, Value>),
    /// A tuple: its elements (each knows its type).
    Tuple(Vec<Value>),
    /// An object: its type and the attribute values, aligned with the type's attributes.
    Object(Arc<ObjectType>, Vec<Value>),
}

impl Value {
    /// A null value of type `ty`.
    pub fn null(ty: Type) -> Value {
        Value::Null(ty)
    }

    /// An unknown value of type `ty`, with no refinements.
    pub fn unknown(ty: Type) -> Value {
        Value::Unknown(ty, Refinements::default())
    }

    /// An unknown value of type `ty` with refinements; the refinements must fit the type.
    pub fn unknown_refined(ty: Type, refinements: Refinements) -> Result<Value> {
        refinements.check_type(&ty)?;
        if refinements.nullness() == Some(true) && !matches!(ty, Type::Dynamic) {
            // Only a decoded payload says "definitely null": a known null, as in go-cty.
            return Ok(Value::Null(ty));
        }
        Ok(Value::Unknown(ty, refinements))
    }

    /// A list of `elements`, each of which must conform to `element_type`.
    pub fn list(element_type: Type, elements: Vec<Value>) -> Result<Value> {
        check_elements(&element_type, &elements)?;
        Ok(Value::List(element_type, elements))
    }

    /// A set of `elements`, each of which must conform to `element_type`. Duplicates are
    /// removed (the first of equal elements stays), and a set of strings, numbers or bools
    /// is sorted as go-cty orders it.
    pub fn set(element_type: Type, elements: Vec<Value>) -> Result<Value> {
        check_elements(&element_type, &elements)?;
        let mut elements = elements;
        canonical_set(&mut elements, &element_type);
        Ok(Value::Set(element_type, elements))
    }

    /// A map of `elements`, each of which must conform to `element_type`.
    pub fn map(element_type: Type, elements: BTreeMap<String, Value>) -> Result<Value> {
        for (k, v) in &elements {
            v.conforms_to(&element_type).map_err(|e| e.in_key(k))?;
        }
        Ok(Value::Map(element_type, elements))
    }

    /// An object with the given attributes; its type is made from the values' types.
    pub fn object<N: Into<String>>(attributes: impl IntoIterator<Item = (N, Value)>) -> Value {
        // Names in NFC, as the object type holds them (a later of two spellings of one name
        // replaces the earlier, as a later duplicate does).
        let sorted: BTreeMap<String, Value> = attributes
            .into_iter()
            .map(|(n, v)| (crate::types::nfc_name(n.into()), v))
            .collect();
        let ty = ObjectType::new(
            sorted.iter().map(|(n, v)| (n.clone(), v.ty())),
            std::iter::empty::<&str>(),
        );
        // The names are unique (they come from a map), so `new` cannot fail.
        match ty {
            Ok(ty) => Value::Object(Arc::new(ty), sorted.into_values().collect()),
            Err(_) => Value::Null(Type::object(Vec::<(String, Type)>::new())),
        }
    }

    /// An object of type `ty` with attribute values given by name; every attribute of the
    /// type must be given (use `Value::Null` for null ones) and none other.
    pub fn object_of_type(
        ty: Arc<ObjectType>,
        mut attributes: BTreeMap<String, Value>,
    ) -> Result<Value> {
        let mut values = Vec::with_capacity(ty.len());
        for (name, attr_ty, _) in ty.iter() {
            let v = attributes.remove(name).ok_or_else(|| {
                Error::new(ErrorKind::Attribute, format!("missing attribute {name:?}"))
            })?;
            v.conforms_to(attr_ty).map_err(|e| e.in_attr(name))?;
            values.push(v);
        }
        if let Some(extra) = attributes.keys().next() {
            return Err(Error::new(
                ErrorKind::Attribute,
                format!("unsupported attribute {extra:?}"),
            ));
        }
        Ok(Value::Object(ty, values))
    }

    /// A tuple of `elements`.
    pub fn tuple(elements: Vec<Value>) -> Value {
        Value::Tuple(elements)
    }

    /// The concrete type of this value.
    ///
    /// For values decoded against a type containing `dynamic`, this is the type that came
    /// on the wire at those positions.
    pub fn ty(&self) -> Type {
        match self {
            Value::Null(t) | Value::Unknown(t, _) => t.clone(),
            Value::Bool(_) => Type::Bool,
            Value::Number(_) => Type::Number,
            Value::String(_) => Type::String,
            Value::List(t, items) => Type::list(collection_element_type(t, items.iter())),
            Value::Set(t, items) => Type::set(collection_element_type(t, items.iter())),
            Value::Map(t, items) => Type::map(collection_element_type(t, items.values())),
            Value::Tuple(items) => Type::tuple(items.iter().map(Value::ty)),
            Value::Object(t, values) => {
                if !t.has_dynamic()
                    && !t.has_optional()
                    && !t.types().iter().any(has_optional_markers)
                {
                    return Type::Object(t.clone());
                }
                // As go-cty types a known object: by its attributes' values, and with no
                // optional-attribute markers of its own.
                Type::object(
                    t.names()
                        .iter()
                        .zip(values)
                        .map(|(n, v)| (n.clone(), v.ty())),
                )
            }
        }
    }

    /// True for a null value.
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null(_))
    }

    /// True for an unknown value (only this value, not its contents).
    pub fn is_unknown(&self) -> bool {
        matches!(self, Value::Unknown(..))
    }

    /// True when neither this value nor anything inside it is unknown.
    pub fn is_wholly_known(&self) -> bool {
        match self {
            Value::Unknown(..) => false,
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
                items.iter().all(Value::is_wholly_known)
            }
            Value::Object(_, items) => items.iter().all(Value::is_wholly_known),
            Value::Map(_, items) => items.values().all(Value::is_wholly_known),
            _ => true,
        }
    }

    /// Replaces every unknown value inside this one (itself included) with a null of the
    /// same type, as Terraform stores an object whose state could not be completed. Sets
    /// whose elements become equal keep one of them.
    pub fn unknown_as_null(&mut self) {
        match self {
            Value::Unknown(ty, _) => *self = Value::Null(ty.clone()),
            Value::List(_, items) | Value::Tuple(items) | Value::Object(_, items) => {
                items.iter_mut().for_each(Value::unknown_as_null);
            }
            Value::Set(ty, items) => {
                if !items.iter().all(Value::is_wholly_known) {
                    items.iter_mut().for_each(Value::unknown_as_null);
                    canonical_set(items, ty);
                }
            }
            Value::Map(_, items) => items.values_mut().for_each(Value::unknown_as_null),
            Value::Null(_) | Value::Bool(_) | Value::Number(_) | Value::String(_) => {}
        }
    }

    /// The paths of every unknown value inside this one (the root path if it is unknown).
    pub fn unknown_paths(&self) -> Vec<AttributePath> {
        let mut found = Vec::new();
        let mut path = AttributePath::root();
        collect_unknowns(self, &mut path, &mut found);
        found
    }

    /// The refinements, for an unknown value.
    pub fn refinements(&self) -> Option<&Refinements> {
        match self {
            Value::Unknown(_, r) => Some(r),
            _ => None,
        }
    }

    /// The string, for a known string.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// The bool, for a known bool.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The number, for a known number.
    pub fn as_number(&self) -> Option<&Number> {
        match self {
            Value::Number(n) => Some(n),
            _ => None,
        }
    }

    /// The elements, for a known list, set or tuple.
    pub fn as_elements(&self) -> Option<&[Value]> {
        match self {
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => Some(items),
            _ => None,
        }
    }

    /// The elements by key, for a known map.
    pub fn as_map(&self) -> Option<&BTreeMap<String, Value>> {
        match self {
            Value::Map(_, items) => Some(items),
            _ => None,
        }
    }

    /// An attribute's value, for a known object.
    pub fn attr(&self, name: &str) -> Option<&Value> {
        match self {
            Value::Object(t, values) => t.index_of(name).and_then(|i| values.get(i)),
            _ => None,
        }
    }

    /// A mutable reference to an attribute's value, for a known object (for example to
    /// mark a computed attribute unknown while planning). Keep the value's type: encoding
    /// checks it against the schema.
    pub fn attr_mut(&mut self, name: &str) -> Option<&mut Value> {
        match self {
            Value::Object(t, values) => t.index_of(name).and_then(move |i| values.get_mut(i)),
            _ => None,
        }
    }

    /// The attributes by name, for a known object, in name order.
    pub fn attributes(&self) -> Option<impl Iterator<Item = (&str, &Value)>> {
        match self {
            Value::Object(t, values) => {
                Some(t.names().iter().map(String::as_str).zip(values.iter()))
            }
            _ => None,
        }
    }

    /// Follows one step: an object attribute, a map key, or a list/tuple/set position.
    pub fn get_step(&self, step: &PathStep) -> Option<&Value> {
        match (self, step) {
            (Value::Object(..), PathStep::Attr(name)) => self.attr(name),
            (Value::Map(_, items), PathStep::Key(key)) => items.get(key),
            (
                Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items),
                PathStep::Index(i),
            ) => usize::try_from(*i).ok().and_then(|i| items.get(i)),
            _ => None,
        }
    }

    /// The value at `path`, if every step exists.
    pub fn get(&self, path: &AttributePath) -> Option<&Value> {
        path.steps()
            .iter()
            .try_fold(self, |value, step| value.get_step(step))
    }

    /// Checks that this value can be encoded against `ty`: it has that type, or `ty` is
    /// `dynamic` at the positions where they differ. The error names the first mismatch.
    pub fn conforms_to(&self, ty: &Type) -> Result<()> {
        if matches!(ty, Type::Dynamic) {
            return Ok(());
        }
        match (self, ty) {
            (Value::Null(t) | Value::Unknown(t, _), _) => {
                if t == ty || matches!(t, Type::Dynamic) || type_conforms(t, ty) {
                    Ok(())
                } else {
                    Err(mismatch(ty, self))
                }
            }
            (Value::Bool(_), Type::Bool)
            | (Value::Number(_), Type::Number)
            | (Value::String(_), Type::String) => Ok(()),
            (Value::List(_, items), Type::List(et)) | (Value::Set(_, items), Type::Set(et)) => {
                check_elements(et, items)
            }
            (Value::Map(_, items), Type::Map(et)) => {
                for (k, v) in items {
                    v.conforms_to(et).map_err(|e| e.in_key(k))?;
                }
                Ok(())
            }
            (Value::Tuple(items), Type::Tuple(ets)) => {
                if items.len() != ets.len() {
                    return Err(Error::new(
                        ErrorKind::Type,
                        format!(
                            "expected a tuple of {} elements, found {} elements",
                            ets.len(),
                            items.len()
                        ),
                    ));
                }
                for (i, (v, t)) in items.iter().zip(ets.iter()).enumerate() {
                    v.conforms_to(t).map_err(|e| e.in_index(i))?;
                }
                Ok(())
            }
            (Value::Object(vt, values), Type::Object(ot)) => {
                if vt.names() != ot.names() {
                    return Err(attribute_mismatch(ot, vt));
                }
                for (i, v) in values.iter().enumerate() {
                    v.conforms_to(ot.attr_type_at(i))
                        .map_err(|e| e.in_attr(ot.name(i)))?;
                }
                Ok(())
            }
            _ => Err(mismatch(ty, self)),
        }
    }

    /// Decodes MessagePack bytes against `ty`.
    pub fn from_msgpack(bytes: &[u8], ty: &Type) -> Result<Value> {
        let mut de = crate::msgpack::Deserializer::from_slice(bytes);
        let value = serde::de::DeserializeSeed::deserialize(TypedSeed::new(ty), &mut de)?;
        de.end()?;
        Ok(value)
    }

    /// Encodes this value as MessagePack against `ty` (which decides where dynamic
    /// wrappers go).
    pub fn to_msgpack(&self, ty: &Type) -> Result<Vec<u8>> {
        crate::scratch::encode_to_vec(|out| self.write_msgpack(ty, out))
    }

    /// Appends the MessagePack encoding of this value against `ty` to `out`.
    pub fn write_msgpack(&self, ty: &Type, out: &mut Vec<u8>) -> Result<()> {
        crate::msgpack::to_writer(out, &TypedValue::new(self, ty))
    }

    /// Decodes JSON text against `ty`. As in Terraform, an object attribute missing from
    /// the JSON is null.
    pub fn from_json(bytes: &[u8], ty: &Type) -> Result<Value> {
        crate::json::from_slice_seed(bytes, TypedSeed::new_json(ty))
    }

    /// Encodes this value as JSON against `ty`. Unknown values and infinities cannot be
    /// written as JSON and give an error naming their path.
    pub fn to_json(&self, ty: &Type) -> Result<Vec<u8>> {
        crate::json::to_vec(&TypedValue::new(self, ty))
    }

    /// Decodes this value into any serde type (for example a dynamic attribute into a
    /// typed struct). Unknown values can only go into `Unknown<T>`.
    pub fn decode_as<'a, T: serde::Deserialize<'a>>(&'a self) -> Result<T> {
        T::deserialize(from_value::ValueDeserializer::new(self))
    }

    /// Builds a LIST or MAP block collection of type `ty` in its dynamic form (a tuple or an
    /// object whose elements may differ in type; unknown and null of type dynamic), as
    /// Terraform sends a block collection whose block holds a dynamic attribute.
    #[doc(hidden)]
    pub fn from_serialize_blocks<T: ?Sized + serde::Serialize>(
        value: &T,
        ty: &Type,
    ) -> Result<Value> {
        value.serialize(to_value::ValueSerializer::new_blocks(ty))
    }

    /// Builds a value of type `ty` from any serde type. Where `ty` is `dynamic`, the type
    /// is implied by the data (strings, numbers, bools; sequences become tuples and
    /// structs and maps objects, as Terraform implies them from JSON).
    pub fn from_serialize<T: ?Sized + serde::Serialize>(value: &T, ty: &Type) -> Result<Value> {
        value.serialize(to_value::ValueSerializer::new(ty))
    }
}

/// The element type a collection's concrete type shows: its element type, or where that
/// is (or contains) `dynamic`, the type of its first element that has a concrete type
/// (dynamic nulls and unknowns say nothing about it, as in go-cty).
pub(crate) fn collection_element_type<'a>(
    declared: &Type,
    mut items: impl Iterator<Item = &'a Value>,
) -> Type {
    // As go-cty: the first element's type, which differs from the declared one where that
    // has `dynamic` or optional-attribute markers (a known object has none); the declared
    // type for a collection without a typed element.
    if !declared.has_dynamic() && !has_optional_markers(declared) {
        return declared.clone();
    }
    match items.find(|v| !is_dynamic_placeholder(v)) {
        Some(first) => first.ty(),
        None => declared.clone(),
    }
}

/// A null or unknown of type `dynamic`: it fits anywhere and fixes no type.
pub(crate) fn is_dynamic_placeholder(v: &Value) -> bool {
    matches!(
        v,
        Value::Null(Type::Dynamic) | Value::Unknown(Type::Dynamic, _)
    )
}

fn check_elements(et: &Type, items: &[Value]) -> Result<()> {
    for (i, v) in items.iter().enumerate() {
        v.conforms_to(et).map_err(|e| e.in_index(i))?;
    }
    if et.has_dynamic() {
        check_consistent(items.iter())?;
    }
    Ok(())
}

/// Elements of a collection whose element type has `dynamic` must still share one type
/// (dynamic nulls and unknowns fit any).
pub(crate) fn check_consistent<'a>(items: impl Iterator<Item = &'a Value>) -> Result<()> {
    let mut first_ty: Option<Type> = None;
    for (i, v) in items.enumerate() {
        if is_dynamic_placeholder(v) {
            continue;
        }
        let t = v.ty();
        match &first_ty {
            None => first_ty = Some(t),
            // Optional-attribute markers aside: a null keeps its declared type's markers
            // where a known object has none, and both are of one type.
            Some(first) if *first != t && first.without_optional() != t.without_optional() => {
                return Err(Error::new(
                    ErrorKind::Type,
                    format!(
                        "the elements of a collection must all have the same type: the first \
                         is {first}, element {i} is {t}"
                    ),
                ));
            }
            Some(_) => {}
        }
    }
    Ok(())
}

fn collect_unknowns(v: &Value, path: &mut AttributePath, found: &mut Vec<AttributePath>) {
    match v {
        Value::Unknown(..) => found.push(path.clone()),
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
            for (i, item) in items.iter().enumerate() {
                path.push(PathStep::Index(i as i64));
                collect_unknowns(item, path, found);
                path.pop();
            }
        }
        Value::Map(_, items) => {
            for (k, item) in items {
                path.push(PathStep::Key(k.clone()));
                collect_unknowns(item, path, found);
                path.pop();
            }
        }
        Value::Object(t, values) => {
            for (name, item) in t.names().iter().zip(values) {
                path.push(PathStep::Attr(name.clone()));
                collect_unknowns(item, path, found);
                path.pop();
            }
        }
        _ => {}
    }
}

/// Whether a value of type `have` may be encoded where `want` is declared.
pub(crate) fn type_conforms(have: &Type, want: &Type) -> bool {
    match (have, want) {
        (_, Type::Dynamic) => true,
        (Type::List(a), Type::List(b))
        | (Type::Set(a), Type::Set(b))
        | (Type::Map(a), Type::Map(b)) => type_conforms(a, b),
        (Type::Tuple(a), Type::Tuple(b)) => {
            a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| type_conforms(x, y))
        }
        (Type::Object(a), Type::Object(b)) => {
            a.names() == b.names()
                && a.types()
                    .iter()
                    .zip(b.types())
                    .all(|(x, y)| type_conforms(x, y))
        }
        (a, b) => a == b,
    }
}

/// Describes a value's kind for "found …" in messages.
pub(crate) fn describe_value(v: &Value) -> String {
    match v {
        Value::Null(t) => format!("null of type {t}"),
        Value::Unknown(t, _) => format!("an unknown {t}"),
        Value::Bool(_) => "a bool".into(),
        Value::Number(_) => "a number".into(),
        Value::String(_) => "a string".into(),
        other => format!("a value of type {}", other.ty()),
    }
}

#[cold]
fn mismatch(ty: &Type, v: &Value) -> Error {
    Error::expected(ErrorKind::Type, ty, describe_value(v))
}

#[cold]
fn attribute_mismatch(want: &ObjectType, have: &ObjectType) -> Error {
    if let Some(missing) = want.names().iter().find(|n| have.index_of(n).is_none()) {
        return Error::new(
            ErrorKind::Attribute,
            format!("missing attribute {missing:?}"),
        );
    }
    match have.names().iter().find(|n| want.index_of(n).is_none()) {
        Some(extra) => Error::new(
            ErrorKind::Attribute,
            format!("unsupported attribute {extra:?}"),
        ),
        None => Error::new(
            ErrorKind::Attribute,
            "object attributes do not match the type",
        ),
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Value({})", Readable(self))
    }
}

impl From<bool> for Value {
    fn from(v: bool) -> Self {
        Value::Bool(v)
    }
}

impl From<Number> for Value {
    fn from(v: Number) -> Self {
        Value::Number(v)
    }
}

impl From<String> for Value {
    fn from(v: String) -> Self {
        Value::String(v)
    }
}

impl From<&str> for Value {
    fn from(v: &str) -> Self {
        Value::String(v.to_owned())
    }
}

macro_rules! value_from_int {
    ($($t:ty)*) => {$(
        impl From<$t> for Value {
            fn from(v: $t) -> Self {
                Value::Number(Number::from(v))
            }
        }
    )*};
}
value_from_int!(i8 i16 i32 i64 isize u8 u16 u32 u64 usize i128 u128);
