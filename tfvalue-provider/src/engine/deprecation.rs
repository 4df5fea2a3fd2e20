//! Deprecation warnings: what configuration validation adds for every deprecated
//! attribute or block the configuration sets, and for a deprecated type.
//!
//! The summaries are those of Terraform's plugin framework: "Attribute Deprecated" and
//! "Block Deprecated" at the attribute's or block's path, "Deprecated" (no path) for a
//! whole type; the detail is the schema's deprecation message (a default text when it
//! has none). Validation of every kind of configuration (provider, resource, data
//! source, ephemeral resource) calls [`deprecation_warnings`].

use tfvalue::path::{AttributePath, PathStep};
use tfvalue::schema::{Attribute, AttributeKind, Block, Schema};
use tfvalue::Value;

use crate::author::diagnostics::{Diagnostic, Diagnostics};

/// A warning for each deprecated part of `schema` that `config` (a decoded configuration)
/// sets, and one for the type when its schema is deprecated (and the configuration is not
/// null).
pub(crate) fn deprecation_warnings(schema: &Schema, config: &Value) -> Diagnostics {
    let mut warnings = Diagnostics::new();
    if !has_deprecated(&schema.block) {
        return warnings;
    }
    for (path, message) in schema.block.deprecated_set_in(config) {
        let warning = match kind_at(&schema.block, &path) {
            Kind::Type => Diagnostic::warning("Deprecated"),
            Kind::Attribute => Diagnostic::warning("Attribute Deprecated").at(path),
            Kind::Block => Diagnostic::warning("Block Deprecated").at(path),
        };
        warnings.push(warning.with_detail(message));
    }
    warnings
}

/// What a path found deprecated names.
enum Kind {
    Type,
    Attribute,
    Block,
}

/// Whether anything in `block` (itself included) is deprecated: most schemas have
/// nothing deprecated, and then the configuration is not decoded a second time.
pub(crate) fn has_deprecated(block: &Block) -> bool {
    block.deprecated
        || any_deprecated(&block.attributes)
        || block.block_types.iter().any(|b| has_deprecated(&b.block))
}

fn any_deprecated(attributes: &[Attribute]) -> bool {
    attributes.iter().any(|a| {
        a.deprecated
            || matches!(&a.kind, AttributeKind::Nested(object) if any_deprecated(&object.attributes))
    })
}

/// Where a path has arrived in the schema: a block, or the attributes of a nested
/// attribute's objects.
#[derive(Clone, Copy)]
enum Scope<'a> {
    Block(&'a Block),
    Attributes(&'a [Attribute]),
}

/// Whether `path` (from the root of `block`) ends at an attribute or a block type; the
/// root is the type itself.
fn kind_at(block: &Block, path: &AttributePath) -> Kind {
    let mut scope = Some(Scope::Block(block));
    let mut kind = Kind::Type;
    for step in path.steps() {
        let PathStep::Attr(name) = step else {
            continue; // an element of the collection named before
        };
        let (attributes, nested) = match scope.take() {
            Some(Scope::Block(b)) => (b.attributes.as_slice(), b.find_block_type(name)),
            Some(Scope::Attributes(a)) => (a, None),
            None => break,
        };
        if let Some(nested) = nested {
            kind = Kind::Block;
            scope = Some(Scope::Block(&nested.block));
        } else if let Some(attribute) = attributes.iter().find(|a| a.name == *name) {
            kind = Kind::Attribute;
            if let AttributeKind::Nested(object) = &attribute.kind {
                scope = Some(Scope::Attributes(&object.attributes));
            }
        }
    }
    kind
}
