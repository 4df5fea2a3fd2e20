use tfvalue::TfSchema;

#[derive(TfSchema)]
enum Thing {
    A,
    B,
}

fn main() {}
