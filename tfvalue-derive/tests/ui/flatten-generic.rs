use tfvalue::{Nullable, TfSchema, TfType};

#[derive(TfSchema)]
struct Shared {
    length: Nullable<i64>,
}

#[derive(TfSchema)]
struct Model<T: TfType> {
    value: T,
    #[tf(flatten)]
    shared: Shared,
}

fn main() {}
