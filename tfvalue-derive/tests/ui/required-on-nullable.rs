use tfvalue::{Nullable, TfSchema, Unknown};

#[derive(TfSchema)]
struct Thing {
    #[tf(required)]
    name: Option<String>,
    #[tf(required)]
    size: Unknown<Nullable<u32>>,
}

fn main() {}
