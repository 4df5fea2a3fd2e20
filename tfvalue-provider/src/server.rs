//! The `tfplugin6.Provider` gRPC service. Each RPC converts its request into the
//! protocol-neutral type (`convert/from_proto.rs`), hands it to the dispatch
//! (`dispatch.rs`), and converts the answer back (`convert/to_proto.rs`); nothing else
//! happens here.

use std::future::Future;
use std::sync::{Arc, OnceLock};

use tonic::{Request, Response, Status};

#[cfg(test)]
use crate::context::Context;
use crate::dispatch::Dispatch;
use crate::messages::Rpc;
use crate::proto::tfplugin6 as pb;
use crate::provider::Provider;

/// The provider as a gRPC service.
pub(crate) struct ProviderService<P: Provider> {
    dispatch: Arc<Dispatch<P>>,
    /// The schema response, converted once: it is the same for the process's whole life.
    schema: OnceLock<pb::get_provider_schema::Response>,
}

type Reply<T> = Result<Response<T>, Status>;

impl<P: Provider> ProviderService<P> {
    /// Registers the provider's types and checks them.
    ///
    /// # Errors
    /// Every problem found in the registrations and schemas, one line each.
    pub(crate) fn new(provider: P) -> Result<Self, Vec<String>> {
        Ok(ProviderService {
            dispatch: Arc::new(Dispatch::new(provider)?),
            schema: OnceLock::new(),
        })
    }

    #[cfg(test)]
    pub(crate) fn context(&self, private: Vec<u8>) -> Context<P::Data> {
        self.dispatch.context(private)
    }

    /// One RPC that does the provider's work: converted in, run as a task of its own by
    /// `work`, converted out.
    async fn call<W, Q, R, F, Fut>(&self, request: Request<W>, work: F) -> Reply<R>
    where
        Q: Rpc + From<W>,
        R: From<Q::Response>,
        F: FnOnce(Arc<Dispatch<P>>, Q) -> Fut,
        Fut: Future<Output = Q::Response> + Send + 'static,
    {
        let request = Q::from(request.into_inner());
        let response = self.dispatch.guarded(request, work).await;
        Ok(Response::new(R::from(response)))
    }
}

#[tonic::async_trait]
impl<P: Provider> pb::provider_server::Provider for ProviderService<P> {
    async fn get_metadata(
        &self,
        request: Request<pb::get_metadata::Request>,
    ) -> Reply<pb::get_metadata::Response> {
        let request = request.into_inner().into();
        Ok(Response::new(self.dispatch.get_metadata(request).into()))
    }

    async fn get_provider_schema(
        &self,
        request: Request<pb::get_provider_schema::Request>,
    ) -> Reply<pb::get_provider_schema::Response> {
        let request = request.into_inner().into();
        let schema = self
            .schema
            .get_or_init(|| self.dispatch.get_provider_schema(request).into());
        Ok(Response::new(schema.clone()))
    }

    async fn validate_provider_config(
        &self,
        request: Request<pb::validate_provider_config::Request>,
    ) -> Reply<pb::validate_provider_config::Response> {
        self.call(request, |d, r| async move {
            d.validate_provider_config(r).await
        })
        .await
    }

    async fn validate_resource_config(
        &self,
        request: Request<pb::validate_resource_config::Request>,
    ) -> Reply<pb::validate_resource_config::Response> {
        self.call(request, |d, r| async move {
            d.validate_resource_config(r).await
        })
        .await
    }

    async fn validate_data_resource_config(
        &self,
        request: Request<pb::validate_data_resource_config::Request>,
    ) -> Reply<pb::validate_data_resource_config::Response> {
        self.call(request, |d, r| async move {
            d.validate_data_resource_config(r).await
        })
        .await
    }

    async fn upgrade_resource_state(
        &self,
        request: Request<pb::upgrade_resource_state::Request>,
    ) -> Reply<pb::upgrade_resource_state::Response> {
        self.call(
            request,
            |d, r| async move { d.upgrade_resource_state(r).await },
        )
        .await
    }

    async fn configure_provider(
        &self,
        request: Request<pb::configure_provider::Request>,
    ) -> Reply<pb::configure_provider::Response> {
        self.call(request, |d, r| async move { d.configure_provider(r).await })
            .await
    }

    async fn read_resource(
        &self,
        request: Request<pb::read_resource::Request>,
    ) -> Reply<pb::read_resource::Response> {
        self.call(request, |d, r| async move { d.read_resource(r).await })
            .await
    }

    async fn plan_resource_change(
        &self,
        request: Request<pb::plan_resource_change::Request>,
    ) -> Reply<pb::plan_resource_change::Response> {
        self.call(
            request,
            |d, r| async move { d.plan_resource_change(r).await },
        )
        .await
    }

    async fn apply_resource_change(
        &self,
        request: Request<pb::apply_resource_change::Request>,
    ) -> Reply<pb::apply_resource_change::Response> {
        self.call(
            request,
            |d, r| async move { d.apply_resource_change(r).await },
        )
        .await
    }

    async fn import_resource_state(
        &self,
        request: Request<pb::import_resource_state::Request>,
    ) -> Reply<pb::import_resource_state::Response> {
        self.call(
            request,
            |d, r| async move { d.import_resource_state(r).await },
        )
        .await
    }

    async fn read_data_source(
        &self,
        request: Request<pb::read_data_source::Request>,
    ) -> Reply<pb::read_data_source::Response> {
        self.call(request, |d, r| async move { d.read_data_source(r).await })
            .await
    }

    async fn stop_provider(
        &self,
        request: Request<pb::stop_provider::Request>,
    ) -> Reply<pb::stop_provider::Response> {
        let request = request.into_inner().into();
        Ok(Response::new(self.dispatch.stop_provider(request).into()))
    }
}
