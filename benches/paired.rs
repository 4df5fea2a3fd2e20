//! Paired ratios: tfvalue typed against the floor (the same bytes through rmp-serde /
//! serde_json into a plain serde struct), measured in alternation rather than one after
//! the other.
//!
//! `benches/typed.rs` (criterion) times each row in a window of its own, seconds apart;
//! on a shared machine whose speed drifts by 25 % or more from one window to the next, a
//! ratio of two such medians carries that drift. Here each round times a batch of one
//! side, then a batch of the other (the order swapped every round), and keeps the ratio
//! of the two; the median of many rounds' ratios is what the machine's drift cannot move,
//! since both sides of every ratio ran within milliseconds of each other.
//!
//! Run: `cargo bench -p tfvalue-suite --bench paired` (environment: `PAIRED_ROUNDS`, 301
//! by default; `PAIRED_BATCH_MS`, the time of one batch, 2 by default; `PAIRED_ONLY`, a
//! part of the labels of the rows to run, all by default). It prints, per
//! row, the median ratio with the quartiles of the rounds' ratios, and both sides' median
//! time per operation (`tfvalue_suite::paired`). BENCHMARKS.md quotes it. The peers'
//! package does the same for tf-provider (`PEERS_PAIRED=1`, see `benches-peers/`).
//!
//! With `PAIRED_GO_CTY` set to the go-cty benchmark server (built and passed by
//! `benches-peers/go-cty/run --paired`), it pairs go-cty instead: each round a batch of
//! go-cty's operation, timed in the Go process, and a batch of tfvalue typed's, on the
//! same payload (the target: go-cty / tfvalue typed at least 20 for MessagePack decoding
//! of payload-10000).
//!
//! Then the linearity target (10000 items cost 100x 100 items, ± 20 %), paired the same
//! way: each operation on the large payload against the small one, printed as the time
//! ratio over the bytes ratio (1.0 is linear): the benchmark payloads in both formats,
//! and the scaling payloads of `tfvalue_suite::scaling` (a set of 10,000 objects, a map of
//! 10,000 keys as `BTreeMap` and as `Map`, the same with its keys reversed, and 50 levels
//! of nested blocks against 5).

// The 50-level nested model is a type 50 generics deep (`Level<Level<...>>`).
#![recursion_limit = "512"]

use std::hint::black_box;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

use serde::de::DeserializeOwned;
use serde::Serialize;
use tfvalue_suite::bench_model::{FloorVm, Vm};
use tfvalue_suite::paired::{pair, pair_timed, settings};
use tfvalue_suite::scaling::{
    map_payload, nested_payload, reversed_map_payload, set_payload, Chain5, Chain50, Firewall,
    FloorChain5, FloorChain50, FloorNest, Labels, LabelsMap, Nest,
};

/// What a provider declares (the system allocator with the feature `system-allocator`).
#[global_allocator]
static GLOBAL: tfvalue_suite::BenchAlloc = tfvalue_suite::BENCH_ALLOC;

const SIDES: (&str, &str) = ("tfvalue typed", "floor");

/// A benchmark payload (`tests/data/bench/`).
fn payload(name: &str) -> Vec<u8> {
    tfvalue_suite::data(&format!("bench/{name}"))
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` would pass nothing to run.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    if let Some(server) = std::env::var_os("PAIRED_GO_CTY") {
        go_cty(server.as_ref());
        return;
    }
    let (rounds, batch) = settings();
    println!(
        "paired rounds: {rounds}, batch {batch:?}; ratio = tfvalue typed / floor, median \
         [quartiles]"
    );
    for n in [1, 100, 10000] {
        let mp = payload(&format!("payload-{n}.msgpack"));
        let json = payload(&format!("payload-{n}.json"));
        let typed: Vm = tfvalue::msgpack::from_slice(&mp).expect("typed msgpack");
        let floor: FloorVm = rmp_serde::from_slice(&mp).expect("floor msgpack");
        assert_eq!(
            tfvalue::json::from_slice::<Vm>(&json).expect("typed json"),
            typed
        );
        pair(
            &format!("msgpack decode/{n}"),
            SIDES,
            &mut || {
                drop(black_box(
                    tfvalue::msgpack::from_slice::<Vm>(black_box(&mp)).unwrap(),
                ))
            },
            &mut || {
                drop(black_box(
                    rmp_serde::from_slice::<FloorVm>(black_box(&mp)).unwrap(),
                ))
            },
        );
        pair(
            &format!("msgpack encode/{n}"),
            SIDES,
            &mut || {
                drop(black_box(
                    tfvalue::msgpack::to_vec(black_box(&typed)).unwrap(),
                ))
            },
            &mut || {
                drop(black_box(
                    rmp_serde::to_vec_named(black_box(&floor)).unwrap(),
                ))
            },
        );
        pair(
            &format!("json decode/{n}"),
            SIDES,
            &mut || {
                drop(black_box(
                    tfvalue::json::from_slice::<Vm>(black_box(&json)).unwrap(),
                ))
            },
            &mut || {
                drop(black_box(
                    serde_json::from_slice::<FloorVm>(black_box(&json)).unwrap(),
                ))
            },
        );
        pair(
            &format!("json encode/{n}"),
            SIDES,
            &mut || drop(black_box(tfvalue::json::to_vec(black_box(&typed)).unwrap())),
            &mut || drop(black_box(serde_json::to_vec(black_box(&floor)).unwrap())),
        );
    }
    // Linearity: the same operation on the large payload against the small one, per byte.
    println!(
        "linearity: time per byte of the large payload / of the small one (the time ratio / \
         the bytes ratio)"
    );
    let mp = [
        payload("payload-100.msgpack"),
        payload("payload-10000.msgpack"),
    ];
    let json = [payload("payload-100.json"), payload("payload-10000.json")];
    linear::<Vm>("payload msgpack 10000/100", Format::MessagePack, &mp, true);
    linear::<Vm>("payload json 10000/100", Format::Json, &json, true);
    // serde_json's own per-byte growth on the same bytes, for comparison.
    let r = pair(
        "payload json floor decode",
        SIZES,
        &mut || {
            drop(black_box(
                serde_json::from_slice::<FloorVm>(black_box(&json[1])).unwrap(),
            ))
        },
        &mut || {
            drop(black_box(
                serde_json::from_slice::<FloorVm>(black_box(&json[0])).unwrap(),
            ))
        },
    );
    per_byte(r, &json);
    // The scaling payloads (`tfvalue_suite::scaling`), MessagePack.
    let set = [set_payload(100), set_payload(10000)];
    linear::<Firewall>("set 10000/100", Format::MessagePack, &set, true);
    let map = [map_payload(100), map_payload(10000)];
    linear::<Labels>("map (BTreeMap) 10000/100", Format::MessagePack, &map, true);
    linear::<LabelsMap>("map (Map) 10000/100", Format::MessagePack, &map, true);
    let reversed = [reversed_map_payload(100), reversed_map_payload(10000)];
    linear::<Labels>(
        "reversed map (BTreeMap)",
        Format::MessagePack,
        &reversed,
        false,
    );
    linear::<LabelsMap>("reversed map (Map)", Format::MessagePack, &reversed, false);
    let nested = [nested_payload::<Chain5>(), nested_payload::<Chain50>()];
    linear_pair::<Nest<Chain50>, Nest<Chain5>>("nested 50/5 levels", &nested);
    // The floor on the same bytes: each level of a chain is a type of its own, so the
    // 50-level model runs ten times the code of the 5-level one (instruction-cache misses
    // that a deeper payload of one type would not have); the floor pays the same.
    let r = pair(
        "nested floor decode",
        SIZES,
        &mut || {
            drop(black_box(
                rmp_serde::from_slice::<FloorNest<FloorChain50>>(black_box(&nested[1])).unwrap(),
            ))
        },
        &mut || {
            drop(black_box(
                rmp_serde::from_slice::<FloorNest<FloorChain5>>(black_box(&nested[0])).unwrap(),
            ))
        },
    );
    per_byte(r, &nested);
}

#[derive(Clone, Copy)]
enum Format {
    MessagePack,
    Json,
}

fn decode<T: DeserializeOwned>(format: Format, bytes: &[u8]) -> T {
    match format {
        Format::MessagePack => tfvalue::msgpack::from_slice(bytes).unwrap(),
        Format::Json => tfvalue::json::from_slice(bytes).unwrap(),
    }
}

fn encode<T: Serialize>(format: Format, value: &T) -> Vec<u8> {
    match format {
        Format::MessagePack => tfvalue::msgpack::to_vec(value).unwrap(),
        Format::Json => tfvalue::json::to_vec(value).unwrap(),
    }
}

const SIZES: (&str, &str) = ("large", "small");

/// Prints the per-byte ratio of a paired row: the time ratio over the bytes ratio.
fn per_byte(ratio: f64, bytes: &[Vec<u8>; 2]) {
    if ratio.is_nan() {
        // Not selected (`PAIRED_ONLY`).
        return;
    }
    let bytes_ratio = bytes[1].len() as f64 / bytes[0].len() as f64;
    println!(
        "{:<22} bytes ratio {bytes_ratio:.1}, per byte {:.3}",
        "",
        ratio / bytes_ratio
    );
}

/// Decoding `bytes[1]` against `bytes[0]` into `T`, and (with `encode_too`) encoding the
/// two values, paired (`benches/typed.rs` checks the round trips).
fn linear<T: DeserializeOwned + Serialize>(
    label: &str,
    format: Format,
    bytes: &[Vec<u8>; 2],
    encode_too: bool,
) {
    let values: [T; 2] = [decode(format, &bytes[0]), decode(format, &bytes[1])];
    let r = pair(
        &format!("{label} decode"),
        SIZES,
        &mut || drop(black_box(decode::<T>(format, black_box(&bytes[1])))),
        &mut || drop(black_box(decode::<T>(format, black_box(&bytes[0])))),
    );
    per_byte(r, bytes);
    if encode_too {
        let r = pair(
            &format!("{label} encode"),
            SIZES,
            &mut || drop(black_box(encode(format, black_box(&values[1])))),
            &mut || drop(black_box(encode(format, black_box(&values[0])))),
        );
        per_byte(r, bytes);
    }
}

/// As [`linear`] for two models (the nested payloads: one type per depth), MessagePack.
fn linear_pair<Large, Small>(label: &str, bytes: &[Vec<u8>; 2])
where
    Large: DeserializeOwned + Serialize,
    Small: DeserializeOwned + Serialize,
{
    let large: Large = decode(Format::MessagePack, &bytes[1]);
    let small: Small = decode(Format::MessagePack, &bytes[0]);
    let r = pair(
        &format!("{label} decode"),
        SIZES,
        &mut || {
            drop(black_box(decode::<Large>(
                Format::MessagePack,
                black_box(&bytes[1]),
            )))
        },
        &mut || {
            drop(black_box(decode::<Small>(
                Format::MessagePack,
                black_box(&bytes[0]),
            )))
        },
    );
    per_byte(r, bytes);
    let r = pair(
        &format!("{label} encode"),
        SIZES,
        &mut || drop(black_box(encode(Format::MessagePack, black_box(&large)))),
        &mut || drop(black_box(encode(Format::MessagePack, black_box(&small)))),
    );
    per_byte(r, bytes);
}

/// The go-cty server (`benches-peers/go-cty/paired/`): a request runs a batch of one
/// go-cty operation in the Go process, which answers the batch's time.
struct GoCty {
    child: Child,
    requests: ChildStdin,
    replies: BufReader<ChildStdout>,
}

impl GoCty {
    fn start(server: &Path) -> GoCty {
        let mut child = Command::new(server)
            .arg(tfvalue_suite::data_path("bench"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", server.display()));
        let requests = child.stdin.take().expect("stdin");
        let replies = BufReader::new(child.stdout.take().expect("stdout"));
        GoCty {
            child,
            requests,
            replies,
        }
    }

    /// Runs `op` `iters` times on payload-`n` in the Go process; its time there.
    fn run(&mut self, op: &str, n: usize, iters: u64) -> Duration {
        writeln!(self.requests, "{op} {n} {iters}").expect("request to go-cty");
        self.requests.flush().expect("request to go-cty");
        let mut reply = String::new();
        self.replies
            .read_line(&mut reply)
            .expect("reply from go-cty");
        match reply.trim().parse::<u64>() {
            Ok(ns) => Duration::from_nanos(ns),
            Err(_) => panic!("go-cty {op} {n}: {}", reply.trim()),
        }
    }
}

impl Drop for GoCty {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One of tfvalue's operations, for [`go_cty`]'s table.
type Op<'a> = Box<dyn FnMut() + 'a>;

/// Time of `iters` calls of `f`, for [`pair_timed`].
fn timed(iters: u64, f: &mut dyn FnMut()) -> Duration {
    let start = std::time::Instant::now();
    for _ in 0..iters {
        f();
    }
    start.elapsed()
}

/// go-cty against tfvalue typed, paired: MessagePack decoding of every payload (the
/// target's row is N = 10000), and the other three operations on payload-10000.
fn go_cty(server: &Path) {
    let (rounds, batch) = settings();
    println!(
        "paired rounds: {rounds}, batch {batch:?} (at least one call); ratio = go-cty / \
         tfvalue typed, median [quartiles]"
    );
    let mut go = GoCty::start(server);
    const SIDES: (&str, &str) = ("go-cty", "tfvalue typed");
    for n in [1, 100, 10000] {
        let mp = payload(&format!("payload-{n}.msgpack"));
        pair_timed(
            &format!("msgpack decode/{n}"),
            SIDES,
            &mut |iters| go.run("UnmarshalMsgpack", n, iters),
            &mut |iters| {
                timed(iters, &mut || {
                    drop(black_box(
                        tfvalue::msgpack::from_slice::<Vm>(black_box(&mp)).unwrap(),
                    ))
                })
            },
        );
    }
    let n = 10000;
    let mp = payload("payload-10000.msgpack");
    let json = payload("payload-10000.json");
    let vm: Vm = tfvalue::msgpack::from_slice(&mp).unwrap();
    // The other three operations on payload-10000: (row, go-cty's benchmark, tfvalue's).
    let others: [(&str, &str, Op<'_>); 3] = [
        (
            "msgpack encode/10000",
            "MarshalMsgpack",
            Box::new(|| drop(black_box(tfvalue::msgpack::to_vec(black_box(&vm)).unwrap()))),
        ),
        (
            "json decode/10000",
            "UnmarshalJSON",
            Box::new(|| {
                drop(black_box(
                    tfvalue::json::from_slice::<Vm>(black_box(&json)).unwrap(),
                ))
            }),
        ),
        (
            "json encode/10000",
            "MarshalJSON",
            Box::new(|| drop(black_box(tfvalue::json::to_vec(black_box(&vm)).unwrap()))),
        ),
    ];
    for (label, op, mut ours) in others {
        pair_timed(
            label,
            SIDES,
            &mut |iters| go.run(op, n, iters),
            &mut |iters| timed(iters, &mut ours),
        );
    }
}
