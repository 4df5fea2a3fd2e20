use tfvalue::{Nullable, TfSchema};

// Every problem is reported in one compile.
#[derive(TfSchema)]
#[tf(verison = 2)]
struct Thing {
    #[tf(required)]
    name: Nullable<String>,
    #[tf(computed)]
    id: String,
    #[tf(rename = "Bad-Name")]
    other: String,
}

fn main() {}
