//! `provider_meta` in process: the declared schema is served, and each request that
//! carries values (read, plan, apply, read data source) decodes them typed; the wrong
//! model, garbage and an undeclared schema are error diagnostics.

use super::*;
use crate::{
    ConfigureRequest, CreateRequest, DeleteRequest, ReadDataSourceRequest, ReadRequest,
    UpdateRequest,
};

/// The `provider_meta` block of this provider.
#[derive(TfSchema, Debug)]
struct Meta {
    module_name: Nullable<String>,
}

/// Not the declared model.
#[derive(TfSchema, Debug)]
struct OtherMeta {
    module_name: Nullable<String>,
}

/// A value whose `label` is what the request's `provider_meta` said: the module's name,
/// "none" without a block, or the error's summary and detail.
#[derive(TfSchema, Debug, Clone)]
struct Tagged {
    name: Unknown<String>,
    #[tf(computed)]
    label: Unknown<Nullable<String>>,
}

fn tag<D>(ctx: &Context<D>, t: Tagged) -> Tagged {
    let label = if t.name.as_known().is_some_and(|n| n == "other") {
        match ctx.provider_meta::<OtherMeta>() {
            Ok(_) => "read as another model".to_owned(),
            Err(e) => format!("{}: {}", e.summary, e.detail),
        }
    } else {
        match ctx.provider_meta::<Meta>() {
            Ok(Some(meta)) => meta.module_name.unwrap_or_else(|| "null".to_owned()),
            Ok(None) => "none".to_owned(),
            Err(e) => format!("{}: {}", e.summary, e.detail),
        }
    };
    Tagged {
        label: Unknown::known(Nullable::Value(label)),
        ..t
    }
}

struct TaggedThings;

impl Resource for TaggedThings {
    type Model = Tagged;
    type Data = ();

    async fn plan(
        &self,
        ctx: &mut Context<()>,
        plan: &mut Plan<Tagged>,
    ) -> Result<(), Diagnostics> {
        plan.planned = tag(ctx, plan.planned.clone());
        Ok(())
    }

    async fn create(
        &self,
        ctx: &mut Context<()>,
        request: CreateRequest<Tagged>,
    ) -> Result<Tagged, ApplyError<Tagged>> {
        let t = request.planned;
        Ok(tag(ctx, t))
    }

    async fn read(
        &self,
        ctx: &mut Context<()>,
        request: ReadRequest<Tagged>,
    ) -> Result<Option<Tagged>, Diagnostics> {
        let t = request.state;
        Ok(Some(tag(ctx, t)))
    }

    async fn update(
        &self,
        ctx: &mut Context<()>,
        request: UpdateRequest<Tagged>,
    ) -> Result<Tagged, ApplyError<Tagged>> {
        let t = request.planned;
        Ok(tag(ctx, t))
    }

    async fn delete(
        &self,
        _: &mut Context<()>,
        _: DeleteRequest<Tagged>,
    ) -> Result<(), ApplyError<Tagged>> {
        Ok(())
    }
}

struct TaggedSource;

impl DataSource for TaggedSource {
    type Model = Tagged;
    type Data = ();

    async fn read(
        &self,
        ctx: &mut Context<()>,
        request: ReadDataSourceRequest<Tagged>,
    ) -> Result<Tagged, Diagnostics> {
        let t = request.config;
        Ok(tag(ctx, t))
    }
}

/// Declares `Meta` when `declare` is set.
struct MetaProvider {
    declare: bool,
}

impl Provider for MetaProvider {
    type Config = Config;
    type Data = ();

    fn register(&self, registry: &mut impl Registry<()>) {
        if self.declare {
            registry.provider_meta::<Meta>();
        }
        registry.resource("test_tagged", TaggedThings);
        registry.data_source("test_tagged", TaggedSource);
    }

    async fn configure(
        &self,
        _: &mut Context<()>,
        _: ConfigureRequest<Config>,
    ) -> Result<(), Diagnostics> {
        Ok(())
    }
}

fn tagged_type() -> &'static Type {
    Tagged::schema().object_type()
}

fn tagged(name: &str, label: Value) -> pb::DynamicValue {
    let v = Value::object([("label", label), ("name", s(name))]);
    pb::DynamicValue {
        msgpack: v.to_msgpack(tagged_type()).unwrap(),
        json: Vec::new(),
    }
}

fn meta(module: &str) -> Option<pb::DynamicValue> {
    let v = Value::object([("module_name", s(module))]);
    Some(pb::DynamicValue {
        msgpack: v.to_msgpack(Meta::schema().object_type()).unwrap(),
        json: Vec::new(),
    })
}

fn label_of(v: Option<&pb::DynamicValue>) -> String {
    let v = decode_as(v, tagged_type());
    v.attr("label").and_then(Value::as_str).unwrap().to_owned()
}

/// The label each of plan, apply, read and read data source computes for `name` with
/// these `provider_meta` values.
async fn labels(
    svc: &ProviderService<MetaProvider>,
    name: &str,
    m: Option<pb::DynamicValue>,
) -> [String; 4] {
    let unknown = || Value::unknown(Type::String);
    let plan = svc
        .plan_resource_change(Request::new(pb::plan_resource_change::Request {
            type_name: "test_tagged".into(),
            prior_state: Some(nil()),
            proposed_new_state: Some(tagged(name, Value::null(Type::String))),
            config: Some(tagged(name, Value::null(Type::String))),
            prior_private: Vec::new(),
            provider_meta: m.clone(),
            planned_private: Vec::new(),
            client_capabilities: None,
            prior_identity: None,
        }))
        .await
        .unwrap()
        .into_inner();
    let apply = svc
        .apply_resource_change(Request::new(pb::apply_resource_change::Request {
            type_name: "test_tagged".into(),
            prior_state: Some(nil()),
            planned_state: Some(tagged(name, unknown())),
            config: Some(tagged(name, Value::null(Type::String))),
            planned_private: Vec::new(),
            provider_meta: m.clone(),
            planned_identity: None,
        }))
        .await
        .unwrap()
        .into_inner();
    let read = svc
        .read_resource(Request::new(pb::read_resource::Request {
            type_name: "test_tagged".into(),
            current_state: Some(tagged(name, s("old"))),
            private: Vec::new(),
            provider_meta: m.clone(),
            client_capabilities: None,
            current_identity: None,
        }))
        .await
        .unwrap()
        .into_inner();
    let data = svc
        .read_data_source(Request::new(pb::read_data_source::Request {
            type_name: "test_tagged".into(),
            config: Some(tagged(name, Value::null(Type::String))),
            provider_meta: m,
            client_capabilities: None,
        }))
        .await
        .unwrap()
        .into_inner();
    for d in [
        &plan.diagnostics,
        &apply.diagnostics,
        &read.diagnostics,
        &data.diagnostics,
    ] {
        assert!(d.is_empty(), "{d:?}");
    }
    [
        label_of(plan.planned_state.as_ref()),
        label_of(apply.new_state.as_ref()),
        label_of(read.new_state.as_ref()),
        label_of(data.state.as_ref()),
    ]
}

#[tokio::test]
async fn the_declared_schema_is_served_and_none_without_one() {
    for declare in [true, false] {
        let svc = ProviderService::new(MetaProvider { declare }).unwrap();
        let schema = svc
            .get_provider_schema(Request::new(pb::get_provider_schema::Request {}))
            .await
            .unwrap()
            .into_inner();
        let names: Option<Vec<String>> = schema.provider_meta.map(|m| {
            m.block
                .unwrap()
                .attributes
                .into_iter()
                .map(|a| a.name)
                .collect()
        });
        assert_eq!(names, declare.then(|| vec!["module_name".to_owned()]));
    }
}

#[tokio::test]
async fn every_request_that_carries_provider_meta_decodes_it_typed() {
    let svc = ProviderService::new(MetaProvider { declare: true }).unwrap();
    assert_eq!(
        labels(&svc, "a", meta("network")).await,
        ["network"; 4].map(String::from)
    );
    // No block in the module: Terraform sends null, or nothing.
    assert_eq!(
        labels(&svc, "a", Some(nil())).await,
        ["none"; 4].map(String::from)
    );
    assert_eq!(labels(&svc, "a", None).await, ["none"; 4].map(String::from));
}

#[tokio::test]
async fn the_wrong_model_garbage_and_an_undeclared_schema_are_errors() {
    let svc = ProviderService::new(MetaProvider { declare: true }).unwrap();
    for label in labels(&svc, "other", meta("network")).await {
        assert!(label.starts_with("Wrong provider_meta model: "), "{label}");
        assert!(
            label.contains("OtherMeta") && label.contains("Meta."),
            "{label}"
        );
    }
    let wrong_type = Some(pb::DynamicValue {
        msgpack: Vec::new(),
        json: br#"{"module_name": 3}"#.to_vec(),
    });
    for label in labels(&svc, "a", wrong_type).await {
        assert!(
            label.starts_with("Invalid provider_meta: .module_name"),
            "{label}"
        );
    }
    for label in labels(&svc, "a", garbage()).await {
        assert!(label.starts_with("Invalid provider_meta: "), "{label}");
    }
    let undeclared = ProviderService::new(MetaProvider { declare: false }).unwrap();
    for label in labels(&undeclared, "a", None).await {
        assert!(label.starts_with("No provider_meta schema: "), "{label}");
    }
}

#[test]
fn declaring_provider_meta_twice_is_a_registration_problem() {
    struct Twice;
    impl Provider for Twice {
        type Config = Config;
        type Data = ();
        fn register(&self, registry: &mut impl Registry<()>) {
            registry
                .provider_meta::<Meta>()
                .provider_meta::<OtherMeta>();
        }
        async fn configure(
            &self,
            _: &mut Context<()>,
            _: ConfigureRequest<Config>,
        ) -> Result<(), Diagnostics> {
            Ok(())
        }
    }
    let Err(problems) = ProviderService::new(Twice) else {
        panic!("registered");
    };
    assert!(
        problems
            .iter()
            .any(|p| p.contains("provider_meta is declared twice")),
        "{problems:?}"
    );
}
