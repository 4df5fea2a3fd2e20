use tfvalue::TfSchema;

#[derive(TfSchema)]
struct Pet {
    #[tf(between(min = 1))]
    length: i64,
}

fn main() {}
