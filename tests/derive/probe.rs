//! The Terraform capture as a typed model: `probe_thing` (tests/data/terraform) declared once
//! with `#[derive(TfSchema)]`. Its schema must equal the one the capture's provider served,
//! its rendering what `terraform providers schema -json` printed, and every DynamicValue
//! Terraform sent must decode into it and re-encode to Terraform's exact bytes.

use std::collections::BTreeMap;

use tfvalue::set::Set;
use tfvalue::{Nullable, Number, TfSchema, Type, Unknown, Value};
use tfvalue_suite::{data_text, hex, schema_from_served_json, to_hex};

/// probe resource
#[derive(TfSchema, Debug, PartialEq)]
struct ProbeThing {
    /// probe attr id
    #[tf(computed)]
    id: Unknown<Nullable<String>>,
    /// probe attr s
    s: Unknown<Nullable<String>>,
    /// probe attr n
    n: Unknown<Nullable<Number>>,
    /// probe attr n_big
    n_big: Unknown<Nullable<Number>>,
    /// probe attr n_frac
    n_frac: Unknown<Nullable<f64>>,
    /// probe attr b
    b: Unknown<Nullable<bool>>,
    /// probe attr ls
    ls: Unknown<Nullable<Vec<Unknown<Nullable<String>>>>>,
    /// probe attr ss
    ss: Unknown<Nullable<Set<Unknown<Nullable<String>>>>>,
    /// probe attr mn
    mn: Unknown<Nullable<BTreeMap<String, Unknown<Nullable<Number>>>>>,
    /// probe attr obj
    obj: Unknown<Nullable<Obj>>,
    /// probe attr dyn
    #[tf(optional)]
    r#dyn: Value,
    /// probe attr computed_num
    #[tf(computed)]
    computed_num: Unknown<Nullable<Number>>,
    /// probe attr secret
    #[tf(sensitive)]
    secret: Unknown<Nullable<String>>,
    /// probe attr ref
    r#ref: Unknown<Nullable<String>>,
    /// probe attr ref_tpl
    ref_tpl: Unknown<Nullable<String>>,
    #[tf(nested)]
    nattr: Unknown<Nullable<Vec<NAttr>>>,
    #[tf(block)]
    blk_list: Unknown<Vec<Blk>>,
    #[tf(block)]
    blk_set: Unknown<Set<Blk>>,
    #[tf(block)]
    blk_single: Unknown<Option<Blk>>,
    #[tf(block)]
    blk_map: Unknown<BTreeMap<String, Blk>>,
    #[tf(block(group))]
    blk_group: Blk,
}

/// The object type of `obj`: `a` is required in the object type, `opt` optional.
#[derive(TfSchema, Debug, PartialEq)]
struct Obj {
    a: Unknown<String>,
    opt: Unknown<Nullable<Number>>,
}

/// One element of the nested attribute `nattr`.
#[derive(TfSchema, Debug, PartialEq)]
struct NAttr {
    /// probe attr x
    x: Unknown<String>,
    /// probe attr y
    y: Unknown<Nullable<Number>>,
}

// The block of every `blk_*` block type (no doc comment: it would become the description).
#[derive(TfSchema, Debug, PartialEq)]
struct Blk {
    /// probe attr v
    v: Unknown<Nullable<String>>,
}

// The capture's provider configuration: an empty block (no doc comment: it would become
// the description).
#[derive(TfSchema, Debug, PartialEq)]
struct ProbeProvider {}

fn served() -> serde_json::Value {
    serde_json::from_str(&data_text("terraform/schema-served.json")).expect("served schema")
}

#[test]
fn schema_equals_the_served_one() {
    let served = served();
    let expected = schema_from_served_json(&served["resource_schemas"]["probe_thing"]);
    let derived = ProbeThing::schema();
    // Attribute by attribute first, for a readable failure.
    for (d, e) in derived
        .block
        .attributes
        .iter()
        .zip(&expected.block.attributes)
    {
        assert_eq!(d, e, "attribute {}", e.name);
    }
    for (d, e) in derived
        .block
        .block_types
        .iter()
        .zip(&expected.block.block_types)
    {
        assert_eq!(d, e, "block {}", e.type_name);
    }
    assert_eq!(derived, &expected);
}

#[test]
fn provider_schema_equals_the_served_one() {
    let served = served();
    assert_eq!(
        ProbeProvider::schema(),
        &schema_from_served_json(&served["provider"])
    );
    let printed: serde_json::Value =
        serde_json::from_str(&data_text("terraform/providers-schema.json")).expect("json");
    assert_eq!(
        &ProbeProvider::schema().to_providers_json(),
        &printed["provider_schemas"]["example.com/test/probe"]["provider"]
    );
}

#[test]
fn implied_type_is_the_wire_type() {
    let wire = Type::from_json(data_text("terraform/schema.json").as_bytes()).expect("type");
    assert_eq!(ProbeThing::schema().object_type(), &wire);
}

#[test]
fn providers_schema_json_rendering() {
    let printed: serde_json::Value =
        serde_json::from_str(&data_text("terraform/providers-schema.json")).expect("json");
    let expected =
        &printed["provider_schemas"]["example.com/test/probe"]["resource_schemas"]["probe_thing"];
    assert_eq!(&ProbeThing::schema().to_providers_json(), expected);
}

#[derive(serde::Deserialize)]
struct Line {
    type_name: Option<String>,
    kind: String,
    msgpack_hex: Option<String>,
    json: Option<String>,
}

#[test]
fn every_payload_round_trips_through_the_model() {
    let mut dynamic_values = 0;
    let mut raw_states = 0;
    let mut provider_configs = 0;
    for text in data_text("terraform/payloads.jsonl").lines() {
        let line: Line = serde_json::from_str(text).expect("payload line");
        if line.type_name.is_none() {
            // ValidateProviderConfig / ConfigureProvider: the provider's (empty) model.
            let bytes = hex(line.msgpack_hex.as_deref().expect("msgpack"));
            let config: ProbeProvider = tfvalue::msgpack::from_slice(&bytes).expect("decodes");
            assert_eq!(tfvalue::msgpack::to_vec(&config).expect("encodes"), bytes);
            provider_configs += 1;
            continue;
        }
        match line.kind.as_str() {
            "DynamicValue" => {
                let bytes = hex(line.msgpack_hex.as_deref().expect("msgpack"));
                // Prior state on create (and planned state on destroy) is a null object.
                let model: Nullable<ProbeThing> = tfvalue::msgpack::from_slice(&bytes)
                    .unwrap_or_else(|e| panic!("decode {}: {e}", to_hex(&bytes)));
                let again = tfvalue::msgpack::to_vec(&model).expect("encode");
                assert_eq!(to_hex(&again), to_hex(&bytes));
                dynamic_values += 1;
            }
            "RawState" => {
                let json = line.json.as_deref().expect("json");
                let model: ProbeThing =
                    tfvalue::json::from_slice(json.as_bytes()).expect("raw state decodes");
                // The same state through msgpack and back.
                let bytes = tfvalue::msgpack::to_vec(&model).expect("encode");
                let back: ProbeThing = tfvalue::msgpack::from_slice(&bytes).expect("decode");
                assert_eq!(back, model);
                raw_states += 1;
            }
            other => panic!("unexpected kind {other}"),
        }
    }
    assert_eq!(
        (dynamic_values, raw_states, provider_configs),
        (171, 21, 18)
    );
}
