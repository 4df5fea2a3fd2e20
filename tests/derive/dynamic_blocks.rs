//! LIST and MAP blocks whose block holds a dynamic attribute: Terraform's implied type for
//! such a collection is `dynamic`, so it travels as `[type, tuple]` (LIST) or
//! `[type, object]` (MAP) rather than as a list or map (hashicorp/terraform configschema's
//! implied-type rules; tests/data has no capture of it, so the expected bytes are built
//! here as a `Value` of that form).

use std::collections::BTreeMap;

use tfvalue::{Nullable, TfSchema, TfType, Type, Unknown, Value};
use tfvalue_suite::to_hex;

#[derive(TfSchema, Debug, PartialEq)]
struct Setting {
    name: Unknown<Nullable<String>>,
    #[tf(optional)]
    value: Value,
}

#[derive(TfSchema, Debug, PartialEq)]
struct Thing {
    #[tf(block)]
    setting: Vec<Setting>,
    #[tf(block)]
    site: BTreeMap<String, Setting>,
    #[tf(block)]
    plain: Vec<Plain>,
}

#[derive(TfSchema, Debug, PartialEq)]
struct Plain {
    n: Nullable<u32>,
}

fn setting(name: &str, value: Value) -> Setting {
    Setting {
        name: Unknown::known(Nullable::Value(name.to_owned())),
        value,
    }
}

#[test]
fn the_implied_type_of_such_blocks_is_dynamic() {
    const {
        assert!(Setting::HAS_DYNAMIC);
        assert!(!Plain::HAS_DYNAMIC);
    }
    let ty = Thing::schema().object_type();
    let attrs = ty.as_object().expect("object");
    assert_eq!(attrs.attr_type("setting"), Some(&Type::Dynamic));
    assert_eq!(attrs.attr_type("site"), Some(&Type::Dynamic));
    assert_eq!(
        attrs.attr_type("plain").map(Type::to_json).as_deref(),
        Some(r#"["list",["object",{"n":"number"}]]"#)
    );
}

#[test]
fn list_and_map_blocks_travel_as_dynamic_values() {
    let thing = Thing {
        setting: vec![
            setting("a", Value::from("x")),
            setting("b", Value::from(5u8)),
        ],
        site: BTreeMap::from([("eu".to_owned(), setting("c", Value::from(true)))]),
        plain: vec![Plain {
            n: Nullable::Value(1),
        }],
    };
    let bytes = tfvalue::msgpack::to_vec(&thing).expect("encodes");

    // The same value built by hand: each block collection a dynamic tuple / object whose
    // elements carry the concrete types of their dynamic attributes.
    let block = |name: &str, v: Value| Value::object([("name", Value::from(name)), ("value", v)]);
    let expected = Value::object([
        (
            "plain",
            Value::list(
                Plain::tf_type(),
                vec![Value::object([("n", Value::from(1u8))])],
            )
            .expect("list"),
        ),
        (
            "setting",
            Value::tuple(vec![
                block("a", Value::from("x")),
                block("b", Value::from(5u8)),
            ]),
        ),
        (
            "site",
            Value::object([("eu", block("c", Value::from(true)))]),
        ),
    ]);
    let ty = Thing::schema().object_type();
    assert_eq!(
        to_hex(&bytes),
        to_hex(&expected.to_msgpack(ty).expect("expected encodes"))
    );
    // The "setting" attribute starts with the dynamic wrapper: [bin(type), value].
    let value = Value::from_msgpack(&bytes, ty).expect("decodes as a Value");
    assert_eq!(
        value
            .attr("setting")
            .map(Value::ty)
            .map(|t| t.to_json())
            .as_deref(),
        Some(
            r#"["tuple",[["object",{"name":"string","value":"string"}],["object",{"name":"string","value":"number"}]]]"#
        )
    );

    let back: Thing = tfvalue::msgpack::from_slice(&bytes).expect("decodes");
    assert_eq!(back, thing);
}

#[test]
fn an_unknown_collection_of_such_blocks_is_a_bare_unknown() {
    #[derive(TfSchema, Debug, PartialEq)]
    struct Holder {
        #[tf(block)]
        setting: Unknown<Vec<Setting>>,
    }
    let h = Holder {
        setting: Unknown::unknown(),
    };
    let bytes = tfvalue::msgpack::to_vec(&h).expect("encodes");
    // {"setting": d4 00 00}
    assert_eq!(to_hex(&bytes), "81a773657474696e67d40000");
    let back: Holder = tfvalue::msgpack::from_slice(&bytes).expect("decodes");
    assert_eq!(back, h);
}
