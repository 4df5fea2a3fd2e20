//! Running a command, as the data source, the ephemeral resource and the action
//! `local_command` do: looked up as Go's `exec.LookPath` looks, run with the
//! provider's environment, and its failures told in the Go provider's words (`exec:
//! "jq": executable file not found in $PATH`, `exit status 1`, `chdir /x: no such file or
//! directory`); and the attributes the three types share.

use std::collections::BTreeMap;
use std::io::Write as _;
use std::os::unix::process::CommandExt as _;
use std::process::{Command, Stdio};

use tfvalue::{Nullable, Unknown};
use tfvalue_provider::Diagnostic;

use crate::go_os::{exit_text, path_error};

/// Declares a `local_command` model with the attributes the three types share (`command`,
/// `arguments`, `working_directory`), then the struct's own fields. The data source and
/// the ephemeral resource, written `pub struct Name; /// ... exit_code;`, also share
/// `stdin`, `allow_non_zero_exit_code`, `exit_code` (with the description given there,
/// which names the type), `stdout` and `stderr`.
macro_rules! command_model {
    ($(#[$meta:meta])* pub struct $name:ident { $($fields:tt)* }) => {
        $(#[$meta])*
        pub struct $name {
            /// Executable name to be discovered on the PATH or absolute path to executable.
            pub command: ::tfvalue::Unknown<::std::string::String>,
            /// Arguments to be passed to the given command. Any `null` arguments will be removed from the list.
            #[tf(description_kind = markdown)]
            pub arguments: ::tfvalue::Unknown<
                ::tfvalue::Nullable<
                    ::std::vec::Vec<::tfvalue::Unknown<::tfvalue::Nullable<::std::string::String>>>,
                >,
            >,
            /// The directory path where the command should be executed, either an absolute path or relative to the Terraform working directory. If not provided, defaults to the Terraform working directory.
            pub working_directory: ::tfvalue::Unknown<::tfvalue::Nullable<::std::string::String>>,
            $($fields)*
        }
    };
    ($(#[$meta:meta])* pub struct $name:ident; $(#[$exit_code:meta])* exit_code;) => {
        $crate::command::command_model! {
            $(#[$meta])*
            pub struct $name {
                /// Data to be passed to the given command's standard input as a UTF-8 string. [Terraform values](https://developer.hashicorp.com/terraform/language/expressions/types) can be encoded by any Terraform encode function, for example, [`jsonencode`](https://developer.hashicorp.com/terraform/language/functions/jsonencode).
                #[tf(description_kind = markdown)]
                pub stdin: ::tfvalue::Unknown<::tfvalue::Nullable<::std::string::String>>,
                /// Indicates that the command returning a non-zero exit code should be treated as a successful execution. Further assertions can be made of the `exit_code` value with the [`check` block](https://developer.hashicorp.com/terraform/language/block/check). Defaults to false.
                #[tf(description_kind = markdown)]
                pub allow_non_zero_exit_code: ::tfvalue::Unknown<::tfvalue::Nullable<bool>>,
                $(#[$exit_code])*
                #[tf(computed, description_kind = markdown)]
                pub exit_code: ::tfvalue::Unknown<::tfvalue::Nullable<i64>>,
                /// Data returned from the command's standard output stream. The data is returned directly from the command as a UTF-8 string, which can then be decoded by any Terraform decode function, for example, [`jsondecode`](https://developer.hashicorp.com/terraform/language/functions/jsondecode).
                #[tf(computed, description_kind = markdown)]
                pub stdout: ::tfvalue::Unknown<::tfvalue::Nullable<::std::string::String>>,
                /// Data returned from the command's standard error stream. The data is returned directly from the command as a UTF-8 string and will be populated regardless of the exit code returned.
                #[tf(computed)]
                pub stderr: ::tfvalue::Unknown<::tfvalue::Nullable<::std::string::String>>,
            }
        }
    };
}
pub(crate) use command_model;

/// What the configuration asks to run.
#[derive(Debug, Clone, Default)]
pub struct Request {
    /// The command: a name searched in `PATH`, or a path.
    pub command: String,
    /// Its arguments (the configuration's null ones left out).
    pub arguments: Vec<String>,
    /// Its standard input; `None` reads nothing (the null device).
    pub stdin: Option<String>,
    /// Where it runs; empty: the provider's working directory (Terraform's).
    pub working_directory: String,
    /// Variables set on top of the provider's environment.
    pub environment: BTreeMap<String, String>,
}

/// The configured `arguments` without their null elements, as upstream passes them.
pub fn arguments(list: &Unknown<Nullable<Vec<Unknown<Nullable<String>>>>>) -> Vec<String> {
    list.as_value()
        .into_iter()
        .flatten()
        .filter_map(|a| a.as_value().cloned())
        .collect()
}

/// How a run ended.
#[derive(Debug)]
pub struct Outcome {
    /// Go's `cmd.String()`: the resolved path and the arguments.
    pub shown: String,
    /// Standard output, invalid UTF-8 replaced.
    pub stdout: String,
    /// Standard error, invalid UTF-8 replaced.
    pub stderr: String,
    /// The exit code, when the process started (`-1` when a signal ended it).
    pub exit_code: Option<i64>,
    /// Why the run failed, if it did.
    pub failure: Option<Failure>,
}

/// Why a run failed.
#[derive(Debug, PartialEq, Eq)]
pub enum Failure {
    /// It ran and exited unsuccessfully: Go's `exit status 1`.
    Exit(String),
    /// It could not start: Go's `chdir /x: no such file or directory`.
    Start(String),
}

/// The "Command Lookup Failed" error of `kind` ("data source", "ephemeral resource",
/// "action") for `command`, which `look_path` refused with `error`.
pub fn lookup_failed(kind: &str, command: &str, error: &str) -> Diagnostic {
    Diagnostic::error("Command Lookup Failed")
        .with_detail(format!(
            "The {kind} received an unexpected error while attempting to find the command.\
             \n\n\
             The command must be accessible according to the platform where Terraform is running.\
             \n\n\
             If the expected command should be automatically found on the platform where Terraform is running, \
             ensure that the command is in an expected directory. On Unix-based platforms, these directories are \
             typically searched based on the '$PATH' environment variable. On Windows-based platforms, these directories \
             are typically searched based on the '%PATH%' environment variable.\
             \n\n\
             If the expected command is relative to the Terraform configuration, it is recommended that the command name includes \
             the interpolated value of 'path.module' before the command name to ensure that it is compatible with varying module usage. For example: \"${{path.module}}/my-command\"\
             \n\n\
             The command must also be executable according to the platform where Terraform is running. On Unix-based platforms, the file on the filesystem must have the executable bit set. \
             On Windows-based platforms, no action is typically necessary.\
             \n\n\
             Platform: {}\nCommand: {command}\nError: {error}",
            std::env::consts::OS
        ))
        .at("command")
}

/// Runs the command found at `path` (what `look_path` answered for `request.command`)
/// on a blocking thread, waiting for it to end.
pub async fn run(path: String, request: Request) -> Outcome {
    let shown = std::iter::once(path.as_str())
        .chain(request.arguments.iter().map(String::as_str))
        .collect::<Vec<_>>()
        .join(" ");
    let ran = tokio::task::spawn_blocking(move || run_blocking(&path, &request)).await;
    let (stdout, stderr, exit_code, failure) = match ran {
        Ok(Ok((stdout, stderr, status))) => {
            let failure = (!status.success()).then(|| Failure::Exit(exit_text(&status)));
            (
                stdout,
                stderr,
                Some(crate::go_os::exit_code(&status)),
                failure,
            )
        }
        Ok(Err(reason)) => (
            String::new(),
            String::new(),
            None,
            Some(Failure::Start(reason)),
        ),
        Err(e) => (
            String::new(),
            String::new(),
            None,
            Some(Failure::Start(e.to_string())),
        ),
    };
    Outcome {
        shown,
        stdout,
        stderr,
        exit_code,
        failure,
    }
}

type Ran = (String, String, std::process::ExitStatus);

fn run_blocking(path: &str, request: &Request) -> Result<Ran, String> {
    let dir = &request.working_directory;
    // As Go's os.StartProcess: a working directory that cannot be reached is told as
    // `chdir <dir>: <reason>` before anything starts.
    if !dir.is_empty() {
        std::fs::metadata(dir).map_err(|e| path_error("chdir", dir, &e))?;
    }
    let mut command = Command::new(path);
    command
        .arg0(&request.command)
        .args(&request.arguments)
        .envs(&request.environment)
        .stdin(if request.stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if !dir.is_empty() {
        command.current_dir(dir);
    }
    let mut child = command
        .spawn()
        .map_err(|e| path_error("fork/exec", path, &e))?;
    let writer = match (child.stdin.take(), &request.stdin) {
        (Some(mut pipe), Some(input)) => {
            let input = input.clone().into_bytes();
            // A command that stops reading early closes the pipe: not an error of the run.
            Some(std::thread::spawn(move || {
                let _ = pipe.write_all(&input);
            }))
        }
        _ => None,
    };
    let output = child
        .wait_with_output()
        .map_err(|e| path_error("wait", path, &e))?;
    if let Some(writer) = writer {
        let _ = writer.join();
    }
    Ok((
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status,
    ))
}

/// A string attribute that is null when `text` is empty, as upstream leaves `stdout` and
/// `stderr` unset then.
pub fn unless_empty(text: String) -> Unknown<Nullable<String>> {
    if text.is_empty() {
        Unknown::known(Nullable::Null)
    } else {
        Some(text).into()
    }
}

/// The "Command Execution Failed" error of `kind` for an outcome that failed, or `None`
/// when it did not, or exited unsuccessfully with `allow_non_zero_exit_code`.
pub fn execution_failed(kind: &str, outcome: &Outcome, allow_non_zero: bool) -> Option<Diagnostic> {
    let detail = match outcome.failure.as_ref()? {
        Failure::Exit(_) if allow_non_zero => return None,
        Failure::Exit(state) => format!(
            "The {kind} executed the command but received a non-zero exit code. If a non-zero exit code is expected \
             and can be handled in configuration, set \"allow_non_zero_exit_code\" to true.\
             \n\n\
             Command: {}\nCommand Error: {}\nState: {state}",
            outcome.shown, outcome.stderr
        ),
        Failure::Start(state) => format!(
            "The {kind} received an unexpected error while attempting to execute the command.\
             \n\n\
             Command: {}\nState: {state}",
            outcome.shown
        ),
    };
    Some(
        Diagnostic::error("Command Execution Failed")
            .with_detail(detail)
            .at("command"),
    )
}
