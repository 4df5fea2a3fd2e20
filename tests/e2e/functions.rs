//! End to end: the example provider's functions (`examples/localfs/functions.rs`) called
//! by the real Terraform CLI as `provider::localfs::<name>(...)`, in outputs and in
//! resource arguments, with good and bad arguments. Provider functions exist since
//! Terraform 1.8; an older Terraform is skipped with the reason printed.
//!
//! Every test runs once per Terraform version found; see `tfvalue_testing::each_terraform`.

use std::io::Write as _;
use std::os::unix::fs::PermissionsExt as _;

use tfvalue_testing::{each_terraform, hcl_string, Terraform, TestProvider, Workspace};

const PROVIDER_ADDRESS: &str = "example.com/tfvalue/localfs";
const PROVIDER_EXE: &str = env!("CARGO_BIN_EXE_terraform-provider-localfs");

/// Whether `tf` has provider functions (1.8 and later); prints why not when it has none.
fn has_functions(tf: &Terraform, test: &str) -> bool {
    let mut parts = tf.version.split('.').map(|p| p.parse::<u32>().unwrap_or(0));
    let (major, minor) = (parts.next().unwrap_or(0), parts.next().unwrap_or(0));
    let has = (major, minor) >= (1, 8);
    if !has {
        // Straight to stderr: the harness captures `eprintln!` of passing tests.
        let _ = writeln!(
            std::io::stderr().lock(),
            "SKIPPED {test} on Terraform {}: provider functions need Terraform 1.8 or later",
            tf.version
        );
    }
    has
}

/// A workspace whose module configures the provider with the root `<workspace>/files`.
fn workspace(tf: &Terraform, label: &str, body: &str) -> Workspace {
    let ws = Workspace::new(
        tf,
        &TestProvider::binary(PROVIDER_ADDRESS, PROVIDER_EXE),
        label,
    );
    let root = ws.path("files");
    let root = root.to_str().expect("temp paths are UTF-8");
    ws.write_main(&format!(
        "provider \"localfs\" {{\n  root = {}\n}}\n\n{body}",
        hcl_string(root)
    ));
    ws
}

/// `apply` expected to fail, its output with every run of whitespace made one space
/// (Terraform wraps its messages at the terminal width).
fn failing_apply(ws: &Workspace) -> String {
    ws.apply_failing()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// `terraform output -json`, parsed: each output's value by name.
fn outputs(ws: &Workspace) -> serde_json::Value {
    let out = ws.run_ok(&["output", "-json"]);
    let all: serde_json::Value = serde_json::from_slice(&out.stdout).expect("output -json");
    let mut values = serde_json::Map::new();
    for (name, output) in all.as_object().expect("an object of outputs") {
        values.insert(name.clone(), output["value"].clone());
    }
    values.into()
}

/// FNV-1a 64 in hex, as `localfs_file.content_hash` has it.
fn fnv1a64_hex(bytes: &[u8]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x100_0000_01b3);
    }
    format!("{hash:016x}")
}

const MODULE: &str = r#"
locals {
  mode = provider::localfs::parse_permissions("rw-r-----")
}

resource "localfs_file" "conf" {
  path        = provider::localfs::join_path("a", "b", "c.txt")
  content     = "hello\n"
  permissions = local.mode.octal
}

# An argument known only after apply: Terraform calls the function during apply.
resource "localfs_file" "by_hash" {
  path    = provider::localfs::join_path("hashes", localfs_file.conf.content_hash)
  content = "copy\n"
}

output "single" {
  value = provider::localfs::join_path("only")
}

output "nested" {
  value = provider::localfs::join_path("etc/", "app", "conf.d/", "z.conf")
}

output "mode" {
  value = local.mode
}

output "everyone" {
  value = provider::localfs::parse_permissions("rwxr-x--x").octal
}

output "by_hash" {
  value = localfs_file.by_hash.path
}
"#;

#[test]
fn functions_compute_outputs_and_resource_arguments() {
    each_terraform("functions_compute_outputs_and_resource_arguments", |tf| {
        if !has_functions(tf, "functions_compute_outputs_and_resource_arguments") {
            return;
        }
        let ws = workspace(tf, "functions", MODULE);
        let plan = ws.plan();
        assert!(
            plan.contains("\"a/b/c.txt\""),
            "Terraform {}: the plan shows the joined path\n{plan}",
            tf.version
        );
        ws.apply();
        let got = outputs(&ws);
        assert_eq!(got["single"], "only", "Terraform {}", tf.version);
        assert_eq!(got["nested"], "etc/app/conf.d/z.conf");
        assert_eq!(
            got["mode"],
            serde_json::json!({"owner": 6, "group": 4, "other": 0, "octal": "0640"})
        );
        assert_eq!(got["everyone"], "0751");
        let hash = fnv1a64_hex(b"hello\n");
        assert_eq!(got["by_hash"], format!("hashes/{hash}"));

        let conf = ws.path("files").join("a/b/c.txt");
        assert_eq!(std::fs::read_to_string(&conf).unwrap(), "hello\n");
        let mode = std::fs::metadata(&conf).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640, "Terraform {}", tf.version);
        let copy = ws.path("files").join("hashes").join(&hash);
        assert_eq!(std::fs::read_to_string(&copy).unwrap(), "copy\n");

        assert_eq!(
            ws.plan_detailed_exitcode(),
            0,
            "Terraform {}: a plan after apply is not empty",
            tf.version
        );
    });
}

#[test]
fn bad_arguments_are_reported_against_their_parameter() {
    each_terraform("bad_arguments_are_reported_against_their_parameter", |tf| {
        if !has_functions(tf, "bad_arguments_are_reported_against_their_parameter") {
            return;
        }
        // The provider's own check of a variadic argument: Terraform names the variadic
        // parameter and shows the call.
        let ws = workspace(
            tf,
            "bad-part",
            "output \"p\" {\n  value = provider::localfs::join_path(\"a\", \"b\", \"../up\")\n}\n",
        );
        let out = failing_apply(&ws);
        assert!(
            out.contains("Invalid value for \"parts\" parameter"),
            "Terraform {}: {out}",
            tf.version
        );
        assert!(out.contains("\"../up\" leaves the root with `..`"), "{out}");
        assert!(out.contains("join_path(\"a\", \"b\", \"../up\")"), "{out}");

        // A positional argument: an absolute base.
        ws.write_main(&format!(
            "provider \"localfs\" {{\n  root = {}\n}}\n\n\
             output \"p\" {{\n  value = provider::localfs::join_path(\"/etc\", \"x\")\n}}\n",
            hcl_string(ws.path("files").to_str().unwrap())
        ));
        let out = failing_apply(&ws);
        assert!(
            out.contains("Invalid value for \"base\" parameter"),
            "{out}"
        );
        assert!(out.contains("\"/etc\" is absolute"), "{out}");

        // parse_permissions, in a resource argument: nothing is written.
        ws.write_main(&format!(
            "provider \"localfs\" {{\n  root = {}\n}}\n\n\
             resource \"localfs_file\" \"f\" {{\n  path        = \"f.txt\"\n  \
             permissions = provider::localfs::parse_permissions(\"rw-rw-r-w\").octal\n}}\n",
            hcl_string(ws.path("files").to_str().unwrap())
        ));
        let out = failing_apply(&ws);
        assert!(
            out.contains("Invalid value for \"text\" parameter"),
            "{out}"
        );
        assert!(
            out.contains("character 9 of \"rw-rw-r-w\" must be 'x' or '-'"),
            "{out}"
        );
        assert!(!ws.path("files").join("f.txt").exists());

        // Null where the Rust type (String) holds none: the signature says so, and
        // Terraform refuses it before calling.
        ws.write_main(&format!(
            "provider \"localfs\" {{\n  root = {}\n}}\n\n\
             output \"p\" {{\n  value = provider::localfs::join_path(null)\n}}\n",
            hcl_string(ws.path("files").to_str().unwrap())
        ));
        let out = failing_apply(&ws);
        assert!(
            out.contains("Invalid value for \"base\" parameter"),
            "{out}"
        );
        assert!(out.contains("must not be null"), "{out}");
    });
}

#[test]
fn the_schema_lists_the_functions() {
    each_terraform("the_schema_lists_the_functions", |tf| {
        if !has_functions(tf, "the_schema_lists_the_functions") {
            return;
        }
        let ws = workspace(tf, "schema", "");
        let shown = ws.providers_schema();
        let functions = &shown["provider_schemas"][ws.provider_source()]["functions"];
        let join = &functions["join_path"];
        assert_eq!(
            join["summary"], "Joins relative path parts with `/`",
            "Terraform {}: {functions:#}",
            tf.version
        );
        assert_eq!(join["return_type"], "string");
        assert_eq!(join["parameters"][0]["name"], "base");
        assert_eq!(join["parameters"][0]["type"], "string");
        assert_eq!(join["variadic_parameter"]["name"], "parts");
        let parse = &functions["parse_permissions"];
        assert_eq!(
            parse["return_type"],
            serde_json::json!(["object", {"group": "number", "octal": "string", "other": "number", "owner": "number"}])
        );
        assert_eq!(parse["parameters"][0]["name"], "text");
        assert_eq!(
            parse["parameters"][0]["description"],
            "The permissions as `ls -l` shows them, without the file type"
        );
    });
}
