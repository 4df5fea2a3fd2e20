//! The provider under test: a built executable Terraform starts itself, or a provider
//! served from inside the test process, which Terraform attaches to.

use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

use tfvalue_provider::debug::{DebugError, DebugServer};

/// Starts a debug server for one workspace.
type Starter = dyn Fn(&str) -> Result<DebugServer, DebugError> + Send + Sync;

/// The provider a test runs, and the source address it is known by.
///
/// The address is what configurations write in `required_providers`; the test harness
/// writes that block itself, naming the provider by its type (the address's last part).
#[derive(Clone)]
pub struct TestProvider {
    address: String,
    kind: Kind,
}

#[derive(Clone)]
enum Kind {
    Binary(PathBuf),
    InProcess(Arc<Starter>),
    Attached(String),
}

impl fmt::Debug for TestProvider {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = f.debug_struct("TestProvider");
        s.field("address", &self.address);
        match &self.kind {
            Kind::Binary(path) => s.field("binary", path),
            Kind::InProcess(_) => s.field("in_process", &true),
            Kind::Attached(reattach) => s.field("attached", reattach),
        };
        s.finish()
    }
}

impl TestProvider {
    /// A provider executable (for example
    /// `env!("CARGO_BIN_EXE_terraform-provider-files")` in an integration test) served as
    /// `address`. Terraform starts it through a `dev_overrides` CLI configuration, as it
    /// would a released provider, so no `terraform init` is needed.
    pub fn binary(address: &str, executable: impl Into<PathBuf>) -> TestProvider {
        TestProvider {
            address: address.to_owned(),
            kind: Kind::Binary(executable.into()),
        }
    }

    /// A provider served from the test process itself, on a debug server
    /// ([`DebugServer`]) that Terraform attaches to through `TF_REATTACH_PROVIDERS`.
    /// `make` builds a fresh provider for each workspace (each test, each Terraform
    /// version), so that runs share nothing. Breakpoints and `dbg!` work in the provider's
    /// code, and there is no executable to build.
    pub fn in_process<P, F>(address: &str, make: F) -> TestProvider
    where
        P: tfvalue_provider::Provider,
        F: Fn() -> P + Send + Sync + 'static,
    {
        TestProvider {
            address: address.to_owned(),
            kind: Kind::InProcess(Arc::new(move |address| DebugServer::start(make(), address))),
        }
    }

    /// A provider already serving in debug mode elsewhere (a provider executable started
    /// with `--debug`, perhaps under a debugger), attached through `reattach`: the
    /// `TF_REATTACH_PROVIDERS` value it printed. The test neither starts nor stops it.
    pub fn attached(address: &str, reattach: &str) -> TestProvider {
        TestProvider {
            address: address.to_owned(),
            kind: Kind::Attached(reattach.to_owned()),
        }
    }

    /// The source address, as `registry.terraform.io/acme/files`.
    pub fn address(&self) -> &str {
        &self.address
    }

    /// The provider's type (the last part of its address), which configurations use as
    /// its local name: `files` in `provider "files" {}` and `files_thing` resources.
    pub fn local_name(&self) -> &str {
        self.address.rsplit('/').next().unwrap_or(&self.address)
    }

    /// Whether Terraform attaches to a provider served in this process.
    pub fn is_in_process(&self) -> bool {
        matches!(self.kind, Kind::InProcess(_))
    }

    /// The executable, for a provider given by [`TestProvider::binary`].
    pub fn executable(&self) -> Option<&std::path::Path> {
        match &self.kind {
            Kind::Binary(path) => Some(path),
            Kind::InProcess(_) | Kind::Attached(_) => None,
        }
    }

    /// How a workspace reaches the provider.
    pub(crate) fn connect(&self) -> Connection {
        match &self.kind {
            Kind::Binary(path) => Connection::DevOverride(path.clone()),
            Kind::InProcess(start) => Connection::Served(start(&self.address)),
            Kind::Attached(reattach) => Connection::Reattach(reattach.clone()),
        }
    }
}

/// How a workspace reaches the provider under test.
pub(crate) enum Connection {
    /// Through `dev_overrides` naming this executable.
    DevOverride(PathBuf),
    /// Through the reattach configuration of a debug server started for the workspace.
    Served(Result<DebugServer, DebugError>),
    /// Through this `TF_REATTACH_PROVIDERS` value.
    Reattach(String),
}
