//! How an import step runs: by `terraform import` or an `import` block (by ID or by
//! identity, with or without generated configuration), into a state of its own or the
//! test's, then the comparison of the imported resource with the applied one.

use std::path::Path;

use super::Run;
use crate::failure::Failure;
use crate::import_step::{
    check_generated, compare_identities, compare_values, identity_hcl, identity_in_state,
    import_block, imports_only, GENERATED_FILE, IMPORT_FILE,
};
use crate::plan::{describe_changes, pending_changes};
use crate::state::resource_in;
use crate::step::{Config, GeneratedPatterns, ImportId, ImportMode, Kind, Step};
use crate::workspace::{write, MAIN_FILE};

/// The plan file of an import block's plan.
const IMPORT_PLAN: &str = "import.tfplan";

impl Run<'_> {
    /// Runs the import step `step`.
    pub(super) fn import_step(&mut self, step: &Step) -> Result<(), Box<Failure>> {
        let Kind::Import {
            address,
            id,
            mode,
            verify,
            ignore,
            persist,
            generate,
        } = &step.kind
        else {
            return Ok(());
        };
        let address = address.as_str();
        if *persist && *mode == ImportMode::Block {
            return Err(self.fail(
                "an import into the test's own state (persist) uses `terraform import`",
                "the step imports through an `import` block (by identity, by_import_block or \
                 generate_config), which would stay in the test's configuration",
                Some(address),
            ));
        }
        // An ID, or (as the error side) an identity written as HCL.
        let target: Result<String, String> = match id {
            ImportId::Fixed(id) => Ok(id.clone()),
            ImportId::FromState(read) => {
                let state = self.show_json(&self.ws.module_dir(), None)?;
                Ok(read(&state).map_err(|e| {
                    self.fail("the import ID is read from the state", e, Some(address))
                })?)
            }
            ImportId::Identity(given) => {
                let identity = match given {
                    Some(identity) => identity.clone(),
                    None => {
                        let state = self.show_json(&self.ws.module_dir(), None)?;
                        identity_in_state(&state, address)
                            .map_err(|e| {
                                self.fail(
                                    "the identity to import is read from the state",
                                    e,
                                    Some(address),
                                )
                            })?
                            .clone()
                    }
                };
                Err(identity_hcl(&identity).map_err(|e| {
                    self.fail("the identity to import is a JSON object", e, Some(address))
                })?)
            }
        };
        let config = match &step.config {
            Config::Built(build) => Some(build(self.ws)),
            Config::Text(text) => Some(text.clone()),
            Config::Previous => self.config.clone(),
        };
        let Some(config) = config else {
            return Err(self.fail(
                "an import step follows a configuration step or has a configuration",
                "no configuration was applied before it",
                None,
            ));
        };
        let dir = if *persist {
            self.ws.module_dir()
        } else {
            self.ws
                .extra_module(&format!("import-{}", self.step.unwrap_or(0)))
        };
        write(&dir.join(MAIN_FILE), config.as_bytes());
        self.config = Some(config);
        match (mode, &target) {
            (ImportMode::Command, Ok(id)) => {
                let out =
                    self.terraform(&dir, &["import", "-no-color", "-input=false", address, id]);
                if !out.status.success() {
                    return self.failed_command(step, "terraform import", &dir);
                }
                if !step.expect_non_empty_plan {
                    self.plan_leaves_unchanged(&dir, address)?;
                }
            }
            (_, target) => {
                let target = target.as_ref().map(String::as_str).map_err(String::as_str);
                let block = import_block(address, target);
                write(&dir.join(IMPORT_FILE), block.as_bytes());
                self.files.push((IMPORT_FILE.to_owned(), block));
                if !self.import_block(step, &dir, address, generate.as_ref())? {
                    return Ok(());
                }
            }
        }
        self.expected_error_missing(step)?;
        self.state_checks(step, &dir)?;
        if *verify {
            self.verify_import(&dir, address, ignore)?;
        }
        Ok(())
    }

    /// After `terraform import`, a plan of the configuration leaves `address` unchanged.
    fn plan_leaves_unchanged(&mut self, dir: &Path, address: &str) -> Result<(), Box<Failure>> {
        let target = format!("-target={address}");
        let args = [
            "plan",
            "-no-color",
            "-input=false",
            &target,
            "-out",
            "after-import.tfplan",
        ];
        let out = self.terraform(dir, &args);
        if !out.status.success() {
            return Err(self.fail(
                "the plan after the import succeeds",
                "terraform plan failed",
                None,
            ));
        }
        let plan = self.show_json(dir, Some("after-import.tfplan"))?;
        let pending: Vec<_> = pending_changes(&plan)
            .into_iter()
            .filter(|(a, _)| a == address)
            .collect();
        if !pending.is_empty() {
            self.terraform(dir, &["show", "-no-color", "after-import.tfplan"]);
            return Err(self.fail(
                &format!("after the import, the plan leaves {address} unchanged"),
                describe_changes(&pending),
                Some(address),
            ));
        }
        Ok(())
    }

    /// Plans the `import` block in `dir` (generating the configuration of `address` when
    /// `generate` is set), checks that the plan imports it and changes nothing, and applies
    /// it. `Ok(false)`: the command failed as the step expected, and its checks ran.
    fn import_block(
        &mut self,
        step: &Step,
        dir: &Path,
        address: &str,
        generate: Option<&GeneratedPatterns>,
    ) -> Result<bool, Box<Failure>> {
        let target = format!("-target={address}");
        let generate_out = format!("-generate-config-out={GENERATED_FILE}");
        let mut args = vec!["plan", "-no-color", "-input=false", &target];
        if generate.is_some() {
            args.push(&generate_out);
        }
        args.extend(["-out", IMPORT_PLAN]);
        let _ = std::fs::remove_file(dir.join(GENERATED_FILE));
        let out = self.terraform(dir, &args);
        if !out.status.success() {
            self.failed_command(step, "terraform plan (import block)", dir)?;
            return Ok(false);
        }
        if let Some(patterns) = generate {
            self.generated_config(dir, &[address.to_owned()], patterns, Some(address))?;
        }
        let plan = self.show_json(dir, Some(IMPORT_PLAN))?;
        imports_only(&plan, &[address.to_owned()]).map_err(|found| {
            self.fail(
                &format!("the plan imports {address} and changes nothing (a no-op import)"),
                found,
                Some(address),
            )
        })?;
        let out = self.terraform(
            dir,
            &[
                "apply",
                "-no-color",
                "-input=false",
                "-auto-approve",
                IMPORT_PLAN,
            ],
        );
        if !out.status.success() {
            self.failed_command(step, "terraform apply (import block)", dir)?;
            return Ok(false);
        }
        Ok(true)
    }

    /// Checks the configuration generated in `dir`: it declares each of `addresses` and
    /// matches `patterns`. The generated text is shown as the step's configuration.
    pub(super) fn generated_config(
        &mut self,
        dir: &Path,
        addresses: &[String],
        patterns: &GeneratedPatterns,
        address: Option<&str>,
    ) -> Result<(), Box<Failure>> {
        let check = "Terraform generates the configuration of what it imports";
        let text = match std::fs::read_to_string(dir.join(GENERATED_FILE)) {
            Ok(text) => text,
            Err(e) => {
                return Err(self.fail(
                    check,
                    format!("there is no {GENERATED_FILE} ({e}): does the step's configuration already declare it?"),
                    address,
                ))
            }
        };
        check_generated(&text, addresses, patterns)
            .map_err(|found| self.fail(check, found, address))?;
        // Shown by any later failure of the step (a mismatch above quotes it already).
        self.files.push((GENERATED_FILE.to_owned(), text));
        Ok(())
    }

    /// The resource at `address` in the state in `dir` equals the one in the test's state,
    /// values (but `ignore`) and identity.
    fn verify_import(
        &mut self,
        dir: &Path,
        address: &str,
        ignore: &[String],
    ) -> Result<(), Box<Failure>> {
        let imported = self.show_json(dir, None)?;
        let applied = self.show_json(&self.ws.module_dir(), None)?;
        let (Some(imported), Some(applied)) = (
            resource_in(&imported, address),
            resource_in(&applied, address),
        ) else {
            return Err(self.fail(
                &format!("{address} is in both the imported and the applied state"),
                "it is missing from one of them",
                Some(address),
            ));
        };
        let differences = compare_values(&applied["values"], &imported["values"], ignore)
            .map_err(|e| self.fail("the ignored attributes are paths", e, Some(address)))?;
        if !differences.is_empty() {
            return Err(self.fail(
                &format!("the imported {address} equals the applied one (ignoring {ignore:?})"),
                differences.join("\n  "),
                Some(address),
            ));
        }
        let differences = compare_identities(&applied["identity"], &imported["identity"]);
        if !differences.is_empty() {
            return Err(self.fail(
                &format!("the imported {address} has the applied one's identity"),
                differences.join("\n  "),
                Some(address),
            ));
        }
        Ok(())
    }
}
