//! The known companion type.

use super::common::{opt, path, round_trip, strings, wire_of, wire_unknown};
use super::generics::{GKnown, G};
use super::nested_attributes::{Nested, NestedKnown, NESTED_JSON};
use super::nested_blocks::{Blocks, BlocksKnown, UnknownBlocks, BLOCKS_JSON};
use super::rust_types::Obj;
use std::collections::{BTreeMap, BTreeSet, HashSet};
use tfvalue::known::{IntoKnown, UnknownPaths};
use tfvalue::schema::{Block, BlockNesting, NestedBlock, Schema};
use tfvalue::{ErrorKind, Nullable, TfSchema, Unknown, Value};

// Blocks and object-typed attributes in `BTreeSet`/`HashSet` need the companion to be
// `Ord`/`Eq + Hash` as well: `known_derive`.
#[derive(TfSchema, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Clone)]
#[tf(known_derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash))]
struct Tag {
    key: Nullable<String>,
}

#[derive(TfSchema, Debug, PartialEq)]
#[tf(known_derive(Debug, PartialEq))]
struct Tagged {
    #[tf(block(set, max_items = 3))]
    ordered: BTreeSet<Tag>,
    #[tf(block)]
    hashed: HashSet<Tag>,
    labels: Nullable<BTreeSet<Tag>>,
}

#[test]
fn ordered_and_hashed_sets_of_models() {
    let schema = Tagged::schema();
    let block = Block::new().attribute(opt("key", "\"string\""));
    assert_eq!(
        schema,
        &Schema::new(
            0,
            Block::new()
                .attribute(opt(
                    "labels",
                    r#"["set",["object",{"key":"string"},["key"]]]"#
                ))
                .block_type(
                    NestedBlock::new("ordered", block.clone(), BlockNesting::Set).max_items(3)
                )
                .block_type(NestedBlock::new("hashed", block, BlockNesting::Set))
        )
    );
    let tag = |k: &str| Tag {
        key: Nullable::Value(k.to_owned()),
    };
    let bytes = wire_of::<Tagged>(
        r#"{"ordered":[{"key":"a"},{"key":"b"}],"hashed":[{"key":"h"}],"labels":[{"key":"l"}]}"#,
    );
    let m: Tagged = round_trip(&bytes);
    assert_eq!(m.ordered, BTreeSet::from([tag("a"), tag("b")]));
    assert_eq!(m.hashed, HashSet::from([tag("h")]));
    let known: TaggedKnown = m.into_known().expect("known");
    let tag_known = |k: &str| TagKnown {
        key: Nullable::Value(k.to_owned()),
    };
    assert_eq!(
        known,
        TaggedKnown {
            ordered: BTreeSet::from([tag_known("a"), tag_known("b")]),
            hashed: HashSet::from([tag_known("h")]),
            labels: Nullable::Value(BTreeSet::from([tag_known("l")])),
        }
    );
    assert_eq!(
        format!("{:?}", known.hashed),
        r#"{TagKnown { key: Value("h") }}"#
    );
    // Over the limit, known: rejected.
    let bytes = wire_of::<Tagged>(
        r#"{"ordered":[{"key":"a"},{"key":"b"},{"key":"c"},{"key":"d"}],"hashed":[]}"#,
    );
    let e = tfvalue::msgpack::from_slice::<Tagged>(&bytes).expect_err("max_items");
    assert_eq!(
        e.to_string(),
        r#".ordered: expected at most 3 blocks of type "ordered", found 4"#
    );
}

#[derive(TfSchema, Debug, PartialEq)]
struct Plan {
    #[tf(computed)]
    id: Unknown<Nullable<String>>,
    name: Unknown<String>,
    tags: Unknown<Nullable<BTreeMap<String, Unknown<String>>>>,
    ports: Nullable<Vec<Unknown<u16>>>,
    #[tf(block)]
    disk: Vec<PlanDisk>,
    #[tf(block)]
    site: BTreeMap<String, PlanDisk>,
    #[tf(block)]
    boot: Option<PlanDisk>,
    #[tf(nested)]
    routes: Unknown<Nullable<Vec<PlanDisk>>>,
    #[tf(optional)]
    any: Value,
}

#[derive(TfSchema, Debug, PartialEq)]
struct PlanDisk {
    size_gb: Unknown<u32>,
    label: Nullable<String>,
}

const PLAN_JSON: &str = r#"{"id":"vm-1","name":"vm","tags":{"env":"prod","team":"a"},
    "ports":[22,443],"disk":[{"size_gb":10},{"size_gb":20,"label":"data"}],
    "site":{"eu":{"size_gb":1}},"boot":{"size_gb":5},"routes":[{"size_gb":7}],
    "any":{"value":{"x":"y"},"type":["object",{"x":"string"}]}}"#;

#[test]
fn into_known_on_known_data() {
    let bytes = wire_of::<Plan>(PLAN_JSON);
    let plan: Plan = round_trip(&bytes);
    assert!(plan.is_wholly_known());
    assert!(plan.unknown_paths().is_empty());
    let known: PlanKnown = plan.into_known().expect("everything is known");
    // No unwrapping of `Unknown` anywhere.
    assert_eq!(known.id.as_value().map(String::as_str), Some("vm-1"));
    let name: &String = &known.name;
    assert_eq!(name, "vm");
    let tags: &BTreeMap<String, String> = known.tags.as_value().expect("tags");
    assert_eq!(tags["env"], "prod");
    let ports: &Vec<u16> = known.ports.as_value().expect("ports");
    assert_eq!(ports, &[22, 443]);
    let size: u32 = known.disk[1].size_gb;
    assert_eq!(size, 20);
    assert_eq!(
        known.disk[1].label.as_value().map(String::as_str),
        Some("data")
    );
    assert_eq!(known.site["eu"].size_gb, 1);
    assert_eq!(known.boot.as_ref().map(|b| b.size_gb), Some(5));
    assert_eq!(known.routes.as_value().map(|r| r[0].size_gb), Some(7));
    assert_eq!(known.any.attr("x").and_then(Value::as_str), Some("y"));
}

#[test]
fn into_known_lists_every_unknown_path() {
    let unknown = [
        ".id",
        ".tags[\"team\"]",
        ".ports[1]",
        ".disk[1].size_gb",
        ".site[\"eu\"].size_gb",
        ".boot.size_gb",
        ".routes",
        ".any.x",
    ];
    let bytes = wire_unknown(Plan::schema().object_type(), PLAN_JSON, &unknown);
    let plan: Plan = round_trip(&bytes);
    assert!(!plan.is_wholly_known());
    assert_eq!(strings(&plan.unknown_paths()), unknown);
    let e = plan.into_known().err().expect("unknowns");
    assert_eq!(e.kind(), ErrorKind::Unknown);
    assert_eq!(
        e.to_string(),
        r#"8 values are not known yet: .id, .tags["team"], .ports[1], .disk[1].size_gb, .site["eu"].size_gb, .boot.size_gb, .routes, .any.x"#
    );
    // Whole collections unknown.
    let bytes = wire_unknown(Plan::schema().object_type(), PLAN_JSON, &[".tags", ".name"]);
    let plan: Plan = round_trip(&bytes);
    assert_eq!(strings(&plan.unknown_paths()), [".name", ".tags"]);
    // One unknown: the error carries its path.
    let bytes = wire_unknown(
        Plan::schema().object_type(),
        PLAN_JSON,
        &[".disk[0].size_gb"],
    );
    let plan: Plan = round_trip(&bytes);
    let e = plan.into_known().err().expect("unknown");
    assert_eq!(e.to_string(), ".disk[0].size_gb: value is not known yet");
    assert_eq!(e.path(), path(".disk[0].size_gb"));
    assert_eq!(e.kind(), ErrorKind::Unknown);
}

#[test]
fn companion_of_every_form() {
    // Models with blocks, nested attributes and generics have companions as well.
    let m: Nested = round_trip(&wire_of::<Nested>(NESTED_JSON));
    let k: NestedKnown = m.into_known().expect("known");
    assert_eq!(k.list.as_value().map(|l| l[1].y), Some(Nullable::Value(2)));
    assert_eq!(k.required_single.x, "r");
    let m: Blocks = round_trip(&wire_of::<Blocks>(BLOCKS_JSON));
    let k: BlocksKnown = m.into_known().expect("known");
    assert_eq!(k.group.v.as_value().map(String::as_str), Some("g"));
    assert_eq!(k.set.len(), 2);
    assert_eq!(k.hmap["h"].v.as_value().map(String::as_str), Some("mh"));
    let m: G<Obj> = round_trip(&wire_of::<G<Obj>>(r#"{"v":{"a":"x"}}"#));
    let k: GKnown<Obj> = m.into_known().expect("known");
    assert_eq!(k.v.as_value().map(|o| o.a.as_str()), Some("x"));
    let m: UnknownBlocks = round_trip(&wire_unknown(
        UnknownBlocks::schema().object_type(),
        r#"{"list":[{"v":"a"}],"set":[],"map":{},"single":null,"group":{}}"#,
        &[".list"],
    ));
    let e = m.into_known().err().expect("unknown");
    assert_eq!(e.to_string(), ".list: value is not known yet");
}
