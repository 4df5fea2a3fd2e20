use tfvalue::{Nullable, TfSchema, Unknown};

#[derive(TfSchema)]
struct Thing {
    // Cannot hold an unknown: the provider could not plan it.
    #[tf(computed)]
    id: Nullable<String>,
    // Cannot hold null: Terraform sends null for it in configuration.
    #[tf(computed)]
    arn: Unknown<String>,
}

fn main() {}
