//! [`Context`]: what a provider method can reach besides its request.

use std::sync::Arc;

use crate::author::diagnostics::{Diagnostic, Diagnostics, Severity};
use crate::author::model::Model;
use crate::author::private::Private;
use crate::author::provider_meta::ProviderMeta;
use crate::author::stop::StopToken;

/// What a provider, resource or data source method gets besides its request: the data the
/// provider's `configure` produced, the warnings it gives, the object's private state,
/// Terraform's request to stop, and `provider_meta`.
///
/// Errors are returned (`Err(diagnostics)`, or `?` on any error); warnings go here
/// ([`Context::warn`]) and reach Terraform with the answer, success or failure alike.
pub struct Context<D> {
    data: Option<Arc<D>>,
    warnings: Diagnostics,
    private: Private,
    stop: StopToken,
    provider_meta: ProviderMeta,
}

impl<D> Context<D> {
    /// A context with the provider's `data`, no private state and a stop token of its own,
    /// for calling a type's methods directly in a unit test. (The engine builds the
    /// contexts Terraform's requests get; so does [`harness`](crate::harness).)
    pub fn new(data: D, stop: StopToken) -> Self {
        Context::for_request(Some(Arc::new(data)), Vec::new(), stop)
    }

    /// The context of one request.
    pub(crate) fn for_request(data: Option<Arc<D>>, private: Vec<u8>, stop: StopToken) -> Self {
        Context {
            data,
            warnings: Diagnostics::new(),
            private: Private::from_bytes(private),
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

    /// Gives Terraform a warning with the answer (a diagnostic built as an error is given
    /// as a warning: errors are what the method returns).
    ///
    /// ```
    /// use tfvalue_provider::{Context, Diagnostic, StopToken};
    ///
    /// let mut ctx = Context::new((), StopToken::never());
    /// ctx.warn(Diagnostic::warning("Very large disk").at("size_gb"));
    /// assert_eq!(ctx.warnings().len(), 1);
    /// ```
    pub fn warn(&mut self, warning: Diagnostic) {
        self.warnings.push(warning.with_severity(Severity::Warning));
    }

    /// The warnings given so far.
    pub fn warnings(&self) -> &Diagnostics {
        &self.warnings
    }

    /// The object's private state, which Terraform stores with its state and hands back
    /// unread: plan starts from the prior state's, apply from the plan's, read from the
    /// current state's (an ephemeral resource's renew and close from its open's).
    pub fn private(&self) -> &Private {
        &self.private
    }

    /// The object's private state, to change (see [`Context::private`]).
    pub fn private_mut(&mut self) -> &mut Private {
        &mut self.private
    }

    /// Terraform's request to stop, as a token for the method's long work
    /// ([`StopToken::run`]).
    pub fn stop_token(&self) -> StopToken {
        self.stop.clone()
    }

    /// The warnings and the private state, after a method.
    pub(crate) fn into_parts(self) -> (Diagnostics, Vec<u8>) {
        (self.warnings, self.private.into_bytes())
    }
}
