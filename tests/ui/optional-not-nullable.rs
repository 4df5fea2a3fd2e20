use tfvalue::TfSchema;

#[derive(TfSchema)]
struct Thing {
    #[tf(optional)]
    name: String,
}

fn main() {}
