//! The example providers' executables without Terraform: the port of
//! hashicorp/terraform-provider-local's schemas against upstream's, the committed registry
//! documentation regenerated, and what the providers' TLS is built with.

/// tfvalue-cli's documentation generator (`tfvalue-cli docs`), compiled in at the crate root
/// (its modules name each other from there) for `provider_docs`.
#[allow(dead_code)]
#[path = "../../tfvalue-cli/src/docs/mod.rs"]
mod docs;

mod local_schema;
mod provider_docs;
mod tls_entropy;
