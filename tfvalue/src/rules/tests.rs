//! The validators on values: each message as Terraform words it, and what is skipped.

use super::*;
use crate::path::AttributePath;
use crate::{Error, ErrorKind, Type};

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

fn flags() -> Vec<(&'static str, Type)> {
    vec![
        ("special", Type::Bool),
        ("upper", Type::Bool),
        ("lower", Type::Bool),
        ("numeric", Type::Bool),
    ]
}

#[test]
fn at_least_one_true_lists_the_siblings_then_itself() {
    let rules = Rules::new().attribute(
        AttributeRules::new("numeric")
            .validator(Validator::AtLeastOneTrue(vec!["special", "upper", "lower"])),
    );
    let all_false = object(
        r#"{"special":false,"upper":false,"lower":false,"numeric":false}"#,
        &flags(),
    );
    assert_eq!(
        findings(&rules, &all_false),
        [
            ".numeric|Invalid Attribute Combination|At least one attribute out of \
          [special,upper,lower,numeric] must be specified as true"
        ]
    );
    let one_true = object(
        r#"{"special":false,"upper":true,"lower":false,"numeric":false}"#,
        &flags(),
    );
    assert!(findings(&rules, &one_true).is_empty());
    // A sibling left null (or unknown) is not known to be false: no error.
    let one_null = object(
        r#"{"special":null,"upper":false,"lower":false,"numeric":false}"#,
        &flags(),
    );
    assert!(findings(&rules, &one_null).is_empty());
}

#[test]
fn combinations_count_configured_attributes() {
    let types = [("a", Type::String), ("b", Type::String)];
    let none = object(r#"{"a":null,"b":null}"#, &types);
    let both = object(r#"{"a":"x","b":"y"}"#, &types);
    let exactly = Rules::new().object_rule(ObjectRule::ExactlyOneOf(vec!["a", "b"]));
    assert_eq!(
        findings(&exactly, &none),
        [
            "|Invalid Attribute Combination|Exactly one of these attributes must be configured: \
          [a,b]"
        ]
    );
    assert_eq!(findings(&exactly, &both).len(), 1);
    let at_least = Rules::new().object_rule(ObjectRule::AtLeastOneOf(vec!["a", "b"]));
    assert_eq!(
        findings(&at_least, &none),
        [
            "|Invalid Attribute Combination|At least one of these attributes must be configured: \
          [a,b]"
        ]
    );
    assert!(findings(&at_least, &both).is_empty());
    // An unknown attribute makes every combination wait.
    let mut unknown = none.clone();
    *unknown.attr_mut("a").unwrap() = Value::unknown(Type::String);
    assert!(findings(&exactly, &unknown).is_empty());
}

#[test]
fn exactly_one_of_at_tells_its_attribute_in_the_validators_words() {
    let types = [
        ("a", Type::String),
        ("b", Type::String),
        ("c", Type::String),
    ];
    let rules = Rules::new()
        .object_rule(ObjectRule::ExactlyOneOfAt {
            at: "a",
            with: vec!["b", "c"],
        })
        .object_rule(ObjectRule::ExactlyOneOfAt {
            at: "b",
            with: vec!["a", "c"],
        });
    // Every attribute null: each rule still runs, at its own attribute.
    let none = object(r#"{"a":null,"b":null,"c":null}"#, &types);
    assert_eq!(
        findings(&rules, &none),
        [
            ".a|Invalid Attribute Combination|No attribute specified when one (and only one) of \
             [b,c] is required",
            ".b|Invalid Attribute Combination|No attribute specified when one (and only one) of \
             [a,c] is required",
        ]
    );
    let three = object(r#"{"a":"x","b":"y","c":"z"}"#, &types);
    assert_eq!(
        findings(&rules, &three)[0],
        ".a|Invalid Attribute Combination|3 attributes specified when one (and only one) of \
         [b,c] is required"
    );
    let one = object(r#"{"a":null,"b":null,"c":"z"}"#, &types);
    assert!(findings(&rules, &one).is_empty());
    // Naming itself among the others counts it once, as the Go validator skips its own path.
    let itself = Rules::new().object_rule(ObjectRule::ExactlyOneOfAt {
        at: "a",
        with: vec!["a", "b"],
    });
    let only_a = object(r#"{"a":"x","b":null,"c":null}"#, &types);
    assert!(findings(&itself, &only_a).is_empty());
    // An unknown attribute, its own or another, makes it wait.
    let mut unknown = none.clone();
    *unknown.attr_mut("c").unwrap() = Value::unknown(Type::String);
    assert!(findings(&rules, &unknown).is_empty());
}

#[test]
fn custom_object_rules_place_their_error() {
    fn check(value: &Value) -> crate::Result<()> {
        match value.attr("a").and_then(Value::as_str) {
            Some("bad") => Err(Error::new(ErrorKind::Custom, "is bad").in_attr("a")),
            _ => Ok(()),
        }
    }
    let rules = Rules::new().object_rule(ObjectRule::Custom(check));
    let bad = object(r#"{"a":"bad"}"#, &[("a", Type::String)]);
    assert_eq!(
        findings(&rules, &bad),
        [".a|Invalid Attribute Value|is bad"]
    );
}

#[test]
fn custom_attribute_checks_end_the_sentence_or_give_the_whole_diagnostic() {
    fn sentence(value: &Value) -> Result<(), Invalid> {
        match value.as_str() {
            Some("bad") => Err("must not be bad".into()),
            _ => Ok(()),
        }
    }
    fn own(value: &Value) -> Result<(), Invalid> {
        match value.as_str() {
            Some("bad") => Err(Invalid::diagnostic(
                "Invalid File Permission String Value",
                "bad mode permission: bad",
            )),
            _ => Ok(()),
        }
    }
    let rules = Rules::new()
        .attribute(AttributeRules::new("a").validator(Validator::Custom(sentence)))
        .attribute(AttributeRules::new("b").validator(Validator::Custom(own)));
    let types = [("a", Type::String), ("b", Type::String)];
    assert!(findings(&rules, &object(r#"{"a":"ok","b":"ok"}"#, &types)).is_empty());
    assert_eq!(
        findings(&rules, &object(r#"{"a":"bad","b":"bad"}"#, &types)),
        [
            ".a|Invalid Attribute Value|Attribute a must not be bad",
            ".b|Invalid File Permission String Value|bad mode permission: bad",
        ]
    );
}

#[test]
fn lengths_count_characters_and_sizes_name_the_collection() {
    let rules = Rules::new()
        .attribute(AttributeRules::new("s").validator(Validator::Length {
            min: None,
            max: Some(3),
        }))
        .attribute(AttributeRules::new("m").validator(Validator::Size {
            min: Some(1),
            max: None,
        }));
    let types = [("s", Type::String), ("m", Type::map(Type::String))];
    // Three characters, nine bytes.
    let ok = object(r#"{"s":"日本語","m":{"k":"v"}}"#, &types);
    assert!(findings(&rules, &ok).is_empty());
    let bad = object(r#"{"s":"abcd","m":{}}"#, &types);
    assert_eq!(
        findings(&rules, &bad),
        [
            ".s|Invalid Attribute Value Length|Attribute s string length must be at most 3, \
             got: 4",
            ".m|Invalid Attribute Value|Attribute m map must contain at least 1 elements, got: 0",
        ]
    );
}

#[test]
fn nested_rules_reach_list_and_set_elements() {
    static DISK: std::sync::OnceLock<Rules> = std::sync::OnceLock::new();
    fn disk() -> &'static Rules {
        DISK.get_or_init(|| {
            Rules::new()
                .attribute(AttributeRules::new("size").validator(Validator::AtLeast(1_i64.into())))
        })
    }
    let rules = Rules::new()
        .attribute(AttributeRules::new("list").nested_rules(disk))
        .attribute(AttributeRules::new("set").nested_rules(disk));
    let element = Type::object(vec![("size", Type::Number)]);
    let types = [
        ("list", Type::list(element.clone())),
        ("set", Type::set(element)),
    ];
    let value = object(
        r#"{"list":[{"size":1},{"size":0}],"set":[{"size":-2}]}"#,
        &types,
    );
    assert_eq!(
        findings(&rules, &value),
        [
            ".list[1].size|Invalid Attribute Value|Attribute list[1].size value must be at \
             least 1, got: 0",
            ".set[0].size|Invalid Attribute Value|Attribute set[0].size value must be at least \
             1, got: -2",
        ]
    );
}

#[test]
fn a_pattern_that_does_not_compile_fails_every_check_with_the_reason() {
    let rules = Rules::new()
        .attribute(AttributeRules::new("s").validator(Validator::Regex(Pattern::new("(", None))));
    let value = object(r#"{"s":"x"}"#, &[("s", Type::String)]);
    let found = findings(&rules, &value);
    assert_eq!(found.len(), 1);
    assert!(found[0].contains("does not compile"), "{found:?}");
}
