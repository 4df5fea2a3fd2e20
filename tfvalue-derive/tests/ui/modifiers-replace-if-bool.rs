use tfvalue::{TfSchema, Unknown};

fn shrinks(prior: &Unknown<i64>, planned: &Unknown<i64>) -> bool {
    matches!((prior.as_known(), planned.as_known()), (Some(a), Some(b)) if b < a)
}

#[derive(TfSchema)]
struct Disk {
    #[tf(requires_replace_if = shrinks)]
    size: Unknown<i64>,
}

fn main() {}
