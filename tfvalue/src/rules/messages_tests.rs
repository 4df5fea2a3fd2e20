//! Each declared rule's diagnostic in terraform-plugin-framework-validators' exact words:
//! summary, detail and the attribute it is told at. A comment before each text names the Go
//! validator file it is read from.

use super::super::*;
use crate::path::AttributePath;
use crate::Type;

fn object(json: &str, types: &[(&str, Type)]) -> Value {
    let ty = Type::object(
        types
            .iter()
            .map(|(n, t)| (*n, t.clone()))
            .collect::<Vec<_>>(),
    );
    Value::from_json(json.as_bytes(), &ty).unwrap()
}

fn findings(rules: &Rules, value: &Value) -> Vec<String> {
    let mut out = Vec::new();
    check_object(rules, value, &AttributePath::root(), &mut out);
    out.into_iter()
        .map(|f| format!("{}|{}|{}", f.path, f.summary, f.detail))
        .collect()
}

/// The findings of `rules` over one attribute `v` of type `ty` holding `json`.
fn one(rules: Rules, ty: Type, json: &str) -> Vec<String> {
    findings(&rules, &object(&format!(r#"{{"v":{json}}}"#), &[("v", ty)]))
}

fn on_v(validator: Validator) -> Rules {
    Rules::new().attribute(AttributeRules::new("v").validator(validator))
}

#[test]
fn value_validators_speak_as_the_go_validators() {
    // stringvalidator/length_at_least.go, length_at_most.go, length_between.go
    // (helpers/validatordiag/diag.go: InvalidAttributeValueLengthDiagnostic)
    let length = |min, max| Validator::Length { min, max };
    assert_eq!(
        one(on_v(length(Some(2), None)), Type::String, r#""a""#),
        [".v|Invalid Attribute Value Length|Attribute v string length must be at least 2, got: 1"]
    );
    assert_eq!(
        one(on_v(length(None, Some(1))), Type::String, r#""ab""#),
        [".v|Invalid Attribute Value Length|Attribute v string length must be at most 1, got: 2"]
    );
    assert_eq!(
        one(on_v(length(Some(2), Some(3))), Type::String, r#""a""#),
        [
            ".v|Invalid Attribute Value Length|Attribute v string length must be between 2 and 3, \
          got: 1"
        ]
    );
    // listvalidator, setvalidator and mapvalidator size_at_least.go, size_at_most.go,
    // size_between.go (InvalidAttributeValueDiagnostic)
    let size = |min, max| Validator::Size { min, max };
    assert_eq!(
        one(
            on_v(size(Some(2), None)),
            Type::list(Type::String),
            r#"["a"]"#
        ),
        [".v|Invalid Attribute Value|Attribute v list must contain at least 2 elements, got: 1"]
    );
    assert_eq!(
        one(
            on_v(size(None, Some(0))),
            Type::set(Type::String),
            r#"["a"]"#
        ),
        [".v|Invalid Attribute Value|Attribute v set must contain at most 0 elements, got: 1"]
    );
    assert_eq!(
        one(
            on_v(size(Some(2), Some(3))),
            Type::map(Type::String),
            r#"{"k":"a"}"#
        ),
        [
            ".v|Invalid Attribute Value|Attribute v map must contain at least 2 elements and at \
          most 3 elements, got: 1"
        ]
    );
    // int64validator/at_least.go, at_most.go, between.go
    assert_eq!(
        one(on_v(Validator::AtLeast(3_i64.into())), Type::Number, "2"),
        [".v|Invalid Attribute Value|Attribute v value must be at least 3, got: 2"]
    );
    assert_eq!(
        one(on_v(Validator::AtMost(3_i64.into())), Type::Number, "4"),
        [".v|Invalid Attribute Value|Attribute v value must be at most 3, got: 4"]
    );
    assert_eq!(
        one(
            on_v(Validator::Between(1_i64.into(), 3_i64.into())),
            Type::Number,
            "-1"
        ),
        [".v|Invalid Attribute Value|Attribute v value must be between 1 and 3, got: -1"]
    );
    // stringvalidator/one_of.go: "%s" of the values, each quoted by its String(); the value
    // quoted the same way (InvalidAttributeValueMatchDiagnostic)
    let strings = Validator::OneOf(vec![Value::String("-".into()), Value::String("_".into())]);
    assert_eq!(
        one(on_v(strings), Type::String, r#""+""#),
        [
            r#".v|Invalid Attribute Value Match|Attribute v value must be one of: ["-" "_"], got: "+""#
        ]
    );
    // int64validator/one_of.go: "%q" of the values, the value plain
    let numbers = Validator::OneOf(vec![
        Value::Number(1_i64.into()),
        Value::Number(2_i64.into()),
    ]);
    assert_eq!(
        one(on_v(numbers), Type::Number, "3"),
        [r#".v|Invalid Attribute Value Match|Attribute v value must be one of: ["1" "2"], got: 3"#]
    );
    // stringvalidator/regex_matches.go: the value unquoted, the message in place of the
    // default description when one is given
    assert_eq!(
        one(
            on_v(Validator::Regex(Pattern::new("^[a-z]+$", None))),
            Type::String,
            r#""1""#
        ),
        [
            ".v|Invalid Attribute Value Match|Attribute v value must match regular expression \
          '^[a-z]+$', got: 1"
        ]
    );
    assert_eq!(
        one(
            on_v(Validator::Regex(Pattern::new(
                "^[a-z]+$",
                Some("must be lowercase letters")
            ))),
            Type::String,
            r#""A b""#
        ),
        [".v|Invalid Attribute Value Match|Attribute v must be lowercase letters, got: A b"]
    );
}

#[test]
fn at_least_sum_of_speaks_as_the_go_validator() {
    // int64validator/at_least_sum_of.go
    let rules = Rules::new().attribute(
        AttributeRules::new("length").validator(Validator::AtLeastSumOf(vec!["a", "b"])),
    );
    let types = [
        ("length", Type::Number),
        ("a", Type::Number),
        ("b", Type::Number),
    ];
    assert_eq!(
        findings(
            &rules,
            &object(r#"{"length":2,"a":1,"b":2}"#, &types)
        ),
        [".length|Invalid Attribute Value|Attribute length value must be at least sum of a + b, \
          got: 2"]
    );
    assert!(findings(&rules, &object(r#"{"length":3,"a":1,"b":null}"#, &types)).is_empty());
}

// internal/schemavalidator/conflicts_with.go, also_requires.go, at_least_one_of.go: one
// error per other attribute, at the attribute the rule is declared on.
#[test]
fn attribute_combinations_speak_as_the_go_validators() {
    let types = [
        ("a", Type::String),
        ("b", Type::String),
        ("c", Type::String),
    ];
    let conflicts = Rules::new().object_rule(ObjectRule::ConflictsWithAt {
        at: "a",
        with: vec!["b", "c"],
    });
    assert_eq!(
        findings(&conflicts, &object(r#"{"a":"x","b":"y","c":"z"}"#, &types)),
        [
            r#".a|Invalid Attribute Combination|Attribute "b" cannot be specified when "a" is specified"#,
            r#".a|Invalid Attribute Combination|Attribute "c" cannot be specified when "a" is specified"#,
        ]
    );
    assert!(findings(&conflicts, &object(r#"{"a":null,"b":"y","c":"z"}"#, &types)).is_empty());
    let requires = Rules::new().object_rule(ObjectRule::AlsoRequiresAt {
        at: "a",
        with: vec!["b", "c"],
    });
    assert_eq!(
        findings(&requires, &object(r#"{"a":"x","b":null,"c":null}"#, &types)),
        [
            r#".a|Invalid Attribute Combination|Attribute "b" must be specified when "a" is specified"#,
            r#".a|Invalid Attribute Combination|Attribute "c" must be specified when "a" is specified"#,
        ]
    );
    assert!(findings(&requires, &object(r#"{"a":"x","b":"y","c":"z"}"#, &types)).is_empty());
    assert!(findings(
        &requires,
        &object(r#"{"a":null,"b":null,"c":null}"#, &types)
    )
    .is_empty());
    let at_least = Rules::new().object_rule(ObjectRule::AtLeastOneOfAt {
        at: "a",
        with: vec!["b", "c"],
    });
    let none = object(r#"{"a":null,"b":null,"c":null}"#, &types);
    assert_eq!(
        findings(&at_least, &none),
        [
            ".a|Invalid Attribute Combination|At least one attribute out of [b,c,a] must be \
          specified"
        ]
    );
    assert!(findings(&at_least, &object(r#"{"a":null,"b":null,"c":"z"}"#, &types)).is_empty());
    // An unknown other attribute makes each wait.
    let mut unknown = object(r#"{"a":"x","b":null,"c":"z"}"#, &types);
    *unknown.attr_mut("b").unwrap() = Value::unknown(Type::String);
    assert!(findings(&conflicts, &unknown).is_empty());
    assert!(findings(&requires, &unknown).is_empty());
    *unknown.attr_mut("a").unwrap() = Value::Null(Type::String);
    assert!(findings(&at_least, &unknown).is_empty());
}

#[test]
fn attribute_combinations_in_a_nested_object_name_whole_paths() {
    static DISK: std::sync::OnceLock<Rules> = std::sync::OnceLock::new();
    fn disk() -> &'static Rules {
        DISK.get_or_init(|| {
            Rules::new().object_rule(ObjectRule::ConflictsWithAt {
                at: "a",
                with: vec!["b"],
            })
        })
    }
    let rules = Rules::new().attribute(AttributeRules::new("disk").nested_rules(disk));
    let element = Type::object(vec![("a", Type::String), ("b", Type::String)]);
    let value = object(
        r#"{"disk":[{"a":null,"b":"y"},{"a":"x","b":"y"}]}"#,
        &[("disk", Type::list(element))],
    );
    assert_eq!(
        findings(&rules, &value),
        [
            r#".disk[1].a|Invalid Attribute Combination|Attribute "disk[1].b" cannot be specified when "disk[1].a" is specified"#
        ]
    );
}

#[test]
fn a_pattern_that_does_not_compile_is_named_with_its_attribute() {
    static DISK: std::sync::OnceLock<Rules> = std::sync::OnceLock::new();
    fn disk() -> &'static Rules {
        DISK.get_or_init(|| {
            Rules::new().attribute(
                AttributeRules::new("label").validator(Validator::Regex(Pattern::new("(", None))),
            )
        })
    }
    let rules = Rules::new()
        .attribute(
            AttributeRules::new("name").validator(Validator::Regex(Pattern::new("^a$", None))),
        )
        .attribute(AttributeRules::new("disk").nested_rules(disk));
    let problems = rules.invalid_patterns();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0]
            .starts_with("attribute disk.label: the regular expression '(' does not compile: "),
        "{problems:?}"
    );
}

// float64validator/at_least.go, at_most.go, between.go ("%f" of the bounds and the value)
// and one_of.go ("%q" of the values, each printed by Float64Value.String as "%f").
#[test]
fn float_validators_print_six_decimals() {
    let decimal = |v: Validator| on_v(v.for_type::<f64>());
    let number = |f: f64| crate::rules::finite_number(f);
    assert_eq!(
        one(
            decimal(Validator::AtLeast(number(1.5))),
            Type::Number,
            "0.25"
        ),
        [".v|Invalid Attribute Value|Attribute v value must be at least 1.500000, got: 0.250000"]
    );
    assert_eq!(
        one(
            decimal(Validator::AtMost(1_i64.into())),
            Type::Number,
            "1.5"
        ),
        [".v|Invalid Attribute Value|Attribute v value must be at most 1.000000, got: 1.500000"]
    );
    assert_eq!(
        one(
            decimal(Validator::Between(number(0.5), 1_i64.into())),
            Type::Number,
            "2"
        ),
        [
            ".v|Invalid Attribute Value|Attribute v value must be between 0.500000 and 1.000000, \
          got: 2.000000"
        ]
    );
    let values = vec![Value::Number(number(1.5)), Value::Number(2_i64.into())];
    assert_eq!(
        one(decimal(Validator::OneOf(values)), Type::Number, "3"),
        [
            r#".v|Invalid Attribute Value Match|Attribute v value must be one of: ["1.500000" "2.000000"], got: 3.000000"#
        ]
    );
    // An integer attribute keeps int64validator's plain numbers.
    assert_eq!(
        one(
            on_v(Validator::AtMost(1_i64.into()).for_type::<Option<i64>>()),
            Type::Number,
            "2"
        ),
        [".v|Invalid Attribute Value|Attribute v value must be at most 1, got: 2"]
    );
}
