//! [`Map<V>`]: a Terraform map stored as a vector of entries sorted by key, decoded in
//! linear time from Terraform's (sorted) wire order.
//!
//! `BTreeMap<String, V>` is a Terraform map too, but building one costs a search from the
//! root per key (n log n, with a string comparison at every level), which shows on maps of
//! thousands of keys. Terraform writes map keys in byte order, so `Map` appends each
//! entry after one comparison with the previous key.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::error::{Error, ErrorKind};
use crate::tf_type::TfType;
use crate::tokens::SORTED_MAP_TOKEN;
use crate::types::Type;

/// A Terraform map: string keys in byte order, each with a value; a sorted vector.
///
/// - Decoding appends entries that arrive in byte order of keys (as Terraform sends them)
///   in O(1) each, so a map of n keys decodes in O(n); entries out of order are sorted
///   once at the end (O(n log n)), and a key given twice is an error, as in every tfvalue
///   decoder.
/// - Lookup ([`Map::get`]) is a binary search (O(log n)); [`Map::insert`] appends in O(1)
///   when the key sorts after every other, else shifts the entries after it.
/// - Iteration and encoding follow key order (go-cty's order), so `Map` encodes exactly
///   as a `BTreeMap<String, V>` does. Its Terraform type ([`TfType`]) is `map(V)`.
///
/// ```
/// use tfvalue::map::Map;
///
/// let mut tags: Map<String> = Map::new();
/// tags.insert("env", "prod".to_owned());
/// tags.insert("app", "web".to_owned());
/// assert_eq!(tags.get("env").map(String::as_str), Some("prod"));
/// assert_eq!(tags.keys().collect::<Vec<_>>(), ["app", "env"]);
///
/// let bytes = tfvalue::msgpack::to_vec(&tags).unwrap();
/// let back: Map<String> = tfvalue::msgpack::from_slice(&bytes).unwrap();
/// assert_eq!(back, tags);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Map<V> {
    /// Sorted by key, keys distinct.
    entries: Vec<(String, V)>,
}

impl<V> Map<V> {
    /// An empty map.
    pub fn new() -> Self {
        Map {
            entries: Vec::new(),
        }
    }

    /// An empty map with room for `capacity` entries.
    pub fn with_capacity(capacity: usize) -> Self {
        Map {
            entries: Vec::with_capacity(capacity),
        }
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the map has no entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Where `key` is, or where it would go.
    fn find<Q: AsRef<str> + ?Sized>(&self, key: &Q) -> Result<usize, usize> {
        let key = key.as_ref().as_bytes();
        self.entries
            .binary_search_by(|(k, _)| k.as_bytes().cmp(key))
    }

    /// The value of `key`, if present (binary search).
    pub fn get<Q: AsRef<str> + ?Sized>(&self, key: &Q) -> Option<&V> {
        self.find(key).ok().map(|i| &self.entries[i].1)
    }

    /// The value of `key`, mutably, if present.
    pub fn get_mut<Q: AsRef<str> + ?Sized>(&mut self, key: &Q) -> Option<&mut V> {
        match self.find(key) {
            Ok(i) => Some(&mut self.entries[i].1),
            Err(_) => None,
        }
    }

    /// Whether `key` is present.
    pub fn contains_key<Q: AsRef<str> + ?Sized>(&self, key: &Q) -> bool {
        self.find(key).is_ok()
    }

    /// Sets the value of `key`, returning the previous one. O(1) when `key` sorts after
    /// every key present (building a map in order), else O(n) for the shift.
    pub fn insert(&mut self, key: impl Into<String>, value: V) -> Option<V> {
        let key = key.into();
        let after_last = match self.entries.last() {
            None => true,
            Some((last, _)) => last.as_bytes() < key.as_bytes(),
        };
        if after_last {
            self.entries.push((key, value));
            return None;
        }
        match self.find(&key) {
            Ok(i) => Some(std::mem::replace(&mut self.entries[i].1, value)),
            Err(i) => {
                self.entries.insert(i, (key, value));
                None
            }
        }
    }

    /// Removes `key`, returning its value.
    pub fn remove<Q: AsRef<str> + ?Sized>(&mut self, key: &Q) -> Option<V> {
        match self.find(key) {
            Ok(i) => Some(self.entries.remove(i).1),
            Err(_) => None,
        }
    }

    /// Keeps only the entries for which `keep` is true.
    pub fn retain(&mut self, mut keep: impl FnMut(&str, &mut V) -> bool) {
        self.entries.retain_mut(|(k, v)| keep(k, v));
    }

    /// Removes every entry.
    pub fn clear(&mut self) {
        self.entries.clear();
    }

    /// The entries in key order.
    pub fn iter(&self) -> Iter<'_, V> {
        Iter(self.entries.iter())
    }

    /// The entries in key order, values mutable.
    pub fn iter_mut(&mut self) -> IterMut<'_, V> {
        IterMut(self.entries.iter_mut())
    }

    /// The keys in order.
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &str> + ExactSizeIterator {
        self.entries.iter().map(|(k, _)| k.as_str())
    }

    /// The values in key order.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &V> + ExactSizeIterator {
        self.entries.iter().map(|(_, v)| v)
    }

    /// The entries in key order, as a slice of `(key, value)` pairs.
    pub fn as_slice(&self) -> &[(String, V)] {
        &self.entries
    }

    /// The entries in key order.
    pub fn into_vec(self) -> Vec<(String, V)> {
        self.entries
    }

    /// Sorts entries that came out of key order, and refuses (returns) a key given twice.
    /// One sort, O(n log n), rather than an insertion per entry, which would cost O(n²)
    /// on keys in reverse order.
    fn sort_decoded(&mut self) -> Result<(), String> {
        self.entries
            .sort_by(|(a, _), (b, _)| a.as_bytes().cmp(b.as_bytes()));
        let twice = self
            .entries
            .windows(2)
            .position(|pair| pair[0].0 == pair[1].0);
        match twice {
            Some(i) => Err(std::mem::take(&mut self.entries[i].0)),
            None => Ok(()),
        }
    }
}

impl<V> Default for Map<V> {
    fn default() -> Self {
        Map::new()
    }
}

impl<V: fmt::Debug> fmt::Debug for Map<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// Builds a map; a later entry for the same key replaces the earlier one (as
/// `BTreeMap` does). Entries given in key order cost O(1) each.
impl<K: Into<String>, V> FromIterator<(K, V)> for Map<V> {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Self {
        let mut map = Map::new();
        map.extend(iter);
        map
    }
}

impl<K: Into<String>, V> Extend<(K, V)> for Map<V> {
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, iter: I) {
        for (k, v) in iter {
            self.insert(k, v);
        }
    }
}

impl<K: Into<String>, V, const N: usize> From<[(K, V); N]> for Map<V> {
    fn from(entries: [(K, V); N]) -> Self {
        entries.into_iter().collect()
    }
}

impl<V> From<std::collections::BTreeMap<String, V>> for Map<V> {
    /// A `BTreeMap` iterates in key order: O(n).
    fn from(map: std::collections::BTreeMap<String, V>) -> Self {
        Map {
            entries: map.into_iter().collect(),
        }
    }
}

impl<V> From<Map<V>> for std::collections::BTreeMap<String, V> {
    /// Sorted input: built in O(n).
    fn from(map: Map<V>) -> Self {
        map.entries.into_iter().collect()
    }
}

/// Iterator over the entries of a [`Map`] in key order.
pub struct Iter<'a, V>(std::slice::Iter<'a, (String, V)>);

impl<'a, V> Iterator for Iter<'a, V> {
    type Item = (&'a str, &'a V);

    fn next(&mut self) -> Option<Self::Item> {
        self.0.next().map(|(k, v)| (k.as_str(), v))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl<V> DoubleEndedIterator for Iter<'_, V> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.0.next_back().map(|(k, v)| (k.as_str(), v))
    }
}

impl<V> ExactSizeIterator for Iter<'_, V> {}

/// Iterator over the entries of a [`Map`] in key order, values mutable.
pub struct IterMut<'a, V>(std::slice::IterMut<'a, (String, V)>);

impl<'a, V> Iterator for IterMut<'a, V> {
    type Item = (&'a str, &'a mut V);

    fn next(&mut self) -> Option<Self::Item> {
        self.0.next().map(|(k, v)| (k.as_str(), v))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl<V> ExactSizeIterator for IterMut<'_, V> {}

impl<'a, V> IntoIterator for &'a Map<V> {
    type Item = (&'a str, &'a V);
    type IntoIter = Iter<'a, V>;

    fn into_iter(self) -> Iter<'a, V> {
        self.iter()
    }
}

impl<'a, V> IntoIterator for &'a mut Map<V> {
    type Item = (&'a str, &'a mut V);
    type IntoIter = IterMut<'a, V>;

    fn into_iter(self) -> IterMut<'a, V> {
        self.iter_mut()
    }
}

impl<V> IntoIterator for Map<V> {
    type Item = (String, V);
    type IntoIter = std::vec::IntoIter<(String, V)>;

    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter()
    }
}

impl<V: TfType> TfType for Map<V> {
    fn tf_type() -> Type {
        Type::map(V::tf_type())
    }
    const HAS_DYNAMIC: bool = V::HAS_DYNAMIC;
    const SEMANTICS: Option<crate::semantics::Semantics> =
        crate::semantics::Semantics::elements(V::SEMANTICS);
}

/// The entries as a serde map.
struct Entries<'a, V>(&'a [(String, V)]);

impl<V: Serialize> Serialize for Entries<'_, V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (k, v) in self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

/// A map in key order; tfvalue's MessagePack serializer is told so (`SORTED_MAP_TOKEN`)
/// and skips its order check. Other serializers see a newtype around the map.
impl<V: Serialize> Serialize for Map<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_newtype_struct(SORTED_MAP_TOKEN, &Entries(&self.entries))
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Map<V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(MapVisitor(PhantomData))
    }
}

struct MapVisitor<V>(PhantomData<V>);

impl<'de, V: Deserialize<'de>> Visitor<'de> for MapVisitor<V> {
    type Value = Map<V>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a map")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Self::Value, A::Error> {
        let limit = crate::limits::MAX_PREALLOC_BYTES / std::mem::size_of::<(String, V)>().max(1);
        let mut map = Map::with_capacity(access.size_hint().unwrap_or(0).min(limit));
        // Terraform sends keys in byte order: each entry is then appended after one
        // comparison with the previous key (which also rules out a key given twice).
        let mut in_order = true;
        while let Some((k, v)) = access.next_entry::<String, V>()? {
            if in_order {
                if let Some((last, _)) = map.entries.last() {
                    in_order = last.as_bytes() < k.as_bytes();
                }
            }
            map.entries.push((k, v));
        }
        if !in_order {
            if let Err(key) = map.sort_decoded() {
                let mut message = String::from("duplicate map key ");
                let _ = crate::path::write_quoted(&mut message, &key);
                return Err(Error::new(ErrorKind::Attribute, message).into_de());
            }
        }
        Ok(map)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::{ErrorKind, Nullable, Unknown, UnknownPaths};

    fn hex(s: &str) -> Vec<u8> {
        let digits: Vec<u8> = s.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
        digits
            .chunks(2)
            .map(|p| u8::from_str_radix(std::str::from_utf8(p).unwrap(), 16).unwrap())
            .collect()
    }

    #[test]
    fn api_keeps_keys_sorted() {
        let mut m: Map<u8> = Map::new();
        assert!(m.is_empty());
        assert_eq!(m.insert("b", 2), None);
        assert_eq!(m.insert("d", 4), None);
        assert_eq!(m.insert("a", 1), None);
        assert_eq!(m.insert("c", 3), None);
        assert_eq!(m.insert("b", 20), Some(2));
        assert_eq!(m.keys().collect::<Vec<_>>(), ["a", "b", "c", "d"]);
        assert_eq!(m.values().copied().collect::<Vec<_>>(), [1, 20, 3, 4]);
        assert_eq!(m.get("b"), Some(&20));
        assert_eq!(m.get(&String::from("c")), Some(&3));
        assert_eq!(m.get("e"), None);
        assert!(m.contains_key("d"));
        *m.get_mut("d").unwrap() += 1;
        assert_eq!(m.remove("a"), Some(1));
        assert_eq!(m.remove("a"), None);
        m.retain(|k, v| {
            *v += 1;
            k != "c"
        });
        assert_eq!(
            m.iter().map(|(k, v)| (k, *v)).collect::<Vec<_>>(),
            [("b", 21), ("d", 6)]
        );
        for (_, v) in &mut m {
            *v = 0;
        }
        assert_eq!(m.as_slice(), &[("b".to_owned(), 0), ("d".to_owned(), 0)]);
        assert_eq!(format!("{m:?}"), r#"{"b": 0, "d": 0}"#);
        m.clear();
        assert_eq!(m.len(), 0);
    }

    #[test]
    fn conversions() {
        let m = Map::from([("z", 1), ("a", 2), ("z", 3)]);
        assert_eq!(
            m.clone().into_vec(),
            [("a".to_owned(), 2), ("z".to_owned(), 3)]
        );
        let b: BTreeMap<String, i32> = m.clone().into();
        assert_eq!(Map::from(b.clone()), m);
        assert_eq!(b.into_iter().collect::<Vec<_>>(), m.into_vec());
    }

    #[test]
    fn encodes_as_a_btreemap_does() {
        let m = Map::from([("b", "2".to_owned()), ("a", "1".to_owned())]);
        let b = BTreeMap::from([
            ("b".to_owned(), "2".to_owned()),
            ("a".to_owned(), "1".to_owned()),
        ]);
        let mp = crate::msgpack::to_vec(&m).unwrap();
        assert_eq!(mp, hex("82 a1 61 a1 31 a1 62 a1 32"));
        assert_eq!(mp, crate::msgpack::to_vec(&b).unwrap());
        assert_eq!(crate::msgpack::from_slice::<Map<String>>(&mp).unwrap(), m);
        let json = crate::json::to_vec(&m).unwrap();
        assert_eq!(json, br#"{"a":"1","b":"2"}"#);
        assert_eq!(crate::json::from_slice::<Map<String>>(&json).unwrap(), m);
        assert_eq!(<Map<String> as TfType>::tf_type(), Type::map(Type::String));
        // Other serializers see the newtype's content: a map.
        assert_eq!(serde_json::to_string(&m).unwrap(), r#"{"a":"1","b":"2"}"#);
        let v = crate::Value::from_serialize(&m, &Type::map(Type::String)).unwrap();
        assert_eq!(v.to_msgpack(&Type::map(Type::String)).unwrap(), mp);
    }

    #[test]
    fn decodes_entries_out_of_order_and_refuses_duplicates() {
        // {"b": 2, "a": 1, "c": 3}: not Terraform's order, still a valid map.
        let m: Map<u8> = crate::msgpack::from_slice(&hex("83 a1 62 02 a1 61 01 a1 63 03")).unwrap();
        assert_eq!(m, Map::from([("a", 1), ("b", 2), ("c", 3)]));
        let m: Map<u8> = crate::json::from_slice(br#"{"c":3,"a":1,"b":2}"#).unwrap();
        assert_eq!(m, Map::from([("a", 1), ("b", 2), ("c", 3)]));
        // A key twice, in or out of order: an error, in both formats.
        for mp in ["82 a1 61 01 a1 61 02", "83 a1 61 01 a1 62 02 a1 61 03"] {
            let e = crate::msgpack::from_slice::<Map<u8>>(&hex(mp)).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::Attribute);
            assert_eq!(e.to_string(), r#"duplicate map key "a""#);
        }
        let e = crate::json::from_slice::<Map<u8>>(br#"{"a":1,"b":2,"a":3}"#).unwrap_err();
        assert_eq!(e.to_string(), r#"duplicate map key "a""#);
        // Keys in reverse order (sorted once at the end), the first twice of several.
        let mut json = String::from("{");
        for i in (0..1000).rev() {
            json.push_str(&format!(r#""k{i:04}":{},"#, i % 200));
        }
        json.push_str(r#""k0500":1,"k0000":0}"#);
        let e = crate::json::from_slice::<Map<u8>>(json.as_bytes()).unwrap_err();
        assert_eq!(e.to_string(), r#"duplicate map key "k0000""#);
        let reversed = json.replace(r#","k0500":1,"k0000":0}"#, "}");
        let m: Map<u8> = crate::json::from_slice(reversed.as_bytes()).unwrap();
        assert_eq!(m.len(), 1000);
        let keys: Vec<&str> = m.keys().collect();
        assert!(keys.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(m.get("k0999"), Some(&199));
        // Errors in a value name its key.
        let e = crate::msgpack::from_slice::<Map<u8>>(&hex("82 a1 61 01 a1 62 c3")).unwrap_err();
        assert_eq!(e.to_string(), r#"["b"]: expected number, found a bool"#);
    }

    #[test]
    fn a_claimed_length_reserves_nothing_beyond_the_input() {
        // A map32 claiming 2^32-1 entries with none present: the length check fails first,
        // and nothing near that size is reserved.
        let e = crate::msgpack::from_slice::<Map<u8>>(&hex("df ff ff ff ff")).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Syntax);
    }

    #[test]
    fn unknown_paths_and_into_known() {
        let m: Map<Unknown<Nullable<u8>>> = Map::from([
            ("b", Unknown::unknown()),
            ("a", Unknown::Known(Nullable::Value(1))),
        ]);
        let paths: Vec<String> = m.unknown_paths().iter().map(ToString::to_string).collect();
        assert_eq!(paths, [r#"["b"]"#]);
        assert!(crate::IntoKnown::into_known(m).is_err());
        let m: Map<Unknown<u8>> = Map::from([("a", Unknown::Known(1)), ("b", Unknown::Known(2))]);
        let known = crate::IntoKnown::into_known(m).unwrap();
        assert_eq!(known, Map::from([("a", 1), ("b", 2)]));
    }
}
