//! Attribute paths: where in a value something happened.
//!
//! A path is the protocol's `AttributePath`: a sequence of steps, each an
//! attribute name, a string element key (maps) or an integer element key
//! (lists, tuples, sets by position). It renders the way Terraform users read
//! it: `.disk[2].size_gb`, `.tags["env"]`.

use std::fmt::{self, Write as _};

/// One step of an [`AttributePath`].
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PathStep {
    /// An object attribute or a block type, by name: `.name`.
    Attr(String),
    /// A map element or a MAP-nested block, by its key: `["key"]`.
    Key(String),
    /// A list, tuple or set element, by position: `[3]`.
    Index(i64),
}

/// A path from the root of a value to one of its parts.
///
/// The empty path is the value itself and renders as nothing; use
/// [`AttributePath::is_root`] to tell.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AttributePath {
    steps: Vec<PathStep>,
}

impl AttributePath {
    /// The empty path: the root value.
    pub const fn root() -> Self {
        AttributePath { steps: Vec::new() }
    }

    /// A path made of the given steps, first step first.
    pub fn from_steps(steps: Vec<PathStep>) -> Self {
        AttributePath { steps }
    }

    /// The steps, first step first.
    pub fn steps(&self) -> &[PathStep] {
        &self.steps
    }

    /// Consumes the path and gives its steps, first step first.
    pub fn into_steps(self) -> Vec<PathStep> {
        self.steps
    }

    /// True for the empty path.
    pub fn is_root(&self) -> bool {
        self.steps.is_empty()
    }

    /// Appends a step at the end.
    pub fn push(&mut self, step: PathStep) {
        self.steps.push(step);
    }

    /// Removes the last step.
    pub fn pop(&mut self) -> Option<PathStep> {
        self.steps.pop()
    }

    /// This path followed by `.name`.
    #[must_use]
    pub fn attr(mut self, name: impl Into<String>) -> Self {
        self.steps.push(PathStep::Attr(name.into()));
        self
    }

    /// This path followed by `["key"]`.
    #[must_use]
    pub fn key(mut self, key: impl Into<String>) -> Self {
        self.steps.push(PathStep::Key(key.into()));
        self
    }

    /// This path followed by `[index]`.
    #[must_use]
    pub fn index(mut self, index: i64) -> Self {
        self.steps.push(PathStep::Index(index));
        self
    }
}

/// The top-level attribute of this name: `"size_gb".into()` is
/// `AttributePath::root().attr("size_gb")`.
impl From<&str> for AttributePath {
    fn from(name: &str) -> Self {
        AttributePath::root().attr(name)
    }
}

impl From<Vec<PathStep>> for AttributePath {
    fn from(steps: Vec<PathStep>) -> Self {
        AttributePath { steps }
    }
}

impl fmt::Display for PathStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PathStep::Attr(name) => {
                f.write_char('.')?;
                f.write_str(name)
            }
            PathStep::Key(key) => {
                f.write_char('[')?;
                write_quoted(f, key)?;
                f.write_char(']')
            }
            PathStep::Index(i) => write!(f, "[{i}]"),
        }
    }
}

impl fmt::Display for AttributePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for step in &self.steps {
            fmt::Display::fmt(step, f)?;
        }
        Ok(())
    }
}

/// Writes `s` as a double-quoted string with the escapes HCL uses, so that a
/// key containing quotes or control characters still reads unambiguously.
pub(crate) fn write_quoted(f: &mut impl fmt::Write, s: &str) -> fmt::Result {
    f.write_char('"')?;
    for c in s.chars() {
        match c {
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            '\n' => f.write_str("\\n")?,
            '\r' => f.write_str("\\r")?,
            '\t' => f.write_str("\\t")?,
            c if c.is_control() => write!(f, "\\u{:04x}", c as u32)?,
            c => f.write_char(c)?,
        }
    }
    f.write_char('"')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_like_terraform() {
        let p = AttributePath::root().attr("disk").index(2).attr("size_gb");
        assert_eq!(p.to_string(), ".disk[2].size_gb");
        let p = AttributePath::root().attr("tags").key("env");
        assert_eq!(p.to_string(), r#".tags["env"]"#);
        assert_eq!(AttributePath::root().to_string(), "");
    }

    #[test]
    fn a_name_is_the_top_level_attribute() {
        let p: AttributePath = "size_gb".into();
        assert_eq!(p, AttributePath::root().attr("size_gb"));
        assert_eq!(p.to_string(), ".size_gb");
    }

    #[test]
    fn keys_are_escaped() {
        let p = AttributePath::root().key("a\"b\n\u{1}");
        assert_eq!(p.to_string(), r#"["a\"b\n\u0001"]"#);
    }
}
