//! Decoded text is in NFC exactly as golang.org/x/text's `norm.NFC.String` (inside go-cty)
//! leaves it, grapheme joiners included: every case of `tests/data/x-text/
//! nfc_stream_safe.jsonl`, in MessagePack and in JSON. Each case is an input (`in`, UTF-8
//! in hex) and what x/text v0.22.0 and v0.37.0 (Terraform 1.11.4 and 1.15.5) make of it
//! (`nfc`); most hold runs of more than 30 non-starters, where x/text puts a U+034F
//! COMBINING GRAPHEME JOINER.

use tfvalue::{Type, Value};
use tfvalue_suite::{hex, to_hex};

const CASES: &str = include_str!("../data/x-text/nfc_stream_safe.jsonl");

/// The cases: (input, x/text's NFC of it), as bytes.
fn cases() -> Vec<(Vec<u8>, Vec<u8>)> {
    CASES
        .lines()
        .map(|line| {
            let case: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            let field = |name: &str| hex(case[name].as_str().expect("a hex string"));
            (field("in"), field("nfc"))
        })
        .collect()
}

/// A MessagePack string of `bytes` (str 8 or str 16 header).
fn msgpack_str(bytes: &[u8]) -> Vec<u8> {
    let mut out = match u8::try_from(bytes.len()) {
        Ok(len) => vec![0xd9, len],
        Err(_) => {
            let len = u16::try_from(bytes.len()).expect("cases are shorter than 64 KiB");
            [&[0xda][..], &len.to_be_bytes()].concat()
        }
    };
    out.extend_from_slice(bytes);
    out
}

/// The bytes of a decoded string value.
fn text_of(v: &Value) -> Vec<u8> {
    v.as_str().expect("a known string").as_bytes().to_vec()
}

#[test]
fn the_cases_are_what_they_claim() {
    let cases = cases();
    assert_eq!(cases.len(), 200);
    let joiners = |b: &[u8]| b.windows(2).filter(|w| w == b"\xcd\x8f").count();
    let joined = cases
        .iter()
        .filter(|(i, o)| joiners(o) > joiners(i))
        .count();
    assert_eq!(joined, 150);
}

#[test]
fn messagepack_strings_decode_as_x_text_normalises_them() {
    let string = Type::String;
    for (input, expected) in cases() {
        let v = Value::from_msgpack(&msgpack_str(&input), &string)
            .unwrap_or_else(|e| panic!("{}: {e}", to_hex(&input)));
        assert_eq!(
            to_hex(&text_of(&v)),
            to_hex(&expected),
            "input {}",
            to_hex(&input)
        );
    }
}

#[test]
fn json_strings_decode_as_x_text_normalises_them() {
    let string = Type::String;
    for (input, expected) in cases() {
        let text = String::from_utf8(input).expect("UTF-8");
        let json = serde_json::to_vec(&text).expect("a JSON string");
        let v = Value::from_json(&json, &string).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(to_hex(&text_of(&v)), to_hex(&expected), "input {text:?}");
    }
}
