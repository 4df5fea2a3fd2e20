use tfvalue::TfSchema;

#[derive(TfSchema)]
struct Mount {
    path: String,
}

#[derive(TfSchema)]
struct Volume {
    #[tf(nested, element_key)]
    mount: Mount,
    #[tf(block, element_key)]
    backup: Vec<Mount>,
}

fn main() {}
