use tfvalue::{Nullable, TfSchema, Unknown};

#[derive(TfSchema)]
struct Port {
    #[tf(computed)]
    mac: Unknown<Nullable<String>>,
}

#[derive(TfSchema)]
struct Server<T> {
    name: T,
    #[tf(block, computed)]
    ports: Nullable<Vec<Port>>,
}

fn main() {}
