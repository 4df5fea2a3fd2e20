//! End to end: ephemeral resources and write-only attributes with the real Terraform CLI
//! and the example provider `localfs` (`examples/localfs`): a secret read by the ephemeral
//! `localfs_secret` is written into a file through the write-only `content_wo` of a
//! `localfs_file`, and appears in no state, no saved plan and no log; and an ephemeral
//! resource is opened, renewed and closed within one apply.
//!
//! Ephemeral resources exist since Terraform 1.10 and write-only attributes since 1.11,
//! so every version the harness finds (1.11.4 and 1.15.5) runs every test.

use crate::localfs_example as localfs;

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use tfvalue::TfSchema as _;
use tfvalue_testing::{
    each_terraform, hcl_string, output_text, Terraform, TestProvider, Workspace,
};

const PROVIDER_ADDRESS: &str = "example.com/tfvalue/localfs";
const PROVIDER_EXE: &str = env!("CARGO_BIN_EXE_terraform-provider-localfs");

/// A workspace whose module configures the provider with the root `<workspace>/files`.
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

    /// Writes `main.tf`: the provider block (with `provider_extra` inside), then `body`.
    fn config(&self, provider_extra: &str, body: &str) {
        let root = self.ws.path("files");
        let root = root.to_str().expect("temp paths are UTF-8");
        self.ws.write_main(&format!(
            "provider \"localfs\" {{\n  root = {}\n{provider_extra}}}\n\n{body}",
            hcl_string(root)
        ));
    }

    /// A path under the provider's root directory.
    fn file(&self, rel: &str) -> PathBuf {
        self.ws.path("files").join(rel)
    }

    fn read(&self, rel: &str) -> String {
        let path = self.file(rel);
        std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
    }

    fn write(&self, rel: &str, text: &str) {
        let path = self.file(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    }

    /// `plan -detailed-exitcode` must report no changes.
    fn assert_no_changes(&self, after: &str) {
        assert_eq!(
            self.ws.plan_detailed_exitcode(),
            0,
            "Terraform {}: a plan after {after} is not empty",
            self.ws.terraform().version
        );
    }
}

/// A text no file of the workspace holds by chance: the test's secret.
fn canary(label: &str) -> String {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    format!("canary-{label}-{nanos:x}-{:x}", std::process::id())
}

/// Whether `needle` occurs in `haystack`.
fn holds(haystack: &[u8], needle: &str) -> bool {
    haystack
        .windows(needle.len())
        .any(|w| w == needle.as_bytes())
}

/// Fails when the file at `path` holds any of `secrets`.
fn assert_absent(what: &str, path: &Path, secrets: &[&str]) {
    let bytes = std::fs::read(path)
        .unwrap_or_else(|e| panic!("cannot read {what} {}: {e}", path.display()));
    for secret in secrets {
        assert!(
            !holds(&bytes, secret),
            "{what} {} holds the secret {secret}",
            path.display()
        );
    }
}

/// The secret as a file holds it, and the configuration that writes it into
/// `etc/db.conf` with `content_wo` at `version`.
fn module(version: u32) -> String {
    format!(
        r#"ephemeral "localfs_secret" "db" {{
  path = "secrets/db"
}}

resource "localfs_file" "conf" {{
  path               = "etc/db.conf"
  content_wo         = ephemeral.localfs_secret.db.value
  content_wo_version = {version}
}}
"#
    )
}

/// FNV-1a 64, written again here so that the provider's hash is checked independently.
fn fnv1a64_hex(bytes: &[u8]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// Every state file Terraform keeps in the module directory (the state and its backups).
fn state_files(module: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(module)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("terraform.tfstate"))
        })
        .collect();
    found.sort();
    found
}

/// The entries of the zip archive at `path`, decompressed and concatenated (a saved plan
/// is a zip archive whose entries are compressed, so its raw bytes alone prove nothing).
fn unzipped(path: &Path) -> Vec<u8> {
    let out = std::process::Command::new("unzip")
        .arg("-p")
        .arg(path)
        .output()
        .unwrap_or_else(|e| panic!("cannot run unzip to read the saved plan: {e}"));
    assert!(
        out.status.success(),
        "unzip -p {}: {}",
        path.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!out.stdout.is_empty(), "the saved plan has no content");
    out.stdout
}

#[test]
fn a_secret_reaches_a_write_only_attribute_and_nothing_keeps_it() {
    each_terraform(
        "a_secret_reaches_a_write_only_attribute_and_nothing_keeps_it",
        |tf| {
            let mut t = Localfs::new(tf, "write-only");
            let log = t.ws.path("terraform.log");
            t.ws.set_env("TF_LOG", "trace");
            t.ws.set_env("TF_LOG_PATH", &log);
            let first = canary("first");
            t.write("secrets/db", &first);
            t.config("", &module(1));

            // A saved plan: neither its JSON rendering nor the file holds the secret.
            t.ws.run_ok(&["plan", "-out=tfplan", "-no-color", "-input=false"]);
            let planfile = t.ws.module_dir().join("tfplan");
            let shown = t.ws.run_ok(&["show", "-json", "-no-color", "tfplan"]);
            assert!(
                !holds(&shown.stdout, &first),
                "show -json of the plan holds the secret"
            );
            let plan: serde_json::Value = serde_json::from_slice(&shown.stdout).unwrap();
            let change = &plan["resource_changes"][0];
            assert_eq!(change["address"], "localfs_file.conf", "{plan:#}");
            assert_eq!(
                change["change"]["after"]["content_wo"],
                serde_json::Value::Null
            );
            assert_absent("the saved plan", &planfile, &[&first]);
            assert!(
                !holds(&unzipped(&planfile), &first),
                "the saved plan's entries hold the secret"
            );

            // Applying the saved plan opens the secret again and writes it.
            let out =
                t.ws.run_ok(&["apply", "-no-color", "-input=false", "tfplan"]);
            let applied = output_text(&out);
            assert!(!applied.contains(&first), "{applied}");
            assert_eq!(t.read("etc/db.conf"), first);
            let values = t.ws.resource_values("localfs_file.conf");
            assert_eq!(values["content_wo"], serde_json::Value::Null, "{values:#}");
            assert_eq!(values["content"], serde_json::Value::Null, "{values:#}");
            assert_eq!(
                values["content_hash"],
                fnv1a64_hex(first.as_bytes()),
                "{values:#}"
            );
            assert_eq!(values["size"], first.len(), "{values:#}");
            t.assert_no_changes("writing the secret");

            // A new secret is not written while the version stays...
            let second = canary("second");
            t.write("secrets/db", &second);
            t.assert_no_changes("changing the secret alone");
            t.ws.apply();
            assert_eq!(t.read("etc/db.conf"), first);

            // ... and is written once it changes.
            t.config("", &module(2));
            let out = t.ws.apply();
            assert!(out.contains("1 changed"), "{out}");
            assert_eq!(t.read("etc/db.conf"), second);
            let values = t.ws.resource_values("localfs_file.conf");
            assert_eq!(
                values["content_hash"],
                fnv1a64_hex(second.as_bytes()),
                "{values:#}"
            );
            t.assert_no_changes("writing the new secret");

            // The file edited behind Terraform's back: drift, found by the hash and repaired
            // from the secret.
            t.write("etc/db.conf", "tampered");
            assert_eq!(
                t.ws.plan_detailed_exitcode(),
                2,
                "drift of a content_wo file"
            );
            t.ws.apply();
            assert_eq!(t.read("etc/db.conf"), second);
            t.assert_no_changes("repairing the drift");

            // No state file, no log line holds either secret; the log did record the work.
            let states = state_files(&t.ws.module_dir());
            assert!(states.len() >= 2, "state and backup: {states:?}");
            for state in &states {
                assert_absent("the state file", state, &[&first, &second]);
            }
            assert_absent("Terraform's log", &log, &[&first, &second]);
            let logged = std::fs::read_to_string(&log).unwrap();
            for expected in [
                "OpenEphemeralResource",
                "CloseEphemeralResource",
                "ApplyResourceChange",
            ] {
                assert!(
                    logged.contains(expected),
                    "the log never mentions {expected}"
                );
            }
        },
    );
}

/// The journal's lines, each split into (event, session, rest).
fn journal(t: &Localfs) -> Vec<(String, String, String)> {
    t.read("journal.log")
        .lines()
        .map(|line| {
            let mut parts = line.splitn(3, ' ');
            let event = parts.next().unwrap_or_default().to_owned();
            let session = parts.next().unwrap_or_default().to_owned();
            let rest = parts.next().unwrap_or_default().to_owned();
            (event, session, rest)
        })
        .collect()
}

#[test]
fn an_ephemeral_resource_is_opened_renewed_and_closed_in_one_apply() {
    each_terraform(
        "an_ephemeral_resource_is_opened_renewed_and_closed_in_one_apply",
        |tf| {
            let t = Localfs::new(tf, "renew");
            let secret = canary("renewed");
            t.write("secrets/token", &secret);
            // The write waits 2 s while the secret is open, renewed every 200 ms.
            t.config(
                "  write_delay_ms = 2000\n",
                r#"ephemeral "localfs_secret" "token" {
  path           = "secrets/token"
  renew_after_ms = 200
  journal        = "journal.log"
}

resource "localfs_file" "out" {
  path       = "out.txt"
  content_wo = ephemeral.localfs_secret.token.value
}
"#,
            );
            t.ws.apply();
            assert_eq!(t.read("out.txt"), secret);
            let lines = journal(&t);
            assert!(
                !t.read("journal.log").contains(&secret),
                "the journal holds the secret"
            );

            // Sessions one after the other: the plan's, then the apply's; each opens, renews
            // (counting from 1) and closes, and none overlaps the next.
            let mut sessions: Vec<Vec<(String, String)>> = Vec::new();
            let mut current: Option<String> = None;
            for (event, session, rest) in &lines {
                if current.as_deref() != Some(session) {
                    assert!(
                        current.is_none(),
                        "session {session} starts before the last one closed: {lines:?}"
                    );
                    current = Some(session.clone());
                    sessions.push(Vec::new());
                }
                sessions
                    .last_mut()
                    .unwrap()
                    .push((event.clone(), rest.clone()));
                if event == "close" {
                    current = None;
                }
            }
            assert!(current.is_none(), "a session was never closed: {lines:?}");
            assert_eq!(
                sessions.len(),
                2,
                "one open while planning, one while applying: {lines:?}"
            );
            for events in &sessions {
                assert_eq!(
                    events[0],
                    ("open".to_owned(), "secrets/token".to_owned()),
                    "{lines:?}"
                );
                assert_eq!(events.last().unwrap().0, "close", "{lines:?}");
                for (n, (event, count)) in events[1..events.len() - 1].iter().enumerate() {
                    assert_eq!(
                        (event.as_str(), count.clone()),
                        ("renew", (n + 1).to_string()),
                        "{lines:?}"
                    );
                }
            }
            let renewals = sessions[1].len() - 2;
            assert!(
                renewals >= 1,
                "the apply's session was never renewed: {lines:?}"
            );
        },
    );
}

#[test]
fn the_ephemeral_schema_is_the_models_schema() {
    let expected = localfs::secret::Secret::schema().to_providers_json();
    each_terraform("the_ephemeral_schema_is_the_models_schema", |tf| {
        let t = Localfs::new(tf, "ephemeral-schema");
        t.config("", "");
        let shown = t.ws.providers_schema();
        let ours = &shown["provider_schemas"][t.ws.provider_source()];
        assert_eq!(
            ours["ephemeral_resource_schemas"]["localfs_secret"], expected,
            "Terraform {}",
            tf.version
        );
        let content_wo =
            &ours["resource_schemas"]["localfs_file"]["block"]["attributes"]["content_wo"];
        assert_eq!(content_wo["write_only"], true, "{content_wo}");
    });
}

#[test]
fn a_missing_secret_is_an_error_at_its_path_and_nothing_is_written() {
    each_terraform(
        "a_missing_secret_is_an_error_at_its_path_and_nothing_is_written",
        |tf| {
            let t = Localfs::new(tf, "missing-secret");
            t.config("", &module(1));
            let out = t.ws.apply_failing();
            assert!(out.contains("Secret file not found"), "{out}");
            assert!(out.contains("path = \"secrets/db\""), "{out}");
            assert!(!t.file("etc/db.conf").exists());
            // A content_wo next to content is refused before anything is opened.
            t.write("secrets/db", &canary("conflict"));
            t.config(
                "",
                r#"ephemeral "localfs_secret" "db" {
  path = "secrets/db"
}

resource "localfs_file" "conf" {
  path       = "etc/db.conf"
  content    = "visible"
  content_wo = ephemeral.localfs_secret.db.value
}
"#,
            );
            let out = t.ws.apply_failing();
            assert!(out.contains("Conflicting content"), "{out}");
            assert!(!t.file("etc/db.conf").exists());
        },
    );
}
