//! The committed registry documentation of the example providers (`examples/localfs/docs/`,
//! `examples/random/docs/`, `examples/local/docs/`) is what `tfvalue-cli docs` generates from each provider's
//! schema (its `--schema-json`) and examples; the test fails, naming each stale, missing or
//! extra page, when it is not. `TFVALUE_BLESS=1 cargo test --test example_providers provider_docs::`
//! rewrites the pages.
//!
//! The generator is the CLI's own `docs` module, compiled into this test (as the e2e tests
//! compile the example providers in): the CLI is a binary, which another package's test
//! cannot name. The localfs examples are also checked with `terraform validate`, once per
//! Terraform found (the action examples with Terraform 1.14 and later), so the
//! documentation shows configurations Terraform accepts.

use crate::docs;

use std::path::{Path, PathBuf};

use tfvalue_testing::{each_terraform, TestProvider, Workspace};

/// Regenerates the docs of the example provider `name` (`exe` serves it) and compares
/// them with the committed ones, or rewrites them under `TFVALUE_BLESS=1`.
fn docs_are_current(exe: &str, name: &str, examples: Option<&str>) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name);
    let out = dir.join("docs");
    let mut args = vec![
        "--provider-binary".to_owned(),
        exe.to_owned(),
        "--provider-name".to_owned(),
        name.to_owned(),
        "--out".to_owned(),
        path_text(&out),
    ];
    if let Some(examples) = examples {
        args.extend(["--examples".to_owned(), path_text(&dir.join(examples))]);
    }
    let bless = std::env::var("TFVALUE_BLESS").is_ok_and(|v| v == "1");
    if !bless {
        args.push("--check".to_owned());
    }
    if let Err(e) = docs::run(&args) {
        panic!(
            "{e}\n\nThe documentation of examples/{name} is stale; regenerate it with\n  \
             TFVALUE_BLESS=1 cargo test --test example_providers provider_docs::\n(or: cargo run -p tfvalue-cli -- docs {})",
            args.iter().filter(|a| *a != "--check").cloned().collect::<Vec<_>>().join(" ")
        );
    }
}

fn path_text(p: &Path) -> String {
    p.to_str()
        .expect("the repository's paths are UTF-8")
        .to_owned()
}

#[test]
fn localfs_docs_are_current() {
    docs_are_current(
        env!("CARGO_BIN_EXE_terraform-provider-localfs"),
        "localfs",
        Some("examples"),
    );
}

#[test]
fn random_docs_are_current() {
    docs_are_current(
        env!("CARGO_BIN_EXE_terraform-provider-random"),
        "random",
        Some("examples"),
    );
}

#[test]
fn local_docs_are_current() {
    docs_are_current(
        env!("CARGO_BIN_EXE_terraform-provider-local"),
        "local",
        Some("examples"),
    );
}

/// Every `.tf` and `.tfquery.hcl` file under `dir`, recursively, sorted.
fn tf_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a directory entry").path();
        let name = path.to_str().unwrap_or_default();
        if path.is_dir() {
            files.extend(tf_files(&path));
        } else if name.ends_with(".tf") || name.ends_with(QUERY_SUFFIX) {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// How a query file's name ends (a list resource's example).
const QUERY_SUFFIX: &str = ".tfquery.hcl";

/// The Terraform release an example needs, and why: `action` blocks and
/// `action_trigger` are Terraform 1.14's, as are query files (`list` blocks, validated
/// with `validate -query`); an `import` block's `identity` is Terraform 1.12's.
fn needs(examples: &Path, file: &Path) -> Option<((u64, u64), &'static str)> {
    let rel = file.strip_prefix(examples).unwrap_or(file);
    let name = rel.to_str().unwrap_or_default();
    if rel.starts_with("actions") {
        Some(((1, 14), "actions need Terraform 1.14 or later"))
    } else if name.ends_with(QUERY_SUFFIX) {
        Some((
            (1, 14),
            "list resources and query files need Terraform 1.14 or later",
        ))
    } else if name.ends_with("import-by-identity.tf") {
        Some((
            (1, 12),
            "importing by identity needs Terraform 1.12 or later",
        ))
    } else {
        None
    }
}

/// Validates every example of the example provider `name` (`exe` serves it) with each
/// Terraform found, each in a module of its own; an example that needs a newer Terraform
/// is skipped with the reason printed. A query file is validated beside a configuration
/// that declares the provider (`provider_block`).
fn examples_are_valid(name: &str, exe: &str, provider_block: &str, at_least: usize) {
    let examples = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name)
        .join("examples");
    let files = tf_files(&examples);
    assert!(
        files.len() >= at_least,
        "at least {at_least} examples of {name} expected, found {files:?}"
    );
    each_terraform(&format!("{name}_examples_are_valid_terraform"), |tf| {
        for file in &files {
            if let Some(((major, minor), why)) = needs(&examples, file) {
                if !tf.at_least(major, minor) {
                    eprintln!(
                        "skipped with Terraform {}: {} ({why})",
                        tf.version,
                        file.display()
                    );
                    continue;
                }
            }
            let label = file
                .file_name()
                .and_then(|s| s.to_str())
                .and_then(|s| s.split('.').next())
                .unwrap_or("example");
            let provider = TestProvider::binary(&format!("example.com/tfvalue/{name}"), exe);
            let ws = Workspace::new(tf, &provider, &format!("docs-example-{name}-{label}"));
            let text = std::fs::read_to_string(file).expect("readable");
            if file.to_str().is_some_and(|f| f.ends_with(QUERY_SUFFIX)) {
                ws.write_main(provider_block);
                let query = ws.module_dir().join(format!("{label}{QUERY_SUFFIX}"));
                std::fs::write(&query, text).expect("writes the query file");
                ws.run_ok(&["validate", "-no-color", "-query"]);
            } else {
                ws.write_main(&text);
                ws.run_ok(&["validate", "-no-color"]);
            }
        }
    });
}

#[test]
fn localfs_examples_are_valid_terraform() {
    examples_are_valid(
        "localfs",
        env!("CARGO_BIN_EXE_terraform-provider-localfs"),
        "provider \"localfs\" {\n  root = \"/srv/app\"\n}\n",
        9,
    );
}

#[test]
fn random_examples_are_valid_terraform() {
    examples_are_valid(
        "random",
        env!("CARGO_BIN_EXE_terraform-provider-random"),
        "",
        20,
    );
}

#[test]
fn local_examples_are_valid_terraform() {
    examples_are_valid(
        "local",
        env!("CARGO_BIN_EXE_terraform-provider-local"),
        "",
        8,
    );
}
