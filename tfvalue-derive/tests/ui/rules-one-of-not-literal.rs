use tfvalue::TfSchema;

#[derive(TfSchema)]
struct Pet {
    #[tf(one_of(true, false))]
    flag: bool,
}

fn main() {}
