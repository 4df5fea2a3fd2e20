//! The cassettes in `cassettes/`, recorded from Terraform 1.11.4 and 1.15.5 by
//! `tests/e2e/cassettes.rs`, replayed without Terraform: every request Terraform sent is
//! sent again to the provider in process, and every answer must be the recorded one. The
//! values are seeded (`random_integer`, `random_shuffle`); the password's `result` and
//! `bcrypt_hash` are sensitive, so redacted in the cassette and compared as redacted.
//! The schema's answer is left to the schema goldens (`schema_guard.rs`).

use tfvalue_testing::Cassette;

fn replay(file: &str) {
    let path = format!(
        "{}/examples/random/cassettes/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let cassette = Cassette::load(&path).unwrap_or_else(|e| panic!("{e}"));
    let replayed = cassette
        .ignore_answers_of("GetProviderSchema")
        .replay(|| super::Random)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(replayed.calls > 50, "{path}: {replayed:?}");
}

#[test]
fn the_terraform_1_11_4_run_replays() {
    replay("terraform-1.11.4.jsonl");
}

#[test]
fn the_terraform_1_15_5_run_replays() {
    replay("terraform-1.15.5.jsonl");
}
