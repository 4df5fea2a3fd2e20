//! Every RPC on protocol-neutral types: the provider's own RPCs answered here, the others
//! dispatched by type name to the registered resources and data sources (`resource.rs`).
//!
//! [`Dispatch::guarded`] runs an RPC's work as a task of its own, so a provider method that
//! panics fails only its RPC, with an error diagnostic carrying the panic message; the
//! process and every other RPC go on. [`Dispatch::on_type`] is the one place that looks a
//! type name up, answers a name no type has, and cuts the diagnostics' paths with the
//! schema of the type that answered.
//!
//! Resource identities are added to the resource RPCs' answers, and checked, by
//! `dispatch/identity.rs`. The RPCs of ephemeral resources are answered in
//! `dispatch/ephemeral.rs`, those of functions in `dispatch/functions.rs`, those of list
//! resources in `dispatch/list.rs`, those of actions in `dispatch/actions.rs`; those of
//! state stores, which this provider does not serve, in `dispatch/unsupported.rs`.

use std::collections::BTreeMap;
use std::future::Future;
use std::sync::{Arc, PoisonError, RwLock};
use std::time::Instant;

use tfvalue::schema::Schema;
use tfvalue::TfSchema;
use tokio::sync::watch;
use tracing::Instrument as _;

use crate::author::context::Context;
use crate::author::diagnostics::{Diagnostic, Diagnostics};
use crate::author::provider::Provider;
use crate::author::provider_meta::ProviderMeta;
use crate::author::requests::{ConfigureRequest, ValidateRequest};
use crate::author::stop::StopToken;
use crate::engine::call::{finish, panic_message, validate_config, BoxFuture};
use crate::engine::generate_config::config_from_state;
use crate::engine::registry::Registrations;
use crate::engine::resource::{ErasedDataSource, ErasedResource};
use crate::logging::rpc::{self as rpc_log, Payloads};
use crate::protocol::codec::{decode_model, decode_value, is_null_value};
use crate::protocol::messages::{
    Answer, ApplyResourceChangeRequest, ApplyResourceChangeResponse, ConfigureProviderRequest,
    ConfigureProviderResponse, DynamicValue, GenerateResourceConfigRequest,
    GenerateResourceConfigResponse, GetMetadataRequest, GetMetadataResponse,
    GetProviderSchemaRequest, GetProviderSchemaResponse, GetResourceIdentitySchemasRequest,
    GetResourceIdentitySchemasResponse, ImportResourceStateRequest, ImportResourceStateResponse,
    ImportedResource, MoveResourceStateRequest, MoveResourceStateResponse,
    PlanResourceChangeRequest, PlanResourceChangeResponse, ReadDataSourceRequest,
    ReadDataSourceResponse, ReadResourceRequest, ReadResourceResponse, Rpc, ServerCapabilities,
    StopProviderRequest, StopProviderResponse, TypeRpc, UpgradeResourceIdentityRequest,
    UpgradeResourceIdentityResponse, UpgradeResourceStateRequest, UpgradeResourceStateResponse,
    ValidateDataResourceConfigRequest, ValidateDataResourceConfigResponse,
    ValidateProviderConfigRequest, ValidateProviderConfigResponse, ValidateResourceConfigRequest,
    ValidateResourceConfigResponse,
};

mod actions;
mod ephemeral;
mod functions;
mod identity;
mod list;
mod unsupported;

/// The provider, its registered types and what every RPC's task shares.
pub(crate) struct Dispatch<P: Provider> {
    provider: P,
    registry: Registrations<P::Data>,
    data: RwLock<Option<Arc<P::Data>>>,
    stop: watch::Sender<bool>,
    /// What is wrong with the provider's registrations: when there is anything, every RPC
    /// is answered with it as an error, so that Terraform shows it to the user.
    problems: Vec<String>,
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
    pub(crate) fn new(provider: P) -> Result<Self, (P, Vec<String>)> {
        let registry = match Registrations::checked(&provider) {
            Ok(registry) => registry,
            Err(problems) => return Err((provider, problems)),
        };
        Ok(Dispatch {
            provider,
            registry,
            data: RwLock::new(None),
            stop: watch::channel(false).0,
            problems: Vec::new(),
        })
    }

    /// A dispatch that serves none of `provider`'s types and answers every RPC with
    /// `problems`, the mistakes in its registrations: a provider that exited at start
    /// would leave Terraform only "Unrecognized remote plugin message" to show.
    pub(crate) fn refusing(provider: P, problems: Vec<String>) -> Self {
        Dispatch {
            provider,
            registry: Registrations::new(),
            data: RwLock::new(None),
            stop: watch::channel(false).0,
            problems,
        }
    }

    /// The error every RPC of a refusing dispatch answers (none when the registrations are
    /// right).
    fn refusal(&self) -> Option<Diagnostics> {
        if self.problems.is_empty() {
            return None;
        }
        let mut detail = String::from(
            "The provider cannot serve: its types are declared wrongly. This is a bug in the \
             provider; tell its authors:",
        );
        for problem in &self.problems {
            detail.push_str("\n  - ");
            detail.push_str(problem);
        }
        Some(
            Diagnostic::error("Invalid provider registrations")
                .with_detail(detail)
                .into(),
        )
    }

    /// The provider's registered types.
    pub(crate) fn registry(&self) -> &Registrations<P::Data> {
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
        Context::for_request(
            data,
            private,
            StopToken::from_receiver(self.stop.subscribe()),
        )
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
        if let Some(refusal) = self.refusal() {
            let mut refused = request.if_failed();
            *refused.diagnostics_mut() = refusal;
            return refused;
        }
        // Every line logged for this call, in this task and in the work's, is in its
        // span; none is entered across an await.
        let span = rpc_log::rpc_span(rpc, request.subject());
        let started = Instant::now();
        span.in_scope(rpc_log::received);
        let mut failed = request.if_failed();
        let task = tokio::spawn(work(self.clone(), request).instrument(span.clone()));
        let mut response = match task.await {
            Ok(response) => response,
            Err(error) => {
                let detail = if error.is_panic() {
                    let message = panic_message(error.into_panic());
                    span.in_scope(|| {
                        tracing::error!(rpc, panic = %message, "a provider method panicked");
                    });
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
        };
        span.in_scope(|| rpc_log::served(started, response.diagnostics_mut()));
        response
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
        Q: TypeRpc + Payloads,
        Q::Response: Payloads,
    {
        let Some(found) = types.get(request.type_name()) else {
            return not_registered(request, &format!("{what} type"));
        };
        let schema = found.schema();
        let trace_values = rpc_log::payloads_enabled();
        if trace_values {
            rpc_log::log_payloads("Request", schema, &request.payloads());
        }
        let mut response = call(found, request).await;
        if trace_values {
            rpc_log::log_payloads("Response", schema, &response.payloads());
        }
        let diagnostics = std::mem::take(response.diagnostics_mut());
        *response.diagnostics_mut() = diagnostics.for_terraform(Some(&schema.block));
        response
    }

    /// The `provider_meta` values a request carries, for its context.
    fn provider_meta(&self, value: Option<&DynamicValue>) -> ProviderMeta {
        let (msgpack, json) = value
            .map(|v| (v.msgpack.clone(), v.json.clone()))
            .unwrap_or_default();
        ProviderMeta::new(self.registry.provider_meta, msgpack, json)
    }

    /// Nothing here depends on `GetProviderSchema` having been called (the registry and
    /// the schemas exist from the start), so Terraform may use a schema it cached.
    /// `MoveResourceState` is answered by [`Dispatch::move_resource_state`],
    /// `GenerateResourceConfig` by [`Dispatch::generate_resource_config`].
    fn capabilities() -> ServerCapabilities {
        ServerCapabilities {
            plan_destroy: true,
            get_provider_schema_optional: true,
            move_resource_state: true,
            generate_resource_config: true,
        }
    }

    pub(crate) fn get_provider_schema(
        &self,
        _: GetProviderSchemaRequest,
    ) -> GetProviderSchemaResponse {
        if let Some(diagnostics) = self.refusal() {
            return GetProviderSchemaResponse {
                diagnostics,
                ..GetProviderSchemaResponse::default()
            };
        }
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
            list_resource_schemas: (self.registry.lists.iter())
                .map(|(name, l)| (name.clone(), l.schema()))
                .collect(),
            state_store_schemas: BTreeMap::new(),
            action_schemas: (self.registry.actions.iter())
                .map(|(name, a)| (name.clone(), a.schema()))
                .collect(),
        }
    }

    pub(crate) fn get_metadata(&self, _: GetMetadataRequest) -> GetMetadataResponse {
        if let Some(diagnostics) = self.refusal() {
            return GetMetadataResponse {
                diagnostics,
                ..GetMetadataResponse::default()
            };
        }
        GetMetadataResponse {
            server_capabilities: Self::capabilities(),
            diagnostics: Diagnostics::new(),
            data_sources: self.registry.data_sources.keys().cloned().collect(),
            resources: self.registry.resources.keys().cloned().collect(),
            functions: self.registry.functions.keys().cloned().collect(),
            ephemeral_resources: self.registry.ephemeral_resources.keys().cloned().collect(),
            list_resources: self.registry.lists.keys().cloned().collect(),
            state_stores: Vec::new(),
            actions: self.registry.actions.keys().cloned().collect(),
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
                let result = provider
                    .validate(&mut ctx, ValidateRequest::new(model))
                    .await;
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
                    .configure(
                        &mut ctx,
                        ConfigureRequest::new(config, request.terraform_version.clone()),
                    )
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
        let identity = self.registry.identities.get(&request.type_name);
        self.on_type(resources, "resource", request, |resource, request| {
            Box::pin(async move {
                let (current_state, current) = (
                    request.current_state.clone(),
                    request.current_identity.clone(),
                );
                let type_name = request.type_name.clone();
                let ctx = self
                    .context(request.private.clone())
                    .with_provider_meta(self.provider_meta(request.provider_meta.as_ref()));
                let mut response = resource.read(ctx, request).await;
                if let Some(identity) = identity {
                    let ctx = self.context(Vec::new());
                    identity::after_read(
                        &**identity,
                        &ctx,
                        &type_name,
                        current_state,
                        current,
                        &mut response,
                    );
                }
                response
            })
        })
        .await
    }

    pub(crate) async fn plan_resource_change(
        &self,
        request: PlanResourceChangeRequest,
    ) -> PlanResourceChangeResponse {
        let resources = &self.registry.resources;
        let identity = self.registry.identities.get(&request.type_name);
        self.on_type(resources, "resource", request, |resource, request| {
            Box::pin(async move {
                let prior_exists = !is_null_value(request.prior_state.as_ref());
                let prior = request.prior_identity.clone();
                let type_name = request.type_name.clone();
                let ctx = self
                    .context(request.prior_private.clone())
                    .with_provider_meta(self.provider_meta(request.provider_meta.as_ref()));
                let mut response = resource.plan(ctx, request).await;
                if let Some(identity) = identity {
                    let ctx = self.context(Vec::new());
                    identity::after_plan(
                        &**identity,
                        &ctx,
                        &type_name,
                        prior_exists,
                        prior,
                        &mut response,
                    );
                }
                response
            })
        })
        .await
    }

    pub(crate) async fn apply_resource_change(
        &self,
        request: ApplyResourceChangeRequest,
    ) -> ApplyResourceChangeResponse {
        let resources = &self.registry.resources;
        let identity = self.registry.identities.get(&request.type_name);
        self.on_type(resources, "resource", request, |resource, request| {
            Box::pin(async move {
                let planned = request.planned_identity.clone();
                let type_name = request.type_name.clone();
                let ctx = self
                    .context(request.planned_private.clone())
                    .with_provider_meta(self.provider_meta(request.provider_meta.as_ref()));
                let mut response = resource.apply(ctx, request).await;
                if let Some(identity) = identity {
                    let ctx = self.context(Vec::new());
                    identity::after_apply(&**identity, &ctx, &type_name, planned, &mut response);
                }
                response
            })
        })
        .await
    }

    pub(crate) async fn import_resource_state(
        &self,
        request: ImportResourceStateRequest,
    ) -> ImportResourceStateResponse {
        let resources = &self.registry.resources;
        let identity = self.registry.identities.get(&request.type_name);
        self.on_type(resources, "resource", request, |resource, request| {
            Box::pin(async move {
                let Some(requested) = request.identity.clone() else {
                    let mut response = resource.import(self.context(Vec::new()), request).await;
                    if let Some(identity) = identity {
                        let ctx = self.context(Vec::new());
                        identity::after_import_by_id(&**identity, &ctx, &mut response);
                    }
                    return response;
                };
                let Some(identity) = identity else {
                    return ImportResourceStateResponse {
                        imported_resources: Vec::new(),
                        diagnostics: Diagnostic::error("Resource Identity Not Supported")
                            .with_detail(format!(
                                "The resource type {:?} has no identity to import by; import \
                                 it by id instead.",
                                request.type_name
                            ))
                            .into(),
                    };
                };
                let (ctx, result) = identity.import(self.context(Vec::new()), &requested).await;
                let check = self.context(Vec::new());
                let result = result.and_then(|state| {
                    let found =
                        identity::imported_identity(&**identity, &check, &requested, &state)?;
                    Ok((state, found))
                });
                let (outcome, diagnostics, private) = finish(ctx, result);
                ImportResourceStateResponse {
                    imported_resources: (outcome.into_iter())
                        .map(|(state, found)| ImportedResource {
                            type_name: request.type_name.clone(),
                            state: Some(state),
                            private: private.clone(),
                            identity: Some(found),
                        })
                        .collect(),
                    diagnostics,
                }
            })
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

    /// The identity schema of each resource type that has an identity.
    pub(crate) fn get_resource_identity_schemas(
        &self,
        _: GetResourceIdentitySchemasRequest,
    ) -> GetResourceIdentitySchemasResponse {
        GetResourceIdentitySchemasResponse {
            identity_schemas: (self.registry.identities.iter())
                .map(|(name, identity)| (name.clone(), identity.schema()))
                .collect(),
            diagnostics: Diagnostics::new(),
        }
    }

    /// A stored identity as the current identity: read as it is when stored with the
    /// current identity version, else through the type's identity upgrades.
    pub(crate) fn upgrade_resource_identity(
        &self,
        request: UpgradeResourceIdentityRequest,
    ) -> UpgradeResourceIdentityResponse {
        let Some(identity) = self.registry.identities.get(&request.type_name) else {
            let what = if self.registry.resources.contains_key(&request.type_name) {
                "resource type with an identity"
            } else {
                "resource type"
            };
            return not_registered(request, what);
        };
        let json = (request.raw_identity.as_ref()).map_or(&[][..], |raw| raw.json.as_slice());
        let result = if json.is_empty() {
            Err(Diagnostic::error("Unsupported identity format")
                .with_detail("Terraform sent no stored identity (JSON) to upgrade.")
                .into())
        } else {
            identity.upgrade(request.version, json)
        };
        match result {
            Ok(upgraded) => UpgradeResourceIdentityResponse {
                upgraded_identity: Some(upgraded),
                diagnostics: Diagnostics::new(),
            },
            Err(diagnostics) => UpgradeResourceIdentityResponse {
                upgraded_identity: None,
                diagnostics: diagnostics.for_terraform(None),
            },
        }
    }

    /// A `moved` block from another resource type: the target type answers
    /// (`move_state.rs`), with the source's private state in its context.
    pub(crate) async fn move_resource_state(
        &self,
        request: MoveResourceStateRequest,
    ) -> MoveResourceStateResponse {
        let resources = &self.registry.resources;
        let identity = self.registry.identities.get(&request.target_type_name);
        self.on_type(resources, "resource", request, |resource, request| {
            Box::pin(async move {
                let ctx = self.context(request.source_private.clone());
                let mut response = resource.move_state(ctx, request).await;
                if let Some(identity) = identity {
                    identity::after_move(&**identity, &self.context(Vec::new()), &mut response);
                }
                response
            })
        })
        .await
    }

    /// The configuration for an imported or listed object's state (`generate_config.rs`).
    pub(crate) fn generate_resource_config(
        &self,
        request: GenerateResourceConfigRequest,
    ) -> GenerateResourceConfigResponse {
        let Some(resource) = self.registry.resources.get(&request.type_name) else {
            return not_registered(request, "resource type");
        };
        let schema = resource.schema();
        let ty = schema.object_type();
        let config = decode_value(request.state.as_ref(), ty)
            .map(|state| config_from_state(&schema.block, state))
            .and_then(|config| config.to_msgpack(ty));
        match config {
            Ok(bytes) => GenerateResourceConfigResponse {
                config: Some(DynamicValue::msgpack(bytes)),
                diagnostics: Diagnostics::new(),
            },
            Err(e) => GenerateResourceConfigResponse {
                config: None,
                diagnostics: Diagnostics::from_value_error("Invalid state", &e)
                    .for_terraform(Some(&schema.block)),
            },
        }
    }

    /// Stops every context's [`StopToken`]: work run through [`StopToken::run`] is dropped and
    /// ends with an error.
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
