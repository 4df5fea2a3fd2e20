//! The framework's default plan, on values: computed attributes that the configuration
//! leaves null become unknown.
//!
//! Terraform's proposed new state is the configuration merged with the prior state: for a
//! computed attribute the configuration leaves null it holds the prior value (null on
//! create). A provider that computes the attribute must plan it as unknown when it may
//! change, or the value it returns after apply is "inconsistent with the plan". The rule,
//! as Terraform and terraform-plugin-framework apply it: on create, and on an update whose
//! proposed state (with the declared defaults) differs from the prior state, every computed
//! attribute whose configuration is null is planned unknown, at every depth of nested
//! attributes and blocks. When nothing changed, nothing is marked: a computed attribute the
//! provider left null stays null, so the plan is empty instead of "known after apply" on
//! every run. Unknown values from the configuration (with their refinements) are left as
//! they are. [`Resource::plan`](crate::Resource::plan) then refines this (for example,
//! keeping an `id` that never changes).
//!
//! A computed block type (Terraform 1.16) is planned as a computed attribute is, as a
//! whole: where the configuration leaves it out, Terraform proposes null (not the prior
//! blocks, which it keeps for computed attributes), so [`keep_prior_computed_blocks`]
//! first puts the prior blocks there; then the same rule makes it unknown on create and on
//! an update that changes something. A LIST, SET or MAP block is thus never planned null,
//! which Terraform refuses. Nor may an applied state hold one ([`null_computed_blocks`]):
//! no blocks is an empty collection.

use tfvalue::path::{AttributePath, PathStep};
use tfvalue::schema::{Attribute, AttributeKind, Block, BlockNesting, NestedBlock, NestedObject};
use tfvalue::Value;

/// Plans as unknown the computed attributes of `planned` (an object of `block`) whose
/// configuration (`config`, the same shape; `None` where no configuration corresponds, as
/// for set elements) is null. Called on create and on an update that changes something
/// only: an unchanged update keeps every prior value, null ones included.
pub(crate) fn mark_computed_unknown(block: &Block, config: Option<&Value>, planned: &mut Value) {
    let Value::Object(ty, values) = planned else {
        return;
    };
    let ty = ty.clone();
    for (name, value) in ty.names().iter().zip(values.iter_mut()) {
        let config_attr = config.and_then(|c| c.attr(name));
        if let Some(attribute) = block.find_attribute(name) {
            mark_attribute(attribute, config_attr, value);
        } else if let Some(nested) = block.find_block_type(name) {
            mark_block(nested, config_attr, value);
        }
    }
}

/// Puts the prior blocks (from `prior`, the prior state's object of `block`) where
/// `planned` holds null for a computed block type, at every depth of ordinary blocks: list
/// and tuple elements matched by position, map elements by key, a SINGLE or GROUP block
/// itself. Elements of SET blocks have no position to match, so computed blocks inside
/// them are left as proposed.
pub(crate) fn keep_prior_computed_blocks(block: &Block, prior: &Value, planned: &mut Value) {
    if !block.contains_computed_blocks() {
        return;
    }
    for nested in &block.block_types {
        let (Some(prior), Some(planned)) = (
            prior.attr(&nested.type_name),
            planned.attr_mut(&nested.type_name),
        ) else {
            continue;
        };
        if nested.block.computed {
            if planned.is_null() && !prior.is_null() && !prior.is_unknown() {
                *planned = prior.clone();
            }
            continue;
        }
        match (prior, planned) {
            (Value::Object(..), planned @ Value::Object(..)) => {
                keep_prior_computed_blocks(&nested.block, prior, planned);
            }
            (
                Value::List(_, prior_elements) | Value::Tuple(prior_elements),
                Value::List(_, elements) | Value::Tuple(elements),
            ) => {
                for (prior, element) in prior_elements.iter().zip(elements.iter_mut()) {
                    keep_prior_computed_blocks(&nested.block, prior, element);
                }
            }
            (Value::Map(_, prior_elements), Value::Map(_, elements)) => {
                for (key, element) in elements.iter_mut() {
                    if let Some(prior) = prior_elements.get(key) {
                        keep_prior_computed_blocks(&nested.block, prior, element);
                    }
                }
            }
            _ => {}
        }
    }
}

/// The paths, in `state` (an object of `block`), of the computed LIST, SET and MAP blocks
/// that are null, at every depth of blocks: Terraform 1.16 refuses such a state after
/// apply ("null block value after apply"), since no blocks is an empty collection. A null
/// SINGLE block is no block, and allowed. Elements of sets are numbered in their order.
pub(crate) fn null_computed_blocks(block: &Block, state: &Value) -> Vec<AttributePath> {
    let mut found = Vec::new();
    if block.contains_computed_blocks() {
        collect_null_computed(block, state, &mut AttributePath::root(), &mut found);
    }
    found
}

fn collect_null_computed(
    block: &Block,
    object: &Value,
    path: &mut AttributePath,
    found: &mut Vec<AttributePath>,
) {
    for nested in &block.block_types {
        if !nested.block.computed && !nested.block.contains_computed_blocks() {
            continue;
        }
        let Some(value) = object.attr(&nested.type_name) else {
            continue;
        };
        path.push(PathStep::Attr(nested.type_name.clone()));
        let collection = !matches!(nested.nesting, BlockNesting::Single | BlockNesting::Group);
        if nested.block.computed && collection && value.is_null() {
            found.push(path.clone());
        }
        match value {
            Value::Object(..) if !collection => {
                collect_null_computed(&nested.block, value, path, found);
            }
            Value::List(_, elements) | Value::Set(_, elements) | Value::Tuple(elements) => {
                for (i, element) in (0_i64..).zip(elements) {
                    path.push(PathStep::Index(i));
                    collect_null_computed(&nested.block, element, path, found);
                    path.pop();
                }
            }
            Value::Map(_, elements) => {
                for (key, element) in elements {
                    path.push(PathStep::Key(key.clone()));
                    collect_null_computed(&nested.block, element, path, found);
                    path.pop();
                }
            }
            Value::Object(ty, elements) => {
                for (key, element) in ty.names().iter().zip(elements) {
                    path.push(PathStep::Key(key.clone()));
                    collect_null_computed(&nested.block, element, path, found);
                    path.pop();
                }
            }
            _ => {}
        }
        path.pop();
    }
}

fn config_is_null(config: Option<&Value>) -> bool {
    config.is_none_or(Value::is_null)
}

fn mark_attribute(attribute: &Attribute, config: Option<&Value>, planned: &mut Value) {
    if planned.is_unknown() {
        return;
    }
    if attribute.computed && config_is_null(config) {
        *planned = Value::unknown(planned.ty());
        return;
    }
    if let AttributeKind::Nested(object) = &attribute.kind {
        mark_nested_object(object, config, planned);
    }
}

fn mark_nested_object(object: &NestedObject, config: Option<&Value>, planned: &mut Value) {
    // The nested attributes as a block, so objects are handled in one place.
    let block = Block {
        attributes: object.attributes.clone(),
        ..Block::default()
    };
    each_object(planned, config, |config, element| {
        mark_computed_unknown(&block, config, element);
    });
}

fn mark_block(nested: &NestedBlock, config: Option<&Value>, planned: &mut Value) {
    if planned.is_unknown() {
        return;
    }
    if nested.block.computed && config_is_null(config) {
        *planned = Value::unknown(planned.ty());
        return;
    }
    each_object(planned, config, |config, element| {
        mark_computed_unknown(&nested.block, config, element);
    });
}

/// Calls `f` on each object inside `planned` (itself, or its elements), with the
/// corresponding configuration: by position in lists and tuples, by key in maps and
/// objects-as-maps, none in sets (whose elements have no position).
fn each_object(
    planned: &mut Value,
    config: Option<&Value>,
    mut f: impl FnMut(Option<&Value>, &mut Value),
) {
    match planned {
        Value::Object(ty, values) if config.is_none_or(|c| matches!(c, Value::Object(..))) => {
            // A block or single nested object: the value itself. (A MAP block with a
            // dynamic attribute is an object keyed by label: those attributes are objects
            // themselves, handled by the recursion below.)
            let _ = (ty, values);
            f(config, planned);
        }
        Value::List(_, elements) | Value::Tuple(elements) => {
            for (i, element) in elements.iter_mut().enumerate() {
                let c = config.and_then(|c| c.as_elements()).and_then(|e| e.get(i));
                f(c, element);
            }
        }
        Value::Set(_, elements) => {
            for element in elements.iter_mut() {
                f(None, element);
            }
        }
        Value::Map(_, elements) => {
            for (key, element) in elements.iter_mut() {
                let c = config.and_then(|c| c.as_map()).and_then(|m| m.get(key));
                f(c, element);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tfvalue::schema::{BlockNesting, ObjectNesting};
    use tfvalue::Type;

    fn s() -> Type {
        Type::String
    }

    fn schema() -> Block {
        Block::new()
            .attribute(Attribute::new("name", s()).required())
            .attribute(Attribute::new("id", s()).computed())
            .attribute(Attribute::new("kind", s()).optional().computed())
            .attribute(Attribute::nested(
                "net",
                NestedObject::new(ObjectNesting::Single)
                    .attribute(Attribute::new("ip", s()).optional().computed()),
            ))
            .block_type(NestedBlock::new(
                "disk",
                Block::new()
                    .attribute(Attribute::new("serial", s()).computed())
                    .attribute(Attribute::new("size", Type::Number).required()),
                BlockNesting::List,
            ))
    }

    fn decode(json: &str) -> Value {
        let ty = schema().implied_type();
        Value::from_json(json.as_bytes(), &ty).unwrap()
    }

    const CREATE: &str =
        r#"{"name":"a","id":null,"kind":null,"net":{"ip":null},"disk":[{"serial":null,"size":1}]}"#;

    #[test]
    fn create_marks_every_computed_null() {
        let config = decode(CREATE);
        let mut planned = config.clone();
        mark_computed_unknown(&schema(), Some(&config), &mut planned);
        let unknown: Vec<String> = planned
            .unknown_paths()
            .iter()
            .map(|p| p.to_string())
            .collect();
        assert_eq!(unknown, [".disk[0].serial", ".id", ".kind", ".net.ip"]);
        assert_eq!(planned.attr("name").and_then(Value::as_str), Some("a"));
    }

    #[test]
    fn configured_values_and_config_unknowns_stay() {
        let config = decode(r#"{"name":"a","id":null,"kind":"ssd","net":null,"disk":[]}"#);
        let mut planned = config.clone();
        if let Some(name) = planned.attr_mut("name") {
            *name = Value::unknown(Type::String);
        }
        mark_computed_unknown(&schema(), Some(&config), &mut planned);
        assert_eq!(planned.attr("kind").and_then(Value::as_str), Some("ssd"));
        assert!(planned.attr("name").is_some_and(Value::is_unknown));
        assert!(planned.attr("id").is_some_and(Value::is_unknown));
        assert!(
            planned.attr("net").is_some_and(Value::is_null),
            "a null nested attribute stays null"
        );
    }

    #[test]
    fn a_changed_update_marks_known_and_null_computed_values() {
        let config = decode(CREATE);
        let mut planned = decode(
            r#"{"name":"a","id":"i-1","kind":null,"net":{"ip":"10.0.0.1"},"disk":[{"serial":"s1","size":1}]}"#,
        );
        mark_computed_unknown(&schema(), Some(&config), &mut planned);
        assert_eq!(planned.unknown_paths().len(), 4);
    }

    /// `nic` is a computed LIST block; `net` an ordinary one holding a computed SINGLE
    /// block `port`.
    fn computed_schema() -> Block {
        let mac = || Block::new().attribute(Attribute::new("mac", s()).computed());
        Block::new()
            .attribute(Attribute::new("name", s()).required())
            .block_type(NestedBlock::new("nic", mac(), BlockNesting::List).computed())
            .block_type(NestedBlock::new(
                "net",
                Block::new()
                    .attribute(Attribute::new("cidr", s()).required())
                    .block_type(NestedBlock::new("port", mac(), BlockNesting::Single).computed()),
                BlockNesting::List,
            ))
    }

    fn computed_value(json: &str) -> Value {
        Value::from_json(json.as_bytes(), &computed_schema().implied_type()).unwrap()
    }

    /// What Terraform 1.16 proposes for a configuration that leaves the computed blocks
    /// out: null, also on update.
    const LEFT_OUT: &str = r#"{"name":"a","nic":null,"net":[{"cidr":"10.0.0.0/8","port":null}]}"#;
    const PRIOR: &str =
        r#"{"name":"a","nic":[{"mac":"m1"}],"net":[{"cidr":"10.0.0.0/8","port":{"mac":"m2"}}]}"#;

    #[test]
    fn computed_blocks_left_out_are_planned_unknown_on_create() {
        let config = computed_value(LEFT_OUT);
        let mut planned = config.clone();
        mark_computed_unknown(&computed_schema(), Some(&config), &mut planned);
        let unknown: Vec<String> = planned
            .unknown_paths()
            .iter()
            .map(|p| p.to_string())
            .collect();
        assert_eq!(unknown, [".net[0].port", ".nic"]);
    }

    #[test]
    fn an_unchanged_update_keeps_the_prior_computed_blocks() {
        let prior = computed_value(PRIOR);
        let mut planned = computed_value(LEFT_OUT);
        keep_prior_computed_blocks(&computed_schema(), &prior, &mut planned);
        assert_eq!(planned, prior);
    }

    #[test]
    fn a_changed_update_plans_them_unknown_and_configured_blocks_stay() {
        let prior = computed_value(PRIOR);
        let config = computed_value(
            r#"{"name":"b","nic":[{"mac":null}],"net":[{"cidr":"10.0.0.0/8","port":null}]}"#,
        );
        let mut planned = config.clone();
        keep_prior_computed_blocks(&computed_schema(), &prior, &mut planned);
        assert_ne!(planned, prior);
        mark_computed_unknown(&computed_schema(), Some(&config), &mut planned);
        let unknown: Vec<String> = planned
            .unknown_paths()
            .iter()
            .map(|p| p.to_string())
            .collect();
        // The configured `nic` block stays one block, its computed `mac` unknown.
        assert_eq!(unknown, [".net[0].port", ".nic[0].mac"]);
    }

    #[test]
    fn null_computed_collection_blocks_are_found_at_their_paths() {
        let state =
            computed_value(r#"{"name":"a","nic":null,"net":[{"cidr":"10.0.0.0/8","port":null}]}"#);
        let found: Vec<String> = null_computed_blocks(&computed_schema(), &state)
            .iter()
            .map(ToString::to_string)
            .collect();
        // A null SINGLE block (`port`) is no block; a null LIST block is refused.
        assert_eq!(found, [".nic"]);
        assert!(null_computed_blocks(&computed_schema(), &computed_value(PRIOR)).is_empty());
    }

    #[test]
    fn null_computed_blocks_inside_ordinary_blocks_are_found() {
        let mac = || Block::new().attribute(Attribute::new("mac", s()).computed());
        let block = Block::new().block_type(NestedBlock::new(
            "net",
            Block::new().block_type(NestedBlock::new("ports", mac(), BlockNesting::Set).computed()),
            BlockNesting::Map,
        ));
        let state = Value::from_json(
            br#"{"net":{"lan":{"ports":[{"mac":"m"}]},"wan":{"ports":null}}}"#,
            &block.implied_type(),
        )
        .unwrap();
        let found: Vec<String> = null_computed_blocks(&block, &state)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(found, [r#".net["wan"].ports"#]);
    }
}
