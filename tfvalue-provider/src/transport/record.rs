//! Recording: every RPC a provider serves, its request and its answer, appended to a
//! cassette file, for `tfvalue_testing::Cassette` to replay without Terraform.
//!
//! A cassette is JSON Lines (one JSON object a line, so that each call is one line of a
//! diff and several provider processes can append to one file):
//!
//! ```text
//! {"tfvalue_cassette":1}
//! {"session":"4242.0","index":0,"rpc":"GetProviderSchema","request":{},"answer":{...}}
//! {"session":"4242.0","index":1,"rpc":"ValidateProviderConfig","request":{"config":{"msgpack":"80","value":{}}},"answer":{}}
//! ```
//!
//! The first line names the format's version. Each call names the session (one provider
//! process, or one debug server: the replay starts a fresh provider for each), its index
//! in that session, the RPC, the request and one of `answer` (a unary answer), `stream`
//! (the messages of a streamed answer, then `status` if the stream ended in an error) or
//! `status` (a gRPC error: `{"code": <number>, "message": "<text>"}`). Messages are JSON as
//! `codec.rs` writes them; sensitive and write-only values are redacted (`secrets.rs`).
//! A streamed answer is recorded whole before its first message goes on to Terraform.
//! `WriteStateBytes` (a streamed request, and no provider serves a state store) is served
//! but not recorded.

pub(crate) mod codec;
mod msgpack;
mod secrets;

use std::fs::{File, OpenOptions};
use std::io::Write as _;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock, PoisonError};

use prost::Message as _;
use serde_json::{json, Value as J};
use tokio_stream::StreamExt as _;
use tonic::{Request, Response, Status};

use crate::protocol::proto::tfplugin6 as pb;
use crate::protocol::proto::tfplugin6::provider_server::Provider as Served;
use tfvalue::schema::ProvidersJson;

use crate::transport::schema_json::SchemaJson;
use crate::transport::server::Messages;

use codec::{Codec, Redaction};
use secrets::Secrets;

/// The environment variable that makes [`crate::serve`] record: the path of the cassette
/// file its calls are appended to.
pub const RECORD_VAR: &str = "TFVALUE_RECORD";

/// The version of the cassette format, named by a cassette's first line
/// (`{"tfvalue_cassette":1}`).
pub const CASSETTE_FORMAT: u64 = 1;

/// What an RPC answered, as protobuf bytes.
pub(crate) enum Answer {
    /// A unary answer.
    Unary(Vec<u8>),
    /// A streamed answer's messages, and the error that ended it, if one did.
    Stream(Vec<Vec<u8>>, Option<Status>),
    /// A gRPC error instead of an answer.
    Failed(Status),
}

/// Calls as cassette lines: the codec and the provider's secrets.
pub(crate) struct Cassettes {
    codec: Codec,
    secrets: OnceLock<Secrets>,
}

impl Cassettes {
    /// # Errors
    /// The protocol's descriptors do not decode (a broken build).
    pub(crate) fn new() -> Result<Cassettes, String> {
        Ok(Cassettes {
            codec: Codec::new()?,
            secrets: OnceLock::new(),
        })
    }

    /// Whether the schema (and so the secrets) is known.
    pub(crate) fn knows_secrets(&self) -> bool {
        self.secrets.get().is_some()
    }

    /// Learns the secrets from the provider's schema.
    pub(crate) fn learn(&self, schema: &pb::get_provider_schema::Response) {
        let _ = self.secrets.set(Secrets::new(schema));
    }

    /// The protocol's descriptors.
    pub(crate) fn codec(&self) -> &Codec {
        &self.codec
    }

    /// One call as JSON: `rpc`, `request` and `answer`, `stream` or `status`.
    ///
    /// # Errors
    /// Bytes that do not decode as the RPC's messages.
    pub(crate) fn call(&self, rpc: &str, request: &[u8], answer: &Answer) -> Result<J, String> {
        let method = self.codec.method(rpc)?;
        let mut redaction = Redaction {
            rpc,
            secrets: self.secrets.get(),
            type_name: String::new(),
        };
        let request = self
            .codec
            .to_json(method.input(), request, &mut redaction)?;
        let mut call = json!({ "rpc": rpc, "request": request });
        let output = method.output();
        match answer {
            Answer::Unary(bytes) => {
                call["answer"] = self.codec.to_json(output, bytes, &mut redaction)?;
            }
            Answer::Stream(messages, end) => {
                let messages = messages
                    .iter()
                    .map(|bytes| self.codec.to_json(output.clone(), bytes, &mut redaction))
                    .collect::<Result<Vec<_>, _>>()?;
                call["stream"] = J::Array(messages);
                if let Some(status) = end {
                    call["status"] = status_json(status);
                }
            }
            Answer::Failed(status) => call["status"] = status_json(status),
        }
        Ok(call)
    }
}

fn status_json(status: &Status) -> J {
    json!({ "code": status.code() as i32, "message": status.message() })
}

/// The number of debug servers this process has started recording, for their sessions.
static SESSIONS: AtomicU64 = AtomicU64::new(0);

/// Appends calls to a cassette file.
pub(crate) struct Recorder {
    file: Mutex<File>,
    cassettes: Cassettes,
    session: String,
    index: AtomicU64,
}

impl Recorder {
    /// Opens (or creates) the cassette at `path` to append to; an empty file gets the
    /// format line first.
    ///
    /// # Errors
    /// The file cannot be opened or written, naming it.
    pub(crate) fn open(path: &Path) -> Result<Recorder, String> {
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| format!("opening the cassette {} failed: {e}", path.display()))?;
        let empty = file.metadata().map(|m| m.len() == 0).unwrap_or(false);
        if empty {
            writeln!(file, "{}", json!({ "tfvalue_cassette": CASSETTE_FORMAT }))
                .map_err(|e| format!("writing the cassette {} failed: {e}", path.display()))?;
        }
        let session = SESSIONS.fetch_add(1, Ordering::Relaxed);
        Ok(Recorder {
            file: Mutex::new(file),
            cassettes: Cassettes::new()?,
            session: format!("{}.{session}", std::process::id()),
            index: AtomicU64::new(0),
        })
    }

    fn append(&self, rpc: &str, request: &[u8], answer: &Answer) {
        let call = match self.cassettes.call(rpc, request, answer) {
            Ok(call) => call,
            Err(error) => json!({ "rpc": rpc, "unrecorded": error }),
        };
        let mut file = self.file.lock().unwrap_or_else(PoisonError::into_inner);
        // The index is taken under the lock, so that the lines are in its order.
        let index = self.index.fetch_add(1, Ordering::Relaxed);
        let line = line_of(&self.session, index, &call);
        if let Err(error) = writeln!(file, "{line}") {
            tracing::error!("recording {rpc} to the cassette failed: {error}");
        }
    }
}

/// One call's line: its keys in the order `session`, `index`, `rpc`, `request`, then
/// `answer`, `stream`, `status` (those it has) or `unrecorded`, so that a line reads
/// from what was asked to what was answered.
fn line_of(session: &str, index: u64, call: &J) -> String {
    let mut line = format!("{{\"session\":{},\"index\":{index}", J::from(session));
    for key in ["rpc", "request", "answer", "stream", "status", "unrecorded"] {
        if let Some(value) = call.get(key) {
            line.push_str(&format!(",\"{key}\":{value}"));
        }
    }
    line.push('}');
    line
}

/// A service that records every call of `inner` before answering it.
pub(crate) struct Recording<S> {
    inner: S,
    recorder: Recorder,
}

impl<S: Served> Recording<S> {
    /// `inner`, recording to the cassette at `path`.
    ///
    /// # Errors
    /// The cassette cannot be opened.
    pub(crate) fn new(inner: S, path: &Path) -> Result<Recording<S>, String> {
        Ok(Recording {
            inner,
            recorder: Recorder::open(path)?,
        })
    }

    /// Records one call, learning the schema's secrets first if they are not known.
    async fn record(&self, rpc: &str, request: Vec<u8>, answer: Answer) {
        if !self.recorder.cassettes.knows_secrets() {
            let asked = Request::new(pb::get_provider_schema::Request::default());
            if let Ok(schema) = self.inner.get_provider_schema(asked).await {
                self.recorder.cassettes.learn(schema.get_ref());
            }
        }
        self.recorder.append(rpc, &request, &answer);
    }

    /// Records a unary call and passes its answer on.
    async fn unary<T: prost::Message>(
        &self,
        rpc: &str,
        request: Vec<u8>,
        reply: Result<Response<T>, Status>,
    ) -> Result<Response<T>, Status> {
        let answer = match &reply {
            Ok(response) => Answer::Unary(response.get_ref().encode_to_vec()),
            Err(status) => Answer::Failed(status.clone()),
        };
        self.record(rpc, request, answer).await;
        reply
    }

    /// Reads a streamed answer whole, records it, and passes its messages on.
    async fn streamed<T, St>(
        &self,
        rpc: &str,
        request: Vec<u8>,
        reply: Result<Response<St>, Status>,
    ) -> Result<Response<Messages<T>>, Status>
    where
        T: prost::Message,
        St: tokio_stream::Stream<Item = Result<T, Status>> + Unpin,
    {
        let stream = match reply {
            Ok(stream) => stream.into_inner(),
            Err(status) => {
                self.record(rpc, request, Answer::Failed(status.clone()))
                    .await;
                return Err(status);
            }
        };
        let items: Vec<Result<T, Status>> = stream.collect().await;
        let mut messages = Vec::new();
        let mut end = None;
        for item in &items {
            match item {
                Ok(message) => messages.push(message.encode_to_vec()),
                Err(status) => end = Some(status.clone()),
            }
        }
        self.record(rpc, request, Answer::Stream(messages, end))
            .await;
        Ok(Response::new(tokio_stream::iter(items)))
    }
}

impl<S: SchemaJson> SchemaJson for Recording<S> {
    fn providers_schema_json(&self, address: &str, release: ProvidersJson) -> String {
        self.inner.providers_schema_json(address, release)
    }
}

/// The unary methods of the service, each recorded as `unary` does.
macro_rules! recorded {
    ($($method:ident $rpc:literal $module:ident;)*) => {
        #[tonic::async_trait]
        impl<S: Served> Served for Recording<S> {
            $(
                async fn $method(
                    &self,
                    request: Request<pb::$module::Request>,
                ) -> Result<Response<pb::$module::Response>, Status> {
                    let bytes = request.get_ref().encode_to_vec();
                    let reply = self.inner.$method(request).await;
                    self.unary($rpc, bytes, reply).await
                }
            )*

            type ListResourceStream = Messages<pb::list_resource::Event>;

            async fn list_resource(
                &self,
                request: Request<pb::list_resource::Request>,
            ) -> Result<Response<Self::ListResourceStream>, Status> {
                let bytes = request.get_ref().encode_to_vec();
                let reply = self.inner.list_resource(request).await;
                self.streamed("ListResource", bytes, reply.map(|r| r.map(Box::pin))).await
            }

            type ReadStateBytesStream = Messages<pb::read_state_bytes::Response>;

            async fn read_state_bytes(
                &self,
                request: Request<pb::read_state_bytes::Request>,
            ) -> Result<Response<Self::ReadStateBytesStream>, Status> {
                let bytes = request.get_ref().encode_to_vec();
                let reply = self.inner.read_state_bytes(request).await;
                self.streamed("ReadStateBytes", bytes, reply.map(|r| r.map(Box::pin))).await
            }

            type InvokeActionStream = Messages<pb::invoke_action::Event>;

            async fn invoke_action(
                &self,
                request: Request<pb::invoke_action::Request>,
            ) -> Result<Response<Self::InvokeActionStream>, Status> {
                let bytes = request.get_ref().encode_to_vec();
                let reply = self.inner.invoke_action(request).await;
                self.streamed("InvokeAction", bytes, reply.map(|r| r.map(Box::pin))).await
            }

            async fn write_state_bytes(
                &self,
                request: Request<tonic::Streaming<pb::write_state_bytes::RequestChunk>>,
            ) -> Result<Response<pb::write_state_bytes::Response>, Status> {
                self.inner.write_state_bytes(request).await
            }
        }
    };
}

recorded! {
    get_metadata "GetMetadata" get_metadata;
    get_provider_schema "GetProviderSchema" get_provider_schema;
    validate_provider_config "ValidateProviderConfig" validate_provider_config;
    validate_resource_config "ValidateResourceConfig" validate_resource_config;
    validate_data_resource_config "ValidateDataResourceConfig" validate_data_resource_config;
    upgrade_resource_state "UpgradeResourceState" upgrade_resource_state;
    get_resource_identity_schemas "GetResourceIdentitySchemas" get_resource_identity_schemas;
    upgrade_resource_identity "UpgradeResourceIdentity" upgrade_resource_identity;
    configure_provider "ConfigureProvider" configure_provider;
    read_resource "ReadResource" read_resource;
    plan_resource_change "PlanResourceChange" plan_resource_change;
    apply_resource_change "ApplyResourceChange" apply_resource_change;
    import_resource_state "ImportResourceState" import_resource_state;
    move_resource_state "MoveResourceState" move_resource_state;
    read_data_source "ReadDataSource" read_data_source;
    generate_resource_config "GenerateResourceConfig" generate_resource_config;
    validate_ephemeral_resource_config "ValidateEphemeralResourceConfig" validate_ephemeral_resource_config;
    open_ephemeral_resource "OpenEphemeralResource" open_ephemeral_resource;
    renew_ephemeral_resource "RenewEphemeralResource" renew_ephemeral_resource;
    close_ephemeral_resource "CloseEphemeralResource" close_ephemeral_resource;
    validate_list_resource_config "ValidateListResourceConfig" validate_list_resource_config;
    get_functions "GetFunctions" get_functions;
    call_function "CallFunction" call_function;
    validate_state_store_config "ValidateStateStoreConfig" validate_state_store;
    configure_state_store "ConfigureStateStore" configure_state_store;
    lock_state "LockState" lock_state;
    unlock_state "UnlockState" unlock_state;
    get_states "GetStates" get_states;
    delete_state "DeleteState" delete_state;
    plan_action "PlanAction" plan_action;
    validate_action_config "ValidateActionConfig" validate_action_config;
    stop_provider "StopProvider" stop_provider;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_reads_from_the_call_to_its_answer() {
        let call = json!({"answer": {}, "request": {"config": {"msgpack": "80", "value": {}}}, "rpc": "ConfigureProvider"});
        assert_eq!(
            line_of("4242.0", 3, &call),
            r#"{"session":"4242.0","index":3,"rpc":"ConfigureProvider","request":{"config":{"msgpack":"80","value":{}}},"answer":{}}"#
        );
        let failed = Answer::Failed(Status::internal("boom"));
        let cassettes = Cassettes::new().unwrap();
        let call = cassettes.call("GetMetadata", &[], &failed).unwrap();
        assert_eq!(
            line_of("1", 0, &call),
            r#"{"session":"1","index":0,"rpc":"GetMetadata","request":{},"status":{"code":13,"message":"boom"}}"#
        );
    }

    #[test]
    fn a_cassette_that_cannot_be_opened_is_named() {
        let error = Recorder::open(Path::new("/nonexistent-dir/c.jsonl"))
            .err()
            .unwrap();
        assert!(
            error.starts_with("opening the cassette /nonexistent-dir/c.jsonl failed: "),
            "{error}"
        );
    }

    #[test]
    fn a_recording_appends_after_one_format_line() {
        let dir = std::env::temp_dir().join(format!("tfvalue-record-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("c.jsonl");
        for _ in 0..2 {
            let recorder = Recorder::open(&path).unwrap();
            recorder.append("GetMetadata", &[], &Answer::Unary(Vec::new()));
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3, "{text}");
        assert_eq!(lines[0], r#"{"tfvalue_cassette":1}"#);
        assert!(
            lines[1].ends_with(r#","index":0,"rpc":"GetMetadata","request":{},"answer":{}}"#),
            "{text}"
        );
        assert_ne!(
            lines[1][..20],
            lines[2][..20],
            "two recorders are two sessions: {text}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
