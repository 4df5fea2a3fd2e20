use tfvalue::TfSchema;

#[derive(TfSchema)]
#[tf(deprecation_message = "")]
struct Thing {
    #[tf(deprecation_message = "  ")]
    zone: Option<String>,
}

fn main() {}
