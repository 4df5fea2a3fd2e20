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

use super::{check_accepted, decode, lines, Follows, Line, DIFFERENT, STRICTER};

/// The line of `cases-2.jsonl` named `name` (names are whole and unique).
fn line(name: &str) -> Line {
    lines("cases-2.jsonl")
        .into_iter()
        .find(|l| l.name == name)
        .unwrap_or_else(|| panic!("cases-2.jsonl has no case {name:?}"))
}

/// Checks that tfvalue answers the case `name` as `follows` says.
fn case(name: &str, follows: Follows) {
    let l = line(name);
    let result = decode(&l);
    match follows {
        Follows::GoCty if l.ok == Some(true) => {
            let v = result.unwrap_or_else(|e| panic!("{}: refused: {e}", l.name));
            check_accepted(&l, &v, &mut Vec::new()).unwrap_or_else(|e| panic!("{}: {e}", l.name));
        }
        Follows::GoCty => {
            let e = result.expect_err(&l.name);
            assert!(!e.to_string().is_empty());
        }
        Follows::Stricter => {
            assert_eq!(l.ok, Some(true), "{}", l.name);
            let message = result.expect_err(&l.name).to_string();
            assert!(
                STRICTER.iter().any(|(class, _)| message.contains(class)),
                "{}: {message}",
                l.name
            );
        }
        Follows::Different => {
            assert_eq!(l.ok, Some(true), "{}", l.name);
            let class = &l.name[..1];
            assert!(
                DIFFERENT.iter().any(|(c, _)| *c == class),
                "{}: DIFFERENT does not say why",
                l.name
            );
            let v = result.unwrap_or_else(|e| panic!("{}: refused: {e}", l.name));
            assert!(
                check_accepted(&l, &v, &mut Vec::new()).is_err(),
                "{}: now agrees with go-cty: move it to Follows::GoCty",
                l.name
            );
        }
        Follows::AcceptsWhatGoCtyPanicsOn => {
            assert_eq!(l.panic, Some(true), "{}", l.name);
            result.unwrap_or_else(|e| panic!("{}: {e}", l.name));
        }
    }
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
