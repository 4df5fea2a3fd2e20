use tfvalue::{TfSchema, Unknown};

#[derive(TfSchema)]
struct Thing {
    #[tf(computed)]
    id: Unknown<String>,
}

fn main() {}
