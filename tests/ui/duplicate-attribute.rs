use tfvalue::{Nullable, TfSchema, Unknown};

#[derive(TfSchema)]
struct Thing {
    #[tf(computed, sensitive, computed)]
    id: Unknown<Nullable<String>>,
    #[tf(rename = "a", rename = "b")]
    name: String,
}

fn main() {}
