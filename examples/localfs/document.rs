//! `localfs_document`: a JSON document whose content is the resource's own attributes.
//!
//! The file holds the resource's configuration in Terraform's JSON value encoding, written
//! and read back with `tfvalue::json`, so the document on disk is exactly what the plan
//! said: numbers keep their precision, sets, maps, blocks and the dynamic `extra` value
//! survive the round trip. Editing the file is drift: the next refresh reads it back.
//!
//! Two attributes are custom types, stored in the document's own spelling: `settings`
//! (`NormalizedJson`) compact with its members sorted, `expires_at` (`Rfc3339`) in UTC.
//! Their semantic equality keeps the configuration's text in the plan and state, so a
//! configuration that says the same thing in other words is no change.

use std::collections::BTreeMap;

use tfvalue::custom_types::{NormalizedJson, Rfc3339};
use tfvalue::{Nullable, Number, Set, TfSchema, Unknown, Value};
use tfvalue_provider::{
    ApplyError, Context, CreateRequest, DeleteRequest, Diagnostic, Diagnostics, ImportRequest,
    Plan, ReadRequest, Resource, UpdateRequest, ValidateRequest,
};

use super::fnv::fnv1a64_hex;
use super::paths::{
    read_file, refuse_existing, remove_file, resolve, write_delay, write_file, MAX_FILE_BYTES,
};
use super::Root;

/// A JSON document under the provider's root directory.
#[derive(TfSchema, Debug, Clone)]
pub struct Document {
    /// The document's path relative to the root (the same as `path`).
    #[tf(computed)]
    pub id: Unknown<Nullable<String>>,
    /// The document's path relative to the provider's root directory. Changing it replaces
    /// the document.
    #[tf(requires_replace)]
    pub path: Unknown<String>,
    /// A title.
    pub title: Unknown<Nullable<String>>,
    /// A credential stored in the document, hidden from Terraform's output.
    #[tf(sensitive)]
    pub api_key: Unknown<Nullable<String>>,
    /// Labels (a map of strings).
    pub labels: Unknown<Nullable<BTreeMap<String, Unknown<String>>>>,
    /// Tags (a set of strings).
    pub tags: Unknown<Nullable<Set<Unknown<String>>>>,
    /// Any value at all (a dynamic attribute): its type travels with it.
    #[tf(optional)]
    pub extra: Value,
    /// A ratio, kept as a 64-bit float.
    pub ratio: Unknown<Nullable<f64>>,
    /// A quantity, kept exactly (any precision).
    pub quantity: Unknown<Nullable<Number>>,
    /// Readings, in order (a list of numbers, each kept exactly, however large).
    pub readings: Unknown<Nullable<Vec<Unknown<Number>>>>,
    /// Settings, a JSON document, stored compact with its members sorted. A configuration
    /// that differs from what is stored only in whitespace or member order is no change.
    pub settings: Unknown<Nullable<NormalizedJson>>,
    /// When the document expires, an RFC 3339 timestamp, stored in UTC. An offset naming
    /// the same instant is no change.
    pub expires_at: Unknown<Nullable<Rfc3339>>,
    /// The server the document describes (a nested attribute).
    #[tf(nested)]
    pub server: Unknown<Nullable<Server>>,
    /// Sections, in order (`section { ... }` blocks).
    #[tf(block(list))]
    pub section: Unknown<Vec<Section>>,
    /// Other documents this one includes, in no order (`include { ... }` blocks).
    #[tf(block(set))]
    pub include: Unknown<Set<Include>>,
    /// Who owns the document (at most one `owner { ... }` block).
    #[tf(block(single))]
    pub owner: Unknown<Nullable<Owner>>,
    /// FNV-1a 64 hash of the document's bytes, in hex.
    #[tf(computed)]
    pub content_hash: Unknown<Nullable<String>>,
}

/// The `server` nested attribute.
#[derive(TfSchema, Debug, Clone)]
pub struct Server {
    /// Host name.
    pub host: Unknown<String>,
    /// TCP port (1 to 65535).
    #[tf(between(min = 1, max = 65535))]
    pub port: Unknown<Nullable<u16>>,
}

/// A `section` block.
#[derive(TfSchema, Debug, Clone)]
pub struct Section {
    /// The section's name.
    pub name: Unknown<String>,
    /// Its lines.
    pub lines: Unknown<Nullable<Vec<Unknown<String>>>>,
}

/// An `include` block.
#[derive(TfSchema, Debug, Clone, PartialEq)]
pub struct Include {
    /// Path of the included document.
    pub path: Unknown<String>,
}

/// The `owner` block.
#[derive(TfSchema, Debug, Clone)]
pub struct Owner {
    /// The owner's name.
    pub name: Unknown<String>,
    /// The owner's e-mail address.
    pub email: Unknown<Nullable<String>>,
}

/// The `localfs_document` resource type.
pub struct DocumentResource;

fn known_path(doc: &Document) -> Result<&str, Diagnostic> {
    doc.path.as_known().map(String::as_str).ok_or_else(|| {
        Diagnostic::error("Unknown path")
            .with_detail("`path` must be known when the document is written.")
            .at("path")
    })
}

/// `doc` with its custom values in the document's spelling: `settings` compact with its
/// members sorted, `expires_at` in UTC. A text that does not parse (which validation
/// refuses) stays as it is.
fn normalized(doc: &Document) -> Document {
    let mut doc = doc.clone();
    if let Some(Nullable::Value(settings)) = doc.settings.as_known() {
        if let Ok(value) = settings.parse::<serde_json::Value>() {
            doc.settings = Unknown::known(Nullable::Value(NormalizedJson::new(value.to_string())));
        }
    }
    if let Some(Nullable::Value(at)) = doc.expires_at.as_known() {
        if let Some(utc) = at.parse().ok().and_then(|t| t.to_utc()) {
            doc.expires_at = Unknown::known(Nullable::Value(Rfc3339::new(utc.to_string())));
        }
    }
    doc
}

/// The document's bytes: its attributes in Terraform's JSON encoding, custom values in
/// the document's spelling, with the computed ones left null (they describe the file, they
/// are not in it).
fn render(doc: &Document) -> Result<Vec<u8>, Diagnostics> {
    let body = Document {
        id: Unknown::null(),
        content_hash: Unknown::null(),
        ..normalized(doc)
    };
    let mut bytes = tfvalue::json::to_vec(&body)
        .map_err(|e| Diagnostics::from_value_error("Cannot render the document", &e))?;
    bytes.push(b'\n');
    Ok(bytes)
}

/// Refuses a document of more bytes than a read takes back ([`MAX_FILE_BYTES`]): written,
/// it could be neither refreshed nor destroyed without `-refresh=false`.
fn refuse_oversized(bytes: &[u8]) -> Result<(), Diagnostic> {
    if bytes.len() as u64 <= MAX_FILE_BYTES {
        return Ok(());
    }
    Err(Diagnostic::error("Document too large").with_detail(format!(
        "The document's attributes take {} bytes as JSON; localfs reads a document back up \
         to {MAX_FILE_BYTES} bytes (16 MiB), so it writes documents up to that size only.",
        bytes.len()
    )))
}

/// Checks the size of `doc` once it can be rendered (every attribute known), so that an
/// oversized document is refused at validation or plan, before anything is written.
fn check_size(doc: &Document) -> Result<(), Diagnostic> {
    match render(doc) {
        Ok(bytes) => refuse_oversized(&bytes),
        // Unknown values: the next check (plan, then apply) decides.
        Err(_) => Ok(()),
    }
}

/// Writes the planned document and returns its state: what the file holds (custom values
/// in the document's spelling, which semantic equality answers in the planned text).
async fn write(root: &Root, planned: Document) -> Result<Document, Diagnostics> {
    let rel = known_path(&planned)?.to_owned();
    let full = resolve(root, &rel, "path")?;
    let bytes = render(&planned)?;
    refuse_oversized(&bytes)?;
    write_file(&full, &bytes).await?;
    Ok(Document {
        id: Some(rel).into(),
        content_hash: Some(fnv1a64_hex(&bytes)).into(),
        ..normalized(&planned)
    })
}

/// The document at `rel` as it is on disk; `None` when the file does not exist.
async fn observe(root: &Root, rel: &str) -> Result<Option<Document>, Diagnostics> {
    let full = resolve(root, rel, "path")?;
    let Some(bytes) = read_file(&full).await? else {
        return Ok(None);
    };
    let doc: Document = tfvalue::json::from_slice(&bytes).map_err(|e| {
        Diagnostic::error("Unreadable document").with_detail(format!(
            "{} is not a localfs document any more ({e}); fix or delete the file.",
            full.display()
        ))
    })?;
    Ok(Some(Document {
        id: Some(rel.to_owned()).into(),
        path: Unknown::known(rel.to_owned()),
        content_hash: Some(fnv1a64_hex(&bytes)).into(),
        ..doc
    }))
}

impl Resource for DocumentResource {
    type Model = Document;
    type Data = Root;

    async fn validate(
        &self,
        _: &mut Context<Root>,
        ValidateRequest { config, .. }: ValidateRequest<Document>,
    ) -> Result<(), Diagnostics> {
        if let Some(rel) = config.path.as_known() {
            super::paths::check_relative(rel, "path")?;
        }
        check_size(&config)?;
        Ok(())
    }

    async fn plan(
        &self,
        _: &mut Context<Root>,
        plan: &mut Plan<Document>,
    ) -> Result<(), Diagnostics> {
        check_size(&plan.planned)?;
        Ok(())
    }

    async fn create(
        &self,
        ctx: &mut Context<Root>,
        CreateRequest { planned, .. }: CreateRequest<Document>,
    ) -> Result<Document, ApplyError<Document>> {
        let root = ctx.data()?;
        let rel = known_path(&planned)?;
        let full = resolve(root, rel, "path")?;
        refuse_existing(&full, &format!("localfs_document.<name> {rel}")).await?;
        write_delay(root, &ctx.stop_token()).await?;
        Ok(write(root, planned).await?)
    }

    async fn read(
        &self,
        ctx: &mut Context<Root>,
        ReadRequest { state, .. }: ReadRequest<Document>,
    ) -> Result<Option<Document>, Diagnostics> {
        let rel = known_path(&state)?;
        observe(ctx.data()?, rel).await
    }

    async fn update(
        &self,
        ctx: &mut Context<Root>,
        UpdateRequest { planned, .. }: UpdateRequest<Document>,
    ) -> Result<Document, ApplyError<Document>> {
        let root = ctx.data()?;
        write_delay(root, &ctx.stop_token()).await?;
        Ok(write(root, planned).await?)
    }

    async fn delete(
        &self,
        ctx: &mut Context<Root>,
        DeleteRequest { prior, .. }: DeleteRequest<Document>,
    ) -> Result<(), ApplyError<Document>> {
        let rel = known_path(&prior)?;
        remove_file(&resolve(ctx.data()?, rel, "path")?).await?;
        Ok(())
    }

    async fn import(
        &self,
        ctx: &mut Context<Root>,
        ImportRequest { id, .. }: ImportRequest,
    ) -> Result<Document, Diagnostics> {
        let root = ctx.data()?;
        observe(root, &id).await?.ok_or_else(|| {
            Diagnostic::error("Cannot import a missing document")
                .with_detail(format!(
                    "There is no file {id:?} under the root directory {}.",
                    root.dir.display()
                ))
                .into()
        })
    }
}
