//! Runtime support for `#[tf(flatten)]`: the [`Flatten`] trait that `#[derive(TfSchema)]`
//! implements for every struct without generic parameters, the codec of a struct that
//! flattens others (driven by that trait), and the `const fn`s that merge name lists, find
//! the wire order and report clashing names when the program is compiled.
//!
//! A flattened struct's attributes take part in its parent's object as if declared there,
//! so it is read and written field by field rather than as one value: the parent's decoder
//! asks each flattened struct whether it knows a name ([`Flatten::field`]), hands it the
//! value ([`Flatten::accept`]) and has it check and build itself at the end
//! ([`Flatten::finish`]); the encoder writes every field, own and flattened, in byte order
//! of all the names, precomputed as a constant ([`wire_order`]).

use std::marker::PhantomData;

use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeStruct;

use crate::rules::Rules;
use crate::schema::{Block, TfSchema};
use crate::types::Type;
use crate::value::Value;

/// A model whose attributes and blocks can be put into another model's with
/// `#[tf(flatten)]`. Written by `#[derive(TfSchema)]` for every struct without generic
/// parameters; generated code is its only user.
///
/// Every method works in one index space, that of [`Flatten::NAMES`]: the struct's own
/// attributes and blocks first, in byte order of their names, then the names of each
/// struct it flattens, in declaration order.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be flattened: `#[tf(flatten)]` takes a struct that derives \
               TfSchema and has no generic parameters",
    label = "not a model struct without generic parameters"
)]
pub trait Flatten: crate::TfType + TfSchema + Sized {
    /// The Terraform name of every attribute and block, own and flattened (see the trait).
    const NAMES: &'static [&'static str];

    /// What [`Flatten::accept`] fills in while a map is read: one slot per own field, and
    /// the slots of each flattened struct.
    type Slots: Default;

    /// The index of the attribute or block named `name`, if this struct has it.
    fn field(name: &[u8]) -> Option<u16>;

    /// Reads the value of the attribute `index` from `map` (whose key was its name) into
    /// its slot: a second value for one attribute is serde's duplicate-field error.
    ///
    /// # Errors
    /// The value's decoding error, or the duplicate.
    fn accept<'de, A: MapAccess<'de>>(
        slots: &mut Self::Slots,
        index: u16,
        map: &mut A,
    ) -> Result<(), A::Error>;

    /// Builds the struct from its slots once the map is read.
    ///
    /// # Errors
    /// serde's missing-field error for an attribute never read, or a block count outside
    /// its limits.
    fn finish<E: serde::de::Error>(slots: Self::Slots) -> Result<Self, E>;

    /// Writes the attribute or block `index` into a struct being serialized.
    ///
    /// # Errors
    /// The serializer's.
    fn serialize_field<S: SerializeStruct>(
        &self,
        index: u16,
        state: &mut S,
    ) -> Result<(), S::Error>;

    /// Adds each attribute's name, type and optional flag (as `TfType::tf_type` of an
    /// object holds them) to `out`.
    fn object_attributes(out: &mut Vec<(&'static str, Type, bool)>);

    /// Adds the declared rules of the attributes and of the object (attribute
    /// combinations, object validators) to `rules`.
    fn flatten_rules(rules: Rules) -> Rules;
}

/// The attributes and block types of the flattened `M`, added to the block being built.
/// They go at the place of its field, among the parent's attributes and blocks in
/// declaration order.
pub fn flatten_block<M: Flatten>(block: Block) -> Block {
    let own = &M::schema().block;
    let mut block = block;
    block.attributes.extend(own.attributes.iter().cloned());
    block.block_types.extend(own.block_types.iter().cloned());
    block
}

/// The declared rules of the flattened `M` added to `rules`.
pub fn flatten_rules<M: Flatten>(rules: Rules) -> Rules {
    M::flatten_rules(rules)
}

/// The object validator of a flattened `M`: the attributes of `M` taken from the parent's
/// object, decoded into `M`, then checked. An object that does not decode is left to the
/// decoder, which reports it.
///
/// # Errors
/// What `check` finds.
pub fn flat_object_check<M: Flatten + serde::de::DeserializeOwned>(
    value: &Value,
    check: fn(&M) -> crate::Result<()>,
) -> crate::Result<()> {
    let Value::Object(ty, values) = value else {
        return Ok(());
    };
    // The object of `M` itself: nothing to pick.
    if ty.len() == M::NAMES.len() {
        return match value.decode_as::<M>() {
            Ok(model) => check(&model),
            Err(_) => Ok(()),
        };
    }
    let picked = ty
        .names()
        .iter()
        .zip(values)
        .filter(|(name, _)| M::NAMES.contains(&name.as_str()))
        .map(|(name, v)| (name.clone(), v.clone()));
    match Value::object(picked).decode_as::<M>() {
        Ok(model) => check(&model),
        Err(_) => Ok(()),
    }
}

/// `Serialize` of a struct that flattens others: every field in `wire` order (the indices
/// of [`Flatten::NAMES`] in byte order of the names, [`wire_order`]), so the struct keeps
/// the promise of `SORTED_STRUCT_TOKEN`.
///
/// # Errors
/// The serializer's.
pub fn serialize_flat<M: Flatten, S: serde::Serializer>(
    model: &M,
    wire: &[u16],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let mut state = serializer.serialize_struct(crate::tokens::SORTED_STRUCT_TOKEN, wire.len())?;
    for &index in wire {
        model.serialize_field(index, &mut state)?;
    }
    state.end()
}

/// `Deserialize` of a struct that flattens others (`name` is the struct's, for serde's
/// messages): each key looked up through [`Flatten::field`], its value handed to
/// [`Flatten::accept`], the struct built by [`Flatten::finish`]. A name no field has is
/// serde's unknown-field error.
///
/// # Errors
/// The decoding errors, as for a struct without flattened fields.
pub fn deserialize_flat<'de, M: Flatten, D: serde::Deserializer<'de>>(
    deserializer: D,
    name: &'static str,
) -> Result<M, D::Error> {
    deserializer.deserialize_struct(name, M::NAMES, FlatVisitor::<M>(PhantomData))
}

struct FlatVisitor<M>(PhantomData<fn() -> M>);

impl<'de, M: Flatten> Visitor<'de> for FlatVisitor<M> {
    type Value = M;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("an object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<M, A::Error> {
        let mut slots = M::Slots::default();
        while let Some(FlatKey(index, _)) = map.next_key::<FlatKey<M>>()? {
            M::accept(&mut slots, index, &mut map)?;
        }
        M::finish(slots)
    }
}

/// An attribute name read as its index in [`Flatten::NAMES`], without allocating.
struct FlatKey<M>(u16, PhantomData<fn() -> M>);

impl<'de, M: Flatten> serde::Deserialize<'de> for FlatKey<M> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_identifier(FlatKeyVisitor::<M>(PhantomData))
    }
}

struct FlatKeyVisitor<M>(PhantomData<fn() -> M>);

impl<M: Flatten> Visitor<'_> for FlatKeyVisitor<M> {
    type Value = FlatKey<M>;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("an attribute name")
    }

    fn visit_str<E: serde::de::Error>(self, value: &str) -> Result<FlatKey<M>, E> {
        match M::field(value.as_bytes()) {
            Some(index) => Ok(FlatKey(index, PhantomData)),
            None => Err(E::unknown_field(value, M::NAMES)),
        }
    }

    fn visit_bytes<E: serde::de::Error>(self, value: &[u8]) -> Result<FlatKey<M>, E> {
        match M::field(value) {
            Some(index) => Ok(FlatKey(index, PhantomData)),
            None => Err(E::unknown_field(&String::from_utf8_lossy(value), M::NAMES)),
        }
    }
}

/// The name lists `lists` one after the other, as an array of `N` names (`N` is the sum
/// of their lengths; a shorter `N` drops the rest, a longer one leaves empty names).
pub const fn concat_names<const N: usize>(lists: &[&[&'static str]]) -> [&'static str; N] {
    let mut out = [""; N];
    let mut at = 0;
    let mut l = 0;
    while l < lists.len() {
        let list = lists[l];
        let mut i = 0;
        while i < list.len() && at < N {
            out[at] = list[i];
            at += 1;
            i += 1;
        }
        l += 1;
    }
    out
}

/// The indices of `names` in byte order of the names: the order fields go on the wire.
pub const fn wire_order<const N: usize>(names: &[&'static str; N]) -> [u16; N] {
    let mut order = [0u16; N];
    let mut i = 0;
    while i < N {
        order[i] = i as u16;
        i += 1;
    }
    // Insertion sort: a model has a few dozen names, and this runs at compile time.
    let mut i = 1;
    while i < N {
        let mut j = i;
        while j > 0 && bytes_less(names[order[j] as usize], names[order[j - 1] as usize]) {
            let t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
            j -= 1;
        }
        i += 1;
    }
    order
}

/// Whether `name` is one of `names`.
pub const fn contains(names: &[&str], name: &str) -> bool {
    let mut i = 0;
    while i < names.len() {
        if bytes_equal(names[i], name) {
            return true;
        }
        i += 1;
    }
    false
}

const fn bytes_equal(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

const fn bytes_less(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut i = 0;
    while i < a.len() && i < b.len() {
        if a[i] != b[i] {
            return a[i] < b[i];
        }
        i += 1;
    }
    a.len() < b.len()
}

/// A sentence built when the program is compiled (a constant's `panic!` takes only a
/// `&str` argument, not a format): empty when there is nothing to report.
pub struct ConstMessage {
    bytes: [u8; 256],
    len: usize,
}

impl ConstMessage {
    const fn new() -> Self {
        ConstMessage {
            bytes: [0; 256],
            len: 0,
        }
    }

    const fn push(mut self, text: &str) -> Self {
        let text = text.as_bytes();
        let mut i = 0;
        // Whole characters only: a cut name still reads as UTF-8.
        while i < text.len() && self.len < self.bytes.len() {
            if text[i] >= 0x80 {
                break;
            }
            self.bytes[self.len] = text[i];
            self.len += 1;
            i += 1;
        }
        self
    }

    /// True when there is nothing to report.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The sentence.
    pub const fn as_str(&self) -> &str {
        let (text, _) = self.bytes.split_at(self.len);
        match std::str::from_utf8(text) {
            Ok(s) => s,
            Err(_) => "",
        }
    }
}

/// The first name of `flattened` (the names of the struct flattened at the field `field`)
/// that is also in one of `earlier` (the struct's own names and those of the structs it
/// flattens before `field`), as the compile error that names it; empty when the names are
/// distinct.
pub const fn clash(earlier: &[&[&str]], field: &str, flattened: &[&str]) -> ConstMessage {
    let mut i = 0;
    while i < flattened.len() {
        let name = flattened[i];
        let mut l = 0;
        while l < earlier.len() {
            if contains(earlier[l], name) {
                return ConstMessage::new()
                    .push("`")
                    .push(name)
                    .push("` is declared twice: by the struct flattened at `")
                    .push(field)
                    .push("` and by this struct or a struct it flattens before it; rename one");
            }
            l += 1;
        }
        // Within the flattened struct, names are distinct (its own derive checked them).
        i += 1;
    }
    ConstMessage::new()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_merge_and_sort_by_bytes() {
        const ALL: [&str; 5] = concat_names(&[&["b", "z"], &["a", "ab", "B"]]);
        assert_eq!(ALL, ["b", "z", "a", "ab", "B"]);
        const WIRE: [u16; 5] = wire_order(&ALL);
        let sorted: Vec<&str> = WIRE.iter().map(|&i| ALL[i as usize]).collect();
        assert_eq!(sorted, ["B", "a", "ab", "b", "z"]);
    }

    #[test]
    fn a_clash_names_the_attribute_and_the_field() {
        let m = clash(&[&["a", "length"], &["x"]], "common", &["q", "length"]);
        assert_eq!(
            m.as_str(),
            "`length` is declared twice: by the struct flattened at `common` and by this \
             struct or a struct it flattens before it; rename one"
        );
        assert!(clash(&[&["a"]], "common", &["b"]).is_empty());
        assert!(contains(&["a", "b"], "b") && !contains(&["a"], "ab"));
    }
}
