//! The RPCs of ephemeral resources: values Terraform opens for one run, may renew while
//! it lasts and closes at its end, and never stores in state.

use std::time::SystemTime;

use super::{Answer, ClientCapabilities, DynamicValue, Rpc, TypeRpc};
use crate::author::diagnostics::Diagnostics;

/// `ValidateEphemeralResourceConfig`: check an ephemeral resource's configuration.
#[derive(Clone, Debug, Default)]
pub(crate) struct ValidateEphemeralResourceConfigRequest {
    pub(crate) type_name: String,
    pub(crate) config: Option<DynamicValue>,
}

/// The answer to [`ValidateEphemeralResourceConfigRequest`].
#[derive(Clone, Debug, Default)]
pub(crate) struct ValidateEphemeralResourceConfigResponse {
    pub(crate) diagnostics: Diagnostics,
}

rpc!(ValidateEphemeralResourceConfigRequest => ValidateEphemeralResourceConfigResponse, "ValidateEphemeralResourceConfig", type_name);

/// `OpenEphemeralResource`: produce the value of an ephemeral resource.
#[derive(Clone, Debug, Default)]
pub(crate) struct OpenEphemeralResourceRequest {
    pub(crate) type_name: String,
    pub(crate) config: Option<DynamicValue>,
    /// What Terraform supports; only deferral concerns an open, and this provider never
    /// defers.
    #[allow(dead_code, reason = "this provider never defers an open")]
    pub(crate) client_capabilities: ClientCapabilities,
}

/// The answer to [`OpenEphemeralResourceRequest`].
#[derive(Clone, Debug, Default)]
pub(crate) struct OpenEphemeralResourceResponse {
    pub(crate) diagnostics: Diagnostics,
    /// When Terraform should call `RenewEphemeralResource`; `None`: never.
    pub(crate) renew_at: Option<SystemTime>,
    /// The value, of the type's schema.
    pub(crate) result: Option<DynamicValue>,
    /// Handed back by Terraform to renew and close; `None` is distinct from empty.
    pub(crate) private: Option<Vec<u8>>,
}

rpc!(OpenEphemeralResourceRequest => OpenEphemeralResourceResponse, "OpenEphemeralResource", type_name);

/// `RenewEphemeralResource`: extend an opened value's life (a lease, a token).
#[derive(Clone, Debug, Default)]
pub(crate) struct RenewEphemeralResourceRequest {
    pub(crate) type_name: String,
    /// What the open (or the previous renewal) answered.
    pub(crate) private: Option<Vec<u8>>,
}

/// The answer to [`RenewEphemeralResourceRequest`].
#[derive(Clone, Debug, Default)]
pub(crate) struct RenewEphemeralResourceResponse {
    pub(crate) diagnostics: Diagnostics,
    /// When to renew again; `None`: never.
    pub(crate) renew_at: Option<SystemTime>,
    pub(crate) private: Option<Vec<u8>>,
}

rpc!(RenewEphemeralResourceRequest => RenewEphemeralResourceResponse, "RenewEphemeralResource", type_name);

/// `CloseEphemeralResource`: release an opened value at the end of the run.
#[derive(Clone, Debug, Default)]
pub(crate) struct CloseEphemeralResourceRequest {
    pub(crate) type_name: String,
    pub(crate) private: Option<Vec<u8>>,
}

/// The answer to [`CloseEphemeralResourceRequest`].
#[derive(Clone, Debug, Default)]
pub(crate) struct CloseEphemeralResourceResponse {
    pub(crate) diagnostics: Diagnostics,
}

rpc!(CloseEphemeralResourceRequest => CloseEphemeralResourceResponse, "CloseEphemeralResource", type_name);
