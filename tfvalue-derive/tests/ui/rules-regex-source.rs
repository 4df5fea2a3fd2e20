use tfvalue::{Nullable, TfSchema};

fn pattern() -> &'static str {
    "^a$"
}

// `regex` and `regex_message` take a string literal or the path of a `&str` const: a
// number, a call or a macro is one error each and nothing else is reported.
#[derive(TfSchema)]
struct Names {
    #[tf(regex = 5)]
    a: Nullable<String>,
    #[tf(regex = pattern())]
    b: Nullable<String>,
    #[tf(regex = "^b$", regex_message = concat!("x", "y"))]
    c: Nullable<String>,
}

fn main() {}
