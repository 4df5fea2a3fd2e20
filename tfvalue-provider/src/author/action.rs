//! [`Action`]: an operation a configuration invokes outside any resource's lifecycle
//! (Terraform 1.14 and later), and [`Progress`], where an invocation reports how it goes.

use std::future::Future;
use std::pin::Pin;

use crate::author::context::Context;
use crate::author::diagnostics::Diagnostics;
use crate::author::model::Model;
use crate::author::requests::{ActionInvokeRequest, ActionPlanRequest, ValidateRequest};
use crate::author::stop::Stopped;

/// An action type (`action "type" "name" { config { ... } }`, Terraform 1.14 and later):
/// something the provider does on request (run a command, send a notification, restart a
/// machine) that leaves nothing in the state. A resource's `lifecycle { action_trigger {
/// events = [after_create, after_update] actions = [action.type.name] } }` invokes it as the
/// resource changes, and `terraform apply -invoke=action.type.name` invokes it alone.
///
/// Terraform validates the configuration, plans the action while it plans the run (the
/// configuration may hold unknown values then), and invokes it while it applies, with a
/// wholly known configuration. An invocation reports how it goes through [`Progress`]:
/// each message is shown at once (`Action action.type.name (triggered by ...): <message>`).
/// Returning an error fails the invocation, and with it the apply.
///
/// The model is the `config` block; it has no computed attributes (nothing is stored, so
/// there is nothing to compute). Write-only attributes may take ephemeral values, such as
/// a token from an ephemeral resource.
///
/// Its configuration may refer to what other resources compute, so every attribute is
/// `Unknown<..>` while Terraform plans (Terraform checks an action's plan before those
/// values are known); [`Action::invoke`] gets it wholly known, and `into_known()` gives
/// the model's plain `…Known` view.
///
/// ```
/// use tfvalue::{IntoKnown as _, Nullable, TfSchema, Unknown};
/// use tfvalue_provider::{Action, ActionInvokeRequest, Context, Diagnostics, Progress};
///
/// /// `action "acme_restart" "web" { config { machine = acme_machine.web.id } }`
/// #[derive(TfSchema)]
/// struct Restart {
///     /// The machine to restart.
///     machine: Unknown<String>,
///     /// Seconds to wait for it to come back.
///     timeout: Unknown<Nullable<i64>>,
/// }
///
/// struct Restarts;
///
/// impl Action for Restarts {
///     type Model = Restart;
///     type Data = ();
///
///     async fn invoke(
///         &self,
///         ctx: &mut Context<()>,
///         request: ActionInvokeRequest<Restart>,
///         progress: &mut Progress,
///     ) -> Result<(), Diagnostics> {
///         let config = request.config.into_known()?; // `RestartKnown`: plain fields
///         let machine = config.machine;
///         progress.send(format!("restarting {machine}")).await?;
///         // ... restart it, through ctx.stop_token().run(...) so that a stop cancels it ...
///         let _ = (ctx, config.timeout);
///         progress.send(format!("{machine} is back")).await?;
///         Ok(())
///     }
/// }
///
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() {
/// // In a unit test: a recording progress keeps the messages.
/// let mut ctx = Context::new((), tfvalue_provider::StopToken::never());
/// let config = Restart { machine: Unknown::known("web-1".into()), timeout: Unknown::null() };
/// let mut progress = Progress::recording();
/// Restarts.invoke(&mut ctx, ActionInvokeRequest::new(config), &mut progress).await.unwrap();
/// assert_eq!(progress.recorded(), ["restarting web-1", "web-1 is back"]);
/// # }
/// ```
///
/// Register it with [`Registry::action`](crate::Registry::action).
pub trait Action: Send + Sync + 'static {
    /// The model of the action's `config` block.
    type Model: Model;
    /// What the provider's `configure` returns (the same type as its `Data`).
    type Data: Send + Sync + 'static;

    /// Checks a configuration beyond what the schema says (values may be unknown).
    ///
    /// A warning goes on the context, [`Context::warn`], and is answered with the success;
    /// returning `Err` fails the validation. The framework's own findings come first:
    /// warnings for the deprecated attributes and blocks the configuration sets, errors of
    /// the validators the model declares.
    fn validate(
        &self,
        ctx: &mut Context<Self::Data>,
        request: ValidateRequest<Self::Model>,
    ) -> impl Future<Output = Result<(), Diagnostics>> + Send {
        let _ = (ctx, request);
        async { Ok(()) }
    }

    /// Checks, while Terraform plans, that the action can run with this configuration
    /// (values may be unknown): that a command exists, that a machine is reachable. An
    /// error fails the plan. The provider is configured. By default there is nothing to
    /// check.
    fn plan(
        &self,
        ctx: &mut Context<Self::Data>,
        request: ActionPlanRequest<Self::Model>,
    ) -> impl Future<Output = Result<(), Diagnostics>> + Send {
        let _ = (ctx, request);
        async { Ok(()) }
    }

    /// Runs the action, reporting how it goes through `progress`; the configuration is
    /// wholly known. An error ends the invocation and fails the apply with its message.
    /// Terraform shows an invocation's errors under "Error when invoking action" without
    /// pointing at a line of the configuration, whatever attribute they name: check what
    /// can be checked before anything runs in [`Action::plan`] (or with the model's
    /// validators), where Terraform points at the attribute.
    ///
    /// When Terraform stops the provider (Ctrl-C), [`Context::stop_token`] is stopped: run
    /// long work through [`StopToken::run`](crate::StopToken::run). When Terraform no
    /// longer reads the progress (it was cancelled), the invocation is cancelled: the
    /// future is dropped at its next await, and [`Progress::send`] answers [`Stopped`].
    fn invoke(
        &self,
        ctx: &mut Context<Self::Data>,
        request: ActionInvokeRequest<Self::Model>,
        progress: &mut Progress,
    ) -> impl Future<Output = Result<(), Diagnostics>> + Send;
}

/// Where an [`Action::invoke`] reports how it goes: each message reaches Terraform at once,
/// which shows it to the user as the action runs.
pub struct Progress {
    to: Destination,
}

enum Destination {
    /// Streamed to Terraform by the engine.
    Terraform(Box<dyn ProgressSink>),
    /// Kept, for a unit test to read.
    Recorded(Vec<String>),
}

/// What the engine does with each progress message: streams it to Terraform.
pub(crate) trait ProgressSink: Send {
    /// Sends one message; `false` when Terraform no longer reads.
    fn send(&mut self, message: String) -> Pin<Box<dyn Future<Output = bool> + Send + '_>>;
}

impl Progress {
    /// The progress of an invocation Terraform asked for.
    pub(crate) fn to_terraform(sink: Box<dyn ProgressSink>) -> Self {
        Progress {
            to: Destination::Terraform(sink),
        }
    }

    /// A progress that keeps its messages instead of sending them, for calling
    /// [`Action::invoke`] in a unit test; read them with [`Progress::recorded`].
    pub fn recording() -> Self {
        Progress {
            to: Destination::Recorded(Vec::new()),
        }
    }

    /// Sends `message` to Terraform, which shows it at once. Waits while Terraform has not
    /// read the earlier messages.
    ///
    /// # Errors
    /// [`Stopped`]: Terraform no longer reads (the run was cancelled); `?` ends the
    /// invocation.
    pub async fn send(&mut self, message: impl Into<String>) -> Result<(), Stopped> {
        let message = message.into();
        match &mut self.to {
            Destination::Terraform(sink) => {
                if sink.send(message).await {
                    Ok(())
                } else {
                    Err(Stopped)
                }
            }
            Destination::Recorded(messages) => {
                messages.push(message);
                Ok(())
            }
        }
    }

    /// The messages sent so far, when the progress was made by [`Progress::recording`]; a
    /// progress that streams to Terraform keeps none.
    pub fn recorded(&self) -> &[String] {
        match &self.to {
            Destination::Terraform(_) => &[],
            Destination::Recorded(messages) => messages,
        }
    }
}

impl std::fmt::Debug for Progress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.to {
            Destination::Terraform(_) => f.write_str("Progress(to Terraform)"),
            Destination::Recorded(messages) => f.debug_tuple("Progress").field(messages).finish(),
        }
    }
}
