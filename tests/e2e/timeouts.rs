//! End to end: the `timeouts` block of `localfs_file` (`tfvalue_provider::Timeouts`).
//! A value that is not a duration fails validation at its attribute; a create slower
//! than its timeout (the provider's simulated write delay) fails with the timeout named
//! and leaves nothing behind; a generous timeout lets it finish, and the block is kept in
//! the state as written.

use tfvalue_testing::{
    each_terraform, hcl_string, output_text, Terraform, TestProvider, Workspace,
};

const PROVIDER_ADDRESS: &str = "example.com/tfvalue/localfs";
const PROVIDER_EXE: &str = env!("CARGO_BIN_EXE_terraform-provider-localfs");

/// A workspace whose provider writes under `<workspace>/files` after `delay_ms`, with
/// `localfs_file.slow` at `etc/slow` and its `timeouts` block `timeouts`.
fn workspace(tf: &Terraform, label: &str, delay_ms: u32, timeouts: &str) -> Workspace {
    let ws = Workspace::new(
        tf,
        &TestProvider::binary(PROVIDER_ADDRESS, PROVIDER_EXE),
        label,
    );
    let root = ws.path("files");
    let root = root.to_str().expect("temp paths are UTF-8");
    ws.write_main(&format!(
        "provider \"localfs\" {{\n  root = {}\n  write_delay_ms = {delay_ms}\n}}\n\n\
         resource \"localfs_file\" \"slow\" {{\n  path    = \"etc/slow\"\n  \
         content = \"patience\\n\"\n\n  timeouts {{\n{timeouts}  }}\n}}\n",
        hcl_string(root)
    ));
    ws
}

/// The text of a failed command with runs of whitespace (Terraform's line wrapping and
/// box drawing) made single spaces.
fn failure(ws: &Workspace, args: &[&str]) -> String {
    let out = ws.run(args);
    assert!(
        !out.status.success(),
        "Terraform {}: `{}` succeeded:\n{}",
        ws.terraform().version,
        args.join(" "),
        output_text(&out)
    );
    output_text(&out)
        .replace(['│', '╷', '╵'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn a_timeout_that_is_not_a_duration_fails_validation_at_its_attribute() {
    each_terraform(
        "a_timeout_that_is_not_a_duration_fails_validation_at_its_attribute",
        |tf| {
            let ws = workspace(
                tf,
                "timeouts-invalid",
                0,
                "    create = \"1x\"\n    delete = \"-5s\"\n",
            );
            let text = failure(&ws, &["validate", "-no-color"]);
            for expected in [
                "Error: Invalid Attribute Value",
                "create = \"1x\"",
                "Attribute timeouts.create must be a string containing a sequence of decimal \
                 numbers",
                "Got: \"1x\" (time: unknown unit \"x\" in duration \"1x\").",
                "delete = \"-5s\"",
                "Attribute timeouts.delete must be a string",
                "Got: \"-5s\" (negative duration \"-5s\": a length of time cannot be negative).",
            ] {
                assert!(
                    text.contains(expected),
                    "Terraform {}: no {expected:?} in: {text}",
                    tf.version
                );
            }
            assert!(!ws.path("files/etc/slow").exists());
        },
    );
}

#[test]
fn a_create_slower_than_its_timeout_fails_naming_the_timeout() {
    each_terraform(
        "a_create_slower_than_its_timeout_fails_naming_the_timeout",
        |tf| {
            // The write waits 5 seconds; the create may take half a second.
            let ws = workspace(tf, "timeouts-short", 5_000, "    create = \"500ms\"\n");
            let text = failure(
                &ws,
                &["apply", "-auto-approve", "-no-color", "-input=false"],
            );
            for expected in [
                "Error: Timed out: create",
                "Writing etc/slow did not finish within the create timeout of 500ms \
                 (`timeouts.create`, or its default).",
                "create = \"500ms\"",
            ] {
                assert!(
                    text.contains(expected),
                    "Terraform {}: no {expected:?} in: {text}",
                    tf.version
                );
            }
            // Nothing was written, and nothing is in the state.
            assert!(!ws.path("files/etc/slow").exists());
            assert!(ws.resource_addresses().is_empty());
        },
    );
}

#[test]
fn a_create_within_its_timeout_succeeds_and_keeps_the_block() {
    each_terraform(
        "a_create_within_its_timeout_succeeds_and_keeps_the_block",
        |tf| {
            let ws = workspace(
                tf,
                "timeouts-long",
                200,
                "    create = \"1m30s\"\n    read   = \"1.5h\"\n",
            );
            let applied = ws.apply();
            assert!(
                applied.contains("1 added, 0 changed, 0 destroyed"),
                "Terraform {}: {applied}",
                tf.version
            );
            let written = std::fs::read_to_string(ws.path("files/etc/slow")).unwrap();
            assert_eq!(written, "patience\n");
            let values = ws.resource_values("localfs_file.slow");
            assert_eq!(values["timeouts"]["create"], "1m30s", "{values:#}");
            assert_eq!(values["timeouts"]["read"], "1.5h");
            assert!(values["timeouts"]["update"].is_null());
            // The read honours its timeout too; nothing changes.
            assert_eq!(ws.plan_detailed_exitcode(), 0, "Terraform {}", tf.version);
        },
    );
}
