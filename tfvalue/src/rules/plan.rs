//! The declared rules of a model applied to a plan, on values, the way
//! terraform-plugin-framework applies a Go schema's defaults and plan modifiers:
//!
//! 1. [`apply_defaults`]: where the configuration leaves an attribute with a default null,
//!    the plan holds the default (before Terraform's "known after apply" marking, which
//!    then leaves it alone, and again after it);
//! 2. [`apply_modifiers`]: `use_state_for_unknown` keeps the prior value of an attribute
//!    the plan would make unknown, and `requires_replace(_if)` adds the path of a changed
//!    attribute to the paths that replace the object.
//!
//! Nested attributes and blocks are followed into their objects: list elements by
//! position, map elements by key. Set elements have no position Terraform can name, so
//! modifiers inside sets compare nothing (defaults still apply, element by element).

use super::check::Finding;
use super::{Replace, Rules};
use crate::path::{AttributePath, PathStep};
use crate::value::Value;

/// Plans the default of every attribute of `planned` (an object of the model whose rules
/// are `rules`) that has one and whose configuration is null, at every depth.
pub fn apply_defaults(
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
        if let Some(made) = attribute.make_default() {
            if config_value.is_none_or(Value::is_null) {
                *value = made.map_err(|e| Finding {
                    path: at.clone(),
                    summary: "Invalid default value".to_owned(),
                    detail: format!(
                        "The provider's default for this attribute is not a value of its \
                         type: {e}. This is a bug in the provider."
                    ),
                })?;
                continue;
            }
        }
        if let Some(nested) = attribute.nested() {
            let mut result = Ok(());
            each_pair(
                value,
                config_value,
                &at,
                true,
                &mut |element, config, at| {
                    if result.is_ok() {
                        result = apply_defaults(nested, config, element, at);
                    }
                },
            );
            result?;
        }
    }
    Ok(())
}

/// Applies `use_state_for_unknown` and `requires_replace(_if)` to `planned` against
/// `prior` (an update: both objects of the model), adding the paths of changes that
/// replace the object to `replace`.
pub fn apply_modifiers(
    rules: &Rules,
    config: Option<&Value>,
    prior: &Value,
    planned: &mut Value,
    path: &AttributePath,
    replace: &mut Vec<AttributePath>,
) -> Result<(), Finding> {
    if !matches!(planned, Value::Object(..)) || !matches!(prior, Value::Object(..)) {
        return Ok(());
    }
    for attribute in rules.attributes() {
        let name = attribute.name();
        let config_value = config.and_then(|c| c.attr(name));
        let (Some(value), Some(prior_value)) = (planned.attr_mut(name), prior.attr(name)) else {
            continue;
        };
        let at = path.clone().attr(name);
        if attribute.keeps_state_for_unknown()
            && value.is_unknown()
            && !prior_value.is_null()
            && !config_value.is_some_and(Value::is_unknown)
        {
            *value = prior_value.clone();
        }
        if value != prior_value {
            let replaces = match attribute.replacement() {
                Replace::Never => false,
                Replace::Always => true,
                Replace::If(decide) => decide(prior_value, value).map_err(|e| Finding {
                    path: at.clone(),
                    summary: "Replacement check failed".to_owned(),
                    detail: format!(
                        "The provider could not decide whether this change replaces the \
                         object: {e}. This is a bug in the provider."
                    ),
                })?,
            };
            if replaces {
                replace.push(at.clone());
            }
        }
        if let Some(nested) = attribute.nested() {
            let mut result = Ok(());
            each_pair(
                value,
                config_value,
                &at,
                false,
                &mut |element, config, element_at| {
                    if result.is_err() {
                        return;
                    }
                    let Some(prior_element) = prior_value.get(&relative(&at, element_at)) else {
                        return;
                    };
                    result = apply_modifiers(
                        nested,
                        config,
                        prior_element,
                        element,
                        element_at,
                        replace,
                    );
                },
            );
            result?;
        }
    }
    Ok(())
}

/// The steps of `at` after those of `attribute`: where an element lies inside it.
fn relative(attribute: &AttributePath, at: &AttributePath) -> AttributePath {
    let skip = attribute.steps().len();
    AttributePath::from_steps(at.steps().iter().skip(skip).cloned().collect())
}

/// Calls `f` on the object `value` is, or on each of its object elements, with the
/// configuration at the same place (by position in lists, by key in maps; sets by
/// position when the configuration has as many elements, and only with `sets`) and the
/// element's path.
fn each_pair(
    value: &mut Value,
    config: Option<&Value>,
    path: &AttributePath,
    sets: bool,
    f: &mut dyn FnMut(&mut Value, Option<&Value>, &AttributePath),
) {
    match value {
        Value::Object(..) => f(value, config, path),
        Value::Set(..) if !sets => {}
        Value::List(_, elements) | Value::Set(_, elements) | Value::Tuple(elements) => {
            let configured = config.and_then(Value::as_elements);
            let aligned = configured.filter(|c| c.len() == elements.len());
            for (i, element) in elements.iter_mut().enumerate() {
                let index = i64::try_from(i).unwrap_or(i64::MAX);
                let mut at = path.clone();
                at.push(PathStep::Index(index));
                f(element, aligned.and_then(|c| c.get(i)), &at);
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
