//! `local_file`: a file on the local filesystem with the given content.

use tfvalue::{Nullable, TfSchema, Unknown};
use tfvalue_provider::{
    ApplyError, Context, CreateRequest, DeleteRequest, Diagnostics, ReadRequest, Resource,
    UpdateRequest,
};

use crate::checksums::ChecksumAttributes;
use crate::files;

/// Generates a local file with the given content.
#[derive(TfSchema, Debug, Clone)]
pub struct File {
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
        requires_replace,
        exactly_one_of(sensitive_content, content_base64, source),
        description = "Content to store in the file, expected to be a UTF-8 encoded string.\n \
                       Conflicts with `sensitive_content`, `content_base64` and `source`.\n \
                       Exactly one of these four arguments must be specified."
    )]
    pub content: Unknown<Nullable<String>>,
    /// The content in base64.
    #[tf(
        requires_replace,
        exactly_one_of(content, sensitive_content, source),
        description = "Content to store in the file, expected to be binary encoded as base64 string.\n \
                       Conflicts with `content`, `sensitive_content` and `source`.\n \
                       Exactly one of these four arguments must be specified."
    )]
    pub content_base64: Unknown<Nullable<String>>,
    /// A file whose content is copied.
    #[tf(
        requires_replace,
        exactly_one_of(content, sensitive_content, content_base64),
        description = "Path to file to use as source for the one we are creating.\n \
                       Conflicts with `content`, `sensitive_content` and `content_base64`.\n \
                       Exactly one of these four arguments must be specified."
    )]
    pub source: Unknown<Nullable<String>>,
    /// The new file's mode.
    #[tf(
        default = "0777",
        requires_replace,
        validate = files::permission,
        description = "Permissions to set for the output file (before umask), expressed as string in\n \
                       [numeric notation](https://en.wikipedia.org/wiki/File-system_permissions#Numeric_notation).\n \
                       Default value is `\"0777\"`."
    )]
    pub file_permission: Unknown<Nullable<String>>,
    /// The mode of directories made for it.
    #[tf(
        default = "0777",
        requires_replace,
        validate = files::permission,
        description = "Permissions to set for directories created (before umask), expressed as string in\n \
                       [numeric notation](https://en.wikipedia.org/wiki/File-system_permissions#Numeric_notation).\n \
                       Default value is `\"0777\"`."
    )]
    pub directory_permission: Unknown<Nullable<String>>,
    /// The content as text, hidden from Terraform's output (deprecated).
    #[tf(
        sensitive,
        requires_replace,
        exactly_one_of(content, content_base64, source),
        deprecation_message = "Use the `local_sensitive_file` resource instead",
        description = "Sensitive content to store in the file, expected to be an UTF-8 encoded string.\n \
                       Will not be displayed in diffs.\n \
                       Conflicts with `content`, `content_base64` and `source`.\n \
                       Exactly one of these four arguments must be specified.\n \
                       If in need to use _sensitive_ content, please use the [`local_sensitive_file`](./sensitive_file.html)\n \
                       resource instead."
    )]
    pub sensitive_content: Unknown<Nullable<String>>,
    /// `id` and the checksums of the content.
    #[tf(flatten)]
    pub checksums: ChecksumAttributes,
}

/// The `local_file` resource type.
pub struct FileResource;

impl Resource for FileResource {
    type Model = File;
    type Data = ();

    async fn create(
        &self,
        _: &mut Context<()>,
        request: CreateRequest<File>,
    ) -> Result<File, ApplyError<File>> {
        let planned = request.planned;
        let text = (planned.sensitive_content.as_value())
            .or(planned.content.as_value())
            .map(String::as_str);
        let sums = files::create(
            "Create local file error",
            &planned.filename,
            text,
            &planned.content_base64,
            &planned.source,
            &planned.file_permission,
            &planned.directory_permission,
        )?;
        Ok(File {
            checksums: ChecksumAttributes::of(sums),
            ..planned
        })
    }

    async fn read(
        &self,
        _: &mut Context<()>,
        request: ReadRequest<File>,
    ) -> Result<Option<File>, Diagnostics> {
        let state = request.state;
        let unchanged = files::unchanged(
            "Read local file error",
            &state.filename,
            &state.checksums.id,
        )?;
        Ok(unchanged.then_some(state))
    }

    async fn update(
        &self,
        _: &mut Context<()>,
        request: UpdateRequest<File>,
    ) -> Result<File, ApplyError<File>> {
        Ok(request.planned)
    }

    async fn delete(
        &self,
        _: &mut Context<()>,
        request: DeleteRequest<File>,
    ) -> Result<(), ApplyError<File>> {
        files::remove(&request.prior.filename);
        Ok(())
    }
}
