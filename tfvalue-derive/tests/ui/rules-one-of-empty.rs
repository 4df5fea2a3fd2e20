use tfvalue::TfSchema;

#[derive(TfSchema)]
struct Pet {
    #[tf(one_of())]
    kind: String,
}

fn main() {}
