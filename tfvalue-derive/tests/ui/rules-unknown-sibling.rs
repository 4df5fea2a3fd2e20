use tfvalue::TfSchema;

#[derive(TfSchema)]
struct Password {
    #[tf(at_least_sum_of(min_upper, min_lowr))]
    length: i64,
    min_upper: i64,
    min_lower: i64,
}

fn main() {}
