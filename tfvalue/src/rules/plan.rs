//! The declared rules of a model applied to a plan, on values, the way
//! terraform-plugin-framework applies a Go schema's defaults and plan modifiers:
//!
//! 1. [`apply_defaults`]: where the configuration leaves an attribute with a default null,
//!    the plan holds the default (before Terraform's "known after apply" marking, which
//!    then leaves it alone, and again after it);
//! 2. [`apply_modifiers`], on an update: `use_state_for_unknown` (a null prior value too)
//!    and `use_non_null_state_for_unknown` keep the prior value of an attribute the plan
//!    would make unknown, and `requires_replace(_if)` adds the path of a changed attribute
//!    to the paths that replace the object.
//!
//! Nested attributes and blocks are followed into their objects. An element of a list,
//! set or map is compared with the prior element it continues: the one with the same
//! declared element key ([`Rules::element_keys`]), or else in a list the one at its
//! position and in a map the one at its key; set elements without a key continue none.
//! Defaults apply in every element, each reading the configuration of the same element
//! (by key when declared, else by position).

use std::collections::HashMap;

use super::check::{go_path, Finding};
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
            let keys = nested.element_keys();
            each_pair(
                value,
                config_value,
                keys,
                &at,
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

/// Applies the plan modifiers to `planned` against `prior` (an update: both objects of the
/// model), adding the paths of changes that replace the object to `replace`:
/// `use_state_for_unknown` and `use_non_null_state_for_unknown` keep the prior value where
/// the plan is unknown and the configuration is not, and `requires_replace(_if)` compares
/// the planned value with the prior one.
///
/// Nested objects are compared with the prior object they continue. An element of a list,
/// set or map whose type declares an element key (`#[tf(element_key)]`,
/// [`Rules::element_keys`]) continues the prior element whose key attributes hold equal
/// values, wherever either lies; without a key, a list element continues the prior one at
/// its position and a map element the one at its key, and set elements continue none. An
/// element that continues none (new, or with an unknown key) keeps nothing and replaces
/// nothing.
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
        let keeps = attribute.keeps_state_for_unknown()
            || (attribute.keeps_non_null_state_for_unknown() && !prior_value.is_null());
        if keeps && value.is_unknown() && !config_value.is_some_and(Value::is_unknown) {
            *value = prior_value.clone();
        }
        if value != prior_value {
            let replaces = match attribute.replacement() {
                Replace::Never => false,
                Replace::Always => true,
                Replace::If(decide) => {
                    decide(prior_value, value).map_err(|invalid| match invalid.summary() {
                        Some(summary) => Finding {
                            path: at.clone(),
                            summary: summary.to_owned(),
                            detail: invalid.detail().to_owned(),
                        },
                        None => Finding {
                            path: at.clone(),
                            summary: "Invalid Attribute Value".to_owned(),
                            detail: format!("Attribute {} {}", go_path(&at), invalid.detail()),
                        },
                    })?
                }
            };
            if replaces {
                replace.push(at.clone());
            }
        }
        if let Some(nested) = attribute.nested() {
            each_continued(
                nested,
                value,
                config_value,
                prior_value,
                &at,
                &mut |element, config, prior_element, element_at| {
                    apply_modifiers(nested, config, prior_element, element, element_at, replace)
                },
            )?;
        }
    }
    Ok(())
}

/// One value of an element key: key attributes are of primitive types.
#[derive(PartialEq, Eq, Hash)]
enum KeyPart<'v> {
    Null,
    Bool(bool),
    Number(&'v crate::Number),
    String(&'v str),
}

/// The values of an element's key attributes, when it is an object whose key is wholly
/// known.
fn element_key<'v>(keys: &[&str], element: &'v Value) -> Option<Vec<KeyPart<'v>>> {
    if !matches!(element, Value::Object(..)) {
        return None;
    }
    keys.iter()
        .map(|name| match element.attr(name)? {
            Value::Null(_) => Some(KeyPart::Null),
            Value::Bool(b) => Some(KeyPart::Bool(*b)),
            Value::Number(n) => Some(KeyPart::Number(n)),
            Value::String(s) => Some(KeyPart::String(s)),
            _ => None,
        })
        .collect()
}

/// The elements of one collection by their key, built once so that matching the elements
/// of a large set takes one lookup each: the one element holding each key, or none where
/// two do (such a key continues nothing).
struct ByKey<'v> {
    elements: Vec<&'v Value>,
    index: HashMap<Vec<KeyPart<'v>>, Option<usize>>,
}

impl<'v> ByKey<'v> {
    fn new(keys: &[&str], elements: impl IntoIterator<Item = &'v Value>) -> Self {
        let mut index = HashMap::new();
        if keys.is_empty() {
            return ByKey {
                elements: Vec::new(),
                index,
            };
        }
        let elements: Vec<&'v Value> = elements.into_iter().collect();
        for (i, element) in elements.iter().enumerate() {
            if let Some(key) = element_key(keys, element) {
                index
                    .entry(key)
                    .and_modify(|found| *found = None)
                    .or_insert(Some(i));
            }
        }
        ByKey { elements, index }
    }

    /// The one element whose key is `key`.
    fn get(&self, key: Option<&[KeyPart<'_>]>) -> Option<&'v Value> {
        let i = (*self.index.get(key?)?)?;
        self.elements.get(i).copied()
    }
}

/// The function [`each_continued`] calls: an object, its configuration, the prior object
/// it continues and its path.
type Continued<'f> =
    dyn FnMut(&mut Value, Option<&Value>, &Value, &AttributePath) -> Result<(), Finding> + 'f;

/// Calls `f` on the object `value` is, or on each of its object elements that continues a
/// prior element (see [`apply_modifiers`]), with the configuration of the same element
/// (by key, or by position in a list as long as the configuration's, or by map key), the
/// prior element and the element's path. A set's elements are made canonical again after,
/// since elements that took prior values may have become equal.
fn each_continued(
    rules: &Rules,
    value: &mut Value,
    config: Option<&Value>,
    prior: &Value,
    path: &AttributePath,
    f: &mut Continued<'_>,
) -> Result<(), Finding> {
    let keys = rules.element_keys();
    let keyed = !keys.is_empty();
    let is_set = matches!(value, Value::Set(..));
    match value {
        Value::Object(..) => f(value, config, prior, path),
        Value::List(_, elements) | Value::Set(_, elements) | Value::Tuple(elements) => {
            if !keyed && is_set {
                return Ok(());
            }
            let prior_elements = prior.as_elements().unwrap_or_default();
            let configured = config.and_then(Value::as_elements);
            let aligned = configured.filter(|c| c.len() == elements.len());
            let (config_by_key, prior_by_key) = if keyed {
                (
                    ByKey::new(keys, configured.unwrap_or_default()),
                    ByKey::new(keys, prior_elements),
                )
            } else {
                (ByKey::new(keys, []), ByKey::new(keys, []))
            };
            let mut result = Ok(());
            for (i, element) in elements.iter_mut().enumerate() {
                let (config_element, prior_element) = if keyed {
                    let key = element_key(keys, element);
                    (
                        config_by_key.get(key.as_deref()),
                        prior_by_key.get(key.as_deref()),
                    )
                } else {
                    (aligned.and_then(|c| c.get(i)), prior_elements.get(i))
                };
                let Some(prior_element) = prior_element else {
                    continue;
                };
                let index = i64::try_from(i).unwrap_or(i64::MAX);
                result = f(
                    element,
                    config_element,
                    prior_element,
                    &path.clone().index(index),
                );
                if result.is_err() {
                    break;
                }
            }
            if let Value::Set(ty, elements) = value {
                crate::value::canonical_set(elements, ty);
            }
            result
        }
        Value::Map(_, elements) => {
            let prior_elements = prior.as_map();
            let configured = config.and_then(Value::as_map);
            let (config_by_key, prior_by_key) = if keyed {
                (
                    ByKey::new(keys, configured.into_iter().flat_map(|c| c.values())),
                    ByKey::new(keys, prior_elements.into_iter().flat_map(|p| p.values())),
                )
            } else {
                (ByKey::new(keys, []), ByKey::new(keys, []))
            };
            for (name, element) in elements.iter_mut() {
                let (config_element, prior_element) = if keyed {
                    let key = element_key(keys, element);
                    (
                        config_by_key.get(key.as_deref()),
                        prior_by_key.get(key.as_deref()),
                    )
                } else {
                    (
                        configured.and_then(|c| c.get(name)),
                        prior_elements.and_then(|p| p.get(name)),
                    )
                };
                if let Some(prior_element) = prior_element {
                    f(
                        element,
                        config_element,
                        prior_element,
                        &path.clone().key(name.clone()),
                    )?;
                }
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// Calls `f` on the object `value` is, or on each of its object elements, with the
/// configuration of the same element (by the element key `keys` when declared and known,
/// else by position in lists and sets when the configuration has as many elements, by key
/// in maps) and the element's path.
fn each_pair(
    value: &mut Value,
    config: Option<&Value>,
    keys: &[&str],
    path: &AttributePath,
    f: &mut dyn FnMut(&mut Value, Option<&Value>, &AttributePath),
) {
    match value {
        Value::Object(..) => f(value, config, path),
        Value::List(_, elements) | Value::Set(_, elements) | Value::Tuple(elements) => {
            let configured = config.and_then(Value::as_elements);
            let aligned = configured.filter(|c| c.len() == elements.len());
            let by_key = ByKey::new(keys, configured.unwrap_or_default());
            for (i, element) in elements.iter_mut().enumerate() {
                let index = i64::try_from(i).unwrap_or(i64::MAX);
                let mut at = path.clone();
                at.push(PathStep::Index(index));
                let config_element = if keys.is_empty() {
                    aligned.and_then(|c| c.get(i))
                } else {
                    let key = element_key(keys, element);
                    by_key
                        .get(key.as_deref())
                        .or_else(|| aligned.and_then(|c| c.get(i)))
                };
                f(element, config_element, &at);
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
