//! Acceptance tests for providers built with `tfvalue-provider`: the real Terraform CLI
//! applies configurations step by step, and each step's plan and state are checked.
//!
//! ```no_run
//! # mod files {
//! #     #[derive(tfvalue::TfSchema)]
//! #     pub struct Config { pub root: tfvalue::Nullable<String> }
//! #     pub struct Files;
//! #     impl tfvalue_provider::Provider for Files {
//! #         type Config = Config; type Data = ();
//! #         fn register(&self, _: &mut impl tfvalue_provider::Registry<()>) {}
//! #         async fn configure(&self, _: &mut tfvalue_provider::Context<()>, _: tfvalue_provider::ConfigureRequest<Config>) -> Result<(), tfvalue_provider::Diagnostics> { Ok(()) }
//! #     }
//! # }
//! use tfvalue_testing::{plan, state, Step, Test, TestProvider};
//!
//! #[test]
//! fn a_file_is_written_then_changed_in_place() {
//!     // The provider runs inside the test; Terraform attaches to it.
//!     let provider = TestProvider::in_process("registry.terraform.io/acme/files", || files::Files);
//!     Test::new(&provider)
//!         .step(
//!             Step::config(
//!                 r#"resource "files_file" "a" {
//!                   path    = "a.txt"
//!                   content = "one"
//!                 }"#,
//!             )
//!                 .plan_check(plan::creates("files_file.a"))
//!                 .check(state::value("files_file.a", ".content").equals("one"))
//!                 .check(state::value("files_file.a", ".id").matches("^[0-9a-f]{16}$")),
//!         )
//!         .step(
//!             Step::config(
//!                 r#"resource "files_file" "a" {
//!                   path    = "a.txt"
//!                   content = "two"
//!                 }"#,
//!             )
//!                 .plan_check(plan::updates("files_file.a")),
//!         )
//!         .step(Step::import("files_file.a", "a.txt"))
//!         .run();
//! }
//! ```
//!
//! # What a test does
//!
//! [`Test::run`] runs the steps once per Terraform found, the versions in parallel, each
//! in a fresh [`Workspace`]. Each configuration step plans (`plan -out`), runs its
//! [`plan`] checks on that plan, applies it, runs its [`state`] checks, and then checks
//! that a new plan is empty (a provider whose plans do not settle fails there;
//! [`Step::expect_non_empty_plan`] expects changes instead). [`Step::expect_error`] expects the plan or
//! the apply to fail with a matching error instead. [`Step::import`] imports into a state
//! of its own (by `terraform import` or an `import` block) and compares the imported
//! resource with the applied one. [`Step::import_by_identity`] imports through an
//! `import` block naming the resource's identity (Terraform 1.12 and later), and
//! [`Step::generate_config`] has Terraform write the imported resource's configuration,
//! which must plan as an import that changes nothing. [`Step::query`] runs `terraform
//! query` (1.14 and later) and checks what its `list` blocks found ([`query`]); the
//! [`state`] checks read identities too. [`Step::refresh`] runs `apply -refresh-only`.
//! [`Step::invoke`] invokes an action alone (`-invoke`, Terraform 1.14 and later), and
//! [`Step::expect_progress`] or [`Step::expect_action_progress`] check the progress
//! messages actions report, invoked or triggered by a resource's change; steps that need
//! a newer Terraform than the one running are skipped with a notice
//! ([`Step::requires_terraform`], [`Test::requires_terraform`]). At the
//! end, everything is destroyed and the state must be empty ([`Test::check_destroy`]
//! adds a check that the real objects are gone).
//!
//! [`Step::expect_warning`], [`Step::expect_warning_during`] and
//! [`Step::expect_no_warnings`] check the warnings Terraform reports while a step
//! validates, plans and applies (read from `-json` diagnostics). [`Step::after_apply`]
//! runs a hook between the apply and the plans after it (to change a real object behind
//! Terraform's back), and [`Step::plan_check_after_apply`] and
//! [`Step::plan_check_after_apply_without_refresh`] check those plans. A passing test
//! prints one line naming the Terraform versions it ran with.
//!
//! A failure panics with everything needed to understand it: the test, the Terraform
//! version, the step, the check and what was found, the step's configuration with line
//! numbers (the line Terraform's error names, or the checked resource's block, marked),
//! and the output of the Terraform command involved. The workspace is kept; its path is
//! printed.
//!
//! # Finding Terraform
//!
//! `terraform` on `PATH`, then every executable listed in `TFVALUE_TERRAFORM_EXTRA`
//! (separated by `:`); one run per distinct version ([`terraforms`]). [`Test::terraforms`]
//! names them explicitly ([`Terraform::at`]). With none found, a test prints a loud
//! notice to stderr and passes, unless `CI` is set (and not `false` or `0`): then it
//! fails. `tofu` on `PATH`, or listed there, runs the tests too: it is told from
//! Terraform by its `version -json` ([`Terraform::cli`]), and its workspaces name the
//! provider on OpenTofu's registry ([`Cli::provider_address`]).
//!
//! # The provider under test
//!
//! [`TestProvider::in_process`] serves the provider from the test process on a debug
//! server (`tfvalue_provider::debug::DebugServer`); Terraform attaches to it through
//! `TF_REATTACH_PROVIDERS`, so no executable is built and a debugger or `dbg!` works in
//! the provider's code. [`TestProvider::binary`] runs a built executable (in an
//! integration test, `env!("CARGO_BIN_EXE_terraform-provider-files")`) through a
//! `dev_overrides` CLI configuration. Neither needs `terraform init` or a network.
//!
//! # Record and replay
//!
//! [`TestProvider::record_to`] records every RPC Terraform sends the provider, and its
//! answer, to a cassette file (secrets redacted); [`Cassette::replay`] sends the recorded
//! requests again to the provider in process, without Terraform, and reports each answer
//! that changed by attribute path.
//!
//! # The low level
//!
//! [`each_terraform`] and [`Workspace`] are what [`Test`] is built on, for tests that
//! need more than steps (signals, concurrent commands, reading logs): a workspace runs
//! any Terraform command and has helpers for plan, apply, import and the state.
#![deny(missing_docs)]

mod actions;
mod attr_path;
mod cassette;
mod discovery;
mod failure;
mod import_step;
mod opentofu;
mod output;
pub mod plan;
pub mod query;
mod query_step;
mod schema_guard;
mod show_json;
pub mod state;
mod step;
mod test_case;
mod test_provider;
mod value_test;
mod warnings;
mod workspace;

pub use attr_path::{AttrPath, Step as PathStep};
pub use cassette::{Cassette, CassetteError, ReplayError, Replayed};
pub use discovery::{each_terraform, each_terraform_of, in_ci, terraforms, Terraform, EXTRA_VAR};
pub use failure::Failure;
pub use opentofu::{Cli, OPENTOFU_REGISTRY, TERRAFORM_REGISTRY};
pub use output::{hcl_string, output_text, stdout_text};
pub use schema_guard::SchemaGuard;
pub use step::Step;
pub use test_case::Test;
pub use test_provider::TestProvider;
pub use warnings::WarningPhase;
pub use workspace::{Workspace, COMMAND_DEADLINE, MAIN_FILE, PROVIDERS_FILE, TF_LOG_VAR};

/// The JSON library whose `Value` the checks read ([`Step::check_with`] closures, the
/// [`state`] functions): re-exported so that a test names `tfvalue_testing::serde_json::Value`
/// without a dependency of its own.
pub use serde_json;
