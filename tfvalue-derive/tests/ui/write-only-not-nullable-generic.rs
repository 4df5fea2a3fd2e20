// A struct with type parameters: the derive reads the field's type as written.
use tfvalue::{TfSchema, TfType};

#[derive(TfSchema)]
struct Thing<T: TfType> {
    #[tf(write_only)]
    token: String,
    value: T,
}

fn main() {}
