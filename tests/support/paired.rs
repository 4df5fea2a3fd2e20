//! Paired timing: two operations measured in alternation, so that a ratio of their times
//! does not carry the drift of a shared machine's speed (`benches/paired.rs`,
//! `benches-peers/`; BENCHMARKS.md).

use std::time::{Duration, Instant};

/// Rounds and batch time from the environment: `PAIRED_ROUNDS` (301 by default) and
/// `PAIRED_BATCH_MS` (2 by default).
pub fn settings() -> (usize, Duration) {
    (
        env_or("PAIRED_ROUNDS", 301) as usize,
        Duration::from_millis(env_or("PAIRED_BATCH_MS", 2)),
    )
}

/// Whether the pair `label` runs: every pair, or with `PAIRED_ONLY` set, those whose label
/// contains it (`PAIRED_ONLY="json decode"`).
pub fn selected(label: &str) -> bool {
    std::env::var("PAIRED_ONLY").map_or(true, |only| label.contains(&only))
}

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Time of `iters` calls of `f`.
fn time(iters: u64, f: &mut dyn FnMut()) -> Duration {
    let start = Instant::now();
    for _ in 0..iters {
        f();
    }
    start.elapsed()
}

/// Calls that take about `target`, for `run`, which makes a given number of calls and
/// returns their time.
fn calibrate(target: Duration, run: &mut dyn FnMut(u64) -> Duration) -> u64 {
    let mut iters = 1u64;
    loop {
        let t = run(iters);
        if t >= target / 4 || iters >= 1 << 30 {
            let per = t.as_secs_f64() / iters as f64;
            return ((target.as_secs_f64() / per.max(1e-12)) as u64).max(1);
        }
        iters *= 2;
    }
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn quartiles(v: &mut [f64]) -> (f64, f64) {
    v.sort_by(f64::total_cmp);
    (v[v.len() / 4], v[3 * v.len() / 4])
}

/// Runs [`settings`]' rounds of one batch of `a` and one of `b` (in alternating order)
/// and prints the median ratio a / b with its quartiles and both sides' median time per
/// operation; `names` are the two sides' names. Returns the median ratio.
pub fn pair(label: &str, names: (&str, &str), a: &mut dyn FnMut(), b: &mut dyn FnMut()) -> f64 {
    pair_timed(label, names, &mut |iters| time(iters, a), &mut |iters| {
        time(iters, b)
    })
}

/// As [`pair`], for sides that time themselves: `a(iters)` makes `iters` calls and returns
/// their time (another process's operation, timed there: see `benches/paired.rs`, go-cty).
pub fn pair_timed(
    label: &str,
    names: (&str, &str),
    a: &mut dyn FnMut(u64) -> Duration,
    b: &mut dyn FnMut(u64) -> Duration,
) -> f64 {
    if !selected(label) {
        return f64::NAN;
    }
    let (rounds, batch) = settings();
    // Warm up both, then size the batches.
    a(3);
    b(3);
    let (na, nb) = (calibrate(batch, a), calibrate(batch, b));
    let mut ratios = Vec::with_capacity(rounds);
    let mut ta = Vec::with_capacity(rounds);
    let mut tb = Vec::with_capacity(rounds);
    for round in 0..rounds.max(1) {
        let (da, db) = if round % 2 == 0 {
            let da = a(na);
            (da, b(nb))
        } else {
            let db = b(nb);
            (a(na), db)
        };
        let pa = da.as_secs_f64() / na as f64;
        let pb = db.as_secs_f64() / nb as f64;
        ratios.push(pa / pb);
        ta.push(pa * 1e6);
        tb.push(pb * 1e6);
    }
    let (q1, q3) = quartiles(&mut ratios);
    let ratio = median(&mut ratios);
    let (a_name, b_name) = names;
    println!(
        "{label:<22} {a_name} / {b_name} {ratio:.3} [{q1:.3}-{q3:.3}]   {a_name} {:.3} us, \
         {b_name} {:.3} us",
        median(&mut ta),
        median(&mut tb),
    );
    ratio
}
