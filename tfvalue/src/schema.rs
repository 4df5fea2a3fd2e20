//! Terraform provider schemas: what a resource, data source or provider accepts.
//!
//! A [`Schema`] is the protocol's `tfplugin6.Schema`: a version and a root [`Block`]. A block
//! has [`Attribute`]s (each with a [`Type`], or, in protocol 6, a [`NestedObject`] of further
//! attributes) and nested block types ([`NestedBlock`]) that repeat according to their
//! [`BlockNesting`]. Every value Terraform sends for the schema (configuration, plan, state)
//! is encoded against one object type, [`Block::implied_type`], which [`Schema::object_type`]
//! computes once.
//!
//! `#[derive(TfSchema)]` builds these from a model struct and implements [`TfSchema`]; the
//! constructors and builder methods below are what its generated code (and hand-written
//! schemas) call:
//!
//! ```
//! use tfvalue::schema::{Attribute, Block, BlockNesting, NestedBlock, Schema, StringKind};
//! use tfvalue::Type;
//!
//! let disk = Block::new()
//!     .attribute(Attribute::new("size_gb", Type::Number).required());
//! let schema = Schema::new(
//!     1,
//!     Block::new()
//!         .attribute(Attribute::new("id", Type::String).computed())
//!         .attribute(Attribute::new("name", Type::String).required()
//!             .description("The machine's name.", StringKind::Plain))
//!         .block_type(NestedBlock::new("disk", disk, BlockNesting::List).max_items(8))
//!         .description("A virtual machine.", StringKind::Plain),
//! );
//! schema.validate()?;
//! assert_eq!(
//!     schema.object_type().to_json(),
//!     r#"["object",{"disk":["list",["object",{"size_gb":"number"}]],"id":"string","name":"string"}]"#
//! );
//! // What `terraform providers schema -json` prints for it.
//! assert_eq!(
//!     schema.to_providers_json()["block"]["block_types"]["disk"]["max_items"],
//!     serde_json::json!(8)
//! );
//! # Ok::<(), tfvalue::Error>(())
//! ```
//!
//! Attributes and block types keep the order in which they were added; equality (`==`)
//! compares that order too. Terraform itself treats them as maps keyed by name.

use std::any::TypeId;
use std::collections::HashMap;
use std::fmt;
use std::sync::{Mutex, OnceLock, PoisonError};

use crate::types::Type;

mod render;
mod validate;
mod walk;

pub use render::ProvidersJson;

/// How a description is formatted (`tfplugin6.StringKind`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum StringKind {
    /// Plain text (the protocol's default, `PLAIN`).
    #[default]
    Plain,
    /// Markdown (`MARKDOWN`).
    Markdown,
}

/// How the attributes of a protocol-6 nested attribute repeat (`Schema.Object.NestingMode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ObjectNesting {
    /// One object: `object({...})`.
    Single,
    /// A list of objects: `list(object({...}))`.
    List,
    /// A set of objects: `set(object({...}))`.
    Set,
    /// A map of objects: `map(object({...}))`.
    Map,
}

/// How a nested block type repeats (`Schema.NestedBlock.NestingMode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BlockNesting {
    /// At most one block; absent is null. Its value is the block's object.
    Single,
    /// Blocks in order: a list of objects (or, when the block contains a `dynamic`
    /// attribute, a tuple, so the implied type is `dynamic`).
    List,
    /// Blocks without order: a set of objects.
    Set,
    /// Blocks with one label each: a map of objects keyed by label (or, when the block
    /// contains a `dynamic` attribute, an object, so the implied type is `dynamic`).
    Map,
    /// Exactly one block that may be omitted: absent, it is an object whose attributes are
    /// all null, never null itself.
    Group,
}

/// The type of an [`Attribute`]: a Terraform type, or (protocol 6) nested attributes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AttributeKind {
    /// A value of this type (the protocol's `Attribute.type`). Object types may mark
    /// attributes optional (`["object",{...},["opt"]]`).
    Type(Type),
    /// Nested attributes (the protocol's `Attribute.nested_type`).
    Nested(NestedObject),
}

/// One attribute of a block or of a nested attribute (`tfplugin6.Schema.Attribute`).
///
/// Exactly one of three combinations is valid: `required`; `optional` (possibly with
/// `computed`); `computed` alone. [`Schema::validate`] checks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attribute {
    /// The attribute's name: lowercase letters, digits and underscores.
    pub name: String,
    /// Its type or nested attributes.
    pub kind: AttributeKind,
    /// Its description (empty for none).
    pub description: String,
    /// How the description is formatted.
    pub description_kind: StringKind,
    /// The configuration must set it.
    pub required: bool,
    /// The configuration may set it.
    pub optional: bool,
    /// The provider may set it (when the configuration does not).
    pub computed: bool,
    /// Terraform hides its value in output.
    pub sensitive: bool,
    /// Terraform warns when the configuration sets it.
    pub deprecated: bool,
    /// Why it is deprecated and what to use instead, shown in the warning (Terraform's
    /// default text when `None`). Only with `deprecated`; [`Schema::validate`] checks it.
    pub deprecation_message: Option<String>,
    /// The configuration may set it, but its value is never kept: Terraform sends it to the
    /// provider only in the configuration (and, at apply, in the configuration again), and
    /// it is null in plans and state (Terraform 1.11 and later). See
    /// [`Block::null_write_only`].
    pub write_only: bool,
}

/// The attributes of a protocol-6 nested attribute and how they repeat
/// (`tfplugin6.Schema.Object`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NestedObject {
    /// The nested attributes, in declaration order.
    pub attributes: Vec<Attribute>,
    /// Whether the attribute holds one object, or a list, set or map of them.
    pub nesting: ObjectNesting,
}

/// A nested block type of a block (`tfplugin6.Schema.NestedBlock`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NestedBlock {
    /// The block type's name, as written in configuration (`disk { ... }`).
    pub type_name: String,
    /// The contents of each block of this type.
    pub block: Block,
    /// How blocks of this type repeat.
    pub nesting: BlockNesting,
    /// The minimum number of blocks (0: no minimum).
    pub min_items: u64,
    /// The maximum number of blocks (0: no maximum).
    pub max_items: u64,
}

/// A block: attributes and nested block types (`tfplugin6.Schema.Block`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Block {
    /// The attributes, in declaration order.
    pub attributes: Vec<Attribute>,
    /// The nested block types, in declaration order.
    pub block_types: Vec<NestedBlock>,
    /// The block's description (empty for none).
    pub description: String,
    /// How the description is formatted.
    pub description_kind: StringKind,
    /// Terraform warns when the configuration uses this block.
    pub deprecated: bool,
    /// Why the block is deprecated and what to use instead (Terraform's default text when
    /// `None`). Only with `deprecated`; [`Schema::validate`] checks it.
    pub deprecation_message: Option<String>,
    /// The provider may fill in blocks of this type (the block of a [`NestedBlock`]) that
    /// the configuration leaves out, as it fills in a computed attribute (Terraform 1.16
    /// and later; `Block.computed` in protocol 6.11). Every attribute inside is then
    /// computed, and every block type inside computed too; the configuration may still
    /// write the blocks, whose optional attributes it then sets. A LIST, SET or MAP block
    /// type the configuration leaves out reaches the provider as null (not empty), and its
    /// plan must not be null: known blocks, or unknown. [`Schema::validate`] checks the
    /// rules.
    pub computed: bool,
}

/// A versioned schema (`tfplugin6.Schema`): of a resource, a data source or a provider.
///
/// The object type of its values is computed on the first call of [`Schema::object_type`]
/// and kept. Change `block` only before that first call (or build a new `Schema`): the
/// kept type does not follow later changes.
pub struct Schema {
    /// The schema version, which `UpgradeResourceState` receives for stored state.
    pub version: i64,
    /// The root block.
    pub block: Block,
    /// `block.implied_type()`, once computed.
    object_type: OnceLock<Type>,
}

impl StringKind {
    /// The name `terraform providers schema -json` uses: `"plain"` or `"markdown"`.
    pub fn as_str(self) -> &'static str {
        match self {
            StringKind::Plain => "plain",
            StringKind::Markdown => "markdown",
        }
    }
}

impl ObjectNesting {
    /// The name `terraform providers schema -json` uses: `"single"`, `"list"`, `"set"` or
    /// `"map"`.
    pub fn as_str(self) -> &'static str {
        match self {
            ObjectNesting::Single => "single",
            ObjectNesting::List => "list",
            ObjectNesting::Set => "set",
            ObjectNesting::Map => "map",
        }
    }
}

impl BlockNesting {
    /// The name `terraform providers schema -json` uses: `"single"`, `"list"`, `"set"`,
    /// `"map"` or `"group"`.
    pub fn as_str(self) -> &'static str {
        match self {
            BlockNesting::Single => "single",
            BlockNesting::List => "list",
            BlockNesting::Set => "set",
            BlockNesting::Map => "map",
            BlockNesting::Group => "group",
        }
    }
}

impl Attribute {
    /// An attribute of the given type, with no flag set and no description.
    pub fn new(name: impl Into<String>, ty: Type) -> Self {
        Attribute::with_kind(name.into(), AttributeKind::Type(ty))
    }

    /// A protocol-6 nested attribute, with no flag set and no description.
    pub fn nested(name: impl Into<String>, object: NestedObject) -> Self {
        Attribute::with_kind(name.into(), AttributeKind::Nested(object))
    }

    fn with_kind(name: String, kind: AttributeKind) -> Self {
        Attribute {
            name,
            kind,
            description: String::new(),
            description_kind: StringKind::Plain,
            required: false,
            optional: false,
            computed: false,
            sensitive: false,
            deprecated: false,
            deprecation_message: None,
            write_only: false,
        }
    }

    /// Sets `required`.
    #[must_use]
    pub fn required(mut self) -> Self {
        self.required = true;
        self
    }

    /// Sets `optional`.
    #[must_use]
    pub fn optional(mut self) -> Self {
        self.optional = true;
        self
    }

    /// Sets `required` when `condition` holds, and leaves the attribute as it is otherwise:
    /// for a flag computed from a type, as `#[derive(TfSchema)]` does with
    /// [`TfType::DECLARES_NULL`](crate::TfType::DECLARES_NULL).
    #[must_use]
    pub fn required_if(mut self, condition: bool) -> Self {
        self.required |= condition;
        self
    }

    /// Sets `optional` when `condition` holds, and leaves the attribute as it is otherwise
    /// (see [`Attribute::required_if`]).
    #[must_use]
    pub fn optional_if(mut self, condition: bool) -> Self {
        self.optional |= condition;
        self
    }

    /// Sets `computed`.
    #[must_use]
    pub fn computed(mut self) -> Self {
        self.computed = true;
        self
    }

    /// Sets `sensitive`.
    #[must_use]
    pub fn sensitive(mut self) -> Self {
        self.sensitive = true;
        self
    }

    /// Sets `deprecated`.
    #[must_use]
    pub fn deprecated(mut self) -> Self {
        self.deprecated = true;
        self
    }

    /// Sets `deprecated` with the message the warning shows.
    #[must_use]
    pub fn deprecation_message(mut self, message: impl Into<String>) -> Self {
        self.deprecated = true;
        self.deprecation_message = Some(message.into());
        self
    }

    /// Sets `write_only`.
    #[must_use]
    pub fn write_only(mut self) -> Self {
        self.write_only = true;
        self
    }

    /// Sets the description and its format.
    #[must_use]
    pub fn description(mut self, text: impl Into<String>, kind: StringKind) -> Self {
        self.description = text.into();
        self.description_kind = kind;
        self
    }

    /// The type this attribute's values have on the wire: its type without optional-attribute
    /// markers, or the implied type of its nested attributes ([`NestedObject::implied_type`]).
    pub fn implied_type(&self) -> Type {
        match &self.kind {
            AttributeKind::Type(ty) => ty.without_optional(),
            AttributeKind::Nested(object) => object.implied_type(),
        }
    }
}

impl NestedObject {
    /// Nested attributes with the given nesting and no attributes yet.
    pub fn new(nesting: ObjectNesting) -> Self {
        NestedObject {
            attributes: Vec::new(),
            nesting,
        }
    }

    /// Adds an attribute.
    #[must_use]
    pub fn attribute(mut self, attribute: Attribute) -> Self {
        self.attributes.push(attribute);
        self
    }

    /// True when any attribute, at any depth of nested attributes, is write-only.
    pub fn contains_write_only(&self) -> bool {
        attributes_contain_write_only(&self.attributes)
    }

    /// The type of the nested attribute's values: the object of its attributes' implied
    /// types, alone (SINGLE) or in a list, set or map.
    ///
    /// Terraform marks the optional and computed attributes of that object optional; those
    /// markers do not change the wire encoding and are left out here, as in
    /// [`Block::implied_type`].
    pub fn implied_type(&self) -> Type {
        let object = attributes_object(&self.attributes, &[]);
        match self.nesting {
            ObjectNesting::Single => object,
            ObjectNesting::List => Type::list(object),
            ObjectNesting::Set => Type::set(object),
            ObjectNesting::Map => Type::map(object),
        }
    }
}

impl NestedBlock {
    /// A block type with no limit on the number of blocks.
    pub fn new(type_name: impl Into<String>, block: Block, nesting: BlockNesting) -> Self {
        NestedBlock {
            type_name: type_name.into(),
            block,
            nesting,
            min_items: 0,
            max_items: 0,
        }
    }

    /// Sets the minimum number of blocks.
    #[must_use]
    pub fn min_items(mut self, n: u64) -> Self {
        self.min_items = n;
        self
    }

    /// Sets the maximum number of blocks.
    #[must_use]
    pub fn max_items(mut self, n: u64) -> Self {
        self.max_items = n;
        self
    }

    /// Sets `computed` on the block ([`Block::computed`]): the provider fills in blocks of
    /// this type that the configuration leaves out.
    #[must_use]
    pub fn computed(mut self) -> Self {
        self.block.computed = true;
        self
    }

    /// The type of this block type's value in the enclosing object: the block's object
    /// for SINGLE and GROUP; a list, set or map of it for LIST, SET and MAP, except that a
    /// LIST or MAP whose object contains `dynamic` is `dynamic` (Terraform then encodes the
    /// blocks as a tuple or an object, whose element types may differ).
    pub fn implied_type(&self) -> Type {
        let object = self.block.implied_type();
        match self.nesting {
            BlockNesting::Single | BlockNesting::Group => object,
            BlockNesting::List if object.has_dynamic() => Type::Dynamic,
            BlockNesting::List => Type::list(object),
            BlockNesting::Set => Type::set(object),
            BlockNesting::Map if object.has_dynamic() => Type::Dynamic,
            BlockNesting::Map => Type::map(object),
        }
    }
}

impl Block {
    /// An empty block: no attributes, no block types, no description.
    pub fn new() -> Self {
        Block::default()
    }

    /// Adds an attribute.
    #[must_use]
    pub fn attribute(mut self, attribute: Attribute) -> Self {
        self.attributes.push(attribute);
        self
    }

    /// Adds a nested block type.
    #[must_use]
    pub fn block_type(mut self, block_type: NestedBlock) -> Self {
        self.block_types.push(block_type);
        self
    }

    /// Sets the description and its format.
    #[must_use]
    pub fn description(mut self, text: impl Into<String>, kind: StringKind) -> Self {
        self.description = text.into();
        self.description_kind = kind;
        self
    }

    /// Sets `deprecated`.
    #[must_use]
    pub fn deprecated(mut self) -> Self {
        self.deprecated = true;
        self
    }

    /// Sets `deprecated` with the message the warning shows.
    #[must_use]
    pub fn deprecation_message(mut self, message: impl Into<String>) -> Self {
        self.deprecated = true;
        self.deprecation_message = Some(message.into());
        self
    }

    /// True when this block, or a block type at any depth inside it, is computed
    /// ([`Block::computed`]).
    pub fn contains_computed_blocks(&self) -> bool {
        self.computed
            || self
                .block_types
                .iter()
                .any(|b| b.block.contains_computed_blocks())
    }

    /// True when any attribute, at any depth of nested attributes and blocks, is
    /// write-only.
    pub fn contains_write_only(&self) -> bool {
        attributes_contain_write_only(&self.attributes)
            || self
                .block_types
                .iter()
                .any(|b| b.block.contains_write_only())
    }

    /// The attribute called `name`, if any (the last one, should there be several).
    pub fn find_attribute(&self, name: &str) -> Option<&Attribute> {
        self.attributes.iter().rev().find(|a| a.name == name)
    }

    /// The nested block type called `type_name`, if any (the last one, should there be
    /// several).
    pub fn find_block_type(&self, type_name: &str) -> Option<&NestedBlock> {
        self.block_types
            .iter()
            .rev()
            .find(|b| b.type_name == type_name)
    }

    /// The object type that values of this block are encoded against, as Terraform's
    /// `configschema.Block.ImpliedType` computes it: one attribute per schema attribute
    /// ([`Attribute::implied_type`]) and per nested block type
    /// ([`NestedBlock::implied_type`]).
    ///
    /// The result never marks attributes optional, even where Terraform's own type does
    /// (object-typed attributes declared with optional attributes, nested attributes):
    /// the markers only matter when Terraform converts configuration, never on the wire,
    /// and leaving them out gives the type Terraform encodes values against.
    ///
    /// Like Terraform, this always gives a type, even for a schema that
    /// [`Schema::validate`] rejects: where an attribute and a block type share a name, the
    /// attribute wins; where a name occurs twice, the later one wins.
    pub fn implied_type(&self) -> Type {
        attributes_object(&self.attributes, &self.block_types)
    }
}

/// True when an attribute of `attributes`, or of their nested attributes, is write-only.
fn attributes_contain_write_only(attributes: &[Attribute]) -> bool {
    attributes.iter().any(|a| {
        a.write_only
            || matches!(&a.kind, AttributeKind::Nested(object) if object.contains_write_only())
    })
}

/// The object type of some attributes and block types (block types first, so that an
/// attribute of the same name replaces one).
fn attributes_object(attributes: &[Attribute], block_types: &[NestedBlock]) -> Type {
    let blocks = block_types
        .iter()
        .map(|b| (b.type_name.clone(), b.implied_type()));
    let attrs = attributes
        .iter()
        .map(|a| (a.name.clone(), a.implied_type()));
    Type::object(blocks.chain(attrs))
}

impl Schema {
    /// A schema of the given version with the given root block.
    pub fn new(version: i64, block: Block) -> Self {
        Schema {
            version,
            block,
            object_type: OnceLock::new(),
        }
    }

    /// The object type values of this schema are encoded against
    /// ([`Block::implied_type`] of the root block), computed on the first call and kept.
    pub fn object_type(&self) -> &Type {
        self.object_type.get_or_init(|| self.block.implied_type())
    }
}

impl Default for Schema {
    /// Version 0 with an empty block (the schema of a provider without configuration).
    fn default() -> Self {
        Schema::new(0, Block::new())
    }
}

impl Clone for Schema {
    fn clone(&self) -> Self {
        Schema {
            version: self.version,
            block: self.block.clone(),
            object_type: self.object_type.clone(),
        }
    }
}

impl PartialEq for Schema {
    /// Compares version and block; whether the object type was computed yet does not
    /// matter.
    fn eq(&self, other: &Self) -> bool {
        self.version == other.version && self.block == other.block
    }
}

impl Eq for Schema {}

impl fmt::Debug for Schema {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Schema")
            .field("version", &self.version)
            .field("block", &self.block)
            .finish()
    }
}

/// A model type with a Terraform schema: a resource, data source or provider
/// configuration, or a block or nested attribute of one.
///
/// `#[derive(TfSchema)]` implements it (together with [`crate::TfType`], whose type is the
/// schema's object type plus optional-attribute markers on the nullable fields, for use as
/// an object-typed attribute — the markers change nothing on the wire — and serde's
/// traits, which read and write that object). The
/// schema is built once per type and lives for the rest of the program: a non-generic type
/// keeps it in a `static`, a generic one through [`cached_schema`].
///
/// ```
/// use std::sync::OnceLock;
/// use tfvalue::schema::{Attribute, Block, Schema, TfSchema};
/// use tfvalue::{TfType, Type};
///
/// struct Thing;
///
/// impl TfSchema for Thing {
///     fn schema() -> &'static Schema {
///         static SCHEMA: OnceLock<Schema> = OnceLock::new();
///         SCHEMA.get_or_init(|| {
///             Schema::new(0, Block::new().attribute(Attribute::new("id", Type::String).computed()))
///         })
///     }
/// }
///
/// impl TfType for Thing {
///     fn tf_type() -> Type {
///         Thing::schema().object_type().clone()
///     }
/// }
///
/// assert_eq!(Thing::tf_type().to_json(), r#"["object",{"id":"string"}]"#);
/// ```
pub trait TfSchema: crate::TfType {
    /// The schema of this type, built on first use.
    fn schema() -> &'static Schema;

    /// The declared behaviour of the type's attributes (defaults, plan modifiers,
    /// validators: see [`rules`](crate::rules)), built on first use. None by default.
    fn rules() -> &'static crate::rules::Rules {
        crate::rules::Rules::none()
    }

    /// The description a block of this type gets where its field gives none: what the
    /// type declares for that (`#[tf(description = "...")]` on a derived struct), never
    /// its Rust documentation, which is written for Rust readers (code samples, links).
    /// None by default: the block is then undescribed.
    fn block_description() -> Option<(&'static str, StringKind)> {
        None
    }
}

/// The schema of type `T`, built by `build` on the first call for that `T` and kept for
/// the rest of the program.
///
/// This is how a generic type implements [`TfSchema::schema`] (a `static` inside a generic
/// function is shared by all its instantiations, so it cannot hold one schema per type).
/// The cache is keyed by `TypeId`; each distinct `T` leaks one `Schema`, which is what a
/// `static` would hold anyway. `build` runs without the cache locked, so it may ask for
/// the schemas of other types (nested blocks). If two threads build the same schema at
/// once, one result is kept and the other dropped.
///
/// # Panics
/// If `build` asks, directly or through other types, for the schema of `T` itself: a type
/// that contains itself as a block or nested attribute has no finite schema. (Without the
/// check, this would overflow the stack.)
pub fn cached_schema<T: 'static + ?Sized>(build: fn() -> Schema) -> &'static Schema {
    static CACHE: OnceLock<Mutex<HashMap<TypeId, &'static Schema>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let key = TypeId::of::<T>();
    if let Some(schema) = cache
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(&key)
    {
        return schema;
    }
    let built = {
        let _guard = Building::enter(key, std::any::type_name::<T>());
        build()
    };
    let mut map = cache.lock().unwrap_or_else(PoisonError::into_inner);
    map.entry(key).or_insert_with(|| Box::leak(Box::new(built)))
}

thread_local! {
    /// The types whose schemas this thread is building, innermost last.
    static BUILDING: std::cell::RefCell<Vec<TypeId>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Marks a type's schema as being built on this thread, until dropped (also on unwind).
struct Building;

impl Building {
    fn enter(key: TypeId, name: &str) -> Building {
        let recursive = BUILDING.with(|b| {
            let mut b = b.borrow_mut();
            let recursive = b.contains(&key);
            if !recursive {
                b.push(key);
            }
            recursive
        });
        if recursive {
            panic!(
                "the schema of {name} contains itself (as a block or nested attribute), \
                 so it would be infinite"
            );
        }
        Building
    }
}

impl Drop for Building {
    fn drop(&mut self) {
        BUILDING.with(|b| {
            b.borrow_mut().pop();
        });
    }
}

#[cfg(test)]
mod tests;
