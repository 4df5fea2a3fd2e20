//! Canonical form of a set's elements: duplicates removed, primitives in go-cty's order.

use std::cmp::Ordering;
use std::collections::hash_map::{Entry, HashMap};
use std::hash::{BuildHasherDefault, Hash, Hasher};

use super::{collection_element_type, is_dynamic_placeholder, Value};
use crate::types::Type;

/// Puts a set's elements in canonical form: later duplicates of known elements are
/// removed (unknowns are never equal to anything, as in Terraform), and sets of strings,
/// numbers or bools are sorted in go-cty's order (known values ascending, then unknowns,
/// then nulls). Terraform sends sets in that order, so its bytes round-trip unchanged; a set
/// built by a provider encodes deterministically, as go-cty would write it. Sets of other
/// element types keep their order (go-cty's hash order is not worth copying).
///
/// In a set of `dynamic` that holds a typed element, a null or unknown of type `dynamic`
/// takes that element's type first (go-cty's collections have one element type, and the
/// encoders write it so): a bare null beside the null of that type is the same element.
pub(crate) fn canonical_set(items: &mut Vec<Value>, element_type: &Type) {
    let concrete = collection_element_type(element_type, items.iter());
    if element_type.has_dynamic() && items.iter().any(|v| !is_dynamic_placeholder(v)) {
        for item in items.iter_mut() {
            match item {
                Value::Null(t @ Type::Dynamic) | Value::Unknown(t @ Type::Dynamic, _) => {
                    *t = concrete.clone();
                }
                _ => {}
            }
        }
    }
    dedup_set(items);
    if concrete.is_primitive()
        && !items
            .windows(2)
            .all(|w| primitive_order(&w[0], &w[1]) != Ordering::Greater)
    {
        items.sort_by(primitive_order);
    }
}

/// go-cty's order for elements of a set of primitives.
fn primitive_order(a: &Value, b: &Value) -> Ordering {
    fn rank(v: &Value) -> u8 {
        match v {
            Value::Unknown(..) => 1,
            Value::Null(_) => 2,
            _ => 0,
        }
    }
    match (a, b) {
        (Value::String(x), Value::String(y)) => x.as_bytes().cmp(y.as_bytes()),
        (Value::Number(x), Value::Number(y)) => x.cmp(y),
        (Value::Bool(x), Value::Bool(y)) => x.cmp(y),
        _ => rank(a).cmp(&rank(b)),
    }
}

/// Removes later duplicates of known elements (an element holding an unknown is never a
/// duplicate). Linear in the common case: elements already in strictly ascending order
/// (sets of primitives as Terraform sends them) have no duplicates; otherwise each known
/// element is hashed and looked up among the earlier ones. Two different elements with one
/// hash (a one-in-2^64 accident, or hostile input) switch to sorting element positions,
/// O(n log n), so no input makes this quadratic.
pub(super) fn dedup_set(items: &mut Vec<Value>) {
    dedup_set_with(items, structural_hash);
}

fn dedup_set_with(items: &mut Vec<Value>, hash: fn(&Value) -> u64) {
    if items.len() < 2
        || items
            .windows(2)
            .all(|w| total_cmp(&w[0], &w[1]) == Ordering::Less)
    {
        return;
    }
    let mut first: HashMap<u64, usize, BuildHasherDefault<KeyIsHash>> =
        HashMap::with_capacity_and_hasher(items.len(), BuildHasherDefault::default());
    let mut keep = vec![true; items.len()];
    for (i, item) in items.iter().enumerate() {
        if !item.is_wholly_known() {
            continue;
        }
        match first.entry(hash(item)) {
            Entry::Vacant(slot) => {
                slot.insert(i);
            }
            Entry::Occupied(slot) => {
                let earlier = items.get(*slot.get());
                if earlier.is_some_and(|e| total_cmp(e, item) == Ordering::Equal) {
                    if let Some(k) = keep.get_mut(i) {
                        *k = false;
                    }
                } else {
                    return dedup_set_by_sorting(items);
                }
            }
        }
    }
    if keep.contains(&false) {
        let mut flags = keep.into_iter();
        items.retain(|_| flags.next().unwrap_or(true));
    }
}

/// [`dedup_set`] by sorting positions by the total order and comparing neighbours:
/// O(n log n) whatever the input.
fn dedup_set_by_sorting(items: &mut Vec<Value>) {
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by(|&a, &b| total_cmp(&items[a], &items[b]).then(a.cmp(&b)));
    let mut keep = vec![true; items.len()];
    let mut removed = false;
    for w in order.windows(2) {
        let (a, b) = (w[0], w[1]);
        if total_cmp(&items[a], &items[b]) == Ordering::Equal && items[b].is_wholly_known() {
            // `a` is the earlier of the two: ties are ordered by position.
            keep[b] = false;
            removed = true;
        }
    }
    if removed {
        let mut flags = keep.into_iter();
        items.retain(|_| flags.next().unwrap_or(true));
    }
}

/// A `Hasher` for keys that are already hashes.
#[derive(Default)]
struct KeyIsHash(u64);

impl Hasher for KeyIsHash {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// A fast, deterministic 64-bit hash (the multiply-rotate scheme of rustc's FxHasher), for
/// structural hashes of set elements. Collisions are handled by the caller.
#[derive(Default)]
struct Fx(u64);

impl Fx {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(c);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(word));
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
}

/// A hash of a wholly known value, equal for values that [`total_cmp`] finds equal.
fn structural_hash(v: &Value) -> u64 {
    let mut h = Fx::default();
    hash_into(v, &mut h);
    h.finish()
}

fn hash_into(v: &Value, h: &mut Fx) {
    match v {
        Value::Bool(b) => {
            h.write_u8(0);
            h.write_u8(u8::from(*b));
        }
        Value::Number(n) => {
            h.write_u8(1);
            n.hash(h);
        }
        Value::String(s) => {
            h.write_u8(2);
            h.write_usize(s.len());
            h.write(s.as_bytes());
        }
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
            h.write_u8(match v {
                Value::List(..) => 3,
                Value::Set(..) => 4,
                _ => 6,
            });
            h.write_usize(items.len());
            for item in items {
                hash_into(item, h);
            }
        }
        Value::Map(_, items) => {
            h.write_u8(5);
            h.write_usize(items.len());
            for (k, item) in items {
                h.write_usize(k.len());
                h.write(k.as_bytes());
                hash_into(item, h);
            }
        }
        Value::Object(_, values) => {
            // The attribute names are part of the type: equal objects have equal names,
            // and the values alone tell most objects apart.
            h.write_u8(7);
            h.write_usize(values.len());
            for item in values {
                hash_into(item, h);
            }
        }
        // Nulls compare by type, which a tag alone keeps consistent; unknowns are never
        // hashed (only wholly known elements are).
        Value::Null(_) => h.write_u8(8),
        Value::Unknown(..) => h.write_u8(9),
    }
}

/// A total order on values (sorting requires a consistent one), equal exactly when `==`
/// holds for wholly known values of one type.
pub(super) fn total_cmp(a: &Value, b: &Value) -> Ordering {
    fn rank(v: &Value) -> u8 {
        match v {
            Value::Bool(_) => 0,
            Value::Number(_) => 1,
            Value::String(_) => 2,
            Value::List(..) => 3,
            Value::Set(..) => 4,
            Value::Map(..) => 5,
            Value::Tuple(_) => 6,
            Value::Object(..) => 7,
            Value::Null(_) => 8,
            Value::Unknown(..) => 9,
        }
    }
    fn seq(a: &[Value], b: &[Value]) -> Ordering {
        a.iter()
            .zip(b)
            .map(|(x, y)| total_cmp(x, y))
            .find(|o| o.is_ne())
            .unwrap_or_else(|| a.len().cmp(&b.len()))
    }
    match (a, b) {
        (Value::Bool(x), Value::Bool(y)) => x.cmp(y),
        (Value::Number(x), Value::Number(y)) => x.cmp(y),
        (Value::String(x), Value::String(y)) => x.cmp(y),
        (Value::List(_, x), Value::List(_, y))
        | (Value::Set(_, x), Value::Set(_, y))
        | (Value::Tuple(x), Value::Tuple(y)) => seq(x, y),
        (Value::Map(_, x), Value::Map(_, y)) => x
            .iter()
            .zip(y)
            .map(|((kx, vx), (ky, vy))| kx.cmp(ky).then_with(|| total_cmp(vx, vy)))
            .find(|o| o.is_ne())
            .unwrap_or_else(|| x.len().cmp(&y.len())),
        (Value::Object(tx, x), Value::Object(ty, y)) => {
            tx.names().cmp(ty.names()).then_with(|| seq(x, y))
        }
        (Value::Null(x), Value::Null(y)) => x.to_json().cmp(&y.to_json()),
        // Equal for ordering; `dedup_set` never removes anything holding an unknown.
        (Value::Unknown(..), Value::Unknown(..)) => Ordering::Equal,
        _ => rank(a).cmp(&rank(b)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Deterministic pseudo-random elements with many duplicates: strings, numbers, objects
    /// with a nested list, nulls and unknowns, mixed in one vector (the dedup does not rely
    /// on one element type).
    fn elements(n: usize, seed: u64) -> Vec<Value> {
        let mut x = seed;
        let mut next = move || {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            x >> 33
        };
        (0..n)
            .map(|_| {
                let k = next() % 12;
                match next() % 6 {
                    0 => Value::from(format!("s{k}")),
                    1 => Value::from(k as i64),
                    2 => Value::object([
                        ("a", Value::from(format!("o{}", k % 5))),
                        (
                            "b",
                            Value::list(Type::Number, vec![Value::from(k as i64)]).unwrap(),
                        ),
                    ]),
                    3 => Value::null(Type::String),
                    4 => Value::unknown(Type::String),
                    _ => Value::object([
                        ("a", Value::unknown(Type::String)),
                        ("b", Value::list(Type::Number, vec![]).unwrap()),
                    ]),
                }
            })
            .collect()
    }

    fn by_sorting(items: &[Value]) -> Vec<Value> {
        let mut v = items.to_vec();
        dedup_set_by_sorting(&mut v);
        v
    }

    #[test]
    fn hashing_and_sorting_agree() {
        for seed in 0..200 {
            let items = elements(1 + (seed as usize % 40), seed);
            let expected = by_sorting(&items);
            let mut hashed = items.clone();
            dedup_set(&mut hashed);
            assert_eq!(hashed, expected, "seed {seed}");
            // Every hash colliding: the fallback gives the same answer.
            let mut colliding = items.clone();
            dedup_set_with(&mut colliding, |_| 0);
            assert_eq!(colliding, expected, "seed {seed}");
        }
    }

    #[test]
    fn first_of_equal_known_elements_stays_and_unknowns_all_stay() {
        let a = || Value::from("a");
        let u = || Value::unknown(Type::String);
        let mut items = vec![Value::from("b"), a(), u(), a(), u(), Value::from("b")];
        dedup_set(&mut items);
        assert_eq!(items, vec![Value::from("b"), a(), u(), u()]);
        // Values that are equal as numbers, whatever their form, are one element.
        let mut numbers = vec![
            Value::from(
                crate::Number::parse("0.1000000000000000055511151231257827021181583404541015625")
                    .unwrap(),
            ),
            Value::from(crate::Number::from_f64_exact(0.1).unwrap()),
        ];
        dedup_set(&mut numbers);
        assert_eq!(numbers.len(), 1);
    }

    #[test]
    fn ascending_elements_are_left_alone() {
        let mut items: Vec<Value> = (0..100).map(|i| Value::from(format!("k{i:03}"))).collect();
        let before = items.clone();
        dedup_set(&mut items);
        assert_eq!(items, before);
    }
}
