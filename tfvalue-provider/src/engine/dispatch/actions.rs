//! The RPCs of actions, dispatched by type name to the registered action types
//! (`engine/action.rs`). An invocation streams: its answer is the channel its events
//! arrive on.

use tfvalue::schema::Schema;

use super::{not_registered, Dispatch, Registered};
use crate::author::provider::Provider;
use crate::engine::action::ErasedAction;
use crate::protocol::messages::{
    ActionEvents, InvokeActionRequest, InvokeActionResponse, PlanActionRequest, PlanActionResponse,
    ValidateActionConfigRequest, ValidateActionConfigResponse,
};

/// What the requests name, for the "Unknown ..." diagnostic.
const WHAT: &str = "action";

impl<P: Provider> Dispatch<P> {
    pub(crate) async fn validate_action_config(
        &self,
        request: ValidateActionConfigRequest,
    ) -> ValidateActionConfigResponse {
        let actions = &self.registry.actions;
        self.on_type(actions, WHAT, request, |action, request| {
            action.validate(self.context(Vec::new()), request)
        })
        .await
    }

    pub(crate) async fn plan_action(&self, request: PlanActionRequest) -> PlanActionResponse {
        let actions = &self.registry.actions;
        self.on_type(actions, WHAT, request, |action, request| {
            action.plan(self.context(Vec::new()), request)
        })
        .await
    }

    /// Starts the invocation, whose progress streams to Terraform as it comes; an unknown
    /// type, or a configuration that does not decode, is answered at once.
    pub(crate) fn invoke_action(&self, request: InvokeActionRequest) -> InvokeActionResponse {
        if let Some(diagnostics) = self.refusal() {
            return InvokeActionResponse {
                events: ActionEvents(None),
                diagnostics,
            };
        }
        let Some(action) = self.registry.actions.get(&request.type_name).cloned() else {
            return not_registered(request, "action type");
        };
        action.start(self.context(Vec::new()), request)
    }
}

impl<D> Registered for dyn ErasedAction<D> {
    fn schema(&self) -> &'static Schema {
        ErasedAction::schema(self)
    }
}
