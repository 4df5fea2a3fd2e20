//! The in-process harness: a registered provider's types called through the engine
//! Terraform reaches, with typed models, without Terraform.
//!
//! A [`Harness`] serves the provider as [`serve`](crate::serve) does (the same
//! `tfplugin6.Provider` service: each request converted from its protobuf message, run
//! as a task of its own whose panic fails only that request, logged, its values decoded and
//! its answers encoded) and calls it in process, with the requests Terraform sends, in the
//! order Terraform sends them. A test builds models, calls, and gets models back (or the
//! diagnostics), in milliseconds.
//!
//! | call | requests, in order |
//! |---|---|
//! | the first call of a harness | `GetProviderSchema` |
//! | [`Harness::configure`] | `ValidateProviderConfig`, `ConfigureProvider` |
//! | [`ResourceHandle::validate`] | `ValidateResourceConfig` |
//! | [`ResourceHandle::plan`] | `ValidateResourceConfig`, `PlanResourceChange` (once more with no prior state when the plan replaces the object) |
//! | [`ResourceHandle::plan_destroy`] | `PlanResourceChange` proposing null |
//! | [`ResourceHandle::apply`] | for a create or update, `ValidateResourceConfig` and `PlanResourceChange` again (the plan during apply, with the first plan's private state as `planned_private` when [`Harness::store_planned_private`]), then `ApplyResourceChange` of that final plan; for a replacement, the destroy's `ApplyResourceChange` first, then the same from no prior state; nothing when the plan changes nothing |
//! | [`ResourceHandle::create`] | a plan from no prior state, and its apply |
//! | [`ResourceHandle::read`] | `UpgradeResourceState` (the state as stored, at the current version), `ReadResource` |
//! | [`ResourceHandle::update`] | a read (Terraform's refresh), a plan from what it read, and its apply |
//! | [`ResourceHandle::delete`] | a read, a destroy plan (`PlanResourceChange` proposing null), and its apply |
//! | [`ResourceHandle::import`], [`ResourceHandle::import_by_identity`] | `ImportResourceState`, then `ReadResource` of each imported object |
//! | [`ResourceHandle::upgrade`] | `UpgradeResourceState` |
//! | [`DataSourceHandle::read`] | `ValidateDataResourceConfig`, `ReadDataSource` |
//! | [`EphemeralHandle::open`], `renew`, `close` | `ValidateEphemeralResourceConfig` and `OpenEphemeralResource`; `RenewEphemeralResource`; `CloseEphemeralResource` |
//! | [`FunctionHandle::call`] | `CallFunction` |
//! | [`ListHandle::list`] | `ValidateListResourceConfig`, `ListResource` |
//! | [`ActionHandle::validate`], [`ActionHandle::plan`], [`ActionHandle::invoke`] | `ValidateActionConfig`; and `PlanAction`; and `InvokeAction`, its progress read as it streams |
//! | [`Harness::stop`] | `StopProvider` |
//!
//! Each request carries what Terraform's would: the Terraform version and the client
//! capabilities ([`Harness::terraform_version`], [`Harness::write_only_allowed`],
//! [`Harness::deferral_allowed`], [`Harness::computed_blocks_allowed`],
//! [`Harness::store_planned_private`]), and for a resource the private state and identity
//! Terraform stores beside each state (below). No `provider_meta` is sent.
//! [`Harness::opentofu`] plays OpenTofu's client instead, at 1.10, 1.11 or 1.12
//! ([`OpenTofu`]): its version, the capabilities it sends, no identities before 1.12, and
//! the calls it never makes refused ([`Harness::unreachable`] lists them).
//!
//! # Models, plans and unknown values
//!
//! A configuration is the model as Terraform decodes a configuration into it: what it
//! leaves out is null (`Unknown::null()`, `Nullable::Null`, `None`), computed-only
//! attributes included, and a value known only after apply is `Unknown::unknown()`. The
//! proposed new state is built from it and the prior state as Terraform builds it (a
//! configured value as configured, a computed attribute the configuration leaves null as it
//! was; nested blocks matched with their prior objects). A planned state holds unknown
//! values where the provider leaves them to the apply: the model reads them in its
//! `Unknown<T>` fields (the `Unknown<Nullable<T>>` of computed attributes), and a plan
//! that puts an unknown where the model cannot hold one fails to decode, with an error
//! naming the attribute. States are wholly known; `IntoKnown::into_known` turns one into
//! the model's `…Known` view, whose fields need no unwrapping.
//!
//! # Errors and warnings
//!
//! A call fails with the diagnostics of the answer that has an error (`Err`, its warnings
//! included); the warnings of the answers of a call that succeeds come back with it where
//! it returns them ([`ResourceHandle::validate`], [`Planned::warnings`]) and are all kept
//! until [`Harness::take_warnings`]. Terraform's own checks of the provider's answers are
//! errors as they are in Terraform: a plan that changes what the configuration sets
//! ("Provider produced invalid plan"), an apply whose result differs from what the plan
//! made known ("Provider produced inconsistent result after apply"), an imported object
//! that its read does not find. So are a type name the provider does not serve, and a model
//! that is not the one registered for the type name.
//!
//! # What Terraform keeps beside a state
//!
//! Terraform stores a resource's private state and identity with its state and sends them
//! back with it. So does the harness: for every state it returns it keeps the private state
//! and identity that came with it, and a state passed back (as the prior state of an update
//! or delete, the current state of a read) carries them again when it is equal to one the
//! harness returned. A state built by hand carries none. [`ResourceHandle::private`] and
//! [`ResourceHandle::identity`] show them.
//!
//! ```
//! use tfvalue::{IntoPlanned as _, Nullable, TfSchema, Unknown};
//! use tfvalue_provider::harness::Harness;
//! use tfvalue_provider::{
//!     ApplyError, ConfigureRequest, Context, CreateRequest, DeleteRequest, Diagnostics, Provider,
//!     ReadRequest, Registry, Resource, UpdateRequest,
//! };
//!
//! #[derive(TfSchema)]
//! struct Config {}
//!
//! #[derive(TfSchema, Debug)]
//! struct Message {
//!     name: Unknown<String>,
//!     #[tf(computed)]
//!     text: Unknown<Nullable<String>>,
//! }
//!
//! struct Greet;
//! struct Messages;
//!
//! impl Provider for Greet {
//!     type Config = Config;
//!     type Data = ();
//!     fn register(&self, registry: &mut impl Registry<()>) {
//!         registry.resource("greet_message", Messages);
//!     }
//!     async fn configure(&self, _: &mut Context<()>, _: ConfigureRequest<Config>) -> Result<(), Diagnostics> {
//!         Ok(())
//!     }
//! }
//!
//! fn greeted(planned: Message) -> Result<Message, ApplyError<Message>> {
//!     let mut message = planned.into_planned()?;
//!     message.text = Some(format!("Hello, {}!", message.name)).into();
//!     Ok(message.into())
//! }
//!
//! impl Resource for Messages {
//!     type Model = Message;
//!     type Data = ();
//!     async fn create(&self, _: &mut Context<()>, r: CreateRequest<Message>) -> Result<Message, ApplyError<Message>> {
//!         greeted(r.planned)
//!     }
//!     async fn read(&self, _: &mut Context<()>, r: ReadRequest<Message>) -> Result<Option<Message>, Diagnostics> {
//!         Ok(Some(r.state))
//!     }
//!     async fn update(&self, _: &mut Context<()>, r: UpdateRequest<Message>) -> Result<Message, ApplyError<Message>> {
//!         greeted(r.planned)
//!     }
//!     async fn delete(&self, _: &mut Context<()>, _: DeleteRequest<Message>) -> Result<(), ApplyError<Message>> {
//!         Ok(())
//!     }
//! }
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> Result<(), Diagnostics> {
//! let harness = Harness::new(Greet).expect("the types are declared rightly");
//! harness.configure(&Config {}).await?;
//! let messages = harness.resource::<Message>("greet_message");
//! let config = Message { name: Unknown::known("world".into()), text: Unknown::null() };
//!
//! // The plan leaves `text` to the apply, which fills it in.
//! let planned = messages.plan(None, &config).await?;
//! assert!(planned.state().unwrap().text.is_unknown());
//! let state = messages.apply(&planned).await?.expect("created");
//! assert_eq!(state.text.as_value().map(String::as_str), Some("Hello, world!"));
//!
//! // Or all at once, as `terraform apply` does; then `terraform destroy`.
//! let state = messages.create(&config).await?;
//! assert_eq!(messages.read(&state).await?.unwrap().text, state.text);
//! messages.delete(&state).await?;
//! # Ok(())
//! # }
//! ```

mod action;
mod checks;
mod client;
mod data;
mod function;
mod list;
mod proposal;
mod replay;
mod resource;
mod schema;
#[cfg(test)]
mod tests;
mod wire;

use std::collections::HashMap;
use std::fmt;
use std::sync::{Mutex, PoisonError};

use tfvalue::{Type, Value};
use tokio::sync::OnceCell;
use tonic::Request;

use crate::protocol::proto::tfplugin6 as pb;
use crate::protocol::proto::tfplugin6::provider_server::Provider as _;
use crate::transport::server::ProviderService;
use crate::{Diagnostic, Diagnostics, Model, Provider};

pub use action::{ActionHandle, InvokeFailed, Invoked};
pub use client::{OpenTofu, Unreachable};
pub use data::{DataSourceHandle, Ephemeral, EphemeralHandle};
pub use function::FunctionHandle;
pub use list::{Found, ListHandle};
pub use replay::Replayer;
pub use resource::{Change, Planned, ResourceHandle};

use client::Call;
use schema::Schemas;
use wire::{answer, diagnostics, dynamic, joined, outcome, value_of};

/// The Terraform version the harness names in `ConfigureProvider` unless told otherwise.
pub const TERRAFORM_VERSION: &str = "1.15.5";

/// A provider served in process, called as Terraform calls it (see the [module's
/// documentation](self)).
pub struct Harness<P: Provider> {
    service: ProviderService<P>,
    /// The schemas, read with the first call (`GetProviderSchema`).
    schemas: OnceCell<Result<Schemas, Diagnostics>>,
    terraform_version: String,
    capabilities: pb::ClientCapabilities,
    /// The OpenTofu release whose client the harness plays, if not Terraform's.
    opentofu: Option<OpenTofu>,
    /// The private state and identity of each state answered, by type name and state.
    kept: Mutex<HashMap<(String, Vec<u8>), Kept>>,
    /// The warnings of every answer, until taken.
    warnings: Mutex<Diagnostics>,
}

/// What Terraform stores beside a resource's state and sends back with it.
#[derive(Clone, Debug, Default)]
struct Kept {
    private: Vec<u8>,
    identity: Option<pb::ResourceIdentityData>,
}

/// The problems a provider's registrations have: [`Harness::new`] reports them as
/// [`serve`](crate::serve) does before Terraform sees the provider.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegistrationError {
    problems: Vec<String>,
}

impl RegistrationError {
    /// Every problem, one line each.
    pub fn problems(&self) -> &[String] {
        &self.problems
    }
}

impl fmt::Display for RegistrationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the provider's types are declared wrongly:")?;
        for problem in &self.problems {
            write!(f, "\n  - {problem}")?;
        }
        Ok(())
    }
}

impl std::error::Error for RegistrationError {}

impl<P: Provider> Harness<P> {
    /// Registers the provider's types and checks them, as the provider's start does.
    /// Terraform's client capabilities are those of Terraform 1.15 (write-only attributes
    /// allowed, deferrals not), and its version [`TERRAFORM_VERSION`].
    ///
    /// # Errors
    /// The registrations have problems (a repeated type name, an invalid schema, ...).
    pub fn new(provider: P) -> Result<Self, RegistrationError> {
        let service =
            ProviderService::new(provider).map_err(|problems| RegistrationError { problems })?;
        Ok(Harness {
            service,
            schemas: OnceCell::new(),
            terraform_version: TERRAFORM_VERSION.to_owned(),
            capabilities: pb::ClientCapabilities {
                deferral_allowed: false,
                write_only_attributes_allowed: true,
                store_planned_private: false,
                computed_blocks_allowed: false,
            },
            opentofu: None,
            kept: Mutex::new(HashMap::new()),
            warnings: Mutex::new(Diagnostics::new()),
        })
    }

    /// The Terraform version `ConfigureProvider` names (e.g. `"1.11.4"`).
    #[must_use]
    pub fn terraform_version(mut self, version: impl Into<String>) -> Self {
        self.terraform_version = version.into();
        self
    }

    /// Whether Terraform says it supports write-only attributes (Terraform 1.11 and
    /// later do): without, a configuration that sets one is refused.
    #[must_use]
    pub fn write_only_allowed(mut self, allowed: bool) -> Self {
        self.capabilities.write_only_attributes_allowed = allowed;
        self
    }

    /// Whether Terraform says it accepts deferred changes (only with its experimental
    /// `-allow-deferral`).
    #[must_use]
    pub fn deferral_allowed(mut self, allowed: bool) -> Self {
        self.capabilities.deferral_allowed = allowed;
        self
    }

    /// Whether Terraform says it supports computed blocks (Terraform 1.16 and later do):
    /// without, a configuration of a type with computed blocks is refused. With, a computed
    /// LIST, SET or MAP block that the configuration writes no block of is sent null in the
    /// plan's configuration and proposed new state (on update too), as Terraform 1.16 sends
    /// it, for the provider to fill in; and the plan may put any blocks there.
    ///
    /// ```
    /// # use tfvalue_provider::harness::Harness;
    /// # fn as_terraform_1_16<P: tfvalue_provider::Provider>(provider: P) -> Harness<P> {
    /// // What Terraform 1.16 sends.
    /// Harness::new(provider)
    ///     .expect("the types are declared rightly")
    ///     .terraform_version("1.16.0")
    ///     .computed_blocks_allowed(true)
    ///     .store_planned_private(true)
    /// # }
    /// ```
    #[must_use]
    pub fn computed_blocks_allowed(mut self, allowed: bool) -> Self {
        self.capabilities.computed_blocks_allowed = allowed;
        self
    }

    /// Whether Terraform says it keeps a plan's private state to the plan before apply
    /// (Terraform 1.16 and later do): with, [`ResourceHandle::apply`] sends the first
    /// plan's private state as `planned_private` in its plan during apply, where the
    /// resource's plan reads it as [`Plan::planned_private`](crate::Plan::planned_private).
    #[must_use]
    pub fn store_planned_private(mut self, stored: bool) -> Self {
        self.capabilities.store_planned_private = stored;
        self
    }

    /// Plays OpenTofu's client at the release `tofu` instead of Terraform's: its version
    /// in `ConfigureProvider`, the client capabilities it sends (none before 1.11;
    /// `write_only_attributes_allowed`, and `deferral_allowed` from 1.11.0 to 1.11.3),
    /// identities dropped as OpenTofu drops them before 1.12 (none stored, sent back or
    /// shown by [`ResourceHandle::identity`]), and a call OpenTofu never makes refused with
    /// an error naming the type and why (list resources, actions, ephemeral resources
    /// before 1.11, import by identity before 1.12). [`Harness::unreachable`] lists those
    /// parts of the provider. The RPCs each call sends, and their order, are those of the
    /// table above: OpenTofu's are Terraform's for these commands.
    ///
    /// OpenTofu cannot be run here; this is its client as its source shows it
    /// (`internal/plugin6/grpc_provider.go`), not OpenTofu itself.
    ///
    /// ```
    /// # use tfvalue_provider::harness::{Harness, OpenTofu};
    /// # async fn on_opentofu<P: tfvalue_provider::Provider>(make: impl Fn() -> P) {
    /// for tofu in OpenTofu::ALL {
    ///     let harness = Harness::new(make()).expect("the types are declared rightly").opentofu(tofu);
    ///     // configure, plan, apply... as under Terraform.
    ///     # let _ = harness;
    /// }
    /// # }
    /// ```
    #[must_use]
    pub fn opentofu(mut self, tofu: OpenTofu) -> Self {
        self.terraform_version = tofu.version();
        self.capabilities = pb::ClientCapabilities {
            deferral_allowed: tofu.allows_deferral(),
            write_only_attributes_allowed: tofu.has_ephemeral(),
            store_planned_private: false,
            computed_blocks_allowed: false,
        };
        self.opentofu = Some(tofu);
        self
    }

    /// The parts of the provider the client never reaches: under
    /// [`Harness::opentofu`], its list resource types and action types, its ephemeral
    /// resource types before 1.11, and the identities of its resource types before 1.12.
    /// Under Terraform, none. A test of such a part under that client is no test: a
    /// provider's OpenTofu suite reports them instead.
    ///
    /// # Errors
    /// The provider's schemas cannot be read (`GetProviderSchema`, and for identities
    /// `GetResourceIdentitySchemas`).
    pub async fn unreachable(&self) -> Result<Vec<Unreachable>, Diagnostics> {
        let schemas = self.schemas().await?;
        let Some(tofu) = self.opentofu else {
            return Ok(Vec::new());
        };
        let mut found = Vec::new();
        let mut each = |call: Call, names: &mut dyn Iterator<Item = &String>| {
            found.extend(names.filter_map(|name| Unreachable::new(&tofu, call, name)));
        };
        each(Call::List, &mut schemas.list_resources.keys());
        each(Call::Action, &mut schemas.actions.keys());
        each(Call::Ephemeral, &mut schemas.ephemeral_resources.keys());
        if !tofu.has_identity() {
            let request = Request::new(pb::get_resource_identity_schemas::Request {});
            let identities = answer(self.service.get_resource_identity_schemas(request).await)?;
            outcome(diagnostics(identities.diagnostics))?;
            let mut names: Vec<&String> = identities.identity_schemas.keys().collect();
            names.sort();
            each(Call::Identity, &mut names.into_iter());
        }
        Ok(found)
    }

    /// Validates the provider block's configuration and configures the provider with it.
    /// Without this call, the provider is as Terraform leaves it when the provider block
    /// holds values known only after apply: not configured.
    ///
    /// # Errors
    /// Either answer has an error.
    pub async fn configure(&self, config: &P::Config) -> Result<Diagnostics, Diagnostics> {
        self.schemas().await?;
        let ty = <P::Config as tfvalue::TfSchema>::schema().object_type();
        let config = dynamic(&value_of(config, ty, "Invalid provider configuration")?, ty)?;
        let validated = answer(
            self.service
                .validate_provider_config(Request::new(pb::validate_provider_config::Request {
                    config: Some(config.clone()),
                }))
                .await,
        )?;
        let warnings = outcome(diagnostics(validated.diagnostics))?;
        let configured = answer(
            self.service
                .configure_provider(Request::new(pb::configure_provider::Request {
                    terraform_version: self.terraform_version.clone(),
                    config: Some(config),
                    client_capabilities: self.capabilities(),
                }))
                .await,
        )?;
        let warnings = outcome(joined(warnings, diagnostics(configured.diagnostics)))?;
        self.answered(warnings)
    }

    /// The managed resource type `type_name`, with its model `M`.
    pub fn resource<M: Model>(&self, type_name: &str) -> ResourceHandle<'_, P, M> {
        ResourceHandle::new(self, type_name)
    }

    /// The data source `type_name`, with its model `M`.
    pub fn data_source<M: Model>(&self, type_name: &str) -> DataSourceHandle<'_, P, M> {
        DataSourceHandle::new(self, type_name)
    }

    /// The ephemeral resource type `type_name`, with its model `M`.
    pub fn ephemeral<M: Model>(&self, type_name: &str) -> EphemeralHandle<'_, P, M> {
        EphemeralHandle::new(self, type_name)
    }

    /// The provider function `name`.
    pub fn function(&self, name: &str) -> FunctionHandle<'_, P> {
        FunctionHandle::new(self, name)
    }

    /// The list resource type `type_name`, listing objects of the model `M` with
    /// identities of the model `I`.
    pub fn list<M: Model, I: Model>(&self, type_name: &str) -> ListHandle<'_, P, M, I> {
        ListHandle::new(self, type_name)
    }

    /// The action type `type_name`, with the model `M` of its `config` block.
    pub fn action<M: Model>(&self, type_name: &str) -> ActionHandle<'_, P, M> {
        ActionHandle::new(self, type_name)
    }

    /// Asks the provider to stop, as Terraform does on Ctrl-C (`StopProvider`): every
    /// context's stop token fires, now and for the rest of the harness's life. Run it
    /// beside a long call (`tokio::join!`) to see that call end.
    ///
    /// # Errors
    /// The provider answered with an error.
    pub async fn stop(&self) -> Result<(), Diagnostics> {
        let stopped = answer(
            self.service
                .stop_provider(Request::new(pb::stop_provider::Request {}))
                .await,
        )?;
        if stopped.error.is_empty() {
            Ok(())
        } else {
            Err(Diagnostic::error("The provider could not stop")
                .with_detail(stopped.error)
                .into())
        }
    }

    /// The warnings of every answer since the last call, in order.
    pub fn take_warnings(&self) -> Diagnostics {
        std::mem::take(&mut *self.warnings.lock().unwrap_or_else(PoisonError::into_inner))
    }

    /// The provider's schemas, asked for (`GetProviderSchema`) with the first call.
    async fn schemas(&self) -> Result<&Schemas, Diagnostics> {
        let read = self
            .schemas
            .get_or_init(|| async {
                let request = Request::new(pb::get_provider_schema::Request {});
                Schemas::from_answer(&answer(self.service.get_provider_schema(request).await)?)
            })
            .await;
        read.as_ref().map_err(Clone::clone)
    }

    fn capabilities(&self) -> Option<pb::ClientCapabilities> {
        match self.opentofu {
            Some(tofu) if !tofu.sends_capabilities() => None,
            _ => Some(self.capabilities),
        }
    }

    /// Refuses `call` of `type_name` when the client never makes it.
    fn reach(&self, call: Call, type_name: &str) -> Result<(), Diagnostics> {
        match self.opentofu {
            Some(tofu) => tofu.reach(call, type_name).map_err(Diagnostics::from),
            None => Ok(()),
        }
    }

    /// An identity an answer carried, as the client keeps it: dropped by an OpenTofu
    /// before 1.12, which asks for no identity schema and so ignores every identity.
    fn identity_seen(
        &self,
        identity: Option<pb::ResourceIdentityData>,
    ) -> Option<pb::ResourceIdentityData> {
        match self.opentofu {
            Some(tofu) if !tofu.has_identity() => None,
            _ => identity,
        }
    }

    /// Keeps the warnings of a successful answer and returns them.
    fn answered(&self, warnings: Diagnostics) -> Result<Diagnostics, Diagnostics> {
        let kept = &mut *self.warnings.lock().unwrap_or_else(PoisonError::into_inner);
        kept.extend(warnings.clone());
        Ok(warnings)
    }

    /// The key a state of `ty` is kept by: its type name and its MessagePack.
    fn key(type_name: &str, state: &Value, ty: &Type) -> Option<(String, Vec<u8>)> {
        state
            .to_msgpack(ty)
            .ok()
            .map(|bytes| (type_name.to_owned(), bytes))
    }

    /// Keeps what Terraform stores beside `state`.
    fn keep(&self, type_name: &str, state: &Value, ty: &Type, kept: Kept) {
        if let Some(key) = Self::key(type_name, state, ty) {
            let all = &mut *self.kept.lock().unwrap_or_else(PoisonError::into_inner);
            all.insert(key, kept);
        }
    }

    /// What Terraform stored beside `state`: nothing for a state the harness did not
    /// answer.
    fn kept(&self, type_name: &str, state: &Value, ty: &Type) -> Kept {
        let all = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        (Self::key(type_name, state, ty))
            .and_then(|key| all.get(&key).cloned())
            .unwrap_or_default()
    }
}
