//! JSON strings escaped byte for byte as Terraform writes them: Go's `encoding/json`.
//!
//! Terraform (built with Go 1.23) marshals strings with HTML escaping on, so its JSON text
//! differs from serde_json's in a few escapes that any JSON reader reads back the same:
//! `<`, `>`, `&`, U+2028 and U+2029 become `\u003c`, `\u003e`, `\u0026`, `\u2028`,
//! `\u2029`. Both the JSON value encoding and the JSON type constraints (also inside
//! MessagePack dynamic values) are written with [`write_go_json_string`].

/// Lower-case hexadecimal digits, as Go writes `\u00XX` escapes.
const HEX: &[u8; 16] = b"0123456789abcdef";

/// Whether a byte may need escaping in Go's `encoding/json` output: control characters,
/// `"`, `\`, the HTML-sensitive `<`, `>`, `&`, and 0xE2, the lead byte of U+2028/U+2029.
const fn needs_escape_table() -> [bool; 256] {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        t[b] = true;
        b += 1;
    }
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t[b'<' as usize] = true;
    t[b'>' as usize] = true;
    t[b'&' as usize] = true;
    t[0xE2] = true;
    t
}

static NEEDS_ESCAPE: [bool; 256] = needs_escape_table();

/// Appends `s` as a JSON string escaped exactly as Go's `encoding/json` (`json.Marshal`,
/// Go 1.22 and later, which Terraform 1.7+ is built with) does:
/// `"` and `\` backslash-escaped; `\n`, `\r`, `\t`, `\b`, `\f` as such; other control
/// characters as `\u00XX` (lower-case hex); `<`, `>`, `&` as `\u003c`, `\u003e`, `\u0026`;
/// U+2028 and U+2029 as `\u2028` and `\u2029`; everything else (DEL and all other
/// non-ASCII included) as raw UTF-8.
#[inline]
pub(crate) fn write_go_json_string(out: &mut Vec<u8>, s: &str) {
    let bytes = s.as_bytes();
    // Most strings need no escape at all: one scan, one copy.
    match bytes.iter().position(|&b| NEEDS_ESCAPE[usize::from(b)]) {
        None => {
            out.reserve(bytes.len() + 2);
            out.push(b'"');
            out.extend_from_slice(bytes);
            out.push(b'"');
        }
        Some(first) => write_escaped(out, bytes, first),
    }
}

/// [`write_go_json_string`] from the first byte that may need an escape, `first`.
#[inline(never)]
fn write_escaped(out: &mut Vec<u8>, bytes: &[u8], first: usize) {
    out.reserve(bytes.len() + 8);
    out.push(b'"');
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate().skip(first) {
        if !NEEDS_ESCAPE[usize::from(b)] {
            continue;
        }
        let escape: &[u8] = match b {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0x08 => b"\\b",
            0x0C => b"\\f",
            0xE2 => match (bytes.get(i + 1), bytes.get(i + 2)) {
                (Some(0x80), Some(0xA8)) => b"\\u2028",
                (Some(0x80), Some(0xA9)) => b"\\u2029",
                _ => continue,
            },
            _ => {
                // Other control characters and < > &: \u00XX.
                out.extend_from_slice(&bytes[start..i]);
                out.extend_from_slice(b"\\u00");
                out.push(HEX[usize::from(b >> 4)]);
                out.push(HEX[usize::from(b & 0xF)]);
                start = i + 1;
                continue;
            }
        };
        out.extend_from_slice(&bytes[start..i]);
        out.extend_from_slice(escape);
        // U+2028/U+2029 are three bytes long.
        start = if b == 0xE2 { i + 3 } else { i + 1 };
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go_escaped(s: &str) -> Vec<u8> {
        let mut out = Vec::new();
        write_go_json_string(&mut out, s);
        out
    }

    #[test]
    fn go_escaping_byte_exact() {
        assert_eq!(go_escaped(""), b"\"\"");
        assert_eq!(go_escaped("plain_name"), b"\"plain_name\"");
        assert_eq!(go_escaped("a\"b\\c"), b"\"a\\\"b\\\\c\"");
        assert_eq!(go_escaped("\n\r\t"), b"\"\\n\\r\\t\"");
        // Go 1.22+ writes \b and \f as such.
        assert_eq!(go_escaped("\u{8}\u{c}"), b"\"\\b\\f\"");
        assert_eq!(
            go_escaped("\u{0}\u{1}\u{b}\u{e}\u{1a}\u{1f}"),
            b"\"\\u0000\\u0001\\u000b\\u000e\\u001a\\u001f\""
        );
        assert_eq!(go_escaped("<a>&"), b"\"\\u003ca\\u003e\\u0026\"");
        assert_eq!(go_escaped("x\u{2028}y\u{2029}z"), b"\"x\\u2028y\\u2029z\"");
        // Other characters, DEL and other E2-led characters included, stay raw.
        assert_eq!(go_escaped("\u{7f}"), b"\"\x7f\"");
        assert_eq!(
            go_escaped("é日本\u{2027}\u{202a}€"),
            "\"é日本\u{2027}\u{202a}€\"".as_bytes()
        );
        assert_eq!(go_escaped("😀"), b"\"\xf0\x9f\x98\x80\"");
        assert_eq!(go_escaped("\u{2028}"), b"\"\\u2028\"");
    }
}
