//! A schema as `terraform providers schema -json` prints it (Terraform's
//! `internal/command/jsonprovider`).

use std::collections::BTreeMap;

use super::{Attribute, AttributeKind, Block, NestedBlock, Schema};
use crate::go_json::write_go_json_string;
use crate::types::Type;

/// Which Terraform's `terraform providers schema -json` output to reproduce: the releases
/// differ in what they print of a schema.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ProvidersJson {
    /// Terraform 1.11 to 1.14: `write_only`, but no deprecation messages (those releases
    /// do not receive them from providers).
    #[default]
    Terraform1_11,
    /// Terraform 1.15 and later: also `deprecation_message` on attributes and blocks, right
    /// after `deprecated`.
    Terraform1_15,
}

impl Schema {
    /// This schema as `terraform providers schema -json` of Terraform 1.11 to 1.14 prints
    /// it for a resource, data source or provider
    /// ([`Schema::to_providers_json_string`] gives the exact text;
    /// [`Schema::to_providers_json_as`] renders for other releases).
    ///
    /// The format: `{"version":N,"block":{...}}`. A block has `attributes` and
    /// `block_types` (objects keyed by name, left out when empty), `description` (left out
    /// when empty), `description_kind` (always: `"plain"` or `"markdown"`) and `deprecated`
    /// (only when true); an empty block is `{"description_kind":"plain"}`. An attribute has
    /// `type` (its type constraint, optional-attribute markers included) or `nested_type`
    /// (`attributes`, left out when empty, and `nesting_mode`), then `description` (left
    /// out when empty), `description_kind`, and `deprecated`, `required`, `optional`,
    /// `computed`, `sensitive`, `write_only`, each only when true. A block type has
    /// `nesting_mode` (`"single"`, `"list"`, `"set"`, `"map"`, `"group"`), `block`, and
    /// `min_items` and `max_items`, each only when not zero. A negative version prints as
    /// Go's `uint64(version)` does (wrapped around). Deprecation messages are not printed
    /// (see [`ProvidersJson`]), nor is a block's `computed` flag ([`Block::computed`]):
    /// Terraform 1.16, which receives it, prints no field for it.
    ///
    /// A name that occurs twice (an invalid schema) is printed once, with the later
    /// definition, as Terraform's maps would hold it.
    pub fn to_providers_json(&self) -> serde_json::Value {
        self.to_providers_json_as(ProvidersJson::Terraform1_11)
    }

    /// [`Schema::to_providers_json`] as the exact text Terraform prints: compact, keys in
    /// the order above (Go's struct field order), names in byte order, strings escaped as
    /// Go's `encoding/json` escapes them (`<`, `>` and `&` as `\u003c`, `\u003e`,
    /// `\u0026`).
    pub fn to_providers_json_string(&self) -> String {
        self.to_providers_json_string_as(ProvidersJson::Terraform1_11)
    }

    /// [`Schema::to_providers_json`] as the given Terraform release prints it: for
    /// [`ProvidersJson::Terraform1_15`], an attribute or block whose `deprecation_message`
    /// is set and not empty also has `"deprecation_message"` after `deprecated`.
    pub fn to_providers_json_as(&self, release: ProvidersJson) -> serde_json::Value {
        to_value(&schema_node(self, release))
    }

    /// [`Schema::to_providers_json_as`] as the exact text that release prints (see
    /// [`Schema::to_providers_json_string`]).
    pub fn to_providers_json_string_as(&self, release: ProvidersJson) -> String {
        let mut out = Vec::new();
        write(&schema_node(self, release), &mut out);
        // Only valid UTF-8 is written: ASCII syntax, escapes and the bytes of `str`s.
        String::from_utf8(out).unwrap_or_default()
    }
}

impl super::Block {
    /// This block as the given Terraform release prints it inside a schema (the `"block"`
    /// of [`Schema::to_providers_json_string_as`]), as exact text. An action's schema is
    /// printed as `{"block":<this>}`, without a version.
    pub fn to_providers_json_string_as(&self, release: ProvidersJson) -> String {
        let mut out = Vec::new();
        write(&block_node(self, release), &mut out);
        // Only valid UTF-8 is written: ASCII syntax, escapes and the bytes of `str`s.
        String::from_utf8(out).unwrap_or_default()
    }
}

/// A JSON value borrowing from the schema, with keys in output order.
enum Node<'a> {
    Str(&'a str),
    True,
    Uint(u64),
    Type(&'a Type),
    Object(Vec<(&'a str, Node<'a>)>),
}

fn schema_node(schema: &Schema, release: ProvidersJson) -> Node<'_> {
    // Terraform prints `uint64(version)`: a negative version wraps around as in Go.
    let version = u64::from_ne_bytes(schema.version.to_ne_bytes());
    Node::Object(vec![
        ("version", Node::Uint(version)),
        ("block", block_node(&schema.block, release)),
    ])
}

/// An object keyed by `name`, in byte order of names; a later duplicate replaces an
/// earlier one.
fn by_name<'a, T>(
    items: &'a [T],
    name: impl Fn(&'a T) -> &'a str,
    node: impl Fn(&'a T) -> Node<'a>,
) -> Node<'a> {
    let map: BTreeMap<&str, &T> = items.iter().map(|item| (name(item), item)).collect();
    Node::Object(map.into_iter().map(|(k, v)| (k, node(v))).collect())
}

fn description<'a>(fields: &mut Vec<(&'a str, Node<'a>)>, text: &'a str, kind: super::StringKind) {
    if !text.is_empty() {
        fields.push(("description", Node::Str(text)));
    }
    fields.push(("description_kind", Node::Str(kind.as_str())));
}

fn flag<'a>(fields: &mut Vec<(&'a str, Node<'a>)>, key: &'a str, set: bool) {
    if set {
        fields.push((key, Node::True));
    }
}

/// `deprecated`, then (Terraform 1.15 and later) `deprecation_message` when not empty,
/// each left out as Go's `omitempty` leaves it out.
fn deprecation<'a>(
    fields: &mut Vec<(&'a str, Node<'a>)>,
    deprecated: bool,
    message: Option<&'a str>,
    release: ProvidersJson,
) {
    flag(fields, "deprecated", deprecated);
    if release == ProvidersJson::Terraform1_15 {
        if let Some(message) = message.filter(|m| !m.is_empty()) {
            fields.push(("deprecation_message", Node::Str(message)));
        }
    }
}

fn block_node(block: &Block, release: ProvidersJson) -> Node<'_> {
    let mut fields = Vec::with_capacity(6);
    if !block.attributes.is_empty() {
        let attrs = by_name(
            &block.attributes,
            |a| &a.name,
            |a| attribute_node(a, release),
        );
        fields.push(("attributes", attrs));
    }
    if !block.block_types.is_empty() {
        let blocks = by_name(
            &block.block_types,
            |b| &b.type_name,
            |b| block_type_node(b, release),
        );
        fields.push(("block_types", blocks));
    }
    description(&mut fields, &block.description, block.description_kind);
    let message = block.deprecation_message.as_deref();
    deprecation(&mut fields, block.deprecated, message, release);
    Node::Object(fields)
}

fn attribute_node(attr: &Attribute, release: ProvidersJson) -> Node<'_> {
    let mut fields = Vec::with_capacity(11);
    match &attr.kind {
        AttributeKind::Type(ty) => fields.push(("type", Node::Type(ty))),
        AttributeKind::Nested(object) => {
            let mut nested = Vec::with_capacity(2);
            if !object.attributes.is_empty() {
                let attrs = by_name(
                    &object.attributes,
                    |a| &a.name,
                    |a| attribute_node(a, release),
                );
                nested.push(("attributes", attrs));
            }
            nested.push(("nesting_mode", Node::Str(object.nesting.as_str())));
            fields.push(("nested_type", Node::Object(nested)));
        }
    }
    description(&mut fields, &attr.description, attr.description_kind);
    let message = attr.deprecation_message.as_deref();
    deprecation(&mut fields, attr.deprecated, message, release);
    flag(&mut fields, "required", attr.required);
    flag(&mut fields, "optional", attr.optional);
    flag(&mut fields, "computed", attr.computed);
    flag(&mut fields, "sensitive", attr.sensitive);
    flag(&mut fields, "write_only", attr.write_only);
    Node::Object(fields)
}

fn block_type_node(nb: &NestedBlock, release: ProvidersJson) -> Node<'_> {
    let mut fields = vec![
        ("nesting_mode", Node::Str(nb.nesting.as_str())),
        ("block", block_node(&nb.block, release)),
    ];
    if nb.min_items != 0 {
        fields.push(("min_items", Node::Uint(nb.min_items)));
    }
    if nb.max_items != 0 {
        fields.push(("max_items", Node::Uint(nb.max_items)));
    }
    Node::Object(fields)
}

fn to_value(node: &Node<'_>) -> serde_json::Value {
    match node {
        Node::Str(s) => serde_json::Value::String((*s).to_owned()),
        Node::True => serde_json::Value::Bool(true),
        Node::Uint(n) => serde_json::Value::from(*n),
        Node::Type(ty) => ty.to_json_value(),
        Node::Object(fields) => serde_json::Value::Object(
            fields
                .iter()
                .map(|(k, v)| ((*k).to_owned(), to_value(v)))
                .collect(),
        ),
    }
}

fn write(node: &Node<'_>, out: &mut Vec<u8>) {
    match node {
        Node::Str(s) => write_go_json_string(out, s),
        Node::True => out.extend_from_slice(b"true"),
        Node::Uint(n) => out.extend_from_slice(n.to_string().as_bytes()),
        Node::Type(ty) => ty.write_json(out),
        Node::Object(fields) => {
            out.push(b'{');
            for (i, (k, v)) in fields.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write_go_json_string(out, k);
                out.push(b':');
                write(v, out);
            }
            out.push(b'}');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{BlockNesting, NestedObject, ObjectNesting, StringKind};
    use super::*;
    use serde_json::json;

    fn both(s: &Schema) -> (serde_json::Value, String) {
        let text = s.to_providers_json_string();
        let parsed: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
        let value = s.to_providers_json();
        assert_eq!(parsed, value, "the two renderings agree");
        (value, text)
    }

    #[test]
    fn empty_block_has_only_description_kind() {
        let (v, text) = both(&Schema::default());
        assert_eq!(
            v,
            json!({"version": 0, "block": {"description_kind": "plain"}})
        );
        assert_eq!(
            text,
            r#"{"version":0,"block":{"description_kind":"plain"}}"#
        );
    }

    #[test]
    fn a_computed_block_prints_as_terraform_1_16_prints_it() {
        let mac = || Block::new().attribute(Attribute::new("mac", Type::String).computed());
        let with = |block_type: NestedBlock| Schema::new(0, Block::new().block_type(block_type));
        let computed = with(NestedBlock::new("nic", mac(), BlockNesting::List).computed());
        let plain = with(NestedBlock::new("nic", mac(), BlockNesting::List));
        for release in [ProvidersJson::Terraform1_11, ProvidersJson::Terraform1_15] {
            assert_eq!(
                computed.to_providers_json_string_as(release),
                plain.to_providers_json_string_as(release)
            );
        }
        assert_eq!(
            computed.to_providers_json_string(),
            r#"{"version":0,"block":{"block_types":{"nic":{"nesting_mode":"list","block":{"attributes":{"mac":{"type":"string","description_kind":"plain","computed":true}},"description_kind":"plain"}}},"description_kind":"plain"}}"#
        );
    }

    #[test]
    fn block_fields_and_their_order() {
        let s = Schema::new(
            7,
            Block::new()
                .attribute(Attribute::new("z", Type::String).optional())
                .attribute(Attribute::new("a", Type::Bool).required())
                .block_type(NestedBlock::new(
                    "blk",
                    Block::new().deprecated(),
                    BlockNesting::Group,
                ))
                .description("Use <b>this</b> & that", StringKind::Markdown)
                .deprecated(),
        );
        let (_, text) = both(&s);
        assert_eq!(
            text,
            concat!(
                r#"{"version":7,"block":{"attributes":{"#,
                r#""a":{"type":"bool","description_kind":"plain","required":true},"#,
                r#""z":{"type":"string","description_kind":"plain","optional":true}},"#,
                r#""block_types":{"blk":{"nesting_mode":"group","block":{"description_kind":"plain","deprecated":true}}},"#,
                r#""description":"Use \u003cb\u003ethis\u003c/b\u003e \u0026 that","description_kind":"markdown","deprecated":true}}"#
            )
        );
    }

    #[test]
    fn attribute_flags_in_terraform_order() {
        let a = Attribute::new("a", Type::String)
            .required()
            .optional()
            .computed()
            .sensitive()
            .deprecated()
            .description("d", StringKind::Plain);
        let (_, text) = both(&Schema::new(0, Block::new().attribute(a)));
        assert_eq!(
            text,
            concat!(
                r#"{"version":0,"block":{"attributes":{"a":{"type":"string","description":"d","#,
                r#""description_kind":"plain","deprecated":true,"required":true,"optional":true,"#,
                r#""computed":true,"sensitive":true}},"description_kind":"plain"}}"#
            )
        );
    }

    #[test]
    fn write_only_comes_last() {
        let a = Attribute::new("a", Type::String)
            .optional()
            .sensitive()
            .write_only()
            .deprecated();
        let (_, text) = both(&Schema::new(0, Block::new().attribute(a)));
        assert_eq!(
            text,
            concat!(
                r#"{"version":0,"block":{"attributes":{"a":{"type":"string","#,
                r#""description_kind":"plain","deprecated":true,"optional":true,"#,
                r#""sensitive":true,"write_only":true}},"description_kind":"plain"}}"#
            )
        );
        let n = NestedObject::new(ObjectNesting::Single)
            .attribute(Attribute::new("x", Type::Number).required().write_only());
        let s = Schema::new(
            0,
            Block::new().attribute(Attribute::nested("n", n).optional()),
        );
        let (v, _) = both(&s);
        assert_eq!(
            v["block"]["attributes"]["n"]["nested_type"]["attributes"]["x"],
            json!({"type": "number", "description_kind": "plain", "required": true, "write_only": true})
        );
    }

    /// A schema with a deprecation message on an attribute, a nested attribute's attribute,
    /// a block type's block and the root block.
    fn with_messages() -> Schema {
        let n = NestedObject::new(ObjectNesting::List).attribute(
            Attribute::new("x", Type::Number)
                .optional()
                .deprecation_message("x & y"),
        );
        Schema::new(
            0,
            Block::new()
                .attribute(
                    Attribute::new("a", Type::String)
                        .optional()
                        .deprecation_message("Use <b>."),
                )
                .attribute(Attribute::nested("n", n).optional())
                .block_type(NestedBlock::new(
                    "blk",
                    Block::new().deprecation_message("Gone."),
                    BlockNesting::List,
                ))
                .deprecation_message("Use other_thing."),
        )
    }

    #[test]
    fn deprecation_messages_are_not_printed_before_terraform_1_15() {
        let s = with_messages();
        let (v, text) = both(&s);
        assert_eq!(
            text,
            concat!(
                r#"{"version":0,"block":{"attributes":{"#,
                r#""a":{"type":"string","description_kind":"plain","deprecated":true,"optional":true},"#,
                r#""n":{"nested_type":{"attributes":{"x":{"type":"number","description_kind":"plain","#,
                r#""deprecated":true,"optional":true}},"nesting_mode":"list"},"description_kind":"plain","optional":true}},"#,
                r#""block_types":{"blk":{"nesting_mode":"list","block":{"description_kind":"plain","deprecated":true}}},"#,
                r#""description_kind":"plain","deprecated":true}}"#
            )
        );
        assert_eq!(s.to_providers_json_as(ProvidersJson::Terraform1_11), v);
        assert_eq!(ProvidersJson::default(), ProvidersJson::Terraform1_11);
    }

    #[test]
    fn terraform_1_15_prints_deprecation_messages_after_deprecated() {
        let s = with_messages();
        let text = s.to_providers_json_string_as(ProvidersJson::Terraform1_15);
        assert_eq!(
            text,
            concat!(
                r#"{"version":0,"block":{"attributes":{"#,
                r#""a":{"type":"string","description_kind":"plain","deprecated":true,"#,
                r#""deprecation_message":"Use \u003cb\u003e.","optional":true},"#,
                r#""n":{"nested_type":{"attributes":{"x":{"type":"number","description_kind":"plain","#,
                r#""deprecated":true,"deprecation_message":"x \u0026 y","optional":true}},"#,
                r#""nesting_mode":"list"},"description_kind":"plain","optional":true}},"#,
                r#""block_types":{"blk":{"nesting_mode":"list","block":{"description_kind":"plain","#,
                r#""deprecated":true,"deprecation_message":"Gone."}}},"#,
                r#""description_kind":"plain","deprecated":true,"deprecation_message":"Use other_thing."}}"#
            )
        );
        let parsed: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
        assert_eq!(parsed, s.to_providers_json_as(ProvidersJson::Terraform1_15));
        // An empty message is left out, as Go's `omitempty` leaves it out.
        let mut empty = Attribute::new("e", Type::String).optional().deprecated();
        empty.deprecation_message = Some(String::new());
        let s = Schema::new(0, Block::new().attribute(empty));
        let v = s.to_providers_json_as(ProvidersJson::Terraform1_15);
        assert!(v["block"]["attributes"]["e"]
            .get("deprecation_message")
            .is_none());
        assert_eq!(v["block"]["attributes"]["e"]["deprecated"], json!(true));
    }

    #[test]
    fn types_keep_optional_markers() {
        let ty =
            Type::from_json(br#"["object",{"a":"string","opt":"number"},["opt"]]"#).expect("valid");
        let s = Schema::new(
            0,
            Block::new().attribute(Attribute::new("o", ty).optional()),
        );
        let (v, _) = both(&s);
        assert_eq!(
            v["block"]["attributes"]["o"]["type"],
            json!(["object", {"a": "string", "opt": "number"}, ["opt"]])
        );
    }

    #[test]
    fn nested_attributes() {
        let n = NestedObject::new(ObjectNesting::Map)
            .attribute(Attribute::new("x", Type::Number).computed());
        let s = Schema::new(
            0,
            Block::new()
                .attribute(Attribute::nested("n", n).optional())
                .attribute(
                    Attribute::nested("e", NestedObject::new(ObjectNesting::Set)).computed(),
                ),
        );
        let (_, text) = both(&s);
        assert_eq!(
            text,
            concat!(
                r#"{"version":0,"block":{"attributes":{"#,
                r#""e":{"nested_type":{"nesting_mode":"set"},"description_kind":"plain","computed":true},"#,
                r#""n":{"nested_type":{"attributes":{"x":{"type":"number","description_kind":"plain","computed":true}},"#,
                r#""nesting_mode":"map"},"description_kind":"plain","optional":true}},"#,
                r#""description_kind":"plain"}}"#
            )
        );
        let single = NestedObject::new(ObjectNesting::Single)
            .attribute(Attribute::new("x", Type::Number).computed());
        let list = NestedObject {
            nesting: ObjectNesting::List,
            ..single.clone()
        };
        for (o, mode) in [(single, "single"), (list, "list")] {
            let s = Schema::new(0, Block::new().attribute(Attribute::nested("n", o)));
            let (v, _) = both(&s);
            assert_eq!(
                v["block"]["attributes"]["n"]["nested_type"]["nesting_mode"],
                json!(mode)
            );
        }
    }

    #[test]
    fn block_types_with_limits() {
        let modes = [
            (BlockNesting::Single, "single"),
            (BlockNesting::List, "list"),
            (BlockNesting::Set, "set"),
            (BlockNesting::Map, "map"),
            (BlockNesting::Group, "group"),
        ];
        for (n, name) in modes {
            let s = Schema::new(
                0,
                Block::new().block_type(NestedBlock::new("b", Block::new(), n)),
            );
            let (v, _) = both(&s);
            assert_eq!(
                v["block"]["block_types"]["b"],
                json!({"nesting_mode": name, "block": {"description_kind": "plain"}})
            );
        }
        let s = Schema::new(
            0,
            Block::new().block_type(
                NestedBlock::new("b", Block::new(), BlockNesting::List)
                    .min_items(1)
                    .max_items(u64::MAX),
            ),
        );
        let (_, text) = both(&s);
        assert_eq!(
            text,
            concat!(
                r#"{"version":0,"block":{"block_types":{"b":{"nesting_mode":"list","#,
                r#""block":{"description_kind":"plain"},"min_items":1,"max_items":18446744073709551615}},"#,
                r#""description_kind":"plain"}}"#
            )
        );
        let s = Schema::new(
            0,
            Block::new()
                .block_type(NestedBlock::new("b", Block::new(), BlockNesting::List).max_items(2)),
        );
        let (v, _) = both(&s);
        assert_eq!(v["block"]["block_types"]["b"]["max_items"], json!(2));
        assert!(v["block"]["block_types"]["b"].get("min_items").is_none());
    }

    #[test]
    fn negative_version_wraps_as_in_go() {
        let (v, text) = both(&Schema::new(-1, Block::new()));
        assert_eq!(v["version"], json!(u64::MAX));
        assert!(text.starts_with(r#"{"version":18446744073709551615,"#));
    }

    #[test]
    fn duplicate_names_print_the_later_definition() {
        let s = Schema::new(
            0,
            Block::new()
                .attribute(Attribute::new("a", Type::String).optional())
                .attribute(Attribute::new("a", Type::Number).required()),
        );
        let (v, _) = both(&s);
        assert_eq!(
            v["block"]["attributes"],
            json!({"a": {"type": "number", "description_kind": "plain", "required": true}})
        );
    }

    #[test]
    fn names_are_escaped_and_sorted_bytewise() {
        let s = Schema::new(
            0,
            Block::new()
                .attribute(Attribute::new("b", Type::String).optional())
                .attribute(Attribute::new("B<", Type::String).optional())
                .attribute(Attribute::new("_", Type::String).optional()),
        );
        let text = s.to_providers_json_string();
        let b = text.find(r#""B\u003c""#).expect("escaped");
        let u = text.find(r#""_""#).expect("present");
        let l = text.find(r#""b""#).expect("present");
        assert!(b < u && u < l, "{text}");
    }
}
