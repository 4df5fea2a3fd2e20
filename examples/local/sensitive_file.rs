//! `local_sensitive_file`: a file whose content Terraform hides from its output.

use tfvalue::{Nullable, TfSchema, Unknown};
use tfvalue_provider::{
    ApplyError, Context, CreateRequest, DeleteRequest, Diagnostics, ReadRequest, Resource,
    UpdateRequest,
};

use crate::files;

/// A file with sensitive content (upstream's schema, version 0).
#[derive(TfSchema, Debug, Clone)]
#[tf(description = "Generates a local file with the given sensitive content.")]
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
    /// The content's SHA-1.
    #[tf(
        computed,
        description = "The hexadecimal encoding of the SHA1 checksum of the file content."
    )]
    pub id: Unknown<Nullable<String>>,
    /// MD5 of the content.
    #[tf(computed, description = "MD5 checksum of file content.")]
    pub content_md5: Unknown<Nullable<String>>,
    /// SHA-1 of the content.
    #[tf(computed, description = "SHA1 checksum of file content.")]
    pub content_sha1: Unknown<Nullable<String>>,
    /// SHA-256 of the content.
    #[tf(computed, description = "SHA256 checksum of file content.")]
    pub content_sha256: Unknown<Nullable<String>>,
    /// SHA-256 of the content, base64.
    #[tf(
        computed,
        description = "Base64 encoded SHA256 checksum of file content."
    )]
    pub content_base64sha256: Unknown<Nullable<String>>,
    /// SHA-512 of the content.
    #[tf(computed, description = "SHA512 checksum of file content.")]
    pub content_sha512: Unknown<Nullable<String>>,
    /// SHA-512 of the content, base64.
    #[tf(
        computed,
        description = "Base64 encoded SHA512 checksum of file content."
    )]
    pub content_base64sha512: Unknown<Nullable<String>>,
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
        const SUMMARY: &str = "Create local sensitive file error";
        let planned = request.planned;
        let content = files::content(
            SUMMARY,
            planned.content.as_value().map(String::as_str),
            planned.content_base64.as_value().map(String::as_str),
            planned.source.as_value().map(String::as_str),
        )?;
        let sums = files::write(
            SUMMARY,
            planned.filename.as_known().map_or("", String::as_str),
            &content,
            planned
                .file_permission
                .as_value()
                .map_or("", String::as_str),
            planned
                .directory_permission
                .as_value()
                .map_or("", String::as_str),
        )?;
        Ok(SensitiveFile {
            id: Some(sums.sha1_hex.clone()).into(),
            content_md5: Some(sums.md5_hex).into(),
            content_sha1: Some(sums.sha1_hex).into(),
            content_sha256: Some(sums.sha256_hex).into(),
            content_base64sha256: Some(sums.sha256_base64).into(),
            content_sha512: Some(sums.sha512_hex).into(),
            content_base64sha512: Some(sums.sha512_base64).into(),
            ..planned
        })
    }

    async fn read(
        &self,
        _: &mut Context<()>,
        request: ReadRequest<SensitiveFile>,
    ) -> Result<Option<SensitiveFile>, Diagnostics> {
        let state = request.state;
        let filename = state.filename.as_known().map_or("", String::as_str);
        let id = state.id.as_value().map_or("", String::as_str);
        let unchanged = files::unchanged("Read local sensitive file error", filename, id)?;
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
        files::remove(request.prior.filename.as_known().map_or("", String::as_str));
        Ok(())
    }
}
