//! A managed resource type in the harness: validate, plan, apply, read, import and upgrade,
//! and the plan-and-apply sequences of `terraform apply` and `terraform destroy`.

use std::marker::PhantomData;

use serde::Serialize;
use tfvalue::path::AttributePath;
use tfvalue::schema::Schema;
use tfvalue::Value;
use tonic::Request;

use super::checks::{apply_problems, plan_problems, Problem};
use super::client::Call;
use super::proposal::{computed_blocks_as_null, proposed_new, same};
use super::schema::registered;
use super::wire::{answer, decode, diagnostics, dynamic, joined, model_of, outcome, value_of};
use super::{Harness, Kept};
use crate::protocol::convert::path_from_proto;
use crate::protocol::proto::tfplugin6 as pb;
use crate::protocol::proto::tfplugin6::provider_server::Provider as _;
use crate::{Diagnostic, Diagnostics, Model, Provider};

/// A managed resource type of the provider, whose objects are of the model `M`: from
/// [`Harness::resource`].
pub struct ResourceHandle<'h, P: Provider, M> {
    harness: &'h Harness<P>,
    type_name: String,
    model: PhantomData<fn() -> M>,
}

/// What a plan does to the object, as Terraform decides it from the plan (Terraform's
/// "action" of a resource change; not to be confused with the provider's
/// [`Action`](crate::Action) types).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// Nothing: the planned state is the prior state. Applying it calls nothing.
    NoOp,
    /// The object is created.
    Create,
    /// The object is updated in place.
    Update,
    /// The object is destroyed and created again: a value at one of the plan's
    /// [`Planned::requires_replace`] paths changes.
    Replace,
    /// The object is destroyed.
    Delete,
}

/// A plan of a change to one object, from [`ResourceHandle::plan`] or
/// [`ResourceHandle::plan_destroy`], for [`ResourceHandle::apply`].
#[derive(Debug)]
pub struct Planned<M> {
    change: Change,
    state: Option<M>,
    requires_replace: Vec<AttributePath>,
    warnings: Diagnostics,
    /// The values the apply sends: the prior state and what Terraform keeps with it, the
    /// configuration, the planned state and what the plan keeps with it.
    prior: Value,
    prior_kept: Kept,
    config: Value,
    planned: Value,
    planned_kept: Kept,
}

impl<M> Planned<M> {
    /// What the plan does to the object.
    pub fn change(&self) -> Change {
        self.change
    }

    /// The planned state (unknown where the apply is to fill in); `None` when the plan
    /// destroys the object. A replacement's is the new object's.
    pub fn state(&self) -> Option<&M> {
        self.state.as_ref()
    }

    /// The planned state, as [`Planned::state`].
    pub fn into_state(self) -> Option<M> {
        self.state
    }

    /// The planned state as a value, as the provider answered it (unknowns with their
    /// refinements).
    pub fn value(&self) -> &Value {
        &self.planned
    }

    /// The attributes whose change would replace the object, as the provider answered them
    /// (only for an object that exists; whether their values change decides
    /// [`Change::Replace`]).
    pub fn requires_replace(&self) -> &[AttributePath] {
        &self.requires_replace
    }

    /// The warnings of the plan's answers.
    pub fn warnings(&self) -> &Diagnostics {
        &self.warnings
    }

    /// The private state the plan keeps for its apply.
    pub fn private(&self) -> &[u8] {
        &self.planned_kept.private
    }
}

/// A plan's answer, checked.
struct PlanAnswer {
    planned: Value,
    requires_replace: Vec<AttributePath>,
    kept: Kept,
    warnings: Diagnostics,
}

impl<'h, P: Provider, M: Model> ResourceHandle<'h, P, M> {
    pub(super) fn new(harness: &'h Harness<P>, type_name: &str) -> Self {
        ResourceHandle {
            harness,
            type_name: type_name.to_owned(),
            model: PhantomData,
        }
    }

    /// Validates a configuration (`ValidateResourceConfig`), as `terraform validate` does;
    /// answers its warnings.
    ///
    /// # Errors
    /// The answer has an error (or the type or model is wrong: see the module's
    /// documentation).
    pub async fn validate(&self, config: &M) -> Result<Diagnostics, Diagnostics> {
        let schema = self.schema().await?;
        let config = self.value(config, schema, "Invalid configuration")?;
        let warnings = self.validate_value(schema, &config).await?;
        self.harness.answered(warnings)
    }

    /// Plans the change from `prior` (`None`: the object is to be created) to `config`:
    /// validates the configuration, proposes the new state as Terraform does and asks the
    /// provider for its plan (`PlanResourceChange`), which Terraform's rules then check. A
    /// plan that replaces the object is planned again with no prior state, as Terraform
    /// does, for the new object's planned state. `prior` is used as given: read it first
    /// ([`ResourceHandle::read`]) to plan as `terraform plan` does after its refresh.
    ///
    /// # Errors
    /// An answer has an error, or the plan breaks Terraform's rules.
    pub async fn plan(&self, prior: Option<&M>, config: &M) -> Result<Planned<M>, Diagnostics> {
        let schema = self.schema().await?;
        let ty = schema.object_type();
        let config = self.value(config, schema, "Invalid configuration")?;
        let prior = match prior {
            Some(prior) => self.value(prior, schema, "Invalid prior state")?,
            None => Value::null(ty.clone()),
        };
        let prior_kept = self.harness.kept(&self.type_name, &prior, ty);
        let validated = self.validate_value(schema, &config).await?;
        let mut planned = self.plan_values(schema, prior, prior_kept, config).await?;
        planned.warnings = joined(validated, planned.warnings);
        self.harness.answered(planned.warnings.clone())?;
        Ok(planned)
    }

    /// Plans the destruction of the object `prior` (`PlanResourceChange` proposing null,
    /// which Terraform sends to providers that ask for destroy plans, as this framework
    /// does).
    ///
    /// # Errors
    /// The answer has an error.
    pub async fn plan_destroy(&self, prior: &M) -> Result<Planned<M>, Diagnostics> {
        let schema = self.schema().await?;
        let ty = schema.object_type();
        let prior = self.value(prior, schema, "Invalid prior state")?;
        let prior_kept = self.harness.kept(&self.type_name, &prior, ty);
        let planned = self
            .plan_values(schema, prior, prior_kept, Value::null(ty.clone()))
            .await?;
        self.harness.answered(planned.warnings.clone())?;
        Ok(planned)
    }

    /// Applies a plan as Terraform does: the new state, `None` once the object is
    /// destroyed. A create or update is planned once more first (`ValidateResourceConfig`,
    /// `PlanResourceChange` from the same prior state and configuration, with the first
    /// plan's private state as `planned_private` when [`Harness::store_planned_private`]),
    /// and that final plan, which must keep every value the first one made known, is
    /// applied (`ApplyResourceChange`, with its private state and identity); an update
    /// that the final plan finds to change nothing is not applied. A replacement destroys
    /// the object, then plans the new one again from no prior state and creates it. A plan
    /// that changes nothing is not sent, and answers the prior state. The new state is
    /// checked against the final plan.
    ///
    /// # Errors
    /// An answer has an error, the final plan breaks the first one, or the new state is
    /// not what the final plan made known.
    pub async fn apply(&self, planned: &Planned<M>) -> Result<Option<M>, Diagnostics> {
        let schema = self.schema().await?;
        let ty = schema.object_type();
        let null = Value::null(ty.clone());
        let state = match planned.change {
            Change::NoOp => planned.prior.clone(),
            Change::Create | Change::Update => {
                let p = planned;
                match self.final_plan(schema, &p.prior, &p.prior_kept, p).await? {
                    Some((state, kept)) => {
                        self.apply_values(schema, &p.prior, &state, &p.config, &kept)
                            .await?
                    }
                    None => p.prior.clone(),
                }
            }
            Change::Delete => {
                let kept = Kept {
                    identity: planned.prior_kept.identity.clone(),
                    ..planned.planned_kept.clone()
                };
                self.apply_values(schema, &planned.prior, &null, &null, &kept)
                    .await?
            }
            Change::Replace => {
                let p = planned;
                self.apply_values(schema, &p.prior, &null, &null, &p.prior_kept)
                    .await?;
                let final_plan = self.final_plan(schema, &null, &Kept::default(), p).await?;
                let (state, kept) =
                    final_plan.unwrap_or_else(|| (p.planned.clone(), Kept::default()));
                self.apply_values(schema, &null, &state, &p.config, &kept)
                    .await?
            }
        };
        if state.is_null() {
            return Ok(None);
        }
        model_of(&state, "New state does not fit the model").map(Some)
    }

    /// Creates an object from `config`, as `terraform apply` does: validates, plans from
    /// no prior state, and applies. Answers the new state.
    ///
    /// # Errors
    /// An answer has an error, or Terraform's checks of the plan or the apply fail.
    pub async fn create(&self, config: &M) -> Result<M, Diagnostics> {
        let planned = self.plan(None, config).await?;
        self.applied(&planned).await
    }

    /// Changes the object `prior` to `config`, as `terraform apply` does: reads it (the
    /// refresh), plans from what it read (a create when it is gone), and applies (in place,
    /// or a replacement). Answers the new state.
    ///
    /// # Errors
    /// An answer has an error, or Terraform's checks of the plan or the apply fail.
    pub async fn update(&self, prior: &M, config: &M) -> Result<M, Diagnostics> {
        let current = self.read(prior).await?;
        let planned = self.plan(current.as_ref(), config).await?;
        self.applied(&planned).await
    }

    /// Destroys the object `prior`, as `terraform destroy` does: reads it (nothing more to
    /// do when it is gone), plans its destruction and applies.
    ///
    /// # Errors
    /// An answer has an error.
    pub async fn delete(&self, prior: &M) -> Result<(), Diagnostics> {
        let Some(current) = self.read(prior).await? else {
            return Ok(());
        };
        let planned = self.plan_destroy(&current).await?;
        match self.apply(&planned).await? {
            None => Ok(()),
            Some(_) => Err(self.invalid_result("the object still exists after its destruction")),
        }
    }

    /// Reads the object `state` as Terraform refreshes it: its stored state upgraded
    /// (`UpgradeResourceState` at the schema's current version, which runs the resource's
    /// repair), then read (`ReadResource`, with the private state and identity kept with
    /// the state). `None`: the object is gone.
    ///
    /// # Errors
    /// An answer has an error.
    pub async fn read(&self, state: &M) -> Result<Option<M>, Diagnostics> {
        let schema = self.schema().await?;
        let ty = schema.object_type();
        let state = self.value(state, schema, "Invalid state")?;
        let kept = self.harness.kept(&self.type_name, &state, ty);
        let json = state
            .to_json(ty)
            .map_err(|e| Diagnostics::from_value_error("Invalid state", &e))?;
        let upgraded = self.upgrade_value(schema, schema.version, json).await?;
        match self.read_value(schema, &upgraded, kept).await? {
            Some(read) => model_of(&read, "Read state does not fit the model").map(Some),
            None => Ok(None),
        }
    }

    /// Imports the object with the id `id` as `terraform import` does: `ImportResourceState`,
    /// then a read of each object imported. Answers their states.
    ///
    /// # Errors
    /// An answer has an error, or an imported object is not found by its read.
    pub async fn import(&self, id: &str) -> Result<Vec<M>, Diagnostics> {
        self.import_request(id.to_owned(), None).await
    }

    /// Imports the object with the identity `identity` (an `import` block's `identity`,
    /// Terraform 1.12 and later), as [`ResourceHandle::import`] does.
    ///
    /// # Errors
    /// The identity does not encode, an answer has an error, or an imported object is not
    /// found by its read.
    pub async fn import_by_identity<I: Serialize>(
        &self,
        identity: &I,
    ) -> Result<Vec<M>, Diagnostics> {
        self.harness.reach(Call::Identity, &self.type_name)?;
        let msgpack = tfvalue::msgpack::to_vec(identity)
            .map_err(|e| Diagnostics::from_value_error("Invalid identity", &e))?;
        let identity = pb::ResourceIdentityData {
            identity_data: Some(pb::DynamicValue {
                msgpack,
                json: Vec::new(),
            }),
        };
        self.import_request(String::new(), Some(identity)).await
    }

    /// Upgrades a state stored with the schema version `version` (its JSON, as in a state
    /// file) to the current model (`UpgradeResourceState`).
    ///
    /// # Errors
    /// The answer has an error.
    pub async fn upgrade(&self, version: i64, raw_state_json: &[u8]) -> Result<M, Diagnostics> {
        let schema = self.schema().await?;
        let upgraded = self
            .upgrade_value(schema, version, raw_state_json.to_vec())
            .await?;
        model_of(&upgraded, "Upgraded state does not fit the model")
    }

    /// The private state Terraform keeps with `state` (empty for none, and for a state the
    /// harness did not answer).
    ///
    /// # Errors
    /// The type or model is wrong, or `state` does not encode.
    pub async fn private(&self, state: &M) -> Result<Vec<u8>, Diagnostics> {
        let schema = self.schema().await?;
        let state = self.value(state, schema, "Invalid state")?;
        let kept = self
            .harness
            .kept(&self.type_name, &state, schema.object_type());
        Ok(kept.private)
    }

    /// The identity Terraform keeps with `state`, decoded as `I` (the resource type's
    /// identity model); `None` when there is none.
    ///
    /// # Errors
    /// The type or model is wrong, or the identity does not decode as `I`.
    pub async fn identity<I: Model>(&self, state: &M) -> Result<Option<I>, Diagnostics> {
        let schema = self.schema().await?;
        let state = self.value(state, schema, "Invalid state")?;
        let kept = self
            .harness
            .kept(&self.type_name, &state, schema.object_type());
        let Some(data) = kept.identity.and_then(|i| i.identity_data) else {
            return Ok(None);
        };
        let ty = I::schema().object_type();
        let value = decode(Some(&data), ty, "identity")?;
        model_of(&value, "Identity does not fit the model").map(Some)
    }

    /// The schema of the type, when `M` is its model.
    async fn schema(&self) -> Result<&'h Schema, Diagnostics> {
        let schemas = self.harness.schemas().await?;
        registered::<M>(&schemas.resources, "resource type", &self.type_name)
    }

    fn value(&self, model: &M, schema: &Schema, what: &str) -> Result<Value, Diagnostics> {
        value_of(model, schema.object_type(), what)
    }

    /// Applies `planned` and answers the new state, which must exist.
    async fn applied(&self, planned: &Planned<M>) -> Result<M, Diagnostics> {
        match self.apply(planned).await? {
            Some(state) => Ok(state),
            None => Err(self.invalid_result("the apply answered no object where one was planned")),
        }
    }

    fn invalid_result(&self, what: &str) -> Diagnostics {
        Diagnostic::error("Provider returned invalid result object after apply")
            .with_detail(format!(
                "After applying a change to {}, {what}. This is a bug in the provider.",
                self.type_name
            ))
            .into()
    }

    async fn validate_value(
        &self,
        schema: &Schema,
        config: &Value,
    ) -> Result<Diagnostics, Diagnostics> {
        let request = pb::validate_resource_config::Request {
            type_name: self.type_name.clone(),
            config: Some(dynamic(config, schema.object_type())?),
            client_capabilities: self.harness.capabilities(),
        };
        let validated = answer(
            self.harness
                .service
                .validate_resource_config(Request::new(request))
                .await,
        )?;
        outcome(diagnostics(validated.diagnostics))
    }

    /// Plans from `prior` to `config` (null: destroy) and decides the change; a
    /// replacement is planned again from no prior state.
    async fn plan_values(
        &self,
        schema: &Schema,
        prior: Value,
        prior_kept: Kept,
        config: Value,
    ) -> Result<Planned<M>, Diagnostics> {
        let first = (self.plan_rpc(schema, &prior, &prior_kept, &config, Vec::new())).await?;
        let change = change_of(&prior, &first.planned, &first.requires_replace);
        let (answer, warnings) = if change == Change::Replace {
            let null = Value::null(schema.object_type().clone());
            let again = self
                .plan_rpc(schema, &null, &Kept::default(), &config, Vec::new())
                .await?;
            let warnings = joined(first.warnings, again.warnings.clone());
            let again = PlanAnswer {
                requires_replace: first.requires_replace,
                ..again
            };
            (again, warnings)
        } else {
            let warnings = first.warnings.clone();
            (first, warnings)
        };
        let state = if answer.planned.is_null() {
            None
        } else {
            Some(model_of(
                &answer.planned,
                "Planned state does not fit the model",
            )?)
        };
        Ok(Planned {
            change,
            state,
            requires_replace: answer.requires_replace,
            warnings,
            prior,
            prior_kept,
            config,
            planned: answer.planned,
            planned_kept: answer.kept,
        })
    }

    async fn plan_rpc(
        &self,
        schema: &Schema,
        prior: &Value,
        prior_kept: &Kept,
        config: &Value,
        planned_private: Vec<u8>,
    ) -> Result<PlanAnswer, Diagnostics> {
        let ty = schema.object_type();
        // Terraform 1.16 sends a computed block the configuration writes none of as null,
        // in the configuration and so in the proposal.
        let prepared;
        let config = if self.harness.capabilities.computed_blocks_allowed {
            prepared = computed_blocks_as_null(&schema.block, config);
            &prepared
        } else {
            config
        };
        // A destroy proposes null (Terraform builds no proposal for it).
        let proposed = if config.is_null() {
            config.clone()
        } else {
            proposed_new(&schema.block, prior, config)
        };
        let request = pb::plan_resource_change::Request {
            type_name: self.type_name.clone(),
            prior_state: Some(dynamic(prior, ty)?),
            proposed_new_state: Some(dynamic(&proposed, ty)?),
            config: Some(dynamic(config, ty)?),
            prior_private: prior_kept.private.clone(),
            provider_meta: None,
            planned_private,
            client_capabilities: self.harness.capabilities(),
            prior_identity: prior_kept.identity.clone(),
        };
        let planned = answer(
            self.harness
                .service
                .plan_resource_change(Request::new(request))
                .await,
        )?;
        let warnings = outcome(diagnostics(planned.diagnostics))?;
        let value = decode(planned.planned_state.as_ref(), ty, "planned state")?;
        if !config.is_null() {
            let problems = plan_problems(&schema.block, prior, config, &value);
            self.fail_on(
                "Provider produced invalid plan",
                "planned an invalid value for",
                problems,
            )?;
        } else if !value.is_null() {
            return Err(Diagnostic::error("Provider produced invalid plan")
                .with_detail(format!(
                    "The provider planned a non-null object for the destruction of {}.",
                    self.type_name
                ))
                .into());
        }
        Ok(PlanAnswer {
            planned: value,
            requires_replace: planned
                .requires_replace
                .iter()
                .map(path_from_proto)
                .collect(),
            kept: Kept {
                private: planned.planned_private,
                identity: (self.harness.identity_seen(planned.planned_identity))
                    .or_else(|| prior_kept.identity.clone()),
            },
            warnings,
        })
    }

    /// Terraform's plan during apply of `first` (a create or update; for a replacement,
    /// the create after the destroy, from no prior state): the configuration validated
    /// again and planned again from `prior`, handing back the first plan's private state
    /// where Terraform stores it (1.16 and later). The final planned state and what comes
    /// with it; `None` when an update now changes nothing.
    async fn final_plan(
        &self,
        schema: &Schema,
        prior: &Value,
        prior_kept: &Kept,
        first: &Planned<M>,
    ) -> Result<Option<(Value, Kept)>, Diagnostics> {
        let validated = self.validate_value(schema, &first.config).await?;
        self.harness.answered(validated)?;
        let planned_private = if self.harness.capabilities.store_planned_private {
            first.planned_kept.private.clone()
        } else {
            Vec::new()
        };
        let again =
            (self.plan_rpc(schema, prior, prior_kept, &first.config, planned_private)).await?;
        self.harness.answered(again.warnings)?;
        self.fail_on(
            "Provider produced inconsistent final plan",
            "produced an invalid new value, when planning again during apply, for",
            apply_problems(&first.planned, &again.planned),
        )?;
        let now = change_of(prior, &again.planned, &again.requires_replace);
        match (first.change, now) {
            (Change::Update, Change::NoOp) => Ok(None),
            (Change::Update, Change::Update)
            | (Change::Create | Change::Replace, Change::Create) => {
                Ok(Some((again.planned, again.kept)))
            }
            (was, now) => Err(
                Diagnostic::error("Provider produced inconsistent final plan")
                    .with_detail(format!(
                        "When planning {} again during apply, the provider changed the planned \
                     action from {was:?} to {now:?}. This is a bug in the provider.",
                        self.type_name
                    ))
                    .into(),
            ),
        }
    }

    /// One `ApplyResourceChange`; keeps what Terraform stores with the new state.
    async fn apply_values(
        &self,
        schema: &Schema,
        prior: &Value,
        planned: &Value,
        config: &Value,
        kept: &Kept,
    ) -> Result<Value, Diagnostics> {
        let ty = schema.object_type();
        let request = pb::apply_resource_change::Request {
            type_name: self.type_name.clone(),
            prior_state: Some(dynamic(prior, ty)?),
            planned_state: Some(dynamic(planned, ty)?),
            config: Some(dynamic(config, ty)?),
            planned_private: kept.private.clone(),
            provider_meta: None,
            planned_identity: kept.identity.clone(),
        };
        let applied = answer(
            self.harness
                .service
                .apply_resource_change(Request::new(request))
                .await,
        )?;
        let warnings = outcome(diagnostics(applied.diagnostics))?;
        let state = decode(applied.new_state.as_ref(), ty, "new state")?;
        if planned.is_null() {
            if !state.is_null() {
                return Err(self.invalid_result(
                    "the provider answered a non-null object for its destruction",
                ));
            }
        } else {
            self.fail_on(
                "Provider produced inconsistent result after apply",
                "produced an unexpected new value for",
                apply_problems(planned, &state),
            )?;
            let identity = (self.harness.identity_seen(applied.new_identity))
                .or_else(|| kept.identity.clone());
            let new_kept = Kept {
                private: applied.private,
                identity,
            };
            self.harness.keep(&self.type_name, &state, ty, new_kept);
        }
        self.harness.answered(warnings)?;
        Ok(state)
    }

    /// `UpgradeResourceState` of a stored state (its JSON) of schema version `version`.
    async fn upgrade_value(
        &self,
        schema: &Schema,
        version: i64,
        json: Vec<u8>,
    ) -> Result<Value, Diagnostics> {
        let request = pb::upgrade_resource_state::Request {
            type_name: self.type_name.clone(),
            version,
            raw_state: Some(pb::RawState {
                json,
                flatmap: Default::default(),
            }),
        };
        let upgraded = answer(
            self.harness
                .service
                .upgrade_resource_state(Request::new(request))
                .await,
        )?;
        let warnings = outcome(diagnostics(upgraded.diagnostics))?;
        let state = decode(
            upgraded.upgraded_state.as_ref(),
            schema.object_type(),
            "upgraded state",
        )?;
        self.harness.answered(warnings)?;
        Ok(state)
    }

    /// `ReadResource` of `state`, with what Terraform keeps beside it; keeps what comes
    /// back with the state read. `None`: the object is gone.
    async fn read_value(
        &self,
        schema: &Schema,
        state: &Value,
        kept: Kept,
    ) -> Result<Option<Value>, Diagnostics> {
        let ty = schema.object_type();
        let request = pb::read_resource::Request {
            type_name: self.type_name.clone(),
            current_state: Some(dynamic(state, ty)?),
            private: kept.private,
            provider_meta: None,
            client_capabilities: self.harness.capabilities(),
            current_identity: kept.identity.clone(),
        };
        let read = answer(
            self.harness
                .service
                .read_resource(Request::new(request))
                .await,
        )?;
        let warnings = outcome(diagnostics(read.diagnostics))?;
        let state = decode(read.new_state.as_ref(), ty, "state")?;
        self.harness.answered(warnings)?;
        if state.is_null() {
            return Ok(None);
        }
        let new_kept = Kept {
            private: read.private,
            identity: self
                .harness
                .identity_seen(read.new_identity)
                .or(kept.identity),
        };
        self.harness.keep(&self.type_name, &state, ty, new_kept);
        Ok(Some(state))
    }

    async fn import_request(
        &self,
        id: String,
        identity: Option<pb::ResourceIdentityData>,
    ) -> Result<Vec<M>, Diagnostics> {
        let schema = self.schema().await?;
        let ty = schema.object_type();
        let request = pb::import_resource_state::Request {
            type_name: self.type_name.clone(),
            id: id.clone(),
            client_capabilities: self.harness.capabilities(),
            identity,
        };
        let imported = answer(
            self.harness
                .service
                .import_resource_state(Request::new(request))
                .await,
        )?;
        let warnings = outcome(diagnostics(imported.diagnostics))?;
        self.harness.answered(warnings)?;
        let mut states = Vec::new();
        for object in imported.imported_resources {
            if object.type_name != self.type_name {
                return Err(Diagnostic::error("Unexpected import result")
                    .with_detail(format!(
                        "Importing {} {id:?} answered an object of {:?}, which this handle \
                         cannot read: use a handle of that type.",
                        self.type_name, object.type_name
                    ))
                    .into());
            }
            let state = decode(object.state.as_ref(), ty, "imported state")?;
            let kept = Kept {
                private: object.private,
                identity: self.harness.identity_seen(object.identity),
            };
            let Some(read) = self.read_value(schema, &state, kept).await? else {
                return Err(
                    Diagnostic::error("Cannot import non-existent remote object")
                        .with_detail(format!(
                            "While attempting to import an existing object to {}, the provider \
                         detected that no object exists with the given id ({id:?}). Only \
                         pre-existing objects can be imported.",
                            self.type_name
                        ))
                        .into(),
                );
            };
            states.push(model_of(&read, "Imported state does not fit the model")?);
        }
        Ok(states)
    }

    /// Fails with one error per problem (`summary`; the detail says the provider `did`
    /// something to the type at the problem's path).
    fn fail_on(&self, summary: &str, did: &str, problems: Vec<Problem>) -> Result<(), Diagnostics> {
        if problems.is_empty() {
            return Ok(());
        }
        let mut errors = Diagnostics::new();
        for Problem { path, what } in problems {
            errors.push(
                Diagnostic::error(summary)
                    .with_detail(format!(
                        "The provider {did} {}{path}: {what}. This is a bug in the provider.",
                        self.type_name
                    ))
                    .at(path),
            );
        }
        Err(errors)
    }
}

/// What Terraform does with a plan from `prior` to `planned`: nothing when the planned
/// state is the prior one, wholly known; a replacement when a value at a
/// `requires_replace` path changes (or becomes unknown).
fn change_of(prior: &Value, planned: &Value, requires_replace: &[AttributePath]) -> Change {
    match (prior.is_null(), planned.is_null()) {
        (true, true) => Change::NoOp,
        (true, false) => Change::Create,
        (false, true) => Change::Delete,
        (false, false) if planned.is_wholly_known() && same(prior, planned) => Change::NoOp,
        (false, false) => {
            let changes = |path: &AttributePath| match (prior.get(path), planned.get(path)) {
                (Some(p), Some(n)) => !(n.is_wholly_known() && same(p, n)),
                (None, None) => false,
                _ => true,
            };
            if requires_replace.iter().any(changes) {
                Change::Replace
            } else {
                Change::Update
            }
        }
    }
}
