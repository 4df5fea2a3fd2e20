//! End to end: a provider executable started in debug mode (`--debug`, `-debug` or
//! `TFVALUE_PROVIDER_DEBUG=1`) serves without Terraform, prints the
//! `TF_REATTACH_PROVIDERS` line to export, answers every Terraform command run with it,
//! and stops on Ctrl-C (SIGINT) or SIGTERM, removing its socket.

use std::io::{BufRead as _, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use tfvalue_testing::{each_terraform, hcl_string, output_text, TestProvider, Workspace};

const LOCALFS_EXE: &str = env!("CARGO_BIN_EXE_terraform-provider-localfs");
const LOCALFS_ADDRESS: &str = "example.com/tfvalue/localfs";
const RANDOM_EXE: &str = env!("CARGO_BIN_EXE_terraform-provider-random");

/// How the provider is asked for debug mode.
#[derive(Clone, Copy)]
enum Ask {
    Flag(&'static str),
    Env,
}

/// A provider process in debug mode, killed if the test ends without stopping it.
struct Debugged {
    child: Child,
    reattach: String,
    banner: String,
}

impl Drop for Debugged {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            // Ignored: it may have exited in between; the test has failed already.
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Starts the localfs provider in debug mode and reads what it prints up to the
/// `TF_REATTACH_PROVIDERS` line.
fn start(ask: Ask) -> Debugged {
    let mut cmd = Command::new(LOCALFS_EXE);
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .env_remove("TF_PLUGIN_MAGIC_COOKIE")
        .env_remove("TFVALUE_PROVIDER_DEBUG");
    match ask {
        Ask::Flag(flag) => {
            cmd.arg(flag);
        }
        Ask::Env => {
            cmd.env("TFVALUE_PROVIDER_DEBUG", "1");
        }
    }
    let mut child = cmd.spawn().expect("the provider starts");
    let stdout = child.stdout.take().expect("piped stdout");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut banner = String::new();
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            banner.push_str(&line);
            banner.push('\n');
            if line.trim_start().starts_with("TF_REATTACH_PROVIDERS=") {
                // Ignored: the test gave up waiting.
                let _ = tx.send(banner.clone());
            }
        }
    });
    let banner = rx
        .recv_timeout(Duration::from_secs(30))
        .expect("the provider prints its TF_REATTACH_PROVIDERS line within 30 s");
    let line = banner
        .lines()
        .find(|l| l.trim_start().starts_with("TF_REATTACH_PROVIDERS="))
        .unwrap_or_default();
    let reattach = line
        .trim_start()
        .strip_prefix("TF_REATTACH_PROVIDERS='")
        .and_then(|rest| rest.strip_suffix('\''))
        .unwrap_or_else(|| panic!("not a quoted assignment: {line:?}"))
        .to_owned();
    Debugged {
        child,
        reattach,
        banner,
    }
}

fn signal(child: &Child, name: &str) {
    let status = Command::new("kill")
        .args([format!("-{name}"), child.id().to_string()])
        .status()
        .expect("the kill command runs");
    assert!(status.success(), "kill -{name} failed: {status}");
}

/// Waits up to 10 s for the process to exit; its exit status.
fn wait_exit(child: &mut Child) -> std::process::ExitStatus {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            return status;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the provider did not stop within 10 s"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Runs Terraform against the provider in debug mode: create, an empty plan, destroy; the
/// provider serves every command and is still running after them. Then `stop_with`
/// stops it.
fn attach_and_stop(label: &str, ask: Ask, stop_with: &str) {
    each_terraform(label, |tf| {
        let mut debugged = start(ask);
        assert!(
            debugged.banner.starts_with(
                "Provider started. To attach Terraform CLI, set the TF_REATTACH_PROVIDERS \
                 environment variable with the following:\n\n\tTF_REATTACH_PROVIDERS='"
            ),
            "{}",
            debugged.banner
        );
        let config: serde_json::Value =
            serde_json::from_str(&debugged.reattach).expect("the reattach value is JSON");
        let entry = &config[LOCALFS_ADDRESS];
        assert_eq!(entry["Protocol"], "grpc", "{config}");
        assert_eq!(entry["ProtocolVersion"], 6, "{config}");
        assert_eq!(entry["Test"], true, "{config}");
        assert_eq!(entry["Pid"], debugged.child.id(), "{config}");
        assert_eq!(entry["Addr"]["Network"], "unix", "{config}");
        let socket = PathBuf::from(entry["Addr"]["String"].as_str().expect("a socket path"));
        assert!(socket.exists(), "{}", socket.display());

        let provider = TestProvider::attached(LOCALFS_ADDRESS, &debugged.reattach);
        let ws = Workspace::new(tf, &provider, label);
        let root = ws.path("files");
        ws.write_main(&format!(
            "provider \"localfs\" {{\n  root = {}\n}}\n\nresource \"localfs_file\" \"f\" {{\n  path    = \"f.txt\"\n  content = \"attached\"\n}}\n",
            hcl_string(root.to_str().expect("UTF-8 temp path"))
        ));
        let applied = ws.apply();
        assert!(applied.contains("1 added"), "{applied}");
        assert_eq!(
            std::fs::read_to_string(root.join("f.txt")).expect("the file is written"),
            "attached"
        );
        assert_eq!(
            ws.plan_detailed_exitcode(),
            0,
            "the plan after apply is empty"
        );
        assert!(
            debugged.child.try_wait().expect("wait").is_none(),
            "Terraform does not stop a provider it attached to"
        );
        ws.destroy();
        assert!(!root.join("f.txt").exists());

        signal(&debugged.child, stop_with);
        let status = wait_exit(&mut debugged.child);
        assert!(
            status.success(),
            "{stop_with} stops debug mode cleanly: {status}"
        );
        assert!(
            !socket.exists(),
            "the socket is removed: {}",
            socket.display()
        );
        // Terraform cannot reach it any more.
        let out = ws.run(&["plan", "-no-color", "-input=false"]);
        assert!(!out.status.success(), "{}", output_text(&out));
    });
}

#[test]
fn double_dash_debug_serves_terraform_until_ctrl_c() {
    attach_and_stop("debug-flag", Ask::Flag("--debug"), "INT");
}

#[test]
fn single_dash_debug_stops_on_sigterm() {
    attach_and_stop("debug-go-flag", Ask::Flag("-debug"), "TERM");
}

#[test]
fn the_environment_variable_asks_for_debug_mode_too() {
    attach_and_stop("debug-env", Ask::Env, "INT");
}

/// The random example serves without naming its address: debug mode refuses to start
/// rather than print a line no configuration could match.
#[test]
fn debug_mode_without_an_address_is_a_clear_error() {
    let out = Command::new(RANDOM_EXE)
        .arg("--debug")
        .stdin(Stdio::null())
        .output()
        .expect("the provider runs");
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty(), "nothing on stdout");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("debug mode needs the provider's source address"),
        "{stderr}"
    );
}
