// `crate = "..."` must hold a path.
use tfvalue::TfSchema;

#[derive(TfSchema)]
#[tf(crate = "not a path")]
struct Thing {
    name: String,
}

fn main() {}
