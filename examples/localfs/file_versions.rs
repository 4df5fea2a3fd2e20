//! The schema versions `localfs_file` states were stored with before the current one,
//! version 2 (`#[tf(version = 2)]` on [`File`]), and how each becomes the current model,
//! each in one step:
//!
//! - version 0, the first releases: the permissions were in `mode` (now the deprecated
//!   former name of `permissions`), the hash was called `checksum`, and there was no
//!   `size`;
//! - version 1: `permissions` held the mode as a number, in decimal as `stat` reports it
//!   (420 for 0644); version 2 holds the octal text the configuration spells ("0644").
//!
//! And the repair of a state of the current version: imports of older releases left
//! `path` null (a required attribute, which the model cannot hold null); the id is the
//! path.

use serde::Deserialize;
use tfvalue::{Error, ErrorKind, Nullable, Unknown, Upgrades, Value};

use super::file::{File, DEFAULT_PERMISSIONS};

/// A `localfs_file` state of schema version 0 (what the upgrade reads of it).
#[derive(Deserialize)]
struct FileV0 {
    id: Nullable<String>,
    path: String,
    content: Nullable<String>,
    mode: Nullable<String>,
    checksum: Nullable<String>,
}

/// A `localfs_file` state of schema version 1 (what the upgrade reads of it).
#[derive(Deserialize)]
struct FileV1 {
    id: Nullable<String>,
    path: String,
    content: Nullable<String>,
    sensitive_content: Nullable<String>,
    permissions: Nullable<u32>,
    mode: Nullable<String>,
    content_hash: Nullable<String>,
    size: Nullable<i64>,
    hash_path: Nullable<String>,
}

/// How states of versions 0 and 1 become the current model.
pub fn upgrades() -> Upgrades<File> {
    Upgrades::new().from(0, from_v0).from(1, from_v1)
}

/// A file with the attributes every version has, and none of those it lacks.
fn file(id: Nullable<String>, path: String, content: Nullable<String>) -> File {
    File {
        id: Unknown::known(id),
        content: Unknown::known(content),
        ..File::at(path)
    }
}

/// Version 0 to 2: `mode` stays (configurations of the time set it), `permissions` is what
/// it said (or the default those releases wrote), the checksum is the same FNV-1a hash,
/// and the size is the content's.
fn from_v0(v0: FileV0) -> tfvalue::Result<File> {
    let permissions = v0
        .mode
        .as_value()
        .cloned()
        .unwrap_or_else(|| DEFAULT_PERMISSIONS.to_owned());
    let size = v0
        .content
        .as_value()
        .map(|text| i64::try_from(text.len()).unwrap_or(i64::MAX));
    Ok(File {
        permissions: Some(permissions).into(),
        mode: Unknown::known(v0.mode),
        content_hash: Unknown::known(v0.checksum),
        size: size.into(),
        ..file(v0.id, v0.path, v0.content)
    })
}

/// Version 1 to 2: the permissions from their decimal number to octal text.
fn from_v1(v1: FileV1) -> tfvalue::Result<File> {
    let permissions = match v1.permissions.into_option() {
        None => None,
        Some(bits) if bits <= 0o777 => Some(format!("{bits:04o}")),
        Some(bits) => {
            return Err(Error::new(
                ErrorKind::Custom,
                format!("{bits} is not a permission mode (at most 511, which is 0777)"),
            )
            .in_attr("permissions"))
        }
    };
    Ok(File {
        sensitive_content: Unknown::known(v1.sensitive_content),
        permissions: permissions.into(),
        mode: Unknown::known(v1.mode),
        content_hash: Unknown::known(v1.content_hash),
        size: Unknown::known(v1.size),
        hash_path: Unknown::known(v1.hash_path),
        ..file(v1.id, v1.path, v1.content)
    })
}

/// Fills a null `path` of a current-version state from its id; `false` when the state
/// has neither (nothing can say where the file is).
pub fn repair(state: &mut Value) -> bool {
    let id = state.attr("id").and_then(Value::as_str).map(str::to_owned);
    match (state.attr_mut("path"), id) {
        (Some(path), Some(id)) if path.is_null() => {
            *path = Value::String(id);
            true
        }
        (Some(path), None) => !path.is_null(),
        _ => true,
    }
}
