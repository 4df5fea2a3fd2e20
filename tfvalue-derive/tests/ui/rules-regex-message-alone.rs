use tfvalue::TfSchema;

#[derive(TfSchema)]
struct Pet {
    #[tf(regex_message = "must be lowercase")]
    name: String,
}

fn main() {}
