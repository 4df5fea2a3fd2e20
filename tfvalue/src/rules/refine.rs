//! Declared refinements of computed attributes: what the provider promises about a value it
//! plans as unknown ("known after apply"), so that Terraform can reason about it before
//! apply (`x.arn != null`, `startswith(x.arn, "arn:")`, a `count` from a length).
//!
//! 1. [`apply_refinements`], on a plan: every attribute with declared refinements whose
//!    planned value is unknown while its configuration is null (the provider's own unknown,
//!    not one the configuration passes on) carries them, merged with any it already has;
//!    the merge only narrows (a prefix is lengthened, a bound tightened), and refinements
//!    that leave no value possible are a provider bug, reported at the attribute.
//! 2. [`check_promises`], on the state an apply answers: wherever the plan held a refined
//!    unknown, the new value must be one the refinements allow (not null, with the prefix,
//!    within the bounds), or Terraform would reject the result as inconsistent with the
//!    plan; each broken promise is a finding at its attribute.
//!
//! Nested attributes and blocks are followed into their objects (list elements by position,
//! map elements by key); set elements have no position to match a plan and a state by, so
//! nothing inside a set is refined or checked.

use std::cmp::Ordering;

use super::check::Finding;
use super::Rules;
use crate::error::Result;
use crate::number::Number;
use crate::path::{AttributePath, PathStep};
use crate::refinements::Refinements;
use crate::value::Value;

/// One refinement declared on a computed attribute (`#[tf(computed, refine(...))]`).
#[derive(Debug, Clone, PartialEq)]
pub enum Refinement {
    /// The value is never null.
    NotNull,
    /// The string starts with this prefix.
    Prefix(&'static str),
    /// The number is at least this (inclusive).
    AtLeast(Number),
    /// The number is greater than this (exclusive).
    GreaterThan(Number),
    /// The number is at most this (inclusive).
    AtMost(Number),
    /// The number is less than this (exclusive).
    LessThan(Number),
    /// The list, set or map has at least `min` and at most `max` elements (inclusive).
    Length {
        /// The fewest elements, if bounded.
        min: Option<u64>,
        /// The most elements, if bounded.
        max: Option<u64>,
    },
}

impl Refinement {
    /// `refinements` with this refinement added: an error when the two leave no value
    /// possible (bounds that cross).
    pub fn add_to(&self, refinements: Refinements) -> Result<Refinements> {
        let declared = match self {
            Refinement::NotNull => return Ok(refinements.not_null()),
            Refinement::Prefix(p) => Refinements::new().with_string_prefix(*p),
            Refinement::AtLeast(n) => {
                Refinements::new().with_number_lower_bound(n.clone(), true)?
            }
            Refinement::GreaterThan(n) => {
                Refinements::new().with_number_lower_bound(n.clone(), false)?
            }
            Refinement::AtMost(n) => Refinements::new().with_number_upper_bound(n.clone(), true)?,
            Refinement::LessThan(n) => {
                Refinements::new().with_number_upper_bound(n.clone(), false)?
            }
            Refinement::Length { min, max } => {
                let mut r = Refinements::new();
                if let Some(min) = min {
                    r = r.with_length_lower_bound(*min)?;
                }
                if let Some(max) = max {
                    r = r.with_length_upper_bound(*max)?;
                }
                r
            }
        };
        merge(&refinements, &declared)
    }
}

/// The refinements both `a` and `b` say: the narrower of each kind. An error when they
/// leave no value possible (prefixes that differ, bounds that cross).
pub fn merge(a: &Refinements, b: &Refinements) -> Result<Refinements> {
    let mut out = Refinements::new();
    if a.is_not_null() || b.is_not_null() {
        out = out.not_null();
    }
    match (a.string_prefix(), b.string_prefix()) {
        (Some(x), Some(y)) if x.starts_with(y) => out = out.with_string_prefix(x),
        (Some(x), Some(y)) if y.starts_with(x) => out = out.with_string_prefix(y),
        (Some(x), Some(y)) => {
            return Err(crate::error::Error::new(
                crate::error::ErrorKind::Refinement,
                format!("no string starts with both {x:?} and {y:?}"),
            ))
        }
        (Some(p), None) | (None, Some(p)) => out = out.with_string_prefix(p),
        (None, None) => {}
    }
    let lower = tighter(
        a.number_lower_bound(),
        b.number_lower_bound(),
        Ordering::Greater,
    );
    if let Some((n, inclusive)) = lower {
        out = out.with_number_lower_bound(n.clone(), inclusive)?;
    }
    let upper = tighter(
        a.number_upper_bound(),
        b.number_upper_bound(),
        Ordering::Less,
    );
    if let Some((n, inclusive)) = upper {
        out = out.with_number_upper_bound(n.clone(), inclusive)?;
    }
    let min = a.length_lower_bound().max(b.length_lower_bound());
    if let Some(min) = min {
        out = out.with_length_lower_bound(min)?;
    }
    let max = match (a.length_upper_bound(), b.length_upper_bound()) {
        (Some(x), Some(y)) => Some(x.min(y)),
        (x, y) => x.or(y),
    };
    if let Some(max) = max {
        out = out.with_length_upper_bound(max)?;
    }
    Ok(out)
}

/// Of two number bounds, the one further in direction `narrower` (`Greater` for lower
/// bounds); at the same number the exclusive one.
fn tighter<'a>(
    a: Option<(&'a Number, bool)>,
    b: Option<(&'a Number, bool)>,
    narrower: Ordering,
) -> Option<(&'a Number, bool)> {
    match (a, b) {
        (Some(x), Some(y)) => Some(match x.0.cmp(y.0) {
            Ordering::Equal => (x.0, x.1 && y.1),
            o if o == narrower => x,
            _ => y,
        }),
        (x, y) => x.or(y),
    }
}

/// Gives the declared refinements to every attribute of `planned` (an object of the model
/// whose rules are `rules`, at `path`) that the plan leaves unknown while the configuration
/// (`config`, same shape) is null, at every depth. A finding when the declared refinements
/// do not fit the attribute's type, or leave no value possible with those it already has.
pub fn apply_refinements(
    rules: &Rules,
    config: Option<&Value>,
    planned: &mut Value,
    path: &AttributePath,
) -> Result<(), Finding> {
    if !matches!(planned, Value::Object(..)) {
        return Ok(());
    }
    for attribute in rules.attributes() {
        let name = attribute.name();
        let config_value = config.and_then(|c| c.attr(name));
        let Some(value) = planned.attr_mut(name) else {
            continue;
        };
        let at = path.clone().attr(name);
        if let Value::Unknown(ty, held) = value {
            if !attribute.refinements().is_empty() && config_value.is_none_or(Value::is_null) {
                let refined = attribute
                    .declared_refinements()
                    .and_then(|declared| merge(held, &declared))
                    .and_then(|merged| merged.for_type(ty).cloned());
                *held = refined.map_err(|e| Finding {
                    path: at.clone(),
                    summary: "Invalid refinement".to_owned(),
                    detail: format!(
                        "The provider's refinements of this attribute's unknown value cannot \
                         be planned: {e}. This is a bug in the provider."
                    ),
                })?;
            }
            continue;
        }
        if let Some(nested) = attribute.nested() {
            let mut result = Ok(());
            each_element(value, config_value, &at, &mut |element, config, at| {
                if result.is_ok() {
                    result = apply_refinements(nested, config, element, at);
                }
            });
            result?;
        }
    }
    Ok(())
}

/// Calls `f` on the object `value` is, or on each of its object elements (lists by
/// position, maps by key; not sets), with the configuration at the same place.
fn each_element(
    value: &mut Value,
    config: Option<&Value>,
    path: &AttributePath,
    f: &mut dyn FnMut(&mut Value, Option<&Value>, &AttributePath),
) {
    match value {
        Value::Object(..) => f(value, config, path),
        Value::List(_, elements) | Value::Tuple(elements) => {
            let configured = config.and_then(Value::as_elements);
            for (i, element) in elements.iter_mut().enumerate() {
                let mut at = path.clone();
                at.push(PathStep::Index(i64::try_from(i).unwrap_or(i64::MAX)));
                f(element, configured.and_then(|c| c.get(i)), &at);
            }
        }
        Value::Map(_, elements) => {
            let configured = config.and_then(Value::as_map);
            for (key, element) in elements.iter_mut() {
                let mut at = path.clone();
                at.push(PathStep::Key(key.clone()));
                f(element, configured.and_then(|c| c.get(key)), &at);
            }
        }
        _ => {}
    }
}

/// Checks `new` (the state an apply answers, at `path`) against `planned` (the plan it
/// carries out): wherever the plan holds an unknown with refinements, the new value must
/// keep them. A finding per broken promise, at its attribute. Objects are followed by
/// attribute, lists and tuples by position, maps by key; sets are not entered.
pub fn check_promises(planned: &Value, new: &Value, path: &AttributePath, out: &mut Vec<Finding>) {
    match (planned, new) {
        (Value::Unknown(_, promised), new) if !promised.is_empty() && !new.is_unknown() => {
            if let Some(broken) = broken_promise(promised, new) {
                out.push(Finding {
                    path: path.clone(),
                    summary: "Provider broke a refinement of its plan".to_owned(),
                    detail: format!(
                        "The plan promised this value would be {promised}, but the new \
                         state holds a value that {broken}. Terraform would reject the \
                         result as inconsistent with the plan. This is a bug in the provider."
                    ),
                });
            }
        }
        (Value::Object(ty, planned_values), Value::Object(_, new_values)) => {
            for ((name, p), n) in ty.names().iter().zip(planned_values).zip(new_values) {
                check_promises(p, n, &path.clone().attr(name.as_str()), out);
            }
        }
        (
            Value::List(_, planned_elements) | Value::Tuple(planned_elements),
            Value::List(_, new_elements) | Value::Tuple(new_elements),
        ) => {
            for (i, (p, n)) in planned_elements.iter().zip(new_elements).enumerate() {
                let mut at = path.clone();
                at.push(PathStep::Index(i64::try_from(i).unwrap_or(i64::MAX)));
                check_promises(p, n, &at, out);
            }
        }
        (Value::Map(_, planned_elements), Value::Map(_, new_elements)) => {
            for (key, p) in planned_elements {
                if let Some(n) = new_elements.get(key) {
                    let mut at = path.clone();
                    at.push(PathStep::Key(key.clone()));
                    check_promises(p, n, &at, out);
                }
            }
        }
        _ => {}
    }
}

/// How the known or null `value` breaks `promised`, if it does.
fn broken_promise(promised: &Refinements, value: &Value) -> Option<String> {
    if value.is_null() {
        return promised.is_not_null().then(|| "is null".to_owned());
    }
    if let (Some(prefix), Some(s)) = (promised.string_prefix(), value.as_str()) {
        if !crate::text::nfc(s).starts_with(prefix) {
            return Some(format!("does not start with {prefix:?}: {s:?}"));
        }
    }
    if let Some(n) = value.as_number() {
        if let Some((bound, inclusive)) = promised.number_lower_bound() {
            let order = n.cmp(bound);
            if order == Ordering::Less || (!inclusive && order == Ordering::Equal) {
                return Some(format!("is {n}"));
            }
        }
        if let Some((bound, inclusive)) = promised.number_upper_bound() {
            let order = n.cmp(bound);
            if order == Ordering::Greater || (!inclusive && order == Ordering::Equal) {
                return Some(format!("is {n}"));
            }
        }
    }
    let length = match value {
        Value::List(_, e) | Value::Set(_, e) => Some(e.len()),
        Value::Map(_, e) => Some(e.len()),
        _ => None,
    };
    if let Some(len) = length.and_then(|l| u64::try_from(l).ok()) {
        let below = promised.length_lower_bound().is_some_and(|min| len < min);
        let above = promised.length_upper_bound().is_some_and(|max| len > max);
        if below || above {
            return Some(format!("has {len} elements"));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::AttributeRules;
    use crate::types::Type;

    fn object(pairs: Vec<(&str, Value)>) -> Value {
        Value::object(pairs)
    }

    fn rules() -> Rules {
        Rules::new().attribute(
            AttributeRules::new("arn")
                .refine(Refinement::NotNull)
                .refine(Refinement::Prefix("arn:aws:")),
        )
    }

    #[test]
    fn a_planned_unknown_gets_the_declared_refinements_merged() {
        let held = Refinements::new().with_string_prefix("arn:");
        let mut planned = object(vec![("arn", Value::Unknown(Type::String, held))]);
        let config = object(vec![("arn", Value::Null(Type::String))]);
        apply_refinements(
            &rules(),
            Some(&config),
            &mut planned,
            &AttributePath::root(),
        )
        .expect("refined");
        let r = planned
            .attr("arn")
            .and_then(Value::refinements)
            .expect("refined");
        assert!(r.is_not_null());
        assert_eq!(r.string_prefix(), Some("arn:aws:"));
        // The wire form: ext 12 with nullness false and the prefix.
        let mut wire = Vec::new();
        r.write_unknown(&mut wire);
        assert_eq!(
            wire, b"\xc7\x0d\x0c\x82\x01\xc2\x02\xa8arn:aws:",
            "fixext 12 of 13 bytes: nullness false, prefix"
        );
    }

    #[test]
    fn an_unknown_from_the_configuration_is_left_alone() {
        let mut planned = object(vec![("arn", Value::unknown(Type::String))]);
        let config = planned.clone();
        apply_refinements(
            &rules(),
            Some(&config),
            &mut planned,
            &AttributePath::root(),
        )
        .expect("nothing to do");
        assert_eq!(planned, config);
    }

    #[test]
    fn contradicting_prefixes_are_a_finding_at_the_attribute() {
        let held = Refinements::new().with_string_prefix("urn:");
        let mut planned = object(vec![("arn", Value::Unknown(Type::String, held))]);
        let e = apply_refinements(&rules(), None, &mut planned, &AttributePath::root())
            .expect_err("no string has both prefixes");
        assert_eq!(e.path.to_string(), ".arn");
        assert!(e.detail.contains("\"urn:\""), "{}", e.detail);
    }

    #[test]
    fn merging_keeps_the_narrower_bounds() {
        let a = Refinements::new()
            .with_number_lower_bound(Number::from(1), true)
            .and_then(|r| r.with_length_upper_bound(9))
            .expect("bounds");
        let b = Refinement::GreaterThan(Number::from(1))
            .add_to(Refinements::new())
            .and_then(|r| r.with_number_upper_bound(Number::from(5), true))
            .expect("bounds");
        let m = merge(&a, &b).expect("compatible");
        assert_eq!(m.number_lower_bound(), Some((&Number::from(1), false)));
        assert_eq!(m.number_upper_bound(), Some((&Number::from(5), true)));
        assert_eq!(m.length_upper_bound(), Some(9));
        let crossing = Refinement::AtMost(Number::from(0)).add_to(m);
        assert!(crossing.is_err());
    }

    #[test]
    fn each_broken_promise_is_found() {
        let promised = Refinements::new().not_null().with_string_prefix("id-");
        let planned = object(vec![("a", Value::Unknown(Type::String, promised))]);
        let path = AttributePath::root();
        let mut out = Vec::new();
        check_promises(
            &planned,
            &object(vec![("a", Value::from("id-7"))]),
            &path,
            &mut out,
        );
        assert!(out.is_empty());
        for (new, why) in [
            (Value::Null(Type::String), "is null"),
            (Value::from("x-7"), "does not start with"),
        ] {
            let mut out = Vec::new();
            check_promises(&planned, &object(vec![("a", new)]), &path, &mut out);
            assert_eq!(out.len(), 1);
            assert_eq!(out[0].path.to_string(), ".a");
            assert!(out[0].detail.contains(why), "{}", out[0].detail);
        }
        let bounded = Refinement::LessThan(Number::from(3))
            .add_to(Refinements::new())
            .expect("a bound");
        let planned = object(vec![("n", Value::Unknown(Type::Number, bounded))]);
        let mut out = Vec::new();
        let new = object(vec![("n", Value::Number(Number::from(3)))]);
        check_promises(&planned, &new, &path, &mut out);
        assert_eq!(out.len(), 1, "3 is not below 3");
        let sized = Refinement::Length {
            min: Some(1),
            max: None,
        }
        .add_to(Refinements::new())
        .expect("a bound");
        let list = Type::List(std::sync::Arc::new(Type::String));
        let planned = object(vec![("l", Value::Unknown(list.clone(), sized))]);
        let mut out = Vec::new();
        let new = object(vec![("l", Value::List(Type::String, Vec::new()))]);
        check_promises(&planned, &new, &path, &mut out);
        assert!(
            out[0].detail.contains("has 0 elements"),
            "{}",
            out[0].detail
        );
    }
}

#[cfg(test)]
mod nested_tests {
    use super::*;
    use crate::rules::AttributeRules;
    use crate::types::Type;

    fn inner() -> &'static Rules {
        static RULES: std::sync::OnceLock<Rules> = std::sync::OnceLock::new();
        RULES.get_or_init(|| {
            Rules::new().attribute(AttributeRules::new("id").refine(Refinement::NotNull))
        })
    }

    #[test]
    fn list_elements_are_refined_at_their_paths() {
        let rules = Rules::new().attribute(AttributeRules::new("disks").nested_rules(inner));
        let element = || Value::object([("id", Value::unknown(Type::String))]);
        let elements = vec![element(), element()];
        let ty = elements[0].ty();
        let mut planned = Value::object([("disks", Value::List(ty.clone(), elements))]);
        let config_element = Value::object([("id", Value::Null(Type::String))]);
        let config = Value::object([(
            "disks",
            Value::List(ty, vec![config_element.clone(), config_element]),
        )]);
        apply_refinements(&rules, Some(&config), &mut planned, &AttributePath::root())
            .expect("refined");
        for i in 0..2 {
            let at = AttributePath::root().attr("disks").index(i).attr("id");
            let r = planned.get(&at).and_then(Value::refinements);
            assert!(r.is_some_and(Refinements::is_not_null), "{at}");
        }
        // The applied state breaks the promise in the second element only.
        let mut new = planned.clone();
        let id = |s: Value| Value::object([("id", s)]);
        let ty = id(Value::from("a")).ty();
        *new.attr_mut("disks").unwrap() = Value::List(
            ty,
            vec![id(Value::from("a")), id(Value::Null(Type::String))],
        );
        let mut out = Vec::new();
        check_promises(&planned, &new, &AttributePath::root(), &mut out);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].path.to_string(), ".disks[1].id");
    }
}
