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

// The object-wide forms speak as internal/configvalidator (conflicting.go,
// exactly_one_of.go, at_least_one_of.go, required_together.go): a combination at the first
// configured attribute, a missing attribute at the object.
#[test]
fn combinations_count_configured_attributes() {
    let types = [("a", Type::String), ("b", Type::String)];
    let none = object(r#"{"a":null,"b":null}"#, &types);
    let both = object(r#"{"a":"x","b":"y"}"#, &types);
    let exactly = Rules::new().object_rule(ObjectRule::ExactlyOneOf(vec!["a", "b"]));
    assert_eq!(
        findings(&exactly, &none),
        [
            "|Missing Attribute Configuration|Exactly one of these attributes must be configured: \
          [a,b]"
        ]
    );
    assert_eq!(
        findings(&exactly, &both),
        [
            ".a|Invalid Attribute Combination|Exactly one of these attributes must be \
          configured: [a,b]"
        ]
    );
    let at_least = Rules::new().object_rule(ObjectRule::AtLeastOneOf(vec!["a", "b"]));
    assert_eq!(
        findings(&at_least, &none),
        [
            "|Missing Attribute Configuration|At least one of these attributes must be \
          configured: [a,b]"
        ]
    );
    assert!(findings(&at_least, &both).is_empty());
    let conflicts = Rules::new().object_rule(ObjectRule::ConflictsWith(vec!["b", "a"]));
    assert_eq!(
        findings(&conflicts, &both),
        [
            ".b|Invalid Attribute Combination|These attributes cannot be configured together: \
          [b,a]"
        ]
    );
    assert!(findings(&conflicts, &none).is_empty());
    let together = Rules::new().object_rule(ObjectRule::RequiredWith(vec!["a", "b"]));
    let only_b = object(r#"{"a":null,"b":"y"}"#, &types);
    assert_eq!(
        findings(&together, &only_b),
        [
            ".b|Invalid Attribute Combination|These attributes must be configured together: \
          [a,b]"
        ]
    );
    assert!(findings(&together, &none).is_empty());
    assert!(findings(&together, &both).is_empty());
    // An unknown attribute makes a missing one wait, but two configured ones are told at
    // once, and an unknown one is no conflict.
    let mut unknown = none.clone();
    *unknown.attr_mut("a").unwrap() = Value::unknown(Type::String);
    assert!(findings(&exactly, &unknown).is_empty());
    assert!(findings(&at_least, &unknown).is_empty());
    let three_types = [
        ("a", Type::String),
        ("b", Type::String),
        ("c", Type::String),
    ];
    let mut two_and_unknown = object(r#"{"a":"x","b":"y","c":null}"#, &three_types);
    *two_and_unknown.attr_mut("c").unwrap() = Value::unknown(Type::String);
    let exactly3 = Rules::new().object_rule(ObjectRule::ExactlyOneOf(vec!["a", "b", "c"]));
    assert_eq!(findings(&exactly3, &two_and_unknown).len(), 1);
    let mut one_and_unknown = both.clone();
    *one_and_unknown.attr_mut("b").unwrap() = Value::unknown(Type::String);
    assert!(findings(&conflicts, &one_and_unknown).is_empty());
    assert!(findings(&together, &one_and_unknown).is_empty());
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

// Plan modifiers: which prior value an attribute keeps, and which prior element a nested
// object continues.

/// `value` with every string `"?"` made unknown.
fn with_unknowns(mut value: Value) -> Value {
    fn walk(v: &mut Value) {
        match v {
            Value::String(s) if s == "?" => *v = Value::unknown(Type::String),
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
                items.iter_mut().for_each(walk);
            }
            Value::Object(_, items) => items.iter_mut().for_each(walk),
            Value::Map(_, items) => items.values_mut().for_each(walk),
            _ => {}
        }
    }
    walk(&mut value);
    value
}

fn disk_type() -> Type {
    Type::object([("name", Type::String), ("id", Type::String)])
}

/// `{"disks": <collection>}` of disks, with `"?"` unknown.
fn disks(collection: fn(Type) -> Type, json: &str) -> Value {
    with_unknowns(object(
        &format!(r#"{{"disks":{json}}}"#),
        &[("disks", collection(disk_type()))],
    ))
}

/// The planned value after the modifiers, and the replacement paths.
fn modified(rules: &Rules, config: &Value, prior: &Value, planned: &Value) -> (Value, Vec<String>) {
    let mut planned = planned.clone();
    let mut replace = Vec::new();
    apply_modifiers(
        rules,
        Some(config),
        prior,
        &mut planned,
        &AttributePath::root(),
        &mut replace,
    )
    .unwrap();
    (planned, replace.iter().map(ToString::to_string).collect())
}

thread_local! {
    /// The rules of a disk in this test's thread (nested rules are reached through a
    /// function pointer).
    static DISK: std::cell::Cell<&'static Rules> = std::cell::Cell::new(Rules::none());
}

/// Rules of `disks` whose element has the rules `id`, keyed by `name` or not. They hold
/// until the next call in the same test.
fn disk_rules(id: AttributeRules, keyed: bool) -> Rules {
    let element = Rules::new().attribute(id);
    let element = if keyed {
        element.element_key("name")
    } else {
        element
    };
    DISK.with(|d| d.set(Box::leak(Box::new(element))));
    Rules::new().attribute(AttributeRules::new("disks").nested_rules(|| DISK.with(|d| d.get())))
}

#[test]
fn use_state_for_unknown_keeps_a_null_prior_value_and_the_non_null_form_does_not() {
    let types = [("id", Type::String), ("name", Type::String)];
    let config = object(r#"{"id":null,"name":"b"}"#, &types);
    let planned = with_unknowns(object(r#"{"id":"?","name":"b"}"#, &types));
    let null_prior = object(r#"{"id":null,"name":"a"}"#, &types);
    let known_prior = object(r#"{"id":"x","name":"a"}"#, &types);
    let any = Rules::new().attribute(AttributeRules::new("id").use_state_for_unknown());
    let non_null =
        Rules::new().attribute(AttributeRules::new("id").use_non_null_state_for_unknown());
    let id = |rules: &Rules, prior: &Value| {
        modified(rules, &config, prior, &planned)
            .0
            .attr("id")
            .cloned()
    };
    assert_eq!(id(&any, &null_prior), Some(Value::null(Type::String)));
    assert_eq!(
        id(&non_null, &null_prior),
        Some(Value::unknown(Type::String))
    );
    for rules in [&any, &non_null] {
        assert_eq!(id(rules, &known_prior), Some(Value::String("x".into())));
    }
    // An unknown configuration keeps its unknown.
    let unknown_config = with_unknowns(object(r#"{"id":"?","name":"b"}"#, &types));
    let (kept, _) = modified(&any, &unknown_config, &known_prior, &planned);
    assert_eq!(kept.attr("id"), Some(&Value::unknown(Type::String)));
}

#[test]
fn set_elements_continue_the_prior_element_with_the_same_key() {
    let prior = disks(
        Type::set,
        r#"[{"name":"a","id":"1"},{"name":"b","id":"2"}]"#,
    );
    let config = disks(
        Type::set,
        r#"[{"name":"c","id":null},{"name":"b","id":null},{"name":"a","id":null}]"#,
    );
    let planned = disks(
        Type::set,
        r#"[{"name":"c","id":"?"},{"name":"b","id":"?"},{"name":"a","id":"?"}]"#,
    );
    // The null-keeping form too leaves the new element unknown: it has no prior element.
    for id in [
        AttributeRules::new("id").use_state_for_unknown(),
        AttributeRules::new("id").use_non_null_state_for_unknown(),
    ] {
        let rules = disk_rules(id, true);
        let (kept, replace) = modified(&rules, &config, &prior, &planned);
        assert_eq!(
            kept,
            disks(
                Type::set,
                r#"[{"name":"c","id":"?"},{"name":"b","id":"2"},{"name":"a","id":"1"}]"#
            )
        );
        assert!(replace.is_empty());
    }
    // Without a key, set elements continue none.
    let rules = disk_rules(AttributeRules::new("id").use_state_for_unknown(), false);
    assert_eq!(modified(&rules, &config, &prior, &planned).0, planned);
}

#[test]
fn a_large_keyed_set_matches_every_element_to_its_own() {
    // 20,000 elements in reverse order, one new: the elements are found through an index
    // of the prior ones by key, one lookup each.
    let n = 20_000;
    let element = |i: usize, id: &str| format!(r#"{{"name":"n{i}","id":{id}}}"#);
    let list = |items: Vec<String>| format!("[{}]", items.join(","));
    let prior = disks(
        Type::set,
        &list((0..n).map(|i| element(i, &format!(r#""i{i}""#))).collect()),
    );
    let config = disks(
        Type::set,
        &list((0..=n).rev().map(|i| element(i, "null")).collect()),
    );
    let planned = disks(
        Type::set,
        &list((0..=n).rev().map(|i| element(i, r#""?""#)).collect()),
    );
    let rules = disk_rules(AttributeRules::new("id").use_state_for_unknown(), true);
    let (kept, _) = modified(&rules, &config, &prior, &planned);
    let elements = kept
        .attr("disks")
        .and_then(Value::as_elements)
        .expect("a set of disks");
    assert_eq!(elements.len(), n + 1);
    let mismatched = elements
        .iter()
        .filter(|e| {
            let name = e.attr("name").and_then(Value::as_str).unwrap_or_default();
            let id = e.attr("id").expect("an id");
            match name {
                "n20000" => !id.is_unknown(),
                _ => id.as_str() != Some(name.replacen('n', "i", 1).as_str()),
            }
        })
        .count();
    assert_eq!(
        mismatched, 0,
        "every prior element keeps its own id, the new one none"
    );
}

#[test]
fn list_elements_continue_by_key_when_one_is_declared_else_by_position() {
    let prior = disks(
        Type::list,
        r#"[{"name":"a","id":"1"},{"name":"b","id":"2"}]"#,
    );
    let config = disks(
        Type::list,
        r#"[{"name":"c","id":null},{"name":"a","id":null},{"name":"b","id":null}]"#,
    );
    let planned = disks(
        Type::list,
        r#"[{"name":"c","id":"?"},{"name":"a","id":"?"},{"name":"b","id":"?"}]"#,
    );
    let keyed = disk_rules(AttributeRules::new("id").use_state_for_unknown(), true);
    assert_eq!(
        modified(&keyed, &config, &prior, &planned).0,
        disks(
            Type::list,
            r#"[{"name":"c","id":"?"},{"name":"a","id":"1"},{"name":"b","id":"2"}]"#
        )
    );
    let by_position = disk_rules(AttributeRules::new("id").use_state_for_unknown(), false);
    assert_eq!(
        modified(&by_position, &config, &prior, &planned).0,
        disks(
            Type::list,
            r#"[{"name":"c","id":"1"},{"name":"a","id":"2"},{"name":"b","id":"?"}]"#
        )
    );
}

#[test]
fn an_unknown_or_shared_key_continues_no_element() {
    let prior = disks(
        Type::list,
        r#"[{"name":"a","id":"1"},{"name":"a","id":"2"},{"name":"b","id":"3"}]"#,
    );
    let config = disks(
        Type::list,
        r#"[{"name":"a","id":null},{"name":"?","id":null}]"#,
    );
    let planned = disks(
        Type::list,
        r#"[{"name":"a","id":"?"},{"name":"?","id":"?"}]"#,
    );
    let rules = disk_rules(AttributeRules::new("id").use_state_for_unknown(), true);
    assert_eq!(modified(&rules, &config, &prior, &planned).0, planned);
}

#[test]
fn map_elements_continue_by_map_key_without_a_declared_key() {
    let prior = disks(
        Type::map,
        r#"{"x":{"name":"a","id":"1"},"y":{"name":"b","id":"2"}}"#,
    );
    let config = disks(
        Type::map,
        r#"{"x":{"name":"b","id":null},"z":{"name":"a","id":null}}"#,
    );
    let planned = disks(
        Type::map,
        r#"{"x":{"name":"b","id":"?"},"z":{"name":"a","id":"?"}}"#,
    );
    let unkeyed = disk_rules(AttributeRules::new("id").use_state_for_unknown(), false);
    assert_eq!(
        modified(&unkeyed, &config, &prior, &planned).0,
        disks(
            Type::map,
            r#"{"x":{"name":"b","id":"1"},"z":{"name":"a","id":"?"}}"#
        )
    );
    let keyed = disk_rules(AttributeRules::new("id").use_state_for_unknown(), true);
    assert_eq!(
        modified(&keyed, &config, &prior, &planned).0,
        disks(
            Type::map,
            r#"{"x":{"name":"b","id":"2"},"z":{"name":"a","id":"1"}}"#
        )
    );
}

#[test]
fn requires_replace_in_a_keyed_set_compares_the_same_element() {
    let prior = disks(
        Type::set,
        r#"[{"name":"a","id":"1"},{"name":"b","id":"2"}]"#,
    );
    let changed = disks(
        Type::set,
        r#"[{"name":"b","id":"2"},{"name":"a","id":"9"}]"#,
    );
    let added = disks(
        Type::set,
        r#"[{"name":"b","id":"2"},{"name":"a","id":"1"},{"name":"c","id":"3"}]"#,
    );
    let keyed = disk_rules(AttributeRules::new("id").replace(Replace::Always), true);
    assert_eq!(
        modified(&keyed, &changed, &prior, &changed).1,
        [".disks[1].id"]
    );
    assert!(modified(&keyed, &added, &prior, &added).1.is_empty());
    let unkeyed = disk_rules(AttributeRules::new("id").replace(Replace::Always), false);
    assert!(modified(&unkeyed, &changed, &prior, &changed).1.is_empty());
}

#[test]
fn a_replacement_check_tells_its_error_at_the_attribute() {
    let types = [("size", Type::Number)];
    let prior = object(r#"{"size":1}"#, &types);
    let planned = object(r#"{"size":2}"#, &types);
    let fail = |rules: Rules| {
        let mut value = planned.clone();
        let found = apply_modifiers(
            &rules,
            Some(&planned),
            &prior,
            &mut value,
            &AttributePath::root(),
            &mut Vec::new(),
        )
        .unwrap_err();
        format!("{}|{}|{}", found.path, found.summary, found.detail)
    };
    let sentence = Rules::new().attribute(
        AttributeRules::new("size").replace(Replace::If(|_, _| Err("cannot shrink".into()))),
    );
    assert_eq!(
        fail(sentence),
        ".size|Invalid Attribute Value|Attribute size cannot shrink"
    );
    let own = Rules::new().attribute(AttributeRules::new("size").replace(Replace::If(|_, _| {
        Err(Invalid::diagnostic("Size Check Failed", "the API is down"))
    })));
    assert_eq!(fail(own), ".size|Size Check Failed|the API is down");
}

#[test]
fn defaults_in_set_elements_read_the_configuration_of_the_element_with_the_same_key() {
    let ty = Type::object([("name", Type::String), ("kind", Type::String)]);
    let value = |json: &str| {
        object(
            &format!(r#"{{"disks":{json}}}"#),
            &[("disks", Type::set(ty.clone()))],
        )
    };
    // The configuration lists the elements in another order than the plan.
    let config = value(r#"[{"name":"b","kind":"hdd"},{"name":"a","kind":null}]"#);
    let mut planned = value(r#"[{"name":"a","kind":null},{"name":"b","kind":"hdd"}]"#);
    let element = Rules::new()
        .attribute(AttributeRules::new("kind").default_value(|| Ok(Value::String("ssd".into()))))
        .element_key("name");
    DISK.with(|d| d.set(Box::leak(Box::new(element))));
    let rules = Rules::new()
        .attribute(AttributeRules::new("disks").nested_rules(|| DISK.with(|d| d.get())));
    apply_defaults(&rules, Some(&config), &mut planned, &AttributePath::root()).unwrap();
    assert_eq!(
        planned,
        value(r#"[{"name":"a","kind":"ssd"},{"name":"b","kind":"hdd"}]"#)
    );
}
