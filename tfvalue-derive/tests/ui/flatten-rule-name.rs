use tfvalue::{Nullable, TfSchema};

#[derive(TfSchema)]
struct Shared {
    length: Nullable<i64>,
}

#[derive(TfSchema)]
#[tf(conflicts_with(name, length), conflicts_with(name, lenght))]
struct Model {
    name: Nullable<String>,
    #[tf(flatten)]
    shared: Shared,
}

fn main() {}
