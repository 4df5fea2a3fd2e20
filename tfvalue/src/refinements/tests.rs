use super::*;
use std::sync::Arc;

use super::encode::{ext_header, uint_len, write_uint};
use crate::limits::MAX_REFINEMENT_PAYLOAD;

fn unknown_bytes(r: &Refinements) -> Vec<u8> {
    let mut out = Vec::new();
    r.write_unknown(&mut out);
    out
}

fn payload(r: &Refinements) -> Vec<u8> {
    let mut out = Vec::new();
    r.encode_payload(&mut out);
    out
}

fn n(i: i64) -> Number {
    Number::from(i)
}

/// Decodes, expecting a Refinement error, and returns its message.
fn decode_err(payload: &[u8]) -> String {
    let e = Refinements::decode_payload(payload).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Refinement, "{e}");
    e.to_string()
}

const PREFIX: &str = "malformed refinements of an unknown value: ";

#[test]
fn pointer_sized_and_empty_by_default() {
    assert_eq!(
        std::mem::size_of::<Refinements>(),
        std::mem::size_of::<usize>()
    );
    assert!(Refinements::new().is_empty());
    assert!(Refinements::default().is_empty());
    assert_eq!(Refinements::new(), Refinements::default());
}

#[test]
fn no_refinements_is_plain_unknown() {
    assert_eq!(unknown_bytes(&Refinements::new()), [0xd4, 0x00, 0x00]);
    assert_eq!(payload(&Refinements::new()), [] as [u8; 0]);
    // Appends, does not overwrite.
    let mut out = vec![0x92];
    Refinements::new().write_unknown(&mut out);
    assert_eq!(out, [0x92, 0xd4, 0x00, 0x00]);
}

#[test]
fn terraform_1_11_4_examples() {
    // "prefix-${probe_thing.a.id}"
    let r = Refinements::new().not_null().with_string_prefix("prefix-");
    let wire = [
        0xc7, 0x0c, 0x0c, 0x82, 0x01, 0xc2, 0x02, 0xa7, 0x70, 0x72, 0x65, 0x66, 0x69, 0x78, 0x2d,
    ];
    assert_eq!(unknown_bytes(&r), wire);
    assert_eq!(Refinements::decode_payload(&wire[3..]).unwrap(), r);

    // length(unknown)
    let r = Refinements::new()
        .not_null()
        .with_number_lower_bound(n(0), true)
        .unwrap();
    let wire = [0xc7, 0x07, 0x0c, 0x82, 0x01, 0xc2, 0x03, 0x92, 0x00, 0xc3];
    assert_eq!(unknown_bytes(&r), wire);
    assert_eq!(Refinements::decode_payload(&wire[3..]).unwrap(), r);
}

#[test]
fn ext_headers() {
    // 4-byte payload: fixext4.
    let r = Refinements::new().with_string_prefix("a");
    assert_eq!(payload(&r), [0x81, 0x02, 0xa1, 0x61]);
    assert_eq!(unknown_bytes(&r), [0xd6, 0x0c, 0x81, 0x02, 0xa1, 0x61]);
    // 8 bytes: fixext8.
    let r = Refinements::new().with_string_prefix("abcde");
    assert_eq!(unknown_bytes(&r)[..2], [0xd7, 0x0c]);
    assert_eq!(unknown_bytes(&r).len(), 10);
    // 16 bytes: fixext16.
    let r = Refinements::new().with_string_prefix("abcdefghijklm");
    assert_eq!(unknown_bytes(&r)[..2], [0xd8, 0x0c]);
    assert_eq!(unknown_bytes(&r).len(), 18);
    // 3 and 5 bytes: ext8.
    let r = Refinements::new().not_null();
    assert_eq!(unknown_bytes(&r), [0xc7, 0x03, 0x0c, 0x81, 0x01, 0xc2]);
    let r = Refinements::new()
        .with_number_upper_bound(n(100), false)
        .unwrap();
    assert_eq!(
        unknown_bytes(&r),
        [0xc7, 0x05, 0x0c, 0x81, 0x04, 0x92, 0x64, 0xc2]
    );
    // 261 bytes: ext16.
    let r = Refinements::new().with_string_prefix("x".repeat(256));
    let wire = unknown_bytes(&r);
    assert_eq!(
        wire[..9],
        [0xc8, 0x01, 0x05, 0x0c, 0x81, 0x02, 0xda, 0x01, 0x00]
    );
    assert_eq!(wire.len(), 4 + 261);
}

#[test]
fn ext32_header() {
    let mut buf = [0u8; 6];
    assert_eq!(ext_header(&mut buf, 70_000), 6);
    assert_eq!(buf, [0xc9, 0x00, 0x01, 0x11, 0x70, 0x0c]);
    assert_eq!(ext_header(&mut buf, 2), 2);
    assert_eq!(buf[..2], [0xd5, 0x0c]);
    assert_eq!(ext_header(&mut buf, 1), 2);
    assert_eq!(buf[..2], [0xd4, 0x0c]);
}

#[test]
fn all_keys_in_ascending_order() {
    let r = Refinements::new()
        .with_length_upper_bound(300)
        .unwrap()
        .with_length_lower_bound(1)
        .unwrap()
        .not_null();
    assert_eq!(
        payload(&r),
        [0x83, 0x01, 0xc2, 0x05, 0x01, 0x06, 0xcd, 0x01, 0x2c]
    );
    let r = Refinements::new()
        .with_number_upper_bound(n(-5), true)
        .unwrap()
        .with_number_lower_bound(n(-300), false)
        .unwrap()
        .update(|i| i.nullness = Some(true));
    assert_eq!(
        payload(&r),
        [0x83, 0x01, 0xc3, 0x03, 0x92, 0xd1, 0xfe, 0xd4, 0xc2, 0x04, 0x92, 0xfb, 0xc3]
    );
    assert_eq!(Refinements::decode_payload(&payload(&r)).unwrap(), r);
}

#[test]
fn length_bounds_use_smallest_unsigned_form() {
    for (len, bytes) in [
        (127u64, vec![0x7f]),
        (128, vec![0xcc, 0x80]),
        (65_536, vec![0xce, 0x00, 0x01, 0x00, 0x00]),
        (1 << 32, vec![0xcf, 0, 0, 0, 1, 0, 0, 0, 0]),
    ] {
        let r = Refinements::new().with_length_upper_bound(len).unwrap();
        let mut expected = vec![0x81, 0x06];
        expected.extend(bytes);
        assert_eq!(payload(&r), expected, "{len}");
        assert_eq!(Refinements::decode_payload(&expected).unwrap(), r);
    }
}

#[test]
fn decimal_and_float_bounds() {
    let r = Refinements::new()
        .with_number_lower_bound(Number::parse("0.1").unwrap(), false)
        .unwrap()
        .with_number_upper_bound(
            Number::parse("123456789012345678901234567890").unwrap(),
            true,
        )
        .unwrap();
    let mut expected = vec![
        0x82, 0x03, 0x92, 0xa3, b'0', b'.', b'1', 0xc2, 0x04, 0x92, 0xbe,
    ];
    expected.extend_from_slice(b"123456789012345678901234567890");
    expected.push(0xc3);
    assert_eq!(payload(&r), expected);
    assert_eq!(Refinements::decode_payload(&expected).unwrap(), r);

    let r = Refinements::new()
        .with_number_lower_bound(Number::from_f64_exact(0.5).unwrap(), true)
        .unwrap();
    assert_eq!(
        payload(&r),
        [0x81, 0x03, 0x92, 0xcb, 0x3f, 0xe0, 0, 0, 0, 0, 0, 0, 0xc3]
    );
    assert_eq!(Refinements::decode_payload(&payload(&r)).unwrap(), r);
}

#[test]
fn long_prefix_is_shortened_at_a_char_boundary() {
    // go-cty 1.16's rule: a prefix longer than 256 bytes is cut to its first 255 bytes
    // (at a character boundary), then loses its last grapheme cluster, which the cut may
    // have split.
    // 255 ASCII bytes then "é" (c3 a9) at bytes 255..257: the first 255 bytes are the
    // "a"s, and the last of them goes with the last grapheme cluster.
    let long = format!("{}é-tail", "a".repeat(255));
    let r = Refinements::new().with_string_prefix(long.clone());
    // The full prefix is kept in memory.
    assert_eq!(r.string_prefix(), Some(long.as_str()));
    let mut expected = vec![0x81, 0x02, 0xd9, 254];
    expected.extend(std::iter::repeat_n(b'a', 254));
    assert_eq!(payload(&r), expected);

    // A 4-byte character at 254..258: cut at 254, then one "b" less.
    let long = format!("{}😀", "b".repeat(254));
    let p = payload(&Refinements::new().with_string_prefix(long));
    assert_eq!(p[..4], [0x81, 0x02, 0xd9, 253]);
    assert_eq!(p.len(), 4 + 253);
    assert!(p[4..].iter().all(|&b| b == b'b'));

    // e + U+0301 is kept as é (c3 a9, NFC, as go-cty holds it); the `z` after it at byte
    // 255 may take a mark (ẑ), so the last NFC boundary, before it, ends the prefix.
    let long = format!("{}e\u{301}zzzz", "a".repeat(252));
    let p = payload(&Refinements::new().with_string_prefix(long));
    let mut expected = vec![0x81, 0x02, 0xd9, 254];
    expected.extend(std::iter::repeat_n(b'a', 252));
    expected.extend_from_slice(b"\xc3\xa9");
    assert_eq!(p, expected);

    // Exactly 256 bytes: kept whole; 257 and 300 ASCII bytes: cut to 254.
    let p = payload(&Refinements::new().with_string_prefix("c".repeat(256)));
    assert_eq!(p[..5], [0x81, 0x02, 0xda, 0x01, 0x00]);
    assert_eq!(p.len(), 5 + 256);
    for len in [257, 300] {
        let p = payload(&Refinements::new().with_string_prefix("c".repeat(len)));
        assert_eq!(p[..4], [0x81, 0x02, 0xd9, 254], "{len}");
        assert_eq!(p.len(), 4 + 254, "{len}");
    }
    // 31 and 32 bytes: fixstr then str8.
    let p = payload(&Refinements::new().with_string_prefix("d".repeat(31)));
    assert_eq!(p[..3], [0x81, 0x02, 0xbf]);
    let p = payload(&Refinements::new().with_string_prefix("d".repeat(32)));
    assert_eq!(p[..4], [0x81, 0x02, 0xd9, 0x20]);
}

#[test]
fn builders_and_getters() {
    let r = Refinements::new();
    assert_eq!(r.nullness(), None);
    assert!(!r.is_not_null());
    assert_eq!(r.string_prefix(), None);
    assert_eq!(r.number_lower_bound(), None);
    assert_eq!(r.number_upper_bound(), None);
    assert_eq!(r.length_lower_bound(), None);
    assert_eq!(r.length_upper_bound(), None);

    let r = Refinements::new()
        .not_null()
        .with_string_prefix("p")
        .with_number_lower_bound(n(1), true)
        .unwrap()
        .with_number_upper_bound(n(9), false)
        .unwrap()
        .with_length_lower_bound(2)
        .unwrap()
        .with_length_upper_bound(4)
        .unwrap();
    assert!(!r.is_empty());
    assert_eq!(r.nullness(), Some(false));
    assert!(r.is_not_null());
    assert_eq!(r.string_prefix(), Some("p"));
    assert_eq!(r.number_lower_bound(), Some((&n(1), true)));
    assert_eq!(r.number_upper_bound(), Some((&n(9), false)));
    assert_eq!(r.length_lower_bound(), Some(2));
    assert_eq!(r.length_upper_bound(), Some(4));

    assert_eq!(
        Refinements::new()
            .update(|i| i.nullness = Some(true))
            .nullness(),
        Some(true)
    );
    assert!(!Refinements::new()
        .update(|i| i.nullness = Some(true))
        .is_not_null());
}

#[test]
fn refinements_without_information_are_not_stored() {
    assert!(Refinements::new().with_string_prefix("").is_empty());
    assert!(Refinements::new()
        .with_length_lower_bound(0)
        .unwrap()
        .is_empty());
    // Setting replaces: clearing the only refinement gives the empty value back.
    let r = Refinements::new()
        .with_string_prefix("x")
        .with_string_prefix("");
    assert!(r.is_empty());
    assert_eq!(r, Refinements::new());
    assert_eq!(unknown_bytes(&r), [0xd4, 0x00, 0x00]);
    let r = Refinements::new()
        .with_length_lower_bound(3)
        .unwrap()
        .with_length_lower_bound(0)
        .unwrap();
    assert_eq!(r, Refinements::new());
    // Decoding drops a length lower bound of 0.
    assert!(Refinements::decode_payload(&[0x81, 0x05, 0x00])
        .unwrap()
        .is_empty());
    // go-cty 1.16's rule: a decoded empty prefix says nothing about a string, but is
    // recorded, because a prefix (even empty) on another type is refused.
    let empty_prefix = Refinements::decode_payload(&[0x81, 0x02, 0xa0]).unwrap();
    assert_eq!(empty_prefix.string_prefix(), None);
    assert!(empty_prefix.for_type(&Type::String).unwrap().is_empty());
    assert_eq!(
        empty_prefix
            .check_type(&Type::Number)
            .unwrap_err()
            .to_string(),
        "a string prefix refinement is only valid for a string, but this value is a number"
    );
    // Nothing of it is written.
    assert_eq!(payload(&empty_prefix), [] as [u8; 0]);
    assert_eq!(unknown_bytes(&empty_prefix), [0xd4, 0x00, 0x00]);
}

#[test]
fn decode_each_key() {
    let d = |p: &[u8]| Refinements::decode_payload(p).unwrap();
    assert_eq!(d(&[0x81, 0x01, 0xc2]), Refinements::new().not_null());
    assert_eq!(
        d(&[0x81, 0x01, 0xc3]),
        Refinements::new().update(|i| i.nullness = Some(true))
    );
    assert_eq!(
        d(&[0x81, 0x02, 0xa2, 0xc3, 0xa9]),
        Refinements::new().with_string_prefix("é")
    );
    assert_eq!(
        d(&[0x81, 0x03, 0x92, 0xff, 0xc3]),
        Refinements::new()
            .with_number_lower_bound(n(-1), true)
            .unwrap()
    );
    assert_eq!(
        d(&[0x81, 0x04, 0x92, 0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xc2]),
        Refinements::new()
            .with_number_upper_bound(Number::from(u64::MAX), false)
            .unwrap()
    );
    // float32 and float64 bounds.
    assert_eq!(
        d(&[0x81, 0x03, 0x92, 0xca, 0x3f, 0x00, 0x00, 0x00, 0xc3]),
        Refinements::new()
            .with_number_lower_bound(Number::from_f64_exact(0.5).unwrap(), true)
            .unwrap()
    );
    assert_eq!(
        d(&[0x81, 0x04, 0x92, 0xcb, 0x40, 0x04, 0, 0, 0, 0, 0, 0, 0xc3]),
        Refinements::new()
            .with_number_upper_bound(Number::from_f64_exact(2.5).unwrap(), true)
            .unwrap()
    );
    // Signed encodings of small values.
    assert_eq!(
        d(&[0x81, 0x04, 0x92, 0xd0, 0x05, 0xc3]),
        Refinements::new()
            .with_number_upper_bound(n(5), true)
            .unwrap()
    );
    assert_eq!(
        d(&[0x81, 0x05, 0xd3, 0, 0, 0, 0, 0, 0, 0, 7]),
        Refinements::new().with_length_lower_bound(7).unwrap()
    );
    assert_eq!(
        d(&[0x81, 0x06, 0xcc, 0x09]),
        Refinements::new().with_length_upper_bound(9).unwrap()
    );
    // map16 and map32 headers.
    assert_eq!(
        d(&[0xde, 0x00, 0x01, 0x01, 0xc2]),
        Refinements::new().not_null()
    );
    assert_eq!(
        d(&[0xdf, 0x00, 0x00, 0x00, 0x01, 0x01, 0xc2]),
        Refinements::new().not_null()
    );
}

#[test]
fn tiny_payloads_mean_no_refinements() {
    // go-cty reads nothing from a body of 0 or 1 byte.
    for p in [&[][..], &[0x80], &[0x00], &[0xc0], &[0xc1]] {
        assert!(Refinements::decode_payload(p).unwrap().is_empty(), "{p:?}");
    }
    // A longer empty map too.
    assert!(Refinements::decode_payload(&[0xde, 0x00, 0x00])
        .unwrap()
        .is_empty());
}

/// go-cty 1.16's rule: a key outside 1..=6 is refused, not skipped (go-cty 1.12 skipped
/// it with its value), whatever its value and wherever it stands.
#[test]
fn unknown_keys_are_refused() {
    let refused = |p: &[u8], key: &str| {
        assert_eq!(
            decode_err(p),
            format!("{PREFIX}the key {key} is not a refinement Terraform defines (1 to 6)"),
            "{p:02x?}"
        );
    };
    // {7: [1, [2, {"a": 3}], "x"], 1: false}
    let p = [
        0x82, 0x07, 0x93, 0x01, 0x92, 0x02, 0x81, 0xa1, 0x61, 0x03, 0xa1, 0x78, 0x01, 0xc2,
    ];
    refused(&p, "7");
    // Unknown key after a known one; negative and large keys; every kind of value.
    let p = [
        0x86, 0x01, 0xc2, // 1: false
        0xff, 0xc0, // -1: nil
        0xcc, 0xc8, 0xc4, 0x02, 0xaa, 0xbb, // 200: bin
        0x08, 0xd4, 0x05, 0x00, // 8: fixext1
        0x09, 0xc7, 0x01, 0x05, 0x00, // 9: ext8
        0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x90, // u64::MAX: []
    ];
    refused(&p, "-1");
    refused(
        &[0x82, 0x01, 0xc2, 0xcc, 0xc8, 0xc4, 0x02, 0xaa, 0xbb],
        "200",
    );
    refused(&[0x81, 0x08, 0xd4, 0x05, 0x00], "8");
    refused(&[0x81, 0x09, 0xc7, 0x01, 0x05, 0x00], "9");
    refused(
        &[
            0x81, 0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x90,
        ],
        "18446744073709551615",
    );
    refused(
        &[0x81, 0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0, 0xc2],
        "-9223372036854775808",
    );
    let p = [
        0x84, 0x0a, 0xcb, 0, 0, 0, 0, 0, 0, 0, 0, // 10: float64
        0x0b, 0xde, 0x00, 0x01, 0xc0, 0xc0, // 11: map16 {nil: nil}
        0x0c, 0xdc, 0x00, 0x01, 0x80, // 12: array16 [{}]
        0x02, 0xa1, 0x7a, // 2: "z"
    ];
    refused(&p, "10");
    // The refused keys come after known ones, too.
    refused(
        &[0x82, 0x02, 0xa1, 0x7a, 0x0c, 0xdc, 0x00, 0x01, 0x80],
        "12",
    );
}

#[test]
fn trailing_bytes_are_ignored_like_go_cty() {
    let r = Refinements::decode_payload(&[0x81, 0x01, 0xc2, 0xff, 0xc1]).unwrap();
    assert_eq!(r, Refinements::new().not_null());
}

#[test]
fn malformed_payloads() {
    let cases: &[(&[u8], &str)] = &[
        (&[0x92, 0x01, 0x02], "expected a map, found an array"),
        (&[0xa1, 0x61], "expected a map, found a string"),
        (
            &[0x81, 0xa1, 0x61, 0xc2],
            "the keys must be integers, found a string",
        ),
        (&[0x81, 0xc0, 0xc2], "the keys must be integers, found null"),
        (
            &[0x81, 0xca, 0x3f, 0x80, 0, 0, 0xc2],
            "the keys must be integers, found a number",
        ),
        (
            &[0x81, 0x01, 0xc0],
            "the nullness (key 1) must be a bool, found null",
        ),
        (
            &[0x81, 0x01, 0x00],
            "the nullness (key 1) must be a bool, found a number",
        ),
        (
            &[0x81, 0x02, 0xc3],
            "the string prefix (key 2) must be a string, found a bool",
        ),
        (
            &[0x81, 0x02, 0xc4, 0x01, 0x61],
            "the string prefix (key 2) must be a string, found binary data",
        ),
        (
            &[0x81, 0x02, 0xa1, 0xff],
            "the string prefix (key 2) is not valid UTF-8",
        ),
        (
            &[0x81, 0x03, 0x00],
            "the number lower bound (key 3) must be a [number, bool] array, found a number",
        ),
        (
            &[0x81, 0x04, 0x93, 0x00, 0xc3, 0xc3],
            "the number upper bound (key 4) must be a [number, bool] array, found an array \
             of 3 elements",
        ),
        (
            &[0x81, 0x03, 0x91, 0x00],
            "the number lower bound (key 3) must be a [number, bool] array, found an array \
             of 1 elements",
        ),
        (
            &[0x81, 0x03, 0x92, 0xc2, 0xc3],
            "the number lower bound (key 3) must start with a number, found a bool",
        ),
        (
            &[0x81, 0x03, 0x92, 0xc0, 0xc3],
            "the number lower bound (key 3) must start with a number, found null",
        ),
        (
            &[0x81, 0x03, 0x92, 0xd4, 0x00, 0x00, 0xc3],
            "the number lower bound (key 3) must start with a number, found an unknown value",
        ),
        (
            &[0x81, 0x03, 0x92, 0x00, 0xc0],
            "the number lower bound (key 3) must end with a bool (whether the bound is \
             inclusive), found null",
        ),
        (
            &[0x81, 0x03, 0x92, 0xa1, 0xff, 0xc3],
            "the number lower bound (key 3) is not valid UTF-8 text",
        ),
        (
            &[0x81, 0x06, 0xa1, 0x31],
            "the length upper bound (key 6) must be an integer, found a string",
        ),
        (
            &[0x81, 0x06, 0xcb, 0x3f, 0xf0, 0, 0, 0, 0, 0, 0],
            "the length upper bound (key 6) must be an integer, found a number",
        ),
        (
            &[0x82, 0x01, 0xc2, 0x01, 0xc2],
            "the key 1 (nullness) appears more than once",
        ),
        // Truncations.
        (&[0x82, 0x01, 0xc2], "unexpected end of data"),
        (&[0x81, 0x02, 0xa5, 0x61], "unexpected end of data"),
        (&[0x81, 0x02, 0xd9], "unexpected end of data"),
        (&[0x81, 0x05, 0xcd, 0x01], "unexpected end of data"),
        (&[0x81, 0x03, 0x92, 0x00], "unexpected end of data"),
        (&[0x81, 0x04, 0x92, 0x00], "unexpected end of data"),
        (&[0x81, 0x02, 0xc7, 0x05, 0x00], "unexpected end of data"),
        (
            &[0x81, 0x02, 0xc6, 0xff, 0xff, 0xff, 0xff],
            "unexpected end of data",
        ),
        (&[0x81, 0x03, 0xdd, 0xff, 0xff], "unexpected end of data"),
        (&[0xdf, 0xff, 0xff, 0xff, 0xff], "unexpected end of data"),
        (&[0x81, 0x02, 0xc1], "found the reserved msgpack byte 0xc1"),
        (&[0x81, 0xc1, 0xc2], "found the reserved msgpack byte 0xc1"),
        // go-cty 1.16's rule: a key outside 1..=6 is refused before its value is read
        // (go-cty 1.12 skipped it, and so read to the truncation).
        (
            &[0x81, 0x07, 0x92, 0x00],
            "the key 7 is not a refinement Terraform defines (1 to 6)",
        ),
        (
            &[0x81, 0x07, 0xc1],
            "the key 7 is not a refinement Terraform defines (1 to 6)",
        ),
    ];
    for (p, message) in cases {
        assert_eq!(decode_err(p), format!("{PREFIX}{message}"), "{p:02x?}");
    }
    // go-cty 1.16's rule: refinements that describe no value are refused (go-cty 1.16
    // panics on them).
    let contradictions: &[(&[u8], &str)] = &[
        (
            &[0x82, 0x03, 0x92, 0x05, 0xc3, 0x04, 0x92, 0x04, 0xc3],
            "no number is >= 5 and <= 4",
        ),
        (
            &[0x82, 0x03, 0x92, 0x05, 0xc2, 0x04, 0x92, 0x05, 0xc3],
            "no number is > 5 and <= 5",
        ),
        (
            &[0x82, 0x03, 0x92, 0x05, 0xc3, 0x04, 0x92, 0x05, 0xc2],
            "no number is >= 5 and < 5",
        ),
        (
            &[0x82, 0x05, 0x03, 0x06, 0x02],
            "a length of at least 3 and at most 2",
        ),
    ];
    for (p, message) in contradictions {
        assert_eq!(
            decode_err(p),
            format!("contradictory refinements of an unknown value: {message}"),
            "{p:02x?}"
        );
    }
    // Equal bounds, both inclusive: exactly one number, accepted.
    assert!(
        Refinements::decode_payload(&[0x82, 0x03, 0x92, 0x05, 0xc3, 0x04, 0x92, 0x05, 0xc3])
            .is_ok()
    );
    // An infinite bound is kept (go-cty keeps it): see number_bound_tests.rs.
    assert!(Refinements::decode_payload(&[
        0x81, 0x03, 0x92, 0xcb, 0x7f, 0xf0, 0, 0, 0, 0, 0, 0, 0xc3
    ])
    .is_ok());
}

#[test]
fn invalid_numbers_in_bounds() {
    // NaN float64 and text that is not a number.
    let msg = decode_err(&[0x81, 0x03, 0x92, 0xcb, 0x7f, 0xf8, 0, 0, 0, 0, 0, 0, 0xc3]);
    assert!(
        msg.starts_with(&format!(
            "{PREFIX}the number lower bound (key 3) is not a valid number: "
        )),
        "{msg}"
    );
    let msg = decode_err(&[0x81, 0x04, 0x92, 0xa1, b'x', 0xc3]);
    assert!(
        msg.starts_with(&format!(
            "{PREFIX}the number upper bound (key 4) is not a valid number: "
        )),
        "{msg}"
    );
}

#[test]
fn payload_size_limit() {
    // {2: str16 of n bytes}: 5 + n bytes. (A prefix, since go-cty 1.16's rule refuses
    // a key outside 1..=6 such as the 7 this test used.)
    let build = |total: usize| {
        let n = total - 5;
        let mut p = vec![0x81, 0x02, 0xda];
        p.extend_from_slice(&u16::try_from(n).unwrap().to_be_bytes());
        p.extend(std::iter::repeat_n(b'a', n));
        assert_eq!(p.len(), total);
        p
    };
    let at_limit = Refinements::decode_payload(&build(MAX_REFINEMENT_PAYLOAD)).unwrap();
    assert_eq!(
        at_limit.string_prefix(),
        Some("a".repeat(MAX_REFINEMENT_PAYLOAD - 5).as_str())
    );
    let e = Refinements::decode_payload(&build(MAX_REFINEMENT_PAYLOAD + 1)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Limit);
    assert_eq!(
        e.to_string(),
        "the refinements of an unknown value take 1025 bytes, more than the limit of 1024"
    );
}

/// A number bound in exponent form is short on the wire and long written out (found by
/// the refinements fuzz target): the decoder refuses what the encoder could not write
/// back within the limit, and the encoder leaves such a bound out.
#[test]
fn payload_size_limit_after_writing_bounds_out() {
    // {3: [str "1e<exp>", true]}: plain digits take exp + 1 bytes, str16 header 3, so
    // the payload written out takes exp + 8 bytes.
    let wire = |exp: usize| {
        let text = format!("1e{exp}");
        let mut p = vec![0x81, 0x03, 0x92, 0xa0 | text.len() as u8];
        p.extend_from_slice(text.as_bytes());
        p.push(0xc3);
        p
    };
    let at_limit = Refinements::decode_payload(&wire(1016)).unwrap();
    let bound = format!("1{}", "0".repeat(1016));
    assert_eq!(
        at_limit.number_lower_bound(),
        Some((&Number::parse(&bound).unwrap(), true))
    );
    let mut expected = vec![0x81, 0x03, 0x92, 0xda, 0x03, 0xf9];
    expected.extend_from_slice(bound.as_bytes());
    expected.push(0xc3);
    assert_eq!(expected.len(), MAX_REFINEMENT_PAYLOAD);
    assert_eq!(payload(&at_limit), expected);
    assert_eq!(Refinements::decode_payload(&expected).unwrap(), at_limit);

    let e = Refinements::decode_payload(&wire(1017)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Limit);
    assert_eq!(
        e.to_string(),
        "the refinements of an unknown value would take 1025 bytes written as Terraform \
         writes them (number bounds in plain digits, without an exponent), more than the \
         limit of 1024"
    );
    // The fuzz finding (fuzz/regressions/refinements/): a key 0, then the upper bound
    // 110254216406E3914, and two trailing bytes. go-cty 1.16's rule refuses the key 0
    // first (go-cty 1.12 skipped it).
    let mut finding = vec![0x82, 0x00, 0x82, 0xc3, 0x04, 0xc3, 0x04, 0x04, 0x92, 0xb1];
    finding.extend_from_slice(b"110254216406E3914");
    finding.extend_from_slice(&[0xc3, 0x04, 0x00]);
    assert_eq!(
        decode_err(&finding),
        format!("{PREFIX}the key 0 is not a refinement Terraform defines (1 to 6)")
    );
    // Without the key 0, the bound alone is still refused for its written size.
    let mut bound_only = vec![0x81, 0x04, 0x92, 0xb1];
    bound_only.extend_from_slice(b"110254216406E3914");
    bound_only.extend_from_slice(&[0xc3, 0x04, 0x00]);
    let e = Refinements::decode_payload(&bound_only).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Limit);
    assert!(e.to_string().contains("would take 3933 bytes"), "{e}");

    // The encoder leaves out a bound that does not fit, and keeps the rest.
    let huge = Number::parse("1e1017").unwrap();
    let r = Refinements::new()
        .not_null()
        .with_number_lower_bound(Number::from(1), true)
        .unwrap()
        .with_number_upper_bound(huge.clone(), false)
        .unwrap();
    assert_eq!(payload(&r), [0x82, 0x01, 0xc2, 0x03, 0x92, 0x01, 0xc3]);
    let only_huge = Refinements::new()
        .with_number_upper_bound(huge, true)
        .unwrap();
    assert!(payload(&only_huge).is_empty());
    let mut unknown = Vec::new();
    only_huge.write_unknown(&mut unknown);
    assert_eq!(unknown, [0xd4, 0x00, 0x00]);
    // A bound that fits only without the length entries after it is left out too.
    let r = Refinements::new()
        .with_number_lower_bound(Number::parse("1e1016").unwrap(), true)
        .unwrap()
        .with_length_upper_bound(5)
        .unwrap();
    assert_eq!(payload(&r), [0x81, 0x06, 0x05]);
}

#[test]
fn uint_len_matches_write_uint() {
    for n in [
        0,
        0x7f,
        0x80,
        0xff,
        0x100,
        0xffff,
        0x1_0000,
        0xffff_ffff,
        1 << 32,
        u64::MAX,
    ] {
        let mut out = Vec::new();
        write_uint(&mut out, n);
        assert_eq!(uint_len(n), out.len(), "{n}");
    }
}

#[test]
fn a_decoded_empty_prefix_says_nothing_but_only_a_string_has_one() {
    let r = Refinements::decode_payload(&[0x81, 0x02, 0xa0]).unwrap();
    assert!(r.is_empty());
    assert_eq!(r, Refinements::new());
    let hash = |r: &Refinements| {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        r.hash(&mut h);
        h.finish()
    };
    assert_eq!(hash(&r), hash(&Refinements::new()));
    assert_eq!(r.for_type(&Type::String).unwrap(), &Refinements::new());
    assert_eq!(
        r.for_type(&Type::Number).unwrap_err().kind(),
        ErrorKind::Refinement
    );
}

#[test]
fn keys_terraform_does_not_define_are_refused() {
    // go-cty 1.16 reads the value of an unknown key as the next key: {7: {}, 1: false}
    // fails there ("non-integer key"), and {33: false, 5: 3} too. Refused, whatever
    // the value, however deep.
    for payload in [
        &[0x82, 0x07, 0x80, 0x01, 0xc2][..],
        &[0x82, 0x21, 0xc2, 0x05, 0x03],
        &[0x81, 0x00, 0xc0],
        &[0x81, 0x07, 0x91, 0x91, 0x91, 0x90],
    ] {
        let e = Refinements::decode_payload(payload).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Refinement, "{payload:x?}");
        assert!(
            e.to_string()
                .contains("is not a refinement Terraform defines (1 to 6)"),
            "{e}"
        );
    }
}

#[test]
fn check_type_table() {
    let string = Type::String;
    let number = Type::Number;
    let list = Type::List(Arc::new(Type::String));
    let set = Type::Set(Arc::new(Type::Number));
    let map = Type::Map(Arc::new(Type::Bool));
    let tuple = Type::Tuple(Arc::from(vec![Type::String]));
    let all = [
        &string,
        &number,
        &Type::Bool,
        &Type::Dynamic,
        &list,
        &set,
        &map,
        &tuple,
    ];

    let none = Refinements::new();
    let not_null = Refinements::new().not_null();
    let null = Refinements::new().update(|i| i.nullness = Some(true));
    let prefix = Refinements::new().with_string_prefix("p");
    let lower = Refinements::new()
        .with_number_lower_bound(n(0), true)
        .unwrap();
    let upper = Refinements::new()
        .with_number_upper_bound(n(0), true)
        .unwrap();
    let len_lo = Refinements::new().with_length_lower_bound(1).unwrap();
    let len_hi = Refinements::new().with_length_upper_bound(1).unwrap();

    let table: &[(&Refinements, &[&Type])] = &[
        (&none, &all),
        (&not_null, &all),
        (&null, &all),
        (&prefix, &[&string, &Type::Dynamic]),
        (&lower, &[&number, &Type::Dynamic]),
        (&upper, &[&number, &Type::Dynamic]),
        (&len_lo, &[&list, &set, &map, &Type::Dynamic]),
        (&len_hi, &[&list, &set, &map, &Type::Dynamic]),
    ];
    for (r, valid) in table {
        for ty in all {
            let result = r.check_type(ty);
            if valid.contains(&ty) {
                assert!(result.is_ok(), "{r} on {ty}: {result:?}");
            } else {
                let e = result.unwrap_err();
                assert_eq!(e.kind(), ErrorKind::Refinement, "{r} on {ty}");
            }
        }
    }

    assert_eq!(
        prefix.check_type(&list).unwrap_err().to_string(),
        "a string prefix refinement is only valid for a string, but this value is a \
         list(string)"
    );
    assert_eq!(
        lower.check_type(&string).unwrap_err().to_string(),
        "a number bound refinement is only valid for a number, but this value is a string"
    );
    assert_eq!(
        len_hi.check_type(&tuple).unwrap_err().to_string(),
        format!(
            "a length bound refinement is only valid for a list, set or map, but this value \
             is a {tuple}"
        )
    );
}

#[test]
fn for_type_drops_refinements_of_dynamic() {
    let r = Refinements::new().not_null().with_string_prefix("p");
    assert!(r.for_type(&Type::Dynamic).unwrap().is_empty());
    assert_eq!(r.for_type(&Type::String).unwrap(), &r);
    assert!(r.for_type(&Type::Number).is_err());
}

#[test]
fn display() {
    assert_eq!(Refinements::new().to_string(), "(known after apply)");
    let r = Refinements::new()
        .not_null()
        .with_string_prefix("prefix-\"q\"")
        .with_number_lower_bound(n(0), true)
        .unwrap()
        .with_number_upper_bound(n(10), false)
        .unwrap()
        .with_length_lower_bound(1)
        .unwrap()
        .with_length_upper_bound(3)
        .unwrap();
    assert_eq!(
        r.to_string(),
        "(known after apply, not null, prefix \"prefix-\\\"q\\\"\", >= 0, < 10, length 1..=3)"
    );
    let r = Refinements::new()
        .update(|i| i.nullness = Some(true))
        .with_number_lower_bound(n(-1), false)
        .unwrap()
        .with_number_upper_bound(n(2), true)
        .unwrap()
        .with_length_lower_bound(2)
        .unwrap();
    assert_eq!(
        r.to_string(),
        "(known after apply, null, > -1, <= 2, length >= 2)"
    );
    let r = Refinements::new().with_length_upper_bound(5).unwrap();
    assert_eq!(r.to_string(), "(known after apply, length <= 5)");
}

#[test]
fn round_trips() {
    // go-cty 1.16's rule: "definitely null" is a known null, written as msgpack nil, and
    // its payload still decodes back to the same refinements.
    let null = Refinements::new().update(|i| i.nullness = Some(true));
    assert_eq!(unknown_bytes(&null), [0xc0]);
    assert_eq!(payload(&null), [0x81, 0x01, 0xc3]);
    assert_eq!(Refinements::decode_payload(&payload(&null)).unwrap(), null);
    let cases = [
        Refinements::new().not_null(),
        Refinements::new()
            .not_null()
            .with_string_prefix("héllo wörld"),
        Refinements::new()
            .with_number_lower_bound(n(i64::MIN), true)
            .unwrap()
            .with_number_upper_bound(Number::from(u64::MAX), false)
            .unwrap(),
        Refinements::new()
            .not_null()
            .with_length_lower_bound(i64::MAX as u64 - 1)
            .unwrap(),
        Refinements::new()
            .with_length_lower_bound(i64::MAX as u64)
            .unwrap(),
        Refinements::new()
            .with_length_upper_bound(i64::MAX as u64 - 1)
            .unwrap(),
    ];
    for r in cases {
        let wire = unknown_bytes(&r);
        let p = payload(&r);
        assert!(!p.is_empty(), "{r}");
        assert!(wire.ends_with(&p), "{r}");
        assert_eq!(Refinements::decode_payload(&p).unwrap(), r, "{r}");
    }
    // go-cty 1.16's rule: a number bound beyond the i64 range is written as a string of
    // its digits, and reads back as the same number.
    let r = Refinements::new()
        .with_number_upper_bound(Number::from(u64::MAX), false)
        .unwrap();
    let mut expected = vec![0x81, 0x04, 0x92, 0xb4];
    expected.extend_from_slice(b"18446744073709551615");
    expected.push(0xc2);
    assert_eq!(payload(&r), expected);
    assert_eq!(Refinements::decode_payload(&expected).unwrap(), r);
}

/// go-cty holds a length as a 64-bit signed integer and takes 2^63-1 for "no upper bound";
/// a bound of 2^63 or more is a negative number to it.
#[test]
fn length_bounds_as_go_cty_reads_them() {
    // An upper bound of 2^63-1 says nothing: go-cty reads it so, and writes nothing.
    for upper in [
        &[
            0x81, 0x06, 0xcf, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        ][..],
        &[
            0x82, 0x05, 0x00, 0x06, 0xcf, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        ],
    ] {
        let r = Refinements::decode_payload(upper).unwrap();
        assert!(r.is_empty(), "{r}");
        assert_eq!(unknown_bytes(&r), [0xd4, 0x00, 0x00]);
        // The key was there: only a collection may carry it.
        assert!(r.check_type(&Type::String).is_err());
        assert!(r.check_type(&Type::list(Type::String)).is_ok());
    }
    // An upper bound go-cty reads as negative makes it panic: refused.
    for (upper, message) in [
        (
            &[
                0x81, 0x06, 0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            ][..],
            "the length upper bound of an unknown value is 18446744073709551615, which \
             Terraform reads as the 64-bit signed integer -1: no collection has fewer than 0 \
             elements",
        ),
        (
            &[0x81, 0x06, 0xcf, 0x80, 0, 0, 0, 0, 0, 0, 0],
            "the length upper bound of an unknown value is 9223372036854775808, which \
             Terraform reads as the 64-bit signed integer -9223372036854775808: no collection \
             has fewer than 0 elements",
        ),
        (
            &[0x81, 0x06, 0xff],
            "the length upper bound of an unknown value is -1: no collection has fewer than 0 \
             elements",
        ),
    ] {
        assert_eq!(decode_err(upper), message);
    }
    // A lower bound go-cty reads as negative is no refinement to it (it keeps the larger of
    // two lower bounds, and 0 is the first); the upper bound beside it stays.
    for lower in [
        &[0x81, 0x05, 0xcf, 0x80, 0, 0, 0, 0, 0, 0, 0][..],
        &[
            0x81, 0x05, 0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        ],
        &[0x81, 0x05, 0xff],
        &[0x81, 0x05, 0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0],
    ] {
        let r = Refinements::decode_payload(lower).unwrap();
        assert_eq!(r.length_lower_bound(), None);
        assert_eq!(unknown_bytes(&r), [0xd4, 0x00, 0x00]);
    }
    let r = Refinements::decode_payload(&[
        0x82, 0x05, 0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x06, 0x03,
    ])
    .unwrap();
    assert_eq!(unknown_bytes(&r), [0xc7, 0x03, 0x0c, 0x81, 0x06, 0x03]);
    // A lower bound of 2^63-1 is one go-cty holds, and writes back.
    let max = [
        0x81, 0x05, 0xcf, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    ];
    let r = Refinements::decode_payload(&max).unwrap();
    assert_eq!(r.length_lower_bound(), Some(i64::MAX as u64));
    assert_eq!(payload(&r), max);
}

#[test]
fn the_builder_keeps_length_bounds_go_cty_can_hold() {
    // An upper bound of 2^63-1 or more is no bound.
    for upper in [i64::MAX as u64, i64::MAX as u64 + 1, u64::MAX] {
        let r = Refinements::new().with_length_upper_bound(upper).unwrap();
        assert!(r.is_empty(), "{upper}");
        assert_eq!(unknown_bytes(&r), [0xd4, 0x00, 0x00]);
    }
    // A lower bound above 2^63-1 is refused: go-cty would read it as negative.
    let e = Refinements::new()
        .with_length_lower_bound(i64::MAX as u64 + 1)
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Refinement);
    assert_eq!(
        e.message(),
        "a length lower bound of 9223372036854775808 is more than the largest length \
         Terraform holds (9223372036854775807)"
    );
}

/// go-cty reads a not-null collection whose length bounds are equal as a known value (a
/// list of that many unknowns); a large one would have it allocate without end.
#[test]
fn lengths_that_pin_a_large_collection_are_not_written() {
    let pinned = |n: u64| {
        Refinements::new()
            .not_null()
            .with_length_lower_bound(n)
            .and_then(|r| r.with_length_upper_bound(n))
            .unwrap()
    };
    assert_eq!(pinned(3).pinned_length(), Some(3));
    assert_eq!(
        unknown_bytes(&pinned(3)),
        [0xc7, 0x07, 0x0c, 0x83, 0x01, 0xc2, 0x05, 0x03, 0x06, 0x03]
    );
    assert_eq!(
        unknown_bytes(&pinned(65)),
        [0xc7, 0x07, 0x0c, 0x83, 0x01, 0xc2, 0x05, 0x41, 0x06, 0x41]
    );
    assert_eq!(
        unknown_bytes(&pinned(1 << 20)),
        [
            0xc7, 0x0f, 0x0c, 0x83, 0x01, 0xc2, 0x05, 0xce, 0, 0x10, 0, 0, 0x06, 0xce, 0, 0x10, 0,
            0
        ]
    );
    // More than 2^20 elements: the length bounds are left out, "not null" stays.
    for n in [(1 << 20) + 1, 1 << 31, i64::MAX as u64 - 1] {
        assert_eq!(
            unknown_bytes(&pinned(n)),
            [0xc7, 0x03, 0x0c, 0x81, 0x01, 0xc2],
            "{n}"
        );
    }
    // A lower bound of 2^63-1 alone pins it too (go-cty's upper bound is then 2^63-1).
    let r = Refinements::new()
        .not_null()
        .with_length_lower_bound(i64::MAX as u64)
        .unwrap();
    assert_eq!(r.pinned_length(), Some(i64::MAX as u64));
    assert_eq!(unknown_bytes(&r), [0xc7, 0x03, 0x0c, 0x81, 0x01, 0xc2]);
    // Without "not null" nothing is pinned, and every bound is written.
    let r = Refinements::new()
        .with_length_lower_bound(1 << 31)
        .and_then(|r| r.with_length_upper_bound(1 << 31))
        .unwrap();
    assert_eq!(r.pinned_length(), None);
    assert_eq!(
        payload(&r),
        [0x82, 0x05, 0xce, 0x80, 0, 0, 0, 0x06, 0xce, 0x80, 0, 0, 0]
    );
}

/// A set or map that go-cty holds pinned to more than 2^20 elements is read without those
/// bounds, as they would be written; smaller ones are kept as go-cty keeps them.
#[test]
fn decoders_drop_what_the_encoder_leaves_out() {
    let huge = [
        0x83, 0x01, 0xc2, 0x05, 0xce, 0, 0x20, 0, 0, 0x06, 0xce, 0, 0x20, 0, 0,
    ];
    for ty in [Type::set(Type::String), Type::map(Type::String)] {
        let r = Refinements::decode_payload(&huge)
            .unwrap()
            .into_for_type(&ty)
            .unwrap();
        assert_eq!(r, Refinements::new().not_null(), "{ty}");
        let small = [0x83, 0x01, 0xc2, 0x05, 0x41, 0x06, 0x41];
        let r = Refinements::decode_payload(&small)
            .unwrap()
            .into_for_type(&ty)
            .unwrap();
        assert_eq!(payload(&r), small, "{ty}");
    }
    // A list keeps them here; the value decoders refuse it (limits::MAX_PINNED_LENGTH).
    let list = Type::list(Type::String);
    let r = Refinements::decode_payload(&huge)
        .unwrap()
        .into_for_type(&list)
        .unwrap();
    assert_eq!(r.pinned_length(), Some(1 << 21));
}

/// The builder keeps a prefix in NFC, as go-cty holds it: `e` + U+0301 (`65 cc 81`) is
/// written as `é` (`c3 a9`).
#[test]
fn a_prefix_is_kept_in_nfc() {
    let r = Refinements::new().with_string_prefix("caf\u{65}\u{301}");
    assert_eq!(r.string_prefix(), Some("caf\u{e9}"));
    assert_eq!(
        payload(&r),
        [0x81, 0x02, 0xa5, b'c', b'a', b'f', 0xc3, 0xa9]
    );
}
