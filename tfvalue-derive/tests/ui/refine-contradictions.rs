use tfvalue::{Nullable, TfSchema, Unknown};

#[derive(TfSchema)]
struct Pet {
    #[tf(computed, refine(at_least = 5, at_most = 2))]
    a: Unknown<Nullable<i64>>,
    #[tf(computed, refine(greater_than = 1, less_than = 1))]
    b: Unknown<Nullable<i64>>,
    #[tf(computed, refine(not_null, at_least = 3, at_most = 3))]
    c: Unknown<Nullable<i64>>,
    #[tf(computed, refine(at_least = 0, greater_than = 1))]
    d: Unknown<Nullable<i64>>,
    #[tf(computed, refine(prefix = ""))]
    e: Unknown<Nullable<String>>,
    #[tf(computed, refine())]
    f: Unknown<Nullable<String>>,
    #[tf(computed, refine(length(min = 0)))]
    g: Unknown<Nullable<Vec<String>>>,
    #[tf(computed, refine(length(min = 3, max = 1)))]
    h: Unknown<Nullable<Vec<String>>>,
    #[tf(computed, refine(not_null, not_null))]
    i: Unknown<Nullable<String>>,
}

#[derive(TfSchema)]
struct Unknownkey {
    #[tf(computed, refine(suffix = "x"))]
    a: Unknown<Nullable<String>>,
}

fn main() {}
