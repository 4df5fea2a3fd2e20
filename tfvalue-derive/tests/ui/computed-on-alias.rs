// `computed` on aliases of the wrong kind: one error per field, on the alias, and no
// other; a type wrong in both ways (`Plain`) gets one error.
use tfvalue::{Nullable, TfSchema, Unknown};

type Name = Nullable<String>;
type Planned = Unknown<String>;
type Plain = String;

#[derive(TfSchema)]
struct Thing {
    #[tf(computed)]
    name: Name,
    #[tf(computed)]
    planned: Planned,
    #[tf(computed)]
    plain: Plain,
}

fn main() {
    let _ = <Thing as tfvalue::schema::TfSchema>::schema();
}
