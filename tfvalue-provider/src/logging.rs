//! Logging as Terraform reads it: go-hclog JSON lines on stderr ([`HclogLayer`]), the
//! level Terraform asks for, and the log of every RPC with its request id (`rpc.rs`).
//!
//! Terraform starts a provider with its own environment, `TF_LOG` and `TF_LOG_PROVIDER`
//! included, and reads the provider's stderr through go-plugin, which files each JSON line
//! under the line's own `@level` and drops what is below the level `TF_LOG_PROVIDER` (else
//! `TF_LOG`) asks for. The provider filters by the same variables itself, so that nothing
//! it would drop is formatted at all.

#[cfg(test)]
pub(crate) mod captured;
mod hclog_layer;
mod redact;
mod request_id;
pub(crate) mod rpc;
mod timestamp;

pub use hclog_layer::HclogLayer;

use tracing_subscriber::layer::SubscriberExt as _;
use tracing_subscriber::util::SubscriberInitExt as _;
use tracing_subscriber::EnvFilter;

/// The crates of the gRPC, HTTP/2 and TLS stack: their events are `@module`
/// `sdk.transport`, and the filter keeps them at `info` or less (their debug output would
/// drown the provider's own).
pub(crate) const TRANSPORT_CRATES: [&str; 7] = [
    "h2",
    "hyper",
    "hyper_util",
    "tower",
    "tonic",
    "rustls",
    "tokio_rustls",
];

/// The `@module` of an event with this target (by default, the Rust module that logged
/// it): `provider` for the provider's own code and the libraries it calls, or the target
/// itself when it names a subsystem (`provider.<name>`, as `tracing::warn!(target:
/// "provider.api", ...)` writes it, the way terraform-plugin-log names subsystems);
/// `sdk.proto` for the log of each RPC, `sdk.framework` for the rest of this framework,
/// `sdk.transport` for the gRPC and TLS libraries.
pub(crate) fn module_for_target(target: &str) -> &str {
    let krate = target.split("::").next().unwrap_or(target);
    if target == "provider" || target.starts_with("provider.") {
        target
    } else if target.starts_with(concat!(module_path!(), "::rpc")) {
        "sdk.proto"
    } else if krate == "tfvalue_provider" || krate == "tfvalue" {
        "sdk.framework"
    } else if TRANSPORT_CRATES.contains(&krate) {
        "sdk.transport"
    } else {
        "provider"
    }
}

/// Installs, as the global default, a subscriber writing hclog JSON lines to stderr
/// through `filter`. Returns false (and changes nothing) when a subscriber is already
/// installed: a provider or test that installed its own keeps it.
pub(crate) fn install(filter: EnvFilter) -> bool {
    tracing_subscriber::registry()
        .with(filter)
        .with(HclogLayer::new())
        .try_init()
        .is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modules_follow_terraform_plugin_logs_names() {
        assert_eq!(
            module_for_target("tfvalue_provider::logging::rpc"),
            "sdk.proto"
        );
        assert_eq!(
            module_for_target("tfvalue_provider::dispatch"),
            "sdk.framework"
        );
        assert_eq!(module_for_target("tfvalue_provider"), "sdk.framework");
        assert_eq!(module_for_target("tfvalue::json"), "sdk.framework");
        assert_eq!(module_for_target("h2::codec"), "sdk.transport");
        assert_eq!(module_for_target("rustls::server"), "sdk.transport");
        assert_eq!(module_for_target("provider"), "provider");
        assert_eq!(module_for_target("provider.api"), "provider.api");
        assert_eq!(module_for_target("terraform_provider_localfs"), "provider");
        assert_eq!(module_for_target("reqwest::connect"), "provider");
        assert_eq!(module_for_target("providers::x"), "provider");
        assert_eq!(module_for_target("tfvalue_provider_extra"), "provider");
    }
}
