//! Actions in process: the schema and metadata that announce them, validate, plan and a
//! streamed invoke through a registered type, from requests as Terraform encodes them
//! (byte literals); an invoke's progress arriving before its end, a stop and a reader
//! that goes away reaching a running invocation, errors, panics and unknown values; and the
//! registration rules of action models.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use prost::Message as _;
use tokio_stream::StreamExt as _;

use super::*;
use crate::{Action, ActionInvokeRequest, ActionPlanRequest, Progress};

/// `action "test_run" "x" { config { command = "...", times = 2, token = ... } }`.
#[derive(TfSchema, Debug)]
struct Run {
    command: Unknown<String>,
    times: Unknown<Nullable<i64>>,
    #[tf(write_only, sensitive)]
    token: Unknown<Nullable<String>>,
}

/// What the provider's data records of the invocations.
#[derive(Default)]
struct Seen {
    tokens: Mutex<Vec<String>>,
    /// Set when a "hang" invocation's future is dropped.
    dropped: Arc<AtomicBool>,
}

/// Sets its flag when dropped: tells that an invocation's future was cancelled.
struct DropFlag(Arc<AtomicBool>);

impl Drop for DropFlag {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

struct Runs;

impl Action for Runs {
    type Model = Run;
    type Data = Seen;

    async fn validate(
        &self,
        _: &mut Context<Seen>,
        request: ValidateRequest<Run>,
    ) -> Result<(), Diagnostics> {
        if request
            .config
            .command
            .as_known()
            .is_some_and(String::is_empty)
        {
            return Err(Diagnostic::error("Empty command").at("command").into());
        }
        Ok(())
    }

    async fn plan(
        &self,
        ctx: &mut Context<Seen>,
        request: ActionPlanRequest<Run>,
    ) -> Result<(), Diagnostics> {
        ctx.data()?;
        match request.config.command.as_known().map(String::as_str) {
            Some("missing") => Err(Diagnostic::error("Command not found").at("command").into()),
            _ => Ok(()),
        }
    }

    async fn invoke(
        &self,
        ctx: &mut Context<Seen>,
        request: ActionInvokeRequest<Run>,
        progress: &mut Progress,
    ) -> Result<(), Diagnostics> {
        let seen = ctx.data()?;
        let config = request.config;
        if let Some(Nullable::Value(token)) = config.token.as_known() {
            seen.tokens.lock().unwrap().push(token.clone());
        }
        let command = config.command.as_known().cloned().unwrap_or_default();
        let times = match config.times.as_known() {
            Some(Nullable::Value(n)) => *n,
            _ => 1,
        };
        for i in 1..=times {
            progress
                .send(format!("run {i} of {times}: {command}"))
                .await?;
        }
        match command.as_str() {
            "fail" => Err(Diagnostic::error("Command failed")
                .with_detail("exit status 1")
                .at("command")
                .into()),
            "panic" => panic!("the command exploded"),
            "wait" => {
                ctx.stop_token().run(std::future::pending::<()>()).await?;
                Ok(())
            }
            "hang" => {
                let _flag = DropFlag(seen.dropped.clone());
                std::future::pending::<()>().await;
                Ok(())
            }
            _ => {
                ctx.warn(Diagnostic::warning("Ran without a sandbox"));
                Ok(())
            }
        }
    }
}

struct ActionProvider;

impl Provider for ActionProvider {
    type Config = Config;
    type Data = Seen;

    fn register(&self, registry: &mut impl Registry<Seen>) {
        registry.action("test_run", Runs);
    }

    async fn configure(
        &self,
        _: &mut Context<Seen>,
        _: ConfigureRequest<Config>,
    ) -> Result<Seen, Diagnostics> {
        Ok(Seen::default())
    }
}

async fn configured() -> ProviderService<ActionProvider> {
    let svc = ProviderService::new(ActionProvider).unwrap();
    let config = Value::object([("prefix", null_s())]);
    let config = config.to_msgpack(Config::schema().object_type()).unwrap();
    let configured = svc
        .configure_provider(Request::new(pb::configure_provider::Request {
            terraform_version: "1.15.5".into(),
            config: Some(pb::DynamicValue {
                msgpack: config,
                json: Vec::new(),
            }),
            client_capabilities: None,
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(
        configured.diagnostics.is_empty(),
        "{:?}",
        configured.diagnostics
    );
    svc
}

/// The MessagePack of a `test_run` configuration, as Terraform encodes it: an object's
/// attributes in name order (`command`, `times`, `token`).
fn run_config(command: &str, times: u8) -> Vec<u8> {
    let mut encoded = vec![0xa0 | u8::try_from(command.len()).unwrap()];
    encoded.extend_from_slice(command.as_bytes());
    run_config_of(&encoded, &[times])
}

/// [`run_config`] from the encoded values of `command` and `times`.
fn run_config_of(command: &[u8], times: &[u8]) -> Vec<u8> {
    let mut bytes = vec![0x83, 0xa7];
    bytes.extend_from_slice(b"command");
    bytes.extend_from_slice(command);
    bytes.push(0xa5);
    bytes.extend_from_slice(b"times");
    bytes.extend_from_slice(times);
    bytes.push(0xa5);
    bytes.extend_from_slice(b"token");
    bytes.extend_from_slice(&[0xa3, b's', b'3', b'c']);
    bytes
}

/// An unknown value in MessagePack: extension type 0 with one zero byte.
const UNKNOWN: [u8; 3] = [0xd4, 0x00, 0x00];

/// An `InvokeAction` request as Terraform sends it on the wire: `action_type` (field 1)
/// and `config` (field 2, a DynamicValue whose `msgpack` is field 1).
fn invoke_request(msgpack: &[u8]) -> pb::invoke_action::Request {
    let mut bytes = vec![0x0a, 0x08];
    bytes.extend_from_slice(b"test_run");
    let dynamic_len = 2 + msgpack.len();
    bytes.push(0x12);
    bytes.push(u8::try_from(dynamic_len).unwrap());
    bytes.push(0x0a);
    bytes.push(u8::try_from(msgpack.len()).unwrap());
    bytes.extend_from_slice(msgpack);
    pb::invoke_action::Request::decode(bytes.as_slice()).unwrap()
}

/// What an event says: its progress message, or the summaries of its completion.
fn shown(event: &pb::invoke_action::Event) -> String {
    match &event.r#type {
        Some(pb::invoke_action::event::Type::Progress(p)) => p.message.clone(),
        Some(pb::invoke_action::event::Type::Completed(c)) => {
            let summaries: Vec<String> = (c.diagnostics.iter())
                .map(|d| {
                    let at = (d.attribute.as_ref())
                        .map(|p| path_from_proto(p).to_string())
                        .unwrap_or_default();
                    format!("{}{at}", d.summary)
                })
                .collect();
            format!("completed [{}]", summaries.join(", "))
        }
        None => "none".to_owned(),
    }
}

async fn invoke_all(svc: &ProviderService<ActionProvider>, msgpack: &[u8]) -> Vec<String> {
    let events: Vec<pb::invoke_action::Event> = svc
        .invoke_action(Request::new(invoke_request(msgpack)))
        .await
        .unwrap()
        .into_inner()
        .collect::<Result<_, _>>()
        .await
        .unwrap();
    events.iter().map(shown).collect()
}

#[tokio::test]
async fn schema_and_metadata_announce_the_action() {
    let svc = configured().await;
    let meta = svc
        .get_metadata(Request::new(pb::get_metadata::Request {}))
        .await
        .unwrap()
        .into_inner();
    // GetMetadata.Response field 9, ActionMetadata { type_name = 1 }.
    let actions_only = pb::get_metadata::Response {
        actions: meta.actions.clone(),
        ..Default::default()
    };
    let mut expected = vec![0x4a, 0x0a, 0x0a, 0x08];
    expected.extend_from_slice(b"test_run");
    assert_eq!(actions_only.encode_to_vec(), expected);
    let schema = svc
        .get_provider_schema(Request::new(pb::get_provider_schema::Request {}))
        .await
        .unwrap()
        .into_inner();
    let action = &schema.action_schemas["test_run"];
    let block = action.schema.as_ref().unwrap().block.as_ref().unwrap();
    let attributes: Vec<(&str, bool, bool)> = (block.attributes.iter())
        .map(|a| (a.name.as_str(), a.required, a.write_only))
        .collect();
    assert_eq!(
        attributes,
        [
            ("command", true, false),
            ("times", false, false),
            ("token", false, true)
        ]
    );
}

#[tokio::test]
async fn an_invocation_streams_its_progress_then_its_completion() {
    let svc = configured().await;
    assert_eq!(
        invoke_all(&svc, &run_config("ok", 2)).await,
        [
            "run 1 of 2: ok",
            "run 2 of 2: ok",
            "completed [Ran without a sandbox]"
        ]
    );
    // The write-only token reached the invocation.
    let seen = svc.context(Vec::new());
    assert_eq!(*seen.data().unwrap().tokens.lock().unwrap(), ["s3c"]);
    // An error ends it, at its attribute; a panic fails only this invocation.
    assert_eq!(
        invoke_all(&svc, &run_config("fail", 1)).await,
        ["run 1 of 1: fail", "completed [Command failed.command]"]
    );
    assert_eq!(
        invoke_all(&svc, &run_config("panic", 0)).await,
        ["completed [The provider failed]"]
    );
    assert_eq!(
        invoke_all(&svc, &run_config("ok", 1)).await.len(),
        2,
        "still serving"
    );
}

#[tokio::test]
async fn progress_arrives_while_the_invocation_runs_and_a_stop_reaches_it() {
    let svc = configured().await;
    let mut events = svc
        .invoke_action(Request::new(invoke_request(&run_config("wait", 1))))
        .await
        .unwrap()
        .into_inner();
    let first = tokio::time::timeout(Duration::from_secs(10), events.next())
        .await
        .expect("the progress arrives before the invocation ends")
        .unwrap()
        .unwrap();
    assert_eq!(shown(&first), "run 1 of 1: wait");
    svc.stop_provider(Request::new(pb::stop_provider::Request {}))
        .await
        .unwrap();
    let rest: Vec<String> = (events.collect::<Result<Vec<_>, _>>().await.unwrap().iter())
        .map(shown)
        .collect();
    assert_eq!(rest, ["completed [Stopped]"]);
}

#[tokio::test]
async fn a_reader_that_goes_away_cancels_the_invocation() {
    let svc = configured().await;
    let mut events = svc
        .invoke_action(Request::new(invoke_request(&run_config("hang", 1))))
        .await
        .unwrap()
        .into_inner();
    let first = events.next().await.unwrap().unwrap();
    assert_eq!(shown(&first), "run 1 of 1: hang");
    drop(events);
    let dropped = svc.context(Vec::new()).data().unwrap().dropped.clone();
    let cancelled = tokio::time::timeout(Duration::from_secs(10), async {
        while !dropped.load(Ordering::SeqCst) {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    });
    assert!(
        cancelled.await.is_ok(),
        "the invocation's future was dropped"
    );
}

#[tokio::test]
async fn what_no_invocation_can_honour_is_answered_at_once() {
    let svc = configured().await;
    // `times` unknown (MessagePack extension 0): Terraform invokes only what it knows.
    let unknown = run_config_of(&[0xa2, b'o', b'k'], &UNKNOWN);
    assert_eq!(
        invoke_all(&svc, &unknown).await,
        ["completed [Configuration not wholly known.times]"]
    );
    assert_eq!(
        invoke_all(&svc, GARBAGE_MSGPACK).await,
        ["completed [Invalid configuration]"]
    );
}

#[tokio::test]
async fn validate_and_plan_check_the_configuration() {
    let svc = configured().await;
    let dynamic = |msgpack: Vec<u8>| {
        Some(pb::DynamicValue {
            msgpack,
            json: Vec::new(),
        })
    };
    let validated = svc
        .validate_action_config(Request::new(pb::validate_action_config::Request {
            type_name: "test_run".into(),
            config: dynamic(run_config("", 1)),
        }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(errors(&validated.diagnostics), [".command: Empty command"]);
    let plan = |msgpack: Vec<u8>| pb::plan_action::Request {
        action_type: "test_run".into(),
        config: dynamic(msgpack),
        client_capabilities: None,
    };
    let planned = svc
        .plan_action(Request::new(plan(run_config("missing", 1))))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(
        errors(&planned.diagnostics),
        [".command: Command not found"]
    );
    assert_eq!(planned.deferred, None);
    // An unknown command is left to the invocation.
    let planned = svc
        .plan_action(Request::new(plan(run_config_of(&UNKNOWN, &[1]))))
        .await
        .unwrap()
        .into_inner();
    assert!(planned.diagnostics.is_empty(), "{:?}", planned.diagnostics);
    let planned = svc
        .plan_action(Request::new(plan(GARBAGE_MSGPACK.to_vec())))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(errors(&planned.diagnostics), [": Invalid configuration"]);
}

#[derive(TfSchema, Debug)]
struct Computing {
    name: String,
    #[tf(computed)]
    result: Unknown<Nullable<String>>,
}

#[derive(TfSchema, Debug)]
struct Defaulting {
    #[tf(requires_replace)]
    retries: Unknown<Nullable<i64>>,
}

struct Computes;
struct Defaults;

impl Action for Computes {
    type Model = Computing;
    type Data = ();
    async fn invoke(
        &self,
        _: &mut Context<()>,
        _: ActionInvokeRequest<Computing>,
        _: &mut Progress,
    ) -> Result<(), Diagnostics> {
        Ok(())
    }
}

impl Action for Defaults {
    type Model = Defaulting;
    type Data = ();
    async fn invoke(
        &self,
        _: &mut Context<()>,
        _: ActionInvokeRequest<Defaulting>,
        _: &mut Progress,
    ) -> Result<(), Diagnostics> {
        Ok(())
    }
}

struct WrongActions;

impl Provider for WrongActions {
    type Config = Config;
    type Data = ();

    fn register(&self, registry: &mut impl Registry<()>) {
        registry
            .action("test_computes", Computes)
            .action("test_defaults", Defaults)
            .action("Test-Bad", Computes);
    }

    async fn configure(
        &self,
        _: &mut Context<()>,
        _: ConfigureRequest<Config>,
    ) -> Result<(), Diagnostics> {
        Ok(())
    }
}

#[test]
fn action_models_compute_nothing_and_plan_nothing() {
    let Err(problems) = ProviderService::new(WrongActions) else {
        panic!("the registrations are wrong");
    };
    assert_eq!(problems.len(), 4, "{problems:#?}");
    assert!(problems[0].starts_with("action type \"test_computes\": .result is computed"));
    assert!(problems[1].starts_with("action type \"test_defaults\": its model declares a default, use_state_for_unknown, use_non_null_state_for_unknown, requires_replace or refine"));
    assert!(problems[2].contains("\"Test-Bad\": a type name is lowercase"));
    assert!(problems[3].starts_with("action type \"Test-Bad\": .result is computed"));
}
