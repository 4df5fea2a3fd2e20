//! The step-based test: a sequence of [`Step`]s run against every Terraform found, each
//! version in a workspace of its own, then a destroy that must leave nothing behind.

use std::fmt;
use std::path::Path;
use std::process::Output;

use serde_json::Value as Json;

use crate::actions::{self, ActionEvent};
use crate::discovery::{each_terraform_ran, in_ci, terraforms, Terraform};
use crate::failure::Failure;
use crate::output::{output_text, print_notice};
use crate::state::managed_addresses;
use crate::step::{Config, Kind, Step};
use crate::test_provider::TestProvider;
use crate::warnings::{Warning, WarningPhase};
use crate::workspace::Workspace;

mod after_apply;
mod import_run;
mod query_run;
mod step_warnings;

type DestroyCheck = dyn Fn(&Workspace) -> Result<(), String> + Send + Sync;

/// An acceptance test: steps applied in order with the real Terraform CLI, against every
/// Terraform version found ([`crate::terraforms`]), the versions in parallel, each in its
/// own [`Workspace`]. At the end the test destroys everything (also after a failure, so
/// that nothing real is left behind) and checks that the state is empty and, with
/// [`Test::check_destroy`], that the objects are gone.
///
/// A failed check panics with a report: the test, the Terraform version, the step, the
/// check, the step's configuration with line numbers (the line involved marked), and
/// Terraform's output; the workspace is kept and its path printed.
pub struct Test {
    name: Option<String>,
    provider: TestProvider,
    steps: Vec<Step>,
    destroy: bool,
    check_destroy: Option<Box<DestroyCheck>>,
    terraforms: Option<Vec<Terraform>>,
    requires: Option<(u64, u64)>,
}

impl fmt::Debug for Test {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Test")
            .field("name", &self.name)
            .field("provider", &self.provider)
            .field("steps", &self.steps)
            .field("destroy", &self.destroy)
            .finish_non_exhaustive()
    }
}

impl Test {
    /// A test of `provider` with no steps yet.
    pub fn new(provider: &TestProvider) -> Test {
        Test {
            name: None,
            provider: provider.clone(),
            steps: Vec::new(),
            destroy: true,
            check_destroy: None,
            terraforms: None,
            requires: None,
        }
    }

    /// Names the test in messages and workspace directories (by default, the name of the
    /// thread running it: the test function's, under cargo's test harness).
    pub fn named(mut self, name: &str) -> Test {
        self.name = Some(name.to_owned());
        self
    }

    /// Adds a step.
    pub fn step(mut self, step: Step) -> Test {
        self.steps.push(step);
        self
    }

    /// Leaves the resources in place at the end (no destroy, no destroy checks).
    pub fn no_destroy(mut self) -> Test {
        self.destroy = false;
        self
    }

    /// After the final destroy, `check` confirms that the real objects are gone (the
    /// files deleted, the API answering 404); its error fails the test.
    pub fn check_destroy<F>(mut self, check: F) -> Test
    where
        F: Fn(&Workspace) -> Result<(), String> + Send + Sync + 'static,
    {
        self.check_destroy = Some(Box::new(check));
        self
    }

    /// Runs with these Terraforms instead of those found ([`Terraform::at`] makes one
    /// from a path).
    pub fn terraforms(mut self, terraforms: Vec<Terraform>) -> Test {
        self.terraforms = Some(terraforms);
        self
    }

    /// Runs the test only with Terraform `major.minor` or later: with an older one the
    /// whole test (no workspace, no destroy) is skipped, and a line on stderr says so. For
    /// a test of a feature older releases lack, such as actions (1.14). A step of its own
    /// can say the same ([`Step::requires_terraform`]).
    pub fn requires_terraform(mut self, major: u64, minor: u64) -> Test {
        self.requires = self.requires.max(Some((major, minor)));
        self
    }

    /// Runs the test with every Terraform, in parallel.
    ///
    /// # Panics
    /// With the report of each failure (see [`Failure`]), and as
    /// [`each_terraform`](crate::each_terraform) does when no Terraform is found in CI. In
    /// CI ([`in_ci`](crate::in_ci)), also when the test or one of its steps needs a newer
    /// Terraform ([`Test::requires_terraform`], [`Step::requires_terraform`], action steps)
    /// than every one found: a CI run that tests nothing of it must not pass.
    pub fn run(self) {
        let name = self.name.clone().unwrap_or_else(|| {
            std::thread::current()
                .name()
                .unwrap_or("unnamed test")
                .to_owned()
        });
        let all: &[Terraform] = match &self.terraforms {
            Some(list) => list,
            None => terraforms(),
        };
        if let Some(problem) = self.runs_on_none(all) {
            assert!(
                !in_ci(),
                "{name}: {problem}; CI is set, so this is a failure"
            );
        }
        each_terraform_ran(all, &name, |tf| {
            if let Err(failure) = self.run_one(&name, tf) {
                panic!("{failure}");
            }
            self.requires.is_none_or(|(a, b)| tf.at_least(a, b))
        });
    }

    /// What of the test runs on none of `all` (whose list is not empty): the whole test
    /// or a step that needs a newer Terraform than every one found.
    fn runs_on_none(&self, all: &[Terraform]) -> Option<String> {
        let found = (all.iter().map(|tf| tf.version.as_str()))
            .collect::<Vec<_>>()
            .join(", ");
        let none_at_least = |(major, minor): (u64, u64)| {
            !all.is_empty() && !all.iter().any(|tf| tf.at_least(major, minor))
        };
        if let Some((major, minor)) = self.requires.filter(|&r| none_at_least(r)) {
            return Some(format!(
                "the test needs Terraform {major}.{minor} or later, and only {found} was found"
            ));
        }
        self.steps.iter().enumerate().find_map(|(i, step)| {
            let (major, minor) = step.requires.filter(|&r| none_at_least(r))?;
            Some(format!(
                "step {} ({}) needs Terraform {major}.{minor} or later, and only {found} was found",
                i + 1,
                step.summary(),
            ))
        })
    }

    /// Runs the test with one Terraform and returns the first failure.
    ///
    /// # Errors
    /// The first check that failed.
    pub fn run_one(&self, name: &str, tf: &Terraform) -> Result<(), Box<Failure>> {
        if let Some((major, minor)) = self.requires.filter(|(a, b)| !tf.at_least(*a, *b)) {
            print_notice(&format!(
                "{name}: skipped with Terraform {}: the test needs Terraform {major}.{minor} or later",
                tf.version
            ));
            return Ok(());
        }
        let ws = Workspace::new(tf, &self.provider, name);
        let mut run = Run {
            name,
            ws: &ws,
            step: None,
            summary: String::new(),
            config: None,
            applied_config: None,
            output: None,
            files: Vec::new(),
            actions: None,
            warnings: None,
        };
        let mut result = Ok(());
        for (i, step) in self.steps.iter().enumerate() {
            run.step = Some(i + 1);
            run.summary = step.summary();
            run.output = None;
            run.files.clear();
            run.actions = None;
            if step.run_if.as_ref().is_some_and(|run_if| !run_if(tf)) {
                continue;
            }
            if let Some((major, minor)) = step.requires.filter(|(a, b)| !tf.at_least(*a, *b)) {
                print_notice(&format!(
                    "{name}: step {} ({}) skipped with Terraform {}: it needs Terraform {major}.{minor} or later",
                    i + 1,
                    run.summary,
                    tf.version
                ));
                continue;
            }
            result = run.step(step);
            if result.is_err() {
                break;
            }
        }
        if self.destroy {
            run.step = None;
            run.summary = "terraform destroy".to_owned();
            run.output = None;
            run.files.clear();
            let destroyed = run.destroy(self.check_destroy.as_deref());
            if result.is_ok() {
                result = destroyed;
            }
        }
        if result.is_err() {
            ws.keep();
        }
        result
    }
}

/// One run of a test with one Terraform.
struct Run<'a> {
    name: &'a str,
    ws: &'a Workspace,
    step: Option<usize>,
    summary: String,
    /// The configuration of the latest configuration step.
    config: Option<String>,
    /// The configuration of the latest step that applied.
    applied_config: Option<String>,
    /// The output of the latest Terraform command.
    output: Option<String>,
    /// The step's other configuration files, by name (see [`Failure::files`]).
    files: Vec<(String, String)>,
    /// The action events of the step's apply, when it read them (`apply -json`).
    actions: Option<Vec<ActionEvent>>,
    /// The warnings of the step's commands, while the step reads them.
    warnings: Option<Vec<Warning>>,
}

impl Run<'_> {
    fn fail(&self, check: &str, found: impl Into<String>, address: Option<&str>) -> Box<Failure> {
        Box::new(Failure {
            test: self.name.to_owned(),
            terraform_version: self.ws.terraform().version.clone(),
            step: self.step,
            step_summary: self.summary.clone(),
            check: check.to_owned(),
            found: found.into(),
            config: self.config.clone(),
            files: self.files.clone(),
            address: address.map(str::to_owned),
            terraform_output: self.output.clone(),
            workspace: self.ws.root().to_path_buf(),
        })
    }

    fn terraform(&mut self, dir: &Path, args: &[&str]) -> Output {
        if let Some(out) = self.terraform_json(dir, args) {
            return out;
        }
        let out = self.ws.run_in(dir, args);
        self.output = Some(format!(
            "$ terraform {}\n{}",
            args.join(" "),
            output_text(&out)
        ));
        out
    }

    fn show_json(&mut self, dir: &Path, plan_file: Option<&str>) -> Result<Json, Box<Failure>> {
        let mut args = vec!["show", "-json", "-no-color"];
        args.extend(plan_file);
        let out = self.terraform(dir, &args);
        if !out.status.success() {
            return Err(self.fail("terraform show -json succeeds", "it failed", None));
        }
        crate::show_json::parse(&out.stdout)
            .map_err(|e| self.fail("terraform show -json prints JSON", e.to_string(), None))
    }

    /// A failed command in `dir`: the step passes if it expected an error matching its
    /// patterns (its state checks and own checks then run).
    fn failed_command(&mut self, step: &Step, what: &str, dir: &Path) -> Result<(), Box<Failure>> {
        if step.expect_errors.is_empty() {
            return Err(self.fail(&format!("{what} succeeds"), format!("{what} failed"), None));
        }
        let output = self.output.clone().unwrap_or_default();
        for expected in &step.expect_errors {
            match expected {
                Ok(regex) if regex.is_match(&output) => {}
                Ok(regex) => {
                    return Err(self.fail(
                        &format!("the step fails with an error matching /{}/", regex.as_str()),
                        format!("{what} failed with an error that does not match"),
                        None,
                    ))
                }
                Err(e) => {
                    return Err(self.fail(
                        "the expected error is a regular expression",
                        e.clone(),
                        None,
                    ))
                }
            }
        }
        self.action_checks(step)?;
        self.state_checks(step, dir)
    }

    /// The step's checks of the action events its apply printed (none when it did not
    /// apply).
    fn action_checks(&self, step: &Step) -> Result<(), Box<Failure>> {
        let events = self.actions.as_deref().unwrap_or_default();
        for check in &step.action_checks {
            if let Err(found) = check.check(events) {
                let found = match &self.actions {
                    Some(_) => found,
                    None => format!("{found} (the step did not apply)"),
                };
                return Err(self.fail(&check.description(), found, None));
            }
        }
        Ok(())
    }

    /// Applies the plan file `plan_file` in `dir`; with `-json` when the step reads
    /// actions, keeping their events and, as the output, the readable text of the JSON.
    fn apply_plan(&mut self, step: &Step, dir: &Path, plan_file: &str) -> Output {
        if !step.reads_actions() {
            return self.terraform(
                dir,
                &[
                    "apply",
                    "-no-color",
                    "-input=false",
                    "-auto-approve",
                    plan_file,
                ],
            );
        }
        let args = ["apply", "-json", "-input=false", "-auto-approve", plan_file];
        let out = self.ws.run_in(dir, &args);
        self.actions = Some(actions::events(&out.stdout));
        self.note_warnings(WarningPhase::Apply, &out.stdout);
        self.output = Some(format!(
            "$ terraform {}
--- stdout (the -json lines as text)
{}
--- stderr
{}",
            args.join(" "),
            actions::readable(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ));
        out
    }

    fn step(&mut self, step: &Step) -> Result<(), Box<Failure>> {
        self.start_step(step)?;
        if let Some(pre) = &step.pre {
            pre(self.ws);
        }
        if let Some(Err(e)) = step.expect_errors.iter().find(|e| e.is_err()) {
            return Err(self.fail(
                "the expected error is a regular expression",
                e.clone(),
                None,
            ));
        }
        let result = match &step.kind {
            Kind::Apply => {
                let config = match &step.config {
                    Config::Text(text) => text.clone(),
                    Config::Built(build) => build(self.ws),
                    Config::Previous => self.config.clone().unwrap_or_default(),
                };
                self.ws.write_main(&config);
                self.config = Some(config);
                self.apply_step(step, None)
            }
            Kind::Refresh => {
                if let Config::Built(build) = &step.config {
                    let config = build(self.ws);
                    self.ws.write_main(&config);
                    self.config = Some(config);
                }
                self.refresh_step(step)
            }
            Kind::Invoke { action } => {
                if let Config::Built(build) = &step.config {
                    let config = build(self.ws);
                    self.ws.write_main(&config);
                    self.config = Some(config);
                }
                self.apply_step(step, Some(action))
            }
            Kind::Import { .. } => self.import_step(step),
            Kind::Query { .. } => self.query_step(step),
        };
        result.and_then(|()| self.warning_checks(step))
    }

    /// Plans (invoking `invoke` alone, when given), checks the plan, applies it, then
    /// the step's checks and the empty plan after.
    fn apply_step(&mut self, step: &Step, invoke: Option<&str>) -> Result<(), Box<Failure>> {
        let dir = self.ws.module_dir();
        self.validate_for_warnings(&dir);
        let plan_file = format!("step-{}.tfplan", self.step.unwrap_or(0));
        let invoke = invoke.map(|action| format!("-invoke={action}"));
        let mut args = vec!["plan", "-no-color", "-input=false"];
        args.extend(invoke.as_deref());
        args.extend(["-out", &plan_file]);
        let out = self.terraform(&dir, &args);
        if !out.status.success() {
            return self.failed_command(step, "terraform plan", &dir);
        }
        if !step.plan_checks.is_empty() {
            let plan = self.show_json(&dir, Some(&plan_file))?;
            for check in &step.plan_checks {
                if let Err(found) = check.check(&plan) {
                    return Err(self.fail(check.description(), found, check.address()));
                }
            }
        }
        let out = self.apply_plan(step, &dir, &plan_file);
        if !out.status.success() {
            return self.failed_command(step, "terraform apply", &dir);
        }
        self.applied_config.clone_from(&self.config);
        self.expected_error_missing(step)?;
        self.action_checks(step)?;
        self.state_checks(step, &dir)?;
        self.after_apply(step, &dir)
    }

    fn expected_error_missing(&self, step: &Step) -> Result<(), Box<Failure>> {
        match step.expect_errors.first() {
            Some(Ok(regex)) => Err(self.fail(
                &format!("the step fails with an error matching /{}/", regex.as_str()),
                "it succeeded",
                None,
            )),
            _ => Ok(()),
        }
    }

    fn state_checks(&mut self, step: &Step, dir: &Path) -> Result<(), Box<Failure>> {
        if step.state_checks.is_empty() && step.custom_checks.is_empty() {
            return Ok(());
        }
        let state = self.show_json(dir, None)?;
        for check in &step.state_checks {
            if let Err(found) = check.check(&state) {
                return Err(self.fail(check.description(), found, check.address()));
            }
        }
        for (description, check) in &step.custom_checks {
            if let Err(found) = check(self.ws, &state) {
                return Err(self.fail(description, found, None));
            }
        }
        Ok(())
    }

    fn refresh_step(&mut self, step: &Step) -> Result<(), Box<Failure>> {
        let dir = self.ws.module_dir();
        self.validate_for_warnings(&dir);
        let out = self.terraform(
            &dir,
            &[
                "apply",
                "-refresh-only",
                "-auto-approve",
                "-no-color",
                "-input=false",
            ],
        );
        if !out.status.success() {
            return self.failed_command(step, "terraform apply -refresh-only", &dir);
        }
        self.expected_error_missing(step)?;
        self.state_checks(step, &dir)?;
        if !step.expect_non_empty_plan {
            let out = self.terraform(
                &dir,
                &[
                    "plan",
                    "-refresh-only",
                    "-detailed-exitcode",
                    "-no-color",
                    "-input=false",
                    "-out",
                    "refresh.tfplan",
                ],
            );
            let check = "after the refresh, `plan -refresh-only` finds no drift";
            match out.status.code() {
                Some(0) => {}
                // Some releases (1.11 among them, hashicorp/terraform#37406) exit with 2
                // for a refresh-only plan that finds nothing, when the state differs from
                // the configuration: the plan's JSON says whether anything drifted.
                Some(2) => {
                    let plan = self.show_json(&dir, Some("refresh.tfplan"))?;
                    let drift: Vec<&str> = plan["resource_drift"]
                        .as_array()
                        .map(|all| all.iter().filter_map(|d| d["address"].as_str()).collect())
                        .unwrap_or_default();
                    if !drift.is_empty() {
                        return Err(self.fail(
                            check,
                            format!("drift in {drift:?}"),
                            drift.first().copied(),
                        ));
                    }
                }
                code => {
                    return Err(self.fail(
                        check,
                        format!("the plan failed (exit status {code:?})"),
                        None,
                    ))
                }
            }
        }
        Ok(())
    }

    fn destroy(&mut self, check: Option<&DestroyCheck>) -> Result<(), Box<Failure>> {
        let dir = self.ws.module_dir();
        // Destroyed with the configuration that created the resources: the latest step's
        // may be one that was expected to fail, or one Terraform cannot even read, which
        // would fail the state's reading below and leave the objects behind.
        if let Some(config) = &self.applied_config {
            self.ws.write_main(config);
            self.config = Some(config.clone());
        }
        let before = self.show_json(&dir, None)?;
        if !managed_addresses(&before).is_empty() {
            let out = self.terraform(
                &dir,
                &["destroy", "-auto-approve", "-no-color", "-input=false"],
            );
            if !out.status.success() {
                return Err(self.fail("terraform destroy succeeds", "it failed", None));
            }
        }
        let state = self.show_json(&dir, None)?;
        let left = managed_addresses(&state);
        if !left.is_empty() {
            return Err(self.fail(
                "after destroy, the state holds no resources",
                format!("it holds {left:?}"),
                None,
            ));
        }
        if let Some(check) = check {
            check(self.ws)
                .map_err(|found| self.fail("the destroyed objects are gone", found, None))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_runs_on_no_terraform_found_is_named() {
        let tf = |version: &str| Terraform {
            path: "terraform".into(),
            version: version.to_owned(),
            cli: crate::Cli::Terraform,
        };
        let old = [tf("1.11.4")];
        let both = [tf("1.11.4"), tf("1.15.5")];
        let provider = crate::TestProvider::binary("example.com/x/y", "/nonexistent");
        let actions = Test::new(&provider).step(Step::config("").requires_terraform(1, 14));
        let problem = actions.runs_on_none(&old).expect("no 1.14 among them");
        assert!(
            problem.starts_with("step 1 (")
                && problem.ends_with("needs Terraform 1.14 or later, and only 1.11.4 was found"),
            "{problem}"
        );
        assert_eq!(actions.runs_on_none(&both), None);
        let whole = Test::new(&provider).requires_terraform(1, 16);
        assert_eq!(
            whole.runs_on_none(&both).as_deref(),
            Some("the test needs Terraform 1.16 or later, and only 1.11.4, 1.15.5 was found")
        );
        // No Terraform at all is each_terraform's to report.
        assert_eq!(whole.runs_on_none(&[]), None);
    }
}
