//! The shape of the crates, checked: the module layering of every crate, and public APIs
//! that do what they say.

mod honest_apis;
mod module_graph;
