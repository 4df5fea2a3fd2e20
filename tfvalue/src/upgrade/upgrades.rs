//! [`Upgrades`]: for each older schema version of a resource, how a state stored with it
//! becomes the current model.

use std::fmt;
use std::sync::Arc;

use serde::de::DeserializeOwned;

use super::{check_stored, collect_versions, decode_at, version_error, StateVersion};
use crate::error::{Error, ErrorKind, Result};
use crate::schema::TfSchema;

/// Reads a raw state stored at the given version and converts it into the current model.
type Convert<M> = dyn Fn(i64, &[u8]) -> Result<M> + Send + Sync;

/// How the states of each older schema version become the current model `M`.
///
/// The current version is `M`'s schema version, `#[tf(version = N)]` on the model (0 when
/// not set), and is written nowhere else. Each older version gets one conversion, declared
/// with the version's own model:
///
/// - [`Upgrades::from`]: a state of one version, decoded into its model, converted
///   straight into `M` (version 0 to 3 in one function);
/// - [`Upgrades::chain`]: every version of a [`StateVersion`] chain, each walked step by
///   step up to the chain's last model, which is then converted into `M`.
///
/// Both may be mixed, as long as each version has one conversion. A stored state is read
/// with [`json::from_slice_lenient`](crate::json::from_slice_lenient) (the leniency of
/// Terraform's SDKs: numbers from strings, undeclared attributes ignored, missing ones
/// null), so an old model declares only what its conversion uses; its own decoding is
/// otherwise as strict as its types (a `String` field refuses a null).
///
/// ```
/// use serde::Deserialize;
/// use tfvalue::upgrade::Upgrades;
/// use tfvalue::{Error, ErrorKind, Nullable, TfSchema};
///
/// /// The current model: schema version 2, said once.
/// #[derive(TfSchema, Debug, PartialEq)]
/// #[tf(version = 2)]
/// struct Password {
///     id: String,
///     length: i64,
///     numeric: bool,
///     result: String,
/// }
///
/// /// Version 0: `length` was not stored by imports, `number` was `numeric`'s name.
/// #[derive(Deserialize)]
/// struct PasswordV0 {
///     id: String,
///     length: Nullable<i64>,
///     number: Nullable<bool>,
///     result: String,
/// }
///
/// /// Version 1: the same attributes, and `numeric` beside `number`.
/// #[derive(Deserialize)]
/// struct PasswordV1 {
///     id: String,
///     length: i64,
///     numeric: bool,
///     result: String,
/// }
///
/// fn length_of(result: &str) -> tfvalue::Result<i64> {
///     i64::try_from(result.chars().count())
///         .map_err(|_| Error::new(ErrorKind::Custom, "too long").in_attr("result"))
/// }
///
/// let upgrades = Upgrades::<Password>::new()
///     .from(0, |v0: PasswordV0| {
///         Ok(Password {
///             length: match v0.length.into_option() {
///                 Some(length) => length,
///                 None => length_of(&v0.result)?,
///             },
///             numeric: v0.number.into_option().unwrap_or(true),
///             id: v0.id,
///             result: v0.result,
///         })
///     })
///     .from(1, |v1: PasswordV1| {
///         Ok(Password { id: v1.id, length: v1.length, numeric: v1.numeric, result: v1.result })
///     });
/// assert!(upgrades.problems().is_empty());
/// assert_eq!(upgrades.versions(), [0, 1]);
///
/// // Version 0, imported without a length: straight to version 2.
/// let raw = br#"{"id": "none", "length": null, "number": "true", "result": "s3cr3t"}"#;
/// let password = upgrades.upgrade(0, raw)?;
/// assert_eq!((password.length, password.numeric), (6, true));
///
/// // An old state the old model refuses: the error names the attribute.
/// let raw = br#"{"id": "none", "length": 6, "numeric": null, "result": "x"}"#;
/// let err = upgrades.upgrade(1, raw).unwrap_err();
/// assert_eq!(err.to_string(), ".numeric: expected bool, found null");
///
/// // The current version is decoded as it is; a newer one is refused.
/// let current = br#"{"id": "none", "length": 1, "numeric": false, "result": "x"}"#;
/// assert_eq!(upgrades.upgrade(2, current)?.length, 1);
/// let err = upgrades.upgrade(3, current).unwrap_err();
/// assert_eq!(err.to_string(), "state version 3 is newer than this provider's schema version 2");
/// # Ok::<(), tfvalue::Error>(())
/// ```
///
/// Mistakes in the declaration (a version declared twice, a version that is not older than
/// the current one, a negative version) are listed by [`Upgrades::problems`], and make
/// every [`Upgrades::upgrade`] fail; a provider framework checks them when the provider
/// starts.
pub struct Upgrades<M> {
    /// Each declared version with its conversion, in the order declared (a chain shares
    /// one conversion among its versions).
    entries: Vec<(i64, Arc<Convert<M>>)>,
}

impl<M> Upgrades<M> {
    /// No upgrades: only states of the current version can be read.
    pub fn new() -> Self {
        Upgrades {
            entries: Vec::new(),
        }
    }

    /// The versions with a conversion, ascending (a version declared twice is listed once).
    pub fn versions(&self) -> Vec<i64> {
        let mut versions: Vec<i64> = self.entries.iter().map(|(v, _)| *v).collect();
        versions.sort_unstable();
        versions.dedup();
        versions
    }

    /// Whether no version has a conversion.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

impl<M> Default for Upgrades<M> {
    fn default() -> Self {
        Upgrades::new()
    }
}

impl<M> fmt::Debug for Upgrades<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Upgrades")
            .field("versions", &self.versions())
            .finish_non_exhaustive()
    }
}

impl<M: TfSchema + DeserializeOwned> Upgrades<M> {
    /// Declares the conversion of states stored at `version`: decoded (leniently) into
    /// `Old`, the model of that version, then converted by `convert` straight into the
    /// current model. An error of `convert` is returned as it is; give it the path of the
    /// attribute it is about ([`Error::in_attr`]).
    #[must_use]
    pub fn from<Old: DeserializeOwned>(
        mut self,
        version: i64,
        convert: impl Fn(Old) -> Result<M> + Send + Sync + 'static,
    ) -> Self {
        let convert = move |_: i64, raw: &[u8]| convert(crate::json::from_slice_lenient(raw)?);
        self.entries.push((version, Arc::new(convert)));
        self
    }

    /// Declares the conversion of states stored at every version of `Old`'s
    /// [`StateVersion`] chain (`Old` and each `Previous` before it): decoded with the
    /// model of their version, upgraded step by step up to `Old`, then converted by
    /// `convert` into the current model. `Old` is the last version before the current
    /// one that has a model of its own; the current model is no part of the chain, so its
    /// version is written only in its schema.
    #[must_use]
    pub fn chain<Old: StateVersion>(
        mut self,
        convert: impl Fn(Old) -> Result<M> + Send + Sync + 'static,
    ) -> Self {
        let mut versions = Vec::new();
        collect_versions::<Old>(&mut versions);
        let convert: Arc<Convert<M>> =
            Arc::new(move |stored: i64, raw: &[u8]| convert(decode_at::<Old>(stored, raw)?));
        for version in versions.into_iter().rev() {
            self.entries.push((version, Arc::clone(&convert)));
        }
        self
    }

    /// The current schema version: `M`'s, as its schema says.
    pub fn current_version() -> i64 {
        M::schema().version
    }

    /// What is wrong with the declaration, one sentence each: a version declared twice, a
    /// version not older than the current one, a negative version. Empty when it is
    /// right.
    pub fn problems(&self) -> Vec<String> {
        let current = Self::current_version();
        let mut problems = Vec::new();
        let mut seen: Vec<i64> = Vec::with_capacity(self.entries.len());
        let mut repeated: Vec<i64> = Vec::new();
        for &(version, _) in &self.entries {
            if seen.contains(&version) {
                if !repeated.contains(&version) {
                    repeated.push(version);
                    problems.push(format!("state version {version} has more than one upgrade"));
                }
                continue;
            }
            seen.push(version);
            if version < 0 {
                problems.push(format!(
                    "state version {version} has an upgrade, but schema versions start at 0"
                ));
            } else if version >= current {
                problems.push(format!(
                    "state version {version} has an upgrade, but it is not older than the \
                     current schema version {current} (set with #[tf(version = ...)] on the \
                     model)"
                ));
            }
        }
        problems
    }

    /// Reads a raw state's JSON stored at `stored_version` and returns it as the current
    /// model: with the conversion declared for that version, or, for the current version,
    /// decoded as it is (leniently).
    ///
    /// # Errors
    /// The declaration has [`Upgrades::problems`]; the stored version is newer than the
    /// current one, negative, or has no conversion; the JSON is empty (a flatmap state of
    /// Terraform before 0.12); the state does not decode (the error names the attribute);
    /// a conversion's own error.
    pub fn upgrade(&self, stored_version: i64, raw_state_json: &[u8]) -> Result<M> {
        let problems = self.problems();
        if !problems.is_empty() {
            return Err(Error::new(
                ErrorKind::Custom,
                format!(
                    "the state upgrades are declared wrongly: {}",
                    problems.join("; ")
                ),
            ));
        }
        let current = Self::current_version();
        check_stored(stored_version, current, raw_state_json)?;
        if stored_version == current {
            return crate::json::from_slice_lenient(raw_state_json);
        }
        match self.entries.iter().find(|(v, _)| *v == stored_version) {
            Some((_, convert)) => convert(stored_version, raw_state_json),
            None => Err(self.missing(stored_version, current)),
        }
    }

    /// Why a state of `stored` (older than `current`) cannot be upgraded.
    #[cold]
    fn missing(&self, stored: i64, current: i64) -> Error {
        let versions = self.versions();
        let from = if versions.is_empty() {
            "none".to_owned()
        } else {
            let list: Vec<String> = versions.iter().map(i64::to_string).collect();
            list.join(", ")
        };
        version_error(format!(
            "state version {stored} has no upgrade to this provider's schema version \
             {current} (versions with an upgrade: {from})"
        ))
    }
}
