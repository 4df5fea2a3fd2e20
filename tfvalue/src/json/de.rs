//! The JSON deserializer: `&'de [u8]` → any `Deserialize` type.
//!
//! serde_json does the parsing, of text: the input is checked to be UTF-8 once, as a
//! whole, rather than string by string as serde_json does for bytes (invalid UTF-8 is
//! reported with its line, column and the attribute path where it was met). This module
//! wraps serde_json in an adapter (`Wrap`) that
//! - presents errors as [`crate::Error`] in Terraform's terms ("expected string, found a
//!   number") with the attribute path of the value (`.a[1]["k"]`), added while an error
//!   unwinds, so the happy path pays nothing for it;
//! - answers tfvalue's reserved names (`crate::private`): a `Number` gets the exact decimal
//!   text of the JSON number, a dynamic value's `{"value": …, "type": …}` object (keys in
//!   either order) is presented as the sequence `[type JSON text, value]`, and `Unknown<T>`
//!   is always known (JSON cannot carry unknown values);
//! - checks integers against the target's range and bounds nesting depth.
//!
//! Errors and serde_json: a visitor handed to serde_json must fail with serde_json's error
//! type, while the user's code fails with [`crate::Error`]. A wrapped visitor therefore puts
//! the user's error aside in a shared slot (`Track`) and gives serde_json a placeholder; the
//! next wrapper up takes the real error back (adding its path step). Errors raised by
//! serde_json itself (syntax, end of input, nesting limit) are converted from their text.

use std::borrow::Cow;
use std::cell::Cell;
use std::fmt;
use std::marker::PhantomData;

use serde::de::value::{BorrowedStrDeserializer, StrDeserializer};
use serde::de::{self, DeserializeSeed, IgnoredAny, Visitor};
use serde_json::value::RawValue;

use crate::error::{Error, ErrorKind, Result};
use crate::limits::{MAX_DEPTH, MAX_DYNAMIC_DEPTH};
use crate::number::Number;
use crate::private::{DYNAMIC_TOKEN, NUMBER_TOKEN, UNKNOWN_TOKEN};

/// Decodes one value with `seed` from JSON text; the whole input must be used (trailing
/// whitespace is allowed, anything else is an error).
pub fn from_slice_seed<'de, S: DeserializeSeed<'de>>(
    bytes: &'de [u8],
    seed: S,
) -> Result<S::Value> {
    decode(bytes, seed, false)
}

/// Decodes one value of type `T` from JSON text; the whole input must be used.
pub fn from_slice<'de, T: de::Deserialize<'de>>(bytes: &'de [u8]) -> Result<T> {
    decode(bytes, PhantomData::<T>, false)
}

/// Decodes one value with `seed` from JSON text with the leniency Terraform's SDKs apply
/// to a stored state (`UpgradeResourceState`'s raw state); see [`from_slice_lenient`].
pub fn from_slice_seed_lenient<'de, S: DeserializeSeed<'de>>(
    bytes: &'de [u8],
    seed: S,
) -> Result<S::Value> {
    decode(bytes, seed, true)
}

/// Decodes one value of type `T` from JSON text with the leniency Terraform's SDKs apply
/// to a stored state (terraform-plugin-go's JSON decoding of `UpgradeResourceState`'s raw
/// state, with undefined attributes ignored, as terraform-plugin-framework asks for it):
///
/// - a number (any integer or float type, or `Number`) is also read from a string holding
///   decimal text (`"12"`, `"0.1"`), exactly: `"123456789012345678901234567890"` becomes
///   that very `Number`;
/// - a string is also read from a number (its text as written, `1.50` stays `"1.50"`) or
///   from a bool (`"true"`, `"false"`);
/// - a bool is also read from the strings `"true"`, `"1"`, `"false"`, `"0"` and from the
///   numbers `1` and `0`;
/// - in an object read as a struct, attributes the struct does not declare are skipped, and
///   attributes it declares but the input lacks arrive as null: `Option`, `Nullable` and
///   `Unknown<Nullable<_>>` fields become null, others fail with "missing attribute".
///
/// Everything else (paths, error kinds, limits, exact numbers) is as in [`from_slice`].
/// Missing attributes are presented as null values to the struct's own decoding, so a
/// `#[serde(default)]` field of a type that cannot be null reports the attribute missing
/// rather than taking its default, and serde aliases do not apply (an alias is presented
/// as a missing attribute of its own). A struct is known by the field names it gives
/// `deserialize_struct`; one that gives none (as a `Value` object does) is read strictly.
pub fn from_slice_lenient<'de, T: de::Deserialize<'de>>(bytes: &'de [u8]) -> Result<T> {
    decode(bytes, PhantomData::<T>, true)
}

fn decode<'de, S: DeserializeSeed<'de>>(
    bytes: &'de [u8],
    seed: S,
    lenient: bool,
) -> Result<S::Value> {
    // The input is checked to be UTF-8 once, as a whole, and then parsed as text: serde_json
    // reading bytes checks every string on its own, which costs more than all the
    // wrappers of this module together.
    let (text, bad) = match std::str::from_utf8(bytes) {
        Ok(text) => (text, None),
        Err(e) => {
            // The text up to the first invalid byte is parsed as the input: an error
            // before it is reported as it is, and the end of the input reached there (in
            // a string, usually) is reported as the invalid UTF-8, at the path of the
            // value being read.
            let valid = bytes.get(..e.valid_up_to()).unwrap_or_default();
            let text = std::str::from_utf8(valid).unwrap_or_default();
            (text, Some(e.valid_up_to()))
        }
    };
    let track = Track::new(lenient);
    let mut json = serde_json::Deserializer::from_str(text);
    let result = seed
        .deserialize(Wrap::new(&mut json, &track))
        .and_then(|value| {
            json.end().map_err(|e| native_error(&e))?;
            Ok(value)
        });
    match bad {
        None => result,
        Some(offset) => Err(invalid_utf8(bytes, offset, result.err())),
    }
}

/// The error for input that is not UTF-8 at `offset`, given how reading the text before
/// it ended: an error of its own is kept, the end of the input (or none, when the text
/// before is a whole value) becomes "invalid UTF-8", with the path where it was met.
#[cold]
fn invalid_utf8(bytes: &[u8], offset: usize, before: Option<Error>) -> Error {
    let path = match before {
        Some(e) if is_end_of_input(&e) => e.path(),
        Some(e) => return e,
        None => crate::path::AttributePath::default(),
    };
    let before = bytes.get(..offset).unwrap_or_default();
    let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let column = offset - line_start + 1;
    Error::new(
        ErrorKind::Syntax,
        format!("invalid JSON: invalid UTF-8 at line {line} column {column} (byte {offset})"),
    )
    .in_path(&path)
}

/// Whether `e` is serde_json's "EOF while parsing …", as [`native_error`] words it.
fn is_end_of_input(e: &Error) -> bool {
    e.kind() == ErrorKind::Syntax && e.message().starts_with("invalid JSON: EOF while parsing")
}

// ---------------------------------------------------------------------------------------
// Shared state: the error put aside, and the nesting depth
// ---------------------------------------------------------------------------------------

/// Message of the placeholder error handed to serde_json while the real error waits in
/// [`Track::held`]. Starts with a control character so no serde_json message can match.
const HELD: &str = "\u{1}tfvalue: error held aside";

/// State shared by every wrapper of one decoding.
struct Track {
    /// The error put aside while serde_json carries its placeholder.
    held: Cell<Option<Error>>,
    /// Containers (and dynamic values) entered and not yet left, across every serde_json
    /// deserializer of this decoding (a dynamic value's content is parsed by a fresh one,
    /// whose own recursion limit starts again, so this count is what bounds the stack).
    depth: Cell<usize>,
    /// Nesting of dynamic values inside dynamic values.
    dynamic_depth: Cell<usize>,
    /// The SDKs' leniency for stored states (see [`from_slice_lenient`]).
    lenient: bool,
}

impl Track {
    fn new(lenient: bool) -> Self {
        Track {
            held: Cell::new(None),
            depth: Cell::new(0),
            dynamic_depth: Cell::new(0),
            lenient,
        }
    }

    /// Puts `err` aside and returns the placeholder to give to serde_json.
    #[cold]
    fn fail<E: de::Error>(&self, err: Error) -> E {
        self.held.set(Some(err));
        E::custom(HELD)
    }

    /// The real error behind `e`: the one put aside if `e` is the placeholder, else `e`
    /// (an error of serde_json's own) converted.
    #[cold]
    fn recover<E: fmt::Display>(&self, e: E) -> Error {
        let held = self.held.take();
        match held {
            Some(err) if is_placeholder(&e) => err,
            _ => native_error(&e),
        }
    }
    /// As [`Track::recover`], for an error of one of serde_json's typed entry points
    /// (`deserialize_str`, `deserialize_struct`, …): serde_json reports a value of another
    /// kind itself ("invalid type: integer `5`, expected …"), which is reworded as a
    /// tfvalue type error, "expected {expected}, found a number", as `deserialize_any`'s
    /// visitors word it.
    #[cold]
    fn recover_typed<E: fmt::Display>(&self, e: E, expected: &str) -> Error {
        let text = e.to_string();
        let held = self.held.take();
        if let Some(err) = held {
            if text.starts_with(HELD) {
                return err;
            }
        }
        match text
            .strip_prefix("invalid type: ")
            .and_then(found_of_invalid_type)
        {
            Some(found) => Error::expected(ErrorKind::Type, expected, found),
            None => native_error(&text),
        }
    }

    /// Enters a container; fails past [`MAX_DEPTH`].
    #[inline]
    fn enter(&self) -> Result<()> {
        let depth = self.depth.get() + 1;
        if depth > MAX_DEPTH {
            return Err(Error::new(
                ErrorKind::Limit,
                format!("value nested more than {MAX_DEPTH} levels deep"),
            ));
        }
        self.depth.set(depth);
        Ok(())
    }

    /// Leaves a container.
    #[inline]
    fn leave(&self) {
        self.depth.set(self.depth.get().saturating_sub(1));
    }

    /// Enters a dynamic value; fails past [`MAX_DYNAMIC_DEPTH`] nested ones.
    fn enter_dynamic(&self) -> Result<()> {
        let depth = self.dynamic_depth.get() + 1;
        if depth > MAX_DYNAMIC_DEPTH {
            return Err(Error::new(
                ErrorKind::Limit,
                format!("dynamic values nested more than {MAX_DYNAMIC_DEPTH} levels deep"),
            ));
        }
        self.dynamic_depth.set(depth);
        Ok(())
    }

    /// Leaves a dynamic value.
    fn leave_dynamic(&self) {
        self.dynamic_depth
            .set(self.dynamic_depth.get().saturating_sub(1));
    }
}

#[cold]
fn is_placeholder(e: &dyn fmt::Display) -> bool {
    e.to_string().starts_with(HELD)
}

/// What serde_json found, from the rest of its "invalid type: …" message (serde's
/// `Unexpected` as serde_json raises it: `integer `5``, `floating point `1.5``,
/// `string "x"`, `boolean `true``, `null` (serde's `unit value`), `sequence`, `map`), in
/// the words of tfvalue's messages.
fn found_of_invalid_type(rest: &str) -> Option<&'static str> {
    const FOUND: &[(&str, &str)] = &[
        ("integer ", "a number"),
        ("floating point ", "a number"),
        ("string ", "a string"),
        ("boolean ", "a bool"),
        ("null", "null"),
        ("unit value", "null"),
        ("sequence", "a list, set or tuple"),
        ("map", "an object or map"),
    ];
    FOUND
        .iter()
        .find(|(prefix, _)| rest.starts_with(prefix))
        .map(|(_, found)| *found)
}

/// Beginnings of serde_json's messages for malformed JSON.
const SYNTAX_MESSAGES: &[&str] = &[
    "EOF while parsing",
    "expected `",
    "expected ident",
    "expected value",
    "invalid escape",
    "invalid number",
    "invalid unicode code point",
    "control character",
    "key must be a string",
    "lone leading surrogate",
    "trailing comma",
    "trailing characters",
    "unexpected end of hex escape",
];

/// Converts an error raised by serde_json itself, keeping its line and column.
#[cold]
fn native_error(e: &dyn fmt::Display) -> Error {
    let text = e.to_string();
    if text.starts_with("recursion limit exceeded") {
        Error::new(
            ErrorKind::Limit,
            format!("value nested more than 127 levels deep in JSON ({text})"),
        )
    } else if text.starts_with("number out of range") {
        Error::new(
            ErrorKind::Number,
            format!("number too large for a 64-bit float ({text})"),
        )
    } else if SYNTAX_MESSAGES.iter().any(|m| text.starts_with(m)) {
        Error::new(ErrorKind::Syntax, format!("invalid JSON: {text}"))
    } else if text.starts_with(HELD) {
        Error::new(ErrorKind::Custom, "a decoding error was lost")
    } else {
        Error::new(ErrorKind::Type, text)
    }
}

// ---------------------------------------------------------------------------------------
// The adapter
// ---------------------------------------------------------------------------------------

/// What a `deserialize_*` method asked for; anything else found is a type error.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Want {
    Any,
    Bool,
    Str,
    Unit,
    Seq,
    Tuple(usize),
    Map,
    Struct,
    /// A struct read leniently: attributes not among these names are skipped, missing ones
    /// are presented as null.
    Attrs(&'static [&'static str]),
    Enum,
}

impl Want {
    /// The "expected …" part of a type error, as the MessagePack deserializer words it.
    fn label(self) -> &'static str {
        match self {
            Want::Any => "a value",
            Want::Bool => "bool",
            Want::Str | Want::Enum => "string",
            Want::Unit => "null",
            Want::Seq => "a list or set",
            Want::Tuple(_) => "a tuple",
            Want::Map => "a map",
            Want::Struct | Want::Attrs(_) => "an object",
        }
    }
}

/// A tfvalue deserializer over any deserializer `D` whose errors are serde_json's.
struct Wrap<'t, D> {
    de: D,
    track: &'t Track,
}

impl<'t, D> Wrap<'t, D> {
    #[inline]
    fn new(de: D, track: &'t Track) -> Self {
        Wrap { de, track }
    }
}

impl<'t, 'de, D: de::Deserializer<'de>> Wrap<'t, D> {
    /// Reads a value through `read`, one of serde_json's typed entry points
    /// (`deserialize_str`, `deserialize_struct`, …) rather than `deserialize_any`: serde_json
    /// then parses only what the type wants, as it does for a plain serde struct. The
    /// visitor is wrapped as in [`Wrap::read`]; a value of another kind is reported by
    /// serde_json and reworded by [`Track::recover_typed`].
    #[inline]
    fn read_typed<V: Visitor<'de>>(
        self,
        visitor: V,
        want: Want,
        read: impl FnOnce(D, WrapVisitor<'t, V>) -> std::result::Result<V::Value, D::Error>,
    ) -> Result<V::Value> {
        let track = self.track;
        read(
            self.de,
            WrapVisitor {
                inner: visitor,
                track,
                want,
            },
        )
        .map_err(|e| track.recover_typed(e, want.label()))
    }

    /// Reads any value, answering the visitor only if it is what `want` says.
    #[inline]
    fn read<V: Visitor<'de>>(self, visitor: V, want: Want) -> Result<V::Value> {
        let track = self.track;
        self.de
            .deserialize_any(WrapVisitor {
                inner: visitor,
                track,
                want,
            })
            .map_err(|e| track.recover(e))
    }

    /// Reads an integer and checks it against `T`'s range.
    #[inline]
    fn read_int<T: Int, V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let track = self.track;
        self.de
            .deserialize_any(IntVisitor::<V, T> {
                inner: visitor,
                track,
                target: PhantomData,
            })
            .map_err(|e| track.recover(e))
    }

    /// Reads a float; `single` for `f32`. The exact number text goes through [`Number`]'s
    /// checked conversion, as in MessagePack: a number that the float cannot hold without
    /// losing precision (`3.14159265358979323846264338328`, `1e-400`) is an error, never a
    /// silent rounding.
    fn read_float<V: Visitor<'de>>(self, visitor: V, single: bool) -> Result<V::Value> {
        let text = self.number_text()?;
        if !single {
            // The usual case, decided without allocating.
            if let Some(f) = crate::number::shortest_f64(&text) {
                return visitor.visit_f64(f);
            }
        }
        let n = Number::parse(&text)?;
        if single {
            visitor.visit_f32(n.to_f32()?)
        } else {
            visitor.visit_f64(n.to_f64()?)
        }
    }

    /// The exact text of the next value, which must be a JSON number (or, when lenient, a
    /// string holding decimal text).
    fn number_text(self) -> Result<Cow<'de, str>> {
        let track = self.track;
        let raw = <&'de RawValue as de::Deserialize<'de>>::deserialize(self.de)
            .map_err(|e| track.recover(e))?;
        let text = raw.get();
        match text.as_bytes().first() {
            Some(b'-' | b'0'..=b'9') => Ok(Cow::Borrowed(text)),
            Some(b'"') if track.lenient => {
                let content = string_content(text)?;
                // Checked here so that every reader says "expected number, found the
                // string …" for text that is no number.
                Number::parse_string_value(&content)?;
                Ok(content)
            }
            // A string where a number belongs: quoted, as the MessagePack decoder does.
            Some(b'"') => {
                let content = string_content(text)?;
                Err(string_for_number(&content))
            }
            first => Err(Error::expected(
                ErrorKind::Type,
                "number",
                describe_first(first),
            )),
        }
    }

    /// Reads a string; when lenient, also a number (its text as written) or a bool.
    #[inline]
    fn read_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if !self.track.lenient {
            return self.read_typed(visitor, Want::Str, |de, v| de.deserialize_str(v));
        }
        let track = self.track;
        let raw = <&'de RawValue as de::Deserialize<'de>>::deserialize(self.de)
            .map_err(|e| track.recover(e))?;
        let text = raw.get();
        match text.as_bytes().first() {
            Some(b'"') => {
                // The string's own text: a fresh parser reads the literal (borrowing it
                // when it has no escapes).
                let mut json = serde_json::Deserializer::from_str(text);
                Wrap::new(&mut json, track).read(visitor, Want::Str)
            }
            Some(b'-' | b'0'..=b'9' | b't' | b'f') => visitor.visit_borrowed_str(text),
            first => Err(Error::expected(
                ErrorKind::Type,
                "string",
                describe_first(first),
            )),
        }
    }
}

/// The text of a JSON string literal (`raw`, quotes included), borrowed when it has no
/// escapes.
fn string_content(raw: &str) -> Result<Cow<'_, str>> {
    struct Content;
    impl<'a> Visitor<'a> for Content {
        type Value = Cow<'a, str>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a string")
        }
        fn visit_borrowed_str<E: de::Error>(self, v: &'a str) -> Result<Cow<'a, str>, E> {
            Ok(Cow::Borrowed(v))
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<Cow<'a, str>, E> {
            Ok(Cow::Owned(v.to_owned()))
        }
    }
    let mut json = serde_json::Deserializer::from_str(raw);
    de::Deserializer::deserialize_str(&mut json, Content).map_err(|e| native_error(&e))
}

/// "expected number, found the string …" (the text shortened to 40 characters).
#[cold]
fn string_for_number(s: &str) -> Error {
    let mut shown: String = s.chars().take(40).collect();
    if shown.len() < s.len() {
        shown.push_str("...");
    }
    let mut found = String::from("the string ");
    let _ = crate::path::write_quoted(&mut found, &shown);
    Error::expected(ErrorKind::Type, "number", found)
}

/// Describes a JSON value by its first byte, for "found …" in error messages.
fn describe_first(first: Option<&u8>) -> &'static str {
    match first {
        Some(b'"') => "a string",
        Some(b'n') => "null",
        Some(b't' | b'f') => "a bool",
        Some(b'[') => "a list, set or tuple",
        Some(b'{') => "an object or map",
        Some(b'-' | b'0'..=b'9') => "a number",
        _ => "an invalid value",
    }
}

#[cold]
fn out_of_range(n: impl fmt::Display, min: i128, max: u128) -> Error {
    Error::new(
        ErrorKind::Number,
        format!("expected a whole number from {min} to {max}, found {n}"),
    )
}

/// A float as quoted in error messages: plain when short, else with an exponent (a JSON
/// integer too large for 64 bits arrives rounded to a float; the exponent form does not
/// pretend to more digits than that).
fn float_text(f: f64) -> String {
    if f.abs() < 1e16 {
        format!("{f}")
    } else {
        format!("{f:e}")
    }
}

/// An integer parsed from JSON number text, exactly: plain digits directly, other forms
/// (`1e3`, `5.0`) through [`Number`]'s canonical text. `None` if not a whole number in range.
fn parse_whole<T: std::str::FromStr>(text: &str) -> Result<Option<T>> {
    if let Ok(n) = text.parse::<T>() {
        return Ok(Some(n));
    }
    let canonical = Number::parse(text)?.to_string();
    Ok(canonical.parse::<T>().ok())
}

macro_rules! read_int {
    ($($method:ident: $ty:ty,)*) => {$(
        #[inline]
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            self.read_int::<$ty, V>(visitor)
        }
    )*};
}

impl<'de, D: de::Deserializer<'de>> de::Deserializer<'de> for Wrap<'_, D> {
    type Error = Error;

    #[inline]
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.read(visitor, Want::Any)
    }

    #[inline]
    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if self.track.lenient {
            // Also from strings and numbers: any value.
            return self.read(visitor, Want::Bool);
        }
        self.read_typed(visitor, Want::Bool, |de, v| de.deserialize_bool(v))
    }

    read_int! {
        deserialize_i8: i8,
        deserialize_i16: i16,
        deserialize_i32: i32,
        deserialize_i64: i64,
        deserialize_u8: u8,
        deserialize_u16: u16,
        deserialize_u32: u32,
        deserialize_u64: u64,
    }

    fn deserialize_i128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let text = self.number_text()?;
        match parse_whole::<i128>(&text)? {
            Some(n) => visitor.visit_i128(n),
            None => Err(out_of_range(text, i128::MIN, i128::MAX as u128)),
        }
    }

    fn deserialize_u128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let text = self.number_text()?;
        match parse_whole::<u128>(&text)? {
            Some(n) => visitor.visit_u128(n),
            None => Err(out_of_range(text, 0, u128::MAX)),
        }
    }

    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.read_float(visitor, true)
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.read_float(visitor, false)
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.read(visitor, Want::Str)
    }

    #[inline]
    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.read_str(visitor)
    }

    #[inline]
    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.read_str(visitor)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        // JSON has no binary data; a string's bytes are what a bytes visitor can take.
        self.read(visitor, Want::Str)
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.read(visitor, Want::Str)
    }

    #[inline]
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let track = self.track;
        self.de
            .deserialize_option(WrapVisitor {
                inner: visitor,
                track,
                want: Want::Any,
            })
            .map_err(|e| track.recover(e))
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.read(visitor, Want::Unit)
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        self.read(visitor, Want::Unit)
    }

    #[inline]
    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        if name == UNKNOWN_TOKEN {
            // JSON cannot carry an unknown value: this one is known.
            return visitor.visit_newtype_struct(self);
        }
        if name == NUMBER_TOKEN {
            return match self.number_text()? {
                Cow::Borrowed(text) => visitor.visit_borrowed_str(text),
                Cow::Owned(text) => visitor.visit_str(&text),
            };
        }
        if name == DYNAMIC_TOKEN {
            let track = self.track;
            track.enter()?;
            let result = read_dynamic(self.de, track, visitor);
            track.leave();
            return result;
        }
        let track = self.track;
        self.de
            .deserialize_newtype_struct(
                name,
                WrapVisitor {
                    inner: visitor,
                    track,
                    want: Want::Any,
                },
            )
            .map_err(|e| track.recover(e))
    }

    #[inline]
    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.read_typed(visitor, Want::Seq, |de, v| de.deserialize_seq(v))
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value> {
        self.read(visitor, Want::Tuple(len))
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value> {
        self.read(visitor, Want::Tuple(len))
    }

    #[inline]
    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.read_typed(visitor, Want::Map, |de, v| de.deserialize_map(v))
    }

    #[inline]
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let want = if self.track.lenient && !fields.is_empty() {
            Want::Attrs(fields)
        } else {
            Want::Struct
        };
        // serde_json's `deserialize_map` takes objects only (its `deserialize_struct` would
        // also offer arrays, which are refused anyway).
        self.read_typed(visitor, want, |de, v| de.deserialize_map(v))
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        // Terraform has no tagged unions: an enum is a string naming a unit variant.
        self.read(visitor, Want::Enum)
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.read_typed(visitor, Want::Str, |de, v| de.deserialize_str(v))
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let track = self.track;
        self.de
            .deserialize_ignored_any(WrapVisitor {
                inner: visitor,
                track,
                want: Want::Any,
            })
            .map_err(|e| track.recover(e))
    }

    fn is_human_readable(&self) -> bool {
        true
    }
}

/// The user's visitor, seen by serde_json: checks what arrives against [`Want`], wraps
/// nested accessors and deserializers, and puts the user's errors aside.
struct WrapVisitor<'t, V> {
    inner: V,
    track: &'t Track,
    want: Want,
}

impl<V> WrapVisitor<'_, V> {
    #[cold]
    fn mismatch<E: de::Error>(&self, found: &str) -> E {
        self.track
            .fail(Error::expected(ErrorKind::Type, self.want.label(), found))
    }

    /// Whether a lenient bool is being read.
    #[inline]
    fn lenient_bool(&self) -> bool {
        self.want == Want::Bool && self.track.lenient
    }
}

impl<'de, V: Visitor<'de>> WrapVisitor<'_, V> {
    /// A lenient bool from a string: `"true"`/`"1"` or `"false"`/`"0"`, as the SDKs read
    /// them.
    #[cold]
    fn bool_from_str<E: de::Error>(self, v: &str) -> Result<V::Value, E> {
        let track = self.track;
        let b = match v {
            "true" | "1" => true,
            "false" | "0" => false,
            _ => {
                let mut found = String::from("the string ");
                let shown: String = v.chars().take(40).collect();
                let _ = crate::path::write_quoted(&mut found, &shown);
                if v.eq_ignore_ascii_case("true") || v.eq_ignore_ascii_case("false") {
                    found.push_str(" (write it in lowercase)");
                }
                return Err(track.fail(Error::expected(ErrorKind::Type, "bool", found)));
            }
        };
        self.inner.visit_bool(b).map_err(|e| track.fail(e))
    }
}

impl<'de, V: Visitor<'de>> Visitor<'de> for WrapVisitor<'_, V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.inner.expecting(f)
    }

    #[inline]
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<V::Value, E> {
        let track = self.track;
        match self.want {
            Want::Any | Want::Bool => self.inner.visit_bool(v).map_err(|e| track.fail(e)),
            _ => Err(self.mismatch("a bool")),
        }
    }

    #[inline]
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<V::Value, E> {
        let track = self.track;
        match self.want {
            Want::Any => self.inner.visit_i64(v).map_err(|e| track.fail(e)),
            _ => Err(self.mismatch("a number")),
        }
    }

    #[inline]
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<V::Value, E> {
        let track = self.track;
        match self.want {
            Want::Any => self.inner.visit_u64(v).map_err(|e| track.fail(e)),
            // The SDKs take the numbers 1 and 0 (written so) as bools.
            Want::Bool if track.lenient && v <= 1 => {
                self.inner.visit_bool(v == 1).map_err(|e| track.fail(e))
            }
            _ => Err(self.mismatch("a number")),
        }
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<V::Value, E> {
        let track = self.track;
        match self.want {
            Want::Any => self.inner.visit_i128(v).map_err(|e| track.fail(e)),
            _ => Err(self.mismatch("a number")),
        }
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<V::Value, E> {
        let track = self.track;
        match self.want {
            Want::Any => self.inner.visit_u128(v).map_err(|e| track.fail(e)),
            _ => Err(self.mismatch("a number")),
        }
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<V::Value, E> {
        let track = self.track;
        match self.want {
            Want::Any => self.inner.visit_f64(v).map_err(|e| track.fail(e)),
            _ => Err(self.mismatch("a number")),
        }
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<V::Value, E> {
        let track = self.track;
        match self.want {
            Want::Any | Want::Str => self.inner.visit_str(v).map_err(|e| track.fail(e)),
            Want::Enum => self
                .inner
                .visit_enum(StrDeserializer::<Error>::new(v))
                .map_err(|e| track.fail(e)),
            _ if self.lenient_bool() => self.bool_from_str(v),
            _ => Err(self.mismatch("a string")),
        }
    }

    #[inline]
    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<V::Value, E> {
        let track = self.track;
        match self.want {
            Want::Any | Want::Str => self.inner.visit_borrowed_str(v).map_err(|e| track.fail(e)),
            Want::Enum => self
                .inner
                .visit_enum(BorrowedStrDeserializer::<Error>::new(v))
                .map_err(|e| track.fail(e)),
            _ if self.lenient_bool() => self.bool_from_str(v),
            _ => Err(self.mismatch("a string")),
        }
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<V::Value, E> {
        let track = self.track;
        match self.want {
            Want::Any | Want::Str => self.inner.visit_string(v).map_err(|e| track.fail(e)),
            _ => self.visit_str(&v),
        }
    }

    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<V::Value, E> {
        let track = self.track;
        self.inner.visit_bytes(v).map_err(|e| track.fail(e))
    }

    fn visit_borrowed_bytes<E: de::Error>(self, v: &'de [u8]) -> Result<V::Value, E> {
        let track = self.track;
        self.inner
            .visit_borrowed_bytes(v)
            .map_err(|e| track.fail(e))
    }

    #[inline]
    fn visit_unit<E: de::Error>(self) -> Result<V::Value, E> {
        let track = self.track;
        match self.want {
            Want::Any | Want::Unit => self.inner.visit_unit().map_err(|e| track.fail(e)),
            _ => Err(self.mismatch("null")),
        }
    }

    #[inline]
    fn visit_none<E: de::Error>(self) -> Result<V::Value, E> {
        let track = self.track;
        self.inner.visit_none().map_err(|e| track.fail(e))
    }

    #[inline]
    fn visit_some<D: de::Deserializer<'de>>(self, d: D) -> Result<V::Value, D::Error> {
        let track = self.track;
        self.inner
            .visit_some(Wrap::new(d, track))
            .map_err(|e| track.fail(e))
    }

    fn visit_newtype_struct<D: de::Deserializer<'de>>(self, d: D) -> Result<V::Value, D::Error> {
        let track = self.track;
        self.inner
            .visit_newtype_struct(Wrap::new(d, track))
            .map_err(|e| track.fail(e))
    }

    #[inline]
    fn visit_seq<A: de::SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        let track = self.track;
        let tuple = match self.want {
            Want::Any | Want::Seq => None,
            Want::Tuple(n) => Some(n),
            _ => return Err(self.mismatch("a list, set or tuple")),
        };
        track.enter().map_err(|e| track.fail::<A::Error>(e))?;
        let mut access = WrapSeq {
            seq,
            track,
            index: 0,
            done: false,
        };
        let result = self.inner.visit_seq(&mut access);
        track.leave();
        let value = result.map_err(|e| track.fail::<A::Error>(e))?;
        if !access.done {
            // The visitor stopped early: the elements left make the length wrong.
            let read = access.index;
            let mut found = read;
            while access.seq.next_element::<IgnoredAny>()?.is_some() {
                found += 1;
            }
            if found != read {
                let message = match tuple {
                    Some(n) => format!("expected a tuple of {n} elements, found {found} elements"),
                    None => format!("expected {read} elements, found {found}"),
                };
                return Err(track.fail(Error::new(ErrorKind::Type, message)));
            }
        }
        Ok(value)
    }

    #[inline]
    fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        let track = self.track;
        let (attrs, fields) = match self.want {
            Want::Any | Want::Map => (false, None),
            Want::Struct => (true, None),
            Want::Attrs(names) => (true, Some(Fields::new(names))),
            _ => return Err(self.mismatch("an object or map")),
        };
        track.enter().map_err(|e| track.fail::<A::Error>(e))?;
        let mut access = WrapMap {
            map,
            track,
            key: KeySlot::None,
            owned: String::new(),
            attrs,
            done: false,
            fields,
        };
        let result = self.inner.visit_map(&mut access);
        track.leave();
        let value = result.map_err(|e| track.fail::<A::Error>(e))?;
        if !access.done {
            let mut left = 0usize;
            while access.map.next_key::<IgnoredAny>()?.is_some() {
                access.map.next_value::<IgnoredAny>()?;
                left += 1;
            }
            if left != 0 {
                return Err(track.fail(Error::new(
                    ErrorKind::Attribute,
                    format!("{left} entries of the map were not read"),
                )));
            }
        }
        Ok(value)
    }

    fn visit_enum<A: de::EnumAccess<'de>>(self, _data: A) -> Result<V::Value, A::Error> {
        // serde_json's `deserialize_any` never offers an enum; this is for completeness.
        Err(self.mismatch("a tagged value"))
    }
}

/// A seed inside serde_json: runs the user's seed on a wrapped deserializer.
struct WrapSeed<'t, S> {
    seed: S,
    track: &'t Track,
}

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for WrapSeed<'_, S> {
    type Value = S::Value;

    #[inline]
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<S::Value, D::Error> {
        let track = self.track;
        self.seed
            .deserialize(Wrap::new(d, track))
            .map_err(|e| track.fail(e))
    }
}

/// Elements of an array; errors get the element's index.
struct WrapSeq<'t, A> {
    seq: A,
    track: &'t Track,
    /// Index of the next element (= elements read so far).
    index: usize,
    /// The end of the array was seen.
    done: bool,
}

impl<'de, A: de::SeqAccess<'de>> de::SeqAccess<'de> for WrapSeq<'_, A> {
    type Error = Error;

    #[inline]
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        let track = self.track;
        match self.seq.next_element_seed(WrapSeed { seed, track }) {
            Ok(Some(v)) => {
                self.index += 1;
                Ok(Some(v))
            }
            Ok(None) => {
                self.done = true;
                Ok(None)
            }
            Err(e) => Err(track.recover(e).in_index(self.index)),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        self.seq.size_hint()
    }
}

/// The current key of a map, kept for error paths.
enum KeySlot<'de> {
    None,
    /// Borrowed from the input (no escapes): kept as is.
    Borrowed(&'de str),
    /// Had escapes: copied into the map's reused buffer.
    Owned,
}

/// Entries of an object; errors in a value get the entry's key, as an attribute name for
/// objects read as structs (`.name`) or as an element key for maps (`["key"]`).
struct WrapMap<'t, 'de, A> {
    map: A,
    track: &'t Track,
    key: KeySlot<'de>,
    /// Buffer of the current key when it had to be copied; reused for every key.
    owned: String,
    attrs: bool,
    /// The end of the object was seen.
    done: bool,
    /// A struct read leniently: its attribute names and which of them arrived.
    fields: Option<Fields>,
}

/// The attributes of a struct read leniently.
struct Fields {
    names: &'static [&'static str],
    /// Which of `names` the input had (or were presented as missing).
    seen: Vec<bool>,
    /// Where to look for the next missing attribute once the input's entries are read.
    next_missing: usize,
    /// The missing attribute whose null value is to be presented next.
    missing: Option<&'static str>,
}

impl Fields {
    fn new(names: &'static [&'static str]) -> Self {
        Fields {
            names,
            // One flag per field the struct declares: bounded by the program, not the input.
            seen: vec![false; names.len()],
            next_missing: 0,
            missing: None,
        }
    }

    /// The next attribute the input lacked, marked as presented.
    fn take_missing(&mut self) -> Option<&'static str> {
        while let Some(&name) = self.names.get(self.next_missing) {
            let seen = self.seen.get_mut(self.next_missing);
            self.next_missing += 1;
            match seen {
                Some(seen) if !*seen => {
                    *seen = true;
                    return Some(name);
                }
                _ => {}
            }
        }
        None
    }
}

impl<A> WrapMap<'_, '_, A> {
    #[cold]
    fn add_key(&self, e: Error) -> Error {
        let key = match self.key {
            KeySlot::None => return e,
            KeySlot::Borrowed(s) => s,
            KeySlot::Owned => self.owned.as_str(),
        };
        if self.attrs {
            e.in_attr(key)
        } else {
            e.in_key(key)
        }
    }
}

impl<'de, A: de::MapAccess<'de>> WrapMap<'_, 'de, A> {
    /// The next key of a struct read leniently: entries whose name the struct does not
    /// declare are skipped; after the input's entries, each declared attribute the input
    /// lacked is presented (its value then reads as null).
    fn next_field_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        let track = self.track;
        let Some(fields) = self.fields.as_mut() else {
            return Ok(None);
        };
        let mut seed = Some(seed);
        while !self.done {
            let key_seed = FieldKeySeed {
                seed: &mut seed,
                names: fields.names,
                seen: &mut fields.seen,
                track,
                slot: &mut self.key,
                owned: &mut self.owned,
            };
            match self.map.next_key_seed(key_seed) {
                Ok(Some(Some(k))) => return Ok(Some(k)),
                Ok(Some(None)) => {
                    // Not an attribute of the struct: its value is read and dropped.
                    if let Err(e) = self.map.next_value::<IgnoredAny>() {
                        let e = track.recover(e);
                        return Err(match self.key {
                            KeySlot::None => e,
                            KeySlot::Borrowed(s) => e.in_attr(s),
                            KeySlot::Owned => e.in_attr(&self.owned),
                        });
                    }
                }
                Ok(None) => self.done = true,
                Err(e) => return Err(track.recover(e)),
            }
        }
        let Some(name) = fields.take_missing() else {
            return Ok(None);
        };
        let Some(seed) = seed.take() else {
            return Err(Error::new(ErrorKind::Custom, "an attribute name was lost"));
        };
        self.key = KeySlot::Borrowed(name);
        fields.missing = Some(name);
        seed.deserialize(KeyDeserializer {
            key: KeyText::Borrowed(name),
        })
        .map(Some)
    }
}

impl<'de, A: de::MapAccess<'de>> de::MapAccess<'de> for WrapMap<'_, 'de, A> {
    type Error = Error;

    #[inline]
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        if self.fields.is_some() {
            return self.next_field_seed(seed);
        }
        let track = self.track;
        let key_seed = KeySeed {
            seed,
            track,
            slot: &mut self.key,
            owned: &mut self.owned,
        };
        match self.map.next_key_seed(key_seed) {
            Ok(Some(k)) => Ok(Some(k)),
            Ok(None) => {
                self.done = true;
                Ok(None)
            }
            Err(e) => Err(track.recover(e)),
        }
    }

    #[inline]
    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value> {
        if let Some(name) = self.fields.as_mut().and_then(|f| f.missing.take()) {
            // Not in the input: null. Its errors name the attribute, at the object's path.
            return seed.deserialize(Missing { name });
        }
        let track = self.track;
        match self.map.next_value_seed(WrapSeed { seed, track }) {
            Ok(v) => Ok(v),
            Err(e) => Err(self.add_key(track.recover(e))),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        self.map.size_hint()
    }
}

/// A key seed inside serde_json: records the key text, then runs the user's seed on it.
struct KeySeed<'t, 'm, 'de, K> {
    seed: K,
    track: &'t Track,
    slot: &'m mut KeySlot<'de>,
    owned: &'m mut String,
}

impl<'de, K: DeserializeSeed<'de>> DeserializeSeed<'de> for KeySeed<'_, '_, 'de, K> {
    type Value = K::Value;

    #[inline]
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<K::Value, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de, K: DeserializeSeed<'de>> Visitor<'de> for KeySeed<'_, '_, 'de, K> {
    type Value = K::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an attribute name or map key")
    }

    #[inline]
    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<K::Value, E> {
        *self.slot = KeySlot::Borrowed(v);
        let track = self.track;
        self.seed
            .deserialize(KeyDeserializer {
                key: KeyText::Borrowed(v),
            })
            .map_err(|e| track.fail(e))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<K::Value, E> {
        self.owned.clear();
        self.owned.push_str(v);
        *self.slot = KeySlot::Owned;
        let track = self.track;
        self.seed
            .deserialize(KeyDeserializer {
                key: KeyText::Transient(v),
            })
            .map_err(|e| track.fail(e))
    }
}

/// A key of a struct read leniently: runs the user's seed only on a declared attribute
/// name (`Some`), and answers `None` for any other.
struct FieldKeySeed<'s, 't, 'm, 'de, K> {
    seed: &'s mut Option<K>,
    names: &'static [&'static str],
    seen: &'m mut [bool],
    track: &'t Track,
    slot: &'m mut KeySlot<'de>,
    owned: &'m mut String,
}

impl<'de, K: DeserializeSeed<'de>> DeserializeSeed<'de> for FieldKeySeed<'_, '_, '_, 'de, K> {
    type Value = Option<K::Value>;

    #[inline]
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Option<K::Value>, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de, K: DeserializeSeed<'de>> FieldKeySeed<'_, '_, '_, 'de, K> {
    fn present<E: de::Error>(self, key: KeyText<'_, 'de>) -> Result<Option<K::Value>, E> {
        let name = match key {
            KeyText::Borrowed(s) => s,
            KeyText::Transient(s) => s,
        };
        let Some(i) = self.names.iter().position(|n| *n == name) else {
            return Ok(None);
        };
        if let Some(seen) = self.seen.get_mut(i) {
            *seen = true;
        }
        let track = self.track;
        let Some(seed) = self.seed.take() else {
            return Err(track.fail(Error::new(
                ErrorKind::Custom,
                "an attribute name was read twice",
            )));
        };
        seed.deserialize(KeyDeserializer { key })
            .map(Some)
            .map_err(|e| track.fail(e))
    }
}

impl<'de, K: DeserializeSeed<'de>> Visitor<'de> for FieldKeySeed<'_, '_, '_, 'de, K> {
    type Value = Option<K::Value>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an attribute name")
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Option<K::Value>, E> {
        *self.slot = KeySlot::Borrowed(v);
        self.present(KeyText::Borrowed(v))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Option<K::Value>, E> {
        self.owned.clear();
        self.owned.push_str(v);
        *self.slot = KeySlot::Owned;
        self.present(KeyText::Transient(v))
    }
}

/// The value of an attribute the input lacks, read leniently: null to whatever can be
/// null (`Option`, `Nullable`, `Unknown<Nullable<_>>`, a dynamic value, `()`), and
/// "missing attribute" to anything else.
struct Missing {
    name: &'static str,
}

impl Missing {
    #[cold]
    fn error(&self) -> Error {
        <Error as de::Error>::missing_field(self.name)
    }
}

impl<'de> de::Deserializer<'de> for Missing {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value> {
        Err(self.error())
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_none()
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_unit()
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        visitor.visit_unit()
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_unit()
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        if name == DYNAMIC_TOKEN {
            return visitor.visit_none();
        }
        if name == NUMBER_TOKEN {
            return Err(self.error());
        }
        // An `Unknown<T>` (known: JSON has no unknowns) or a user's newtype: its content
        // is null too.
        visitor.visit_newtype_struct(self)
    }

    fn is_human_readable(&self) -> bool {
        true
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf seq tuple tuple_struct map struct enum identifier
    }
}

/// Text of a map key.
enum KeyText<'a, 'de> {
    Borrowed(&'de str),
    Transient(&'a str),
}

/// A map key: always a string, offered as such whatever the visitor asks.
struct KeyDeserializer<'a, 'de> {
    key: KeyText<'a, 'de>,
}

impl<'de> de::Deserializer<'de> for KeyDeserializer<'_, 'de> {
    type Error = Error;

    #[inline]
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.key {
            KeyText::Borrowed(s) => visitor.visit_borrowed_str(s),
            KeyText::Transient(s) => visitor.visit_str(s),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        match self.key {
            KeyText::Borrowed(s) => visitor.visit_enum(BorrowedStrDeserializer::<Error>::new(s)),
            KeyText::Transient(s) => visitor.visit_enum(StrDeserializer::<Error>::new(s)),
        }
    }

    fn is_human_readable(&self) -> bool {
        true
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple
        tuple_struct map struct identifier ignored_any
    }
}

// ---------------------------------------------------------------------------------------
// Numbers
// ---------------------------------------------------------------------------------------

/// A Rust integer type that a JSON number can be read into.
trait Int {
    const MIN: i128;
    const MAX: u128;
    /// Calls the visitor method for this type; `n` is in range.
    fn visit<'de, V: Visitor<'de>>(visitor: V, n: i128) -> Result<V::Value>;
}

macro_rules! int {
    ($($ty:ty => $visit:ident,)*) => {$(
        impl Int for $ty {
            const MIN: i128 = <$ty>::MIN as i128;
            const MAX: u128 = <$ty>::MAX as u128;
            #[inline]
            fn visit<'de, V: Visitor<'de>>(visitor: V, n: i128) -> Result<V::Value> {
                // In range: checked by the caller.
                visitor.$visit(n as $ty)
            }
        }
    )*};
}

int! {
    i8 => visit_i8,
    i16 => visit_i16,
    i32 => visit_i32,
    i64 => visit_i64,
    u8 => visit_u8,
    u16 => visit_u16,
    u32 => visit_u32,
    u64 => visit_u64,
}

#[inline]
fn fits<T: Int>(n: i128) -> bool {
    n >= T::MIN && (n < 0 || n as u128 <= T::MAX)
}

/// Reads a number into the integer type `T`, checking its range.
struct IntVisitor<'t, V, T> {
    inner: V,
    track: &'t Track,
    target: PhantomData<T>,
}

impl<V, T> IntVisitor<'_, V, T> {
    #[cold]
    fn mismatch<E: de::Error>(&self, found: &str) -> E {
        self.track
            .fail(Error::expected(ErrorKind::Type, "number", found))
    }
}

impl<'de, V: Visitor<'de>, T: Int> IntVisitor<'_, V, T> {
    #[inline]
    fn finish<E: de::Error>(self, n: i128, shown: impl fmt::Display) -> Result<V::Value, E> {
        let track = self.track;
        if fits::<T>(n) {
            T::visit(self.inner, n).map_err(|e| track.fail(e))
        } else {
            Err(track.fail(out_of_range(shown, T::MIN, T::MAX)))
        }
    }
}

impl<'de, V: Visitor<'de>, T: Int> Visitor<'de> for IntVisitor<'_, V, T> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a whole number")
    }

    #[inline]
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<V::Value, E> {
        self.finish(i128::from(v), v)
    }

    #[inline]
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<V::Value, E> {
        self.finish(i128::from(v), v)
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<V::Value, E> {
        // A whole number written with a fraction or an exponent (`5.0`, `1e3`) is accepted.
        if v.is_finite() && v.fract() == 0.0 && v.abs() < 1e38 {
            // Exact: a whole float below 2^127 in magnitude converts without loss.
            self.finish(v as i128, float_text(v))
        } else {
            let track = self.track;
            Err(track.fail(out_of_range(float_text(v), T::MIN, T::MAX)))
        }
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<V::Value, E> {
        Err(self.mismatch("a bool"))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<V::Value, E> {
        if !self.track.lenient {
            return Err(self.track.fail(string_for_number(v)));
        }
        // A number written as a string: its exact text, checked as for a number.
        let track = self.track;
        let whole = Number::parse_string_value(v).and_then(|_| parse_whole::<i128>(v));
        match whole {
            Ok(Some(n)) => self.finish(n, v),
            Ok(None) => Err(track.fail(out_of_range(v, T::MIN, T::MAX))),
            Err(e) => Err(track.fail(e)),
        }
    }

    fn visit_unit<E: de::Error>(self) -> Result<V::Value, E> {
        Err(self.mismatch("null"))
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, _: A) -> Result<V::Value, A::Error> {
        Err(self.mismatch("a list, set or tuple"))
    }

    fn visit_map<A: de::MapAccess<'de>>(self, _: A) -> Result<V::Value, A::Error> {
        Err(self.mismatch("an object or map"))
    }
}

// ---------------------------------------------------------------------------------------
// Dynamic values
// ---------------------------------------------------------------------------------------

/// What a dynamic value must look like, for error messages.
const DYNAMIC_FORM: &str = "a dynamic value {\"value\": ..., \"type\": ...}";

#[cold]
fn dynamic_error(found: &str) -> Error {
    Error::expected(ErrorKind::Type, DYNAMIC_FORM, found)
}

/// Reads a dynamic value (`null` or `{"value": …, "type": …}`) and presents it to the
/// visitor: `visit_none`, or `visit_seq` of `[type JSON text, value]`.
fn read_dynamic<'de, D: de::Deserializer<'de>, V: Visitor<'de>>(
    de: D,
    track: &Track,
    visitor: V,
) -> Result<V::Value> {
    let parts = de
        .deserialize_any(DynamicReader { track })
        .map_err(|e| track.recover(e))?;
    let (value, ty) = match parts {
        DynamicParts::Null => return visitor.visit_none(),
        DynamicParts::Object { value, ty } => (value, ty),
    };
    let Some(value) = value else {
        return Err(dynamic_error("an object without \"value\""));
    };
    let Some(ty) = ty else {
        return Err(dynamic_error("an object without \"type\""));
    };
    // Only real wrappers count towards the limit (a null dynamic nests nothing), as in
    // MessagePack.
    track.enter_dynamic()?;
    let mut access = DynamicAccess {
        ty: ty.get(),
        value,
        track,
        state: 0,
    };
    let result = visitor.visit_seq(&mut access);
    track.leave_dynamic();
    let result = result?;
    if access.state != 2 {
        return Err(Error::new(
            ErrorKind::Type,
            "a dynamic value's {\"value\", \"type\"} object was not read completely",
        ));
    }
    Ok(result)
}

/// The parts of a dynamic value, buffered as raw JSON text.
enum DynamicParts<'de> {
    Null,
    Object {
        value: Option<&'de RawValue>,
        ty: Option<&'de RawValue>,
    },
}

/// Reads the `{"value": …, "type": …}` object without decoding its parts.
struct DynamicReader<'t> {
    track: &'t Track,
}

impl DynamicReader<'_> {
    #[cold]
    fn mismatch<E: de::Error>(&self, found: &str) -> E {
        self.track.fail(dynamic_error(found))
    }
}

impl<'de> Visitor<'de> for DynamicReader<'_> {
    type Value = DynamicParts<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(DYNAMIC_FORM)
    }

    fn visit_unit<E: de::Error>(self) -> Result<DynamicParts<'de>, E> {
        Ok(DynamicParts::Null)
    }

    fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<DynamicParts<'de>, A::Error> {
        let mut value = None;
        let mut ty = None;
        while let Some(key) = map.next_key_seed(DynamicKey { track: self.track })? {
            let slot = if key { &mut value } else { &mut ty };
            if slot.is_some() {
                let name = if key { "value" } else { "type" };
                return Err(self.mismatch(&format!("an object with \"{name}\" twice")));
            }
            *slot = Some(map.next_value::<&'de RawValue>()?);
        }
        Ok(DynamicParts::Object { value, ty })
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<DynamicParts<'de>, E> {
        Err(self.mismatch("a bool"))
    }

    fn visit_i64<E: de::Error>(self, _: i64) -> Result<DynamicParts<'de>, E> {
        Err(self.mismatch("a number"))
    }

    fn visit_u64<E: de::Error>(self, _: u64) -> Result<DynamicParts<'de>, E> {
        Err(self.mismatch("a number"))
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<DynamicParts<'de>, E> {
        Err(self.mismatch("a number"))
    }

    fn visit_str<E: de::Error>(self, _: &str) -> Result<DynamicParts<'de>, E> {
        Err(self.mismatch("a string"))
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, _: A) -> Result<DynamicParts<'de>, A::Error> {
        Err(self.mismatch("a list, set or tuple"))
    }
}

/// A key of the dynamic object: `true` for "value", `false` for "type".
struct DynamicKey<'t> {
    track: &'t Track,
}

impl<'de> DeserializeSeed<'de> for DynamicKey<'_> {
    type Value = bool;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<bool, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for DynamicKey<'_> {
    type Value = bool;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("\"value\" or \"type\"")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<bool, E> {
        match v {
            "value" => Ok(true),
            "type" => Ok(false),
            other => {
                let mut found = String::from("an object with the extra attribute ");
                let _ = crate::path::write_quoted(&mut found, other);
                Err(self.track.fail(dynamic_error(&found)))
            }
        }
    }
}

/// The two elements `[type JSON text, value]` of a dynamic value.
struct DynamicAccess<'t, 'de> {
    ty: &'de str,
    value: &'de RawValue,
    track: &'t Track,
    state: u8,
}

impl<'de> de::SeqAccess<'de> for DynamicAccess<'_, 'de> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        match self.state {
            0 => {
                self.state = 1;
                seed.deserialize(BorrowedStrDeserializer::<Error>::new(self.ty))
                    .map(Some)
            }
            1 => {
                self.state = 2;
                // The value was buffered as text: a fresh parser decodes it, sharing the
                // error slot and depth count so that paths and limits carry on.
                let mut json = serde_json::Deserializer::from_str(self.value.get());
                seed.deserialize(Wrap::new(&mut json, self.track)).map(Some)
            }
            _ => Ok(None),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(2usize.saturating_sub(self.state as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::borrow::Cow;
    use std::collections::BTreeMap;

    use serde::Deserialize;

    fn err<T: for<'de> Deserialize<'de> + fmt::Debug>(json: &str) -> Error {
        match from_slice::<T>(json.as_bytes()) {
            Ok(v) => panic!("expected an error for {json}, got {v:?}"),
            Err(e) => e,
        }
    }

    /// A number read through the NUMBER protocol: the exact text.
    #[derive(Debug, PartialEq)]
    struct NumText(String);

    impl<'de> Deserialize<'de> for NumText {
        fn deserialize<D: de::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
            struct V;
            impl<'de> Visitor<'de> for V {
                type Value = NumText;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("number")
                }
                fn visit_str<E: de::Error>(self, v: &str) -> std::result::Result<NumText, E> {
                    Number::parse(v).map_err(crate::error::Error::into_de)?;
                    Ok(NumText(v.to_owned()))
                }
            }
            d.deserialize_newtype_struct(NUMBER_TOKEN, V)
        }
    }

    /// A dynamic value read through the DYNAMIC protocol: (type text, value as JSON).
    #[derive(Debug, PartialEq)]
    enum Dyn {
        Null,
        Typed(String, serde_json::Value),
    }

    impl<'de> Deserialize<'de> for Dyn {
        fn deserialize<D: de::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
            struct V;
            impl<'de> Visitor<'de> for V {
                type Value = Dyn;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("dynamic")
                }
                fn visit_none<E: de::Error>(self) -> std::result::Result<Dyn, E> {
                    Ok(Dyn::Null)
                }
                fn visit_seq<A: de::SeqAccess<'de>>(
                    self,
                    mut seq: A,
                ) -> std::result::Result<Dyn, A::Error> {
                    let ty: &'de str = seq
                        .next_element()?
                        .ok_or_else(|| de::Error::custom("no type"))?;
                    let value = seq
                        .next_element::<Inner>()?
                        .ok_or_else(|| de::Error::custom("no value"))?;
                    Ok(Dyn::Typed(ty.to_owned(), value.0))
                }
            }
            d.deserialize_newtype_struct(DYNAMIC_TOKEN, V)
        }
    }

    /// A value inside a dynamic: a nested dynamic for objects with "value" (to test
    /// nesting), a string for strings (to test type errors), anything else as JSON.
    struct Inner(serde_json::Value);

    impl<'de> Deserialize<'de> for Inner {
        fn deserialize<D: de::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
            serde_json::Value::deserialize(d).map(Inner)
        }
    }

    #[test]
    fn std_types() {
        let m: BTreeMap<String, Vec<Option<i64>>> =
            from_slice(br#" {"a": [1, null, -3], "b": []} "#).unwrap();
        assert_eq!(m["a"], vec![Some(1), None, Some(-3)]);
        assert!(m["b"].is_empty());
        let t: (bool, String, f64) = from_slice(br#"[true, "x\n", 0.5]"#).unwrap();
        assert_eq!(t, (true, "x\n".to_owned(), 0.5));
        let u: () = from_slice(b"null").unwrap();
        assert_eq!(u, ());
        let v: serde_json::Value = from_slice(br#"{"k":[1,"a",null,true,{}]}"#).unwrap();
        assert_eq!(v, serde_json::json!({"k":[1,"a",null,true,{}]}));
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Outer {
        a: Vec<BTreeMap<String, String>>,
    }

    #[test]
    fn nested_error_path() {
        let e = err::<Outer>(r#"{"a": [{}, {"k": 5}]}"#);
        assert_eq!(
            e.to_string(),
            r#".a[1]["k"]: expected string, found a number"#
        );
        assert_eq!(e.kind(), ErrorKind::Type);
        // An escaped key is copied for the path.
        let e = err::<Outer>(r#"{"a": [{"\u006b\"": 5}]}"#);
        assert_eq!(
            e.to_string(),
            r#".a[0]["k\""]: expected string, found a number"#
        );
        // Syntax errors get the path too, and serde_json's line and column.
        let e = err::<Outer>("{\"a\": [{\"k\": \"x\",}]}");
        assert_eq!(e.kind(), ErrorKind::Syntax);
        assert_eq!(
            e.to_string(),
            ".a[0]: invalid JSON: trailing comma at line 1 column 18"
        );
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Strict {
        a: String,
    }

    #[test]
    fn unknown_attribute_and_missing_attribute() {
        let e = err::<Strict>(r#"{"a":"x","z":1}"#);
        assert_eq!(e.to_string(), "unsupported attribute \"z\"");
        assert_eq!(e.kind(), ErrorKind::Attribute);
        let e = err::<Strict>("{}");
        assert_eq!(e.to_string(), "missing attribute \"a\"");
        let e = err::<Strict>(r#"[1]"#);
        assert_eq!(
            e.to_string(),
            "expected an object, found a list, set or tuple"
        );
    }

    #[test]
    fn trailing_garbage_rejected() {
        let e = err::<String>(r#""a" x"#);
        assert_eq!(e.kind(), ErrorKind::Syntax);
        assert_eq!(
            e.to_string(),
            "invalid JSON: trailing characters at line 1 column 5"
        );
        assert_eq!(from_slice::<String>(b"\"a\" \n\t ").unwrap(), "a");
        let e = err::<String>("");
        assert_eq!(e.kind(), ErrorKind::Syntax);
        assert!(e.to_string().contains("EOF"), "{e}");
    }

    #[test]
    fn integer_ranges() {
        assert_eq!(from_slice::<u8>(b"255").unwrap(), 255);
        let e = err::<u8>("300");
        assert_eq!(
            e.to_string(),
            "expected a whole number from 0 to 255, found 300"
        );
        assert_eq!(e.kind(), ErrorKind::Number);
        let e = err::<u8>("1.5");
        assert_eq!(
            e.to_string(),
            "expected a whole number from 0 to 255, found 1.5"
        );
        let e = err::<i8>("-129");
        assert_eq!(
            e.to_string(),
            "expected a whole number from -128 to 127, found -129"
        );
        let e = err::<u32>("-1");
        assert_eq!(
            e.to_string(),
            "expected a whole number from 0 to 4294967295, found -1"
        );
        assert_eq!(
            from_slice::<u64>(b"18446744073709551615").unwrap(),
            u64::MAX
        );
        assert_eq!(
            from_slice::<i64>(b"-9223372036854775808").unwrap(),
            i64::MIN
        );
        let e = err::<u64>("18446744073709551616");
        assert_eq!(
            e.to_string(),
            "expected a whole number from 0 to 18446744073709551615, found 1.8446744073709552e19"
        );
        // Whole numbers written with a fraction or an exponent.
        assert_eq!(from_slice::<u16>(b"1e3").unwrap(), 1000);
        assert_eq!(from_slice::<i32>(b"-5.0").unwrap(), -5);
        let e = err::<i32>("\"5\"");
        assert_eq!(e.to_string(), "expected number, found the string \"5\"");
        assert_eq!(e.kind(), ErrorKind::Type);
        let e = err::<i32>("null");
        assert_eq!(e.to_string(), "expected number, found null");
    }

    #[test]
    fn wide_integers_are_exact() {
        assert_eq!(
            from_slice::<u128>(b"123456789012345678901234567890").unwrap(),
            123456789012345678901234567890
        );
        assert_eq!(
            from_slice::<i128>(b"-170141183460469231731687303715884105728").unwrap(),
            i128::MIN
        );
        assert_eq!(from_slice::<i128>(b"1e3").unwrap(), 1000);
        let e = err::<u128>("-1");
        assert_eq!(e.kind(), ErrorKind::Number);
        assert!(e.to_string().ends_with("found -1"), "{e}");
        let e = err::<i128>("0.5");
        assert!(e.to_string().ends_with("found 0.5"), "{e}");
        let e = err::<u128>("true");
        assert_eq!(e.to_string(), "expected number, found a bool");
    }

    #[test]
    fn floats() {
        assert_eq!(from_slice::<f64>(b"0.1").unwrap(), 0.1);
        assert_eq!(from_slice::<f64>(b"3").unwrap(), 3.0);
        assert_eq!(from_slice::<f32>(b"0.1").unwrap(), 0.1_f32);
        let e = err::<f32>("1e39");
        assert_eq!(e.kind(), ErrorKind::Number);
        assert_eq!(
            e.to_string(),
            "the number 1000000000000000000000000000000000000000 is too large for a 32-bit float"
        );
        let e = err::<f64>("1e400");
        assert_eq!(e.kind(), ErrorKind::Number);
        assert!(
            e.to_string().ends_with("is too large for a 64-bit float"),
            "{e}"
        );
        let e = err::<f64>("\"1\"");
        assert_eq!(e.to_string(), "expected number, found the string \"1\"");
    }

    #[test]
    fn exact_numbers() {
        for text in [
            "123456789012345678901234567890",
            "0.1",
            "-0.000001",
            "1e400",
            "0.1000000000000000055511151231257827021181583404541015625",
        ] {
            let n: NumText = from_slice(text.as_bytes()).unwrap();
            assert_eq!(n.0, text);
        }
        let n: Vec<NumText> = from_slice(b"[ 1 , 2.50 ]").unwrap();
        assert_eq!(n, vec![NumText("1".into()), NumText("2.50".into())]);
        let e = err::<NumText>("\"1\"");
        assert_eq!(e.to_string(), "expected number, found the string \"1\"");
        assert_eq!(e.kind(), ErrorKind::Type);
        let e = err::<NumText>("null");
        assert_eq!(e.to_string(), "expected number, found null");
        let e = err::<Vec<NumText>>("[1, {}]");
        assert_eq!(
            e.to_string(),
            "[1]: expected number, found an object or map"
        );
    }

    #[test]
    fn dynamic_both_key_orders() {
        let want = Dyn::Typed("\"number\"".into(), serde_json::json!(1));
        assert_eq!(
            from_slice::<Dyn>(br#"{"value":1,"type":"number"}"#).unwrap(),
            want
        );
        assert_eq!(
            from_slice::<Dyn>(br#"{"type":"number","value":1}"#).unwrap(),
            want
        );
        assert_eq!(from_slice::<Dyn>(b" null ").unwrap(), Dyn::Null);
        // The type's raw text, as it stands in the input.
        let d: Dyn =
            from_slice(br#"{"value":["a",1],"type":["tuple", ["string","number"]]}"#).unwrap();
        assert_eq!(
            d,
            Dyn::Typed(
                r#"["tuple", ["string","number"]]"#.into(),
                serde_json::json!(["a", 1])
            )
        );
        // Escaped key names are recognised.
        let d: Dyn = from_slice(br#"{"\u0076alue":"x","type":"string"}"#).unwrap();
        assert_eq!(d, Dyn::Typed("\"string\"".into(), serde_json::json!("x")));
    }

    #[test]
    fn dynamic_errors() {
        let e = err::<Dyn>(r#"{"value":1}"#);
        assert_eq!(
            e.to_string(),
            r#"expected a dynamic value {"value": ..., "type": ...}, found an object without "type""#
        );
        let e = err::<Dyn>(r#"{"type":"number"}"#);
        assert!(
            e.to_string()
                .ends_with(r#"found an object without "value""#),
            "{e}"
        );
        let e = err::<Dyn>(r#"{"type":"number","value":1,"x":2}"#);
        assert!(
            e.to_string()
                .ends_with(r#"found an object with the extra attribute "x""#),
            "{e}"
        );
        let e = err::<Dyn>(r#"{"type":"number","type":"string","value":1}"#);
        assert!(
            e.to_string()
                .ends_with(r#"found an object with "type" twice"#),
            "{e}"
        );
        let e = err::<Dyn>(r#""x""#);
        assert_eq!(
            e.to_string(),
            r#"expected a dynamic value {"value": ..., "type": ...}, found a string"#
        );
        assert_eq!(e.kind(), ErrorKind::Type);
        let e = err::<Dyn>("[1, 2]");
        assert!(e.to_string().ends_with("found a list, set or tuple"), "{e}");
        let e = err::<Dyn>(r#"{"value":[1,}, "type":"x"}"#);
        assert_eq!(e.kind(), ErrorKind::Syntax);
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct WithDyn {
        d: DynStrings,
    }

    /// A dynamic whose value must be a list of strings: errors inside carry the path.
    #[derive(Debug)]
    #[allow(dead_code)]
    struct DynStrings(Vec<String>);

    impl<'de> Deserialize<'de> for DynStrings {
        fn deserialize<D: de::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
            struct V;
            impl<'de> Visitor<'de> for V {
                type Value = DynStrings;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("dynamic")
                }
                fn visit_seq<A: de::SeqAccess<'de>>(
                    self,
                    mut seq: A,
                ) -> std::result::Result<DynStrings, A::Error> {
                    let _ty: &str = seq.next_element()?.unwrap_or_default();
                    let v: Vec<String> = seq.next_element()?.unwrap_or_default();
                    Ok(DynStrings(v))
                }
            }
            d.deserialize_newtype_struct(DYNAMIC_TOKEN, V)
        }
    }

    #[test]
    fn dynamic_paths_continue() {
        let e = err::<WithDyn>(r#"{"d": {"type": ["list","string"], "value": ["a", 2]}}"#);
        assert_eq!(e.to_string(), ".d[1]: expected string, found a number");
    }

    /// A dynamic nested in the value of a dynamic, to any depth.
    #[derive(Debug)]
    #[allow(dead_code)]
    struct DeepDyn(Option<Box<DeepDyn>>);

    impl<'de> Deserialize<'de> for DeepDyn {
        fn deserialize<D: de::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
            struct V;
            impl<'de> Visitor<'de> for V {
                type Value = DeepDyn;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("dynamic")
                }
                fn visit_none<E: de::Error>(self) -> std::result::Result<DeepDyn, E> {
                    Ok(DeepDyn(None))
                }
                fn visit_seq<A: de::SeqAccess<'de>>(
                    self,
                    mut seq: A,
                ) -> std::result::Result<DeepDyn, A::Error> {
                    let _ty: &str = seq.next_element()?.unwrap_or_default();
                    let inner: Option<Vec<DeepDyn>> = seq.next_element()?;
                    Ok(DeepDyn(
                        inner.and_then(|v| v.into_iter().next()).map(Box::new),
                    ))
                }
            }
            d.deserialize_newtype_struct(DYNAMIC_TOKEN, V)
        }
    }

    fn deep_dynamic(levels: usize) -> String {
        let mut s = String::new();
        for _ in 0..levels {
            s.push_str(r#"{"type":"dynamic","value":["#);
        }
        s.push_str("null");
        for _ in 0..levels {
            s.push_str("]}");
        }
        s
    }

    #[test]
    fn deep_nesting_is_limited() {
        // serde_json's own limit, within one parser.
        let deep = "[".repeat(200) + &"]".repeat(200);
        let e = err::<serde_json::Value>(&deep);
        assert_eq!(e.kind(), ErrorKind::Limit);
        assert!(e.to_string().contains("127 levels"), "{e}");
        let ok = "[".repeat(127) + &"]".repeat(127);
        from_slice::<serde_json::Value>(ok.as_bytes()).unwrap();
        let e = err::<serde_json::Value>(&("[".repeat(128) + &"]".repeat(128)));
        assert_eq!(e.kind(), ErrorKind::Limit);
        // Across dynamic values, each parsed by a fresh parser: a shared count of nested
        // wrappers, limited to MAX_DYNAMIC_DEPTH.
        from_slice::<DeepDyn>(deep_dynamic(MAX_DYNAMIC_DEPTH).as_bytes()).unwrap();
        let e = err::<DeepDyn>(&deep_dynamic(MAX_DYNAMIC_DEPTH + 1));
        assert_eq!(e.kind(), ErrorKind::Limit);
        assert!(
            e.to_string()
                .ends_with("dynamic values nested more than 32 levels deep"),
            "{e}"
        );
        let e = err::<DeepDyn>(&deep_dynamic(5000));
        assert_eq!(e.kind(), ErrorKind::Limit);
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Borrowing<'a> {
        s: &'a str,
        #[serde(borrow)]
        c: Cow<'a, str>,
        #[serde(borrow)]
        m: BTreeMap<&'a str, &'a str>,
    }

    #[test]
    fn strings_borrow() {
        let input = br#"{"s": "plain", "c": "esc\"aped", "m": {"k": "v"}}"#;
        let b: Borrowing<'_> = from_slice(input).unwrap();
        assert_eq!(b.s, "plain");
        assert_eq!(b.c, "esc\"aped");
        assert!(matches!(b.c, Cow::Owned(_)));
        assert_eq!(b.m["k"], "v");
        let input = br#"{"s": "x", "c": "plain", "m": {}}"#;
        let b: Borrowing<'_> = from_slice(input).unwrap();
        assert!(matches!(b.c, Cow::Borrowed(_)));
        // A string with escapes cannot be borrowed.
        let e = from_slice::<Borrowing<'_>>(br#"{"s": "a\nb", "c": "", "m": {}}"#).unwrap_err();
        assert_eq!(e.path().to_string(), ".s");
        assert_eq!(e.kind(), ErrorKind::Type);
    }

    #[derive(Debug, PartialEq, Deserialize)]
    enum Mode {
        #[serde(rename = "on")]
        On,
        #[serde(rename = "off")]
        Off,
    }

    #[test]
    fn enums_are_strings() {
        assert_eq!(from_slice::<Mode>(br#""on""#).unwrap(), Mode::On);
        assert_eq!(
            from_slice::<Vec<Mode>>(br#"["off", "o\u006e"]"#).unwrap(),
            vec![Mode::Off, Mode::On]
        );
        let e = err::<Mode>(r#"{"on": null}"#);
        assert_eq!(e.to_string(), "expected string, found an object or map");
        let e = err::<Mode>(r#""x""#);
        assert_eq!(e.kind(), ErrorKind::Custom);
    }

    #[test]
    fn unknown_token_is_known() {
        struct Known(String);
        impl<'de> Deserialize<'de> for Known {
            fn deserialize<D: de::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
                struct V;
                impl<'de> Visitor<'de> for V {
                    type Value = Known;
                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        f.write_str("maybe unknown")
                    }
                    fn visit_newtype_struct<D: de::Deserializer<'de>>(
                        self,
                        d: D,
                    ) -> std::result::Result<Known, D::Error> {
                        String::deserialize(d).map(Known)
                    }
                }
                d.deserialize_newtype_struct(UNKNOWN_TOKEN, V)
            }
        }
        assert_eq!(from_slice::<Known>(br#""x""#).unwrap().0, "x");
    }

    #[test]
    fn tuples_and_lengths() {
        let e = err::<(u8, u8)>("[1, 2, 3]");
        assert_eq!(
            e.to_string(),
            "expected a tuple of 2 elements, found 3 elements"
        );
        let e = err::<(u8, u8)>("[1]");
        assert_eq!(e.kind(), ErrorKind::Type);
        let e = err::<Vec<u8>>(r#"{"a":1}"#);
        assert_eq!(
            e.to_string(),
            "expected a list or set, found an object or map"
        );
        let e = err::<BTreeMap<String, u8>>("[]");
        assert_eq!(e.to_string(), "expected a map, found a list, set or tuple");
        let e = err::<bool>("1");
        assert_eq!(e.to_string(), "expected bool, found a number");
        let e = err::<()>("false");
        assert_eq!(e.to_string(), "expected null, found a bool");
    }

    #[test]
    fn raw_values_pass_through() {
        #[derive(Deserialize)]
        struct R<'a> {
            #[serde(borrow)]
            r: &'a RawValue,
        }
        let r: R<'_> = from_slice(br#"{"r": [1, {"a": 2}]}"#).unwrap();
        assert_eq!(r.r.get(), r#"[1, {"a": 2}]"#);
    }

    #[test]
    fn seed_api() {
        let v = from_slice_seed(b"[1,2]", PhantomData::<Vec<u32>>).unwrap();
        assert_eq!(v, vec![1, 2]);
    }
}

#[cfg(test)]
mod lenient_tests {
    use super::*;
    use std::borrow::Cow;
    use std::collections::BTreeMap;

    use serde::Deserialize;

    use crate::{Nullable, Unknown, Value};

    fn lenient<T: for<'de> Deserialize<'de>>(json: &str) -> T {
        from_slice_lenient(json.as_bytes()).unwrap_or_else(|e| panic!("{json}: {e}"))
    }

    fn lenient_err<T: for<'de> Deserialize<'de> + fmt::Debug>(json: &str) -> Error {
        match from_slice_lenient::<T>(json.as_bytes()) {
            Ok(v) => panic!("expected an error for {json}, got {v:?}"),
            Err(e) => e,
        }
    }

    fn strict_err<T: for<'de> Deserialize<'de> + fmt::Debug>(json: &str) -> String {
        match from_slice::<T>(json.as_bytes()) {
            Ok(v) => panic!("strict decoding accepted {json} as {v:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn numbers_from_decimal_strings() {
        assert_eq!(lenient::<u8>(r#""12""#), 12);
        assert_eq!(lenient::<i64>(r#""-5""#), -5);
        assert_eq!(lenient::<u16>(r#""1e3""#), 1000);
        assert_eq!(lenient::<u32>(r#""7.0""#), 7);
        assert_eq!(lenient::<f64>(r#""0.1""#), 0.1);
        assert_eq!(lenient::<f32>(r#""0.5""#), 0.5);
        assert_eq!(
            lenient::<u128>(r#""123456789012345678901234567890""#),
            123456789012345678901234567890
        );
        // Escapes are text like any other.
        assert_eq!(lenient::<u8>(r#""\u0031\u0032""#), 12);
        // Numbers written as numbers still work.
        assert_eq!(lenient::<u8>("12"), 12);
        for (json, text) in [(r#""12""#, "12"), (r#""0.1""#, "0.1")] {
            assert_eq!(
                strict_err::<f64>(json),
                format!("expected number, found the string \"{text}\"")
            );
        }
        assert_eq!(
            strict_err::<u8>(r#""12""#),
            "expected number, found the string \"12\""
        );
        assert_eq!(
            strict_err::<u128>(r#""12""#),
            "expected number, found the string \"12\""
        );
    }

    #[test]
    fn exact_numbers_from_strings() {
        let n: Number = lenient(r#""123456789012345678901234567890""#);
        assert_eq!(n, Number::parse("123456789012345678901234567890").unwrap());
        assert_eq!(n.to_string(), "123456789012345678901234567890");
        let n: Number = lenient(r#""0.1""#);
        assert_eq!(n, Number::parse("0.1").unwrap());
        let n: Number = lenient(r#""\u0030.25""#);
        assert_eq!(n.to_string(), "0.25");
        let n: Vec<Number> = lenient(r#"["1", 2, "-3.5"]"#);
        assert_eq!(n[2], Number::parse("-3.5").unwrap());
        assert_eq!(
            strict_err::<Number>(r#""1""#),
            "expected number, found the string \"1\""
        );
    }

    #[test]
    fn strings_that_are_no_numbers() {
        for (json, found) in [
            (r#""abc""#, r#"the string "abc""#),
            (r#""""#, r#"the string """#),
            (r#"" 12""#, r#"the string " 12""#),
            (r#""0x10""#, r#"the string "0x10""#),
            (r#""NaN""#, r#"the string "NaN""#),
        ] {
            let e = lenient_err::<Number>(json);
            assert_eq!(e.to_string(), format!("expected number, found {found}"));
            assert_eq!(e.kind(), ErrorKind::Type);
            let e = lenient_err::<u64>(json);
            assert_eq!(e.to_string(), format!("expected number, found {found}"));
            let e = lenient_err::<f64>(json);
            assert_eq!(e.to_string(), format!("expected number, found {found}"));
            let e = lenient_err::<i128>(json);
            assert_eq!(e.to_string(), format!("expected number, found {found}"));
        }
        let e = lenient_err::<u8>(r#""300""#);
        assert_eq!(e.kind(), ErrorKind::Number);
        assert_eq!(
            e.to_string(),
            "expected a whole number from 0 to 255, found 300"
        );
        let e = lenient_err::<u8>(r#""1.5""#);
        assert_eq!(e.kind(), ErrorKind::Number);
        let e = lenient_err::<f32>(r#""1e39""#);
        assert_eq!(e.kind(), ErrorKind::Number);
        let e = lenient_err::<Number>(r#""1e999999""#);
        assert_eq!(e.kind(), ErrorKind::Limit);
        let e = lenient_err::<Number>("true");
        assert_eq!(e.to_string(), "expected number, found a bool");
        let e = lenient_err::<u8>("true");
        assert_eq!(e.to_string(), "expected number, found a bool");
    }

    #[test]
    fn strings_from_numbers_and_bools() {
        // The number's text as written.
        assert_eq!(lenient::<String>("1.50"), "1.50");
        assert_eq!(lenient::<String>("-3"), "-3");
        assert_eq!(lenient::<String>("1e400"), "1e400");
        assert_eq!(
            lenient::<String>("123456789012345678901234567890"),
            "123456789012345678901234567890"
        );
        assert_eq!(lenient::<String>("true"), "true");
        assert_eq!(lenient::<String>(" false "), "false");
        assert_eq!(lenient::<String>(r#""x\ny""#), "x\ny");
        assert_eq!(lenient::<Option<String>>("5"), Some("5".to_owned()));
        assert_eq!(lenient::<Option<String>>("null"), None);
        assert_eq!(
            lenient::<Nullable<String>>("0.5"),
            Nullable::Value("0.5".into())
        );
        assert_eq!(
            lenient::<Vec<String>>(r#"["a", 1, true]"#),
            vec!["a", "1", "true"]
        );
        // Borrowed where the target allows.
        let s: &str = from_slice_lenient(b"42").unwrap();
        assert_eq!(s, "42");
        let s: &str = from_slice_lenient(br#""plain""#).unwrap();
        assert_eq!(s, "plain");
        let c: Cow<'_, str> = from_slice_lenient(br#"7"#).unwrap();
        assert_eq!(c, "7");
        assert_eq!(
            strict_err::<String>("1.50"),
            "expected string, found a number"
        );
        assert_eq!(
            strict_err::<String>("true"),
            "expected string, found a bool"
        );
        // Still no string from null, lists or objects.
        let e = lenient_err::<String>("null");
        assert_eq!(e.to_string(), "expected string, found null");
        assert_eq!(e.kind(), ErrorKind::Type);
        let e = lenient_err::<String>(r#"{"a": 1}"#);
        assert_eq!(e.to_string(), "expected string, found an object or map");
        let e = lenient_err::<String>("[1]");
        assert_eq!(e.to_string(), "expected string, found a list, set or tuple");
    }

    #[test]
    fn bools_from_strings() {
        assert!(lenient::<bool>(r#""true""#));
        assert!(lenient::<bool>(r#""1""#));
        assert!(!lenient::<bool>(r#""false""#));
        assert!(!lenient::<bool>(r#""0""#));
        assert!(lenient::<bool>("true"));
        // The numbers 1 and 0, as terraform-plugin-go reads them.
        assert!(lenient::<bool>("1"));
        assert!(!lenient::<bool>("0"));
        assert_eq!(lenient::<Nullable<bool>>(r#""1""#), Nullable::Value(true));
        assert_eq!(
            lenient::<Vec<bool>>(r#"["0", true, "true"]"#),
            vec![false, true, true]
        );
        let e = lenient_err::<bool>(r#""yes""#);
        assert_eq!(e.to_string(), r#"expected bool, found the string "yes""#);
        assert_eq!(e.kind(), ErrorKind::Type);
        let e = lenient_err::<bool>(r#""True""#);
        assert_eq!(
            e.to_string(),
            r#"expected bool, found the string "True" (write it in lowercase)"#
        );
        for json in ["2", "1.0", "-1"] {
            let e = lenient_err::<bool>(json);
            assert_eq!(e.to_string(), "expected bool, found a number", "{json}");
        }
        for json in [r#""true""#, r#""1""#, "1"] {
            assert!(strict_err::<bool>(json).starts_with("expected bool, found a "));
        }
    }

    #[derive(Debug, Deserialize, PartialEq)]
    struct Inner {
        x: String,
        y: Nullable<u32>,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    struct Model {
        a: String,
        inner: Nullable<Inner>,
        items: Vec<Inner>,
        maybe: Option<u8>,
        nullable: Nullable<String>,
        planned: Unknown<Nullable<Number>>,
        dynamic: Value,
    }

    #[test]
    fn undeclared_attributes_are_ignored_missing_ones_null() {
        let m: Model = lenient(
            r#"{"old": {"deep": [1, {"x": null}]}, "a": 1,
                "inner": {"x": "i", "gone": true},
                "items": [{"x": 1, "z": []}, {"y": "4", "x": "b"}],
                "zzz": null}"#,
        );
        assert_eq!(m.a, "1");
        assert_eq!(
            m.inner,
            Nullable::Value(Inner {
                x: "i".into(),
                y: Nullable::Null
            })
        );
        assert_eq!(
            m.items,
            vec![
                Inner {
                    x: "1".into(),
                    y: Nullable::Null
                },
                Inner {
                    x: "b".into(),
                    y: Nullable::Value(4)
                }
            ]
        );
        assert_eq!(m.maybe, None);
        assert!(m.nullable.is_null());
        assert!(m.planned.is_known() && m.planned.is_null());
        assert!(m.dynamic.is_null());
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Denying {
        a: String,
        b: Unknown<Nullable<String>>,
    }

    #[test]
    fn strict_mode_keeps_rejecting_extra_and_missing_attributes() {
        assert_eq!(
            strict_err::<Denying>(r#"{"a": "x", "b": null, "old": 1}"#),
            r#"unsupported attribute "old""#
        );
        assert_eq!(
            strict_err::<Denying>(r#"{"a": "x"}"#),
            r#"missing attribute "b""#
        );
        // Leniently, both are fine, even with deny_unknown_fields.
        let d: Denying = lenient(r#"{"old": 1, "a": "x"}"#);
        assert!(d.b.is_null());
    }

    #[test]
    fn missing_attributes_that_cannot_be_null() {
        let e = lenient_err::<Inner>(r#"{"y": 1}"#);
        assert_eq!(e.to_string(), r#"missing attribute "x""#);
        assert_eq!(e.kind(), ErrorKind::Attribute);
        let e = lenient_err::<Model>(
            r#"{"a": "", "inner": {"y": 2}, "items": [], "planned": 1, "dynamic": null}"#,
        );
        assert_eq!(e.to_string(), r#".inner: missing attribute "x""#);
        let e = lenient_err::<Model>(r#"{"a": "", "items": [{"x": "a"}, {"y": 1}]}"#);
        assert_eq!(e.to_string(), r#".items[1]: missing attribute "x""#);
        assert_eq!(e.kind(), ErrorKind::Attribute);
        let e = lenient_err::<Model>("{}");
        assert_eq!(e.to_string(), r#"missing attribute "a""#);
        // A list, a number: cannot be null either.
        let e = lenient_err::<Model>(r#"{"a": ""}"#);
        assert_eq!(e.to_string(), r#"missing attribute "items""#);
        #[derive(Debug, Deserialize)]
        #[allow(dead_code)]
        struct N {
            n: Number,
        }
        assert_eq!(
            lenient_err::<N>("{}").to_string(),
            r#"missing attribute "n""#
        );
    }

    #[test]
    fn lenient_error_paths_and_kinds() {
        let e = lenient_err::<Model>(r#"{"a": "", "items": [{"x": "a", "y": "many"}]}"#);
        assert_eq!(
            e.to_string(),
            r#".items[0].y: expected number, found the string "many""#
        );
        assert_eq!(e.kind(), ErrorKind::Type);
        let e = lenient_err::<Model>(r#"{"a": [], "items": []}"#);
        assert_eq!(
            e.to_string(),
            ".a: expected string, found a list, set or tuple"
        );
        let e = lenient_err::<Model>(r#"{"a": "", "items": {}}"#);
        assert_eq!(
            e.to_string(),
            ".items: expected a list or set, found an object or map"
        );
        let e = lenient_err::<Inner>("[1]");
        assert_eq!(
            e.to_string(),
            "expected an object, found a list, set or tuple"
        );
        // An undeclared attribute is skipped, but it must still be JSON.
        let e = lenient_err::<Inner>(r#"{"x": "a", "old": [1,]}"#);
        assert_eq!(e.kind(), ErrorKind::Syntax);
        assert_eq!(e.path().to_string(), ".old");
        // Duplicates are still reported, and keys with escapes still match.
        let e = lenient_err::<Inner>(r#"{"x": "a", "x": "b"}"#);
        assert_eq!(e.to_string(), r#"duplicate attribute "x""#);
        let i: Inner = lenient(r#"{"\u0078": "a"}"#);
        assert_eq!(i.x, "a");
        let e = lenient_err::<Inner>(r#"{"\u0079": true, "x": ""}"#);
        assert_eq!(e.to_string(), ".y: expected number, found a bool");
        // Trailing input is still an error.
        let e = lenient_err::<Inner>(r#"{"x": "a"} x"#);
        assert_eq!(e.kind(), ErrorKind::Syntax);
    }

    #[test]
    fn maps_are_not_filtered() {
        let m: BTreeMap<String, String> = lenient(r#"{"a": 1, "b": true}"#);
        assert_eq!(m["a"], "1");
        assert_eq!(m["b"], "true");
        let e = lenient_err::<BTreeMap<String, u8>>(r#"{"k": "x"}"#);
        assert_eq!(
            e.to_string(),
            r#"["k"]: expected number, found the string "x""#
        );
    }

    #[test]
    fn dynamic_values_inside_are_lenient_too() {
        #[derive(Debug, Deserialize)]
        struct D {
            d: Value,
        }
        let d: D = lenient(r#"{"d": {"value": "12", "type": "number"}, "gone": 1}"#);
        assert_eq!(d.d.as_number(), Some(&Number::from(12)));
        let d: D = lenient(r#"{"d": {"value": {"a": 1}, "type": ["object", {"a": "string"}]}}"#);
        assert_eq!(d.d.attr("a").and_then(Value::as_str), Some("1"));
    }

    #[test]
    fn seed_api_is_lenient() {
        let v = from_slice_seed_lenient(br#"["1", 2]"#, PhantomData::<Vec<u32>>).unwrap();
        assert_eq!(v, vec![1, 2]);
        assert!(from_slice_seed(br#"["1", 2]"#, PhantomData::<Vec<u32>>).is_err());
    }
}
