use tfvalue::{Nullable, TfSchema, Unknown};

#[derive(TfSchema)]
struct Port {
    #[tf(computed)]
    mac: Unknown<Nullable<String>>,
}

#[derive(TfSchema)]
struct Server {
    #[tf(block(group), computed)]
    console: Port,
    #[tf(block(list, min_items = 1), computed)]
    ports: Unknown<Nullable<Vec<Port>>>,
}

fn main() {}
