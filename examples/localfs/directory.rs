//! `data "localfs_directory"`: what a directory under the root holds.

use tfvalue::path::AttributePath;
use tfvalue::{Nullable, TfSchema, Unknown};
use tfvalue_provider::{Context, DataSource, Diagnostic, Diagnostics};

use super::paths::{check_relative, hash_file, io_error, resolve};
use super::Root;

/// A directory listing.
#[derive(TfSchema, Debug)]
pub struct Directory {
    /// The directory's path relative to the provider's root directory (`"."` for the root).
    pub path: Unknown<String>,
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
    /// Whether it is a directory.
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
pub struct DirectoryDataSource;

impl DataSource for DirectoryDataSource {
    type Model = Directory;
    type Data = Root;

    async fn validate(&self, _: &mut Context<Root>, config: &Directory) -> Result<(), Diagnostics> {
        if let Some(rel) = config.path.as_known() {
            check_relative(rel, "path")?;
        }
        Ok(())
    }

    async fn read(
        &self,
        ctx: &mut Context<Root>,
        config: Directory,
    ) -> Result<Directory, Diagnostics> {
        let rel = config.path.as_known().ok_or_else(|| {
            Diagnostic::error("Unknown path").at(AttributePath::root().attr("path"))
        })?;
        let full = resolve(ctx.data()?, rel, "path")?;
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
            let kind = entry
                .file_type()
                .await
                .map_err(|e| io_error("inspect", &entry.path(), &e))?;
            let (size, content_hash) = if kind.is_dir() {
                (None, None)
            } else {
                let (size, hash) = hash_file(&entry.path()).await?;
                (Some(i64::try_from(size).unwrap_or(i64::MAX)), Some(hash))
            };
            entries.push(Entry {
                name: Some(name).into(),
                is_dir: Some(kind.is_dir()).into(),
                size: size.into(),
                content_hash: content_hash.into(),
            });
        }
        entries.sort_by(|a, b| a.name.as_value().cmp(&b.name.as_value()));
        Ok(Directory {
            entries: Some(entries).into(),
            ..config
        })
    }
}
