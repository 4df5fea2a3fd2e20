//! Records the example providers' cassettes (`examples/<provider>/cassettes/`) with every
//! Terraform found, one file per provider and version, for their unit tests to replay
//! without Terraform. Skipped unless `TFVALUE_RECORD_CASSETTES=1`; recording again is
//!
//! ```text
//! TFVALUE_RECORD_CASSETTES=1 CI=true TFVALUE_TERRAFORM_EXTRA=/work/main/.ci/tf-shim/terraform-1.15 \
//!     cargo test --test e2e cassettes::
//! ```
//!
//! The configurations give the providers nothing that changes from run to run: the random
//! values are seeded, the passwords' values are redacted (sensitive), localfs's functions
//! are pure and its root is relative, and local's command prints a constant and its
//! function asks about the working directory, which exists wherever it is replayed.

use crate::localfs_example as localfs;

use std::io::Write as _;
use std::path::PathBuf;

use tfvalue_testing::{terraforms, Cassette, Step, Terraform, Test, TestProvider};

/// The environment variable that asks for the recording.
const RECORD_CASSETTES_VAR: &str = "TFVALUE_RECORD_CASSETTES";

const RANDOM_ADDRESS: &str = "example.com/tfvalue/random";
const RANDOM_EXE: &str = env!("CARGO_BIN_EXE_terraform-provider-random");

/// Seeded values (the same each run) and a password (redacted in the cassette).
const RANDOM_CONFIG: &str = r#"
resource "random_integer" "port" {
  min  = 1000
  max  = 9999
  seed = "tfvalue"
}

resource "random_shuffle" "zones" {
  input        = ["a", "b", "c", "d", "e"]
  result_count = 3
  seed         = "tfvalue"
}

resource "random_password" "db" {
  length  = 20
  special = false
}

output "port" {
  value = random_integer.port.result
}
"#;

const LOCAL_ADDRESS: &str = "example.com/tfvalue/local";
const LOCAL_EXE: &str = env!("CARGO_BIN_EXE_terraform-provider-local");

/// local's command data source and its function: nothing that writes a file, so that a
/// replay leaves no trace where it runs.
const LOCAL_CONFIG: &str = r#"
data "local_command" "greeting" {
  command   = "echo"
  arguments = ["hello", "cassette"]
}

output "said" {
  value = data.local_command.greeting.stdout
}

output "here" {
  value = provider::local::direxists(".")
}
"#;

/// localfs's functions, with a root relative to the working directory.
const LOCALFS_CONFIG: &str = r#"
provider "localfs" {
  root = "files"
}

output "joined" {
  value = provider::localfs::join_path("etc", "app", "config.toml")
}

output "mode" {
  value = provider::localfs::parse_permissions("rw-r-----")
}
"#;

/// The cassette of `provider` recorded with `tf`.
pub(crate) fn cassette_path(provider: &str, tf: &Terraform) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(provider)
        .join("cassettes")
        .join(format!("terraform-{}.jsonl", tf.version))
}

/// Records `config` applied (then planned again, then destroyed) by `tf` with `provider`
/// into `examples/<name>/cassettes/terraform-<version>.jsonl`, tidied.
fn record(tf: &Terraform, name: &str, provider: TestProvider, config: &str) {
    let path = cassette_path(name, tf);
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).expect("the cassettes' directory can be made");
    }
    // A recording appends: start from nothing.
    if path.exists() {
        std::fs::remove_file(&path).expect("the old cassette can be removed");
    }
    Test::new(&provider.record_to(&path))
        .named(&format!("record_{name}_cassette"))
        .terraforms(vec![tf.clone()])
        .step(Step::config(config))
        .run();
    let recorded = Cassette::load(&path).unwrap_or_else(|e| panic!("{e}"));
    recorded.save(&path).expect("the cassette can be tidied");
    eprintln!(
        "recorded {} calls into {}",
        recorded.rpcs().len(),
        path.display()
    );
}

#[test]
fn record_the_example_providers_cassettes() {
    if std::env::var(RECORD_CASSETTES_VAR).as_deref() != Ok("1") {
        // Straight to stderr: the harness captures `eprintln!` of passing tests.
        let _ = writeln!(
            std::io::stderr().lock(),
            "SKIPPED record_the_example_providers_cassettes: set {RECORD_CASSETTES_VAR}=1 to record the cassettes again"
        );
        return;
    }
    let found = terraforms();
    assert!(
        !found.is_empty(),
        "recording needs Terraform: none found on PATH or in TFVALUE_TERRAFORM_EXTRA"
    );
    for tf in found {
        record(
            tf,
            "random",
            TestProvider::binary(RANDOM_ADDRESS, RANDOM_EXE),
            RANDOM_CONFIG,
        );
        let localfs = TestProvider::in_process(localfs::ADDRESS, || localfs::LocalFs);
        record(tf, "localfs", localfs, LOCALFS_CONFIG);
        record(
            tf,
            "local",
            TestProvider::binary(LOCAL_ADDRESS, LOCAL_EXE),
            LOCAL_CONFIG,
        );
    }
}
