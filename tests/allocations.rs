//! Allocations per typed decode and encode of the benchmark payloads:
//! a derived model allocates exactly what the same struct without wrappers allocates
//! through rmp-serde / serde_json (its strings, vectors and tree nodes), nothing per field
//! for `Nullable` / `Unknown`; a model of borrowed strings allocates only for collections;
//! encoding allocates the output once.
//!
//! Counting is global (`tfvalue_suite::CountingAlloc`), so this file holds a single test.

use tfvalue_suite::bench_model::{BorrowedVm, FloorBorrowedVm, FloorVm, Vm};
use tfvalue_suite::{count_allocs, data, AllocCount, CountingAlloc};

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

/// Allocation calls (`alloc` + `realloc`) of `op`, its result dropped outside the count.
fn calls<R>(op: impl FnOnce() -> R) -> usize {
    let (
        out,
        AllocCount {
            allocs, reallocs, ..
        },
    ) = count_allocs(op);
    drop(out);
    allocs + reallocs
}

#[test]
fn typed_models_allocate_what_the_floor_allocates() {
    for n in [1, 100] {
        let msgpack = data(&format!("bench/payload-{n}.msgpack"));
        let json = data(&format!("bench/payload-{n}.json"));

        let typed = calls(|| tfvalue::msgpack::from_slice::<Vm>(&msgpack).expect("typed"));
        let floor = calls(|| rmp_serde::from_slice::<FloorVm>(&msgpack).expect("floor"));
        assert_eq!(typed, floor, "MessagePack decode of payload-{n}");
        assert!(floor > n, "the count works: {floor} for payload-{n}");

        let typed = calls(|| tfvalue::json::from_slice::<Vm>(&json).expect("typed"));
        let floor = calls(|| serde_json::from_slice::<FloorVm>(&json).expect("floor"));
        assert_eq!(typed, floor, "JSON decode of payload-{n}");

        // Borrowed strings: only the disk vector, the lists, the set and the map allocate,
        // as for the floor of borrowed strings.
        let typed = calls(|| tfvalue::msgpack::from_slice::<BorrowedVm>(&msgpack).expect("b"));
        let floor = calls(|| rmp_serde::from_slice::<FloorBorrowedVm>(&msgpack).expect("floor b"));
        assert_eq!(typed, floor, "borrowed MessagePack decode of payload-{n}");
        let typed = calls(|| tfvalue::json::from_slice::<BorrowedVm>(&json).expect("b"));
        let floor = calls(|| serde_json::from_slice::<FloorBorrowedVm>(&json).expect("floor b"));
        assert_eq!(typed, floor, "borrowed JSON decode of payload-{n}");

        // Encoding: the output, once (after the first encoding on this thread has grown the
        // kept buffer, for outputs up to 64 KiB), and nothing else: the one `f64`
        // (spot_price) is written from its shortest digits on the stack.
        let vm: Vm = tfvalue::msgpack::from_slice(&msgpack).expect("typed");
        drop(tfvalue::msgpack::to_vec(&vm).expect("warm-up"));
        assert_eq!(calls(|| tfvalue::msgpack::to_vec(&vm).expect("msgpack")), 1);
        drop(tfvalue::json::to_vec(&vm).expect("warm-up"));
        assert_eq!(calls(|| tfvalue::json::to_vec(&vm).expect("json")), 1);
    }
}
