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

/// go-cty looks an object's attributes up by the bytes of their names: a name sent in NFD
/// (`65 cc 81`) is no attribute of a type whose name is `é` (`c3 a9`), in either encoding.
#[test]
fn attribute_names_are_looked_up_by_their_bytes() {
    let ty = Type::object([("\u{e9}", Type::Number)]);
    let nfc = Value::from_msgpack(b"\x81\xa2\xc3\xa9\x01", &ty).unwrap();
    assert_eq!(nfc.attr("\u{e9}"), Some(&Value::from(1)));
    for e in [
        Value::from_msgpack(b"\x81\xa3e\xcc\x81\x01", &ty).unwrap_err(),
        Value::from_json(b"{\"e\\u0301\":1}", &ty).unwrap_err(),
        Value::from_json("{\"e\u{301}\":1}".as_bytes(), &ty).unwrap_err(),
    ] {
        assert_eq!(e.kind(), crate::ErrorKind::Attribute, "{e}");
        assert_eq!(
            e.message(),
            "unsupported attribute \"e\\u{301}\": the object type has no such attribute"
        );
    }
    // Map keys are text: put in NFC, in both encodings.
    let map = Type::map(Type::Number);
    for v in [
        Value::from_msgpack(b"\x81\xa3e\xcc\x81\x01", &map).unwrap(),
        Value::from_json(b"{\"e\\u0301\":1}", &map).unwrap(),
    ] {
        assert_eq!(v.to_msgpack(&map).unwrap(), b"\x81\xa2\xc3\xa9\x01");
    }
}

/// A bare null in `set(dynamic)` beside the null of a typed element is that null: one
/// element, as go-cty holds it (`92 c0 92 c4 08 "string" c0` reads as one null string).
#[test]
fn a_bare_null_in_a_set_of_dynamic_merges_with_its_typed_twin() {
    let ty = Type::set(Type::Dynamic);
    let input = b"\x92\xc0\x92\xc4\x08\"string\"\xc0";
    let v = Value::from_msgpack(input, &ty).unwrap();
    assert_eq!(
        v,
        Value::Set(Type::Dynamic, vec![Value::null(Type::String)])
    );
    assert_eq!(
        v.to_msgpack(&ty).unwrap(),
        b"\x91\x92\xc4\x08\"string\"\xc0"
    );
    // Without a typed element the bare null stays one of type dynamic.
    let v = Value::from_msgpack(b"\x91\xc0", &ty).unwrap();
    assert_eq!(
        v,
        Value::Set(Type::Dynamic, vec![Value::null(Type::Dynamic)])
    );
    // Unknowns take the type too, and stay apart (no unknown equals another).
    let v = Value::from_msgpack(
        b"\x93\xd4\x00\x00\xd4\x00\x00\x92\xc4\x08\"string\"\xa1a",
        &ty,
    )
    .unwrap();
    assert_eq!(
        v,
        Value::Set(
            Type::Dynamic,
            vec![
                Value::String("a".into()),
                Value::unknown(Type::String),
                Value::unknown(Type::String)
            ]
        )
    );
}

/// `Value::object` holds its names in NFC, as its type does, with each value beside its
/// own name; of two spellings of one name the later wins, as of two equal names.
#[test]
fn object_names_are_put_in_nfc_beside_their_values() {
    // "e" + U+0301 (65 cc 81) sorts between "d" and "f"; in NFC (c3 a9) it sorts after "f".
    let v = Value::object([
        ("e\u{301}", Value::from(1)),
        ("d", Value::from(2)),
        ("f", Value::from(3)),
    ]);
    assert_eq!(v.attr("\u{e9}"), Some(&Value::from(1)));
    assert_eq!(v.attr("d"), Some(&Value::from(2)));
    assert_eq!(v.attr("f"), Some(&Value::from(3)));
    let ty = v.ty();
    assert_eq!(
        v.to_msgpack(&ty).unwrap(),
        b"\x83\xa1d\x02\xa1f\x03\xa2\xc3\xa9\x01"
    );
    let v = Value::object([("e\u{301}", Value::from(1)), ("\u{e9}", Value::from(2))]);
    assert_eq!(v.attr("\u{e9}"), Some(&Value::from(2)));
}
