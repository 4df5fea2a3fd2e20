//! [`IntoPlanned`] for the standard types: leaves, [`Unknown`], [`Nullable`], options and
//! pointers, sequences, sets, maps, tuples, and the dynamic [`Value`]. Each converts as
//! [`IntoKnown`](super::IntoKnown) does, its parts through `IntoPlanned` (so that a model
//! inside becomes its `<Name>Planned` companion), and converts back.

use super::{convert, IntoPlanned, Trail, UnknownPaths};
use crate::map::Map;
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

/// Types that never hold an unknown value: their planned form is themselves.
macro_rules! leaf {
    (@one [$($gen:tt)*] $ty:ty) => {
        impl<$($gen)*> IntoPlanned for $ty {
            type Planned = Self;

            #[inline]
            fn into_planned(self) -> crate::error::Result<Self> {
                Ok(self)
            }

            #[inline]
            fn into_planned_at(self, _at: Trail<'_>, _unknowns: &mut Vec<AttributePath>)
                -> Option<Self> {
                Some(self)
            }

            #[inline]
            fn from_planned(planned: Self) -> Self {
                planned
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
leaf!(@one ['a] &'a str);

impl<T: IntoPlanned> IntoPlanned for Unknown<T> {
    type Planned = T::Planned;

    #[inline]
    fn into_planned_at(
        self,
        at: Trail<'_>,
        unknowns: &mut Vec<AttributePath>,
    ) -> Option<T::Planned> {
        match self {
            Unknown::Known(v) => v.into_planned_at(at, unknowns),
            Unknown::Unknown(_) => {
                unknowns.push(at.to_path());
                None
            }
        }
    }

    #[inline]
    fn from_planned(planned: T::Planned) -> Self {
        Unknown::Known(T::from_planned(planned))
    }
}

impl<T: IntoPlanned> IntoPlanned for Nullable<T> {
    type Planned = Nullable<T::Planned>;

    #[inline]
    fn into_planned_at(
        self,
        at: Trail<'_>,
        unknowns: &mut Vec<AttributePath>,
    ) -> Option<Self::Planned> {
        match self {
            Nullable::Value(v) => v.into_planned_at(at, unknowns).map(Nullable::Value),
            Nullable::Null => Some(Nullable::Null),
        }
    }

    #[inline]
    fn from_planned(planned: Self::Planned) -> Self {
        match planned {
            Nullable::Value(v) => Nullable::Value(T::from_planned(v)),
            Nullable::Null => Nullable::Null,
        }
    }
}

impl<T: IntoPlanned> IntoPlanned for Option<T> {
    type Planned = Option<T::Planned>;

    #[inline]
    fn into_planned_at(
        self,
        at: Trail<'_>,
        unknowns: &mut Vec<AttributePath>,
    ) -> Option<Self::Planned> {
        match self {
            Some(v) => v.into_planned_at(at, unknowns).map(Some),
            None => Some(None),
        }
    }

    #[inline]
    fn from_planned(planned: Self::Planned) -> Self {
        planned.map(T::from_planned)
    }
}

impl<T: IntoPlanned> IntoPlanned for Box<T> {
    type Planned = Box<T::Planned>;

    fn into_planned_at(
        self,
        at: Trail<'_>,
        unknowns: &mut Vec<AttributePath>,
    ) -> Option<Self::Planned> {
        (*self).into_planned_at(at, unknowns).map(Box::new)
    }

    fn from_planned(planned: Self::Planned) -> Self {
        Box::new(T::from_planned(*planned))
    }
}

/// `Rc<T>` and `Arc<T>`: the value is taken out of the pointer (cloned if it is shared).
macro_rules! shared_pointer {
    ($($ptr:ident),*) => {$(
        impl<T: IntoPlanned + Clone> IntoPlanned for $ptr<T>
        where
            T::Planned: Clone,
        {
            type Planned = $ptr<T::Planned>;

            fn into_planned_at(
                self,
                at: Trail<'_>,
                unknowns: &mut Vec<AttributePath>,
            ) -> Option<Self::Planned> {
                $ptr::unwrap_or_clone(self)
                    .into_planned_at(at, unknowns)
                    .map($ptr::new)
            }

            fn from_planned(planned: Self::Planned) -> Self {
                $ptr::new(T::from_planned($ptr::unwrap_or_clone(planned)))
            }
        }
    )*};
}

shared_pointer!(Rc, Arc);

impl<T: IntoPlanned> IntoPlanned for Vec<T> {
    type Planned = Vec<T::Planned>;

    fn into_planned_at(
        self,
        at: Trail<'_>,
        unknowns: &mut Vec<AttributePath>,
    ) -> Option<Self::Planned> {
        convert::vec(self, at, unknowns, T::into_planned_at)
    }

    fn from_planned(planned: Self::Planned) -> Self {
        planned.into_iter().map(T::from_planned).collect()
    }
}

impl<T: IntoPlanned> IntoPlanned for Set<T> {
    type Planned = Set<T::Planned>;

    /// Converts each element, keeping the order (and so the paths) of the stored elements.
    fn into_planned_at(
        self,
        at: Trail<'_>,
        unknowns: &mut Vec<AttributePath>,
    ) -> Option<Self::Planned> {
        convert::vec(self.into_vec(), at, unknowns, T::into_planned_at).map(Set::from)
    }

    fn from_planned(planned: Self::Planned) -> Self {
        planned.into_iter().map(T::from_planned).collect()
    }
}

impl<T: IntoPlanned + Ord> IntoPlanned for BTreeSet<T>
where
    T::Planned: Ord,
{
    type Planned = BTreeSet<T::Planned>;

    /// Element paths are positions in the set's order.
    fn into_planned_at(
        self,
        at: Trail<'_>,
        unknowns: &mut Vec<AttributePath>,
    ) -> Option<Self::Planned> {
        convert::elements(self, at, unknowns, T::into_planned_at)
    }

    fn from_planned(planned: Self::Planned) -> Self {
        planned.into_iter().map(T::from_planned).collect()
    }
}

impl<T: IntoPlanned + Eq + Hash, S: BuildHasher + Clone> IntoPlanned for HashSet<T, S>
where
    T::Planned: Eq + Hash,
{
    type Planned = HashSet<T::Planned, S>;

    /// Element paths are positions in the set's iteration order. The new set uses a clone
    /// of this set's hasher, and so does the set converted back.
    fn into_planned_at(
        self,
        at: Trail<'_>,
        unknowns: &mut Vec<AttributePath>,
    ) -> Option<Self::Planned> {
        convert::hash_set(self, at, unknowns, T::into_planned_at)
    }

    fn from_planned(planned: Self::Planned) -> Self {
        let mut out = HashSet::with_capacity_and_hasher(planned.len(), planned.hasher().clone());
        out.extend(planned.into_iter().map(T::from_planned));
        out
    }
}

impl<K: AsRef<str> + Ord, T: IntoPlanned> IntoPlanned for BTreeMap<K, T> {
    type Planned = BTreeMap<K, T::Planned>;

    fn into_planned_at(
        self,
        at: Trail<'_>,
        unknowns: &mut Vec<AttributePath>,
    ) -> Option<Self::Planned> {
        convert::btree_map(self, at, unknowns, T::into_planned_at)
    }

    fn from_planned(planned: Self::Planned) -> Self {
        planned
            .into_iter()
            .map(|(k, v)| (k, T::from_planned(v)))
            .collect()
    }
}

impl<T: IntoPlanned> IntoPlanned for Map<T> {
    type Planned = Map<T::Planned>;

    /// Converts each value, keeping the keys (already in order: O(n)).
    fn into_planned_at(
        self,
        at: Trail<'_>,
        unknowns: &mut Vec<AttributePath>,
    ) -> Option<Self::Planned> {
        convert::map(self, at, unknowns, T::into_planned_at)
    }

    fn from_planned(planned: Self::Planned) -> Self {
        planned
            .into_iter()
            .map(|(k, v)| (k, T::from_planned(v)))
            .collect()
    }
}

impl<K: AsRef<str> + Eq + Hash, T: IntoPlanned, S: BuildHasher + Clone> IntoPlanned
    for HashMap<K, T, S>
{
    type Planned = HashMap<K, T::Planned, S>;

    /// The new map uses a clone of this map's hasher, and so does the map converted back.
    fn into_planned_at(
        self,
        at: Trail<'_>,
        unknowns: &mut Vec<AttributePath>,
    ) -> Option<Self::Planned> {
        convert::hash_map(self, at, unknowns, T::into_planned_at)
    }

    fn from_planned(planned: Self::Planned) -> Self {
        let mut out = HashMap::with_capacity_and_hasher(planned.len(), planned.hasher().clone());
        out.extend(planned.into_iter().map(|(k, v)| (k, T::from_planned(v))));
        out
    }
}

macro_rules! tuple {
    ($($name:ident $idx:tt),+) => {
        impl<$($name: IntoPlanned),+> IntoPlanned for ($($name,)+) {
            type Planned = ($($name::Planned,)+);

            #[allow(non_snake_case)]
            fn into_planned_at(
                self,
                at: Trail<'_>,
                unknowns: &mut Vec<AttributePath>,
            ) -> Option<Self::Planned> {
                let ($($name,)+) = self;
                $(let $name = $name.into_planned_at(at.index($idx), unknowns);)+
                Some(($($name?,)+))
            }

            #[allow(non_snake_case)]
            fn from_planned(planned: Self::Planned) -> Self {
                let ($($name,)+) = planned;
                ($($name::from_planned($name),)+)
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

impl IntoPlanned for Value {
    /// A `Value` stays a `Value`: converting checks that nothing inside it is unknown.
    type Planned = Value;

    fn into_planned_at(self, at: Trail<'_>, unknowns: &mut Vec<AttributePath>) -> Option<Value> {
        if Value::is_wholly_known(&self) {
            Some(self)
        } else {
            UnknownPaths::unknown_paths_into(&self, at, unknowns);
            None
        }
    }

    fn from_planned(planned: Value) -> Self {
        planned
    }
}
