//! End to end: the real Terraform CLI drives the example providers (`examples/`) and the
//! test providers (`tests/support/`), through tfvalue-testing, once per Terraform version
//! found (`terraform` on PATH and each path in `TFVALUE_TERRAFORM_EXTRA`). One binary: each
//! module is one family of behaviour; a part a Terraform version lacks is skipped with the
//! reason printed on stderr.

/// The example provider `localfs` (`examples/localfs`), compiled into this binary once so
/// that tests can serve it in process and read its models' schemas.
#[allow(dead_code)]
#[path = "../../examples/localfs/provider.rs"]
mod localfs_example;

mod actions;
mod cassettes;
mod computed_blocks;
mod debug_mode;
mod deprecation;
mod element_modifiers;
mod ephemeral;
mod faults;
mod functions;
mod identity;
mod local;
mod localfs;
mod logging;
mod moved;
mod provider_meta;
mod random;
mod refinements;
mod refresh;
mod schema_json;
mod state_upgrade;
mod timeouts;
mod unicode;
mod warnings_and_drift;
