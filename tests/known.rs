//! From plan-time to apply-time data (`tfvalue::known`): models written the way
//! `#[derive(TfSchema)]` writes them, decoded from Terraform's bytes, their unknown values
//! found with exact paths, and converted to their known form, with no allocation when
//! nothing is unknown (checked with a counting allocator).

use std::alloc::{GlobalAlloc, Layout, System};
use std::borrow::Cow;
use std::cell::Cell;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use serde::Deserialize;
use tfvalue::known::{IntoKnown, Trail, UnknownPaths};
use tfvalue::set::Set;
use tfvalue::{AttributePath, ErrorKind, Nullable, Number, Type, Unknown, Value};
use tfvalue_suite::hex;

// ---------------------------------------------------------------------------------------
// A counting allocator: counts the allocations made by the current thread (each test runs
// on its own thread, so parallel tests do not disturb each other).

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count_one() {
    // `try_with`: the thread-local may already be gone while the thread shuts down.
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

// SAFETY: forwards every call to the system allocator unchanged; counting has no effect on
// the memory returned.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: the caller upholds `GlobalAlloc::alloc`'s contract, passed on unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System` with `layout` (see `alloc`).
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: as in `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        // SAFETY: as in `alloc`; `ptr` came from `System` with `layout`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Runs `f` and returns its result with the number of allocations it made.
fn allocations<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let before = ALLOCATIONS.with(Cell::get);
    let r = f();
    let after = ALLOCATIONS.with(Cell::get);
    (r, after - before)
}

// ---------------------------------------------------------------------------------------
// A model as `#[derive(TfSchema)]` generates it, written by hand.

/// A map attribute whose elements, or the whole map, may be unknown.
type Tags = Unknown<Nullable<BTreeMap<String, Unknown<String>>>>;

/// The plan-time model of a VM-like resource.
#[derive(Deserialize, Debug)]
struct Server {
    id: Unknown<Nullable<String>>,
    name: String,
    disk: Vec<Disk>,
    tags: Tags,
    security_groups: Unknown<Nullable<Set<Unknown<String>>>>,
    timeouts: Option<Timeouts>,
}

#[derive(Deserialize, Debug)]
struct Disk {
    size_gb: Unknown<u32>,
    label: Unknown<Nullable<String>>,
}

#[derive(Deserialize, Debug)]
struct Timeouts {
    create: Unknown<Nullable<String>>,
}

#[derive(Debug)]
struct ServerKnown {
    id: <Unknown<Nullable<String>> as IntoKnown>::Known,
    name: <String as IntoKnown>::Known,
    disk: <Vec<Disk> as IntoKnown>::Known,
    tags: <Tags as IntoKnown>::Known,
    security_groups: <Unknown<Nullable<Set<Unknown<String>>>> as IntoKnown>::Known,
    timeouts: <Option<Timeouts> as IntoKnown>::Known,
}

#[derive(Debug, PartialEq)]
struct DiskKnown {
    size_gb: <Unknown<u32> as IntoKnown>::Known,
    label: <Unknown<Nullable<String>> as IntoKnown>::Known,
}

#[derive(Debug, PartialEq)]
struct TimeoutsKnown {
    create: <Unknown<Nullable<String>> as IntoKnown>::Known,
}

impl IntoKnown for Server {
    type Known = ServerKnown;

    fn into_known_at(
        self,
        at: Trail<'_>,
        unknowns: &mut Vec<AttributePath>,
    ) -> Option<ServerKnown> {
        let id = self.id.into_known_at(at.attr("id"), unknowns);
        let name = self.name.into_known_at(at.attr("name"), unknowns);
        let disk = self.disk.into_known_at(at.attr("disk"), unknowns);
        let tags = self.tags.into_known_at(at.attr("tags"), unknowns);
        let security_groups = self
            .security_groups
            .into_known_at(at.attr("security_groups"), unknowns);
        let timeouts = self.timeouts.into_known_at(at.attr("timeouts"), unknowns);
        Some(ServerKnown {
            id: id?,
            name: name?,
            disk: disk?,
            tags: tags?,
            security_groups: security_groups?,
            timeouts: timeouts?,
        })
    }
}

impl UnknownPaths for Server {
    fn unknown_paths_into(&self, at: Trail<'_>, out: &mut Vec<AttributePath>) {
        self.id.unknown_paths_into(at.attr("id"), out);
        self.name.unknown_paths_into(at.attr("name"), out);
        self.disk.unknown_paths_into(at.attr("disk"), out);
        self.tags.unknown_paths_into(at.attr("tags"), out);
        self.security_groups
            .unknown_paths_into(at.attr("security_groups"), out);
        self.timeouts.unknown_paths_into(at.attr("timeouts"), out);
    }

    fn is_wholly_known(&self) -> bool {
        self.id.is_wholly_known()
            && self.name.is_wholly_known()
            && self.disk.is_wholly_known()
            && self.tags.is_wholly_known()
            && self.security_groups.is_wholly_known()
            && self.timeouts.is_wholly_known()
    }
}

impl IntoKnown for Disk {
    type Known = DiskKnown;

    fn into_known_at(self, at: Trail<'_>, unknowns: &mut Vec<AttributePath>) -> Option<DiskKnown> {
        let size_gb = self.size_gb.into_known_at(at.attr("size_gb"), unknowns);
        let label = self.label.into_known_at(at.attr("label"), unknowns);
        Some(DiskKnown {
            size_gb: size_gb?,
            label: label?,
        })
    }
}

impl UnknownPaths for Disk {
    fn unknown_paths_into(&self, at: Trail<'_>, out: &mut Vec<AttributePath>) {
        self.size_gb.unknown_paths_into(at.attr("size_gb"), out);
        self.label.unknown_paths_into(at.attr("label"), out);
    }

    fn is_wholly_known(&self) -> bool {
        self.size_gb.is_wholly_known() && self.label.is_wholly_known()
    }
}

impl IntoKnown for Timeouts {
    type Known = TimeoutsKnown;

    fn into_known_at(
        self,
        at: Trail<'_>,
        unknowns: &mut Vec<AttributePath>,
    ) -> Option<TimeoutsKnown> {
        let create = self.create.into_known_at(at.attr("create"), unknowns);
        Some(TimeoutsKnown { create: create? })
    }
}

impl UnknownPaths for Timeouts {
    fn unknown_paths_into(&self, at: Trail<'_>, out: &mut Vec<AttributePath>) {
        self.create.unknown_paths_into(at.attr("create"), out);
    }

    fn is_wholly_known(&self) -> bool {
        self.create.is_wholly_known()
    }
}

fn strings(paths: &[AttributePath]) -> Vec<String> {
    paths.iter().map(ToString::to_string).collect()
}

/// A msgpack string (fixstr), as hex.
fn s(text: &str) -> String {
    let mut out = format!("{:02x}", 0xa0 + text.len());
    for b in text.bytes() {
        out.push_str(&format!("{b:02x}"));
    }
    out
}

const UNKNOWN: &str = "d40000";

/// The plan-time payload: `id`, `.disk[2].size_gb`, `.tags["env"]`, one security group and
/// `.timeouts.create` unknown.
fn plan_bytes() -> Vec<u8> {
    let disk = |size: &str, label: &str| format!("82{}{size}{}{label}", s("size_gb"), s("label"));
    let payload = [
        "86".to_owned(),
        s("id"),
        UNKNOWN.to_owned(),
        s("name"),
        s("vm"),
        s("disk"),
        "93".to_owned(),
        disk("14", "c0"),
        disk("15", &s("data")),
        disk(UNKNOWN, "c0"),
        s("tags"),
        format!("82{}{}{}{}", s("env"), UNKNOWN, s("team"), s("ops")),
        s("security_groups"),
        format!("92{}{}", s("sg-1"), UNKNOWN),
        s("timeouts"),
        format!("81{}{}", s("create"), UNKNOWN),
    ]
    .concat();
    hex(&payload)
}

/// The same resource at apply time: everything known.
fn apply_bytes() -> Vec<u8> {
    let disk = |size: &str, label: &str| format!("82{}{size}{}{label}", s("size_gb"), s("label"));
    let payload = [
        "86".to_owned(),
        s("id"),
        s("vm-1"),
        s("name"),
        s("vm"),
        s("disk"),
        "93".to_owned(),
        disk("14", "c0"),
        disk("15", &s("data")),
        disk("16", "c0"),
        s("tags"),
        format!("82{}{}{}{}", s("env"), s("prod"), s("team"), s("ops")),
        s("security_groups"),
        format!("92{}{}", s("sg-1"), s("sg-2")),
        s("timeouts"),
        "c0".to_owned(),
    ]
    .concat();
    hex(&payload)
}

#[test]
fn plan_time_model_lists_every_unknown_path() {
    let planned: Server = tfvalue::msgpack::from_slice(&plan_bytes()).unwrap();
    assert!(!planned.is_wholly_known());
    assert_eq!(
        strings(&planned.unknown_paths()),
        [
            ".id",
            ".disk[2].size_gb",
            r#".tags["env"]"#,
            ".security_groups[1]",
            ".timeouts.create",
        ]
    );
    // Under a prefix: the model as part of something larger.
    let prefix = AttributePath::root().attr("resource");
    let mut out = Vec::new();
    planned.unknown_paths_into(Trail::under(&prefix), &mut out);
    assert_eq!(out[1].to_string(), ".resource.disk[2].size_gb");

    let err = planned.into_known().unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Unknown);
    assert!(err.path().is_root());
    assert_eq!(
        err.to_string(),
        r#"5 values are not known yet: .id, .disk[2].size_gb, .tags["env"], .security_groups[1], .timeouts.create"#
    );
}

#[test]
fn one_unknown_puts_its_path_on_the_error() {
    let mut planned: Server = tfvalue::msgpack::from_slice(&apply_bytes()).unwrap();
    planned.disk[2].size_gb = Unknown::unknown();
    let err = planned.into_known().unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Unknown);
    assert_eq!(err.path().to_string(), ".disk[2].size_gb");
    assert_eq!(err.to_string(), ".disk[2].size_gb: value is not known yet");
}

#[test]
fn whole_collections_may_be_unknown() {
    let mut planned: Server = tfvalue::msgpack::from_slice(&apply_bytes()).unwrap();
    planned.tags = Unknown::unknown();
    planned.security_groups = Unknown::unknown();
    assert_eq!(
        strings(&planned.unknown_paths()),
        [".tags", ".security_groups"]
    );
    let blocks: Unknown<Vec<Disk>> = Unknown::unknown();
    assert_eq!(strings(&blocks.unknown_paths()), [""]);
    let err = IntoKnown::into_known(blocks).unwrap_err();
    assert_eq!(err.to_string(), "value is not known yet");
}

#[test]
fn apply_time_model_converts_without_unwrapping() {
    let config: Server = tfvalue::msgpack::from_slice(&apply_bytes()).unwrap();
    assert!(config.is_wholly_known());
    assert!(config.unknown_paths().is_empty());
    let known: ServerKnown = config.into_known().unwrap();
    assert_eq!(known.id, Nullable::Value("vm-1".to_owned()));
    assert_eq!(known.name, "vm");
    assert_eq!(
        known.disk,
        [
            DiskKnown {
                size_gb: 20,
                label: Nullable::Null
            },
            DiskKnown {
                size_gb: 21,
                label: Nullable::Value("data".into())
            },
            DiskKnown {
                size_gb: 22,
                label: Nullable::Null
            },
        ]
    );
    let tags = known.tags.into_option().unwrap();
    assert_eq!(tags["env"], "prod");
    assert_eq!(tags["team"], "ops");
    assert_eq!(
        known.security_groups.into_option().unwrap(),
        Set::from(["sg-1".to_owned(), "sg-2".to_owned()])
    );
    assert_eq!(known.timeouts, None);
}

#[test]
fn every_std_impl() {
    // Leaves.
    assert_eq!(IntoKnown::into_known(String::from("a")).unwrap(), "a");
    assert_eq!(IntoKnown::into_known("a").unwrap(), "a");
    assert_eq!(
        IntoKnown::into_known(Cow::<str>::Owned("c".into())).unwrap(),
        "c"
    );
    assert_eq!(
        IntoKnown::into_known(Number::from(5_i64)).unwrap(),
        Number::from(5_i64)
    );
    assert!(IntoKnown::into_known(true).unwrap());
    assert_eq!(IntoKnown::into_known(-1_i8).unwrap(), -1);
    assert_eq!(IntoKnown::into_known(1_u64).unwrap(), 1);
    assert_eq!(IntoKnown::into_known(0.5_f32).unwrap(), 0.5);
    assert_eq!(IntoKnown::into_known('x').unwrap(), 'x');

    // Wrappers and containers, each with an unknown inside.
    let u = || Unknown::<u8>::unknown();
    let k = Unknown::<u8>::known;
    assert_eq!(strings(&Nullable::Value(u()).unknown_paths()), [""]);
    assert_eq!(strings(&Some(u()).unknown_paths()), [""]);
    assert_eq!(strings(&Box::new(u()).unknown_paths()), [""]);
    assert_eq!(strings(&vec![k(1), u()].unknown_paths()), ["[1]"]);
    assert_eq!(strings(&Set::from([u(), k(2)]).unknown_paths()), ["[0]"]);
    assert_eq!(
        strings(&BTreeMap::from([("a".to_owned(), u())]).unknown_paths()),
        [r#"["a"]"#]
    );
    assert_eq!(
        strings(&HashMap::from([("b", u())]).unknown_paths()),
        [r#"["b"]"#]
    );
    assert_eq!(
        strings(&HashSet::from([k(1), u()]).unknown_paths()).len(),
        1
    );
    assert_eq!(
        strings(&(k(1), u(), "s", u()).unknown_paths()),
        ["[1]", "[3]"]
    );

    // And converted when known.
    assert_eq!(
        Nullable::Value(k(1)).into_known().unwrap(),
        Nullable::Value(1)
    );
    assert_eq!(Some(k(1)).into_known().unwrap(), Some(1));
    assert_eq!(*Box::new(k(1)).into_known().unwrap(), 1);
    assert_eq!(vec![k(1), k(2)].into_known().unwrap(), [1, 2]);
    assert_eq!(
        Set::from([k(2), k(1)]).into_known().unwrap().as_slice(),
        &[2, 1]
    );
    assert_eq!(
        BTreeSet::from([Nullable::Value(1_u8)])
            .into_known()
            .unwrap(),
        BTreeSet::from([Nullable::Value(1)])
    );
    assert_eq!(
        HashSet::from([k(1), k(2)]).into_known().unwrap(),
        HashSet::from([1, 2])
    );
    assert_eq!(
        BTreeMap::from([("a".to_owned(), k(1))])
            .into_known()
            .unwrap(),
        BTreeMap::from([("a".to_owned(), 1)])
    );
    assert_eq!(
        HashMap::from([("a", k(1))]).into_known().unwrap(),
        HashMap::from([("a", 1)])
    );
    assert_eq!(
        (k(1), "s", Nullable::<u8>::Null).into_known().unwrap(),
        (1, "s", Nullable::Null)
    );
}

#[test]
fn dynamic_values() {
    let v = Value::object([
        ("a", Value::from("x")),
        (
            "m",
            Value::map(
                Type::String,
                BTreeMap::from([("env".to_owned(), Value::unknown(Type::String))]),
            )
            .unwrap(),
        ),
    ]);
    let model: BTreeMap<String, Value> = BTreeMap::from([("extra".to_owned(), v)]);
    assert!(!model.is_wholly_known());
    assert_eq!(strings(&model.unknown_paths()), [r#"["extra"].m["env"]"#]);
    let err = model.into_known().unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"["extra"].m["env"]: value is not known yet"#
    );
    let known = Value::from("y");
    assert_eq!(known.clone().into_known().unwrap(), known);
}

#[test]
fn many_unknowns_are_counted_and_listed_up_to_a_limit() {
    let v: Vec<Unknown<u8>> = (0..1000).map(|_| Unknown::unknown()).collect();
    assert_eq!(v.unknown_paths().len(), 1000);
    let err = v.into_known().unwrap_err();
    let text = err.to_string();
    assert!(
        text.starts_with("1000 values are not known yet: [0], [1], "),
        "{text}"
    );
    assert!(text.ends_with("[15] and 984 more"), "{text}");
}

// ---------------------------------------------------------------------------------------
// Zero cost on known data.

#[test]
fn the_counting_allocator_counts() {
    let ((), n) = allocations(|| drop(std::hint::black_box(vec![1_u8])));
    assert_eq!(n, 1);
}

#[test]
fn finding_nothing_allocates_nothing() {
    let config: Server = tfvalue::msgpack::from_slice(&apply_bytes()).unwrap();
    let (known, n) = allocations(|| config.is_wholly_known());
    assert!(known);
    assert_eq!(n, 0, "is_wholly_known");
    let (paths, n) = allocations(|| config.unknown_paths());
    assert!(paths.is_empty());
    assert_eq!(n, 0, "unknown_paths");
    let mut out = Vec::new();
    let ((), n) = allocations(|| config.unknown_paths_into(Trail::root(), &mut out));
    assert_eq!(n, 0, "unknown_paths_into");

    let v = Value::object([("a", Value::from("x")), ("b", Value::from(true))]);
    let (paths, n) = allocations(|| UnknownPaths::unknown_paths(&v));
    assert!(paths.is_empty());
    assert_eq!(n, 0, "Value::unknown_paths");
}

#[test]
fn converting_known_data_allocates_nothing_for_structs_and_same_layout_vectors() {
    // A struct of leaves and wrappers: moves, no allocation.
    let disk = Disk {
        size_gb: Unknown::known(20),
        label: Unknown::known(Nullable::Value("data".to_owned())),
    };
    let (known, n) = allocations(|| disk.into_known());
    assert_eq!(known.unwrap().size_gb, 20);
    assert_eq!(n, 0, "struct");

    let t = Timeouts {
        create: Unknown::known(Nullable::Null),
    };
    let (known, n) = allocations(|| Some(t).into_known());
    assert!(known.unwrap().is_some());
    assert_eq!(n, 0, "Option<struct>");

    let v: Unknown<Nullable<Vec<String>>> =
        Unknown::known(Nullable::Value(vec!["a".to_owned(), "b".to_owned()]));
    let (known, n) = allocations(|| IntoKnown::into_known(v));
    assert_eq!(known.unwrap().into_option().unwrap(), ["a", "b"]);
    assert_eq!(n, 0, "Vec<String> reuses its buffer");

    let v: Vec<Unknown<String>> = vec![Unknown::known("a".to_owned()); 100];
    let (known, n) = allocations(|| v.into_known());
    assert_eq!(known.unwrap().len(), 100);
    assert_eq!(
        n, 0,
        "Vec<Unknown<String>> -> Vec<String> reuses its buffer"
    );

    let s: Set<Unknown<Nullable<String>>> = Set::from([
        Unknown::known(Nullable::Value("x".to_owned())),
        Unknown::known(Nullable::Null),
    ]);
    let (known, n) = allocations(|| s.into_known());
    assert_eq!(known.unwrap().len(), 2);
    assert_eq!(n, 0, "Set reuses its buffer");

    let value = Value::from("x");
    let (known, n) = allocations(|| value.into_known());
    assert!(known.is_ok());
    assert_eq!(n, 0, "Value");
}

#[test]
fn converting_other_vectors_allocates_once_at_most() {
    let v: Vec<Disk> = (0..10)
        .map(|i| Disk {
            size_gb: Unknown::known(i),
            label: Unknown::known(Nullable::Null),
        })
        .collect();
    let (known, n) = allocations(|| v.into_known());
    assert_eq!(known.unwrap().len(), 10);
    assert!(n <= 1, "Vec<Disk>: {n} allocations");

    // Different alignment: one allocation of the final size.
    let v: Vec<Unknown<u32>> = (0..100).map(Unknown::known).collect();
    let (known, n) = allocations(|| v.into_known());
    let known = known.unwrap();
    assert_eq!(known.len(), 100);
    assert_eq!(known.capacity(), 100);
    assert_eq!(n, 1, "Vec<Unknown<u32>>");
}
