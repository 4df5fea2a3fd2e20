//! Resource identities around the resource RPCs: the identity each answer carries, and the
//! check that an object's identity never changes once set (see
//! [`ResourceIdentity`](crate::ResourceIdentity)). Also the two identity RPCs of their own,
//! `GetResourceIdentitySchemas` and `UpgradeResourceIdentity`.

use crate::author::context::Context;
use crate::author::diagnostics::{Diagnostic, Diagnostics};
use crate::engine::identity::{changed_attributes, identity_text, ErasedIdentity};
use crate::protocol::messages::{
    ApplyResourceChangeResponse, DynamicValue, ImportResourceStateResponse,
    MoveResourceStateResponse, PlanResourceChangeResponse, ReadResourceResponse,
};

/// The error for an identity that would change: `when` it was seen ("read", "planned
/// update", "update"), the stored and the new identity, and what changed.
fn identity_changed<D>(
    identity: &dyn ErasedIdentity<D>,
    type_name: &str,
    when: &str,
    old: &DynamicValue,
    new: &DynamicValue,
    changed: &[String],
    outcome: &str,
) -> Diagnostic {
    let schema = identity.schema();
    Diagnostic::error("Unexpected Identity Change").with_detail(format!(
        "The {when} of this {type_name} object gives it a different identity than the one \
         stored with it ({}: {}), and an object's identity never changes once set. Stored \
         identity: {}. New identity: {}. Either the provider now sees another object under \
         this resource (its configuration changed, such as the place it works in), or the \
         provider has a bug: an attribute the identity is made of must force replacement \
         when it changes. {outcome}",
        if changed.len() == 1 {
            "attribute"
        } else {
            "attributes"
        },
        changed.join(", "),
        identity_text(schema, old),
        identity_text(schema, new),
    ))
}

/// Whether `new` changes what `old` set; a stored identity that does not decode any more
/// counts as not set (the new one replaces it).
fn changes<D>(
    identity: &dyn ErasedIdentity<D>,
    old: Option<&DynamicValue>,
    new: &DynamicValue,
) -> Vec<String> {
    match old {
        Some(old) if !identity.may_change() => {
            changed_attributes(identity.schema(), old, new).unwrap_or_default()
        }
        _ => Vec::new(),
    }
}

/// After `ReadResource`: the identity of the object as read; a changed one is refused
/// (the stored state and identity are kept, with the error).
pub(super) fn after_read<D>(
    identity: &dyn ErasedIdentity<D>,
    ctx: &Context<D>,
    type_name: &str,
    current_state: Option<DynamicValue>,
    current: Option<DynamicValue>,
    response: &mut ReadResourceResponse,
) {
    let current = current.filter(|old| identity.decodes(old));
    if response.diagnostics.has_errors() {
        response.new_identity = current;
        return;
    }
    let Some(state) = response.new_state.as_ref() else {
        response.new_identity = None;
        return;
    };
    match identity.of_state(ctx, state) {
        Ok(None) => response.new_identity = None,
        Ok(Some(new)) => {
            let changed = changes(identity, current.as_ref(), &new);
            if let (false, Some(old)) = (changed.is_empty(), current.as_ref()) {
                response.diagnostics.push(identity_changed(
                    identity,
                    type_name,
                    "read",
                    old,
                    &new,
                    &changed,
                    "Terraform keeps the stored state and identity.",
                ));
                response.new_state = current_state;
                response.new_identity = current;
            } else {
                response.new_identity = Some(new);
            }
        }
        Err(errors) => {
            response.diagnostics.extend(errors);
            response.new_state = current_state;
            response.new_identity = current;
        }
    }
}

/// After `PlanResourceChange`: on an update or delete the stored identity (an update whose
/// planned state already shows another identity is refused); on a create, the identity
/// when the planned state is wholly known, else none (known after apply). A plan that
/// replaces the object (`requires_replace` not empty) is no update of it: the new object
/// may have another identity, which Terraform's second plan, a create, answers; this one
/// answers the stored identity of the object it destroys.
pub(super) fn after_plan<D>(
    identity: &dyn ErasedIdentity<D>,
    ctx: &Context<D>,
    type_name: &str,
    prior_exists: bool,
    prior: Option<DynamicValue>,
    response: &mut PlanResourceChangeResponse,
) {
    let prior = prior.filter(|old| identity.decodes(old));
    if response.diagnostics.has_errors() {
        return;
    }
    let Some(planned) = response.planned_state.as_ref() else {
        return;
    };
    // Errors are no answer here: a planned state may not hold all the identity is made
    // of yet; apply and read decide.
    let candidate = identity.of_planned_state(ctx, planned).ok().flatten();
    match (prior_exists, prior) {
        (true, Some(old)) => {
            if identity.is_null_state(planned) {
                response.planned_identity = Some(old);
                return;
            }
            let replaced = !response.requires_replace.is_empty();
            if let (Some(new), false) = (candidate, replaced) {
                let changed = changes(identity, Some(&old), &new);
                if !changed.is_empty() {
                    response.diagnostics.push(identity_changed(
                        identity,
                        type_name,
                        "planned update",
                        &old,
                        &new,
                        &changed,
                        "Nothing was changed.",
                    ));
                    response.planned_state = None;
                    response.requires_replace.clear();
                    return;
                }
                if identity.may_change() {
                    response.planned_identity = Some(new);
                    return;
                }
            }
            response.planned_identity = Some(old);
        }
        _ => response.planned_identity = candidate,
    }
}

/// After `ApplyResourceChange`: the identity of the object as it now is (none once
/// deleted). An update that changed it answers the new identity (it is the object's) with
/// an error; a state the identity cannot be made from keeps the planned identity.
pub(super) fn after_apply<D>(
    identity: &dyn ErasedIdentity<D>,
    ctx: &Context<D>,
    type_name: &str,
    planned: Option<DynamicValue>,
    response: &mut ApplyResourceChangeResponse,
) {
    let planned = planned.filter(|old| identity.decodes(old));
    let Some(state) = response.new_state.as_ref() else {
        response.new_identity = planned;
        return;
    };
    match identity.of_state(ctx, state) {
        Ok(None) => response.new_identity = None,
        Ok(Some(new)) => {
            let changed = changes(identity, planned.as_ref(), &new);
            if let (false, Some(old)) = (changed.is_empty(), planned.as_ref()) {
                response.diagnostics.push(identity_changed(
                    identity,
                    type_name,
                    "update",
                    old,
                    &new,
                    &changed,
                    "The object was changed: Terraform keeps its new state and identity.",
                ));
            }
            response.new_identity = Some(new);
        }
        Err(errors) => {
            if !response.diagnostics.has_errors() {
                response.diagnostics.extend(errors);
            }
            response.new_identity = planned;
        }
    }
}

/// After an import by id: each imported object's identity when its state already says it
/// (else none: the read that follows completes the state and gives the identity).
pub(super) fn after_import_by_id<D>(
    identity: &dyn ErasedIdentity<D>,
    ctx: &Context<D>,
    response: &mut ImportResourceStateResponse,
) {
    for imported in &mut response.imported_resources {
        imported.identity = (imported.state.as_ref())
            .and_then(|state| identity.of_state(ctx, state).ok().flatten());
    }
}

/// The identity to answer for an object imported by `requested`: the one its state gives
/// when it can be made (which must agree with every attribute the import named), else the
/// one requested.
pub(super) fn imported_identity<D>(
    identity: &dyn ErasedIdentity<D>,
    ctx: &Context<D>,
    requested: &DynamicValue,
    state: &DynamicValue,
) -> Result<DynamicValue, Diagnostics> {
    let Ok(Some(found)) = identity.of_state(ctx, state) else {
        return Ok(requested.clone());
    };
    let changed = changed_attributes(identity.schema(), requested, &found)?;
    if changed.is_empty() {
        return Ok(found);
    }
    let schema = identity.schema();
    Err(Diagnostic::error("Imported object has another identity")
        .with_detail(format!(
            "The import asked for the object {}, but the object the provider found is {} \
             (differing in {}). Check the identity in the import block.",
            identity_text(schema, requested),
            identity_text(schema, &found),
            changed.join(", ")
        ))
        .into())
}

/// After `MoveResourceState`: the moved object's identity, when its new state gives it
/// already (Terraform moves states before it configures the provider, so an identity
/// made with the provider's data cannot be made yet: none is answered, and the read that
/// follows the move gives it).
pub(super) fn after_move<D>(
    identity: &dyn ErasedIdentity<D>,
    ctx: &Context<D>,
    response: &mut MoveResourceStateResponse,
) {
    if response.diagnostics.has_errors() {
        return;
    }
    response.target_identity = (response.target_state.as_ref())
        .and_then(|state| identity.of_state(ctx, state).ok().flatten());
}
