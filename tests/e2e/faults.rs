//! End to end, the provider under faults: the real Terraform CLI drives the
//! example provider `localfs` through many parallel operations, a Ctrl-C in the middle of
//! an apply, and trace logging with a secret in the configuration.
//!
//! Every test runs once per Terraform version found, each in a workspace of its own (see
//! `tfvalue_testing::each_terraform`).

use std::collections::BTreeSet;
use std::io::{BufRead as _, BufReader};
use std::os::unix::fs::FileTypeExt as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use tfvalue_testing::{
    each_terraform, hcl_string, output_text, Terraform, TestProvider, Workspace,
};

const PROVIDER_ADDRESS: &str = "example.com/tfvalue/localfs";
const PROVIDER_EXE: &str = env!("CARGO_BIN_EXE_terraform-provider-localfs");

/// A workspace for the localfs provider, whose managed root is `<workspace>/files`.
struct Localfs {
    ws: Workspace,
}

impl Localfs {
    fn new(tf: &Terraform, label: &str) -> Self {
        let ws = Workspace::new(
            tf,
            &TestProvider::binary(PROVIDER_ADDRESS, PROVIDER_EXE),
            label,
        );
        Localfs { ws }
    }

    /// The provider's root directory.
    fn root(&self) -> PathBuf {
        self.ws.path("files")
    }

    /// The root directory as an HCL string.
    fn root_hcl(&self) -> String {
        hcl_string(self.root().to_str().expect("temp paths are UTF-8"))
    }

    /// Writes `main.tf`: the default provider block, then `body`.
    fn config(&self, body: &str) {
        self.ws.write_main(&format!(
            "provider \"localfs\" {{\n  root = {}\n}}\n\n{body}",
            self.root_hcl()
        ));
    }

    /// A private temporary directory for Terraform and its providers (`TMPDIR`), so that
    /// what they leave in it can be checked.
    fn private_tmpdir(&mut self) -> PathBuf {
        let tmp = self.ws.path("tmp");
        std::fs::create_dir_all(&tmp).expect("the temporary directory is created");
        self.ws.set_env("TMPDIR", &tmp);
        tmp
    }

    fn version(&self) -> &str {
        &self.ws.terraform().version
    }
}

/// The files under `dir` (recursively), relative to it; empty when `dir` is missing.
fn files_under(dir: &Path) -> BTreeSet<String> {
    fn walk(base: &Path, dir: &Path, out: &mut BTreeSet<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(base, &path, out);
            } else if let Ok(rel) = path.strip_prefix(base) {
                out.insert(rel.to_string_lossy().into_owned());
            }
        }
    }
    let mut out = BTreeSet::new();
    walk(dir, dir, &mut out);
    out
}

/// Every entry under `dir` (recursively) that is a unix socket, or whose name says it
/// holds one (`plugin*`, as go-plugin names its sockets, and `tfvalue-plugin-*`, the
/// provider's socket directories).
fn socket_leftovers(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            let Ok(meta) = std::fs::symlink_metadata(&path) else {
                continue;
            };
            if meta.file_type().is_socket()
                || name.starts_with("plugin")
                || name.starts_with("tfvalue-plugin-")
            {
                found.push(path.clone());
            }
            if meta.is_dir() {
                pending.push(path);
            }
        }
    }
    found
}

/// The processes (pid and command line) whose command line mentions `needle`: the
/// provider processes a test started, found by the workspace path of their executable.
fn processes_mentioning(needle: &str) -> Vec<(u32, String)> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return found;
    };
    for entry in entries.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        if pid == std::process::id() {
            continue;
        }
        // A process may exit while it is looked at: nothing to report then.
        let Ok(raw) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let cmdline = String::from_utf8_lossy(&raw).replace('\0', " ");
        if cmdline.contains(needle) {
            found.push((pid, cmdline));
        }
    }
    found
}

/// The resource instances of the state file `terraform.tfstate` (read directly, so that
/// a broken file fails here): `(address, values)` for each.
fn state_instances(ws: &Workspace) -> Vec<(String, serde_json::Value)> {
    let path = ws.module_dir().join("terraform.tfstate");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let state: serde_json::Value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("the state file is not JSON ({e}):\n{text}"));
    let mut out = Vec::new();
    for resource in state["resources"].as_array().into_iter().flatten() {
        let address = format!(
            "{}.{}",
            resource["type"].as_str().unwrap_or("?"),
            resource["name"].as_str().unwrap_or("?")
        );
        for instance in resource["instances"].as_array().into_iter().flatten() {
            let address = match &instance["index_key"] {
                serde_json::Value::Null => address.clone(),
                key => format!("{address}[{key}]"),
            };
            out.push((address, instance["attributes"].clone()));
        }
    }
    out
}

const MANY: usize = 200;

#[test]
fn two_hundred_resources_apply_and_destroy_with_parallelism_20() {
    each_terraform(
        "two_hundred_resources_apply_and_destroy_with_parallelism_20",
        |tf| {
            let t = Localfs::new(tf, "many");
            t.config(&format!(
                r#"
resource "localfs_file" "many" {{
  count   = {MANY}
  path    = "many/${{count.index}}.txt"
  content = "file ${{count.index}}\n"
}}
"#
            ));
            let applied = t.ws.run_ok(&[
                "apply",
                "-auto-approve",
                "-no-color",
                "-input=false",
                "-parallelism=20",
            ]);
            let text = output_text(&applied);
            assert!(
                text.contains(&format!("{MANY} added, 0 changed, 0 destroyed")),
                "{text}"
            );
            assert!(!text.contains("Error"), "{text}");

            let expected: BTreeSet<String> = (0..MANY)
                .map(|i| format!("localfs_file.many[{i}]"))
                .collect();
            let addresses: BTreeSet<String> = t.ws.resource_addresses().into_iter().collect();
            assert_eq!(addresses, expected, "Terraform {}", t.version());
            let expected_files: BTreeSet<String> =
                (0..MANY).map(|i| format!("many/{i}.txt")).collect();
            assert_eq!(files_under(&t.root()), expected_files);
            for i in 0..MANY {
                let path = t.root().join(format!("many/{i}.txt"));
                let content = std::fs::read_to_string(&path)
                    .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
                assert_eq!(content, format!("file {i}\n"));
            }

            let destroyed = t.ws.run_ok(&[
                "destroy",
                "-auto-approve",
                "-no-color",
                "-input=false",
                "-parallelism=20",
            ]);
            let text = output_text(&destroyed);
            assert!(text.contains(&format!("{MANY} destroyed")), "{text}");
            assert!(t.ws.resource_addresses().is_empty());
            assert_eq!(files_under(&t.root()), BTreeSet::new());
        },
    );
}

/// Sends SIGINT to the process `pid`, as Ctrl-C in a terminal does to Terraform.
fn interrupt(pid: u32) {
    let status = Command::new("kill")
        .args(["-INT", &pid.to_string()])
        .status()
        .expect("the kill command runs");
    assert!(status.success(), "kill -INT {pid} failed: {status}");
}

#[test]
fn ctrl_c_during_apply_leaves_a_consistent_state_and_no_provider_behind() {
    each_terraform(
        "ctrl_c_during_apply_leaves_a_consistent_state_and_no_provider_behind",
        |tf| {
            let mut t = Localfs::new(tf, "ctrl-c");
            let tmp = t.private_tmpdir();
            // Fast files first; the slow ones (through a provider configuration with a
            // write delay of two minutes, far longer than the test takes when
            // cancellation works) start once the fast ones exist.
            t.ws.write_main(&format!(
                r#"
provider "localfs" {{
  root = {root}
}}

provider "localfs" {{
  alias          = "slow"
  root           = {root}
  write_delay_ms = 120000
}}

resource "localfs_file" "fast" {{
  count   = 3
  path    = "fast/${{count.index}}"
  content = "fast ${{count.index}}"
}}

resource "localfs_file" "slow" {{
  provider   = localfs.slow
  count      = 3
  path       = "slow/${{count.index}}"
  content    = "slow ${{count.index}}"
  depends_on = [localfs_file.fast]
}}
"#,
                root = t.root_hcl()
            ));
            let args = ["apply", "-auto-approve", "-no-color", "-input=false"];
            let mut child = t.ws.spawn(&args);
            let pid = child.id();
            let stdout = child.stdout.take().expect("stdout is piped");
            // Terraform's output is read as it comes, on a thread of its own, while
            // `wait` below enforces the command's deadline.
            let reader = {
                let tmp = tmp.clone();
                std::thread::spawn(move || {
                    let mut lines = Vec::new();
                    // What was under TMPDIR when the interrupt was sent.
                    let mut live_sockets = None;
                    for line in BufReader::new(stdout).lines() {
                        let Ok(line) = line else { break };
                        if live_sockets.is_none()
                            && line.contains("localfs_file.slow[")
                            && line.contains("Creating...")
                        {
                            live_sockets = Some(socket_leftovers(&tmp));
                            interrupt(pid);
                        }
                        lines.push(line);
                    }
                    (lines, live_sockets)
                })
            };
            let out = t.ws.wait(child, &args);
            let (lines, live_sockets) = reader.join().expect("the output reader");
            let text = format!(
                "--- stdout\n{}\n--- stderr\n{}",
                lines.join("\n"),
                String::from_utf8_lossy(&out.stderr)
            );
            let interrupted = live_sockets.is_some();
            // Control: the providers' sockets really were under the private temporary
            // directory, so finding none there afterwards means something.
            let live = live_sockets.unwrap_or_default();
            assert!(
                live.iter().any(|p| p
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with("tfvalue-plugin-"))),
                "Terraform {}: no provider socket under TMPDIR during the apply: {live:?}\n{text}",
                t.version()
            );
            assert!(interrupted, "the slow creates never started:\n{text}");
            assert!(
                !out.status.success(),
                "apply succeeded despite Ctrl-C:\n{text}"
            );
            // The slow creates were cut short by StopProvider, not left to finish.
            assert!(text.contains("Interrupted"), "{text}");

            // The state is valid and matches the disk: the fast files, no slow one.
            let instances = state_instances(&t.ws);
            let addresses: BTreeSet<String> = instances.iter().map(|(a, _)| a.clone()).collect();
            let expected: BTreeSet<String> =
                (0..3).map(|i| format!("localfs_file.fast[{i}]")).collect();
            assert_eq!(addresses, expected, "{text}");
            for (address, values) in &instances {
                let rel = values["path"]
                    .as_str()
                    .unwrap_or_else(|| panic!("{address} has no path: {values}"));
                let content = std::fs::read_to_string(t.root().join(rel))
                    .unwrap_or_else(|e| panic!("{address}: its file {rel} is missing: {e}"));
                assert_eq!(
                    Some(content.as_str()),
                    values["content"].as_str(),
                    "{address}"
                );
            }
            let expected_files: BTreeSet<String> = (0..3).map(|i| format!("fast/{i}")).collect();
            assert_eq!(
                files_under(&t.root()),
                expected_files,
                "nothing half-written"
            );

            // No provider process of this workspace is left, nor any socket.
            let workspace = t.ws.root().to_str().expect("UTF-8").to_owned();
            let left = processes_mentioning(&workspace);
            assert!(left.is_empty(), "provider processes left behind: {left:?}");
            let sockets = socket_leftovers(&tmp);
            assert!(sockets.is_empty(), "left in TMPDIR: {sockets:?}");

            // Terraform goes on from that state: the slow files are still to create.
            assert_eq!(
                t.ws.plan_detailed_exitcode(),
                2,
                "Terraform {}",
                t.version()
            );
            assert!(processes_mentioning(&workspace).is_empty());
            assert!(socket_leftovers(&tmp).is_empty());
        },
    );
}

/// Replaces the workspace's provider executable by a script that runs the real one under
/// `strace`, recording every successful file-system call that creates or changes a path,
/// and every socket bind, in `<trace_dir>/trace.<pid>` (one file per provider process).
fn trace_provider(ws: &Workspace, trace_dir: &Path) {
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::create_dir_all(trace_dir).expect("the trace directory is created");
    let exe = ws.root().join("plugins").join("terraform-provider-localfs");
    std::fs::remove_file(&exe).expect("the provider link is replaced");
    let calls = "open,openat,openat2,creat,mkdir,mkdirat,rename,renameat,renameat2,link,\
                 linkat,symlink,symlinkat,truncate,mknod,mknodat,bind";
    let script = format!(
        "#!/bin/sh\nexec strace -f -ff -qq -e status=successful -e trace={calls} -o {} {} \"$@\"\n",
        shell_quote(&trace_dir.join("trace")),
        shell_quote(Path::new(PROVIDER_EXE)),
    );
    std::fs::write(&exe, script).expect("the wrapper is written");
    std::fs::set_permissions(&exe, std::fs::Permissions::from_mode(0o755))
        .expect("the wrapper is executable");
}

fn shell_quote(path: &Path) -> String {
    let text = path.to_str().expect("temp paths are UTF-8");
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// Whether `strace` can trace a process here (it may be missing, or ptrace forbidden).
fn strace_works() -> bool {
    Command::new("strace")
        .args(["-qq", "-e", "trace=none", "true"])
        .output()
        .is_ok_and(|out| out.status.success())
}

/// The paths a traced call created or changed, from one `strace` output line: `None` when
/// the call only read.
fn written_paths(line: &str) -> Option<Vec<String>> {
    // `strace -f` without `-ff` puts the pid first; with `-ff` the line is the call.
    let line = line.trim_start();
    let call = match line.split_once(' ') {
        Some((pid, rest)) if pid.bytes().all(|b| b.is_ascii_digit()) => rest.trim_start(),
        _ => line,
    };
    let name = call.split('(').next().unwrap_or("");
    let writes = match name {
        "open" | "openat" | "openat2" => ["O_WRONLY", "O_RDWR", "O_CREAT", "O_TRUNC"]
            .iter()
            .any(|flag| call.contains(flag)),
        "" => false,
        _ => true,
    };
    if !writes {
        return None;
    }
    // The quoted arguments are the paths (and, for bind, the socket's path).
    let paths = call
        .split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect();
    Some(paths)
}

#[test]
fn sensitive_values_stay_out_of_provider_logs_and_the_provider_writes_only_its_own_paths() {
    each_terraform(
        "sensitive_values_stay_out_of_provider_logs_and_the_provider_writes_only_its_own_paths",
        |tf| {
            let mut t = Localfs::new(tf, "secrets");
            let tmp = t.private_tmpdir();
            let log = t.ws.path("terraform.log");
            t.ws.set_env("TF_LOG", "trace");
            t.ws.set_env("TF_LOG_PATH", &log);
            let traces = t.ws.path("traces");
            let traced = strace_works();
            if traced {
                trace_provider(&t.ws, &traces);
            } else {
                eprintln!("note: strace cannot run here; the provider's writes are not traced");
            }
            let canary = format!("canary-{}-d41d8cd98f", std::process::id());
            t.config(&format!(
                r#"
resource "localfs_file" "secret" {{
  path              = "secret.txt"
  sensitive_content = "{canary}"
}}

resource "localfs_document" "doc" {{
  path    = "doc.json"
  api_key = "{canary}"
}}
"#
            ));
            t.ws.apply();
            assert_eq!(t.ws.plan_detailed_exitcode(), 0);
            // The secret did reach the provider.
            let written = std::fs::read_to_string(t.root().join("secret.txt"))
                .expect("the secret file exists");
            assert_eq!(written, canary);

            let text = std::fs::read_to_string(&log)
                .unwrap_or_else(|e| panic!("no Terraform log at {}: {e}", log.display()));
            let provider_lines: Vec<&str> = text
                .lines()
                .filter(|line| line.contains("provider.terraform-provider-localfs"))
                .collect();
            // Control: the provider's own debug lines are in the log, so the check below
            // looks at real provider output.
            assert!(
                provider_lines
                    .iter()
                    .any(|l| l.contains("request") && l.contains("ApplyResourceChange")),
                "Terraform {}: no provider request line in the log ({} provider lines)",
                t.version(),
                provider_lines.len()
            );
            let leaks: Vec<&&str> = provider_lines
                .iter()
                .filter(|l| l.contains(&canary))
                .collect();
            assert!(
                leaks.is_empty(),
                "the secret is in provider log lines: {leaks:#?}"
            );

            if traced {
                // The provider wrote nothing but the managed files and its socket: the
                // server's private key never went to disk.
                let root = t.root();
                let sockets = tmp.join("tfvalue-plugin-");
                let sockets = sockets.to_str().expect("UTF-8");
                let mut processes = 0;
                let mut managed_writes = 0;
                for entry in std::fs::read_dir(&traces)
                    .expect("traces were written")
                    .flatten()
                {
                    processes += 1;
                    let trace = std::fs::read_to_string(entry.path()).expect("a trace");
                    for line in trace.lines() {
                        let Some(paths) = written_paths(line) else {
                            continue;
                        };
                        for path in paths {
                            if Path::new(&path).starts_with(&root) {
                                managed_writes += 1;
                            }
                            let allowed = Path::new(&path).starts_with(&root)
                                || path.starts_with(sockets)
                                || path == "/dev/null";
                            assert!(allowed, "the provider wrote outside its paths: {line}");
                        }
                    }
                }
                assert!(processes > 0, "no provider process was traced");
                // Control: the trace saw the provider write the managed files.
                assert!(managed_writes > 0, "no write of a managed file was traced");
            }
        },
    );
}

/// A provider whose registrations are wrong (a resource type registered twice) cannot
/// serve; started by Terraform, it answers with the reason, and Terraform shows it: an
/// exit at start would leave Terraform only "Unrecognized remote plugin message".
#[test]
fn a_provider_with_wrong_registrations_shows_terraform_why() {
    each_terraform(
        "a_provider_with_wrong_registrations_shows_terraform_why",
        |tf| {
            let provider = TestProvider::binary(
                "example.com/tfvalue/misregistered",
                env!("CARGO_BIN_EXE_terraform-provider-misregistered"),
            );
            let ws = Workspace::new(tf, &provider, "misregistered");
            ws.write_main("resource \"misregistered_thing\" \"one\" {}\n");
            let out = ws.run(&["plan", "-no-color", "-input=false"]);
            assert!(
                !out.status.success(),
                "Terraform {}: the plan succeeded",
                tf.version
            );
            let text = output_text(&out);
            let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
            for expected in [
                "Invalid provider registrations",
                "its types are declared wrongly",
                "resource type \"misregistered_thing\" is registered twice",
            ] {
                assert!(
                    text.contains(expected),
                    "Terraform {}: no {expected:?} in: {text}",
                    tf.version
                );
            }
            assert!(
                !text.contains("Unrecognized remote plugin message"),
                "Terraform {}: {text}",
                tf.version
            );
        },
    );
}
