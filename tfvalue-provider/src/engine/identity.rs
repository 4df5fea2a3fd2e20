//! A resource type's identity, whatever its models: computing an encoded state's identity,
//! comparing identities, importing by identity and upgrading stored identities, on the
//! protocol-neutral values of `messages.rs`. The dispatch (`dispatch/identity.rs`) calls
//! these around the resource's own handler.

use std::sync::Arc;

use tfvalue::schema::Schema;
use tfvalue::{TfSchema, Type, Value};

use crate::author::context::Context;
use crate::author::diagnostics::{Diagnostic, Diagnostics};
use crate::author::identity::ResourceIdentity;
use crate::engine::call::BoxFuture;
use crate::protocol::codec::{
    decode_failed, decode_model, decode_value, encode_model, is_null_value,
};
use crate::protocol::messages::DynamicValue;

/// The identity of a resource type (see [`ResourceIdentity`]), whatever its models.
pub(crate) trait ErasedIdentity<D>: Send + Sync {
    /// The identity's schema.
    fn schema(&self) -> &'static Schema;

    /// The older identity versions whose identities
    /// [`ResourceIdentity::identity_upgrades`] reads, ascending.
    fn upgrade_versions(&self) -> Vec<i64>;

    /// Whether an identity may change once set.
    fn may_change(&self) -> bool;

    /// The identity of the object whose encoded state is `state`; `None` for a null state.
    fn of_state(
        &self,
        ctx: &Context<D>,
        state: &DynamicValue,
    ) -> Result<Option<DynamicValue>, Diagnostics>;

    /// The identity a planned state already shows: `None` when it is null or holds unknown
    /// values.
    fn of_planned_state(
        &self,
        ctx: &Context<D>,
        state: &DynamicValue,
    ) -> Result<Option<DynamicValue>, Diagnostics>;

    /// Whether an identity Terraform sent is a value of the identity's type (one that is
    /// not counts as none: it is never answered back).
    fn decodes(&self, identity: &DynamicValue) -> bool {
        decode_value(Some(identity), self.schema().object_type()).is_ok()
    }

    /// Whether an encoded state is null (a destroy plan, a deleted object).
    fn is_null_state(&self, state: &DynamicValue) -> bool {
        is_null_value(Some(state))
    }

    /// The start of a state for the object an identity names, and the context after it.
    fn import<'a>(
        &'a self,
        ctx: Context<D>,
        identity: &'a DynamicValue,
    ) -> BoxFuture<'a, (Context<D>, Result<DynamicValue, Diagnostics>)>;

    /// A stored identity (JSON, of identity schema `version`) as the current identity.
    fn upgrade(&self, version: i64, json: &[u8]) -> Result<DynamicValue, Diagnostics>;
}

/// A registered resource, seen for its identity.
pub(crate) struct IdentityOf<R>(pub(crate) Arc<R>);

impl<R: ResourceIdentity> ErasedIdentity<R::Data> for IdentityOf<R> {
    fn schema(&self) -> &'static Schema {
        R::Identity::schema()
    }

    fn may_change(&self) -> bool {
        R::IDENTITY_MAY_CHANGE
    }

    fn upgrade_versions(&self) -> Vec<i64> {
        ResourceIdentity::identity_upgrades(&*self.0).versions()
    }

    fn of_state(
        &self,
        ctx: &Context<R::Data>,
        state: &DynamicValue,
    ) -> Result<Option<DynamicValue>, Diagnostics> {
        let Some(state) = decode_model::<R::Model>(Some(state))
            .map_err(decode_failed("Cannot determine the resource identity"))?
        else {
            return Ok(None);
        };
        let identity = ResourceIdentity::identity(&*self.0, ctx, &state)?;
        encode_model(&identity, "identity", true).map(Some)
    }

    fn of_planned_state(
        &self,
        ctx: &Context<R::Data>,
        state: &DynamicValue,
    ) -> Result<Option<DynamicValue>, Diagnostics> {
        let value = decode_value(Some(state), R::Model::schema().object_type())
            .map_err(decode_failed("Invalid planned state"))?;
        if value.is_null() {
            return Ok(None);
        }
        // The attributes the identity is made of must be known: those of its attributes'
        // names when the model has them all (the by-name identity), else the whole state.
        let names = &R::Identity::schema().block.attributes;
        let sources: Option<Vec<&Value>> = names.iter().map(|a| value.attr(&a.name)).collect();
        let known = match sources {
            Some(sources) => sources.into_iter().all(Value::is_wholly_known),
            None => value.is_wholly_known(),
        };
        if !known {
            return Ok(None);
        }
        self.of_state(ctx, state)
    }

    fn import<'a>(
        &'a self,
        mut ctx: Context<R::Data>,
        identity: &'a DynamicValue,
    ) -> BoxFuture<'a, (Context<R::Data>, Result<DynamicValue, Diagnostics>)> {
        Box::pin(async move {
            let result = async {
                let identity = decode_model::<R::Identity>(Some(identity))
                    .map_err(decode_failed("Invalid import identity"))?
                    .ok_or_else(|| -> Diagnostics {
                        Diagnostic::error("Invalid import identity")
                            .with_detail("Terraform sent a null identity to import by.")
                            .into()
                    })?;
                let state =
                    ResourceIdentity::import_by_identity(&*self.0, &mut ctx, identity).await?;
                encode_model(&state, "imported state", false)
            }
            .await;
            (ctx, result)
        })
    }

    fn upgrade(&self, version: i64, json: &[u8]) -> Result<DynamicValue, Diagnostics> {
        let schema = R::Identity::schema();
        if version == schema.version {
            let value = Value::from_json(json, schema.object_type())
                .map_err(decode_failed("Invalid stored identity"))?;
            return value
                .to_msgpack(schema.object_type())
                .map(DynamicValue::msgpack)
                .map_err(decode_failed("Invalid stored identity"));
        }
        let upgraded = ResourceIdentity::identity_upgrades(&*self.0)
            .upgrade(version, json)
            .map_err(|e| {
                Diagnostics::from_value_error("Unable to Upgrade Resource Identity", &e)
            })?;
        encode_model(&upgraded, "upgraded identity", true)
    }
}

/// Problems of an identity model that Terraform would not accept, one line each: an
/// identity is a flat object of attributes of primitive types or lists of them, with at
/// least one attribute, none computed, sensitive or write-only.
pub(crate) fn identity_schema_problems(schema: &Schema) -> Vec<String> {
    let mut problems = Vec::new();
    let block = &schema.block;
    if block.attributes.is_empty() {
        problems.push("its identity model has no attribute".to_owned());
    }
    for nested in &block.block_types {
        problems.push(format!(
            "its identity model has the block {:?}; an identity has attributes only",
            nested.type_name
        ));
    }
    for attribute in &block.attributes {
        let name = &attribute.name;
        match &attribute.kind {
            tfvalue::schema::AttributeKind::Nested(_) => problems.push(format!(
                "identity attribute {name:?} has nested attributes; an identity attribute is \
                 a string, number, bool or a list of them"
            )),
            tfvalue::schema::AttributeKind::Type(ty) => {
                let primitive = |t: &Type| matches!(t, Type::String | Type::Number | Type::Bool);
                let fits = match ty {
                    Type::List(element) => primitive(element),
                    other => primitive(other),
                };
                if !fits {
                    problems.push(format!(
                        "identity attribute {name:?} is of type {}; an identity attribute is a \
                         string, number, bool or a list of them",
                        ty.to_json()
                    ));
                }
            }
        }
        if attribute.computed || attribute.sensitive || attribute.write_only {
            problems.push(format!(
                "identity attribute {name:?} is computed, sensitive or write-only; identity \
                 attributes are plain values"
            ));
        }
    }
    problems
}

/// How `new` differs from the stored identity `old`, both of `schema`'s type: the
/// attributes `old` holds a value for and `new` holds another (or none). Attributes null
/// in `old` may be filled in. Empty when nothing set changed.
pub(crate) fn changed_attributes(
    schema: &Schema,
    old: &DynamicValue,
    new: &DynamicValue,
) -> Result<Vec<String>, Diagnostics> {
    let ty = schema.object_type();
    let old = decode_value(Some(old), ty).map_err(decode_failed("Invalid stored identity"))?;
    let new = decode_value(Some(new), ty).map_err(decode_failed("Invalid identity"))?;
    if old.is_null() {
        return Ok(Vec::new());
    }
    let mut changed = Vec::new();
    for attribute in &schema.block.attributes {
        let name = attribute.name.as_str();
        let before = old.attr(name);
        if before.is_none_or(Value::is_null) {
            continue;
        }
        if before != new.attr(name) {
            changed.push(name.to_owned());
        }
    }
    Ok(changed)
}

/// An identity as people read it: `{name = "x", region = "y"}`, in the identity schema's
/// attribute order (null attributes shown as `null`).
pub(crate) fn identity_text(schema: &Schema, identity: &DynamicValue) -> String {
    let Ok(value) = decode_value(Some(identity), schema.object_type()) else {
        return "(an identity that does not decode)".to_owned();
    };
    if value.is_null() {
        return "null".to_owned();
    }
    let parts: Vec<String> = (schema.block.attributes.iter())
        .map(|a| {
            let shown = value
                .attr(&a.name)
                .map_or_else(|| "null".to_owned(), value_text);
            format!("{} = {shown}", a.name)
        })
        .collect();
    format!("{{{}}}", parts.join(", "))
}

/// A primitive value or a list of them, as written in configuration.
fn value_text(value: &Value) -> String {
    match value {
        Value::Null(_) => "null".to_owned(),
        Value::Unknown(..) => "(known after apply)".to_owned(),
        Value::String(s) => format!("{s:?}"),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::List(_, items) => {
            let items: Vec<String> = items.iter().map(value_text).collect();
            format!("[{}]", items.join(", "))
        }
        _ => "(a value an identity cannot hold)".to_owned(),
    }
}

/// Whether `resource` of type `R` may be registered with an identity: its problems.
pub(crate) fn identity_problems<R: ResourceIdentity>(resource: &R) -> Vec<String> {
    let mut problems = identity_schema_problems(R::Identity::schema());
    if let Err(e) = R::Identity::schema().validate() {
        problems.push(format!("invalid identity schema: {e}"));
    }
    for problem in ResourceIdentity::identity_upgrades(resource).problems() {
        problems.push(format!("identity upgrades: {problem}"));
    }
    problems
}
