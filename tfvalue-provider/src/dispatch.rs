//! Every RPC on protocol-neutral types: the provider's own RPCs answered here, the others
//! dispatched by type name to the registered resources and data sources (`handler.rs`).
//!
//! [`Dispatch::guarded`] runs an RPC's work as a task of its own, so a provider method that
//! panics fails only its RPC, with an error diagnostic carrying the panic message; the
//! process and every other RPC go on. [`Dispatch::on_type`] is the one place that looks a
//! type name up, answers a name no type has, and cuts the diagnostics' paths with the
//! schema of the type that answered.

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
    ConfigureProviderResponse, GetMetadataRequest, GetMetadataResponse, GetProviderSchemaRequest,
    GetProviderSchemaResponse, ImportResourceStateRequest, ImportResourceStateResponse,
    PlanResourceChangeRequest, PlanResourceChangeResponse, ReadDataSourceRequest,
    ReadDataSourceResponse, ReadResourceRequest, ReadResourceResponse, Rpc, ServerCapabilities,
    StopProviderRequest, StopProviderResponse, TypeRpc, UpgradeResourceStateRequest,
    UpgradeResourceStateResponse, ValidateDataResourceConfigRequest,
    ValidateDataResourceConfigResponse, ValidateProviderConfigRequest,
    ValidateProviderConfigResponse, ValidateResourceConfigRequest, ValidateResourceConfigResponse,
};
use crate::provider::Provider;
use crate::registry::Registry;

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
        let mut registry = Registry::new();
        provider.register(&mut registry);
        let mut problems = std::mem::take(&mut registry.problems);
        if let Err(e) = P::Config::schema().validate() {
            problems.push(format!("provider configuration: invalid schema: {e}"));
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(Dispatch {
            provider,
            registry,
            data: RwLock::new(None),
            stop: watch::channel(false).0,
        })
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
            let diagnostic =
                Diagnostic::error(format!("Unknown {what} type")).with_detail(format!(
                    "This provider has no {what} type {:?}.",
                    request.type_name()
                ));
            let mut response = request.if_unknown_type();
            *response.diagnostics_mut() = Diagnostics::from(diagnostic).for_terraform(None);
            return response;
        };
        let mut response = call(found, request).await;
        let diagnostics = std::mem::take(response.diagnostics_mut());
        *response.diagnostics_mut() = diagnostics.for_terraform(Some(&found.schema().block));
        response
    }

    fn capabilities() -> ServerCapabilities {
        ServerCapabilities {
            plan_destroy: true,
            get_provider_schema_optional: false,
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
            provider_meta: None,
            server_capabilities: Self::capabilities(),
        }
    }

    pub(crate) fn get_metadata(&self, _: GetMetadataRequest) -> GetMetadataResponse {
        GetMetadataResponse {
            server_capabilities: Self::capabilities(),
            diagnostics: Diagnostics::new(),
            data_sources: self.registry.data_sources.keys().cloned().collect(),
            resources: self.registry.resources.keys().cloned().collect(),
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
            resource.read(self.context(request.private.clone()), request)
        })
        .await
    }

    pub(crate) async fn plan_resource_change(
        &self,
        request: PlanResourceChangeRequest,
    ) -> PlanResourceChangeResponse {
        let resources = &self.registry.resources;
        self.on_type(resources, "resource", request, |resource, request| {
            resource.plan(self.context(request.prior_private.clone()), request)
        })
        .await
    }

    pub(crate) async fn apply_resource_change(
        &self,
        request: ApplyResourceChangeRequest,
    ) -> ApplyResourceChangeResponse {
        let resources = &self.registry.resources;
        self.on_type(resources, "resource", request, |resource, request| {
            resource.apply(self.context(request.planned_private.clone()), request)
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
            source.read(self.context(Vec::new()), request)
        })
        .await
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
