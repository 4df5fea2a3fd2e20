//! Replays the fuzz targets' inputs as ordinary tests, with no fuzzer: the seeds built from
//! the test vectors, the accumulated corpus (`fuzz/corpus/<target>.hex`) and every input that
//! once crashed a target (`fuzz/regressions/<target>/`). The bodies are shared with the
//! fuzzer (`tests/support/fuzzing.rs`), so a fixed crash stays fixed.

use std::collections::BTreeMap;
use std::path::Path;

use tfvalue_suite::fuzzing::{seeds, TARGETS};

fn target(name: &str) -> fn(&[u8]) {
    TARGETS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, f)| *f)
        .unwrap_or_else(|| panic!("no fuzz target {name}"))
}

/// FNV-1a, 64 bits: a stable file name for a seed.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// With `TFVALUE_FUZZ_SEED_DIR` set, the seeds are also written there, one directory per
/// target, to start a fuzzing campaign (see fuzz/README.md).
#[test]
fn seeds_cover_every_target_and_pass() {
    let seed_dir = std::env::var_os("TFVALUE_FUZZ_SEED_DIR").map(std::path::PathBuf::from);
    let mut per_target: BTreeMap<&str, usize> = BTreeMap::new();
    for (name, input) in seeds() {
        target(name)(&input);
        *per_target.entry(name).or_default() += 1;
        if let Some(dir) = &seed_dir {
            let dir = dir.join(name);
            std::fs::create_dir_all(&dir).expect("the seed directory can be created");
            std::fs::write(dir.join(format!("{:016x}", fnv1a(&input))), &input)
                .expect("a seed can be written");
        }
    }
    for (name, _) in TARGETS {
        assert!(
            per_target.get(name).copied().unwrap_or(0) > 0,
            "no seed for {name}"
        );
    }
}

fn replay_dir(kind: &str) -> usize {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz")
        .join(kind);
    let mut count = 0;
    for (name, run) in TARGETS {
        let dir = root.join(name);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            let path = entry.expect("a readable directory").path();
            let input = std::fs::read(&path).expect("a readable input");
            let result = std::panic::catch_unwind(|| run(&input));
            assert!(result.is_ok(), "{name}: {} fails", path.display());
            count += 1;
        }
    }
    count
}

#[test]
fn regressions_stay_fixed() {
    // Every input that once crashed a target, kept with a note in fuzz/regressions/README.md.
    let replayed = replay_dir("regressions");
    let readme = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions/README.md"),
    )
    .expect("fuzz/regressions/README.md");
    let noted = readme.lines().filter(|l| l.starts_with("- `")).count();
    assert_eq!(
        replayed, noted,
        "every regression input is replayed and has its line in the README"
    );
}

/// The inputs of one target's corpus file (`fuzz/corpus/<target>.hex`, written by
/// `fuzz/corpus.py`): one input per line in lowercase hex, the lines sorted and unique, so
/// that a diff shows the inputs a campaign added or dropped.
fn corpus_of(name: &str) -> Vec<Vec<u8>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(format!("{name}.hex"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (every target keeps a corpus)", path.display()));
    let mut previous: Option<&str> = None;
    let mut inputs = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let at = format!("{}:{}", path.display(), i + 1);
        assert!(
            line.len() % 2 == 0 && line.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')),
            "{at}: not an input in lowercase hex"
        );
        if let Some(previous) = previous {
            assert!(previous < line, "{at}: the lines are not sorted and unique");
        }
        previous = Some(line);
        let input = (0..line.len())
            .step_by(2)
            .map(|j| u8::from_str_radix(&line[j..j + 2], 16).expect("checked hex"))
            .collect();
        inputs.push(input);
    }
    inputs
}

#[test]
fn corpus_replays() {
    for (name, run) in TARGETS {
        let inputs = corpus_of(name);
        assert!(
            !inputs.is_empty(),
            "fuzz/corpus/{name}.hex is empty: the minimised corpus should be committed"
        );
        for (i, input) in inputs.iter().enumerate() {
            let result = std::panic::catch_unwind(|| run(input));
            assert!(result.is_ok(), "{name}: line {} of its corpus fails", i + 1);
        }
    }
}

/// The `rpc` target's selector indexes its table of RPCs, which must be protocol 6.11's in
/// the order of the `Provider` service (so that an input keeps its meaning), and its seeds
/// hold a request for each.
#[cfg(feature = "provider")]
#[test]
fn rpc_seeds_cover_every_rpc_of_the_protocol() {
    use tfvalue_suite::rpc_fuzzing::{seeds::seeds, RPCS};
    let proto = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tfvalue-provider/proto/tfplugin6.proto"),
    )
    .expect("tfvalue-provider/proto/tfplugin6.proto");
    let service = proto
        .split_once("service Provider {")
        .and_then(|(_, rest)| rest.split_once("\n}"))
        .map(|(body, _)| body)
        .expect("the proto defines the Provider service");
    let served: Vec<&str> = service
        .lines()
        .filter_map(|l| l.trim().strip_prefix("rpc "))
        .filter_map(|l| l.split('(').next())
        .collect();
    assert_eq!(RPCS.as_slice(), served.as_slice());
    let seeded: std::collections::BTreeSet<usize> = seeds()
        .iter()
        .map(|input| usize::from(input[0] & 0x3f))
        .collect();
    let missing: Vec<&str> = (0..RPCS.len())
        .filter(|i| !seeded.contains(i))
        .map(|i| RPCS[i])
        .collect();
    assert!(missing.is_empty(), "no rpc seed for {missing:?}");
}
