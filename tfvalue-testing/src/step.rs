//! One step of a [`Test`](crate::Test): apply a configuration, import a resource,
//! refresh, or invoke an action; then check the outcome.

use std::fmt;
use std::sync::Arc;

use crate::actions::ActionCheck;
use crate::discovery::Terraform;
use crate::plan::PlanCheck;
use crate::query::QueryCheck;
use crate::state::StateCheck;
use crate::warnings::{ExpectedWarning, WarningChecks, WarningPhase};
use crate::workspace::Workspace;

/// Builds a step's configuration for its workspace (paths under the workspace differ
/// from run to run).
pub(crate) type ConfigFn = dyn Fn(&Workspace) -> String + Send + Sync;
/// A hook run with the workspace before a step.
pub(crate) type HookFn = dyn Fn(&Workspace) + Send + Sync;
/// A check of the test's own, with the workspace and the state after the step.
pub(crate) type CustomFn =
    dyn Fn(&Workspace, &serde_json::Value) -> Result<(), String> + Send + Sync;

/// Whether a step runs with a Terraform.
pub(crate) type RunIf = dyn Fn(&Terraform) -> bool + Send + Sync;

/// Where a step's configuration comes from.
#[derive(Clone)]
pub(crate) enum Config {
    /// The text, as given.
    Text(String),
    /// Built for the workspace.
    Built(Arc<ConfigFn>),
    /// The configuration of the step before (import and refresh steps).
    Previous,
}

/// How an import step imports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ImportMode {
    /// `terraform import <address> <id>`.
    Command,
    /// An `import { to = <address>, id = "<id>" }` block, then plan and apply.
    Block,
}

/// Reads an import ID from the state before an import step.
pub(crate) type IdFn = dyn Fn(&serde_json::Value) -> Result<String, String> + Send + Sync;

/// The ID an import step imports.
#[derive(Clone)]
pub(crate) enum ImportId {
    /// Given.
    Fixed(String),
    /// Read from the test's state, as it is before the step.
    FromState(Arc<IdFn>),
    /// No ID: the resource's identity in an `import` block (Terraform 1.12 and later),
    /// as given, or (`None`) as the test's state holds it before the step.
    Identity(Option<serde_json::Value>),
}

/// Regular expressions (or why one does not compile) the text of a generated
/// configuration must match; an empty list asks only that it was generated.
pub(crate) type GeneratedPatterns = Vec<Result<regex_lite::Regex, String>>;

impl fmt::Debug for ImportId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportId::Fixed(id) => write!(f, "{id:?}"),
            ImportId::FromState(_) => f.write_str("an ID read from the state"),
            ImportId::Identity(Some(identity)) => write!(f, "identity {identity}"),
            ImportId::Identity(None) => f.write_str("the identity in the state"),
        }
    }
}

/// What a step does.
#[derive(Clone, Debug)]
pub(crate) enum Kind {
    /// Plan, apply, then the checks.
    Apply,
    /// Import into a state of its own, then compare with the step before's state.
    Import {
        address: String,
        id: ImportId,
        mode: ImportMode,
        verify: bool,
        ignore: Vec<String>,
        persist: bool,
        /// With `-generate-config-out`: the configuration has no block for `address`.
        generate: Option<GeneratedPatterns>,
    },
    /// `terraform query` with a `.tfquery.hcl` file, then checks of what it listed.
    Query {
        hcl: String,
        checks: Vec<QueryCheck>,
        /// With `-generate-config-out`, then a plan that imports every result.
        generate: Option<GeneratedPatterns>,
    },
    /// `apply -refresh-only`, then the checks.
    Refresh,
    /// `plan -invoke=<action>`, then apply that plan, then the checks.
    Invoke { action: String },
}

/// What a configuration or invoke step does between its apply and the plans after it.
#[derive(Default)]
pub(crate) struct AfterApply {
    /// Run right after the apply (and the state checks).
    pub(crate) hook: Option<Box<HookFn>>,
    /// Checks of `plan -refresh=false` after the apply.
    pub(crate) plan_checks_without_refresh: Vec<PlanCheck>,
    /// Checks of the refreshing plan after the apply.
    pub(crate) plan_checks: Vec<PlanCheck>,
}

impl AfterApply {
    /// Whether the step asks for anything after its apply.
    pub(crate) fn any(&self) -> bool {
        self.hook.is_some()
            || !self.plan_checks_without_refresh.is_empty()
            || !self.plan_checks.is_empty()
    }
}

/// The Terraform release that runs actions.
const ACTIONS_RELEASE: (u64, u64) = (1, 14);

/// One step of a test. Build it with [`Step::config`], [`Step::config_with`],
/// [`Step::import`] (or [`Step::import_by_identity`]), [`Step::refresh`], [`Step::invoke`]
/// or [`Step::query`], then add expectations.
///
/// After a successful apply or refresh, the step checks that a new plan is empty (as
/// terraform-plugin-testing does): a provider whose plan does not settle fails there.
/// [`Step::expect_non_empty_plan`] expects the opposite of a configuration or invoke step.
pub struct Step {
    pub(crate) kind: Kind,
    pub(crate) config: Config,
    pub(crate) expect_errors: Vec<Result<regex_lite::Regex, String>>,
    pub(crate) expect_non_empty_plan: bool,
    pub(crate) plan_checks: Vec<PlanCheck>,
    pub(crate) state_checks: Vec<StateCheck>,
    pub(crate) custom_checks: Vec<(String, Box<CustomFn>)>,
    pub(crate) action_checks: Vec<ActionCheck>,
    pub(crate) pre: Option<Box<HookFn>>,
    pub(crate) after_apply: AfterApply,
    pub(crate) warnings: WarningChecks,
    pub(crate) run_if: Option<Box<RunIf>>,
    pub(crate) requires: Option<(u64, u64)>,
}

impl fmt::Debug for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Step")
            .field("kind", &self.kind)
            .field("plan_checks", &self.plan_checks)
            .field("state_checks", &self.state_checks)
            .field("action_checks", &self.action_checks)
            .field("requires", &self.requires)
            .field("warnings", &self.warnings)
            .finish_non_exhaustive()
    }
}

impl Step {
    pub(crate) fn with_kind(kind: Kind, config: Config) -> Step {
        Step {
            kind,
            config,
            expect_errors: Vec::new(),
            expect_non_empty_plan: false,
            plan_checks: Vec::new(),
            state_checks: Vec::new(),
            custom_checks: Vec::new(),
            action_checks: Vec::new(),
            pre: None,
            after_apply: AfterApply::default(),
            warnings: WarningChecks::default(),
            run_if: None,
            requires: None,
        }
    }

    /// A step that applies `hcl` (the module's `main.tf`; the `required_providers` block
    /// for the provider under test is written beside it).
    pub fn config(hcl: impl Into<String>) -> Step {
        Step::with_kind(Kind::Apply, Config::Text(hcl.into()))
    }

    /// A step that applies the configuration `build` returns for the workspace (to name
    /// paths under [`Workspace::root`], for example).
    pub fn config_with<F>(build: F) -> Step
    where
        F: Fn(&Workspace) -> String + Send + Sync + 'static,
    {
        Step::with_kind(Kind::Apply, Config::Built(Arc::new(build)))
    }

    /// A step that imports the object `id` as `address` into a state of its own, with the
    /// configuration of the step before, then checks that the imported resource equals
    /// the one in the step before's state (import verification; see
    /// [`Step::verify_ignoring`] and [`Step::no_verify`]). It uses `terraform import`;
    /// [`Step::by_import_block`] uses an `import` block instead. It also plans the
    /// configuration against the imported state and fails when the plan would change the
    /// resource, as after an import a user's next plan should not: for an object whose
    /// import cannot recover every configured attribute (write-only values, settings the
    /// remote object does not keep), say so with [`Step::expect_non_empty_plan`], which
    /// skips that plan; [`Step::verify_ignoring`] covers only the state comparison.
    pub fn import(address: &str, id: &str) -> Step {
        Step::import_id(address, ImportId::Fixed(id.to_owned()))
    }

    /// [`Step::import`] with an ID known only once earlier steps ran (a generated name,
    /// a server-assigned ID): `id` reads it from the test's state (as `terraform show
    /// -json` prints it) before the import.
    pub fn import_id_from_state<F>(address: &str, id: F) -> Step
    where
        F: Fn(&serde_json::Value) -> Result<String, String> + Send + Sync + 'static,
    {
        Step::import_id(address, ImportId::FromState(Arc::new(id)))
    }

    /// [`Step::import`] with the ID the state holds at `path` (as `.id`) of the resource at
    /// `address`, as earlier steps left it: the usual case of
    /// [`Step::import_id_from_state`].
    pub fn import_by_attribute(address: &str, path: &str) -> Step {
        let (source, path) = (address.to_owned(), path.to_owned());
        Step::import_id_from_state(address, move |state| {
            match crate::state::attribute(state, &source, &path)? {
                serde_json::Value::String(id) => Ok(id.clone()),
                other => Err(format!("{source}{path} is {other}, not a string ID")),
            }
        })
    }

    pub(crate) fn import_id(address: &str, id: ImportId) -> Step {
        Step::with_kind(
            Kind::Import {
                address: address.to_owned(),
                id,
                mode: ImportMode::Command,
                verify: true,
                ignore: Vec::new(),
                persist: false,
                generate: None,
            },
            Config::Previous,
        )
    }

    /// A step that refreshes: `terraform apply -refresh-only`, with the configuration of
    /// the step before; then its checks, and that `plan -refresh-only` finds nothing more.
    pub fn refresh() -> Step {
        Step::with_kind(Kind::Refresh, Config::Previous)
    }

    /// A step that invokes the action `action` (as `action.localfs_append.log`) alone,
    /// with the configuration of the step before (or its own, [`Step::using_config`]):
    /// `terraform plan -invoke=<action>`, the step's plan checks, then the apply of that
    /// plan, which invokes the action and nothing else. Check what the invocation
    /// reported with [`Step::expect_progress`] and [`Step::expect_progress_matching`], its
    /// failure with [`Step::expect_error`] (matched against the action's error as
    /// Terraform reports it, `Error when invoking action` with the action's message as
    /// the detail), and its effects with [`Step::check_with`]. After a successful
    /// invocation a new plan must be empty, as after any apply: an action that disturbs
    /// what the configuration manages fails there.
    ///
    /// Actions need Terraform 1.14 or later: with an older Terraform the step is skipped
    /// and says so on stderr.
    ///
    /// ```no_run
    /// # fn provider() -> tfvalue_testing::TestProvider { unimplemented!() }
    /// use tfvalue_testing::{Step, Test};
    ///
    /// Test::new(&provider())
    ///     .step(Step::config(
    ///         r#"action "localfs_append" "log" {
    ///           config {
    ///             path  = "deploy.log"
    ///             lines = ["one", "two"]
    ///           }
    ///         }"#,
    ///     ))
    ///     .step(
    ///         Step::invoke("action.localfs_append.log").expect_progress(&[
    ///             "appended line 1 of 2 to deploy.log",
    ///             "appended line 2 of 2 to deploy.log",
    ///         ]),
    ///     )
    ///     .run();
    /// ```
    pub fn invoke(action: &str) -> Step {
        let mut step = Step::with_kind(
            Kind::Invoke {
                action: action.to_owned(),
            },
            Config::Previous,
        );
        step.requires = Some(ACTIONS_RELEASE);
        step
    }

    /// Imports through an `import { to = …, id = … }` block (Terraform 1.5 and later):
    /// the plan must import the object and change nothing else, then it is applied.
    pub fn by_import_block(mut self) -> Step {
        if let Kind::Import { mode, .. } = &mut self.kind {
            *mode = ImportMode::Block;
        }
        self
    }

    /// Compares imported and applied state except these attributes (top-level names, or
    /// paths as `.keepers["a"]`; everything under a path is ignored too): those a read
    /// cannot know, such as write-only inputs.
    pub fn verify_ignoring(mut self, attributes: &[&str]) -> Step {
        if let Kind::Import { ignore, .. } = &mut self.kind {
            ignore.extend(attributes.iter().map(|a| (*a).to_owned()));
        }
        self
    }

    /// Imports without comparing with the step before's state.
    pub fn no_verify(mut self) -> Step {
        if let Kind::Import { verify, .. } = &mut self.kind {
            *verify = false;
        }
        self
    }

    /// Imports into the test's own state (the resource must not be in it yet), so later
    /// steps manage the imported object: adopting an object that exists outside
    /// Terraform. There is nothing to compare with then, so this also means
    /// [`Step::no_verify`]. Only with `terraform import`.
    pub fn persist(mut self) -> Step {
        if let Kind::Import {
            persist, verify, ..
        } = &mut self.kind
        {
            *persist = true;
            *verify = false;
        }
        self
    }

    /// Gives an import, refresh or invoke step a configuration of its own (built for the
    /// workspace) instead of the step before's: for importing a resource no step
    /// applies, or invoking an action with settings no other step uses, say.
    pub fn using_config<F>(mut self, build: F) -> Step
    where
        F: Fn(&Workspace) -> String + Send + Sync + 'static,
    {
        if !matches!(self.kind, Kind::Apply) {
            self.config = Config::Built(Arc::new(build));
        }
        self
    }

    /// The step must fail (plan, apply, import, refresh or invocation) with an error
    /// matching the regular expression `pattern` (syntax of the `regex-lite` crate,
    /// matched against Terraform's stdout and stderr together, so `(?s)` lets `.` cross
    /// lines; a step that reads actions applies with `-json`, whose lines are matched as
    /// Terraform prints them without it: each message, a diagnostic as `Error: <summary>`
    /// then its detail). Called
    /// more than once, every pattern must match. The step's state checks and own checks
    /// ([`Step::check_with`]) still run after the expected failure, to show what it left
    /// behind; the plan is not checked for emptiness then.
    pub fn expect_error(mut self, pattern: &str) -> Step {
        self.expect_errors
            .push(regex_lite::Regex::new(pattern).map_err(|e| format!("/{pattern}/: {e}")));
        self
    }

    /// The progress messages the step's apply reported, of every action it invoked, are
    /// exactly `messages`, in the order Terraform printed them (an [`Step::invoke`] step
    /// invokes one action; a configuration step invokes those its resources'
    /// `action_trigger`s name, as they change). `&[]` expects no progress at all. Read
    /// from `terraform apply -json` (`action_progress` lines), so a message is compared
    /// whole, as the provider sent it.
    ///
    /// The check also runs after a failure the step expects ([`Step::expect_error`]),
    /// with the progress reported before it: an action that fails halfway can be checked
    /// to have reported its first steps. The step needs Terraform 1.14 or later; with an
    /// older one it is skipped, saying so on stderr.
    pub fn expect_progress(self, messages: &[&str]) -> Step {
        self.action_check(ActionCheck::Progress {
            action: None,
            expected: messages.iter().map(|m| (*m).to_owned()).collect(),
        })
    }

    /// Some progress message of the step's actions matches the regular expression
    /// `pattern` (syntax of the `regex-lite` crate), for messages that hold what differs
    /// from run to run (times, generated names). Otherwise as [`Step::expect_progress`].
    pub fn expect_progress_matching(self, pattern: &str) -> Step {
        self.action_check(ActionCheck::ProgressMatching {
            action: None,
            pattern: regex_lite::Regex::new(pattern).map_err(|e| format!("/{pattern}/: {e}")),
        })
    }

    /// The progress messages of the action `action` (as `action.localfs_append.log`) in
    /// the step's apply are exactly `messages`, in order, over all its invocations: for
    /// actions a configuration step triggers (`lifecycle { action_trigger { ... } }`),
    /// where other actions may report too. Otherwise as [`Step::expect_progress`].
    ///
    /// ```no_run
    /// # fn provider() -> tfvalue_testing::TestProvider { unimplemented!() }
    /// use tfvalue_testing::{Step, Test};
    ///
    /// let config = |content: &str| {
    ///     format!(
    ///         r#"resource "localfs_file" "a" {{
    ///           path    = "a.txt"
    ///           content = "{content}"
    ///           lifecycle {{
    ///             action_trigger {{
    ///               events  = [after_create, after_update]
    ///               actions = [action.localfs_append.log]
    ///             }}
    ///           }}
    ///         }}
    ///
    ///         action "localfs_append" "log" {{
    ///           config {{
    ///             path  = "deploy.log"
    ///             lines = ["a.txt written"]
    ///           }}
    ///         }}"#
    ///     )
    /// };
    /// Test::new(&provider())
    ///     .step(
    ///         Step::config(config("one"))
    ///             .expect_action_progress("action.localfs_append.log", &["appended line 1 of 1 to deploy.log"]),
    ///     )
    ///     .step(
    ///         Step::config(config("two")).expect_action_invocations("action.localfs_append.log", 1),
    ///     )
    ///     .run();
    /// ```
    pub fn expect_action_progress(self, action: &str, messages: &[&str]) -> Step {
        self.action_check(ActionCheck::Progress {
            action: Some(action.to_owned()),
            expected: messages.iter().map(|m| (*m).to_owned()).collect(),
        })
    }

    /// The step's apply invoked the action `action` exactly `times` times (0: not at all,
    /// as when a change its `action_trigger` does not list leaves it alone). Otherwise as
    /// [`Step::expect_progress`].
    pub fn expect_action_invocations(self, action: &str, times: usize) -> Step {
        self.action_check(ActionCheck::Invocations {
            action: action.to_owned(),
            times,
        })
    }

    fn action_check(mut self, check: ActionCheck) -> Step {
        self.action_checks.push(check);
        self.requires = self.requires.max(Some(ACTIONS_RELEASE));
        self
    }

    /// Runs the step only with Terraform `major.minor` or later; with an older one it is
    /// skipped, and a line on stderr says so (where [`Step::only_if`] skips silently).
    /// Invoking actions, or expecting their progress, already requires 1.14.
    pub fn requires_terraform(mut self, major: u64, minor: u64) -> Step {
        self.requires = self.requires.max(Some((major, minor)));
        self
    }

    /// Whether the apply prints JSON (`-json`), for the action events.
    pub(crate) fn reads_actions(&self) -> bool {
        matches!(self.kind, Kind::Invoke { .. }) || !self.action_checks.is_empty()
    }

    /// The plan after the step must show changes: on a configuration or invoke step, the
    /// refreshing plan after the apply fails the step when it is empty (as
    /// terraform-plugin-testing's `ExpectNonEmptyPlan` does); on an import or refresh step,
    /// the plan after it is not checked for emptiness.
    pub fn expect_non_empty_plan(mut self) -> Step {
        self.expect_non_empty_plan = true;
        self
    }

    /// A check of the plan the step applies (made before the apply).
    pub fn plan_check(mut self, check: PlanCheck) -> Step {
        self.plan_checks.push(check);
        self
    }

    /// A check of the state after the step.
    pub fn check(mut self, check: StateCheck) -> Step {
        self.state_checks.push(check);
        self
    }

    /// A check of the test's own, with the workspace (to look at what the provider
    /// manages) and the state after the step; `description` names it in messages.
    pub fn check_with<F>(mut self, description: &str, check: F) -> Step
    where
        F: Fn(&Workspace, &serde_json::Value) -> Result<(), String> + Send + Sync + 'static,
    {
        self.custom_checks
            .push((description.to_owned(), Box::new(check)));
        self
    }

    /// Runs `hook` before the step (to change things behind Terraform's back, say).
    pub fn before<F>(mut self, hook: F) -> Step
    where
        F: Fn(&Workspace) + Send + Sync + 'static,
    {
        self.pre = Some(Box::new(hook));
        self
    }

    /// Runs `hook` right after the step's apply and its state checks, before the plans
    /// the step makes after the apply ([`Step::plan_check_after_apply`]): to change the
    /// real objects behind Terraform's back, so that the refreshing plan must find the
    /// drift and plan to put it right (with [`Step::expect_non_empty_plan`], as the plan
    /// is no longer empty then). For configuration and invoke steps. To only look at
    /// what the apply did, [`Step::check_with`] is the check.
    ///
    /// ```no_run
    /// # fn provider() -> tfvalue_testing::TestProvider { unimplemented!() }
    /// use tfvalue_testing::{plan, Step, Test};
    ///
    /// Test::new(&provider())
    ///     .step(
    ///         Step::config_with(|ws| {
    ///             format!(
    ///                 "provider \"localfs\" {{\n  root = {}\n}}\n\n{}",
    ///                 tfvalue_testing::hcl_string(&ws.path("files").display().to_string()),
    ///                 r#"resource "localfs_file" "a" {
    ///                   path    = "a.txt"
    ///                   content = "one"
    ///                 }"#,
    ///             )
    ///         })
    ///         // Behind Terraform's back: the refreshing plan must update the file.
    ///         .after_apply(|ws| std::fs::write(ws.path("files/a.txt"), "changed").unwrap())
    ///         .plan_check_after_apply_without_refresh(plan::no_op("localfs_file.a"))
    ///         .plan_check_after_apply(plan::updates("localfs_file.a"))
    ///         .expect_non_empty_plan(),
    ///     )
    ///     .run();
    /// ```
    pub fn after_apply<F>(mut self, hook: F) -> Step
    where
        F: Fn(&Workspace) + Send + Sync + 'static,
    {
        self.after_apply.hook = Some(Box::new(hook));
        self
    }

    /// A check of the plan the step makes after its apply (`terraform plan`, refreshing:
    /// the plan whose emptiness the step checks, and which shows what a
    /// [`Step::after_apply`] hook changed). For configuration and invoke steps; the plan
    /// is made (and checked) even with [`Step::expect_non_empty_plan`], which then only
    /// turns off the emptiness check.
    pub fn plan_check_after_apply(mut self, check: PlanCheck) -> Step {
        self.after_apply.plan_checks.push(check);
        self
    }

    /// A check of `terraform plan -refresh=false` made after the step's apply, before
    /// the refreshing plan: what the configuration would still change against the state
    /// the apply wrote, the real objects not read again. This plan must be empty too,
    /// unless [`Step::expect_non_empty_plan`]. For configuration and invoke steps.
    pub fn plan_check_after_apply_without_refresh(mut self, check: PlanCheck) -> Step {
        self.after_apply.plan_checks_without_refresh.push(check);
        self
    }

    /// Terraform must report a warning whose summary or detail matches the regular
    /// expression `pattern` (syntax of the `regex-lite` crate) while the step runs, in
    /// any [`WarningPhase`]. Called more than once, each pattern must match a warning.
    ///
    /// A step that expects warnings (or none, [`Step::expect_no_warnings`]) runs
    /// `terraform validate` before it plans (but an import step), and its plans and
    /// applies with `-json`, whose diagnostics carry their severity: its expected errors
    /// ([`Step::expect_error`]) are then matched against the readable text of the JSON
    /// lines. The check runs at the end of the step, with the warnings of every command
    /// it ran, also after an error it expects. For configuration, refresh, invoke and
    /// import-block steps (`terraform import` prints no JSON). The warning Terraform
    /// gives for the `dev_overrides` of a [`TestProvider::binary`](crate::TestProvider::binary)
    /// is the test's own, and left out.
    ///
    /// ```no_run
    /// # fn provider() -> tfvalue_testing::TestProvider { unimplemented!() }
    /// use tfvalue_testing::{Step, Test, WarningPhase};
    ///
    /// Test::new(&provider())
    ///     .step(
    ///         Step::config(
    ///             r#"resource "localfs_file" "a" {
    ///               path    = "a.txt"
    ///               content = "one"
    ///               mode    = "0600"
    ///             }"#,
    ///         )
    ///         .expect_warning_during(WarningPhase::Validate, "^Attribute Deprecated$")
    ///         .expect_warning("Use `permissions` instead"),
    ///     )
    ///     .step(
    ///         Step::config(
    ///             r#"resource "localfs_file" "a" {
    ///               path        = "a.txt"
    ///               content     = "one"
    ///               permissions = "0600"
    ///             }"#,
    ///         )
    ///         .expect_no_warnings(),
    ///     )
    ///     .run();
    /// ```
    pub fn expect_warning(self, pattern: &str) -> Step {
        self.warning(None, pattern)
    }

    /// [`Step::expect_warning`] in one phase: `WarningPhase::Validate` for a warning of
    /// the configuration's validation, `WarningPhase::Apply` for one the provider reports
    /// while it creates, updates or deletes.
    pub fn expect_warning_during(self, phase: WarningPhase, pattern: &str) -> Step {
        self.warning(Some(phase), pattern)
    }

    fn warning(mut self, phase: Option<WarningPhase>, pattern: &str) -> Step {
        self.warnings.expected.push(ExpectedWarning {
            phase,
            pattern: regex_lite::Regex::new(pattern).map_err(|e| format!("/{pattern}/: {e}")),
        });
        self
    }

    /// Terraform must report no warning at all while the step validates, plans and
    /// applies (read as for [`Step::expect_warning`]). A step that says neither does not
    /// look at warnings.
    pub fn expect_no_warnings(mut self) -> Step {
        self.warnings.none = true;
        self
    }

    /// Runs the step only with the Terraforms for which `condition` holds (as
    /// `|tf| tf.at_least(1, 8)` for provider functions).
    pub fn only_if<F>(mut self, condition: F) -> Step
    where
        F: Fn(&Terraform) -> bool + Send + Sync + 'static,
    {
        self.run_if = Some(Box::new(condition));
        self
    }

    /// What the step does, for messages.
    pub(crate) fn summary(&self) -> String {
        match &self.kind {
            Kind::Apply => "apply the configuration".to_owned(),
            Kind::Import {
                address,
                id,
                mode,
                persist,
                ..
            } => match mode {
                ImportMode::Command if *persist => {
                    format!("terraform import {address} {id:?} into the test's state")
                }
                ImportMode::Command => format!("terraform import {address} {id:?}"),
                ImportMode::Block => format!("import block: {address} from {id:?}"),
            },
            Kind::Query { generate, .. } => match generate {
                Some(_) => "terraform query -generate-config-out".to_owned(),
                None => "terraform query".to_owned(),
            },
            Kind::Refresh => "apply -refresh-only".to_owned(),
            Kind::Invoke { action } => format!("apply -invoke={action}"),
        }
    }
}
