//! Fuzz target `raw_state`: see `tfvalue_suite::fuzzing::raw_state`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tfvalue_suite::fuzzing::raw_state(data));
