//! End to end: actions (Terraform 1.14 and later) with the real Terraform CLI and the
//! example provider `localfs` (`examples/localfs`, its action `localfs_append`), served
//! inside the test process. A resource's `action_trigger` invokes the action as the
//! resource is created and updated, and not when it is unchanged; `apply -invoke` invokes
//! it alone; a failing invocation fails the apply with the action's message; and
//! `terraform providers schema -json` shows the action's schema. The progress each
//! invocation reports is checked message by message (`tfvalue_testing::Step::
//! expect_progress`), the appended lines on disk.
//!
//! Every test requires Terraform 1.14: with an older Terraform it is skipped, and a line
//! on stderr says so.

use crate::localfs_example as localfs;

use std::io::Write as _;
use std::path::PathBuf;

use tfvalue::schema::ProvidersJson;
use tfvalue::TfSchema as _;
use tfvalue_testing::{each_terraform, hcl_string, Step, Test, TestProvider, Workspace};

/// The action's address in every configuration here.
const LOG: &str = "action.localfs_append.log";

/// The provider, served in this process for each workspace.
fn provider() -> TestProvider {
    TestProvider::in_process(localfs::ADDRESS, || localfs::LocalFs)
}

/// The provider's root directory in a workspace.
fn root(ws: &Workspace) -> PathBuf {
    ws.path("files")
}

/// The module: the provider block (root `<workspace>/files`), then `body`.
fn module(ws: &Workspace, body: &str) -> String {
    let root = root(ws);
    let root = root.to_str().expect("temp paths are UTF-8");
    format!(
        "provider \"localfs\" {{\n  root = {}\n}}\n\n{body}",
        hcl_string(root)
    )
}

/// A configuration step with `body` under the provider block.
fn config(body: impl Into<String>) -> Step {
    let body = body.into();
    Step::config_with(move |ws| module(ws, &body))
}

/// `action "localfs_append" "log"`, appending two lines to `deploy.log`.
const LOG_ACTION: &str = r#"
action "localfs_append" "log" {
  config {
    path  = "deploy.log"
    lines = ["a.txt written", "by terraform"]
  }
}
"#;

/// `localfs_file.a` with `content`, invoking `action.localfs_append.log` after it is
/// created or updated; then that action.
fn triggered(content: &str) -> String {
    format!(
        r#"resource "localfs_file" "a" {{
  path    = "a.txt"
  content = {}

  lifecycle {{
    action_trigger {{
      events  = [after_create, after_update]
      actions = [action.localfs_append.log]
    }}
  }}
}}
{LOG_ACTION}"#,
        hcl_string(content)
    )
}

/// The progress of one invocation of [`LOG_ACTION`].
const LOG_PROGRESS: [&str; 2] = [
    "appended line 1 of 2 to deploy.log",
    "appended line 2 of 2 to deploy.log",
];

/// A check that the file at `rel` under the provider's root holds `expected`.
fn holds(
    rel: &'static str,
    expected: String,
) -> impl Fn(&Workspace, &serde_json::Value) -> Result<(), String> {
    move |ws, _| {
        let path = root(ws).join(rel);
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        if text == expected {
            Ok(())
        } else {
            Err(format!("{rel} holds {text:?}, not {expected:?}"))
        }
    }
}

/// `deploy.log` after `n` invocations of [`LOG_ACTION`].
fn logged(n: usize) -> String {
    "a.txt written\nby terraform\n".repeat(n)
}

#[test]
fn a_trigger_invokes_the_action_after_create_and_update_only() {
    Test::new(&provider())
        .requires_terraform(1, 14)
        .step(
            config(triggered("one"))
                .expect_action_progress(LOG, &LOG_PROGRESS)
                .expect_action_invocations(LOG, 1)
                .check_with("a.txt is written", holds("a.txt", "one".into()))
                .check_with(
                    "deploy.log has the lines once",
                    holds("deploy.log", logged(1)),
                ),
        )
        .step(
            config(triggered("two"))
                .expect_progress(&LOG_PROGRESS)
                .expect_action_invocations(LOG, 1)
                .check_with("a.txt is rewritten", holds("a.txt", "two".into()))
                .check_with(
                    "deploy.log has the lines twice",
                    holds("deploy.log", logged(2)),
                ),
        )
        // Nothing changes, so nothing triggers the action.
        .step(
            config(triggered("two"))
                .expect_progress(&[])
                .expect_action_invocations(LOG, 0)
                .check_with("deploy.log is as it was", holds("deploy.log", logged(2))),
        )
        .run();
}

#[test]
fn invoke_runs_the_action_alone_and_reports_its_progress() {
    Test::new(&provider())
        .requires_terraform(1, 14)
        .step(config(format!(
            "resource \"localfs_file\" \"a\" {{\n  path    = \"a.txt\"\n  content = \"one\"\n}}\n{LOG_ACTION}"
        )))
        .step(
            Step::invoke(LOG)
                .expect_progress(&LOG_PROGRESS)
                .expect_progress_matching("^appended line 2 of 2 ")
                .expect_action_invocations(LOG, 1)
                .check_with("deploy.log has the lines", holds("deploy.log", logged(1))),
        )
        .step(
            Step::invoke(LOG)
                .expect_action_progress(LOG, &LOG_PROGRESS)
                .check_with("deploy.log has them twice", holds("deploy.log", logged(2)))
                .check_with("a.txt is untouched", holds("a.txt", "one".into())),
        )
        .run();
}

/// Actions that append to `logs`, which must exist: `strict` appends to it, `missing` to
/// `gone.log`, which does not exist.
const STRICT_ACTIONS: &str = r#"
action "localfs_append" "strict" {
  config {
    path       = "logs"
    lines      = ["x"]
    must_exist = true
  }
}

action "localfs_append" "missing" {
  config {
    path       = "gone.log"
    lines      = ["x"]
    must_exist = true
  }
}
"#;

#[test]
fn a_failing_invocation_fails_the_apply_with_the_action_s_message() {
    Test::new(&provider())
        .requires_terraform(1, 14)
        // `logs` is a directory: the plan finds it, the invocation cannot open it.
        .step(config(STRICT_ACTIONS).before(|ws| {
            let dir = root(ws).join("logs");
            std::fs::create_dir_all(&dir).expect("create the directory");
        }))
        .step(
            Step::invoke("action.localfs_append.strict")
                .expect_error(
                    "(?s)Error when invoking action.*Cannot open the file.*/logs: Is a directory",
                )
                .expect_progress(&[])
                .expect_action_invocations("action.localfs_append.strict", 1),
        )
        // A file that must exist and does not fails the plan, at the attribute.
        .step(
            Step::invoke("action.localfs_append.missing")
                .expect_error(r"(?s)Error: File not found.*gone\.log")
                .expect_action_invocations("action.localfs_append.missing", 0),
        )
        .run();
}

#[test]
fn providers_schema_shows_the_action() {
    each_terraform("providers_schema_shows_the_action", |tf| {
        if !tf.at_least(1, 14) {
            // Straight to stderr: the harness captures `eprintln!` of a passing test.
            let _ = writeln!(
                std::io::stderr().lock(),
                "note: providers_schema_shows_the_action: skipped with Terraform {}: actions need Terraform 1.14 or later",
                tf.version
            );
            return;
        }
        let ws = Workspace::new(tf, &provider(), "actions-schema");
        ws.write_main(&module(&ws, LOG_ACTION));
        let shown = ws.providers_schema();
        let actions = &shown["provider_schemas"][ws.provider_source()]["action_schemas"];
        let block = localfs::append::Append::schema()
            .to_providers_json_as(ProvidersJson::Terraform1_15)["block"]
            .clone();
        assert_eq!(
            actions,
            &serde_json::json!({ "localfs_append": { "block": block } }),
            "Terraform {}: the action schemas",
            tf.version
        );
    });
}
