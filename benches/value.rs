//! `Value` decoding and encoding, MessagePack and JSON, against the benchmark payloads
//! (`tests/data/bench/`, copied from `shared/bench/`: a VM-like resource with N = 1, 100 and
//! 10000 nested disks, encoded by go-cty 1.12.1, and its type constraint `type.json`).
//!
//! Run: `cargo bench -p tfvalue-suite --bench value` (BENCHMARKS.md has the results and the
//! comparison with go-cty). Once per benchmark and N, the number of heap allocations of
//! one operation is printed to stderr (`allocs/op`, as Go's `-benchmem` reports them).

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use tfvalue::{Type, Value};
use tfvalue_suite::{print_allocs_once, CountingAlloc};

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

/// The sizes of the payloads: `payload-{N}.msgpack` and `payload-{N}.json`.
const SIZES: [usize; 3] = [1, 100, 10000];

fn bench_data(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("data")
        .join("bench")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn bench_type() -> Type {
    Type::from_json(&bench_data("type.json")).expect("tests/data/bench/type.json is a type")
}

/// Once per benchmark and N (criterion calls a routine once per sample), counts and
/// prints how many allocations one call of `op` makes, and returns its result (`None`
/// on later calls).
fn count_allocs<R>(bench: &'static str, n: usize, op: impl FnOnce() -> R) -> Option<R> {
    print_allocs_once(&format!("{bench}/{n}"), op)
}

/// Decodes `payload-{n}.msgpack`, the value the MessagePack encoding benchmark encodes,
/// and checks that it encodes back to go-cty's bytes.
fn reference_value(n: usize, ty: &Type) -> Value {
    let bytes = bench_data(&format!("payload-{n}.msgpack"));
    let value = Value::from_msgpack(&bytes, ty).expect("payload decodes");
    assert!(
        value.to_msgpack(ty).expect("payload encodes") == bytes,
        "payload-{n}.msgpack does not round-trip byte for byte"
    );
    value
}

fn decode_msgpack(c: &mut Criterion) {
    let ty = bench_type();
    let mut group = c.benchmark_group("value_decode_msgpack");
    for n in SIZES {
        let bytes = bench_data(&format!("payload-{n}.msgpack"));
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(n), &bytes, |b, bytes| {
            count_allocs("value_decode_msgpack", n, || {
                Value::from_msgpack(bytes, &ty).unwrap()
            });
            b.iter(|| Value::from_msgpack(black_box(bytes), &ty).unwrap());
        });
    }
    group.finish();
}

fn encode_msgpack(c: &mut Criterion) {
    let ty = bench_type();
    let mut group = c.benchmark_group("value_encode_msgpack");
    for n in SIZES {
        let value = reference_value(n, &ty);
        let len = bench_data(&format!("payload-{n}.msgpack")).len();
        group.throughput(Throughput::Bytes(len as u64));
        group.bench_with_input(BenchmarkId::from_parameter(n), &value, |b, value| {
            count_allocs("value_encode_msgpack", n, || value.to_msgpack(&ty).unwrap());
            b.iter(|| black_box(value).to_msgpack(&ty).unwrap());
        });
    }
    group.finish();
}

// The JSON payloads hold the same value as the MessagePack ones, except that go-cty wrote
// `spot_price` (0.0425) as a float64 in MessagePack and as the decimal text `0.0425` in
// JSON: tfvalue, like go-cty, keeps the float64 exactly and the text exactly, and these are
// different numbers. So the JSON benchmarks check JSON against JSON (decoding then encoding
// gives go-cty's bytes back), not against the MessagePack value.

fn decode_json(c: &mut Criterion) {
    let ty = bench_type();
    let mut group = c.benchmark_group("value_decode_json");
    for n in SIZES {
        let bytes = bench_data(&format!("payload-{n}.json"));
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(n), &bytes, |b, bytes| {
            let first = count_allocs("value_decode_json", n, || {
                Value::from_json(bytes, &ty).unwrap()
            });
            if let Some(value) = first {
                assert!(
                    value.to_json(&ty).unwrap() == *bytes,
                    "payload-{n}.json does not round-trip byte for byte"
                );
            }
            b.iter(|| Value::from_json(black_box(bytes), &ty).unwrap());
        });
    }
    group.finish();
}

fn encode_json(c: &mut Criterion) {
    let ty = bench_type();
    let mut group = c.benchmark_group("value_encode_json");
    for n in SIZES {
        let json = bench_data(&format!("payload-{n}.json"));
        let value = Value::from_json(&json, &ty).expect("payload decodes");
        group.throughput(Throughput::Bytes(json.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(n), &value, |b, value| {
            let first = count_allocs("value_encode_json", n, || value.to_json(&ty).unwrap());
            if let Some(out) = first {
                assert!(
                    out == json,
                    "value_encode_json/{n}: output differs from payload-{n}.json"
                );
            }
            b.iter(|| black_box(value).to_json(&ty).unwrap());
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    decode_msgpack,
    encode_msgpack,
    decode_json,
    encode_json
);
criterion_main!(benches);
