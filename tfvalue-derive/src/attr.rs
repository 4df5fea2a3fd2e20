//! Parsing `#[tf(...)]` attributes into typed values, each remembering the span of its key:
//! the one place that reads them. The schema keys go into [`FieldAttrs`] and
//! [`ContainerAttrs`]; the keys that declare behaviour (defaults, plan modifiers,
//! refinements, validators, attribute combinations) are handed to `rule_keys`, which
//! parses them into their `FieldRules` and `ObjectRules`. Syntax only: a malformed, unknown or duplicated key
//! is recorded in the [`Ctxt`] with its span and otherwise ignored, so every problem is
//! reported in one compile. Whether the keys of one field go together (and fit its type) is
//! for `check` and `check_rules`.

use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Attribute, LitInt, LitStr};

pub(crate) use crate::attr_slot::Attr;
use crate::ctxt::Ctxt;
use crate::rule_keys::{FieldRules, ObjectRules, FIELD_KEYS, STRUCT_KEYS};

/// `description_kind = plain | markdown`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum DescriptionKind {
    Plain,
    Markdown,
}

/// Nesting modes a user can name in `block(...)` / `nested(...)`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Nesting {
    Single,
    List,
    Set,
    Map,
    Group,
}

impl Nesting {
    fn from_ident(s: &str) -> Option<Nesting> {
        Some(match s {
            "single" => Nesting::Single,
            "list" => Nesting::List,
            "set" => Nesting::Set,
            "map" => Nesting::Map,
            "group" => Nesting::Group,
            _ => return None,
        })
    }
}

/// `block`, `block(mode, min_items = N, max_items = N)`, `nested`, `nested(mode)`.
pub(crate) struct NestingSpec {
    /// The mode as written, with the span of its name.
    pub(crate) mode: Option<(Span, Nesting)>,
    pub(crate) min_items: Option<ItemLimit>,
    pub(crate) max_items: Option<ItemLimit>,
}

/// `min_items = N` or `max_items = N`.
#[derive(Clone, Copy)]
pub(crate) struct ItemLimit {
    /// The span of the key (`min_items`).
    pub(crate) key: Span,
    /// The span of the number.
    pub(crate) lit: Span,
    pub(crate) n: u64,
}

/// `deprecation_message = "..."`: the text, and the span of the string (the key's span is
/// the attribute's).
pub(crate) struct Message {
    pub(crate) text: String,
    pub(crate) lit: Span,
}

impl Message {
    fn parse(meta: &syn::meta::ParseNestedMeta<'_>) -> syn::Result<Message> {
        let s: LitStr = meta.value()?.parse()?;
        Ok(Message {
            text: s.value(),
            lit: s.span(),
        })
    }
}

/// The `#[tf]` keys of a field.
pub(crate) struct FieldAttrs {
    pub(crate) required: Attr<()>,
    pub(crate) optional: Attr<()>,
    pub(crate) computed: Attr<()>,
    pub(crate) sensitive: Attr<()>,
    pub(crate) write_only: Attr<()>,
    pub(crate) deprecated: Attr<()>,
    pub(crate) deprecation_message: Attr<Message>,
    pub(crate) description: Attr<String>,
    pub(crate) description_kind: Attr<DescriptionKind>,
    pub(crate) rename: Attr<String>,
    pub(crate) block: Attr<NestingSpec>,
    pub(crate) nested: Attr<NestingSpec>,
    /// `flatten`: the field's struct's attributes and blocks are this struct's.
    pub(crate) flatten: Attr<()>,
    /// Defaults, plan modifiers and validators.
    pub(crate) rules: FieldRules,
}

/// The `#[tf]` keys of the struct.
pub(crate) struct ContainerAttrs {
    pub(crate) version: Attr<i64>,
    pub(crate) known_derive: Attr<Vec<syn::Path>>,
    pub(crate) deprecated: Attr<()>,
    pub(crate) deprecation_message: Attr<Message>,
    pub(crate) description: Attr<String>,
    pub(crate) description_kind: Attr<DescriptionKind>,
    /// `crate = "path"` or `crate = path`: where the generated code finds tfvalue.
    pub(crate) crate_path: Attr<syn::Path>,
    /// Attribute combinations and the object validator.
    pub(crate) rules: ObjectRules,
}

/// The doc comment of an item, lines trimmed and joined with newlines.
pub(crate) fn doc_comment(attrs: &[Attribute]) -> Option<String> {
    let mut lines = Vec::new();
    for attr in attrs {
        if !attr.path().is_ident("doc") {
            continue;
        }
        if let syn::Meta::NameValue(nv) = &attr.meta {
            if let syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) = &nv.value
            {
                lines.push(s.value().trim().to_owned());
            }
        }
    }
    let text = lines.join("\n").trim().to_owned();
    (!text.is_empty()).then_some(text)
}

fn parse_kind(cx: &Ctxt, lit: &syn::Ident) -> Option<DescriptionKind> {
    match lit.to_string().as_str() {
        "plain" => Some(DescriptionKind::Plain),
        "markdown" => Some(DescriptionKind::Markdown),
        other => {
            cx.error_spanned_by(
                lit,
                format!("unknown description_kind `{other}`, expected `plain` or `markdown`"),
            );
            None
        }
    }
}

/// Reads the parenthesised part of `block(...)` / `nested(...)`, if any. Every mode name and
/// item limit is accepted here; which apply to blocks or nested attributes is for the
/// checks.
fn parse_nesting(cx: &Ctxt, meta: &syn::meta::ParseNestedMeta<'_>) -> syn::Result<NestingSpec> {
    let mut spec = NestingSpec {
        mode: None,
        min_items: None,
        max_items: None,
    };
    if !meta.input.peek(syn::token::Paren) {
        return Ok(spec);
    }
    meta.parse_nested_meta(|inner| {
        let span = inner.path.span();
        let Some(ident) = inner.path.get_ident().map(ToString::to_string) else {
            return Err(inner.error("expected a nesting mode or `min_items`/`max_items`"));
        };
        match ident.as_str() {
            // block(min_items = 1)
            "min_items" | "max_items" => {
                let lit: LitInt = inner.value()?.parse()?;
                let n: u64 = lit.base10_parse()?;
                let slot = if ident == "min_items" {
                    &mut spec.min_items
                } else {
                    &mut spec.max_items
                };
                if slot.is_some() {
                    cx.error_at(span, format!("duplicate tf attribute `{ident}`"));
                } else {
                    *slot = Some(ItemLimit {
                        key: span,
                        lit: lit.span(),
                        n,
                    });
                }
            }
            // block(list), nested(set), ...
            mode => {
                match Nesting::from_ident(mode) {
                    Some(n) => {
                        if spec.mode.is_some() {
                            cx.error_at(span, "the nesting mode is given twice");
                        } else {
                            spec.mode = Some((span, n));
                        }
                    }
                    None => cx.error_at(
                        span,
                        format!(
                        "unknown nesting mode `{mode}`, expected one of: single, list, set, map{}",
                        if meta.path.is_ident("block") { ", group" } else { "" }
                    ),
                    ),
                }
            }
        }
        Ok(())
    })?;
    Ok(spec)
}

impl FieldAttrs {
    /// Reads every `#[tf(...)]` of a field.
    pub(crate) fn from_ast(cx: &Ctxt, attrs: &[Attribute]) -> Self {
        let mut out = FieldAttrs {
            required: Attr::none("required"),
            optional: Attr::none("optional"),
            computed: Attr::none("computed"),
            sensitive: Attr::none("sensitive"),
            write_only: Attr::none("write_only"),
            deprecated: Attr::none("deprecated"),
            deprecation_message: Attr::none("deprecation_message"),
            description: Attr::none("description"),
            description_kind: Attr::none("description_kind"),
            rename: Attr::none("rename"),
            block: Attr::none("block"),
            nested: Attr::none("nested"),
            flatten: Attr::none("flatten"),
            rules: FieldRules::new(),
        };
        for attr in attrs.iter().filter(|a| a.path().is_ident("tf")) {
            let result = attr.parse_nested_meta(|meta| {
                let span = meta.path.span();
                let Some(key) = meta.path.get_ident().map(ToString::to_string) else {
                    return Err(meta.error("expected a tf attribute name"));
                };
                match key.as_str() {
                    // #[tf(required)] and the other flags
                    "required" => out.required.set(cx, span, ()),
                    "optional" => out.optional.set(cx, span, ()),
                    "computed" => out.computed.set(cx, span, ()),
                    "sensitive" => out.sensitive.set(cx, span, ()),
                    "write_only" => out.write_only.set(cx, span, ()),
                    "deprecated" => out.deprecated.set(cx, span, ()),
                    // #[tf(deprecation_message = "Use `zone` instead.")]
                    "deprecation_message" => {
                        let message = Message::parse(&meta)?;
                        out.deprecation_message.set(cx, span, message);
                    }
                    // #[tf(description = "...")]
                    "description" => {
                        let s: LitStr = meta.value()?.parse()?;
                        out.description.set(cx, span, s.value());
                    }
                    // #[tf(description_kind = markdown)]
                    "description_kind" => {
                        let ident: syn::Ident = meta.value()?.parse()?;
                        if let Some(k) = parse_kind(cx, &ident) {
                            out.description_kind.set(cx, span, k);
                        }
                    }
                    // #[tf(rename = "name")]
                    "rename" => {
                        let s: LitStr = meta.value()?.parse()?;
                        out.rename.set(cx, s.span(), s.value());
                    }
                    // #[tf(block)], #[tf(block(list, min_items = 1, max_items = 3))]
                    "block" => {
                        let spec = parse_nesting(cx, &meta)?;
                        out.block.set(cx, span, spec);
                    }
                    // #[tf(flatten)]
                    "flatten" => out.flatten.set(cx, span, ()),
                    // #[tf(nested)], #[tf(nested(set))]
                    "nested" => {
                        let spec = parse_nesting(cx, &meta)?;
                        out.nested.set(cx, span, spec);
                    }
                    other => {
                        if !out.rules.parse_key(cx, other, span, &meta)? {
                            return Err(meta.error(format!(
                                "unknown tf attribute `{other}`, expected one of: required, \
                                 optional, computed, sensitive, write_only, deprecated, \
                                 deprecation_message, description, description_kind, rename, \
                                 block, nested, flatten, {FIELD_KEYS}"
                            )));
                        }
                    }
                }
                Ok(())
            });
            if let Err(e) = result {
                cx.syn_error(e);
            }
        }
        out
    }
}

impl ContainerAttrs {
    /// Reads every `#[tf(...)]` of the struct.
    pub(crate) fn from_ast(cx: &Ctxt, attrs: &[Attribute]) -> Self {
        let mut out = ContainerAttrs {
            version: Attr::none("version"),
            known_derive: Attr::none("known_derive"),
            deprecated: Attr::none("deprecated"),
            deprecation_message: Attr::none("deprecation_message"),
            description: Attr::none("description"),
            description_kind: Attr::none("description_kind"),
            crate_path: Attr::none("crate"),
            rules: ObjectRules::new(),
        };
        for attr in attrs.iter().filter(|a| a.path().is_ident("tf")) {
            let result = attr.parse_nested_meta(|meta| {
                let span = meta.path.span();
                let Some(key) = meta.path.get_ident().map(ToString::to_string) else {
                    return Err(meta.error("expected a tf attribute name"));
                };
                match key.as_str() {
                    // #[tf(crate = "my_crate::tfvalue")], #[tf(crate = my_crate::tfvalue)]
                    "crate" => {
                        let value = meta.value()?;
                        let path = if value.peek(LitStr) {
                            let s: LitStr = value.parse()?;
                            s.parse_with(syn::Path::parse_mod_style).map_err(|_| {
                                syn::Error::new(
                                    s.span(),
                                    format!(
                                        "`crate = \"{}\"` is not a path: give the path of \
                                         tfvalue as your crate sees it, e.g. \
                                         \"framework::tfvalue\"",
                                        s.value()
                                    ),
                                )
                            })?
                        } else {
                            syn::Path::parse_mod_style(value)?
                        };
                        out.crate_path.set(cx, span, path);
                    }
                    // #[tf(version = 2)]
                    "version" => {
                        let lit: LitInt = meta.value()?.parse()?;
                        out.version.set(cx, span, lit.base10_parse()?);
                    }
                    // #[tf(deprecated)]
                    "deprecated" => out.deprecated.set(cx, span, ()),
                    // #[tf(deprecation_message = "Use example_thing_v2.")]
                    "deprecation_message" => {
                        let message = Message::parse(&meta)?;
                        out.deprecation_message.set(cx, span, message);
                    }
                    // #[tf(description = "...")]
                    "description" => {
                        let s: LitStr = meta.value()?.parse()?;
                        out.description.set(cx, span, s.value());
                    }
                    // #[tf(description_kind = markdown)]
                    "description_kind" => {
                        let ident: syn::Ident = meta.value()?.parse()?;
                        if let Some(k) = parse_kind(cx, &ident) {
                            out.description_kind.set(cx, span, k);
                        }
                    }
                    // #[tf(known_derive(Debug, Clone, PartialEq))]
                    "known_derive" => {
                        let mut paths = Vec::new();
                        meta.parse_nested_meta(|inner| {
                            paths.push(inner.path.clone());
                            Ok(())
                        })?;
                        out.known_derive.set(cx, span, paths);
                    }
                    other => {
                        if !out.rules.parse_key(cx, other, span, &meta)? {
                            return Err(meta.error(format!(
                                "unknown tf struct attribute `{other}`, expected one of: \
                                 version, deprecated, deprecation_message, description, \
                                 description_kind, known_derive, crate, {STRUCT_KEYS}"
                            )));
                        }
                    }
                }
                Ok(())
            });
            if let Err(e) = result {
                cx.syn_error(e);
            }
        }
        out
    }
}
