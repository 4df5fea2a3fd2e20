use tfvalue::TfSchema;

#[derive(TfSchema)]
struct Thing {
    /// A name.
    #[tf(description_kind = html)]
    name: String,
}

fn main() {}
