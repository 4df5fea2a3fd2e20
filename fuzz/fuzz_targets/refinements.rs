//! Fuzz target `refinements`: see `tfvalue_suite::fuzzing::refinements`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tfvalue_suite::fuzzing::refinements(data));
