use tfvalue::{Nullable, TfSchema};

// A field's `exactly_one_of` names siblings: not itself, not a name the struct lacks, at
// least one (an empty list does not parse), and it does not apply to a block.
#[derive(TfSchema)]
struct Content {
    #[tf(exactly_one_of(text, base64))]
    text: Nullable<String>,
    #[tf(exactly_one_of(text, source))]
    base64: Nullable<String>,
    #[tf(exactly_one_of())]
    path: Nullable<String>,
}

#[derive(TfSchema)]
struct Inner {
    a: Nullable<String>,
}

#[derive(TfSchema)]
struct Outer {
    #[tf(block, exactly_one_of(b))]
    inner: Nullable<Inner>,
    b: Nullable<String>,
}

fn main() {}
