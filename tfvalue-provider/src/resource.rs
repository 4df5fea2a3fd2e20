//! [`Resource`]: a managed resource type, and [`Plan`], what its plan step works on.

use std::future::Future;

use tfvalue::path::AttributePath;

use crate::apply_error::ApplyError;
use crate::context::Context;
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::model::Model;
use crate::move_state::MovedState;

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
/// unknown values from configuration (refinements included), reports
/// [`Resource::requires_replace`], carries private state, checks that applied state is
/// wholly known, and answers destroy plans.
pub trait Resource: Send + Sync + 'static {
    /// The model of the resource's objects.
    type Model: Model;
    /// What the provider's `configure` returns (the same type as its `Data`).
    type Data: Send + Sync + 'static;

    /// Checks a configuration beyond what the schema says (values may be unknown).
    fn validate(
        &self,
        ctx: &mut Context<Self::Data>,
        config: &Self::Model,
    ) -> impl Future<Output = Result<(), Diagnostics>> + Send {
        let _ = (ctx, config);
        async { Ok(()) }
    }

    /// Adjusts the plan. When it is called, `plan.planned` already holds Terraform's
    /// proposed new state with every computed attribute the configuration leaves null made
    /// unknown on create (and on update when anything changed); set what the provider
    /// knows in advance (e.g. keep `id` from `plan.prior`), or add paths to replace.
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
        planned: Self::Model,
        config: Self::Model,
    ) -> impl Future<Output = Result<Self::Model, ApplyError<Self::Model>>> + Send;

    /// Reads the object's current state; `None` when it no longer exists (Terraform then
    /// plans to create it again).
    fn read(
        &self,
        ctx: &mut Context<Self::Data>,
        current: Self::Model,
    ) -> impl Future<Output = Result<Option<Self::Model>, Diagnostics>> + Send;

    /// Updates the object from `prior` to `planned` in place and returns its new state.
    /// `config` is the configuration as written (see [`Resource::create`]). A failure after
    /// the object changed carries its state as it now is ([`ApplyError::with_state`]);
    /// without one, the object is taken to be as `prior` says.
    fn update(
        &self,
        ctx: &mut Context<Self::Data>,
        prior: Self::Model,
        planned: Self::Model,
        config: Self::Model,
    ) -> impl Future<Output = Result<Self::Model, ApplyError<Self::Model>>> + Send;

    /// Deletes the object. A failure leaves the object in state as `prior` says, unless it
    /// carries the object's state as it now is ([`ApplyError::with_state`]).
    fn delete(
        &self,
        ctx: &mut Context<Self::Data>,
        prior: Self::Model,
    ) -> impl Future<Output = Result<(), ApplyError<Self::Model>>> + Send;

    /// Imports an existing object by the id the user gave (`terraform import`, `import`
    /// blocks): returns a state that [`Resource::read`] can complete. By default the
    /// resource does not support import.
    fn import(
        &self,
        ctx: &mut Context<Self::Data>,
        id: &str,
    ) -> impl Future<Output = Result<Self::Model, Diagnostics>> + Send {
        let _ = (ctx, id);
        async {
            Err(Diagnostic::error("Resource import not supported")
                .with_detail("This resource type cannot be imported.")
                .into())
        }
    }

    /// Upgrades a state stored with an older schema `version` (its raw JSON) to the current
    /// model. Called only when `version` differs from the model's schema version; states of
    /// the current version are read by the framework. Implement it with
    /// [`tfvalue::upgrade_state`] and a chain of [`tfvalue::StateVersion`] models.
    fn upgrade_state(
        &self,
        ctx: &mut Context<Self::Data>,
        version: i64,
        raw_state_json: &[u8],
    ) -> impl Future<Output = Result<Self::Model, Diagnostics>> + Send {
        let _ = (ctx, raw_state_json);
        async move {
            Err(Diagnostic::error("Unsupported state version")
                .with_detail(format!(
                    "The state was stored with schema version {version}, and this resource \
                     has no upgrade from it to version {}.",
                    <Self::Model as tfvalue::TfSchema>::schema().version
                ))
                .into())
        }
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

    /// Attributes whose change replaces the object instead of updating it (paths from the
    /// model's root, e.g. `AttributePath::root().attr("path")`). Checked against the schema
    /// when the provider starts.
    fn requires_replace(&self) -> Vec<AttributePath> {
        Vec::new()
    }
}

/// What [`Resource::plan`] works on.
#[derive(Debug)]
pub struct Plan<M> {
    /// The current state; `None` when the object is to be created.
    pub prior: Option<M>,
    /// The configuration (computed attributes it leaves out are null).
    pub config: M,
    /// The planned new state, which the method may change.
    pub planned: M,
    pub(crate) replace: Vec<AttributePath>,
}

impl<M> Plan<M> {
    /// Whether the object is to be created.
    pub fn is_create(&self) -> bool {
        self.prior.is_none()
    }

    /// Marks an attribute whose planned change requires replacing the object (in addition
    /// to [`Resource::requires_replace`]). Terraform replaces the object when the value at
    /// `path` differs between prior and planned state.
    pub fn requires_replace(&mut self, path: AttributePath) {
        self.replace.push(path);
    }
}
