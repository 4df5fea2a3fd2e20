use tfvalue::TfSchema;

#[derive(TfSchema)]
struct Model {
    name: String,
    #[tf(flatten)]
    shared: String,
}

fn main() {}
