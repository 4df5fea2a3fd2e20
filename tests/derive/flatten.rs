//! `#[tf(flatten)]`: a model whose attributes come partly from flattened structs (one of
//! them flattening another) against the same model written flat. Schema, object type,
//! MessagePack and JSON bytes (byte literals, fields in byte order of all names), decoding
//! errors, declared rules, unknown paths and the known and planned companions must all be
//! those of the flat model.

use tfvalue::known::{IntoKnown, IntoPlanned, UnknownPaths};
use tfvalue::rules::check_object;
use tfvalue::{AttributePath, Nullable, TfSchema, TfType, Unknown, Value};
use tfvalue_suite::{hex, to_hex};

/// A rule block.
#[derive(TfSchema, Debug, Clone, PartialEq)]
struct Rule {
    name: String,
}

/// The innermost group: flattened into `Group`.
#[derive(TfSchema, Debug, Clone, PartialEq)]
struct Inner {
    /// Hidden.
    #[tf(sensitive)]
    zeta: Option<String>,
    alpha: bool,
}

/// A group of attributes shared by models.
#[derive(TfSchema, Debug, Clone, PartialEq)]
#[tf(conflicts_with(md5, alpha))]
struct Group {
    /// How long.
    #[tf(default = 16, at_least = 1, requires_replace)]
    length: Unknown<Nullable<i64>>,
    #[tf(computed, use_state_for_unknown)]
    md5: Unknown<Nullable<String>>,
    #[tf(block(list, max_items = 2))]
    rule: Vec<Rule>,
    #[tf(flatten)]
    inner: Inner,
}

/// The model with flattened groups.
#[derive(TfSchema, Debug, Clone, PartialEq)]
#[tf(exactly_one_of(name_b, zeta))]
struct Flattened {
    /// The id.
    id: String,
    #[tf(flatten)]
    group: Group,
    name_b: Option<String>,
}

/// The model with flattened groups.
#[derive(TfSchema, Debug, Clone, PartialEq)]
#[tf(exactly_one_of(name_b, zeta))]
#[tf(conflicts_with(md5, alpha))]
struct Flat {
    /// The id.
    id: String,
    /// How long.
    #[tf(default = 16, at_least = 1, requires_replace)]
    length: Unknown<Nullable<i64>>,
    #[tf(computed, use_state_for_unknown)]
    md5: Unknown<Nullable<String>>,
    #[tf(block(list, max_items = 2))]
    rule: Vec<Rule>,
    /// Hidden.
    #[tf(sensitive)]
    zeta: Option<String>,
    alpha: bool,
    name_b: Option<String>,
}

fn flattened() -> Flattened {
    Flattened {
        id: "x".into(),
        group: Group {
            length: Unknown::Known(Nullable::Value(8)),
            md5: Unknown::unknown(),
            rule: vec![Rule { name: "r".into() }],
            inner: Inner {
                zeta: Some("z".into()),
                alpha: true,
            },
        },
        name_b: None,
    }
}

fn flat() -> Flat {
    Flat {
        id: "x".into(),
        length: Unknown::Known(Nullable::Value(8)),
        md5: Unknown::unknown(),
        rule: vec![Rule { name: "r".into() }],
        zeta: Some("z".into()),
        alpha: true,
        name_b: None,
    }
}

/// Names in byte order: alpha, id, length, md5, name_b, rule, zeta.
const MSGPACK: &str = "87 a5 616c706861 c3 a2 6964 a1 78 a6 6c656e677468 08 a3 6d6435 d4 00 00 \
                       a6 6e616d655f62 c0 a4 72756c65 91 81 a4 6e616d65 a1 72 a4 7a657461 a1 7a";

#[test]
fn schema_and_object_type_are_the_flat_models() {
    assert_eq!(Flattened::schema().block, Flat::schema().block);
    assert_eq!(Flattened::schema().version, Flat::schema().version);
    assert_eq!(Flattened::tf_type(), Flat::tf_type());
    let names: Vec<&str> = Flattened::schema()
        .block
        .attributes
        .iter()
        .map(|a| a.name.as_str())
        .collect();
    assert_eq!(names, ["id", "length", "md5", "zeta", "alpha", "name_b"]);
}

#[test]
fn messagepack_bytes_are_the_flat_models() {
    let bytes = tfvalue::msgpack::to_vec(&flattened()).expect("encodes");
    assert_eq!(to_hex(&bytes), to_hex(&hex(MSGPACK)));
    assert_eq!(bytes, tfvalue::msgpack::to_vec(&flat()).expect("encodes"));
    let back: Flattened = tfvalue::msgpack::from_slice(&bytes).expect("decodes");
    assert_eq!(back, flattened());
}

#[test]
fn json_bytes_are_the_flat_models() {
    let known = Flattened {
        group: Group {
            md5: Unknown::Known(Nullable::Value("m".into())),
            ..flattened().group
        },
        ..flattened()
    };
    let flat = Flat {
        md5: Unknown::Known(Nullable::Value("m".into())),
        ..flat()
    };
    let json = tfvalue::json::to_vec(&known).expect("encodes");
    assert_eq!(
        String::from_utf8_lossy(&json),
        r#"{"alpha":true,"id":"x","length":8,"md5":"m","name_b":null,"rule":[{"name":"r"}],"zeta":"z"}"#
    );
    assert_eq!(json, tfvalue::json::to_vec(&flat).expect("encodes"));
    let back: Flattened = tfvalue::json::from_slice(&json).expect("decodes");
    assert_eq!(back, known);
}

#[test]
fn decoding_errors_name_the_attribute() {
    // Without `zeta` (the innermost group's).
    let missing = r#"{"alpha":true,"id":"x","length":8,"md5":"m","name_b":null,"rule":[]}"#;
    let e = tfvalue::json::from_slice::<Flattened>(missing.as_bytes()).expect_err("missing");
    assert!(e.to_string().contains("zeta"), "{e}");
    let e = tfvalue::json::from_slice::<Flat>(missing.as_bytes()).expect_err("missing");
    assert!(e.to_string().contains("zeta"), "{e}");

    let unknown = r#"{"alpha":true,"id":"x","length":8,"md5":"m","name_b":null,"rule":[],"zeta":null,"what":1}"#;
    let e = tfvalue::json::from_slice::<Flattened>(unknown.as_bytes()).expect_err("unknown");
    assert!(e.to_string().contains("what"), "{e}");

    let twice = r#"{"alpha":true,"alpha":false,"id":"x","length":8,"md5":"m","name_b":null,"rule":[],"zeta":null}"#;
    let e = tfvalue::json::from_slice::<Flattened>(twice.as_bytes()).expect_err("duplicate");
    assert!(e.to_string().contains("alpha"), "{e}");

    // A wrong type inside a flattened group: the path is the attribute's own.
    let wrong =
        r#"{"alpha":"yes","id":"x","length":8,"md5":"m","name_b":null,"rule":[],"zeta":null}"#;
    let e = tfvalue::json::from_slice::<Flattened>(wrong.as_bytes()).expect_err("wrong type");
    let f = tfvalue::json::from_slice::<Flat>(wrong.as_bytes()).expect_err("wrong type");
    assert_eq!(e.path(), f.path());
    assert_eq!(e.path().to_string(), ".alpha");

    // The flattened block keeps its item limit.
    let many = r#"{"alpha":true,"id":"x","length":8,"md5":"m","name_b":null,"rule":[{"name":"a"},{"name":"b"},{"name":"c"}],"zeta":null}"#;
    let e = tfvalue::json::from_slice::<Flattened>(many.as_bytes()).expect_err("too many");
    assert!(e.to_string().contains("at most 2"), "{e}");
}

#[test]
fn rules_of_the_groups_apply_to_the_model() {
    let rules = Flattened::rules();
    assert!(rules
        .find("length")
        .is_some_and(|a| a.has_default() && a.replaces()));
    assert!(rules
        .find("md5")
        .is_some_and(|a| a.keeps_state_for_unknown()));
    assert_eq!(rules.object_rules().len(), 2);
    // The group's combination and the model's, on an object that breaks both.
    let value = Value::from_serialize(
        &Flat {
            md5: Unknown::Known(Nullable::Value("m".into())),
            name_b: Some("b".into()),
            ..flat()
        },
        &Flat::tf_type(),
    )
    .expect("a value");
    let mut found = Vec::new();
    check_object(rules, &value, &AttributePath::root(), &mut found);
    let mut flat_found = Vec::new();
    check_object(
        Flat::rules(),
        &value,
        &AttributePath::root(),
        &mut flat_found,
    );
    assert_eq!(found.len(), 2, "{found:?}");
    let mut a: Vec<String> = found.iter().map(|f| f.detail.clone()).collect();
    let mut b: Vec<String> = flat_found.iter().map(|f| f.detail.clone()).collect();
    a.sort();
    b.sort();
    assert_eq!(a, b);
}

#[test]
fn unknowns_and_companions_see_through_the_groups() {
    let model = flattened();
    let paths: Vec<String> = model
        .unknown_paths()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(paths, [".md5"]);
    let Err(e) = model.clone().into_known() else {
        panic!("md5 is unknown");
    };
    assert!(e.to_string().contains("md5"), "{e}");

    let planned = model.clone().into_planned().expect("md5 is computed");
    // `length` has a default, hence is computed: kept as the model holds it.
    assert_eq!(planned.group.length, Unknown::Known(Nullable::Value(8)));
    assert_eq!(planned.group.inner.zeta, Some("z".to_owned()));
    assert_eq!(Flattened::from(planned), model);

    let known = Flattened {
        group: Group {
            md5: Unknown::Known(Nullable::Null),
            ..model.group.clone()
        },
        ..model
    }
    .into_known()
    .expect("all known");
    assert!(known.group.inner.alpha);
    assert_eq!(known.group.md5, Nullable::Null);
}
