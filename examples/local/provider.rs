//! `terraform-provider-local`: a port of hashicorp/terraform-provider-local onto tfvalue,
//! with the same types, schemas, behaviour and messages (see `examples/local/README.md`):
//! files written and read on the machine Terraform runs on, commands run there (a data
//! source, an ephemeral resource and an action), and a function that tells whether a
//! directory exists.

pub mod action_command;
pub mod checksums;
pub mod command;
pub mod data_command;
pub mod data_file;
pub mod direxists;
pub mod ephemeral_command;
pub mod file;
pub mod files;
pub mod go_os;
pub mod sensitive_file;

#[cfg(test)]
mod unit_tests;
// The goldens of the resource types' schemas (`schema/`), which keep stored states readable.
#[cfg(test)]
mod schema_guard;
// The same provider under OpenTofu's client (1.10, 1.11, 1.12), emulated by the harness.
#[cfg(test)]
mod opentofu_tests;
// Recorded runs of Terraform 1.11.4 and 1.15.5 (`cassettes/`), replayed without Terraform.
#[cfg(test)]
mod replay_tests;

use tfvalue::TfSchema;
use tfvalue_provider::{ConfigureRequest, Context, Diagnostics, Provider, Registry};

/// The provider block, which has no attributes (and, as upstream's, no description).
#[derive(TfSchema, Debug)]
#[tf(description = "")]
pub struct Config {}

/// The provider: its types, and no configuration.
pub struct Local;

impl Provider for Local {
    type Config = Config;
    type Data = ();

    fn register(&self, registry: &mut impl Registry<()>) {
        registry.resource("local_file", file::FileResource);
        registry.resource(
            "local_sensitive_file",
            sensitive_file::SensitiveFileResource,
        );
        registry
            .data_source("local_file", data_file::FileDataSource)
            .data_source("local_sensitive_file", data_file::SensitiveFileDataSource)
            .data_source("local_command", data_command::CommandDataSource)
            .ephemeral_resource("local_command", ephemeral_command::CommandEphemeralResource)
            .function("direxists", direxists::DirExists)
            .action("local_command", action_command::CommandActionType);
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
    tfvalue_provider::serve(Local)
}
