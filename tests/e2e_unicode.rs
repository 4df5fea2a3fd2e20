//! End to end: text that Terraform's Unicode (15.0.0: the golang.org/x/text tables of its
//! Go release) and later versions normalise differently travels through the provider
//! unchanged.
//!
//! U+113C2 U+113C9 (Tulu-Tigalari, added in Unicode 16) composes to U+113C8 under Unicode
//! 16 NFC, and U+113C2 U+113B8 to U+113C7; Terraform keeps both pairs as they are. A
//! provider normalising with Unicode 16 tables would answer a planned title other than the
//! configuration's (Terraform: "Provider produced invalid plan") and take two map keys and
//! two set elements Terraform holds apart for one.

use tfvalue_testing::{each_terraform, hcl_string, Terraform, TestProvider, Workspace};

const PROVIDER_ADDRESS: &str = "example.com/tfvalue/localfs";
const PROVIDER_EXE: &str = env!("CARGO_BIN_EXE_terraform-provider-localfs");

/// U+113C2 U+113C9: one character (U+113C8) under Unicode 16 NFC only.
const PAIR: &str = "\u{113c2}\u{113c9}";
/// U+113C2 U+113B8 and U+113C7: one string under Unicode 16 NFC only.
const KEY_PAIR: &str = "\u{113c2}\u{113b8}";
const KEY_ONE: &str = "\u{113c7}";
/// U+113C8, what Unicode 16 NFC makes of [`PAIR`]: another string to Terraform.
const COMPOSED: &str = "\u{113c8}";

/// A workspace for the example provider, its root `<workspace>/files`, managing a document
/// whose title, label keys and tags are such text.
fn workspace(tf: &Terraform) -> Workspace {
    let ws = Workspace::new(
        tf,
        &TestProvider::binary(PROVIDER_ADDRESS, PROVIDER_EXE),
        "unicode",
    );
    let root = ws.path("files");
    let root = root.to_str().expect("temp paths are UTF-8");
    ws.write_main(&format!(
        r#"provider "localfs" {{
  root = {root}
}}

resource "localfs_document" "doc" {{
  path   = "unicode.json"
  title  = {title}
  labels = {{ {pair_key} = "two", {one_key} = "one" }}
  tags   = [{title}, {composed}]
}}
"#,
        root = hcl_string(root),
        title = hcl_string(PAIR),
        pair_key = hcl_string(KEY_PAIR),
        one_key = hcl_string(KEY_ONE),
        composed = hcl_string(COMPOSED),
    ));
    ws
}

#[test]
fn unicode_16_text_is_kept_as_terraform_holds_it() {
    each_terraform("unicode_16_text_is_kept_as_terraform_holds_it", |tf| {
        let ws = workspace(tf);
        ws.apply();
        let doc = ws.resource_values("localfs_document.doc");
        assert_eq!(
            doc["title"].as_str().map(str::as_bytes),
            Some(&b"\xf0\x91\x8f\x82\xf0\x91\x8f\x89"[..]),
            "Terraform {}: {doc}",
            tf.version
        );
        let labels = doc["labels"].as_object().expect("labels");
        assert_eq!(labels.len(), 2, "Terraform {}: {doc}", tf.version);
        assert_eq!(labels[KEY_PAIR], "two");
        assert_eq!(labels[KEY_ONE], "one");
        let tags = doc["tags"].as_array().expect("tags");
        assert_eq!(tags.len(), 2, "Terraform {}: {doc}", tf.version);
        // Nothing to change afterwards: what the provider answered is what was planned
        // (the plan's output is printed when it is not).
        assert_eq!(ws.plan_detailed_exitcode(), 0, "Terraform {}", tf.version);
    });
}
