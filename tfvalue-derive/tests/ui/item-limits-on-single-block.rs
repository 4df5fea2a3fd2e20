use std::collections::BTreeMap;
use tfvalue::TfSchema;

#[derive(TfSchema)]
struct Disk {
    size: u32,
}

#[derive(TfSchema)]
struct Thing {
    #[tf(block(max_items = 1))]
    boot: Option<Disk>,
    #[tf(block(min_items = 1))]
    disks: BTreeMap<String, Disk>,
}

fn main() {}
