//! The typed model of a `#[derive(TfSchema)]` input, parsed from `syn`: what `check`
//! validates and the only thing the generators read. Parsing reports what cannot be read at
//! all (an enum, a malformed attribute); whether what was read makes sense is for `check`.

use proc_macro2::Span;
use quote::ToTokens;

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
    /// `#[tf(deprecated)]`, or implied by `deprecation_message`.
    pub(crate) deprecated: bool,
    pub(crate) deprecation_message: Option<String>,
    pub(crate) description: Option<String>,
    pub(crate) description_kind: DescriptionKind,
    /// The description given with `#[tf(description = "...")]` alone: what a block of
    /// this type is described as where its field says nothing (never the rustdoc).
    pub(crate) declared_description: Option<String>,
    /// `#[tf(crate = ...)]`: the path of tfvalue for generated code (`::tfvalue` if none).
    pub(crate) crate_path: Option<syn::Path>,
    pub(crate) fields: Vec<Field<'a>>,
    /// The struct's `#[tf]` keys as written, with their spans (for the checks).
    pub(crate) attrs: ContainerAttrs,
}

/// What a field is in the schema.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Role {
    /// An attribute of the field's Terraform type.
    Attribute,
    /// A nested block. `nesting` is the mode as written, or else as inferred from the
    /// type; an item limit of 0 means none.
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
    /// The span of the `rename` string, or else of the field's name.
    pub(crate) name_span: Span,
    /// The `#[tf]` keys as written, with their spans (for the checks).
    pub(crate) attrs: FieldAttrs,
    pub(crate) shape: Shape<'a>,
    pub(crate) role: Role,
    /// The type of one block or nested object (for blocks and nested attributes).
    pub(crate) element: Option<&'a syn::Type>,
    /// The schema flags the keys decide (a block has only `computed`): each set when its key is
    /// written, or implied by another key. An attribute with none of the three is optional
    /// or required by its type ([`Field::flags_by_type`]), which only the compiled program
    /// knows (an alias does not show its type in the tokens).
    pub(crate) required: bool,
    pub(crate) optional: bool,
    pub(crate) computed: bool,
    pub(crate) sensitive: bool,
    pub(crate) write_only: bool,
    /// `#[tf(deprecated)]`, or implied by `deprecation_message` (for a block too: it
    /// deprecates the nested block).
    pub(crate) deprecated: bool,
    pub(crate) deprecation_message: Option<String>,
    pub(crate) description: Option<String>,
    pub(crate) description_kind: DescriptionKind,
    /// The type is a `BTreeMap` (under `Unknown`, `Option` or `Nullable` or none): decoded
    /// through `tfvalue::__private_<version>::Bulk`, which builds the tree in one pass (serde's own
    /// impl inserts key by key, n log n).
    pub(crate) btree_map: bool,
    /// `#[tf(flatten)]`: the attributes and blocks of the field's struct (a model itself)
    /// are this struct's; the field has no name or role of its own in the schema.
    pub(crate) flatten: bool,
}

/// The last path segment of a type and its generic type arguments, if it is a path type.
pub(crate) fn segment(ty: &syn::Type) -> Option<(String, Vec<&syn::Type>)> {
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

    /// The nesting the collection implies for a block or nested attribute, and the type of
    /// one element: LIST for `Vec`, SET for a set type, MAP for a map, SINGLE otherwise.
    pub(crate) fn inferred_nesting(&self) -> (Nesting, &'a syn::Type) {
        match self.collection {
            Collection::List(t) => (Nesting::List, t),
            Collection::Set(t) => (Nesting::Set, t),
            Collection::Map { value, .. } => (Nesting::Map, value),
            Collection::None => (Nesting::Single, self.inner),
        }
    }
}

impl<'a> Container<'a> {
    /// Reads the derive input. `None` (with the error in `cx`) if it is not a struct with
    /// named fields.
    pub(crate) fn from_ast(cx: &Ctxt, input: &'a syn::DeriveInput) -> Option<Container<'a>> {
        let attrs = ContainerAttrs::from_ast(cx, &input.attrs);
        let named = match &input.data {
            syn::Data::Struct(syn::DataStruct {
                fields: syn::Fields::Named(named),
                ..
            }) => named,
            syn::Data::Struct(s) => {
                // On the tuple fields, or on the name of a unit struct (which has no fields
                // to point at).
                let at = match &s.fields {
                    syn::Fields::Unit => input.ident.to_token_stream(),
                    fields => fields.to_token_stream(),
                };
                cx.error_spanned_by(
                    at,
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
        let fields = named
            .named
            .iter()
            .filter_map(|f| Field::from_ast(cx, f))
            .collect();
        Some(Container {
            ident: &input.ident,
            vis: &input.vis,
            generics: &input.generics,
            version: attrs.version.get().copied().unwrap_or(0),
            known_derive: attrs.known_derive.get().cloned().unwrap_or_default(),
            deprecated: attrs.deprecated.is_set() || attrs.deprecation_message.is_set(),
            deprecation_message: attrs.deprecation_message.get().map(|m| m.text.clone()),
            description: attrs
                .description
                .get()
                .cloned()
                .or_else(|| doc_comment(&input.attrs)),
            declared_description: attrs.description.get().cloned(),
            description_kind: attrs
                .description_kind
                .get()
                .copied()
                .unwrap_or(DescriptionKind::Plain),
            crate_path: attrs.crate_path.get().cloned(),
            fields,
            attrs,
        })
    }

    /// The fields that are attributes or blocks of their own (not `#[tf(flatten)]`).
    pub(crate) fn own_fields(&self) -> impl Iterator<Item = &Field<'a>> {
        self.fields.iter().filter(|f| !f.flatten)
    }

    /// The `#[tf(flatten)]` fields, in declaration order.
    pub(crate) fn flattened(&self) -> impl Iterator<Item = &Field<'a>> {
        self.fields.iter().filter(|f| f.flatten)
    }

    /// True if a field is `#[tf(flatten)]`: the codec then goes through the struct's
    /// `Flatten` impl.
    pub(crate) fn has_flatten(&self) -> bool {
        self.fields.iter().any(|f| f.flatten)
    }

    /// True if the struct has no generic parameters: it implements `Flatten` (so it can be
    /// flattened into another).
    pub(crate) fn is_flattenable(&self) -> bool {
        self.generics.params.is_empty()
    }

    /// True if the struct has type parameters (its schema is cached per type at run time).
    pub(crate) fn is_type_generic(&self) -> bool {
        self.generics.type_params().next().is_some()
    }
}

impl<'a> Field<'a> {
    /// True for an attribute whose keys make it neither required, optional nor computed:
    /// the generated code makes it optional when its type declares null
    /// (`TfType::DECLARES_NULL`: `Option`, `Nullable`, under `Unknown` or not, or an alias
    /// of one) and required otherwise.
    pub(crate) fn flags_by_type(&self) -> bool {
        !matches!(self.role, Role::Block { .. })
            && !self.flatten
            && !self.required
            && !self.optional
            && !self.computed
    }

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

        // The role, and the element type of blocks and nested attributes. A field marked
        // both `block` and `nested` is read as a block (the checks report it).
        let (inferred, inferred_element) = shape.inferred_nesting();
        let nesting_and_element = |mode: Option<(Span, Nesting)>| {
            let nesting = mode.map_or(inferred, |(_, m)| m);
            let element = match nesting {
                // `block(group)` / `block(single)` on a struct: the struct itself.
                Nesting::Single | Nesting::Group => shape.inner,
                _ => inferred_element,
            };
            (nesting, Some(element))
        };
        let (role, element) = if let Some(spec) = attrs.block.get() {
            let (nesting, element) = nesting_and_element(spec.mode);
            let role = Role::Block {
                nesting,
                min_items: spec.min_items.map_or(0, |l| l.n),
                max_items: spec.max_items.map_or(0, |l| l.n),
            };
            (role, element)
        } else if let Some(spec) = attrs.nested.get() {
            let (nesting, element) = nesting_and_element(spec.mode);
            (Role::Nested { nesting }, element)
        } else {
            (Role::Attribute, None)
        };

        // Blocks have no flags but `computed` (Terraform 1.16: the provider fills in the
        // blocks the configuration leaves out). A default makes the attribute optional and
        // computed: the framework plans the default where the configuration leaves it out.
        // An attribute without flag keys gets its flags from its type (`flags_by_type`).
        let is_block = matches!(role, Role::Block { .. });
        let defaulted = attrs.rules.default.is_set();
        let computed = attrs.computed.is_set() || (defaulted && !is_block);
        let optional = (attrs.optional.is_set() || defaulted) && !is_block;
        let required = attrs.required.is_set() && !is_block;

        let btree_map = matches!(shape.collection, Collection::Map { key: Some(_), .. })
            && matches!(segment(shape.inner), Some((name, _)) if name == "BTreeMap");
        let description = attrs
            .description
            .get()
            .cloned()
            .or_else(|| doc_comment(&field.attrs));
        let description_kind = attrs
            .description_kind
            .get()
            .copied()
            .unwrap_or(DescriptionKind::Plain);
        let sensitive = attrs.sensitive.is_set();
        let write_only = attrs.write_only.is_set() && !is_block;
        let deprecated = attrs.deprecated.is_set() || attrs.deprecation_message.is_set();
        let deprecation_message = attrs.deprecation_message.get().map(|m| m.text.clone());
        let flatten = attrs.flatten.is_set();
        Some(Field {
            flatten,
            btree_map,
            member,
            vis: &field.vis,
            ty: &field.ty,
            tf_name,
            name_span,
            attrs,
            shape,
            role,
            element,
            required,
            optional,
            computed,
            sensitive,
            write_only,
            deprecated,
            deprecation_message,
            description,
            description_kind,
        })
    }
}
