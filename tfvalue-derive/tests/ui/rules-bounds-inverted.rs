use tfvalue::TfSchema;

#[derive(TfSchema)]
struct Pet {
    #[tf(length(min = 5, max = 2))]
    name: String,
}

fn main() {}
