//! Property tests over random (Type, Value) pairs.
//!
//! Types: every kind (primitives, `dynamic`, list, set, map, tuple, object with optional
//! attributes), nested up to 4 levels. Values conform to their type and are in the form the
//! decoder produces (so that decoding the encoding gives them back exactly): nulls, unknowns
//! with refinements valid for the type, numbers of every representation (i64/u64 edges,
//! huge integers, decimals, exact float64 values, ±Inf), Unicode strings; at `dynamic`
//! positions a value of a randomly chosen concrete type, null or wholly unknown.
//!
//! Two constraints of Terraform's value model shape the generator:
//! - elements of one collection must share one concrete type, so all elements of a
//!   collection whose element type contains `dynamic` are generated against one
//!   concretisation of it (`Shape`);
//! - sets are canonical (duplicates removed, primitives sorted), so they are built with
//!   `Value::set`, exactly as the decoder builds them.

use std::collections::BTreeMap;
use std::sync::Arc;

use proptest::collection::{btree_map, btree_set, vec};
use proptest::prelude::*;
use proptest::test_runner::Config;
use tfvalue::{ErrorKind, Number, ObjectType, Refinements, Type, Value};
use tfvalue_suite::fuzzing::number_after_msgpack;
use unicode_normalization::UnicodeNormalization as _;

fn config() -> Config {
    // 256 cases (proptest's default; the PROPTEST_CASES variable overrides it for longer
    // runs): about a second in a debug build.
    Config {
        // Never write regression files into the repository.
        failure_persistence: None,
        ..Config::default()
    }
}

// ---------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------

fn attr_name() -> BoxedStrategy<String> {
    prop_oneof![
        4 => "[a-z]{1,3}",
        1 => "[a-zA-Z_é ]{0,3}",
    ]
    .boxed()
}

/// An object type from attributes and a bit mask choosing the optional ones.
fn object_type(attrs: BTreeMap<String, Type>, optional_mask: u8) -> Type {
    let optional: Vec<String> = attrs
        .keys()
        .enumerate()
        .filter(|(i, _)| optional_mask & (1 << (i % 8)) != 0)
        .map(|(_, n)| n.clone())
        .collect();
    Type::object_with_optional(attrs, optional).expect("optional names are attributes")
}

fn compound_types(inner: BoxedStrategy<Type>) -> BoxedStrategy<Type> {
    prop_oneof![
        inner.clone().prop_map(Type::list),
        inner.clone().prop_map(Type::set),
        inner.clone().prop_map(Type::map),
        vec(inner.clone(), 0..4).prop_map(Type::tuple),
        (btree_map(attr_name(), inner, 0..4), any::<u8>())
            .prop_map(|(attrs, mask)| object_type(attrs, mask)),
    ]
    .boxed()
}

/// Any type, `dynamic` included, nested at most 4 levels.
fn any_type() -> BoxedStrategy<Type> {
    prop_oneof![
        Just(Type::String),
        Just(Type::Number),
        Just(Type::Bool),
        Just(Type::Dynamic),
    ]
    .prop_recursive(4, 24, 4, compound_types)
    .boxed()
}

/// A type without `dynamic`, small: what a `dynamic` position holds on the wire.
fn concrete_type() -> BoxedStrategy<Type> {
    prop_oneof![Just(Type::String), Just(Type::Number), Just(Type::Bool)]
        .prop_recursive(2, 6, 3, compound_types)
        .boxed()
}

/// `t` with every `dynamic` replaced by a random concrete type.
fn concretise(t: &Type) -> BoxedStrategy<Type> {
    if !t.has_dynamic() {
        return Just(t.clone()).boxed();
    }
    match t {
        Type::Dynamic => concrete_type(),
        Type::List(e) => concretise(e).prop_map(Type::list).boxed(),
        Type::Set(e) => concretise(e).prop_map(Type::set).boxed(),
        Type::Map(e) => concretise(e).prop_map(Type::map).boxed(),
        Type::Tuple(ets) => ets
            .iter()
            .map(concretise)
            .collect::<Vec<_>>()
            .prop_map(Type::tuple)
            .boxed(),
        Type::Object(ot) => {
            let names: Vec<String> = ot.names().to_vec();
            let optional: Vec<String> = ot.optional_names().map(str::to_owned).collect();
            ot.types()
                .iter()
                .map(concretise)
                .collect::<Vec<_>>()
                .prop_map(move |types| {
                    Type::object_with_optional(names.iter().cloned().zip(types), &optional)
                        .expect("same names")
                })
                .boxed()
        }
        other => Just(other.clone()).boxed(),
    }
}

// ---------------------------------------------------------------------------------------
// Numbers, strings, refinements
// ---------------------------------------------------------------------------------------

fn edge_integers() -> BoxedStrategy<Number> {
    prop::sample::select(vec![
        i128::from(i64::MIN),
        i128::from(i64::MIN) + 1,
        -1,
        0,
        1,
        127,
        128,
        255,
        256,
        65535,
        65536,
        (1 << 53) - 1,
        1 << 53,
        (1 << 53) + 1,
        i128::from(i64::MAX),
        1 << 63,
        (1 << 63) + 1,
        i128::from(u64::MAX),
        1 << 64,
        i128::MIN,
        i128::MAX,
    ])
    .prop_map(Number::from)
    .boxed()
}

/// Numbers whose text stays short (for refinement bounds: the payload is limited to 1 KiB).
fn small_number() -> BoxedStrategy<Number> {
    prop_oneof![
        any::<i64>().prop_map(Number::from),
        any::<u64>().prop_map(Number::from),
        edge_integers(),
        "-?[0-9]{1,20}\\.[0-9]{1,15}".prop_filter_map("parses", |s| Number::parse(&s).ok()),
        (-1e6f64..1e6).prop_filter_map("finite", |f| Number::from_f64(f).ok()),
    ]
    .boxed()
}

/// Numbers of every representation.
fn any_number() -> BoxedStrategy<Number> {
    prop_oneof![
        3 => small_number(),
        // Decimal text with exponents: exact decimals far beyond f64.
        2 => "-?[0-9]{1,40}(\\.[0-9]{1,20})?(e-?[0-9]{1,3})?"
            .prop_filter_map("parses", |s| Number::parse(&s).ok()),
        // Huge integers.
        1 => "-?[1-9][0-9]{20,120}".prop_filter_map("parses", |s| Number::parse(&s).ok()),
        // Exact float64 values, as read from the wire, and a provider's f64 values.
        2 => any::<f64>().prop_filter_map("not NaN", |f| Number::from_f64_exact(f).ok()),
        1 => any::<f64>().prop_filter_map("not NaN", |f| Number::from_f64(f).ok()),
        1 => prop_oneof![Just(f64::INFINITY), Just(f64::NEG_INFINITY)]
            .prop_map(|f| Number::from_f64(f).expect("infinity is a number")),
    ]
    .boxed()
}

/// Strings in Unicode NFC: the decoders normalise text as go-cty does, so only NFC text
/// round-trips unchanged (tests/codec/go_cty_1_16_vectors.rs covers the normalisation itself).
fn any_string() -> BoxedStrategy<String> {
    prop_oneof![
        3 => "[a-z]{0,6}",
        1 => "\\PC{0,8}",
        1 => any::<String>(),
    ]
    .prop_map(|s| s.nfc().collect())
    .boxed()
}

/// Refinements valid for a value of type `t` (none for `dynamic`, as the decoder reads).
fn refinements_for(t: &Type) -> BoxedStrategy<Refinements> {
    // "Definitely null" is no refinement: that value is a known null.
    let base = prop_oneof![
        Just(Refinements::new()),
        Just(Refinements::new().not_null())
    ];
    match t {
        Type::Dynamic => Just(Refinements::new()).boxed(),
        Type::String => (base, prop::option::of(any_string()))
            .prop_map(|(r, p)| match p {
                Some(p) => r.with_string_prefix(p),
                None => r,
            })
            .boxed(),
        Type::Number => (
            base,
            prop::option::of((small_number(), any::<bool>())),
            prop::option::of((small_number(), any::<bool>())),
        )
            .prop_map(|(mut r, lo, hi)| {
                if let Some((n, inc)) = lo {
                    // A bound that would contradict the other is left out.
                    r = r.clone().with_number_lower_bound(n, inc).unwrap_or(r);
                }
                if let Some((n, inc)) = hi {
                    r = r.clone().with_number_upper_bound(n, inc).unwrap_or(r);
                }
                r
            })
            .boxed(),
        Type::List(_) | Type::Set(_) | Type::Map(_) => (
            base,
            prop::option::of(any::<u64>()),
            prop::option::of(any::<u64>()),
        )
            .prop_map(|(mut r, lo, hi)| {
                if let Some(n) = lo {
                    r = r.clone().with_length_lower_bound(n).unwrap_or(r);
                }
                if let Some(n) = hi {
                    r = r.clone().with_length_upper_bound(n).unwrap_or(r);
                }
                r
            })
            .boxed(),
        _ => base.boxed(),
    }
    // Refinements that leave one value (not null, a number range [x, x], equal length
    // bounds) are that known value to go-cty and to tfvalue's decoders: no unknown has them.
    .prop_filter("refinements that pin a value", |r| {
        r.pinned_number().is_none() && r.pinned_length().is_none()
    })
    .boxed()
}

// ---------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------

/// A value of the declared type `t`. With `shape`, the value's concrete type (`Value::ty`)
/// must be exactly `shape` (`t` with its `dynamic` positions made concrete): it is an element
/// of a collection whose elements share that type.
fn value_of(t: &Type, shape: Option<&Type>) -> BoxedStrategy<Value> {
    if let Type::Dynamic = t {
        return match shape {
            Some(c) => value_of(c, None),
            None => prop_oneof![
                1 => Just(Value::null(Type::Dynamic)),
                1 => Just(Value::unknown(Type::Dynamic)),
                6 => concrete_type().prop_flat_map(|c| value_of(&c, None)),
            ]
            .boxed(),
        };
    }
    // A null or unknown of a type holding `dynamic` has that type, not the shape: only
    // outside collections.
    let may_be_absent = shape.is_none() || !t.has_dynamic();
    let known = known_of(t, shape);
    if !may_be_absent {
        return known;
    }
    let null = Just(Value::null(t.clone()));
    let tt = t.clone();
    let unknown = refinements_for(t).prop_map(move |r| Value::Unknown(tt.clone(), r));
    prop_oneof![1 => null, 1 => unknown, 5 => known].boxed()
}

/// The shape of the `i`-th part (element type, tuple element, attribute) of `shape`.
fn part(shape: Option<&Type>, i: usize) -> Option<Type> {
    match shape? {
        Type::List(e) | Type::Set(e) | Type::Map(e) => Some((**e).clone()),
        Type::Tuple(ets) => ets.get(i).cloned(),
        Type::Object(ot) => Some(ot.attr_type_at(i).clone()),
        _ => None,
    }
}

/// Elements of a collection of element type `e`: one shared shape when `e` holds
/// `dynamic`; at least one element when the collection itself must have a given shape (an
/// empty collection's type is its declared one).
fn elements(e: &Type, shape: Option<&Type>) -> BoxedStrategy<Vec<Value>> {
    if !e.has_dynamic() {
        return vec(value_of(e, None), 0..4).boxed();
    }
    let min = usize::from(shape.is_some());
    let ee = e.clone();
    let items = match part(shape, 0) {
        Some(es) => vec(value_of(e, Some(&es)), min..4).boxed(),
        None => concretise(e)
            .prop_flat_map(move |es| vec(value_of(&ee, Some(&es)), min..4))
            .boxed(),
    };
    if matches!(e, Type::Dynamic) && shape.is_none() {
        // A null or wholly unknown `dynamic` element may join the others (not first: the
        // first element's type is the collection's).
        let extra = prop_oneof![
            2 => Just(None),
            1 => Just(Some(Value::null(Type::Dynamic))),
            1 => Just(Some(Value::unknown(Type::Dynamic))),
        ];
        return (items, extra)
            .prop_map(|(mut items, extra)| {
                if let (false, Some(x)) = (items.is_empty(), extra) {
                    items.push(x);
                }
                items
            })
            .boxed();
    }
    items
}

fn known_of(t: &Type, shape: Option<&Type>) -> BoxedStrategy<Value> {
    match t {
        Type::String => any_string().prop_map(Value::String).boxed(),
        Type::Number => any_number().prop_map(Value::Number).boxed(),
        Type::Bool => any::<bool>().prop_map(Value::Bool).boxed(),
        Type::Dynamic => value_of(t, shape),
        Type::List(e) => {
            let e2 = (**e).clone();
            elements(e, shape)
                .prop_map(move |items| Value::List(e2.clone(), items))
                .boxed()
        }
        Type::Set(e) => {
            let e2 = (**e).clone();
            elements(e, shape)
                .prop_map(move |items| {
                    Value::set(e2.clone(), items).expect("elements conform and agree")
                })
                .boxed()
        }
        Type::Map(e) => {
            let e2 = (**e).clone();
            // In a shaped context a map holding `dynamic` must not be empty (its type would be
            // the declared one); keys may be fewer than the elements generated.
            let must_fill = shape.is_some() && e.has_dynamic();
            let keys = btree_set(any_string(), usize::from(must_fill)..4);
            (keys, elements(e, shape))
                .prop_filter_map("a shaped map needs an element", move |(keys, items)| {
                    let map: BTreeMap<String, Value> = keys.into_iter().zip(items).collect();
                    (!map.is_empty() || !must_fill).then(|| Value::Map(e2.clone(), map))
                })
                .boxed()
        }
        Type::Tuple(ets) => ets
            .iter()
            .enumerate()
            .map(|(i, et)| value_of(et, part(shape, i).as_ref()))
            .collect::<Vec<_>>()
            .prop_map(Value::Tuple)
            .boxed(),
        Type::Object(ot) => {
            let ot2: Arc<ObjectType> = Arc::clone(ot);
            ot.types()
                .iter()
                .enumerate()
                .map(|(i, at)| value_of(at, part(shape, i).as_ref()))
                .collect::<Vec<_>>()
                .prop_map(move |values| Value::Object(Arc::clone(&ot2), values))
                .boxed()
        }
    }
}

/// A type and a value of it.
fn type_and_value() -> BoxedStrategy<(Type, Value)> {
    any_type()
        .prop_flat_map(|t| {
            let v = value_of(&t, None);
            (Just(t), v)
        })
        .boxed()
}

// ---------------------------------------------------------------------------------------
// Helpers over values
// ---------------------------------------------------------------------------------------

fn numbers<'a>(v: &'a Value, out: &mut Vec<&'a Number>) {
    match v {
        Value::Number(n) => out.push(n),
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
            items.iter().for_each(|i| numbers(i, out));
        }
        Value::Map(_, items) => items.values().for_each(|i| numbers(i, out)),
        Value::Object(_, items) => items.iter().for_each(|i| numbers(i, out)),
        _ => {}
    }
}

/// Whether JSON can carry `v` exactly.
///
/// Excluded, inherently: unknowns and infinities (JSON has neither: `to_json` refuses them,
/// checked below), and numbers whose text does not read back as the same number. A number
/// is written as its `Display` text; for an exact float64 value read from MessagePack
/// (`Number::from_f64_exact(0.1)` is 0.1000000000000000055511151231257827…) that is the
/// shortest decimal that rounds to the same float64, as go-cty writes such a value
/// (`big.Float.Text('f', -1)` at 53 bits), and reading it back gives that decimal.
fn json_exact(v: &Value) -> bool {
    let mut ns = Vec::new();
    numbers(v, &mut ns);
    v.is_wholly_known()
        && ns.iter().all(|n| {
            !n.is_infinite() && Number::parse(&n.to_string()).is_ok_and(|back| back == **n)
        })
}

/// Whether `v`, re-read against its own type (`Value::ty`), is the same value: false when a
/// collection holds a null or unknown of type `dynamic` beside typed elements. The
/// collection's type comes from its typed elements (`list(string)`), and re-read against it
/// those elements become a null or unknown *string*; the bytes against the declared type
/// stay the same, but a set may then hold two equal nulls and drop one. go-cty behaves the
/// same (its collections take the first typed element's type). Properties that go through
/// `Value::ty` (wrapping under `dynamic`, `decode_as::<Value>`, `from_serialize`) exclude such
/// values; the round trips against the declared type cover them.
///
/// Likewise a collection whose elements' types differ only in optional-attribute markers (a
/// null keeps its declared object type's markers, a known object has none): go-cty 1.16
/// panics on such a collection (cases L8 and L9 of the go-cty 1.16.4 vectors); tfvalue reads
/// it, each element then taking the first element's type.
fn retypes_exactly(v: &Value) -> bool {
    let items_of = |v: &Value| -> Vec<Value> {
        match v {
            Value::List(_, items) | Value::Set(_, items) => items.clone(),
            Value::Map(_, items) => items.values().cloned().collect(),
            _ => Vec::new(),
        }
    };
    let items = items_of(v);
    if let Some(first) = items.first().map(Value::ty) {
        if items.iter().any(|x| {
            let t = x.ty();
            t != first && t.without_optional() == first.without_optional()
        }) {
            return false;
        }
    }
    let dynamic_absent = |x: &Value| {
        matches!(
            x,
            Value::Null(Type::Dynamic) | Value::Unknown(Type::Dynamic, _)
        )
    };
    match v {
        Value::Set(et, items) if !et.is_primitive() && items.len() > 1 => {
            // Re-read against `set(string)` (say), the elements are sorted; under
            // `set(dynamic)` they keep their order (see `set_of_dynamic_strings_is_sorted`).
            let concrete = items[0].ty();
            let resorted = !concrete.is_primitive()
                || Value::set(concrete, items.clone())
                    .is_ok_and(|s| s.as_elements() == Some(items.as_slice()));
            resorted && !items.iter().any(dynamic_absent) && items.iter().all(retypes_exactly)
        }
        Value::List(_, items) | Value::Set(_, items) => {
            !(items.len() > 1 && items.iter().any(dynamic_absent))
                && items.iter().all(retypes_exactly)
        }
        Value::Map(_, items) => {
            !(items.len() > 1 && items.values().any(dynamic_absent))
                && items.values().all(retypes_exactly)
        }
        Value::Tuple(items) | Value::Object(_, items) => items.iter().all(retypes_exactly),
        _ => true,
    }
}

/// `v` as a MessagePack round trip gives it back. By go-cty 1.16's rule a whole number
/// outside the `i64` range is written as a string of its decimal text
/// ([`number_after_msgpack`]): for an exact float64 from the wire (`Number::from_f64_exact`,
/// which the generator makes on purpose: MessagePack delivers them) that text is the
/// shortest digits, so 2^63 comes back as the decimal 9223372036854776000, a different
/// number, exactly as go-cty 1.16 does. Every other number comes back equal. Sets are
/// rebuilt with `Value::set`, as the decoder builds them (a changed number may move or
/// merge). Refinement bounds are left alone: `small_number` never makes such a float64.
fn after_msgpack(v: &Value) -> Value {
    match v {
        Value::Number(n) => Value::Number(number_after_msgpack(n)),
        Value::List(t, items) => Value::List(t.clone(), items.iter().map(after_msgpack).collect()),
        Value::Set(t, items) => Value::set(t.clone(), items.iter().map(after_msgpack).collect())
            .expect("elements conform and agree"),
        Value::Map(t, items) => Value::Map(
            t.clone(),
            items
                .iter()
                .map(|(k, v)| (k.clone(), after_msgpack(v)))
                .collect(),
        ),
        Value::Tuple(items) => Value::Tuple(items.iter().map(after_msgpack).collect()),
        Value::Object(t, items) => {
            Value::Object(Arc::clone(t), items.iter().map(after_msgpack).collect())
        }
        other => other.clone(),
    }
}

/// `v` as it reads back from either encoding, numbers aside: in a collection of `dynamic`
/// that holds a typed element, a null or unknown of type `dynamic` is written with that
/// element's type (go-cty 1.16's rule: its collections have one element type) and so reads
/// back as a null or unknown of it.
fn placeholders_typed(v: &Value) -> Value {
    let placeholder = |x: &Value| {
        matches!(
            x,
            Value::Null(Type::Dynamic) | Value::Unknown(Type::Dynamic, _)
        )
    };
    let typed = |et: &Type, items: &mut dyn Iterator<Item = &Value>| -> Option<Type> {
        if !matches!(et, Type::Dynamic) {
            return None;
        }
        for x in items {
            if !placeholder(x) {
                return Some(x.ty());
            }
        }
        None
    };
    let retype = |x: &Value, concrete: &Option<Type>| -> Value {
        match (x, concrete) {
            (Value::Null(Type::Dynamic), Some(t)) => Value::Null(t.clone()),
            (Value::Unknown(Type::Dynamic, r), Some(t)) => Value::Unknown(t.clone(), r.clone()),
            _ => placeholders_typed(x),
        }
    };
    match v {
        Value::List(t, items) => {
            let c = typed(t, &mut items.iter());
            Value::List(t.clone(), items.iter().map(|x| retype(x, &c)).collect())
        }
        Value::Set(t, items) => {
            let c = typed(t, &mut items.iter());
            Value::set(t.clone(), items.iter().map(|x| retype(x, &c)).collect())
                .expect("elements conform and agree")
        }
        Value::Map(t, items) => {
            let c = typed(t, &mut items.values());
            Value::Map(
                t.clone(),
                items
                    .iter()
                    .map(|(k, x)| (k.clone(), retype(x, &c)))
                    .collect(),
            )
        }
        Value::Tuple(items) => Value::Tuple(items.iter().map(placeholders_typed).collect()),
        Value::Object(t, items) => Value::Object(
            Arc::clone(t),
            items.iter().map(placeholders_typed).collect(),
        ),
        other => other.clone(),
    }
}

fn has_infinity(v: &Value) -> bool {
    let mut ns = Vec::new();
    numbers(v, &mut ns);
    ns.iter().any(|n| n.is_infinite())
}

/// `v` with optional-attribute markers removed from its object types: they belong to type
/// constraints, not to values, and a value's type on the wire (inside a dynamic value's
/// `[type, value]`) carries none, so values are compared without them.
fn unmarked(v: &Value) -> Value {
    match v {
        Value::Object(t, vals) => {
            let plain = Type::Object(t.clone()).without_optional();
            let ot = plain
                .as_object()
                .map_or_else(|| t.clone(), |o| std::sync::Arc::new(o.clone()));
            Value::Object(ot, vals.iter().map(unmarked).collect())
        }
        Value::List(t, vals) => {
            Value::List(t.without_optional(), vals.iter().map(unmarked).collect())
        }
        Value::Set(t, vals) => {
            Value::Set(t.without_optional(), vals.iter().map(unmarked).collect())
        }
        Value::Tuple(vals) => Value::Tuple(vals.iter().map(unmarked).collect()),
        Value::Map(t, vals) => Value::Map(
            t.without_optional(),
            vals.iter().map(|(k, v)| (k.clone(), unmarked(v))).collect(),
        ),
        Value::Null(t) => Value::Null(t.without_optional()),
        Value::Unknown(t, r) => Value::Unknown(t.without_optional(), r.clone()),
        other => other.clone(),
    }
}

// ---------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(config())]

    #[test]
    fn type_json_round_trips(t in any_type()) {
        let json = t.to_json();
        prop_assert_eq!(&Type::from_json(json.as_bytes()).expect("parses"), &t);
        prop_assert_eq!(Type::from_json_value(&t.to_json_value()).expect("parses"), t);
    }

    #[test]
    fn values_conform_to_their_type((t, v) in type_and_value()) {
        prop_assert!(v.conforms_to(&t).is_ok(), "{:?} does not conform to {}", v, t);
    }

    #[test]
    fn msgpack_round_trips((t, v) in type_and_value()) {
        let bytes = v.to_msgpack(&t).expect("encodes");
        let back = Value::from_msgpack(&bytes, &t).expect("decodes");
        // The value comes back exactly, but for go-cty 1.16's change of a whole float64
        // past i64 to its shortest digits (`after_msgpack`).
        let expected = placeholders_typed(&after_msgpack(&v));
        prop_assert_eq!(&unmarked(&back), &unmarked(&expected));
        let again = back.to_msgpack(&t).expect("re-encodes");
        prop_assert_eq!(&again, &expected.to_msgpack(&t).expect("encodes"));
        if expected == v {
            // Nothing changed: the very same bytes.
            prop_assert_eq!(again, bytes);
        } else {
            // Changed once, then stable: the second round trip is exact.
            let back2 = Value::from_msgpack(&again, &t).expect("decodes");
            prop_assert_eq!(&back2, &back);
            prop_assert_eq!(back2.to_msgpack(&t).expect("re-encodes"), again);
        }
    }

    #[test]
    fn msgpack_round_trips_under_dynamic((t, v) in type_and_value()) {
        prop_assume!(retypes_exactly(&v));
        // The same value with its type on the wire (`[type, value]`), unless the value is a
        // null or unknown of type dynamic (then a bare c0 / d4 00 00). Numbers change as in
        // `msgpack_round_trips` (`after_msgpack`).
        let expected = after_msgpack(&v);
        let bytes = v.to_msgpack(&Type::Dynamic).expect("encodes");
        let back = Value::from_msgpack(&bytes, &Type::Dynamic).expect("decodes");
        let again = back.to_msgpack(&Type::Dynamic).expect("re-encodes");
        prop_assert_eq!(&again, &expected.to_msgpack(&Type::Dynamic).expect("encodes"));
        if expected == v {
            prop_assert_eq!(&again, &bytes);
        } else {
            let back2 = Value::from_msgpack(&again, &Type::Dynamic).expect("decodes");
            prop_assert_eq!(back2.to_msgpack(&Type::Dynamic).expect("re-encodes"), again);
        }
        // The decoded value re-encodes to the same bytes against the original type.
        prop_assert_eq!(
            back.to_msgpack(&t).expect("encodes"),
            expected.to_msgpack(&t).expect("encodes")
        );
        if !t.has_dynamic() && !matches!(v, Value::Unknown(..)) {
            prop_assert_eq!(unmarked(&back), unmarked(&expected));
        }
    }

    #[test]
    fn json_round_trips((t, v) in type_and_value()) {
        if json_exact(&v) {
            let json = v.to_json(&t).expect("encodes");
            let back = Value::from_json(&json, &t).expect("decodes");
            let expected = placeholders_typed(&v);
            prop_assert_eq!(&unmarked(&back), &unmarked(&expected), "{}", String::from_utf8_lossy(&json));
            let again = back.to_json(&t).expect("re-encodes");
            if expected == v {
                prop_assert_eq!(again, json);
            } else {
                // A null of dynamic typed by its set may then equal another and go.
                prop_assert_eq!(again, expected.to_json(&t).expect("encodes"));
            }
        } else {
            // Whichever of the unknown or the infinity comes first is reported.
            let kind = v.to_json(&t).map(|_| ()).map_err(|e| e.kind());
            let unknown = !v.is_wholly_known();
            let infinite = has_infinity(&v);
            match (unknown, infinite) {
                (true, false) => prop_assert_eq!(kind, Err(ErrorKind::Unknown)),
                (false, true) => prop_assert_eq!(kind, Err(ErrorKind::Number)),
                (true, true) => prop_assert!(
                    kind == Err(ErrorKind::Unknown) || kind == Err(ErrorKind::Number),
                    "{:?}", kind
                ),
                // Numbers whose JSON text reads back as another number: written anyway.
                (false, false) => prop_assert_eq!(kind, Ok(())),
            }
        }
    }

    #[test]
    fn decode_as_value_round_trips((t, v) in type_and_value()) {
        prop_assume!(retypes_exactly(&v));
        let again: Value = v.decode_as().expect("decodes");
        prop_assert_eq!(again.to_msgpack(&t).expect("encodes"), v.to_msgpack(&t).expect("encodes"));
        if !t.has_dynamic() {
            // Values of a dynamic-free type carry exactly their type.
            prop_assert_eq!(unmarked(&again), unmarked(&v));
        }
    }

    #[test]
    fn from_serialize_round_trips((t, v) in type_and_value()) {
        prop_assume!(retypes_exactly(&v));
        let built = Value::from_serialize(&v, &t).expect("builds");
        prop_assert_eq!(built.to_msgpack(&t).expect("encodes"), v.to_msgpack(&t).expect("encodes"));
        if !t.has_dynamic() {
            prop_assert_eq!(unmarked(&built), unmarked(&v));
        }
    }

    #[test]
    fn typed_msgpack_agrees_with_value(v in type_and_value().prop_map(|(_, v)| v)) {
        prop_assume!(retypes_exactly(&v));
        // `Value` as a serde type (a dynamic attribute) through the generic serde codec.
        let bytes = tfvalue::msgpack::to_vec(&v).expect("encodes");
        prop_assert_eq!(&bytes, &v.to_msgpack(&Type::Dynamic).expect("encodes"));
        let back: Value = tfvalue::msgpack::from_slice(&bytes).expect("decodes");
        prop_assert_eq!(tfvalue::msgpack::to_vec(&back).expect("re-encodes"), bytes);
    }
}

// ---------------------------------------------------------------------------------------
// Examples the generator keeps away from
// ---------------------------------------------------------------------------------------

#[test]
fn dynamic_null_first_in_a_list_of_dynamic() {
    let t = Type::list(Type::Dynamic);
    let items = vec![Value::null(Type::Dynamic), Value::from("a")];
    let v = Value::list(Type::Dynamic, items).expect("builds");
    let bytes = v.to_msgpack(&t).expect("encodes");
    // go-cty 1.16's rule: the null goes out as a null string, [["string"], nil], and reads
    // back as one.
    assert_eq!(
        tfvalue_suite::to_hex(&bytes),
        "9292c40822737472696e6722c092c40822737472696e6722a161"
    );
    let expected = Value::list(
        Type::Dynamic,
        vec![Value::null(Type::String), Value::from("a")],
    )
    .expect("builds");
    assert_eq!(Value::from_msgpack(&bytes, &t).expect("decodes"), expected);
}

#[test]
fn set_of_dynamic_strings_is_sorted() {
    let t = Type::set(Type::Dynamic);
    let v = Value::set(Type::Dynamic, vec![Value::from("b"), Value::from("a")]).expect("builds");
    // [[bin "string", "a"], [bin "string", "b"]]
    let string = "92c40822737472696e6722";
    assert_eq!(
        tfvalue_suite::to_hex(&v.to_msgpack(&t).expect("encodes")),
        format!("92{string}a161{string}a162")
    );
}
