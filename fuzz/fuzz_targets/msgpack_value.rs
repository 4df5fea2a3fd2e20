//! Fuzz target `msgpack_value`: see `tfvalue_suite::fuzzing::msgpack_value`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tfvalue_suite::fuzzing::msgpack_value(data));
