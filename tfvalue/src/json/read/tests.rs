use super::*;

fn text(r: &mut Reader<'_>) -> Result<String> {
    r.string().map(|t| match t {
        Text::Borrowed(s) => format!("B:{s}"),
        Text::Copied(s) => format!("C:{s}"),
    })
}

/// A string literal's content (after the opening quote) read from `body`.
fn read_string(body: &[u8]) -> Result<String> {
    let mut r = Reader::new(body);
    text(&mut r)
}

#[test]
fn special_bytes_at_every_offset_of_a_word() {
    // Each special byte at each of the 8 offsets, with plain bytes around it: the
    // scanner stops exactly there.
    for special in [b'"', b'\\', 0x00, 0x1f, 0x80, 0xff] {
        for at in 0..20 {
            let mut bytes = vec![b'a'; 20];
            bytes[at] = special;
            let r = Reader::new(&bytes);
            assert_eq!(r.find_special(0, true), at, "{special:#x} at {at}");
            let expected_low = if special >= 0x80 { 20 } else { at };
            assert_eq!(
                r.find_special(0, false),
                expected_low,
                "{special:#x} at {at}"
            );
        }
    }
    // The neighbours of the special bytes are plain.
    let plain: Vec<u8> = [0x20, 0x21, 0x23, 0x5b, 0x5d, 0x7f].repeat(4);
    assert_eq!(Reader::new(&plain).find_special(0, true), plain.len());
}

#[test]
fn strings_borrowed_copied_and_checked() {
    assert_eq!(read_string(b"abc\"").unwrap(), "B:abc");
    assert_eq!(read_string(b"\"").unwrap(), "B:");
    assert_eq!(
        read_string("h\u{e9}llo w\u{f6}rld, long enough\"".as_bytes()).unwrap(),
        "B:h\u{e9}llo w\u{f6}rld, long enough"
    );
    assert_eq!(
        read_string(br#"a\"b\\c\/d\b\f\n\r\t\u00e9\u20AC\ud83d\ude00z""#).unwrap(),
        "C:a\"b\\c/d\u{8}\u{c}\n\r\t\u{e9}\u{20ac}\u{1f600}z"
    );
    assert_eq!(
        read_string("\u{e9}\\n\u{e9}\"".as_bytes()).unwrap(),
        "C:\u{e9}\n\u{e9}"
    );
}

#[test]
fn string_errors_name_the_byte() {
    let cases: &[(&[u8], &str)] = &[
        (b"abc", "EOF while parsing a string at line 1 column 3"),
        (b"ab\\", "EOF while parsing a string at line 1 column 3"),
        (b"ab\\u12", "EOF while parsing a string at line 1 column 6"),
        (
            b"a\x01b\"",
            "control character (\\u0000-\\u001F) found while parsing a string at line 1 column 2",
        ),
        (b"ab\\q\"", "invalid escape at line 1 column 4"),
        (b"\\u12g4\"", "invalid escape at line 1 column 6"),
        (
            b"\\ud800\"",
            "unpaired UTF-16 surrogate in a \\u escape at line 1 column 7",
        ),
        (
            b"\\ud800\\u0041\"",
            "unpaired UTF-16 surrogate in a \\u escape at line 1 column 7",
        ),
        (
            b"\\udc00\"",
            "unpaired UTF-16 surrogate in a \\u escape at line 1 column 3",
        ),
        (b"ab\xff\"", "invalid UTF-8 at line 1 column 3 (byte 2)"),
        (b"ab\xc3\"", "invalid UTF-8 at line 1 column 3 (byte 2)"),
        (b"\\n\xe9\"", "invalid UTF-8 at line 1 column 3 (byte 2)"),
    ];
    for (body, message) in cases {
        let e = read_string(body).unwrap_err();
        assert_eq!(e.message(), format!("invalid JSON: {message}"), "{body:?}");
        assert_eq!(e.kind(), ErrorKind::Syntax);
        // Skipping finds the same error.
        let mut r = Reader::new(body);
        assert_eq!(
            r.skip_string().unwrap_err().message(),
            e.message(),
            "{body:?}"
        );
    }
}

fn number(text: &str) -> Result<(String, usize)> {
    let mut r = Reader::new(text.as_bytes());
    let n = r.number()?;
    Ok((
        match n {
            Num::Int {
                negative,
                magnitude,
            } => format!("int {}{magnitude}", if negative { "-" } else { "" }),
            Num::Text(t) => format!("text {t}"),
        },
        r.pos,
    ))
}

#[test]
fn numbers_by_the_grammar() {
    let ok = [
        ("0", "int 0", 1),
        ("-0", "int -0", 2),
        ("7,", "int 7", 1),
        ("18446744073709551615]", "int 18446744073709551615", 20),
        ("18446744073709551616", "text 18446744073709551616", 20),
        ("-12.50e+3}", "text -12.50e+3", 9),
        ("1E5", "text 1E5", 3),
        ("0.5", "text 0.5", 3),
    ];
    for (text, want, end) in ok {
        assert_eq!(number(text).unwrap(), (want.to_owned(), end), "{text}");
    }
    let bad = [
        ("-", "EOF while parsing a value at line 1 column 1"),
        ("-x", "invalid number at line 1 column 2"),
        ("01", "invalid number at line 1 column 2"),
        ("1.", "EOF while parsing a value at line 1 column 2"),
        ("1.e5", "invalid number at line 1 column 3"),
        ("1e", "EOF while parsing a value at line 1 column 2"),
        ("1e+]", "invalid number at line 1 column 4"),
    ];
    for (text, message) in bad {
        assert_eq!(
            number(text).unwrap_err().message(),
            format!("invalid JSON: {message}"),
            "{text}"
        );
    }
}

#[test]
fn skip_checks_syntax_and_returns_the_text() {
    let mut r = Reader::new(br#" [1, {"a": [true, null, "x\n"]}, -2.5e3, {}, []] , 5"#);
    assert_eq!(
        r.skip().unwrap(),
        br#"[1, {"a": [true, null, "x\n"]}, -2.5e3, {}, []]"#
    );
    assert_eq!(r.peek(), Some(b','));
    let bad: &[(&[u8], &str)] = &[
        (b"[1,]", "trailing comma at line 1 column 4"),
        (b"{\"a\":1,}", "trailing comma at line 1 column 8"),
        (b"[1 2]", "expected `,` or `]` at line 1 column 4"),
        (b"{\"a\" 1}", "expected `:` at line 1 column 6"),
        (b"{\"a\":1 \"b\"}", "expected `,` or `}` at line 1 column 8"),
        (b"{1:2}", "key must be a string at line 1 column 2"),
        (b"[tru]", "expected ident at line 1 column 5"),
        (b"[nul", "EOF while parsing a value at line 1 column 4"),
        (b"[[[", "EOF while parsing a list at line 1 column 3"),
        (
            b"{\"a\":[1]",
            "EOF while parsing an object at line 1 column 8",
        ),
        (b"", "EOF while parsing a value at line 1 column 0"),
        (b"[\n  x]", "expected value at line 2 column 3"),
        (b"[\xff]", "invalid UTF-8 at line 1 column 2 (byte 1)"),
        ("[\u{e9}]".as_bytes(), "expected value at line 1 column 2"),
    ];
    for (input, message) in bad {
        let mut r = Reader::new(input);
        assert_eq!(
            r.skip().unwrap_err().message(),
            format!("invalid JSON: {message}"),
            "{:?}",
            String::from_utf8_lossy(input)
        );
    }
    // Deep nesting is skipped without recursion.
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let mut r = Reader::new(deep.as_bytes());
    assert_eq!(r.skip().unwrap().len(), deep.len());
}

#[test]
fn literals() {
    let mut r = Reader::new(b"true");
    assert_eq!(r.bool_or_null().unwrap(), Some(true));
    let mut r = Reader::new(b"nul");
    assert_eq!(
        r.bool_or_null().unwrap_err().message(),
        "invalid JSON: EOF while parsing a value at line 1 column 3"
    );
    let mut r = Reader::new(b"fals3");
    assert_eq!(
        r.bool_or_null().unwrap_err().message(),
        "invalid JSON: expected ident at line 1 column 5"
    );
}

/// Strings are read in NFC; object keys as sent (an attribute is looked up by its bytes).
#[test]
fn keys_are_read_as_sent_and_strings_in_nfc() {
    for body in [&b"e\xcc\x81\""[..], b"e\\u0301\""] {
        assert_eq!(read_string(body).unwrap().as_bytes()[2..], *b"\xc3\xa9");
        let mut r = Reader::new(body);
        let key = match r.key().unwrap() {
            (Text::Borrowed(s) | Text::Copied(s), false) => s.to_owned(),
            (_, true) => panic!("not ASCII"),
        };
        assert_eq!(key.as_bytes(), b"e\xcc\x81");
    }
    // Text already in NFC, and ASCII, are the same either way.
    let mut r = Reader::new(b"\xc3\xa9x\"");
    assert!(matches!(
        r.key().unwrap(),
        (Text::Borrowed("\u{e9}x"), false)
    ));
    assert_eq!(read_string(b"plain\"").unwrap(), "B:plain");
    // An ASCII key says so: it needs no second look for NFC.
    assert!(matches!(
        Reader::new(b"plain\"").key().unwrap(),
        (Text::Borrowed("plain"), true)
    ));
    assert!(matches!(
        Reader::new(b"pl\\u0061in\"").key().unwrap(),
        (Text::Copied("plain"), false)
    ));
    // A key is still checked as UTF-8.
    assert!(Reader::new(b"\xff\"").key().is_err());
}
