//! What a configuration or invoke step does after its apply: its hook
//! ([`Step::after_apply`]), then the plans made after the apply, their checks, and that
//! the refreshing one is empty (or, for a step that expects otherwise, is not).

use std::path::Path;

use super::Run;
use crate::failure::Failure;
use crate::plan::{describe_changes, pending_changes, PlanCheck};
use crate::step::Step;

/// The plan file of the refreshing plan after the apply.
const REFRESHING: &str = "after.tfplan";
/// The plan file of `plan -refresh=false` after the apply.
const NOT_REFRESHING: &str = "after-no-refresh.tfplan";

impl Run<'_> {
    /// After the apply of `step` in `dir` (and its state checks): the hook, then `plan
    /// -refresh=false` when the step checks it, then the refreshing plan.
    pub(super) fn after_apply(&mut self, step: &Step, dir: &Path) -> Result<(), Box<Failure>> {
        let after = &step.after_apply;
        if let Some(hook) = &after.hook {
            hook(self.ws);
        }
        if !after.plan_checks_without_refresh.is_empty() {
            self.plan_after_apply(step, dir, false, &after.plan_checks_without_refresh)?;
        }
        self.plan_after_apply(step, dir, true, &after.plan_checks)
    }

    /// One plan after the apply: made, checked with `checks`, and empty, or, when the step
    /// expects a non-empty plan, the refreshing one not empty (as terraform-plugin-testing
    /// holds `ExpectNonEmptyPlan` to the plan after the refresh).
    fn plan_after_apply(
        &mut self,
        step: &Step,
        dir: &Path,
        refresh: bool,
        checks: &[PlanCheck],
    ) -> Result<(), Box<Failure>> {
        let (file, the_plan) = if refresh {
            (REFRESHING, "a new plan")
        } else {
            (
                NOT_REFRESHING,
                "a new plan without refresh (`plan -refresh=false`)",
            )
        };
        let mut args = vec!["plan", "-no-color", "-input=false"];
        if !refresh {
            args.push("-refresh=false");
        }
        args.extend(["-out", file]);
        let out = self.terraform(dir, &args);
        if !out.status.success() {
            let check = if refresh {
                "the plan after the apply succeeds".to_owned()
            } else {
                format!("after the apply, {the_plan} succeeds")
            };
            return Err(self.fail(&check, "terraform plan failed", None));
        }
        let plan = self.show_json(dir, Some(file))?;
        for check in checks {
            if let Err(found) = check.check(&plan) {
                // The plan's own text says what it does.
                self.terraform(dir, &["show", "-no-color", file]);
                return Err(self.fail(
                    &format!("after the apply, {the_plan}: {}", check.description()),
                    found,
                    check.address(),
                ));
            }
        }
        let pending = pending_changes(&plan);
        if step.expect_non_empty_plan {
            if refresh && pending.is_empty() {
                self.terraform(dir, &["show", "-no-color", file]);
                return Err(self.fail(
                    "after applying the step, a new plan has changes (the step expects a \
                     non-empty plan)",
                    "the plan is empty",
                    None,
                ));
            }
            return Ok(());
        }
        if let Some((first, _)) = pending.first() {
            let first = first.clone();
            self.terraform(dir, &["show", "-no-color", file]);
            return Err(self.fail(
                &format!("after applying the step, {the_plan} is empty"),
                describe_changes(&pending),
                Some(&first),
            ));
        }
        Ok(())
    }
}
