//! State upgrade: reading a state stored by an older version of a resource's schema.
//!
//! Terraform stores each resource's state with the schema version that wrote it. When the
//! provider's schema version is higher, Terraform calls `UpgradeResourceState` with the
//! stored state as JSON (the "raw state") and its version; the provider answers with the
//! state in the current schema. Declare one model per schema version, say how each follows
//! from the one before ([`StateVersion`]), and [`upgrade_state`] decodes the raw state
//! with the model of its version and walks it up the chain.
//!
//! The raw state is read with [`json::from_slice_lenient`](crate::json::from_slice_lenient),
//! the leniency of Terraform's own SDKs: numbers from decimal strings, strings from numbers
//! and bools, bools from `"true"`/`"1"`/`"false"`/`"0"`, attributes the model does not
//! declare ignored, attributes it declares but the state lacks null. So a model of an old
//! version need only declare what its upgrade uses.
//!
//! ```
//! use serde::Deserialize;
//! use tfvalue::upgrade::{upgrade_state, NoPrevious, StateVersion};
//! use tfvalue::Nullable;
//!
//! /// Version 0. Its states also hold `legacy_port`, which version 1 drops: this model
//! /// does not declare it, and lenient decoding ignores it.
//! #[derive(Deserialize)]
//! struct ServerV0 {
//!     id: String,
//!     name: String,
//! }
//!
//! impl StateVersion for ServerV0 {
//!     const VERSION: i64 = 0;
//!     type Previous = NoPrevious;
//!     fn upgrade(previous: NoPrevious) -> tfvalue::Result<Self> {
//!         match previous {}
//!     }
//! }
//!
//! /// Version 1: `name` is renamed `hostname`.
//! #[derive(Deserialize)]
//! struct ServerV1 {
//!     id: String,
//!     hostname: String,
//! }
//!
//! impl StateVersion for ServerV1 {
//!     const VERSION: i64 = 1;
//!     type Previous = ServerV0;
//!     fn upgrade(v0: ServerV0) -> tfvalue::Result<Self> {
//!         Ok(ServerV1 { id: v0.id, hostname: v0.name })
//!     }
//! }
//!
//! /// Version 2, the current one: adds `zone`, null in upgraded states.
//! #[derive(Deserialize, Debug, PartialEq)]
//! struct Server {
//!     id: String,
//!     hostname: String,
//!     zone: Nullable<String>,
//! }
//!
//! impl StateVersion for Server {
//!     const VERSION: i64 = 2;
//!     type Previous = ServerV1;
//!     fn upgrade(v1: ServerV1) -> tfvalue::Result<Self> {
//!         Ok(Server { id: v1.id, hostname: v1.hostname, zone: Nullable::Null })
//!     }
//! }
//!
//! // A state stored at version 0 takes both steps.
//! let raw = br#"{"id": "srv-1", "legacy_port": 8080, "name": "web"}"#;
//! let server: Server = upgrade_state(0, raw)?;
//! assert_eq!(server.hostname, "web");
//! assert!(server.zone.is_null());
//!
//! // One stored at version 1 takes the last step only.
//! let server: Server = upgrade_state(1, br#"{"hostname": "db", "id": "srv-2"}"#)?;
//! assert_eq!(server.id, "srv-2");
//!
//! // Terraform also calls UpgradeResourceState for a state of the current version: it is
//! // decoded as it is (leniently: here `zone` is missing and arrives null).
//! let server: Server = upgrade_state(2, br#"{"hostname": "x", "id": "srv-3"}"#)?;
//! assert!(server.zone.is_null());
//!
//! // A state from a newer provider cannot be read.
//! let err = upgrade_state::<Server>(5, raw).unwrap_err();
//! assert_eq!(err.to_string(), "state version 5 is newer than this provider's schema version 2");
//! # Ok::<(), tfvalue::Error>(())
//! ```
//!
//! Every model of the chain is decoded with serde (`DeserializeOwned` is a supertrait of
//! [`StateVersion`]); a model's own decoding decides what it accepts, within the leniency
//! above. Versions must rise along the chain (each `Previous` has a lower `VERSION`, which
//! is checked when the chain is compiled into a program); they need not be consecutive.
//!
//! States stored by Terraform before 0.12 come as a "flatmap" (`"tags.%"`, `"disk.0.size"`
//! keys) instead of JSON. They are not supported: the provider layer rejects a raw state
//! without JSON, and [`upgrade_state`] given empty JSON says so.
//!
//! [`Value::from_json_lenient`] reads a raw state into a dynamic [`Value`] of a given type,
//! with the same leniency.

use std::collections::BTreeMap;
use std::fmt;

use serde::de::{self, DeserializeOwned, DeserializeSeed, Deserializer, IgnoredAny, Visitor};

use crate::error::{Error, ErrorKind, Result};
use crate::types::{ObjectType, Type};
use crate::value::{canonical_set, check_consistent, TypedSeed, Value};

/// A model version in a state-upgrade chain.
///
/// The chain runs from the current model back through each `Previous` to [`NoPrevious`].
/// Versions must fall along it; a chain where they do not is rejected when a program that
/// upgrades through it is compiled:
///
/// ```compile_fail
/// # use serde::Deserialize;
/// # use tfvalue::upgrade::{upgrade_state, NoPrevious, StateVersion};
/// #[derive(Deserialize)]
/// struct Looping {}
///
/// impl StateVersion for Looping {
///     const VERSION: i64 = 1;
///     type Previous = Looping; // not lower: rejected
///     fn upgrade(previous: Looping) -> tfvalue::Result<Self> {
///         Ok(previous)
///     }
/// }
///
/// let _ = upgrade_state::<Looping>(0, b"{}");
/// ```
pub trait StateVersion: DeserializeOwned + Sized {
    /// The schema version this model is (the `version` of the resource's schema).
    const VERSION: i64;
    /// The previous version (use [`NoPrevious`] for the first). Its `VERSION` must be
    /// lower than this one's.
    type Previous: StateVersion;
    /// Converts the previous version's state into this one.
    fn upgrade(previous: Self::Previous) -> Result<Self>;
}

/// The `Previous` of the first model in a chain: there is no value of this type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoPrevious {}

impl StateVersion for NoPrevious {
    const VERSION: i64 = -1;
    type Previous = NoPrevious;

    fn upgrade(previous: NoPrevious) -> Result<Self> {
        match previous {}
    }
}

impl<'de> serde::Deserialize<'de> for NoPrevious {
    /// Always fails: there is no state before the first version.
    fn deserialize<D: Deserializer<'de>>(_d: D) -> std::result::Result<Self, D::Error> {
        Err(de::Error::custom(
            "there is no state version before the first one",
        ))
    }
}

/// Decodes a raw state's JSON stored at `stored_version` and upgrades it step by step to
/// `T`, the current model.
///
/// The state is decoded leniently (see the [module documentation](self)) with the model
/// whose `VERSION` is `stored_version`, then passed through each following model's
/// [`StateVersion::upgrade`]. Decoding errors carry the attribute path within the stored
/// state; errors of an `upgrade` are returned as they are.
///
/// # Errors
/// A stored version newer than `T::VERSION`, older than the chain's first, negative, or
/// between two versions of the chain; empty JSON (a pre-0.12 flatmap state); a state the
/// model of its version cannot decode; an error of an `upgrade` step.
pub fn upgrade_state<T: StateVersion>(stored_version: i64, raw_state_json: &[u8]) -> Result<T> {
    if stored_version > T::VERSION {
        return Err(version_error(format!(
            "state version {stored_version} is newer than this provider's schema version {}",
            T::VERSION
        )));
    }
    if stored_version < 0 {
        return Err(version_error(format!(
            "state version {stored_version} is not a schema version (they start at 0)"
        )));
    }
    if raw_state_json.iter().all(u8::is_ascii_whitespace) {
        return Err(Error::new(
            ErrorKind::Syntax,
            "the stored state has no JSON: states stored by Terraform before 0.12 \
             (flatmap) cannot be upgraded",
        ));
    }
    if !has_version::<T>(stored_version) {
        return Err(chain_error::<T>(stored_version));
    }
    decode_at::<T>(stored_version, raw_state_json)
}

/// Whether `T`'s chain has a model of version `v`.
fn has_version<T: StateVersion>(v: i64) -> bool {
    if T::VERSION < 0 || v > T::VERSION {
        return false;
    }
    // Ends: versions fall strictly along the chain (see `decode_at`).
    v == T::VERSION || has_version::<T::Previous>(v)
}

/// Decodes the state with the model of `stored` in `T`'s chain and upgrades it to `T`.
/// The chain has a model of version `stored`.
fn decode_at<T: StateVersion>(stored: i64, raw: &[u8]) -> Result<T> {
    const {
        assert!(
            T::VERSION < 0 || <T::Previous as StateVersion>::VERSION < T::VERSION,
            "a StateVersion's `Previous` must have a lower VERSION"
        );
    }
    if stored == T::VERSION {
        return crate::json::from_slice_lenient(raw);
    }
    if T::VERSION < 0 || stored > T::VERSION {
        // Not reached: the caller checked that the chain has this version.
        return Err(version_error(format!(
            "state version {stored} has no model in this provider's upgrade chain"
        )));
    }
    // Versions fall strictly at every step (checked above when compiled), so this recursion
    // ends within the chain's length.
    let previous = decode_at::<T::Previous>(stored, raw)?;
    T::upgrade(previous)
}

/// Why `stored` has no model in the chain that `T` ends.
#[cold]
fn chain_error<T: StateVersion>(stored: i64) -> Error {
    let mut versions = Vec::new();
    collect_versions::<T>(&mut versions);
    versions.reverse();
    match versions.first() {
        Some(&oldest) if stored < oldest => version_error(format!(
            "state version {stored} is older than the oldest version this provider can \
             upgrade from ({oldest})"
        )),
        _ => {
            let list: Vec<String> = versions.iter().map(i64::to_string).collect();
            version_error(format!(
                "state version {stored} has no model in this provider's upgrade chain \
                 (versions {})",
                list.join(", ")
            ))
        }
    }
}

/// The versions of `T`'s chain, newest first.
fn collect_versions<T: StateVersion>(out: &mut Vec<i64>) {
    if T::VERSION < 0 {
        return;
    }
    out.push(T::VERSION);
    // Ends: versions fall strictly along the chain (see `decode_at`).
    collect_versions::<T::Previous>(out);
}

#[cold]
fn version_error(message: String) -> Error {
    Error::new(ErrorKind::Type, message)
}

// ---------------------------------------------------------------------------------------
// Dynamic values
// ---------------------------------------------------------------------------------------

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Nullable, Number};
    use serde::Deserialize;

    #[derive(Debug, Deserialize, PartialEq)]
    struct V0 {
        name: String,
        size_mb: u64,
    }

    impl StateVersion for V0 {
        const VERSION: i64 = 0;
        type Previous = NoPrevious;
        fn upgrade(previous: NoPrevious) -> Result<Self> {
            match previous {}
        }
    }

    #[derive(Debug, Deserialize, PartialEq)]
    struct V1 {
        label: String,
        size_mb: u64,
    }

    impl StateVersion for V1 {
        const VERSION: i64 = 1;
        type Previous = V0;
        fn upgrade(v0: V0) -> Result<Self> {
            Ok(V1 {
                label: v0.name,
                size_mb: v0.size_mb,
            })
        }
    }

    /// Version 3 follows version 1: version 2 was never released.
    #[derive(Debug, Deserialize, PartialEq)]
    struct V3 {
        label: String,
        size_gb: Number,
        zone: Nullable<String>,
    }

    impl StateVersion for V3 {
        const VERSION: i64 = 3;
        type Previous = V1;
        fn upgrade(v1: V1) -> Result<Self> {
            if !v1.size_mb.is_multiple_of(1024) {
                return Err(Error::new(
                    ErrorKind::Custom,
                    format!("size {} MB is not a whole number of GB", v1.size_mb),
                ));
            }
            Ok(V3 {
                label: v1.label,
                size_gb: Number::from(v1.size_mb / 1024),
                zone: Nullable::Null,
            })
        }
    }

    fn v3(label: &str, gb: u64, zone: Option<&str>) -> V3 {
        V3 {
            label: label.into(),
            size_gb: Number::from(gb),
            zone: zone.map_or(Nullable::Null, |z| Nullable::Value(z.into())),
        }
    }

    #[test]
    fn each_step_of_the_chain() {
        // From version 0: both steps; `legacy` is ignored, the size is a string.
        let raw = br#"{"legacy": true, "name": "disk", "size_mb": "2048"}"#;
        assert_eq!(upgrade_state::<V3>(0, raw).unwrap(), v3("disk", 2, None));
        // The first step alone.
        let v1 = upgrade_state::<V1>(0, raw).unwrap();
        assert_eq!(
            v1,
            V1 {
                label: "disk".into(),
                size_mb: 2048
            }
        );
        // From version 1: the last step.
        let raw = br#"{"label": "d", "size_mb": 1024}"#;
        assert_eq!(upgrade_state::<V3>(1, raw).unwrap(), v3("d", 1, None));
        // The current version: decoded as it is.
        let raw = br#"{"label": 5, "size_gb": "0.5", "zone": "z"}"#;
        let got = upgrade_state::<V3>(3, raw).unwrap();
        assert_eq!(got.label, "5");
        assert_eq!(got.size_gb, Number::parse("0.5").unwrap());
        assert_eq!(got.zone, Nullable::Value("z".into()));
        // The first version to itself.
        let raw = br#"{"name": "n", "size_mb": 1}"#;
        assert_eq!(upgrade_state::<V0>(0, raw).unwrap().name, "n");
    }

    #[test]
    fn version_errors() {
        let raw = br#"{"name": "n", "size_mb": 1}"#;
        let e = upgrade_state::<V3>(5, raw).unwrap_err();
        assert_eq!(
            e.to_string(),
            "state version 5 is newer than this provider's schema version 3"
        );
        assert_eq!(e.kind(), ErrorKind::Type);
        let e = upgrade_state::<V3>(2, raw).unwrap_err();
        assert_eq!(
            e.to_string(),
            "state version 2 has no model in this provider's upgrade chain (versions 0, 1, 3)"
        );
        let e = upgrade_state::<V3>(-1, raw).unwrap_err();
        assert_eq!(
            e.to_string(),
            "state version -1 is not a schema version (they start at 0)"
        );
        let e = upgrade_state::<V1>(i64::MAX, raw).unwrap_err();
        assert!(e.to_string().contains("is newer than"), "{e}");
        let e = upgrade_state::<V1>(i64::MIN, raw).unwrap_err();
        assert!(e.to_string().contains("is not a schema version"), "{e}");
    }

    /// A chain whose first model is version 2.
    #[derive(Debug, Deserialize)]
    struct Late {
        #[allow(dead_code)]
        a: String,
    }

    impl StateVersion for Late {
        const VERSION: i64 = 2;
        type Previous = NoPrevious;
        fn upgrade(previous: NoPrevious) -> Result<Self> {
            match previous {}
        }
    }

    #[test]
    fn older_than_the_first_model() {
        let e = upgrade_state::<Late>(1, br#"{"a": "x"}"#).unwrap_err();
        assert_eq!(
            e.to_string(),
            "state version 1 is older than the oldest version this provider can upgrade from (2)"
        );
        assert!(upgrade_state::<Late>(2, br#"{"a": "x"}"#).is_ok());
    }

    #[test]
    fn flatmap_states_are_rejected() {
        for raw in [&b""[..], b"  \n"] {
            let e = upgrade_state::<V3>(0, raw).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::Syntax);
            assert!(e.to_string().contains("flatmap"), "{e}");
        }
    }

    #[test]
    fn decoding_and_upgrade_errors() {
        // Decoding errors keep their path and kind.
        let e = upgrade_state::<V3>(0, br#"{"name": "n", "size_mb": "big"}"#).unwrap_err();
        assert_eq!(
            e.to_string(),
            r#".size_mb: expected number, found the string "big""#
        );
        assert_eq!(e.kind(), ErrorKind::Type);
        let e = upgrade_state::<V3>(1, br#"{"size_mb": 1}"#).unwrap_err();
        assert_eq!(e.to_string(), r#"missing attribute "label""#);
        assert_eq!(e.kind(), ErrorKind::Attribute);
        let e = upgrade_state::<V3>(0, br#"{"name": "n", "size_mb": 1"#).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Syntax);
        // An upgrade step's own error.
        let e = upgrade_state::<V3>(0, br#"{"name": "n", "size_mb": 1000}"#).unwrap_err();
        assert_eq!(e.to_string(), "size 1000 MB is not a whole number of GB");
        assert_eq!(e.kind(), ErrorKind::Custom);
    }

    #[test]
    fn no_previous_cannot_be_decoded() {
        let e = crate::json::from_slice::<NoPrevious>(b"null").unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Custom);
        assert_eq!(NoPrevious::VERSION, -1);
    }

    fn ty(json: &str) -> Type {
        Type::from_json(json.as_bytes()).unwrap()
    }

    #[test]
    fn value_objects_skip_undeclared_and_null_missing_attributes() {
        let t = ty(r#"["object", {
            "b": "bool", "n": "number", "s": "string",
            "l": ["list", ["object", {"x": "string", "y": "number"}]],
            "st": ["set", ["object", {"x": "string"}]],
            "m": ["map", ["object", {"x": "string"}]],
            "t": ["tuple", [["object", {"x": "string"}], "number"]],
            "o": ["object", {"x": "string"}],
            "d": "dynamic"
        }]"#);
        let raw = br#"{"b": "1", "n": "123456789012345678901234567890", "s": 1.50,
            "old": {"anything": [1, 2]},
            "l": [{"x": 1, "gone": 1}, {"y": "2"}],
            "st": [{"x": "a", "z": 0}],
            "m": {"k": {"w": 1}},
            "t": [{"x": true, "q": 1}, "7"],
            "d": {"value": "5", "type": "number"}}"#;
        let v = Value::from_json_lenient(raw, &t).unwrap();
        assert_eq!(v.attr("b").and_then(Value::as_bool), Some(true));
        assert_eq!(
            v.attr("n")
                .and_then(Value::as_number)
                .map(Number::to_string),
            Some("123456789012345678901234567890".to_owned())
        );
        assert_eq!(v.attr("s").and_then(Value::as_str), Some("1.50"));
        assert!(v.attr("o").is_some_and(Value::is_null));
        let l = v.attr("l").and_then(Value::as_elements).unwrap();
        assert_eq!(l[0].attr("x").and_then(Value::as_str), Some("1"));
        assert!(l[0].attr("y").is_some_and(Value::is_null));
        assert!(l[1].attr("x").is_some_and(Value::is_null));
        assert_eq!(
            l[1].attr("y").and_then(Value::as_number),
            Some(&Number::from(2))
        );
        let st = v.attr("st").and_then(Value::as_elements).unwrap();
        assert_eq!(st[0].attr("x").and_then(Value::as_str), Some("a"));
        let m = v.attr("m").and_then(Value::as_map).unwrap();
        assert!(m["k"].attr("x").is_some_and(Value::is_null));
        let t_el = v.attr("t").and_then(Value::as_elements).unwrap();
        assert_eq!(t_el[0].attr("x").and_then(Value::as_str), Some("true"));
        assert_eq!(t_el[1].as_number(), Some(&Number::from(7)));
        assert_eq!(
            v.attr("d").and_then(Value::as_number),
            Some(&Number::from(5))
        );
        v.conforms_to(&t).unwrap();
        // Strict decoding rejects the same input.
        let e = Value::from_json(raw, &t).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Type);
    }

    #[test]
    fn value_errors_keep_paths() {
        let t = ty(r#"["object", {"l": ["list", ["object", {"y": "number"}]]}]"#);
        let e = Value::from_json_lenient(br#"{"l": [{}, {"y": "x"}]}"#, &t).unwrap_err();
        assert_eq!(
            e.to_string(),
            r#".l[1].y: expected number, found the string "x""#
        );
        let e = Value::from_json_lenient(br#"{"l": [{}, {"y": 1, "y": 2}]}"#, &t).unwrap_err();
        assert_eq!(e.to_string(), r#".l[1]: duplicate attribute "y""#);
        assert_eq!(e.kind(), ErrorKind::Attribute);
        let e = Value::from_json_lenient(br#"{"l": {}}"#, &t).unwrap_err();
        assert_eq!(
            e.to_string(),
            ".l: expected a list or set, found an object or map"
        );
        let t = ty(r#"["tuple", ["string", "number"]]"#);
        let e = Value::from_json_lenient(br#"["a"]"#, &t).unwrap_err();
        assert_eq!(
            e.to_string(),
            "expected a tuple of 2 elements, found 1 elements"
        );
        let e = Value::from_json_lenient(br#"["a", 1, 2]"#, &t).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Type);
        let t = ty(r#"["map", "string"]"#);
        let e = Value::from_json_lenient(br#"{"a": 1, "a": 2}"#, &t).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Attribute);
        let v = Value::from_json_lenient(b"null", &t).unwrap();
        assert!(v.is_null());
    }

    #[test]
    fn value_sets_are_canonical() {
        let t = ty(r#"["set", "string"]"#);
        let v = Value::from_json_lenient(br#"["b", 1, "a", "b"]"#, &t).unwrap();
        assert_eq!(v, Value::from_json(br#"["1", "a", "b"]"#, &t).unwrap());
    }
}
