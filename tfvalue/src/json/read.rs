//! The JSON text reader under the deserializer (`json/de.rs`): whitespace, literals,
//! strings, numbers, skipping a whole value, and syntax errors with their line and column.
//!
//! It reads bytes, not text: the input is never validated as a whole. A string is scanned
//! eight bytes at a time for the bytes that end the fast path (a quote, a backslash, a
//! control character, a byte above 0x7f); only a string that holds a byte above 0x7f is
//! checked as UTF-8, so the usual ASCII string costs one pass. Outside strings, JSON's
//! grammar allows ASCII alone, so a byte above 0x7f there is a syntax error (reported as
//! invalid UTF-8 when it is not the start of a character).
//!
//! Error messages name the place as serde_json does: `at line L column C`, where C counts
//! the bytes of the line up to and including the offending byte (and, at the end of the
//! input, the bytes of the last line).

use std::borrow::Cow;

use crate::error::{Error, ErrorKind, Result};

/// A string's content: borrowed from the input when it had no escapes, else decoded into
/// the reader's scratch buffer.
pub(crate) enum Text<'de, 's> {
    Borrowed(&'de str),
    Copied(&'s str),
}

/// A JSON number as scanned.
pub(crate) enum Num<'de> {
    /// A whole number written as digits alone (no fraction, no exponent) that fits 64
    /// bits: its sign and magnitude.
    Int { negative: bool, magnitude: u64 },
    /// Any other number: its text as written.
    Text(&'de str),
}

/// What the reader was in when the input ended, for "EOF while parsing …".
#[derive(Clone, Copy)]
pub(crate) enum Within {
    Value,
    List,
    Object,
    String,
}

impl Within {
    fn words(self) -> &'static str {
        match self {
            Within::Value => "a value",
            Within::List => "a list",
            Within::Object => "an object",
            Within::String => "a string",
        }
    }
}

/// The byte-level reader: the input, a position, and buffers reused across values.
pub(crate) struct Reader<'de> {
    pub(crate) input: &'de [u8],
    pub(crate) pos: usize,
    /// A string with escapes, decoded.
    scratch: Vec<u8>,
    /// The closing brackets of the containers a skip is inside (one byte a level, so
    /// bounded by the input's length).
    open: Vec<u8>,
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// Bytes of `w` equal to zero (the lowest flagged byte is exact; bytes above it may be
/// flagged falsely, which callers never look at).
#[inline(always)]
fn zero_bytes(w: u64) -> u64 {
    w.wrapping_sub(ONES) & !w & HIGHS
}

/// Flags the bytes of `w` (little endian) that end a string's plain run: `"`, `\`, a
/// control character, and, with `high`, a byte above 0x7f.
#[inline(always)]
fn special_bytes(w: u64, high: bool) -> u64 {
    let quote = zero_bytes(w ^ (ONES * u64::from(b'"')));
    let backslash = zero_bytes(w ^ (ONES * u64::from(b'\\')));
    let control = w.wrapping_sub(ONES * 0x20) & !w & HIGHS;
    let high_bits = if high { w & HIGHS } else { 0 };
    quote | backslash | control | high_bits
}

#[inline(always)]
fn is_special(b: u8, high: bool) -> bool {
    b == b'"' || b == b'\\' || b < 0x20 || (high && b >= 0x80)
}

/// `bytes` as text; every byte is ASCII (checked by the caller's grammar).
#[inline(always)]
fn ascii(bytes: &[u8]) -> &str {
    debug_assert!(bytes.is_ascii());
    // SAFETY: the callers pass only bytes below 0x80 (each checked on the way: a number's
    // digits and signs, a string whose every byte the scanner saw below 0x80), and ASCII
    // text is valid UTF-8.
    unsafe { std::str::from_utf8_unchecked(bytes) }
}

/// The value of a hexadecimal digit.
#[inline]
fn hex_digit(b: u8) -> Option<u16> {
    match b {
        b'0'..=b'9' => Some(u16::from(b - b'0')),
        b'a'..=b'f' => Some(u16::from(b - b'a' + 10)),
        b'A'..=b'F' => Some(u16::from(b - b'A' + 10)),
        _ => None,
    }
}

impl<'de> Reader<'de> {
    pub(crate) fn new(input: &'de [u8]) -> Self {
        Reader {
            input,
            pos: 0,
            scratch: Vec::new(),
            open: Vec::new(),
        }
    }

    /// The next byte that is not whitespace (consumed whitespace only), or `None` at the
    /// end of the input.
    #[inline(always)]
    pub(crate) fn peek(&mut self) -> Option<u8> {
        while let Some(&b) = self.input.get(self.pos) {
            match b {
                b' ' | b'\n' | b'\t' | b'\r' => self.pos += 1,
                _ => return Some(b),
            }
        }
        None
    }

    /// As [`Reader::peek`], with the end of the input an error.
    #[inline(always)]
    pub(crate) fn peek_in(&mut self, within: Within) -> Result<u8> {
        match self.peek() {
            Some(b) => Ok(b),
            None => Err(self.eof(within)),
        }
    }

    // -----------------------------------------------------------------------------------
    // Errors
    // -----------------------------------------------------------------------------------

    /// Line and column after reading up to `end` (exclusive): the column counts the bytes
    /// of the line read so far, so a newline read last starts a line at column 0.
    fn place(&self, end: usize) -> (usize, usize) {
        let before = self.input.get(..end).unwrap_or(self.input);
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        (line, before.len() - line_start)
    }

    /// The syntax error `what` at the byte at `at`, placed as having read that byte. A byte
    /// that starts no UTF-8 character there is reported as invalid UTF-8 instead.
    #[cold]
    pub(crate) fn error_at(&self, at: usize, what: &str) -> Error {
        if let Some(rest) = self.input.get(at..) {
            let head = &rest[..rest.len().min(4)];
            if head.first().is_some_and(|&b| b >= 0x80)
                && std::str::from_utf8(head).map_or_else(|e| e.valid_up_to(), |_| 1) == 0
            {
                return self.invalid_utf8(at);
            }
        }
        let (line, column) = self.place(at + 1);
        Error::new(
            ErrorKind::Syntax,
            format!("invalid JSON: {what} at line {line} column {column}"),
        )
    }

    /// The syntax error `what` at the current position.
    #[cold]
    pub(crate) fn error_here(&self, what: &str) -> Error {
        self.error_at(self.pos, what)
    }

    /// The input ended inside `within`.
    #[cold]
    pub(crate) fn eof(&self, within: Within) -> Error {
        let (line, column) = self.place(self.input.len());
        Error::new(
            ErrorKind::Syntax,
            format!(
                "invalid JSON: EOF while parsing {} at line {line} column {column}",
                within.words()
            ),
        )
    }

    /// Invalid UTF-8 at byte `at`.
    #[cold]
    pub(crate) fn invalid_utf8(&self, at: usize) -> Error {
        let (line, column) = self.place(at + 1);
        Error::new(
            ErrorKind::Syntax,
            format!("invalid JSON: invalid UTF-8 at line {line} column {column} (byte {at})"),
        )
    }

    /// The error for the byte at the current position where a value must start.
    #[cold]
    pub(crate) fn expected_value(&mut self) -> Error {
        match self.peek() {
            None => self.eof(Within::Value),
            Some(_) => self.error_here("expected value"),
        }
    }

    // -----------------------------------------------------------------------------------
    // Literals and punctuation
    // -----------------------------------------------------------------------------------

    /// Reads the literal `word` (`null`, `true`, `false`) whose first byte is at the
    /// current position.
    #[inline]
    pub(crate) fn literal(&mut self, word: &'static [u8]) -> Result<()> {
        let end = self.pos + word.len();
        if self.input.get(self.pos..end) == Some(word) {
            self.pos = end;
            return Ok(());
        }
        Err(self.bad_literal(word))
    }

    #[cold]
    fn bad_literal(&mut self, word: &'static [u8]) -> Error {
        for (i, &want) in word.iter().enumerate() {
            match self.input.get(self.pos + i) {
                None => {
                    self.pos = self.input.len();
                    return self.eof(Within::Value);
                }
                Some(&b) if b != want => return self.error_at(self.pos + i, "expected ident"),
                Some(_) => {}
            }
        }
        self.error_here("expected ident")
    }

    /// Reads a `null`, `true` or `false` at the current position; `None` for null.
    pub(crate) fn bool_or_null(&mut self) -> Result<Option<bool>> {
        match self.input.get(self.pos) {
            Some(b'n') => self.literal(b"null").map(|()| None),
            Some(b't') => self.literal(b"true").map(|()| Some(true)),
            Some(b'f') => self.literal(b"false").map(|()| Some(false)),
            _ => Err(self.expected_value()),
        }
    }

    /// After an element of a list: `true` if another follows (its comma consumed), `false`
    /// at the closing bracket (consumed).
    #[inline]
    pub(crate) fn list_next(&mut self) -> Result<bool> {
        match self.peek_in(Within::List)? {
            b',' => {
                self.pos += 1;
                if self.peek() == Some(b']') {
                    return Err(self.error_here("trailing comma"));
                }
                Ok(true)
            }
            b']' => {
                self.pos += 1;
                Ok(false)
            }
            _ => Err(self.error_here("expected `,` or `]`")),
        }
    }

    /// At the start of a list's elements (after `[`): `true` if an element follows,
    /// `false` at an immediate `]` (consumed).
    #[inline]
    pub(crate) fn list_first(&mut self) -> Result<bool> {
        if self.peek_in(Within::List)? == b']' {
            self.pos += 1;
            return Ok(false);
        }
        Ok(true)
    }

    /// Before an object's key: `first` for the first one (after `{`), else after a value.
    /// `true` if a key follows (its opening quote consumed), `false` at the closing brace
    /// (consumed).
    #[inline]
    pub(crate) fn object_next(&mut self, first: bool) -> Result<bool> {
        let mut b = self.peek_in(Within::Object)?;
        if !first {
            match b {
                b',' => {
                    self.pos += 1;
                    // After a comma a key is due: serde_json calls it a value.
                    b = self.peek_in(Within::Value)?;
                    if b == b'}' {
                        return Err(self.error_here("trailing comma"));
                    }
                }
                b'}' => {
                    self.pos += 1;
                    return Ok(false);
                }
                _ => return Err(self.error_here("expected `,` or `}`")),
            }
        } else if b == b'}' {
            self.pos += 1;
            return Ok(false);
        }
        if b != b'"' {
            return Err(self.error_here("key must be a string"));
        }
        self.pos += 1;
        Ok(true)
    }

    /// The `:` after an object's key.
    #[inline]
    pub(crate) fn colon(&mut self) -> Result<()> {
        match self.peek_in(Within::Object)? {
            b':' => {
                self.pos += 1;
                Ok(())
            }
            _ => Err(self.error_here("expected `:`")),
        }
    }

    /// Checks that only whitespace follows.
    pub(crate) fn end(&mut self) -> Result<()> {
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(self.error_here("trailing characters")),
        }
    }

    // -----------------------------------------------------------------------------------
    // Strings
    // -----------------------------------------------------------------------------------

    /// The index of the first byte from `from` that ends a plain run (see
    /// [`special_bytes`]), or the input's length.
    #[inline(always)]
    fn find_special(&self, from: usize, high: bool) -> usize {
        let input = self.input;
        let mut i = from;
        while let Some(chunk) = input.get(i..i + 8) {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            let flags = special_bytes(u64::from_le_bytes(word), high);
            if flags != 0 {
                return i + (flags.trailing_zeros() / 8) as usize;
            }
            i += 8;
        }
        while let Some(&b) = input.get(i) {
            if is_special(b, high) {
                return i;
            }
            i += 1;
        }
        input.len()
    }

    /// Reads a string whose opening quote was consumed.
    #[inline]
    pub(crate) fn string(&mut self) -> Result<Text<'de, '_>> {
        self.string_in::<true>().map(|(text, _)| text)
    }

    /// An object key, as [`Reader::string`] reads a string but not put in NFC: go-cty looks
    /// an object's attributes up by the bytes of their names (a name in NFD is not the
    /// attribute); map keys are normalised where they are read as such. With it, whether the
    /// key was seen to be ASCII (so in NFC already: the common case costs no second look).
    #[inline]
    pub(crate) fn key(&mut self) -> Result<(Text<'de, '_>, bool)> {
        self.string_in::<false>()
    }

    /// [`Reader::string`], the text put in NFC when `NFC` is set, and whether it is plain
    /// ASCII without escapes.
    #[inline]
    fn string_in<const NFC: bool>(&mut self) -> Result<(Text<'de, '_>, bool)> {
        let start = self.pos;
        let mut high = true;
        let mut i = start;
        loop {
            i = self.find_special(i, high);
            match self.input.get(i) {
                Some(b'"') => {
                    self.pos = i + 1;
                    let raw = &self.input[start..i];
                    return if high {
                        Ok((Text::Borrowed(ascii(raw)), true))
                    } else if NFC {
                        self.non_ascii(raw, start).map(|text| (text, false))
                    } else {
                        self.checked(raw, start)
                            .map(|text| (Text::Borrowed(text), false))
                    };
                }
                Some(b'\\') => {
                    self.pos = i;
                    return self
                        .escaped(start, high, NFC)
                        .map(|text| (Text::Copied(text), false));
                }
                Some(&b) if b >= 0x80 => {
                    // Not ASCII: the rest is scanned without stopping at such bytes, and
                    // the whole string is checked as UTF-8 at its end.
                    high = false;
                    i += 1;
                }
                Some(_) => return Err(self.control(i)),
                None => {
                    self.pos = self.input.len();
                    return Err(self.eof(Within::String));
                }
            }
        }
    }

    /// `raw`, the content of a string that began at `start` with a byte above 0x7f and no
    /// escape: checked as UTF-8 and in NFC, as go-cty reads text.
    #[cold]
    #[inline(never)]
    fn non_ascii(&mut self, raw: &'de [u8], start: usize) -> Result<Text<'de, '_>> {
        let text = self.checked(raw, start)?;
        Ok(match crate::text::nfc_non_ascii(text) {
            Cow::Borrowed(text) => Text::Borrowed(text),
            Cow::Owned(normalized) => {
                self.scratch = normalized.into_bytes();
                Text::Copied(std::str::from_utf8(&self.scratch).unwrap_or_default())
            }
        })
    }

    /// `raw`, the bytes of a string that began at `start`, checked as UTF-8.
    #[cold]
    fn checked(&self, raw: &'de [u8], start: usize) -> Result<&'de str> {
        std::str::from_utf8(raw).map_err(|e| self.invalid_utf8(start + e.valid_up_to()))
    }

    #[cold]
    fn control(&self, at: usize) -> Error {
        self.error_at(
            at,
            "control character (\\u0000-\\u001F) found while parsing a string",
        )
    }

    /// The rest of a string that began at `start` (its content) and has an escape at the
    /// current position; `ascii_so_far` tells whether its bytes up to here were ASCII. In NFC
    /// when `nfc` is set.
    #[cold]
    fn escaped(&mut self, start: usize, ascii_so_far: bool, nfc: bool) -> Result<&str> {
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.clear();
        let result = self.unescape(start, ascii_so_far, &mut scratch);
        self.scratch = scratch;
        result?;
        // An escape can spell a combining mark (`e\u0301`): the text goes into NFC too.
        if nfc && !self.scratch.is_ascii() {
            if let Ok(text) = std::str::from_utf8(&self.scratch) {
                if let Cow::Owned(normalized) = crate::text::nfc_non_ascii(text) {
                    self.scratch = normalized.into_bytes();
                }
            }
        }
        // Checked by `unescape`: its literal runs are valid UTF-8 and every escape adds a
        // whole character.
        std::str::from_utf8(&self.scratch).map_err(|e| self.invalid_utf8(start + e.valid_up_to()))
    }

    fn unescape(&mut self, start: usize, mut high: bool, out: &mut Vec<u8>) -> Result<()> {
        let input = self.input;
        let mut run = start;
        let mut i = self.pos;
        loop {
            match input.get(i) {
                Some(b'"') => {
                    out.extend_from_slice(&input[run..i]);
                    self.pos = i + 1;
                    if !high {
                        // The literal runs are the string's raw bytes less the escapes
                        // (ASCII): the raw bytes are UTF-8 exactly when they are.
                        self.checked(&input[start..i], start)?;
                    }
                    return Ok(());
                }
                Some(b'\\') => {
                    out.extend_from_slice(&input[run..i]);
                    i = self.escape(i + 1, out)?;
                    run = i;
                }
                Some(&b) if b >= 0x80 => {
                    high = false;
                    i += 1;
                }
                Some(&b) if b < 0x20 => return Err(self.control(i)),
                Some(_) => i += 1,
                None => {
                    self.pos = input.len();
                    return Err(self.eof(Within::String));
                }
            }
            i = self.find_special(i, high);
        }
    }

    /// Decodes the escape whose letter is at `at` into `out`; returns the index after it.
    fn escape(&mut self, at: usize, out: &mut Vec<u8>) -> Result<usize> {
        let Some(&letter) = self.input.get(at) else {
            self.pos = self.input.len();
            return Err(self.eof(Within::String));
        };
        let byte = match letter {
            b'"' => b'"',
            b'\\' => b'\\',
            b'/' => b'/',
            b'b' => 0x08,
            b'f' => 0x0c,
            b'n' => b'\n',
            b'r' => b'\r',
            b't' => b'\t',
            b'u' => return self.unicode_escape(at + 1, out),
            _ => return Err(self.error_at(at, "invalid escape")),
        };
        out.push(byte);
        Ok(at + 1)
    }

    /// The four hex digits at `at`.
    fn hex4(&mut self, at: usize) -> Result<u16> {
        let Some(digits) = self.input.get(at..at + 4) else {
            self.pos = self.input.len();
            return Err(self.eof(Within::String));
        };
        let mut n = 0u16;
        for &d in digits {
            match hex_digit(d) {
                Some(v) => n = n << 4 | v,
                // Placed after the four digits, as serde_json places it.
                None => return Err(self.error_at(at + 3, "invalid escape")),
            }
        }
        Ok(n)
    }

    /// A `\u` escape whose digits start at `at` (a surrogate pair takes two escapes).
    fn unicode_escape(&mut self, at: usize, out: &mut Vec<u8>) -> Result<usize> {
        let first = self.hex4(at)?;
        let mut next = at + 4;
        let c = match first {
            0xd800..=0xdbff => {
                match (self.input.get(next), self.input.get(next + 1)) {
                    (Some(b'\\'), Some(b'u')) => {}
                    (None, _) | (Some(b'\\'), None) => {
                        self.pos = self.input.len();
                        return Err(self.eof(Within::String));
                    }
                    _ => return Err(self.error_at(next, UNPAIRED)),
                }
                let second = self.hex4(next + 2)?;
                if !(0xdc00..=0xdfff).contains(&second) {
                    return Err(self.error_at(next, UNPAIRED));
                }
                next += 6;
                let code =
                    0x1_0000 + ((u32::from(first) - 0xd800) << 10) + (u32::from(second) - 0xdc00);
                char::from_u32(code)
            }
            0xdc00..=0xdfff => return Err(self.error_at(at, UNPAIRED)),
            n => char::from_u32(u32::from(n)),
        };
        // Every value left is a valid scalar value.
        let c = c.unwrap_or(char::REPLACEMENT_CHARACTER);
        let mut buf = [0u8; 4];
        out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        Ok(next)
    }

    /// Skips a string whose opening quote was consumed, checking it as [`Reader::string`]
    /// does (reading it costs no more: a string without escapes is borrowed).
    pub(crate) fn skip_string(&mut self) -> Result<()> {
        self.string().map(|_| ())
    }

    // -----------------------------------------------------------------------------------
    // Numbers
    // -----------------------------------------------------------------------------------

    /// Reads a number whose first byte (`-` or a digit) is at the current position.
    #[inline]
    pub(crate) fn number(&mut self) -> Result<Num<'de>> {
        let input = self.input;
        let start = self.pos;
        let mut i = start;
        let negative = input.get(i) == Some(&b'-');
        if negative {
            i += 1;
        }
        let mut magnitude: u64 = 0;
        let mut fits = true;
        match input.get(i) {
            Some(b'0') => i += 1,
            Some(&d @ b'1'..=b'9') => {
                magnitude = u64::from(d - b'0');
                i += 1;
                while let Some(&d) = input.get(i) {
                    if !d.is_ascii_digit() {
                        break;
                    }
                    match magnitude
                        .checked_mul(10)
                        .and_then(|m| m.checked_add(u64::from(d - b'0')))
                    {
                        Some(m) => magnitude = m,
                        None => fits = false,
                    }
                    i += 1;
                }
            }
            Some(_) => return Err(self.error_at(i, "invalid number")),
            None => {
                self.pos = i;
                return Err(self.eof(Within::Value));
            }
        }
        let mut whole = true;
        if input.get(i) == Some(&b'.') {
            whole = false;
            i = self.digits(i + 1)?;
        }
        if matches!(input.get(i), Some(b'e' | b'E')) {
            whole = false;
            i += 1;
            if matches!(input.get(i), Some(b'+' | b'-')) {
                i += 1;
            }
            i = self.digits(i)?;
        } else if input.get(i).is_some_and(u8::is_ascii_digit) {
            // A digit after a leading zero.
            return Err(self.error_at(i, "invalid number"));
        }
        self.pos = i;
        if whole && fits {
            Ok(Num::Int {
                negative,
                magnitude,
            })
        } else {
            Ok(Num::Text(ascii(&input[start..i])))
        }
    }

    /// One or more digits from `at`; returns the index after them.
    fn digits(&mut self, at: usize) -> Result<usize> {
        let mut i = at;
        while self.input.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        if i == at {
            if i >= self.input.len() {
                self.pos = self.input.len();
                return Err(self.eof(Within::Value));
            }
            return Err(self.error_at(i, "invalid number"));
        }
        Ok(i)
    }

    /// Reads a number and returns its text as written.
    pub(crate) fn number_text(&mut self) -> Result<&'de str> {
        let start = self.pos;
        self.number()?;
        Ok(self.number_since(start))
    }

    /// The text of the number [`Reader::number`] just read from `start`.
    pub(crate) fn number_since(&self, start: usize) -> &'de str {
        ascii(self.input.get(start..self.pos).unwrap_or_default())
    }

    // -----------------------------------------------------------------------------------
    // Skipping
    // -----------------------------------------------------------------------------------

    /// Skips one whole value, checking its syntax, without recursion; returns its text.
    pub(crate) fn skip(&mut self) -> Result<&'de [u8]> {
        let mut open = std::mem::take(&mut self.open);
        open.clear();
        let result = self.skip_with(&mut open);
        self.open = open;
        result
    }

    /// As [`Reader::skip`], the text as `str` (dynamic types, raw values). It is UTF-8 by
    /// the skip's checks: strings are checked, everything else is ASCII; the check here
    /// only turns that into a type.
    pub(crate) fn skip_text(&mut self) -> Result<&'de str> {
        self.peek();
        let start = self.pos;
        let raw = self.skip()?;
        std::str::from_utf8(raw).map_err(|e| self.invalid_utf8(start + e.valid_up_to()))
    }

    fn skip_with(&mut self, open: &mut Vec<u8>) -> Result<&'de [u8]> {
        let start = match self.peek() {
            Some(_) => self.pos,
            None => return Err(self.eof(Within::Value)),
        };
        'value: loop {
            match self.peek_in(Within::Value)? {
                b'"' => {
                    self.pos += 1;
                    self.skip_string()?;
                }
                b'[' => {
                    self.pos += 1;
                    if self.list_first()? {
                        open.push(b']');
                        continue 'value;
                    }
                }
                b'{' => {
                    self.pos += 1;
                    if self.object_next(true)? {
                        self.skip_string()?;
                        self.colon()?;
                        open.push(b'}');
                        continue 'value;
                    }
                }
                b'-' | b'0'..=b'9' => {
                    self.number()?;
                }
                b'n' | b't' | b'f' => {
                    self.bool_or_null()?;
                }
                _ => return Err(self.error_here("expected value")),
            }
            // After a value: close what ends here, up to the next value.
            while let Some(&close) = open.last() {
                if close == b']' {
                    if self.list_next()? {
                        continue 'value;
                    }
                } else if self.object_next(false)? {
                    self.skip_string()?;
                    self.colon()?;
                    continue 'value;
                }
                open.pop();
            }
            return Ok(&self.input[start..self.pos]);
        }
    }
}

/// A `\u` escape of half a surrogate pair without its other half.
const UNPAIRED: &str = "unpaired UTF-16 surrogate in a \\u escape";

#[cfg(test)]
mod tests;
