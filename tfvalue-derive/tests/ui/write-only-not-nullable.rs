// Generated code, not the derive, rejects these: a constant assertion on `TfType::CAN_BE_NULL`,
// on the field's type, so an alias is judged as the type it names.
use tfvalue::{TfSchema, Unknown};

type Password = Unknown<String>;

#[derive(TfSchema)]
struct Thing {
    #[tf(write_only)]
    token: String,
    #[tf(write_only, sensitive)]
    password: Password,
}

fn main() {}
