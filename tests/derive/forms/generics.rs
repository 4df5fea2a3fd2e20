//! Generic structs and lifetimes.

use super::common::{opt, round_trip, wire_of};
use super::nested_blocks::{b, b_block, B, UNDESCRIBED};
use super::rust_types::{inside, obj, Obj, OBJ};
use std::borrow::Cow;
use std::collections::BTreeMap;
use tfvalue::schema::{Block, BlockNesting, NestedBlock, Schema};
use tfvalue::{Nullable, TfSchema, TfType, Value};
use tfvalue_suite::to_hex;

#[derive(TfSchema, Debug, PartialEq)]
pub(crate) struct G<T> {
    pub(crate) v: Nullable<T>,
}

#[derive(TfSchema, Debug, PartialEq)]
struct Holder<T: TfSchema> {
    #[tf(block)]
    items: Vec<T>,
    #[tf(block)]
    one: Option<T>,
}

#[test]
fn generic_structs() {
    assert_eq!(
        G::<u8>::schema(),
        &Schema::new(0, Block::new().attribute(opt("v", "\"number\"")))
    );
    assert_eq!(
        G::<String>::schema(),
        &Schema::new(0, Block::new().attribute(opt("v", "\"string\"")))
    );
    assert_eq!(
        G::<Vec<bool>>::schema(),
        &Schema::new(0, Block::new().attribute(opt("v", r#"["list","bool"]"#)))
    );
    assert_eq!(
        G::<Obj>::schema(),
        &Schema::new(0, Block::new().attribute(opt("v", OBJ)))
    );
    // One schema per type, built once.
    assert!(std::ptr::eq(G::<u8>::schema(), G::<u8>::schema()));
    assert!(!std::ptr::eq(G::<u8>::schema(), G::<u16>::schema()));
    assert_eq!(
        G::<u8>::tf_type().to_json(),
        r#"["object",{"v":"number"},["v"]]"#
    );
    assert_eq!(
        G::<G<String>>::tf_type().to_json(),
        r#"["object",{"v":["object",{"v":"string"},["v"]]},["v"]]"#
    );

    let m: G<u8> = round_trip(&wire_of::<G<u8>>(r#"{"v":7}"#));
    assert_eq!(m.v, Nullable::Value(7));
    let m: G<Vec<bool>> = round_trip(&wire_of::<G<Vec<bool>>>(r#"{"v":[true]}"#));
    assert_eq!(m.v, Nullable::Value(vec![true]));
    let m: G<Obj> = round_trip(&wire_of::<G<Obj>>(r#"{"v":{"a":"x"}}"#));
    assert_eq!(m.v, Nullable::Value(obj("x", None, None)));
    let m: G<Value> = round_trip(&wire_of::<G<Value>>(r#"{"v":null}"#));
    assert!(m.v.is_null());

    // Blocks of a type parameter.
    let schema = Holder::<B>::schema();
    assert_eq!(
        schema,
        &Schema::new(
            0,
            Block::new()
                .block_type(NestedBlock::new(
                    "items",
                    b_block(UNDESCRIBED),
                    BlockNesting::List
                ))
                .block_type(NestedBlock::new(
                    "one",
                    b_block(UNDESCRIBED),
                    BlockNesting::Single
                ))
        )
    );
    let m: Holder<B> = round_trip(&wire_of::<Holder<B>>(
        r#"{"items":[{"v":"a"}],"one":{"v":"b"}}"#,
    ));
    assert_eq!(m.items, [b("a")]);
    assert_eq!(m.one, Some(b("b")));
}

#[derive(TfSchema, Debug, PartialEq)]
pub(crate) struct Part<'a> {
    pub(crate) label: &'a str,
}

#[derive(TfSchema, Debug, PartialEq)]
pub(crate) struct Borrowed<'a> {
    pub(crate) name: &'a str,
    pub(crate) cow: Cow<'a, str>,
    pub(crate) tags: Nullable<BTreeMap<&'a str, &'a str>>,
    #[tf(block)]
    pub(crate) part: Vec<Part<'a>>,
}

#[derive(TfSchema, Debug, PartialEq)]
pub(crate) struct Mixed<'a, T> {
    pub(crate) s: &'a str,
    pub(crate) v: Vec<T>,
}

#[test]
fn lifetimes_borrow_from_the_input() {
    let json = r#"{"name":"vm","cow":"c","tags":{"env":"prod"},"part":[{"label":"p0"}]}"#;
    let bytes = wire_of::<Borrowed<'static>>(json);
    let m: Borrowed<'_> = tfvalue::msgpack::from_slice(&bytes).expect("decode");
    assert_eq!(m.name, "vm");
    assert!(inside(m.name, &bytes));
    let tags = m.tags.as_value().expect("tags");
    let (k, v) = tags.iter().next().expect("one tag");
    assert!(inside(k, &bytes) && inside(v, &bytes));
    assert_eq!((*k, *v), ("env", "prod"));
    assert!(inside(m.part[0].label, &bytes));
    assert_eq!(m.cow, "c");
    assert_eq!(
        to_hex(&tfvalue::msgpack::to_vec(&m).expect("encode")),
        to_hex(&bytes)
    );
    assert_eq!(
        Borrowed::schema().object_type().to_json(),
        r#"["object",{"cow":"string","name":"string","part":["list",["object",{"label":"string"}]],"tags":["map","string"]}]"#
    );

    let bytes = wire_of::<Mixed<'static, u8>>(r#"{"s":"x","v":[1,2]}"#);
    let m: Mixed<'_, u8> = tfvalue::msgpack::from_slice(&bytes).expect("decode");
    assert!(inside(m.s, &bytes));
    assert_eq!(m.v, [1, 2]);
    assert_eq!(
        to_hex(&tfvalue::msgpack::to_vec(&m).expect("encode")),
        to_hex(&bytes)
    );
}
