use std::collections::BTreeMap;
use tfvalue::{Nullable, TfSchema};

#[derive(TfSchema)]
struct Rule {
    port: Nullable<u16>,
}

#[derive(TfSchema)]
struct Thing {
    #[tf(block)]
    rule: BTreeMap<u32, Rule>,
}

fn main() {}
