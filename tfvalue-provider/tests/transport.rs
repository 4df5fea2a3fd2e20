//! The plugin transport end to end, with a real TLS client of our own: the handshake
//! line, mutual TLS pinned to a Terraform-like P-521 certificate, refusals, debug mode,
//! Shutdown, and the environment Terraform sets.

mod support;

use std::path::Path;
use std::sync::{Arc, Mutex};

use rustls::pki_types::{CertificateDer, ServerName};
use rustls::server::ParsedCertificate;
use rustls::{AlertDescription, ProtocolVersion};
use support::*;
use tfvalue_provider::__private as transport;
use tfvalue_provider::__unstable_proto::plugin::grpc_controller_client::GrpcControllerClient;
use tfvalue_provider::__unstable_proto::plugin::Empty;
use tfvalue_provider::__unstable_proto::tfplugin6 as tf;
use tfvalue_provider::__unstable_proto::tfplugin6::provider_client::ProviderClient;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::UnixStream;

const TLS13: &[&rustls::SupportedProtocolVersion] = &[&rustls::version::TLS13];
const TLS12: &[&rustls::SupportedProtocolVersion] = &[&rustls::version::TLS12];

/// The environment Terraform would set for a client whose certificate is `pem`.
fn terraform_env(pem: &str) -> transport::PluginEnv {
    let vars = [
        (transport::MAGIC_COOKIE_KEY, transport::MAGIC_COOKIE_VALUE),
        (transport::PROTOCOL_VERSIONS_KEY, "5,6"),
        (transport::CLIENT_CERT_KEY, pem),
        ("PLUGIN_MIN_PORT", "10000"),
        ("PLUGIN_MAX_PORT", "25000"),
    ];
    transport::PluginEnv::from_vars(vars).expect("Terraform's environment is accepted")
}

/// Stops the server through its stop future and checks that everything was cleaned up.
async fn stop_and_check(mut running: Running) {
    if let Some(stop) = running.stop.take() {
        stop.send(()).expect("the server is still running");
    }
    let (result, output) = guarded("the serve future", running.task)
        .await
        .expect("the serve task did not panic");
    result.expect("serve ended without error");
    assert_cleaned_up(&running.socket);
    assert_eq!(output.flushes, 1, "one flush");
    assert_eq!(
        output.written,
        format!("{}\n", running.line).into_bytes(),
        "nothing but the handshake line was written"
    );
}

fn assert_cleaned_up(socket: &Path) {
    assert!(!socket.exists(), "{} was removed", socket.display());
    let dir = socket.parent().expect("the socket is in a directory");
    assert!(!dir.exists(), "{} was removed", dir.display());
}

#[tokio::test]
async fn terraform_like_client_is_served_over_mutual_tls_with_h2() {
    let client = terraform_like_identity();
    let running = start(terraform_env(&client.pem)).await;
    let server_cert = running
        .server_cert
        .clone()
        .expect("a certificate in the line");
    for versions in [TLS13, TLS12] {
        let seen = Arc::new(Mutex::new(Seen::default()));
        let config = client_config(&server_cert, Some(&client), versions);
        let channel = tls_channel(&running.socket, config, seen.clone())
            .await
            .expect("connected");
        let name = metadata(channel).await.expect("GetMetadata answered");
        assert_eq!(name, format!("{MOCK_RESOURCE}:tls=Some(true)"));
        let seen = seen.lock().expect("not poisoned").clone();
        assert_eq!(seen.alpn.as_deref(), Some(&b"h2"[..]));
        assert_eq!(seen.server_certs, std::slice::from_ref(&server_cert));
        let expected = if versions == TLS13 {
            ProtocolVersion::TLSv1_3
        } else {
            ProtocolVersion::TLSv1_2
        };
        assert_eq!(seen.version, Some(expected));
    }
    stop_and_check(running).await;
}

#[tokio::test]
async fn handshake_line_carries_the_socket_and_the_server_certificate() {
    let client = terraform_like_identity();
    let running = start(terraform_env(&client.pem)).await;
    let fields = parse_line(&running.line);
    assert!(!fields.cert.contains('='), "no padding: {}", running.line);
    assert!(Path::new(&fields.socket).is_absolute(), "{}", running.line);
    let socket_meta = std::fs::symlink_metadata(&running.socket).expect("the socket exists");
    assert!(std::os::unix::fs::FileTypeExt::is_socket(
        &socket_meta.file_type()
    ));
    let dir = running.socket.parent().expect("a directory");
    let mode = std::os::unix::fs::PermissionsExt::mode(
        &std::fs::metadata(dir)
            .expect("the directory exists")
            .permissions(),
    );
    assert_eq!(mode & 0o777, 0o700, "the socket's directory is private");

    let der = running.server_cert.clone().expect("a certificate");
    assert_eq!(transport::base64_encode(&der), fields.cert);
    let cert = CertificateDer::from(der.as_slice());
    let parsed = ParsedCertificate::try_from(&cert).expect("an X.509 certificate");
    let localhost = ServerName::try_from("localhost").expect("a name");
    rustls::client::verify_server_name(&parsed, &localhost).expect("SAN DNS:localhost");
    let other = ServerName::try_from("example.com").expect("a name");
    assert!(rustls::client::verify_server_name(&parsed, &other).is_err());

    // A second start has a fresh certificate and a socket of its own.
    let again = start(terraform_env(&client.pem)).await;
    assert_ne!(again.server_cert, running.server_cert);
    assert_ne!(again.socket, running.socket);
    stop_and_check(again).await;
    stop_and_check(running).await;
}

/// The alert the server sends, as the client reads it after its side of the handshake.
async fn refusal_alert(socket: &Path, config: Arc<rustls::ClientConfig>) -> AlertDescription {
    let result = async {
        let mut stream = tls_connect(socket, config).await?;
        // HTTP/2's preface, as a gRPC client would send it; the server never reads it.
        stream
            .write_all(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")
            .await?;
        stream.flush().await?;
        let mut buffer = [0u8; 64];
        stream.read(&mut buffer).await
    }
    .await;
    let error = match result {
        Ok(read) => panic!("the server did not refuse the client ({read} bytes read)"),
        Err(error) => error,
    };
    match error
        .get_ref()
        .and_then(|inner| inner.downcast_ref::<rustls::Error>())
    {
        Some(rustls::Error::AlertReceived(alert)) => *alert,
        _ => panic!("expected a TLS alert from the server, got {error:?}"),
    }
}

#[tokio::test]
async fn other_client_certificates_and_none_are_refused() {
    let pinned = terraform_like_identity();
    let running = start(terraform_env(&pinned.pem)).await;
    let server_cert = running.server_cert.clone().expect("a certificate");
    let impostors = [
        identity(&rcgen::PKCS_ECDSA_P521_SHA512),
        identity(&rcgen::PKCS_ECDSA_P256_SHA256),
    ];
    for versions in [TLS13, TLS12] {
        for impostor in &impostors {
            let config = client_config(&server_cert, Some(impostor), versions);
            let alert = refusal_alert(&running.socket, config.clone()).await;
            assert_eq!(alert, AlertDescription::AccessDenied);
            let seen = Arc::new(Mutex::new(Seen::default()));
            let outcome = match tls_channel(&running.socket, config, seen).await {
                Ok(channel) => metadata(channel).await.map_err(|status| status.to_string()),
                Err(error) => Err(error.to_string()),
            };
            assert!(outcome.is_err(), "an impostor was served: {outcome:?}");
        }
        let config = client_config(&server_cert, None, versions);
        let alert = refusal_alert(&running.socket, config.clone()).await;
        assert_eq!(alert, AlertDescription::CertificateRequired);
        let seen = Arc::new(Mutex::new(Seen::default()));
        let outcome = match tls_channel(&running.socket, config, seen).await {
            Ok(channel) => metadata(channel).await.map_err(|status| status.to_string()),
            Err(error) => Err(error.to_string()),
        };
        assert!(outcome.is_err(), "a client without certificate was served");
    }

    // The refusals cost nothing to the rightful client.
    let seen = Arc::new(Mutex::new(Seen::default()));
    let config = client_config(&server_cert, Some(&pinned), TLS13);
    let channel = tls_channel(&running.socket, config, seen)
        .await
        .expect("connected");
    metadata(channel).await.expect("GetMetadata answered");
    stop_and_check(running).await;
}

#[tokio::test]
async fn a_stalled_or_garbage_client_does_not_block_the_others() {
    let client = terraform_like_identity();
    let running = start(terraform_env(&client.pem)).await;
    let server_cert = running.server_cert.clone().expect("a certificate");
    // Connected, but never says a word: its TLS handshake waits forever.
    let stalled = UnixStream::connect(&running.socket)
        .await
        .expect("connected");
    // Sends something that is not TLS at all.
    let mut garbage = UnixStream::connect(&running.socket)
        .await
        .expect("connected");
    garbage
        .write_all(b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
        .await
        .expect("written");
    let seen = Arc::new(Mutex::new(Seen::default()));
    let config = client_config(&server_cert, Some(&client), TLS13);
    let channel = tls_channel(&running.socket, config, seen)
        .await
        .expect("connected despite the stalled client");
    metadata(channel).await.expect("GetMetadata answered");
    // The server closed the garbage connection: reading to its end completes (with an
    // alert or a reset before, which does not matter here).
    let mut buffer = Vec::new();
    let _ = guarded(
        "the server closing the garbage connection",
        garbage.read_to_end(&mut buffer),
    )
    .await;
    drop(stalled);
    stop_and_check(running).await;
}

#[tokio::test]
async fn shutdown_answers_then_the_server_exits_and_cleans_up() {
    let client = terraform_like_identity();
    let mut running = start(terraform_env(&client.pem)).await;
    let server_cert = running.server_cert.clone().expect("a certificate");
    let seen = Arc::new(Mutex::new(Seen::default()));
    let config = client_config(&server_cert, Some(&client), TLS13);
    let channel = tls_channel(&running.socket, config, seen)
        .await
        .expect("connected");
    metadata(channel.clone())
        .await
        .expect("GetMetadata answered");
    let mut controller = GrpcControllerClient::new(channel.clone());
    controller
        .shutdown(Empty {})
        .await
        .expect("Shutdown answered");
    // The client keeps its channel open: the server must not wait for it.
    let (result, output) = guarded("the serve future after Shutdown", &mut running.task)
        .await
        .expect("the serve task did not panic");
    result.expect("serve ended without error");
    assert_cleaned_up(&running.socket);
    assert_eq!(output.written, format!("{}\n", running.line).into_bytes());
    assert_eq!(output.flushes, 1);
    // The stop sender was never used; dropping it now changes nothing.
    drop(running.stop.take());
    // The server is gone: new calls fail.
    assert!(metadata(channel).await.is_err());
}

#[tokio::test]
async fn shutdown_does_not_wait_for_a_call_that_never_ends() {
    let client = terraform_like_identity();
    let mut running = start(terraform_env(&client.pem)).await;
    let server_cert = running.server_cert.clone().expect("a certificate");
    let seen = Arc::new(Mutex::new(Seen::default()));
    let config = client_config(&server_cert, Some(&client), TLS13);
    let channel = tls_channel(&running.socket, config, seen)
        .await
        .expect("connected");
    let mut provider = ProviderClient::new(channel.clone());
    let stuck =
        tokio::spawn(async move { provider.stop_provider(tf::stop_provider::Request {}).await });
    guarded(
        "the StopProvider call's arrival",
        running.stop_provider_started.notified(),
    )
    .await;
    GrpcControllerClient::new(channel)
        .shutdown(Empty {})
        .await
        .expect("Shutdown answered despite the running call");
    // Returns after the grace period rather than waiting for the call.
    let (result, _) = guarded("the serve future after Shutdown", &mut running.task)
        .await
        .expect("the serve task did not panic");
    result.expect("serve ended without error");
    assert_cleaned_up(&running.socket);
    assert!(
        !stuck.is_finished(),
        "the mock's StopProvider never answers"
    );
    stuck.abort();
}

#[tokio::test]
async fn debug_mode_serves_plain_grpc_with_an_empty_certificate_field() {
    let running = start(transport::PluginEnv::debug()).await;
    assert!(running.line.ends_with("|grpc|"), "{}", running.line);
    assert!(running.server_cert.is_none());
    let channel = plain_channel(&running.socket).await.expect("connected");
    let name = metadata(channel.clone())
        .await
        .expect("GetMetadata answered");
    assert_eq!(name, format!("{MOCK_RESOURCE}:tls=Some(false)"));
    // Shutdown works the same without TLS.
    let mut controller = GrpcControllerClient::new(channel);
    controller
        .shutdown(Empty {})
        .await
        .expect("Shutdown answered");
    let (result, _) = guarded("the serve future after Shutdown", running.task)
        .await
        .expect("the serve task did not panic");
    result.expect("serve ended without error");
    assert_cleaned_up(&running.socket);
}

#[tokio::test]
async fn the_socket_goes_under_plugin_unix_socket_dir() {
    let base = std::env::temp_dir().join(format!("tfvalue-transport-{}", std::process::id()));
    std::fs::create_dir_all(&base).expect("base directory");
    let vars = [
        (transport::MAGIC_COOKIE_KEY, transport::MAGIC_COOKIE_VALUE),
        (
            transport::SOCKET_DIR_KEY,
            base.to_str().expect("a UTF-8 path"),
        ),
    ];
    let env = transport::PluginEnv::from_vars(vars).expect("accepted");
    let running = start(env).await;
    let dir = running.socket.parent().expect("a directory");
    assert_eq!(dir.parent(), Some(base.as_path()));
    stop_and_check(running).await;
    std::fs::remove_dir(&base).expect("the base directory is left empty");
}

#[tokio::test]
async fn an_unusable_socket_directory_fails_without_writing_a_line() {
    let vars = [
        (transport::MAGIC_COOKIE_KEY, transport::MAGIC_COOKIE_VALUE),
        (transport::SOCKET_DIR_KEY, "/nonexistent-tfvalue-transport"),
    ];
    let env = transport::PluginEnv::from_vars(vars).expect("accepted");
    let mut out = Vec::new();
    let result =
        transport::serve_until(Mock::default(), env, &mut out, std::future::pending()).await;
    let error = result.expect_err("no directory, no server");
    assert!(
        error
            .to_string()
            .starts_with("creating the socket's directory /nonexistent-tfvalue-transport/"),
        "{error}"
    );
    assert!(out.is_empty(), "nothing written to the handshake channel");
}

#[test]
fn environment_parsing() {
    let cookie = (transport::MAGIC_COOKIE_KEY, transport::MAGIC_COOKIE_VALUE);
    let parse = |vars: &[(&str, &str)]| transport::PluginEnv::from_vars(vars.iter().copied());

    for vars in [
        vec![],
        vec![(transport::MAGIC_COOKIE_KEY, "0123")],
        vec![(transport::PROTOCOL_VERSIONS_KEY, "6")],
    ] {
        let error = parse(&vars).expect_err("not started by Terraform");
        let message = error.to_string();
        assert!(
            message.starts_with("This binary is a plugin for Terraform"),
            "{message}"
        );
        assert!(
            message.contains("it is not meant to be run directly"),
            "{message}"
        );
    }

    let error =
        parse(&[cookie, (transport::PROTOCOL_VERSIONS_KEY, "5")]).expect_err("version 5 only");
    assert_eq!(
        error,
        transport::EnvError::VersionNotOffered {
            found: "5".to_owned()
        }
    );
    let env = parse(&[cookie, (transport::PROTOCOL_VERSIONS_KEY, "5,6")]).expect("5,6");
    assert_eq!(env.protocol_version(), 6);

    let client = terraform_like_identity();
    let env = parse(&[cookie, (transport::CLIENT_CERT_KEY, client.pem.as_str())])
        .expect("a PEM certificate");
    assert_eq!(env.client_cert(), Some(client.cert.as_ref()));
    assert_eq!(
        parse(&[cookie]).expect("no certificate").client_cert(),
        None
    );
}

#[test]
fn the_test_base64_decoder_agrees_with_the_encoder() {
    let inputs: [&[u8]; 5] = [b"", b"f", b"fo", b"foo", &[0xfb, 0xff, 0xbf, 0x00, 0x10]];
    for input in inputs {
        assert_eq!(base64_decode(&transport::base64_encode(input)), input);
    }
}

/// A small provider written against the public API, served through the real service
/// (`__private::provider_service`): the whole stack from the socket to the handlers.
mod notes {
    use std::sync::OnceLock;

    use tfvalue::{Nullable, TfSchema, Unknown};
    use tfvalue_provider::{ActionInvokeRequest, Progress};
    use tfvalue_provider::{ApplyError, Context, Diagnostics, Provider, Registry, Resource};

    /// The provider block: nothing to configure.
    #[derive(TfSchema, Debug)]
    pub struct Config {}

    /// A note kept only in Terraform's state.
    #[derive(TfSchema, Debug)]
    pub struct Note {
        #[tf(computed)]
        pub id: Unknown<Nullable<String>>,
        pub text: Unknown<String>,
    }

    pub struct Notes;
    struct NoteResource;

    impl Provider for Notes {
        type Config = Config;
        type Data = ();

        fn register(&self, registry: &mut impl Registry<()>) {
            registry.resource("notes_note", NoteResource);
            registry.action("notes_send", Send);
        }

        async fn configure(
            &self,
            _: &mut Context<()>,
            _: tfvalue_provider::ConfigureRequest<Config>,
        ) -> Result<(), Diagnostics> {
            Ok(())
        }
    }

    /// `action "notes_send" "x" { config { text = "..." } }`.
    #[derive(TfSchema, Debug)]
    pub struct Message {
        pub text: String,
    }

    /// Sends a message: reports "sending", waits until [`release`] lets it go on, then
    /// reports "sent".
    struct Send;

    /// What a running `notes_send` waits for.
    pub fn release() -> &'static tokio::sync::Notify {
        static RELEASE: OnceLock<tokio::sync::Notify> = OnceLock::new();
        RELEASE.get_or_init(tokio::sync::Notify::new)
    }

    impl tfvalue_provider::Action for Send {
        type Model = Message;
        type Data = ();

        async fn invoke(
            &self,
            _: &mut Context<()>,
            request: ActionInvokeRequest<Message>,
            progress: &mut Progress,
        ) -> Result<(), Diagnostics> {
            let text = request.config.text;
            progress.send(format!("sending {text}")).await?;
            release().notified().await;
            progress.send(format!("sent {text}")).await?;
            Ok(())
        }
    }

    impl Resource for NoteResource {
        type Model = Note;
        type Data = ();

        async fn create(
            &self,
            _: &mut Context<()>,
            request: tfvalue_provider::CreateRequest<Note>,
        ) -> Result<Note, ApplyError<Note>> {
            let planned = request.planned;
            Ok(Note {
                id: Unknown::known(Nullable::Value("note".to_owned())),
                ..planned
            })
        }

        async fn read(
            &self,
            _: &mut Context<()>,
            request: tfvalue_provider::ReadRequest<Note>,
        ) -> Result<Option<Note>, Diagnostics> {
            let note = request.state;
            Ok(Some(note))
        }

        async fn update(
            &self,
            _: &mut Context<()>,
            request: tfvalue_provider::UpdateRequest<Note>,
        ) -> Result<Note, ApplyError<Note>> {
            let note = request.planned;
            Ok(note)
        }

        async fn delete(
            &self,
            _: &mut Context<()>,
            _: tfvalue_provider::DeleteRequest<Note>,
        ) -> Result<(), ApplyError<Note>> {
            Ok(())
        }
    }
}

/// A gRPC codec that sends and receives message bodies as raw bytes, so that a test can
/// put anything on the wire.
#[derive(Clone, Copy, Default)]
struct RawCodec;

struct RawBytes;

impl tonic::codec::Encoder for RawBytes {
    type Item = Vec<u8>;
    type Error = tonic::Status;

    fn encode(
        &mut self,
        item: Vec<u8>,
        dst: &mut tonic::codec::EncodeBuf<'_>,
    ) -> Result<(), tonic::Status> {
        prost::bytes::BufMut::put_slice(dst, &item);
        Ok(())
    }
}

impl tonic::codec::Decoder for RawBytes {
    type Item = Vec<u8>;
    type Error = tonic::Status;

    fn decode(
        &mut self,
        src: &mut tonic::codec::DecodeBuf<'_>,
    ) -> Result<Option<Vec<u8>>, tonic::Status> {
        let mut bytes = vec![0; prost::bytes::Buf::remaining(src)];
        prost::bytes::Buf::copy_to_slice(src, &mut bytes);
        Ok(Some(bytes))
    }
}

impl tonic::codec::Codec for RawCodec {
    type Encode = Vec<u8>;
    type Decode = Vec<u8>;
    type Encoder = RawBytes;
    type Decoder = RawBytes;

    fn encoder(&mut self) -> RawBytes {
        RawBytes
    }

    fn decoder(&mut self) -> RawBytes {
        RawBytes
    }
}

/// Calls `method` of `tfplugin6.Provider` with `body` as the message, byte for byte.
async fn raw_call(
    channel: &tonic::transport::Channel,
    method: &str,
    body: Vec<u8>,
) -> Result<Vec<u8>, tonic::Status> {
    let mut grpc = tonic::client::Grpc::new(channel.clone());
    grpc.ready()
        .await
        .map_err(|e| tonic::Status::unavailable(format!("not ready: {e}")))?;
    let path = format!("/tfplugin6.Provider/{method}");
    let path = tonic::codegen::http::uri::PathAndQuery::try_from(path).expect("a valid path");
    grpc.unary(tonic::Request::new(body), path, RawCodec)
        .await
        .map(tonic::Response::into_inner)
}

const NOTE_TYPE: &str = "notes_note";

/// A note as Terraform sends it in MessagePack.
fn note_value(text: &str) -> tf::DynamicValue {
    use tfvalue::{TfSchema as _, Type, Value};
    let value = Value::object([
        ("id", Value::null(Type::String)),
        ("text", Value::String(text.to_owned())),
    ]);
    tf::DynamicValue {
        msgpack: value
            .to_msgpack(notes::Note::schema().object_type())
            .expect("a note encodes"),
        json: Vec::new(),
    }
}

/// A valid PlanResourceChange for a new note.
fn plan_request(text: &str) -> tf::plan_resource_change::Request {
    tf::plan_resource_change::Request {
        client_capabilities: None,
        prior_identity: None,
        type_name: NOTE_TYPE.to_owned(),
        prior_state: Some(tf::DynamicValue {
            msgpack: vec![0xc0],
            json: Vec::new(),
        }),
        proposed_new_state: Some(note_value(text)),
        config: Some(note_value(text)),
        prior_private: Vec::new(),
        provider_meta: None,
        planned_private: Vec::new(),
    }
}

/// Checks a plan answer: no diagnostics, the text as configured, the id unknown.
fn check_plan(response: &tf::plan_resource_change::Response, text: &str) {
    use tfvalue::{TfSchema as _, Value};
    assert!(
        response.diagnostics.is_empty(),
        "{:?}",
        response.diagnostics
    );
    let planned = response.planned_state.as_ref().expect("a planned state");
    let ty = notes::Note::schema().object_type();
    let value = Value::from_msgpack(&planned.msgpack, ty).expect("the plan decodes");
    let attr = |name: &str| value.get(&tfvalue::path::AttributePath::root().attr(name));
    assert_eq!(attr("text"), Some(&Value::String(text.to_owned())));
    assert!(
        attr("id").is_some_and(tfvalue::Value::is_unknown),
        "the id is unknown: {value:?}"
    );
}

/// Every method of `tfplugin6.Provider` (protocol 6.10).
const PROVIDER_METHODS: [&str; 36] = tfvalue_provider::__unstable_proto::PROVIDER_METHODS;

/// Bodies that are no protobuf message of any type.
fn malformed_bodies() -> Vec<(&'static str, Vec<u8>)> {
    vec![
        // A field key whose varint never ends.
        ("an endless varint", vec![0xff; 11]),
        // Field 1 with wire type 7, which does not exist.
        ("wire type 7", vec![0x0f, 0x00]),
        // Field 1, length-delimited, 127 bytes announced, 2 present.
        ("a truncated field", vec![0x0a, 0x7f, 0x01, 0x02]),
        // Field 1 as a group start that never ends.
        ("an unterminated group", vec![0x0b, 0x10, 0x01]),
    ]
}

#[tokio::test]
async fn malformed_protobuf_in_any_rpc_is_a_grpc_error_and_the_server_goes_on() {
    let client = terraform_like_identity();
    let service = transport::provider_service(notes::Notes).expect("the test provider registers");
    let running = start_service(service, terraform_env(&client.pem)).await;
    let server_cert = running.server_cert.clone().expect("a certificate");
    let seen = Arc::new(Mutex::new(Seen::default()));
    let config = client_config(&server_cert, Some(&client), TLS13);
    let channel = tls_channel(&running.socket, config, seen)
        .await
        .expect("connected");

    // Control: a well-formed body through the raw codec is served, so the errors below
    // come from the bytes, not from the codec.
    let body = prost::Message::encode_to_vec(&plan_request("control"));
    let answer = raw_call(&channel, "PlanResourceChange", body)
        .await
        .expect("a well-formed raw PlanResourceChange is answered");
    let answer: tf::plan_resource_change::Response =
        prost::Message::decode(answer.as_slice()).expect("the answer is a plan");
    check_plan(&answer, "control");

    let mut provider = ProviderClient::new(channel.clone());
    for method in PROVIDER_METHODS {
        for (what, body) in malformed_bodies() {
            let status = match raw_call(&channel, method, body).await {
                Ok(answer) => panic!("{method} with {what} was answered: {answer:?}"),
                Err(status) => status,
            };
            assert_eq!(
                status.code(),
                tonic::Code::Internal,
                "{method} with {what}: {status:?}"
            );
            assert!(
                status.message().contains("decode"),
                "{method} with {what}: the status says the message did not decode: {status:?}"
            );
            // The same server, on the same channel, serves the next call.
            let text = format!("after {method} with {what}");
            let plan = provider
                .plan_resource_change(plan_request(&text))
                .await
                .unwrap_or_else(|s| panic!("after {method} with {what}: {s:?}"))
                .into_inner();
            check_plan(&plan, &text);
        }
    }
    stop_and_check(running).await;
}

/// Bytes that are no MessagePack value of any type.
fn garbage() -> Option<tf::DynamicValue> {
    Some(tf::DynamicValue {
        msgpack: vec![0x93, 0xc1, 0x00, 0x01],
        json: b"{\"text\": [".to_vec(),
    })
}

/// Checks that `diagnostics` is one error whose summary is `summary` and whose detail
/// names `name`.
fn assert_refused(rpc: &str, diagnostics: &[tf::Diagnostic], summary: &str, name: &str) {
    let [d] = diagnostics else {
        panic!("{rpc}: one diagnostic, not {diagnostics:?}");
    };
    assert_eq!(d.severity, tf::diagnostic::Severity::Error as i32, "{rpc}");
    assert_eq!(d.summary, summary, "{rpc}");
    assert!(
        d.detail.contains(&format!("{name:?}")),
        "{rpc}: {:?} names {name:?}",
        d.detail
    );
}

/// Every RPC that protocol 6.10 added to 6.4, through the socket, TLS and gRPC to the
/// real service, with garbage values and names no type has: each is answered (no gRPC
/// error) with the diagnostic it promises, and the server goes on serving.
#[tokio::test]
async fn every_rpc_added_since_6_4_is_answered_over_the_transport() {
    use tokio_stream::StreamExt as _;
    let client = terraform_like_identity();
    let service = transport::provider_service(notes::Notes).expect("the test provider registers");
    let running = start_service(service, terraform_env(&client.pem)).await;
    let server_cert = running.server_cert.clone().expect("a certificate");
    let seen = Arc::new(Mutex::new(Seen::default()));
    let config = client_config(&server_cert, Some(&client), TLS13);
    let channel = tls_channel(&running.socket, config, seen)
        .await
        .expect("connected");
    let mut p = ProviderClient::new(channel);

    let meta = p
        .get_metadata(tf::get_metadata::Request {})
        .await
        .expect("GetMetadata")
        .into_inner();
    let capabilities = meta.server_capabilities.expect("capabilities");
    assert!(capabilities.get_provider_schema_optional && capabilities.move_resource_state);
    assert!(capabilities.generate_resource_config);

    let identity = p
        .get_resource_identity_schemas(tf::get_resource_identity_schemas::Request {})
        .await
        .expect("GetResourceIdentitySchemas")
        .into_inner();
    assert!(identity.identity_schemas.is_empty() && identity.diagnostics.is_empty());
    let upgraded = p
        .upgrade_resource_identity(tf::upgrade_resource_identity::Request {
            type_name: NOTE_TYPE.into(),
            version: 1,
            raw_identity: Some(tf::RawState {
                json: b"[".to_vec(),
                flatmap: Default::default(),
            }),
        })
        .await
        .expect("UpgradeResourceIdentity")
        .into_inner();
    let summary = "Unknown resource type with an identity";
    assert_refused(
        "UpgradeResourceIdentity",
        &upgraded.diagnostics,
        summary,
        NOTE_TYPE,
    );

    for (target, summary) in [
        (NOTE_TYPE, "Unable to Move Resource State"),
        ("notes_nothing", "Unknown resource type"),
    ] {
        let moved = p
            .move_resource_state(tf::move_resource_state::Request {
                source_provider_address: "registry.terraform.io/hashicorp/null".into(),
                source_type_name: "null_resource".into(),
                source_schema_version: 0,
                source_state: Some(tf::RawState {
                    json: b"{\"id\": [".to_vec(),
                    flatmap: Default::default(),
                }),
                target_type_name: target.into(),
                source_private: Vec::new(),
                source_identity: None,
                source_identity_schema_version: 0,
            })
            .await
            .expect("MoveResourceState")
            .into_inner();
        assert_refused("MoveResourceState", &moved.diagnostics, summary, target);
    }
    let generated = p
        .generate_resource_config(tf::generate_resource_config::Request {
            type_name: NOTE_TYPE.into(),
            state: garbage(),
        })
        .await
        .expect("GenerateResourceConfig")
        .into_inner();
    let rpc = "GenerateResourceConfig";
    let errors: Vec<&str> = (generated.diagnostics.iter())
        .map(|d| d.summary.as_str())
        .collect();
    assert_eq!(errors, ["Invalid state"], "{rpc}");

    let summary = "Unknown ephemeral resource type";
    let validated = p
        .validate_ephemeral_resource_config(tf::validate_ephemeral_resource_config::Request {
            type_name: "notes_token".into(),
            config: garbage(),
        })
        .await
        .expect("ValidateEphemeralResourceConfig")
        .into_inner();
    let rpc = "ValidateEphemeralResourceConfig";
    assert_refused(rpc, &validated.diagnostics, summary, "notes_token");
    let opened = p
        .open_ephemeral_resource(tf::open_ephemeral_resource::Request {
            type_name: "notes_token".into(),
            config: garbage(),
            client_capabilities: Some(tf::ClientCapabilities {
                deferral_allowed: true,
                write_only_attributes_allowed: true,
                store_planned_private: false,
                computed_blocks_allowed: false,
            }),
        })
        .await
        .expect("OpenEphemeralResource")
        .into_inner();
    assert_refused(
        "OpenEphemeralResource",
        &opened.diagnostics,
        summary,
        "notes_token",
    );
    let renewed = p
        .renew_ephemeral_resource(tf::renew_ephemeral_resource::Request {
            type_name: "notes_token".into(),
            private: Some(b"lease".to_vec()),
        })
        .await
        .expect("RenewEphemeralResource")
        .into_inner();
    assert_refused(
        "RenewEphemeralResource",
        &renewed.diagnostics,
        summary,
        "notes_token",
    );
    let closed = p
        .close_ephemeral_resource(tf::close_ephemeral_resource::Request {
            type_name: "notes_token".into(),
            private: None,
        })
        .await
        .expect("CloseEphemeralResource")
        .into_inner();
    assert_refused(
        "CloseEphemeralResource",
        &closed.diagnostics,
        summary,
        "notes_token",
    );

    let functions = p
        .get_functions(tf::get_functions::Request {})
        .await
        .expect("GetFunctions")
        .into_inner();
    assert!(functions.functions.is_empty() && functions.diagnostics.is_empty());
    let called = p
        .call_function(tf::call_function::Request {
            name: "notes_parse".into(),
            arguments: vec![garbage().expect("a value")],
        })
        .await
        .expect("CallFunction")
        .into_inner();
    let error = called.error.expect("a function error");
    assert!(error.text.starts_with("Unknown function"), "{error:?}");
    assert!(error.text.contains("\"notes_parse\""), "{error:?}");

    let summary = "Unknown list resource type";
    let validated = p
        .validate_list_resource_config(tf::validate_list_resource_config::Request {
            type_name: NOTE_TYPE.into(),
            config: garbage(),
            include_resource_object: garbage(),
            limit: garbage(),
        })
        .await
        .expect("ValidateListResourceConfig")
        .into_inner();
    let rpc = "ValidateListResourceConfig";
    assert_refused(rpc, &validated.diagnostics, summary, NOTE_TYPE);
    let events: Vec<tf::list_resource::Event> = p
        .list_resource(tf::list_resource::Request {
            type_name: NOTE_TYPE.into(),
            config: garbage(),
            include_resource_object: true,
            limit: 10,
        })
        .await
        .expect("ListResource")
        .into_inner()
        .collect::<Result<_, _>>()
        .await
        .expect("the events arrive");
    let [event] = events.as_slice() else {
        panic!("ListResource: one event, not {events:?}");
    };
    assert_refused("ListResource", &event.diagnostic, summary, NOTE_TYPE);

    let summary = "State storage not supported by this provider";
    let store = "notes_store";
    let validated = p
        .validate_state_store_config(tf::validate_state_store::Request {
            type_name: store.into(),
            config: garbage(),
        })
        .await
        .expect("ValidateStateStoreConfig")
        .into_inner();
    assert_refused(
        "ValidateStateStoreConfig",
        &validated.diagnostics,
        summary,
        store,
    );
    let configured = p
        .configure_state_store(tf::configure_state_store::Request {
            type_name: store.into(),
            config: garbage(),
            capabilities: Some(tf::StateStoreClientCapabilities { chunk_size: 8 }),
        })
        .await
        .expect("ConfigureStateStore")
        .into_inner();
    assert_refused(
        "ConfigureStateStore",
        &configured.diagnostics,
        summary,
        store,
    );
    let chunks: Vec<tf::read_state_bytes::Response> = p
        .read_state_bytes(tf::read_state_bytes::Request {
            type_name: store.into(),
            state_id: "default".into(),
        })
        .await
        .expect("ReadStateBytes")
        .into_inner()
        .collect::<Result<_, _>>()
        .await
        .expect("the chunks arrive");
    let [chunk] = chunks.as_slice() else {
        panic!("ReadStateBytes: one chunk, not {chunks:?}");
    };
    assert_refused("ReadStateBytes", &chunk.diagnostics, summary, store);
    // A write whose chunks never end: the answer comes after the first, which names the
    // store; the others are never waited for.
    let first = tf::write_state_bytes::RequestChunk {
        meta: Some(tf::RequestChunkMeta {
            type_name: store.into(),
            state_id: "default".into(),
        }),
        bytes: vec![b'{'; 8],
        total_length: 1 << 40,
        range: Some(tf::StateRange { start: 0, end: 8 }),
    };
    let endless = tokio_stream::iter([first]).chain(tokio_stream::pending());
    let written = guarded("WriteStateBytes", p.write_state_bytes(endless))
        .await
        .expect("WriteStateBytes")
        .into_inner();
    assert_refused("WriteStateBytes", &written.diagnostics, summary, store);
    // A write with no chunk at all names no store.
    let empty = tokio_stream::iter(Vec::<tf::write_state_bytes::RequestChunk>::new());
    let written = p
        .write_state_bytes(empty)
        .await
        .expect("an empty WriteStateBytes")
        .into_inner();
    assert_refused("WriteStateBytes", &written.diagnostics, summary, "");
    let locked = p
        .lock_state(tf::lock_state::Request {
            type_name: store.into(),
            state_id: "default".into(),
            operation: "plan".into(),
        })
        .await
        .expect("LockState")
        .into_inner();
    assert_refused("LockState", &locked.diagnostics, summary, store);
    let unlocked = p
        .unlock_state(tf::unlock_state::Request {
            type_name: store.into(),
            state_id: "default".into(),
            lock_id: "x".into(),
        })
        .await
        .expect("UnlockState")
        .into_inner();
    assert_refused("UnlockState", &unlocked.diagnostics, summary, store);
    let states = p
        .get_states(tf::get_states::Request {
            type_name: store.into(),
        })
        .await
        .expect("GetStates")
        .into_inner();
    assert_refused("GetStates", &states.diagnostics, summary, store);
    let deleted = p
        .delete_state(tf::delete_state::Request {
            type_name: store.into(),
            state_id: "default".into(),
        })
        .await
        .expect("DeleteState")
        .into_inner();
    assert_refused("DeleteState", &deleted.diagnostics, summary, store);

    let summary = "Unknown action type";
    let action = "notes_shout";
    let validated = p
        .validate_action_config(tf::validate_action_config::Request {
            type_name: action.into(),
            config: garbage(),
        })
        .await
        .expect("ValidateActionConfig")
        .into_inner();
    assert_refused(
        "ValidateActionConfig",
        &validated.diagnostics,
        summary,
        action,
    );
    let planned = p
        .plan_action(tf::plan_action::Request {
            action_type: action.into(),
            config: garbage(),
            client_capabilities: None,
        })
        .await
        .expect("PlanAction")
        .into_inner();
    assert_refused("PlanAction", &planned.diagnostics, summary, action);
    let events: Vec<tf::invoke_action::Event> = p
        .invoke_action(tf::invoke_action::Request {
            action_type: action.into(),
            config: garbage(),
            client_capabilities: None,
        })
        .await
        .expect("InvokeAction")
        .into_inner()
        .collect::<Result<_, _>>()
        .await
        .expect("the events arrive");
    let [tf::invoke_action::Event {
        r#type: Some(tf::invoke_action::event::Type::Completed(completed)),
    }] = events.as_slice()
    else {
        panic!("InvokeAction: one completion, not {events:?}");
    };
    assert_refused("InvokeAction", &completed.diagnostics, summary, action);

    // The same connection still plans.
    let plan = p
        .plan_resource_change(plan_request("after every new RPC"))
        .await
        .expect("PlanResourceChange")
        .into_inner();
    check_plan(&plan, "after every new RPC");
    stop_and_check(running).await;
}

/// An invocation's progress crosses the real transport (HTTP/2 over mutual TLS) as it is
/// sent: the first message arrives while the action still runs.
#[tokio::test]
async fn an_invocation_streams_its_progress_over_the_transport() {
    use tokio_stream::StreamExt as _;
    let client = terraform_like_identity();
    let service = transport::provider_service(notes::Notes).expect("the test provider registers");
    let running = start_service(service, terraform_env(&client.pem)).await;
    let server_cert = running.server_cert.clone().expect("a certificate");
    let seen = Arc::new(Mutex::new(Seen::default()));
    let config = client_config(&server_cert, Some(&client), TLS13);
    let channel = tls_channel(&running.socket, config, seen)
        .await
        .expect("connected");
    let mut p = ProviderClient::new(channel);
    // `{"text": "hi"}` in MessagePack, as Terraform sends it.
    let config = tf::DynamicValue {
        msgpack: vec![0x81, 0xa4, b't', b'e', b'x', b't', 0xa2, b'h', b'i'],
        json: Vec::new(),
    };
    let mut events = p
        .invoke_action(tf::invoke_action::Request {
            action_type: "notes_send".into(),
            config: Some(config),
            client_capabilities: None,
        })
        .await
        .expect("InvokeAction")
        .into_inner();
    let progress = |event: &tf::invoke_action::Event| match &event.r#type {
        Some(tf::invoke_action::event::Type::Progress(p)) => p.message.clone(),
        Some(tf::invoke_action::event::Type::Completed(c)) => {
            format!("completed with {} diagnostics", c.diagnostics.len())
        }
        None => "none".to_owned(),
    };
    let first = tokio::time::timeout(std::time::Duration::from_secs(10), events.next())
        .await
        .expect("the first message arrives while the action waits")
        .expect("an event")
        .expect("no error");
    assert_eq!(progress(&first), "sending hi");
    notes::release().notify_one();
    let rest: Vec<String> = (events.collect::<Result<Vec<_>, _>>().await)
        .expect("the events arrive")
        .iter()
        .map(progress)
        .collect();
    assert_eq!(rest, ["sent hi", "completed with 0 diagnostics"]);
    stop_and_check(running).await;
}

/// The environment variable through which [`socket_probe`] learns which socket to try.
const PROBE_SOCKET_VAR: &str = "TFVALUE_TEST_PROBE_SOCKET";
/// The user and group the probe runs as when the tests run as root ("nobody").
const NOBODY: u32 = 65534;

/// Not a test of its own: the probe that `the_socket_is_reachable_by_its_owner_only`
/// runs as another user (this test binary again, filtered to this function). It tries to
/// connect to the socket named in [`PROBE_SOCKET_VAR`] and prints the outcome.
#[test]
#[ignore = "a helper process of the_socket_is_reachable_by_its_owner_only"]
fn socket_probe() {
    let Some(socket) = std::env::var_os(PROBE_SOCKET_VAR) else {
        return;
    };
    match std::os::unix::net::UnixStream::connect(&socket) {
        Ok(_) => println!("probe: connected"),
        Err(error) => println!("probe: refused {:?}", error.kind()),
    }
}

/// Runs [`socket_probe`] against `socket` as the user and group [`NOBODY`]; returns its
/// verdict line.
fn probe_as_nobody(socket: &Path) -> String {
    use std::os::unix::process::CommandExt as _;
    let exe = std::env::current_exe().expect("the test binary's path");
    let out = std::process::Command::new(exe)
        .args(["--ignored", "--exact", "socket_probe", "--nocapture"])
        .env(PROBE_SOCKET_VAR, socket)
        .uid(NOBODY)
        .gid(NOBODY)
        .output()
        .expect("the probe runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "the probe failed: {stdout}");
    stdout
        .lines()
        .find(|line| line.starts_with("probe: "))
        .unwrap_or_else(|| panic!("no verdict from the probe: {stdout}"))
        .to_owned()
}

#[tokio::test]
async fn the_socket_is_reachable_by_its_owner_only() {
    use std::os::unix::fs::{MetadataExt as _, PermissionsExt as _};
    let client = terraform_like_identity();
    let running = start(terraform_env(&client.pem)).await;
    let dir = running.socket.parent().expect("a directory");
    let dir_meta = std::fs::metadata(dir).expect("the directory exists");
    // The process's effective user owns its /proc entry.
    let me = std::fs::metadata("/proc/self").expect("procfs").uid();
    assert_eq!(
        dir_meta.uid(),
        me,
        "the socket's directory is the provider's"
    );
    assert_eq!(
        dir_meta.permissions().mode() & 0o777,
        0o700,
        "no one else may enter the socket's directory"
    );
    let socket_meta = std::fs::symlink_metadata(&running.socket).expect("the socket");
    assert_eq!(socket_meta.uid(), me, "the socket is the provider's");

    if me == 0 {
        // Root can be someone else: another user is refused at the directory.
        assert_eq!(
            probe_as_nobody(&running.socket),
            "probe: refused PermissionDenied"
        );
        // Control: the same probe reaches a socket that is open to everyone, so the
        // refusal above is the directory's doing.
        let open_dir =
            std::env::temp_dir().join(format!("tfvalue-probe-control-{}", std::process::id()));
        std::fs::create_dir_all(&open_dir).expect("the control directory");
        std::fs::set_permissions(&open_dir, std::fs::Permissions::from_mode(0o755))
            .expect("chmod the control directory");
        let open_socket = open_dir.join("open.sock");
        let _ = std::fs::remove_file(&open_socket);
        let listener =
            std::os::unix::net::UnixListener::bind(&open_socket).expect("the control socket");
        std::fs::set_permissions(&open_socket, std::fs::Permissions::from_mode(0o777))
            .expect("chmod the control socket");
        assert_eq!(probe_as_nobody(&open_socket), "probe: connected");
        drop(listener);
        std::fs::remove_dir_all(&open_dir).expect("the control directory is removed");
    } else {
        eprintln!(
            "note: not root, so the socket was not probed as another user; its directory's \
             mode (0700, checked above) is what keeps others out"
        );
    }
    stop_and_check(running).await;
}
