//! go-cty 1.16.4, the value library inside Terraform 1.11 to 1.15, is the reference:
//! `tests/data/go-cty-1.16.4/` (copied unchanged from `shared/vectors/go-cty-1.16.4/`) holds
//! values it encoded (`vectors.jsonl`), mutated inputs with its verdict
//! (`decode_vectors.jsonl`), and one minimal case per known disagreement (`cases.jsonl`).
//!
//! - Every generated value decodes and re-encodes to go-cty's bytes and JSON text.
//! - Every input go-cty refuses without panicking is refused.
//! - Every input go-cty accepts gives go-cty's bytes and text, or is refused for a reason
//!   in [`STRICTER`], or differs in a way [`DIFFERENT`] lists; both tables are checked to
//!   be used.
//! - Each case of `cases.jsonl` has a test of its own, named by its class, that says which
//!   side tfvalue follows; so does each case of `cases-2.jsonl` (a later differential run,
//!   module [`cases_2`]).

mod cases_2;

use serde::Deserialize;
use tfvalue::{Type, Value};
use tfvalue_suite::{data_text, hex, to_hex};

/// One line of any of the three files (fields absent from a file are `None`).
#[derive(Deserialize)]
struct Line {
    name: String,
    #[serde(rename = "type")]
    ty: serde_json::Value,
    #[serde(default)]
    format: Option<String>,
    #[serde(default)]
    input_hex: Option<String>,
    #[serde(default)]
    input_json_text: Option<String>,
    #[serde(default)]
    ok: Option<bool>,
    #[serde(default)]
    panic: Option<bool>,
    #[serde(default)]
    error: Option<String>,
    #[serde(default)]
    msgpack_hex: Option<String>,
    #[serde(default)]
    json_text: Option<String>,
}

fn lines(file: &str) -> Vec<Line> {
    data_text(&format!("go-cty-1.16.4/{file}"))
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{file}: {e}: {l}")))
        .collect()
}

fn ty(l: &Line) -> Type {
    Type::from_json_value(&l.ty).unwrap_or_else(|e| panic!("{}: bad type: {e}", l.name))
}

/// Decodes a line's input in its format.
fn decode(l: &Line) -> tfvalue::Result<Value> {
    let t = ty(l);
    match (l.format.as_deref(), &l.input_hex, &l.input_json_text) {
        (Some("json"), _, Some(text)) => Value::from_json(text.as_bytes(), &t),
        (_, Some(h), _) => Value::from_msgpack(&hex(h), &t),
        _ => panic!("{}: no input", l.name),
    }
}

/// What tfvalue gives for a line: its MessagePack (hex) and JSON text, or its error.
struct Outcome {
    msgpack_hex: Result<String, String>,
    json_text: Option<Result<String, String>>,
}

fn outcome(l: &Line, value: &Value) -> Outcome {
    let t = ty(l);
    Outcome {
        msgpack_hex: value
            .to_msgpack(&t)
            .map(|b| to_hex(&b))
            .map_err(|e| e.to_string()),
        json_text: l.json_text.as_ref().map(|_| {
            value
                .to_json(&t)
                .map(|b| String::from_utf8(b).expect("JSON is UTF-8"))
                .map_err(|e| e.to_string())
        }),
    }
}

/// Inputs go-cty 1.16.4 accepts that tfvalue refuses on purpose: (what the error says,
/// why refusing is right). Each class is a substring of the error message.
const STRICTER: &[(&str, &str)] = &[
    (
        "unexpected bytes after the end of the value",
        "go-cty stops reading after the value and ignores what follows; a DynamicValue with \
         trailing bytes is corrupt, and dropping them silently would hide it",
    ),
    ("trailing characters", "as above, for JSON text"),
    (
        "invalid UTF-8",
        "go-cty keeps bytes that are not UTF-8 in a string; Terraform only ever produces UTF-8, \
         and a Rust String cannot hold them without altering the value",
    ),
    (
        "found binary data",
        "go-cty reads MessagePack bin as a string; Terraform writes strings as str, and bin \
         in a value is no Terraform value",
    ),
    (
        "expected string, found",
        "go-cty converts a number or bool to a string when a string is expected; Terraform \
         never sends one in place of the other, and the conversion would hide a wrong type",
    ),
    (
        "expected bool, found",
        "go-cty converts a string to a bool when a bool is expected; same reason",
    ),
    (
        "expected number, found the string",
        "go-cty parses \"inf\", binary exponents (\"1p3\") and JSON strings as numbers; \
         Terraform's numbers are decimal text, and \"inf\" is not one",
    ),
    (
        "twice",
        "go-cty keeps one of two repeated keys; which one Terraform meant is unknowable",
    ),
    (
        "duplicate",
        "as above: repeated map keys or attributes (also two keys equal after NFC, which \
         go-cty makes one key keeping either value)",
    ),
    (
        "appears more than once",
        "a refinement key given twice: go-cty applies both; a payload Terraform never writes",
    ),
    (
        "malformed refinements",
        "go-cty reads nil as false or skips it in refinement payloads, and bin as a prefix; \
         Terraform writes none of these",
    ),
    (
        "missing attribute",
        "go-cty fills attributes missing from an object with nulls; Terraform always writes \
         every attribute, and a missing one is a corrupt value",
    ),
    (
        "expected a map key (string), found",
        "go-cty reads an unknown map key as the empty string",
    ),
    (
        "nested more than",
        "dynamic values nested deeper than tfvalue's limit: a bound on hostile input",
    ),
    (
        "invalid number",
        "go-cty reads JSON \"01\" as 0; it is not JSON",
    ),
    (
        "unpaired UTF-16 surrogate",
        "go-cty replaces an unpaired surrogate escape with U+FFFD; the text is corrupt",
    ),
    (
        "expected a tuple of",
        "go-cty pads or cuts a tuple of the wrong length; its type says how many elements",
    ),
    (
        "no number is",
        "an unknown refined to an empty exclusive range (6 < x < 6): go-cty checks its bounds \
         only when one end is inclusive and the other not; no value can ever meet such a \
         range, and Terraform's own refinements never make one",
    ),
];

/// Inputs go-cty accepts where tfvalue's bytes or text differ on purpose: (name prefix or
/// class, why).
const DIFFERENT: &[(&str, &str)] = &[
    (
        "set-order",
        "the elements of a set of non-primitive type keep their order: go-cty orders them by \
         an internal hash that is not worth copying; the set is the same set",
    ),
    (
        "D",
        "a number with more digits than go-cty's 512-bit mantissa is kept exactly (go-cty \
         rounds it): Terraform itself never sends one, and what a provider sends back, go-cty \
         rounds the same way on both sides of any comparison",
    ),
    (
        "T",
        "a number longer than 4,096 characters is read (Terraform writes a configuration's \
         1e5000 as 5,001 digits) and, as for D, kept with every digit where go-cty rounds it \
         to 512 bits",
    ),
    (
        "U",
        "numerically equal set elements are one element: go-cty hashes a number by its text, \
         so it keeps -0 beside 0 and a float64 beside its exact decimal, yet writes both \
         alike (00 00, the same float64 twice), which it then reads back as one element; \
         Terraform never sends such sets (it writes -0 as 0, and an exact float64 decimal as \
         that float64)",
    ),
];

/// Whether `ty` holds a set whose elements are not primitive.
fn has_complex_set(ty: &Type) -> bool {
    match ty {
        Type::Set(e) => !e.is_primitive() || has_complex_set(e),
        Type::List(e) | Type::Map(e) => has_complex_set(e),
        Type::Tuple(es) => es.iter().any(has_complex_set),
        Type::Object(o) => o.types().iter().any(has_complex_set),
        Type::Dynamic => true,
        _ => false,
    }
}

/// Whether two encodings of the same set type are the same value in another element order.
fn same_value(l: &Line, ours: &str, go: &str) -> bool {
    let t = ty(l);
    ours.len() == go.len()
        && match (
            Value::from_msgpack(&hex(ours), &t),
            Value::from_msgpack(&hex(go), &t),
        ) {
            (Ok(a), Ok(b)) => unordered_eq(&a, &b),
            _ => false,
        }
}

/// Value equality where set elements may come in any order.
fn unordered_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Set(_, xs), Value::Set(_, ys)) => {
            xs.len() == ys.len() && xs.iter().all(|x| ys.iter().any(|y| unordered_eq(x, y)))
        }
        (Value::List(_, xs), Value::List(_, ys)) | (Value::Tuple(xs), Value::Tuple(ys)) => {
            xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| unordered_eq(x, y))
        }
        _ => a == b,
    }
}

/// Checks one accepted line against go-cty's answer; `Err` describes a disagreement that
/// no table explains.
fn check_accepted(l: &Line, value: &Value, used: &mut Vec<&'static str>) -> Result<(), String> {
    let got = outcome(l, value);
    if let Some(go) = &l.msgpack_hex {
        match &got.msgpack_hex {
            Ok(ours) if ours == go => {}
            Ok(ours) if has_complex_set(&ty(l)) && same_value(l, ours, go) => {
                used.push(DIFFERENT[0].0);
            }
            Ok(ours) => return Err(format!("MessagePack {ours}, go-cty {go}")),
            Err(e) => return Err(format!("cannot re-encode: {e}")),
        }
    }
    if let (Some(go), Some(ours)) = (&l.json_text, &got.json_text) {
        match ours {
            Ok(ours) if ours == go => {}
            Ok(ours) if has_complex_set(&ty(l)) && ours.len() == go.len() => {
                used.push("set-order");
            }
            Ok(ours) => return Err(format!("JSON {ours}, go-cty {go}")),
            Err(e) => return Err(format!("cannot write JSON: {e}")),
        }
    }
    Ok(())
}

#[test]
fn every_value_go_cty_encoded_round_trips_to_its_bytes_and_json() {
    let all = lines("vectors.jsonl");
    assert_eq!(all.len(), 3825, "vectors.jsonl changed");
    let mut failures = Vec::new();
    let mut used = Vec::new();
    for l in &all {
        match decode(l) {
            Ok(v) => {
                if let Err(e) = check_accepted(l, &v, &mut used) {
                    failures.push(format!("{}: {e}", l.name));
                }
            }
            Err(e) => failures.push(format!("{}: cannot decode: {e}", l.name)),
        }
    }
    let rest: Vec<&String> = failures.iter().collect();
    assert!(
        rest.is_empty(),
        "{} disagreements:\n{}",
        rest.len(),
        join(&rest)
    );
}

fn join(lines: &[&String]) -> String {
    lines
        .iter()
        .map(|l| l.chars().take(400).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_input_go_cty_refuses_is_refused_and_what_it_accepts_agrees() {
    let all = lines("decode_vectors.jsonl");
    assert_eq!(all.len(), 4500, "decode_vectors.jsonl changed");
    let mut failures = Vec::new();
    let mut used: Vec<&'static str> = Vec::new();
    for l in &all {
        let ok = l.ok.expect("ok");
        let panicked = l.panic.expect("panic");
        match (decode(l), ok) {
            (Err(_), false) => {}
            (Ok(v), false) if panicked => {
                // go-cty 1.16 panics on a null element next to a known one in a collection
                // whose element type has optional attributes (its element types then
                // differ). Such types are type constraints, never a value's type from
                // Terraform; the value itself is well formed, so tfvalue reads it.
                let error = l.error.as_deref().unwrap_or_default();
                if !error.contains("inconsistent") {
                    failures.push(format!(
                        "{}: go-cty panics ({error}), tfvalue accepts {v:?}",
                        l.name
                    ));
                }
            }
            (Ok(v), false) => failures.push(format!(
                "{}: go-cty refuses ({}), tfvalue accepts {v:?}",
                l.name,
                l.error.as_deref().unwrap_or_default()
            )),
            (Err(e), true) => {
                let message = e.to_string();
                match STRICTER.iter().find(|(class, _)| message.contains(class)) {
                    Some((class, _)) => used.push(class),
                    None => failures.push(format!(
                        "{}: go-cty accepts, tfvalue refuses for no listed reason: {message}",
                        l.name
                    )),
                }
            }
            (Ok(v), true) => {
                if let Err(e) = check_accepted(l, &v, &mut used) {
                    failures.push(format!("{}: {e}", l.name));
                }
            }
        }
    }
    let failures: Vec<&String> = failures.iter().collect();
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        join(&failures)
    );
    // The cases' refusals count too: some classes occur only there.
    for l in lines("cases.jsonl")
        .into_iter()
        .chain(lines("cases-2.jsonl"))
    {
        if let (Some(true), Err(e)) = (l.ok, decode(&l)) {
            let message = e.to_string();
            used.extend(
                STRICTER
                    .iter()
                    .filter(|(c, _)| message.contains(c))
                    .map(|(c, _)| *c),
            );
        }
    }
    let unused: Vec<&str> = STRICTER
        .iter()
        .map(|(class, _)| *class)
        .filter(|class| !used.contains(class))
        .collect();
    assert!(
        unused.is_empty(),
        "STRICTER lists classes no input needs: {unused:?}"
    );
}

// ---------------------------------------------------------------------------------------
// cases.jsonl: one test per case, named by its class.
// ---------------------------------------------------------------------------------------

/// Which side a case follows.
enum Follows {
    /// tfvalue gives go-cty's answer: its bytes and text, or a refusal where it refuses
    /// (a panic of go-cty's included: refused with a clear error).
    GoCty,
    /// tfvalue refuses what go-cty accepts; the reason is in [`STRICTER`].
    Stricter,
    /// tfvalue accepts with other bytes or text; the reason is in [`DIFFERENT`].
    Different,
    /// go-cty panics; tfvalue reads the value (see the panic note in the decode test).
    AcceptsWhatGoCtyPanicsOn,
}

fn case(name_prefix: &str, follows: Follows) {
    let all = lines("cases.jsonl");
    let l = all
        .iter()
        .find(|l| l.name.starts_with(&format!("{name_prefix} ")))
        .unwrap_or_else(|| panic!("no case {name_prefix}"));
    check_case(l, follows);
}

/// Checks that tfvalue answers the case `l` (of either cases file) as `follows` says.
fn check_case(l: &Line, follows: Follows) {
    let result = decode(l);
    match follows {
        Follows::GoCty if l.ok == Some(true) => {
            let v = result.unwrap_or_else(|e| panic!("{}: refused: {e}", l.name));
            check_accepted(l, &v, &mut Vec::new()).unwrap_or_else(|e| panic!("{}: {e}", l.name));
        }
        Follows::GoCty => {
            let e = result.expect_err(&l.name);
            assert!(!e.to_string().is_empty());
        }
        Follows::Stricter => {
            assert_eq!(l.ok, Some(true), "{}", l.name);
            let message = result.expect_err(&l.name).to_string();
            assert!(
                STRICTER.iter().any(|(class, _)| message.contains(class)),
                "{}: {message}",
                l.name
            );
        }
        Follows::Different => {
            assert_eq!(l.ok, Some(true), "{}", l.name);
            let class = &l.name[..1];
            assert!(
                DIFFERENT.iter().any(|(c, _)| *c == class),
                "{}: DIFFERENT does not say why",
                l.name
            );
            let v = result.unwrap_or_else(|e| panic!("{}: refused: {e}", l.name));
            assert!(
                check_accepted(l, &v, &mut Vec::new()).is_err(),
                "{}: now agrees with go-cty: move it to Follows::GoCty",
                l.name
            );
        }
        Follows::AcceptsWhatGoCtyPanicsOn => {
            assert_eq!(l.panic, Some(true), "{}", l.name);
            result.unwrap_or_else(|e| panic!("{}: {e}", l.name));
        }
    }
}

macro_rules! cases {
    ($($test:ident: $name:literal => $follows:ident;)*) => {$(
        #[test]
        fn $test() {
            case($name, Follows::$follows);
        }
    )*};
}

cases! {
    class_a1_int_2_63_from_uint64_follows_go_cty: "A1" => GoCty;
    class_a2_int_2_64_from_decimal_text_follows_go_cty: "A2" => GoCty;
    class_a3_float64_1e300_follows_go_cty: "A3" => GoCty;
    class_a4_json_2_63_follows_go_cty: "A4" => GoCty;
    class_a5_refinement_bound_2_63_follows_go_cty: "A5" => GoCty;
    class_b1_set_unknown_then_null_follows_go_cty: "B1" => GoCty;
    class_b2_set_known_unknown_null_follows_go_cty: "B2" => GoCty;
    class_c1_list_dynamic_unknown_takes_the_element_type_as_go_cty: "C1" => GoCty;
    class_c2_list_dynamic_null_takes_the_element_type_as_go_cty: "C2" => GoCty;
    class_d1_number_past_512_bits_kept_exactly: "D1" => Different;
    class_d2_number_past_512_bits_kept_exactly: "D2" => Different;
    class_e1_float64_2_63_text_follows_go_cty: "E1" => GoCty;
    class_e2_float32_text_follows_go_cty: "E2" => GoCty;
    class_f1_float_tie_to_even_follows_go_cty: "F1" => GoCty;
    class_f2_json_negative_zero_follows_go_cty: "F2" => GoCty;
    class_f3_float64_negative_zero_follows_go_cty: "F3" => GoCty;
    class_g1_nullness_true_is_null_follows_go_cty: "G1" => GoCty;
    class_h1_optional_markers_of_a_null_follow_go_cty: "H1" => GoCty;
    class_h2_optional_markers_of_an_empty_list_follow_go_cty: "H2" => GoCty;
    class_i1_prefix_300_bytes_follows_go_cty: "I1" => GoCty;
    class_i2_prefix_257_bytes_follows_go_cty: "I2" => GoCty;
    class_j1_json_escapes_follow_go_cty: "J1" => GoCty;
    class_l1_ext_type_5_refused_as_go_cty: "L1" => GoCty;
    class_l2_ext_type_0_long_refused_as_go_cty: "L2" => GoCty;
    class_l3_lower_above_upper_refused_where_go_cty_panics: "L3" => GoCty;
    class_l4_empty_exclusive_range_refused_where_go_cty_panics: "L4" => GoCty;
    class_l5_length_range_upside_down_refused_where_go_cty_panics: "L5" => GoCty;
    class_l6_unknown_refinement_key_refused_as_go_cty: "L6" => GoCty;
    class_l7_prefix_on_number_refused_as_go_cty: "L7" => GoCty;
    class_l8_optional_object_set_with_null_read_where_go_cty_panics: "L8" => AcceptsWhatGoCtyPanicsOn;
    class_l9_optional_object_list_with_null_read_where_go_cty_panics: "L9" => AcceptsWhatGoCtyPanicsOn;
    class_l10_length_bound_on_string_refused_as_go_cty: "L10" => GoCty;
    class_n1_non_nfc_string_follows_go_cty: "N1" => GoCty;
    class_n2_keys_equal_after_nfc_are_one_key_refused_as_duplicate: "N2" => Stricter;
    class_n3_non_nfc_attribute_name_refused_as_go_cty: "N3" => GoCty;
    class_s1_inf_text_stricter: "S1" => Stricter;
    class_s2_binary_exponent_stricter: "S2" => Stricter;
    class_s3_prefix_as_bin_stricter: "S3" => Stricter;
    class_s4_nullness_twice_stricter: "S4" => Stricter;
    class_s5_refinement_key_nil_stricter: "S5" => Stricter;
    class_s6_nullness_nil_stricter: "S6" => Stricter;
    class_s7_refinement_body_nil_stricter: "S7" => Stricter;
    class_s8_type_with_duplicate_attribute_stricter: "S8" => Stricter;
    class_s9_dynamic_nested_32_deep_stricter: "S9" => Stricter;
    class_s10_json_dynamic_value_twice_stricter: "S10" => Stricter;
    class_s11_json_string_for_number_stricter: "S11" => Stricter;
    class_s12_json_number_for_string_stricter: "S12" => Stricter;
    class_s13_json_leading_zero_stricter: "S13" => Stricter;
    class_s14_empty_map_for_object_stricter: "S14" => Stricter;
    class_s15_unknown_map_key_stricter: "S15" => Stricter;
}

#[test]
fn every_case_has_a_test() {
    let source = include_str!("go_cty_1_16_vectors.rs");
    for l in lines("cases.jsonl") {
        let id = l.name.split(' ').next().unwrap_or_default();
        assert!(
            source.contains(&format!("\"{id}\" =>")),
            "cases.jsonl's {} has no test",
            l.name
        );
    }
}
