//! From plan-time data to apply-time data: finding unknown values in a model and converting
//! it into a form that has none.
//!
//! During validation and planning Terraform sends unknown values ("known after apply")
//! anywhere in the configuration, so a model used in every RPC wraps such attributes in
//! [`Unknown<T>`]. The configuration and prior state given to `ApplyResourceChange` and the
//! state of every other RPC hold no unknowns (the planned state holds unknowns exactly for the
//! values the provider is to compute). Apply-time code should not have to unwrap every field
//! again, so:
//!
//! - [`UnknownPaths`] walks a model and lists where its unknown values are
//!   ([`UnknownPaths::is_wholly_known`] answers the yes/no question faster);
//! - [`IntoKnown`] converts a model into its fully known form, in which every `Unknown<T>` is
//!   replaced by what `T` becomes, or fails with one [`ErrorKind::Unknown`] error naming
//!   **every** unknown value's path;
//! - [`IntoPlanned`] converts the planned model of `create` and `update` into its
//!   apply-time view, in which every configured value is known and every computed attribute
//!   is as the model holds it (the provider fills it in), and back into the model.
//!
//! `#[derive(TfSchema)]` implements all three for a model struct and generates the
//! companion types (`Thing` → `ThingKnown`, `ThingPlanned`). All are implemented here for
//! the standard types, the wrappers, [`Set`] and [`Value`].
//!
//! # Cost
//!
//! Paths are never built while walking: a [`Trail`] (the steps from the root to the current
//! value) lives on the stack, and is turned into an [`AttributePath`] only for an unknown
//! value that was found. On wholly known data, [`UnknownPaths`] allocates nothing, and
//! [`IntoKnown`] allocates only what the new values themselves need: nothing for structs,
//! wrappers and leaves; a vector (`Vec`, [`Set`]) reuses its buffer when the known element
//! has the same size and alignment (`Vec<Unknown<String>>` → `Vec<String>`,
//! `Vec<Unknown<Nullable<u64>>>` → `Vec<Nullable<u64>>`), at most reallocates it once when
//! the known element is smaller, and is otherwise allocated once at its final size; maps and `BTreeSet`/`HashSet`
//! are rebuilt; `Box`, `Rc` and `Arc` allocate their new contents.
//!
//! Walking recurses once per level of nesting of the data; data decoded by tfvalue is at most
//! [`MAX_DEPTH`](crate::limits::MAX_DEPTH) levels deep.
//!
//! # What the derive generates
//!
//! Written here by hand, for a resource with a computed `id` and a list of `disk` blocks:
//!
//! ```
//! use tfvalue::known::{IntoKnown, Trail, UnknownPaths};
//! use tfvalue::{AttributePath, ErrorKind, Nullable, Unknown};
//!
//! /// The plan-time model (the derive also implements `TfSchema` and serde for it).
//! struct Server {
//!     id: Unknown<Nullable<String>>,
//!     disk: Vec<Disk>,
//! }
//!
//! struct Disk {
//!     size_gb: Unknown<u32>,
//! }
//!
//! /// Generated: every field's type replaced by its known form.
//! #[derive(Debug)]
//! struct ServerKnown {
//!     id: <Unknown<Nullable<String>> as IntoKnown>::Known, // Nullable<String>
//!     disk: <Vec<Disk> as IntoKnown>::Known,               // Vec<DiskKnown>
//! }
//!
//! #[derive(Debug)]
//! struct DiskKnown {
//!     size_gb: <Unknown<u32> as IntoKnown>::Known, // u32
//! }
//!
//! // Generated: every field is visited under its Terraform name, whatever happens to the
//! // others, so that every unknown is reported.
//! impl IntoKnown for Server {
//!     type Known = ServerKnown;
//!
//!     fn into_known_at(
//!         self,
//!         at: Trail<'_>,
//!         unknowns: &mut Vec<AttributePath>,
//!     ) -> Option<ServerKnown> {
//!         let id = self.id.into_known_at(at.attr("id"), unknowns);
//!         let disk = self.disk.into_known_at(at.attr("disk"), unknowns);
//!         Some(ServerKnown { id: id?, disk: disk? })
//!     }
//! }
//!
//! impl IntoKnown for Disk {
//!     type Known = DiskKnown;
//!
//!     fn into_known_at(
//!         self,
//!         at: Trail<'_>,
//!         unknowns: &mut Vec<AttributePath>,
//!     ) -> Option<DiskKnown> {
//!         let size_gb = self.size_gb.into_known_at(at.attr("size_gb"), unknowns);
//!         Some(DiskKnown { size_gb: size_gb? })
//!     }
//! }
//!
//! impl UnknownPaths for Server {
//!     fn unknown_paths_into(&self, at: Trail<'_>, out: &mut Vec<AttributePath>) {
//!         self.id.unknown_paths_into(at.attr("id"), out);
//!         self.disk.unknown_paths_into(at.attr("disk"), out);
//!     }
//!
//!     fn is_wholly_known(&self) -> bool {
//!         self.id.is_wholly_known() && self.disk.is_wholly_known()
//!     }
//! }
//!
//! impl UnknownPaths for Disk {
//!     fn unknown_paths_into(&self, at: Trail<'_>, out: &mut Vec<AttributePath>) {
//!         self.size_gb.unknown_paths_into(at.attr("size_gb"), out);
//!     }
//!
//!     fn is_wholly_known(&self) -> bool {
//!         self.size_gb.is_wholly_known()
//!     }
//! }
//!
//! // At plan time: two values are unknown.
//! let planned = Server {
//!     id: Unknown::unknown(),
//!     disk: vec![
//!         Disk { size_gb: Unknown::known(20) },
//!         Disk { size_gb: Unknown::unknown() },
//!     ],
//! };
//! assert!(!planned.is_wholly_known());
//! let paths: Vec<String> = planned.unknown_paths().iter().map(|p| p.to_string()).collect();
//! assert_eq!(paths, [".id", ".disk[1].size_gb"]);
//! let err = planned.into_known().unwrap_err();
//! assert_eq!(err.kind(), ErrorKind::Unknown);
//! assert_eq!(err.to_string(), "2 values are not known yet: .id, .disk[1].size_gb");
//!
//! // At apply time: everything is known, and the fields need no unwrapping.
//! let config = Server {
//!     id: Unknown::known(Nullable::Value("vm-1".to_owned())),
//!     disk: vec![Disk { size_gb: Unknown::known(20) }],
//! };
//! let known: ServerKnown = config.into_known()?;
//! assert_eq!(known.id.as_value().map(String::as_str), Some("vm-1"));
//! assert_eq!(known.disk[0].size_gb, 20);
//! # Ok::<(), tfvalue::Error>(())
//! ```
//!
//! Note that `Unknown<T>` has an inherent method `into_known(self) -> Option<T>` that only
//! looks at its own layer; method-call syntax picks it over [`IntoKnown::into_known`]. Call
//! the trait's as `IntoKnown::into_known(value)` on an `Unknown<T>`.
//!
//! [`Unknown<T>`]: crate::Unknown
//! [`Set`]: crate::Set
//! [`Value`]: crate::Value

use std::fmt::Write as _;

use crate::error::{Error, ErrorKind, Result};
use crate::path::AttributePath;

mod convert;
mod impls;
mod planned;
mod trail;

pub use self::trail::Trail;

/// The error for unknown values found where none may be, listing their paths.
///
/// One path: the error carries it (`.id: value is not known yet`). Several: the message
/// lists them, up to 16 and then how many more (`3 values are not known yet: .id,
/// .disk[0].size_gb, .tags["env"]`). The kind is [`ErrorKind::Unknown`].
#[cold]
pub fn not_known_error(paths: &[AttributePath]) -> Error {
    const LISTED: usize = 16;
    match paths {
        [] => Error::new(ErrorKind::Unknown, "value is not known yet"),
        [one] => Error::new(ErrorKind::Unknown, "value is not known yet").in_path(one),
        many => {
            let mut msg = format!("{} values are not known yet: ", many.len());
            for (i, p) in many.iter().take(LISTED).enumerate() {
                if i > 0 {
                    msg.push_str(", ");
                }
                if p.is_root() {
                    msg.push_str("the value itself");
                } else {
                    let _ = write!(msg, "{p}");
                }
            }
            if many.len() > LISTED {
                let _ = write!(msg, " and {} more", many.len() - LISTED);
            }
            Error::new(ErrorKind::Unknown, msg)
        }
    }
}

/// Finds the unknown values inside a model.
///
/// Implemented for the standard types, the wrappers, [`Set`] and [`Value`];
/// `#[derive(TfSchema)]` implements it for model structs (see the [module
/// documentation](self) for what it generates).
///
/// [`Set`]: crate::Set
/// [`Value`]: crate::Value
pub trait UnknownPaths {
    /// Appends the path of every unknown value inside `self` to `out`, each prefixed by `at`
    /// (the position of `self` in the whole model). Allocates nothing when nothing is unknown.
    fn unknown_paths_into(&self, at: Trail<'_>, out: &mut Vec<AttributePath>);

    /// The paths of every unknown value inside `self`, in field and element order (the
    /// empty path when `self` itself is unknown).
    fn unknown_paths(&self) -> Vec<AttributePath> {
        let mut out = Vec::new();
        self.unknown_paths_into(Trail::root(), &mut out);
        out
    }

    /// True when nothing inside `self` is unknown. Implementations stop at the first unknown
    /// value; the default collects the paths (allocating only if there are unknowns).
    fn is_wholly_known(&self) -> bool {
        let mut out = Vec::new();
        self.unknown_paths_into(Trail::root(), &mut out);
        out.is_empty()
    }
}

/// Converts a plan-time model (with [`Unknown<T>`] wrappers) into its fully known form.
///
/// Implemented for the standard types, the wrappers, [`Set`] and [`Value`];
/// `#[derive(TfSchema)]` implements it for a model struct `Thing` together with a companion
/// struct `ThingKnown` (see the [module documentation](self)).
///
/// [`Unknown<T>`]: crate::Unknown
/// [`Set`]: crate::Set
/// [`Value`]: crate::Value
pub trait IntoKnown: Sized {
    /// This type with every `Unknown<T>` inside replaced by `T`'s known form.
    type Known;

    /// Converts `self` into its known form.
    ///
    /// # Errors
    ///
    /// One [`ErrorKind::Unknown`] error listing the path of every unknown value (see
    /// [`not_known_error`]), e.g.
    /// `3 values are not known yet: .id, .disk[0].size_gb, .tags["env"]`.
    fn into_known(self) -> Result<Self::Known> {
        let mut unknowns = Vec::new();
        match self.into_known_at(Trail::root(), &mut unknowns) {
            Some(known) if unknowns.is_empty() => Ok(known),
            _ => Err(not_known_error(&unknowns)),
        }
    }

    /// The building block of [`IntoKnown::into_known`], called for each part of a model:
    /// converts `self`, found at `at`, appending the path of every unknown value inside it
    /// to `unknowns`. Returns `None` exactly when it appended at least one path.
    /// Implementations visit every part, even after an unknown one, so that all are
    /// reported.
    fn into_known_at(self, at: Trail<'_>, unknowns: &mut Vec<AttributePath>)
        -> Option<Self::Known>;
}

/// Converts a planned model into its apply-time view, in which every configured value is
/// known and every computed attribute is as the model holds it, for the provider to fill in.
///
/// During `ApplyResourceChange` the planned state holds unknown values exactly where the
/// provider is to compute them, so [`IntoKnown`] fails on it; `IntoPlanned` checks every
/// other value and converts it into its known form. `#[derive(TfSchema)]` implements it for
/// a model struct `Thing` together with a companion struct `ThingPlanned`, whose computed
/// fields (`#[tf(computed)]`) keep their model type and whose other fields have their
/// `IntoPlanned` form; and `From<ThingPlanned> for Thing`, which builds the state to return.
/// For every type but a derived model, the planned form is the known form
/// (`Unknown<Vec<Unknown<u32>>>` → `Vec<u32>`), and a model inside a collection or wrapper
/// becomes its companion (`Vec<Disk>` → `Vec<DiskPlanned>`).
///
/// ```
/// use tfvalue::known::IntoPlanned;
/// use tfvalue::{Nullable, TfSchema, Unknown};
///
/// #[derive(TfSchema)]
/// struct Server {
///     #[tf(computed)]
///     id: Unknown<Nullable<String>>,
///     name: Unknown<String>,
///     #[tf(block)]
///     disk: Vec<Disk>,
/// }
///
/// #[derive(TfSchema)]
/// struct Disk {
///     size_gb: Unknown<u32>,
///     #[tf(computed)]
///     device: Unknown<Nullable<String>>,
/// }
///
/// // What `create` receives: the configured values known, the computed ones not yet.
/// let planned = Server {
///     id: Unknown::unknown(),
///     name: Unknown::known("web".to_owned()),
///     disk: vec![Disk { size_gb: Unknown::known(20), device: Unknown::unknown() }],
/// };
/// let mut server: ServerPlanned = planned.into_planned()?;
/// let name: &String = &server.name;                 // configured: known, no unwrapping
/// assert_eq!(server.disk[0].size_gb, 20);
/// server.id = Unknown::known(Nullable::Value(format!("srv-{name}")));
/// server.disk[0].device = Unknown::known(Nullable::Value("/dev/sda".to_owned()));
/// let state = Server::from(server);                // the model again, to return
/// assert_eq!(state.id.as_value().map(String::as_str), Some("srv-web"));
/// assert!(tfvalue::known::UnknownPaths::is_wholly_known(&state));
///
/// // A configured value still unknown is an error naming it.
/// let planned = Server { id: Unknown::unknown(), name: Unknown::unknown(), disk: vec![] };
/// let err = planned.into_planned().err().unwrap();
/// assert_eq!(err.to_string(), ".name: value is not known yet");
/// # Ok::<(), tfvalue::Error>(())
/// ```
///
/// Implemented for the standard types, the wrappers, [`Set`] and [`Value`], as
/// [`IntoKnown`] is.
///
/// [`Set`]: crate::Set
/// [`Value`]: crate::Value
pub trait IntoPlanned: Sized {
    /// This type with every configured value in its known form (derived models: their
    /// `<Name>Planned` companion).
    type Planned;

    /// Converts `self` into its apply-time view.
    ///
    /// # Errors
    ///
    /// One [`ErrorKind::Unknown`] error listing the path of every unknown value outside
    /// the computed attributes (see [`not_known_error`]).
    fn into_planned(self) -> Result<Self::Planned> {
        let mut unknowns = Vec::new();
        match self.into_planned_at(Trail::root(), &mut unknowns) {
            Some(planned) if unknowns.is_empty() => Ok(planned),
            _ => Err(not_known_error(&unknowns)),
        }
    }

    /// The building block of [`IntoPlanned::into_planned`], as
    /// [`IntoKnown::into_known_at`] is of `into_known`: converts `self`, found at `at`,
    /// appending the path of every unknown value that may not be unknown to `unknowns`.
    /// Returns `None` exactly when it appended at least one path.
    fn into_planned_at(
        self,
        at: Trail<'_>,
        unknowns: &mut Vec<AttributePath>,
    ) -> Option<Self::Planned>;

    /// The value back from its apply-time view: known values wrapped again as the model
    /// holds them (a known `u32` into `Unknown::known`), computed ones as they are.
    fn from_planned(planned: Self::Planned) -> Self;
}

#[cfg(test)]
mod tests;
