// Values of the wrong kind: syn's message, on the value.
use tfvalue::TfSchema;

#[derive(TfSchema)]
#[tf(version = "1")]
struct Thing {
    #[tf(rename = name)]
    name: String,
}

fn main() {}
