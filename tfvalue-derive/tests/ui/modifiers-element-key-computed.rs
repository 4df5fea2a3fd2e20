use tfvalue::{Nullable, TfSchema, Unknown};

#[derive(TfSchema)]
struct Volume {
    #[tf(computed, element_key)]
    id: Unknown<Nullable<String>>,
    #[tf(optional, computed, element_key)]
    zone: Unknown<Nullable<String>>,
    #[tf(write_only, element_key)]
    secret: Option<String>,
}

fn main() {}
