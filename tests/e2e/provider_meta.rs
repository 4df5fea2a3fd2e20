//! End to end: a module's `provider_meta "localfs"` block. Terraform accepts it only from
//! a provider that serves a `provider_meta` schema, and sends its values with each
//! operation; the example provider logs the module's name (at debug level) with each
//! file it writes.

use tfvalue_testing::{each_terraform, hcl_string, TestProvider, Workspace};

const PROVIDER_ADDRESS: &str = "example.com/tfvalue/localfs";
const PROVIDER_EXE: &str = env!("CARGO_BIN_EXE_terraform-provider-localfs");

#[test]
fn a_module_with_provider_meta_plans_and_applies_and_the_provider_sees_it() {
    each_terraform(
        "a_module_with_provider_meta_plans_and_applies_and_the_provider_sees_it",
        |tf| {
            let mut ws = Workspace::new(
                tf,
                &TestProvider::binary(PROVIDER_ADDRESS, PROVIDER_EXE),
                "provider-meta",
            );
            let log = ws.path("terraform.log");
            ws.set_env("TF_LOG", "debug");
            ws.set_env("TF_LOG_PATH", &log);
            let root = ws.path("files");
            let root = hcl_string(root.to_str().expect("temp paths are UTF-8"));
            ws.write_main(&format!(
                r#"terraform {{
  provider_meta "localfs" {{
    module_name = "greetings"
  }}
}}

provider "localfs" {{
  root = {root}
}}

resource "localfs_file" "motd" {{
  path    = "motd"
  content = "Welcome!\n"
}}

data "localfs_directory" "all" {{
  path       = "."
  depends_on = [localfs_file.motd]
}}
"#
            ));
            let plan = ws.plan();
            assert!(
                plan.contains("1 to add, 0 to change, 0 to destroy"),
                "Terraform {}: {plan}",
                tf.version
            );
            let applied = ws.apply();
            assert!(
                applied.contains("1 added, 0 changed, 0 destroyed"),
                "Terraform {}: {applied}",
                tf.version
            );
            assert_eq!(
                std::fs::read_to_string(ws.path("files/motd")).expect("the file exists"),
                "Welcome!\n"
            );
            assert_eq!(ws.plan_detailed_exitcode(), 0, "Terraform {}", tf.version);

            let text = std::fs::read_to_string(&log)
                .unwrap_or_else(|e| panic!("no Terraform log at {}: {e}", log.display()));
            let logged: Vec<&str> = text
                .lines()
                .filter(|l| l.contains("provider.terraform-provider-localfs"))
                .filter(|l| l.contains("create of a file for a module"))
                .collect();
            assert_eq!(logged.len(), 1, "Terraform {}: {logged:#?}", tf.version);
            assert!(
                logged[0].contains("module=greetings") && logged[0].contains("path=motd"),
                "{}",
                logged[0]
            );
        },
    );
}
