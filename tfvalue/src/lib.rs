//! tfvalue: Terraform's type system and its wire codecs, byte-exact with Terraform.
//!
//! Terraform sends every configuration, plan and state to a provider as a `DynamicValue`:
//! MessagePack (or, rarely, JSON) encoded against the schema's type. tfvalue decodes those
//! bytes straight into your Rust types with serde, carrying Terraform's null and unknown
//! ("known after apply") values at any depth, and encodes them back exactly as Terraform's
//! own library (go-cty) would.
//!
//! ```
//! use serde::{Deserialize, Serialize};
//! use tfvalue::{Nullable, Unknown};
//!
//! // A model whose attributes are in byte order, as Terraform writes them.
//! #[derive(Serialize, Deserialize, Debug)]
//! struct Disk {
//!     id: Unknown<Nullable<String>>,
//!     size_gb: u32,
//! }
//!
//! // {"id": <unknown>, "size_gb": 20}: what Terraform sends at plan time.
//! let bytes = [0x82, 0xa2, b'i', b'd', 0xd4, 0x00, 0x00, 0xa7, b's', b'i', b'z', b'e', b'_', b'g', b'b', 0x14];
//! let disk: Disk = tfvalue::msgpack::from_slice(&bytes)?;
//! assert!(disk.id.is_unknown());
//! assert_eq!(disk.size_gb, 20);
//! assert_eq!(tfvalue::msgpack::to_vec(&disk)?, bytes);
//!
//! // The same bytes as a dynamic `Value`, decoded against a type.
//! let ty = tfvalue::Type::from_json(br#"["object",{"id":"string","size_gb":"number"}]"#)?;
//! let value = tfvalue::Value::from_msgpack(&bytes, &ty)?;
//! assert_eq!(value.unknown_paths()[0].to_string(), ".id");
//! assert_eq!(value.to_msgpack(&ty)?, bytes);
//!
//! // Errors say where and what, in Terraform's terms.
//! let err = tfvalue::msgpack::from_slice::<Disk>(&[0x82, 0xa2, b'i', b'd', 0xc0, 0xa7,
//!     b's', b'i', b'z', b'e', b'_', b'g', b'b', 0xa1, b'x']).unwrap_err();
//! assert_eq!(err.to_string(), r#".size_gb: expected number, found the string "x""#);
//! # Ok::<(), tfvalue::Error>(())
//! ```
//!
//! # Models: `#[derive(TfSchema)]`
//!
//! One declaration gives the Terraform schema and the wire codec, checked when the program
//! is compiled:
//!
//! ```
//! use std::collections::BTreeMap;
//! use tfvalue::{Nullable, TfSchema, Unknown};
//! use tfvalue::schema::TfSchema as _;
//!
//! /// A virtual machine.
//! #[derive(TfSchema, Debug)]
//! #[tf(version = 1)]
//! struct Vm {
//!     /// The machine's id, known after apply.
//!     #[tf(computed)]
//!     id: Unknown<Nullable<String>>,
//!     /// Its name.
//!     name: String,
//!     /// Tags.
//!     tags: Unknown<Nullable<BTreeMap<String, String>>>,
//!     #[tf(block(list, max_items = 8))]
//!     disk: Vec<Disk>,
//! }
//!
//! #[derive(TfSchema, Debug)]
//! struct Disk {
//!     /// Size in GiB.
//!     size_gb: Unknown<u32>,
//! }
//!
//! let schema = Vm::schema();
//! assert_eq!(schema.version, 1);
//! assert!(schema.block.attributes.iter().any(|a| a.name == "id" && a.computed));
//! // {"disk": [{"size_gb": 20}], "id": null, "name": "vm", "tags": <unknown>}
//! let bytes = [0x84, 0xa4, b'd', b'i', b's', b'k', 0x91, 0x81, 0xa7, b's', b'i', b'z', b'e',
//!     b'_', b'g', b'b', 0x14, 0xa2, b'i', b'd', 0xc0, 0xa4, b'n', b'a', b'm', b'e', 0xa2, b'v',
//!     b'm', 0xa4, b't', b'a', b'g', b's', 0xd4, 0, 0];
//! let vm: Vm = tfvalue::msgpack::from_slice(&bytes)?;
//! assert!(vm.tags.is_unknown());
//! assert_eq!(tfvalue::msgpack::to_vec(&vm)?, bytes);
//! # Ok::<(), tfvalue::Error>(())
//! ```
//!
//! ## Rust types and Terraform types
//! | Rust | Terraform |
//! |---|---|
//! | `String`, `&str`, `Cow<str>`, `char` | `string` |
//! | `bool` | `bool` |
//! | every integer and float type, [`Number`] | `number` (exact; checked conversions) |
//! | `Vec<T>` | `list(T)` |
//! | `BTreeSet<T>`, `HashSet<T>`, [`set::Set<T>`] (wire order, no `Ord`/`Hash` needed) | `set(T)` |
//! | `BTreeMap<String, T>`, `HashMap<String, T>`, [`map::Map<T>`] (sorted vector, linear decoding) | `map(T)` |
//! | tuples | `tuple([...])` |
//! | a struct deriving `TfSchema` | `object({...})`; its attributes that are not required are optional in it |
//! | [`Value`] | `dynamic` |
//! | `Option<T>`, [`Nullable<T>`], [`Unknown<T>`] | transparent: may be null / unknown |
//! | [`custom_types::Rfc3339`], [`custom_types::NormalizedJson`] | `string`, with the type's own validation and semantic equality ([`custom_types`]) |
//!
//! ## Field attributes
//! - (none): a **required** attribute, or an **optional** one when the type declares null
//!   (`Option`/`Nullable`, possibly under `Unknown`). The type decides, not how it is
//!   written ([`TfType::DECLARES_NULL`]): a field of an alias
//!   `type Tags = Unknown<Nullable<BTreeMap<String, String>>>` is optional as the spelled-out
//!   type is, and in a struct with type parameters each instantiation decides. A [`Value`]
//!   field can be null without declaring it: it is required unless marked `optional`.
//! - `#[tf(required)]` (the type must not declare null, but for write-only attributes),
//!   `#[tf(optional)]` (the type must hold null; a `Value` field needs it to be optional),
//!   `#[tf(computed)]` (the type must hold unknown and null: `Unknown<Nullable<T>>`),
//!   `#[tf(optional, computed)]`, `#[tf(sensitive)]`, `#[tf(deprecated)]`. Each flag is
//!   checked against the type itself ([`TfType::CAN_BE_NULL`], [`TfType::CAN_BE_UNKNOWN`]),
//!   so an alias is judged as the type it names, with one compile error on the field's type;
//!   in a struct with type parameters, against the type as written.
//! - `#[tf(write_only)]`: a write-only attribute (Terraform 1.11 and later): set in the
//!   configuration, always null in plan and state, so its type must hold null
//!   (`Nullable<T>`, `Option<T>`, `Unknown<Nullable<T>>`; checked through
//!   [`TfType::CAN_BE_NULL`], so an alias of one works too). Optional as usual, or
//!   `#[tf(required, write_only)]` on a nullable type; never `computed`, and not on blocks.
//!   Not inside a SET block or SET nested attribute (Terraform's rule,
//!   [`Schema::validate`](schema::Schema::validate)). The provider framework nulls them in
//!   what it returns ([`schema::Block::null_write_only`]).
//! - `#[tf(deprecation_message = "Use `region` instead.")]`: deprecated, with the text of
//!   Terraform's warning (not empty; it implies `deprecated`, which is not written beside
//!   it). Set in a configuration, the provider warns with the summary "Attribute
//!   Deprecated" ("Block Deprecated" for a block) and this text as the detail. On attributes, nested attributes and blocks (`#[tf(block, deprecated)]` works too);
//!   on the struct for the resource, data source or provider as a whole.
//! - `#[tf(description = "...")]` (default: the field's doc comment),
//!   `#[tf(description_kind = markdown)]` (or `plain`), `#[tf(rename = "name")]`.
//! - `#[tf(block)]`: a nested block of a struct deriving `TfSchema`; the nesting follows the
//!   container: `Vec` → LIST, set types → SET, `BTreeMap<String, _>` → MAP, `Option<T>` →
//!   SINGLE; or explicit: `block(list)`, `block(set)`, `block(map)`, `block(single)`,
//!   `block(group)` (never null: the field is the struct itself), with
//!   `min_items = N` / `max_items = N` for list and set blocks (checked only when nothing
//!   inside is unknown, as Terraform does). A whole collection may arrive unknown (a
//!   `dynamic` block with an unknown `for_each`): use `Unknown<Vec<T>>` and friends.
//! - `#[tf(nested)]`: a protocol-6 nested attribute, with the same inference (`single`,
//!   `list`, `set`, `map`) and the flags of attributes.
//! - `#[tf(flatten)]` on a field whose type is another model struct (deriving `TfSchema`,
//!   without generic parameters): that struct's attributes and blocks are this struct's,
//!   as if declared here, in schema, object type, wire bytes (all names in byte order),
//!   unknown paths, the `Known`/`Planned` companions (which hold the field as the
//!   flattened struct's companion) and declared rules; struct-level combinations may name
//!   them. Alone on its field (no other key), and not in a struct with generic parameters.
//!   A name declared twice (here and in the flattened struct, or in two flattened structs)
//!   is a compile error naming it, on the flattened field's type. Flattening shares
//!   declarations, not code: a computed attribute of the group is still the plan and apply
//!   of each resource to fill in (a function both call).
//!
//! ## Defaults, plan modifiers and validators
//! Declared on attributes and nested attributes (inside nested objects and blocks too);
//! the provider framework (tfvalue-provider) applies them, so a resource's `plan` and
//! `validate` hold only what is particular to it. Validators skip null and unknown values,
//! as Terraform's do, and speak terraform-plugin-framework-validators' sentences
//! ("Attribute length value must be at least 1, got: 0"). Each key is checked against the
//! field's type when the program is compiled (a string length on a number, a default of
//! the wrong type: errors on the field, naming the key).
//! - `default = "text"`, `default = 8`, `default = true`, `default = make_default` (a
//!   `fn() -> T`): the attribute becomes optional and computed (its type must be
//!   `Unknown<Nullable<T>>`), and the plan holds the default wherever the configuration
//!   leaves it null.
//! - `use_state_for_unknown`: a computed attribute keeps its prior value, null included,
//!   where an update's plan would make it "known after apply" (terraform-plugin-framework's
//!   `UseStateForUnknown`). `use_non_null_state_for_unknown` keeps only a non-null prior
//!   value (`UseNonNullStateForUnknown`): after a null the attribute is "known after
//!   apply". (An update that changes nothing plans no computed attribute unknown, with or
//!   without them.)
//! - `element_key` on an attribute of a struct used as the element of a list, set or map
//!   (a configured string, number or bool; several make a composite key): the modifiers of
//!   an element compare it with the prior element of equal key, so a set element keeps
//!   its own computed values when others are added or removed. Without one, list elements
//!   are compared by position, map elements by key, set elements not at all.
//! - `requires_replace`: a change of the value replaces the object;
//!   `requires_replace_if = f` with `fn f(prior: &T, planned: &T) -> Result<bool, E>`
//!   decides per change; its error (a sentence, a whole `rules::Invalid`, or
//!   `Infallible`) fails the plan at the attribute. Both run on updates only (a create has
//!   no prior value), after the validators: a value a validator refuses never reaches them.
//! - `refine(...)` on a computed attribute: what Terraform may rely on while the planned
//!   value is unknown, so that `count = x.arn != null ? 1 : 0` plans. `not_null`,
//!   `prefix = "arn:"` (strings), `at_least = N` / `at_most = N` (inclusive) and
//!   `greater_than = N` / `less_than = N` (exclusive) for numbers, `length(min = N, max =
//!   N)` for lists, sets and maps. Checked against the type when the program is compiled
//!   (and for contradictions); the applied value must keep the promise, or the apply
//!   fails at the attribute ([`rules`]).
//! - Validators: `length(min = 1, max = 64)` (string, in characters), `size(min, max)`
//!   (list, set, map), `at_least = N`, `at_most = N`, `between(min = A, max = B)`
//!   (numbers), `one_of("a", "b")` (strings or numbers), `regex = "^[a-z]+$"` with an
//!   optional `regex_message = "..."` (either may name a `&str` const instead, `regex =
//!   PATTERN`: a literal pattern is checked when the program is compiled, a const one when
//!   the provider starts), `at_least_sum_of(a, b)` (a number at least the sum
//!   of sibling attributes), `at_least_one_true(a, b)` (this bool or a sibling is true),
//!   `validate = f` with `fn f(value: &T) -> Result<(), String>` (`T` may be borrowed:
//!   `&str`). Every failed validator is an error at its attribute in
//!   terraform-plugin-framework-validators' words ("Invalid Attribute Value", "... Value
//!   Length" for `length`, "... Value Match" for `one_of` and `regex`); a `validate`
//!   function's message ends the sentence of its detail, `Attribute <name> <message>`,
//!   the way the built-in validators word theirs: return `must be a
//!   duration such as "30s", found "10x"`, not a parser's own text. A diagnostic of the
//!   author's own wording, summary and whole detail, is `Err(`[`rules::Invalid::diagnostic`]`)`
//!   (the function's error type is then `rules::Invalid`). Null and unknown values are not
//!   checked.
//! - `exactly_one_of(b, c)` on a field: this attribute and its siblings `b`, `c` have
//!   exactly one configured, told at this attribute as terraform-plugin-framework-validators'
//!   `ExactlyOneOf` tells it ("Invalid Attribute Combination": "No attribute specified when
//!   one (and only one) of `[b,c]` is required", "2 attributes specified when ..."). Unlike the
//!   validators it runs when the attribute is null; it waits while any of them is unknown.
//!   Declared on each attribute of the group, it gives one error per attribute, as a Go
//!   provider does.
//! - `conflicts_with(b, c)`, `required_with(b, c)` and `at_least_one_of(b, c)` on a field:
//!   the Go validators' `ConflictsWith`, `AlsoRequires` and `AtLeastOneOf`, told at this
//!   attribute, one error per sibling: `Attribute "b" cannot be specified when "a" is
//!   specified`, `Attribute "b" must be specified when "a" is specified` (both when this
//!   attribute is configured), `At least one attribute out of [b,c,a] must be specified`
//!   (when it is null).
//! - On the struct: `conflicts_with(a, b)`, `exactly_one_of(a, b)`, `at_least_one_of(a,
//!   b)`, `required_with(a, b)` (all or none; each may be repeated), told as the Go
//!   `resourcevalidator`s tell them (at the first configured attribute named, or "Missing
//!   Attribute Configuration" for the object), and `validate = f`
//!   with `fn f(model: &Self) -> tfvalue::Result<()>` (an error built with
//!   [`Error::new`] and placed with [`Error::in_attr`]).
//!
//! ```
//! use tfvalue::{Nullable, TfSchema, Unknown};
//!
//! #[derive(TfSchema)]
//! #[tf(conflicts_with(override_special, min_special))]
//! struct Password {
//!     #[tf(at_least = 1, at_least_sum_of(min_upper, min_special), requires_replace)]
//!     length: i64,
//!     #[tf(default = true, requires_replace)]
//!     upper: Unknown<Nullable<bool>>,
//!     #[tf(default = 0, requires_replace)]
//!     min_upper: Unknown<Nullable<i64>>,
//!     #[tf(optional, at_most = 8)]
//!     min_special: Unknown<Nullable<i64>>,
//!     #[tf(optional, length(min = 1), regex = "^[!-/]+$")]
//!     override_special: Unknown<Nullable<String>>,
//!     #[tf(computed, sensitive, use_state_for_unknown)]
//!     result: Unknown<Nullable<String>>,
//! }
//!
//! let upper = Password::schema().block.find_attribute("upper").unwrap();
//! assert!(upper.optional && upper.computed);
//! let rules = Password::rules();
//! assert!(rules.find("length").unwrap().replaces());
//! assert!(rules.find("result").unwrap().keeps_state_for_unknown());
//! ```
//!
//! ## Struct attributes
//! `#[tf(version = N)]` (the schema version), `#[tf(deprecated)]` or
//! `#[tf(deprecation_message = "Use example_vm_v2.")]`, `#[tf(description = "...")]` (default: the doc comment), `#[tf(description_kind = ...)]`,
//! `#[tf(known_derive(Debug, Clone, ...))]` (derives for the companion types below),
//! `#[tf(crate = "path")]` or `#[tf(crate = path)]` (where generated code finds tfvalue,
//! `::tfvalue` by default: for a crate that re-exports tfvalue to its users, e.g.
//! `#[tf(crate = "framework::tfvalue")]`).
//!
//! A block's description is the block field's (its `description` key, else its doc
//! comment), or else what the block struct declares with `#[tf(description = "...")]`
//! ([`schema::TfSchema::block_description`]); never the
//! struct's doc comment, which is written for Rust readers (code samples, links).
//!
//! Write-only attributes and deprecations:
//!
//! ```
//! use tfvalue::{Nullable, TfSchema, Unknown};
//!
//! #[derive(TfSchema)]
//! #[tf(deprecation_message = "Use example_database_v2.")]
//! struct Database {
//!     name: String,
//!     /// Sent on create and update; Terraform never stores it.
//!     #[tf(write_only, sensitive)]
//!     password: Nullable<String>,
//!     /// May come from an ephemeral resource, unknown while planning.
//!     #[tf(required, write_only)]
//!     token: Unknown<Nullable<String>>,
//!     #[tf(deprecation_message = "Use `region`.")]
//!     zone: Option<String>,
//!     #[tf(block, deprecated)]
//!     backup: Option<Backup>,
//! }
//!
//! #[derive(TfSchema)]
//! struct Backup {
//!     bucket: String,
//! }
//!
//! let block = &Database::schema().block;
//! assert!(block.deprecated);
//! assert_eq!(block.deprecation_message.as_deref(), Some("Use example_database_v2."));
//! let password = block.find_attribute("password").unwrap();
//! assert!(password.write_only && password.optional && password.sensitive);
//! let token = block.find_attribute("token").unwrap();
//! assert!(token.write_only && token.required);
//! let zone = block.find_attribute("zone").unwrap();
//! assert_eq!(zone.deprecation_message.as_deref(), Some("Use `region`."));
//! assert!(block.find_block_type("backup").unwrap().block.deprecated);
//! ```
//!
//! ## Plan time and apply time
//! The derive also generates two companion types, so that apply-time code reads known data
//! without unwrapping each field:
//! - `<Name>Known`, the model with every `Unknown<T>` replaced by its known form, and
//!   [`IntoKnown::into_known`], which converts a model into it or fails with one error
//!   listing the path of every unknown value: for what holds no unknown at all (the
//!   configuration at apply time, a prior state).
//! - `<Name>Planned`, the planned model of `create` and `update`: every configured value in
//!   its known form, every computed attribute (`#[tf(computed)]`, in nested blocks and
//!   objects too) as the model holds it, for the provider to fill in.
//!   [`IntoPlanned::into_planned`] converts into it, failing only when a configured value
//!   is unknown, and `Name::from(planned)` (or `.into()`) gives the model back, the state
//!   to return.
//!
//! [`UnknownPaths`] lists the unknowns without converting. The companions derive nothing
//! unless asked: `#[tf(known_derive(Debug, Clone))]` applies to both. A model kept in a
//! `BTreeSet` or `HashSet` (a SET block or a set of objects) needs companions that can be
//! kept there too: declare `#[tf(known_derive(PartialEq, Eq, PartialOrd, Ord))]` (or
//! `Hash`) on it, or use [`set::Set`], which needs neither.
//!
//! ```
//! use tfvalue::{IntoPlanned as _, Nullable, TfSchema, Unknown};
//!
//! #[derive(TfSchema)]
//! struct Bucket {
//!     name: Unknown<String>,
//!     #[tf(computed)]
//!     arn: Unknown<Nullable<String>>,
//! }
//!
//! // What `create` receives: `arn` is known after apply.
//! let planned = Bucket { name: Unknown::known("logs".to_owned()), arn: Unknown::unknown() };
//! let mut bucket: BucketPlanned = planned.into_planned()?;
//! bucket.arn = Some(format!("arn:aws:s3:::{}", bucket.name)).into(); // `name` is a String
//! let state = Bucket::from(bucket);
//! assert_eq!(state.arn.as_value().map(String::as_str), Some("arn:aws:s3:::logs"));
//! # Ok::<(), tfvalue::Error>(())
//! ```
//!
//! Mistakes are compile errors on the offending token, all reported at once: unknown or
//! duplicate keys, a block of a type that is not a model, MAP nesting without string keys,
//! `min_items > max_items`, `write_only` with `computed` or on a block, an empty
//! deprecation message or one beside `deprecated`, two fields with one Terraform name,
//! enums and tuple structs; a validator on a type it cannot check, a default of the wrong
//! type or on a `required` or `write_only` attribute, `use_state_for_unknown` on an
//! attribute that is not computed, plan keys on a block, a regular expression that does
//! not compile, a sibling name that is not an attribute of the struct. What needs the
//! field's type itself is checked by constant assertions in the generated code, on the
//! field's type, once the keys are right: `required` on a type that declares null,
//! `optional` on one that cannot be null, `computed` (or a `default`, which implies it) on
//! one that cannot be unknown or null, `write_only` on one that cannot be null, a dynamic
//! attribute inside a SET block.
//!
//! # Overview
//! - [`Type`]: Terraform's types, parsed from and printed to the JSON type-constraint syntax.
//! - [`Number`]: exact arbitrary-precision numbers with an allocation-free fast path.
//! - [`Nullable<T>`] and [`Unknown<T>`]: null and unknown at any depth;
//!   `Unknown<Nullable<T>>` is the full state of an attribute. [`Refinements`] describe what
//!   is known about an unknown value.
//! - [`Value`]: a value of any type, decoded and encoded against a [`Type`]; also the Rust
//!   type of `dynamic` attributes.
//! - [`msgpack`] and [`json`]: serde codecs for any type, following Terraform's rules.
//! - [`DynamicValue`]: the protocol message's two encodings.
//! - [`Error`]: one error type, carrying the [`AttributePath`] of the value concerned.
//!
//! ARCHITECTURE.md in the repository explains the design decisions.

#![deny(missing_docs)]

/// Support for the code `#[derive(TfSchema)]` writes. Its name carries the crate version
/// (the derive writes the name of its own version), so a derive and a runtime of different
/// releases fail to compile together instead of misbehaving.
#[doc(hidden)]
#[path = "derive_support.rs"]
pub mod __private_0_1_0;
mod bulk_map;
pub mod custom_types;
pub mod dynamic_value;
pub mod error;
mod go_json;
mod invalid;
pub mod json;
pub mod known;
pub mod limits;
pub mod map;
pub mod msgpack;
pub mod nullable;
pub mod number;
pub mod path;
pub mod refinements;
pub mod rules;
pub mod schema;
mod scratch;
mod semantics;
mod ser_macros;
pub mod set;
mod text;
pub mod tf_type;
#[doc(hidden)]
pub mod tokens;
pub mod types;
pub mod unknown;
pub mod upgrade;
pub mod value;

pub use custom_types::CustomType;
pub use dynamic_value::DynamicValue;
pub use error::{Error, ErrorKind, Result};
pub use known::{IntoKnown, IntoPlanned, UnknownPaths};
pub use map::Map;
pub use nullable::Nullable;
pub use number::Number;
pub use path::{AttributePath, PathStep};
pub use refinements::Refinements;
pub use schema::TfSchema;
pub use set::Set;
pub use tf_type::TfType;
/// Derives the schema and the wire codec of a model struct (see the crate documentation).
pub use tfvalue_derive::TfSchema;
pub use types::{ObjectType, Type};
pub use unknown::Unknown;
pub use upgrade::{upgrade_state, NoPrevious, StateVersion, Upgrades};
pub use value::{Readable, Value};
