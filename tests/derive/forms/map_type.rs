//! `tfvalue::map::Map`: a map attribute, a MAP block and a map-nested attribute, as
//! `BTreeMap` gives them.

use super::common::{round_trip, strings, wire_of, wire_unknown};
use super::nested_blocks::B;
use std::collections::BTreeMap;
use tfvalue::known::UnknownPaths;
use tfvalue::{Nullable, TfSchema};

#[derive(TfSchema, Debug, PartialEq)]
struct SortedMaps {
    tags: Nullable<tfvalue::map::Map<String>>,
    #[tf(block)]
    site: tfvalue::map::Map<B>,
    #[tf(nested)]
    peers: Nullable<tfvalue::map::Map<B>>,
}

#[derive(TfSchema, Debug, PartialEq)]
struct TreeMaps {
    tags: Nullable<BTreeMap<String, String>>,
    #[tf(block)]
    site: BTreeMap<String, B>,
    #[tf(nested)]
    peers: Nullable<BTreeMap<String, B>>,
}

#[test]
fn sorted_vector_maps_are_maps_everywhere() {
    assert_eq!(SortedMaps::schema().block, TreeMaps::schema().block);
    let json = r#"{"tags":{"b":"2","a":"1"},"site":{"eu":{"v":"x"},"us":{"v":null}},"peers":{"p":{"v":"y"}}}"#;
    let bytes = wire_of::<TreeMaps>(json);
    assert_eq!(bytes, wire_of::<SortedMaps>(json));
    let sorted: SortedMaps = round_trip(&bytes);
    let tree: TreeMaps = round_trip(&bytes);
    assert_eq!(
        sorted.tags.as_value().map(|m| m.keys().collect::<Vec<_>>()),
        Some(vec!["a", "b"])
    );
    assert_eq!(
        sorted
            .site
            .iter()
            .map(|(k, b)| (k.to_owned(), b.clone()))
            .collect::<BTreeMap<_, _>>(),
        tree.site
    );
    assert_eq!(
        tfvalue::json::to_vec(&sorted).expect("JSON"),
        tfvalue::json::to_vec(&tree).expect("JSON")
    );
    // Unknown paths inside the map name the key.
    let unknown = wire_unknown(
        SortedMaps::schema().object_type(),
        json,
        &[r#".site["us"].v"#],
    );
    let sorted: SortedMaps = round_trip(&unknown);
    assert_eq!(strings(&sorted.unknown_paths()), [r#".site["us"].v"#]);
}
