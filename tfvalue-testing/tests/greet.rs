//! The crate's own test: a small provider served in-process, driven step by step with
//! every Terraform found, and failures that must be reported as failures.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use tfvalue::{IntoPlanned as _, Nullable, TfSchema, Unknown};
use tfvalue_provider::{
    ApplyError, ConfigureRequest, Context, CreateRequest, DeleteRequest, Diagnostic, Diagnostics,
    Provider, ReadRequest, Registry, Resource, UpdateRequest,
};
use tfvalue_testing::{plan, state, terraforms, Step, Test, TestProvider, WarningPhase};

const ADDRESS: &str = "example.com/tfvalue-testing/greet";

/// `provider "greet" { greeting = "Hello" }`.
#[derive(TfSchema)]
struct Config {
    greeting: Nullable<String>,
}

/// `greet_message`: a message kept only in the state.
#[derive(TfSchema, Debug)]
struct Message {
    /// Who to greet.
    name: Unknown<String>,
    /// Any labels, kept as given.
    labels: Nullable<std::collections::BTreeMap<String, String>>,
    /// The greeting.
    #[tf(computed)]
    text: Unknown<Nullable<String>>,
    /// Ignored: the provider's `greeting` says how to greet.
    #[tf(deprecation_message = "Set the provider's `greeting` instead.")]
    salutation: Nullable<String>,
}

struct Greet {
    /// Objects alive in the provider's "remote" world, for the destroy check.
    alive: Arc<AtomicUsize>,
}

struct Messages {
    alive: Arc<AtomicUsize>,
}

impl Provider for Greet {
    type Config = Config;
    type Data = String;

    fn register(&self, registry: &mut impl Registry<String>) {
        registry.resource(
            "greet_message",
            Messages {
                alive: Arc::clone(&self.alive),
            },
        );
    }

    async fn configure(
        &self,
        _: &mut Context<String>,
        ConfigureRequest { config, .. }: ConfigureRequest<Config>,
    ) -> Result<String, Diagnostics> {
        Ok(config.greeting.unwrap_or_else(|| "Hello".to_owned()))
    }
}

impl Resource for Messages {
    type Model = Message;
    type Data = String;

    async fn create(
        &self,
        ctx: &mut Context<String>,
        CreateRequest { planned, .. }: CreateRequest<Message>,
    ) -> Result<Message, ApplyError<Message>> {
        let mut message = planned.into_planned()?;
        message.text = Some(format!("{}, {}!", ctx.data()?, message.name)).into();
        warn_twice(ctx, &message.name);
        self.alive.fetch_add(1, Ordering::SeqCst);
        Ok(message.into())
    }

    async fn read(
        &self,
        _: &mut Context<String>,
        ReadRequest { state, .. }: ReadRequest<Message>,
    ) -> Result<Option<Message>, Diagnostics> {
        Ok(Some(state))
    }

    async fn update(
        &self,
        ctx: &mut Context<String>,
        UpdateRequest { planned, .. }: UpdateRequest<Message>,
    ) -> Result<Message, ApplyError<Message>> {
        let mut message = planned.into_planned()?;
        message.text = Some(format!("{}, {}!", ctx.data()?, message.name)).into();
        warn_twice(ctx, &message.name);
        Ok(message.into())
    }

    async fn delete(
        &self,
        _: &mut Context<String>,
        _: DeleteRequest<Message>,
    ) -> Result<(), ApplyError<Message>> {
        self.alive.fetch_sub(1, Ordering::SeqCst);
        Ok(())
    }
}

/// A warning of the apply, for the name `twice`.
fn warn_twice(ctx: &mut Context<String>, name: &str) {
    if name == "twice" {
        ctx.warn(
            Diagnostic::warning("Greeted twice")
                .with_detail("The name asks to be greeted twice; it was greeted once."),
        );
    }
}

fn provider(alive: &Arc<AtomicUsize>) -> TestProvider {
    let alive = Arc::clone(alive);
    TestProvider::in_process(ADDRESS, move || Greet {
        alive: Arc::clone(&alive),
    })
}

#[test]
fn steps_apply_update_and_destroy_in_process() {
    // Every Terraform version's run gets a provider of its own from the factory; they
    // share this counter, so the check below asks that all runs together delete
    // everything they created.
    let alive = Arc::new(AtomicUsize::new(0));
    let p = provider(&alive);
    Test::new(&p)
        .step(
            Step::config("resource \"greet_message\" \"m\" {\n  name = \"world\"\n}\n")
                .plan_check(plan::creates("greet_message.m"))
                .check(state::value("greet_message.m", ".text").equals("Hello, world!"))
                .check(state::value("greet_message.m", ".labels").is_null())
                .check(state::typed::<Message, _>("greet_message.m", |m| {
                    match m.text.as_known().and_then(|t| t.as_value()) {
                        Some(text) if text == "Hello, world!" => Ok(()),
                        other => Err(format!("text is {other:?}")),
                    }
                })),
        )
        .step(
            Step::config(
                "provider \"greet\" {\n  greeting = \"Hi\"\n}\n\nresource \"greet_message\" \"m\" {\n  name   = \"you\"\n  labels = { a = \"1\" }\n}\n",
            )
            .plan_check(plan::updates("greet_message.m"))
            .check(state::value("greet_message.m", ".text").matches("^Hi, you!$"))
            .check(state::value("greet_message.m", r#".labels["a"]"#).equals("1")),
        )
        .step(Step::refresh().check(state::exists("greet_message.m")))
        .run();
    assert_eq!(alive.load(Ordering::SeqCst), 0, "every message was deleted");
}

#[test]
fn expected_errors_match_and_invalid_configurations_fail() {
    let alive = Arc::new(AtomicUsize::new(0));
    Test::new(&provider(&alive))
        .step(
            Step::config("resource \"greet_message\" \"m\" {\n  nom = \"typo\"\n}\n")
                .expect_error("(?s)Unsupported argument.*nom"),
        )
        .run();
}

/// The failures a test must report, each with its context.
#[test]
fn failing_checks_are_reported_with_their_context() {
    let Some(tf) = terraforms().first() else {
        return;
    };
    let alive = Arc::new(AtomicUsize::new(0));
    let p = provider(&alive);
    let config = "resource \"greet_message\" \"m\" {\n  name = \"world\"\n}\n";

    let failure = Test::new(&p)
        .step(Step::config(config).check(state::value("greet_message.m", ".text").equals("Bye")))
        .run_one("value_mismatch", tf)
        .unwrap_err();
    assert_eq!(failure.step, Some(1));
    assert_eq!(failure.found, "found \"Hello, world!\"");
    let report = failure.to_string();
    for part in [
        &format!(
            "value_mismatch failed with Terraform {} at step 1",
            tf.version
        ),
        "check: greet_message.m.text equals \"Bye\"",
        ">   1 | resource \"greet_message\" \"m\" {",
        "$ terraform show -json",
    ] {
        assert!(report.contains(part), "{part:?} not in\n{report}");
    }
    assert!(failure.workspace.is_dir(), "the workspace is kept");
    std::fs::remove_dir_all(&failure.workspace).unwrap();

    let failure = Test::new(&p)
        .step(Step::config(config).plan_check(plan::updates("greet_message.m")))
        .run_one("plan_mismatch", tf)
        .unwrap_err();
    assert_eq!(failure.found, "its actions are [\"create\"]");
    std::fs::remove_dir_all(&failure.workspace).unwrap();

    let failure = Test::new(&p)
        .step(Step::config(
            "resource \"greet_message\" \"m\" {\n  name = 3\n  bad = 1\n}\n",
        ))
        .run_one("bad_config", tf)
        .unwrap_err();
    assert_eq!(failure.check, "terraform plan succeeds");
    assert!(
        failure.to_string().contains(">   3 |   bad = 1"),
        "{failure}"
    );
    std::fs::remove_dir_all(&failure.workspace).unwrap();

    let failure = Test::new(&p)
        .step(Step::config(config).expect_error("nothing like this"))
        .run_one("error_expected", tf)
        .unwrap_err();
    assert_eq!(failure.found, "it succeeded");
    std::fs::remove_dir_all(&failure.workspace).unwrap();

    let failure = Test::new(&p)
        .step(Step::config(config))
        .check_destroy(|_| Err("the object is still there".to_owned()))
        .run_one("destroy_check", tf)
        .unwrap_err();
    assert_eq!(failure.step, None);
    assert_eq!(failure.found, "the object is still there");
    std::fs::remove_dir_all(&failure.workspace).unwrap();
    assert_eq!(alive.load(Ordering::SeqCst), 0);
}

const DEPRECATED: &str =
    "resource \"greet_message\" \"m\" {\n  name       = \"world\"\n  salutation = \"Hey\"\n}\n";
const PLAIN: &str = "resource \"greet_message\" \"m\" {\n  name = \"world\"\n}\n";
const TWICE: &str = "resource \"greet_message\" \"m\" {\n  name = \"twice\"\n}\n";

#[test]
fn warnings_are_expected_by_phase_or_not_at_all() {
    let alive = Arc::new(AtomicUsize::new(0));
    Test::new(&provider(&alive))
        .step(
            Step::config(DEPRECATED)
                .expect_warning("^Attribute Deprecated$")
                .expect_warning_during(WarningPhase::Validate, "provider's `greeting`")
                .expect_warning_during(WarningPhase::Plan, "Deprecated"),
        )
        .step(Step::config(PLAIN).expect_no_warnings())
        .step(
            Step::config(TWICE)
                .expect_warning_during(WarningPhase::Apply, "^Greeted twice$")
                .expect_warning("greeted once"),
        )
        .step(Step::refresh().expect_no_warnings())
        .step(
            Step::config("resource \"greet_message\" \"m\" {\n  nom = \"typo\"\n}\n")
                .expect_error("Unsupported argument")
                .expect_no_warnings(),
        )
        .run();
    assert_eq!(alive.load(Ordering::SeqCst), 0);
}

#[test]
fn after_apply_hooks_and_plan_checks_run_between_apply_and_the_plans_after() {
    let alive = Arc::new(AtomicUsize::new(0));
    let seen = Arc::new(AtomicUsize::new(0));
    let counted = Arc::clone(&seen);
    let alive_now = Arc::clone(&alive);
    Test::new(&provider(&alive))
        .step(
            Step::config(PLAIN)
                .after_apply(move |_| {
                    counted.store(alive_now.load(Ordering::SeqCst), Ordering::SeqCst);
                })
                .plan_check_after_apply_without_refresh(plan::no_op("greet_message.m"))
                .plan_check_after_apply(plan::empty()),
        )
        .run();
    assert!(
        seen.load(Ordering::SeqCst) >= 1,
        "the hook ran after the create"
    );
}

/// Each failure of the warning checks and the after-apply steps, as reported.
#[test]
fn warning_and_after_apply_failures_are_reported() {
    let Some(tf) = terraforms().first() else {
        return;
    };
    let alive = Arc::new(AtomicUsize::new(0));
    let p = provider(&alive);
    let run = |name: &str, step: Step| {
        let failure = Test::new(&p).step(step).run_one(name, tf).unwrap_err();
        std::fs::remove_dir_all(&failure.workspace).unwrap();
        failure
    };

    let failure = run(
        "no_warning",
        Step::config(PLAIN).expect_warning("Attribute Deprecated"),
    );
    assert_eq!(
        failure.check,
        "Terraform warns during the step with a summary or detail matching /Attribute Deprecated/"
    );
    assert_eq!(failure.found, "no warnings at all");
    assert_eq!(failure.step, Some(1));

    let failure = run(
        "wrong_phase",
        Step::config(TWICE).expect_warning_during(WarningPhase::Validate, "Greeted"),
    );
    assert_eq!(
        failure.check,
        "Terraform warns during validate with a summary or detail matching /Greeted/"
    );
    let listed = "no such warning; the warnings were:\n  apply, greet_message.m, main.tf line 1: \"Greeted twice\" (\"The name asks to be greeted twice; it was greeted once.\")";
    assert_eq!(failure.found, listed);
    let report = failure.to_string();
    assert!(
        report.contains("at step 1 (apply the configuration)")
            && report.contains(">   1 | resource \"greet_message\" \"m\" {"),
        "{report}"
    );

    let failure = run("unwanted", Step::config(DEPRECATED).expect_no_warnings());
    assert_eq!(
        failure.check,
        "Terraform reports no warnings during the step"
    );
    assert!(
        failure.found.contains(
            " warning(s):\n  validate, greet_message.m, main.tf line 3: \"Attribute Deprecated\""
        ),
        "{}",
        failure.found
    );

    let failure = run("bad_pattern", Step::config(PLAIN).expect_warning("("));
    assert_eq!(
        failure.check,
        "the expected warning is a regular expression"
    );
    assert!(failure.found.starts_with("/(/: "), "{}", failure.found);

    let failure = run(
        "both",
        Step::config(PLAIN).expect_warning("x").expect_no_warnings(),
    );
    assert_eq!(
        failure.check,
        "a step expects warnings or no warnings, not both"
    );

    let failure = Test::new(&p)
        .step(Step::config(PLAIN))
        .step(Step::import("greet_message.m", "world").expect_no_warnings())
        .run_one("import_command", tf)
        .unwrap_err();
    std::fs::remove_dir_all(&failure.workspace).unwrap();
    assert_eq!(failure.step, Some(2));
    assert_eq!(
        failure.found,
        "a `terraform import` step, whose output has no JSON diagnostics"
    );

    // A query step (Terraform 1.14 and later) is refused before it runs.
    if let Some(tf) = terraforms().iter().find(|tf| tf.at_least(1, 14)) {
        let failure = Test::new(&p)
            .step(
                Step::query("list \"greet_message\" \"all\" {\n  provider = greet\n}\n")
                    .expect_no_warnings(),
            )
            .run_one("query", tf)
            .unwrap_err();
        std::fs::remove_dir_all(&failure.workspace).unwrap();
        assert_eq!(failure.found, "a `terraform query` step");
    }

    let failure = Test::new(&p)
        .step(Step::config(PLAIN))
        .step(Step::refresh().after_apply(|_| {}))
        .run_one("refresh_hook", tf)
        .unwrap_err();
    std::fs::remove_dir_all(&failure.workspace).unwrap();
    assert_eq!(
        failure.check,
        "an after_apply hook or a plan check after the apply is on a configuration or invoke step"
    );
    assert_eq!(failure.found, "a step that does apply -refresh-only");

    // A step that expects a non-empty plan fails when the plan after it is empty.
    let failure = run("settled", Step::config(PLAIN).expect_non_empty_plan());
    assert_eq!(
        failure.check,
        "after applying the step, a new plan has changes (the step expects a non-empty plan)"
    );
    assert_eq!(failure.found, "the plan is empty");

    let failure = run(
        "after_refresh",
        Step::config(PLAIN).plan_check_after_apply(plan::updates("greet_message.m")),
    );
    assert_eq!(
        failure.check,
        "after the apply, a new plan: the plan shows greet_message.m updated in place"
    );
    assert_eq!(failure.found, "its actions are [\"no-op\"]");
    assert!(
        failure
            .to_string()
            .contains("$ terraform show -no-color after.tfplan"),
        "{failure}"
    );

    let failure = run(
        "without_refresh",
        Step::config(PLAIN)
            .plan_check_after_apply_without_refresh(plan::creates("greet_message.m")),
    );
    assert_eq!(
        failure.check,
        "after the apply, a new plan without refresh (`plan -refresh=false`): the plan shows greet_message.m created"
    );
    assert_eq!(failure.found, "its actions are [\"no-op\"]");
    assert_eq!(alive.load(Ordering::SeqCst), 0);

    // A hook that makes Terraform forget the message: the plans after the apply would
    // create it again. (The forgotten messages are never deleted: a counter of their own.)
    let forgotten = Arc::new(AtomicUsize::new(0));
    let p = provider(&forgotten);
    let forget = |ws: &tfvalue_testing::Workspace| {
        ws.run_ok(&["state", "rm", "greet_message.m"]);
    };
    let failure = Test::new(&p)
        .step(Step::config(PLAIN).after_apply(forget))
        .run_one("forgotten", tf)
        .unwrap_err();
    std::fs::remove_dir_all(&failure.workspace).unwrap();
    assert_eq!(
        failure.check,
        "after applying the step, a new plan is empty"
    );
    assert_eq!(failure.found, "planned changes:\n  greet_message.m: create");
    let failure = Test::new(&p)
        .step(
            Step::config(PLAIN)
                .after_apply(forget)
                .plan_check_after_apply_without_refresh(plan::creates("greet_message.m")),
        )
        .run_one("forgotten_without_refresh", tf)
        .unwrap_err();
    std::fs::remove_dir_all(&failure.workspace).unwrap();
    assert_eq!(
        failure.check,
        "after applying the step, a new plan without refresh (`plan -refresh=false`) is empty"
    );
    assert!(
        failure
            .to_string()
            .contains("$ terraform show -no-color after-no-refresh.tfplan"),
        "{failure}"
    );

    // A hook that changes the configuration into one whose plan fails (the final
    // destroy writes the applied configuration back).
    let break_config = |ws: &tfvalue_testing::Workspace| {
        ws.write_main(
            "resource \"greet_message\" \"m\" {\n  name = file(\"/nonexistent/name\")\n}\n",
        );
    };
    let failure = run("broken", Step::config(PLAIN).after_apply(break_config));
    assert_eq!(failure.check, "the plan after the apply succeeds");
    assert_eq!(failure.found, "terraform plan failed");
    let failure = run(
        "broken_without_refresh",
        Step::config(PLAIN)
            .after_apply(break_config)
            .plan_check_after_apply_without_refresh(plan::empty()),
    );
    assert_eq!(
        failure.check,
        "after the apply, a new plan without refresh (`plan -refresh=false`) succeeds"
    );
    assert!(failure.to_string().contains("-refresh=false"), "{failure}");
    assert_eq!(alive.load(Ordering::SeqCst), 0);

    // A hook that leaves a configuration Terraform cannot parse: the final destroy reads the
    // state and destroys with the applied configuration, so no object is left behind.
    let failure = run(
        "unparsable",
        Step::config(PLAIN).after_apply(|ws| ws.write_main("resource \"greet_message\" \"m\" {\n")),
    );
    assert_eq!(failure.check, "the plan after the apply succeeds");
    assert_eq!(alive.load(Ordering::SeqCst), 0);
}
