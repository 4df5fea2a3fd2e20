use tfvalue::{Nullable, TfSchema, Unknown};

#[derive(TfSchema)]
struct Port {
    #[tf(computed)]
    mac: Unknown<Nullable<String>>,
}

#[derive(TfSchema)]
struct Server {
    #[tf(block, computed)]
    ports: Vec<Port>,
}

fn main() {}
