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

#[test]
fn the_models_derive_cleanly() {
    use tfvalue::schema::TfSchema as _;
    assert_eq!(Everything::schema().version, 3);
    assert!(Generic::<u8>::schema().block.attributes[0].optional);
    assert_eq!(Generic::<String>::schema().block.attributes.len(), 1);
}
