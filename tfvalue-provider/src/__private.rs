//! Internals re-exported for the crate's integration tests and for the provider API
//! built on top of the transport. Not part of the public API: no stability promise.

pub use crate::transport::handshake::{
    base64_encode, handshake_line, reattach_json, EnvError, PluginEnv, CLIENT_CERT_KEY,
    MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE, PROTOCOL_VERSIONS_KEY, SOCKET_DIR_KEY,
};
pub use crate::transport::main::{init_logging, log_directives, log_level, run};
pub use crate::transport::serve::{
    serve, serve_until, ConnectionInfo, ServeError, MAX_MESSAGE_SIZE, SHUTDOWN_GRACE,
};
pub use crate::transport::tls::{
    crypto_provider, server_config, PinnedClientCert, ServerIdentity, TlsError, ALPN_H2,
};

/// The gRPC service that [`crate::serve`] runs for `provider`, for tests that drive the
/// whole stack (transport, service, handlers) with a client of their own.
///
/// # Errors
/// The problems in the provider's registrations, one line each (as [`crate::serve`]
/// reports them).
pub fn provider_service<P: crate::Provider>(
    provider: P,
) -> Result<impl crate::protocol::proto::tfplugin6::provider_server::Provider, Vec<String>> {
    crate::transport::server::ProviderService::new(provider)
}
