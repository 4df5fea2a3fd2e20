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
