//! [`Context`]: what a provider method can reach besides its model.

use std::sync::Arc;

use tokio::sync::watch;

use crate::author::diagnostics::{Diagnostic, Diagnostics};
use crate::author::model::Model;
use crate::author::provider_meta::ProviderMeta;

/// What a provider, resource or data source method gets besides its model: the data the
/// provider's `configure` produced, a place for warnings, the resource's private state, and
/// Terraform's request to stop.
///
/// Errors are usually returned (`Err(diagnostics)`, or `?` on any error); warnings, and
/// errors that should not stop the method, are added here and reach Terraform with the
/// response.
pub struct Context<D> {
    data: Option<Arc<D>>,
    diagnostics: Diagnostics,
    private: Vec<u8>,
    stop: watch::Receiver<bool>,
    provider_meta: ProviderMeta,
}

impl<D> Context<D> {
    pub(crate) fn new(data: Option<Arc<D>>, private: Vec<u8>, stop: watch::Receiver<bool>) -> Self {
        Context {
            data,
            diagnostics: Diagnostics::new(),
            private,
            stop,
            provider_meta: ProviderMeta::default(),
        }
    }

    /// The same context, with the `provider_meta` values of its request.
    pub(crate) fn with_provider_meta(mut self, meta: ProviderMeta) -> Self {
        self.provider_meta = meta;
        self
    }

    /// The values of the module's `provider_meta` block for this provider, decoded as
    /// `M`, the model declared with [`Registry::provider_meta`](crate::Registry::provider_meta); `None` when the module
    /// has no such block, and in requests that carry none (only reads, plans and applies
    /// of managed resources and reads of data sources do).
    ///
    /// # Errors
    /// `M` is not the declared model (or none is declared), or the values do not decode
    /// as `M` (the detail names the attribute).
    ///
    /// ```
    /// use tfvalue::{Nullable, TfSchema};
    /// use tfvalue_provider::{Context, Diagnostic, Registry};
    ///
    /// /// `terraform { provider_meta "example" { module_name = "network" } }`
    /// #[derive(TfSchema)]
    /// struct Meta {
    ///     module_name: Nullable<String>,
    /// }
    ///
    /// fn register(registry: &mut impl Registry<()>) {
    ///     registry.provider_meta::<Meta>();
    /// }
    ///
    /// // In a resource's method: the module that declared the resource, if it said.
    /// fn module_of(ctx: &Context<()>) -> Result<Option<String>, Diagnostic> {
    ///     Ok(ctx.provider_meta::<Meta>()?.and_then(|m| m.module_name.into_option()))
    /// }
    /// ```
    pub fn provider_meta<M: Model>(&self) -> Result<Option<M>, Diagnostic> {
        self.provider_meta.decode::<M>()
    }

    /// The data the provider's `configure` returned.
    ///
    /// # Errors
    /// The provider is not configured yet: Terraform validates configurations before it
    /// configures the provider, and it skips configuring when the provider block has
    /// values only known after apply.
    pub fn data(&self) -> Result<&D, Diagnostic> {
        self.data.as_deref().ok_or_else(|| {
            Diagnostic::error("Provider not configured").with_detail(
                "This operation needs the provider's configuration, which Terraform has not \
                 sent yet (it may hold values known only after apply).",
            )
        })
    }

    /// Whether the provider is configured (see [`Context::data`]).
    pub fn is_configured(&self) -> bool {
        self.data.is_some()
    }

    /// Adds a diagnostic (a warning, or an error that lets the method go on) to the
    /// response.
    pub fn add(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }

    /// Adds a warning with this summary and detail.
    pub fn warn(&mut self, summary: impl Into<String>, detail: impl Into<String>) {
        self.add(Diagnostic::warning(summary).with_detail(detail));
    }

    /// The diagnostics added so far.
    pub fn diagnostics(&self) -> &Diagnostics {
        &self.diagnostics
    }

    /// The resource's private state: bytes the provider keeps with the resource's state,
    /// which Terraform stores and sends back unread (empty when there are none). Plan
    /// starts from the prior state's, apply from the plan's, read from the current state's.
    pub fn private(&self) -> &[u8] {
        &self.private
    }

    /// Replaces the resource's private state (see [`Context::private`]).
    pub fn set_private(&mut self, bytes: Vec<u8>) {
        self.private = bytes;
    }

    /// Whether Terraform asked the provider to stop (`StopProvider`, on Ctrl-C): long
    /// operations should wind down and return an error.
    pub fn is_stopping(&self) -> bool {
        *self.stop.borrow()
    }

    /// Completes when Terraform asks the provider to stop; use it in `tokio::select!`
    /// beside a long operation.
    pub async fn stopping(&self) {
        let mut stop = self.stop.clone();
        // An error means the server is gone, which is a stop too.
        let _ = stop.wait_for(|stopped| *stopped).await;
    }

    pub(crate) fn into_parts(self) -> (Diagnostics, Vec<u8>) {
        (self.diagnostics, self.private)
    }
}
