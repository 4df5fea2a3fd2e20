//! `localfs_secret`: an ephemeral resource that reads a secret from a file under the root,
//! for a write-only attribute (`localfs_file`'s `content_wo`) to take without Terraform
//! storing it anywhere.

use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime};

use serde::{Deserialize, Serialize};
use tfvalue::{Nullable, TfSchema, Unknown};
use tfvalue_provider::{
    Context, Diagnostic, Diagnostics, EphemeralResource, OpenRequest, Opened, Private,
    ValidateRequest,
};
use tokio::io::AsyncWriteExt as _;

use super::paths::{check_relative, io_error, read_file, resolve};
use super::Root;

/// The longest renewal interval accepted: one day.
const MAX_RENEW_AFTER_MS: i64 = 86_400_000;

/// A secret read from a file under the provider's root directory.
#[derive(TfSchema, Debug)]
pub struct Secret {
    /// The file holding the secret, relative to the provider's root directory.
    pub path: Unknown<String>,
    /// Renew the secret this many milliseconds after opening it, and again as long as it
    /// is in use (never, when not set). Renewing re-reads nothing: it only records that
    /// it happened in the `journal`.
    pub renew_after_ms: Unknown<Nullable<i64>>,
    /// A file, relative to the root, where each open, renewal and close of the secret
    /// appends one line (naming the session and the secret's file, never the secret).
    pub journal: Unknown<Nullable<String>>,
    /// The secret: the file's text.
    #[tf(computed, sensitive)]
    pub value: Unknown<Nullable<String>>,
}

/// The `localfs_secret` ephemeral resource type.
pub struct SecretEphemeral;

/// The key of the [`Session`] in the private state of an opened secret.
const SESSION: &str = "session";

/// What renew and close need, kept in the private state of an opened secret.
#[derive(Serialize, Deserialize, Debug)]
struct Session {
    /// Tells the sessions of one run apart in the journal (plan and apply each open).
    id: String,
    /// The secret's file, relative to the root.
    path: String,
    journal: Option<String>,
    renew_after_ms: Option<u64>,
    /// How many renewals happened before this one.
    renewals: u64,
}

impl Session {
    /// The session that open (or the last renewal) kept in `private`.
    fn from_private(private: &Private) -> Result<Self, Diagnostic> {
        private.get(SESSION)?.ok_or_else(|| {
            Diagnostic::error("Invalid private state").with_detail(
                "Terraform sent back a private state that localfs_secret did not write: it \
                 holds no session.",
            )
        })
    }

    fn renew_at(&self) -> Option<SystemTime> {
        self.renew_after_ms
            .map(|ms| SystemTime::now() + Duration::from_millis(ms))
    }

    /// Appends `line` to the journal, if the secret has one.
    async fn note(&self, root: &Root, line: String) -> Result<(), Diagnostic> {
        let Some(journal) = &self.journal else {
            return Ok(());
        };
        let full = resolve(root, journal, "journal")?;
        append_line(&full, &line).await
    }
}

/// A session id unique within the process and unlikely to repeat across processes.
fn session_id() -> String {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let nanos = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    format!("{}-{nanos:x}-{n}", std::process::id())
}

async fn append_line(path: &Path, line: &str) -> Result<(), Diagnostic> {
    if let Some(parent) = path.parent() {
        tokio::fs::create_dir_all(parent)
            .await
            .map_err(|e| io_error("create the directory", parent, &e))?;
    }
    let mut file = tokio::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .await
        .map_err(|e| io_error("open the journal", path, &e))?;
    file.write_all(format!("{line}\n").as_bytes())
        .await
        .map_err(|e| io_error("append to the journal", path, &e))?;
    // tokio's file writes in the background: the line is on disk before the RPC answers.
    file.flush()
        .await
        .map_err(|e| io_error("append to the journal", path, &e))
}

fn invalid_renew_after(ms: i64) -> Diagnostic {
    Diagnostic::error("Invalid renewal interval")
        .with_detail(format!(
            "`renew_after_ms` must be between 1 and {MAX_RENEW_AFTER_MS} milliseconds; found \
             {ms}."
        ))
        .at("renew_after_ms")
}

impl EphemeralResource for SecretEphemeral {
    type Model = Secret;
    type Data = Root;

    async fn validate(
        &self,
        _: &mut Context<Root>,
        ValidateRequest { config, .. }: ValidateRequest<Secret>,
    ) -> Result<(), Diagnostics> {
        let mut problems = Diagnostics::new();
        if let Some(rel) = config.path.as_known() {
            if let Err(d) = check_relative(rel, "path") {
                problems.push(d);
            }
        }
        if let Some(Nullable::Value(rel)) = config.journal.as_known() {
            if let Err(d) = check_relative(rel, "journal") {
                problems.push(d);
            }
        }
        if let Some(&Nullable::Value(ms)) = config.renew_after_ms.as_known() {
            if !(1..=MAX_RENEW_AFTER_MS).contains(&ms) {
                problems.push(invalid_renew_after(ms));
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems)
        }
    }

    async fn open(
        &self,
        ctx: &mut Context<Root>,
        OpenRequest { config, .. }: OpenRequest<Secret>,
    ) -> Result<Opened<Secret>, Diagnostics> {
        // Opened with a wholly known configuration: the framework checked.
        let path = config.path.as_known().cloned().unwrap_or_default();
        let journal = config
            .journal
            .as_known()
            .and_then(Nullable::as_value)
            .cloned();
        let renew_after_ms = match config.renew_after_ms.as_known() {
            Some(&Nullable::Value(ms)) => Some(
                u64::try_from(ms)
                    .ok()
                    .filter(|&ms| ms > 0 && ms <= MAX_RENEW_AFTER_MS as u64)
                    .ok_or_else(|| invalid_renew_after(ms))?,
            ),
            _ => None,
        };
        let root = ctx.data()?;
        let full = resolve(root, &path, "path")?;
        let bytes = read_file(&full).await?.ok_or_else(|| {
            Diagnostic::error("Secret file not found")
                .with_detail(format!("There is no file {}.", full.display()))
                .at("path")
        })?;
        let secret = String::from_utf8(bytes).map_err(|_| {
            Diagnostic::error("Secret is not text")
                .with_detail(format!("{} is not UTF-8 text.", full.display()))
                .at("path")
        })?;
        let session = Session {
            id: session_id(),
            path,
            journal,
            renew_after_ms,
            renewals: 0,
        };
        session
            .note(root, format!("open {} {}", session.id, session.path))
            .await?;
        ctx.private_mut().set(SESSION, &session)?;
        Ok(Opened {
            renew_at: session.renew_at(),
            result: Secret {
                value: Unknown::known(Nullable::Value(secret)),
                ..config
            },
        })
    }

    async fn renew(&self, ctx: &mut Context<Root>) -> Result<Option<SystemTime>, Diagnostics> {
        let mut session = Session::from_private(ctx.private())?;
        session.renewals += 1;
        let line = format!("renew {} {}", session.id, session.renewals);
        session.note(ctx.data()?, line).await?;
        ctx.private_mut().set(SESSION, &session)?;
        Ok(session.renew_at())
    }

    async fn close(&self, ctx: &mut Context<Root>) -> Result<(), Diagnostics> {
        let session = Session::from_private(ctx.private())?;
        let line = format!("close {}", session.id);
        session.note(ctx.data()?, line).await?;
        Ok(())
    }
}
