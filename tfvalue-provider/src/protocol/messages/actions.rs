//! The RPCs of actions: operations a configuration invokes (an `action` block) outside
//! any resource's lifecycle.

use super::{Answer, ClientCapabilities, DynamicValue, Rpc, TypeRpc};
use crate::author::diagnostics::Diagnostics;

/// `ValidateActionConfig`: check an action's configuration.
#[derive(Clone, Debug, Default)]
pub(crate) struct ValidateActionConfigRequest {
    pub(crate) type_name: String,
    #[allow(dead_code, reason = "read once actions can be registered")]
    pub(crate) config: Option<DynamicValue>,
}

/// The answer to [`ValidateActionConfigRequest`].
#[derive(Clone, Debug, Default)]
pub(crate) struct ValidateActionConfigResponse {
    pub(crate) diagnostics: Diagnostics,
}

rpc!(ValidateActionConfigRequest => ValidateActionConfigResponse, "ValidateActionConfig", type_name);

/// `PlanAction`: check that an action can run with this configuration.
#[derive(Clone, Debug, Default)]
pub(crate) struct PlanActionRequest {
    /// The action's type name (`action_type` in the protocol).
    pub(crate) type_name: String,
    #[allow(dead_code, reason = "read once actions can be registered")]
    pub(crate) config: Option<DynamicValue>,
    #[allow(dead_code, reason = "read once actions can be registered")]
    pub(crate) client_capabilities: ClientCapabilities,
}

/// The answer to [`PlanActionRequest`] (its deferral is not modelled).
#[derive(Clone, Debug, Default)]
pub(crate) struct PlanActionResponse {
    pub(crate) diagnostics: Diagnostics,
}

rpc!(PlanActionRequest => PlanActionResponse, "PlanAction", type_name);

/// `InvokeAction`: run an action.
#[derive(Clone, Debug, Default)]
pub(crate) struct InvokeActionRequest {
    /// The action's type name (`action_type` in the protocol).
    pub(crate) type_name: String,
    #[allow(dead_code, reason = "read once actions can be registered")]
    pub(crate) config: Option<DynamicValue>,
    #[allow(dead_code, reason = "read once actions can be registered")]
    pub(crate) client_capabilities: ClientCapabilities,
}

/// The answer to [`InvokeActionRequest`]: progress lines for Terraform to show, then the
/// completion with the diagnostics. The protocol streams them; they are collected here
/// and streamed in this order, the completion last.
#[derive(Clone, Debug, Default)]
pub(crate) struct InvokeActionResponse {
    pub(crate) progress: Vec<String>,
    pub(crate) diagnostics: Diagnostics,
}

rpc!(InvokeActionRequest => InvokeActionResponse, "InvokeAction", type_name);
