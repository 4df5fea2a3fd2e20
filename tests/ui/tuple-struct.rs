use tfvalue::TfSchema;

#[derive(TfSchema)]
struct Thing(String, u32);

fn main() {}
