//! A directory where Terraform runs against the provider under test, and the commands
//! run there.
//!
//! A workspace holds a CLI configuration (`terraform.rc`), the module (`module/`, where
//! Terraform runs and keeps its state) and whatever else a test puts under its root. For
//! a provider executable the CLI configuration has `dev_overrides` for it; for a provider
//! served in-process the workspace starts its debug server and passes
//! `TF_REATTACH_PROVIDERS`. Either way no `terraform init` is needed and nothing is
//! downloaded. Under OpenTofu, the provider's address in all three places is the one
//! OpenTofu resolves ([`Cli::provider_address`](crate::Cli::provider_address): on
//! `registry.opentofu.org`).
//!
//! Commands get a clean environment: every inherited `TF_*` and `TOFU_*` variable is
//! removed, then `TF_CLI_CONFIG_FILE`, `CHECKPOINT_DISABLE=1` and `TF_IN_AUTOMATION=1` are
//! set (and `TF_REATTACH_PROVIDERS` in-process; OpenTofu reads the same names). Setting [`TF_LOG_VAR`] (for example to `trace`)
//! adds `TF_LOG` with `TF_LOG_PATH=<workspace>/terraform.log`.

use std::ffi::OsString;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use tfvalue_provider::debug::DebugServer;

use crate::discovery::Terraform;
use crate::opentofu::reattach_for;
use crate::output::{hcl_string, output_text, status_text, stdout_text};
use crate::test_provider::{Connection, TestProvider};

/// The CLI configuration of a workspace whose provider is attached: empty, so that the
/// user's own configuration plays no part.
const REATTACHED_CLI_CONFIG: &str =
    "# The provider under test is attached through TF_REATTACH_PROVIDERS.\n";

fn reattach_env(reattach: &str) -> (OsString, OsString) {
    (
        OsString::from("TF_REATTACH_PROVIDERS"),
        OsString::from(reattach),
    )
}

/// Environment variable that turns on Terraform's own log in every workspace: its value
/// becomes `TF_LOG`, the log goes to `<workspace>/terraform.log`.
pub const TF_LOG_VAR: &str = "TFVALUE_TESTING_TF_LOG";

/// Longest time one Terraform command may take before it is killed and the test fails
/// (a hung provider must not hang the suite).
pub const COMMAND_DEADLINE: Duration = Duration::from_secs(180);

/// The file holding the `required_providers` block the workspace writes.
pub const PROVIDERS_FILE: &str = "terraform.tf";

/// The file [`Workspace::write_main`] writes.
pub const MAIN_FILE: &str = "main.tf";

/// A directory where one test drives one Terraform against the provider under test.
/// Removed on drop, unless the test is panicking or [`Workspace::keep`] was called (its
/// path is printed then).
#[derive(Debug)]
pub struct Workspace {
    terraform: Terraform,
    dir: PathBuf,
    cli_config: PathBuf,
    provider: TestProvider,
    /// The provider's address as this workspace's CLI resolves it.
    source: String,
    pub(crate) env: Vec<(OsString, OsString)>,
    keep: AtomicBool,
    // Dropped after the fields above; stops the in-process provider.
    server: Option<DebugServer>,
}

impl Workspace {
    /// A fresh workspace for `terraform` and `provider`, its directory named after
    /// `label` (for the reader) under the system's temporary directory.
    ///
    /// # Panics
    /// When the directory cannot be written or the in-process provider cannot start.
    pub fn new(terraform: &Terraform, provider: &TestProvider, label: &str) -> Workspace {
        let dir = fresh_dir(&format!("{label}-{}", terraform.version));
        let module = dir.join("module");
        create_dir(&module);
        let cli_config = dir.join("terraform.rc");
        let source = terraform.cli.provider_address(provider.address());
        let reattach = |value: &str| {
            let value = reattach_for(terraform.cli, value).unwrap_or_else(|e| {
                panic!(
                    "the provider {} cannot be attached: {e}",
                    provider.address()
                )
            });
            reattach_env(&value)
        };
        let mut env = Vec::new();
        let server = match provider.connect() {
            Connection::DevOverride(executable) => {
                let plugins = dir.join("plugins");
                create_dir(&plugins);
                let exe = plugins.join(format!("terraform-provider-{}", provider.local_name()));
                link_or_copy(&executable, &exe);
                let config = format!(
                    "provider_installation {{\n  dev_overrides {{\n    {} = {}\n  }}\n  direct {{}}\n}}\n",
                    hcl_string(&source),
                    hcl_string(&path_text(&plugins)),
                );
                write(&cli_config, config.as_bytes());
                None
            }
            Connection::Served(started) => {
                let server = started.unwrap_or_else(|e| {
                    panic!(
                        "the provider {} cannot be served in-process: {e}",
                        provider.address()
                    )
                });
                env.push(reattach(server.reattach_providers()));
                write(&cli_config, REATTACHED_CLI_CONFIG.as_bytes());
                Some(server)
            }
            Connection::Reattach(value) => {
                env.push(reattach(&value));
                write(&cli_config, REATTACHED_CLI_CONFIG.as_bytes());
                None
            }
        };
        let ws = Workspace {
            terraform: terraform.clone(),
            dir,
            cli_config,
            provider: provider.clone(),
            source,
            env,
            keep: AtomicBool::new(false),
            server,
        };
        ws.write_providers_file(&ws.module_dir());
        ws
    }

    /// Writes the `required_providers` block naming the provider under test into `dir`.
    fn write_providers_file(&self, dir: &Path) {
        let text = format!(
            "terraform {{\n  required_providers {{\n    {} = {{\n      source = {}\n    }}\n  }}\n}}\n",
            self.provider.local_name(),
            hcl_string(&self.source),
        );
        write(&dir.join(PROVIDERS_FILE), text.as_bytes());
    }

    /// Sets `key` to `value` in the environment of every later Terraform command (after
    /// the clean-up of inherited `TF_*` variables, so `TF_LOG` may be set here).
    pub fn set_env(&mut self, key: impl Into<OsString>, value: impl Into<OsString>) {
        self.env.push((key.into(), value.into()));
    }

    /// The Terraform this workspace runs.
    pub fn terraform(&self) -> &Terraform {
        &self.terraform
    }

    /// The provider under test.
    pub fn provider(&self) -> &TestProvider {
        &self.provider
    }

    /// The debug server of a provider served in-process (see
    /// [`TestProvider::in_process`]), running while the workspace lives.
    pub fn debug_server(&self) -> Option<&DebugServer> {
        self.server.as_ref()
    }

    /// The source address of the provider as this workspace's CLI knows it, as
    /// `registry.terraform.io/acme/files` (`registry.opentofu.org/acme/files` under
    /// OpenTofu).
    pub fn provider_source(&self) -> &str {
        &self.source
    }

    /// The workspace's root directory; the module is its `module/` subdirectory, and test
    /// data may go anywhere else under it (see [`Workspace::path`]).
    pub fn root(&self) -> &Path {
        &self.dir
    }

    /// A path under the workspace's root (outside the module directory), for data the
    /// provider manages.
    pub fn path(&self, rel: &str) -> PathBuf {
        self.dir.join(rel)
    }

    /// The module directory, where Terraform runs and keeps its state.
    pub fn module_dir(&self) -> PathBuf {
        self.dir.join("module")
    }

    /// Keeps the directory when the workspace is dropped (a failed check calls this).
    pub fn keep(&self) {
        self.keep.store(true, Ordering::Relaxed);
    }

    /// A second module directory `<root>/<name>` holding the provider's
    /// `required_providers` block (and nothing else): a place for a separate state, as an
    /// import check needs. Run commands there with [`Workspace::run_in`].
    pub fn extra_module(&self, name: &str) -> PathBuf {
        let dir = self.dir.join(name);
        create_dir(&dir);
        self.write_providers_file(&dir);
        dir
    }

    /// Writes `main.tf` in the module directory (the `required_providers` block is in a
    /// file of its own, so line numbers in Terraform's messages are those of `body`).
    pub fn write_main(&self, body: &str) {
        write(&self.module_dir().join(MAIN_FILE), body.as_bytes());
    }

    /// Runs `terraform <args>` in the module directory and returns its output, whatever its
    /// exit status.
    ///
    /// # Panics
    /// When the command cannot be run or exceeds [`COMMAND_DEADLINE`].
    pub fn run(&self, args: &[&str]) -> Output {
        self.run_in(&self.module_dir(), args)
    }

    /// [`Workspace::run`] in another directory (as one from [`Workspace::extra_module`]).
    ///
    /// # Panics
    /// As [`Workspace::run`].
    pub fn run_in(&self, dir: &Path, args: &[&str]) -> Output {
        let child = self.spawn_in(dir, args);
        self.wait(child, args)
    }

    /// Starts `terraform <args>` in the module directory with stdout and stderr piped, and
    /// returns at once; finish with [`Workspace::wait`].
    ///
    /// # Panics
    /// When the command cannot be started.
    pub fn spawn(&self, args: &[&str]) -> Child {
        self.spawn_in(&self.module_dir(), args)
    }

    fn spawn_in(&self, dir: &Path, args: &[&str]) -> Child {
        let mut cmd = Command::new(&self.terraform.path);
        cmd.args(args)
            .current_dir(dir)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let inherited: Vec<OsString> = std::env::vars_os()
            .map(|(k, _)| k)
            .filter(|k| {
                k.to_str()
                    .is_some_and(|k| k.starts_with("TF_") || k.starts_with("TOFU_"))
            })
            .collect();
        for k in inherited {
            cmd.env_remove(k);
        }
        cmd.env("TF_CLI_CONFIG_FILE", &self.cli_config)
            .env("CHECKPOINT_DISABLE", "1")
            .env("TF_IN_AUTOMATION", "1");
        if let Some(level) = std::env::var_os(TF_LOG_VAR) {
            cmd.env("TF_LOG", level)
                .env("TF_LOG_PATH", self.dir.join("terraform.log"));
        }
        cmd.envs(self.env.iter().map(|(k, v)| (k, v)));
        cmd.spawn()
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", self.terraform.path.display()))
    }

    /// Waits for a command started with [`Workspace::spawn`] (`args` name it in messages)
    /// and returns its output, reading whatever of its stdout and stderr the caller has not
    /// taken.
    ///
    /// # Panics
    /// When it exceeds [`COMMAND_DEADLINE`] (it is killed then).
    pub fn wait(&self, mut child: Child, args: &[&str]) -> Output {
        let stdout = drain(child.stdout.take());
        let stderr = drain(child.stderr.take());
        let started = Instant::now();
        let status = loop {
            match child.try_wait() {
                Ok(Some(status)) => break status,
                Ok(None) if started.elapsed() > COMMAND_DEADLINE => {
                    // Ignored: the child may have exited between the two calls.
                    let _ = child.kill();
                    let _ = child.wait();
                    panic!(
                        "terraform {} ({}) still running after {COMMAND_DEADLINE:?}; killed",
                        args.join(" "),
                        self.terraform.version
                    );
                }
                Ok(None) => std::thread::sleep(Duration::from_millis(10)),
                Err(e) => panic!("cannot wait for terraform: {e}"),
            }
        };
        Output {
            status,
            stdout: stdout.join().unwrap_or_default(),
            stderr: stderr.join().unwrap_or_default(),
        }
    }

    /// Runs `terraform <args>` and returns its output.
    ///
    /// # Panics
    /// With the whole output, unless the exit status is `expected`.
    pub fn run_expecting(&self, args: &[&str], expected: i32) -> Output {
        let out = self.run(args);
        if out.status.code() != Some(expected) {
            panic!(
                "terraform {} ({}): expected exit status {expected}, got {}\n{}",
                args.join(" "),
                self.terraform.version,
                status_text(out.status),
                output_text(&out)
            );
        }
        out
    }

    /// Runs `terraform <args>`, which must succeed; returns its output.
    ///
    /// # Panics
    /// When it fails.
    pub fn run_ok(&self, args: &[&str]) -> Output {
        self.run_expecting(args, 0)
    }

    /// `terraform plan` (no colour, no input); must succeed. Returns its stdout.
    ///
    /// # Panics
    /// When it fails.
    pub fn plan(&self) -> String {
        stdout_text(&self.run_ok(&["plan", "-no-color", "-input=false"]))
    }

    /// `terraform apply -auto-approve` (no colour, no input); must succeed. Returns its
    /// stdout.
    ///
    /// # Panics
    /// When it fails.
    pub fn apply(&self) -> String {
        stdout_text(&self.run_ok(&["apply", "-auto-approve", "-no-color", "-input=false"]))
    }

    /// `terraform apply -auto-approve` expected to fail; returns stdout and stderr together.
    ///
    /// # Panics
    /// When it succeeds.
    pub fn apply_failing(&self) -> String {
        let out = self.run(&["apply", "-auto-approve", "-no-color", "-input=false"]);
        assert!(
            !out.status.success(),
            "apply ({}) was expected to fail but succeeded\n{}",
            self.terraform.version,
            output_text(&out)
        );
        output_text(&out)
    }

    /// `terraform plan -detailed-exitcode`: 0 when there are no changes, 2 when there are
    /// (1 is an error; the plan's output is printed to stderr when it is not 0, so that a
    /// failing assertion shows what changed).
    pub fn plan_detailed_exitcode(&self) -> i32 {
        let out = self.run(&["plan", "-detailed-exitcode", "-no-color", "-input=false"]);
        let code = out.status.code().unwrap_or(-1);
        if code != 0 {
            eprintln!(
                "plan -detailed-exitcode ({}) = {code}\n{}",
                self.terraform.version,
                output_text(&out)
            );
        }
        code
    }

    /// `terraform import <address> <id>`; must succeed. Returns its stdout.
    ///
    /// # Panics
    /// When it fails.
    pub fn import(&self, address: &str, id: &str) -> String {
        stdout_text(&self.run_ok(&["import", "-no-color", "-input=false", address, id]))
    }

    /// `terraform destroy -auto-approve`; must succeed. Returns its stdout.
    ///
    /// # Panics
    /// When it fails.
    pub fn destroy(&self) -> String {
        stdout_text(&self.run_ok(&["destroy", "-auto-approve", "-no-color", "-input=false"]))
    }

    /// The state as `terraform show -json` prints it.
    ///
    /// # Panics
    /// When `show` fails or prints no JSON.
    pub fn state(&self) -> serde_json::Value {
        self.state_in(&self.module_dir())
            .unwrap_or_else(|message| panic!("{message}"))
    }

    /// The state in `dir` as `terraform show -json` prints it, or why it cannot be read. A
    /// number beyond the `f64` range (Terraform prints a configuration's `1e5000` in full)
    /// is a string of its digits: `serde_json` cannot hold it as a number.
    pub fn state_in(&self, dir: &Path) -> Result<serde_json::Value, String> {
        let out = self.run_in(dir, &["show", "-json", "-no-color"]);
        if !out.status.success() {
            return Err(format!(
                "`terraform show -json` failed\n{}",
                output_text(&out)
            ));
        }
        crate::show_json::parse(&out.stdout).map_err(|e| {
            format!(
                "`terraform show -json` printed no JSON ({e})\n{}",
                output_text(&out)
            )
        })
    }

    /// The `values` of the resource at `address` (as `files_file.a` or
    /// `data.files_dir.d`) in the root module of [`Workspace::state`].
    ///
    /// # Panics
    /// When it is not in the state.
    pub fn resource_values(&self, address: &str) -> serde_json::Value {
        let state = self.state();
        crate::state::resource_in(&state, address)
            .map(|r| r["values"].clone())
            .unwrap_or_else(|| panic!("no resource {address} in the state: {state:#}"))
    }

    /// The resource at `address` decoded into its model `T`, through the model's own
    /// Terraform type (as the provider decodes it).
    ///
    /// # Panics
    /// When it is not in the state or does not decode.
    pub fn resource_as<T>(&self, address: &str) -> T
    where
        T: tfvalue::TfSchema + serde::de::DeserializeOwned,
    {
        crate::state::decode_values::<T>(&self.resource_values(address))
            .unwrap_or_else(|e| panic!("{address} does not decode into its model: {e}"))
    }

    /// The resource addresses in the root module of [`Workspace::state`].
    pub fn resource_addresses(&self) -> Vec<String> {
        crate::state::addresses(&self.state())
    }

    /// `terraform providers schema -json`, parsed.
    ///
    /// # Panics
    /// When it fails or prints no JSON.
    pub fn providers_schema(&self) -> serde_json::Value {
        let out = self.run_ok(&["providers", "schema", "-json"]);
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
            panic!(
                "`terraform providers schema -json` printed no JSON ({e})\n{}",
                output_text(&out)
            )
        })
    }
}

impl Drop for Workspace {
    fn drop(&mut self) {
        if self.keep.load(Ordering::Relaxed) || std::thread::panicking() {
            eprintln!(
                "kept the workspace of the failed test (Terraform {}): {}",
                self.terraform.version,
                self.dir.display()
            );
        } else {
            // Ignored: a leftover temp directory is not worth failing a passing test.
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

fn path_text(path: &Path) -> String {
    path.to_str()
        .unwrap_or_else(|| panic!("temp path is not UTF-8: {}", path.display()))
        .to_owned()
}

fn create_dir(dir: &Path) {
    std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
}

pub(crate) fn write(path: &Path, bytes: &[u8]) {
    std::fs::write(path, bytes).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
}

fn drain<R: Read + Send + 'static>(pipe: Option<R>) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        if let Some(mut pipe) = pipe {
            // A read error leaves what was read so far, which is what the test can show.
            let _ = pipe.read_to_end(&mut buf);
        }
        buf
    })
}

fn link_or_copy(from: &Path, to: &Path) {
    #[cfg(unix)]
    if std::os::unix::fs::symlink(from, to).is_ok() {
        return;
    }
    std::fs::copy(from, to)
        .unwrap_or_else(|e| panic!("cannot copy {} to {}: {e}", from.display(), to.display()));
}

/// A new empty directory under the system temp directory, unique in this process and
/// across processes.
fn fresh_dir(label: &str) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let label: String = label
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let base = std::env::temp_dir();
    loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let dir = base.join(format!("tfvalue-test-{label}-{}-{n}", std::process::id()));
        match std::fs::create_dir(&dir) {
            Ok(()) => return dir,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => panic!("cannot create {}: {e}", dir.display()),
        }
    }
}
