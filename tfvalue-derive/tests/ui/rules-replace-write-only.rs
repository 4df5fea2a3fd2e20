use tfvalue::{Nullable, TfSchema};

#[derive(TfSchema)]
struct Login {
    #[tf(write_only, requires_replace)]
    password: Nullable<String>,
}

fn main() {}
