//! Every form of `#[derive(TfSchema)]`: each attribute flag, each Rust type mapping, each
//! block nesting (inferred and explicit) and nested-attribute nesting, unknown block
//! collections, item limits, generic structs and lifetimes, the derived `TfType`, the JSON
//! codec, the known and planned companion types, write-only attributes and deprecation
//! messages, computed blocks, fields a `macro_rules!` adds, and models spelled with type
//! aliases (flags decided by the types). Each is
//! checked three ways: the emitted schema (in full), decoding Terraform's bytes, and
//! encoding back to exactly those bytes.
//!
//! Terraform's bytes are built with tfvalue's dynamic `Value`, decoded from Terraform's JSON
//! form of a value against the schema's object type (`Schema::object_type`, the type
//! Terraform encodes against) and encoded to MessagePack.
//!
//! A model collected in a `BTreeSet<T>` or `HashSet<T>` (as blocks or as an object-typed
//! attribute) needs its companion `TKnown` to be `Ord` or `Eq + Hash` too, so it declares
//! `#[tf(known_derive(...))]` (`ordered_and_hashed_sets_of_models`); without it the model
//! holding the set does not compile. Elsewhere sets of models use `tfvalue::set::Set<T>`.

#[path = "derive_forms/attribute_flags.rs"]
mod attribute_flags;
#[path = "derive_forms/common.rs"]
mod common;
#[path = "derive_forms/computed_blocks.rs"]
mod computed_blocks;
#[path = "derive_forms/derived_tf_type.rs"]
mod derived_tf_type;
#[path = "derive_forms/dynamic_blocks.rs"]
mod dynamic_blocks;
#[path = "derive_forms/generics.rs"]
mod generics;
#[path = "derive_forms/item_limits.rs"]
mod item_limits;
#[path = "derive_forms/json_codec.rs"]
mod json_codec;
#[path = "derive_forms/known_companion.rs"]
mod known_companion;
#[path = "derive_forms/macro_fields.rs"]
mod macro_fields;
#[path = "derive_forms/map_type.rs"]
mod map_type;
#[path = "derive_forms/nested_attributes.rs"]
mod nested_attributes;
#[path = "derive_forms/nested_blocks.rs"]
mod nested_blocks;
#[path = "derive_forms/planned_companion.rs"]
mod planned_companion;
#[path = "derive_forms/rust_types.rs"]
mod rust_types;
#[path = "derive_forms/type_aliases.rs"]
mod type_aliases;
#[path = "derive_forms/write_only_and_deprecation.rs"]
mod write_only_and_deprecation;
