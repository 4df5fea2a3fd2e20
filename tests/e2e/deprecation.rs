//! End to end: a deprecated attribute set in the configuration is a warning, with the
//! schema's message, at its line (`localfs_file.mode`, the former name of
//! `permissions`), and it still works; a test step expects that warning, and none once
//! the attribute is gone.

use std::os::unix::fs::PermissionsExt as _;

use tfvalue_testing::{
    each_terraform, hcl_string, output_text, Step, Test, TestProvider, WarningPhase, Workspace,
};

const PROVIDER_ADDRESS: &str = "example.com/tfvalue/localfs";
const PROVIDER_EXE: &str = env!("CARGO_BIN_EXE_terraform-provider-localfs");

const MESSAGE: &str = "Use `permissions` instead; `mode` will be removed in a future version.";

#[test]
fn a_deprecated_attribute_warns_with_its_message_and_still_works() {
    each_terraform(
        "a_deprecated_attribute_warns_with_its_message_and_still_works",
        |tf| {
            let ws = Workspace::new(
                tf,
                &TestProvider::binary(PROVIDER_ADDRESS, PROVIDER_EXE),
                "deprecation",
            );
            let root = ws.path("files");
            let root = hcl_string(root.to_str().expect("temp paths are UTF-8"));
            ws.write_main(&format!(
                r#"provider "localfs" {{
  root = {root}
}}

resource "localfs_file" "old" {{
  path    = "old.txt"
  content = "old"
  mode    = "0600"
}}

resource "localfs_file" "new" {{
  path        = "new.txt"
  content     = "new"
  permissions = "0600"
}}
"#
            ));
            let out = ws.run_ok(&["validate", "-no-color"]);
            let text = output_text(&out);
            // Terraform wraps long lines: compare with the white space folded.
            let folded = text.split_whitespace().collect::<Vec<_>>().join(" ");
            // Once: Terraform adds no warning of its own for the attribute.
            assert_eq!(
                folded.matches("Warning: Attribute Deprecated").count(),
                1,
                "Terraform {}: {text}",
                tf.version
            );
            assert!(folded.contains(MESSAGE), "Terraform {}: {text}", tf.version);
            // At the attribute's line, for the resource that sets it only.
            assert!(folded.contains("with localfs_file.old"), "{text}");
            assert!(folded.contains(r#"mode = "0600""#), "{text}");
            assert!(!folded.contains("with localfs_file.new"), "{text}");
            assert!(folded.contains("The configuration is valid"), "{text}");

            // The former name still sets the permissions, and the plan after is empty.
            let applied = ws.apply();
            assert!(
                applied.contains("2 added, 0 changed, 0 destroyed"),
                "{applied}"
            );
            for rel in ["old.txt", "new.txt"] {
                let meta = std::fs::metadata(ws.path("files").join(rel)).expect("the file exists");
                assert_eq!(meta.permissions().mode() & 0o777, 0o600, "{rel}");
            }
            assert_eq!(
                ws.resource_values("localfs_file.old")["permissions"],
                "0600"
            );
            assert_eq!(ws.plan_detailed_exitcode(), 0, "Terraform {}", tf.version);
        },
    );
}

/// The same warning as a step expects it: during validate and plan, at the resource that
/// sets `mode`, and a step whose configuration uses `permissions` has no warning at all
/// (the warning Terraform gives for the test's own `dev_overrides` is not the
/// provider's).
#[test]
fn a_step_expects_the_deprecation_warning_and_none_without_the_attribute() {
    let config = |resource: &'static str| {
        Step::config_with(move |ws| {
            let root = ws.path("files");
            let root = hcl_string(root.to_str().expect("temp paths are UTF-8"));
            format!("provider \"localfs\" {{\n  root = {root}\n}}\n\n{resource}")
        })
    };
    Test::new(&TestProvider::binary(PROVIDER_ADDRESS, PROVIDER_EXE))
        .step(
            config(
                "resource \"localfs_file\" \"f\" {\n  path    = \"f.txt\"\n  content = \"old\"\n  mode    = \"0600\"\n}\n",
            )
            .expect_warning_during(WarningPhase::Validate, "^Attribute Deprecated$")
            .expect_warning_during(WarningPhase::Plan, &regex_lite::escape(MESSAGE)),
        )
        .step(
            config(
                "resource \"localfs_file\" \"f\" {\n  path        = \"f.txt\"\n  content     = \"new\"\n  permissions = \"0600\"\n}\n",
            )
            .expect_no_warnings(),
        )
        .run();
}
