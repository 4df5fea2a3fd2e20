use tfvalue::TfSchema;

#[derive(TfSchema)]
#[tf(deprecated, deprecation_message = "Use thing_v2.")]
struct Thing {
    #[tf(deprecated, deprecation_message = "Use `region`.")]
    zone: Option<String>,
}

fn main() {}
