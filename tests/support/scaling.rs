//! The scaling payloads of the benchmarks, built with tfvalue, and their models: a
//! SET block of N objects, a `map(string)` of N keys (also with its keys in reverse order),
//! and nested blocks D levels deep. Shared by `benches/typed.rs` (criterion) and
//! `benches/paired.rs` (paired linearity ratios).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use tfvalue::map::Map;
use tfvalue::set::Set;
use tfvalue::{Nullable, TfSchema, Type, Unknown, Value};

/// A firewall whose rules are a SET block: `Set<Rule>` keeps the wire order and needs no
/// `Ord` (a provider's rules hold no `Ord` or `Hash` anyway once they hold floats or values).
#[derive(TfSchema, Debug, PartialEq)]
pub struct Firewall {
    #[tf(computed)]
    pub id: Unknown<Nullable<String>>,
    pub name: String,
    #[tf(block)]
    pub rule: Set<Rule>,
}

#[derive(TfSchema, Debug, PartialEq)]
pub struct Rule {
    pub cidr: String,
    pub description: Nullable<String>,
    pub enabled: Nullable<bool>,
    pub port: Nullable<i64>,
    pub protocol: String,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
pub struct FloorFirewall {
    pub id: String,
    pub name: String,
    pub rule: Vec<FloorRule>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
pub struct FloorRule {
    pub cidr: String,
    pub description: String,
    pub enabled: bool,
    pub port: i64,
    pub protocol: String,
}

/// A resource with a large `map(string)`.
#[derive(TfSchema, Debug, PartialEq)]
pub struct Labels {
    #[tf(computed)]
    pub id: Unknown<Nullable<String>>,
    pub labels: Nullable<BTreeMap<String, String>>,
}

/// [`Labels`] with `tfvalue::map::Map` (a sorted vector, decoded in O(n) from Terraform's
/// sorted keys) instead of `BTreeMap` (a search from the root per key: O(n log n)).
#[derive(TfSchema, Debug, PartialEq)]
pub struct LabelsMap {
    #[tf(computed)]
    pub id: Unknown<Nullable<String>>,
    pub labels: Nullable<Map<String>>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
pub struct FloorLabels {
    pub id: String,
    pub labels: BTreeMap<String, String>,
}

/// One level of a nested block, holding the next level as a LIST block of one.
#[derive(TfSchema, Debug, PartialEq)]
pub struct Level<T: TfSchema> {
    #[tf(block)]
    pub child: Vec<T>,
    pub index: Nullable<i64>,
    pub name: String,
}

/// The innermost level.
#[derive(TfSchema, Debug, PartialEq)]
pub struct Leaf {
    pub index: Nullable<i64>,
    pub name: String,
}

/// The root: a LIST block of `CHAINS` nested blocks of type `T`.
#[derive(TfSchema, Debug, PartialEq)]
pub struct Nest<T: TfSchema> {
    #[tf(block)]
    pub chain: Vec<T>,
    #[tf(computed)]
    pub id: Unknown<Nullable<String>>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
pub struct FloorLevel<T> {
    pub child: Vec<T>,
    pub index: i64,
    pub name: String,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
pub struct FloorLeaf {
    pub index: i64,
    pub name: String,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
pub struct FloorNest<T> {
    pub chain: Vec<T>,
    pub id: String,
}

/// `nest!(x x x)` is `Level<Level<Level<Leaf>>>`: one `Level` per token, then `Leaf`.
#[macro_export]
macro_rules! nest {
    () => { Leaf };
    ($head:tt $($tail:tt)*) => { Level<nest!($($tail)*)> };
}
#[macro_export]
macro_rules! floor_nest {
    () => { FloorLeaf };
    ($head:tt $($tail:tt)*) => { FloorLevel<floor_nest!($($tail)*)> };
}

/// 5 levels of blocks under the root (4 `Level`s and the `Leaf`).
pub type Chain5 = nest!(x x x x);
pub type FloorChain5 = floor_nest!(x x x x);
/// 50 levels of blocks under the root (49 `Level`s and the `Leaf`).
pub type Chain50 = nest!(
    x x x x x x x x x x  x x x x x x x x x x  x x x x x x x x x x  x x x x x x x x x x
    x x x x x x x x x
);
pub type FloorChain50 = floor_nest!(
    x x x x x x x x x x  x x x x x x x x x x  x x x x x x x x x x  x x x x x x x x x x
    x x x x x x x x x
);

/// Nested chains at the root of the nested payloads.
pub const CHAINS: usize = 100;

/// Builds one level of a chain (deterministic: `chain` and `depth` name it).
pub trait Build {
    /// The level `depth` of chain number `chain`.
    fn build(chain: usize, depth: usize) -> Self;
}

impl Build for Leaf {
    fn build(chain: usize, depth: usize) -> Self {
        Leaf {
            index: Nullable::Value((chain * 1000 + depth) as i64),
            name: format!("chain-{chain:03}-level-{depth:02}"),
        }
    }
}

impl<T: TfSchema + Build> Build for Level<T> {
    fn build(chain: usize, depth: usize) -> Self {
        Level {
            child: vec![T::build(chain, depth + 1)],
            index: Nullable::Value((chain * 1000 + depth) as i64),
            name: format!("chain-{chain:03}-level-{depth:02}"),
        }
    }
}

pub fn nested_payload<T: TfSchema + Build + Serialize>() -> Vec<u8> {
    let nest = Nest {
        chain: (0..CHAINS).map(|i| T::build(i, 1)).collect::<Vec<T>>(),
        id: Unknown::known(Nullable::Value("nest-0001".to_owned())),
    };
    tfvalue::msgpack::to_vec(&nest).unwrap()
}

/// A SET block of `n` distinct rules. Built as a `Value` (`Value::set` puts a set in
/// Terraform's canonical form) and encoded by tfvalue against the model's type.
pub fn set_payload(n: usize) -> Vec<u8> {
    let ty = Firewall::schema().object_type().without_optional();
    let rule_ty = Rule::schema().object_type().without_optional();
    let rules = (0..n)
        .map(|i| {
            Value::object([
                (
                    "cidr",
                    Value::from(format!("10.{}.{}.0/24", i / 256 % 256, i % 256)),
                ),
                (
                    "description",
                    Value::from(format!("allow service {i} from its subnet")),
                ),
                ("enabled", Value::from(i % 3 != 0)),
                ("port", Value::from(tfvalue::Number::from(1024 + i as u64))),
                (
                    "protocol",
                    Value::from(if i % 2 == 0 { "tcp" } else { "udp" }),
                ),
            ])
        })
        .collect();
    let value = Value::object([
        ("id", Value::from("fw-0001")),
        ("name", Value::from("edge")),
        ("rule", Value::set(rule_ty, rules).expect("a set of rules")),
    ]);
    value.to_msgpack(&ty).unwrap()
}

/// A `map(string)` of `n` keys, built as a `Value` and encoded by tfvalue.
pub fn map_payload(n: usize) -> Vec<u8> {
    let ty = Labels::schema().object_type().without_optional();
    let labels = (0..n)
        .map(|i| {
            let (k, v) = label(i);
            (k, Value::from(v))
        })
        .collect();
    let value = Value::object([
        ("id", Value::from("labels-0001")),
        ("labels", Value::map(Type::String, labels).expect("a map")),
    ]);
    value.to_msgpack(&ty).unwrap()
}

/// The label of key `i` of [`map_payload`] and its value.
pub fn label(i: usize) -> (String, String) {
    (
        format!("team.example.com/label-{i:05}"),
        format!("value-{:08x}", (i as u64).wrapping_mul(2654435761)),
    )
}

/// [`map_payload`]'s value with the map's keys written in reverse order, as no Terraform
/// writes them (hand-encoded: tfvalue's encoders sort keys). Decoders must still be
/// O(n log n) at worst: a sorted insertion per key would be O(n²).
pub fn reversed_map_payload(n: usize) -> Vec<u8> {
    // Every string here is shorter than 256 bytes: str 8 (d9, length); map 16 (de, length).
    fn str8(out: &mut Vec<u8>, text: &str) {
        out.push(0xd9);
        out.push(u8::try_from(text.len()).expect("a short string"));
        out.extend_from_slice(text.as_bytes());
    }
    let mut out = vec![0x82];
    for text in ["id", "labels-0001", "labels"] {
        str8(&mut out, text);
    }
    out.push(0xde);
    out.extend_from_slice(&u16::try_from(n).expect("at most 65,535 keys").to_be_bytes());
    for i in (0..n).rev() {
        let (k, v) = label(i);
        str8(&mut out, &k);
        str8(&mut out, &v);
    }
    out
}
