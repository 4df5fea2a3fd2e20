//! The typed model of a `#[derive(TfSchema)]` input: parsed from `syn`, validated, and then
//! the only thing the generators read.

use proc_macro2::Span;

use crate::attr::{doc_comment, ContainerAttrs, DescriptionKind, FieldAttrs, Nesting};
use crate::ctxt::Ctxt;

/// The struct being derived.
pub(crate) struct Container<'a> {
    pub(crate) ident: &'a syn::Ident,
    pub(crate) vis: &'a syn::Visibility,
    pub(crate) generics: &'a syn::Generics,
    pub(crate) version: i64,
    /// Derives for the `<Name>Known` companion type (`#[tf(known_derive(...))]`).
    pub(crate) known_derive: Vec<syn::Path>,
    pub(crate) deprecated: bool,
    pub(crate) description: Option<String>,
    pub(crate) description_kind: DescriptionKind,
    pub(crate) fields: Vec<Field<'a>>,
}

/// What a field is in the schema.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Role {
    /// An attribute of the field's Terraform type.
    Attribute,
    /// A nested block.
    Block {
        nesting: Nesting,
        min_items: u64,
        max_items: u64,
    },
    /// A protocol-6 nested attribute.
    Nested { nesting: Nesting },
}

/// How a field's Rust type is built from wrappers and containers.
pub(crate) struct Shape<'a> {
    /// `Unknown<...>` at the top: the field can hold an unknown value.
    pub(crate) unknown: bool,
    /// `Option<...>` or `Nullable<...>` (under `Unknown`): the field can hold null.
    pub(crate) nullable: bool,
    /// The type under the wrappers.
    pub(crate) inner: &'a syn::Type,
    /// `Value`: a dynamic attribute (can itself be null or unknown).
    pub(crate) dynamic: bool,
    /// The collection `inner` is, if any, with its element type.
    pub(crate) collection: Collection<'a>,
}

/// A collection recognised by name.
pub(crate) enum Collection<'a> {
    None,
    List(&'a syn::Type),
    Set(&'a syn::Type),
    /// `key` is `None` for `tfvalue::map::Map<V>`, whose keys are strings.
    Map {
        key: Option<&'a syn::Type>,
        value: &'a syn::Type,
    },
}

/// One field of the struct.
pub(crate) struct Field<'a> {
    pub(crate) member: &'a syn::Ident,
    pub(crate) vis: &'a syn::Visibility,
    pub(crate) ty: &'a syn::Type,
    pub(crate) tf_name: String,
    pub(crate) name_span: Span,
    pub(crate) role: Role,
    /// The type of one block or nested object (for blocks and nested attributes).
    pub(crate) element: Option<&'a syn::Type>,
    pub(crate) required: bool,
    pub(crate) optional: bool,
    pub(crate) computed: bool,
    pub(crate) sensitive: bool,
    pub(crate) deprecated: bool,
    pub(crate) description: Option<String>,
    pub(crate) description_kind: DescriptionKind,
    /// The type is a `BTreeMap` (under `Unknown`, `Option` or `Nullable` or none): decoded
    /// through `tfvalue::__private_<version>::Bulk`, which builds the tree in one pass (serde's own
    /// impl inserts key by key, n log n).
    pub(crate) btree_map: bool,
}

/// The last path segment of a type and its generic type arguments, if it is a path type.
fn segment(ty: &syn::Type) -> Option<(String, Vec<&syn::Type>)> {
    let syn::Type::Path(p) = ty else { return None };
    if p.qself.is_some() {
        return None;
    }
    let last = p.path.segments.last()?;
    let args = match &last.arguments {
        syn::PathArguments::AngleBracketed(a) => a
            .args
            .iter()
            .filter_map(|arg| match arg {
                syn::GenericArgument::Type(t) => Some(t),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    Some((last.ident.to_string(), args))
}

impl<'a> Shape<'a> {
    /// Reads the wrappers and the collection of a field type.
    fn of(ty: &'a syn::Type) -> Self {
        let mut unknown = false;
        let mut nullable = false;
        let mut inner = ty;
        while let Some((name, args)) = segment(inner) {
            match (name.as_str(), args.as_slice()) {
                ("Unknown", [t]) if !unknown && !nullable => {
                    unknown = true;
                    inner = t;
                }
                ("Option" | "Nullable", [t]) if !nullable => {
                    nullable = true;
                    inner = t;
                }
                _ => break,
            }
        }
        let collection = match segment(inner) {
            Some((name, args)) => match (name.as_str(), args.as_slice()) {
                ("Vec", [t]) => Collection::List(t),
                ("BTreeSet" | "HashSet" | "Set", [t, ..]) => Collection::Set(t),
                ("BTreeMap" | "HashMap", [k, v, ..]) => Collection::Map {
                    key: Some(k),
                    value: v,
                },
                ("Map", [v]) => Collection::Map {
                    key: None,
                    value: v,
                },
                _ => Collection::None,
            },
            None => Collection::None,
        };
        let dynamic =
            matches!(segment(inner), Some((name, args)) if name == "Value" && args.is_empty());
        Shape {
            unknown,
            nullable,
            inner,
            dynamic,
            collection,
        }
    }
}

/// True for `String`, `&str`, `Cow<str>` (map keys must be strings).
fn is_string_type(ty: &syn::Type) -> bool {
    match ty {
        syn::Type::Reference(r) => matches!(segment(&r.elem), Some((n, _)) if n == "str"),
        _ => matches!(segment(ty), Some((n, _)) if n == "String" || n == "Cow"),
    }
}

impl<'a> Container<'a> {
    /// Reads the derive input; every problem goes to `cx`.
    pub(crate) fn from_ast(cx: &Ctxt, input: &'a syn::DeriveInput) -> Option<Container<'a>> {
        let attrs = ContainerAttrs::from_ast(cx, &input.attrs);
        let named = match &input.data {
            syn::Data::Struct(syn::DataStruct {
                fields: syn::Fields::Named(named),
                ..
            }) => named,
            syn::Data::Struct(s) => {
                cx.error_spanned_by(
                    &s.fields,
                    "TfSchema needs a struct with named fields: each field is a Terraform \
                     attribute or block, named after the field (tuple and unit structs have \
                     no names)",
                );
                return None;
            }
            syn::Data::Enum(e) => {
                cx.error_spanned_by(
                    e.enum_token,
                    "TfSchema cannot be derived for an enum: a Terraform object has a fixed set \
                     of attributes, so derive it for a struct with named fields (an enum of \
                     unit variants can be a string attribute with serde's derives)",
                );
                return None;
            }
            syn::Data::Union(u) => {
                cx.error_spanned_by(
                    u.union_token,
                    "TfSchema cannot be derived for a union: use a struct with named fields",
                );
                return None;
            }
        };
        let fields: Vec<Field<'a>> = named
            .named
            .iter()
            .filter_map(|f| Field::from_ast(cx, f))
            .collect();
        // Two fields with one Terraform name.
        for (i, a) in fields.iter().enumerate() {
            for b in &fields[..i] {
                if a.tf_name == b.tf_name {
                    cx.syn_error(syn::Error::new(
                        a.name_span,
                        format!(
                            "fields `{}` and `{}` both have the Terraform name `{}`: rename one \
                             with #[tf(rename = \"...\")]",
                            b.member, a.member, a.tf_name
                        ),
                    ));
                }
            }
        }
        Some(Container {
            ident: &input.ident,
            vis: &input.vis,
            generics: &input.generics,
            version: attrs.version.get().copied().unwrap_or(0),
            known_derive: attrs.known_derive.get().cloned().unwrap_or_default(),
            deprecated: attrs.deprecated.is_set(),
            description: attrs
                .description
                .get()
                .cloned()
                .or_else(|| doc_comment(&input.attrs)),
            description_kind: attrs
                .description_kind
                .get()
                .copied()
                .unwrap_or(DescriptionKind::Plain),
            fields,
        })
    }

    /// True if the struct has type parameters (its schema is cached per type at run time).
    pub(crate) fn is_type_generic(&self) -> bool {
        self.generics.type_params().next().is_some()
    }
}

impl<'a> Field<'a> {
    fn from_ast(cx: &Ctxt, field: &'a syn::Field) -> Option<Field<'a>> {
        let member = field.ident.as_ref()?;
        let attrs = FieldAttrs::from_ast(cx, &field.attrs);
        let shape = Shape::of(&field.ty);
        let raw_name = member.to_string();
        let raw_name = raw_name.strip_prefix("r#").unwrap_or(&raw_name).to_owned();
        let (tf_name, name_span) = match (attrs.rename.get(), attrs.rename.span()) {
            (Some(n), Some(s)) => (n.clone(), s),
            _ => (raw_name, member.span()),
        };
        if tf_name.is_empty()
            || !tf_name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
        {
            cx.syn_error(syn::Error::new(
                name_span,
                format!(
                    "`{tf_name}` is not a valid Terraform name: use lowercase letters, digits and \
                     underscores (rename with #[tf(rename = \"...\")])"
                ),
            ));
        }

        // The role, and the element type of blocks and nested attributes.
        let (role, element) = if let Some(spec) = attrs.block.get() {
            if attrs.nested.is_set() {
                cx.syn_error(syn::Error::new(
                    attrs.nested.span().unwrap_or(name_span),
                    "a field is either a block or a nested attribute, not both",
                ));
            }
            let (nesting, element) = nesting_of(
                cx,
                &shape,
                spec.mode,
                attrs.block.span().unwrap_or(name_span),
                true,
            );
            let min = spec.min_items.map_or(0, |(_, n)| n);
            let max = spec.max_items.map_or(0, |(_, n)| n);
            if let (Some((_, lo)), Some((span, hi))) = (spec.min_items, spec.max_items) {
                if hi > 0 && lo > hi {
                    cx.syn_error(syn::Error::new(
                        span,
                        format!("min_items ({lo}) is greater than max_items ({hi})"),
                    ));
                }
            }
            if (spec.min_items.is_some() || spec.max_items.is_some())
                && !matches!(nesting, Nesting::List | Nesting::Set)
            {
                cx.syn_error(syn::Error::new(
                    attrs.block.span().unwrap_or(name_span),
                    "min_items and max_items apply to list and set blocks only",
                ));
            }
            for (flag, span) in [
                ("required", attrs.required.span()),
                ("optional", attrs.optional.span()),
                ("computed", attrs.computed.span()),
                ("sensitive", attrs.sensitive.span()),
            ] {
                if let Some(span) = span {
                    cx.syn_error(syn::Error::new(
                        span,
                        format!(
                            "`{flag}` does not apply to a block: Terraform's blocks have no such \
                             flag (use min_items/max_items for list and set blocks)"
                        ),
                    ));
                }
            }
            (
                Role::Block {
                    nesting,
                    min_items: min,
                    max_items: max,
                },
                element,
            )
        } else if let Some(spec) = attrs.nested.get() {
            let (nesting, element) = nesting_of(
                cx,
                &shape,
                spec.mode,
                attrs.nested.span().unwrap_or(name_span),
                false,
            );
            (Role::Nested { nesting }, element)
        } else {
            (Role::Attribute, None)
        };

        // Flags of attributes and nested attributes.
        let is_block = matches!(role, Role::Block { .. });
        let can_be_null = shape.nullable || shape.dynamic;
        let can_be_unknown = shape.unknown || shape.dynamic;
        if let Some(span) = attrs.required.span() {
            if shape.nullable {
                cx.syn_error(syn::Error::new(
                    span,
                    "`required` on a nullable type: a required attribute is never null; drop \
                     `required`, or the Option/Nullable wrapper",
                ));
            }
            if attrs.optional.is_set() || attrs.computed.is_set() {
                cx.syn_error(syn::Error::new(
                    span,
                    "`required` excludes `optional` and `computed`",
                ));
            }
        }
        if let Some(span) = attrs.optional.span() {
            if !can_be_null {
                cx.syn_error(syn::Error::new(
                    span,
                    "`optional` on a type that cannot be null: Terraform sends null for an \
                     unset optional attribute; wrap the type in Nullable<T> or Option<T>",
                ));
            }
        }
        if let Some(span) = attrs.computed.span() {
            if !can_be_unknown {
                cx.syn_error(syn::Error::new(
                    span,
                    "`computed` on a field that cannot hold an unknown value: the provider must \
                     be able to plan it as unknown; use Unknown<Nullable<T>>",
                ));
            } else if !can_be_null {
                cx.syn_error(syn::Error::new(
                    span,
                    "`computed` on a type that cannot be null: Terraform sends null for a \
                     computed attribute the configuration does not set; use Unknown<Nullable<T>>",
                ));
            }
        }
        let computed = attrs.computed.is_set() && !is_block;
        let optional = !is_block && (attrs.optional.is_set() || (shape.nullable && !computed));
        let required = !is_block && !optional && !computed;

        let btree_map = matches!(shape.collection, Collection::Map { key: Some(_), .. })
            && matches!(segment(shape.inner), Some((name, _)) if name == "BTreeMap");
        Some(Field {
            btree_map,
            member,
            vis: &field.vis,
            ty: &field.ty,
            tf_name,
            name_span,
            role,
            element,
            required,
            optional,
            computed,
            sensitive: attrs.sensitive.is_set(),
            deprecated: attrs.deprecated.is_set(),
            description: attrs
                .description
                .get()
                .cloned()
                .or_else(|| doc_comment(&field.attrs)),
            description_kind: attrs
                .description_kind
                .get()
                .copied()
                .unwrap_or(DescriptionKind::Plain),
        })
    }
}

/// The nesting mode (given or inferred from the container) and the element type.
fn nesting_of<'a>(
    cx: &Ctxt,
    shape: &Shape<'a>,
    given: Option<(Span, Nesting)>,
    span: Span,
    block: bool,
) -> (Nesting, Option<&'a syn::Type>) {
    let what = if block { "block" } else { "nested attribute" };
    let inferred = match shape.collection {
        Collection::List(t) => (Nesting::List, t),
        Collection::Set(t) => (Nesting::Set, t),
        Collection::Map { key, value } => {
            if let Some(key) = key.filter(|k| !is_string_type(k)) {
                cx.error_spanned_by(
                    key,
                    format!("a MAP {what} is keyed by its label, a string: use String keys"),
                );
            }
            (Nesting::Map, value)
        }
        Collection::None => (Nesting::Single, shape.inner),
    };
    let nesting = match given {
        None => inferred.0,
        Some((span, mode)) => {
            let fits = match mode {
                Nesting::Group => matches!(shape.collection, Collection::None),
                Nesting::Single => matches!(shape.collection, Collection::None),
                m => m == inferred.0,
            };
            if !fits {
                cx.syn_error(syn::Error::new(
                    span,
                    format!(
                        "nesting `{}` does not fit the field's type: list needs Vec<T>, set a \
                         set type, map BTreeMap<String, T> or HashMap<String, T>, single and \
                         group the struct itself",
                        format!("{mode:?}").to_lowercase()
                    ),
                ));
            }
            mode
        }
    };
    match nesting {
        Nesting::Single if block && !shape.nullable => cx.syn_error(syn::Error::new(
            span,
            "a SINGLE block may be absent, so its field must be Option<T> or Nullable<T> \
             (or use block(group): a GROUP block is never null)",
        )),
        Nesting::Group if shape.nullable => cx.syn_error(syn::Error::new(
            span,
            "a GROUP block is never null (Terraform fills an absent one with nulls): drop the \
             Option/Nullable wrapper",
        )),
        _ => {}
    }
    let element = match nesting {
        // `block(group)` / `block(single)` on a struct: the struct itself.
        Nesting::Single | Nesting::Group => shape.inner,
        _ => inferred.1,
    };
    (nesting, Some(element))
}
