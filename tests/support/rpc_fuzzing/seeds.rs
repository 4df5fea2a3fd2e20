//! Seed inputs of the `rpc` target: a valid request for every RPC of protocol 6.11, built
//! from the fuzz provider's models as Terraform would send them (configuration, plan and
//! state of `fuzz_thing`; a `fuzz_lookup` configuration; `fuzz_notify` configurations; the
//! provider block), and for the RPCs of kinds the provider does not serve, requests naming
//! a type of that kind.

use std::collections::BTreeMap;

use tfvalue::custom_types::{NormalizedJson, Rfc3339};
use tfvalue::{Nullable, Set, TfSchema, Type, Unknown, Value};
use tfvalue_provider::__unstable_proto::tfplugin6 as pb;

use super::provider::{
    Config, Defaults, Endpoint, Extras, Filter, Lookup, Match, Member, Notify, Owner, Rule, Status,
    Thing, ThingIdentity, ThingQuery, Token, Zone,
};
use super::{input, Prelude};

fn dynamic<T: serde::Serialize>(model: &T) -> Option<pb::DynamicValue> {
    Some(pb::DynamicValue {
        msgpack: tfvalue::msgpack::to_vec(model).expect("a seed model encodes"),
        json: Vec::new(),
    })
}

fn null_of<T: TfSchema>() -> Option<pb::DynamicValue> {
    let ty = T::schema().object_type();
    Some(pb::DynamicValue {
        msgpack: Value::null(ty.clone())
            .to_msgpack(ty)
            .expect("null encodes"),
        json: Vec::new(),
    })
}

fn capabilities() -> Option<pb::ClientCapabilities> {
    Some(pb::ClientCapabilities {
        deferral_allowed: true,
        write_only_attributes_allowed: true,
        store_planned_private: true,
        computed_blocks_allowed: true,
    })
}

/// The provider block of the configured prelude.
pub fn config() -> Config {
    Config {
        prefix: Nullable::Value("fz-".to_owned()),
        token: Unknown::known(Nullable::Value("token".to_owned())),
        defaults: Unknown::known(Nullable::Value(Defaults {
            size: Unknown::known(Nullable::Value(3)),
        })),
    }
}

/// The `ConfigureProvider` request of the configured prelude.
pub fn configure_request() -> pb::configure_provider::Request {
    pb::configure_provider::Request {
        terraform_version: "1.11.4".to_owned(),
        config: dynamic(&config()),
        client_capabilities: capabilities(),
    }
}

/// A `fuzz_thing` as written in a configuration: every kind of attribute and block set,
/// the computed ones null, the write-only password given.
pub fn thing_config() -> Thing {
    let known = |s: &str| Unknown::known(s.to_owned());
    Thing {
        id: Unknown::null(),
        name: known("alpha"),
        password: Some("hunter2".to_owned()).into(),
        revision: Unknown::null(),
        size: Unknown::null(),
        labels: Some(BTreeMap::from([("env".to_owned(), known("prod"))])).into(),
        ports: Some(
            [80, 443]
                .into_iter()
                .map(Unknown::known)
                .collect::<Set<_>>(),
        )
        .into(),
        extra: Value::from_json(
            br#"{"value":{"a":[1,"x"]},"type":["object",{"a":["tuple",["number","string"]]}]}"#,
            &Type::Dynamic,
        )
        .expect("a dynamic seed value"),
        endpoint: Some(Endpoint {
            host: known("db"),
            port: Some(5432).into(),
            address: Unknown::null(),
        })
        .into(),
        rule: Unknown::known(vec![Rule {
            name: known("first"),
            matches: Unknown::known(vec![Match {
                pattern: known("*.txt"),
            }]),
        }]),
        member: Unknown::known(
            [Member {
                user: known("ann"),
                role: Some("admin".to_owned()).into(),
            }]
            .into_iter()
            .collect(),
        ),
        zone: Unknown::known(BTreeMap::from([(
            "eu".to_owned(),
            Zone {
                weight: Some(0.5).into(),
            },
        )])),
        owner: Some(Owner { name: known("ops") }).into(),
        status: Unknown::null(),
        extras: Extras {
            policy: Some(NormalizedJson::from(r#"{"allow": ["read"], "deny": []}"#)).into(),
            expires_at: Some(Rfc3339::from("2030-01-01T00:00:00+00:00")).into(),
        },
    }
}

/// The plan of [`thing_config`] on create: computed attributes unknown, no password.
pub fn thing_planned() -> Thing {
    let mut planned = thing_config();
    planned.id = Unknown::unknown();
    planned.revision = Unknown::unknown();
    planned.size = Unknown::unknown();
    planned.password = Unknown::null();
    planned.status = Unknown::unknown();
    if let Some(Nullable::Value(endpoint)) = planned.endpoint.as_known_mut() {
        endpoint.address = Unknown::unknown();
    }
    planned
}

/// The state after [`thing_planned`] was applied: wholly known.
pub fn thing_state() -> Thing {
    let mut state = thing_planned();
    state.id = Some("fz-alpha".to_owned()).into();
    state.revision = Some(1).into();
    state.size = Some(3).into();
    state.status = Unknown::known(Nullable::Value(vec![Status {
        rule: Some("first".to_owned()).into(),
    }]));
    if let Some(Nullable::Value(endpoint)) = state.endpoint.as_known_mut() {
        endpoint.address = Some("db.internal".to_owned()).into();
    }
    state
}

fn lookup_config() -> Lookup {
    Lookup {
        name: Unknown::known("beta".to_owned()),
        value: Unknown::null(),
        chars: Unknown::null(),
        filter: Unknown::known(vec![Filter {
            values: Some(Set::from_iter([Unknown::known("b".to_owned())])).into(),
        }]),
        // Answered `2024-02-29T22:00:00Z`, which means the same: the text comes back.
        since: Unknown::known(Nullable::Value(Rfc3339::new("2024-02-29T23:30:00+01:30"))),
    }
}

/// Every seed of the `rpc` target, as target inputs.
pub fn seeds() -> Vec<Vec<u8>> {
    use Prelude as P;
    let thing = || "fuzz_thing".to_owned();
    let state_json = tfvalue::json::to_vec(&thing_state()).expect("a state writes JSON");
    let raw = |json: &[u8]| {
        Some(pb::RawState {
            json: json.to_vec(),
            flatmap: Default::default(),
        })
    };
    // The identity of `thing_state()` under the configured provider (prefix "fz-").
    let identity = || {
        Some(pb::ResourceIdentityData {
            identity_data: dynamic(&ThingIdentity {
                name: "beta".to_owned(),
                prefix: Some(config().prefix.into_option().unwrap_or_default()).into(),
                tags: Some(vec!["a".to_owned()]).into(),
            }),
        })
    };
    let mut out = Vec::new();
    macro_rules! seed {
        ($rpc:literal, $prelude:expr, $request:expr) => {
            out.push(input($rpc, $prelude, &$request))
        };
    }
    seed!("GetMetadata", P::NONE, pb::get_metadata::Request {});
    seed!(
        "GetProviderSchema",
        P::NONE,
        pb::get_provider_schema::Request {}
    );
    seed!(
        "ValidateProviderConfig",
        P::NONE,
        pb::validate_provider_config::Request {
            config: dynamic(&config()),
        }
    );
    seed!(
        "ValidateResourceConfig",
        P::NONE,
        pb::validate_resource_config::Request {
            type_name: thing(),
            config: dynamic(&thing_config()),
            client_capabilities: capabilities(),
        }
    );
    // A configuration each of whose checks fails, with paths into a list block, a block
    // within it, a set block (cut by the framework) and a map block.
    let mut invalid = thing_config();
    invalid.name = Unknown::known(String::new());
    if let Some(rules) = invalid.rule.as_known_mut() {
        let mut again = rules[0].clone();
        again.matches = Unknown::known(vec![Match {
            pattern: Unknown::known(String::new()),
        }]);
        rules.push(again);
    }
    invalid.member = Unknown::known(Set::from_iter([Member {
        user: Unknown::known("eve".to_owned()),
        role: Some("forbidden".to_owned()).into(),
    }]));
    invalid.zone = Unknown::known(BTreeMap::from([(
        "us".to_owned(),
        Zone {
            weight: Some(-1.0).into(),
        },
    )]));
    seed!(
        "ValidateResourceConfig",
        P::NONE,
        pb::validate_resource_config::Request {
            type_name: thing(),
            config: dynamic(&invalid),
            client_capabilities: capabilities(),
        }
    );
    seed!(
        "ValidateDataResourceConfig",
        P::NONE,
        pb::validate_data_resource_config::Request {
            type_name: "fuzz_lookup".to_owned(),
            config: dynamic(&lookup_config()),
        }
    );
    for (version, json) in [
        (0, &br#"{"id":"fz-alpha","name":"alpha"}"#[..]),
        (1, &state_json),
    ] {
        seed!(
            "UpgradeResourceState",
            P::NONE,
            pb::upgrade_resource_state::Request {
                type_name: thing(),
                version,
                raw_state: raw(json),
            }
        );
    }
    seed!(
        "GetResourceIdentitySchemas",
        P::NONE,
        pb::get_resource_identity_schemas::Request {}
    );
    seed!(
        "UpgradeResourceIdentity",
        P::NONE,
        pb::upgrade_resource_identity::Request {
            type_name: thing(),
            version: 0,
            raw_identity: raw(br#"{"name":"fz-alpha"}"#),
        }
    );
    seed!(
        "UpgradeResourceIdentity",
        P::NONE,
        pb::upgrade_resource_identity::Request {
            type_name: thing(),
            version: 1,
            raw_identity: raw(br#"{"name":"beta","prefix":"fz-","tags":["a"]}"#),
        }
    );
    seed!("ConfigureProvider", P::NONE, configure_request());
    seed!(
        "ReadResource",
        P::CONFIGURED,
        pb::read_resource::Request {
            type_name: thing(),
            current_state: dynamic(&thing_state()),
            private: b"{}".to_vec(),
            provider_meta: None,
            client_capabilities: capabilities(),
            current_identity: identity(),
        }
    );
    // Plans: create, update (a changed label), destroy.
    let mut changed = thing_config();
    changed.labels = Some(BTreeMap::from([(
        "env".to_owned(),
        Unknown::known("dev".to_owned()),
    )]))
    .into();
    let mut proposed_update = thing_state();
    proposed_update.labels = changed.labels.clone();
    proposed_update.password = Unknown::null();
    for (prior, proposed, config) in [
        (
            null_of::<Thing>(),
            dynamic(&thing_planned()),
            dynamic(&thing_config()),
        ),
        (
            dynamic(&thing_state()),
            dynamic(&proposed_update),
            dynamic(&changed),
        ),
        (
            dynamic(&thing_state()),
            null_of::<Thing>(),
            null_of::<Thing>(),
        ),
    ] {
        seed!(
            "PlanResourceChange",
            P::CONFIGURED,
            pb::plan_resource_change::Request {
                type_name: thing(),
                prior_state: prior.clone(),
                proposed_new_state: proposed.clone(),
                config: config.clone(),
                prior_private: Vec::new(),
                provider_meta: None,
                // The plan before apply of Terraform 1.16 carries the first plan's private
                // state.
                planned_private: if prior.is_some() {
                    br#"{"seen":1}"#.to_vec()
                } else {
                    Vec::new()
                },
                client_capabilities: capabilities(),
                prior_identity: if prior.is_some() { identity() } else { None },
            }
        );
    }
    // Applies: create, update, delete.
    for (prior, planned, config) in [
        (
            null_of::<Thing>(),
            dynamic(&thing_planned()),
            dynamic(&thing_config()),
        ),
        (
            dynamic(&thing_state()),
            dynamic(&proposed_update),
            dynamic(&changed),
        ),
        (
            dynamic(&thing_state()),
            null_of::<Thing>(),
            null_of::<Thing>(),
        ),
    ] {
        seed!(
            "ApplyResourceChange",
            P::CONFIGURED,
            pb::apply_resource_change::Request {
                type_name: thing(),
                prior_state: prior.clone(),
                planned_state: planned.clone(),
                config: config.clone(),
                planned_private: Vec::new(),
                provider_meta: None,
                planned_identity: if prior.is_some() { identity() } else { None },
            }
        );
    }
    seed!(
        "ImportResourceState",
        P::CONFIGURED,
        pb::import_resource_state::Request {
            type_name: thing(),
            id: "imported".to_owned(),
            client_capabilities: capabilities(),
            identity: None,
        }
    );
    seed!(
        "ImportResourceState",
        P::CONFIGURED,
        pb::import_resource_state::Request {
            type_name: thing(),
            id: String::new(),
            client_capabilities: capabilities(),
            identity: identity(),
        }
    );
    seed!(
        "MoveResourceState",
        P::CONFIGURED,
        pb::move_resource_state::Request {
            source_provider_address: "registry.terraform.io/example/other".to_owned(),
            source_type_name: "other_thing".to_owned(),
            source_schema_version: 0,
            source_state: raw(br#"{"id":"x","name":"alpha"}"#),
            target_type_name: thing(),
            source_private: Vec::new(),
            source_identity: None,
            source_identity_schema_version: 0,
        }
    );
    // A move this provider accepts: the same type from another provider.
    let thing_json = {
        let state = dynamic(&thing_state()).expect("the state encodes");
        let ty = Thing::schema().object_type();
        Value::from_msgpack(&state.msgpack, ty)
            .and_then(|v| v.to_json(ty))
            .expect("the state converts to JSON")
    };
    seed!(
        "MoveResourceState",
        P::CONFIGURED,
        pb::move_resource_state::Request {
            source_provider_address: "registry.terraform.io/example/old".to_owned(),
            source_type_name: thing(),
            source_schema_version: 1,
            source_state: Some(pb::RawState {
                json: thing_json,
                flatmap: Default::default(),
            }),
            target_type_name: thing(),
            source_private: b"moved".to_vec(),
            source_identity: None,
            source_identity_schema_version: 0,
        }
    );
    seed!(
        "ReadDataSource",
        P::CONFIGURED,
        pb::read_data_source::Request {
            type_name: "fuzz_lookup".to_owned(),
            config: dynamic(&lookup_config()),
            provider_meta: None,
            client_capabilities: capabilities(),
        }
    );
    seed!(
        "GenerateResourceConfig",
        P::CONFIGURED,
        pb::generate_resource_config::Request {
            type_name: thing(),
            state: dynamic(&thing_state()),
        }
    );
    // Kinds the provider does not serve yet: requests naming a type of each.
    let empty_object = || {
        let ty = Type::object(Vec::<(String, Type)>::new());
        Some(pb::DynamicValue {
            msgpack: Value::from_json(b"{}", &ty)
                .and_then(|v| v.to_msgpack(&ty))
                .expect("an empty object encodes"),
            json: Vec::new(),
        })
    };
    let secret = || "fuzz_token".to_owned();
    let token = || {
        dynamic(&Token {
            name: Unknown::known("alice".to_owned()),
            value: Unknown::null(),
        })
    };
    seed!(
        "ValidateEphemeralResourceConfig",
        P::NONE,
        pb::validate_ephemeral_resource_config::Request {
            type_name: secret(),
            config: token(),
        }
    );
    seed!(
        "OpenEphemeralResource",
        P::CONFIGURED,
        pb::open_ephemeral_resource::Request {
            type_name: secret(),
            config: token(),
            client_capabilities: capabilities(),
        }
    );
    seed!(
        "RenewEphemeralResource",
        P::CONFIGURED,
        pb::renew_ephemeral_resource::Request {
            type_name: secret(),
            private: Some(b"lease".to_vec()),
        }
    );
    seed!(
        "CloseEphemeralResource",
        P::CONFIGURED,
        pb::close_ephemeral_resource::Request {
            type_name: secret(),
            private: Some(b"lease".to_vec()),
        }
    );
    seed!(
        "ListResource",
        P::CONFIGURED,
        pb::list_resource::Request {
            type_name: thing(),
            config: dynamic(&ThingQuery {
                count: Unknown::known(3),
                stem: Some("x".to_owned()).into(),
            }),
            include_resource_object: true,
            limit: 10,
        }
    );
    seed!(
        "ValidateListResourceConfig",
        P::NONE,
        pb::validate_list_resource_config::Request {
            type_name: thing(),
            config: empty_object(),
            include_resource_object: None,
            limit: None,
        }
    );
    seed!("GetFunctions", P::NONE, pb::get_functions::Request {});
    let argument = |value: Value, ty: &Type| pb::DynamicValue {
        msgpack: value.to_msgpack(ty).expect("an argument encodes"),
        json: Vec::new(),
    };
    seed!(
        "CallFunction",
        P::NONE,
        pb::call_function::Request {
            name: "fuzz_sum".to_owned(),
            arguments: vec![
                argument(Value::String("sum".to_owned()), &Type::String),
                argument(Value::Number(1.into()), &Type::Number),
                argument(Value::Number(2.into()), &Type::Number),
            ],
        }
    );
    seed!(
        "CallFunction",
        P::CONFIGURED,
        pb::call_function::Request {
            name: "fuzz_echo".to_owned(),
            arguments: vec![pb::DynamicValue {
                msgpack: Value::String("x".to_owned())
                    .to_msgpack(&Type::String)
                    .expect("a string encodes"),
                json: Vec::new(),
            }],
        }
    );
    let store = || "fuzz_store".to_owned();
    let state_id = || "default".to_owned();
    seed!(
        "ValidateStateStoreConfig",
        P::NONE,
        pb::validate_state_store::Request {
            type_name: store(),
            config: empty_object(),
        }
    );
    seed!(
        "ConfigureStateStore",
        P::CONFIGURED,
        pb::configure_state_store::Request {
            type_name: store(),
            config: empty_object(),
            capabilities: Some(pb::StateStoreClientCapabilities {
                chunk_size: 1 << 20
            }),
        }
    );
    seed!(
        "ReadStateBytes",
        P::CONFIGURED,
        pb::read_state_bytes::Request {
            type_name: store(),
            state_id: state_id(),
        }
    );
    seed!(
        "WriteStateBytes",
        P::CONFIGURED,
        pb::write_state_bytes::RequestChunk {
            meta: Some(pb::RequestChunkMeta {
                type_name: store(),
                state_id: state_id(),
            }),
            bytes: b"{}".to_vec(),
            total_length: 2,
            range: Some(pb::StateRange { start: 0, end: 2 }),
        }
    );
    seed!(
        "LockState",
        P::CONFIGURED,
        pb::lock_state::Request {
            type_name: store(),
            state_id: state_id(),
            operation: "apply".to_owned(),
        }
    );
    seed!(
        "UnlockState",
        P::CONFIGURED,
        pb::unlock_state::Request {
            type_name: store(),
            state_id: state_id(),
            lock_id: "lock-1".to_owned(),
        }
    );
    seed!(
        "GetStates",
        P::CONFIGURED,
        pb::get_states::Request { type_name: store() }
    );
    seed!(
        "DeleteState",
        P::CONFIGURED,
        pb::delete_state::Request {
            type_name: store(),
            state_id: state_id(),
        }
    );
    let action = || "fuzz_notify".to_owned();
    let notify = |channel: &str| {
        dynamic(&Notify {
            channel: Unknown::known(channel.to_owned()),
            message: Unknown::known(Nullable::Value("deployed".to_owned())),
            repeat: Unknown::known(Nullable::Value(2)),
            token: Unknown::known(Nullable::Value("s3cret".to_owned())),
        })
    };
    seed!(
        "PlanAction",
        P::CONFIGURED,
        pb::plan_action::Request {
            action_type: action(),
            config: notify("ops"),
            client_capabilities: capabilities(),
        }
    );
    seed!(
        "PlanAction",
        P::CONFIGURED,
        pb::plan_action::Request {
            action_type: action(),
            config: dynamic(&Notify {
                channel: Unknown::unknown(),
                message: Unknown::unknown(),
                repeat: Unknown::known(Nullable::Null),
                token: Unknown::known(Nullable::Null),
            }),
            client_capabilities: capabilities(),
        }
    );
    for channel in ["ops", "fail"] {
        seed!(
            "InvokeAction",
            P::CONFIGURED,
            pb::invoke_action::Request {
                action_type: action(),
                config: notify(channel),
                client_capabilities: capabilities(),
            }
        );
    }
    seed!(
        "ValidateActionConfig",
        P::NONE,
        pb::validate_action_config::Request {
            type_name: action(),
            config: notify(""),
        }
    );
    seed!("StopProvider", P::NONE, pb::stop_provider::Request {});
    // A stopped provider asked to apply.
    seed!(
        "ApplyResourceChange",
        Prelude {
            configure: true,
            stop: true,
        },
        pb::apply_resource_change::Request {
            type_name: thing(),
            prior_state: null_of::<Thing>(),
            planned_state: dynamic(&thing_planned()),
            config: dynamic(&thing_config()),
            planned_private: Vec::new(),
            provider_meta: None,
            planned_identity: None,
        }
    );
    out
}
