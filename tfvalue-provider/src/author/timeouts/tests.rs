//! The timeouts: their schema, the durations they give, and their diagnostics.

use tfvalue::schema::BlockNesting;
use tfvalue::{Type, Value};

use super::*;
use crate::engine::rule_findings::rule_findings;

fn set(text: &str) -> Unknown<Nullable<String>> {
    Unknown::known(Nullable::Value(text.to_owned()))
}

fn shown(d: &Diagnostic) -> String {
    let at = d
        .attribute
        .as_ref()
        .map(ToString::to_string)
        .unwrap_or_default();
    format!("{at}: {}: {}", d.summary, d.detail)
}

const MINUTE: Duration = Duration::from_secs(60);

#[test]
fn four_optional_strings() {
    let schema = Timeouts::schema();
    let names: Vec<&str> = schema
        .block
        .attributes
        .iter()
        .map(|a| a.name.as_str())
        .collect();
    assert_eq!(names, ["create", "read", "update", "delete"]);
    for attribute in &schema.block.attributes {
        assert!(attribute.optional && !attribute.required && !attribute.computed);
        assert!(!attribute.description.is_empty(), "{}", attribute.name);
    }
    assert_eq!(
        schema.object_type(),
        &Type::from_json(
            br#"["object",{"create":"string","delete":"string","read":"string","update":"string"}]"#
        )
        .unwrap()
    );
}

/// A model with timeouts in each form a model may hold them.
#[derive(TfSchema, Debug)]
struct Forms {
    #[tf(block)]
    timeouts: Option<Timeouts>,
    #[tf(block(single))]
    as_nullable_block: Nullable<Timeouts>,
    #[tf(nested)]
    as_attribute: Unknown<Nullable<Timeouts>>,
}

#[test]
fn a_block_or_a_nested_attribute() {
    let block = &Forms::schema().block;
    let single = block.find_block_type("timeouts").unwrap();
    assert_eq!(single.nesting, BlockNesting::Single);
    assert_eq!(single.block, Timeouts::schema().block);
    let ty = Forms::schema().object_type();
    let fields = Value::object([
        ("create", Value::String("5m".into())),
        ("delete", Value::null(Type::String)),
        ("read", Value::unknown(Type::String)),
        ("update", Value::String("1x".into())),
    ]);
    let value = Value::object([
        ("as_attribute", fields.clone()),
        (
            "as_nullable_block",
            Value::null(Timeouts::schema().object_type().clone()),
        ),
        ("timeouts", fields),
    ]);
    let forms: Forms = Value::from_msgpack(&value.to_msgpack(ty).unwrap(), ty)
        .unwrap()
        .decode_as()
        .unwrap();
    for field in [&forms.timeouts as &dyn TimeoutsField, &forms.as_attribute] {
        assert_eq!(field.create(MINUTE), Ok(5 * MINUTE));
        assert_eq!(field.delete(MINUTE), Ok(MINUTE), "null: the default");
        assert_eq!(field.read(MINUTE), Ok(MINUTE), "unknown: the default");
        assert_eq!(
            shown(&field.update(MINUTE).unwrap_err()),
            ".timeouts.update: Timeout Cannot Be Parsed: timeout for \"update\" cannot be \
             parsed, time: unknown unit \"x\" in duration \"1x\""
        );
    }
    // No timeouts set: the defaults, nothing to report.
    assert_eq!(forms.as_nullable_block.create(MINUTE), Ok(MINUTE));
    let unknown: Unknown<Nullable<Timeouts>> = Unknown::unknown();
    assert_eq!(unknown.update(2 * MINUTE), Ok(2 * MINUTE));
}

#[test]
fn configured_or_default_durations() {
    let t = Timeouts {
        create: set("1h30m"),
        read: set("2h45m10.5s"),
        update: set("0"),
        delete: Unknown::null(),
    };
    assert_eq!(t.create(MINUTE), Ok(90 * MINUTE));
    assert_eq!(t.read(MINUTE), Ok(Duration::from_millis(9_910_500)));
    assert_eq!(t.update(MINUTE), Ok(Duration::ZERO));
    assert_eq!(t.delete(3 * MINUTE), Ok(3 * MINUTE));
    assert_eq!(Timeouts::default().create(MINUTE), Ok(MINUTE));
}

/// What validating `value` as a configuration of `M` reports, one line each.
fn findings<M: TfSchema>(value: &Value) -> Vec<String> {
    rule_findings(M::rules(), value).iter().map(shown).collect()
}

fn timeouts(create: Value, read: Value, update: Value, delete: Value) -> Value {
    Value::object([
        ("create", create),
        ("delete", delete),
        ("read", read),
        ("update", update),
    ])
}

fn text(s: &str) -> Value {
    Value::String(s.to_owned())
}

const GRAMMAR: &str = "must be a string containing a sequence of decimal numbers, each with \
    optional fraction and a unit suffix, such as \"300ms\", \"1.5h\" or \"2h45m\", and not \
    negative. Valid time units are \"ns\", \"us\" (or \"µs\"), \"ms\", \"s\", \"m\", \"h\".";

#[test]
fn validation_reports_each_value_that_is_not_a_duration_wherever_the_timeouts_are() {
    let bad = timeouts(
        text("1x"),
        text(""),
        Value::unknown(Type::String),
        text("-1s"),
    );
    let good = timeouts(
        text("2h45m10.5s"),
        Value::null(Type::String),
        Value::unknown(Type::String),
        text("0"),
    );
    let null = Value::null(Timeouts::schema().object_type().clone());
    let form = |block: Value, attribute: Value| {
        Value::object([
            ("as_attribute", attribute),
            ("as_nullable_block", null.clone()),
            ("timeouts", block),
        ])
    };
    let expected = |at: &str| {
        [
            format!(
                "{at}.create: Invalid Attribute Value: Attribute {}create {GRAMMAR} Got: \"1x\" \
                 (time: unknown unit \"x\" in duration \"1x\").",
                &format!("{at}.")[1..]
            ),
            format!(
                "{at}.read: Invalid Attribute Value: Attribute {}read {GRAMMAR} Got: \"\" \
                 (time: invalid duration \"\").",
                &format!("{at}.")[1..]
            ),
            format!(
                "{at}.delete: Invalid Attribute Value: Attribute {}delete {GRAMMAR} Got: \"-1s\" \
                 (negative duration \"-1s\": a length of time cannot be negative).",
                &format!("{at}.")[1..]
            ),
        ]
    };
    // As a block.
    assert_eq!(
        findings::<Forms>(&form(bad.clone(), null.clone())),
        expected(".timeouts")
    );
    // As a nested attribute.
    assert_eq!(
        findings::<Forms>(&form(null.clone(), bad)),
        expected(".as_attribute")
    );
    // Durations, nulls and unknowns pass.
    assert!(findings::<Forms>(&form(good.clone(), good)).is_empty());
    assert!(findings::<Forms>(&form(null.clone(), null.clone())).is_empty());
}

#[test]
fn bad_values_are_errors_at_their_attribute_when_used() {
    let t = Timeouts {
        create: set("1x"),
        read: set(""),
        update: set("-1s"),
        delete: Unknown::unknown(),
    };
    assert_eq!(
        shown(&t.create(MINUTE).unwrap_err()),
        ".timeouts.create: Timeout Cannot Be Parsed: timeout for \"create\" cannot be \
         parsed, time: unknown unit \"x\" in duration \"1x\""
    );
    assert_eq!(
        shown(&t.read(MINUTE).unwrap_err()),
        ".timeouts.read: Timeout Cannot Be Parsed: timeout for \"read\" cannot be parsed, \
         time: invalid duration \"\""
    );
    assert_eq!(
        shown(&t.update(MINUTE).unwrap_err()),
        ".timeouts.update: Timeout Cannot Be Parsed: timeout for \"update\" cannot be \
         parsed, negative duration \"-1s\": a length of time cannot be negative"
    );
    // Unknown at apply cannot happen (Terraform sends known configuration); before, it
    // stands for the default.
    assert_eq!(t.delete(MINUTE), Ok(MINUTE));
}

#[test]
fn the_companions_give_the_same_durations() {
    use tfvalue::{IntoKnown as _, IntoPlanned as _};
    let t = Timeouts {
        create: set("5m"),
        read: Unknown::null(),
        update: set("1y"),
        delete: Unknown::null(),
    };
    let known = t.clone().into_known().unwrap();
    let planned = t.clone().into_planned().unwrap();
    let in_option = Some(t.clone().into_known().unwrap());
    for field in [&t as &dyn TimeoutsField, &known, &planned, &in_option] {
        assert_eq!(field.create(MINUTE), Ok(5 * MINUTE));
        assert_eq!(field.read(MINUTE), Ok(MINUTE));
        assert_eq!(
            shown(&field.update(MINUTE).unwrap_err()),
            ".timeouts.update: Timeout Cannot Be Parsed: timeout for \"update\" cannot be \
             parsed, time: unknown unit \"y\" in duration \"1y\""
        );
        assert_eq!(field.configured("restart"), None);
    }
    let none: Option<TimeoutsKnown> = None;
    assert_eq!(none.delete(2 * MINUTE), Ok(2 * MINUTE));
}

/// A model whose `timeouts` field has no doc comment.
#[derive(TfSchema, Debug)]
struct Undocumented {
    #[tf(block)]
    timeouts: Option<Timeouts>,
}

#[test]
fn an_undocumented_timeouts_block_gets_the_short_declared_description_not_the_rustdoc() {
    let block = &Undocumented::schema().block.block_types[0].block;
    assert_eq!(
        block.description,
        "How long each operation may take, as durations such as \"30s\" or \"2h45m\"; the \
         provider's defaults where not set."
    );
    let printed = Undocumented::schema().to_providers_json().to_string();
    assert!(!printed.contains("```"), "{printed}");
}
