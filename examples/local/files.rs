//! What `local_file` and `local_sensitive_file` share: the permission strings, the
//! content's sources, writing the file and finding it changed, in the Go provider's
//! words.

use std::fs;
use std::io::Write as _;
use std::os::unix::fs::{DirBuilderExt as _, OpenOptionsExt as _};

use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use tfvalue::rules::Invalid;
use tfvalue_provider::Diagnostic;

use crate::checksums::{sha1_hex, Checksums};
use crate::go_os::{dir, path_error};

/// Go's `strconv.ParseInt(text, 8, 64)`: an optional sign, then octal digits.
pub fn parse_octal(text: &str) -> Option<i64> {
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| (b'0'..=b'7').contains(&b)) {
        return None;
    }
    let n = i64::from_str_radix(digits, 8).ok()?;
    Some(if negative { -n } else { n })
}

/// The validation of `file_permission` and `directory_permission`: three or four octal
/// digits, at most `0777` (upstream's custom string type).
///
/// # Errors
/// Upstream's diagnostic, "Invalid File Permission String Value".
pub fn permission(text: &str) -> Result<(), Invalid> {
    const SUMMARY: &str = "Invalid File Permission String Value";
    if text.len() < 3 || text.len() > 4 {
        return Err(Invalid::diagnostic(
            SUMMARY,
            format!("bad mode permission: string length should be 3 or 4 digits: {text}"),
        ));
    }
    match parse_octal(text) {
        Some(mode) if (0..=0o777).contains(&mode) => Ok(()),
        _ => Err(Invalid::diagnostic(
            SUMMARY,
            format!(
                "bad mode permission: string must be expressed in octal numeric notation: {text}"
            ),
        )),
    }
}

/// The mode a permission string gives a new file or directory (0 for one that does not
/// parse, as upstream's ignored `ParseInt` error gives).
fn mode(text: &str) -> u32 {
    parse_octal(text)
        .and_then(|m| u32::try_from(m).ok())
        .map_or(0, |m| m & 0o777)
}

/// The bytes of Go's `base64.StdEncoding.DecodeString`: line breaks are skipped, padding
/// is required.
///
/// # Errors
/// Go's text: `illegal base64 data at input byte N`.
pub fn decode_base64(text: &str) -> Result<Vec<u8>, String> {
    let kept: String = text.chars().filter(|c| *c != '\n' && *c != '\r').collect();
    STANDARD.decode(&kept).map_err(|e| {
        let at = match e {
            base64::DecodeError::InvalidByte(at, _)
            | base64::DecodeError::InvalidLastSymbol(at, _) => at,
            base64::DecodeError::InvalidLength(len) => len - len % 4,
            // Padding left out: Go stops at the start of the incomplete last quantum.
            base64::DecodeError::InvalidPadding => {
                kept.find('=').unwrap_or(kept.len() - kept.len() % 4)
            }
        };
        format!("illegal base64 data at input byte {at}")
    })
}

/// The bytes of the file at `path` (Go's `os.ReadFile`).
///
/// # Errors
/// Go's text: `open <path>: no such file or directory`.
pub fn read(path: &str) -> Result<Vec<u8>, String> {
    let mut file = fs::File::open(path).map_err(|e| path_error("open", path, &e))?;
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut file, &mut bytes).map_err(|e| path_error("read", path, &e))?;
    Ok(bytes)
}

/// Go's `os.MkdirAll(path, mode)`: each missing directory made with `mode` (before the
/// umask), parents first.
fn mkdir_all(path: &str, mode: u32) -> Result<(), String> {
    if let Ok(meta) = fs::metadata(path) {
        if meta.is_dir() {
            return Ok(());
        }
        return Err(format!("mkdir {path}: not a directory"));
    }
    let trimmed = path.trim_end_matches('/');
    if let Some(i) = trimmed.rfind('/') {
        let parent = &trimmed[..i];
        if !parent.is_empty() {
            mkdir_all(parent, mode)?;
        }
    }
    match fs::DirBuilder::new().mode(mode).create(path) {
        Ok(()) => Ok(()),
        Err(_) if fs::metadata(path).is_ok_and(|m| m.is_dir()) => Ok(()),
        Err(e) => Err(path_error("mkdir", path, &e)),
    }
}

/// The error of a create, in upstream's words (its detail keeps upstream's stray `+`).
fn create_error(summary: &str, doing: &str, error: &str) -> Diagnostic {
    Diagnostic::error(summary).with_detail(format!(
        "An unexpected error occurred while {doing}\n\n+Original Error: {error}"
    ))
}

/// The content to write, from the attribute that holds it: the error as `summary`
/// ("Create local file error") when it cannot be read.
///
/// # Errors
/// A `content_base64` that does not decode, a `source` that cannot be read.
pub fn content(
    summary: &str,
    text: Option<&str>,
    base64: Option<&str>,
    source: Option<&str>,
) -> Result<Vec<u8>, Diagnostic> {
    let parsed = if let Some(encoded) = base64 {
        decode_base64(encoded)
    } else if let Some(path) = source {
        read(path)
    } else {
        Ok(text.unwrap_or_default().as_bytes().to_vec())
    };
    parsed.map_err(|e| create_error(summary, "parsing local file content", &e))
}

/// Writes `content` to `filename`, making its missing directories with
/// `directory_permission` first (as upstream: only when the file's directory does not
/// exist) and a new file with `file_permission`; answers the content's checksums.
///
/// # Errors
/// The directory or the file cannot be written: `summary` with upstream's detail.
pub fn write(
    summary: &str,
    filename: &str,
    content: &[u8],
    file_permission: &str,
    directory_permission: &str,
) -> Result<Checksums, Diagnostic> {
    let parent = dir(filename);
    if fs::metadata(&parent).is_err() {
        mkdir_all(&parent, mode(directory_permission))
            .map_err(|e| create_error(summary, "creating file directory", &e))?;
    }
    fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(mode(file_permission))
        .open(filename)
        .map_err(|e| path_error("open", filename, &e))
        .and_then(|mut file| {
            file.write_all(content)
                .map_err(|e| path_error("write", filename, &e))
        })
        .map_err(|e| create_error(summary, "writing the file", &e))?;
    Ok(Checksums::of(content))
}

/// Whether the file at `filename` still holds the content whose SHA-1 is `id`: `false`
/// when it is gone or changed (Terraform then plans to create it again).
///
/// # Errors
/// The file exists but cannot be read: `summary` ("Read local file error").
pub fn unchanged(summary: &str, filename: &str, id: &str) -> Result<bool, Diagnostic> {
    if fs::metadata(filename).is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound) {
        return Ok(false);
    }
    let bytes = read(filename).map_err(|e| {
        Diagnostic::error(summary).with_detail(format!(
            "An unexpected error occurred while reading the file\n\n+Original Error: {e}"
        ))
    })?;
    Ok(sha1_hex(&bytes) == id)
}

/// Removes the file; a file already gone, or one that cannot be removed, is left as it is
/// (upstream ignores the error).
pub fn remove(filename: &str) {
    let _ = fs::remove_file(filename);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permissions_are_checked_as_upstream_checks_them() {
        for ok in ["777", "0777", "0600", "000", "+777", "0"] {
            let got = permission(ok);
            if ok.len() < 3 {
                assert!(got.is_err(), "{ok}");
            } else {
                assert_eq!(got, Ok(()), "{ok}");
            }
        }
        let short = permission("77").unwrap_err();
        assert_eq!(
            short.summary(),
            Some("Invalid File Permission String Value")
        );
        assert_eq!(
            short.detail(),
            "bad mode permission: string length should be 3 or 4 digits: 77"
        );
        for bad in ["9999", "1777", "-777", "abc", "07a7"] {
            assert_eq!(
                permission(bad).unwrap_err().detail(),
                format!("bad mode permission: string must be expressed in octal numeric notation: {bad}")
            );
        }
        assert_eq!((mode("0600"), mode("+755"), mode("x")), (0o600, 0o755, 0));
    }

    #[test]
    fn base64_decodes_as_gos_std_encoding() {
        assert_eq!(decode_base64("aGk=\n").unwrap(), b"hi");
        assert_eq!(
            decode_base64("abc"),
            Err("illegal base64 data at input byte 0".to_owned())
        );
        assert_eq!(
            decode_base64("YWJjZA"),
            Err("illegal base64 data at input byte 4".to_owned())
        );
        assert_eq!(
            decode_base64("ab$d"),
            Err("illegal base64 data at input byte 2".to_owned())
        );
    }
}
