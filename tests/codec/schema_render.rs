//! The `probe_thing` schema Terraform v1.11.4 was served, built by hand with tfvalue's
//! schema constructors: it equals the served one, its implied type is the type Terraform
//! encoded the payloads against, and it renders as `terraform providers schema -json`
//! printed it (as JSON values and byte for byte).

use serde_json::Value as Json;
use tfvalue::schema::{
    Attribute, Block, BlockNesting, NestedBlock, NestedObject, ObjectNesting, Schema, StringKind,
};
use tfvalue::Type;
use tfvalue_suite::{data, data_text, schema_from_served_json};

fn ty(json: &str) -> Type {
    Type::from_json(json.as_bytes()).expect("valid type constraint")
}

fn attr(name: &str, ty: Type) -> Attribute {
    Attribute::new(name, ty).description(format!("probe attr {name}"), StringKind::Plain)
}

fn v_block() -> Block {
    Block::new().attribute(attr("v", Type::String).optional())
}

/// `probe_thing`, in the order the provider served it.
fn probe_thing() -> Schema {
    let nattr = NestedObject::new(ObjectNesting::List)
        .attribute(attr("x", Type::String).required())
        .attribute(attr("y", Type::Number).optional());
    let block = Block::new()
        .attribute(attr("id", Type::String).computed())
        .attribute(attr("s", Type::String).optional())
        .attribute(attr("n", Type::Number).optional())
        .attribute(attr("n_big", Type::Number).optional())
        .attribute(attr("n_frac", Type::Number).optional())
        .attribute(attr("b", Type::Bool).optional())
        .attribute(attr("ls", Type::list(Type::String)).optional())
        .attribute(attr("ss", Type::set(Type::String)).optional())
        .attribute(attr("mn", Type::map(Type::Number)).optional())
        .attribute(
            attr(
                "obj",
                ty(r#"["object",{"a":"string","opt":"number"},["opt"]]"#),
            )
            .optional(),
        )
        .attribute(attr("dyn", Type::Dynamic).optional())
        .attribute(attr("computed_num", Type::Number).computed())
        .attribute(attr("secret", Type::String).optional().sensitive())
        .attribute(attr("ref", Type::String).optional())
        .attribute(attr("ref_tpl", Type::String).optional())
        // The only attribute served without a description.
        .attribute(Attribute::nested("nattr", nattr).optional())
        .block_type(NestedBlock::new("blk_list", v_block(), BlockNesting::List))
        .block_type(NestedBlock::new("blk_set", v_block(), BlockNesting::Set))
        .block_type(NestedBlock::new(
            "blk_single",
            v_block(),
            BlockNesting::Single,
        ))
        .block_type(NestedBlock::new("blk_map", v_block(), BlockNesting::Map))
        .block_type(NestedBlock::new(
            "blk_group",
            v_block(),
            BlockNesting::Group,
        ))
        .description("probe resource", StringKind::Plain);
    Schema::new(0, block)
}

fn json_file(name: &str) -> Json {
    serde_json::from_slice(&data(name)).expect("valid JSON")
}

fn served() -> Json {
    json_file("terraform/schema-served.json")
}

fn printed() -> Json {
    json_file("terraform/providers-schema.json")["provider_schemas"]["example.com/test/probe"]
        .clone()
}

#[test]
fn hand_built_schema_equals_the_served_one() {
    let served = served();
    let parsed = schema_from_served_json(&served["resource_schemas"]["probe_thing"]);
    assert_eq!(parsed, probe_thing());
    assert!(probe_thing().validate().is_ok());
    let provider = schema_from_served_json(&served["provider"]);
    assert_eq!(provider, Schema::new(0, Block::new()));
}

#[test]
fn implied_type_is_the_wire_type() {
    let want = Type::from_json(&data("terraform/schema.json")).expect("valid type");
    let schema = probe_thing();
    assert_eq!(schema.block.implied_type(), want);
    assert_eq!(schema.object_type(), &want);
    // The object attribute keeps its optional marker in the schema, not on the wire.
    let obj = schema.block.find_attribute("obj").expect("obj");
    assert_eq!(
        obj.implied_type().to_json(),
        r#"["object",{"a":"string","opt":"number"}]"#
    );
}

#[test]
fn renders_as_terraform_providers_schema_json() {
    let printed = printed();
    assert_eq!(
        probe_thing().to_providers_json(),
        printed["resource_schemas"]["probe_thing"]
    );
    assert_eq!(
        Schema::new(0, Block::new()).to_providers_json(),
        printed["provider"]
    );
}

/// The text Terraform printed right after `"<key>":` in providers-schema.json.
fn printed_after(key: &str) -> String {
    let text = data_text("terraform/providers-schema.json");
    let marker = format!("\"{key}\":");
    let start = text.find(&marker).expect("key present") + marker.len();
    text[start..].to_owned()
}

#[test]
fn renders_byte_for_byte() {
    let thing = probe_thing().to_providers_json_string();
    let rest = printed_after("probe_thing");
    assert!(
        rest.starts_with(&thing),
        "\nours:      {thing}\nterraform: {}",
        &rest[..rest.len().min(thing.len() + 40)]
    );
    // What follows is the end of the enclosing object, not more of the schema.
    assert!(rest[thing.len()..].starts_with('}'));

    let provider = Schema::default().to_providers_json_string();
    assert_eq!(
        provider,
        r#"{"version":0,"block":{"description_kind":"plain"}}"#
    );
    assert!(printed_after("provider").starts_with(&format!("{provider},")));
}

#[test]
fn served_parser_reads_every_field() {
    let served = serde_json::json!({
        "version": "3",
        "block": {
            "version": 3,
            "attributes": [
                {"name": "a", "type": ["map", "string"], "description": "*d*",
                 "descriptionKind": "MARKDOWN", "required": true, "sensitive": true,
                 "deprecated": true},
                {"name": "n", "computed": true, "nestedType": {
                    "attributes": [{"name": "x", "type": "bool", "optional": true}],
                    "nesting": "SET"}}
            ],
            "blockTypes": [
                {"typeName": "b", "block": {"deprecated": true}, "nesting": "LIST",
                 "minItems": "1", "maxItems": 4},
                {"typeName": "g", "block": {}, "nesting": "GROUP"}
            ],
            "description": "top",
            "descriptionKind": "PLAIN",
            "deprecated": true
        }
    });
    let want = Schema::new(
        3,
        Block::new()
            .attribute(
                Attribute::new("a", Type::map(Type::String))
                    .description("*d*", StringKind::Markdown)
                    .required()
                    .sensitive()
                    .deprecated(),
            )
            .attribute(
                Attribute::nested(
                    "n",
                    NestedObject::new(ObjectNesting::Set)
                        .attribute(Attribute::new("x", Type::Bool).optional()),
                )
                .computed(),
            )
            .block_type(
                NestedBlock::new("b", Block::new().deprecated(), BlockNesting::List)
                    .min_items(1)
                    .max_items(4),
            )
            .block_type(NestedBlock::new("g", Block::new(), BlockNesting::Group))
            .description("top", StringKind::Plain)
            .deprecated(),
    );
    assert_eq!(schema_from_served_json(&served), want);
}
