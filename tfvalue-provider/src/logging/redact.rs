//! Values for the TRACE log with what the schema hides replaced: every attribute marked
//! sensitive or write-only becomes the string `"(sensitive value)"`, at any depth (nested
//! attributes and blocks, in lists, sets and maps of them), whatever its value is, null
//! included. An attribute the schema does not name is hidden too, so that a value and a
//! schema out of step never show more than they should.

use serde_json::{Map, Number, Value as Json};
use tfvalue::schema::{Attribute, AttributeKind, Block};
use tfvalue::Value;

/// What stands in a logged value for a sensitive or write-only attribute.
pub(crate) const SENSITIVE: &str = "(sensitive value)";
/// What stands in a logged value for a value known only after apply.
pub(crate) const UNKNOWN: &str = "(known after apply)";

/// `value` (an object of `block`'s type) as JSON, with the attributes `block` marks
/// sensitive or write-only replaced by [`SENSITIVE`].
pub(crate) fn redacted(value: &Value, block: &Block) -> Json {
    objects(value, &|name, attribute| match block.find_attribute(name) {
        Some(schema) => redacted_attribute(attribute, schema),
        None => match block.find_block_type(name) {
            Some(nested) => redacted(attribute, &nested.block),
            None => SENSITIVE.into(),
        },
    })
}

fn redacted_attribute(value: &Value, schema: &Attribute) -> Json {
    if schema.sensitive || schema.write_only {
        return SENSITIVE.into();
    }
    match &schema.kind {
        AttributeKind::Type(_) => plain(value),
        AttributeKind::Nested(object) => objects(value, &|name, attribute| match object
            .attributes
            .iter()
            .find(|a| a.name == name)
        {
            Some(schema) => redacted_attribute(attribute, schema),
            None => SENSITIVE.into(),
        }),
    }
}

/// `value`, an object or a list, set, tuple or map of objects (the shapes a nested
/// attribute or block takes), with each object's attributes given by `attribute`.
fn objects(value: &Value, attribute: &dyn Fn(&str, &Value) -> Json) -> Json {
    match value {
        Value::Object(..) => {
            let mut out = Map::new();
            for (name, inner) in value.attributes().into_iter().flatten() {
                out.insert(name.to_owned(), attribute(name, inner));
            }
            Json::Object(out)
        }
        Value::List(_, elements) | Value::Set(_, elements) | Value::Tuple(elements) => {
            Json::Array(elements.iter().map(|e| objects(e, attribute)).collect())
        }
        Value::Map(_, elements) => Json::Object(
            (elements.iter())
                .map(|(key, e)| (key.clone(), objects(e, attribute)))
                .collect(),
        ),
        Value::Null(_) | Value::Unknown(..) => plain(value),
        // Not the shape the schema gives: shown as nothing rather than guessed at.
        Value::Bool(_) | Value::Number(_) | Value::String(_) => SENSITIVE.into(),
    }
}

/// A value with nothing hidden in it, as JSON.
fn plain(value: &Value) -> Json {
    match value {
        Value::Null(_) => Json::Null,
        Value::Unknown(..) => UNKNOWN.into(),
        Value::Bool(b) => (*b).into(),
        Value::Number(n) => match n.as_i64() {
            Some(i) => i.into(),
            None => (n.to_f64().ok())
                .and_then(Number::from_f64)
                .map_or_else(|| n.to_string().into(), Json::Number),
        },
        Value::String(s) => s.as_str().into(),
        Value::List(_, elements) | Value::Set(_, elements) | Value::Tuple(elements) => {
            Json::Array(elements.iter().map(plain).collect())
        }
        Value::Map(_, elements) => Json::Object(
            (elements.iter())
                .map(|(key, e)| (key.clone(), plain(e)))
                .collect(),
        ),
        Value::Object(..) => Json::Object(
            (value.attributes().into_iter().flatten())
                .map(|(name, e)| (name.to_owned(), plain(e)))
                .collect(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use tfvalue::schema::{BlockNesting, NestedBlock, NestedObject, ObjectNesting};
    use tfvalue::Type;

    use super::*;

    fn schema() -> Block {
        let secret_object = NestedObject::new(ObjectNesting::List)
            .attribute(Attribute::new("user", Type::String).optional())
            .attribute(
                Attribute::new("password", Type::String)
                    .optional()
                    .sensitive(),
            );
        let login = Block::new()
            .attribute(Attribute::new("host", Type::String).optional())
            .attribute(Attribute::new("token", Type::String).optional().sensitive());
        Block::new()
            .attribute(Attribute::new("path", Type::String).required())
            .attribute(Attribute::new("size", Type::Number).computed())
            .attribute(
                Attribute::new("content", Type::String)
                    .optional()
                    .sensitive(),
            )
            .attribute(
                Attribute::new("content_wo", Type::String)
                    .optional()
                    .write_only(),
            )
            .attribute(Attribute::nested("accounts", secret_object).optional())
            .attribute(Attribute::new("labels", Type::Map(Type::String.into())).optional())
            .block_type(NestedBlock::new("login", login, BlockNesting::Set))
    }

    fn value() -> Value {
        let account = |user: &str, password: &str| {
            Value::object([
                ("user", Value::String(user.into())),
                ("password", Value::String(password.into())),
            ])
        };
        let accounts_type = account("", "").ty();
        let login = Value::object([
            ("host", Value::String("db.internal".into())),
            ("token", Value::String("hunter2-token".into())),
        ]);
        let login_type = login.ty();
        Value::object([
            ("path", Value::String("etc/motd".into())),
            ("size", Value::Unknown(Type::Number, Default::default())),
            ("content", Value::String("hunter2-content".into())),
            ("content_wo", Value::Null(Type::String)),
            (
                "accounts",
                Value::list(
                    accounts_type,
                    vec![account("ann", "hunter2-ann"), account("bob", "hunter2-bob")],
                )
                .unwrap(),
            ),
            (
                "labels",
                Value::map(
                    Type::String,
                    [("env".to_owned(), Value::String("prod".into()))].into(),
                )
                .unwrap(),
            ),
            ("login", Value::set(login_type, vec![login]).unwrap()),
        ])
    }

    #[test]
    fn sensitive_and_write_only_attributes_are_hidden_at_every_depth() {
        let block = schema();
        let json = redacted(&value(), &block).to_string();
        assert_eq!(
            json,
            "{\"accounts\":[{\"password\":\"(sensitive value)\",\"user\":\"ann\"},\
             {\"password\":\"(sensitive value)\",\"user\":\"bob\"}],\
             \"content\":\"(sensitive value)\",\"content_wo\":\"(sensitive value)\",\
             \"labels\":{\"env\":\"prod\"},\
             \"login\":[{\"host\":\"db.internal\",\"token\":\"(sensitive value)\"}],\
             \"path\":\"etc/motd\",\"size\":\"(known after apply)\"}"
        );
        assert!(!json.contains("hunter2"), "{json}");
    }

    #[test]
    fn attributes_the_schema_does_not_name_are_hidden() {
        let block = Block::new().attribute(Attribute::new("path", Type::String).required());
        let value = Value::object([
            ("path", Value::String("a".into())),
            ("extra", Value::String("hunter2".into())),
        ]);
        assert_eq!(
            redacted(&value, &block).to_string(),
            "{\"extra\":\"(sensitive value)\",\"path\":\"a\"}"
        );
    }

    #[test]
    fn null_and_unknown_objects_stay_what_they_are() {
        let block = schema();
        let ty = block.implied_type();
        assert_eq!(redacted(&Value::Null(ty.clone()), &block), Json::Null);
        assert_eq!(
            redacted(&Value::Unknown(ty, Default::default()), &block),
            Json::from(UNKNOWN)
        );
        assert_eq!(
            redacted(&Value::String("hunter2".into()), &block),
            Json::from(SENSITIVE)
        );
    }
}
