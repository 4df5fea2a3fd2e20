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
//! by default; `PAIRED_BATCH_MS`, the time of one batch, 2 by default). It prints, per
//! row, the median ratio with the quartiles of the rounds' ratios, and both sides' median
//! time per operation (`tfvalue_suite::paired`). BENCHMARKS.md quotes it. The peers'
//! package does the same for tf-provider (`PEERS_PAIRED=1`, see `benches-peers/`).

use std::hint::black_box;

use tfvalue_suite::bench_model::{FloorVm, Vm};
use tfvalue_suite::paired::{pair, settings};

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
    // Linearity: the same operation on payload-10000 against payload-100, per byte.
    println!(
        "linearity: time per byte at N = 10000 / at N = 100 (the ratio above / the bytes ratio)"
    );
    let mp = [
        payload("payload-100.msgpack"),
        payload("payload-10000.msgpack"),
    ];
    let json = [payload("payload-100.json"), payload("payload-10000.json")];
    let vms: Vec<Vm> = mp
        .iter()
        .map(|b| tfvalue::msgpack::from_slice(b).unwrap())
        .collect();
    let per_byte =
        |ratio: f64, bytes: &[Vec<u8>; 2]| ratio / (bytes[1].len() as f64 / bytes[0].len() as f64);
    const SIZES: (&str, &str) = ("N=10000", "N=100");
    let r = pair(
        "msgpack decode 10000/100",
        SIZES,
        &mut || {
            drop(black_box(
                tfvalue::msgpack::from_slice::<Vm>(black_box(&mp[1])).unwrap(),
            ))
        },
        &mut || {
            drop(black_box(
                tfvalue::msgpack::from_slice::<Vm>(black_box(&mp[0])).unwrap(),
            ))
        },
    );
    println!("{:<22} per byte {:.3}", "", per_byte(r, &mp));
    let r = pair(
        "msgpack encode 10000/100",
        SIZES,
        &mut || {
            drop(black_box(
                tfvalue::msgpack::to_vec(black_box(&vms[1])).unwrap(),
            ))
        },
        &mut || {
            drop(black_box(
                tfvalue::msgpack::to_vec(black_box(&vms[0])).unwrap(),
            ))
        },
    );
    println!("{:<22} per byte {:.3}", "", per_byte(r, &mp));
    let r = pair(
        "json decode 10000/100",
        SIZES,
        &mut || {
            drop(black_box(
                tfvalue::json::from_slice::<Vm>(black_box(&json[1])).unwrap(),
            ))
        },
        &mut || {
            drop(black_box(
                tfvalue::json::from_slice::<Vm>(black_box(&json[0])).unwrap(),
            ))
        },
    );
    println!("{:<22} per byte {:.3}", "", per_byte(r, &json));
    let r = pair(
        "json encode 10000/100",
        SIZES,
        &mut || {
            drop(black_box(
                tfvalue::json::to_vec(black_box(&vms[1])).unwrap(),
            ))
        },
        &mut || {
            drop(black_box(
                tfvalue::json::to_vec(black_box(&vms[0])).unwrap(),
            ))
        },
    );
    println!("{:<22} per byte {:.3}", "", per_byte(r, &json));
}
