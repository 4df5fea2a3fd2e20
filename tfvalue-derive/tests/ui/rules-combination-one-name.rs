use tfvalue::{Nullable, TfSchema};

#[derive(TfSchema)]
#[tf(conflicts_with(a))]
struct Choice {
    a: Nullable<String>,
    b: Nullable<String>,
}

fn main() {}
