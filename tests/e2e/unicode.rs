//! End to end: text that Terraform's Unicode (15.0.0: the golang.org/x/text tables of its
//! Go release) and later versions normalise differently travels through the provider
//! unchanged.
//!
//! U+113C2 U+113C9 (Tulu-Tigalari, added in Unicode 16) composes to U+113C8 under Unicode
//! 16 NFC, and U+113C2 U+113B8 to U+113C7; Terraform keeps both pairs as they are. A
//! provider normalising with Unicode 16 tables would answer a planned title other than the
//! configuration's (Terraform: "Provider produced invalid plan") and take two map keys and
//! two set elements Terraform holds apart for one.
//!
//! A run of more than 30 combining marks gets a U+034F COMBINING GRAPHEME JOINER from
//! Terraform's NFC (x/text's stream-safe limit); the provider keeps the joiners where
//! Terraform put them.

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

/// A workspace for the example provider (`label` names it), its root `<workspace>/files`,
/// managing one `localfs_document.doc` with the `path`, `title`, `labels` and `tags` given
/// as HCL.
fn document_workspace(tf: &Terraform, label: &str, body: [&str; 4]) -> Workspace {
    let ws = Workspace::new(
        tf,
        &TestProvider::binary(PROVIDER_ADDRESS, PROVIDER_EXE),
        label,
    );
    let root = ws.path("files");
    let root = root.to_str().expect("temp paths are UTF-8");
    let [path, title, labels, tags] = body;
    ws.write_main(&format!(
        r#"provider "localfs" {{
  root = {root}
}}

resource "localfs_document" "doc" {{
  path   = {path}
  title  = {title}
  labels = {labels}
  tags   = {tags}
}}
"#,
        root = hcl_string(root),
    ));
    ws
}

/// The workspace of the Unicode 16 test: a document whose title, label keys and tags are
/// such text.
fn workspace(tf: &Terraform) -> Workspace {
    document_workspace(
        tf,
        "unicode",
        [
            &hcl_string("unicode.json"),
            &hcl_string(PAIR),
            &format!(
                "{{ {} = \"two\", {} = \"one\" }}",
                hcl_string(KEY_PAIR),
                hcl_string(KEY_ONE)
            ),
            &format!("[{}, {}]", hcl_string(PAIR), hcl_string(COMPOSED)),
        ],
    )
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

/// "e" then 31 U+0305 COMBINING OVERLINE (65, then cc 85 31 times): one more non-starter
/// than golang.org/x/text's NFC lets through in a run.
fn overlines(n: usize) -> String {
    format!("e{}", "\u{305}".repeat(n))
}

/// What Terraform's NFC makes of `n` overlines after "e": U+034F COMBINING GRAPHEME JOINER
/// (cd 8f) after every 30th.
fn overlines_joined(n: usize) -> Vec<u8> {
    let mut out = b"e".to_vec();
    for i in 0..n {
        if i > 0 && i % 30 == 0 {
            out.extend_from_slice(b"\xcd\x8f");
        }
        out.extend_from_slice(b"\xcc\x85");
    }
    out
}

/// Terraform puts configuration text in NFC with x/text, which makes a run of more than 30
/// non-starters stream-safe with a grapheme joiner; the provider decodes such text as it
/// is, answers it back as its plan and as the computed `id` (its path), writes it, reads it
/// back from the file on refresh, and the next plan is empty.
#[test]
fn runs_of_more_than_thirty_marks_keep_terraforms_grapheme_joiners() {
    each_terraform(
        "runs_of_more_than_thirty_marks_keep_terraforms_grapheme_joiners",
        |tf| {
            let ws = document_workspace(
                tf,
                "stream_safe",
                [
                    &hcl_string(&format!("{}.json", overlines(31))),
                    &hcl_string(&overlines(31)),
                    &format!("{{ {} = \"31\" }}", hcl_string(&overlines(61))),
                    &format!("[{}]", hcl_string(&overlines(30))),
                ],
            );
            ws.apply();
            let doc = ws.resource_values("localfs_document.doc");
            let bytes = |v: &serde_json::Value| v.as_str().map(|s| s.as_bytes().to_vec());
            let v = &tf.version;
            assert_eq!(
                bytes(&doc["title"]),
                Some(overlines_joined(31)),
                "{v}: {doc}"
            );
            let id = [overlines_joined(31), b".json".to_vec()].concat();
            assert_eq!(bytes(&doc["id"]), Some(id), "{v}: {doc}");
            let labels = doc["labels"].as_object().expect("labels");
            let keys: Vec<Vec<u8>> = labels.keys().map(|k| k.as_bytes().to_vec()).collect();
            assert_eq!(keys, [overlines_joined(61)], "{v}: {doc}");
            assert_eq!(
                bytes(&doc["tags"][0]),
                Some(overlines_joined(30)),
                "{v}: {doc}"
            );
            assert_eq!(ws.plan_detailed_exitcode(), 0, "Terraform {v}");
        },
    );
}
