//! Mutual TLS exactly as Terraform's plugin client expects it.
//!
//! Every start generates a fresh self-signed server certificate (ECDSA P-256, CN and SAN
//! `localhost`); its DER goes into the handshake line, which is how Terraform learns to
//! trust it. The client side is pinned: the only certificate accepted is the one Terraform
//! put in `PLUGIN_CLIENT_CERT`, compared byte for byte. Terraform's certificate is a
//! self-signed CA:TRUE ECDSA P-521 certificate, which webpki-style path validation refuses
//! as an end-entity, so no path validation is done; the handshake signatures are still
//! verified with the crypto provider's algorithms, which include `ecdsa_secp521r1_sha512`
//! (aws-lc-rs has P-521; *ring* does not).

use std::fmt;
use std::sync::Arc;

use rustls::client::danger::HandshakeSignatureValid;
use rustls::crypto::{aws_lc_rs, CryptoProvider, WebPkiSupportedAlgorithms};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer, UnixTime};
use rustls::server::danger::{ClientCertVerified, ClientCertVerifier};
use rustls::server::ParsedCertificate;
use rustls::{CertificateError, DigitallySignedStruct, DistinguishedName, ServerConfig};
use rustls::{Error as RustlsError, SignatureScheme};

/// The ALPN protocol advertised to clients: gRPC runs over HTTP/2, and Terraform 1.15
/// refuses a connection that does not negotiate it.
pub const ALPN_H2: &[u8] = b"h2";

/// A freshly generated, self-signed server certificate and its private key.
pub struct ServerIdentity {
    cert: CertificateDer<'static>,
    key: PrivatePkcs8KeyDer<'static>,
}

impl fmt::Debug for ServerIdentity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ServerIdentity")
            .field("cert", &format_args!("{} DER bytes", self.cert.len()))
            .finish_non_exhaustive()
    }
}

impl ServerIdentity {
    /// Generates a new ECDSA P-256 key and a self-signed certificate for it with CN
    /// `localhost` and SAN `DNS:localhost` (Terraform's Go client ignores the CN).
    pub fn generate() -> Result<ServerIdentity, TlsError> {
        let key = rcgen::KeyPair::generate_for(&rcgen::PKCS_ECDSA_P256_SHA256)
            .map_err(TlsError::Generate)?;
        let mut params = rcgen::CertificateParams::new(vec!["localhost".to_owned()])
            .map_err(TlsError::Generate)?;
        let mut name = rcgen::DistinguishedName::new();
        name.push(rcgen::DnType::CommonName, "localhost");
        params.distinguished_name = name;
        params.key_usages = vec![rcgen::KeyUsagePurpose::DigitalSignature];
        params.extended_key_usages = vec![rcgen::ExtendedKeyUsagePurpose::ServerAuth];
        let cert = params.self_signed(&key).map_err(TlsError::Generate)?;
        Ok(ServerIdentity {
            cert: cert.der().clone(),
            key: PrivatePkcs8KeyDer::from(key.serialize_der()),
        })
    }

    /// The certificate's DER bytes (what the handshake line carries).
    pub fn cert_der(&self) -> &[u8] {
        self.cert.as_ref()
    }
}

/// The crypto provider used on both sides of every connection: aws-lc-rs.
pub fn crypto_provider() -> Arc<CryptoProvider> {
    Arc::new(aws_lc_rs::default_provider())
}

/// The TLS server configuration: the server's identity, TLS 1.2 and 1.3, ALPN `h2`, and
/// a client certificate that is required and must equal `client_cert_der`.
pub fn server_config(
    identity: &ServerIdentity,
    client_cert_der: &[u8],
) -> Result<Arc<ServerConfig>, TlsError> {
    let provider = crypto_provider();
    let verifier = PinnedClientCert::new(
        client_cert_der.to_vec(),
        provider.signature_verification_algorithms,
    )?;
    let mut config = ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(TlsError::Config)?
        .with_client_cert_verifier(Arc::new(verifier))
        .with_single_cert(
            vec![identity.cert.clone()],
            PrivateKeyDer::Pkcs8(identity.key.clone_key()),
        )
        .map_err(TlsError::Config)?;
    config.alpn_protocols = vec![ALPN_H2.to_vec()];
    Ok(Arc::new(config))
}

/// A client certificate verifier that accepts exactly one certificate, compared byte for
/// byte, and checks the handshake signatures made with its key.
#[derive(Debug)]
pub struct PinnedClientCert {
    pinned: Vec<u8>,
    algorithms: WebPkiSupportedAlgorithms,
}

impl PinnedClientCert {
    /// A verifier pinned to `cert_der`, verifying signatures with `algorithms`. Fails when
    /// `cert_der` is not an X.509 certificate whose key can be used.
    pub fn new(
        cert_der: Vec<u8>,
        algorithms: WebPkiSupportedAlgorithms,
    ) -> Result<PinnedClientCert, TlsError> {
        let der = CertificateDer::from(cert_der.as_slice());
        if let Err(error) = ParsedCertificate::try_from(&der) {
            return Err(TlsError::BadClientCert(error));
        }
        Ok(PinnedClientCert {
            pinned: cert_der,
            algorithms,
        })
    }

    /// Refuses signatures made by any certificate other than the pinned one.
    fn check_pinned(&self, cert: &CertificateDer<'_>) -> Result<(), RustlsError> {
        if cert.as_ref() == self.pinned.as_slice() {
            Ok(())
        } else {
            Err(RustlsError::InvalidCertificate(
                CertificateError::ApplicationVerificationFailure,
            ))
        }
    }
}

impl ClientCertVerifier for PinnedClientCert {
    fn offer_client_auth(&self) -> bool {
        true
    }

    fn client_auth_mandatory(&self) -> bool {
        true
    }

    fn root_hint_subjects(&self) -> &[DistinguishedName] {
        // No hints: Go's client then sends the one certificate it has.
        &[]
    }

    fn verify_client_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _now: UnixTime,
    ) -> Result<ClientCertVerified, RustlsError> {
        self.check_pinned(end_entity)?;
        Ok(ClientCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, RustlsError> {
        self.check_pinned(cert)?;
        rustls::crypto::verify_tls12_signature(message, cert, dss, &self.algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, RustlsError> {
        self.check_pinned(cert)?;
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.algorithms.supported_schemes()
    }
}

/// Why the TLS side could not be set up.
#[derive(Debug)]
pub enum TlsError {
    /// Generating the server's key or certificate failed.
    Generate(rcgen::Error),
    /// `PLUGIN_CLIENT_CERT` holds something that is not a usable X.509 certificate.
    BadClientCert(RustlsError),
    /// rustls refused the configuration.
    Config(RustlsError),
}

impl fmt::Display for TlsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TlsError::Generate(error) => {
                write!(f, "generating the server's TLS certificate failed: {error}")
            }
            TlsError::BadClientCert(error) => write!(
                f,
                "PLUGIN_CLIENT_CERT should hold an X.509 certificate, but its DER could not \
                 be parsed: {error}"
            ),
            TlsError::Config(error) => write!(f, "the TLS configuration was refused: {error}"),
        }
    }
}

impl std::error::Error for TlsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TlsError::Generate(error) => Some(error),
            TlsError::BadClientCert(error) | TlsError::Config(error) => Some(error),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustls::client::WebPkiServerVerifier;
    use rustls::pki_types::ServerName;
    use rustls::{
        ClientConfig, ClientConnection, ProtocolVersion, RootCertStore, ServerConnection,
    };

    /// A self-signed CA:TRUE certificate like Terraform's client certificate, for `alg`.
    fn client_identity(
        alg: &'static rcgen::SignatureAlgorithm,
    ) -> (CertificateDer<'static>, PrivateKeyDer<'static>) {
        let key = rcgen::KeyPair::generate_for(alg).unwrap();
        let mut params = rcgen::CertificateParams::new(vec!["localhost".to_owned()]).unwrap();
        let mut name = rcgen::DistinguishedName::new();
        name.push(rcgen::DnType::CommonName, "localhost");
        params.distinguished_name = name;
        params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
        params.key_usages = vec![
            rcgen::KeyUsagePurpose::DigitalSignature,
            rcgen::KeyUsagePurpose::KeyCertSign,
        ];
        let cert = params.self_signed(&key).unwrap();
        let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(key.serialize_der()));
        (cert.der().clone(), key)
    }

    fn client_config(
        server: &ServerIdentity,
        client: Option<(CertificateDer<'static>, PrivateKeyDer<'static>)>,
        version: &'static rustls::SupportedProtocolVersion,
    ) -> Arc<ClientConfig> {
        let provider = crypto_provider();
        let mut roots = RootCertStore::empty();
        roots.add(server.cert.clone()).unwrap();
        let verifier =
            WebPkiServerVerifier::builder_with_provider(Arc::new(roots), provider.clone())
                .build()
                .unwrap();
        let builder = ClientConfig::builder_with_provider(provider)
            .with_protocol_versions(&[version])
            .unwrap()
            .with_webpki_verifier(verifier);
        let mut config = match client {
            Some((cert, key)) => builder.with_client_auth_cert(vec![cert], key).unwrap(),
            None => builder.with_no_client_auth(),
        };
        config.alpn_protocols = vec![ALPN_H2.to_vec()];
        Arc::new(config)
    }

    /// Runs a TLS handshake in memory; returns the server connection or the first error
    /// either side reported.
    fn handshake(
        server_config: Arc<ServerConfig>,
        client_config: Arc<ClientConfig>,
    ) -> Result<ServerConnection, RustlsError> {
        let name = ServerName::try_from("localhost").unwrap();
        let mut client = ClientConnection::new(client_config, name)?;
        let mut server = ServerConnection::new(server_config)?;
        // Each round moves every pending byte one way and then the other; a handshake
        // needs a handful of rounds, 20 is far more than enough.
        for _ in 0..20 {
            let mut buffer = Vec::new();
            while client.wants_write() {
                client.write_tls(&mut buffer).unwrap();
            }
            let mut slice = buffer.as_slice();
            while !slice.is_empty() {
                server.read_tls(&mut slice).unwrap();
            }
            server.process_new_packets()?;
            let mut buffer = Vec::new();
            while server.wants_write() {
                server.write_tls(&mut buffer).unwrap();
            }
            let mut slice = buffer.as_slice();
            while !slice.is_empty() {
                client.read_tls(&mut slice).unwrap();
            }
            client.process_new_packets()?;
            if !server.is_handshaking() && !client.is_handshaking() {
                return Ok(server);
            }
        }
        panic!("the handshake did not finish");
    }

    #[test]
    fn p521_client_certificate_is_accepted_with_tls13_and_tls12() {
        let server = ServerIdentity::generate().unwrap();
        let (cert, key) = client_identity(&rcgen::PKCS_ECDSA_P521_SHA512);
        let config = server_config(&server, cert.as_ref()).unwrap();
        for (version, expected) in [
            (&rustls::version::TLS13, ProtocolVersion::TLSv1_3),
            (&rustls::version::TLS12, ProtocolVersion::TLSv1_2),
        ] {
            let client = client_config(&server, Some((cert.clone(), key.clone_key())), version);
            let connection = handshake(config.clone(), client).unwrap();
            assert_eq!(connection.protocol_version(), Some(expected));
            assert_eq!(connection.alpn_protocol(), Some(ALPN_H2));
            let presented = connection.peer_certificates().unwrap();
            assert_eq!(presented, std::slice::from_ref(&cert));
        }
    }

    #[test]
    fn p521_sha512_is_offered_to_clients() {
        let server = ServerIdentity::generate().unwrap();
        let (cert, _) = client_identity(&rcgen::PKCS_ECDSA_P521_SHA512);
        let verifier = PinnedClientCert::new(
            cert.to_vec(),
            crypto_provider().signature_verification_algorithms,
        )
        .unwrap();
        let schemes = verifier.supported_verify_schemes();
        assert!(
            schemes.contains(&SignatureScheme::ECDSA_NISTP521_SHA512),
            "{schemes:?}"
        );
        assert!(
            schemes.contains(&SignatureScheme::ECDSA_NISTP256_SHA256),
            "{schemes:?}"
        );
        assert!(server_config(&server, cert.as_ref()).is_ok());
    }

    #[test]
    fn another_client_certificate_is_refused() {
        let server = ServerIdentity::generate().unwrap();
        let (pinned, _) = client_identity(&rcgen::PKCS_ECDSA_P521_SHA512);
        let config = server_config(&server, pinned.as_ref()).unwrap();
        for alg in [
            &rcgen::PKCS_ECDSA_P521_SHA512,
            &rcgen::PKCS_ECDSA_P256_SHA256,
        ] {
            for version in [&rustls::version::TLS13, &rustls::version::TLS12] {
                let other = client_identity(alg);
                let client = client_config(&server, Some(other), version);
                let error = handshake(config.clone(), client).unwrap_err();
                assert_eq!(
                    error,
                    RustlsError::InvalidCertificate(
                        CertificateError::ApplicationVerificationFailure
                    )
                );
            }
        }
    }

    #[test]
    fn a_missing_client_certificate_is_refused() {
        let server = ServerIdentity::generate().unwrap();
        let (pinned, _) = client_identity(&rcgen::PKCS_ECDSA_P521_SHA512);
        let config = server_config(&server, pinned.as_ref()).unwrap();
        for version in [&rustls::version::TLS13, &rustls::version::TLS12] {
            let client = client_config(&server, None, version);
            let error = handshake(config.clone(), client).unwrap_err();
            assert_eq!(error, RustlsError::NoCertificatesPresented);
        }
    }

    #[test]
    fn signatures_by_a_certificate_other_than_the_pinned_one_are_refused() {
        let (pinned, _) = client_identity(&rcgen::PKCS_ECDSA_P521_SHA512);
        let (other, _) = client_identity(&rcgen::PKCS_ECDSA_P521_SHA512);
        let verifier = PinnedClientCert::new(
            pinned.to_vec(),
            crypto_provider().signature_verification_algorithms,
        )
        .unwrap();
        assert!(verifier
            .verify_client_cert(&pinned, &[], UnixTime::now())
            .is_ok());
        assert_eq!(
            verifier.check_pinned(&other),
            Err(RustlsError::InvalidCertificate(
                CertificateError::ApplicationVerificationFailure
            ))
        );
    }

    #[test]
    fn a_pinned_value_that_is_not_a_certificate_is_an_error() {
        let algorithms = crypto_provider().signature_verification_algorithms;
        let error = PinnedClientCert::new(b"foobar".to_vec(), algorithms).unwrap_err();
        assert!(matches!(error, TlsError::BadClientCert(_)), "{error:?}");
        assert!(
            error
                .to_string()
                .starts_with("PLUGIN_CLIENT_CERT should hold an X.509"),
            "{error}"
        );
    }

    #[test]
    fn server_certificate_is_valid_for_localhost_only() {
        let server = ServerIdentity::generate().unwrap();
        let parsed = ParsedCertificate::try_from(&server.cert).unwrap();
        let localhost = ServerName::try_from("localhost").unwrap();
        let other = ServerName::try_from("example.com").unwrap();
        assert!(rustls::client::verify_server_name(&parsed, &localhost).is_ok());
        assert!(rustls::client::verify_server_name(&parsed, &other).is_err());
        // A new start, a new key.
        let again = ServerIdentity::generate().unwrap();
        assert_ne!(again.cert_der(), server.cert_der());
    }
}
