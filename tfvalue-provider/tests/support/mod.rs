//! Shared by the transport test binaries: a mock provider, a handshake-line capture, a
//! Terraform-like client certificate, and gRPC clients (mutual TLS or plain) over the
//! plugin's unix socket.
// Each test binary uses part of these helpers.
#![allow(dead_code)]

use std::future::Future;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use hyper_util::rt::TokioIo;
use rustls::client::WebPkiServerVerifier;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer, ServerName};
use rustls::{ClientConfig, RootCertStore};
use tfvalue_provider::__private as transport;
use tfvalue_provider::__unstable_proto::tfplugin6 as tf;
use tfvalue_provider::__unstable_proto::tfplugin6::provider_client::ProviderClient;
use tokio::net::UnixStream;
use tokio::sync::{oneshot, Notify};
use tokio::task::JoinHandle;
use tonic::transport::{Channel, Endpoint, Uri};
use tonic::{Request, Response, Status};

/// The resource type the mock announces in GetMetadata.
pub const MOCK_RESOURCE: &str = "mock_thing";

/// Bounds a wait that must end for the test to pass, so that a regression fails the
/// test instead of hanging it. Far longer than any of these waits take.
pub const HANG_GUARD: Duration = Duration::from_secs(60);

/// Awaits `future`, failing the test if it has not completed within [`HANG_GUARD`].
pub async fn guarded<F: Future>(what: &str, future: F) -> F::Output {
    match tokio::time::timeout(HANG_GUARD, future).await {
        Ok(output) => output,
        Err(_) => panic!("{what} did not complete"),
    }
}

/// A provider that answers GetMetadata and nothing else, except StopProvider, which
/// never answers: it stands for a call still running when Terraform asks for a shutdown.
#[derive(Default)]
pub struct Mock {
    /// Notified when a StopProvider call has arrived.
    pub stop_provider_started: Arc<Notify>,
}

/// The stream type of the streamed RPCs the mock does not serve.
pub type Unserved<T> = tokio_stream::Empty<Result<T, Status>>;

fn unimplemented(rpc: &str) -> Status {
    Status::unimplemented(format!("the mock does not serve {rpc}"))
}

#[tonic::async_trait]
impl tf::provider_server::Provider for Mock {
    async fn get_metadata(
        &self,
        request: Request<tf::get_metadata::Request>,
    ) -> Result<Response<tf::get_metadata::Response>, Status> {
        let tls = request
            .extensions()
            .get::<transport::ConnectionInfo>()
            .map(|info| info.tls);
        Ok(Response::new(tf::get_metadata::Response {
            server_capabilities: Some(tf::ServerCapabilities {
                plan_destroy: true,
                get_provider_schema_optional: false,
                move_resource_state: false,
                generate_resource_config: false,
            }),
            diagnostics: Vec::new(),
            data_sources: Vec::new(),
            resources: vec![tf::get_metadata::ResourceMetadata {
                // The connection kind, as the server saw it, travels back in the name.
                type_name: format!("{MOCK_RESOURCE}:tls={tls:?}"),
            }],
            ..tf::get_metadata::Response::default()
        }))
    }

    async fn get_provider_schema(
        &self,
        _: Request<tf::get_provider_schema::Request>,
    ) -> Result<Response<tf::get_provider_schema::Response>, Status> {
        Err(unimplemented("GetProviderSchema"))
    }

    async fn validate_provider_config(
        &self,
        _: Request<tf::validate_provider_config::Request>,
    ) -> Result<Response<tf::validate_provider_config::Response>, Status> {
        Err(unimplemented("ValidateProviderConfig"))
    }

    async fn validate_resource_config(
        &self,
        _: Request<tf::validate_resource_config::Request>,
    ) -> Result<Response<tf::validate_resource_config::Response>, Status> {
        Err(unimplemented("ValidateResourceConfig"))
    }

    async fn validate_data_resource_config(
        &self,
        _: Request<tf::validate_data_resource_config::Request>,
    ) -> Result<Response<tf::validate_data_resource_config::Response>, Status> {
        Err(unimplemented("ValidateDataResourceConfig"))
    }

    async fn upgrade_resource_state(
        &self,
        _: Request<tf::upgrade_resource_state::Request>,
    ) -> Result<Response<tf::upgrade_resource_state::Response>, Status> {
        Err(unimplemented("UpgradeResourceState"))
    }

    async fn configure_provider(
        &self,
        _: Request<tf::configure_provider::Request>,
    ) -> Result<Response<tf::configure_provider::Response>, Status> {
        Err(unimplemented("ConfigureProvider"))
    }

    async fn read_resource(
        &self,
        _: Request<tf::read_resource::Request>,
    ) -> Result<Response<tf::read_resource::Response>, Status> {
        Err(unimplemented("ReadResource"))
    }

    async fn plan_resource_change(
        &self,
        _: Request<tf::plan_resource_change::Request>,
    ) -> Result<Response<tf::plan_resource_change::Response>, Status> {
        Err(unimplemented("PlanResourceChange"))
    }

    async fn apply_resource_change(
        &self,
        _: Request<tf::apply_resource_change::Request>,
    ) -> Result<Response<tf::apply_resource_change::Response>, Status> {
        Err(unimplemented("ApplyResourceChange"))
    }

    async fn import_resource_state(
        &self,
        _: Request<tf::import_resource_state::Request>,
    ) -> Result<Response<tf::import_resource_state::Response>, Status> {
        Err(unimplemented("ImportResourceState"))
    }

    async fn read_data_source(
        &self,
        _: Request<tf::read_data_source::Request>,
    ) -> Result<Response<tf::read_data_source::Response>, Status> {
        Err(unimplemented("ReadDataSource"))
    }

    async fn get_resource_identity_schemas(
        &self,
        _: Request<tf::get_resource_identity_schemas::Request>,
    ) -> Result<Response<tf::get_resource_identity_schemas::Response>, Status> {
        Err(unimplemented("GetResourceIdentitySchemas"))
    }

    async fn upgrade_resource_identity(
        &self,
        _: Request<tf::upgrade_resource_identity::Request>,
    ) -> Result<Response<tf::upgrade_resource_identity::Response>, Status> {
        Err(unimplemented("UpgradeResourceIdentity"))
    }

    async fn move_resource_state(
        &self,
        _: Request<tf::move_resource_state::Request>,
    ) -> Result<Response<tf::move_resource_state::Response>, Status> {
        Err(unimplemented("MoveResourceState"))
    }

    async fn generate_resource_config(
        &self,
        _: Request<tf::generate_resource_config::Request>,
    ) -> Result<Response<tf::generate_resource_config::Response>, Status> {
        Err(unimplemented("GenerateResourceConfig"))
    }

    async fn validate_ephemeral_resource_config(
        &self,
        _: Request<tf::validate_ephemeral_resource_config::Request>,
    ) -> Result<Response<tf::validate_ephemeral_resource_config::Response>, Status> {
        Err(unimplemented("ValidateEphemeralResourceConfig"))
    }

    async fn open_ephemeral_resource(
        &self,
        _: Request<tf::open_ephemeral_resource::Request>,
    ) -> Result<Response<tf::open_ephemeral_resource::Response>, Status> {
        Err(unimplemented("OpenEphemeralResource"))
    }

    async fn renew_ephemeral_resource(
        &self,
        _: Request<tf::renew_ephemeral_resource::Request>,
    ) -> Result<Response<tf::renew_ephemeral_resource::Response>, Status> {
        Err(unimplemented("RenewEphemeralResource"))
    }

    async fn close_ephemeral_resource(
        &self,
        _: Request<tf::close_ephemeral_resource::Request>,
    ) -> Result<Response<tf::close_ephemeral_resource::Response>, Status> {
        Err(unimplemented("CloseEphemeralResource"))
    }

    type ListResourceStream = Unserved<tf::list_resource::Event>;

    async fn list_resource(
        &self,
        _: Request<tf::list_resource::Request>,
    ) -> Result<Response<Self::ListResourceStream>, Status> {
        Err(unimplemented("ListResource"))
    }

    async fn validate_list_resource_config(
        &self,
        _: Request<tf::validate_list_resource_config::Request>,
    ) -> Result<Response<tf::validate_list_resource_config::Response>, Status> {
        Err(unimplemented("ValidateListResourceConfig"))
    }

    async fn get_functions(
        &self,
        _: Request<tf::get_functions::Request>,
    ) -> Result<Response<tf::get_functions::Response>, Status> {
        Err(unimplemented("GetFunctions"))
    }

    async fn call_function(
        &self,
        _: Request<tf::call_function::Request>,
    ) -> Result<Response<tf::call_function::Response>, Status> {
        Err(unimplemented("CallFunction"))
    }

    async fn validate_state_store_config(
        &self,
        _: Request<tf::validate_state_store::Request>,
    ) -> Result<Response<tf::validate_state_store::Response>, Status> {
        Err(unimplemented("ValidateStateStoreConfig"))
    }

    async fn configure_state_store(
        &self,
        _: Request<tf::configure_state_store::Request>,
    ) -> Result<Response<tf::configure_state_store::Response>, Status> {
        Err(unimplemented("ConfigureStateStore"))
    }

    type ReadStateBytesStream = Unserved<tf::read_state_bytes::Response>;

    async fn read_state_bytes(
        &self,
        _: Request<tf::read_state_bytes::Request>,
    ) -> Result<Response<Self::ReadStateBytesStream>, Status> {
        Err(unimplemented("ReadStateBytes"))
    }

    async fn write_state_bytes(
        &self,
        _: Request<tonic::Streaming<tf::write_state_bytes::RequestChunk>>,
    ) -> Result<Response<tf::write_state_bytes::Response>, Status> {
        Err(unimplemented("WriteStateBytes"))
    }

    async fn lock_state(
        &self,
        _: Request<tf::lock_state::Request>,
    ) -> Result<Response<tf::lock_state::Response>, Status> {
        Err(unimplemented("LockState"))
    }

    async fn unlock_state(
        &self,
        _: Request<tf::unlock_state::Request>,
    ) -> Result<Response<tf::unlock_state::Response>, Status> {
        Err(unimplemented("UnlockState"))
    }

    async fn get_states(
        &self,
        _: Request<tf::get_states::Request>,
    ) -> Result<Response<tf::get_states::Response>, Status> {
        Err(unimplemented("GetStates"))
    }

    async fn delete_state(
        &self,
        _: Request<tf::delete_state::Request>,
    ) -> Result<Response<tf::delete_state::Response>, Status> {
        Err(unimplemented("DeleteState"))
    }

    async fn plan_action(
        &self,
        _: Request<tf::plan_action::Request>,
    ) -> Result<Response<tf::plan_action::Response>, Status> {
        Err(unimplemented("PlanAction"))
    }

    type InvokeActionStream = Unserved<tf::invoke_action::Event>;

    async fn invoke_action(
        &self,
        _: Request<tf::invoke_action::Request>,
    ) -> Result<Response<Self::InvokeActionStream>, Status> {
        Err(unimplemented("InvokeAction"))
    }

    async fn validate_action_config(
        &self,
        _: Request<tf::validate_action_config::Request>,
    ) -> Result<Response<tf::validate_action_config::Response>, Status> {
        Err(unimplemented("ValidateActionConfig"))
    }

    async fn stop_provider(
        &self,
        _: Request<tf::stop_provider::Request>,
    ) -> Result<Response<tf::stop_provider::Response>, Status> {
        self.stop_provider_started.notify_one();
        std::future::pending().await
    }
}

/// Stands in for stdout: records every byte written and hands the bytes written so far
/// to the test at the first flush.
pub struct Capture {
    written: Vec<u8>,
    flushes: usize,
    first_flush: Option<oneshot::Sender<Vec<u8>>>,
}

impl Capture {
    pub fn new(first_flush: oneshot::Sender<Vec<u8>>) -> Capture {
        Capture {
            written: Vec::new(),
            flushes: 0,
            first_flush: Some(first_flush),
        }
    }
}

impl Write for Capture {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.written.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.flushes += 1;
        if let Some(sender) = self.first_flush.take() {
            // The test may have stopped listening; nothing to do then.
            let _ = sender.send(self.written.clone());
        }
        Ok(())
    }
}

/// Everything written to the handshake channel over the whole run, and the flush count.
#[derive(Debug)]
pub struct HandshakeOutput {
    pub written: Vec<u8>,
    pub flushes: usize,
}

/// A provider served in a task of the test's runtime.
pub struct Running {
    /// The handshake line, without its newline.
    pub line: String,
    /// The socket named in the line.
    pub socket: PathBuf,
    /// The server certificate from the line (`None` in debug mode).
    pub server_cert: Option<Vec<u8>>,
    /// Ends the server like SIGTERM does (through `serve_until`'s stop future).
    pub stop: Option<oneshot::Sender<()>>,
    /// Notified when the mock's StopProvider (which never answers) has been called (never
    /// for another service).
    pub stop_provider_started: Arc<Notify>,
    /// The serve future, with everything it wrote to the handshake channel.
    pub task: JoinHandle<(Result<(), transport::ServeError>, HandshakeOutput)>,
}

/// Starts `serve_until(Mock, env, …)` and waits for its handshake line.
pub async fn start(env: transport::PluginEnv) -> Running {
    let mock = Mock::default();
    let stop_provider_started = mock.stop_provider_started.clone();
    let mut running = start_service(mock, env).await;
    running.stop_provider_started = stop_provider_started;
    running
}

/// Starts `serve_until(service, env, …)` and waits for its handshake line.
pub async fn start_service<S>(service: S, env: transport::PluginEnv) -> Running
where
    S: tf::provider_server::Provider,
{
    let (line_tx, line_rx) = oneshot::channel();
    let (stop_tx, stop_rx) = oneshot::channel::<()>();
    let stop_provider_started = Arc::new(Notify::new());
    let task = tokio::spawn(async move {
        let mut out = Capture::new(line_tx);
        let stop = async move {
            if stop_rx.await.is_err() {
                // The test dropped its sender without stopping: never stop.
                std::future::pending::<()>().await;
            }
        };
        let result = transport::serve_until(service, env, &mut out, stop).await;
        let output = HandshakeOutput {
            written: out.written,
            flushes: out.flushes,
        };
        (result, output)
    });
    let written = match guarded("the handshake line", line_rx).await {
        Ok(written) => written,
        Err(_) => {
            let (result, output) = task.await.expect("the serve task panicked");
            panic!("serve ended before flushing a handshake line: {result:?}, {output:?}");
        }
    };
    let text = String::from_utf8(written).expect("the handshake line is UTF-8");
    let line = text
        .strip_suffix('\n')
        .unwrap_or_else(|| panic!("the handshake line does not end with a newline: {text:?}"))
        .to_owned();
    let fields = parse_line(&line);
    let server_cert = (!fields.cert.is_empty()).then(|| base64_decode(&fields.cert));
    Running {
        socket: PathBuf::from(fields.socket),
        line,
        server_cert,
        stop: Some(stop_tx),
        stop_provider_started,
        task,
    }
}

/// The fields of a handshake line.
pub struct LineFields {
    pub socket: String,
    pub cert: String,
}

/// Splits a handshake line, checking its fixed fields.
pub fn parse_line(line: &str) -> LineFields {
    let fields: Vec<&str> = line.split('|').collect();
    assert_eq!(fields.len(), 6, "six fields in {line:?}");
    assert_eq!(fields[0], "1", "go-plugin core version in {line:?}");
    assert_eq!(fields[1], "6", "protocol version in {line:?}");
    assert_eq!(fields[2], "unix", "network in {line:?}");
    assert_eq!(fields[4], "grpc", "protocol in {line:?}");
    LineFields {
        socket: fields[3].to_owned(),
        cert: fields[5].to_owned(),
    }
}

/// Decodes standard-alphabet base64 without padding; panics on anything else (padding
/// included, which Terraform refuses).
pub fn base64_decode(text: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let mut bits = 0u32;
    let mut count = 0u32;
    for byte in text.bytes() {
        let value = match byte {
            b'A'..=b'Z' => byte - b'A',
            b'a'..=b'z' => byte - b'a' + 26,
            b'0'..=b'9' => byte - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => panic!("{byte:?} is not standard unpadded base64 in {text:?}"),
        };
        bits = (bits << 6) | u32::from(value);
        count += 6;
        if count >= 8 {
            count -= 8;
            out.push((bits >> count) as u8);
            bits &= (1 << count) - 1;
        }
    }
    assert_eq!(bits, 0, "leftover bits are not zero in {text:?}");
    out
}

/// A client identity: certificate, key, and the certificate as PEM.
pub struct Identity {
    pub cert: CertificateDer<'static>,
    pub key: PrivateKeyDer<'static>,
    pub pem: String,
}

/// A certificate like Terraform's client certificate: ECDSA P-521, self-signed with
/// ecdsa-with-SHA512, CA:TRUE, CN and SAN localhost.
pub fn terraform_like_identity() -> Identity {
    identity(&rcgen::PKCS_ECDSA_P521_SHA512)
}

/// A self-signed CA:TRUE certificate for `alg`, CN and SAN localhost.
pub fn identity(alg: &'static rcgen::SignatureAlgorithm) -> Identity {
    let key = rcgen::KeyPair::generate_for(alg).expect("key generation");
    let mut params =
        rcgen::CertificateParams::new(vec!["localhost".to_owned()]).expect("certificate params");
    let mut name = rcgen::DistinguishedName::new();
    name.push(rcgen::DnType::CommonName, "localhost");
    params.distinguished_name = name;
    params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    params.key_usages = vec![
        rcgen::KeyUsagePurpose::DigitalSignature,
        rcgen::KeyUsagePurpose::KeyEncipherment,
        rcgen::KeyUsagePurpose::KeyCertSign,
    ];
    params.extended_key_usages = vec![
        rcgen::ExtendedKeyUsagePurpose::ClientAuth,
        rcgen::ExtendedKeyUsagePurpose::ServerAuth,
    ];
    let cert = params.self_signed(&key).expect("self-signing");
    Identity {
        pem: cert.pem(),
        cert: cert.der().clone(),
        key: PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(key.serialize_der())),
    }
}

/// What the client saw of a TLS session.
#[derive(Debug, Default, Clone)]
pub struct Seen {
    pub alpn: Option<Vec<u8>>,
    pub server_certs: Vec<Vec<u8>>,
    pub version: Option<rustls::ProtocolVersion>,
}

/// A TLS client configuration trusting exactly `server_cert` (for the name localhost,
/// as Terraform's Go client does), presenting `client` if given, offering ALPN h2.
pub fn client_config(
    server_cert: &[u8],
    client: Option<&Identity>,
    versions: &[&'static rustls::SupportedProtocolVersion],
) -> Arc<ClientConfig> {
    let provider = transport::crypto_provider();
    let mut roots = RootCertStore::empty();
    roots
        .add(CertificateDer::from(server_cert.to_vec()))
        .expect("the handshake's certificate is a usable trust anchor");
    let verifier = WebPkiServerVerifier::builder_with_provider(Arc::new(roots), provider.clone())
        .build()
        .expect("server verifier");
    let builder = ClientConfig::builder_with_provider(provider)
        .with_protocol_versions(versions)
        .expect("protocol versions")
        .with_webpki_verifier(verifier);
    let mut config = match client {
        Some(identity) => builder
            .with_client_auth_cert(vec![identity.cert.clone()], identity.key.clone_key())
            .expect("client certificate"),
        None => builder.with_no_client_auth(),
    };
    config.alpn_protocols = vec![b"h2".to_vec()];
    Arc::new(config)
}

/// Connects to the socket and runs the TLS handshake (client side only: with TLS 1.3
/// the server's verdict on the client certificate arrives with the first read).
pub async fn tls_connect(
    socket: &Path,
    config: Arc<ClientConfig>,
) -> io::Result<tokio_rustls::client::TlsStream<UnixStream>> {
    let stream = UnixStream::connect(socket).await?;
    let name = ServerName::try_from("localhost").expect("a valid server name");
    tokio_rustls::TlsConnector::from(config)
        .connect(name, stream)
        .await
}

/// A gRPC channel over mutual TLS on the unix socket; `seen` records the session.
pub async fn tls_channel(
    socket: &Path,
    config: Arc<ClientConfig>,
    seen: Arc<Mutex<Seen>>,
) -> Result<Channel, tonic::transport::Error> {
    let socket = socket.to_path_buf();
    let connector = tower::service_fn(move |_: Uri| {
        let socket = socket.clone();
        let config = config.clone();
        let seen = seen.clone();
        async move {
            let tls = tls_connect(&socket, config).await?;
            let (_, session) = tls.get_ref();
            let mut record = seen.lock().expect("not poisoned");
            record.alpn = session.alpn_protocol().map(<[u8]>::to_vec);
            record.version = session.protocol_version();
            record.server_certs = session
                .peer_certificates()
                .unwrap_or_default()
                .iter()
                .map(|cert| cert.to_vec())
                .collect();
            drop(record);
            Ok::<_, io::Error>(TokioIo::new(tls))
        }
    });
    // The URI is only used for the :authority header; the connector ignores it.
    Endpoint::from_static("http://localhost")
        .connect_with_connector(connector)
        .await
}

/// A plain gRPC channel on the unix socket (debug mode).
pub async fn plain_channel(socket: &Path) -> Result<Channel, tonic::transport::Error> {
    let socket = socket.to_path_buf();
    let connector = tower::service_fn(move |_: Uri| {
        let socket = socket.clone();
        async move { Ok::<_, io::Error>(TokioIo::new(UnixStream::connect(socket).await?)) }
    });
    Endpoint::from_static("http://localhost")
        .connect_with_connector(connector)
        .await
}

/// Calls GetMetadata and returns the one resource name the mock announces.
pub async fn metadata(channel: Channel) -> Result<String, Status> {
    let mut client = ProviderClient::new(channel);
    let response = client
        .get_metadata(tf::get_metadata::Request {})
        .await?
        .into_inner();
    let capabilities = response.server_capabilities.unwrap_or_default();
    assert!(capabilities.plan_destroy, "the mock's capabilities arrived");
    assert_eq!(response.resources.len(), 1);
    Ok(response.resources[0].type_name.clone())
}
