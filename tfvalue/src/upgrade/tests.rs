//! Tests of the state-upgrade chain and of lenient `Value` decoding.

use super::*;
use crate::types::Type;
use crate::value::Value;
use crate::{Nullable, Number};
use serde::Deserialize;

#[derive(Debug, Deserialize, PartialEq)]
struct V0 {
    name: String,
    size_mb: u64,
}

impl StateVersion for V0 {
    const VERSION: i64 = 0;
    type Previous = NoPrevious;
    fn upgrade(previous: NoPrevious) -> Result<Self> {
        match previous {}
    }
}

#[derive(Debug, Deserialize, PartialEq)]
struct V1 {
    label: String,
    size_mb: u64,
}

impl StateVersion for V1 {
    const VERSION: i64 = 1;
    type Previous = V0;
    fn upgrade(v0: V0) -> Result<Self> {
        Ok(V1 {
            label: v0.name,
            size_mb: v0.size_mb,
        })
    }
}

/// Version 3 follows version 1: version 2 was never released.
#[derive(Debug, Deserialize, PartialEq)]
struct V3 {
    label: String,
    size_gb: Number,
    zone: Nullable<String>,
}

impl StateVersion for V3 {
    const VERSION: i64 = 3;
    type Previous = V1;
    fn upgrade(v1: V1) -> Result<Self> {
        if !v1.size_mb.is_multiple_of(1024) {
            return Err(Error::new(
                ErrorKind::Custom,
                format!("size {} MB is not a whole number of GB", v1.size_mb),
            ));
        }
        Ok(V3 {
            label: v1.label,
            size_gb: Number::from(v1.size_mb / 1024),
            zone: Nullable::Null,
        })
    }
}

fn v3(label: &str, gb: u64, zone: Option<&str>) -> V3 {
    V3 {
        label: label.into(),
        size_gb: Number::from(gb),
        zone: zone.map_or(Nullable::Null, |z| Nullable::Value(z.into())),
    }
}

#[test]
fn each_step_of_the_chain() {
    // From version 0: both steps; `legacy` is ignored, the size is a string.
    let raw = br#"{"legacy": true, "name": "disk", "size_mb": "2048"}"#;
    assert_eq!(upgrade_state::<V3>(0, raw).unwrap(), v3("disk", 2, None));
    // The first step alone.
    let v1 = upgrade_state::<V1>(0, raw).unwrap();
    assert_eq!(
        v1,
        V1 {
            label: "disk".into(),
            size_mb: 2048
        }
    );
    // From version 1: the last step.
    let raw = br#"{"label": "d", "size_mb": 1024}"#;
    assert_eq!(upgrade_state::<V3>(1, raw).unwrap(), v3("d", 1, None));
    // The current version: decoded as it is.
    let raw = br#"{"label": 5, "size_gb": "0.5", "zone": "z"}"#;
    let got = upgrade_state::<V3>(3, raw).unwrap();
    assert_eq!(got.label, "5");
    assert_eq!(got.size_gb, Number::parse("0.5").unwrap());
    assert_eq!(got.zone, Nullable::Value("z".into()));
    // The first version to itself.
    let raw = br#"{"name": "n", "size_mb": 1}"#;
    assert_eq!(upgrade_state::<V0>(0, raw).unwrap().name, "n");
}

#[test]
fn version_errors() {
    let raw = br#"{"name": "n", "size_mb": 1}"#;
    let e = upgrade_state::<V3>(5, raw).unwrap_err();
    assert_eq!(
        e.to_string(),
        "state version 5 is newer than this provider's schema version 3"
    );
    assert_eq!(e.kind(), ErrorKind::Type);
    let e = upgrade_state::<V3>(2, raw).unwrap_err();
    assert_eq!(
        e.to_string(),
        "state version 2 has no model in this provider's upgrade chain (versions 0, 1, 3)"
    );
    let e = upgrade_state::<V3>(-1, raw).unwrap_err();
    assert_eq!(
        e.to_string(),
        "state version -1 is not a schema version (they start at 0)"
    );
    let e = upgrade_state::<V1>(i64::MAX, raw).unwrap_err();
    assert!(e.to_string().contains("is newer than"), "{e}");
    let e = upgrade_state::<V1>(i64::MIN, raw).unwrap_err();
    assert!(e.to_string().contains("is not a schema version"), "{e}");
}

/// A chain whose first model is version 2.
#[derive(Debug, Deserialize)]
struct Late {
    #[allow(dead_code)]
    a: String,
}

impl StateVersion for Late {
    const VERSION: i64 = 2;
    type Previous = NoPrevious;
    fn upgrade(previous: NoPrevious) -> Result<Self> {
        match previous {}
    }
}

#[test]
fn older_than_the_first_model() {
    let e = upgrade_state::<Late>(1, br#"{"a": "x"}"#).unwrap_err();
    assert_eq!(
        e.to_string(),
        "state version 1 is older than the oldest version this provider can upgrade from (2)"
    );
    assert!(upgrade_state::<Late>(2, br#"{"a": "x"}"#).is_ok());
}

#[test]
fn flatmap_states_are_rejected() {
    for raw in [&b""[..], b"  \n"] {
        let e = upgrade_state::<V3>(0, raw).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Syntax);
        assert!(e.to_string().contains("flatmap"), "{e}");
    }
}

#[test]
fn decoding_and_upgrade_errors() {
    // Decoding errors keep their path and kind.
    let e = upgrade_state::<V3>(0, br#"{"name": "n", "size_mb": "big"}"#).unwrap_err();
    assert_eq!(
        e.to_string(),
        r#".size_mb: expected number, found the string "big""#
    );
    assert_eq!(e.kind(), ErrorKind::Type);
    let e = upgrade_state::<V3>(1, br#"{"size_mb": 1}"#).unwrap_err();
    assert_eq!(e.to_string(), r#"missing attribute "label""#);
    assert_eq!(e.kind(), ErrorKind::Attribute);
    let e = upgrade_state::<V3>(0, br#"{"name": "n", "size_mb": 1"#).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Syntax);
    // An upgrade step's own error.
    let e = upgrade_state::<V3>(0, br#"{"name": "n", "size_mb": 1000}"#).unwrap_err();
    assert_eq!(e.to_string(), "size 1000 MB is not a whole number of GB");
    assert_eq!(e.kind(), ErrorKind::Custom);
}

#[test]
fn no_previous_cannot_be_decoded() {
    let e = crate::json::from_slice::<NoPrevious>(b"null").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Custom);
    assert_eq!(NoPrevious::VERSION, -1);
}

fn ty(json: &str) -> Type {
    Type::from_json(json.as_bytes()).unwrap()
}

#[test]
fn value_objects_skip_undeclared_and_null_missing_attributes() {
    let t = ty(r#"["object", {
        "b": "bool", "n": "number", "s": "string",
        "l": ["list", ["object", {"x": "string", "y": "number"}]],
        "st": ["set", ["object", {"x": "string"}]],
        "m": ["map", ["object", {"x": "string"}]],
        "t": ["tuple", [["object", {"x": "string"}], "number"]],
        "o": ["object", {"x": "string"}],
        "d": "dynamic"
    }]"#);
    let raw = br#"{"b": "1", "n": "123456789012345678901234567890", "s": 1.50,
        "old": {"anything": [1, 2]},
        "l": [{"x": 1, "gone": 1}, {"y": "2"}],
        "st": [{"x": "a", "z": 0}],
        "m": {"k": {"w": 1}},
        "t": [{"x": true, "q": 1}, "7"],
        "d": {"value": "5", "type": "number"}}"#;
    let v = Value::from_json_lenient(raw, &t).unwrap();
    assert_eq!(v.attr("b").and_then(Value::as_bool), Some(true));
    assert_eq!(
        v.attr("n")
            .and_then(Value::as_number)
            .map(Number::to_string),
        Some("123456789012345678901234567890".to_owned())
    );
    assert_eq!(v.attr("s").and_then(Value::as_str), Some("1.50"));
    assert!(v.attr("o").is_some_and(Value::is_null));
    let l = v.attr("l").and_then(Value::as_elements).unwrap();
    assert_eq!(l[0].attr("x").and_then(Value::as_str), Some("1"));
    assert!(l[0].attr("y").is_some_and(Value::is_null));
    assert!(l[1].attr("x").is_some_and(Value::is_null));
    assert_eq!(
        l[1].attr("y").and_then(Value::as_number),
        Some(&Number::from(2))
    );
    let st = v.attr("st").and_then(Value::as_elements).unwrap();
    assert_eq!(st[0].attr("x").and_then(Value::as_str), Some("a"));
    let m = v.attr("m").and_then(Value::as_map).unwrap();
    assert!(m["k"].attr("x").is_some_and(Value::is_null));
    let t_el = v.attr("t").and_then(Value::as_elements).unwrap();
    assert_eq!(t_el[0].attr("x").and_then(Value::as_str), Some("true"));
    assert_eq!(t_el[1].as_number(), Some(&Number::from(7)));
    assert_eq!(
        v.attr("d").and_then(Value::as_number),
        Some(&Number::from(5))
    );
    v.conforms_to(&t).unwrap();
    // Strict decoding rejects the same input.
    let e = Value::from_json(raw, &t).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Type);
}

#[test]
fn value_errors_keep_paths() {
    let t = ty(r#"["object", {"l": ["list", ["object", {"y": "number"}]]}]"#);
    let e = Value::from_json_lenient(br#"{"l": [{}, {"y": "x"}]}"#, &t).unwrap_err();
    assert_eq!(
        e.to_string(),
        r#".l[1].y: expected number, found the string "x""#
    );
    let e = Value::from_json_lenient(br#"{"l": [{}, {"y": 1, "y": 2}]}"#, &t).unwrap_err();
    assert_eq!(e.to_string(), r#".l[1]: duplicate attribute "y""#);
    assert_eq!(e.kind(), ErrorKind::Attribute);
    let e = Value::from_json_lenient(br#"{"l": {}}"#, &t).unwrap_err();
    assert_eq!(
        e.to_string(),
        ".l: expected a list or set, found an object or map"
    );
    let t = ty(r#"["tuple", ["string", "number"]]"#);
    let e = Value::from_json_lenient(br#"["a"]"#, &t).unwrap_err();
    assert_eq!(
        e.to_string(),
        "expected a tuple of 2 elements, found 1 elements"
    );
    let e = Value::from_json_lenient(br#"["a", 1, 2]"#, &t).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Type);
    let t = ty(r#"["map", "string"]"#);
    let e = Value::from_json_lenient(br#"{"a": 1, "a": 2}"#, &t).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Attribute);
    let v = Value::from_json_lenient(b"null", &t).unwrap();
    assert!(v.is_null());
}

#[test]
fn value_sets_are_canonical() {
    let t = ty(r#"["set", "string"]"#);
    let v = Value::from_json_lenient(br#"["b", 1, "a", "b"]"#, &t).unwrap();
    assert_eq!(v, Value::from_json(br#"["1", "a", "b"]"#, &t).unwrap());
}

// ---------------------------------------------------------------------------------------
// Upgrades: conversions from each older version straight to the current model
// ---------------------------------------------------------------------------------------

/// The current model of the `Upgrades` tests, at schema version 4; its schema is written
/// by hand (the derive's expansion names `::tfvalue`, which this crate cannot).
#[derive(Debug, Deserialize, PartialEq)]
struct Disk {
    label: String,
    size_gb: Number,
    zone: Nullable<String>,
}

impl crate::TfType for Disk {
    fn tf_type() -> Type {
        <Disk as crate::TfSchema>::schema().object_type().clone()
    }
}

impl crate::TfSchema for Disk {
    fn schema() -> &'static crate::schema::Schema {
        use crate::schema::{Attribute, Block, Schema};
        static SCHEMA: std::sync::OnceLock<Schema> = std::sync::OnceLock::new();
        SCHEMA.get_or_init(|| {
            Schema::new(
                4,
                Block::new()
                    .attribute(Attribute::new("label", Type::String).required())
                    .attribute(Attribute::new("size_gb", Type::Number).required())
                    .attribute(Attribute::new("zone", Type::String).optional()),
            )
        })
    }
}

fn disk(label: &str, gb: u64, zone: Option<&str>) -> Disk {
    Disk {
        label: label.into(),
        size_gb: Number::from(gb),
        zone: zone.map_or(Nullable::Null, |z| Nullable::Value(z.into())),
    }
}

/// Version 0 to 3 through the chain `V0 → V1 → V3`, then into `Disk`.
fn from_v3(v3: V3) -> Result<Disk> {
    Ok(Disk {
        label: v3.label,
        size_gb: v3.size_gb,
        zone: v3.zone,
    })
}

#[test]
fn direct_conversions_from_each_version() {
    let upgrades = Upgrades::<Disk>::new()
        .from(0, |v0: V0| {
            Ok(disk(&v0.name, v0.size_mb / 1024, Some("from-v0")))
        })
        .from(3, |v3: V3| from_v3(v3));
    assert_eq!(upgrades.versions(), [0, 3]);
    assert!(upgrades.problems().is_empty());
    assert_eq!(Upgrades::<Disk>::current_version(), 4);
    // Version 0 goes straight to 4: the chain's step V0 → V1 is not taken.
    let raw = br#"{"name": "d", "size_mb": "3072", "gone": [1]}"#;
    assert_eq!(
        upgrades.upgrade(0, raw).unwrap(),
        disk("d", 3, Some("from-v0"))
    );
    let raw = br#"{"label": "e", "size_gb": 7, "zone": "z"}"#;
    assert_eq!(upgrades.upgrade(3, raw).unwrap(), disk("e", 7, Some("z")));
    // The current version is decoded as it is, leniently.
    let raw = br#"{"label": "f", "size_gb": "8", "old": true}"#;
    assert_eq!(upgrades.upgrade(4, raw).unwrap(), disk("f", 8, None));
    // A version between those declared has no conversion.
    let e = upgrades.upgrade(1, br#"{}"#).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Type);
    assert_eq!(
        e.to_string(),
        "state version 1 has no upgrade to this provider's schema version 4 \
         (versions with an upgrade: 0, 3)"
    );
}

#[test]
fn a_chain_covers_each_of_its_versions() {
    let upgrades = Upgrades::<Disk>::new().chain::<V3>(from_v3);
    assert_eq!(upgrades.versions(), [0, 1, 3]);
    assert!(upgrades.problems().is_empty());
    let raw = br#"{"name": "d", "size_mb": 2048}"#;
    assert_eq!(upgrades.upgrade(0, raw).unwrap(), disk("d", 2, None));
    let raw = br#"{"label": "l", "size_mb": 1024}"#;
    assert_eq!(upgrades.upgrade(1, raw).unwrap(), disk("l", 1, None));
    // A step's own error comes through unchanged.
    let e = upgrades
        .upgrade(1, br#"{"label": "l", "size_mb": 1000}"#)
        .unwrap_err();
    assert_eq!(e.to_string(), "size 1000 MB is not a whole number of GB");
    // Version 2 is not in the chain.
    let e = upgrades.upgrade(2, br#"{}"#).unwrap_err();
    assert!(
        e.to_string()
            .contains("(versions with an upgrade: 0, 1, 3)"),
        "{e}"
    );
    // A chain and a direct conversion mixed: version 0 direct, 1 and 3 by the chain,
    // which must then be declared for them alone.
    let mixed = Upgrades::<Disk>::new()
        .from(0, |v0: V0| Ok(disk(&v0.name, 0, None)))
        .chain::<V3>(from_v3);
    assert_eq!(
        mixed.problems(),
        ["state version 0 has more than one upgrade"]
    );
}

#[test]
fn errors_name_the_attribute_of_the_stored_state() {
    let upgrades = Upgrades::<Disk>::new()
        .from(0, |v0: V0| {
            let gb = v0.size_mb / 1024;
            if gb == 0 {
                return Err(Error::new(ErrorKind::Custom, "smaller than one GB").in_attr("size_mb"));
            }
            Ok(disk(&v0.name, gb, None))
        })
        .from(1, |v1: V1| Ok(disk(&v1.label, v1.size_mb / 1024, None)));
    let e = upgrades
        .upgrade(0, br#"{"name": "d", "size_mb": "lots"}"#)
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        r#".size_mb: expected number, found the string "lots""#
    );
    let e = upgrades
        .upgrade(0, br#"{"name": null, "size_mb": 1}"#)
        .unwrap_err();
    assert_eq!(e.path().to_string(), ".name");
    let e = upgrades
        .upgrade(0, br#"{"name": "d", "size_mb": 10}"#)
        .unwrap_err();
    assert_eq!(e.to_string(), ".size_mb: smaller than one GB");
    // The current version's own decoding errors too.
    let e = upgrades
        .upgrade(4, br#"{"label": "x", "size_gb": {}}"#)
        .unwrap_err();
    assert_eq!(e.path().to_string(), ".size_gb");
}

#[test]
fn versions_outside_the_declared_range_are_refused() {
    let upgrades = Upgrades::<Disk>::new().chain::<V3>(from_v3);
    let raw = br#"{"label": "x", "size_gb": 1}"#;
    let e = upgrades.upgrade(5, raw).unwrap_err();
    assert_eq!(
        e.to_string(),
        "state version 5 is newer than this provider's schema version 4"
    );
    let e = upgrades.upgrade(-1, raw).unwrap_err();
    assert_eq!(
        e.to_string(),
        "state version -1 is not a schema version (they start at 0)"
    );
    for v in [i64::MIN, i64::MAX] {
        assert_eq!(
            upgrades.upgrade(v, raw).unwrap_err().kind(),
            ErrorKind::Type
        );
    }
    for raw in [&b""[..], b" \t\n"] {
        let e = upgrades.upgrade(0, raw).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Syntax);
        assert!(e.to_string().contains("flatmap"), "{e}");
    }
    // With no upgrades at all, only the current version reads.
    let none = Upgrades::<Disk>::default();
    assert!(none.is_empty());
    assert!(none.upgrade(4, raw).is_ok());
    let e = none.upgrade(0, raw).unwrap_err();
    assert_eq!(
        e.to_string(),
        "state version 0 has no upgrade to this provider's schema version 4 \
         (versions with an upgrade: none)"
    );
    assert_eq!(format!("{none:?}"), "Upgrades { versions: [], .. }");
}

#[test]
fn declaration_mistakes_are_listed_and_stop_every_upgrade() {
    let wrong = Upgrades::<Disk>::new()
        .from(4, |d: Disk| Ok(d))
        .from(9, |d: Disk| Ok(d))
        .from(-2, |d: Disk| Ok(d))
        .from(1, |v1: V1| Ok(disk(&v1.label, 1, None)))
        .from(1, |v1: V1| Ok(disk(&v1.label, 2, None)))
        .from(1, |v1: V1| Ok(disk(&v1.label, 3, None)));
    assert_eq!(
        wrong.problems(),
        [
            "state version 4 has an upgrade, but it is not older than the current schema \
             version 4 (set with #[tf(version = ...)] on the model)",
            "state version 9 has an upgrade, but it is not older than the current schema \
             version 4 (set with #[tf(version = ...)] on the model)",
            "state version -2 has an upgrade, but schema versions start at 0",
            "state version 1 has more than one upgrade",
        ]
    );
    assert_eq!(wrong.versions(), [-2, 1, 4, 9]);
    let e = wrong
        .upgrade(1, br#"{"label": "x", "size_mb": 1}"#)
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Custom);
    assert!(
        e.to_string()
            .starts_with("the state upgrades are declared wrongly: state version 4 has"),
        "{e}"
    );
}

#[test]
fn upgrades_can_be_shared_between_threads() {
    fn shared<T: Send + Sync>(_: &T) {}
    shared(&Upgrades::<Disk>::new().chain::<V3>(from_v3));
}
