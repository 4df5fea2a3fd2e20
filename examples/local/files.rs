//! What `local_file` and `local_sensitive_file` share: the permission strings, the
//! content's sources, writing the file and finding it changed, in the Go provider's
//! words; and, with the data sources, reading a file and its checksums into a model.

use std::fs;
use std::io::Write as _;
use std::os::unix::fs::{DirBuilderExt as _, OpenOptionsExt as _};

use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use tfvalue::rules::Invalid;
use tfvalue::{Nullable, Unknown};
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

/// The mode a permission attribute gives a new file or directory (0 for one that does
/// not parse, as upstream's ignored `ParseInt` error gives).
fn mode(permission: &Unknown<Nullable<String>>) -> u32 {
    parse_octal(value(permission).unwrap_or_default())
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

/// A string attribute's value; `None` when null (or unknown, which a planned value of
/// these resources never is).
pub fn value(attribute: &Unknown<Nullable<String>>) -> Option<&str> {
    attribute.as_value().map(String::as_str)
}

/// The file's name, as a known `filename` holds it.
pub fn name(filename: &Unknown<String>) -> &str {
    filename.as_known().map_or("", String::as_str)
}

/// Writes the file that a planned `local_file` or `local_sensitive_file` describes: the
/// content from `base64` decoded, else the file at `source`, else `text`; its missing
/// directories made with `directory_permission` first (as upstream: only when the file's
/// directory does not exist), a new file with `file_permission`. Answers the content's
/// checksums.
///
/// # Errors
/// `summary` ("Create local file error") with upstream's detail: a `content_base64` that
/// does not decode, a `source` that cannot be read, a directory or file that cannot be
/// written.
pub fn create(
    summary: &str,
    filename: &Unknown<String>,
    text: Option<&str>,
    base64: &Unknown<Nullable<String>>,
    source: &Unknown<Nullable<String>>,
    file_permission: &Unknown<Nullable<String>>,
    directory_permission: &Unknown<Nullable<String>>,
) -> Result<Checksums, Diagnostic> {
    let error = |doing: &str, e: String| {
        Diagnostic::error(summary).with_detail(format!(
            "An unexpected error occurred while {doing}\n\n+Original Error: {e}"
        ))
    };
    let content = match (value(base64), value(source)) {
        (Some(encoded), _) => decode_base64(encoded),
        (None, Some(path)) => read(path),
        (None, None) => Ok(text.unwrap_or_default().as_bytes().to_vec()),
    }
    .map_err(|e| error("parsing local file content", e))?;
    let filename = name(filename);
    let parent = dir(filename);
    if fs::metadata(&parent).is_err() {
        mkdir_all(&parent, mode(directory_permission))
            .map_err(|e| error("creating file directory", e))?;
    }
    fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(mode(file_permission))
        .open(filename)
        .map_err(|e| path_error("open", filename, &e))
        .and_then(|mut file| {
            file.write_all(&content)
                .map_err(|e| path_error("write", filename, &e))
        })
        .map_err(|e| error("writing the file", e))?;
    Ok(Checksums::of(&content))
}

/// Whether the file at `filename` still holds the content whose SHA-1 is `id`: `false`
/// when it is gone or changed (Terraform then plans to create it again).
///
/// # Errors
/// The file exists but cannot be read: `summary` ("Read local file error").
pub fn unchanged(
    summary: &str,
    filename: &Unknown<String>,
    id: &Unknown<Nullable<String>>,
) -> Result<bool, Diagnostic> {
    let filename = name(filename);
    if fs::metadata(filename).is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound) {
        return Ok(false);
    }
    let bytes = read(filename).map_err(|e| {
        Diagnostic::error(summary).with_detail(format!(
            "An unexpected error occurred while reading the file\n\n+Original Error: {e}"
        ))
    })?;
    Ok(Some(sha1_hex(&bytes).as_str()) == value(id))
}

/// Removes the file; a file already gone, or one that cannot be removed, is left as it is
/// (upstream ignores the error).
pub fn remove(filename: &Unknown<String>) {
    let _ = fs::remove_file(name(filename));
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
        let modes = ["0600", "+755", "x"].map(|p| mode(&Some(p.to_owned()).into()));
        assert_eq!(modes, [0o600, 0o755, 0]);
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
