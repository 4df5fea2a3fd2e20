use tfvalue::{Nullable, TfSchema, Unknown};

#[derive(TfSchema)]
struct Thing {
    #[tf(optional, computed, write_only)]
    password: Unknown<Nullable<String>>,
}

fn main() {}
