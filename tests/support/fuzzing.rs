//! The bodies of the fuzz targets (`fuzz/fuzz_targets/*.rs`), shared with the replay test
//! (`tests/codec/fuzz_corpus.rs`), which runs every corpus and regression input through them as
//! an ordinary test, with no fuzzer.
//!
//! Each function takes arbitrary bytes. Bad input must give an `Err`, never a panic, a
//! hang or an allocation out of proportion to the input; a panic raised *here* is a broken
//! invariant (something decoded but did not re-encode, or came back different).
//!
//! Inputs that carry a type start with it: two bytes (big-endian) giving the length of the
//! type's JSON text, the text, then the payload. When the text is not a valid type, the
//! first byte picks one of [`TYPES`] instead and the payload follows it, so the fuzzer
//! explores payloads for interesting types without having to invent them.

use tfvalue::limits::{MAX_REFINEMENT_PREFIX, MAX_WRITTEN_PINNED_LENGTH};
use tfvalue::refinements::Refinements;
use tfvalue::{Number, Type, Value};

#[path = "../../examples/models/vm.rs"]
#[allow(dead_code)]
mod vm;

mod flat;

/// Types the payload-only path draws from: primitives, every collection kind, dynamic,
/// nested objects with optional attributes, and the benchmark's resource.
pub const TYPES: &[&str] = &[
    r#""string""#,
    r#""number""#,
    r#""bool""#,
    r#""dynamic""#,
    r#"["list","string"]"#,
    r#"["set","number"]"#,
    r#"["map","bool"]"#,
    r#"["list","dynamic"]"#,
    r#"["tuple",["string","number",["list","bool"]]]"#,
    r#"["object",{"a":"string","b":["set",["object",{"c":"number"}]],"d":"dynamic"}]"#,
    r#"["map",["list",["set","string"]]]"#,
    r#"["object",{"x":["map","dynamic"],"y":["tuple",[]]}]"#,
    include_str!("../data/bench/type.json"),
];

/// Splits an input into a type and its payload (see the module documentation).
pub fn split_typed(data: &[u8]) -> Option<(Type, &[u8])> {
    if let [hi, lo, rest @ ..] = data {
        let n = usize::from(u16::from_be_bytes([*hi, *lo]));
        if let (Some(text), Some(payload)) = (rest.get(..n), rest.get(n..)) {
            if let Ok(ty) = Type::from_json(text) {
                return Some((ty, payload));
            }
        }
    }
    let (first, payload) = data.split_first()?;
    let text = TYPES[usize::from(*first) % TYPES.len()];
    let ty = Type::from_json(text.trim().as_bytes()).expect("the table's types parse");
    Some((ty, payload))
}

/// Builds an input for the typed targets: the type's JSON text, then the payload.
pub fn join_typed(ty_json: &[u8], payload: &[u8]) -> Vec<u8> {
    let n = u16::try_from(ty_json.len()).expect("type text under 64 KiB");
    let mut out = n.to_be_bytes().to_vec();
    out.extend_from_slice(ty_json);
    out.extend_from_slice(payload);
    out
}

/// The number a MessagePack round trip gives back for `n`, by go-cty 1.16's rule: a whole
/// number outside the `i64` range is written as a string of its decimal text, and a string
/// reads back as that decimal. That is `n` itself, except for a whole float64 from the wire
/// (`Number::from_f64_exact`) past `i64`, whose text is its shortest digits: 2^63 comes back
/// as the decimal 9223372036854776000, as in go-cty 1.16.
pub fn number_after_msgpack(n: &Number) -> Number {
    if n.is_integer() && n.as_i64().is_none() {
        Number::parse(&n.to_string()).expect("a number's text parses")
    } else {
        n.clone()
    }
}

/// The number of significant digits in `n`'s text (no sign, point, leading or trailing
/// zeros).
fn significant_digits(n: &Number) -> usize {
    let text = n.to_string();
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    digits.trim_start_matches('0').trim_end_matches('0').len()
}

/// The most significant digits a number bound is written with; a longer bound is rounded
/// outward to this many (go-cty reads numbers at 512 bits, about 154 digits).
const BOUND_DIGITS: usize = 150;

/// Whether a MessagePack round trip gives `r` back unchanged: its number bounds are not
/// changed by [`number_after_msgpack`] nor longer than `BOUND_DIGITS` (150) significant digits,
/// its string prefix is not cut (at most [`MAX_REFINEMENT_PREFIX`] bytes), and its length
/// bounds do not pin a not-null collection to more than [`MAX_WRITTEN_PINNED_LENGTH`]
/// elements (those are left out).
pub fn refinements_survive_msgpack(r: &Refinements) -> bool {
    let bound_kept = |b: Option<(&Number, bool)>| {
        b.is_none_or(|(n, _)| {
            number_after_msgpack(n) == *n && significant_digits(n) <= BOUND_DIGITS
        })
    };
    r.string_prefix()
        .is_none_or(|p| p.len() <= MAX_REFINEMENT_PREFIX)
        && bound_kept(r.number_lower_bound())
        && bound_kept(r.number_upper_bound())
        && !lengths_left_out(r)
}

/// Whether writing `r` leaves its length bounds out: they pin a not-null collection to more
/// than [`MAX_WRITTEN_PINNED_LENGTH`] elements.
fn lengths_left_out(r: &Refinements) -> bool {
    r.pinned_length()
        .is_some_and(|n| n > MAX_WRITTEN_PINNED_LENGTH)
}

/// Whether a MessagePack round trip gives `v` back as an equal value: false when it holds
/// a number or refinements that go-cty 1.16's writing changes (see
/// [`number_after_msgpack`], [`refinements_survive_msgpack`]).
pub fn survives_msgpack(v: &Value) -> bool {
    match v {
        Value::Number(n) => number_after_msgpack(n) == *n,
        Value::Unknown(_, r) => refinements_survive_msgpack(r),
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
            items.iter().all(survives_msgpack)
        }
        Value::Map(_, items) => items.values().all(survives_msgpack),
        Value::Object(_, items) => items.iter().all(survives_msgpack),
        _ => true,
    }
}

/// MessagePack into a `Value` of the given type. Whatever decodes must re-encode, and
/// decode again to an equal value (unless go-cty 1.16's writing changes it) with the same
/// bytes.
pub fn msgpack_value(data: &[u8]) {
    let Some((ty, payload)) = split_typed(data) else {
        return;
    };
    if let Ok(value) = Value::from_msgpack(payload, &ty) {
        let bytes = value.to_msgpack(&ty).expect("a decoded value re-encodes");
        let again = Value::from_msgpack(&bytes, &ty).expect("re-encoded bytes decode");
        // A whole float64 beyond the int64 range is written as its shortest digits (2^63 as
        // "9223372036854776000"), which read back as that decimal, and a refined unknown's
        // long prefix is cut, exactly as go-cty 1.16 changes such a value; every other
        // value comes back equal. After one round the bytes are fixed.
        if survives_msgpack(&value) {
            assert!(again == value, "msgpack round trip changed the value");
        }
        assert_eq!(
            again.to_msgpack(&ty).expect("encodes"),
            bytes,
            "msgpack encoding is not stable"
        );
    }
}

/// JSON into a `Value` of the given type; what decodes re-encodes and decodes to an equal
/// value. The payload is also read as serde_json reads it, which must agree.
pub fn json_value(data: &[u8]) {
    let Some((ty, payload)) = split_typed(data) else {
        return;
    };
    // The reader against serde_json (`crate::json_reference`).
    if let Some(why) = crate::json_reference::disagreement(payload) {
        panic!("tfvalue and serde_json read this JSON differently: {why}");
    }
    if let Ok(value) = Value::from_json(payload, &ty) {
        let text = value
            .to_json(&ty)
            .expect("a decoded value re-encodes as JSON");
        let again = Value::from_json(&text, &ty).expect("re-encoded JSON decodes");
        assert!(again == value, "JSON round trip changed the value");
    }
}

/// Both formats against each other: a value decoded from MessagePack that JSON can hold
/// (JSON has no unknowns) goes through JSON and back, and writes the same JSON again. (Not
/// an equal value: a float64 from MessagePack is written as its shortest decimal text, as
/// go-cty writes it, which reads back as that exact decimal.)
pub fn roundtrip(data: &[u8]) {
    let Some((ty, payload)) = split_typed(data) else {
        return;
    };
    let Ok(value) = Value::from_msgpack(payload, &ty) else {
        return;
    };
    value.to_msgpack(&ty).expect("a decoded value re-encodes");
    if let Ok(text) = value.to_json(&ty) {
        let from_json = Value::from_json(&text, &ty).expect("JSON tfvalue wrote decodes");
        from_json.to_msgpack(&ty).expect("encodes");
        let text2 = from_json
            .to_json(&ty)
            .expect("a value read from JSON writes JSON");
        assert_eq!(text2, text, "msgpack → JSON → JSON differs");
    }
}

/// MessagePack into the derived `Vm` model (blocks of several nestings, a set, a map, a
/// nested attribute, a dynamic attribute, unknowns and nulls). What decodes re-encodes,
/// and its encoding decodes again to the same encoding.
pub fn typed_msgpack(data: &[u8]) {
    typed_msgpack_as::<vm::Vm>(data);
    typed_msgpack_as::<flat::Flat>(data);
}

/// The body of [`typed_msgpack`] for one model.
fn typed_msgpack_as<M>(data: &[u8])
where
    M: tfvalue::TfSchema + serde::Serialize + serde::de::DeserializeOwned,
{
    if let Ok(model) = tfvalue::msgpack::from_slice::<M>(data) {
        let bytes = tfvalue::msgpack::to_vec(&model).expect("a decoded model re-encodes");
        let again: M = tfvalue::msgpack::from_slice(&bytes).expect("re-encoded model decodes");
        let bytes2 = tfvalue::msgpack::to_vec(&again).expect("encodes");
        assert_eq!(bytes, bytes2, "typed encoding is not stable");
        let ty = M::schema().object_type();
        Value::from_msgpack(&bytes, ty)
            .expect("a model's encoding is a value of its schema's type");
    }
}

/// JSON into the derived `Vm` model; what decodes re-encodes and decodes again. The input
/// is also read as serde_json reads it, which must agree.
pub fn typed_json(data: &[u8]) {
    // The reader against serde_json (`crate::json_reference`), on the whole input.
    if let Some(why) = crate::json_reference::disagreement(data) {
        panic!("tfvalue and serde_json read this JSON differently: {why}");
    }
    typed_json_as::<vm::Vm>(data);
    typed_json_as::<flat::Flat>(data);
}

/// The model half of [`typed_json`] for one model.
fn typed_json_as<M: serde::Serialize + serde::de::DeserializeOwned>(data: &[u8]) {
    if let Ok(model) = tfvalue::json::from_slice::<M>(data) {
        let text = tfvalue::json::to_vec(&model).expect("a decoded model re-encodes");
        let _: M = tfvalue::json::from_slice(&text).expect("re-encoded model decodes");
    }
}

/// Stored state (RawState JSON) read leniently, as `UpgradeResourceState` reads it; what
/// decodes is a valid value of the type (it encodes).
pub fn raw_state(data: &[u8]) {
    let Some((ty, payload)) = split_typed(data) else {
        return;
    };
    if let Ok(value) = Value::from_json_lenient(payload, &ty) {
        value
            .to_msgpack(&ty)
            .expect("a leniently decoded state encodes");
    }
}

/// Type constraints: what parses prints, and the printed text parses to the same type.
pub fn type_constraint(data: &[u8]) {
    if let Ok(ty) = Type::from_json(data) {
        let text = ty.to_json();
        let again = Type::from_json(text.as_bytes()).expect("a printed type parses");
        assert_eq!(again, ty, "type round trip changed the type");
        assert_eq!(again.to_json(), text, "type printing is not stable");
    }
}

/// Refinement payloads (the body of msgpack extension 12): what decodes re-encodes to a
/// payload that decodes to the same refinements, except where go-cty 1.16's writing
/// changes them (a prefix over 256 bytes is cut, a whole float64 bound past int64 becomes
/// its shortest digits) or tfvalue keeps go-cty from panicking (a bound of more than 150
/// significant digits is rounded outward to 150), and that payload is written again byte
/// for byte.
pub fn refinements(data: &[u8]) {
    if let Ok(r) = Refinements::decode_payload(data) {
        let mut out = Vec::new();
        r.encode_payload(&mut out);
        let again = Refinements::decode_payload(&out).expect("an encoded payload decodes");
        if refinements_survive_msgpack(&r) {
            assert_eq!(again, r, "refinement round trip changed them");
        } else {
            assert_eq!(again.nullness(), r.nullness(), "nullness changed");
            if lengths_left_out(&r) {
                assert_eq!(again.length_lower_bound(), None);
                assert_eq!(again.length_upper_bound(), None);
            } else {
                assert_eq!(again.length_lower_bound(), r.length_lower_bound());
                assert_eq!(again.length_upper_bound(), r.length_upper_bound());
            }
            for (back, bound, lower) in [
                (again.number_lower_bound(), r.number_lower_bound(), true),
                (again.number_upper_bound(), r.number_upper_bound(), false),
            ] {
                match (back, bound) {
                    // A bound past BOUND_DIGITS is rounded outward to that many digits.
                    (Some((b, bi)), Some((n, ni))) if significant_digits(n) > BOUND_DIGITS => {
                        assert_eq!(bi, ni, "a bound changed its inclusiveness");
                        assert!(
                            significant_digits(b) <= BOUND_DIGITS,
                            "a long bound is kept"
                        );
                        let outward = if lower { b <= n } else { b >= n };
                        assert!(outward, "a long bound is not rounded outward");
                    }
                    _ => {
                        let expected =
                            bound.map(|(n, inclusive)| (number_after_msgpack(n), inclusive));
                        assert_eq!(
                            back.map(|(n, i)| (n.clone(), i)),
                            expected,
                            "a bound changed"
                        );
                    }
                }
            }
            match r.string_prefix() {
                Some(long) if long.len() > MAX_REFINEMENT_PREFIX => {
                    let cut = again.string_prefix().unwrap_or("");
                    assert!(
                        cut.len() < MAX_REFINEMENT_PREFIX && long.starts_with(cut),
                        "a long prefix is cut to a shorter prefix of itself"
                    );
                }
                prefix => assert_eq!(again.string_prefix(), prefix, "the prefix changed"),
            }
        }
        let mut out2 = Vec::new();
        again.encode_payload(&mut out2);
        let cut_to_nothing = again.string_prefix().is_none()
            && r.string_prefix()
                .is_some_and(|p| p.len() > MAX_REFINEMENT_PREFIX);
        if cut_to_nothing {
            // A prefix that is one grapheme cluster past 255 bytes is cut to "", which is
            // written as the entry `02 a0` (as go-cty writes it) and says nothing: the next
            // round leaves it out, and is then fixed.
            let again2 = Refinements::decode_payload(&out2).expect("an encoded payload decodes");
            let mut out3 = Vec::new();
            again2.encode_payload(&mut out3);
            assert_eq!(out3, out2, "refinement encoding is not stable");
        } else {
            assert_eq!(out2, out, "refinement encoding is not stable");
        }
    }
}

/// A fuzz target's body.
pub type Target = fn(&[u8]);

/// Every target by name, for the replay test and the fuzz crate. `rpc` and `cassette`, which
/// drive the plugin service (`crate::rpc_fuzzing`), need the `provider` feature.
pub const TARGETS: &[(&str, Target)] = &[
    ("msgpack_value", msgpack_value),
    ("json_value", json_value),
    ("roundtrip", roundtrip),
    ("typed_msgpack", typed_msgpack),
    ("typed_json", typed_json),
    ("raw_state", raw_state),
    ("type_constraint", type_constraint),
    ("refinements", refinements),
    #[cfg(feature = "provider")]
    ("rpc", crate::rpc_fuzzing::rpc),
    #[cfg(feature = "provider")]
    ("cassette", crate::rpc_fuzzing::cassette::cassette),
];

/// Seed inputs for each target, built from the project's test vectors (`tests/data`):
/// go-cty's vectors, every DynamicValue and RawState Terraform 1.11.4 sent, the benchmark
/// payloads, and a `Vm` model value; with the `provider` feature, a request for every RPC
/// (`crate::rpc_fuzzing::seeds`). `(target name, input)`.
pub fn seeds() -> Vec<(&'static str, Vec<u8>)> {
    let mut out: Vec<(&'static str, Vec<u8>)> = Vec::new();
    // go-cty's vectors: the type as JSON text, then msgpack or JSON bytes.
    for file in ["go-cty/vectors.jsonl", "go-cty/decode_vectors.jsonl"] {
        for line in crate::data_text(file).lines() {
            let v: Vector = serde_json::from_str(line).expect("vector lines are JSON");
            let ty = v.ty.get().as_bytes().to_vec();
            out.push(("type_constraint", ty.clone()));
            for bytes in [&v.msgpack_hex, &v.input_hex]
                .into_iter()
                .flatten()
                .map(|h| crate::hex(h))
            {
                out.push(("msgpack_value", join_typed(&ty, &bytes)));
                out.push(("roundtrip", join_typed(&ty, &bytes)));
            }
            for text in [&v.json_text, &v.input_json_text].into_iter().flatten() {
                out.push(("json_value", join_typed(&ty, text.as_bytes())));
                out.push(("raw_state", join_typed(&ty, text.as_bytes())));
            }
        }
    }
    // Terraform's own payloads for the probe resource.
    let probe = crate::data("terraform/schema.json");
    out.push(("type_constraint", probe.clone()));
    for line in crate::data_text("terraform/payloads.jsonl").lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("payload lines are JSON");
        if v["type_name"].as_str() != Some("probe_thing") {
            continue;
        }
        if let Some(bytes) = v["msgpack_hex"].as_str().map(crate::hex) {
            out.push(("msgpack_value", join_typed(&probe, &bytes)));
            out.push(("roundtrip", join_typed(&probe, &bytes)));
        }
        if let Some(text) = v["json"].as_str() {
            out.push(("raw_state", join_typed(&probe, text.as_bytes())));
            out.push(("json_value", join_typed(&probe, text.as_bytes())));
        }
    }
    // The benchmark payload with one disk.
    let bench = crate::data("bench/type.json");
    let bench = bench.trim_ascii();
    out.push((
        "msgpack_value",
        join_typed(bench, &crate::data("bench/payload-1.msgpack")),
    ));
    out.push((
        "json_value",
        join_typed(bench, &crate::data("bench/payload-1.json")),
    ));
    // The typed model: a plan-time value and an apply-time one.
    let vm_ty = <vm::Vm as tfvalue::TfSchema>::schema().object_type();
    for json in VM_SAMPLES {
        let value = Value::from_json(json.as_bytes(), vm_ty).expect("the Vm samples fit its type");
        out.push(("typed_msgpack", value.to_msgpack(vm_ty).expect("encodes")));
        out.push(("typed_json", json.as_bytes().to_vec()));
    }
    let mut unknown = Value::from_json(VM_SAMPLES[0].as_bytes(), vm_ty).expect("fits");
    if let Some(id) = unknown.attr_mut("id") {
        *id = Value::unknown_refined(
            Type::String,
            Refinements::default().not_null().with_string_prefix("i-"),
        )
        .expect("a string may have a prefix");
    }
    out.push(("typed_msgpack", unknown.to_msgpack(vm_ty).expect("encodes")));
    // Refinement payloads: each kind of refinement, alone and together.
    let n = |text: &str| text.parse::<tfvalue::Number>().expect("a number");
    for r in [
        Refinements::default().not_null(),
        Refinements::decode_payload(&[0x81, 0x01, 0xc3]).expect("definitely null"),
        Refinements::default()
            .not_null()
            .with_string_prefix("prefix-"),
        Refinements::default()
            .with_number_lower_bound(n("0"), true)
            .unwrap()
            .with_number_upper_bound(n("1e3"), false)
            .unwrap(),
        Refinements::default()
            .with_length_lower_bound(1)
            .unwrap()
            .with_length_upper_bound(10)
            .unwrap(),
    ] {
        let mut payload = Vec::new();
        r.encode_payload(&mut payload);
        out.push(("refinements", payload));
    }
    // Bounds of 157 significant digits, which go-cty's 512 bits would make meet
    // (go-cty-1.16.4/cases-2.jsonl, D): written rounded outward.
    let long = |last: u8| {
        let mut text = b"1.".to_vec();
        text.resize(2 + 155, b'0');
        text.push(last);
        text
    };
    let (lower, upper) = (long(b'1'), long(b'2'));
    let mut payload = vec![0x82, 0x03, 0x92, 0xd9, lower.len() as u8];
    payload.extend_from_slice(&lower);
    payload.extend_from_slice(&[0xc3, 0x04, 0x92, 0xd9, upper.len() as u8]);
    payload.extend_from_slice(&upper);
    payload.push(0xc2);
    assert!(
        Refinements::decode_payload(&payload).is_ok(),
        "the long bounds decode"
    );
    out.push(("refinements", payload));
    #[cfg(feature = "provider")]
    out.extend(
        crate::rpc_fuzzing::seeds::seeds()
            .into_iter()
            .flat_map(|input| [("rpc", input.clone()), ("cassette", input)]),
    );
    out
}

/// The fields of a go-cty vector line the seeds use (the others, some with numbers
/// beyond float64, are skipped unread).
#[derive(serde::Deserialize)]
struct Vector {
    #[serde(rename = "type")]
    ty: Box<serde_json::value::RawValue>,
    msgpack_hex: Option<String>,
    input_hex: Option<String>,
    json_text: Option<String>,
    input_json_text: Option<String>,
}

/// Values of the `Vm` model (examples/models/vm.rs) as JSON.
const VM_SAMPLES: &[&str] = &[
    r#"{"id":"i-1","name":"web","machine_type":"m5.large","admin_password":"s3cret",
        "tags":{"env":"prod"},"security_groups":["sg-1","sg-2"],"cloud_init":{"value":{"a":[1,2]},"type":["object",{"a":["tuple",["number","number"]]}]},
        "network":{"subnet_id":"sn-1","private_ip":null,"public":true},
        "disk":[{"size_gb":20,"type":"ssd"},{"size_gb":100,"type":null}],
        "timeouts":{"create":"10m","delete":null}}"#,
    r#"{"id":null,"name":"db","machine_type":"m5.xlarge","admin_password":null,"tags":null,
        "security_groups":null,"cloud_init":{"value":null,"type":"dynamic"},"network":null,
        "disk":[{"size_gb":1,"type":null}],"timeouts":{"create":null,"delete":null}}"#,
];
