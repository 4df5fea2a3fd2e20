//! The benchmark payloads' models (`tests/data/bench/type.json`), shared by the typed
//! benchmarks (`benches/typed.rs`) and the allocation tests (`tests/allocations.rs`).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use tfvalue::{Nullable, TfSchema, Unknown};

/// The benchmark resource as a provider author would declare it: computed attributes may
/// be unknown at plan time (`Unknown<Nullable<_>>`), optional ones may be null
/// (`Nullable<_>`), required ones are plain.
#[derive(TfSchema, Debug, PartialEq)]
pub struct Vm {
    pub ami: String,
    #[tf(computed)]
    pub arn: Unknown<Nullable<String>>,
    #[tf(optional, computed)]
    pub availability_zone: Unknown<Nullable<String>>,
    pub cpu_core_count: Nullable<i64>,
    pub cpu_threads_per_core: Nullable<i64>,
    pub disable_api_termination: Nullable<bool>,
    #[tf(block)]
    pub disk: Vec<Disk>,
    pub ebs_optimized: Nullable<bool>,
    pub hibernation: Nullable<bool>,
    #[tf(computed)]
    pub id: Unknown<Nullable<String>>,
    pub instance_type: String,
    pub ipv6_addresses: Nullable<Vec<String>>,
    pub key_name: Nullable<String>,
    pub monitoring: Nullable<bool>,
    #[tf(optional, computed)]
    pub private_ip: Unknown<Nullable<String>>,
    #[tf(computed)]
    pub public_ip: Unknown<Nullable<String>>,
    pub root_volume_size: Nullable<i64>,
    pub security_groups: Nullable<BTreeSet<String>>,
    pub spot_price: Nullable<f64>,
    pub subnet_id: Nullable<String>,
    pub tags: Nullable<BTreeMap<String, String>>,
    pub user_data: Nullable<String>,
}

/// One `disk` block.
#[derive(TfSchema, Debug, PartialEq)]
pub struct Disk {
    pub device_name: String,
    pub encrypted: Nullable<bool>,
    pub iops: Nullable<i64>,
    #[tf(optional, computed)]
    pub kms_key_id: Unknown<Nullable<String>>,
    pub size_gb: i64,
    pub r#type: Nullable<String>,
}

/// The floor: the same fields without wrappers (`Option` only where the payloads hold a
/// null), declared in the wire's (byte) order of names so that `to_vec_named` writes them
/// as go-cty does.
#[derive(Serialize, Deserialize, Debug, PartialEq)]
pub struct FloorVm {
    pub ami: String,
    pub arn: String,
    pub availability_zone: String,
    pub cpu_core_count: i64,
    pub cpu_threads_per_core: i64,
    pub disable_api_termination: bool,
    pub disk: Vec<FloorDisk>,
    pub ebs_optimized: bool,
    pub hibernation: bool,
    pub id: String,
    pub instance_type: String,
    pub ipv6_addresses: Vec<String>,
    pub key_name: String,
    pub monitoring: bool,
    pub private_ip: String,
    pub public_ip: String,
    pub root_volume_size: i64,
    pub security_groups: BTreeSet<String>,
    pub spot_price: f64,
    pub subnet_id: String,
    pub tags: BTreeMap<String, String>,
    pub user_data: Option<String>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
pub struct FloorDisk {
    pub device_name: String,
    pub encrypted: bool,
    pub iops: i64,
    pub kms_key_id: Option<String>,
    pub size_gb: i64,
    pub r#type: String,
}

/// [`Vm`] with borrowed strings: decoding copies no string (the JSON payloads have no
/// escapes), only collections allocate.
#[derive(TfSchema, Debug, PartialEq)]
pub struct BorrowedVm<'a> {
    pub ami: &'a str,
    #[tf(computed)]
    pub arn: Unknown<Nullable<&'a str>>,
    #[tf(optional, computed)]
    pub availability_zone: Unknown<Nullable<&'a str>>,
    pub cpu_core_count: Nullable<i64>,
    pub cpu_threads_per_core: Nullable<i64>,
    pub disable_api_termination: Nullable<bool>,
    #[tf(block)]
    pub disk: Vec<BorrowedDisk<'a>>,
    pub ebs_optimized: Nullable<bool>,
    pub hibernation: Nullable<bool>,
    #[tf(computed)]
    pub id: Unknown<Nullable<&'a str>>,
    pub instance_type: &'a str,
    pub ipv6_addresses: Nullable<Vec<&'a str>>,
    pub key_name: Nullable<&'a str>,
    pub monitoring: Nullable<bool>,
    #[tf(optional, computed)]
    pub private_ip: Unknown<Nullable<&'a str>>,
    #[tf(computed)]
    pub public_ip: Unknown<Nullable<&'a str>>,
    pub root_volume_size: Nullable<i64>,
    pub security_groups: Nullable<BTreeSet<&'a str>>,
    pub spot_price: Nullable<f64>,
    pub subnet_id: Nullable<&'a str>,
    pub tags: Nullable<BTreeMap<&'a str, &'a str>>,
    pub user_data: Nullable<&'a str>,
}

#[derive(TfSchema, Debug, PartialEq)]
pub struct BorrowedDisk<'a> {
    pub device_name: &'a str,
    pub encrypted: Nullable<bool>,
    pub iops: Nullable<i64>,
    #[tf(optional, computed)]
    pub kms_key_id: Unknown<Nullable<&'a str>>,
    pub size_gb: i64,
    pub r#type: Nullable<&'a str>,
}

/// The floor of [`BorrowedVm`].
#[derive(Serialize, Deserialize, Debug, PartialEq)]
pub struct FloorBorrowedVm<'a> {
    pub ami: &'a str,
    pub arn: &'a str,
    pub availability_zone: &'a str,
    pub cpu_core_count: i64,
    pub cpu_threads_per_core: i64,
    pub disable_api_termination: bool,
    #[serde(borrow)]
    pub disk: Vec<FloorBorrowedDisk<'a>>,
    pub ebs_optimized: bool,
    pub hibernation: bool,
    pub id: &'a str,
    pub instance_type: &'a str,
    pub ipv6_addresses: Vec<&'a str>,
    pub key_name: &'a str,
    pub monitoring: bool,
    pub private_ip: &'a str,
    pub public_ip: &'a str,
    pub root_volume_size: i64,
    pub security_groups: BTreeSet<&'a str>,
    pub spot_price: f64,
    pub subnet_id: &'a str,
    pub tags: BTreeMap<&'a str, &'a str>,
    pub user_data: Option<&'a str>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
pub struct FloorBorrowedDisk<'a> {
    pub device_name: &'a str,
    pub encrypted: bool,
    pub iops: i64,
    pub kms_key_id: Option<&'a str>,
    pub size_gb: i64,
    pub r#type: &'a str,
}
