//! Reading what `terraform show -json` prints.
//!
//! Terraform keeps numbers at any precision and prints them in full: a configuration's
//! `1e5000` is printed as 5,001 digits. `serde_json` holds a number as at most an `f64`
//! and refuses the whole document over one number beyond the `f64` range ("number out of
//! range"). Such a number is read as a string of its digits instead, so that the state and
//! plan of such a configuration can still be checked; every other number is read as
//! `serde_json` reads it.

use serde_json::Value as Json;

/// The JSON document `text`; numbers beyond the `f64` range become strings of their text.
pub(crate) fn parse(text: &[u8]) -> serde_json::Result<Json> {
    match serde_json::from_slice(text) {
        Ok(json) => Ok(json),
        // Any other fault is in the document as printed: the original error says where.
        Err(e) => serde_json::from_slice(&quote_huge_numbers(text)).map_err(|_| e),
    }
}

/// `text` with every number token whose value is beyond the `f64` range quoted.
fn quote_huge_numbers(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + 16);
    let mut in_string = false;
    let mut i = 0;
    while let Some(&b) = text.get(i) {
        if in_string {
            out.push(b);
            i += 1;
            match b {
                b'\\' => {
                    // The escaped byte, whatever it is, is not the end of the string.
                    out.extend(text.get(i).copied());
                    i += 1;
                }
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        if b == b'-' || b.is_ascii_digit() {
            let len = text[i..]
                .iter()
                .take_while(|c| matches!(c, b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E'))
                .count();
            let token = &text[i..i + len];
            let huge = std::str::from_utf8(token)
                .ok()
                .and_then(|t| t.parse::<f64>().ok())
                .is_some_and(f64::is_infinite);
            if huge {
                out.push(b'"');
                out.extend_from_slice(token);
                out.push(b'"');
            } else {
                out.extend_from_slice(token);
            }
            i += len;
            continue;
        }
        in_string = b == b'"';
        out.push(b);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn numbers_beyond_f64_become_strings_of_their_digits() {
        let e5000 = format!("1{}", "0".repeat(5000));
        let text = format!(
            r#"{{"q":{e5000},"n":-{e5000},"r":9223372036854775808,"f":0.1,"s":"1e999 \"{e5000}\\","t":[1e400]}}"#
        );
        assert!(serde_json::from_str::<Json>(&text).is_err());
        let json = parse(text.as_bytes()).unwrap();
        assert_eq!(json["q"], json!(e5000));
        assert_eq!(json["n"], json!(format!("-{e5000}")));
        assert_eq!(json["r"], json!(9223372036854775808u64));
        assert_eq!(json["f"], json!(0.1));
        assert_eq!(json["s"], json!(format!("1e999 \"{e5000}\\")));
        assert_eq!(json["t"], json!(["1e400"]));
    }

    #[test]
    fn documents_serde_json_reads_are_read_as_it_reads_them() {
        let text = br#"{"a":[1,-2.5,1e300,"x\"1e999"],"b":null}"#;
        assert_eq!(
            parse(text).unwrap(),
            serde_json::from_slice::<Json>(text).unwrap()
        );
        // A broken document keeps serde_json's own error.
        let e = parse(br#"{"a":1e999,"#).unwrap_err();
        assert!(e.to_string().contains("number out of range"), "{e}");
    }
}
