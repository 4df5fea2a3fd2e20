//! The model of `example_vm`, a VM-like resource, declared once with `#[derive(TfSchema)]`.
//!
//! Shared by the examples (`#[path = "models/vm.rs"] mod vm;`): `quickstart` plans and
//! applies it, `vm` prints its whole schema. The derive gives each struct its schema, its
//! Terraform type, serde impls for the wire format, and a companion `…Known` type for
//! apply time (`Vm` → `VmKnown`, `Disk` → `DiskKnown`, …).
//!
//! Wrappers say what Terraform may send: `Unknown<T>` where a value may be "known after
//! apply" (anything a configuration can compute from another resource), `Nullable<T>` where
//! it may be null (an optional attribute left out).

use std::collections::BTreeMap;

use tfvalue::set::Set;
use tfvalue::{Nullable, TfSchema, Unknown, Value};

/// A virtual machine.
#[derive(TfSchema, Debug)]
#[tf(version = 1)]
pub struct Vm {
    /// The machine's id, assigned by the cloud.
    #[tf(computed)]
    pub id: Unknown<Nullable<String>>,
    /// The machine's name.
    pub name: Unknown<String>,
    /// The machine type, e.g. `m5.large`.
    pub machine_type: Unknown<String>,
    /// The initial administrator password.
    #[tf(sensitive)]
    pub admin_password: Unknown<Nullable<String>>,
    /// Tags to apply to the machine.
    pub tags: Unknown<Nullable<BTreeMap<String, Unknown<String>>>>,
    /// Ids of the security groups the machine belongs to.
    pub security_groups: Unknown<Nullable<Set<Unknown<String>>>>,
    /// cloud-init configuration: any value, rendered to YAML.
    #[tf(optional)]
    pub cloud_init: Value,
    /// The network interface.
    #[tf(nested)]
    pub network: Unknown<Nullable<Network>>,
    /// The disks, boot disk first.
    #[tf(block(list, min_items = 1, max_items = 8))]
    pub disk: Unknown<Vec<Disk>>,
    #[tf(block(group))]
    pub timeouts: Timeouts,
}

/// A disk attached to the machine.
#[derive(TfSchema, Debug)]
pub struct Disk {
    /// Size in GiB.
    pub size_gb: Unknown<u32>,
    /// The disk type; the provider picks one when left out.
    #[tf(rename = "type", optional, computed)]
    pub kind: Unknown<Nullable<String>>,
}

/// The machine's network interface (a protocol-6 nested attribute).
#[derive(TfSchema, Debug)]
pub struct Network {
    /// The subnet to attach to.
    pub subnet_id: Unknown<String>,
    /// The private IP address; assigned by the cloud when left out.
    #[tf(optional, computed)]
    pub private_ip: Unknown<Nullable<String>>,
    /// Whether to assign a public IP address.
    pub public: Unknown<Nullable<bool>>,
}

// A GROUP block: always present (all null when the configuration has no `timeouts` block).
// Its values are literals, never unknown, so they need no `Unknown` wrapper: an unknown
// value here would be an error naming `.timeouts.create` and the wrapper to use.
/// How long operations may take.
#[derive(TfSchema, Debug)]
pub struct Timeouts {
    /// Time allowed to create the machine, e.g. `10m`.
    pub create: Nullable<String>,
    /// Time allowed to delete the machine, e.g. `5m`.
    pub delete: Nullable<String>,
}
