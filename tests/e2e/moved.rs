//! End to end: `moved` blocks across resource types (Terraform 1.8 and later), through
//! `MoveResourceState`. The example provider serves its files as `localfs_file` and as
//! `localfs_text_file`, and takes a file from either name to the other; a
//! `localfs_document` it refuses to turn into a file.

use std::os::unix::fs::MetadataExt as _;

use tfvalue_testing::{each_terraform, hcl_string, Terraform, TestProvider, Workspace};

const PROVIDER_ADDRESS: &str = "example.com/tfvalue/localfs";
const PROVIDER_EXE: &str = env!("CARGO_BIN_EXE_terraform-provider-localfs");

/// A workspace whose module configures the provider with the root `<workspace>/files`.
fn workspace(tf: &Terraform, label: &str) -> Workspace {
    Workspace::new(
        tf,
        &TestProvider::binary(PROVIDER_ADDRESS, PROVIDER_EXE),
        label,
    )
}

/// Writes `main.tf`: the provider block, then `resources`.
fn config(ws: &Workspace, resources: &str) {
    let root = ws.path("files");
    let root = root.to_str().expect("temp paths are UTF-8");
    ws.write_main(&format!(
        "provider \"localfs\" {{\n  root = {}\n}}\n\n{resources}",
        hcl_string(root)
    ));
}

/// The file's inode and modification time (seconds and nanoseconds): what changes when
/// the file is written again or replaced.
fn identity(ws: &Workspace, rel: &str) -> (u64, i64, i64) {
    let path = ws.path("files").join(rel);
    let meta = std::fs::metadata(&path)
        .unwrap_or_else(|e| panic!("cannot inspect {}: {e}", path.display()));
    (meta.ino(), meta.mtime(), meta.mtime_nsec())
}

const FILE_BODY: &str = r#"
  path        = "etc/motd"
  content     = "Welcome!\n"
  permissions = "0640"
"#;

#[test]
fn a_file_moves_to_its_other_type_name_untouched() {
    each_terraform("a_file_moves_to_its_other_type_name_untouched", |tf| {
        let ws = workspace(tf, "moved");
        config(
            &ws,
            &format!("resource \"localfs_file\" \"motd\" {{{FILE_BODY}}}\n"),
        );
        ws.apply();
        let before = ws.resource_values("localfs_file.motd");
        let on_disk = identity(&ws, "etc/motd");

        config(
            &ws,
            &format!(
                "resource \"localfs_text_file\" \"motd\" {{{FILE_BODY}}}\n\n\
                 moved {{\n  from = localfs_file.motd\n  to   = localfs_text_file.motd\n}}\n"
            ),
        );
        let plan = ws.plan();
        assert!(
            plan.contains("localfs_file.motd has moved to localfs_text_file.motd"),
            "Terraform {}: {plan}",
            tf.version
        );
        assert!(
            plan.contains("0 to add, 0 to change, 0 to destroy"),
            "Terraform {}: {plan}",
            tf.version
        );
        assert!(
            !plan.contains("must be replaced") && !plan.contains("destroyed"),
            "{plan}"
        );

        let applied = ws.apply();
        assert!(
            applied.contains("0 added, 0 changed, 0 destroyed"),
            "Terraform {}: {applied}",
            tf.version
        );
        assert_eq!(
            identity(&ws, "etc/motd"),
            on_disk,
            "the file was written again"
        );
        assert_eq!(ws.resource_addresses(), ["localfs_text_file.motd"]);
        assert_eq!(ws.resource_values("localfs_text_file.motd"), before);
        assert_eq!(ws.plan_detailed_exitcode(), 0, "Terraform {}", tf.version);

        // And back, with the moved block turned round.
        config(
            &ws,
            &format!(
                "resource \"localfs_file\" \"motd\" {{{FILE_BODY}}}\n\n\
                 moved {{\n  from = localfs_text_file.motd\n  to   = localfs_file.motd\n}}\n"
            ),
        );
        let applied = ws.apply();
        assert!(
            applied.contains("0 added, 0 changed, 0 destroyed"),
            "{applied}"
        );
        assert_eq!(identity(&ws, "etc/motd"), on_disk);
        assert_eq!(ws.resource_values("localfs_file.motd"), before);
    });
}

#[test]
fn a_move_from_a_type_not_accepted_is_refused_naming_both_types() {
    each_terraform(
        "a_move_from_a_type_not_accepted_is_refused_naming_both_types",
        |tf| {
            let ws = workspace(tf, "move-refused");
            config(
                &ws,
                "resource \"localfs_document\" \"doc\" {\n  path = \"doc.json\"\n}\n",
            );
            ws.apply();
            let on_disk = identity(&ws, "doc.json");

            config(
                &ws,
                "resource \"localfs_text_file\" \"doc\" {\n  path = \"doc.json\"\n}\n\n\
             moved {\n  from = localfs_document.doc\n  to   = localfs_text_file.doc\n}\n",
            );
            let out = ws.apply_failing();
            assert!(
                out.contains("Unable to Move Resource State"),
                "Terraform {}: {out}",
                tf.version
            );
            assert!(
                out.contains("\"localfs_text_file\"") && out.contains("\"localfs_document\""),
                "{out}"
            );
            // Nothing moved, nothing written.
            assert_eq!(identity(&ws, "doc.json"), on_disk);
            assert_eq!(ws.resource_addresses(), ["localfs_document.doc"]);
        },
    );
}
