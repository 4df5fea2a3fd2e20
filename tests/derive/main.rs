//! `#[derive(TfSchema)]` through its public output: every form a model can take, the
//! schema and codec it derives, its decoding errors, the lints its code passes, flattened
//! models, state upgrades, and the Terraform capture as a typed model.

mod dynamic_blocks;
mod errors;
mod flatten;
mod forms;
pub mod lints;
mod probe;
mod upgrade;
