//! Helpers shared by tfvalue's integration tests and examples: test data and hex.

use std::path::PathBuf;

/// Path of a file under `tests/data/`.
pub fn data_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("data")
        .join(name)
}

/// Contents of a file under `tests/data/`.
pub fn data(name: &str) -> Vec<u8> {
    let path = data_path(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Contents of a text file under `tests/data/`.
pub fn data_text(name: &str) -> String {
    String::from_utf8(data(name)).unwrap_or_else(|e| panic!("{name} is not UTF-8: {e}"))
}

/// Decodes hex (whitespace ignored); panics on bad input (test data is trusted).
pub fn hex(s: &str) -> Vec<u8> {
    let digits: Vec<u8> = s.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    assert!(
        digits.len().is_multiple_of(2),
        "odd number of hex digits in {s:?}"
    );
    digits
        .chunks(2)
        .map(|p| {
            let pair = std::str::from_utf8(p).expect("hex is ASCII");
            u8::from_str_radix(pair, 16).unwrap_or_else(|_| panic!("bad hex {pair:?}"))
        })
        .collect()
}

/// Encodes bytes as lowercase hex.
pub fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
