//! Hostile input: every decoder takes arbitrary bytes and answers with an error that names
//! its path. No panic, no stack overflow, no allocation beyond what the input justifies, no
//! time beyond a few milliseconds.
//!
//! Each case asserts the exact [`ErrorKind`], the path and the message. Errors raised inside
//! serde visitors (`Value`'s decoder, `Number`, `Unknown<T>`) keep their kind on the way
//! through serde: `kinds_survive_serde_visitors` checks that.

#[path = "hostile_input/common.rs"]
mod common;
#[path = "hostile_input/duplicates.rs"]
mod duplicates;
#[path = "hostile_input/invalid_utf8_and_trailing_bytes.rs"]
mod invalid_utf8_and_trailing_bytes;
#[path = "hostile_input/json.rs"]
mod json;
#[path = "hostile_input/length_prefixes.rs"]
mod length_prefixes;
#[path = "hostile_input/limits.rs"]
mod limits;
#[path = "hostile_input/malformed_dynamic_values.rs"]
mod malformed_dynamic_values;
#[path = "hostile_input/nan_and_numbers_as_strings.rs"]
mod nan_and_numbers_as_strings;
#[path = "hostile_input/nesting_depth.rs"]
mod nesting_depth;
#[path = "hostile_input/refinement_payloads.rs"]
mod refinement_payloads;
#[path = "hostile_input/truncated_input.rs"]
mod truncated_input;
#[path = "hostile_input/typed_decoding.rs"]
mod typed_decoding;
