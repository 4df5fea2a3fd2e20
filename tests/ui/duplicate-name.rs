use tfvalue::{Nullable, TfSchema};

#[derive(TfSchema)]
struct Thing {
    name: Nullable<String>,
    #[tf(rename = "name")]
    other: Nullable<String>,
}

fn main() {}
