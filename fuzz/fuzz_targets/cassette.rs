//! Fuzz target `cassette`: see `tfvalue_suite::rpc_fuzzing::cassette::cassette`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tfvalue_suite::rpc_fuzzing::cassette::cassette(data));
