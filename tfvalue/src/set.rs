//! [`Set<T>`]: a Terraform set that keeps the order it arrived in and needs neither `Ord` nor
//! `Hash` of its elements.
//!
//! `BTreeSet<T>` and `HashSet<T>` are Terraform sets too, but they need `Ord` or `Hash`,
//! which floats, `Value`s and most model structs (set-nested blocks) do not have. `Set<T>`
//! only needs `PartialEq`: it is a vector of distinct elements with set semantics.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{Deserialize, Deserializer, SeqAccess, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::tf_type::TfType;
use crate::types::Type;

/// A Terraform set: distinct elements in no meaningful order, stored in the order they
/// arrived (Terraform's order on the wire) and needing only `PartialEq`.
///
/// # Duplicates
///
/// Terraform never sends a set with equal elements, and removes any a provider sends. Checking
/// for them needs `Hash` or `Ord` to be fast; with only `PartialEq` it is quadratic. So:
/// - [`Set::insert`] checks (O(n) per call) and adds nothing when an equal element exists;
/// - building a set from a `Vec`, an iterator ([`FromIterator`], [`Extend`]) or from the
///   wire (serde) does **not** check, and keeps every element as given;
/// - [`Set::dedup`] removes later duplicates on request (O(n²)).
///
/// # Equality
///
/// `==` is set equality, as Terraform sees it: the same elements, in any order (an element
/// listed twice counts once). It costs O(n) when both sets list their elements in the same
/// order, which is the case for any two copies of a set that came from Terraform (it orders
/// every set deterministically), and degrades gracefully (a cursor follows the other
/// set's order) to O(n·k) when k elements are out of place, at worst O(n²). To compare large
/// sets built in unrelated orders, convert them to a `BTreeSet` or `HashSet` when the
/// elements allow it. [`Set::eq_in_order`] compares the sequences exactly (O(n)).
///
/// `Set` does not implement `Hash`: a hash consistent with order-insensitive equality would
/// need `Hash` or `Ord` of the elements, which is what this type avoids.
///
/// # serde
///
/// Serializes as a sequence in stored order; deserializes from a sequence keeping its order
/// (see "Duplicates"). Its Terraform type ([`TfType`]) is `set(T)`.
///
/// ```
/// use tfvalue::set::Set;
///
/// let mut s: Set<f64> = Set::from(vec![1.5, 0.25]);
/// assert!(!s.insert(1.5));
/// assert!(s.insert(3.0));
/// assert_eq!(s.as_slice(), &[1.5, 0.25, 3.0]);
/// assert_eq!(s, Set::from(vec![3.0, 1.5, 0.25]));
/// ```
#[derive(Clone)]
pub struct Set<T>(Vec<T>);

impl<T> Set<T> {
    /// An empty set.
    pub const fn new() -> Self {
        Set(Vec::new())
    }

    /// An empty set with room for `capacity` elements.
    pub fn with_capacity(capacity: usize) -> Self {
        Set(Vec::with_capacity(capacity))
    }

    /// The elements, in stored order.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.0.iter()
    }

    /// The number of elements stored.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the set has no element.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The elements as a slice, in stored order.
    pub fn as_slice(&self) -> &[T] {
        &self.0
    }

    /// The elements as a vector, in stored order.
    pub fn into_vec(self) -> Vec<T> {
        self.0
    }

    /// Keeps only the elements for which `keep` returns true, in order.
    pub fn retain(&mut self, keep: impl FnMut(&T) -> bool) {
        self.0.retain(keep);
    }

    /// Removes every element.
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// Whether the two sets hold the same elements in the same order (O(n)). `==` ignores the
    /// order.
    pub fn eq_in_order(&self, other: &Self) -> bool
    where
        T: PartialEq,
    {
        self.0 == other.0
    }
}

impl<T: PartialEq> Set<T> {
    /// Whether an element equal to `value` is in the set (O(n)).
    pub fn contains(&self, value: &T) -> bool {
        self.0.contains(value)
    }

    /// Adds `value` at the end unless an equal element is already in the set (O(n)).
    /// Returns whether it was added.
    pub fn insert(&mut self, value: T) -> bool {
        if self.0.contains(&value) {
            false
        } else {
            self.0.push(value);
            true
        }
    }

    /// Removes the element equal to `value`, keeping the order of the others (O(n)).
    /// Returns whether one was removed.
    pub fn remove(&mut self, value: &T) -> bool {
        match self.0.iter().position(|x| x == value) {
            Some(i) => {
                self.0.remove(i);
                true
            }
            None => false,
        }
    }

    /// Removes every element equal to an earlier one, keeping the first of each (O(n²)).
    pub fn dedup(&mut self) {
        let mut kept = 0;
        let mut i = 0;
        while i < self.0.len() {
            let (before, rest) = self.0.split_at(i);
            let duplicate = match rest.first() {
                Some(x) => before.get(..kept).is_some_and(|k| k.contains(x)),
                None => false,
            };
            if !duplicate {
                self.0.swap(kept, i);
                kept += 1;
            }
            i += 1;
        }
        self.0.truncate(kept);
    }
}

/// Whether every element of `xs` is in `ys`. The search in `ys` resumes after the previous
/// match and wraps around, so elements in the same relative order cost O(1) each.
fn all_in<T: PartialEq>(xs: &[T], ys: &[T], mut cursor: usize) -> bool {
    xs.iter().all(|x| {
        let (front, back) = ys.split_at(cursor.min(ys.len()));
        if let Some(p) = back.iter().position(|y| y == x) {
            cursor = front.len() + p + 1;
            true
        } else if let Some(p) = front.iter().position(|y| y == x) {
            cursor = p + 1;
            true
        } else {
            false
        }
    })
}

impl<T: PartialEq> PartialEq for Set<T> {
    /// Set equality: the same elements in any order (see the type's documentation for the
    /// cost).
    fn eq(&self, other: &Self) -> bool {
        let (a, b) = (&self.0, &other.0);
        let common = a.iter().zip(b).take_while(|(x, y)| x == y).count();
        if common == a.len() && common == b.len() {
            return true;
        }
        // The common prefix is in both; check what follows it, both ways.
        match (a.get(common..), b.get(common..)) {
            (Some(rest_a), Some(rest_b)) => all_in(rest_a, b, common) && all_in(rest_b, a, common),
            _ => false,
        }
    }
}

impl<T: Eq> Eq for Set<T> {}

impl<T: fmt::Debug> fmt::Debug for Set<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(&self.0).finish()
    }
}

impl<T> Default for Set<T> {
    /// An empty set.
    fn default() -> Self {
        Set::new()
    }
}

impl<T> From<Vec<T>> for Set<T> {
    /// The elements in the vector's order, without a check for duplicates.
    fn from(elements: Vec<T>) -> Self {
        Set(elements)
    }
}

impl<T, const N: usize> From<[T; N]> for Set<T> {
    /// The elements in the array's order, without a check for duplicates.
    fn from(elements: [T; N]) -> Self {
        Set(Vec::from(elements))
    }
}

impl<T> From<Set<T>> for Vec<T> {
    /// The elements, in stored order.
    fn from(set: Set<T>) -> Self {
        set.0
    }
}

impl<T> AsRef<[T]> for Set<T> {
    fn as_ref(&self) -> &[T] {
        &self.0
    }
}

impl<T> FromIterator<T> for Set<T> {
    /// The elements in iteration order, without a check for duplicates (use
    /// [`Set::insert`] or [`Set::dedup`] for that).
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        Set(Vec::from_iter(iter))
    }
}

impl<T> Extend<T> for Set<T> {
    /// Appends the elements without a check for duplicates (use [`Set::insert`] or
    /// [`Set::dedup`] for that).
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        self.0.extend(iter);
    }
}

impl<T> IntoIterator for Set<T> {
    type Item = T;
    type IntoIter = std::vec::IntoIter<T>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a, T> IntoIterator for &'a Set<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<T: TfType> TfType for Set<T> {
    fn tf_type() -> Type {
        Type::set(T::tf_type())
    }
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
    const SEMANTICS: Option<crate::semantics::Semantics> =
        crate::semantics::Semantics::elements(T::SEMANTICS);
}

impl<T: Serialize> Serialize for Set<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(&self.0)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Set<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_seq(SetVisitor(PhantomData))
    }
}

struct SetVisitor<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for SetVisitor<T> {
    type Value = Set<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a set")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let limit = crate::limits::MAX_PREALLOC_BYTES / std::mem::size_of::<T>().max(1);
        let mut elements = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(limit));
        while let Some(x) = seq.next_element()? {
            elements.push(x);
        }
        Ok(Set(elements))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Nullable, Number, Unknown, Value};

    #[test]
    fn basic_api() {
        let mut s: Set<f64> = Set::new();
        assert!(s.is_empty());
        assert!(s.insert(2.5));
        assert!(s.insert(-1.0));
        assert!(!s.insert(2.5));
        assert_eq!(s.len(), 2);
        assert!(s.contains(&-1.0));
        assert!(!s.contains(&0.0));
        assert_eq!(s.as_slice(), &[2.5, -1.0]);
        assert_eq!(s.iter().copied().collect::<Vec<_>>(), [2.5, -1.0]);
        assert_eq!((&s).into_iter().count(), 2);
        assert!(s.remove(&2.5));
        assert!(!s.remove(&2.5));
        assert_eq!(s.clone().into_vec(), [-1.0]);
        assert_eq!(Vec::from(s.clone()), [-1.0]);
        s.extend([3.0, 4.0]);
        s.retain(|x| *x > 0.0);
        assert_eq!(s.as_ref(), &[3.0, 4.0]);
        assert_eq!(s.clone().into_iter().collect::<Vec<_>>(), [3.0, 4.0]);
        s.clear();
        assert!(s.is_empty());
        assert!(Set::<u8>::default().is_empty());
        assert_eq!(Set::<u8>::with_capacity(4).len(), 0);
        assert_eq!(format!("{:?}", Set::from([1, 2])), "{1, 2}");
    }

    #[test]
    fn building_keeps_duplicates_until_dedup() {
        let mut s: Set<u8> = [3, 1, 3, 2, 1, 3].into_iter().collect();
        assert_eq!(s.len(), 6);
        s.dedup();
        assert_eq!(s.as_slice(), &[3, 1, 2]);
        let mut e: Set<u8> = Set::new();
        e.dedup();
        assert!(e.is_empty());
        let mut one = Set::from([7]);
        one.dedup();
        assert_eq!(one.as_slice(), &[7]);
    }

    #[test]
    fn equality_ignores_order_and_repetition() {
        let a = Set::from([1, 2, 3]);
        assert_eq!(a, Set::from([1, 2, 3]));
        assert_eq!(a, Set::from([3, 1, 2]));
        assert_eq!(a, Set::from([1, 3, 2]));
        assert_eq!(a, Set::from([1, 2, 3, 2]));
        assert_ne!(a, Set::from([1, 2]));
        assert_ne!(a, Set::from([1, 2, 4]));
        assert_ne!(a, Set::from([4, 2, 1]));
        assert_ne!(Set::from([1, 2]), a);
        assert_eq!(Set::<u8>::new(), Set::new());
        assert_ne!(Set::new(), Set::from([0]));
        assert_ne!(Set::from([0]), Set::new());
        assert!(a.eq_in_order(&Set::from([1, 2, 3])));
        assert!(!a.eq_in_order(&Set::from([3, 2, 1])));
        // Floats: no Ord, no Hash.
        assert_eq!(Set::from([0.5, 1.5]), Set::from([1.5, 0.5]));
    }

    #[test]
    fn equality_is_fast_in_the_same_order_and_correct_otherwise() {
        let n = 10_000_u32;
        let a: Set<u32> = (0..n).collect();
        let b: Set<u32> = (0..n).collect();
        assert_eq!(a, b);
        // One element moved: the cursor keeps the cost linear.
        let mut moved: Vec<u32> = (0..n).collect();
        moved.rotate_left(1);
        assert_eq!(a, Set::from(moved));
        // Reversed (quadratic worst case) on a smaller set.
        let small: Set<u32> = (0..500).collect();
        assert_eq!(small, (0..500).rev().collect::<Set<u32>>());
        assert_ne!(small, (1..501).rev().collect::<Set<u32>>());
    }

    #[test]
    fn serde_json_round_trip_keeps_order() {
        let s: Set<f64> = serde_json::from_str("[2.5,1,2.5]").unwrap();
        assert_eq!(s.as_slice(), &[2.5, 1.0, 2.5]);
        assert_eq!(serde_json::to_string(&s).unwrap(), "[2.5,1.0,2.5]");
        let e = serde_json::from_str::<Set<u8>>("{}").unwrap_err();
        assert!(e.to_string().contains("a set"), "{e}");
    }

    #[test]
    fn msgpack_bytes() {
        // fixarray of 2: 0x92, then 1 and 0.5 (float64, as Terraform writes non-integers).
        let s: Set<Number> =
            crate::msgpack::from_slice(&[0x92, 0x01, 0xcb, 0x3f, 0xe0, 0, 0, 0, 0, 0, 0]).unwrap();
        assert_eq!(s.len(), 2);
        assert_eq!(
            crate::msgpack::to_vec(&s).unwrap(),
            [0x92, 0x01, 0xcb, 0x3f, 0xe0, 0, 0, 0, 0, 0, 0]
        );
        let s: Set<Unknown<Nullable<String>>> =
            crate::msgpack::from_slice(&[0x92, 0xa1, b'a', 0xd4, 0x00, 0x00]).unwrap();
        assert_eq!(
            s.as_slice(),
            &[
                Unknown::known(Nullable::Value("a".into())),
                Unknown::unknown()
            ]
        );
    }

    #[test]
    fn prealloc_is_bounded() {
        // A claimed length of 2^32-1 with no elements behind it fails without reserving it.
        let e = crate::msgpack::from_slice::<Set<u64>>(&[0xdd, 0xff, 0xff, 0xff, 0xff]);
        assert!(e.is_err());
    }

    #[test]
    fn terraform_type() {
        assert_eq!(<Set<f64>>::tf_type().to_json(), r#"["set","number"]"#);
        assert_eq!(<Set<Value>>::tf_type().to_json(), r#"["set","dynamic"]"#);
    }
}
