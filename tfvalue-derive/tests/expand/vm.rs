//! A model using most forms, for the committed expansion beside it (vm.expanded.rs). The
//! derive's unit test `expand_snapshots` reads the structs below; the types they name need
//! not exist here.

/// A virtual machine.
#[derive(TfSchema)]
#[tf(version = 2, known_derive(Debug))]
pub struct Vm {
    /// The machine's id, known after apply.
    #[tf(computed)]
    pub id: Unknown<Nullable<String>>,
    pub name: String,
    #[tf(optional, computed, sensitive, description = "The root password.", description_kind = markdown)]
    pub password: Unknown<Nullable<String>>,
    pub tags: Nullable<BTreeMap<String, String>>,
    #[tf(rename = "type")]
    pub kind: Option<String>,
    #[tf(optional)]
    pub metadata: Value,
    #[tf(block(list, min_items = 1, max_items = 4))]
    pub disk: Vec<Disk>,
    #[tf(block, deprecation_message = "Use `nic` blocks.")]
    pub network: Option<Network>,
    /// Sent on create and update, never kept.
    #[tf(write_only, sensitive)]
    pub admin_password: Nullable<String>,
    #[tf(deprecated)]
    pub legacy_flavor: Option<String>,
    #[tf(block(group))]
    pub timeouts: Timeouts,
    #[tf(nested(set))]
    pub ports: Nullable<BTreeSet<Port>>,
}
