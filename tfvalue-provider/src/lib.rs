//! Serve `tfvalue`-derived models to Terraform as a provider plugin (protocol 6).
//!
//! Declare each model once with `#[derive(TfSchema)]`; implement [`Provider`] for the
//! provider block, [`Resource`] for each managed resource type, [`DataSource`] for each
//! data source, [`EphemeralResource`] for each ephemeral resource and [`Function`] for each
//! provider function (typed arguments and result, `provider::<name>::<function>(...)` in
//! configuration); call [`serve`] from `main`, and declare [`Allocator`] as the global
//! allocator beside it (fast on large states). The framework does the rest: the go-plugin
//! handshake and mutual TLS with Terraform, the gRPC protocol, decoding and encoding every
//! value (errors point at the attribute in the user's configuration), the default plan
//! (computed attributes become "known after apply"), replacement, private state, state
//! upgrades ([`Resource::upgrades`], [`Resource::repair_state`]), destroy, and write-only
//! attributes (`#[tf(write_only)]`: seen in the configuration, always null in every plan
//! and state the provider answers). [`Timeouts`] is the usual `timeouts` block, with Go
//! durations ([`parse_duration`]). A resource type may have an identity
//! ([`ResourceIdentity`]: a typed model made from the state, answered in every RPC, never
//! changed once set, importable by) and a list resource ([`ListResource`]: its objects
//! streamed to `terraform query`). An [`Action`] (Terraform 1.14 and later) is invoked by
//! a resource's `action_trigger` or `terraform apply -invoke`, and streams its
//! [`Progress`] to Terraform as it runs.
//!
//! ```
//! use std::process::ExitCode;
//! use tfvalue::{IntoPlanned as _, Nullable, TfSchema, Unknown};
//! use tfvalue_provider::{
//!     ApplyError, ConfigureRequest, Context, CreateRequest, DeleteRequest, Diagnostics, Provider,
//!     ReadRequest, Registry, Resource, UpdateRequest,
//! };
//!
//! /// The provider block: `provider "greet" { greeting = "Hello" }`.
//! #[derive(TfSchema)]
//! struct Config {
//!     greeting: Nullable<String>,
//! }
//!
//! /// A `greet_message` resource: a message kept nowhere but in Terraform's state.
//! #[derive(TfSchema)]
//! struct Message {
//!     /// Who to greet.
//!     name: Unknown<String>,
//!     /// The greeting, computed by the provider.
//!     #[tf(computed)]
//!     text: Unknown<Nullable<String>>,
//! }
//!
//! struct Greet;
//! struct Messages;
//!
//! impl Provider for Greet {
//!     type Config = Config;
//!     type Data = String; // the greeting every resource uses
//!
//!     fn register(&self, registry: &mut impl Registry<String>) {
//!         registry.resource("greet_message", Messages);
//!     }
//!
//!     async fn configure(
//!         &self,
//!         _: &mut Context<String>,
//!         request: ConfigureRequest<Config>,
//!     ) -> Result<String, Diagnostics> {
//!         Ok(request.config.greeting.unwrap_or_else(|| "Hello".to_owned()))
//!     }
//! }
//!
//! impl Resource for Messages {
//!     type Model = Message;
//!     type Data = String;
//!
//!     async fn create(
//!         &self,
//!         ctx: &mut Context<String>,
//!         request: CreateRequest<Message>,
//!     ) -> Result<Message, ApplyError<Message>> {
//!         // `MessagePlanned`: what was configured is known (`name` is a String), computed
//!         // attributes are as planned (`text` is unknown), for create to fill in.
//!         let mut message = request.planned.into_planned()?;
//!         message.text = Some(format!("{}, {}!", ctx.data()?, message.name)).into();
//!         Ok(message.into())
//!     }
//!
//!     async fn read(
//!         &self,
//!         _: &mut Context<String>,
//!         request: ReadRequest<Message>,
//!     ) -> Result<Option<Message>, Diagnostics> {
//!         Ok(Some(request.state))
//!     }
//!
//!     async fn update(
//!         &self,
//!         ctx: &mut Context<String>,
//!         request: UpdateRequest<Message>,
//!     ) -> Result<Message, ApplyError<Message>> {
//!         let UpdateRequest { planned, config, .. } = request;
//!         self.create(ctx, CreateRequest::new(planned, config)).await
//!     }
//!
//!     async fn delete(
//!         &self,
//!         _: &mut Context<String>,
//!         _: DeleteRequest<Message>,
//!     ) -> Result<(), ApplyError<Message>> {
//!         Ok(())
//!     }
//! }
//!
//! // A provider's `main` is `tfvalue_provider::serve(Greet)`. Run by hand rather than by
//! // Terraform, it explains that it is a plugin and fails:
//! assert_eq!(tfvalue_provider::serve(Greet), ExitCode::FAILURE);
//! ```
//!
//! Writing a provider step by step: the [`guide`]; a complete
//! provider that manages files: `examples/localfs` in the repository.
//!
//! # Logging
//!
//! Log with `tracing`'s macros (`tracing::warn!(path = %rel, "file changed outside
//! Terraform")`). [`serve`] installs a subscriber that writes each event to stderr as one
//! go-hclog JSON line ([`HclogLayer`]), which Terraform files in its log under the
//! event's own level: with `TF_LOG=WARN`, the provider's warnings and errors appear and
//! nothing below them. The provider reads the level from `TF_LOG_PROVIDER`, else `TF_LOG`
//! (which Terraform passes on), as Terraform does: `TRACE`, `DEBUG`, `INFO`, `WARN`,
//! `ERROR`, `OFF`; `JSON` or any other value means `TRACE`; unset means `INFO`.
//!
//! | `TF_LOG` | what the provider adds to Terraform's log |
//! |---|---|
//! | `ERROR` | the provider's errors; each error diagnostic of an answer |
//! | `WARN` | and its warnings; each warning diagnostic |
//! | `INFO`, `DEBUG` | and its events at those levels |
//! | `TRACE` | and "Received request" / "Served request" for every RPC, and the values of plans, applies and reads with every sensitive or write-only attribute shown as `"(sensitive value)"` |
//!
//! Every line logged during an RPC, the provider's own included, carries the call's
//! fields under the keys Go providers use: `tf_rpc` (`PlanResourceChange`), `tf_req_id` (a
//! fresh UUID per call), `tf_proto_version`, and `tf_resource_type`,
//! `tf_data_source_type`, `tf_ephemeral_resource_type` or `tf_function_name` when the
//! request names one. A line's `@module` is `provider`; an event whose target is
//! `provider.<name>` (`tracing::info!(target: "provider.api", ...)`) gets the module
//! `provider.<name>`, as terraform-plugin-log names subsystems. A provider that installs
//! its own `tracing` subscriber before calling [`serve`] keeps it (add [`HclogLayer`] to it
//! for Terraform to read its lines at their levels).
#![deny(missing_docs)]

// The layers, each using only those declared before it (checked by tests/project/module_graph.rs).
// What provider authors implement and call:
mod author;
// the protocol's messages, their conversion from and to the wire, the value codec:
mod protocol;
// the log format Terraform reads:
mod logging;
// the engine, which answers each RPC by calling the author's types:
mod engine;
// the transport, which serves it all to Terraform:
mod transport;
// the harness, which calls the engine in-process, for authors' unit tests:
pub mod harness;
// and the guide, documentation only.
pub mod guide;

#[cfg(test)]
mod service_tests;

#[doc(hidden)]
pub mod __private;

/// The generated protocol types (tonic and prost), for the crate's own transport tests.
///
/// Unstable: not part of the public API. It changes with the protocol version and with
/// tonic and prost, without notice; a provider never needs it.
#[doc(hidden)]
pub mod __unstable_proto {
    pub use crate::protocol::proto::{plugin, tfplugin6};

    /// Every method of the `tfplugin6.Provider` service, in the order `tfplugin6.proto`
    /// declares them.
    pub const PROVIDER_METHODS: [&str; 36] = [
        "GetMetadata",
        "GetProviderSchema",
        "ValidateProviderConfig",
        "ValidateResourceConfig",
        "ValidateDataResourceConfig",
        "UpgradeResourceState",
        "GetResourceIdentitySchemas",
        "UpgradeResourceIdentity",
        "ConfigureProvider",
        "ReadResource",
        "PlanResourceChange",
        "ApplyResourceChange",
        "ImportResourceState",
        "MoveResourceState",
        "ReadDataSource",
        "GenerateResourceConfig",
        "ValidateEphemeralResourceConfig",
        "OpenEphemeralResource",
        "RenewEphemeralResource",
        "CloseEphemeralResource",
        "ListResource",
        "ValidateListResourceConfig",
        "GetFunctions",
        "CallFunction",
        "ValidateStateStoreConfig",
        "ConfigureStateStore",
        "ReadStateBytes",
        "WriteStateBytes",
        "LockState",
        "UnlockState",
        "GetStates",
        "DeleteState",
        "PlanAction",
        "InvokeAction",
        "ValidateActionConfig",
        "StopProvider",
    ];
}

pub use author::action::{Action, Progress};
pub use author::allocator::Allocator;
pub use author::apply_error::ApplyError;
pub use author::context::Context;
pub use author::data_source::DataSource;
pub use author::diagnostics::{Diagnostic, Diagnostics, ErrorSummary, Severity};
pub use author::ephemeral_resource::{EphemeralResource, Opened};
pub use author::function::{Function, Signature};
pub use author::function_args::{FunctionArgs, LastArgument, Variadic};
pub use author::function_error::FunctionError;
pub use author::go_duration::{parse_duration, DurationError};
pub use author::identity::{identity_by_name, state_by_name, ResourceIdentity};
pub use author::list_resource::{ListResource, ListResults, Listed};
pub use author::model::Model;
pub use author::move_state::MovedState;
pub use author::private::Private;
pub use author::provider::Provider;
pub use author::registry::{Registry, ResourceRegistration};
pub use author::requests::{
    ActionInvokeRequest, ActionPlanRequest, ConfigureRequest, CreateRequest, DeleteRequest,
    ImportRequest, OpenRequest, ReadDataSourceRequest, ReadRequest, UpdateRequest, ValidateRequest,
};
pub use author::resource::{Plan, Resource};
pub use author::stop::{StopSignal, StopToken, Stopped};
pub use author::timeouts::{Timeouts, TimeoutsField, TimeoutsKnown, TimeoutsPlanned};
pub use engine::stored::{stored_schemas, StoredIdentity, StoredSchema};
pub use logging::HclogLayer;
pub use transport::debug;
pub use transport::record::{CASSETTE_FORMAT, RECORD_VAR};
pub use transport::schema_json::providers_schema_json;

/// Runs the provider as a Terraform plugin: the whole `main` of a provider executable.
///
/// Registers the provider's types (a mistake there is reported on stderr; started by
/// Terraform, the provider then answers every RPC with it as an error diagnostic, which
/// Terraform shows; run otherwise, it exits with code 1), checks that Terraform started
/// the process, performs the go-plugin handshake and serves
/// protocol 6 over mutual TLS until Terraform shuts the plugin down.
///
/// Started with `-debug`/`--debug` or with `TFVALUE_PROVIDER_DEBUG=1`, it serves in debug
/// mode instead, which needs the provider's source address: use [`serve_with`].
/// Run with `--schema-json` (by hand, or by a documentation generator), it prints the
/// provider's whole schema as `terraform providers schema -json` prints it and exits
/// instead (see [`providers_schema_json`]; `--provider-address` and
/// `--terraform-version` choose the address and the release whose output it reproduces).
/// With [`RECORD_VAR`] (`TFVALUE_RECORD`) set to a path, every call it serves is also
/// appended to the cassette file there, for `tfvalue_testing::Cassette` to replay.
pub fn serve<P: Provider>(provider: P) -> std::process::ExitCode {
    serve_with(provider, ServeOptions::new())
}

/// How [`serve_with`] serves a provider.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct ServeOptions {
    address: Option<String>,
}

impl ServeOptions {
    /// No options: what [`serve`] uses.
    pub fn new() -> ServeOptions {
        ServeOptions::default()
    }

    /// The provider's source address, as users write it in `required_providers`, e.g.
    /// `registry.terraform.io/acme/files`. Debug mode names the provider by it in the
    /// `TF_REATTACH_PROVIDERS` line it prints.
    pub fn address(mut self, address: impl Into<String>) -> ServeOptions {
        self.address = Some(address.into());
        self
    }
}

/// [`serve`] with options: the whole `main` of a provider executable that also offers
/// debug mode.
///
/// Started by Terraform, it serves as [`serve`] does. Started with `-debug` or `--debug`
/// on the command line (the flag Go providers use), or with `TFVALUE_PROVIDER_DEBUG` set
/// to anything but empty, `0` or `false`, it serves without Terraform: plain gRPC on a
/// unix socket, and prints to stdout
///
/// ```text
/// Provider started. To attach Terraform CLI, set the TF_REATTACH_PROVIDERS environment variable with the following:
///
///     TF_REATTACH_PROVIDERS='{"registry.terraform.io/acme/files":{"Protocol":"grpc","ProtocolVersion":6,"Pid":4242,"Test":true,"Addr":{"Network":"unix","String":"/tmp/…/plugin.sock"}}}'
/// ```
///
/// Export that variable in another shell and every `terraform` command there talks to
/// this process (run under a debugger if you like) instead of starting the provider;
/// Ctrl-C or SIGTERM stops it. The address must be set ([`ServeOptions::address`]) and
/// must match the provider's `source` in `required_providers`.
///
/// ```no_run
/// # #[derive(tfvalue::TfSchema)]
/// # struct Config { root: tfvalue::Nullable<String> }
/// # struct Files;
/// # impl tfvalue_provider::Provider for Files {
/// #     type Config = Config; type Data = ();
/// #     fn register(&self, _: &mut impl tfvalue_provider::Registry<()>) {}
/// #     async fn configure(&self, _: &mut tfvalue_provider::Context<()>, _: tfvalue_provider::ConfigureRequest<Config>) -> Result<(), tfvalue_provider::Diagnostics> { Ok(()) }
/// # }
/// use tfvalue_provider::ServeOptions;
///
/// fn main() -> std::process::ExitCode {
///     let options = ServeOptions::new().address("registry.terraform.io/acme/files");
///     tfvalue_provider::serve_with(Files, options)
/// }
/// ```
pub fn serve_with<P: Provider>(provider: P, options: ServeOptions) -> std::process::ExitCode {
    match transport::server::ProviderService::serving(provider) {
        (service, problems) if problems.is_empty() => {
            transport::main::run_recorded_if_asked(service, options.address.as_deref())
        }
        (refusing, problems) => {
            eprintln!("The provider cannot start; its types are declared wrongly:");
            for problem in problems {
                eprintln!("  - {problem}");
            }
            // Started by Terraform, the provider serves the problems as the error of every
            // RPC: Terraform shows them, where an exit would show only "Unrecognized remote
            // plugin message".
            if transport::main::started_by_terraform() {
                transport::main::run_with(refusing, options.address.as_deref())
            } else {
                std::process::ExitCode::FAILURE
            }
        }
    }
}

/// The repository README's Rust snippets, compiled as doc tests of this crate (which has
/// every crate they use), so that the first code a reader sees cannot rot.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeSnippets;
