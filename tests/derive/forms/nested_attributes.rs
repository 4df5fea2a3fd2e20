//! Nested attributes (protocol 6).

use super::common::{opt, req, round_trip, strings, wire_of, wire_unknown, PLAIN};
use std::collections::{BTreeMap, HashMap};
use tfvalue::known::UnknownPaths;
use tfvalue::schema::{Attribute, Block, NestedObject, ObjectNesting, Schema};
use tfvalue::set::Set;
use tfvalue::{Nullable, TfSchema, Unknown};

/// Not used: nested attributes have no description of their own.
#[derive(TfSchema, Debug, PartialEq, Clone)]
pub(crate) struct N {
    /// Doc x.
    pub(crate) x: String,
    pub(crate) y: Unknown<Nullable<u32>>,
}

#[derive(TfSchema, Debug, PartialEq)]
pub(crate) struct Nested {
    /// One object.
    #[tf(nested)]
    pub(crate) single: Option<N>,
    #[tf(nested(single))]
    pub(crate) required_single: N,
    #[tf(nested)]
    pub(crate) list: Unknown<Nullable<Vec<N>>>,
    #[tf(nested(list), computed)]
    pub(crate) computed_list: Unknown<Nullable<Vec<N>>>,
    #[tf(nested, optional, computed, sensitive)]
    pub(crate) set: Unknown<Nullable<Set<N>>>,
    #[tf(nested(map), deprecated)]
    pub(crate) map: Nullable<BTreeMap<String, N>>,
    #[tf(nested)]
    pub(crate) hmap: Option<HashMap<String, N>>,
}

fn n_object(nesting: ObjectNesting) -> NestedObject {
    NestedObject::new(nesting)
        .attribute(req("x", "\"string\"").description("Doc x.", PLAIN))
        .attribute(opt("y", "\"number\""))
}

#[test]
fn nested_attributes_schema() {
    let expected = Schema::new(
        0,
        Block::new()
            .attribute(
                Attribute::nested("single", n_object(ObjectNesting::Single))
                    .optional()
                    .description("One object.", PLAIN),
            )
            .attribute(
                Attribute::nested("required_single", n_object(ObjectNesting::Single)).required(),
            )
            .attribute(Attribute::nested("list", n_object(ObjectNesting::List)).optional())
            .attribute(Attribute::nested("computed_list", n_object(ObjectNesting::List)).computed())
            .attribute(
                Attribute::nested("set", n_object(ObjectNesting::Set))
                    .optional()
                    .computed()
                    .sensitive(),
            )
            .attribute(
                Attribute::nested("map", n_object(ObjectNesting::Map))
                    .optional()
                    .deprecated(),
            )
            .attribute(Attribute::nested("hmap", n_object(ObjectNesting::Map)).optional()),
    );
    let schema = Nested::schema();
    for (d, e) in schema
        .block
        .attributes
        .iter()
        .zip(&expected.block.attributes)
    {
        assert_eq!(d, e, "attribute {}", e.name);
    }
    assert_eq!(schema, &expected);
    schema.validate().expect("valid");
    let n = r#"["object",{"x":"string","y":"number"}]"#;
    assert_eq!(
        schema.object_type().to_json(),
        format!(
            r#"["object",{{"computed_list":["list",{n}],"hmap":["map",{n}],"list":["list",{n}],"map":["map",{n}],"required_single":{n},"set":["set",{n}],"single":{n}}}]"#
        )
    );
    let printed = schema.to_providers_json();
    assert_eq!(
        printed["block"]["attributes"]["set"]["nested_type"]["nesting_mode"],
        "set"
    );
}

fn n(x: &str, y: Option<u32>) -> N {
    N {
        x: x.into(),
        y: Unknown::known(y.map_or(Nullable::Null, Nullable::Value)),
    }
}

pub(crate) const NESTED_JSON: &str = r#"{"single":{"x":"s","y":1},"required_single":{"x":"r"},
    "list":[{"x":"l0"},{"x":"l1","y":2}],"computed_list":null,"set":[{"x":"e"}],
    "map":{"k":{"x":"m","y":3}},"hmap":{"h":{"x":"h"}}}"#;

#[test]
fn nested_attributes_encode_and_decode() {
    let bytes = wire_of::<Nested>(NESTED_JSON);
    let m: Nested = round_trip(&bytes);
    assert_eq!(
        m,
        Nested {
            single: Some(n("s", Some(1))),
            required_single: n("r", None),
            list: Unknown::known(Nullable::Value(vec![n("l0", None), n("l1", Some(2))])),
            computed_list: Unknown::known(Nullable::Null),
            set: Unknown::known(Nullable::Value(Set::from([n("e", None)]))),
            map: Nullable::Value(BTreeMap::from([("k".to_owned(), n("m", Some(3)))])),
            hmap: Some(HashMap::from([("h".to_owned(), n("h", None))])),
        }
    );
    // Whole nested attributes unknown, and values inside them.
    let planned = wire_unknown(
        Nested::schema().object_type(),
        NESTED_JSON,
        &[".computed_list", ".set", ".list[1].y", ".single.y"],
    );
    let m: Nested = round_trip(&planned);
    assert_eq!(
        strings(&m.unknown_paths()),
        [".single.y", ".list[1].y", ".computed_list", ".set"]
    );
}
