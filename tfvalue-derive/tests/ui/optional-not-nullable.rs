use tfvalue::{TfSchema, Unknown};

#[derive(TfSchema)]
struct Thing {
    #[tf(optional)]
    name: String,
    #[tf(optional)]
    size: Unknown<u32>,
}

fn main() {}
