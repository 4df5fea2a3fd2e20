//! Diagnostics: the errors and warnings a provider reports to Terraform.
//!
//! Terraform prints each diagnostic with its summary and detail, and, when it carries an
//! attribute path, against the line of the user's configuration that set that attribute.

use std::fmt;

use tfvalue::path::{AttributePath, PathStep};
use tfvalue::schema::{Block, BlockNesting, NestedBlock};
use tfvalue::Type;

/// How serious a [`Diagnostic`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// The operation failed.
    Error,
    /// The operation went on; Terraform shows the warning.
    Warning,
}

/// One error or warning for Terraform to show.
///
/// ```
/// use tfvalue_provider::Diagnostic;
///
/// let d = Diagnostic::error("Invalid file mode")
///     .with_detail("`mode` must be an octal number such as \"0644\", found \"rw\".")
///     .at("mode");
/// assert_eq!(d.to_string(), "error at .mode: Invalid file mode: `mode` must be an octal number such as \"0644\", found \"rw\".");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub(crate) severity: Severity,
    pub(crate) summary: String,
    pub(crate) detail: String,
    pub(crate) attribute: Option<AttributePath>,
}

impl Diagnostic {
    /// An error with this summary.
    pub fn error(summary: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            summary: summary.into(),
            detail: String::new(),
            attribute: None,
        }
    }

    /// A warning with this summary.
    pub fn warning(summary: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(summary)
        }
    }

    /// The same diagnostic with this detail.
    pub fn with_detail(mut self, detail: impl Into<String>) -> Self {
        self.detail = detail.into();
        self
    }

    /// The same diagnostic, about the attribute at `path` (Terraform then points at the
    /// line of the configuration that sets it): an [`AttributePath`], or the name of a
    /// top-level attribute (`.at("size_gb")`).
    pub fn at(mut self, path: impl Into<AttributePath>) -> Self {
        self.attribute = Some(path.into());
        self
    }

    /// The same diagnostic with this severity.
    pub(crate) fn with_severity(mut self, severity: Severity) -> Self {
        self.severity = severity;
        self
    }

    /// Error or warning.
    pub fn severity(&self) -> Severity {
        self.severity
    }

    /// One line saying what went wrong.
    pub fn summary(&self) -> &str {
        &self.summary
    }

    /// The explanation: what was expected, what was found, what to do (may be empty).
    pub fn detail(&self) -> &str {
        &self.detail
    }

    /// The attribute it is about, if any.
    pub fn attribute(&self) -> Option<&AttributePath> {
        self.attribute.as_ref()
    }

    /// An error diagnostic for a value that could not be decoded or encoded: the summary
    /// says what the value was (`what`, e.g. "Invalid resource configuration"), the detail
    /// is the codec's message, and the path is where it went wrong.
    pub fn from_value_error(what: &str, error: &tfvalue::Error) -> Self {
        let path = error.path();
        let detail = if path.is_root() {
            error.message().to_owned()
        } else {
            format!("{path}: {}", error.message())
        };
        let d = Diagnostic::error(what).with_detail(detail);
        if path.is_root() {
            d
        } else {
            d.at(path)
        }
    }

    /// Whether this is an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let severity = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        f.write_str(severity)?;
        if let Some(path) = self.attribute.as_ref().filter(|p| !p.is_root()) {
            write!(f, " at {path}")?;
        }
        write!(f, ": {}", self.summary)?;
        if !self.detail.is_empty() {
            write!(f, ": {}", self.detail)?;
        }
        Ok(())
    }
}

/// Diagnostics collected for one request: what a provider's methods return on failure
/// (`Err(diagnostics)`), and what [`Context`](crate::Context) gathers along the way.
///
/// Any error converts into it with `?` (its text becomes the summary, its causes' the
/// detail: see [`ErrorSummary`] to give a summary of one's own), as does a single
/// [`Diagnostic`]. A [`tfvalue::Error`],
/// on its own or as the cause of another error, keeps its attribute path: the diagnostic
/// points at that attribute. [`Diagnostics::from_value_error`] does the same with a
/// summary of the caller's and the codec's message as the detail.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics {
    items: Vec<Diagnostic>,
}

impl Diagnostics {
    /// No diagnostics.
    pub fn new() -> Self {
        Diagnostics::default()
    }

    /// Adds one.
    pub fn push(&mut self, diagnostic: Diagnostic) {
        self.items.push(diagnostic);
    }

    /// Adds all of `other`.
    pub fn extend(&mut self, other: Diagnostics) {
        self.items.extend(other.items);
    }

    /// Whether any of them is an error.
    pub fn has_errors(&self) -> bool {
        self.items.iter().any(Diagnostic::is_error)
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// How many there are.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Them, in the order added.
    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.items.iter()
    }

    /// A value error as a diagnostic pointing at its attribute (see
    /// [`Diagnostic::from_value_error`]).
    pub fn from_value_error(what: &str, error: &tfvalue::Error) -> Self {
        Diagnostic::from_value_error(what, error).into()
    }

    /// The diagnostics as Terraform is to receive them. A path at the root is no path;
    /// with the schema (`block`) of the value the paths point into, every other path is cut
    /// to what Terraform can show (see [`diagnostic_path`]); without one, it is kept. The
    /// result may hold a path with no steps, where the cut left none: it goes out as an
    /// empty path, not as no path.
    pub(crate) fn for_terraform(mut self, block: Option<&Block>) -> Diagnostics {
        for d in &mut self.items {
            d.attribute = d
                .attribute
                .take()
                .filter(|p| !p.is_root())
                .map(|p| match block {
                    Some(block) => diagnostic_path(&p, block),
                    None => p,
                });
        }
        self
    }
}

impl From<Diagnostic> for Diagnostics {
    fn from(diagnostic: Diagnostic) -> Self {
        Diagnostics {
            items: vec![diagnostic],
        }
    }
}

impl<E: Into<BoxError>> From<E> for Diagnostics {
    /// An error diagnostic: the error's text as the summary, the texts of its causes as the
    /// detail (one per line). When the error is a [`tfvalue::Error`], or has one among its
    /// causes, the diagnostic points at that error's attribute path.
    fn from(error: E) -> Self {
        let error: BoxError = error.into();
        let (detail, path) = causes(&*error);
        let diagnostic = Diagnostic::error(error.to_string()).with_detail(detail);
        match path.or_else(|| value_error_path(&*error)) {
            Some(path) => diagnostic.at(path).into(),
            None => diagnostic.into(),
        }
    }
}

/// Any error a provider's code meets: what `?` converts into [`Diagnostics`] (every
/// `std::error::Error + Send + Sync`, `anyhow::Error`, `String`, `&str`).
type BoxError = Box<dyn std::error::Error + Send + Sync + 'static>;

/// The texts of `error`'s causes, one per line, and the path of the first
/// [`tfvalue::Error`] among them.
fn causes(error: &(dyn std::error::Error + 'static)) -> (String, Option<AttributePath>) {
    let mut detail = String::new();
    let mut path = None;
    let mut source = error.source();
    while let Some(cause) = source {
        if !detail.is_empty() {
            detail.push('\n');
        }
        detail.push_str(&cause.to_string());
        path = path.or_else(|| value_error_path(cause));
        source = cause.source();
    }
    (detail, path)
}

/// A summary of one's own for any error: `result.summary("Unable to write the file")?`
/// answers an error diagnostic with that summary, and the error's text and its causes' as
/// the detail.
///
/// ```
/// use tfvalue_provider::{Diagnostics, ErrorSummary};
///
/// fn port(text: &str) -> Result<u16, Diagnostics> {
///     text.parse::<u16>().summary("Invalid port")
/// }
///
/// let error = port("http").unwrap_err();
/// let d = error.iter().next().unwrap();
/// assert_eq!((d.summary(), d.detail()), ("Invalid port", "invalid digit found in string"));
/// ```
pub trait ErrorSummary<T> {
    /// The result, its error turned into an error diagnostic with `summary`.
    ///
    /// # Errors
    /// The error, as a diagnostic.
    fn summary(self, summary: impl Into<String>) -> Result<T, Diagnostics>;
}

impl<T, E: Into<BoxError>> ErrorSummary<T> for Result<T, E> {
    fn summary(self, summary: impl Into<String>) -> Result<T, Diagnostics> {
        self.map_err(|error| {
            let error: BoxError = error.into();
            let (causes, path) = causes(&*error);
            let mut detail = error.to_string();
            if !causes.is_empty() {
                detail.push('\n');
                detail.push_str(&causes);
            }
            let diagnostic = Diagnostic::error(summary).with_detail(detail);
            match path.or_else(|| value_error_path(&*error)) {
                Some(path) => diagnostic.at(path).into(),
                None => diagnostic.into(),
            }
        })
    }
}

/// The path of `error` if it is a [`tfvalue::Error`] with a path below the root.
fn value_error_path(error: &(dyn std::error::Error + 'static)) -> Option<AttributePath> {
    let error = error.downcast_ref::<tfvalue::Error>()?;
    Some(error.path()).filter(|p| !p.is_root())
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

impl<'a> IntoIterator for &'a Diagnostics {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

/// A path as the protocol can name it: with the value's type known, the path stops
/// before a step into a set element (the protocol has no way to name one), so Terraform
/// points at the set itself.
pub(crate) fn protocol_path(path: &AttributePath, ty: &Type) -> AttributePath {
    let mut steps = Vec::with_capacity(path.steps().len());
    let mut current = Some(ty);
    for step in path.steps() {
        if current.is_some_and(Type::is_set) {
            break;
        }
        current = match step {
            PathStep::Attr(name) => current.and_then(Type::as_object).and_then(|o| {
                o.names()
                    .iter()
                    .position(|n| n == name)
                    .map(|i| &o.types()[i])
            }),
            PathStep::Key(_) => current.and_then(Type::element_type),
            PathStep::Index(index) => match current {
                Some(t) if t.is_tuple() => t
                    .tuple_elements()
                    .and_then(|e| usize::try_from(*index).ok().and_then(|i| e.get(i))),
                Some(t) => t.element_type(),
                None => None,
            },
        };
        steps.push(step.clone());
    }
    AttributePath::from_steps(steps)
}

/// A diagnostic's path as Terraform can show it: Terraform finds the configuration a path
/// points at by walking blocks (`disk[2]`) to an attribute, and gives up (pointing at the
/// whole resource) on any step inside an attribute's value. So the path is cut after its
/// first attribute, and before any step into a SET block's elements (the protocol cannot
/// name one): `.server.port` becomes `.server`, and Terraform points at the `server = {`
/// line. The full path stays in the diagnostic's detail when the codec wrote it.
pub(crate) fn diagnostic_path(path: &AttributePath, block: &Block) -> AttributePath {
    let mut steps = Vec::new();
    let mut current = Some(block);
    let mut collection: Option<&NestedBlock> = None;
    for step in path.steps() {
        if let Some(nested) = collection.take() {
            // An element of a LIST or MAP block: then its block's attributes.
            if matches!(step, PathStep::Attr(_)) {
                break;
            }
            steps.push(step.clone());
            current = Some(&nested.block);
            continue;
        }
        let (Some(b), PathStep::Attr(name)) = (current, step) else {
            break;
        };
        steps.push(step.clone());
        match b.find_block_type(name) {
            Some(nested) => match nested.nesting {
                BlockNesting::Single | BlockNesting::Group => current = Some(&nested.block),
                BlockNesting::List | BlockNesting::Map => {
                    current = None;
                    collection = Some(nested);
                }
                BlockNesting::Set => break,
            },
            // An attribute (or a name the schema lacks): the path ends here.
            None => break,
        }
    }
    AttributePath::from_steps(steps)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tfvalue::schema::Attribute;

    fn ty(json: &str) -> Type {
        Type::from_json(json.as_bytes()).unwrap()
    }

    #[test]
    fn protocol_paths_keep_list_and_map_steps() {
        let p = AttributePath::root().attr("disk").index(2).attr("size_gb");
        let t = ty(r#"["object",{"disk":["list",["object",{"size_gb":"number"}]]}]"#);
        assert_eq!(protocol_path(&p, &t), p);
        let tags = AttributePath::root().attr("tags").key("env");
        let t = ty(r#"["object",{"tags":["map","string"]}]"#);
        assert_eq!(protocol_path(&tags, &t), tags);
    }

    #[test]
    fn paths_stop_at_set_elements() {
        let t = ty(r#"["object",{"rule":["set",["object",{"port":"number"}]]}]"#);
        let p = AttributePath::root().attr("rule").index(3).attr("port");
        assert_eq!(protocol_path(&p, &t), AttributePath::root().attr("rule"));
    }

    #[test]
    fn diagnostic_paths_end_at_the_first_attribute() {
        use tfvalue::schema::{Attribute, AttributeKind, NestedObject, ObjectNesting};
        let inner = Block::new().attribute(Attribute::new("size", Type::Number).required());
        let block = Block::new()
            .attribute(Attribute::nested(
                "server",
                NestedObject::new(ObjectNesting::Single)
                    .attribute(Attribute::new("port", Type::Number).required()),
            ))
            .attribute(Attribute::new("tags", Type::map(Type::String)).optional())
            .block_type(NestedBlock::new("disk", inner.clone(), BlockNesting::List))
            .block_type(NestedBlock::new("one", inner.clone(), BlockNesting::Single))
            .block_type(NestedBlock::new("rule", inner, BlockNesting::Set));
        assert!(matches!(block.attributes[0].kind, AttributeKind::Nested(_)));
        let shown = |p: AttributePath| diagnostic_path(&p, &block).to_string();
        let root = AttributePath::root;
        assert_eq!(shown(root().attr("server").attr("port")), ".server");
        assert_eq!(shown(root().attr("tags").key("env")), ".tags");
        assert_eq!(
            shown(root().attr("disk").index(2).attr("size")),
            ".disk[2].size"
        );
        assert_eq!(shown(root().attr("disk").index(2)), ".disk[2]");
        assert_eq!(shown(root().attr("one").attr("size")), ".one.size");
        assert_eq!(shown(root().attr("rule").index(0).attr("size")), ".rule");
        assert_eq!(shown(root().attr("nope").attr("x")), ".nope");
    }

    #[test]
    fn for_terraform_drops_root_paths_and_cuts_the_others() {
        let block = Block::new().attribute(Attribute::new("tags", Type::map(Type::String)));
        let mut d = Diagnostics::new();
        d.push(Diagnostic::error("at root").at(AttributePath::root()));
        d.push(Diagnostic::error("in tags").at(AttributePath::root().attr("tags").key("a")));
        d.push(Diagnostic::error("at an index").at(AttributePath::root().index(0)));
        d.push(Diagnostic::error("nowhere"));
        let paths = |d: Diagnostics| -> Vec<Option<String>> {
            d.iter()
                .map(|d| d.attribute.as_ref().map(ToString::to_string))
                .collect()
        };
        assert_eq!(
            paths(d.clone().for_terraform(Some(&block))),
            [None, Some(".tags".into()), Some(String::new()), None]
        );
        assert_eq!(
            paths(d.for_terraform(None)),
            [None, Some(".tags[\"a\"]".into()), Some("[0]".into()), None]
        );
    }

    #[test]
    fn errors_convert_with_their_causes() {
        let io = std::io::Error::new(std::io::ErrorKind::NotFound, "no such file");
        let d: Diagnostics = io.into();
        assert!(d.has_errors());
        assert_eq!(d.iter().next().unwrap().summary, "no such file");
        assert_eq!(d.iter().next().unwrap().attribute, None);

        // `?` takes any error: a boxed one (what anyhow's error converts into), a String,
        // a &str; the causes go to the detail, one per line, the summary is the error's own.
        fn question_mark<E: Into<BoxError>>(e: E) -> Result<(), Diagnostics> {
            Err(e)?
        }
        let boxed: BoxError = Box::new(std::io::Error::other(Chain("outer", Some("inner"))));
        let d = question_mark(boxed).unwrap_err();
        let first = d.iter().next().unwrap();
        assert_eq!((first.summary(), first.detail()), ("outer", "inner"));
        let d = question_mark(String::from("plain text")).unwrap_err();
        assert_eq!(d.iter().next().unwrap().summary(), "plain text");
        let d = question_mark("a str").unwrap_err();
        assert_eq!(d.iter().next().unwrap().detail(), "");

        // A summary of one's own: the error and its causes become the detail.
        let r: Result<(), _> = Err(Chain("outer", Some("inner")));
        let d = r.summary("Unable to write the file").unwrap_err();
        let first = d.iter().next().unwrap();
        assert_eq!(
            (first.summary(), first.detail()),
            ("Unable to write the file", "outer\ninner")
        );
    }

    /// An error with an optional cause, both by their texts.
    #[derive(Debug)]
    struct Chain(&'static str, Option<&'static str>);
    impl fmt::Display for Chain {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(self.0)
        }
    }
    impl std::error::Error for Chain {
        fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
            self.1
                .map(|cause| &CAUSES[usize::from(cause != "inner")] as _)
        }
    }
    static CAUSES: [Chain; 2] = [Chain("inner", None), Chain("other", None)];

    fn size_error() -> tfvalue::Error {
        let t = ty(r#"["object",{"size":"number"}]"#);
        let bytes = [0x81, 0xa4, b's', b'i', b'z', b'e', 0xa1, b'x'];
        tfvalue::Value::from_msgpack(&bytes, &t).unwrap_err()
    }

    #[test]
    fn value_errors_keep_their_path() {
        let err = size_error();
        let d = Diagnostic::from_value_error("Invalid configuration", &err);
        assert_eq!(d.attribute, Some(AttributePath::root().attr("size")));
        assert!(d.detail.starts_with(".size: "), "{}", d.detail);
    }

    #[test]
    fn value_errors_keep_their_path_through_question_mark() {
        fn fails() -> Result<(), Diagnostics> {
            Err(size_error())?
        }
        let d = fails().unwrap_err();
        let first = d.iter().next().unwrap();
        assert_eq!(first.attribute, Some(AttributePath::root().attr("size")));
        assert!(first.summary.starts_with(".size: "), "{}", first.summary);

        /// An author's error wrapping a value error as its cause.
        #[derive(Debug)]
        struct Wrapped(tfvalue::Error);
        impl fmt::Display for Wrapped {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("reading the answer")
            }
        }
        impl std::error::Error for Wrapped {
            fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
                Some(&self.0)
            }
        }
        let d = Diagnostics::from(Wrapped(size_error()));
        let first = d.iter().next().unwrap();
        assert_eq!(first.attribute, Some(AttributePath::root().attr("size")));
        assert_eq!(first.summary, "reading the answer");
        assert!(first.detail.starts_with(".size: "), "{}", first.detail);
    }
}
