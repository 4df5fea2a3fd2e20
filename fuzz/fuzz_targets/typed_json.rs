//! Fuzz target `typed_json`: see `tfvalue_suite::fuzzing::typed_json`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tfvalue_suite::fuzzing::typed_json(data));
