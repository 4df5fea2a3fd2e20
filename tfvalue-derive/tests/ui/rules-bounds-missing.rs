use tfvalue::TfSchema;

#[derive(TfSchema)]
struct Pet {
    #[tf(length())]
    name: String,
}

fn main() {}
