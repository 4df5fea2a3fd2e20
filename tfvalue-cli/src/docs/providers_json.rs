//! Reads the document `terraform providers schema -json` prints (and a provider built on
//! tfvalue prints for `--schema-json`) into tfvalue's schema types: one provider's block,
//! resource, data source, ephemeral resource, list resource and action types, resource
//! identities, and function signatures.

use std::collections::BTreeMap;

use serde_json::{Map, Value};
use tfvalue::schema::{
    Attribute, AttributeKind, Block, BlockNesting, NestedBlock, NestedObject, ObjectNesting,
    Schema, StringKind,
};
use tfvalue::Type;

/// One provider's schemas, as the documentation needs them.
#[derive(Debug, Default)]
pub(crate) struct ProviderSchemas {
    /// The provider block.
    pub(crate) provider: Schema,
    /// Managed resource types by name.
    pub(crate) resources: BTreeMap<String, Schema>,
    /// Data source types by name.
    pub(crate) data_sources: BTreeMap<String, Schema>,
    /// Ephemeral resource types by name.
    pub(crate) ephemeral_resources: BTreeMap<String, Schema>,
    /// List resource types by name (`list_resource_schemas`, Terraform 1.14 and later):
    /// each the schema of the `config` block of a `list` block.
    pub(crate) list_resources: BTreeMap<String, Schema>,
    /// The identity of each managed resource type that has one, by the resource type's
    /// name (`resource_identity_schemas`, Terraform 1.12 and later).
    pub(crate) identities: BTreeMap<String, IdentitySchema>,
    /// Action types by name (`action_schemas`, Terraform 1.14 and later): each the
    /// schema of its `config` block, which Terraform prints unversioned (version 0 here).
    pub(crate) actions: BTreeMap<String, Schema>,
    /// Functions by name.
    pub(crate) functions: BTreeMap<String, FunctionSignature>,
}

/// A resource type's identity (`jsonprovider.IdentitySchema`): the attributes that name
/// one object, by which an `import` block can name it.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct IdentitySchema {
    /// The attributes, in byte order of names.
    pub(crate) attributes: Vec<IdentityAttribute>,
}

/// One attribute of an [`IdentitySchema`].
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct IdentityAttribute {
    pub(crate) name: String,
    pub(crate) ty: Type,
    pub(crate) description: String,
    /// An import must give it (`required_for_import`); otherwise it may
    /// (`optional_for_import`).
    pub(crate) required_for_import: bool,
}

/// A provider function's signature (`jsonfunction.FunctionSignature`).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct FunctionSignature {
    pub(crate) summary: String,
    pub(crate) description: String,
    pub(crate) deprecation_message: String,
    pub(crate) return_type: Type,
    pub(crate) parameters: Vec<FunctionParameter>,
    pub(crate) variadic_parameter: Option<FunctionParameter>,
}

/// One parameter of a [`FunctionSignature`].
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct FunctionParameter {
    pub(crate) name: String,
    pub(crate) description: String,
    pub(crate) is_nullable: bool,
    pub(crate) ty: Type,
}

/// The schemas of the provider `name` in the document `text`: the one whose address is
/// `name` or ends in `/name` (`registry.terraform.io/hashicorp/name`).
pub(crate) fn read(text: &str, name: &str) -> Result<ProviderSchemas, String> {
    let doc: Value =
        serde_json::from_str(text).map_err(|e| format!("the providers schema is not JSON: {e}"))?;
    let version = doc["format_version"].as_str().unwrap_or_default();
    if !version.starts_with("1.") {
        return Err(format!(
            "the providers schema has format_version {:?}; only 1.x is understood",
            doc["format_version"]
        ));
    }
    let providers = object(&doc["provider_schemas"], "provider_schemas")?;
    let suffix = format!("/{name}");
    let found: Vec<&String> = providers
        .keys()
        .filter(|address| *address == name || address.ends_with(&suffix))
        .collect();
    let address = match found.as_slice() {
        [one] => *one,
        [] => {
            return Err(format!(
                "the providers schema has no provider {name:?}; it has: {}",
                providers.keys().cloned().collect::<Vec<_>>().join(", ")
            ))
        }
        many => {
            return Err(format!(
                "the providers schema has several providers named {name:?}: {}",
                many.iter()
                    .map(|a| a.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        }
    };
    let at = format!("provider_schemas[{address:?}]");
    provider(&providers[address], &at)
}

fn provider(v: &Value, at: &str) -> Result<ProviderSchemas, String> {
    let p = object(v, at)?;
    let provider = match p.get("provider") {
        Some(s) => schema(s, &format!("{at}.provider"))?,
        None => Schema::default(),
    };
    let schemas = |key: &str| -> Result<BTreeMap<String, Schema>, String> {
        let mut out = BTreeMap::new();
        if let Some(all) = p.get(key) {
            for (name, s) in object(all, &format!("{at}.{key}"))? {
                out.insert(name.clone(), schema(s, &format!("{at}.{key}[{name:?}]"))?);
            }
        }
        Ok(out)
    };
    let mut functions = BTreeMap::new();
    if let Some(all) = p.get("functions") {
        for (name, f) in object(all, &format!("{at}.functions"))? {
            functions.insert(
                name.clone(),
                function(f, &format!("{at}.functions[{name:?}]"))?,
            );
        }
    }
    let mut identities = BTreeMap::new();
    if let Some(all) = p.get("resource_identity_schemas") {
        for (name, i) in object(all, &format!("{at}.resource_identity_schemas"))? {
            let at = format!("{at}.resource_identity_schemas[{name:?}]");
            identities.insert(name.clone(), identity(i, &at)?);
        }
    }
    Ok(ProviderSchemas {
        provider,
        resources: schemas("resource_schemas")?,
        data_sources: schemas("data_source_schemas")?,
        ephemeral_resources: schemas("ephemeral_resource_schemas")?,
        list_resources: schemas("list_resource_schemas")?,
        identities,
        actions: schemas("action_schemas")?,
        functions,
    })
}

fn schema(v: &Value, at: &str) -> Result<Schema, String> {
    let s = object(v, at)?;
    let version = version(s, at)?;
    let block = match s.get("block") {
        Some(b) => block(b, &format!("{at}.block"))?,
        None => Block::new(),
    };
    Ok(Schema::new(version, block))
}

/// A schema's `version`; 0 when absent. Terraform prints `uint64(version)`: it is read
/// back the same way.
fn version(o: &Map<String, Value>, at: &str) -> Result<i64, String> {
    match o.get("version") {
        None => Ok(0),
        Some(n) => Ok(i64::from_ne_bytes(
            n.as_u64()
                .ok_or_else(|| format!("{at}.version: expected a whole number, found {n}"))?
                .to_ne_bytes(),
        )),
    }
}

fn block(v: &Value, at: &str) -> Result<Block, String> {
    let b = object(v, at)?;
    let mut out = Block::new();
    if let Some(attrs) = b.get("attributes") {
        for (name, a) in object(attrs, &format!("{at}.attributes"))? {
            out.attributes
                .push(attribute(name, a, &format!("{at}.attributes.{name}"))?);
        }
    }
    if let Some(blocks) = b.get("block_types") {
        for (name, nb) in object(blocks, &format!("{at}.block_types"))? {
            out.block_types
                .push(block_type(name, nb, &format!("{at}.block_types.{name}"))?);
        }
    }
    out.description = string(b, "description", at)?;
    out.description_kind = kind(b, at)?;
    out.deprecated = flag(b, "deprecated", at)?;
    out.deprecation_message = b
        .get("deprecation_message")
        .map(|_| string(b, "deprecation_message", at))
        .transpose()?;
    Ok(out)
}

fn attribute(name: &str, v: &Value, at: &str) -> Result<Attribute, String> {
    let a = object(v, at)?;
    let kind = match (a.get("type"), a.get("nested_type")) {
        (Some(ty), None) => {
            AttributeKind::Type(Type::from_json_value(ty).map_err(|e| format!("{at}.type: {e}"))?)
        }
        (None, Some(nested)) => {
            AttributeKind::Nested(nested_object(nested, &format!("{at}.nested_type"))?)
        }
        _ => {
            return Err(format!(
                "{at}: expected exactly one of type and nested_type"
            ))
        }
    };
    Ok(Attribute {
        name: name.to_owned(),
        kind,
        description: string(a, "description", at)?,
        description_kind: self::kind(a, at)?,
        required: flag(a, "required", at)?,
        optional: flag(a, "optional", at)?,
        computed: flag(a, "computed", at)?,
        sensitive: flag(a, "sensitive", at)?,
        deprecated: flag(a, "deprecated", at)?,
        deprecation_message: a
            .get("deprecation_message")
            .map(|_| string(a, "deprecation_message", at))
            .transpose()?,
        write_only: flag(a, "write_only", at)?,
    })
}

fn nested_object(v: &Value, at: &str) -> Result<NestedObject, String> {
    let o = object(v, at)?;
    let nesting = match o.get("nesting_mode").and_then(Value::as_str) {
        Some("single") => ObjectNesting::Single,
        Some("list") => ObjectNesting::List,
        Some("set") => ObjectNesting::Set,
        Some("map") => ObjectNesting::Map,
        other => {
            return Err(format!(
                "{at}.nesting_mode: expected single, list, set or map, found {other:?}"
            ))
        }
    };
    let mut out = NestedObject::new(nesting);
    if let Some(attrs) = o.get("attributes") {
        for (name, a) in object(attrs, &format!("{at}.attributes"))? {
            out.attributes
                .push(attribute(name, a, &format!("{at}.attributes.{name}"))?);
        }
    }
    Ok(out)
}

fn block_type(name: &str, v: &Value, at: &str) -> Result<NestedBlock, String> {
    let nb = object(v, at)?;
    let nesting = match nb.get("nesting_mode").and_then(Value::as_str) {
        Some("single") => BlockNesting::Single,
        Some("list") => BlockNesting::List,
        Some("set") => BlockNesting::Set,
        Some("map") => BlockNesting::Map,
        Some("group") => BlockNesting::Group,
        other => {
            return Err(format!(
                "{at}.nesting_mode: expected single, list, set, map or group, found {other:?}"
            ))
        }
    };
    let inner = match nb.get("block") {
        Some(b) => block(b, &format!("{at}.block"))?,
        None => Block::new(),
    };
    let count = |key: &str| -> Result<u64, String> {
        nb.get(key).map_or(Ok(0), |n| {
            n.as_u64()
                .ok_or_else(|| format!("{at}.{key}: expected a whole number, found {n}"))
        })
    };
    Ok(NestedBlock::new(name, inner, nesting)
        .min_items(count("min_items")?)
        .max_items(count("max_items")?))
}

fn identity(v: &Value, at: &str) -> Result<IdentitySchema, String> {
    let i = object(v, at)?;
    let mut attributes = Vec::new();
    if let Some(all) = i.get("attributes") {
        for (name, a) in object(all, &format!("{at}.attributes"))? {
            let at = format!("{at}.attributes.{name}");
            let a = object(a, &at)?;
            let ty = a
                .get("type")
                .ok_or_else(|| format!("{at}: no type"))
                .and_then(|t| Type::from_json_value(t).map_err(|e| format!("{at}.type: {e}")))?;
            let required = flag(a, "required_for_import", &at)?;
            let optional = flag(a, "optional_for_import", &at)?;
            if required == optional {
                return Err(format!(
                    "{at}: expected exactly one of required_for_import and optional_for_import to be true, found {}",
                    if required { "both" } else { "neither" }
                ));
            }
            attributes.push(IdentityAttribute {
                name: name.clone(),
                ty,
                description: string(a, "description", &at)?,
                required_for_import: required,
            });
        }
    }
    attributes.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(IdentitySchema { attributes })
}

fn function(v: &Value, at: &str) -> Result<FunctionSignature, String> {
    let f = object(v, at)?;
    let return_type = f
        .get("return_type")
        .ok_or_else(|| format!("{at}: no return_type"))
        .and_then(|t| Type::from_json_value(t).map_err(|e| format!("{at}.return_type: {e}")))?;
    let mut parameters = Vec::new();
    if let Some(all) = f.get("parameters") {
        let all = all
            .as_array()
            .ok_or_else(|| format!("{at}.parameters: expected an array"))?;
        for (i, p) in all.iter().enumerate() {
            parameters.push(parameter(p, &format!("{at}.parameters[{i}]"))?);
        }
    }
    let variadic_parameter = f
        .get("variadic_parameter")
        .map(|p| parameter(p, &format!("{at}.variadic_parameter")))
        .transpose()?;
    Ok(FunctionSignature {
        summary: string(f, "summary", at)?,
        description: string(f, "description", at)?,
        deprecation_message: string(f, "deprecation_message", at)?,
        return_type,
        parameters,
        variadic_parameter,
    })
}

fn parameter(v: &Value, at: &str) -> Result<FunctionParameter, String> {
    let p = object(v, at)?;
    let ty = p
        .get("type")
        .ok_or_else(|| format!("{at}: no type"))
        .and_then(|t| Type::from_json_value(t).map_err(|e| format!("{at}.type: {e}")))?;
    Ok(FunctionParameter {
        name: string(p, "name", at)?,
        description: string(p, "description", at)?,
        is_nullable: flag(p, "is_nullable", at)?,
        ty,
    })
}

fn object<'a>(v: &'a Value, at: &str) -> Result<&'a Map<String, Value>, String> {
    v.as_object()
        .ok_or_else(|| format!("{at}: expected an object, found {}", kind_of(v)))
}

/// A string field; empty when absent.
fn string(o: &Map<String, Value>, key: &str, at: &str) -> Result<String, String> {
    match o.get(key) {
        None => Ok(String::new()),
        Some(Value::String(s)) => Ok(s.clone()),
        Some(other) => Err(format!(
            "{at}.{key}: expected a string, found {}",
            kind_of(other)
        )),
    }
}

/// A boolean field; false when absent.
fn flag(o: &Map<String, Value>, key: &str, at: &str) -> Result<bool, String> {
    match o.get(key) {
        None => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(other) => Err(format!(
            "{at}.{key}: expected true or false, found {}",
            kind_of(other)
        )),
    }
}

fn kind(o: &Map<String, Value>, at: &str) -> Result<StringKind, String> {
    match o.get("description_kind").and_then(Value::as_str) {
        None | Some("plain") => Ok(StringKind::Plain),
        Some("markdown") => Ok(StringKind::Markdown),
        Some(other) => Err(format!(
            "{at}.description_kind: expected plain or markdown, found {other:?}"
        )),
    }
}

fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = r#"{"format_version":"1.0","provider_schemas":{
        "registry.terraform.io/acme/box":{
          "provider":{"version":0,"block":{"attributes":{"root":{"type":"string","description_kind":"plain","required":true}},"description_kind":"plain"}},
          "resource_schemas":{"box_item":{"version":2,"block":{
            "attributes":{"tags":{"type":["map","string"],"description":"Tags","description_kind":"markdown","optional":true,"computed":true},
                          "net":{"nested_type":{"attributes":{"ip":{"type":"string","description_kind":"plain","computed":true}},"nesting_mode":"list"},"description_kind":"plain","optional":true}},
            "block_types":{"disk":{"nesting_mode":"list","block":{"description_kind":"plain","deprecated":true},"min_items":1,"max_items":3}},
            "description_kind":"plain"}}},
          "functions":{"f":{"summary":"S","return_type":["list","number"],"parameters":[{"name":"a","is_nullable":true,"type":"dynamic"}]}}
        },
        "registry.terraform.io/acme/other":{}}}"#;

    #[test]
    fn one_provider_by_its_name() {
        let p = read(DOC, "box").expect("reads");
        assert_eq!(p.provider.block.attributes[0].name, "root");
        let item = &p.resources["box_item"];
        assert_eq!(item.version, 2);
        let tags = item.block.find_attribute("tags").expect("tags");
        assert_eq!(tags.kind, AttributeKind::Type(Type::map(Type::String)));
        assert!(tags.optional && tags.computed && !tags.required);
        assert_eq!(tags.description_kind, StringKind::Markdown);
        let disk = item.block.find_block_type("disk").expect("disk");
        assert_eq!((disk.min_items, disk.max_items), (1, 3));
        assert!(disk.block.deprecated);
        let f = &p.functions["f"];
        assert_eq!(f.return_type, Type::list(Type::Number));
        assert!(f.parameters[0].is_nullable && f.variadic_parameter.is_none());
        assert!(p.data_sources.is_empty() && p.ephemeral_resources.is_empty());
        assert!(p.actions.is_empty());
        assert!(p.list_resources.is_empty() && p.identities.is_empty());
        assert!(read(DOC, "registry.terraform.io/acme/other").is_ok());
    }

    #[test]
    fn list_resources_and_identities() {
        let doc = r#"{"format_version":"1.0","provider_schemas":{"a/b/box":{
            "list_resource_schemas":{"box_item":{"version":0,"block":{"attributes":{"prefix":{"type":"string","optional":true}}}}},
            "resource_identity_schemas":{"box_item":{"version":3,"attributes":{
                "zone":{"type":"string","optional_for_import":true},
                "id":{"type":"number","description":"The ID.","required_for_import":true}}}}}}}"#;
        let p = read(doc, "box").expect("reads");
        let list = &p.list_resources["box_item"];
        assert!(
            list.block
                .find_attribute("prefix")
                .expect("prefix")
                .optional
        );
        let identity = &p.identities["box_item"];
        let attributes: Vec<(&str, &Type, &str, bool)> = (identity.attributes.iter())
            .map(|a| {
                (
                    a.name.as_str(),
                    &a.ty,
                    a.description.as_str(),
                    a.required_for_import,
                )
            })
            .collect();
        assert_eq!(
            attributes,
            [
                ("id", &Type::Number, "The ID.", true),
                ("zone", &Type::String, "", false)
            ]
        );
    }

    #[test]
    fn mistakes_say_where() {
        let cases = [
            (DOC, "nothing", "has no provider \"nothing\"; it has: registry.terraform.io/acme/box"),
            ("[]", "box", "format_version"),
            ("{", "box", "not JSON"),
            (
                r#"{"format_version":"1.0","provider_schemas":{"a/b/box":{"resource_schemas":{"box_x":{"block":{"attributes":{"a":{"type":"strin"}}}}}}}}"#,
                "box",
                "provider_schemas[\"a/b/box\"].resource_schemas[\"box_x\"].block.attributes.a.type: ",
            ),
            (
                r#"{"format_version":"1.0","provider_schemas":{"a/b/box":{"action_schemas":{"box_run":{"block":{"attributes":{"a":{"type":"string","write_only":1}}}}}}}}"#,
                "box",
                "provider_schemas[\"a/b/box\"].action_schemas[\"box_run\"].block.attributes.a.write_only: expected true or false, found a number",
            ),
            (
                r#"{"format_version":"1.0","provider_schemas":{"a/b/box":{"provider":{"block":{"attributes":{"a":{"type":"string","required":"yes"}}}}}}}"#,
                "box",
                ".provider.block.attributes.a.required: expected true or false, found a string",
            ),
            (
                r#"{"format_version":"1.0","provider_schemas":{"a/b/box":{"resource_identity_schemas":{"box_x":{"attributes":{"id":{"type":"string"}}}}}}}"#,
                "box",
                "provider_schemas[\"a/b/box\"].resource_identity_schemas[\"box_x\"].attributes.id: expected exactly one of required_for_import and optional_for_import to be true, found neither",
            ),
            (
                r#"{"format_version":"1.0","provider_schemas":{"a/b/box":{"resource_identity_schemas":{"box_x":{"attributes":{"id":{"type":"string","required_for_import":true,"optional_for_import":true}}}}}}}"#,
                "box",
                "found both",
            ),
            (
                r#"{"format_version":"1.0","provider_schemas":{"a/b/box":{"resource_identity_schemas":{"box_x":{"attributes":{"id":{"required_for_import":true}}}}}}}"#,
                "box",
                "resource_identity_schemas[\"box_x\"].attributes.id: no type",
            ),
            (
                r#"{"format_version":"1.0","provider_schemas":{"a/b/box":{"list_resource_schemas":{"box_x":{"block":{"attributes":{"a":{"type":"string","optional":"no"}}}}}}}}"#,
                "box",
                "list_resource_schemas[\"box_x\"].block.attributes.a.optional: expected true or false, found a string",
            ),
            (
                r#"{"format_version":"1.0","provider_schemas":{"a/box":{},"b/box":{}}}"#,
                "box",
                "several providers named \"box\": a/box, b/box",
            ),
        ];
        for (doc, name, want) in cases {
            let e = read(doc, name).expect_err(want);
            assert!(e.contains(want), "{e}");
        }
    }
}
