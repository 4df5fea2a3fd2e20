// `required` on an alias whose type declares null: one error, on the alias, and no other.
use std::collections::BTreeMap;
use tfvalue::{Nullable, TfSchema, Unknown};

type Keepers = Unknown<Nullable<BTreeMap<String, String>>>;

#[derive(TfSchema)]
struct Thing {
    #[tf(required)]
    keepers: Keepers,
}

fn main() {
    let _ = <Thing as tfvalue::schema::TfSchema>::schema();
}
