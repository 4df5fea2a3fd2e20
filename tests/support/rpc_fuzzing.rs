//! The body of the fuzz target `rpc`: one request of protocol 6.11 to the plugin service,
//! in process, and checks on its answer. Shared with the replay test
//! (`tests/codec/fuzz_corpus.rs`) as the other targets' bodies are (`fuzzing.rs`).
//!
//! An input is a selector byte and a request: the selector's low six bits pick one of the
//! [`RPCS`] (modulo their number), its two high bits a [`Prelude`]; the rest of the input is
//! that RPC's request message in protobuf. Bytes that do not decode as the message are
//! skipped: rejecting them is tonic's work, not the provider's. Each input gets a fresh
//! service for the in-memory provider of `rpc_fuzzing/provider.rs` (so an input's answer
//! depends on that input alone), run on one current-thread tokio runtime built once.
//!
//! What must hold for every decodable request (`rpc_fuzzing/checks.rs`; a panic is a
//! finding): the RPC answers rather than failing with a gRPC status; no diagnostic says
//! the provider panicked (the service turns a panic into a diagnostic, which the fuzzer
//! would not see otherwise); every value answered (a state, a planned state, a result)
//! decodes against its type's schema, unless it is Terraform's own state answered back
//! unchanged (`checks::answered_or_sent`); every attribute path answered (in a diagnostic, in
//! `requires_replace`) is a path of that schema, or absent.

use std::sync::OnceLock;

use prost::Message;
use tfvalue_provider::__unstable_proto::tfplugin6 as pb;
use tonic::codegen::tokio_stream::{Stream, StreamExt};
use tonic::{Request, Response, Status};

use self::checks::{diagnostics, identity, paths, value};
use self::provider::{type_of, FuzzProvider, Kind};
use pb::provider_server::Provider as _;

pub mod cassette;
pub mod checks;
pub mod provider;
pub mod seeds;

/// The RPCs of protocol 6.11 (those of 6.10: 6.11 added fields only), by their gRPC method
/// names, in the order of the `Provider` service in `tfplugin6.proto`. The selector byte
/// indexes this table.
pub const RPCS: [&str; 36] = tfvalue_provider::__unstable_proto::PROVIDER_METHODS;

/// What the service goes through before the fuzzed request (the selector's two high bits):
/// a `ConfigureProvider` with a valid configuration, so that resources see the provider's
/// data, and a `StopProvider`, so that they see it stopping.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Prelude {
    /// Configure the provider first.
    pub configure: bool,
    /// Then stop it.
    pub stop: bool,
}

impl Prelude {
    /// No prelude: the request reaches a service that has just started.
    pub const NONE: Prelude = Prelude {
        configure: false,
        stop: false,
    };
    /// Configured, as Terraform does before it plans or applies.
    pub const CONFIGURED: Prelude = Prelude {
        configure: true,
        stop: false,
    };

    fn bits(self) -> u8 {
        (u8::from(self.configure) << 6) | (u8::from(self.stop) << 7)
    }
}

/// The most messages read of a streamed answer. The provider serves no type that streams,
/// so every stream it answers is short; a longer one is read this far and no further.
const MAX_STREAMED: usize = 1024;

/// An input for the target: the selector for `rpc` (a name of [`RPCS`]) and `prelude`,
/// then `request` encoded.
///
/// # Panics
/// If `rpc` is not in [`RPCS`].
pub fn input(rpc: &str, prelude: Prelude, request: &impl Message) -> Vec<u8> {
    let index = RPCS
        .iter()
        .position(|r| *r == rpc)
        .unwrap_or_else(|| panic!("{rpc} is not an RPC of protocol 6.11"));
    let index = u8::try_from(index).expect("36 RPCs fit a byte");
    let mut out = vec![index | prelude.bits()];
    request.encode(&mut out).expect("a Vec grows as needed");
    out
}

/// The fuzz target `rpc` (see the module documentation).
pub fn rpc(data: &[u8]) {
    let Some((&selector, request)) = data.split_first() else {
        return;
    };
    let name = RPCS[usize::from(selector & 0x3f) % RPCS.len()];
    let prelude = Prelude {
        configure: selector & 0x40 != 0,
        stop: selector & 0x80 != 0,
    };
    runtime().block_on(async {
        let service = tfvalue_provider::__private::provider_service(FuzzProvider).unwrap_or_else(
            |problems| panic!("the fuzz provider is declared wrongly: {problems:?}"),
        );
        if prelude.configure {
            let configured = answer(
                "ConfigureProvider",
                service
                    .configure_provider(Request::new(seeds::configure_request()))
                    .await,
            );
            assert!(
                configured.diagnostics.is_empty(),
                "the prelude's configuration is refused: {:?}",
                configured.diagnostics
            );
        }
        if prelude.stop {
            answer(
                "StopProvider",
                service
                    .stop_provider(Request::new(pb::stop_provider::Request {}))
                    .await,
            );
        }
        call(&service, name, request).await;
    });
}

/// The runtime every input runs on: current-thread (the fuzzer runs one input at a time),
/// built once.
pub(crate) fn runtime() -> &'static tokio::runtime::Runtime {
    static RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("a current-thread runtime starts")
    })
}

/// The answer of an RPC that must answer.
fn answer<T>(rpc: &str, reply: Result<Response<T>, Status>) -> T {
    match reply {
        Ok(response) => response.into_inner(),
        Err(status) => panic!("{rpc} failed with a gRPC status instead of answering: {status:?}"),
    }
}

/// The messages of a streamed answer, at most [`MAX_STREAMED`]; each must be a message.
async fn streamed<T, S>(rpc: &str, reply: Result<Response<S>, Status>) -> Vec<T>
where
    S: Stream<Item = Result<T, Status>>,
{
    let mut stream = std::pin::pin!(answer(rpc, reply));
    let mut out = Vec::new();
    while out.len() < MAX_STREAMED {
        match stream.next().await {
            Some(message) => out.push(answer(rpc, message.map(Response::new))),
            None => break,
        }
    }
    out
}

/// A client stream of `chunks`, as tonic's server hands a client-streaming request to the
/// service: each message encoded, framed, and decoded again by tonic's own codec.
fn client_stream<T>(chunks: Vec<T>) -> tonic::Streaming<T>
where
    T: Message + Default + Send + 'static,
{
    use tonic::codec::{Codec, ProstCodec};
    let source = tonic::codegen::tokio_stream::iter(chunks.into_iter().map(Ok));
    let body = tonic::codec::EncodeBody::new_client(
        ProstCodec::<T, T>::default().encoder(),
        source,
        None,
        None,
    );
    tonic::Streaming::new_request(ProstCodec::<T, T>::default().decoder(), body, None, None)
}

/// Decodes `bytes` as the request of one RPC, sends it, and checks the answer.
async fn call<S: pb::provider_server::Provider>(service: &S, rpc: &str, bytes: &[u8]) {
    macro_rules! request {
        ($module:ident) => {
            match pb::$module::Request::decode(bytes) {
                Ok(request) => request,
                Err(_) => return,
            }
        };
    }
    match rpc {
        "GetMetadata" => {
            let a = answer(
                rpc,
                service
                    .get_metadata(Request::new(request!(get_metadata)))
                    .await,
            );
            diagnostics(rpc, &a.diagnostics, None);
            checks::metadata_lists_the_types(&a);
        }
        "GetProviderSchema" => {
            let q = request!(get_provider_schema);
            let a = answer(rpc, service.get_provider_schema(Request::new(q)).await);
            diagnostics(rpc, &a.diagnostics, None);
            checks::schema_lists_the_types(&a);
        }
        "ValidateProviderConfig" => {
            let q = request!(validate_provider_config);
            let a = answer(rpc, service.validate_provider_config(Request::new(q)).await);
            diagnostics(rpc, &a.diagnostics, type_of(Kind::Provider, ""));
        }
        "ValidateResourceConfig" => {
            let q = request!(validate_resource_config);
            let ty = type_of(Kind::Resource, &q.type_name);
            let a = answer(rpc, service.validate_resource_config(Request::new(q)).await);
            diagnostics(rpc, &a.diagnostics, ty);
        }
        "ValidateDataResourceConfig" => {
            let q = request!(validate_data_resource_config);
            let ty = type_of(Kind::DataSource, &q.type_name);
            let a = answer(
                rpc,
                service.validate_data_resource_config(Request::new(q)).await,
            );
            diagnostics(rpc, &a.diagnostics, ty);
        }
        "UpgradeResourceState" => {
            let q = request!(upgrade_resource_state);
            let ty = type_of(Kind::Resource, &q.type_name);
            let a = answer(rpc, service.upgrade_resource_state(Request::new(q)).await);
            diagnostics(rpc, &a.diagnostics, ty);
            value(rpc, "upgraded_state", a.upgraded_state.as_ref(), ty);
        }
        "GetResourceIdentitySchemas" => {
            let q = request!(get_resource_identity_schemas);
            let a = answer(
                rpc,
                service.get_resource_identity_schemas(Request::new(q)).await,
            );
            diagnostics(rpc, &a.diagnostics, None);
            checks::same_names(rpc, Kind::Identity, a.identity_schemas.keys());
        }
        "UpgradeResourceIdentity" => {
            let q = request!(upgrade_resource_identity);
            let ty = type_of(Kind::Identity, &q.type_name);
            let a = answer(
                rpc,
                service.upgrade_resource_identity(Request::new(q)).await,
            );
            diagnostics(rpc, &a.diagnostics, ty);
            identity(rpc, a.upgraded_identity.as_ref(), ty);
        }
        "ConfigureProvider" => {
            let q = request!(configure_provider);
            let a = answer(rpc, service.configure_provider(Request::new(q)).await);
            diagnostics(rpc, &a.diagnostics, type_of(Kind::Provider, ""));
        }
        "ReadResource" => {
            let q = request!(read_resource);
            let (ty, id) = resource_types(&q.type_name);
            let sent = q.current_state.clone();
            let sent_identity = q.current_identity.clone();
            let a = answer(rpc, service.read_resource(Request::new(q)).await);
            diagnostics(rpc, &a.diagnostics, ty);
            let state = a.new_state.as_ref();
            checks::answered_or_sent(rpc, "new_state", state, sent.as_ref(), ty);
            let answered = a.new_identity.as_ref();
            checks::identity_or_sent(rpc, answered, sent_identity.as_ref(), id);
        }
        "PlanResourceChange" => {
            let q = request!(plan_resource_change);
            let (ty, id) = resource_types(&q.type_name);
            let a = answer(rpc, service.plan_resource_change(Request::new(q)).await);
            diagnostics(rpc, &a.diagnostics, ty);
            value(rpc, "planned_state", a.planned_state.as_ref(), ty);
            paths(rpc, "requires_replace", &a.requires_replace, ty);
            identity(rpc, a.planned_identity.as_ref(), id);
        }
        "ApplyResourceChange" => {
            let q = request!(apply_resource_change);
            let (ty, id) = resource_types(&q.type_name);
            let sent = q.prior_state.clone();
            let sent_identity = q.planned_identity.clone();
            let a = answer(rpc, service.apply_resource_change(Request::new(q)).await);
            diagnostics(rpc, &a.diagnostics, ty);
            let state = a.new_state.as_ref();
            checks::answered_or_sent(rpc, "new_state", state, sent.as_ref(), ty);
            let answered = a.new_identity.as_ref();
            checks::identity_or_sent(rpc, answered, sent_identity.as_ref(), id);
        }
        "ImportResourceState" => {
            let q = request!(import_resource_state);
            let ty = type_of(Kind::Resource, &q.type_name);
            let a = answer(rpc, service.import_resource_state(Request::new(q)).await);
            diagnostics(rpc, &a.diagnostics, ty);
            for imported in &a.imported_resources {
                let (ty, id) = resource_types(&imported.type_name);
                value(rpc, "imported state", imported.state.as_ref(), ty);
                identity(rpc, imported.identity.as_ref(), id);
            }
        }
        "MoveResourceState" => {
            let q = request!(move_resource_state);
            let (ty, id) = resource_types(&q.target_type_name);
            let a = answer(rpc, service.move_resource_state(Request::new(q)).await);
            diagnostics(rpc, &a.diagnostics, ty);
            value(rpc, "target_state", a.target_state.as_ref(), ty);
            identity(rpc, a.target_identity.as_ref(), id);
        }
        "ReadDataSource" => {
            let q = request!(read_data_source);
            let ty = type_of(Kind::DataSource, &q.type_name);
            let a = answer(rpc, service.read_data_source(Request::new(q)).await);
            diagnostics(rpc, &a.diagnostics, ty);
            value(rpc, "state", a.state.as_ref(), ty);
        }
        "GenerateResourceConfig" => {
            let q = request!(generate_resource_config);
            let ty = type_of(Kind::Resource, &q.type_name);
            let a = answer(rpc, service.generate_resource_config(Request::new(q)).await);
            diagnostics(rpc, &a.diagnostics, ty);
            value(rpc, "config", a.config.as_ref(), ty);
        }
        "ValidateEphemeralResourceConfig" => {
            let q = request!(validate_ephemeral_resource_config);
            let ty = type_of(Kind::Ephemeral, &q.type_name);
            let a = answer(
                rpc,
                service
                    .validate_ephemeral_resource_config(Request::new(q))
                    .await,
            );
            diagnostics(rpc, &a.diagnostics, ty);
        }
        "OpenEphemeralResource" => {
            let q = request!(open_ephemeral_resource);
            let ty = type_of(Kind::Ephemeral, &q.type_name);
            let a = answer(rpc, service.open_ephemeral_resource(Request::new(q)).await);
            diagnostics(rpc, &a.diagnostics, ty);
            value(rpc, "result", a.result.as_ref(), ty);
        }
        "RenewEphemeralResource" => {
            let q = request!(renew_ephemeral_resource);
            let ty = type_of(Kind::Ephemeral, &q.type_name);
            let a = answer(rpc, service.renew_ephemeral_resource(Request::new(q)).await);
            diagnostics(rpc, &a.diagnostics, ty);
        }
        "CloseEphemeralResource" => {
            let q = request!(close_ephemeral_resource);
            let ty = type_of(Kind::Ephemeral, &q.type_name);
            let a = answer(rpc, service.close_ephemeral_resource(Request::new(q)).await);
            diagnostics(rpc, &a.diagnostics, ty);
        }
        "ListResource" => {
            let q = request!(list_resource);
            let config = type_of(Kind::ListResource, &q.type_name);
            let (ty, id) = resource_types(&q.type_name);
            let events = streamed(rpc, service.list_resource(Request::new(q)).await).await;
            for event in &events {
                diagnostics(rpc, &event.diagnostic, config);
                value(rpc, "resource_object", event.resource_object.as_ref(), ty);
                identity(rpc, event.identity.as_ref(), id);
            }
        }
        "ValidateListResourceConfig" => {
            let q = request!(validate_list_resource_config);
            let ty = type_of(Kind::ListResource, &q.type_name);
            let a = answer(
                rpc,
                service.validate_list_resource_config(Request::new(q)).await,
            );
            diagnostics(rpc, &a.diagnostics, ty);
        }
        "GetFunctions" => {
            let a = answer(
                rpc,
                service
                    .get_functions(Request::new(request!(get_functions)))
                    .await,
            );
            diagnostics(rpc, &a.diagnostics, None);
            checks::same_names(rpc, Kind::Function, a.functions.keys());
        }
        "CallFunction" => {
            let q = request!(call_function);
            let ty = type_of(Kind::Function, &q.name);
            let a = answer(rpc, service.call_function(Request::new(q)).await);
            checks::function_error(rpc, a.error.as_ref());
            value(rpc, "result", a.result.as_ref(), ty);
        }
        "ValidateStateStoreConfig" => {
            let q = request!(validate_state_store);
            let ty = type_of(Kind::StateStore, &q.type_name);
            let a = answer(
                rpc,
                service.validate_state_store_config(Request::new(q)).await,
            );
            diagnostics(rpc, &a.diagnostics, ty);
        }
        "ConfigureStateStore" => {
            let q = request!(configure_state_store);
            let ty = type_of(Kind::StateStore, &q.type_name);
            let a = answer(rpc, service.configure_state_store(Request::new(q)).await);
            diagnostics(rpc, &a.diagnostics, ty);
        }
        "ReadStateBytes" => {
            let q = request!(read_state_bytes);
            let ty = type_of(Kind::StateStore, &q.type_name);
            let chunks = streamed(rpc, service.read_state_bytes(Request::new(q)).await).await;
            for chunk in &chunks {
                diagnostics(rpc, &chunk.diagnostics, ty);
            }
        }
        "WriteStateBytes" => {
            // A client stream of one chunk: the service reads the first chunk only.
            let Ok(chunk) = pb::write_state_bytes::RequestChunk::decode(bytes) else {
                return;
            };
            let ty = chunk
                .meta
                .as_ref()
                .and_then(|m| type_of(Kind::StateStore, &m.type_name));
            let stream = client_stream(vec![chunk]);
            let a = answer(rpc, service.write_state_bytes(Request::new(stream)).await);
            diagnostics(rpc, &a.diagnostics, ty);
        }
        "LockState" => {
            let q = request!(lock_state);
            let ty = type_of(Kind::StateStore, &q.type_name);
            let a = answer(rpc, service.lock_state(Request::new(q)).await);
            diagnostics(rpc, &a.diagnostics, ty);
        }
        "UnlockState" => {
            let q = request!(unlock_state);
            let ty = type_of(Kind::StateStore, &q.type_name);
            let a = answer(rpc, service.unlock_state(Request::new(q)).await);
            diagnostics(rpc, &a.diagnostics, ty);
        }
        "GetStates" => {
            let q = request!(get_states);
            let ty = type_of(Kind::StateStore, &q.type_name);
            let a = answer(rpc, service.get_states(Request::new(q)).await);
            diagnostics(rpc, &a.diagnostics, ty);
        }
        "DeleteState" => {
            let q = request!(delete_state);
            let ty = type_of(Kind::StateStore, &q.type_name);
            let a = answer(rpc, service.delete_state(Request::new(q)).await);
            diagnostics(rpc, &a.diagnostics, ty);
        }
        "PlanAction" => {
            let q = request!(plan_action);
            let ty = type_of(Kind::Action, &q.action_type);
            let a = answer(rpc, service.plan_action(Request::new(q)).await);
            diagnostics(rpc, &a.diagnostics, ty);
        }
        "InvokeAction" => {
            let q = request!(invoke_action);
            let ty = type_of(Kind::Action, &q.action_type);
            let events = streamed(rpc, service.invoke_action(Request::new(q)).await).await;
            for event in &events {
                if let Some(pb::invoke_action::event::Type::Completed(done)) = &event.r#type {
                    diagnostics(rpc, &done.diagnostics, ty);
                }
            }
        }
        "ValidateActionConfig" => {
            let q = request!(validate_action_config);
            let ty = type_of(Kind::Action, &q.type_name);
            let a = answer(rpc, service.validate_action_config(Request::new(q)).await);
            diagnostics(rpc, &a.diagnostics, ty);
        }
        "StopProvider" => {
            let q = request!(stop_provider);
            let a = answer(rpc, service.stop_provider(Request::new(q)).await);
            assert!(a.error.is_empty(), "{rpc}: {}", a.error);
        }
        other => unreachable!("{other} is in RPCS but has no call"),
    }
}

/// The types of a resource's values and of its identity (each `None` when not served).
fn resource_types(
    type_name: &str,
) -> (
    Option<&'static tfvalue::Type>,
    Option<&'static tfvalue::Type>,
) {
    (
        type_of(Kind::Resource, type_name),
        type_of(Kind::Identity, type_name),
    )
}
