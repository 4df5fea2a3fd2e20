//! Parsing Terraform's JSON type-constraint syntax, straight from the bytes or from a
//! `serde_json` value, through serde seeds that track where in the constraint they are, so
//! that an error names its location (`invalid type constraint at [1]["a"]: ...`);
//! `Deserialize` for [`Type`].

use crate::error::{Error, ErrorKind, Result};
use crate::limits::MAX_DEPTH;
use crate::types::{ObjectType, Type};
use serde::de::{self, DeserializeSeed, IgnoredAny, Visitor};
use serde::{Deserialize, Deserializer};
use std::fmt;
use std::sync::Arc;

/// Parses a type constraint from JSON bytes (see [`Type::from_json`]).
pub(in crate::types) fn from_json(text: &[u8]) -> Result<Type> {
    // Fast path: nearly every dynamic value on the wire carries one of these.
    match text {
        b"\"string\"" => return Ok(Type::String),
        b"\"number\"" => return Ok(Type::Number),
        b"\"bool\"" => return Ok(Type::Bool),
        b"\"dynamic\"" => return Ok(Type::Dynamic),
        _ => {}
    }
    let mut de = serde_json::Deserializer::from_slice(text);
    // The parser's own depth check (MAX_DEPTH, in `TypeSeed`) bounds the recursion: every
    // level of JSON nesting it reads is a level of type, and what it skips (`expect_end`),
    // serde_json skips without recursing.
    de.disable_recursion_limit();
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
pub(in crate::types) fn from_json_value(v: &serde_json::Value) -> Result<Type> {
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

    // In NFC, as go-cty's object types hold names: a name spelled in NFD is the same
    // attribute.
    fn visit_str<E: de::Error>(self, v: &str) -> Result<String, E> {
        Ok(crate::text::nfc(v).into_owned())
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<String, E> {
        Ok(crate::types::nfc_name(v))
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
        match self.obj.index_of(&crate::text::nfc(v)) {
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
