//! Terraform's type system.
//!
//! A [`Type`] is one of the primitive types (`string`, `number`, `bool`), the dynamic
//! pseudo-type (`any` in configuration, `"dynamic"` on the wire), a collection (`list`,
//! `set`, `map` of one element type) or a structural type (`object` with named attributes,
//! `tuple` with positional elements). Nested types sit behind [`Arc`], so cloning a type
//! is cheap: values carry their type.
//!
//! Types are read from and written to Terraform's JSON type-constraint syntax
//! ([`Type::from_json`], [`Type::to_json`]), the form in which schemas and dynamic values
//! carry them on the wire, and displayed in Terraform's type-expression syntax
//! (`list(object({a=string, b=optional(number)}))`).

use std::fmt;
use std::sync::Arc;

use crate::error::{Error, ErrorKind, Result};

mod constraint;

/// A Terraform type.
///
/// Equality, hashing and ordering of attributes follow Terraform: two object types are
/// equal when they have the same attribute names, attribute types and optional flags.
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Type {
    /// `string`.
    String,
    /// `number`: an arbitrary-precision decimal.
    Number,
    /// `bool`.
    Bool,
    /// The dynamic pseudo-type: `any` in configuration, `"dynamic"` in JSON. A value of
    /// this type carries its real type with it on the wire.
    Dynamic,
    /// `list(T)`: an ordered sequence of values of one type.
    List(Arc<Type>),
    /// `set(T)`: an unordered collection of distinct values of one type.
    Set(Arc<Type>),
    /// `map(T)`: string keys to values of one type.
    Map(Arc<Type>),
    /// `object({...})`: named attributes, each with its own type.
    Object(Arc<ObjectType>),
    /// `tuple([...])`: a fixed sequence of elements, each with its own type.
    Tuple(Arc<[Type]>),
}

impl Type {
    /// This type without optional-attribute markers at any depth (a cheap clone when it
    /// has none). Values never carry the markers (they belong to type constraints), so a
    /// value's type written on the wire, as in a dynamic value's `[type, value]`, uses this.
    #[must_use]
    pub fn without_optional(&self) -> Type {
        strip_optional(self).unwrap_or_else(|| self.clone())
    }

    /// `list(elem)`.
    pub fn list(elem: Type) -> Type {
        Type::List(Arc::new(elem))
    }

    /// `set(elem)`.
    pub fn set(elem: Type) -> Type {
        Type::Set(Arc::new(elem))
    }

    /// `map(elem)`.
    pub fn map(elem: Type) -> Type {
        Type::Map(Arc::new(elem))
    }

    /// `tuple([elems...])`.
    pub fn tuple(elems: impl IntoIterator<Item = Type>) -> Type {
        Type::Tuple(elems.into_iter().collect())
    }

    /// `object({name=type, ...})` with no optional attributes.
    ///
    /// Names are put in Unicode NFC, as go-cty's object types hold them (`e` + U+0301 is
    /// `é`). If a name occurs more than once, the later type replaces the earlier one (as
    /// when building a map). Use [`ObjectType::new`] to reject duplicates instead.
    pub fn object<N: Into<String>>(attrs: impl IntoIterator<Item = (N, Type)>) -> Type {
        let pairs = attrs.into_iter().map(|(n, t)| (n.into(), t)).collect();
        Type::Object(Arc::new(ObjectType::from_pairs_last_wins(pairs)))
    }

    /// `object({...})` where the attributes named in `optional` are optional
    /// (`optional(T)` in a type constraint).
    ///
    /// As with [`Type::object`], a later duplicate attribute name replaces an earlier
    /// one. Naming an optional attribute that is not among `attrs` is an
    /// [`ErrorKind::TypeConstraint`] error; naming one twice is harmless.
    pub fn object_with_optional<N: Into<String>, O: AsRef<str>>(
        attrs: impl IntoIterator<Item = (N, Type)>,
        optional: impl IntoIterator<Item = O>,
    ) -> Result<Type> {
        let pairs = attrs.into_iter().map(|(n, t)| (n.into(), t)).collect();
        let mut obj = ObjectType::from_pairs_last_wins(pairs);
        obj.mark_optional(optional)?;
        Ok(Type::Object(Arc::new(obj)))
    }

    /// The element type of a list, set or map; `None` for any other type.
    pub fn element_type(&self) -> Option<&Type> {
        match self {
            Type::List(e) | Type::Set(e) | Type::Map(e) => Some(e),
            _ => None,
        }
    }

    /// The attributes of an object type; `None` for any other type.
    pub fn as_object(&self) -> Option<&ObjectType> {
        match self {
            Type::Object(o) => Some(o),
            _ => None,
        }
    }

    /// The element types of a tuple type; `None` for any other type.
    pub fn tuple_elements(&self) -> Option<&[Type]> {
        match self {
            Type::Tuple(elems) => Some(elems),
            _ => None,
        }
    }

    /// Whether this is `string`, `number` or `bool`.
    pub fn is_primitive(&self) -> bool {
        matches!(self, Type::String | Type::Number | Type::Bool)
    }

    /// Whether this is a list, set or map type.
    pub fn is_collection(&self) -> bool {
        matches!(self, Type::List(_) | Type::Set(_) | Type::Map(_))
    }

    /// Whether this is a list type.
    pub fn is_list(&self) -> bool {
        matches!(self, Type::List(_))
    }

    /// Whether this is a set type.
    pub fn is_set(&self) -> bool {
        matches!(self, Type::Set(_))
    }

    /// Whether this is a map type.
    pub fn is_map(&self) -> bool {
        matches!(self, Type::Map(_))
    }

    /// Whether this is an object type.
    pub fn is_object(&self) -> bool {
        matches!(self, Type::Object(_))
    }

    /// Whether this is a tuple type.
    pub fn is_tuple(&self) -> bool {
        matches!(self, Type::Tuple(_))
    }

    /// Whether this is the dynamic pseudo-type itself.
    pub fn is_dynamic(&self) -> bool {
        matches!(self, Type::Dynamic)
    }

    /// Whether the dynamic pseudo-type occurs anywhere in this type (itself included).
    ///
    /// Constant time for objects (the answer is cached when the object type is built);
    /// collections and tuples look inside.
    pub fn has_dynamic(&self) -> bool {
        let mut ty = self;
        loop {
            match ty {
                Type::Dynamic => return true,
                Type::String | Type::Number | Type::Bool => return false,
                Type::List(e) | Type::Set(e) | Type::Map(e) => ty = e,
                Type::Object(o) => return o.has_dynamic,
                Type::Tuple(elems) => return elems.iter().any(Type::has_dynamic),
            }
        }
    }

    /// The name of this type's kind: `"string"`, `"number"`, `"bool"`, `"list"`, `"set"`,
    /// `"map"`, `"object"`, `"tuple"` or `"dynamic"`.
    pub fn kind_name(&self) -> &'static str {
        match self {
            Type::String => "string",
            Type::Number => "number",
            Type::Bool => "bool",
            Type::Dynamic => "dynamic",
            Type::List(_) => "list",
            Type::Set(_) => "set",
            Type::Map(_) => "map",
            Type::Object(_) => "object",
            Type::Tuple(_) => "tuple",
        }
    }

    /// Parses Terraform's JSON type-constraint syntax: `"string"`, `"number"`, `"bool"`,
    /// `"dynamic"`, `["list",T]`, `["set",T]`, `["map",T]`, `["tuple",[T,...]]`,
    /// `["object",{"name":T,...}]` or `["object",{...},["optional",...]]`.
    ///
    /// A malformed constraint (invalid JSON, an unknown type name, a wrongly shaped array,
    /// a duplicate attribute, an optional name that is not an attribute, trailing data) is
    /// an [`ErrorKind::TypeConstraint`] error whose message says what is wrong and where,
    /// as a JSON path inside the constraint: `invalid type constraint at [1]["a"]: ...`.
    /// Nesting deeper than [`crate::limits::MAX_DEPTH`] collections and structural types
    /// is an [`ErrorKind::Limit`] error; so is JSON nested more than 128 arrays and
    /// objects deep, the JSON parser's own limit, which JSON input reaches first.
    ///
    /// The four primitive names in their canonical spelling are recognised without
    /// allocating.
    pub fn from_json(text: &[u8]) -> Result<Type> {
        constraint::from_json(text)
    }

    /// Parses a type constraint already parsed as JSON, with the same validation as
    /// [`Type::from_json`] (except duplicate keys, which `serde_json::Value` has already
    /// merged).
    pub fn from_json_value(v: &serde_json::Value) -> Result<Type> {
        constraint::from_json_value(v)
    }

    /// This type in Terraform's JSON type-constraint syntax, byte for byte as Terraform
    /// writes it: compact, object attributes in byte order, the list of optional
    /// attributes only when there is one, strings escaped as Go's `encoding/json` does.
    pub fn to_json(&self) -> String {
        let mut out = Vec::new();
        self.write_json(&mut out);
        // Only valid UTF-8 is ever written: ASCII punctuation and escapes, plus the raw
        // bytes of Rust strings.
        String::from_utf8(out).unwrap_or_default()
    }

    /// Appends [`Type::to_json`]'s bytes to `out`.
    pub fn write_json(&self, out: &mut Vec<u8>) {
        constraint::write_json(self, out);
    }

    /// This type's JSON type constraint as a `serde_json::Value`.
    pub fn to_json_value(&self) -> serde_json::Value {
        constraint::to_json_value(self)
    }
}

impl fmt::Display for Type {
    /// Terraform's type-expression syntax: `string`, `any`, `list(string)`,
    /// `tuple([string, number])`, `object({a=string, b=optional(number)})`.
    /// Attribute names that are not HCL identifiers are quoted.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::String => f.write_str("string"),
            Type::Number => f.write_str("number"),
            Type::Bool => f.write_str("bool"),
            Type::Dynamic => f.write_str("any"),
            Type::List(e) => write!(f, "list({e})"),
            Type::Set(e) => write!(f, "set({e})"),
            Type::Map(e) => write!(f, "map({e})"),
            Type::Tuple(elems) => {
                f.write_str("tuple([")?;
                for (i, e) in elems.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    fmt::Display::fmt(e, f)?;
                }
                f.write_str("])")
            }
            Type::Object(o) => {
                f.write_str("object({")?;
                for (i, (name, ty, optional)) in o.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    if is_hcl_identifier(name) {
                        f.write_str(name)?;
                    } else {
                        crate::path::write_quoted(f, name)?;
                    }
                    if optional {
                        write!(f, "=optional({ty})")?;
                    } else {
                        write!(f, "={ty}")?;
                    }
                }
                f.write_str("})")
            }
        }
    }
}

impl fmt::Debug for Type {
    /// `Type(list(string))`: the type expression in a wrapper.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Type({self})")
    }
}

/// Whether `name` can be written bare in an HCL object type expression.
fn is_hcl_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    match chars.next() {
        Some(c) if c.is_alphabetic() || c == '_' => {}
        _ => return false,
    }
    chars.all(|c| c.is_alphanumeric() || c == '_' || c == '-')
}

/// `name` in Unicode NFC (an attribute name, as go-cty's object types hold them:
/// `cty.Object` normalises every name it is given): the string given when it already is.
pub(crate) fn nfc_name(name: String) -> String {
    match crate::text::nfc(&name) {
        std::borrow::Cow::Borrowed(_) => name,
        std::borrow::Cow::Owned(normalized) => normalized,
    }
}

/// The attributes of an object type: names in byte order (in Unicode NFC, as go-cty holds
/// them), each with its type and whether it is optional.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct ObjectType {
    /// Attribute names, sorted byte-wise, without duplicates.
    names: Box<[String]>,
    /// Attribute types, aligned with `names`.
    types: Box<[Type]>,
    /// Optional flags aligned with `names`, or empty when no attribute is optional (kept
    /// canonical so that equality and hashing do not depend on how the type was built).
    optional: Box<[bool]>,
    /// Whether the dynamic pseudo-type occurs in any attribute type.
    has_dynamic: bool,
}

impl ObjectType {
    /// An object type with the given attributes, of which those named in `optional` are
    /// optional.
    ///
    /// Names are put in Unicode NFC, as go-cty's object types hold them. A duplicate
    /// attribute name (two spellings of one name included), or an optional name that is not
    /// an attribute, is an [`ErrorKind::TypeConstraint`] error. Naming an optional attribute
    /// twice is harmless.
    pub fn new<N: Into<String>, O: AsRef<str>>(
        attrs: impl IntoIterator<Item = (N, Type)>,
        optional: impl IntoIterator<Item = O>,
    ) -> Result<ObjectType> {
        let mut pairs: Vec<(String, Type)> = attrs
            .into_iter()
            .map(|(n, t)| (nfc_name(n.into()), t))
            .collect();
        pairs.sort_by(|a, b| a.0.cmp(&b.0));
        if let Some(dup) = pairs.windows(2).find(|w| w[0].0 == w[1].0) {
            let mut msg = String::from("duplicate attribute ");
            let _ = crate::path::write_quoted(&mut msg, &dup[0].0);
            return Err(Error::new(ErrorKind::TypeConstraint, msg));
        }
        let mut obj = ObjectType::from_sorted_pairs(pairs);
        obj.mark_optional(optional)?;
        Ok(obj)
    }

    /// Builds from pairs in any order; a later duplicate name (in NFC) replaces an earlier
    /// one.
    fn from_pairs_last_wins(mut pairs: Vec<(String, Type)>) -> ObjectType {
        for pair in &mut pairs {
            pair.0 = nfc_name(std::mem::take(&mut pair.0));
        }
        // Stable sort: equal names keep their input order, so the last one wins below.
        pairs.sort_by(|a, b| a.0.cmp(&b.0));
        let mut dedup: Vec<(String, Type)> = Vec::with_capacity(pairs.len());
        for (name, ty) in pairs {
            match dedup.last_mut() {
                Some(last) if last.0 == name => last.1 = ty,
                _ => dedup.push((name, ty)),
            }
        }
        ObjectType::from_sorted_pairs(dedup)
    }

    /// Builds from pairs sorted by name without duplicates; nothing optional.
    fn from_sorted_pairs(pairs: Vec<(String, Type)>) -> ObjectType {
        let (names, types): (Vec<String>, Vec<Type>) = pairs.into_iter().unzip();
        ObjectType::from_sorted(names, types)
    }

    /// Builds from names sorted without duplicates and their aligned types; nothing
    /// optional.
    pub(crate) fn from_sorted(names: Vec<String>, types: Vec<Type>) -> ObjectType {
        debug_assert_eq!(names.len(), types.len());
        debug_assert!(names.windows(2).all(|w| w[0] < w[1]));
        debug_assert!(names
            .iter()
            .all(|n| matches!(crate::text::nfc(n), std::borrow::Cow::Borrowed(_))));
        let has_dynamic = types.iter().any(Type::has_dynamic);
        ObjectType {
            names: names.into_boxed_slice(),
            types: types.into_boxed_slice(),
            optional: Box::new([]),
            has_dynamic,
        }
    }

    /// Marks the named attributes optional; an unknown name is an error.
    fn mark_optional<O: AsRef<str>>(
        &mut self,
        optional: impl IntoIterator<Item = O>,
    ) -> Result<()> {
        for name in optional {
            let name = crate::text::nfc(name.as_ref());
            let Some(i) = self.index_of(&name) else {
                let mut msg = String::from("optional attribute ");
                let _ = crate::path::write_quoted(&mut msg, &name);
                msg.push_str(" is not an attribute of the object type");
                return Err(Error::new(ErrorKind::TypeConstraint, msg));
            };
            self.set_optional(i);
        }
        Ok(())
    }

    /// Marks attribute `i` optional (no-op if out of range).
    fn set_optional(&mut self, i: usize) {
        if self.optional.is_empty() {
            self.optional = vec![false; self.names.len()].into_boxed_slice();
        }
        if let Some(flag) = self.optional.get_mut(i) {
            *flag = true;
        }
    }

    /// The number of attributes.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the object type has no attributes (`object({})`).
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The attribute names, in byte order.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The attribute types, aligned with [`ObjectType::names`].
    pub fn types(&self) -> &[Type] {
        &self.types
    }

    /// The name of attribute `i` (in byte order of names).
    ///
    /// # Panics
    /// If `i >= self.len()`.
    pub fn name(&self, i: usize) -> &str {
        &self.names[i]
    }

    /// The type of attribute `i` (in byte order of names).
    ///
    /// # Panics
    /// If `i >= self.len()`.
    pub fn attr_type_at(&self, i: usize) -> &Type {
        &self.types[i]
    }

    /// Whether attribute `i` is optional (`false` if `i` is out of range).
    pub fn is_optional(&self, i: usize) -> bool {
        self.optional.get(i).copied().unwrap_or(false)
    }

    /// The position of the attribute called `name`, by binary search.
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.names.binary_search_by(|n| n.as_str().cmp(name)).ok()
    }

    /// The type of the attribute called `name`.
    pub fn attr_type(&self, name: &str) -> Option<&Type> {
        self.index_of(name).and_then(|i| self.types.get(i))
    }

    /// The attributes as `(name, type, optional)`, in byte order of names.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Type, bool)> {
        self.names
            .iter()
            .zip(self.types.iter())
            .enumerate()
            .map(|(i, (n, t))| (n.as_str(), t, self.is_optional(i)))
    }

    /// The names of the optional attributes, in byte order.
    pub fn optional_names(&self) -> impl Iterator<Item = &str> {
        self.names
            .iter()
            .zip(self.optional.iter())
            .filter(|(_, &opt)| opt)
            .map(|(n, _)| n.as_str())
    }

    /// Whether any attribute is optional.
    pub(crate) fn has_optional(&self) -> bool {
        !self.optional.is_empty()
    }

    /// Whether the dynamic pseudo-type occurs in any attribute type (cached).
    pub fn has_dynamic(&self) -> bool {
        self.has_dynamic
    }
}

/// Whether an object type anywhere in `ty` has optional attributes.
pub(crate) fn has_optional_markers(ty: &Type) -> bool {
    match ty {
        Type::String | Type::Number | Type::Bool | Type::Dynamic => false,
        Type::List(e) | Type::Set(e) | Type::Map(e) => has_optional_markers(e),
        Type::Tuple(elems) => elems.iter().any(has_optional_markers),
        Type::Object(o) => o.has_optional() || o.types().iter().any(has_optional_markers),
    }
}

/// `ty` without optional-attribute markers, or `None` when it has none.
fn strip_optional(ty: &Type) -> Option<Type> {
    match ty {
        Type::String | Type::Number | Type::Bool | Type::Dynamic => None,
        Type::List(e) => strip_optional(e).map(Type::list),
        Type::Set(e) => strip_optional(e).map(Type::set),
        Type::Map(e) => strip_optional(e).map(Type::map),
        Type::Tuple(elems) => {
            let stripped: Vec<Option<Type>> = elems.iter().map(strip_optional).collect();
            if stripped.iter().all(Option::is_none) {
                return None;
            }
            let elems = elems
                .iter()
                .zip(stripped)
                .map(|(e, s)| s.unwrap_or_else(|| e.clone()));
            Some(Type::tuple(elems))
        }
        Type::Object(o) => {
            let stripped: Vec<Option<Type>> = o.types().iter().map(strip_optional).collect();
            if !o.has_optional() && stripped.iter().all(Option::is_none) {
                return None;
            }
            let types = o
                .types()
                .iter()
                .zip(stripped)
                .map(|(t, s)| s.unwrap_or_else(|| t.clone()))
                .collect();
            Some(Type::Object(Arc::new(ObjectType::from_sorted(
                o.names().to_vec(),
                types,
            ))))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constructors_and_accessors() {
        let l = Type::list(Type::String);
        assert_eq!(l.element_type(), Some(&Type::String));
        assert!(l.is_list() && l.is_collection() && !l.is_primitive());
        let s = Type::set(Type::Number);
        assert!(s.is_set() && s.is_collection());
        let m = Type::map(Type::Bool);
        assert!(m.is_map() && m.is_collection());
        let t = Type::tuple([Type::String, Type::Dynamic]);
        assert!(t.is_tuple() && !t.is_collection());
        assert_eq!(t.tuple_elements(), Some(&[Type::String, Type::Dynamic][..]));
        assert_eq!(t.element_type(), None);
        assert_eq!(Type::String.tuple_elements(), None);
        assert_eq!(Type::String.as_object(), None);
        assert!(Type::Number.is_primitive() && Type::Bool.is_primitive());
        assert!(!Type::Dynamic.is_primitive() && Type::Dynamic.is_dynamic());
        let o = Type::object([("a", Type::String)]);
        assert!(o.is_object() && !o.is_collection());
        assert_eq!(o.as_object().map(ObjectType::len), Some(1));
    }

    #[test]
    fn kind_names() {
        let cases = [
            (Type::String, "string"),
            (Type::Number, "number"),
            (Type::Bool, "bool"),
            (Type::Dynamic, "dynamic"),
            (Type::list(Type::String), "list"),
            (Type::set(Type::String), "set"),
            (Type::map(Type::String), "map"),
            (Type::object([("a", Type::String)]), "object"),
            (Type::tuple([]), "tuple"),
        ];
        for (ty, name) in cases {
            assert_eq!(ty.kind_name(), name);
        }
    }

    #[test]
    fn has_dynamic_looks_everywhere() {
        assert!(Type::Dynamic.has_dynamic());
        assert!(!Type::String.has_dynamic());
        assert!(Type::list(Type::map(Type::Dynamic)).has_dynamic());
        assert!(!Type::list(Type::map(Type::Bool)).has_dynamic());
        assert!(Type::tuple([Type::String, Type::set(Type::Dynamic)]).has_dynamic());
        assert!(!Type::tuple([Type::String]).has_dynamic());
        let inner = Type::object([("x", Type::tuple([Type::Dynamic]))]);
        let outer = Type::object([("a", Type::String), ("b", Type::list(inner))]);
        assert!(outer.has_dynamic());
        assert!(outer.as_object().unwrap().has_dynamic());
        assert!(!Type::object([("a", Type::String)]).has_dynamic());
        assert!(!Type::object(Vec::<(String, Type)>::new()).has_dynamic());
    }

    #[test]
    fn object_later_duplicate_wins() {
        let ty = Type::object([("b", Type::String), ("a", Type::Number), ("b", Type::Bool)]);
        let o = ty.as_object().unwrap();
        assert_eq!(o.names(), ["a", "b"]);
        assert_eq!(o.types(), [Type::Number, Type::Bool]);
        let ty =
            Type::object_with_optional([("a", Type::String), ("a", Type::Bool)], ["a"]).unwrap();
        assert_eq!(ty.to_string(), "object({a=optional(bool)})");
    }

    #[test]
    fn object_with_optional_rejects_unknown_names() {
        let e = Type::object_with_optional([("a", Type::String)], ["b"]).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TypeConstraint);
        assert_eq!(
            e.to_string(),
            "optional attribute \"b\" is not an attribute of the object type"
        );
    }

    /// go-cty's object types hold their names in NFC (`cty.Object` normalises them): a
    /// name given in NFD (`65 cc 81`) is `é` (`c3 a9`), however the type is built.
    #[test]
    fn attribute_names_are_put_in_nfc() {
        let nfd = "e\u{301}";
        let types = [
            Type::object([(nfd, Type::Number)]),
            Type::Object(Arc::new(
                ObjectType::new([(nfd, Type::Number)], [nfd]).unwrap(),
            )),
            Type::object_with_optional([(nfd, Type::Number)], [nfd]).unwrap(),
            Type::from_json("[\"object\",{\"e\\u0301\":\"number\"},[\"e\\u0301\"]]".as_bytes())
                .unwrap(),
            Type::from_json_value(&serde_json::json!(["object", { nfd: "number" }])).unwrap(),
        ];
        for t in &types {
            let Type::Object(o) = t else { panic!("{t}") };
            assert_eq!(o.names()[0].as_bytes(), b"\xc3\xa9", "{t}");
            assert_eq!(o.index_of(nfd), None, "{t}");
        }
        assert!(types[1]
            .to_json()
            .as_bytes()
            .windows(2)
            .any(|w| w == b"\xc3\xa9"));
        // The two spellings of one name are one name: a duplicate.
        let e =
            ObjectType::new([(nfd, Type::Number), ("\u{e9}", Type::String)], [""; 0]).unwrap_err();
        assert_eq!(e.message(), "duplicate attribute \"\u{e9}\"");
        let e = Type::from_json(
            "[\"object\",{\"\u{e9}\":\"string\",\"e\\u0301\":\"number\"}]".as_bytes(),
        )
        .unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TypeConstraint, "{e}");
        assert!(
            e.message().ends_with("duplicate attribute \"\u{e9}\""),
            "{e}"
        );
        // `object` keeps the later of the two.
        assert_eq!(
            Type::object([(nfd, Type::Number), ("\u{e9}", Type::String)]),
            Type::object([("\u{e9}", Type::String)])
        );
    }

    #[test]
    fn object_type_new() {
        let o = ObjectType::new(
            [
                ("name", Type::String),
                ("size", Type::Number),
                ("id", Type::String),
            ],
            ["size"],
        )
        .unwrap();
        assert_eq!(o.len(), 3);
        assert!(!o.is_empty());
        assert_eq!(o.names(), ["id", "name", "size"]);
        assert_eq!(o.name(1), "name");
        assert_eq!(o.attr_type_at(2), &Type::Number);
        assert!(o.is_optional(2) && !o.is_optional(0) && !o.is_optional(99));
        assert_eq!(o.index_of("size"), Some(2));
        assert_eq!(o.index_of("nope"), None);
        assert_eq!(o.attr_type("name"), Some(&Type::String));
        assert_eq!(o.attr_type("nope"), None);
        let all: Vec<_> = o.iter().collect();
        assert_eq!(
            all,
            [
                ("id", &Type::String, false),
                ("name", &Type::String, false),
                ("size", &Type::Number, true)
            ]
        );
        assert_eq!(o.optional_names().collect::<Vec<_>>(), ["size"]);
        assert!(!o.has_dynamic());

        let e = ObjectType::new([("a", Type::String), ("a", Type::String)], [""; 0]).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TypeConstraint);
        assert_eq!(e.to_string(), "duplicate attribute \"a\"");
        let e = ObjectType::new([("a", Type::String)], ["x"]).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TypeConstraint);

        let empty = ObjectType::new(Vec::<(String, Type)>::new(), [""; 0]).unwrap();
        assert!(empty.is_empty());
        assert_eq!(empty.optional_names().count(), 0);
    }

    #[test]
    fn equality_ignores_how_a_type_was_built() {
        let a = Type::object_with_optional([("a", Type::String)], [""; 0]).unwrap();
        let b = Type::object([("a", Type::String)]);
        assert_eq!(a, b);
        let parsed = Type::from_json(br#"["object",{"a":"string"},[]]"#).unwrap();
        assert_eq!(parsed, b);
        let opt = Type::object_with_optional([("a", Type::String)], ["a"]).unwrap();
        assert_ne!(opt, b);
        use std::hash::{BuildHasher, RandomState};
        let h = RandomState::new();
        assert_eq!(h.hash_one(&a), h.hash_one(&b));
    }

    #[test]
    fn display_every_form() {
        let cases = [
            (Type::String, "string"),
            (Type::Number, "number"),
            (Type::Bool, "bool"),
            (Type::Dynamic, "any"),
            (Type::list(Type::String), "list(string)"),
            (Type::set(Type::Number), "set(number)"),
            (Type::map(Type::Bool), "map(bool)"),
            (Type::list(Type::Dynamic), "list(any)"),
            (Type::tuple([]), "tuple([])"),
            (
                Type::tuple([Type::String, Type::Number]),
                "tuple([string, number])",
            ),
            (Type::object(Vec::<(String, Type)>::new()), "object({})"),
            (
                Type::object([("b", Type::Number), ("a", Type::String)]),
                "object({a=string, b=number})",
            ),
            (
                Type::object_with_optional([("a", Type::String), ("b", Type::Number)], ["b"])
                    .unwrap(),
                "object({a=string, b=optional(number)})",
            ),
            (
                Type::map(Type::object([(
                    "x-y_1",
                    Type::list(Type::tuple([Type::Bool])),
                )])),
                "map(object({x-y_1=list(tuple([bool]))}))",
            ),
            (
                Type::object([
                    ("has space", Type::String),
                    ("1st", Type::Bool),
                    ("q\"", Type::Bool),
                ]),
                r#"object({"1st"=bool, "has space"=string, "q\""=bool})"#,
            ),
        ];
        for (ty, text) in cases {
            assert_eq!(ty.to_string(), text);
        }
        assert_eq!(
            format!("{:?}", Type::list(Type::String)),
            "Type(list(string))"
        );
    }

    #[test]
    fn clones_share_structure() {
        let ty = Type::list(Type::object([("a", Type::String)]));
        let copy = ty.clone();
        match (&ty, &copy) {
            (Type::List(a), Type::List(b)) => assert!(Arc::ptr_eq(a, b)),
            _ => unreachable!(),
        }
    }
}
