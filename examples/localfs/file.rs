//! `localfs_file`: a text file with given content and permissions.
//!
//! The content comes from `content`, `sensitive_content` (hidden from Terraform's output)
//! or `content_wo`, a write-only attribute (Terraform 1.11 and later) that no plan or
//! state holds: the file is written from it on create and whenever `content_wo_version`
//! changes. Since the state then holds no text, the private state records the hash and
//! size of what was written, and drift is detected by the hash alone.

use std::future::Future;
use std::os::unix::fs::PermissionsExt as _;
use std::path::Path;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use tfvalue::known::{IntoKnown as _, IntoPlanned as _};
use tfvalue::path::AttributePath;
use tfvalue::{Nullable, TfSchema, Unknown, Upgrades, Value};
use tfvalue_provider::{
    ApplyError, Context, CreateRequest, DeleteRequest, Diagnostic, Diagnostics, ImportRequest,
    MovedState, Plan, Private, ReadRequest, Resource, Timeouts, TimeoutsField as _, UpdateRequest,
    ValidateRequest,
};

use super::fnv::fnv1a64_hex;
use super::paths::{
    hash_file, io_error, read_file, refuse_existing, remove_file, resolve, write_delay, write_file,
    MAX_FILE_BYTES,
};
use super::{log_module, Root};

/// Permissions of a file whose configuration sets none.
pub const DEFAULT_PERMISSIONS: &str = "0644";

/// How long a create or update may take when `timeouts` does not say.
const DEFAULT_WRITE_TIMEOUT: Duration = Duration::from_secs(20 * 60);

/// How long a read or delete may take when `timeouts` does not say.
const DEFAULT_READ_TIMEOUT: Duration = Duration::from_secs(5 * 60);

/// A text file under the provider's root directory.
///
/// Schema version 2: states of versions 0 and 1 are upgraded by `file_versions.rs`.
#[derive(TfSchema, Debug, Clone)]
#[tf(version = 2)]
pub struct File {
    /// The file's path relative to the root (the same as `path`).
    #[tf(computed, refine(not_null))]
    pub id: Unknown<Nullable<String>>,
    /// The file's path relative to the provider's root directory. Changing it replaces the
    /// file.
    #[tf(requires_replace)]
    pub path: Unknown<String>,
    /// The file's text.
    pub content: Unknown<Nullable<String>>,
    /// The file's text, hidden from Terraform's output (instead of `content`).
    #[tf(sensitive)]
    pub sensitive_content: Unknown<Nullable<String>>,
    /// The file's text, write-only (instead of `content`): Terraform hands it to the
    /// provider and stores it in no plan or state. The file is written from it when it is
    /// created and whenever `content_wo_version` changes.
    #[tf(write_only, sensitive)]
    pub content_wo: Unknown<Nullable<String>>,
    /// Any number; changing it writes the file again from the current `content_wo`.
    pub content_wo_version: Unknown<Nullable<i64>>,
    /// Unix permissions in octal, such as `"0640"`; `"0644"` when not set.
    #[tf(optional, computed)]
    pub permissions: Unknown<Nullable<String>>,
    /// The former name of `permissions`, still accepted (when `permissions` is not set).
    #[tf(
        deprecation_message = "Use `permissions` instead; `mode` will be removed in a future version."
    )]
    pub mode: Unknown<Nullable<String>>,
    /// FNV-1a 64 hash of the file's bytes, in hex; never null, even while unknown.
    #[tf(computed, refine(not_null))]
    pub content_hash: Unknown<Nullable<String>>,
    /// The file's size in bytes; never null or negative, even while unknown.
    #[tf(computed, refine(not_null, at_least = 0))]
    pub size: Unknown<Nullable<i64>>,
    /// `content_hash` as it was before the resource's last update: null until the first
    /// update (and after an import), known after apply whenever an update is planned.
    #[tf(computed)]
    pub previous_hash: Unknown<Nullable<String>>,
    /// A second file, relative to the root, that receives `content_hash` after the file
    /// itself is written (for tools that check the content). Changing it replaces the file.
    #[tf(requires_replace)]
    pub hash_path: Unknown<Nullable<String>>,
    /// How long each operation may take (`timeouts { create = "30s" }`): 20 minutes for
    /// create and update, 5 for read and delete, when not set. A write waits out the
    /// provider's `write_delay_ms` within its timeout. Validation checks each value (the
    /// validators `Timeouts` declares).
    #[tf(block)]
    pub timeouts: Option<Timeouts>,
}

/// The `localfs_file` resource type, also served as `localfs_text_file`: the same
/// files under a clearer name. A `moved` block takes a file from either name to the
/// other without touching it.
pub struct FileResource;

/// The type names [`FileResource`] is served as.
const FILE_TYPES: [&str; 2] = ["localfs_file", "localfs_text_file"];

/// The permission bits an octal text such as `"0640"` or `"640"` denotes, if it is one.
fn parse_permissions(text: &str) -> Option<u32> {
    let digits = text
        .strip_prefix('0')
        .filter(|d| d.len() == 3)
        .unwrap_or(text);
    if digits.len() != 3 || !digits.bytes().all(|b| (b'0'..=b'7').contains(&b)) {
        return None;
    }
    u32::from_str_radix(digits, 8).ok()
}

fn invalid_permissions(text: &str) -> Diagnostic {
    Diagnostic::error("Invalid permissions")
        .with_detail(format!(
            "`permissions` must be three octal digits, optionally after a 0, such as \"0644\"; \
             found {text:?}."
        ))
        .at("permissions")
}

/// The text the file holds: `content` or `sensitive_content` (empty when neither is set);
/// `None` while either is unknown.
fn text_of(file: &File) -> Option<&str> {
    let content = file.content.as_known()?;
    let sensitive = file.sensitive_content.as_known()?;
    Some(
        content
            .as_value()
            .or(sensitive.as_value())
            .map_or("", String::as_str),
    )
}

/// The text to write from `content` or `sensitive_content` (empty when neither is set).
fn plain_text(file: &FilePlanned) -> String {
    file.content
        .as_value()
        .or(file.sensitive_content.as_value())
        .cloned()
        .unwrap_or_default()
}

impl File {
    /// A file known by its path alone, every other attribute null: where an import, a
    /// listing or a state upgrade starts.
    pub fn at(path: String) -> File {
        File {
            id: Unknown::null(),
            path: Unknown::known(path),
            content: Unknown::null(),
            sensitive_content: Unknown::null(),
            content_wo: Unknown::null(),
            content_wo_version: Unknown::null(),
            permissions: Unknown::null(),
            mode: Unknown::null(),
            content_hash: Unknown::null(),
            size: Unknown::null(),
            previous_hash: Unknown::null(),
            hash_path: Unknown::null(),
            timeouts: None,
        }
    }
}

/// The state of the text file `rel` as it is on disk (for an import or a listing), `None`
/// when there is none.
pub(super) async fn found(root: &Root, rel: &str) -> Result<Option<File>, Diagnostics> {
    observe(root, rel, File::at(rel.to_owned()), false).await
}

/// The known texts of `config` longer than the file a resource reads back
/// ([`MAX_FILE_BYTES`]), each refused at its attribute: written, such a file could be
/// neither refreshed nor destroyed without `-refresh=false`.
fn oversized_text(config: &File) -> Diagnostics {
    let texts = [
        ("content", &config.content),
        ("sensitive_content", &config.sensitive_content),
        ("content_wo", &config.content_wo),
    ];
    let mut problems = Diagnostics::new();
    for (name, text) in texts {
        if let Some(text) = text.as_value().filter(|t| t.len() as u64 > MAX_FILE_BYTES) {
            problems.push(
                Diagnostic::error("Text too large")
                    .with_detail(format!(
                        "The text is {} bytes; localfs keeps file contents in Terraform's \
                         state and reads a file back up to {MAX_FILE_BYTES} bytes (16 MiB), \
                         so it writes files up to that size only.",
                        text.len()
                    ))
                    .at(name),
            );
        }
    }
    problems
}

/// Whether the configuration gives the text in `content_wo` (known or not yet).
fn uses_content_wo(config: &File) -> bool {
    !config.content_wo.is_null()
}

/// The key of the [`WrittenOnly`] record in the private state.
const WRITTEN_ONLY: &str = "written_only";

/// What was written to a file from `content_wo`, by hash and size, since the state holds
/// no text to compare the file with: kept in the private state under [`WRITTEN_ONLY`].
/// Files written from `content` or `sensitive_content` have no such record.
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct WrittenOnly {
    content_wo_hash: String,
    content_wo_size: i64,
}

/// The top-level keys of the record as releases before the keyed private state kept it
/// (the whole private state was the record).
const FORMER_KEYS: [&str; 2] = ["content_wo_hash", "content_wo_size"];

impl WrittenOnly {
    /// The record in `private`, if there is one: under its key, or as an earlier release
    /// kept it.
    fn in_private(private: &Private) -> Result<Option<Self>, Diagnostic> {
        if let Some(record) = private.get::<WrittenOnly>(WRITTEN_ONLY)? {
            return Ok(Some(record));
        }
        let [hash, size] = FORMER_KEYS;
        Ok(
            match (private.get::<String>(hash)?, private.get::<i64>(size)?) {
                (Some(content_wo_hash), Some(content_wo_size)) => Some(WrittenOnly {
                    content_wo_hash,
                    content_wo_size,
                }),
                _ => None,
            },
        )
    }

    /// The record of `state`, a file written from `content_wo`.
    fn of(state: &File) -> Self {
        WrittenOnly {
            content_wo_hash: state.content_hash.as_value().cloned().unwrap_or_default(),
            content_wo_size: state.size.as_value().copied().unwrap_or_default(),
        }
    }
}

/// Records in the private state how the file of an apply's outcome was written: from
/// `content_wo`, or not. An outcome without a state leaves the private state as it was.
fn keep_private(
    ctx: &mut Context<Root>,
    outcome: &Result<File, ApplyError<File>>,
    wo: bool,
) -> Result<(), Diagnostic> {
    let state = match outcome {
        Ok(state) => Some(state),
        Err(error) => error.state(),
    };
    let Some(state) = state else {
        return Ok(());
    };
    let private = ctx.private_mut();
    for key in FORMER_KEYS {
        private.remove(key);
    }
    if wo {
        private.set(WRITTEN_ONLY, &WrittenOnly::of(state))
    } else {
        private.remove(WRITTEN_ONLY);
        Ok(())
    }
}

fn known_path(file: &File) -> Result<&str, Diagnostic> {
    file.path.as_known().map(String::as_str).ok_or_else(|| {
        Diagnostic::error("Unknown path")
            .with_detail("`path` must be known when the file is written.")
            .at("path")
    })
}

/// The error of an operation that did not finish within its timeout (`operation` is the
/// attribute of `timeouts` that set it, `action` what was being done).
fn timed_out(operation: &str, action: &str, limit: Duration) -> Diagnostic {
    Diagnostic::error(format!("Timed out: {operation}"))
        .with_detail(format!(
            "{action} did not finish within the {operation} timeout of {limit:?} \
             (`timeouts.{operation}`, or its default). Raise the timeout, or find what slows \
             the operation down."
        ))
        .at(AttributePath::root().attr("timeouts").attr(operation))
}

/// Runs a write of the file at `rel` within `limit`. Past it, the error says so, with the
/// state of the file when the write had already made it (as any failure after the file
/// exists must).
async fn write_within(
    root: &Root,
    rel: &str,
    current: File,
    wo: bool,
    (operation, limit): (&str, Duration),
    work: impl Future<Output = Result<File, ApplyError<File>>>,
) -> Result<File, ApplyError<File>> {
    match tokio::time::timeout(limit, work).await {
        Ok(outcome) => outcome,
        Err(_) => {
            let failed = ApplyError::new(timed_out(operation, &format!("Writing {rel}"), limit));
            Err(match observe(root, rel, current, wo).await {
                Ok(Some(state)) => failed.with_state(state),
                Ok(None) | Err(_) => failed,
            })
        }
    }
}

/// What a write does with the file's text.
enum Text {
    /// Writes this text.
    Write(String),
    /// Leaves the text as it is (a file written from `content_wo` whose version did not
    /// change): only the permissions and the `hash_path` file are written.
    Keep,
}

/// Writes the planned file (with its permissions), then its `hash_path` file, and returns
/// its state: the plan with the computed attributes filled in. `wo`: the text is (or was)
/// written from `content_wo`, so the state holds none.
///
/// Two steps, as with most remote APIs (make the object, then configure it): when the
/// second fails, the file exists, and the error carries its state as it is on disk, so that
/// Terraform keeps track of it (tainted after a create, replaced on the next apply).
async fn write(
    root: &Root,
    mut planned: FilePlanned,
    text: Text,
    wo: bool,
) -> Result<File, ApplyError<File>> {
    let rel = planned.path.clone();
    let full = resolve(root, &rel, "path")?;
    // Computed too (the plan sets it when the configuration does not), so as planned.
    let permissions = planned
        .permissions
        .as_value()
        .cloned()
        .unwrap_or_else(|| DEFAULT_PERMISSIONS.to_owned());
    let mode = parse_permissions(&permissions).ok_or_else(|| invalid_permissions(&permissions))?;
    let hash_path = planned
        .hash_path
        .as_value()
        .map(|p| resolve(root, p, "hash_path"))
        .transpose()?;
    let (hash, size) = match text {
        Text::Write(text) => {
            write_file(&full, text.as_bytes()).await?;
            let size = i64::try_from(text.len()).unwrap_or(i64::MAX);
            (fnv1a64_hex(text.as_bytes()), size)
        }
        Text::Keep => {
            let (size, hash) = hash_file(&full).await?;
            (hash, i64::try_from(size).unwrap_or(i64::MAX))
        }
    };
    let mut second = tokio::fs::set_permissions(&full, std::fs::Permissions::from_mode(mode))
        .await
        .map_err(|e| io_error("set the permissions", &full, &e));
    if let (Ok(()), Some(hash_full)) = (&second, &hash_path) {
        second = write_file(hash_full, hash.as_bytes()).await;
    }
    if let Err(error) = second {
        // The file exists: Terraform must keep track of it.
        let failed = ApplyError::new(error);
        return Err(match observe(root, &rel, planned.into(), wo).await {
            Ok(Some(state)) => failed.with_state(state),
            // Not readable back: the file is as Terraform last recorded it, or gone.
            Ok(None) | Err(_) => failed,
        });
    }
    planned.id = Some(rel).into();
    planned.permissions = Some(permissions).into();
    planned.content_hash = Some(hash).into();
    planned.size = Some(size).into();
    Ok(planned.into())
}

/// The state of the file at `rel` as it is on disk, starting from `current` (which says
/// whether the text is sensitive and how the permissions were spelled); `None` when the
/// file does not exist. `wo`: the file was written from `content_wo`, so its text stays out
/// of the state (the hash shows drift).
async fn observe(
    root: &Root,
    rel: &str,
    current: File,
    wo: bool,
) -> Result<Option<File>, Diagnostics> {
    let full = resolve(root, rel, "path")?;
    let Some(bytes) = read_file(&full).await? else {
        return Ok(None);
    };
    let mode = file_mode(&full).await?;
    let hash = fnv1a64_hex(&bytes);
    let size = i64::try_from(bytes.len()).unwrap_or(i64::MAX);
    // The spelling from the configuration is kept while it denotes the mode on disk.
    let spelled = current.permissions.as_value().or(current.mode.as_value());
    let permissions = match spelled {
        Some(p) if parse_permissions(p) == Some(mode) => p.clone(),
        _ => format!("{mode:04o}"),
    };
    if wo {
        return Ok(Some(File {
            id: Some(rel.to_owned()).into(),
            path: Unknown::known(rel.to_owned()),
            content: Unknown::null(),
            sensitive_content: Unknown::null(),
            permissions: Some(permissions).into(),
            content_hash: Some(hash).into(),
            size: Some(size).into(),
            ..current
        }));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        Diagnostic::error("Not a text file").with_detail(format!(
            "{} is not UTF-8 text ({e}); localfs_file manages text files only.",
            full.display()
        ))
    })?;
    let neither_set = current.content.is_null() && current.sensitive_content.is_null();
    let (content, sensitive_content) = if neither_set && text.is_empty() {
        (None, None)
    } else if current.sensitive_content.as_value().is_some() {
        (None, Some(text))
    } else {
        (Some(text), None)
    };
    Ok(Some(File {
        id: Some(rel.to_owned()).into(),
        path: Unknown::known(rel.to_owned()),
        content: content.into(),
        sensitive_content: sensitive_content.into(),
        permissions: Some(permissions).into(),
        mode: current.mode,
        content_hash: Some(hash).into(),
        size: Some(size).into(),
        ..current
    }))
}

async fn file_mode(path: &Path) -> Result<u32, Diagnostic> {
    let metadata = tokio::fs::metadata(path)
        .await
        .map_err(|e| io_error("inspect the file", path, &e))?;
    Ok(metadata.permissions().mode() & 0o777)
}

impl Resource for FileResource {
    type Model = File;
    type Data = Root;

    async fn validate(
        &self,
        _: &mut Context<Root>,
        ValidateRequest { config, .. }: ValidateRequest<File>,
    ) -> Result<(), Diagnostics> {
        let mut problems = Diagnostics::new();
        if let Some(rel) = config.path.as_known() {
            if let Err(d) = super::paths::check_relative(rel, "path") {
                problems.push(d);
            }
        }
        if let Some(rel) = config.hash_path.as_value() {
            if let Err(d) = super::paths::check_relative(rel, "hash_path") {
                problems.push(d);
            }
        }
        if let Some(p) = config.permissions.as_value() {
            if parse_permissions(p).is_none() {
                problems.push(invalid_permissions(p));
            }
        }
        if let Some(m) = config.mode.as_value() {
            if parse_permissions(m).is_none() {
                problems.push(invalid_permissions(m).at("mode"));
            }
            if !config.permissions.is_null() {
                problems.push(
                    Diagnostic::error("Conflicting permissions")
                        .with_detail("Set `permissions` only; `mode` is its former name.")
                        .at("mode"),
                );
            }
        }
        if config.content.as_value().is_some() && config.sensitive_content.as_value().is_some() {
            problems.push(
                Diagnostic::error("Conflicting content")
                    .with_detail("Set `content` or `sensitive_content`, not both.")
                    .at("sensitive_content"),
            );
        }
        if uses_content_wo(&config)
            && !(config.content.is_null() && config.sensitive_content.is_null())
        {
            problems.push(
                Diagnostic::error("Conflicting content")
                    .with_detail(
                        "Set `content_wo` or one of `content` and `sensitive_content`, not both.",
                    )
                    .at("content_wo"),
            );
        }
        problems.extend(oversized_text(&config));
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems)
        }
    }

    async fn plan(
        &self,
        ctx: &mut Context<Root>,
        plan: &mut Plan<File>,
    ) -> Result<(), Diagnostics> {
        // Values unknown at validation are known here: a text the provider could not read
        // back is refused before anything is written.
        let oversized = oversized_text(&plan.config);
        if !oversized.is_empty() {
            return Err(oversized);
        }
        if plan.config.permissions.is_null() {
            // The former name's value, or the default.
            plan.planned.permissions = if plan.config.mode.is_null() {
                Some(DEFAULT_PERMISSIONS.to_owned()).into()
            } else {
                plan.config.mode.clone()
            };
        }
        if uses_content_wo(&plan.config) {
            // The text is not in the plan. The file keeps what was written while the
            // version stays and the file on disk still has it; otherwise it is written
            // again, and its hash and size are known after apply.
            let written = WrittenOnly::in_private(ctx.private())?;
            let kept = match (&plan.prior, written) {
                (Some(prior), Some(written))
                    if prior.content_wo_version == plan.planned.content_wo_version
                        && prior.content_hash.as_value() == Some(&written.content_wo_hash) =>
                {
                    Some(written)
                }
                _ => None,
            };
            match kept {
                Some(kept) => {
                    plan.planned.content_hash = Some(kept.content_wo_hash).into();
                    plan.planned.size = Some(kept.content_wo_size).into();
                }
                None => {
                    plan.planned.content_hash = Unknown::unknown();
                    plan.planned.size = Unknown::unknown();
                    // Written again: the hash it has now becomes the previous one.
                    if plan.prior.is_some() {
                        plan.planned.previous_hash = Unknown::unknown();
                    }
                }
            }
            return Ok(());
        }
        // The hash and size follow from the content whenever it is known.
        if let Some(text) = text_of(&plan.planned) {
            let hash = fnv1a64_hex(text.as_bytes());
            let size = i64::try_from(text.len()).unwrap_or(i64::MAX);
            plan.planned.content_hash = Some(hash).into();
            plan.planned.size = Some(size).into();
        }
        Ok(())
    }

    async fn create(
        &self,
        ctx: &mut Context<Root>,
        request: CreateRequest<File>,
    ) -> Result<File, ApplyError<File>> {
        let CreateRequest {
            planned, config, ..
        } = request;
        let limit = planned.timeouts.create(DEFAULT_WRITE_TIMEOUT)?;
        let current = planned.clone();
        // Every configured value is known at apply; only the computed ones are not.
        let planned = planned.into_planned()?;
        let config = config.into_known()?;
        let root = ctx.data()?;
        let rel = planned.path.clone();
        let full = resolve(root, &rel, "path")?;
        refuse_existing(&full, &format!("localfs_file.<name> {rel}")).await?;
        log_module(ctx, "create", &rel)?;
        let (text, wo) = match config.content_wo.into_option() {
            Some(text) => (text, true),
            None => (plain_text(&planned), false),
        };
        // Never updated yet: no previous hash (the plan left it to the apply).
        let planned = FilePlanned {
            previous_hash: Unknown::null(),
            ..planned
        };
        let stop = ctx.stop_token();
        let work = async {
            write_delay(root, &stop).await?;
            write(root, planned, Text::Write(text), wo).await
        };
        let outcome = write_within(root, &rel, current, wo, ("create", limit), work).await;
        keep_private(ctx, &outcome, wo)?;
        outcome
    }

    async fn read(
        &self,
        ctx: &mut Context<Root>,
        ReadRequest { state, .. }: ReadRequest<File>,
    ) -> Result<Option<File>, Diagnostics> {
        let limit = state.timeouts.read(DEFAULT_READ_TIMEOUT)?;
        let rel = known_path(&state)?.to_owned();
        let wo = WrittenOnly::in_private(ctx.private())?.is_some();
        tokio::time::timeout(limit, observe(ctx.data()?, &rel, state, wo))
            .await
            .map_err(|_| timed_out("read", &format!("Reading {rel}"), limit))?
    }

    async fn update(
        &self,
        ctx: &mut Context<Root>,
        request: UpdateRequest<File>,
    ) -> Result<File, ApplyError<File>> {
        let UpdateRequest {
            prior,
            planned,
            config,
            ..
        } = request;
        let limit = planned.timeouts.update(DEFAULT_WRITE_TIMEOUT)?;
        let current = planned.clone();
        // Left to the apply by the plan: the hash the file had before this update.
        let previous_hash = match planned.previous_hash.is_unknown() {
            true => prior.content_hash,
            false => planned.previous_hash.clone(),
        };
        let planned = FilePlanned {
            previous_hash,
            ..planned.into_planned()?
        };
        let config = config.into_known()?;
        let rel = planned.path.clone();
        log_module(ctx, "update", &rel)?;
        let wo = !config.content_wo.is_null();
        let text = match config.content_wo.into_option() {
            None => Text::Write(plain_text(&planned)),
            // The plan kept what was written (see `plan`).
            Some(_) if planned.content_hash.as_known().is_some() => Text::Keep,
            Some(text) => Text::Write(text),
        };
        let root = ctx.data()?;
        let stop = ctx.stop_token();
        let work = async {
            write_delay(root, &stop).await?;
            write(root, planned, text, wo).await
        };
        let outcome = write_within(root, &rel, current, wo, ("update", limit), work).await;
        keep_private(ctx, &outcome, wo)?;
        outcome
    }

    async fn delete(
        &self,
        ctx: &mut Context<Root>,
        DeleteRequest { prior, .. }: DeleteRequest<File>,
    ) -> Result<(), ApplyError<File>> {
        let limit = prior.timeouts.delete(DEFAULT_READ_TIMEOUT)?;
        let root = ctx.data()?;
        let rel = known_path(&prior)?;
        let work = async {
            remove_file(&resolve(root, rel, "path")?).await?;
            if let Some(hash_path) = prior.hash_path.as_known().and_then(Nullable::as_value) {
                remove_file(&resolve(root, hash_path, "hash_path")?).await?;
            }
            Ok::<(), Diagnostic>(())
        };
        tokio::time::timeout(limit, work)
            .await
            .map_err(|_| timed_out("delete", &format!("Removing {rel}"), limit))??;
        Ok(())
    }

    async fn import(
        &self,
        ctx: &mut Context<Root>,
        ImportRequest { id, .. }: ImportRequest,
    ) -> Result<File, Diagnostics> {
        let root = ctx.data()?;
        match found(root, &id).await? {
            Some(file) => Ok(file),
            None => Err(Diagnostic::error("Cannot import a missing file")
                .with_detail(format!(
                    "There is no file {id:?} under the root directory {}.",
                    root.dir.display()
                ))
                .into()),
        }
    }

    fn upgrades(&self) -> Upgrades<File> {
        super::file_versions::upgrades()
    }

    async fn repair_state(
        &self,
        _: &mut Context<Root>,
        state: &mut Value,
    ) -> Result<(), Diagnostics> {
        if super::file_versions::repair(state) {
            return Ok(());
        }
        Err(Diagnostic::error("Cannot repair the stored state")
            .with_detail(
                "The stored state of the file has neither `path` nor `id`, so nothing says \
                 which file it is. Remove it from the state (`terraform state rm`) and import \
                 the file again.",
            )
            .at("path")
            .into())
    }

    /// A file of this provider's under either of its names is taken over as it is: the
    /// state is the same (upgraded first when it was stored with an older schema
    /// version), and the next read checks it against the disk.
    async fn move_state(
        &self,
        _: &mut Context<Root>,
        source: MovedState<'_>,
    ) -> Result<Option<File>, Diagnostics> {
        let ours = source.source_provider_address().ends_with("/localfs")
            && FILE_TYPES.contains(&source.source_type_name());
        if !ours {
            return Ok(None);
        }
        let version = source.source_schema_version();
        if version == File::schema().version {
            return source.decode::<File>().map(Some);
        }
        self.upgrades()
            .upgrade(version, source.json())
            .map(Some)
            .map_err(|e| Diagnostics::from_value_error("Unable to Upgrade Resource State", &e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file written from `content_wo` by a release before the keyed private state keeps
    /// its record: the next plan compares the file with it instead of rewriting it.
    #[test]
    fn the_former_private_record_is_still_read() {
        let mut private = Private::new();
        private.set("content_wo_hash", "abc").unwrap();
        private.set("content_wo_size", &3).unwrap();
        let record = WrittenOnly::in_private(&private).unwrap();
        assert_eq!(
            record,
            Some(WrittenOnly {
                content_wo_hash: "abc".to_owned(),
                content_wo_size: 3,
            })
        );
        assert_eq!(WrittenOnly::in_private(&Private::new()).unwrap(), None);
    }
}
