//! The checks of the behaviour keys (defaults, plan modifiers, validators, attribute
//! combinations) against each other, the field's role and flags, and the struct's field
//! names. Whether a key fits the field's *type* is decided when the program is compiled,
//! by the marker traits of `tfvalue::rules` (see `expand::rules`), so aliases are judged as
//! the types they name.

use crate::ast::{Container, Field, Role};
use crate::ctxt::Ctxt;
use crate::rule_attrs::Names;

/// Checks the behaviour keys of every field and of the struct.
pub(crate) fn check_rules(cx: &Ctxt, cont: &Container<'_>) {
    // A `#[tf(flatten)]` field's keys are all reported by `check::check_flatten`.
    for field in cont.own_fields() {
        check_field(cx, field, cont);
    }
    let object = &cont.attrs.rules;
    for (key, names) in object.combinations() {
        check_names(cx, cont, None, names);
        if names.names.len() < 2 {
            let span = names
                .names
                .first()
                .map_or_else(proc_macro2::Span::call_site, |n| n.1);
            cx.error_at(
                span,
                format!("`{key}` relates attributes to each other: name at least two"),
            );
        }
    }
}

fn check_field(cx: &Ctxt, f: &Field<'_>, cont: &Container<'_>) {
    let rules = &f.attrs.rules;
    check_refine(cx, f);
    if matches!(f.role, Role::Block { .. }) {
        let first = rules
            .first_plan_key()
            .or_else(|| rules.first_validator().map(|s| ("validators", s)));
        if let Some((key, span)) = first {
            cx.error_at(
                span,
                format!(
                    "`{key}` does not apply to a block: declare defaults, plan modifiers and \
                     validators on the attributes of the block's struct"
                ),
            );
        }
        return;
    }
    if let Some(span) = rules.default.span() {
        if let Some(required) = f.attrs.required.span() {
            cx.error_at(
                required,
                "`required` excludes `default`: an attribute with a default is optional (the \
                 default applies where the configuration leaves it out)",
            );
        }
        if f.attrs.write_only.is_set() {
            cx.error_at(
                span,
                "`default` excludes `write_only`: Terraform keeps no value of a write-only \
                 attribute, so there is nothing to plan a default into",
            );
        }
    }
    for (key, span) in [
        ("use_state_for_unknown", rules.use_state_for_unknown.span()),
        (
            "use_non_null_state_for_unknown",
            rules.use_non_null_state_for_unknown.span(),
        ),
    ] {
        if let (Some(span), false) = (span, f.computed) {
            cx.error_at(
                span,
                format!(
                    "`{key}` keeps the prior value of a computed attribute: mark the attribute \
                     `computed` (or give it a `default`)"
                ),
            );
        }
    }
    if let (Some(_), Some(span)) = (
        rules.use_state_for_unknown.span(),
        rules.use_non_null_state_for_unknown.span(),
    ) {
        cx.error_at(
            span,
            "`use_non_null_state_for_unknown` is `use_state_for_unknown` without keeping a null \
             prior value: keep one of the two",
        );
    }
    if let Some(span) = rules.element_key.span() {
        if matches!(f.role, Role::Nested { .. }) {
            cx.error_at(
                span,
                "`element_key` identifies an element by a primitive attribute: a nested \
                 attribute cannot be one",
            );
        } else if f.computed || f.write_only {
            cx.error_at(
                span,
                "`element_key` identifies an element by what its configuration says: the \
                 attribute must be configured (required or optional), not computed or \
                 write-only",
            );
        }
    }
    if let (Some(_), Some(span)) = (
        rules.requires_replace.span(),
        rules.requires_replace_if.span(),
    ) {
        cx.error_at(
            span,
            "`requires_replace_if` is a narrower `requires_replace`: keep one of the two",
        );
    }
    if f.write_only {
        for (key, span) in [
            ("requires_replace", rules.requires_replace.span()),
            ("requires_replace_if", rules.requires_replace_if.span()),
            ("use_state_for_unknown", rules.use_state_for_unknown.span()),
            (
                "use_non_null_state_for_unknown",
                rules.use_non_null_state_for_unknown.span(),
            ),
        ] {
            if let Some(span) = span {
                cx.error_at(
                    span,
                    format!(
                        "`{key}` does not apply to a write-only attribute: its value is in no \
                         plan or state to compare"
                    ),
                );
            }
        }
    }
    if let (Some(span), None) = (rules.regex_message.span(), rules.regex.span()) {
        cx.error_at(
            span,
            "`regex_message` explains a `regex`: add `regex = \"...\"`",
        );
    }
    for names in [
        rules.at_least_sum_of.get(),
        rules.at_least_one_true.get(),
        rules.exactly_one_of.get(),
        rules.conflicts_with.get(),
        rules.at_least_one_of.get(),
        rules.required_with.get(),
    ]
    .into_iter()
    .flatten()
    {
        check_names(cx, cont, Some(f), names);
    }
}

/// Every name must be the Terraform name of another field of the struct.
fn check_names(cx: &Ctxt, cont: &Container<'_>, own: Option<&Field<'_>>, names: &Names) {
    // A struct-level rule may name a flattened attribute: checked when the program is
    // compiled, against all the names (`expand::flatten`).
    let deferred = own.is_none() && cont.has_flatten();
    for (i, (name, span)) in names.names.iter().enumerate() {
        if own.is_some_and(|f| &f.tf_name == name) {
            cx.error_at(
                *span,
                format!("`{name}` is this attribute itself: name its siblings"),
            );
        } else if !cont.own_fields().any(|f| &f.tf_name == name) && !deferred {
            let known: Vec<&str> = cont.own_fields().map(|f| f.tf_name.as_str()).collect();
            cx.error_at(
                *span,
                format!(
                    "no attribute named `{name}` in this struct (its attributes: {})",
                    known.join(", ")
                ),
            );
        } else if names.names[..i].iter().any(|(n, _)| n == name) {
            cx.error_at(*span, format!("`{name}` is named twice"));
        }
    }
}

/// `refine(...)` describes the unknown value the provider plans for a computed attribute
/// (optional and computed too: the provider plans it where the configuration leaves it
/// null). Its number bounds must leave some number, and more than one.
fn check_refine(cx: &Ctxt, f: &Field<'_>) {
    let rules = &f.attrs.rules;
    let (Some(spec), Some(span)) = (rules.refine.get(), rules.refine.span()) else {
        return;
    };
    if matches!(f.role, Role::Block { .. }) {
        cx.error_at(
            span,
            "`refine` does not apply to a block: refine the computed attributes of the block's \
             struct",
        );
        return;
    }
    if let Some(default) = rules.default.span() {
        cx.error_at(
            default,
            "`default` excludes `refine`: the default is planned where the configuration leaves \
             the attribute null, so no unknown value is left to refine",
        );
    } else if !f.computed {
        cx.error_at(
            span,
            "`refine` describes the unknown value the provider plans for a computed attribute: \
             mark the attribute `computed` (or `optional, computed`)",
        );
    }
    if let (Some(lo), Some(hi)) = (&spec.lower, &spec.upper) {
        let (a, b) = (lo.n.approx(), hi.n.approx());
        if a > b || (a == b && !(lo.inclusive && hi.inclusive)) {
            cx.error_at(
                hi.key,
                format!("no number is `{} = {a}` and `{} = {b}`", lo.name, hi.name),
            );
        } else if a == b && spec.not_null.is_some() {
            cx.error_at(
                hi.key,
                format!(
                    "these bounds pin the value to {a}: a value known before apply is planned \
                     as a known value (or a `default`), not refined"
                ),
            );
        }
    }
}
