//! Writing refinements: the payload of a refined unknown (the body of msgpack extension
//! 12, a map with integer keys) and the whole extension, as go-cty 1.16 writes them.

use super::{
    Inner, Refinements, KEY_LENGTH_LOWER, KEY_LENGTH_UPPER, KEY_NULLNESS, KEY_NUMBER_LOWER,
    KEY_NUMBER_UPPER, KEY_PREFIX, PLAIN_UNKNOWN, REFINED_EXT_TYPE,
};
use crate::limits::{MAX_REFINEMENT_PAYLOAD, MAX_WRITTEN_PINNED_LENGTH};

/// The refinement payload of an unknown as serde sees it: bytes (none without refinements),
/// written only for tfvalue's own serializers (`tokens::write_unknown_payload`). Both
/// `Unknown<T>` and an unknown `Value` serialize their unknowns through it.
pub(crate) struct Payload<'a>(pub(crate) &'a Refinements);

impl serde::Serialize for Payload<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.0.is_empty() {
            return crate::tokens::write_unknown_payload(&[], serializer);
        }
        let mut payload = Vec::with_capacity(16);
        self.0.encode_payload(&mut payload);
        crate::tokens::write_unknown_payload(&payload, serializer)
    }
}

impl Refinements {
    /// Appends the payload of a refined unknown (the body of msgpack extension 12): a map
    /// with integer keys in ascending order. Writes nothing at all when there are no
    /// refinements (the empty payload means "no refinements" to
    /// [`Refinements::decode_payload`]).
    ///
    /// A string prefix longer than
    /// [`MAX_REFINEMENT_PREFIX`](crate::limits::MAX_REFINEMENT_PREFIX) bytes is cut as
    /// go-cty 1.16 cuts it: to its first 255 bytes, and then without its last grapheme
    /// cluster, which the cut may have split (a shorter prefix is still a true refinement).
    ///
    /// Numbers are written as go-cty writes number values (an integer, a float64, or else
    /// the decimal digits as a string, never with an exponent). A number bound of more than
    /// 150 significant digits is first rounded outward to 150 (a lower bound down, an upper
    /// bound up): go-cty reads numbers at 512 bits (about 154 digits), and two bounds
    /// its rounding made equal (`x >= 1.000…01` and `x < 1.000…02` both at 1) would make it
    /// panic; a wider range is still true of the value. A number bound so long that
    /// the payload would exceed [`MAX_REFINEMENT_PAYLOAD`] (which Terraform refuses) is left
    /// out: an unknown with fewer refinements is still true, and Terraform accepts it.
    /// [`Refinements::decode_payload`] refuses such bounds, so whatever it accepts is written
    /// back whole.
    ///
    /// Length bounds that pin a not-null collection to more than
    /// [`MAX_WRITTEN_PINNED_LENGTH`] elements ([`Refinements::pinned_length`]) are left out
    /// too: go-cty would build a list of that many unknown elements.
    pub fn encode_payload(&self, out: &mut Vec<u8>) {
        if let Some(inner) = self.0.as_deref() {
            write_payload(inner, out, MAX_REFINEMENT_PAYLOAD);
        }
    }

    /// Appends the whole msgpack encoding of an unknown value with these refinements, as
    /// go-cty writes it: without refinements exactly `d4 00 00` (extension type 0); otherwise
    /// extension type 12 around [`Refinements::encode_payload`], with the header msgpack
    /// encoders choose (fixext 1/2/4/8/16 for those exact lengths, else ext 8/16/32).
    ///
    /// go-cty never writes refinements for a value of type `dynamic`: pass the refinements
    /// through [`Refinements::for_type`] first when the type is known.
    pub fn write_unknown(&self, out: &mut Vec<u8>) {
        if self.nullness() == Some(true) {
            // Only a decoded payload says "definitely null": that value is a known null.
            out.push(0xc0);
            return;
        }
        if self.is_empty() {
            out.extend_from_slice(&PLAIN_UNKNOWN);
            return;
        }
        let start = out.len();
        self.encode_payload(out);
        let len = out.len() - start;
        if len == 0 {
            // Every refinement was left out (see encode_payload).
            out.extend_from_slice(&PLAIN_UNKNOWN);
            return;
        }
        let mut header = [0u8; 6];
        let header_len = ext_header(&mut header, len);
        let header = header.get(..header_len).unwrap_or_default();
        out.splice(start..start, header.iter().copied());
    }
}

/// Writes the payload map of non-empty refinements, leaving out a number bound that would
/// make it longer than `limit` bytes; writes nothing when every entry is left out.
pub(super) fn write_payload(inner: &Inner, out: &mut Vec<u8>, limit: usize) {
    let start = out.len();
    // At most 6 entries: always a fixmap, its count patched at the end.
    out.push(0x80);
    let mut entries = 0u8;
    if let Some(is_null) = inner.nullness {
        out.push(KEY_NULLNESS as u8);
        out.push(if is_null { 0xc3 } else { 0xc2 });
        entries += 1;
    }
    if !inner.prefix.is_empty() {
        out.push(KEY_PREFIX as u8);
        write_str(out, crate::text::cut_prefix(&inner.prefix));
        entries += 1;
    }
    let lengths = match inner.pinned_length() {
        // go-cty would build a list of that many unknown elements.
        Some(n) if n > MAX_WRITTEN_PINNED_LENGTH => {
            [(KEY_LENGTH_LOWER, None), (KEY_LENGTH_UPPER, None)]
        }
        _ => [
            (KEY_LENGTH_LOWER, inner.length_lower),
            (KEY_LENGTH_UPPER, inner.length_upper),
        ],
    };
    // The length entries come last: a key byte and an unsigned integer each.
    let tail: usize = lengths
        .iter()
        .filter_map(|&(_, n)| n)
        .map(|n| 1 + uint_len(n))
        .sum();
    for (key, bound) in [
        (KEY_NUMBER_LOWER, &inner.number_lower),
        (KEY_NUMBER_UPPER, &inner.number_upper),
    ] {
        if let Some((number, inclusive)) = bound {
            let at = out.len();
            out.push(key as u8);
            out.push(0x92);
            number.outward(key == KEY_NUMBER_LOWER).write_msgpack(out);
            out.push(if *inclusive { 0xc3 } else { 0xc2 });
            if out.len() - start + tail > limit {
                out.truncate(at);
            } else {
                entries += 1;
            }
        }
    }
    for (key, bound) in lengths {
        if let Some(n) = bound {
            out.push(key as u8);
            write_uint(out, n);
            entries += 1;
        }
    }
    match out.get_mut(start) {
        Some(header) if entries > 0 => *header = 0x80 | entries,
        _ => out.truncate(start),
    }
}

/// Writes a msgpack string header (smallest form) and the bytes.
fn write_str(out: &mut Vec<u8>, s: &str) {
    let len = s.len();
    if len < 32 {
        out.push(0xa0 | len as u8);
    } else if let Ok(n) = u8::try_from(len) {
        out.extend_from_slice(&[0xd9, n]);
    } else if let Ok(n) = u16::try_from(len) {
        out.push(0xda);
        out.extend_from_slice(&n.to_be_bytes());
    } else {
        out.push(0xdb);
        out.extend_from_slice(&u32::try_from(len).unwrap_or(u32::MAX).to_be_bytes());
    }
    out.extend_from_slice(s.as_bytes());
}

/// Writes a non-negative integer in its smallest msgpack form (unsigned codes).
pub(super) fn write_uint(out: &mut Vec<u8>, n: u64) {
    if n < 0x80 {
        out.push(n as u8);
    } else if let Ok(n) = u8::try_from(n) {
        out.extend_from_slice(&[0xcc, n]);
    } else if let Ok(n) = u16::try_from(n) {
        out.push(0xcd);
        out.extend_from_slice(&n.to_be_bytes());
    } else if let Ok(n) = u32::try_from(n) {
        out.push(0xce);
        out.extend_from_slice(&n.to_be_bytes());
    } else {
        out.push(0xcf);
        out.extend_from_slice(&n.to_be_bytes());
    }
}

/// The number of bytes [`write_uint`] writes for `n`.
pub(super) fn uint_len(n: u64) -> usize {
    match n {
        0..=0x7f => 1,
        0x80..=0xff => 2,
        0x100..=0xffff => 3,
        0x1_0000..=0xffff_ffff => 5,
        _ => 9,
    }
}

/// Fills `buf` with the header of an extension 12 of `len` body bytes; returns its length.
pub(super) fn ext_header(buf: &mut [u8; 6], len: usize) -> usize {
    let fixed = match len {
        1 => Some(0xd4),
        2 => Some(0xd5),
        4 => Some(0xd6),
        8 => Some(0xd7),
        16 => Some(0xd8),
        _ => None,
    };
    if let Some(marker) = fixed {
        buf[0] = marker;
        buf[1] = REFINED_EXT_TYPE;
        2
    } else if let Ok(n) = u8::try_from(len) {
        *buf = [0xc7, n, REFINED_EXT_TYPE, 0, 0, 0];
        3
    } else if let Ok(n) = u16::try_from(len) {
        let [a, b] = n.to_be_bytes();
        *buf = [0xc8, a, b, REFINED_EXT_TYPE, 0, 0];
        4
    } else {
        // Payloads are a few KiB at most (prefix and numbers are bounded).
        let [a, b, c, d] = u32::try_from(len).unwrap_or(u32::MAX).to_be_bytes();
        *buf = [0xc9, a, b, c, d, REFINED_EXT_TYPE];
        6
    }
}
