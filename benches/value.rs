//! `Value` decoding and encoding, MessagePack and JSON, against the benchmark payloads
//! (`tests/data/bench/`, copied from `shared/bench/`: a VM-like resource with N = 1, 100 and
//! 10000 nested disks, encoded by go-cty 1.12.1, and its type constraint `type.json`).
//!
//! Run: `cargo bench -p tfvalue-suite --bench value` (BENCHMARKS.md has the results and the
//! comparison with go-cty). Once per benchmark and N, the number of heap allocations of
//! one operation is printed to stderr (`allocs/op`, as Go's `-benchmem` reports them).

use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::BTreeSet;
use std::hint::black_box;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use tfvalue::{Type, Value};

/// The system allocator, counting allocations while `COUNTING` is set. Outside a count it
/// costs one relaxed load per allocation.
struct CountingAlloc;

static COUNTING: AtomicBool = AtomicBool::new(false);
/// Calls to `alloc`/`alloc_zeroed` (new blocks) while counting.
static ALLOCS: AtomicUsize = AtomicUsize::new(0);
/// Calls to `realloc` (growth of a `Vec`/`String` in place or by moving) while counting.
static REALLOCS: AtomicUsize = AtomicUsize::new(0);
/// Bytes requested by `alloc`/`alloc_zeroed` and by the growth of `realloc`.
static BYTES: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded unchanged to `System`; only counters are added.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            ALLOCS.fetch_add(1, Ordering::Relaxed);
            BYTES.fetch_add(layout.size(), Ordering::Relaxed);
        }
        // SAFETY: the caller's guarantees for `layout` are passed on unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            ALLOCS.fetch_add(1, Ordering::Relaxed);
            BYTES.fetch_add(layout.size(), Ordering::Relaxed);
        }
        // SAFETY: as in `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            REALLOCS.fetch_add(1, Ordering::Relaxed);
            BYTES.fetch_add(new_size.saturating_sub(layout.size()), Ordering::Relaxed);
        }
        // SAFETY: `ptr` was allocated by this allocator (that is, by `System`) with
        // `layout`, as the caller guarantees.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System` with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }
}

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
/// on later calls). The result is returned, not dropped, so frees are not measured
/// (they are not allocations anyway).
fn count_allocs<R>(bench: &'static str, n: usize, op: impl FnOnce() -> R) -> Option<R> {
    static DONE: Mutex<BTreeSet<(&'static str, usize)>> = Mutex::new(BTreeSet::new());
    if !DONE.lock().unwrap().insert((bench, n)) {
        return None;
    }
    ALLOCS.store(0, Ordering::SeqCst);
    REALLOCS.store(0, Ordering::SeqCst);
    BYTES.store(0, Ordering::SeqCst);
    COUNTING.store(true, Ordering::SeqCst);
    let out = black_box(op());
    COUNTING.store(false, Ordering::SeqCst);
    let allocs = ALLOCS.load(Ordering::SeqCst);
    let reallocs = REALLOCS.load(Ordering::SeqCst);
    let bytes = BYTES.load(Ordering::SeqCst);
    eprintln!(
        "allocs/op {bench}/{n}: {} ({allocs} alloc + {reallocs} realloc), {bytes} bytes",
        allocs + reallocs
    );
    Some(out)
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
