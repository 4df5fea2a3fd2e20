use tfvalue::TfSchema;

#[derive(TfSchema)]
struct Credentials {
    user: String,
}

#[derive(TfSchema)]
struct Thing {
    #[tf(block, write_only)]
    credentials: Option<Credentials>,
}

fn main() {}
