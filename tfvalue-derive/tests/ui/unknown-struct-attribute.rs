use tfvalue::TfSchema;

#[derive(TfSchema)]
#[tf(schema_version = 1)]
struct Thing {
    name: String,
}

fn main() {}
