//! Serve `tfvalue`-derived models to Terraform as a provider plugin (protocol 6).
#![deny(missing_docs)]

mod context;
mod data_source;
mod diagnostics;
mod handler;
mod model;
mod plan;
pub mod proto;
mod provider;
mod registry;
mod resource;
mod schema_proto;
mod serve;
mod server;
#[cfg(test)]
mod service_tests;

pub use context::Context;
pub use data_source::DataSource;
pub use diagnostics::{Diagnostic, Diagnostics, Severity};
pub use model::Model;
pub use provider::Provider;
pub use registry::Registry;
pub use resource::{Plan, Resource};

/// Runs the provider as a Terraform plugin: the whole `main` of a provider executable.
///
/// Registers the provider's types (a mistake there is reported on stderr, exit code 1),
/// checks that Terraform started the process, performs the go-plugin handshake and serves
/// protocol 6 over mutual TLS until Terraform shuts the plugin down.
pub fn serve<P: Provider>(provider: P) -> std::process::ExitCode {
    match server::ProviderService::new(provider) {
        Ok(service) => serve::run(service),
        Err(problems) => {
            eprintln!("The provider cannot start; its types are declared wrongly:");
            for problem in problems {
                eprintln!("  - {problem}");
            }
            std::process::ExitCode::FAILURE
        }
    }
}
