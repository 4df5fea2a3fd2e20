//! tfvalue's JSON reader (tfvalue/src/json/read.rs) against serde_json, the reference for
//! what is JSON: on documents, each of their prefixes and each of their one-byte mutations,
//! both accept the same inputs, read the same values from them, and (for malformed JSON)
//! report the same mistake at the same line and column.
//!
//! Where they differ by design, the test says so: tfvalue nests 256 levels (serde_json
//! 128), reports invalid UTF-8 in its own words, and refuses unpaired surrogate escapes
//! with a message of its own.

use tfvalue::ErrorKind;
use tfvalue_suite::data;
use tfvalue_suite::json_reference::disagreement;

/// Documents that exercise every part of the grammar.
fn documents() -> Vec<Vec<u8>> {
    let mut docs: Vec<Vec<u8>> = [
        r#"{"a":[1,-2,3.5,-0.25e-3,1E+2,0],"b":{"c":null,"d":true,"e":false},"f":"x\"y\\z\/\b\f\n\r\t\u00e9\ud83d\ude00"}"#,
        " [ 1 , [ ] , { } , \"\" , [ [ 0 ] ] ] \n",
        "\"caf\u{e9} \u{1f600} \\u20ac\"",
        "-9223372036854775808",
        "18446744073709551615",
        "18446744073709551616",
        "123456789012345678901234567890.5e-10",
        "{\"k\":\n\t[true,\r\nfalse]}",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect();
    docs.push(data("bench/payload-1.json"));
    docs
}

/// The bytes each position is replaced with: the grammar's punctuation, digits, letters of
/// literals and escapes, whitespace, a control character and bytes above 0x7f.
const MUTATIONS: &[u8] = b"\"\\,:[]{} 0-+.eEun\x00\x1f\x7f\x80\xc3\xff";

#[test]
fn documents_prefixes_and_mutations_read_as_serde_json_reads_them() {
    let mut checked = 0usize;
    let mut failures = Vec::new();
    for doc in documents() {
        let mut inputs: Vec<Vec<u8>> = vec![doc.clone()];
        inputs.extend((0..doc.len()).map(|n| doc[..n].to_vec()));
        // Mutations of the first 400 bytes (payload-1.json repeats its forms after that).
        for at in 0..doc.len().min(400) {
            for &b in MUTATIONS {
                if doc[at] != b {
                    let mut m = doc.clone();
                    m[at] = b;
                    inputs.push(m);
                }
            }
        }
        for input in inputs {
            checked += 1;
            if let Some(why) = disagreement(&input) {
                failures.push(format!("{:?}: {why}", String::from_utf8_lossy(&input)));
            }
        }
    }
    assert!(checked > 10_000, "only {checked} inputs");
    assert!(
        failures.is_empty(),
        "{} of {checked} inputs read differently, e.g.:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}

#[test]
fn nesting_is_bounded_at_256_levels_not_serde_jsons_128() {
    let at = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
    // serde_json's limit: past it, tfvalue still reads the value.
    assert!(serde_json::from_str::<serde_json::Value>(&at(129)).is_err());
    let v: serde_json::Value = tfvalue::json::from_slice(at(256).as_bytes()).unwrap();
    assert_eq!(v.to_string(), at(256));
    let e = tfvalue::json::from_slice::<serde_json::Value>(at(257).as_bytes()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Limit);
    assert_eq!(e.message(), "value nested more than 256 levels deep");
}

#[test]
fn invalid_utf8_is_reported_at_its_byte() {
    for (input, message) in [
        (
            &b"\"ab\xffc\""[..],
            "invalid UTF-8 at line 1 column 4 (byte 3)",
        ),
        (
            b"[\"\xe2\x82\"]",
            "invalid UTF-8 at line 1 column 3 (byte 2)",
        ),
        (b"[1,\n\xc0]", "invalid UTF-8 at line 2 column 1 (byte 4)"),
        (b"\"a\"\xff", "invalid UTF-8 at line 1 column 4 (byte 3)"),
        // Valid UTF-8 where JSON allows none is just unexpected.
        ("[\u{e9}]".as_bytes(), "expected value at line 1 column 2"),
    ] {
        let e = tfvalue::json::from_slice::<serde_json::Value>(input).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Syntax);
        assert_eq!(e.message(), format!("invalid JSON: {message}"));
    }
}
