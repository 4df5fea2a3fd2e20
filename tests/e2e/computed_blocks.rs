//! End to end, computed blocks (protocol 6.11) on a Terraform that predates them: the
//! provider `computedblocks` has a resource type with a computed block inside an ordinary
//! one, and a Terraform without the `computed_blocks_allowed` capability (1.15 and older)
//! is told, at the block's place in the configuration, that the type needs Terraform 1.16.
//! (Terraform 1.16 itself is not released yet; the service tests cover what it sends.)
//!
//! One configuration, one plan, per Terraform version found (`tfvalue_testing::each_terraform`).

use tfvalue_testing::{each_terraform, output_text, TestProvider, Workspace};

#[test]
fn a_terraform_without_computed_blocks_is_told_which_block_needs_1_16() {
    each_terraform(
        "a_terraform_without_computed_blocks_is_told_which_block_needs_1_16",
        |tf| {
            let provider = TestProvider::binary(
                "example.com/tfvalue/computedblocks",
                env!("CARGO_BIN_EXE_terraform-provider-computedblocks"),
            );
            let ws = Workspace::new(tf, &provider, "computed_blocks");
            ws.write_main(
                "resource \"computedblocks_server\" \"web\" {\n  name = \"web\"\n\n  \
                 network {\n    cidr = \"10.0.0.0/24\"\n  }\n}\n",
            );
            let out = ws.run(&["plan", "-no-color", "-input=false"]);
            let text = output_text(&out);
            assert!(
                !out.status.success(),
                "Terraform {}: the plan succeeded:\n{text}",
                tf.version
            );
            let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
            for expected in [
                "Error: Computed Block Not Supported",
                "with computedblocks_server.web,",
                // The path is cut to the enclosing `network` block, which is written.
                "on main.tf line 4, in resource \"computedblocks_server\" \"web\": 4: network {",
                "The block network[0].interface is computed: the provider fills it in where \
                 the configuration leaves it out, and the Terraform running this configuration \
                 does not support computed blocks. This resource type needs Terraform 1.16 or \
                 later.",
            ] {
                assert!(
                    flat.contains(expected),
                    "Terraform {}: no {expected:?} in:\n{text}",
                    tf.version
                );
            }
            assert_eq!(
                flat.matches("Error:").count(),
                1,
                "Terraform {}: one error, for the one computed block:\n{text}",
                tf.version
            );
        },
    );
}
