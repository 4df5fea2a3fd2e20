use tfvalue::{Nullable, TfSchema};

#[derive(TfSchema)]
struct Shared {
    length: Nullable<i64>,
    special: bool,
}

#[derive(TfSchema)]
struct Other {
    upper: bool,
    special: bool,
}

#[derive(TfSchema)]
struct Model {
    length: i64,
    #[tf(flatten)]
    shared: Shared,
}

#[derive(TfSchema)]
struct Twice {
    #[tf(flatten)]
    shared: Shared,
    #[tf(flatten)]
    other: Other,
}

fn main() {}
