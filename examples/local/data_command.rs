//! The data source `local_command`: runs a command when Terraform reads the data source
//! and holds its exit code, standard output and standard error.

use tfvalue::{Nullable, TfSchema, Unknown};
use tfvalue_provider::{Context, DataSource, Diagnostics, ReadDataSourceRequest};

use crate::command::{self, command_model, unless_empty};
use crate::go_os::look_path;

command_model! {
    /// Runs an executable on the local machine and returns the exit code, standard output data (`stdout`), and standard error data (`stderr`). All environment variables visible to the Terraform process are passed through to the child process. Both `stdout` and `stderr` returned by this data source are UTF-8 strings, which can be decoded into [Terraform values](https://developer.hashicorp.com/terraform/language/expressions/types) for use elsewhere in the Terraform configuration. There are built-in decoding functions such as [`jsondecode`](https://developer.hashicorp.com/terraform/language/functions/jsondecode) or [`yamldecode`](https://developer.hashicorp.com/terraform/language/functions/yamldecode), and more specialized [decoding functions](https://developer.hashicorp.com/terraform/plugin/framework/functions/concepts) can be built with a Terraform provider.
    ///
    /// Any non-zero exit code returned by the command will be treated as an error and will return a diagnostic to Terraform containing the `stderr` message if available. If a non-zero exit code is expected by the command, set `allow_non_zero_exit_code` to `true`.
    ///
    /// ~> **Warning** This mechanism is provided as an "escape hatch" for exceptional situations where a first-class Terraform provider is not more appropriate. Its capabilities are limited in comparison to a true data source, and implementing a data source via a local executable is likely to hurt the portability of your Terraform configuration by creating dependencies on external programs and libraries that may not be available (or may need to be used differently) on different operating systems.
    ///
    /// ~> **Warning** HCP Terraform and Terraform Enterprise do not guarantee availability of any particular language runtimes or external programs beyond standard shell utilities, so it is not recommended to use this data source within configurations that are applied within either.
    #[derive(TfSchema, Debug, Clone)]
    #[tf(description_kind = markdown)]
    pub struct CommandData;
    /// The exit code returned by the command. By default, if the exit code is non-zero, the data source will return a diagnostic to Terraform. If a non-zero exit code is expected by the command, set `allow_non_zero_exit_code` to `true`.
    exit_code;
}

/// Runs the command that the configuration of `kind` ("data source", "ephemeral resource")
/// asks for, and answers `exit_code`, `stdout` and `stderr`.
///
/// # Errors
/// Upstream's "Command Lookup Failed", and "Command Execution Failed" unless the run
/// succeeded or `allow_non_zero_exit_code` accepts its exit code.
pub(crate) async fn execute(
    kind: &str,
    command: &Unknown<String>,
    arguments: &Unknown<Nullable<Vec<Unknown<Nullable<String>>>>>,
    stdin: &Unknown<Nullable<String>>,
    working_directory: &Unknown<Nullable<String>>,
    allow_non_zero: &Unknown<Nullable<bool>>,
) -> Result<(Unknown<Nullable<i64>>, Text, Text), Diagnostics> {
    let command = command.as_known().map_or("", String::as_str);
    let path = look_path(command).map_err(|e| command::lookup_failed(kind, command, &e))?;
    let request = command::Request {
        command: command.to_owned(),
        arguments: command::arguments(arguments),
        stdin: stdin.as_value().cloned(),
        working_directory: working_directory.as_value().cloned().unwrap_or_default(),
        environment: Default::default(),
    };
    let outcome = command::run(path, request).await;
    let allowed = allow_non_zero.as_value() == Some(&true);
    if let Some(error) = command::execution_failed(kind, &outcome, allowed) {
        return Err(error.into());
    }
    Ok((
        Unknown::known(outcome.exit_code.into()),
        unless_empty(outcome.stdout),
        unless_empty(outcome.stderr),
    ))
}

/// A string attribute's type.
type Text = Unknown<Nullable<String>>;

/// The `local_command` data source type.
pub struct CommandDataSource;

impl DataSource for CommandDataSource {
    type Model = CommandData;
    type Data = ();

    async fn read(
        &self,
        _: &mut Context<()>,
        request: ReadDataSourceRequest<CommandData>,
    ) -> Result<CommandData, Diagnostics> {
        let config = request.config;
        let (exit_code, stdout, stderr) = execute(
            "data source",
            &config.command,
            &config.arguments,
            &config.stdin,
            &config.working_directory,
            &config.allow_non_zero_exit_code,
        )
        .await?;
        Ok(CommandData {
            exit_code,
            stdout,
            stderr,
            ..config
        })
    }
}
