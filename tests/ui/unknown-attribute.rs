use tfvalue::{Nullable, TfSchema};

#[derive(TfSchema)]
struct Thing {
    #[tf(optinal)]
    name: Nullable<String>,
}

fn main() {}
