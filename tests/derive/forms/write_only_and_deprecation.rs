//! Write-only attributes and deprecation messages: the schema flags from `#[tf(write_only)]`
//! and `#[tf(deprecation_message = "...")]` (on attributes, nested attributes, blocks and the
//! struct), and the schema walks the provider framework runs over such models' values.

use super::common::{opt, req, round_trip, strings, wire_of, PLAIN};
use tfvalue::schema::{
    Attribute, Block, BlockNesting, NestedBlock, NestedObject, ObjectNesting, ProvidersJson, Schema,
};
use tfvalue::{Nullable, TfSchema, Unknown, Value};

/// A write-only attribute through an alias: judged by its type, as if spelled out.
type Secret = Nullable<String>;

/// A database.
#[derive(TfSchema, Debug, PartialEq)]
#[tf(deprecation_message = "Use example_database_v2.")]
pub(crate) struct Database {
    pub(crate) name: String,
    #[tf(write_only, sensitive)]
    pub(crate) password: Nullable<String>,
    /// Required in configuration, null in plan and state.
    #[tf(required, write_only)]
    pub(crate) token: Option<String>,
    #[tf(write_only)]
    pub(crate) aliased: Secret,
    #[tf(optional, write_only)]
    pub(crate) from_ephemeral: Unknown<Nullable<String>>,
    #[tf(deprecation_message = "Use `region`.")]
    pub(crate) zone: Option<String>,
    #[tf(deprecated)]
    pub(crate) legacy: Option<bool>,
    #[tf(nested, deprecation_message = "Use `users`.")]
    pub(crate) credentials: Nullable<Vec<Credential>>,
    #[tf(block, deprecation_message = "Backups are automatic now.")]
    pub(crate) backup: Option<Backup>,
    #[tf(block, deprecated)]
    pub(crate) replica: Vec<Backup>,
}

#[derive(TfSchema, Debug, PartialEq)]
pub(crate) struct Credential {
    pub(crate) user: String,
    #[tf(write_only)]
    pub(crate) key: Nullable<String>,
}

#[derive(TfSchema, Debug, PartialEq)]
pub(crate) struct Backup {
    pub(crate) bucket: String,
    #[tf(write_only)]
    pub(crate) access_key: Nullable<String>,
}

fn backup_block() -> Block {
    Block::new()
        .attribute(req("bucket", "\"string\""))
        .attribute(opt("access_key", "\"string\"").write_only())
}

fn expected_schema() -> Schema {
    let credential = NestedObject::new(ObjectNesting::List)
        .attribute(req("user", "\"string\""))
        .attribute(opt("key", "\"string\"").write_only());
    Schema::new(
        0,
        Block::new()
            .attribute(req("name", "\"string\""))
            .attribute(opt("password", "\"string\"").write_only().sensitive())
            .attribute(
                req("token", "\"string\"")
                    .write_only()
                    .description("Required in configuration, null in plan and state.", PLAIN),
            )
            // The alias is judged by its type: nullable, so optional, as if spelled out.
            .attribute(opt("aliased", "\"string\"").write_only())
            .attribute(opt("from_ephemeral", "\"string\"").write_only())
            .attribute(opt("zone", "\"string\"").deprecation_message("Use `region`."))
            .attribute(opt("legacy", "\"bool\"").deprecated())
            .attribute(
                Attribute::nested("credentials", credential)
                    .optional()
                    .deprecation_message("Use `users`."),
            )
            .block_type(NestedBlock::new(
                "backup",
                backup_block().deprecation_message("Backups are automatic now."),
                BlockNesting::Single,
            ))
            .block_type(NestedBlock::new(
                "replica",
                backup_block().deprecated(),
                BlockNesting::List,
            ))
            .description("A database.", PLAIN)
            .deprecation_message("Use example_database_v2."),
    )
}

#[test]
fn schema_flags() {
    let schema = Database::schema();
    let expected = expected_schema();
    for (d, e) in schema
        .block
        .attributes
        .iter()
        .zip(&expected.block.attributes)
    {
        assert_eq!(d, e, "attribute {}", e.name);
    }
    assert_eq!(schema, &expected);
    schema.validate().expect("a valid schema");
    // As Terraform prints it.
    let json = schema.to_providers_json();
    let attrs = &json["block"]["attributes"];
    assert_eq!(attrs["password"]["write_only"], true);
    assert_eq!(
        attrs["credentials"]["nested_type"]["attributes"]["key"]["write_only"],
        true
    );
    assert!(attrs["zone"].get("deprecation_message").is_none());
    let json = schema.to_providers_json_as(ProvidersJson::Terraform1_15);
    assert_eq!(
        json["block"]["attributes"]["zone"]["deprecation_message"],
        "Use `region`."
    );
    assert_eq!(
        json["block"]["block_types"]["backup"]["block"]["deprecation_message"],
        "Backups are automatic now."
    );
    assert_eq!(
        json["block"]["deprecation_message"],
        "Use example_database_v2."
    );
}

const CONFIG: &str = r#"{"name":"db","password":"pw","token":"t","aliased":"a",
    "from_ephemeral":null,"zone":"z","legacy":null,
    "credentials":[{"user":"u","key":"k"}],
    "backup":{"bucket":"b","access_key":"ak"},"replica":[]}"#;

#[test]
fn walks_over_a_configuration() {
    let bytes = wire_of::<Database>(CONFIG);
    let schema = Database::schema();
    let mut value = Value::from_msgpack(&bytes, schema.object_type()).expect("decodes");
    assert_eq!(
        strings(&schema.block.write_only_set_in(&value)),
        [
            ".password",
            ".token",
            ".aliased",
            ".credentials[0].key",
            ".backup.access_key"
        ]
    );
    let deprecated: Vec<(String, String)> = schema
        .block
        .deprecated_set_in(&value)
        .into_iter()
        .map(|(p, m)| (p.to_string(), m))
        .collect();
    assert_eq!(
        deprecated,
        [
            (String::new(), "Use example_database_v2.".to_owned()),
            (".zone".to_owned(), "Use `region`.".to_owned()),
            (".credentials".to_owned(), "Use `users`.".to_owned()),
            (
                ".backup".to_owned(),
                "Backups are automatic now.".to_owned()
            ),
        ]
    );

    // The configuration decodes into the model; the planned state is it without the
    // write-only values, and decodes too.
    let config: Database = round_trip(&bytes);
    assert_eq!(config.password, Nullable::Value("pw".to_owned()));
    assert_eq!(config.token.as_deref(), Some("t"));
    schema.block.null_write_only(&mut value);
    assert!(schema.block.write_only_set_in(&value).is_empty());
    let planned: Database = round_trip(&value.to_msgpack(schema.object_type()).expect("encodes"));
    assert_eq!(
        planned,
        Database {
            password: Nullable::Null,
            token: None,
            aliased: Nullable::Null,
            credentials: Nullable::Value(vec![Credential {
                user: "u".to_owned(),
                key: Nullable::Null,
            }]),
            backup: Some(Backup {
                bucket: "b".to_owned(),
                access_key: Nullable::Null,
            }),
            ..config
        }
    );
}
