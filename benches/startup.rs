//! Provider start-up, paired: the example provider `terraform-provider-localfs` started as
//! Terraform starts it, against a trivial Rust binary started the same way, in
//! alternation.
//!
//! Terraform starts a provider several times per command (an apply starts it about four
//! times), so the time from `exec` to the handshake line is paid again and again. Each
//! round here:
//!
//! - starts the provider with Terraform's environment (its own environment plus what
//!   go-plugin adds: the magic cookie, `PLUGIN_PROTOCOL_VERSIONS=5,6`, the port range, and
//!   a fresh ECDSA P-521 client certificate in `PLUGIN_CLIENT_CERT`, made as go-plugin's
//!   AutoMTLS makes it) and times exec → handshake line on stdout;
//! - then, as Terraform does next, connects over mutual TLS and calls
//!   `GetProviderSchema`, timed from the handshake line to the answer (the first RPC's
//!   latency: start-up work moved there would show here), then asks the provider to
//!   stop with `GRPCController/Shutdown` and waits for it to exit;
//! - starts the floor, this benchmark's own executable in a mode that prints one line and
//!   waits for its stdin to close, with the same environment, and times exec → line.
//!
//! The order of the two starts is swapped every round, so that both sides of a round's
//! difference ran within milliseconds of each other on a shared machine.
//!
//! Run: `cargo bench -p tfvalue-suite --bench startup` (environment: `STARTUP_ROUNDS`, 101
//! by default; `STARTUP_PROVIDER`, another build of the provider to start instead, such as
//! an older commit's). It prints the median and quartiles of each side's start, of the
//! paired difference (provider − floor) and of the first RPC. BENCHMARKS.md ("Provider
//! start-up") quotes it.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use base64::engine::general_purpose::STANDARD_NO_PAD;
use base64::Engine as _;
use hyper_util::rt::TokioIo;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer, ServerName};
use rustls::{ClientConfig, RootCertStore};
use tfvalue_provider::__private as transport;
use tfvalue_provider::__unstable_proto::plugin::grpc_controller_client::GrpcControllerClient;
use tfvalue_provider::__unstable_proto::plugin::Empty;
use tfvalue_provider::__unstable_proto::tfplugin6 as tf;
use tfvalue_provider::__unstable_proto::tfplugin6::provider_client::ProviderClient;
use tokio::net::UnixStream;
use tonic::transport::{Channel, Endpoint, Uri};

/// Set (to anything) in the environment of the floor: the executable then prints one
/// line and waits for stdin to close.
const FLOOR_VAR: &str = "TFVALUE_STARTUP_FLOOR";
/// The provider under test, built by cargo before the benchmark; `STARTUP_PROVIDER`
/// names another build of it (an older commit's, to compare).
const PROVIDER: &str = env!("CARGO_BIN_EXE_terraform-provider-localfs");

fn main() {
    if std::env::var_os(FLOOR_VAR).is_some() {
        floor();
        return;
    }
    // `cargo bench` passes `--bench`; `cargo test --benches` would pass nothing to run.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let rounds = std::env::var("STARTUP_ROUNDS")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .unwrap_or(101)
        .max(1);
    let provider_exe =
        std::env::var_os("STARTUP_PROVIDER").map_or_else(|| PathBuf::from(PROVIDER), PathBuf::from);
    let floor_exe = std::env::current_exe().expect("the benchmark's own path");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    // One unmeasured round of each warms the page cache and the client's TLS library.
    provider_round(&provider_exe, &runtime);
    floor_round(&floor_exe);

    let mut provider = Vec::with_capacity(rounds);
    let mut floors = Vec::with_capacity(rounds);
    let mut differences = Vec::with_capacity(rounds);
    let mut first_rpc = Vec::with_capacity(rounds);
    for round in 0..rounds {
        let (started, rpc, floor) = if round % 2 == 0 {
            let (started, rpc) = provider_round(&provider_exe, &runtime);
            (started, rpc, floor_round(&floor_exe))
        } else {
            let floor = floor_round(&floor_exe);
            let (started, rpc) = provider_round(&provider_exe, &runtime);
            (started, rpc, floor)
        };
        provider.push(ms(started));
        floors.push(ms(floor));
        differences.push(ms(started) - ms(floor));
        first_rpc.push(ms(rpc));
    }
    println!(
        "provider start-up: {rounds} rounds, provider and floor alternated; ms, median [quartiles]"
    );
    report("provider: exec -> handshake line", &mut provider);
    report("floor: exec -> line", &mut floors);
    report("provider - floor (paired)", &mut differences);
    report("first RPC: TLS + GetProviderSchema", &mut first_rpc);
}

/// The floor: one line on stdout, then wait until stdin closes.
fn floor() {
    let mut out = std::io::stdout().lock();
    // The bench reads the line; a failure to write is its failure to report.
    let _ = writeln!(out, "1|6|unix|/floor|grpc|").and_then(|()| out.flush());
    let mut rest = Vec::new();
    let _ = std::io::Read::read_to_end(&mut std::io::stdin(), &mut rest);
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e3
}

fn report(label: &str, values: &mut [f64]) {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    println!(
        "  {label:<36} {:>8.2} [{:.2}-{:.2}]",
        values[n / 2],
        values[n / 4],
        values[3 * n / 4]
    );
}

/// A certificate as go-plugin's AutoMTLS makes Terraform's: ECDSA P-521 signed with
/// SHA-512, self-signed, CA, O=HashiCorp, CN and SAN localhost, for client and server
/// authentication.
fn terraform_client_identity() -> (String, CertificateDer<'static>, PrivateKeyDer<'static>) {
    let key = rcgen::KeyPair::generate_for(&rcgen::PKCS_ECDSA_P521_SHA512).expect("a P-521 key");
    let mut params =
        rcgen::CertificateParams::new(vec!["localhost".to_owned()]).expect("certificate params");
    let mut name = rcgen::DistinguishedName::new();
    name.push(rcgen::DnType::OrganizationName, "HashiCorp");
    name.push(rcgen::DnType::CommonName, "localhost");
    params.distinguished_name = name;
    params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    params.key_usages = vec![
        rcgen::KeyUsagePurpose::DigitalSignature,
        rcgen::KeyUsagePurpose::KeyEncipherment,
        rcgen::KeyUsagePurpose::KeyAgreement,
        rcgen::KeyUsagePurpose::KeyCertSign,
    ];
    params.extended_key_usages = vec![
        rcgen::ExtendedKeyUsagePurpose::ClientAuth,
        rcgen::ExtendedKeyUsagePurpose::ServerAuth,
    ];
    let cert = params.self_signed(&key).expect("self-signing");
    let der = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(key.serialize_der()));
    (cert.pem(), cert.der().clone(), der)
}

/// `command` with what go-plugin adds to Terraform's environment for a provider.
fn terraform_env(command: &mut Command, client_cert_pem: &str) {
    command
        .env(transport::MAGIC_COOKIE_KEY, transport::MAGIC_COOKIE_VALUE)
        .env(transport::PROTOCOL_VERSIONS_KEY, "5,6")
        .env("PLUGIN_MIN_PORT", "10000")
        .env("PLUGIN_MAX_PORT", "25000")
        .env(transport::CLIENT_CERT_KEY, client_cert_pem)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
}

/// A started process; killed if the round fails (panics) before the process exits.
struct Started(Child);

impl Drop for Started {
    fn drop(&mut self) {
        if matches!(self.0.try_wait(), Ok(None)) {
            // Best effort on the way out of a failed round.
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
}

/// Starts `command` and returns the child, its first line and the time to that line.
fn start(command: &mut Command) -> (Started, String, Duration) {
    let begin = Instant::now();
    let mut child = Started(command.spawn().expect("the executable starts"));
    let stdout = child.0.stdout.take().expect("stdout is piped");
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("stdout is readable");
    let elapsed = begin.elapsed();
    assert!(line.ends_with('\n'), "no handshake line: {line:?}");
    line.pop();
    (child, line, elapsed)
}

fn floor_round(exe: &Path) -> Duration {
    let (pem, _, _) = terraform_client_identity();
    let mut command = Command::new(exe);
    terraform_env(&mut command, &pem);
    command.env(FLOOR_VAR, "1");
    let (mut child, line, elapsed) = start(&mut command);
    assert_eq!(line, "1|6|unix|/floor|grpc|");
    drop(child.0.stdin.take());
    let status = child.0.wait().expect("the floor exits");
    assert!(status.success(), "the floor failed: {status}");
    elapsed
}

/// One start of the provider: the time to its handshake line, and the time from the
/// line to the answer to `GetProviderSchema`.
fn provider_round(exe: &Path, runtime: &tokio::runtime::Runtime) -> (Duration, Duration) {
    let (pem, cert, key) = terraform_client_identity();
    let mut command = Command::new(exe);
    terraform_env(&mut command, &pem);
    let (mut child, line, started) = start(&mut command);
    let fields: Vec<&str> = line.split('|').collect();
    assert_eq!(fields.len(), 6, "a go-plugin handshake line: {line:?}");
    assert_eq!(&fields[..3], ["1", "6", "unix"], "{line:?}");
    assert_eq!(fields[4], "grpc", "{line:?}");
    let socket = PathBuf::from(fields[3]);
    let server_cert = STANDARD_NO_PAD
        .decode(fields[5])
        .expect("the certificate is standard base64 without padding");
    let begin = Instant::now();
    let rpc = runtime.block_on(async {
        let channel = tls_channel(&socket, client_config(&server_cert, cert, key)).await;
        let schema = ProviderClient::new(channel.clone())
            .get_provider_schema(tf::get_provider_schema::Request {})
            .await
            .expect("GetProviderSchema answers")
            .into_inner();
        let rpc = begin.elapsed();
        assert!(schema.diagnostics.is_empty(), "{:?}", schema.diagnostics);
        assert!(
            schema.resource_schemas.contains_key("localfs_file"),
            "the provider's schema arrived"
        );
        GrpcControllerClient::new(channel)
            .shutdown(Empty {})
            .await
            .expect("Shutdown answers");
        rpc
    });
    let status = child.0.wait().expect("the provider exits");
    assert!(status.success(), "the provider failed: {status}");
    assert!(!socket.exists(), "the provider removed its socket");
    (started, rpc)
}

/// What Terraform's client trusts: exactly the certificate of the handshake line, for
/// the name localhost, presenting its own certificate, offering ALPN h2.
fn client_config(
    server_cert: &[u8],
    cert: CertificateDer<'static>,
    key: PrivateKeyDer<'static>,
) -> Arc<ClientConfig> {
    let provider = transport::crypto_provider();
    let mut roots = RootCertStore::empty();
    roots
        .add(CertificateDer::from(server_cert.to_vec()))
        .expect("the handshake's certificate is a trust anchor");
    let mut config = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .expect("protocol versions")
        .with_root_certificates(roots)
        .with_client_auth_cert(vec![cert], key)
        .expect("the client certificate");
    config.alpn_protocols = vec![transport::ALPN_H2.to_vec()];
    Arc::new(config)
}

/// A gRPC channel over mutual TLS on the provider's unix socket.
async fn tls_channel(socket: &Path, config: Arc<ClientConfig>) -> Channel {
    let socket = socket.to_path_buf();
    let connector = tower::service_fn(move |_: Uri| {
        let socket = socket.clone();
        let config = config.clone();
        async move {
            let stream = UnixStream::connect(&socket).await?;
            let name = ServerName::try_from("localhost").expect("a valid name");
            let tls = tokio_rustls::TlsConnector::from(config)
                .connect(name, stream)
                .await?;
            Ok::<_, std::io::Error>(TokioIo::new(tls))
        }
    });
    // The URI only gives the :authority header; the connector ignores it.
    Endpoint::from_static("http://localhost")
        .connect_with_connector(connector)
        .await
        .expect("a TLS connection to the provider")
}
