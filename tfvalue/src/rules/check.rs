//! Running the declared validators over a configuration value: every finding, with the
//! attribute path it concerns, in Terraform's words.

use std::fmt::Write as _;

use super::validator::{ObjectRule, Validator};
use super::Rules;
use crate::number::Number;
use crate::path::{AttributePath, PathStep};
use crate::value::Value;

#[cfg(test)]
#[path = "messages_tests.rs"]
mod messages_tests;

/// A validation error: where, and what is wrong, as Terraform's diagnostics say it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The attribute concerned (the object itself for a combination of attributes).
    pub path: AttributePath,
    /// The diagnostic's summary ("Invalid Attribute Value").
    pub summary: String,
    /// The diagnostic's detail.
    pub detail: String,
}

/// Checks `object` (a value of the model whose rules are `rules`, at `path`) and its nested
/// objects, appending a finding per failed check. Null and unknown values are not checked.
pub fn check_object(rules: &Rules, object: &Value, path: &AttributePath, out: &mut Vec<Finding>) {
    if !matches!(object, Value::Object(..)) {
        return;
    }
    for rule in rules.object_rules() {
        check_combination(rule, object, path, out);
    }
    for attribute in rules.attributes() {
        let Some(value) = object.attr(attribute.name()) else {
            continue;
        };
        let mut at = path.clone();
        at.push(PathStep::Attr(attribute.name().to_owned()));
        if value.is_null() || value.is_unknown() {
            continue;
        }
        for validator in attribute.validators() {
            if let Some((summary, detail)) = check_value(validator, value, object, &at, false) {
                out.push(Finding {
                    path: at.clone(),
                    summary,
                    detail,
                });
            }
        }
        if let Some(semantics) = attribute.semantics() {
            // The custom type's own validation, at each of its values inside this one.
            crate::semantics::validate_all(semantics, value, &mut |steps, invalid| {
                let mut path = at.clone();
                for step in steps {
                    path.push(step);
                }
                let (summary, detail) = match invalid.summary() {
                    Some(summary) => (summary.to_owned(), invalid.detail().to_owned()),
                    None => (
                        INVALID.to_owned(),
                        format!("Attribute {} {}", go_path(&path), invalid.detail()),
                    ),
                };
                out.push(Finding {
                    path,
                    summary,
                    detail,
                });
            });
        }
        if let Some(nested) = attribute.nested() {
            each_object(value, &at, &mut |element, element_path| {
                check_object(nested, element, element_path, out);
            });
        }
    }
}

/// Calls `f` on the object `value` is, or on each object element of it.
fn each_object(value: &Value, path: &AttributePath, f: &mut dyn FnMut(&Value, &AttributePath)) {
    match value {
        Value::Object(..) => f(value, path),
        Value::List(_, elements) | Value::Set(_, elements) | Value::Tuple(elements) => {
            for (i, element) in elements.iter().enumerate() {
                let mut at = path.clone();
                at.push(PathStep::Index(i64::try_from(i).unwrap_or(i64::MAX)));
                if !element.is_null() && !element.is_unknown() {
                    f(element, &at);
                }
            }
        }
        Value::Map(_, elements) => {
            for (key, element) in elements {
                let mut at = path.clone();
                at.push(PathStep::Key(key.clone()));
                if !element.is_null() && !element.is_unknown() {
                    f(element, &at);
                }
            }
        }
        _ => {}
    }
}

/// The path as Terraform's Go framework prints it in messages: `length`, `disk[0].size`.
pub(super) fn go_path(path: &AttributePath) -> String {
    let text = path.to_string();
    text.strip_prefix('.').map(str::to_owned).unwrap_or(text)
}

const INVALID: &str = "Invalid Attribute Value";
const INVALID_LENGTH: &str = "Invalid Attribute Value Length";
const INVALID_MATCH: &str = "Invalid Attribute Value Match";
const INVALID_COMBINATION: &str = "Invalid Attribute Combination";
const MISSING: &str = "Missing Attribute Configuration";

/// A value as the Go framework prints one after "got:": strings quoted, numbers plain.
fn shown(value: &Value) -> String {
    match value {
        Value::String(s) => format!("{s:?}"),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        other => crate::value::Readable(other).to_string(),
    }
}

/// `between 1 and 3`, `at least 1`, `at most 3`.
fn bounds(min: Option<u64>, max: Option<u64>) -> String {
    match (min, max) {
        (Some(a), Some(b)) => format!("between {a} and {b}"),
        (Some(a), None) => format!("at least {a}"),
        (None, Some(b)) => format!("at most {b}"),
        (None, None) => "any".to_owned(),
    }
}

fn outside(n: u64, min: Option<u64>, max: Option<u64>) -> bool {
    min.is_some_and(|m| n < m) || max.is_some_and(|m| n > m)
}

/// A number as the Go validators print it: an int64validator's plainly, a
/// float64validator's (`decimal`) with six decimals ("%f").
fn number_text(n: &Number, decimal: bool) -> String {
    match (decimal, n.to_f64()) {
        (true, Ok(f)) => format!("{f:.6}"),
        _ => n.to_string(),
    }
}

fn check_value(
    validator: &Validator,
    value: &Value,
    object: &Value,
    path: &AttributePath,
    decimal: bool,
) -> Option<(String, String)> {
    let name = go_path(path);
    let num = |n: &Number| number_text(n, decimal);
    let invalid = |summary: &str, what: String, got: String| {
        Some((
            summary.to_owned(),
            format!("Attribute {name} {what}, got: {got}"),
        ))
    };
    match validator {
        Validator::Length { min, max } => {
            let text = value.as_str()?;
            let n = u64::try_from(text.chars().count()).unwrap_or(u64::MAX);
            if outside(n, *min, *max) {
                return invalid(
                    INVALID_LENGTH,
                    format!("string length must be {}", bounds(*min, *max)),
                    n.to_string(),
                );
            }
            None
        }
        Validator::Size { min, max } => {
            let (kind, n) = match value {
                Value::List(_, e) => ("list", e.len()),
                Value::Set(_, e) => ("set", e.len()),
                Value::Tuple(e) => ("list", e.len()),
                Value::Map(_, e) => ("map", e.len()),
                _ => return None,
            };
            let n = u64::try_from(n).unwrap_or(u64::MAX);
            if outside(n, *min, *max) {
                let what = match (min, max) {
                    (Some(a), Some(b)) => {
                        format!(
                            "{kind} must contain at least {a} elements and at most {b} elements"
                        )
                    }
                    (Some(a), None) => format!("{kind} must contain at least {a} elements"),
                    (None, Some(b)) => format!("{kind} must contain at most {b} elements"),
                    (None, None) => return None,
                };
                return invalid(INVALID, what, n.to_string());
            }
            None
        }
        Validator::AtLeast(bound) => {
            let n = value.as_number()?;
            if n >= bound {
                return None;
            }
            invalid(
                INVALID,
                format!("value must be at least {}", num(bound)),
                num(n),
            )
        }
        Validator::AtMost(bound) => {
            let n = value.as_number()?;
            if n <= bound {
                return None;
            }
            invalid(
                INVALID,
                format!("value must be at most {}", num(bound)),
                num(n),
            )
        }
        Validator::Between(lo, hi) => {
            let n = value.as_number()?;
            if n >= lo && n <= hi {
                return None;
            }
            invalid(
                INVALID,
                format!("value must be between {} and {}", num(lo), num(hi)),
                num(n),
            )
        }
        Validator::OneOf(values) => {
            if values.iter().any(|v| v == value) {
                return None;
            }
            // stringvalidator prints its strings quoted ("%s" of values whose String() quotes);
            // int64validator and float64validator quote their numbers ("%q").
            let mut list = String::from("[");
            for (i, v) in values.iter().enumerate() {
                if i > 0 {
                    list.push(' ');
                }
                match v {
                    Value::String(_) => list.push_str(&shown(v)),
                    Value::Number(n) => {
                        let _ = write!(list, "{:?}", num(n));
                    }
                    _ => {
                        let _ = write!(list, "{:?}", shown(v));
                    }
                }
            }
            list.push(']');
            let got = match value {
                Value::Number(n) => num(n),
                _ => shown(value),
            };
            invalid(INVALID_MATCH, format!("value must be one of: {list}"), got)
        }
        Validator::Regex(pattern) => {
            let text = value.as_str()?;
            match pattern.matches(text) {
                Ok(true) => None,
                // RegexMatches prints the value as it is, unquoted.
                Ok(false) => invalid(INVALID_MATCH, pattern.describe(), text.to_owned()),
                Err(reason) => Some((INVALID_MATCH.to_owned(), reason)),
            }
        }
        Validator::AtLeastSumOf(names) => {
            let n = value.as_number()?;
            let mut sum = Number::from(0_i64);
            for sibling in names {
                match object.attr(sibling) {
                    Some(v) if v.is_unknown() => return None,
                    Some(Value::Number(x)) => sum = add(&sum, x)?,
                    _ => {}
                }
            }
            if n >= &sum {
                return None;
            }
            invalid(
                INVALID,
                format!("value must be at least sum of {}", names.join(" + ")),
                n.to_string(),
            )
        }
        Validator::AtLeastOneTrue(names) => {
            if value.as_bool()? {
                return None;
            }
            for sibling in names {
                match object.attr(sibling) {
                    Some(v) if v.is_unknown() || v.is_null() => return None,
                    Some(v) if v.as_bool() == Some(true) => return None,
                    _ => {}
                }
            }
            let own = path.steps().last().map(ToString::to_string);
            let own = own.as_deref().map_or("", |s| s.trim_start_matches('.'));
            let mut all: Vec<&str> = names.to_vec();
            all.push(own);
            Some((
                INVALID_COMBINATION.to_owned(),
                format!(
                    "At least one attribute out of [{}] must be specified as true",
                    all.join(",")
                ),
            ))
        }
        Validator::Decimal(inner) => check_value(inner, value, object, path, true),
        Validator::Custom(check) => match check(value) {
            Ok(()) => None,
            Err(invalid) => Some(match invalid.summary() {
                Some(summary) => (summary.to_owned(), invalid.detail().to_owned()),
                None => (
                    INVALID.to_owned(),
                    format!("Attribute {name} {}", invalid.detail()),
                ),
            }),
        },
    }
}

/// The sum of two numbers, exact for the integers and decimals validation meets; `None`
/// (the check skipped) when the sum cannot be formed.
fn add(a: &Number, b: &Number) -> Option<Number> {
    match (a.as_i64(), b.as_i64()) {
        (Some(x), Some(y)) => Some(Number::from(i128::from(x) + i128::from(y))),
        _ => Number::from_f64(a.to_f64().ok()? + b.to_f64().ok()?).ok(),
    }
}

fn check_combination(
    rule: &ObjectRule,
    object: &Value,
    path: &AttributePath,
    out: &mut Vec<Finding>,
) {
    let names = match rule {
        ObjectRule::ExactlyOneOfAt { at, with } => {
            exactly_one_of_at(at, with, object, path, out);
            return;
        }
        ObjectRule::ConflictsWithAt { at, with } => {
            others_at(at, with, Others::Conflict, object, path, out);
            return;
        }
        ObjectRule::AlsoRequiresAt { at, with } => {
            others_at(at, with, Others::Required, object, path, out);
            return;
        }
        ObjectRule::AtLeastOneOfAt { at, with } => {
            at_least_one_of_at(at, with, object, path, out);
            return;
        }
        ObjectRule::ConflictsWith(n)
        | ObjectRule::ExactlyOneOf(n)
        | ObjectRule::AtLeastOneOf(n)
        | ObjectRule::RequiredWith(n) => n,
        ObjectRule::Custom(check) => {
            if let Err(e) = check(object) {
                let mut at = path.clone();
                for step in e.path().into_steps() {
                    at.push(step);
                }
                out.push(Finding {
                    path: at,
                    summary: INVALID.to_owned(),
                    detail: e.message().to_owned(),
                });
            }
            return;
        }
    };
    // The object's configuration validators (resourcevalidator and its kin, in
    // internal/configvalidator): a combination is told at the first configured attribute
    // named, a missing one at the object.
    let found: Vec<(&str, &Value)> = names
        .iter()
        .filter_map(|n| object.attr(n).map(|v| (*n, v)))
        .collect();
    let unknown = found.iter().any(|(_, v)| v.is_unknown());
    let configured: Vec<&str> = found
        .iter()
        .filter(|(_, v)| !v.is_null() && !v.is_unknown())
        .map(|(n, _)| *n)
        .collect();
    let list = format!("[{}]", names.join(","));
    let mut first_configured = |detail: String| {
        let mut at = path.clone();
        if let Some(first) = configured.first() {
            at.push(PathStep::Attr((*first).to_owned()));
        }
        out.push(Finding {
            path: at,
            summary: INVALID_COMBINATION.to_owned(),
            detail,
        });
    };
    let missing = |detail: String| Finding {
        path: path.clone(),
        summary: MISSING.to_owned(),
        detail,
    };
    match rule {
        ObjectRule::ConflictsWith(_) if configured.len() > 1 => {
            first_configured(format!(
                "These attributes cannot be configured together: {list}"
            ));
        }
        ObjectRule::ExactlyOneOf(_) => {
            let detail = format!("Exactly one of these attributes must be configured: {list}");
            if configured.len() > 1 {
                first_configured(detail.clone());
            }
            if !unknown && configured.is_empty() {
                out.push(missing(detail));
            }
        }
        ObjectRule::AtLeastOneOf(_) if !unknown && configured.is_empty() => {
            out.push(missing(format!(
                "At least one of these attributes must be configured: {list}"
            )));
        }
        ObjectRule::RequiredWith(_)
            if !unknown && !configured.is_empty() && configured.len() != found.len() =>
        {
            first_configured(format!(
                "These attributes must be configured together: {list}"
            ));
        }
        _ => {}
    }
}

/// What `at` being configured says of the other attributes.
#[derive(Clone, Copy)]
enum Others {
    /// They must be null (schemavalidator's ConflictsWith).
    Conflict,
    /// They must be configured (schemavalidator's AlsoRequires).
    Required,
}

/// `ConflictsWithAt` and `AlsoRequiresAt`: when `at` is configured and known, one error at
/// `at` for each of `with` configured (or left null), in the order named; an unknown one
/// ends the check, as the Go validators return there.
fn others_at(
    at: &str,
    with: &[&'static str],
    others: Others,
    object: &Value,
    path: &AttributePath,
    out: &mut Vec<Finding>,
) {
    match object.attr(at) {
        Some(v) if !v.is_null() && !v.is_unknown() => {}
        _ => return,
    }
    let mut at_path = path.clone();
    at_path.push(PathStep::Attr(at.to_owned()));
    let own = go_path(&at_path);
    for other in with.iter().filter(|n| **n != at) {
        let Some(value) = object.attr(other) else {
            continue;
        };
        if value.is_unknown() {
            return;
        }
        let mut other_path = path.clone();
        other_path.push(PathStep::Attr((*other).to_owned()));
        let other = go_path(&other_path);
        let detail = match others {
            Others::Conflict if !value.is_null() => {
                format!("Attribute {other:?} cannot be specified when {own:?} is specified")
            }
            Others::Required if value.is_null() => {
                format!("Attribute {other:?} must be specified when {own:?} is specified")
            }
            _ => continue,
        };
        out.push(Finding {
            path: at_path.clone(),
            summary: INVALID_COMBINATION.to_owned(),
            detail,
        });
    }
}

/// `AtLeastOneOfAt`: when `at` is null and each of `with` is too, one error at `at` listing
/// `with` and then `at` (once, should `with` name it); an unknown value makes it wait.
fn at_least_one_of_at(
    at: &str,
    with: &[&'static str],
    object: &Value,
    path: &AttributePath,
    out: &mut Vec<Finding>,
) {
    if !object.attr(at).is_some_and(Value::is_null) {
        return;
    }
    let values: Vec<&Value> = with.iter().filter_map(|n| object.attr(n)).collect();
    if values.iter().any(|v| !v.is_null()) {
        return;
    }
    let mut listed: Vec<&str> = with.to_vec();
    if !listed.contains(&at) {
        listed.push(at);
    }
    let mut at_path = path.clone();
    at_path.push(PathStep::Attr(at.to_owned()));
    out.push(Finding {
        path: at_path,
        summary: INVALID_COMBINATION.to_owned(),
        detail: format!(
            "At least one attribute out of [{}] must be specified",
            listed.join(",")
        ),
    });
}

/// `ExactlyOneOfAt`: counts `at` and each of `with` that is configured (`at` once, should
/// `with` name it too), and tells a count other than one at `at`.
fn exactly_one_of_at(
    at: &str,
    with: &[&'static str],
    object: &Value,
    path: &AttributePath,
    out: &mut Vec<Finding>,
) {
    let mut named = vec![at];
    named.extend(with.iter().filter(|n| **n != at));
    let values: Vec<&Value> = named.iter().filter_map(|n| object.attr(n)).collect();
    if values.iter().any(|v| v.is_unknown()) {
        return;
    }
    let set = values.iter().filter(|v| !v.is_null()).count();
    let list = format!("[{}]", with.join(","));
    let detail = match set {
        1 => return,
        0 => format!("No attribute specified when one (and only one) of {list} is required"),
        n => format!("{n} attributes specified when one (and only one) of {list} is required"),
    };
    let mut at_path = path.clone();
    at_path.push(PathStep::Attr(at.to_owned()));
    out.push(Finding {
        path: at_path,
        summary: INVALID_COMBINATION.to_owned(),
        detail,
    });
}
