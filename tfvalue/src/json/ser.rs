//! The JSON serializer: any `Serialize` type → compact JSON text, following Terraform's rules.
//!
//! - Integers are written as digits; a Rust `f32`/`f64` as the shortest decimal that
//!   round-trips it (`0.1_f64` → `0.1`), a whole one of 2^53 (`f32`: 2^24) or more as the
//!   integer Terraform sent for it ([`Number::from_f64`]: 2^63 → `9223372036854775808`),
//!   never with an exponent. NaN and infinity have no JSON form and are errors.
//! - Strings are escaped as Terraform escapes them (Go's `encoding/json`, see
//!   `crate::go_json`): `<`, `>`, `&`, U+2028 and U+2029 as `\u003c`….
//! - Objects keep their keys in the order the value gives them; a derived model's names
//!   (`SORTED_STRUCT_TOKEN`: valid Terraform names) are written without an escape scan.
//!   Errors in a value get the entry's step: `.name` for struct fields and map keys marked
//!   as attribute names (`ATTR_TOKEN`), `["key"]` for other map keys.
//! - tfvalue's reserved names: an unknown value is an error (JSON cannot carry it), a
//!   `Number` is written exactly, and a dynamic value as `{"value":…,"type":…}` (value
//!   first, as go-cty writes it).

use serde::ser::{self, Serialize};
use serde_json::ser::{CompactFormatter, Formatter};

use crate::error::{Error, ErrorKind, Result};
use crate::go_json::write_go_json_string;
use crate::number::{Number, Repr, ShortFloat};
use crate::ser_macros::{
    enum_error, impl_seq_traits, protocol_error, reject_methods, serializer_types, KeySerializer,
};
use crate::tokens::{is_sorted_struct, DYNAMIC_TOKEN, NUMBER_TOKEN, UNKNOWN_TOKEN};

/// A JSON serializer appending compact JSON to a `Vec<u8>`.
pub struct Serializer<'a> {
    out: &'a mut Vec<u8>,
}

impl<'a> Serializer<'a> {
    /// A serializer that appends to `out`.
    pub fn new(out: &'a mut Vec<u8>) -> Self {
        Serializer { out }
    }
}

/// Converts a write error (writing to a `Vec` cannot fail; this is for form's sake).
#[cold]
fn io_error(e: impl std::fmt::Display) -> Error {
    Error::new(ErrorKind::Custom, format!("cannot write JSON: {e}"))
}

/// Writes `s` as a JSON string, escaped as Terraform (Go's `encoding/json`) escapes it.
#[inline]
fn write_str(out: &mut Vec<u8>, s: &str) -> Result<()> {
    write_go_json_string(out, s);
    Ok(())
}

/// Writes an integer's digits.
#[inline]
fn write_i64(out: &mut Vec<u8>, v: i64) -> Result<()> {
    CompactFormatter.write_i64(out, v).map_err(io_error)
}

/// Writes an integer's digits.
#[inline]
fn write_u64(out: &mut Vec<u8>, v: u64) -> Result<()> {
    CompactFormatter.write_u64(out, v).map_err(io_error)
}

#[cold]
fn unknown_error() -> Error {
    Error::new(
        ErrorKind::Unknown,
        "value is not known: JSON cannot represent unknown values (use MessagePack)",
    )
}

#[cold]
fn bytes_error() -> Error {
    Error::new(
        ErrorKind::Type,
        "binary data cannot be written as a Terraform value",
    )
}

impl<'a> ser::Serializer for Serializer<'a> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'a>;
    type SerializeTuple = Compound<'a>;
    type SerializeTupleStruct = Compound<'a>;
    type SerializeTupleVariant = ser::Impossible<(), Error>;
    type SerializeMap = MapWriter<'a>;
    type SerializeStruct = MapWriter<'a>;
    type SerializeStructVariant = ser::Impossible<(), Error>;

    #[inline]
    fn serialize_bool(self, v: bool) -> Result<()> {
        self.out
            .extend_from_slice(if v { b"true" } else { b"false" });
        Ok(())
    }

    fn serialize_i8(self, v: i8) -> Result<()> {
        write_i64(self.out, i64::from(v))
    }
    fn serialize_i16(self, v: i16) -> Result<()> {
        write_i64(self.out, i64::from(v))
    }
    fn serialize_i32(self, v: i32) -> Result<()> {
        write_i64(self.out, i64::from(v))
    }
    #[inline]
    fn serialize_i64(self, v: i64) -> Result<()> {
        write_i64(self.out, v)
    }
    fn serialize_i128(self, v: i128) -> Result<()> {
        Number::from(v).write_json(self.out)
    }
    fn serialize_u8(self, v: u8) -> Result<()> {
        write_u64(self.out, u64::from(v))
    }
    fn serialize_u16(self, v: u16) -> Result<()> {
        write_u64(self.out, u64::from(v))
    }
    fn serialize_u32(self, v: u32) -> Result<()> {
        write_u64(self.out, u64::from(v))
    }
    #[inline]
    fn serialize_u64(self, v: u64) -> Result<()> {
        write_u64(self.out, v)
    }
    fn serialize_u128(self, v: u128) -> Result<()> {
        Number::from(v).write_json(self.out)
    }
    fn serialize_f32(self, v: f32) -> Result<()> {
        Number::from_f32(v)?.write_json(self.out)
    }
    fn serialize_f64(self, v: f64) -> Result<()> {
        // A short non-integer is written from its shortest digits, with no heap decimal in
        // between: as that decimal, or (exactly the float) as the float's text; every other
        // float as `Number::from_f64` makes it.
        match ShortFloat::of(v) {
            Some(ShortFloat::Decimal(plain)) => {
                self.out.extend_from_slice(plain.as_bytes());
                Ok(())
            }
            Some(ShortFloat::Exact(f)) => Number(Repr::Float(f)).write_json(self.out),
            None => Number::from_f64(v)?.write_json(self.out),
        }
    }
    fn serialize_char(self, v: char) -> Result<()> {
        let mut buf = [0u8; 4];
        write_str(self.out, v.encode_utf8(&mut buf))
    }
    #[inline]
    fn serialize_str(self, v: &str) -> Result<()> {
        write_str(self.out, v)
    }
    fn serialize_bytes(self, _v: &[u8]) -> Result<()> {
        Err(bytes_error())
    }
    #[inline]
    fn serialize_none(self) -> Result<()> {
        self.out.extend_from_slice(b"null");
        Ok(())
    }
    #[inline]
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<()> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<()> {
        self.serialize_none()
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<()> {
        self.serialize_none()
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<()> {
        write_str(self.out, variant)
    }

    #[inline]
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<()> {
        if name == UNKNOWN_TOKEN {
            return Err(unknown_error());
        }
        if name == NUMBER_TOKEN {
            return value.serialize(NumberSerializer { out: self.out });
        }
        if name == DYNAMIC_TOKEN {
            return value.serialize(DynamicSerializer { out: self.out });
        }
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        name: &'static str,
        _index: u32,
        variant: &'static str,
        _value: &T,
    ) -> Result<()> {
        Err(enum_error(name, variant))
    }

    #[inline]
    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'a>> {
        Ok(Compound::new(self.out))
    }
    fn serialize_tuple(self, _len: usize) -> Result<Compound<'a>> {
        Ok(Compound::new(self.out))
    }
    fn serialize_tuple_struct(self, _name: &'static str, _len: usize) -> Result<Compound<'a>> {
        Ok(Compound::new(self.out))
    }
    fn serialize_tuple_variant(
        self,
        name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant> {
        Err(enum_error(name, variant))
    }
    #[inline]
    fn serialize_map(self, _len: Option<usize>) -> Result<MapWriter<'a>> {
        Ok(MapWriter::new(self.out, false))
    }
    #[inline]
    fn serialize_struct(self, name: &'static str, _len: usize) -> Result<MapWriter<'a>> {
        Ok(MapWriter::new(self.out, is_sorted_struct(name)))
    }
    fn serialize_struct_variant(
        self,
        name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant> {
        Err(enum_error(name, variant))
    }

    fn is_human_readable(&self) -> bool {
        true
    }
}

/// Arrays: lists, sets and tuples; errors get the element's index.
pub struct Compound<'a> {
    out: &'a mut Vec<u8>,
    count: usize,
}

impl<'a> Compound<'a> {
    fn new(out: &'a mut Vec<u8>) -> Self {
        out.push(b'[');
        Compound { out, count: 0 }
    }

    #[inline]
    fn element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        let index = self.count;
        if index > 0 {
            self.out.push(b',');
        }
        self.count += 1;
        value
            .serialize(Serializer { out: self.out })
            .map_err(|e| e.in_index(index))
    }

    fn finish(self) -> Result<()> {
        self.out.push(b']');
        Ok(())
    }
}

impl_seq_traits!(Compound<'_> => (); element, finish);

/// Objects (structs, `.name` in error paths) and maps (`["key"]`, or `.name` for keys
/// marked with `ATTR_TOKEN`); keys are written in the order given.
pub struct MapWriter<'a> {
    out: &'a mut Vec<u8>,
    count: usize,
    /// Where the current map key starts in `out`, for error paths.
    key_at: usize,
    /// The current map key is an attribute name.
    attr: bool,
    /// Field names are valid Terraform names (`SORTED_STRUCT_TOKEN`): nothing to escape.
    plain_names: bool,
    /// The previous field name, to hold a sorted struct to its promise in debug builds.
    #[cfg(debug_assertions)]
    prev_name: &'static str,
}

impl<'a> MapWriter<'a> {
    fn new(out: &'a mut Vec<u8>, plain_names: bool) -> Self {
        out.push(b'{');
        MapWriter {
            out,
            count: 0,
            key_at: 0,
            attr: false,
            plain_names,
            #[cfg(debug_assertions)]
            prev_name: "",
        }
    }

    /// Debug builds hold a sorted struct (`SORTED_STRUCT_TOKEN`) to its promise: valid
    /// Terraform names (written unescaped) in strictly increasing byte order.
    #[cfg(debug_assertions)]
    fn assert_promised_name(&mut self, name: &'static str) {
        let valid = !name.is_empty()
            && name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
        assert!(
            valid,
            "a sorted struct promised Terraform names, not {name:?}"
        );
        assert!(
            self.count == 1 || self.prev_name.as_bytes() < name.as_bytes(),
            "a sorted struct promised sorted fields, but {name:?} came after {:?}",
            self.prev_name
        );
        self.prev_name = name;
    }

    #[inline]
    fn separator(&mut self) {
        if self.count > 0 {
            self.out.push(b',');
        }
        self.count += 1;
    }

    /// The text of the current map key, read back from the output (errors only).
    #[cold]
    fn current_key(&self) -> String {
        let written = self.out.get(self.key_at..).unwrap_or_default();
        let mut de = serde_json::Deserializer::from_slice(written);
        <String as serde::Deserialize>::deserialize(&mut de).unwrap_or_default()
    }

    fn finish(self) -> Result<()> {
        self.out.push(b'}');
        Ok(())
    }
}

impl ser::SerializeMap for MapWriter<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<()> {
        self.separator();
        self.key_at = self.out.len();
        self.attr = false;
        key.serialize(KeySerializer {
            out: self.out,
            attr: &mut self.attr,
            write: write_str,
        })?;
        self.out.push(b':');
        Ok(())
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        match value.serialize(Serializer { out: self.out }) {
            Ok(()) => Ok(()),
            Err(e) if self.attr => Err(e.in_attr(&self.current_key())),
            Err(e) => Err(e.in_key(&self.current_key())),
        }
    }
    fn end(self) -> Result<()> {
        self.finish()
    }
}

impl ser::SerializeStruct for MapWriter<'_> {
    type Ok = ();
    type Error = Error;
    #[inline]
    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<()> {
        self.separator();
        if self.plain_names {
            #[cfg(debug_assertions)]
            self.assert_promised_name(key);
            self.out.push(b'"');
            self.out.extend_from_slice(key.as_bytes());
            self.out.extend_from_slice(b"\":");
        } else {
            write_str(self.out, key)?;
            self.out.push(b':');
        }
        value
            .serialize(Serializer { out: self.out })
            .map_err(|e| e.in_attr(key))
    }
    fn end(self) -> Result<()> {
        self.finish()
    }
}

/// Inside `NUMBER_TOKEN`: a `Number`'s exact representation.
struct NumberSerializer<'a> {
    out: &'a mut Vec<u8>,
}

impl ser::Serializer for NumberSerializer<'_> {
    serializer_types!(());
    reject_methods! { protocol_error("number"); ();
        common serialize_char serialize_bytes serialize_unit_variant serialize_newtype_struct
        serialize_tuple
    }

    fn serialize_i64(self, v: i64) -> Result<()> {
        write_i64(self.out, v)
    }
    fn serialize_u64(self, v: u64) -> Result<()> {
        write_u64(self.out, v)
    }
    fn serialize_f64(self, v: f64) -> Result<()> {
        // The exact binary value, as it came from the wire.
        Number::from_f64_exact(v)?.write_json(self.out)
    }
    fn serialize_str(self, v: &str) -> Result<()> {
        Number::parse(v)?.write_json(self.out)
    }
}

/// Inside `DYNAMIC_TOKEN`: the 2-tuple (type constraint JSON as bytes, value).
struct DynamicSerializer<'a> {
    out: &'a mut Vec<u8>,
}

impl<'a> ser::Serializer for DynamicSerializer<'a> {
    serializer_types!((), tuple = DynamicTuple<'a>);
    reject_methods! { protocol_error("dynamic"); ();
        common serialize_i64 serialize_u64 serialize_f64 serialize_char serialize_str
        serialize_bytes serialize_unit_variant serialize_newtype_struct
    }

    fn serialize_tuple(self, len: usize) -> Result<DynamicTuple<'a>> {
        if len != 2 {
            return Err(protocol_error("dynamic"));
        }
        Ok(DynamicTuple {
            out: self.out,
            ty: None,
            state: 0,
        })
    }
}

/// Writes `{"value":<element 1>,"type":<element 0>}`.
struct DynamicTuple<'a> {
    out: &'a mut Vec<u8>,
    /// The type constraint's JSON text, kept from element 0 until the value is written.
    ty: Option<String>,
    state: u8,
}

impl ser::SerializeTuple for DynamicTuple<'_> {
    type Ok = ();
    type Error = Error;

    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        match self.state {
            0 => {
                self.ty = Some(value.serialize(TypeText)?);
                self.state = 1;
                Ok(())
            }
            1 => {
                let Some(ty) = self.ty.take() else {
                    return Err(protocol_error("dynamic"));
                };
                self.out.extend_from_slice(b"{\"value\":");
                value.serialize(Serializer { out: self.out })?;
                self.out.extend_from_slice(b",\"type\":");
                self.out.extend_from_slice(ty.as_bytes());
                self.out.push(b'}');
                self.state = 2;
                Ok(())
            }
            _ => Err(protocol_error("dynamic")),
        }
    }

    fn end(self) -> Result<()> {
        if self.state == 2 {
            Ok(())
        } else {
            Err(protocol_error("dynamic"))
        }
    }
}

/// Element 0 of a dynamic value: the type constraint's JSON text (bytes, or a string),
/// checked to be one JSON value so that the output stays valid JSON.
struct TypeText;

impl TypeText {
    fn check(text: &str) -> Result<String> {
        match serde_json::from_str::<&serde_json::value::RawValue>(text) {
            Ok(raw) => Ok(raw.get().to_owned()),
            Err(e) => Err(Error::new(
                ErrorKind::TypeConstraint,
                format!("a dynamic value's type constraint is not valid JSON: {e}"),
            )),
        }
    }
}

impl ser::Serializer for TypeText {
    serializer_types!(String);
    reject_methods! { protocol_error("dynamic"); String;
        common serialize_i64 serialize_u64 serialize_f64 serialize_char serialize_unit_variant
        serialize_newtype_struct serialize_tuple
    }

    fn serialize_bytes(self, v: &[u8]) -> Result<String> {
        match std::str::from_utf8(v) {
            Ok(text) => Self::check(text),
            Err(_) => Err(Error::new(
                ErrorKind::TypeConstraint,
                "a dynamic value's type constraint is not valid UTF-8",
            )),
        }
    }
    fn serialize_str(self, v: &str) -> Result<String> {
        Self::check(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tokens::ATTR_TOKEN;
    use std::collections::{BTreeMap, HashMap};

    use serde::Serialize;

    fn json<T: ?Sized + Serialize>(v: &T) -> String {
        String::from_utf8(crate::json::to_vec(v).unwrap()).unwrap()
    }

    fn err<T: ?Sized + Serialize>(v: &T) -> Error {
        crate::json::to_vec(v).unwrap_err()
    }

    #[derive(Serialize)]
    struct S {
        name: String,
        size: Option<u32>,
        tags: BTreeMap<String, bool>,
        list: Vec<i64>,
        #[serde(skip_serializing_if = "Option::is_none")]
        skipped: Option<u8>,
    }

    #[test]
    fn std_types_bytes() {
        assert_eq!(json(&true), "true");
        assert_eq!(json(&()), "null");
        assert_eq!(json(&None::<u8>), "null");
        assert_eq!(json(&-12i8), "-12");
        assert_eq!(json(&u64::MAX), "18446744073709551615");
        assert_eq!(json(&i64::MIN), "-9223372036854775808");
        assert_eq!(json(&u128::MAX), "340282366920938463463374607431768211455");
        assert_eq!(
            json(&(i128::MIN + 1)),
            "-170141183460469231731687303715884105727"
        );
        assert_eq!(json(&0.1f64), "0.1");
        assert_eq!(json(&1.5f32), "1.5");
        assert_eq!(json(&'x'), r#""x""#);
        // go-cty 1.16 writes strings as Go's encoding/json does: `<`, `>`, `&`, U+2028 and
        // U+2029 escaped, \b and \f in short form, other controls as lower-case \u00XX.
        assert_eq!(json("a\"b\n\u{1}é<"), r#""a\"b\n\u0001é\u003c""#);
        assert_eq!(
            json("<a href=\"x\">&amp;</a>"),
            r#""\u003ca href=\"x\"\u003e\u0026amp;\u003c/a\u003e""#
        );
        assert_eq!(
            json("\u{8}\u{c}\u{b}\u{1f}\u{7f}\u{2028}\u{2029}\u{2027}"),
            "\"\\b\\f\\u000b\\u001f\u{7f}\\u2028\\u2029\u{2027}\""
        );
        assert_eq!(json(&'<'), r#""\u003c""#);
        assert_eq!(json(&(1u8, "a")), r#"[1,"a"]"#);
        assert_eq!(json(&Vec::<u8>::new()), "[]");
        let s = S {
            name: "n".into(),
            size: None,
            tags: [("b".to_string(), true), ("a".to_string(), false)].into(),
            list: vec![1, -2],
            skipped: None,
        };
        assert_eq!(
            json(&s),
            r#"{"name":"n","size":null,"tags":{"a":false,"b":true},"list":[1,-2]}"#
        );
        let empty: HashMap<String, u8> = HashMap::new();
        assert_eq!(json(&empty), "{}");
        // Map keys are escaped the same way.
        let m: BTreeMap<&str, u8> = [("a&b", 1), ("<k>", 2)].into();
        assert_eq!(json(&m), r#"{"\u003ck\u003e":2,"a\u0026b":1}"#);
    }

    #[test]
    fn round_trips() {
        let m: BTreeMap<String, Vec<Option<String>>> = [
            ("k".to_string(), vec![Some("v\u{0}".to_string()), None]),
            ("é\"".to_string(), vec![]),
        ]
        .into();
        let bytes = crate::json::to_vec(&m).unwrap();
        let back: BTreeMap<String, Vec<Option<String>>> = crate::json::from_slice(&bytes).unwrap();
        assert_eq!(back, m);
        let t = (u64::MAX, i64::MIN, 0.25f64, true, "x".to_string());
        let back: (u64, i64, f64, bool, String) =
            crate::json::from_slice(&crate::json::to_vec(&t).unwrap()).unwrap();
        assert_eq!(back, t);
    }

    #[test]
    fn non_finite_and_bytes_rejected() {
        assert!(crate::json::to_vec(&f64::NAN).is_err());
        assert!(crate::json::to_vec(&f64::INFINITY).is_err());
        assert!(crate::json::to_vec(&f32::NEG_INFINITY).is_err());
        let e = err(&Bytes::new(&[1, 2]));
        assert_eq!(
            e.to_string(),
            "binary data cannot be written as a Terraform value"
        );
        assert_eq!(e.kind(), ErrorKind::Type);
    }

    /// A value that serializes as binary data.
    struct Bytes<'a>(&'a [u8]);

    impl<'a> Bytes<'a> {
        fn new(b: &'a [u8]) -> Self {
            Bytes(b)
        }
    }

    impl Serialize for Bytes<'_> {
        fn serialize<S: ser::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
            s.serialize_bytes(self.0)
        }
    }

    #[derive(Serialize)]
    enum E {
        #[serde(rename = "plain")]
        Plain,
        Data(u8),
    }

    #[test]
    fn enums() {
        assert_eq!(json(&E::Plain), r#""plain""#);
        let e = err(&vec![E::Plain, E::Data(1)]);
        assert_eq!(e.path().to_string(), "[1]");
        assert!(e.message().contains("E::Data carries data"), "{e}");
    }

    #[derive(Serialize)]
    struct Outer {
        a: Vec<BTreeMap<String, f64>>,
    }

    #[test]
    fn error_paths() {
        let v = Outer {
            a: vec![BTreeMap::new(), [("k\"".to_string(), f64::NAN)].into()],
        };
        let e = err(&v);
        assert_eq!(e.path().to_string(), r#".a[1]["k\""]"#);
        assert_eq!(e.kind(), ErrorKind::Number);
        // Nothing is left in the output after an error.
        let mut out = b"prefix".to_vec();
        assert!(crate::json::to_writer(&mut out, &v).is_err());
        assert_eq!(out, b"prefix");
    }

    #[test]
    fn attribute_keys() {
        let mut m = BTreeMap::new();
        m.insert(Reserved(ATTR_TOKEN, "size"), f64::NAN);
        let e = err(&m);
        assert_eq!(e.path().to_string(), ".size");
        let mut m = BTreeMap::new();
        m.insert(Reserved(ATTR_TOKEN, "a"), 1u8);
        assert_eq!(json(&m), r#"{"a":1}"#);
    }

    #[test]
    fn keys_must_be_strings() {
        let m: BTreeMap<u8, u8> = [(1, 2)].into();
        let e = err(&m);
        assert_eq!(e.kind(), ErrorKind::Type);
        assert!(e.message().starts_with("map keys must be strings"), "{e}");
        let m: BTreeMap<char, u8> = [('c', 2)].into();
        assert_eq!(json(&m), r#"{"c":2}"#);
    }

    /// Serializes through a reserved name.
    #[derive(PartialEq, Eq, PartialOrd, Ord)]
    struct Reserved<T>(&'static str, T);

    impl<T: Serialize> Serialize for Reserved<T> {
        fn serialize<S: ser::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
            s.serialize_newtype_struct(self.0, &self.1)
        }
    }

    #[test]
    fn unknown_rejected() {
        let e = err(&Reserved(UNKNOWN_TOKEN, Bytes::new(&[])));
        assert_eq!(e.kind(), ErrorKind::Unknown);
        assert_eq!(
            e.to_string(),
            "value is not known: JSON cannot represent unknown values (use MessagePack)"
        );
        let mut m = BTreeMap::new();
        m.insert("a", Reserved(UNKNOWN_TOKEN, Bytes::new(&[0x81])));
        let e = err(&m);
        assert_eq!(e.path().to_string(), r#"["a"]"#);
    }

    #[test]
    fn numbers_exact() {
        assert_eq!(json(&Reserved(NUMBER_TOKEN, 7i64)), "7");
        assert_eq!(
            json(&Reserved(NUMBER_TOKEN, u64::MAX)),
            "18446744073709551615"
        );
        assert_eq!(json(&Reserved(NUMBER_TOKEN, 1.25f64)), "1.25");
        assert_eq!(
            json(&Reserved(NUMBER_TOKEN, "123456789012345678901234567890")),
            "123456789012345678901234567890"
        );
        assert_eq!(json(&Reserved(NUMBER_TOKEN, "0.1")), "0.1");
        assert!(crate::json::to_vec(&Reserved(NUMBER_TOKEN, "x")).is_err());
        assert!(crate::json::to_vec(&Reserved(NUMBER_TOKEN, f64::INFINITY)).is_err());
        let e = err(&Reserved(NUMBER_TOKEN, true));
        assert_eq!(e.kind(), ErrorKind::Custom);
    }

    #[test]
    fn dynamic_value_first() {
        let d = Reserved(DYNAMIC_TOKEN, (Bytes::new(b"\"number\""), 1u8));
        assert_eq!(json(&d), r#"{"value":1,"type":"number"}"#);
        let d = Reserved(
            DYNAMIC_TOKEN,
            (Bytes::new(br#"["list","string"]"#), vec!["a", "b"]),
        );
        assert_eq!(json(&d), r#"{"value":["a","b"],"type":["list","string"]}"#);
        // Nested in an object, and null inside.
        let mut m = BTreeMap::new();
        m.insert(
            "v",
            Reserved(DYNAMIC_TOKEN, (Bytes::new(b"\"string\""), None::<String>)),
        );
        assert_eq!(json(&m), r#"{"v":{"value":null,"type":"string"}}"#);
        // Invalid type text.
        let e = err(&Reserved(DYNAMIC_TOKEN, (Bytes::new(b"\xff"), 1u8)));
        assert_eq!(e.kind(), ErrorKind::TypeConstraint);
        let e = err(&Reserved(DYNAMIC_TOKEN, (Bytes::new(b"[\"list\""), 1u8)));
        assert_eq!(e.kind(), ErrorKind::TypeConstraint);
        // Errors in the value keep their path.
        let e = err(&Reserved(
            DYNAMIC_TOKEN,
            (Bytes::new(br#"["list","number"]"#), vec![1.0, f64::NAN]),
        ));
        assert_eq!(e.path().to_string(), "[1]");
        // Not a 2-tuple.
        let e = err(&Reserved(DYNAMIC_TOKEN, 1u8));
        assert_eq!(e.kind(), ErrorKind::Custom);
    }

    #[test]
    fn dynamic_round_trip_through_decoder() {
        let d = Reserved(DYNAMIC_TOKEN, (Bytes::new(b"\"bool\""), true));
        let bytes = crate::json::to_vec(&d).unwrap();
        let v: serde_json::Value = crate::json::from_slice(&bytes).unwrap();
        assert_eq!(v, serde_json::json!({"value": true, "type": "bool"}));
    }
}
