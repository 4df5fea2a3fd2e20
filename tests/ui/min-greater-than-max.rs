use tfvalue::{Nullable, TfSchema};

#[derive(TfSchema)]
struct Disk {
    size: Nullable<u32>,
}

#[derive(TfSchema)]
struct Thing {
    #[tf(block(list, min_items = 3, max_items = 1))]
    disk: Vec<Disk>,
}

fn main() {}
