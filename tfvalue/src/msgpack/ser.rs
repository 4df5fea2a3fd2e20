//! The MessagePack serializer: any `Serialize` type → bytes, following Terraform's rules.
//!
//! - Numbers follow go-cty: an integer that fits int64 is the smallest MessagePack integer
//!   (unsigned codes for non-negative values); a larger one is float64 if exact, else its
//!   decimal digits as a string. A Rust `f32`/`f64` is the shortest decimal that round-trips
//!   it (so `0.1_f64` goes out as the string `"0.1"`, exactly what Terraform sends for `0.1`),
//!   and a whole one of 2^53 (`f32`: 2^24) or more the integer Terraform sent for it
//!   ([`Number::from_f64`]: 2^63 is `"9223372036854775808"`).
//! - Objects and maps are written with their keys in byte order, as go-cty does; keys that
//!   arrive in order (a `BTreeMap`, a hand-written struct) cost one comparison each, and a
//!   derived model (`SORTED_STRUCT_TOKEN`) or a `tfvalue::map::Map` (`SORTED_MAP_TOKEN`),
//!   sorted by construction, none.
//! - tfvalue's reserved names write unknowns as ext values, `Number`s exactly, and dynamic
//!   values as `[type JSON as binary, value]`.

use serde::ser::{self, Serialize};

use crate::error::{Error, ErrorKind, Result};
use crate::number::Number;
use crate::ser_macros::{
    enum_error, impl_seq_traits, protocol_error, reject_methods, serializer_types, KeySerializer,
};
use crate::tokens::{
    is_sorted_struct, serialize_unknown_payload, DYNAMIC_TOKEN, NUMBER_TOKEN, SORTED_MAP_TOKEN,
    UNKNOWN_TOKEN,
};

use super::number::{write_msgpack_from_f64, write_msgpack_int};

/// A MessagePack serializer appending to a `Vec<u8>`.
pub struct Serializer<'a> {
    out: &'a mut Vec<u8>,
    /// Inside `SORTED_MAP_TOKEN`: the map about to be written has its keys in byte order.
    sorted_map: bool,
}

impl<'a> Serializer<'a> {
    /// A serializer that appends to `out`.
    pub fn new(out: &'a mut Vec<u8>) -> Self {
        Serializer {
            out,
            sorted_map: false,
        }
    }
}

/// Writes a string header of the smallest form.
#[inline]
pub(crate) fn write_str_header(out: &mut Vec<u8>, len: usize) {
    if len < 32 {
        out.push(0xa0 | len as u8);
    } else if len <= u8::MAX as usize {
        out.extend_from_slice(&[0xd9, len as u8]);
    } else if len <= u16::MAX as usize {
        out.push(0xda);
        out.extend_from_slice(&(len as u16).to_be_bytes());
    } else {
        out.push(0xdb);
        out.extend_from_slice(&(len as u32).to_be_bytes());
    }
}

/// Writes a string.
#[inline]
pub(crate) fn write_str(out: &mut Vec<u8>, s: &str) {
    write_str_header(out, s.len());
    out.extend_from_slice(s.as_bytes());
}

/// Writes a map key: `write_str` as the `KeySerializer` wants it.
#[inline]
fn write_key(out: &mut Vec<u8>, s: &str) -> Result<()> {
    write_str(out, s);
    Ok(())
}

/// Writes a binary header of the smallest form.
pub(crate) fn write_bin_header(out: &mut Vec<u8>, len: usize) {
    if len <= u8::MAX as usize {
        out.extend_from_slice(&[0xc4, len as u8]);
    } else if len <= u16::MAX as usize {
        out.push(0xc5);
        out.extend_from_slice(&(len as u16).to_be_bytes());
    } else {
        out.push(0xc6);
        out.extend_from_slice(&(len as u32).to_be_bytes());
    }
}

/// Writes an array header of the smallest form.
#[inline]
pub(crate) fn write_array_header(out: &mut Vec<u8>, len: usize) {
    if len < 16 {
        out.push(0x90 | len as u8);
    } else if len <= u16::MAX as usize {
        out.push(0xdc);
        out.extend_from_slice(&(len as u16).to_be_bytes());
    } else {
        out.push(0xdd);
        out.extend_from_slice(&(len as u32).to_be_bytes());
    }
}

/// Writes a map header of the smallest form.
#[inline]
pub(crate) fn write_map_header(out: &mut Vec<u8>, len: usize) {
    if len < 16 {
        out.push(0x80 | len as u8);
    } else if len <= u16::MAX as usize {
        out.push(0xde);
        out.extend_from_slice(&(len as u16).to_be_bytes());
    } else {
        out.push(0xdf);
        out.extend_from_slice(&(len as u32).to_be_bytes());
    }
}

/// Length of the header `write_array_header`/`write_map_header` writes for `len`.
fn header_len(len: usize) -> usize {
    if len < 16 {
        1
    } else if len <= u16::MAX as usize {
        3
    } else {
        5
    }
}

/// Writes the canonical unknown value `d4 00 00`, or a refined one (ext 12).
pub(crate) fn write_unknown_payload(out: &mut Vec<u8>, payload: &[u8]) {
    if payload.is_empty() {
        out.extend_from_slice(&[0xd4, 0x00, 0x00]);
        return;
    }
    // rmp picks fixext for 1/2/4/8/16-byte payloads, as Terraform's encoder does.
    let _ = rmp::encode::write_ext_meta(out, payload.len() as u32, 12);
    out.extend_from_slice(payload);
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
        self.out.push(if v { 0xc3 } else { 0xc2 });
        Ok(())
    }

    fn serialize_i8(self, v: i8) -> Result<()> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i16(self, v: i16) -> Result<()> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i32(self, v: i32) -> Result<()> {
        self.serialize_i64(i64::from(v))
    }
    #[inline]
    fn serialize_i64(self, v: i64) -> Result<()> {
        // What `Number::from(v).write_msgpack` writes, without the number's other forms.
        write_msgpack_int(v, self.out);
        Ok(())
    }
    fn serialize_i128(self, v: i128) -> Result<()> {
        Number::from(v).write_msgpack(self.out);
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Result<()> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u16(self, v: u16) -> Result<()> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u32(self, v: u32) -> Result<()> {
        self.serialize_u64(u64::from(v))
    }
    #[inline]
    fn serialize_u64(self, v: u64) -> Result<()> {
        match i64::try_from(v) {
            Ok(i) => write_msgpack_int(i, self.out),
            Err(_) => Number::from(v).write_msgpack(self.out),
        }
        Ok(())
    }
    fn serialize_u128(self, v: u128) -> Result<()> {
        Number::from(v).write_msgpack(self.out);
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Result<()> {
        Number::from_f32(v)?.write_msgpack(self.out);
        Ok(())
    }
    fn serialize_f64(self, v: f64) -> Result<()> {
        write_msgpack_from_f64(v, self.out)
    }
    fn serialize_char(self, v: char) -> Result<()> {
        let mut buf = [0u8; 4];
        write_str(self.out, v.encode_utf8(&mut buf));
        Ok(())
    }
    #[inline]
    fn serialize_str(self, v: &str) -> Result<()> {
        write_str(self.out, v);
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<()> {
        write_bin_header(self.out, v.len());
        self.out.extend_from_slice(v);
        Ok(())
    }
    #[inline]
    fn serialize_none(self) -> Result<()> {
        self.out.push(0xc0);
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
        self.serialize_str(variant)
    }

    #[inline]
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<()> {
        if name == UNKNOWN_TOKEN {
            return serialize_unknown_payload(value, UnknownSerializer { out: self.out });
        }
        if name == NUMBER_TOKEN {
            return value.serialize(NumberSerializer { out: self.out });
        }
        if name == DYNAMIC_TOKEN {
            // (type JSON bytes, value): a 2-tuple, written as-is.
            return value.serialize(self);
        }
        if name == SORTED_MAP_TOKEN {
            return value.serialize(Serializer {
                out: self.out,
                sorted_map: true,
            });
        }
        value.serialize(Serializer::new(self.out))
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
    fn serialize_seq(self, len: Option<usize>) -> Result<Compound<'a>> {
        Ok(Compound::new(self.out, len))
    }
    fn serialize_tuple(self, len: usize) -> Result<Compound<'a>> {
        Ok(Compound::new(self.out, Some(len)))
    }
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<Compound<'a>> {
        Ok(Compound::new(self.out, Some(len)))
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
    fn serialize_map(self, len: Option<usize>) -> Result<MapWriter<'a>> {
        Ok(MapWriter::new(self.out, len, false, self.sorted_map))
    }
    #[inline]
    fn serialize_struct(self, name: &'static str, len: usize) -> Result<MapWriter<'a>> {
        let sorted = is_sorted_struct(name);
        Ok(MapWriter::new(self.out, Some(len), true, sorted))
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

/// Inserts a header at `at` for `count` items, when the count was not known up front.
fn insert_header(out: &mut Vec<u8>, at: usize, count: usize, map: bool) {
    let mut header = Vec::with_capacity(5);
    if map {
        write_map_header(&mut header, count);
    } else {
        write_array_header(&mut header, count);
    }
    out.splice(at..at, header);
}

/// Arrays: lists, sets and tuples; errors get the element's index.
pub struct Compound<'a> {
    out: &'a mut Vec<u8>,
    /// Where the header goes when the length was not known, or `usize::MAX`.
    header_at: usize,
    declared: Option<usize>,
    count: usize,
}

impl<'a> Compound<'a> {
    fn new(out: &'a mut Vec<u8>, len: Option<usize>) -> Self {
        let header_at = match len {
            Some(n) => {
                write_array_header(out, n);
                usize::MAX
            }
            None => out.len(),
        };
        Compound {
            out,
            header_at,
            declared: len,
            count: 0,
        }
    }

    #[inline]
    fn element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        let index = self.count;
        self.count += 1;
        value
            .serialize(Serializer::new(self.out))
            .map_err(|e| e.in_index(index))
    }

    fn finish(self) -> Result<()> {
        match self.declared {
            Some(n) if n != self.count => Err(Error::new(
                ErrorKind::Custom,
                format!("a sequence declared {n} elements but gave {}", self.count),
            )),
            Some(_) => Ok(()),
            None => {
                insert_header(self.out, self.header_at, self.count, false);
                Ok(())
            }
        }
    }
}

impl_seq_traits!(Compound<'_> => (); element, finish);

/// Maps and objects. Entries are written as they come; if a key arrives out of byte order
/// the entries are re-sorted at the end, so the output always has sorted keys.
pub struct MapWriter<'a> {
    out: &'a mut Vec<u8>,
    /// Position of the header.
    start: usize,
    /// Length written in the header (`None`: header not written yet).
    declared: Option<usize>,
    count: usize,
    /// Start of the current entry's key and of its value, in `out`.
    key_at: usize,
    value_at: usize,
    /// Start of the previous key and its end, to check the order.
    prev_key: (usize, usize),
    /// Byte ranges of every entry, kept only once the order is found broken.
    entries: Option<Vec<(usize, usize, usize)>>,
    attrs: bool,
    /// The keys are known to come in byte order (`SORTED_STRUCT_TOKEN`): no check.
    sorted: bool,
}

impl<'a> MapWriter<'a> {
    #[inline]
    fn new(out: &'a mut Vec<u8>, len: Option<usize>, attrs: bool, sorted: bool) -> Self {
        let start = out.len();
        if let Some(n) = len {
            write_map_header(out, n);
        }
        MapWriter {
            start,
            declared: len,
            key_at: out.len(),
            value_at: out.len(),
            prev_key: (0, 0),
            out,
            count: 0,
            entries: None,
            attrs,
            sorted,
        }
    }

    /// The first entry starts here.
    fn body_start(&self) -> usize {
        match self.declared {
            Some(n) => self.start + header_len(n),
            None => self.start,
        }
    }

    #[inline]
    fn key_str(&mut self, key: &str) {
        self.key_at = self.out.len();
        write_str(self.out, key);
        self.value_at = self.out.len();
    }

    fn key_serialize<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<()> {
        self.key_at = self.out.len();
        key.serialize(KeySerializer {
            out: self.out,
            attr: &mut self.attrs,
            write: write_key,
        })?;
        self.value_at = self.out.len();
        Ok(())
    }

    /// The text of the current key, for error paths.
    #[cold]
    fn current_key(&self) -> String {
        let bytes = &self.out[self.key_at..self.value_at];
        let mut de = crate::msgpack::de::Deserializer::from_slice(bytes);
        <String as serde::Deserialize>::deserialize(&mut de).unwrap_or_default()
    }

    #[inline]
    fn value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        if let Err(e) = value.serialize(Serializer::new(self.out)) {
            let key = self.current_key();
            return Err(if self.attrs {
                e.in_attr(&key)
            } else {
                e.in_key(&key)
            });
        }
        self.entry_done();
        Ok(())
    }

    /// Records the entry just written and checks the key order (unless it is known): inline
    /// when the order is known (a derived model's fields), a call otherwise.
    #[inline(always)]
    fn entry_done(&mut self) {
        if self.sorted {
            #[cfg(debug_assertions)]
            self.assert_promised_order();
            self.count += 1;
            return;
        }
        self.entry_done_checked();
    }

    /// Debug builds hold a sorted struct or map (`SORTED_STRUCT_TOKEN`, `SORTED_MAP_TOKEN`)
    /// to its promise: keys in strictly increasing byte order. Release builds trust it.
    #[cfg(debug_assertions)]
    fn assert_promised_order(&mut self) {
        let key = (self.key_at, self.value_at);
        if self.count > 0 {
            let (prev, this) = (key_bytes(self.out, self.prev_key), key_bytes(self.out, key));
            assert!(
                prev < this,
                "a struct or map promised sorted keys, but {:?} came after {:?}",
                String::from_utf8_lossy(this),
                String::from_utf8_lossy(prev),
            );
        }
        self.prev_key = key;
    }

    /// [`MapWriter::entry_done`] for keys whose order is checked.
    #[inline(never)]
    fn entry_done_checked(&mut self) {
        let key = (self.key_at, self.value_at);
        let end = self.out.len();
        if let Some(entries) = &mut self.entries {
            entries.push((key.0, key.1, end));
        } else if self.count > 0 && key_bytes(self.out, key) < key_bytes(self.out, self.prev_key) {
            self.entries = Some(self.collect_entries(key, end));
        }
        self.prev_key = key;
        self.count += 1;
    }

    /// Re-reads the entry boundaries written so far (rare: only for unsorted input).
    #[cold]
    fn collect_entries(&self, last_key: (usize, usize), end: usize) -> Vec<(usize, usize, usize)> {
        let mut entries = Vec::with_capacity(self.count + 1);
        let mut pos = self.body_start();
        let body = &self.out[..last_key.0];
        while pos < body.len() {
            let mut de = crate::msgpack::de::Deserializer::from_slice(&body[pos..]);
            // Our own output: these skips cannot fail.
            let _ = de.skip_value();
            let key_end = pos + de.consumed();
            let _ = de.skip_value();
            let entry_end = pos + de.consumed();
            entries.push((pos, key_end, entry_end));
            pos = entry_end;
        }
        entries.push((last_key.0, last_key.1, end));
        entries
    }

    /// Ends the map: nothing to do when its keys came in order and its header counted them.
    #[inline]
    fn finish(self) -> Result<()> {
        if self.entries.is_none() && self.declared == Some(self.count) {
            return Ok(());
        }
        self.finish_reordered()
    }

    /// [`MapWriter::finish`] for entries out of order, or a header to write or rewrite.
    #[inline(never)]
    fn finish_reordered(self) -> Result<()> {
        let body_start = self.body_start();
        if let Some(mut entries) = self.entries {
            entries.sort_by(|a, b| {
                key_bytes(self.out, (a.0, a.1)).cmp(key_bytes(self.out, (b.0, b.1)))
            });
            let mut sorted = Vec::with_capacity(self.out.len() - body_start);
            for (k, _, e) in &entries {
                sorted.extend_from_slice(&self.out[*k..*e]);
            }
            self.out.truncate(body_start);
            self.out.extend_from_slice(&sorted);
        }
        match self.declared {
            Some(n) if n == self.count => {}
            Some(n) => {
                // Fewer entries than declared (skipped fields): rewrite the header.
                let old = header_len(n);
                self.out.drain(self.start..self.start + old);
                insert_header(self.out, self.start, self.count, true);
            }
            None => insert_header(self.out, self.start, self.count, true),
        }
        Ok(())
    }
}

/// The content bytes of a key written as a msgpack string (header skipped), for ordering.
#[inline]
fn key_bytes(out: &[u8], (start, end): (usize, usize)) -> &[u8] {
    let header = match out.get(start) {
        Some(0xa0..=0xbf) => 1,
        Some(0xd9) => 2,
        Some(0xda) => 3,
        Some(0xdb) => 5,
        _ => 0,
    };
    &out[(start + header).min(end)..end]
}

impl ser::SerializeMap for MapWriter<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<()> {
        self.key_serialize(key)
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        self.value(value)
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
        self.key_str(key);
        self.value(value)
    }
    fn end(self) -> Result<()> {
        self.finish()
    }
}

/// Inside `UNKNOWN_TOKEN`: the refinement payload arrives as bytes.
struct UnknownSerializer<'a> {
    out: &'a mut Vec<u8>,
}

/// Inside `NUMBER_TOKEN`: a `Number`'s exact representation.
struct NumberSerializer<'a> {
    out: &'a mut Vec<u8>,
}

impl ser::Serializer for UnknownSerializer<'_> {
    serializer_types!(());
    reject_methods! { protocol_error("unknown"); ();
        common serialize_i64 serialize_u64 serialize_f64 serialize_char serialize_str
        serialize_unit_variant serialize_newtype_struct serialize_tuple
    }

    fn serialize_bytes(self, payload: &[u8]) -> Result<()> {
        write_unknown_payload(self.out, payload);
        Ok(())
    }
}

impl ser::Serializer for NumberSerializer<'_> {
    serializer_types!(());
    reject_methods! { protocol_error("number"); ();
        common serialize_char serialize_bytes serialize_unit_variant serialize_newtype_struct
        serialize_tuple
    }

    fn serialize_i64(self, v: i64) -> Result<()> {
        Number::from(v).write_msgpack(self.out);
        Ok(())
    }
    fn serialize_u64(self, v: u64) -> Result<()> {
        Number::from(v).write_msgpack(self.out);
        Ok(())
    }
    fn serialize_f64(self, v: f64) -> Result<()> {
        // The exact binary value, as it came from the wire.
        Number::from_f64_exact(v)?.write_msgpack(self.out);
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<()> {
        Number::parse(v)?.write_msgpack(self.out);
        Ok(())
    }
}
