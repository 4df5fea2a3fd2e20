//! `data "localfs_directory"`: what a directory under the root holds.

use std::io::ErrorKind;
use std::path::Path;
use std::time::UNIX_EPOCH;

use tfvalue::custom_types::Rfc3339;
use tfvalue::{Nullable, TfSchema, Unknown};
use tfvalue_provider::{
    Context, DataSource, Diagnostic, Diagnostics, ReadDataSourceRequest, ValidateRequest,
};

use super::paths::{check_relative, hash_file, io_error, resolve};
use super::Root;

/// A directory listing.
#[derive(TfSchema, Debug)]
pub struct Directory {
    /// The directory's path relative to the provider's root directory (`"."` for the root).
    pub path: Unknown<String>,
    /// Lists only the entries last modified after this instant (RFC 3339); every entry when
    /// null. An entry whose modification time cannot be read is listed.
    #[tf(optional)]
    pub modified_after: Unknown<Nullable<Rfc3339>>,
    /// The directory's entries, sorted by name.
    #[tf(nested, computed)]
    pub entries: Unknown<Nullable<Vec<Entry>>>,
}

/// One entry of a directory.
#[derive(TfSchema, Debug)]
pub struct Entry {
    /// The entry's file name.
    #[tf(computed)]
    pub name: Unknown<Nullable<String>>,
    /// Whether it is a directory (a symbolic link counts as what it points to).
    #[tf(computed)]
    pub is_dir: Unknown<Nullable<bool>>,
    /// Its size in bytes (null for directories).
    #[tf(computed)]
    pub size: Unknown<Nullable<i64>>,
    /// FNV-1a 64 hash of a file's bytes, in hex (null for directories).
    #[tf(computed)]
    pub content_hash: Unknown<Nullable<String>>,
}

/// The `localfs_directory` data source type.
///
/// One entry that cannot be read does not fail the listing: it is listed without size and
/// hash, with a warning diagnostic, and the provider's log says why (at WARN for a
/// symbolic link whose target is missing, at ERROR for any other failure, such as a loop
/// of links or a file that cannot be read; `TF_LOG=WARN` shows both).
pub struct DirectoryDataSource;

impl DataSource for DirectoryDataSource {
    type Model = Directory;
    type Data = Root;

    async fn validate(
        &self,
        _: &mut Context<Root>,
        ValidateRequest { config, .. }: ValidateRequest<Directory>,
    ) -> Result<(), Diagnostics> {
        if let Some(rel) = config.path.as_known() {
            check_relative(rel, "path")?;
        }
        Ok(())
    }

    async fn read(
        &self,
        ctx: &mut Context<Root>,
        ReadDataSourceRequest { config, .. }: ReadDataSourceRequest<Directory>,
    ) -> Result<Directory, Diagnostics> {
        let rel = config
            .path
            .as_known()
            .ok_or_else(|| Diagnostic::error("Unknown path").at("path"))?;
        let full = resolve(ctx.data()?, rel, "path")?;
        // Validated as RFC 3339 before the read, so a value that does not parse is not
        // configured.
        let instant = config
            .modified_after
            .as_value()
            .and_then(|at| at.parse().ok());
        // As (seconds, nanoseconds) since the epoch, to compare with the entries' times.
        let after = instant.map(|t| (t.unix_seconds(), t.nanosecond()));
        let mut listing = tokio::fs::read_dir(&full)
            .await
            .map_err(|e| io_error("list the directory", &full, &e))?;
        let mut entries = Vec::new();
        while let Some(entry) = listing
            .next_entry()
            .await
            .map_err(|e| io_error("list the directory", &full, &e))?
        {
            let name = entry.file_name().to_string_lossy().into_owned();
            if let Some(after) = after {
                if modified(&entry.path()).await.is_some_and(|at| at <= after) {
                    continue;
                }
            }
            let (is_dir, size, content_hash) = describe(ctx, &entry.path(), &name).await;
            entries.push(Entry {
                name: Some(name).into(),
                is_dir: Some(is_dir).into(),
                size: size.into(),
                content_hash: content_hash.into(),
            });
        }
        entries.sort_by(|a, b| a.name.as_value().cmp(&b.name.as_value()));
        // The instant in UTC, the provider's own spelling; where it means what the
        // configuration says, Terraform is answered the configured text.
        let modified_after = config.modified_after.as_value().map(|at| {
            instant
                .and_then(|t| t.to_utc())
                .map_or_else(|| at.clone(), |utc| Rfc3339::new(utc.to_string()))
        });
        Ok(Directory {
            entries: Some(entries).into(),
            modified_after: modified_after.into(),
            ..config
        })
    }
}

/// When the entry at `path` (a link itself, not its target) was last modified, as
/// (seconds, nanoseconds) since the epoch; `None` when that cannot be read.
async fn modified(path: &Path) -> Option<(i64, u32)> {
    let at = tokio::fs::symlink_metadata(path)
        .await
        .ok()?
        .modified()
        .ok()?;
    match at.duration_since(UNIX_EPOCH) {
        Ok(d) => Some((i64::try_from(d.as_secs()).ok()?, d.subsec_nanos())),
        // Before 1970: the whole seconds rounded down, the nanoseconds above them.
        Err(e) => {
            let d = e.duration();
            let (secs, nanos) = (i64::try_from(d.as_secs()).ok()?, d.subsec_nanos());
            Some(if nanos == 0 {
                (-secs, 0)
            } else {
                (-secs - 1, 1_000_000_000 - nanos)
            })
        }
    }
}

/// Whether the entry at `path` (named `name`) is a directory, and a regular file's size and
/// content hash; links are followed. Other kinds of file (FIFOs, sockets, devices) have no
/// size or hash: reading a FIFO would wait for a writer. An entry that cannot be read gets
/// none either, a warning diagnostic, and a log line.
async fn describe(
    ctx: &mut Context<Root>,
    path: &Path,
    name: &str,
) -> (bool, Option<i64>, Option<String>) {
    let problem = match tokio::fs::metadata(path).await {
        Ok(meta) if meta.is_dir() => return (true, None, None),
        Ok(meta) if !meta.is_file() => return (false, None, None),
        Ok(_) => match hash_file(path).await {
            Ok((size, hash)) => {
                return (
                    false,
                    Some(i64::try_from(size).unwrap_or(i64::MAX)),
                    Some(hash),
                );
            }
            Err(diagnostic) => {
                tracing::error!(entry = %name, error = %diagnostic.detail(), "a file of the directory cannot be read; listed without size and hash");
                diagnostic.detail().to_owned()
            }
        },
        Err(e) if e.kind() == ErrorKind::NotFound => {
            tracing::warn!(entry = %name, "a symbolic link of the directory points to nothing; listed without size and hash");
            format!(
                "{}: the symbolic link's target does not exist",
                path.display()
            )
        }
        Err(e) => {
            tracing::error!(entry = %name, error = %e, "an entry of the directory cannot be inspected; listed without size and hash");
            format!("{}: {e}", path.display())
        }
    };
    ctx.warn(
        Diagnostic::warning("Directory entry listed without size and hash").with_detail(format!(
            "{problem}. The entry is listed with a null size and content hash."
        )),
    );
    (false, None, None)
}
