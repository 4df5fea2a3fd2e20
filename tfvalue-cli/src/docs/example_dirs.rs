//! The examples directory against the schema: every `<kind>/<name>/` directory of the
//! registry layout (`resources/localfs_file/`, `functions/join_path/`) must name a type or
//! function the provider has, or its examples would silently be on no page (a misspelt
//! or renamed type).

use std::collections::BTreeMap;
use std::path::Path;

use super::providers_json::ProviderSchemas;

/// Each examples subdirectory of the registry layout with the names it may hold.
fn kinds(schemas: &ProviderSchemas) -> [(&'static str, Vec<&str>); 6] {
    fn names<T>(map: &BTreeMap<String, T>) -> Vec<&str> {
        map.keys().map(String::as_str).collect()
    }
    [
        ("resources", names(&schemas.resources)),
        ("data-sources", names(&schemas.data_sources)),
        ("ephemeral-resources", names(&schemas.ephemeral_resources)),
        ("list-resources", names(&schemas.list_resources)),
        ("actions", names(&schemas.actions)),
        ("functions", names(&schemas.functions)),
    ]
}

/// Checks that every example directory under `root` names something of `schemas`.
///
/// # Errors
/// Each directory that names nothing, one line each, with what that kind does have; or a
/// directory that cannot be read.
pub(crate) fn check(root: &Path, schemas: &ProviderSchemas) -> Result<(), String> {
    let mut unknown = Vec::new();
    for (kind, names) in kinds(schemas) {
        let dir = root.join(kind);
        let entries = match std::fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(format!("cannot read {}: {e}", dir.display())),
        };
        let mut found = Vec::new();
        for entry in entries {
            let entry = entry.map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
            if !entry.path().is_dir() {
                continue;
            }
            let name = entry.file_name().to_string_lossy().into_owned();
            if !names.contains(&name.as_str()) {
                found.push(name);
            }
        }
        found.sort();
        for name in found {
            let has = if names.is_empty() {
                "none".to_owned()
            } else {
                names.join(", ")
            };
            unknown.push(format!(
                "  {}: the schema has no such {} (it has: {has})",
                dir.join(&name).display(),
                singular(kind)
            ));
        }
    }
    if unknown.is_empty() {
        return Ok(());
    }
    Err(format!(
        "examples that would be on no page, named after nothing the provider has:\n{}",
        unknown.join("\n")
    ))
}

/// What one directory of `kind` is named after.
fn singular(kind: &str) -> &'static str {
    match kind {
        "resources" => "resource type",
        "data-sources" => "data source",
        "ephemeral-resources" => "ephemeral resource type",
        "list-resources" => "list resource type",
        "actions" => "action type",
        _ => "function",
    }
}

#[cfg(test)]
mod tests {
    use tfvalue::schema::Schema;

    use super::*;

    #[test]
    fn a_directory_named_after_nothing_is_an_error() {
        let root =
            std::env::temp_dir().join(format!("tfvalue-cli-example-dirs-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        for dir in [
            "provider",
            "resources/box_item",
            "resources/box_itme",
            "actions/box_run",
            "functions/shout",
        ] {
            std::fs::create_dir_all(root.join(dir)).expect("mkdir");
        }
        // A file beside the directories is not an example directory.
        std::fs::write(root.join("resources/README.md"), "notes").expect("write");
        let mut schemas = ProviderSchemas::default();
        schemas
            .resources
            .insert("box_item".to_owned(), Schema::default());
        schemas
            .resources
            .insert("box_lid".to_owned(), Schema::default());
        let e = check(&root, &schemas).expect_err("two directories name nothing");
        assert_eq!(
            e,
            format!(
                "examples that would be on no page, named after nothing the provider has:\n  \
                 {}: the schema has no such resource type (it has: box_item, box_lid)\n  \
                 {}: the schema has no such action type (it has: none)\n  \
                 {}: the schema has no such function (it has: none)",
                root.join("resources/box_itme").display(),
                root.join("actions/box_run").display(),
                root.join("functions/shout").display(),
            )
        );
        std::fs::remove_dir_all(root.join("resources/box_itme")).expect("rmdir");
        std::fs::remove_dir_all(root.join("actions")).expect("rmdir");
        std::fs::remove_dir_all(root.join("functions")).expect("rmdir");
        assert_eq!(check(&root, &schemas), Ok(()));
        let _ = std::fs::remove_dir_all(&root);
    }
}
