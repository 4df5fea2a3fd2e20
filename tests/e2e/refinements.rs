//! End to end, refinements declared on computed attributes: the example provider `localfs`
//! declares `id` and `content_hash` of `localfs_file` never null and `size` never negative
//! (`#[tf(computed, refine(...))]`), so Terraform can decide with them before apply what
//! it otherwise cannot. A `count` from `previous_hash != null` (not refined) fails to plan
//! with "Invalid count argument"; the same `count` from `content_hash != null` plans, and
//! `size > -1` is an output known in the plan. The provider is served in this process.
//!
//! Run once per Terraform version found (`tfvalue_testing::each_terraform`).

use crate::localfs_example as localfs;

use tfvalue_testing::{each_terraform, hcl_string, output_text, TestProvider, Workspace};

/// The module: the provider block, a file whose text is unknown until another file is
/// created (so its hash, size and previous hash are unknown in the plan), then `rest`.
fn module(ws: &Workspace, rest: &str) -> String {
    let root = ws.path("files");
    let root = hcl_string(root.to_str().expect("temp paths are UTF-8"));
    format!(
        "provider \"localfs\" {{\n  root = {root}\n}}\n\n\
         resource \"localfs_file\" \"src\" {{\n  path    = \"src.txt\"\n  content = \"source\"\n}}\n\n\
         resource \"localfs_file\" \"copy\" {{\n  path    = \"copy.txt\"\n  \
         content = localfs_file.src.id\n}}\n\n{rest}"
    )
}

/// A file created when `condition` holds, decided at plan time.
fn marker(condition: &str) -> String {
    format!(
        "resource \"localfs_file\" \"marker\" {{\n  count   = {condition} ? 1 : 0\n  \
         path    = \"marker.txt\"\n  content = \"m\"\n}}\n"
    )
}

#[test]
fn refined_unknowns_decide_count_and_outputs_at_plan() {
    each_terraform("refined_unknowns_decide_count_and_outputs_at_plan", |tf| {
        let provider = TestProvider::in_process(localfs::ADDRESS, || localfs::LocalFs);
        let ws = Workspace::new(tf, &provider, "refinements");

        // Without a refinement Terraform cannot know whether the value will be null.
        ws.write_main(&module(
            &ws,
            &marker("localfs_file.copy.previous_hash != null"),
        ));
        let out = ws.run(&["plan", "-no-color", "-input=false"]);
        let text = output_text(&out);
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            !out.status.success() && flat.contains("Error: Invalid count argument"),
            "Terraform {}: the unrefined count planned:\n{text}",
            tf.version
        );

        // With `refine(not_null)` and `refine(at_least = 0)` it can. (go-cty compares a
        // bound as if it were exclusive, so `size >= 0` stays unknown; `size > -1` is known.)
        let rest = format!(
            "{}\noutput \"not_negative\" {{\n  value = localfs_file.copy.size > -1\n}}\n",
            marker("localfs_file.copy.content_hash != null")
        );
        ws.write_main(&module(&ws, &rest));
        let out = ws.run(&["plan", "-no-color", "-input=false", "-out=tfplan"]);
        let text = output_text(&out);
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            out.status.success(),
            "Terraform {}: the refined plan failed:\n{text}",
            tf.version
        );
        for expected in [
            "Plan: 3 to add, 0 to change, 0 to destroy.",
            "localfs_file.marker[0] will be created",
            "+ not_negative = true",
        ] {
            assert!(
                flat.contains(expected),
                "Terraform {}: no {expected:?} in:\n{text}",
                tf.version
            );
        }
        let out = ws.run_ok(&["apply", "-no-color", "-input=false", "tfplan"]);
        let text = output_text(&out);
        assert!(
            text.contains("not_negative = true"),
            "Terraform {}: {text}",
            tf.version
        );
        assert_eq!(
            std::fs::read_to_string(ws.path("files/marker.txt"))
                .ok()
                .as_deref(),
            Some("m"),
            "Terraform {}: the marker file was created",
            tf.version
        );
        ws.run_ok(&["destroy", "-no-color", "-input=false", "-auto-approve"]);
    });
}
