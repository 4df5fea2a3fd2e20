//! Schema validation: the consistency rules Terraform applies to provider schemas
//! (`configschema.Block.InternalValidate`), plus the name rules of the provider SDKs.

use std::collections::HashSet;

use super::{Attribute, AttributeKind, Block, BlockNesting, NestedBlock, ObjectNesting, Schema};
use crate::error::{Error, ErrorKind, Result};
use crate::limits::MAX_DEPTH;
use crate::path::{AttributePath, PathStep};

/// The largest `min_items`/`max_items` the protocol (an `int64`) can carry.
const MAX_ITEMS: u64 = i64::MAX as u64;

impl Schema {
    /// Checks that the schema is one Terraform accepts; on failure, the first problem
    /// found (in declaration order). See [`Block::validate`].
    pub fn validate(&self) -> Result<()> {
        self.block.validate()
    }

    /// Every problem [`Schema::validate`] would report, in declaration order.
    pub fn validation_errors(&self) -> Vec<Error> {
        self.block.validation_errors()
    }
}

impl Block {
    /// Checks that the block is one Terraform accepts; on failure, the first problem found
    /// (in declaration order), an [`ErrorKind::TypeConstraint`] error whose path names the
    /// attribute or block type concerned (`.disk.size_gb`; block types are steps like
    /// attributes).
    ///
    /// The rules, Terraform's (`configschema`) unless noted:
    /// - names of attributes and block types consist of lowercase letters, digits and
    ///   underscores (Terraform checks block types; the provider SDKs also check
    ///   attributes); no name occurs twice, and no attribute shares its name with a block
    ///   type;
    /// - an attribute is `required`, or `optional` (possibly `computed`), or `computed`
    ///   alone: at least one of the three, never `required` with another;
    /// - a nested attribute has at least one attribute (tfvalue's rule: an empty one
    ///   cannot hold anything), and with SET nesting, no `dynamic` type inside;
    /// - a block type's `min_items`/`max_items`: equal and 0 or 1 for SINGLE; both 0 for
    ///   GROUP and MAP; `min_items <= max_items` for LIST and SET unless `max_items` is 0;
    ///   neither above `i64::MAX` (the protocol's field is an `int64`);
    /// - a SET block type has no `dynamic` type inside (sets need fully known element
    ///   types);
    /// - no write-only attribute, at any depth, inside a SET block type or a nested
    ///   attribute with SET nesting (Terraform marks a set as a whole, so only a whole set
    ///   can be write-only);
    /// - a write-only attribute is not `computed` (the rule of Terraform's provider
    ///   frameworks: Terraform keeps no value of it, so there is nothing to compute);
    /// - an attribute's or a block's `deprecation_message` is set only with `deprecated`
    ///   (Terraform 1.15's rule), and is not empty (tfvalue's rule: leave it `None` for
    ///   the default text);
    /// - inside a computed block ([`Block::computed`]), every attribute is `computed`
    ///   (possibly `optional` too) and every block type is computed; a GROUP block type is
    ///   never computed, nor a LIST, SET or MAP one with `min_items` above 0 (Terraform
    ///   1.16's rules); the root block is not computed (tfvalue's rule: only a nested block
    ///   type can be left to the provider);
    /// - blocks and nested attributes nest at most [`MAX_DEPTH`] deep (an
    ///   [`ErrorKind::Limit`] error).
    pub fn validate(&self) -> Result<()> {
        let mut checker = Checker::new(true);
        checker.root(self);
        match checker.errors.into_iter().next() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Every problem [`Block::validate`] would report, in declaration order.
    pub fn validation_errors(&self) -> Vec<Error> {
        let mut checker = Checker::new(false);
        checker.root(self);
        checker.errors
    }
}

/// Whether `name` matches Terraform's `^[a-z0-9_]+$`.
fn is_valid_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

/// Walks a schema, collecting errors with the path of where it is.
struct Checker {
    path: AttributePath,
    errors: Vec<Error>,
    /// Stop at the first error.
    first_only: bool,
}

impl Checker {
    fn new(first_only: bool) -> Self {
        Checker {
            path: AttributePath::root(),
            errors: Vec::new(),
            first_only,
        }
    }

    fn done(&self) -> bool {
        self.first_only && !self.errors.is_empty()
    }

    fn error(&mut self, message: impl Into<String>) {
        self.report(ErrorKind::TypeConstraint, message);
    }

    fn report(&mut self, kind: ErrorKind, message: impl Into<String>) {
        if !self.done() {
            self.errors
                .push(Error::new(kind, message).in_path(&self.path));
        }
    }

    /// Runs `f` one step deeper (`.name`), unless that is too deep.
    fn nested(&mut self, name: &str, f: impl FnOnce(&mut Checker)) {
        if self.done() {
            return;
        }
        self.path.push(PathStep::Attr(name.to_owned()));
        if self.path.steps().len() > MAX_DEPTH {
            self.report(
                ErrorKind::Limit,
                format!("blocks and nested attributes nest more than {MAX_DEPTH} deep"),
            );
        } else {
            f(self);
        }
        self.path.pop();
    }

    /// Checks names: valid, unique, and (for a block) not both attribute and block type.
    fn names(&mut self, attributes: &[Attribute], block_types: &[NestedBlock]) {
        let mut attr_names: HashSet<&str> = HashSet::with_capacity(attributes.len());
        for a in attributes {
            if !is_valid_name(&a.name) {
                self.error(format!(
                    "invalid attribute name {}: a name may contain only lowercase letters, digits and underscores",
                    quoted(&a.name)
                ));
            }
            if !attr_names.insert(&a.name) {
                self.error(format!("duplicate attribute {}", quoted(&a.name)));
            }
        }
        let mut block_names: HashSet<&str> = HashSet::with_capacity(block_types.len());
        for b in block_types {
            if !is_valid_name(&b.type_name) {
                self.error(format!(
                    "invalid block type name {}: a name may contain only lowercase letters, digits and underscores",
                    quoted(&b.type_name)
                ));
            }
            if !block_names.insert(&b.type_name) {
                self.error(format!("duplicate block type {}", quoted(&b.type_name)));
            } else if attr_names.contains(b.type_name.as_str()) {
                self.error(format!(
                    "{} is defined as both an attribute and a block type",
                    quoted(&b.type_name)
                ));
            }
        }
    }

    /// A schema's root block, which is no block type and so cannot be computed.
    fn root(&mut self, block: &Block) {
        if block.computed {
            self.error(
                "the root block cannot be computed: only a nested block type can be left to \
                 the provider",
            );
        }
        self.block(block);
    }

    fn block(&mut self, block: &Block) {
        self.deprecation(block.deprecated, block.deprecation_message.as_deref());
        self.names(&block.attributes, &block.block_types);
        for a in &block.attributes {
            self.nested(&a.name, |c| {
                if block.computed && !a.computed {
                    c.error(
                        "every attribute inside a computed block must be computed (the \
                         provider fills in the whole block)",
                    );
                }
                c.attribute(a);
            });
        }
        for b in &block.block_types {
            self.nested(&b.type_name, |c| {
                if block.computed && !b.block.computed {
                    c.error(
                        "every block type inside a computed block must be computed (the \
                         provider fills in the whole block)",
                    );
                }
                c.block_type(b);
            });
        }
    }

    /// A deprecation message only with `deprecated`, and not empty.
    fn deprecation(&mut self, deprecated: bool, message: Option<&str>) {
        match message {
            Some("") => self.error(
                "the deprecation message is empty: leave it out for Terraform's default text",
            ),
            Some(_) if !deprecated => {
                self.error("a deprecation message is set but deprecated is not");
            }
            _ => {}
        }
    }

    fn attribute(&mut self, a: &Attribute) {
        if !a.required && !a.optional && !a.computed {
            self.error("must set optional, required or computed");
        }
        if a.required && a.optional {
            self.error("cannot set both optional and required");
        }
        if a.required && a.computed {
            self.error("cannot set both computed and required");
        }
        if a.write_only && a.computed {
            self.error(
                "a write-only attribute cannot be computed: Terraform keeps no value of it, \
                 so the provider has none to compute",
            );
        }
        self.deprecation(a.deprecated, a.deprecation_message.as_deref());
        if let AttributeKind::Nested(object) = &a.kind {
            if object.attributes.is_empty() {
                self.error("a nested attribute must have at least one attribute");
            }
            if object.nesting == ObjectNesting::Set && object.implied_type().has_dynamic() {
                self.error(
                    "a nested attribute with set nesting may not contain the dynamic type \
                     (set elements need a known type)",
                );
            }
            if object.nesting == ObjectNesting::Set && object.contains_write_only() {
                self.error(
                    "a nested attribute with set nesting may not contain write-only \
                     attributes (Terraform marks a set as a whole: make the whole attribute \
                     write-only, or use list or map nesting)",
                );
            }
            self.names(&object.attributes, &[]);
            for inner in &object.attributes {
                self.nested(&inner.name, |c| c.attribute(inner));
            }
        }
    }

    fn block_type(&mut self, b: &NestedBlock) {
        let (min, max) = (b.min_items, b.max_items);
        if min > MAX_ITEMS || max > MAX_ITEMS {
            self.error(format!(
                "min_items and max_items must not exceed {MAX_ITEMS} (the protocol's int64)"
            ));
        }
        if b.block.computed
            && min > 0
            && matches!(
                b.nesting,
                BlockNesting::List | BlockNesting::Set | BlockNesting::Map
            )
        {
            self.error(format!(
                "a computed block type cannot have min_items ({min}): the configuration may \
                 leave it out for the provider to fill in"
            ));
        }
        match b.nesting {
            BlockNesting::Single => {
                if min != max {
                    self.error(format!(
                        "min_items ({min}) and max_items ({max}) must be equal in single nesting mode"
                    ));
                } else if min > 1 {
                    self.error("min_items and max_items must be 0 or 1 in single nesting mode");
                }
            }
            BlockNesting::Group => {
                if min != 0 || max != 0 {
                    self.error("min_items and max_items cannot be used in group nesting mode");
                }
                if b.block.computed {
                    self.error(
                        "a block type with group nesting cannot be computed (Terraform fills \
                         an absent one with nulls, so there is nothing left out to compute)",
                    );
                }
            }
            BlockNesting::Map => {
                if min != 0 || max != 0 {
                    self.error("min_items and max_items cannot be used in map nesting mode");
                }
            }
            BlockNesting::List | BlockNesting::Set => {
                if max != 0 && min > max {
                    self.error(format!(
                        "min_items ({min}) must not be greater than max_items ({max}) in {} nesting mode",
                        b.nesting.as_str()
                    ));
                }
                if b.nesting == BlockNesting::Set && b.block.implied_type().has_dynamic() {
                    self.error(
                        "a block type with set nesting may not contain the dynamic type \
                         (set elements need a known type)",
                    );
                }
                if b.nesting == BlockNesting::Set && b.block.contains_write_only() {
                    self.error(
                        "a block type with set nesting may not contain write-only attributes \
                         (Terraform marks a set as a whole, and a block cannot be write-only: \
                         use list or map nesting)",
                    );
                }
            }
        }
        self.block(&b.block);
    }
}

/// `name` in double quotes, escaped.
fn quoted(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 2);
    let _ = crate::path::write_quoted(&mut out, name);
    out
}

#[cfg(test)]
mod tests {
    use super::super::{NestedObject, StringKind};
    use super::*;
    use crate::types::Type;

    fn opt(name: &str, ty: Type) -> Attribute {
        Attribute::new(name, ty).optional()
    }

    fn v_block() -> Block {
        Block::new().attribute(opt("v", Type::String))
    }

    fn first(b: &Block) -> String {
        b.validate().expect_err("invalid").to_string()
    }

    fn all(b: &Block) -> Vec<String> {
        b.validation_errors()
            .iter()
            .map(|e| e.to_string())
            .collect()
    }

    #[test]
    fn valid_schemas_pass() {
        let b = Block::new()
            .attribute(Attribute::new("id", Type::String).computed())
            .attribute(Attribute::new("name_2", Type::String).required())
            .attribute(opt("o", Type::Number).computed())
            .attribute(
                Attribute::nested(
                    "n",
                    NestedObject::new(ObjectNesting::Map).attribute(opt("d", Type::Dynamic)),
                )
                .optional(),
            )
            .block_type(NestedBlock::new("one", v_block(), BlockNesting::Single))
            .block_type(
                NestedBlock::new("req", v_block(), BlockNesting::Single)
                    .min_items(1)
                    .max_items(1),
            )
            .block_type(NestedBlock::new("g", v_block(), BlockNesting::Group))
            .block_type(NestedBlock::new("m", v_block(), BlockNesting::Map))
            .block_type(
                NestedBlock::new("l", v_block(), BlockNesting::List)
                    .min_items(2)
                    .max_items(2),
            )
            .block_type(NestedBlock::new("s", v_block(), BlockNesting::Set).min_items(5))
            .block_type(NestedBlock::new(
                "dl",
                Block::new().attribute(opt("d", Type::Dynamic)),
                BlockNesting::List,
            ))
            .description("x", StringKind::Markdown);
        assert!(b.validate().is_ok());
        assert!(Schema::new(1, b).validation_errors().is_empty());
        assert!(Schema::default().validate().is_ok());
    }

    #[test]
    fn names() {
        for bad in ["", "Name", "a-b", "a b", "é", "a.b"] {
            let b = Block::new().attribute(opt(bad, Type::String));
            let e = b.validate().expect_err(bad);
            assert_eq!(e.kind(), ErrorKind::TypeConstraint);
            assert!(e.to_string().contains("invalid attribute name"), "{e}");
            let b = Block::new().block_type(NestedBlock::new(bad, v_block(), BlockNesting::List));
            assert!(first(&b).starts_with("invalid block type name"));
        }
        let b = Block::new().attribute(opt("Bad", Type::String));
        assert_eq!(
            first(&b),
            r#"invalid attribute name "Bad": a name may contain only lowercase letters, digits and underscores"#
        );
        let b = Block::new().block_type(NestedBlock::new(
            "outer",
            Block::new().attribute(opt("x\"y", Type::String)),
            BlockNesting::List,
        ));
        assert_eq!(
            first(&b),
            r#".outer: invalid attribute name "x\"y": a name may contain only lowercase letters, digits and underscores"#
        );
    }

    #[test]
    fn duplicates_and_clashes() {
        let b = Block::new()
            .attribute(opt("a", Type::String))
            .attribute(opt("a", Type::Number));
        assert_eq!(first(&b), r#"duplicate attribute "a""#);
        let b = Block::new()
            .block_type(NestedBlock::new("b", v_block(), BlockNesting::List))
            .block_type(NestedBlock::new("b", v_block(), BlockNesting::Set));
        assert_eq!(first(&b), r#"duplicate block type "b""#);
        let b = Block::new()
            .attribute(opt("c", Type::String))
            .block_type(NestedBlock::new("c", v_block(), BlockNesting::List));
        assert_eq!(
            first(&b),
            r#""c" is defined as both an attribute and a block type"#
        );
        let n = NestedObject::new(ObjectNesting::List)
            .attribute(opt("x", Type::String))
            .attribute(opt("x", Type::String));
        let b = Block::new().attribute(Attribute::nested("n", n).optional());
        assert_eq!(first(&b), r#".n: duplicate attribute "x""#);
    }

    #[test]
    fn attribute_flags() {
        let cases = [
            (
                Attribute::new("a", Type::String),
                "must set optional, required or computed",
            ),
            (
                Attribute::new("a", Type::String).required().optional(),
                "cannot set both optional and required",
            ),
            (
                Attribute::new("a", Type::String).required().computed(),
                "cannot set both computed and required",
            ),
        ];
        for (a, want) in cases {
            let b = Block::new().attribute(a);
            assert_eq!(first(&b), format!(".a: {want}"));
        }
        let b = Block::new().attribute(
            Attribute::new("a", Type::String)
                .required()
                .optional()
                .computed(),
        );
        assert_eq!(
            all(&b),
            [
                ".a: cannot set both optional and required",
                ".a: cannot set both computed and required"
            ]
        );
        // Inside nested attributes and blocks, with the full path.
        let n = NestedObject::new(ObjectNesting::Single).attribute(Attribute::new("x", Type::Bool));
        let b = Block::new().block_type(NestedBlock::new(
            "blk",
            Block::new().attribute(Attribute::nested("n", n).optional()),
            BlockNesting::List,
        ));
        let e = b.validate().expect_err("invalid");
        assert_eq!(e.path().to_string(), ".blk.n.x");
        assert_eq!(
            e.to_string(),
            ".blk.n.x: must set optional, required or computed"
        );
    }

    #[test]
    fn nested_attributes() {
        let b = Block::new()
            .attribute(Attribute::nested("n", NestedObject::new(ObjectNesting::List)).optional());
        assert_eq!(
            first(&b),
            ".n: a nested attribute must have at least one attribute"
        );
        let set = |ty| {
            Block::new().attribute(
                Attribute::nested(
                    "n",
                    NestedObject::new(ObjectNesting::Set).attribute(opt("d", ty)),
                )
                .optional(),
            )
        };
        assert_eq!(
            first(&set(Type::map(Type::Dynamic))),
            ".n: a nested attribute with set nesting may not contain the dynamic type (set elements need a known type)"
        );
        assert!(set(Type::String).validate().is_ok());
    }

    #[test]
    fn item_limits_per_nesting_mode() {
        let nb = |n, min, max| {
            Block::new().block_type(
                NestedBlock::new("b", v_block(), n)
                    .min_items(min)
                    .max_items(max),
            )
        };
        let ok = [
            (BlockNesting::Single, 0, 0),
            (BlockNesting::Single, 1, 1),
            (BlockNesting::List, 0, 3),
            (BlockNesting::List, 3, 3),
            (BlockNesting::List, 7, 0),
            (BlockNesting::Set, 1, 2),
            (BlockNesting::Group, 0, 0),
            (BlockNesting::Map, 0, 0),
        ];
        for (n, min, max) in ok {
            assert!(nb(n, min, max).validate().is_ok(), "{n:?} {min} {max}");
        }
        let bad = [
            (
                BlockNesting::Single,
                0,
                1,
                "min_items (0) and max_items (1) must be equal in single nesting mode",
            ),
            (
                BlockNesting::Single,
                2,
                2,
                "min_items and max_items must be 0 or 1 in single nesting mode",
            ),
            (
                BlockNesting::List,
                3,
                2,
                "min_items (3) must not be greater than max_items (2) in list nesting mode",
            ),
            (
                BlockNesting::Set,
                3,
                1,
                "min_items (3) must not be greater than max_items (1) in set nesting mode",
            ),
            (
                BlockNesting::Group,
                1,
                0,
                "min_items and max_items cannot be used in group nesting mode",
            ),
            (
                BlockNesting::Map,
                0,
                1,
                "min_items and max_items cannot be used in map nesting mode",
            ),
            (
                BlockNesting::List,
                0,
                u64::MAX,
                "min_items and max_items must not exceed 9223372036854775807 (the protocol's int64)",
            ),
        ];
        for (n, min, max, want) in bad {
            let e = nb(n, min, max).validate().expect_err(want);
            assert_eq!(e.kind(), ErrorKind::TypeConstraint);
            assert_eq!(e.to_string(), format!(".b: {want}"));
        }
    }

    #[test]
    fn set_blocks_reject_dynamic() {
        let inner = Block::new().block_type(NestedBlock::new(
            "deep",
            Block::new().attribute(opt("d", Type::list(Type::Dynamic))),
            BlockNesting::Single,
        ));
        let b = Block::new().block_type(NestedBlock::new("s", inner.clone(), BlockNesting::Set));
        assert_eq!(
            first(&b),
            ".s: a block type with set nesting may not contain the dynamic type (set elements need a known type)"
        );
        for n in [BlockNesting::List, BlockNesting::Map, BlockNesting::Single] {
            let b = Block::new().block_type(NestedBlock::new("s", inner.clone(), n));
            assert!(b.validate().is_ok());
        }
    }

    #[test]
    fn write_only_attributes() {
        let wo = |name: &str| opt(name, Type::String).write_only();
        // Allowed: required or optional, sensitive, at any depth outside sets, and a whole
        // SET nested attribute.
        let inner = Block::new().attribute(wo("w"));
        let set_attr = Attribute::nested(
            "s",
            NestedObject::new(ObjectNesting::Set).attribute(opt("x", Type::String)),
        )
        .optional()
        .write_only();
        let b = Block::new()
            .attribute(Attribute::new("r", Type::String).required().write_only())
            .attribute(wo("o").sensitive())
            .attribute(set_attr)
            .block_type(NestedBlock::new("l", inner.clone(), BlockNesting::List))
            .block_type(NestedBlock::new("m", inner.clone(), BlockNesting::Map))
            .block_type(NestedBlock::new("g", inner.clone(), BlockNesting::Group));
        assert!(b.validate().is_ok(), "{:?}", b.validate());

        let b = Block::new().attribute(wo("c").computed());
        assert_eq!(
            first(&b),
            ".c: a write-only attribute cannot be computed: Terraform keeps no value of it, so the provider has none to compute"
        );
        // A SET block, with the write-only attribute deep inside.
        let deep = Block::new().block_type(NestedBlock::new("d", inner, BlockNesting::Single));
        let b = Block::new().block_type(NestedBlock::new("s", deep, BlockNesting::Set));
        assert_eq!(
            first(&b),
            ".s: a block type with set nesting may not contain write-only attributes (Terraform marks a set as a whole, and a block cannot be write-only: use list or map nesting)"
        );
        // A SET nested attribute, with the write-only attribute in a nested attribute of it.
        let single = NestedObject::new(ObjectNesting::Single).attribute(wo("w"));
        let set = NestedObject::new(ObjectNesting::Set)
            .attribute(Attribute::nested("n", single).optional());
        let b = Block::new().block_type(NestedBlock::new(
            "blk",
            Block::new().attribute(Attribute::nested("s", set).optional()),
            BlockNesting::List,
        ));
        assert_eq!(
            first(&b),
            ".blk.s: a nested attribute with set nesting may not contain write-only attributes (Terraform marks a set as a whole: make the whole attribute write-only, or use list or map nesting)"
        );
    }

    #[test]
    fn deprecation_messages() {
        let b = Block::new()
            .attribute(opt("a", Type::String).deprecation_message("Use b."))
            .block_type(NestedBlock::new(
                "blk",
                v_block().deprecation_message("Gone."),
                BlockNesting::List,
            ))
            .deprecation_message("Use other.");
        assert!(b.validate().is_ok());
        assert!(b.deprecated && b.attributes[0].deprecated);

        let mut a = opt("a", Type::String);
        a.deprecation_message = Some("Use b.".into());
        let mut inner = v_block();
        inner.deprecation_message = Some("Gone.".into());
        let mut root = Block::new().attribute(a).block_type(NestedBlock::new(
            "blk",
            inner,
            BlockNesting::Single,
        ));
        root.deprecation_message = Some(String::new());
        root.deprecated = true;
        assert_eq!(
            all(&root),
            [
                "the deprecation message is empty: leave it out for Terraform's default text",
                ".a: a deprecation message is set but deprecated is not",
                ".blk: a deprecation message is set but deprecated is not",
            ]
        );
    }

    #[test]
    fn collects_every_error_in_order() {
        let b = Block::new()
            .attribute(Attribute::new("a", Type::String))
            .block_type(
                NestedBlock::new(
                    "b",
                    Block::new().attribute(Attribute::new("Z", Type::String)),
                    BlockNesting::Group,
                )
                .max_items(1),
            );
        assert_eq!(
            all(&b),
            [
                ".a: must set optional, required or computed",
                ".b: min_items and max_items cannot be used in group nesting mode",
                r#".b: invalid attribute name "Z": a name may contain only lowercase letters, digits and underscores"#,
                ".b.Z: must set optional, required or computed",
            ]
        );
        assert_eq!(first(&b), ".a: must set optional, required or computed");
    }

    #[test]
    fn depth_is_limited() {
        // The attribute `v` at exactly MAX_DEPTH steps.
        let mut b = v_block();
        for _ in 1..MAX_DEPTH {
            b = Block::new().block_type(NestedBlock::new("b", b, BlockNesting::Single));
        }
        assert!(b.validate().is_ok());
        let b = Block::new().block_type(NestedBlock::new("b", b, BlockNesting::Single));
        let e = b.validate().expect_err("too deep");
        assert_eq!(e.kind(), ErrorKind::Limit);
        assert_eq!(e.path().steps().len(), MAX_DEPTH + 1);
        assert_eq!(b.validation_errors().len(), 1);
    }

    #[test]
    fn computed_blocks() {
        let computed_v = || Block::new().attribute(opt("v", Type::String).computed());
        let inner = || NestedBlock::new("inner", computed_v(), BlockNesting::Set).computed();
        let good = Block::new()
            .block_type(NestedBlock::new("s", computed_v(), BlockNesting::Single).computed())
            .block_type(
                NestedBlock::new("l", computed_v().block_type(inner()), BlockNesting::List)
                    .max_items(3)
                    .computed(),
            )
            .block_type(NestedBlock::new("m", computed_v(), BlockNesting::Map).computed())
            // A computed block type inside an ordinary one.
            .block_type(NestedBlock::new(
                "net",
                v_block().block_type(inner()),
                BlockNesting::List,
            ));
        assert!(good.validate().is_ok(), "{:?}", good.validation_errors());
        assert!(good.contains_computed_blocks());
        assert!(!v_block().contains_computed_blocks());

        let bad = Block::new()
            .block_type(
                NestedBlock::new(
                    "l",
                    Block::new()
                        .attribute(Attribute::new("r", Type::String).required())
                        .attribute(opt("o", Type::String))
                        .block_type(NestedBlock::new("x", computed_v(), BlockNesting::List)),
                    BlockNesting::List,
                )
                .min_items(1)
                .computed(),
            )
            .block_type(NestedBlock::new("g", computed_v(), BlockNesting::Group).computed())
            .block_type(NestedBlock::new("m", computed_v(), BlockNesting::Map).computed());
        assert_eq!(
            all(&bad),
            [
                ".l: a computed block type cannot have min_items (1): the configuration may leave it out for the provider to fill in",
                ".l.r: every attribute inside a computed block must be computed (the provider fills in the whole block)",
                ".l.o: every attribute inside a computed block must be computed (the provider fills in the whole block)",
                ".l.x: every block type inside a computed block must be computed (the provider fills in the whole block)",
                ".g: a block type with group nesting cannot be computed (Terraform fills an absent one with nulls, so there is nothing left out to compute)",
            ]
        );
        let mut root = computed_v();
        root.computed = true;
        assert_eq!(
            first(&root),
            "the root block cannot be computed: only a nested block type can be left to the provider"
        );
    }
}
