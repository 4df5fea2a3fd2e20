use tfvalue::{Nullable, TfSchema};

#[derive(TfSchema)]
struct Thing {
    #[tf(computed)]
    id: Nullable<String>,
}

fn main() {}
