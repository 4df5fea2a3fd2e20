//! Nesting depth

use super::common::{
    check, dynamic_header, nested, quick, ty, Node, Tree, DEEP, DEPTH_MESSAGE,
    DYNAMIC_DEPTH_MESSAGE,
};
use serde::Deserialize;
use std::fmt::Debug;
use tfvalue::limits::{MAX_DEPTH, MAX_DYNAMIC_DEPTH};
use tfvalue::{ErrorKind, Type, Value};
use tfvalue_suite::hex;

#[test]
fn max_depth_is_256() {
    // The messages below spell the limit out.
    assert_eq!(MAX_DEPTH, 256);
}

#[test]
fn deep_arrays_against_a_deeply_nested_list_type() {
    let mut t = Type::String;
    for _ in 0..300 {
        t = Type::list(t);
    }
    let input = vec![0x91; DEEP];
    let r = quick("deep arrays", || Value::from_msgpack(&input, &t));
    // The 257th array is element 0 of the 256th: 256 steps.
    check(r, ErrorKind::Limit, &"[0]".repeat(MAX_DEPTH), DEPTH_MESSAGE);
}

#[test]
fn deep_maps_against_a_deeply_nested_map_type() {
    let mut t = Type::String;
    for _ in 0..300 {
        t = Type::map(t);
    }
    let input = nested(&hex("81 a1 61"), DEEP, &[]);
    let r = quick("deep maps", || Value::from_msgpack(&input, &t));
    check(
        r,
        ErrorKind::Limit,
        &"[\"a\"]".repeat(MAX_DEPTH),
        DEPTH_MESSAGE,
    );
}

#[test]
fn deep_maps_against_a_deeply_nested_object_type() {
    let mut t = Type::String;
    for _ in 0..300 {
        t = Type::object([("a", t)]);
    }
    let input = nested(&hex("81 a1 61"), DEEP, &[]);
    let r = quick("deep objects", || Value::from_msgpack(&input, &t));
    check(r, ErrorKind::Limit, &".a".repeat(MAX_DEPTH), DEPTH_MESSAGE);
}

#[test]
fn deep_plain_arrays_at_a_dynamic_position_are_malformed_wrappers() {
    // A dynamic value must be null, an unknown or `[type, value]`: a 1-element array is
    // rejected at the first level, before any recursion.
    let input = vec![0x91; DEEP];
    let message = "expected a dynamic value as a 2-element array [type, value], found an array \
                   of 1 elements";
    check(
        quick("dynamic", || Value::from_msgpack(&input, &Type::Dynamic)),
        ErrorKind::Type,
        "",
        message,
    );
    check(
        quick("list(dynamic)", || {
            Value::from_msgpack(&input, &ty(r#"["list","dynamic"]"#))
        }),
        ErrorKind::Type,
        "[0]",
        message,
    );
    let maps = nested(&hex("81 a1 61"), DEEP, &[]);
    check(
        quick("object({a=dynamic})", || {
            Value::from_msgpack(&maps, &ty(r#"["object",{"a":"dynamic"}]"#))
        }),
        ErrorKind::Type,
        ".a",
        "expected a dynamic value ([type, value] array), found an object or map",
    );
}

#[test]
fn deep_dynamic_wrappers_of_type_dynamic_hit_the_depth_limit() {
    // `[bin("dynamic"), [bin("dynamic"), ...]]`: each wrapper's type is `dynamic` again, so
    // its value is another wrapper. Tiny per level, so a naive decoder recurses 100,000 deep.
    let input = nested(&dynamic_header("\"dynamic\""), DEEP, &hex("c0"));
    let r = quick("nested dynamic", || {
        Value::from_msgpack(&input, &Type::Dynamic)
    });
    // Wrappers add no path step.
    check(r, ErrorKind::Limit, "", DYNAMIC_DEPTH_MESSAGE);
    // The same bytes into a `Value` field of a Rust type.
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Model {
        a: Value,
    }
    let mut in_struct = hex("81 a1 61");
    in_struct.extend_from_slice(&input);
    let r = quick("nested dynamic in a struct", || {
        tfvalue::msgpack::from_slice::<Model>(&in_struct)
    });
    // The struct takes one level.
    check(r, ErrorKind::Limit, ".a", DYNAMIC_DEPTH_MESSAGE);
}

#[test]
fn dynamic_wrappers_at_and_past_their_limit() {
    // 32 nested `[bin("dynamic"), …]` wrappers around a null decode; 33 do not.
    let at = nested(
        &dynamic_header("\"dynamic\""),
        MAX_DYNAMIC_DEPTH,
        &hex("c0"),
    );
    assert_eq!(
        Value::from_msgpack(&at, &Type::Dynamic).expect("decodes"),
        Value::null(Type::Dynamic)
    );
    let past = nested(
        &dynamic_header("\"dynamic\""),
        MAX_DYNAMIC_DEPTH + 1,
        &hex("c0"),
    );
    check(
        Value::from_msgpack(&past, &Type::Dynamic),
        ErrorKind::Limit,
        "",
        DYNAMIC_DEPTH_MESSAGE,
    );
}

#[test]
fn deep_dynamic_wrappers_of_lists_hit_the_depth_limit() {
    // `[bin(["list","dynamic"]), [ [bin(...), [ ... ]] ]]`: two levels per wrapper.
    let mut level = dynamic_header(r#"["list","dynamic"]"#);
    level.push(0x91);
    let input = nested(&level, DEEP, &hex("c0"));
    let r = quick("list wrappers", || {
        Value::from_msgpack(&input, &Type::Dynamic)
    });
    check(
        r,
        ErrorKind::Limit,
        &"[0]".repeat(MAX_DYNAMIC_DEPTH),
        DYNAMIC_DEPTH_MESSAGE,
    );
}

#[test]
fn deep_dynamic_wrappers_of_objects_hit_the_depth_limit() {
    let mut level = dynamic_header(r#"["object",{"a":"dynamic"}]"#);
    level.extend_from_slice(&hex("81 a1 61"));
    let input = nested(&level, DEEP, &hex("c0"));
    let r = quick("object wrappers", || {
        Value::from_msgpack(&input, &Type::Dynamic)
    });
    check(
        r,
        ErrorKind::Limit,
        &".a".repeat(MAX_DYNAMIC_DEPTH),
        DYNAMIC_DEPTH_MESSAGE,
    );
}

#[test]
fn deep_input_into_serde_json_value() {
    let arrays = vec![0x91; DEEP];
    let r = quick("json arrays", || {
        tfvalue::msgpack::from_slice::<serde_json::Value>(&arrays)
    });
    check(r, ErrorKind::Limit, &"[0]".repeat(MAX_DEPTH), DEPTH_MESSAGE);
    let maps = nested(&hex("81 a1 61"), DEEP, &[]);
    let r = quick("json maps", || {
        tfvalue::msgpack::from_slice::<serde_json::Value>(&maps)
    });
    // Not known to be an object: keys show as map keys.
    check(
        r,
        ErrorKind::Limit,
        &"[\"a\"]".repeat(MAX_DEPTH),
        DEPTH_MESSAGE,
    );
}

/// A linked list through `Option<Box<_>>`.
#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Link {
    next: Option<Box<Link>>,
}

#[test]
fn deep_input_into_recursive_rust_types() {
    // {"c": [{"c": [ ... ]}]}: two levels per node.
    let input = nested(&hex("81 a1 63 91"), DEEP, &[]);
    let r = quick("Node", || tfvalue::msgpack::from_slice::<Node>(&input));
    check(
        r,
        ErrorKind::Limit,
        &".c[0]".repeat(MAX_DEPTH / 2),
        DEPTH_MESSAGE,
    );

    let input = nested(&hex("81 a4 6e 65 78 74"), DEEP, &[]);
    let r = quick("Link", || tfvalue::msgpack::from_slice::<Link>(&input));
    check(
        r,
        ErrorKind::Limit,
        &".next".repeat(MAX_DEPTH),
        DEPTH_MESSAGE,
    );

    let input = vec![0x91; DEEP];
    let r = quick("Tree", || tfvalue::msgpack::from_slice::<Tree>(&input));
    check(r, ErrorKind::Limit, &"[0]".repeat(MAX_DEPTH), DEPTH_MESSAGE);
}

#[test]
fn nesting_at_the_limit_is_accepted() {
    // 256 arrays deep (the innermost empty): exactly at the limit.
    let mut t = Type::String;
    for _ in 0..MAX_DEPTH {
        t = Type::list(t);
    }
    let input = nested(&[0x91], MAX_DEPTH - 1, &[0x90]);
    let v = Value::from_msgpack(&input, &t).expect("256 levels are allowed");
    assert_eq!(v.to_msgpack(&t).expect("encodes"), input);
    // One more level is too deep.
    let mut t2 = t.clone();
    t2 = Type::list(t2);
    let input = nested(&[0x91], MAX_DEPTH, &[0x90]);
    check(
        Value::from_msgpack(&input, &t2),
        ErrorKind::Limit,
        &"[0]".repeat(MAX_DEPTH),
        DEPTH_MESSAGE,
    );
}

#[test]
fn deep_ignored_content_is_skipped_without_recursion() {
    // A field the struct does not declare is skipped by serde; the skip is iterative, so
    // even 100,000 levels cost no stack.
    #[derive(Deserialize, Debug, PartialEq)]
    struct Small {
        a: u8,
    }
    let mut input = hex("82 a1 61 07 a1 7a");
    input.extend(nested(&[0x91], DEEP, &[0xc0]));
    let s = quick("skip", || tfvalue::msgpack::from_slice::<Small>(&input));
    assert_eq!(s.expect("skipped"), Small { a: 7 });
    // Truncated ignored content is still an error.
    input.pop();
    check(
        tfvalue::msgpack::from_slice::<Small>(&input),
        ErrorKind::Syntax,
        ".z",
        "truncated input: a length prefix claims 1 elements, but only 0 bytes remain (each \
         needs at least 1)",
    );
}
