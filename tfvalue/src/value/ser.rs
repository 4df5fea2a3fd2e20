//! Encoding a [`Value`] against a declared [`Type`], and `Value`'s serde impls as a dynamic
//! attribute.
//!
//! The declared type decides the wire form (go-cty's marshal order): where it is `dynamic`,
//! the value goes out as `[type JSON, value]` with its concrete type; unknowns become ext
//! values, nulls nil; everything else follows the value's kind. A value that does not fit
//! the declared type is an error at its path.

use serde::ser::{self, Serialize, SerializeMap, SerializeSeq, SerializeTuple, Serializer};

use super::{
    collection_element_type, describe_value, is_dynamic_placeholder, type_conforms, Value,
};
use crate::error::{Error, ErrorKind};
use crate::tokens::{ATTR_TOKEN, DYNAMIC_TOKEN, SORTED_MAP_TOKEN, UNKNOWN_TOKEN};
use crate::types::Type;

/// A value paired with the type it is encoded against.
pub(crate) struct TypedValue<'a> {
    value: &'a Value,
    ty: &'a Type,
}

impl<'a> TypedValue<'a> {
    pub(crate) fn new(value: &'a Value, ty: &'a Type) -> Self {
        TypedValue { value, ty }
    }
}

/// An attribute name, marked so that tfvalue's serializers report paths as `.name`.
struct AttrName<'a>(&'a str);

impl Serialize for AttrName<'_> {
    #[inline]
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_newtype_struct(ATTR_TOKEN, self.0)
    }
}

#[cold]
fn mismatch<E: ser::Error>(ty: &Type, v: &Value) -> E {
    Error::expected(ErrorKind::Type, ty, describe_value(v)).into_ser()
}

impl Serialize for TypedValue<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (value, ty) = (self.value, self.ty);
        if matches!(ty, Type::Dynamic) {
            return value.serialize(s);
        }
        match (value, ty) {
            (Value::Unknown(t, r), _) => {
                if !type_conforms(t, ty) && !matches!(t, Type::Dynamic) {
                    return Err(mismatch(ty, value));
                }
                s.serialize_newtype_struct(UNKNOWN_TOKEN, &crate::refinements::Payload(r))
            }
            (Value::Null(t), _) => {
                if !type_conforms(t, ty) && !matches!(t, Type::Dynamic) {
                    return Err(mismatch(ty, value));
                }
                s.serialize_none()
            }
            (Value::String(v), Type::String) => s.serialize_str(v),
            (Value::Number(n), Type::Number) => n.serialize(s),
            (Value::Bool(b), Type::Bool) => s.serialize_bool(*b),
            (Value::List(_, items), Type::List(et)) | (Value::Set(_, items), Type::Set(et)) => {
                if matches!(**et, Type::Dynamic) {
                    return serialize_dynamic_seq(s, items);
                }
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(&TypedValue::new(item, et))?;
                }
                seq.end()
            }
            (Value::Map(_, items), Type::Map(et)) => {
                if matches!(**et, Type::Dynamic) {
                    return serialize_dynamic_map(s, items);
                }
                // A BTreeMap's keys come in byte order.
                s.serialize_newtype_struct(SORTED_MAP_TOKEN, &MapEntries(items, et))
            }
            (Value::Tuple(items), Type::Tuple(ets)) => {
                if items.len() != ets.len() {
                    return Err(mismatch(ty, value));
                }
                let mut tup = s.serialize_tuple(items.len())?;
                for (item, et) in items.iter().zip(ets.iter()) {
                    tup.serialize_element(&TypedValue::new(item, et))?;
                }
                tup.end()
            }
            (Value::Object(vt, values), Type::Object(ot)) => {
                if vt.names() != ot.names() {
                    return Err(mismatch(ty, value));
                }
                // An object type's attribute names are in byte order.
                s.serialize_newtype_struct(SORTED_MAP_TOKEN, &ObjectEntries(values, ot))
            }
            _ => Err(mismatch(ty, value)),
        }
    }
}

/// A map's entries, keys in byte order (serialized inside `SORTED_MAP_TOKEN`).
struct MapEntries<'a>(&'a std::collections::BTreeMap<String, Value>, &'a Type);

impl Serialize for MapEntries<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in self.0 {
            map.serialize_entry(k.as_str(), &TypedValue::new(v, self.1))?;
        }
        map.end()
    }
}

/// An object's attributes, names in byte order (serialized inside `SORTED_MAP_TOKEN`).
struct ObjectEntries<'a>(&'a [Value], &'a crate::types::ObjectType);

impl Serialize for ObjectEntries<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (i, v) in self.0.iter().enumerate() {
            map.serialize_entry(
                &AttrName(self.1.name(i)),
                &TypedValue::new(v, self.1.attr_type_at(i)),
            )?;
        }
        map.end()
    }
}

/// The elements of a list or set of `dynamic` (see [`PlaceholderType`]); out of the way of
/// typed collections.
#[inline(never)]
fn serialize_dynamic_seq<S: Serializer>(s: S, items: &[Value]) -> Result<S::Ok, S::Error> {
    let et = Type::Dynamic;
    let typed = PlaceholderType::of(&et, items.iter());
    let mut seq = s.serialize_seq(Some(items.len()))?;
    for item in items {
        match &typed {
            Some(typed) => seq.serialize_element(&typed.element(item, &et))?,
            None => seq.serialize_element(&TypedValue::new(item, &et))?,
        }
    }
    seq.end()
}

/// The entries of a map of `dynamic` (see [`PlaceholderType`]).
#[inline(never)]
fn serialize_dynamic_map<S: Serializer>(
    s: S,
    items: &std::collections::BTreeMap<String, Value>,
) -> Result<S::Ok, S::Error> {
    let et = Type::Dynamic;
    let typed = PlaceholderType::of(&et, items.values());
    let mut map = s.serialize_map(Some(items.len()))?;
    for (k, v) in items {
        match &typed {
            Some(typed) => map.serialize_entry(k.as_str(), &typed.element(v, &et))?,
            None => map.serialize_entry(k.as_str(), &TypedValue::new(v, &et))?,
        }
    }
    map.end()
}

/// In a collection of `dynamic`, the type that a bare null or unknown element is written
/// with: go-cty's collections have one element type, so next to typed elements a null or
/// unknown of type `dynamic` goes out as `[type, null]` or `[type, unknown]` of the typed
/// elements' type.
struct PlaceholderType {
    concrete: Type,
    json: Vec<u8>,
}

impl PlaceholderType {
    /// `None` when the collection is not of `dynamic`, or has no such element, or no typed
    /// element (the common cases, which then encode each element as it is).
    fn of<'v>(et: &Type, mut items: impl Iterator<Item = &'v Value> + Clone) -> Option<Self> {
        if !matches!(et, Type::Dynamic) || !items.clone().any(is_dynamic_placeholder) {
            return None;
        }
        let concrete = collection_element_type(et, items.by_ref());
        if matches!(concrete, Type::Dynamic) {
            return None;
        }
        let mut json = Vec::with_capacity(16);
        concrete.write_json(&mut json);
        Some(PlaceholderType { concrete, json })
    }

    /// An element to encode against `et`.
    fn element<'a>(&'a self, item: &'a Value, et: &'a Type) -> Element<'a> {
        if is_dynamic_placeholder(item) {
            Element::Typed(item, &self.concrete, &self.json)
        } else {
            Element::Plain(TypedValue::new(item, et))
        }
    }
}

/// A collection element: as it is, or a bare null or unknown given its collection's type.
enum Element<'a> {
    Plain(TypedValue<'a>),
    Typed(&'a Value, &'a Type, &'a [u8]),
}

impl Serialize for Element<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Element::Plain(v) => v.serialize(s),
            Element::Typed(value, ty, json) => s.serialize_newtype_struct(
                DYNAMIC_TOKEN,
                &(TypeBytes(json), TypedValue::new(value, ty)),
            ),
        }
    }
}

/// The type constraint's JSON text, as bytes (the first element of `[type, value]`).
struct TypeBytes<'a>(&'a [u8]);

impl Serialize for TypeBytes<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(self.0)
    }
}

/// `Value` as a dynamic attribute: null, a bare unknown, or `[type JSON, value]`.
impl Serialize for Value {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Null(Type::Dynamic) => s.serialize_none(),
            // A wholly unknown dynamic value carries no type and, as go-cty says, no
            // refinements: dynamic values are never refined.
            Value::Unknown(Type::Dynamic, _) => s.serialize_newtype_struct(
                UNKNOWN_TOKEN,
                &crate::refinements::Payload(&crate::refinements::Refinements::default()),
            ),
            _ => {
                // The value's type as go-cty gives it: optional-attribute markers stay where
                // the type is the declared one (a null, an unknown, an empty collection) and
                // a known object has none of its own.
                let ty = self.ty();
                let mut type_json = Vec::with_capacity(16);
                ty.write_json(&mut type_json);
                s.serialize_newtype_struct(
                    DYNAMIC_TOKEN,
                    &(TypeBytes(&type_json), TypedValue::new(self, &ty)),
                )
            }
        }
    }
}

/// `Value` as a dynamic attribute (the counterpart of its `Serialize`).
impl<'de> serde::Deserialize<'de> for Value {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        serde::de::DeserializeSeed::deserialize(super::TypedSeed::new(&Type::Dynamic), d)
    }
}
