//! The provider process's main: `--schema-json`, debug mode or a plugin served to the
//! Terraform that started it, with the log level Terraform asked for.

use std::ffi::OsStr;
use std::io;
use std::process::ExitCode;
use std::time::Duration;

use tracing::error;
use tracing::level_filters::LevelFilter;

use crate::protocol::proto::tfplugin6::provider_server::Provider;
use crate::transport::debug::{
    check_address, debug_requested, serve_debug_until_signal, DEBUG_ENV_VAR,
};
use crate::transport::handshake::PluginEnv;
use crate::transport::record::{Recording, RECORD_VAR};
use crate::transport::schema_json::SchemaJson;
use crate::transport::serve::serve;

/// The log level asked for by `TF_LOG_PROVIDER`, else `TF_LOG` (Terraform's variables,
/// which Terraform passes on to its providers), else `info`. Values are matched without
/// regard to case; `json` means `trace` and any other unknown value means `trace`, as
/// Terraform reads them.
pub fn log_level(provider: Option<&OsStr>, global: Option<&OsStr>) -> LevelFilter {
    let chosen = [provider, global]
        .into_iter()
        .flatten()
        .find(|value| !value.is_empty());
    let Some(value) = chosen else {
        return LevelFilter::INFO;
    };
    match value.to_string_lossy().trim().to_ascii_lowercase().as_str() {
        "off" => LevelFilter::OFF,
        "error" => LevelFilter::ERROR,
        "warn" => LevelFilter::WARN,
        "info" => LevelFilter::INFO,
        "debug" => LevelFilter::DEBUG,
        _ => LevelFilter::TRACE,
    }
}

/// The filter directives for `level`: the level everywhere, but at most `info` for the
/// HTTP/2, gRPC and TLS libraries, whose debug output would drown the provider's own.
pub fn log_directives(level: LevelFilter) -> String {
    let libraries = level.min(LevelFilter::INFO);
    let mut directives = level.to_string();
    for target in crate::logging::TRANSPORT_CRATES {
        directives.push_str(&format!(",{target}={libraries}"));
    }
    directives
}

/// Installs a `tracing` subscriber writing go-hclog JSON lines to stderr, which go-plugin
/// files in Terraform's log under each line's own level, at the level `TF_LOG_PROVIDER`
/// or `TF_LOG` asks for (see [`log_level`]). Does nothing if a subscriber is already
/// installed.
pub fn init_logging() {
    let provider = std::env::var_os("TF_LOG_PROVIDER");
    let global = std::env::var_os("TF_LOG");
    let level = log_level(provider.as_deref(), global.as_deref());
    let filter = tracing_subscriber::EnvFilter::builder().parse_lossy(log_directives(level));
    // False only means that a subscriber is already installed.
    crate::logging::install(filter);
}

/// The whole `main` of a provider executable: reads the plugin environment (started by
/// hand, it prints why it should not be and exits with 1), sets up logging, and serves
/// `service` on a multi-threaded tokio runtime with stdout as the handshake channel.
/// Any error is printed to stderr and gives exit code 1.
pub fn run<S>(service: S) -> ExitCode
where
    S: Provider + SchemaJson,
{
    run_with(service, None)
}

/// [`run_with`] of `service`, recorded to the cassette that
/// [`RECORD_VAR`] names when it is set and not empty. A cassette that cannot be opened is
/// an error on stderr and exit code 1.
pub(crate) fn run_recorded_if_asked<S>(service: S, address: Option<&str>) -> std::process::ExitCode
where
    S: Provider + SchemaJson,
{
    match std::env::var_os(RECORD_VAR).filter(|path| !path.is_empty()) {
        None => run_with(service, address),
        Some(path) => match Recording::new(service, std::path::Path::new(&path)) {
            Ok(recording) => run_with(recording, address),
            Err(error) => {
                eprintln!("error: {RECORD_VAR}: {error}");
                std::process::ExitCode::FAILURE
            }
        },
    }
}

/// Whether Terraform started this process as its plugin: its handshake variables are set,
/// and neither `--schema-json` nor debug mode is asked for.
pub(crate) fn started_by_terraform() -> bool {
    let debug_env = std::env::var_os(DEBUG_ENV_VAR);
    PluginEnv::from_vars(std::env::vars_os()).is_ok()
        && crate::transport::schema_json::args::parse(std::env::args_os()).is_none()
        && !debug_requested(std::env::args_os().skip(1), debug_env.as_deref())
}

/// [`run`], knowing the provider's source `address`: with `-debug`/`--debug` on the
/// command line or `TFVALUE_PROVIDER_DEBUG` set, the provider serves in debug mode (no
/// Terraform, no magic cookie; see [`crate::debug`]) and prints the
/// `TF_REATTACH_PROVIDERS` line for `address`. Debug mode without an address is an
/// error (exit code 1). With `--schema-json` it prints the schema and exits.
pub fn run_with<S>(service: S, address: Option<&str>) -> ExitCode
where
    S: Provider + SchemaJson,
{
    // `--schema-json`: print the schema instead of serving (schema_json.rs).
    if let Some(exit) = crate::transport::schema_json::answer(&service, std::env::args_os()) {
        return exit;
    }
    let debug_env = std::env::var_os(DEBUG_ENV_VAR);
    let debug = debug_requested(std::env::args_os().skip(1), debug_env.as_deref());
    let mode = if debug {
        let Some(address) = address else {
            eprintln!(
                "error: debug mode needs the provider's source address: serve the provider \
                 with tfvalue_provider::serve_with(provider, \
                 ServeOptions::new().address(\"registry.terraform.io/<namespace>/<type>\"))"
            );
            return ExitCode::FAILURE;
        };
        if let Err(error) = check_address(address) {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
        Err(address)
    } else {
        match PluginEnv::from_vars(std::env::vars_os()) {
            Ok(env) => Ok(env),
            Err(error) => {
                eprintln!("{error}");
                return ExitCode::FAILURE;
            }
        }
    };
    init_logging();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("error: starting the async runtime failed: {error}");
            return ExitCode::FAILURE;
        }
    };
    // `Ok`: started by Terraform; `Err`: debug mode, for the address.
    let result = match mode {
        Ok(env) => runtime.block_on(serve(service, env, &mut io::stdout())),
        Err(address) => runtime.block_on(serve_debug_until_signal(service, address)),
    };
    // Connections still open after the grace period are cut here.
    runtime.shutdown_timeout(Duration::from_millis(100));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            error!(%error, "the provider stopped with an error");
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_level_prefers_tf_log_provider_then_tf_log() {
        let level = |provider: Option<&str>, global: Option<&str>| {
            log_level(provider.map(OsStr::new), global.map(OsStr::new))
        };
        assert_eq!(level(None, None), LevelFilter::INFO);
        assert_eq!(level(Some("debug"), Some("error")), LevelFilter::DEBUG);
        assert_eq!(level(None, Some("WARN")), LevelFilter::WARN);
        assert_eq!(level(Some(""), Some("Error")), LevelFilter::ERROR);
        assert_eq!(level(Some("off"), Some("trace")), LevelFilter::OFF);
        assert_eq!(level(None, Some("json")), LevelFilter::TRACE);
        assert_eq!(level(None, Some("1")), LevelFilter::TRACE);
        assert_eq!(level(Some(" info "), None), LevelFilter::INFO);
    }

    #[test]
    fn library_logs_are_capped_at_info() {
        assert_eq!(
            log_directives(LevelFilter::TRACE),
            "trace,h2=info,hyper=info,hyper_util=info,tower=info,tonic=info,rustls=info,\
             tokio_rustls=info"
        );
        assert_eq!(
            log_directives(LevelFilter::WARN),
            "warn,h2=warn,hyper=warn,hyper_util=warn,tower=warn,tonic=warn,rustls=warn,\
             tokio_rustls=warn"
        );
        for level in [LevelFilter::OFF, LevelFilter::ERROR, LevelFilter::DEBUG] {
            let directives = log_directives(level);
            assert!(
                tracing_subscriber::EnvFilter::try_new(&directives).is_ok(),
                "{directives}"
            );
        }
    }
}
