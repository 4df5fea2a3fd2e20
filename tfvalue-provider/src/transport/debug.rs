//! Debug mode: a provider served without Terraform starting it, which Terraform then
//! attaches to through `TF_REATTACH_PROVIDERS`.
//!
//! Two uses share it. A provider executable started with `--debug` (see [`crate::serve`])
//! serves until Ctrl-C and prints the line to export, so that a debugger can hold the
//! process while Terraform runs against it. A test starts the provider inside its own
//! process with [`DebugServer::start`] and gives Terraform
//! [`DebugServer::reattach_providers`]: no executable to build, breakpoints and logs in the
//! test itself.
//!
//! The server speaks plain gRPC (no TLS: nothing hands it Terraform's client certificate)
//! on a unix socket in a private directory, and the reattach configuration says `"Test":
//! true`, which tells Terraform that it does not own the process: it neither starts nor
//! stops it, and the same server answers every Terraform command until it is stopped.

use std::fmt;
use std::future::Future;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::Duration;

use tokio::sync::oneshot;

use crate::protocol::proto::tfplugin6::provider_server::Provider as ProviderService;
use crate::transport::handshake::{
    reattach_json, PluginEnv, CORE_PROTOCOL_VERSION, PROTOCOL_VERSION,
};
use crate::transport::record::Recording;
use crate::transport::serve::serve_until;
use crate::transport::server::ProviderService as Service;

/// The environment variable that starts a provider executable in debug mode, as
/// `--debug` does, when set to anything but empty, `0` or `false`.
pub const DEBUG_ENV_VAR: &str = "TFVALUE_PROVIDER_DEBUG";

/// How long [`DebugServer::start`] waits for the server to bind its socket.
const START_DEADLINE: Duration = Duration::from_secs(30);

/// A provider served in debug mode on a thread of its own (with its own tokio runtime),
/// for Terraform to attach to. Stops when dropped (or with [`DebugServer::stop`]).
///
/// ```no_run
/// # fn demo<P: tfvalue_provider::Provider>(provider: P) -> Result<(), tfvalue_provider::debug::DebugError> {
/// use tfvalue_provider::debug::DebugServer;
///
/// let server = DebugServer::start(provider, "registry.terraform.io/acme/files")?;
/// let status = std::process::Command::new("terraform")
///     .args(["apply", "-auto-approve"])
///     .env("TF_REATTACH_PROVIDERS", server.reattach_providers())
///     .status();
/// server.stop()?;
/// # Ok(()) }
/// ```
pub struct DebugServer {
    address: String,
    socket: PathBuf,
    reattach: String,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<Result<(), String>>>,
}

impl fmt::Debug for DebugServer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DebugServer")
            .field("address", &self.address)
            .field("socket", &self.socket)
            .finish_non_exhaustive()
    }
}

impl DebugServer {
    /// Starts serving `provider` as the provider at source `address` (as written in
    /// `required_providers`, e.g. `registry.terraform.io/acme/files` or `acme/files`),
    /// and returns once the socket accepts connections.
    ///
    /// # Errors
    /// When `address` is not a provider source address, when the provider's types are
    /// declared wrongly (as [`crate::serve`] reports them), or when the server cannot start
    /// (no thread, no runtime, no socket).
    pub fn start<P: crate::Provider>(
        provider: P,
        address: &str,
    ) -> Result<DebugServer, DebugError> {
        check_address(address)?;
        let service = Service::new(provider).map_err(DebugError::Registration)?;
        DebugServer::serving(service, address)
    }

    /// [`DebugServer::start`], recording every call the provider serves to the cassette
    /// at `cassette` (appended to; an empty or new file gets the format line first), as
    /// [`crate::serve`] does with [`crate::RECORD_VAR`] set. The server's calls are one
    /// session of the cassette.
    ///
    /// # Errors
    /// As [`DebugServer::start`], and [`DebugError::Start`] when the cassette cannot be
    /// opened.
    pub fn start_recording<P: crate::Provider>(
        provider: P,
        address: &str,
        cassette: &Path,
    ) -> Result<DebugServer, DebugError> {
        check_address(address)?;
        let service = Service::new(provider).map_err(DebugError::Registration)?;
        let recording = Recording::new(service, cassette).map_err(DebugError::Start)?;
        DebugServer::serving(recording, address)
    }

    /// Serves `service` on a thread of its own until stopped.
    fn serving<S: ProviderService>(service: S, address: &str) -> Result<DebugServer, DebugError> {
        let (line_tx, line_rx) = mpsc::channel::<String>();
        let (stop_tx, stop_rx) = oneshot::channel::<()>();
        let thread = std::thread::Builder::new()
            .name(format!("tfvalue debug server {address}"))
            .spawn(move || {
                let runtime = tokio::runtime::Builder::new_multi_thread()
                    .worker_threads(2)
                    .enable_all()
                    .build()
                    .map_err(|e| format!("starting the async runtime failed: {e}"))?;
                let mut out = LineWriter::new(move |line| {
                    // An error means `start` gave up waiting; the server is stopped then.
                    let _ = line_tx.send(line);
                });
                let stop = async move {
                    // An error means the handle is gone: stop as well.
                    let _ = stop_rx.await;
                };
                let result =
                    runtime.block_on(serve_until(service, PluginEnv::debug(), &mut out, stop));
                runtime.shutdown_timeout(Duration::from_millis(100));
                result.map_err(|e| e.to_string())
            })
            .map_err(|e| DebugError::Start(format!("starting the server's thread failed: {e}")))?;
        let mut server = DebugServer {
            address: address.to_owned(),
            socket: PathBuf::new(),
            reattach: String::new(),
            stop: Some(stop_tx),
            thread: Some(thread),
        };
        match line_rx.recv_timeout(START_DEADLINE) {
            Ok(line) => {
                let socket = socket_of_handshake(&line).ok_or_else(|| {
                    DebugError::Start(format!("the server announced no socket: {line:?}"))
                })?;
                server.reattach = reattach_json(address, std::process::id(), &socket);
                server.socket = socket;
                Ok(server)
            }
            Err(_) => {
                // The thread ended without a line (its error says why) or is stuck.
                let why = match server.finish() {
                    Ok(()) => format!(
                        "the server did not bind its socket within {} s",
                        START_DEADLINE.as_secs()
                    ),
                    Err(e) => e.to_string(),
                };
                Err(DebugError::Start(why))
            }
        }
    }

    /// The value of `TF_REATTACH_PROVIDERS` that attaches Terraform to this server:
    /// `{"<address>":{"Protocol":"grpc","ProtocolVersion":6,"Pid":…,"Test":true,
    /// "Addr":{"Network":"unix","String":"<socket>"}}}`.
    pub fn reattach_providers(&self) -> &str {
        &self.reattach
    }

    /// The provider's source address, as given to [`DebugServer::start`].
    pub fn address(&self) -> &str {
        &self.address
    }

    /// The unix socket the server listens on.
    pub fn socket(&self) -> &Path {
        &self.socket
    }

    /// Stops the server (calls in flight get a short grace period) and waits for it.
    ///
    /// # Errors
    /// When the server had failed (its gRPC transport) or its thread panicked.
    pub fn stop(mut self) -> Result<(), DebugError> {
        self.finish()
    }

    fn finish(&mut self) -> Result<(), DebugError> {
        if let Some(stop) = self.stop.take() {
            // An error means the server already ended.
            let _ = stop.send(());
        }
        match self.thread.take().map(JoinHandle::join) {
            None | Some(Ok(Ok(()))) => Ok(()),
            Some(Ok(Err(message))) => Err(DebugError::Serve(message)),
            Some(Err(_)) => Err(DebugError::Serve("the server's thread panicked".to_owned())),
        }
    }
}

impl Drop for DebugServer {
    fn drop(&mut self) {
        if let Err(error) = self.finish() {
            tracing::warn!(%error, "the debug server stopped with an error");
        }
    }
}

/// Why a debug server could not start or stopped with an error.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum DebugError {
    /// The source address is not one Terraform accepts.
    Address(String),
    /// The provider's types are declared wrongly: one problem per entry.
    Registration(Vec<String>),
    /// The server could not start.
    Start(String),
    /// The server failed while serving.
    Serve(String),
}

impl fmt::Display for DebugError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DebugError::Address(why) => f.write_str(why),
            DebugError::Registration(problems) => {
                f.write_str("the provider's types are declared wrongly:")?;
                for problem in problems {
                    write!(f, "\n  - {problem}")?;
                }
                Ok(())
            }
            DebugError::Start(why) => write!(f, "the debug server could not start: {why}"),
            DebugError::Serve(why) => write!(f, "the debug server failed: {why}"),
        }
    }
}

impl std::error::Error for DebugError {}

/// Checks that `address` is a provider source address: `[hostname/]namespace/type`, each
/// part non-empty and made of letters, digits, `-`, `_` and `.` (the hostname may also
/// carry a `:port`).
pub(crate) fn check_address(address: &str) -> Result<(), DebugError> {
    let parts: Vec<&str> = address.split('/').collect();
    let part_ok = |part: &str, extra: &[char]| {
        !part.is_empty()
            && part
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c) || extra.contains(&c))
    };
    let ok = match parts.as_slice() {
        [namespace, kind] => part_ok(namespace, &[]) && part_ok(kind, &[]),
        [host, namespace, kind] => {
            part_ok(host, &[':']) && part_ok(namespace, &[]) && part_ok(kind, &[])
        }
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err(DebugError::Address(format!(
            "{address:?} is not a provider source address: expected \
             [hostname/]namespace/type, as in registry.terraform.io/acme/files"
        )))
    }
}

/// The socket named by a handshake line `1|6|unix|<socket>|grpc|<cert>`.
fn socket_of_handshake(line: &str) -> Option<PathBuf> {
    let prefix = format!("{CORE_PROTOCOL_VERSION}|{PROTOCOL_VERSION}|unix|");
    let rest = line.trim_end().strip_prefix(&prefix)?;
    let (socket, _) = rest.rsplit_once("|grpc|")?;
    (!socket.is_empty()).then(|| PathBuf::from(socket))
}

/// Whether the process was asked for debug mode: `-debug` or `--debug` (optionally
/// `=true`/`=false`) among `args`, or [`DEBUG_ENV_VAR`] set to anything but empty, `0` or
/// `false`.
pub(crate) fn debug_requested<I, S>(args: I, env_value: Option<&std::ffi::OsStr>) -> bool
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    let truthy = |v: &str| !matches!(v.trim().to_ascii_lowercase().as_str(), "" | "0" | "false");
    let mut from_args = None;
    for arg in args {
        let arg = arg.as_ref().to_string_lossy();
        let flag = arg.strip_prefix("--").or_else(|| arg.strip_prefix('-'));
        match flag {
            Some("debug") => from_args = Some(true),
            Some(other) => {
                if let Some(value) = other.strip_prefix("debug=") {
                    from_args = Some(truthy(value));
                }
            }
            None => {}
        }
    }
    from_args.unwrap_or_else(|| env_value.is_some_and(|v| truthy(&v.to_string_lossy())))
}

/// What a provider executable in debug mode prints to stdout once it serves, in the shape
/// Go providers print it.
pub(crate) fn debug_banner(reattach: &str) -> String {
    format!(
        "Provider started. To attach Terraform CLI, set the TF_REATTACH_PROVIDERS \
         environment variable with the following:\n\n\tTF_REATTACH_PROVIDERS='{reattach}'\n"
    )
}

/// Serves `service` in debug mode until `stop` completes, printing [`debug_banner`] for
/// `address` to `out` once the socket is bound.
pub(crate) async fn serve_debug<S, F>(
    service: S,
    address: &str,
    out: Box<dyn Write + Send>,
    stop: F,
) -> Result<(), crate::transport::serve::ServeError>
where
    S: ProviderService,
    F: Future<Output = ()>,
{
    let address = address.to_owned();
    let mut writer = LineWriter::new(move |line| {
        let mut out = out;
        let text = match socket_of_handshake(&line) {
            Some(socket) => debug_banner(&reattach_json(&address, std::process::id(), &socket)),
            None => format!("unexpected handshake line: {line}\n"),
        };
        // Ignored: with stdout gone the server still serves, and the log says where.
        let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
    });
    serve_until(service, PluginEnv::debug(), &mut writer, stop).await
}

/// Serves `service` in debug mode until the process gets SIGINT (Ctrl-C) or SIGTERM,
/// printing [`debug_banner`] to stdout: the `main` of a provider started with `--debug`.
pub(crate) async fn serve_debug_until_signal<S>(
    service: S,
    address: &str,
) -> Result<(), crate::transport::serve::ServeError>
where
    S: ProviderService,
{
    use tokio::signal::unix::{signal, SignalKind};
    let mut terminate =
        signal(SignalKind::terminate()).map_err(crate::transport::serve::ServeError::Signals)?;
    let mut interrupt =
        signal(SignalKind::interrupt()).map_err(crate::transport::serve::ServeError::Signals)?;
    let stop = async move {
        tokio::select! {
            _ = terminate.recv() => tracing::info!("SIGTERM received: stopping the debug server"),
            _ = interrupt.recv() => tracing::info!("SIGINT received: stopping the debug server"),
        }
    };
    serve_debug(service, address, Box::new(io::stdout()), stop).await
}

/// A writer that hands the first complete line written to it to a callback.
struct LineWriter<F: FnOnce(String) + Send> {
    buffer: Vec<u8>,
    on_line: Option<F>,
}

impl<F: FnOnce(String) + Send> LineWriter<F> {
    fn new(on_line: F) -> Self {
        LineWriter {
            buffer: Vec::new(),
            on_line: Some(on_line),
        }
    }
}

impl<F: FnOnce(String) + Send> Write for LineWriter<F> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self.on_line.is_some() {
            self.buffer.extend_from_slice(bytes);
            if let Some(end) = self.buffer.iter().position(|&b| b == b'\n') {
                let line = String::from_utf8_lossy(&self.buffer[..end]).into_owned();
                if let Some(on_line) = self.on_line.take() {
                    on_line(line);
                }
                self.buffer.clear();
            }
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_checked() {
        for good in [
            "registry.terraform.io/acme/files",
            "acme/files",
            "example.com:8443/tf-value/local_fs",
        ] {
            assert_eq!(check_address(good), Ok(()), "{good}");
        }
        for bad in ["files", "", "a//b", "a/b/c/d", "acme/fi les", "/acme/files"] {
            let error = check_address(bad).unwrap_err().to_string();
            assert!(
                error.contains("is not a provider source address"),
                "{error}"
            );
        }
    }

    #[test]
    fn the_socket_is_read_back_from_the_handshake_line() {
        let line =
            crate::transport::handshake::handshake_line(Path::new("/tmp/a|b/plugin.sock"), None);
        assert_eq!(
            socket_of_handshake(&line),
            Some(PathBuf::from("/tmp/a|b/plugin.sock"))
        );
        assert_eq!(socket_of_handshake("1|5|unix|/x|grpc|"), None);
        assert_eq!(socket_of_handshake("garbage"), None);
    }

    #[test]
    fn debug_mode_is_asked_for_by_flag_or_variable() {
        let none: [&str; 0] = [];
        assert!(debug_requested(["prog", "-debug"], None));
        assert!(debug_requested(["prog", "--debug"], None));
        assert!(debug_requested(["prog", "--debug=true"], None));
        assert!(!debug_requested(
            ["prog", "--debug=false"],
            Some("1".as_ref())
        ));
        assert!(!debug_requested(["prog"], None));
        assert!(!debug_requested(["prog", "debug"], None));
        assert!(debug_requested(none, Some("1".as_ref())));
        assert!(debug_requested(none, Some("yes".as_ref())));
        for off in ["", "0", "false", "FALSE"] {
            assert!(!debug_requested(none, Some(off.as_ref())), "{off}");
        }
    }

    #[test]
    fn the_banner_has_go_providers_shape() {
        let banner = debug_banner(r#"{"a/b":{}}"#);
        assert!(banner.starts_with(
            "Provider started. To attach Terraform CLI, set the TF_REATTACH_PROVIDERS \
             environment variable with the following:\n\n"
        ));
        assert!(banner.ends_with("\tTF_REATTACH_PROVIDERS='{\"a/b\":{}}'\n"));
    }

    #[test]
    fn the_line_writer_takes_the_first_line_only() {
        let (tx, rx) = mpsc::channel();
        let mut w = LineWriter::new(move |line| tx.send(line).unwrap());
        w.write_all(b"first ").unwrap();
        w.write_all(b"line\nsecond\n").unwrap();
        assert_eq!(rx.recv().unwrap(), "first line");
        assert!(rx.try_recv().is_err());
    }
}
