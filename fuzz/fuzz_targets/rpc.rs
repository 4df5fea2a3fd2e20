//! Fuzz target `rpc`: see `tfvalue_suite::rpc_fuzzing::rpc`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tfvalue_suite::rpc_fuzzing::rpc(data));
