//! The provider service end to end in process: every RPC through a small in-memory
//! resource, with the MessagePack Terraform sends (built with tfvalue's `Value`).

use std::collections::BTreeMap;
use std::sync::Mutex;

use tfvalue::path::AttributePath;
use tfvalue::{Nullable, TfSchema, Type, Unknown, Value};
use tonic::Request;

use crate::protocol::convert::path_from_proto;
use crate::protocol::proto::tfplugin6 as pb;
use crate::protocol::proto::tfplugin6::provider_server::Provider as _;
use crate::transport::server::ProviderService;
use crate::{
    ApplyError, Context, DataSource, Diagnostic, Diagnostics, Plan, Provider, Registry, Resource,
};
use crate::{
    ConfigureRequest, CreateRequest, DeleteRequest, ImportRequest, ReadDataSourceRequest,
    ReadRequest, UpdateRequest, ValidateRequest,
};

/// `struct $name;`, a resource type of `$model`s whose methods answer what they are
/// given: for tests whose subject is around the methods (registrations, rules, listings).
macro_rules! inert_resource {
    ($name:ident, $model:ty, $data:ty) => {
        struct $name;
        impl Resource for $name {
            type Model = $model;
            type Data = $data;
            async fn create(
                &self,
                _: &mut Context<$data>,
                request: CreateRequest<$model>,
            ) -> Result<$model, ApplyError<$model>> {
                let planned = request.planned;
                Ok(planned)
            }
            async fn read(
                &self,
                _: &mut Context<$data>,
                request: ReadRequest<$model>,
            ) -> Result<Option<$model>, Diagnostics> {
                let current = request.state;
                Ok(Some(current))
            }
            async fn update(
                &self,
                _: &mut Context<$data>,
                request: UpdateRequest<$model>,
            ) -> Result<$model, ApplyError<$model>> {
                let planned = request.planned;
                Ok(planned)
            }
            async fn delete(
                &self,
                _: &mut Context<$data>,
                _: DeleteRequest<$model>,
            ) -> Result<(), ApplyError<$model>> {
                Ok(())
            }
        }
    };
}

mod actions;
mod custom_types;
mod deprecation;
mod ephemeral;
mod functions;
mod identity;
mod logging;
mod move_state;
mod protocol_6_10;
mod protocol_6_11;
mod provider_meta;
mod refine;
mod refresh;
mod rules;
mod state_upgrade;
mod validation_warnings;
mod validator_messages;
mod write_only;

#[derive(TfSchema, Debug)]
struct Config {
    prefix: Nullable<String>,
}

#[derive(TfSchema, Debug, Clone)]
struct Thing {
    #[tf(computed)]
    id: Unknown<Nullable<String>>,
    #[tf(requires_replace)]
    name: Unknown<String>,
    #[tf(optional)]
    size: Unknown<Nullable<i64>>,
    #[tf(computed)]
    label: Unknown<Nullable<String>>,
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
    things: Mutex<BTreeMap<String, (String, Option<i64>)>>,
}

struct TestProvider;
struct Things;
struct Lookups;

impl Provider for TestProvider {
    type Config = Config;
    type Data = Store;

    fn register(&self, registry: &mut impl Registry<Store>) {
        registry.resource("test_thing", Things);
        registry.data_source("test_lookup", Lookups);
    }

    async fn validate(
        &self,
        _: &mut Context<Store>,
        request: ValidateRequest<Config>,
    ) -> Result<(), Diagnostics> {
        let config = &request.config;
        match config.prefix.as_value() {
            Some(p) if p.contains(' ') => Err(Diagnostic::error("Invalid prefix")
                .with_detail("no spaces")
                .at(AttributePath::root().attr("prefix"))
                .into()),
            _ => Ok(()),
        }
    }

    async fn configure(
        &self,
        ctx: &mut Context<Store>,
        request: ConfigureRequest<Config>,
    ) -> Result<Store, Diagnostics> {
        let version = request.terraform_version.as_str();
        let config = request.config;
        ctx.warn(Diagnostic::warning("configured").with_detail(version));
        Ok(Store {
            prefix: config.prefix.unwrap_or_default(),
            ..Store::default()
        })
    }
}

fn label(store: &Store, name: &str) -> String {
    format!("{}{name}", store.prefix)
}

impl Resource for Things {
    type Model = Thing;
    type Data = Store;

    async fn validate(
        &self,
        _: &mut Context<Store>,
        request: ValidateRequest<Thing>,
    ) -> Result<(), Diagnostics> {
        let config = &request.config;
        if config
            .size
            .as_known()
            .and_then(Nullable::as_value)
            .is_some_and(|s| *s < 0)
        {
            return Err(Diagnostic::error("Invalid size")
                .at(AttributePath::root().attr("size"))
                .into());
        }
        Ok(())
    }

    async fn plan(
        &self,
        ctx: &mut Context<Store>,
        plan: &mut Plan<Thing>,
    ) -> Result<(), Diagnostics> {
        if let Some(prior) = &plan.prior {
            plan.planned.id = prior.id.clone();
        }
        if let (Ok(store), Some(name)) = (ctx.data(), plan.planned.name.as_known()) {
            plan.planned.label = Unknown::known(Nullable::Value(label(store, name)));
        }
        ctx.private_mut().set("planned", &true)?;
        Ok(())
    }

    async fn create(
        &self,
        ctx: &mut Context<Store>,
        request: CreateRequest<Thing>,
    ) -> Result<Thing, ApplyError<Thing>> {
        let planned = request.planned;
        let store = ctx.data()?;
        let name = planned.name.as_known().cloned().unwrap_or_default();
        assert!(name != "panic", "asked to panic");
        if name == "lazy" {
            return Ok(planned); // the computed attributes left unknown: a provider bug
        }
        let size = planned.size.as_known().and_then(|s| s.as_value().copied());
        store
            .things
            .lock()
            .unwrap()
            .insert(name.clone(), (name.clone(), size));
        let made = Thing {
            id: Unknown::known(Nullable::Value(format!("id-{name}"))),
            label: Unknown::known(Nullable::Value(label(store, &name))),
            ..planned
        };
        if name == "half" {
            // Made, then failed: the object exists, with its label still to be computed.
            let state = Thing {
                label: Unknown::unknown(),
                ..made
            };
            return Err(ApplyError::new(Diagnostic::error("Half made")).with_state(state));
        }
        Ok(made)
    }

    async fn read(
        &self,
        ctx: &mut Context<Store>,
        request: ReadRequest<Thing>,
    ) -> Result<Option<Thing>, Diagnostics> {
        let current = request.state;
        let store = ctx.data()?;
        let name = current.name.as_known().cloned().unwrap_or_default();
        let found = store.things.lock().unwrap().get(&name).cloned();
        Ok(found.map(|(_, size)| Thing {
            size: Unknown::known(size.map_or(Nullable::Null, Nullable::Value)),
            ..current
        }))
    }

    async fn update(
        &self,
        ctx: &mut Context<Store>,
        request: UpdateRequest<Thing>,
    ) -> Result<Thing, ApplyError<Thing>> {
        let prior = request.prior;
        let planned = request.planned;
        let config = request.config;
        let _ = prior;
        self.create(ctx, CreateRequest::new(planned, config)).await
    }

    async fn delete(
        &self,
        ctx: &mut Context<Store>,
        request: DeleteRequest<Thing>,
    ) -> Result<(), ApplyError<Thing>> {
        let prior = request.prior;
        let name = prior.name.as_known().cloned().unwrap_or_default();
        ctx.data()?.things.lock().unwrap().remove(&name);
        Ok(())
    }

    async fn import(
        &self,
        _: &mut Context<Store>,
        request: ImportRequest,
    ) -> Result<Thing, Diagnostics> {
        let id = request.id.as_str();
        let name = id
            .strip_prefix("id-")
            .ok_or_else(|| Diagnostic::error("Bad import id"))?;
        Ok(Thing {
            id: Unknown::known(Nullable::Value(id.to_owned())),
            name: Unknown::known(name.to_owned()),
            size: Unknown::known(Nullable::Null),
            label: Unknown::known(Nullable::Null),
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
        let found = ctx
            .data()?
            .things
            .lock()
            .unwrap()
            .get(&config.name)
            .cloned();
        match found {
            Some((_, size)) => Ok(Lookup {
                size: Unknown::known(size.map_or(Nullable::Null, Nullable::Value)),
                ..config
            }),
            None => Err(Diagnostic::error("Not found")
                .at(AttributePath::root().attr("name"))
                .into()),
        }
    }
}

fn service() -> ProviderService<TestProvider> {
    ProviderService::new(TestProvider).unwrap()
}

fn thing_type() -> &'static Type {
    Thing::schema().object_type()
}

/// A Thing value as Terraform would send it, from JSON-ish parts.
fn thing(id: Value, name: Value, size: Value, label: Value) -> pb::DynamicValue {
    let v = Value::object([("id", id), ("label", label), ("name", name), ("size", size)]);
    pb::DynamicValue {
        msgpack: v.to_msgpack(thing_type()).unwrap(),
        json: Vec::new(),
    }
}

fn s(text: &str) -> Value {
    Value::String(text.to_owned())
}

fn null_s() -> Value {
    Value::null(Type::String)
}

fn null_n() -> Value {
    Value::null(Type::Number)
}

fn nil() -> pb::DynamicValue {
    pb::DynamicValue {
        msgpack: vec![0xc0],
        json: Vec::new(),
    }
}

/// ApplyResourceChange of `test_thing` without private state, answered.
async fn apply(
    svc: &ProviderService<TestProvider>,
    prior_state: Option<pb::DynamicValue>,
    planned_state: Option<pb::DynamicValue>,
    config: Option<pb::DynamicValue>,
) -> pb::apply_resource_change::Response {
    svc.apply_resource_change(Request::new(pb::apply_resource_change::Request {
        planned_identity: None,
        type_name: "test_thing".into(),
        prior_state,
        // Terraform always sends the configuration; where a test gives none, the planned
        // state stands for it.
        config: config.or_else(|| planned_state.clone()),
        planned_state,
        planned_private: Vec::new(),
        provider_meta: None,
    }))
    .await
    .unwrap()
    .into_inner()
}

fn decode(v: &Option<pb::DynamicValue>) -> Value {
    decode_as(v.as_ref(), thing_type())
}

/// An answered value of type `ty`, decoded from whichever encoding it came in (MessagePack
/// first, as Terraform reads a `DynamicValue`); panics when there is none or it does not
/// decode.
fn decode_as(v: Option<&pb::DynamicValue>, ty: &Type) -> Value {
    let v = v.expect("a value was answered");
    if v.msgpack.is_empty() {
        Value::from_json(&v.json, ty).unwrap()
    } else {
        Value::from_msgpack(&v.msgpack, ty).unwrap()
    }
}

fn errors(d: &[pb::Diagnostic]) -> Vec<String> {
    d.iter()
        .filter(|d| d.severity == pb::diagnostic::Severity::Error as i32)
        .map(|d| {
            let at = d
                .attribute
                .as_ref()
                .map(path_from_proto)
                .map(|p| p.to_string())
                .unwrap_or_default();
            format!("{at}: {}", d.summary)
        })
        .collect()
}

/// Each diagnostic as `severity path: summary: detail`.
fn shown(d: &[pb::Diagnostic]) -> Vec<String> {
    d.iter()
        .map(|d| {
            let severity = if d.severity == pb::diagnostic::Severity::Warning as i32 {
                "warning"
            } else {
                "error"
            };
            let at = (d.attribute.as_ref().map(path_from_proto))
                .map(|p| format!(" {p}"))
                .unwrap_or_default();
            format!("{severity}{at}: {}: {}", d.summary, d.detail)
        })
        .collect()
}

async fn configure(svc: &ProviderService<TestProvider>, prefix: &str) -> Vec<pb::Diagnostic> {
    let config = Value::object([("prefix", s(prefix))]);
    let bytes = config.to_msgpack(Config::schema().object_type()).unwrap();
    let r = svc
        .configure_provider(Request::new(pb::configure_provider::Request {
            client_capabilities: None,
            terraform_version: "1.11.4".into(),
            config: Some(pb::DynamicValue {
                msgpack: bytes,
                json: Vec::new(),
            }),
        }))
        .await
        .unwrap()
        .into_inner();
    r.diagnostics
}

#[tokio::test]
async fn schema_and_metadata_list_every_type() {
    let svc = service();
    let meta = svc
        .get_metadata(Request::new(pb::get_metadata::Request {}))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(meta.resources[0].type_name, "test_thing");
    assert_eq!(meta.data_sources[0].type_name, "test_lookup");
    assert!(meta.server_capabilities.unwrap().plan_destroy);
    let schema = svc
        .get_provider_schema(Request::new(pb::get_provider_schema::Request {}))
        .await
        .unwrap()
        .into_inner();
    let thing = &schema.resource_schemas["test_thing"];
    let names: Vec<&str> = thing
        .block
        .as_ref()
        .unwrap()
        .attributes
        .iter()
        .map(|a| a.name.as_str())
        .collect();
    assert_eq!(names, ["id", "name", "size", "label"]);
    assert!(schema.data_source_schemas.contains_key("test_lookup"));
    assert!(schema.provider.is_some());
}

#[tokio::test]
async fn configure_passes_data_and_warnings() {
    let svc = service();
    let d = configure(&svc, "p-").await;
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].severity, pb::diagnostic::Severity::Warning as i32);
    assert_eq!(d[0].detail, "1.11.4");
}

#[tokio::test]
async fn validation_errors_point_at_attributes() {
    let svc = service();
    let bad = Value::object([("prefix", s("a b"))])
        .to_msgpack(Config::schema().object_type())
        .unwrap();
    let r = svc
        .validate_provider_config(Request::new(pb::validate_provider_config::Request {
            config: Some(pb::DynamicValue {
                msgpack: bad,
                json: Vec::new(),
            }),
        }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(errors(&r.diagnostics), [".prefix: Invalid prefix"]);

    let r = svc
        .validate_resource_config(Request::new(pb::validate_resource_config::Request {
            client_capabilities: None,
            type_name: "test_thing".into(),
            config: Some(thing(
                null_s(),
                s("a"),
                Value::Number((-1).into()),
                null_s(),
            )),
        }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(errors(&r.diagnostics), [".size: Invalid size"]);

    // A value of the wrong type: the decoder's error, at the attribute.
    let wrong = Value::object([
        ("id", null_s()),
        ("label", null_s()),
        ("name", s("a")),
        ("size", s("big")),
    ]);
    let ty = Type::object([
        ("id", Type::String),
        ("label", Type::String),
        ("name", Type::String),
        ("size", Type::String),
    ]);
    let r = svc
        .validate_resource_config(Request::new(pb::validate_resource_config::Request {
            client_capabilities: None,
            type_name: "test_thing".into(),
            config: Some(pb::DynamicValue {
                msgpack: wrong.to_msgpack(&ty).unwrap(),
                json: Vec::new(),
            }),
        }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(errors(&r.diagnostics), [".size: Invalid configuration"]);
    assert!(
        r.diagnostics[0].detail.contains("number"),
        "{}",
        r.diagnostics[0].detail
    );

    let r = svc
        .validate_resource_config(Request::new(pb::validate_resource_config::Request {
            client_capabilities: None,
            type_name: "test_nope".into(),
            config: None,
        }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(errors(&r.diagnostics), [": Unknown resource type"]);
}

#[tokio::test]
async fn create_plans_computed_unknown_then_applies_known() {
    let svc = service();
    configure(&svc, "p-").await;
    let config = thing(null_s(), s("a"), null_n(), null_s());
    let plan = svc
        .plan_resource_change(Request::new(pb::plan_resource_change::Request {
            client_capabilities: None,
            prior_identity: None,
            type_name: "test_thing".into(),
            prior_state: Some(nil()),
            proposed_new_state: Some(config.clone()),
            config: Some(config.clone()),
            prior_private: Vec::new(),
            provider_meta: None,
            planned_private: Vec::new(),
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(
        errors(&plan.diagnostics).is_empty(),
        "{:?}",
        plan.diagnostics
    );
    let planned = decode(&plan.planned_state);
    let unknown: Vec<String> = planned
        .unknown_paths()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(unknown, [".id"], "label is set by the resource's plan");
    assert_eq!(planned.attr("label").and_then(Value::as_str), Some("p-a"));
    assert!(plan.requires_replace.is_empty(), "no replacement on create");
    assert_eq!(plan.planned_private, br#"{"planned":true}"#);

    let applied = svc
        .apply_resource_change(Request::new(pb::apply_resource_change::Request {
            planned_identity: None,
            type_name: "test_thing".into(),
            prior_state: Some(nil()),
            planned_state: plan.planned_state.clone(),
            config: Some(config),
            planned_private: plan.planned_private.clone(),
            provider_meta: None,
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(applied.diagnostics.is_empty(), "{:?}", applied.diagnostics);
    let state = decode(&applied.new_state);
    assert_eq!(state.attr("id").and_then(Value::as_str), Some("id-a"));
    assert_eq!(
        applied.private, br#"{"planned":true}"#,
        "private state carried from plan to state"
    );
}

#[tokio::test]
async fn a_create_that_fails_after_making_its_object_answers_that_object() {
    let svc = service();
    configure(&svc, "p-").await;
    let config = thing(null_s(), s("half"), null_n(), null_s());
    let planned = thing(
        Value::unknown(Type::String),
        s("half"),
        null_n(),
        Value::unknown(Type::String),
    );
    let applied = svc
        .apply_resource_change(Request::new(pb::apply_resource_change::Request {
            type_name: "test_thing".into(),
            prior_state: Some(nil()),
            planned_state: Some(planned),
            config: Some(config),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(errors(&applied.diagnostics), [": Half made"]);
    // The object exists: Terraform must get its state (and keep it, tainted), with the
    // value the provider could not compute stored as null rather than unknown.
    let state = decode(&applied.new_state);
    assert_eq!(state.attr("id").and_then(Value::as_str), Some("id-half"));
    assert_eq!(state.attr("label"), Some(&Value::null(Type::String)));
    assert!(state.is_wholly_known());
}

#[tokio::test]
async fn a_failed_create_without_a_state_answers_null_and_a_failed_delete_the_prior_state() {
    let svc = service();
    // Not configured: every method that needs the data fails before doing anything.
    let config = thing(null_s(), s("a"), null_n(), null_s());
    let applied = svc
        .apply_resource_change(Request::new(pb::apply_resource_change::Request {
            type_name: "test_thing".into(),
            prior_state: Some(nil()),
            planned_state: Some(config.clone()),
            config: Some(config),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(errors(&applied.diagnostics), [": Provider not configured"]);
    assert_eq!(applied.new_state, Some(nil()));

    let prior = thing(s("id-a"), s("a"), null_n(), s("p-a"));
    let deleted = svc
        .apply_resource_change(Request::new(pb::apply_resource_change::Request {
            type_name: "test_thing".into(),
            prior_state: Some(prior.clone()),
            planned_state: Some(nil()),
            config: Some(nil()),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(errors(&deleted.diagnostics), [": Provider not configured"]);
    assert_eq!(deleted.new_state, Some(prior), "the object is still there");
}

#[tokio::test]
async fn refined_unknowns_from_config_survive_the_plan() {
    let svc = service();
    configure(&svc, "").await;
    // name = "prefix-${...}": unknown, refined with a known prefix, not null.
    let name = Value::unknown_refined(
        Type::String,
        tfvalue::refinements::Refinements::default()
            .not_null()
            .with_string_prefix("prefix-"),
    )
    .unwrap();
    let config = thing(null_s(), name.clone(), null_n(), null_s());
    let plan = svc
        .plan_resource_change(Request::new(pb::plan_resource_change::Request {
            client_capabilities: None,
            prior_identity: None,
            type_name: "test_thing".into(),
            prior_state: Some(nil()),
            proposed_new_state: Some(config.clone()),
            config: Some(config),
            prior_private: Vec::new(),
            provider_meta: None,
            planned_private: Vec::new(),
        }))
        .await
        .unwrap()
        .into_inner();
    let planned = decode(&plan.planned_state);
    assert!(
        planned.attr("name") == Some(&name),
        "refinements kept: {:?}",
        planned.attr("name")
    );
}

#[tokio::test]
async fn update_keeps_id_and_reports_replacement_paths() {
    let svc = service();
    configure(&svc, "").await;
    let prior = thing(s("id-a"), s("a"), null_n(), s("a"));
    let config = thing(null_s(), s("b"), Value::Number(3.into()), null_s());
    let proposed = thing(s("id-a"), s("b"), Value::Number(3.into()), s("a"));
    let plan = svc
        .plan_resource_change(Request::new(pb::plan_resource_change::Request {
            client_capabilities: None,
            prior_identity: None,
            type_name: "test_thing".into(),
            prior_state: Some(prior.clone()),
            proposed_new_state: Some(proposed),
            config: Some(config),
            prior_private: b"kept".to_vec(),
            provider_meta: None,
            planned_private: Vec::new(),
        }))
        .await
        .unwrap()
        .into_inner();
    let planned = decode(&plan.planned_state);
    assert_eq!(planned.attr("id").and_then(Value::as_str), Some("id-a"));
    assert_eq!(planned.attr("label").and_then(Value::as_str), Some("b"));
    let replace: Vec<String> = plan
        .requires_replace
        .iter()
        .map(|p| path_from_proto(p).to_string())
        .collect();
    assert_eq!(replace, [".name"]);
}

#[tokio::test]
async fn destroy_plans_null_and_deletes() {
    let svc = service();
    configure(&svc, "").await;
    let prior = thing(s("id-a"), s("a"), null_n(), s("a"));
    let plan = svc
        .plan_resource_change(Request::new(pb::plan_resource_change::Request {
            client_capabilities: None,
            prior_identity: None,
            type_name: "test_thing".into(),
            prior_state: Some(prior.clone()),
            proposed_new_state: Some(nil()),
            config: Some(nil()),
            prior_private: Vec::new(),
            provider_meta: None,
            planned_private: Vec::new(),
        }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(plan.planned_state.as_ref().unwrap().msgpack, [0xc0]);
    let applied = apply(&svc, Some(prior), Some(nil()), Some(nil())).await;
    assert!(applied.diagnostics.is_empty());
    assert_eq!(applied.new_state.unwrap().msgpack, [0xc0]);
}

#[tokio::test]
async fn read_detects_a_vanished_object_and_import_reads_back() {
    let svc = service();
    configure(&svc, "").await;
    let current = thing(s("id-z"), s("z"), null_n(), s("z"));
    let read = svc
        .read_resource(Request::new(pb::read_resource::Request {
            client_capabilities: None,
            current_identity: None,
            type_name: "test_thing".into(),
            current_state: Some(current),
            private: b"p".to_vec(),
            provider_meta: None,
        }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(read.new_state.unwrap().msgpack, [0xc0], "gone: null state");
    assert_eq!(read.private, b"p");

    let imported = svc
        .import_resource_state(Request::new(pb::import_resource_state::Request {
            client_capabilities: None,
            identity: None,
            type_name: "test_thing".into(),
            id: "id-q".into(),
        }))
        .await
        .unwrap()
        .into_inner();
    let state = decode(&imported.imported_resources[0].state);
    assert_eq!(state.attr("name").and_then(Value::as_str), Some("q"));
    let bad = svc
        .import_resource_state(Request::new(pb::import_resource_state::Request {
            client_capabilities: None,
            identity: None,
            type_name: "test_thing".into(),
            id: "q".into(),
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(bad.imported_resources.is_empty());
    assert_eq!(errors(&bad.diagnostics), [": Bad import id"]);
}

#[tokio::test]
async fn apply_refuses_unknown_results_and_unconfigured_providers() {
    let svc = service();
    // Not configured: the resource's ctx.data() fails with a clear error.
    let config = thing(null_s(), s("a"), null_n(), null_s());
    let applied = apply(&svc, Some(nil()), Some(config), None).await;
    assert_eq!(errors(&applied.diagnostics), [": Provider not configured"]);
    assert_eq!(
        applied.new_state.unwrap().msgpack,
        [0xc0],
        "nothing created"
    );
}

#[tokio::test]
async fn data_sources_read() {
    let svc = service();
    configure(&svc, "").await;
    apply(
        &svc,
        Some(nil()),
        Some(thing(
            Value::unknown(Type::String),
            s("k"),
            Value::Number(7.into()),
            Value::unknown(Type::String),
        )),
        None,
    )
    .await;
    let ty = Lookup::schema().object_type();
    let config = Value::object([("name", s("k")), ("size", null_n())])
        .to_msgpack(ty)
        .unwrap();
    let r = svc
        .read_data_source(Request::new(pb::read_data_source::Request {
            client_capabilities: None,
            type_name: "test_lookup".into(),
            config: Some(pb::DynamicValue {
                msgpack: config,
                json: Vec::new(),
            }),
            provider_meta: None,
        }))
        .await
        .unwrap()
        .into_inner();
    let v = Value::from_msgpack(&r.state.unwrap().msgpack, ty).unwrap();
    assert_eq!(
        v.attr("size")
            .and_then(Value::as_number)
            .map(ToString::to_string)
            .as_deref(),
        Some("7")
    );
}

#[tokio::test]
async fn current_version_states_upgrade_as_they_are() {
    let svc = service();
    let r = svc
        .upgrade_resource_state(Request::new(pb::upgrade_resource_state::Request {
            type_name: "test_thing".into(),
            version: 0,
            raw_state: Some(pb::RawState {
                json: br#"{"id":"id-a","name":"a","size":2,"label":"a"}"#.to_vec(),
                flatmap: Default::default(),
            }),
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    let v = decode(&r.upgraded_state);
    assert_eq!(v.attr("name").and_then(Value::as_str), Some("a"));
    // A version the resource cannot upgrade from: an error naming it.
    let r = svc
        .upgrade_resource_state(Request::new(pb::upgrade_resource_state::Request {
            type_name: "test_thing".into(),
            version: 7,
            raw_state: Some(pb::RawState {
                json: b"{}".to_vec(),
                flatmap: Default::default(),
            }),
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(
        r.diagnostics[0].detail.contains("version 7"),
        "{:?}",
        r.diagnostics
    );
}

#[tokio::test]
async fn stop_reaches_contexts() {
    let svc = service();
    let stop = svc.context(Vec::new()).stop_token();
    assert!(!stop.is_stopped());
    svc.stop_provider(Request::new(pb::stop_provider::Request {}))
        .await
        .unwrap();
    assert!(stop.is_stopped());
    stop.stopped().await;
    assert_eq!(stop.run(async { 1 }).await, Err(crate::Stopped));
}

#[test]
fn registration_mistakes_are_reported_together() {
    struct Bad;
    impl Provider for Bad {
        type Config = Config;
        type Data = Store;
        fn register(&self, registry: &mut impl Registry<Store>) {
            registry.resource("Bad-Name", Things);
            registry.resource("Bad-Name", Things);
        }
        async fn configure(
            &self,
            _: &mut Context<Store>,
            _: ConfigureRequest<Config>,
        ) -> Result<Store, Diagnostics> {
            Ok(Store::default())
        }
    }
    let Err(problems) = ProviderService::new(Bad) else {
        panic!("accepted")
    };
    assert_eq!(problems.len(), 3, "{problems:?}");
    assert!(problems.iter().any(|p| p.contains("registered twice")));
}

/// What a provider started by Terraform serves when its registrations are wrong: every
/// RPC answers the problems as an error, which Terraform shows the user.
#[tokio::test]
async fn a_provider_with_wrong_registrations_answers_every_rpc_with_them() {
    struct Twice;
    impl Provider for Twice {
        type Config = Config;
        type Data = Store;
        fn register(&self, registry: &mut impl Registry<Store>) {
            registry.resource("test_thing", Things);
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
    let (svc, problems) = ProviderService::serving(Twice);
    assert_eq!(
        problems,
        ["resource type \"test_thing\" is registered twice"]
    );
    let refusal = |diagnostics: &[pb::Diagnostic]| {
        assert_eq!(errors(diagnostics), [": Invalid provider registrations"]);
        assert!(
            diagnostics[0]
                .detail
                .ends_with("\n  - resource type \"test_thing\" is registered twice"),
            "{}",
            diagnostics[0].detail
        );
    };
    let schema = svc
        .get_provider_schema(Request::new(pb::get_provider_schema::Request {}))
        .await
        .unwrap()
        .into_inner();
    refusal(&schema.diagnostics);
    assert!(schema.resource_schemas.is_empty() && schema.provider.is_none());
    let metadata = svc
        .get_metadata(Request::new(pb::get_metadata::Request {}))
        .await
        .unwrap()
        .into_inner();
    refusal(&metadata.diagnostics);
    let configured = svc
        .configure_provider(Request::new(pb::configure_provider::Request::default()))
        .await
        .unwrap()
        .into_inner();
    refusal(&configured.diagnostics);
}

#[tokio::test]
async fn a_panicking_method_fails_its_rpc_only() {
    let svc = service();
    configure(&svc, "").await;
    let planned = thing(
        Value::unknown(Type::String),
        s("panic"),
        null_n(),
        Value::unknown(Type::String),
    );
    let prior = nil();
    let applied = apply(&svc, Some(prior.clone()), Some(planned), None).await;
    assert_eq!(errors(&applied.diagnostics), [": The provider failed"]);
    assert!(
        applied.diagnostics[0].detail.contains("asked to panic"),
        "{}",
        applied.diagnostics[0].detail
    );
    assert_eq!(applied.new_state, Some(prior), "the prior state stands");
    // The service goes on.
    let meta = svc
        .get_metadata(Request::new(pb::get_metadata::Request {}))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(meta.resources.len(), 1);
    let d = configure(&svc, "again").await;
    assert!(errors(&d).is_empty());
}

#[tokio::test]
async fn garbage_values_become_diagnostics_in_every_rpc() {
    let svc = service();
    configure(&svc, "").await;
    let garbage = || {
        Some(pb::DynamicValue {
            msgpack: vec![0x93, 0xff, 0x00],
            json: Vec::new(),
        })
    };
    let plan = svc
        .plan_resource_change(Request::new(pb::plan_resource_change::Request {
            client_capabilities: None,
            prior_identity: None,
            type_name: "test_thing".into(),
            prior_state: garbage(),
            proposed_new_state: garbage(),
            config: garbage(),
            prior_private: Vec::new(),
            provider_meta: None,
            planned_private: Vec::new(),
        }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(errors(&plan.diagnostics), [": Invalid prior state"]);
    let apply = apply(&svc, Some(nil()), garbage(), None).await;
    assert_eq!(errors(&apply.diagnostics), [": Invalid planned state"]);
    let read = svc
        .read_resource(Request::new(pb::read_resource::Request {
            client_capabilities: None,
            current_identity: None,
            type_name: "test_thing".into(),
            current_state: garbage(),
            private: Vec::new(),
            provider_meta: None,
        }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(errors(&read.diagnostics), [": Invalid current state"]);
    let json = svc
        .configure_provider(Request::new(pb::configure_provider::Request {
            client_capabilities: None,
            terraform_version: String::new(),
            config: Some(pb::DynamicValue {
                msgpack: Vec::new(),
                json: b"{\"prefix\": 3".to_vec(),
            }),
        }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(errors(&json.diagnostics).len(), 1, "{:?}", json.diagnostics);
    let upgrade = svc
        .upgrade_resource_state(Request::new(pb::upgrade_resource_state::Request {
            type_name: "test_thing".into(),
            version: 0,
            raw_state: Some(pb::RawState {
                json: b"[1,2".to_vec(),
                flatmap: Default::default(),
            }),
        }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(errors(&upgrade.diagnostics), [": Invalid stored state"]);
}

/// Bytes that are no MessagePack value of any type: an array of three whose first element
/// is a reserved byte.
const GARBAGE_MSGPACK: &[u8] = &[0x93, 0xc1, 0x00, 0x01];

fn garbage() -> Option<pb::DynamicValue> {
    Some(pb::DynamicValue {
        msgpack: GARBAGE_MSGPACK.to_vec(),
        json: Vec::new(),
    })
}

fn garbage_json() -> Option<pb::DynamicValue> {
    Some(pb::DynamicValue {
        msgpack: Vec::new(),
        json: b"{\"name\": [".to_vec(),
    })
}

/// A valid ValidateResourceConfig answers without errors: the service is still serving.
async fn assert_still_serving(svc: &ProviderService<TestProvider>, after: &str) {
    let r = svc
        .validate_resource_config(Request::new(pb::validate_resource_config::Request {
            client_capabilities: None,
            type_name: "test_thing".into(),
            config: Some(thing(null_s(), s("ok"), null_n(), null_s())),
        }))
        .await
        .unwrap_or_else(|status| panic!("after {after}: {status:?}"))
        .into_inner();
    assert!(
        errors(&r.diagnostics).is_empty(),
        "after {after}: {:?}",
        r.diagnostics
    );
}

/// The one error diagnostic a garbage value must produce: its summary (and a detail that
/// says what the decoder found).
fn assert_one_error(rpc: &str, diagnostics: &[pb::Diagnostic], summary: &str) {
    // The path, when the decoder got as far as an attribute, is its business.
    let found: Vec<&str> = diagnostics
        .iter()
        .filter(|d| d.severity == pb::diagnostic::Severity::Error as i32)
        .map(|d| d.summary.as_str())
        .collect();
    assert_eq!(found, [summary], "{rpc}: {diagnostics:?}");
    assert!(!diagnostics[0].detail.is_empty(), "{rpc}: no detail");
}

#[tokio::test]
async fn garbage_in_each_dynamic_value_of_each_rpc_is_an_error_diagnostic() {
    let svc = service();
    configure(&svc, "").await;
    let valid = || Some(thing(null_s(), s("a"), null_n(), null_s()));

    for value in [garbage(), garbage_json()] {
        let r = svc
            .validate_provider_config(Request::new(pb::validate_provider_config::Request {
                config: value.clone(),
            }))
            .await
            .unwrap()
            .into_inner();
        assert_one_error(
            "ValidateProviderConfig",
            &r.diagnostics,
            "Invalid configuration",
        );
        assert_still_serving(&svc, "ValidateProviderConfig").await;

        let r = svc
            .validate_resource_config(Request::new(pb::validate_resource_config::Request {
                client_capabilities: None,
                type_name: "test_thing".into(),
                config: value.clone(),
            }))
            .await
            .unwrap()
            .into_inner();
        assert_one_error(
            "ValidateResourceConfig",
            &r.diagnostics,
            "Invalid configuration",
        );
        assert_still_serving(&svc, "ValidateResourceConfig").await;

        let r = svc
            .validate_data_resource_config(Request::new(
                pb::validate_data_resource_config::Request {
                    type_name: "test_lookup".into(),
                    config: value.clone(),
                },
            ))
            .await
            .unwrap()
            .into_inner();
        assert_one_error(
            "ValidateDataResourceConfig",
            &r.diagnostics,
            "Invalid configuration",
        );
        assert_still_serving(&svc, "ValidateDataResourceConfig").await;

        let r = svc
            .read_resource(Request::new(pb::read_resource::Request {
                client_capabilities: None,
                current_identity: None,
                type_name: "test_thing".into(),
                current_state: value.clone(),
                private: b"kept".to_vec(),
                provider_meta: None,
            }))
            .await
            .unwrap()
            .into_inner();
        assert_one_error("ReadResource", &r.diagnostics, "Invalid current state");
        assert_still_serving(&svc, "ReadResource").await;

        // PlanResourceChange: each of its three values garbage in turn, the others valid.
        let plans = [
            (value.clone(), valid(), valid(), "Invalid prior state"),
            (
                Some(nil()),
                value.clone(),
                valid(),
                "Invalid proposed new state",
            ),
            (Some(nil()), valid(), value.clone(), "Invalid configuration"),
        ];
        for (prior, proposed, config, summary) in plans {
            let r = svc
                .plan_resource_change(Request::new(pb::plan_resource_change::Request {
                    client_capabilities: None,
                    prior_identity: None,
                    type_name: "test_thing".into(),
                    prior_state: prior,
                    proposed_new_state: proposed,
                    config,
                    prior_private: Vec::new(),
                    provider_meta: None,
                    planned_private: Vec::new(),
                }))
                .await
                .unwrap()
                .into_inner();
            assert_one_error("PlanResourceChange", &r.diagnostics, summary);
            assert_eq!(r.planned_state, None, "no plan from garbage");
            assert_still_serving(&svc, "PlanResourceChange").await;
        }

        // ApplyResourceChange: the prior state, then the planned state.
        let applies = [
            (value.clone(), valid(), "Invalid prior state"),
            (Some(nil()), value.clone(), "Invalid planned state"),
        ];
        for (prior, planned, summary) in applies {
            let r = apply(&svc, prior.clone(), planned, valid()).await;
            assert_one_error("ApplyResourceChange", &r.diagnostics, summary);
            assert_eq!(r.new_state, prior, "the prior state stands, as it came");
            assert_still_serving(&svc, "ApplyResourceChange").await;
        }

        let r = svc
            .read_data_source(Request::new(pb::read_data_source::Request {
                client_capabilities: None,
                type_name: "test_lookup".into(),
                config: value.clone(),
                provider_meta: None,
            }))
            .await
            .unwrap()
            .into_inner();
        assert_one_error("ReadDataSource", &r.diagnostics, "Invalid configuration");
        assert_eq!(r.state, None);
        assert_still_serving(&svc, "ReadDataSource").await;

        // Last: ConfigureProvider with garbage leaves the provider as configured before.
        let r = svc
            .configure_provider(Request::new(pb::configure_provider::Request {
                client_capabilities: None,
                terraform_version: "1.11.4".into(),
                config: value.clone(),
            }))
            .await
            .unwrap()
            .into_inner();
        assert_one_error(
            "ConfigureProvider",
            &r.diagnostics,
            "Invalid provider configuration",
        );
        assert_still_serving(&svc, "ConfigureProvider").await;
    }

    // UpgradeResourceState: stored JSON that is no JSON, and JSON of the wrong shape.
    for json in [&b"{\"name\": "[..], &b"[1, 2]"[..], &b"\xff\xfe"[..]] {
        let r = svc
            .upgrade_resource_state(Request::new(pb::upgrade_resource_state::Request {
                type_name: "test_thing".into(),
                version: 0,
                raw_state: Some(pb::RawState {
                    json: json.to_vec(),
                    flatmap: Default::default(),
                }),
            }))
            .await
            .unwrap()
            .into_inner();
        assert_one_error(
            "UpgradeResourceState",
            &r.diagnostics,
            "Invalid stored state",
        );
        assert_eq!(r.upgraded_state, None);
        assert_still_serving(&svc, "UpgradeResourceState").await;
    }

    // The provider is still configured and applies a real create.
    let r = apply(
        &svc,
        Some(nil()),
        Some(thing(
            Value::unknown(Type::String),
            s("after"),
            null_n(),
            Value::unknown(Type::String),
        )),
        valid(),
    )
    .await;
    assert!(errors(&r.diagnostics).is_empty(), "{:?}", r.diagnostics);
    assert_eq!(
        decode(&r.new_state).get(&AttributePath::root().attr("id")),
        Some(&s("id-after"))
    );
}

/// A resource whose create waits until Terraform asks the provider to stop, as a slow
/// operation honouring cancellation does.
struct Waiter {
    started: std::sync::Arc<tokio::sync::Notify>,
}

impl Resource for Waiter {
    type Model = Thing;
    type Data = Store;

    async fn create(
        &self,
        ctx: &mut Context<Store>,
        _: CreateRequest<Thing>,
    ) -> Result<Thing, ApplyError<Thing>> {
        self.started.notify_one();
        // Work that never ends on its own, run the documented way.
        ctx.stop_token().run(std::future::pending::<()>()).await?;
        unreachable!("only a stop ends the work")
    }

    async fn read(
        &self,
        _: &mut Context<Store>,
        request: ReadRequest<Thing>,
    ) -> Result<Option<Thing>, Diagnostics> {
        let t = request.state;
        Ok(Some(t))
    }

    async fn update(
        &self,
        _: &mut Context<Store>,
        request: UpdateRequest<Thing>,
    ) -> Result<Thing, ApplyError<Thing>> {
        let t = request.planned;
        Ok(t)
    }

    async fn delete(
        &self,
        _: &mut Context<Store>,
        _: DeleteRequest<Thing>,
    ) -> Result<(), ApplyError<Thing>> {
        Ok(())
    }
}

struct WaitingProvider {
    started: std::sync::Arc<tokio::sync::Notify>,
}

impl Provider for WaitingProvider {
    type Config = Config;
    type Data = Store;

    fn register(&self, registry: &mut impl Registry<Store>) {
        registry.resource(
            "test_waiter",
            Waiter {
                started: self.started.clone(),
            },
        );
    }

    async fn configure(
        &self,
        _: &mut Context<Store>,
        _: ConfigureRequest<Config>,
    ) -> Result<Store, Diagnostics> {
        Ok(Store::default())
    }
}

#[tokio::test]
async fn stop_provider_ends_an_operation_waiting_on_stopping() {
    let started = std::sync::Arc::new(tokio::sync::Notify::new());
    let svc = std::sync::Arc::new(
        ProviderService::new(WaitingProvider {
            started: started.clone(),
        })
        .unwrap(),
    );
    let apply = {
        let svc = svc.clone();
        tokio::spawn(async move {
            svc.apply_resource_change(Request::new(pb::apply_resource_change::Request {
                planned_identity: None,
                type_name: "test_waiter".into(),
                prior_state: Some(nil()),
                planned_state: Some(thing(null_s(), s("slow"), null_n(), null_s())),
                config: Some(thing(null_s(), s("slow"), null_n(), null_s())),
                planned_private: Vec::new(),
                provider_meta: None,
            }))
            .await
        })
    };
    started.notified().await;
    assert!(!apply.is_finished(), "the create waits for StopProvider");
    let stopped = svc
        .stop_provider(Request::new(pb::stop_provider::Request {}))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(stopped.error, "");
    // A bound on a wait that must end (not a timing): if StopProvider did not reach the
    // waiting create, the test fails instead of hanging.
    let applied = tokio::time::timeout(std::time::Duration::from_secs(60), apply)
        .await
        .expect("the create ended after StopProvider")
        .unwrap()
        .unwrap()
        .into_inner();
    assert_eq!(errors(&applied.diagnostics), [": Stopped"]);
    assert_eq!(applied.new_state, Some(nil()), "nothing was created");
}

#[tokio::test]
async fn applied_state_with_unknowns_is_refused_naming_them() {
    let svc = service();
    configure(&svc, "").await;
    let planned = thing(
        Value::unknown(Type::String),
        s("lazy"),
        null_n(),
        Value::unknown(Type::String),
    );
    let applied = apply(&svc, Some(nil()), Some(planned), None).await;
    assert_eq!(
        errors(&applied.diagnostics),
        [".id: Provider produced an invalid new state"]
    );
    assert!(
        applied.diagnostics[0].detail.contains(".id, .label"),
        "{}",
        applied.diagnostics[0].detail
    );
    assert_eq!(applied.new_state, Some(nil()), "nothing recorded");
}
