//! The raw states Terraform 1.11.4 sent in `UpgradeResourceState` (`tests/data/terraform/`)
//! decode leniently into a model that declares only some of `probe_thing`'s attributes,
//! and go through a two-version upgrade chain; into a current model, straight from
//! version 0 and step by step, with the same result.

use serde::Deserialize;
use serde_json::value::RawValue;
use tfvalue::upgrade::{upgrade_state, NoPrevious, StateVersion, Upgrades};
use tfvalue::{Nullable, Number, TfSchema, Type, Unknown, Value};
use tfvalue_suite::{data, data_text};

/// One line of `payloads.jsonl` (only the fields used here).
#[derive(Deserialize)]
struct Payload {
    kind: String,
    json: Option<String>,
    decoded: Box<RawValue>,
}

/// A few of the attributes Terraform's own rendering shows, read strictly.
#[derive(Deserialize)]
struct Decoded {
    id: String,
    s: Option<String>,
    n_big: Option<Number>,
    blk_list: Vec<serde_json::Value>,
}

#[derive(Deserialize)]
struct Block {
    v: Nullable<String>,
}

#[derive(Deserialize)]
struct Obj {
    a: String,
}

/// Version 0: some of `probe_thing`'s attributes (the others are ignored), and one the
/// states do not have (`retired`, null).
#[derive(Deserialize)]
struct ProbeV0 {
    id: String,
    s: Nullable<String>,
    n_big: Nullable<Number>,
    n_frac: Unknown<Nullable<Number>>,
    blk_list: Vec<Block>,
    obj: Nullable<Obj>,
    r#dyn: Value,
    retired: Nullable<bool>,
}

impl StateVersion for ProbeV0 {
    const VERSION: i64 = 0;
    type Previous = NoPrevious;
    fn upgrade(previous: NoPrevious) -> tfvalue::Result<Self> {
        match previous {}
    }
}

/// Version 1: `s` renamed `name`, `n_big` kept.
struct ProbeV1 {
    id: String,
    name: Nullable<String>,
    n_big: Nullable<Number>,
}

impl<'de> Deserialize<'de> for ProbeV1 {
    fn deserialize<D: serde::Deserializer<'de>>(_: D) -> Result<Self, D::Error> {
        Err(serde::de::Error::custom("only reached by upgrading"))
    }
}

impl StateVersion for ProbeV1 {
    const VERSION: i64 = 1;
    type Previous = ProbeV0;
    fn upgrade(v0: ProbeV0) -> tfvalue::Result<Self> {
        Ok(ProbeV1 {
            id: v0.id,
            name: v0.s,
            n_big: v0.n_big,
        })
    }
}

/// Version 2, the current model: `n_big` renamed `quantity`; its version is said here
/// only.
#[derive(TfSchema, Debug, PartialEq)]
#[tf(version = 2)]
struct Probe {
    id: String,
    name: Nullable<String>,
    quantity: Nullable<Number>,
}

#[test]
fn raw_states_decode_leniently_into_a_partial_model() {
    let full_type = Type::from_json(&data("terraform/schema.json")).unwrap();
    let mut count = 0;
    for line in data_text("terraform/payloads.jsonl").lines() {
        let p: Payload = serde_json::from_str(line).unwrap();
        if p.kind != "RawState" {
            continue;
        }
        count += 1;
        let json = p.json.expect("a raw state with JSON");
        let want: Decoded = tfvalue::json::from_slice(p.decoded.get().as_bytes()).unwrap();

        let got: ProbeV0 = tfvalue::json::from_slice_lenient(json.as_bytes())
            .unwrap_or_else(|e| panic!("{e}: {json}"));
        assert_eq!(got.id, want.id);
        assert_eq!(got.s.as_value(), want.s.as_ref());
        assert_eq!(got.n_big.as_value(), want.n_big.as_ref());
        if let Some(big) = got.n_big.as_value().filter(|n| n.as_i64().is_none()) {
            assert_eq!(big.to_string(), "123456789012345678901234567890");
        }
        assert!(got.n_frac.is_known());
        if let Some(frac) = got.n_frac.as_value() {
            assert_eq!(*frac, Number::parse("0.1").unwrap());
        }
        assert_eq!(got.blk_list.len(), want.blk_list.len());
        assert!(got.blk_list.iter().all(|b| b.v.is_value()));
        if let Some(obj) = got.obj.as_value() {
            assert!(!obj.a.is_empty());
        }
        if !got.r#dyn.is_null() {
            assert!(got.r#dyn.is_wholly_known());
        }
        assert!(got.retired.is_null());

        let upgraded: ProbeV1 = upgrade_state(0, json.as_bytes()).unwrap();
        assert_eq!(upgraded.id, want.id);
        assert_eq!(upgraded.name.as_value(), want.s.as_ref());

        // Into the current model: straight from version 0, and through the chain.
        let straight = Upgrades::<Probe>::new().from(0, |v0: ProbeV0| {
            Ok(Probe {
                id: v0.id,
                name: v0.s,
                quantity: v0.n_big,
            })
        });
        let stepwise = Upgrades::<Probe>::new().chain::<ProbeV1>(|v1| {
            Ok(Probe {
                id: v1.id,
                name: v1.name,
                quantity: v1.n_big,
            })
        });
        let probe = straight.upgrade(0, json.as_bytes()).unwrap();
        assert_eq!(probe, stepwise.upgrade(0, json.as_bytes()).unwrap());
        assert_eq!(probe.id, want.id);
        assert_eq!(probe.quantity.as_value(), want.n_big.as_ref());

        // A well-formed state reads the same leniently and strictly.
        let lenient = Value::from_json_lenient(json.as_bytes(), &full_type).unwrap();
        assert!(lenient == Value::from_json(json.as_bytes(), &full_type).unwrap());
    }
    assert_eq!(count, 21);
}
