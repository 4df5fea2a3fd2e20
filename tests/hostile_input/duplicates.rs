//! Duplicates

use super::common::{
    check, check_msg, duplicate_attribute, duplicate_attribute_in_order, duplicate_map_key, ty,
};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt::Debug;
use tfvalue::{ErrorKind, Nullable, Unknown, Value};
use tfvalue_suite::hex;

#[test]
fn map_keys_in_any_order_and_duplicates_out_of_order() {
    // Keys come sorted from Terraform (collected, then built in one pass); any order is
    // accepted too, and a duplicate is found whichever part of the map it falls in.
    let t = ty(r#"["map","number"]"#);
    let sorted = Value::from_msgpack(&hex("83 a1 61 01 a1 62 02 a1 63 03"), &t).expect("sorted");
    let unsorted =
        Value::from_msgpack(&hex("83 a1 62 02 a1 61 01 a1 63 03"), &t).expect("unsorted");
    assert_eq!(sorted, unsorted);
    assert_eq!(
        unsorted.to_msgpack(&t).expect("encodes"),
        hex("83 a1 61 01 a1 62 02 a1 63 03")
    );
    for input in [
        "83 a1 62 02 a1 61 01 a1 62 03", // out of order, then the duplicate
        "83 a1 61 01 a1 62 02 a1 61 03", // the duplicate is what breaks the order
        "82 a1 61 01 a1 61 02",          // sorted up to the duplicate
    ] {
        let e = Value::from_msgpack(&hex(input), &t).expect_err(input);
        assert_eq!(e.kind(), ErrorKind::Attribute, "{input}");
        assert!(
            e.to_string().starts_with("duplicate map key"),
            "{input}: {e}"
        );
    }
}

#[test]
fn duplicate_map_keys_and_attributes_are_errors() {
    // go-cty lets the last duplicate win (decode_vectors.jsonl map/duplicate-keys,
    // object/dup-key); tfvalue is strict (ARCHITECTURE.md).
    check_msg(duplicate_map_key(), "", "duplicate map key \"a\"");
    check_msg(duplicate_attribute(), "", "duplicate attribute \"a\"");
    check_msg(
        duplicate_attribute_in_order(),
        "",
        "duplicate attribute \"a\"",
    );
    let nested = hex("81 a1 6d 82 a1 61 01 a1 61 02");
    check_msg(
        Value::from_msgpack(&nested, &ty(r#"["object",{"m":["map","number"]}]"#)),
        ".m",
        "duplicate map key \"a\"",
    );
}

/// A `BTreeMap` field of a derived model is built in one pass from its entries
/// (`tfvalue::__private_<version>::Bulk`); keys out of order are sorted, and a key given twice is an
/// error at the map's path, in both formats (serde's own impl would keep the last value).
#[test]
fn btree_map_fields_sort_and_refuse_duplicates() {
    #[derive(tfvalue::TfSchema, Debug, PartialEq)]
    struct R {
        #[tf(optional)]
        tags: Option<BTreeMap<String, String>>,
        #[tf(optional)]
        sizes: Unknown<Nullable<BTreeMap<String, i64>>>,
    }
    // 300 keys in reverse order, then in order: the same model.
    let keys: Vec<String> = (0..300).map(|i| format!("k{i:03}")).collect();
    let object = |keys: &mut dyn Iterator<Item = &String>| {
        let entries: Vec<String> = keys.map(|k| format!("\"{k}\":\"v{k}\"")).collect();
        format!(
            r#"{{"sizes":{{"b":2,"a":1}},"tags":{{{}}}}}"#,
            entries.join(",")
        )
    };
    let reversed = object(&mut keys.iter().rev());
    let sorted = object(&mut keys.iter());
    let a: R = tfvalue::json::from_slice(reversed.as_bytes()).expect("reversed keys");
    let b: R = tfvalue::json::from_slice(sorted.as_bytes()).expect("sorted keys");
    assert_eq!(a, b);
    let tags = a.tags.as_ref().expect("tags");
    assert_eq!(tags.len(), 300);
    assert_eq!(tags["k123"], "vk123");
    assert_eq!(
        a.sizes,
        Unknown::known(Nullable::Value(BTreeMap::from([
            ("a".to_owned(), 1),
            ("b".to_owned(), 2)
        ])))
    );
    // The same through MessagePack, which the derived model also writes.
    let bytes = tfvalue::msgpack::to_vec(&a).expect("encodes");
    assert_eq!(
        tfvalue::msgpack::from_slice::<R>(&bytes).expect("decodes"),
        a
    );

    // A key given twice, among the first entries and past them, sorted or not.
    let mut long: Vec<String> = keys
        .iter()
        .take(40)
        .map(|k| format!("\"{k}\":\"x\""))
        .collect();
    for (extra, key) in [("\"k003\":\"y\"", "k003"), ("\"k039\":\"y\"", "k039")] {
        long.push(extra.to_owned());
        let text = format!(r#"{{"sizes":null,"tags":{{{}}}}}"#, long.join(","));
        check(
            tfvalue::json::from_slice::<R>(text.as_bytes()),
            ErrorKind::Attribute,
            ".tags",
            &format!("duplicate map key \"{key}\""),
        );
        long.pop();
    }
    check(
        tfvalue::json::from_slice::<R>(br#"{"sizes":{"a":1,"a":2},"tags":null}"#),
        ErrorKind::Attribute,
        ".sizes",
        "duplicate map key \"a\"",
    );
    // 82 a5 "sizes" c0 a4 "tags" 82 a1 "b" a1 "x" a1 "b" a1 "y"
    check(
        tfvalue::msgpack::from_slice::<R>(&hex(
            "82 a5 73697a6573 c0 a4 74616773 82 a1 62 a1 78 a1 62 a1 79",
        )),
        ErrorKind::Attribute,
        ".tags",
        "duplicate map key \"b\"",
    );
}

#[test]
fn duplicate_fields_of_a_rust_struct_are_errors() {
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct M {
        a: u8,
        b: u8,
    }
    check(
        tfvalue::msgpack::from_slice::<M>(&hex("83 a1 61 01 a1 62 02 a1 61 03")),
        ErrorKind::Attribute,
        "",
        "duplicate attribute \"a\"",
    );
}

#[test]
fn duplicate_keys_into_rust_maps_follow_serde() {
    // serde's map impls insert as they read: the last duplicate wins, as in go-cty. A Rust
    // map cannot tell tfvalue it saw a key twice; decode into `Value` to reject duplicates.
    let m: BTreeMap<String, u8> =
        tfvalue::msgpack::from_slice(&hex("82 a1 61 01 a1 61 02")).expect("decodes");
    assert_eq!(m, BTreeMap::from([("a".to_owned(), 2)]));
}
