//! Resource identities and list resources in process: a `test_server` type whose identity
//! is its name and zone (by name, the defaults), kept in an in-memory store that the tests
//! change behind Terraform's back, and its list resource.

use std::collections::BTreeMap;
use std::sync::Mutex;

use super::*;
use crate::{
    ConfigureRequest, CreateRequest, DeleteRequest, ImportRequest, ReadRequest, UpdateRequest,
};
use crate::{ListResource, ListResults, Listed, ResourceIdentity};

mod listing;

#[derive(TfSchema, Debug, Clone)]
struct Server {
    #[tf(computed)]
    id: Unknown<Nullable<String>>,
    /// Part of the identity, and (a provider bug the framework catches) updated in place.
    name: Unknown<String>,
    #[tf(optional, computed)]
    zone: Unknown<Nullable<String>>,
}

/// Version 1: version 0 named the zone `region`.
#[derive(TfSchema, Debug, Clone, PartialEq)]
#[tf(version = 1)]
struct ServerIdentity {
    name: String,
    zone: Nullable<String>,
}

#[derive(serde::Deserialize)]
struct ServerIdentityV0 {
    name: String,
    region: Nullable<String>,
}

#[derive(TfSchema, Debug)]
struct ServerQuery {
    /// Only servers whose name starts with this.
    prefix: Nullable<String>,
    /// Fail after this many servers, to test errors mid-listing.
    fail_after: Nullable<i64>,
}

/// Servers by id: (name, zone).
#[derive(Default)]
struct Fleet {
    servers: Mutex<BTreeMap<String, (String, String)>>,
}

struct FleetProvider;
struct Servers;

impl Provider for FleetProvider {
    type Config = Config;
    type Data = Fleet;

    fn register(&self, registry: &mut impl Registry<Fleet>) {
        registry.resource("test_server", Servers).with_list();
    }

    async fn configure(
        &self,
        _: &mut Context<Fleet>,
        _: ConfigureRequest<Config>,
    ) -> Result<Fleet, Diagnostics> {
        Ok(Fleet::default())
    }
}

fn server(id: &str, name: &str, zone: &str) -> Server {
    Server {
        id: Some(id.to_owned()).into(),
        name: Unknown::known(name.to_owned()),
        zone: Some(zone.to_owned()).into(),
    }
}

impl Resource for Servers {
    type Model = Server;
    type Data = Fleet;

    async fn create(
        &self,
        ctx: &mut Context<Fleet>,
        request: CreateRequest<Server>,
    ) -> Result<Server, ApplyError<Server>> {
        let planned = request.planned;
        let fleet = ctx.data()?;
        let name = planned.name.as_known().cloned().unwrap_or_default();
        let zone = (planned
            .zone
            .as_known()
            .and_then(Nullable::as_value)
            .cloned())
        .unwrap_or_else(|| "a".to_owned());
        let mut servers = fleet.servers.lock().unwrap();
        let id = format!("s-{}", servers.len() + 1);
        servers.insert(id.clone(), (name.clone(), zone.clone()));
        Ok(server(&id, &name, &zone))
    }

    async fn read(
        &self,
        ctx: &mut Context<Fleet>,
        request: ReadRequest<Server>,
    ) -> Result<Option<Server>, Diagnostics> {
        let current = request.state;
        let fleet = ctx.data()?;
        let servers = fleet.servers.lock().unwrap();
        let id = current.id.as_known().and_then(Nullable::as_value).cloned();
        // Imported states know the name alone.
        let found = match id {
            Some(id) => servers.get(&id).map(|(n, z)| server(&id, n, z)),
            None => (servers.iter())
                .find(|(_, (n, _))| Some(n) == current.name.as_known())
                .map(|(id, (n, z))| server(id, n, z)),
        };
        Ok(found)
    }

    async fn update(
        &self,
        ctx: &mut Context<Fleet>,
        request: UpdateRequest<Server>,
    ) -> Result<Server, ApplyError<Server>> {
        let planned = request.planned;
        let fleet = ctx.data()?;
        let id = planned
            .id
            .as_known()
            .and_then(Nullable::as_value)
            .cloned()
            .unwrap_or_default();
        let name = planned.name.as_known().cloned().unwrap_or_default();
        let zone = planned
            .zone
            .as_known()
            .and_then(Nullable::as_value)
            .cloned()
            .unwrap_or_default();
        fleet
            .servers
            .lock()
            .unwrap()
            .insert(id.clone(), (name.clone(), zone.clone()));
        Ok(server(&id, &name, &zone))
    }

    async fn delete(
        &self,
        ctx: &mut Context<Fleet>,
        request: DeleteRequest<Server>,
    ) -> Result<(), ApplyError<Server>> {
        let prior = request.prior;
        let id = prior
            .id
            .as_known()
            .and_then(Nullable::as_value)
            .cloned()
            .unwrap_or_default();
        ctx.data()?.servers.lock().unwrap().remove(&id);
        Ok(())
    }

    /// Objects of `test_legacy` (the same attributes) move here.
    async fn move_state(
        &self,
        _: &mut Context<Fleet>,
        source: crate::MovedState<'_>,
    ) -> Result<Option<Server>, Diagnostics> {
        if source.source_type_name() != "test_legacy" {
            return Ok(None);
        }
        source.decode::<Server>().map(Some)
    }

    /// The id and name: the zone is left to the read.
    async fn import(
        &self,
        ctx: &mut Context<Fleet>,
        request: ImportRequest,
    ) -> Result<Server, Diagnostics> {
        let id = request.id.as_str();
        let servers = ctx.data()?.servers.lock().unwrap();
        let (name, _) = servers
            .get(id)
            .ok_or_else(|| -> Diagnostics { Diagnostic::error("No such server").into() })?;
        Ok(Server {
            id: Some(id.to_owned()).into(),
            name: Unknown::known(name.clone()),
            zone: Unknown::null(),
        })
    }
}

impl ResourceIdentity for Servers {
    type Identity = ServerIdentity;

    fn identity_upgrades(&self) -> tfvalue::Upgrades<ServerIdentity> {
        tfvalue::Upgrades::new().from(0, |v0: ServerIdentityV0| {
            Ok(ServerIdentity {
                name: v0.name,
                zone: v0.region,
            })
        })
    }
}

impl ListResource for Servers {
    type ListConfig = ServerQuery;

    async fn list(
        &self,
        ctx: &mut Context<Fleet>,
        query: ServerQuery,
        results: &mut ListResults<Server, ServerIdentity>,
    ) -> Result<(), Diagnostics> {
        let prefix = query.prefix.into_option().unwrap_or_default();
        let fail_after = query.fail_after.into_option();
        let found: Vec<Server> = {
            let servers = ctx.data()?.servers.lock().unwrap();
            (servers.iter())
                .filter(|(_, (n, _))| n.starts_with(&prefix))
                .map(|(id, (n, z))| server(id, n, z))
                .collect()
        };
        for (count, found) in found.into_iter().enumerate() {
            if fail_after.is_some_and(|n| usize::try_from(n) == Ok(count)) {
                return Err(Diagnostic::error("Listing failed")
                    .with_detail("the fleet stopped answering")
                    .at(AttributePath::root().attr("fail_after"))
                    .into());
            }
            let identity = self.identity(ctx, &found)?;
            let name = found.name.as_known().cloned().unwrap_or_default();
            if !results
                .push(Listed::new(identity, name).with_state(found))
                .await?
            {
                break;
            }
        }
        Ok(())
    }
}

fn fleet() -> ProviderService<FleetProvider> {
    ProviderService::new(FleetProvider).unwrap()
}

async fn configured() -> ProviderService<FleetProvider> {
    let svc = fleet();
    let config = Value::object([("prefix", null_s())]);
    let r = svc
        .configure_provider(Request::new(pb::configure_provider::Request {
            terraform_version: "1.15.5".into(),
            config: Some(msgpack(&config, Config::schema().object_type())),
            client_capabilities: None,
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    svc
}

fn msgpack(v: &Value, ty: &Type) -> pb::DynamicValue {
    pb::DynamicValue {
        msgpack: v.to_msgpack(ty).unwrap(),
        json: Vec::new(),
    }
}

fn server_type() -> &'static Type {
    Server::schema().object_type()
}

fn identity_type() -> &'static Type {
    ServerIdentity::schema().object_type()
}

fn server_value(id: Value, name: Value, zone: Value) -> pb::DynamicValue {
    let v = Value::object([("id", id), ("name", name), ("zone", zone)]);
    msgpack(&v, server_type())
}

fn identity(name: &str, zone: Option<&str>) -> pb::ResourceIdentityData {
    let zone = zone.map_or_else(null_s, s);
    let v = Value::object([("name", s(name)), ("zone", zone)]);
    pb::ResourceIdentityData {
        identity_data: Some(msgpack(&v, identity_type())),
    }
}

fn identity_of(data: &Option<pb::ResourceIdentityData>) -> Value {
    let data = data.as_ref().expect("an identity was answered");
    decode_as(data.identity_data.as_ref(), identity_type())
}

/// Creates `name` in zone `zone` through plan and apply; answers the state and identity.
async fn create(
    svc: &ProviderService<FleetProvider>,
    name: &str,
) -> (pb::DynamicValue, pb::ResourceIdentityData) {
    let config = server_value(null_s(), s(name), null_s());
    let planned = svc
        .plan_resource_change(Request::new(pb::plan_resource_change::Request {
            type_name: "test_server".into(),
            prior_state: Some(nil()),
            proposed_new_state: Some(config.clone()),
            config: Some(config.clone()),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(planned.diagnostics.is_empty(), "{:?}", planned.diagnostics);
    // Not wholly known (id and zone are known after apply): no identity planned yet.
    assert_eq!(planned.planned_identity, None);
    let applied = svc
        .apply_resource_change(Request::new(pb::apply_resource_change::Request {
            type_name: "test_server".into(),
            prior_state: Some(nil()),
            planned_state: planned.planned_state,
            config: Some(config),
            planned_identity: planned.planned_identity,
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(applied.diagnostics.is_empty(), "{:?}", applied.diagnostics);
    let identity = applied.new_identity.expect("an identity after create");
    (applied.new_state.unwrap(), identity)
}

async fn read(
    svc: &ProviderService<FleetProvider>,
    state: pb::DynamicValue,
    current: Option<pb::ResourceIdentityData>,
) -> pb::read_resource::Response {
    svc.read_resource(Request::new(pb::read_resource::Request {
        type_name: "test_server".into(),
        current_state: Some(state),
        current_identity: current,
        ..Default::default()
    }))
    .await
    .unwrap()
    .into_inner()
}

#[tokio::test]
async fn the_identity_schema_is_the_identity_model() {
    let svc = fleet();
    let schemas = svc
        .get_resource_identity_schemas(Request::new(pb::get_resource_identity_schemas::Request {}))
        .await
        .unwrap()
        .into_inner();
    assert!(schemas.diagnostics.is_empty());
    let schema = &schemas.identity_schemas["test_server"];
    assert_eq!(schema.version, 1);
    let attributes: Vec<(&str, &[u8], bool, bool)> = (schema.identity_attributes.iter())
        .map(|a| {
            (
                a.name.as_str(),
                a.r#type.as_slice(),
                a.required_for_import,
                a.optional_for_import,
            )
        })
        .collect();
    assert_eq!(
        attributes,
        [
            ("name", &b"\"string\""[..], true, false),
            ("zone", &b"\"string\""[..], false, true)
        ]
    );
    let meta = svc
        .get_metadata(Request::new(pb::get_metadata::Request {}))
        .await
        .unwrap()
        .into_inner();
    let lists: Vec<&str> = meta
        .list_resources
        .iter()
        .map(|l| l.type_name.as_str())
        .collect();
    assert_eq!(lists, ["test_server"]);
    let schema = svc
        .get_provider_schema(Request::new(pb::get_provider_schema::Request {}))
        .await
        .unwrap()
        .into_inner();
    let query = schema.list_resource_schemas["test_server"]
        .block
        .as_ref()
        .unwrap();
    let names: Vec<&str> = query.attributes.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["prefix", "fail_after"]);
}

#[tokio::test]
async fn create_answers_the_identity_and_reads_keep_it() {
    let svc = configured().await;
    let (state, id) = create(&svc, "web").await;
    assert_eq!(
        identity_of(&Some(id.clone())),
        Value::object([("name", s("web")), ("zone", s("a"))])
    );
    let read = read(&svc, state.clone(), Some(id.clone())).await;
    assert!(read.diagnostics.is_empty(), "{:?}", read.diagnostics);
    assert_eq!(read.new_identity, Some(id));
    // An object stored before its type had an identity gets one at its next read.
    let read = self::read(&svc, state, None).await;
    assert_eq!(
        identity_of(&read.new_identity).attr("name"),
        Some(&s("web"))
    );
}

#[tokio::test]
async fn a_read_that_finds_another_identity_is_refused_and_keeps_the_stored_state() {
    let svc = configured().await;
    let (state, id) = create(&svc, "web").await;
    // Renamed behind Terraform's back: the object under this resource is another one.
    let data = svc.context(Vec::new());
    data.data()
        .unwrap()
        .servers
        .lock()
        .unwrap()
        .insert("s-1".into(), ("db".into(), "a".into()));
    let read = read(&svc, state.clone(), Some(id.clone())).await;
    let shown = shown(&read.diagnostics);
    assert_eq!(shown.len(), 1, "{shown:?}");
    assert!(
        shown[0]
            .starts_with("error: Unexpected Identity Change: The read of this test_server object"),
        "{shown:?}"
    );
    assert!(shown[0].contains(r#"(attribute: name)"#), "{shown:?}");
    assert!(shown[0].contains(r#"Stored identity: {name = "web", zone = "a"}. New identity: {name = "db", zone = "a"}"#), "{shown:?}");
    assert_eq!(read.new_state, Some(state));
    assert_eq!(read.new_identity, Some(id));
}

#[tokio::test]
async fn an_update_that_would_change_the_identity_is_refused_at_plan() {
    let svc = configured().await;
    let (state, id) = create(&svc, "web").await;
    let renamed = server_value(s("s-1"), s("api"), s("a"));
    let planned = svc
        .plan_resource_change(Request::new(pb::plan_resource_change::Request {
            type_name: "test_server".into(),
            prior_state: Some(state.clone()),
            proposed_new_state: Some(renamed.clone()),
            config: Some(server_value(null_s(), s("api"), s("a"))),
            prior_identity: Some(id.clone()),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    let shown = shown(&planned.diagnostics);
    assert!(
        shown[0].starts_with("error: Unexpected Identity Change: The planned update"),
        "{shown:?}"
    );
    assert!(shown[0].ends_with("Nothing was changed."), "{shown:?}");
    assert_eq!(
        (planned.planned_state, planned.planned_identity),
        (None, None)
    );
    // A plan that keeps the identity plans the stored one; a destroy too.
    let kept = server_value(s("s-1"), s("web"), s("a"));
    for proposed in [kept, nil()] {
        let planned = svc
            .plan_resource_change(Request::new(pb::plan_resource_change::Request {
                type_name: "test_server".into(),
                prior_state: Some(state.clone()),
                proposed_new_state: Some(proposed.clone()),
                config: Some(proposed),
                prior_identity: Some(id.clone()),
                ..Default::default()
            }))
            .await
            .unwrap()
            .into_inner();
        assert!(planned.diagnostics.is_empty(), "{:?}", planned.diagnostics);
        assert_eq!(planned.planned_identity, Some(id.clone()));
    }
}

#[tokio::test]
async fn an_applied_update_that_changed_the_identity_answers_it_with_an_error() {
    let svc = configured().await;
    let (state, id) = create(&svc, "web").await;
    // The plan did not show it (the name was unknown then): the update renames.
    let renamed = server_value(s("s-1"), s("api"), s("a"));
    let applied = svc
        .apply_resource_change(Request::new(pb::apply_resource_change::Request {
            type_name: "test_server".into(),
            prior_state: Some(state),
            planned_state: Some(renamed.clone()),
            config: Some(renamed),
            planned_identity: Some(id),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    let shown = shown(&applied.diagnostics);
    assert!(
        shown[0].starts_with("error: Unexpected Identity Change: The update"),
        "{shown:?}"
    );
    // The object is as it now is: nothing is forgotten.
    assert_eq!(
        identity_of(&applied.new_identity).attr("name"),
        Some(&s("api"))
    );
    assert_eq!(
        decode_as(applied.new_state.as_ref(), server_type()).attr("name"),
        Some(&s("api"))
    );
}

#[tokio::test]
async fn imports_by_id_and_by_identity() {
    let svc = configured().await;
    create(&svc, "web").await;
    let by_id = svc
        .import_resource_state(Request::new(pb::import_resource_state::Request {
            type_name: "test_server".into(),
            id: "s-1".into(),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(by_id.diagnostics.is_empty(), "{:?}", by_id.diagnostics);
    // What the import found already makes the identity (the zone still unknown to it).
    assert_eq!(
        by_id.imported_resources[0].identity,
        Some(identity("web", None))
    );

    let by_identity = svc
        .import_resource_state(Request::new(pb::import_resource_state::Request {
            type_name: "test_server".into(),
            identity: Some(identity("web", None)),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(
        by_identity.diagnostics.is_empty(),
        "{:?}",
        by_identity.diagnostics
    );
    let imported = &by_identity.imported_resources[0];
    // By name: the state holds the identity's attributes, the read completes the rest.
    let state = decode_as(imported.state.as_ref(), server_type());
    assert_eq!(state.attr("name"), Some(&s("web")));
    assert!(state.attr("id").is_some_and(Value::is_null));
    assert_eq!(imported.identity, Some(identity("web", None)));
    let read = read(
        &svc,
        imported.state.clone().unwrap(),
        imported.identity.clone(),
    )
    .await;
    assert!(read.diagnostics.is_empty(), "{:?}", read.diagnostics);
    // The zone left out of the import is filled in.
    assert_eq!(read.new_identity, Some(identity("web", Some("a"))));

    let bad = svc
        .import_resource_state(Request::new(pb::import_resource_state::Request {
            type_name: "test_server".into(),
            identity: Some(pb::ResourceIdentityData {
                identity_data: garbage(),
            }),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(errors(&bad.diagnostics), [": Invalid import identity"]);
    assert!(bad.imported_resources.is_empty());
}

#[tokio::test]
async fn stored_identities_upgrade_from_older_versions() {
    let svc = fleet();
    let upgrade = |version: i64, json: &[u8]| {
        svc.upgrade_resource_identity(Request::new(pb::upgrade_resource_identity::Request {
            type_name: "test_server".into(),
            version,
            raw_identity: Some(pb::RawState {
                json: json.to_vec(),
                flatmap: Default::default(),
            }),
        }))
    };
    let current = upgrade(1, br#"{"name":"web","zone":"a"}"#)
        .await
        .unwrap()
        .into_inner();
    assert_eq!(current.upgraded_identity, Some(identity("web", Some("a"))));
    let old = upgrade(0, br#"{"name":"web","region":"a"}"#)
        .await
        .unwrap()
        .into_inner();
    assert_eq!(old.upgraded_identity, Some(identity("web", Some("a"))));
    for (version, json) in [
        (1, &b"{\"name\": ["[..]),
        (7, br#"{}"#),
        (0, br#"{"region":"a"}"#),
    ] {
        let failed = upgrade(version, json).await.unwrap().into_inner();
        assert_eq!(failed.upgraded_identity, None);
        assert_eq!(
            failed.diagnostics.len(),
            1,
            "{version}: {:?}",
            failed.diagnostics
        );
    }
}

#[test]
fn identity_registrations_are_checked() {
    #[derive(TfSchema)]
    struct Bad {
        #[tf(computed)]
        serial: Unknown<Nullable<String>>,
        labels: BTreeMap<String, String>,
    }
    inert_resource!(BadIdentity, Server, Store);
    impl ResourceIdentity for BadIdentity {
        type Identity = Bad;
    }
    struct Lone;
    impl Provider for Lone {
        type Config = Config;
        type Data = Store;
        fn register(&self, registry: &mut impl Registry<Store>) {
            registry.resource("test_bad", BadIdentity).with_identity();
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
    let Err(problems) = ProviderService::new(Lone) else {
        panic!("the registrations are wrong");
    };
    assert_eq!(
        problems,
        [
            "resource type \"test_bad\": identity attribute \"serial\" is computed, sensitive or write-only; identity attributes are plain values",
            "resource type \"test_bad\": identity attribute \"labels\" is of type [\"map\",\"string\"]; an identity attribute is a string, number, bool or a list of them",
        ]
    );
}

/// Garbage in every identity an RPC carries is answered, never a panic: a stored identity
/// that does not decode counts as none (the object's own replaces it), an identity to
/// import by is an error, a stored identity to upgrade is an error.
#[tokio::test]
async fn garbage_identities_are_answered() {
    let svc = configured().await;
    let (state, _) = create(&svc, "web").await;
    let junk = || {
        Some(pb::ResourceIdentityData {
            identity_data: garbage(),
        })
    };
    let read = read(&svc, state.clone(), junk()).await;
    assert!(read.diagnostics.is_empty(), "{:?}", read.diagnostics);
    assert_eq!(read.new_identity, Some(identity("web", Some("a"))));
    let planned = svc
        .plan_resource_change(Request::new(pb::plan_resource_change::Request {
            type_name: "test_server".into(),
            prior_state: Some(state.clone()),
            proposed_new_state: Some(state.clone()),
            config: Some(state.clone()),
            prior_identity: junk(),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(planned.diagnostics.is_empty(), "{:?}", planned.diagnostics);
    let applied = svc
        .apply_resource_change(Request::new(pb::apply_resource_change::Request {
            type_name: "test_server".into(),
            prior_state: Some(state.clone()),
            planned_state: Some(state.clone()),
            config: Some(state),
            planned_identity: junk(),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(applied.diagnostics.is_empty(), "{:?}", applied.diagnostics);
    assert_eq!(applied.new_identity, Some(identity("web", Some("a"))));
    let upgraded = svc
        .upgrade_resource_identity(Request::new(pb::upgrade_resource_identity::Request {
            type_name: "test_server".into(),
            version: 1,
            raw_identity: None,
        }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(
        errors(&upgraded.diagnostics),
        [": Unsupported identity format"]
    );
    let generated = svc
        .generate_resource_config(Request::new(pb::generate_resource_config::Request {
            type_name: "test_server".into(),
            state: garbage_json(),
        }))
        .await
        .unwrap()
        .into_inner();
    let generated = errors(&generated.diagnostics);
    assert!(
        generated.len() == 1 && generated[0].ends_with(": Invalid state"),
        "{generated:?}"
    );
}

/// A moved object gets the identity its new state gives, even before the provider is
/// configured (Terraform moves first); a move that fails answers none.
#[tokio::test]
async fn a_moved_object_gets_its_identity() {
    let svc = fleet();
    let moved = |json: &[u8]| {
        svc.move_resource_state(Request::new(pb::move_resource_state::Request {
            source_provider_address: "registry.terraform.io/example/legacy".into(),
            source_type_name: "test_legacy".into(),
            source_schema_version: 0,
            source_state: Some(pb::RawState {
                json: json.to_vec(),
                flatmap: Default::default(),
            }),
            target_type_name: "test_server".into(),
            ..Default::default()
        }))
    };
    let r = moved(br#"{"id":"s-9","name":"old","zone":"b"}"#)
        .await
        .unwrap()
        .into_inner();
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(r.target_identity, Some(identity("old", Some("b"))));
    let r = moved(br#"{"id":"s-9"}"#).await.unwrap().into_inner();
    assert_eq!(r.target_identity, None);
    assert!(!r.diagnostics.is_empty());
}
