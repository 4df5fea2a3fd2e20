//! The planned companion: the apply-time view of a planned model, in which configured
//! values are known and computed attributes (at any depth) are as the model holds them.

use super::common::{round_trip, strings, wire_of, wire_unknown};
use super::generics::{GPlanned, G};
use super::rust_types::Obj;
use std::collections::BTreeMap;
use tfvalue::known::{IntoKnown, IntoPlanned, UnknownPaths};
use tfvalue::{ErrorKind, Nullable, TfSchema, Unknown, Value};

#[derive(TfSchema, Debug, PartialEq, Clone)]
#[tf(known_derive(Debug, PartialEq))]
struct Instance {
    #[tf(computed)]
    id: Unknown<Nullable<String>>,
    name: Unknown<String>,
    #[tf(optional, computed)]
    region: Unknown<Nullable<String>>,
    tags: Unknown<Nullable<BTreeMap<String, Unknown<String>>>>,
    #[tf(block)]
    disk: Vec<InstanceDisk>,
    #[tf(block)]
    boot: Option<InstanceDisk>,
    #[tf(nested)]
    routes: Unknown<Nullable<Vec<Route>>>,
    #[tf(optional)]
    any: Value,
}

#[derive(TfSchema, Debug, PartialEq, Clone)]
#[tf(known_derive(Debug, PartialEq))]
struct InstanceDisk {
    size_gb: Unknown<u32>,
    #[tf(computed)]
    device: Unknown<Nullable<String>>,
}

#[derive(TfSchema, Debug, PartialEq, Clone)]
#[tf(known_derive(Debug, PartialEq))]
struct Route {
    cidr: Unknown<String>,
    #[tf(computed)]
    gateway: Unknown<Nullable<String>>,
}

/// Everything known, the computed attributes included: the state after apply.
const APPLIED: &str = r#"{"id":"i-1","name":"web","region":"eu","tags":{"env":"prod"},
    "disk":[{"size_gb":10,"device":"/dev/sda"},{"size_gb":20,"device":"/dev/sdb"}],
    "boot":{"size_gb":5,"device":"/dev/sdc"},
    "routes":[{"cidr":"10.0.0.0/8","gateway":"10.0.0.1"}],
    "any":{"value":{"x":"y"},"type":["object",{"x":"string"}]}}"#;

/// Where the plan leaves the provider to compute.
const COMPUTED: [&str; 6] = [
    ".id",
    ".region",
    ".disk[0].device",
    ".disk[1].device",
    ".boot.device",
    ".routes[0].gateway",
];

fn planned(unknown: &[&str]) -> Instance {
    round_trip(&wire_unknown(
        Instance::schema().object_type(),
        APPLIED,
        unknown,
    ))
}

#[test]
fn configured_values_known_computed_ones_kept() {
    let model = planned(&COMPUTED);
    // The all-known companion refuses what `create` receives.
    let e = model
        .clone()
        .into_known()
        .expect_err("computed values are unknown");
    assert_eq!(
        e.to_string(),
        format!("6 values are not known yet: {}", COMPUTED.join(", "))
    );

    let mut p: InstancePlanned = model.into_planned().expect("configured values are known");
    // Configured values: their known types, no unwrapping.
    let name: &String = &p.name;
    assert_eq!(name, "web");
    let tags: &BTreeMap<String, String> = p.tags.as_value().expect("tags");
    assert_eq!(tags["env"], "prod");
    let size: u32 = p.disk[1].size_gb;
    assert_eq!(size, 20);
    assert_eq!(p.boot.as_ref().map(|b| b.size_gb), Some(5));
    let routes: &Vec<RoutePlanned> = p.routes.as_value().expect("routes");
    assert_eq!(routes[0].cidr, "10.0.0.0/8");
    assert_eq!(p.any.attr("x").and_then(Value::as_str), Some("y"));
    // Computed attributes, at any depth: as the model holds them.
    let id: &Unknown<Nullable<String>> = &p.id;
    assert!(id.is_unknown() && p.region.is_unknown());
    assert!(p.disk.iter().all(|d| d.device.is_unknown()));
    assert!(routes[0].gateway.is_unknown());

    // The provider fills them in, and the model comes back as the state to return.
    p.id = Unknown::known(Nullable::Value("i-1".to_owned()));
    p.region = Unknown::known(Nullable::Value("eu".to_owned()));
    for (disk, device) in p.disk.iter_mut().zip(["/dev/sda", "/dev/sdb"]) {
        disk.device = Unknown::known(Nullable::Value(device.to_owned()));
    }
    if let Some(boot) = &mut p.boot {
        boot.device = Unknown::known(Nullable::Value("/dev/sdc".to_owned()));
    }
    if let Nullable::Value(routes) = &mut p.routes {
        routes[0].gateway = Unknown::known(Nullable::Value("10.0.0.1".to_owned()));
    }
    let state = Instance::from(p);
    assert!(state.is_wholly_known());
    assert_eq!(
        tfvalue::msgpack::to_vec(&state).expect("encode"),
        wire_of::<Instance>(APPLIED)
    );
}

#[test]
fn configured_unknowns_are_listed_computed_ones_are_not() {
    let configured = [
        ".name",
        ".tags[\"env\"]",
        ".disk[1].size_gb",
        ".routes[0].cidr",
        ".any.x",
    ];
    let all: Vec<&str> = COMPUTED.iter().chain(&configured).copied().collect();
    let model = planned(&all);
    assert_eq!(model.unknown_paths().len(), 11);
    let e = model
        .into_planned()
        .expect_err("configured values are unknown");
    assert_eq!(e.kind(), ErrorKind::Unknown);
    assert_eq!(
        e.to_string(),
        r#"5 values are not known yet: .name, .tags["env"], .disk[1].size_gb, .routes[0].cidr, .any.x"#
    );
    // One: the error carries its path.
    let e = planned(&[".id", ".boot.size_gb"])
        .into_planned()
        .expect_err("unknown");
    assert_eq!(strings(&[e.path()]), [".boot.size_gb"]);
    assert_eq!(e.to_string(), ".boot.size_gb: value is not known yet");
    // A whole collection unknown is one path.
    let e = planned(&[".routes"]).into_planned().expect_err("unknown");
    assert_eq!(e.to_string(), ".routes: value is not known yet");
}

#[test]
fn known_data_comes_back_unchanged() {
    let model = planned(&[]);
    let p = model.clone().into_planned().expect("known");
    assert_eq!(Instance::from(p), model);
    // Computed attributes left unknown come back unknown.
    let model = planned(&COMPUTED);
    let back = Instance::from(model.clone().into_planned().expect("known"));
    assert_eq!(back, model);
    assert_eq!(strings(&back.unknown_paths()), COMPUTED);
}

/// Fields named as the generated code's own locals.
#[derive(TfSchema, Debug, PartialEq)]
#[tf(known_derive(Debug, PartialEq))]
struct Shadowing {
    at: Unknown<String>,
    unknowns: Unknown<String>,
    planned: Nullable<String>,
    field0: Unknown<u8>,
    #[tf(computed)]
    field1: Unknown<Nullable<String>>,
}

/// A default implies computed: the plan may leave the attribute to the provider.
#[derive(TfSchema, Debug, PartialEq)]
struct Defaulted {
    name: Unknown<String>,
    #[tf(default = "eu")]
    region: Unknown<Nullable<String>>,
}

/// Nothing configured: the trail is never read.
#[derive(TfSchema, Debug, PartialEq)]
struct OnlyComputed {
    #[tf(computed)]
    id: Unknown<Nullable<String>>,
}

#[test]
fn companions_of_every_shape() {
    let json = r#"{"at":"a","unknowns":"u","planned":"p","field0":1,"field1":"f"}"#;
    let m: Shadowing = round_trip(&wire_of::<Shadowing>(json));
    let k = m.into_known().expect("known");
    assert_eq!(
        (k.at.as_str(), k.unknowns.as_str(), k.field0),
        ("a", "u", 1)
    );
    let m: Shadowing = round_trip(&wire_unknown(
        Shadowing::schema().object_type(),
        json,
        &[".unknowns", ".field1"],
    ));
    let e = m.into_planned().expect_err("unknown");
    assert_eq!(e.to_string(), ".unknowns: value is not known yet");

    let m: OnlyComputed = round_trip(&wire_unknown(
        OnlyComputed::schema().object_type(),
        r#"{"id":null}"#,
        &[".id"],
    ));
    let p: OnlyComputedPlanned = m.into_planned().expect("nothing configured");
    assert!(p.id.is_unknown());

    let m: Defaulted = round_trip(&wire_unknown(
        Defaulted::schema().object_type(),
        r#"{"name":"n","region":null}"#,
        &[".region"],
    ));
    let p: DefaultedPlanned = m
        .into_planned()
        .expect("only the defaulted attribute is unknown");
    let region: &Unknown<Nullable<String>> = &p.region;
    assert!(region.is_unknown());
    assert_eq!(p.name, "n");

    // Generic models.
    let m: G<Obj> = round_trip(&wire_of::<G<Obj>>(r#"{"v":{"a":"x","maybe":true}}"#));
    let p: GPlanned<Obj> = m.into_planned().expect("known");
    assert_eq!(p.v.as_value().map(|o| o.a.as_str()), Some("x"));
    let o = p.v.as_value().expect("v");
    assert_eq!(o.maybe, Nullable::Value(true));
    assert_eq!(G::from(p).v.as_value().map(|o| o.a.as_str()), Some("x"));
}
