//! The cassettes in `cassettes/`, recorded from Terraform 1.11.4 and 1.15.5 by
//! `tests/e2e/cassettes.rs`, replayed without Terraform: the provider configured with a
//! relative root and its functions called from outputs, every answer compared with the
//! recorded one. The schema's answer is left to the documentation and schema tests.

use tfvalue_testing::Cassette;

fn replay(file: &str) {
    let path = format!(
        "{}/examples/localfs/cassettes/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let cassette = Cassette::load(&path).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        cassette.rpcs().contains(&"CallFunction"),
        "{path} calls the functions"
    );
    let replayed = cassette
        .ignore_answers_of("GetProviderSchema")
        .replay(|| super::LocalFs)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        replayed.sessions, 1,
        "served in process: one provider for the whole run"
    );
}

#[test]
fn the_terraform_1_11_4_run_replays() {
    replay("terraform-1.11.4.jsonl");
}

#[test]
fn the_terraform_1_15_5_run_replays() {
    replay("terraform-1.15.5.jsonl");
}
