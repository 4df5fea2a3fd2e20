use tfvalue::TfSchema;

struct NotAModel {
    size: u32,
}

#[derive(TfSchema)]
struct Thing {
    #[tf(block)]
    disk: Vec<NotAModel>,
}

fn main() {}
