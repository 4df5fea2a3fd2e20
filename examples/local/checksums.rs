//! The checksums of a file's content that `local_file`, `local_sensitive_file` and both
//! data sources report: MD5 from RustCrypto's `md-5` (aws-lc-rs does not offer it), and
//! SHA-1, SHA-256 and SHA-512 from aws-lc-rs (already built for the provider's TLS).
//! Hexadecimal is lowercase, base64 the standard alphabet with padding, as Go's
//! `hex.EncodeToString` and `base64.StdEncoding` write them.

use aws_lc_rs::digest;
use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use md5::{Digest as _, Md5};
use tfvalue::{Nullable, TfSchema, Unknown};

/// A content's checksums, as upstream's `genFileChecksums` gives them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checksums {
    /// MD5, hexadecimal.
    pub md5_hex: String,
    /// SHA-1, hexadecimal (also the objects' `id`).
    pub sha1_hex: String,
    /// SHA-256, hexadecimal.
    pub sha256_hex: String,
    /// SHA-256, base64.
    pub sha256_base64: String,
    /// SHA-512, hexadecimal.
    pub sha512_hex: String,
    /// SHA-512, base64.
    pub sha512_base64: String,
}

impl Checksums {
    /// The checksums of `data`.
    pub fn of(data: &[u8]) -> Checksums {
        let sha256 = digest::digest(&digest::SHA256, data);
        let sha512 = digest::digest(&digest::SHA512, data);
        Checksums {
            md5_hex: hex(&Md5::digest(data)),
            sha1_hex: sha1_hex(data),
            sha256_hex: hex(sha256.as_ref()),
            sha256_base64: STANDARD.encode(sha256.as_ref()),
            sha512_hex: hex(sha512.as_ref()),
            sha512_base64: STANDARD.encode(sha512.as_ref()),
        }
    }
}

/// The attributes `local_file`, `local_sensitive_file` and both data sources report for a
/// content: `id` and the six checksums, computed, with upstream's descriptions. Each of the
/// four models flattens this struct (`#[tf(flatten)]`), so the attributes are its own.
#[derive(TfSchema, Debug, Clone)]
pub struct ChecksumAttributes {
    /// The hexadecimal encoding of the SHA1 checksum of the file content.
    #[tf(computed)]
    pub id: Text,
    /// MD5 checksum of file content.
    #[tf(computed)]
    pub content_md5: Text,
    /// SHA1 checksum of file content.
    #[tf(computed)]
    pub content_sha1: Text,
    /// SHA256 checksum of file content.
    #[tf(computed)]
    pub content_sha256: Text,
    /// Base64 encoded SHA256 checksum of file content.
    #[tf(computed)]
    pub content_base64sha256: Text,
    /// SHA512 checksum of file content.
    #[tf(computed)]
    pub content_sha512: Text,
    /// Base64 encoded SHA512 checksum of file content.
    #[tf(computed)]
    pub content_base64sha512: Text,
}

/// A computed string attribute's type.
type Text = Unknown<Nullable<String>>;

impl ChecksumAttributes {
    /// The attributes of a content whose checksums are `sums`.
    pub fn of(sums: Checksums) -> ChecksumAttributes {
        let known = |text: String| -> Text { Some(text).into() };
        ChecksumAttributes {
            id: known(sums.sha1_hex.clone()),
            content_md5: known(sums.md5_hex),
            content_sha1: known(sums.sha1_hex),
            content_sha256: known(sums.sha256_hex),
            content_base64sha256: known(sums.sha256_base64),
            content_sha512: known(sums.sha512_hex),
            content_base64sha512: known(sums.sha512_base64),
        }
    }

    /// All seven null, as a configuration leaves them.
    pub fn null() -> ChecksumAttributes {
        ChecksumAttributes {
            id: Unknown::null(),
            content_md5: Unknown::null(),
            content_sha1: Unknown::null(),
            content_sha256: Unknown::null(),
            content_base64sha256: Unknown::null(),
            content_sha512: Unknown::null(),
            content_base64sha512: Unknown::null(),
        }
    }
}

/// The SHA-1 of `data` in hexadecimal: the `id` of a file object.
pub fn sha1_hex(data: &[u8]) -> String {
    hex(digest::digest(&digest::SHA1_FOR_LEGACY_USE_ONLY, data).as_ref())
}

/// Lowercase hexadecimal digits of `bytes`.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checksums_of_upstream_test_content() {
        // "This is some content", the content of upstream's data source test.
        // The digests are those of coreutils' md5sum and sha1sum.
        let sums = Checksums::of(b"This is some content");
        assert_eq!(sums.md5_hex, "ee428920507e39e8d89c2cabe6641b67");
        assert_eq!(sums.sha1_hex, "f3705a38abd5d2bd1f4fecda606d216216c536b1");
        assert_eq!(sums.sha256_hex.len(), 64);
        assert_eq!(sums.sha512_hex.len(), 128);
        assert!(sums.sha256_base64.ends_with('='));
        let empty = Checksums::of(b"");
        assert_eq!(empty.md5_hex, "d41d8cd98f00b204e9800998ecf8427e");
        assert_eq!(empty.sha1_hex, "da39a3ee5e6b4b0d3255bfef95601890afd80709");
        assert_eq!(
            empty.sha256_hex,
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_eq!(
            empty.sha256_base64,
            "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="
        );
    }
}
