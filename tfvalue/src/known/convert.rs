//! Converting the parts of a collection, each at its place in the model: what
//! [`IntoKnown`](super::IntoKnown) and [`IntoPlanned`](super::IntoPlanned) share for
//! sequences, sets and maps. Each helper takes the conversion of one part (`into_known_at`
//! or `into_planned_at`), visits every part even after one failed, so that every unknown
//! value is reported, and returns the whole only when every part converted.

use super::Trail;
use crate::map::Map;
use crate::path::AttributePath;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::hash::{BuildHasher, Hash};

/// Converts the elements of a sequence, each at its index, into any collection.
pub(super) fn elements<T, K, C: FromIterator<K>>(
    elements: impl IntoIterator<Item = T>,
    at: Trail<'_>,
    unknowns: &mut Vec<AttributePath>,
    mut convert: impl FnMut(T, Trail<'_>, &mut Vec<AttributePath>) -> Option<K>,
) -> Option<C> {
    let mut complete = true;
    let out = elements
        .into_iter()
        .enumerate()
        .filter_map(|(i, v)| {
            let known = convert(v, at.index(i), unknowns);
            complete &= known.is_some();
            known
        })
        .collect();
    complete.then_some(out)
}

/// Converts the elements of a vector. When the new element is no larger and equally
/// aligned, the standard library collects in place (reusing the buffer); otherwise the new
/// vector is allocated once, at its final size.
pub(super) fn vec<T, K>(
    items: Vec<T>,
    at: Trail<'_>,
    unknowns: &mut Vec<AttributePath>,
    mut convert: impl FnMut(T, Trail<'_>, &mut Vec<AttributePath>) -> Option<K>,
) -> Option<Vec<K>> {
    use std::mem::{align_of, size_of};
    let in_place = size_of::<K>() > 0
        && size_of::<T>() >= size_of::<K>()
        && align_of::<T>() == align_of::<K>();
    if in_place {
        return elements(items, at, unknowns, convert);
    }
    let mut out = Vec::with_capacity(items.len());
    let mut complete = true;
    for (i, v) in items.into_iter().enumerate() {
        match convert(v, at.index(i), unknowns) {
            Some(k) if complete => out.push(k),
            Some(_) => {}
            None => complete = false,
        }
    }
    complete.then_some(out)
}

/// Converts the elements of a hash set, each at its position in iteration order. The new
/// set uses a clone of this set's hasher.
pub(super) fn hash_set<T, K: Eq + Hash, S: BuildHasher + Clone>(
    set: HashSet<T, S>,
    at: Trail<'_>,
    unknowns: &mut Vec<AttributePath>,
    mut convert: impl FnMut(T, Trail<'_>, &mut Vec<AttributePath>) -> Option<K>,
) -> Option<HashSet<K, S>> {
    let mut out = HashSet::with_capacity_and_hasher(set.len(), set.hasher().clone());
    let mut complete = true;
    for (i, v) in set.into_iter().enumerate() {
        match convert(v, at.index(i), unknowns) {
            Some(k) if complete => {
                out.insert(k);
            }
            Some(_) => {}
            None => complete = false,
        }
    }
    complete.then_some(out)
}

/// Converts the values of a `BTreeMap`, each at its key (in order: built in O(n)).
pub(super) fn btree_map<K: AsRef<str> + Ord, T, O>(
    map: BTreeMap<K, T>,
    at: Trail<'_>,
    unknowns: &mut Vec<AttributePath>,
    mut convert: impl FnMut(T, Trail<'_>, &mut Vec<AttributePath>) -> Option<O>,
) -> Option<BTreeMap<K, O>> {
    let mut complete = true;
    let out = map
        .into_iter()
        .filter_map(|(k, v)| {
            let known = convert(v, at.key(k.as_ref()), unknowns);
            complete &= known.is_some();
            Some((k, known?))
        })
        .collect();
    complete.then_some(out)
}

/// Converts the values of a [`Map`], keeping the keys (already in order: O(n)).
pub(super) fn map<T, O>(
    map: Map<T>,
    at: Trail<'_>,
    unknowns: &mut Vec<AttributePath>,
    mut convert: impl FnMut(T, Trail<'_>, &mut Vec<AttributePath>) -> Option<O>,
) -> Option<Map<O>> {
    let mut complete = true;
    let mut out = Map::with_capacity(map.len());
    for (k, v) in map {
        match convert(v, at.key(&k), unknowns) {
            Some(known) if complete => {
                out.insert(k, known);
            }
            Some(_) => {}
            None => complete = false,
        }
    }
    complete.then_some(out)
}

/// Converts the values of a `HashMap`, each at its key. The new map uses a clone of this
/// map's hasher.
pub(super) fn hash_map<K: AsRef<str> + Eq + Hash, T, O, S: BuildHasher + Clone>(
    map: HashMap<K, T, S>,
    at: Trail<'_>,
    unknowns: &mut Vec<AttributePath>,
    mut convert: impl FnMut(T, Trail<'_>, &mut Vec<AttributePath>) -> Option<O>,
) -> Option<HashMap<K, O, S>> {
    let mut out = HashMap::with_capacity_and_hasher(map.len(), map.hasher().clone());
    let mut complete = true;
    for (k, v) in map {
        match convert(v, at.key(k.as_ref()), unknowns) {
            Some(known) if complete => {
                out.insert(k, known);
            }
            Some(_) => {}
            None => complete = false,
        }
    }
    complete.then_some(out)
}
