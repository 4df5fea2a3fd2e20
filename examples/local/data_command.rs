//! The data source `local_command`: runs a command when Terraform reads the data source
//! and holds its exit code, standard output and standard error.

use tfvalue::{Nullable, TfSchema, Unknown};
use tfvalue_provider::{Context, DataSource, Diagnostic, Diagnostics, ReadDataSourceRequest};

use crate::command::{self, unless_empty};
use crate::go_os::look_path;

/// The data source `local_command`.
#[derive(TfSchema, Debug, Clone)]
#[tf(
    description_kind = markdown,
    description = "Runs an executable on the local machine and returns the exit code, standard output data (`stdout`), and standard error data (`stderr`). \
                   All environment variables visible to the Terraform process are passed through to the child process. Both `stdout` and `stderr` returned by this data source \
                   are UTF-8 strings, which can be decoded into [Terraform values](https://developer.hashicorp.com/terraform/language/expressions/types) for use elsewhere in the Terraform configuration. \
                   There are built-in decoding functions such as [`jsondecode`](https://developer.hashicorp.com/terraform/language/functions/jsondecode) or [`yamldecode`](https://developer.hashicorp.com/terraform/language/functions/yamldecode), \
                   and more specialized [decoding functions](https://developer.hashicorp.com/terraform/plugin/framework/functions/concepts) can be built with a Terraform provider.\
                   \n\n\
                   Any non-zero exit code returned by the command will be treated as an error and will return a diagnostic to Terraform containing the `stderr` message if available. \
                   If a non-zero exit code is expected by the command, set `allow_non_zero_exit_code` to `true`.\
                   \n\n\
                   ~> **Warning** This mechanism is provided as an \"escape hatch\" for exceptional situations where a first-class Terraform provider is not more appropriate. \
                   Its capabilities are limited in comparison to a true data source, and implementing a data source via a local executable is likely to hurt the \
                   portability of your Terraform configuration by creating dependencies on external programs and libraries that may not be available (or may need to be used differently) \
                   on different operating systems.\
                   \n\n\
                   ~> **Warning** HCP Terraform and Terraform Enterprise do not guarantee availability of any particular language runtimes or external programs beyond standard shell utilities, \
                   so it is not recommended to use this data source within configurations that are applied within either."
)]
pub struct CommandData {
    /// The executable.
    #[tf(
        description = "Executable name to be discovered on the PATH or absolute path to executable."
    )]
    pub command: Unknown<String>,
    /// Its arguments.
    #[tf(
        description_kind = markdown,
        description = "Arguments to be passed to the given command. Any `null` arguments will be removed from the list."
    )]
    pub arguments: Unknown<Nullable<Vec<Unknown<Nullable<String>>>>>,
    /// Its standard input.
    #[tf(
        description_kind = markdown,
        description = "Data to be passed to the given command's standard input as a UTF-8 string. [Terraform values](https://developer.hashicorp.com/terraform/language/expressions/types) can be encoded \
                       by any Terraform encode function, for example, [`jsonencode`](https://developer.hashicorp.com/terraform/language/functions/jsonencode)."
    )]
    pub stdin: Unknown<Nullable<String>>,
    /// Where it runs.
    #[tf(
        description = "The directory path where the command should be executed, either an absolute path or relative to the Terraform working directory. If not provided, defaults to the Terraform working directory."
    )]
    pub working_directory: Unknown<Nullable<String>>,
    /// Whether a non-zero exit code is a success.
    #[tf(
        description_kind = markdown,
        description = "Indicates that the command returning a non-zero exit code should be treated as a successful execution. \
                       Further assertions can be made of the `exit_code` value with the [`check` block](https://developer.hashicorp.com/terraform/language/block/check). Defaults to false."
    )]
    pub allow_non_zero_exit_code: Unknown<Nullable<bool>>,
    /// The exit code.
    #[tf(
        computed,
        description_kind = markdown,
        description = "The exit code returned by the command. By default, if the exit code is non-zero, the data source will return a diagnostic to Terraform. \
                       If a non-zero exit code is expected by the command, set `allow_non_zero_exit_code` to `true`."
    )]
    pub exit_code: Unknown<Nullable<i64>>,
    /// Standard output.
    #[tf(
        computed,
        description_kind = markdown,
        description = "Data returned from the command's standard output stream. The data is returned directly from the command as a UTF-8 string, \
                       which can then be decoded by any Terraform decode function, for example, [`jsondecode`](https://developer.hashicorp.com/terraform/language/functions/jsondecode)."
    )]
    pub stdout: Unknown<Nullable<String>>,
    /// Standard error.
    #[tf(
        computed,
        description = "Data returned from the command's standard error stream. The data is returned directly from the command as a UTF-8 string and will be \
                       populated regardless of the exit code returned."
    )]
    pub stderr: Unknown<Nullable<String>>,
}

/// The outcome of running what `config` asks, and the error to report (`None`: the run
/// succeeded, or failed in a way `allow_non_zero_exit_code` accepts).
pub(crate) async fn execute(
    kind: &str,
    command: &str,
    arguments: Vec<String>,
    stdin: Option<String>,
    working_directory: Option<String>,
    allow_non_zero: bool,
) -> Result<(command::Outcome, Option<Diagnostic>), Diagnostics> {
    let path = look_path(command).map_err(|e| command::lookup_failed(kind, command, &e))?;
    let request = command::Request {
        command: command.to_owned(),
        arguments,
        stdin,
        working_directory: working_directory.unwrap_or_default(),
        environment: Default::default(),
    };
    let outcome = command::run(path, request).await;
    let failed = command::execution_failed(kind, &outcome, allow_non_zero);
    Ok((outcome, failed))
}

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
        let (outcome, failed) = execute(
            "data source",
            config.command.as_known().map_or("", String::as_str),
            command::arguments(&config.arguments),
            config.stdin.as_value().cloned(),
            config.working_directory.as_value().cloned(),
            config.allow_non_zero_exit_code.as_value() == Some(&true),
        )
        .await?;
        if let Some(error) = failed {
            return Err(error.into());
        }
        Ok(CommandData {
            exit_code: Unknown::known(outcome.exit_code.into()),
            stdout: unless_empty(outcome.stdout),
            stderr: unless_empty(outcome.stderr),
            ..config
        })
    }
}
