//! The `tfplugin6.Provider` gRPC service. Each RPC converts its request into the
//! protocol-neutral type (`convert/from_proto.rs`), hands it to the dispatch
//! (`dispatch.rs`), and converts the answer back (`convert/to_proto.rs`); nothing else
//! happens here. A streamed answer is converted into its messages and sent as a stream
//! of them; of a streamed request (`WriteStateBytes`) only the first message is read.

use std::future::Future;
use std::sync::{Arc, OnceLock};

use tonic::{Request, Response, Status};

#[cfg(test)]
use crate::author::context::Context;
use crate::author::provider::Provider;
use crate::engine::dispatch::Dispatch;
use crate::logging::rpc::answered_in_place;
use crate::protocol::convert::to_proto::{
    action_events, list_events, ActionEventStream, ListEventStream,
};
use crate::protocol::messages::{InvokeActionRequest, ListResourceRequest, Rpc};
use crate::protocol::proto::tfplugin6 as pb;

/// The provider as a gRPC service.
pub(crate) struct ProviderService<P: Provider> {
    dispatch: Arc<Dispatch<P>>,
    /// The schema response, converted once: it is the same for the process's whole life.
    schema: OnceLock<pb::get_provider_schema::Response>,
}

type Reply<T> = Result<Response<T>, Status>;

/// A streamed answer: messages converted in full before the first is sent.
pub(crate) type Messages<T> = tokio_stream::Iter<std::vec::IntoIter<Result<T, Status>>>;

/// Sends `messages` as a stream, in order.
fn stream<T>(messages: Response<Vec<T>>) -> Response<Messages<T>> {
    let messages: Vec<Result<T, Status>> = messages.into_inner().into_iter().map(Ok).collect();
    Response::new(tokio_stream::iter(messages))
}

impl<P: Provider> ProviderService<P> {
    /// Registers the provider's types and checks them.
    ///
    /// # Errors
    /// Every problem found in the registrations and schemas, one line each.
    pub(crate) fn new(provider: P) -> Result<Self, Vec<String>> {
        match ProviderService::serving(provider) {
            (service, problems) if problems.is_empty() => Ok(service),
            (_, problems) => Err(problems),
        }
    }

    /// The service of `provider` and the problems of its registrations, one line each
    /// (none when they are right); with problems, the service answers every RPC with them
    /// (see [`Dispatch::refusing`]).
    pub(crate) fn serving(provider: P) -> (Self, Vec<String>) {
        let (dispatch, problems) = match Dispatch::new(provider) {
            Ok(dispatch) => (dispatch, Vec::new()),
            Err((provider, problems)) => (Dispatch::refusing(provider, problems.clone()), problems),
        };
        let service = ProviderService {
            dispatch: Arc::new(dispatch),
            schema: OnceLock::new(),
        };
        (service, problems)
    }

    /// The provider and its registered types.
    pub(crate) fn dispatch(&self) -> &Dispatch<P> {
        &self.dispatch
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
        let response = answered_in_place(
            "GetMetadata",
            None,
            || self.dispatch.get_metadata(request),
            |r| Some(&r.diagnostics),
        );
        Ok(Response::new(response.into()))
    }

    async fn get_provider_schema(
        &self,
        request: Request<pb::get_provider_schema::Request>,
    ) -> Reply<pb::get_provider_schema::Response> {
        let request = request.into_inner().into();
        // Its diagnostics are always empty (the schemas were checked at start).
        let schema = answered_in_place(
            "GetProviderSchema",
            None,
            || (self.schema).get_or_init(|| self.dispatch.get_provider_schema(request).into()),
            |_| None,
        );
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

    async fn get_resource_identity_schemas(
        &self,
        request: Request<pb::get_resource_identity_schemas::Request>,
    ) -> Reply<pb::get_resource_identity_schemas::Response> {
        self.call(
            request,
            |d, r| async move { d.get_resource_identity_schemas(r) },
        )
        .await
    }

    async fn upgrade_resource_identity(
        &self,
        request: Request<pb::upgrade_resource_identity::Request>,
    ) -> Reply<pb::upgrade_resource_identity::Response> {
        self.call(
            request,
            |d, r| async move { d.upgrade_resource_identity(r) },
        )
        .await
    }

    async fn move_resource_state(
        &self,
        request: Request<pb::move_resource_state::Request>,
    ) -> Reply<pb::move_resource_state::Response> {
        self.call(
            request,
            |d, r| async move { d.move_resource_state(r).await },
        )
        .await
    }

    async fn generate_resource_config(
        &self,
        request: Request<pb::generate_resource_config::Request>,
    ) -> Reply<pb::generate_resource_config::Response> {
        self.call(request, |d, r| async move { d.generate_resource_config(r) })
            .await
    }

    async fn validate_ephemeral_resource_config(
        &self,
        request: Request<pb::validate_ephemeral_resource_config::Request>,
    ) -> Reply<pb::validate_ephemeral_resource_config::Response> {
        self.call(request, |d, r| async move {
            d.validate_ephemeral_resource_config(r).await
        })
        .await
    }

    async fn open_ephemeral_resource(
        &self,
        request: Request<pb::open_ephemeral_resource::Request>,
    ) -> Reply<pb::open_ephemeral_resource::Response> {
        self.call(
            request,
            |d, r| async move { d.open_ephemeral_resource(r).await },
        )
        .await
    }

    async fn renew_ephemeral_resource(
        &self,
        request: Request<pb::renew_ephemeral_resource::Request>,
    ) -> Reply<pb::renew_ephemeral_resource::Response> {
        self.call(request, |d, r| async move {
            d.renew_ephemeral_resource(r).await
        })
        .await
    }

    async fn close_ephemeral_resource(
        &self,
        request: Request<pb::close_ephemeral_resource::Request>,
    ) -> Reply<pb::close_ephemeral_resource::Response> {
        self.call(request, |d, r| async move {
            d.close_ephemeral_resource(r).await
        })
        .await
    }

    type ListResourceStream = ListEventStream;

    /// The listing runs on after this answer: its events reach Terraform as it finds them.
    async fn list_resource(
        &self,
        request: Request<pb::list_resource::Request>,
    ) -> Reply<Self::ListResourceStream> {
        let request = ListResourceRequest::from(request.into_inner());
        let type_name = request.type_name.clone();
        // "Served request" is logged once the listing has started streaming.
        let response = answered_in_place(
            "ListResource",
            Some(&type_name),
            || self.dispatch.list_resource(request),
            |r| Some(&r.diagnostics),
        );
        Ok(Response::new(list_events(response)))
    }

    async fn validate_list_resource_config(
        &self,
        request: Request<pb::validate_list_resource_config::Request>,
    ) -> Reply<pb::validate_list_resource_config::Response> {
        self.call(request, |d, r| async move {
            d.validate_list_resource_config(r).await
        })
        .await
    }

    async fn get_functions(
        &self,
        request: Request<pb::get_functions::Request>,
    ) -> Reply<pb::get_functions::Response> {
        self.call(request, |d, r| async move { d.get_functions(r) })
            .await
    }

    async fn call_function(
        &self,
        request: Request<pb::call_function::Request>,
    ) -> Reply<pb::call_function::Response> {
        self.call(request, |d, r| async move { d.call_function(r).await })
            .await
    }

    async fn validate_state_store_config(
        &self,
        request: Request<pb::validate_state_store::Request>,
    ) -> Reply<pb::validate_state_store::Response> {
        self.call(
            request,
            |d, r| async move { d.validate_state_store_config(r) },
        )
        .await
    }

    async fn configure_state_store(
        &self,
        request: Request<pb::configure_state_store::Request>,
    ) -> Reply<pb::configure_state_store::Response> {
        self.call(request, |d, r| async move { d.configure_state_store(r) })
            .await
    }

    type ReadStateBytesStream = Messages<pb::read_state_bytes::Response>;

    async fn read_state_bytes(
        &self,
        request: Request<pb::read_state_bytes::Request>,
    ) -> Reply<Self::ReadStateBytesStream> {
        let chunks = self.call(request, |d, r| async move { d.read_state_bytes(r) });
        chunks.await.map(stream)
    }

    /// Reads the first chunk, which names the store and the state, and no other: no state
    /// store is served, so the rest of the stream is left unread (dropped with the
    /// request). A first chunk that does not decode is a gRPC error, as any malformed
    /// message is; an empty stream is a request naming no store.
    async fn write_state_bytes(
        &self,
        request: Request<tonic::Streaming<pb::write_state_bytes::RequestChunk>>,
    ) -> Reply<pb::write_state_bytes::Response> {
        let first = request.into_inner().message().await?.unwrap_or_default();
        self.call(
            Request::new(first),
            |d, r| async move { d.write_state_bytes(r) },
        )
        .await
    }

    async fn lock_state(
        &self,
        request: Request<pb::lock_state::Request>,
    ) -> Reply<pb::lock_state::Response> {
        self.call(request, |d, r| async move { d.lock_state(r) })
            .await
    }

    async fn unlock_state(
        &self,
        request: Request<pb::unlock_state::Request>,
    ) -> Reply<pb::unlock_state::Response> {
        self.call(request, |d, r| async move { d.unlock_state(r) })
            .await
    }

    async fn get_states(
        &self,
        request: Request<pb::get_states::Request>,
    ) -> Reply<pb::get_states::Response> {
        self.call(request, |d, r| async move { d.get_states(r) })
            .await
    }

    async fn delete_state(
        &self,
        request: Request<pb::delete_state::Request>,
    ) -> Reply<pb::delete_state::Response> {
        self.call(request, |d, r| async move { d.delete_state(r) })
            .await
    }

    async fn plan_action(
        &self,
        request: Request<pb::plan_action::Request>,
    ) -> Reply<pb::plan_action::Response> {
        self.call(request, |d, r| async move { d.plan_action(r).await })
            .await
    }

    type InvokeActionStream = ActionEventStream;

    /// The invocation runs on after this answer: its progress reaches Terraform as it
    /// comes, then its completion.
    async fn invoke_action(
        &self,
        request: Request<pb::invoke_action::Request>,
    ) -> Reply<Self::InvokeActionStream> {
        let request = InvokeActionRequest::from(request.into_inner());
        let type_name = request.type_name.clone();
        // "Served request" is logged once the invocation has started streaming.
        let response = answered_in_place(
            "InvokeAction",
            Some(&type_name),
            || self.dispatch.invoke_action(request),
            |r| Some(&r.diagnostics),
        );
        Ok(Response::new(action_events(response)))
    }

    async fn validate_action_config(
        &self,
        request: Request<pb::validate_action_config::Request>,
    ) -> Reply<pb::validate_action_config::Response> {
        self.call(
            request,
            |d, r| async move { d.validate_action_config(r).await },
        )
        .await
    }

    async fn stop_provider(
        &self,
        request: Request<pb::stop_provider::Request>,
    ) -> Reply<pb::stop_provider::Response> {
        let request = request.into_inner().into();
        let response = answered_in_place(
            "StopProvider",
            None,
            || self.dispatch.stop_provider(request),
            |_| None,
        );
        Ok(Response::new(response.into()))
    }
}
