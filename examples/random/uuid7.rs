//! Version 7 UUIDs (`random_uuid7`): the Unix time in milliseconds, then random bits.

use std::time::{SystemTime, UNIX_EPOCH};

/// A version 7 UUID from 16 random bytes: the first 48 bits become the current Unix time
/// in milliseconds, and the version and variant bits are set.
pub fn v7(bytes: [u8; 16]) -> [u8; 16] {
    let millis = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis());
    let mut out = super::uuid4::v4(bytes);
    out[..6].copy_from_slice(&millis.to_be_bytes()[10..]);
    out[6] = (out[6] & 0x0f) | 0x70;
    out
}
