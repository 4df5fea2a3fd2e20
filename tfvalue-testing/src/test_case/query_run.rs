//! How a query step runs: `terraform query -json` in a directory of its own, the checks
//! of its results, and, when it generates configuration, the import of every result.

use std::path::Path;

use super::Run;
use crate::actions;
use crate::failure::Failure;
use crate::import_step::{imports_only, GENERATED_FILE};
use crate::query::{results, QueryResult};
use crate::step::{Config, Kind, Step};
use crate::workspace::{write, MAIN_FILE};

/// The query file a query step writes.
const QUERY_FILE: &str = "step.tfquery.hcl";
/// The plan file of the plan that imports the generated configuration.
const QUERY_PLAN: &str = "query-import.tfplan";

impl Run<'_> {
    /// Runs the query step `step`.
    pub(super) fn query_step(&mut self, step: &Step) -> Result<(), Box<Failure>> {
        let Kind::Query {
            hcl,
            checks,
            generate,
        } = &step.kind
        else {
            return Ok(());
        };
        let config = match &step.config {
            Config::Built(build) => Some(build(self.ws)),
            Config::Text(text) => Some(text.clone()),
            Config::Previous => self.config.clone(),
        };
        let dir = self
            .ws
            .extra_module(&format!("query-{}", self.step.unwrap_or(0)));
        let config = config.unwrap_or_default();
        write(&dir.join(MAIN_FILE), config.as_bytes());
        write(&dir.join(QUERY_FILE), hcl.as_bytes());
        let generate_out = format!("-generate-config-out={}", GENERATED_FILE);
        let mut args = vec!["query", "-json", "-no-color"];
        if generate.is_some() {
            args.push(&generate_out);
        }
        let out = self.ws.run_in(&dir, &args);
        // The query file with its line numbers, which Terraform's errors name.
        let numbered: Vec<String> = (hcl.lines().enumerate())
            .map(|(i, line)| format!("{:>5} | {line}", i + 1))
            .collect();
        self.output = Some(format!(
            "$ terraform {}\n--- stdout (the -json lines as text)\n{}\n--- stderr\n{}\n--- {QUERY_FILE}\n{}",
            args.join(" "),
            actions::readable(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
            numbered.join("\n")
        ));
        // An error diagnostic fails the step, whatever the exit status.
        let failed = !out.status.success() || has_error(&out.stdout);
        self.config = Some(config);
        if failed {
            return self.failed_command(step, "terraform query", &dir);
        }
        self.expected_error_missing(step)?;
        let found = results(&out.stdout);
        for check in checks {
            if let Err(problem) = check.check(&found) {
                return Err(self.fail(check.description(), problem, check.address()));
            }
        }
        if let Some(patterns) = generate {
            self.import_generated(&dir, &found, patterns)?;
        }
        // The state the imports of the generated configuration made, if any.
        self.state_checks(step, &dir)
    }

    /// Plans the configuration generated in `dir` for `found`: each result must be
    /// imported, nothing changed; then applies it.
    fn import_generated(
        &mut self,
        dir: &Path,
        found: &[QueryResult],
        patterns: &crate::step::GeneratedPatterns,
    ) -> Result<(), Box<Failure>> {
        let imported = generated_addresses(dir);
        let check = "the generated configuration imports every result";
        if imported.len() != found.len() {
            return Err(self.fail(
                check,
                format!(
                    "{} results, {} import blocks generated: {imported:?}",
                    found.len(),
                    imported.len()
                ),
                None,
            ));
        }
        self.generated_config(dir, &imported, patterns, None)?;
        let _ = std::fs::remove_file(dir.join(QUERY_FILE));
        let out = self.terraform(
            dir,
            &["plan", "-no-color", "-input=false", "-out", QUERY_PLAN],
        );
        if !out.status.success() {
            return Err(self.fail(
                "the generated configuration plans",
                "terraform plan failed",
                None,
            ));
        }
        let plan = self.show_json(dir, Some(QUERY_PLAN))?;
        imports_only(&plan, &imported).map_err(|problem| {
            self.fail(
                "the plan of the generated configuration imports each result and changes nothing",
                problem,
                None,
            )
        })?;
        let out = self.terraform(
            dir,
            &[
                "apply",
                "-no-color",
                "-input=false",
                "-auto-approve",
                QUERY_PLAN,
            ],
        );
        if !out.status.success() {
            return Err(self.fail(
                "the imports of the generated configuration apply",
                "terraform apply failed",
                None,
            ));
        }
        Ok(())
    }
}

/// Whether a `-json` command's stdout holds an error diagnostic.
fn has_error(stdout: &[u8]) -> bool {
    String::from_utf8_lossy(stdout).lines().any(|line| {
        serde_json::from_str::<serde_json::Value>(line).is_ok_and(|json| {
            json["type"] == "diagnostic" && json["diagnostic"]["severity"] == "error"
        })
    })
}

/// The addresses the `import` blocks of the generated file in `dir` import to, in order.
fn generated_addresses(dir: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(dir.join(GENERATED_FILE)).unwrap_or_default();
    addresses_imported(&text)
}

/// The `to = <address>` of each `import` block in `text`.
fn addresses_imported(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_import = false;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with("import {") {
            in_import = true;
        } else if line == "}" {
            in_import = false;
        } else if in_import {
            if let Some(rest) = line.strip_prefix("to") {
                if let Some(address) = rest.trim_start().strip_prefix('=') {
                    out.push(address.trim().to_owned());
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_imported_addresses_are_read_from_the_import_blocks() {
        let text = "resource \"f\" \"etc_0\" {\n  to = \"not an import\"\n}\n\nimport {\n  to       = f.etc_0\n  provider = localfs\n  identity = {\n    path = \"a\"\n  }\n}\nimport {\n  to = f.etc_1\n}\n";
        assert_eq!(addresses_imported(text), vec!["f.etc_0", "f.etc_1"]);
    }

    #[test]
    fn an_error_diagnostic_is_a_failure() {
        let error = br#"{"type":"diagnostic","diagnostic":{"severity":"error","summary":"x"}}"#;
        let warning = br#"{"type":"diagnostic","diagnostic":{"severity":"warning","summary":"x"}}"#;
        assert!(has_error(error));
        assert!(!has_error(warning));
        assert!(!has_error(b"not json"));
    }
}
