//! Helpers shared by tfvalue's integration tests, examples, benchmarks and fuzz targets:
//! test data, hex, fuzzing bodies and the benchmarks' counting allocator. (The end-to-end
//! tests drive Terraform through the `tfvalue-testing` crate.)

use std::alloc::{GlobalAlloc, Layout};
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

pub mod bench_model;
pub mod fuzzing;
pub mod json_reference;
pub mod paired;
#[cfg(feature = "provider")]
pub mod rpc_fuzzing;
pub mod scaling;

/// Path of a file under `tests/data/`.
pub fn data_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("data")
        .join(name)
}

/// Contents of a file under `tests/data/`.
pub fn data(name: &str) -> Vec<u8> {
    let path = data_path(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Contents of a text file under `tests/data/`.
pub fn data_text(name: &str) -> String {
    String::from_utf8(data(name)).unwrap_or_else(|e| panic!("{name} is not UTF-8: {e}"))
}

/// Decodes hex (whitespace ignored); panics on bad input (test data is trusted).
pub fn hex(s: &str) -> Vec<u8> {
    let digits: Vec<u8> = s.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    assert!(
        digits.len().is_multiple_of(2),
        "odd number of hex digits in {s:?}"
    );
    digits
        .chunks(2)
        .map(|p| {
            let pair = std::str::from_utf8(p).expect("hex is ASCII");
            u8::from_str_radix(pair, 16).unwrap_or_else(|_| panic!("bad hex {pair:?}"))
        })
        .collect()
}

/// Encodes bytes as lowercase hex.
pub fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Parses a schema in the protobuf-JSON form of Terraform's `GetProviderSchema` response,
/// as in `tests/data/terraform/schema-served.json` (`{"version":…,"block":{…}}` with
/// camelCase keys: `blockTypes`, `typeName`, `nestedType`, `descriptionKind`, nesting modes
/// as `"LIST"`, …; attribute types as JSON type constraints; int64 fields as numbers or
/// strings; absent fields take the protobuf default). Panics on anything else (test data is
/// trusted).
pub fn schema_from_served_json(v: &serde_json::Value) -> tfvalue::schema::Schema {
    tfvalue::schema::Schema::new(served_int(v, "version"), served_block(&v["block"]))
}

fn served_int(v: &serde_json::Value, key: &str) -> i64 {
    match v.get(key) {
        None | Some(serde_json::Value::Null) => 0,
        Some(serde_json::Value::String(s)) => s
            .parse()
            .unwrap_or_else(|e| panic!("{key}: bad int64 {s:?}: {e}")),
        Some(n) => n
            .as_i64()
            .unwrap_or_else(|| panic!("{key}: not an int64: {n}")),
    }
}

fn served_str<'a>(v: &'a serde_json::Value, key: &str) -> &'a str {
    match v.get(key) {
        None | Some(serde_json::Value::Null) => "",
        Some(s) => s
            .as_str()
            .unwrap_or_else(|| panic!("{key}: not a string: {s}")),
    }
}

fn served_bool(v: &serde_json::Value, key: &str) -> bool {
    match v.get(key) {
        None | Some(serde_json::Value::Null) => false,
        Some(b) => b
            .as_bool()
            .unwrap_or_else(|| panic!("{key}: not a bool: {b}")),
    }
}

fn served_list<'a>(v: &'a serde_json::Value, key: &str) -> &'a [serde_json::Value] {
    match v.get(key) {
        None | Some(serde_json::Value::Null) => &[],
        Some(a) => a
            .as_array()
            .unwrap_or_else(|| panic!("{key}: not an array: {a}")),
    }
}

fn served_kind(v: &serde_json::Value) -> tfvalue::schema::StringKind {
    use tfvalue::schema::StringKind;
    match v.get("descriptionKind") {
        None | Some(serde_json::Value::Null) => StringKind::Plain,
        Some(k) if k == "PLAIN" || k == 0 => StringKind::Plain,
        Some(k) if k == "MARKDOWN" || k == 1 => StringKind::Markdown,
        Some(k) => panic!("bad descriptionKind {k}"),
    }
}

fn served_block(v: &serde_json::Value) -> tfvalue::schema::Block {
    use tfvalue::schema::{Block, BlockNesting, NestedBlock};
    let mut block = Block::new();
    for a in served_list(v, "attributes") {
        block = block.attribute(served_attribute(a));
    }
    for b in served_list(v, "blockTypes") {
        let nesting = match b["nesting"].as_str() {
            Some("SINGLE") => BlockNesting::Single,
            Some("LIST") => BlockNesting::List,
            Some("SET") => BlockNesting::Set,
            Some("MAP") => BlockNesting::Map,
            Some("GROUP") => BlockNesting::Group,
            _ => panic!("bad block nesting {}", b["nesting"]),
        };
        let items =
            |key| u64::try_from(served_int(b, key)).unwrap_or_else(|_| panic!("negative {key}"));
        let nb = NestedBlock::new(
            served_str(b, "typeName"),
            served_block(&b["block"]),
            nesting,
        )
        .min_items(items("minItems"))
        .max_items(items("maxItems"));
        block = block.block_type(nb);
    }
    block.description = served_str(v, "description").to_owned();
    block.description_kind = served_kind(v);
    block.deprecated = served_bool(v, "deprecated");
    block
}

fn served_attribute(v: &serde_json::Value) -> tfvalue::schema::Attribute {
    use tfvalue::schema::{Attribute, NestedObject, ObjectNesting};
    let name = served_str(v, "name");
    let mut attr = match (v.get("type"), v.get("nestedType")) {
        (Some(ty), None) => {
            let ty = tfvalue::Type::from_json_value(ty)
                .unwrap_or_else(|e| panic!("{name}: bad type {ty}: {e}"));
            Attribute::new(name, ty)
        }
        (None, Some(n)) => {
            let nesting = match n["nesting"].as_str() {
                Some("SINGLE") => ObjectNesting::Single,
                Some("LIST") => ObjectNesting::List,
                Some("SET") => ObjectNesting::Set,
                Some("MAP") => ObjectNesting::Map,
                _ => panic!("{name}: bad nested attribute nesting {}", n["nesting"]),
            };
            let mut object = NestedObject::new(nesting);
            for a in served_list(n, "attributes") {
                object = object.attribute(served_attribute(a));
            }
            Attribute::nested(name, object)
        }
        _ => panic!("{name}: needs exactly one of type and nestedType"),
    };
    attr.description = served_str(v, "description").to_owned();
    attr.description_kind = served_kind(v);
    attr.required = served_bool(v, "required");
    attr.optional = served_bool(v, "optional");
    attr.computed = served_bool(v, "computed");
    attr.sensitive = served_bool(v, "sensitive");
    attr.deprecated = served_bool(v, "deprecated");
    attr
}

// ---------------------------------------------------------------------------------------
// Counting allocations (the benchmarks' `allocs/op`)

/// The allocator the benchmarks measure with: the one the example providers declare,
/// `tfvalue_provider::Allocator`, or the system's (glibc's) with the feature
/// `system-allocator` or without the feature `provider` (BENCHMARKS.md, "The allocator").
#[cfg(all(feature = "provider", not(feature = "system-allocator")))]
pub type BenchAlloc = tfvalue_provider::Allocator;
/// The allocator the benchmarks measure with: the system's.
#[cfg(not(all(feature = "provider", not(feature = "system-allocator"))))]
pub type BenchAlloc = std::alloc::System;

/// [`BenchAlloc`]'s one value, for `#[global_allocator] static A: BenchAlloc = BENCH_ALLOC;`.
#[cfg(all(feature = "provider", not(feature = "system-allocator")))]
pub const BENCH_ALLOC: BenchAlloc = tfvalue_provider::Allocator;
/// [`BenchAlloc`]'s one value.
#[cfg(not(all(feature = "provider", not(feature = "system-allocator"))))]
pub const BENCH_ALLOC: BenchAlloc = std::alloc::System;

/// [`BenchAlloc`], counting allocations while [`count_allocs`] runs. A benchmark
/// installs it with `#[global_allocator] static GLOBAL: CountingAlloc = CountingAlloc;`.
/// Outside a count it costs one relaxed load per allocation.
pub struct CountingAlloc;

static COUNTING: AtomicBool = AtomicBool::new(false);
/// Calls to `alloc`/`alloc_zeroed` (new blocks) while counting.
static ALLOCS: AtomicUsize = AtomicUsize::new(0);
/// Calls to `realloc` (growth of a `Vec`/`String` in place or by moving) while counting.
static REALLOCS: AtomicUsize = AtomicUsize::new(0);
/// Bytes requested by `alloc`/`alloc_zeroed` and by the growth of `realloc`.
static BYTES: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded unchanged to `BENCH_ALLOC`; only counters are added.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            ALLOCS.fetch_add(1, Ordering::Relaxed);
            BYTES.fetch_add(layout.size(), Ordering::Relaxed);
        }
        // SAFETY: the caller's guarantees for `layout` are passed on unchanged.
        unsafe { BENCH_ALLOC.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            ALLOCS.fetch_add(1, Ordering::Relaxed);
            BYTES.fetch_add(layout.size(), Ordering::Relaxed);
        }
        // SAFETY: as in `alloc`.
        unsafe { BENCH_ALLOC.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            REALLOCS.fetch_add(1, Ordering::Relaxed);
            BYTES.fetch_add(new_size.saturating_sub(layout.size()), Ordering::Relaxed);
        }
        // SAFETY: `ptr` was allocated by this allocator (that is, by `BENCH_ALLOC`) with
        // `layout`, as the caller guarantees.
        unsafe { BENCH_ALLOC.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `BENCH_ALLOC` with `layout`.
        unsafe { BENCH_ALLOC.dealloc(ptr, layout) }
    }
}

/// Heap allocations counted during one operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AllocCount {
    /// Calls to `alloc`/`alloc_zeroed`.
    pub allocs: usize,
    /// Calls to `realloc`.
    pub reallocs: usize,
    /// Bytes requested by `alloc`/`alloc_zeroed` and by the growth of `realloc`.
    pub bytes: usize,
}

impl AllocCount {
    /// Allocations as Go's `-benchmem` counts them: `alloc` + `realloc` calls.
    pub fn total(&self) -> usize {
        self.allocs + self.reallocs
    }
}

/// Runs `op` while counting the allocations made through [`CountingAlloc`] (all zero if it
/// is not the global allocator). The result is returned, not dropped, so frees are not
/// counted (they are not allocations anyway). Counts are global: run one count at a time.
pub fn count_allocs<R>(op: impl FnOnce() -> R) -> (R, AllocCount) {
    ALLOCS.store(0, Ordering::SeqCst);
    REALLOCS.store(0, Ordering::SeqCst);
    BYTES.store(0, Ordering::SeqCst);
    COUNTING.store(true, Ordering::SeqCst);
    let out = std::hint::black_box(op());
    COUNTING.store(false, Ordering::SeqCst);
    let count = AllocCount {
        allocs: ALLOCS.load(Ordering::SeqCst),
        reallocs: REALLOCS.load(Ordering::SeqCst),
        bytes: BYTES.load(Ordering::SeqCst),
    };
    (out, count)
}

/// Once per `row` (criterion calls a routine once per sample): counts the allocations of one
/// call of `op`, prints `allocs/op {row}: …` to stderr and returns `Some` of its result;
/// later calls for the same row do nothing and return `None`.
pub fn print_allocs_once<R>(row: &str, op: impl FnOnce() -> R) -> Option<R> {
    static DONE: Mutex<BTreeSet<String>> = Mutex::new(BTreeSet::new());
    let first = match DONE.lock() {
        Ok(mut done) => done.insert(row.to_owned()),
        Err(poisoned) => poisoned.into_inner().insert(row.to_owned()),
    };
    if !first {
        return None;
    }
    let (out, count) = count_allocs(op);
    eprintln!(
        "allocs/op {row}: {} ({} alloc + {} realloc), {} bytes",
        count.total(),
        count.allocs,
        count.reallocs,
        count.bytes
    );
    Some(out)
}
