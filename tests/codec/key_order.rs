//! Object keys go out in byte order (go-cty's order) in MessagePack. A derived
//! `#[derive(TfSchema)]` model writes its fields in that order by construction and marks its
//! struct with `SORTED_STRUCT_TOKEN`, so the serializer skips its check; every other struct
//! and map is checked and re-sorted when needed. Both paths must give the same bytes. In
//! JSON the token's names (valid Terraform names) are written without an escape scan;
//! other names are escaped.

use std::collections::{BTreeMap, HashMap};

use serde::ser::{SerializeMap, SerializeStruct};
use serde::{Serialize, Serializer};
use tfvalue::tokens::SORTED_STRUCT_TOKEN;
use tfvalue::{Nullable, TfSchema, Unknown};
use tfvalue_suite::{hex, to_hex};

/// Fields declared out of byte order; `zone` is renamed `availability_zone`, which sorts
/// between `ami` and `disk`.
#[derive(TfSchema, Debug, PartialEq)]
struct Derived {
    size_gb: i64,
    ami: String,
    #[tf(computed)]
    id: Unknown<Nullable<String>>,
    #[tf(rename = "availability_zone")]
    zone: String,
    disk: Vec<DerivedDisk>,
}

#[derive(TfSchema, Debug, PartialEq)]
struct DerivedDisk {
    size_gb: i64,
    device_name: String,
}

/// The same fields through serde's own derive, in the same (unsorted) declaration order:
/// an ordinary struct name, so the serializer checks and re-sorts.
#[derive(Serialize)]
struct SerdeDerived {
    size_gb: i64,
    ami: String,
    id: Unknown<Nullable<String>>,
    #[serde(rename = "availability_zone")]
    zone: String,
    disk: Vec<SerdeDisk>,
}

#[derive(Serialize)]
struct SerdeDisk {
    size_gb: i64,
    device_name: String,
}

const EXPECTED: &str = "85 \
    a3 61 6d 69 a5 61 6d 69 2d 31 \
    b1 61 76 61 69 6c 61 62 69 6c 69 74 79 5f 7a 6f 6e 65 a4 65 75 2d 31 \
    a4 64 69 73 6b 92 \
        82 ab 64 65 76 69 63 65 5f 6e 61 6d 65 a4 72 6f 6f 74 a7 73 69 7a 65 5f 67 62 14 \
        82 ab 64 65 76 69 63 65 5f 6e 61 6d 65 a4 64 61 74 61 a7 73 69 7a 65 5f 67 62 cd 01 2c \
    a2 69 64 d4 00 00 \
    a7 73 69 7a 65 5f 67 62 0a";

#[test]
fn derived_models_and_checked_structs_give_the_same_sorted_bytes() {
    let derived = Derived {
        size_gb: 10,
        ami: "ami-1".into(),
        id: Unknown::unknown(),
        zone: "eu-1".into(),
        disk: vec![
            DerivedDisk {
                size_gb: 20,
                device_name: "root".into(),
            },
            DerivedDisk {
                size_gb: 300,
                device_name: "data".into(),
            },
        ],
    };
    let serde_derived = SerdeDerived {
        size_gb: 10,
        ami: "ami-1".into(),
        id: Unknown::unknown(),
        zone: "eu-1".into(),
        disk: vec![
            SerdeDisk {
                size_gb: 20,
                device_name: "root".into(),
            },
            SerdeDisk {
                size_gb: 300,
                device_name: "data".into(),
            },
        ],
    };
    let trusted = tfvalue::msgpack::to_vec(&derived).expect("encodes");
    let checked = tfvalue::msgpack::to_vec(&serde_derived).expect("encodes");
    assert_eq!(to_hex(&trusted), to_hex(&hex(EXPECTED)));
    assert_eq!(to_hex(&checked), to_hex(&trusted));
    // And through the dynamic `Value` of the model's type.
    let ty = Derived::schema().object_type();
    let value = tfvalue::Value::from_msgpack(&trusted, ty).expect("decodes");
    assert_eq!(
        to_hex(&value.to_msgpack(ty).expect("encodes")),
        to_hex(&trusted)
    );
    assert_eq!(
        tfvalue::msgpack::from_slice::<Derived>(&trusted).expect("decodes"),
        derived
    );
}

/// A hand-written struct whose fields come in the order `fields` gives, under `name`.
struct HandWritten {
    name: &'static str,
    fields: &'static [(&'static str, u8)],
}

impl Serialize for HandWritten {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct(self.name, self.fields.len())?;
        for (k, v) in self.fields {
            s.serialize_field(k, v)?;
        }
        s.end()
    }
}

#[test]
fn hand_written_structs_out_of_order_are_still_sorted() {
    let unsorted = HandWritten {
        name: "Plain",
        fields: &[("c", 3), ("a", 1), ("b", 2)],
    };
    assert_eq!(
        to_hex(&tfvalue::msgpack::to_vec(&unsorted).expect("encodes")),
        to_hex(&hex("83 a1 61 01 a1 62 02 a1 63 03"))
    );
    // Keys that are prefixes of others sort first.
    let prefixes = HandWritten {
        name: "Plain",
        fields: &[("ab", 2), ("a", 1)],
    };
    assert_eq!(
        to_hex(&tfvalue::msgpack::to_vec(&prefixes).expect("encodes")),
        to_hex(&hex("82 a1 61 01 a2 61 62 02"))
    );
}

#[test]
fn the_sorted_struct_token_is_a_promise_the_serializer_trusts() {
    // In order: the same bytes as the checked path.
    let sorted = HandWritten {
        name: SORTED_STRUCT_TOKEN,
        fields: &[("a", 1), ("b", 2), ("c", 3)],
    };
    let checked = HandWritten {
        name: "Plain",
        ..sorted
    };
    let bytes = tfvalue::msgpack::to_vec(&sorted).expect("encodes");
    assert_eq!(
        to_hex(&bytes),
        to_hex(&hex("83 a1 61 01 a1 62 02 a1 63 03"))
    );
    assert_eq!(
        to_hex(&tfvalue::msgpack::to_vec(&checked).expect("encodes")),
        to_hex(&bytes)
    );
    // Other formats see an ordinary struct name.
    assert_eq!(
        serde_json::to_string(&sorted).expect("encodes"),
        r#"{"a":1,"b":2,"c":3}"#
    );
}

/// Out of order under the token: a release build writes the fields as given (no check is
/// made, which is why only generated code uses the token); a debug build asserts the
/// promise (tests/project/honest_apis.rs).
#[test]
#[cfg(not(debug_assertions))]
fn a_release_build_writes_a_broken_promise_as_given() {
    let broken = HandWritten {
        name: SORTED_STRUCT_TOKEN,
        fields: &[("b", 2), ("a", 1)],
    };
    assert_eq!(
        to_hex(&tfvalue::msgpack::to_vec(&broken).expect("encodes")),
        to_hex(&hex("82 a1 62 02 a1 61 01"))
    );
}

/// A map that gives its entries in the order of `entries`.
struct ListedMap(&'static [(&'static str, u8)]);

impl Serialize for ListedMap {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut m = serializer.serialize_map(Some(self.0.len()))?;
        for (k, v) in self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

#[test]
fn maps_are_checked_and_sorted() {
    let expected = to_hex(&hex("83 a1 61 01 a1 62 02 a1 63 03"));
    let listed = ListedMap(&[("b", 2), ("c", 3), ("a", 1)]);
    assert_eq!(
        to_hex(&tfvalue::msgpack::to_vec(&listed).expect("encodes")),
        expected
    );
    let btree: BTreeMap<&str, u8> = BTreeMap::from([("c", 3), ("a", 1), ("b", 2)]);
    assert_eq!(
        to_hex(&tfvalue::msgpack::to_vec(&btree).expect("encodes")),
        expected
    );
    let hash: HashMap<&str, u8> = HashMap::from([("c", 3), ("a", 1), ("b", 2)]);
    assert_eq!(
        to_hex(&tfvalue::msgpack::to_vec(&hash).expect("encodes")),
        expected
    );
}

#[test]
fn json_names_of_derived_models_and_of_other_structs() {
    let derived = Derived {
        size_gb: 10,
        ami: "ami-1".into(),
        id: Unknown::Known(Nullable::Null),
        zone: "eu-1".into(),
        disk: vec![DerivedDisk {
            size_gb: 20,
            device_name: "root".into(),
        }],
    };
    let json = tfvalue::json::to_vec(&derived).expect("encodes");
    assert_eq!(
        String::from_utf8(json).expect("UTF-8"),
        r#"{"ami":"ami-1","availability_zone":"eu-1","disk":[{"device_name":"root","size_gb":20}],"id":null,"size_gb":10}"#
    );
    let sorted = HandWritten {
        name: SORTED_STRUCT_TOKEN,
        fields: &[("a", 1), ("b_2", 2)],
    };
    let plain = HandWritten {
        name: "Plain",
        ..sorted
    };
    for v in [&sorted, &plain] {
        assert_eq!(
            tfvalue::json::to_vec(v).expect("encodes"),
            br#"{"a":1,"b_2":2}"#
        );
    }
    // Names that need escaping, in an ordinary struct, are escaped.
    let quoted = HandWritten {
        name: "Plain",
        fields: &[("say \"hi\"", 1)],
    };
    assert_eq!(
        tfvalue::json::to_vec(&quoted).expect("encodes"),
        br#"{"say \"hi\"":1}"#
    );
}
