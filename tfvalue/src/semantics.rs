//! The semantics of custom types, on values: a [`CustomType`]'s validation and semantic
//! equality as carried by [`TfType::SEMANTICS`](crate::TfType::SEMANTICS) through the
//! wrappers and collections ([`Semantics`]), and their application at any depth of one
//! field's value (each element of a list, set or map). Low in the crate, beside `value`,
//! so that the types (`tf_type`, the wrappers, the collections) and the declared rules can
//! all name it; [`crate::custom_types`] holds the types themselves and the walk of whole
//! objects by their rules.

use crate::invalid::Invalid;
use crate::value::Value;

/// A type with its own validation and semantic equality, on the values of its Terraform
/// type. Implement it beside [`TfType`](crate::TfType), whose
/// [`SEMANTICS`](crate::TfType::SEMANTICS) answers
/// `Some(Semantics::of::<Self>())`.
///
/// Both functions see known, non-null values only.
pub trait CustomType {
    /// Checks a configured value: the diagnostic to show when it is not one of this type
    /// (give it with [`Invalid::diagnostic`] for a summary of the type's own).
    fn validate(value: &Value) -> Result<(), Invalid>;

    /// True when `new` means the same as `kept` (the text Terraform has), so that `kept`
    /// stays.
    fn semantically_equal(kept: &Value, new: &Value) -> bool;
}

/// What a custom type adds to the values of a field's type, and how deep in it they sit:
/// at the value itself, or at the elements of (the elements of ...) a list, set or map.
/// Built by [`Semantics::of`] and carried by [`TfType::SEMANTICS`](crate::TfType::SEMANTICS).
#[derive(Clone, Copy)]
pub struct Semantics {
    depth: u8,
    validate: fn(&Value) -> Result<(), Invalid>,
    equal: fn(&Value, &Value) -> bool,
}

impl std::fmt::Debug for Semantics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Semantics")
            .field("depth", &self.depth)
            .finish_non_exhaustive()
    }
}

impl Semantics {
    /// The semantics of the custom type `T`, at the value itself.
    pub const fn of<T: CustomType + ?Sized>() -> Semantics {
        Semantics {
            depth: 0,
            validate: T::validate,
            equal: T::semantically_equal,
        }
    }

    /// The semantics of a collection whose elements have `element`'s: what the
    /// collections' [`TfType::SEMANTICS`](crate::TfType::SEMANTICS) answer.
    pub const fn elements(element: Option<Semantics>) -> Option<Semantics> {
        match element {
            Some(s) if s.depth < u8::MAX => Some(Semantics {
                depth: s.depth + 1,
                ..s
            }),
            _ => None,
        }
    }

    /// How many collection levels lie between the field's value and the custom type's
    /// values (0: the value itself).
    pub fn depth(&self) -> u8 {
        self.depth
    }

    /// Checks one value of the custom type (not of a collection of them).
    pub fn validate_one(&self, value: &Value) -> Result<(), Invalid> {
        (self.validate)(value)
    }

    /// Checks every known, non-null value of the custom type inside `value` (at this
    /// depth): the path below `value` and the diagnostic of each invalid one, in order.
    pub fn validate(&self, value: &Value) -> Vec<(Vec<crate::path::PathStep>, Invalid)> {
        let mut found = Vec::new();
        validate_all(self, value, &mut |at, invalid| found.push((at, invalid)));
        found
    }

    /// True when `new` means the same as `kept`, at this depth: collections of equal
    /// length (lists by index, maps by key, sets element for element) whose custom values
    /// are semantically equal and whose other values are equal. Null and unknown values
    /// equal only themselves.
    pub fn equal(&self, kept: &Value, new: &Value) -> bool {
        equal_at(self, self.depth, kept, new)
    }
}

fn equal_at(s: &Semantics, depth: u8, kept: &Value, new: &Value) -> bool {
    if kept.is_null() || kept.is_unknown() || new.is_null() || new.is_unknown() {
        return kept == new;
    }
    if depth == 0 {
        return kept == new || (s.equal)(kept, new);
    }
    match (kept, new) {
        (Value::List(_, a), Value::List(_, b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| equal_at(s, depth - 1, x, y))
        }
        (Value::Map(_, a), Value::Map(_, b)) => {
            a.len() == b.len()
                && a.iter()
                    .zip(b)
                    .all(|((ka, x), (kb, y))| ka == kb && equal_at(s, depth - 1, x, y))
        }
        (Value::Set(_, a), Value::Set(_, b)) => {
            a.len() == b.len()
                && set_pairing(a, b, |x, y| equal_at(s, depth - 1, x, y))
                    .iter()
                    .all(Option::is_some)
        }
        _ => kept == new,
    }
}

/// For each element of `new`, the index of a distinct element of `kept` it matches (each
/// kept element taken once, identical elements first), `None` for one without a match.
pub(crate) fn set_pairing(
    kept: &[Value],
    new: &[Value],
    matches: impl Fn(&Value, &Value) -> bool,
) -> Vec<Option<usize>> {
    let mut taken = vec![false; kept.len()];
    let mut pairs = vec![None; new.len()];
    // Identical elements pair first, so that an element equal in text keeps its partner.
    for (i, n) in new.iter().enumerate() {
        if let Some(j) = (0..kept.len()).find(|&j| !taken[j] && kept[j] == *n) {
            taken[j] = true;
            pairs[i] = Some(j);
        }
    }
    for (i, n) in new.iter().enumerate() {
        if pairs[i].is_some() {
            continue;
        }
        if let Some(j) = (0..kept.len()).find(|&j| !taken[j] && matches(&kept[j], n)) {
            taken[j] = true;
            pairs[i] = Some(j);
        }
    }
    pairs
}

/// Replaces each custom value in `new` that means the same as its counterpart in `kept`
/// by that counterpart, at `s`'s depth: list elements by index, map elements by key, set
/// elements by a pairing of semantically equal elements.
pub(crate) fn keep_equal(s: &Semantics, kept: &Value, new: &mut Value) {
    keep_at(s, s.depth, kept, new);
}

fn keep_at(s: &Semantics, depth: u8, kept: &Value, new: &mut Value) {
    if kept.is_null() || kept.is_unknown() || new.is_null() || new.is_unknown() {
        return;
    }
    if depth == 0 {
        if kept != new && (s.equal)(kept, new) {
            *new = kept.clone();
        }
        return;
    }
    match (kept, &mut *new) {
        (Value::List(_, a), Value::List(_, b)) => {
            for (x, y) in a.iter().zip(b.iter_mut()) {
                keep_at(s, depth - 1, x, y);
            }
        }
        (Value::Map(_, a), Value::Map(_, b)) => {
            for (key, y) in b.iter_mut() {
                if let Some(x) = a.get(key) {
                    keep_at(s, depth - 1, x, y);
                }
            }
        }
        (Value::Set(_, a), Value::Set(_, b)) => {
            let pairs = set_pairing(a, b, |x, y| equal_at(s, depth - 1, x, y));
            for (y, pair) in b.iter_mut().zip(pairs) {
                if let Some(j) = pair {
                    keep_at(s, depth - 1, &a[j], y);
                }
            }
            canonical_set(new);
        }
        _ => {}
    }
}

/// A set whose elements changed, in go-cty's order again (and equal elements once).
pub(crate) fn canonical_set(value: &mut Value) {
    if let Value::Set(ty, elements) = value {
        if let Ok(set) = Value::set(ty.clone(), elements.clone()) {
            *value = set;
        }
    }
}

/// Validates every custom value inside `value` (at `s`'s depth), calling `found` with the
/// path steps below `value` and the diagnostic of each invalid one.
pub(crate) fn validate_all(
    s: &Semantics,
    value: &Value,
    found: &mut dyn FnMut(Vec<crate::path::PathStep>, Invalid),
) {
    validate_at(s, s.depth, value, &mut Vec::new(), found);
}

fn validate_at(
    s: &Semantics,
    depth: u8,
    value: &Value,
    at: &mut Vec<crate::path::PathStep>,
    found: &mut dyn FnMut(Vec<crate::path::PathStep>, Invalid),
) {
    use crate::path::PathStep;
    if value.is_null() || value.is_unknown() {
        return;
    }
    if depth == 0 {
        if let Err(invalid) = (s.validate)(value) {
            found(at.clone(), invalid);
        }
        return;
    }
    match value {
        Value::List(_, elements) | Value::Set(_, elements) => {
            for (i, element) in elements.iter().enumerate() {
                at.push(PathStep::Index(i64::try_from(i).unwrap_or(i64::MAX)));
                validate_at(s, depth - 1, element, at, found);
                at.pop();
            }
        }
        Value::Map(_, elements) => {
            for (key, element) in elements {
                at.push(PathStep::Key(key.clone()));
                validate_at(s, depth - 1, element, at, found);
                at.pop();
            }
        }
        _ => {}
    }
}
