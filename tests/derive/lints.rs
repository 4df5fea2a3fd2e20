//! The code `#[derive(TfSchema)]` generates is clean under the strictest lints: this file
//! derives every form under `deny(warnings, clippy::all, clippy::pedantic)` and
//! `missing_docs` (CI runs clippy on all targets, so a lint in generated code fails CI).
#![deny(warnings, clippy::all, clippy::pedantic, missing_docs)]

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use tfvalue::set::Set;
use tfvalue::{Nullable, Number, TfSchema, Unknown, Value};

/// Every attribute form, every block nesting, a nested attribute.
#[derive(TfSchema, Debug)]
#[tf(version = 3, deprecated, description_kind = markdown)]
pub struct Everything<'a> {
    /// Required string.
    pub name: String,
    /// Borrowed strings.
    pub borrowed: &'a str,
    /// A `Cow`.
    pub cow: Cow<'a, str>,
    /// Optional number.
    pub size: Nullable<u64>,
    /// Computed.
    #[tf(computed)]
    pub id: Unknown<Nullable<String>>,
    /// Optional and computed, sensitive, deprecated, markdown.
    #[tf(optional, computed, sensitive, deprecated, description_kind = markdown)]
    pub secret: Unknown<Nullable<String>>,
    /// Renamed.
    #[tf(rename = "type")]
    pub kind: Option<String>,
    /// Exact number.
    pub big: Unknown<Nullable<Number>>,
    /// Float.
    pub ratio: Option<f64>,
    /// Collections.
    pub list: Nullable<Vec<i32>>,
    /// Sets.
    pub ordered: Nullable<BTreeSet<String>>,
    /// Hash sets.
    pub hashed: Nullable<HashSet<String>>,
    /// Wire-order sets.
    pub floats: Nullable<Set<f64>>,
    /// Maps.
    pub tags: Nullable<BTreeMap<String, String>>,
    /// Hash maps.
    pub labels: Nullable<HashMap<String, bool>>,
    /// Tuples.
    pub pair: Nullable<(String, u8)>,
    /// Dynamic.
    #[tf(optional)]
    pub any: Value,
    /// Object-typed attribute.
    pub object: Nullable<Inner>,
    /// Nested attribute.
    #[tf(nested(map))]
    pub routes: Unknown<Nullable<BTreeMap<String, Inner>>>,
    /// List block.
    #[tf(block(list, min_items = 1, max_items = 3))]
    pub disk: Unknown<Vec<Inner>>,
    /// Set block.
    #[tf(block)]
    pub rule: Set<Inner>,
    /// Single block.
    #[tf(block)]
    pub boot: Option<Inner>,
    /// Map block.
    #[tf(block)]
    pub site: HashMap<String, Inner>,
    /// Group block.
    #[tf(block(group))]
    pub timeouts: Inner,
}

/// A small model.
#[derive(TfSchema, Debug)]
pub struct Inner {
    /// A value.
    pub value: Unknown<Nullable<String>>,
}

/// A generic model.
#[derive(TfSchema, Debug)]
pub struct Generic<T> {
    /// A value of any Terraform-typed Rust type.
    pub value: Nullable<T>,
}

/// Every rule key: defaults, plan modifiers, validators, combinations.
#[derive(TfSchema, Debug)]
#[tf(
    conflicts_with(special, override_special),
    exactly_one_of(upper, lower),
    at_least_one_of(upper, lower),
    required_with(upper, lower),
    validate = whole
)]
pub struct Ruled {
    /// Length.
    #[tf(
        at_least = 1,
        at_most = 99,
        at_least_sum_of(min_upper),
        requires_replace
    )]
    pub length: i64,
    /// A ratio.
    #[tf(optional, between(min = -0.5, max = 1.5))]
    pub ratio: Unknown<Nullable<f64>>,
    /// Minimum.
    #[tf(default = 0, requires_replace_if = grew)]
    pub min_upper: Unknown<Nullable<i64>>,
    /// Upper.
    #[tf(default = true, at_least_one_true(lower))]
    pub upper: Unknown<Nullable<bool>>,
    /// Lower.
    #[tf(default = make_lower)]
    pub lower: Unknown<Nullable<bool>>,
    /// Special.
    #[tf(
        optional,
        one_of("a", "b"),
        length(max = 3),
        regex = "^[a-z]+$",
        regex_message = "lowercase"
    )]
    pub special: Unknown<Nullable<String>>,
    /// Override.
    #[tf(optional, validate = no_spaces)]
    pub override_special: Unknown<Nullable<String>>,
    /// Result.
    #[tf(computed, use_state_for_unknown, sensitive)]
    pub result: Unknown<Nullable<String>>,
    /// Numbers.
    #[tf(optional, size(min = 1, max = 3))]
    pub numbers: Unknown<Nullable<Vec<i64>>>,
    /// A level.
    #[tf(optional, one_of(1, 2, -3))]
    pub level: Unknown<Nullable<i64>>,
    /// Nested with rules.
    #[tf(nested)]
    pub disks: Nullable<Vec<RuledDisk>>,
    /// Block with rules.
    #[tf(block)]
    pub volume: Vec<RuledDisk>,
}

/// A nested object with rules.
#[derive(TfSchema, Debug)]
pub struct RuledDisk {
    /// Size.
    #[tf(between(min = 1, max = 10), requires_replace)]
    pub size: i64,
    /// Kind.
    #[tf(default = "ssd")]
    pub kind: Unknown<Nullable<String>>,
}

/// A generic model with rules.
#[derive(TfSchema, Debug)]
pub struct RuledGeneric<T> {
    /// A value.
    #[tf(requires_replace)]
    pub value: Nullable<T>,
    /// A name.
    #[tf(length(min = 1))]
    pub name: String,
}

fn whole(model: &Ruled) -> tfvalue::Result<()> {
    if model.length > 64 && model.volume.is_empty() {
        return Err(
            tfvalue::Error::new(tfvalue::ErrorKind::Custom, "a long value needs a volume")
                .in_attr("length"),
        );
    }
    Ok(())
}

fn grew(prior: &Unknown<Nullable<i64>>, planned: &Unknown<Nullable<i64>>) -> Result<bool, String> {
    let n = |v: &Unknown<Nullable<i64>>| match v.as_known() {
        Some(Nullable::Value(n)) if *n < 0 => Err(format!("is negative ({n})")),
        Some(Nullable::Value(n)) => Ok(*n),
        _ => Ok(0),
    };
    Ok(n(planned)? > n(prior)?)
}

fn make_lower() -> bool {
    true
}

fn no_spaces(text: &str) -> Result<(), String> {
    if text.contains(' ') {
        Err("must not contain spaces".to_owned())
    } else {
        Ok(())
    }
}

#[test]
fn the_models_derive_cleanly() {
    use tfvalue::schema::TfSchema as _;
    assert_eq!(Everything::schema().version, 3);
    assert!(Generic::<u8>::schema().block.attributes[0].optional);
    assert_eq!(Generic::<String>::schema().block.attributes.len(), 1);
    assert_eq!(Ruled::rules().attributes().len(), 12);
    assert_eq!(Ruled::rules().object_rules().len(), 5);
    assert!(RuledGeneric::<u8>::rules().find("value").is_some());
    assert!(RuledGeneric::<String>::rules().find("name").is_some());
}
