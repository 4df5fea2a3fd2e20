use super::*;
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::rc::Rc;
use std::sync::Arc;

use crate::nullable::Nullable;
use crate::number::Number;
use crate::path::PathStep;
use crate::refinements::Refinements;
use crate::set::Set;
use crate::types::Type;
use crate::unknown::Unknown;
use crate::value::Value;

fn strings(paths: &[AttributePath]) -> Vec<String> {
    paths.iter().map(ToString::to_string).collect()
}

fn unknown_strings<T: UnknownPaths + ?Sized>(v: &T) -> Vec<String> {
    strings(&v.unknown_paths())
}

fn known_err<T: IntoKnown>(v: T) -> String {
    match v.into_known() {
        Ok(_) => "ok".to_owned(),
        Err(e) => {
            assert_eq!(e.kind(), ErrorKind::Unknown);
            e.to_string()
        }
    }
}

#[test]
fn trail_renders_paths() {
    let root = Trail::root();
    assert!(root.to_path().is_root());
    let a = root.attr("disk");
    let b = a.index(2);
    let c = b.attr("size_gb");
    assert_eq!(c.to_path().to_string(), ".disk[2].size_gb");
    assert_eq!(
        root.attr("tags").key("env").to_path().to_string(),
        r#".tags["env"]"#
    );
    let prefix = AttributePath::root().attr("outer").index(1);
    let under = Trail::under(&prefix);
    assert_eq!(under.to_path(), prefix);
    assert_eq!(under.key("k").to_path().to_string(), r#".outer[1]["k"]"#);
    let rest = [PathStep::Attr("x".into()), PathStep::Index(0)];
    assert_eq!(c.join(&rest).to_string(), ".disk[2].size_gb.x[0]");
    assert_eq!(root.join(&rest).to_string(), ".x[0]");
    assert_eq!(format!("{:?}", root), "Trail { link: Root }");
}

#[test]
fn error_messages() {
    let e = not_known_error(&[]);
    assert_eq!(e.to_string(), "value is not known yet");
    assert_eq!(e.kind(), ErrorKind::Unknown);
    let one = AttributePath::root().attr("id");
    let e = not_known_error(std::slice::from_ref(&one));
    assert_eq!(e.to_string(), ".id: value is not known yet");
    assert_eq!(e.path(), one);
    let three = [
        one.clone(),
        AttributePath::root().attr("disk").index(0).attr("size"),
        AttributePath::root().attr("tags").key("a"),
    ];
    let e = not_known_error(&three);
    assert_eq!(
        e.to_string(),
        r#"3 values are not known yet: .id, .disk[0].size, .tags["a"]"#
    );
    assert!(e.path().is_root());
    let e = not_known_error(&[AttributePath::root(), one]);
    assert_eq!(
        e.to_string(),
        "2 values are not known yet: the value itself, .id"
    );
    let many: Vec<AttributePath> = (0..20).map(|i| AttributePath::root().index(i)).collect();
    let e = not_known_error(&many);
    assert_eq!(
        e.to_string(),
        "20 values are not known yet: [0], [1], [2], [3], [4], [5], [6], [7], [8], [9], \
         [10], [11], [12], [13], [14], [15] and 4 more"
    );
}

#[test]
fn leaves_are_known() {
    assert!("s".is_wholly_known());
    assert!(String::from("s").is_wholly_known());
    assert_eq!(IntoKnown::into_known(String::from("s")).unwrap(), "s");
    assert_eq!(IntoKnown::into_known("s").unwrap(), "s");
    assert_eq!(
        IntoKnown::into_known(Cow::Borrowed("c")).unwrap(),
        Cow::Borrowed("c")
    );
    assert!(IntoKnown::into_known(true).unwrap());
    assert_eq!(IntoKnown::into_known('c').unwrap(), 'c');
    assert_eq!(IntoKnown::into_known(1.5_f64).unwrap(), 1.5);
    assert_eq!(IntoKnown::into_known(-3_i128).unwrap(), -3);
    assert_eq!(IntoKnown::into_known(7_usize).unwrap(), 7);
    let n = Number::from(12_i64);
    assert_eq!(IntoKnown::into_known(n.clone()).unwrap(), n);
    IntoKnown::into_known(()).unwrap();
    assert!(5_u8.unknown_paths().is_empty());
    let mut out = Vec::new();
    assert_eq!(5_u8.into_known_at(Trail::root(), &mut out), Some(5));
}

#[test]
fn unknown_wrapper() {
    let u: Unknown<u32> = Unknown::unknown();
    assert!(!u.is_wholly_known());
    assert_eq!(unknown_strings(&u), [""]);
    assert_eq!(known_err(u), "value is not known yet");
    let r: Unknown<u32> = Unknown::refined(Refinements::new().not_null());
    assert_eq!(known_err(r), "value is not known yet");
    let k = Unknown::known(4_u32);
    assert!(k.is_wholly_known());
    assert_eq!(IntoKnown::into_known(k).unwrap(), 4);
    // Nested: Unknown<Unknown<T>> reports the same path once.
    let nested: Unknown<Unknown<u8>> = Unknown::known(Unknown::unknown());
    assert_eq!(unknown_strings(&nested), [""]);
    let nested: Unknown<Unknown<u8>> = Unknown::known(Unknown::known(1));
    assert_eq!(IntoKnown::into_known(nested).unwrap(), 1);
}

#[test]
fn nullable_and_option() {
    let v: Unknown<Nullable<String>> = Unknown::known(Nullable::Null);
    assert!(v.is_wholly_known());
    assert_eq!(IntoKnown::into_known(v).unwrap(), Nullable::Null);
    let v: Nullable<Unknown<u8>> = Nullable::Value(Unknown::unknown());
    assert!(!v.is_wholly_known());
    assert_eq!(unknown_strings(&v), [""]);
    assert!(v.into_known().is_err());
    let v: Nullable<Unknown<u8>> = Nullable::Value(Unknown::known(3));
    assert_eq!(v.into_known().unwrap(), Nullable::Value(3));
    let v: Nullable<Unknown<u8>> = Nullable::Null;
    assert!(v.is_wholly_known());
    assert_eq!(v.into_known().unwrap(), Nullable::Null);

    let v: Option<Unknown<u8>> = Some(Unknown::unknown());
    assert!(!v.is_wholly_known());
    assert_eq!(unknown_strings(&v), [""]);
    assert!(v.into_known().is_err());
    let v: Option<Unknown<u8>> = Some(Unknown::known(2));
    assert_eq!(v.into_known().unwrap(), Some(2));
    let v: Option<Unknown<u8>> = None;
    assert!(v.is_wholly_known());
    assert_eq!(v.into_known().unwrap(), None);
}

#[test]
fn pointers() {
    let b: Box<Unknown<u8>> = Box::new(Unknown::unknown());
    assert!(!b.is_wholly_known());
    assert_eq!(unknown_strings(&b), [""]);
    assert!(b.into_known().is_err());
    let b: Box<Unknown<u8>> = Box::new(Unknown::known(1));
    assert_eq!(*b.into_known().unwrap(), 1);

    let shared = Rc::new(Unknown::known(2_u8));
    let other = Rc::clone(&shared);
    assert!(shared.is_wholly_known());
    assert_eq!(*shared.into_known().unwrap(), 2);
    assert_eq!(*other, Unknown::known(2));
    let a: Arc<Unknown<u8>> = Arc::new(Unknown::unknown());
    assert_eq!(unknown_strings(&a), [""]);
    assert!(a.into_known().is_err());
    assert_eq!(*Arc::new(Unknown::known(3_u8)).into_known().unwrap(), 3);
    let r: &Unknown<u8> = &Unknown::unknown();
    assert!(!r.is_wholly_known());
    assert_eq!(unknown_strings(&r), [""]);
    let s: &[Unknown<u8>] = &[Unknown::known(1), Unknown::unknown()];
    assert_eq!(unknown_strings(s), ["[1]"]);
}

#[test]
fn vec_and_set_report_every_index() {
    let v: Vec<Unknown<u8>> = vec![Unknown::unknown(), Unknown::known(1), Unknown::unknown()];
    assert!(!v.is_wholly_known());
    assert_eq!(unknown_strings(&v), ["[0]", "[2]"]);
    assert_eq!(known_err(v), "2 values are not known yet: [0], [2]");
    let v: Vec<Unknown<u8>> = vec![Unknown::known(1), Unknown::known(2)];
    assert!(v.is_wholly_known());
    assert_eq!(v.into_known().unwrap(), [1, 2]);
    assert!(Vec::<Unknown<u8>>::new().into_known().unwrap().is_empty());

    let s: Set<Unknown<f64>> = Set::from([Unknown::known(0.5), Unknown::unknown()]);
    assert!(!s.is_wholly_known());
    assert_eq!(unknown_strings(&s), ["[1]"]);
    assert_eq!(known_err(s), "[1]: value is not known yet");
    let s: Set<Unknown<f64>> = Set::from([Unknown::known(0.5), Unknown::known(1.5)]);
    assert_eq!(s.into_known().unwrap().as_slice(), &[0.5, 1.5]);
}

#[test]
fn std_sets() {
    let s: BTreeSet<Nullable<u8>> = [Nullable::Null, Nullable::Value(1)].into();
    assert!(s.is_wholly_known());
    assert!(s.unknown_paths().is_empty());
    assert_eq!(s.clone().into_known().unwrap(), s);

    let s: HashSet<Unknown<u8>> = [Unknown::known(1), Unknown::unknown()].into();
    assert!(!s.is_wholly_known());
    assert_eq!(s.unknown_paths().len(), 1);
    assert!(s.into_known().is_err());
    let s: HashSet<Unknown<u8>> = [Unknown::known(1), Unknown::known(2)].into();
    assert!(s.is_wholly_known());
    assert_eq!(s.into_known().unwrap(), HashSet::from([1, 2]));
}

#[test]
fn maps_use_key_steps() {
    let m: BTreeMap<String, Unknown<String>> = [
        ("env".to_owned(), Unknown::unknown()),
        ("a\"b".to_owned(), Unknown::unknown()),
        ("ok".to_owned(), Unknown::known("x".to_owned())),
    ]
    .into();
    assert!(!m.is_wholly_known());
    assert_eq!(unknown_strings(&m), [r#"["a\"b"]"#, r#"["env"]"#]);
    assert_eq!(
        known_err(m),
        r#"2 values are not known yet: ["a\"b"], ["env"]"#
    );
    let m: BTreeMap<&str, Unknown<u8>> = [("a", Unknown::known(1))].into();
    assert!(m.is_wholly_known());
    assert_eq!(m.into_known().unwrap(), BTreeMap::from([("a", 1)]));

    let m: HashMap<String, Unknown<u8>> = [("k".to_owned(), Unknown::unknown())].into();
    assert!(!m.is_wholly_known());
    assert_eq!(unknown_strings(&m), [r#"["k"]"#]);
    assert_eq!(known_err(m), r#"["k"]: value is not known yet"#);
    let m: HashMap<String, Unknown<u8>> = [
        ("k".to_owned(), Unknown::known(1)),
        ("l".to_owned(), Unknown::known(2)),
    ]
    .into();
    assert!(m.is_wholly_known());
    let k = m.into_known().unwrap();
    assert_eq!(k, HashMap::from([("k".to_owned(), 1), ("l".to_owned(), 2)]));
}

#[test]
fn tuples_use_index_steps() {
    let t: (Unknown<u8>, String, Unknown<bool>) =
        (Unknown::unknown(), "s".into(), Unknown::unknown());
    assert!(!t.is_wholly_known());
    assert_eq!(unknown_strings(&t), ["[0]", "[2]"]);
    assert_eq!(known_err(t), "2 values are not known yet: [0], [2]");
    let t = (Unknown::known(1_u8), "s", Unknown::known(true));
    assert!(t.is_wholly_known());
    assert_eq!(t.into_known().unwrap(), (1, "s", true));
    let one = (Unknown::<u8>::unknown(),);
    assert_eq!(known_err(one), "[0]: value is not known yet");
    let eight = (
        1_u8,
        2_u8,
        3_u8,
        4_u8,
        5_u8,
        6_u8,
        7_u8,
        Unknown::<u8>::unknown(),
    );
    assert!(!eight.is_wholly_known());
    assert_eq!(known_err(eight), "[7]: value is not known yet");
}

#[test]
fn values() {
    let ty = Type::object([("a", Type::String), ("b", Type::list(Type::Number))]);
    let v = Value::object([
        ("a", Value::unknown(Type::String)),
        (
            "b",
            Value::list(
                Type::Number,
                vec![
                    Value::from(Number::from(1_i64)),
                    Value::unknown(Type::Number),
                ],
            )
            .unwrap(),
        ),
    ]);
    v.conforms_to(&ty).unwrap();
    assert!(!UnknownPaths::is_wholly_known(&v));
    assert_eq!(strings(&UnknownPaths::unknown_paths(&v)), [".a", ".b[1]"]);
    let mut out = Vec::new();
    let prefix = AttributePath::root().attr("dyn");
    v.unknown_paths_into(Trail::under(&prefix), &mut out);
    assert_eq!(strings(&out), [".dyn.a", ".dyn.b[1]"]);
    assert_eq!(known_err(v), "2 values are not known yet: .a, .b[1]");
    let k = Value::from("x");
    assert!(UnknownPaths::is_wholly_known(&k));
    assert_eq!(k.clone().into_known().unwrap(), k);
    let inside: Nullable<Value> = Nullable::Value(Value::unknown(Type::Bool));
    assert_eq!(known_err(inside), "value is not known yet");
}

/// An implementation that only provides the required method keeps the defaults working.
struct OnlyRequired(Unknown<u8>);

impl UnknownPaths for OnlyRequired {
    fn unknown_paths_into(&self, at: Trail<'_>, out: &mut Vec<AttributePath>) {
        self.0.unknown_paths_into(at.attr("only"), out);
    }
}

#[test]
fn default_methods() {
    let known = OnlyRequired(Unknown::known(1));
    assert!(known.is_wholly_known());
    let unknown = OnlyRequired(Unknown::unknown());
    assert!(!unknown.is_wholly_known());
    assert_eq!(unknown_strings(&unknown), [".only"]);
}

/// A wrong implementation (None without a path) still yields an error, not a panic.
struct Liar;

impl IntoKnown for Liar {
    type Known = ();

    fn into_known_at(self, _: Trail<'_>, _: &mut Vec<AttributePath>) -> Option<()> {
        None
    }
}

#[test]
fn none_without_paths_is_still_an_error() {
    assert_eq!(known_err(Liar), "value is not known yet");
}

/// `v` into its planned form, which must equal `expected`, and back into `v`.
#[track_caller]
fn planned_round_trip<T>(v: T, expected: T::Planned)
where
    T: IntoPlanned + Clone + PartialEq + std::fmt::Debug,
    T::Planned: PartialEq + std::fmt::Debug,
{
    let planned = v.clone().into_planned().expect("nothing unknown");
    assert_eq!(planned, expected);
    assert_eq!(T::from_planned(planned), v);
}

fn planned_err<T: IntoPlanned>(v: T) -> String {
    match v.into_planned() {
        Ok(_) => "ok".to_owned(),
        Err(e) => {
            assert_eq!(e.kind(), ErrorKind::Unknown);
            e.to_string()
        }
    }
}

#[test]
fn planned_forms_of_std_types_are_their_known_forms() {
    let k = Unknown::<u8>::known;
    // Leaves.
    planned_round_trip(String::from("a"), "a".to_owned());
    planned_round_trip("a", "a");
    planned_round_trip(Cow::<str>::Owned("c".into()), Cow::Owned("c".into()));
    planned_round_trip(Number::from(5_i64), Number::from(5_i64));
    planned_round_trip((true, 'x', -1_i8, 0.5_f32), (true, 'x', -1, 0.5));
    // Wrappers: known values unwrapped, and wrapped again on the way back.
    planned_round_trip(k(1), 1);
    planned_round_trip(Unknown::known(Nullable::<u8>::Null), Nullable::Null);
    planned_round_trip(Nullable::Value(k(1)), Nullable::Value(1));
    planned_round_trip(Some(k(1)), Some(1));
    planned_round_trip(None::<Unknown<u8>>, None);
    planned_round_trip(Box::new(k(1)), Box::new(1));
    planned_round_trip(Rc::new(k(1)), Rc::new(1));
    planned_round_trip(Arc::new(k(1)), Arc::new(1));
    // Collections keep their order and keys.
    planned_round_trip(vec![k(1), k(2)], vec![1, 2]);
    planned_round_trip(vec![Unknown::known("a".to_owned())], vec!["a".to_owned()]);
    planned_round_trip(Set::from([k(2), k(1)]), Set::from([2, 1]));
    planned_round_trip(
        BTreeSet::from([Nullable::Value(1_u8), Nullable::Null]),
        BTreeSet::from([Nullable::Value(1), Nullable::Null]),
    );
    planned_round_trip(HashSet::from([k(1), k(2)]), HashSet::from([1, 2]));
    planned_round_trip(
        BTreeMap::from([("a".to_owned(), k(1))]),
        BTreeMap::from([("a".to_owned(), 1)]),
    );
    planned_round_trip(
        crate::map::Map::from([("b", k(2)), ("a", k(1))]),
        crate::map::Map::from([("a", 1), ("b", 2)]),
    );
    planned_round_trip(HashMap::from([("a", k(1))]), HashMap::from([("a", 1)]));
    planned_round_trip((k(1), "s", Nullable::<u8>::Null), (1, "s", Nullable::Null));
    planned_round_trip(Value::from("y"), Value::from("y"));
}

#[test]
fn planned_forms_report_every_unknown_path() {
    let k = Unknown::<u8>::known;
    let u = || Unknown::<u8>::unknown();
    assert_eq!(planned_err(u()), "value is not known yet");
    assert_eq!(planned_err(Nullable::Value(u())), "value is not known yet");
    assert_eq!(planned_err(Box::new(u())), "value is not known yet");
    assert_eq!(
        planned_err(vec![u(), k(1), u()]),
        "2 values are not known yet: [0], [2]"
    );
    assert_eq!(
        planned_err(Set::from([k(1), u()])),
        "[1]: value is not known yet"
    );
    assert_eq!(
        planned_err(BTreeMap::from([
            ("env".to_owned(), u()),
            ("ok".to_owned(), k(1))
        ])),
        r#"["env"]: value is not known yet"#
    );
    assert_eq!(
        planned_err(crate::map::Map::from([("m", u())])),
        r#"["m"]: value is not known yet"#
    );
    assert_eq!(
        planned_err(HashMap::from([("h", u())])),
        r#"["h"]: value is not known yet"#
    );
    // A hash set's paths are positions in its own iteration order.
    let set = HashSet::from([k(1), u()]);
    let at = set
        .iter()
        .position(Unknown::is_unknown)
        .expect("one unknown");
    assert_eq!(planned_err(set), format!("[{at}]: value is not known yet"));
    assert_eq!(
        planned_err((k(1), u(), "s", u())),
        "2 values are not known yet: [1], [3]"
    );
    let dynamic = Value::object([("a", Value::unknown(Type::String))]);
    assert_eq!(planned_err(dynamic), ".a: value is not known yet");
}
