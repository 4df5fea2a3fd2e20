//! Flags decided by types, not by how they are spelled: a model written with type aliases
//! has exactly the schema, object type and wire form of the same model spelled out.

use super::common::{opt, req, round_trip, wire_of};
use super::rust_types::Obj;
use std::collections::BTreeMap;
use tfvalue::schema::{Attribute, Block, Schema};
use tfvalue::{Nullable, TfSchema, TfType, Type, Unknown, Value};

type Keepers = Unknown<Nullable<BTreeMap<String, String>>>;
type Name = Nullable<String>;
type Count = Unknown<u32>;
type Computed = Unknown<Nullable<String>>;
type Any = Value;
type MaybeAny = Option<Value>;
type Object = Unknown<Nullable<Obj>>;
/// An alias of an alias.
type Label = Unknown<Name>;

// The model written with aliases (no doc comments: they would be descriptions).
#[derive(TfSchema, Debug, PartialEq)]
struct Aliased {
    keepers: Keepers,
    name: Name,
    count: Count,
    #[tf(computed)]
    id: Computed,
    #[tf(optional, computed)]
    region: Computed,
    // `optional` on an alias of a nullable type (what the derive once refused).
    #[tf(optional)]
    tags: Keepers,
    #[tf(required, write_only)]
    token: Name,
    any: Any,
    #[tf(optional)]
    any_optional: Any,
    maybe_any: MaybeAny,
    object: Object,
    label: Label,
}

// The same model spelled out.
#[derive(TfSchema, Debug, PartialEq)]
struct Spelled {
    keepers: Unknown<Nullable<BTreeMap<String, String>>>,
    name: Nullable<String>,
    count: Unknown<u32>,
    #[tf(computed)]
    id: Unknown<Nullable<String>>,
    #[tf(optional, computed)]
    region: Unknown<Nullable<String>>,
    #[tf(optional)]
    tags: Unknown<Nullable<BTreeMap<String, String>>>,
    #[tf(required, write_only)]
    token: Nullable<String>,
    any: Value,
    #[tf(optional)]
    any_optional: Value,
    maybe_any: Option<Value>,
    object: Unknown<Nullable<Obj>>,
    label: Unknown<Nullable<String>>,
}

#[test]
fn aliases_give_the_schema_of_the_spelled_out_model() {
    assert_eq!(Aliased::schema().block, Spelled::schema().block);
    assert_eq!(
        Aliased::schema().object_type(),
        Spelled::schema().object_type()
    );
    assert_eq!(Aliased::tf_type(), Spelled::tf_type());
    // And that schema is the one intended, flag by flag.
    let obj = Obj::tf_type().to_json();
    let expected = Schema::new(
        0,
        Block::new()
            .attribute(opt("keepers", r#"["map","string"]"#))
            .attribute(opt("name", "\"string\""))
            .attribute(req("count", "\"number\""))
            .attribute(Attribute::new("id", Type::String).computed())
            .attribute(opt("region", "\"string\"").computed())
            .attribute(opt("tags", r#"["map","string"]"#))
            .attribute(req("token", "\"string\"").write_only())
            .attribute(req("any", "\"dynamic\""))
            .attribute(opt("any_optional", "\"dynamic\""))
            .attribute(opt("maybe_any", "\"dynamic\""))
            .attribute(opt("object", &obj))
            .attribute(opt("label", "\"string\"")),
    );
    assert_eq!(Aliased::schema(), &expected);
    Aliased::schema().validate().expect("a valid schema");
    // The object type marks exactly the attributes that are not required.
    let ty = Aliased::tf_type();
    let optional: Vec<&str> = ty
        .as_object()
        .expect("an object")
        .optional_names()
        .collect();
    assert_eq!(
        optional,
        [
            "any_optional",
            "id",
            "keepers",
            "label",
            "maybe_any",
            "name",
            "object",
            "region",
            "tags"
        ]
    );
}

#[test]
fn aliases_decode_and_encode_as_spelled_out() {
    let json = r#"{"keepers":{"a":"1"},"name":null,"count":3,"id":"x","region":"eu",
        "tags":null,"token":null,"any":{"value":"v","type":"string"},"any_optional":null,"maybe_any":null,
        "object":null,"label":"l"}"#;
    let bytes = wire_of::<Spelled>(json);
    assert_eq!(bytes, wire_of::<Aliased>(json));
    let aliased: Aliased = round_trip(&bytes);
    let spelled: Spelled = round_trip(&bytes);
    assert_eq!(
        tfvalue::msgpack::to_vec(&aliased).expect("encode"),
        tfvalue::msgpack::to_vec(&spelled).expect("encode")
    );
    assert_eq!(aliased.count, Unknown::known(3));
    assert_eq!(
        aliased.label,
        Unknown::known(Nullable::Value("l".to_owned()))
    );
}

/// A struct with a type parameter: the type argument decides, per instantiation.
#[derive(TfSchema, Debug, PartialEq)]
struct ByParameter<T> {
    v: T,
}

#[test]
fn a_type_parameter_decides_per_instantiation() {
    let v = |s: &Schema| s.block.find_attribute("v").cloned().expect("v");
    assert_eq!(v(ByParameter::<String>::schema()), req("v", "\"string\""));
    assert_eq!(v(ByParameter::<Name>::schema()), opt("v", "\"string\""));
    assert_eq!(
        v(ByParameter::<Keepers>::schema()),
        opt("v", r#"["map","string"]"#)
    );
    assert_eq!(v(ByParameter::<Value>::schema()), req("v", "\"dynamic\""));
    assert_eq!(
        ByParameter::<Name>::tf_type().to_json(),
        r#"["object",{"v":"string"},["v"]]"#
    );
    assert_eq!(
        ByParameter::<Count>::tf_type().to_json(),
        r#"["object",{"v":"number"}]"#
    );
}
