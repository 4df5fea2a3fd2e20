use std::collections::BTreeSet;
use tfvalue::{Nullable, TfSchema};

#[derive(TfSchema)]
struct Disk {
    size: u32,
}

#[derive(TfSchema)]
struct Thing {
    #[tf(block(list))]
    boot: Option<Disk>,
    #[tf(block(single))]
    disks: Vec<Disk>,
    #[tf(nested(map))]
    tags: Nullable<BTreeSet<Disk>>,
}

fn main() {}
