//! Every DynamicValue Terraform 1.11.4 sent to a provider (`tests/data/terraform/`): tfvalue
//! decodes each against its schema type, re-encodes it to Terraform's exact bytes, and
//! decodes it to the value the capture's `decoded` rendering describes. The raw states of
//! `UpgradeResourceState` (JSON) decode against the same type.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::value::RawValue;
use tfvalue::{Number, Refinements, Type, Value};
use tfvalue_suite::{data, data_text, hex, to_hex};

/// One line of `payloads.jsonl` (only the fields used here).
#[derive(Deserialize)]
struct Payload {
    phase: String,
    seq: u64,
    rpc: String,
    field: String,
    type_name: Option<String>,
    kind: String,
    msgpack_hex: Option<String>,
    /// The raw state's JSON text (kind `RawState`).
    json: Option<String>,
    /// A readable rendering of the value; kept raw so that numbers stay exact.
    decoded: Box<RawValue>,
}

impl Payload {
    fn label(&self) -> String {
        format!("{} {} #{} {}", self.phase, self.rpc, self.seq, self.field)
    }
}

fn payloads() -> Vec<Payload> {
    data_text("terraform/payloads.jsonl")
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect()
}

/// The type every `probe_thing` value is encoded against.
fn resource_type() -> Type {
    let ty = Type::from_json(&data("terraform/schema.json")).expect("schema.json");
    assert!(ty.is_object());
    ty
}

/// The provider configuration's type: the provider schema is an empty block.
fn provider_type() -> Type {
    let served: serde_json::Value =
        serde_json::from_slice(&data("terraform/schema-served.json")).unwrap();
    let block = served["provider"]["block"]
        .as_object()
        .expect("provider block");
    assert!(
        block.get("attributes").is_none() && block.get("block_types").is_none(),
        "the provider schema is no longer empty: {block:?}"
    );
    Type::from_json(br#"["object",{}]"#).unwrap()
}

// ---------------------------------------------------------------------------------------
// The readable rendering of `decoded`
// ---------------------------------------------------------------------------------------

/// A JSON tree whose numbers are exact tfvalue numbers (and whose objects ignore key order).
///
/// The capture renders a MessagePack number by its wire form: an integer as a JSON number,
/// a float64 as `{"$number_float64": n}`, a decimal string as `{"$number_string": "text"}`;
/// those two objects are read as `F64` and `Str` numbers so that they compare as numbers.
#[derive(Clone, Debug, PartialEq)]
enum J {
    Null,
    Bool(bool),
    Num(Number),
    NumF64(Number),
    NumStr(Number),
    Str(String),
    Arr(Vec<J>),
    Obj(BTreeMap<String, J>),
}

/// Parses JSON text into a `J` without ever going through f64.
fn parse_j(text: &str) -> J {
    let t = text.trim();
    let fail = |e: serde_json::Error| -> J { panic!("bad JSON {t:?}: {e}") };
    match t.as_bytes().first() {
        Some(b'{') => match serde_json::from_str::<BTreeMap<String, Box<RawValue>>>(t) {
            Ok(m) => {
                let m: BTreeMap<String, J> =
                    m.into_iter().map(|(k, v)| (k, parse_j(v.get()))).collect();
                match (m.len(), m.get("$number_float64"), m.get("$number_string")) {
                    (1, Some(J::Num(n)), None) => J::NumF64(n.clone()),
                    (1, None, Some(J::Str(s))) => J::NumStr(
                        Number::parse(s).unwrap_or_else(|e| panic!("bad number {s:?}: {e}")),
                    ),
                    _ => J::Obj(m),
                }
            }
            Err(e) => fail(e),
        },
        Some(b'[') => match serde_json::from_str::<Vec<Box<RawValue>>>(t) {
            Ok(items) => J::Arr(items.iter().map(|v| parse_j(v.get())).collect()),
            Err(e) => fail(e),
        },
        Some(b'"') => serde_json::from_str(t).map(J::Str).unwrap_or_else(fail),
        Some(b't' | b'f' | b'n') => match serde_json::from_str::<Option<bool>>(t) {
            Ok(Some(b)) => J::Bool(b),
            Ok(None) => J::Null,
            Err(e) => fail(e),
        },
        _ => J::Num(Number::parse(t).unwrap_or_else(|e| panic!("bad number {t:?}: {e}"))),
    }
}

fn obj<const N: usize>(entries: [(&str, J); N]) -> J {
    J::Obj(
        entries
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v))
            .collect(),
    )
}

fn type_j(ty: &Type) -> J {
    parse_j(&ty.to_json())
}

/// How dynamic values are rendered: the capture's rendering of MessagePack
/// (`{"$dynamic": {"type", "type_wire", "value"}}`) or plain JSON (`{"value", "type"}`).
#[derive(Clone, Copy, PartialEq)]
enum Style {
    Wire,
    Json,
}

/// The capture's rendering of an unknown: `{"$unknown": true}`, plus `"$refined"` with the
/// payload's entries under keys naming their msgpack key. (Only keys 1, 2 and 3 occur in
/// the capture; the names of 4, 5 and 6 follow the same pattern and are unverified.)
fn render_unknown(r: &Refinements) -> J {
    let mut refined = BTreeMap::new();
    if let Some(is_null) = r.nullness() {
        refined.insert(
            "1:nullness(false=definitely not null)".to_owned(),
            J::Bool(is_null),
        );
    }
    if let Some(prefix) = r.string_prefix() {
        refined.insert("2:string_prefix".to_owned(), J::Str(prefix.to_owned()));
    }
    let bound =
        |(n, inclusive): (&Number, bool)| J::Arr(vec![J::Num(n.clone()), J::Bool(inclusive)]);
    if let Some(b) = r.number_lower_bound() {
        refined.insert("3:number_lower_bound[val,inclusive]".to_owned(), bound(b));
    }
    if let Some(b) = r.number_upper_bound() {
        refined.insert("4:number_upper_bound[val,inclusive]".to_owned(), bound(b));
    }
    if let Some(n) = r.length_lower_bound() {
        refined.insert("5:length_lower_bound".to_owned(), J::Num(Number::from(n)));
    }
    if let Some(n) = r.length_upper_bound() {
        refined.insert("6:length_upper_bound".to_owned(), J::Num(Number::from(n)));
    }
    if refined.is_empty() {
        obj([("$unknown", J::Bool(true))])
    } else {
        obj([("$unknown", J::Bool(true)), ("$refined", J::Obj(refined))])
    }
}

/// A number, in the capture's rendering of the form go-cty writes it in: an integer that
/// fits an i64 as itself, else a float64 if the value is exactly one, else a string.
fn render_number(n: &Number, style: Style) -> J {
    if style == Style::Json || n.as_i64().is_some() {
        return J::Num(n.clone());
    }
    let exact_f64 = n
        .to_f64()
        .ok()
        .and_then(|f| Number::from_f64_exact(f).ok())
        .is_some_and(|exact| exact == *n);
    if exact_f64 {
        J::NumF64(n.clone())
    } else {
        J::NumStr(n.clone())
    }
}

/// Renders `v`, encoded against the declared type `declared`, as the capture does.
fn render(v: &Value, declared: &Type, style: Style) -> J {
    if declared.is_dynamic()
        && !matches!(
            v,
            Value::Null(Type::Dynamic) | Value::Unknown(Type::Dynamic, _)
        )
    {
        // A value with its concrete type at a dynamic position: the type wrapper. (tfvalue
        // does not keep whether the type came as bin or str; Terraform always sends bin,
        // which the byte-exact round trip checks.)
        let ty = v.ty();
        let value = render(v, &ty, style);
        return match style {
            Style::Wire => obj([(
                "$dynamic",
                obj([
                    ("type", type_j(&ty)),
                    ("type_wire", J::Str("bin".to_owned())),
                    ("value", value),
                ]),
            )]),
            Style::Json => obj([("value", value), ("type", type_j(&ty))]),
        };
    }
    match v {
        Value::Null(_) => J::Null,
        Value::Unknown(_, r) => render_unknown(r),
        Value::Bool(b) => J::Bool(*b),
        Value::Number(n) => render_number(n, style),
        Value::String(s) => J::Str(s.clone()),
        Value::List(_, items) | Value::Set(_, items) => {
            let et = declared.element_type().expect("collection type");
            J::Arr(items.iter().map(|item| render(item, et, style)).collect())
        }
        Value::Tuple(items) => {
            let ets = declared.tuple_elements().expect("tuple type");
            assert_eq!(ets.len(), items.len());
            J::Arr(
                items
                    .iter()
                    .zip(ets)
                    .map(|(item, et)| render(item, et, style))
                    .collect(),
            )
        }
        Value::Map(_, items) => {
            let et = declared.element_type().expect("map type");
            J::Obj(
                items
                    .iter()
                    .map(|(k, item)| (k.clone(), render(item, et, style)))
                    .collect(),
            )
        }
        Value::Object(..) => {
            let ot = declared.as_object().expect("object type");
            J::Obj(
                v.attributes()
                    .unwrap()
                    .map(|(name, item)| {
                        let at = ot.attr_type(name).expect("declared attribute");
                        (name.to_owned(), render(item, at, style))
                    })
                    .collect(),
            )
        }
    }
}

// ---------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------

#[test]
fn payload_counts() {
    let all = payloads();
    let count = |type_name: Option<&str>, kind: &str| {
        all.iter()
            .filter(|p| p.type_name.as_deref() == type_name && p.kind == kind)
            .count()
    };
    assert_eq!(count(Some("probe_thing"), "DynamicValue"), 171);
    assert_eq!(count(None, "DynamicValue"), 18);
    assert_eq!(count(Some("probe_thing"), "RawState"), 21);
    assert_eq!(all.len(), 171 + 18 + 21);
}

/// Decodes every DynamicValue of `type_name` and checks the exact re-encoding and the
/// decoded value; returns how many lines were checked.
fn check_dynamic_values(type_name: Option<&str>, ty: &Type) -> usize {
    let mut failures = Vec::new();
    let mut checked = 0;
    for p in payloads()
        .iter()
        .filter(|p| p.kind == "DynamicValue" && p.type_name.as_deref() == type_name)
    {
        checked += 1;
        let bytes = hex(p.msgpack_hex.as_deref().expect("msgpack_hex"));
        let value = match Value::from_msgpack(&bytes, ty) {
            Ok(v) => v,
            Err(e) => {
                failures.push(format!("{}: cannot decode: {e:?}", p.label()));
                continue;
            }
        };
        match value.to_msgpack(ty) {
            Ok(out) if out == bytes => {}
            Ok(out) => failures.push(format!(
                "{}: re-encoded\n  {}\nTerraform sent\n  {}",
                p.label(),
                to_hex(&out),
                to_hex(&bytes)
            )),
            Err(e) => failures.push(format!("{}: cannot re-encode: {e:?}", p.label())),
        }
        let ours = render(&value, ty, Style::Wire);
        let expected = parse_j(p.decoded.get());
        if ours != expected {
            failures.push(format!(
                "{}: decoded\n  {ours:?}\ncapture says\n  {expected:?}",
                p.label()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    checked
}

#[test]
fn resource_dynamic_values_round_trip_exactly() {
    assert_eq!(
        check_dynamic_values(Some("probe_thing"), &resource_type()),
        171
    );
}

#[test]
fn provider_config_round_trips_exactly() {
    assert_eq!(check_dynamic_values(None, &provider_type()), 18);
}

/// The capture's values contain what the README says they do (so that the round trip is
/// known to cover them): refined unknowns, typed unknowns at a dynamic position, wholly
/// unknown dynamic values, decimal-string numbers and float64 numbers.
#[test]
fn payloads_cover_the_interesting_cases() {
    let ty = resource_type();
    let mut refined = 0;
    let mut typed_unknown_dyn = 0;
    let mut unknown_dyn = 0;
    let mut dyn_object = 0;
    let mut numbers = Vec::new();
    for p in payloads()
        .iter()
        .filter(|p| p.kind == "DynamicValue" && p.type_name.is_some())
    {
        let v = Value::from_msgpack(&hex(p.msgpack_hex.as_deref().unwrap()), &ty).unwrap();
        for path in v.unknown_paths() {
            if !v.get(&path).unwrap().refinements().unwrap().is_empty() {
                refined += 1;
            }
        }
        match v.attr("dyn") {
            Some(Value::Unknown(Type::Dynamic, r)) => {
                assert!(r.is_empty());
                unknown_dyn += 1;
            }
            Some(Value::Unknown(Type::String, _)) => typed_unknown_dyn += 1,
            Some(Value::Object(..)) => dyn_object += 1,
            _ => {}
        }
        collect_numbers(&render(&v, &ty, Style::Wire), &mut numbers);
    }
    assert!(refined > 0);
    assert!(typed_unknown_dyn > 0);
    assert!(unknown_dyn > 0);
    assert!(dyn_object > 0);
    let big = Number::parse("123456789012345678901234567890").unwrap();
    let tenth = Number::parse("0.1").unwrap();
    let half = Number::parse("0.5").unwrap();
    assert!(numbers.contains(&J::NumStr(big)));
    assert!(numbers.contains(&J::NumStr(tenth)));
    assert!(numbers.contains(&J::NumF64(half)));
    assert!(numbers.contains(&J::Num(Number::from(-7))));
}

fn collect_numbers(j: &J, out: &mut Vec<J>) {
    match j {
        J::Num(_) | J::NumF64(_) | J::NumStr(_) => out.push(j.clone()),
        J::Arr(items) => items.iter().for_each(|i| collect_numbers(i, out)),
        J::Obj(m) => m.values().for_each(|i| collect_numbers(i, out)),
        J::Null | J::Bool(_) | J::Str(_) => {}
    }
}

#[test]
fn raw_states_decode_against_the_schema() {
    let ty = resource_type();
    let mut failures = Vec::new();
    let mut checked = 0;
    for p in payloads().iter().filter(|p| p.kind == "RawState") {
        checked += 1;
        assert_eq!(p.type_name.as_deref(), Some("probe_thing"));
        assert!(p.msgpack_hex.is_none(), "{}", p.label());
        let text = p.json.as_deref().expect("raw state JSON");
        let value = match Value::from_json(text.as_bytes(), &ty) {
            Ok(v) => v,
            Err(e) => {
                failures.push(format!("{}: cannot decode: {e:?}", p.label()));
                continue;
            }
        };
        assert!(value.is_wholly_known(), "{}", p.label());
        // The capture's `decoded` of a raw state is its JSON as parsed: dynamic values
        // appear as `{"value": …, "type": …}`.
        let ours = render(&value, &ty, Style::Json);
        let expected = parse_j(p.decoded.get());
        if ours != expected {
            failures.push(format!(
                "{}: decoded\n  {ours:?}\ncapture says\n  {expected:?}",
                p.label()
            ));
        }
        // The same value goes out as MessagePack and back unchanged.
        match value.to_msgpack(&ty) {
            Ok(bytes) => match Value::from_msgpack(&bytes, &ty) {
                Ok(back) if back == value => {}
                Ok(back) => {
                    failures.push(format!("{}: msgpack round trip gave {back:?}", p.label()))
                }
                Err(e) => failures.push(format!("{}: cannot decode own msgpack: {e:?}", p.label())),
            },
            Err(e) => failures.push(format!("{}: cannot encode as msgpack: {e:?}", p.label())),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(checked, 21);
}

/// Wholly known payloads also survive tfvalue's own JSON: to_json then from_json gives the
/// same value.
#[test]
fn known_payloads_round_trip_through_json() {
    let ty = resource_type();
    let mut checked = 0;
    for p in payloads()
        .iter()
        .filter(|p| p.kind == "DynamicValue" && p.type_name.is_some())
    {
        let v = Value::from_msgpack(&hex(p.msgpack_hex.as_deref().unwrap()), &ty).unwrap();
        if !v.is_wholly_known() {
            continue;
        }
        let text = v
            .to_json(&ty)
            .unwrap_or_else(|e| panic!("{}: {e:?}", p.label()));
        let back = Value::from_json(&text, &ty).unwrap_or_else(|e| panic!("{}: {e:?}", p.label()));
        assert_eq!(back, v, "{}", p.label());
        checked += 1;
    }
    assert!(checked > 0);
}
