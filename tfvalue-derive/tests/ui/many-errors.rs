// Every problem in one input is reported in one compile: parse errors (struct, then field
// keys) first, then the checks, field by field. The flags against the types (`required` on
// `name`, `computed` on `id`) are judged by the generated code's constant assertions, so
// they are reported once the derive's own errors are fixed.
use tfvalue::{Nullable, TfSchema};

#[derive(TfSchema)]
struct Disk {
    size: Nullable<u32>,
}

#[derive(TfSchema)]
#[tf(verison = 2)]
struct Thing {
    #[tf(required)]
    name: Nullable<String>,
    #[tf(computed)]
    id: String,
    #[tf(rename = "Bad-Name")]
    other: String,
    #[tf(block(list), optinal)]
    disk: Option<Disk>,
}

fn main() {}
