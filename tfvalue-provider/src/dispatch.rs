//! Every RPC on protocol-neutral types: the provider's own RPCs answered here, the others
//! dispatched by type name to the registered resources and data sources (`handler.rs`).
//!
//! [`Dispatch::guarded`] runs an RPC's work as a task of its own, so a provider method that
//! panics fails only its RPC, with an error diagnostic carrying the panic message; the
//! process and every other RPC go on. [`Dispatch::on_type`] is the one place that looks a
//! type name up, answers a name no type has, and cuts the diagnostics' paths with the
//! schema of the type that answered.
//!
//! The RPCs of ephemeral resources are answered in `dispatch/ephemeral.rs`, those of
//! functions in `dispatch/functions.rs`; those of list resources, state stores and actions,
//! which this provider does not serve, in `dispatch/unsupported.rs`.

use std::any::Any;
use std::collections::BTreeMap;
use std::future::Future;
use std::sync::{Arc, PoisonError, RwLock};

use tfvalue::schema::Schema;
use tfvalue::TfSchema;
use tokio::sync::watch;

use crate::context::Context;
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::handler::{decode_model, validate_config, BoxFuture, ErasedDataSource, ErasedResource};
use crate::messages::{
    Answer, ApplyResourceChangeRequest, ApplyResourceChangeResponse, ConfigureProviderRequest,
    ConfigureProviderResponse, DynamicValue, GenerateResourceConfigRequest,
    GenerateResourceConfigResponse, GetMetadataRequest, GetMetadataResponse,
    GetProviderSchemaRequest, GetProviderSchemaResponse, GetResourceIdentitySchemasRequest,
    GetResourceIdentitySchemasResponse, ImportResourceStateRequest, ImportResourceStateResponse,
    MoveResourceStateRequest, MoveResourceStateResponse, PlanResourceChangeRequest,
    PlanResourceChangeResponse, ReadDataSourceRequest, ReadDataSourceResponse, ReadResourceRequest,
    ReadResourceResponse, Rpc, ServerCapabilities, StopProviderRequest, StopProviderResponse,
    TypeRpc, UpgradeResourceIdentityRequest, UpgradeResourceIdentityResponse,
    UpgradeResourceStateRequest, UpgradeResourceStateResponse, ValidateDataResourceConfigRequest,
    ValidateDataResourceConfigResponse, ValidateProviderConfigRequest,
    ValidateProviderConfigResponse, ValidateResourceConfigRequest, ValidateResourceConfigResponse,
};
use crate::provider::Provider;
use crate::provider_meta::ProviderMeta;
use crate::registry::Registry;

mod ephemeral;
mod functions;
mod unsupported;

/// The provider, its registered types and what every RPC's task shares.
pub(crate) struct Dispatch<P: Provider> {
    provider: P,
    registry: Registry<P::Data>,
    data: RwLock<Option<Arc<P::Data>>>,
    stop: watch::Sender<bool>,
}

/// Something registered by type name, with its schema.
pub(crate) trait Registered: Send + Sync {
    /// The schema of its model.
    fn schema(&self) -> &'static Schema;
}

impl<P: Provider> Dispatch<P> {
    /// Registers the provider's types and checks them.
    ///
    /// # Errors
    /// Every problem found in the registrations and schemas, one line each.
    pub(crate) fn new(provider: P) -> Result<Self, Vec<String>> {
        let registry = Registry::checked(&provider)?;
        Ok(Dispatch {
            provider,
            registry,
            data: RwLock::new(None),
            stop: watch::channel(false).0,
        })
    }

    /// The provider's registered types.
    pub(crate) fn registry(&self) -> &Registry<P::Data> {
        &self.registry
    }

    /// A context for one provider method, with the data `configure` produced (if it ran)
    /// and this private state.
    pub(crate) fn context(&self, private: Vec<u8>) -> Context<P::Data> {
        let data = self
            .data
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        Context::new(data, private, self.stop.subscribe())
    }

    /// Runs `work` on `request` as a task of its own; if it panics or is cancelled, the
    /// answer is the request's [`Rpc::if_failed`] response with an error diagnostic.
    pub(crate) async fn guarded<Q, F, Fut>(self: &Arc<Self>, request: Q, work: F) -> Q::Response
    where
        Q: Rpc,
        F: FnOnce(Arc<Self>, Q) -> Fut,
        Fut: Future<Output = Q::Response> + Send + 'static,
    {
        let rpc = Q::NAME;
        tracing::debug!(rpc, "request");
        let mut failed = request.if_failed();
        let task = tokio::spawn(work(self.clone(), request));
        match task.await {
            Ok(response) => response,
            Err(error) => {
                let detail = if error.is_panic() {
                    let message = panic_message(error.into_panic());
                    tracing::error!(rpc, panic = %message, "a provider method panicked");
                    format!(
                        "The provider panicked in {rpc}: {message}. This is a bug in the provider."
                    )
                } else {
                    format!("{rpc} was cancelled before it finished.")
                };
                let diagnostic = Diagnostic::error("The provider failed").with_detail(detail);
                *failed.diagnostics_mut() = Diagnostics::from(diagnostic).for_terraform(None);
                failed
            }
        }
    }

    /// Runs `call` on the type `request` names among `types` (`what` they are, for the
    /// message when none has that name) and cuts the response's diagnostic paths with that
    /// type's schema. A name no type has is answered by [`TypeRpc::if_unknown_type`] with
    /// an error diagnostic.
    async fn on_type<'s, T, Q>(
        &'s self,
        types: &'s BTreeMap<String, Arc<T>>,
        what: &str,
        request: Q,
        call: impl FnOnce(&'s T, Q) -> BoxFuture<'s, Q::Response>,
    ) -> Q::Response
    where
        T: Registered + ?Sized,
        Q: TypeRpc,
    {
        let Some(found) = types.get(request.type_name()) else {
            return not_registered(request, &format!("{what} type"));
        };
        let mut response = call(found, request).await;
        let diagnostics = std::mem::take(response.diagnostics_mut());
        *response.diagnostics_mut() = diagnostics.for_terraform(Some(&found.schema().block));
        response
    }

    /// The `provider_meta` values a request carries, for its context.
    fn provider_meta(&self, value: Option<&DynamicValue>) -> ProviderMeta {
        ProviderMeta::new(self.registry.provider_meta, value.cloned())
    }

    /// Nothing here depends on `GetProviderSchema` having been called (the registry and
    /// the schemas exist from the start), so Terraform may use a schema it cached.
    /// `MoveResourceState` is answered by [`Dispatch::move_resource_state`].
    fn capabilities() -> ServerCapabilities {
        ServerCapabilities {
            plan_destroy: true,
            get_provider_schema_optional: true,
            move_resource_state: true,
            generate_resource_config: false,
        }
    }

    pub(crate) fn get_provider_schema(
        &self,
        _: GetProviderSchemaRequest,
    ) -> GetProviderSchemaResponse {
        GetProviderSchemaResponse {
            provider: Some(P::Config::schema()),
            resource_schemas: (self.registry.resources.iter())
                .map(|(name, r)| (name.clone(), r.schema()))
                .collect(),
            data_source_schemas: (self.registry.data_sources.iter())
                .map(|(name, d)| (name.clone(), d.schema()))
                .collect(),
            diagnostics: Diagnostics::new(),
            provider_meta: self.registry.provider_meta.map(|m| m.schema),
            server_capabilities: Self::capabilities(),
            functions: self.function_signatures(),
            ephemeral_resource_schemas: (self.registry.ephemeral_resources.iter())
                .map(|(name, e)| (name.clone(), e.schema()))
                .collect(),
            list_resource_schemas: BTreeMap::new(),
            state_store_schemas: BTreeMap::new(),
            action_schemas: BTreeMap::new(),
        }
    }

    pub(crate) fn get_metadata(&self, _: GetMetadataRequest) -> GetMetadataResponse {
        GetMetadataResponse {
            server_capabilities: Self::capabilities(),
            diagnostics: Diagnostics::new(),
            data_sources: self.registry.data_sources.keys().cloned().collect(),
            resources: self.registry.resources.keys().cloned().collect(),
            functions: self.registry.functions.keys().cloned().collect(),
            ephemeral_resources: self.registry.ephemeral_resources.keys().cloned().collect(),
            list_resources: Vec::new(),
            state_stores: Vec::new(),
            actions: Vec::new(),
        }
    }

    pub(crate) async fn validate_provider_config(
        &self,
        request: ValidateProviderConfigRequest,
    ) -> ValidateProviderConfigResponse {
        let ctx = self.context(Vec::new());
        let provider = &self.provider;
        let diagnostics = validate_config::<P::Data, P::Config, _, _>(
            ctx,
            request.config,
            |mut ctx, model| async move {
                let result = provider.validate(&mut ctx, &model).await;
                (ctx, result)
            },
        )
        .await;
        ValidateProviderConfigResponse {
            diagnostics: diagnostics.for_terraform(Some(&P::Config::schema().block)),
        }
    }

    pub(crate) async fn configure_provider(
        &self,
        request: ConfigureProviderRequest,
    ) -> ConfigureProviderResponse {
        let mut ctx = self.context(Vec::new());
        let mut diagnostics = Diagnostics::new();
        match decode_model::<P::Config>(request.config.as_ref()) {
            Ok(Some(config)) => {
                let result = self
                    .provider
                    .configure(&mut ctx, &request.terraform_version, config)
                    .await;
                let (collected, _) = ctx.into_parts();
                diagnostics.extend(collected);
                match result {
                    Ok(data) => {
                        *self.data.write().unwrap_or_else(PoisonError::into_inner) =
                            Some(Arc::new(data));
                        tracing::debug!(terraform_version = %request.terraform_version, "provider configured");
                    }
                    Err(errors) => diagnostics.extend(errors),
                }
            }
            Ok(None) => diagnostics.push(
                Diagnostic::error("Invalid provider configuration")
                    .with_detail("Terraform sent a null configuration."),
            ),
            Err(e) => diagnostics.push(Diagnostic::from_value_error(
                "Invalid provider configuration",
                &e,
            )),
        }
        ConfigureProviderResponse {
            diagnostics: diagnostics.for_terraform(Some(&P::Config::schema().block)),
        }
    }

    pub(crate) async fn validate_resource_config(
        &self,
        request: ValidateResourceConfigRequest,
    ) -> ValidateResourceConfigResponse {
        let resources = &self.registry.resources;
        self.on_type(resources, "resource", request, |resource, request| {
            resource.validate(self.context(Vec::new()), request)
        })
        .await
    }

    pub(crate) async fn validate_data_resource_config(
        &self,
        request: ValidateDataResourceConfigRequest,
    ) -> ValidateDataResourceConfigResponse {
        let sources = &self.registry.data_sources;
        self.on_type(sources, "data source", request, |source, request| {
            source.validate(self.context(Vec::new()), request)
        })
        .await
    }

    pub(crate) async fn upgrade_resource_state(
        &self,
        request: UpgradeResourceStateRequest,
    ) -> UpgradeResourceStateResponse {
        let resources = &self.registry.resources;
        self.on_type(resources, "resource", request, |resource, request| {
            resource.upgrade(self.context(Vec::new()), request)
        })
        .await
    }

    pub(crate) async fn read_resource(&self, request: ReadResourceRequest) -> ReadResourceResponse {
        let resources = &self.registry.resources;
        self.on_type(resources, "resource", request, |resource, request| {
            resource.read(
                self.context(request.private.clone())
                    .with_provider_meta(self.provider_meta(request.provider_meta.as_ref())),
                request,
            )
        })
        .await
    }

    pub(crate) async fn plan_resource_change(
        &self,
        request: PlanResourceChangeRequest,
    ) -> PlanResourceChangeResponse {
        let resources = &self.registry.resources;
        self.on_type(resources, "resource", request, |resource, request| {
            resource.plan(
                self.context(request.prior_private.clone())
                    .with_provider_meta(self.provider_meta(request.provider_meta.as_ref())),
                request,
            )
        })
        .await
    }

    pub(crate) async fn apply_resource_change(
        &self,
        request: ApplyResourceChangeRequest,
    ) -> ApplyResourceChangeResponse {
        let resources = &self.registry.resources;
        self.on_type(resources, "resource", request, |resource, request| {
            resource.apply(
                self.context(request.planned_private.clone())
                    .with_provider_meta(self.provider_meta(request.provider_meta.as_ref())),
                request,
            )
        })
        .await
    }

    pub(crate) async fn import_resource_state(
        &self,
        request: ImportResourceStateRequest,
    ) -> ImportResourceStateResponse {
        let resources = &self.registry.resources;
        self.on_type(resources, "resource", request, |resource, request| {
            resource.import(self.context(Vec::new()), request)
        })
        .await
    }

    pub(crate) async fn read_data_source(
        &self,
        request: ReadDataSourceRequest,
    ) -> ReadDataSourceResponse {
        let sources = &self.registry.data_sources;
        self.on_type(sources, "data source", request, |source, request| {
            source.read(
                self.context(Vec::new())
                    .with_provider_meta(self.provider_meta(request.provider_meta.as_ref())),
                request,
            )
        })
        .await
    }

    /// No resource type declares an identity schema: the answer names none.
    pub(crate) fn get_resource_identity_schemas(
        &self,
        _: GetResourceIdentitySchemasRequest,
    ) -> GetResourceIdentitySchemasResponse {
        GetResourceIdentitySchemasResponse {
            diagnostics: Diagnostics::new(),
        }
    }

    /// An error: with no identity schema, there is nothing to upgrade an identity to.
    pub(crate) fn upgrade_resource_identity(
        &self,
        request: UpgradeResourceIdentityRequest,
    ) -> UpgradeResourceIdentityResponse {
        let diagnostic = Diagnostic::error("Resource Identity Not Supported").with_detail(format!(
            "Terraform asked to upgrade a stored identity of the resource type {:?}, but this \
             provider declares no identity schema for any resource type.",
            request.type_name
        ));
        UpgradeResourceIdentityResponse {
            diagnostics: Diagnostics::from(diagnostic).for_terraform(None),
        }
    }

    /// A `moved` block from another resource type: the target type answers
    /// (`move_state.rs`), with the source's private state in its context.
    pub(crate) async fn move_resource_state(
        &self,
        request: MoveResourceStateRequest,
    ) -> MoveResourceStateResponse {
        let resources = &self.registry.resources;
        self.on_type(resources, "resource", request, |resource, request| {
            resource.move_state(self.context(request.source_private.clone()), request)
        })
        .await
    }

    /// An error: this provider does not announce `generate_resource_config`.
    pub(crate) fn generate_resource_config(
        &self,
        request: GenerateResourceConfigRequest,
    ) -> GenerateResourceConfigResponse {
        if !self.registry.resources.contains_key(&request.type_name) {
            return not_registered(request, "resource type");
        }
        let detail = format!(
            "Terraform called GenerateResourceConfig for the resource type {:?}, but this \
             provider does not generate configuration.",
            request.type_name
        );
        not_supported::<GenerateResourceConfigRequest>(
            "Generating resource configuration not supported by this provider",
            detail,
        )
    }

    /// Wakes every context's `stopping()`; operations that honour it end with an error.
    pub(crate) fn stop_provider(&self, _: StopProviderRequest) -> StopProviderResponse {
        tracing::info!("Terraform asked the provider to stop");
        self.stop.send_replace(true);
        StopProviderResponse {
            error: String::new(),
        }
    }
}

/// The answer to a request naming something no registration has: its
/// [`TypeRpc::if_unknown_type`] response with an error diagnostic, "Unknown `what`".
fn not_registered<Q: TypeRpc>(request: Q, what: &str) -> Q::Response {
    let diagnostic = Diagnostic::error(format!("Unknown {what}")).with_detail(format!(
        "This provider has no {what} {:?}.",
        request.type_name()
    ));
    let mut response = request.if_unknown_type();
    *response.diagnostics_mut() = Diagnostics::from(diagnostic).for_terraform(None);
    response
}

/// The answer to an RPC this provider does not serve: an empty response with one error
/// diagnostic, `summary` ("... not supported by this provider") and `detail` (which call,
/// about which type).
fn not_supported<Q: Rpc>(summary: &str, detail: String) -> Q::Response {
    let mut response = Q::Response::default();
    let diagnostic = Diagnostic::error(summary).with_detail(detail);
    *response.diagnostics_mut() = Diagnostics::from(diagnostic).for_terraform(None);
    response
}

fn panic_message(payload: Box<dyn Any + Send>) -> String {
    match payload.downcast::<String>() {
        Ok(text) => *text,
        Err(payload) => match payload.downcast::<&'static str>() {
            Ok(text) => (*text).to_owned(),
            Err(_) => "a panic without a message".to_owned(),
        },
    }
}

impl<D> Registered for dyn ErasedResource<D> {
    fn schema(&self) -> &'static Schema {
        ErasedResource::schema(self)
    }
}

impl<D> Registered for dyn ErasedDataSource<D> {
    fn schema(&self) -> &'static Schema {
        ErasedDataSource::schema(self)
    }
}
