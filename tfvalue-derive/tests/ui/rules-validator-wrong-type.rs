use tfvalue::{Nullable, TfSchema, Unknown};

type Count = Unknown<Nullable<i64>>;

#[derive(TfSchema)]
struct Pet {
    #[tf(length(min = 1))]
    count: Count,
    #[tf(at_least = 1)]
    name: String,
    #[tf(size(max = 3))]
    label: String,
    #[tf(one_of("yes"))]
    flag: bool,
    #[tf(at_least_one_true(flag))]
    other: String,
    #[tf(at_least_sum_of(name))]
    total: i64,
}

fn main() {}
