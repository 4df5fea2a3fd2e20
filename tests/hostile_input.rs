//! Hostile input: every decoder takes arbitrary bytes and answers with an error that names
//! its path. No panic, no stack overflow, no allocation beyond what the input justifies, no
//! time beyond a few milliseconds.
//!
//! Each case asserts the exact [`ErrorKind`], the path and the message. Errors raised inside
//! serde visitors (`Value`'s decoder, `Number`, `Unknown<T>`) keep their kind on the way
//! through serde: `kinds_survive_serde_visitors` checks that.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::BTreeMap;
use std::fmt::Debug;

use serde::Deserialize;
use tfvalue::limits::{MAX_DEPTH, MAX_DYNAMIC_DEPTH, MAX_NUMBER_TEXT, MAX_REFINEMENT_PAYLOAD};
use tfvalue::{ErrorKind, Nullable, Number, Type, Unknown, Value};
use tfvalue_suite::{data, data_text, hex};

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

fn ty(json: &str) -> Type {
    Type::from_json(json.as_bytes()).unwrap_or_else(|e| panic!("{json}: {e}"))
}

/// The bench type (`tests/data/bench/type.json`).
fn bench_type() -> Type {
    ty(&data_text("bench/type.json"))
}

/// Counts the bytes this thread has allocated and not freed, and their peak, so that a test
/// can bound what one decode allocates whatever the other test threads do. Thread-locals
/// with const initialisers need no allocation of their own.
struct CountingAlloc;

thread_local! {
    static LIVE: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
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
fn quick<T>(what: &str, f: impl FnOnce() -> T) -> T {
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
fn check<T: Debug>(r: tfvalue::Result<T>, kind: ErrorKind, path: &str, message: &str) {
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
fn check_msg<T: Debug>(r: tfvalue::Result<T>, path: &str, message: &str) {
    let e = r.expect_err("expected an error");
    assert_eq!(
        (e.path().to_string().as_str(), e.message()),
        (path, message),
        "full error: {e}"
    );
}

#[track_caller]
fn kind_of<T: Debug>(r: tfvalue::Result<T>) -> ErrorKind {
    r.expect_err("expected an error").kind()
}

const DEPTH_MESSAGE: &str = "value nested more than 256 levels deep";
/// Dynamic values inside dynamic values have their own, smaller limit.
const DYNAMIC_DEPTH_MESSAGE: &str = "dynamic values nested more than 32 levels deep";

/// `n` levels of `header`, then `tail`.
fn nested(header: &[u8], n: usize, tail: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(header.len() * n + tail.len());
    for _ in 0..n {
        out.extend_from_slice(header);
    }
    out.extend_from_slice(tail);
    out
}

/// A dynamic wrapper header `[bin(type_json), ` (the value follows).
fn dynamic_header(type_json: &str) -> Vec<u8> {
    let mut out = vec![
        0x92,
        0xc4,
        u8::try_from(type_json.len()).expect("short type"),
    ];
    out.extend_from_slice(type_json.as_bytes());
    out
}

// ---------------------------------------------------------------------------------------
// Nesting depth
// ---------------------------------------------------------------------------------------

const DEEP: usize = 100_000;

#[test]
fn max_depth_is_256() {
    // The messages below spell the limit out.
    assert_eq!(MAX_DEPTH, 256);
}

#[test]
fn deep_arrays_against_a_deeply_nested_list_type() {
    let mut t = Type::String;
    for _ in 0..300 {
        t = Type::list(t);
    }
    let input = vec![0x91; DEEP];
    let r = quick("deep arrays", || Value::from_msgpack(&input, &t));
    // The 257th array is element 0 of the 256th: 256 steps.
    check(r, ErrorKind::Limit, &"[0]".repeat(MAX_DEPTH), DEPTH_MESSAGE);
}

#[test]
fn deep_maps_against_a_deeply_nested_map_type() {
    let mut t = Type::String;
    for _ in 0..300 {
        t = Type::map(t);
    }
    let input = nested(&hex("81 a1 61"), DEEP, &[]);
    let r = quick("deep maps", || Value::from_msgpack(&input, &t));
    check(
        r,
        ErrorKind::Limit,
        &"[\"a\"]".repeat(MAX_DEPTH),
        DEPTH_MESSAGE,
    );
}

#[test]
fn deep_maps_against_a_deeply_nested_object_type() {
    let mut t = Type::String;
    for _ in 0..300 {
        t = Type::object([("a", t)]);
    }
    let input = nested(&hex("81 a1 61"), DEEP, &[]);
    let r = quick("deep objects", || Value::from_msgpack(&input, &t));
    check(r, ErrorKind::Limit, &".a".repeat(MAX_DEPTH), DEPTH_MESSAGE);
}

#[test]
fn deep_plain_arrays_at_a_dynamic_position_are_malformed_wrappers() {
    // A dynamic value must be null, an unknown or `[type, value]`: a 1-element array is
    // rejected at the first level, before any recursion.
    let input = vec![0x91; DEEP];
    let message = "expected a dynamic value as a 2-element array [type, value], found an array \
                   of 1 elements";
    check(
        quick("dynamic", || Value::from_msgpack(&input, &Type::Dynamic)),
        ErrorKind::Type,
        "",
        message,
    );
    check(
        quick("list(dynamic)", || {
            Value::from_msgpack(&input, &ty(r#"["list","dynamic"]"#))
        }),
        ErrorKind::Type,
        "[0]",
        message,
    );
    let maps = nested(&hex("81 a1 61"), DEEP, &[]);
    check(
        quick("object({a=dynamic})", || {
            Value::from_msgpack(&maps, &ty(r#"["object",{"a":"dynamic"}]"#))
        }),
        ErrorKind::Type,
        ".a",
        "expected a dynamic value ([type, value] array), found an object or map",
    );
}

#[test]
fn deep_dynamic_wrappers_of_type_dynamic_hit_the_depth_limit() {
    // `[bin("dynamic"), [bin("dynamic"), ...]]`: each wrapper's type is `dynamic` again, so
    // its value is another wrapper. Tiny per level, so a naive decoder recurses 100,000 deep.
    let input = nested(&dynamic_header("\"dynamic\""), DEEP, &hex("c0"));
    let r = quick("nested dynamic", || {
        Value::from_msgpack(&input, &Type::Dynamic)
    });
    // Wrappers add no path step.
    check(r, ErrorKind::Limit, "", DYNAMIC_DEPTH_MESSAGE);
    // The same bytes into a `Value` field of a Rust type.
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Model {
        a: Value,
    }
    let mut in_struct = hex("81 a1 61");
    in_struct.extend_from_slice(&input);
    let r = quick("nested dynamic in a struct", || {
        tfvalue::msgpack::from_slice::<Model>(&in_struct)
    });
    // The struct takes one level.
    check(r, ErrorKind::Limit, ".a", DYNAMIC_DEPTH_MESSAGE);
}

#[test]
fn dynamic_wrappers_at_and_past_their_limit() {
    // 32 nested `[bin("dynamic"), …]` wrappers around a null decode; 33 do not.
    let at = nested(
        &dynamic_header("\"dynamic\""),
        MAX_DYNAMIC_DEPTH,
        &hex("c0"),
    );
    assert_eq!(
        Value::from_msgpack(&at, &Type::Dynamic).expect("decodes"),
        Value::null(Type::Dynamic)
    );
    let past = nested(
        &dynamic_header("\"dynamic\""),
        MAX_DYNAMIC_DEPTH + 1,
        &hex("c0"),
    );
    check(
        Value::from_msgpack(&past, &Type::Dynamic),
        ErrorKind::Limit,
        "",
        DYNAMIC_DEPTH_MESSAGE,
    );
}

#[test]
fn deep_dynamic_wrappers_of_lists_hit_the_depth_limit() {
    // `[bin(["list","dynamic"]), [ [bin(...), [ ... ]] ]]`: two levels per wrapper.
    let mut level = dynamic_header(r#"["list","dynamic"]"#);
    level.push(0x91);
    let input = nested(&level, DEEP, &hex("c0"));
    let r = quick("list wrappers", || {
        Value::from_msgpack(&input, &Type::Dynamic)
    });
    check(
        r,
        ErrorKind::Limit,
        &"[0]".repeat(MAX_DYNAMIC_DEPTH),
        DYNAMIC_DEPTH_MESSAGE,
    );
}

#[test]
fn deep_dynamic_wrappers_of_objects_hit_the_depth_limit() {
    let mut level = dynamic_header(r#"["object",{"a":"dynamic"}]"#);
    level.extend_from_slice(&hex("81 a1 61"));
    let input = nested(&level, DEEP, &hex("c0"));
    let r = quick("object wrappers", || {
        Value::from_msgpack(&input, &Type::Dynamic)
    });
    check(
        r,
        ErrorKind::Limit,
        &".a".repeat(MAX_DYNAMIC_DEPTH),
        DYNAMIC_DEPTH_MESSAGE,
    );
}

#[test]
fn deep_input_into_serde_json_value() {
    let arrays = vec![0x91; DEEP];
    let r = quick("json arrays", || {
        tfvalue::msgpack::from_slice::<serde_json::Value>(&arrays)
    });
    check(r, ErrorKind::Limit, &"[0]".repeat(MAX_DEPTH), DEPTH_MESSAGE);
    let maps = nested(&hex("81 a1 61"), DEEP, &[]);
    let r = quick("json maps", || {
        tfvalue::msgpack::from_slice::<serde_json::Value>(&maps)
    });
    // Not known to be an object: keys show as map keys.
    check(
        r,
        ErrorKind::Limit,
        &"[\"a\"]".repeat(MAX_DEPTH),
        DEPTH_MESSAGE,
    );
}

/// A recursive struct, as a nested block would be modelled.
#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Node {
    c: Vec<Node>,
}

/// A linked list through `Option<Box<_>>`.
#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Link {
    next: Option<Box<Link>>,
}

/// A recursive untagged enum: serde buffers the content through `deserialize_any`.
#[derive(Deserialize, Debug)]
#[serde(untagged)]
#[allow(dead_code)]
enum Tree {
    Leaf(String),
    Branch(Vec<Tree>),
}

#[test]
fn deep_input_into_recursive_rust_types() {
    // {"c": [{"c": [ ... ]}]}: two levels per node.
    let input = nested(&hex("81 a1 63 91"), DEEP, &[]);
    let r = quick("Node", || tfvalue::msgpack::from_slice::<Node>(&input));
    check(
        r,
        ErrorKind::Limit,
        &".c[0]".repeat(MAX_DEPTH / 2),
        DEPTH_MESSAGE,
    );

    let input = nested(&hex("81 a4 6e 65 78 74"), DEEP, &[]);
    let r = quick("Link", || tfvalue::msgpack::from_slice::<Link>(&input));
    check(
        r,
        ErrorKind::Limit,
        &".next".repeat(MAX_DEPTH),
        DEPTH_MESSAGE,
    );

    let input = vec![0x91; DEEP];
    let r = quick("Tree", || tfvalue::msgpack::from_slice::<Tree>(&input));
    check(r, ErrorKind::Limit, &"[0]".repeat(MAX_DEPTH), DEPTH_MESSAGE);
}

#[test]
fn nesting_at_the_limit_is_accepted() {
    // 256 arrays deep (the innermost empty): exactly at the limit.
    let mut t = Type::String;
    for _ in 0..MAX_DEPTH {
        t = Type::list(t);
    }
    let input = nested(&[0x91], MAX_DEPTH - 1, &[0x90]);
    let v = Value::from_msgpack(&input, &t).expect("256 levels are allowed");
    assert_eq!(v.to_msgpack(&t).expect("encodes"), input);
    // One more level is too deep.
    let mut t2 = t.clone();
    t2 = Type::list(t2);
    let input = nested(&[0x91], MAX_DEPTH, &[0x90]);
    check(
        Value::from_msgpack(&input, &t2),
        ErrorKind::Limit,
        &"[0]".repeat(MAX_DEPTH),
        DEPTH_MESSAGE,
    );
}

#[test]
fn deep_ignored_content_is_skipped_without_recursion() {
    // A field the struct does not declare is skipped by serde; the skip is iterative, so
    // even 100,000 levels cost no stack.
    #[derive(Deserialize, Debug, PartialEq)]
    struct Small {
        a: u8,
    }
    let mut input = hex("82 a1 61 07 a1 7a");
    input.extend(nested(&[0x91], DEEP, &[0xc0]));
    let s = quick("skip", || tfvalue::msgpack::from_slice::<Small>(&input));
    assert_eq!(s.expect("skipped"), Small { a: 7 });
    // Truncated ignored content is still an error.
    input.pop();
    check(
        tfvalue::msgpack::from_slice::<Small>(&input),
        ErrorKind::Syntax,
        ".z",
        "truncated input: a length prefix claims 1 elements, but only 0 bytes remain (each \
         needs at least 1)",
    );
}

// ---------------------------------------------------------------------------------------
// Length prefixes claiming more than the input holds
// ---------------------------------------------------------------------------------------

#[test]
fn array32_claiming_4_billion_elements() {
    let input = hex("dd ff ff ff ff 00 00 00 00 00");
    let message = "truncated input: a length prefix claims 4294967295 elements, but only 5 bytes \
                   remain (each needs at least 1)";
    let r = quick("array32", || {
        Value::from_msgpack(&input, &ty(r#"["list","string"]"#))
    });
    check(r, ErrorKind::Syntax, "", message);
    let r = quick("array32 tuple", || {
        Value::from_msgpack(&input, &ty(r#"["tuple",["string"]]"#))
    });
    check(r, ErrorKind::Syntax, "", message);
    let r = quick("array32 Vec", || {
        tfvalue::msgpack::from_slice::<Vec<String>>(&input)
    });
    check(r, ErrorKind::Syntax, "", message);
    let r = quick("array32 any", || {
        tfvalue::msgpack::from_slice::<serde_json::Value>(&input)
    });
    check(r, ErrorKind::Syntax, "", message);
}

#[test]
fn map32_claiming_4_billion_entries() {
    let input = hex("df ff ff ff ff 00 00 00 00 00");
    let message = "truncated input: a length prefix claims 4294967295 entries, but only 5 bytes \
                   remain (each needs at least 2)";
    let r = quick("map32", || {
        Value::from_msgpack(&input, &ty(r#"["map","string"]"#))
    });
    check(r, ErrorKind::Syntax, "", message);
    let r = quick("map32 object", || {
        Value::from_msgpack(&input, &ty(r#"["object",{"a":"string"}]"#))
    });
    check(r, ErrorKind::Syntax, "", message);
    let r = quick("map32 BTreeMap", || {
        tfvalue::msgpack::from_slice::<BTreeMap<String, String>>(&input)
    });
    check(r, ErrorKind::Syntax, "", message);
}

#[test]
fn str32_claiming_4_gigabytes() {
    let input = hex("db ff ff ff ff 00 00 00 00 00");
    let message = "unexpected end of input at offset 5";
    let r = quick("str32", || Value::from_msgpack(&input, &Type::String));
    check(r, ErrorKind::Syntax, "", message);
    let r = quick("str32 String", || {
        tfvalue::msgpack::from_slice::<String>(&input)
    });
    check(r, ErrorKind::Syntax, "", message);
    let r = quick("str32 &str", || {
        tfvalue::msgpack::from_slice::<&str>(&input)
    });
    check(r, ErrorKind::Syntax, "", message);
    // As a number in text form, and as a map key.
    let r = quick("str32 Number", || {
        tfvalue::msgpack::from_slice::<f64>(&input)
    });
    check(r, ErrorKind::Syntax, "", message);
    let key = hex("81 db ff ff ff ff 00 00 00 00");
    let r = quick("str32 key", || {
        Value::from_msgpack(&key, &ty(r#"["map","string"]"#))
    });
    check(
        r,
        ErrorKind::Syntax,
        "",
        "unexpected end of input at offset 6",
    );
}

#[test]
fn bin32_claiming_4_gigabytes() {
    // The type constraint of a dynamic wrapper is binary data.
    let input = hex("92 c6 ff ff ff ff 00 00 00 00");
    let r = quick("bin32", || Value::from_msgpack(&input, &Type::Dynamic));
    check(
        r,
        ErrorKind::Syntax,
        "",
        "unexpected end of input at offset 6",
    );
    let r = quick("bin32 bytes", || {
        tfvalue::msgpack::from_slice::<&[u8]>(&input[1..])
    });
    check(
        r,
        ErrorKind::Syntax,
        "",
        "unexpected end of input at offset 5",
    );
}

#[test]
fn ext32_claiming_4_gigabytes() {
    let input = hex("c9 ff ff ff ff 0c 00 00 00 00");
    let message = "unexpected end of input at offset 6";
    let r = quick("ext32", || Value::from_msgpack(&input, &Type::String));
    check(r, ErrorKind::Syntax, "", message);
    let r = quick("ext32 dynamic", || {
        Value::from_msgpack(&input, &Type::Dynamic)
    });
    check(r, ErrorKind::Syntax, "", message);
    let r = quick("ext32 Unknown", || {
        tfvalue::msgpack::from_slice::<Unknown<Nullable<String>>>(&input)
    });
    check(r, ErrorKind::Syntax, "", message);
    // ext types other than 12 are skipped unread, but their length is still checked.
    let other = hex("c9 ff ff ff ff 05 00 00 00 00");
    let r = quick("ext32 type 5", || {
        Value::from_msgpack(&other, &Type::String)
    });
    check(r, ErrorKind::Syntax, "", message);
}

#[test]
fn length_claims_nested_inside_a_value_carry_the_path() {
    let input = hex("81 a1 61 91 dd ff ff ff ff");
    let r = quick("nested", || {
        Value::from_msgpack(
            &input,
            &ty(r#"["object",{"a":["list",["list","string"]]}]"#),
        )
    });
    check(
        r,
        ErrorKind::Syntax,
        ".a[0]",
        "truncated input: a length prefix claims 4294967295 elements, but only 0 bytes remain \
         (each needs at least 1)",
    );
}

// ---------------------------------------------------------------------------------------
// Truncated input
// ---------------------------------------------------------------------------------------

/// The bench resource as a Rust model (every attribute of `bench/type.json`).
#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct BenchVm {
    ami: String,
    arn: Unknown<Nullable<String>>,
    availability_zone: String,
    cpu_core_count: u32,
    cpu_threads_per_core: Number,
    disable_api_termination: bool,
    disk: Vec<BenchDisk>,
    ebs_optimized: Option<bool>,
    hibernation: bool,
    id: Unknown<String>,
    instance_type: String,
    ipv6_addresses: Vec<String>,
    key_name: String,
    monitoring: bool,
    private_ip: String,
    public_ip: String,
    root_volume_size: i64,
    security_groups: std::collections::BTreeSet<String>,
    spot_price: f64,
    subnet_id: String,
    tags: BTreeMap<String, String>,
    user_data: Nullable<String>,
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct BenchDisk {
    device_name: String,
    encrypted: bool,
    iops: u64,
    kms_key_id: Nullable<String>,
    size_gb: u32,
    #[serde(rename = "type")]
    kind: String,
}

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

// ---------------------------------------------------------------------------------------
// Invalid UTF-8, trailing bytes
// ---------------------------------------------------------------------------------------

/// JSON input is checked to be UTF-8 as a whole before parsing; the error names the line,
/// column and byte of the first invalid byte and the path of the value it is in, and a
/// mistake earlier in the input is reported first.
#[test]
fn invalid_utf8_in_json() {
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct M {
        a: String,
        b: Vec<String>,
    }
    let at = |line: usize, column: usize, byte: usize| {
        format!("invalid JSON: invalid UTF-8 at line {line} column {column} (byte {byte})")
    };
    // In a string attribute, in a list element, and on the second line.
    check(
        tfvalue::json::from_slice::<M>(b"{\"a\":\"x\xff\",\"b\":[]}"),
        ErrorKind::Syntax,
        ".a",
        &at(1, 8, 7),
    );
    check(
        tfvalue::json::from_slice::<M>(b"{\"a\":\"x\",\n \"b\":[\"\",\"\xc3\x28\"]}"),
        ErrorKind::Syntax,
        ".b[1]",
        &at(2, 11, 20),
    );
    // In a map key: the path is the map's.
    check(
        tfvalue::json::from_slice::<BTreeMap<String, BTreeMap<String, bool>>>(
            b"{\"k\":{\"\xe2\x82\":true}}",
        ),
        ErrorKind::Syntax,
        "[\"k\"]",
        &at(1, 8, 7),
    );
    // Outside any string, and after a whole value.
    check(
        tfvalue::json::from_slice::<Vec<bool>>(b"[true,\xff]"),
        ErrorKind::Syntax,
        "[1]",
        &at(1, 7, 6),
    );
    check(
        tfvalue::json::from_slice::<Vec<bool>>(b"[true] \x80"),
        ErrorKind::Syntax,
        "",
        &at(1, 8, 7),
    );
    // An error before the invalid byte comes first.
    check(
        tfvalue::json::from_slice::<M>(b"{\"a\":5,\"b\":[\"\xff\"]}"),
        ErrorKind::Type,
        ".a",
        "expected string, found a number",
    );
    // A lenient decode, which skips attributes it does not know, checks them too.
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Lenient {
        b: bool,
    }
    check(
        tfvalue::json::from_slice_lenient::<Lenient>(b"{\"b\":true,\"z\":\"\xff\"}"),
        ErrorKind::Syntax,
        ".z",
        &at(1, 16, 15),
    );
}

#[test]
fn invalid_utf8_in_a_string() {
    // "a" then a lone continuation byte... then '(' after an invalid lead byte.
    let input = hex("81 a1 61 a3 61 c3 28");
    let message = "invalid UTF-8 in a string at offset 3 (byte 1 of the string)";
    check(
        Value::from_msgpack(&input, &ty(r#"["object",{"a":"string"}]"#)),
        ErrorKind::Syntax,
        ".a",
        message,
    );
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct M {
        a: String,
    }
    check(
        tfvalue::msgpack::from_slice::<M>(&input),
        ErrorKind::Syntax,
        ".a",
        message,
    );
    check(
        tfvalue::msgpack::from_slice::<BTreeMap<String, &str>>(&input),
        ErrorKind::Syntax,
        "[\"a\"]",
        message,
    );
}

#[test]
fn invalid_utf8_in_a_map_key_or_attribute_name() {
    let input = hex("81 a2 ff fe a1 61");
    let message = "invalid UTF-8 in a string at offset 1 (byte 0 of the string)";
    check(
        Value::from_msgpack(&input, &ty(r#"["map","string"]"#)),
        ErrorKind::Syntax,
        "",
        message,
    );
    // Attribute names are compared as bytes and validated only when looked up.
    check(
        Value::from_msgpack(&input, &ty(r#"["object",{"a":"string"}]"#)),
        ErrorKind::Syntax,
        "",
        "invalid UTF-8 in an attribute name (byte 0 of the name)",
    );
    check(
        tfvalue::msgpack::from_slice::<BTreeMap<String, String>>(&input),
        ErrorKind::Syntax,
        "",
        message,
    );
    // Nested one level: the path is that of the map holding the bad key.
    let nested = hex("81 a1 6d 81 a2 ff fe a1 61");
    check(
        Value::from_msgpack(&nested, &ty(r#"["object",{"m":["map","string"]}]"#)),
        ErrorKind::Syntax,
        ".m",
        "invalid UTF-8 in a string at offset 4 (byte 0 of the string)",
    );
}

#[test]
fn trailing_bytes_are_rejected() {
    // go-cty ignores trailing bytes; tfvalue is strict (ARCHITECTURE.md, "Strict by default").
    check(
        Value::from_msgpack(&hex("a1 61 ff ff"), &Type::String),
        ErrorKind::Syntax,
        "",
        "2 unexpected bytes after the end of the value (at offset 2)",
    );
    check(
        tfvalue::msgpack::from_slice::<String>(&hex("a1 61 c0")),
        ErrorKind::Syntax,
        "",
        "1 unexpected bytes after the end of the value (at offset 2)",
    );
    check(
        Value::from_msgpack(&hex("81 a1 61 01 81"), &ty(r#"["map","number"]"#)),
        ErrorKind::Syntax,
        "",
        "1 unexpected bytes after the end of the value (at offset 4)",
    );
}

#[test]
fn reserved_byte_c1_is_rejected() {
    check(
        Value::from_msgpack(&hex("91 c1"), &ty(r#"["list","string"]"#)),
        ErrorKind::Syntax,
        "[0]",
        "invalid MessagePack: reserved byte 0xc1 at offset 1",
    );
    check(
        tfvalue::msgpack::from_slice::<serde_json::Value>(&hex("c1")),
        ErrorKind::Syntax,
        "",
        "invalid MessagePack: reserved byte 0xc1 at offset 0",
    );
}

// ---------------------------------------------------------------------------------------
// NaN and numbers as strings
// ---------------------------------------------------------------------------------------

const NAN64: &str = "cb 7f f8 00 00 00 00 00 00";
const NAN32: &str = "ca 7f c0 00 00";

fn nan_as_value() -> tfvalue::Result<Value> {
    Value::from_msgpack(&hex(NAN64), &Type::Number)
}

fn nan32_as_value() -> tfvalue::Result<Value> {
    Value::from_msgpack(&hex(NAN32), &Type::Number)
}

fn nan_as_number() -> tfvalue::Result<Number> {
    tfvalue::msgpack::from_slice::<Number>(&hex(NAN64))
}

fn nan_nested_in_value() -> tfvalue::Result<Value> {
    let mut input = hex("81 a1 6e 92 01");
    input.extend(hex(NAN64));
    Value::from_msgpack(&input, &ty(r#"["object",{"n":["list","number"]}]"#))
}

#[test]
fn nan_is_an_error_not_a_panic() {
    // go-cty 1.12 panics on this input (decode_vectors.jsonl); Terraform numbers are never
    // NaN.
    check_msg(nan_as_value(), "", "NaN is not a valid number");
    check_msg(nan32_as_value(), "", "NaN is not a valid number");
    check_msg(nan_as_number(), "", "NaN is not a valid number");
    check_msg(nan_nested_in_value(), ".n[1]", "NaN is not a valid number");
    // In a refinement bound.
    let bound = hex("c7 0d 0c 81 03 92 cb 7f f8 00 00 00 00 00 00 c3");
    check_msg(
        Value::from_msgpack(&bound, &Type::Number),
        "",
        "malformed refinements of an unknown value: the number lower bound (key 3) is not a \
         valid number: NaN is not a valid number",
    );
}

#[test]
fn nan_into_rust_floats_is_an_error() {
    check(
        tfvalue::msgpack::from_slice::<f64>(&hex(NAN64)),
        ErrorKind::Number,
        "",
        "NaN is not a valid number",
    );
    check(
        tfvalue::msgpack::from_slice::<f32>(&hex(NAN32)),
        ErrorKind::Number,
        "",
        "NaN is not a valid number",
    );
}

/// Numbers given as text, with the error each must give: (text, kind, message).
/// The message for a number whose plain text would take `bytes` bytes.
fn too_many_digits(text: &str, bytes: usize) -> String {
    format!(
        "number {text} has too many digits: written out without an exponent, as Terraform \
         writes numbers, it takes {bytes} bytes, more than the limit of 4096"
    )
}

fn bad_number_texts() -> Vec<(String, ErrorKind, String)> {
    let digits = "7".repeat(5000);
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
            "number text is too long: 5000 bytes, the limit is 4096".to_owned(),
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
fn mp_str(s: &str) -> Vec<u8> {
    let mut out = match s.len() {
        n if n < 32 => vec![0xa0 | n as u8],
        n if n < 256 => vec![0xd9, n as u8],
        n => {
            let mut h = vec![0xda];
            h.extend_from_slice(&u16::try_from(n).expect("short").to_be_bytes());
            h
        }
    };
    out.extend_from_slice(s.as_bytes());
    out
}

#[test]
fn bad_number_texts_into_rust_numbers() {
    for (text, kind, message) in bad_number_texts() {
        let input = mp_str(&text);
        let what = &text[..text.len().min(20)];
        check(
            quick(what, || tfvalue::msgpack::from_slice::<f64>(&input)),
            kind,
            "",
            &message,
        );
        check(
            quick(what, || tfvalue::msgpack::from_slice::<i64>(&input)),
            kind,
            "",
            &message,
        );
        check(
            quick(what, || tfvalue::msgpack::from_slice::<u8>(&input)),
            kind,
            "",
            &message,
        );
    }
}

#[test]
fn bad_number_texts_into_number_and_value() {
    for (text, _, message) in bad_number_texts() {
        let input = mp_str(&text);
        let what = &text[..text.len().min(20)];
        check_msg(
            quick(what, || tfvalue::msgpack::from_slice::<Number>(&input)),
            "",
            &message,
        );
        check_msg(
            quick(what, || Value::from_msgpack(&input, &Type::Number)),
            "",
            &message,
        );
        let mut nested = hex("81 a1 78");
        nested.extend_from_slice(&input);
        check_msg(
            quick(what, || {
                Value::from_msgpack(&nested, &ty(r#"["map","number"]"#))
            }),
            "[\"x\"]",
            &message,
        );
    }
}

#[test]
fn numbers_at_the_limits_are_accepted() {
    let n: Number = tfvalue::msgpack::from_slice(&mp_str("1e4095")).expect("1e4095");
    assert_eq!(n.to_string().len(), 4096);
    let n: Number = tfvalue::msgpack::from_slice(&mp_str(&"9".repeat(4096))).expect("4096 digits");
    assert_eq!(n.to_string(), "9".repeat(4096));
    check_msg(
        tfvalue::msgpack::from_slice::<Number>(&mp_str("1e4096")),
        "",
        &too_many_digits("1e4096", 4097),
    );
}

// ---------------------------------------------------------------------------------------
// Duplicates
// ---------------------------------------------------------------------------------------

fn duplicate_map_key() -> tfvalue::Result<Value> {
    Value::from_msgpack(&hex("82 a1 61 01 a1 61 02"), &ty(r#"["map","number"]"#))
}

fn duplicate_attribute() -> tfvalue::Result<Value> {
    // a, b, then a again: the attribute count matches the type, yet b's slot is not lost.
    Value::from_msgpack(
        &hex("83 a1 61 01 a1 62 02 a1 61 03"),
        &ty(r#"["object",{"a":"number","b":"number","c":"number"}]"#),
    )
}

fn duplicate_attribute_in_order() -> tfvalue::Result<Value> {
    // The fast path (attributes in the type's order) must notice the repeat too.
    Value::from_msgpack(
        &hex("82 a1 61 01 a1 61 02"),
        &ty(r#"["object",{"a":"number","b":"number"}]"#),
    )
}

#[test]
fn map_keys_in_any_order_and_duplicates_out_of_order() {
    // Keys come sorted from Terraform (collected, then built in one pass); any order is
    // accepted too, and a duplicate is found whichever part of the map it falls in.
    let t = ty(r#"["map","number"]"#);
    let sorted = Value::from_msgpack(&hex("83 a1 61 01 a1 62 02 a1 63 03"), &t).expect("sorted");
    let unsorted =
        Value::from_msgpack(&hex("83 a1 62 02 a1 61 01 a1 63 03"), &t).expect("unsorted");
    assert_eq!(sorted, unsorted);
    assert_eq!(
        unsorted.to_msgpack(&t).expect("encodes"),
        hex("83 a1 61 01 a1 62 02 a1 63 03")
    );
    for input in [
        "83 a1 62 02 a1 61 01 a1 62 03", // out of order, then the duplicate
        "83 a1 61 01 a1 62 02 a1 61 03", // the duplicate is what breaks the order
        "82 a1 61 01 a1 61 02",          // sorted up to the duplicate
    ] {
        let e = Value::from_msgpack(&hex(input), &t).expect_err(input);
        assert_eq!(e.kind(), ErrorKind::Attribute, "{input}");
        assert!(
            e.to_string().starts_with("duplicate map key"),
            "{input}: {e}"
        );
    }
}

#[test]
fn duplicate_map_keys_and_attributes_are_errors() {
    // go-cty lets the last duplicate win (decode_vectors.jsonl map/duplicate-keys,
    // object/dup-key); tfvalue is strict (ARCHITECTURE.md).
    check_msg(duplicate_map_key(), "", "duplicate map key \"a\"");
    check_msg(duplicate_attribute(), "", "duplicate attribute \"a\"");
    check_msg(
        duplicate_attribute_in_order(),
        "",
        "duplicate attribute \"a\"",
    );
    let nested = hex("81 a1 6d 82 a1 61 01 a1 61 02");
    check_msg(
        Value::from_msgpack(&nested, &ty(r#"["object",{"m":["map","number"]}]"#)),
        ".m",
        "duplicate map key \"a\"",
    );
}

/// A `BTreeMap` field of a derived model is built in one pass from its entries
/// (`tfvalue::__private_<version>::Bulk`); keys out of order are sorted, and a key given twice is an
/// error at the map's path, in both formats (serde's own impl would keep the last value).
#[test]
fn btree_map_fields_sort_and_refuse_duplicates() {
    #[derive(tfvalue::TfSchema, Debug, PartialEq)]
    struct R {
        #[tf(optional)]
        tags: Option<BTreeMap<String, String>>,
        #[tf(optional)]
        sizes: Unknown<Nullable<BTreeMap<String, i64>>>,
    }
    // 300 keys in reverse order, then in order: the same model.
    let keys: Vec<String> = (0..300).map(|i| format!("k{i:03}")).collect();
    let object = |keys: &mut dyn Iterator<Item = &String>| {
        let entries: Vec<String> = keys.map(|k| format!("\"{k}\":\"v{k}\"")).collect();
        format!(
            r#"{{"sizes":{{"b":2,"a":1}},"tags":{{{}}}}}"#,
            entries.join(",")
        )
    };
    let reversed = object(&mut keys.iter().rev());
    let sorted = object(&mut keys.iter());
    let a: R = tfvalue::json::from_slice(reversed.as_bytes()).expect("reversed keys");
    let b: R = tfvalue::json::from_slice(sorted.as_bytes()).expect("sorted keys");
    assert_eq!(a, b);
    let tags = a.tags.as_ref().expect("tags");
    assert_eq!(tags.len(), 300);
    assert_eq!(tags["k123"], "vk123");
    assert_eq!(
        a.sizes,
        Unknown::known(Nullable::Value(BTreeMap::from([
            ("a".to_owned(), 1),
            ("b".to_owned(), 2)
        ])))
    );
    // The same through MessagePack, which the derived model also writes.
    let bytes = tfvalue::msgpack::to_vec(&a).expect("encodes");
    assert_eq!(
        tfvalue::msgpack::from_slice::<R>(&bytes).expect("decodes"),
        a
    );

    // A key given twice, among the first entries and past them, sorted or not.
    let mut long: Vec<String> = keys
        .iter()
        .take(40)
        .map(|k| format!("\"{k}\":\"x\""))
        .collect();
    for (extra, key) in [("\"k003\":\"y\"", "k003"), ("\"k039\":\"y\"", "k039")] {
        long.push(extra.to_owned());
        let text = format!(r#"{{"sizes":null,"tags":{{{}}}}}"#, long.join(","));
        check(
            tfvalue::json::from_slice::<R>(text.as_bytes()),
            ErrorKind::Attribute,
            ".tags",
            &format!("duplicate map key \"{key}\""),
        );
        long.pop();
    }
    check(
        tfvalue::json::from_slice::<R>(br#"{"sizes":{"a":1,"a":2},"tags":null}"#),
        ErrorKind::Attribute,
        ".sizes",
        "duplicate map key \"a\"",
    );
    // 82 a5 "sizes" c0 a4 "tags" 82 a1 "b" a1 "x" a1 "b" a1 "y"
    check(
        tfvalue::msgpack::from_slice::<R>(&hex(
            "82 a5 73697a6573 c0 a4 74616773 82 a1 62 a1 78 a1 62 a1 79",
        )),
        ErrorKind::Attribute,
        ".tags",
        "duplicate map key \"b\"",
    );
}

#[test]
fn duplicate_fields_of_a_rust_struct_are_errors() {
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct M {
        a: u8,
        b: u8,
    }
    check(
        tfvalue::msgpack::from_slice::<M>(&hex("83 a1 61 01 a1 62 02 a1 61 03")),
        ErrorKind::Attribute,
        "",
        "duplicate attribute \"a\"",
    );
}

#[test]
fn duplicate_keys_into_rust_maps_follow_serde() {
    // serde's map impls insert as they read: the last duplicate wins, as in go-cty. A Rust
    // map cannot tell tfvalue it saw a key twice; decode into `Value` to reject duplicates.
    let m: BTreeMap<String, u8> =
        tfvalue::msgpack::from_slice(&hex("82 a1 61 01 a1 61 02")).expect("decodes");
    assert_eq!(m, BTreeMap::from([("a".to_owned(), 2)]));
}

// ---------------------------------------------------------------------------------------
// Malformed dynamic values
// ---------------------------------------------------------------------------------------

#[test]
fn dynamic_with_the_wrong_number_of_elements() {
    check(
        Value::from_msgpack(&hex("91 c4 08 22 73 74 72 69 6e 67 22"), &Type::Dynamic),
        ErrorKind::Type,
        "",
        "expected a dynamic value as a 2-element array [type, value], found an array of 1 \
         elements",
    );
    check(
        Value::from_msgpack(
            &hex("93 c4 08 22 73 74 72 69 6e 67 22 a1 61 a1 62"),
            &Type::Dynamic,
        ),
        ErrorKind::Type,
        "",
        "expected a dynamic value as a 2-element array [type, value], found an array of 3 \
         elements",
    );
    check(
        Value::from_msgpack(&hex("90"), &Type::Dynamic),
        ErrorKind::Type,
        "",
        "expected a dynamic value as a 2-element array [type, value], found an array of 0 \
         elements",
    );
    // Inside an object, through a Rust `Value` field.
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct M {
        d: Value,
    }
    check(
        tfvalue::msgpack::from_slice::<M>(&hex("81 a1 64 91 c0")),
        ErrorKind::Type,
        ".d",
        "expected a dynamic value as a 2-element array [type, value], found an array of 1 \
         elements",
    );
}

#[test]
fn dynamic_whose_type_is_not_binary_or_text() {
    for (input, found) in [
        ("92 01 a1 61", "a number"),
        ("92 c0 a1 61", "null"),
        ("92 91 a1 61 a1 61", "a list, set or tuple"),
        ("92 d4 00 00 a1 61", "an unknown value"),
    ] {
        check(
            Value::from_msgpack(&hex(input), &Type::Dynamic),
            ErrorKind::Type,
            "",
            &format!(
                "expected a dynamic value's type constraint (JSON as binary data), found {found}"
            ),
        );
    }
    // Not an array at all.
    check(
        Value::from_msgpack(&hex("a1 61"), &Type::Dynamic),
        ErrorKind::Type,
        "",
        "expected a dynamic value ([type, value] array), found a string",
    );
}

fn dynamic_with_bad_type_json() -> tfvalue::Result<Value> {
    Value::from_msgpack(&hex("92 c4 05 73 74 72 6e 67 01"), &Type::Dynamic)
}

fn dynamic_with_too_deep_type() -> tfvalue::Result<Value> {
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

#[test]
fn dynamic_with_a_malformed_type_constraint() {
    check_msg(
        dynamic_with_bad_type_json(),
        "",
        "invalid type constraint: invalid JSON: expected value at line 1 column 1",
    );
    let e = quick("deep type", dynamic_with_too_deep_type).expect_err("too deep");
    assert_eq!(e.path().to_string(), "");
    assert_eq!(
        e.message(),
        format!(
            "invalid type constraint at {}: nested too deeply for the JSON parser (recursion \
             limit exceeded at line 1 column 1017)",
            "[1]".repeat(127)
        )
    );
}

#[test]
fn type_json_nested_beyond_the_limit() {
    // Below serde_json's recursion limit but beyond MAX_DEPTH: built as a serde_json value.
    let mut v = serde_json::json!("string");
    for _ in 0..=MAX_DEPTH {
        v = serde_json::json!(["list", v]);
    }
    check(
        Type::from_json_value(&v),
        ErrorKind::Limit,
        "",
        &format!(
            "invalid type constraint at {}: type constraint nested more than 256 levels deep",
            "[1]".repeat(MAX_DEPTH)
        ),
    );
}

// ---------------------------------------------------------------------------------------
// Refinement payloads of the wrong shape
// ---------------------------------------------------------------------------------------

/// The Terraform example: not null, prefix "prefix-".
const PREFIX_UNKNOWN: &str = "c7 0c 0c 82 01 c2 02 a7 70 72 65 66 69 78 2d";
/// The Terraform example: not null, >= 0.
const BOUND_UNKNOWN: &str = "c7 07 0c 82 01 c2 03 92 00 c3";

fn prefix_on_a_number() -> tfvalue::Result<Value> {
    Value::from_msgpack(&hex(PREFIX_UNKNOWN), &Type::Number)
}

fn bounds_on_a_string() -> tfvalue::Result<Value> {
    Value::from_msgpack(&hex(BOUND_UNKNOWN), &Type::String)
}

fn length_on_a_number() -> tfvalue::Result<Value> {
    // {5: 1}: length lower bound 1.
    Value::from_msgpack(&hex("c7 03 0c 81 05 01"), &Type::Number)
}

fn payload_of_1025_bytes() -> tfvalue::Result<Value> {
    // {2: "aaa…"} with a 1021-byte prefix: 1 + 1 + 3 + 1021 = 1026 bytes. Use 1020 + a
    // trailing byte to land on exactly 1025: 1 + 1 + 3 + 1020 = 1025.
    let mut payload = hex("81 02 da 03 fc");
    payload.extend(std::iter::repeat_n(b'a', 1020));
    assert_eq!(payload.len(), 1025);
    let mut input = hex("c8 04 01 0c");
    input.extend_from_slice(&payload);
    Value::from_msgpack(&input, &Type::String)
}

fn non_map_payload() -> tfvalue::Result<Value> {
    Value::from_msgpack(&hex("d5 0c 92 01"), &Type::String)
}

fn truncated_payload() -> tfvalue::Result<Value> {
    // The map claims two entries; the body ends after the first.
    Value::from_msgpack(&hex("d6 0c 82 01 c2 02"), &Type::String)
}

fn refined_unknown_nested_in_objects() -> tfvalue::Result<Value> {
    let mut input = hex("81 a5 6f 75 74 65 72 82 a1 61 c0 a1 62");
    input.extend(hex(PREFIX_UNKNOWN));
    Value::from_msgpack(
        &input,
        &ty(r#"["object",{"outer":["object",{"a":"string","b":"number"}]}]"#),
    )
}

fn refined_unknown_in_a_list_in_a_map() -> tfvalue::Result<Value> {
    let mut input = hex("81 a1 6d 81 a1 6b 92 a1 78");
    input.extend(hex(BOUND_UNKNOWN));
    Value::from_msgpack(&input, &ty(r#"["object",{"m":["map",["list","string"]]}]"#))
}

#[test]
fn refinements_that_do_not_fit_the_type() {
    check_msg(
        prefix_on_a_number(),
        "",
        "a string prefix refinement is only valid for a string, but this value is a number",
    );
    check_msg(
        bounds_on_a_string(),
        "",
        "a number bound refinement is only valid for a number, but this value is a string",
    );
    check_msg(
        length_on_a_number(),
        "",
        "a length bound refinement is only valid for a list, set or map, but this value is a \
         number",
    );
    check_msg(
        refined_unknown_nested_in_objects(),
        ".outer.b",
        "a string prefix refinement is only valid for a string, but this value is a number",
    );
    check_msg(
        refined_unknown_in_a_list_in_a_map(),
        ".m[\"k\"][1]",
        "a number bound refinement is only valid for a number, but this value is a string",
    );
}

#[test]
fn refinements_on_dynamic_are_ignored() {
    // go-cty ignores (and never writes) refinements of a dynamic unknown.
    let v = Value::from_msgpack(&hex(PREFIX_UNKNOWN), &Type::Dynamic).expect("decodes");
    assert_eq!(v, Value::unknown(Type::Dynamic));
    assert_eq!(
        v.to_msgpack(&Type::Dynamic).expect("encodes"),
        hex("d4 00 00")
    );
}

#[test]
fn malformed_refinement_payloads() {
    check_msg(
        payload_of_1025_bytes(),
        "",
        "the refinements of an unknown value take 1025 bytes, more than the limit of 1024",
    );
    check_msg(
        non_map_payload(),
        "",
        "malformed refinements of an unknown value: expected a map, found an array",
    );
    check_msg(
        truncated_payload(),
        "",
        "malformed refinements of an unknown value: unexpected end of data",
    );
    // The same payloads into a typed field.
    check_msg(
        tfvalue::msgpack::from_slice::<Unknown<Nullable<String>>>(&hex("d5 0c 92 01")),
        "",
        "malformed refinements of an unknown value: expected a map, found an array",
    );
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct M {
        s: Unknown<Nullable<String>>,
    }
    check_msg(
        tfvalue::msgpack::from_slice::<M>(&hex("81 a1 73 d6 0c 82 01 c2 02")),
        ".s",
        "malformed refinements of an unknown value: unexpected end of data",
    );
}

#[test]
fn payload_of_exactly_1024_bytes_is_accepted() {
    let mut payload = hex("81 02 da 03 fb");
    payload.extend(std::iter::repeat_n(b'a', 1019));
    assert_eq!(payload.len(), 1024);
    let mut input = hex("c8 04 00 0c");
    input.extend_from_slice(&payload);
    let v = Value::from_msgpack(&input, &Type::String).expect("at the limit");
    let r = v.refinements().expect("unknown");
    assert_eq!(r.string_prefix().map(str::len), Some(1019));
}

#[test]
fn kinds_survive_serde_visitors() {
    assert_eq!(kind_of(nan_as_value()), ErrorKind::Number);
    assert_eq!(kind_of(nan32_as_value()), ErrorKind::Number);
    assert_eq!(kind_of(nan_as_number()), ErrorKind::Number);
    assert_eq!(kind_of(nan_nested_in_value()), ErrorKind::Number);
    for (text, kind, _) in bad_number_texts() {
        let input = mp_str(&text);
        assert_eq!(
            kind_of(tfvalue::msgpack::from_slice::<Number>(&input)),
            kind,
            "{text:.20}"
        );
        assert_eq!(
            kind_of(Value::from_msgpack(&input, &Type::Number)),
            kind,
            "{text:.20}"
        );
    }
    assert_eq!(kind_of(duplicate_map_key()), ErrorKind::Attribute);
    assert_eq!(kind_of(duplicate_attribute()), ErrorKind::Attribute);
    assert_eq!(
        kind_of(duplicate_attribute_in_order()),
        ErrorKind::Attribute
    );
    assert_eq!(
        kind_of(dynamic_with_bad_type_json()),
        ErrorKind::TypeConstraint
    );
    assert_eq!(kind_of(dynamic_with_too_deep_type()), ErrorKind::Limit);
    assert_eq!(kind_of(prefix_on_a_number()), ErrorKind::Refinement);
    assert_eq!(kind_of(bounds_on_a_string()), ErrorKind::Refinement);
    assert_eq!(kind_of(length_on_a_number()), ErrorKind::Refinement);
    assert_eq!(
        kind_of(refined_unknown_nested_in_objects()),
        ErrorKind::Refinement
    );
    assert_eq!(
        kind_of(refined_unknown_in_a_list_in_a_map()),
        ErrorKind::Refinement
    );
    assert_eq!(kind_of(payload_of_1025_bytes()), ErrorKind::Limit);
    assert_eq!(kind_of(non_map_payload()), ErrorKind::Refinement);
    assert_eq!(kind_of(truncated_payload()), ErrorKind::Refinement);
    assert_eq!(
        kind_of(tfvalue::msgpack::from_slice::<Unknown<Nullable<String>>>(
            &hex("d5 0c 92 01")
        )),
        ErrorKind::Refinement
    );
    // Missing and unsupported attributes of a Value object.
    let t = ty(r#"["object",{"a":"number","b":"number"}]"#);
    assert_eq!(
        kind_of(Value::from_msgpack(&hex("81 a1 61 01"), &t)),
        ErrorKind::Attribute
    );
    assert_eq!(
        kind_of(Value::from_msgpack(&hex("82 a1 61 01 a1 7a 01"), &t)),
        ErrorKind::Attribute
    );
}

// ---------------------------------------------------------------------------------------
// Typed decoding: messages in Terraform's terms, with paths
// ---------------------------------------------------------------------------------------

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Vm {
    disk: Vec<Disk>,
    name: String,
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Disk {
    id: Unknown<Nullable<String>>,
    label: String,
    size_gb: u8,
}

/// A `Vm` whose third disk's `size_gb` is `bad` (hex), the others fine.
fn vm_with_bad_size(bad: &str) -> Vec<u8> {
    let disk = |size: &str| {
        let mut d = hex("83 a2 69 64 d4 00 00 a5 6c 61 62 65 6c a1 78 a7 73 69 7a 65 5f 67 62");
        d.extend(hex(size));
        d
    };
    let mut out = hex("82 a4 64 69 73 6b 93");
    out.extend(disk("01"));
    out.extend(disk("02"));
    out.extend(disk(bad));
    out.extend(hex("a4 6e 61 6d 65 a2 76 6d"));
    out
}

#[test]
fn typed_wrong_type_at_a_nested_path() {
    let ok: Vm = tfvalue::msgpack::from_slice(&vm_with_bad_size("03")).expect("valid");
    assert_eq!(ok.disk[2].size_gb, 3);
    check(
        tfvalue::msgpack::from_slice::<Vm>(&vm_with_bad_size("c3")),
        ErrorKind::Type,
        ".disk[2].size_gb",
        "expected number, found a bool",
    );
    check(
        tfvalue::msgpack::from_slice::<Vm>(&vm_with_bad_size("90")),
        ErrorKind::Type,
        ".disk[2].size_gb",
        "expected number, found a list, set or tuple",
    );
    check(
        tfvalue::msgpack::from_slice::<Vm>(&vm_with_bad_size("c0")),
        ErrorKind::Type,
        ".disk[2].size_gb",
        "expected number, found null",
    );
    // The same through `Value` against the matching type.
    let t = ty(
        r#"["object",{"disk":["list",["object",{"id":"string","label":"string","size_gb":"number"}]],"name":"string"}]"#,
    );
    check(
        Value::from_msgpack(&vm_with_bad_size("c3"), &t),
        ErrorKind::Type,
        ".disk[2].size_gb",
        "expected number, found a bool",
    );
}

#[test]
fn typed_non_numeric_string_for_a_number() {
    // Numbers may arrive as decimal text, so a string is parsed; text that is no number is
    // a string where a number belongs: a Type error quoting the text.
    check(
        tfvalue::msgpack::from_slice::<Vm>(&vm_with_bad_size("a1 78")),
        ErrorKind::Type,
        ".disk[2].size_gb",
        "expected number, found the string \"x\"",
    );
}

#[test]
fn typed_unknown_in_a_plain_field() {
    const HINT: &str = "this value is known only after apply; wrap the field's type in \
                        tfvalue::Unknown to accept it";
    // `label: String` receives `d4 00 00`.
    let mut input = hex("82 a4 64 69 73 6b 91 83 a2 69 64 c0 a5 6c 61 62 65 6c d4 00 00");
    input.extend(hex("a7 73 69 7a 65 5f 67 62 01 a4 6e 61 6d 65 a2 76 6d"));
    check(
        tfvalue::msgpack::from_slice::<Vm>(&input),
        ErrorKind::Unknown,
        ".disk[0].label",
        &format!("expected string, found an unknown value: {HINT}"),
    );
    // A refined unknown is no better.
    check(
        tfvalue::msgpack::from_slice::<Vm>(&vm_with_bad_size(PREFIX_UNKNOWN)),
        ErrorKind::Unknown,
        ".disk[2].size_gb",
        &format!("expected number, found an unknown value: {HINT}"),
    );
    // Unknown where a whole list is expected.
    check(
        tfvalue::msgpack::from_slice::<Vm>(&hex(
            "82 a4 64 69 73 6b d4 00 00 a4 6e 61 6d 65 a2 76 6d",
        )),
        ErrorKind::Unknown,
        ".disk",
        &format!("expected a list or set, found an unknown value: {HINT}"),
    );
    check(
        tfvalue::msgpack::from_slice::<bool>(&hex("d4 00 00")),
        ErrorKind::Unknown,
        "",
        &format!("expected bool, found an unknown value: {HINT}"),
    );
}

#[test]
fn typed_integer_out_of_range() {
    check(
        tfvalue::msgpack::from_slice::<Vm>(&vm_with_bad_size("cd 01 2c")),
        ErrorKind::Number,
        ".disk[2].size_gb",
        "expected a whole number from 0 to 255, found 300",
    );
    check(
        tfvalue::msgpack::from_slice::<u8>(&hex("ff")),
        ErrorKind::Number,
        "",
        "expected a whole number from 0 to 255, found -1",
    );
    check(
        tfvalue::msgpack::from_slice::<i8>(&mp_str("1e3")),
        ErrorKind::Number,
        "",
        "expected a whole number from -128 to 127, found 1000",
    );
    check(
        tfvalue::msgpack::from_slice::<u64>(&mp_str("18446744073709551617")),
        ErrorKind::Number,
        "",
        "expected a whole number from 0 to 18446744073709551615, found 18446744073709551617",
    );
    // At the edge: fine.
    assert_eq!(
        tfvalue::msgpack::from_slice::<u64>(&mp_str("18446744073709551615")).expect("u64::MAX"),
        u64::MAX
    );
}

#[test]
fn number_text_in_messages_is_exact() {
    check(
        tfvalue::msgpack::from_slice::<u64>(&mp_str("18446744073709551616")),
        ErrorKind::Number,
        "",
        "expected a whole number from 0 to 18446744073709551615, found 18446744073709551616",
    );
}

#[test]
fn typed_fraction_into_an_integer() {
    let message = "expected a whole number from -9223372036854775808 to 9223372036854775807, \
                   found 1.5";
    check(
        tfvalue::msgpack::from_slice::<i64>(&hex("cb 3f f8 00 00 00 00 00 00")),
        ErrorKind::Number,
        "",
        message,
    );
    check(
        tfvalue::msgpack::from_slice::<i64>(&mp_str("1.5")),
        ErrorKind::Number,
        "",
        message,
    );
    // A whole number written as a float or with an exponent is fine.
    assert_eq!(
        tfvalue::msgpack::from_slice::<i64>(&hex("cb 40 08 00 00 00 00 00 00")).expect("3.0"),
        3
    );
    assert_eq!(
        tfvalue::msgpack::from_slice::<i64>(&mp_str("2.5e1")).expect("25"),
        25
    );
}

#[test]
fn typed_decimal_text_into_floats() {
    // "0.1" is what Terraform sends for 0.1: it reads back as the f64 0.1.
    assert_eq!(
        tfvalue::msgpack::from_slice::<f64>(&mp_str("0.1")).expect("0.1"),
        0.1
    );
    assert_eq!(
        tfvalue::msgpack::from_slice::<f32>(&mp_str("0.1")).expect("0.1"),
        0.1_f32
    );
    // More digits than an f64 holds: an error rather than a silent rounding.
    check(
        tfvalue::msgpack::from_slice::<f64>(&mp_str("3.14159265358979323846264338328")),
        ErrorKind::Number,
        "",
        "the number 3.14159265358979323846264338328 cannot be represented by a 64-bit float \
         without losing precision",
    );
    check(
        tfvalue::msgpack::from_slice::<f64>(&mp_str("1e400")),
        ErrorKind::Number,
        "",
        "the number 1000000000000000000000000000000000000000... is too large for a 64-bit float",
    );
}

#[test]
fn typed_missing_and_unsupported_attributes() {
    // A disk without `size_gb`.
    let input =
        hex("82 a4 64 69 73 6b 91 82 a2 69 64 c0 a5 6c 61 62 65 6c a1 78 a4 6e 61 6d 65 a2 76 6d");
    check(
        tfvalue::msgpack::from_slice::<Vm>(&input),
        ErrorKind::Attribute,
        ".disk[0]",
        "missing attribute \"size_gb\"",
    );
    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Strict {
        a: u8,
    }
    check(
        tfvalue::msgpack::from_slice::<Strict>(&hex("82 a1 61 01 a1 7a 01")),
        ErrorKind::Attribute,
        "",
        "unsupported attribute \"z\"",
    );
}

#[test]
fn value_missing_and_unsupported_attributes() {
    let t = ty(r#"["object",{"a":"number","b":"number"}]"#);
    check_msg(
        Value::from_msgpack(&hex("81 a1 61 01"), &t),
        "",
        "missing attribute \"b\": every attribute of the object type must be present",
    );
    check_msg(
        Value::from_msgpack(&hex("82 a1 61 01 a1 7a 01"), &t),
        "",
        "unsupported attribute \"z\": the object type has no such attribute",
    );
}

// ---------------------------------------------------------------------------------------
// JSON: the same hostile cases where JSON has them
// ---------------------------------------------------------------------------------------

// JSON is read by tfvalue's own reader: one depth limit for the whole value, as in
// MessagePack (MAX_DEPTH containers; serde_json's own 128 no longer applies).

#[test]
fn json_deep_arrays() {
    let input = format!("{}{}", "[".repeat(DEEP), "]".repeat(DEEP));
    let mut t = Type::String;
    for _ in 0..300 {
        t = Type::list(t);
    }
    let r = quick("json arrays", || Value::from_json(input.as_bytes(), &t));
    check(r, ErrorKind::Limit, &"[0]".repeat(MAX_DEPTH), DEPTH_MESSAGE);
    let r = quick("json arrays any", || {
        tfvalue::json::from_slice::<serde_json::Value>(input.as_bytes())
    });
    check(r, ErrorKind::Limit, &"[0]".repeat(MAX_DEPTH), DEPTH_MESSAGE);
    let r = quick("json arrays Tree", || {
        tfvalue::json::from_slice::<Tree>(input.as_bytes())
    });
    assert_eq!(kind_of(r), ErrorKind::Limit);
}

#[test]
fn json_deep_objects_and_structs() {
    let maps = format!("{}1{}", r#"{"a":"#.repeat(DEEP), "}".repeat(DEEP));
    let r = quick("json maps", || {
        tfvalue::json::from_slice::<serde_json::Value>(maps.as_bytes())
    });
    check(
        r,
        ErrorKind::Limit,
        &"[\"a\"]".repeat(MAX_DEPTH),
        DEPTH_MESSAGE,
    );
    let nodes = format!("{}{}", r#"{"c":["#.repeat(DEEP), "]}".repeat(DEEP));
    let r = quick("json Node", || {
        tfvalue::json::from_slice::<Node>(nodes.as_bytes())
    });
    check(
        r,
        ErrorKind::Limit,
        &".c[0]".repeat(MAX_DEPTH / 2),
        DEPTH_MESSAGE,
    );
}

#[test]
fn json_nesting_at_the_limit() {
    let mut t = Type::String;
    for _ in 0..MAX_DEPTH {
        t = Type::list(t);
    }
    let ok = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
    let v = Value::from_json(ok.as_bytes(), &t).expect("256 levels");
    assert_eq!(v.to_json(&t).expect("encodes"), ok.as_bytes());
}

#[test]
fn json_deep_dynamic_wrappers_hit_the_depth_limit() {
    // Each `{"value": …, "type": "dynamic"}` level is one wrapper more: past 32 of them,
    // the dynamic limit stops the decoding whichever key comes first.
    for (levels, value_first) in [(33, true), (33, false), (1000, true), (1000, false)] {
        let input = json_wrappers(levels, value_first);
        let r = quick("json wrappers", || {
            Value::from_json(input.as_bytes(), &Type::Dynamic)
        });
        check(r, ErrorKind::Limit, "", DYNAMIC_DEPTH_MESSAGE);
    }
    // At the limit, both key orders decode.
    for value_first in [true, false] {
        let input = json_wrappers(MAX_DYNAMIC_DEPTH, value_first);
        assert_eq!(
            Value::from_json(input.as_bytes(), &Type::Dynamic).expect("decodes"),
            Value::null(Type::Dynamic)
        );
    }
}

fn json_wrappers(levels: usize, value_first: bool) -> String {
    if value_first {
        format!(
            "{}null{}",
            r#"{"value":"#.repeat(levels),
            r#","type":"dynamic"}"#.repeat(levels)
        )
    } else {
        format!(
            "{}null{}",
            r#"{"type":"dynamic","value":"#.repeat(levels),
            "}".repeat(levels)
        )
    }
}

#[test]
fn json_deep_dynamic_wrappers_fail_quickly() {
    for value_first in [true, false] {
        let input = json_wrappers(DEEP, value_first);
        let r = quick("json wrappers", || {
            Value::from_json(input.as_bytes(), &Type::Dynamic)
        });
        check(r, ErrorKind::Limit, "", DYNAMIC_DEPTH_MESSAGE);
    }
}

#[test]
fn json_every_strict_prefix_of_a_realistic_payload_is_an_error() {
    let payload = data("bench/payload-1.json");
    let t = bench_type();
    let whole = Value::from_json(&payload, &t).expect("payload-1.json decodes");
    // The same value as the msgpack payload, up to number representation (spot_price is a
    // float64 there and the decimal 0.0425 here): the same JSON.
    let from_msgpack = Value::from_msgpack(&data("bench/payload-1.msgpack"), &t).expect("decodes");
    assert_eq!(
        whole.to_json(&t).expect("encodes"),
        from_msgpack.to_json(&t).expect("encodes")
    );
    tfvalue::json::from_slice::<BenchVm>(&payload).expect("typed decode");
    for len in 0..payload.len() {
        let prefix = &payload[..len];
        for (how, kind) in [
            (
                "Value",
                Value::from_json(prefix, &t).err().map(|e| e.kind()),
            ),
            (
                "BenchVm",
                tfvalue::json::from_slice::<BenchVm>(prefix)
                    .err()
                    .map(|e| e.kind()),
            ),
        ] {
            assert_eq!(kind, Some(ErrorKind::Syntax), "{how}: prefix of {len}");
        }
    }
}

#[test]
fn json_invalid_utf8_and_trailing_text() {
    check(
        Value::from_json(b"{\"a\":\"x\xff\"}", &ty(r#"["object",{"a":"string"}]"#)),
        ErrorKind::Syntax,
        ".a",
        "invalid JSON: invalid UTF-8 at line 1 column 8 (byte 7)",
    );
    check(
        Value::from_json(b"{\"\xff\":\"x\"}", &ty(r#"["map","string"]"#)),
        ErrorKind::Syntax,
        "",
        "invalid JSON: invalid UTF-8 at line 1 column 3 (byte 2)",
    );
    // go-cty accepts trailing text (decode_vectors.jsonl json/trailing-garbage); tfvalue
    // does not. Trailing whitespace is fine.
    check(
        Value::from_json(b"\"a\" x", &Type::String),
        ErrorKind::Syntax,
        "",
        "invalid JSON: trailing characters at line 1 column 5",
    );
    assert_eq!(
        Value::from_json(b"\"a\" \n", &Type::String).expect("whitespace"),
        Value::from("a")
    );
    check(
        Value::from_json(b"", &Type::String),
        ErrorKind::Syntax,
        "",
        "invalid JSON: EOF while parsing a value at line 1 column 0",
    );
}

#[test]
fn json_numbers() {
    // NaN, hex and other non-JSON numbers are syntax errors before any number parsing.
    check(
        Value::from_json(b"NaN", &Type::Number),
        ErrorKind::Syntax,
        "",
        "invalid JSON: expected value at line 1 column 1",
    );
    check(
        Value::from_json(b"0x10", &Type::Number),
        ErrorKind::Syntax,
        "",
        "invalid JSON: trailing characters at line 1 column 2",
    );
    for (text, kind, message) in bad_number_texts() {
        let json_number = !text.is_empty()
            && text
                .bytes()
                .all(|b| b.is_ascii_digit() || b == b'e' || b == b'-');
        if !json_number {
            continue;
        }
        let what = &text[..text.len().min(20)];
        check(
            quick(what, || Value::from_json(text.as_bytes(), &Type::Number)),
            kind,
            "",
            &message,
        );
        check(
            quick(what, || {
                tfvalue::json::from_slice::<Number>(text.as_bytes())
            }),
            kind,
            "",
            &message,
        );
    }
    check(
        tfvalue::json::from_slice::<f64>(b"1e999999999"),
        ErrorKind::Limit,
        "",
        &too_many_digits("1e999999999", 1_000_000_000),
    );
    // Strings are not numbers in JSON (go-cty would parse them; tfvalue is strict).
    check(
        Value::from_json(b"\"12\"", &Type::Number),
        ErrorKind::Type,
        "",
        "expected number, found the string \"12\"",
    );
}

#[test]
fn json_numbers_into_floats_do_not_lose_precision() {
    check(
        tfvalue::json::from_slice::<f64>(b"3.14159265358979323846264338328"),
        ErrorKind::Number,
        "",
        "the number 3.14159265358979323846264338328 cannot be represented by a 64-bit float \
         without losing precision",
    );
    assert_eq!(
        kind_of(tfvalue::json::from_slice::<f64>(b"1e-999999999")),
        ErrorKind::Limit
    );
    assert_eq!(
        kind_of(tfvalue::json::from_slice::<f64>(b"1e-400")),
        ErrorKind::Number
    );
}

#[test]
fn json_duplicates() {
    check(
        Value::from_json(br#"{"a":1,"a":2}"#, &ty(r#"["map","number"]"#)),
        ErrorKind::Attribute,
        "",
        "duplicate map key \"a\"",
    );
    check(
        Value::from_json(
            br#"{"a":1,"a":2}"#,
            &ty(r#"["object",{"a":"number","b":"number"}]"#),
        ),
        ErrorKind::Attribute,
        "",
        "duplicate attribute \"a\"",
    );
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct M {
        a: u8,
        b: u8,
    }
    check(
        tfvalue::json::from_slice::<M>(br#"{"a":1,"a":2,"b":1}"#),
        ErrorKind::Attribute,
        "",
        "duplicate attribute \"a\"",
    );
}

#[test]
fn json_malformed_dynamic_values() {
    let head = "expected a dynamic value {\"value\": ..., \"type\": ...}, found";
    for (input, found) in [
        (r#"{"value":1}"#, "an object without \"type\""),
        (r#"{"type":"number"}"#, "an object without \"value\""),
        (
            r#"{"value":1,"type":"number","x":1}"#,
            "an object with the extra attribute \"x\"",
        ),
        ("[1]", "a list, set or tuple"),
    ] {
        check(
            Value::from_json(input.as_bytes(), &Type::Dynamic),
            ErrorKind::Type,
            "",
            &format!("{head} {found}"),
        );
    }
    check(
        Value::from_json(br#"{"value":1,"type":"nope"}"#, &Type::Dynamic),
        ErrorKind::TypeConstraint,
        "",
        "invalid type constraint: unknown type name \"nope\" (expected string, number, bool, \
         dynamic, or a [\"list\", T]-style array)",
    );
    check(
        Value::from_json(br#"{"value":"x","type":"number"}"#, &Type::Dynamic),
        ErrorKind::Type,
        "",
        "expected number, found the string \"x\"",
    );
}

#[test]
fn json_typed_errors() {
    check(
        tfvalue::json::from_slice::<Vm>(
            br#"{"disk":[{"id":null,"label":"a","size_gb":1},{"id":null,"label":"b","size_gb":2},{"id":null,"label":"c","size_gb":true}],"name":"vm"}"#,
        ),
        ErrorKind::Type,
        ".disk[2].size_gb",
        "expected number, found a bool",
    );
    check(
        tfvalue::json::from_slice::<u8>(b"300"),
        ErrorKind::Number,
        "",
        "expected a whole number from 0 to 255, found 300",
    );
    check(
        tfvalue::json::from_slice::<i64>(b"1.5"),
        ErrorKind::Number,
        "",
        "expected a whole number from -9223372036854775808 to 9223372036854775807, found 1.5",
    );
    assert_eq!(tfvalue::json::from_slice::<f64>(b"0.1").expect("0.1"), 0.1);
    assert_eq!(tfvalue::json::from_slice::<u8>(b"2.0").expect("2.0"), 2);
    // JSON: a missing attribute of a Value object is null (as Terraform); an unknown one is
    // an error.
    let t = ty(r#"["object",{"a":"number","b":"number"}]"#);
    assert_eq!(
        Value::from_json(br#"{"a":1}"#, &t)
            .expect("decodes")
            .attr("b"),
        Some(&Value::null(Type::Number))
    );
    check(
        Value::from_json(br#"{"a":1,"z":1}"#, &t),
        ErrorKind::Attribute,
        "",
        "unsupported attribute \"z\": the object type has no such attribute",
    );
}

// ---------------------------------------------------------------------------------------
// Each limit of `tfvalue::limits` at the limit and one past it, through the decoders, with
// the attribute path. (Nesting depth: `nesting_at_the_limit_is_accepted`; dynamic depth:
// `dynamic_wrappers_at_and_past_their_limit`; refinement payload as given:
// `payload_of_exactly_1024_bytes_is_accepted` and `payload_of_1025_bytes`.)
// ---------------------------------------------------------------------------------------

/// `{"a": <value>}` in MessagePack, against `object({a = <ty>})`.
fn in_attribute_a(value: &[u8]) -> Vec<u8> {
    let mut input = hex("81 a1 61");
    input.extend_from_slice(value);
    input
}

fn object_a(ty_json: &str) -> Type {
    ty(&format!(r#"["object",{{"a":{ty_json}}}]"#))
}

#[test]
fn number_text_length_at_and_past_the_limit() {
    let t = object_a(r#""number""#);
    let at = "7".repeat(MAX_NUMBER_TEXT);
    let v = Value::from_msgpack(&in_attribute_a(&mp_str(&at)), &t).expect("4096 digits");
    assert_eq!(
        v.attr("a")
            .and_then(Value::as_number)
            .map(|n| n.to_string()),
        Some(at)
    );
    let past = "7".repeat(MAX_NUMBER_TEXT + 1);
    let message = "number text is too long: 4097 bytes, the limit is 4096";
    check(
        Value::from_msgpack(&in_attribute_a(&mp_str(&past)), &t),
        ErrorKind::Limit,
        ".a",
        message,
    );
    check(
        Value::from_json(format!(r#"{{"a":{past}}}"#).as_bytes(), &t),
        ErrorKind::Limit,
        ".a",
        message,
    );
}

#[test]
fn written_number_length_at_and_past_the_limit() {
    // Short text whose plain form (no exponent, as Terraform writes numbers) is 4096 bytes
    // decodes, is written out and reads back; one byte more is refused. This is what
    // bounds the exponent.
    let t = object_a(r#""number""#);
    for (at, past) in [
        ("1e4095", "1e4096"),
        ("-1e4094", "-1e4095"),
        ("1e-4094", "1e-4095"),
        ("-1e-4093", "-1e-4094"),
        ("123e-4094", "1234e-4095"),
    ] {
        let v = Value::from_msgpack(&in_attribute_a(&mp_str(at)), &t).expect(at);
        let n = v.attr("a").and_then(Value::as_number).cloned();
        assert_eq!(
            n.as_ref().map(|n| n.to_string().len()),
            Some(MAX_NUMBER_TEXT)
        );
        assert_eq!(n, Some(Number::parse(at).expect(at)));
        let json = v.to_json(&t).expect("encodes to JSON");
        assert_eq!(Value::from_json(&json, &t).expect("reads back"), v);
        let msgpack = v.to_msgpack(&t).expect("encodes to MessagePack");
        assert_eq!(Value::from_msgpack(&msgpack, &t).expect("reads back"), v);
        let message = too_many_digits(past, MAX_NUMBER_TEXT + 1);
        check(
            Value::from_msgpack(&in_attribute_a(&mp_str(past)), &t),
            ErrorKind::Limit,
            ".a",
            &message,
        );
        check(
            Value::from_json(format!(r#"{{"a":{past}}}"#).as_bytes(), &t),
            ErrorKind::Limit,
            ".a",
            &message,
        );
    }
}

/// A collection whose length prefix is believable (the bytes are there) but which fails
/// early: what was reserved up front from the claim stays within
/// [`tfvalue::limits::MAX_PREALLOC_BYTES`], for a `Value` map and list, `tfvalue::map::Map`
/// and `tfvalue::set::Set`.
#[test]
fn reservation_from_a_claimed_length_is_capped() {
    use tfvalue::limits::MAX_PREALLOC_BYTES;
    // Room for what reading the first entries allocates besides the reservation.
    let bound = MAX_PREALLOC_BYTES + (64 << 10);
    let n: u32 = 1_000_000;
    // A map of n entries `"" => ""`, the second key a number: fails at the second entry.
    let mut map = vec![0xdf];
    map.extend_from_slice(&n.to_be_bytes());
    map.extend_from_slice(&[0xa0, 0xa0, 0x01, 0xa0]);
    map.resize(5 + 2 * n as usize, 0xa0);
    // A list of n strings, the second a number.
    let mut list = vec![0xdd];
    list.extend_from_slice(&n.to_be_bytes());
    list.extend_from_slice(&[0xa0, 0x01]);
    list.resize(5 + n as usize, 0xa0);
    let peak = |what: &str, f: &dyn Fn() -> bool| {
        let before = LIVE.with(Cell::get);
        PEAK.with(|p| p.set(before));
        assert!(f(), "{what}: expected an error");
        let peak = PEAK.with(Cell::get) - before;
        assert!(
            peak <= bound,
            "{what} held {peak} bytes at once (bound {bound})"
        );
    };
    peak("Value map", &|| {
        Value::from_msgpack(&map, &ty(r#"["map","string"]"#)).is_err()
    });
    peak("Value list", &|| {
        Value::from_msgpack(&list, &ty(r#"["list","string"]"#)).is_err()
    });
    peak("Map", &|| {
        tfvalue::msgpack::from_slice::<tfvalue::map::Map<String>>(&map).is_err()
    });
    peak("Set", &|| {
        tfvalue::msgpack::from_slice::<tfvalue::set::Set<String>>(&list).is_err()
    });
}

#[test]
fn element_count_at_and_past_the_input_length() {
    // A list's elements take at least a byte each, a map's entries two: a length prefix
    // may claim exactly as many as the remaining bytes allow, and not one more.
    for (ty_json, at, past, count, message) in [
        (
            r#"["list","number"]"#,
            "dc 00 05 01 02 03 04 05",
            "dc 00 06 01 02 03 04 05",
            5,
            "truncated input: a length prefix claims 6 elements, but only 5 bytes remain \
             (each needs at least 1)",
        ),
        (
            r#"["map","number"]"#,
            "de 00 02 a0 01 a1 62 02",
            "de 00 03 a0 01 a1 62 02",
            2,
            "truncated input: a length prefix claims 3 entries, but only 5 bytes remain \
             (each needs at least 2)",
        ),
    ] {
        let t = object_a(ty_json);
        let at = in_attribute_a(&hex(at));
        let v = quick("at", || Value::from_msgpack(&at, &t)).expect(ty_json);
        let a = v.attr("a").expect("attribute a");
        let len = a.as_elements().map(<[Value]>::len);
        assert_eq!(
            len.or(a.as_map().map(|m| m.len())),
            Some(count),
            "{ty_json}"
        );
        let past = in_attribute_a(&hex(past));
        check(
            quick("past", || Value::from_msgpack(&past, &t)),
            ErrorKind::Syntax,
            ".a",
            message,
        );
    }
}

#[test]
fn refinement_payload_written_out_at_and_past_the_limit() {
    // {3: ["1e<exp>", true]}: 9 bytes on the wire, exp + 8 bytes written out in plain
    // digits (as Terraform writes numbers). At exp = 1016 that is 1024 bytes.
    let unknown = |exp: usize| {
        let text = format!("1e{exp}");
        let mut payload = vec![0x81, 0x03, 0x92, 0xa0 | text.len() as u8];
        payload.extend_from_slice(text.as_bytes());
        payload.push(0xc3);
        let mut out = vec![0xc7, payload.len() as u8, 0x0c];
        out.extend_from_slice(&payload);
        in_attribute_a(&out)
    };
    let t = object_a(r#""number""#);
    let v = Value::from_msgpack(&unknown(1016), &t).expect("at the limit");
    let written = v.to_msgpack(&t).expect("encodes");
    // 3 bytes of object and name, 4 of ext16 header, 1024 of payload.
    assert_eq!(written.len(), 3 + 4 + MAX_REFINEMENT_PAYLOAD);
    assert_eq!(Value::from_msgpack(&written, &t).expect("reads back"), v);
    check(
        Value::from_msgpack(&unknown(1017), &t),
        ErrorKind::Limit,
        ".a",
        "the refinements of an unknown value would take 1025 bytes written as Terraform \
         writes them (number bounds in plain digits, without an exponent), more than the \
         limit of 1024",
    );
}
