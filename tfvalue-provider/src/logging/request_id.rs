//! Request ids (`tf_req_id`): a fresh random id per RPC, written as a version 4 UUID as
//! Go providers write theirs, so that the lines of one call can be picked out of a log.
//!
//! The id only has to tell the calls of one run apart; it is no secret. Its 128 bits come
//! from the standard library's `RandomState` (hash keys seeded randomly per thread, a
//! different pair for every instance), applied to a process-wide counter, the process id
//! and the clock: no random number crate is needed for it.

use std::hash::{BuildHasher, RandomState};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// A new request id, `xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx`.
pub(crate) fn new_request_id() -> String {
    static CALLS: AtomicU64 = AtomicU64::new(0);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_nanos());
    let seed = (call, nanos, std::process::id());
    let high = RandomState::new().hash_one(seed);
    let low = RandomState::new().hash_one(seed);
    format_uuid_v4(high, low)
}

/// `high` and `low` as a UUID with the version (4, random) and variant (RFC 4122) bits
/// set: the 6 bits they take are dropped from the 128 given.
fn format_uuid_v4(high: u64, low: u64) -> String {
    let high = (high & !0xf000) | 0x4000;
    let low = (low & !(0b11 << 62)) | (0b10 << 62);
    format!(
        "{:08x}-{:04x}-{:04x}-{:04x}-{:012x}",
        high >> 32,
        (high >> 16) & 0xffff,
        high & 0xffff,
        low >> 48,
        low & 0xffff_ffff_ffff
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_and_variant_bits_are_set() {
        assert_eq!(format_uuid_v4(0, 0), "00000000-0000-4000-8000-000000000000");
        assert_eq!(
            format_uuid_v4(u64::MAX, u64::MAX),
            "ffffffff-ffff-4fff-bfff-ffffffffffff"
        );
        assert_eq!(
            format_uuid_v4(0x0123_4567_89ab_cdef, 0xfedc_ba98_7654_3210),
            "01234567-89ab-4def-bedc-ba9876543210"
        );
    }

    #[test]
    fn ids_are_fresh_and_well_formed() {
        let ids: std::collections::BTreeSet<String> = (0..1000).map(|_| new_request_id()).collect();
        assert_eq!(ids.len(), 1000);
        for id in &ids {
            let groups: Vec<&str> = id.split('-').collect();
            let lengths: Vec<usize> = groups.iter().map(|g| g.len()).collect();
            assert_eq!(lengths, [8, 4, 4, 4, 12], "{id}");
            assert!(
                id.bytes().all(|b| b == b'-' || b.is_ascii_hexdigit()),
                "{id}"
            );
            assert!(groups[2].starts_with('4'), "{id}");
            assert!(matches!(&groups[3][..1], "8" | "9" | "a" | "b"), "{id}");
        }
    }
}
