//! A step's warnings as a run reads them: while the step expects warnings (or none), its
//! `validate`, `plan` and `apply` commands run with `-json` and their warnings are kept;
//! at the end of the step they are checked. Also what a step cannot ask for, refused
//! before it runs.

use std::path::Path;
use std::process::Output;

use super::Run;
use crate::actions::readable;
use crate::failure::Failure;
use crate::step::{ImportMode, Kind, Step};
use crate::warnings::{json_args, read, WarningPhase};

impl Run<'_> {
    /// Before `step` runs: starts reading warnings when it expects any (or none), and
    /// refuses what its kind cannot do.
    pub(super) fn start_step(&mut self, step: &Step) -> Result<(), Box<Failure>> {
        self.warnings = step.warnings.any().then(Vec::new);
        let unread = match &step.kind {
            Kind::Import {
                mode: ImportMode::Command,
                ..
            } => Some("a `terraform import` step, whose output has no JSON diagnostics"),
            Kind::Query { .. } => Some("a `terraform query` step"),
            Kind::Apply | Kind::Import { .. } | Kind::Refresh | Kind::Invoke { .. } => None,
        };
        if let Some(unread) = unread.filter(|_| step.warnings.any()) {
            return Err(self.fail(
                "a step that expects warnings (or none) plans and applies: a configuration, refresh, invoke or import-block step",
                unread,
                None,
            ));
        }
        if step.after_apply.any() && !matches!(step.kind, Kind::Apply | Kind::Invoke { .. }) {
            return Err(self.fail(
                "an after_apply hook or a plan check after the apply is on a configuration or invoke step",
                format!("a step that does {}", step.summary()),
                None,
            ));
        }
        Ok(())
    }

    /// `terraform validate` in `dir` when the step reads warnings, for the warnings of the
    /// validation; the output of the step's command stays what the report shows.
    pub(super) fn validate_for_warnings(&mut self, dir: &Path) {
        if self.warnings.is_none() {
            return;
        }
        let shown = self.output.take();
        self.terraform(dir, &["validate", "-no-color"]);
        self.output = shown;
    }

    /// While the step reads warnings, a `validate`, `plan` or `apply` command runs with
    /// `-json` instead: its warnings are kept and its output is the readable text of the
    /// JSON lines. `None` for other commands, or when the step does not read warnings.
    pub(super) fn terraform_json(&mut self, dir: &Path, args: &[&str]) -> Option<Output> {
        let phase = WarningPhase::of_command(args)?;
        self.warnings.as_ref()?;
        let args = json_args(args);
        let out = self.ws.run_in(dir, &args);
        self.note_warnings(phase, &out.stdout);
        self.output = Some(format!(
            "$ terraform {}\n--- stdout (the -json lines as text)\n{}\n--- stderr\n{}",
            args.join(" "),
            readable(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ));
        Some(out)
    }

    /// Keeps the warnings in the stdout of a `-json` command of `phase`, when the step
    /// reads them.
    pub(super) fn note_warnings(&mut self, phase: WarningPhase, stdout: &[u8]) {
        if let Some(found) = &mut self.warnings {
            found.extend(read(phase, stdout));
        }
    }

    /// The step's checks of the warnings its commands reported. A failure lists every
    /// warning with its phase and place, and points at the resource of the first: the
    /// output of the step's last command would say nothing more.
    pub(super) fn warning_checks(&mut self, step: &Step) -> Result<(), Box<Failure>> {
        let Some(found) = self.warnings.take() else {
            return Ok(());
        };
        step.warnings.check(&found).map_err(|(check, what)| {
            self.output = None;
            let address = found.iter().find_map(|w| w.address.as_deref());
            self.fail(&check, what, address)
        })
    }
}
