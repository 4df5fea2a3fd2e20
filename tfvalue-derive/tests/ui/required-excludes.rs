use tfvalue::{TfSchema, Unknown};

#[derive(TfSchema)]
struct Thing {
    #[tf(required, computed)]
    id: Unknown<String>,
}

fn main() {}
