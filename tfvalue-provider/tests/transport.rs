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
use tfvalue_provider::proto::plugin::grpc_controller_client::GrpcControllerClient;
use tfvalue_provider::proto::plugin::Empty;
use tfvalue_provider::proto::tfplugin6 as tf;
use tfvalue_provider::proto::tfplugin6::provider_client::ProviderClient;
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
