//! Truncated input

use super::common::{bench_type, check, ty, BenchVm};
use tfvalue::{ErrorKind, Value};
use tfvalue_suite::{data, hex};

#[test]
fn every_strict_prefix_of_a_realistic_payload_is_an_error() {
    let payload = data("bench/payload-1.msgpack");
    let t = bench_type();
    // The whole payload decodes, every way.
    let whole = Value::from_msgpack(&payload, &t).expect("payload-1 decodes");
    assert_eq!(whole.to_msgpack(&t).expect("encodes"), payload);
    let vm: BenchVm = tfvalue::msgpack::from_slice(&payload).expect("typed decode");
    assert_eq!(vm.disk[0].size_gb, 1024);
    tfvalue::msgpack::from_slice::<serde_json::Value>(&payload).expect("untyped decode");

    for len in 0..payload.len() {
        let prefix = &payload[..len];
        for (how, kind) in [
            (
                "Value",
                Value::from_msgpack(prefix, &t).err().map(|e| e.kind()),
            ),
            (
                "BenchVm",
                tfvalue::msgpack::from_slice::<BenchVm>(prefix)
                    .err()
                    .map(|e| e.kind()),
            ),
            (
                "serde_json::Value",
                tfvalue::msgpack::from_slice::<serde_json::Value>(prefix)
                    .err()
                    .map(|e| e.kind()),
            ),
        ] {
            assert_eq!(
                kind,
                Some(ErrorKind::Syntax),
                "{how}: prefix of {len} of {} bytes",
                payload.len()
            );
        }
    }
}

#[test]
fn truncated_input_names_the_offset_and_path() {
    let t = ty(r#"["object",{"a":["list","string"]}]"#);
    check(
        Value::from_msgpack(&hex("81 a1 61 92 a1 78 a3 79"), &t),
        ErrorKind::Syntax,
        ".a[1]",
        "unexpected end of input at offset 7",
    );
    check(
        Value::from_msgpack(&[], &t),
        ErrorKind::Syntax,
        "",
        "unexpected end of input at offset 0",
    );
}
