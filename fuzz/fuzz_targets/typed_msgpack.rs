//! Fuzz target `typed_msgpack`: see `tfvalue_suite::fuzzing::typed_msgpack`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tfvalue_suite::fuzzing::typed_msgpack(data));
