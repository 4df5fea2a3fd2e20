use tfvalue::TfSchema;

#[derive(TfSchema)]
struct Pair(String, u32);

#[derive(TfSchema)]
struct Unit;

fn main() {}
