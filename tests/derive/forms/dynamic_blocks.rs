//! LIST and MAP blocks whose block has a dynamic attribute: Terraform's implied type for
//! them is `dynamic` (the blocks travel as a tuple, or an object keyed by label, together
//! with its type), and the model reads and writes them that way.

use super::common::{round_trip, wire_of, without_markers};
use std::collections::BTreeMap;
use tfvalue::{Number, TfSchema, TfType, Value};

#[derive(TfSchema, Debug, PartialEq)]
pub(crate) struct WithDynamic {
    #[tf(optional)]
    pub(crate) any: Value,
}

#[derive(TfSchema, Debug, PartialEq)]
pub(crate) struct DynamicBlocks {
    #[tf(block)]
    pub(crate) item: Vec<WithDynamic>,
    #[tf(block)]
    pub(crate) site: BTreeMap<String, WithDynamic>,
    #[tf(block)]
    pub(crate) one: Option<WithDynamic>,
}

#[test]
fn blocks_with_a_dynamic_attribute_schema() {
    assert_eq!(
        DynamicBlocks::schema().object_type().to_json(),
        r#"["object",{"item":"dynamic","one":["object",{"any":"dynamic"}],"site":"dynamic"}]"#
    );
}

#[test]
fn blocks_with_a_dynamic_attribute_wire() {
    // What Terraform sends: the LIST blocks as a tuple of concrete object types, the MAP
    // blocks as an object, each wrapped with its type; the SINGLE block as an object whose
    // dynamic attribute is wrapped.
    let json = r#"{"item":{"value":[{"any":"x"},{"any":1}],
            "type":["tuple",[["object",{"any":"string"}],["object",{"any":"number"}]]]},
        "site":{"value":{"a":{"any":true}},"type":["object",{"a":["object",{"any":"bool"}]}]},
        "one":{"any":{"value":["l"],"type":["list","string"]}}}"#;
    let bytes = wire_of::<DynamicBlocks>(json);
    let m: DynamicBlocks = round_trip(&bytes);
    assert_eq!(m.item.len(), 2);
    assert_eq!(m.item[0].any.as_str(), Some("x"));
    assert_eq!(m.item[1].any.as_number(), Some(&Number::from(1)));
    assert_eq!(m.site["a"].any.as_bool(), Some(true));
    assert_eq!(
        m.one.as_ref().map(|o| o.any.ty().to_json()).as_deref(),
        Some(r#"["list","string"]"#)
    );
    // No blocks: an empty tuple and an empty object, with their types.
    let empty = wire_of::<DynamicBlocks>(
        r#"{"item":{"value":[],"type":["tuple",[]]},"site":{"value":{},"type":["object",{}]}}"#,
    );
    let m: DynamicBlocks = round_trip(&empty);
    assert!(m.item.is_empty() && m.site.is_empty() && m.one.is_none());
    // Through JSON.
    let text = Value::from_json(json.as_bytes(), DynamicBlocks::schema().object_type())
        .expect("value")
        .to_json(DynamicBlocks::schema().object_type())
        .expect("json");
    let from_json: DynamicBlocks = tfvalue::json::from_slice(&text).expect("decode json");
    assert_eq!(
        String::from_utf8_lossy(&tfvalue::json::to_vec(&from_json).expect("json")),
        String::from_utf8_lossy(&text)
    );
}

#[test]
fn blocks_with_a_dynamic_attribute_tf_type() {
    assert_eq!(
        without_markers(DynamicBlocks::tf_type()),
        *DynamicBlocks::schema().object_type()
    );
}
