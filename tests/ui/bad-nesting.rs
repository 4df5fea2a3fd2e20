use tfvalue::{Nullable, TfSchema};

#[derive(TfSchema)]
struct Disk {
    size: Nullable<u32>,
}

#[derive(TfSchema)]
struct Thing {
    // A list block needs a Vec.
    #[tf(block(list))]
    boot: Option<Disk>,
    // A SINGLE block may be absent: it must be Option<T>.
    #[tf(block)]
    root: Disk,
    // A GROUP block is never null.
    #[tf(block(group))]
    timeouts: Option<Disk>,
    // Nested attributes have no group nesting, and no item limits.
    #[tf(nested(group))]
    extra: Option<Disk>,
    // Blocks have no required/optional/computed flags.
    #[tf(block, optional)]
    data: Vec<Disk>,
}

fn main() {}
