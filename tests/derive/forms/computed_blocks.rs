//! Computed blocks (Terraform 1.16): `#[tf(block, computed)]` on a field whose type holds
//! null and unknown. The schema marks the nested block's block computed, the model decodes
//! the null Terraform sends for a block the configuration leaves out and the unknown a plan
//! holds, and the planned companion keeps the field as the model holds it, for the apply
//! to fill in.

use std::collections::BTreeMap;

use super::common::{round_trip, wire_of, wire_unknown};
use tfvalue::known::{IntoKnown, IntoPlanned};
use tfvalue::schema::{Attribute, Block, BlockNesting, NestedBlock, Schema};
use tfvalue::{Nullable, TfSchema, Type, Unknown};

/// A network interface the provider assigns.
#[derive(TfSchema, Debug, PartialEq, Clone)]
#[tf(known_derive(Debug, PartialEq))]
struct Nic {
    #[tf(computed)]
    mac: Unknown<Nullable<String>>,
    /// The configuration may choose the address; the provider fills in the rest.
    #[tf(optional, computed)]
    ip: Unknown<Nullable<String>>,
}

#[derive(TfSchema, Debug, PartialEq, Clone)]
#[tf(known_derive(Debug, PartialEq))]
struct Server {
    name: Unknown<String>,
    #[tf(block, computed)]
    nic: Unknown<Nullable<Vec<Nic>>>,
    #[tf(block, computed)]
    console: Unknown<Option<Nic>>,
    #[tf(block(map), computed)]
    port: Unknown<Nullable<BTreeMap<String, Nic>>>,
}

fn nic_block() -> Block {
    Block::new()
        .attribute(Attribute::new("mac", Type::String).computed())
        .attribute(
            Attribute::new("ip", Type::String)
                .optional()
                .computed()
                .description(
                    "The configuration may choose the address; the provider fills in the rest.",
                    tfvalue::schema::StringKind::Plain,
                ),
        )
        .description(
            "A network interface the provider assigns.",
            tfvalue::schema::StringKind::Plain,
        )
}

#[test]
fn the_schema_marks_the_blocks_computed() {
    let expected = Schema::new(
        0,
        Block::new()
            .attribute(Attribute::new("name", Type::String).required())
            .block_type(NestedBlock::new("nic", Block::new(), BlockNesting::List).computed())
            .block_type(NestedBlock::new("console", Block::new(), BlockNesting::Single).computed())
            .block_type(NestedBlock::new("port", Block::new(), BlockNesting::Map).computed()),
    );
    let schema = Server::schema();
    assert_eq!(schema.block.attributes, expected.block.attributes);
    for (got, want) in schema
        .block
        .block_types
        .iter()
        .zip(&expected.block.block_types)
    {
        assert_eq!(
            (&got.type_name, got.nesting, got.block.computed),
            (&want.type_name, want.nesting, true)
        );
        assert_eq!(got.block.attributes, nic_block().attributes);
    }
    assert_eq!(schema.block.block_types.len(), 3);
    schema.validate().expect("Terraform accepts the schema");
}

#[test]
fn null_where_left_out_and_unknown_in_a_plan() {
    // What Terraform 1.16 sends for a configuration that leaves every block out.
    let config: Server = round_trip(&wire_of::<Server>(
        r#"{"name":"web","nic":null,"console":null,"port":null}"#,
    ));
    assert!(config.nic.as_known().is_some_and(Nullable::is_null));
    assert!(config.console.as_known().is_some_and(Option::is_none));
    // The framework's plan of a create: the left-out blocks unknown.
    let ty = Server::schema().object_type();
    let planned: Server = round_trip(&wire_unknown(
        ty,
        r#"{"name":"web","nic":null,"console":null,"port":null}"#,
        &[".nic", ".console", ".port"],
    ));
    assert!(planned.nic.is_unknown() && planned.console.is_unknown());
    // The planned companion keeps the computed blocks as the model holds them.
    let at_apply = planned.clone().into_planned().expect("name is known");
    assert_eq!(at_apply.name, "web");
    assert!(at_apply.nic.is_unknown());
    // The applied state, wholly known.
    let state: Server = round_trip(&wire_of::<Server>(
        r#"{"name":"web","nic":[{"mac":"m1","ip":"10.0.0.2"}],"console":null,"port":{}}"#,
    ));
    let known = state.into_known().expect("wholly known");
    let nics = known.nic.as_value().expect("a list, not null");
    assert_eq!(nics.len(), 1, "the known form of a computed list block");
    assert_eq!(nics[0].mac.as_value().map(String::as_str), Some("m1"));
}
