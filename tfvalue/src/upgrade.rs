//! State upgrade: reading a state stored by an older version of a resource's schema.
//!
//! Terraform stores each resource's state with the schema version that wrote it. When the
//! provider's schema version is higher, Terraform calls `UpgradeResourceState` with the
//! stored state as JSON (the "raw state") and its version; the provider answers with the
//! state in the current schema.
//!
//! The current version is said once, on the current model: `#[tf(version = N)]` (its
//! schema's `version`). Each older version has a model of its own, a plain serde struct,
//! and [`Upgrades`] lists how a state of each becomes the current model: straight from
//! any old version in one function ([`Upgrades::from`]), or step by step through a chain
//! of old models, each saying how it follows from the one before ([`StateVersion`],
//! [`Upgrades::chain`]). The two mix: version 0 may go straight to the current model
//! while versions 1 and 2 take steps.
//!
//! The raw state is read with [`json::from_slice_lenient`](crate::json::from_slice_lenient),
//! the leniency of Terraform's own SDKs: numbers from decimal strings, strings from numbers
//! and bools, bools from `"true"`/`"1"`/`"false"`/`"0"`, attributes the model does not
//! declare ignored, attributes it declares but the state lacks null. So a model of an old
//! version need only declare what its upgrade uses.
//!
//! ```
//! use serde::Deserialize;
//! use tfvalue::upgrade::{NoPrevious, StateVersion, Upgrades};
//! use tfvalue::{Nullable, TfSchema};
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
//! /// Version 2, the current one (said here only): adds `zone`, null in upgraded states.
//! #[derive(TfSchema, Debug, PartialEq)]
//! #[tf(version = 2)]
//! struct Server {
//!     id: String,
//!     hostname: String,
//!     zone: Nullable<String>,
//! }
//!
//! let upgrades = Upgrades::<Server>::new().chain::<ServerV1>(|v1| {
//!     Ok(Server { id: v1.id, hostname: v1.hostname, zone: Nullable::Null })
//! });
//!
//! // A state stored at version 0 takes both steps.
//! let raw = br#"{"id": "srv-1", "legacy_port": 8080, "name": "web"}"#;
//! let server = upgrades.upgrade(0, raw)?;
//! assert_eq!(server.hostname, "web");
//! assert!(server.zone.is_null());
//!
//! // One stored at version 1 takes the last step only.
//! let server = upgrades.upgrade(1, br#"{"hostname": "db", "id": "srv-2"}"#)?;
//! assert_eq!(server.id, "srv-2");
//!
//! // Terraform also calls UpgradeResourceState for a state of the current version: it is
//! // decoded as it is (leniently: here `zone` is missing and arrives null).
//! let server = upgrades.upgrade(2, br#"{"hostname": "x", "id": "srv-3"}"#)?;
//! assert!(server.zone.is_null());
//!
//! // A state from a newer provider cannot be read.
//! let err = upgrades.upgrade(5, raw).unwrap_err();
//! assert_eq!(err.to_string(), "state version 5 is newer than this provider's schema version 2");
//! # Ok::<(), tfvalue::Error>(())
//! ```
//!
//! Every old model is decoded with serde (`DeserializeOwned`); a model's own decoding
//! decides what it accepts, within the leniency above. Versions must rise along a chain
//! (each `Previous` has a lower `VERSION`, which is checked when the chain is compiled into
//! a program); they need not be consecutive.
//!
//! [`upgrade_state`] walks a chain whose last model is the current one, for models
//! without a schema (plain serde structs throughout); a model with `#[tf(version = N)]`
//! goes through [`Upgrades`] instead, so that its version is not written twice.
//!
//! States stored by Terraform before 0.12 come as a "flatmap" (`"tags.%"`, `"disk.0.size"`
//! keys) instead of JSON. They are not supported: the provider layer rejects a raw state
//! without JSON, and [`Upgrades::upgrade`] and [`upgrade_state`] given empty JSON say so.
//!
//! [`Value::from_json_lenient`](crate::Value::from_json_lenient) reads a raw state into a
//! dynamic [`Value`](crate::Value) of a given type, with the same leniency.

use serde::de::{self, DeserializeOwned, Deserializer};

use crate::error::{Error, ErrorKind, Result};

/// A model version in a state-upgrade chain.
///
/// Implement it for the models of older schema versions; [`Upgrades::chain`] joins a chain
/// to the current model, whose version is its schema's (`#[tf(version = N)]`) and is not
/// repeated here. The chain runs from its last model back through each `Previous` to
/// [`NoPrevious`].
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
/// For a chain of plain serde models throughout. When the current model derives
/// `TfSchema`, use [`Upgrades::chain`] instead: its version is then the schema's, written
/// once, where `T::VERSION` here would repeat it.
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
    check_stored(stored_version, T::VERSION, raw_state_json)?;
    if !has_version::<T>(stored_version) {
        return Err(chain_error::<T>(stored_version));
    }
    decode_at::<T>(stored_version, raw_state_json)
}

/// What every upgrade checks first: the stored version is a schema version no newer than
/// `current`, and the raw state has JSON.
fn check_stored(stored: i64, current: i64, raw_state_json: &[u8]) -> Result<()> {
    if stored > current {
        return Err(version_error(format!(
            "state version {stored} is newer than this provider's schema version {current}"
        )));
    }
    if stored < 0 {
        return Err(version_error(format!(
            "state version {stored} is not a schema version (they start at 0)"
        )));
    }
    if raw_state_json.iter().all(u8::is_ascii_whitespace) {
        return Err(Error::new(
            ErrorKind::Syntax,
            "the stored state has no JSON: states stored by Terraform before 0.12 \
             (flatmap) cannot be upgraded",
        ));
    }
    Ok(())
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

mod lenient_value;
mod upgrades;

pub use upgrades::Upgrades;

#[cfg(test)]
mod tests;
