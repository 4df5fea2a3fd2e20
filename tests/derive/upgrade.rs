//! State upgrades with derived models: RawState JSON stored by an older schema version is
//! decoded leniently into that version's model and upgraded step by step (V0 → V1), then
//! into the current model (V2), whose version only its `#[tf(version = 2)]` says.

use tfvalue::{NoPrevious, Nullable, StateVersion, TfSchema, Upgrades};

/// Version 0: `size` was a string, `legacy` existed.
#[derive(TfSchema, Debug, PartialEq)]
struct DiskV0 {
    name: String,
    size: Nullable<String>,
    legacy: Nullable<bool>,
}

/// Version 1: `size` became a number `size_gb`; `legacy` was removed.
#[derive(TfSchema, Debug, PartialEq)]
#[tf(version = 1)]
struct DiskV1 {
    name: String,
    size_gb: Nullable<u32>,
}

/// Version 2, the current one: `encrypted` was added.
#[derive(TfSchema, Debug, PartialEq)]
#[tf(version = 2)]
struct DiskV2 {
    name: String,
    size_gb: Nullable<u32>,
    encrypted: Nullable<bool>,
}

impl StateVersion for DiskV0 {
    const VERSION: i64 = 0;
    type Previous = NoPrevious;
    fn upgrade(previous: NoPrevious) -> tfvalue::Result<Self> {
        match previous {}
    }
}

impl StateVersion for DiskV1 {
    const VERSION: i64 = 1;
    type Previous = DiskV0;
    fn upgrade(v0: DiskV0) -> tfvalue::Result<Self> {
        let size_gb = match v0.size.into_option() {
            Some(text) => Nullable::Value(text.trim_end_matches("GB").parse().map_err(|_| {
                tfvalue::Error::new(
                    tfvalue::ErrorKind::Custom,
                    format!("size {text:?} is not a size"),
                )
                .in_attr("size")
            })?),
            None => Nullable::Null,
        };
        Ok(DiskV1 {
            name: v0.name,
            size_gb,
        })
    }
}

/// Every older version through the chain that ends at version 1, then into version 2.
fn upgrades() -> Upgrades<DiskV2> {
    Upgrades::new().chain::<DiskV1>(|v1| {
        Ok(DiskV2 {
            name: v1.name,
            size_gb: v1.size_gb,
            encrypted: Nullable::Null,
        })
    })
}

#[test]
fn versions_come_from_the_derive() {
    assert_eq!(DiskV1::schema().version, DiskV1::VERSION);
    assert_eq!(Upgrades::<DiskV2>::current_version(), 2);
    assert_eq!(upgrades().versions(), [0, 1]);
    assert!(upgrades().problems().is_empty());
}

#[test]
fn each_stored_version_upgrades_to_the_latest() {
    let expected = DiskV2 {
        name: "data".into(),
        size_gb: Nullable::Value(100),
        encrypted: Nullable::Null,
    };
    // Version 0 state, with an attribute the model no longer has ignored.
    let v0 = br#"{"name":"data","size":"100GB","legacy":true,"removed_long_ago":1}"#;
    assert_eq!(upgrades().upgrade(0, v0).expect("upgrades"), expected);
    // Version 1 state with the number stored as a string (lenient, as Terraform's SDKs).
    let v1 = br#"{"name":"data","size_gb":"100"}"#;
    assert_eq!(upgrades().upgrade(1, v1).expect("upgrades"), expected);
    // Current state with an attribute missing: null.
    let v2 = br#"{"name":"data","size_gb":100}"#;
    assert_eq!(upgrades().upgrade(2, v2).expect("decodes"), expected);
}

#[test]
fn upgrade_errors_name_what_is_wrong() {
    let e = upgrades()
        .upgrade(0, br#"{"name":"data","size":"big","legacy":null}"#)
        .expect_err("fails");
    assert_eq!(e.to_string(), ".size: size \"big\" is not a size");
    let e = upgrades().upgrade(3, b"{}").expect_err("fails");
    assert_eq!(
        e.to_string(),
        "state version 3 is newer than this provider's schema version 2"
    );
    // Strict decoding stays the default outside upgrades.
    let e =
        tfvalue::json::from_slice::<DiskV2>(br#"{"name":"data","size_gb":"100","encrypted":null}"#)
            .expect_err("strict");
    assert_eq!(
        e.to_string(),
        ".size_gb: expected number, found the string \"100\""
    );
}
