//! Diagnostics: the errors and warnings a provider reports to Terraform.
//!
//! Terraform prints each diagnostic with its summary and detail, and, when it carries an
//! attribute path, against the line of the user's configuration that set that attribute.

use std::fmt;

use tfvalue::path::{AttributePath, PathStep};
use tfvalue::schema::{Block, BlockNesting, NestedBlock};
use tfvalue::Type;

use crate::proto::tfplugin6 as pb;

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
/// use tfvalue::path::AttributePath;
/// use tfvalue_provider::Diagnostic;
///
/// let d = Diagnostic::error("Invalid file mode")
///     .with_detail("`mode` must be an octal number such as \"0644\", found \"rw\".")
///     .at(AttributePath::root().attr("mode"));
/// assert_eq!(d.to_string(), "error at .mode: Invalid file mode: `mode` must be an octal number such as \"0644\", found \"rw\".");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// One line saying what went wrong.
    pub summary: String,
    /// The explanation: what was expected, what was found, what to do.
    pub detail: String,
    /// The attribute it is about, if any (Terraform then points at its configuration).
    pub attribute: Option<AttributePath>,
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

    /// The same diagnostic, about the attribute at `path`.
    pub fn at(mut self, path: AttributePath) -> Self {
        self.attribute = Some(path);
        self
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

    /// The protocol message. `block` is the schema the path walks (see [`diagnostic_path`]).
    pub(crate) fn to_proto(&self, block: Option<&Block>) -> pb::Diagnostic {
        let severity = match self.severity {
            Severity::Error => pb::diagnostic::Severity::Error,
            Severity::Warning => pb::diagnostic::Severity::Warning,
        };
        pb::Diagnostic {
            severity: severity as i32,
            summary: self.summary.clone(),
            detail: self.detail.clone(),
            attribute: self
                .attribute
                .as_ref()
                .filter(|p| !p.is_root())
                .map(|p| match block {
                    Some(block) => diagnostic_path(p, block),
                    None => path_to_proto(p, None),
                }),
        }
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
/// Any error type converts into it with `?` (its `Display` text becomes the summary), as do
/// a single [`Diagnostic`] and a [`tfvalue::Error`] (keeping its attribute path: use
/// [`Diagnostics::from_value_error`], since the blanket conversion cannot tell).
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

    pub(crate) fn to_proto(&self, block: Option<&Block>) -> Vec<pb::Diagnostic> {
        self.items.iter().map(|d| d.to_proto(block)).collect()
    }
}

impl From<Diagnostic> for Diagnostics {
    fn from(diagnostic: Diagnostic) -> Self {
        Diagnostics {
            items: vec![diagnostic],
        }
    }
}

impl<E: std::error::Error> From<E> for Diagnostics {
    fn from(error: E) -> Self {
        let mut summary = error.to_string();
        let mut source = error.source();
        while let Some(cause) = source {
            summary.push_str(": ");
            summary.push_str(&cause.to_string());
            source = cause.source();
        }
        Diagnostic::error(summary).into()
    }
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

/// A path in the protocol's form. With the value's type known, the path stops before a
/// step into a set element (the protocol has no way to name one), so Terraform points at
/// the set itself.
pub(crate) fn path_to_proto(path: &AttributePath, ty: Option<&Type>) -> pb::AttributePath {
    use pb::attribute_path::step::Selector;
    let mut steps = Vec::with_capacity(path.steps().len());
    let mut current = ty;
    for step in path.steps() {
        if current.is_some_and(Type::is_set) {
            break;
        }
        let selector = match step {
            PathStep::Attr(name) => {
                current = current.and_then(Type::as_object).and_then(|o| {
                    o.names()
                        .iter()
                        .position(|n| n == name)
                        .map(|i| &o.types()[i])
                });
                Selector::AttributeName(name.clone())
            }
            PathStep::Key(key) => {
                current = current.and_then(Type::element_type);
                Selector::ElementKeyString(key.clone())
            }
            PathStep::Index(index) => {
                current = match current {
                    Some(t) if t.is_tuple() => t
                        .tuple_elements()
                        .and_then(|e| usize::try_from(*index).ok().and_then(|i| e.get(i))),
                    Some(t) => t.element_type(),
                    None => None,
                };
                Selector::ElementKeyInt(*index)
            }
        };
        steps.push(pb::attribute_path::Step {
            selector: Some(selector),
        });
    }
    pb::AttributePath { steps }
}

/// A diagnostic's path as Terraform can show it: Terraform finds the configuration a path
/// points at by walking blocks (`disk[2]`) to an attribute, and gives up (pointing at the
/// whole resource) on any step inside an attribute's value. So the path is cut after its
/// first attribute, and before any step into a SET block's elements (the protocol cannot
/// name one): `.server.port` becomes `.server`, and Terraform points at the `server = {`
/// line. The full path stays in the diagnostic's detail when the codec wrote it.
pub(crate) fn diagnostic_path(path: &AttributePath, block: &Block) -> pb::AttributePath {
    use pb::attribute_path::step::Selector;
    let mut steps = Vec::new();
    let mut current = Some(block);
    let mut collection: Option<&NestedBlock> = None;
    for step in path.steps() {
        let selector = match step {
            PathStep::Attr(name) => Selector::AttributeName(name.clone()),
            PathStep::Key(key) => Selector::ElementKeyString(key.clone()),
            PathStep::Index(i) => Selector::ElementKeyInt(*i),
        };
        if let Some(nested) = collection.take() {
            // An element of a LIST or MAP block: then its block's attributes.
            if matches!(step, PathStep::Attr(_)) {
                break;
            }
            steps.push(pb::attribute_path::Step {
                selector: Some(selector),
            });
            current = Some(&nested.block);
            continue;
        }
        let (Some(b), PathStep::Attr(name)) = (current, step) else {
            break;
        };
        steps.push(pb::attribute_path::Step {
            selector: Some(selector),
        });
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
    pb::AttributePath { steps }
}

/// A protocol path as a [`tfvalue`] path (to check what the provider sends).
#[cfg(test)]
pub(crate) fn path_from_proto(path: &pb::AttributePath) -> AttributePath {
    use pb::attribute_path::step::Selector;
    let steps = path
        .steps
        .iter()
        .filter_map(|s| s.selector.as_ref())
        .map(|s| match s {
            Selector::AttributeName(n) => PathStep::Attr(n.clone()),
            Selector::ElementKeyString(k) => PathStep::Key(k.clone()),
            Selector::ElementKeyInt(i) => PathStep::Index(*i),
        })
        .collect();
    AttributePath::from_steps(steps)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ty(json: &str) -> Type {
        Type::from_json(json.as_bytes()).unwrap()
    }

    #[test]
    fn paths_convert_both_ways() {
        let p = AttributePath::root().attr("disk").index(2).attr("size_gb");
        let t = ty(r#"["object",{"disk":["list",["object",{"size_gb":"number"}]]}]"#);
        let proto = path_to_proto(&p, Some(&t));
        assert_eq!(proto.steps.len(), 3);
        assert_eq!(path_from_proto(&proto), p);
        let tags = AttributePath::root().attr("tags").key("env");
        assert_eq!(path_from_proto(&path_to_proto(&tags, None)), tags);
    }

    #[test]
    fn paths_stop_at_set_elements() {
        let t = ty(r#"["object",{"rule":["set",["object",{"port":"number"}]]}]"#);
        let p = AttributePath::root().attr("rule").index(3).attr("port");
        let proto = path_to_proto(&p, Some(&t));
        assert_eq!(path_from_proto(&proto), AttributePath::root().attr("rule"));
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
        let shown = |p: AttributePath| path_from_proto(&diagnostic_path(&p, &block)).to_string();
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
    fn severity_and_fields_reach_the_protocol() {
        let d = Diagnostic::warning("Deprecated")
            .with_detail("use b")
            .at(AttributePath::root().attr("a"));
        let p = d.to_proto(None);
        assert_eq!(p.severity, pb::diagnostic::Severity::Warning as i32);
        assert_eq!(
            (p.summary.as_str(), p.detail.as_str()),
            ("Deprecated", "use b")
        );
        assert_eq!(p.attribute.unwrap().steps.len(), 1);
        let root = Diagnostic::error("x")
            .at(AttributePath::root())
            .to_proto(None);
        assert!(root.attribute.is_none());
    }

    #[test]
    fn errors_convert_with_their_causes() {
        let io = std::io::Error::new(std::io::ErrorKind::NotFound, "no such file");
        let d: Diagnostics = io.into();
        assert!(d.has_errors());
        assert_eq!(d.iter().next().unwrap().summary, "no such file");
    }

    #[test]
    fn value_errors_keep_their_path() {
        let t = ty(r#"["object",{"size":"number"}]"#);
        let bytes = [0x81, 0xa4, b's', b'i', b'z', b'e', 0xa1, b'x'];
        let err = tfvalue::Value::from_msgpack(&bytes, &t).unwrap_err();
        let d = Diagnostic::from_value_error("Invalid configuration", &err);
        assert_eq!(d.attribute, Some(AttributePath::root().attr("size")));
        assert!(d.detail.starts_with(".size: "), "{}", d.detail);
    }
}
