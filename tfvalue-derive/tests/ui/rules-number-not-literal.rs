use tfvalue::TfSchema;

const MIN: i64 = 1;

#[derive(TfSchema)]
struct Pet {
    #[tf(at_least = MIN)]
    length: i64,
}

fn main() {}
