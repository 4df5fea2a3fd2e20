use tfvalue::TfSchema;

fn changed(_: &String, _: &String) -> bool {
    true
}

#[derive(TfSchema)]
struct Pet {
    #[tf(requires_replace, requires_replace_if = changed)]
    name: String,
}

fn main() {}
