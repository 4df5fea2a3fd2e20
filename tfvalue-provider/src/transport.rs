//! The transport: the go-plugin handshake, mutual TLS, the gRPC service that turns wire
//! requests into the engine's messages, debug mode, and `--schema-json`.

pub mod debug;
pub(crate) mod handshake;
pub(crate) mod main;
pub(crate) mod record;
pub(crate) mod schema_json;
pub(crate) mod serve;
pub(crate) mod server;
pub(crate) mod tls;
