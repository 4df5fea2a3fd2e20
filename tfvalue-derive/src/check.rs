//! The checks over the parsed model: combinations of keys, and of keys and field types, that
//! Terraform cannot express. Each problem is recorded in the [`Ctxt`] on the user's token
//! (the key, the name or the type concerned); nothing here stops at the first one.

use proc_macro2::Span;

use crate::ast::{segment, Collection, Container, Field, Role};
use crate::attr::{Message, Nesting, NestingSpec};
use crate::attr_slot::Attr;
use crate::ctxt::Ctxt;

/// Checks the whole model, field by field and then across fields.
pub(crate) fn check(cx: &Ctxt, cont: &Container<'_>) {
    check_deprecation(cx, &cont.attrs.deprecated, &cont.attrs.deprecation_message);
    for field in &cont.fields {
        if field.flatten {
            check_flatten(cx, field, cont);
            continue;
        }
        check_name(cx, field);
        check_role(cx, field, cont.is_type_generic());
        check_flags(cx, field, cont.is_type_generic());
        check_write_only(cx, field, cont.is_type_generic());
        check_deprecation(
            cx,
            &field.attrs.deprecated,
            &field.attrs.deprecation_message,
        );
    }
    check_unique_names(cx, cont);
    crate::check_rules::check_rules(cx, cont);
}

/// `deprecation_message` says it all: not empty, and not beside `deprecated`, which it
/// implies.
fn check_deprecation(cx: &Ctxt, deprecated: &Attr<()>, message: &Attr<Message>) {
    let Some(m) = message.get() else { return };
    if m.text.trim().is_empty() {
        cx.error_at(
            m.lit,
            "the deprecation message is empty: say what to use instead, or write \
             #[tf(deprecated)] for Terraform's default text",
        );
    }
    if let Some(span) = deprecated.span() {
        cx.error_at(
            span,
            "`deprecation_message` implies `deprecated`: drop `deprecated`",
        );
    }
}

/// `write_only` against the other flags and, for structs with type parameters (which the
/// generated constant assertion cannot name), against the field's type as written.
fn check_write_only(cx: &Ctxt, f: &Field<'_>, generic: bool) {
    let Some(span) = f.attrs.write_only.span() else {
        return;
    };
    if matches!(f.role, Role::Block { .. }) {
        // Reported once, with the other flags, by `check_role`.
        return;
    }
    if f.attrs.computed.is_set() {
        cx.error_at(
            span,
            "`write_only` excludes `computed`: Terraform keeps no value of a write-only \
             attribute, so the provider has none to compute",
        );
    }
    if generic && !(f.shape.nullable || f.shape.dynamic) {
        cx.error_spanned_by(f.ty, write_only_not_nullable(&f.tf_name));
    }
}

/// The error for a write-only attribute whose type cannot be null (also the message of the
/// generated constant assertion).
pub(crate) fn write_only_not_nullable(name: &str) -> String {
    format!(
        "`{name}` is write-only: a write-only attribute is always null in plan and state, so \
         its type must hold null: use Nullable<_> (or Unknown<Nullable<_>>)"
    )
}

/// Terraform names are lowercase letters, digits and underscores.
fn check_name(cx: &Ctxt, f: &Field<'_>) {
    let name = &f.tf_name;
    let valid = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
    if !valid {
        cx.error_at(
            f.name_span,
            format!(
                "`{name}` is not a valid Terraform name: use lowercase letters, digits and \
                 underscores (rename with #[tf(rename = \"...\")])"
            ),
        );
    }
}

/// `#[tf(flatten)]` stands alone: the flattened struct's fields carry their own keys, and
/// the field has no name, flag or role in the schema. A struct with generic parameters
/// cannot flatten (its codec goes through constants, which cannot name them). Whether the
/// field's type is a model struct, and whether its names clash with this struct's, is
/// decided when the program is compiled (`expand::flatten`).
fn check_flatten(cx: &Ctxt, f: &Field<'_>, cont: &Container<'_>) {
    let attrs = &f.attrs;
    let rules = &attrs.rules;
    let keys = [
        ("required", attrs.required.span()),
        ("optional", attrs.optional.span()),
        ("computed", attrs.computed.span()),
        ("sensitive", attrs.sensitive.span()),
        ("write_only", attrs.write_only.span()),
        ("deprecated", attrs.deprecated.span()),
        ("deprecation_message", attrs.deprecation_message.span()),
        ("description", attrs.description.span()),
        ("description_kind", attrs.description_kind.span()),
        ("rename", attrs.rename.span()),
        ("block", attrs.block.span()),
        ("nested", attrs.nested.span()),
    ]
    .into_iter()
    .chain(rules.first_plan_key().map(|(k, s)| (k, Some(s))))
    .map(|(key, span)| (format!("`{key}`"), span))
    .chain(
        rules
            .first_validator()
            .map(|s| ("a validator".to_owned(), Some(s))),
    );
    for (key, span) in keys {
        if let Some(span) = span {
            cx.error_at(
                span,
                format!(
                    "{key} does not go with `flatten`: the flattened struct's attributes are \
                     this struct's as they are declared there; put the key on the fields of \
                     the flattened struct"
                ),
            );
        }
    }
    if !cont.generics.params.is_empty() {
        if let Some(span) = attrs.flatten.span() {
            cx.error_at(
                span,
                "`flatten` needs a struct without generic parameters (lifetimes included): \
                 the merged attribute names are constants, which cannot name them",
            );
        }
    }
}

/// Two fields with one Terraform name: the error is on the later one. (Names brought in by
/// `#[tf(flatten)]` are checked when the program is compiled.)
fn check_unique_names(cx: &Ctxt, cont: &Container<'_>) {
    let fields: Vec<&Field<'_>> = cont.own_fields().collect();
    for (i, a) in fields.iter().enumerate() {
        for b in &fields[..i] {
            if a.tf_name == b.tf_name {
                cx.error_at(
                    a.name_span,
                    format!(
                        "fields `{}` and `{}` both have the Terraform name `{}`: rename one \
                         with #[tf(rename = \"...\")]",
                        b.member, a.member, a.tf_name
                    ),
                );
            }
        }
    }
}

/// A block or a nested attribute: its nesting against the field's type, its item limits and
/// the flags it cannot have.
fn check_role(cx: &Ctxt, f: &Field<'_>, generic: bool) {
    let attrs = &f.attrs;
    if let Some(spec) = attrs.block.get() {
        let key = attrs.block.span().unwrap_or(f.name_span);
        if let Some(nested) = attrs.nested.span() {
            cx.error_at(
                nested,
                "a field is either a block or a nested attribute, not both",
            );
        }
        check_nesting(cx, f, spec, key, true);
        let nesting = match f.role {
            Role::Block { nesting, .. } => nesting,
            _ => unreachable!("a field with `block` has the block role"),
        };
        if let (Some(lo), Some(hi)) = (spec.min_items, spec.max_items) {
            if hi.n > 0 && lo.n > hi.n {
                cx.error_at(
                    hi.lit,
                    format!("min_items ({}) is greater than max_items ({})", lo.n, hi.n),
                );
            }
        }
        if (spec.min_items.is_some() || spec.max_items.is_some())
            && !matches!(nesting, Nesting::List | Nesting::Set)
        {
            cx.error_at(
                key,
                "min_items and max_items apply to list and set blocks only",
            );
        }
        if let Some(span) = attrs.computed.span() {
            check_computed_block(cx, f, spec, nesting, span, generic);
        }
        for (flag, span) in [
            ("required", attrs.required.span()),
            ("optional", attrs.optional.span()),
            ("sensitive", attrs.sensitive.span()),
            ("write_only", attrs.write_only.span()),
        ] {
            if let Some(span) = span {
                cx.error_at(
                    span,
                    format!(
                        "`{flag}` does not apply to a block: Terraform's blocks have no such \
                         flag (use min_items/max_items for list and set blocks, `computed` for \
                         blocks the provider fills in)"
                    ),
                );
            }
        }
    } else if let Some(spec) = attrs.nested.get() {
        let key = attrs.nested.span().unwrap_or(f.name_span);
        for (name, limit) in [("min_items", spec.min_items), ("max_items", spec.max_items)] {
            if let Some(limit) = limit {
                cx.error_at(
                    limit.key,
                    format!(
                        "`{name}` is only allowed on blocks: nested attributes have no item \
                         limits in protocol 6"
                    ),
                );
            }
        }
        check_nesting(cx, f, spec, key, false);
    }
}

/// `computed` on a block (`computed` is the span of the key): not on a GROUP block, not
/// with `min_items`, and, for structs with type parameters (which the generated constant
/// assertion cannot name), a type that can be unknown and null as written.
fn check_computed_block(
    cx: &Ctxt,
    f: &Field<'_>,
    spec: &NestingSpec,
    nesting: Nesting,
    computed: Span,
    generic: bool,
) {
    if nesting == Nesting::Group {
        cx.error_at(
            computed,
            "a GROUP block cannot be computed: Terraform fills an absent one with nulls, so \
             nothing is left out for the provider to fill in; use a SINGLE block \
             (Unknown<Option<T>>)",
        );
    }
    if let Some(min) = spec.min_items.filter(|m| m.n > 0) {
        cx.error_at(
            min.key,
            "a computed block cannot have `min_items`: the configuration may leave it out \
             for the provider to fill in",
        );
    }
    if generic && !(f.shape.unknown && f.shape.nullable) {
        cx.error_spanned_by(f.ty, computed_block_type(&f.tf_name));
    }
}

/// The error for a computed block whose type cannot be unknown or cannot be null (also the
/// message of the generated constant assertion).
pub(crate) fn computed_block_type(name: &str) -> String {
    format!(
        "`{name}` is a computed block: Terraform sends null where the configuration leaves it \
         out, and the provider may plan it unknown, so its type must hold both: use \
         Unknown<Nullable<Vec<T>>> (a set or map likewise, Unknown<Nullable<T>> for a single \
         block)"
    )
}

/// The nesting as written (or inferred) against the field's type. `key` is the span of
/// `block` / `nested`.
fn check_nesting(cx: &Ctxt, f: &Field<'_>, spec: &NestingSpec, key: Span, block: bool) {
    let what = if block { "block" } else { "nested attribute" };
    let shape = &f.shape;
    if let Collection::Map { key: Some(k), .. } = shape.collection {
        if !is_string_type(k) {
            cx.error_spanned_by(
                k,
                format!("a MAP {what} is keyed by its label, a string: use String keys"),
            );
        }
    }
    let (inferred, _) = shape.inferred_nesting();
    let nesting = match spec.mode {
        None => inferred,
        Some((span, Nesting::Group)) if !block => {
            cx.error_at(
                span,
                "nested attributes have no `group` nesting: use `single`, `list`, `set` or `map`",
            );
            // Checked no further: the mode is not one a nested attribute can have.
            return;
        }
        Some((span, mode)) => {
            let fits = match mode {
                Nesting::Single | Nesting::Group => {
                    matches!(shape.collection, Collection::None)
                }
                m => m == inferred,
            };
            if !fits {
                cx.error_at(
                    span,
                    format!(
                        "nesting `{}` does not fit the field's type: list needs Vec<T>, set a \
                         set type, map BTreeMap<String, T> or HashMap<String, T>, single and \
                         group the struct itself",
                        format!("{mode:?}").to_lowercase()
                    ),
                );
            }
            mode
        }
    };
    match nesting {
        Nesting::Single if block && !shape.nullable => cx.error_at(
            key,
            "a SINGLE block may be absent, so its field must be Option<T> or Nullable<T> \
             (or use block(group): a GROUP block is never null). The nesting of a block is \
             read from its field's type as written: a type alias of Vec<T>, a set, a map or \
             Option<T> is not seen through, so spell the type out",
        ),
        Nesting::Group if shape.nullable => cx.error_at(
            key,
            "a GROUP block is never null (Terraform fills an absent one with nulls): drop the \
             Option/Nullable wrapper",
        ),
        _ => {}
    }
}

/// `required`, `optional` and `computed` against each other and, for structs with type
/// parameters (which the generated constant assertions cannot name), against the field's
/// type as written. Not for blocks: `check_role` reports any flag on a block, once.
fn check_flags(cx: &Ctxt, f: &Field<'_>, generic: bool) {
    if matches!(f.role, Role::Block { .. }) {
        return;
    }
    let attrs = &f.attrs;
    if let Some(span) = attrs.required.span() {
        if attrs.optional.is_set() || attrs.computed.is_set() {
            cx.error_at(span, "`required` excludes `optional` and `computed`");
        }
    }
    if !generic {
        return;
    }
    let shape = &f.shape;
    // A required write-only attribute is nullable: it is null in plan and state.
    if attrs.required.is_set() && shape.nullable && !f.write_only {
        cx.error_spanned_by(f.ty, required_but_nullable(&f.tf_name));
    }
    let can_be_null = shape.nullable || shape.dynamic;
    let can_be_unknown = shape.unknown || shape.dynamic;
    if attrs.optional.is_set() && !can_be_null {
        cx.error_spanned_by(f.ty, optional_but_not_nullable(&f.tf_name));
    }
    if attrs.computed.is_set() {
        if !can_be_unknown {
            cx.error_spanned_by(f.ty, computed_but_never_unknown(&f.tf_name));
        } else if !can_be_null {
            cx.error_spanned_by(f.ty, computed_but_not_nullable(&f.tf_name));
        }
    }
}

/// The error for `required` on a type that declares null (also the message of the
/// generated constant assertion).
pub(crate) fn required_but_nullable(name: &str) -> String {
    format!(
        "`{name}` is marked `required`, but its type declares null (Option/Nullable): a \
         required attribute is never null; drop `required` (a nullable attribute is \
         optional), or the Option/Nullable wrapper"
    )
}

/// The error for `optional` on a type that cannot be null (also the message of the
/// generated constant assertion).
pub(crate) fn optional_but_not_nullable(name: &str) -> String {
    format!(
        "`{name}` is optional, but its type cannot be null: Terraform sends null for an unset \
         optional attribute; wrap the type in Nullable<T> or Option<T>"
    )
}

/// The error for a computed attribute whose type cannot be unknown (also the message of
/// the generated constant assertion).
pub(crate) fn computed_but_never_unknown(name: &str) -> String {
    format!(
        "`{name}` is computed, but its type cannot hold an unknown value: the provider must be \
         able to plan it as unknown; use Unknown<Nullable<T>>"
    )
}

/// The error for a computed attribute whose type can be unknown but not null (also the
/// message of the generated constant assertion).
pub(crate) fn computed_but_not_nullable(name: &str) -> String {
    format!(
        "`{name}` is computed, but its type cannot be null: Terraform sends null for a \
         computed attribute the configuration does not set; use Unknown<Nullable<T>>"
    )
}

/// True for `String`, `&str`, `Cow<str>` (map keys must be strings).
fn is_string_type(ty: &syn::Type) -> bool {
    match ty {
        syn::Type::Reference(r) => matches!(segment(&r.elem), Some((n, _)) if n == "str"),
        _ => matches!(segment(ty), Some((n, _)) if n == "String" || n == "Cow"),
    }
}
