//! The ephemeral resource `local_command`: runs a command each time Terraform opens the
//! ephemeral resource; its exit code and output are never stored.

use tfvalue::TfSchema;
use tfvalue_provider::{Context, Diagnostics, EphemeralResource, OpenRequest, Opened};

use crate::command::command_model;
use crate::data_command::execute;

command_model! {
    /// Runs an executable on the local machine and returns the exit code, standard output data (`stdout`), and standard error data (`stderr`). All environment variables visible to the Terraform process are passed through to the child process. Both `stdout` and `stderr` returned by this ephemeral resource are UTF-8 strings, which can be decoded into [Terraform values](https://developer.hashicorp.com/terraform/language/expressions/types) for use elsewhere in the Terraform configuration. There are built-in decoding functions such as [`jsondecode`](https://developer.hashicorp.com/terraform/language/functions/jsondecode) or [`yamldecode`](https://developer.hashicorp.com/terraform/language/functions/yamldecode), and more specialized [decoding functions](https://developer.hashicorp.com/terraform/plugin/framework/functions/concepts) can be built with a Terraform provider.
    ///
    /// Any non-zero exit code returned by the command will be treated as an error and will return a diagnostic to Terraform containing the `stderr` message if available. If a non-zero exit code is expected by the command, set `allow_non_zero_exit_code` to `true`.
    ///
    /// ~> **Warning** This mechanism is provided as an "escape hatch" for exceptional situations where a first-class Terraform provider is not more appropriate. Its capabilities are limited in comparison to a true ephemeral resource, and implementing an ephemeral resource via a local executable is likely to hurt the portability of your Terraform configuration by creating dependencies on external programs and libraries that may not be available (or may need to be used differently) on different operating systems.
    ///
    /// ~> **Warning** HCP Terraform and Terraform Enterprise do not guarantee availability of any particular language runtimes or external programs beyond standard shell utilities, so it is not recommended to use this ephemeral resource within configurations that are applied within either.
    #[derive(TfSchema, Debug, Clone)]
    #[tf(description_kind = markdown)]
    pub struct CommandEphemeral;
    /// The exit code returned by the command. By default, if the exit code is non-zero, the ephemeral resource will return a diagnostic to Terraform. If a non-zero exit code is expected by the command, set `allow_non_zero_exit_code` to `true`.
    exit_code;
}

/// The `local_command` ephemeral resource type.
pub struct CommandEphemeralResource;

impl EphemeralResource for CommandEphemeralResource {
    type Model = CommandEphemeral;
    type Data = ();

    async fn open(
        &self,
        _: &mut Context<()>,
        request: OpenRequest<CommandEphemeral>,
    ) -> Result<Opened<CommandEphemeral>, Diagnostics> {
        let config = request.config;
        let (exit_code, stdout, stderr) = execute(
            "ephemeral resource",
            &config.command,
            &config.arguments,
            &config.stdin,
            &config.working_directory,
            &config.allow_non_zero_exit_code,
        )
        .await?;
        Ok(Opened::new(CommandEphemeral {
            exit_code,
            stdout,
            stderr,
            ..config
        }))
    }
}
