//! The crate's own test: a small provider served in-process, driven step by step with
//! every Terraform found, and failures that must be reported as failures.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use tfvalue::{IntoPlanned as _, Nullable, TfSchema, Unknown};
use tfvalue_provider::{
    ApplyError, ConfigureRequest, Context, CreateRequest, DeleteRequest, Diagnostics, Provider,
    ReadRequest, Registry, Resource, UpdateRequest,
};
use tfvalue_testing::{plan, state, terraforms, Step, Test, TestProvider};

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
