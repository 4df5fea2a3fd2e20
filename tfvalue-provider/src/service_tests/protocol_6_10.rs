//! The RPCs protocol 6.10 added to 6.4, in process: each is answered (never a gRPC
//! error), with the diagnostic its dispatch promises, whatever values and names it gets.

use tokio_stream::StreamExt as _;

use super::*;

/// The one error diagnostic of an answer: its summary and detail.
fn one_error(rpc: &str, diagnostics: &[pb::Diagnostic]) -> (String, String) {
    let errors: Vec<&pb::Diagnostic> = (diagnostics.iter())
        .filter(|d| d.severity == pb::diagnostic::Severity::Error as i32)
        .collect();
    assert_eq!(errors.len(), 1, "{rpc}: {diagnostics:?}");
    assert_eq!(diagnostics.len(), 1, "{rpc}: {diagnostics:?}");
    (errors[0].summary.clone(), errors[0].detail.clone())
}

/// Checks that `diagnostics` is one error with `summary` whose detail names `name`.
fn assert_refused(rpc: &str, diagnostics: &[pb::Diagnostic], summary: &str, name: &str) {
    let (got, detail) = one_error(rpc, diagnostics);
    assert_eq!(got, summary, "{rpc}");
    assert!(
        detail.contains(&format!("{name:?}")),
        "{rpc}: {detail:?} names {name:?}"
    );
}

#[tokio::test]
async fn capabilities_announce_optional_schema_moves_and_config_generation() {
    let svc = service();
    let meta = svc
        .get_metadata(Request::new(pb::get_metadata::Request {}))
        .await
        .unwrap()
        .into_inner();
    let expected = pb::ServerCapabilities {
        plan_destroy: true,
        get_provider_schema_optional: true,
        move_resource_state: true,
        generate_resource_config: true,
    };
    assert_eq!(meta.server_capabilities, Some(expected));
    assert!(meta.functions.is_empty() && meta.ephemeral_resources.is_empty());
    assert!(meta.list_resources.is_empty() && meta.state_stores.is_empty());
    assert!(meta.actions.is_empty());
    let schema = svc
        .get_provider_schema(Request::new(pb::get_provider_schema::Request {}))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(schema.server_capabilities, Some(expected));
    assert!(schema.functions.is_empty() && schema.ephemeral_resource_schemas.is_empty());
    assert!(schema.list_resource_schemas.is_empty() && schema.state_store_schemas.is_empty());
    assert!(schema.action_schemas.is_empty());
    // Not a single attribute is write-only: tfvalue's schemas have none.
    let thing = schema.resource_schemas["test_thing"]
        .block
        .as_ref()
        .unwrap();
    assert!(thing.attributes.iter().all(|a| !a.write_only));
}

/// `get_provider_schema_optional`: a service that never answered GetProviderSchema plans,
/// applies and reads as one that did.
#[tokio::test]
async fn nothing_needs_the_schema_rpc_first() {
    let svc = service();
    assert!(configure(&svc, "p-")
        .await
        .iter()
        .all(|d| d.severity != pb::diagnostic::Severity::Error as i32));
    let proposed = thing(null_s(), s("a"), null_n(), null_s());
    let plan = svc
        .plan_resource_change(Request::new(pb::plan_resource_change::Request {
            type_name: "test_thing".into(),
            prior_state: Some(nil()),
            proposed_new_state: Some(proposed.clone()),
            config: Some(proposed.clone()),
            prior_private: Vec::new(),
            provider_meta: None,
            planned_private: Vec::new(),
            client_capabilities: Some(pb::ClientCapabilities {
                deferral_allowed: true,
                write_only_attributes_allowed: true,
                store_planned_private: false,
                computed_blocks_allowed: false,
            }),
            prior_identity: None,
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(
        errors(&plan.diagnostics).is_empty(),
        "{:?}",
        plan.diagnostics
    );
    let applied = apply(&svc, Some(nil()), plan.planned_state, Some(proposed)).await;
    assert!(
        errors(&applied.diagnostics).is_empty(),
        "{:?}",
        applied.diagnostics
    );
    assert_eq!(
        decode(&applied.new_state).get(&AttributePath::root().attr("label")),
        Some(&s("p-a"))
    );
}

#[tokio::test]
async fn without_identities_the_identity_rpcs_answer_no_schema_and_refuse_upgrades() {
    let svc = service();
    let schemas = svc
        .get_resource_identity_schemas(Request::new(pb::get_resource_identity_schemas::Request {}))
        .await
        .unwrap()
        .into_inner();
    assert!(schemas.identity_schemas.is_empty() && schemas.diagnostics.is_empty());
    for (type_name, summary) in [
        ("test_thing", "Unknown resource type with an identity"),
        ("no_such_type", "Unknown resource type"),
    ] {
        let upgraded = svc
            .upgrade_resource_identity(Request::new(pb::upgrade_resource_identity::Request {
                type_name: type_name.into(),
                version: 3,
                raw_identity: Some(pb::RawState {
                    json: b"{\"id\": [".to_vec(),
                    flatmap: Default::default(),
                }),
            }))
            .await
            .unwrap()
            .into_inner();
        assert_refused(
            "UpgradeResourceIdentity",
            &upgraded.diagnostics,
            summary,
            type_name,
        );
        assert_eq!(upgraded.upgraded_identity, None);
    }
}

fn move_request(target: &str, json: &[u8]) -> pb::move_resource_state::Request {
    pb::move_resource_state::Request {
        source_provider_address: "registry.terraform.io/hashicorp/null".into(),
        source_type_name: "null_resource".into(),
        source_schema_version: 0,
        source_state: Some(pb::RawState {
            json: json.to_vec(),
            flatmap: Default::default(),
        }),
        target_type_name: target.into(),
        source_private: b"private".to_vec(),
        source_identity: None,
        source_identity_schema_version: 0,
    }
}

/// `test_thing` accepts no moves (the default `move_state`): whatever the source state,
/// the answer names both types; an empty source state is refused before the type is
/// asked; an unknown target is named.
#[tokio::test]
async fn moves_are_refused_naming_both_types_or_the_unknown_target() {
    let svc = service();
    for json in [&b"{\"id\": \"x\"}"[..], b"{\"id\": [", b""] {
        let moved = svc
            .move_resource_state(Request::new(move_request("test_thing", json)))
            .await
            .unwrap()
            .into_inner();
        if json.is_empty() {
            let (summary, _) = one_error("MoveResourceState", &moved.diagnostics);
            assert_eq!(summary, "Unsupported source state format");
        } else {
            assert_refused(
                "MoveResourceState",
                &moved.diagnostics,
                "Unable to Move Resource State",
                "null_resource",
            );
            assert!(moved.diagnostics[0].detail.contains("\"test_thing\""));
        }
        assert_eq!(
            (moved.target_state, moved.target_private),
            (None, Vec::new())
        );
        let unknown = svc
            .move_resource_state(Request::new(move_request("test_nothing", json)))
            .await
            .unwrap()
            .into_inner();
        assert_refused(
            "MoveResourceState",
            &unknown.diagnostics,
            "Unknown resource type",
            "test_nothing",
        );
    }
}

#[tokio::test]
async fn config_generation_keeps_what_configuration_can_hold() {
    let svc = service();
    // `id` is computed: no configuration sets it; the rest is kept as the state holds it.
    let state = thing(s("t-1"), s("box"), Value::Number(3.into()), s("L"));
    let generated = svc
        .generate_resource_config(Request::new(pb::generate_resource_config::Request {
            type_name: "test_thing".into(),
            state: Some(state),
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(
        generated.diagnostics.is_empty(),
        "{:?}",
        generated.diagnostics
    );
    let config = decode(&generated.config);
    assert!(config.attr("id").is_some_and(Value::is_null));
    assert_eq!(config.attr("name"), Some(&s("box")));
    for (type_name, state, summary) in [
        ("test_thing", garbage(), "Invalid state"),
        ("test_nothing", garbage(), "Unknown resource type"),
    ] {
        let generated = svc
            .generate_resource_config(Request::new(pb::generate_resource_config::Request {
                type_name: type_name.into(),
                state,
            }))
            .await
            .unwrap()
            .into_inner();
        let (got, _) = one_error("GenerateResourceConfig", &generated.diagnostics);
        assert_eq!(got, summary);
        assert_eq!(generated.config, None);
    }
}

#[tokio::test]
async fn ephemeral_resources_are_unknown_types() {
    let svc = service();
    let summary = "Unknown ephemeral resource type";
    let name = "test_token";
    let validated = svc
        .validate_ephemeral_resource_config(Request::new(
            pb::validate_ephemeral_resource_config::Request {
                type_name: name.into(),
                config: garbage(),
            },
        ))
        .await
        .unwrap()
        .into_inner();
    assert_refused(
        "ValidateEphemeralResourceConfig",
        &validated.diagnostics,
        summary,
        name,
    );
    let opened = svc
        .open_ephemeral_resource(Request::new(pb::open_ephemeral_resource::Request {
            type_name: name.into(),
            config: garbage_json(),
            client_capabilities: Some(pb::ClientCapabilities::default()),
        }))
        .await
        .unwrap()
        .into_inner();
    assert_refused("OpenEphemeralResource", &opened.diagnostics, summary, name);
    assert_eq!(
        (opened.renew_at, opened.result, opened.private),
        (None, None, None)
    );
    let renewed = svc
        .renew_ephemeral_resource(Request::new(pb::renew_ephemeral_resource::Request {
            type_name: name.into(),
            private: Some(vec![0xff]),
        }))
        .await
        .unwrap()
        .into_inner();
    assert_refused(
        "RenewEphemeralResource",
        &renewed.diagnostics,
        summary,
        name,
    );
    assert_eq!((renewed.renew_at, renewed.private), (None, None));
    let closed = svc
        .close_ephemeral_resource(Request::new(pb::close_ephemeral_resource::Request {
            type_name: "test_thing".into(),
            private: None,
        }))
        .await
        .unwrap()
        .into_inner();
    assert_refused(
        "CloseEphemeralResource",
        &closed.diagnostics,
        summary,
        "test_thing",
    );
}

#[tokio::test]
async fn functions_are_none_and_calls_fail_with_a_function_error() {
    let svc = service();
    let functions = svc
        .get_functions(Request::new(pb::get_functions::Request {}))
        .await
        .unwrap()
        .into_inner();
    assert!(functions.functions.is_empty() && functions.diagnostics.is_empty());
    let called = svc
        .call_function(Request::new(pb::call_function::Request {
            name: "parse".into(),
            arguments: vec![garbage().unwrap(), garbage_json().unwrap()],
        }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(called.result, None);
    let error = called.error.expect("a function error");
    assert_eq!(
        error.text,
        "Unknown function: This provider has no function \"parse\"."
    );
    assert_eq!(error.function_argument, None);
}

#[tokio::test]
async fn an_unknown_list_resource_type_is_named_in_one_event() {
    let svc = service();
    let summary = "Unknown list resource type";
    let validated = svc
        .validate_list_resource_config(Request::new(pb::validate_list_resource_config::Request {
            type_name: "test_thing".into(),
            config: garbage(),
            include_resource_object: garbage_json(),
            limit: Some(nil()),
        }))
        .await
        .unwrap()
        .into_inner();
    assert_refused(
        "ValidateListResourceConfig",
        &validated.diagnostics,
        summary,
        "test_thing",
    );
    let stream = svc
        .list_resource(Request::new(pb::list_resource::Request {
            type_name: "test_thing".into(),
            config: garbage(),
            include_resource_object: true,
            limit: 100,
        }))
        .await
        .unwrap()
        .into_inner();
    let events: Vec<_> = stream.collect::<Result<_, _>>().await.unwrap();
    let [event] = events.as_slice() else {
        panic!("one event: {events:?}");
    };
    assert_refused("ListResource", &event.diagnostic, summary, "test_thing");
    assert!(event.identity.is_none() && event.resource_object.is_none());
}

#[tokio::test]
async fn state_stores_are_refused() {
    let svc = service();
    let summary = "State storage not supported by this provider";
    let store = "test_store";
    let validated = svc
        .validate_state_store_config(Request::new(pb::validate_state_store::Request {
            type_name: store.into(),
            config: garbage(),
        }))
        .await
        .unwrap()
        .into_inner();
    assert_refused(
        "ValidateStateStoreConfig",
        &validated.diagnostics,
        summary,
        store,
    );
    let configured = svc
        .configure_state_store(Request::new(pb::configure_state_store::Request {
            type_name: store.into(),
            config: garbage_json(),
            capabilities: Some(pb::StateStoreClientCapabilities {
                chunk_size: 1 << 20,
            }),
        }))
        .await
        .unwrap()
        .into_inner();
    assert_refused(
        "ConfigureStateStore",
        &configured.diagnostics,
        summary,
        store,
    );
    assert_eq!(configured.capabilities, None);
    let chunks: Vec<_> = svc
        .read_state_bytes(Request::new(pb::read_state_bytes::Request {
            type_name: store.into(),
            state_id: "default".into(),
        }))
        .await
        .unwrap()
        .into_inner()
        .collect::<Result<_, _>>()
        .await
        .unwrap();
    let [chunk] = chunks.as_slice() else {
        panic!("one chunk: {chunks:?}");
    };
    assert_refused("ReadStateBytes", &chunk.diagnostics, summary, store);
    assert_eq!(
        (chunk.bytes.len(), chunk.total_length, chunk.range),
        (0, 0, None)
    );
    let locked = svc
        .lock_state(Request::new(pb::lock_state::Request {
            type_name: store.into(),
            state_id: "default".into(),
            operation: "apply".into(),
        }))
        .await
        .unwrap()
        .into_inner();
    assert_refused("LockState", &locked.diagnostics, summary, store);
    assert_eq!(locked.lock_id, "");
    let unlocked = svc
        .unlock_state(Request::new(pb::unlock_state::Request {
            type_name: store.into(),
            state_id: "default".into(),
            lock_id: "lock".into(),
        }))
        .await
        .unwrap()
        .into_inner();
    assert_refused("UnlockState", &unlocked.diagnostics, summary, store);
    let states = svc
        .get_states(Request::new(pb::get_states::Request {
            type_name: store.into(),
        }))
        .await
        .unwrap()
        .into_inner();
    assert_refused("GetStates", &states.diagnostics, summary, store);
    assert!(states.state_id.is_empty());
    let deleted = svc
        .delete_state(Request::new(pb::delete_state::Request {
            type_name: store.into(),
            state_id: "default".into(),
        }))
        .await
        .unwrap()
        .into_inner();
    assert_refused("DeleteState", &deleted.diagnostics, summary, store);
}

#[tokio::test]
async fn an_unknown_action_type_is_named_and_an_invocation_completes_at_once() {
    let svc = service();
    let summary = "Unknown action type";
    let action = "test_reboot";
    let validated = svc
        .validate_action_config(Request::new(pb::validate_action_config::Request {
            type_name: action.into(),
            config: garbage(),
        }))
        .await
        .unwrap()
        .into_inner();
    assert_refused(
        "ValidateActionConfig",
        &validated.diagnostics,
        summary,
        action,
    );
    let planned = svc
        .plan_action(Request::new(pb::plan_action::Request {
            action_type: action.into(),
            config: garbage_json(),
            client_capabilities: None,
        }))
        .await
        .unwrap()
        .into_inner();
    assert_refused("PlanAction", &planned.diagnostics, summary, action);
    assert_eq!(planned.deferred, None);
    let events: Vec<_> = svc
        .invoke_action(Request::new(pb::invoke_action::Request {
            action_type: action.into(),
            config: garbage(),
            client_capabilities: None,
        }))
        .await
        .unwrap()
        .into_inner()
        .collect::<Result<_, _>>()
        .await
        .unwrap();
    let [pb::invoke_action::Event {
        r#type: Some(pb::invoke_action::event::Type::Completed(completed)),
    }] = events.as_slice()
    else {
        panic!("one completion: {events:?}");
    };
    assert_refused("InvokeAction", &completed.diagnostics, summary, action);
}
