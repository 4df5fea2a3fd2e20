use tfvalue::{Nullable, TfSchema};

#[derive(TfSchema)]
struct Disk {
    size: Nullable<u32>,
}

#[derive(TfSchema)]
struct Thing {
    #[tf(nested(list, min_items = 1, max_items = 2))]
    extra: Nullable<Vec<Disk>>,
}

fn main() {}
