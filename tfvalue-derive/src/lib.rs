//! `#[derive(TfSchema)]` for tfvalue.
//!
//! This crate is filled in by the derive issue; the core crate `tfvalue` does not depend on it yet.
