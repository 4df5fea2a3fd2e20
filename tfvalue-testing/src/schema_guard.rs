//! [`SchemaGuard`]: the committed golden schema of each managed resource type, compared
//! with the provider's current one, so that a model change which would break the states
//! users have stored fails a test before it is released.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde_json::{json, Map, Value};
use tfvalue::schema::{AttributeKind, ProvidersJson, Schema};
use tfvalue_provider::{stored_schemas, Provider, StoredSchema};

mod compare;
#[cfg(test)]
mod tests;

use compare::{block_changes, identity_changes, Change};

/// The variable that makes [`SchemaGuard::check`] write the goldens it finds missing or
/// stale instead of failing on them: `TFVALUE_BLESS=1`.
const BLESS_VAR: &str = "TFVALUE_BLESS";

/// Guards the states a provider's users have stored against model changes that would
/// break them: each managed resource type's schema (and identity) is compared with a
/// golden copy committed beside the provider, one JSON file per type
/// (`<goldens>/<type>.json`), in an ordinary `#[test]`, without Terraform.
///
/// For each resource type, a change that states (or identities) stored under the golden
/// schema no longer fit is *breaking*: an attribute or block removed, a type changed
/// (also inside nested attributes and blocks), a nesting mode changed, an attribute made
/// required or a required one added, tighter block counts; for the identity, any
/// attribute added, removed or retyped. [`check`](SchemaGuard::check) fails, naming the
/// type, the attribute path (`.disk[*].size_gb`), the change and what to do, when
///
/// - a breaking change is made while the schema version (the model's
///   `#[tf(version = N)]`) stays the golden's: bump it and add an upgrade from the
///   golden's version;
/// - the version was bumped, but [`Resource::upgrades`](tfvalue_provider::Resource::upgrades)
///   has no upgrade from the golden's version, so its states cannot be read;
/// - the version went down;
/// - the same for the identity's version and its
///   [`identity_upgrades`](tfvalue_provider::ResourceIdentity::identity_upgrades), and
///   when the identity is no longer served;
/// - a golden names a resource type the provider no longer serves.
///
/// Any other difference (a new optional or computed attribute, a description, a breaking
/// change accepted by a bump with its upgrade) leaves the golden stale, as does a type
/// without a golden yet: the check fails with the command that refreshes the goldens,
/// `TFVALUE_BLESS=1 cargo test -p <package> <this test>`, under which it writes them
/// (and still fails on the breaking changes above, whose goldens it leaves alone).
///
/// Data sources and ephemeral resources have no goldens: Terraform reads them afresh on
/// every plan and never upgrades what it stored of them.
///
/// ```no_run
/// # mod files {
/// #     #[derive(tfvalue::TfSchema)]
/// #     pub struct Config {}
/// #     pub struct Files;
/// #     impl tfvalue_provider::Provider for Files {
/// #         type Config = Config; type Data = ();
/// #         fn register(&self, _: &mut impl tfvalue_provider::Registry<()>) {}
/// #         async fn configure(&self, _: &mut tfvalue_provider::Context<()>, _: tfvalue_provider::ConfigureRequest<Config>) -> Result<(), tfvalue_provider::Diagnostics> { Ok(()) }
/// #     }
/// # }
/// use tfvalue_testing::SchemaGuard;
///
/// #[test]
/// fn stored_states_stay_readable() {
///     // The goldens live in `schema/` beside the package's Cargo.toml.
///     SchemaGuard::new(&files::Files, "schema").check();
/// }
/// ```
#[derive(Debug, Clone)]
pub struct SchemaGuard {
    /// Each resource type's current schema, or the provider's registration problems.
    types: Result<BTreeMap<String, Current>, Vec<String>>,
    goldens: PathBuf,
}

/// A resource type as the provider serves it now.
#[derive(Debug, Clone)]
struct Current {
    /// The golden document it would be written as.
    document: Value,
    version: i64,
    upgrades: Vec<i64>,
    /// The identity's version and the versions its upgrades read.
    identity: Option<(i64, Vec<i64>)>,
}

impl Current {
    /// The resource type whose state has `schema`, with upgrades from the versions
    /// `upgrades`, and its identity (its schema and upgrades), if one.
    fn new(schema: &Schema, upgrades: Vec<i64>, identity: Option<(&Schema, Vec<i64>)>) -> Current {
        let mut document = Map::new();
        document.insert(
            "resource_schema".to_owned(),
            schema.to_providers_json_as(ProvidersJson::Terraform1_15),
        );
        if let Some((identity, _)) = &identity {
            document.insert(
                "resource_identity_schema".to_owned(),
                identity_json(identity),
            );
        }
        Current {
            document: Value::Object(document),
            version: schema.version,
            upgrades,
            identity: identity.map(|(schema, upgrades)| (schema.version, upgrades)),
        }
    }
}

/// An identity schema as `terraform providers schema -json` prints it under
/// `resource_identity_schemas`: `{"version":N,"attributes":{name:{"type":…,
/// "description":…,"required_for_import":true | "optional_for_import":true}}}`.
fn identity_json(schema: &Schema) -> Value {
    let mut attributes = Map::new();
    for attribute in &schema.block.attributes {
        let AttributeKind::Type(ty) = &attribute.kind else {
            continue;
        };
        let mut fields = Map::new();
        fields.insert("type".to_owned(), ty.to_json_value());
        if !attribute.description.is_empty() {
            fields.insert("description".to_owned(), json!(attribute.description));
        }
        let role = if attribute.required {
            "required_for_import"
        } else {
            "optional_for_import"
        };
        fields.insert(role.to_owned(), json!(true));
        attributes.insert(attribute.name.clone(), Value::Object(fields));
    }
    json!({ "version": schema.version, "attributes": attributes })
}

impl SchemaGuard {
    /// Guards the managed resource types of `provider` with the goldens in the directory
    /// `goldens` (relative paths are relative to the test's working directory: the
    /// package's root under `cargo test`), one `<type>.json` per resource type.
    pub fn new<P: Provider>(provider: &P, goldens: impl Into<PathBuf>) -> SchemaGuard {
        let types = stored_schemas(provider).map(|types| {
            (types.into_iter())
                .map(|(name, stored)| (name, current_of(&stored)))
                .collect()
        });
        SchemaGuard {
            types,
            goldens: goldens.into(),
        }
    }

    /// Compares every resource type with its golden; panics with every problem found (see
    /// [`SchemaGuard`]). With `TFVALUE_BLESS=1` in the environment it first writes the
    /// missing and stale goldens, and panics only for the breaking changes.
    pub fn check(self) {
        let bless = std::env::var(BLESS_VAR).is_ok_and(|v| v == "1");
        if let Err(report) = self.run(bless, &bless_command()) {
            panic!("{report}");
        }
    }

    /// The check: `Err` with the report of every problem; `bless` writes the missing and
    /// stale goldens; `command` is what the report says refreshes them.
    fn run(&self, bless: bool, command: &str) -> Result<(), String> {
        let dir = &self.goldens;
        let types = self.types.as_ref().map_err(|problems| {
            format!(
                "schema guard: the provider's types are declared wrongly, so their schemas \
                 cannot be compared with the goldens in {}:\n  {}",
                dir.display(),
                problems.join("\n  ")
            )
        })?;
        let goldens = read_goldens(dir)?;
        let mut problems: Vec<String> = Vec::new();
        let mut stale: Vec<(&str, PathBuf, String)> = Vec::new();
        for (name, current) in types {
            let path = dir.join(format!("{name}.json"));
            match goldens.get(name) {
                None => stale.push((
                    name,
                    path,
                    "has no golden schema yet (a new resource type, or the guard's first run)"
                        .to_owned(),
                )),
                Some(Err(why)) => problems.push(format!(
                    "resource type `{name}`: the golden {} is not a golden schema: {why}; \
                     restore it from version control (or delete it to write a fresh one)",
                    path.display()
                )),
                Some(Ok(golden)) => match verdict(name, &path, golden, current) {
                    Verdict::Same => {}
                    Verdict::Stale(why) => stale.push((name, path, why)),
                    Verdict::Broken(report) => problems.push(report),
                },
            }
        }
        for name in goldens.keys().filter(|n| !types.contains_key(*n)) {
            problems.push(format!(
                "resource type `{name}`: the golden {} records it, but the provider no \
                 longer serves it, so the states users stored of it can no longer be read, \
                 changed or destroyed. Register it again; if removing it is intended (a \
                 major release), delete {}",
                dir.join(format!("{name}.json")).display(),
                dir.join(format!("{name}.json")).display()
            ));
        }
        if bless {
            write_goldens(&stale, types)?;
        } else {
            problems.extend(stale.iter().map(|(name, path, why)| {
                format!(
                    "resource type `{name}` {why}: {} is to be refreshed with\n    {command}",
                    path.display()
                )
            }));
        }
        if problems.is_empty() {
            return Ok(());
        }
        let mut report = format!(
            "schema guard: {} problem{} with the goldens in {}:",
            problems.len(),
            if problems.len() == 1 { "" } else { "s" },
            dir.display()
        );
        for problem in problems {
            let _ = write!(report, "\n\n{problem}");
        }
        Err(report)
    }
}

/// `stored` as the guard compares it.
fn current_of(stored: &StoredSchema) -> Current {
    let identity = (stored.identity.as_ref()).map(|i| (i.schema, i.upgrades.clone()));
    Current::new(stored.schema, stored.upgrades.clone(), identity)
}

/// The command that refreshes the goldens of the running test: `TFVALUE_BLESS=1 cargo
/// test -p <package> <test>`, the package from cargo's environment and the test from the
/// name of its thread (either left out when not known).
fn bless_command() -> String {
    let mut command = format!("{BLESS_VAR}=1 cargo test");
    if let Ok(package) = std::env::var("CARGO_PKG_NAME") {
        let _ = write!(command, " -p {package}");
    }
    if let Some(test) = std::thread::current().name().filter(|n| *n != "main") {
        let _ = write!(command, " {test}");
    }
    command
}

/// The goldens in `dir` by resource type (the file name without `.json`), each parsed or
/// why not; none when `dir` does not exist.
fn read_goldens(dir: &Path) -> Result<BTreeMap<String, Result<Value, String>>, String> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(BTreeMap::new()),
        Err(e) => {
            return Err(format!(
                "schema guard: the goldens' directory {} cannot be read: {e}",
                dir.display()
            ))
        }
    };
    let mut goldens = BTreeMap::new();
    for entry in entries {
        let path = entry
            .map_err(|e| format!("schema guard: listing {} failed: {e}", dir.display()))?
            .path();
        let name = match (path.file_stem(), path.extension()) {
            (Some(stem), Some(ext)) if ext == "json" => stem.to_string_lossy().into_owned(),
            _ => continue,
        };
        let golden = std::fs::read_to_string(&path)
            .map_err(|e| format!("it cannot be read: {e}"))
            .and_then(|text| {
                serde_json::from_str::<Value>(&text).map_err(|e| format!("invalid JSON: {e}"))
            });
        goldens.insert(name, golden);
    }
    Ok(goldens)
}

/// Writes the golden of each of `stale` from its current schema.
fn write_goldens(
    stale: &[(&str, PathBuf, String)],
    types: &BTreeMap<String, Current>,
) -> Result<(), String> {
    for (name, path, _) in stale {
        let Some(current) = types.get(*name) else {
            continue;
        };
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("schema guard: creating {} failed: {e}", dir.display()))?;
        }
        let text = serde_json::to_string_pretty(&current.document).unwrap_or_default() + "\n";
        std::fs::write(path, text)
            .map_err(|e| format!("schema guard: writing {} failed: {e}", path.display()))?;
        eprintln!("schema guard: wrote {}", path.display());
    }
    Ok(())
}

/// How a resource type compares with its golden.
#[derive(Debug)]
enum Verdict {
    /// Nothing changed.
    Same,
    /// Nothing stored breaks, but the golden differs: why.
    Stale(String),
    /// Stored states or identities break: the report.
    Broken(String),
}

/// A golden's schema version and root block, and its identity's version and attributes.
struct Golden<'a> {
    version: i64,
    block: &'a Value,
    identity: Option<(i64, &'a Value)>,
}

/// `golden` read as a golden document, or what it lacks.
fn parse_golden(golden: &Value) -> Result<Golden<'_>, String> {
    let expected = "expected {\"resource_schema\":{\"version\":N,\"block\":{…}}} \
                    and optionally \"resource_identity_schema\":{\"version\":N,\"attributes\":{…}}";
    let schema = golden.get("resource_schema");
    let version = schema.and_then(|s| s.get("version")).and_then(version_of);
    let block = schema
        .and_then(|s| s.get("block"))
        .filter(|b| b.is_object());
    let (Some(version), Some(block)) = (version, block) else {
        return Err(format!("{expected}, found {}", shorten(golden)));
    };
    let identity = match golden.get("resource_identity_schema") {
        None => None,
        Some(identity) => {
            let version = identity.get("version").and_then(version_of);
            match version {
                Some(version) => {
                    Some((version, identity.get("attributes").unwrap_or(&Value::Null)))
                }
                None => return Err(format!("{expected}, found {}", shorten(golden))),
            }
        }
    };
    Ok(Golden {
        version,
        block,
        identity,
    })
}

/// A version as printed (Go's `uint64` of it: a negative one wraps around).
fn version_of(value: &Value) -> Option<i64> {
    (value.as_i64()).or_else(|| value.as_u64().map(|v| i64::from_ne_bytes(v.to_ne_bytes())))
}

/// A JSON value for a message, cut at 200 characters.
fn shorten(value: &Value) -> String {
    let text = value.to_string();
    match text.char_indices().nth(200) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text,
    }
}

/// Compares the resource type `name`'s golden (at `path`) with its current schema.
fn verdict(name: &str, path: &Path, golden: &Value, current: &Current) -> Verdict {
    let g = match parse_golden(golden) {
        Ok(g) => g,
        Err(why) => {
            return Verdict::Broken(format!(
                "resource type `{name}`: the golden {} is not a golden schema: {why}; \
                 restore it from version control (or delete it to write a fresh one)",
                path.display()
            ))
        }
    };
    let empty = Value::Null;
    let block = (current.document.get("resource_schema"))
        .and_then(|s| s.get("block"))
        .unwrap_or(&empty);
    let mut changes = Vec::new();
    block_changes(g.block, block, "", &mut changes);
    let mut problems = Vec::new();
    let mut accepted = Vec::new();
    versions(
        &Versioned {
            what: "schema",
            golden: g.version,
            current: current.version,
            upgrades: &current.upgrades,
            changes: &changes,
        },
        &mut problems,
        &mut accepted,
    );
    let mut identity_changes_found = Vec::new();
    match (g.identity, &current.identity) {
        (Some(_), None) => problems.push(format!(
            "the identity is no longer served, but states stored under the golden hold one. \
             Serve it again (`.with_identity()` where the type is registered); if dropping it \
             is intended, delete \"resource_identity_schema\" from {}",
            path.display()
        )),
        (None, Some(_)) => accepted.push("an identity is served now".to_owned()),
        (None, None) => {}
        (Some((golden_version, golden_attributes)), Some((version, upgrades))) => {
            let attributes = (current.document.get("resource_identity_schema"))
                .and_then(|i| i.get("attributes"))
                .unwrap_or(&empty);
            identity_changes(golden_attributes, attributes, &mut identity_changes_found);
            versions(
                &Versioned {
                    what: "identity",
                    golden: golden_version,
                    current: *version,
                    upgrades,
                    changes: &identity_changes_found,
                },
                &mut problems,
                &mut accepted,
            );
        }
    }
    if !problems.is_empty() {
        return Verdict::Broken(format!(
            "resource type `{name}` ({}):\n{}",
            path.display(),
            problems.join("\n")
        ));
    }
    if current.document == *golden {
        return Verdict::Same;
    }
    let mut why: Vec<String> = accepted;
    // Breaking changes that reach here were accepted by a version bump and its upgrade.
    why.extend(
        changes
            .iter()
            .chain(&identity_changes_found)
            .map(Change::line),
    );
    if why.is_empty() {
        why.push("its golden differs in form only".to_owned());
    }
    Verdict::Stale(format!(
        "changed without breaking stored states ({})",
        why.join("; ")
    ))
}

/// A schema's (or an identity's) golden and current versions, the upgrades it has and
/// the changes found.
struct Versioned<'a> {
    /// `schema` or `identity`.
    what: &'a str,
    golden: i64,
    current: i64,
    upgrades: &'a [i64],
    changes: &'a [Change],
}

/// Adds to `problems` what the versions of `v` make of its changes, or to `accepted` the
/// version change that accepts them.
fn versions(v: &Versioned<'_>, problems: &mut Vec<String>, accepted: &mut Vec<String>) {
    let (what, golden, current) = (v.what, v.golden, v.current);
    let (stored, model, method) = if what == "schema" {
        (
            "state",
            "the resource's model",
            "the resource's `upgrades()`",
        )
    } else {
        (
            "identity",
            "the identity's model",
            "the resource's `identity_upgrades()`",
        )
    };
    if current < golden {
        problems.push(format!(
            "  the {what} version went down from {golden} to {current}: every {stored} stored \
             with version {golden} is newer than this provider can read. Restore \
             `#[tf(version = {golden})]` (or a higher version) on {model}"
        ));
    } else if current > golden && !v.upgrades.contains(&golden) {
        let with: Vec<String> = v.upgrades.iter().map(i64::to_string).collect();
        let with = if with.is_empty() {
            "none".to_owned()
        } else {
            with.join(", ")
        };
        problems.push(format!(
            "  the {what} version went from {golden} to {current}, but no upgrade reads \
             version {golden} (versions with an upgrade: {with}), so what users stored under \
             the golden cannot be read. Add one to {method}: \
             `Upgrades::new().from({golden}, <conversion from version {golden}'s model>)`"
        ));
    } else if current > golden {
        accepted.push(format!(
            "the {what} version went from {golden} to {current}, with an upgrade from {golden}"
        ));
    } else {
        let breaking: Vec<String> = (v.changes.iter())
            .filter(|c| c.breaking)
            .map(|c| format!("    {}", c.line()))
            .collect();
        if !breaking.is_empty() {
            problems.push(format!(
                "  breaking for what users stored while the {what} version stays {golden}:\n{}\n  \
                 what to do: set `#[tf(version = {})]` on {model} (now {golden}{}) and add \
                 an upgrade from version {golden} to {method} \
                 (`Upgrades::new().from({golden}, <conversion from version {golden}'s model>)`)",
                breaking.join("\n"),
                golden + 1,
                if golden == 0 { ", the default" } else { "" },
            ));
        }
    }
}
