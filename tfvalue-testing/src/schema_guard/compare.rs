//! What changed between a resource type's golden schema and its current one, each change
//! said at its attribute path and marked breaking when states (or identities) stored
//! under the golden schema no longer fit the current one.
//!
//! Both sides are the JSON form `terraform providers schema -json` prints: a block is
//! `{"attributes":{…},"block_types":{…},"description":…}`, an attribute has `type` or
//! `nested_type` (`{"attributes":…,"nesting_mode":…}`) and the flags `required`,
//! `optional`, `computed`, `sensitive`, `write_only`, `deprecated`, each only when true;
//! an identity is `{"version":N,"attributes":{name:{"type":…,"required_for_import":true}}}`.

use serde_json::{Map, Value};

/// One difference between a golden schema and the current one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Change {
    /// Where: `.disk[*].size_gb` (an element of a collection is `[*]`); empty for the
    /// type's root block.
    pub(crate) path: String,
    /// What changed, as a sentence fragment.
    pub(crate) what: String,
    /// Whether states stored under the golden schema no longer fit.
    pub(crate) breaking: bool,
}

impl Change {
    fn breaking(path: &str, what: impl Into<String>) -> Change {
        Change {
            path: path.to_owned(),
            what: what.into(),
            breaking: true,
        }
    }

    fn compatible(path: &str, what: impl Into<String>) -> Change {
        Change {
            path: path.to_owned(),
            what: what.into(),
            breaking: false,
        }
    }

    /// `` `.a.b`: what `` (the root block is called "the resource").
    pub(crate) fn line(&self) -> String {
        if self.path.is_empty() {
            format!("the resource: {}", self.what)
        } else {
            format!("`{}`: {}", self.path, self.what)
        }
    }
}

/// The changes from the block `old` to the block `new` (each a schema's `"block"`), the
/// block being at `path`.
pub(crate) fn block_changes(old: &Value, new: &Value, path: &str, out: &mut Vec<Change>) {
    attributes(
        &members(old, "attributes"),
        &members(new, "attributes"),
        path,
        out,
    );
    block_types(
        &members(old, "block_types"),
        &members(new, "block_types"),
        path,
        out,
    );
    if text_fields_differ(old, new) {
        out.push(Change::compatible(
            path,
            "description or deprecation changed",
        ));
    }
}

/// The changes from the identity attributes `old` to `new` (each an identity's
/// `"attributes"`). Stored identities are compared as wholes, so any attribute added,
/// removed or retyped is breaking.
pub(crate) fn identity_changes(old: &Value, new: &Value, out: &mut Vec<Change>) {
    let (old, new) = (as_map(old), as_map(new));
    for (name, o) in &old {
        let path = format!(".{name}");
        match new.get(name) {
            None => out.push(Change::breaking(&path, "identity attribute removed")),
            Some(n) => {
                if o.get("type") != n.get("type") {
                    out.push(Change::breaking(
                        &path,
                        format!(
                            "identity attribute type changed from {} to {}",
                            type_text(o.get("type")),
                            type_text(n.get("type"))
                        ),
                    ));
                } else if o != n {
                    out.push(Change::compatible(
                        &path,
                        "identity attribute's description or import role changed",
                    ));
                }
            }
        }
    }
    for name in new.keys().filter(|n| !old.contains_key(*n)) {
        out.push(Change::breaking(
            &format!(".{name}"),
            "identity attribute added: identities stored before hold no value for it",
        ));
    }
}

/// The named attributes `old` and `new` of the block or nested object at `path`.
fn attributes(
    old: &Map<String, Value>,
    new: &Map<String, Value>,
    path: &str,
    out: &mut Vec<Change>,
) {
    for (name, o) in old {
        let at = format!("{path}.{name}");
        match new.get(name) {
            None if flag(o, "write_only") => out.push(Change::compatible(
                &at,
                "write-only attribute removed (its values were never stored)",
            )),
            None => out.push(Change::breaking(&at, "attribute removed")),
            Some(n) => attribute(o, n, &at, out),
        }
    }
    for (name, n) in new.iter().filter(|(name, _)| !old.contains_key(*name)) {
        let at = format!("{path}.{name}");
        if flag(n, "required") {
            out.push(Change::breaking(
                &at,
                "required attribute added: states stored before hold no value for it",
            ));
        } else {
            out.push(Change::compatible(
                &at,
                format!("attribute added ({})", mode(n)),
            ));
        }
    }
}

/// One attribute at `path`, present on both sides.
fn attribute(old: &Value, new: &Value, path: &str, out: &mut Vec<Change>) {
    match (old.get("nested_type"), new.get("nested_type")) {
        (Some(o), Some(n)) => {
            let (om, nm) = (nesting(o), nesting(n));
            if om != nm {
                out.push(Change::breaking(
                    path,
                    format!("nesting changed from {om} to {nm}"),
                ));
            }
            let inner = element_path(path, nm);
            attributes(
                &members(o, "attributes"),
                &members(n, "attributes"),
                &inner,
                out,
            );
        }
        (None, Some(_)) => out.push(Change::breaking(
            path,
            format!(
                "changed from the type {} to nested attributes",
                type_text(old.get("type"))
            ),
        )),
        (Some(_), None) => out.push(Change::breaking(
            path,
            format!(
                "changed from nested attributes to the type {}",
                type_text(new.get("type"))
            ),
        )),
        (None, None) => {
            if old.get("type") != new.get("type") {
                out.push(Change::breaking(
                    path,
                    format!(
                        "type changed from {} to {}",
                        type_text(old.get("type")),
                        type_text(new.get("type"))
                    ),
                ));
            }
        }
    }
    if !flag(old, "required") && flag(new, "required") {
        out.push(Change::breaking(
            path,
            format!(
                "now required (was {}): states stored before may hold null",
                mode(old)
            ),
        ));
    } else if mode(old) != mode(new) {
        out.push(Change::compatible(
            path,
            format!("now {} (was {})", mode(new), mode(old)),
        ));
    }
    for name in ["sensitive", "write_only", "deprecated"] {
        match (flag(old, name), flag(new, name)) {
            (false, true) => out.push(Change::compatible(path, format!("now {name}"))),
            (true, false) => out.push(Change::compatible(path, format!("no longer {name}"))),
            _ => {}
        }
    }
    if text_fields_differ(old, new) {
        out.push(Change::compatible(
            path,
            "description or deprecation changed",
        ));
    }
}

/// The nested blocks `old` and `new` of the block at `path`.
fn block_types(
    old: &Map<String, Value>,
    new: &Map<String, Value>,
    path: &str,
    out: &mut Vec<Change>,
) {
    for (name, o) in old {
        let at = format!("{path}.{name}");
        let Some(n) = new.get(name) else {
            out.push(Change::breaking(&at, "block removed"));
            continue;
        };
        let (om, nm) = (nesting(o), nesting(n));
        if om != nm {
            out.push(Change::breaking(
                &at,
                format!("block nesting changed from {om} to {nm}"),
            ));
        }
        let (old_min, new_min) = (count(o, "min_items"), count(n, "min_items"));
        if new_min > old_min {
            out.push(Change::breaking(
                &at,
                format!("now needs at least {new_min} blocks (was {old_min})"),
            ));
        }
        let (old_max, new_max) = (count(o, "max_items"), count(n, "max_items"));
        if new_max != 0 && (old_max == 0 || new_max < old_max) {
            let was = if old_max == 0 {
                "any number".to_owned()
            } else {
                old_max.to_string()
            };
            out.push(Change::breaking(
                &at,
                format!("now allows at most {new_max} blocks (was {was})"),
            ));
        } else if new_max != old_max || new_min < old_min {
            out.push(Change::compatible(&at, "block count limits relaxed"));
        }
        let (ob, nb) = (
            o.get("block").unwrap_or(&Value::Null),
            n.get("block").unwrap_or(&Value::Null),
        );
        block_changes(ob, nb, &element_path(&at, nm), out);
    }
    for (name, n) in new.iter().filter(|(name, _)| !old.contains_key(*name)) {
        let at = format!("{path}.{name}");
        let min = count(n, "min_items");
        if min > 0 {
            out.push(Change::breaking(
                &at,
                format!("required block added (at least {min}): states stored before hold none"),
            ));
        } else {
            out.push(Change::compatible(&at, "block added"));
        }
    }
}

/// The path of an element of the attribute or block at `path` nested as `mode`.
fn element_path(path: &str, mode: &str) -> String {
    match mode {
        "list" | "set" | "map" => format!("{path}[*]"),
        _ => path.to_owned(),
    }
}

/// `value[key]` as an object; empty when it is missing or not an object.
fn members(value: &Value, key: &str) -> Map<String, Value> {
    value.get(key).map(as_map).unwrap_or_default()
}

fn as_map(value: &Value) -> Map<String, Value> {
    value.as_object().cloned().unwrap_or_default()
}

fn flag(value: &Value, key: &str) -> bool {
    value.get(key).and_then(Value::as_bool).unwrap_or(false)
}

fn count(value: &Value, key: &str) -> u64 {
    value.get(key).and_then(Value::as_u64).unwrap_or(0)
}

fn nesting(value: &Value) -> &str {
    value
        .get("nesting_mode")
        .and_then(Value::as_str)
        .unwrap_or("single")
}

/// How an attribute is set: `required`, `optional`, `computed` or `optional+computed`.
fn mode(value: &Value) -> &'static str {
    match (
        flag(value, "required"),
        flag(value, "optional"),
        flag(value, "computed"),
    ) {
        (true, _, _) => "required",
        (_, true, true) => "optional+computed",
        (_, true, false) => "optional",
        _ => "computed",
    }
}

/// Whether the descriptions or deprecation messages of two attributes or blocks differ.
fn text_fields_differ(old: &Value, new: &Value) -> bool {
    ["description", "description_kind", "deprecation_message"]
        .iter()
        .any(|key| old.get(*key) != new.get(*key))
}

/// A type constraint's JSON (`["list","string"]`) as Terraform's language writes it
/// (`list(string)`).
pub(crate) fn type_text(ty: Option<&Value>) -> String {
    let Some(ty) = ty else {
        return "(none)".to_owned();
    };
    match ty {
        Value::String(name) if name == "dynamic" => "any".to_owned(),
        Value::String(name) => name.clone(),
        Value::Array(parts) => match (parts.first().and_then(Value::as_str), parts.get(1)) {
            (Some(kind @ ("list" | "set" | "map")), Some(element)) => {
                format!("{kind}({})", type_text(Some(element)))
            }
            (Some("tuple"), Some(Value::Array(elements))) => {
                let elements: Vec<String> = elements.iter().map(|e| type_text(Some(e))).collect();
                format!("tuple([{}])", elements.join(", "))
            }
            (Some("object"), Some(Value::Object(fields))) => {
                let optional: Vec<&str> = (parts.get(2).and_then(Value::as_array))
                    .map(|names| names.iter().filter_map(Value::as_str).collect())
                    .unwrap_or_default();
                let fields: Vec<String> = fields
                    .iter()
                    .map(|(name, t)| {
                        let t = type_text(Some(t));
                        if optional.contains(&name.as_str()) {
                            format!("{name} = optional({t})")
                        } else {
                            format!("{name} = {t}")
                        }
                    })
                    .collect();
                format!("object({{{}}})", fields.join(", "))
            }
            _ => ty.to_string(),
        },
        other => other.to_string(),
    }
}
