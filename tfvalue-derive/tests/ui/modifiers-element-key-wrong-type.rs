use tfvalue::TfSchema;

#[derive(TfSchema)]
struct Volume {
    #[tf(element_key)]
    tags: Vec<String>,
    #[tf(element_key)]
    name: String,
}

fn main() {}
