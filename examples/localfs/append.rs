//! `localfs_append`: an action that appends lines to a file under the root, reporting each
//! line as it goes. A resource's `action_trigger` invokes it as the resource changes, or
//! `terraform apply -invoke=action.localfs_append.<name>` alone (Terraform 1.14 and later):
//!
//! ```hcl
//! action "localfs_append" "log" {
//!   config {
//!     path  = "deploy.log"
//!     lines = ["deployed ${localfs_file.motd.path}"]
//!   }
//! }
//! ```

use tfvalue::{Nullable, TfSchema, Unknown};
use tfvalue_provider::{
    Action, ActionInvokeRequest, ActionPlanRequest, Context, Diagnostic, Diagnostics, Progress,
    ValidateRequest,
};
use tokio::io::AsyncWriteExt as _;

use super::paths::{check_relative, io_error, resolve, write_delay};
use super::Root;

/// Appends lines to a file under the provider's root directory, reporting each line as
/// progress; a file that must exist is looked for while planning.
#[derive(TfSchema, Debug)]
pub struct Append {
    /// The file to append to, relative to the provider's root directory.
    pub path: Unknown<String>,
    /// The lines to append, each ended with a newline.
    pub lines: Unknown<Vec<String>>,
    /// Fail, instead of creating the file, when it does not exist (false when not set).
    pub must_exist: Unknown<Nullable<bool>>,
}

/// The `localfs_append` action type.
pub struct AppendAction;

impl Action for AppendAction {
    type Model = Append;
    type Data = Root;

    async fn validate(
        &self,
        _: &mut Context<Root>,
        ValidateRequest { config, .. }: ValidateRequest<Append>,
    ) -> Result<(), Diagnostics> {
        if let Some(path) = config.path.as_known() {
            check_relative(path, "path")?;
        }
        Ok(())
    }

    /// A file that must exist is looked for while planning, so that the plan fails rather
    /// than the apply halfway.
    async fn plan(
        &self,
        ctx: &mut Context<Root>,
        ActionPlanRequest { config, .. }: ActionPlanRequest<Append>,
    ) -> Result<(), Diagnostics> {
        let (Some(path), Some(Nullable::Value(true))) =
            (config.path.as_known(), config.must_exist.as_known())
        else {
            return Ok(());
        };
        let file = resolve(ctx.data()?, path, "path")?;
        if !tokio::fs::try_exists(&file).await.unwrap_or(false) {
            return Err(missing(&file).into());
        }
        Ok(())
    }

    async fn invoke(
        &self,
        ctx: &mut Context<Root>,
        ActionInvokeRequest { config, .. }: ActionInvokeRequest<Append>,
        progress: &mut Progress,
    ) -> Result<(), Diagnostics> {
        let root = ctx.data()?;
        // Terraform invokes with a wholly known configuration (the engine checked it).
        let (Some(path), Some(lines)) = (config.path.as_known(), config.lines.as_known()) else {
            return Ok(());
        };
        let must_exist = matches!(config.must_exist.as_known(), Some(Nullable::Value(true)));
        let file = resolve(root, path, "path")?;
        if let Some(parent) = file.parent().filter(|_| !must_exist) {
            tokio::fs::create_dir_all(parent)
                .await
                .map_err(|e| io_error("create the directory", parent, &e))?;
        }
        let mut out = tokio::fs::OpenOptions::new()
            .append(true)
            .create(!must_exist)
            .open(&file)
            .await
            .map_err(|e| match e.kind() {
                std::io::ErrorKind::NotFound if must_exist => missing(&file),
                _ => io_error("open the file", &file, &e),
            })?;
        for (i, line) in lines.iter().enumerate() {
            write_delay(root, &ctx.stop_token()).await?;
            out.write_all(format!("{line}\n").as_bytes())
                .await
                .map_err(|e| io_error("append to the file", &file, &e))?;
            progress
                .send(format!(
                    "appended line {} of {} to {path}",
                    i + 1,
                    lines.len()
                ))
                .await?;
        }
        out.flush()
            .await
            .map_err(|e| io_error("append to the file", &file, &e))?;
        Ok(())
    }
}

/// The error for a file that must exist and does not.
fn missing(file: &std::path::Path) -> Diagnostic {
    Diagnostic::error("File not found")
        .with_detail(format!(
            "{} does not exist, and `must_exist` is true.",
            file.display()
        ))
        .at("path")
}
