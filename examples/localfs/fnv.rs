//! FNV-1a, 64-bit: the content hash of `localfs` files. Not cryptographic; it only tells
//! whether the bytes on disk are the bytes Terraform wrote.

const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x0000_0100_0000_01b3;

/// The FNV-1a 64 hash of `bytes`, as 16 lowercase hex digits.
pub fn fnv1a64_hex(bytes: &[u8]) -> String {
    let hash = bytes.iter().fold(OFFSET_BASIS, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(PRIME)
    });
    format!("{hash:016x}")
}

#[cfg(test)]
mod tests {
    use super::fnv1a64_hex;

    #[test]
    fn published_vectors() {
        // The reference vectors of the FNV specification (draft-eastlake-fnv).
        assert_eq!(fnv1a64_hex(b""), "cbf29ce484222325");
        assert_eq!(fnv1a64_hex(b"a"), "af63dc4c8601ec8c");
        assert_eq!(fnv1a64_hex(b"foobar"), "85944171f73967e8");
    }

    #[test]
    fn every_byte_matters() {
        assert_ne!(fnv1a64_hex(b"hello\n"), fnv1a64_hex(b"hello"));
        assert_eq!(fnv1a64_hex(b"hello\n"), "a9bc80cca21f28b3");
    }
}
