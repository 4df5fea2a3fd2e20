//! tfvalue against the Rust peer, the `tf-provider` crate (0.2.2), on a variant of the
//! benchmark payloads it can decode.
//!
//! tf-provider's numbers are `i64` only (`ValueNumber = Value<i64>`), and the payloads'
//! `spot_price` is 0.0425. The variant sets it to the integer 425 (ten-thousandths); all else
//! is `tests/data/bench/payload-{N}` unchanged. The variants are built here with tfvalue
//! (decode the payload as a `Value`, replace the attribute, encode), in both formats.
//!
//! Rows, all on the variant, N = 1, 100, 10000:
//! - `tfvalue_typed`: the model of `benches/typed.rs` with `spot_price: Nullable<i64>`;
//! - `tfvalue_wrapped`: every attribute and element `Unknown<Nullable<_>>` (and the disk
//!   collection `Unknown<Vec<_>>`), which is what tf-provider's model allows everywhere;
//! - `tfvalue_borrowed` (decode only): the `benches/typed.rs` model with `&str` strings;
//! - `floor_rmp_serde` / `floor_serde_json`: the plain serde struct of `benches/typed.rs`;
//! - `tf_provider`: a state struct written as tf-provider's documentation and examples do
//!   (`ValueString<'a>`, `ValueNumber`, `ValueList`, `ValueSet`, `ValueMap`), decoded and
//!   encoded as tf-provider does it (`rmp_serde::from_slice` / `to_vec_named`, and
//!   `serde_json` for JSON).
//!
//! Run (from `benches-peers/`): `cargo bench --bench peers -- --warm-up-time 1
//! --measurement-time 3`. Heap allocations of one operation are printed once per row to
//! stderr, as in `benches/typed.rs`. `PEERS_PAIRED=1 cargo bench --bench peers` instead
//! times tf-provider and tfvalue typed in alternation, pair by pair, and prints the ratios
//! (`tfvalue_suite::paired`, as `benches/paired.rs` does against the floor).

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::hint::black_box;
use std::path::PathBuf;

use criterion::{criterion_group, BenchmarkId, Criterion, Throughput};
use serde::{Deserialize, Serialize};
use tf_provider::value::{
    Value as TfpValue, ValueBool, ValueList, ValueMap, ValueNumber, ValueSet, ValueString,
};
use tfvalue::set::Set;
use tfvalue::{Nullable, Number, TfSchema, Type, Unknown, Value};
use tfvalue_suite::paired::pair;
use tfvalue_suite::{print_allocs_once, CountingAlloc};

// ---------------------------------------------------------------------------------------
// Counting allocator (`tfvalue_suite::CountingAlloc`, shared with the root benches).

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

/// Once per row, counts and prints the allocations of one call of `op`.
fn count_allocs<R>(group: &str, function: &str, n: usize, op: impl FnOnce() -> R) {
    drop(print_allocs_once(&format!("{group}/{function}/{n}"), op));
}

// ---------------------------------------------------------------------------------------
// Models of the variant (tests/data/bench/type.json; `spot_price` holds an integer).

/// As `Vm` in `benches/typed.rs`, with `spot_price: Nullable<i64>`.
#[derive(TfSchema, Debug, PartialEq)]
struct Vm {
    ami: String,
    #[tf(computed)]
    arn: Unknown<Nullable<String>>,
    #[tf(optional, computed)]
    availability_zone: Unknown<Nullable<String>>,
    cpu_core_count: Nullable<i64>,
    cpu_threads_per_core: Nullable<i64>,
    disable_api_termination: Nullable<bool>,
    #[tf(block)]
    disk: Vec<Disk>,
    ebs_optimized: Nullable<bool>,
    hibernation: Nullable<bool>,
    #[tf(computed)]
    id: Unknown<Nullable<String>>,
    instance_type: String,
    ipv6_addresses: Nullable<Vec<String>>,
    key_name: Nullable<String>,
    monitoring: Nullable<bool>,
    #[tf(optional, computed)]
    private_ip: Unknown<Nullable<String>>,
    #[tf(computed)]
    public_ip: Unknown<Nullable<String>>,
    root_volume_size: Nullable<i64>,
    security_groups: Nullable<BTreeSet<String>>,
    spot_price: Nullable<i64>,
    subnet_id: Nullable<String>,
    tags: Nullable<BTreeMap<String, String>>,
    user_data: Nullable<String>,
}

#[derive(TfSchema, Debug, PartialEq)]
struct Disk {
    device_name: String,
    encrypted: Nullable<bool>,
    iops: Nullable<i64>,
    #[tf(optional, computed)]
    kms_key_id: Unknown<Nullable<String>>,
    size_gb: i64,
    r#type: Nullable<String>,
}

/// Every attribute and element may be null or unknown, as in tf-provider's model.
#[derive(TfSchema, Debug, PartialEq)]
struct WrappedVm {
    #[tf(optional, computed)]
    ami: Unknown<Nullable<String>>,
    #[tf(optional, computed)]
    arn: Unknown<Nullable<String>>,
    #[tf(optional, computed)]
    availability_zone: Unknown<Nullable<String>>,
    #[tf(optional, computed)]
    cpu_core_count: Unknown<Nullable<i64>>,
    #[tf(optional, computed)]
    cpu_threads_per_core: Unknown<Nullable<i64>>,
    #[tf(optional, computed)]
    disable_api_termination: Unknown<Nullable<bool>>,
    #[tf(block)]
    disk: Unknown<Vec<WrappedDisk>>,
    #[tf(optional, computed)]
    ebs_optimized: Unknown<Nullable<bool>>,
    #[tf(optional, computed)]
    hibernation: Unknown<Nullable<bool>>,
    #[tf(optional, computed)]
    id: Unknown<Nullable<String>>,
    #[tf(optional, computed)]
    instance_type: Unknown<Nullable<String>>,
    #[tf(optional, computed)]
    ipv6_addresses: Unknown<Nullable<Vec<Unknown<Nullable<String>>>>>,
    #[tf(optional, computed)]
    key_name: Unknown<Nullable<String>>,
    #[tf(optional, computed)]
    monitoring: Unknown<Nullable<bool>>,
    #[tf(optional, computed)]
    private_ip: Unknown<Nullable<String>>,
    #[tf(optional, computed)]
    public_ip: Unknown<Nullable<String>>,
    #[tf(optional, computed)]
    root_volume_size: Unknown<Nullable<i64>>,
    #[tf(optional, computed)]
    security_groups: Unknown<Nullable<Set<Unknown<Nullable<String>>>>>,
    #[tf(optional, computed)]
    spot_price: Unknown<Nullable<i64>>,
    #[tf(optional, computed)]
    subnet_id: Unknown<Nullable<String>>,
    #[tf(optional, computed)]
    tags: Unknown<Nullable<BTreeMap<String, Unknown<Nullable<String>>>>>,
    #[tf(optional, computed)]
    user_data: Unknown<Nullable<String>>,
}

#[derive(TfSchema, Debug, PartialEq)]
struct WrappedDisk {
    #[tf(optional, computed)]
    device_name: Unknown<Nullable<String>>,
    #[tf(optional, computed)]
    encrypted: Unknown<Nullable<bool>>,
    #[tf(optional, computed)]
    iops: Unknown<Nullable<i64>>,
    #[tf(optional, computed)]
    kms_key_id: Unknown<Nullable<String>>,
    #[tf(optional, computed)]
    size_gb: Unknown<Nullable<i64>>,
    #[tf(optional, computed)]
    r#type: Unknown<Nullable<String>>,
}

/// As `BorrowedVm` in `benches/typed.rs`, with `spot_price: Nullable<i64>`.
#[derive(TfSchema, Debug, PartialEq)]
struct BorrowedVm<'a> {
    ami: &'a str,
    #[tf(computed)]
    arn: Unknown<Nullable<&'a str>>,
    #[tf(optional, computed)]
    availability_zone: Unknown<Nullable<&'a str>>,
    cpu_core_count: Nullable<i64>,
    cpu_threads_per_core: Nullable<i64>,
    disable_api_termination: Nullable<bool>,
    #[tf(block)]
    disk: Vec<BorrowedDisk<'a>>,
    ebs_optimized: Nullable<bool>,
    hibernation: Nullable<bool>,
    #[tf(computed)]
    id: Unknown<Nullable<&'a str>>,
    instance_type: &'a str,
    ipv6_addresses: Nullable<Vec<&'a str>>,
    key_name: Nullable<&'a str>,
    monitoring: Nullable<bool>,
    #[tf(optional, computed)]
    private_ip: Unknown<Nullable<&'a str>>,
    #[tf(computed)]
    public_ip: Unknown<Nullable<&'a str>>,
    root_volume_size: Nullable<i64>,
    security_groups: Nullable<BTreeSet<&'a str>>,
    spot_price: Nullable<i64>,
    subnet_id: Nullable<&'a str>,
    tags: Nullable<BTreeMap<&'a str, &'a str>>,
    user_data: Nullable<&'a str>,
}

#[derive(TfSchema, Debug, PartialEq)]
struct BorrowedDisk<'a> {
    device_name: &'a str,
    encrypted: Nullable<bool>,
    iops: Nullable<i64>,
    #[tf(optional, computed)]
    kms_key_id: Unknown<Nullable<&'a str>>,
    size_gb: i64,
    r#type: Nullable<&'a str>,
}

/// The floor: plain serde, fields in the wire's order.
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct FloorVm {
    ami: String,
    arn: String,
    availability_zone: String,
    cpu_core_count: i64,
    cpu_threads_per_core: i64,
    disable_api_termination: bool,
    disk: Vec<FloorDisk>,
    ebs_optimized: bool,
    hibernation: bool,
    id: String,
    instance_type: String,
    ipv6_addresses: Vec<String>,
    key_name: String,
    monitoring: bool,
    private_ip: String,
    public_ip: String,
    root_volume_size: i64,
    security_groups: BTreeSet<String>,
    spot_price: i64,
    subnet_id: String,
    tags: BTreeMap<String, String>,
    user_data: Option<String>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct FloorDisk {
    device_name: String,
    encrypted: bool,
    iops: i64,
    kms_key_id: Option<String>,
    size_gb: i64,
    r#type: String,
}

/// tf-provider's model, as its example provider (`NullState<'a>`) writes one: every
/// attribute a `tf_provider::value::Value<T>` (known, null or unknown), strings as
/// `Cow<'a, str>`, fields in the wire's order so that `to_vec_named` writes go-cty's bytes.
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct TfpVm<'a> {
    #[serde(borrow = "'a")]
    ami: ValueString<'a>,
    arn: ValueString<'a>,
    availability_zone: ValueString<'a>,
    cpu_core_count: ValueNumber,
    cpu_threads_per_core: ValueNumber,
    disable_api_termination: ValueBool,
    disk: ValueList<TfpDisk<'a>>,
    ebs_optimized: ValueBool,
    hibernation: ValueBool,
    id: ValueString<'a>,
    instance_type: ValueString<'a>,
    ipv6_addresses: ValueList<ValueString<'a>>,
    key_name: ValueString<'a>,
    monitoring: ValueBool,
    private_ip: ValueString<'a>,
    public_ip: ValueString<'a>,
    root_volume_size: ValueNumber,
    security_groups: ValueSet<ValueString<'a>>,
    spot_price: ValueNumber,
    subnet_id: ValueString<'a>,
    tags: ValueMap<'a, ValueString<'a>>,
    user_data: ValueString<'a>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct TfpDisk<'a> {
    #[serde(borrow = "'a")]
    device_name: ValueString<'a>,
    encrypted: ValueBool,
    iops: ValueNumber,
    kms_key_id: ValueString<'a>,
    size_gb: ValueNumber,
    r#type: ValueString<'a>,
}

// ---------------------------------------------------------------------------------------
// The variant payloads.

const SIZES: [usize; 3] = [1, 100, 10000];

/// `spot_price` in the variant: 0.0425 in ten-thousandths.
const SPOT_PRICE: i64 = 425;

fn bench_data(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("tests")
        .join("data")
        .join("bench")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn bench_type() -> Type {
    Type::from_json(&bench_data("type.json")).expect("tests/data/bench/type.json is a type")
}

fn integer_spot_price(value: &mut Value) {
    *value.attr_mut("spot_price").expect("spot_price") = Value::from(Number::from(SPOT_PRICE));
}

/// `payload-{n}.msgpack` with `spot_price` = 425, built with tfvalue.
fn variant_msgpack(n: usize, ty: &Type) -> Vec<u8> {
    let mut value = Value::from_msgpack(&bench_data(&format!("payload-{n}.msgpack")), ty)
        .expect("payload decodes");
    integer_spot_price(&mut value);
    value.to_msgpack(ty).unwrap()
}

/// `payload-{n}.json` with `spot_price` = 425, built with tfvalue.
fn variant_json(n: usize, ty: &Type) -> Vec<u8> {
    let mut value =
        Value::from_json(&bench_data(&format!("payload-{n}.json")), ty).expect("payload decodes");
    integer_spot_price(&mut value);
    value.to_json(ty).unwrap()
}

/// Before timing: every model reads both variants, writes them back byte for byte, and
/// reads the same data.
fn check(n: usize, ty: &Type, mp: &[u8], json: &[u8]) {
    assert_eq!(Vm::schema().object_type().without_optional(), *ty);
    assert_eq!(WrappedVm::schema().object_type().without_optional(), *ty);
    assert_eq!(BorrowedVm::schema().object_type().without_optional(), *ty);

    let vm: Vm = tfvalue::msgpack::from_slice(mp).unwrap();
    assert!(
        tfvalue::msgpack::to_vec(&vm).unwrap() == mp,
        "typed msgpack/{n}"
    );
    let vm_json: Vm = tfvalue::json::from_slice(json).unwrap();
    assert!(
        tfvalue::json::to_vec(&vm_json).unwrap() == json,
        "typed JSON/{n}"
    );
    assert_eq!(vm, vm_json);
    assert_eq!(vm.spot_price, Nullable::Value(SPOT_PRICE));

    let w: WrappedVm = tfvalue::msgpack::from_slice(mp).unwrap();
    assert!(
        tfvalue::msgpack::to_vec(&w).unwrap() == mp,
        "wrapped msgpack/{n}"
    );
    let wj: WrappedVm = tfvalue::json::from_slice(json).unwrap();
    assert!(
        tfvalue::json::to_vec(&wj).unwrap() == json,
        "wrapped JSON/{n}"
    );
    assert_eq!(w, wj);

    let b: BorrowedVm<'_> = tfvalue::msgpack::from_slice(mp).unwrap();
    assert!(
        tfvalue::msgpack::to_vec(&b).unwrap() == mp,
        "borrowed msgpack/{n}"
    );
    let bj: BorrowedVm<'_> = tfvalue::json::from_slice(json).unwrap();
    assert!(
        tfvalue::json::to_vec(&bj).unwrap() == json,
        "borrowed JSON/{n}"
    );

    let floor: FloorVm = rmp_serde::from_slice(mp).unwrap();
    assert!(
        rmp_serde::to_vec_named(&floor).unwrap() == mp,
        "floor msgpack/{n}"
    );
    let floor_json: FloorVm = serde_json::from_slice(json).unwrap();
    assert!(
        serde_json::to_vec(&floor_json).unwrap() == json,
        "floor JSON/{n}"
    );
    assert_eq!(floor, floor_json);

    let tfp: TfpVm<'_> = rmp_serde::from_slice(mp).unwrap();
    assert!(
        rmp_serde::to_vec_named(&tfp).unwrap() == mp,
        "tf-provider msgpack/{n}"
    );
    let tfp_json: TfpVm<'_> = serde_json::from_slice(json).unwrap();
    assert!(
        serde_json::to_vec(&tfp_json).unwrap() == json,
        "tf-provider JSON/{n}"
    );
    assert_eq!(tfp, tfp_json);

    // The same data in all models.
    assert_eq!(tfp.spot_price, TfpValue::Value(SPOT_PRICE));
    assert_eq!(tfp.id.as_str(), floor.id);
    assert!(tfp.user_data.is_null() && floor.user_data.is_none() && vm.user_data.is_null());
    let disks = match &tfp.disk {
        TfpValue::Value(d) => d,
        _ => panic!("disk is known"),
    };
    assert_eq!(disks.len(), n);
    for ((t, f), d) in disks.iter().zip(&floor.disk).zip(&vm.disk) {
        assert_eq!(t.device_name.as_str(), f.device_name);
        assert_eq!(
            t.kms_key_id.as_ref_option().map(|k| &**k),
            f.kms_key_id.as_deref()
        );
        assert_eq!(t.iops, TfpValue::Value(f.iops));
        assert_eq!(d.iops, Nullable::Value(f.iops));
    }
    let sg: Vec<&str> = match &tfp.security_groups {
        TfpValue::Value(s) => s.iter().map(|v| v.as_str()).collect(),
        _ => panic!("security_groups is known"),
    };
    assert_eq!(sg, floor.security_groups.iter().collect::<Vec<_>>());
    let tags: Vec<(&str, &str)> = match &tfp.tags {
        TfpValue::Value(m) => m.iter().map(|(k, v)| (&**k, v.as_str())).collect(),
        _ => panic!("tags is known"),
    };
    assert_eq!(
        tags,
        floor
            .tags
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect::<Vec<_>>()
    );
    let _: Option<&Cow<'_, str>> = tfp.ami.as_ref_option();
}

// ---------------------------------------------------------------------------------------
// Benchmarks.

fn peers_msgpack(c: &mut Criterion) {
    let ty = bench_type();
    let payloads: Vec<(usize, Vec<u8>, Vec<u8>)> = SIZES
        .iter()
        .map(|&n| (n, variant_msgpack(n, &ty), variant_json(n, &ty)))
        .collect();
    for (n, mp, json) in &payloads {
        check(*n, &ty, mp, json);
    }

    let group_name = "peers_msgpack_decode";
    let mut group = c.benchmark_group(group_name);
    for (n, bytes, _) in &payloads {
        let (n, bytes) = (*n, &bytes[..]);
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_function(BenchmarkId::new("tfvalue_typed", n), |b| {
            count_allocs(group_name, "tfvalue_typed", n, || {
                tfvalue::msgpack::from_slice::<Vm>(bytes).unwrap()
            });
            b.iter(|| tfvalue::msgpack::from_slice::<Vm>(black_box(bytes)).unwrap());
        });
        group.bench_function(BenchmarkId::new("tfvalue_wrapped", n), |b| {
            count_allocs(group_name, "tfvalue_wrapped", n, || {
                tfvalue::msgpack::from_slice::<WrappedVm>(bytes).unwrap()
            });
            b.iter(|| tfvalue::msgpack::from_slice::<WrappedVm>(black_box(bytes)).unwrap());
        });
        group.bench_function(BenchmarkId::new("tfvalue_borrowed", n), |b| {
            count_allocs(group_name, "tfvalue_borrowed", n, || {
                tfvalue::msgpack::from_slice::<BorrowedVm<'_>>(bytes).unwrap()
            });
            b.iter(|| tfvalue::msgpack::from_slice::<BorrowedVm<'_>>(black_box(bytes)).unwrap());
        });
        group.bench_function(BenchmarkId::new("floor_rmp_serde", n), |b| {
            count_allocs(group_name, "floor_rmp_serde", n, || {
                rmp_serde::from_slice::<FloorVm>(bytes).unwrap()
            });
            b.iter(|| rmp_serde::from_slice::<FloorVm>(black_box(bytes)).unwrap());
        });
        group.bench_function(BenchmarkId::new("tf_provider", n), |b| {
            count_allocs(group_name, "tf_provider", n, || {
                rmp_serde::from_slice::<TfpVm<'_>>(bytes).unwrap()
            });
            b.iter(|| rmp_serde::from_slice::<TfpVm<'_>>(black_box(bytes)).unwrap());
        });
    }
    group.finish();

    let group_name = "peers_msgpack_encode";
    let mut group = c.benchmark_group(group_name);
    for (n, bytes, _) in &payloads {
        let (n, bytes) = (*n, &bytes[..]);
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        let vm: Vm = tfvalue::msgpack::from_slice(bytes).unwrap();
        let wrapped: WrappedVm = tfvalue::msgpack::from_slice(bytes).unwrap();
        let floor: FloorVm = rmp_serde::from_slice(bytes).unwrap();
        let tfp: TfpVm<'_> = rmp_serde::from_slice(bytes).unwrap();
        group.bench_function(BenchmarkId::new("tfvalue_typed", n), |b| {
            count_allocs(group_name, "tfvalue_typed", n, || {
                tfvalue::msgpack::to_vec(&vm).unwrap()
            });
            b.iter(|| tfvalue::msgpack::to_vec(black_box(&vm)).unwrap());
        });
        group.bench_function(BenchmarkId::new("tfvalue_wrapped", n), |b| {
            count_allocs(group_name, "tfvalue_wrapped", n, || {
                tfvalue::msgpack::to_vec(&wrapped).unwrap()
            });
            b.iter(|| tfvalue::msgpack::to_vec(black_box(&wrapped)).unwrap());
        });
        group.bench_function(BenchmarkId::new("floor_rmp_serde", n), |b| {
            count_allocs(group_name, "floor_rmp_serde", n, || {
                rmp_serde::to_vec_named(&floor).unwrap()
            });
            b.iter(|| rmp_serde::to_vec_named(black_box(&floor)).unwrap());
        });
        group.bench_function(BenchmarkId::new("tf_provider", n), |b| {
            count_allocs(group_name, "tf_provider", n, || {
                rmp_serde::to_vec_named(&tfp).unwrap()
            });
            b.iter(|| rmp_serde::to_vec_named(black_box(&tfp)).unwrap());
        });
    }
    group.finish();
}

fn peers_json(c: &mut Criterion) {
    let ty = bench_type();
    let payloads: Vec<(usize, Vec<u8>)> =
        SIZES.iter().map(|&n| (n, variant_json(n, &ty))).collect();

    let group_name = "peers_json_decode";
    let mut group = c.benchmark_group(group_name);
    for (n, bytes) in &payloads {
        let (n, bytes) = (*n, &bytes[..]);
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_function(BenchmarkId::new("tfvalue_typed", n), |b| {
            count_allocs(group_name, "tfvalue_typed", n, || {
                tfvalue::json::from_slice::<Vm>(bytes).unwrap()
            });
            b.iter(|| tfvalue::json::from_slice::<Vm>(black_box(bytes)).unwrap());
        });
        group.bench_function(BenchmarkId::new("tfvalue_wrapped", n), |b| {
            count_allocs(group_name, "tfvalue_wrapped", n, || {
                tfvalue::json::from_slice::<WrappedVm>(bytes).unwrap()
            });
            b.iter(|| tfvalue::json::from_slice::<WrappedVm>(black_box(bytes)).unwrap());
        });
        group.bench_function(BenchmarkId::new("tfvalue_borrowed", n), |b| {
            count_allocs(group_name, "tfvalue_borrowed", n, || {
                tfvalue::json::from_slice::<BorrowedVm<'_>>(bytes).unwrap()
            });
            b.iter(|| tfvalue::json::from_slice::<BorrowedVm<'_>>(black_box(bytes)).unwrap());
        });
        group.bench_function(BenchmarkId::new("floor_serde_json", n), |b| {
            count_allocs(group_name, "floor_serde_json", n, || {
                serde_json::from_slice::<FloorVm>(bytes).unwrap()
            });
            b.iter(|| serde_json::from_slice::<FloorVm>(black_box(bytes)).unwrap());
        });
        group.bench_function(BenchmarkId::new("tf_provider", n), |b| {
            count_allocs(group_name, "tf_provider", n, || {
                serde_json::from_slice::<TfpVm<'_>>(bytes).unwrap()
            });
            b.iter(|| serde_json::from_slice::<TfpVm<'_>>(black_box(bytes)).unwrap());
        });
    }
    group.finish();

    let group_name = "peers_json_encode";
    let mut group = c.benchmark_group(group_name);
    for (n, bytes) in &payloads {
        let (n, bytes) = (*n, &bytes[..]);
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        let vm: Vm = tfvalue::json::from_slice(bytes).unwrap();
        let wrapped: WrappedVm = tfvalue::json::from_slice(bytes).unwrap();
        let floor: FloorVm = serde_json::from_slice(bytes).unwrap();
        let tfp: TfpVm<'_> = serde_json::from_slice(bytes).unwrap();
        group.bench_function(BenchmarkId::new("tfvalue_typed", n), |b| {
            count_allocs(group_name, "tfvalue_typed", n, || {
                tfvalue::json::to_vec(&vm).unwrap()
            });
            b.iter(|| tfvalue::json::to_vec(black_box(&vm)).unwrap());
        });
        group.bench_function(BenchmarkId::new("tfvalue_wrapped", n), |b| {
            count_allocs(group_name, "tfvalue_wrapped", n, || {
                tfvalue::json::to_vec(&wrapped).unwrap()
            });
            b.iter(|| tfvalue::json::to_vec(black_box(&wrapped)).unwrap());
        });
        group.bench_function(BenchmarkId::new("floor_serde_json", n), |b| {
            count_allocs(group_name, "floor_serde_json", n, || {
                serde_json::to_vec(&floor).unwrap()
            });
            b.iter(|| serde_json::to_vec(black_box(&floor)).unwrap());
        });
        group.bench_function(BenchmarkId::new("tf_provider", n), |b| {
            count_allocs(group_name, "tf_provider", n, || {
                serde_json::to_vec(&tfp).unwrap()
            });
            b.iter(|| serde_json::to_vec(black_box(&tfp)).unwrap());
        });
    }
    group.finish();
}

/// tf-provider against tfvalue typed, each pair timed in alternation
/// (`tfvalue_suite::paired`): the ratios BENCHMARKS.md quotes, free of the drift between
/// criterion's separate windows. Run with `PEERS_PAIRED=1` (instead of the criterion rows).
fn peers_paired() {
    let ty = bench_type();
    const SIDES: (&str, &str) = ("tf-provider", "tfvalue typed");
    println!("paired: ratio = tf-provider / tfvalue typed, median [quartiles]");
    for n in SIZES {
        let (mp, json) = (variant_msgpack(n, &ty), variant_json(n, &ty));
        check(n, &ty, &mp, &json);
        let vm: Vm = tfvalue::msgpack::from_slice(&mp).unwrap();
        let tfp: TfpVm<'_> = rmp_serde::from_slice(&mp).unwrap();
        pair(
            &format!("msgpack decode/{n}"),
            SIDES,
            &mut || {
                drop(black_box(
                    rmp_serde::from_slice::<TfpVm<'_>>(black_box(&mp)).unwrap(),
                ))
            },
            &mut || {
                drop(black_box(
                    tfvalue::msgpack::from_slice::<Vm>(black_box(&mp)).unwrap(),
                ))
            },
        );
        pair(
            &format!("msgpack encode/{n}"),
            SIDES,
            &mut || drop(black_box(rmp_serde::to_vec_named(black_box(&tfp)).unwrap())),
            &mut || drop(black_box(tfvalue::msgpack::to_vec(black_box(&vm)).unwrap())),
        );
        let tfp: TfpVm<'_> = serde_json::from_slice(&json).unwrap();
        pair(
            &format!("json decode/{n}"),
            SIDES,
            &mut || {
                drop(black_box(
                    serde_json::from_slice::<TfpVm<'_>>(black_box(&json)).unwrap(),
                ))
            },
            &mut || {
                drop(black_box(
                    tfvalue::json::from_slice::<Vm>(black_box(&json)).unwrap(),
                ))
            },
        );
        pair(
            &format!("json encode/{n}"),
            SIDES,
            &mut || drop(black_box(serde_json::to_vec(black_box(&tfp)).unwrap())),
            &mut || drop(black_box(tfvalue::json::to_vec(black_box(&vm)).unwrap())),
        );
    }
}

criterion_group!(benches, peers_msgpack, peers_json);

fn main() {
    if std::env::var_os("PEERS_PAIRED").is_some() {
        // Only under `cargo bench` (which passes `--bench`), as the criterion rows.
        if std::env::args().any(|a| a == "--bench") {
            peers_paired();
        }
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
