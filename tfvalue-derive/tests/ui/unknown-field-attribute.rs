use tfvalue::TfSchema;

#[derive(TfSchema)]
struct Thing {
    #[tf(requried)]
    name: String,
}

fn main() {}
