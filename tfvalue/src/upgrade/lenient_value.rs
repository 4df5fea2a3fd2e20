//! Reading a stored state into a dynamic [`Value`] with the leniency of Terraform's SDKs:
//! [`Value::from_json_lenient`].

use std::collections::BTreeMap;
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, Visitor};

use crate::error::{Error, ErrorKind, Result};
use crate::types::{ObjectType, Type};
use crate::value::{canonical_set, check_consistent, TypedSeed, Value};

impl Value {
    /// Decodes a stored state's JSON against `ty` with the leniency of Terraform's SDKs
    /// (see [`json::from_slice_lenient`](crate::json::from_slice_lenient)): numbers from
    /// decimal strings, strings from numbers and bools, bools from `"true"`/`"1"`/
    /// `"false"`/`"0"`, object attributes the type does not declare ignored, attributes it
    /// declares but the JSON lacks null. [`Value::from_json`] is the strict form.
    ///
    /// ```
    /// use tfvalue::{Type, Value};
    ///
    /// let ty = Type::from_json(br#"["object",{"n":"number","s":"string"}]"#)?;
    /// let v = Value::from_json_lenient(br#"{"n":"0.1","old":true}"#, &ty)?;
    /// assert_eq!(v.attr("n").and_then(Value::as_number).map(|n| n.to_string()).as_deref(), Some("0.1"));
    /// assert!(v.attr("s").is_some_and(Value::is_null));
    /// assert!(Value::from_json(br#"{"n":"0.1","old":true}"#, &ty).is_err());
    /// # Ok::<(), tfvalue::Error>(())
    /// ```
    pub fn from_json_lenient(bytes: &[u8], ty: &Type) -> Result<Value> {
        crate::json::from_slice_seed_lenient(bytes, LenientSeed { ty })
    }
}

/// Decodes a value of type `ty` leniently. Primitives and dynamic values go through the
/// strict seed (the lenient deserializer supplies their leniency; a dynamic value's type
/// is its own); collections, objects and tuples are read here so that objects at any depth
/// skip undeclared attributes.
#[derive(Clone, Copy)]
struct LenientSeed<'t> {
    ty: &'t Type,
}

impl<'de> DeserializeSeed<'de> for LenientSeed<'_> {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> std::result::Result<Value, D::Error> {
        match self.ty {
            Type::List(_) | Type::Set(_) | Type::Map(_) | Type::Object(_) | Type::Tuple(_) => {
                // JSON has no unknown values: null or a value.
                d.deserialize_option(Structural { ty: self.ty })
            }
            _ => TypedSeed::new_json(self.ty).deserialize(d),
        }
    }
}

/// A collection, object or tuple, or null.
struct Structural<'t> {
    ty: &'t Type,
}

impl<'de> Visitor<'de> for Structural<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.ty.kind_name())
    }

    fn visit_none<E: de::Error>(self) -> std::result::Result<Value, E> {
        Ok(Value::Null(self.ty.clone()))
    }

    fn visit_unit<E: de::Error>(self) -> std::result::Result<Value, E> {
        Ok(Value::Null(self.ty.clone()))
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> std::result::Result<Value, D::Error> {
        match self.ty {
            Type::List(et) => d.deserialize_seq(Elements { et, set: false }),
            Type::Set(et) => d.deserialize_seq(Elements { et, set: true }),
            Type::Map(et) => d.deserialize_map(MapEntries { et }),
            // No field names: the deserializer hands over every entry, and this visitor
            // skips the undeclared ones itself.
            Type::Object(ot) => d.deserialize_struct("object", &[], Attributes { ot }),
            Type::Tuple(ets) => d.deserialize_tuple(ets.len(), TupleElements { ets }),
            other => TypedSeed::new_json(other).deserialize(d),
        }
    }
}

/// The elements of a list or set.
struct Elements<'t> {
    et: &'t Type,
    set: bool,
}

impl<'de> Visitor<'de> for Elements<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.set { "a set" } else { "a list" })
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<Value, A::Error> {
        // The deserializer bounds the hint by the input's length.
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(v) = seq.next_element_seed(LenientSeed { ty: self.et })? {
            items.push(v);
        }
        if self.et.has_dynamic() {
            check_consistent(items.iter()).map_err(Error::into_de)?;
        }
        if self.set {
            canonical_set(&mut items, self.et);
            Ok(Value::Set(self.et.clone(), items))
        } else {
            Ok(Value::List(self.et.clone(), items))
        }
    }
}

/// The entries of a map.
struct MapEntries<'t> {
    et: &'t Type,
}

impl<'de> Visitor<'de> for MapEntries<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a map")
    }

    fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> std::result::Result<Value, A::Error> {
        let mut items = BTreeMap::new();
        while let Some(key) = map.next_key::<String>()? {
            let v = map.next_value_seed(LenientSeed { ty: self.et })?;
            match items.entry(key) {
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
        if self.et.has_dynamic() {
            check_consistent(items.values()).map_err(Error::into_de)?;
        }
        Ok(Value::Map(self.et.clone(), items))
    }
}

/// The attributes of an object: undeclared ones skipped, missing ones null.
struct Attributes<'t> {
    ot: &'t std::sync::Arc<ObjectType>,
}

impl<'de> Visitor<'de> for Attributes<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object")
    }

    fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> std::result::Result<Value, A::Error> {
        let types = self.ot.types();
        // One slot per declared attribute: bounded by the type, not the input.
        let mut slots: Vec<Option<Value>> = types.iter().map(|_| None).collect();
        while let Some(name) = map.next_key::<String>()? {
            let Some(i) = self.ot.index_of(&name) else {
                map.next_value::<IgnoredAny>()?;
                continue;
            };
            let (Some(slot), Some(ty)) = (slots.get_mut(i), types.get(i)) else {
                map.next_value::<IgnoredAny>()?;
                continue;
            };
            if slot.is_some() {
                return Err(Error::new(
                    ErrorKind::Attribute,
                    format!("duplicate attribute {name:?}"),
                )
                .into_de());
            }
            *slot = Some(map.next_value_seed(LenientSeed { ty })?);
        }
        let values = slots
            .into_iter()
            .zip(types)
            .map(|(slot, ty)| slot.unwrap_or_else(|| Value::Null(ty.clone())))
            .collect();
        Ok(Value::Object(self.ot.clone(), values))
    }
}

/// The elements of a tuple.
struct TupleElements<'t> {
    ets: &'t [Type],
}

impl<'de> Visitor<'de> for TupleElements<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a tuple of {} elements", self.ets.len())
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<Value, A::Error> {
        let mut items = Vec::with_capacity(self.ets.len());
        for (i, ty) in self.ets.iter().enumerate() {
            match seq.next_element_seed(LenientSeed { ty })? {
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
