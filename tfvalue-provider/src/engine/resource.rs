//! One request through one typed resource or data source: decoding the values it carries,
//! calling the author's method, encoding what it returns, and turning every failure into
//! diagnostics. Requests and responses are the protocol-neutral ones of `messages.rs`.
//! The registry keeps handlers behind the object-safe traits here, so the dispatch can
//! find them by type name.

use std::sync::Arc;

use tfvalue::path::AttributePath;
use tfvalue::rules::{apply_defaults, apply_modifiers};
use tfvalue::schema::{Block, Schema};
use tfvalue::{TfSchema, Type, Value};

use crate::author::apply_error::ApplyError;
use crate::author::context::Context;
use crate::author::data_source::DataSource;
use crate::author::diagnostics::{protocol_path, Diagnostic, Diagnostics};
use crate::author::model::Model;
use crate::author::private::Private;
use crate::author::requests::{
    CreateRequest, DeleteRequest, ImportRequest, ReadDataSourceRequest, ReadRequest, UpdateRequest,
    ValidateRequest,
};
use crate::author::resource::{Plan, Resource};
use crate::engine::call::{finish, validate_config, BoxFuture};
use crate::engine::plan::{
    keep_prior_computed_blocks, mark_computed_unknown, null_computed_blocks,
};
use crate::engine::refine::{broken_promises, refine_plan};
use crate::engine::rule_findings::finding_error;
use crate::engine::semantic::{keep_in_plan, keep_in_state};
use crate::protocol::codec::{
    decode_config, decode_failed, decode_model, decode_value, encode_model, encode_model_as,
    null_value, Encoding,
};
use crate::protocol::messages::{
    ApplyResourceChangeRequest, ApplyResourceChangeResponse, DynamicValue,
    ImportResourceStateRequest, ImportResourceStateResponse, ImportedResource,
    MoveResourceStateRequest, MoveResourceStateResponse, PlanResourceChangeRequest,
    PlanResourceChangeResponse, ReadDataSourceRequest as ReadDataSourceMessage,
    ReadDataSourceResponse, ReadResourceRequest, ReadResourceResponse, UpgradeResourceStateRequest,
    UpgradeResourceStateResponse, ValidateDataResourceConfigRequest,
    ValidateDataResourceConfigResponse, ValidateResourceConfigRequest,
    ValidateResourceConfigResponse,
};

/// The errors for the write-only attributes `config` sets, when the Terraform that sends
/// it does not support write-only attributes (it announces the support from 1.11 on):
/// such a Terraform would treat them as ordinary attributes and store their values in plan
/// and state. A configuration that does not decode is left to the validation itself.
fn write_only_not_allowed(schema: &Schema, config: Option<&DynamicValue>) -> Diagnostics {
    let mut diagnostics = Diagnostics::new();
    if !schema.block.contains_write_only() {
        return diagnostics;
    }
    let Ok(value) = decode_value(config, schema.object_type()) else {
        return diagnostics;
    };
    for path in schema.block.write_only_set_in(&value) {
        let text = path.to_string();
        let name = text.strip_prefix('.').unwrap_or(&text);
        diagnostics.push(
            Diagnostic::error("Write-only Attribute Not Allowed")
                .with_detail(format!(
                    "The attribute {name} is write-only, and the Terraform running this \
                     configuration does not support write-only attributes: setting it needs \
                     Terraform 1.11 or later."
                ))
                .at(path),
        );
    }
    diagnostics
}

/// The errors for the computed blocks of `config` (a configuration of a type whose schema
/// has them), when the Terraform that sends it does not honour computed blocks (it
/// announces them from 1.16 on, with the `computed_blocks_allowed` capability). Such a
/// Terraform ignores the flag: it sends a block the configuration leaves out as empty
/// rather than null, and rejects as an invalid plan every block the provider fills in, so
/// the type cannot work with it. One error per computed block in the configuration
/// ([`Block::computed_blocks_in`]). A configuration that does not decode is left to the
/// validation itself.
///
/// Both RPCs that carry the capabilities and a configuration refuse: the validation (the
/// first RPC to see a configuration, so `terraform validate` already reports it, at the
/// block's source) and the plan (for a client that plans without validating first).
/// Reads, imports and destroy plans are not refused, so that objects created by a
/// Terraform that has the capability can still be read and destroyed by one that has not.
fn computed_blocks_not_allowed(schema: &Schema, config: Option<&DynamicValue>) -> Diagnostics {
    let mut diagnostics = Diagnostics::new();
    if !schema.block.contains_computed_blocks() {
        return diagnostics;
    }
    let Ok(value) = decode_value(config, schema.object_type()) else {
        return diagnostics;
    };
    for path in schema.block.computed_blocks_in(&value) {
        let text = path.to_string();
        let name = text.strip_prefix('.').unwrap_or(&text);
        diagnostics.push(
            Diagnostic::error("Computed Block Not Supported")
                .with_detail(format!(
                    "The block {name} is computed: the provider fills it in where the \
                     configuration leaves it out, and the Terraform running this \
                     configuration does not support computed blocks. This resource type \
                     needs Terraform 1.16 or later."
                ))
                .at(path),
        );
    }
    diagnostics
}

/// A failed apply: its diagnostics, and the encoded state of the object when the
/// provider said what the object is after the failure.
struct ApplyFailure {
    diagnostics: Diagnostics,
    state: Option<DynamicValue>,
}

impl ApplyFailure {
    /// From the provider's [`ApplyError`]: its state encoded with every value still unknown
    /// made null (Terraform stores no unknown value, and would otherwise add an error of
    /// its own for each).
    fn of<M: Model>(error: ApplyError<M>) -> Self {
        let (mut diagnostics, state) = error.into_parts();
        let state = state.and_then(|state| match state_after_failure(&state) {
            Ok(state) => Some(state),
            Err(e) => {
                diagnostics.push(Diagnostic::from_value_error(
                    "Provider produced an invalid state after a failure",
                    &e,
                ));
                None
            }
        });
        ApplyFailure { diagnostics, state }
    }
}

impl From<Diagnostics> for ApplyFailure {
    fn from(diagnostics: Diagnostics) -> Self {
        ApplyFailure {
            diagnostics,
            state: None,
        }
    }
}

/// `new_state` when it keeps the refinements of `planned`; otherwise a failure that still
/// answers it, so that Terraform records the object the apply made (tainted after a
/// create) beside an error at each attribute that broke its promise.
fn keeps_promises(
    planned: Option<&DynamicValue>,
    new_state: DynamicValue,
    ty: &Type,
) -> Result<DynamicValue, ApplyFailure> {
    let diagnostics = broken_promises(planned, &new_state, ty);
    if diagnostics.has_errors() {
        return Err(ApplyFailure {
            diagnostics,
            state: Some(new_state),
        });
    }
    Ok(new_state)
}

fn state_after_failure<M: Model>(state: &M) -> tfvalue::Result<DynamicValue> {
    let ty = M::schema().object_type();
    let mut value = Value::from_msgpack(&tfvalue::msgpack::to_vec(state)?, ty)?;
    value.unknown_as_null();
    M::schema().block.null_write_only(&mut value);
    Ok(DynamicValue::msgpack(value.to_msgpack(ty)?))
}

/// A resource type, whatever its model. Every method answers one RPC; the diagnostics of
/// its response are the provider's, with the paths as it set them (the dispatch cuts them
/// for Terraform).
pub(crate) trait ErasedResource<D>: Send + Sync {
    fn schema(&self) -> &'static Schema;
    /// The older schema versions whose states [`Resource::upgrades`] reads, ascending.
    fn upgrade_versions(&self) -> Vec<i64>;
    fn validate<'a>(
        &'a self,
        ctx: Context<D>,
        request: ValidateResourceConfigRequest,
    ) -> BoxFuture<'a, ValidateResourceConfigResponse>;
    fn plan<'a>(
        &'a self,
        ctx: Context<D>,
        request: PlanResourceChangeRequest,
    ) -> BoxFuture<'a, PlanResourceChangeResponse>;
    fn apply<'a>(
        &'a self,
        ctx: Context<D>,
        request: ApplyResourceChangeRequest,
    ) -> BoxFuture<'a, ApplyResourceChangeResponse>;
    fn read<'a>(
        &'a self,
        ctx: Context<D>,
        request: ReadResourceRequest,
    ) -> BoxFuture<'a, ReadResourceResponse>;
    fn import<'a>(
        &'a self,
        ctx: Context<D>,
        request: ImportResourceStateRequest,
    ) -> BoxFuture<'a, ImportResourceStateResponse>;
    fn upgrade<'a>(
        &'a self,
        ctx: Context<D>,
        request: UpgradeResourceStateRequest,
    ) -> BoxFuture<'a, UpgradeResourceStateResponse>;
    fn move_state<'a>(
        &'a self,
        ctx: Context<D>,
        request: MoveResourceStateRequest,
    ) -> BoxFuture<'a, MoveResourceStateResponse>;
}

/// A data source type, whatever its model (see [`ErasedResource`]).
pub(crate) trait ErasedDataSource<D>: Send + Sync {
    fn schema(&self) -> &'static Schema;
    fn validate<'a>(
        &'a self,
        ctx: Context<D>,
        request: ValidateDataResourceConfigRequest,
    ) -> BoxFuture<'a, ValidateDataResourceConfigResponse>;
    fn read<'a>(
        &'a self,
        ctx: Context<D>,
        request: ReadDataSourceMessage,
    ) -> BoxFuture<'a, ReadDataSourceResponse>;
}

/// A resource type behind [`ErasedResource`].
pub(crate) struct ResourceOf<R>(pub(crate) Arc<R>);

impl<R: Resource> ErasedResource<R::Data> for ResourceOf<R> {
    fn schema(&self) -> &'static Schema {
        R::Model::schema()
    }

    fn upgrade_versions(&self) -> Vec<i64> {
        self.0.upgrades().versions()
    }

    fn validate<'a>(
        &'a self,
        ctx: Context<R::Data>,
        request: ValidateResourceConfigRequest,
    ) -> BoxFuture<'a, ValidateResourceConfigResponse> {
        Box::pin(async move {
            let capabilities = request.client_capabilities;
            let mut refused = if capabilities.write_only_attributes_allowed {
                Diagnostics::new()
            } else {
                write_only_not_allowed(R::Model::schema(), request.config.as_ref())
            };
            if !capabilities.computed_blocks_allowed {
                refused.extend(computed_blocks_not_allowed(
                    R::Model::schema(),
                    request.config.as_ref(),
                ));
            }
            let mut diagnostics = validate_config::<R::Data, R::Model, _, _>(
                ctx,
                request.config,
                move |mut ctx, model| async move {
                    let result = self.0.validate(&mut ctx, ValidateRequest::new(model)).await;
                    (ctx, result)
                },
            )
            .await;
            diagnostics.extend(refused);
            ValidateResourceConfigResponse { diagnostics }
        })
    }

    fn plan<'a>(
        &'a self,
        mut ctx: Context<R::Data>,
        request: PlanResourceChangeRequest,
    ) -> BoxFuture<'a, PlanResourceChangeResponse> {
        Box::pin(async move {
            let schema = R::Model::schema();
            let ty = schema.object_type();
            let result: Result<(DynamicValue, Vec<AttributePath>), Diagnostics> = async {
                let prior = decode_value(request.prior_state.as_ref(), ty)
                    .map_err(decode_failed("Invalid prior state"))?;
                let mut proposed = decode_value(request.proposed_new_state.as_ref(), ty)
                    .map_err(decode_failed("Invalid proposed new state"))?;
                if proposed.is_null() {
                    // Destroy: the plan is null.
                    return Ok((null_value(), Vec::new()));
                }
                if !request.client_capabilities.computed_blocks_allowed {
                    let refused = computed_blocks_not_allowed(schema, request.config.as_ref());
                    if refused.has_errors() {
                        return Err(refused);
                    }
                }
                let config = decode_value(request.config.as_ref(), ty)
                    .map_err(decode_failed("Invalid configuration"))?;
                // Terraform proposes the configuration's write-only values; they are no
                // part of the plan, and so no change either.
                schema.block.null_write_only(&mut proposed);
                // Terraform proposes null for a computed block the configuration leaves
                // out, even on update; it holds the prior blocks until a change makes it
                // unknown, as a computed attribute does.
                if !prior.is_null() {
                    keep_prior_computed_blocks(&schema.block, &prior, &mut proposed);
                }
                // The declared defaults are part of what is proposed: an attribute whose
                // configuration is null holds its default, before and after the computed
                // attributes are marked unknown.
                let rules = R::Model::rules();
                let root = AttributePath::root();
                let mut planned = proposed;
                apply_defaults(rules, Some(&config), &mut planned, &root).map_err(finding_error)?;
                // Terraform's rule: only a create or an update that changes something may
                // leave computed values to the apply. An unchanged update keeps the prior
                // state as it is, computed nulls included, or every plan would show them
                // "known after apply" again.
                if prior.is_null() || prior != planned {
                    mark_computed_unknown(&schema.block, Some(&config), &mut planned);
                }
                apply_defaults(rules, Some(&config), &mut planned, &root).map_err(finding_error)?;
                let mut declared_replace = Vec::new();
                if !prior.is_null() {
                    apply_modifiers(
                        rules,
                        Some(&config),
                        &prior,
                        &mut planned,
                        &root,
                        &mut declared_replace,
                    )
                    .map_err(finding_error)?;
                }
                let prior_model = if prior.is_null() {
                    None
                } else {
                    Some(
                        prior
                            .decode_as::<R::Model>()
                            .map_err(decode_failed("Invalid prior state"))?,
                    )
                };
                let mut plan = Plan::new(
                    prior_model,
                    config
                        .decode_as::<R::Model>()
                        .map_err(decode_failed("Invalid configuration"))?,
                    planned
                        .decode_as::<R::Model>()
                        .map_err(decode_failed("Invalid planned state"))?,
                );
                // Terraform 1.16 keeps what the first plan answers and sends it back to the
                // plan before apply; bytes sent without the capability are honoured too.
                let planned_private = request.planned_private;
                if request.client_capabilities.store_planned_private || !planned_private.is_empty()
                {
                    plan = plan.with_planned_private(Private::from_bytes(planned_private));
                }
                self.0.plan(&mut ctx, &mut plan).await?;
                let planned = encode_model(&plan.planned, "plan", false)?;
                let planned = keep_in_plan(rules, &config, &prior, planned, ty)?;
                // The declared refinements go on what is still unknown after the author's
                // plan, narrowing any the author set.
                let planned = refine_plan(rules, &config, planned, ty)?;
                Ok((planned, declared_replace))
            }
            .await;
            let (outcome, diagnostics, private) = finish(ctx, result);
            let (planned_state, requires_replace) = match outcome {
                Some((planned, replace)) => (Some(planned), replace),
                None => (None, Vec::new()),
            };
            PlanResourceChangeResponse {
                planned_state,
                requires_replace: requires_replace
                    .iter()
                    .map(|p| protocol_path(p, ty))
                    .collect(),
                planned_private: private,
                diagnostics,
                legacy_type_system: false,
                planned_identity: None,
            }
        })
    }

    fn apply<'a>(
        &'a self,
        mut ctx: Context<R::Data>,
        request: ApplyResourceChangeRequest,
    ) -> BoxFuture<'a, ApplyResourceChangeResponse> {
        Box::pin(async move {
            let result: Result<DynamicValue, ApplyFailure> = async {
                let prior = decode_model::<R::Model>(request.prior_state.as_ref())
                    .map_err(decode_failed("Invalid prior state"))?;
                let planned = decode_model::<R::Model>(request.planned_state.as_ref())
                    .map_err(decode_failed("Invalid planned state"))?;
                let config = || decode_config::<R::Model>(request.config.as_ref());
                match (prior, planned) {
                    (Some(prior), None) => {
                        self.0
                            .delete(&mut ctx, DeleteRequest::new(prior))
                            .await
                            .map_err(ApplyFailure::of::<R::Model>)?;
                        Ok(null_value())
                    }
                    (None, Some(planned)) => {
                        let config = config()?;
                        let state = self
                            .0
                            .create(&mut ctx, CreateRequest::new(planned, config))
                            .await
                            .map_err(ApplyFailure::of::<R::Model>)?;
                        let new_state = encode_new_state(&state)?;
                        let ty = R::Model::schema().object_type();
                        keeps_promises(request.planned_state.as_ref(), new_state, ty)
                    }
                    (Some(prior), Some(planned)) => {
                        let config = config()?;
                        let state = self
                            .0
                            .update(&mut ctx, UpdateRequest::new(prior, planned, config))
                            .await
                            .map_err(ApplyFailure::of::<R::Model>)?;
                        let new_state = encode_new_state(&state)?;
                        let ty = R::Model::schema().object_type();
                        keeps_promises(request.planned_state.as_ref(), new_state, ty)
                    }
                    (None, None) => Ok(null_value()),
                }
            }
            .await;
            // A new state meaning what was planned keeps the planned text.
            let result = result.and_then(|state| {
                let ty = R::Model::schema().object_type();
                keep_in_state(R::Model::rules(), request.planned_state.as_ref(), state, ty)
                    .map_err(ApplyFailure::from)
            });
            let (result, state_after_failure) = match result {
                Ok(state) => (Ok(state), None),
                Err(failure) => (Err(failure.diagnostics), failure.state),
            };
            let (outcome, diagnostics, private) = finish(ctx, result);
            // A failure with the object's state answers that state (Terraform keeps it:
            // tainted after a create); without one, the object is as it was.
            let new_state = outcome
                .or(state_after_failure)
                .or_else(|| Some(request.prior_state.clone().unwrap_or_else(null_value)));
            ApplyResourceChangeResponse {
                new_state,
                private,
                diagnostics,
                legacy_type_system: false,
                new_identity: None,
            }
        })
    }

    fn read<'a>(
        &'a self,
        mut ctx: Context<R::Data>,
        request: ReadResourceRequest,
    ) -> BoxFuture<'a, ReadResourceResponse> {
        Box::pin(async move {
            let result: Result<DynamicValue, Diagnostics> = async {
                let current = decode_model::<R::Model>(request.current_state.as_ref())
                    .map_err(decode_failed("Invalid current state"))?;
                let Some(current) = current else {
                    return Ok(null_value());
                };
                // In JSON, the encoding of Terraform's state file, so that Terraform builds
                // the refreshed object with the decoder it reads stored state with: an
                // object that did not change is then the same value in Terraform's memory
                // as the stored one, down to how each number is held. Terraform before
                // 1.15 compares the two that way (Go's reflect.DeepEqual) to decide whether
                // a refresh-only plan has anything to apply; a number decoded from a
                // MessagePack integer (a 64-bit big.Float) or float64 (53-bit) never equals
                // the same number parsed from the stored JSON text (512-bit), so a
                // MessagePack answer made every unchanged object holding a number count as
                // changed (`plan -refresh-only -detailed-exitcode` exits 2 on "No changes").
                match self.0.read(&mut ctx, ReadRequest::new(current)).await? {
                    Some(state) => encode_model_as(&state, "state", true, Encoding::Json),
                    None => Ok(null_value()),
                }
            }
            .await;
            // A refreshed state meaning what was stored keeps the stored text.
            let result = result.and_then(|state| {
                let ty = R::Model::schema().object_type();
                keep_in_state(R::Model::rules(), request.current_state.as_ref(), state, ty)
            });
            let (outcome, diagnostics, private) = finish(ctx, result);
            let new_state = outcome.or_else(|| request.current_state.clone());
            ReadResourceResponse {
                new_state,
                diagnostics,
                private,
                new_identity: None,
            }
        })
    }

    fn import<'a>(
        &'a self,
        mut ctx: Context<R::Data>,
        request: ImportResourceStateRequest,
    ) -> BoxFuture<'a, ImportResourceStateResponse> {
        Box::pin(async move {
            let result: Result<DynamicValue, Diagnostics> = async {
                let state = self
                    .0
                    .import(&mut ctx, ImportRequest::new(request.id.clone()))
                    .await?;
                encode_model(&state, "imported state", false)
            }
            .await;
            let (outcome, diagnostics, private) = finish(ctx, result);
            ImportResourceStateResponse {
                imported_resources: outcome
                    .map(|state| ImportedResource {
                        type_name: request.type_name.clone(),
                        state: Some(state),
                        private,
                        identity: None,
                    })
                    .into_iter()
                    .collect(),
                diagnostics,
            }
        })
    }

    fn upgrade<'a>(
        &'a self,
        mut ctx: Context<R::Data>,
        request: UpgradeResourceStateRequest,
    ) -> BoxFuture<'a, UpgradeResourceStateResponse> {
        Box::pin(async move {
            let schema = R::Model::schema();
            let ty = schema.object_type();
            let result: Result<DynamicValue, Diagnostics> = async {
                let json = request.raw_state.as_ref().map(|r| r.json.as_slice()).unwrap_or_default();
                if json.is_empty() {
                    let flatmap = request.raw_state.as_ref().is_some_and(|r| !r.flatmap.is_empty());
                    return Err(Diagnostic::error("Unsupported state format")
                        .with_detail(if flatmap {
                            "The state is in the flatmap format of Terraform 0.11 and older, which this provider cannot read."
                        } else {
                            "Terraform sent no stored state to upgrade."
                        })
                        .into());
                }
                if request.version == schema.version {
                    let mut state = current_version_state(&mut ctx, json, ty)?;
                    self.0.repair_state(&mut ctx, &mut state).await?;
                    return encode_current_state(state, &schema.block, ty);
                }
                let state = self.0.upgrades().upgrade(request.version, json).map_err(|e| {
                    Diagnostics::from_value_error("Unable to Upgrade Resource State", &e)
                })?;
                encode_model(&state, "upgraded state", true)
            }
            .await;
            let (outcome, diagnostics, _) = finish(ctx, result);
            UpgradeResourceStateResponse {
                upgraded_state: outcome,
                diagnostics,
            }
        })
    }

    fn move_state<'a>(
        &'a self,
        ctx: Context<R::Data>,
        request: MoveResourceStateRequest,
    ) -> BoxFuture<'a, MoveResourceStateResponse> {
        Box::pin(crate::engine::move_state::move_resource(
            &*self.0, ctx, request,
        ))
    }
}

/// A stored state of the current schema version: read strictly; if that fails, leniently
/// (as Terraform's SDKs read state: numbers from strings, attributes no longer in the
/// schema ignored) with a warning saying what did not match.
fn current_version_state<D>(
    ctx: &mut Context<D>,
    json: &[u8],
    ty: &Type,
) -> Result<Value, Diagnostics> {
    match Value::from_json(json, ty) {
        Ok(value) => Ok(value),
        Err(strict) => {
            let value = Value::from_json_lenient(json, ty)
                .map_err(decode_failed("Invalid stored state"))?;
            ctx.warn(
                Diagnostic::warning("Stored state did not match the schema").with_detail(format!(
                    "It was read leniently; what did not match: {strict}"
                )),
            );
            Ok(value)
        }
    }
}

/// The new state a create or update answers: wholly known, and with no computed LIST, SET
/// or MAP block null (Terraform 1.16 refuses one after apply as "null block value after
/// apply"; no blocks is an empty collection): one error at each such block's path, naming
/// it, so that the author learns which block to fill in rather than Terraform's error on
/// the whole resource.
fn encode_new_state<M: Model>(state: &M) -> Result<DynamicValue, Diagnostics> {
    let encoded = encode_model(state, "new state", true)?;
    let schema = M::schema();
    if !schema.block.contains_computed_blocks() {
        return Ok(encoded);
    }
    let value = decode_value(Some(&encoded), schema.object_type())
        .map_err(decode_failed("Provider produced an invalid new state"))?;
    let mut diagnostics = Diagnostics::new();
    for path in null_computed_blocks(&schema.block, &value) {
        let text = path.to_string();
        let name = text.strip_prefix('.').unwrap_or(&text);
        diagnostics.push(
            Diagnostic::error("Provider produced an invalid new state")
                .with_detail(format!(
                    "The computed block {name} is null in the new state, and Terraform \
                     refuses a null block after apply: answer an empty collection for no \
                     blocks, or the blocks the object has. This is a bug in the provider."
                ))
                .at(path),
        );
    }
    if diagnostics.has_errors() {
        return Err(diagnostics);
    }
    Ok(encoded)
}

/// The answer for a state of the current version, once the provider has repaired it
/// ([`Resource::repair_state`]): still of the model's type, its write-only attributes
/// null.
fn encode_current_state(
    mut state: Value,
    block: &Block,
    ty: &Type,
) -> Result<DynamicValue, Diagnostics> {
    let invalid = "Provider produced an invalid repaired state";
    state.conforms_to(ty).map_err(decode_failed(invalid))?;
    if !state.is_wholly_known() {
        let unknown = state.unknown_paths();
        let list: Vec<String> = unknown.iter().map(ToString::to_string).collect();
        let mut error = Diagnostic::error(invalid).with_detail(format!(
            "A state must be wholly known, but these attributes are unknown: {}. This is a \
             bug in the provider.",
            list.join(", ")
        ));
        if let Some(first) = unknown.into_iter().next() {
            error = error.at(first);
        }
        return Err(error.into());
    }
    block.null_write_only(&mut state);
    state
        .to_msgpack(ty)
        .map(DynamicValue::msgpack)
        .map_err(decode_failed("Invalid stored state"))
}

/// A data source type behind [`ErasedDataSource`].
pub(crate) struct DataSourceOf<S>(pub(crate) S);

impl<S: DataSource> ErasedDataSource<S::Data> for DataSourceOf<S> {
    fn schema(&self) -> &'static Schema {
        S::Model::schema()
    }

    fn validate<'a>(
        &'a self,
        ctx: Context<S::Data>,
        request: ValidateDataResourceConfigRequest,
    ) -> BoxFuture<'a, ValidateDataResourceConfigResponse> {
        Box::pin(async move {
            let diagnostics = validate_config::<S::Data, S::Model, _, _>(
                ctx,
                request.config,
                move |mut ctx, model| async move {
                    let result = self.0.validate(&mut ctx, ValidateRequest::new(model)).await;
                    (ctx, result)
                },
            )
            .await;
            ValidateDataResourceConfigResponse { diagnostics }
        })
    }

    fn read<'a>(
        &'a self,
        mut ctx: Context<S::Data>,
        request: ReadDataSourceMessage,
    ) -> BoxFuture<'a, ReadDataSourceResponse> {
        Box::pin(async move {
            let result: Result<DynamicValue, Diagnostics> = async {
                let config = decode_config::<S::Model>(request.config.as_ref())?;
                let state = self
                    .0
                    .read(&mut ctx, ReadDataSourceRequest::new(config))
                    .await?;
                let state = encode_model(&state, "data source result", true)?;
                // A result meaning what is configured keeps the configured text (as
                // terraform-plugin-framework's data sources do): expressions that read the
                // attribute see what was written, not the provider's spelling of it.
                let ty = S::Model::schema().object_type();
                keep_in_state(S::Model::rules(), request.config.as_ref(), state, ty)
            }
            .await;
            let (outcome, diagnostics, _) = finish(ctx, result);
            ReadDataSourceResponse {
                state: outcome,
                diagnostics,
            }
        })
    }
}
