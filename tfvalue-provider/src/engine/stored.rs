//! What each managed resource type of a provider keeps in Terraform's state, and which
//! older versions of it the provider can still read: the schema, the identity, and the
//! versions their upgrades start from. A schema-change guard compares these with the
//! ones a provider's earlier release stored.

use std::collections::BTreeMap;

use tfvalue::schema::Schema;

use crate::author::provider::Provider;
use crate::engine::registry::Registrations;

/// What one managed resource type stores: its state's schema (whose
/// [`version`](Schema::version) is the model's `#[tf(version = N)]`), the older versions
/// its state [`upgrades`](crate::Resource::upgrades) read, and its identity, if served.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct StoredSchema {
    /// The schema of the type's state.
    pub schema: &'static Schema,
    /// The older schema versions with a state upgrade, ascending.
    pub upgrades: Vec<i64>,
    /// The type's identity, when the type serves one.
    pub identity: Option<StoredIdentity>,
}

/// The identity a managed resource type stores beside its state
/// ([`ResourceIdentity`](crate::ResourceIdentity)).
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct StoredIdentity {
    /// The identity's schema; its [`version`](Schema::version) is the identity model's
    /// `#[tf(version = N)]`.
    pub schema: &'static Schema,
    /// The older identity versions with an upgrade
    /// ([`identity_upgrades`](crate::ResourceIdentity::identity_upgrades)), ascending.
    pub upgrades: Vec<i64>,
}

/// Every managed resource type `provider` registers, by type name, with what it stores
/// in Terraform's state ([`StoredSchema`]).
///
/// # Errors
/// The provider's types are declared wrongly (what [`serve`](crate::serve) would refuse
/// to start with): every problem, one line each.
pub fn stored_schemas<P: Provider>(
    provider: &P,
) -> Result<BTreeMap<String, StoredSchema>, Vec<String>> {
    let registry = Registrations::checked::<P>(provider)?;
    Ok((registry.resources.iter())
        .map(|(name, resource)| {
            let identity = registry.identities.get(name).map(|i| StoredIdentity {
                schema: i.schema(),
                upgrades: i.upgrade_versions(),
            });
            let stored = StoredSchema {
                schema: resource.schema(),
                upgrades: resource.upgrade_versions(),
                identity,
            };
            (name.clone(), stored)
        })
        .collect())
}
