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
    each_terraform, hcl_string, output_text, query, state, Step, Terraform, Test, TestProvider,
    Workspace,
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

/// The provider as the identity tests use it: its built executable.
fn localfs() -> TestProvider {
    TestProvider::binary(PROVIDER_ADDRESS, PROVIDER_EXE)
}

/// The provider's root directory in a step's workspace.
fn files_root(ws: &Workspace) -> String {
    ws.path("files")
        .to_str()
        .expect("temp paths are UTF-8")
        .to_owned()
}

/// The module of a step: the provider block (root `<workspace>/files`), then `body`.
fn module(ws: &Workspace, body: &str) -> String {
    format!(
        "provider \"localfs\" {{\n  root = {}\n}}\n\n{body}",
        hcl_string(&files_root(ws))
    )
}

/// Writes a file under the provider's root, outside Terraform.
fn write_file(ws: &Workspace, rel: &str, text: &str) {
    let path = ws.path("files").join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
}

const OUTSIDE: &str = r#"
resource "localfs_file" "outside" {
  path    = "etc/outside.conf"
  content = "port = 80\n"
}
"#;

const FILE_B: &str = r#"
resource "localfs_file" "b" {
  path    = "b.txt"
  content = "b"
}
"#;

#[test]
fn create_stores_the_identity_and_an_import_block_by_identity_adopts_a_file() {
    Test::new(&localfs())
        .named("identity_and_import_by_identity")
        .step(
            Step::config_with(|ws| module(ws, FILE_A))
                // Before 1.12 the provider works as before: no identity asked for, none stored.
                .check_with(
                    "the identity is stored from Terraform 1.12 on",
                    |ws, state| {
                        let found = &state::resource_in(state, "localfs_file.a")
                            .ok_or("no localfs_file.a")?["identity"];
                        let expected = match ws.terraform().at_least(1, 12) {
                            true => serde_json::json!({"path": "a.txt", "root": files_root(ws)}),
                            false => serde_json::Value::Null,
                        };
                        match *found == expected {
                            true => Ok(()),
                            false => Err(format!("found {found}, expected {expected}")),
                        }
                    },
                ),
        )
        .step(
            Step::refresh()
                .check(state::identity_value("localfs_file.a", ".path").equals("a.txt"))
                .check(state::identity_matches_value(
                    "localfs_file.a",
                    ".path",
                    ".id",
                ))
                .requires_terraform(1, 12),
        )
        // The identity in the state, in an import block: values and identity as applied.
        .step(Step::import_by_identity("localfs_file.a"))
        // `terraform import` by ID stores the same identity (compared from 1.12 on).
        .step(Step::import("localfs_file.a", "a.txt"))
        // A file made outside Terraform, adopted by an identity without its root: the
        // provider's own is filled in.
        .step(
            Step::import_by_given_identity(
                "localfs_file.outside",
                serde_json::json!({"path": "etc/outside.conf"}),
            )
            .before(|ws| write_file(ws, "etc/outside.conf", "port = 80\n"))
            .using_config(|ws| module(ws, &format!("{FILE_A}{OUTSIDE}")))
            .no_verify()
            .check(
                state::identity_value("localfs_file.outside", ".path").equals("etc/outside.conf"),
            )
            .check_with("the root left out is the provider's", |ws, state| {
                let root = state::resource_in(state, "localfs_file.outside")
                    .ok_or("no localfs_file.outside")?["identity"]["root"]
                    .clone();
                match root == files_root(ws).as_str() {
                    true => Ok(()),
                    false => Err(format!("the identity's root is {root}")),
                }
            }),
        )
        // An identity naming a file under another root is refused by the provider.
        .step(
            Step::import_by_given_identity(
                "localfs_file.b",
                serde_json::json!({"path": "b.txt", "root": "/elsewhere"}),
            )
            .before(|ws| write_file(ws, "b.txt", "b"))
            .using_config(|ws| module(ws, FILE_B))
            .expect_error("File under another root"),
        )
        .run();
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

const LIST: &str = "list.localfs_file.etc";

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
    let app = serde_json::json!({"path": "etc/app.conf"});
    Test::new(&localfs())
        .named("query")
        .step(Step::config_with(|ws| module(ws, "")).before(|ws| {
            for (rel, text) in [
                ("etc/app.conf", "name = app\n"),
                ("etc/empty.conf", ""),
                ("etc/notes.txt", "not listed: another suffix"),
                ("etc/sub/deep.conf", "not listed: in a subdirectory"),
                ("top.conf", "not listed: another directory"),
            ] {
                write_file(ws, rel, text);
            }
        }))
        .step(
            Step::query(QUERY)
                .query_check(query::length(LIST, 2))
                .query_check(query::display_names(
                    LIST,
                    &["etc/app.conf", "etc/empty.conf"],
                ))
                .query_check(query::identity(
                    LIST,
                    serde_json::json!({"path": "etc/empty.conf"}),
                ))
                // Without include_resource, a result has no values.
                .query_check(query::custom(
                    "no result has values",
                    |results| match results.iter().find(|r| r.values.is_some()) {
                        Some(r) => Err(format!("{} has values", r.display_name)),
                        None => Ok(()),
                    },
                )),
        )
        // The block's limit stops the listing after the first file.
        .step(
            Step::query(QUERY.replace(
                "  provider = localfs\n",
                "  provider = localfs\n  limit    = 1\n",
            ))
            .query_check(query::display_names(LIST, &["etc/app.conf"])),
        )
        .step(
            Step::query(QUERY.replace(
                "  provider = localfs\n",
                "  provider = localfs\n  include_resource = true\n",
            ))
            .query_check(query::value(LIST, app.clone(), ".content").equals("name = app\n"))
            .query_check(query::value(LIST, app, ".permissions").matches("^0[0-7]{3}$")),
        )
        // The generated resources and import blocks: a plan imports both, with no change.
        .step(
            Step::query(QUERY)
                .generate_config()
                .expect_generated_config(r#"resource "localfs_file" "etc_0""#)
                .expect_generated_config(r#"content\s+= "name = app\\n""#)
                .expect_generated_config(r#"path\s+= "etc/app.conf""#)
                .expect_generated_config(r#"(?s)identity = \{\s*path = "etc/empty.conf""#)
                .check(
                    state::identity_value("localfs_file.etc_1", ".path").equals("etc/empty.conf"),
                ),
        )
        .run();
}

#[test]
fn generate_config_out_for_an_import_plans_clean() {
    Test::new(&localfs())
        .named("generate_config_out")
        .step(Step::config_with(|ws| module(ws, "")).before(|ws| {
            write_file(ws, "motd", "");
            write_file(ws, "conf", "x = 1\n");
            std::fs::set_permissions(
                ws.path("files").join("conf"),
                std::os::unix::fs::PermissionsExt::from_mode(0o600),
            )
            .unwrap();
        }))
        .step(
            Step::import("localfs_file.conf", "conf")
                .generate_config()
                .expect_generated_config(r#"permissions\s+= "0600""#)
                .no_verify()
                .check(state::value("localfs_file.conf", ".content").equals("x = 1\n")),
        )
        .step(
            Step::import("localfs_file.motd", "motd")
                .generate_config()
                .no_verify(),
        )
        .run();
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
