//! Decoding a [`Value`] driven by a [`Type`], through any tfvalue deserializer.
//!
//! The seed mirrors go-cty's unmarshal order: unknown first (the deserializer peeks for an
//! ext value), then `dynamic`, then null, then one visitor per type kind. It works for
//! MessagePack, JSON and `Value` sources alike because it speaks only the reserved-name
//! protocol of `crate::tokens`.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

use super::{canonical_set, check_consistent, Value};
use crate::error::{Error, ErrorKind};
use crate::number::Number;
use crate::refinements::Refinements;
use crate::tokens::{DYNAMIC_TOKEN, UNKNOWN_TOKEN};
use crate::types::{ObjectType, Type};

/// Decodes one value of the given type.
#[derive(Clone, Copy)]
pub(crate) struct TypedSeed<'t> {
    ty: &'t Type,
    /// JSON rules: an object attribute missing from the input is null.
    json: bool,
}

impl<'t> TypedSeed<'t> {
    /// A seed with MessagePack rules (every attribute must be present).
    pub(crate) fn new(ty: &'t Type) -> Self {
        TypedSeed { ty, json: false }
    }

    /// A seed with JSON rules (missing attributes are null).
    pub(crate) fn new_json(ty: &'t Type) -> Self {
        TypedSeed { ty, json: true }
    }

    fn with(self, ty: &'t Type) -> Self {
        TypedSeed {
            ty,
            json: self.json,
        }
    }
}

impl<'de> DeserializeSeed<'de> for TypedSeed<'_> {
    type Value = Value;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        if matches!(self.ty, Type::Dynamic) {
            return d.deserialize_newtype_struct(DYNAMIC_TOKEN, DynamicVisitor { json: self.json });
        }
        d.deserialize_newtype_struct(UNKNOWN_TOKEN, MaybeUnknown(self))
    }
}

fn refinements<E: de::Error>(payload: &[u8], ty: &Type) -> Result<Refinements, E> {
    let r = Refinements::decode_payload(payload).map_err(Error::into_de)?;
    // As go-cty: refinements of a dynamic unknown are ignored (it never writes any).
    r.into_for_type(ty).map_err(Error::into_de)
}

/// Either an unknown (the deserializer hands over the refinement payload) or a known-or-null
/// value (the deserializer hands over itself).
struct MaybeUnknown<'t>(TypedSeed<'t>);

impl<'de> Visitor<'de> for MaybeUnknown<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.ty)
    }

    fn visit_bytes<E: de::Error>(self, payload: &[u8]) -> Result<Value, E> {
        let r = refinements(payload, self.0.ty)?;
        if r.nullness() == Some(true) {
            // "Definitely null" is a known null, as go-cty decodes it.
            return Ok(Value::Null(self.0.ty.clone()));
        }
        // Refinements that leave one value are that value, as go-cty decodes them.
        if let Some(v) = super::pinned::pinned_value(self.0.ty, &r).map_err(Error::into_de)? {
            return Ok(v);
        }
        Ok(Value::Unknown(self.0.ty.clone(), r))
    }

    #[inline]
    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_option(Nullable(self.0))
    }
}

struct Nullable<'t>(TypedSeed<'t>);

impl<'de> Visitor<'de> for Nullable<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.ty)
    }

    fn visit_none<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null(self.0.ty.clone()))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null(self.0.ty.clone()))
    }

    #[inline]
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        known(self.0, d)
    }
}

/// Decodes a value known not to be null or unknown.
#[inline]
fn known<'de, D: Deserializer<'de>>(seed: TypedSeed<'_>, d: D) -> Result<Value, D::Error> {
    match seed.ty {
        Type::String => d.deserialize_str(StringVisitor),
        Type::Number => <Number as serde::Deserialize>::deserialize(d).map(Value::Number),
        Type::Bool => <bool as serde::Deserialize>::deserialize(d).map(Value::Bool),
        Type::List(et) => d.deserialize_seq(SeqVisitor {
            seed: seed.with(et),
            set: false,
        }),
        Type::Set(et) => d.deserialize_seq(SeqVisitor {
            seed: seed.with(et),
            set: true,
        }),
        Type::Map(et) => d.deserialize_map(MapVisitor(seed.with(et))),
        Type::Object(ot) => d.deserialize_struct(
            "object",
            &[],
            ObjectVisitor {
                ot,
                json: seed.json,
            },
        ),
        Type::Tuple(ets) => d.deserialize_tuple(
            ets.len(),
            TupleVisitor {
                ets,
                json: seed.json,
            },
        ),
        Type::Dynamic => {
            d.deserialize_newtype_struct(DYNAMIC_TOKEN, DynamicVisitor { json: seed.json })
        }
    }
}

struct StringVisitor;

impl<'de> Visitor<'de> for StringVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("string")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
}

struct SeqVisitor<'t> {
    seed: TypedSeed<'t>,
    set: bool,
}

impl<'de> Visitor<'de> for SeqVisitor<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.set { "a set" } else { "a list" })
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        // The deserializer bounds the hint by the input's length.
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(v) = seq.next_element_seed(self.seed)? {
            items.push(v);
        }
        let et = self.seed.ty;
        if et.has_dynamic() {
            check_consistent(items.iter()).map_err(Error::into_de)?;
        }
        if self.set {
            canonical_set(&mut items, et);
            Ok(Value::Set(et.clone(), items))
        } else {
            Ok(Value::List(et.clone(), items))
        }
    }
}

/// A map key or attribute name, borrowed when the input allows it.
struct Key<'de>(std::borrow::Cow<'de, str>);

impl<'de> serde::Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string key")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(std::borrow::Cow::Borrowed(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Key<'de>, E> {
                Ok(Key(std::borrow::Cow::Owned(v.to_owned())))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Key<'de>, E> {
                Ok(Key(std::borrow::Cow::Owned(v)))
            }
        }
        d.deserialize_str(KeyVisitor)
    }
}

/// An attribute name as raw bytes, borrowed when the input allows it; validated as UTF-8
/// only when it must be looked up (see `ObjectVisitor`).
struct AttrName<'de>(std::borrow::Cow<'de, [u8]>);

impl<'de> serde::Deserialize<'de> for AttrName<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct NameVisitor;
        impl<'de> Visitor<'de> for NameVisitor {
            type Value = AttrName<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an attribute name")
            }
            fn visit_borrowed_bytes<E: de::Error>(self, v: &'de [u8]) -> Result<AttrName<'de>, E> {
                Ok(AttrName(std::borrow::Cow::Borrowed(v)))
            }
            fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<AttrName<'de>, E> {
                Ok(AttrName(std::borrow::Cow::Owned(v.to_vec())))
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<AttrName<'de>, E> {
                Ok(AttrName(std::borrow::Cow::Borrowed(v.as_bytes())))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<AttrName<'de>, E> {
                Ok(AttrName(std::borrow::Cow::Owned(v.as_bytes().to_vec())))
            }
        }
        d.deserialize_bytes(NameVisitor)
    }
}

/// An attribute name that must be looked up: it must be UTF-8.
fn attr_name_str<E: de::Error>(raw: &[u8]) -> Result<&str, E> {
    std::str::from_utf8(raw).map_err(|e| {
        Error::new(
            ErrorKind::Syntax,
            format!(
                "invalid UTF-8 in an attribute name (byte {} of the name)",
                e.valid_up_to()
            ),
        )
        .into_de()
    })
}

struct MapVisitor<'t>(TypedSeed<'t>);

impl<'de> Visitor<'de> for MapVisitor<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a map")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        // Terraform (go-cty) writes map keys in ascending order: while they come that way
        // they are collected in order and the tree is built in one pass at the end (linear),
        // instead of searching the tree from its root for every key (n log n). Keys out of
        // order move everything into the tree, key by key.
        // Reserved from the entry count (the deserializer bounds it by the input's length),
        // up to a fixed number of bytes: no copying as the vector grows.
        let limit = crate::limits::MAX_PREALLOC_BYTES / std::mem::size_of::<(String, Value)>();
        let mut sorted: Vec<(String, Value)> =
            Vec::with_capacity(map.size_hint().unwrap_or(0).min(limit));
        let mut items: Option<BTreeMap<String, Value>> = None;
        while let Some(Key(k)) = map.next_key::<Key<'de>>()? {
            let v = map.next_value_seed(self.0)?;
            let tree = match &mut items {
                None if sorted
                    .last()
                    .is_none_or(|(last, _)| last.as_str() < k.as_ref()) =>
                {
                    sorted.push((k.into_owned(), v));
                    continue;
                }
                None => items.insert(std::mem::take(&mut sorted).into_iter().collect()),
                Some(tree) => tree,
            };
            match tree.entry(k.into_owned()) {
                std::collections::btree_map::Entry::Vacant(slot) => {
                    slot.insert(v);
                }
                std::collections::btree_map::Entry::Occupied(slot) => {
                    return Err(Error::new(
                        ErrorKind::Attribute,
                        format!("duplicate map key {:?}", slot.key()),
                    )
                    .into_de());
                }
            }
        }
        let items = items.unwrap_or_else(|| sorted.into_iter().collect());
        let et = self.0.ty;
        if et.has_dynamic() {
            check_consistent(items.values()).map_err(Error::into_de)?;
        }
        Ok(Value::Map(et.clone(), items))
    }
}

struct ObjectVisitor<'t> {
    ot: &'t Arc<ObjectType>,
    json: bool,
}

impl<'de> Visitor<'de> for ObjectVisitor<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let ot = self.ot;
        let n = ot.len();
        // Fast path: attributes arrive in the type's (sorted) order, as Terraform writes them.
        let mut values: Vec<Value> = Vec::with_capacity(n);
        let mut slots: Option<Vec<Option<Value>>> = None;
        while let Some(AttrName(raw)) = map.next_key::<AttrName<'de>>()? {
            // Compare raw bytes with the expected name first: only a name that is not the
            // next one in order needs to be valid UTF-8 to be looked up.
            // A name is looked up by its bytes, as go-cty looks it up: the type's names are
            // in NFC, so a name sent in another form is no attribute (go-cty: "unsupported
            // attribute").
            let i =
                if values.len() < n && slots.is_none() && ot.name(values.len()).as_bytes() == &*raw
                {
                    values.len()
                } else {
                    let k = attr_name_str(&raw)?;
                    match ot.index_of(k) {
                        Some(i) => i,
                        None => {
                            return Err(Error::new(
                                ErrorKind::Attribute,
                                format!(
                                "unsupported attribute {k:?}: the object type has no such attribute"
                            ),
                            )
                            .into_de())
                        }
                    }
                };
            let seed = TypedSeed {
                ty: ot.attr_type_at(i),
                json: self.json,
            };
            let v = map.next_value_seed(seed)?;
            if slots.is_none() && i == values.len() {
                values.push(v);
                continue;
            }
            let slots = slots.get_or_insert_with(|| {
                let mut s: Vec<Option<Value>> = values.drain(..).map(Some).collect();
                s.resize_with(n, || None);
                s
            });
            if slots[i].is_some() {
                let k = String::from_utf8_lossy(&raw);
                return Err(
                    Error::new(ErrorKind::Attribute, format!("duplicate attribute {k:?}"))
                        .into_de(),
                );
            }
            slots[i] = Some(v);
        }
        if let Some(slots) = slots {
            values = Vec::with_capacity(n);
            for (i, slot) in slots.into_iter().enumerate() {
                match slot {
                    Some(v) => values.push(v),
                    None if self.json => values.push(Value::Null(ot.attr_type_at(i).clone())),
                    None => return Err(missing(ot, i)),
                }
            }
        } else if values.len() < n {
            if !self.json {
                return Err(missing(ot, values.len()));
            }
            for i in values.len()..n {
                values.push(Value::Null(ot.attr_type_at(i).clone()));
            }
        }
        Ok(Value::Object(ot.clone(), values))
    }
}

#[cold]
fn missing<E: de::Error>(ot: &ObjectType, i: usize) -> E {
    Error::new(
        ErrorKind::Attribute,
        format!(
            "missing attribute {:?}: every attribute of the object type must be present",
            ot.name(i)
        ),
    )
    .into_de()
}

struct TupleVisitor<'t> {
    ets: &'t [Type],
    json: bool,
}

impl<'de> Visitor<'de> for TupleVisitor<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a tuple of {} elements", self.ets.len())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(self.ets.len());
        for (i, et) in self.ets.iter().enumerate() {
            let seed = TypedSeed {
                ty: et,
                json: self.json,
            };
            match seq.next_element_seed(seed)? {
                Some(v) => items.push(v),
                None => {
                    return Err(Error::new(
                        ErrorKind::Type,
                        format!(
                            "expected a tuple of {} elements, found {i} elements",
                            self.ets.len()
                        ),
                    )
                    .into_de())
                }
            }
        }
        Ok(Value::Tuple(items))
    }
}

/// A dynamic value: null, wholly unknown, or `[type, value]`.
struct DynamicVisitor {
    json: bool,
}

impl<'de> Visitor<'de> for DynamicVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a dynamic value")
    }

    fn visit_none<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null(Type::Dynamic))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null(Type::Dynamic))
    }

    fn visit_bytes<E: de::Error>(self, payload: &[u8]) -> Result<Value, E> {
        Ok(Value::Unknown(
            Type::Dynamic,
            refinements(payload, &Type::Dynamic)?,
        ))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let Some(TypeText(ty)) = seq.next_element::<TypeText>()? else {
            return Err(Error::new(ErrorKind::Type, "a dynamic value lacks its type").into_de());
        };
        let seed = TypedSeed {
            ty: &ty,
            json: self.json,
        };
        match seq.next_element_seed(seed)? {
            Some(v) => Ok(v),
            None => Err(Error::new(ErrorKind::Type, "a dynamic value lacks its value").into_de()),
        }
    }
}

/// A type constraint given as JSON text (bytes or a string).
struct TypeText(Type);

impl<'de> serde::Deserialize<'de> for TypeText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = TypeText;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a type constraint as JSON text")
            }
            fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<TypeText, E> {
                Type::from_json(v).map(TypeText).map_err(Error::into_de)
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<TypeText, E> {
                self.visit_bytes(v.as_bytes())
            }
        }
        d.deserialize_bytes(V)
    }
}
