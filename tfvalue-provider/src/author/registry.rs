//! [`Registry`]: how a provider names the resource, data source, ephemeral resource and
//! list resource types and the functions it serves.

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
/// Mistakes (a repeated or malformed type name, an invalid schema, a `requires_replace`
/// path the schema does not have, a write-only attribute anywhere but in a managed
/// resource, a resource's state [`upgrades`](crate::Resource::upgrades) declared wrongly)
/// are collected and reported together when the provider starts, before Terraform sees it.
///
/// ```
/// use tfvalue::TfSchema;
/// use tfvalue_provider::{Context, Diagnostics, Provider, Registry};
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
///         _: &str,
///         _: Config,
///     ) -> Result<(), Diagnostics> {
///         Ok(())
///     }
/// }
/// ```
pub trait Registry<D: Send + Sync + 'static>: Sealed {
    /// Serves `resource` as the managed resource type `type_name` (e.g. `localfs_file`).
    fn resource<R: Resource<Data = D>>(&mut self, type_name: &str, resource: R) -> &mut Self;

    /// Serves `resource` as the managed resource type `type_name`, with its objects'
    /// identity ([`ResourceIdentity`]; Terraform 1.12 and later ask for it, older ones
    /// serve the type as [`Registry::resource`] would).
    fn resource_with_identity<R: ResourceIdentity<Data = D>>(
        &mut self,
        type_name: &str,
        resource: R,
    ) -> &mut Self;

    /// Serves `list` as the list resource type `type_name`, which must also be registered
    /// as a managed resource type with an identity
    /// ([`Registry::resource_with_identity`]): `list` blocks of `*.tfquery.hcl` files and
    /// `terraform query` (Terraform 1.14 and later) find objects of that type with it.
    fn list_resource<L: ListResource<Data = D>>(&mut self, type_name: &str, list: L) -> &mut Self;

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

    /// Declares the schema of the `provider_meta` block, from the model `M`; read its
    /// values with [`Context::provider_meta`](crate::Context::provider_meta). At most one
    /// model per provider.
    fn provider_meta<M: Model>(&mut self) -> &mut Self;
}

/// Keeps [`Registry`] the framework's to implement.
#[doc(hidden)]
pub trait Sealed {}
