//! `terraform-provider-misregistered`: a provider whose registrations are wrong (one resource
//! type registered twice), for the end-to-end test that Terraform shows the reason
//! (`tests/e2e/faults.rs`) instead of "Unrecognized remote plugin message".

use std::process::ExitCode;

use tfvalue::{Nullable, TfSchema, Unknown};
use tfvalue_provider::{
    ApplyError, ConfigureRequest, Context, CreateRequest, DeleteRequest, Diagnostics, Provider,
    ReadRequest, Registry, Resource, UpdateRequest,
};

/// The provider block: nothing to configure.
#[derive(TfSchema)]
struct Config {}

/// `misregistered_thing`: a value kept in state.
#[derive(TfSchema)]
struct Thing {
    #[tf(optional)]
    name: Unknown<Nullable<String>>,
}

struct Misregistered;
struct Things;

impl Provider for Misregistered {
    type Config = Config;
    type Data = ();

    fn register(&self, registry: &mut impl Registry<()>) {
        registry.resource("misregistered_thing", Things);
        // The mistake: the same type name again.
        registry.resource("misregistered_thing", Things);
    }

    async fn configure(
        &self,
        _: &mut Context<()>,
        _: ConfigureRequest<Config>,
    ) -> Result<(), Diagnostics> {
        Ok(())
    }
}

impl Resource for Things {
    type Model = Thing;
    type Data = ();

    async fn create(
        &self,
        _: &mut Context<()>,
        request: CreateRequest<Thing>,
    ) -> Result<Thing, ApplyError<Thing>> {
        Ok(request.planned)
    }

    async fn read(
        &self,
        _: &mut Context<()>,
        request: ReadRequest<Thing>,
    ) -> Result<Option<Thing>, Diagnostics> {
        Ok(Some(request.state))
    }

    async fn update(
        &self,
        _: &mut Context<()>,
        request: UpdateRequest<Thing>,
    ) -> Result<Thing, ApplyError<Thing>> {
        Ok(request.planned)
    }

    async fn delete(
        &self,
        _: &mut Context<()>,
        _: DeleteRequest<Thing>,
    ) -> Result<(), ApplyError<Thing>> {
        Ok(())
    }
}

fn main() -> ExitCode {
    tfvalue_provider::serve(Misregistered)
}
