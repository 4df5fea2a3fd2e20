use tfvalue::{Nullable, TfSchema, Unknown};

#[derive(TfSchema)]
struct Volume {
    #[tf(optional, use_non_null_state_for_unknown)]
    id: Unknown<Nullable<String>>,
}

fn main() {}
