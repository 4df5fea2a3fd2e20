use tfvalue::TfSchema;

#[derive(TfSchema)]
struct Pet {
    #[tf(default = 2)]
    length: i64,
}

fn main() {}
