//! Quickstart: what a provider does with a plan request, on bytes the real Terraform sent.
//!
//! Terraform v1.11.4 sent the payload below as `PlanResourceChange.proposed_new_state` for
//! `probe_thing.b` (see tests/data/terraform/main.tf): several attributes reference another
//! resource's id, so they are unknown; one is a refined unknown (`"prefix-${...}"`).
//!
//! Run: `cargo run --example quickstart`

use serde::Deserialize;
use tfvalue::{Nullable, Number, Readable, Type, Unknown, Value};
use tfvalue_suite::{hex, to_hex};

/// The resource's object type, as `terraform providers schema` implies it.
const SCHEMA_TYPE: &str = include_str!("../tests/data/terraform/schema.json");

/// `PlanResourceChange.proposed_new_state` for `probe_thing.b`, byte for byte.
const PROPOSED: &str = "de0015a162c0a9626c6b5f67726f757081a176c0a8626c6b5f6c6973749181a176c7030c8101c2a7626c6b5f6d617080a7626c6b5f73657490aa626c6b5f73696e676c65c0ac636f6d70757465645f6e756dc0a364796e92c40822737472696e6722d40000a26964c0a26c7392d40000a36c6974a26d6e81a163d40000a16ed40000a56e5f626967c0a66e5f66726163c0a56e617474729182a178d40000a179c0a36f626a82a161d40000a36f707403a3726566d40000a77265665f74706cc70c0c8201c202a77072656669782da173a462657461a6736563726574c0a2737391d40000";

/// A typed view of some attributes (serde ignores the others here; the derive of the
/// TfSchema issue makes the full model and rejects unknown attributes).
#[derive(Deserialize, Debug)]
struct Thing {
    s: String,
    ref_tpl: Unknown<Nullable<String>>,
    n: Unknown<Nullable<Number>>,
    computed_num: Unknown<Nullable<Number>>,
}

fn main() -> Result<(), tfvalue::Error> {
    let ty = Type::from_json(SCHEMA_TYPE.as_bytes())?;
    let bytes = hex(PROPOSED);
    println!("1. schema type: {ty}\n");

    // Decode the dynamic value against the type: the type decides, nothing is guessed.
    let mut planned = Value::from_msgpack(&bytes, &ty)?;
    println!(
        "2. decoded {} bytes:\n   {}\n",
        bytes.len(),
        Readable(&planned)
    );
    let unknown: Vec<String> = planned
        .unknown_paths()
        .iter()
        .map(ToString::to_string)
        .collect();
    println!("   unknown at plan time: {}\n", unknown.join(", "));

    // The same bytes into a typed model: unknowns and refinements are kept.
    let thing: Thing = tfvalue::msgpack::from_slice(&bytes)?;
    println!(
        "3. typed: s = {:?}, ref_tpl unknown = {} with prefix {:?}, n unknown = {}\n",
        thing.s,
        thing.ref_tpl.is_unknown(),
        thing.ref_tpl.refinements().and_then(|r| r.string_prefix()),
        thing.n.is_unknown(),
    );
    assert!(thing.computed_num.as_known().is_some_and(Nullable::is_null));

    // Plan: computed attributes without a value become unknown ("known after apply").
    for computed in ["id", "computed_num"] {
        if let Some(v) = planned.attr_mut(computed) {
            if v.is_null() {
                *v = Value::unknown(v.ty());
            }
        }
    }
    let out = planned.to_msgpack(&ty)?;
    println!("4. planned_state ({} bytes): {}\n", out.len(), to_hex(&out));

    // The planned state decodes back to the same value, byte-exact.
    let again = Value::from_msgpack(&out, &ty)?;
    assert_eq!(again, planned);
    assert_eq!(again.to_msgpack(&ty)?, out);
    println!(
        "5. round trip: identical value and bytes; id is now {}",
        Readable(again.attr("id").unwrap_or(&again))
    );

    // JSON cannot carry unknowns: the error names the attribute.
    if let Err(e) = planned.to_json(&ty) {
        println!("6. as JSON: error as expected: {e}");
    }
    Ok(())
}
