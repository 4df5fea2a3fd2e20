//! The harness on a small provider defined here: a store of named items, with the faults a
//! provider can have (a panic, a plan that changes the configuration, an apply that
//! answers something else than it planned) behind particular names.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::Duration;

use tfvalue::path::AttributePath;
use tfvalue::{IntoPlanned as _, Nullable, TfSchema, Unknown};

use super::{Change, Harness};
use crate::{
    ApplyError, ConfigureRequest, Context, CreateRequest, DataSource, DeleteRequest, Diagnostic,
    Diagnostics, ImportRequest, Plan, Provider, ReadDataSourceRequest, ReadRequest, Registry,
    Resource, UpdateRequest, ValidateRequest,
};

#[derive(TfSchema, Debug)]
struct Config {
    prefix: Nullable<String>,
}

/// An item: `label` is the prefix and the name, known at plan time once the provider is
/// configured; `id` is known after apply.
#[derive(TfSchema, Debug, Clone, PartialEq)]
struct Item {
    #[tf(computed)]
    id: Unknown<Nullable<String>>,
    #[tf(requires_replace)]
    name: Unknown<String>,
    size: Unknown<Nullable<i64>>,
    #[tf(computed)]
    label: Unknown<Nullable<String>>,
}

/// Another model with the item's attribute names: not the item's model all the same.
#[derive(TfSchema, Debug)]
struct NotItem {
    id: Nullable<String>,
    name: String,
    size: Nullable<String>,
    label: Nullable<String>,
}

#[derive(TfSchema, Debug)]
struct Lookup {
    name: String,
    #[tf(computed)]
    size: Unknown<Nullable<i64>>,
}

#[derive(Default)]
struct Store {
    prefix: String,
    items: Mutex<BTreeMap<String, Option<i64>>>,
}

struct Items;
struct Lookups;
struct Test;

impl Provider for Test {
    type Config = Config;
    type Data = Store;

    fn register(&self, registry: &mut impl Registry<Store>) {
        registry.resource("test_item", Items);
        registry.data_source("test_lookup", Lookups);
        registry.action("test_count", Counts);
    }

    async fn configure(
        &self,
        ctx: &mut Context<Store>,
        request: ConfigureRequest<Config>,
    ) -> Result<Store, Diagnostics> {
        if request.config.prefix.is_null() {
            ctx.warn(Diagnostic::warning("No prefix").at("prefix"));
        }
        Ok(Store {
            prefix: request.config.prefix.unwrap_or_default(),
            ..Store::default()
        })
    }
}

fn item(name: &str, size: Option<i64>) -> Item {
    Item {
        id: Unknown::null(),
        name: Unknown::known(name.to_owned()),
        size: Unknown::known(size.into()),
        label: Unknown::null(),
    }
}

impl Resource for Items {
    type Model = Item;
    type Data = Store;

    async fn validate(
        &self,
        ctx: &mut Context<Store>,
        request: ValidateRequest<Item>,
    ) -> Result<(), Diagnostics> {
        match request.config.size.as_known().and_then(Nullable::as_value) {
            Some(size) if *size < 0 => Err(Diagnostic::error("Negative size").at("size").into()),
            Some(size) if *size > 100 => {
                ctx.warn(Diagnostic::warning("Large item").at("size"));
                Ok(())
            }
            _ => Ok(()),
        }
    }

    async fn plan(
        &self,
        ctx: &mut Context<Store>,
        plan: &mut Plan<Item>,
    ) -> Result<(), Diagnostics> {
        if let Some(prior) = &plan.prior {
            plan.planned.id = prior.id.clone();
        }
        if let (Ok(store), Some(name)) = (ctx.data(), plan.planned.name.as_known()) {
            plan.planned.label = Some(format!("{}{name}", store.prefix)).into();
            if name == "rewrite" {
                // Changes a configured value: not the provider's to change.
                plan.planned.size = Some(7).into();
            }
        }
        Ok(())
    }

    async fn create(
        &self,
        ctx: &mut Context<Store>,
        request: CreateRequest<Item>,
    ) -> Result<Item, ApplyError<Item>> {
        let store = ctx.data()?;
        let mut planned = request.planned.into_planned()?;
        match planned.name.as_str() {
            "panic" => panic!("asked to panic"),
            "slow" => {
                let stop = ctx.stop_token();
                stop.run(tokio::time::sleep(Duration::from_secs(600)))
                    .await
                    .map_err(|_| Diagnostic::error("Interrupted"))?;
            }
            // Answers another label than it planned.
            "liar" => planned.label = Some("lie".to_owned()).into(),
            _ => {}
        }
        let size = planned.size.as_value().copied();
        let items = &mut *store.items.lock().unwrap();
        items.insert(planned.name.clone(), size);
        planned.id = Some(format!("id-{}", planned.name)).into();
        Ok(planned.into())
    }

    async fn read(
        &self,
        ctx: &mut Context<Store>,
        request: ReadRequest<Item>,
    ) -> Result<Option<Item>, Diagnostics> {
        let store = ctx.data()?;
        let state = request.state;
        let name = state.name.as_known().cloned().unwrap_or_default();
        let found = store.items.lock().unwrap().get(&name).copied();
        Ok(found.map(|size| Item {
            size: Unknown::known(size.into()),
            ..state
        }))
    }

    async fn update(
        &self,
        ctx: &mut Context<Store>,
        request: UpdateRequest<Item>,
    ) -> Result<Item, ApplyError<Item>> {
        let store = ctx.data()?;
        let planned = request.planned.into_planned()?;
        let size = planned.size.as_value().copied();
        store
            .items
            .lock()
            .unwrap()
            .insert(planned.name.clone(), size);
        Ok(planned.into())
    }

    async fn delete(
        &self,
        ctx: &mut Context<Store>,
        request: DeleteRequest<Item>,
    ) -> Result<(), ApplyError<Item>> {
        let name = request.prior.name.as_known().cloned().unwrap_or_default();
        ctx.data()?.items.lock().unwrap().remove(&name);
        Ok(())
    }

    async fn import(
        &self,
        ctx: &mut Context<Store>,
        request: ImportRequest,
    ) -> Result<Item, Diagnostics> {
        let name =
            (request.id.strip_prefix("id-")).ok_or_else(|| Diagnostic::error("Bad import id"))?;
        let label = format!("{}{name}", ctx.data()?.prefix);
        Ok(Item {
            id: Some(request.id.clone()).into(),
            label: Some(label).into(),
            ..item(name, None)
        })
    }
}

impl DataSource for Lookups {
    type Model = Lookup;
    type Data = Store;

    async fn read(
        &self,
        ctx: &mut Context<Store>,
        request: ReadDataSourceRequest<Lookup>,
    ) -> Result<Lookup, Diagnostics> {
        let config = request.config;
        let found = ctx.data()?.items.lock().unwrap().get(&config.name).copied();
        match found {
            Some(size) => Ok(Lookup {
                size: Unknown::known(size.into()),
                ..config
            }),
            None => Err(Diagnostic::error("No such item").at("name").into()),
        }
    }
}

async fn configured() -> Harness<Test> {
    let harness = Harness::new(Test).unwrap();
    let config = Config {
        prefix: Nullable::Value("p-".into()),
    };
    let warnings = harness.configure(&config).await.unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    harness
}

/// Each diagnostic as `severity at path: summary`.
fn shown(diagnostics: &Diagnostics) -> Vec<String> {
    diagnostics
        .iter()
        .map(|d| {
            let at = d.attribute().map(ToString::to_string).unwrap_or_default();
            format!("{:?} at {at}: {}", d.severity(), d.summary())
        })
        .collect()
}

#[tokio::test]
async fn create_read_update_delete_round_trip() {
    let harness = configured().await;
    let items = harness.resource::<Item>("test_item");

    let planned = items.plan(None, &item("a", Some(1))).await.unwrap();
    assert_eq!(planned.change(), Change::Create);
    let state = planned.state().unwrap();
    assert!(state.id.is_unknown(), "id is known after apply");
    assert_eq!(state.label, Unknown::known(Some("p-a".to_owned()).into()));

    let created = items.apply(&planned).await.unwrap().unwrap();
    assert_eq!(created.id, Unknown::known(Some("id-a".to_owned()).into()));
    assert_eq!(items.read(&created).await.unwrap().as_ref(), Some(&created));

    // A change of size updates in place, keeping the id.
    let planned = items
        .plan(Some(&created), &item("a", Some(2)))
        .await
        .unwrap();
    assert_eq!(planned.change(), Change::Update);
    let updated = items.update(&created, &item("a", Some(2))).await.unwrap();
    assert_eq!(updated.size, Unknown::known(Some(2).into()));
    assert_eq!(updated.id, created.id);

    // The same configuration again: nothing to do.
    let planned = items
        .plan(Some(&updated), &item("a", Some(2)))
        .await
        .unwrap();
    assert_eq!(planned.change(), Change::NoOp);
    assert_eq!(
        items.apply(&planned).await.unwrap().as_ref(),
        Some(&updated)
    );

    items.delete(&updated).await.unwrap();
    assert_eq!(items.read(&updated).await.unwrap(), None, "gone");
    // Gone already: nothing more to destroy.
    items.delete(&updated).await.unwrap();
}

#[tokio::test]
async fn a_new_name_replaces_the_item() {
    let harness = configured().await;
    let items = harness.resource::<Item>("test_item");
    let a = items.create(&item("a", None)).await.unwrap();

    let planned = items.plan(Some(&a), &item("b", None)).await.unwrap();
    assert_eq!(planned.change(), Change::Replace);
    assert_eq!(
        planned.requires_replace(),
        [AttributePath::root().attr("name")]
    );
    // The new object's plan: its id is known after apply again.
    assert!(planned.state().unwrap().id.is_unknown());

    let b = items.apply(&planned).await.unwrap().unwrap();
    assert_eq!(b.id, Unknown::known(Some("id-b".to_owned()).into()));
    assert_eq!(
        items.read(&a).await.unwrap(),
        None,
        "the old one is destroyed"
    );
}

#[tokio::test]
async fn validation_errors_point_at_their_attribute() {
    let harness = configured().await;
    let items = harness.resource::<Item>("test_item");
    let errors = items.validate(&item("a", Some(-1))).await.unwrap_err();
    assert_eq!(shown(&errors), ["Error at .size: Negative size"]);
    // A plan, or a create, validates first.
    let errors = items.create(&item("a", Some(-1))).await.unwrap_err();
    assert_eq!(shown(&errors), ["Error at .size: Negative size"]);
}

#[tokio::test]
async fn warnings_come_back_with_the_answer_and_are_kept() {
    let harness = Harness::new(Test).unwrap();
    let warnings = harness
        .configure(&Config {
            prefix: Nullable::Null,
        })
        .await
        .unwrap();
    assert_eq!(shown(&warnings), ["Warning at .prefix: No prefix"]);

    let items = harness.resource::<Item>("test_item");
    let warnings = items.validate(&item("big", Some(500))).await.unwrap();
    assert_eq!(shown(&warnings), ["Warning at .size: Large item"]);
    let planned = items.plan(None, &item("big", Some(500))).await.unwrap();
    assert_eq!(shown(planned.warnings()), ["Warning at .size: Large item"]);
    assert_eq!(
        harness.take_warnings().len(),
        3,
        "configure, validate, plan"
    );
    assert!(harness.take_warnings().is_empty());
}

#[tokio::test]
async fn a_panic_fails_only_its_call() {
    let harness = configured().await;
    let items = harness.resource::<Item>("test_item");
    let errors = items.create(&item("panic", None)).await.unwrap_err();
    let error = errors.iter().next().unwrap();
    assert_eq!(error.summary(), "The provider failed");
    assert!(
        error.detail().contains("asked to panic"),
        "{}",
        error.detail()
    );
    // The provider goes on.
    items.create(&item("fine", None)).await.unwrap();
}

#[tokio::test]
async fn terraforms_checks_of_plans_and_applies_are_errors() {
    let harness = configured().await;
    let items = harness.resource::<Item>("test_item");
    let errors = items
        .plan(None, &item("rewrite", Some(1)))
        .await
        .unwrap_err();
    assert_eq!(
        shown(&errors),
        ["Error at .size: Provider produced invalid plan"]
    );
    let detail = errors.iter().next().unwrap().detail();
    assert!(
        detail.contains("planned value 7 does not match config value 1"),
        "{detail}"
    );

    let errors = items.create(&item("liar", None)).await.unwrap_err();
    assert_eq!(
        shown(&errors),
        ["Error at .label: Provider produced inconsistent result after apply"]
    );
    let detail = errors.iter().next().unwrap().detail();
    assert!(
        detail.contains(r#"was "p-liar", but now "lie""#),
        "{detail}"
    );
}

#[tokio::test]
async fn wrong_models_and_unknown_type_names_are_errors() {
    let harness = configured().await;
    let wrong = NotItem {
        id: Nullable::Null,
        name: "a".into(),
        size: Nullable::Null,
        label: Nullable::Null,
    };
    let errors = harness
        .resource::<NotItem>("test_item")
        .create(&wrong)
        .await
        .unwrap_err();
    let error = errors.iter().next().unwrap();
    assert_eq!(error.summary(), "Wrong model");
    assert!(
        error
            .detail()
            .contains(r#"its attribute "id" is declared otherwise"#),
        "{}",
        error.detail()
    );

    let errors = harness
        .resource::<Item>("test_nope")
        .create(&item("a", None))
        .await
        .unwrap_err();
    let error = errors.iter().next().unwrap();
    assert_eq!(error.summary(), "Invalid resource type");
    assert!(
        error.detail().contains("it has: test_item"),
        "{}",
        error.detail()
    );

    let lookups = harness.data_source::<Item>("test_lookup");
    let errors = lookups.read(&item("a", None)).await.unwrap_err();
    assert_eq!(errors.iter().next().unwrap().summary(), "Wrong model");
}

#[tokio::test]
async fn import_reads_the_imported_object() {
    let harness = configured().await;
    let items = harness.resource::<Item>("test_item");
    let created = items.create(&item("a", Some(3))).await.unwrap();
    let imported = items.import("id-a").await.unwrap();
    assert_eq!(imported, [created]);

    let errors = items.import("id-nothing").await.unwrap_err();
    let summary = errors.iter().next().unwrap().summary();
    assert_eq!(summary, "Cannot import non-existent remote object");
    let errors = items.import("a").await.unwrap_err();
    assert_eq!(errors.iter().next().unwrap().summary(), "Bad import id");
}

#[tokio::test]
async fn data_sources_read_what_resources_made() {
    let harness = configured().await;
    harness
        .resource::<Item>("test_item")
        .create(&item("a", Some(4)))
        .await
        .unwrap();
    let lookups = harness.data_source::<Lookup>("test_lookup");
    let config = |name: &str| Lookup {
        name: name.into(),
        size: Unknown::null(),
    };
    let found = lookups.read(&config("a")).await.unwrap();
    assert_eq!(found.size, Unknown::known(Some(4).into()));
    let errors = lookups.read(&config("b")).await.unwrap_err();
    assert_eq!(shown(&errors), ["Error at .name: No such item"]);
}

#[tokio::test]
async fn stop_ends_a_long_create() {
    let harness = configured().await;
    let items = harness.resource::<Item>("test_item");
    let config = item("slow", None);
    let (created, stopped) = tokio::join!(items.create(&config), async {
        tokio::time::sleep(Duration::from_millis(50)).await;
        harness.stop().await
    });
    stopped.unwrap();
    let errors = created.unwrap_err();
    assert_eq!(errors.iter().next().unwrap().summary(), "Interrupted");
}

#[tokio::test]
async fn an_unconfigured_provider_answers_as_terraform_finds_it() {
    let harness = Harness::new(Test).unwrap();
    let errors = harness
        .resource::<Item>("test_item")
        .create(&item("a", None))
        .await
        .unwrap_err();
    assert_eq!(
        errors.iter().next().unwrap().summary(),
        "Provider not configured"
    );
}

#[test]
fn registration_problems_are_listed() {
    struct Twice;
    impl Provider for Twice {
        type Config = Config;
        type Data = Store;
        fn register(&self, registry: &mut impl Registry<Store>) {
            registry.resource("test_item", Items);
            registry.resource("test_item", Items);
        }
        async fn configure(
            &self,
            _: &mut Context<Store>,
            _: ConfigureRequest<Config>,
        ) -> Result<Store, Diagnostics> {
            Ok(Store::default())
        }
    }
    let Err(error) = Harness::new(Twice) else {
        panic!("registered twice");
    };
    assert_eq!(error.problems().len(), 1, "{error}");
    assert!(error.to_string().contains("test_item"), "{error}");
}

#[test]
fn the_proposed_new_state_keeps_computed_values_of_matching_nested_objects() {
    use tfvalue::schema::{Attribute, Block, BlockNesting, NestedBlock};
    use tfvalue::{Type, Value};

    let disk = Block::new()
        .attribute(Attribute::new("size", Type::Number).optional())
        .attribute(Attribute::new("serial", Type::String).computed());
    let rule = Block::new()
        .attribute(Attribute::new("port", Type::Number).required())
        .attribute(Attribute::new("hits", Type::Number).computed());
    let block = Block::new()
        .attribute(Attribute::new("id", Type::String).computed())
        .attribute(Attribute::new("name", Type::String).required())
        .block_type(NestedBlock::new("disk", disk, BlockNesting::List))
        .block_type(NestedBlock::new("rule", rule, BlockNesting::Set));
    let s = |text: &str| Value::String(text.to_owned());
    let n = |number: i64| Value::Number(number.into());
    let null_s = || Value::null(Type::String);
    let null_n = || Value::null(Type::Number);
    let disk_type = Type::object([("serial", Type::String), ("size", Type::Number)]);
    let rule_type = Type::object([("hits", Type::Number), ("port", Type::Number)]);
    let disks = |items: Vec<(Value, Value)>| {
        let items = (items.into_iter())
            .map(|(serial, size)| Value::object([("serial", serial), ("size", size)]))
            .collect();
        Value::list(disk_type.clone(), items).unwrap()
    };
    let rules = |items: Vec<(Value, Value)>| {
        let items = (items.into_iter())
            .map(|(hits, port)| Value::object([("hits", hits), ("port", port)]))
            .collect();
        Value::set(rule_type.clone(), items).unwrap()
    };
    let object = |id, name, disk, rule| {
        Value::object([("id", id), ("name", name), ("disk", disk), ("rule", rule)])
    };

    let prior = object(
        s("i-1"),
        s("a"),
        disks(vec![(s("s1"), n(10)), (s("s2"), n(20))]),
        rules(vec![(n(5), n(80)), (n(7), n(443))]),
    );
    let config = object(
        null_s(),
        s("b"),
        disks(vec![
            (null_s(), n(11)),
            (null_s(), n(20)),
            (null_s(), n(30)),
        ]),
        rules(vec![(null_n(), n(443)), (null_n(), n(22))]),
    );
    // Disks by index, rules by their port (the values that are not computed).
    let expected = object(
        s("i-1"),
        s("b"),
        disks(vec![(s("s1"), n(11)), (s("s2"), n(20)), (null_s(), n(30))]),
        rules(vec![(n(7), n(443)), (null_n(), n(22))]),
    );
    let proposed = super::proposal::proposed_new(&block, &prior, &config);
    assert!(
        super::proposal::same(&proposed, &expected),
        "{}",
        tfvalue::Readable(&proposed)
    );

    // On create, the configuration as it is.
    let created = super::proposal::proposed_new(&block, &Value::null(prior.ty()), &config);
    assert_eq!(created, config);
}

/// A server: the provider fills in its `nic` blocks (a computed block) and chooses a
/// `token` while planning, which it keeps to the apply in the plan's private state where
/// Terraform stores it; `serial` is planned anew by every plan, which Terraform's plan
/// during apply catches.
#[derive(TfSchema, Debug, Clone)]
struct Server {
    name: Unknown<String>,
    #[tf(block, computed)]
    nic: Unknown<Nullable<Vec<Nic>>>,
    #[tf(computed)]
    token: Unknown<Nullable<String>>,
    #[tf(computed)]
    serial: Unknown<Nullable<i64>>,
}

#[derive(TfSchema, Debug, Clone, PartialEq)]
struct Nic {
    #[tf(computed)]
    mac: Unknown<Nullable<String>>,
}

/// How many plans the servers have made: the `serial` of a server named "fickle".
struct Servers(std::sync::atomic::AtomicI64);
struct ServerTest;

impl Provider for ServerTest {
    type Config = Config;
    type Data = ();
    fn register(&self, registry: &mut impl Registry<()>) {
        registry.resource("test_server", Servers(std::sync::atomic::AtomicI64::new(0)));
    }
    async fn configure(
        &self,
        _: &mut Context<()>,
        _: ConfigureRequest<Config>,
    ) -> Result<(), Diagnostics> {
        Ok(())
    }
}

impl Resource for Servers {
    type Model = Server;
    type Data = ();

    async fn plan(
        &self,
        ctx: &mut Context<()>,
        plan: &mut Plan<Server>,
    ) -> Result<(), Diagnostics> {
        if let Some(first) = plan.planned_private().cloned() {
            let token = first
                .get::<String>("token")?
                .unwrap_or_else(|| "t-1".to_owned());
            ctx.private_mut().set("token", &token)?;
            plan.planned.token = Unknown::known(Nullable::Value(token));
        }
        if plan.planned.name.as_known().map(String::as_str) == Some("fickle") {
            let n = self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            plan.planned.serial = Unknown::known(Nullable::Value(n));
        }
        Ok(())
    }

    async fn create(
        &self,
        _: &mut Context<()>,
        r: CreateRequest<Server>,
    ) -> Result<Server, ApplyError<Server>> {
        let mut server = r.planned;
        let mac = Unknown::known(Nullable::Value("m-1".to_owned()));
        server.nic = Unknown::known(Nullable::Value(vec![Nic { mac }]));
        if server.token.is_unknown() {
            server.token = Unknown::known(Nullable::Value("t-apply".to_owned()));
        }
        if server.serial.is_unknown() {
            server.serial = Unknown::known(Nullable::Null);
        }
        Ok(server)
    }

    async fn read(
        &self,
        _: &mut Context<()>,
        r: ReadRequest<Server>,
    ) -> Result<Option<Server>, Diagnostics> {
        Ok(Some(r.state))
    }

    async fn update(
        &self,
        ctx: &mut Context<()>,
        r: UpdateRequest<Server>,
    ) -> Result<Server, ApplyError<Server>> {
        self.create(ctx, CreateRequest::new(r.planned, r.config))
            .await
    }

    async fn delete(
        &self,
        _: &mut Context<()>,
        _: DeleteRequest<Server>,
    ) -> Result<(), ApplyError<Server>> {
        Ok(())
    }
}

fn server(name: &str) -> Server {
    Server {
        name: Unknown::known(name.to_owned()),
        nic: Unknown::known(Nullable::Null),
        token: Unknown::null(),
        serial: Unknown::null(),
    }
}

fn terraform_1_16() -> Harness<ServerTest> {
    Harness::new(ServerTest)
        .unwrap()
        .terraform_version("1.16.0")
        .computed_blocks_allowed(true)
        .store_planned_private(true)
}

#[tokio::test]
async fn computed_blocks_are_filled_in_and_kept_as_terraform_1_16_plans_them() {
    let harness = terraform_1_16();
    let servers = harness.resource::<Server>("test_server");
    // A configuration writes no `nic` block: an empty list, which Terraform 1.16 sends null.
    let mut config = server("a");
    config.nic = Unknown::known(Nullable::Value(Vec::new()));
    let planned = servers.plan(None, &config).await.unwrap();
    assert!(planned.state().unwrap().nic.is_unknown());
    let state = servers.apply(&planned).await.unwrap().unwrap();
    let nics = state.nic.as_value().unwrap();
    assert_eq!(nics.len(), 1);
    // An unchanged configuration keeps the blocks: nothing to do.
    let again = servers.plan(Some(&state), &config).await.unwrap();
    assert_eq!(again.change(), Change::NoOp);
    // Terraform 1.15 does not honour computed blocks: refused.
    let old = Harness::new(ServerTest).unwrap();
    let refused = old
        .resource::<Server>("test_server")
        .plan(None, &config)
        .await;
    assert_eq!(
        shown(&refused.unwrap_err()),
        ["Error at .nic: Computed Block Not Supported"]
    );
}

#[tokio::test]
async fn the_plan_during_apply_gets_the_first_plans_private_state() {
    let harness = terraform_1_16();
    let servers = harness.resource::<Server>("test_server");
    let planned = servers.plan(None, &server("a")).await.unwrap();
    // The first plan chose the token and shows it; the apply keeps it.
    let shown_token = planned.state().unwrap().token.clone();
    assert_eq!(shown_token.as_value().map(String::as_str), Some("t-1"));
    let state = servers.apply(&planned).await.unwrap().unwrap();
    assert_eq!(state.token, shown_token);
    // Without the capability, the token is left to the apply.
    let old = Harness::new(ServerTest)
        .unwrap()
        .computed_blocks_allowed(true);
    let servers = old.resource::<Server>("test_server");
    let state = servers.create(&server("a")).await.unwrap();
    assert_eq!(state.token.as_value().map(String::as_str), Some("t-apply"));
}

#[tokio::test]
async fn a_final_plan_that_breaks_the_first_is_an_error() {
    let harness = terraform_1_16();
    let servers = harness.resource::<Server>("test_server");
    let errors = servers.create(&server("fickle")).await.unwrap_err();
    assert_eq!(
        shown(&errors),
        ["Error at .serial: Provider produced inconsistent final plan"]
    );
    assert!(errors
        .iter()
        .next()
        .unwrap()
        .detail()
        .contains("was 0, but now 1"));
}

/// `action "test_count" "x" { config { to = 3 } }`: counts to `to` (from 1), one progress
/// message a number, with the provider's prefix; fails at 13, and plans no count above 100.
#[derive(TfSchema, Debug)]
struct Count {
    to: Unknown<i64>,
}

struct Counts;

impl crate::Action for Counts {
    type Model = Count;
    type Data = Store;

    async fn plan(
        &self,
        _: &mut Context<Store>,
        request: crate::ActionPlanRequest<Count>,
    ) -> Result<(), Diagnostics> {
        if request.config.to.as_known().is_some_and(|&to| to > 100) {
            return Err(Diagnostic::error("Too far").at("to").into());
        }
        Ok(())
    }

    async fn invoke(
        &self,
        ctx: &mut Context<Store>,
        request: crate::ActionInvokeRequest<Count>,
        progress: &mut crate::Progress,
    ) -> Result<(), Diagnostics> {
        let prefix = ctx.data()?.prefix.clone();
        let to = request.config.to.as_known().copied().unwrap_or(0);
        for n in 1..=to {
            if n == 13 {
                return Err(Diagnostic::error("Unlucky").at("to").into());
            }
            progress.send(format!("{prefix}{n}")).await?;
        }
        Ok(())
    }
}

#[tokio::test]
async fn actions_are_planned_and_invoked_with_their_progress_kept_on_failure() {
    let harness = Harness::new(Test).unwrap();
    let _ = harness
        .configure(&Config {
            prefix: Nullable::Value("#".into()),
        })
        .await
        .unwrap();
    let counts = harness.action::<Count>("test_count");
    let to = |n: i64| Count {
        to: Unknown::known(n),
    };
    let invoked = counts.invoke(&to(3)).await.unwrap();
    assert_eq!(invoked.progress, ["#1", "#2", "#3"]);
    assert!(invoked.warnings.is_empty());
    let failed = counts.invoke(&to(20)).await.unwrap_err();
    assert_eq!(failed.progress.len(), 12, "what came before the failure");
    let errors = Diagnostics::from(failed);
    assert_eq!(errors.iter().next().unwrap().summary(), "Unlucky");
    // The plan refuses before anything runs.
    let refused = counts.invoke(&to(101)).await.unwrap_err();
    assert!(refused.progress.is_empty());
    assert_eq!(
        refused.diagnostics.iter().next().unwrap().summary(),
        "Too far"
    );
    let planned = counts
        .plan(&Count {
            to: Unknown::unknown(),
        })
        .await
        .unwrap();
    assert!(
        planned.is_empty(),
        "an unknown count is left to the invocation"
    );
    // Another model is not the action's.
    let lookup = Lookup {
        name: "x".into(),
        size: Unknown::null(),
    };
    let lookups = harness.action::<Lookup>("test_count");
    assert!(lookups.validate(&lookup).await.is_err());
}
