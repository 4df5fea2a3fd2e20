//! What provider authors implement and call: the traits of the provider and its types, the
//! values they are handed and answer with ([`Context`](crate::Context),
//! [`Diagnostics`](crate::Diagnostics), [`Plan`](crate::Plan), ...) and the [`Registry`](crate::Registry)
//! they register their types in. Nothing here knows the protocol's messages or the engine.

pub(crate) mod action;
pub(crate) mod allocator;
pub(crate) mod apply_error;
pub(crate) mod context;
pub(crate) mod data_source;
pub(crate) mod diagnostics;
pub(crate) mod ephemeral_resource;
pub(crate) mod function;
pub(crate) mod function_args;
pub(crate) mod function_error;
pub(crate) mod go_duration;
pub(crate) mod identity;
pub(crate) mod list_resource;
pub(crate) mod model;
pub(crate) mod move_state;
pub(crate) mod private;
pub(crate) mod provider;
pub(crate) mod provider_meta;
pub(crate) mod registry;
pub(crate) mod requests;
pub(crate) mod resource;
pub(crate) mod stop;
pub(crate) mod timeouts;
