use tfvalue::TfSchema;

#[derive(TfSchema)]
struct Thing {
    name: String,
    #[tf(rename = "name")]
    other: String,
}

fn main() {}
