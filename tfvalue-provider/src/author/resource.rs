//! [`Resource`]: a managed resource type, and [`Plan`], what its plan step works on.

use std::future::Future;

use tfvalue::{Upgrades, Value};

use crate::author::apply_error::ApplyError;
use crate::author::context::Context;
use crate::author::diagnostics::{Diagnostic, Diagnostics};
use crate::author::model::Model;
use crate::author::move_state::MovedState;
use crate::author::private::Private;
use crate::author::requests::{
    CreateRequest, DeleteRequest, ImportRequest, ReadRequest, UpdateRequest, ValidateRequest,
};

/// A managed resource type: Terraform creates, reads, updates and deletes its objects.
///
/// Its [`Model`] is the schema and the value of one object (configuration, plan and state
/// all have the model's shape). Attributes the provider computes are
/// `Unknown<Nullable<T>>` in the model: null in configuration, unknown in a plan,
/// known in state.
///
/// The framework does the protocol's work around these methods: it decodes every value
/// (a decode failure becomes an error pointing at the attribute), plans computed
/// attributes the configuration leaves null as unknown ("known after apply"), keeps
/// unknown values from configuration (refinements included), applies the model's declared
/// defaults and plan rules (`#[tf(requires_replace)]` and the like), carries private state, checks that applied state is
/// wholly known, and answers destroy plans.
pub trait Resource: Send + Sync + 'static {
    /// The model of the resource's objects.
    type Model: Model;
    /// What the provider's `configure` returns (the same type as its `Data`).
    type Data: Send + Sync + 'static;

    /// Checks a configuration beyond what the schema says (values may be unknown).
    ///
    /// A warning (say, a setting that works but is discouraged) goes on the context,
    /// [`Context::warn`], and is answered with the success; returning `Err` fails the
    /// validation, and the warnings given before are answered with its errors. The
    /// framework's own findings come first: warnings for the deprecated
    /// attributes and blocks the configuration sets, errors of the validators the model
    /// declares.
    ///
    /// ```
    /// use tfvalue::{Nullable, TfSchema, Unknown};
    /// use tfvalue_provider::{Context, Diagnostic, Diagnostics, ValidateRequest};
    /// # use tfvalue_provider::{ApplyError, Resource};
    ///
    /// #[derive(TfSchema)]
    /// struct Disk {
    ///     name: Unknown<String>,
    ///     size_gb: Unknown<Nullable<i64>>,
    /// }
    ///
    /// struct Disks;
    ///
    /// impl Resource for Disks {
    ///     type Model = Disk;
    ///     type Data = ();
    ///
    ///     async fn validate(
    ///         &self,
    ///         ctx: &mut Context<()>,
    ///         request: ValidateRequest<Disk>,
    ///     ) -> Result<(), Diagnostics> {
    ///         let size = request.config.size_gb.as_known().and_then(Nullable::as_value);
    ///         if size.is_some_and(|&gb| gb > 16_384) {
    ///             // Valid, and worth a word: a warning at the attribute, and success.
    ///             ctx.warn(
    ///                 Diagnostic::warning("Very large disk")
    ///                     .with_detail("Disks over 16 TiB take hours to create.")
    ///                     .at("size_gb"),
    ///             );
    ///         }
    ///         Ok(())
    ///     }
    /// #   async fn create(&self, _: &mut Context<()>, r: tfvalue_provider::CreateRequest<Disk>) -> Result<Disk, ApplyError<Disk>> { Ok(r.planned) }
    /// #   async fn read(&self, _: &mut Context<()>, r: tfvalue_provider::ReadRequest<Disk>) -> Result<Option<Disk>, Diagnostics> { Ok(Some(r.state)) }
    /// #   async fn update(&self, _: &mut Context<()>, r: tfvalue_provider::UpdateRequest<Disk>) -> Result<Disk, ApplyError<Disk>> { Ok(r.planned) }
    /// #   async fn delete(&self, _: &mut Context<()>, _: tfvalue_provider::DeleteRequest<Disk>) -> Result<(), ApplyError<Disk>> { Ok(()) }
    /// }
    /// ```
    fn validate(
        &self,
        ctx: &mut Context<Self::Data>,
        request: ValidateRequest<Self::Model>,
    ) -> impl Future<Output = Result<(), Diagnostics>> + Send {
        let _ = (ctx, request);
        async { Ok(()) }
    }

    /// Adjusts the plan. When it is called, `plan.planned` already holds Terraform's
    /// proposed new state with every computed attribute the configuration leaves null made
    /// unknown on create (and on update when anything changed); set what the provider
    /// knows in advance (e.g. keep `id` from `plan.prior`). What replaces the object is
    /// declared on the model (`#[tf(requires_replace)]`, `#[tf(requires_replace_if = f)]`).
    fn plan(
        &self,
        ctx: &mut Context<Self::Data>,
        plan: &mut Plan<Self::Model>,
    ) -> impl Future<Output = Result<(), Diagnostics>> + Send {
        let _ = (ctx, plan);
        async { Ok(()) }
    }

    /// Creates the object from the planned state and returns its state, wholly known.
    ///
    /// `config` is the configuration as written: it holds what the plan does not, such as
    /// write-only attributes (always null in `planned`). Once the remote object exists, a
    /// failure must carry its state ([`ApplyError::with_state`]) so that Terraform keeps
    /// track of it (as a tainted object, replaced on the next apply).
    fn create(
        &self,
        ctx: &mut Context<Self::Data>,
        request: CreateRequest<Self::Model>,
    ) -> impl Future<Output = Result<Self::Model, ApplyError<Self::Model>>> + Send;

    /// Reads the object's current state; `None` when it no longer exists (Terraform then
    /// plans to create it again).
    fn read(
        &self,
        ctx: &mut Context<Self::Data>,
        request: ReadRequest<Self::Model>,
    ) -> impl Future<Output = Result<Option<Self::Model>, Diagnostics>> + Send;

    /// Updates the object from `prior` to `planned` in place and returns its new state.
    /// `config` is the configuration as written (see [`Resource::create`]). A failure after
    /// the object changed carries its state as it now is ([`ApplyError::with_state`]);
    /// without one, the object is taken to be as `prior` says.
    fn update(
        &self,
        ctx: &mut Context<Self::Data>,
        request: UpdateRequest<Self::Model>,
    ) -> impl Future<Output = Result<Self::Model, ApplyError<Self::Model>>> + Send;

    /// Deletes the object. A failure leaves the object in state as `prior` says, unless it
    /// carries the object's state as it now is ([`ApplyError::with_state`]).
    fn delete(
        &self,
        ctx: &mut Context<Self::Data>,
        request: DeleteRequest<Self::Model>,
    ) -> impl Future<Output = Result<(), ApplyError<Self::Model>>> + Send;

    /// Imports an existing object by the id the user gave (`terraform import`, `import`
    /// blocks): returns a state that [`Resource::read`] can complete. By default the
    /// resource does not support import.
    fn import(
        &self,
        ctx: &mut Context<Self::Data>,
        request: ImportRequest,
    ) -> impl Future<Output = Result<Self::Model, Diagnostics>> + Send {
        let _ = (ctx, request);
        async {
            Err(Diagnostic::error("Resource import not supported")
                .with_detail("This resource type cannot be imported.")
                .into())
        }
    }

    /// How states stored with older schema versions become the current model: for each
    /// old version, its model and a conversion, straight into the current model or
    /// through a chain of old models ([`Upgrades`]). The current version is the model's
    /// `#[tf(version = N)]`, said nowhere else. Mistakes in the list (a version given
    /// twice, one not older than the current) are reported when the provider starts. By
    /// default there are none: only states of the current version can be read. A
    /// conversion's error is answered as "Unable to Upgrade Resource State" at the
    /// attribute it names. An old version whose model is not worth declaring can be read
    /// as raw JSON (`from(0, |json: serde_json::Value| ...)`); a state of the current
    /// version is mended by [`Resource::repair_state`].
    ///
    /// ```
    /// use serde::Deserialize;
    /// use tfvalue::{Nullable, TfSchema, Unknown, Upgrades};
    /// # use tfvalue_provider::{ApplyError, Context, Diagnostics, Resource};
    ///
    /// /// Schema version 1 (said once, here): `size` is now `size_gb`, a number.
    /// #[derive(TfSchema)]
    /// #[tf(version = 1)]
    /// struct Disk {
    ///     name: Unknown<String>,
    ///     size_gb: Unknown<Nullable<i64>>,
    /// }
    ///
    /// /// Schema version 0, as its states hold it: only what the conversion reads.
    /// #[derive(Deserialize)]
    /// struct DiskV0 {
    ///     name: String,
    ///     size: Nullable<String>,
    /// }
    ///
    /// fn from_v0(v0: DiskV0) -> tfvalue::Result<Disk> {
    ///     let size_gb = match v0.size.into_option() {
    ///         None => None,
    ///         Some(text) => Some(text.trim_end_matches("GB").parse().map_err(|_| {
    ///             tfvalue::Error::new(tfvalue::ErrorKind::Custom, format!("{text:?} is not a size"))
    ///                 .in_attr("size")
    ///         })?),
    ///     };
    ///     Ok(Disk { name: Unknown::known(v0.name), size_gb: size_gb.into() })
    /// }
    ///
    /// struct Disks;
    ///
    /// impl Resource for Disks {
    ///     type Model = Disk;
    ///     type Data = ();
    ///
    ///     fn upgrades(&self) -> Upgrades<Disk> {
    ///         Upgrades::new().from(0, from_v0)
    ///     }
    /// #   async fn create(&self, _: &mut Context<()>, r: tfvalue_provider::CreateRequest<Disk>) -> Result<Disk, ApplyError<Disk>> { Ok(r.planned) }
    /// #   async fn read(&self, _: &mut Context<()>, r: tfvalue_provider::ReadRequest<Disk>) -> Result<Option<Disk>, Diagnostics> { Ok(Some(r.state)) }
    /// #   async fn update(&self, _: &mut Context<()>, r: tfvalue_provider::UpdateRequest<Disk>) -> Result<Disk, ApplyError<Disk>> { Ok(r.planned) }
    /// #   async fn delete(&self, _: &mut Context<()>, _: tfvalue_provider::DeleteRequest<Disk>) -> Result<(), ApplyError<Disk>> { Ok(()) }
    /// }
    /// ```
    fn upgrades(&self) -> Upgrades<Self::Model> {
        Upgrades::new()
    }

    /// Repairs a stored state of the current schema version before anything decodes it
    /// into the model: the one place where a state that breaks the model's rules can be
    /// mended, such as a required attribute left null by an older release of the
    /// provider (an import that did not set it), which would otherwise fail every later
    /// decoding ("Invalid current state") with no provider code run.
    ///
    /// Terraform sends every stored state through `UpgradeResourceState` before it reads
    /// or plans it, whatever its version; for a state of the current version the framework
    /// reads the JSON into `state` (a [`Value`] of the model's type, read leniently when
    /// strict reading fails, so any attribute may be null), calls this method, and answers
    /// the result: what [`Resource::read`] and [`Resource::plan`] then receive. `state`
    /// must keep the model's type. A state left untouched is answered exactly as it was
    /// read. By default nothing is repaired.
    ///
    /// ```
    /// use tfvalue::{Nullable, TfSchema, Unknown, Value};
    /// use tfvalue_provider::{Context, Diagnostics};
    /// # use tfvalue_provider::{ApplyError, Resource};
    ///
    /// #[derive(TfSchema)]
    /// struct File {
    ///     #[tf(computed)]
    ///     id: Unknown<Nullable<String>>,
    ///     path: Unknown<String>,
    /// }
    ///
    /// struct Files;
    ///
    /// impl Resource for Files {
    ///     type Model = File;
    ///     type Data = ();
    ///
    ///     /// Imports of an older release left `path` null; the id is the path.
    ///     async fn repair_state(&self, _: &mut Context<()>, state: &mut Value) -> Result<(), Diagnostics> {
    ///         let id = state.attr("id").and_then(Value::as_str).map(str::to_owned);
    ///         if let (Some(id), Some(path)) = (id, state.attr_mut("path")) {
    ///             if path.is_null() {
    ///                 *path = Value::String(id);
    ///             }
    ///         }
    ///         Ok(())
    ///     }
    /// #   async fn create(&self, _: &mut Context<()>, r: tfvalue_provider::CreateRequest<File>) -> Result<File, ApplyError<File>> { Ok(r.planned) }
    /// #   async fn read(&self, _: &mut Context<()>, r: tfvalue_provider::ReadRequest<File>) -> Result<Option<File>, Diagnostics> { Ok(Some(r.state)) }
    /// #   async fn update(&self, _: &mut Context<()>, r: tfvalue_provider::UpdateRequest<File>) -> Result<File, ApplyError<File>> { Ok(r.planned) }
    /// #   async fn delete(&self, _: &mut Context<()>, _: tfvalue_provider::DeleteRequest<File>) -> Result<(), ApplyError<File>> { Ok(()) }
    /// }
    /// ```
    fn repair_state(
        &self,
        ctx: &mut Context<Self::Data>,
        state: &mut Value,
    ) -> impl Future<Output = Result<(), Diagnostics>> + Send {
        let _ = (ctx, state);
        async { Ok(()) }
    }

    /// Takes over an object that a `moved` block moves here from another resource type
    /// (Terraform 1.8 and later): returns its state as this type's model, wholly known,
    /// or `None` when this type does not accept objects of the source's type (Terraform
    /// then reports that the move is not supported, naming both types). Decode the source
    /// with [`MovedState::decode`] and the source type's model. The source's private
    /// state is [`Context::private`]; what the context holds on return is the moved
    /// object's. Terraform reads the object ([`Resource::read`]) after the move. By
    /// default the type accepts no moves.
    fn move_state(
        &self,
        ctx: &mut Context<Self::Data>,
        source: MovedState<'_>,
    ) -> impl Future<Output = Result<Option<Self::Model>, Diagnostics>> + Send {
        let _ = (ctx, source);
        async { Ok(None) }
    }
}

/// What [`Resource::plan`] works on.
#[derive(Debug)]
#[non_exhaustive]
pub struct Plan<M> {
    /// The current state; `None` when the object is to be created.
    pub prior: Option<M>,
    /// The configuration (computed attributes it leaves out are null).
    pub config: M,
    /// The planned new state, which the method may change.
    pub planned: M,
    /// What the first plan of this change kept in its private state, when the client
    /// keeps it (see [`Plan::planned_private`]).
    planned_private: Option<Private>,
}

impl<M> Plan<M> {
    /// The plan of a create (`prior` is `None`) or an update, with the planned state as
    /// the framework proposes it, by a client that keeps no plan's private state (as
    /// Terraform before 1.16; see [`Plan::with_planned_private`]).
    pub fn new(prior: Option<M>, config: M, planned: M) -> Self {
        Plan {
            prior,
            config,
            planned,
            planned_private: None,
        }
    }

    /// This plan as a client that keeps the plan's private state makes it (Terraform 1.16
    /// and later): `first` is what the first plan of the change left in its private state,
    /// empty when this is that first plan. [`Plan::planned_private`] answers it.
    #[must_use]
    pub fn with_planned_private(mut self, first: Private) -> Self {
        self.planned_private = Some(first);
        self
    }

    /// Whether the object is to be created.
    pub fn is_create(&self) -> bool {
        self.prior.is_none()
    }

    /// What the first plan of this change kept in its private state, or `None` when the
    /// client keeps no plan's private state.
    ///
    /// Terraform plans a change twice: once for the plan it shows (and saves), and again
    /// just before applying it, when the plan must come out the same. A value the
    /// provider chooses while planning (a generated name, a random port) would come out
    /// differently the second time, so a provider can show it in the plan only when it can
    /// choose it again: Terraform 1.16 and later keep what the first plan leaves in
    /// [`Context::private_mut`] and hand it back to the second, here. The private state the
    /// context holds when the second plan returns is then what the apply receives.
    ///
    /// - `Some(private)`: the client keeps it; `private` is empty in the first plan and
    ///   holds what that plan kept in the second. Choose the value when it holds none, use
    ///   the one it holds otherwise, and keep it in [`Context::private_mut`] either way.
    /// - `None`: the client keeps nothing (Terraform before 1.16, OpenTofu): leave the
    ///   value unknown in the plan and choose it when applying.
    ///
    /// ```
    /// use tfvalue::{Nullable, TfSchema, Unknown};
    /// use tfvalue_provider::{Context, Diagnostics, Plan, Private, StopToken};
    ///
    /// #[derive(TfSchema)]
    /// struct Bucket {
    ///     /// The bucket's name, generated by the provider.
    ///     #[tf(computed)]
    ///     name: Unknown<Nullable<String>>,
    /// }
    ///
    /// fn generate() -> String {
    ///     "bucket-7f3a".to_owned()
    /// }
    ///
    /// // The body of `Resource::plan`.
    /// fn plan(ctx: &mut Context<()>, plan: &mut Plan<Bucket>) -> Result<(), Diagnostics> {
    ///     if !plan.is_create() {
    ///         return Ok(());
    ///     }
    ///     let Some(first) = plan.planned_private() else {
    ///         return Ok(()); // the name stays unknown: create generates it
    ///     };
    ///     let name = match first.get::<String>("name")? {
    ///         Some(name) => name, // the plan before apply: the name the first plan showed
    ///         None => generate(), // the first plan
    ///     };
    ///     ctx.private_mut().set("name", &name)?;
    ///     plan.planned.name = Some(name).into();
    ///     Ok(())
    /// }
    ///
    /// let config = || Bucket { name: Unknown::known(Nullable::Null) };
    /// let planned = || Bucket { name: Unknown::unknown() };
    /// // Terraform 1.15: nothing is kept, so the name stays unknown.
    /// let mut ctx = Context::new((), StopToken::new().0);
    /// let mut old = Plan::new(None, config(), planned());
    /// plan(&mut ctx, &mut old)?;
    /// assert!(old.planned.name.is_unknown());
    /// // Terraform 1.16's second plan, with what its first plan kept.
    /// let mut first = Private::new();
    /// first.set("name", "bucket-1c2d")?;
    /// let mut again = Plan::new(None, config(), planned()).with_planned_private(first);
    /// plan(&mut ctx, &mut again)?;
    /// let name = again.planned.name.as_known().and_then(Nullable::as_value);
    /// assert_eq!(name.map(String::as_str), Some("bucket-1c2d"));
    /// assert_eq!(ctx.private().get::<String>("name")?.as_deref(), Some("bucket-1c2d"));
    /// # Ok::<(), Diagnostics>(())
    /// ```
    pub fn planned_private(&self) -> Option<&Private> {
        self.planned_private.as_ref()
    }
}
