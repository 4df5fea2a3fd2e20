//! Walks over a value with its schema: what the provider framework does with write-only
//! and deprecated attributes.
//!
//! A value of a [`Block`] is an object with one attribute per schema attribute and block
//! type. Each walk follows the schema into it: an attribute's value, the objects of a nested
//! attribute (the value itself for SINGLE nesting, its elements for LIST, SET and MAP), and
//! the objects of a block type (the value for SINGLE and GROUP, the elements of the list,
//! set or map otherwise, including the tuple or object a LIST or MAP block holding a
//! `dynamic` attribute travels as). Null and unknown values have no parts to walk into, and
//! a value that does not have the schema's shape is skipped where it differs, never a panic.
//!
//! Paths use the crate's steps ([`crate::path`]): `.name` for attributes and block types,
//! `[i]` for list, tuple and set elements (sets by position), `["key"]` for map elements
//! and MAP blocks.

use super::{Attribute, AttributeKind, Block, BlockNesting, NestedBlock, ObjectNesting};
use crate::path::{AttributePath, PathStep};
use crate::value::Value;

/// How the objects of a block type or nested attribute sit in its value.
#[derive(Clone, Copy)]
enum Objects {
    /// The value is the object (SINGLE, GROUP).
    One,
    /// The elements of a list, tuple or set, by position.
    Indexed,
    /// The elements of a map (or of an object keyed by label), by key.
    Keyed,
}

impl Objects {
    fn of_block(nesting: BlockNesting) -> Self {
        match nesting {
            BlockNesting::Single | BlockNesting::Group => Objects::One,
            BlockNesting::List | BlockNesting::Set => Objects::Indexed,
            BlockNesting::Map => Objects::Keyed,
        }
    }

    fn of_nested(nesting: ObjectNesting) -> Self {
        match nesting {
            ObjectNesting::Single => Objects::One,
            ObjectNesting::List | ObjectNesting::Set => Objects::Indexed,
            ObjectNesting::Map => Objects::Keyed,
        }
    }

    /// Calls `f` on each object in `value`, with `path` extended by the object's step for
    /// the call.
    fn each(
        self,
        value: &Value,
        path: &mut AttributePath,
        f: &mut dyn FnMut(&Value, &mut AttributePath),
    ) {
        match (self, value) {
            (Objects::One, Value::Object(..)) => f(value, path),
            (
                Objects::Indexed,
                Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items),
            ) => {
                for (i, item) in (0_i64..).zip(items) {
                    path.push(PathStep::Index(i));
                    f(item, path);
                    path.pop();
                }
            }
            (Objects::Keyed, Value::Map(_, items)) => {
                for (key, item) in items {
                    path.push(PathStep::Key(key.clone()));
                    f(item, path);
                    path.pop();
                }
            }
            (Objects::Keyed, Value::Object(ty, items)) => {
                for (key, item) in ty.names().iter().zip(items) {
                    path.push(PathStep::Key(key.clone()));
                    f(item, path);
                    path.pop();
                }
            }
            _ => {}
        }
    }

    /// Calls `f` on each object in `value`, mutably.
    fn each_mut(self, value: &mut Value, f: &mut dyn FnMut(&mut Value)) {
        match (self, value) {
            (Objects::One, value @ Value::Object(..)) => f(value),
            (
                Objects::Indexed,
                Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items),
            ) => items.iter_mut().for_each(f),
            (Objects::Keyed, Value::Map(_, items)) => items.values_mut().for_each(f),
            (Objects::Keyed, Value::Object(_, items)) => items.iter_mut().for_each(f),
            _ => {}
        }
    }
}

/// The attributes of a nested attribute, as a block (so that objects are walked in one
/// place).
fn nested_block(attributes: &[Attribute]) -> Block {
    Block {
        attributes: attributes.to_vec(),
        ..Block::default()
    }
}

impl Block {
    /// Sets every write-only attribute in `value` (an object of this block, as in a planned
    /// or new state) to null, at any depth: inside nested attributes of every nesting and
    /// inside blocks of every nesting. Terraform requires write-only attributes to be null
    /// in every plan and state a provider returns; the configuration is the only place
    /// their values appear.
    ///
    /// A null keeps the type of the value it replaces, as Terraform's own stripping does.
    /// A write-only nested attribute becomes null as a whole.
    ///
    /// ```
    /// use tfvalue::schema::{Attribute, Block};
    /// use tfvalue::{Type, Value};
    ///
    /// let block = Block::new()
    ///     .attribute(Attribute::new("name", Type::String).required())
    ///     .attribute(Attribute::new("password", Type::String).optional().write_only());
    /// let mut state = Value::object([
    ///     ("name", Value::String("db".into())),
    ///     ("password", Value::String("hunter2".into())),
    /// ]);
    /// block.null_write_only(&mut state);
    /// assert_eq!(state.attr("password"), Some(&Value::null(Type::String)));
    /// assert_eq!(state.attr("name").and_then(Value::as_str), Some("db"));
    /// ```
    pub fn null_write_only(&self, value: &mut Value) {
        if !self.contains_write_only() {
            return;
        }
        for a in &self.attributes {
            let Some(v) = value.attr_mut(&a.name) else {
                continue;
            };
            if a.write_only {
                if !v.is_null() {
                    *v = Value::null(v.ty());
                }
            } else if let AttributeKind::Nested(object) = &a.kind {
                if object.contains_write_only() {
                    let inner = nested_block(&object.attributes);
                    Objects::of_nested(object.nesting)
                        .each_mut(v, &mut |o| inner.null_write_only(o));
                }
            }
        }
        for b in &self.block_types {
            if let Some(v) = value.attr_mut(&b.type_name) {
                Objects::of_block(b.nesting).each_mut(v, &mut |o| b.block.null_write_only(o));
            }
        }
    }

    /// The paths of the write-only attributes that are set (not null; an unknown value is
    /// set) in `config`, a configuration object of this block, at any depth. Terraform
    /// sends write-only attributes only to providers that say they support them, and a
    /// client that does not allow them (its `write_only_attributes_allowed` capability is
    /// false) must see each of these refused. Inside a write-only nested attribute only the
    /// attribute itself is named.
    ///
    /// ```
    /// use tfvalue::schema::{Attribute, Block, BlockNesting, NestedBlock};
    /// use tfvalue::{AttributePath, Type, Value};
    ///
    /// let user = Block::new()
    ///     .attribute(Attribute::new("password", Type::String).optional().write_only());
    /// let block = Block::new().block_type(NestedBlock::new("user", user, BlockNesting::List));
    /// let user_type = Type::object([("password", Type::String)]);
    /// let config = Value::object([(
    ///     "user",
    ///     Value::list(
    ///         user_type.clone(),
    ///         vec![
    ///             Value::object([("password", Value::null(Type::String))]),
    ///             Value::object([("password", Value::String("x".into()))]),
    ///         ],
    ///     )?,
    /// )]);
    /// assert_eq!(
    ///     block.write_only_set_in(&config),
    ///     [AttributePath::root().attr("user").index(1).attr("password")]
    /// );
    /// # Ok::<(), tfvalue::Error>(())
    /// ```
    pub fn write_only_set_in(&self, config: &Value) -> Vec<AttributePath> {
        let mut found = Vec::new();
        if self.contains_write_only() {
            self.collect_write_only(config, &mut AttributePath::root(), &mut found);
        }
        found
    }

    fn collect_write_only(
        &self,
        value: &Value,
        path: &mut AttributePath,
        found: &mut Vec<AttributePath>,
    ) {
        for a in &self.attributes {
            let Some(v) = value.attr(&a.name) else {
                continue;
            };
            path.push(PathStep::Attr(a.name.clone()));
            if a.write_only {
                if !v.is_null() {
                    found.push(path.clone());
                }
            } else if let AttributeKind::Nested(object) = &a.kind {
                if object.contains_write_only() {
                    let inner = nested_block(&object.attributes);
                    Objects::of_nested(object.nesting)
                        .each(v, path, &mut |o, p| inner.collect_write_only(o, p, found));
                }
            }
            path.pop();
        }
        for b in &self.block_types {
            if !b.block.contains_write_only() {
                continue;
            }
            if let Some(v) = value.attr(&b.type_name) {
                path.push(PathStep::Attr(b.type_name.clone()));
                Objects::of_block(b.nesting)
                    .each(v, path, &mut |o, p| b.block.collect_write_only(o, p, found));
                path.pop();
            }
        }
    }

    /// Where `config`, a configuration object of this block, holds a computed block type
    /// ([`Block::computed`]): the path of each such block type in each object of its
    /// enclosing blocks (`.network[0].interface`), whatever the configuration writes there
    /// (a computed block type is there even when left out). A computed block type's own
    /// inner block types are not named again; where an enclosing block's value is unknown
    /// (a `dynamic` block over a collection not known yet), its path is named instead, since
    /// its blocks may hold computed ones. Terraform before 1.16 ignores the computed flag, so
    /// a provider refuses each of these when the client's `computed_blocks_allowed`
    /// capability is false.
    ///
    /// ```
    /// use tfvalue::schema::{Attribute, Block, BlockNesting, NestedBlock};
    /// use tfvalue::{AttributePath, Type, Value};
    ///
    /// let interface = Block::new().attribute(Attribute::new("mac", Type::String).computed());
    /// let network = Block::new()
    ///     .attribute(Attribute::new("name", Type::String).required())
    ///     .block_type(NestedBlock::new("interface", interface, BlockNesting::List).computed());
    /// let block = Block::new().block_type(NestedBlock::new("network", network, BlockNesting::List));
    /// let interfaces = Type::list(Type::object([("mac", Type::String)]));
    /// let network_type = Type::object([("interface", interfaces.clone()), ("name", Type::String)]);
    /// let config = Value::object([(
    ///     "network",
    ///     Value::list(
    ///         network_type,
    ///         vec![Value::object([
    ///             ("interface", Value::null(interfaces)),
    ///             ("name", Value::String("lan".into())),
    ///         ])],
    ///     )?,
    /// )]);
    /// assert_eq!(
    ///     block.computed_blocks_in(&config),
    ///     [AttributePath::root().attr("network").index(0).attr("interface")]
    /// );
    /// # Ok::<(), tfvalue::Error>(())
    /// ```
    pub fn computed_blocks_in(&self, config: &Value) -> Vec<AttributePath> {
        let mut found = Vec::new();
        if self.contains_computed_blocks() {
            self.collect_computed_blocks(config, &mut AttributePath::root(), &mut found);
        }
        found
    }

    fn collect_computed_blocks(
        &self,
        value: &Value,
        path: &mut AttributePath,
        found: &mut Vec<AttributePath>,
    ) {
        for b in &self.block_types {
            if !b.block.contains_computed_blocks() {
                continue;
            }
            path.push(PathStep::Attr(b.type_name.clone()));
            match value.attr(&b.type_name) {
                _ if b.block.computed => found.push(path.clone()),
                Some(v) if v.is_unknown() => found.push(path.clone()),
                Some(v) => Objects::of_block(b.nesting).each(v, path, &mut |o, p| {
                    b.block.collect_computed_blocks(o, p, found)
                }),
                None => {}
            }
            path.pop();
        }
    }

    /// The deprecated parts of this block that `config`, a configuration object of it,
    /// uses, each with its path and the warning's text: the block itself (the root path)
    /// when it is deprecated and `config` is not null; every deprecated attribute that is
    /// set (not null; an unknown value is set), and every deprecated block type that is
    /// present (a SINGLE block that is not null, a LIST, SET or MAP with at least one block
    /// or unknown, a GROUP block with anything set inside), at any depth.
    ///
    /// The text is the `deprecation_message`, or else a default in Terraform's words
    /// (`Attribute "disk[0].size" is deprecated. Refer to the provider documentation for
    /// details.`). The caller chooses the diagnostic's summary and severity (a warning).
    ///
    /// ```
    /// use tfvalue::schema::{Attribute, Block};
    /// use tfvalue::{AttributePath, Type, Value};
    ///
    /// let block = Block::new()
    ///     .attribute(Attribute::new("size", Type::Number).optional().deprecated())
    ///     .attribute(Attribute::new("zone", Type::String).optional().deprecation_message("Use region."))
    ///     .attribute(Attribute::new("old", Type::String).optional().deprecated());
    /// let config = Value::object([
    ///     ("size", Value::Number(3.into())),
    ///     ("zone", Value::unknown(Type::String)),
    ///     ("old", Value::null(Type::String)),
    /// ]);
    /// let found = block.deprecated_set_in(&config);
    /// assert_eq!(
    ///     found,
    ///     [
    ///         (
    ///             AttributePath::root().attr("size"),
    ///             r#"Attribute "size" is deprecated. Refer to the provider documentation for details."#.to_owned(),
    ///         ),
    ///         (AttributePath::root().attr("zone"), "Use region.".to_owned()),
    ///     ]
    /// );
    /// ```
    pub fn deprecated_set_in(&self, config: &Value) -> Vec<(AttributePath, String)> {
        let mut found = Vec::new();
        if self.deprecated && !config.is_null() {
            let text = message_or(self.deprecation_message.as_deref(), || {
                "This is deprecated. Refer to the provider documentation for details.".to_owned()
            });
            found.push((AttributePath::root(), text));
        }
        self.collect_deprecated(config, &mut AttributePath::root(), &mut found);
        found
    }

    fn collect_deprecated(
        &self,
        value: &Value,
        path: &mut AttributePath,
        found: &mut Vec<(AttributePath, String)>,
    ) {
        for a in &self.attributes {
            let Some(v) = value.attr(&a.name) else {
                continue;
            };
            path.push(PathStep::Attr(a.name.clone()));
            if a.deprecated && !v.is_null() {
                let text = message_or(a.deprecation_message.as_deref(), || {
                    default_message("Attribute", path)
                });
                found.push((path.clone(), text));
            }
            if let AttributeKind::Nested(object) = &a.kind {
                let inner = nested_block(&object.attributes);
                Objects::of_nested(object.nesting)
                    .each(v, path, &mut |o, p| inner.collect_deprecated(o, p, found));
            }
            path.pop();
        }
        for b in &self.block_types {
            let Some(v) = value.attr(&b.type_name) else {
                continue;
            };
            path.push(PathStep::Attr(b.type_name.clone()));
            if b.block.deprecated && block_present(b, v) {
                let text = message_or(b.block.deprecation_message.as_deref(), || {
                    default_message("Block", path)
                });
                found.push((path.clone(), text));
            }
            Objects::of_block(b.nesting)
                .each(v, path, &mut |o, p| b.block.collect_deprecated(o, p, found));
            path.pop();
        }
    }

    /// True when anything is set in `value`, an object of this block: an attribute that is
    /// not null, or a block type that is present.
    fn has_content(&self, value: &Value) -> bool {
        match value {
            Value::Unknown(..) => true,
            Value::Object(..) => {
                self.attributes
                    .iter()
                    .any(|a| value.attr(&a.name).is_some_and(|v| !v.is_null()))
                    || self.block_types.iter().any(|b| {
                        value
                            .attr(&b.type_name)
                            .is_some_and(|v| block_present(b, v))
                    })
            }
            _ => false,
        }
    }
}

/// Whether the configuration has blocks of type `b`: `value` is the block type's value.
fn block_present(b: &NestedBlock, value: &Value) -> bool {
    match value {
        Value::Null(_) => false,
        Value::Unknown(..) => true,
        _ => match b.nesting {
            BlockNesting::Single => true,
            BlockNesting::Group => b.block.has_content(value),
            BlockNesting::List | BlockNesting::Set | BlockNesting::Map => match value {
                Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
                    !items.is_empty()
                }
                Value::Map(_, items) => !items.is_empty(),
                Value::Object(ty, _) => !ty.names().is_empty(),
                _ => true,
            },
        },
    }
}

/// The message, or else the default (also for an empty message, which Terraform treats as
/// none).
fn message_or(message: Option<&str>, default: impl FnOnce() -> String) -> String {
    match message {
        Some(m) if !m.is_empty() => m.to_owned(),
        _ => default(),
    }
}

/// `Attribute "disk[0].size" is deprecated. ...`: the path as Terraform prints it in this
/// warning, without the leading dot.
fn default_message(what: &str, path: &AttributePath) -> String {
    let shown = path.to_string();
    let shown = shown.strip_prefix('.').unwrap_or(&shown);
    let mut quoted = String::with_capacity(shown.len() + 2);
    let _ = crate::path::write_quoted(&mut quoted, shown);
    format!("{what} {quoted} is deprecated. Refer to the provider documentation for details.")
}

#[cfg(test)]
mod tests;
