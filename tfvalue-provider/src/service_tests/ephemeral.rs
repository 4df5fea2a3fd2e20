//! Ephemeral resources in process: validate, open, renew and close through a registered
//! type, with bad values, unknown names and panicking methods; and the registration
//! rule that only managed resources have write-only attributes.

use std::time::{Duration, SystemTime};

use super::*;
use crate::{ConfigureRequest, OpenRequest, ReadDataSourceRequest, ValidateRequest};
use crate::{EphemeralResource, Opened};

/// `ephemeral "test_secret" "x" { name = "..." }`: the secret of a name.
#[derive(TfSchema, Debug)]
struct Secret {
    name: Unknown<String>,
    #[tf(computed, sensitive)]
    value: Unknown<Nullable<String>>,
}

/// What each call of the ephemeral resource saw, in order.
#[derive(Default)]
struct Journal {
    lines: Mutex<Vec<String>>,
}

impl Journal {
    fn note(&self, line: String) {
        self.lines.lock().unwrap().push(line);
    }

    fn lines(&self) -> Vec<String> {
        self.lines.lock().unwrap().clone()
    }
}

struct Secrets;

/// The name the open kept in the private state, and what renewals added to it.
fn private_text<D>(ctx: &Context<D>) -> Result<String, Diagnostics> {
    Ok(ctx.private().get::<String>("name")?.unwrap_or_default())
}

impl EphemeralResource for Secrets {
    type Model = Secret;
    type Data = Journal;

    async fn validate(
        &self,
        _: &mut Context<Journal>,
        request: ValidateRequest<Secret>,
    ) -> Result<(), Diagnostics> {
        let config = &request.config;
        if config.name.as_known().is_some_and(String::is_empty) {
            return Err(Diagnostic::error("Empty name")
                .at(AttributePath::root().attr("name"))
                .into());
        }
        Ok(())
    }

    async fn open(
        &self,
        ctx: &mut Context<Journal>,
        request: OpenRequest<Secret>,
    ) -> Result<Opened<Secret>, Diagnostics> {
        let config = request.config;
        let name = config.name.as_known().cloned().unwrap_or_default();
        assert!(name != "panic-open", "asked to panic in open");
        ctx.data()?.note(format!("open {name}"));
        if name == "lazy" {
            // The computed value left unknown: a provider bug the framework reports.
            let value = Unknown::unknown();
            return Ok(Opened::new(Secret { value, ..config }));
        }
        let value = Unknown::known(Nullable::Value(format!("secret-of-{name}")));
        ctx.private_mut().set("name", &name)?;
        Ok(Opened {
            result: Secret { value, ..config },
            renew_at: Some(SystemTime::UNIX_EPOCH + Duration::from_secs(1_000)),
        })
    }

    async fn renew(&self, ctx: &mut Context<Journal>) -> Result<Option<SystemTime>, Diagnostics> {
        let private = private_text(ctx)?;
        assert!(private != "panic-renew", "asked to panic in renew");
        ctx.data()?.note(format!("renew {private}"));
        ctx.private_mut()
            .set("name", &format!("{private}+renewed"))?;
        Ok(Some(SystemTime::UNIX_EPOCH + Duration::from_secs(2_000)))
    }

    async fn close(&self, ctx: &mut Context<Journal>) -> Result<(), Diagnostics> {
        let private = private_text(ctx)?;
        assert!(private != "panic-close", "asked to panic in close");
        ctx.data()?.note(format!("close {private}"));
        Ok(())
    }
}

/// A secret that is never renewed nor closed: the trait's defaults.
struct Plain;

impl EphemeralResource for Plain {
    type Model = Secret;
    type Data = Journal;

    async fn open(
        &self,
        _: &mut Context<Journal>,
        request: OpenRequest<Secret>,
    ) -> Result<Opened<Secret>, Diagnostics> {
        let config = request.config;
        let value = Unknown::known(Nullable::Value("plain".to_owned()));
        Ok(Opened::new(Secret { value, ..config }))
    }
}

struct EphemeralProvider;

impl Provider for EphemeralProvider {
    type Config = Config;
    type Data = Journal;

    fn register(&self, registry: &mut impl Registry<Journal>) {
        registry
            .ephemeral_resource("test_secret", Secrets)
            .ephemeral_resource("test_plain", Plain);
    }

    async fn configure(
        &self,
        _: &mut Context<Journal>,
        _: ConfigureRequest<Config>,
    ) -> Result<Journal, Diagnostics> {
        Ok(Journal::default())
    }
}

type Service = ProviderService<EphemeralProvider>;

async fn configured() -> Service {
    let svc = ProviderService::new(EphemeralProvider).unwrap();
    let config = Value::object([("prefix", null_s())]);
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
    assert!(errors(&r.diagnostics).is_empty(), "{:?}", r.diagnostics);
    svc
}

fn journal(svc: &Service) -> Vec<String> {
    svc.context(Vec::new()).data().unwrap().lines()
}

fn secret(name: Value) -> Option<pb::DynamicValue> {
    let v = Value::object([("name", name), ("value", null_s())]);
    Some(pb::DynamicValue {
        msgpack: v.to_msgpack(Secret::schema().object_type()).unwrap(),
        json: Vec::new(),
    })
}

async fn open(
    svc: &Service,
    type_name: &str,
    config: Option<pb::DynamicValue>,
) -> pb::open_ephemeral_resource::Response {
    svc.open_ephemeral_resource(Request::new(pb::open_ephemeral_resource::Request {
        type_name: type_name.into(),
        config,
        client_capabilities: Some(pb::ClientCapabilities::default()),
    }))
    .await
    .unwrap()
    .into_inner()
}

async fn renew(
    svc: &Service,
    type_name: &str,
    private: Option<&[u8]>,
) -> pb::renew_ephemeral_resource::Response {
    svc.renew_ephemeral_resource(Request::new(pb::renew_ephemeral_resource::Request {
        type_name: type_name.into(),
        private: private.map(<[u8]>::to_vec),
    }))
    .await
    .unwrap()
    .into_inner()
}

async fn close(
    svc: &Service,
    type_name: &str,
    private: Option<&[u8]>,
) -> pb::close_ephemeral_resource::Response {
    svc.close_ephemeral_resource(Request::new(pb::close_ephemeral_resource::Request {
        type_name: type_name.into(),
        private: private.map(<[u8]>::to_vec),
    }))
    .await
    .unwrap()
    .into_inner()
}

async fn validate(svc: &Service, config: Option<pb::DynamicValue>) -> Vec<String> {
    let r = svc
        .validate_ephemeral_resource_config(Request::new(
            pb::validate_ephemeral_resource_config::Request {
                type_name: "test_secret".into(),
                config,
            },
        ))
        .await
        .unwrap()
        .into_inner();
    errors(&r.diagnostics)
}

fn seconds(t: Option<pb::Timestamp>) -> Option<i64> {
    t.map(|t| t.seconds)
}

#[tokio::test]
async fn schemas_and_metadata_list_the_ephemeral_types() {
    let svc = configured().await;
    let meta = svc
        .get_metadata(Request::new(pb::get_metadata::Request {}))
        .await
        .unwrap()
        .into_inner();
    let names: Vec<&str> = (meta.ephemeral_resources.iter())
        .map(|e| e.type_name.as_str())
        .collect();
    assert_eq!(names, ["test_plain", "test_secret"]);
    let schema = svc
        .get_provider_schema(Request::new(pb::get_provider_schema::Request {}))
        .await
        .unwrap()
        .into_inner();
    let block = schema.ephemeral_resource_schemas["test_secret"]
        .block
        .as_ref()
        .unwrap();
    let value = block.attributes.iter().find(|a| a.name == "value").unwrap();
    assert!(value.computed && value.sensitive && !value.write_only);
    assert!(schema.resource_schemas.is_empty());
}

#[tokio::test]
async fn open_renew_and_close_carry_the_private_data() {
    let svc = configured().await;
    assert_eq!(validate(&svc, secret(s("db"))).await, Vec::<String>::new());
    assert_eq!(validate(&svc, secret(s(""))).await, [".name: Empty name"]);
    // Values unknown at validation are the method's business, not a decoding error.
    assert_eq!(
        validate(&svc, secret(Value::unknown(Type::String))).await,
        Vec::<String>::new()
    );

    let opened = open(&svc, "test_secret", secret(s("db"))).await;
    assert!(opened.diagnostics.is_empty(), "{:?}", opened.diagnostics);
    let result = Value::from_msgpack(
        &opened.result.unwrap().msgpack,
        Secret::schema().object_type(),
    )
    .unwrap();
    assert_eq!(result.attr("value"), Some(&s("secret-of-db")));
    assert_eq!(result.attr("name"), Some(&s("db")));
    assert_eq!(seconds(opened.renew_at), Some(1_000));
    assert_eq!(opened.private.as_deref(), Some(&br#"{"name":"db"}"#[..]));

    let renewed = renew(&svc, "test_secret", opened.private.as_deref()).await;
    assert!(renewed.diagnostics.is_empty(), "{:?}", renewed.diagnostics);
    assert_eq!(seconds(renewed.renew_at), Some(2_000));
    assert_eq!(
        renewed.private.as_deref(),
        Some(&br#"{"name":"db+renewed"}"#[..])
    );
    let again = renew(&svc, "test_secret", renewed.private.as_deref()).await;
    assert_eq!(
        again.private.as_deref(),
        Some(&br#"{"name":"db+renewed+renewed"}"#[..])
    );

    // Terraform closes with the private data of the open.
    let closed = close(&svc, "test_secret", opened.private.as_deref()).await;
    assert!(closed.diagnostics.is_empty(), "{:?}", closed.diagnostics);
    assert_eq!(
        journal(&svc),
        ["open db", "renew db", "renew db+renewed", "close db"]
    );
}

#[tokio::test]
async fn the_defaults_never_renew_and_close_quietly() {
    let svc = configured().await;
    let opened = open(&svc, "test_plain", secret(s("x"))).await;
    assert!(opened.diagnostics.is_empty(), "{:?}", opened.diagnostics);
    assert_eq!(opened.renew_at, None);
    assert_eq!(opened.private.as_deref(), Some(&b""[..]));
    let renewed = renew(&svc, "test_plain", None).await;
    assert!(renewed.diagnostics.is_empty() && renewed.renew_at.is_none());
    let closed = close(&svc, "test_plain", None).await;
    assert!(closed.diagnostics.is_empty());
}

#[tokio::test]
async fn unknown_configuration_and_unknown_results_are_refused_at_their_attribute() {
    let svc = configured().await;
    let opened = open(&svc, "test_secret", secret(Value::unknown(Type::String))).await;
    assert_eq!(
        errors(&opened.diagnostics),
        [".name: Configuration not wholly known"]
    );
    assert_eq!(
        (opened.result, opened.private, opened.renew_at),
        (None, None, None)
    );
    assert!(journal(&svc).is_empty(), "open was not called");

    let lazy = open(&svc, "test_secret", secret(s("lazy"))).await;
    assert_eq!(
        errors(&lazy.diagnostics),
        [".value: Provider produced an invalid ephemeral resource result"]
    );
    assert_eq!(lazy.result, None);
}

#[tokio::test]
async fn garbage_configurations_are_diagnostics_naming_the_attribute() {
    let svc = configured().await;
    let wrong_type = Some(pb::DynamicValue {
        msgpack: Vec::new(),
        json: br#"{"name": [1], "value": null}"#.to_vec(),
    });
    for (config, at) in [
        (garbage(), ""),
        (garbage_json(), ".name"),
        (wrong_type, ".name"),
    ] {
        let found = validate(&svc, config.clone()).await;
        assert_eq!(found, [format!("{at}: Invalid configuration")], "validate");
        let opened = open(&svc, "test_secret", config).await;
        assert_eq!(
            errors(&opened.diagnostics),
            [format!("{at}: Invalid configuration")],
            "open"
        );
        assert_eq!(opened.result, None);
    }
    // Private bytes that are no JSON object hold no value under any key (and are answered
    // unchanged while nothing is set).
    let renewed = renew(&svc, "test_secret", Some(&[0xff, 0xfe])).await;
    assert!(renewed.diagnostics.is_empty(), "{:?}", renewed.diagnostics);
    assert_eq!(journal(&svc), ["renew "]);
}

#[tokio::test]
async fn a_panicking_open_renew_or_close_fails_only_its_call() {
    let svc = configured().await;
    let failed = |rpc: &str, diagnostics: &[pb::Diagnostic], message: &str| {
        assert_eq!(errors(diagnostics), [": The provider failed"], "{rpc}");
        assert!(
            diagnostics[0].detail.contains(rpc) && diagnostics[0].detail.contains(message),
            "{rpc}: {}",
            diagnostics[0].detail
        );
    };
    let opened = open(&svc, "test_secret", secret(s("panic-open"))).await;
    failed(
        "OpenEphemeralResource",
        &opened.diagnostics,
        "asked to panic in open",
    );
    assert_eq!((opened.result, opened.private), (None, None));
    let renewed = renew(&svc, "test_secret", Some(br#"{"name":"panic-renew"}"#)).await;
    failed(
        "RenewEphemeralResource",
        &renewed.diagnostics,
        "asked to panic in renew",
    );
    assert_eq!((renewed.renew_at, renewed.private), (None, None));
    let closed = close(&svc, "test_secret", Some(br#"{"name":"panic-close"}"#)).await;
    failed(
        "CloseEphemeralResource",
        &closed.diagnostics,
        "asked to panic in close",
    );
    // The service goes on.
    let opened = open(&svc, "test_secret", secret(s("after"))).await;
    assert!(opened.diagnostics.is_empty(), "{:?}", opened.diagnostics);
    assert_eq!(journal(&svc), ["open after"]);
}

#[tokio::test]
async fn unknown_ephemeral_types_are_refused_by_name() {
    let svc = configured().await;
    let expected = [": Unknown ephemeral resource type"];
    let opened = open(&svc, "test_nothing", secret(s("x"))).await;
    assert_eq!(errors(&opened.diagnostics), expected);
    assert!(opened.diagnostics[0].detail.contains("\"test_nothing\""));
    assert_eq!(
        errors(&renew(&svc, "test_nothing", None).await.diagnostics),
        expected
    );
    assert_eq!(
        errors(&close(&svc, "test_nothing", None).await.diagnostics),
        expected
    );
    assert!(journal(&svc).is_empty());
}

/// A model with a write-only attribute, for the kinds of schema that may not have one.
#[derive(TfSchema, Debug)]
struct WithSecret {
    name: String,
    #[tf(write_only)]
    token: Nullable<String>,
}

struct SecretSource;

impl DataSource for SecretSource {
    type Model = WithSecret;
    type Data = Journal;

    async fn read(
        &self,
        _: &mut Context<Journal>,
        request: ReadDataSourceRequest<WithSecret>,
    ) -> Result<WithSecret, Diagnostics> {
        let config = request.config;
        Ok(config)
    }
}

struct SecretEphemeral;

impl EphemeralResource for SecretEphemeral {
    type Model = WithSecret;
    type Data = Journal;

    async fn open(
        &self,
        _: &mut Context<Journal>,
        request: OpenRequest<WithSecret>,
    ) -> Result<Opened<WithSecret>, Diagnostics> {
        let config = request.config;
        Ok(Opened::new(config))
    }
}

struct MisplacedWriteOnly;

impl Provider for MisplacedWriteOnly {
    type Config = WithSecret;
    type Data = Journal;

    fn register(&self, registry: &mut impl Registry<Journal>) {
        registry
            .data_source("test_source", SecretSource)
            .ephemeral_resource("test_ephemeral", SecretEphemeral)
            .ephemeral_resource("test_ephemeral", Plain)
            .ephemeral_resource("Test-Bad", Plain);
    }

    async fn configure(
        &self,
        _: &mut Context<Journal>,
        _: ConfigureRequest<WithSecret>,
    ) -> Result<Journal, Diagnostics> {
        Ok(Journal::default())
    }
}

#[test]
fn write_only_attributes_outside_managed_resources_stop_the_start() {
    let Err(problems) = ProviderService::new(MisplacedWriteOnly) else {
        panic!("the provider started");
    };
    let expected = [
        "data source type \"test_source\": has write-only attributes, which only managed resource types may have",
        "ephemeral resource type \"test_ephemeral\": has write-only attributes, which only managed resource types may have",
        "ephemeral resource type \"test_ephemeral\" is registered twice",
        "ephemeral resource type \"Test-Bad\": a type name is lowercase letters, digits and underscores, starting with a letter",
        "provider configuration: has write-only attributes, which only managed resource types may have",
    ];
    assert_eq!(problems, expected);
}
