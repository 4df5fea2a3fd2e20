//! End to end: the provider's log as Terraform files it. The provider writes go-hclog
//! JSON lines, so `TF_LOG=WARN` keeps its warnings and errors (a plain stderr line would
//! be filed under DEBUG and dropped), and `TF_LOG=TRACE` shows each RPC with its request
//! id, and the values it carried with sensitive ones hidden.
//!
//! The trigger: a `localfs_directory` listing a directory that holds a symbolic link to
//! nothing (logged at WARN) and a link to itself (a loop: logged at ERROR); both are
//! listed without size and hash, and the apply succeeds.

use tfvalue_testing::{each_terraform, hcl_string, Terraform, TestProvider, Workspace};

const PROVIDER_ADDRESS: &str = "example.com/tfvalue/localfs";
const PROVIDER_EXE: &str = env!("CARGO_BIN_EXE_terraform-provider-localfs");
/// How Terraform names the provider's lines in its log.
const PROVIDER_LINES: &str = "provider.terraform-provider-localfs:";
const SECRET: &str = "e2e-logging-secret-6f1c";

/// Applies the configuration with `TF_LOG=level` and returns the provider's lines of
/// Terraform's log.
fn apply_logged(tf: &Terraform, level: &str) -> Vec<String> {
    let name = format!("logging-{level}");
    let provider = TestProvider::binary(PROVIDER_ADDRESS, PROVIDER_EXE);
    let mut ws = Workspace::new(tf, &provider, &name);
    let log = ws.path("terraform.log");
    ws.set_env("TF_LOG", level);
    ws.set_env("TF_LOG_PATH", &log);
    let files = ws.path("files");
    std::fs::create_dir_all(files.join("links")).expect("the directory is created");
    std::os::unix::fs::symlink("missing-target", files.join("links/dangling"))
        .expect("the link is created");
    std::os::unix::fs::symlink("loop", files.join("links/loop")).expect("the link is created");
    let root = hcl_string(files.to_str().expect("temp paths are UTF-8"));
    ws.write_main(&format!(
        r#"provider "localfs" {{
  root = {root}
}}

resource "localfs_file" "secret" {{
  path              = "secret.txt"
  sensitive_content = "{SECRET}"
}}

data "localfs_directory" "links" {{
  path       = "links"
  depends_on = [localfs_file.secret]
}}

output "names" {{
  value = [for e in data.localfs_directory.links.entries : "${{e.name}}:${{e.content_hash == null}}"]
}}
"#
    ));
    let applied = ws.apply();
    assert!(
        applied.contains("1 added, 0 changed, 0 destroyed")
            && applied.contains("\"dangling:true\"")
            && applied.contains("\"loop:true\""),
        "Terraform {}: {applied}",
        tf.version
    );
    let text = std::fs::read_to_string(&log)
        .unwrap_or_else(|e| panic!("no Terraform log at {}: {e}", log.display()));
    text.lines()
        .filter(|l| l.contains(PROVIDER_LINES))
        .map(str::to_owned)
        .collect()
}

/// The level Terraform filed a line under (`[WARN]`, ...).
fn level(line: &str) -> &str {
    line.split_once(" [")
        .and_then(|(_, rest)| rest.split_once(']'))
        .map_or("", |(level, _)| level)
}

#[test]
fn at_warn_the_providers_warnings_and_errors_reach_terraforms_log() {
    each_terraform(
        "at_warn_the_providers_warnings_and_errors_reach_terraforms_log",
        |tf| {
            let lines = apply_logged(tf, "WARN");
            let find = |level_name: &str, text: &str| {
                lines
                    .iter()
                    .filter(|l| level(l) == level_name && l.contains(text))
                    .count()
            };
            assert_eq!(
                find("WARN", "a symbolic link of the directory points to nothing"),
                1,
                "Terraform {}: {lines:#?}",
                tf.version
            );
            assert_eq!(
                find("ERROR", "an entry of the directory cannot be inspected"),
                1,
                "Terraform {}: {lines:#?}",
                tf.version
            );
            for line in &lines {
                assert!(
                    matches!(level(line), "WARN" | "ERROR"),
                    "Terraform {}: {line}",
                    tf.version
                );
                // Each line was read as JSON: its fields are key=value pairs, the
                // request's among them.
                assert!(
                    line.contains("tf_rpc=ReadDataSource")
                        && line.contains("tf_data_source_type=localfs_directory")
                        && line.contains("tf_req_id="),
                    "Terraform {}: {line}",
                    tf.version
                );
            }
            let own = lines
                .iter()
                .filter(|l| l.contains("@module=provider "))
                .count();
            assert_eq!(own, 2, "Terraform {}: {lines:#?}", tf.version);
        },
    );
}

#[test]
fn at_trace_each_rpc_has_its_request_id_and_no_secret_is_logged() {
    each_terraform(
        "at_trace_each_rpc_has_its_request_id_and_no_secret_is_logged",
        |tf| {
            let lines = apply_logged(tf, "TRACE");
            let request_id = |line: &str| {
                let start = line.find("tf_req_id=")? + "tf_req_id=".len();
                Some(line[start..].chars().take(36).collect::<String>())
            };
            let received: Vec<&String> = (lines.iter())
                .filter(|l| {
                    l.contains("Received request") && l.contains("tf_rpc=ApplyResourceChange")
                })
                .collect();
            assert_eq!(received.len(), 1, "Terraform {}: {lines:#?}", tf.version);
            assert_eq!(level(received[0]), "TRACE");
            assert!(received[0].contains("tf_resource_type=localfs_file"));
            let id = request_id(received[0]).expect("the line has a request id");
            assert_eq!(id.len(), 36, "{id}");
            let served = (lines.iter())
                .filter(|l| l.contains("Served request") && request_id(l).as_ref() == Some(&id))
                .count();
            assert_eq!(served, 1, "Terraform {}: {lines:#?}", tf.version);

            // Other calls have ids of their own.
            let ids: std::collections::BTreeSet<String> = (lines.iter())
                .filter(|l| l.contains("Received request"))
                .filter_map(|l| request_id(l))
                .collect();
            assert!(ids.len() >= 4, "Terraform {}: {ids:?}", tf.version);

            // The values are logged, with the sensitive one hidden.
            assert!(
                lines.iter().any(|l| l.contains("tf_payload=config")
                    && l.contains("tf_rpc=ApplyResourceChange")
                    && l.contains("(sensitive value)")),
                "Terraform {}: {lines:#?}",
                tf.version
            );
            for line in &lines {
                assert!(!line.contains(SECRET), "Terraform {}: {line}", tf.version);
            }
        },
    );
}
