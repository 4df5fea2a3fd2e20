use tfvalue::{Nullable, TfSchema};

#[derive(TfSchema)]
struct Shared {
    length: Nullable<i64>,
}

#[derive(TfSchema)]
struct Model {
    #[tf(flatten, rename = "common", computed, block, length(min = 1))]
    shared: Shared,
}

fn main() {}
