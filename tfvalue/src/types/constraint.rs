//! Terraform's JSON type-constraint syntax: parsing (straight from the bytes, through
//! serde, with locations in error messages) and printing (byte for byte as Terraform).

use std::fmt;
use std::sync::Arc;

use serde::de::{self, DeserializeSeed, IgnoredAny, Visitor};
use serde::ser::{SerializeMap, SerializeSeq, SerializeTuple};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{ObjectType, Type};
use crate::error::{Error, ErrorKind, Result};
use crate::go_json::write_go_json_string;
use crate::limits::MAX_DEPTH;

// ---------------------------------------------------------------------------------------
// Printing
// ---------------------------------------------------------------------------------------

/// Appends the JSON type constraint of `ty` (see [`Type::to_json`]).
pub(super) fn write_json(ty: &Type, out: &mut Vec<u8>) {
    match ty {
        Type::String => out.extend_from_slice(b"\"string\""),
        Type::Number => out.extend_from_slice(b"\"number\""),
        Type::Bool => out.extend_from_slice(b"\"bool\""),
        Type::Dynamic => out.extend_from_slice(b"\"dynamic\""),
        Type::List(e) => write_collection(b"[\"list\",", e, out),
        Type::Set(e) => write_collection(b"[\"set\",", e, out),
        Type::Map(e) => write_collection(b"[\"map\",", e, out),
        Type::Tuple(elems) => {
            out.extend_from_slice(b"[\"tuple\",[");
            for (i, e) in elems.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write_json(e, out);
            }
            out.extend_from_slice(b"]]");
        }
        Type::Object(o) => {
            out.extend_from_slice(b"[\"object\",{");
            for (i, (name, ty)) in o.names.iter().zip(o.types.iter()).enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write_go_json_string(out, name);
                out.push(b':');
                write_json(ty, out);
            }
            out.push(b'}');
            if o.has_optional() {
                out.extend_from_slice(b",[");
                for (i, name) in o.optional_names().enumerate() {
                    if i > 0 {
                        out.push(b',');
                    }
                    write_go_json_string(out, name);
                }
                out.push(b']');
            }
            out.push(b']');
        }
    }
}

fn write_collection(prefix: &[u8], elem: &Type, out: &mut Vec<u8>) {
    out.extend_from_slice(prefix);
    write_json(elem, out);
    out.push(b']');
}

/// The JSON type constraint of `ty` as a `serde_json::Value`.
pub(super) fn to_json_value(ty: &Type) -> serde_json::Value {
    use serde_json::Value;
    let pair = |kind: &str, v: Value| Value::Array(vec![Value::String(kind.to_owned()), v]);
    match ty {
        Type::String | Type::Number | Type::Bool | Type::Dynamic => {
            Value::String(ty.kind_name().to_owned())
        }
        Type::List(e) => pair("list", to_json_value(e)),
        Type::Set(e) => pair("set", to_json_value(e)),
        Type::Map(e) => pair("map", to_json_value(e)),
        Type::Tuple(elems) => pair("tuple", elems.iter().map(to_json_value).collect()),
        Type::Object(o) => {
            let attrs: serde_json::Map<String, Value> = o
                .names
                .iter()
                .zip(o.types.iter())
                .map(|(n, t)| (n.clone(), to_json_value(t)))
                .collect();
            let mut arr = vec![Value::String("object".to_owned()), Value::Object(attrs)];
            if o.has_optional() {
                arr.push(o.optional_names().map(Value::from).collect());
            }
            Value::Array(arr)
        }
    }
}

impl Serialize for Type {
    /// Serializes the JSON type-constraint structure: a string for a primitive or
    /// dynamic type, otherwise a sequence `[kind, ...]` with object attributes as a map
    /// in byte order of names.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Type::String | Type::Number | Type::Bool | Type::Dynamic => {
                serializer.serialize_str(self.kind_name())
            }
            Type::List(e) | Type::Set(e) | Type::Map(e) => {
                let mut t = serializer.serialize_tuple(2)?;
                t.serialize_element(self.kind_name())?;
                t.serialize_element(&**e)?;
                t.end()
            }
            Type::Tuple(elems) => {
                let mut t = serializer.serialize_tuple(2)?;
                t.serialize_element("tuple")?;
                t.serialize_element(&**elems)?;
                t.end()
            }
            Type::Object(o) => {
                let optional = o.has_optional();
                let mut t = serializer.serialize_tuple(if optional { 3 } else { 2 })?;
                t.serialize_element("object")?;
                t.serialize_element(&AttrsSer(o))?;
                if optional {
                    t.serialize_element(&OptionalSer(o))?;
                }
                t.end()
            }
        }
    }
}

/// An object type's attributes as a map from name to type.
struct AttrsSer<'a>(&'a ObjectType);

impl Serialize for AttrsSer<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut m = serializer.serialize_map(Some(self.0.len()))?;
        for (name, ty) in self.0.names.iter().zip(self.0.types.iter()) {
            m.serialize_entry(name, ty)?;
        }
        m.end()
    }
}

/// An object type's optional attribute names as a sequence.
struct OptionalSer<'a>(&'a ObjectType);

impl Serialize for OptionalSer<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_seq(None)?;
        for name in self.0.optional_names() {
            s.serialize_element(name)?;
        }
        s.end()
    }
}

// ---------------------------------------------------------------------------------------
// Parsing
// ---------------------------------------------------------------------------------------

/// Parses a type constraint from JSON bytes (see [`Type::from_json`]).
pub(super) fn from_json(text: &[u8]) -> Result<Type> {
    // Fast path: nearly every dynamic value on the wire carries one of these.
    match text {
        b"\"string\"" => return Ok(Type::String),
        b"\"number\"" => return Ok(Type::Number),
        b"\"bool\"" => return Ok(Type::Bool),
        b"\"dynamic\"" => return Ok(Type::Dynamic),
        _ => {}
    }
    let mut de = serde_json::Deserializer::from_slice(text);
    let mut ctx = Ctx::default();
    let ty = match (TypeSeed { ctx: &mut ctx }).deserialize(&mut de) {
        Ok(ty) => ty,
        Err(e) => return Err(ctx.into_error(&e)),
    };
    if let Err(e) = de.end() {
        return Err(Error::new(
            ErrorKind::TypeConstraint,
            format!("invalid type constraint: unexpected data after the type constraint ({e})"),
        ));
    }
    Ok(ty)
}

/// Parses a type constraint from a parsed JSON value (see [`Type::from_json_value`]).
pub(super) fn from_json_value(v: &serde_json::Value) -> Result<Type> {
    let mut ctx = Ctx::default();
    match (TypeSeed { ctx: &mut ctx }).deserialize(v) {
        Ok(ty) => Ok(ty),
        Err(e) => Err(ctx.into_error(&e)),
    }
}

impl<'de> Deserialize<'de> for Type {
    /// Deserializes the JSON type-constraint structure from any self-describing format,
    /// with the same validation as [`Type::from_json`] and the same error (whole, kind
    /// included, when `D` is one of tfvalue's deserializers).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Type, D::Error> {
        let mut ctx = Ctx::default();
        match (TypeSeed { ctx: &mut ctx }).deserialize(deserializer) {
            Ok(ty) => Ok(ty),
            Err(e) => match ctx.failure.take() {
                Some(failure) => Err(crate::error::Error::new(
                    failure.kind,
                    ctx.message(&failure.message),
                )
                .into_de()),
                None => Err(e),
            },
        }
    }
}

/// One step of a location inside a constraint.
enum Loc {
    /// An array element: `[i]`.
    Index(usize),
    /// An object member: `["key"]`.
    Key(String),
}

/// What the visitors found wrong, recorded beside the serde error (whose type the
/// visitors do not control) so that the caller can build a precise [`Error`].
struct Failure {
    kind: ErrorKind,
    message: String,
}

/// Parsing state shared by all the visitors of one constraint.
#[derive(Default)]
struct Ctx {
    /// Nesting depth of `[kind, ...]` arrays being parsed.
    depth: usize,
    /// The constraint's own error, if the visitors found one.
    failure: Option<Failure>,
    /// Location of the error, innermost step first: each level adds its step while the
    /// error travels back up, so that parsing without error never pays for it.
    loc_rev: Vec<Loc>,
}

impl Ctx {
    /// Records a failure of the constraint and returns a serde error to abort parsing.
    #[cold]
    fn fail<E: de::Error>(&mut self, kind: ErrorKind, message: String) -> E {
        let err = E::custom(&message);
        self.failure = Some(Failure { kind, message });
        err
    }

    /// Adds an enclosing location step to the error travelling up.
    #[cold]
    fn note<E>(&mut self, loc: Loc, err: E) -> E {
        self.loc_rev.push(loc);
        err
    }

    /// `invalid type constraint at <location>: <message>`.
    #[cold]
    fn message(&self, message: &str) -> String {
        let mut out = String::from("invalid type constraint");
        if !self.loc_rev.is_empty() {
            out.push_str(" at ");
            for loc in self.loc_rev.iter().rev() {
                match loc {
                    Loc::Index(i) => {
                        out.push('[');
                        out.push_str(&i.to_string());
                        out.push(']');
                    }
                    Loc::Key(k) => {
                        out.push('[');
                        let _ = crate::path::write_quoted(&mut out, k);
                        out.push(']');
                    }
                }
            }
        }
        out.push_str(": ");
        out.push_str(message);
        out
    }

    /// The [`Error`] for a failed parse: the recorded failure if there is one, else the
    /// JSON parser's own error.
    #[cold]
    fn into_error(mut self, err: &serde_json::Error) -> Error {
        if let Some(failure) = self.failure.take() {
            return Error::new(failure.kind, self.message(&failure.message));
        }
        let text = err.to_string();
        if text.starts_with("recursion limit exceeded") {
            return Error::new(
                ErrorKind::Limit,
                self.message(&format!("nested too deeply for the JSON parser ({text})")),
            );
        }
        Error::new(
            ErrorKind::TypeConstraint,
            self.message(&format!("invalid JSON: {text}")),
        )
    }
}

/// Something other than what was expected, described in JSON's terms.
enum Found<'a> {
    Bool(bool),
    Signed(i64),
    Unsigned(u64),
    Float(f64),
    Str(&'a str),
    Null,
    Array,
    Object,
    Bytes,
}

impl fmt::Display for Found<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::Bool(b) => write!(f, "{b}"),
            Found::Signed(n) => write!(f, "the number {n}"),
            Found::Unsigned(n) => write!(f, "the number {n}"),
            Found::Float(n) => write!(f, "the number {n}"),
            Found::Str(s) => {
                f.write_str("the string ")?;
                crate::path::write_quoted(f, s)
            }
            Found::Null => f.write_str("null"),
            Found::Array => f.write_str("an array"),
            Found::Object => f.write_str("an object"),
            Found::Bytes => f.write_str("binary data"),
        }
    }
}

/// Implements the listed `Visitor` methods as rejections through `self.reject(found)`.
macro_rules! reject {
    () => {};
    (bool $($rest:tt)*) => {
        fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
            self.reject(Found::Bool(v))
        }
        reject!($($rest)*);
    };
    (numbers $($rest:tt)*) => {
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
            self.reject(Found::Signed(v))
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
            self.reject(Found::Unsigned(v))
        }
        fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
            self.reject(Found::Float(v))
        }
        reject!($($rest)*);
    };
    (null $($rest:tt)*) => {
        fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
            self.reject(Found::Null)
        }
        fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
            self.reject(Found::Null)
        }
        reject!($($rest)*);
    };
    (bytes $($rest:tt)*) => {
        fn visit_bytes<E: de::Error>(self, _v: &[u8]) -> Result<Self::Value, E> {
            self.reject(Found::Bytes)
        }
        reject!($($rest)*);
    };
    (str $($rest:tt)*) => {
        fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
            self.reject(Found::Str(v))
        }
        reject!($($rest)*);
    };
    (seq $($rest:tt)*) => {
        fn visit_seq<A: de::SeqAccess<'de>>(self, _seq: A) -> Result<Self::Value, A::Error> {
            self.reject(Found::Array)
        }
        reject!($($rest)*);
    };
    (map $($rest:tt)*) => {
        fn visit_map<A: de::MapAccess<'de>>(self, _map: A) -> Result<Self::Value, A::Error> {
            self.reject(Found::Object)
        }
        reject!($($rest)*);
    };
}

/// Collection and structural kinds: the first element of a `[kind, ...]` array.
#[derive(Clone, Copy)]
enum Kind {
    List,
    Set,
    Map,
    Tuple,
    Object,
}

/// Parses one type constraint.
struct TypeSeed<'c> {
    ctx: &'c mut Ctx,
}

impl<'de> DeserializeSeed<'de> for TypeSeed<'_> {
    type Value = Type;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Type, D::Error> {
        d.deserialize_any(TypeVisitor { ctx: self.ctx })
    }
}

struct TypeVisitor<'c> {
    ctx: &'c mut Ctx,
}

impl TypeVisitor<'_> {
    fn reject<T, E: de::Error>(self, found: Found<'_>) -> Result<T, E> {
        Err(self.ctx.fail(
            ErrorKind::TypeConstraint,
            format!(
                "expected a type name (string, number, bool, or dynamic) or a [kind, ...] \
                 array, found {found}"
            ),
        ))
    }
}

impl<'de> Visitor<'de> for TypeVisitor<'_> {
    type Value = Type;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a type constraint")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Type, E> {
        match v {
            "string" => Ok(Type::String),
            "number" => Ok(Type::Number),
            "bool" => Ok(Type::Bool),
            "dynamic" => Ok(Type::Dynamic),
            _ => {
                let mut msg = String::from("unknown type name ");
                let _ = crate::path::write_quoted(&mut msg, v);
                msg.push_str(
                    " (expected string, number, bool, dynamic, or a [\"list\", T]-style array)",
                );
                Err(self.ctx.fail(ErrorKind::TypeConstraint, msg))
            }
        }
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Type, A::Error> {
        let ctx = self.ctx;
        if ctx.depth >= MAX_DEPTH {
            return Err(ctx.fail(
                ErrorKind::Limit,
                format!("type constraint nested more than {MAX_DEPTH} levels deep"),
            ));
        }
        ctx.depth += 1;
        let kind = match seq.next_element_seed(KindSeed { ctx: &mut *ctx }) {
            Ok(Some(kind)) => kind,
            Ok(None) => {
                return Err(ctx.fail(
                    ErrorKind::TypeConstraint,
                    "expected a kind name (list, set, map, tuple, or object) as the first \
                     element of a type constraint array, found an empty array"
                        .to_owned(),
                ))
            }
            Err(e) => return Err(ctx.note(Loc::Index(0), e)),
        };
        let ty = match kind {
            Kind::List | Kind::Set | Kind::Map => {
                let elem = match seq.next_element_seed(TypeSeed { ctx: &mut *ctx }) {
                    Ok(Some(elem)) => Arc::new(elem),
                    Ok(None) => return Err(wrong_length(ctx, kind, 1)),
                    Err(e) => return Err(ctx.note(Loc::Index(1), e)),
                };
                expect_end(&mut seq, ctx, kind, 2)?;
                match kind {
                    Kind::List => Type::List(elem),
                    Kind::Set => Type::Set(elem),
                    _ => Type::Map(elem),
                }
            }
            Kind::Tuple => {
                let elems = match seq.next_element_seed(TupleSeed { ctx: &mut *ctx }) {
                    Ok(Some(elems)) => elems,
                    Ok(None) => return Err(wrong_length(ctx, kind, 1)),
                    Err(e) => return Err(ctx.note(Loc::Index(1), e)),
                };
                expect_end(&mut seq, ctx, kind, 2)?;
                Type::Tuple(elems)
            }
            Kind::Object => {
                let mut obj = match seq.next_element_seed(AttrsSeed { ctx: &mut *ctx }) {
                    Ok(Some(obj)) => obj,
                    Ok(None) => return Err(wrong_length(ctx, kind, 1)),
                    Err(e) => return Err(ctx.note(Loc::Index(1), e)),
                };
                let optional = OptionalSeed {
                    ctx: &mut *ctx,
                    obj: &obj,
                };
                match seq.next_element_seed(optional) {
                    Ok(Some(indices)) => {
                        for i in indices {
                            obj.set_optional(i);
                        }
                        expect_end(&mut seq, ctx, kind, 3)?;
                    }
                    Ok(None) => {}
                    Err(e) => return Err(ctx.note(Loc::Index(2), e)),
                }
                Type::Object(Arc::new(obj))
            }
        };
        ctx.depth -= 1;
        Ok(ty)
    }

    reject!(bool numbers null bytes map);
}

/// The error for a `[kind, ...]` array with the wrong number of elements.
#[cold]
fn wrong_length<E: de::Error>(ctx: &mut Ctx, kind: Kind, found: usize) -> E {
    let needs = match kind {
        Kind::List => "[\"list\", ...] needs exactly 2 elements",
        Kind::Set => "[\"set\", ...] needs exactly 2 elements",
        Kind::Map => "[\"map\", ...] needs exactly 2 elements",
        Kind::Tuple => "[\"tuple\", ...] needs exactly 2 elements",
        Kind::Object => "[\"object\", ...] needs 2 or 3 elements",
    };
    ctx.fail(ErrorKind::TypeConstraint, format!("{needs}, found {found}"))
}

/// Checks that a `[kind, ...]` array has no more than `parsed` elements.
fn expect_end<'de, A: de::SeqAccess<'de>>(
    seq: &mut A,
    ctx: &mut Ctx,
    kind: Kind,
    parsed: usize,
) -> Result<(), A::Error> {
    let mut count = parsed;
    while seq.next_element::<IgnoredAny>()?.is_some() {
        count = count.saturating_add(1);
    }
    if count == parsed {
        Ok(())
    } else {
        Err(wrong_length(ctx, kind, count))
    }
}

/// Parses the kind name that starts a `[kind, ...]` array.
struct KindSeed<'c> {
    ctx: &'c mut Ctx,
}

impl<'de> DeserializeSeed<'de> for KindSeed<'_> {
    type Value = Kind;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Kind, D::Error> {
        d.deserialize_any(self)
    }
}

impl KindSeed<'_> {
    fn reject<T, E: de::Error>(self, found: Found<'_>) -> Result<T, E> {
        Err(self.ctx.fail(
            ErrorKind::TypeConstraint,
            format!(
                "expected a kind name (list, set, map, tuple, or object) as the first element \
                 of a type constraint array, found {found}"
            ),
        ))
    }
}

impl<'de> Visitor<'de> for KindSeed<'_> {
    type Value = Kind;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a kind name")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Kind, E> {
        match v {
            "list" => Ok(Kind::List),
            "set" => Ok(Kind::Set),
            "map" => Ok(Kind::Map),
            "tuple" => Ok(Kind::Tuple),
            "object" => Ok(Kind::Object),
            _ => {
                let mut msg = String::from("unknown kind ");
                let _ = crate::path::write_quoted(&mut msg, v);
                msg.push_str(" (expected list, set, map, tuple, or object)");
                Err(self.ctx.fail(ErrorKind::TypeConstraint, msg))
            }
        }
    }

    reject!(bool numbers null bytes seq map);
}

/// Caps a size hint so that no input can make us preallocate more than it justifies.
fn capacity(hint: Option<usize>) -> usize {
    hint.unwrap_or(0).min(1024)
}

/// Parses the element types of a tuple: `[T, ...]`.
struct TupleSeed<'c> {
    ctx: &'c mut Ctx,
}

impl<'de> DeserializeSeed<'de> for TupleSeed<'_> {
    type Value = Arc<[Type]>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Arc<[Type]>, D::Error> {
        d.deserialize_any(self)
    }
}

impl TupleSeed<'_> {
    fn reject<T, E: de::Error>(self, found: Found<'_>) -> Result<T, E> {
        Err(self.ctx.fail(
            ErrorKind::TypeConstraint,
            format!("[\"tuple\", ...] needs an array of element types, found {found}"),
        ))
    }
}

impl<'de> Visitor<'de> for TupleSeed<'_> {
    type Value = Arc<[Type]>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array of element types")
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Arc<[Type]>, A::Error> {
        let ctx = self.ctx;
        let mut elems = Vec::with_capacity(capacity(seq.size_hint()));
        loop {
            match seq.next_element_seed(TypeSeed { ctx: &mut *ctx }) {
                Ok(Some(ty)) => elems.push(ty),
                Ok(None) => break,
                Err(e) => return Err(ctx.note(Loc::Index(elems.len()), e)),
            }
        }
        Ok(elems.into())
    }

    reject!(bool numbers null bytes str map);
}

/// Parses the attribute types of an object: `{"name": T, ...}`.
struct AttrsSeed<'c> {
    ctx: &'c mut Ctx,
}

impl<'de> DeserializeSeed<'de> for AttrsSeed<'_> {
    type Value = ObjectType;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<ObjectType, D::Error> {
        d.deserialize_any(self)
    }
}

impl AttrsSeed<'_> {
    fn reject<T, E: de::Error>(self, found: Found<'_>) -> Result<T, E> {
        Err(self.ctx.fail(
            ErrorKind::TypeConstraint,
            format!("[\"object\", ...] needs an object of attribute types, found {found}"),
        ))
    }
}

impl<'de> Visitor<'de> for AttrsSeed<'_> {
    type Value = ObjectType;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object of attribute types")
    }

    fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<ObjectType, A::Error> {
        let ctx = self.ctx;
        // Object types usually have a handful of attributes or more: skip the smallest
        // growth steps.
        let cap = map.size_hint().map_or(8, |n| n.min(1024));
        let mut names: Vec<String> = Vec::with_capacity(cap);
        let mut types: Vec<Type> = Vec::with_capacity(cap);
        // Terraform writes attributes in byte order; only other input needs sorting.
        let mut sorted = true;
        while let Some(name) = map.next_key_seed(NameSeed { ctx: &mut *ctx })? {
            let ty = match map.next_value_seed(TypeSeed { ctx: &mut *ctx }) {
                Ok(ty) => ty,
                Err(e) => return Err(ctx.note(Loc::Key(name), e)),
            };
            if sorted {
                if let Some(last) = names.last() {
                    sorted = last.as_str() < name.as_str();
                }
            }
            names.push(name);
            types.push(ty);
        }
        if !sorted {
            let mut pairs: Vec<(String, Type)> = names.into_iter().zip(types).collect();
            pairs.sort_by(|a, b| a.0.cmp(&b.0));
            if let Some(dup) = pairs.windows(2).find(|w| w[0].0 == w[1].0) {
                let mut msg = String::from("duplicate attribute ");
                let _ = crate::path::write_quoted(&mut msg, &dup[0].0);
                return Err(ctx.fail(ErrorKind::TypeConstraint, msg));
            }
            (names, types) = pairs.into_iter().unzip();
        }
        Ok(ObjectType::from_sorted(names, types))
    }

    reject!(bool numbers null bytes str seq);
}

/// Parses an attribute name (an object key).
struct NameSeed<'c> {
    ctx: &'c mut Ctx,
}

impl<'de> DeserializeSeed<'de> for NameSeed<'_> {
    type Value = String;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<String, D::Error> {
        d.deserialize_any(self)
    }
}

impl NameSeed<'_> {
    fn reject<T, E: de::Error>(self, found: Found<'_>) -> Result<T, E> {
        Err(self.ctx.fail(
            ErrorKind::TypeConstraint,
            format!("expected an attribute name, found {found}"),
        ))
    }
}

impl<'de> Visitor<'de> for NameSeed<'_> {
    type Value = String;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an attribute name")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<String, E> {
        Ok(v.to_owned())
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<String, E> {
        Ok(v)
    }

    reject!(bool numbers null bytes seq map);
}

/// Parses the optional-attribute list of an object, `["name", ...]`, into the positions
/// of those attributes in `obj`.
struct OptionalSeed<'c, 'o> {
    ctx: &'c mut Ctx,
    obj: &'o ObjectType,
}

impl<'de> DeserializeSeed<'de> for OptionalSeed<'_, '_> {
    type Value = Vec<usize>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<usize>, D::Error> {
        d.deserialize_any(self)
    }
}

impl OptionalSeed<'_, '_> {
    fn reject<T, E: de::Error>(self, found: Found<'_>) -> Result<T, E> {
        Err(self.ctx.fail(
            ErrorKind::TypeConstraint,
            format!(
                "the third element of [\"object\", ...] must be an array of optional attribute \
                 names, found {found}"
            ),
        ))
    }
}

impl<'de> Visitor<'de> for OptionalSeed<'_, '_> {
    type Value = Vec<usize>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array of optional attribute names")
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<usize>, A::Error> {
        let ctx = self.ctx;
        let obj = self.obj;
        let mut indices = Vec::with_capacity(capacity(seq.size_hint()).min(obj.len()));
        loop {
            let seed = OptionalNameSeed {
                ctx: &mut *ctx,
                obj,
            };
            match seq.next_element_seed(seed) {
                Ok(Some(i)) => indices.push(i),
                Ok(None) => break,
                Err(e) => return Err(ctx.note(Loc::Index(indices.len()), e)),
            }
        }
        Ok(indices)
    }

    reject!(bool numbers null bytes str map);
}

/// Parses one optional attribute name into its position in `obj`.
struct OptionalNameSeed<'c, 'o> {
    ctx: &'c mut Ctx,
    obj: &'o ObjectType,
}

impl<'de> DeserializeSeed<'de> for OptionalNameSeed<'_, '_> {
    type Value = usize;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<usize, D::Error> {
        d.deserialize_any(self)
    }
}

impl OptionalNameSeed<'_, '_> {
    fn reject<T, E: de::Error>(self, found: Found<'_>) -> Result<T, E> {
        Err(self.ctx.fail(
            ErrorKind::TypeConstraint,
            format!("expected an optional attribute name, found {found}"),
        ))
    }
}

impl<'de> Visitor<'de> for OptionalNameSeed<'_, '_> {
    type Value = usize;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an optional attribute name")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<usize, E> {
        match self.obj.index_of(v) {
            Some(i) => Ok(i),
            None => {
                let mut msg = String::from("optional attribute ");
                let _ = crate::path::write_quoted(&mut msg, v);
                msg.push_str(" is not an attribute of the object type");
                Err(self.ctx.fail(ErrorKind::TypeConstraint, msg))
            }
        }
    }

    reject!(bool numbers null bytes seq map);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Type {
        match Type::from_json(text.as_bytes()) {
            Ok(ty) => ty,
            Err(e) => panic!("{text}: {e}"),
        }
    }

    fn parse_err(text: &str) -> Error {
        match Type::from_json(text.as_bytes()) {
            Ok(ty) => panic!("{text}: parsed as {ty}"),
            Err(e) => e,
        }
    }

    /// Asserts that `text` fails with a TypeConstraint error with exactly `message`.
    #[track_caller]
    fn assert_constraint_err(text: &str, message: &str) {
        let e = parse_err(text);
        assert_eq!(e.kind(), ErrorKind::TypeConstraint, "{text}: {e}");
        assert_eq!(e.to_string(), message, "{text}");
        assert!(e.path().is_root());
    }

    fn nested_lists(levels: usize) -> String {
        let mut s = "[\"list\",".repeat(levels);
        s.push_str("\"string\"");
        s.push_str(&"]".repeat(levels));
        s
    }

    #[test]
    fn primitives_fast_path() {
        assert_eq!(parse("\"string\""), Type::String);
        assert_eq!(parse("\"number\""), Type::Number);
        assert_eq!(parse("\"bool\""), Type::Bool);
        assert_eq!(parse("\"dynamic\""), Type::Dynamic);
        // Not the exact canonical bytes: the general parser handles them.
        assert_eq!(parse(" \"string\"\n"), Type::String);
        assert_eq!(parse("\"str\\u0069ng\""), Type::String);
    }

    #[test]
    fn round_trip_every_form() {
        let cases = [
            r#""string""#,
            r#""number""#,
            r#""bool""#,
            r#""dynamic""#,
            r#"["list","string"]"#,
            r#"["set","number"]"#,
            r#"["map","bool"]"#,
            r#"["list","dynamic"]"#,
            r#"["tuple",[]]"#,
            r#"["tuple",["string","number",["list","bool"]]]"#,
            r#"["object",{}]"#,
            r#"["object",{"a":"string","b":["set",["map","number"]]}]"#,
            r#"["object",{"a":"string","b":"number"},["b"]]"#,
            r#"["object",{"a":"string","b":"number"},["a","b"]]"#,
            r#"["list",["object",{"name":"string","size":"number"},["size"]]]"#,
            r#"["map",["tuple",[["object",{"x":"dynamic"}]]]]"#,
        ];
        for text in cases {
            let ty = parse(text);
            assert_eq!(ty.to_json(), text);
            let mut out = b"prefix".to_vec();
            ty.write_json(&mut out);
            assert_eq!(&out[6..], text.as_bytes());
            // serde_json's own view agrees.
            let value: serde_json::Value = serde_json::from_str(text).unwrap();
            assert_eq!(ty.to_json_value(), value, "{text}");
            assert_eq!(Type::from_json_value(&value).unwrap(), ty);
            assert_eq!(serde_json::to_string(&ty).unwrap(), text);
            assert_eq!(serde_json::from_str::<Type>(text).unwrap(), ty);
        }
    }

    #[test]
    fn whitespace_is_accepted_and_printing_is_compact() {
        let ty = parse(" [ \"object\" , { \"b\" : \"bool\" , \"a\" : [ \"list\" , \"string\" ] } , [ \"a\" ] ] ");
        assert_eq!(
            ty.to_json(),
            r#"["object",{"a":["list","string"],"b":"bool"},["a"]]"#
        );
    }

    #[test]
    fn go_cty_vectors() {
        let mut text = String::new();
        for file in ["vectors.jsonl", "decode_vectors.jsonl"] {
            let path = format!("/work/shared/vectors/go-cty-1.12.1/{file}");
            text.push_str(&std::fs::read_to_string(&path).expect(&path));
        }
        #[derive(serde::Deserialize)]
        struct Record {
            #[serde(rename = "type")]
            ty: Option<Box<serde_json::value::RawValue>>,
            value_type: Option<Box<serde_json::value::RawValue>>,
        }
        let mut count = 0;
        for line in text.lines() {
            let record: Record = serde_json::from_str(line).unwrap();
            for raw in [record.ty, record.value_type].into_iter().flatten() {
                let raw = raw.get();
                let v: serde_json::Value = serde_json::from_str(raw).unwrap();
                let expected = serde_json::to_string(&v).unwrap();
                let ty = Type::from_json(raw.as_bytes()).unwrap();
                assert_eq!(ty.to_json(), expected);
                assert_eq!(Type::from_json_value(&v).unwrap(), ty);
                assert_eq!(ty.to_json_value(), v);
                count += 1;
            }
        }
        assert!(count > 100, "{count}");
    }

    /// Compact JSON with object keys sorted (serde_json's `Value` keeps keys in a sorted
    /// map) of a JSON file.
    fn compact_sorted(path: &str) -> (Vec<u8>, String) {
        let bytes = std::fs::read(path).expect(path);
        let value: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        (bytes, serde_json::to_string(&value).unwrap())
    }

    #[test]
    fn bench_type_and_terraform_schema() {
        for path in [
            "/work/shared/bench/type.json",
            "/work/shared/vectors/terraform-1.11.4/schema.json",
        ] {
            let (bytes, expected) = compact_sorted(path);
            let ty = Type::from_json(&bytes).unwrap();
            assert!(ty.is_object());
            assert_eq!(ty.to_json(), expected, "{path}");
            assert_eq!(Type::from_json(expected.as_bytes()).unwrap(), ty);
        }
        let (bytes, _) = compact_sorted("/work/shared/vectors/terraform-1.11.4/schema.json");
        let ty = Type::from_json(&bytes).unwrap();
        let obj = ty.as_object().unwrap();
        assert_eq!(obj.attr_type("dyn"), Some(&Type::Dynamic));
        assert!(obj.has_dynamic());
        assert_eq!(
            obj.attr_type("blk_list").unwrap().to_string(),
            "list(object({v=string}))"
        );
    }

    #[test]
    fn attributes_are_printed_in_byte_order() {
        // Upper case, underscore, digits and non-ASCII: plain byte order as Go sorts.
        let ty = Type::object([
            ("b", Type::Number),
            ("é", Type::Number),
            ("_", Type::Number),
            ("a1", Type::Number),
            ("B", Type::Number),
            ("a", Type::Number),
        ]);
        assert_eq!(
            ty.to_json().as_bytes(),
            b"[\"object\",{\"B\":\"number\",\"_\":\"number\",\"a\":\"number\",\"a1\":\"number\",\
              \"b\":\"number\",\"\xc3\xa9\":\"number\"}]"
        );
        // Unsorted input parses to the same type.
        let parsed = parse(
            r#"["object",{"é":"number","b":"number","a1":"number","a":"number","_":"number","B":"number"}]"#,
        );
        assert_eq!(parsed, ty);
    }

    #[test]
    fn optional_list_is_sorted_and_only_printed_when_present() {
        let ty = Type::object_with_optional(
            [
                ("z", Type::String),
                ("a", Type::String),
                ("m", Type::String),
            ],
            ["z", "a"],
        )
        .unwrap();
        assert_eq!(
            ty.to_json(),
            r#"["object",{"a":"string","m":"string","z":"string"},["a","z"]]"#
        );
        // An empty optional list reads as none, and is not printed.
        let ty = parse(r#"["object",{"a":"string"},[]]"#);
        assert_eq!(ty.to_json(), r#"["object",{"a":"string"}]"#);
        assert_eq!(ty, Type::object([("a", Type::String)]));
        // Repeated or unsorted optional names are fine.
        let ty = parse(r#"["object",{"a":"string","b":"bool"},["b","a","b"]]"#);
        assert_eq!(
            ty.to_json(),
            r#"["object",{"a":"string","b":"bool"},["a","b"]]"#
        );
    }

    #[test]
    fn escaped_names_in_constraints() {
        let names = [
            "q\"uote",
            "<tag>",
            "a&b",
            "back\\slash",
            "nl\n",
            "nul\u{0}",
            "\u{2028}",
            "ü",
        ];
        let ty = Type::object_with_optional(names.iter().map(|n| (*n, Type::String)), ["<tag>"])
            .unwrap();
        let json = ty.to_json();
        assert_eq!(
            json,
            r#"["object",{"\u003ctag\u003e":"string","a\u0026b":"string","back\\slash":"string","nl\n":"string","nul\u0000":"string","q\"uote":"string","ü":"string","\u2028":"string"},["\u003ctag\u003e"]]"#
        );
        assert_eq!(parse(&json), ty);
        // serde_json escapes differently, but means the same.
        let via_serde = serde_json::to_string(&ty).unwrap();
        assert_eq!(parse(&via_serde), ty);
    }

    #[test]
    fn malformed_constraints() {
        const PRIMS: &str =
            "(expected string, number, bool, dynamic, or a [\"list\", T]-style array)";
        const KINDS: &str = "(list, set, map, tuple, or object)";
        let cases: &[(&str, String)] = &[
            (r#""strin""#, format!(r#"invalid type constraint: unknown type name "strin" {PRIMS}"#)),
            (r#""String""#, format!(r#"invalid type constraint: unknown type name "String" {PRIMS}"#)),
            (r#""any""#, format!(r#"invalid type constraint: unknown type name "any" {PRIMS}"#)),
            (
                r#"["object",{"a":"strin"}]"#,
                format!(r#"invalid type constraint at [1]["a"]: unknown type name "strin" {PRIMS}"#),
            ),
            (
                r#"["tuple",["string",["list","nope"]]]"#,
                format!(r#"invalid type constraint at [1][1][1]: unknown type name "nope" {PRIMS}"#),
            ),
            (
                r#"["object",{"a\"b":["list",["tuple",[1]]]}]"#,
                r#"invalid type constraint at [1]["a\"b"][1][1][0]: expected a type name (string, number, bool, or dynamic) or a [kind, ...] array, found the number 1"#.to_owned(),
            ),
            (
                r#"["tuple","string"]"#,
                r#"invalid type constraint at [1]: ["tuple", ...] needs an array of element types, found the string "string""#.to_owned(),
            ),
            (
                r#"["tuple",null]"#,
                r#"invalid type constraint at [1]: ["tuple", ...] needs an array of element types, found null"#.to_owned(),
            ),
            (
                r#"["object",[]]"#,
                r#"invalid type constraint at [1]: ["object", ...] needs an object of attribute types, found an array"#.to_owned(),
            ),
            (r#"["list"]"#, r#"invalid type constraint: ["list", ...] needs exactly 2 elements, found 1"#.to_owned()),
            (
                r#"["list","string","string"]"#,
                r#"invalid type constraint: ["list", ...] needs exactly 2 elements, found 3"#.to_owned(),
            ),
            (r#"["set"]"#, r#"invalid type constraint: ["set", ...] needs exactly 2 elements, found 1"#.to_owned()),
            (
                r#"["map","bool",["x",["y"]],{}]"#,
                r#"invalid type constraint: ["map", ...] needs exactly 2 elements, found 4"#.to_owned(),
            ),
            (r#"["tuple"]"#, r#"invalid type constraint: ["tuple", ...] needs exactly 2 elements, found 1"#.to_owned()),
            (r#"["tuple",[],1]"#, r#"invalid type constraint: ["tuple", ...] needs exactly 2 elements, found 3"#.to_owned()),
            (r#"["object"]"#, r#"invalid type constraint: ["object", ...] needs 2 or 3 elements, found 1"#.to_owned()),
            (
                r#"["object",{},[],[]]"#,
                r#"invalid type constraint: ["object", ...] needs 2 or 3 elements, found 4"#.to_owned(),
            ),
            (
                r#"["list",["object",{"a":"string"},["a","b"]]]"#,
                r#"invalid type constraint at [1][2][1]: optional attribute "b" is not an attribute of the object type"#.to_owned(),
            ),
            (
                r#"["object",{"a":"string"},"a"]"#,
                r#"invalid type constraint at [2]: the third element of ["object", ...] must be an array of optional attribute names, found the string "a""#.to_owned(),
            ),
            (
                r#"["object",{"a":"string"},null]"#,
                r#"invalid type constraint at [2]: the third element of ["object", ...] must be an array of optional attribute names, found null"#.to_owned(),
            ),
            (
                r#"["object",{"a":"string"},["a",1]]"#,
                r#"invalid type constraint at [2][1]: expected an optional attribute name, found the number 1"#.to_owned(),
            ),
            (
                r#"["object",{"b":"string","a":"number","b":"bool"}]"#,
                r#"invalid type constraint at [1]: duplicate attribute "b""#.to_owned(),
            ),
            (
                r#"["object",{"a":"string","a":"string"}]"#,
                r#"invalid type constraint at [1]: duplicate attribute "a""#.to_owned(),
            ),
            (
                r#"[1,"string"]"#,
                format!("invalid type constraint at [0]: expected a kind name {KINDS} as the first element of a type constraint array, found the number 1"),
            ),
            (
                r#"[["list"],"string"]"#,
                format!("invalid type constraint at [0]: expected a kind name {KINDS} as the first element of a type constraint array, found an array"),
            ),
            (
                r#"["lst","string"]"#,
                r#"invalid type constraint at [0]: unknown kind "lst" (expected list, set, map, tuple, or object)"#.to_owned(),
            ),
            (
                r#"["string"]"#,
                r#"invalid type constraint at [0]: unknown kind "string" (expected list, set, map, tuple, or object)"#.to_owned(),
            ),
            (
                "[]",
                format!("invalid type constraint: expected a kind name {KINDS} as the first element of a type constraint array, found an empty array"),
            ),
            (
                "{\"a\":1}",
                "invalid type constraint: expected a type name (string, number, bool, or dynamic) or a [kind, ...] array, found an object".to_owned(),
            ),
            (
                "-1.5",
                "invalid type constraint: expected a type name (string, number, bool, or dynamic) or a [kind, ...] array, found the number -1.5".to_owned(),
            ),
            (
                "true",
                "invalid type constraint: expected a type name (string, number, bool, or dynamic) or a [kind, ...] array, found true".to_owned(),
            ),
            (
                "null",
                "invalid type constraint: expected a type name (string, number, bool, or dynamic) or a [kind, ...] array, found null".to_owned(),
            ),
            // Trailing data.
            (
                r#""string" x"#,
                "invalid type constraint: unexpected data after the type constraint (trailing characters at line 1 column 10)".to_owned(),
            ),
            (
                r#"["list","string"]]"#,
                "invalid type constraint: unexpected data after the type constraint (trailing characters at line 1 column 18)".to_owned(),
            ),
            // Invalid JSON.
            ("", "invalid type constraint: invalid JSON: EOF while parsing a value at line 1 column 0".to_owned()),
            (
                r#"["list","string""#,
                "invalid type constraint: invalid JSON: EOF while parsing a list at line 1 column 16".to_owned(),
            ),
            (
                r#"["object",{"a":["tuple",[["list",]]]}]"#,
                r#"invalid type constraint at [1]["a"][1][0][1]: invalid JSON: trailing comma at line 1 column 34"#.to_owned(),
            ),
            (
                "'string'",
                "invalid type constraint: invalid JSON: expected value at line 1 column 1".to_owned(),
            ),
        ];
        for (text, message) in cases {
            assert_constraint_err(text, message);
            // The serde path reports the same message, plus serde_json's position.
            let e = serde_json::from_str::<Type>(text).unwrap_err().to_string();
            if !message.contains("invalid JSON") && !message.contains("unexpected data after") {
                assert!(e.starts_with(message.as_str()), "{e}");
            }
        }
    }

    #[test]
    fn invalid_utf8_is_a_json_error() {
        let e = Type::from_json(b"[\"object\",{\"a\xff\":\"string\"}]").unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TypeConstraint);
        assert_eq!(
            e.to_string(),
            "invalid type constraint at [1]: invalid JSON: invalid unicode code point at line 1 column 14"
        );
    }

    #[test]
    fn from_json_value_validates_the_same() {
        let v = serde_json::json!(["object", {"a": ["list", "strin"]}]);
        let e = Type::from_json_value(&v).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TypeConstraint);
        assert!(
            e.to_string().starts_with(
                r#"invalid type constraint at [1]["a"][1]: unknown type name "strin""#
            ),
            "{e}"
        );
        let v = serde_json::json!(["object", {"a": "string"}, ["b"]]);
        let e = Type::from_json_value(&v).unwrap_err();
        assert_eq!(
            e.to_string(),
            r#"invalid type constraint at [2][0]: optional attribute "b" is not an attribute of the object type"#
        );
    }

    /// `levels` nested `["list", ...]` around "string", as a `serde_json::Value`.
    fn nested_lists_value(levels: usize) -> serde_json::Value {
        let mut v = serde_json::Value::from("string");
        for _ in 0..levels {
            v = serde_json::json!(["list", v]);
        }
        v
    }

    /// `levels` nested `["object", {"a": ...}]` around "string".
    fn nested_objects_value(levels: usize) -> serde_json::Value {
        let mut v = serde_json::Value::from("string");
        for _ in 0..levels {
            v = serde_json::json!(["object", {"a": v}]);
        }
        v
    }

    #[test]
    fn depth_limit_at_and_past() {
        let ok = Type::from_json_value(&nested_lists_value(MAX_DEPTH)).unwrap();
        let mut depth = 0;
        let mut ty = &ok;
        while let Some(e) = ty.element_type() {
            depth += 1;
            ty = e;
        }
        assert_eq!(depth, MAX_DEPTH);
        let e = Type::from_json_value(&nested_lists_value(MAX_DEPTH + 1)).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Limit);
        let at = "[1]".repeat(MAX_DEPTH);
        assert_eq!(
            e.to_string(),
            format!(
                "invalid type constraint at {at}: type constraint nested more than 256 levels deep"
            )
        );

        assert!(Type::from_json_value(&nested_objects_value(MAX_DEPTH)).is_ok());
        let e = Type::from_json_value(&nested_objects_value(MAX_DEPTH + 1)).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Limit);
        assert!(e
            .to_string()
            .starts_with("invalid type constraint at [1][\"a\"][1][\"a\"]"));

        // Through the generic Deserialize impl too.
        let e = Type::deserialize(&nested_lists_value(MAX_DEPTH + 1)).unwrap_err();
        assert!(e
            .to_string()
            .ends_with("type constraint nested more than 256 levels deep"));
    }

    #[test]
    fn json_parser_depth_limit() {
        // serde_json stops at 128 nested arrays and objects, before MAX_DEPTH: reported
        // as a Limit error too.
        assert!(Type::from_json(nested_lists(127).as_bytes()).is_ok());
        let e = Type::from_json(nested_lists(128).as_bytes()).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Limit);
        let at = "[1]".repeat(127);
        assert_eq!(
            e.to_string(),
            format!(
                "invalid type constraint at {at}: nested too deeply for the JSON parser \
                 (recursion limit exceeded at line 1 column 1017)"
            )
        );
        // Far deeper input fails the same way without exhausting the stack.
        let e = Type::from_json("[\"list\",".repeat(100_000).as_bytes()).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Limit);
        let e = Type::from_json(&b"[".repeat(100_000)).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TypeConstraint, "{e}");
    }

    #[test]
    fn serialize_matches_to_json() {
        let ty = parse(
            r#"["object",{"a":["tuple",["string",["set","bool"]]],"b":["map","dynamic"]},["b"]]"#,
        );
        assert_eq!(serde_json::to_string(&ty).unwrap(), ty.to_json());
        let v = serde_json::to_value(&ty).unwrap();
        assert_eq!(v, ty.to_json_value());
        assert_eq!(serde_json::from_value::<Type>(v).unwrap(), ty);
    }
}
