//! A guide to writing a provider: from an empty crate to a tested, documented provider.
//!
//! The provider built here, `greet`, keeps greeting messages in Terraform's state:
//! `resource "greet_message" "a" { name = "world" }` gets the computed `text`
//! `"Hello, world!"`. It is small enough to read in one sitting and meets each part of the
//! API once. `examples/localfs` in the repository is a complete provider that manages
//! real files (blocks, sets, maps, a dynamic value, drift); `examples/random` ports
//! hashicorp/terraform-provider-random.
//!
//! Every Rust snippet below is a test of this crate: it compiles, and it runs unless it
//! is a provider's `main`.
//!
//! (Why one file: it is one page, read from top to bottom, each section building on the
//! ones before; it holds documentation only.)
//!
//! # Set up the crate
//!
//! The crates are not published on crates.io: depend on them by path, from a checkout of
//! the repository. A provider is a binary crate named `terraform-provider-<name>` (the
//! name Terraform looks for), built with Rust 1.95 or later and a C compiler (aws-lc, the
//! cryptography under the TLS, and mimalloc, the allocator, are C): the first build
//! compiles about 150 crates, a few minutes.
//!
//! ```sh
//! git clone https://github.com/tfvalue/tfvalue ~/tfvalue    # the checkout
//! TFVALUE=~/tfvalue
//! cargo new terraform-provider-greet && cd terraform-provider-greet
//! cargo add tfvalue --path $TFVALUE/tfvalue
//! cargo add tfvalue-provider --path $TFVALUE/tfvalue-provider
//! cargo add serde --features derive            # typed private state, old state models
//! cargo add tokio --features macros,rt,time    # waiting in the provider; #[tokio::test]
//! cargo add --dev tfvalue-testing --path $TFVALUE/tfvalue-testing
//! ```
//!
//! Write the provider in `src/lib.rs` (create it beside the `main.rs` that `cargo new` made;
//! `main.rs` reaches it as `terraform_provider_<name>::...`) and leave `src/main.rs` one call
//! and the allocator.
//! Tests in `tests/` see only a crate's library, so this split is what lets them reach the
//! provider's types (the other way: tests in a `#[cfg(test)] mod tests` inside the binary).
//! [`Allocator`](crate::Allocator) serves small blocks from mimalloc: decoding a large state
//! allocates a block per string, and glibc's allocator took some 40 % of that time.
//!
//! ```no_run
//! // src/main.rs
//! use std::process::ExitCode;
//!
//! #[global_allocator]
//! static ALLOCATOR: tfvalue_provider::Allocator = tfvalue_provider::Allocator;
//!
//! fn main() -> ExitCode {
//!     tfvalue_provider::serve(terraform_provider_greet::Greet)
//! }
//! # mod terraform_provider_greet {
//! #     use tfvalue_provider::{ConfigureRequest, Context, Diagnostics, Provider, Registry};
//! #     #[derive(tfvalue::TfSchema)]
//! #     pub struct Config {}
//! #     pub struct Greet;
//! #     impl Provider for Greet {
//! #         type Config = Config;
//! #         type Data = ();
//! #         fn register(&self, _: &mut impl Registry<()>) {}
//! #         async fn configure(&self, _: &mut Context<()>, _: ConfigureRequest<Config>) -> Result<(), Diagnostics> { Ok(()) }
//! #     }
//! # }
//! ```
//!
//! Add `.cargo/config.toml` beside `Cargo.toml`:
//!
//! ```toml
//! [env]
//! AWS_LC_SYS_NO_JITTER_ENTROPY = "1"
//! ```
//!
//! aws-lc, the cryptography under the provider's TLS, otherwise spends some 23 ms of CPU on
//! jitter entropy at every start, and Terraform starts a provider several times per
//! command; with it, the seeds come from the operating system and a start takes about 2 ms.
//!
//! # Declare the models
//!
//! A model is a struct with `#[derive(TfSchema)]`: it is the Terraform schema and the wire
//! codec. Doc comments become the descriptions Terraform and the registry documentation
//! show, so write them for the provider's users. The field's type says what a value may be:
//! `Unknown<_>` when a configuration may compute it from another resource ("known after
//! apply"), `Nullable<_>` (or `Option<_>`) when it may be left out, which makes the
//! attribute optional. An attribute the provider fills in is `#[tf(computed)]` and
//! `Unknown<Nullable<_>>`. A flag the type cannot carry is a compile error. Inside the
//! wrappers, a Terraform `string` is a `String`, a `bool` a `bool`, a `number` an integer
//! type (`i64`, `u32`, ...), an `f64` or a `tfvalue::Number` (exact at any size), a `list` a
//! `Vec`, a `set` a `BTreeSet` or `tfvalue::set::Set`, a `map` a `BTreeMap` or
//! `tfvalue::map::Map`, and an object or a block a struct that derives `TfSchema`.
//!
//! ```
//! use tfvalue::{Nullable, TfSchema, Unknown};
//!
//! /// The greet provider: greets with the configured greeting.
//! #[derive(TfSchema)]
//! pub struct Config {
//!     /// The greeting; "Hello" when left out.
//!     pub greeting: Nullable<String>,
//! }
//!
//! /// A greeting message, kept nowhere but in Terraform's state.
//! #[derive(TfSchema)]
//! pub struct Message {
//!     /// Who to greet.
//!     pub name: Unknown<String>,
//!     /// The message, computed by the provider.
//!     #[tf(computed)]
//!     pub text: Unknown<Nullable<String>>,
//! }
//! ```
//!
//! Reading and building values, the calls a provider uses most:
//!
//! ```
//! use tfvalue::{Nullable, Unknown};
//!
//! // An optional computed attribute: unknown in a plan, null or a value in state.
//! let mut text: Unknown<Nullable<String>> = Unknown::unknown();
//! assert!(text.is_unknown());
//! text = Some("Hi".to_owned()).into(); // known, a value (`None.into()`: known, null)
//! assert_eq!(text.as_value().map(String::as_str), Some("Hi")); // None: unknown or null
//!
//! // A required attribute a configuration may compute from another resource.
//! let name: Unknown<String> = Unknown::known("world".to_owned());
//! assert_eq!(name.as_known().map(String::as_str), Some("world")); // None: unknown
//! assert_eq!(name.into_option().as_deref(), Some("world"));
//!
//! // An optional attribute that is always known.
//! let greeting: Nullable<String> = Nullable::Value("Hello".to_owned());
//! assert_eq!(greeting.into_option().as_deref(), Some("Hello")); // None: null
//! ```
//!
//! Attributes several models share are declared once, in a struct of their own that each
//! model flattens: `#[tf(flatten)]` makes its attributes (with their flags, descriptions
//! and rules) the model's own, in the schema and on the wire.
//!
//! ```
//! use tfvalue::{Nullable, TfSchema, Unknown};
//!
//! /// How a greeting is written, for every resource that writes one.
//! #[derive(TfSchema)]
//! pub struct Style {
//!     /// Shout the greeting.
//!     #[tf(default = false)]
//!     pub loud: Unknown<Nullable<bool>>,
//! }
//!
//! #[derive(TfSchema)]
//! pub struct Banner {
//!     /// Who to greet.
//!     pub name: Unknown<String>,
//!     #[tf(flatten)]
//!     pub style: Style,
//! }
//!
//! let loud = Banner::schema().block.find_attribute("loud").unwrap();
//! assert!(loud.optional && loud.computed);
//! assert!(Banner::rules().find("loud").unwrap().has_default());
//! ```
//!
//! Blocks, nested attributes, sets and maps, sensitive and write-only attributes,
//! deprecation messages and the schema version are more `#[tf(...)]` keys; the `tfvalue`
//! crate documentation lists them all. [`Timeouts`](crate::Timeouts) is the usual
//! `timeouts { create = "30m" }` block.
//!
//! # The provider
//!
//! [`Provider`](crate::Provider) declares the provider block's model, configures the
//! provider from it, and registers the types it serves under their type names. What
//! `configure` returns is the `Data` every method reaches with `ctx.data()?`: typically a
//! client; here, the greeting.
//!
//! ```
//! use tfvalue_provider::{ConfigureRequest, Context, Diagnostics, Provider, Registry};
//! # #[derive(tfvalue::TfSchema)]
//! # pub struct Config { pub greeting: tfvalue::Nullable<String> }
//! # #[derive(tfvalue::TfSchema)]
//! # pub struct Message { pub name: tfvalue::Unknown<String>, #[tf(computed)] pub text: tfvalue::Unknown<tfvalue::Nullable<String>> }
//! # pub struct Messages;
//! # impl tfvalue_provider::Resource for Messages {
//! #     type Model = Message;
//! #     type Data = String;
//! #     async fn create(&self, _: &mut Context<String>, r: tfvalue_provider::CreateRequest<Message>) -> Result<Message, tfvalue_provider::ApplyError<Message>> { Ok(r.planned) }
//! #     async fn read(&self, _: &mut Context<String>, r: tfvalue_provider::ReadRequest<Message>) -> Result<Option<Message>, Diagnostics> { Ok(Some(r.state)) }
//! #     async fn update(&self, _: &mut Context<String>, r: tfvalue_provider::UpdateRequest<Message>) -> Result<Message, tfvalue_provider::ApplyError<Message>> { Ok(r.planned) }
//! #     async fn delete(&self, _: &mut Context<String>, _: tfvalue_provider::DeleteRequest<Message>) -> Result<(), tfvalue_provider::ApplyError<Message>> { Ok(()) }
//! # }
//!
//! pub struct Greet;
//!
//! impl Provider for Greet {
//!     type Config = Config;
//!     type Data = String;
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
//! ```
//!
//! A mistake in the registrations (a repeated type name, an invalid schema) is reported
//! when the provider starts, all at once, before Terraform sees it.
//!
//! # A resource
//!
//! [`Resource`](crate::Resource) has four methods to write. Each gets the context and one
//! request: [`CreateRequest`](crate::CreateRequest) (`planned`, `config`),
//! [`ReadRequest`](crate::ReadRequest) (`state`), [`UpdateRequest`](crate::UpdateRequest)
//! (`prior`, `planned`, `config`) and [`DeleteRequest`](crate::DeleteRequest) (`prior`).
//! Read their fields, or destructure them with `..`.
//!
//! ```
//! use tfvalue::{IntoPlanned as _, Unknown};
//! use tfvalue_provider::{
//!     ApplyError, Context, CreateRequest, DeleteRequest, Diagnostics, ReadRequest, Resource,
//!     UpdateRequest,
//! };
//! # #[derive(tfvalue::TfSchema)]
//! # pub struct Message { pub name: Unknown<String>, #[tf(computed)] pub text: Unknown<tfvalue::Nullable<String>> }
//!
//! pub struct Messages;
//!
//! fn greet(greeting: &str, name: &str) -> String {
//!     format!("{greeting}, {name}!")
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
//!         // `MessagePlanned`, generated by the derive: what was configured is known
//!         // (`name` is a String), computed attributes are as planned, to fill in.
//!         let mut message = request.planned.into_planned()?;
//!         message.text = Some(greet(ctx.data()?, &message.name)).into();
//!         Ok(message.into())
//!     }
//!
//!     async fn read(
//!         &self,
//!         ctx: &mut Context<String>,
//!         request: ReadRequest<Message>,
//!     ) -> Result<Option<Message>, Diagnostics> {
//!         // The object as it is now; `None` if it is gone (Terraform plans to create it).
//!         let mut state = request.state;
//!         if let Some(name) = state.name.as_known() {
//!             state.text = Some(greet(ctx.data()?, name)).into();
//!         }
//!         Ok(Some(state))
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
//!         Ok(()) // nothing to remove but the state, which Terraform drops
//!     }
//! }
//! ```
//!
//! The framework does the rest: it plans `text` as "known after apply", keeps values
//! computed from other resources unknown until apply, and checks that what `create`
//! returns is wholly known. `into_planned()` fails only if a configured value is still
//! unknown, which Terraform never sends to an apply; `into_known()` (the `MessageKnown`
//! companion) suits what holds no unknown at all, such as a state. `config` is the
//! configuration as written: write-only attributes are only there.
//!
//! # Use it from Terraform
//!
//! No publishing is needed: build, and point Terraform at the directory that holds the built
//! executable with `dev_overrides` (then no `terraform init` either): `target/debug` of
//! the crate, or of its workspace, or of `CARGO_TARGET_DIR` when that is set.
//!
//! ```sh
//! cargo build
//! cat > dev.tfrc <<EOF
//! provider_installation {
//!   dev_overrides { "example.com/me/greet" = "$PWD/target/debug" }
//!   direct {}
//! }
//! EOF
//! export TF_CLI_CONFIG_FILE=$PWD/dev.tfrc
//! ```
//!
//! ```hcl
//! terraform {
//!   required_providers {
//!     greet = { source = "example.com/me/greet" }
//!   }
//! }
//!
//! provider "greet" {
//!   greeting = "Hi"
//! }
//!
//! resource "greet_message" "a" {
//!   name = "world"
//! }
//!
//! output "text" {
//!   value = greet_message.a.text # "Hi, world!"
//! }
//! ```
//!
//! `terraform plan`, `apply` and `destroy` now run your provider. Log with `tracing`
//! (`cargo add tracing`; see [Logging](crate#logging)): `TF_LOG=WARN` shows your warnings,
//! `TF_LOG=TRACE` every call and its values, sensitive ones hidden. Run by hand, the binary
//! says it is a plugin and exits. To run it under a debugger, serve it with
//! [`serve_with`](crate::serve_with) and its address: started with `--debug`, it serves
//! without Terraform and prints the `TF_REATTACH_PROVIDERS` line that attaches Terraform.
//!
//! # Plan rules and replacement
//!
//! Defaults, plan modifiers and validators are declared on the model, and the framework
//! applies them at every depth, in Terraform's words: `default`, `use_state_for_unknown`,
//! `requires_replace`, `requires_replace_if = f`, validators such as `length`, `between`,
//! `one_of`, `regex` and `validate = f`, and on the struct `conflicts_with`,
//! `exactly_one_of` and the like (the `tfvalue` crate documentation lists them all). The
//! declared `requires_replace` and `requires_replace_if` are the one way to replace an
//! object rather than update it.
//!
//! ```
//! use tfvalue::{Nullable, TfSchema, Unknown};
//!
//! /// A disk that grows in place; shrinking it makes a new one.
//! #[derive(TfSchema)]
//! pub struct Disk {
//!     /// Another name is another disk.
//!     #[tf(requires_replace, length(min = 1, max = 63), regex = "^[a-z][a-z0-9-]*$")]
//!     pub name: Unknown<String>,
//!     /// Size in GiB.
//!     #[tf(between(min = 1, max = 16384), requires_replace_if = shrinks)]
//!     pub size_gb: Unknown<i64>,
//!     /// "ssd" when left out.
//!     #[tf(default = "ssd", one_of("ssd", "hdd"), requires_replace)]
//!     pub kind: Unknown<Nullable<String>>,
//!     /// Assigned on create; kept in plans rather than shown as "known after apply".
//!     #[tf(computed, use_state_for_unknown)]
//!     pub id: Unknown<Nullable<String>>,
//! }
//!
//! /// Whether a change replaces the disk (asked on updates, after the validators); `Err`
//! /// fails the plan, told at `size_gb`.
//! fn shrinks(prior: &Unknown<i64>, planned: &Unknown<i64>) -> Result<bool, String> {
//!     match (prior.as_known(), planned.as_known()) {
//!         (Some(old), _) if *old < 1 => Err(format!("holds {old} GiB in state, which no disk has")),
//!         (Some(old), Some(new)) => Ok(new < old),
//!         _ => Ok(false),
//!     }
//! }
//! ```
//!
//! On a field, `conflicts_with(..)`, `required_with(..)`, `at_least_one_of(..)` and
//! `exactly_one_of(..)` relate it to its siblings as terraform-plugin-framework-validators'
//! attribute validators do, one error per other attribute, told at the field. `regex` (and
//! `regex_message`) take a literal, checked when the program is compiled, or a `&str` const,
//! checked when the provider starts. `validate = f` returns a sentence that ends `Attribute
//! <name> ...` or a [`tfvalue::rules::Invalid`] with a summary and detail of its own:
//!
//! ```
//! use tfvalue::rules::Invalid;
//! use tfvalue::{Nullable, TfSchema, Unknown};
//!
//! const MODE: &str = "^0[0-7]{3}$";
//!
//! #[derive(TfSchema)]
//! pub struct Mount {
//!     /// A host to mount from; needs an export, excludes a socket.
//!     #[tf(optional, conflicts_with(socket), required_with(export))]
//!     pub host: Unknown<Nullable<String>>,
//!     /// The host's export.
//!     #[tf(optional)]
//!     pub export: Unknown<Nullable<String>>,
//!     /// A local socket, when there is no host.
//!     #[tf(optional, at_least_one_of(host))]
//!     pub socket: Unknown<Nullable<String>>,
//!     /// Permissions, "0644".
//!     #[tf(optional, regex = MODE, validate = not_world_writable)]
//!     pub mode: Unknown<Nullable<String>>,
//! }
//!
//! fn not_world_writable(mode: &str) -> Result<(), Invalid> {
//!     match mode.chars().last() {
//!         Some('2' | '3' | '6' | '7') => Err(Invalid::diagnostic(
//!             "Invalid File Permission",
//!             format!("mode {mode} lets anyone write"),
//!         )),
//!         _ => Ok(()),
//!     }
//! }
//! ```
//!
//! [`Resource::plan`](crate::Resource::plan) adjusts what is particular to the resource.
//! It gets a [`Plan`](crate::Plan) whose `planned` state already holds what the framework
//! planned; here the text is known as soon as the name is, so the plan shows it instead
//! of "known after apply":
//!
//! ```
//! use tfvalue::{Nullable, Unknown};
//! use tfvalue_provider::{Context, Diagnostics, Plan};
//! # #[derive(tfvalue::TfSchema)]
//! # pub struct Message { pub name: Unknown<String>, #[tf(computed)] pub text: Unknown<Nullable<String>> }
//! # fn greet(greeting: &str, name: &str) -> String { format!("{greeting}, {name}!") }
//! # pub struct Messages;
//! # impl tfvalue_provider::Resource for Messages {
//! #     type Model = Message;
//! #     type Data = String;
//! #     async fn create(&self, _: &mut Context<String>, r: tfvalue_provider::CreateRequest<Message>) -> Result<Message, tfvalue_provider::ApplyError<Message>> { Ok(r.planned) }
//! #     async fn read(&self, _: &mut Context<String>, r: tfvalue_provider::ReadRequest<Message>) -> Result<Option<Message>, Diagnostics> { Ok(Some(r.state)) }
//! #     async fn update(&self, _: &mut Context<String>, r: tfvalue_provider::UpdateRequest<Message>) -> Result<Message, tfvalue_provider::ApplyError<Message>> { Ok(r.planned) }
//! #     async fn delete(&self, _: &mut Context<String>, _: tfvalue_provider::DeleteRequest<Message>) -> Result<(), tfvalue_provider::ApplyError<Message>> { Ok(()) }
//!
//! // In `impl Resource for Messages`:
//! async fn plan(
//!     &self,
//!     ctx: &mut Context<String>,
//!     plan: &mut Plan<Message>,
//! ) -> Result<(), Diagnostics> {
//!     // `ctx.data()` fails while the provider block is not known yet: then leave it.
//!     if let (Some(name), Ok(greeting)) = (plan.planned.name.as_known(), ctx.data()) {
//!         plan.planned.text = Unknown::known(Nullable::Value(greet(greeting, name)));
//!     }
//!     Ok(())
//! }
//! # }
//! ```
//!
//! In a list, set or map of nested objects, `#[tf(element_key)]` on an attribute of the
//! element's struct tells which prior element an element continues, so that adding a rule
//! to a set plans only the new rule's `id` "known after apply" (without a key, list
//! elements are compared by position, map elements by key and set elements not at all).
//! `use_non_null_state_for_unknown` is `use_state_for_unknown` without keeping a null
//! prior value, as terraform-plugin-framework's two modifiers differ:
//!
//! ```
//! use tfvalue::{Nullable, Set, TfSchema, Unknown};
//!
//! #[derive(TfSchema)]
//! pub struct Firewall {
//!     #[tf(nested(set))]
//!     pub rules: Unknown<Nullable<Set<Rule>>>,
//! }
//!
//! #[derive(TfSchema)]
//! pub struct Rule {
//!     /// Identifies the rule among the others.
//!     #[tf(element_key)]
//!     pub port: Unknown<i64>,
//!     /// Assigned when the rule is made.
//!     #[tf(computed, use_state_for_unknown)]
//!     pub id: Unknown<Nullable<String>>,
//! }
//! ```
//!
//! `refine(...)` on a computed attribute says what Terraform may rely on while the value is
//! "known after apply": `not_null`, a string `prefix`, number bounds (`at_least` and
//! `at_most` inclusive, `greater_than` and `less_than` exclusive) and a collection's
//! `length(min, max)`. With `arn` never null, `count = x.arn != null ? 1 : 0` plans instead
//! of failing with "Invalid count argument", and `startswith(x.arn, "arn:")` is true in the
//! plan. The applied value must keep the promise: one that does not fails the apply at the
//! attribute.
//!
//! ```
//! use tfvalue::{Nullable, TfSchema, Unknown};
//!
//! #[derive(TfSchema)]
//! pub struct Key {
//!     pub name: Unknown<String>,
//!     #[tf(computed, refine(not_null, prefix = "arn:aws:kms:"))]
//!     pub arn: Unknown<Nullable<String>>,
//!     #[tf(optional, computed, refine(at_least = 1, at_most = 10))]
//!     pub replicas: Unknown<Nullable<i64>>,
//!     #[tf(computed, refine(length(min = 1, max = 5)))]
//!     pub endpoints: Unknown<Nullable<Vec<String>>>,
//! }
//!
//! let arn = Key::rules().find("arn").unwrap().declared_refinements().unwrap();
//! assert_eq!(arn.to_string(), r#"(known after apply, not null, prefix "arn:aws:kms:")"#);
//! ```
//!
//! A plan runs in this order: Terraform's proposed state; the declared defaults; the
//! framework's "known after apply" marking of computed attributes (on a create, or an
//! update that changes something) and the defaults again; on an update the plan
//! modifiers, which settle what replaces the object; the resource's `plan`; custom types'
//! semantic equality (below); the declared refinements of what is still unknown.
//! [`tfvalue::rules`] tells each step.
//!
//! # Custom types
//!
//! A field of a custom type ([`tfvalue::custom_types`]) brings its own validation and
//! semantic equality, with no key: `Rfc3339` refuses what Go's `time.Parse` refuses (as
//! "Invalid RFC3339 String Value") and `NormalizedJson` what is not JSON. Where the
//! resource answers a value that means the same as Terraform's text (`Z` for `+00:00`,
//! JSON members reordered), the framework answers Terraform's text: the configuration's in
//! a plan (after `plan`), the planned one after apply, the prior one after `read`, the
//! configuration's after a data source's `read`. So a remote system that rewrites the
//! value is no drift and no inconsistent result; a change of the text in the configuration
//! is still an update, since Terraform requires a plan to hold what is configured.
//!
//! ```
//! use tfvalue::custom_types::{NormalizedJson, Rfc3339};
//! use tfvalue::{Nullable, TfSchema, Unknown};
//!
//! #[derive(TfSchema)]
//! pub struct Alarm {
//!     pub at: Unknown<Rfc3339>,
//!     pub payload: Unknown<Nullable<NormalizedJson>>,
//! }
//!
//! assert!(Alarm::rules().find("at").is_some_and(|a| a.semantics().is_some()));
//! let at = Rfc3339::new("2030-01-01T01:00:00+01:00").parse().unwrap();
//! assert_eq!(at.to_utc().unwrap().to_string(), "2030-01-01T00:00:00Z");
//! ```
//!
//! # Import
//!
//! [`Resource::import`](crate::Resource::import) turns the id of `terraform import` or of
//! an `import` block into a state that `read` completes. A message's id is its name:
//!
//! ```
//! use tfvalue::Unknown;
//! use tfvalue_provider::{Context, Diagnostics, ImportRequest};
//! # #[derive(tfvalue::TfSchema)]
//! # pub struct Message { pub name: Unknown<String>, #[tf(computed)] pub text: Unknown<tfvalue::Nullable<String>> }
//! # pub struct Messages;
//! # impl tfvalue_provider::Resource for Messages {
//! #     type Model = Message;
//! #     type Data = String;
//! #     async fn create(&self, _: &mut Context<String>, r: tfvalue_provider::CreateRequest<Message>) -> Result<Message, tfvalue_provider::ApplyError<Message>> { Ok(r.planned) }
//! #     async fn read(&self, _: &mut Context<String>, r: tfvalue_provider::ReadRequest<Message>) -> Result<Option<Message>, Diagnostics> { Ok(Some(r.state)) }
//! #     async fn update(&self, _: &mut Context<String>, r: tfvalue_provider::UpdateRequest<Message>) -> Result<Message, tfvalue_provider::ApplyError<Message>> { Ok(r.planned) }
//! #     async fn delete(&self, _: &mut Context<String>, _: tfvalue_provider::DeleteRequest<Message>) -> Result<(), tfvalue_provider::ApplyError<Message>> { Ok(()) }
//!
//! // In `impl Resource for Messages`:
//! async fn import(
//!     &self,
//!     _: &mut Context<String>,
//!     request: ImportRequest,
//! ) -> Result<Message, Diagnostics> {
//!     Ok(Message { name: Unknown::known(request.id), text: Unknown::null() })
//! }
//! # }
//! ```
//!
//! # A data source
//!
//! [`DataSource`](crate::DataSource) has one method to write, `read`: it gets the
//! configuration, wholly known, and returns it with the computed attributes filled in.
//!
//! ```
//! use tfvalue::{IntoPlanned as _, Nullable, TfSchema, Unknown};
//! use tfvalue_provider::{Context, DataSource, Diagnostics, ReadDataSourceRequest};
//!
//! /// `data "greet_phrase" "fr" { language = "fr" }`
//! #[derive(TfSchema)]
//! pub struct Phrase {
//!     /// A language code.
//!     #[tf(one_of("en", "fr"))]
//!     pub language: Unknown<String>,
//!     /// "Hello" in that language.
//!     #[tf(computed)]
//!     pub greeting: Unknown<Nullable<String>>,
//! }
//!
//! pub struct Phrases;
//!
//! impl DataSource for Phrases {
//!     type Model = Phrase;
//!     type Data = String;
//!
//!     async fn read(
//!         &self,
//!         _: &mut Context<String>,
//!         request: ReadDataSourceRequest<Phrase>,
//!     ) -> Result<Phrase, Diagnostics> {
//!         let mut phrase = request.config.into_planned()?;
//!         let greeting = if phrase.language == "fr" { "Bonjour" } else { "Hello" };
//!         phrase.greeting = Some(greeting.to_owned()).into();
//!         Ok(phrase.into())
//!     }
//! }
//! // In `register`: registry.data_source("greet_phrase", Phrases);
//! ```
//!
//! # Validation and warnings
//!
//! What the declared validators cannot say goes in `validate` (of a provider, resource,
//! data source or ephemeral resource). Its configuration may hold unknown values: check
//! what is known. Returning `Err` fails the validation; a warning goes on the context with
//! [`Context::warn`](crate::Context::warn) and reaches Terraform with the answer. `.at`
//! names the attribute, and Terraform points at its line.
//!
//! ```
//! use tfvalue_provider::{Context, Diagnostic, Diagnostics, ValidateRequest};
//! # #[derive(tfvalue::TfSchema)]
//! # pub struct Message { pub name: tfvalue::Unknown<String>, #[tf(computed)] pub text: tfvalue::Unknown<tfvalue::Nullable<String>> }
//! # pub struct Messages;
//! # impl tfvalue_provider::Resource for Messages {
//! #     type Model = Message;
//! #     type Data = String;
//! #     async fn create(&self, _: &mut Context<String>, r: tfvalue_provider::CreateRequest<Message>) -> Result<Message, tfvalue_provider::ApplyError<Message>> { Ok(r.planned) }
//! #     async fn read(&self, _: &mut Context<String>, r: tfvalue_provider::ReadRequest<Message>) -> Result<Option<Message>, Diagnostics> { Ok(Some(r.state)) }
//! #     async fn update(&self, _: &mut Context<String>, r: tfvalue_provider::UpdateRequest<Message>) -> Result<Message, tfvalue_provider::ApplyError<Message>> { Ok(r.planned) }
//! #     async fn delete(&self, _: &mut Context<String>, _: tfvalue_provider::DeleteRequest<Message>) -> Result<(), tfvalue_provider::ApplyError<Message>> { Ok(()) }
//!
//! // In `impl Resource for Messages`:
//! async fn validate(
//!     &self,
//!     ctx: &mut Context<String>,
//!     request: ValidateRequest<Message>,
//! ) -> Result<(), Diagnostics> {
//!     let Some(name) = request.config.name.as_known() else {
//!         return Ok(()); // known after apply: nothing to check yet
//!     };
//!     if name.contains('\n') {
//!         return Err(Diagnostic::error("Invalid name")
//!             .with_detail("A name is one line.")
//!             .at("name")
//!             .into());
//!     }
//!     if name.trim() != name {
//!         ctx.warn(Diagnostic::warning("Name with spaces around it")
//!             .with_detail("The message keeps them.")
//!             .at("name"));
//!     }
//!     Ok(())
//! }
//! # }
//! ```
//!
//! # Errors
//!
//! A method fails by returning its errors: [`Diagnostics`](crate::Diagnostics), or
//! [`ApplyError`](crate::ApplyError) for `create`, `update` and `delete`. `?` converts any
//! error into them (a `std::error::Error`, `anyhow::Error`, `String`, `&str`): its text
//! becomes the summary, its causes the detail. [`ErrorSummary`](crate::ErrorSummary)
//! gives a summary of your own, with the error's text as the detail:
//!
//! ```
//! use tfvalue_provider::{Diagnostics, ErrorSummary as _};
//!
//! fn greeting_from(path: &str) -> Result<String, Diagnostics> {
//!     let text = std::fs::read_to_string(path).summary("Unable to read the greeting")?;
//!     Ok(text.trim().to_owned())
//! }
//!
//! let error = greeting_from("/no/such/file").unwrap_err();
//! let d = error.iter().next().unwrap();
//! assert_eq!(d.summary(), "Unable to read the greeting");
//! assert!(d.detail().starts_with("No such file or directory"));
//! ```
//!
//! A failed apply with a plain `?` means "nothing changed". Once the remote object
//! exists, a failure must carry its state, or Terraform forgets an object that still
//! exists; with the state, Terraform keeps it as tainted and replaces it on the next apply:
//!
//! ```
//! use tfvalue_provider::ApplyError;
//! # #[derive(Clone, Debug)]
//! # pub struct Disk { pub id: Option<String> }
//! # struct Api;
//! # impl Api {
//! #     async fn create_disk(&self) -> Result<String, std::io::Error> { Ok("disk-1".into()) }
//! #     async fn attach(&self, _: &str) -> Result<(), std::io::Error> { Err(std::io::Error::other("busy")) }
//! # }
//!
//! async fn create(api: &Api) -> Result<Disk, ApplyError<Disk>> {
//!     let id = api.create_disk().await?; // fails: nothing was made
//!     let state = Disk { id: Some(id.clone()) };
//!     api.attach(&id).await // fails: the disk exists
//!         .map_err(|e| ApplyError::new(e).with_state(state.clone()))?;
//!     Ok(state)
//! }
//! # let failed = tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(create(&Api)).unwrap_err();
//! # assert!(failed.state().is_some());
//! ```
//!
//! # Private state
//!
//! Terraform stores a private state beside each object's state and hands it back unread:
//! what a plan tells its apply, what `create` tells later reads.
//! [`Context::private`](crate::Context::private) reads it and
//! [`Context::private_mut`](crate::Context::private_mut) changes it: typed values under
//! keys, as JSON.
//!
//! ```
//! use serde::{Deserialize, Serialize};
//! use tfvalue_provider::{Context, Diagnostic, StopToken};
//!
//! /// What made a message, kept out of the user's sight.
//! #[derive(Serialize, Deserialize, Debug, PartialEq)]
//! struct Origin {
//!     greeting: String,
//! }
//!
//! // In `create`:
//! fn remember(ctx: &mut Context<String>) -> Result<(), Diagnostic> {
//!     let origin = Origin { greeting: ctx.data()?.clone() };
//!     ctx.private_mut().set("origin", &origin)
//! }
//!
//! // In `read`: `None` for an object created before the provider kept it.
//! fn recall(ctx: &Context<String>) -> Result<Option<Origin>, Diagnostic> {
//!     ctx.private().get("origin")
//! }
//!
//! // A context of one's own, for unit tests of such helpers.
//! let mut ctx = Context::new("Hi".to_owned(), StopToken::never());
//! remember(&mut ctx)?;
//! assert_eq!(recall(&ctx)?, Some(Origin { greeting: "Hi".into() }));
//! # Ok::<(), Diagnostic>(())
//! ```
//!
//! ## Computed blocks and the first plan's private state (Terraform 1.16)
//!
//! A nested block the provider fills in is `#[tf(block, computed)]`, typed as a computed
//! attribute is (`Unknown<Nullable<Vec<T>>>`, `Unknown<Option<T>>` for a single block),
//! with every attribute of `T` computed (optional too where the configuration may write
//! the block itself). Where the configuration leaves it out, the framework plans it
//! unknown on create and keeps the prior blocks on an unchanged update; a Terraform
//! older than 1.16 gets an error naming each such block, since it would refuse the blocks
//! the provider fills in. Terraform 1.16 also hands the plan it makes again before apply
//! what the first plan kept in its private state:
//! [`Plan::planned_private`](crate::Plan::planned_private) (`None` on an older Terraform),
//! so a value chosen while planning can be shown in the plan and applied as shown.
//!
//! ```
//! use tfvalue::{Nullable, TfSchema, Unknown};
//!
//! /// A server; the provider assigns its network interfaces.
//! #[derive(TfSchema)]
//! struct Server {
//!     name: Unknown<String>,
//!     #[tf(block, computed)]
//!     interface: Unknown<Nullable<Vec<Interface>>>,
//! }
//!
//! #[derive(TfSchema)]
//! struct Interface {
//!     #[tf(computed)]
//!     mac: Unknown<Nullable<String>>,
//! }
//!
//! let interface = &Server::schema().block.block_types[0];
//! assert!(interface.block.computed);
//! Server::schema().validate()?;
//! # Ok::<(), tfvalue::Error>(())
//! ```
//!
//! # Stopping
//!
//! When the user interrupts Terraform (Ctrl-C), Terraform asks the provider to stop.
//! [`Context::stop_token`](crate::Context::stop_token) gives a
//! [`StopToken`](crate::StopToken) for long work: [`StopToken::run`](crate::StopToken::run)
//! drops (cancels) the work on a stop and answers [`Stopped`](crate::Stopped), which `?`
//! turns into an error.
//!
//! ```
//! use std::time::Duration;
//! use tfvalue_provider::{Diagnostics, StopToken};
//!
//! /// Waits for the remote side to be ready, unless Terraform stops the provider first.
//! /// In a method: `wait_until_ready(&ctx.stop_token()).await?`.
//! async fn wait_until_ready(stop: &StopToken) -> Result<(), Diagnostics> {
//!     stop.run(tokio::time::sleep(Duration::from_secs(30))).await?;
//!     Ok(())
//! }
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() {
//! let (stop, signal) = StopToken::new(); // a token and what stops it, for this test
//! signal.stop();
//! let error = wait_until_ready(&stop).await.unwrap_err();
//! assert_eq!(error.iter().next().unwrap().summary(), "Stopped");
//! # }
//! ```
//!
//! # provider_meta
//!
//! A module can tell the provider about itself in
//! `terraform { provider_meta "greet" { module_name = "welcome" } }`. Declare the block's
//! model in `register`; reads, plans and applies of resources and reads of data sources
//! get its values with `ctx.provider_meta::<Meta>()?`, an `Option`: `None` when the module
//! has no such block.
//!
//! ```
//! use tfvalue::{Nullable, TfSchema};
//! use tfvalue_provider::{Context, Diagnostic, Registry};
//!
//! #[derive(TfSchema)]
//! pub struct Meta {
//!     /// The module's name.
//!     pub module_name: Nullable<String>,
//! }
//!
//! // In `register`:
//! fn register(registry: &mut impl Registry<String>) {
//!     registry.provider_meta::<Meta>();
//! }
//!
//! // In a method:
//! fn module_name(ctx: &Context<String>) -> Result<Option<String>, Diagnostic> {
//!     Ok(ctx.provider_meta::<Meta>()?.and_then(|meta| meta.module_name.into_option()))
//! }
//! ```
//!
//! # Identity and list resources
//!
//! An identity (Terraform 1.12 and later) is a small model naming an object, which
//! Terraform keeps beside the state and imports by (`import { identity = { ... } }`). By
//! default it is made of the state's attributes of the same names. It never changes once
//! set, so those attributes must replace the object when they change: a message named by
//! its name needs `#[tf(requires_replace)]` on `name`. A list resource (Terraform 1.14 and
//! later) finds the objects of a type for `terraform query`: implement
//! [`ListResource`](crate::ListResource) (its documentation has an example) and register
//! with `.with_list()` instead.
//!
//! ```
//! use tfvalue::{Nullable, TfSchema, Unknown};
//! use tfvalue_provider::{Registry, ResourceIdentity};
//! # use tfvalue_provider::{Context, Diagnostics};
//!
//! #[derive(TfSchema)]
//! pub struct Message {
//!     /// Who to greet; another name is another message.
//!     #[tf(requires_replace)]
//!     pub name: Unknown<String>,
//!     #[tf(computed)]
//!     pub text: Unknown<Nullable<String>>,
//! }
//!
//! /// What names a message.
//! #[derive(TfSchema)]
//! pub struct MessageIdentity {
//!     pub name: String,
//! }
//! # pub struct Messages;
//! # impl tfvalue_provider::Resource for Messages {
//! #     type Model = Message;
//! #     type Data = String;
//! #     async fn create(&self, _: &mut Context<String>, r: tfvalue_provider::CreateRequest<Message>) -> Result<Message, tfvalue_provider::ApplyError<Message>> { Ok(r.planned) }
//! #     async fn read(&self, _: &mut Context<String>, r: tfvalue_provider::ReadRequest<Message>) -> Result<Option<Message>, Diagnostics> { Ok(Some(r.state)) }
//! #     async fn update(&self, _: &mut Context<String>, r: tfvalue_provider::UpdateRequest<Message>) -> Result<Message, tfvalue_provider::ApplyError<Message>> { Ok(r.planned) }
//! #     async fn delete(&self, _: &mut Context<String>, _: tfvalue_provider::DeleteRequest<Message>) -> Result<(), tfvalue_provider::ApplyError<Message>> { Ok(()) }
//! # }
//!
//! impl ResourceIdentity for Messages {
//!     type Identity = MessageIdentity;
//! }
//!
//! // In `register`:
//! fn register(registry: &mut impl Registry<String>) {
//!     registry.resource("greet_message", Messages).with_identity();
//! }
//! ```
//!
//! # Functions
//!
//! A provider function (Terraform 1.8 and later) is called from configuration as
//! `provider::greet::shout("hi")`. Its parameter and result types are Rust types; an error
//! about an argument names it.
//!
//! ```
//! use tfvalue_provider::{Context, Function, FunctionError, Signature};
//!
//! pub struct Shout;
//!
//! impl Function for Shout {
//!     type Args = (String,);
//!     type Output = String;
//!     type Data = String;
//!
//!     fn signature(&self) -> Signature {
//!         Signature::new("Upper-cases a greeting").param("text", "The greeting")
//!     }
//!
//!     async fn call(
//!         &self,
//!         _: &mut Context<String>,
//!         (text,): (String,),
//!     ) -> Result<String, FunctionError> {
//!         if text.is_empty() {
//!             return Err(FunctionError::argument(0, "must not be empty"));
//!         }
//!         Ok(text.to_uppercase())
//!     }
//! }
//! // In `register`: registry.function("shout", Shout);
//! ```
//!
//! # Ephemeral resources and write-only attributes
//!
//! An ephemeral resource (`ephemeral "greet_secret" "s" { ... }`, Terraform 1.10 and later)
//! is a value Terraform opens for one run and never stores, such as a token. It usually
//! feeds a write-only attribute (`#[tf(write_only)]`, Terraform 1.11 and later), which
//! `create` and `update` read from `config` and which no plan or state holds.
//! [`EphemeralResource::renew`](crate::EphemeralResource::renew) and `close` are optional;
//! what they need goes in the private state.
//!
//! ```
//! use tfvalue::{Nullable, TfSchema, Unknown};
//! use tfvalue_provider::{Context, Diagnostics, EphemeralResource, OpenRequest, Opened};
//!
//! #[derive(TfSchema)]
//! pub struct Secret {
//!     /// Who the secret is for.
//!     pub name: Unknown<String>,
//!     #[tf(computed, sensitive)]
//!     pub value: Unknown<Nullable<String>>,
//! }
//!
//! pub struct Secrets;
//!
//! impl EphemeralResource for Secrets {
//!     type Model = Secret;
//!     type Data = String;
//!
//!     async fn open(
//!         &self,
//!         _: &mut Context<String>,
//!         request: OpenRequest<Secret>,
//!     ) -> Result<Opened<Secret>, Diagnostics> {
//!         let value = Unknown::known(Nullable::Value("s3cr3t".to_owned()));
//!         Ok(Opened::new(Secret { value, ..request.config }))
//!     }
//! }
//! // In `register`: registry.ephemeral_resource("greet_secret", Secrets);
//! ```
//!
//! # Actions
//!
//! An action (`action "greet_announce" "x" { config { ... } }`, Terraform 1.14 and later)
//! is something the provider does on request that leaves nothing in the state. A
//! resource's `lifecycle { action_trigger { events = [after_create, after_update] actions =
//! [action.greet_announce.x] } }` invokes it as the resource changes;
//! `terraform apply -invoke=action.greet_announce.x` invokes it alone. Its model is the
//! `config` block (nothing computed; write-only attributes take ephemeral values), its
//! attributes `Unknown<..>` since Terraform plans an action before the values it refers to
//! are known. [`Action::plan`](crate::Action::plan) checks, while Terraform plans, that it
//! can run (Terraform points at the attribute an error names);
//! [`Action::invoke`](crate::Action::invoke) runs it, wholly known, and sends progress
//! messages, which Terraform shows at once; an error fails the apply (Terraform shows it
//! without a configuration line). Test it with
//! [`Progress::recording`](crate::Progress::recording), or through the harness
//! ([`Harness::action`](crate::harness::Harness::action)).
//!
//! ```
//! use tfvalue::{IntoKnown as _, TfSchema, Unknown};
//! use tfvalue_provider::{Action, ActionInvokeRequest, Context, Diagnostics, Progress};
//!
//! /// `action "greet_announce" "x" { config { name = greet_message.m.name } }`
//! #[derive(TfSchema)]
//! pub struct Announce {
//!     /// Who to announce (unknown while Terraform plans, when it refers to a new resource).
//!     pub name: Unknown<String>,
//! }
//!
//! pub struct Announcements;
//!
//! impl Action for Announcements {
//!     type Model = Announce;
//!     type Data = String;
//!
//!     async fn invoke(
//!         &self,
//!         ctx: &mut Context<String>,
//!         request: ActionInvokeRequest<Announce>,
//!         progress: &mut Progress,
//!     ) -> Result<(), Diagnostics> {
//!         let config = request.config.into_known()?; // invoked wholly known
//!         // Terraform shows each message at once; an error fails the apply.
//!         progress.send(format!("{}, {}!", ctx.data()?, config.name)).await?;
//!         Ok(())
//!     }
//! }
//! // In `register`: registry.action("greet_announce", Announcements);
//! ```
//!
//! # Moving and upgrading state
//!
//! A `moved` block between two resource types (Terraform 1.8 and later) hands the source's
//! stored state to the target type's [`Resource::move_state`](crate::Resource::move_state),
//! which decodes it with the source's model, or answers `None` for a type it does not
//! accept:
//!
//! ```hcl
//! moved {
//!   from = greet_message.a
//!   to   = greet_note.a
//! }
//! ```
//!
//! ```
//! use tfvalue::{Nullable, TfSchema, Unknown};
//! use tfvalue_provider::{Context, Diagnostics, MovedState};
//! # #[derive(TfSchema)]
//! # pub struct Message { pub name: Unknown<String>, #[tf(computed)] pub text: Unknown<Nullable<String>> }
//!
//! #[derive(TfSchema)]
//! pub struct Note {
//!     pub recipient: Unknown<String>,
//!     #[tf(computed)]
//!     pub text: Unknown<Nullable<String>>,
//! }
//!
//! // The body of `move_state` in `impl Resource for Notes`:
//! async fn move_state(
//!     _: &mut Context<String>,
//!     source: MovedState<'_>,
//! ) -> Result<Option<Note>, Diagnostics> {
//!     if source.source_type_name() != "greet_message" {
//!         return Ok(None);
//!     }
//!     let message: Message = source.decode()?;
//!     Ok(Some(Note { recipient: message.name, text: message.text }))
//! }
//! ```
//!
//! A model whose schema changes incompatibly takes a new version, `#[tf(version = N)]` on
//! the struct and nowhere else; [`Resource::upgrades`](crate::Resource::upgrades) converts
//! states stored with older versions, each read with a plain serde model:
//!
//! ```
//! use serde::Deserialize;
//! use tfvalue::{Nullable, TfSchema, Unknown, Upgrades};
//! # use tfvalue_provider::{Context, Diagnostics};
//!
//! /// Version 1: `who` became `name`.
//! #[derive(TfSchema)]
//! #[tf(version = 1)]
//! pub struct Message {
//!     pub name: Unknown<String>,
//!     #[tf(computed)]
//!     pub text: Unknown<Nullable<String>>,
//! }
//!
//! /// Version 0, as its states hold it.
//! #[derive(Deserialize)]
//! struct MessageV0 {
//!     who: String,
//!     text: Option<String>,
//! }
//! # pub struct Messages;
//! # impl tfvalue_provider::Resource for Messages {
//! #     type Model = Message;
//! #     type Data = String;
//! #     async fn create(&self, _: &mut Context<String>, r: tfvalue_provider::CreateRequest<Message>) -> Result<Message, tfvalue_provider::ApplyError<Message>> { Ok(r.planned) }
//! #     async fn read(&self, _: &mut Context<String>, r: tfvalue_provider::ReadRequest<Message>) -> Result<Option<Message>, Diagnostics> { Ok(Some(r.state)) }
//! #     async fn update(&self, _: &mut Context<String>, r: tfvalue_provider::UpdateRequest<Message>) -> Result<Message, tfvalue_provider::ApplyError<Message>> { Ok(r.planned) }
//! #     async fn delete(&self, _: &mut Context<String>, _: tfvalue_provider::DeleteRequest<Message>) -> Result<(), tfvalue_provider::ApplyError<Message>> { Ok(()) }
//!
//! // In `impl Resource for Messages`:
//! fn upgrades(&self) -> Upgrades<Message> {
//!     Upgrades::new().from(0, |v0: MessageV0| {
//!         Ok(Message { name: Unknown::known(v0.who), text: v0.text.into() })
//!     })
//! }
//! # }
//! ```
//!
//! [`Resource::repair_state`](crate::Resource::repair_state) mends a state of the current
//! version that the model cannot decode (a required attribute an older release left null).
//!
//! # Test in process
//!
//! [`harness`](crate::harness) serves the provider inside the test and calls it with the
//! requests Terraform would send, in Terraform's order and with Terraform's checks of the
//! answers: typed models in, typed models (or the diagnostics) out, in milliseconds, with
//! no Terraform installed. In `tests/` or a `#[cfg(test)]` module, these lines go in a
//! `#[tokio::test] async fn`:
//!
//! ```
//! use tfvalue::{Nullable, Unknown};
//! use tfvalue_provider::harness::{Change, Harness};
//! use tfvalue_provider::Diagnostics;
//! # use tfvalue::{IntoPlanned as _, TfSchema};
//! # use tfvalue_provider::{ApplyError, ConfigureRequest, Context, CreateRequest, DeleteRequest, ImportRequest, Plan, Provider, ReadRequest, Registry, Resource, UpdateRequest};
//! # #[derive(TfSchema)]
//! # pub struct Config { pub greeting: Nullable<String> }
//! # #[derive(TfSchema, Debug)]
//! # pub struct Message { pub name: Unknown<String>, #[tf(computed)] pub text: Unknown<Nullable<String>> }
//! # pub struct Greet;
//! # impl Provider for Greet {
//! #     type Config = Config;
//! #     type Data = String;
//! #     fn register(&self, registry: &mut impl Registry<String>) { registry.resource("greet_message", Messages); }
//! #     async fn configure(&self, _: &mut Context<String>, r: ConfigureRequest<Config>) -> Result<String, Diagnostics> { Ok(r.config.greeting.unwrap_or_else(|| "Hello".to_owned())) }
//! # }
//! # fn greet(greeting: &str, name: &str) -> String { format!("{greeting}, {name}!") }
//! # pub struct Messages;
//! # impl Resource for Messages {
//! #     type Model = Message;
//! #     type Data = String;
//! #     async fn plan(&self, ctx: &mut Context<String>, plan: &mut Plan<Message>) -> Result<(), Diagnostics> {
//! #         if let (Some(name), Ok(greeting)) = (plan.planned.name.as_known(), ctx.data()) {
//! #             plan.planned.text = Unknown::known(Nullable::Value(greet(greeting, name)));
//! #         }
//! #         Ok(())
//! #     }
//! #     async fn create(&self, ctx: &mut Context<String>, r: CreateRequest<Message>) -> Result<Message, ApplyError<Message>> {
//! #         let mut message = r.planned.into_planned()?;
//! #         message.text = Some(greet(ctx.data()?, &message.name)).into();
//! #         Ok(message.into())
//! #     }
//! #     async fn read(&self, ctx: &mut Context<String>, r: ReadRequest<Message>) -> Result<Option<Message>, Diagnostics> {
//! #         let mut state = r.state;
//! #         if let Some(name) = state.name.as_known() { state.text = Some(greet(ctx.data()?, name)).into(); }
//! #         Ok(Some(state))
//! #     }
//! #     async fn update(&self, ctx: &mut Context<String>, r: UpdateRequest<Message>) -> Result<Message, ApplyError<Message>> {
//! #         let UpdateRequest { planned, config, .. } = r;
//! #         self.create(ctx, CreateRequest::new(planned, config)).await
//! #     }
//! #     async fn delete(&self, _: &mut Context<String>, _: DeleteRequest<Message>) -> Result<(), ApplyError<Message>> { Ok(()) }
//! #     async fn import(&self, _: &mut Context<String>, r: ImportRequest) -> Result<Message, Diagnostics> {
//! #         Ok(Message { name: Unknown::known(r.id), text: Unknown::null() })
//! #     }
//! # }
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> Result<(), Diagnostics> {
//! let harness = Harness::new(Greet).expect("the types are declared rightly");
//! harness.configure(&Config { greeting: Nullable::Value("Hi".into()) }).await?;
//! let messages = harness.resource::<Message>("greet_message");
//!
//! // `terraform apply` of a new message: its plan, then the apply.
//! let config = Message { name: Unknown::known("world".into()), text: Unknown::null() };
//! let state = messages.create(&config).await?;
//! assert_eq!(state.text.as_value().map(String::as_str), Some("Hi, world!"));
//!
//! // Another name updates the message in place, and the plan already shows the text.
//! let renamed = Message { name: Unknown::known("you".into()), text: Unknown::null() };
//! let plan = messages.plan(Some(&state), &renamed).await?;
//! assert_eq!(plan.change(), Change::Update);
//! assert_eq!(plan.state().unwrap().text.as_value().map(String::as_str), Some("Hi, you!"));
//! let state = messages.apply(&plan).await?.expect("updated");
//!
//! // `terraform import`, then `terraform destroy`.
//! assert_eq!(messages.import("you").await?[0].text, state.text);
//! messages.delete(&state).await?;
//! # Ok(())
//! # }
//! ```
//!
//! `harness.data_source`, `ephemeral`, `function` and `list` reach the other kinds of type
//! the same way; the module's documentation lists which requests each call sends.
//!
//! # Test with Terraform
//!
//! tfvalue-testing, the acceptance-test crate (`tfvalue-testing/` in the checkout), runs
//! the real Terraform CLI against the provider step by step (apply a configuration, check
//! the plan and the state, import, refresh, destroy), once per Terraform version found:
//! `terraform` on `PATH`, and each executable listed in `TFVALUE_TERRAFORM_EXTRA`. Served
//! with `TestProvider::in_process("example.com/me/greet", || Greet)`, the provider runs
//! inside the test process and Terraform attaches to it: no executable to build, and
//! breakpoints work. A test in `tests/acceptance.rs` names the provider through the
//! library (`terraform_provider_greet::Greet`, see [Set up the crate](#set-up-the-crate)),
//! and a step looks like `Step::config(hcl).check(state::value("greet_message.a", ".text")
//! .equals("Hi, world!"))`. The crate's documentation
//! (`cargo doc --open -p tfvalue-testing` in the checkout) has a complete test, where it is
//! compiled (this crate cannot depend on it); the repository's `tests/e2e/` has many
//! more.
//!
//! # Registry documentation
//!
//! A provider built on this crate prints its whole schema when run as
//! `terraform-provider-greet --schema-json`, as `terraform providers schema -json` would.
//! `tfvalue-cli docs` turns it, with example configurations, into the pages the Terraform
//! Registry reads (`docs/index.md`, `docs/resources/<name>.md`, ...). Install it from the
//! checkout:
//!
//! ```sh
//! cargo install --path $TFVALUE/tfvalue-cli
//! cargo build
//! tfvalue-cli docs --provider-binary target/debug/terraform-provider-greet \
//!     --provider-name greet --examples examples --out docs
//! # in CI, add --check: it fails, naming each stale, missing or extra page
//! ```
//!
//! `examples/` has the registry's layout: `provider/provider.tf`,
//! `resources/<type>/resource.tf` (with `import.sh`, `import-by-string-id.tf` or, for a
//! resource with an identity, `import-by-identity.tf` for an "Import" section),
//! `data-sources/<type>/data-source.tf`,
//! `ephemeral-resources/<type>/ephemeral-resource.tf`, `functions/<name>/function.tf`,
//! `list-resources/<type>/list-resource.tfquery.hcl` and `actions/<type>/action.tf`. A
//! folder named after no type or function of the schema is an error.
