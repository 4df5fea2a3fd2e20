//! End to end: what a test step sees between and around its commands. With the example
//! provider `localfs` served in process, a warning of a data source's read is expected
//! during the plan; a hook after the apply changes the file behind Terraform's back, and
//! the plans after the apply show the drift (the refreshing plan) or not (`plan
//! -refresh=false`); the next step puts it right. With the built `random` and `local`
//! providers, their deprecated attributes warn, and the attributes that replace them do
//! not.

use crate::localfs_example as localfs;

use std::path::PathBuf;

use tfvalue_testing::{hcl_string, plan, Step, Test, TestProvider, WarningPhase, Workspace};

const RANDOM_ADDRESS: &str = "example.com/tfvalue/random";
const RANDOM_EXE: &str = env!("CARGO_BIN_EXE_terraform-provider-random");
const LOCAL_ADDRESS: &str = "example.com/tfvalue/local";
const LOCAL_EXE: &str = env!("CARGO_BIN_EXE_terraform-provider-local");

/// The provider's root directory in a workspace.
fn root(ws: &Workspace) -> PathBuf {
    ws.path("files")
}

/// A step applying `resources` under a provider block whose root is
/// `<workspace>/files`.
fn config(resources: &'static str) -> Step {
    Step::config_with(move |ws| {
        let root = root(ws);
        let root = hcl_string(root.to_str().expect("temp paths are UTF-8"));
        format!("provider \"localfs\" {{\n  root = {root}\n}}\n\n{resources}")
    })
}

fn provider() -> TestProvider {
    TestProvider::in_process(localfs::ADDRESS, || localfs::LocalFs)
}

const FILE: &str = r#"resource "localfs_file" "a" {
  path    = "a.txt"
  content = "one"
}
"#;

#[test]
fn a_directory_entry_that_cannot_be_read_is_a_warning_of_the_plan() {
    Test::new(&provider())
        .step(
            config(
                r#"data "localfs_directory" "root" {
  path = "."
}
"#,
            )
            .before(|ws| {
                let root = root(ws);
                std::fs::create_dir_all(&root).expect("the root is created");
                std::os::unix::fs::symlink(root.join("nowhere"), root.join("dangling"))
                    .expect("the link is created");
            })
            .expect_warning_during(
                WarningPhase::Plan,
                "^Directory entry listed without size and hash$",
            )
            .expect_warning("the symbolic link's target does not exist"),
        )
        .run();
}

#[test]
fn a_change_after_the_apply_is_drift_in_the_refreshing_plan_only() {
    Test::new(&provider())
        .step(
            config(FILE)
                .expect_no_warnings()
                .after_apply(|ws| {
                    std::fs::write(root(ws).join("a.txt"), "changed behind Terraform's back")
                        .expect("the file is written");
                })
                .plan_check_after_apply_without_refresh(plan::no_op("localfs_file.a"))
                .plan_check_after_apply(plan::updates("localfs_file.a"))
                .expect_non_empty_plan(),
        )
        .step(
            config(FILE)
                .plan_check(plan::updates("localfs_file.a"))
                .check_with("a.txt holds the configured content again", |ws, _| {
                    match std::fs::read_to_string(root(ws).join("a.txt")) {
                        Ok(text) if text == "one" => Ok(()),
                        Ok(text) => Err(format!("a.txt holds {text:?}")),
                        Err(e) => Err(format!("a.txt cannot be read: {e}")),
                    }
                }),
        )
        .run();
}

#[test]
fn random_string_number_warns_and_numeric_does_not() {
    Test::new(&TestProvider::binary(RANDOM_ADDRESS, RANDOM_EXE))
        .step(
            Step::config("resource \"random_string\" \"s\" {\n  length = 8\n  number = true\n}\n")
                .expect_warning_during(WarningPhase::Validate, "^Attribute Deprecated$")
                .expect_warning_during(
                    WarningPhase::Plan,
                    r"^\*\*NOTE\*\*: This is deprecated, use `numeric` instead\.$",
                ),
        )
        .step(
            Step::config(
                "resource \"random_string\" \"s\" {\n  length  = 8\n  numeric = true\n}\n",
            )
            .expect_no_warnings(),
        )
        .run();
}

#[test]
fn local_file_sensitive_content_warns_and_content_does_not() {
    let file = |attribute: &'static str| {
        Step::config_with(move |ws| {
            let path = ws.path("f.txt");
            let path = hcl_string(path.to_str().expect("temp paths are UTF-8"));
            format!("resource \"local_file\" \"f\" {{\n  filename = {path}\n  {attribute} = \"text\"\n}}\n")
        })
    };
    Test::new(&TestProvider::binary(LOCAL_ADDRESS, LOCAL_EXE))
        .step(
            file("sensitive_content")
                .expect_warning("^Use the `local_sensitive_file` resource instead$"),
        )
        .step(
            file("content")
                .plan_check(plan::replaces("local_file.f"))
                .expect_no_warnings(),
        )
        .run();
}
