use tfvalue::{Nullable, TfSchema, Unknown};

type Count = Unknown<Nullable<i64>>;

#[derive(TfSchema)]
struct Pet {
    #[tf(computed, refine(prefix = "id-"))]
    count: Count,
    #[tf(computed, refine(at_least = 1))]
    name: Unknown<Nullable<String>>,
    #[tf(computed, refine(length(min = 1)))]
    label: Unknown<Nullable<String>>,
}

fn main() {}
