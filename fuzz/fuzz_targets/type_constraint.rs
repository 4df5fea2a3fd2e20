//! Fuzz target `type_constraint`: see `tfvalue_suite::fuzzing::type_constraint`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tfvalue_suite::fuzzing::type_constraint(data));
