use tfvalue::{Nullable, TfSchema};

#[derive(TfSchema)]
struct Timeouts {
    create: Nullable<String>,
}

#[derive(TfSchema)]
struct Thing {
    #[tf(block(group))]
    timeouts: Option<Timeouts>,
}

fn main() {}
