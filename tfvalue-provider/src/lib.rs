//! Serve `tfvalue`-derived models to Terraform as a provider plugin (protocol 6).
#![deny(missing_docs)]

pub mod proto;
