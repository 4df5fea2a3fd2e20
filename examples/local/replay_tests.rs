//! The cassettes in `cassettes/`, recorded from Terraform 1.11.4 and 1.15.5 by
//! `tests/e2e/cassettes.rs`, replayed without Terraform: the command data source run again
//! (`echo hello cassette`) and the function called again, every answer compared with the
//! recorded one. The schema's answer is left to the schema goldens (`schema_guard.rs`).

use tfvalue_testing::Cassette;

fn replay(file: &str) {
    let path = format!(
        "{}/examples/local/cassettes/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let cassette = Cassette::load(&path).unwrap_or_else(|e| panic!("{e}"));
    for rpc in ["ReadDataSource", "CallFunction"] {
        assert!(cassette.rpcs().contains(&rpc), "{path} has {rpc}");
    }
    let recorded = cassette.rpcs().len();
    let replayed = cassette
        .ignore_answers_of("GetProviderSchema")
        .replay(|| super::Local)
        .unwrap_or_else(|e| panic!("{e}"));
    // Recorded from the binary, which Terraform started once per command.
    assert_eq!(replayed.calls, recorded, "{path}: {replayed:?}");
    assert!(replayed.sessions > 1, "{path}: {replayed:?}");
}

#[test]
fn the_terraform_1_11_4_run_replays() {
    replay("terraform-1.11.4.jsonl");
}

#[test]
fn the_terraform_1_15_5_run_replays() {
    replay("terraform-1.15.5.jsonl");
}
