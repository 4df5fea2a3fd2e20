//! `#[tf(crate = ...)]`: models derived in a crate that reaches tfvalue through a re-export
//! (here the module `reexport`, standing in for a framework crate) encode and decode like
//! the same models derived through `::tfvalue`. The file is also compiled under
//! `deny(warnings, clippy::all)` (CI runs clippy on all targets), with generics, blocks,
//! nested attributes, dynamic attributes, write-only attributes and deprecation messages,
//! so generated code must be lint-clean.
#![deny(warnings, clippy::all)]

use std::collections::BTreeMap;

use tfvalue::{Nullable, Unknown, Value};

/// A framework crate re-exporting tfvalue under another name.
mod reexport {
    pub use ::tfvalue as tv;
}

/// The derive macro (and the trait of the same name) through the re-export too.
use reexport::tv::TfSchema as Derive;

// ---------------------------------------------------------------------------------------
// The models, twice: through the re-export (string and path forms) and through ::tfvalue.

/// A disk.
#[derive(Derive, Debug, Clone, PartialEq)]
#[tf(crate = "reexport::tv")]
struct Disk {
    size_gb: Unknown<u32>,
    #[tf(optional)]
    settings: Value,
}

/// A labelled value, generic.
#[derive(Derive, Debug, Clone, PartialEq)]
#[tf(crate = crate::reexport::tv)]
struct Labelled<T> {
    label: String,
    value: T,
}

/// A virtual machine.
#[derive(Derive, Debug, Clone, PartialEq)]
#[tf(
    crate = "crate::reexport::tv",
    version = 2,
    deprecation_message = "Use vm_v2."
)]
struct Vm {
    #[tf(computed)]
    id: Unknown<Nullable<String>>,
    name: String,
    tags: Nullable<BTreeMap<String, String>>,
    #[tf(block(list, max_items = 4), deprecation_message = "Use volumes.")]
    disk: Vec<Disk>,
    #[tf(block)]
    by_name: BTreeMap<String, Disk>,
    #[tf(nested)]
    boot: Nullable<Labelled<u16>>,
    #[tf(write_only, sensitive, deprecation_message = "Use password_v2.")]
    password: Nullable<String>,
}

mod direct {
    //! The same declarations through `::tfvalue`, to compare with.
    use std::collections::BTreeMap;
    use tfvalue::{Nullable, TfSchema, Unknown, Value};

    /// A disk.
    #[derive(TfSchema, Debug)]
    pub struct Disk {
        pub size_gb: Unknown<u32>,
        #[tf(optional)]
        pub settings: Value,
    }

    /// A labelled value, generic.
    #[derive(TfSchema, Debug)]
    pub struct Labelled<T> {
        pub label: String,
        pub value: T,
    }

    /// A virtual machine.
    #[derive(TfSchema, Debug)]
    #[tf(version = 2, deprecation_message = "Use vm_v2.")]
    pub struct Vm {
        #[tf(computed)]
        pub id: Unknown<Nullable<String>>,
        pub name: String,
        pub tags: Nullable<BTreeMap<String, String>>,
        #[tf(block(list, max_items = 4), deprecation_message = "Use volumes.")]
        pub disk: Vec<Disk>,
        #[tf(block)]
        pub by_name: BTreeMap<String, Disk>,
        #[tf(nested)]
        pub boot: Nullable<Labelled<u16>>,
        #[tf(write_only, sensitive, deprecation_message = "Use password_v2.")]
        pub password: Nullable<String>,
    }
}

fn vm() -> Vm {
    let disk = |size, settings| Disk {
        size_gb: Unknown::Known(size),
        settings,
    };
    Vm {
        id: Unknown::unknown(),
        name: "vm".to_owned(),
        tags: Nullable::Value(BTreeMap::from([("env".to_owned(), "test".to_owned())])),
        disk: vec![disk(20, Value::from("fast")), disk(40, Value::from(true))],
        by_name: BTreeMap::from([("data".to_owned(), disk(100, Value::from(7u8)))]),
        boot: Nullable::Value(Labelled {
            label: "boot".to_owned(),
            value: 1,
        }),
        password: Nullable::Value("pw".to_owned()),
    }
}

// ---------------------------------------------------------------------------------------
// Tests.

#[test]
fn the_schema_is_the_one_derived_through_tfvalue() {
    assert_eq!(Vm::schema(), direct::Vm::schema());
    assert!(Vm::schema().block.deprecated);
    let password = Vm::schema().block.find_attribute("password");
    assert!(password.is_some_and(|a| a.write_only && a.deprecated));
    assert_eq!(Disk::schema(), direct::Disk::schema());
    assert_eq!(
        Labelled::<String>::schema(),
        direct::Labelled::<String>::schema()
    );
    assert_eq!(
        <Vm as tfvalue::TfType>::tf_type(),
        <direct::Vm as tfvalue::TfType>::tf_type()
    );
}

#[test]
fn msgpack_round_trip_with_the_bytes_of_the_direct_model() {
    let model = vm();
    let bytes = tfvalue::msgpack::to_vec(&model).expect("encodes");
    let decoded: Vm = tfvalue::msgpack::from_slice(&bytes).expect("decodes");
    assert_eq!(decoded, model);
    // The direct model reads the same bytes and writes them back unchanged.
    let direct: direct::Vm = tfvalue::msgpack::from_slice(&bytes).expect("direct decodes");
    assert_eq!(
        tfvalue::msgpack::to_vec(&direct).expect("direct encodes"),
        bytes
    );
}

#[test]
fn json_round_trip() {
    let mut model = vm();
    // JSON cannot carry unknown values.
    model.id = Unknown::Known(Nullable::Value("i-1".to_owned()));
    let text = tfvalue::json::to_vec(&model).expect("encodes");
    let decoded: Vm = tfvalue::json::from_slice(&text).expect("decodes");
    assert_eq!(decoded, model);
}

#[test]
fn the_known_companion_is_generated_through_the_reexport() {
    use tfvalue::known::IntoKnown;
    let mut model = vm();
    assert!(model.clone().into_known().is_err(), "id is unknown");
    model.id = Unknown::Known(Nullable::Null);
    let known: VmKnown = model.into_known().expect("all known");
    assert_eq!(known.name, "vm");
    assert_eq!(known.disk.len(), 2);
}
