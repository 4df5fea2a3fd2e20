//! Typed decoding and encoding: derived models of the benchmark payloads
//! (`tests/data/bench/`, copied from `shared/bench/`) through tfvalue's MessagePack and JSON
//! codecs, side by side with the floor (the same bytes through rmp-serde and serde_json into
//! a plain `#[derive(Serialize, Deserialize)]` struct with the same fields and no wrappers),
//! tfvalue's dynamic `Value`, and a model with borrowed strings (zero-copy). Then three
//! payloads built here with tfvalue to show that no path is quadratic: a SET block of
//! 100 / 10,000 objects, a `map(string)` of 100 / 10,000 keys (as `BTreeMap` and as
//! `tfvalue::map::Map`; and the same map with its keys in reverse order, as no Terraform
//! writes them, decode only), and 100 nested blocks 5 / 50 levels deep.
//!
//! Run: `cargo bench -p tfvalue-suite --bench typed -- --warm-up-time 1 --measurement-time 3`
//! (BENCHMARKS.md has the results). The Rust peer (the `tf-provider` crate) is benchmarked
//! in the separate package `benches-peers/`, so that its dependencies stay out of this
//! workspace.
//!
//! Before timing, every codec is checked to round-trip its payload, byte for byte where the
//! model is exact. Once per benchmark row, the heap allocations of one operation are
//! printed to stderr (`allocs/op`, as Go's `-benchmem` counts them).

// The 50-level nested model is a type 50 generics deep (`Level<Level<...>>`).
#![recursion_limit = "512"]

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use serde::{Deserialize, Serialize};
use tfvalue::{TfSchema, Type, Value};
use tfvalue_suite::bench_model::{BorrowedVm, FloorBorrowedVm, FloorVm, Vm};
use tfvalue_suite::scaling::{
    map_payload, nested_payload, reversed_map_payload, set_payload, Chain5, Chain50, Firewall,
    FloorChain5, FloorChain50, FloorFirewall, FloorLabels, FloorNest, Labels, LabelsMap, Nest,
};
use tfvalue_suite::{print_allocs_once, CountingAlloc};

// ---------------------------------------------------------------------------------------
// Counting allocator (`tfvalue_suite::CountingAlloc`, shared with benches/value.rs).

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

/// Once per row (`group/function/n`; criterion calls a routine once per sample), counts
/// and prints how many allocations one call of `op` makes.
fn count_allocs<R>(group: &str, function: &str, n: usize, op: impl FnOnce() -> R) {
    drop(print_allocs_once(&format!("{group}/{function}/{n}"), op));
}

// ---------------------------------------------------------------------------------------
// Models of tests/data/bench/type.json: `tfvalue_suite::bench_model` (tests/support/), shared
// with tests/allocations.rs.

// ---------------------------------------------------------------------------------------
// The payloads.

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

/// The models' types are the payloads' type (optional-attribute markers aside: a derived
/// model marks its nullable attributes optional, the wire type has no markers).
fn check_model_types() {
    let ty = bench_type();
    assert_eq!(Vm::schema().object_type().without_optional(), ty);
    assert_eq!(BorrowedVm::schema().object_type().without_optional(), ty);
}

/// `payload-{n}.msgpack` as a Rust `f64` model writes it back: go-cty wrote `spot_price`
/// (0.0425) as a float64, but tfvalue writes a provider's `f64` as the shortest decimal that
/// round-trips it (`0.1_f64` goes out as `"0.1"`, what Terraform sent for `0.1`; see
/// ARCHITECTURE.md), so the model writes the string `"0.0425"` there (2 bytes fewer). A
/// `tfvalue::Number` field would keep the float64; `Value` does, and so does the floor.
fn spot_price_as_decimal(mp: &[u8]) -> Vec<u8> {
    let key = b"\xaaspot_price\xcb";
    let at = mp
        .windows(key.len())
        .position(|w| w == key)
        .expect("spot_price is a float64")
        + key.len()
        - 1;
    assert_eq!(mp[at + 1..at + 9], 0.0425_f64.to_be_bytes());
    let mut out = mp[..at].to_vec();
    out.extend_from_slice(b"\xa60.0425");
    out.extend_from_slice(&mp[at + 9..]);
    out
}

/// Checks, before any timing, that every codec round-trips `payload-{n}` (byte for byte
/// wherever the model is exact) and that all models read the same data.
fn check_round_trips(n: usize, ty: &Type) {
    let mp = bench_data(&format!("payload-{n}.msgpack"));
    let json = bench_data(&format!("payload-{n}.json"));

    // tfvalue typed: exact in JSON; in MessagePack exact but for `spot_price` (below).
    let mp_f64 = spot_price_as_decimal(&mp);
    let vm: Vm = tfvalue::msgpack::from_slice(&mp).expect("typed msgpack decode");
    assert!(
        tfvalue::msgpack::to_vec(&vm).unwrap() == mp_f64,
        "typed msgpack/{n}"
    );
    let vm_json: Vm = tfvalue::json::from_slice(&json).expect("typed JSON decode");
    assert!(
        tfvalue::json::to_vec(&vm_json).unwrap() == json,
        "typed JSON/{n}"
    );
    // The same value in both formats (go-cty wrote 0.0425 as float64 and as decimal text;
    // both read as the f64 nearest 0.0425).
    assert_eq!(vm, vm_json);

    // tfvalue borrowed: as the typed model.
    let b: BorrowedVm<'_> = tfvalue::msgpack::from_slice(&mp).expect("borrowed msgpack");
    assert!(
        tfvalue::msgpack::to_vec(&b).unwrap() == mp_f64,
        "borrowed msgpack/{n}"
    );
    let bj: BorrowedVm<'_> = tfvalue::json::from_slice(&json).expect("borrowed JSON");
    assert!(
        tfvalue::json::to_vec(&bj).unwrap() == json,
        "borrowed JSON/{n}"
    );
    assert_eq!(b, bj);

    // The floor: rmp-serde and serde_json write these payloads back exactly too.
    let floor: FloorVm = rmp_serde::from_slice(&mp).expect("floor msgpack decode");
    assert!(
        rmp_serde::to_vec_named(&floor).unwrap() == mp,
        "floor msgpack/{n}"
    );
    let floor_json: FloorVm = serde_json::from_slice(&json).expect("floor JSON decode");
    assert!(
        serde_json::to_vec(&floor_json).unwrap() == json,
        "floor JSON/{n}"
    );
    assert_eq!(floor, floor_json);
    let fb: FloorBorrowedVm<'_> = rmp_serde::from_slice(&mp).expect("floor borrowed");
    assert!(
        rmp_serde::to_vec_named(&fb).unwrap() == mp,
        "floor borrowed msgpack/{n}"
    );
    let fbj: FloorBorrowedVm<'_> = serde_json::from_slice(&json).expect("floor borrowed JSON");
    assert!(
        serde_json::to_vec(&fbj).unwrap() == json,
        "floor borrowed JSON/{n}"
    );

    // The same data in the typed model and the floor.
    assert_eq!(vm.disk.len(), floor.disk.len());
    assert_eq!(vm.ami, floor.ami);
    assert_eq!(vm.id.as_value(), Some(&floor.id));
    assert_eq!(vm.spot_price.as_value(), Some(&floor.spot_price));
    for (d, f) in vm.disk.iter().zip(&floor.disk) {
        assert_eq!(d.device_name, f.device_name);
        assert_eq!(d.kms_key_id.as_value(), f.kms_key_id.as_ref());
        assert_eq!(d.iops.as_value(), Some(&f.iops));
    }

    // tfvalue Value: exact in both formats.
    let v = Value::from_msgpack(&mp, ty).expect("Value msgpack decode");
    assert!(v.to_msgpack(ty).unwrap() == mp, "Value msgpack/{n}");
    let vj = Value::from_json(&json, ty).expect("Value JSON decode");
    assert!(vj.to_json(ty).unwrap() == json, "Value JSON/{n}");
}

// ---------------------------------------------------------------------------------------
// The payload benchmarks: N = 1, 100, 10000.

fn payload_msgpack_decode(c: &mut Criterion) {
    check_model_types();
    let ty = bench_type();
    for n in SIZES {
        check_round_trips(n, &ty);
    }
    let group_name = "typed_msgpack_decode";
    let mut group = c.benchmark_group(group_name);
    for n in SIZES {
        let bytes = bench_data(&format!("payload-{n}.msgpack"));
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        let bytes = &bytes[..];
        group.bench_function(BenchmarkId::new("tfvalue_typed", n), |b| {
            count_allocs(group_name, "tfvalue_typed", n, || {
                tfvalue::msgpack::from_slice::<Vm>(bytes).unwrap()
            });
            b.iter(|| tfvalue::msgpack::from_slice::<Vm>(black_box(bytes)).unwrap());
        });
        group.bench_function(BenchmarkId::new("floor_rmp_serde", n), |b| {
            count_allocs(group_name, "floor_rmp_serde", n, || {
                rmp_serde::from_slice::<FloorVm>(bytes).unwrap()
            });
            b.iter(|| rmp_serde::from_slice::<FloorVm>(black_box(bytes)).unwrap());
        });
        group.bench_function(BenchmarkId::new("tfvalue_value", n), |b| {
            count_allocs(group_name, "tfvalue_value", n, || {
                Value::from_msgpack(bytes, &ty).unwrap()
            });
            b.iter(|| Value::from_msgpack(black_box(bytes), &ty).unwrap());
        });
        group.bench_function(BenchmarkId::new("tfvalue_borrowed", n), |b| {
            count_allocs(group_name, "tfvalue_borrowed", n, || {
                tfvalue::msgpack::from_slice::<BorrowedVm<'_>>(bytes).unwrap()
            });
            b.iter(|| tfvalue::msgpack::from_slice::<BorrowedVm<'_>>(black_box(bytes)).unwrap());
        });
        group.bench_function(BenchmarkId::new("floor_borrowed", n), |b| {
            count_allocs(group_name, "floor_borrowed", n, || {
                rmp_serde::from_slice::<FloorBorrowedVm<'_>>(bytes).unwrap()
            });
            b.iter(|| rmp_serde::from_slice::<FloorBorrowedVm<'_>>(black_box(bytes)).unwrap());
        });
    }
    group.finish();
}

fn payload_msgpack_encode(c: &mut Criterion) {
    let ty = bench_type();
    let group_name = "typed_msgpack_encode";
    let mut group = c.benchmark_group(group_name);
    for n in SIZES {
        let bytes = bench_data(&format!("payload-{n}.msgpack"));
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        let vm: Vm = tfvalue::msgpack::from_slice(&bytes).unwrap();
        let floor: FloorVm = rmp_serde::from_slice(&bytes).unwrap();
        let value = Value::from_msgpack(&bytes, &ty).unwrap();
        let borrowed: BorrowedVm<'_> = tfvalue::msgpack::from_slice(&bytes).unwrap();
        group.bench_function(BenchmarkId::new("tfvalue_typed", n), |b| {
            count_allocs(group_name, "tfvalue_typed", n, || {
                tfvalue::msgpack::to_vec(&vm).unwrap()
            });
            b.iter(|| tfvalue::msgpack::to_vec(black_box(&vm)).unwrap());
        });
        group.bench_function(BenchmarkId::new("floor_rmp_serde", n), |b| {
            count_allocs(group_name, "floor_rmp_serde", n, || {
                rmp_serde::to_vec_named(&floor).unwrap()
            });
            b.iter(|| rmp_serde::to_vec_named(black_box(&floor)).unwrap());
        });
        group.bench_function(BenchmarkId::new("tfvalue_value", n), |b| {
            count_allocs(group_name, "tfvalue_value", n, || {
                value.to_msgpack(&ty).unwrap()
            });
            b.iter(|| black_box(&value).to_msgpack(&ty).unwrap());
        });
        group.bench_function(BenchmarkId::new("tfvalue_borrowed", n), |b| {
            count_allocs(group_name, "tfvalue_borrowed", n, || {
                tfvalue::msgpack::to_vec(&borrowed).unwrap()
            });
            b.iter(|| tfvalue::msgpack::to_vec(black_box(&borrowed)).unwrap());
        });
    }
    group.finish();
}

fn payload_json_decode(c: &mut Criterion) {
    let ty = bench_type();
    let group_name = "typed_json_decode";
    let mut group = c.benchmark_group(group_name);
    for n in SIZES {
        let bytes = bench_data(&format!("payload-{n}.json"));
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        let bytes = &bytes[..];
        group.bench_function(BenchmarkId::new("tfvalue_typed", n), |b| {
            count_allocs(group_name, "tfvalue_typed", n, || {
                tfvalue::json::from_slice::<Vm>(bytes).unwrap()
            });
            b.iter(|| tfvalue::json::from_slice::<Vm>(black_box(bytes)).unwrap());
        });
        group.bench_function(BenchmarkId::new("floor_serde_json", n), |b| {
            count_allocs(group_name, "floor_serde_json", n, || {
                serde_json::from_slice::<FloorVm>(bytes).unwrap()
            });
            b.iter(|| serde_json::from_slice::<FloorVm>(black_box(bytes)).unwrap());
        });
        group.bench_function(BenchmarkId::new("tfvalue_value", n), |b| {
            count_allocs(group_name, "tfvalue_value", n, || {
                Value::from_json(bytes, &ty).unwrap()
            });
            b.iter(|| Value::from_json(black_box(bytes), &ty).unwrap());
        });
        group.bench_function(BenchmarkId::new("tfvalue_borrowed", n), |b| {
            count_allocs(group_name, "tfvalue_borrowed", n, || {
                tfvalue::json::from_slice::<BorrowedVm<'_>>(bytes).unwrap()
            });
            b.iter(|| tfvalue::json::from_slice::<BorrowedVm<'_>>(black_box(bytes)).unwrap());
        });
        group.bench_function(BenchmarkId::new("floor_borrowed", n), |b| {
            count_allocs(group_name, "floor_borrowed", n, || {
                serde_json::from_slice::<FloorBorrowedVm<'_>>(bytes).unwrap()
            });
            b.iter(|| serde_json::from_slice::<FloorBorrowedVm<'_>>(black_box(bytes)).unwrap());
        });
    }
    group.finish();
}

fn payload_json_encode(c: &mut Criterion) {
    let ty = bench_type();
    let group_name = "typed_json_encode";
    let mut group = c.benchmark_group(group_name);
    for n in SIZES {
        let bytes = bench_data(&format!("payload-{n}.json"));
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        let vm: Vm = tfvalue::json::from_slice(&bytes).unwrap();
        let floor: FloorVm = serde_json::from_slice(&bytes).unwrap();
        let value = Value::from_json(&bytes, &ty).unwrap();
        group.bench_function(BenchmarkId::new("tfvalue_typed", n), |b| {
            count_allocs(group_name, "tfvalue_typed", n, || {
                tfvalue::json::to_vec(&vm).unwrap()
            });
            b.iter(|| tfvalue::json::to_vec(black_box(&vm)).unwrap());
        });
        group.bench_function(BenchmarkId::new("floor_serde_json", n), |b| {
            count_allocs(group_name, "floor_serde_json", n, || {
                serde_json::to_vec(&floor).unwrap()
            });
            b.iter(|| serde_json::to_vec(black_box(&floor)).unwrap());
        });
        group.bench_function(BenchmarkId::new("tfvalue_value", n), |b| {
            count_allocs(group_name, "tfvalue_value", n, || {
                value.to_json(&ty).unwrap()
            });
            b.iter(|| black_box(&value).to_json(&ty).unwrap());
        });
    }
    group.finish();
}

// ---------------------------------------------------------------------------------------
// Scaling payloads and their models: `tfvalue_suite::scaling` (tests/support/), shared with
// benches/paired.rs.

/// Decode rows of the reversed map payload: the same value as the sorted one, read by the
/// typed models (`BTreeMap`, `Map`), the floor and `Value`.
fn reversed_map_rows(c: &mut Criterion, n: usize) {
    let bytes = reversed_map_payload(n);
    let sorted = map_payload(n);
    let ty = Labels::schema().object_type().without_optional();
    let typed: LabelsMap = tfvalue::msgpack::from_slice(&bytes).expect("typed decode");
    assert!(tfvalue::msgpack::to_vec(&typed).unwrap() == sorted);
    let value = Value::from_msgpack(&bytes, &ty).expect("Value decode");
    assert!(value.to_msgpack(&ty).unwrap() == sorted);
    let name = "map_reversed_msgpack_decode";
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    let bytes = &bytes[..];
    group.bench_function(BenchmarkId::new("tfvalue_typed", n), |b| {
        b.iter(|| tfvalue::msgpack::from_slice::<Labels>(black_box(bytes)).unwrap());
    });
    group.bench_function(BenchmarkId::new("tfvalue_typed_map", n), |b| {
        b.iter(|| tfvalue::msgpack::from_slice::<LabelsMap>(black_box(bytes)).unwrap());
    });
    group.bench_function(BenchmarkId::new("floor_rmp_serde", n), |b| {
        b.iter(|| rmp_serde::from_slice::<FloorLabels>(black_box(bytes)).unwrap());
    });
    group.bench_function(BenchmarkId::new("tfvalue_value", n), |b| {
        b.iter(|| Value::from_msgpack(black_box(bytes), &ty).unwrap());
    });
    group.finish();
}

/// Checks that the typed model, the floor and `Value` all read `bytes` and that the typed
/// model and `Value` write them back exactly (the floor too, where `exact_floor`).
fn check_scaling<T, F>(name: &str, bytes: &[u8], exact_floor: bool)
where
    T: TfSchema + Serialize + for<'de> Deserialize<'de>,
    F: Serialize + for<'de> Deserialize<'de>,
{
    let ty = T::schema().object_type().without_optional();
    let typed: T = tfvalue::msgpack::from_slice(bytes).expect("typed decode");
    assert!(
        tfvalue::msgpack::to_vec(&typed).unwrap() == bytes,
        "typed {name}"
    );
    let value = Value::from_msgpack(bytes, &ty).expect("Value decode");
    assert!(value.to_msgpack(&ty).unwrap() == bytes, "Value {name}");
    let floor: F = rmp_serde::from_slice(bytes).expect("floor decode");
    if exact_floor {
        assert!(
            rmp_serde::to_vec_named(&floor).unwrap() == bytes,
            "floor {name}"
        );
    }
}

/// Decode and encode of one scaling payload: typed, floor and `Value`, as rows of the
/// groups `{name}_msgpack_decode` and `{name}_msgpack_encode` with parameter `n`.
fn scaling_rows<T, F>(c: &mut Criterion, name: &str, n: usize, bytes: &[u8])
where
    T: TfSchema + Serialize + for<'de> Deserialize<'de>,
    F: Serialize + for<'de> Deserialize<'de>,
{
    let ty = T::schema().object_type().without_optional();
    let decode = format!("{name}_msgpack_decode");
    let mut group = c.benchmark_group(&decode);
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.bench_function(BenchmarkId::new("tfvalue_typed", n), |b| {
        count_allocs(&decode, "tfvalue_typed", n, || {
            tfvalue::msgpack::from_slice::<T>(bytes).unwrap()
        });
        b.iter(|| tfvalue::msgpack::from_slice::<T>(black_box(bytes)).unwrap());
    });
    group.bench_function(BenchmarkId::new("floor_rmp_serde", n), |b| {
        count_allocs(&decode, "floor_rmp_serde", n, || {
            rmp_serde::from_slice::<F>(bytes).unwrap()
        });
        b.iter(|| rmp_serde::from_slice::<F>(black_box(bytes)).unwrap());
    });
    group.bench_function(BenchmarkId::new("tfvalue_value", n), |b| {
        count_allocs(&decode, "tfvalue_value", n, || {
            Value::from_msgpack(bytes, &ty).unwrap()
        });
        b.iter(|| Value::from_msgpack(black_box(bytes), &ty).unwrap());
    });
    group.finish();

    let typed: T = tfvalue::msgpack::from_slice(bytes).unwrap();
    let floor: F = rmp_serde::from_slice(bytes).unwrap();
    let value = Value::from_msgpack(bytes, &ty).unwrap();
    let encode = format!("{name}_msgpack_encode");
    let mut group = c.benchmark_group(&encode);
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.bench_function(BenchmarkId::new("tfvalue_typed", n), |b| {
        count_allocs(&encode, "tfvalue_typed", n, || {
            tfvalue::msgpack::to_vec(&typed).unwrap()
        });
        b.iter(|| tfvalue::msgpack::to_vec(black_box(&typed)).unwrap());
    });
    group.bench_function(BenchmarkId::new("floor_rmp_serde", n), |b| {
        count_allocs(&encode, "floor_rmp_serde", n, || {
            rmp_serde::to_vec_named(&floor).unwrap()
        });
        b.iter(|| rmp_serde::to_vec_named(black_box(&floor)).unwrap());
    });
    group.bench_function(BenchmarkId::new("tfvalue_value", n), |b| {
        count_allocs(&encode, "tfvalue_value", n, || {
            value.to_msgpack(&ty).unwrap()
        });
        b.iter(|| black_box(&value).to_msgpack(&ty).unwrap());
    });
    group.finish();
}

/// Decode and encode rows of one more typed model `T` (row `function`) in the groups of
/// [`scaling_rows`].
fn typed_rows<T>(c: &mut Criterion, name: &str, function: &str, n: usize, bytes: &[u8])
where
    T: TfSchema + Serialize + for<'de> Deserialize<'de>,
{
    let typed: T = tfvalue::msgpack::from_slice(bytes).expect("typed decode");
    assert!(
        tfvalue::msgpack::to_vec(&typed).unwrap() == bytes,
        "{function} {name}/{n}"
    );
    let decode = format!("{name}_msgpack_decode");
    let mut group = c.benchmark_group(&decode);
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.bench_function(BenchmarkId::new(function, n), |b| {
        count_allocs(&decode, function, n, || {
            tfvalue::msgpack::from_slice::<T>(bytes).unwrap()
        });
        b.iter(|| tfvalue::msgpack::from_slice::<T>(black_box(bytes)).unwrap());
    });
    group.finish();
    let encode = format!("{name}_msgpack_encode");
    let mut group = c.benchmark_group(&encode);
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.bench_function(BenchmarkId::new(function, n), |b| {
        count_allocs(&encode, function, n, || {
            tfvalue::msgpack::to_vec(&typed).unwrap()
        });
        b.iter(|| tfvalue::msgpack::to_vec(black_box(&typed)).unwrap());
    });
    group.finish();
}

fn scaling(c: &mut Criterion) {
    for n in [100, 10000] {
        let bytes = set_payload(n);
        // The floor writes `description` etc. back as go-cty would: exact.
        check_scaling::<Firewall, FloorFirewall>(&format!("set/{n}"), &bytes, true);
        scaling_rows::<Firewall, FloorFirewall>(c, "set", n, &bytes);
    }
    for n in [100, 10000] {
        let bytes = map_payload(n);
        check_scaling::<Labels, FloorLabels>(&format!("map/{n}"), &bytes, true);
        scaling_rows::<Labels, FloorLabels>(c, "map", n, &bytes);
        typed_rows::<LabelsMap>(c, "map", "tfvalue_typed_map", n, &bytes);
        reversed_map_rows(c, n);
    }
    let bytes = nested_payload::<Chain5>();
    check_scaling::<Nest<Chain5>, FloorNest<FloorChain5>>("nested/5", &bytes, true);
    scaling_rows::<Nest<Chain5>, FloorNest<FloorChain5>>(c, "nested", 5, &bytes);
    let bytes = nested_payload::<Chain50>();
    check_scaling::<Nest<Chain50>, FloorNest<FloorChain50>>("nested/50", &bytes, true);
    scaling_rows::<Nest<Chain50>, FloorNest<FloorChain50>>(c, "nested", 50, &bytes);
}

criterion_group!(
    benches,
    payload_msgpack_decode,
    payload_msgpack_encode,
    payload_json_decode,
    payload_json_encode,
    scaling
);
criterion_main!(benches);
