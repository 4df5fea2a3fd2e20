use crate::types::Type;
use crate::value::Value;

#[test]
fn unknown_as_null_reaches_every_depth() {
    let mut value = Value::object([
        ("id", Value::unknown(Type::String)),
        ("name", Value::String("a".into())),
        (
            "tags",
            Value::map(
                Type::String,
                [("k".to_owned(), Value::unknown(Type::String))].into(),
            )
            .unwrap(),
        ),
        (
            "ports",
            Value::list(Type::Number, vec![Value::unknown(Type::Number)]).unwrap(),
        ),
    ]);
    value.unknown_as_null();
    assert!(value.is_wholly_known());
    assert_eq!(value.attr("id"), Some(&Value::null(Type::String)));
    assert_eq!(value.attr("name"), Some(&Value::String("a".into())));
    assert_eq!(
        value.get(&crate::path::AttributePath::root().attr("tags").key("k")),
        Some(&Value::null(Type::String))
    );
    let mut root = Value::unknown(Type::Bool);
    root.unknown_as_null();
    assert_eq!(root, Value::null(Type::Bool));
}

#[test]
fn unknown_as_null_merges_set_elements_that_become_equal() {
    let element = |id: Value| Value::object([("id", id), ("n", Value::String("x".into()))]);
    let ty = element(Value::null(Type::String)).ty();
    let mut set = Value::set(
        ty,
        vec![
            element(Value::unknown(Type::String)),
            element(Value::null(Type::String)),
        ],
    )
    .unwrap();
    assert_eq!(set.as_elements().map(<[Value]>::len), Some(2));
    set.unknown_as_null();
    assert_eq!(set.as_elements().map(<[Value]>::len), Some(1));
}
