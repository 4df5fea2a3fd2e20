//! [`Invalid`]: what a check says of a value it refuses, an author's validator
//! (`#[tf(validate = f)]`, re-exported as `tfvalue::rules::Invalid`) or a custom type's.

/// What an author's check (`#[tf(validate = f)]`) says of a value it refuses.
///
/// From a `String` or `&str` it is the end of the framework's sentence: the error
/// "Invalid Attribute Value" with the detail `Attribute <name> <sentence>`, as the built-in
/// validators word theirs. [`Invalid::diagnostic`] gives the whole diagnostic instead, a
/// summary and detail of the author's own, as a Go provider's custom type or validator
/// may word it ("Invalid File Permission String Value").
///
/// ```
/// use tfvalue::rules::Invalid;
///
/// let sentence = Invalid::from("must be lowercase");
/// assert_eq!(sentence.summary(), None);
/// let own = Invalid::diagnostic("Invalid Mode", "bad mode: 9999");
/// assert_eq!((own.summary(), own.detail()), (Some("Invalid Mode"), "bad mode: 9999"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invalid {
    summary: Option<String>,
    detail: String,
}

impl Invalid {
    /// The error `summary` with `detail` as its whole detail (no `Attribute <name>`
    /// before it).
    pub fn diagnostic(summary: impl Into<String>, detail: impl Into<String>) -> Invalid {
        Invalid {
            summary: Some(summary.into()),
            detail: detail.into(),
        }
    }

    /// The summary of the author's own, `None` for a sentence the framework completes.
    pub fn summary(&self) -> Option<&str> {
        self.summary.as_deref()
    }

    /// The whole detail, or the sentence that ends the framework's.
    pub fn detail(&self) -> &str {
        &self.detail
    }
}

impl From<String> for Invalid {
    fn from(sentence: String) -> Invalid {
        Invalid {
            summary: None,
            detail: sentence,
        }
    }
}

/// For an author's function that cannot fail (`fn f(..) -> Result<bool, Infallible>`).
impl From<std::convert::Infallible> for Invalid {
    fn from(never: std::convert::Infallible) -> Invalid {
        match never {}
    }
}

impl From<&str> for Invalid {
    fn from(sentence: &str) -> Invalid {
        Invalid::from(sentence.to_owned())
    }
}
