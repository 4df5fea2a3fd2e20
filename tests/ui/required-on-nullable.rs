use tfvalue::{Nullable, TfSchema};

#[derive(TfSchema)]
struct Thing {
    #[tf(required)]
    name: Nullable<String>,
    #[tf(required)]
    size: Option<u32>,
}

fn main() {}
