//! Declared refinements in process: PlanResourceChange answers the computed attribute's
//! unknown as a refined unknown (MessagePack extension 12), narrowed with what the
//! resource's `plan` set; ApplyResourceChange refuses a state that breaks the promise, at
//! the attribute, and still answers the object it made.

use super::*;
use crate::ConfigureRequest;
use tfvalue::{Number, Refinements};

/// A key whose ARN is never null and starts with `arn:`, and whose size is at least 1.
#[derive(TfSchema, Debug, Clone)]
struct Key {
    name: Unknown<String>,
    #[tf(computed, refine(not_null, prefix = "arn:"))]
    arn: Unknown<Nullable<String>>,
    #[tf(optional, computed, refine(at_least = 1))]
    size: Unknown<Nullable<i64>>,
}

struct Keys;

impl Resource for Keys {
    type Model = Key;
    type Data = ();

    /// Narrows the declared prefix: this resource's ARNs all start with `arn:key/`.
    async fn plan(&self, _: &mut Context<()>, plan: &mut Plan<Key>) -> Result<(), Diagnostics> {
        if plan.planned.arn.is_unknown() {
            plan.planned.arn = Unknown::refined(Refinements::new().with_string_prefix("arn:key/"));
        }
        Ok(())
    }

    /// A key named `bad` gets an ARN that breaks the promise.
    async fn create(
        &self,
        _: &mut Context<()>,
        request: CreateRequest<Key>,
    ) -> Result<Key, ApplyError<Key>> {
        let mut key = request.planned;
        let name = key.name.as_known().cloned().unwrap_or_default();
        let arn = if name == "bad" {
            "urn:key/bad".to_owned()
        } else {
            format!("arn:key/{name}")
        };
        key.arn = Unknown::known(Nullable::Value(arn));
        key.size = Unknown::known(Nullable::Value(if name == "bad" { 0 } else { 2 }));
        Ok(key)
    }

    async fn read(
        &self,
        _: &mut Context<()>,
        request: ReadRequest<Key>,
    ) -> Result<Option<Key>, Diagnostics> {
        Ok(Some(request.state))
    }

    async fn update(
        &self,
        _: &mut Context<()>,
        request: UpdateRequest<Key>,
    ) -> Result<Key, ApplyError<Key>> {
        Ok(request.planned)
    }

    async fn delete(
        &self,
        _: &mut Context<()>,
        _: DeleteRequest<Key>,
    ) -> Result<(), ApplyError<Key>> {
        Ok(())
    }
}

struct KeyProvider;

impl Provider for KeyProvider {
    type Config = Config;
    type Data = ();

    fn register(&self, registry: &mut impl Registry<()>) {
        registry.resource("test_key", Keys);
    }

    async fn configure(
        &self,
        _: &mut Context<()>,
        _: ConfigureRequest<Config>,
    ) -> Result<(), Diagnostics> {
        Ok(())
    }
}

fn key_type() -> &'static Type {
    Key::schema().object_type()
}

fn wire(value: &Value) -> Option<pb::DynamicValue> {
    Some(pb::DynamicValue {
        msgpack: value.to_msgpack(key_type()).unwrap(),
        json: Vec::new(),
    })
}

fn key(name: &str, size: Value) -> Value {
    Value::object([
        ("arn", Value::Null(Type::String)),
        ("name", Value::from(name)),
        ("size", size),
    ])
}

async fn service() -> ProviderService<KeyProvider> {
    let svc = ProviderService::new(KeyProvider).unwrap();
    let r = svc
        .configure_provider(Request::new(pb::configure_provider::Request {
            client_capabilities: None,
            terraform_version: "1.11.4".into(),
            config: Some(pb::DynamicValue {
                msgpack: Vec::new(),
                json: br#"{"prefix": null}"#.to_vec(),
            }),
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(errors(&r.diagnostics).is_empty(), "{:?}", r.diagnostics);
    svc
}

async fn plan(
    svc: &ProviderService<KeyProvider>,
    config: Value,
) -> pb::plan_resource_change::Response {
    svc.plan_resource_change(Request::new(pb::plan_resource_change::Request {
        client_capabilities: None,
        prior_identity: None,
        type_name: "test_key".into(),
        prior_state: Some(nil()),
        proposed_new_state: wire(&config),
        config: wire(&config),
        prior_private: Vec::new(),
        provider_meta: None,
        planned_private: Vec::new(),
    }))
    .await
    .unwrap()
    .into_inner()
}

#[tokio::test]
async fn a_create_plans_refined_unknowns() {
    let svc = service().await;
    let r = plan(&svc, key("a", Value::Null(Type::Number))).await;
    assert!(errors(&r.diagnostics).is_empty(), "{:?}", r.diagnostics);
    let mut expected = vec![0x83];
    // arn: not null (1 → false), prefix (2 → "arn:key/": the resource's narrower one).
    expected.extend(b"\xa3arn\xc7\x0d\x0c\x82\x01\xc2\x02\xa8arn:key/");
    expected.extend(b"\xa4name\xa1a");
    // size: at least 1, inclusive (3 → [1, true]).
    expected.extend(b"\xa4size\xc7\x05\x0c\x81\x03\x92\x01\xc3");
    assert_eq!(r.planned_state.unwrap().msgpack, expected);
}

#[tokio::test]
async fn an_unknown_configuration_is_planned_as_given() {
    let svc = service().await;
    let r = plan(&svc, key("a", Value::unknown(Type::Number))).await;
    assert!(errors(&r.diagnostics).is_empty(), "{:?}", r.diagnostics);
    let planned = r.planned_state.unwrap().msgpack;
    assert!(
        planned.ends_with(b"\xa4size\xd4\x00\x00"),
        "the configuration's own unknown, unrefined: {planned:x?}"
    );
}

#[tokio::test]
async fn an_apply_that_breaks_the_promise_fails_at_the_attribute() {
    let svc = service().await;
    for (name, broken) in [("good", Vec::new()), ("bad", vec![".arn", ".size"])] {
        let config = key(name, Value::Null(Type::Number));
        let planned = plan(&svc, config.clone()).await.planned_state;
        let r = svc
            .apply_resource_change(Request::new(pb::apply_resource_change::Request {
                planned_identity: None,
                type_name: "test_key".into(),
                prior_state: Some(nil()),
                config: wire(&config),
                planned_state: planned,
                planned_private: Vec::new(),
                provider_meta: None,
            }))
            .await
            .unwrap()
            .into_inner();
        let at: Vec<String> = r
            .diagnostics
            .iter()
            .map(|d| {
                d.attribute
                    .as_ref()
                    .map(path_from_proto)
                    .unwrap()
                    .to_string()
            })
            .collect();
        assert_eq!(at, broken, "{:?}", r.diagnostics);
        let state = decode_as(r.new_state.as_ref(), key_type());
        let arn = state.attr("arn").and_then(Value::as_str).unwrap();
        assert!(arn.ends_with(name), "the object made is answered: {arn}");
        if name == "bad" {
            let detail = &r.diagnostics[0].detail;
            assert!(detail.contains("prefix \"arn:key/\""), "{detail}");
            assert!(detail.contains("\"urn:key/bad\""), "{detail}");
            assert_eq!(state.attr("size"), Some(&Value::Number(Number::from(0))));
        }
    }
}
