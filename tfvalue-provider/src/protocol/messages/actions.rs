//! The RPCs of actions: operations a configuration invokes (an `action` block) outside
//! any resource's lifecycle. An invocation streams its progress, then its completion.

use super::{Answer, ClientCapabilities, DynamicValue, Rpc, TypeRpc};
use crate::author::diagnostics::Diagnostics;

/// `ValidateActionConfig`: check an action's configuration.
#[derive(Clone, Debug, Default)]
pub(crate) struct ValidateActionConfigRequest {
    pub(crate) type_name: String,
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
    pub(crate) config: Option<DynamicValue>,
    #[allow(
        dead_code,
        reason = "an action's plan cannot be deferred: deferral is not modelled"
    )]
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
    pub(crate) config: Option<DynamicValue>,
    #[allow(dead_code, reason = "nothing an invocation does depends on it in 6.10")]
    pub(crate) client_capabilities: ClientCapabilities,
}

/// The answer to [`InvokeActionRequest`]: the events of the running invocation, then
/// `diagnostics` (an answer made at once, such as for a type no action has, has no events
/// and ends with its diagnostics as the completion).
#[derive(Debug, Default)]
pub(crate) struct InvokeActionResponse {
    pub(crate) events: ActionEvents,
    pub(crate) diagnostics: Diagnostics,
}

/// One event of an invocation.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum InvokeActionEvent {
    /// A line for Terraform to show while the action runs.
    Progress(String),
    /// The end of the invocation, with its diagnostics.
    Completed(Diagnostics),
}

/// Where an invocation's events come from: the receiving end of a bounded channel fed by
/// the task that runs it, which ends with a [`InvokeActionEvent::Completed`]; none for an
/// answer made at once.
#[derive(Debug, Default)]
pub(crate) struct ActionEvents(pub(crate) Option<tokio::sync::mpsc::Receiver<InvokeActionEvent>>);

rpc!(InvokeActionRequest => InvokeActionResponse, "InvokeAction", type_name);
