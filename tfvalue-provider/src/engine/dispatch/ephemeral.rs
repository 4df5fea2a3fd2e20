//! The RPCs of ephemeral resources, dispatched by type name to the registered ephemeral
//! resource types (`engine/ephemeral.rs`). Renew and close carry no configuration: their
//! context holds the private data Terraform sent back, which the open (or the previous
//! renewal) answered.

use tfvalue::schema::Schema;

use super::{Dispatch, Registered};
use crate::author::provider::Provider;
use crate::engine::ephemeral::ErasedEphemeralResource;
use crate::protocol::messages::{
    CloseEphemeralResourceRequest, CloseEphemeralResourceResponse, OpenEphemeralResourceRequest,
    OpenEphemeralResourceResponse, RenewEphemeralResourceRequest, RenewEphemeralResourceResponse,
    ValidateEphemeralResourceConfigRequest, ValidateEphemeralResourceConfigResponse,
};

/// What the requests name, for the "Unknown ..." diagnostic.
const WHAT: &str = "ephemeral resource";

impl<P: Provider> Dispatch<P> {
    pub(crate) async fn validate_ephemeral_resource_config(
        &self,
        request: ValidateEphemeralResourceConfigRequest,
    ) -> ValidateEphemeralResourceConfigResponse {
        let types = &self.registry.ephemeral_resources;
        self.on_type(types, WHAT, request, |ephemeral, request| {
            ephemeral.validate(self.context(Vec::new()), request)
        })
        .await
    }

    pub(crate) async fn open_ephemeral_resource(
        &self,
        request: OpenEphemeralResourceRequest,
    ) -> OpenEphemeralResourceResponse {
        let types = &self.registry.ephemeral_resources;
        self.on_type(types, WHAT, request, |ephemeral, request| {
            ephemeral.open(self.context(Vec::new()), request)
        })
        .await
    }

    pub(crate) async fn renew_ephemeral_resource(
        &self,
        request: RenewEphemeralResourceRequest,
    ) -> RenewEphemeralResourceResponse {
        let types = &self.registry.ephemeral_resources;
        self.on_type(types, WHAT, request, |ephemeral, request| {
            let private = request.private.clone().unwrap_or_default();
            ephemeral.renew(self.context(private), request)
        })
        .await
    }

    pub(crate) async fn close_ephemeral_resource(
        &self,
        request: CloseEphemeralResourceRequest,
    ) -> CloseEphemeralResourceResponse {
        let types = &self.registry.ephemeral_resources;
        self.on_type(types, WHAT, request, |ephemeral, request| {
            let private = request.private.clone().unwrap_or_default();
            ephemeral.close(self.context(private), request)
        })
        .await
    }
}

impl<D> Registered for dyn ErasedEphemeralResource<D> {
    fn schema(&self) -> &'static Schema {
        ErasedEphemeralResource::schema(self)
    }
}
