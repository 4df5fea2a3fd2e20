//! The data sources `local_file` and `local_sensitive_file`: a file's content and its
//! checksums, read when Terraform reads the data source. They differ only in that the
//! sensitive one hides `content` and `content_base64`.

use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use tfvalue::{Nullable, TfSchema, Unknown};
use tfvalue_provider::{Context, DataSource, Diagnostic, Diagnostics, ReadDataSourceRequest};

use crate::checksums::ChecksumAttributes;
use crate::checksums::Checksums;
use crate::files;

/// Reads a file from the local filesystem.
#[derive(TfSchema, Debug, Clone)]
pub struct FileData {
    /// Path to the file that will be read. The data source will return an error if the file does not exist.
    pub filename: Unknown<String>,
    /// The content as text.
    #[tf(
        computed,
        description = "Raw content of the file that was read, as UTF-8 encoded string. \
                       Files that do not contain UTF-8 text will have invalid UTF-8 sequences in `content`\n  \
                       replaced with the Unicode replacement character. "
    )]
    pub content: Unknown<Nullable<String>>,
    /// Base64 encoded version of the file content (use this when dealing with binary data).
    #[tf(computed)]
    pub content_base64: Unknown<Nullable<String>>,
    /// `id` and the checksums of the content.
    #[tf(flatten)]
    pub checksums: ChecksumAttributes,
}

/// Reads a file that contains sensitive data, from the local filesystem.
#[derive(TfSchema, Debug, Clone)]
pub struct SensitiveFileData {
    /// Path to the file that will be read. The data source will return an error if the file does not exist.
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
    /// Base64 encoded version of the file content (use this when dealing with binary data).
    #[tf(computed, sensitive)]
    pub content_base64: Unknown<Nullable<String>>,
    /// `id` and the checksums of the content.
    #[tf(flatten)]
    pub checksums: ChecksumAttributes,
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
        Ok(FileData {
            filename,
            content,
            content_base64,
            checksums: ChecksumAttributes::of(sums),
        })
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
        Ok(SensitiveFileData {
            filename,
            content,
            content_base64,
            checksums: ChecksumAttributes::of(sums),
        })
    }
}
