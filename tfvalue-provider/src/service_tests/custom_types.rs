//! Custom types in process: Rfc3339 and NormalizedJson validated with their own
//! diagnostics, and their semantically equal values kept as Terraform has them: the
//! configured text in a plan, the planned text after apply, the prior text after a read,
//! the configured text after a data source's read, at the top level, in list elements and
//! in nested objects. The resources here answer every
//! value in other words (`Z` for `+00:00`, JSON re-indented), as an API would.

use super::*;
use crate::{Function, FunctionError, Signature};
use tfvalue::custom_types::{NormalizedJson, Rfc3339};

/// One timestamp: the model whose bytes the tests spell out.
#[derive(TfSchema, Debug, Clone)]
struct Stamp {
    at: Unknown<Rfc3339>,
}

/// Every place a custom value can sit.
#[derive(TfSchema, Debug, Clone)]
struct Event {
    at: Unknown<Rfc3339>,
    #[tf(optional)]
    body: Unknown<Nullable<NormalizedJson>>,
    #[tf(optional)]
    stamps: Unknown<Nullable<Vec<Rfc3339>>>,
    #[tf(nested)]
    windows: Unknown<Nullable<Vec<Window>>>,
    #[tf(optional)]
    days: Unknown<Nullable<tfvalue::Set<Rfc3339>>>,
    #[tf(nested(set))]
    slots: Unknown<Nullable<tfvalue::Set<Window>>>,
    #[tf(computed)]
    created: Unknown<Nullable<Rfc3339>>,
}

#[derive(TfSchema, Debug, Clone)]
struct Window {
    from: Unknown<Rfc3339>,
}

/// The same instant in the other spelling of UTC.
fn restyle(at: &Rfc3339) -> Rfc3339 {
    let text = at.as_str();
    match (text.strip_suffix('Z'), text.strip_suffix("+00:00")) {
        (Some(head), _) => Rfc3339::new(format!("{head}+00:00")),
        (_, Some(head)) => Rfc3339::new(format!("{head}Z")),
        _ => at.clone(),
    }
}

fn restyle_unknown(at: &mut Unknown<Rfc3339>) {
    if let Some(value) = at.as_known() {
        *at = Unknown::known(restyle(value));
    }
}

/// The same document, pretty-printed.
fn reindent(body: &NormalizedJson) -> NormalizedJson {
    let value: serde_json::Value = body.parse().unwrap();
    NormalizedJson::new(serde_json::to_string_pretty(&value).unwrap())
}

fn restyle_stamp(mut stamp: Stamp) -> Stamp {
    restyle_unknown(&mut stamp.at);
    stamp
}

fn restyle_event(mut event: Event) -> Event {
    restyle_unknown(&mut event.at);
    if let Some(Nullable::Value(body)) = event.body.as_known() {
        event.body = Unknown::known(Nullable::Value(reindent(body)));
    }
    if let Some(Nullable::Value(stamps)) = event.stamps.as_known() {
        event.stamps = Unknown::known(Nullable::Value(stamps.iter().map(restyle).collect()));
    }
    if let Some(Nullable::Value(windows)) = event.windows.as_known() {
        let mut windows = windows.clone();
        for window in &mut windows {
            restyle_unknown(&mut window.from);
        }
        event.windows = Unknown::known(Nullable::Value(windows));
    }
    if let Some(Nullable::Value(days)) = event.days.as_known() {
        event.days = Unknown::known(Nullable::Value(days.iter().map(restyle).collect()));
    }
    if let Some(Nullable::Value(slots)) = event.slots.as_known() {
        let slots = slots
            .iter()
            .map(|slot| {
                let mut slot = slot.clone();
                restyle_unknown(&mut slot.from);
                slot
            })
            .collect();
        event.slots = Unknown::known(Nullable::Value(slots));
    }
    event
}

/// A resource that answers each value in its other spelling, in plan, apply and read.
macro_rules! restyling_resource {
    ($name:ident, $model:ty, $restyle:ident, $fill:expr) => {
        struct $name;
        impl Resource for $name {
            type Model = $model;
            type Data = ();
            async fn plan(
                &self,
                _: &mut Context<()>,
                plan: &mut Plan<$model>,
            ) -> Result<(), Diagnostics> {
                plan.planned = $restyle(plan.planned.clone());
                Ok(())
            }
            async fn create(
                &self,
                _: &mut Context<()>,
                request: CreateRequest<$model>,
            ) -> Result<$model, ApplyError<$model>> {
                let fill: fn($model) -> $model = $fill;
                Ok(fill($restyle(request.planned)))
            }
            async fn read(
                &self,
                _: &mut Context<()>,
                request: ReadRequest<$model>,
            ) -> Result<Option<$model>, Diagnostics> {
                Ok(Some($restyle(request.state)))
            }
            async fn update(
                &self,
                _: &mut Context<()>,
                request: UpdateRequest<$model>,
            ) -> Result<$model, ApplyError<$model>> {
                let fill: fn($model) -> $model = $fill;
                Ok(fill($restyle(request.planned)))
            }
            async fn delete(
                &self,
                _: &mut Context<()>,
                _: DeleteRequest<$model>,
            ) -> Result<(), ApplyError<$model>> {
                Ok(())
            }
        }
    };
}

restyling_resource!(Stamps, Stamp, restyle_stamp, |s| s);
restyling_resource!(Events, Event, restyle_event, |mut e: Event| {
    if e.created.is_unknown() {
        e.created = Unknown::known(Nullable::Value(Rfc3339::new("2024-06-01T12:00:00+00:00")));
    }
    e
});

/// A data source that answers the configured instant in its other spelling.
struct StampSource;

impl DataSource for StampSource {
    type Model = Stamp;
    type Data = ();

    async fn read(
        &self,
        _: &mut Context<()>,
        request: ReadDataSourceRequest<Stamp>,
    ) -> Result<Stamp, Diagnostics> {
        Ok(restyle_stamp(request.config))
    }
}

/// `utc(at, settings)`: the timestamp in UTC; `settings` (JSON) may be null.
struct Utc;

impl Function for Utc {
    type Args = (Rfc3339, Option<NormalizedJson>);
    type Output = String;
    type Data = ();

    fn signature(&self) -> Signature {
        Signature::new("The timestamp in UTC")
            .param("at", "An RFC 3339 timestamp")
            .param("settings", "JSON, or null")
    }

    async fn call(
        &self,
        _: &mut Context<()>,
        (at, _): Self::Args,
    ) -> Result<String, FunctionError> {
        let utc = at.parse().ok().and_then(|t| t.to_utc());
        Ok(utc.map(|t| t.to_string()).unwrap_or_default())
    }
}

struct CustomProvider;

impl Provider for CustomProvider {
    type Config = Config;
    type Data = ();

    fn register(&self, registry: &mut impl Registry<()>) {
        registry.resource("test_stamp", Stamps);
        registry.resource("test_event", Events);
        registry.data_source("test_stamp", StampSource);
        registry.function("utc", Utc);
    }

    async fn configure(
        &self,
        _: &mut Context<()>,
        _: ConfigureRequest<Config>,
    ) -> Result<(), Diagnostics> {
        Ok(())
    }
}

fn msgpack(bytes: &[u8]) -> Option<pb::DynamicValue> {
    Some(pb::DynamicValue {
        msgpack: bytes.to_vec(),
        json: Vec::new(),
    })
}

/// `{"at": <text>}` in MessagePack (a fixstr: `text` is shorter than 32 bytes).
fn stamp_bytes(text: &str) -> Vec<u8> {
    let mut out = vec![
        0x81,
        0xa2,
        b'a',
        b't',
        0xa0 | u8::try_from(text.len()).unwrap(),
    ];
    out.extend_from_slice(text.as_bytes());
    out
}

const Z: &str = "2024-02-29T23:30:00Z";
const UTC: &str = "2024-02-29T23:30:00+00:00";

fn service() -> ProviderService<CustomProvider> {
    ProviderService::new(CustomProvider).unwrap()
}

#[tokio::test]
async fn stamp_bytes_spell_the_model() {
    // {"at": "2024-02-29T23:30:00Z"}, spelled out once.
    let mut expected = vec![0x81, 0xa2, b'a', b't', 0xb4];
    expected.extend_from_slice(b"2024-02-29T23:30:00Z");
    assert_eq!(stamp_bytes(Z), expected);
    let value = Value::from_msgpack(&expected, Stamp::schema().object_type()).unwrap();
    assert_eq!(value.attr("at"), Some(&Value::String(Z.to_owned())));
}

#[tokio::test]
async fn apply_keeps_the_planned_text_and_read_the_prior_text() {
    let svc = service();
    // Create: the resource answers `+00:00` for the planned `Z`; the new state is the
    // planned bytes.
    let r = svc
        .apply_resource_change(Request::new(pb::apply_resource_change::Request {
            type_name: "test_stamp".into(),
            prior_state: msgpack(&[0xc0]),
            planned_state: msgpack(&stamp_bytes(Z)),
            config: msgpack(&stamp_bytes(Z)),
            planned_private: Vec::new(),
            provider_meta: None,
            planned_identity: None,
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(errors(&r.diagnostics).is_empty(), "{:?}", r.diagnostics);
    assert_eq!(r.new_state.unwrap().msgpack, stamp_bytes(Z));

    // Read: the stored `+00:00` stays, in the JSON a read answers.
    let r = svc
        .read_resource(Request::new(pb::read_resource::Request {
            type_name: "test_stamp".into(),
            current_state: msgpack(&stamp_bytes(UTC)),
            private: Vec::new(),
            provider_meta: None,
            client_capabilities: None,
            current_identity: None,
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(errors(&r.diagnostics).is_empty(), "{:?}", r.diagnostics);
    let state = r.new_state.unwrap();
    assert_eq!(state.json, br#"{"at":"2024-02-29T23:30:00+00:00"}"#);
}

#[tokio::test]
async fn a_data_source_keeps_the_configured_text() {
    let svc = service();
    let read = |config: Vec<u8>| {
        svc.read_data_source(Request::new(pb::read_data_source::Request {
            type_name: "test_stamp".into(),
            config: msgpack(&config),
            provider_meta: None,
            client_capabilities: None,
        }))
    };
    // Configured `Z`, answered `+00:00`: the result holds the configured bytes.
    let r = read(stamp_bytes(Z)).await.unwrap().into_inner();
    assert!(errors(&r.diagnostics).is_empty(), "{:?}", r.diagnostics);
    assert_eq!(r.state.unwrap().msgpack, stamp_bytes(Z));
    let r = read(stamp_bytes(UTC)).await.unwrap().into_inner();
    assert_eq!(r.state.unwrap().msgpack, stamp_bytes(UTC));
}

#[tokio::test]
async fn a_different_instant_is_answered_as_the_resource_gives_it() {
    let svc = service();
    // The prior state names another instant than the resource's answer: no keeping.
    let r = svc
        .read_resource(Request::new(pb::read_resource::Request {
            type_name: "test_stamp".into(),
            current_state: msgpack(&stamp_bytes("2024-02-29T23:30:00+01:00")),
            private: Vec::new(),
            provider_meta: None,
            client_capabilities: None,
            current_identity: None,
        }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(
        r.new_state.unwrap().json,
        br#"{"at":"2024-02-29T23:30:00+01:00"}"#
    );
}

#[tokio::test]
async fn plan_keeps_the_configured_text() {
    let svc = service();
    let r = svc
        .plan_resource_change(Request::new(pb::plan_resource_change::Request {
            client_capabilities: None,
            prior_identity: None,
            type_name: "test_stamp".into(),
            prior_state: msgpack(&[0xc0]),
            proposed_new_state: msgpack(&stamp_bytes(UTC)),
            config: msgpack(&stamp_bytes(UTC)),
            prior_private: Vec::new(),
            provider_meta: None,
            planned_private: Vec::new(),
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(errors(&r.diagnostics).is_empty(), "{:?}", r.diagnostics);
    assert_eq!(r.planned_state.unwrap().msgpack, stamp_bytes(UTC));
}

fn event_type() -> &'static Type {
    Event::schema().object_type()
}

fn event(json: &str) -> Value {
    let mut given: serde_json::Map<String, serde_json::Value> = serde_json::from_str(json).unwrap();
    for name in event_type().as_object().unwrap().names() {
        given.entry(name.clone()).or_insert(serde_json::Value::Null);
    }
    let text = serde_json::Value::Object(given).to_string();
    Value::from_json(text.as_bytes(), event_type()).unwrap()
}

/// `value` with the elements of every set in one order: sets compare as sets.
fn sorted(value: &Value) -> Value {
    match value {
        Value::Set(ty, elements) => {
            let mut elements: Vec<Value> = elements.iter().map(sorted).collect();
            elements.sort_by_key(|e| format!("{e:?}"));
            Value::Set(ty.clone(), elements)
        }
        Value::List(ty, elements) => Value::List(ty.clone(), elements.iter().map(sorted).collect()),
        Value::Object(ty, attributes) => {
            Value::Object(ty.clone(), attributes.iter().map(sorted).collect())
        }
        other => other.clone(),
    }
}

fn event_wire(value: &Value) -> Option<pb::DynamicValue> {
    msgpack(&value.to_msgpack(event_type()).unwrap())
}

#[tokio::test]
async fn nested_and_element_values_keep_their_text() {
    let svc = service();
    let config = event(
        r#"{"at": "2024-01-01T00:00:00Z", "body": "{\"b\": 1, \"a\": [true]}",
            "stamps": ["2024-01-02T00:00:00Z", "2024-01-03T00:00:00+00:00"],
            "windows": [{"from": "2024-01-04T00:00:00Z"}],
            "days": ["2024-01-05T00:00:00Z", "2024-01-05T00:00:00+00:00", "2024-01-06T00:00:00Z"],
            "slots": [{"from": "2024-01-07T00:00:00Z"}, {"from": "2024-01-08T00:00:00Z"}]}"#,
    );
    let mut proposed = config.clone();
    *proposed.attr_mut("created").unwrap() = Value::null(Type::String);
    // Plan: the resource restyles everything, the plan answers the configuration's text
    // (and `created` unknown).
    let r = svc
        .plan_resource_change(Request::new(pb::plan_resource_change::Request {
            client_capabilities: None,
            prior_identity: None,
            type_name: "test_event".into(),
            prior_state: msgpack(&[0xc0]),
            proposed_new_state: event_wire(&proposed),
            config: event_wire(&config),
            prior_private: Vec::new(),
            provider_meta: None,
            planned_private: Vec::new(),
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(errors(&r.diagnostics).is_empty(), "{:?}", r.diagnostics);
    let planned = decode_as(r.planned_state.as_ref(), event_type());
    let mut expected = config.clone();
    *expected.attr_mut("created").unwrap() = Value::unknown(Type::String);
    assert_eq!(sorted(&planned), sorted(&expected));

    // Apply: the resource restyles again and fills `created`; everything planned keeps
    // its text, `created` is as answered.
    let r = svc
        .apply_resource_change(Request::new(pb::apply_resource_change::Request {
            type_name: "test_event".into(),
            prior_state: msgpack(&[0xc0]),
            planned_state: event_wire(&planned),
            config: event_wire(&config),
            planned_private: Vec::new(),
            provider_meta: None,
            planned_identity: None,
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(errors(&r.diagnostics).is_empty(), "{:?}", r.diagnostics);
    let state = decode_as(r.new_state.as_ref(), event_type());
    let mut expected = config.clone();
    *expected.attr_mut("created").unwrap() = Value::String("2024-06-01T12:00:00+00:00".into());
    assert_eq!(sorted(&state), sorted(&expected));

    // Plan of an update with nothing configured changed: the computed `created`, which
    // the resource restyles, keeps the prior text, and the plan equals the prior state.
    let r = svc
        .plan_resource_change(Request::new(pb::plan_resource_change::Request {
            client_capabilities: None,
            prior_identity: None,
            type_name: "test_event".into(),
            prior_state: event_wire(&state),
            proposed_new_state: event_wire(&state),
            config: event_wire(&config),
            prior_private: Vec::new(),
            provider_meta: None,
            planned_private: Vec::new(),
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(errors(&r.diagnostics).is_empty(), "{:?}", r.diagnostics);
    assert_eq!(
        sorted(&decode_as(r.planned_state.as_ref(), event_type())),
        sorted(&state)
    );

    // Read: the prior text everywhere.
    let r = svc
        .read_resource(Request::new(pb::read_resource::Request {
            type_name: "test_event".into(),
            current_state: event_wire(&state),
            private: Vec::new(),
            provider_meta: None,
            client_capabilities: None,
            current_identity: None,
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(errors(&r.diagnostics).is_empty(), "{:?}", r.diagnostics);
    assert_eq!(
        sorted(&decode_as(r.new_state.as_ref(), event_type())),
        sorted(&state)
    );
}

/// Every error of a validation: `path: summary: detail`.
async fn validate(svc: &ProviderService<CustomProvider>, config: Value) -> Vec<String> {
    let r = svc
        .validate_resource_config(Request::new(pb::validate_resource_config::Request {
            client_capabilities: None,
            type_name: "test_event".into(),
            config: event_wire(&config),
        }))
        .await
        .unwrap()
        .into_inner();
    r.diagnostics
        .iter()
        .map(|d| {
            let at = d
                .attribute
                .as_ref()
                .map(path_from_proto)
                .map(|p| p.to_string())
                .unwrap_or_default();
            format!("{at}: {}: {}", d.summary, d.detail)
        })
        .collect()
}

#[tokio::test]
async fn validation_tells_each_types_diagnostic_where_the_value_is() {
    let svc = service();
    let valid = event(r#"{"at": "2024-01-01T00:00:00Z", "body": "[]"}"#);
    assert_eq!(validate(&svc, valid).await, Vec::<String>::new());
    let found = validate(
        &svc,
        event(
            r#"{"at": "2024-01-01", "body": "{\"a\":", "stamps": ["2024-01-01T00:00:00Z", "2023-02-29T00:00:00Z"],
                "windows": [{"from": "noon"}]}"#,
        ),
    )
    .await;
    assert_eq!(
        found,
        [
            ".at: Invalid RFC3339 String Value: A string value was provided that is not valid \
             RFC3339 string format.\n\nGiven Value: 2024-01-01\nError: parsing time \
             \"2024-01-01\" as \"2006-01-02T15:04:05Z07:00\": cannot parse \"\" as \"T\"",
            ".body: Invalid JSON String Value: A string value was provided that is not valid \
             JSON string format (RFC 7159).\n\nGiven Value: {\"a\":\n",
            // Terraform points diagnostics at an attribute, not inside its value; the
            // detail gives the element's text.
            ".stamps: Invalid RFC3339 String Value: A string value was provided that is not \
             valid RFC3339 string format.\n\nGiven Value: 2023-02-29T00:00:00Z\nError: parsing \
             time \"2023-02-29T00:00:00Z\": day out of range",
            ".windows: Invalid RFC3339 String Value: A string value was provided that \
             is not valid RFC3339 string format.\n\nGiven Value: noon\nError: parsing time \
             \"noon\" as \"2006-01-02T15:04:05Z07:00\": cannot parse \"noon\" as \"2006\"",
        ]
    );
    // Unknown values wait.
    let mut config = event(r#"{"at": "2024-01-01T00:00:00Z"}"#);
    *config.attr_mut("body").unwrap() = Value::unknown(Type::String);
    assert_eq!(validate(&svc, config).await, Vec::<String>::new());
}

/// One argument of `utc` in MessagePack: a string (a fixstr or str8), or nil.
fn argument(text: Option<&str>) -> pb::DynamicValue {
    let msgpack = match text {
        None => vec![0xc0],
        Some(text) if text.len() < 32 => {
            let mut out = vec![0xa0 | u8::try_from(text.len()).unwrap()];
            out.extend_from_slice(text.as_bytes());
            out
        }
        Some(text) => {
            let mut out = vec![0xd9, u8::try_from(text.len()).unwrap()];
            out.extend_from_slice(text.as_bytes());
            out
        }
    };
    pb::DynamicValue {
        msgpack,
        json: Vec::new(),
    }
}

#[tokio::test]
async fn function_arguments_are_validated_by_their_type() {
    let svc = service();
    let call = |arguments: Vec<pb::DynamicValue>| {
        svc.call_function(Request::new(pb::call_function::Request {
            name: "utc".into(),
            arguments,
        }))
    };
    let r = call(vec![argument(Some(UTC)), argument(None)])
        .await
        .unwrap()
        .into_inner();
    assert_eq!(r.error, None);
    // "2024-02-29T23:30:00Z" as a fixstr.
    assert_eq!(r.result.unwrap().msgpack, stamp_bytes(Z)[4..]);

    let r = call(vec![argument(Some("2024-02-30T00:00:00Z")), argument(None)])
        .await
        .unwrap()
        .into_inner();
    let e = r.error.expect("an argument error");
    assert_eq!(e.function_argument, Some(0));
    assert_eq!(
        e.text,
        "Invalid RFC3339 String Value: A string value was provided that is not valid RFC3339 \
         string format.\n\nGiven Value: 2024-02-30T00:00:00Z\nError: parsing time \
         \"2024-02-30T00:00:00Z\": day out of range"
    );

    let r = call(vec![argument(Some(Z)), argument(Some("{\"a\":"))])
        .await
        .unwrap()
        .into_inner();
    let e = r.error.expect("an argument error");
    assert_eq!(e.function_argument, Some(1));
    assert_eq!(
        e.text,
        "Invalid JSON String Value: A string value was provided that is not valid JSON string \
         format (RFC 7159).\n\nGiven Value: {\"a\":\n"
    );
}

#[tokio::test]
async fn a_plan_answers_the_configured_text_not_the_prior_one() {
    let svc = service();
    // Stored `Z`, configured `+00:00`, the resource's plan says `Z`: Terraform requires a
    // configured value planned as configured, so the plan answers `+00:00` (an update
    // that changes the text only).
    let r = svc
        .plan_resource_change(Request::new(pb::plan_resource_change::Request {
            client_capabilities: None,
            prior_identity: None,
            type_name: "test_stamp".into(),
            prior_state: msgpack(&stamp_bytes(Z)),
            proposed_new_state: msgpack(&stamp_bytes(UTC)),
            config: msgpack(&stamp_bytes(UTC)),
            prior_private: Vec::new(),
            provider_meta: None,
            planned_private: Vec::new(),
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(errors(&r.diagnostics).is_empty(), "{:?}", r.diagnostics);
    assert_eq!(r.planned_state.unwrap().msgpack, stamp_bytes(UTC));
}
