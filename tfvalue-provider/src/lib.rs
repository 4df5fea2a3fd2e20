//! Serve `tfvalue`-derived models to Terraform as a provider plugin (protocol 6).
#![deny(missing_docs)]

pub mod proto;

mod handshake;
mod serve;
mod tls;

#[doc(hidden)]
pub mod __private;
