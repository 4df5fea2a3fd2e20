//! Which rules apply to which Rust types: marker traits that the code
//! `#[derive(TfSchema)]` writes asks of a field's type, so that a validator on a type it
//! cannot check (a string length on a number) fails to compile, on the user's key. The
//! wrappers (`Unknown`, `Nullable`, `Option`, references, boxes) are transparent, so a type
//! alias is judged as the type it names.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::rc::Rc;
use std::sync::Arc;

use crate::map::Map;
use crate::number::Number;
use crate::set::Set;
use crate::value::Value;
use crate::{Nullable, Unknown};

/// Types whose values have a string length: `length(...)`, `regex`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a string: `length` and `regex` check string attributes",
    label = "not a string type"
)]
pub trait LengthRule {}

/// Types whose values have a number of elements: `size(...)`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a list, set or map: `size` checks the number of elements",
    label = "not a collection type"
)]
pub trait SizeRule {}

/// Number types: `at_least`, `at_most`, `between(...)`, `at_least_sum_of(...)`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a number: `at_least`, `at_most`, `between` and \
               `at_least_sum_of` check number attributes",
    label = "not a number type"
)]
pub trait NumberRule {}

/// Types whose values `one_of(...)` can list: strings and numbers.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is neither a string nor a number: `one_of` lists string or number values",
    label = "not a string or number type"
)]
pub trait OneOfRule {}

/// Bool types: `at_least_one_true(...)`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a bool: `at_least_one_true` checks bool attributes",
    label = "not a bool type"
)]
pub trait BoolRule {}

/// String types: `refine(prefix = "...")`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a string: `refine(prefix = ...)` refines string attributes",
    label = "not a string type"
)]
pub trait PrefixRefinement {}

/// Number types: `refine(at_least = N)`, `at_most`, `greater_than`, `less_than`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a number: `refine(at_least, at_most, greater_than, less_than)` \
               refines number attributes",
    label = "not a number type"
)]
pub trait NumberRefinement {}

/// List, set and map types: `refine(length(min = N, max = N))`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a list, set or map: `refine(length(...))` refines the number of \
               elements of a collection",
    label = "not a collection type"
)]
pub trait LengthRefinement {}

/// Types whose values can identify an element of a collection: `element_key` (strings,
/// numbers and bools).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a string, number or bool: an `element_key` attribute holds a \
               primitive value that identifies its element",
    label = "not a primitive type"
)]
pub trait ElementKeyRule {}

/// Types an attribute with a default can have: they hold null (the configuration leaves the
/// attribute out) and unknown (the attribute is computed), as `Unknown<Nullable<T>>` does.
/// `Inner` is the type of the default value.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot hold an attribute with a default: the attribute is optional and \
               computed, so its type must hold null and unknown: use Unknown<Nullable<T>>",
    label = "needs Unknown<Nullable<T>>"
)]
pub trait DefaultSlot {
    /// The type of the default value.
    type Inner;
}

impl<T: NullableSlot> DefaultSlot for Unknown<T> {
    type Inner = T::Inner;
}

impl DefaultSlot for Value {
    type Inner = Value;
}

/// The nullable part of a [`DefaultSlot`].
#[doc(hidden)]
pub trait NullableSlot {
    type Inner;
}

impl<T> NullableSlot for Nullable<T> {
    type Inner = T;
}

impl<T> NullableSlot for Option<T> {
    type Inner = T;
}

macro_rules! marker {
    ($rule:ident => $($t:ty),*) => {$(
        impl $rule for $t {}
    )*};
}

macro_rules! transparent {
    ($($rule:ident),*) => {$(
        impl<T: $rule + ?Sized> $rule for &T {}
        impl<T: $rule + ?Sized> $rule for Box<T> {}
        impl<T: $rule + ?Sized> $rule for Rc<T> {}
        impl<T: $rule + ?Sized> $rule for Arc<T> {}
        impl<T: $rule> $rule for Option<T> {}
        impl<T: $rule> $rule for Nullable<T> {}
        impl<T: $rule> $rule for Unknown<T> {}
    )*};
}

transparent!(LengthRule, SizeRule, NumberRule, OneOfRule, BoolRule);
transparent!(PrefixRefinement, NumberRefinement, LengthRefinement);
transparent!(ElementKeyRule);

marker!(LengthRule => String, str, Cow<'_, str>);
marker!(OneOfRule => String, str, Cow<'_, str>);
marker!(NumberRule => Number, i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize, f32, f64);
marker!(OneOfRule => Number, i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize, f32, f64);
marker!(BoolRule => bool);
marker!(ElementKeyRule => String, str, Cow<'_, str>, bool);
marker!(ElementKeyRule => Number, i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize, f32, f64);
marker!(PrefixRefinement => String, str, Cow<'_, str>);
marker!(NumberRefinement => Number, i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize, f32, f64);

impl<T> SizeRule for Vec<T> {}
impl<T> SizeRule for [T] {}
impl<T> SizeRule for BTreeSet<T> {}
impl<T, S> SizeRule for HashSet<T, S> {}
impl<K, V> SizeRule for BTreeMap<K, V> {}
impl<K, V, S> SizeRule for HashMap<K, V, S> {}
impl<V> SizeRule for Map<V> {}
impl<T> SizeRule for Set<T> {}
impl<T> LengthRefinement for Vec<T> {}
impl<T> LengthRefinement for [T] {}
impl<T> LengthRefinement for BTreeSet<T> {}
impl<T, S> LengthRefinement for HashSet<T, S> {}
impl<K, V> LengthRefinement for BTreeMap<K, V> {}
impl<K, V, S> LengthRefinement for HashMap<K, V, S> {}
impl<V> LengthRefinement for Map<V> {}
impl<T> LengthRefinement for Set<T> {}

#[cfg(test)]
mod tests {
    use super::*;

    fn length<T: LengthRule + ?Sized>() {}
    fn size<T: SizeRule + ?Sized>() {}
    fn number<T: NumberRule + ?Sized>() {}
    fn one_of<T: OneOfRule + ?Sized>() {}
    fn boolean<T: BoolRule + ?Sized>() {}

    #[test]
    fn wrappers_are_transparent() {
        length::<Unknown<Nullable<String>>>();
        length::<Option<Box<str>>>();
        size::<Unknown<Nullable<BTreeMap<String, String>>>>();
        size::<Vec<Value>>();
        number::<Unknown<Nullable<i64>>>();
        one_of::<Nullable<String>>();
        one_of::<Number>();
        boolean::<Unknown<Nullable<bool>>>();
        let _: <Unknown<Nullable<i64>> as DefaultSlot>::Inner = 3_i64;
        let _: <Unknown<Option<String>> as DefaultSlot>::Inner = String::new();
    }
}
