//! min_items / max_items.

use super::common::{path, round_trip, strings, wire_of, wire_unknown};
use super::nested_blocks::B;
use tfvalue::known::UnknownPaths;
use tfvalue::set::Set;
use tfvalue::{ErrorKind, TfSchema, Unknown, Value};

#[derive(TfSchema, Debug, PartialEq)]
pub(crate) struct Limits {
    #[tf(block(list, min_items = 1, max_items = 2))]
    pub(crate) between: Unknown<Vec<B>>,
    #[tf(block(set, max_items = 1))]
    pub(crate) at_most: Set<B>,
    #[tf(block(list, min_items = 2))]
    pub(crate) at_least: Vec<B>,
    #[tf(block(list, min_items = 2, max_items = 2))]
    pub(crate) exactly: Vec<B>,
}

#[derive(TfSchema, Debug, PartialEq)]
struct LimitsOuter {
    #[tf(block)]
    inner: Vec<Limits>,
}

pub(crate) const LIMITS_OK: &str =
    r#"{"between":[{}],"at_most":[{}],"at_least":[{},{}],"exactly":[{},{}]}"#;

fn limits_json(key: &str, blocks: &str) -> String {
    let mut v: serde_json::Value = serde_json::from_str(LIMITS_OK).expect("json");
    v[key] = serde_json::from_str(blocks).expect("json");
    v.to_string()
}

#[track_caller]
fn limits_error(key: &str, blocks: &str) -> tfvalue::Error {
    let json = limits_json(key, blocks);
    let bytes = wire_of::<Limits>(&json);
    tfvalue::msgpack::from_slice::<Limits>(&bytes).expect_err("limits are enforced")
}

#[test]
fn min_and_max_items_enforced_when_known() {
    let ok: Limits = round_trip(&wire_of::<Limits>(LIMITS_OK));
    assert_eq!(ok.exactly.len(), 2);
    let cases = [
        (
            "between",
            r#"[{},{},{}]"#,
            r#".between: expected between 1 and 2 blocks of type "between", found 3"#,
        ),
        (
            "between",
            "[]",
            r#".between: expected between 1 and 2 blocks of type "between", found 0"#,
        ),
        (
            "at_most",
            r#"[{"v":"a"},{"v":"b"}]"#,
            r#".at_most: expected at most 1 block of type "at_most", found 2"#,
        ),
        (
            "at_least",
            r"[{}]",
            r#".at_least: expected at least 2 blocks of type "at_least", found 1"#,
        ),
        (
            "exactly",
            r"[{},{},{}]",
            r#".exactly: expected exactly 2 blocks of type "exactly", found 3"#,
        ),
    ];
    for (key, blocks, message) in cases {
        let e = limits_error(key, blocks);
        assert_eq!(e.to_string(), message);
        assert_eq!(e.kind(), ErrorKind::Attribute);
        assert_eq!(e.path(), path(&format!(".{key}")));
    }
    // Inside another block, with the full path.
    let json = format!(
        r#"{{"inner":[{LIMITS_OK},{}]}}"#,
        limits_json("between", "[]")
    );
    let bytes = wire_of::<LimitsOuter>(&json);
    let e = tfvalue::msgpack::from_slice::<LimitsOuter>(&bytes).expect_err("enforced");
    assert_eq!(
        e.to_string(),
        r#".inner[1].between: expected between 1 and 2 blocks of type "between", found 0"#
    );
    assert_eq!(e.path(), path(".inner[1].between"));
    // Through JSON as well.
    let json = limits_json("at_most", r#"[{"v":"a"},{"v":"b"}]"#);
    let text = Value::from_json(json.as_bytes(), Limits::schema().object_type())
        .expect("value")
        .to_json(Limits::schema().object_type())
        .expect("json");
    let e = tfvalue::json::from_slice::<Limits>(&text).expect_err("enforced");
    assert_eq!(
        e.to_string(),
        r#".at_most: expected at most 1 block of type "at_most", found 2"#
    );
}

#[test]
fn min_and_max_items_not_enforced_while_unknown() {
    let ty = Limits::schema().object_type();
    // Too many blocks, but one of them holds an unknown value: not checked.
    for (key, blocks, unknown) in [
        ("between", r#"[{},{},{}]"#, ".between[2].v"),
        ("at_most", r#"[{"v":"a"},{"v":"b"}]"#, ".at_most[0].v"),
        ("at_least", r"[{}]", ".at_least[0].v"),
        ("exactly", r"[{},{},{}]", ".exactly[1].v"),
    ] {
        let bytes = wire_unknown(ty, &limits_json(key, blocks), &[unknown]);
        let m: Limits = round_trip(&bytes);
        assert_eq!(strings(&m.unknown_paths()), [unknown]);
    }
    // The whole collection unknown: not checked either.
    let bytes = wire_unknown(ty, &limits_json("between", "[]"), &[".between"]);
    let m: Limits = round_trip(&bytes);
    assert!(m.between.is_unknown());
}
