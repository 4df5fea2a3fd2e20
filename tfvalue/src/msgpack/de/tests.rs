//! The typed entry points read their headers from the marker byte directly; every form
//! of each, byte for byte.

use std::collections::BTreeMap;

use super::*;
use serde::de;

fn read<'de, T: de::Deserialize<'de>>(bytes: &'de [u8]) -> Result<T> {
    let mut de = Deserializer::from_slice(bytes);
    let v = T::deserialize(&mut de)?;
    de.end()?;
    Ok(v)
}

#[test]
fn every_string_form() {
    assert_eq!(read::<String>(b"\xa2hi").unwrap(), "hi");
    assert_eq!(read::<String>(b"\xa0").unwrap(), "");
    assert_eq!(read::<String>(b"\xd9\x02hi").unwrap(), "hi");
    assert_eq!(read::<String>(b"\xda\x00\x02hi").unwrap(), "hi");
    assert_eq!(read::<String>(b"\xdb\x00\x00\x00\x02hi").unwrap(), "hi");
    let long = [&[0xbf_u8][..], &[b'x'; 31]].concat();
    assert_eq!(read::<String>(&long).unwrap(), "x".repeat(31));
    // Truncated length or body: the offset where the input ended.
    let e = read::<String>(b"\xda\x00").unwrap_err();
    assert_eq!(e.message(), "unexpected end of input at offset 1");
    let e = read::<String>(b"\xd9\x03hi").unwrap_err();
    assert_eq!(e.message(), "unexpected end of input at offset 2");
    let e = read::<String>(b"\xa1\xff").unwrap_err();
    assert_eq!(
        e.message(),
        "invalid UTF-8 in a string at offset 0 (byte 0 of the string)"
    );
    let e = read::<String>(b"\xc4\x02hi").unwrap_err();
    assert_eq!(e.message(), "expected string, found binary data");
    let e = read::<String>(b"").unwrap_err();
    assert_eq!(e.message(), "unexpected end of input at offset 0");
}

/// Strings of every length from 0 to 40 and every offset of a non-ASCII or invalid byte
/// in them (the ASCII check works a word at a time, with partial words at both ends):
/// ASCII and valid UTF-8 read back as themselves, an invalid byte is reported at its
/// place, a borrowed `&str` too.
#[test]
fn strings_ascii_or_not_at_every_length_and_offset() {
    fn str8(body: &[u8]) -> Vec<u8> {
        [&[0xd9, body.len() as u8][..], body].concat()
    }
    for len in 0..40 {
        let ascii: Vec<u8> = (0..len).map(|i| b'a' + (i % 26) as u8).collect();
        let text = std::str::from_utf8(&ascii).unwrap();
        assert_eq!(read::<String>(&str8(&ascii)).unwrap(), text);
        for at in 0..len {
            // "é" (c3 a9) in place of two bytes, where it fits.
            if at + 1 < len {
                let mut body = ascii.clone();
                body[at] = 0xc3;
                body[at + 1] = 0xa9;
                let want = std::str::from_utf8(&body).unwrap().to_owned();
                assert_eq!(read::<String>(&str8(&body)).unwrap(), want, "{len} {at}");
                let bytes = str8(&body);
                assert_eq!(read::<&str>(&bytes).unwrap(), want, "{len} {at}");
            }
            // A lone continuation byte, and a byte that never occurs in UTF-8.
            for bad in [0x80, 0xff] {
                let mut body = ascii.clone();
                body[at] = bad;
                let e = read::<String>(&str8(&body)).unwrap_err();
                assert_eq!(
                    e.message(),
                    format!("invalid UTF-8 in a string at offset 0 (byte {at} of the string)"),
                    "{len} {at} {bad:#x}"
                );
            }
        }
    }
}

#[test]
fn every_map_and_array_form() {
    let one: BTreeMap<String, bool> = [("a".to_owned(), true)].into();
    assert_eq!(
        read::<BTreeMap<String, bool>>(b"\x81\xa1a\xc3").unwrap(),
        one
    );
    assert_eq!(
        read::<BTreeMap<String, bool>>(b"\xde\x00\x01\xa1a\xc3").unwrap(),
        one
    );
    assert_eq!(
        read::<BTreeMap<String, bool>>(b"\xdf\x00\x00\x00\x01\xa1a\xc3").unwrap(),
        one
    );
    assert_eq!(read::<Vec<bool>>(b"\x92\xc3\xc2").unwrap(), [true, false]);
    assert_eq!(read::<Vec<bool>>(b"\xdc\x00\x01\xc2").unwrap(), [false]);
    assert_eq!(
        read::<Vec<bool>>(b"\xdd\x00\x00\x00\x01\xc2").unwrap(),
        [false]
    );
    // A length past the input is refused before anything is read.
    let e = read::<Vec<bool>>(b"\xdc\x00\x05\xc2").unwrap_err();
    assert!(e
        .message()
        .starts_with("truncated input: a length prefix claims 5 elements"));
    let e = read::<BTreeMap<String, bool>>(b"\x82\xa1a\xc3").unwrap_err();
    assert!(e
        .message()
        .starts_with("truncated input: a length prefix claims 2 entries"));
    // A key must be a string.
    let e = read::<BTreeMap<String, bool>>(b"\x81\x01\xc3").unwrap_err();
    assert_eq!(e.message(), "expected a map key (string), found a number");
    let e = read::<Vec<bool>>(b"\x81\xa1a\xc3").unwrap_err();
    assert_eq!(
        e.message(),
        "expected a list or set, found an object or map"
    );
}

#[test]
fn bools_and_null() {
    assert!(read::<bool>(b"\xc3").unwrap());
    assert!(!read::<bool>(b"\xc2").unwrap());
    assert_eq!(read::<Option<bool>>(b"\xc0").unwrap(), None);
    assert_eq!(read::<Option<bool>>(b"\xc3").unwrap(), Some(true));
    let e = read::<bool>(b"\xc0").unwrap_err();
    assert_eq!(e.message(), "expected bool, found null");
}
