//! The action `local_command`: runs a command when Terraform invokes the action, and
//! sends its standard output to Terraform as one progress message.

use std::collections::BTreeMap;

use tfvalue::{Nullable, TfSchema, Unknown};
use tfvalue_provider::{
    Action, ActionInvokeRequest, ActionPlanRequest, Context, Diagnostic, Diagnostics, Progress,
};

use crate::command::{self, command_model, Failure};
use crate::go_os::look_path;

command_model! {
    /// Invokes an executable on the local machine. All environment variables visible to the Terraform process are passed through to the child process. Additional environment variables can be explicitly set via the `environment` attribute; these are merged on top of the inherited environment, with the provided values taking precedence. After the child process successfully executes, the `stdout` will be returned for Terraform to display to the user.
    ///
    /// Any non-zero exit code will be treated as an error and will return a diagnostic to Terraform containing the `stderr` message if available.
    #[derive(TfSchema, Debug, Clone)]
    #[tf(description_kind = markdown)]
    pub struct CommandAction {
        /// Data to be passed to the given command's standard input.
        pub stdin: Unknown<Nullable<String>>,
        /// Environment variables to set for the command. These are merged with the environment variables inherited from the Terraform process, with these values taking precedence.
        pub environment: Unknown<Nullable<BTreeMap<String, Unknown<Nullable<String>>>>>,
    }
}

/// The `local_command` action type.
pub struct CommandActionType;

/// The command's path, or upstream's "Command Lookup Failed".
fn find(command: &str) -> Result<String, Diagnostic> {
    look_path(command).map_err(|e| command::lookup_failed("action", command, &e))
}

impl Action for CommandActionType {
    type Model = CommandAction;
    type Data = ();

    async fn plan(
        &self,
        _: &mut Context<()>,
        request: ActionPlanRequest<CommandAction>,
    ) -> Result<(), Diagnostics> {
        if let Some(name) = request.config.command.as_known() {
            find(name)?;
        }
        Ok(())
    }

    async fn invoke(
        &self,
        _: &mut Context<()>,
        request: ActionInvokeRequest<CommandAction>,
        progress: &mut Progress,
    ) -> Result<(), Diagnostics> {
        let config = request.config;
        let name = config.command.as_known().cloned().unwrap_or_default();
        let path = find(&name)?;
        let environment = config
            .environment
            .as_value()
            .into_iter()
            .flatten()
            .filter_map(|(k, v)| v.as_value().map(|v| (k.clone(), v.clone())))
            .collect();
        let run = command::Request {
            command: name,
            arguments: command::arguments(&config.arguments),
            stdin: config.stdin.as_value().cloned(),
            working_directory: config
                .working_directory
                .as_value()
                .cloned()
                .unwrap_or_default(),
            environment,
        };
        let outcome = command::run(path.clone(), run).await;
        if let Some(failure) = &outcome.failure {
            let reason = match failure {
                Failure::Exit(text) | Failure::Start(text) => text,
            };
            // As upstream: with standard error, the command line and the state; without,
            // the command's path and the error.
            let detail = if outcome.stderr.is_empty() {
                format!("Command: {path}\nError: {reason}")
            } else {
                format!(
                    "Command: {}\nCommand Error: {}\nState: {reason}",
                    outcome.shown, outcome.stderr
                )
            };
            return Err(Diagnostic::error("Command Execution Failed")
                .with_detail(format!(
                    "The action received an unexpected error while attempting to execute the command.\n\n{detail}"
                ))
                .at("command")
                .into());
        }
        progress.send(format!("\n\n{}\n", outcome.stdout)).await?;
        Ok(())
    }
}
