//! The plugin protocol's messages and gRPC services, generated at build time from the
//! project's own definitions in `proto/` (see `build.rs`).
#![allow(missing_docs, clippy::all, clippy::pedantic)]

/// `tfplugin6`: Terraform's plugin protocol, version 6.11.
pub mod tfplugin6 {
    tonic::include_proto!("tfplugin6");
}

/// `plugin`: go-plugin's controller service (`GRPCController/Shutdown`).
pub mod plugin {
    tonic::include_proto!("plugin");
}
