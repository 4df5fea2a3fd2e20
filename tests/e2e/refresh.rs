//! End to end: `terraform plan -refresh-only -detailed-exitcode` right after an apply
//! exits 0, and 2 once the object changed behind Terraform's back.
//!
//! Terraform before 1.15 counts a refresh-only plan as having something to apply when a
//! refreshed object is not identical in memory to the stored one (Go's reflect.DeepEqual
//! over the decoded value, not a comparison of values). Numbers are where a provider's
//! answer decides that: the framework answers `ReadResource` in JSON, the encoding of the
//! state file, so each number is decoded as the stored one was (see the read handler in
//! `tfvalue-provider/src/handler.rs`). The document below holds numbers of every form the
//! wire knows (integers, float64s, digits beyond both, inside lists, a nested attribute
//! and a dynamic value) beside sets, maps and blocks.
//!
//! It has a single sensitive attribute on purpose. Terraform 1.11 to 1.14 also compare the
//! list of an object's sensitive paths in order, and build that list by walking the
//! object's attributes in Go's random map order; with two or more sensitive paths, the
//! exit code of such a plan is a coin toss for any resource, Terraform's own
//! `terraform_data` included, whatever the provider answers.

use std::process::Output;

use tfvalue_testing::{
    each_terraform, hcl_string, output_text, Terraform, TestProvider, Workspace,
};

const PROVIDER_ADDRESS: &str = "example.com/tfvalue/localfs";
const PROVIDER_EXE: &str = env!("CARGO_BIN_EXE_terraform-provider-localfs");

/// A document with a number of each wire form, every kind of collection and block, and
/// one sensitive attribute.
const DOCUMENT: &str = r#"
resource "localfs_document" "doc" {
  path     = "conf/app.json"
  title    = "The app"
  api_key  = "s3cr3t-key"
  labels   = { env = "prod", team = "core" }
  tags     = ["b", "a", "c"]
  extra    = { replicas = 3, share = 0.1, total = 123456789012345678901234567890, zones = ["a", "b"] }
  ratio    = 0.1
  quantity = 12345678901234567890.5
  readings = [1, -2, 2.5, 18446744073709551616, 1e300]
  server = {
    host = "db.internal"
    port = 5432
  }
  section {
    name  = "paths"
    lines = ["/var", "/srv"]
  }
  include {
    path = "base.json"
  }
  include {
    path = "extra.json"
  }
  owner {
    name = "ops"
  }
}
"#;

/// A workspace for the example provider, its root `<workspace>/files`, managing
/// [`DOCUMENT`].
fn workspace(tf: &Terraform) -> Workspace {
    let ws = Workspace::new(
        tf,
        &TestProvider::binary(PROVIDER_ADDRESS, PROVIDER_EXE),
        "refresh",
    );
    let root = ws.path("files");
    let root = root.to_str().expect("temp paths are UTF-8");
    ws.write_main(&format!(
        "provider \"localfs\" {{\n  root = {}\n}}\n{DOCUMENT}",
        hcl_string(root)
    ));
    ws
}

/// `terraform plan -refresh-only -detailed-exitcode` and its output; 1 (an error) fails
/// the test at once.
fn refresh_only(ws: &Workspace) -> (i32, Output) {
    let out = ws.run(&[
        "plan",
        "-refresh-only",
        "-detailed-exitcode",
        "-no-color",
        "-input=false",
    ]);
    let code = out.status.code().unwrap_or(-1);
    assert!(
        code == 0 || code == 2,
        "Terraform {}: plan -refresh-only failed ({code})\n{}",
        ws.terraform().version,
        output_text(&out)
    );
    (code, out)
}

#[test]
fn a_refresh_only_plan_after_apply_has_nothing_to_apply() {
    each_terraform(
        "a_refresh_only_plan_after_apply_has_nothing_to_apply",
        |tf| {
            let ws = workspace(tf);
            ws.apply();
            let (code, out) = refresh_only(&ws);
            assert_eq!(
                code,
                0,
                "Terraform {}: a refresh-only plan right after apply has something to apply\n{}",
                tf.version,
                output_text(&out)
            );
            let text = String::from_utf8_lossy(&out.stdout);
            assert!(text.contains("No changes."), "{text}");
        },
    );
}

#[test]
fn a_refresh_only_plan_after_drift_has_the_drift_to_apply() {
    each_terraform(
        "a_refresh_only_plan_after_drift_has_the_drift_to_apply",
        |tf| {
            let ws = workspace(tf);
            ws.apply();
            let path = ws.path("files").join("conf/app.json");
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
            assert!(text.contains("The app"), "{text}");
            std::fs::write(&path, text.replace("The app", "Edited"))
                .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
            let (code, out) = refresh_only(&ws);
            assert_eq!(
                code,
                2,
                "Terraform {}: the edited title is not a change to apply\n{}",
                tf.version,
                output_text(&out)
            );
            let text = String::from_utf8_lossy(&out.stdout);
            assert!(text.contains("changed outside of Terraform"), "{text}");
            assert!(text.contains("\"Edited\""), "{text}");
        },
    );
}
