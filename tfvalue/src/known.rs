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
//!   **every** unknown value's path.
//!
//! `#[derive(TfSchema)]` implements both for a model struct and generates the companion
//! known type (`Thing` → `ThingKnown`). Both are implemented here for the standard types,
//! the wrappers, [`Set`] and [`Value`].
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

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::fmt::Write as _;
use std::hash::{BuildHasher, Hash};
use std::rc::Rc;
use std::sync::Arc;

use crate::error::{Error, ErrorKind, Result};
use crate::nullable::Nullable;
use crate::number::Number;
use crate::path::{AttributePath, PathStep};
use crate::set::Set;
use crate::unknown::Unknown;
use crate::value::Value;

/// The steps from the root of a model to the value being examined, kept on the stack.
///
/// Each step borrows the one before it, so descending costs nothing; an [`AttributePath`] is
/// built (with [`Trail::to_path`]) only when an unknown value is found. It is `Copy`: pass
/// it by value.
///
/// ```
/// use tfvalue::known::Trail;
///
/// let root = Trail::root();
/// let disk = root.attr("disk");
/// let second = disk.index(2);
/// assert_eq!(second.attr("size_gb").to_path().to_string(), ".disk[2].size_gb");
/// assert_eq!(root.attr("tags").key("env").to_path().to_string(), r#".tags["env"]"#);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Trail<'a> {
    link: Link<'a>,
}

#[derive(Clone, Copy, Debug)]
enum Link<'a> {
    /// The root of the model.
    Root,
    /// The root of the model sits at this path.
    Base(&'a AttributePath),
    /// One step below another trail.
    Step(&'a Trail<'a>, Step<'a>),
}

#[derive(Clone, Copy, Debug)]
enum Step<'a> {
    Attr(&'a str),
    Key(&'a str),
    Index(usize),
}

impl Step<'_> {
    fn to_path_step(self) -> PathStep {
        match self {
            Step::Attr(name) => PathStep::Attr(name.to_owned()),
            Step::Key(key) => PathStep::Key(key.to_owned()),
            Step::Index(i) => PathStep::Index(i64::try_from(i).unwrap_or(i64::MAX)),
        }
    }
}

impl Trail<'static> {
    /// The root of the model: paths start empty.
    pub const fn root() -> Self {
        Trail { link: Link::Root }
    }
}

impl<'a> Trail<'a> {
    /// The root of a model that sits at `prefix` inside something larger: every path found
    /// starts with `prefix`.
    pub const fn under(prefix: &'a AttributePath) -> Self {
        Trail {
            link: Link::Base(prefix),
        }
    }

    /// One step further: the attribute or block type `name` (`.name`).
    pub fn attr<'b>(&'b self, name: &'b str) -> Trail<'b>
    where
        'a: 'b,
    {
        Trail {
            link: Link::Step(self, Step::Attr(name)),
        }
    }

    /// One step further: the map element or MAP-nested block with key `key` (`["key"]`).
    pub fn key<'b>(&'b self, key: &'b str) -> Trail<'b>
    where
        'a: 'b,
    {
        Trail {
            link: Link::Step(self, Step::Key(key)),
        }
    }

    /// One step further: the list, tuple or set element at `index` (`[index]`; set elements
    /// by their stored position).
    pub fn index<'b>(&'b self, index: usize) -> Trail<'b>
    where
        'a: 'b,
    {
        Trail {
            link: Link::Step(self, Step::Index(index)),
        }
    }

    /// The path to this point.
    pub fn to_path(&self) -> AttributePath {
        self.join(&[])
    }

    /// The path to this point followed by `rest`.
    pub fn join(&self, rest: &[PathStep]) -> AttributePath {
        // Walks up once to size the path, once more to fill it (loops, not recursion).
        let mut depth = 0;
        let mut base: &[PathStep] = &[];
        let mut t = self;
        while let Link::Step(parent, _) = t.link {
            depth += 1;
            t = parent;
        }
        if let Link::Base(prefix) = t.link {
            base = prefix.steps();
        }
        let mut steps = Vec::with_capacity(base.len() + depth + rest.len());
        steps.extend_from_slice(base);
        let start = steps.len();
        let mut t = self;
        while let Link::Step(parent, step) = t.link {
            steps.push(step.to_path_step());
            t = parent;
        }
        if let Some(mine) = steps.get_mut(start..) {
            mine.reverse();
        }
        steps.extend_from_slice(rest);
        AttributePath::from_steps(steps)
    }
}

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

/// Types that never hold an unknown value: their known form is themselves.
macro_rules! leaf {
    (@one [$($gen:tt)*] $ty:ty) => {
        impl<$($gen)*> UnknownPaths for $ty {
            #[inline]
            fn unknown_paths_into(&self, _at: Trail<'_>, _out: &mut Vec<AttributePath>) {}

            #[inline]
            fn is_wholly_known(&self) -> bool {
                true
            }
        }

        impl<$($gen)*> IntoKnown for $ty {
            type Known = Self;

            #[inline]
            fn into_known(self) -> Result<Self> {
                Ok(self)
            }

            #[inline]
            fn into_known_at(self, _at: Trail<'_>, _unknowns: &mut Vec<AttributePath>)
                -> Option<Self> {
                Some(self)
            }
        }
    };
    ($($ty:ty),* $(,)?) => {$(
        leaf!(@one [] $ty);
    )*};
}

leaf!(String, bool, char, Number, (), f32, f64);
leaf!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);
leaf!(@one ['a] Cow<'a, str>);

// `&str` finds its `UnknownPaths` through `&T`.
impl UnknownPaths for str {
    #[inline]
    fn unknown_paths_into(&self, _at: Trail<'_>, _out: &mut Vec<AttributePath>) {}

    #[inline]
    fn is_wholly_known(&self) -> bool {
        true
    }
}

impl<'a> IntoKnown for &'a str {
    type Known = &'a str;

    #[inline]
    fn into_known(self) -> Result<Self> {
        Ok(self)
    }

    #[inline]
    fn into_known_at(self, _at: Trail<'_>, _unknowns: &mut Vec<AttributePath>) -> Option<Self> {
        Some(self)
    }
}

impl<T: UnknownPaths> UnknownPaths for Unknown<T> {
    fn unknown_paths_into(&self, at: Trail<'_>, out: &mut Vec<AttributePath>) {
        match self {
            Unknown::Known(v) => v.unknown_paths_into(at, out),
            Unknown::Unknown(_) => out.push(at.to_path()),
        }
    }

    #[inline]
    fn is_wholly_known(&self) -> bool {
        match self {
            Unknown::Known(v) => v.is_wholly_known(),
            Unknown::Unknown(_) => false,
        }
    }
}

impl<T: IntoKnown> IntoKnown for Unknown<T> {
    type Known = T::Known;

    #[inline]
    fn into_known_at(self, at: Trail<'_>, unknowns: &mut Vec<AttributePath>) -> Option<T::Known> {
        match self {
            Unknown::Known(v) => v.into_known_at(at, unknowns),
            Unknown::Unknown(_) => {
                unknowns.push(at.to_path());
                None
            }
        }
    }
}

impl<T: UnknownPaths> UnknownPaths for Nullable<T> {
    fn unknown_paths_into(&self, at: Trail<'_>, out: &mut Vec<AttributePath>) {
        if let Nullable::Value(v) = self {
            v.unknown_paths_into(at, out);
        }
    }

    #[inline]
    fn is_wholly_known(&self) -> bool {
        match self {
            Nullable::Value(v) => v.is_wholly_known(),
            Nullable::Null => true,
        }
    }
}

impl<T: IntoKnown> IntoKnown for Nullable<T> {
    type Known = Nullable<T::Known>;

    #[inline]
    fn into_known_at(
        self,
        at: Trail<'_>,
        unknowns: &mut Vec<AttributePath>,
    ) -> Option<Self::Known> {
        match self {
            Nullable::Value(v) => v.into_known_at(at, unknowns).map(Nullable::Value),
            Nullable::Null => Some(Nullable::Null),
        }
    }
}

impl<T: UnknownPaths> UnknownPaths for Option<T> {
    fn unknown_paths_into(&self, at: Trail<'_>, out: &mut Vec<AttributePath>) {
        if let Some(v) = self {
            v.unknown_paths_into(at, out);
        }
    }

    #[inline]
    fn is_wholly_known(&self) -> bool {
        self.as_ref().is_none_or(T::is_wholly_known)
    }
}

impl<T: IntoKnown> IntoKnown for Option<T> {
    type Known = Option<T::Known>;

    #[inline]
    fn into_known_at(
        self,
        at: Trail<'_>,
        unknowns: &mut Vec<AttributePath>,
    ) -> Option<Self::Known> {
        match self {
            Some(v) => v.into_known_at(at, unknowns).map(Some),
            None => Some(None),
        }
    }
}

/// Smart pointers: transparent for paths.
macro_rules! pointer {
    ($($ptr:ident),*) => {$(
        impl<T: UnknownPaths + ?Sized> UnknownPaths for $ptr<T> {
            fn unknown_paths_into(&self, at: Trail<'_>, out: &mut Vec<AttributePath>) {
                T::unknown_paths_into(self, at, out);
            }

            #[inline]
            fn is_wholly_known(&self) -> bool {
                T::is_wholly_known(self)
            }
        }
    )*};
}
pointer!(Box, Rc, Arc);

impl<T: UnknownPaths + ?Sized> UnknownPaths for &T {
    fn unknown_paths_into(&self, at: Trail<'_>, out: &mut Vec<AttributePath>) {
        T::unknown_paths_into(self, at, out);
    }

    #[inline]
    fn is_wholly_known(&self) -> bool {
        T::is_wholly_known(self)
    }
}

impl<T: IntoKnown> IntoKnown for Box<T> {
    type Known = Box<T::Known>;

    fn into_known_at(
        self,
        at: Trail<'_>,
        unknowns: &mut Vec<AttributePath>,
    ) -> Option<Self::Known> {
        (*self).into_known_at(at, unknowns).map(Box::new)
    }
}

impl<T: IntoKnown + Clone> IntoKnown for Rc<T> {
    type Known = Rc<T::Known>;

    /// Takes the value out of the `Rc` (cloning it if it is shared).
    fn into_known_at(
        self,
        at: Trail<'_>,
        unknowns: &mut Vec<AttributePath>,
    ) -> Option<Self::Known> {
        Rc::unwrap_or_clone(self)
            .into_known_at(at, unknowns)
            .map(Rc::new)
    }
}

impl<T: IntoKnown + Clone> IntoKnown for Arc<T> {
    type Known = Arc<T::Known>;

    /// Takes the value out of the `Arc` (cloning it if it is shared).
    fn into_known_at(
        self,
        at: Trail<'_>,
        unknowns: &mut Vec<AttributePath>,
    ) -> Option<Self::Known> {
        Arc::unwrap_or_clone(self)
            .into_known_at(at, unknowns)
            .map(Arc::new)
    }
}

impl<T: UnknownPaths> UnknownPaths for [T] {
    fn unknown_paths_into(&self, at: Trail<'_>, out: &mut Vec<AttributePath>) {
        for (i, v) in self.iter().enumerate() {
            v.unknown_paths_into(at.index(i), out);
        }
    }

    fn is_wholly_known(&self) -> bool {
        self.iter().all(T::is_wholly_known)
    }
}

impl<T: UnknownPaths> UnknownPaths for Vec<T> {
    fn unknown_paths_into(&self, at: Trail<'_>, out: &mut Vec<AttributePath>) {
        self.as_slice().unknown_paths_into(at, out);
    }

    fn is_wholly_known(&self) -> bool {
        self.as_slice().is_wholly_known()
    }
}

/// Converts the elements of a sequence, each at its index, into any collection. The
/// collection is complete only when the result is `Some`.
fn convert_elements<T: IntoKnown, C: FromIterator<T::Known>>(
    elements: impl IntoIterator<Item = T>,
    at: Trail<'_>,
    unknowns: &mut Vec<AttributePath>,
) -> Option<C> {
    let mut complete = true;
    let out = elements
        .into_iter()
        .enumerate()
        .filter_map(|(i, v)| {
            let known = v.into_known_at(at.index(i), unknowns);
            complete &= known.is_some();
            known
        })
        .collect();
    complete.then_some(out)
}

/// Converts the elements of a vector. When the known element is no larger and equally
/// aligned, the standard library collects in place (reusing the buffer); otherwise the new
/// vector is allocated once, at its final size.
fn convert_vec<T: IntoKnown>(
    elements: Vec<T>,
    at: Trail<'_>,
    unknowns: &mut Vec<AttributePath>,
) -> Option<Vec<T::Known>> {
    use std::mem::{align_of, size_of};
    let in_place = size_of::<T::Known>() > 0
        && size_of::<T>() >= size_of::<T::Known>()
        && align_of::<T>() == align_of::<T::Known>();
    if in_place {
        return convert_elements(elements, at, unknowns);
    }
    let mut out = Vec::with_capacity(elements.len());
    let mut complete = true;
    for (i, v) in elements.into_iter().enumerate() {
        match v.into_known_at(at.index(i), unknowns) {
            Some(k) if complete => out.push(k),
            Some(_) => {}
            None => complete = false,
        }
    }
    complete.then_some(out)
}

impl<T: IntoKnown> IntoKnown for Vec<T> {
    type Known = Vec<T::Known>;

    fn into_known_at(
        self,
        at: Trail<'_>,
        unknowns: &mut Vec<AttributePath>,
    ) -> Option<Self::Known> {
        convert_vec(self, at, unknowns)
    }
}

impl<T: UnknownPaths> UnknownPaths for Set<T> {
    fn unknown_paths_into(&self, at: Trail<'_>, out: &mut Vec<AttributePath>) {
        self.as_slice().unknown_paths_into(at, out);
    }

    fn is_wholly_known(&self) -> bool {
        self.as_slice().is_wholly_known()
    }
}

impl<T: IntoKnown> IntoKnown for Set<T> {
    type Known = Set<T::Known>;

    /// Converts each element, keeping the order (and so the paths) of the stored elements.
    fn into_known_at(
        self,
        at: Trail<'_>,
        unknowns: &mut Vec<AttributePath>,
    ) -> Option<Self::Known> {
        convert_vec(self.into_vec(), at, unknowns).map(Set::from)
    }
}

impl<T: UnknownPaths> UnknownPaths for BTreeSet<T> {
    fn unknown_paths_into(&self, at: Trail<'_>, out: &mut Vec<AttributePath>) {
        for (i, v) in self.iter().enumerate() {
            v.unknown_paths_into(at.index(i), out);
        }
    }

    fn is_wholly_known(&self) -> bool {
        self.iter().all(T::is_wholly_known)
    }
}

impl<T: IntoKnown> IntoKnown for BTreeSet<T>
where
    T::Known: Ord,
{
    type Known = BTreeSet<T::Known>;

    /// Element paths are positions in the set's order.
    fn into_known_at(
        self,
        at: Trail<'_>,
        unknowns: &mut Vec<AttributePath>,
    ) -> Option<Self::Known> {
        convert_elements(self, at, unknowns)
    }
}

impl<T: UnknownPaths, S> UnknownPaths for HashSet<T, S> {
    fn unknown_paths_into(&self, at: Trail<'_>, out: &mut Vec<AttributePath>) {
        for (i, v) in self.iter().enumerate() {
            v.unknown_paths_into(at.index(i), out);
        }
    }

    fn is_wholly_known(&self) -> bool {
        self.iter().all(T::is_wholly_known)
    }
}

impl<T: IntoKnown, S: BuildHasher + Clone> IntoKnown for HashSet<T, S>
where
    T::Known: Eq + Hash,
{
    type Known = HashSet<T::Known, S>;

    /// Element paths are positions in the set's iteration order. The new set uses a clone
    /// of this set's hasher.
    fn into_known_at(
        self,
        at: Trail<'_>,
        unknowns: &mut Vec<AttributePath>,
    ) -> Option<Self::Known> {
        let mut out = HashSet::with_capacity_and_hasher(self.len(), self.hasher().clone());
        let mut complete = true;
        for (i, v) in self.into_iter().enumerate() {
            match v.into_known_at(at.index(i), unknowns) {
                Some(k) if complete => {
                    out.insert(k);
                }
                Some(_) => {}
                None => complete = false,
            }
        }
        complete.then_some(out)
    }
}

impl<K: AsRef<str>, T: UnknownPaths> UnknownPaths for BTreeMap<K, T> {
    fn unknown_paths_into(&self, at: Trail<'_>, out: &mut Vec<AttributePath>) {
        for (k, v) in self {
            v.unknown_paths_into(at.key(k.as_ref()), out);
        }
    }

    fn is_wholly_known(&self) -> bool {
        self.values().all(T::is_wholly_known)
    }
}

impl<K: AsRef<str> + Ord, T: IntoKnown> IntoKnown for BTreeMap<K, T> {
    type Known = BTreeMap<K, T::Known>;

    fn into_known_at(
        self,
        at: Trail<'_>,
        unknowns: &mut Vec<AttributePath>,
    ) -> Option<Self::Known> {
        let mut complete = true;
        let out = self
            .into_iter()
            .filter_map(|(k, v)| {
                let known = v.into_known_at(at.key(k.as_ref()), unknowns);
                complete &= known.is_some();
                Some((k, known?))
            })
            .collect();
        complete.then_some(out)
    }
}

impl<T: UnknownPaths> UnknownPaths for crate::map::Map<T> {
    fn unknown_paths_into(&self, at: Trail<'_>, out: &mut Vec<AttributePath>) {
        for (k, v) in self {
            v.unknown_paths_into(at.key(k), out);
        }
    }

    fn is_wholly_known(&self) -> bool {
        self.values().all(T::is_wholly_known)
    }
}

impl<T: IntoKnown> IntoKnown for crate::map::Map<T> {
    type Known = crate::map::Map<T::Known>;

    /// Converts each value, keeping the keys (already in order: O(n)).
    fn into_known_at(
        self,
        at: Trail<'_>,
        unknowns: &mut Vec<AttributePath>,
    ) -> Option<Self::Known> {
        let mut complete = true;
        let mut out = crate::map::Map::with_capacity(self.len());
        for (k, v) in self {
            match v.into_known_at(at.key(&k), unknowns) {
                Some(known) if complete => {
                    out.insert(k, known);
                }
                Some(_) => {}
                None => complete = false,
            }
        }
        complete.then_some(out)
    }
}

impl<K: AsRef<str>, T: UnknownPaths, S> UnknownPaths for HashMap<K, T, S> {
    fn unknown_paths_into(&self, at: Trail<'_>, out: &mut Vec<AttributePath>) {
        for (k, v) in self {
            v.unknown_paths_into(at.key(k.as_ref()), out);
        }
    }

    fn is_wholly_known(&self) -> bool {
        self.values().all(T::is_wholly_known)
    }
}

impl<K: AsRef<str> + Eq + Hash, T: IntoKnown, S: BuildHasher + Clone> IntoKnown
    for HashMap<K, T, S>
{
    type Known = HashMap<K, T::Known, S>;

    /// The new map uses a clone of this map's hasher.
    fn into_known_at(
        self,
        at: Trail<'_>,
        unknowns: &mut Vec<AttributePath>,
    ) -> Option<Self::Known> {
        let mut out = HashMap::with_capacity_and_hasher(self.len(), self.hasher().clone());
        let mut complete = true;
        for (k, v) in self {
            match v.into_known_at(at.key(k.as_ref()), unknowns) {
                Some(known) if complete => {
                    out.insert(k, known);
                }
                Some(_) => {}
                None => complete = false,
            }
        }
        complete.then_some(out)
    }
}

macro_rules! tuple {
    ($($name:ident $idx:tt),+) => {
        impl<$($name: UnknownPaths),+> UnknownPaths for ($($name,)+) {
            fn unknown_paths_into(&self, at: Trail<'_>, out: &mut Vec<AttributePath>) {
                $(self.$idx.unknown_paths_into(at.index($idx), out);)+
            }

            fn is_wholly_known(&self) -> bool {
                $(self.$idx.is_wholly_known())&&+
            }
        }

        impl<$($name: IntoKnown),+> IntoKnown for ($($name,)+) {
            type Known = ($($name::Known,)+);

            #[allow(non_snake_case)]
            fn into_known_at(
                self,
                at: Trail<'_>,
                unknowns: &mut Vec<AttributePath>,
            ) -> Option<Self::Known> {
                let ($($name,)+) = self;
                $(let $name = $name.into_known_at(at.index($idx), unknowns);)+
                Some(($($name?,)+))
            }
        }
    };
}
tuple!(A 0);
tuple!(A 0, B 1);
tuple!(A 0, B 1, C 2);
tuple!(A 0, B 1, C 2, D 3);
tuple!(A 0, B 1, C 2, D 3, E 4);
tuple!(A 0, B 1, C 2, D 3, E 4, F 5);
tuple!(A 0, B 1, C 2, D 3, E 4, F 5, G 6);
tuple!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7);

impl UnknownPaths for Value {
    fn unknown_paths_into(&self, at: Trail<'_>, out: &mut Vec<AttributePath>) {
        if !Value::is_wholly_known(self) {
            out.extend(
                Value::unknown_paths(self)
                    .iter()
                    .map(|p| at.join(p.steps())),
            );
        }
    }

    fn is_wholly_known(&self) -> bool {
        Value::is_wholly_known(self)
    }
}

impl IntoKnown for Value {
    /// A `Value` stays a `Value`: converting checks that nothing inside it is unknown.
    type Known = Value;

    fn into_known_at(self, at: Trail<'_>, unknowns: &mut Vec<AttributePath>) -> Option<Value> {
        if Value::is_wholly_known(&self) {
            Some(self)
        } else {
            UnknownPaths::unknown_paths_into(&self, at, unknowns);
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::refinements::Refinements;
    use crate::types::Type;

    fn strings(paths: &[AttributePath]) -> Vec<String> {
        paths.iter().map(ToString::to_string).collect()
    }

    fn unknown_strings<T: UnknownPaths + ?Sized>(v: &T) -> Vec<String> {
        strings(&v.unknown_paths())
    }

    fn known_err<T: IntoKnown>(v: T) -> String {
        match v.into_known() {
            Ok(_) => "ok".to_owned(),
            Err(e) => {
                assert_eq!(e.kind(), ErrorKind::Unknown);
                e.to_string()
            }
        }
    }

    #[test]
    fn trail_renders_paths() {
        let root = Trail::root();
        assert!(root.to_path().is_root());
        let a = root.attr("disk");
        let b = a.index(2);
        let c = b.attr("size_gb");
        assert_eq!(c.to_path().to_string(), ".disk[2].size_gb");
        assert_eq!(
            root.attr("tags").key("env").to_path().to_string(),
            r#".tags["env"]"#
        );
        let prefix = AttributePath::root().attr("outer").index(1);
        let under = Trail::under(&prefix);
        assert_eq!(under.to_path(), prefix);
        assert_eq!(under.key("k").to_path().to_string(), r#".outer[1]["k"]"#);
        let rest = [PathStep::Attr("x".into()), PathStep::Index(0)];
        assert_eq!(c.join(&rest).to_string(), ".disk[2].size_gb.x[0]");
        assert_eq!(root.join(&rest).to_string(), ".x[0]");
        assert_eq!(format!("{:?}", root), "Trail { link: Root }");
    }

    #[test]
    fn error_messages() {
        let e = not_known_error(&[]);
        assert_eq!(e.to_string(), "value is not known yet");
        assert_eq!(e.kind(), ErrorKind::Unknown);
        let one = AttributePath::root().attr("id");
        let e = not_known_error(std::slice::from_ref(&one));
        assert_eq!(e.to_string(), ".id: value is not known yet");
        assert_eq!(e.path(), one);
        let three = [
            one.clone(),
            AttributePath::root().attr("disk").index(0).attr("size"),
            AttributePath::root().attr("tags").key("a"),
        ];
        let e = not_known_error(&three);
        assert_eq!(
            e.to_string(),
            r#"3 values are not known yet: .id, .disk[0].size, .tags["a"]"#
        );
        assert!(e.path().is_root());
        let e = not_known_error(&[AttributePath::root(), one]);
        assert_eq!(
            e.to_string(),
            "2 values are not known yet: the value itself, .id"
        );
        let many: Vec<AttributePath> = (0..20).map(|i| AttributePath::root().index(i)).collect();
        let e = not_known_error(&many);
        assert_eq!(
            e.to_string(),
            "20 values are not known yet: [0], [1], [2], [3], [4], [5], [6], [7], [8], [9], \
             [10], [11], [12], [13], [14], [15] and 4 more"
        );
    }

    #[test]
    fn leaves_are_known() {
        assert!("s".is_wholly_known());
        assert!(String::from("s").is_wholly_known());
        assert_eq!(IntoKnown::into_known(String::from("s")).unwrap(), "s");
        assert_eq!(IntoKnown::into_known("s").unwrap(), "s");
        assert_eq!(
            IntoKnown::into_known(Cow::Borrowed("c")).unwrap(),
            Cow::Borrowed("c")
        );
        assert!(IntoKnown::into_known(true).unwrap());
        assert_eq!(IntoKnown::into_known('c').unwrap(), 'c');
        assert_eq!(IntoKnown::into_known(1.5_f64).unwrap(), 1.5);
        assert_eq!(IntoKnown::into_known(-3_i128).unwrap(), -3);
        assert_eq!(IntoKnown::into_known(7_usize).unwrap(), 7);
        let n = Number::from(12_i64);
        assert_eq!(IntoKnown::into_known(n.clone()).unwrap(), n);
        IntoKnown::into_known(()).unwrap();
        assert!(5_u8.unknown_paths().is_empty());
        let mut out = Vec::new();
        assert_eq!(5_u8.into_known_at(Trail::root(), &mut out), Some(5));
    }

    #[test]
    fn unknown_wrapper() {
        let u: Unknown<u32> = Unknown::unknown();
        assert!(!u.is_wholly_known());
        assert_eq!(unknown_strings(&u), [""]);
        assert_eq!(known_err(u), "value is not known yet");
        let r: Unknown<u32> = Unknown::refined(Refinements::new().not_null());
        assert_eq!(known_err(r), "value is not known yet");
        let k = Unknown::known(4_u32);
        assert!(k.is_wholly_known());
        assert_eq!(IntoKnown::into_known(k).unwrap(), 4);
        // Nested: Unknown<Unknown<T>> reports the same path once.
        let nested: Unknown<Unknown<u8>> = Unknown::known(Unknown::unknown());
        assert_eq!(unknown_strings(&nested), [""]);
        let nested: Unknown<Unknown<u8>> = Unknown::known(Unknown::known(1));
        assert_eq!(IntoKnown::into_known(nested).unwrap(), 1);
    }

    #[test]
    fn nullable_and_option() {
        let v: Unknown<Nullable<String>> = Unknown::known(Nullable::Null);
        assert!(v.is_wholly_known());
        assert_eq!(IntoKnown::into_known(v).unwrap(), Nullable::Null);
        let v: Nullable<Unknown<u8>> = Nullable::Value(Unknown::unknown());
        assert!(!v.is_wholly_known());
        assert_eq!(unknown_strings(&v), [""]);
        assert!(v.into_known().is_err());
        let v: Nullable<Unknown<u8>> = Nullable::Value(Unknown::known(3));
        assert_eq!(v.into_known().unwrap(), Nullable::Value(3));
        let v: Nullable<Unknown<u8>> = Nullable::Null;
        assert!(v.is_wholly_known());
        assert_eq!(v.into_known().unwrap(), Nullable::Null);

        let v: Option<Unknown<u8>> = Some(Unknown::unknown());
        assert!(!v.is_wholly_known());
        assert_eq!(unknown_strings(&v), [""]);
        assert!(v.into_known().is_err());
        let v: Option<Unknown<u8>> = Some(Unknown::known(2));
        assert_eq!(v.into_known().unwrap(), Some(2));
        let v: Option<Unknown<u8>> = None;
        assert!(v.is_wholly_known());
        assert_eq!(v.into_known().unwrap(), None);
    }

    #[test]
    fn pointers() {
        let b: Box<Unknown<u8>> = Box::new(Unknown::unknown());
        assert!(!b.is_wholly_known());
        assert_eq!(unknown_strings(&b), [""]);
        assert!(b.into_known().is_err());
        let b: Box<Unknown<u8>> = Box::new(Unknown::known(1));
        assert_eq!(*b.into_known().unwrap(), 1);

        let shared = Rc::new(Unknown::known(2_u8));
        let other = Rc::clone(&shared);
        assert!(shared.is_wholly_known());
        assert_eq!(*shared.into_known().unwrap(), 2);
        assert_eq!(*other, Unknown::known(2));
        let a: Arc<Unknown<u8>> = Arc::new(Unknown::unknown());
        assert_eq!(unknown_strings(&a), [""]);
        assert!(a.into_known().is_err());
        assert_eq!(*Arc::new(Unknown::known(3_u8)).into_known().unwrap(), 3);
        let r: &Unknown<u8> = &Unknown::unknown();
        assert!(!r.is_wholly_known());
        assert_eq!(unknown_strings(&r), [""]);
        let s: &[Unknown<u8>] = &[Unknown::known(1), Unknown::unknown()];
        assert_eq!(unknown_strings(s), ["[1]"]);
    }

    #[test]
    fn vec_and_set_report_every_index() {
        let v: Vec<Unknown<u8>> = vec![Unknown::unknown(), Unknown::known(1), Unknown::unknown()];
        assert!(!v.is_wholly_known());
        assert_eq!(unknown_strings(&v), ["[0]", "[2]"]);
        assert_eq!(known_err(v), "2 values are not known yet: [0], [2]");
        let v: Vec<Unknown<u8>> = vec![Unknown::known(1), Unknown::known(2)];
        assert!(v.is_wholly_known());
        assert_eq!(v.into_known().unwrap(), [1, 2]);
        assert!(Vec::<Unknown<u8>>::new().into_known().unwrap().is_empty());

        let s: Set<Unknown<f64>> = Set::from([Unknown::known(0.5), Unknown::unknown()]);
        assert!(!s.is_wholly_known());
        assert_eq!(unknown_strings(&s), ["[1]"]);
        assert_eq!(known_err(s), "[1]: value is not known yet");
        let s: Set<Unknown<f64>> = Set::from([Unknown::known(0.5), Unknown::known(1.5)]);
        assert_eq!(s.into_known().unwrap().as_slice(), &[0.5, 1.5]);
    }

    #[test]
    fn std_sets() {
        let s: BTreeSet<Nullable<u8>> = [Nullable::Null, Nullable::Value(1)].into();
        assert!(s.is_wholly_known());
        assert!(s.unknown_paths().is_empty());
        assert_eq!(s.clone().into_known().unwrap(), s);

        let s: HashSet<Unknown<u8>> = [Unknown::known(1), Unknown::unknown()].into();
        assert!(!s.is_wholly_known());
        assert_eq!(s.unknown_paths().len(), 1);
        assert!(s.into_known().is_err());
        let s: HashSet<Unknown<u8>> = [Unknown::known(1), Unknown::known(2)].into();
        assert!(s.is_wholly_known());
        assert_eq!(s.into_known().unwrap(), HashSet::from([1, 2]));
    }

    #[test]
    fn maps_use_key_steps() {
        let m: BTreeMap<String, Unknown<String>> = [
            ("env".to_owned(), Unknown::unknown()),
            ("a\"b".to_owned(), Unknown::unknown()),
            ("ok".to_owned(), Unknown::known("x".to_owned())),
        ]
        .into();
        assert!(!m.is_wholly_known());
        assert_eq!(unknown_strings(&m), [r#"["a\"b"]"#, r#"["env"]"#]);
        assert_eq!(
            known_err(m),
            r#"2 values are not known yet: ["a\"b"], ["env"]"#
        );
        let m: BTreeMap<&str, Unknown<u8>> = [("a", Unknown::known(1))].into();
        assert!(m.is_wholly_known());
        assert_eq!(m.into_known().unwrap(), BTreeMap::from([("a", 1)]));

        let m: HashMap<String, Unknown<u8>> = [("k".to_owned(), Unknown::unknown())].into();
        assert!(!m.is_wholly_known());
        assert_eq!(unknown_strings(&m), [r#"["k"]"#]);
        assert_eq!(known_err(m), r#"["k"]: value is not known yet"#);
        let m: HashMap<String, Unknown<u8>> = [
            ("k".to_owned(), Unknown::known(1)),
            ("l".to_owned(), Unknown::known(2)),
        ]
        .into();
        assert!(m.is_wholly_known());
        let k = m.into_known().unwrap();
        assert_eq!(k, HashMap::from([("k".to_owned(), 1), ("l".to_owned(), 2)]));
    }

    #[test]
    fn tuples_use_index_steps() {
        let t: (Unknown<u8>, String, Unknown<bool>) =
            (Unknown::unknown(), "s".into(), Unknown::unknown());
        assert!(!t.is_wholly_known());
        assert_eq!(unknown_strings(&t), ["[0]", "[2]"]);
        assert_eq!(known_err(t), "2 values are not known yet: [0], [2]");
        let t = (Unknown::known(1_u8), "s", Unknown::known(true));
        assert!(t.is_wholly_known());
        assert_eq!(t.into_known().unwrap(), (1, "s", true));
        let one = (Unknown::<u8>::unknown(),);
        assert_eq!(known_err(one), "[0]: value is not known yet");
        let eight = (
            1_u8,
            2_u8,
            3_u8,
            4_u8,
            5_u8,
            6_u8,
            7_u8,
            Unknown::<u8>::unknown(),
        );
        assert!(!eight.is_wholly_known());
        assert_eq!(known_err(eight), "[7]: value is not known yet");
    }

    #[test]
    fn values() {
        let ty = Type::object([("a", Type::String), ("b", Type::list(Type::Number))]);
        let v = Value::object([
            ("a", Value::unknown(Type::String)),
            (
                "b",
                Value::list(
                    Type::Number,
                    vec![
                        Value::from(Number::from(1_i64)),
                        Value::unknown(Type::Number),
                    ],
                )
                .unwrap(),
            ),
        ]);
        v.conforms_to(&ty).unwrap();
        assert!(!UnknownPaths::is_wholly_known(&v));
        assert_eq!(strings(&UnknownPaths::unknown_paths(&v)), [".a", ".b[1]"]);
        let mut out = Vec::new();
        let prefix = AttributePath::root().attr("dyn");
        v.unknown_paths_into(Trail::under(&prefix), &mut out);
        assert_eq!(strings(&out), [".dyn.a", ".dyn.b[1]"]);
        assert_eq!(known_err(v), "2 values are not known yet: .a, .b[1]");
        let k = Value::from("x");
        assert!(UnknownPaths::is_wholly_known(&k));
        assert_eq!(k.clone().into_known().unwrap(), k);
        let inside: Nullable<Value> = Nullable::Value(Value::unknown(Type::Bool));
        assert_eq!(known_err(inside), "value is not known yet");
    }

    /// An implementation that only provides the required method keeps the defaults working.
    struct OnlyRequired(Unknown<u8>);

    impl UnknownPaths for OnlyRequired {
        fn unknown_paths_into(&self, at: Trail<'_>, out: &mut Vec<AttributePath>) {
            self.0.unknown_paths_into(at.attr("only"), out);
        }
    }

    #[test]
    fn default_methods() {
        let known = OnlyRequired(Unknown::known(1));
        assert!(known.is_wholly_known());
        let unknown = OnlyRequired(Unknown::unknown());
        assert!(!unknown.is_wholly_known());
        assert_eq!(unknown_strings(&unknown), [".only"]);
    }

    /// A wrong implementation (None without a path) still yields an error, not a panic.
    struct Liar;

    impl IntoKnown for Liar {
        type Known = ();

        fn into_known_at(self, _: Trail<'_>, _: &mut Vec<AttributePath>) -> Option<()> {
            None
        }
    }

    #[test]
    fn none_without_paths_is_still_an_error() {
        assert_eq!(known_err(Liar), "value is not known yet");
    }
}
