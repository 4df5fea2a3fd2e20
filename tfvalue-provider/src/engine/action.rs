//! One request through one typed [`Action`]: validating and planning its configuration,
//! and running an invocation as a task of its own whose progress streams to Terraform
//! through a bounded channel, ended by its completion.
//!
//! The invocation is cancelled (its future dropped) when Terraform stops reading the
//! stream; a stop (`StopProvider`) reaches it through its context's stop token.

use std::sync::Arc;

use tfvalue::schema::{Block, Schema};
use tfvalue::{TfSchema, UnknownPaths};
use tokio::sync::mpsc;
use tracing::Instrument as _;

use crate::author::action::{Action, Progress, ProgressSink};
use crate::author::context::Context;
use crate::author::diagnostics::{Diagnostic, Diagnostics};
use crate::author::requests::{ActionInvokeRequest, ActionPlanRequest, ValidateRequest};
use crate::engine::call::{finish, task_failure, validate_config, BoxFuture};
use crate::protocol::codec::{decode_config, decode_model};
use crate::protocol::messages::{
    ActionEvents, InvokeActionEvent, InvokeActionRequest, InvokeActionResponse, PlanActionRequest,
    PlanActionResponse, ValidateActionConfigRequest, ValidateActionConfigResponse,
};

/// How many progress messages may wait for Terraform to read them before the invocation
/// waits.
pub(crate) const PROGRESS_BUFFER: usize = 16;

/// An action type, whatever its model. Validate and plan answer with diagnostics whose
/// paths are as the author set them (the dispatch cuts them for Terraform); an invocation
/// cuts its own, as its events stream past the dispatch.
pub(crate) trait ErasedAction<D>: Send + Sync {
    fn schema(&self) -> &'static Schema;
    fn validate<'a>(
        &'a self,
        ctx: Context<D>,
        request: ValidateActionConfigRequest,
    ) -> BoxFuture<'a, ValidateActionConfigResponse>;
    fn plan<'a>(
        &'a self,
        ctx: Context<D>,
        request: PlanActionRequest,
    ) -> BoxFuture<'a, PlanActionResponse>;
    /// Starts the invocation: its events arrive on the answer's channel. A configuration
    /// that does not decode, or is not wholly known, is answered at once.
    fn start(
        self: Arc<Self>,
        ctx: Context<D>,
        request: InvokeActionRequest,
    ) -> InvokeActionResponse;
}

/// An action type behind [`ErasedAction`].
pub(crate) struct ActionOf<A>(pub(crate) A);

impl<A: Action> ErasedAction<A::Data> for ActionOf<A> {
    fn schema(&self) -> &'static Schema {
        A::Model::schema()
    }

    fn validate<'a>(
        &'a self,
        ctx: Context<A::Data>,
        request: ValidateActionConfigRequest,
    ) -> BoxFuture<'a, ValidateActionConfigResponse> {
        Box::pin(async move {
            let diagnostics = validate_config::<A::Data, A::Model, _, _>(
                ctx,
                request.config,
                move |mut ctx, model| async move {
                    let result = self.0.validate(&mut ctx, ValidateRequest::new(model)).await;
                    (ctx, result)
                },
            )
            .await;
            ValidateActionConfigResponse { diagnostics }
        })
    }

    fn plan<'a>(
        &'a self,
        mut ctx: Context<A::Data>,
        request: PlanActionRequest,
    ) -> BoxFuture<'a, PlanActionResponse> {
        Box::pin(async move {
            let result = async {
                // No configuration (Terraform sends one always) leaves nothing to check.
                let Some(config) = decode_model::<A::Model>(request.config.as_ref())
                    .map_err(|e| Diagnostic::from_value_error("Invalid configuration", &e))?
                else {
                    return Ok(());
                };
                self.0.plan(&mut ctx, ActionPlanRequest::new(config)).await
            }
            .await;
            PlanActionResponse {
                diagnostics: finish(ctx, result).1,
            }
        })
    }

    fn start(
        self: Arc<Self>,
        mut ctx: Context<A::Data>,
        request: InvokeActionRequest,
    ) -> InvokeActionResponse {
        let block = &A::Model::schema().block;
        let config = match decode_config::<A::Model>(request.config.as_ref()) {
            Ok(config) => config,
            Err(diagnostics) => return answered_at_once(diagnostics, block),
        };
        // Terraform invokes an action with what it knows in full; anything else is a
        // request no invocation could honour.
        if let Some(first) = config.unknown_paths().into_iter().next() {
            let unknown = Diagnostic::error("Configuration not wholly known")
                .with_detail(
                    "An action is invoked with a wholly known configuration, but this value \
                     is unknown.",
                )
                .at(first);
            return answered_at_once(unknown.into(), block);
        }
        let (sender, receiver) = mpsc::channel(PROGRESS_BUFFER);
        let sink = EventSink {
            events: sender.clone(),
        };
        // In the RPC's span, like every other call's work.
        let mut invocation = tokio::spawn(
            async move {
                let mut progress = Progress::to_terraform(Box::new(sink));
                let request = ActionInvokeRequest::new(config);
                let result = self.0.invoke(&mut ctx, request, &mut progress).await;
                finish(ctx, result).1
            }
            .instrument(tracing::Span::current()),
        );
        tokio::spawn(
            async move {
                let ended = tokio::select! {
                    ended = &mut invocation => ended,
                    () = sender.closed() => {
                        // Terraform no longer reads: nobody would see the rest.
                        invocation.abort();
                        tracing::debug!(rpc = "InvokeAction", "Terraform stopped reading; the invocation is cancelled");
                        return;
                    }
                };
                let diagnostics = match ended {
                    Ok(diagnostics) => diagnostics,
                    Err(error) => task_failure("InvokeAction", error),
                };
                let completed = InvokeActionEvent::Completed(diagnostics.for_terraform(Some(block)));
                // Ignored: Terraform no longer reading is no one's error.
                let _ = sender.send(completed).await;
            }
            .instrument(tracing::Span::current()),
        );
        InvokeActionResponse {
            events: ActionEvents(Some(receiver)),
            diagnostics: Diagnostics::new(),
        }
    }
}

/// The answer to an invocation that never started: its completion alone.
fn answered_at_once(diagnostics: Diagnostics, block: &Block) -> InvokeActionResponse {
    InvokeActionResponse {
        events: ActionEvents(None),
        diagnostics: diagnostics.for_terraform(Some(block)),
    }
}

/// The progress messages' way to Terraform: each a `Progress` event.
struct EventSink {
    events: mpsc::Sender<InvokeActionEvent>,
}

impl ProgressSink for EventSink {
    fn send(&mut self, message: String) -> BoxFuture<'_, bool> {
        Box::pin(
            async move { (self.events.send(InvokeActionEvent::Progress(message)).await).is_ok() },
        )
    }
}
