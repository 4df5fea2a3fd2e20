//! `UpgradeResourceState` in process: states of older schema versions become the current
//! model straight from their version or step by step ([`tfvalue::Upgrades`]), with errors
//! naming the attribute; a state of the current version is repaired by the resource before
//! anything decodes it, and one that needs no repair is answered as it was read.

use serde::Deserialize;
use tfvalue::upgrade::{NoPrevious, StateVersion, Upgrades};

use super::*;
use crate::{ConfigureRequest, CreateRequest, DeleteRequest, ReadRequest, UpdateRequest};

/// Version 0: `size` was text such as "20GB".
#[derive(Deserialize)]
struct DiskV0 {
    name: String,
    size: Nullable<String>,
}

/// Version 1: `size_gb`, a number, and the name was called `label`.
#[derive(Deserialize)]
struct DiskV1 {
    label: String,
    size_gb: Nullable<i64>,
}

impl StateVersion for DiskV1 {
    const VERSION: i64 = 1;
    type Previous = NoPrevious;
    fn upgrade(previous: NoPrevious) -> tfvalue::Result<Self> {
        match previous {}
    }
}

/// Version 2: `label` renamed back to `name`.
#[derive(Deserialize)]
struct DiskV2 {
    name: String,
    size_gb: Nullable<i64>,
}

impl StateVersion for DiskV2 {
    const VERSION: i64 = 2;
    type Previous = DiskV1;
    fn upgrade(v1: DiskV1) -> tfvalue::Result<Self> {
        Ok(DiskV2 {
            name: v1.label,
            size_gb: v1.size_gb,
        })
    }
}

/// Version 3, the current one (said here only): adds `id`, the name.
#[derive(TfSchema, Debug)]
#[tf(version = 3)]
struct Disk {
    #[tf(computed)]
    id: Unknown<Nullable<String>>,
    name: Unknown<String>,
    size_gb: Unknown<Nullable<i64>>,
}

fn disk(name: String, size_gb: Nullable<i64>) -> Disk {
    Disk {
        id: Unknown::known(Nullable::Value(name.clone())),
        name: Unknown::known(name),
        size_gb: Unknown::known(size_gb),
    }
}

/// Version 0 straight to 3: the text size parsed.
fn from_v0(v0: DiskV0) -> tfvalue::Result<Disk> {
    let size_gb = match v0.size.into_option() {
        Some(text) => Nullable::Value(text.trim_end_matches("GB").parse().map_err(|_| {
            tfvalue::Error::new(
                tfvalue::ErrorKind::Custom,
                format!("{text:?} is not a size"),
            )
            .in_attr("size")
        })?),
        None => Nullable::Null,
    };
    Ok(disk(v0.name, size_gb))
}

struct Disks;

impl Resource for Disks {
    type Model = Disk;
    type Data = Store;

    fn upgrades(&self) -> Upgrades<Disk> {
        Upgrades::new()
            .from(0, from_v0)
            .chain::<DiskV2>(|v2| Ok(disk(v2.name, v2.size_gb)))
    }

    /// Imports of an older release left `name` null; the id is the name.
    async fn repair_state(
        &self,
        ctx: &mut Context<Store>,
        state: &mut Value,
    ) -> Result<(), Diagnostics> {
        let id = state.attr("id").and_then(Value::as_str).map(str::to_owned);
        match (id, state.attr_mut("name")) {
            (Some(id), Some(name)) if name.is_null() => {
                *name = Value::String(id);
                ctx.warn(Diagnostic::warning("Repaired").with_detail("the name was null"));
            }
            (None, Some(name)) if name.is_null() => {
                return Err(Diagnostic::error("Cannot repair the state")
                    .with_detail("Neither the name nor the id is known.")
                    .at(AttributePath::root().attr("name"))
                    .into());
            }
            _ => {}
        }
        Ok(())
    }

    async fn create(
        &self,
        _: &mut Context<Store>,
        request: CreateRequest<Disk>,
    ) -> Result<Disk, ApplyError<Disk>> {
        let planned = request.planned;
        Ok(planned)
    }
    async fn read(
        &self,
        _: &mut Context<Store>,
        request: ReadRequest<Disk>,
    ) -> Result<Option<Disk>, Diagnostics> {
        let current = request.state;
        Ok(Some(current))
    }
    async fn update(
        &self,
        _: &mut Context<Store>,
        request: UpdateRequest<Disk>,
    ) -> Result<Disk, ApplyError<Disk>> {
        let planned = request.planned;
        Ok(planned)
    }
    async fn delete(
        &self,
        _: &mut Context<Store>,
        _: DeleteRequest<Disk>,
    ) -> Result<(), ApplyError<Disk>> {
        Ok(())
    }
}

/// A resource that lists an upgrade from its own current version: a mistake.
struct Misdeclared;

impl Resource for Misdeclared {
    type Model = Disk;
    type Data = Store;

    fn upgrades(&self) -> Upgrades<Disk> {
        Upgrades::new()
            .from(3, |d: Disk| Ok(d))
            .from(0, from_v0)
            .from(0, from_v0)
    }

    async fn create(
        &self,
        _: &mut Context<Store>,
        request: CreateRequest<Disk>,
    ) -> Result<Disk, ApplyError<Disk>> {
        let planned = request.planned;
        Ok(planned)
    }
    async fn read(
        &self,
        _: &mut Context<Store>,
        request: ReadRequest<Disk>,
    ) -> Result<Option<Disk>, Diagnostics> {
        let current = request.state;
        Ok(Some(current))
    }
    async fn update(
        &self,
        _: &mut Context<Store>,
        request: UpdateRequest<Disk>,
    ) -> Result<Disk, ApplyError<Disk>> {
        let planned = request.planned;
        Ok(planned)
    }
    async fn delete(
        &self,
        _: &mut Context<Store>,
        _: DeleteRequest<Disk>,
    ) -> Result<(), ApplyError<Disk>> {
        Ok(())
    }
}

struct DiskProvider;

impl Provider for DiskProvider {
    type Config = Config;
    type Data = Store;
    fn register(&self, registry: &mut impl Registry<Store>) {
        registry.resource("test_disk", Disks);
        registry.resource("test_thing", Things);
    }
    async fn configure(
        &self,
        _: &mut Context<Store>,
        _: ConfigureRequest<Config>,
    ) -> Result<Store, Diagnostics> {
        Ok(Store::default())
    }
}

fn disk_type() -> &'static Type {
    Disk::schema().object_type()
}

async fn upgrade(
    svc: &ProviderService<DiskProvider>,
    type_name: &str,
    version: i64,
    json: &[u8],
) -> pb::upgrade_resource_state::Response {
    svc.upgrade_resource_state(Request::new(pb::upgrade_resource_state::Request {
        type_name: type_name.into(),
        version,
        raw_state: Some(pb::RawState {
            json: json.to_vec(),
            flatmap: Default::default(),
        }),
    }))
    .await
    .unwrap()
    .into_inner()
}

/// The upgraded state's attributes as text, `name=…, size_gb=…, id=…`.
fn upgraded(r: &pb::upgrade_resource_state::Response) -> String {
    assert!(
        r.diagnostics
            .iter()
            .all(|d| d.severity != pb::diagnostic::Severity::Error as i32),
        "{:?}",
        r.diagnostics
    );
    let state = r.upgraded_state.as_ref().expect("an upgraded state");
    let v = Value::from_msgpack(&state.msgpack, disk_type()).unwrap();
    ["id", "name", "size_gb"]
        .iter()
        .map(|name| format!("{name}={}", tfvalue::Readable(v.attr(name).unwrap())))
        .collect::<Vec<_>>()
        .join(", ")
}

#[tokio::test]
async fn old_states_upgrade_straight_or_step_by_step() {
    let svc = ProviderService::new(DiskProvider).unwrap();
    // Version 0, straight to 3.
    let r = upgrade(
        &svc,
        "test_disk",
        0,
        br#"{"name":"d","size":"20GB","gone":1}"#,
    )
    .await;
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(upgraded(&r), r#"id="d", name="d", size_gb=20"#);
    // Version 1: the step to 2, then into 3.
    let r = upgrade(&svc, "test_disk", 1, br#"{"label":"e","size_gb":"5"}"#).await;
    assert_eq!(upgraded(&r), r#"id="e", name="e", size_gb=5"#);
    // Version 2: into 3.
    let r = upgrade(&svc, "test_disk", 2, br#"{"name":"f","size_gb":null}"#).await;
    assert_eq!(upgraded(&r), r#"id="f", name="f", size_gb=null"#);
}

#[tokio::test]
async fn upgrade_errors_name_the_attribute_of_the_stored_state() {
    let svc = ProviderService::new(DiskProvider).unwrap();
    let r = upgrade(&svc, "test_disk", 0, br#"{"name":"d","size":"big"}"#).await;
    assert_eq!(
        errors(&r.diagnostics),
        [".size: Unable to Upgrade Resource State"]
    );
    assert_eq!(r.diagnostics[0].detail, r#".size: "big" is not a size"#);
    assert!(r.upgraded_state.is_none());
    // A required attribute of an old version null: the old model refuses it.
    let r = upgrade(&svc, "test_disk", 1, br#"{"label":null,"size_gb":1}"#).await;
    assert_eq!(
        errors(&r.diagnostics),
        [".label: Unable to Upgrade Resource State"]
    );
    // A newer version than the provider knows: an error, not a guess.
    let r = upgrade(&svc, "test_disk", 4, br#"{}"#).await;
    assert_eq!(
        errors(&r.diagnostics),
        [": Unable to Upgrade Resource State"]
    );
    assert_eq!(
        r.diagnostics[0].detail,
        "state version 4 is newer than this provider's schema version 3"
    );
    // A resource without upgrades names the version it cannot read.
    let r = upgrade(&svc, "test_thing", 7, b"{}").await;
    assert_eq!(
        r.diagnostics[0].detail,
        "state version 7 is newer than this provider's schema version 0"
    );
}

#[tokio::test]
async fn a_current_state_is_repaired_before_anything_decodes_it() {
    let svc = ProviderService::new(DiskProvider).unwrap();
    let broken = br#"{"id":"d1","name":null,"size_gb":3}"#;
    let r = upgrade(&svc, "test_disk", 3, broken).await;
    assert_eq!(upgraded(&r), r#"id="d1", name="d1", size_gb=3"#);
    assert_eq!(r.diagnostics.len(), 1);
    assert_eq!(r.diagnostics[0].summary, "Repaired");
    // The repaired state reads; the state as stored would not have.
    let read = |state: Vec<u8>| {
        svc.read_resource(Request::new(pb::read_resource::Request {
            client_capabilities: None,
            current_identity: None,
            type_name: "test_disk".into(),
            current_state: Some(pb::DynamicValue {
                msgpack: state,
                json: Vec::new(),
            }),
            private: Vec::new(),
            provider_meta: None,
        }))
    };
    let repaired = r.upgraded_state.unwrap().msgpack;
    let ok = read(repaired).await.unwrap().into_inner();
    assert!(ok.diagnostics.is_empty(), "{:?}", ok.diagnostics);
    let as_stored = Value::from_json(broken, disk_type()).unwrap();
    let failed = read(as_stored.to_msgpack(disk_type()).unwrap())
        .await
        .unwrap()
        .into_inner();
    assert_eq!(
        errors(&failed.diagnostics),
        [".name: Invalid current state"]
    );
    // The repair's own error is answered, with no state.
    let r = upgrade(
        &svc,
        "test_disk",
        3,
        br#"{"id":null,"name":null,"size_gb":3}"#,
    )
    .await;
    assert_eq!(errors(&r.diagnostics), [".name: Cannot repair the state"]);
    assert!(r.upgraded_state.is_none());
}

#[tokio::test]
async fn a_current_state_that_needs_no_repair_is_answered_as_it_was_read() {
    let svc = ProviderService::new(DiskProvider).unwrap();
    for json in [
        &br#"{"id":"d","name":"d","size_gb":3}"#[..],
        br#"{"name":"d","size_gb":null,"id":"d"}"#,
        br#"{"id":"d","name":"d","size_gb":123456789012345678901234567890}"#,
    ] {
        let r = upgrade(&svc, "test_disk", 3, json).await;
        assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
        let want = Value::from_json(json, disk_type())
            .unwrap()
            .to_msgpack(disk_type())
            .unwrap();
        assert_eq!(r.upgraded_state.unwrap().msgpack, want);
    }
    // Read leniently (a number as text, an attribute no longer in the schema): a warning,
    // and the repair still runs on what was read.
    let r = upgrade(
        &svc,
        "test_disk",
        3,
        br#"{"id":"d","name":null,"size_gb":"3","old":1}"#,
    )
    .await;
    assert_eq!(upgraded(&r), r#"id="d", name="d", size_gb=3"#);
    let summaries: Vec<&str> = r.diagnostics.iter().map(|d| d.summary.as_str()).collect();
    assert_eq!(
        summaries,
        ["Stored state did not match the schema", "Repaired"]
    );
}

#[test]
fn upgrades_declared_wrongly_stop_the_provider_from_starting() {
    struct Wrong;
    impl Provider for Wrong {
        type Config = Config;
        type Data = Store;
        fn register(&self, registry: &mut impl Registry<Store>) {
            registry.resource("test_disk", Misdeclared);
        }
        async fn configure(
            &self,
            _: &mut Context<Store>,
            _: ConfigureRequest<Config>,
        ) -> Result<Store, Diagnostics> {
            Ok(Store::default())
        }
    }
    let Err(problems) = ProviderService::new(Wrong) else {
        panic!("the provider started");
    };
    assert_eq!(
        problems,
        [
            "resource type \"test_disk\": state version 3 has an upgrade, but it is not older \
             than the current schema version 3 (set with #[tf(version = ...)] on the model)",
            "resource type \"test_disk\": state version 0 has more than one upgrade",
        ]
    );
}
