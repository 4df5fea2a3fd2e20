//! [`FunctionError`]: why a provider function call failed, as Terraform reports it.

use std::fmt;

use crate::author::diagnostics::{Diagnostic, Diagnostics, Severity};

/// Why a call of a provider [`Function`](crate::Function) failed: a text, and the index of
/// the argument at fault when there is one.
///
/// Terraform prints an error about an argument as `Invalid value for "<parameter>"
/// parameter: <text>.`, naming the parameter of that index, so the text says what is wrong
/// with the value, without a final period. Arguments are counted from 0 across the
/// positional parameters and then every variadic argument
/// ([`Variadic::argument_index`](crate::Variadic::argument_index) gives the index of one).
///
/// Any [`Diagnostic`], [`Diagnostics`] or `'static` error type converts into one with `?`.
///
/// ```
/// use tfvalue_provider::FunctionError;
///
/// let e = FunctionError::argument(1, "a part must not be absolute");
/// assert_eq!(e.function_argument, Some(1));
/// let e: FunctionError = std::io::Error::other("disk full").into();
/// assert_eq!((e.text.as_str(), e.function_argument), ("disk full", None));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FunctionError {
    /// What went wrong.
    pub text: String,
    /// The index of the argument at fault, if one is.
    pub function_argument: Option<usize>,
}

impl FunctionError {
    /// An error about the call as a whole.
    pub fn new(text: impl Into<String>) -> Self {
        FunctionError {
            text: text.into(),
            function_argument: None,
        }
    }

    /// An error about the argument at `index` (see [`FunctionError`] for how arguments
    /// are counted).
    pub fn argument(index: usize, text: impl Into<String>) -> Self {
        FunctionError {
            text: text.into(),
            function_argument: Some(index),
        }
    }

    /// The same error, blaming the argument at `index`.
    pub fn at_argument(mut self, index: usize) -> Self {
        self.function_argument = Some(index);
        self
    }

    /// The error diagnostics of `diagnostics` as one error, each as `summary: detail` on a
    /// line of its own (with its attribute path in front when it has one); `None` when
    /// there is no error among them. Warnings have no place in a function's answer.
    pub(crate) fn from_errors(diagnostics: &Diagnostics) -> Option<FunctionError> {
        let lines: Vec<String> = (diagnostics.iter())
            .filter(|d| d.severity == Severity::Error)
            .map(diagnostic_text)
            .collect();
        (!lines.is_empty()).then(|| FunctionError::new(lines.join("\n")))
    }
}

fn diagnostic_text(d: &Diagnostic) -> String {
    let mut text = String::new();
    if let Some(path) = d.attribute.as_ref().filter(|p| !p.is_root()) {
        text.push_str(&format!("{path}: "));
    }
    text.push_str(&d.summary);
    if !d.detail.is_empty() {
        text.push_str(": ");
        text.push_str(&d.detail);
    }
    text
}

impl fmt::Display for FunctionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(index) = self.function_argument {
            write!(f, "argument {index}: ")?;
        }
        f.write_str(&self.text)
    }
}

impl From<Diagnostic> for FunctionError {
    /// The diagnostic's `summary: detail` (a warning too: returned as an error, it is one).
    fn from(diagnostic: Diagnostic) -> Self {
        FunctionError::new(diagnostic_text(&diagnostic))
    }
}

impl From<Diagnostics> for FunctionError {
    /// The error diagnostics, one per line (see [`FunctionError`]); with none among them,
    /// an error saying that the function failed without saying why.
    fn from(diagnostics: Diagnostics) -> Self {
        FunctionError::from_errors(&diagnostics).unwrap_or_else(|| {
            FunctionError::new(
                "The function failed without saying why; this is a bug in the provider",
            )
        })
    }
}

impl<E: Into<Box<dyn std::error::Error + Send + Sync + 'static>>> From<E> for FunctionError {
    /// The error's text, then its causes', as [`Diagnostics`] gets them (a
    /// [`tfvalue::Error`]'s path included).
    fn from(error: E) -> Self {
        FunctionError::from(Diagnostics::from(error))
    }
}

#[cfg(test)]
mod tests {
    use tfvalue::path::AttributePath;

    use super::*;

    #[test]
    fn diagnostics_become_lines_of_errors() {
        let mut d = Diagnostics::new();
        assert_eq!(FunctionError::from_errors(&d), None);
        d.push(Diagnostic::warning("Deprecated"));
        assert_eq!(
            FunctionError::from_errors(&d),
            None,
            "a warning is no failure"
        );
        assert!(FunctionError::from(d.clone())
            .text
            .contains("without saying why"));
        d.push(Diagnostic::error("The provider failed").with_detail("panic"));
        d.push(Diagnostic::error("Bad").at(AttributePath::root().attr("owner")));
        let e = FunctionError::from(d);
        assert_eq!(e.text, "The provider failed: panic\n.owner: Bad");
        assert_eq!(e.function_argument, None);
    }

    #[test]
    fn constructors_and_display() {
        assert_eq!(FunctionError::new("x").to_string(), "x");
        let e = FunctionError::argument(2, "must not be empty");
        assert_eq!(e.to_string(), "argument 2: must not be empty");
        assert_eq!(
            FunctionError::new("y").at_argument(0).function_argument,
            Some(0)
        );
        let from_diagnostic: FunctionError = Diagnostic::error("Invalid").with_detail("why").into();
        assert_eq!(from_diagnostic.text, "Invalid: why");
    }

    #[test]
    fn question_mark_converts_errors() {
        fn parse(text: &str) -> Result<u8, FunctionError> {
            Ok(text.parse::<u8>()?)
        }
        let e = parse("300").unwrap_err();
        assert_eq!(e.text, "number too large to fit in target type");
        fn diag() -> Result<(), FunctionError> {
            Err(Diagnostic::error("No"))?
        }
        assert_eq!(diag().unwrap_err().text, "No");
    }
}
