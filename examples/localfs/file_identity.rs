//! What names a `localfs_file` (its identity: the path and the root directory it is
//! under), importing one by it, and listing the files of a directory for `terraform query`.
//!
//! ```hcl
//! import {                                  # Terraform 1.12 and later
//!   to       = localfs_file.motd
//!   identity = { path = "etc/motd" }        # root: the provider's own
//! }
//!
//! # files.tfquery.hcl (Terraform 1.14 and later): `terraform query`
//! list "localfs_file" "etc" {
//!   provider = localfs
//!   config {
//!     directory = "etc"
//!     suffix    = ".conf"
//!   }
//! }
//! ```

use std::path::Path;

use tfvalue::{Nullable, TfSchema};
use tfvalue_provider::{
    Context, Diagnostic, Diagnostics, ImportRequest, ListResource, ListResults, Listed, Resource,
    ResourceIdentity,
};

use super::file::{found, File, FileResource};
use super::paths::{io_error, resolve};
use super::Root;

/// The identity of a `localfs_file`: which file, under which root. Two configurations that
/// point the provider at different roots manage different files, even with equal paths.
#[derive(TfSchema, Debug, Clone, PartialEq)]
pub struct FileIdentity {
    /// The file's path relative to the root directory.
    pub path: String,
    /// The root directory as the provider block gives it; when an import leaves it out,
    /// the provider's own.
    pub root: Nullable<String>,
}

/// The `config` block of a `list "localfs_file"` block, which lists the regular files of a
/// directory under the provider's root as `localfs_file` resources, each with its identity
/// (path and root), and with its whole state when the block sets `include_resource = true`.
#[derive(TfSchema, Debug)]
pub struct FileQuery {
    /// The directory whose files are listed, relative to the root (the root itself when
    /// not set). Files in its subdirectories are not listed.
    pub directory: Nullable<String>,
    /// Only files whose name ends with this, such as `".conf"`.
    pub suffix: Nullable<String>,
}

/// The root directory as identities name it.
fn root_text(root: &Root) -> String {
    root.dir.display().to_string()
}

impl ResourceIdentity for FileResource {
    type Identity = FileIdentity;

    fn identity(&self, ctx: &Context<Root>, state: &File) -> Result<FileIdentity, Diagnostics> {
        let path = state.path.as_known().ok_or_else(|| {
            Diagnostic::error("Unknown path").with_detail("The file's path is not known yet.")
        })?;
        Ok(FileIdentity {
            path: path.clone(),
            root: Some(root_text(ctx.data()?)).into(),
        })
    }

    async fn import_by_identity(
        &self,
        ctx: &mut Context<Root>,
        identity: FileIdentity,
    ) -> Result<File, Diagnostics> {
        let root = ctx.data()?;
        if let Some(named) = identity.root.as_value() {
            if *named != root_text(root) {
                return Err(Diagnostic::error("File under another root")
                    .with_detail(format!(
                        "The identity names a file under the root directory {named:?}, but \
                         this provider works under {:?}: configure the provider with that \
                         root, or leave `root` out of the identity.",
                        root_text(root)
                    ))
                    .into());
            }
        }
        Resource::import(self, ctx, ImportRequest::new(identity.path)).await
    }
}

impl ListResource for FileResource {
    type ListConfig = FileQuery;

    async fn list(
        &self,
        ctx: &mut Context<Root>,
        query: FileQuery,
        results: &mut ListResults<File, FileIdentity>,
    ) -> Result<(), Diagnostics> {
        let root = ctx.data()?;
        let directory = query.directory.into_option().unwrap_or_default();
        let dir = if directory.is_empty() {
            root.dir.clone()
        } else {
            resolve(root, &directory, "directory")?
        };
        let suffix = query.suffix.into_option().unwrap_or_default();
        let mut names = file_names(&dir).await?;
        names.retain(|name| name.ends_with(&suffix));
        for name in names {
            let rel = if directory.is_empty() {
                name
            } else {
                format!("{}/{name}", directory.trim_end_matches('/'))
            };
            let file = match found(root, &rel).await {
                Ok(Some(file)) => file,
                // Gone since the directory was read.
                Ok(None) => continue,
                Err(problem) => {
                    let mut warnings = Diagnostics::new();
                    for d in problem {
                        warnings.push(
                            Diagnostic::warning(format!("Skipped {rel}: {}", d.summary()))
                                .with_detail(d.detail()),
                        );
                    }
                    if !results.warn(warnings).await {
                        break;
                    }
                    continue;
                }
            };
            let identity = self.identity(ctx, &file)?;
            if !results
                .push(Listed::new(identity, &rel).with_state(file))
                .await?
            {
                break;
            }
        }
        Ok(())
    }
}

/// The names of the regular files in `dir`, sorted.
async fn file_names(dir: &Path) -> Result<Vec<String>, Diagnostic> {
    let mut entries = tokio::fs::read_dir(dir)
        .await
        .map_err(|e| io_error("list the directory", dir, &e))?;
    let mut names = Vec::new();
    while let Some(entry) = entries
        .next_entry()
        .await
        .map_err(|e| io_error("list the directory", dir, &e))?
    {
        let is_file = entry.file_type().await.is_ok_and(|t| t.is_file());
        if let (true, Some(name)) = (is_file, entry.file_name().to_str()) {
            names.push(name.to_owned());
        }
    }
    names.sort();
    Ok(names)
}
