use std::collections::BTreeMap;

use super::super::{NestedObject, StringKind};
use super::*;
use crate::types::Type;

fn s(text: &str) -> Value {
    Value::String(text.to_owned())
}

fn null_s() -> Value {
    Value::null(Type::String)
}

fn path(steps: &[PathStep]) -> AttributePath {
    AttributePath::from_steps(steps.to_vec())
}

fn attr(name: &str) -> PathStep {
    PathStep::Attr(name.to_owned())
}

fn key(k: &str) -> PathStep {
    PathStep::Key(k.to_owned())
}

fn opt(name: &str) -> Attribute {
    Attribute::new(name, Type::String).optional()
}

fn wo(name: &str) -> Attribute {
    opt(name).write_only()
}

/// An object `{keep, secret}`: `secret` is write-only.
fn pair(keep: &str, secret: Value) -> Value {
    Value::object([("keep", s(keep)), ("secret", secret)])
}

fn pair_type() -> Type {
    Type::object([("keep", Type::String), ("secret", Type::String)])
}

fn pair_block() -> Block {
    Block::new().attribute(opt("keep")).attribute(wo("secret"))
}

fn list(elements: Vec<Value>) -> Value {
    Value::list(pair_type(), elements).expect("valid list")
}

fn map(elements: &[(&str, Value)]) -> Value {
    let elements: BTreeMap<String, Value> = elements
        .iter()
        .map(|(k, v)| ((*k).to_owned(), v.clone()))
        .collect();
    Value::map(pair_type(), elements).expect("valid map")
}

/// A schema with a write-only attribute at every kind of place, and a value of it with
/// every one of them set.
fn every_place() -> (Block, Value) {
    let nested = |nesting| {
        Attribute::nested(
            match nesting {
                ObjectNesting::Single => "n_single",
                ObjectNesting::List => "n_list",
                ObjectNesting::Set => "n_set",
                ObjectNesting::Map => "n_map",
            },
            NestedObject::new(nesting)
                .attribute(opt("keep"))
                .attribute(wo("secret")),
        )
        .optional()
    };
    let whole = Attribute::nested(
        "n_whole",
        NestedObject::new(ObjectNesting::List).attribute(opt("keep")),
    )
    .optional()
    .write_only();
    let block = Block::new()
        .attribute(opt("name"))
        .attribute(wo("password"))
        .attribute(nested(ObjectNesting::Single))
        .attribute(nested(ObjectNesting::List))
        .attribute(nested(ObjectNesting::Set))
        .attribute(nested(ObjectNesting::Map))
        .attribute(whole)
        .block_type(NestedBlock::new(
            "b_single",
            pair_block(),
            BlockNesting::Single,
        ))
        .block_type(NestedBlock::new(
            "b_group",
            pair_block(),
            BlockNesting::Group,
        ))
        .block_type(NestedBlock::new("b_list", pair_block(), BlockNesting::List))
        .block_type(NestedBlock::new("b_map", pair_block(), BlockNesting::Map))
        .block_type(NestedBlock::new(
            "b_deep",
            Block::new().block_type(NestedBlock::new("inner", pair_block(), BlockNesting::List)),
            BlockNesting::Single,
        ));
    let set = Value::set(pair_type(), vec![pair("s", s("x"))]).expect("valid set");
    let whole_type = Type::object([("keep", Type::String)]);
    let whole_value =
        Value::list(whole_type, vec![Value::object([("keep", s("w"))])]).expect("valid list");
    let value = Value::object([
        ("name", s("db")),
        ("password", s("hunter2")),
        ("n_single", pair("a", s("x"))),
        ("n_list", list(vec![pair("b", s("x")), pair("c", null_s())])),
        ("n_set", set),
        ("n_map", map(&[("k", pair("d", s("x")))])),
        ("n_whole", whole_value),
        ("b_single", pair("e", Value::unknown(Type::String))),
        ("b_group", pair("f", s("x"))),
        ("b_list", list(vec![pair("g", s("x"))])),
        (
            "b_map",
            map(&[("l1", pair("h", s("x"))), ("l2", pair("i", s("y")))]),
        ),
        (
            "b_deep",
            Value::object([("inner", list(vec![pair("j", s("x"))]))]),
        ),
    ]);
    (block, value)
}

#[test]
fn null_write_only_reaches_every_depth() {
    let (block, mut value) = every_place();
    block.null_write_only(&mut value);
    let cleared = |p: &[PathStep]| value.get(&path(p)).cloned();
    assert_eq!(cleared(&[attr("password")]), Some(null_s()));
    assert_eq!(cleared(&[attr("name")]), Some(s("db")));
    for p in [
        vec![attr("n_single"), attr("secret")],
        vec![attr("n_list"), PathStep::Index(0), attr("secret")],
        vec![attr("n_list"), PathStep::Index(1), attr("secret")],
        vec![attr("n_set"), PathStep::Index(0), attr("secret")],
        vec![attr("n_map"), key("k"), attr("secret")],
        vec![attr("b_single"), attr("secret")],
        vec![attr("b_group"), attr("secret")],
        vec![attr("b_list"), PathStep::Index(0), attr("secret")],
        vec![attr("b_map"), key("l1"), attr("secret")],
        vec![attr("b_map"), key("l2"), attr("secret")],
        vec![
            attr("b_deep"),
            attr("inner"),
            PathStep::Index(0),
            attr("secret"),
        ],
    ] {
        assert_eq!(cleared(&p), Some(null_s()), "{}", path(&p));
        // The sibling stays.
        let mut sibling = p.clone();
        sibling.pop();
        sibling.push(attr("keep"));
        assert!(
            cleared(&sibling).is_some_and(|v| !v.is_null()),
            "{}",
            path(&sibling)
        );
    }
    // A write-only nested attribute is null as a whole, keeping its type.
    let whole = cleared(&[attr("n_whole")]).expect("present");
    assert!(whole.is_null());
    assert_eq!(
        whole.ty().to_json(),
        r#"["list",["object",{"keep":"string"}]]"#
    );
    // Nothing left to find.
    assert!(block.write_only_set_in(&value).is_empty());
}

#[test]
fn write_only_set_in_names_every_non_null_one() {
    let (block, value) = every_place();
    let found: Vec<String> = block
        .write_only_set_in(&value)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        found,
        [
            ".password",
            ".n_single.secret",
            ".n_list[0].secret",
            ".n_set[0].secret",
            r#".n_map["k"].secret"#,
            ".n_whole",
            // Unknown is set.
            ".b_single.secret",
            ".b_group.secret",
            ".b_list[0].secret",
            r#".b_map["l1"].secret"#,
            r#".b_map["l2"].secret"#,
            ".b_deep.inner[0].secret",
        ]
    );
}

#[test]
fn null_and_unknown_parents_are_left_alone() {
    let block = Block::new()
        .attribute(wo("password"))
        .block_type(NestedBlock::new("b", pair_block(), BlockNesting::List))
        .block_type(NestedBlock::new("one", pair_block(), BlockNesting::Single));
    let original = Value::object([
        ("password", null_s()),
        ("b", Value::unknown(Type::list(pair_type()))),
        ("one", Value::null(pair_type())),
    ]);
    let mut value = original.clone();
    block.null_write_only(&mut value);
    assert!(value == original);
    assert!(block.write_only_set_in(&value).is_empty());
    // A whole unknown or null configuration has nothing inside.
    assert!(block
        .write_only_set_in(&Value::unknown(block.implied_type()))
        .is_empty());
    let mut null = Value::null(block.implied_type());
    block.null_write_only(&mut null);
    assert!(null.is_null());
    // A value not of the schema's shape is skipped, not a panic.
    let mut odd = Value::object([("password", s("x")), ("b", s("not a list"))]);
    block.null_write_only(&mut odd);
    assert_eq!(odd.attr("password"), Some(&null_s()));
    assert_eq!(odd.attr("b"), Some(&s("not a list")));
}

#[test]
fn dynamic_list_and_map_blocks_are_walked_in_their_wire_form() {
    // A LIST or MAP block holding a dynamic attribute travels as a tuple or an object.
    let dyn_block = Block::new()
        .attribute(Attribute::new("d", Type::Dynamic).optional())
        .attribute(wo("secret"));
    let block = Block::new()
        .block_type(NestedBlock::new("l", dyn_block.clone(), BlockNesting::List))
        .block_type(NestedBlock::new("m", dyn_block, BlockNesting::Map));
    let element = |d: Value| Value::object([("d", d), ("secret", s("x"))]);
    let mut value = Value::object([
        (
            "l",
            Value::tuple(vec![element(s("a")), element(Value::Bool(true))]),
        ),
        ("m", Value::object([("lbl", element(s("b")))])),
    ]);
    let found: Vec<String> = block
        .write_only_set_in(&value)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        found,
        [".l[0].secret", ".l[1].secret", r#".m["lbl"].secret"#]
    );
    block.null_write_only(&mut value);
    assert!(block.write_only_set_in(&value).is_empty());
    let d = value.get(&path(&[attr("l"), PathStep::Index(1), attr("d")]));
    assert_eq!(d, Some(&Value::Bool(true)));
}

#[test]
fn deprecated_attributes_and_blocks_in_use() {
    let nested = NestedObject::new(ObjectNesting::Map)
        .attribute(Attribute::new("x", Type::String).optional().deprecated());
    let inner = Block::new()
        .attribute(opt("v").deprecation_message("Use w."))
        .deprecated();
    let block = Block::new()
        .attribute(opt("a").deprecated())
        .attribute(opt("unset").deprecated())
        .attribute(opt("fine"))
        .attribute(Attribute::nested("n", nested).optional())
        .block_type(NestedBlock::new("l", inner.clone(), BlockNesting::List))
        .block_type(NestedBlock::new("empty", inner.clone(), BlockNesting::List))
        .block_type(NestedBlock::new("g", inner.clone(), BlockNesting::Group))
        .block_type(NestedBlock::new(
            "g_empty",
            inner.clone(),
            BlockNesting::Group,
        ))
        .block_type(NestedBlock::new("one", inner.clone(), BlockNesting::Single))
        .block_type(NestedBlock::new("none", inner, BlockNesting::Single))
        .description("d", StringKind::Plain)
        .deprecation_message("Use thing_v2.");
    let v_type = Type::object([("v", Type::String)]);
    let x_type = Type::object([("x", Type::String)]);
    let n = Value::map(
        x_type,
        [("k\"q".to_owned(), Value::object([("x", s("1"))]))].into(),
    )
    .expect("valid map");
    let config = Value::object([
        ("a", Value::unknown(Type::String)),
        ("unset", null_s()),
        ("fine", s("ok")),
        ("n", n),
        (
            "l",
            Value::list(
                v_type.clone(),
                vec![
                    Value::object([("v", null_s())]),
                    Value::object([("v", s("set"))]),
                ],
            )
            .expect("valid list"),
        ),
        (
            "empty",
            Value::list(v_type.clone(), vec![]).expect("valid list"),
        ),
        ("g", Value::object([("v", s("set"))])),
        ("g_empty", Value::object([("v", null_s())])),
        ("one", Value::object([("v", null_s())])),
        ("none", Value::null(v_type)),
    ]);
    let found: Vec<(String, String)> = block
        .deprecated_set_in(&config)
        .into_iter()
        .map(|(p, m)| (p.to_string(), m))
        .collect();
    let default = |what: &str, shown: &str| {
        format!("{what} {shown} is deprecated. Refer to the provider documentation for details.")
    };
    assert_eq!(
        found,
        [
            (String::new(), "Use thing_v2.".to_owned()),
            (".a".to_owned(), default("Attribute", r#""a""#)),
            (
                r#".n["k\"q"].x"#.to_owned(),
                default("Attribute", r#""n[\"k\\\"q\"].x""#)
            ),
            (".l".to_owned(), default("Block", r#""l""#)),
            (".l[1].v".to_owned(), "Use w.".to_owned()),
            (".g".to_owned(), default("Block", r#""g""#)),
            (".g.v".to_owned(), "Use w.".to_owned()),
            // A SINGLE block is present when not null, even with nothing set inside.
            (".one".to_owned(), default("Block", r#""one""#)),
        ]
    );
    // The root without a message, and a null configuration.
    let root = Block::new().attribute(opt("a")).deprecated();
    let config = Value::object([("a", null_s())]);
    assert_eq!(
        root.deprecated_set_in(&config),
        [(
            AttributePath::root(),
            "This is deprecated. Refer to the provider documentation for details.".to_owned()
        )]
    );
    assert!(root
        .deprecated_set_in(&Value::null(root.implied_type()))
        .is_empty());
}

#[test]
fn unknown_block_collections_are_present() {
    let block = Block::new()
        .block_type(NestedBlock::new(
            "l",
            pair_block().deprecated(),
            BlockNesting::List,
        ))
        .block_type(NestedBlock::new(
            "m",
            pair_block().deprecated(),
            BlockNesting::Map,
        ));
    let config = Value::object([
        ("l", Value::unknown(Type::list(pair_type()))),
        ("m", map(&[])),
    ]);
    let found: Vec<String> = block
        .deprecated_set_in(&config)
        .iter()
        .map(|(p, _)| p.to_string())
        .collect();
    assert_eq!(found, [".l"]);
}

#[test]
fn computed_blocks_are_named_in_every_enclosing_object() {
    let mac = || Block::new().attribute(Attribute::new("mac", Type::String).computed());
    let mac_type = Type::object([("mac", Type::String)]);
    let port = NestedBlock::new("port", mac(), BlockNesting::Single).computed();
    let nic = Block::new().attribute(opt("keep")).block_type(port);
    let nic_type = Type::object([("keep", Type::String), ("port", mac_type.clone())]);
    let block = Block::new()
        .block_type(NestedBlock::new("top", mac(), BlockNesting::Set).computed())
        .block_type(NestedBlock::new("nic", nic, BlockNesting::Map))
        .block_type(NestedBlock::new("plain", pair_block(), BlockNesting::List));
    let nic_value =
        |keep: &str| Value::object([("keep", s(keep)), ("port", Value::null(mac_type.clone()))]);
    let config = Value::object([
        ("top", Value::null(Type::set(mac_type.clone()))),
        (
            "nic",
            Value::map(
                nic_type.clone(),
                [("a", nic_value("1")), ("b", nic_value("2"))]
                    .into_iter()
                    .map(|(k, v)| (k.to_owned(), v))
                    .collect(),
            )
            .expect("valid map"),
        ),
        ("plain", list(vec![])),
    ]);
    assert_eq!(
        block.computed_blocks_in(&config),
        [
            path(&[attr("top")]),
            path(&[attr("nic"), key("a"), attr("port")]),
            path(&[attr("nic"), key("b"), attr("port")]),
        ]
    );
    // A `dynamic` block over a collection not known yet: the enclosing block is named.
    let mut unknown = config.clone();
    if let Some(nic) = unknown.attr_mut("nic") {
        *nic = Value::unknown(Type::map(nic_type));
    }
    assert_eq!(
        block.computed_blocks_in(&unknown),
        [path(&[attr("top")]), path(&[attr("nic")])]
    );
    assert!(pair_block()
        .computed_blocks_in(&pair("k", null_s()))
        .is_empty());
}
