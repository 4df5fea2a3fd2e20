use tfvalue::{TfSchema, Value};

#[derive(TfSchema)]
struct Rule {
    #[tf(optional)]
    settings: Value,
}

#[derive(TfSchema)]
struct Thing {
    #[tf(block)]
    rule: tfvalue::set::Set<Rule>,
}

fn main() {}
