//! [`StopToken`]: Terraform's request to stop (Ctrl-C, or `StopProvider`), as a token the
//! provider's own helpers accept.

use std::fmt;
use std::future::Future;

use tokio::sync::watch;

use crate::author::diagnostics::{Diagnostic, Diagnostics};
use crate::author::function_error::FunctionError;

/// Terraform asked the provider to stop: `terraform apply` was interrupted (Ctrl-C) and
/// Terraform called `StopProvider`. Get it with [`Context::stop_token`](crate::Context::stop_token);
/// it is cheap to clone, and helpers that run long work take one.
///
/// The idiom: run the long work through [`StopToken::run`]. On a stop the work's future is
/// dropped, which cancels it: a child process started with `kill_on_drop(true)` is killed,
/// a request in flight is abandoned. `run` then answers [`Stopped`], which `?` turns into
/// an error diagnostic.
///
/// ```
/// use tfvalue_provider::{Diagnostics, StopToken};
///
/// /// Runs `sleep 600`, killed when Terraform stops the provider.
/// async fn wait_for_it(stop: &StopToken) -> Result<(), Diagnostics> {
///     let mut child = tokio::process::Command::new("sleep")
///         .arg("600")
///         .kill_on_drop(true)
///         .spawn()?;
///     let status = stop.run(child.wait()).await??;
///     if !status.success() {
///         return Err(tfvalue_provider::Diagnostic::error("sleep failed").into());
///     }
///     Ok(())
/// }
///
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() {
/// let (stop, signal) = StopToken::new();
/// let work = tokio::spawn(async move { wait_for_it(&stop).await });
/// signal.stop();
/// let error = work.await.unwrap().unwrap_err();
/// assert_eq!(error.iter().next().unwrap().summary(), "Stopped");
/// # }
/// ```
#[derive(Clone, Debug)]
pub struct StopToken {
    stop: watch::Receiver<bool>,
}

/// The sending side of a [`StopToken`], for tests that stop what they started (the
/// framework stops its tokens itself).
#[derive(Debug)]
pub struct StopSignal {
    stop: watch::Sender<bool>,
}

impl StopSignal {
    /// Stops every token made from this signal.
    pub fn stop(&self) {
        self.stop.send_replace(true);
    }
}

impl StopToken {
    /// A token and the signal that stops it.
    pub fn new() -> (StopToken, StopSignal) {
        let (sender, receiver) = watch::channel(false);
        (StopToken { stop: receiver }, StopSignal { stop: sender })
    }

    /// A token that never stops, for unit tests of methods that take one.
    pub fn never() -> StopToken {
        let (token, signal) = StopToken::new();
        // The sender dropped: `stopped` never resolves (see below).
        drop(signal);
        token
    }

    /// A token of the framework's stop channel.
    pub(crate) fn from_receiver(stop: watch::Receiver<bool>) -> StopToken {
        StopToken { stop }
    }

    /// Whether Terraform has asked the provider to stop.
    pub fn is_stopped(&self) -> bool {
        *self.stop.borrow()
    }

    /// Resolves once Terraform has asked the provider to stop (at once if it has).
    pub async fn stopped(&self) {
        let mut stop = self.stop.clone();
        // An error means the signal is gone without stopping (a token that never stops;
        // the framework keeps its signal as long as it serves).
        if stop.wait_for(|stopped| *stopped).await.is_err() {
            std::future::pending::<()>().await;
        }
    }

    /// Runs `work` until it finishes or Terraform asks the provider to stop, whichever
    /// comes first. On a stop, `work` is dropped (cancelled) and the answer is
    /// [`Stopped`].
    ///
    /// # Errors
    /// [`Stopped`]: Terraform asked the provider to stop before `work` finished.
    pub async fn run<F: Future>(&self, work: F) -> Result<F::Output, Stopped> {
        if self.is_stopped() {
            return Err(Stopped);
        }
        tokio::select! {
            output = work => Ok(output),
            () = self.stopped() => Err(Stopped),
        }
    }
}

/// The work [`StopToken::run`] ran was cancelled: Terraform asked the provider to stop.
/// Converts with `?` into the error diagnostic "Stopped", whose detail says that Terraform
/// interrupted the operation (map it to a diagnostic of your own to say more, e.g. what
/// was left half done).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped;

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Stopped")
    }
}

impl From<Stopped> for Diagnostics {
    fn from(_: Stopped) -> Diagnostics {
        Diagnostic::error("Stopped")
            .with_detail(
                "Terraform asked the provider to stop (the run was interrupted) before this \
                 operation finished.",
            )
            .into()
    }
}

impl From<Stopped> for FunctionError {
    fn from(stopped: Stopped) -> FunctionError {
        Diagnostics::from(stopped).into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_stop_drops_the_work_and_says_why() {
        let (token, signal) = StopToken::new();
        assert_eq!(token.run(async { 7 }).await, Ok(7));
        signal.stop();
        assert!(token.is_stopped());
        assert_eq!(token.run(std::future::pending::<()>()).await, Err(Stopped));
        let diagnostics = Diagnostics::from(Stopped);
        let d = diagnostics.iter().next().unwrap();
        assert_eq!(d.summary(), "Stopped");
        assert!(d
            .detail()
            .starts_with("Terraform asked the provider to stop"));
        let error = FunctionError::from(Stopped);
        assert!(
            error.to_string().starts_with("Stopped: Terraform asked"),
            "{error}"
        );
        // A token whose signal is gone without stopping never stops.
        let never = StopToken::never();
        let ran = tokio::time::timeout(std::time::Duration::from_millis(20), never.stopped());
        assert!(ran.await.is_err());
    }
}
