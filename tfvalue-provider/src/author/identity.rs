//! [`ResourceIdentity`]: the identity of a managed resource type's objects (Terraform 1.12
//! and later), and the by-name conversions its default methods use.

use std::future::Future;

use tfvalue::{Upgrades, Value};

use crate::author::context::Context;
use crate::author::diagnostics::{Diagnostic, Diagnostics};
use crate::author::model::Model;
use crate::author::resource::Resource;

/// A managed resource type whose objects have an identity: a small typed object that names
/// the remote object (a path, an account and a region, ...), which Terraform keeps beside
/// the state, shows in `terraform show -json`, imports by (`import { identity = {...} }`),
/// and which list resources (`terraform query`) report.
///
/// The identity is a model of its own ([`ResourceIdentity::Identity`], a
/// `#[derive(TfSchema)]` struct of plain attributes: strings, numbers, bools or lists of
/// them): an attribute of a non-null type is required for import, a `Nullable` one
/// optional; `#[tf(version = N)]` on it is the identity schema's version. Register the
/// type with its identity: `registry.resource("files_file", Files).with_identity()`
/// ([`ResourceRegistration::with_identity`](crate::ResourceRegistration::with_identity)).
///
/// The identity is a function of an object's state, [`ResourceIdentity::identity`] (by
/// default: the state's attributes of the identity's attribute names), so the framework
/// answers it in every RPC that carries one: after create, update, read, import and move,
/// in plans, and in listings. Once set, it never changes: an update or read that would
/// give the object another identity is refused with an "Unexpected Identity Change"
/// error, at plan time when the planned state already shows it (the stored identity's
/// null attributes may be filled in). Replacement gives the new object its own identity.
///
/// ```
/// use tfvalue::{Nullable, TfSchema, Unknown};
/// use tfvalue_provider::{Context, Diagnostics, ResourceIdentity};
/// # use tfvalue_provider::{ApplyError, Resource};
///
/// #[derive(TfSchema)]
/// struct Bucket {
///     #[tf(requires_replace)]
///     name: Unknown<String>,
///     #[tf(computed)]
///     region: Unknown<Nullable<String>>,
/// }
///
/// /// What names a bucket: its name (required to import one) and its region (optional:
/// /// the provider's own region when left out).
/// #[derive(TfSchema)]
/// struct BucketIdentity {
///     name: String,
///     region: Nullable<String>,
/// }
///
/// struct Buckets;
///
/// impl ResourceIdentity for Buckets {
///     type Identity = BucketIdentity;
///     // `identity` and `import_by_identity` by default copy the attributes by name.
/// }
/// # impl Resource for Buckets {
/// #   type Model = Bucket;
/// #   type Data = ();
/// #   async fn create(&self, _: &mut Context<()>, r: tfvalue_provider::CreateRequest<Bucket>) -> Result<Bucket, ApplyError<Bucket>> { Ok(r.planned) }
/// #   async fn read(&self, _: &mut Context<()>, r: tfvalue_provider::ReadRequest<Bucket>) -> Result<Option<Bucket>, Diagnostics> { Ok(Some(r.state)) }
/// #   async fn update(&self, _: &mut Context<()>, r: tfvalue_provider::UpdateRequest<Bucket>) -> Result<Bucket, ApplyError<Bucket>> { Ok(r.planned) }
/// #   async fn delete(&self, _: &mut Context<()>, _: tfvalue_provider::DeleteRequest<Bucket>) -> Result<(), ApplyError<Bucket>> { Ok(()) }
/// # }
/// ```
pub trait ResourceIdentity: Resource {
    /// The identity's model.
    type Identity: Model;

    /// Whether an object's identity may change once set. By default it may not (the
    /// framework refuses the change): only a remote system that really renames objects in
    /// place should say otherwise.
    const IDENTITY_MAY_CHANGE: bool = false;

    /// The identity of the object whose state is `state`; `ctx` gives the provider's data,
    /// for identity attributes that come from its configuration (a region, an account).
    /// By default, each identity attribute is the state's attribute of the same name.
    ///
    /// Called on every state the provider answers (wholly known), and at plan time on the
    /// planned state when the attributes named as the identity's are known there (or, when
    /// the model lacks one of those names, when the whole planned state is known): other
    /// attributes may then be unknown, and an error just means "not known yet".
    ///
    /// # Errors
    /// The identity cannot be made from this state (the framework answers no identity
    /// where it may, such as after an import by id that a read completes, and the error
    /// where it must have one).
    fn identity(
        &self,
        ctx: &Context<Self::Data>,
        state: &Self::Model,
    ) -> Result<Self::Identity, Diagnostics> {
        let _ = ctx;
        identity_by_name(state)
    }

    /// Imports the object `identity` names (an `import` block with `identity = {...}`,
    /// Terraform 1.12 and later): returns a state that [`Resource::read`] can complete, as
    /// [`Resource::import`] does for an id. By default, a state whose attributes named as
    /// the identity's hold their values, everything else null: a model with a required
    /// attribute outside the identity fails that default ("expected string, found null"),
    /// so such a resource implements this method, often by calling its `import` with the
    /// id the identity holds.
    fn import_by_identity(
        &self,
        ctx: &mut Context<Self::Data>,
        identity: Self::Identity,
    ) -> impl Future<Output = Result<Self::Model, Diagnostics>> + Send {
        let _ = ctx;
        let state = state_by_name(&identity);
        async move { state }
    }

    /// How identities stored with older identity schema versions become the current
    /// identity (as [`Resource::upgrades`] does for states). By default there are none.
    fn identity_upgrades(&self) -> Upgrades<Self::Identity> {
        Upgrades::new()
    }
}

/// A model as a [`Value`] of its schema's type.
pub(crate) fn model_value<M: Model>(model: &M) -> tfvalue::Result<Value> {
    let ty = M::schema().object_type();
    Value::from_msgpack(&tfvalue::msgpack::to_vec(model)?, ty)
}

/// The identity whose attributes are `state`'s attributes of the same names.
///
/// # Errors
/// The model has no attribute of an identity attribute's name, or one of another type, or
/// a value the identity cannot hold (null for a required identity attribute).
pub fn identity_by_name<M: Model, I: Model>(state: &M) -> Result<I, Diagnostics> {
    let fail = |detail: String| -> Diagnostics {
        Diagnostic::error("Cannot determine the resource identity")
            .with_detail(detail)
            .into()
    };
    let state = model_value(state)
        .map_err(|e| Diagnostics::from_value_error("Cannot determine the resource identity", &e))?;
    let mut attributes = Vec::new();
    for attribute in &I::schema().block.attributes {
        let name = attribute.name.as_str();
        let value = state.attr(name).ok_or_else(|| {
            fail(format!(
                "The identity attribute {name:?} has no attribute of that name in the \
                 resource's state to be taken from; implement ResourceIdentity::identity."
            ))
        })?;
        attributes.push((name, value.clone()));
    }
    let identity = Value::object(attributes);
    identity
        .conforms_to(I::schema().object_type())
        .and_then(|()| identity.decode_as::<I>())
        .map_err(|e| Diagnostics::from_value_error("Cannot determine the resource identity", &e))
}

/// The state of model `M` whose attributes named as `identity`'s hold its values, every
/// other attribute null (a start that a read completes).
///
/// # Errors
/// The model has no attribute of an identity attribute's name or type.
pub fn state_by_name<M: Model, I: Model>(identity: &I) -> Result<M, Diagnostics> {
    let what = "Cannot import by this identity";
    let identity = model_value(identity).map_err(|e| Diagnostics::from_value_error(what, &e))?;
    let ty = M::schema().object_type();
    let tfvalue::Type::Object(object) = ty else {
        return Err(Diagnostic::error(what)
            .with_detail("The resource's schema is not an object type.")
            .into());
    };
    let nulls = (object.iter())
        .map(|(name, attr_ty, _)| (name.to_owned(), Value::null(attr_ty.clone())))
        .collect();
    let mut state = Value::object_of_type(object.clone(), nulls)
        .map_err(|e| Diagnostics::from_value_error(what, &e))?;
    for attribute in &I::schema().block.attributes {
        let name = attribute.name.as_str();
        let Some(value) = identity.attr(name) else {
            continue;
        };
        let slot = state.attr_mut(name).ok_or_else(|| -> Diagnostics {
            Diagnostic::error(what)
                .with_detail(format!(
                    "The identity attribute {name:?} has no attribute of that name in the \
                     resource's state to be copied to; implement \
                     ResourceIdentity::import_by_identity."
                ))
                .into()
        })?;
        *slot = value.clone();
    }
    state
        .conforms_to(ty)
        .and_then(|()| state.decode_as::<M>())
        .map_err(|e| Diagnostics::from_value_error(what, &e))
}
