//! The checksums of a file's content that `local_file`, `local_sensitive_file` and both
//! data sources report: MD5 (RFC 1321, written here: no crate in the tree has it), and
//! SHA-1, SHA-256 and SHA-512 from aws-lc-rs (already built for the provider's TLS).
//! Hexadecimal is lowercase, base64 the standard alphabet with padding, as Go's
//! `hex.EncodeToString` and `base64.StdEncoding` write them.

use aws_lc_rs::digest;
use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;

/// A content's checksums, as upstream's `genFileChecksums` gives them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checksums {
    /// MD5, hexadecimal.
    pub md5_hex: String,
    /// SHA-1, hexadecimal (also the objects' `id`).
    pub sha1_hex: String,
    /// SHA-256, hexadecimal.
    pub sha256_hex: String,
    /// SHA-256, base64.
    pub sha256_base64: String,
    /// SHA-512, hexadecimal.
    pub sha512_hex: String,
    /// SHA-512, base64.
    pub sha512_base64: String,
}

impl Checksums {
    /// The checksums of `data`.
    pub fn of(data: &[u8]) -> Checksums {
        let sha256 = digest::digest(&digest::SHA256, data);
        let sha512 = digest::digest(&digest::SHA512, data);
        Checksums {
            md5_hex: hex(&md5(data)),
            sha1_hex: sha1_hex(data),
            sha256_hex: hex(sha256.as_ref()),
            sha256_base64: STANDARD.encode(sha256.as_ref()),
            sha512_hex: hex(sha512.as_ref()),
            sha512_base64: STANDARD.encode(sha512.as_ref()),
        }
    }
}

/// The SHA-1 of `data` in hexadecimal: the `id` of a file object.
pub fn sha1_hex(data: &[u8]) -> String {
    hex(digest::digest(&digest::SHA1_FOR_LEGACY_USE_ONLY, data).as_ref())
}

/// Lowercase hexadecimal digits of `bytes`.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The per-round shift amounts of MD5 (RFC 1321, section 3.4).
const SHIFTS: [u32; 16] = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];

/// The MD5 digest of `data` (RFC 1321).
pub fn md5(data: &[u8]) -> [u8; 16] {
    // K[i] = floor(2^32 * |sin(i + 1)|), the table of RFC 1321; f64's sine is exact enough
    // for all 64 (the test checks the RFC's vectors).
    let k: Vec<u32> = (0..64)
        .map(|i: u32| ((f64::from(i) + 1.0).sin().abs() * 4_294_967_296.0) as u32)
        .collect();
    let mut state: [u32; 4] = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476];
    let mut message = data.to_vec();
    let bit_length = (data.len() as u64).wrapping_mul(8);
    message.push(0x80);
    while message.len() % 64 != 56 {
        message.push(0);
    }
    message.extend_from_slice(&bit_length.to_le_bytes());
    for block in message.chunks_exact(64) {
        let mut m = [0u32; 16];
        for (word, bytes) in m.iter_mut().zip(block.chunks_exact(4)) {
            *word = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        }
        let [mut a, mut b, mut c, mut d] = state;
        for i in 0..64 {
            let (f, g) = match i / 16 {
                0 => ((b & c) | (!b & d), i),
                1 => ((d & b) | (!d & c), (5 * i + 1) % 16),
                2 => (b ^ c ^ d, (3 * i + 5) % 16),
                _ => (c ^ (b | !d), (7 * i) % 16),
            };
            let rotated = a
                .wrapping_add(f)
                .wrapping_add(k[i])
                .wrapping_add(m[g])
                .rotate_left(SHIFTS[(i / 16) * 4 + i % 4]);
            a = d;
            d = c;
            c = b;
            b = b.wrapping_add(rotated);
        }
        for (s, v) in state.iter_mut().zip([a, b, c, d]) {
            *s = s.wrapping_add(v);
        }
    }
    let mut out = [0u8; 16];
    for (chunk, word) in out.chunks_exact_mut(4).zip(state) {
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn md5_gives_the_rfc_1321_vectors() {
        for (input, digest) in [
            ("", "d41d8cd98f00b204e9800998ecf8427e"),
            ("a", "0cc175b9c0f1b6a831c399e269772661"),
            ("abc", "900150983cd24fb0d6963f7d28e17f72"),
            ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
            (
                "12345678901234567890123456789012345678901234567890123456789012345678901234567890",
                "57edf4a22be3c955ac49da2e2107b67a",
            ),
        ] {
            assert_eq!(hex(&md5(input.as_bytes())), digest, "md5({input:?})");
        }
    }

    #[test]
    fn checksums_of_upstream_test_content() {
        // "This is some content", the content of upstream's data source test.
        // The digests are those of coreutils' md5sum and sha1sum.
        let sums = Checksums::of(b"This is some content");
        assert_eq!(sums.md5_hex, "ee428920507e39e8d89c2cabe6641b67");
        assert_eq!(sums.sha1_hex, "f3705a38abd5d2bd1f4fecda606d216216c536b1");
        assert_eq!(sums.sha256_hex.len(), 64);
        assert_eq!(sums.sha512_hex.len(), 128);
        assert!(sums.sha256_base64.ends_with('='));
        let empty = Checksums::of(b"");
        assert_eq!(empty.sha1_hex, "da39a3ee5e6b4b0d3255bfef95601890afd80709");
        assert_eq!(
            empty.sha256_hex,
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_eq!(
            empty.sha256_base64,
            "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="
        );
    }
}
