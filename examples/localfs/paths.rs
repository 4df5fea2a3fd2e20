//! Paths under the provider's root directory, and the helpers the resources share.

use std::path::{Component, Path, PathBuf};

use tfvalue_provider::{Diagnostic, StopToken, Stopped};
use tokio::io::AsyncReadExt as _;

use super::fnv::Fnv1a64;
use super::Root;

/// Checks that `rel` is a relative path that stays under the root: not empty, not
/// absolute, no `..`. The error points at `attribute`.
pub fn check_relative(rel: &str, attribute: &str) -> Result<(), Diagnostic> {
    let invalid = |why: &str| {
        Diagnostic::error("Invalid path")
            .with_detail(format!(
                "`{attribute}` must be a path relative to the provider's root directory, \
                 such as \"etc/motd\"; found {rel:?}, which {why}."
            ))
            .at(attribute)
    };
    match relative_problem(rel) {
        Some(why) => Err(invalid(why)),
        None => Ok(()),
    }
}

/// Why `rel` is not a relative path that stays under the root ("is empty", "is absolute",
/// "leaves the root with `..`"); `None` when it is one.
pub fn relative_problem(rel: &str) -> Option<&'static str> {
    if rel.is_empty() {
        return Some("is empty");
    }
    for component in Path::new(rel).components() {
        match component {
            Component::Normal(_) | Component::CurDir => {}
            Component::ParentDir => return Some("leaves the root with `..`"),
            Component::RootDir | Component::Prefix(_) => return Some("is absolute"),
        }
    }
    None
}

/// The full path of `rel` under the root (checked with [`check_relative`]).
pub fn resolve(root: &Root, rel: &str, attribute: &str) -> Result<PathBuf, Diagnostic> {
    check_relative(rel, attribute)?;
    Ok(root.dir.join(rel))
}

/// An error diagnostic for a failed file operation on `path`.
pub fn io_error(what: &str, path: &Path, error: &std::io::Error) -> Diagnostic {
    Diagnostic::error(format!("Cannot {what}")).with_detail(format!("{}: {error}", path.display()))
}

/// Waits the provider's simulated write delay (`write_delay_ms`), unless Terraform asks
/// the provider to stop first (Ctrl-C): then the write must not happen, and the error says
/// so.
pub async fn write_delay(root: &Root, stop: &StopToken) -> Result<(), Diagnostic> {
    if root.write_delay.is_zero() {
        return Ok(());
    }
    stop.run(tokio::time::sleep(root.write_delay))
        .await
        .map_err(|Stopped| {
            Diagnostic::error("Interrupted").with_detail(
                "Terraform asked the provider to stop during the simulated write delay \
                 (write_delay_ms); nothing was written.",
            )
        })
}

/// Writes `bytes` to `path`, creating its parent directories.
pub async fn write_file(path: &Path, bytes: &[u8]) -> Result<(), Diagnostic> {
    if let Some(parent) = path.parent() {
        tokio::fs::create_dir_all(parent)
            .await
            .map_err(|e| io_error("create the directory", parent, &e))?;
    }
    tokio::fs::write(path, bytes)
        .await
        .map_err(|e| io_error("write the file", path, &e))
}

/// The largest file the resources read back (their content lives in Terraform's state).
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// Reads the file at `path`, of at most [`MAX_FILE_BYTES`]; `None` when it does not exist.
pub async fn read_file(path: &Path) -> Result<Option<Vec<u8>>, Diagnostic> {
    let file = match tokio::fs::File::open(path).await {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io_error("read the file", path, &e)),
    };
    let mut bytes = Vec::new();
    // One byte more than the limit tells a file at the limit from a larger one, even if it
    // grows while it is read.
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .await
        .map_err(|e| io_error("read the file", path, &e))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(Diagnostic::error("File too large").with_detail(format!(
            "{} holds more than {MAX_FILE_BYTES} bytes; localfs keeps file contents in \
             Terraform's state, so it manages files up to that size only.",
            path.display()
        )));
    }
    Ok(Some(bytes))
}

/// The size and FNV-1a 64 hash of the file at `path`, read in pieces (any size).
pub async fn hash_file(path: &Path) -> Result<(u64, String), Diagnostic> {
    let mut file = tokio::fs::File::open(path)
        .await
        .map_err(|e| io_error("read the file", path, &e))?;
    let mut buf = vec![0; 64 << 10];
    let mut hash = Fnv1a64::new();
    let mut size = 0u64;
    loop {
        let n = file
            .read(&mut buf)
            .await
            .map_err(|e| io_error("read the file", path, &e))?;
        if n == 0 {
            return Ok((size, hash.hex()));
        }
        hash.update(&buf[..n]);
        size += n as u64;
    }
}

/// Removes the file at `path`; a file already gone is not an error.
pub async fn remove_file(path: &Path) -> Result<(), Diagnostic> {
    match tokio::fs::remove_file(path).await {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(io_error("remove the file", path, &e)),
    }
}

/// Fails when something already exists at `path` (create never overwrites: an existing
/// file is adopted with `terraform import`).
pub async fn refuse_existing(path: &Path, address_hint: &str) -> Result<(), Diagnostic> {
    match tokio::fs::symlink_metadata(path).await {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(io_error("inspect the path", path, &e)),
        Ok(_) => Err(
            Diagnostic::error("File already exists").with_detail(format!(
                "{} exists and is not managed by this resource; remove it, or adopt it with \
             `terraform import {address_hint}`.",
                path.display()
            )),
        ),
    }
}
