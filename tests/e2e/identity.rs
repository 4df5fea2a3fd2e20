//! End to end: resource identity (Terraform 1.12 and later), import by identity, list
//! resources with `terraform query` and `-generate-config-out` (Terraform 1.14 and later),
//! and the framework's refusal of an identity change, with the example provider's
//! `localfs_file` (identity: its path and root directory), and with a small in-memory
//! provider whose identities are made only of configured attributes (`greet.rs`). An
//! older Terraform gets the
//! same provider, which works as before; each test prints SKIPPED with the reason for the
//! parts a version lacks.

mod greet;

use std::io::Write as _;
use std::path::PathBuf;

use tfvalue_testing::{
    each_terraform, hcl_string, output_text, Terraform, TestProvider, Workspace,
};

const PROVIDER_ADDRESS: &str = "example.com/tfvalue/localfs";
const PROVIDER_EXE: &str = env!("CARGO_BIN_EXE_terraform-provider-localfs");

struct Localfs {
    ws: Workspace,
}

impl Localfs {
    fn new(tf: &Terraform, label: &str) -> Self {
        Localfs {
            ws: Workspace::new(
                tf,
                &TestProvider::binary(PROVIDER_ADDRESS, PROVIDER_EXE),
                label,
            ),
        }
    }

    /// The provider's root directory (`root_name` under the workspace).
    fn root(&self, root_name: &str) -> PathBuf {
        self.ws.path(root_name)
    }

    /// Writes `main.tf`: the provider block with root `<workspace>/<root_name>`, then `body`.
    fn config(&self, root_name: &str, body: &str) {
        let root = self.root(root_name);
        self.ws.write_main(&format!(
            "provider \"localfs\" {{\n  root = {}\n}}\n\n{body}",
            hcl_string(root.to_str().expect("temp paths are UTF-8"))
        ));
    }

    /// Writes a file under the root `root_name`, outside Terraform.
    fn write(&self, root_name: &str, rel: &str, text: &str) {
        let path = self.root(root_name).join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    }

    fn assert_no_changes(&self, after: &str) {
        assert_eq!(
            self.ws.plan_detailed_exitcode(),
            0,
            "Terraform {}: a plan after {after} is not empty",
            self.ws.terraform().version
        );
    }

    /// The identity `terraform show -json` holds for `address`.
    fn identity(&self, address: &str) -> serde_json::Value {
        let state = self.ws.state();
        let resources = state["values"]["root_module"]["resources"]
            .as_array()
            .cloned();
        let resource = (resources.unwrap_or_default().into_iter())
            .find(|r| r["address"] == address)
            .unwrap_or_else(|| panic!("no {address} in {state:#}"));
        resource["identity"].clone()
    }
}

/// Says on stderr that `test` skips `what` on this Terraform, and why.
fn skipped(test: &str, tf: &Terraform, what: &str, why: &str) {
    // Ignored: if stderr is gone there is no one to tell.
    let _ = writeln!(
        std::io::stderr().lock(),
        "SKIPPED {test} ({what}) on Terraform {}: {why}",
        tf.version
    );
}

const FILE_A: &str = r#"
resource "localfs_file" "a" {
  path    = "a.txt"
  content = "made by Terraform"
}
"#;

#[test]
fn create_stores_the_identity_and_an_import_block_by_identity_adopts_a_file() {
    each_terraform("identity_and_import_by_identity", |tf| {
        let t = Localfs::new(tf, "identity-import");
        t.config("files", FILE_A);
        t.ws.apply();
        if !tf.at_least(1, 12) {
            // The provider works as before: no identity asked for, none stored.
            assert!(t.identity("localfs_file.a").is_null());
            t.assert_no_changes("create");
            skipped(
                "identity_and_import_by_identity",
                tf,
                "identity, import by identity",
                "resource identity needs Terraform 1.12 or later",
            );
            return;
        }
        let root = t.root("files");
        assert_eq!(
            t.identity("localfs_file.a"),
            serde_json::json!({"path": "a.txt", "root": root.to_str().unwrap()}),
        );
        t.assert_no_changes("create");

        t.write("files", "etc/outside.conf", "port = 80\n");
        t.config(
            "files",
            &format!(
                "{FILE_A}
import {{
  to       = localfs_file.outside
  identity = {{ path = \"etc/outside.conf\" }}
}}

resource \"localfs_file\" \"outside\" {{
  path    = \"etc/outside.conf\"
  content = \"port = 80\\n\"
}}
"
            ),
        );
        let applied = t.ws.apply();
        assert!(
            applied.contains("1 imported, 0 added, 0 changed"),
            "{applied}"
        );
        // The root left out of the import block is the provider's own, filled in.
        assert_eq!(
            t.identity("localfs_file.outside"),
            serde_json::json!({"path": "etc/outside.conf", "root": root.to_str().unwrap()}),
        );
        t.assert_no_changes("an import by identity");

        // An identity naming a file under another root is refused by the provider.
        t.write("files", "b.txt", "b");
        t.config(
            "files",
            "import {
  to       = localfs_file.b
  identity = { path = \"b.txt\", root = \"/elsewhere\" }
}

resource \"localfs_file\" \"b\" {
  path    = \"b.txt\"
  content = \"b\"
}
",
        );
        let out = t.ws.run(&["plan", "-no-color", "-input=false"]);
        let text = output_text(&out);
        assert!(!out.status.success(), "{text}");
        assert!(text.contains("File under another root"), "{text}");
    });
}

#[test]
fn changing_the_root_under_managed_files_is_an_identity_change_the_framework_refuses() {
    each_terraform("identity_change", |tf| {
        if !tf.at_least(1, 12) {
            skipped(
                "identity_change",
                tf,
                "the whole test",
                "resource identity needs Terraform 1.12 or later",
            );
            return;
        }
        let t = Localfs::new(tf, "identity-change");
        t.config("files", FILE_A);
        t.ws.apply();
        // The same file exists under another root; the provider is pointed there.
        t.write("other", "a.txt", "made by Terraform");
        t.config("other", FILE_A);
        let out = t.ws.run(&["plan", "-no-color", "-input=false"]);
        let text = output_text(&out);
        assert!(!out.status.success(), "{text}");
        assert!(text.contains("Error: Unexpected Identity Change"), "{text}");
        assert!(text.contains("(attribute: root)"), "{text}");
        // Terraform wraps the detail at 80 columns.
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let (files, other) = (t.root("files"), t.root("other"));
        let stored = format!(
            "Stored identity: {{path = \"a.txt\", root = {:?}}}.",
            files.to_str().unwrap()
        );
        let new = format!(
            "New identity: {{path = \"a.txt\", root = {:?}}}.",
            other.to_str().unwrap()
        );
        assert!(flat.contains(&stored) && flat.contains(&new), "{text}");
        // Nothing changed: back on the old root, the plan is empty.
        t.config("files", FILE_A);
        t.assert_no_changes("the refused identity change");
    });
}

const QUERY: &str = r#"
list "localfs_file" "etc" {
  provider = localfs
  config {
    directory = "etc"
    suffix    = ".conf"
  }
}
"#;

#[test]
fn terraform_query_lists_files_and_the_generated_configuration_plans_clean() {
    each_terraform("query", |tf| {
        if !tf.at_least(1, 14) {
            skipped(
                "query",
                tf,
                "the whole test",
                "list resources and `terraform query` need Terraform 1.14 or later",
            );
            return;
        }
        let t = Localfs::new(tf, "query");
        t.config("files", "");
        for (rel, text) in [
            ("etc/app.conf", "name = app\n"),
            ("etc/empty.conf", ""),
            ("etc/notes.txt", "not listed: another suffix"),
            ("etc/sub/deep.conf", "not listed: in a subdirectory"),
            ("top.conf", "not listed: another directory"),
        ] {
            t.write("files", rel, text);
        }
        std::fs::write(t.ws.module_dir().join("files.tfquery.hcl"), QUERY).unwrap();

        let out = t.ws.run_ok(&["query", "-no-color"]);
        let listed = String::from_utf8_lossy(&out.stdout).into_owned();
        let lines: Vec<&str> = listed.lines().filter(|l| l.starts_with("list.")).collect();
        assert_eq!(lines.len(), 2, "{listed}");
        assert!(
            lines[0].contains("path=etc/app.conf") && lines[0].ends_with("etc/app.conf"),
            "{listed}"
        );
        assert!(lines[1].contains("path=etc/empty.conf"), "{listed}");

        // The block's limit stops the listing after the first file.
        let query_file = t.ws.module_dir().join("files.tfquery.hcl");
        let limited = QUERY.replace(
            "  provider = localfs\n",
            "  provider = localfs\n  limit    = 1\n",
        );
        std::fs::write(&query_file, limited).unwrap();
        let out = t.ws.run_ok(&["query", "-no-color"]);
        let listed = String::from_utf8_lossy(&out.stdout).into_owned();
        let lines: Vec<&str> = listed.lines().filter(|l| l.starts_with("list.")).collect();
        assert_eq!(lines.len(), 1, "{listed}");
        assert!(lines[0].ends_with("etc/app.conf"), "{listed}");
        std::fs::write(&query_file, QUERY).unwrap();

        t.ws.run_ok(&["query", "-no-color", "-generate-config-out=generated.tf"]);
        let generated = std::fs::read_to_string(t.ws.module_dir().join("generated.tf")).unwrap();
        for expected in [
            "resource \"localfs_file\" \"etc_0\"",
            "content            = \"name = app\\n\"",
            "path               = \"etc/app.conf\"",
            "identity = {",
            "path = \"etc/empty.conf\"",
        ] {
            assert!(generated.contains(expected), "{expected:?} in\n{generated}");
        }
        // The generated resources and import blocks: a plan imports both, with no change.
        std::fs::remove_file(t.ws.module_dir().join("files.tfquery.hcl")).unwrap();
        let out = t.ws.run_ok(&["plan", "-no-color", "-input=false"]);
        let plan = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            plan.contains("Plan: 2 to import, 0 to add, 0 to change, 0 to destroy."),
            "{plan}"
        );
        t.ws.apply();
        t.assert_no_changes("importing the generated configuration");
        assert_eq!(t.identity("localfs_file.etc_1")["path"], "etc/empty.conf");
    });
}

#[test]
fn generate_config_out_for_an_import_plans_clean() {
    each_terraform("generate_config_out", |tf| {
        let t = Localfs::new(tf, "generate-config");
        t.write("files", "motd", "");
        t.write("files", "conf", "x = 1\n");
        std::fs::set_permissions(
            t.root("files").join("conf"),
            std::os::unix::fs::PermissionsExt::from_mode(0o600),
        )
        .unwrap();
        t.config(
            "files",
            "import {\n  to = localfs_file.motd\n  id = \"motd\"\n}\n\nimport {\n  to = localfs_file.conf\n  id = \"conf\"\n}\n",
        );
        t.ws.run_ok(&[
            "plan",
            "-no-color",
            "-input=false",
            "-generate-config-out=generated.tf",
        ]);
        let generated = std::fs::read_to_string(t.ws.module_dir().join("generated.tf")).unwrap();
        assert!(
            generated.contains("permissions        = \"0600\""),
            "{generated}"
        );
        t.ws.apply();
        t.assert_no_changes("importing with generated configuration");
    });
}

/// A workspace serving the in-memory `greet` provider, with `body` as its module.
fn greet(tf: &Terraform, label: &str, body: &str) -> Workspace {
    let ws = Workspace::new(
        tf,
        &TestProvider::in_process(greet::ADDRESS, greet::Greet::default),
        label,
    );
    ws.write_main(body);
    ws
}

fn greet_resource(kind: &str, name: &str, text: &str) -> String {
    format!("resource \"greet_{kind}\" \"m\" {{\n  name = \"{name}\"\n  text = \"{text}\"\n}}\n")
}

/// The identity `terraform show -json` holds for `address` in `ws`.
fn identity_in(ws: &Workspace, address: &str) -> serde_json::Value {
    let state = ws.state();
    let resources = state["values"]["root_module"]["resources"]
        .as_array()
        .cloned();
    (resources.unwrap_or_default().into_iter())
        .find(|r| r["address"] == address)
        .map(|r| r["identity"].clone())
        .unwrap_or_else(|| panic!("no {address} in {state:#}"))
}

/// An identity made only of configured attributes: a change of one that replaces the
/// object plans and applies a replacement with the new identity (the framework's
/// plan-time check once refused it as an identity change).
#[test]
fn a_replacing_change_of_an_identity_attribute_plans_and_applies_a_replacement() {
    each_terraform("identity_replacement", |tf| {
        let ws = greet(
            tf,
            "identity-replace",
            &greet_resource("message", "hello", "Hi"),
        );
        ws.apply();
        // An undocumented `timeouts` block is described by what `Timeouts` declares for
        // Terraform, never by its Rust documentation.
        let schema = ws.providers_schema();
        let block = &schema["provider_schemas"][greet::ADDRESS]["resource_schemas"]
            ["greet_message"]["block"]["block_types"]["timeouts"]["block"];
        assert_eq!(
            block["description"],
            "How long each operation may take, as durations such as \"30s\" or \"2h45m\"; \
             the provider's defaults where not set.",
            "Terraform {}: {schema:#}",
            tf.version
        );
        ws.write_main(&greet_resource("message", "goodbye", "Bye"));
        let plan = ws.plan();
        assert!(
            plan.contains("must be replaced"),
            "Terraform {}: {plan}",
            tf.version
        );
        assert!(
            plan.contains("# forces replacement"),
            "Terraform {}: {plan}",
            tf.version
        );
        let applied = ws.apply();
        assert!(
            applied.contains("1 added, 0 changed, 1 destroyed"),
            "Terraform {}: {applied}",
            tf.version
        );
        assert_eq!(ws.resource_values("greet_message.m")["name"], "goodbye");
        if tf.at_least(1, 12) {
            assert_eq!(
                identity_in(&ws, "greet_message.m"),
                serde_json::json!({"name": "goodbye"})
            );
        } else {
            skipped(
                "identity_replacement",
                tf,
                "the new identity in the state",
                "resource identity needs Terraform 1.12 or later",
            );
        }
        assert_eq!(ws.plan_detailed_exitcode(), 0, "Terraform {}", tf.version);
    });
}

/// An identity attribute changed in place (the resource does not replace on it) is
/// refused at plan, before anything is applied: the stored object and identity stay.
#[test]
fn an_in_place_change_of_an_identity_attribute_is_refused_before_anything_is_applied() {
    each_terraform("identity_in_place", |tf| {
        if !tf.at_least(1, 12) {
            skipped(
                "identity_in_place",
                tf,
                "the refused in-place identity change",
                "resource identity needs Terraform 1.12 or later",
            );
            return;
        }
        let ws = greet(
            tf,
            "identity-in-place",
            &greet_resource("label", "hello", "Hi"),
        );
        ws.apply();
        ws.write_main(&greet_resource("label", "goodbye", "Bye"));
        let out = ws.run(&["apply", "-auto-approve", "-no-color", "-input=false"]);
        let text = output_text(&out);
        assert!(!out.status.success(), "Terraform {}: {text}", tf.version);
        assert!(text.contains("Unexpected Identity Change"), "{text}");
        assert!(text.contains("Nothing was changed."), "{text}");
        assert_eq!(ws.resource_values("greet_label.m")["name"], "hello");
        assert_eq!(
            identity_in(&ws, "greet_label.m"),
            serde_json::json!({"name": "hello"})
        );
    });
}
