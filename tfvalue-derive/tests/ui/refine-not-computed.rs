use tfvalue::{Nullable, TfSchema, Unknown};

#[derive(TfSchema)]
struct Inner {
    #[tf(computed)]
    id: Unknown<Nullable<String>>,
}

#[derive(TfSchema)]
struct Pet {
    #[tf(refine(not_null))]
    name: String,
    #[tf(default = "x", refine(prefix = "x"))]
    tag: Unknown<Nullable<String>>,
    #[tf(block, refine(not_null))]
    inner: Option<Inner>,
}

fn main() {}
