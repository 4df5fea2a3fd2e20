//! `MoveResourceState` in process: a type that accepts objects of another type, what it
//! answers for them and for every fault (a source it does not accept, garbage source
//! states, an unknown target, a panic, an unknown result).

use super::*;
use crate::MovedState;
use crate::{ConfigureRequest, CreateRequest, DeleteRequest, ReadRequest, UpdateRequest};

/// The source type's model, as its state was stored.
#[derive(TfSchema, Debug)]
struct OldThing {
    name: String,
    size: Nullable<i64>,
}

/// The target type's model.
#[derive(TfSchema, Debug, Clone)]
struct NewThing {
    #[tf(computed)]
    id: Unknown<Nullable<String>>,
    name: Unknown<String>,
    size: Unknown<Nullable<i64>>,
}

/// Accepts objects of `test_old`; a name of "panic" panics, "lazy" leaves `id` unknown.
struct NewThings;

impl Resource for NewThings {
    type Model = NewThing;
    type Data = ();

    async fn create(
        &self,
        _: &mut Context<()>,
        request: CreateRequest<NewThing>,
    ) -> Result<NewThing, ApplyError<NewThing>> {
        let t = request.planned;
        Ok(t)
    }

    async fn read(
        &self,
        _: &mut Context<()>,
        request: ReadRequest<NewThing>,
    ) -> Result<Option<NewThing>, Diagnostics> {
        let t = request.state;
        Ok(Some(t))
    }

    async fn update(
        &self,
        _: &mut Context<()>,
        request: UpdateRequest<NewThing>,
    ) -> Result<NewThing, ApplyError<NewThing>> {
        let t = request.planned;
        Ok(t)
    }

    async fn delete(
        &self,
        _: &mut Context<()>,
        _: DeleteRequest<NewThing>,
    ) -> Result<(), ApplyError<NewThing>> {
        Ok(())
    }

    async fn move_state(
        &self,
        ctx: &mut Context<()>,
        source: MovedState<'_>,
    ) -> Result<Option<NewThing>, Diagnostics> {
        if source.source_type_name() != "test_old" {
            return Ok(None);
        }
        let old: OldThing = source.decode()?;
        assert!(old.name != "panic", "asked to panic");
        let trail: String = ctx.private().get("trail")?.unwrap_or_default();
        ctx.private_mut().set("trail", &format!("{trail}+moved"))?;
        ctx.warn(Diagnostic::warning("moved").with_detail(source.source_provider_address()));
        let id = if old.name == "lazy" {
            Unknown::unknown()
        } else {
            Unknown::known(Nullable::Value(format!("id-{}", old.name)))
        };
        Ok(Some(NewThing {
            id,
            name: Unknown::known(old.name),
            size: Unknown::known(old.size),
        }))
    }
}

struct MoveProvider;

impl Provider for MoveProvider {
    type Config = Config;
    type Data = ();

    fn register(&self, registry: &mut impl Registry<()>) {
        registry.resource("test_new", NewThings);
    }

    async fn configure(
        &self,
        _: &mut Context<()>,
        _: ConfigureRequest<Config>,
    ) -> Result<(), Diagnostics> {
        Ok(())
    }
}

fn request(
    source_type: &str,
    target: &str,
    json: Option<&[u8]>,
) -> pb::move_resource_state::Request {
    pb::move_resource_state::Request {
        source_provider_address: "registry.terraform.io/example/test".into(),
        source_type_name: source_type.into(),
        source_schema_version: 0,
        source_state: json.map(|json| pb::RawState {
            json: json.to_vec(),
            flatmap: Default::default(),
        }),
        target_type_name: target.into(),
        source_private: br#"{"trail":"p"}"#.to_vec(),
        source_identity: None,
        source_identity_schema_version: 0,
    }
}

async fn send(
    svc: &ProviderService<MoveProvider>,
    request: pb::move_resource_state::Request,
) -> pb::move_resource_state::Response {
    svc.move_resource_state(Request::new(request))
        .await
        .unwrap()
        .into_inner()
}

fn move_service() -> ProviderService<MoveProvider> {
    ProviderService::new(MoveProvider).unwrap()
}

/// The one error of an answer: its summary, its detail, and whether it has a path.
fn the_error(r: &pb::move_resource_state::Response) -> (String, String, bool) {
    assert_eq!(errors(&r.diagnostics).len(), 1, "{:?}", r.diagnostics);
    let e = (r.diagnostics.iter())
        .find(|d| d.severity == pb::diagnostic::Severity::Error as i32)
        .unwrap();
    (e.summary.clone(), e.detail.clone(), e.attribute.is_some())
}

#[tokio::test]
async fn an_accepted_move_answers_the_state_and_private_state_of_the_target_type() {
    let svc = move_service();
    let r = send(
        &svc,
        request("test_old", "test_new", Some(br#"{"size": 3, "name": "a"}"#)),
    )
    .await;
    assert!(errors(&r.diagnostics).is_empty(), "{:?}", r.diagnostics);
    let ty = NewThing::schema().object_type();
    let state = Value::from_msgpack(&r.target_state.unwrap().msgpack, ty).unwrap();
    let expected = Value::object([
        ("id", s("id-a")),
        ("name", s("a")),
        ("size", Value::Number(3.into())),
    ]);
    assert_eq!(state, expected);
    assert_eq!(r.target_private, br#"{"trail":"p+moved"}"#);
    // The provider's own warning comes along.
    assert_eq!(r.diagnostics.len(), 1);
    assert_eq!(r.diagnostics[0].summary, "moved");
    assert_eq!(
        r.diagnostics[0].detail,
        "registry.terraform.io/example/test"
    );
}

#[tokio::test]
async fn a_source_type_not_accepted_is_refused_naming_both_types() {
    let svc = move_service();
    let r = send(
        &svc,
        request("test_other", "test_new", Some(br#"{"name": "a"}"#)),
    )
    .await;
    let (summary, detail, at) = the_error(&r);
    assert_eq!(summary, "Unable to Move Resource State");
    assert!(
        detail.contains("\"test_other\"") && detail.contains("\"test_new\""),
        "{detail}"
    );
    assert!(!at);
    assert_eq!((r.target_state, r.target_private), (None, Vec::new()));
}

#[tokio::test]
async fn garbage_source_states_are_errors_naming_the_attribute() {
    let svc = move_service();
    let cases: [(&[u8], &str); 5] = [
        (br#"{"name": 5, "size": null}"#, ".name"),
        (br#"{"name": "a", "size": "big"}"#, ".size"),
        (br#"{"name": "a"}"#, "size"),
        (br#"{"name": "a", "size": 1, "colour": "red"}"#, "colour"),
        (br#"{"name": ["#, ".name"),
    ];
    for (json, named) in cases {
        let r = send(&svc, request("test_old", "test_new", Some(json))).await;
        let (summary, detail, at) = the_error(&r);
        assert_eq!(
            summary,
            "Invalid source state",
            "{}",
            String::from_utf8_lossy(json)
        );
        assert!(detail.contains(named), "{detail:?} names {named}");
        assert!(detail.contains("\"test_old\""), "{detail}");
        // A path into the source's schema means nothing in the target's configuration.
        assert!(!at, "{detail}");
        assert_eq!(r.target_state, None);
    }
    // Another schema version than the model's.
    let mut other_version = request("test_old", "test_new", Some(br#"{"name": "a", "size": 1}"#));
    other_version.source_schema_version = 2;
    let (summary, detail, _) = the_error(&send(&svc, other_version).await);
    assert_eq!(summary, "Invalid source state");
    assert!(detail.contains("schema version 2"), "{detail}");
    // No state, an empty one, a flatmap one.
    let (summary, ..) = the_error(&send(&svc, request("test_old", "test_new", None)).await);
    assert_eq!(summary, "Missing Source Resource State");
    let (summary, ..) = the_error(&send(&svc, request("test_old", "test_new", Some(b""))).await);
    assert_eq!(summary, "Unsupported source state format");
    let mut flatmap = request("test_old", "test_new", Some(b""));
    flatmap
        .source_state
        .as_mut()
        .unwrap()
        .flatmap
        .insert("id".into(), "x".into());
    let (_, detail, _) = the_error(&send(&svc, flatmap).await);
    assert!(detail.contains("flatmap"), "{detail}");
}

#[tokio::test]
async fn an_unknown_target_type_is_named() {
    let svc = move_service();
    let r = send(
        &svc,
        request(
            "test_old",
            "test_newer",
            Some(br#"{"name": "a", "size": 1}"#),
        ),
    )
    .await;
    let (summary, detail, _) = the_error(&r);
    assert_eq!(summary, "Unknown resource type");
    assert!(detail.contains("\"test_newer\""), "{detail}");
}

#[tokio::test]
async fn a_panicking_move_fails_its_rpc_and_the_service_goes_on() {
    let svc = move_service();
    let r = send(
        &svc,
        request(
            "test_old",
            "test_new",
            Some(br#"{"name": "panic", "size": 1}"#),
        ),
    )
    .await;
    let (summary, detail, _) = the_error(&r);
    assert_eq!(summary, "The provider failed");
    assert!(
        detail.contains("asked to panic") && detail.contains("MoveResourceState"),
        "{detail}"
    );
    assert_eq!(r.target_state, None);
    let r = send(
        &svc,
        request("test_old", "test_new", Some(br#"{"name": "b", "size": 1}"#)),
    )
    .await;
    assert!(errors(&r.diagnostics).is_empty(), "{:?}", r.diagnostics);
}

#[tokio::test]
async fn a_moved_state_with_unknowns_is_refused_naming_them() {
    let svc = move_service();
    let r = send(
        &svc,
        request(
            "test_old",
            "test_new",
            Some(br#"{"name": "lazy", "size": 1}"#),
        ),
    )
    .await;
    let (summary, detail, _) = the_error(&r);
    assert_eq!(summary, "Provider produced an invalid moved state");
    assert!(detail.contains(".id"), "{detail}");
    assert_eq!((r.target_state, r.target_private), (None, Vec::new()));
}
