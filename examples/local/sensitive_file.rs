//! `local_sensitive_file`: a file whose content Terraform hides from its output.

use tfvalue::{Nullable, TfSchema, Unknown};
use tfvalue_provider::{
    ApplyError, Context, CreateRequest, DeleteRequest, Diagnostics, ReadRequest, Resource,
    UpdateRequest,
};

use crate::checksums::ChecksumAttributes;
use crate::files;

/// Generates a local file with the given sensitive content.
#[derive(TfSchema, Debug, Clone)]
pub struct SensitiveFile {
    /// Where the file is written.
    #[tf(
        requires_replace,
        description = "The path to the file that will be created.\n \
                       Missing parent directories will be created.\n \
                       If the file already exists, it will be overridden with the given content."
    )]
    pub filename: Unknown<String>,
    /// The content as text.
    #[tf(
        sensitive,
        requires_replace,
        exactly_one_of(content_base64, source),
        description = "Sensitive Content to store in the file, expected to be a UTF-8 encoded string.\n \
                       Conflicts with `content_base64` and `source`.\n \
                       Exactly one of these three arguments must be specified."
    )]
    pub content: Unknown<Nullable<String>>,
    /// The content in base64.
    #[tf(
        sensitive,
        requires_replace,
        exactly_one_of(content, source),
        description = "Sensitive Content to store in the file, expected to be binary encoded as base64 string.\n \
                       Conflicts with `content` and `source`.\n \
                       Exactly one of these three arguments must be specified."
    )]
    pub content_base64: Unknown<Nullable<String>>,
    /// A file whose content is copied.
    #[tf(
        requires_replace,
        exactly_one_of(content, content_base64),
        description = "Path to file to use as source for the one we are creating.\n \
                       Conflicts with `content` and `content_base64`.\n \
                       Exactly one of these three arguments must be specified."
    )]
    pub source: Unknown<Nullable<String>>,
    /// The new file's mode.
    #[tf(
        default = "0700",
        requires_replace,
        validate = files::permission,
        description = "Permissions to set for the output file (before umask), expressed as string in\n \
                       [numeric notation](https://en.wikipedia.org/wiki/File-system_permissions#Numeric_notation).\n \
                       Default value is `\"0700\"`."
    )]
    pub file_permission: Unknown<Nullable<String>>,
    /// The mode of directories made for it.
    #[tf(
        default = "0700",
        requires_replace,
        validate = files::permission,
        description = "Permissions to set for directories created (before umask), expressed as string in\n \
                       [numeric notation](https://en.wikipedia.org/wiki/File-system_permissions#Numeric_notation).\n \
                       Default value is `\"0700\"`."
    )]
    pub directory_permission: Unknown<Nullable<String>>,
    /// `id` and the checksums of the content.
    #[tf(flatten)]
    pub checksums: ChecksumAttributes,
}

/// The `local_sensitive_file` resource type.
pub struct SensitiveFileResource;

impl Resource for SensitiveFileResource {
    type Model = SensitiveFile;
    type Data = ();

    async fn create(
        &self,
        _: &mut Context<()>,
        request: CreateRequest<SensitiveFile>,
    ) -> Result<SensitiveFile, ApplyError<SensitiveFile>> {
        let planned = request.planned;
        let sums = files::create(
            "Create local sensitive file error",
            &planned.filename,
            files::value(&planned.content),
            &planned.content_base64,
            &planned.source,
            &planned.file_permission,
            &planned.directory_permission,
        )?;
        Ok(SensitiveFile {
            checksums: ChecksumAttributes::of(sums),
            ..planned
        })
    }

    async fn read(
        &self,
        _: &mut Context<()>,
        request: ReadRequest<SensitiveFile>,
    ) -> Result<Option<SensitiveFile>, Diagnostics> {
        let state = request.state;
        let unchanged = files::unchanged(
            "Read local sensitive file error",
            &state.filename,
            &state.checksums.id,
        )?;
        Ok(unchanged.then_some(state))
    }

    async fn update(
        &self,
        _: &mut Context<()>,
        request: UpdateRequest<SensitiveFile>,
    ) -> Result<SensitiveFile, ApplyError<SensitiveFile>> {
        Ok(request.planned)
    }

    async fn delete(
        &self,
        _: &mut Context<()>,
        request: DeleteRequest<SensitiveFile>,
    ) -> Result<(), ApplyError<SensitiveFile>> {
        files::remove(&request.prior.filename);
        Ok(())
    }
}
