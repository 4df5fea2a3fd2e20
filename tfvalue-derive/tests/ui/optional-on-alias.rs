// `optional` on an alias whose type cannot be null: one error, on the alias, and no other
// (the impls are generated; only the constant assertion fails).
use tfvalue::{TfSchema, Unknown};

type Count = Unknown<u32>;

#[derive(TfSchema)]
struct Thing {
    #[tf(optional)]
    count: Count,
}

fn main() {
    // The model's impls exist: nothing else fails.
    let _ = <Thing as tfvalue::schema::TfSchema>::schema();
}
