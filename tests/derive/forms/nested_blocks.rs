//! Nested blocks.

use super::common::{opt, round_trip, strings, wire, wire_of, wire_unknown, PLAIN};
use std::collections::{BTreeMap, HashMap};
use tfvalue::known::UnknownPaths;
use tfvalue::schema::{Block, BlockNesting, NestedBlock, Schema};
use tfvalue::set::Set;
use tfvalue::{Nullable, TfSchema, Unknown, Value};
use tfvalue_suite::to_hex;

/// The block type's Rust documentation: `B` has [no Terraform description](crate).
///
/// ```
/// // Nor do its code samples reach Terraform.
/// ```
#[derive(TfSchema, Debug, PartialEq, Eq, Hash, Clone)]
pub(crate) struct B {
    pub(crate) v: Unknown<Nullable<String>>,
}

#[derive(TfSchema, Debug, PartialEq)]
pub(crate) struct Blocks {
    /// Inferred LIST.
    #[tf(block)]
    pub(crate) list: Vec<B>,
    #[tf(block(list, min_items = 1, max_items = 3))]
    pub(crate) list_x: Vec<B>,
    #[tf(block)]
    pub(crate) set: Set<B>,
    #[tf(block(set, max_items = 2))]
    pub(crate) set_x: Set<B>,
    #[tf(block)]
    pub(crate) map: BTreeMap<String, B>,
    #[tf(block(map))]
    pub(crate) hmap: HashMap<String, B>,
    #[tf(block)]
    pub(crate) single: Option<B>,
    #[tf(block(single))]
    pub(crate) single_x: Nullable<B>,
    /// The group.
    #[tf(block(group))]
    pub(crate) group: B,
}

pub(crate) fn b_block(description: &str) -> Block {
    Block::new()
        .attribute(opt("v", "\"string\""))
        .description(description, PLAIN)
}

/// The description of a block whose field has none and whose type declares none: none.
/// `B`'s Rust documentation is for Rust readers and stays out of the schema.
pub(crate) const UNDESCRIBED: &str = "";

#[test]
fn blocks_schema() {
    let nb = |name: &str, desc: &str, nesting| NestedBlock::new(name, b_block(desc), nesting);
    let expected = Schema::new(
        0,
        Block::new()
            .block_type(nb("list", "Inferred LIST.", BlockNesting::List))
            .block_type(
                nb("list_x", UNDESCRIBED, BlockNesting::List)
                    .min_items(1)
                    .max_items(3),
            )
            .block_type(nb("set", UNDESCRIBED, BlockNesting::Set))
            .block_type(nb("set_x", UNDESCRIBED, BlockNesting::Set).max_items(2))
            .block_type(nb("map", UNDESCRIBED, BlockNesting::Map))
            .block_type(nb("hmap", UNDESCRIBED, BlockNesting::Map))
            .block_type(nb("single", UNDESCRIBED, BlockNesting::Single))
            .block_type(nb("single_x", UNDESCRIBED, BlockNesting::Single))
            .block_type(nb("group", "The group.", BlockNesting::Group)),
    );
    let schema = Blocks::schema();
    for (d, e) in schema
        .block
        .block_types
        .iter()
        .zip(&expected.block.block_types)
    {
        assert_eq!(d, e, "block {}", e.type_name);
    }
    assert_eq!(schema, &expected);
    schema.validate().expect("valid");
    let obj = r#"["object",{"v":"string"}]"#;
    assert_eq!(
        schema.object_type().to_json(),
        format!(
            r#"["object",{{"group":{obj},"hmap":["map",{obj}],"list":["list",{obj}],"list_x":["list",{obj}],"map":["map",{obj}],"set":["set",{obj}],"set_x":["set",{obj}],"single":{obj},"single_x":{obj}}}]"#
        )
    );
    let printed = schema.to_providers_json();
    assert_eq!(printed["block"]["block_types"]["list_x"]["min_items"], 1);
    assert_eq!(printed["block"]["block_types"]["list_x"]["max_items"], 3);
    assert_eq!(printed["block"]["block_types"]["set_x"]["max_items"], 2);
    assert_eq!(
        printed["block"]["block_types"]["group"]["nesting_mode"],
        "group"
    );
    assert_eq!(
        printed["block"]["block_types"]["single_x"]["nesting_mode"],
        "single"
    );
}

pub(crate) fn b(v: &str) -> B {
    B {
        v: Unknown::known(Nullable::Value(v.to_owned())),
    }
}

pub(crate) const BLOCKS_JSON: &str = r#"{"list":[{"v":"l0"},{"v":"l1"}],"list_x":[{"v":"x"}],
    "set":[{"v":"s0"},{"v":"s1"}],"set_x":[],"map":{"a":{"v":"ma"},"b":{}},
    "hmap":{"h":{"v":"mh"}},"single":{"v":"one"},"single_x":null,"group":{"v":"g"}}"#;

#[test]
fn blocks_encode_and_decode() {
    let bytes = wire_of::<Blocks>(BLOCKS_JSON);
    let m: Blocks = round_trip(&bytes);
    assert_eq!(
        m,
        Blocks {
            list: vec![b("l0"), b("l1")],
            list_x: vec![b("x")],
            set: Set::from([b("s0"), b("s1")]),
            set_x: Set::default(),
            map: BTreeMap::from([
                ("a".to_owned(), b("ma")),
                (
                    "b".to_owned(),
                    B {
                        v: Unknown::known(Nullable::Null)
                    }
                )
            ]),
            hmap: HashMap::from([("h".to_owned(), b("mh"))]),
            single: Some(b("one")),
            single_x: Nullable::Null,
            group: b("g"),
        }
    );
    assert!(m.set.eq_in_order(&Set::from([b("s0"), b("s1")])));
    // An absent GROUP block arrives as an object of nulls and goes back as one.
    let empty = wire_of::<Blocks>(
        r#"{"list":[],"list_x":[{}],"set":[],"set_x":[],"map":{},"hmap":{},"group":{}}"#,
    );
    let m: Blocks = round_trip(&empty);
    assert!(m.group.v.is_null());
    assert_eq!((m.single, m.single_x), (None, Nullable::Null));
    // Blocks built in Rust: the group (never null) is written as an object of nulls.
    let built = Blocks {
        list: vec![],
        list_x: vec![B { v: Unknown::null() }],
        set: Set::default(),
        set_x: Set::default(),
        map: BTreeMap::new(),
        hmap: HashMap::new(),
        single: None,
        single_x: Nullable::Null,
        group: B { v: Unknown::null() },
    };
    assert_eq!(
        to_hex(&tfvalue::msgpack::to_vec(&built).expect("encode")),
        to_hex(&empty)
    );
    // Unknown attributes inside blocks of every nesting.
    let planned = wire_unknown(
        Blocks::schema().object_type(),
        BLOCKS_JSON,
        &[
            ".list[1].v",
            ".set[0].v",
            ".map[\"b\"].v",
            ".single.v",
            ".group.v",
        ],
    );
    let m: Blocks = round_trip(&planned);
    assert_eq!(
        strings(&m.unknown_paths()),
        [
            ".list[1].v",
            ".set[0].v",
            ".map[\"b\"].v",
            ".single.v",
            ".group.v"
        ]
    );
}

/// Whole block collections may arrive unknown (`dynamic` blocks with an unknown
/// `for_each`).
#[derive(TfSchema, Debug, PartialEq)]
pub(crate) struct UnknownBlocks {
    #[tf(block(list, min_items = 1, max_items = 2))]
    pub(crate) list: Unknown<Vec<B>>,
    #[tf(block(set, max_items = 1))]
    pub(crate) set: Unknown<Set<B>>,
    #[tf(block)]
    pub(crate) map: Unknown<BTreeMap<String, B>>,
    #[tf(block)]
    pub(crate) single: Unknown<Option<B>>,
    #[tf(block(group))]
    pub(crate) group: Unknown<B>,
}

#[test]
fn unknown_block_collections() {
    let schema = UnknownBlocks::schema();
    let nestings: Vec<_> = schema
        .block
        .block_types
        .iter()
        .map(|b| (b.type_name.as_str(), b.nesting, b.min_items, b.max_items))
        .collect();
    assert_eq!(
        nestings,
        [
            ("list", BlockNesting::List, 1, 2),
            ("set", BlockNesting::Set, 0, 1),
            ("map", BlockNesting::Map, 0, 0),
            ("single", BlockNesting::Single, 0, 0),
            ("group", BlockNesting::Group, 0, 0),
        ]
    );
    let json = r#"{"list":[{"v":"a"}],"set":[],"map":{},"single":null,"group":{}}"#;
    let all = wire_unknown(
        schema.object_type(),
        json,
        &[".list", ".set", ".map", ".single", ".group"],
    );
    // {"group": <unknown>, "list": <unknown>, "map": <unknown>, "set": <unknown>, "single": <unknown>}
    let mut expected = vec![0x85];
    for key in ["group", "list", "map", "set", "single"] {
        expected.push(0xa0 | u8::try_from(key.len()).expect("short"));
        expected.extend_from_slice(key.as_bytes());
        expected.extend_from_slice(&[0xd4, 0x00, 0x00]);
    }
    assert_eq!(to_hex(&all), to_hex(&expected));
    let m: UnknownBlocks = round_trip(&all);
    assert!(m.list.is_unknown() && m.set.is_unknown() && m.map.is_unknown());
    assert!(m.single.is_unknown() && m.group.is_unknown());
    assert_eq!(
        strings(&m.unknown_paths()),
        [".list", ".set", ".map", ".single", ".group"]
    );
    // Known collections.
    let known: UnknownBlocks = round_trip(&wire(schema.object_type(), json));
    assert_eq!(known.list, Unknown::known(vec![b("a")]));
    assert_eq!(known.single, Unknown::known(None));
}

/// One LIST block type with limits, the collection itself possibly unknown.
#[derive(TfSchema, Debug, PartialEq)]
struct OnlyList {
    #[tf(block(list, min_items = 1, max_items = 2))]
    disk: Unknown<Vec<B>>,
}

#[test]
fn unknown_list_block_literal_bytes() {
    // {"disk": <unknown>}
    let bytes = [0x81, 0xa4, b'd', b'i', b's', b'k', 0xd4, 0x00, 0x00];
    let m: OnlyList = round_trip(&bytes);
    assert!(m.disk.is_unknown());
    assert_eq!(strings(&m.unknown_paths()), [".disk"]);
    // Its value against the schema's type is the same.
    let v = Value::from_msgpack(&bytes, OnlyList::schema().object_type()).expect("value");
    assert!(v.attr("disk").is_some_and(Value::is_unknown));
}

/// Rust documentation, kept out of the schema like `B`'s.
#[derive(TfSchema, Debug)]
#[tf(description = "Declared for Terraform.")]
struct Declared {
    v: Unknown<Nullable<String>>,
}

#[derive(TfSchema, Debug)]
struct Described {
    #[tf(block)]
    undocumented: Vec<B>,
    #[tf(block)]
    declared: Vec<Declared>,
    /// The field's own.
    #[tf(block)]
    documented: Vec<Declared>,
}

#[test]
fn a_block_is_described_by_its_field_else_by_what_its_type_declares_never_its_rustdoc() {
    let block = &Described::schema().block;
    let described: Vec<(&str, &str)> = (block.block_types.iter())
        .map(|b| (b.type_name.as_str(), b.block.description.as_str()))
        .collect();
    assert_eq!(
        described,
        [
            ("undocumented", ""),
            ("declared", "Declared for Terraform."),
            ("documented", "The field's own."),
        ]
    );
    // A type's declared description is its own schema's too.
    assert_eq!(
        Declared::schema().block.description,
        "Declared for Terraform."
    );
    assert_eq!(
        <Declared as TfSchema>::block_description(),
        Some((
            "Declared for Terraform.",
            tfvalue::schema::StringKind::Plain
        ))
    );
    assert_eq!(<B as TfSchema>::block_description(), None);
}
