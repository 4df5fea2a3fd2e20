//! The provider's schemas as Terraform reads them from `GetProviderSchema` (the harness
//! proposes new states and checks plans with them, as Terraform does), and the check that
//! a model is the one the provider registered for a type name.

use std::collections::BTreeMap;

use tfvalue::schema::{
    Attribute, AttributeKind, Block, BlockNesting, NestedBlock, NestedObject, ObjectNesting,
    Schema, StringKind, TfSchema,
};
use tfvalue::Type;

use crate::protocol::proto::tfplugin6 as pb;
use crate::{Diagnostic, Diagnostics};

/// Every schema of the provider, by type name.
pub(super) struct Schemas {
    pub(super) resources: BTreeMap<String, Schema>,
    pub(super) data_sources: BTreeMap<String, Schema>,
    pub(super) ephemeral_resources: BTreeMap<String, Schema>,
    pub(super) list_resources: BTreeMap<String, Schema>,
    pub(super) actions: BTreeMap<String, Schema>,
    pub(super) functions: BTreeMap<String, FunctionType>,
}

/// A function's parameters and result, as `GetProviderSchema` declares them.
pub(super) struct FunctionType {
    pub(super) parameters: Vec<Parameter>,
    pub(super) variadic: Option<Parameter>,
    pub(super) result: Type,
}

/// One parameter of a function.
pub(super) struct Parameter {
    pub(super) name: String,
    pub(super) ty: Type,
    pub(super) allow_null: bool,
}

impl Schemas {
    /// The schemas of a `GetProviderSchema` answer.
    ///
    /// # Errors
    /// The answer's own error diagnostics, or a schema Terraform could not read either.
    pub(super) fn from_answer(
        answer: &pb::get_provider_schema::Response,
    ) -> Result<Schemas, Diagnostics> {
        let unreadable = |what: &str, name: &str, why: String| -> Diagnostics {
            Diagnostic::error("Invalid provider schema")
                .with_detail(format!(
                    "The schema of the {what} {name:?} is invalid: {why}."
                ))
                .into()
        };
        let answered = super::wire::diagnostics(answer.diagnostics.clone());
        if answered.has_errors() {
            return Err(answered);
        }
        let all = |what: &str, schemas: &std::collections::HashMap<String, pb::Schema>| {
            (schemas.iter())
                .map(|(name, s)| {
                    let s = schema(s).map_err(|why| unreadable(what, name, why))?;
                    Ok((name.clone(), s))
                })
                .collect::<Result<BTreeMap<_, _>, Diagnostics>>()
        };
        let functions = (answer.functions.iter())
            .map(|(name, f)| {
                let f = function(f).map_err(|why| unreadable("function", name, why))?;
                Ok((name.clone(), f))
            })
            .collect::<Result<_, Diagnostics>>()?;
        Ok(Schemas {
            resources: all("resource type", &answer.resource_schemas)?,
            data_sources: all("data source", &answer.data_source_schemas)?,
            ephemeral_resources: all(
                "ephemeral resource type",
                &answer.ephemeral_resource_schemas,
            )?,
            list_resources: all("list resource type", &answer.list_resource_schemas)?,
            actions: (answer.action_schemas.iter())
                .map(|(name, action)| {
                    let s = (action.schema.as_ref())
                        .ok_or_else(|| "it has no schema".to_owned())
                        .and_then(schema)
                        .map_err(|why| unreadable("action type", name, why))?;
                    Ok((name.clone(), s))
                })
                .collect::<Result<_, Diagnostics>>()?,
            functions,
        })
    }
}

/// The schema registered as `name` among `types` (`what` they are: "resource type"), if
/// `M` is its model.
///
/// # Errors
/// The provider has no such type (the error lists the names it has), or `M` is not the
/// model registered for it.
pub(super) fn registered<'s, M: TfSchema>(
    types: &'s BTreeMap<String, Schema>,
    what: &str,
    name: &str,
) -> Result<&'s Schema, Diagnostics> {
    let Some(schema) = types.get(name) else {
        let known: Vec<&str> = types.keys().map(String::as_str).collect();
        return Err(Diagnostic::error(format!("Invalid {what}"))
            .with_detail(format!(
                "The provider does not support the {what} {name:?}; it has: {}.",
                if known.is_empty() {
                    "none".to_owned()
                } else {
                    known.join(", ")
                }
            ))
            .into());
    };
    let model = M::schema();
    if model == schema {
        return Ok(schema);
    }
    Err(Diagnostic::error("Wrong model")
        .with_detail(format!(
            "{} is not the model of the {what} {name:?}: {}.",
            std::any::type_name::<M>(),
            difference(&schema.block, &model.block).unwrap_or_else(|| format!(
                "the type's schema version is {}, the model's {}",
                schema.version, model.version
            ))
        ))
        .into())
}

/// Where the model's block (`model`) first differs from the registered one, in words;
/// `None` when the blocks are equal.
fn difference(registered: &Block, model: &Block) -> Option<String> {
    let names = |b: &Block| -> Vec<String> {
        (b.attributes.iter().map(|a| a.name.clone()))
            .chain(b.block_types.iter().map(|n| n.type_name.clone()))
            .collect()
    };
    let (theirs, ours) = (names(registered), names(model));
    if theirs != ours {
        return Some(format!(
            "the type has the attributes and blocks {theirs:?}, the model {ours:?}"
        ));
    }
    for (a, b) in registered.attributes.iter().zip(&model.attributes) {
        if a != b {
            return Some(format!(
                "its attribute {:?} is declared otherwise (the type's is {} {}, the \
                 model's {} {})",
                a.name,
                flags(a),
                a.implied_type().to_json(),
                flags(b),
                b.implied_type().to_json()
            ));
        }
    }
    for (a, b) in registered.block_types.iter().zip(&model.block_types) {
        if a != b {
            return Some(format!("its block {:?} is declared otherwise", a.type_name));
        }
    }
    (registered != model).then(|| "its description or deprecation differs".to_owned())
}

fn flags(a: &Attribute) -> String {
    let set = [
        (a.required, "required"),
        (a.optional, "optional"),
        (a.computed, "computed"),
        (a.sensitive, "sensitive"),
        (a.write_only, "write-only"),
    ];
    let words: Vec<&str> = set.iter().filter(|(on, _)| *on).map(|(_, w)| *w).collect();
    words.join(" ")
}

fn schema(s: &pb::Schema) -> Result<Schema, String> {
    let block = s.block.as_ref().map(block).transpose()?.unwrap_or_default();
    Ok(Schema::new(s.version, block))
}

fn block(b: &pb::schema::Block) -> Result<Block, String> {
    Ok(Block {
        attributes: b
            .attributes
            .iter()
            .map(attribute)
            .collect::<Result<_, _>>()?,
        block_types: (b.block_types.iter())
            .map(nested_block)
            .collect::<Result<_, _>>()?,
        description: b.description.clone(),
        description_kind: string_kind(b.description_kind),
        deprecated: b.deprecated,
        deprecation_message: message(&b.deprecation_message),
        computed: b.computed,
    })
}

fn attribute(a: &pb::schema::Attribute) -> Result<Attribute, String> {
    let kind = match &a.nested_type {
        Some(object) => AttributeKind::Nested(nested_object(object)?),
        None => AttributeKind::Type(
            Type::from_json(&a.r#type).map_err(|e| format!("attribute {:?}: {e}", a.name))?,
        ),
    };
    let mut made = match kind {
        AttributeKind::Type(ty) => Attribute::new(a.name.clone(), ty),
        AttributeKind::Nested(object) => Attribute::nested(a.name.clone(), object),
    };
    made.description.clone_from(&a.description);
    made.description_kind = string_kind(a.description_kind);
    made.required = a.required;
    made.optional = a.optional;
    made.computed = a.computed;
    made.sensitive = a.sensitive;
    made.deprecated = a.deprecated;
    made.deprecation_message = message(&a.deprecation_message);
    made.write_only = a.write_only;
    Ok(made)
}

fn nested_object(o: &pb::schema::Object) -> Result<NestedObject, String> {
    use pb::schema::object::NestingMode;
    let nesting = match NestingMode::try_from(o.nesting) {
        Ok(NestingMode::Single) => ObjectNesting::Single,
        Ok(NestingMode::List) => ObjectNesting::List,
        Ok(NestingMode::Set) => ObjectNesting::Set,
        Ok(NestingMode::Map) => ObjectNesting::Map,
        _ => return Err(format!("nested attributes of nesting {}", o.nesting)),
    };
    let mut object = NestedObject::new(nesting);
    for a in &o.attributes {
        object = object.attribute(attribute(a)?);
    }
    Ok(object)
}

fn nested_block(n: &pb::schema::NestedBlock) -> Result<NestedBlock, String> {
    use pb::schema::nested_block::NestingMode;
    let nesting = match NestingMode::try_from(n.nesting) {
        Ok(NestingMode::Single) => BlockNesting::Single,
        Ok(NestingMode::List) => BlockNesting::List,
        Ok(NestingMode::Set) => BlockNesting::Set,
        Ok(NestingMode::Map) => BlockNesting::Map,
        Ok(NestingMode::Group) => BlockNesting::Group,
        _ => return Err(format!("block {:?} of nesting {}", n.type_name, n.nesting)),
    };
    let inner = n.block.as_ref().map(block).transpose()?.unwrap_or_default();
    Ok(NestedBlock::new(n.type_name.clone(), inner, nesting)
        .min_items(u64::try_from(n.min_items).unwrap_or(0))
        .max_items(u64::try_from(n.max_items).unwrap_or(0)))
}

fn function(f: &pb::Function) -> Result<FunctionType, String> {
    let parameter = |p: &pb::function::Parameter| -> Result<Parameter, String> {
        Ok(Parameter {
            name: p.name.clone(),
            ty: Type::from_json(&p.r#type).map_err(|e| format!("parameter {:?}: {e}", p.name))?,
            allow_null: p.allow_null_value,
        })
    };
    let result = f.r#return.as_ref().map_or(&[][..], |r| &r.r#type[..]);
    Ok(FunctionType {
        parameters: f
            .parameters
            .iter()
            .map(parameter)
            .collect::<Result<_, _>>()?,
        variadic: f.variadic_parameter.as_ref().map(parameter).transpose()?,
        result: Type::from_json(result).map_err(|e| format!("result: {e}"))?,
    })
}

fn string_kind(kind: i32) -> StringKind {
    if kind == pb::StringKind::Markdown as i32 {
        StringKind::Markdown
    } else {
        StringKind::Plain
    }
}

fn message(text: &str) -> Option<String> {
    (!text.is_empty()).then(|| text.to_owned())
}
