use tfvalue::TfSchema;

#[derive(TfSchema)]
#[allow(non_snake_case)]
struct Thing {
    #[tf(rename = "Bad-Name")]
    other: String,
    #[tf(rename = "")]
    empty: String,
    camelCase: String,
}

fn main() {}
