//! Paths under the provider's root directory, and the helpers the resources share.

use std::path::{Component, Path, PathBuf};

use tfvalue::path::AttributePath;
use tfvalue_provider::Diagnostic;

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
            .at(AttributePath::root().attr(attribute))
    };
    if rel.is_empty() {
        return Err(invalid("is empty"));
    }
    for component in Path::new(rel).components() {
        match component {
            Component::Normal(_) | Component::CurDir => {}
            Component::ParentDir => return Err(invalid("leaves the root with `..`")),
            Component::RootDir | Component::Prefix(_) => return Err(invalid("is absolute")),
        }
    }
    Ok(())
}

/// The full path of `rel` under the root (checked with [`check_relative`]).
pub fn resolve(root: &Root, rel: &str, attribute: &str) -> Result<PathBuf, Diagnostic> {
    check_relative(rel, attribute)?;
    Ok(root.0.join(rel))
}

/// An error diagnostic for a failed file operation on `path`.
pub fn io_error(what: &str, path: &Path, error: &std::io::Error) -> Diagnostic {
    Diagnostic::error(format!("Cannot {what}")).with_detail(format!("{}: {error}", path.display()))
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

/// Reads the file at `path`; `None` when it does not exist.
pub async fn read_file(path: &Path) -> Result<Option<Vec<u8>>, Diagnostic> {
    match tokio::fs::read(path).await {
        Ok(bytes) => Ok(Some(bytes)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(io_error("read the file", path, &e)),
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
