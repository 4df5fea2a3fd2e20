//! [`DataSource`]: a data source type.

use std::future::Future;

use crate::author::context::Context;
use crate::author::diagnostics::Diagnostics;
use crate::author::model::Model;
use crate::author::requests::{ReadDataSourceRequest, ValidateRequest};

/// A data source type: Terraform reads it during plan (or apply, when its configuration
/// has unknown values).
pub trait DataSource: Send + Sync + 'static {
    /// The model: its configuration and its result have this shape; the attributes the
    /// data source computes are null in the configuration.
    type Model: Model;
    /// What the provider's `configure` returns (the same type as its `Data`).
    type Data: Send + Sync + 'static;

    /// Checks a configuration beyond what the schema says (values may be unknown).
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
        request: ValidateRequest<Self::Model>,
    ) -> impl Future<Output = Result<(), Diagnostics>> + Send {
        let _ = (ctx, request);
        async { Ok(()) }
    }

    /// Reads the data: returns the configuration with the computed attributes filled in,
    /// wholly known.
    fn read(
        &self,
        ctx: &mut Context<Self::Data>,
        request: ReadDataSourceRequest<Self::Model>,
    ) -> impl Future<Output = Result<Self::Model, Diagnostics>> + Send;
}
