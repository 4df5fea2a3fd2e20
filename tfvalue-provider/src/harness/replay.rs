//! Recorded requests sent again: the calls of a cassette, each through the same
//! `tfplugin6.Provider` service Terraform reached, answered as a cassette records them.

use prost::Message as _;
use tonic::{Request, Status};

use crate::protocol::proto::tfplugin6 as pb;
use crate::protocol::proto::tfplugin6::provider_server::Provider as _;
use crate::transport::record::{Answer, Cassettes};
use crate::transport::server::ProviderService;
use crate::Provider;

/// A provider served in process that takes the requests of a cassette (the JSON of one
/// recorded call's `request`, as [`crate::serve`] records with [`crate::RECORD_VAR`]) and
/// answers them as a cassette records answers: the same JSON, the same redaction. This
/// is what `tfvalue_testing::Cassette::replay` is built on.
pub struct Replayer<P: Provider> {
    service: ProviderService<P>,
    cassettes: Cassettes,
}

impl<P: Provider> Replayer<P> {
    /// Serves `provider`.
    ///
    /// # Errors
    /// The problems of the provider's registrations, one line each (as
    /// [`crate::harness::Harness::new`] reports them).
    pub fn new(provider: P) -> Result<Replayer<P>, Vec<String>> {
        let service = ProviderService::new(provider)?;
        let cassettes = Cassettes::new().map_err(|e| vec![e])?;
        Ok(Replayer { service, cassettes })
    }

    /// Sends the request `request` (a cassette's JSON) of the RPC named `rpc` and returns
    /// the call as a cassette records it: `{"rpc", "request", "answer"}`, with `stream`
    /// for a streamed answer, `status` for a gRPC error. The first call asks for the schema
    /// first (a `GetProviderSchema` of its own), to know which values to redact.
    ///
    /// # Errors
    /// A request that is not the RPC's message (naming the place in it, as
    /// `request.config.msgpack`), an RPC the service does not have, or `WriteStateBytes`
    /// (a streamed request, which cassettes do not record).
    pub async fn call(
        &self,
        rpc: &str,
        request: &serde_json::Value,
    ) -> Result<serde_json::Value, String> {
        if !self.cassettes.knows_secrets() {
            let asked = Request::new(pb::get_provider_schema::Request::default());
            if let Ok(schema) = self.service.get_provider_schema(asked).await {
                self.cassettes.learn(schema.get_ref());
            }
        }
        let method = self.cassettes.codec().method(rpc)?;
        let bytes = self
            .cassettes
            .codec()
            .bytes_of_json(method.input(), request, "request")?;
        self.call_bytes(rpc, &bytes).await
    }

    /// Sends `request`, the RPC's request message in protobuf (as Terraform sends it), and
    /// returns the call as a cassette records it, as [`Replayer::call`] does: what a
    /// recording provider would have written for that request.
    ///
    /// # Errors
    /// Bytes that do not decode as the RPC's request message, an RPC the service does not
    /// have, or `WriteStateBytes`.
    pub async fn call_bytes(&self, rpc: &str, request: &[u8]) -> Result<serde_json::Value, String> {
        if !self.cassettes.knows_secrets() {
            let asked = Request::new(pb::get_provider_schema::Request::default());
            if let Ok(schema) = self.service.get_provider_schema(asked).await {
                self.cassettes.learn(schema.get_ref());
            }
        }
        let answer = self.send(rpc, request).await?;
        self.cassettes.call(rpc, request, &answer)
    }

    async fn send(&self, rpc: &str, bytes: &[u8]) -> Result<Answer, String> {
        let service = &self.service;
        macro_rules! unary {
            ($($name:literal $method:ident $module:ident;)*) => {
                match rpc {
                    $(
                        $name => {
                            let request = pb::$module::Request::decode(bytes)
                                .map_err(|e| format!("the request does not decode: {e}"))?;
                            let reply = service.$method(Request::new(request)).await;
                            return Ok(match reply {
                                Ok(answer) => Answer::Unary(answer.get_ref().encode_to_vec()),
                                Err(status) => Answer::Failed(status),
                            });
                        }
                    )*
                    _ => {}
                }
            };
        }
        unary! {
            "GetMetadata" get_metadata get_metadata;
            "GetProviderSchema" get_provider_schema get_provider_schema;
            "ValidateProviderConfig" validate_provider_config validate_provider_config;
            "ValidateResourceConfig" validate_resource_config validate_resource_config;
            "ValidateDataResourceConfig" validate_data_resource_config validate_data_resource_config;
            "UpgradeResourceState" upgrade_resource_state upgrade_resource_state;
            "GetResourceIdentitySchemas" get_resource_identity_schemas get_resource_identity_schemas;
            "UpgradeResourceIdentity" upgrade_resource_identity upgrade_resource_identity;
            "ConfigureProvider" configure_provider configure_provider;
            "ReadResource" read_resource read_resource;
            "PlanResourceChange" plan_resource_change plan_resource_change;
            "ApplyResourceChange" apply_resource_change apply_resource_change;
            "ImportResourceState" import_resource_state import_resource_state;
            "MoveResourceState" move_resource_state move_resource_state;
            "ReadDataSource" read_data_source read_data_source;
            "GenerateResourceConfig" generate_resource_config generate_resource_config;
            "ValidateEphemeralResourceConfig" validate_ephemeral_resource_config validate_ephemeral_resource_config;
            "OpenEphemeralResource" open_ephemeral_resource open_ephemeral_resource;
            "RenewEphemeralResource" renew_ephemeral_resource renew_ephemeral_resource;
            "CloseEphemeralResource" close_ephemeral_resource close_ephemeral_resource;
            "ValidateListResourceConfig" validate_list_resource_config validate_list_resource_config;
            "GetFunctions" get_functions get_functions;
            "CallFunction" call_function call_function;
            "ValidateStateStoreConfig" validate_state_store_config validate_state_store;
            "ConfigureStateStore" configure_state_store configure_state_store;
            "LockState" lock_state lock_state;
            "UnlockState" unlock_state unlock_state;
            "GetStates" get_states get_states;
            "DeleteState" delete_state delete_state;
            "PlanAction" plan_action plan_action;
            "ValidateActionConfig" validate_action_config validate_action_config;
            "StopProvider" stop_provider stop_provider;
        }
        let decode = |e: prost::DecodeError| format!("the request does not decode: {e}");
        match rpc {
            "ListResource" => {
                let request = pb::list_resource::Request::decode(bytes).map_err(decode)?;
                let reply = service.list_resource(Request::new(request)).await;
                Ok(streamed(reply).await)
            }
            "InvokeAction" => {
                let request = pb::invoke_action::Request::decode(bytes).map_err(decode)?;
                let reply = service.invoke_action(Request::new(request)).await;
                Ok(streamed(reply).await)
            }
            "ReadStateBytes" => {
                let request = pb::read_state_bytes::Request::decode(bytes).map_err(decode)?;
                let reply = service.read_state_bytes(Request::new(request)).await;
                Ok(streamed(reply).await)
            }
            _ => Err(format!(
                "`{rpc}` is not replayed (a streamed request, never recorded)"
            )),
        }
    }
}

/// A streamed answer read whole.
async fn streamed<T, St>(reply: Result<tonic::Response<St>, Status>) -> Answer
where
    T: prost::Message,
    St: tokio_stream::Stream<Item = Result<T, Status>>,
{
    use tokio_stream::StreamExt as _;
    let stream = match reply {
        Ok(stream) => stream.into_inner(),
        Err(status) => return Answer::Failed(status),
    };
    let mut stream = std::pin::pin!(stream);
    let mut messages = Vec::new();
    while let Some(item) = stream.next().await {
        match item {
            Ok(message) => messages.push(message.encode_to_vec()),
            Err(status) => return Answer::Stream(messages, Some(status)),
        }
    }
    Answer::Stream(messages, None)
}
