// A crate path that names nothing: the compiler's error is on the user's path.
use tfvalue::TfSchema;

#[derive(TfSchema)]
#[tf(crate = "nowhere::tv")]
struct Thing {
    name: String,
}

fn main() {}
