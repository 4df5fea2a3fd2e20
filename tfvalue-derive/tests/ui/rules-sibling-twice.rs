use tfvalue::{Nullable, TfSchema};

#[derive(TfSchema)]
#[tf(exactly_one_of(a, b, a))]
struct Choice {
    a: Nullable<String>,
    b: Nullable<String>,
}

fn main() {}
