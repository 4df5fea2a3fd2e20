use tfvalue::{Nullable, TfSchema};

#[derive(TfSchema)]
struct Disk {
    size: Nullable<u32>,
}

#[derive(TfSchema)]
struct Thing {
    #[tf(nested(group))]
    extra: Option<Disk>,
}

fn main() {}
