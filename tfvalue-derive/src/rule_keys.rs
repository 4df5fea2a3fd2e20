//! Parsing the `#[tf(...)]` keys that declare behaviour rather than schema: a field's
//! defaults, plan modifiers, refinements and validators ([`FieldRules`]) and the struct's
//! attribute combinations and object validator ([`ObjectRules`]), into the values of
//! `rule_attrs`. Called by `attr` for every key it does not know itself; syntax only, as
//! there: whether the keys fit together and fit the field's type is for `check_rules`.

use proc_macro2::Span;
use syn::meta::ParseNestedMeta;
use syn::parse::Parse as _;
use syn::spanned::Spanned;
use syn::LitStr;

use crate::attr_slot::Attr;
use crate::ctxt::Ctxt;
use crate::rule_attrs::{
    Bounds, DefaultSpec, Names, NumberBound, NumberLit, OneOfValue, RefineSpec, TextSource,
};

/// The behaviour keys of one field.
pub(crate) struct FieldRules {
    pub(crate) default: Attr<DefaultSpec>,
    pub(crate) use_state_for_unknown: Attr<()>,
    /// `use_non_null_state_for_unknown`: as `use_state_for_unknown`, a null prior value
    /// not kept.
    pub(crate) use_non_null_state_for_unknown: Attr<()>,
    /// `element_key`: the attribute identifies its object among the elements of a
    /// collection.
    pub(crate) element_key: Attr<()>,
    pub(crate) requires_replace: Attr<()>,
    pub(crate) requires_replace_if: Attr<syn::Path>,
    pub(crate) length: Attr<Bounds>,
    pub(crate) size: Attr<Bounds>,
    pub(crate) at_least: Attr<NumberLit>,
    pub(crate) at_most: Attr<NumberLit>,
    pub(crate) between: Attr<(NumberLit, NumberLit)>,
    pub(crate) one_of: Attr<Vec<OneOfValue>>,
    /// `regex = "..."` or `regex = PATTERN` (a `&str` const).
    pub(crate) regex: Attr<TextSource>,
    /// `regex_message = "..."` or `regex_message = MESSAGE` (a `&str` const).
    pub(crate) regex_message: Attr<TextSource>,
    pub(crate) at_least_sum_of: Attr<Names>,
    pub(crate) at_least_one_true: Attr<Names>,
    /// `exactly_one_of(b, c)`: this attribute or exactly one of its named siblings.
    pub(crate) exactly_one_of: Attr<Names>,
    /// `conflicts_with(b, c)`: none of the siblings when this attribute is configured.
    pub(crate) conflicts_with: Attr<Names>,
    /// `at_least_one_of(b, c)`: this attribute or at least one of the siblings.
    pub(crate) at_least_one_of: Attr<Names>,
    /// `required_with(b, c)`: each of the siblings when this attribute is configured.
    pub(crate) required_with: Attr<Names>,
    /// `refine(...)`: the refinements of the unknown value planned for a computed attribute.
    pub(crate) refine: Attr<RefineSpec>,
    pub(crate) validate: Attr<syn::Path>,
}

/// The keys a field may carry, for the "unknown key" message.
pub(crate) const FIELD_KEYS: &str =
    "default, use_state_for_unknown, use_non_null_state_for_unknown, \
     element_key, requires_replace, \
     requires_replace_if, length, size, at_least, at_most, between, one_of, regex, \
     regex_message, at_least_sum_of, at_least_one_true, exactly_one_of, conflicts_with, \
     at_least_one_of, required_with, validate, refine";

impl FieldRules {
    pub(crate) fn new() -> Self {
        FieldRules {
            default: Attr::none("default"),
            use_state_for_unknown: Attr::none("use_state_for_unknown"),
            use_non_null_state_for_unknown: Attr::none("use_non_null_state_for_unknown"),
            element_key: Attr::none("element_key"),
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
            exactly_one_of: Attr::none("exactly_one_of"),
            conflicts_with: Attr::none("conflicts_with"),
            at_least_one_of: Attr::none("at_least_one_of"),
            required_with: Attr::none("required_with"),
            refine: Attr::none("refine"),
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
            "use_non_null_state_for_unknown" => {
                self.use_non_null_state_for_unknown.set(cx, span, ());
            }
            // #[tf(element_key)] on an attribute of a collection's element struct
            "element_key" => self.element_key.set(cx, span, ()),
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
                if let Some(source) = parse_text(cx, meta, "regex")? {
                    if let TextSource::Lit(s) = &source {
                        if let Err(e) = regex_lite::Regex::new(&s.value()) {
                            cx.error_at(
                                s.span(),
                                format!("this regular expression does not compile: {e}"),
                            );
                        }
                    }
                    self.regex.set(cx, span, source);
                }
            }
            "regex_message" => {
                if let Some(source) = parse_text(cx, meta, "regex_message")? {
                    self.regex_message.set(cx, span, source);
                }
            }
            "at_least_sum_of" => {
                let names = parse_names(meta)?;
                self.at_least_sum_of.set(cx, span, names);
            }
            "at_least_one_true" => {
                let names = parse_names(meta)?;
                self.at_least_one_true.set(cx, span, names);
            }
            // exactly_one_of(b, c)
            "exactly_one_of" => {
                let names = parse_names(meta)?;
                self.exactly_one_of.set(cx, span, names);
            }
            // conflicts_with(b, c), at_least_one_of(b, c), required_with(b, c)
            "conflicts_with" => {
                let names = parse_names(meta)?;
                self.conflicts_with.set(cx, span, names);
            }
            "at_least_one_of" => {
                let names = parse_names(meta)?;
                self.at_least_one_of.set(cx, span, names);
            }
            "required_with" => {
                let names = parse_names(meta)?;
                self.required_with.set(cx, span, names);
            }
            // refine(not_null, prefix = "arn:", at_least = 1, length(max = 5))
            "refine" => {
                let spec = parse_refine(cx, span, meta)?;
                self.refine.set(cx, span, spec);
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
            self.exactly_one_of.span(),
            self.conflicts_with.span(),
            self.at_least_one_of.span(),
            self.required_with.span(),
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
            (
                "use_non_null_state_for_unknown",
                self.use_non_null_state_for_unknown.span(),
            ),
            ("element_key", self.element_key.span()),
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

/// `key = "..."` or `key = CONST`; anything else is one error on it (`Ok(None)`), so the
/// derive goes on and reports nothing unrelated.
fn parse_text(cx: &Ctxt, meta: &ParseNestedMeta<'_>, key: &str) -> syn::Result<Option<TextSource>> {
    let expr: syn::Expr = meta.value()?.parse()?;
    match expr {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(s),
            ..
        }) => Ok(Some(TextSource::Lit(s))),
        syn::Expr::Path(p) if p.qself.is_none() => Ok(Some(TextSource::Const(p.path))),
        other => {
            cx.error_at(
                syn::spanned::Spanned::span(&other),
                format!(
                    "`{key}` takes a string literal or the path of a `&str` const: \
                     `{key} = \"...\"` or `{key} = NAME`"
                ),
            );
            Ok(None)
        }
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

/// The parenthesised part of `refine(...)`: each key at most once, one lower and one upper
/// number bound, a prefix that says something, and not nothing at all.
fn parse_refine(cx: &Ctxt, span: Span, meta: &ParseNestedMeta<'_>) -> syn::Result<RefineSpec> {
    let mut spec = RefineSpec::default();
    let empty = meta
        .input
        .cursor()
        .group(proc_macro2::Delimiter::Parenthesis)
        .is_some_and(|(inside, _, _)| inside.eof());
    if empty {
        let _nothing;
        syn::parenthesized!(_nothing in meta.input);
        cx.error_at(
            span,
            "`refine` needs at least one refinement: not_null, prefix, at_least, greater_than, \
             at_most, less_than or length",
        );
        return Ok(spec);
    }
    meta.parse_nested_meta(|inner| {
        let key = inner.path.span();
        let Some(name) = inner.path.get_ident().map(ToString::to_string) else {
            return Err(inner.error("expected a refinement"));
        };
        match name.as_str() {
            "not_null" => {
                if spec.not_null.replace(key).is_some() {
                    cx.error_at(key, "duplicate refinement `not_null`");
                }
            }
            "prefix" => {
                let s: LitStr = inner.value()?.parse()?;
                if s.value().is_empty() {
                    cx.error_at(
                        s.span(),
                        "an empty prefix says nothing: give the text the value starts with",
                    );
                }
                if spec.prefix.replace((key, s)).is_some() {
                    cx.error_at(key, "duplicate refinement `prefix`");
                }
            }
            "at_least" | "greater_than" | "at_most" | "less_than" => {
                let n = parse_number(&inner.value()?.parse()?)?;
                let (name, inclusive, lower) = match name.as_str() {
                    "at_least" => ("at_least", true, true),
                    "greater_than" => ("greater_than", false, true),
                    "at_most" => ("at_most", true, false),
                    _ => ("less_than", false, false),
                };
                let bound = NumberBound {
                    key,
                    name,
                    n,
                    inclusive,
                };
                let slot = if lower {
                    &mut spec.lower
                } else {
                    &mut spec.upper
                };
                if let Some(earlier) = slot.replace(bound) {
                    let side = if lower { "below" } else { "above" };
                    cx.error_at(
                        key,
                        format!(
                            "`{}` and `{name}` both bound the number from {side}: keep one",
                            earlier.name
                        ),
                    );
                }
            }
            "length" => {
                let bounds = parse_bounds(cx, &inner)?;
                if bounds.min.unwrap_or(0) == 0 && bounds.max.is_none() {
                    cx.error_at(
                        bounds.span,
                        "a length of at least 0 says nothing: give `min` above 0 or a `max`",
                    );
                }
                if spec.length.replace((key, bounds)).is_some() {
                    cx.error_at(key, "duplicate refinement `length`");
                }
            }
            other => {
                return Err(inner.error(format!(
                    "unknown refinement `{other}`, expected one of: not_null, prefix, at_least, \
                     greater_than, at_most, less_than, length"
                )))
            }
        }
        Ok(())
    })?;
    Ok(spec)
}
