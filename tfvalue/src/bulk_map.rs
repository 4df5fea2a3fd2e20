//! Decoding a `BTreeMap` field in linear time.
//!
//! serde's own `BTreeMap` impl inserts entry by entry, each insertion a search from the
//! root: O(n log n) for n keys, and a map of 10,000 keys costs more per byte than one of
//! 100. Terraform writes map keys in ascending byte order, so `#[derive(TfSchema)]` reads
//! a field whose type is a `BTreeMap` (under `Option`, `Nullable` or `Unknown` too) through
//! [`Bulk`]: past the first 32 entries (which go straight into the tree, allocating no
//! more than serde's impl does), the entries are collected into a vector, checked to be in
//! order as they come (one comparison each), and the tree is built from the sorted vector
//! in one pass. Keys out of order (hostile input; Terraform never writes them) are sorted
//! once. A key given
//! twice is an error, "duplicate map key", as for `tfvalue::map::Map` and `Value`: serde's
//! impl would silently keep the last value.

use std::collections::btree_map::Entry;
use std::collections::BTreeMap;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{DeserializeSeed, Deserializer, MapAccess, Visitor};
use serde::Deserialize;

use crate::error::{Error, ErrorKind};
use crate::nullable::Nullable;
use crate::unknown::Unknown;

/// A field type that tfvalue decodes in bulk: `BTreeMap<K, V>`, and `Option`, `Nullable`
/// and `Unknown` around such a type. Used by code that `#[derive(TfSchema)]` generates.
pub trait BulkDecode<'de>: Sized {
    /// Deserializes `Self`, building every `BTreeMap` in it from its sorted entries.
    fn deserialize_bulk<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error>;
}

/// A field decoded through [`BulkDecode`] (the generated code reads `Bulk<FieldType>` and
/// keeps `.0`).
pub struct Bulk<T>(pub T);

impl<'de, T: BulkDecode<'de>> Deserialize<'de> for Bulk<T> {
    #[inline]
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        T::deserialize_bulk(deserializer).map(Bulk)
    }
}

/// The seed form of [`BulkDecode`], for the wrappers' visitors.
struct BulkSeed<T>(PhantomData<T>);

impl<'de, T: BulkDecode<'de>> DeserializeSeed<'de> for BulkSeed<T> {
    type Value = T;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<T, D::Error> {
        T::deserialize_bulk(deserializer)
    }
}

impl<'de, K, V> BulkDecode<'de> for BTreeMap<K, V>
where
    K: Deserialize<'de> + Ord + AsRef<str>,
    V: Deserialize<'de>,
{
    fn deserialize_bulk<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(TreeVisitor(PhantomData))
    }
}

impl<'de, T: BulkDecode<'de>> BulkDecode<'de> for Nullable<T> {
    #[inline]
    fn deserialize_bulk<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        crate::nullable::deserialize_seed(BulkSeed(PhantomData), deserializer)
    }
}

impl<'de, T: BulkDecode<'de>> BulkDecode<'de> for Unknown<T> {
    #[inline]
    fn deserialize_bulk<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        // Only a map's refinements (length bounds, nullness) fit a bulk-decoded field.
        crate::unknown::deserialize_seed(
            BulkSeed(PhantomData),
            || crate::types::Type::map(crate::types::Type::Dynamic),
            deserializer,
        )
    }
}

/// `Option` reads as `Nullable` does (null as `None`), with the same visitor.
impl<'de, T: BulkDecode<'de>> BulkDecode<'de> for Option<T> {
    #[inline]
    fn deserialize_bulk<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        crate::nullable::deserialize_seed(BulkSeed(PhantomData), deserializer).map(Option::from)
    }
}

struct TreeVisitor<K, V>(PhantomData<(K, V)>);

impl<'de, K, V> Visitor<'de> for TreeVisitor<K, V>
where
    K: Deserialize<'de> + Ord + AsRef<str>,
    V: Deserialize<'de>,
{
    type Value = BTreeMap<K, V>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a map")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Self::Value, A::Error> {
        // A small map goes straight into the tree, as serde's impl does (no vector to
        // allocate; a search per key costs little at this size).
        let mut tree = BTreeMap::new();
        while tree.len() < DIRECT_ENTRIES {
            let Some((k, v)) = access.next_entry::<K, V>()? else {
                return Ok(tree);
            };
            match tree.entry(k) {
                Entry::Vacant(slot) => {
                    slot.insert(v);
                }
                Entry::Occupied(slot) => return Err(duplicate(slot.key().as_ref())),
            }
        }
        // A larger one continues in a vector, reserved from the entry count (which
        // tfvalue's deserializers check against the input's length) up to a fixed number
        // of bytes, and checked to be in order as it grows (one comparison per entry).
        let limit = crate::limits::MAX_PREALLOC_BYTES / std::mem::size_of::<(K, V)>().max(1);
        let reserve = access.size_hint().unwrap_or(0).min(limit);
        let mut entries: Vec<(K, V)> = Vec::with_capacity(reserve.max(2 * DIRECT_ENTRIES));
        entries.extend(tree);
        let mut in_order = true;
        while let Some((k, v)) = access.next_entry::<K, V>()? {
            if in_order {
                if let Some((last, _)) = entries.last() {
                    // Strictly increasing: also rules out a key given twice.
                    in_order = *last < k;
                }
            }
            entries.push((k, v));
        }
        if !in_order {
            entries.sort_by(|(a, _), (b, _)| a.cmp(b));
            if let Some(pair) = entries.windows(2).find(|pair| pair[0].0 == pair[1].0) {
                return Err(duplicate(pair[0].0.as_ref()));
            }
        }
        // The entries are sorted: `BTreeMap`'s `FromIterator` then builds the tree
        // bottom-up in one pass (its own sort finds a single run).
        Ok(entries.into_iter().collect())
    }
}

/// Entries read straight into the tree before the rest goes through a vector.
const DIRECT_ENTRIES: usize = 32;

#[cold]
fn duplicate<E: serde::de::Error>(key: &str) -> E {
    let mut message = String::from("duplicate map key ");
    let _ = crate::path::write_quoted(&mut message, key);
    Error::new(ErrorKind::Attribute, message).into_de()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode<T: for<'de> BulkDecode<'de>>(bytes: &[u8]) -> crate::Result<T> {
        crate::msgpack::from_slice::<Bulk<T>>(bytes).map(|b| b.0)
    }

    /// A MessagePack map of `keys` (fixstr) to their positions (uint 8).
    fn map_of(keys: &[&str]) -> Vec<u8> {
        let mut out = vec![0xde, (keys.len() >> 8) as u8, keys.len() as u8];
        for (i, k) in keys.iter().enumerate() {
            out.push(0xa0 | k.len() as u8);
            out.extend_from_slice(k.as_bytes());
            out.extend_from_slice(&[0xcc, i as u8]);
        }
        out
    }

    #[test]
    fn keys_in_order_and_out_of_order() {
        let m: BTreeMap<String, u8> = decode(&map_of(&["a", "b", "c"])).unwrap();
        assert_eq!(
            m,
            BTreeMap::from([("a".into(), 0), ("b".into(), 1), ("c".into(), 2)])
        );
        let m: BTreeMap<String, u8> = decode(&map_of(&["c", "a", "b"])).unwrap();
        assert_eq!(
            m,
            BTreeMap::from([("a".into(), 1), ("b".into(), 2), ("c".into(), 0)])
        );
        // 200 keys in reverse order: one sort, every value kept with its key.
        let keys: Vec<String> = (0..200).rev().map(|i| format!("k{i:03}")).collect();
        let refs: Vec<&str> = keys.iter().map(String::as_str).collect();
        let m: BTreeMap<String, u8> = decode(&map_of(&refs)).unwrap();
        assert_eq!(m.len(), 200);
        assert_eq!(m["k199"], 0);
        assert_eq!(m["k000"], 199);
        let m: BTreeMap<String, u8> = decode(&map_of(&[])).unwrap();
        assert!(m.is_empty());
    }

    #[test]
    fn a_key_given_twice_is_an_error() {
        for (keys, twice) in [
            (&["a", "b", "b"][..], "b"),
            (&["b", "a", "b"], "b"),
            (&["a", "a"], "a"),
        ] {
            let err = decode::<BTreeMap<String, u8>>(&map_of(keys)).unwrap_err();
            assert_eq!(
                err.to_string(),
                format!("duplicate map key \"{twice}\""),
                "{keys:?}"
            );
        }
    }

    #[test]
    fn a_key_given_twice_past_the_direct_entries_is_an_error() {
        let keys: Vec<String> = (0..40).map(|i| format!("k{i:02}")).collect();
        for twice in ["k05", "k39", "k33"] {
            let mut refs: Vec<&str> = keys.iter().map(String::as_str).collect();
            refs.push(twice);
            let err = decode::<BTreeMap<String, u8>>(&map_of(&refs)).unwrap_err();
            assert_eq!(err.to_string(), format!("duplicate map key \"{twice}\""));
        }
    }

    #[test]
    fn wrappers_read_null_unknown_and_borrowed_keys() {
        let nil = [0xc0];
        assert_eq!(decode::<Option<BTreeMap<String, u8>>>(&nil).unwrap(), None);
        assert_eq!(
            decode::<Nullable<BTreeMap<String, u8>>>(&nil).unwrap(),
            Nullable::Null
        );
        // Unknown: ext 12 with an empty payload (d4 0c 00 is fixext1; 0xc7 0x00 0x0c is
        // ext8 of length 0).
        let unknown = [0xc7, 0x00, 0x0c];
        assert_eq!(
            decode::<Unknown<Nullable<BTreeMap<String, u8>>>>(&unknown).unwrap(),
            Unknown::unknown()
        );
        let bytes = map_of(&["x"]);
        assert_eq!(
            decode::<Unknown<Option<BTreeMap<String, u8>>>>(&bytes).unwrap(),
            Unknown::known(Some(BTreeMap::from([("x".into(), 0)])))
        );
        let m: BTreeMap<&str, u8> = crate::msgpack::from_slice::<Bulk<_>>(&bytes).unwrap().0;
        assert_eq!(m, BTreeMap::from([("x", 0)]));
    }

    #[test]
    fn errors_keep_the_entry_path() {
        // {"a": 1, "b": "x"} into map(number)
        let bytes = [0x82, 0xa1, b'a', 0x01, 0xa1, b'b', 0xa1, b'x'];
        let err = decode::<BTreeMap<String, u8>>(&bytes).unwrap_err();
        assert_eq!(err.path().to_string(), "[\"b\"]", "{err}");
        let err = decode::<BTreeMap<String, u8>>(&[0x91, 0x01]).unwrap_err();
        assert!(err.to_string().contains("expected a map"), "{err}");
    }
}
