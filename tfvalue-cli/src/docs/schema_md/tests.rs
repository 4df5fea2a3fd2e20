//! Byte-literal renderings of schema pieces: attribute lines, block lines, groups, nested
//! schema anchors, write-only notes.

use tfvalue::schema::{
    Attribute, Block, BlockNesting, NestedBlock, NestedObject, ObjectNesting, Schema, StringKind,
};
use tfvalue::Type;

use super::*;

#[test]
fn attribute_lines() {
    let a = Attribute::new("token", Type::String)
        .optional()
        .sensitive()
        .deprecated()
        .description("  The token.\n", StringKind::Plain);
    assert_eq!(
        attribute_summary(&a),
        "(String, Sensitive, Deprecated) The token."
    );
    let w = Attribute::new("pw", Type::String).optional().write_only();
    assert_eq!(
        attribute_summary(&w),
        "(String, [Write-only](https://developer.hashicorp.com/terraform/language/resources/ephemeral#write-only-arguments))"
    );
    let n = Attribute::nested("net", NestedObject::new(ObjectNesting::Set)).computed();
    assert_eq!(attribute_summary(&n), "(Attributes Set)");
    let m = Attribute::new("tags", Type::map(Type::list(Type::Bool)))
        .required()
        .description("Tags", StringKind::Markdown);
    assert_eq!(attribute_summary(&m), "(Map of List of Boolean) Tags");
}

#[test]
fn block_lines() {
    let list = NestedBlock::new(
        "disk",
        Block::new().description("A disk.", StringKind::Plain),
        BlockNesting::List,
    )
    .min_items(1)
    .max_items(4);
    assert_eq!(
        block_summary(&list, Group::Required),
        "(Block List, Min: 1, Max: 4) A disk."
    );
    let single = NestedBlock::new("t", Block::new().deprecated(), BlockNesting::Single);
    assert_eq!(
        block_summary(&single, Group::Optional),
        "(Block, Optional, Deprecated)"
    );
    let set = NestedBlock::new("s", Block::new(), BlockNesting::Set).max_items(1);
    assert_eq!(block_summary(&set, Group::Optional), "(Block Set, Max: 1)");
}

#[test]
fn a_whole_schema_with_nested_sections() {
    let object =
        Type::from_json(br#"["object",{"b":"string","a":["list",["object",{"x":"number"}]]}]"#)
            .expect("type");
    let schema = Schema::new(
        0,
        Block::new()
            .attribute(
                Attribute::new("name", Type::String)
                    .required()
                    .description("The name.", StringKind::Plain),
            )
            .attribute(Attribute::new("id", Type::String).computed())
            .attribute(
                Attribute::new("secret_wo", Type::String)
                    .optional()
                    .sensitive()
                    .write_only(),
            )
            .attribute(Attribute::new("info", object).computed())
            .attribute(
                Attribute::nested(
                    "rule",
                    NestedObject::new(ObjectNesting::List)
                        .attribute(Attribute::new("port", Type::Number).required())
                        .attribute(Attribute::new("state", Type::String).computed()),
                )
                .optional(),
            )
            .block_type(NestedBlock::new(
                "timeouts",
                Block::new().attribute(Attribute::new("create", Type::String).optional()),
                BlockNesting::Single,
            )),
    );
    let want = "\
## Schema

### Required

- `name` (String) The name.

### Optional

> **Note:** [Write-only arguments](https://developer.hashicorp.com/terraform/language/resources/ephemeral#write-only-arguments) need Terraform 1.11 or later.

- `rule` (Attributes List) (see [below for nested schema](#nestedatt--rule))
- `secret_wo` (String, Sensitive, [Write-only](https://developer.hashicorp.com/terraform/language/resources/ephemeral#write-only-arguments))
- `timeouts` (Block, Optional) (see [below for nested schema](#nestedblock--timeouts))

### Read-Only

- `id` (String)
- `info` (Object) (see [below for nested schema](#nestedatt--info))

<a id=\"nestedatt--rule\"></a>
### Nested Schema for `rule`

Required:

- `port` (Number)

Read-Only:

- `state` (String)


<a id=\"nestedblock--timeouts\"></a>
### Nested Schema for `timeouts`

Optional:

- `create` (String)


<a id=\"nestedatt--info\"></a>
### Nested Schema for `info`

Read-Only:

- `a` (List of Object) (see [below for nested schema](#nestedobjatt--info--a))
- `b` (String)

<a id=\"nestedobjatt--info--a\"></a>
### Nested Schema for `info.a`

Read-Only:

- `x` (Number)
";
    assert_eq!(render(&schema).expect("renders"), want);
}

#[test]
fn an_empty_schema_is_a_heading() {
    assert_eq!(render(&Schema::default()).expect("renders"), "## Schema\n");
}

#[test]
fn what_fits_no_group_is_an_error() {
    let schema = Schema::new(
        0,
        Block::new().block_type(
            NestedBlock::new(
                "b",
                Block::new().attribute(Attribute::new("x", Type::String)),
                BlockNesting::List,
            )
            .min_items(1),
        ),
    );
    let e = render(&schema).expect_err("x has no flag");
    assert_eq!(e, "b.x is an attribute that is neither required, optional nor computed, which fits none of the groups Required, Optional and Read-Only");
    let schema = Schema::new(
        0,
        Block::new().block_type(
            NestedBlock::new(
                "b",
                Block::new().attribute(Attribute::new("x", Type::String).computed()),
                BlockNesting::List,
            )
            .max_items(1),
        ),
    );
    assert!(render(&schema)
        .expect_err("read-only with a maximum")
        .starts_with("b is a block that may be left out"));
}
