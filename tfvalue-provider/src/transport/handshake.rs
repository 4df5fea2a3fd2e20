//! The go-plugin side of a provider's startup: reading what Terraform put in the
//! environment, and the one handshake line the provider answers with on stdout.
//!
//! Terraform starts a provider with no arguments. Everything it tells the process is in
//! the environment: a magic cookie (proof that Terraform, not a person, started it), the
//! plugin protocol versions it speaks, and its client certificate for mutual TLS. The
//! provider answers with a single line
//! `1|6|unix|<socket path>|grpc|<server certificate, base64>` and then serves gRPC on that
//! socket.

use std::ffi::OsStr;
use std::fmt;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::CertificateDer;

/// Name of the variable holding the magic cookie.
pub const MAGIC_COOKIE_KEY: &str = "TF_PLUGIN_MAGIC_COOKIE";
/// The magic cookie Terraform sets for its providers.
pub const MAGIC_COOKIE_VALUE: &str =
    "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";
/// Name of the variable listing the plugin protocol versions Terraform speaks.
pub const PROTOCOL_VERSIONS_KEY: &str = "PLUGIN_PROTOCOL_VERSIONS";
/// Name of the variable holding Terraform's client certificate (PEM).
pub const CLIENT_CERT_KEY: &str = "PLUGIN_CLIENT_CERT";
/// Name of the variable naming the directory for the plugin's unix socket (optional).
pub const SOCKET_DIR_KEY: &str = "PLUGIN_UNIX_SOCKET_DIR";
/// The one plugin protocol version this crate serves.
pub const PROTOCOL_VERSION: u32 = 6;
/// go-plugin's own handshake version, the first field of the handshake line.
pub const CORE_PROTOCOL_VERSION: u32 = 1;

/// What Terraform told the provider process through its environment.
#[derive(Clone, PartialEq, Eq)]
pub struct PluginEnv {
    protocol_version: u32,
    client_cert: Option<Vec<u8>>,
    socket_dir: Option<PathBuf>,
}

impl fmt::Debug for PluginEnv {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PluginEnv")
            .field("protocol_version", &self.protocol_version)
            .field(
                "client_cert",
                &self
                    .client_cert
                    .as_ref()
                    .map(|der| format!("{} DER bytes", der.len())),
            )
            .field("socket_dir", &self.socket_dir)
            .finish()
    }
}

impl PluginEnv {
    /// Reads the plugin environment from `(name, value)` pairs, such as
    /// `std::env::vars_os()`. Variables other than the plugin ones are ignored.
    ///
    /// Fails when the magic cookie is missing or wrong (the binary was started by hand),
    /// when Terraform does not offer protocol version 6, or when `PLUGIN_CLIENT_CERT` is
    /// set but holds no PEM certificate.
    pub fn from_vars<I, K, V>(vars: I) -> Result<PluginEnv, EnvError>
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<OsStr>,
        V: AsRef<OsStr>,
    {
        let mut cookie_ok = false;
        let mut versions: Option<Vec<u8>> = None;
        let mut cert_pem: Option<Vec<u8>> = None;
        let mut socket_dir = None;
        for (key, value) in vars {
            let value = value.as_ref();
            match key.as_ref().as_bytes() {
                k if k == MAGIC_COOKIE_KEY.as_bytes() => {
                    cookie_ok = value.as_bytes() == MAGIC_COOKIE_VALUE.as_bytes();
                }
                k if k == PROTOCOL_VERSIONS_KEY.as_bytes() => {
                    versions = Some(value.as_bytes().to_vec());
                }
                k if k == CLIENT_CERT_KEY.as_bytes() => {
                    cert_pem = Some(value.as_bytes().to_vec());
                }
                k if k == SOCKET_DIR_KEY.as_bytes() && !value.is_empty() => {
                    socket_dir = Some(PathBuf::from(value));
                }
                _ => {}
            }
        }
        if !cookie_ok {
            return Err(EnvError::NotStartedByTerraform);
        }
        let protocol_version = match versions {
            None => PROTOCOL_VERSION,
            Some(list) => negotiate_version(&list)?,
        };
        let client_cert = match cert_pem {
            None => None,
            Some(pem) if pem.iter().all(u8::is_ascii_whitespace) => None,
            Some(pem) => Some(parse_pem_certificate(&pem)?),
        };
        Ok(PluginEnv {
            protocol_version,
            client_cert,
            socket_dir,
        })
    }

    /// An environment for a provider in debug mode (no client certificate: plain gRPC),
    /// with its socket under the system's temporary directory.
    pub fn debug() -> PluginEnv {
        PluginEnv {
            protocol_version: PROTOCOL_VERSION,
            client_cert: None,
            socket_dir: None,
        }
    }

    /// An environment whose client certificate (DER) is pinned for mutual TLS, with its
    /// socket under the system's temporary directory.
    pub fn with_client_cert(der: Vec<u8>) -> PluginEnv {
        PluginEnv {
            protocol_version: PROTOCOL_VERSION,
            client_cert: Some(der),
            socket_dir: None,
        }
    }

    /// The negotiated plugin protocol version (always 6).
    pub fn protocol_version(&self) -> u32 {
        self.protocol_version
    }

    /// Terraform's client certificate (DER), or `None` in debug mode.
    pub fn client_cert(&self) -> Option<&[u8]> {
        self.client_cert.as_deref()
    }

    /// The directory in which the socket's private directory is created
    /// (`PLUGIN_UNIX_SOCKET_DIR`), or `None` for the system's temporary directory.
    pub fn socket_dir(&self) -> Option<&Path> {
        self.socket_dir.as_deref()
    }
}

/// Picks protocol version 6 from a comma-separated list such as `5,6`.
fn negotiate_version(list: &[u8]) -> Result<u32, EnvError> {
    let text = String::from_utf8_lossy(list);
    let mut offered = Vec::new();
    for item in text
        .split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
    {
        match item.parse::<u32>() {
            Ok(version) => offered.push(version),
            Err(_) => {
                return Err(EnvError::BadVersionList {
                    found: text.into_owned(),
                })
            }
        }
    }
    if offered.contains(&PROTOCOL_VERSION) {
        Ok(PROTOCOL_VERSION)
    } else {
        Err(EnvError::VersionNotOffered {
            found: text.into_owned(),
        })
    }
}

/// Decodes the first `CERTIFICATE` block of a PEM text into DER bytes.
fn parse_pem_certificate(pem: &[u8]) -> Result<Vec<u8>, EnvError> {
    match CertificateDer::from_pem_slice(pem) {
        Ok(cert) => Ok(cert.as_ref().to_vec()),
        Err(error) => Err(EnvError::BadClientCert {
            reason: error.to_string(),
        }),
    }
}

/// Why the plugin environment cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EnvError {
    /// The magic cookie is missing or wrong: the binary was not started by Terraform.
    NotStartedByTerraform,
    /// `PLUGIN_PROTOCOL_VERSIONS` is not a comma-separated list of integers.
    BadVersionList {
        /// The variable's value.
        found: String,
    },
    /// Terraform does not offer plugin protocol version 6.
    VersionNotOffered {
        /// The variable's value.
        found: String,
    },
    /// `PLUGIN_CLIENT_CERT` does not hold a PEM certificate.
    BadClientCert {
        /// What the PEM decoder said.
        reason: String,
    },
}

impl fmt::Display for EnvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EnvError::NotStartedByTerraform => f.write_str(
                "This binary is a plugin for Terraform (a provider): it is not meant to be run \
                 directly. Terraform starts it by itself when a configuration uses this \
                 provider; run `terraform plan` or `terraform apply` in that configuration \
                 instead.",
            ),
            EnvError::BadVersionList { found } => write!(
                f,
                "{PROTOCOL_VERSIONS_KEY} should be a comma-separated list of protocol \
                 versions such as `5,6`, found `{found}`"
            ),
            EnvError::VersionNotOffered { found } => write!(
                f,
                "this provider speaks plugin protocol version {PROTOCOL_VERSION} only, but \
                 Terraform offers `{found}` ({PROTOCOL_VERSIONS_KEY}); Terraform v1.0 or \
                 newer is needed"
            ),
            EnvError::BadClientCert { reason } => write!(
                f,
                "{CLIENT_CERT_KEY} should hold Terraform's client certificate in PEM \
                 (`-----BEGIN CERTIFICATE-----`), but it could not be read: {reason}"
            ),
        }
    }
}

impl std::error::Error for EnvError {}

/// The handshake line (without its newline):
/// `1|6|unix|<socket>|grpc|<server certificate DER, base64 without padding>`, with an
/// empty last field in debug mode (`server_cert_der` is `None`).
pub fn handshake_line(socket: &Path, server_cert_der: Option<&[u8]>) -> String {
    let cert = server_cert_der.map(base64_encode).unwrap_or_default();
    format!(
        "{CORE_PROTOCOL_VERSION}|{PROTOCOL_VERSION}|unix|{}|grpc|{cert}",
        socket.display()
    )
}

/// The `TF_REATTACH_PROVIDERS` value that attaches Terraform to a provider in debug mode
/// serving on `socket`, for the provider source address `source` (for example
/// `example.com/acme/files`).
pub fn reattach_json(source: &str, pid: u32, socket: &Path) -> String {
    let config = serde_json::json!({
        source: {
            "Protocol": "grpc",
            "ProtocolVersion": PROTOCOL_VERSION,
            "Pid": pid,
            "Test": true,
            "Addr": { "Network": "unix", "String": socket.to_string_lossy() },
        }
    });
    config.to_string()
}

const BASE64_ALPHABET: &[u8; 64] =
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Base64 with the standard alphabet (RFC 4648 §4) and no `=` padding, as go-plugin
/// reads the certificate (`base64.RawStdEncoding`).
pub fn base64_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    let symbol = |index: u32| char::from(BASE64_ALPHABET[(index & 0x3f) as usize]);
    for chunk in bytes.chunks(3) {
        let b0 = u32::from(chunk[0]);
        let b1 = chunk.get(1).copied().map_or(0, u32::from);
        let b2 = chunk.get(2).copied().map_or(0, u32::from);
        let group = (b0 << 16) | (b1 << 8) | b2;
        out.push(symbol(group >> 18));
        out.push(symbol(group >> 12));
        if chunk.len() > 1 {
            out.push(symbol(group >> 6));
        }
        if chunk.len() > 2 {
            out.push(symbol(group));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(vars: &[(&str, &str)]) -> Result<PluginEnv, EnvError> {
        PluginEnv::from_vars(vars.iter().copied())
    }

    #[test]
    fn base64_rfc4648_vectors_without_padding() {
        let cases: [(&[u8], &str); 7] = [
            (b"", ""),
            (b"f", "Zg"),
            (b"fo", "Zm8"),
            (b"foo", "Zm9v"),
            (b"foob", "Zm9vYg"),
            (b"fooba", "Zm9vYmE"),
            (b"foobar", "Zm9vYmFy"),
        ];
        for (input, expected) in cases {
            assert_eq!(base64_encode(input), expected, "input {input:?}");
        }
    }

    #[test]
    fn base64_uses_the_standard_alphabet_for_the_last_symbols() {
        // 0xfb 0xff 0xbf = 111110 111111 111110 111111: symbols 62 and 63 alternate.
        assert_eq!(base64_encode(&[0xfb, 0xff, 0xbf]), "+/+/");
        assert_eq!(base64_encode(&[0x00, 0x00, 0x00]), "AAAA");
        assert_eq!(base64_encode(&[0xff]), "/w");
        assert_eq!(base64_encode(&[0xff, 0xff]), "//8");
    }

    #[test]
    fn handshake_line_with_and_without_certificate() {
        let socket = Path::new("/tmp/plugin123/plugin.sock");
        assert_eq!(
            handshake_line(socket, Some(b"foobar")),
            "1|6|unix|/tmp/plugin123/plugin.sock|grpc|Zm9vYmFy"
        );
        assert_eq!(
            handshake_line(socket, Some(b"fo")),
            "1|6|unix|/tmp/plugin123/plugin.sock|grpc|Zm8"
        );
        assert_eq!(
            handshake_line(socket, None),
            "1|6|unix|/tmp/plugin123/plugin.sock|grpc|"
        );
    }

    #[test]
    fn reattach_json_names_the_socket_and_the_pid() {
        let json = reattach_json(
            "example.com/acme/files",
            4242,
            Path::new("/tmp/a \"b\"/plugin.sock"),
        );
        let parsed: serde_json::Value = match serde_json::from_str(&json) {
            Ok(parsed) => parsed,
            Err(error) => panic!("not JSON ({error}): {json}"),
        };
        let expected = serde_json::json!({
            "example.com/acme/files": {
                "Protocol": "grpc",
                "ProtocolVersion": 6,
                "Pid": 4242,
                "Test": true,
                "Addr": { "Network": "unix", "String": "/tmp/a \"b\"/plugin.sock" }
            }
        });
        assert_eq!(parsed, expected);
    }

    #[test]
    fn missing_or_wrong_cookie_is_the_friendly_error() {
        for vars in [
            vec![],
            vec![(MAGIC_COOKIE_KEY, "nope")],
            vec![(MAGIC_COOKIE_KEY, "")],
            vec![("OTHER", MAGIC_COOKIE_VALUE)],
        ] {
            let error = env(&vars).unwrap_err();
            assert_eq!(error, EnvError::NotStartedByTerraform);
            let message = error.to_string();
            assert!(
                message.starts_with("This binary is a plugin for Terraform"),
                "{message}"
            );
            assert!(
                message.contains("not meant to be run directly"),
                "{message}"
            );
        }
    }

    #[test]
    fn versions_are_negotiated_to_six() {
        let cookie = (MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE);
        for list in ["5,6", "6", "6,5", " 5 , 6 ", "4,5,6,7"] {
            let parsed = env(&[cookie, (PROTOCOL_VERSIONS_KEY, list)]);
            assert_eq!(parsed.map(|e| e.protocol_version()), Ok(6), "list {list:?}");
        }
        // Absent: Terraform 1.x always speaks 6.
        assert_eq!(env(&[cookie]).map(|e| e.protocol_version()), Ok(6));
    }

    #[test]
    fn versions_without_six_are_refused() {
        let cookie = (MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE);
        for list in ["5", "", "4,5", "7"] {
            let error = env(&[cookie, (PROTOCOL_VERSIONS_KEY, list)]).unwrap_err();
            assert_eq!(
                error,
                EnvError::VersionNotOffered {
                    found: list.to_owned()
                }
            );
            assert!(error.to_string().contains("version 6 only"), "{error}");
        }
        let error = env(&[cookie, (PROTOCOL_VERSIONS_KEY, "5,six")]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "PLUGIN_PROTOCOL_VERSIONS should be a comma-separated list of protocol versions \
             such as `5,6`, found `5,six`"
        );
    }

    const PEM: &str = "-----BEGIN CERTIFICATE-----\nZm9vYmFy\n-----END CERTIFICATE-----\n";

    #[test]
    fn client_certificate_is_decoded_from_pem() {
        let cookie = (MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE);
        let parsed = env(&[cookie, (CLIENT_CERT_KEY, PEM)]);
        assert_eq!(
            parsed.as_ref().map(|e| e.client_cert()),
            Ok(Some(&b"foobar"[..]))
        );
        // Without the final newline, and with a leading blank line.
        let trimmed = format!("\n{}", PEM.trim_end());
        let parsed = env(&[cookie, (CLIENT_CERT_KEY, trimmed.as_str())]);
        assert_eq!(
            parsed.as_ref().map(|e| e.client_cert()),
            Ok(Some(&b"foobar"[..]))
        );
    }

    #[test]
    fn absent_or_blank_client_certificate_is_debug_mode() {
        let cookie = (MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE);
        assert_eq!(env(&[cookie]), Ok(PluginEnv::debug()));
        assert_eq!(
            env(&[cookie, (CLIENT_CERT_KEY, " \n")]),
            Ok(PluginEnv::debug())
        );
    }

    #[test]
    fn bad_client_certificate_is_an_error() {
        let cookie = (MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE);
        for bad in [
            "not a certificate",
            "-----BEGIN PRIVATE KEY-----\nZm9vYmFy\n-----END PRIVATE KEY-----\n",
            "-----BEGIN CERTIFICATE-----\nZm9v!!!\n-----END CERTIFICATE-----\n",
            "-----BEGIN CERTIFICATE-----\nZm9vYmFy\n",
        ] {
            let error = env(&[cookie, (CLIENT_CERT_KEY, bad)]).unwrap_err();
            assert!(
                matches!(error, EnvError::BadClientCert { .. }),
                "{bad:?}: {error:?}"
            );
            assert!(
                error
                    .to_string()
                    .starts_with("PLUGIN_CLIENT_CERT should hold"),
                "{error}"
            );
        }
    }

    #[test]
    fn socket_dir_is_read_and_debug_output_hides_the_certificate() {
        let cookie = (MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE);
        let parsed = env(&[
            cookie,
            (SOCKET_DIR_KEY, "/run/plugins"),
            (CLIENT_CERT_KEY, PEM),
        ]);
        let parsed = parsed.unwrap();
        assert_eq!(parsed.socket_dir(), Some(Path::new("/run/plugins")));
        assert_eq!(
            format!("{parsed:?}"),
            "PluginEnv { protocol_version: 6, client_cert: Some(\"6 DER bytes\"), \
             socket_dir: Some(\"/run/plugins\") }"
        );
        assert_eq!(env(&[cookie, (SOCKET_DIR_KEY, "")]), Ok(PluginEnv::debug()));
    }
}
