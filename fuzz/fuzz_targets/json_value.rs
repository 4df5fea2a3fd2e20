//! Fuzz target `json_value`: see `tfvalue_suite::fuzzing::json_value`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tfvalue_suite::fuzzing::json_value(data));
