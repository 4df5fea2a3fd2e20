//! Terraform's proposed new state: the `proposed_new_state` of `PlanResourceChange`, built
//! from the configuration and the prior state as Terraform builds it (its
//! `objchange.ProposedNew`).
//!
//! A configured value is proposed as configured, null included; a computed attribute the
//! configuration leaves null keeps its prior value (null on create). Nested blocks and
//! nested attributes are matched with their prior objects and merged by the same rule: a
//! single object with the prior one, a list by index, a map by key, a set element with the
//! prior element whose values are equal once every computed attribute is null on both
//! sides; an object with no prior counterpart is proposed as configured. A configuration
//! that is unknown as a whole (a `dynamic` block over an unknown `for_each`) is proposed
//! unknown. A null configuration proposes the prior state (null without one); a destroy
//! is proposed nothing from a configuration: its proposed new state is null.

use tfvalue::schema::{Attribute, AttributeKind, Block, BlockNesting, NestedBlock, ObjectNesting};
use tfvalue::Value;

/// The proposed new state of an object of `block` from `prior` (null on create) and
/// `config`.
pub(super) fn proposed_new(block: &Block, prior: &Value, config: &Value) -> Value {
    if config.is_null() && prior.is_null() {
        return prior.clone();
    }
    let members = Members::of_block(block);
    members.propose(known(prior), config)
}

/// `config` (an object of `block`) with every computed LIST, SET or MAP block that holds
/// no block made null, at every depth of blocks: what Terraform 1.16 sends the provider
/// (in the configuration, and so in the proposal) for a computed block the configuration
/// writes none of, so that the provider fills it in (its `PrepareComputedBlocks`).
pub(super) fn computed_blocks_as_null(block: &Block, config: &Value) -> Value {
    let mut config = config.clone();
    if block.contains_computed_blocks() {
        null_empty_computed(block, &mut config);
    }
    config
}

fn null_empty_computed(block: &Block, object: &mut Value) {
    for nested in &block.block_types {
        if !nested.block.computed && !nested.block.contains_computed_blocks() {
            continue;
        }
        let Some(value) = object.attr_mut(&nested.type_name) else {
            continue;
        };
        let one = matches!(nested.nesting, BlockNesting::Single | BlockNesting::Group);
        let empty = value.as_elements().is_some_and(<[Value]>::is_empty)
            || value.as_map().is_some_and(|m| m.is_empty())
            || matches!(value, Value::Object(ty, _) if !one && ty.names().is_empty());
        if nested.block.computed && !one && empty {
            *value = Value::null(value.ty());
            continue;
        }
        match value {
            Value::Object(..) if one => null_empty_computed(&nested.block, value),
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
                for item in items.iter_mut() {
                    null_empty_computed(&nested.block, item);
                }
            }
            Value::Map(_, items) => {
                for item in items.values_mut() {
                    null_empty_computed(&nested.block, item);
                }
            }
            Value::Object(_, items) => {
                for item in items.iter_mut() {
                    null_empty_computed(&nested.block, item);
                }
            }
            _ => {}
        }
    }
}

/// Whether `a` and `b` are the same value, as go-cty's `RawEquals` compares them: nulls
/// of any type are equal, unknowns are equal to unknowns (whatever their refinements), and
/// containers are equal element by element.
pub(super) fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Null(_), Value::Null(_)) | (Value::Unknown(..), Value::Unknown(..)) => true,
        (Value::Null(_) | Value::Unknown(..), _) | (_, Value::Null(_) | Value::Unknown(..)) => {
            false
        }
        (Value::Object(ta, va), Value::Object(tb, vb)) => {
            ta.names() == tb.names() && va.iter().zip(vb).all(|(a, b)| same(a, b))
        }
        (Value::List(_, a) | Value::Tuple(a), Value::List(_, b) | Value::Tuple(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(a, b)| same(a, b))
        }
        (Value::Set(_, a), Value::Set(_, b)) => {
            a.len() == b.len() && a.iter().all(|x| b.iter().any(|y| same(x, y)))
        }
        (Value::Map(_, a), Value::Map(_, b)) => {
            a.len() == b.len() && a.iter().all(|(k, x)| b.get(k).is_some_and(|y| same(x, y)))
        }
        _ => a == b,
    }
}

/// `v` when it is neither null nor unknown.
fn known(v: &Value) -> Option<&Value> {
    (!v.is_null() && !v.is_unknown()).then_some(v)
}

/// What an object holds: the attributes and block types of a block, or the attributes of a
/// nested attribute.
#[derive(Clone, Copy)]
struct Members<'s> {
    attributes: &'s [Attribute],
    blocks: &'s [NestedBlock],
}

/// How the objects of a block type or nested attribute sit in its value.
#[derive(Clone, Copy, PartialEq)]
enum Nesting {
    /// The value is the object.
    One,
    /// A list (or, with dynamic attributes inside, a tuple): matched by index.
    List,
    /// A map (or an object keyed by label): matched by key.
    Map,
    /// A set: matched by the values that are not computed.
    Set,
}

impl Nesting {
    fn of_block(nesting: BlockNesting) -> Self {
        match nesting {
            BlockNesting::Single | BlockNesting::Group => Nesting::One,
            BlockNesting::List => Nesting::List,
            BlockNesting::Map => Nesting::Map,
            BlockNesting::Set => Nesting::Set,
        }
    }

    fn of_nested(nesting: ObjectNesting) -> Self {
        match nesting {
            ObjectNesting::Single => Nesting::One,
            ObjectNesting::List => Nesting::List,
            ObjectNesting::Map => Nesting::Map,
            ObjectNesting::Set => Nesting::Set,
        }
    }
}

impl<'s> Members<'s> {
    fn of_block(block: &'s Block) -> Self {
        Members {
            attributes: &block.attributes,
            blocks: &block.block_types,
        }
    }

    fn of_attributes(attributes: &'s [Attribute]) -> Self {
        Members {
            attributes,
            blocks: &[],
        }
    }

    /// One object: each attribute and block type from its prior value (`prior` is `None`
    /// when there is none). A configuration that is not an object (null or unknown) gives
    /// the prior value, or itself when there is none.
    fn propose(self, prior: Option<&Value>, config: &Value) -> Value {
        let Value::Object(ty, values) = config else {
            return prior.cloned().unwrap_or_else(|| config.clone());
        };
        let proposed = (ty.names().iter().zip(values))
            .map(|(name, config)| {
                let prior = prior.and_then(|p| p.attr(name));
                if let Some(a) = self.attributes.iter().find(|a| a.name == *name) {
                    propose_attribute(a, prior, config)
                } else if let Some(b) = self.blocks.iter().find(|b| b.type_name == *name) {
                    let nesting = Nesting::of_block(b.nesting);
                    if config.is_unknown() || (nesting == Nesting::One && config.is_null()) {
                        config.clone()
                    } else {
                        Members::of_block(&b.block).propose_nested(nesting, prior, config)
                    }
                } else {
                    config.clone()
                }
            })
            .collect();
        Value::Object(ty.clone(), proposed)
    }

    /// The objects of a block type or nested attribute, each matched with its prior
    /// counterpart (see the module's documentation).
    fn propose_nested(self, nesting: Nesting, prior: Option<&Value>, config: &Value) -> Value {
        let prior = prior.and_then(known);
        let merged = |prior: Option<&Value>, config: &Value| match prior {
            Some(prior) => self.propose(Some(prior), config),
            None => config.clone(),
        };
        match (nesting, config) {
            (Nesting::One, _) => self.propose(prior, config),
            (Nesting::List, Value::List(ty, items)) => {
                let items = items
                    .iter()
                    .enumerate()
                    .map(|(i, c)| merged(element(prior, i), c));
                Value::List(ty.clone(), items.collect())
            }
            (Nesting::List, Value::Tuple(items)) => {
                let items = items
                    .iter()
                    .enumerate()
                    .map(|(i, c)| merged(element(prior, i), c));
                Value::Tuple(items.collect())
            }
            (Nesting::Map, Value::Map(ty, items)) => {
                let items = (items.iter()).map(|(k, c)| (k.clone(), merged(entry(prior, k), c)));
                Value::Map(ty.clone(), items.collect())
            }
            (Nesting::Map, Value::Object(ty, items)) => {
                let items = (ty.names().iter().zip(items)).map(|(k, c)| merged(entry(prior, k), c));
                Value::Object(ty.clone(), items.collect())
            }
            (Nesting::Set, Value::Set(ty, items)) => {
                let candidates: Vec<(&Value, Value)> = (prior.and_then(Value::as_elements))
                    .unwrap_or_default()
                    .iter()
                    .map(|p| (p, self.computed_as_null(p)))
                    .collect();
                let mut used = vec![false; candidates.len()];
                let items = items.iter().map(|c| {
                    let found =
                        (0..candidates.len()).find(|&i| !used[i] && same(&candidates[i].1, c));
                    found.map_or_else(
                        || c.clone(),
                        |i| {
                            used[i] = true;
                            self.propose(Some(candidates[i].0), c)
                        },
                    )
                });
                Value::Set(ty.clone(), items.collect())
            }
            _ => config.clone(),
        }
    }

    /// `object` with every computed attribute null, at any depth: what a set element is
    /// compared with configuration by.
    fn computed_as_null(self, object: &Value) -> Value {
        let Value::Object(ty, values) = object else {
            return object.clone();
        };
        let values = (ty.names().iter().zip(values))
            .map(|(name, v)| {
                if v.is_null() || v.is_unknown() {
                    return v.clone();
                }
                if let Some(a) = self.attributes.iter().find(|a| a.name == *name) {
                    return match &a.kind {
                        _ if a.computed => Value::null(a.implied_type()),
                        AttributeKind::Nested(o) => Members::of_attributes(&o.attributes)
                            .each_object(Nesting::of_nested(o.nesting), v),
                        AttributeKind::Type(_) => v.clone(),
                    };
                }
                match self.blocks.iter().find(|b| b.type_name == *name) {
                    Some(b) => {
                        Members::of_block(&b.block).each_object(Nesting::of_block(b.nesting), v)
                    }
                    None => v.clone(),
                }
            })
            .collect();
        Value::Object(ty.clone(), values)
    }

    /// `value`, the objects of a block type or nested attribute, with each object's
    /// computed attributes null.
    fn each_object(self, nesting: Nesting, value: &Value) -> Value {
        let each = |items: &[Value]| -> Vec<Value> {
            items.iter().map(|o| self.computed_as_null(o)).collect()
        };
        match (nesting, value) {
            (Nesting::One, _) => self.computed_as_null(value),
            (_, Value::List(ty, items)) => Value::List(ty.clone(), each(items)),
            (_, Value::Set(ty, items)) => Value::Set(ty.clone(), each(items)),
            (_, Value::Tuple(items)) => Value::Tuple(each(items)),
            (_, Value::Map(ty, items)) => Value::Map(
                ty.clone(),
                (items.iter())
                    .map(|(k, o)| (k.clone(), self.computed_as_null(o)))
                    .collect(),
            ),
            (_, Value::Object(ty, items)) => Value::Object(ty.clone(), each(items)),
            _ => value.clone(),
        }
    }
}

/// An attribute: as configured, unless it is computed and the configuration leaves it
/// null (then as it was); the objects of a configured nested attribute are merged with
/// their prior counterparts.
fn propose_attribute(a: &Attribute, prior: Option<&Value>, config: &Value) -> Value {
    if a.computed && config.is_null() {
        return prior.cloned().unwrap_or_else(|| config.clone());
    }
    match &a.kind {
        AttributeKind::Nested(object) if !config.is_unknown() && !config.is_null() => {
            Members::of_attributes(&object.attributes).propose_nested(
                Nesting::of_nested(object.nesting),
                prior,
                config,
            )
        }
        _ => config.clone(),
    }
}

/// The element at `index` of a prior list or tuple.
fn element(prior: Option<&Value>, index: usize) -> Option<&Value> {
    prior?.as_elements()?.get(index)
}

/// The element at `key` of a prior map (or object keyed by label).
fn entry<'v>(prior: Option<&'v Value>, key: &str) -> Option<&'v Value> {
    match prior? {
        Value::Map(_, items) => items.get(key),
        object @ Value::Object(..) => object.attr(key),
        _ => None,
    }
}
