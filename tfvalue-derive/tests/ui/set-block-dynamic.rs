// Generated code, not the derive, rejects this one: a constant assertion, on the block type.
use tfvalue::set::Set;
use tfvalue::{TfSchema, Value};

#[derive(TfSchema)]
struct Rule {
    #[tf(optional)]
    settings: Value,
}

#[derive(TfSchema)]
struct Thing {
    #[tf(block)]
    rules: Set<Rule>,
}

fn main() {}
