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

mod attribute_flags;
mod common;
mod computed_blocks;
mod derived_tf_type;
mod dynamic_blocks;
mod generics;
mod item_limits;
mod json_codec;
mod known_companion;
mod macro_fields;
mod map_type;
mod nested_attributes;
mod nested_blocks;
mod planned_companion;
mod rust_types;
mod type_aliases;
mod write_only_and_deprecation;
