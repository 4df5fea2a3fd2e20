//! List resources in the harness: the objects a `list` block of `terraform query` finds.

use std::marker::PhantomData;

use tfvalue::{Type, Value};
use tokio_stream::StreamExt as _;
use tonic::Request;

use super::client::Call;
use super::schema::registered;
use super::wire::{answer, decode, diagnostics, dynamic, model_of, outcome, value_of};
use super::Harness;
use crate::protocol::proto::tfplugin6 as pb;
use crate::protocol::proto::tfplugin6::provider_server::Provider as _;
use crate::{Diagnostic, Diagnostics, Model, Provider};

/// The list resource type of a managed resource type, whose objects are of the model `M`
/// with identities of the model `I`: from [`Harness::list`]. Lists as a `list` block
/// with Terraform's defaults does (at most 100 objects, their identities only) unless
/// told otherwise.
pub struct ListHandle<'h, P: Provider, M, I> {
    harness: &'h Harness<P>,
    type_name: String,
    include_resource: bool,
    limit: i64,
    models: PhantomData<fn() -> (M, I)>,
}

/// One object a listing found.
#[derive(Debug)]
#[non_exhaustive]
pub struct Found<M, I> {
    /// Its identity.
    pub identity: I,
    /// The name `terraform query` shows for it.
    pub display_name: String,
    /// Its state, when the listing asked for it ([`ListHandle::include_resource`]) and the
    /// provider gave it.
    pub state: Option<M>,
}

impl<'h, P: Provider, M: Model, I: Model> ListHandle<'h, P, M, I> {
    pub(super) fn new(harness: &'h Harness<P>, type_name: &str) -> Self {
        ListHandle {
            harness,
            type_name: type_name.to_owned(),
            include_resource: false,
            limit: 100,
            models: PhantomData,
        }
    }

    /// Whether the listing asks for each object's state (a `list` block's
    /// `include_resource`).
    #[must_use]
    pub fn include_resource(mut self, include: bool) -> Self {
        self.include_resource = include;
        self
    }

    /// The most objects the listing takes (a `list` block's `limit`).
    #[must_use]
    pub fn limit(mut self, limit: i64) -> Self {
        self.limit = limit;
        self
    }

    /// Lists the objects the `config` block `config` (the list resource's configuration
    /// model `C`) asks for, as `terraform query` does: `ValidateListResourceConfig`, then
    /// `ListResource`, whose objects are read as they stream.
    ///
    /// # Errors
    /// An answer has an error (the listing's included: the objects found before it are
    /// then not answered).
    pub async fn list<C: Model>(&self, config: &C) -> Result<Vec<Found<M, I>>, Diagnostics> {
        self.harness.reach(Call::List, &self.type_name)?;
        let schemas = self.harness.schemas().await?;
        let name = &self.type_name;
        let schema = registered::<C>(&schemas.list_resources, "list resource type", name)?;
        let resource = registered::<M>(&schemas.resources, "resource type", name)?;
        let config = value_of(config, schema.object_type(), "Invalid configuration")?;
        let config = dynamic(&config, schema.object_type())?;
        let include = dynamic(&Value::Bool(self.include_resource), &Type::Bool)?;
        let limit = dynamic(&Value::Number(self.limit.into()), &Type::Number)?;
        let request = pb::validate_list_resource_config::Request {
            type_name: name.clone(),
            config: Some(config.clone()),
            include_resource_object: Some(include),
            limit: Some(limit),
        };
        let validated = answer(
            self.harness
                .service
                .validate_list_resource_config(Request::new(request))
                .await,
        )?;
        let mut warnings = outcome(diagnostics(validated.diagnostics))?;
        let request = pb::list_resource::Request {
            type_name: name.clone(),
            config: Some(config),
            include_resource_object: self.include_resource,
            limit: self.limit,
        };
        let mut events = answer(
            self.harness
                .service
                .list_resource(Request::new(request))
                .await,
        )?;
        let mut found = Vec::new();
        let mut errors = Diagnostics::new();
        while let Some(event) = events.next().await {
            let event = event.map_err(|status| {
                Diagnostic::error("The listing failed").with_detail(status.message().to_owned())
            })?;
            let answered = diagnostics(event.diagnostic);
            if answered.has_errors() {
                errors.extend(answered);
                continue;
            }
            warnings.extend(answered);
            let Some(identity) = event.identity.and_then(|i| i.identity_data) else {
                continue;
            };
            let identity = decode(Some(&identity), I::schema().object_type(), "identity")?;
            let state = match event.resource_object {
                Some(object) => {
                    let state = decode(Some(&object), resource.object_type(), "listed object")?;
                    Some(model_of(&state, "Listed object does not fit the model")?)
                }
                None => None,
            };
            found.push(Found {
                identity: model_of(&identity, "Identity does not fit the model")?,
                display_name: event.display_name,
                state,
            });
        }
        if !errors.is_empty() {
            errors.extend(warnings);
            return Err(errors);
        }
        self.harness.answered(warnings)?;
        Ok(found)
    }
}
