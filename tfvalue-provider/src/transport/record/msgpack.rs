//! MessagePack read without a type: the values of a cassette's `DynamicValue`s, shown as
//! JSON beside their bytes and walked by attribute name to redact secrets.
//!
//! Every value keeps the span of bytes it was read from, so that a redaction replaces
//! exactly that span with `nil` (`0xc0`) and leaves every other byte as it was.

use std::ops::Range;

/// How deep values may nest before the bytes are refused (no real schema comes near).
const MAX_DEPTH: usize = 256;

/// One MessagePack value and the bytes it was read from.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Mp {
    pub(crate) kind: Kind,
    pub(crate) span: Range<usize>,
}

/// The value itself.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Kind {
    Nil,
    Bool(bool),
    Int(i64),
    UInt(u64),
    Float(f64),
    Str(Vec<u8>),
    Bin(Vec<u8>),
    Array(Vec<Mp>),
    Map(Vec<(Mp, Mp)>),
    Ext(i8, Vec<u8>),
}

/// Reads one value that fills `bytes` exactly.
///
/// # Errors
/// What is wrong and at which byte offset: truncated input, a reserved marker (`0xc1`),
/// nesting deeper than 256, or bytes left after the value.
pub(crate) fn read(bytes: &[u8]) -> Result<Mp, String> {
    let mut reader = Reader { bytes, at: 0 };
    let value = reader.value(0)?;
    if reader.at != bytes.len() {
        return Err(format!(
            "{} bytes left after the value, at byte {}",
            bytes.len() - reader.at,
            reader.at
        ));
    }
    Ok(value)
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], String> {
        let end = self
            .at
            .checked_add(n)
            .filter(|end| *end <= self.bytes.len());
        let Some(end) = end else {
            return Err(format!(
                "the bytes end at {} where {n} more were expected (from byte {})",
                self.bytes.len(),
                self.at
            ));
        };
        let taken = &self.bytes[self.at..end];
        self.at = end;
        Ok(taken)
    }

    fn uint(&mut self, n: usize) -> Result<u64, String> {
        Ok(self
            .take(n)?
            .iter()
            .fold(0u64, |acc, b| (acc << 8) | u64::from(*b)))
    }

    fn len(&mut self, n: usize) -> Result<usize, String> {
        // A length larger than the input cannot be honest; `take` refuses it then.
        usize::try_from(self.uint(n)?)
            .map_err(|_| format!("a length too large at byte {}", self.at))
    }

    fn value(&mut self, depth: usize) -> Result<Mp, String> {
        if depth > MAX_DEPTH {
            return Err(format!(
                "values nest deeper than {MAX_DEPTH} at byte {}",
                self.at
            ));
        }
        let start = self.at;
        let marker = self.take(1)?[0];
        let kind = match marker {
            0x00..=0x7f => Kind::UInt(u64::from(marker)),
            0x80..=0x8f => self.map(usize::from(marker & 0x0f), depth)?,
            0x90..=0x9f => self.array(usize::from(marker & 0x0f), depth)?,
            0xa0..=0xbf => Kind::Str(self.take(usize::from(marker & 0x1f))?.to_vec()),
            0xc0 => Kind::Nil,
            0xc1 => return Err(format!("the reserved marker 0xc1 at byte {start}")),
            0xc2 => Kind::Bool(false),
            0xc3 => Kind::Bool(true),
            0xc4..=0xc6 => {
                let n = self.len(1 << (marker - 0xc4))?;
                Kind::Bin(self.take(n)?.to_vec())
            }
            0xc7..=0xc9 => {
                let n = self.len(1 << (marker - 0xc7))?;
                self.ext(n)?
            }
            0xca => Kind::Float(f64::from(f32::from_bits(self.uint(4)? as u32))),
            0xcb => Kind::Float(f64::from_bits(self.uint(8)?)),
            0xcc..=0xcf => Kind::UInt(self.uint(1 << (marker - 0xcc))?),
            0xd0..=0xd3 => {
                let width = 1usize << (marker - 0xd0);
                let raw = self.uint(width)?;
                let shift = 64 - 8 * width as u32;
                Kind::Int(((raw << shift) as i64) >> shift)
            }
            0xd4..=0xd8 => self.ext(1 << (marker - 0xd4))?,
            0xd9..=0xdb => {
                let n = self.len(1 << (marker - 0xd9))?;
                Kind::Str(self.take(n)?.to_vec())
            }
            0xdc | 0xdd => {
                let n = self.len(2 << (marker - 0xdc))?;
                self.array(n, depth)?
            }
            0xde | 0xdf => {
                let n = self.len(2 << (marker - 0xde))?;
                self.map(n, depth)?
            }
            0xe0..=0xff => Kind::Int(i64::from(marker as i8)),
        };
        Ok(Mp {
            kind,
            span: start..self.at,
        })
    }

    fn ext(&mut self, n: usize) -> Result<Kind, String> {
        let tag = self.take(1)?[0] as i8;
        Ok(Kind::Ext(tag, self.take(n)?.to_vec()))
    }

    fn array(&mut self, n: usize, depth: usize) -> Result<Kind, String> {
        // Each element takes at least one byte: a count beyond the input is refused here
        // rather than reserved.
        let mut items = Vec::with_capacity(n.min(self.bytes.len() - self.at));
        for _ in 0..n {
            items.push(self.value(depth + 1)?);
        }
        Ok(Kind::Array(items))
    }

    fn map(&mut self, n: usize, depth: usize) -> Result<Kind, String> {
        let mut entries = Vec::with_capacity(n.min(self.bytes.len() - self.at));
        for _ in 0..n {
            let key = self.value(depth + 1)?;
            let value = self.value(depth + 1)?;
            entries.push((key, value));
        }
        Ok(Kind::Map(entries))
    }
}

impl Mp {
    /// The value of the map entry whose key is the string `name`.
    pub(crate) fn entry(&self, name: &str) -> Option<&Mp> {
        match &self.kind {
            Kind::Map(entries) => entries
                .iter()
                .find(|(key, _)| matches!(&key.kind, Kind::Str(k) if k == name.as_bytes()))
                .map(|(_, value)| value),
            _ => None,
        }
    }

    /// The value as JSON, to read: `null`, booleans, numbers and strings as themselves
    /// (text that is not UTF-8 with its bad bytes replaced), arrays, maps as objects keyed
    /// by their keys' text, binary as `{"bin": "<hex>"}`, Terraform's unknown value
    /// (extension 0) as `"(unknown)"`, a refined unknown (extension 12) as
    /// `"(unknown, refined)"`, any other extension as `{"ext": <type>, "data": "<hex>"}`.
    pub(crate) fn to_json(&self) -> serde_json::Value {
        use serde_json::Value as J;
        match &self.kind {
            Kind::Nil => J::Null,
            Kind::Bool(b) => J::Bool(*b),
            Kind::Int(i) => J::from(*i),
            Kind::UInt(u) => J::from(*u),
            Kind::Float(f) => serde_json::Number::from_f64(*f)
                .map(J::Number)
                .unwrap_or_else(|| J::String(f.to_string())),
            Kind::Str(s) => J::String(String::from_utf8_lossy(s).into_owned()),
            Kind::Bin(b) => serde_json::json!({ "bin": hex(b) }),
            Kind::Array(items) => J::Array(items.iter().map(Mp::to_json).collect()),
            Kind::Map(entries) => J::Object(
                entries
                    .iter()
                    .map(|(key, value)| {
                        let key = match &key.kind {
                            Kind::Str(s) => String::from_utf8_lossy(s).into_owned(),
                            _ => key.to_json().to_string(),
                        };
                        (key, value.to_json())
                    })
                    .collect(),
            ),
            Kind::Ext(0, _) => J::String("(unknown)".to_owned()),
            Kind::Ext(12, _) => J::String("(unknown, refined)".to_owned()),
            Kind::Ext(tag, data) => serde_json::json!({ "ext": tag, "data": hex(data) }),
        }
    }
}

/// `bytes` with each span replaced by `nil` (`0xc0`); the spans must not overlap.
pub(crate) fn with_nils(bytes: &[u8], spans: &mut [Range<usize>]) -> Vec<u8> {
    spans.sort_by_key(|span| span.start);
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    for span in spans.iter() {
        out.extend_from_slice(&bytes[at..span.start]);
        out.push(0xc0);
        at = span.end;
    }
    out.extend_from_slice(&bytes[at..]);
    out
}

/// Lower-case hexadecimal, two digits a byte.
pub(crate) fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for byte in bytes {
        out.push(char::from(DIGITS[usize::from(byte >> 4)]));
        out.push(char::from(DIGITS[usize::from(byte & 0x0f)]));
    }
    out
}

/// The bytes of hexadecimal text (either case).
///
/// # Errors
/// An odd length, or the offset of the first character that is not a hex digit.
pub(crate) fn unhex(text: &str) -> Result<Vec<u8>, String> {
    if !text.len().is_multiple_of(2) {
        return Err(format!("hexadecimal of odd length {}", text.len()));
    }
    let digit = |at: usize| -> Result<u8, String> {
        let c = text.as_bytes()[at];
        char::from(c).to_digit(16).map(|d| d as u8).ok_or_else(|| {
            format!(
                "{:?} at offset {at} is not a hexadecimal digit",
                char::from(c)
            )
        })
    };
    (0..text.len() / 2)
        .map(|i| Ok(digit(2 * i)? << 4 | digit(2 * i + 1)?))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_marker_family_reads_with_its_span() {
        // {"a": 1, "b": [-1, "x", nil, true], "c": 1.5}
        let bytes =
            b"\x83\xa1a\x01\xa1b\x94\xff\xa1x\xc0\xc3\xa1c\xcb\x3f\xf8\x00\x00\x00\x00\x00\x00";
        let value = read(bytes).unwrap();
        assert_eq!(
            value.to_json(),
            serde_json::json!({"a": 1, "b": [-1, "x", null, true], "c": 1.5})
        );
        assert_eq!(value.entry("b").unwrap().span, 6..12);
        assert_eq!(value.span, 0..bytes.len());
    }

    #[test]
    fn wide_integers_strings_and_extensions_read() {
        assert_eq!(read(b"\xd0\x80").unwrap().kind, Kind::Int(-128));
        assert_eq!(read(b"\xd1\xff\x00").unwrap().kind, Kind::Int(-256));
        assert_eq!(read(b"\xcd\x01\x00").unwrap().kind, Kind::UInt(256));
        assert_eq!(read(b"\xd9\x02hi").unwrap().kind, Kind::Str(b"hi".to_vec()));
        assert_eq!(
            read(b"\xc4\x01\x07").unwrap().to_json(),
            serde_json::json!({"bin": "07"})
        );
        // Terraform's unknown: fixext1 of type 0.
        assert_eq!(
            read(b"\xd4\x00\x00").unwrap().to_json(),
            serde_json::json!("(unknown)")
        );
        assert_eq!(
            read(b"\xc7\x01\x0c\x80").unwrap().to_json(),
            serde_json::json!("(unknown, refined)")
        );
        assert_eq!(
            read(b"\xca\x3f\xc0\x00\x00").unwrap().kind,
            Kind::Float(1.5)
        );
    }

    #[test]
    fn bad_bytes_are_errors_naming_the_offset() {
        assert_eq!(
            read(b"\x92\x01").unwrap_err(),
            "the bytes end at 2 where 1 more were expected (from byte 2)"
        );
        assert_eq!(
            read(b"\xc1").unwrap_err(),
            "the reserved marker 0xc1 at byte 0"
        );
        assert_eq!(
            read(b"\x01\x02").unwrap_err(),
            "1 bytes left after the value, at byte 1"
        );
        assert_eq!(
            read(b"\xdd\xff\xff\xff\xff").unwrap_err(),
            "the bytes end at 5 where 1 more were expected (from byte 5)"
        );
        let deep = vec![0x91u8; 300];
        assert_eq!(
            read(&deep).unwrap_err(),
            "values nest deeper than 256 at byte 257"
        );
    }

    #[test]
    fn a_redaction_replaces_only_its_span_with_nil() {
        let bytes = b"\x82\xa1a\xa3abc\xa1b\x05";
        let value = read(bytes).unwrap();
        let mut spans = vec![value.entry("a").unwrap().span.clone()];
        assert_eq!(with_nils(bytes, &mut spans), b"\x82\xa1a\xc0\xa1b\x05");
    }

    #[test]
    fn hex_round_trips_and_refuses_bad_digits() {
        assert_eq!(hex(b"\x00\xab\xff"), "00abff");
        assert_eq!(unhex("00ABff").unwrap(), b"\x00\xab\xff");
        assert_eq!(unhex("abc").unwrap_err(), "hexadecimal of odd length 3");
        assert_eq!(
            unhex("0g").unwrap_err(),
            "'g' at offset 1 is not a hexadecimal digit"
        );
    }
}
