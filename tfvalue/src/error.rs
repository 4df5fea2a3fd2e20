//! The one error type of tfvalue.
//!
//! Every failure, whether in decoding, encoding, type parsing or conversion, is an [`Error`]:
//! a category ([`ErrorKind`]), a message written in Terraform's terms ("expected number,
//! found a string") and the [`AttributePath`] of the value it concerns. The path is added
//! step by step while the error travels back up through the decoder, so the happy path
//! never pays for it.

use std::cell::RefCell;
use std::fmt;

use crate::path::{AttributePath, PathStep};

thread_local! {
    /// An error on its way through a generic serde error type (see [`Error::into_de`]).
    static HANDOFF: RefCell<Option<Error>> = const { RefCell::new(None) };
}

/// What kind of failure an [`Error`] reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The bytes are not well-formed MessagePack or JSON: truncated input, trailing bytes,
    /// a reserved marker, invalid UTF-8 where text is required.
    Syntax,
    /// A value does not have the type that the schema (or the Rust field) expects.
    Type,
    /// A number is malformed, out of the target's range, or would lose precision.
    Number,
    /// A value is unknown where it cannot be: in JSON, or in a field without `Unknown<T>`.
    Unknown,
    /// An object has an attribute the type does not declare, lacks one it declares, or
    /// names one twice; or a map has a duplicate key.
    Attribute,
    /// A type constraint (Terraform's JSON type syntax) is malformed.
    TypeConstraint,
    /// The refinements of an unknown value are malformed or too large.
    Refinement,
    /// A safety limit was exceeded: nesting depth, element count, number size.
    Limit,
    /// A message from a serde `Serialize`/`Deserialize` implementation.
    Custom,
}

/// An error with the attribute path it concerns.
///
/// Renders as `<path>: <message>`, for example
/// `.disk[2].size_gb: expected number, found a string`; at the root, only the message.
pub struct Error {
    // Boxed: errors travel through every `Result` of the hot decoding paths, where a
    // pointer-sized error keeps the `Ok` case cheap.
    inner: Box<Inner>,
}

struct Inner {
    kind: ErrorKind,
    message: String,
    /// Path steps, innermost first: steps are pushed as the error unwinds.
    steps_rev: Vec<PathStep>,
}

/// `Result<T, tfvalue::Error>`.
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// An error of the given kind with a message and no path yet.
    #[cold]
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Error {
            inner: Box::new(Inner {
                kind,
                message: message.into(),
                steps_rev: Vec::new(),
            }),
        }
    }

    /// An "expected X, found Y" error of the given kind.
    #[cold]
    pub fn expected(
        kind: ErrorKind,
        expected: impl fmt::Display,
        found: impl fmt::Display,
    ) -> Self {
        Error::new(kind, format!("expected {expected}, found {found}"))
    }

    /// A whole number outside its target's range: "expected a whole number from {min} to
    /// {max}, found {found}" ([`ErrorKind::Number`]); every reader and `Number` say it so.
    #[cold]
    pub(crate) fn out_of_range(
        found: impl fmt::Display,
        min: impl fmt::Display,
        max: impl fmt::Display,
    ) -> Self {
        Error::new(
            ErrorKind::Number,
            format!("expected a whole number from {min} to {max}, found {found}"),
        )
    }

    /// The category of this error.
    pub fn kind(&self) -> ErrorKind {
        self.inner.kind
    }

    /// The message, without the path.
    pub fn message(&self) -> &str {
        &self.inner.message
    }

    /// The attribute path of the value this error concerns.
    pub fn path(&self) -> AttributePath {
        AttributePath::from_steps(self.inner.steps_rev.iter().rev().cloned().collect())
    }

    /// Prefixes the path with one step (used while unwinding out of a nested value).
    #[cold]
    #[must_use]
    pub fn with_step(mut self, step: PathStep) -> Self {
        self.inner.steps_rev.push(step);
        self
    }

    /// Prefixes the path with `.name`.
    #[cold]
    #[must_use]
    pub fn in_attr(self, name: &str) -> Self {
        self.with_step(PathStep::Attr(name.to_owned()))
    }

    /// Prefixes the path with `["key"]`.
    #[cold]
    #[must_use]
    pub fn in_key(self, key: &str) -> Self {
        self.with_step(PathStep::Key(key.to_owned()))
    }

    /// Prefixes the path with `[index]`.
    #[cold]
    #[must_use]
    pub fn in_index(self, index: usize) -> Self {
        self.with_step(PathStep::Index(i64::try_from(index).unwrap_or(i64::MAX)))
    }

    /// Prefixes the path with all the steps of `prefix`.
    #[cold]
    #[must_use]
    pub fn in_path(mut self, prefix: &AttributePath) -> Self {
        self.inner
            .steps_rev
            .extend(prefix.steps().iter().rev().cloned());
        self
    }
}

impl Error {
    /// Converts into any serde deserialization error type. serde code generic over its
    /// error type can only build errors from text; when that type is tfvalue's own (as it
    /// is whenever tfvalue's deserializers drive), this error arrives whole, with its kind
    /// and path, through a thread-local handoff. Other error types receive its text.
    #[cold]
    pub(crate) fn into_de<E: serde::de::Error>(self) -> E {
        let text = self.to_string();
        HANDOFF.with(|h| *h.borrow_mut() = Some(self));
        let e = E::custom(text);
        HANDOFF.with(|h| h.borrow_mut().take());
        e
    }

    /// Converts into any serde serialization error type, as [`Error::into_de`] does.
    #[cold]
    pub(crate) fn into_ser<E: serde::ser::Error>(self) -> E {
        let text = self.to_string();
        HANDOFF.with(|h| *h.borrow_mut() = Some(self));
        let e = E::custom(text);
        HANDOFF.with(|h| h.borrow_mut().take());
        e
    }

    /// The error being handed over, if `custom` is called from `into_de`/`into_ser`.
    fn take_handoff() -> Option<Error> {
        HANDOFF.with(|h| h.borrow_mut().take())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.inner.steps_rev.is_empty() {
            for step in self.inner.steps_rev.iter().rev() {
                fmt::Display::fmt(step, f)?;
            }
            f.write_str(": ")?;
        }
        f.write_str(&self.inner.message)
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Error")
            .field("kind", &self.inner.kind)
            .field("path", &self.path().to_string())
            .field("message", &self.inner.message)
            .finish()
    }
}

impl std::error::Error for Error {}

/// Describes what serde saw, in Terraform's words rather than Rust's.
struct Unexpected<'a>(serde::de::Unexpected<'a>);

impl fmt::Display for Unexpected<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use serde::de::Unexpected as U;
        match self.0 {
            U::Bool(b) => write!(f, "the bool {b}"),
            U::Unsigned(n) => write!(f, "the number {n}"),
            U::Signed(n) => write!(f, "the number {n}"),
            U::Float(n) => write!(f, "the number {n}"),
            U::Char(c) => write!(f, "the string {c:?}"),
            U::Str(s) => {
                f.write_str("the string ")?;
                crate::path::write_quoted(f, s)
            }
            U::Bytes(_) => f.write_str("binary data"),
            U::Unit | U::Option => f.write_str("null"),
            U::NewtypeStruct | U::NewtypeVariant | U::TupleVariant | U::StructVariant => {
                f.write_str("a structured value")
            }
            U::Seq => f.write_str("a list"),
            U::Map => f.write_str("a map or object"),
            U::Enum | U::UnitVariant => f.write_str("an enumeration value"),
            U::Other(other) => f.write_str(other),
        }
    }
}

impl serde::de::Error for Error {
    #[cold]
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error::take_handoff().unwrap_or_else(|| Error::new(ErrorKind::Custom, msg.to_string()))
    }

    #[cold]
    fn invalid_type(unexp: serde::de::Unexpected<'_>, exp: &dyn serde::de::Expected) -> Self {
        Error::expected(ErrorKind::Type, exp, Unexpected(unexp))
    }

    #[cold]
    fn invalid_value(unexp: serde::de::Unexpected<'_>, exp: &dyn serde::de::Expected) -> Self {
        Error::new(
            ErrorKind::Type,
            format!("invalid value: {}, expected {exp}", Unexpected(unexp)),
        )
    }

    #[cold]
    fn invalid_length(len: usize, exp: &dyn serde::de::Expected) -> Self {
        Error::new(
            ErrorKind::Type,
            format!("wrong number of elements: found {len}, expected {exp}"),
        )
    }

    #[cold]
    fn unknown_field(field: &str, _expected: &'static [&'static str]) -> Self {
        let mut msg = String::from("unsupported attribute ");
        let _ = crate::path::write_quoted(&mut msg, field);
        Error::new(ErrorKind::Attribute, msg)
    }

    #[cold]
    fn missing_field(field: &'static str) -> Self {
        let mut msg = String::from("missing attribute ");
        let _ = crate::path::write_quoted(&mut msg, field);
        Error::new(ErrorKind::Attribute, msg)
    }

    #[cold]
    fn duplicate_field(field: &'static str) -> Self {
        let mut msg = String::from("duplicate attribute ");
        let _ = crate::path::write_quoted(&mut msg, field);
        Error::new(ErrorKind::Attribute, msg)
    }
}

impl serde::ser::Error for Error {
    #[cold]
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error::take_handoff().unwrap_or_else(|| Error::new(ErrorKind::Custom, msg.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_with_and_without_path() {
        let e = Error::expected(ErrorKind::Type, "number", "a string");
        assert_eq!(e.to_string(), "expected number, found a string");
        let e = e.in_attr("size_gb").in_index(2).in_attr("disk");
        assert_eq!(
            e.to_string(),
            ".disk[2].size_gb: expected number, found a string"
        );
        assert_eq!(e.path().to_string(), ".disk[2].size_gb");
        assert_eq!(e.kind(), ErrorKind::Type);
    }

    #[test]
    fn serde_messages_use_terraform_words() {
        use serde::de::Error as _;
        let e = Error::invalid_type(serde::de::Unexpected::Str("x"), &"a bool");
        assert_eq!(e.to_string(), "expected a bool, found the string \"x\"");
        let e = Error::unknown_field("z", &[]).in_key("k");
        assert_eq!(e.to_string(), "[\"k\"]: unsupported attribute \"z\"");
    }

    #[test]
    fn handoff_keeps_kind_and_path_for_tfvalue_errors_only() {
        let e = Error::new(ErrorKind::Attribute, "duplicate map key \"a\"").in_key("m");
        let ours: Error = e.into_de();
        assert_eq!(ours.kind(), ErrorKind::Attribute);
        assert_eq!(ours.to_string(), "[\"m\"]: duplicate map key \"a\"");
        let e = Error::new(ErrorKind::Type, "expected number, found a bool").in_attr("n");
        let theirs: serde::de::value::Error = e.into_de();
        assert_eq!(theirs.to_string(), ".n: expected number, found a bool");
        // Nothing is left behind for a later, unrelated `custom`.
        let later = <Error as serde::de::Error>::custom("x");
        assert_eq!(later.kind(), ErrorKind::Custom);
        let e = Error::new(ErrorKind::Unknown, "value is not known");
        let ser: Error = e.into_ser();
        assert_eq!(ser.kind(), ErrorKind::Unknown);
    }

    #[test]
    fn error_is_pointer_sized() {
        assert_eq!(std::mem::size_of::<Error>(), std::mem::size_of::<usize>());
    }
}
