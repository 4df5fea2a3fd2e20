//! The data sources `local_file` and `local_sensitive_file`: a file's content and its
//! checksums, read when Terraform reads the data source. They differ only in that the
//! sensitive one hides `content` and `content_base64`.

use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use tfvalue::{Nullable, TfSchema, Unknown};
use tfvalue_provider::{Context, DataSource, Diagnostic, Diagnostics, ReadDataSourceRequest};

use crate::checksums::Checksums;
use crate::files::{self, with_checksums};

/// The data source `local_file`.
#[derive(TfSchema, Debug, Clone)]
#[tf(description = "Reads a file from the local filesystem.")]
pub struct FileData {
    /// The file to read.
    #[tf(
        description = "Path to the file that will be read. The data source will return an error if the file does not exist."
    )]
    pub filename: Unknown<String>,
    /// The content as text.
    #[tf(
        computed,
        description = "Raw content of the file that was read, as UTF-8 encoded string. \
                       Files that do not contain UTF-8 text will have invalid UTF-8 sequences in `content`\n  \
                       replaced with the Unicode replacement character. "
    )]
    pub content: Unknown<Nullable<String>>,
    /// The content in base64.
    #[tf(
        computed,
        description = "Base64 encoded version of the file content (use this when dealing with binary data)."
    )]
    pub content_base64: Unknown<Nullable<String>>,
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

/// The data source `local_sensitive_file`.
#[derive(TfSchema, Debug, Clone)]
#[tf(description = "Reads a file that contains sensitive data, from the local filesystem.")]
pub struct SensitiveFileData {
    /// The file to read.
    #[tf(
        description = "Path to the file that will be read. The data source will return an error if the file does not exist."
    )]
    pub filename: Unknown<String>,
    /// The content as text, hidden.
    #[tf(
        computed,
        sensitive,
        description = "Raw content of the file that was read, as UTF-8 encoded string. \
                       Files that do not contain UTF-8 text will have invalid UTF-8 sequences in `content`\n  \
                       replaced with the Unicode replacement character."
    )]
    pub content: Unknown<Nullable<String>>,
    /// The content in base64, hidden.
    #[tf(
        computed,
        sensitive,
        description = "Base64 encoded version of the file content (use this when dealing with binary data)."
    )]
    pub content_base64: Unknown<Nullable<String>>,
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

/// The file's bytes as both data sources answer them: the checksums, `content` (invalid
/// UTF-8 replaced) and `content_base64`.
fn read(filename: &Unknown<String>) -> Result<(Checksums, Text, Text), Diagnostics> {
    let bytes = files::read(files::name(filename)).map_err(|e| {
        Diagnostic::error("Read local file data source error").with_detail(format!(
            "The file at given path cannot be read.\n\n+Original Error: {e}"
        ))
    })?;
    let text = Some(String::from_utf8_lossy(&bytes).into_owned()).into();
    Ok((
        Checksums::of(&bytes),
        text,
        Some(STANDARD.encode(&bytes)).into(),
    ))
}

/// A string attribute's type.
type Text = Unknown<Nullable<String>>;

/// The `local_file` data source type.
pub struct FileDataSource;

impl DataSource for FileDataSource {
    type Model = FileData;
    type Data = ();

    async fn read(
        &self,
        _: &mut Context<()>,
        request: ReadDataSourceRequest<FileData>,
    ) -> Result<FileData, Diagnostics> {
        let filename = request.config.filename;
        let (sums, content, content_base64) = read(&filename)?;
        Ok(with_checksums!(
            FileData {
                filename,
                content,
                content_base64,
            },
            sums
        ))
    }
}

/// The `local_sensitive_file` data source type.
pub struct SensitiveFileDataSource;

impl DataSource for SensitiveFileDataSource {
    type Model = SensitiveFileData;
    type Data = ();

    async fn read(
        &self,
        _: &mut Context<()>,
        request: ReadDataSourceRequest<SensitiveFileData>,
    ) -> Result<SensitiveFileData, Diagnostics> {
        let filename = request.config.filename;
        let (sums, content, content_base64) = read(&filename)?;
        Ok(with_checksums!(
            SensitiveFileData {
                filename,
                content,
                content_base64,
            },
            sums
        ))
    }
}
