//! `terraform-provider-random`: a port of hashicorp/terraform-provider-random onto
//! tfvalue, with the same resources, schemas, import formats and messages (see
//! `examples/random/README.md`). Every object lives only in Terraform's state: create
//! draws the random value, read keeps the state, update copies the plan, delete forgets.

pub mod bytes;
pub mod ephemeral_bytes;
pub mod ephemeral_password;
pub mod generator;
pub mod go_rand;
pub mod id;
pub mod integer;
pub mod limits;
pub mod password;
pub mod pet;
pub mod repair;
pub mod shuffle;
pub mod string;
#[cfg(test)]
mod unit_tests;
// Cassettes recorded from real Terraform runs, replayed without Terraform.
#[cfg(test)]
mod replay_tests;
// The goldens of the resource types' schemas (`schema/`), which keep stored states readable.
#[cfg(test)]
mod schema_guard;
// The same provider under OpenTofu's client (1.10, 1.11, 1.12), emulated by the harness.
#[cfg(test)]
mod opentofu_tests;
pub mod uuid;
pub mod uuid4;
pub mod uuid7;

use std::collections::BTreeMap;
use std::convert::Infallible;

use tfvalue::{Nullable, TfSchema, Unknown};
use tfvalue_provider::{ConfigureRequest, Context, Diagnostic, Diagnostics, Provider, Registry};

/// The values of `keepers` (null values allowed).
pub type KeeperMap = BTreeMap<String, Unknown<Nullable<String>>>;

/// `keepers`: arbitrary values whose change replaces the object. Every model's field is this
/// alias; the derive takes optionality from the type, so it is an optional attribute as
/// the spelled-out `Unknown<Nullable<KeeperMap>>` is (the schema test checks it).
pub type Keepers = Unknown<Nullable<KeeperMap>>;

/// The provider block, which has no attributes.
#[derive(TfSchema, Debug)]
pub struct Config {}

/// Whether a change of `keepers` replaces the object: unless every key it adds or changes
/// was absent and is now null, or the map only goes from null to all-null values. It
/// cannot fail.
pub fn keepers_replace(prior: &Keepers, planned: &Keepers) -> Result<bool, Infallible> {
    let none = BTreeMap::new();
    let config = planned.as_value().unwrap_or(&none);
    Ok(match prior.as_value() {
        None => config.values().any(|v| !v.is_null()),
        Some(state) => {
            state.keys().any(|k| !config.contains_key(k))
                || config.iter().any(|(k, v)| match state.get(k) {
                    None => !v.is_null(),
                    Some(s) => s != v,
                })
        }
    })
}

/// The advice every randomness error carries.
pub const RETRY: &str = "Retry the Terraform operation. If the error still occurs or happens \
    regularly, please contact the provider developer with hardware and operating system \
    information.\n\n";

/// An error of the random source.
pub fn random_read_error(error: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error("Random Read Error").with_detail(format!(
        "While attempting to generate a random value for this resource, a read error was \
         generated.\n\n{RETRY}Original Error: {error}"
    ))
}

/// The read, update and delete of a resource whose objects exist only in Terraform's
/// state: read keeps the state, update stores the plan, delete has nothing to do.
macro_rules! state_only {
    ($model:ty) => {
        async fn read(
            &self,
            _: &mut tfvalue_provider::Context<()>,
            request: tfvalue_provider::ReadRequest<$model>,
        ) -> Result<Option<$model>, tfvalue_provider::Diagnostics> {
            Ok(Some(request.state))
        }
        async fn update(
            &self,
            _: &mut tfvalue_provider::Context<()>,
            request: tfvalue_provider::UpdateRequest<$model>,
        ) -> Result<$model, tfvalue_provider::ApplyError<$model>> {
            Ok(request.planned)
        }
        async fn delete(
            &self,
            _: &mut tfvalue_provider::Context<()>,
            _: tfvalue_provider::DeleteRequest<$model>,
        ) -> Result<(), tfvalue_provider::ApplyError<$model>> {
            Ok(())
        }
    };
}
use state_only;

/// The provider: its types, and no configuration.
struct Random;

impl Provider for Random {
    type Config = Config;
    type Data = ();

    fn register(&self, registry: &mut impl Registry<()>) {
        registry.resource("random_bytes", bytes::BytesResource);
        registry.resource("random_id", id::IdResource);
        registry.resource("random_integer", integer::IntegerResource);
        registry.resource("random_password", password::PasswordResource);
        registry.resource("random_pet", pet::PetResource);
        registry.resource("random_shuffle", shuffle::ShuffleResource);
        registry.resource("random_string", string::StringResource);
        registry.resource("random_uuid", uuid::UuidResource(uuid::Kind::Any));
        registry.resource("random_uuid4", uuid::UuidResource(uuid::Kind::V4));
        registry.resource("random_uuid7", uuid::UuidResource(uuid::Kind::V7));
        registry
            .ephemeral_resource("random_bytes", ephemeral_bytes::EphemeralBytes)
            .ephemeral_resource("random_password", ephemeral_password::EphemeralPassword);
    }

    async fn configure(
        &self,
        _: &mut Context<()>,
        _: ConfigureRequest<Config>,
    ) -> Result<(), Diagnostics> {
        Ok(())
    }
}

#[global_allocator]
static ALLOCATOR: tfvalue_provider::Allocator = tfvalue_provider::Allocator;

fn main() -> std::process::ExitCode {
    tfvalue_provider::serve(Random)
}
