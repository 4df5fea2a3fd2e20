//! Fuzz target `roundtrip`: see `tfvalue_suite::fuzzing::roundtrip`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tfvalue_suite::fuzzing::roundtrip(data));
