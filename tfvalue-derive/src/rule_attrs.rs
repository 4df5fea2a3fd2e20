//! Parsing the `#[tf(...)]` keys that declare behaviour rather than schema: defaults, plan
//! modifiers and validators on fields, attribute combinations and object validators on the
//! struct. Syntax only, as in `attr`: every value remembers the span of its key; whether a
//! key fits the field is for `check`.

use proc_macro2::Span;
use syn::meta::ParseNestedMeta;
use syn::parse::Parse as _;
use syn::spanned::Spanned as _;
use syn::LitStr;

use crate::attr::Attr;
use crate::ctxt::Ctxt;

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

/// The behaviour keys of one field.
pub(crate) struct FieldRules {
    pub(crate) default: Attr<DefaultSpec>,
    pub(crate) use_state_for_unknown: Attr<()>,
    pub(crate) requires_replace: Attr<()>,
    pub(crate) requires_replace_if: Attr<syn::Path>,
    pub(crate) length: Attr<Bounds>,
    pub(crate) size: Attr<Bounds>,
    pub(crate) at_least: Attr<NumberLit>,
    pub(crate) at_most: Attr<NumberLit>,
    pub(crate) between: Attr<(NumberLit, NumberLit)>,
    pub(crate) one_of: Attr<Vec<OneOfValue>>,
    pub(crate) regex: Attr<LitStr>,
    pub(crate) regex_message: Attr<LitStr>,
    pub(crate) at_least_sum_of: Attr<Names>,
    pub(crate) at_least_one_true: Attr<Names>,
    pub(crate) validate: Attr<syn::Path>,
}

/// The keys a field may carry, for the "unknown key" message.
pub(crate) const FIELD_KEYS: &str = "default, use_state_for_unknown, requires_replace, \
     requires_replace_if, length, size, at_least, at_most, between, one_of, regex, \
     regex_message, at_least_sum_of, at_least_one_true, validate";

impl FieldRules {
    pub(crate) fn new() -> Self {
        FieldRules {
            default: Attr::none("default"),
            use_state_for_unknown: Attr::none("use_state_for_unknown"),
            requires_replace: Attr::none("requires_replace"),
            requires_replace_if: Attr::none("requires_replace_if"),
            length: Attr::none("length"),
            size: Attr::none("size"),
            at_least: Attr::none("at_least"),
            at_most: Attr::none("at_most"),
            between: Attr::none("between"),
            one_of: Attr::none("one_of"),
            regex: Attr::none("regex"),
            regex_message: Attr::none("regex_message"),
            at_least_sum_of: Attr::none("at_least_sum_of"),
            at_least_one_true: Attr::none("at_least_one_true"),
            validate: Attr::none("validate"),
        }
    }

    /// Reads `key` if it is a behaviour key: `Ok(false)` when it is not one.
    pub(crate) fn parse_key(
        &mut self,
        cx: &Ctxt,
        key: &str,
        span: Span,
        meta: &ParseNestedMeta<'_>,
    ) -> syn::Result<bool> {
        match key {
            "default" => {
                let expr: syn::Expr = meta.value()?.parse()?;
                let spec = match expr {
                    syn::Expr::Lit(syn::ExprLit {
                        lit: syn::Lit::Str(s),
                        ..
                    }) => DefaultSpec::Str(s),
                    syn::Expr::Path(p) if p.qself.is_none() => DefaultSpec::Function(p.path),
                    other => DefaultSpec::Expr(other),
                };
                self.default.set(cx, span, spec);
            }
            "use_state_for_unknown" => self.use_state_for_unknown.set(cx, span, ()),
            "requires_replace" => self.requires_replace.set(cx, span, ()),
            "requires_replace_if" => {
                let path: syn::Path = meta.value()?.parse()?;
                self.requires_replace_if.set(cx, span, path);
            }
            "length" => {
                let bounds = parse_bounds(cx, meta)?;
                self.length.set(cx, span, bounds);
            }
            "size" => {
                let bounds = parse_bounds(cx, meta)?;
                self.size.set(cx, span, bounds);
            }
            "at_least" => {
                let n = parse_number(&meta.value()?.parse()?)?;
                self.at_least.set(cx, span, n);
            }
            "at_most" => {
                let n = parse_number(&meta.value()?.parse()?)?;
                self.at_most.set(cx, span, n);
            }
            "between" => {
                let (mut min, mut max) = (None, None);
                let mut keys = Span::call_site();
                meta.parse_nested_meta(|inner| {
                    keys = inner.path.span();
                    let n = parse_number(&inner.value()?.parse()?)?;
                    if inner.path.is_ident("min") {
                        min = Some(n);
                    } else if inner.path.is_ident("max") {
                        max = Some(n);
                    } else {
                        return Err(inner.error("expected `min = N` or `max = N`"));
                    }
                    Ok(())
                })?;
                match (min, max) {
                    (Some(a), Some(b)) => self.between.set(cx, span, (a, b)),
                    _ => cx.error_at(
                        keys,
                        "`between` needs both bounds: between(min = A, max = B) (or use \
                         `at_least` / `at_most`)",
                    ),
                }
            }
            "one_of" => {
                let content;
                syn::parenthesized!(content in meta.input);
                let items = content.parse_terminated(syn::Expr::parse, syn::Token![,])?;
                let mut values = Vec::new();
                for item in items {
                    match &item {
                        syn::Expr::Lit(syn::ExprLit {
                            lit: syn::Lit::Str(s),
                            ..
                        }) => values.push(OneOfValue::Str(s.value())),
                        other => {
                            values.push(OneOfValue::Number(parse_number(other).map_err(|_| {
                                syn::Error::new_spanned(
                                    other,
                                    "expected a string or number literal: `one_of` lists \
                                     string or number values",
                                )
                            })?))
                        }
                    }
                }
                if values.is_empty() {
                    cx.error_at(span, "`one_of` needs at least one value");
                }
                self.one_of.set(cx, span, values);
            }
            "regex" => {
                let s: LitStr = meta.value()?.parse()?;
                if let Err(e) = regex_lite::Regex::new(&s.value()) {
                    cx.error_at(
                        s.span(),
                        format!("this regular expression does not compile: {e}"),
                    );
                }
                self.regex.set(cx, span, s);
            }
            "regex_message" => {
                let s: LitStr = meta.value()?.parse()?;
                self.regex_message.set(cx, span, s);
            }
            "at_least_sum_of" => {
                let names = parse_names(meta)?;
                self.at_least_sum_of.set(cx, span, names);
            }
            "at_least_one_true" => {
                let names = parse_names(meta)?;
                self.at_least_one_true.set(cx, span, names);
            }
            "validate" => {
                let path: syn::Path = meta.value()?.parse()?;
                self.validate.set(cx, span, path);
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The span of the first key that declares a validator, if any.
    pub(crate) fn first_validator(&self) -> Option<Span> {
        [
            self.length.span(),
            self.size.span(),
            self.at_least.span(),
            self.at_most.span(),
            self.between.span(),
            self.one_of.span(),
            self.regex.span(),
            self.at_least_sum_of.span(),
            self.at_least_one_true.span(),
            self.validate.span(),
        ]
        .into_iter()
        .flatten()
        .next()
    }

    /// The span of the first key that declares a plan behaviour, if any.
    pub(crate) fn first_plan_key(&self) -> Option<(&'static str, Span)> {
        [
            ("default", self.default.span()),
            ("use_state_for_unknown", self.use_state_for_unknown.span()),
            ("requires_replace", self.requires_replace.span()),
            ("requires_replace_if", self.requires_replace_if.span()),
        ]
        .into_iter()
        .find_map(|(k, s)| s.map(|s| (k, s)))
    }
}

/// The behaviour keys of the struct: attribute combinations (each may be repeated) and an
/// object validator.
pub(crate) struct ObjectRules {
    pub(crate) conflicts_with: Vec<Names>,
    pub(crate) exactly_one_of: Vec<Names>,
    pub(crate) at_least_one_of: Vec<Names>,
    pub(crate) required_with: Vec<Names>,
    pub(crate) validate: Attr<syn::Path>,
}

impl ObjectRules {
    pub(crate) fn new() -> Self {
        ObjectRules {
            conflicts_with: Vec::new(),
            exactly_one_of: Vec::new(),
            at_least_one_of: Vec::new(),
            required_with: Vec::new(),
            validate: Attr::none("validate"),
        }
    }

    /// Reads `key` if it is a behaviour key: `Ok(false)` when it is not one.
    pub(crate) fn parse_key(
        &mut self,
        cx: &Ctxt,
        key: &str,
        span: Span,
        meta: &ParseNestedMeta<'_>,
    ) -> syn::Result<bool> {
        match key {
            "conflicts_with" => self.conflicts_with.push(parse_names(meta)?),
            "exactly_one_of" => self.exactly_one_of.push(parse_names(meta)?),
            "at_least_one_of" => self.at_least_one_of.push(parse_names(meta)?),
            "required_with" => self.required_with.push(parse_names(meta)?),
            "validate" => {
                let path: syn::Path = meta.value()?.parse()?;
                self.validate.set(cx, span, path);
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Every combination, with the name of its key.
    pub(crate) fn combinations(&self) -> impl Iterator<Item = (&'static str, &Names)> {
        self.conflicts_with
            .iter()
            .map(|n| ("conflicts_with", n))
            .chain(self.exactly_one_of.iter().map(|n| ("exactly_one_of", n)))
            .chain(self.at_least_one_of.iter().map(|n| ("at_least_one_of", n)))
            .chain(self.required_with.iter().map(|n| ("required_with", n)))
    }
}

/// The keys the struct may carry, for the "unknown key" message.
pub(crate) const STRUCT_KEYS: &str =
    "conflicts_with, exactly_one_of, at_least_one_of, required_with, validate";

/// `(min = N, max = N)`, either optional but not both.
fn parse_bounds(cx: &Ctxt, meta: &ParseNestedMeta<'_>) -> syn::Result<Bounds> {
    let content;
    let parens = syn::parenthesized!(content in meta.input);
    let mut bounds = Bounds {
        min: None,
        max: None,
        span: parens.span.join(),
    };
    let pairs = content.parse_terminated(syn::MetaNameValue::parse, syn::Token![,])?;
    for pair in pairs {
        let syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(lit),
            ..
        }) = &pair.value
        else {
            return Err(syn::Error::new_spanned(
                &pair.value,
                "expected a whole number (a count of characters or elements)",
            ));
        };
        let n: u64 = lit.base10_parse()?;
        if pair.path.is_ident("min") {
            bounds.min = Some(n);
        } else if pair.path.is_ident("max") {
            bounds.max = Some(n);
            bounds.span = lit.span();
        } else {
            return Err(syn::Error::new_spanned(
                &pair.path,
                "expected `min = N` or `max = N`",
            ));
        }
    }
    match (bounds.min, bounds.max) {
        (None, None) => cx.error_at(bounds.span, "give `min = N`, `max = N` or both"),
        (Some(a), Some(b)) if a > b => {
            cx.error_at(bounds.span, format!("min ({a}) is greater than max ({b})"))
        }
        _ => {}
    }
    Ok(bounds)
}

/// A number literal, possibly negative, as a validator bound or a `one_of` value.
fn parse_number(expr: &syn::Expr) -> syn::Result<NumberLit> {
    let (negative, lit) = match expr {
        syn::Expr::Unary(syn::ExprUnary {
            op: syn::UnOp::Neg(_),
            expr,
            ..
        }) => (true, &**expr),
        other => (false, other),
    };
    let err = || syn::Error::new_spanned(expr, "expected a number literal");
    let syn::Expr::Lit(syn::ExprLit { lit, .. }) = lit else {
        return Err(err());
    };
    match lit {
        syn::Lit::Int(i) => {
            let n: i128 = i.base10_parse()?;
            Ok(NumberLit::Int(if negative { -n } else { n }))
        }
        syn::Lit::Float(f) => {
            let n: f64 = f.base10_parse()?;
            if !n.is_finite() {
                return Err(syn::Error::new_spanned(
                    f,
                    "a Terraform number is finite: this literal is not",
                ));
            }
            Ok(NumberLit::Float(if negative { -n } else { n }))
        }
        _ => Err(err()),
    }
}

/// `(a, b, c)`: attribute names (Terraform names of sibling fields).
fn parse_names(meta: &ParseNestedMeta<'_>) -> syn::Result<Names> {
    let mut names = Vec::new();
    meta.parse_nested_meta(|inner| {
        let Some(ident) = inner.path.get_ident() else {
            return Err(inner.error("expected an attribute name"));
        };
        let name = ident.to_string();
        let name = name.strip_prefix("r#").unwrap_or(&name).to_owned();
        names.push((name, ident.span()));
        Ok(())
    })?;
    Ok(Names { names })
}
