//! Helpers shared by the sections of this test.

use serde::Deserialize;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::BTreeMap;
use std::fmt::Debug;
use tfvalue::{ErrorKind, Nullable, Number, Type, Unknown, Value};
use tfvalue_suite::{data_text, hex};

pub(crate) fn ty(json: &str) -> Type {
    Type::from_json(json.as_bytes()).unwrap_or_else(|e| panic!("{json}: {e}"))
}

/// The bench type (`tests/data/bench/type.json`).
pub(crate) fn bench_type() -> Type {
    ty(&data_text("bench/type.json"))
}

/// Counts the bytes this thread has allocated and not freed, and their peak, so that a test
/// can bound what one decode allocates whatever the other test threads do. Thread-locals
/// with const initialisers need no allocation of their own.
struct CountingAlloc;

thread_local! {
    pub(crate) static LIVE: Cell<usize> = const { Cell::new(0) };
    pub(crate) static PEAK: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: delegates every call to the system allocator; the bookkeeping only touches
// plain thread-local counters.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let live = LIVE.with(|l| {
            let v = l.get() + layout.size();
            l.set(v);
            v
        });
        PEAK.with(|p| p.set(p.get().max(live)));
        // SAFETY: same layout contract as the caller's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.with(|l| l.set(l.get().saturating_sub(layout.size())));
        // SAFETY: `ptr` was allocated by `System` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

/// The most any one hostile decode here may allocate at once: far beyond what its input
/// (at most a few MiB) justifies, far below what a length prefix claiming 4 billion
/// elements would cost if it were believed.
const ALLOCATION_BOUND: usize = 64 << 20;

/// Runs `f` and asserts that it never held more than [`ALLOCATION_BOUND`] bytes beyond what
/// the thread held before. A deterministic bound on work, not a timing: a decoder that
/// believed a hostile length, or buffered without limit, fails it on any machine.
pub(crate) fn quick<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let before = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(before));
    let out = f();
    let peak = PEAK.with(Cell::get) - before;
    assert!(
        peak <= ALLOCATION_BOUND,
        "{what} held {peak} bytes at once (bound {ALLOCATION_BOUND})"
    );
    out
}

/// Asserts an error of exactly this kind, path and message.
#[track_caller]
pub(crate) fn check<T: Debug>(r: tfvalue::Result<T>, kind: ErrorKind, path: &str, message: &str) {
    let e = r.expect_err("expected an error");
    assert_eq!(
        (e.kind(), e.path().to_string().as_str(), e.message()),
        (kind, path, message),
        "full error: {e}"
    );
    let shown = if path.is_empty() {
        message.to_owned()
    } else {
        format!("{path}: {message}")
    };
    assert_eq!(e.to_string(), shown);
}

/// Asserts an error of exactly this path and message; its kind is checked in
/// `kinds_survive_serde_visitors` (see the module documentation).
#[track_caller]
pub(crate) fn check_msg<T: Debug>(r: tfvalue::Result<T>, path: &str, message: &str) {
    let e = r.expect_err("expected an error");
    assert_eq!(
        (e.path().to_string().as_str(), e.message()),
        (path, message),
        "full error: {e}"
    );
}

#[track_caller]
pub(crate) fn kind_of<T: Debug>(r: tfvalue::Result<T>) -> ErrorKind {
    r.expect_err("expected an error").kind()
}

pub(crate) const DEPTH_MESSAGE: &str = "value nested more than 256 levels deep";
/// Dynamic values inside dynamic values have their own, smaller limit.
pub(crate) const DYNAMIC_DEPTH_MESSAGE: &str = "dynamic values nested more than 32 levels deep";

/// `n` levels of `header`, then `tail`.
pub(crate) fn nested(header: &[u8], n: usize, tail: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(header.len() * n + tail.len());
    for _ in 0..n {
        out.extend_from_slice(header);
    }
    out.extend_from_slice(tail);
    out
}

/// A dynamic wrapper header `[bin(type_json), ` (the value follows).
pub(crate) fn dynamic_header(type_json: &str) -> Vec<u8> {
    let mut out = vec![
        0x92,
        0xc4,
        u8::try_from(type_json.len()).expect("short type"),
    ];
    out.extend_from_slice(type_json.as_bytes());
    out
}

pub(crate) const DEEP: usize = 100_000;

/// A recursive struct, as a nested block would be modelled.
#[derive(Deserialize, Debug)]
#[allow(dead_code)]
pub(crate) struct Node {
    pub(crate) c: Vec<Node>,
}

/// A recursive untagged enum: serde buffers the content through `deserialize_any`.
#[derive(Deserialize, Debug)]
#[serde(untagged)]
#[allow(dead_code)]
pub(crate) enum Tree {
    Leaf(String),
    Branch(Vec<Tree>),
}

/// The bench resource as a Rust model (every attribute of `bench/type.json`).
#[derive(Deserialize, Debug)]
#[allow(dead_code)]
pub(crate) struct BenchVm {
    pub(crate) ami: String,
    pub(crate) arn: Unknown<Nullable<String>>,
    pub(crate) availability_zone: String,
    pub(crate) cpu_core_count: u32,
    pub(crate) cpu_threads_per_core: Number,
    pub(crate) disable_api_termination: bool,
    pub(crate) disk: Vec<BenchDisk>,
    pub(crate) ebs_optimized: Option<bool>,
    pub(crate) hibernation: bool,
    pub(crate) id: Unknown<String>,
    pub(crate) instance_type: String,
    ipv6_addresses: Vec<String>,
    pub(crate) key_name: String,
    pub(crate) monitoring: bool,
    pub(crate) private_ip: String,
    pub(crate) public_ip: String,
    pub(crate) root_volume_size: i64,
    pub(crate) security_groups: std::collections::BTreeSet<String>,
    pub(crate) spot_price: f64,
    pub(crate) subnet_id: String,
    pub(crate) tags: BTreeMap<String, String>,
    pub(crate) user_data: Nullable<String>,
}

pub(crate) fn nan_as_value() -> tfvalue::Result<Value> {
    Value::from_msgpack(&hex(NAN64), &Type::Number)
}

pub(crate) fn nan32_as_value() -> tfvalue::Result<Value> {
    Value::from_msgpack(&hex(NAN32), &Type::Number)
}

pub(crate) fn nan_as_number() -> tfvalue::Result<Number> {
    tfvalue::msgpack::from_slice::<Number>(&hex(NAN64))
}

pub(crate) fn nan_nested_in_value() -> tfvalue::Result<Value> {
    let mut input = hex("81 a1 6e 92 01");
    input.extend(hex(NAN64));
    Value::from_msgpack(&input, &ty(r#"["object",{"n":["list","number"]}]"#))
}

/// Numbers given as text, with the error each must give: (text, kind, message).
/// The message for a number whose plain text would take `bytes` bytes.
pub(crate) fn too_many_digits(text: &str, bytes: usize) -> String {
    format!(
        "number {text} has too many digits: written out without an exponent, as Terraform \
         writes numbers, it takes {bytes} bytes, more than the limit of 4096"
    )
}

pub(crate) fn bad_number_texts() -> Vec<(String, ErrorKind, String)> {
    let digits = "7".repeat(tfvalue::limits::MAX_NUMBER_TEXT + 1);
    vec![
        (
            "1e999999999".to_owned(),
            ErrorKind::Limit,
            too_many_digits("1e999999999", 1_000_000_000),
        ),
        (
            "1e-999999999".to_owned(),
            ErrorKind::Limit,
            too_many_digits("1e-999999999", 1_000_000_001),
        ),
        (
            digits,
            ErrorKind::Limit,
            "number text is too long: 1048577 bytes, the limit is 1048576".to_owned(),
        ),
        (
            "0x10".to_owned(),
            ErrorKind::Type,
            "expected number, found the string \"0x10\"".to_owned(),
        ),
        (
            String::new(),
            ErrorKind::Type,
            "expected number, found the string \"\"".to_owned(),
        ),
        (
            "NaN".to_owned(),
            ErrorKind::Type,
            "expected number, found the string \"NaN\"".to_owned(),
        ),
        (
            "1_000".to_owned(),
            ErrorKind::Type,
            "expected number, found the string \"1_000\"".to_owned(),
        ),
    ]
}

/// A msgpack string.
pub(crate) fn mp_str(s: &str) -> Vec<u8> {
    let mut out = match s.len() {
        n if n < 32 => vec![0xa0 | n as u8],
        n if n < 256 => vec![0xd9, n as u8],
        n if n < 65536 => {
            let mut h = vec![0xda];
            h.extend_from_slice(&(n as u16).to_be_bytes());
            h
        }
        n => {
            let mut h = vec![0xdb];
            h.extend_from_slice(&u32::try_from(n).expect("under 4 GiB").to_be_bytes());
            h
        }
    };
    out.extend_from_slice(s.as_bytes());
    out
}

pub(crate) fn duplicate_map_key() -> tfvalue::Result<Value> {
    Value::from_msgpack(&hex("82 a1 61 01 a1 61 02"), &ty(r#"["map","number"]"#))
}

pub(crate) fn duplicate_attribute() -> tfvalue::Result<Value> {
    // a, b, then a again: the attribute count matches the type, yet b's slot is not lost.
    Value::from_msgpack(
        &hex("83 a1 61 01 a1 62 02 a1 61 03"),
        &ty(r#"["object",{"a":"number","b":"number","c":"number"}]"#),
    )
}

pub(crate) fn duplicate_attribute_in_order() -> tfvalue::Result<Value> {
    // The fast path (attributes in the type's order) must notice the repeat too.
    Value::from_msgpack(
        &hex("82 a1 61 01 a1 61 02"),
        &ty(r#"["object",{"a":"number","b":"number"}]"#),
    )
}

pub(crate) fn dynamic_with_bad_type_json() -> tfvalue::Result<Value> {
    Value::from_msgpack(&hex("92 c4 05 73 74 72 6e 67 01"), &Type::Dynamic)
}

pub(crate) fn dynamic_with_too_deep_type() -> tfvalue::Result<Value> {
    // 300 nested lists: beyond MAX_DEPTH (and beyond serde_json's own 128).
    let mut json = r#"["list","#.repeat(300);
    json.push_str(r#""string""#);
    json.push_str(&"]".repeat(300));
    let mut input = vec![0x92, 0xc5];
    input.extend_from_slice(&u16::try_from(json.len()).expect("short").to_be_bytes());
    input.extend_from_slice(json.as_bytes());
    input.push(0xc0);
    Value::from_msgpack(&input, &Type::Dynamic)
}

/// The Terraform example: not null, prefix "prefix-".
pub(crate) const PREFIX_UNKNOWN: &str = "c7 0c 0c 82 01 c2 02 a7 70 72 65 66 69 78 2d";
/// The Terraform example: not null, >= 0.
pub(crate) const BOUND_UNKNOWN: &str = "c7 07 0c 82 01 c2 03 92 00 c3";

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
pub(crate) struct Vm {
    pub(crate) disk: Vec<Disk>,
    pub(crate) name: String,
}

pub(crate) const NAN64: &str = "cb 7f f8 00 00 00 00 00 00";
pub(crate) const NAN32: &str = "ca 7f c0 00 00";

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
pub(crate) struct BenchDisk {
    pub(crate) device_name: String,
    pub(crate) encrypted: bool,
    pub(crate) iops: u64,
    pub(crate) kms_key_id: Nullable<String>,
    pub(crate) size_gb: u32,
    #[serde(rename = "type")]
    pub(crate) kind: String,
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
pub(crate) struct Disk {
    pub(crate) id: Unknown<Nullable<String>>,
    pub(crate) label: String,
    pub(crate) size_gb: u8,
}
