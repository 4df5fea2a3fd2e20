use tfvalue::{Nullable, TfSchema};

// A field's `conflicts_with`, `at_least_one_of` and `required_with` name siblings: not
// itself, not a name the struct lacks, not one twice.
#[derive(TfSchema)]
struct Endpoint {
    #[tf(conflicts_with(host, socket))]
    host: Nullable<String>,
    #[tf(at_least_one_of(host, pipe))]
    socket: Nullable<String>,
    #[tf(required_with(host, host))]
    port: Nullable<i64>,
}

fn main() {}
