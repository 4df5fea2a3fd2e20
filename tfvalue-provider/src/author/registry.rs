//! [`Registry`]: how a provider names the resource, data source, ephemeral resource, list
//! resource and action types and the functions it serves.

use std::sync::Arc;

use crate::author::action::Action;
use crate::author::data_source::DataSource;
use crate::author::ephemeral_resource::EphemeralResource;
use crate::author::function::Function;
use crate::author::identity::ResourceIdentity;
use crate::author::list_resource::ListResource;
use crate::author::model::Model;
use crate::author::resource::Resource;

/// Where [`Provider::register`](crate::Provider::register) registers the provider's types
/// and functions, each by the name configurations use.
///
/// The framework implements it (the trait is sealed): the server that answers Terraform,
/// `--schema-json` and the in-process tests each hand the provider their own registry.
/// Mistakes (a repeated or malformed type name, an invalid schema, a write-only attribute
/// anywhere but in a managed resource or an action, a resource's state
/// [`upgrades`](crate::Resource::upgrades) declared wrongly, an identity of the wrong shape)
/// are collected and reported together when the provider starts: started by Terraform, the
/// provider answers every RPC with them, and Terraform shows them.
///
/// ```
/// use tfvalue::TfSchema;
/// use tfvalue_provider::{ConfigureRequest, Context, Diagnostics, Provider, Registry};
///
/// #[derive(TfSchema)]
/// struct Config {}
///
/// struct Files;
///
/// impl Provider for Files {
///     type Config = Config;
///     type Data = ();
///
///     fn register(&self, registry: &mut impl Registry<()>) {
///         // registry.resource("files_file", FileResource);
///         let _ = registry;
///     }
///
///     async fn configure(
///         &self,
///         _: &mut Context<()>,
///         _: ConfigureRequest<Config>,
///     ) -> Result<(), Diagnostics> {
///         Ok(())
///     }
/// }
/// ```
pub trait Registry<D: Send + Sync + 'static>: Sealed {
    /// Serves `resource` as the managed resource type `type_name` (e.g. `localfs_file`).
    /// The answer serves its identity and list resource too, when the type has them:
    /// `registry.resource("files_file", Files).with_identity().with_list();`.
    fn resource<R: Resource<Data = D>>(
        &mut self,
        type_name: &str,
        resource: R,
    ) -> ResourceRegistration<'_, Self, R>;

    /// Serves `data_source` as the data source type `type_name`.
    fn data_source<S: DataSource<Data = D>>(
        &mut self,
        type_name: &str,
        data_source: S,
    ) -> &mut Self;

    /// Serves `function` as the provider function `name`, called from configuration as
    /// `provider::<provider>::<name>(...)`. The name is an identifier of Terraform's
    /// language (a letter or underscore, then letters, digits, underscores and hyphens).
    fn function<F: Function<Data = D>>(&mut self, name: &str, function: F) -> &mut Self;

    /// Serves `ephemeral` as the ephemeral resource type `type_name` (Terraform 1.10 and
    /// later).
    fn ephemeral_resource<E: EphemeralResource<Data = D>>(
        &mut self,
        type_name: &str,
        ephemeral: E,
    ) -> &mut Self;

    /// Serves `action` as the action type `type_name` (Terraform 1.14 and later): an
    /// `action "type_name" "name" { config { ... } }` block, invoked by a resource's
    /// `action_trigger` or by `terraform apply -invoke=action.type_name.name`.
    fn action<A: Action<Data = D>>(&mut self, type_name: &str, action: A) -> &mut Self;

    /// Declares the schema of the `provider_meta` block, from the model `M`; read its
    /// values with [`Context::provider_meta`](crate::Context::provider_meta). At most one
    /// model per provider.
    fn provider_meta<M: Model>(&mut self) -> &mut Self;

    /// Serves the identity of the resource type `type_name`
    /// ([`ResourceRegistration::with_identity`]).
    #[doc(hidden)]
    fn add_identity<R: ResourceIdentity<Data = D>>(&mut self, type_name: &str, resource: Arc<R>);

    /// Serves the list resource of the resource type `type_name`
    /// ([`ResourceRegistration::with_list`]).
    #[doc(hidden)]
    fn add_list<R: ListResource<Data = D>>(&mut self, type_name: &str, resource: Arc<R>);
}

/// A managed resource type just registered ([`Registry::resource`]): serve its identity
/// and its list resource with it.
pub struct ResourceRegistration<'a, G: ?Sized, R> {
    registry: &'a mut G,
    type_name: String,
    resource: Arc<R>,
}

impl<'a, G: ?Sized, R> ResourceRegistration<'a, G, R> {
    /// The registration of `resource` as `type_name` in `registry`.
    pub(crate) fn new(registry: &'a mut G, type_name: &str, resource: Arc<R>) -> Self {
        ResourceRegistration {
            registry,
            type_name: type_name.to_owned(),
            resource,
        }
    }
}

impl<G, R> ResourceRegistration<'_, G, R>
where
    R: Resource,
    G: Registry<R::Data> + ?Sized,
{
    /// Serves the identity of the type's objects ([`ResourceIdentity`]): Terraform 1.12 and
    /// later ask for it; older ones serve the type without.
    pub fn with_identity(self) -> Self
    where
        R: ResourceIdentity,
    {
        self.registry
            .add_identity(&self.type_name, self.resource.clone());
        self
    }

    /// Serves the type's list resource ([`ListResource`]), under the same name: `list`
    /// blocks of `*.tfquery.hcl` files and `terraform query` (Terraform 1.14 and later)
    /// find the type's objects with it. Serves the identity too, which a listing needs.
    pub fn with_list(self) -> Self
    where
        R: ListResource,
    {
        self.registry
            .add_identity(&self.type_name, self.resource.clone());
        self.registry
            .add_list(&self.type_name, self.resource.clone());
        self
    }
}

/// Keeps [`Registry`] the framework's to implement.
#[doc(hidden)]
pub trait Sealed {}
