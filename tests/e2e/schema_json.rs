//! End to end: what a provider executable prints for `--schema-json` is what
//! `terraform providers schema -json` prints for it, for both example providers
//! (`examples/localfs`, `examples/random`), with every Terraform found.
//!
//! The comparison is of JSON values, then of the text: the executable is asked for the
//! output of the Terraform release under test (`--terraform-version`), since Terraform
//! 1.15 prints deprecation messages that 1.11 to 1.14 leave out. Nothing is normalised:
//! Terraform's document for a configuration that uses only this provider is the
//! executable's, key for key and byte for byte (less the final newline, which both print).
//!
//! Every test runs once per Terraform version found; see `tfvalue_testing::each_terraform`.

use std::process::Command;

use tfvalue_testing::{each_terraform, output_text, Terraform, TestProvider, Workspace};

/// `exe --schema-json` for the provider served as `address`, as Terraform `version`
/// prints it.
fn schema_json(exe: &str, address: &str, version: &str) -> String {
    let out = Command::new(exe)
        .args(["--schema-json", "--provider-address", address])
        .args(["--terraform-version", version])
        .output()
        .unwrap_or_else(|e| panic!("cannot run {exe}: {e}"));
    assert!(
        out.status.success(),
        "{exe} --schema-json failed:\n{}",
        output_text(&out)
    );
    assert!(
        out.stderr.is_empty(),
        "{exe} --schema-json wrote to stderr:\n{}",
        output_text(&out)
    );
    String::from_utf8(out.stdout).expect("the schema is UTF-8")
}

/// Terraform's schema of the provider `exe` served as `name`, and the executable's.
fn compare(tf: &Terraform, exe: &str, name: &str) {
    let provider = TestProvider::binary(&format!("example.com/tfvalue/{name}"), exe);
    let ws = Workspace::new(tf, &provider, &format!("schema-json-{name}"));
    ws.write_main("");
    let out = ws.run_ok(&["providers", "schema", "-json"]);
    let terraform_text = String::from_utf8(out.stdout).expect("Terraform prints UTF-8");
    let ours_text = schema_json(exe, ws.provider_source(), &tf.version);

    let terraform: serde_json::Value =
        serde_json::from_str(&terraform_text).expect("Terraform prints JSON");
    let ours: serde_json::Value =
        serde_json::from_str(&ours_text).expect("--schema-json prints JSON");
    let providers = terraform["provider_schemas"]
        .as_object()
        .expect("provider_schemas");
    assert_eq!(
        providers.keys().collect::<Vec<_>>(),
        [ws.provider_source()],
        "Terraform {}: a configuration using only {name} has only its schema",
        tf.version
    );
    let (want, got) = (
        &terraform["provider_schemas"][ws.provider_source()],
        &ours["provider_schemas"][ws.provider_source()],
    );
    for kind in [
        "provider",
        "resource_schemas",
        "data_source_schemas",
        "ephemeral_resource_schemas",
        "functions",
    ] {
        assert_eq!(
            want[kind], got[kind],
            "Terraform {}: {name}'s {kind} differ",
            tf.version
        );
    }
    assert_eq!(
        terraform, ours,
        "Terraform {}: the documents differ",
        tf.version
    );
    assert_eq!(
        terraform_text, ours_text,
        "Terraform {}: same JSON values, different text",
        tf.version
    );
}

#[test]
fn localfs_schema_json_is_terraforms() {
    each_terraform("localfs_schema_json_is_terraforms", |tf| {
        compare(
            tf,
            env!("CARGO_BIN_EXE_terraform-provider-localfs"),
            "localfs",
        );
    });
}

#[test]
fn random_schema_json_is_terraforms() {
    each_terraform("random_schema_json_is_terraforms", |tf| {
        compare(
            tf,
            env!("CARGO_BIN_EXE_terraform-provider-random"),
            "random",
        );
    });
}

#[test]
fn the_default_address_comes_from_the_executable_name() {
    let exe = env!("CARGO_BIN_EXE_terraform-provider-random");
    let out = Command::new(exe)
        .arg("--schema-json")
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", output_text(&out));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let providers = doc["provider_schemas"]
        .as_object()
        .expect("provider_schemas");
    assert_eq!(
        providers.keys().collect::<Vec<_>>(),
        ["registry.terraform.io/hashicorp/random"]
    );
    // A mistake on the command line is a usage error, not a served plugin.
    let out = Command::new(exe)
        .args(["--schema-json", "--terraform-version", "0.12"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2), "{}", output_text(&out));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("Terraform 1.11 and later"));
}
