//! Byte-literal renderings of schema pieces: attribute lines, block lines, groups, nested
//! schema anchors and descriptions, required blocks, write-only notes.

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
                Block::new().attribute(Attribute::new("x", Type::String)),
                BlockNesting::List,
            )
            .max_items(1),
        ),
    );
    assert!(render(&schema)
        .expect_err("x has no flag")
        .starts_with("b is a block that may be left out and holds an attribute"));
}

/// A server whose `nic` (at most two), `port` and `net.ports` blocks the provider fills in
/// (computed blocks, when `computed`), and whose `label` blocks the configuration may
/// also write (an optional attribute inside).
fn server(computed: bool) -> Schema {
    let flag = |b: NestedBlock| if computed { b.computed() } else { b };
    let mac = || {
        Block::new().attribute(
            Attribute::new("mac", Type::String)
                .computed()
                .description("The MAC address.", StringKind::Plain),
        )
    };
    let label = Block::new().attribute(Attribute::new("text", Type::String).optional().computed());
    Schema::new(
        0,
        Block::new()
            .attribute(Attribute::new("name", Type::String).required())
            .block_type(flag(
                NestedBlock::new(
                    "nic",
                    mac().description("A network interface.", StringKind::Plain),
                    BlockNesting::List,
                )
                .max_items(2),
            ))
            .block_type(flag(NestedBlock::new("port", mac(), BlockNesting::Single)))
            .block_type(flag(NestedBlock::new("label", label, BlockNesting::List)))
            .block_type(NestedBlock::new(
                "net",
                Block::new()
                    .attribute(Attribute::new("cidr", Type::String).required())
                    .block_type(flag(
                        NestedBlock::new("ports", mac(), BlockNesting::Set).max_items(8),
                    )),
                BlockNesting::List,
            )),
    )
}

#[test]
fn computed_blocks_are_read_only_with_or_without_a_maximum() {
    let want = "\
## Schema

### Required

- `name` (String)

### Optional

- `label` (Block List) (see [below for nested schema](#nestedblock--label))
- `net` (Block List) (see [below for nested schema](#nestedblock--net))

### Read-Only

- `nic` (Block List, Max: 2) A network interface. (see [below for nested schema](#nestedblock--nic))
- `port` (Block, Read-only) (see [below for nested schema](#nestedblock--port))

<a id=\"nestedblock--label\"></a>
### Nested Schema for `label`

Optional:

- `text` (String)


<a id=\"nestedblock--net\"></a>
### Nested Schema for `net`

Required:

- `cidr` (String)

Read-Only:

- `ports` (Block Set, Max: 8) (see [below for nested schema](#nestedblock--net--ports))

<a id=\"nestedblock--net--ports\"></a>
### Nested Schema for `net.ports`

Read-Only:

- `mac` (String) The MAC address.



<a id=\"nestedblock--nic\"></a>
### Nested Schema for `nic`

A network interface.

Read-Only:

- `mac` (String) The MAC address.


<a id=\"nestedblock--port\"></a>
### Nested Schema for `port`

Read-Only:

- `mac` (String) The MAC address.
";
    assert_eq!(render(&server(true)).expect("renders"), want);
    // `providers schema -json` prints no computed flag on blocks: the page is the same
    // without it.
    assert_eq!(render(&server(false)).expect("renders"), want);
}

/// A block with a minimum count is required, whatever its nesting, and the sections of
/// nested blocks and nested attributes open with their descriptions.
#[test]
fn required_blocks_and_nested_descriptions() {
    let schema = Schema::new(
        0,
        Block::new()
            .attribute(
                Attribute::nested(
                    "rules",
                    NestedObject::new(ObjectNesting::Map)
                        .attribute(Attribute::new("port", Type::Number).required()),
                )
                .optional()
                .description("Firewall rules by name.\n", StringKind::Plain),
            )
            .block_type(
                NestedBlock::new(
                    "disk",
                    Block::new()
                        .attribute(Attribute::new("size", Type::Number).computed())
                        .block_type(
                            NestedBlock::new(
                                "label",
                                Block::new()
                                    .attribute(Attribute::new("text", Type::String).optional())
                                    .description("A label of the disk.", StringKind::Plain),
                                BlockNesting::Single,
                            )
                            .min_items(1),
                        )
                        .description("A disk: at least one.", StringKind::Markdown),
                    BlockNesting::List,
                )
                .min_items(1),
            )
            .block_type(
                NestedBlock::new(
                    "owner",
                    Block::new().attribute(Attribute::new("name", Type::String).computed()),
                    BlockNesting::Single,
                )
                .min_items(1)
                .max_items(1),
            ),
    );
    let want = "\
## Schema

### Required

- `disk` (Block List, Min: 1) A disk: at least one. (see [below for nested schema](#nestedblock--disk))
- `owner` (Block, Required) (see [below for nested schema](#nestedblock--owner))

### Optional

- `rules` (Attributes Map) Firewall rules by name. (see [below for nested schema](#nestedatt--rules))

<a id=\"nestedblock--disk\"></a>
### Nested Schema for `disk`

A disk: at least one.

Required:

- `label` (Block, Required) A label of the disk. (see [below for nested schema](#nestedblock--disk--label))

Read-Only:

- `size` (Number)

<a id=\"nestedblock--disk--label\"></a>
### Nested Schema for `disk.label`

A label of the disk.

Optional:

- `text` (String)



<a id=\"nestedblock--owner\"></a>
### Nested Schema for `owner`

Read-Only:

- `name` (String)


<a id=\"nestedatt--rules\"></a>
### Nested Schema for `rules`

Firewall rules by name.

Required:

- `port` (Number)
";
    assert_eq!(render(&schema).expect("renders"), want);
}
