//! The engine: answers each RPC by decoding its values, calling the author's type and
//! checking and encoding what it answers. [`dispatch`] routes a request to the registered
//! type; one file per RPC family does the rest.

pub(crate) mod action;
pub(crate) mod call;
pub(crate) mod deprecation;
pub(crate) mod dispatch;
pub(crate) mod ephemeral;
pub(crate) mod functions;
pub(crate) mod generate_config;
pub(crate) mod identity;
pub(crate) mod list;
pub(crate) mod move_state;
pub(crate) mod plan;
pub(crate) mod refine;
pub(crate) mod registry;
pub(crate) mod resource;
pub(crate) mod rule_findings;
pub(crate) mod semantic;
pub(crate) mod stored;
