//! The RPCs of ephemeral resources. No ephemeral resource type can be registered yet, so
//! every request names an unknown type and is answered as such.

use super::{not_registered, Dispatch};
use crate::messages::{
    CloseEphemeralResourceRequest, CloseEphemeralResourceResponse, OpenEphemeralResourceRequest,
    OpenEphemeralResourceResponse, RenewEphemeralResourceRequest, RenewEphemeralResourceResponse,
    ValidateEphemeralResourceConfigRequest, ValidateEphemeralResourceConfigResponse,
};
use crate::provider::Provider;

/// What the requests name, for the "Unknown ..." diagnostic.
const WHAT: &str = "ephemeral resource type";

impl<P: Provider> Dispatch<P> {
    pub(crate) fn validate_ephemeral_resource_config(
        &self,
        request: ValidateEphemeralResourceConfigRequest,
    ) -> ValidateEphemeralResourceConfigResponse {
        not_registered(request, WHAT)
    }

    pub(crate) fn open_ephemeral_resource(
        &self,
        request: OpenEphemeralResourceRequest,
    ) -> OpenEphemeralResourceResponse {
        not_registered(request, WHAT)
    }

    pub(crate) fn renew_ephemeral_resource(
        &self,
        request: RenewEphemeralResourceRequest,
    ) -> RenewEphemeralResourceResponse {
        not_registered(request, WHAT)
    }

    pub(crate) fn close_ephemeral_resource(
        &self,
        request: CloseEphemeralResourceRequest,
    ) -> CloseEphemeralResourceResponse {
        not_registered(request, WHAT)
    }
}
