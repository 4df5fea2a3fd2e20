//! The import steps that go beyond an ID: an `import` block naming the resource's
//! identity, configuration generated for what is imported (`-generate-config-out`), and
//! what an import step checks of the imported resource (its values and its identity
//! against the applied one, the plan that imports it).

use std::collections::BTreeMap;

use serde_json::Value as Json;

use crate::attr_path::AttrPath;
use crate::output::hcl_string;
use crate::plan::{describe_changes, pending_changes};
use crate::step::{ImportId, ImportMode, Kind, Step};

/// The Terraform release whose `import` blocks take an `identity`.
pub(crate) const IDENTITY_RELEASE: (u64, u64) = (1, 12);

/// The file `-generate-config-out` writes.
pub(crate) const GENERATED_FILE: &str = "generated.tf";

/// The file an import step writes its `import` block to, beside the configuration.
pub(crate) const IMPORT_FILE: &str = "import.tf";

impl Step {
    /// A step that imports the resource at `address` through an `import` block naming its
    /// identity (`identity = { ... }`, Terraform 1.12 and later) instead of an ID: the
    /// identity the test's state holds for `address` before the step, so the step follows
    /// one that created the resource. Otherwise as [`Step::import`] with
    /// [`Step::by_import_block`]: the plan must import the object and change nothing, then
    /// it is applied into a state of its own, and the imported resource (values and
    /// identity) is compared with the applied one. With an older Terraform the step is
    /// skipped, saying so on stderr.
    ///
    /// ```no_run
    /// # fn provider() -> tfvalue_testing::TestProvider { unimplemented!() }
    /// use tfvalue_testing::{state, Step, Test};
    ///
    /// Test::new(&provider())
    ///     .step(
    ///         Step::config(r#"resource "localfs_file" "a" {
    ///           path    = "a.txt"
    ///           content = "one"
    ///         }"#)
    ///             .check(state::identity_value("localfs_file.a", ".path").equals("a.txt")),
    ///     )
    ///     .step(Step::import_by_identity("localfs_file.a"))
    ///     .run();
    /// ```
    pub fn import_by_identity(address: &str) -> Step {
        Step::import_id(address, ImportId::Identity(None))
            .by_import_block()
            .requires_terraform(IDENTITY_RELEASE.0, IDENTITY_RELEASE.1)
    }

    /// [`Step::import_by_identity`] with the identity given: a JSON object of the identity's
    /// attributes (as `json!({"path": "etc/motd"})`), which may leave out those the
    /// provider fills in itself. For an object no step created (with
    /// [`Step::using_config`] and [`Step::no_verify`], or [`Step::generate_config`]), or to
    /// see how the provider answers an identity it must refuse
    /// ([`Step::expect_error`]).
    pub fn import_by_given_identity(address: &str, identity: Json) -> Step {
        Step::import_id(address, ImportId::Identity(Some(identity)))
            .by_import_block()
            .requires_terraform(IDENTITY_RELEASE.0, IDENTITY_RELEASE.1)
    }

    /// Lets Terraform write the configuration of what the step imports
    /// (`-generate-config-out`): for an import step (which then imports through an `import`
    /// block; its configuration must not declare the imported resource, so give it one of
    /// its own with [`Step::using_config`]) or a query step ([`Step::query`], whose results
    /// are imported). The generated file must declare every imported resource; then the
    /// plan of the configuration with it must import each of them and change nothing (what
    /// Terraform generates for the provider's resources must describe them as they are),
    /// and that plan is applied into a state of the step's own.
    /// [`Step::expect_generated_config`] checks the file's text. Given to a step of another
    /// kind, it fails that step, saying so.
    pub fn generate_config(mut self) -> Step {
        match &mut self.kind {
            Kind::Import { generate, mode, .. } => {
                *mode = ImportMode::Block;
                generate.get_or_insert_with(Vec::new);
            }
            Kind::Query { generate, .. } => {
                generate.get_or_insert_with(Vec::new);
            }
            Kind::Apply | Kind::Refresh | Kind::Invoke { .. } => {
                self.misplaced(
                    "generate_config was given to a step that neither imports nor queries"
                        .to_owned(),
                );
            }
        }
        self
    }

    /// The configuration the step generates ([`Step::generate_config`], which this
    /// implies) matches the regular expression `pattern` (syntax of the `regex-lite`
    /// crate), as `permissions\s+= "0600"`. Called more than once, every pattern must
    /// match. Like [`Step::generate_config`], for import and query steps: given to a step
    /// of another kind, it fails that step, saying so.
    pub fn expect_generated_config(self, pattern: &str) -> Step {
        let mut step = self.generate_config();
        let compiled = regex_lite::Regex::new(pattern).map_err(|e| format!("/{pattern}/: {e}"));
        if let Kind::Import { generate, .. } | Kind::Query { generate, .. } = &mut step.kind {
            generate.get_or_insert_with(Vec::new).push(compiled);
        }
        step
    }
}

/// An identity as an HCL object expression (`{ path = "a.txt", root = "/r" }`).
///
/// # Errors
/// When `identity` is not a JSON object, or an attribute name is not an HCL identifier.
pub(crate) fn identity_hcl(identity: &Json) -> Result<String, String> {
    let Json::Object(attributes) = identity else {
        return Err(format!(
            "an identity is a JSON object of attributes, not {identity}"
        ));
    };
    let mut parts = Vec::new();
    for (name, value) in attributes {
        let identifier = name
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
        if !identifier {
            return Err(format!(
                "the identity attribute {name:?} is not an HCL name"
            ));
        }
        parts.push(format!("{name} = {}", value_hcl(value)));
    }
    Ok(format!("{{ {} }}", parts.join(", ")))
}

/// A JSON value as an HCL expression.
fn value_hcl(value: &Json) -> String {
    match value {
        Json::String(s) => hcl_string(s),
        Json::Array(items) => {
            format!(
                "[{}]",
                items.iter().map(value_hcl).collect::<Vec<_>>().join(", ")
            )
        }
        Json::Object(map) => {
            let parts: Vec<String> = map
                .iter()
                .map(|(k, v)| format!("{} = {}", hcl_string(k), value_hcl(v)))
                .collect();
            format!("{{ {} }}", parts.join(", "))
        }
        Json::Null | Json::Bool(_) | Json::Number(_) => value.to_string(),
    }
}

/// The `import` block of `address`, from an ID or an identity (HCL, as
/// [`identity_hcl`] writes it).
pub(crate) fn import_block(address: &str, id: Result<&str, &str>) -> String {
    match id {
        Ok(id) => format!(
            "import {{\n  to = {address}\n  id = {}\n}}\n",
            hcl_string(id)
        ),
        Err(identity) => {
            format!("import {{\n  to       = {address}\n  identity = {identity}\n}}\n")
        }
    }
}

/// The identity of the resource at `address` in a state from `terraform show -json`.
///
/// # Errors
/// The resource is not in the state, or has no identity there.
pub(crate) fn identity_in_state<'s>(state: &'s Json, address: &str) -> Result<&'s Json, String> {
    let resource = crate::state::resource_in(state, address)
        .ok_or_else(|| format!("there is no {address} in the state"))?;
    match &resource["identity"] {
        Json::Null => Err(format!(
            "{address} has no identity in the state (Terraform 1.12 and later store one for a \
             resource whose provider declares an identity)"
        )),
        identity => Ok(identity),
    }
}

/// Whether `plan` imports exactly the resources `imported` (each an `importing` change
/// with no other action) and changes nothing else.
///
/// # Errors
/// What the plan does instead, one line each.
pub(crate) fn imports_only(plan: &Json, imported: &[String]) -> Result<(), String> {
    let all = plan["resource_changes"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let mut problems = Vec::new();
    for address in imported {
        let change = all.iter().find(|rc| rc["address"] == address.as_str());
        match change {
            None => problems.push(format!("{address}: not in the plan")),
            Some(rc) if rc["change"]["importing"].is_null() => {
                problems.push(format!(
                    "{address}: not imported, its change is {}",
                    actions_text(&rc["change"]["actions"])
                ));
            }
            Some(rc) if rc["change"]["actions"] != serde_json::json!(["no-op"]) => {
                problems.push(format!(
                    "{address}: imported, then {}",
                    actions_text(&rc["change"]["actions"])
                ));
            }
            Some(_) => {}
        }
    }
    let others: Vec<(String, Vec<String>)> = pending_changes(plan)
        .into_iter()
        .filter(|(address, _)| !imported.contains(address))
        .collect();
    if !others.is_empty() {
        problems.push(describe_changes(&others));
    }
    match problems.is_empty() {
        true => Ok(()),
        false => Err(problems.join("\n  ")),
    }
}

/// A change's actions (`["delete","create"]`) as `delete, create`.
fn actions_text(actions: &Json) -> String {
    let names: Vec<&str> = (actions.as_array().into_iter().flatten())
        .map(|a| a.as_str().unwrap_or("?"))
        .collect();
    names.join(", ")
}

/// Whether the generated configuration `text` declares every resource of `addresses` and
/// matches every pattern.
///
/// # Errors
/// The first declaration or pattern missing.
pub(crate) fn check_generated(
    text: &str,
    addresses: &[String],
    patterns: &[Result<regex_lite::Regex, String>],
) -> Result<(), String> {
    for address in addresses {
        let Some((kind, name)) = address.rsplit_once('.') else {
            return Err(format!("{address} is not a resource address"));
        };
        let declaration = format!("resource \"{kind}\" \"{name}\"");
        if !text.contains(&declaration) {
            return Err(format!(
                "no `{declaration}` in the generated configuration:\n{text}"
            ));
        }
    }
    for pattern in patterns {
        let regex = pattern
            .as_ref()
            .map_err(|e| format!("the pattern is not a regular expression: {e}"))?;
        if !regex.is_match(text) {
            return Err(format!(
                "the generated configuration does not match /{}/:\n{text}",
                regex.as_str()
            ));
        }
    }
    Ok(())
}

/// The differences between the applied and the imported identity of a resource (`Null`
/// where a state has none), one line each.
pub(crate) fn compare_identities(applied: &Json, imported: &Json) -> Vec<String> {
    if applied == imported {
        return Vec::new();
    }
    if applied.is_null() || imported.is_null() {
        return vec![format!("applied {applied}, imported {imported}")];
    }
    compare_values(applied, imported, &[]).unwrap_or_default()
}

/// The attributes where `imported` differs from `applied`, one line each, leaving out
/// `ignore` (paths; everything under them too).
///
/// # Errors
/// When an ignored path does not parse.
pub(crate) fn compare_values(
    applied: &Json,
    imported: &Json,
    ignore: &[String],
) -> Result<Vec<String>, String> {
    let ignored: Vec<String> = ignore
        .iter()
        .map(|i| AttrPath::parse(i).map(|p| p.to_string()))
        .collect::<Result<_, _>>()?;
    let skip = |path: &str| {
        ignored.iter().any(|i| {
            path.strip_prefix(i.as_str())
                .is_some_and(|rest| rest.is_empty() || rest.starts_with(['.', '[']))
        })
    };
    let (a, b) = (flatten(applied), flatten(imported));
    let mut out = Vec::new();
    for (path, value) in &a {
        if skip(path) {
            continue;
        }
        match b.get(path) {
            Some(other) if other == value => {}
            Some(other) => out.push(format!("{path}: applied {value}, imported {other}")),
            None => out.push(format!("{path}: applied {value}, imported: absent")),
        }
    }
    for (path, value) in &b {
        if !skip(path) && !a.contains_key(path) {
            out.push(format!("{path}: applied: absent, imported {value}"));
        }
    }
    Ok(out)
}

/// Every leaf of `value` by its path (as [`AttrPath`] prints it); empty objects and
/// arrays are leaves too.
fn flatten(value: &Json) -> BTreeMap<String, Json> {
    fn walk(value: &Json, path: &mut String, out: &mut BTreeMap<String, Json>, top: bool) {
        let len = path.len();
        match value {
            Json::Object(map) if !map.is_empty() => {
                for (k, v) in map {
                    if top {
                        path.push('.');
                        path.push_str(k);
                    } else {
                        path.push_str(&format!("[{}]", Json::from(k.as_str())));
                    }
                    walk(v, path, out, false);
                    path.truncate(len);
                }
            }
            Json::Array(items) if !items.is_empty() => {
                for (i, v) in items.iter().enumerate() {
                    path.push_str(&format!("[{i}]"));
                    walk(v, path, out, false);
                    path.truncate(len);
                }
            }
            leaf => {
                out.insert(path.clone(), leaf.clone());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(value, &mut String::new(), &mut out, true);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn import_verification_names_the_differences() {
        let applied = json!({"id": "a", "keepers": {"k": "1"}, "list": [1, 2], "wo": "x"});
        let imported = json!({"id": "a", "keepers": {"k": "2"}, "list": [1], "wo": null});
        let diffs = compare_values(&applied, &imported, &[]).unwrap();
        assert_eq!(
            diffs,
            vec![
                ".keepers[\"k\"]: applied \"1\", imported \"2\"",
                ".list[1]: applied 2, imported: absent",
                ".wo: applied \"x\", imported null",
            ]
        );
        let diffs = compare_values(
            &applied,
            &imported,
            &["keepers".into(), ".list".into(), "wo".into()],
        )
        .unwrap();
        assert!(diffs.is_empty(), "{diffs:?}");
        // A name is not a prefix of a longer name.
        let diffs = compare_values(&json!({"ab": 1}), &json!({"ab": 2}), &["a".into()]).unwrap();
        assert_eq!(diffs.len(), 1);
        assert!(compare_values(&applied, &imported, &["a[".into()]).is_err());
    }

    #[test]
    fn identities_are_compared_attribute_by_attribute() {
        let applied = json!({"path": "a.txt", "root": "/r"});
        assert!(compare_identities(&applied, &applied.clone()).is_empty());
        assert_eq!(
            compare_identities(&applied, &json!({"path": "b.txt", "root": "/r"})),
            vec![".path: applied \"a.txt\", imported \"b.txt\""]
        );
        assert_eq!(
            compare_identities(&applied, &Json::Null),
            vec!["applied {\"path\":\"a.txt\",\"root\":\"/r\"}, imported null"]
        );
        assert!(compare_identities(&Json::Null, &Json::Null).is_empty());
    }

    #[test]
    fn identities_are_written_as_hcl_objects() {
        assert_eq!(
            identity_hcl(&json!({"path": "a \"b\".txt", "n": 3, "tags": ["x"], "root": null})),
            Ok(r#"{ n = 3, path = "a \"b\".txt", root = null, tags = ["x"] }"#.to_owned())
        );
        assert_eq!(
            identity_hcl(&json!("a.txt")),
            Err("an identity is a JSON object of attributes, not \"a.txt\"".to_owned())
        );
        assert_eq!(
            identity_hcl(&json!({"a b": 1})),
            Err("the identity attribute \"a b\" is not an HCL name".to_owned())
        );
        assert_eq!(
            import_block("x.y", Err("{ path = \"a\" }")),
            "import {\n  to       = x.y\n  identity = { path = \"a\" }\n}\n"
        );
        assert_eq!(
            import_block("x.y", Ok("a")),
            "import {\n  to = x.y\n  id = \"a\"\n}\n"
        );
    }

    #[test]
    fn the_identity_is_read_from_the_state() {
        let state = json!({"values": {"root_module": {"resources": [
            {"address": "f.a", "mode": "managed", "values": {}, "identity": {"path": "a"}},
            {"address": "f.b", "mode": "managed", "values": {}}
        ]}}});
        assert_eq!(identity_in_state(&state, "f.a"), Ok(&json!({"path": "a"})));
        assert!(identity_in_state(&state, "f.b")
            .unwrap_err()
            .starts_with("f.b has no identity in the state"));
        assert_eq!(
            identity_in_state(&state, "f.c"),
            Err("there is no f.c in the state".to_owned())
        );
    }

    #[test]
    fn an_import_plan_must_import_each_resource_and_change_nothing() {
        let change = |address: &str, actions: Json, importing: bool| {
            json!({"address": address, "mode": "managed", "change": {
                "actions": actions,
                "importing": if importing { json!({"identity": {}}) } else { Json::Null },
            }})
        };
        let imported = ["f.a".to_owned(), "f.b".to_owned()];
        let good = json!({"resource_changes": [
            change("f.a", json!(["no-op"]), true),
            change("f.b", json!(["no-op"]), true),
            change("f.c", json!(["no-op"]), false),
        ]});
        assert_eq!(imports_only(&good, &imported), Ok(()));
        let bad = json!({"resource_changes": [
            change("f.a", json!(["update"]), true),
            change("f.c", json!(["create"]), false),
        ]});
        assert_eq!(
            imports_only(&bad, &imported),
            Err("f.a: imported, then update\n  f.b: not in the plan\n  \
                 planned changes:\n  f.c: create"
                .to_owned())
        );
        let not_imported = json!({"resource_changes": [change("f.a", json!(["create"]), false)]});
        assert_eq!(
            imports_only(&not_imported, &imported[..1]),
            Err("f.a: not imported, its change is create".to_owned())
        );
    }

    #[test]
    fn the_generated_configuration_must_declare_the_resources_and_match() {
        let text = "resource \"f\" \"a\" {\n  mode = \"0600\"\n}\n";
        let pattern = |p: &str| regex_lite::Regex::new(p).map_err(|e| e.to_string());
        assert_eq!(
            check_generated(text, &["f.a".to_owned()], &[pattern("0600")]),
            Ok(())
        );
        assert_eq!(
            check_generated(text, &["f.b".to_owned()], &[]),
            Err(format!(
                "no `resource \"f\" \"b\"` in the generated configuration:\n{text}"
            ))
        );
        assert_eq!(
            check_generated(text, &[], &[pattern("0644")]),
            Err(format!(
                "the generated configuration does not match /0644/:\n{text}"
            ))
        );
        assert!(check_generated(text, &[], &[pattern("(")])
            .unwrap_err()
            .starts_with("the pattern is not a regular expression"));
    }
}
