//! The provider under test: a built executable Terraform starts itself, or a provider
//! served from inside the test process, which Terraform attaches to.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tfvalue_provider::debug::{DebugError, DebugServer};

/// Starts a debug server for one workspace, recording to the cassette if one is given.
type Starter = dyn Fn(&str, Option<&Path>) -> Result<DebugServer, DebugError> + Send + Sync;

/// The provider a test runs, and the source address it is known by.
///
/// The address is what configurations write in `required_providers`; the test harness
/// writes that block itself, naming the provider by its type (the address's last part).
#[derive(Clone)]
pub struct TestProvider {
    address: String,
    kind: Kind,
    /// The cassette every call is recorded to ([`TestProvider::record_to`]).
    cassette: Option<PathBuf>,
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
        if let Some(cassette) = &self.cassette {
            s.field("cassette", cassette);
        }
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
            cassette: None,
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
            kind: Kind::InProcess(Arc::new(move |address, cassette| match cassette {
                Some(cassette) => DebugServer::start_recording(make(), address, cassette),
                None => DebugServer::start(make(), address),
            })),
            cassette: None,
        }
    }

    /// A provider already serving in debug mode elsewhere (a provider executable started
    /// with `--debug`, perhaps under a debugger), attached through `reattach`: the
    /// `TF_REATTACH_PROVIDERS` value it printed. The test neither starts nor stops it.
    pub fn attached(address: &str, reattach: &str) -> TestProvider {
        TestProvider {
            address: address.to_owned(),
            kind: Kind::Attached(reattach.to_owned()),
            cassette: None,
        }
    }

    /// Records every RPC Terraform sends the provider, and its answer, to the cassette
    /// file at `cassette` (appended to; a new or empty file gets the format line first),
    /// for [`Cassette::replay`](crate::Cassette::replay) to replay without Terraform. A
    /// provider served in process records through
    /// [`DebugServer::start_recording`]; an executable is started with
    /// `TFVALUE_RECORD` ([`tfvalue_provider::RECORD_VAR`]) naming the file, through a
    /// small shell script that sets it. An attached provider is not started by the test,
    /// so it records only if it was started recording.
    pub fn record_to(mut self, cassette: impl Into<PathBuf>) -> TestProvider {
        self.cassette = Some(cassette.into());
        self
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
            Kind::Binary(path) => match &self.cassette {
                Some(cassette) => Connection::DevOverride(recording_script(path, cassette)),
                None => Connection::DevOverride(path.clone()),
            },
            Kind::InProcess(start) => {
                Connection::Served(start(&self.address, self.cassette.as_deref()))
            }
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

/// A shell script that runs `executable` with `TFVALUE_RECORD` naming `cassette`, written
/// to a directory of its own under the system's temporary directory.
fn recording_script(executable: &Path, cassette: &Path) -> PathBuf {
    use std::os::unix::fs::PermissionsExt as _;
    use std::sync::atomic::{AtomicUsize, Ordering};
    static SCRIPTS: AtomicUsize = AtomicUsize::new(0);
    let quote = |path: &Path| format!("'{}'", path.display().to_string().replace('\'', "'\\''"));
    let cassette = std::path::absolute(cassette).unwrap_or_else(|_| cassette.to_owned());
    let dir = std::env::temp_dir().join(format!(
        "tfvalue-recording-{}-{}",
        std::process::id(),
        SCRIPTS.fetch_add(1, Ordering::Relaxed)
    ));
    let script = dir.join(
        executable
            .file_name()
            .unwrap_or("terraform-provider".as_ref()),
    );
    let text = format!(
        "#!/bin/sh\n{}={} exec {} \"$@\"\n",
        tfvalue_provider::RECORD_VAR,
        quote(&cassette),
        quote(executable)
    );
    let written = std::fs::create_dir_all(&dir)
        .and_then(|()| std::fs::write(&script, text))
        .and_then(|()| std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)));
    if let Err(error) = written {
        panic!(
            "writing the recording script {} failed: {error}",
            script.display()
        );
    }
    script
}
