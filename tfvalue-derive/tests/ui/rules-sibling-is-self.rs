use tfvalue::TfSchema;

#[derive(TfSchema)]
struct Password {
    #[tf(at_least_one_true(upper, lower))]
    upper: bool,
    lower: bool,
}

fn main() {}
