//! The provider's functions, called from configuration as `provider::localfs::<name>(...)`
//! (Terraform 1.8 and later):
//!
//! ```hcl
//! resource "localfs_file" "conf" {
//!   path        = provider::localfs::join_path("etc", "app", "app.conf")  # "etc/app/app.conf"
//!   permissions = provider::localfs::parse_permissions("rw-r-----").octal # "0640"
//! }
//! ```

use tfvalue::TfSchema;
use tfvalue_provider::{Context, Function, FunctionError, Signature, Variadic};

use super::paths::relative_problem;
use super::Root;

/// `join_path(base, parts...)`: joins relative path parts with `/`, refusing any part that
/// is empty, absolute or leaves the root with `..` (the error names that argument).
pub struct JoinPath;

impl Function for JoinPath {
    type Args = (String, Variadic<String>);
    type Output = String;
    type Data = Root;

    fn signature(&self) -> Signature {
        Signature::new("Joins relative path parts with `/`")
            .markdown_description(
                "Joins `base` and each of `parts` with `/` into a path relative to the \
                 provider's root directory, as `localfs_file.path` takes it. Every part \
                 must itself be relative: not empty, not absolute, without `..`.",
            )
            .param("base", "The first part, such as `\"etc\"`")
            .variadic("parts", "Further parts, each relative")
    }

    async fn call(
        &self,
        _: &mut Context<Root>,
        (base, parts): Self::Args,
    ) -> Result<String, FunctionError> {
        let mut joined = String::new();
        for (index, part) in std::iter::once((0, &base)).chain(parts.indexed()) {
            if let Some(why) = relative_problem(part) {
                return Err(FunctionError::argument(
                    index,
                    format!("a path part must be relative and stay under the root; {part:?} {why}"),
                ));
            }
            let part = part.trim_end_matches('/');
            if !joined.is_empty() && !part.is_empty() {
                joined.push('/');
            }
            joined.push_str(part);
        }
        Ok(joined)
    }
}

/// What `parse_permissions` returns: the permission digits of a symbolic mode.
#[derive(TfSchema, Debug, PartialEq, Eq)]
pub struct Permissions {
    /// The owner's digit (0 to 7).
    pub owner: u8,
    /// The group's digit.
    pub group: u8,
    /// Everyone else's digit.
    pub other: u8,
    /// The mode in octal with a leading 0, such as `"0640"`: what
    /// `localfs_file.permissions` takes.
    pub octal: String,
}

/// `parse_permissions(text)`: a symbolic mode as `ls -l` shows it (`"rw-r-----"`) as its
/// digits and its octal text.
pub struct ParsePermissions;

/// The digits of a symbolic mode of nine characters, or why it is none.
fn parse_symbolic(text: &str) -> Result<[u8; 3], String> {
    let bytes = text.as_bytes();
    if bytes.len() != 9 {
        return Err(format!(
            "permissions are nine characters such as \"rw-r-----\"; found {text:?}, of {} \
             characters",
            text.chars().count()
        ));
    }
    let mut digits = [0u8; 3];
    for (i, &b) in bytes.iter().enumerate() {
        let (letter, bit) = match i % 3 {
            0 => (b'r', 4),
            1 => (b'w', 2),
            _ => (b'x', 1),
        };
        if b == letter {
            digits[i / 3] |= bit;
        } else if b != b'-' {
            return Err(format!(
                "character {} of {text:?} must be {:?} or '-'",
                i + 1,
                char::from(letter)
            ));
        }
    }
    Ok(digits)
}

impl Function for ParsePermissions {
    type Args = (String,);
    type Output = Permissions;
    type Data = Root;

    fn signature(&self) -> Signature {
        Signature::new("Parses symbolic Unix permissions such as `rw-r-----`")
            .markdown_description(
                "Returns the owner, group and other digits of a symbolic mode of nine \
                 characters (`r`, `w`, `x` or `-` each), and `octal`, the mode as \
                 `localfs_file.permissions` takes it (`\"0640\"`).",
            )
            .param(
                "text",
                "The permissions as `ls -l` shows them, without the file type",
            )
    }

    async fn call(
        &self,
        _: &mut Context<Root>,
        (text,): Self::Args,
    ) -> Result<Permissions, FunctionError> {
        let [owner, group, other] =
            parse_symbolic(&text).map_err(|why| FunctionError::argument(0, why))?;
        Ok(Permissions {
            owner,
            group,
            other,
            octal: format!("0{owner}{group}{other}"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbolic_modes_parse() {
        assert_eq!(parse_symbolic("rw-r-----"), Ok([6, 4, 0]));
        assert_eq!(parse_symbolic("rwxrwxrwx"), Ok([7, 7, 7]));
        assert_eq!(parse_symbolic("---------"), Ok([0, 0, 0]));
        assert!(parse_symbolic("rw-r--")
            .unwrap_err()
            .contains("of 6 characters"));
        let e = parse_symbolic("rw-r-w---").unwrap_err();
        assert!(e.contains("character 6"), "{e}");
        assert!(parse_symbolic("rw-r--é-").is_err());
    }
}
