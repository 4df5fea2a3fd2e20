use tfvalue::{Nullable, TfSchema};

#[derive(TfSchema)]
struct Pet {
    #[tf(use_state_for_unknown)]
    name: Nullable<String>,
}

fn main() {}
