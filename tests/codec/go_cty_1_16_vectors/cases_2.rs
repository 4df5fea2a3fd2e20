//! `cases-2.jsonl`: one minimal input per class where a later differential run (134,665
//! inputs against go-cty 1.16.4, other seeds and broader generators than the files above)
//! saw tfvalue and go-cty disagree. Each line holds go-cty's answer; each has a test, named
//! after its class letter, that says which side tfvalue follows and why.
//!
//! - [`numbers`]: number text and bytes (classes D, P, Q, T, U) and number bounds of
//!   refinements (S).
//! - [`text_and_refinements`]: Unicode (N), prefix cuts (I), collection length bounds (R, L),
//!   refinements that pin the value (W), sets of dynamic (C), type nesting (T).

mod numbers;
mod text_and_refinements;

use super::{check_case, decode, lines, Follows, Line};

/// The line of `cases-2.jsonl` named `name` (names are whole and unique).
fn line(name: &str) -> Line {
    lines("cases-2.jsonl")
        .into_iter()
        .find(|l| l.name == name)
        .unwrap_or_else(|| panic!("cases-2.jsonl has no case {name:?}"))
}

/// Checks that tfvalue answers the case `name` as `follows` says.
fn case(name: &str, follows: Follows) {
    check_case(&line(name), follows);
}

#[test]
fn every_case_2_has_a_test() {
    let sources = [
        include_str!("cases_2/numbers.rs"),
        include_str!("cases_2/text_and_refinements.rs"),
    ];
    for l in lines("cases-2.jsonl") {
        let quoted = format!("{:?}", l.name);
        assert!(
            sources.iter().any(|s| s.contains(&quoted)),
            "cases-2.jsonl's {} has no test",
            l.name
        );
    }
}
