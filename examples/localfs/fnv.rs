//! FNV-1a, 64-bit: the content hash of `localfs` files. Not cryptographic; it only tells
//! whether the bytes on disk are the bytes Terraform wrote.

const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x0000_0100_0000_01b3;

/// An FNV-1a 64 hash being computed, for data read in pieces.
#[derive(Clone, Copy, Debug)]
pub struct Fnv1a64(u64);

impl Fnv1a64 {
    /// The hash of no bytes yet.
    pub fn new() -> Self {
        Fnv1a64(OFFSET_BASIS)
    }

    /// Adds `bytes` to the hashed data.
    pub fn update(&mut self, bytes: &[u8]) {
        self.0 = bytes
            .iter()
            .fold(self.0, |hash, &b| (hash ^ u64::from(b)).wrapping_mul(PRIME));
    }

    /// The hash, as 16 lowercase hex digits.
    pub fn hex(self) -> String {
        format!("{:016x}", self.0)
    }
}

/// The FNV-1a 64 hash of `bytes`, as 16 lowercase hex digits.
pub fn fnv1a64_hex(bytes: &[u8]) -> String {
    let mut hash = Fnv1a64::new();
    hash.update(bytes);
    hash.hex()
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
    fn pieces_hash_as_the_whole() {
        let mut hash = super::Fnv1a64::new();
        hash.update(b"foo");
        hash.update(b"");
        hash.update(b"bar");
        assert_eq!(hash.hex(), fnv1a64_hex(b"foobar"));
    }

    #[test]
    fn every_byte_matters() {
        assert_ne!(fnv1a64_hex(b"hello\n"), fnv1a64_hex(b"hello"));
        assert_eq!(fnv1a64_hex(b"hello\n"), "a9bc80cca21f28b3");
    }
}
