//! `terraform-provider-localfs`: a small but real Terraform provider built on
//! `tfvalue-provider`. It manages files under a directory given in the provider block:
//!
//! ```hcl
//! provider "localfs" {
//!   root = "/srv/generated"
//! }
//!
//! resource "localfs_file" "motd" {          # a text file
//!   path        = "etc/motd"
//!   content     = "Welcome!\n"
//!   permissions = "0640"
//! }
//!
//! resource "localfs_document" "app" {       # a JSON document built from attributes
//!   path   = "app.json"
//!   labels = { env = "prod" }
//!   server = { host = "db.internal", port = 5432 }
//!   section { name = "paths" }
//! }
//!
//! data "localfs_directory" "etc" {          # what a directory holds
//!   path = "etc"
//! }
//! ```
//!
//! Everything is observable on disk: a file edited behind Terraform's back is drift that
//! the next plan repairs, `terraform import localfs_file.x some/path` adopts an existing
//! file, and `destroy` removes the files. Terraform starts the provider itself; see the
//! README's "Write your first provider" for the CLI configuration (`dev_overrides`) that
//! makes it find this executable.
//!
//! It is a `[[bin]]` of the repository's root package (so that the end-to-end tests in
//! `tests/e2e_*.rs` get it built by cargo, as `CARGO_BIN_EXE_terraform-provider-localfs`).
//! The end-to-end tests also include this file as a module, to compare the schemas
//! Terraform shows with the models' own; that is why its modules name each other through
//! `super::` rather than `crate::`.

pub mod directory;
pub mod document;
pub mod file;
mod fnv;
mod paths;

use std::path::PathBuf;
use std::process::ExitCode;

use tfvalue::TfSchema;
use tfvalue_provider::{Context, Diagnostic, Diagnostics, Provider, Registry};

/// The `provider "localfs"` block.
#[derive(TfSchema, Debug)]
pub struct Config {
    /// The directory every managed path is relative to; created when missing.
    pub root: String,
}

/// What every resource and data source gets from the provider block: the root directory.
#[derive(Debug)]
pub struct Root(PathBuf);

/// The provider: registers its types and resolves the root directory.
struct LocalFs;

impl Provider for LocalFs {
    type Config = Config;
    type Data = Root;

    fn register(&self, registry: &mut Registry<Root>) {
        registry
            .resource("localfs_file", file::FileResource)
            .resource("localfs_document", document::DocumentResource)
            .data_source("localfs_directory", directory::DirectoryDataSource);
    }

    async fn validate(&self, _: &mut Context<Root>, config: &Config) -> Result<(), Diagnostics> {
        if config.root.is_empty() {
            return Err(Diagnostic::error("Empty root directory")
                .with_detail("`root` must name a directory, for example \"./files\".")
                .at(tfvalue::path::AttributePath::root().attr("root"))
                .into());
        }
        Ok(())
    }

    async fn configure(
        &self,
        _: &mut Context<Root>,
        _terraform_version: &str,
        config: Config,
    ) -> Result<Root, Diagnostics> {
        let root = PathBuf::from(&config.root);
        tokio::fs::create_dir_all(&root).await.map_err(|e| {
            Diagnostic::error("Cannot create the root directory")
                .with_detail(format!("{}: {e}", root.display()))
                .at(tfvalue::path::AttributePath::root().attr("root"))
        })?;
        Ok(Root(root))
    }
}

fn main() -> ExitCode {
    tfvalue_provider::serve(LocalFs)
}
