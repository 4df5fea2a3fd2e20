//! The log of each RPC in process: the hclog lines a call writes at TRACE and at WARN,
//! the span fields every line of the call carries (a provider method's own lines
//! included), and the values logged at TRACE with sensitive and write-only attributes
//! hidden. A subscriber other than the hclog one (a test's own) works as well.

use serde_json::Value as Json;
use tracing::level_filters::LevelFilter;
use tracing_subscriber::layer::SubscriberExt as _;

use super::*;
use crate::logging::captured::Lines;
use crate::transport::main::log_directives;
use crate::HclogLayer;
use crate::{ConfigureRequest, CreateRequest, DeleteRequest, ReadRequest, UpdateRequest};

#[derive(TfSchema, Debug, Clone)]
struct Secret {
    #[tf(computed)]
    id: Unknown<Nullable<String>>,
    name: Unknown<String>,
    #[tf(sensitive)]
    token: Unknown<Nullable<String>>,
    #[tf(write_only)]
    password: Unknown<Nullable<String>>,
}

struct Secrets;

impl Resource for Secrets {
    type Model = Secret;
    type Data = ();

    async fn plan(&self, _: &mut Context<()>, plan: &mut Plan<Secret>) -> Result<(), Diagnostics> {
        let name = plan.config.name.as_known().cloned().unwrap_or_default();
        tracing::debug!(%name, "planning a secret");
        tracing::warn!(%name, "the secret will be stored in plain text");
        if name == "bad" {
            return Err(Diagnostic::error("Bad name")
                .with_detail("`bad` is not allowed.")
                .at(AttributePath::root().attr("name"))
                .into());
        }
        Ok(())
    }

    async fn create(
        &self,
        _: &mut Context<()>,
        request: CreateRequest<Secret>,
    ) -> Result<Secret, ApplyError<Secret>> {
        let planned = request.planned;
        Ok(planned)
    }

    async fn read(
        &self,
        _: &mut Context<()>,
        request: ReadRequest<Secret>,
    ) -> Result<Option<Secret>, Diagnostics> {
        let current = request.state;
        Ok(Some(current))
    }

    async fn update(
        &self,
        _: &mut Context<()>,
        request: UpdateRequest<Secret>,
    ) -> Result<Secret, ApplyError<Secret>> {
        let planned = request.planned;
        Ok(planned)
    }

    async fn delete(
        &self,
        _: &mut Context<()>,
        _: DeleteRequest<Secret>,
    ) -> Result<(), ApplyError<Secret>> {
        Ok(())
    }
}

struct SecretsProvider;

impl Provider for SecretsProvider {
    type Config = Config;
    type Data = ();

    fn register(&self, registry: &mut impl Registry<()>) {
        registry.resource("test_secret", Secrets);
    }

    async fn configure(
        &self,
        _: &mut Context<()>,
        _: ConfigureRequest<Config>,
    ) -> Result<(), Diagnostics> {
        Ok(())
    }
}

/// A PlanResourceChange of `test_secret` named `name`, with a sensitive token and a
/// write-only password, through a service logging hclog lines at `level` into `lines`.
async fn plan_logged(
    name: &str,
    level: LevelFilter,
    lines: &Lines,
) -> pb::plan_resource_change::Response {
    let writer = lines.clone();
    let filter = tracing_subscriber::EnvFilter::new(log_directives(level));
    let subscriber = tracing_subscriber::registry()
        .with(filter)
        .with(HclogLayer::with_writer(move || writer.clone()));
    let _default = tracing::subscriber::set_default(subscriber);
    plan(name).await
}

async fn plan(name: &str) -> pb::plan_resource_change::Response {
    let svc = ProviderService::new(SecretsProvider).unwrap();
    let ty = Secret::schema().object_type();
    let config = format!(
        r#"{{"id": null, "name": "{name}", "token": "hunter2-token", "password": "hunter2-password"}}"#
    );
    let value = Value::from_json(config.as_bytes(), ty).unwrap();
    let dynamic = pb::DynamicValue {
        msgpack: value.to_msgpack(ty).unwrap(),
        json: Vec::new(),
    };
    svc.plan_resource_change(Request::new(pb::plan_resource_change::Request {
        client_capabilities: Some(pb::ClientCapabilities {
            deferral_allowed: false,
            write_only_attributes_allowed: true,
            store_planned_private: false,
            computed_blocks_allowed: false,
        }),
        prior_identity: None,
        type_name: "test_secret".into(),
        prior_state: Some(nil()),
        proposed_new_state: Some(dynamic.clone()),
        config: Some(dynamic),
        prior_private: Vec::new(),
        provider_meta: None,
        planned_private: Vec::new(),
    }))
    .await
    .unwrap()
    .into_inner()
}

fn with_message<'a>(lines: &'a [Json], message: &str) -> Vec<&'a Json> {
    lines.iter().filter(|l| l["@message"] == message).collect()
}

#[tokio::test]
async fn at_trace_every_line_of_a_call_carries_its_request_id() {
    let lines = Lines::default();
    let response = plan_logged("ok", LevelFilter::TRACE, &lines).await;
    assert!(
        errors(&response.diagnostics).is_empty(),
        "{:?}",
        response.diagnostics
    );
    let json = lines.json();

    let received = with_message(&json, "Received request");
    assert_eq!(received.len(), 1, "{}", lines.text());
    let received = received[0];
    assert_eq!(received["@level"], "trace");
    assert_eq!(received["@module"], "sdk.proto");
    assert_eq!(received["tf_rpc"], "PlanResourceChange");
    assert_eq!(received["tf_resource_type"], "test_secret");
    assert_eq!(received["tf_proto_version"], "6.11");
    let id = received["tf_req_id"].as_str().unwrap();
    assert_eq!(id.len(), 36, "{id}");

    // Every line of the call, the provider method's own included, is in its span.
    for line in &json {
        assert_eq!(line["tf_req_id"], id, "{line}");
        assert_eq!(line["tf_rpc"], "PlanResourceChange", "{line}");
    }
    let own = with_message(&json, "the secret will be stored in plain text");
    assert_eq!(own.len(), 1);
    assert_eq!(own[0]["@level"], "warn");
    assert_eq!(
        own[0]["@module"], "sdk.framework",
        "a test's module is this crate's"
    );
    assert_eq!(own[0]["name"], "ok");
    assert_eq!(
        with_message(&json, "planning a secret")[0]["@level"],
        "debug"
    );

    let served = with_message(&json, "Served request");
    assert_eq!(served.len(), 1);
    assert_eq!(served[0]["diagnostic_error_count"], 0);
    assert!(served[0]["tf_req_duration_ms"].is_u64());

    // A second call has an id of its own.
    let again = Lines::default();
    plan_logged("ok", LevelFilter::TRACE, &again).await;
    let again = again.json();
    let other = &with_message(&again, "Received request")[0]["tf_req_id"];
    assert_ne!(other, id);
}

#[tokio::test]
async fn values_are_logged_at_trace_with_sensitive_attributes_hidden() {
    let lines = Lines::default();
    plan_logged("ok", LevelFilter::TRACE, &lines).await;
    let text = lines.text();
    assert!(!text.contains("hunter2"), "{text}");
    let json = lines.json();
    let values: BTreeMap<String, Json> = (json.iter())
        .filter(|l| l["tf_payload"].is_string())
        .map(|l| {
            let key = format!(
                "{} {}",
                l["@message"].as_str().unwrap(),
                l["tf_payload"].as_str().unwrap()
            );
            (
                key,
                serde_json::from_str(l["tf_value"].as_str().unwrap()).unwrap(),
            )
        })
        .collect();
    let keys: Vec<&str> = values.keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "Request value config",
            "Request value prior_state",
            "Request value proposed_new_state",
            "Response value planned_state"
        ]
    );
    let config = &values["Request value config"];
    assert_eq!(config["name"], "ok");
    assert_eq!(config["token"], "(sensitive value)");
    assert_eq!(config["password"], "(sensitive value)");
    assert_eq!(values["Request value prior_state"], Json::Null);
    assert_eq!(
        values["Response value planned_state"]["id"],
        "(known after apply)"
    );
}

#[tokio::test]
async fn at_warn_only_warnings_and_errors_are_written_with_their_span_fields() {
    let lines = Lines::default();
    let response = plan_logged("bad", LevelFilter::WARN, &lines).await;
    assert_eq!(errors(&response.diagnostics), [".name: Bad name"]);
    let json = lines.json();
    let levels: Vec<(&str, &str)> = (json.iter())
        .map(|l| {
            (
                l["@level"].as_str().unwrap(),
                l["@message"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        levels,
        [
            ("warn", "the secret will be stored in plain text"),
            ("error", "Response contains error diagnostic"),
        ]
    );
    let error = &json[1];
    assert_eq!(error["@module"], "sdk.proto");
    assert_eq!(error["diagnostic_severity"], "ERROR");
    assert_eq!(error["diagnostic_summary"], "Bad name");
    assert_eq!(error["diagnostic_detail"], "`bad` is not allowed.");
    assert_eq!(error["diagnostic_attribute"], ".name");
    for line in &json {
        assert_eq!(line["tf_resource_type"], "test_secret", "{line}");
        assert_eq!(line["tf_req_id"], json[0]["tf_req_id"], "{line}");
    }
    assert!(!lines.text().contains("hunter2"));
}

#[tokio::test]
async fn another_subscriber_gets_the_spans_and_events_as_it_formats_them() {
    let lines = Lines::default();
    let writer = lines.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_writer(move || writer.clone())
        .with_ansi(false)
        .with_max_level(LevelFilter::TRACE)
        .finish();
    let _default = tracing::subscriber::set_default(subscriber);
    let response = plan("ok").await;
    assert!(
        errors(&response.diagnostics).is_empty(),
        "{:?}",
        response.diagnostics
    );
    let text = lines.text();
    assert!(text.contains("Received request"), "{text}");
    assert!(text.contains("tf_rpc=\"PlanResourceChange\""), "{text}");
    assert!(
        text.contains("the secret will be stored in plain text"),
        "{text}"
    );
    assert!(!text.contains("hunter2"), "{text}");
}

#[tokio::test]
async fn without_a_subscriber_calls_are_answered_as_ever() {
    let response = plan("bad").await;
    assert_eq!(errors(&response.diagnostics), [".name: Bad name"]);
}
