//! [`UnknownPaths`] and [`IntoKnown`] for the standard types: leaves (which are always
//! known), [`Unknown`], [`Nullable`], options and pointers, sequences, sets, maps, tuples,
//! and the dynamic [`Value`].

use super::{convert, IntoKnown, Trail, UnknownPaths};
use crate::error::Result;
use crate::nullable::Nullable;
use crate::number::Number;
use crate::path::AttributePath;
use crate::set::Set;
use crate::unknown::Unknown;
use crate::value::Value;
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::hash::{BuildHasher, Hash};
use std::rc::Rc;
use std::sync::Arc;

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

impl<T: IntoKnown> IntoKnown for Vec<T> {
    type Known = Vec<T::Known>;

    fn into_known_at(
        self,
        at: Trail<'_>,
        unknowns: &mut Vec<AttributePath>,
    ) -> Option<Self::Known> {
        convert::vec(self, at, unknowns, T::into_known_at)
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
        convert::vec(self.into_vec(), at, unknowns, T::into_known_at).map(Set::from)
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
        convert::elements(self, at, unknowns, T::into_known_at)
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
        convert::hash_set(self, at, unknowns, T::into_known_at)
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
        convert::btree_map(self, at, unknowns, T::into_known_at)
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
        convert::map(self, at, unknowns, T::into_known_at)
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
        convert::hash_map(self, at, unknowns, T::into_known_at)
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
