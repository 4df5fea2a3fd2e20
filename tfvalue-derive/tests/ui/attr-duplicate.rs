// A key given twice, on a field, inside block(...) and on the struct.
use tfvalue::{Nullable, TfSchema};

#[derive(TfSchema)]
struct Disk {
    size: Nullable<u32>,
}

#[derive(TfSchema)]
#[tf(version = 1, version = 2)]
struct Thing {
    #[tf(sensitive, sensitive)]
    name: String,
    #[tf(block(min_items = 1, min_items = 2))]
    disk: Vec<Disk>,
}

fn main() {}
