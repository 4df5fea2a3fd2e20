use tfvalue::{Nullable, TfSchema, Unknown};

#[derive(TfSchema)]
struct Login {
    #[tf(write_only, default = "x")]
    password: Unknown<Nullable<String>>,
}

fn main() {}
