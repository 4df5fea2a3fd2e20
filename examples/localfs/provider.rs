//! `terraform-provider-localfs`: a small but real Terraform provider built on
//! `tfvalue-provider`. It manages files under a directory given in the provider block:
//!
//! ```hcl
//! provider "localfs" {
//!   root = "/srv/generated"
//!   # write_delay_ms = 5000  # simulated latency before each write, to try Ctrl-C
//! }
//!
//! terraform {                               # optional: names the module in debug logs
//!   provider_meta "localfs" { module_name = "motd" }
//! }
//!
//! resource "localfs_file" "motd" {          # a text file (also `localfs_text_file`)
//!   path        = "etc/motd"
//!   content     = "Welcome!\n"
//!   permissions = "0640"
//!   timeouts { create = "2m" }              # how long an operation may take
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
//!
//! output "conf" {                            # functions (Terraform 1.8 and later)
//!   value = provider::localfs::join_path("etc", "app.conf")
//! }
//!
//! ephemeral "localfs_secret" "db" {         # a secret read from a file, stored nowhere
//!   path = "secrets/db"
//! }
//!
//! resource "localfs_file" "db_conf" {       # written from the secret, which no state holds
//!   path               = "etc/db.conf"
//!   content_wo         = ephemeral.localfs_secret.db.value
//!   content_wo_version = 1                   # bump to write the secret again
//!   lifecycle {
//!     action_trigger {                       # actions (Terraform 1.14 and later)
//!       events  = [after_create, after_update]
//!       actions = [action.localfs_append.log]
//!     }
//!   }
//! }
//!
//! action "localfs_append" "log" {           # appends lines, reporting each as it goes
//!   config {
//!     path  = "deploy.log"
//!     lines = ["wrote etc/db.conf"]
//!   }
//! }
//! ```
//!
//! Everything is observable on disk: a file edited behind Terraform's back is drift that
//! the next plan repairs, `terraform import localfs_file.x some/path` (or an `import`
//! block with `identity = { path = "some/path" }`, Terraform 1.12 and later) adopts an
//! existing file, `terraform query` lists the files of a directory (a `list "localfs_file"`
//! block, Terraform 1.14 and later; `file_identity.rs`), and `destroy` removes the files.
//! Terraform starts the provider itself; tfvalue-provider's guide (module `guide`) shows the
//! CLI configuration (`dev_overrides`) that makes it find this executable. Started by hand with `--debug`, it serves without
//! Terraform and prints the `TF_REATTACH_PROVIDERS` value that attaches Terraform to it.
//!
//! It is a `[[bin]]` of the repository's root package (so that the end-to-end tests in
//! `tests/e2e/` get it built by cargo, as `CARGO_BIN_EXE_terraform-provider-localfs`).
//! The end-to-end tests also include this file as a module, to compare the schemas
//! Terraform shows with the models' own; that is why its modules name each other through
//! `super::` rather than `crate::`.

pub mod append;
pub mod directory;
pub mod document;
pub mod file;
pub mod file_identity;
mod file_versions;
mod fnv;
pub mod functions;
mod paths;
pub mod secret;
// The harness tests (milliseconds; the end-to-end tests that include this file run them
// too).
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

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use tfvalue::{Nullable, TfSchema};
use tfvalue_provider::{
    ConfigureRequest, Context, Diagnostic, Diagnostics, Provider, Registry, ValidateRequest,
};

/// The `provider "localfs"` block.
#[derive(TfSchema, Debug)]
pub struct Config {
    /// The directory every managed path is relative to; created when missing.
    pub root: String,
    /// Simulated latency, in milliseconds, before each write of a file or document (none
    /// when not set), for exercising cancellation: Ctrl-C on Terraform during the wait
    /// ends the operation with an "Interrupted" error and nothing written.
    pub write_delay_ms: Nullable<i64>,
}

/// The `provider_meta "localfs"` block a module may set: who writes the files.
#[derive(TfSchema, Debug)]
pub struct Meta {
    /// The module's name, logged (at debug level) with each file it writes.
    pub module_name: Nullable<String>,
}

/// Logs, at debug level, which module's configuration writes the file at `rel` (`what`
/// is the operation), when the module names itself in `provider_meta`.
fn log_module(ctx: &Context<Root>, what: &str, rel: &str) -> Result<(), Diagnostic> {
    if let Some(module) = ctx
        .provider_meta::<Meta>()?
        .and_then(|m| m.module_name.into_option())
    {
        tracing::debug!(module = %module, path = %rel, "{what} of a file for a module");
    }
    Ok(())
}

/// The longest simulated write delay accepted: ten minutes.
const MAX_WRITE_DELAY_MS: i64 = 600_000;

/// What every resource and data source gets from the provider block.
#[derive(Debug)]
pub struct Root {
    /// The directory every managed path is relative to.
    dir: PathBuf,
    /// The simulated latency before each write (zero for none).
    write_delay: Duration,
}

/// The provider: registers its types and resolves the root directory. Public so that the
/// end-to-end tests can serve it inside the test process.
pub struct LocalFs;

impl Provider for LocalFs {
    type Config = Config;
    type Data = Root;

    fn register(&self, registry: &mut impl Registry<Root>) {
        registry.provider_meta::<Meta>();
        registry
            .resource("localfs_file", file::FileResource)
            .with_list();
        registry
            .resource("localfs_text_file", file::FileResource)
            .with_identity();
        registry.resource("localfs_document", document::DocumentResource);
        registry
            .data_source("localfs_directory", directory::DirectoryDataSource)
            .function("join_path", functions::JoinPath)
            .function("parse_permissions", functions::ParsePermissions)
            .ephemeral_resource("localfs_secret", secret::SecretEphemeral)
            .action("localfs_append", append::AppendAction);
    }

    async fn validate(
        &self,
        _: &mut Context<Root>,
        ValidateRequest { config, .. }: ValidateRequest<Config>,
    ) -> Result<(), Diagnostics> {
        if config.root.is_empty() {
            return Err(Diagnostic::error("Empty root directory")
                .with_detail("`root` must name a directory, for example \"./files\".")
                .at("root")
                .into());
        }
        if let Some(&ms) = config.write_delay_ms.as_value() {
            if !(0..=MAX_WRITE_DELAY_MS).contains(&ms) {
                return Err(Diagnostic::error("Invalid write delay")
                    .with_detail(format!(
                        "`write_delay_ms` must be between 0 and {MAX_WRITE_DELAY_MS} \
                         milliseconds; found {ms}."
                    ))
                    .at("write_delay_ms")
                    .into());
            }
        }
        Ok(())
    }

    async fn configure(
        &self,
        _: &mut Context<Root>,
        ConfigureRequest { config, .. }: ConfigureRequest<Config>,
    ) -> Result<Root, Diagnostics> {
        let root = PathBuf::from(&config.root);
        tokio::fs::create_dir_all(&root).await.map_err(|e| {
            Diagnostic::error("Cannot create the root directory")
                .with_detail(format!("{}: {e}", root.display()))
                .at("root")
        })?;
        // Validated before configure; clamped again so that no value can overflow.
        let ms = config
            .write_delay_ms
            .as_value()
            .map_or(0, |&ms| ms.clamp(0, MAX_WRITE_DELAY_MS));
        Ok(Root {
            dir: root,
            write_delay: Duration::from_millis(u64::try_from(ms).unwrap_or(0)),
        })
    }
}

/// The provider's source address in the repository's tests and examples: what
/// `required_providers` names and what debug mode prints.
pub const ADDRESS: &str = "example.com/tfvalue/localfs";

#[global_allocator]
static ALLOCATOR: tfvalue_provider::Allocator = tfvalue_provider::Allocator;

fn main() -> ExitCode {
    // `--debug` serves it without Terraform and prints the TF_REATTACH_PROVIDERS line.
    tfvalue_provider::serve_with(
        LocalFs,
        tfvalue_provider::ServeOptions::new().address(ADDRESS),
    )
}
