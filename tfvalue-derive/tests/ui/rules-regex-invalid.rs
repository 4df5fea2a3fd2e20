use tfvalue::TfSchema;

#[derive(TfSchema)]
struct Pet {
    #[tf(regex = "^[a-z+$")]
    name: String,
}

fn main() {}
