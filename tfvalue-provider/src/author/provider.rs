//! [`Provider`]: the provider itself, its configuration, and what it serves.

use std::future::Future;

use crate::author::context::Context;
use crate::author::diagnostics::Diagnostics;
use crate::author::model::Model;
use crate::author::registry::Registry;
use crate::author::requests::{ConfigureRequest, ValidateRequest};

/// A provider: its configuration model (the `provider "name" { ... }` block), how it is
/// configured, and the resource and data source types it serves.
///
/// Serve it from `main` with [`serve`](crate::serve).
pub trait Provider: Send + Sync + 'static {
    /// The model of the provider block.
    type Config: Model;
    /// What [`Provider::configure`] returns; every resource and data source method reaches
    /// it through [`Context::data`]. Typically a client, or the provider's settings.
    type Data: Send + Sync + 'static;

    /// Registers the resource and data source types by their type names
    /// (`registry.resource("localfs_file", FileResource)`).
    fn register(&self, registry: &mut impl Registry<Self::Data>);

    /// Checks the provider configuration beyond what the schema says (values may be
    /// unknown).
    ///
    /// A warning (say, a setting that works but is discouraged) goes on the context,
    /// [`Context::warn`], and is answered with the success; returning `Err` fails the
    /// validation, and the warnings given before are answered with its errors. The
    /// framework's own findings come first: warnings for the deprecated
    /// attributes and blocks the configuration sets, errors of the validators the model
    /// declares.
    fn validate(
        &self,
        ctx: &mut Context<Self::Data>,
        request: ValidateRequest<Self::Config>,
    ) -> impl Future<Output = Result<(), Diagnostics>> + Send {
        let _ = (ctx, request);
        async { Ok(()) }
    }

    /// Configures the provider from its block; the result is the `Data` of every later
    /// call in this process. `terraform_version` is the version of the Terraform calling.
    fn configure(
        &self,
        ctx: &mut Context<Self::Data>,
        request: ConfigureRequest<Self::Config>,
    ) -> impl Future<Output = Result<Self::Data, Diagnostics>> + Send;
}
