//! `GenerateResourceConfig`: the configuration Terraform writes for an imported or listed
//! object (`-generate-config-out`), made from its state with the schema's knowledge.
//!
//! Terraform's own fallback (for providers that do not answer this RPC) guesses as if the
//! provider were built on the legacy SDK: it drops every empty string of an optional
//! attribute, taking it for "unset", which makes the next plan change such an attribute
//! from `""` to null. Here the state's values are kept, except where configuration cannot
//! hold one: attributes only the provider sets (computed, not optional) and write-only
//! attributes (never in state) are null. A configuration written from it plans no change
//! against the state it came from.

use tfvalue::schema::{Attribute, AttributeKind, Block};
use tfvalue::Value;

/// The configuration for an object whose state is `state`, a value of `block`'s type.
pub(crate) fn config_from_state(block: &Block, mut state: Value) -> Value {
    strip_block(block, &mut state);
    state
}

fn strip_block(block: &Block, value: &mut Value) {
    if !matches!(value, Value::Object(..)) {
        return;
    }
    for attribute in &block.attributes {
        if let Some(v) = value.attr_mut(&attribute.name) {
            strip_attribute(attribute, v);
        }
    }
    for nested in &block.block_types {
        if let Some(v) = value.attr_mut(&nested.type_name) {
            for_each_object(v, &mut |object| strip_block(&nested.block, object));
        }
    }
}

fn strip_attribute(attribute: &Attribute, value: &mut Value) {
    if (attribute.computed && !attribute.optional) || attribute.write_only {
        *value = Value::null(value.ty());
        return;
    }
    if let AttributeKind::Nested(object) = &attribute.kind {
        for_each_object(value, &mut |element| {
            if matches!(element, Value::Object(..)) {
                for inner in &object.attributes {
                    if let Some(v) = element.attr_mut(&inner.name) {
                        strip_attribute(inner, v);
                    }
                }
            }
        });
    }
}

/// Calls `f` on `value` when it is one object, else on each element of a list, set or
/// map of them (null and unknown values have none).
fn for_each_object(value: &mut Value, f: &mut dyn FnMut(&mut Value)) {
    match value {
        Value::Object(..) => f(value),
        Value::List(_, items) | Value::Set(_, items) => items.iter_mut().for_each(f),
        Value::Map(_, items) => items.values_mut().for_each(f),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use tfvalue::schema::{
        Attribute, Block, BlockNesting, NestedBlock, NestedObject, ObjectNesting,
    };
    use tfvalue::{Type, Value};

    use super::config_from_state;

    #[test]
    fn provider_set_and_write_only_values_go_and_everything_else_stays() {
        let inner = Block::new()
            .attribute(Attribute::new("size", Type::Number).required())
            .attribute(Attribute::new("serial", Type::String).computed());
        let nested = NestedObject::new(ObjectNesting::List)
            .attribute(Attribute::new("key", Type::String).required())
            .attribute(Attribute::new("hash", Type::String).computed());
        let block = Block::new()
            .attribute(Attribute::new("id", Type::String).computed())
            .attribute(Attribute::new("name", Type::String).optional())
            .attribute(Attribute::new("mode", Type::String).optional().computed())
            .attribute(
                Attribute::new("secret", Type::String)
                    .optional()
                    .write_only(),
            )
            .attribute(Attribute::nested("tags", nested).optional())
            .block_type(NestedBlock::new("disk", inner, BlockNesting::List));
        let ty = block.implied_type();
        let state = Value::from_json(
            br#"{"id":"i-1","name":"","mode":"0644","secret":null,
                 "tags":[{"key":"a","hash":"h"}],
                 "disk":[{"size":1,"serial":"s-1"}]}"#,
            &ty,
        )
        .unwrap();
        let config = config_from_state(&block, state);
        let json = String::from_utf8(config.to_json(&ty).unwrap()).unwrap();
        assert_eq!(
            json,
            r#"{"disk":[{"serial":null,"size":1}],"id":null,"mode":"0644","name":"","secret":null,"tags":[{"hash":null,"key":"a"}]}"#
        );
    }
}
