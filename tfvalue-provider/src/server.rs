//! The `tfplugin6.Provider` gRPC service: every RPC Terraform calls, dispatched by type
//! name to the registered resources and data sources.

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
            provider,
            registry,
            data: RwLock::new(None),
            stop: watch::channel(false).0,
            schema: OnceLock::new(),
        })
    }

    pub(crate) fn context(&self, private: Vec<u8>) -> Context<P::Data> {
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
        Ok(Response::new(pb::get_metadata::Response {
            server_capabilities: Some(Self::capabilities()),
            diagnostics: Vec::new(),
            data_sources: self
                .registry
                .data_sources
                .keys()
                .map(|name| pb::get_metadata::DataSourceMetadata {
                    type_name: name.clone(),
                })
                .collect(),
            resources: self
                .registry
                .resources
                .keys()
                .map(|name| pb::get_metadata::ResourceMetadata {
                    type_name: name.clone(),
                })
                .collect(),
        }))
    }

    async fn get_provider_schema(
        &self,
        _: Request<pb::get_provider_schema::Request>,
    ) -> Rpc<pb::get_provider_schema::Response> {
        Ok(Response::new(self.schema_response()))
    }

    async fn validate_provider_config(
        &self,
        request: Request<pb::validate_provider_config::Request>,
    ) -> Rpc<pb::validate_provider_config::Response> {
        let config = request.into_inner().config;
        let diagnostics = validate_config::<P::Data, P::Config, _, _>(
            self.context(Vec::new()),
            config,
            |mut ctx, model| async move {
                let result = self.provider.validate(&mut ctx, &model).await;
                (ctx, result)
            },
        )
        .await;
        Ok(Response::new(pb::validate_provider_config::Response {
            diagnostics: diagnostics.to_proto(Some(P::Config::schema().object_type())),
        }))
    }

    async fn validate_resource_config(
        &self,
        request: Request<pb::validate_resource_config::Request>,
    ) -> Rpc<pb::validate_resource_config::Response> {
        let request = request.into_inner();
        let Some(resource) = self.registry.resources.get(&request.type_name) else {
            return Ok(Response::new(pb::validate_resource_config::Response {
                diagnostics: unknown_type("resource", &request.type_name),
            }));
        };
        let diagnostics = resource
            .validate(self.context(Vec::new()), request.config)
            .await;
        Ok(Response::new(pb::validate_resource_config::Response {
            diagnostics: diagnostics.to_proto(Some(resource.schema().object_type())),
        }))
    }

    async fn validate_data_resource_config(
        &self,
        request: Request<pb::validate_data_resource_config::Request>,
    ) -> Rpc<pb::validate_data_resource_config::Response> {
        let request = request.into_inner();
        let Some(source) = self.registry.data_sources.get(&request.type_name) else {
            return Ok(Response::new(pb::validate_data_resource_config::Response {
                diagnostics: unknown_type("data source", &request.type_name),
            }));
        };
        let diagnostics = source
            .validate(self.context(Vec::new()), request.config)
            .await;
        Ok(Response::new(pb::validate_data_resource_config::Response {
            diagnostics: diagnostics.to_proto(Some(source.schema().object_type())),
        }))
    }

    async fn upgrade_resource_state(
        &self,
        request: Request<pb::upgrade_resource_state::Request>,
    ) -> Rpc<pb::upgrade_resource_state::Response> {
        let request = request.into_inner();
        let Some(resource) = self.registry.resources.get(&request.type_name) else {
            return Ok(Response::new(pb::upgrade_resource_state::Response {
                upgraded_state: None,
                diagnostics: unknown_type("resource", &request.type_name),
            }));
        };
        Ok(Response::new(
            resource.upgrade(self.context(Vec::new()), request).await,
        ))
    }

    async fn configure_provider(
        &self,
        request: Request<pb::configure_provider::Request>,
    ) -> Rpc<pb::configure_provider::Response> {
        let request = request.into_inner();
        let ty = P::Config::schema().object_type();
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
        Ok(Response::new(pb::configure_provider::Response {
            diagnostics: diagnostics.to_proto(Some(ty)),
        }))
    }

    async fn read_resource(
        &self,
        request: Request<pb::read_resource::Request>,
    ) -> Rpc<pb::read_resource::Response> {
        let request = request.into_inner();
        let Some(resource) = self.registry.resources.get(&request.type_name) else {
            return Ok(Response::new(pb::read_resource::Response {
                new_state: request.current_state,
                diagnostics: unknown_type("resource", &request.type_name),
                private: request.private,
            }));
        };
        let ctx = self.context(request.private.clone());
        Ok(Response::new(resource.read(ctx, request).await))
    }

    async fn plan_resource_change(
        &self,
        request: Request<pb::plan_resource_change::Request>,
    ) -> Rpc<pb::plan_resource_change::Response> {
        let request = request.into_inner();
        let Some(resource) = self.registry.resources.get(&request.type_name) else {
            return Ok(Response::new(pb::plan_resource_change::Response {
                diagnostics: unknown_type("resource", &request.type_name),
                ..Default::default()
            }));
        };
        let ctx = self.context(request.prior_private.clone());
        Ok(Response::new(resource.plan(ctx, request).await))
    }

    async fn apply_resource_change(
        &self,
        request: Request<pb::apply_resource_change::Request>,
    ) -> Rpc<pb::apply_resource_change::Response> {
        let request = request.into_inner();
        let Some(resource) = self.registry.resources.get(&request.type_name) else {
            return Ok(Response::new(pb::apply_resource_change::Response {
                new_state: request.prior_state,
                diagnostics: unknown_type("resource", &request.type_name),
                ..Default::default()
            }));
        };
        let ctx = self.context(request.planned_private.clone());
        Ok(Response::new(resource.apply(ctx, request).await))
    }

    async fn import_resource_state(
        &self,
        request: Request<pb::import_resource_state::Request>,
    ) -> Rpc<pb::import_resource_state::Response> {
        let request = request.into_inner();
        let Some(resource) = self.registry.resources.get(&request.type_name) else {
            return Ok(Response::new(pb::import_resource_state::Response {
                imported_resources: Vec::new(),
                diagnostics: unknown_type("resource", &request.type_name),
            }));
        };
        Ok(Response::new(
            resource.import(self.context(Vec::new()), request).await,
        ))
    }

    async fn read_data_source(
        &self,
        request: Request<pb::read_data_source::Request>,
    ) -> Rpc<pb::read_data_source::Response> {
        let request = request.into_inner();
        let Some(source) = self.registry.data_sources.get(&request.type_name) else {
            return Ok(Response::new(pb::read_data_source::Response {
                state: None,
                diagnostics: unknown_type("data source", &request.type_name),
            }));
        };
        Ok(Response::new(
            source.read(self.context(Vec::new()), request).await,
        ))
    }

    async fn stop_provider(
        &self,
        _: Request<pb::stop_provider::Request>,
    ) -> Rpc<pb::stop_provider::Response> {
        tracing::info!("Terraform asked the provider to stop");
        self.stop.send_replace(true);
        Ok(Response::new(pb::stop_provider::Response {
            error: String::new(),
        }))
    }
}
