//! The `tfplugin6.Provider` gRPC service: every RPC Terraform calls, dispatched by type
//! name to the registered resources and data sources.
//!
//! Each RPC's work runs as a task of its own, so a provider method that panics fails only
//! its RPC, with an error diagnostic carrying the panic message; the process and every
//! other RPC go on.

use std::any::Any;
use std::future::Future;
use std::sync::{Arc, OnceLock, PoisonError, RwLock};

use tfvalue::TfSchema;
use tokio::sync::watch;
use tonic::{Request, Response, Status};

use crate::context::Context;
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::handler::validate_config;
use crate::proto::tfplugin6 as pb;
use crate::provider::Provider;
use crate::registry::Registry;
use crate::schema_proto;

/// The provider as a gRPC service.
pub(crate) struct ProviderService<P: Provider> {
    shared: Arc<Shared<P>>,
}

/// What every RPC's task shares.
struct Shared<P: Provider> {
    provider: P,
    registry: Registry<P::Data>,
    data: RwLock<Option<Arc<P::Data>>>,
    stop: watch::Sender<bool>,
    schema: OnceLock<pb::get_provider_schema::Response>,
}

type Rpc<T> = Result<Response<T>, Status>;

impl<P: Provider> ProviderService<P> {
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
        Ok(ProviderService {
            shared: Arc::new(Shared {
                provider,
                registry,
                data: RwLock::new(None),
                stop: watch::channel(false).0,
                schema: OnceLock::new(),
            }),
        })
    }

    #[cfg(test)]
    pub(crate) fn context(&self, private: Vec<u8>) -> Context<P::Data> {
        self.shared.context(private)
    }

    /// Runs `work` on the shared state as a task of its own; a panic in it becomes the
    /// response `on_panic` builds from an error diagnostic.
    async fn guarded<T, F, Fut>(
        &self,
        rpc: &'static str,
        work: F,
        on_panic: fn(Vec<pb::Diagnostic>) -> T,
    ) -> Rpc<T>
    where
        T: Send + 'static,
        F: FnOnce(Arc<Shared<P>>) -> Fut,
        Fut: Future<Output = T> + Send + 'static,
    {
        tracing::debug!(rpc, "request");
        let task = tokio::spawn(work(self.shared.clone()));
        match task.await {
            Ok(response) => Ok(Response::new(response)),
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
                Ok(Response::new(on_panic(
                    Diagnostics::from(diagnostic).to_proto(None),
                )))
            }
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

impl<P: Provider> Shared<P> {
    fn context(&self, private: Vec<u8>) -> Context<P::Data> {
        let data = self
            .data
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        Context::new(data, private, self.stop.subscribe())
    }

    fn capabilities() -> pb::ServerCapabilities {
        pb::ServerCapabilities {
            plan_destroy: true,
            get_provider_schema_optional: false,
        }
    }

    fn schema_response(&self) -> pb::get_provider_schema::Response {
        self.schema
            .get_or_init(|| pb::get_provider_schema::Response {
                provider: Some(schema_proto::schema(P::Config::schema())),
                resource_schemas: self
                    .registry
                    .resources
                    .iter()
                    .map(|(name, r)| (name.clone(), schema_proto::schema(r.schema())))
                    .collect(),
                data_source_schemas: self
                    .registry
                    .data_sources
                    .iter()
                    .map(|(name, d)| (name.clone(), schema_proto::schema(d.schema())))
                    .collect(),
                diagnostics: Vec::new(),
                provider_meta: None,
                server_capabilities: Some(Self::capabilities()),
            })
            .clone()
    }

    fn metadata(&self) -> pb::get_metadata::Response {
        pb::get_metadata::Response {
            server_capabilities: Some(Self::capabilities()),
            diagnostics: Vec::new(),
            data_sources: (self.registry.data_sources.keys())
                .map(|name| pb::get_metadata::DataSourceMetadata {
                    type_name: name.clone(),
                })
                .collect(),
            resources: (self.registry.resources.keys())
                .map(|name| pb::get_metadata::ResourceMetadata {
                    type_name: name.clone(),
                })
                .collect(),
        }
    }

    async fn configure(
        &self,
        request: pb::configure_provider::Request,
    ) -> pb::configure_provider::Response {
        let mut ctx = self.context(Vec::new());
        let mut diagnostics = Diagnostics::new();
        match crate::handler::decode_model::<P::Config>(request.config.as_ref()) {
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
        pb::configure_provider::Response {
            diagnostics: diagnostics.to_proto(Some(&P::Config::schema().block)),
        }
    }
}

fn unknown_type(what: &str, name: &str) -> Vec<pb::Diagnostic> {
    Diagnostics::from(
        Diagnostic::error(format!("Unknown {what} type"))
            .with_detail(format!("This provider has no {what} type {name:?}.")),
    )
    .to_proto(None)
}

#[tonic::async_trait]
impl<P: Provider> pb::provider_server::Provider for ProviderService<P> {
    async fn get_metadata(
        &self,
        _: Request<pb::get_metadata::Request>,
    ) -> Rpc<pb::get_metadata::Response> {
        Ok(Response::new(self.shared.metadata()))
    }

    async fn get_provider_schema(
        &self,
        _: Request<pb::get_provider_schema::Request>,
    ) -> Rpc<pb::get_provider_schema::Response> {
        Ok(Response::new(self.shared.schema_response()))
    }

    async fn validate_provider_config(
        &self,
        request: Request<pb::validate_provider_config::Request>,
    ) -> Rpc<pb::validate_provider_config::Response> {
        let config = request.into_inner().config;
        self.guarded(
            "ValidateProviderConfig",
            |shared| async move {
                let ctx = shared.context(Vec::new());
                let provider = &shared.provider;
                let diagnostics = validate_config::<P::Data, P::Config, _, _>(
                    ctx,
                    config,
                    |mut ctx, model| async move {
                        let result = provider.validate(&mut ctx, &model).await;
                        (ctx, result)
                    },
                )
                .await;
                pb::validate_provider_config::Response {
                    diagnostics: diagnostics.to_proto(Some(&P::Config::schema().block)),
                }
            },
            |diagnostics| pb::validate_provider_config::Response { diagnostics },
        )
        .await
    }

    async fn validate_resource_config(
        &self,
        request: Request<pb::validate_resource_config::Request>,
    ) -> Rpc<pb::validate_resource_config::Response> {
        let request = request.into_inner();
        self.guarded(
            "ValidateResourceConfig",
            |shared| async move {
                let Some(resource) = shared.registry.resources.get(&request.type_name) else {
                    return pb::validate_resource_config::Response {
                        diagnostics: unknown_type("resource", &request.type_name),
                    };
                };
                let diagnostics = resource
                    .validate(shared.context(Vec::new()), request.config)
                    .await;
                pb::validate_resource_config::Response {
                    diagnostics: diagnostics.to_proto(Some(&resource.schema().block)),
                }
            },
            |diagnostics| pb::validate_resource_config::Response { diagnostics },
        )
        .await
    }

    async fn validate_data_resource_config(
        &self,
        request: Request<pb::validate_data_resource_config::Request>,
    ) -> Rpc<pb::validate_data_resource_config::Response> {
        let request = request.into_inner();
        self.guarded(
            "ValidateDataResourceConfig",
            |shared| async move {
                let Some(source) = shared.registry.data_sources.get(&request.type_name) else {
                    return pb::validate_data_resource_config::Response {
                        diagnostics: unknown_type("data source", &request.type_name),
                    };
                };
                let diagnostics = source
                    .validate(shared.context(Vec::new()), request.config)
                    .await;
                pb::validate_data_resource_config::Response {
                    diagnostics: diagnostics.to_proto(Some(&source.schema().block)),
                }
            },
            |diagnostics| pb::validate_data_resource_config::Response { diagnostics },
        )
        .await
    }

    async fn upgrade_resource_state(
        &self,
        request: Request<pb::upgrade_resource_state::Request>,
    ) -> Rpc<pb::upgrade_resource_state::Response> {
        let request = request.into_inner();
        self.guarded(
            "UpgradeResourceState",
            |shared| async move {
                let Some(resource) = shared.registry.resources.get(&request.type_name) else {
                    return pb::upgrade_resource_state::Response {
                        upgraded_state: None,
                        diagnostics: unknown_type("resource", &request.type_name),
                    };
                };
                resource.upgrade(shared.context(Vec::new()), request).await
            },
            |diagnostics| pb::upgrade_resource_state::Response {
                upgraded_state: None,
                diagnostics,
            },
        )
        .await
    }

    async fn configure_provider(
        &self,
        request: Request<pb::configure_provider::Request>,
    ) -> Rpc<pb::configure_provider::Response> {
        let request = request.into_inner();
        self.guarded(
            "ConfigureProvider",
            |shared| async move { shared.configure(request).await },
            |diagnostics| pb::configure_provider::Response { diagnostics },
        )
        .await
    }

    async fn read_resource(
        &self,
        request: Request<pb::read_resource::Request>,
    ) -> Rpc<pb::read_resource::Response> {
        let request = request.into_inner();
        self.guarded(
            "ReadResource",
            |shared| async move {
                let Some(resource) = shared.registry.resources.get(&request.type_name) else {
                    return pb::read_resource::Response {
                        new_state: request.current_state,
                        diagnostics: unknown_type("resource", &request.type_name),
                        private: request.private,
                    };
                };
                let ctx = shared.context(request.private.clone());
                resource.read(ctx, request).await
            },
            |diagnostics| pb::read_resource::Response {
                diagnostics,
                ..Default::default()
            },
        )
        .await
    }

    async fn plan_resource_change(
        &self,
        request: Request<pb::plan_resource_change::Request>,
    ) -> Rpc<pb::plan_resource_change::Response> {
        let request = request.into_inner();
        self.guarded(
            "PlanResourceChange",
            |shared| async move {
                let Some(resource) = shared.registry.resources.get(&request.type_name) else {
                    return pb::plan_resource_change::Response {
                        diagnostics: unknown_type("resource", &request.type_name),
                        ..Default::default()
                    };
                };
                let ctx = shared.context(request.prior_private.clone());
                resource.plan(ctx, request).await
            },
            |diagnostics| pb::plan_resource_change::Response {
                diagnostics,
                ..Default::default()
            },
        )
        .await
    }

    async fn apply_resource_change(
        &self,
        request: Request<pb::apply_resource_change::Request>,
    ) -> Rpc<pb::apply_resource_change::Response> {
        let request = request.into_inner();
        // If the method panics, the object is as it was before: answer with the prior state.
        let prior = request.prior_state.clone();
        let work = |shared: Arc<Shared<P>>| async move {
            let Some(resource) = shared.registry.resources.get(&request.type_name) else {
                return pb::apply_resource_change::Response {
                    new_state: request.prior_state,
                    diagnostics: unknown_type("resource", &request.type_name),
                    ..Default::default()
                };
            };
            let ctx = shared.context(request.planned_private.clone());
            resource.apply(ctx, request).await
        };
        let mut response = self
            .guarded("ApplyResourceChange", work, |diagnostics| {
                pb::apply_resource_change::Response {
                    diagnostics,
                    ..Default::default()
                }
            })
            .await?;
        if response.get_ref().new_state.is_none() {
            response.get_mut().new_state = prior;
        }
        Ok(response)
    }

    async fn import_resource_state(
        &self,
        request: Request<pb::import_resource_state::Request>,
    ) -> Rpc<pb::import_resource_state::Response> {
        let request = request.into_inner();
        self.guarded(
            "ImportResourceState",
            |shared| async move {
                let Some(resource) = shared.registry.resources.get(&request.type_name) else {
                    return pb::import_resource_state::Response {
                        imported_resources: Vec::new(),
                        diagnostics: unknown_type("resource", &request.type_name),
                    };
                };
                resource.import(shared.context(Vec::new()), request).await
            },
            |diagnostics| pb::import_resource_state::Response {
                imported_resources: Vec::new(),
                diagnostics,
            },
        )
        .await
    }

    async fn read_data_source(
        &self,
        request: Request<pb::read_data_source::Request>,
    ) -> Rpc<pb::read_data_source::Response> {
        let request = request.into_inner();
        self.guarded(
            "ReadDataSource",
            |shared| async move {
                let Some(source) = shared.registry.data_sources.get(&request.type_name) else {
                    return pb::read_data_source::Response {
                        state: None,
                        diagnostics: unknown_type("data source", &request.type_name),
                    };
                };
                source.read(shared.context(Vec::new()), request).await
            },
            |diagnostics| pb::read_data_source::Response {
                state: None,
                diagnostics,
            },
        )
        .await
    }

    async fn stop_provider(
        &self,
        _: Request<pb::stop_provider::Request>,
    ) -> Rpc<pb::stop_provider::Response> {
        tracing::info!("Terraform asked the provider to stop");
        self.shared.stop.send_replace(true);
        Ok(Response::new(pb::stop_provider::Response {
            error: String::new(),
        }))
    }
}
