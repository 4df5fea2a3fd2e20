//! Placeholder until the transport (go-plugin handshake, mutual TLS, gRPC serving) is
//! merged from its branch; replaced wholesale by it.

use std::process::ExitCode;

pub(crate) fn run<S>(service: S) -> ExitCode
where
    S: crate::proto::tfplugin6::provider_server::Provider,
{
    drop(service);
    eprintln!("tfvalue-provider: the transport is not merged yet");
    ExitCode::FAILURE
}
