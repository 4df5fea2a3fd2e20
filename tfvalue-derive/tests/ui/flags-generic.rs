// A struct with type parameters: the generated constant assertions cannot name them, so
// the derive judges the flags by the types as written.
use tfvalue::{Nullable, TfSchema, Unknown};

#[derive(TfSchema)]
struct Thing<T> {
    #[tf(optional)]
    name: String,
    #[tf(required)]
    value: Nullable<T>,
    #[tf(computed)]
    id: Unknown<String>,
    #[tf(computed)]
    plain: T,
}

fn main() {}
