//! End to end: the real Terraform CLI drives the example provider `localfs`
//! (`examples/localfs`), served inside the test process: Terraform attaches to it through
//! `TF_REATTACH_PROVIDERS` (`tfvalue_testing::TestProvider::in_process`).
//!
//! Most tests are step-based (`tfvalue_testing::Test`): each step applies a configuration
//! and checks the plan, the state and the files on disk; after each apply the next plan
//! must be empty, and every test ends with a destroy that must leave no resource and no
//! file. A few drive Terraform command by command (`tfvalue_testing::Workspace`), where
//! they need `validate`, a tainted resource or the provider's schema. Every test runs once
//! per Terraform version found, the versions in parallel, each in a workspace of its own.

use crate::localfs_example as localfs;

use std::os::unix::fs::PermissionsExt as _;
use std::path::PathBuf;

use serde_json::{json, Value as Json};
use tfvalue::schema::ProvidersJson;
use tfvalue::TfSchema as _;
use tfvalue_testing::{
    each_terraform, hcl_string, output_text, plan, state, Step, Terraform, Test, TestProvider,
    Workspace,
};

/// The provider, served in this process for each workspace.
fn provider() -> TestProvider {
    TestProvider::in_process(localfs::ADDRESS, || localfs::LocalFs)
}

/// The provider's root directory in a workspace.
fn root(ws: &Workspace) -> PathBuf {
    ws.path("files")
}

/// The module: the provider block (root `<workspace>/files`), then `resources`.
fn module(ws: &Workspace, resources: &str) -> String {
    let root = root(ws);
    let root = root.to_str().expect("temp paths are UTF-8");
    format!(
        "provider \"localfs\" {{\n  root = {}\n}}\n\n{resources}",
        hcl_string(root)
    )
}

/// A step applying `resources` under the provider block.
fn config(resources: impl Into<String>) -> Step {
    let resources = resources.into();
    Step::config_with(move |ws| module(ws, &resources))
}

/// The text of the file at `rel` under the provider's root.
fn read(ws: &Workspace, rel: &str) -> Result<String, String> {
    let path = root(ws).join(rel);
    std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// The permission bits of the file at `rel` under the provider's root.
fn mode(ws: &Workspace, rel: &str) -> Result<u32, String> {
    let path = root(ws).join(rel);
    let meta =
        std::fs::metadata(&path).map_err(|e| format!("cannot inspect {}: {e}", path.display()))?;
    Ok(meta.permissions().mode() & 0o777)
}

/// The document at `rel`, parsed.
fn read_json(ws: &Workspace, rel: &str) -> Result<Json, String> {
    let text = read(ws, rel)?;
    serde_json::from_str(&text).map_err(|e| format!("{rel} is not JSON ({e}): {text}"))
}

/// Fails a check with the message when `cond` is false.
macro_rules! ensure {
    ($cond:expr, $($msg:tt)+) => {
        if !$cond {
            return Err(format!($($msg)+));
        }
    };
}

/// Checks that `found` equals `expected`, naming `what`.
fn same<T: PartialEq + std::fmt::Debug>(what: &str, found: T, expected: T) -> Result<(), String> {
    ensure!(
        found == expected,
        "{what}: found {found:?}, expected {expected:?}"
    );
    Ok(())
}

/// After the destroy, the root directory holds no file at all.
fn root_is_empty(ws: &Workspace) -> Result<(), String> {
    let mut left = Vec::new();
    let mut dirs = vec![root(ws)];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                left.push(path);
            }
        }
    }
    ensure!(left.is_empty(), "left on disk: {left:?}");
    Ok(())
}

/// The plan changes exactly `count` managed resources.
fn changes_exactly(count: usize) -> plan::PlanCheck {
    plan::custom(
        &format!("the plan changes exactly {count} resource(s)"),
        move |p| {
            let pending = plan::pending_changes(p);
            ensure!(
                pending.len() == count,
                "{}",
                plan::describe_changes(&pending)
            );
            Ok(())
        },
    )
}

/// The change the plan makes to `address`, with `key` (`after_sensitive`, `after_unknown`,
/// `replace_paths`...).
fn change_part(p: &Json, address: &str, key: &str) -> Json {
    p["resource_changes"]
        .as_array()
        .and_then(|all| all.iter().find(|rc| rc["address"] == address))
        .map_or(Json::Null, |rc| rc["change"][key].clone())
}

/// The output `name` in a state.
fn output(name: &str, expected: Json) -> state::StateCheck {
    let owned = name.to_owned();
    state::custom(&format!("output {name} is {expected}"), move |s| {
        same(&owned, &s["values"]["outputs"][&owned]["value"], &expected)
    })
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

/// Terraform's errors about a provider breaking the protocol's consistency rules.
fn assert_no_consistency_errors(output: &str) {
    for bad in [
        "inconsistent result",
        "Provider produced inconsistent",
        "unexpected new value",
        "invalid plan",
        "Error:",
    ] {
        assert!(!output.contains(bad), "output contains {bad:?}:\n{output}");
    }
}

/// A workspace for the command-by-command tests, its module writing under
/// `<workspace>/files`.
struct Localfs {
    ws: Workspace,
}

impl Localfs {
    fn new(tf: &Terraform, label: &str) -> Self {
        Localfs {
            ws: Workspace::new(tf, &provider(), label),
        }
    }

    fn config(&self, resources: &str) {
        self.ws.write_main(&module(&self.ws, resources));
    }

    fn file(&self, rel: &str) -> PathBuf {
        root(&self.ws).join(rel)
    }

    fn read(&self, rel: &str) -> String {
        read(&self.ws, rel).unwrap_or_else(|e| panic!("{e}"))
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

const DOCUMENT: &str = r#"
resource "localfs_document" "doc" {
  path    = "conf/app.json"
  title   = "The app"
  api_key = "s3cr3t-key"
  labels  = { env = "prod", team = "core" }
  tags    = ["b", "a", "c"]
  extra   = { replicas = 3, zones = ["a", "b"], debug = false }
  ratio   = 0.25
  server = {
    host = "db.internal"
    port = 5432
  }
  section {
    name  = "paths"
    lines = ["/var", "/srv"]
  }
  section {
    name = "empty"
  }
  include {
    path = "base.json"
  }
  include {
    path = "extra.json"
  }
  owner {
    name  = "ops"
    email = "ops@example.com"
  }
}
"#;

#[test]
fn apply_creates_files_then_plan_is_empty() {
    let resources = format!(
        r#"
resource "localfs_file" "motd" {{
  path        = "etc/motd"
  content     = "Welcome!\n"
  permissions = "0640"
}}

resource "localfs_file" "secret" {{
  path              = "etc/secret"
  sensitive_content = "hunter2"
}}

{DOCUMENT}

data "localfs_directory" "etc" {{
  path       = "etc"
  depends_on = [localfs_file.motd, localfs_file.secret]
}}

output "etc_names" {{
  value = [for e in data.localfs_directory.etc.entries : e.name]
}}
"#
    );
    Test::new(&provider())
        .step(
            config(resources)
                .plan_check(plan::creates("localfs_file.motd"))
                .plan_check(plan::creates("localfs_file.secret"))
                .plan_check(plan::creates("localfs_document.doc"))
                .plan_check(changes_exactly(3))
                // Terraform hides exactly what the plan marks sensitive.
                .plan_check(plan::custom("the secrets are sensitive in the plan", |p| {
                    same(
                        "secret's sensitive_content",
                        change_part(p, "localfs_file.secret", "after_sensitive")
                            ["sensitive_content"]
                            .clone(),
                        json!(true),
                    )?;
                    same(
                        "doc's api_key",
                        change_part(p, "localfs_document.doc", "after_sensitive")["api_key"]
                            .clone(),
                        json!(true),
                    )
                }))
                .check(state::value("localfs_file.motd", ".id").equals("etc/motd"))
                .check(
                    state::value("localfs_file.motd", ".content_hash")
                        .equals(fnv1a64_hex(b"Welcome!\n")),
                )
                .check(state::value("localfs_file.motd", ".size").equals(9))
                .check(state::value("localfs_file.motd", ".permissions").equals("0640"))
                .check(state::value("localfs_file.secret", ".permissions").equals("0644"))
                .check(state::value("localfs_file.secret", ".content").is_null())
                .check(state::value("localfs_document.doc", ".id").equals("conf/app.json"))
                // The same state read through the resource's own model.
                .check(state::typed::<localfs::file::File, _>(
                    "localfs_file.motd",
                    |file| {
                        same(
                            "path",
                            file.path.as_known().map(String::as_str),
                            Some("etc/motd"),
                        )?;
                        same(
                            "size",
                            file.size.as_known().and_then(|s| s.as_value()).copied(),
                            Some(9),
                        )
                    },
                ))
                .check(output("etc_names", json!(["motd", "secret"])))
                .check_with("the files on disk", |ws, s| {
                    same("etc/motd", read(ws, "etc/motd")?, "Welcome!\n".to_owned())?;
                    same("etc/motd mode", mode(ws, "etc/motd")?, 0o640)?;
                    same("etc/secret", read(ws, "etc/secret")?, "hunter2".to_owned())?;
                    same("etc/secret mode", mode(ws, "etc/secret")?, 0o644)?;
                    // The document is the resource's attributes in Terraform's JSON encoding.
                    let text = read(ws, "conf/app.json")?;
                    let doc = read_json(ws, "conf/app.json")?;
                    same(
                        "labels",
                        &doc["labels"],
                        &json!({"env": "prod", "team": "core"}),
                    )?;
                    same("tags", &doc["tags"], &json!(["a", "b", "c"]))?;
                    same(
                        "server",
                        &doc["server"],
                        &json!({"host": "db.internal", "port": 5432}),
                    )?;
                    same(
                        "section lines",
                        &doc["section"][0]["lines"],
                        &json!(["/var", "/srv"]),
                    )?;
                    same(
                        "owner email",
                        &doc["owner"]["email"],
                        &json!("ops@example.com"),
                    )?;
                    same(
                        "extra replicas",
                        &doc["extra"]["value"]["replicas"],
                        &json!(3),
                    )?;
                    ensure!(doc["extra"]["type"].is_array(), "extra's type: {doc}");
                    let hash = state::resource_in(s, "localfs_document.doc")
                        .map(|r| r["values"]["content_hash"].clone());
                    same(
                        "document hash",
                        hash,
                        Some(json!(fnv1a64_hex(text.as_bytes()))),
                    )
                }),
        )
        .check_destroy(root_is_empty)
        .run();
}

/// A `localfs_file.f` at `path` with `content` and `permissions`.
fn file_f(path: &str, content: &str, permissions: &str) -> String {
    format!(
        "resource \"localfs_file\" \"f\" {{\n  path = {}\n  content = {}\n  permissions = {}\n}}\n",
        hcl_string(path),
        hcl_string(content),
        hcl_string(permissions)
    )
}

#[test]
fn update_in_place_then_replace() {
    Test::new(&provider())
        .step(config(file_f("a.txt", "one\n", "0644")).plan_check(plan::creates("localfs_file.f")))
        // Content and permissions change in place: the same file, rewritten.
        .step(
            config(file_f("a.txt", "two\n", "0600"))
                .plan_check(plan::updates("localfs_file.f"))
                .plan_check(changes_exactly(1))
                .check(
                    state::value("localfs_file.f", ".content_hash").equals(fnv1a64_hex(b"two\n")),
                )
                .check_with("a.txt rewritten", |ws, _| {
                    same("a.txt", read(ws, "a.txt")?, "two\n".to_owned())?;
                    same("a.txt mode", mode(ws, "a.txt")?, 0o600)
                }),
        )
        // A new path replaces the file: the old one goes, the new one comes.
        .step(
            config(file_f("sub/b.txt", "two\n", "0600"))
                .plan_check(plan::replaces("localfs_file.f"))
                .plan_check(changes_exactly(1))
                .plan_check(plan::custom("the path forces the replacement", |p| {
                    same(
                        "replace_paths",
                        change_part(p, "localfs_file.f", "replace_paths"),
                        json!([["path"]]),
                    )
                }))
                .check(state::value("localfs_file.f", ".id").equals("sub/b.txt"))
                .check_with("the file moved", |ws, _| {
                    ensure!(!root(ws).join("a.txt").exists(), "a.txt is still there");
                    same("sub/b.txt", read(ws, "sub/b.txt")?, "two\n".to_owned())
                }),
        )
        .check_destroy(root_is_empty)
        .run();
}

#[test]
fn document_changes_in_place() {
    // Every kind of value changes: the map, the set, the dynamic value's type, the nested
    // attribute, the list and set blocks; the single block goes away.
    let changed = DOCUMENT
        .replace(r#"team = "core""#, r#"team = "edge", tier = "1""#)
        .replace(r#"["b", "a", "c"]"#, r#"["c", "d"]"#)
        .replace(
            "{ replicas = 3, zones = [\"a\", \"b\"], debug = false }",
            "\"now a string\"",
        )
        .replace("port = 5432", "port = 6543")
        .replace("\"/var\", \"/srv\"", "\"/opt\"")
        .replace("\"extra.json\"", "\"more.json\"")
        .replace(
            "  owner {\n    name  = \"ops\"\n    email = \"ops@example.com\"\n  }\n",
            "",
        );
    assert_ne!(changed, DOCUMENT);
    Test::new(&provider())
        .step(config(DOCUMENT))
        .step(
            config(changed)
                .plan_check(plan::updates("localfs_document.doc"))
                .plan_check(changes_exactly(1))
                .check_with("the document on disk", |ws, _| {
                    let doc = read_json(ws, "conf/app.json")?;
                    same(
                        "labels",
                        &doc["labels"],
                        &json!({"env": "prod", "team": "edge", "tier": "1"}),
                    )?;
                    same("tags", &doc["tags"], &json!(["c", "d"]))?;
                    same(
                        "extra",
                        &doc["extra"],
                        &json!({"value": "now a string", "type": "string"}),
                    )?;
                    same("port", &doc["server"]["port"], &json!(6543))?;
                    same(
                        "section lines",
                        &doc["section"][0]["lines"],
                        &json!(["/opt"]),
                    )?;
                    ensure!(doc["owner"].is_null(), "owner: {doc}");
                    let includes: Vec<&str> = doc["include"]
                        .as_array()
                        .map(|a| a.iter().filter_map(|i| i["path"].as_str()).collect())
                        .unwrap_or_default();
                    ensure!(
                        includes.len() == 2
                            && includes.contains(&"base.json")
                            && includes.contains(&"more.json"),
                        "includes: {doc}"
                    );
                    Ok(())
                }),
        )
        .check_destroy(root_is_empty)
        .run();
}

#[test]
fn drift_is_detected_by_refresh_and_repaired() {
    let resources = format!(
        "resource \"localfs_file\" \"f\" {{\n  path = \"f.txt\"\n  content = \"managed\\n\"\n}}\n{DOCUMENT}"
    );
    Test::new(&provider())
        .step(config(resources.clone()))
        // Behind Terraform's back: the file's content and mode change, the document's
        // title; a refresh takes all of it into the state.
        .step(
            Step::refresh()
                .before(|ws| {
                    let f = root(ws).join("f.txt");
                    std::fs::write(&f, "edited by hand\n").expect("write");
                    std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o600))
                        .expect("chmod");
                    let doc = read(ws, "conf/app.json")
                        .expect("read")
                        .replace("The app", "Edited");
                    std::fs::write(root(ws).join("conf/app.json"), doc).expect("write");
                })
                .check(state::value("localfs_file.f", ".content").equals("edited by hand\n"))
                .check(state::value("localfs_file.f", ".permissions").equals("0600"))
                .check(state::value("localfs_document.doc", ".title").equals("Edited")),
        )
        // The configuration repairs both, in place.
        .step(
            config(resources.clone())
                .plan_check(plan::updates("localfs_file.f"))
                .plan_check(plan::updates("localfs_document.doc"))
                .plan_check(changes_exactly(2))
                .check_with("the files are repaired", |ws, _| {
                    same("f.txt", read(ws, "f.txt")?, "managed\n".to_owned())?;
                    same("f.txt mode", mode(ws, "f.txt")?, 0o644)?;
                    ensure!(
                        read(ws, "conf/app.json")?.contains("The app"),
                        "the title is not back"
                    );
                    Ok(())
                }),
        )
        // A file deleted behind Terraform's back is planned for creation again.
        .step(
            config(resources)
                .before(|ws| std::fs::remove_file(root(ws).join("f.txt")).expect("remove"))
                .plan_check(plan::creates("localfs_file.f"))
                .plan_check(changes_exactly(1))
                .check_with("f.txt is back", |ws, _| {
                    same("f.txt", read(ws, "f.txt")?, "managed\n".to_owned())
                }),
        )
        .check_destroy(root_is_empty)
        .run();
}

const NOTES: &str = "resource \"localfs_file\" \"notes\" {\n  path = \"old/notes.txt\"\n  content = \"kept\\n\"\n  permissions = \"0600\"\n}\n";

#[test]
fn import_adopts_an_existing_file() {
    Test::new(&provider())
        // Creating the file would refuse to overwrite the one already there.
        .step(
            config(NOTES)
                .before(|ws| {
                    let dir = root(ws).join("old");
                    std::fs::create_dir_all(&dir).expect("mkdir");
                    std::fs::write(dir.join("notes.txt"), "kept\n").expect("write");
                    std::fs::set_permissions(dir.join("notes.txt"), std::fs::Permissions::from_mode(0o600))
                        .expect("chmod");
                })
                .expect_error("File already exists")
                .check(state::absent("localfs_file.notes")),
        )
        // Adopted into the test's state instead; the plan after it is empty.
        .step(
            Step::import("localfs_file.notes", "old/notes.txt")
                .persist()
                .check(state::value("localfs_file.notes", ".content").equals("kept\n"))
                .check(state::value("localfs_file.notes", ".permissions").equals("0600"))
                .check(state::value("localfs_file.notes", ".content_hash").equals(fnv1a64_hex(b"kept\n"))),
        )
        .step(config(format!("{NOTES}{DOCUMENT}")).plan_check(changes_exactly(1)))
        // The document adopted again with an `import` block, in a state of its own:
        // everything read back from the file (blocks, sets, the dynamic value, the
        // sensitive key) matches the configuration, so the import plans no change and the
        // imported resource equals the applied one.
        .step(
            Step::import("localfs_document.doc", "conf/app.json")
                .by_import_block()
                .check(state::value("localfs_document.doc", ".api_key").equals("s3cr3t-key")),
        )
        // The same by `terraform import`.
        .step(Step::import("localfs_document.doc", "conf/app.json"))
        // Importing a file that does not exist is the provider's error...
        .step(
            Step::import("localfs_file.ghost", "nope.txt")
                .using_config(|ws| {
                    module(ws, &format!("{NOTES}resource \"localfs_file\" \"ghost\" {{\n  path = \"nope.txt\"\n}}\n"))
                })
                .expect_error("Cannot import a missing file"),
        )
        // ... nor does the provider read a file larger than its limit into memory.
        .step(
            Step::import("localfs_file.ghost", "nope.txt")
                .using_config(|ws| {
                    module(ws, &format!("{NOTES}resource \"localfs_file\" \"ghost\" {{\n  path = \"nope.txt\"\n}}\n"))
                })
                .before(|ws| {
                    let big = std::fs::File::create(root(ws).join("nope.txt")).expect("create");
                    big.set_len((16 << 20) + 1).expect("grow");
                })
                .expect_error("File too large")
                .check_with("the large file is left alone", |ws, _| {
                    std::fs::remove_file(root(ws).join("nope.txt")).map_err(|e| e.to_string())
                }),
        )
        .check_destroy(root_is_empty)
        .run();
}

#[test]
fn destroy_removes_every_file() {
    Test::new(&provider())
        .step(
            config(format!(
                "resource \"localfs_file\" \"f\" {{\n  path = \"d/f.txt\"\n  content = \"x\"\n}}\n{DOCUMENT}"
            ))
            .check_with("both files are written", |ws, _| {
                ensure!(
                    root(ws).join("d/f.txt").is_file() && root(ws).join("conf/app.json").is_file(),
                    "a file is missing"
                );
                Ok(())
            }),
        )
        .check_destroy(|ws| {
            ensure!(!root(ws).join("d/f.txt").exists(), "d/f.txt is still there");
            ensure!(!root(ws).join("conf/app.json").exists(), "conf/app.json is still there");
            root_is_empty(ws)
        })
        .run();
}

#[test]
fn unknown_values_flow_through_plan_and_apply() {
    // `localfs_file.a.id` is known only after apply: every use below is unknown at plan
    // time, the templates with a known prefix ("b-", "id=") as refined unknowns.
    let resources = r#"
resource "localfs_file" "a" {
  path    = "a.txt"
  content = "a"
}

resource "localfs_file" "b" {
  path    = "b-${localfs_file.a.id}"
  content = "id=${localfs_file.a.id}"
}

resource "localfs_document" "d" {
  path   = "doc-${localfs_file.a.id}.json"
  title  = localfs_file.a.id
  labels = { from = localfs_file.a.id, fixed = "x" }
  tags   = [localfs_file.a.id, "fixed"]
  extra  = { ref = localfs_file.a.id, n = 1 }
  server = {
    host = "host-${localfs_file.a.id}"
    port = length(localfs_file.a.id)
  }
  section {
    name  = localfs_file.a.id
    lines = [localfs_file.a.id, "x"]
  }
  include {
    path = localfs_file.a.id
  }
  owner {
    name = localfs_file.a.id
  }
}

data "localfs_directory" "root" {
  path       = trimsuffix(".${localfs_file.a.id}", localfs_file.a.id)
  # Every file of the root: a listing taken while the document is still being written
  # would differ from the next plan's.
  depends_on = [localfs_file.b, localfs_document.d]
}

output "names" {
  value = [for e in data.localfs_directory.root.entries : e.name]
}
"#;
    Test::new(&provider())
        .step(
            config(resources)
                .plan_check(plan::custom(
                    "the plan has values known only after apply",
                    |p| {
                        same(
                            "b's path",
                            change_part(p, "localfs_file.b", "after_unknown")["path"].clone(),
                            json!(true),
                        )?;
                        same(
                            "d's title",
                            change_part(p, "localfs_document.d", "after_unknown")["title"].clone(),
                            json!(true),
                        )
                    },
                ))
                .check(state::custom("output names lists b-a.txt", |s| {
                    let names = &s["values"]["outputs"]["names"]["value"];
                    ensure!(
                        names
                            .as_array()
                            .is_some_and(|n| n.iter().any(|n| n == "b-a.txt")),
                        "{names}"
                    );
                    Ok(())
                }))
                .check_with("the files on disk", |ws, _| {
                    same("b-a.txt", read(ws, "b-a.txt")?, "id=a.txt".to_owned())?;
                    let doc = read_json(ws, "doc-a.txt.json")?;
                    same(
                        "server",
                        &doc["server"],
                        &json!({"host": "host-a.txt", "port": 5}),
                    )?;
                    same("tags", &doc["tags"], &json!(["a.txt", "fixed"]))?;
                    same("extra ref", &doc["extra"]["value"]["ref"], &json!("a.txt"))
                }),
        )
        .check_destroy(root_is_empty)
        .run();
}

/// Terraform's own view of the state (`show -json`, as text: parsed into f64s the digits
/// would be lost) holds every one of `digits`.
fn shown_state_keeps(ws: &Workspace, digits: &[&str]) -> Result<(), String> {
    let shown = ws.run(&["show", "-json", "-no-color"]);
    let shown = String::from_utf8_lossy(&shown.stdout);
    for d in digits {
        ensure!(shown.contains(d), "{d} not in the state: {shown}");
    }
    Ok(())
}

#[test]
fn numbers_keep_their_precision() {
    Test::new(&provider())
        .step(
            config(
                r#"
resource "localfs_document" "tenth" {
  path     = "tenth.json"
  ratio    = 0.1
  quantity = 123456789012345678901234567890
}

resource "localfs_document" "huge" {
  path     = "huge.json"
  ratio    = 1e300
  quantity = 0.1
}

resource "localfs_document" "fraction" {
  path     = "fraction.json"
  ratio    = 3.141592653589793
  quantity = 1e300
}
"#,
            )
            .check_with("the numbers on disk and in the state", |ws, _| {
                let tenth = read(ws, "tenth.json")?;
                ensure!(tenth.contains("\"ratio\":0.1,"), "{tenth}");
                ensure!(
                    tenth.contains("\"quantity\":123456789012345678901234567890,"),
                    "{tenth}"
                );
                same(
                    "huge ratio",
                    read_json(ws, "huge.json")?["ratio"].as_f64(),
                    Some(1e300),
                )?;
                same(
                    "fraction ratio",
                    read_json(ws, "fraction.json")?["ratio"].as_f64(),
                    Some(std::f64::consts::PI),
                )?;
                shown_state_keeps(ws, &["123456789012345678901234567890"])
            }),
        )
        .check_destroy(root_is_empty)
        .run();
}

/// Whole numbers past the 64-bit integers travel as decimal strings (go-cty 1.16): written
/// back as float64s, Terraform failed the apply ("Provider produced inconsistent final
/// plan"). The f64 attribute `ratio` writes back the very integer it was given (go-cty
/// compares whole numbers exactly: 2^63 written as its shortest text 9223372036854776000
/// failed the plan), and a configuration's 1e5000 travels as 5,001 digits. Each step's
/// apply is followed by a plan that must be empty.
#[test]
fn integers_past_64_bits_survive_plan_apply_and_plan() {
    let e300 = format!("1{}", "0".repeat(300));
    let e5000 = format!("1{}", "0".repeat(5000));
    Test::new(&provider())
        .step(
            config(
                r#"
resource "localfs_document" "big" {
  path     = "big.json"
  quantity = 9223372036854775808
  ratio    = 9223372036854775808
  readings = [9223372036854775808, 18446744073709551616, 1e20, 1e300, -9223372036854775809]
}

resource "localfs_document" "two_64" {
  path     = "two_64.json"
  quantity = 18446744073709551616
  ratio    = 18446744073709551616
}

resource "localfs_document" "e20" {
  path     = "e20.json"
  quantity = 1e20
  ratio    = 1e20
}

resource "localfs_document" "e300" {
  path     = "e300.json"
  quantity = 1e300
  ratio    = 1e300
}

resource "localfs_document" "e5000" {
  path     = "e5000.json"
  quantity = 1e5000
}
"#,
            )
            .check_with("every digit on disk and in the state", move |ws, _| {
                let doc = read(ws, "big.json")?;
                let expected = format!(
                    "\"readings\":[9223372036854775808,18446744073709551616,100000000000000000000,{e300},-9223372036854775809]"
                );
                ensure!(doc.contains(&expected), "{doc}");
                ensure!(doc.contains("\"quantity\":9223372036854775808,"), "{doc}");
                ensure!(doc.contains("\"ratio\":9223372036854775808,"), "{doc}");
                for (file, digits) in [
                    ("two_64.json", "18446744073709551616"),
                    ("e20.json", "100000000000000000000"),
                    ("e300.json", e300.as_str()),
                ] {
                    let doc = read(ws, file)?;
                    ensure!(doc.contains(&format!("\"quantity\":{digits},")), "{doc}");
                    ensure!(doc.contains(&format!("\"ratio\":{digits},")), "{doc}");
                }
                let doc = read(ws, "e5000.json")?;
                ensure!(doc.contains(&format!("\"quantity\":{e5000},")), "{doc:.200}");
                shown_state_keeps(
                    ws,
                    &[
                        "9223372036854775808",
                        "18446744073709551616",
                        "-9223372036854775809",
                        "100000000000000000000",
                        &e5000,
                    ],
                )
            }),
        )
        // -2^63-1 is no f64 (the nearest is -2^63): refused at `ratio`, before anything is
        // written.
        .step(
            config(
                "resource \"localfs_document\" \"bad\" {\n  path  = \"bad.json\"\n  ratio = -9223372036854775809\n}\n",
            )
            .expect_error(r"ratio = -9223372036854775809")
            .expect_error(r"\.ratio: the number -9223372036854775809")
            .expect_error(r"cannot be represented by a 64-bit\s+float without losing\s+precision")
            .check_with("bad.json is not written", nothing_written("bad.json")),
        )
        .check_destroy(root_is_empty)
        .run();
}

/// Nothing is written for a configuration that fails.
fn nothing_written(
    rel: &'static str,
) -> impl Fn(&Workspace, &Json) -> Result<(), String> + Send + Sync {
    move |ws, _| {
        ensure!(!root(ws).join(rel).exists(), "{rel} was written");
        Ok(())
    }
}

#[test]
fn invalid_values_are_reported_against_the_attribute() {
    Test::new(&provider())
        // The provider's own check (validate) reports `permissions`.
        .step(
            config("resource \"localfs_file\" \"bad\" {\n  path        = \"bad.txt\"\n  permissions = \"rwx\"\n}\n")
                .expect_error("Invalid permissions")
                .expect_error(r#"permissions = "rwx""#)
                .check_with("bad.txt is not written", nothing_written("bad.txt")),
        )
        // A value the model's type refuses fails decoding, at its path: a number too
        // large for the f64 field `ratio`...
        .step(
            config("resource \"localfs_document\" \"bad\" {\n  path  = \"bad.json\"\n  ratio = 1e400\n}\n")
                .expect_error(r"ratio = 1e400")
                .expect_error(r"\.ratio: the number")
                .expect_error("too large")
                .check_with("bad.json is not written", nothing_written("bad.json")),
        )
        // ... and 70000 for the u16 `port` of the nested attribute `server`. Terraform
        // cannot point inside an attribute's object value, so the framework cuts the path
        // at `server`: Terraform shows the `server = {` line, the detail names
        // `.server.port`.
        .step(
            config("resource \"localfs_document\" \"bad\" {\n  path = \"bad.json\"\n  server = {\n    host = \"h\"\n    port = 70000\n  }\n}\n")
                .expect_error(r"\.server\.port: expected a whole number")
                .expect_error("70000")
                .expect_error(r"server = \{")
                .check_with("bad.json is not written", nothing_written("bad.json")),
        )
        // A path leaving the root.
        .step(
            config("resource \"localfs_file\" \"bad\" {\n  path = \"../escape\"\n}\n")
                .expect_error("Invalid path")
                .expect_error(r#"path = "\.\./escape""#),
        )
        .run();
}

#[test]
fn declared_validators_speak_through_terraform() {
    each_terraform("declared_validators_speak_through_terraform", |tf| {
        let t = Localfs::new(tf, "validators");
        // `server.port` declares between(min = 1, max = 65535): no code in the resource.
        t.config(&DOCUMENT.replace("port = 5432", "port = 0"));
        let out = output_text(&t.ws.run_expecting(&["validate", "-no-color"], 1));
        assert!(out.contains("Invalid Attribute Value"), "{out}");
        assert!(
            out.contains("Attribute server.port value must be between 1 and 65535, got: 0"),
            "{out}"
        );
        // A value known only at apply is not checked while planning, as with Terraform's
        // own validators: the same port from a variable without a value passes validate.
        t.config(&format!(
            "variable \"port\" {{\n  type = number\n}}\n\n{}",
            DOCUMENT.replace("port = 5432", "port = var.port")
        ));
        t.ws.run_ok(&["validate", "-no-color"]);
    });
}
#[test]
fn a_create_that_fails_after_writing_keeps_its_file_in_state_tainted() {
    each_terraform("a_create_that_fails_after_writing", |tf| {
        let t = Localfs::new(tf, "tainted");
        t.config(
            "resource \"localfs_file\" \"f\" {\n  path      = \"t.txt\"\n  \
             content   = \"made\\n\"\n  hash_path = \"t.txt.fnv\"\n}\n",
        );
        // A directory where the hash file goes: the second step of the create fails after
        // the file itself is written.
        std::fs::create_dir_all(t.file("t.txt.fnv")).unwrap();
        let failed = t.ws.apply_failing();
        assert!(failed.contains("t.txt.fnv"), "{failed}");
        assert!(
            !failed.contains("unknown value") && !failed.contains("invalid result object"),
            "the framework answers a wholly known state: {failed}"
        );
        // The file exists, and Terraform knows it: in state, tainted.
        assert_eq!(t.read("t.txt"), "made\n");
        let state = t.ws.state();
        let file = state["values"]["root_module"]["resources"]
            .as_array()
            .and_then(|all| all.iter().find(|r| r["address"] == "localfs_file.f"))
            .unwrap_or_else(|| panic!("the written file is not in state: {state:#}"))
            .clone();
        assert_eq!(file["tainted"], true, "{file:#}");
        assert_eq!(file["values"]["id"], "t.txt");
        assert_eq!(file["values"]["content_hash"], fnv1a64_hex(b"made\n"));

        // With the obstacle gone, the next apply replaces the tainted file.
        std::fs::remove_dir(t.file("t.txt.fnv")).unwrap();
        let plan = t.ws.plan();
        assert!(plan.contains("is tainted, so must be replaced"), "{plan}");
        let applied = t.ws.apply();
        assert!(
            applied.contains("1 added, 0 changed, 1 destroyed"),
            "{applied}"
        );
        assert_no_consistency_errors(&applied);
        assert_eq!(t.read("t.txt"), "made\n");
        assert_eq!(t.read("t.txt.fnv"), fnv1a64_hex(b"made\n"));
        t.assert_no_changes("replacing a tainted file");

        // Nothing is left behind.
        t.ws.destroy();
        let left: Vec<_> = std::fs::read_dir(t.file(""))
            .map(|dir| dir.filter_map(Result::ok).map(|e| e.file_name()).collect())
            .unwrap_or_default();
        assert!(left.is_empty(), "left on disk: {left:?}");
        assert!(t.ws.resource_addresses().is_empty());
    });
}
#[test]
fn providers_schema_is_the_models_schema() {
    each_terraform("providers_schema_is_the_models_schema", |tf| {
        // Terraform 1.15 also prints deprecation messages.
        let release = if tf.version.starts_with("1.15.") {
            ProvidersJson::Terraform1_15
        } else {
            ProvidersJson::Terraform1_11
        };
        let file = localfs::file::File::schema().to_providers_json_as(release);
        let expected = serde_json::json!({
            "provider": localfs::Config::schema().to_providers_json_as(release),
            "resource_schemas": {
                "localfs_document": localfs::document::Document::schema().to_providers_json_as(release),
                "localfs_file": file,
                "localfs_text_file": file,
            },
            "data_source_schemas": {
                "localfs_directory": localfs::directory::Directory::schema().to_providers_json_as(release),
            },
        });
        let t = Localfs::new(tf, "schema");
        t.config("");
        let shown = t.ws.providers_schema();
        let ours = &shown["provider_schemas"][t.ws.provider_source()];
        for key in ["provider", "resource_schemas", "data_source_schemas"] {
            assert_eq!(
                ours[key], expected[key],
                "Terraform {}: {key} differs from tfvalue's rendering",
                tf.version
            );
        }
    });
}

/// `plan -detailed-exitcode` exits 0 twice in a row: nothing is left to an apply.
fn plans_twice_without_changes(ws: &Workspace) -> Result<(), String> {
    for run in ["first", "second"] {
        let code = ws.plan_detailed_exitcode();
        ensure!(
            code == 0,
            "the {run} plan -detailed-exitcode exited {code} (2: changes; its text is above)"
        );
    }
    Ok(())
}

/// A computed attribute the provider leaves null (`previous_hash`, until the file's first
/// update) stays null in every later plan: an unchanged configuration plans nothing,
/// instead of "(known after apply)" forever. An update then fills it in.
#[test]
fn a_computed_attribute_left_null_plans_no_change() {
    let file = |content: &str| {
        format!(
            "resource \"localfs_file\" \"f\" {{\n  path    = \"f.txt\"\n  content = \"{content}\"\n}}\n"
        )
    };
    Test::new(&provider())
        .step(
            config(file("first"))
                .check(state::value("localfs_file.f", ".previous_hash").is_null())
                .check_with("two plans without changes", |ws, _| {
                    plans_twice_without_changes(ws)
                }),
        )
        .step(
            config(file("second"))
                .plan_check(plan::updates("localfs_file.f"))
                .check(
                    state::value("localfs_file.f", ".previous_hash").equals(fnv1a64_hex(b"first")),
                )
                .check_with("two plans without changes", |ws, _| {
                    plans_twice_without_changes(ws)
                }),
        )
        .check_destroy(root_is_empty)
        .run();
}

/// Writes `big.txt` of `bytes` bytes (a repeated line) beside the module, for `file()`.
fn big_text(ws: &Workspace, bytes: usize) {
    let line = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde\n";
    let text = line.repeat(bytes / line.len() + 1);
    std::fs::write(ws.module_dir().join("big.txt"), &text[..bytes]).expect("write big.txt");
}

/// Texts the provider could not read back (more than 16 MiB) are refused where they enter,
/// at validation or, when a value is unknown until then, at plan, naming the attribute;
/// nothing is written. (Written, such a file could be neither refreshed nor destroyed.)
/// A document is checked as a whole. A 12 MB text goes through apply, plan and destroy.
#[test]
fn texts_larger_than_what_the_provider_reads_back_are_refused_before_anything_is_written() {
    const MIB: usize = 1 << 20;
    Test::new(&provider())
        .step(
            config("resource \"localfs_file\" \"big\" {\n  path    = \"big.txt\"\n  content = file(\"big.txt\")\n}\n")
                .before(|ws| big_text(ws, 30 * MIB))
                .expect_error("Text too large")
                .expect_error("The text is 31457280 bytes")
                .expect_error(r#"content = file\("big.txt"\)"#)
                .check_with("nothing is written", |ws, _| root_is_empty(ws)),
        )
        .step(
            // Unknown at validation (it refers to another resource), known at plan.
            config(
                "resource \"localfs_file\" \"src\" {\n  path    = \"src.txt\"\n  content = \"x\"\n}\n\n\
                 resource \"localfs_file\" \"copy\" {\n  path              = \"copy.txt\"\n  \
                 sensitive_content = \"${localfs_file.src.content}${file(\"big.txt\")}\"\n}\n",
            )
            .before(|ws| big_text(ws, 17 * MIB))
            .expect_error("Text too large")
            .expect_error(r"localfs_file\.copy")
            .expect_error("sensitive_content")
            .check_with("nothing is written", |ws, _| root_is_empty(ws)),
        )
        .step(
            config("resource \"localfs_document\" \"big\" {\n  path  = \"big.json\"\n  title = file(\"big.txt\")\n}\n")
                .before(|ws| big_text(ws, 17 * MIB))
                .expect_error("Document too large")
                .check_with("nothing is written", |ws, _| root_is_empty(ws)),
        )
        .step(
            config("resource \"localfs_file\" \"big\" {\n  path    = \"big.txt\"\n  content = file(\"big.txt\")\n}\n")
                .before(|ws| big_text(ws, 12_000_000))
                .check(state::value("localfs_file.big", ".size").equals(12_000_000)),
        )
        .check_destroy(root_is_empty)
        .run();
}

/// The custom types of `localfs_document`: the document stores `settings` compact with its
/// members sorted and `expires_at` in UTC, and the resource answers what it stored. The
/// configuration says the same in other words (members reordered, spaces, `+01:00`):
/// semantic equality keeps its text after apply (Terraform would otherwise refuse the
/// result as inconsistent) and after each refresh (the plan after the apply is empty).
/// Invalid values are refused with the types' own diagnostics.
#[test]
fn custom_types_keep_the_configured_text() {
    const SETTINGS: &str = r#"{ "retries": [1, 2], "log": {"level": "debug", "color": null} }"#;
    const EXPIRES: &str = "2030-01-01T01:30:00+01:30";
    let resources = format!(
        "resource \"localfs_document\" \"doc\" {{\n  path       = \"custom.json\"\n  settings   = {}\n  expires_at = {}\n}}\n",
        hcl_string(SETTINGS),
        hcl_string(EXPIRES)
    );
    Test::new(&provider())
        .step(
            config(resources)
                .plan_check(plan::creates("localfs_document.doc"))
                .check(state::value("localfs_document.doc", ".settings").equals(SETTINGS))
                .check(state::value("localfs_document.doc", ".expires_at").equals(EXPIRES))
                .check_with("the document's own spelling on disk", |ws, _| {
                    let doc = read_json(ws, "custom.json")?;
                    same(
                        "settings",
                        &doc["settings"],
                        &json!(r#"{"log":{"color":null,"level":"debug"},"retries":[1,2]}"#),
                    )?;
                    same("expires_at", &doc["expires_at"], &json!("2030-01-01T00:00:00Z"))
                }),
        )
        // Another instant is a change, written in its turn.
        .step(
            config(
                "resource \"localfs_document\" \"doc\" {\n  path       = \"custom.json\"\n  expires_at = \"2030-01-01T01:30:00-01:00\"\n}\n",
            )
            .plan_check(plan::updates("localfs_document.doc"))
            .check(
                state::value("localfs_document.doc", ".expires_at")
                    .equals("2030-01-01T01:30:00-01:00"),
            )
            .check_with("the new instant on disk", |ws, _| {
                let doc = read_json(ws, "custom.json")?;
                same("expires_at", &doc["expires_at"], &json!("2030-01-01T02:30:00Z"))
            }),
        )
        .step(
            config(
                "resource \"localfs_document\" \"bad\" {\n  path       = \"bad.json\"\n  settings   = \"{\\\"a\\\": 1,}\"\n  expires_at = \"2030-02-29T00:00:00Z\"\n}\n",
            )
            .expect_error("Invalid JSON String Value")
            .expect_error(r"not valid JSON string format \(RFC 7159\)")
            .expect_error("Invalid RFC3339 String Value")
            .expect_error(r#"parsing time\s+"2030-02-29T00:00:00Z": day out of range"#)
            .check_with("bad.json is not written", nothing_written("bad.json")),
        )
        .check_destroy(root_is_empty)
        .run();
}

/// A data source answering a custom-typed attribute in its own spelling (the directory's
/// `modified_after` in UTC) keeps the configured text, and filters by the instant meant.
#[test]
fn a_data_source_keeps_the_configured_text() {
    const PAST: &str = "2000-01-01T01:30:00+01:30";
    const FUTURE: &str = "2999-12-31T23:00:00-01:00";
    let listing = |at: &str| {
        r#"resource "localfs_file" "a" {
  path    = "a.txt"
  content = "a"
}

data "localfs_directory" "since" {
  path           = "."
  modified_after = AT
  depends_on     = [localfs_file.a]
}

output "since" {
  value = data.localfs_directory.since.modified_after
}

output "names" {
  value = [for e in data.localfs_directory.since.entries : e.name]
}
"#
        .replace("AT", &hcl_string(at))
    };
    Test::new(&provider())
        .step(
            config(listing(PAST))
                .check(output("since", json!(PAST)))
                .check(output("names", json!(["a.txt"]))),
        )
        // Nothing it depends on changes now, so Terraform reads it while planning and keeps
        // what the provider answers (read during an apply, as in the step before, the
        // result showed the configured text even without the keeping).
        .step(
            config(listing(FUTURE))
                .check(output("since", json!(FUTURE)))
                .check(output("names", json!([]))),
        )
        .check_destroy(root_is_empty)
        .run();
}
