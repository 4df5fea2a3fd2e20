use tfvalue::{Nullable, TfSchema, Unknown};

#[derive(TfSchema)]
struct Pet {
    #[tf(default = "two")]
    length: Unknown<Nullable<i64>>,
}

fn main() {}
