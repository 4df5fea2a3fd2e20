use tfvalue::{Nullable, TfSchema, Unknown};

#[derive(TfSchema)]
struct Pet {
    #[tf(required, default = 2)]
    length: Unknown<Nullable<i64>>,
}

fn main() {}
