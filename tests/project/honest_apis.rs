//! The public API says what it does: an unknown value refuses to be written by a serializer
//! of another format (rather than turn into `[]`), the promises behind the reserved sorted
//! struct and map names are checked in debug builds, the MessagePack and JSON modules offer
//! the same entry points with the same output on error, and a known null is named so.

use std::marker::PhantomData;

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};
use tfvalue::tokens::SORTED_STRUCT_TOKEN;
use tfvalue::{Nullable, Refinements, TfSchema, Type, Unknown, Value};
use tfvalue_suite::to_hex;

#[derive(TfSchema, Debug, Clone, PartialEq)]
struct Server {
    name: String,
    #[tf(computed)]
    id: Unknown<Nullable<String>>,
}

#[test]
fn a_foreign_serializer_refuses_an_unknown_rather_than_write_an_empty_array() {
    let planned = Server {
        name: "web".into(),
        id: Unknown::unknown(),
    };
    let err = serde_json::to_vec(&planned).expect_err("an unknown has no JSON form");
    assert!(
        err.to_string().starts_with("value is unknown"),
        "the error says why: {err}"
    );
    // A refined unknown, and a dynamic `Value` that is unknown, refuse alike.
    let refined: Unknown<Nullable<String>> =
        Unknown::Unknown(Refinements::default().not_null().with_string_prefix("web-"));
    assert!(serde_json::to_string(&refined).is_err());
    assert!(serde_json::to_string(&Value::unknown(Type::Dynamic)).is_err());
    // Known values are as before.
    let applied = Server {
        name: "web".into(),
        id: Unknown::known(Nullable::Value("i-1".into())),
    };
    assert_eq!(
        serde_json::to_string(&applied).unwrap(),
        r#"{"id":"i-1","name":"web"}"#
    );
}

#[test]
fn tfvalue_msgpack_still_writes_unknowns_after_a_foreign_refusal() {
    let planned = Server {
        name: "web".into(),
        id: Unknown::unknown(),
    };
    assert!(serde_json::to_vec(&planned).is_err());
    // 82, "id": d4 00 00 (an unknown), "name": "web".
    assert_eq!(
        to_hex(&tfvalue::msgpack::to_vec(&planned).unwrap()),
        "82a26964d40000a46e616d65a3776562"
    );
    // tfvalue's JSON refuses an unknown with a path.
    let err = tfvalue::json::to_vec(&planned).unwrap_err();
    assert_eq!(err.path().to_string(), ".id");
}

/// Fields given in the wrong order under the reserved sorted name.
struct BrokenPromise;

impl Serialize for BrokenPromise {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct(SORTED_STRUCT_TOKEN, 2)?;
        s.serialize_field("b", &1)?;
        s.serialize_field("a", &2)?;
        s.end()
    }
}

/// A name that is not a Terraform name under the reserved sorted name.
struct BadName;

impl Serialize for BadName {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct(SORTED_STRUCT_TOKEN, 1)?;
        s.serialize_field("needs \"escaping\"", &1)?;
        s.end()
    }
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "promised sorted keys")]
fn a_broken_sorted_struct_promise_is_caught_in_msgpack() {
    let _ = tfvalue::msgpack::to_vec(&BrokenPromise);
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "promised sorted fields")]
fn a_broken_sorted_struct_promise_is_caught_in_json() {
    let _ = tfvalue::json::to_vec(&BrokenPromise);
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "promised Terraform names")]
fn a_name_that_needs_escaping_breaks_the_json_promise() {
    let _ = tfvalue::json::to_vec(&BadName);
}

#[test]
fn both_formats_decode_with_a_seed() {
    let from_msgpack: String =
        tfvalue::msgpack::from_slice_seed(&[0xa1, b'a'], PhantomData::<String>).unwrap();
    let from_json: String = tfvalue::json::from_slice_seed(b"\"a\"", PhantomData).unwrap();
    assert_eq!(from_msgpack, from_json);
    // Trailing bytes are refused by both.
    assert!(tfvalue::msgpack::from_slice_seed(&[0xa1, b'a', 0xc0], PhantomData::<String>).is_err());
    assert!(tfvalue::json::from_slice_seed(b"\"a\" 1", PhantomData::<String>).is_err());
}

#[test]
fn both_formats_leave_the_output_as_it_was_on_error() {
    let planned = Server {
        name: "web".into(),
        id: Unknown::unknown(),
    };
    // JSON cannot write the unknown; MessagePack cannot write a value of a map with a
    // non-string key.
    let mut out = b"kept".to_vec();
    assert!(tfvalue::json::to_writer(&mut out, &planned).is_err());
    assert_eq!(out, b"kept");
    let bad: std::collections::BTreeMap<i64, i64> = [(1, 2)].into();
    assert!(tfvalue::msgpack::to_writer(&mut out, &bad).is_err());
    assert_eq!(out, b"kept");
    assert!(tfvalue::json::to_writer(&mut out, &bad).is_err());
    assert_eq!(out, b"kept");
}

#[test]
fn a_known_null_is_named_so() {
    let null: Unknown<Nullable<String>> = Unknown::null();
    assert!(null.is_null() && !null.is_unknown());
    assert_eq!(null, Unknown::default());
    assert_eq!(to_hex(&tfvalue::msgpack::to_vec(&null).unwrap()), "c0");
}
