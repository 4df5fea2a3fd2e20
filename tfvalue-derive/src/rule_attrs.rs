//! The values of the `#[tf(...)]` keys that declare behaviour rather than schema: defaults,
//! validator bounds and numbers, `one_of` values, lists of sibling attributes. `attr` parses
//! the keys into them (its `FieldRules` and `ObjectRules`); `check_rules` and `expand::rules`
//! read them.

use proc_macro2::Span;
use syn::LitStr;

/// `default = <expr>`: a literal (converted into the attribute's type) or the path of a
/// function that returns the default.
pub(crate) enum DefaultSpec {
    /// A string literal: converted with `From<&str>`.
    Str(LitStr),
    /// A function path: called.
    Function(syn::Path),
    /// Any other expression (a number or bool literal, `-1`): the value as written.
    Expr(syn::Expr),
}

/// `length(min = N, max = N)` or `size(...)`: either bound may be left out.
pub(crate) struct Bounds {
    pub(crate) min: Option<u64>,
    pub(crate) max: Option<u64>,
    /// The span of the parenthesised part (for "min is greater than max").
    pub(crate) span: Span,
}

/// A number literal of a numeric validator, as the text Terraform will print.
#[derive(Clone)]
pub(crate) enum NumberLit {
    /// A whole number (`1`, `-3`).
    Int(i128),
    /// A finite decimal (`0.5`).
    Float(f64),
}

/// A value listed in `one_of(...)`.
pub(crate) enum OneOfValue {
    Str(String),
    Number(NumberLit),
}

/// A list of sibling attributes: `at_least_sum_of(a, b)`, `conflicts_with(a, b)`. Each name
/// keeps its span, so an unknown one is reported on itself.
pub(crate) struct Names {
    pub(crate) names: Vec<(String, Span)>,
}

/// `refine(not_null, prefix = "...", at_least = N, less_than = N, length(min = N, max = N))`:
/// what the provider promises about the unknown value it plans for a computed attribute.
/// Each part keeps the span of its key, for the type checks and the contradictions.
#[derive(Default)]
pub(crate) struct RefineSpec {
    /// `not_null`.
    pub(crate) not_null: Option<Span>,
    /// `prefix = "..."`.
    pub(crate) prefix: Option<(Span, LitStr)>,
    /// `at_least = N` (inclusive) or `greater_than = N` (exclusive).
    pub(crate) lower: Option<NumberBound>,
    /// `at_most = N` (inclusive) or `less_than = N` (exclusive).
    pub(crate) upper: Option<NumberBound>,
    /// `length(min = N, max = N)`, with the span of `length`.
    pub(crate) length: Option<(Span, Bounds)>,
}

/// One number bound of `refine(...)`.
pub(crate) struct NumberBound {
    /// The span of the key (`at_least`).
    pub(crate) key: Span,
    /// The key as written, for messages.
    pub(crate) name: &'static str,
    pub(crate) n: NumberLit,
    pub(crate) inclusive: bool,
}

impl NumberLit {
    /// The number as an `f64`, to order two bounds.
    pub(crate) fn approx(&self) -> f64 {
        match self {
            #[allow(clippy::cast_precision_loss)]
            NumberLit::Int(i) => *i as f64,
            NumberLit::Float(f) => *f,
        }
    }
}

/// Where a text of a key comes from: a string literal, or the path of a `&str` const.
pub(crate) enum TextSource {
    /// `"..."`, known to the derive.
    Lit(LitStr),
    /// `NAME` or `module::NAME`, known when the program runs.
    Const(syn::Path),
}
