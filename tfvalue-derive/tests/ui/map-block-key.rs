use std::collections::BTreeMap;
use tfvalue::TfSchema;

#[derive(TfSchema)]
struct Disk {
    size: u32,
}

#[derive(TfSchema)]
struct Thing {
    #[tf(block)]
    disks: BTreeMap<u32, Disk>,
    #[tf(nested)]
    more: BTreeMap<u64, Disk>,
}

fn main() {}
