use tfvalue::{Nullable, TfSchema};

const NOT_TEXT: i32 = 3;

// A `regex` const that is not a `&str` is the compiler's mismatch, at the path written.
#[derive(TfSchema)]
struct Names {
    #[tf(regex = NOT_TEXT)]
    name: Nullable<String>,
}

fn main() {}
