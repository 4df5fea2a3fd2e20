use tfvalue::TfSchema;

#[derive(TfSchema)]
union Thing {
    a: u32,
    b: f32,
}

fn main() {}
