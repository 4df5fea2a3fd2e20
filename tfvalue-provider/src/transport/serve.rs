//! Serving a provider to Terraform: the unix socket, the handshake line, the TLS accept
//! loop, the gRPC server with go-plugin's controller, and the process's main function.
//!
//! The lifecycle of a provider process:
//! 1. a private directory (mode 0700) is created and a unix socket bound inside it;
//! 2. the handshake line is written to stdout once and flushed (nothing else ever goes
//!    to stdout: it is go-plugin's handshake channel; logs go to stderr);
//! 3. connections are accepted; with a client certificate pinned, every TLS handshake
//!    runs in a task of its own, so a slow or hostile client never delays another, and a
//!    failed handshake only drops that connection;
//! 4. the gRPC server runs `tfplugin6.Provider` and `plugin.GRPCController` until
//!    Terraform calls `GRPCController/Shutdown` or the process gets SIGTERM; in-flight
//!    calls then get [`SHUTDOWN_GRACE`] to finish;
//! 5. the socket and its directory are removed, on success and on error alike.

use std::convert::Infallible;
use std::fmt;
use std::future::Future;
use std::io::{self, IoSlice, Write};
use std::os::unix::fs::DirBuilderExt;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{UnixListener, UnixStream};
use tokio::sync::{mpsc, watch};
use tokio::task::{JoinHandle, JoinSet};
use tokio_rustls::TlsAcceptor;
use tonic::transport::server::Connected;
use tonic::transport::Server;
use tracing::{debug, info, warn};

use crate::protocol::proto::plugin::grpc_controller_server::{
    GrpcController, GrpcControllerServer,
};
use crate::protocol::proto::plugin::Empty;
use crate::protocol::proto::tfplugin6::provider_server::{Provider, ProviderServer};
use crate::transport::handshake::{handshake_line, reattach_json, PluginEnv, CLIENT_CERT_KEY};
use crate::transport::tls::{server_config, ServerIdentity, TlsError};

/// The largest gRPC message accepted or sent: Terraform states can be large.
pub const MAX_MESSAGE_SIZE: usize = 256 * 1024 * 1024;
/// How long in-flight calls may run on after a shutdown request before the server exits
/// anyway (go-plugin's client kills the process 2 s after `Shutdown`).
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(2);
/// How long a client may take over its TLS handshake before the connection is dropped.
pub const TLS_HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
/// The most TLS handshakes in progress at once; further connections are dropped.
pub const MAX_PENDING_HANDSHAKES: usize = 64;
/// The name of the socket inside its private directory.
pub const SOCKET_FILE_NAME: &str = "plugin.sock";
/// The key standing for the provider's source address in the logged
/// `TF_REATTACH_PROVIDERS` value (the transport does not know the address).
pub const REATTACH_PLACEHOLDER: &str = "SOURCE_ADDRESS";

/// How long the accept loop waits after a failed `accept` (for example, out of file
/// descriptors) before trying again.
const ACCEPT_RETRY: Duration = Duration::from_millis(100);
/// Connections accepted but not yet taken by the gRPC server.
const ACCEPT_QUEUE: usize = 16;

/// Serves `service` to Terraform as described by `env` until Terraform calls
/// `GRPCController/Shutdown` or the process receives SIGTERM. SIGINT is logged and
/// ignored: Terraform forwards Ctrl-C to the whole process group and then stops the
/// provider itself with `StopProvider` and `Shutdown`.
///
/// The handshake line is written to `handshake_out` exactly once, then flushed.
pub async fn serve<S>(
    service: S,
    env: PluginEnv,
    handshake_out: &mut (dyn Write + Send),
) -> Result<(), ServeError>
where
    S: Provider,
{
    use tokio::signal::unix::{signal, SignalKind};
    let mut terminate = signal(SignalKind::terminate()).map_err(ServeError::Signals)?;
    let mut interrupt = signal(SignalKind::interrupt()).map_err(ServeError::Signals)?;
    let _interrupts = AbortOnDrop(tokio::spawn(async move {
        while interrupt.recv().await.is_some() {
            info!(
                "SIGINT received and ignored: Terraform stops the provider itself \
                 (StopProvider, then Shutdown)"
            );
        }
    }));
    let stop = async move {
        if terminate.recv().await.is_some() {
            info!("SIGTERM received: shutting down");
        }
    };
    serve_until(service, env, handshake_out, stop).await
}

/// [`serve`] without signal handling: the server also stops when `stop` completes (which
/// [`serve`] ties to SIGTERM).
pub async fn serve_until<S, F>(
    service: S,
    env: PluginEnv,
    handshake_out: &mut (dyn Write + Send),
    stop: F,
) -> Result<(), ServeError>
where
    S: Provider,
    F: Future<Output = ()>,
{
    // Dropped last: removes the socket and its directory on every way out.
    let socket_dir = SocketDir::create(env.socket_dir())?;
    let socket = socket_dir.socket();

    let (acceptor, server_cert) = match env.client_cert() {
        Some(client_cert) => {
            let identity = ServerIdentity::generate()?;
            let config = server_config(&identity, client_cert)?;
            (
                Some(TlsAcceptor::from(config)),
                Some(identity.cert_der().to_vec()),
            )
        }
        None => (None, None),
    };
    let listener = UnixListener::bind(socket).map_err(|source| ServeError::Bind {
        path: socket.to_path_buf(),
        source,
    })?;

    let line = handshake_line(socket, server_cert.as_deref());
    writeln!(handshake_out, "{line}")
        .and_then(|()| handshake_out.flush())
        .map_err(ServeError::Handshake)?;

    if acceptor.is_some() {
        info!(socket = %socket.display(), "serving plugin protocol 6 over mutual TLS");
    } else {
        info!(
            socket = %socket.display(),
            "no {CLIENT_CERT_KEY}: debug mode, serving plain gRPC without TLS"
        );
        let json = reattach_json(REATTACH_PLACEHOLDER, std::process::id(), socket);
        info!(
            "to attach Terraform to this process, set TF_REATTACH_PROVIDERS='{json}' with \
             {REATTACH_PLACEHOLDER} replaced by the provider's source address (as written \
             in required_providers, e.g. example.com/acme/files)"
        );
    }

    let (connections, incoming) = mpsc::channel(ACCEPT_QUEUE);
    let _accept_loop = AbortOnDrop(tokio::spawn(accept_loop(listener, acceptor, connections)));

    let (shutdown_tx, mut shutdown_rx) = watch::channel(false);
    let shutdown_tx = Arc::new(shutdown_tx);
    let controller = Controller {
        shutdown: Arc::clone(&shutdown_tx),
    };
    let provider = ProviderServer::new(service)
        .max_decoding_message_size(MAX_MESSAGE_SIZE)
        .max_encoding_message_size(MAX_MESSAGE_SIZE);
    let mut server_signal = shutdown_rx.clone();
    let server = Server::builder()
        .add_service(provider)
        .add_service(GrpcControllerServer::new(controller))
        .serve_with_incoming_shutdown(Incoming(incoming), async move {
            // An error means every sender is gone: nothing can ask for a shutdown any
            // more, and the server is going away anyway.
            let _ = server_signal.wait_for(|requested| *requested).await;
        });
    tokio::pin!(server);
    tokio::pin!(stop);

    tokio::select! {
        result = &mut server => return result.map_err(ServeError::Transport),
        () = &mut stop => {
            shutdown_tx.send_replace(true);
        }
        _ = shutdown_rx.wait_for(|requested| *requested) => {}
    }
    match tokio::time::timeout(SHUTDOWN_GRACE, &mut server).await {
        Ok(result) => result.map_err(ServeError::Transport)?,
        Err(_) => warn!(
            "calls still running {} s after the shutdown request; exiting without them",
            SHUTDOWN_GRACE.as_secs()
        ),
    }
    debug!("server stopped");
    Ok(())
}

/// Accepts connections forever, handing them to the gRPC server through `connections`;
/// with TLS, each handshake runs in a task of its own.
async fn accept_loop(
    listener: UnixListener,
    acceptor: Option<TlsAcceptor>,
    connections: mpsc::Sender<PluginStream>,
) {
    // Owned here so that ending the loop (by abort) ends every pending handshake too.
    let mut handshakes = JoinSet::new();
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            Some(_) = handshakes.join_next(), if !handshakes.is_empty() => continue,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            Err(error) => {
                warn!(%error, "accepting a connection failed");
                tokio::time::sleep(ACCEPT_RETRY).await;
                continue;
            }
        };
        let Some(acceptor) = &acceptor else {
            if connections.send(PluginStream::Plain(stream)).await.is_err() {
                return;
            }
            continue;
        };
        if handshakes.len() >= MAX_PENDING_HANDSHAKES {
            warn!(
                "{MAX_PENDING_HANDSHAKES} TLS handshakes already in progress; connection \
                 dropped"
            );
            continue;
        }
        let acceptor = acceptor.clone();
        let connections = connections.clone();
        handshakes.spawn(async move {
            match tokio::time::timeout(TLS_HANDSHAKE_TIMEOUT, acceptor.accept(stream)).await {
                Ok(Ok(tls)) => {
                    debug!("TLS handshake done");
                    // An error means the server is shutting down: the connection is
                    // simply dropped.
                    let _ = connections.send(PluginStream::Tls(Box::new(tls))).await;
                }
                Ok(Err(error)) => {
                    warn!(%error, "TLS handshake with a client failed; connection dropped");
                }
                Err(_) => warn!(
                    "a client did not finish its TLS handshake within {} s; connection \
                     dropped",
                    TLS_HANDSHAKE_TIMEOUT.as_secs()
                ),
            }
        });
    }
}

/// The connections handed to tonic.
struct Incoming(mpsc::Receiver<PluginStream>);

impl tokio_stream::Stream for Incoming {
    type Item = Result<PluginStream, Infallible>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.0.poll_recv(cx).map(|next| next.map(Ok))
    }
}

/// go-plugin's controller: `Shutdown` answers, then the server stops.
struct Controller {
    shutdown: Arc<watch::Sender<bool>>,
}

#[tonic::async_trait]
impl GrpcController for Controller {
    async fn shutdown(
        &self,
        _request: tonic::Request<Empty>,
    ) -> Result<tonic::Response<Empty>, tonic::Status> {
        info!("Terraform asked the provider to shut down");
        // The server stops accepting new calls but lets this one answer.
        self.shutdown.send_replace(true);
        Ok(tonic::Response::new(Empty {}))
    }
}

/// A connection from Terraform: TLS over the unix socket, or plain in debug mode.
enum PluginStream {
    Plain(UnixStream),
    Tls(Box<tokio_rustls::server::TlsStream<UnixStream>>),
}

/// What a provider's gRPC handlers can learn about their connection (a request
/// extension, through tonic's `Connected`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConnectionInfo {
    /// Whether the connection is mutual TLS (false in debug mode).
    pub tls: bool,
}

impl Connected for PluginStream {
    type ConnectInfo = ConnectionInfo;

    fn connect_info(&self) -> ConnectionInfo {
        ConnectionInfo {
            tls: matches!(self, PluginStream::Tls(_)),
        }
    }
}

impl AsyncRead for PluginStream {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        match self.get_mut() {
            PluginStream::Plain(stream) => Pin::new(stream).poll_read(cx, buf),
            PluginStream::Tls(stream) => Pin::new(stream.as_mut()).poll_read(cx, buf),
        }
    }
}

impl AsyncWrite for PluginStream {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        match self.get_mut() {
            PluginStream::Plain(stream) => Pin::new(stream).poll_write(cx, buf),
            PluginStream::Tls(stream) => Pin::new(stream.as_mut()).poll_write(cx, buf),
        }
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        match self.get_mut() {
            PluginStream::Plain(stream) => Pin::new(stream).poll_write_vectored(cx, bufs),
            PluginStream::Tls(stream) => Pin::new(stream.as_mut()).poll_write_vectored(cx, bufs),
        }
    }

    fn is_write_vectored(&self) -> bool {
        match self {
            PluginStream::Plain(stream) => stream.is_write_vectored(),
            PluginStream::Tls(stream) => stream.is_write_vectored(),
        }
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match self.get_mut() {
            PluginStream::Plain(stream) => Pin::new(stream).poll_flush(cx),
            PluginStream::Tls(stream) => Pin::new(stream.as_mut()).poll_flush(cx),
        }
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match self.get_mut() {
            PluginStream::Plain(stream) => Pin::new(stream).poll_shutdown(cx),
            PluginStream::Tls(stream) => Pin::new(stream.as_mut()).poll_shutdown(cx),
        }
    }
}

/// Aborts a task when dropped, so that no way out of a function leaves it running.
struct AbortOnDrop(JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// A private directory (mode 0700) holding the socket; both are removed when dropped.
struct SocketDir {
    dir: PathBuf,
    socket: PathBuf,
}

impl SocketDir {
    /// Creates a fresh directory `tfvalue-plugin-<pid>-<n>` under `base` (or the system's
    /// temporary directory). Never reuses an existing directory.
    fn create(base: Option<&Path>) -> Result<SocketDir, ServeError> {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let base = base.map_or_else(std::env::temp_dir, Path::to_path_buf);
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |since| since.subsec_nanos());
        let mut builder = std::fs::DirBuilder::new();
        builder.mode(0o700);
        let mut attempt = 0u32;
        loop {
            let n = COUNTER.fetch_add(1, Ordering::Relaxed);
            let name = format!("tfvalue-plugin-{}-{nanos:x}-{n}", std::process::id());
            let dir = base.join(name);
            match builder.create(&dir) {
                Ok(()) => {
                    let socket = dir.join(SOCKET_FILE_NAME);
                    return Ok(SocketDir { dir, socket });
                }
                Err(error) if error.kind() == io::ErrorKind::AlreadyExists && attempt < 100 => {
                    attempt += 1;
                }
                Err(source) => return Err(ServeError::SocketDir { path: dir, source }),
            }
        }
    }

    fn socket(&self) -> &Path {
        &self.socket
    }
}

impl Drop for SocketDir {
    fn drop(&mut self) {
        match std::fs::remove_file(&self.socket) {
            Ok(()) => {}
            Err(error) if error.kind() == io::ErrorKind::NotFound => {}
            Err(error) => {
                warn!(%error, socket = %self.socket.display(), "removing the socket failed")
            }
        }
        if let Err(error) = std::fs::remove_dir(&self.dir) {
            warn!(%error, dir = %self.dir.display(), "removing the socket's directory failed");
        }
    }
}

/// Why serving stopped with an error.
#[derive(Debug)]
pub enum ServeError {
    /// The socket's private directory could not be created.
    SocketDir {
        /// The directory.
        path: PathBuf,
        /// The error from the file system.
        source: io::Error,
    },
    /// The unix socket could not be bound.
    Bind {
        /// The socket's path.
        path: PathBuf,
        /// The error from the operating system.
        source: io::Error,
    },
    /// The TLS side could not be set up.
    Tls(TlsError),
    /// The handshake line could not be written.
    Handshake(io::Error),
    /// The signal handlers could not be installed.
    Signals(io::Error),
    /// The gRPC server failed.
    Transport(tonic::transport::Error),
}

impl From<TlsError> for ServeError {
    fn from(error: TlsError) -> ServeError {
        ServeError::Tls(error)
    }
}

impl fmt::Display for ServeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServeError::SocketDir { path, source } => write!(
                f,
                "creating the socket's directory {} failed: {source}",
                path.display()
            ),
            ServeError::Bind { path, source } => write!(
                f,
                "binding the unix socket {} failed: {source}",
                path.display()
            ),
            ServeError::Tls(error) => error.fmt(f),
            ServeError::Handshake(error) => {
                write!(f, "writing the handshake line to stdout failed: {error}")
            }
            ServeError::Signals(error) => {
                write!(f, "installing the SIGTERM/SIGINT handlers failed: {error}")
            }
            ServeError::Transport(error) => write!(f, "the gRPC server failed: {error}"),
        }
    }
}

impl std::error::Error for ServeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ServeError::SocketDir { source, .. } | ServeError::Bind { source, .. } => Some(source),
            ServeError::Tls(error) => Some(error),
            ServeError::Handshake(error) | ServeError::Signals(error) => Some(error),
            ServeError::Transport(error) => Some(error),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn socket_dirs_are_private_fresh_and_removed() {
        use std::os::unix::fs::PermissionsExt;
        let first = SocketDir::create(None).unwrap();
        let second = SocketDir::create(None).unwrap();
        assert_ne!(first.dir, second.dir);
        let mode = std::fs::metadata(&first.dir).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
        assert_eq!(first.socket(), first.dir.join(SOCKET_FILE_NAME));
        std::fs::write(first.socket(), b"").unwrap();
        let (dir, socket) = (first.dir.clone(), first.socket.clone());
        drop(first);
        assert!(!socket.exists());
        assert!(!dir.exists());
        let dir = second.dir.clone();
        drop(second);
        assert!(!dir.exists());
    }

    #[test]
    fn a_missing_base_directory_is_a_clear_error() {
        let base = Path::new("/nonexistent-tfvalue-base");
        let error = SocketDir::create(Some(base)).err().unwrap();
        let message = error.to_string();
        assert!(
            message.starts_with("creating the socket's directory /nonexistent-tfvalue-base/"),
            "{message}"
        );
    }
}
