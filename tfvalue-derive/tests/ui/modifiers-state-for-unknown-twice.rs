use tfvalue::{Nullable, TfSchema, Unknown};

#[derive(TfSchema)]
struct Volume {
    #[tf(computed, use_state_for_unknown, use_non_null_state_for_unknown)]
    id: Unknown<Nullable<String>>,
}

fn main() {}
