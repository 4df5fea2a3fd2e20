//! End to end: the upstream acceptance steps of hashicorp/terraform-provider-random
//! (`internal/provider/*_test.go`), ported onto the real Terraform CLI and the port in
//! `examples/random` (the bin `terraform-provider-random`).
//!
//! Each upstream `TestStep` with a `Config` is an apply followed by a plan that must be
//! empty, as terraform-plugin-testing runs it. Most are written as `tfvalue_testing`
//! steps (`Test`, `Step`): the keepers matrices, strings and passwords, imports and
//! ephemeral values; their state checks read `terraform show -json`. The rest drive the
//! workspace command by command and read `terraform.tfstate`. Upstream test cases that
//! differ only in their configurations share a workspace: their resources sit side by
//! side in one module, so one apply runs the same step of all of them. Steps that ran an
//! old released provider (`ExternalProviders`) start instead from a hand-written
//! `terraform.tfstate` with the schema version and attributes that release stored.
//! Comments `step N` count the ported steps (examples/random/README.md).

use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use regex_lite::Regex;
use serde_json::{json, Value};
use tfvalue_testing::{
    each_terraform, hcl_string, output_text, plan, state, Step, Terraform, Test, TestProvider,
    Workspace,
};

const PROVIDER_ADDRESS: &str = "example.com/tfvalue/random";
const PROVIDER_EXE: &str = env!("CARGO_BIN_EXE_terraform-provider-random");

/// A workspace serving the port as the provider `random`.
struct Random {
    ws: Workspace,
}

/// The attributes of every managed resource in the state, by address.
type States = BTreeMap<String, Value>;

/// The port, as the built executable Terraform starts.
fn provider() -> TestProvider {
    TestProvider::binary(PROVIDER_ADDRESS, PROVIDER_EXE)
}

impl Random {
    fn new(tf: &Terraform, label: &str) -> Self {
        Random {
            ws: Workspace::new(tf, &provider(), label),
        }
    }

    fn version(&self) -> &str {
        &self.ws.terraform().version
    }

    /// A step with a configuration: apply it, then a plan must show no changes. Returns
    /// the state.
    fn step(&self, hcl: &str) -> States {
        self.ws.write_main(hcl);
        self.ws.apply();
        self.assert_empty_plan("the apply");
        self.states()
    }

    /// A `PlanOnly` step (or `ExpectEmptyPlan`): the plan of `hcl` shows no changes.
    fn plan_only(&self, hcl: &str) {
        self.ws.write_main(hcl);
        self.assert_empty_plan("writing the configuration");
    }

    fn assert_empty_plan(&self, after: &str) {
        assert_eq!(
            self.ws.plan_detailed_exitcode(),
            0,
            "Terraform {}: the plan after {after} is not empty",
            self.version()
        );
    }

    /// [`refresh_clean`], which must hold.
    fn assert_refresh_clean(&self) {
        if let Err(e) = refresh_clean(&self.ws) {
            panic!("Terraform {}: {e}", self.version());
        }
    }

    fn state_path(&self) -> std::path::PathBuf {
        self.ws.module_dir().join("terraform.tfstate")
    }

    /// The state's resources, read from `terraform.tfstate`.
    fn states(&self) -> States {
        let text = std::fs::read_to_string(self.state_path()).expect("terraform.tfstate");
        let state: Value = serde_json::from_str(&text).expect("state JSON");
        let mut out = States::new();
        for r in state["resources"].as_array().into_iter().flatten() {
            if r["mode"] == "managed" {
                let address = format!(
                    "{}.{}",
                    r["type"].as_str().unwrap_or(""),
                    r["name"].as_str().unwrap_or("")
                );
                out.insert(address, r["instances"][0]["attributes"].clone());
            }
        }
        out
    }

    /// Writes a state as an older provider release stored it ([`write_state`]).
    fn write_state(&self, resources: &[(&str, i64, Value)]) {
        write_state(&self.ws, resources);
    }

    /// Runs `args` on `hcl`, which must fail; returns each error's text (its lines joined,
    /// so that Terraform's wrapping does not matter) by the address it names ("" when none).
    fn errors(&self, hcl: &str, args: &[&str]) -> BTreeMap<String, Vec<String>> {
        self.ws.write_main(hcl);
        let out = self.ws.run(args);
        assert!(
            !out.status.success(),
            "Terraform {}: {args:?} was to fail\n{}",
            self.version(),
            output_text(&out)
        );
        let text = String::from_utf8_lossy(&out.stderr).replace(['│', '╷', '╵'], " ");
        let mut found: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for diag in text.split("Error: ").skip(1) {
            let joined = diag.split_whitespace().collect::<Vec<_>>().join(" ");
            let named = Regex::new(r"with ((?:ephemeral\.)?random_\w+\.\w+),").expect("pattern");
            let address = named
                .captures(&joined)
                .map_or(String::new(), |c| c[1].to_owned());
            found.entry(address).or_default().push(joined);
        }
        found
    }
}

/// A refresh-only plan right after apply finds nothing to apply: exit 0 with
/// `-detailed-exitcode`. On Terraform before 1.15, a state holding an object with two
/// or more sensitive attributes (random_password, random_bytes) makes that exit code
/// a coin toss whatever the provider answers: Terraform compares the stored and the
/// refreshed object with Go's `reflect.DeepEqual`, including their lists of sensitive
/// paths, which it builds in Go's random map order (fixed in Terraform 1.15,
/// hashicorp/terraform commit 659d5e2218; tests/e2e/refresh.rs shows Terraform's own
/// `terraform_data` doing the same). There the plan must still find no changes, and the
/// skipped exit code is said on stderr.
fn refresh_clean(ws: &Workspace) -> Result<(), String> {
    let out = ws.run(&[
        "plan",
        "-refresh-only",
        "-detailed-exitcode",
        "-no-color",
        "-input=false",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let coin_toss: std::collections::BTreeSet<String> = state::managed_addresses(&ws.state())
        .iter()
        .filter_map(|address| address.split('.').next())
        .filter(|ty| sensitive_attributes(ty) >= 2)
        .map(str::to_owned)
        .collect();
    if !coin_toss.is_empty() && !ws.terraform().at_least(1, 15) {
        let _ = writeln!(
            std::io::stderr().lock(),
            "SKIPPED the refresh-only exit code on Terraform {} ({}: two or more \
             sensitive attributes; Terraform before 1.15 compares their paths in random \
             order): checked that the plan has no changes",
            ws.terraform().version,
            coin_toss.into_iter().collect::<Vec<_>>().join(", ")
        );
        if matches!(out.status.code(), Some(0 | 2)) && stdout.contains("No changes.") {
            return Ok(());
        }
        return Err(format!("refresh-only plan\n{}", output_text(&out)));
    }
    if out.status.code() == Some(0) {
        Ok(())
    } else {
        Err(format!(
            "refresh-only plan exit {:?}\n{}",
            out.status.code(),
            output_text(&out)
        ))
    }
}

/// Writes a state as an older provider release stored it: `(address, schema
/// version, attributes)` for each resource.
fn write_state(ws: &Workspace, resources: &[(&str, i64, Value)]) {
    let resources: Vec<Value> = resources
        .iter()
        .map(|(address, version, attributes)| {
            let (ty, name) = address.split_once('.').expect("type.name");
            json!({
                "mode": "managed", "type": ty, "name": name,
                "provider": format!("provider[\"{}\"]", ws.provider_source()),
                "instances": [{ "schema_version": version, "attributes": attributes, "sensitive_attributes": [] }],
            })
        })
        .collect();
    let state = json!({
        "version": 4, "terraform_version": "1.3.0", "serial": 1,
        "lineage": "0f0e0d0c-0b0a-4908-8706-050403020100", "outputs": {}, "resources": resources,
    });
    std::fs::write(ws.module_dir().join("terraform.tfstate"), state.to_string())
        .expect("write terraform.tfstate");
}

/// Asserts that some error of `address` matches `pattern`.
fn assert_error(errors: &BTreeMap<String, Vec<String>>, address: &str, pattern: &str) {
    let re = Regex::new(pattern).expect("pattern");
    let mine = errors.get(address).cloned().unwrap_or_default();
    assert!(
        mine.iter().any(|e| re.is_match(e)),
        "no error of {address} matches {pattern:?}: {errors:#?}"
    );
}

/// The string at `attribute` of `address`.
fn text<'a>(states: &'a States, address: &str, attribute: &str) -> &'a str {
    states[address][attribute].as_str().unwrap_or_else(|| {
        panic!(
            "{address}.{attribute} is not a string: {:#}",
            states[address]
        )
    })
}

/// Asserts that `attribute` of `address` matches `pattern`.
fn assert_matches(states: &States, address: &str, attribute: &str, pattern: &str) {
    let value = text(states, address, attribute);
    assert!(
        Regex::new(pattern).expect("pattern").is_match(value),
        "{address}.{attribute} = {value:?} does not match {pattern:?}"
    );
}

/// The number of characters of `attribute` (Go's `utf8.RuneCountInString`).
fn chars(states: &States, address: &str, attribute: &str) -> usize {
    text(states, address, attribute).chars().count()
}

#[test]
fn schema_is_the_upstream_schema() {
    each_terraform("schema_is_the_upstream_schema", |tf| {
        let t = Random::new(tf, "random-schema");
        t.ws.write_main("");
        let shown = t.ws.providers_schema();
        let mut ours = shown["provider_schemas"][t.ws.provider_source()].clone();
        let mut upstream: Value =
            serde_json::from_str(&tfvalue_suite::data_text("random/schema.json")).expect("fixture");
        strip(&mut ours, &["description", "description_kind"]);
        if !tf.version.starts_with("1.15.") {
            // Terraform before 1.15 does not print deprecation messages.
            strip(&mut upstream, &["deprecation_message"]);
        }
        let mut differences = Vec::new();
        for kind in ["provider", "resource_schemas", "ephemeral_resource_schemas"] {
            diff(kind, &upstream[kind], &ours[kind], &mut differences);
        }
        assert!(
            differences.is_empty(),
            "Terraform {}: the schema differs from upstream's (tests/data/random/schema.json):\n{}",
            tf.version,
            differences.join("\n")
        );
    });
}

/// Removes `keys` from every object inside `value`.
fn strip(value: &mut Value, keys: &[&str]) {
    match value {
        Value::Object(map) => {
            for k in keys {
                map.remove(*k);
            }
            map.values_mut().for_each(|v| strip(v, keys));
        }
        Value::Array(items) => items.iter_mut().for_each(|v| strip(v, keys)),
        _ => {}
    }
}

/// Lists every path where `ours` differs from `upstream`, one line each.
fn diff(path: &str, upstream: &Value, ours: &Value, out: &mut Vec<String>) {
    match (upstream, ours) {
        (Value::Object(u), Value::Object(o)) => {
            for key in u.keys().chain(o.keys().filter(|k| !u.contains_key(*k))) {
                let (a, b) = (
                    u.get(key).unwrap_or(&Value::Null),
                    o.get(key).unwrap_or(&Value::Null),
                );
                diff(&format!("{path}.{key}"), a, b, out);
            }
        }
        (u, o) if u != o => out.push(format!("{path}: upstream {u}, ours {o}")),
        _ => {}
    }
}

/// The `keepers` scenarios every resource type runs upstream (`*_Keepers_Keep_*`,
/// `*_Keepers_Replace_*`): the keepers of the first and second step (`""`: none), whether
/// the second replaces the object, and the size of `keepers` in each state (`None`: null).
/// One keepers scenario: name, keepers of each step, replaced, keepers' size in each state.
type Scenario = (
    &'static str,
    &'static str,
    &'static str,
    bool,
    Option<usize>,
    Option<usize>,
);

const KEEPERS: [Scenario; 15] = [
    ("keep_empty_map", "{}", "{}", false, Some(0), Some(0)),
    (
        "keep_empty_map_to_null_value",
        "{}",
        "{ key = null }",
        false,
        Some(0),
        Some(1),
    ),
    ("keep_null_map", "", "", false, None, None),
    (
        "keep_null_map_to_null_value",
        "",
        "{ key = null }",
        false,
        None,
        Some(1),
    ),
    (
        "keep_null_value",
        "{ key = null }",
        "{ key = null }",
        false,
        Some(1),
        Some(1),
    ),
    (
        "keep_null_values",
        "{ key1 = null, key2 = null }",
        "{ key1 = null, key2 = null }",
        false,
        Some(2),
        Some(2),
    ),
    (
        "keep_value",
        r#"{ key = "123" }"#,
        r#"{ key = "123" }"#,
        false,
        Some(1),
        Some(1),
    ),
    (
        "keep_values",
        r#"{ key1 = "123", key2 = "456" }"#,
        r#"{ key1 = "123", key2 = "456" }"#,
        false,
        Some(2),
        Some(2),
    ),
    (
        "replace_empty_map_to_value",
        "{}",
        r#"{ key = "123" }"#,
        true,
        Some(0),
        Some(1),
    ),
    (
        "replace_null_map_to_value",
        "",
        r#"{ key = "123" }"#,
        true,
        None,
        Some(1),
    ),
    (
        "replace_null_value_to_value",
        "{ key = null }",
        r#"{ key = "123" }"#,
        true,
        Some(1),
        Some(1),
    ),
    (
        "replace_value_to_empty_map",
        r#"{ key = "123" }"#,
        "{}",
        true,
        Some(1),
        Some(0),
    ),
    (
        "replace_value_to_null_map",
        r#"{ key = "123" }"#,
        "",
        true,
        Some(1),
        None,
    ),
    (
        "replace_value_to_null_value",
        r#"{ key = "123" }"#,
        "{ key = null }",
        true,
        Some(1),
        Some(1),
    ),
    (
        "replace_value_to_new_value",
        r#"{ key = "123" }"#,
        r#"{ key = "456" }"#,
        true,
        Some(1),
        Some(1),
    ),
];

/// `*_Keepers_FrameworkMigration_*`: keepers as provider 3.3.2 (SDKv2, which drops null
/// values and stores a map of only nulls as null) stored them, the keepers of the step
/// with the port, whether that replaces the object, and the size of `keepers` after it.
fn migrations() -> [(&'static str, Value, &'static str, bool, usize); 6] {
    let kept = || json!({ "key1": "123" });
    [
        (
            "null_map_to_null_value",
            Value::Null,
            "{ key = null }",
            false,
            1,
        ),
        (
            "null_map_to_value",
            Value::Null,
            r#"{ key = "123" }"#,
            true,
            1,
        ),
        (
            "null_map_to_multiple_null_value",
            Value::Null,
            "{ key1 = null, key2 = null }",
            false,
            2,
        ),
        (
            "null_map_to_multiple_value",
            Value::Null,
            r#"{ key1 = "123", key2 = "456" }"#,
            true,
            2,
        ),
        (
            "null_map_value",
            kept(),
            r#"{ key1 = "123", key2 = null }"#,
            false,
            2,
        ),
        (
            "null_map_value_to_value",
            kept(),
            r#"{ key1 = "123", key2 = "456" }"#,
            true,
            2,
        ),
    ]
}

/// A resource of `ty` with `body` and `keepers` (none when empty).
fn resource(ty: &str, name: &str, body: &str, keepers: &str) -> String {
    let keepers = if keepers.is_empty() {
        String::new()
    } else {
        format!("\n  keepers = {keepers}")
    };
    format!("resource \"{ty}\" \"{name}\" {{\n  {body}{keepers}\n}}\n")
}

/// The size of the map `attribute` of `address` in a `terraform show -json` state, `None`
/// when null.
fn shown_map_size(s: &Value, address: &str, attribute: &str) -> Result<Option<usize>, String> {
    let resource = state::resource_in(s, address).ok_or_else(|| format!("no {address}"))?;
    Ok(resource["values"][attribute]
        .as_object()
        .map(serde_json::Map::len))
}

/// Runs the keepers scenarios of `ty` (configured with `body`; `compared` is the attribute
/// that tells objects apart) as a two-step test, and the 3.3.2 migrations from `old`, the
/// schema version and attributes that release stored, when the type existed then.
fn keepers_matrix(
    ty: &'static str,
    body: &'static str,
    compared: &'static str,
    old: Option<(i64, Value)>,
) {
    let scenarios: Vec<Scenario> = KEEPERS
        .iter()
        .filter(|s| {
            ty != "random_bytes" || !s.0.ends_with("to_null_value") || s.0.starts_with("replace")
        })
        .copied()
        .collect();
    let migrations = if old.is_some() {
        migrations().to_vec()
    } else {
        Vec::new()
    };
    let config = {
        let (scenarios, migrations) = (scenarios.clone(), migrations.clone());
        move |second: bool| -> String {
            let mut hcl: String = scenarios
                .iter()
                .map(|s| resource(ty, s.0, body, if second { s.2 } else { s.1 }))
                .collect();
            hcl.extend(
                migrations
                    .iter()
                    .map(|m| resource(ty, &format!("m_{}", m.0), body, m.2)),
            );
            hcl
        }
    };
    // Each workspace's state after step 1, for step 2 to compare with (the Terraform
    // versions run side by side, each in a workspace of its own).
    let firsts: Arc<Mutex<BTreeMap<PathBuf, Value>>> = Arc::default();

    // Steps 1 of every scenario, and the port's step of every migration.
    let mut first = Step::config(config(false));
    if let Some((version, attributes)) = &old {
        let states: Vec<(String, i64, Value)> = migrations
            .iter()
            .map(|(name, keepers, ..)| {
                let mut attributes = attributes.clone();
                attributes["keepers"] = keepers.clone();
                (format!("{ty}.m_{name}"), *version, attributes)
            })
            .collect();
        first = first.before(move |ws| {
            let refs: Vec<(&str, i64, Value)> = states
                .iter()
                .map(|(a, v, s)| (a.as_str(), *v, s.clone()))
                .collect();
            write_state(ws, &refs);
        });
    }
    let first = {
        let (scenarios, migrations, firsts) =
            (scenarios.clone(), migrations.clone(), Arc::clone(&firsts));
        let old_attributes = old.as_ref().map(|(_, attributes)| attributes.clone());
        first.check_with(
            "step 1: the keepers of every scenario and migration",
            move |ws, s| {
                for sc in &scenarios {
                    let found = shown_map_size(s, &format!("{ty}.{}", sc.0), "keepers")?;
                    if found != sc.4 {
                        return Err(format!(
                            "{ty}.{} keepers size {found:?}, expected {:?}",
                            sc.0, sc.4
                        ));
                    }
                }
                if let Some(attributes) = &old_attributes {
                    for (name, _, _, replaced, size) in &migrations {
                        let address = format!("{ty}.m_{name}");
                        let values = &state::resource_in(s, &address)
                            .ok_or_else(|| format!("no {address}"))?["values"];
                        if (values[compared] != attributes[compared]) != *replaced {
                            return Err(format!(
                                "{address}: {compared} {}",
                                if *replaced { "kept" } else { "changed" }
                            ));
                        }
                        let found = shown_map_size(s, &address, "keepers")?;
                        if found != Some(*size) {
                            return Err(format!(
                                "{address} keepers size {found:?}, expected {size}"
                            ));
                        }
                    }
                }
                firsts
                    .lock()
                    .map_err(|_| "a check panicked".to_owned())?
                    .insert(ws.root().to_path_buf(), s.clone());
                Ok(())
            },
        )
    };
    // Steps 2.
    let second = {
        let firsts = Arc::clone(&firsts);
        Step::config(config(true))
            .check_with("step 2: replaced or kept, and the keepers", move |ws, s| {
                let first = firsts
                    .lock()
                    .map_err(|_| "a check panicked".to_owned())?
                    .get(ws.root())
                    .cloned()
                    .ok_or("no state of step 1")?;
                for sc in &scenarios {
                    let address = format!("{ty}.{}", sc.0);
                    let before = &state::resource_in(&first, &address)
                        .ok_or_else(|| format!("no {address} in step 1"))?["values"][compared];
                    let after = &state::resource_in(s, &address)
                        .ok_or_else(|| format!("no {address}"))?["values"][compared];
                    if (before != after) != sc.3 {
                        return Err(format!(
                            "{address}: {compared} {}",
                            if sc.3 { "kept" } else { "changed" }
                        ));
                    }
                    let found = shown_map_size(s, &address, "keepers")?;
                    if found != sc.5 {
                        return Err(format!(
                            "{address} step 2 keepers size {found:?}, expected {:?}",
                            sc.5
                        ));
                    }
                }
                Ok(())
            })
            .check_with("a refresh-only plan finds nothing", |ws, _| {
                refresh_clean(ws)
            })
    };
    Test::new(&provider())
        .named(&format!("keepers {ty}"))
        .step(first)
        .step(second)
        .run();
}

/// Provider 3.3.2's state of `random_string` (or, with `hash`, `random_password`):
/// schema version 2, `override_special` null.
fn old_string_state(result: &str, hash: Option<&str>) -> Value {
    let mut state = json!({
        "id": if hash.is_some() { "none" } else { result }, "keepers": null, "length": result.chars().count(),
        "special": true, "upper": true, "lower": true, "number": true, "numeric": true,
        "min_numeric": 0, "min_upper": 0, "min_lower": 0, "min_special": 0,
        "override_special": null, "result": result,
    });
    if let Some(hash) = hash {
        state["bcrypt_hash"] = hash.into();
    }
    state
}

/// A bcrypt hash of `text` at the lowest cost (any cost verifies).
fn quick_hash(text: &str) -> String {
    bcrypt::hash(text, 4).expect("bcrypt")
}

#[test]
fn keepers_bytes() {
    // 13 scenarios × 2 steps: steps 1-26.
    keepers_matrix("random_bytes", "length = 12", "hex", None);
}

#[test]
fn keepers_id() {
    // 15 × 2 + 6 × 2: steps 27-68.
    let old = json!({"id": "p-9hUg", "byte_length": 4, "prefix": null, "b64_url": "p-9hUg", "b64_std": "p+9hUg==", "hex": "a7ef6152", "dec": "2817483090"});
    keepers_matrix("random_id", "byte_length = 4", "id", Some((0, old)));
}

#[test]
fn keepers_integer() {
    // Steps 69-110.
    let old = json!({"id": "12345", "min": 1, "max": 100000000, "seed": null, "result": 12345});
    keepers_matrix(
        "random_integer",
        "min = 1\n  max = 100000000",
        "id",
        Some((0, old)),
    );
}

#[test]
fn keepers_password() {
    // Steps 111-152.
    let old = old_string_state("Z=:cbrJE?Ltg", Some(&quick_hash("Z=:cbrJE?Ltg")));
    keepers_matrix("random_password", "length = 12", "result", Some((2, old)));
}

#[test]
fn keepers_pet() {
    // Steps 153-194.
    let old = json!({"id": "fine-ox", "length": 2, "prefix": null, "separator": "-"});
    keepers_matrix("random_pet", "", "id", Some((0, old)));
}

#[test]
fn keepers_shuffle() {
    // Steps 195-236.
    let input = json!(["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"]);
    let old = json!({"id": "-", "input": input, "seed": null, "result_count": null, "result": ["k", "j", "i", "h", "g", "f", "e", "d", "c", "b", "a"]});
    let body = r#"input = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"]"#;
    keepers_matrix("random_shuffle", body, "result", Some((0, old)));
}

#[test]
fn keepers_string() {
    // Steps 237-278.
    let old = old_string_state("Z=:cbrJE?Ltg", None);
    keepers_matrix("random_string", "length = 12", "id", Some((2, old)));
}

#[test]
fn keepers_uuid() {
    // Steps 279-320 (random_uuid), 321-350 (random_uuid4), 351-380 (random_uuid7).
    let id = "6b0f8e7c-3ea6-4523-88a2-5a70419ee954";
    let old = json!({"id": id, "result": id});
    keepers_matrix("random_uuid", "", "id", Some((0, old)));
    keepers_matrix("random_uuid4", "", "id", None);
    keepers_matrix("random_uuid7", "", "id", None);
}

/// Asserts `result` of `address` has `n` characters and the upstream `Min` patterns.
fn assert_min_result(states: &States, address: &str) {
    assert_eq!(chars(states, address, "result"), 12, "{address}");
    for pattern in ["([a-z].*){2,}", "([A-Z].*){3,}", "([0-9].*){4,}", "([!#@])"] {
        assert_matches(states, address, "result", pattern);
    }
}

/// The upstream `Min` configuration.
const MIN: &str = "length = 12\n  override_special = \"!#@\"\n  min_lower = 2\n  min_upper = 3\n  min_special = 1\n  min_numeric = 4";

/// Starts from no state and imports each `(address, id)` with `import` blocks beside
/// `hcl`: an apply that must import them all and change nothing. Returns the state.
fn import_all(t: &Random, hcl: &str, imports: &[(&str, String)]) -> States {
    // Ignored: there is no state yet in a fresh workspace.
    let _ = std::fs::remove_file(t.state_path());
    let blocks: String = imports
        .iter()
        .map(|(to, id)| format!("import {{\n  to = {to}\n  id = {}\n}}\n", hcl_string(id)))
        .collect();
    t.ws.write_main(&format!("{hcl}\n{blocks}"));
    let out = t.ws.apply();
    assert!(
        out.contains(&format!(
            "{} imported, 0 added, 0 changed, 0 destroyed",
            imports.len()
        )),
        "Terraform {}: {out}",
        t.version()
    );
    t.states()
}

/// `ImportStateVerify`: imports each `(address, id)` into an empty state ([`import_all`])
/// and compares each imported state with the applied one, but for `ignore`.
fn import_verify(
    t: &Random,
    hcl: &str,
    imports: &[(&str, String)],
    applied: &States,
    ignore: &[&str],
) {
    let imported = import_all(t, hcl, imports);
    for (to, _) in imports {
        let (mut a, mut b) = (applied[*to].clone(), imported[*to].clone());
        for key in ignore {
            a.as_object_mut().map(|o| o.remove(*key));
            b.as_object_mut().map(|o| o.remove(*key));
        }
        assert_eq!(a, b, "{to}: imported state differs from the applied one");
    }
}

/// The string at `path` of the resource at `address` in a `terraform show -json` state.
fn shown_text(s: &Value, address: &str, path: &str) -> Result<String, String> {
    let resource = state::resource_in(s, address).ok_or_else(|| format!("no {address}"))?;
    resource["values"][path]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| format!("{address}.{path} is not a string: {:#}", resource["values"]))
}

/// `result` of `address` has `n` characters (Go's `utf8.RuneCountInString`).
fn result_chars(address: &str, n: usize) -> state::StateCheck {
    let owned = address.to_owned();
    state::custom(&format!("{address}.result has {n} characters"), move |s| {
        let count = shown_text(s, &owned, "result")?.chars().count();
        if count == n {
            Ok(())
        } else {
            Err(format!("it has {count}"))
        }
    })
}

/// `result` of `address` has 12 characters and the upstream `Min` patterns.
fn min_result(address: &str) -> state::StateCheck {
    let owned = address.to_owned();
    state::custom(
        &format!("{address}.result follows the Min settings"),
        move |s| {
            let result = shown_text(s, &owned, "result")?;
            if result.chars().count() != 12 {
                return Err(format!("{result:?} does not have 12 characters"));
            }
            for pattern in ["([a-z].*){2,}", "([A-Z].*){3,}", "([0-9].*){4,}", "([!#@])"] {
                if !Regex::new(pattern).expect("pattern").is_match(&result) {
                    return Err(format!("{result:?} does not match {pattern:?}"));
                }
            }
            Ok(())
        },
    )
}

#[test]
fn strings_and_passwords() {
    let override_ = "length = 4\n  override_special = \"!\"\n  lower = false\n  upper = false\n  numeric = false";
    let utf8 = "length = 10\n  override_special = \"°\"\n  lower = false\n  upper = false\n  numeric = false";
    let basic = "resource \"random_string\" \"basic\" {\n  length = 12\n}\nresource \"random_password\" \"basic\" {\n  length = 12\n}\n";
    Test::new(&provider())
        // Steps 381-388: String_Import 1, String_Override, String_Min, Password_Import 1,
        // Password_BcryptHash, Password_Override, Password_OverrideSpecialUTF8, Password_Min.
        .step(
            Step::config(format!(
                "{basic}{}{}{}{}{}{}",
                resource("random_string", "override", override_, ""),
                resource("random_string", "min", MIN, ""),
                resource("random_password", "hash73", "length = 73", ""),
                resource("random_password", "override", override_, ""),
                resource("random_password", "utf8", utf8, ""),
                resource("random_password", "min", MIN, ""),
            ))
            .check(result_chars("random_string.basic", 12))
            .check(result_chars("random_password.basic", 12))
            .check(state::value("random_string.override", ".result").equals("!!!!"))
            .check(state::value("random_password.override", ".result").equals("!!!!"))
            .check(state::value("random_password.utf8", ".result").equals("°°°°°°°°°°"))
            .check(min_result("random_string.min"))
            .check(min_result("random_password.min"))
            .check(state::custom("bcrypt_hash verifies result", |s| {
                let result = shown_text(s, "random_password.hash73", "result")?;
                let hash = shown_text(s, "random_password.hash73", "bcrypt_hash")?;
                match bcrypt::verify(result, &hash) {
                    Ok(true) => Ok(()),
                    Ok(false) => Err("bcrypt_hash does not match".to_owned()),
                    Err(e) => Err(format!("bcrypt_hash is no bcrypt hash: {e}")),
                }
            }))
            .check_with("a refresh-only plan finds nothing", |ws, _| {
                refresh_clean(ws)
            }),
        )
        // Steps 389-390: String_Import 2, Password_Import 2 (ImportStateVerify, the
        // password's bcrypt_hash ignored), each by its result, with `import` blocks.
        .step(
            Step::import_by_attribute("random_string.basic", ".result")
                .by_import_block()
                .using_config(move |_| basic.to_owned()),
        )
        .step(
            Step::import_by_attribute("random_password.basic", ".result")
                .by_import_block()
                .using_config(move |_| basic.to_owned())
                .verify_ignoring(&["bcrypt_hash"]),
        )
        .run();
}

#[test]
fn imports_without_keepers_plan_no_changes() {
    let uuid = "6b0f8e7c-3ea6-4523-88a2-5a70419ee954";
    let bytes = "hkvbcU5f8qGysTFhkI4gzf3yRWC1jXW3aRLCNQFOtNw=";
    let cases = [
        ("random_string.basic", "length = 12", "Z=:cbrJE?Ltg"),
        ("random_password.test", "length = 12", "Z=:cbrJE?Ltg"),
        ("random_uuid.basic", "", uuid),
        ("random_uuid4.basic", "", uuid),
        ("random_uuid7.basic", "", uuid),
        ("random_id.foo", "byte_length = 4", "p-9hUg"),
        (
            "random_integer.integer_1",
            "min = 1\n  max = 3\n  seed = \"12345\"",
            "3,1,3,12345",
        ),
        ("random_bytes.basic", "length = 32", bytes),
    ];
    let hcl: String = cases
        .iter()
        .map(|(a, body, _)| {
            let (ty, name) = a.split_once('.').unwrap_or_default();
            resource(ty, name, body, "")
        })
        .collect();
    // Steps 391-406: each case's import (ImportStatePersist; the plan right after it
    // leaves the resource unchanged), then their PlanOnly steps: the whole configuration
    // plans no change.
    let mut test = Test::new(&provider());
    for (address, _, id) in cases {
        let hcl = hcl.clone();
        test = test.step(
            Step::import(address, id)
                .persist()
                .using_config(move |_| hcl.clone()),
        );
    }
    test.step(
        Step::config(hcl)
            .plan_check(plan::empty())
            .check(state::value("random_bytes.basic", ".base64").equals(bytes))
            .check(
                state::value("random_bytes.basic", ".hex")
                    .equals("864bdb714e5ff2a1b2b13161908e20cdfdf24560b58d75b76912c235014eb4dc"),
            )
            .check(state::value("random_bytes.basic", ".length").equals(32)),
    )
    .run();
}

#[test]
fn configuration_errors() {
    each_terraform("configuration_errors", |tf| {
        let t = Random::new(tf, "errors");
        let all_false = "length = 12\n  special = false\n  upper = false\n  lower = false";
        let mut hcl = String::new();
        for ty in ["random_string", "random_password"] {
            hcl += &resource(
                ty,
                "numeric_false",
                &format!("{all_false}\n  numeric = false"),
                "",
            );
            hcl += &resource(
                ty,
                "number_false",
                &format!("{all_false}\n  number = false"),
                "",
            );
            hcl += &resource(
                ty,
                "both_false",
                &format!("{all_false}\n  numeric = false\n  number = false"),
                "",
            );
        }
        hcl += &resource("random_string", "sum", "length = 2\n  min_lower = 3", "");
        hcl += &resource("random_string", "zero", "length = 0", "");
        hcl += &resource("random_bytes", "zero", "length = 0", "");
        hcl += "ephemeral \"random_bytes\" \"zero\" {\n  length = 0\n}\n";
        hcl += &format!("ephemeral \"random_password\" \"numeric_false\" {{\n  {all_false}\n  numeric = false\n}}\n");
        hcl += "ephemeral \"random_password\" \"sum\" {\n  length = 11\n  min_upper = 3\n  min_lower = 3\n  min_numeric = 3\n  min_special = 3\n}\n";
        hcl += "ephemeral \"random_password\" \"zero\" {\n  length = 0\n}\n";
        // Steps 407-419: every ExpectError step of a configuration check, in one validate.
        let errors = t.errors(&hcl, &["validate", "-no-color"]);
        let numeric =
            r"At least one attribute out of \[special,upper,lower,numeric\] must be specified";
        let number =
            r"At least one attribute out of \[special,upper,lower,number\] must be specified";
        for ty in ["random_string", "random_password"] {
            assert_error(&errors, &format!("{ty}.numeric_false"), numeric);
            assert_error(&errors, &format!("{ty}.number_false"), number);
            assert_error(&errors, &format!("{ty}.both_false"), numeric);
            assert_error(&errors, &format!("{ty}.both_false"), number);
        }
        // Upstream's pattern has a line break where Terraform wrapped the message.
        assert_error(
            &errors,
            "random_string.sum",
            r"Attribute length value must be at least sum of min_upper \+ min_lower \+\s?min_numeric \+ min_special, got: 2",
        );
        assert_error(
            &errors,
            "random_string.zero",
            "Attribute length value must be at least 1, got: 0",
        );
        assert_error(
            &errors,
            "random_bytes.zero",
            "Attribute length value must be at least 1, got: 0",
        );
        assert_error(
            &errors,
            "ephemeral.random_bytes.zero",
            "Attribute length value must be at least 1, got: 0",
        );
        assert_error(&errors, "ephemeral.random_password.numeric_false", numeric);
        assert_error(
            &errors,
            "ephemeral.random_password.sum",
            "Attribute length value must be at least sum of",
        );
        assert_error(
            &errors,
            "ephemeral.random_password.zero",
            "Attribute length value must be at least 1, got: 0",
        );
        // Step 420: Password_NumberNumericErrors, a plan-time error.
        let errors = t.errors(
            &resource(
                "random_password",
                "number_numeric_differ",
                "length = 1\n  number = false\n  numeric = true",
                "",
            ),
            &["plan", "-no-color", "-input=false"],
        );
        assert_error(
            &errors,
            "random_password.number_numeric_differ",
            ".*Number and numeric are both configured with different values",
        );
    });
}

#[test]
fn integers_shuffles_pets_ids_bytes_uuids() {
    each_terraform("integers_shuffles_pets_ids_bytes_uuids", |tf| {
        let t = Random::new(tf, "others");
        let letters = r#"input = ["a", "b", "c", "d", "e"]"#;
        let seeded = |seed: &str| format!("min = 1\n  max = 3{seed}");
        let big = "max = 7227701560655103598\n  min = 7227701560655103597\n  seed = 12345";
        let steady = format!(
            "{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}",
            resource(
                "random_integer",
                "integer_1",
                &seeded("\n  seed = \"12345\""),
                ""
            ),
            resource(
                "random_integer",
                "twin",
                &seeded("\n  seed = \"12345\""),
                ""
            ),
            resource("random_integer", "big", big, ""),
            resource(
                "random_shuffle",
                "default_length",
                &format!("{letters}\n  seed = \"-\""),
                ""
            ),
            resource(
                "random_shuffle",
                "zero",
                &format!("{letters}\n  result_count = 0"),
                ""
            ),
            resource(
                "random_shuffle",
                "shorter_length",
                &format!("{letters}\n  seed = \"-\"\n  result_count = 3"),
                ""
            ),
            resource(
                "random_shuffle",
                "longer_length",
                &format!("{letters}\n  seed = \"-\"\n  result_count = 12"),
                ""
            ),
            resource(
                "random_shuffle",
                "empty_length",
                "input = []\n  seed = \"-\"\n  result_count = 12",
                ""
            ),
            resource(
                "random_shuffle",
                "one_length",
                "input = [\"a\"]\n  seed = \"-\"\n  result_count = 1",
                ""
            ),
            resource("random_pet", "pet_1", "", ""),
            resource("random_pet", "length", "length = 4", ""),
            resource("random_pet", "prefix", "prefix = \"consul\"", ""),
            resource(
                "random_pet",
                "separator",
                "length = 3\n  separator = \"_\"",
                ""
            ),
            resource("random_id", "foo", "byte_length = 4", ""),
            resource(
                "random_id",
                "bar",
                "byte_length = 4\n  prefix = \"cloud-\"",
                ""
            ),
            resource("random_bytes", "basic", "length = 32", ""),
            resource("random_uuid", "basic", "", ""),
            resource("random_uuid4", "basic", "", "") + &resource("random_uuid7", "basic", "", ""),
        );
        let changing = |second: bool| {
            let pick = |a: &str, b: &str| if second { b.to_owned() } else { a.to_owned() };
            resource(
                "random_integer",
                "change_seed",
                &seeded(&pick("\n  seed = \"12345\"", "\n  seed = \"123456\"")),
                "",
            ) + &resource(
                "random_integer",
                "seedless_to_seeded",
                &seeded(&pick("", "\n  seed = \"123456\"")),
                "",
            ) + &resource(
                "random_integer",
                "seeded_to_seedless",
                &seeded(&pick("\n  seed = \"12345\"", "")),
                "",
            ) + &resource(
                "random_bytes",
                "test",
                &pick("length = 1", "length = 2"),
                "",
            )
        };
        // Steps 421-442: the first (or only) step of Integer, _ChangeSeed, _SeedlessToSeeded,
        // _SeededToSeedless, _Big; Shuffle, _ResultCount_Zero/_Shorter/_Longer,
        // _Input_Empty/_One; Pet, _Length, _Prefix, _Separator; ID, _ImportWithPrefix;
        // Bytes, _Length_ForceReplacement; UUID, UUIDV4, UUIDV7.
        let s = t.step(&format!("{steady}{}", changing(false)));
        let int = |s: &States, a: &str| {
            s[a]["result"]
                .as_i64()
                .unwrap_or_else(|| panic!("{a}: {:#}", s[a]))
        };
        // Seeded values are Go's math/rand values, which upstream expects.
        for a in ["integer_1", "twin", "change_seed", "seeded_to_seedless"] {
            assert_eq!(int(&s, &format!("random_integer.{a}")), 3, "{a}");
        }
        assert!((1..=3).contains(&int(&s, "random_integer.seedless_to_seeded")));
        assert_eq!(int(&s, "random_integer.big"), 7227701560655103598);
        let list = |s: &States, a: &str| -> Vec<String> {
            s[a]["result"]
                .as_array()
                .expect("list")
                .iter()
                .map(|v| v.as_str().unwrap_or("").to_owned())
                .collect()
        };
        assert_eq!(
            list(&s, "random_shuffle.default_length"),
            ["a", "c", "b", "e", "d"]
        );
        assert_eq!(list(&s, "random_shuffle.shorter_length"), ["a", "c", "b"]);
        assert_eq!(
            list(&s, "random_shuffle.longer_length"),
            ["a", "c", "b", "e", "d", "a", "e", "d", "c", "b", "a", "b"]
        );
        assert!(
            list(&s, "random_shuffle.zero").is_empty()
                && list(&s, "random_shuffle.empty_length").is_empty()
        );
        assert_eq!(list(&s, "random_shuffle.one_length"), ["a"]);
        assert_matches(&s, "random_pet.pet_1", "id", "^[a-z]+-[a-z]+$");
        assert_matches(
            &s,
            "random_pet.length",
            "id",
            "^[a-z]+-[a-z]+-[a-z]+-[a-z]+$",
        );
        assert_matches(&s, "random_pet.prefix", "id", "^consul-[a-z]+-[a-z]+$");
        assert_matches(&s, "random_pet.separator", "id", "^[a-z]+_[a-z]+_[a-z]+$");
        for (a, url, std, hex) in [("random_id.foo", 6, 8, 8), ("random_id.bar", 12, 14, 14)] {
            assert_eq!(
                (
                    chars(&s, a, "b64_url"),
                    chars(&s, a, "b64_std"),
                    chars(&s, a, "hex")
                ),
                (url, std, hex),
                "{a}"
            );
            assert!(chars(&s, a, "dec") >= 1);
        }
        assert_matches(&s, "random_bytes.basic", "base64", r"^[A-Za-z/+\d]{43}=$");
        assert_matches(&s, "random_bytes.basic", "hex", r"^[a-f\d]{64}$");
        assert_matches(&s, "random_bytes.test", "hex", r"^[a-f\d]{2}$");
        for ty in ["random_uuid", "random_uuid4", "random_uuid7"] {
            assert_matches(
                &s,
                &format!("{ty}.basic"),
                "result",
                r"[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}",
            );
        }
        assert_matches(&s, "random_uuid4.basic", "result", r"^.{14}4.{4}[89ab]");
        assert_matches(&s, "random_uuid7.basic", "result", r"^.{14}7.{4}[89ab]");
        // Steps 443-446: the second steps of the seed changes and the byte length change,
        // each a replacement.
        let s2 = t.step(&format!("{steady}{}", changing(true)));
        assert_eq!(int(&s2, "random_integer.change_seed"), 2);
        assert_eq!(int(&s2, "random_integer.seedless_to_seeded"), 2);
        assert!((1..=3).contains(&int(&s2, "random_integer.seeded_to_seedless")));
        assert_ne!(
            s["random_bytes.test"]["base64"],
            s2["random_bytes.test"]["base64"]
        );
        assert_matches(&s2, "random_bytes.test", "hex", r"^[a-f\d]{4}$");
        t.assert_refresh_clean();
        // Steps 447-454: ImportStateVerify of Integer, _Big (upstream's ids, whose results
        // are the seeded draws), ID, _ImportWithPrefix, Bytes and the three UUIDs.
        let id = |a: &str| text(&s2, a, "id").to_owned();
        let imports = [
            ("random_integer.integer_1", "3,1,3,12345".to_owned()),
            (
                "random_integer.big",
                "7227701560655103598,7227701560655103597,7227701560655103598,12345".to_owned(),
            ),
            ("random_id.foo", id("random_id.foo")),
            ("random_id.bar", format!("cloud-,{}", id("random_id.bar"))),
            (
                "random_bytes.basic",
                text(&s2, "random_bytes.basic", "base64").to_owned(),
            ),
            ("random_uuid.basic", id("random_uuid.basic")),
            ("random_uuid4.basic", id("random_uuid4.basic")),
            ("random_uuid7.basic", id("random_uuid7.basic")),
        ];
        let hcl: String = imports
            .iter()
            .map(|(a, _)| a)
            .filter_map(|a| {
                steady.split("resource ").find(|r| {
                    r.starts_with(&format!(
                        "\"{}\" \"{}\"",
                        a.split('.').next().unwrap_or(""),
                        a.split('.').nth(1).unwrap_or("")
                    ))
                })
            })
            .map(|r| format!("resource {r}"))
            .collect();
        import_verify(&t, &hcl, &imports, &s2, &[]);
    });
}

/// A state of `random_string` (`hash: None`) or `random_password` as an old release stored
/// it: `settings` over the defaults; `null_settings` for the states an import of provider
/// 3.3.1 or older left (every setting null); `numeric` present from schema version 2 on.
fn charset_state(
    result: &str,
    hash: Option<&str>,
    version_with_numeric: bool,
    settings: Value,
    null_settings: bool,
) -> Value {
    let mut state = old_string_state(result, hash);
    let fields = [
        "length",
        "special",
        "upper",
        "lower",
        "number",
        "min_numeric",
        "min_upper",
        "min_lower",
        "min_special",
    ];
    for field in fields {
        if null_settings {
            state[field] = Value::Null;
        }
    }
    state.as_object_mut().map(|o| {
        if version_with_numeric {
            o.insert("numeric".into(), o["number"].clone())
        } else {
            o.remove("numeric")
        }
    });
    for (k, v) in settings.as_object().into_iter().flatten() {
        state[k] = v.clone();
        if k == "number" && version_with_numeric {
            state["numeric"] = v.clone();
        }
    }
    state
}

/// A result that the upstream `Min` patterns accept.
const MIN_RESULT: &str = "abCDE1234!#z";

fn min_settings() -> Value {
    json!({"length": 12, "override_special": "!#@", "min_lower": 2, "min_upper": 3, "min_special": 1, "min_numeric": 4})
}

/// The settings every upgraded state of a `length = 12` configuration holds.
fn assert_defaults(s: &States, address: &str) {
    for flag in ["number", "numeric", "upper", "lower", "special"] {
        assert_eq!(s[address][flag], true, "{address}.{flag}");
    }
    for min in ["min_numeric", "min_upper", "min_lower", "min_special"] {
        assert_eq!(s[address][min], 0, "{address}.{min}");
    }
}

#[test]
fn upgrades_that_plan_no_change() {
    each_terraform("upgrades_that_plan_no_change", |tf| {
        let t = Random::new(tf, "upgrades-same");
        let z = "Z=:cbrJE?Ltg";
        let (zh, mh) = (quick_hash(z), quick_hash(MIN_RESULT));
        let uuid = "6b0f8e7c-3ea6-4523-88a2-5a70419ee954";
        let letters = json!(["a", "b", "c", "d", "e"]);
        t.write_state(&[
            ("random_id.bar", 0, json!({"id": "p-9hUg", "keepers": null, "byte_length": 4, "prefix": "cloud-", "b64_url": "cloud-p-9hUg", "b64_std": "cloud-p+9hUg==", "hex": "cloud-a7ef6152", "dec": "cloud-2817483090"})),
            ("random_integer.integer_1", 0, json!({"id": "3", "keepers": null, "min": 1, "max": 3, "seed": "12345", "result": 3})),
            ("random_pet.pet_1", 0, json!({"id": "consul-fine-ox", "keepers": null, "length": 2, "prefix": "consul", "separator": "-"})),
            ("random_shuffle.default_length", 0, json!({"id": "-", "keepers": null, "input": letters, "seed": "-", "result_count": null, "result": ["a", "c", "b", "e", "d"]})),
            ("random_uuid.basic", 0, json!({"id": uuid, "keepers": null, "result": uuid})),
            ("random_password.min332", 2, charset_state(MIN_RESULT, Some(&mh), true, min_settings(), false)),
            ("random_string.min332", 2, charset_state(MIN_RESULT, None, true, min_settings(), false)),
            ("random_password.min320", 1, charset_state(MIN_RESULT, Some(&mh), false, min_settings(), false)),
            ("random_string.min320", 1, charset_state(MIN_RESULT, None, false, min_settings(), false)),
            ("random_password.min221", 0, charset_state(MIN_RESULT, None, false, min_settings(), false)),
            ("random_password.import313", 0, charset_state(z, None, false, json!({}), true)),
            ("random_string.import313", 1, charset_state(z, None, false, json!({}), true)),
            ("random_password.import320", 1, charset_state(z, Some(&zh), false, json!({}), true)),
            ("random_password.hash332", 2, charset_state(z, Some(&zh), true, json!({}), false)),
            ("random_password.override332", 2, charset_state(z, Some(&zh), true, json!({}), false)),
            ("random_string.override332", 2, charset_state(z, None, true, json!({}), false)),
        ]);
        let mut hcl = resource(
            "random_id",
            "bar",
            "byte_length = 4\n  prefix = \"cloud-\"",
            "",
        ) + &resource(
            "random_integer",
            "integer_1",
            "min = 1\n  max = 3\n  seed = \"12345\"",
            "",
        ) + &resource("random_pet", "pet_1", "prefix = \"consul\"", "")
            + &resource(
                "random_shuffle",
                "default_length",
                "input = [\"a\", \"b\", \"c\", \"d\", \"e\"]\n  seed = \"-\"",
                "",
            )
            + &resource("random_uuid", "basic", "", "");
        for a in [
            "random_password.min332",
            "random_string.min332",
            "random_password.min320",
            "random_string.min320",
            "random_password.min221",
        ] {
            let (ty, name) = a.split_once('.').unwrap_or_default();
            hcl += &resource(ty, name, MIN, "");
        }
        for a in [
            "random_password.import313",
            "random_string.import313",
            "random_password.import320",
            "random_password.hash332",
            "random_password.override332",
            "random_string.override332",
        ] {
            let (ty, name) = a.split_once('.').unwrap_or_default();
            hcl += &resource(ty, name, "length = 12", "");
        }
        // Steps 455-470: the old release's step of each case (the state above); steps
        // 471-481: the PlanOnly (or ExpectEmptyPlan) step of each case.
        t.plan_only(&hcl);
        // Steps 482-497: the final Config step of each case that has one.
        let s = t.step(&hcl);
        assert_eq!(
            (
                chars(&s, "random_id.bar", "b64_url"),
                chars(&s, "random_id.bar", "b64_std"),
                chars(&s, "random_id.bar", "hex")
            ),
            (12, 14, 14)
        );
        assert_eq!(s["random_integer.integer_1"]["result"], 3);
        assert_matches(&s, "random_pet.pet_1", "id", "^consul-[a-z]+-[a-z]+$");
        assert_eq!(
            s["random_shuffle.default_length"]["result"],
            json!(["a", "c", "b", "e", "d"])
        );
        assert_matches(
            &s,
            "random_uuid.basic",
            "result",
            r"[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}",
        );
        for a in [
            "random_password.min332",
            "random_string.min332",
            "random_password.min320",
            "random_string.min320",
            "random_password.min221",
        ] {
            assert_min_result(&s, a);
            assert_eq!(
                (
                    &s[a]["number"],
                    &s[a]["numeric"],
                    &s[a]["min_upper"],
                    &s[a]["min_numeric"]
                ),
                (&json!(true), &json!(true), &json!(3), &json!(4)),
                "{a}"
            );
        }
        for a in [
            "random_password.min332",
            "random_password.min320",
            "random_password.min221",
            "random_password.import313",
            "random_password.import320",
        ] {
            assert!(
                bcrypt::verify(text(&s, a, "result"), text(&s, a, "bcrypt_hash")).expect("bcrypt"),
                "{a}: bcrypt_hash"
            );
        }
        for a in [
            "random_password.import313",
            "random_string.import313",
            "random_password.import320",
            "random_password.override332",
            "random_string.override332",
        ] {
            assert_eq!(text(&s, a, "result"), z, "{a}");
            assert_defaults(&s, a);
            assert_eq!(s[a]["override_special"], Value::Null, "{a}");
        }
        assert_eq!(
            text(&s, "random_password.hash332", "bcrypt_hash"),
            zh,
            "a matching hash is kept"
        );
        t.assert_refresh_clean();
    });
}

/// `StateUpgradeV0toV3`, `StateUpgradeV1toV3` and string's `StateUpgradeV1toV2`: `number`
/// before the upgrade (`None`: not configured, so true), the flag configured during it,
/// and `number` (and `numeric`) after.
const NUMBER_CASES: [(Option<bool>, &str, bool); 9] = [
    (None, "", true),
    (None, "numeric = true", true),
    (None, "numeric = false", false),
    (Some(true), "numeric = true", true),
    (Some(true), "", true),
    (Some(true), "numeric = false", false),
    (Some(false), "numeric = false", false),
    (Some(false), "", true),
    (Some(false), "numeric = true", true),
];

#[test]
fn upgrades_that_change() {
    each_terraform("upgrades_that_change", |tf| {
        let t = Random::new(tf, "upgrades-change");
        let z = "Z=:cbrJE?Ltg";
        let zh = quick_hash(z);
        let mut states: Vec<(String, i64, Value)> = Vec::new();
        let mut hcl = String::new();
        // V0toV3 (provider 3.1.3) runs the first case twice upstream: once for bcrypt_hash,
        // once for number; V1toV3 (3.2.0) and string's V1toV2 (3.2.0) run all nine.
        for (prefix, ty, version, cases) in [
            ("v0", "random_password", 0, &NUMBER_CASES[..]),
            ("v0_hash", "random_password", 0, &NUMBER_CASES[..1]),
            ("v1", "random_password", 1, &NUMBER_CASES[..]),
            ("s1", "random_string", 1, &NUMBER_CASES[..]),
        ] {
            for (i, (before, during, _)) in cases.iter().enumerate() {
                let settings = before.map_or(json!({}), |b| json!({"number": b}));
                let hash = (ty == "random_password" && version == 1).then_some(zh.as_str());
                states.push((
                    format!("{ty}.{prefix}_{i}"),
                    version,
                    charset_state(z, hash, false, settings, false),
                ));
                hcl += &resource(
                    ty,
                    &format!("{prefix}_{i}"),
                    &format!("length = 12\n  {during}"),
                    "",
                );
            }
        }
        // Provider 3.4.2: an import stores `{}` keepers and an empty override_special; its
        // hashes may not match the result.
        for ty in ["random_string", "random_password"] {
            let hash = (ty == "random_password").then_some(zh.as_str());
            let mut imported = charset_state(z, hash, true, json!({"override_special": ""}), false);
            imported["keepers"] = json!({});
            states.push((format!("{ty}.import342"), 2, imported));
            states.push((
                format!("{ty}.override342"),
                2,
                charset_state(z, hash, true, json!({"override_special": ""}), false),
            ));
            hcl += &resource(ty, "import342", "length = 12", "");
            hcl += &resource(ty, "override342", "length = 12", "");
        }
        let wrong = quick_hash("not the result");
        states.push((
            "random_password.hash342".into(),
            2,
            charset_state(z, Some(&wrong), true, json!({}), false),
        ));
        hcl += &resource("random_password", "hash342", "length = 12", "");
        let refs: Vec<(&str, i64, Value)> = states
            .iter()
            .map(|(a, v, s)| (a.as_str(), *v, s.clone()))
            .collect();
        t.write_state(&refs);
        // Steps 498-529: each case's old-release step (the state above); steps 530-561:
        // each case's step with the port.
        let s = t.step(&hcl);
        for (prefix, ty, cases) in [
            ("v0", "random_password", &NUMBER_CASES[..]),
            ("v1", "random_password", &NUMBER_CASES[..]),
            ("s1", "random_string", &NUMBER_CASES[..]),
        ] {
            for (i, (_, _, after)) in cases.iter().enumerate() {
                let a = format!("{ty}.{prefix}_{i}");
                assert_eq!(
                    (&s[&a]["number"], &s[&a]["numeric"]),
                    (&json!(after), &json!(after)),
                    "{a}"
                );
            }
        }
        assert!(bcrypt::verify(
            text(&s, "random_password.v0_hash_0", "result"),
            text(&s, "random_password.v0_hash_0", "bcrypt_hash")
        )
        .expect("bcrypt"));
        for ty in ["random_string", "random_password"] {
            for name in ["import342", "override342"] {
                let a = format!("{ty}.{name}");
                assert_eq!(text(&s, &a, "result"), z, "{a}: replaced");
                assert_defaults(&s, &a);
                assert_eq!(s[&a]["override_special"], Value::Null, "{a}");
            }
        }
        let hash = text(&s, "random_password.hash342", "bcrypt_hash");
        assert_ne!(hash, wrong, "a hash that does not match is made again");
        assert!(bcrypt::verify(z, hash).expect("bcrypt"));
        t.assert_refresh_clean();
    });
}

/// Not an upstream step: stored states of the current schema version whose settings are
/// null. An import by provider 3.3.1 or older stored `random_string` at schema version 2
/// (still the current one) with only `id` and `result`; Go's framework hands such a state
/// through and the Go provider plans a replacement. The port fills the settings as an
/// import does, so the configuration matching the import plans no change, with or without
/// a refresh. The same repair serves `random_password` states of version 3 (a null
/// `bcrypt_hash` made from the result).
#[test]
fn current_version_states_with_null_settings() {
    each_terraform("current_version_states_with_null_settings", |tf| {
        let t = Random::new(tf, "null-settings");
        let z = "Z=:cbrJE?Ltg";
        let zh = quick_hash(z);
        let mut no_hash = charset_state(z, Some(&zh), true, json!({}), true);
        no_hash["bcrypt_hash"] = Value::Null;
        t.write_state(&[
            (
                "random_string.import331",
                2,
                charset_state(z, None, true, json!({}), true),
            ),
            (
                "random_password.nulls",
                3,
                charset_state(z, Some(&zh), true, json!({}), true),
            ),
            ("random_password.no_hash", 3, no_hash),
        ]);
        mark_sensitive(&t, "random_password", &["bcrypt_hash", "result"]);
        assert_eq!(t.states()["random_string.import331"]["length"], Value::Null);
        let hcl = resource("random_string", "import331", "length = 12", "")
            + &resource("random_password", "nulls", "length = 12", "")
            + &resource("random_password", "no_hash", "length = 12", "");
        // Terraform plans from the stored state alone, then after a refresh: no change.
        t.ws.write_main(&hcl);
        let out = t.ws.run(&[
            "plan",
            "-refresh=false",
            "-detailed-exitcode",
            "-no-color",
            "-input=false",
        ]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "Terraform {}: plan -refresh=false\n{}",
            t.version(),
            output_text(&out)
        );
        t.plan_only(&hcl);
        let s = t.step(&hcl);
        for a in [
            "random_string.import331",
            "random_password.nulls",
            "random_password.no_hash",
        ] {
            assert_eq!(text(&s, a, "result"), z, "{a}: kept");
            assert_eq!(s[a]["length"], 12, "{a}");
            assert_defaults(&s, a);
            assert_eq!(s[a]["override_special"], Value::Null, "{a}");
            assert_eq!(s[a]["keepers"], Value::Null, "{a}");
        }
        assert_eq!(text(&s, "random_string.import331", "id"), z);
        assert_eq!(
            text(&s, "random_password.nulls", "bcrypt_hash"),
            zh,
            "a stored hash is kept"
        );
        assert!(
            bcrypt::verify(z, text(&s, "random_password.no_hash", "bcrypt_hash")).expect("bcrypt")
        );
        t.assert_refresh_clean();
    });
}

/// Lists `attributes` as sensitive in every stored instance of `ty`, as Terraform writes
/// the state of a type whose schema marks them so (a plan from the stored state alone,
/// `-refresh=false`, otherwise updates the objects to add the marks).
fn mark_sensitive(t: &Random, ty: &str, attributes: &[&str]) {
    let path = t.state_path();
    let text = std::fs::read_to_string(&path).expect("terraform.tfstate");
    let mut state: Value = serde_json::from_str(&text).expect("state JSON");
    let marks: Vec<Value> = attributes
        .iter()
        .map(|a| json!([{"type": "get_attr", "value": a}]))
        .collect();
    for r in state["resources"].as_array_mut().into_iter().flatten() {
        if r["type"] == ty {
            for instance in r["instances"].as_array_mut().into_iter().flatten() {
                instance["sensitive_attributes"] = Value::Array(marks.clone());
            }
        }
    }
    std::fs::write(&path, state.to_string()).expect("write terraform.tfstate");
}

#[test]
fn ephemeral_values() {
    // Upstream reads the values through the echo provider's state; here Terraform checks
    // them in preconditions of a `terraform_data` (ephemeral values may be read there, and
    // are stored nowhere).
    let checks = [
            ("length(ephemeral.random_password.basic.result) == 20", "password length"),
            ("ephemeral.random_password.basic.special && ephemeral.random_password.basic.upper && ephemeral.random_password.basic.lower && ephemeral.random_password.basic.numeric", "password flags"),
            ("ephemeral.random_password.basic.min_numeric + ephemeral.random_password.basic.min_upper + ephemeral.random_password.basic.min_lower + ephemeral.random_password.basic.min_special == 0", "password minimums"),
            ("can(regex(\"^\\\\$2[aby]\\\\$10\\\\$.{53}$\", ephemeral.random_password.hash73.bcrypt_hash))", "bcrypt hash"),
            ("ephemeral.random_password.override.result == \"!!!!\"", "override"),
            ("length(ephemeral.random_password.min.result) == 12 && can(regex(\"([a-z].*){2,}\", ephemeral.random_password.min.result)) && can(regex(\"([A-Z].*){3,}\", ephemeral.random_password.min.result)) && can(regex(\"([0-9].*){4,}\", ephemeral.random_password.min.result)) && can(regex(\"([!#@])\", ephemeral.random_password.min.result))", "min"),
            ("can(regex(\"^[A-Za-z/+\\\\d]{43}=$\", ephemeral.random_bytes.basic.base64)) && can(regex(\"^[a-f\\\\d]{64}$\", ephemeral.random_bytes.basic.hex)) && ephemeral.random_bytes.basic.length == 32", "bytes"),
        ];
    let conditions: String = checks.iter().map(|(c, m)| format!("    precondition {{\n      condition = {c}\n      error_message = \"{m}\"\n    }}\n")).collect();
    let hcl = format!(
            "ephemeral \"random_password\" \"basic\" {{\n  length = 20\n}}\n\
             ephemeral \"random_password\" \"hash73\" {{\n  length = 73\n}}\n\
             ephemeral \"random_password\" \"override\" {{\n  length = 4\n  override_special = \"!\"\n  lower = false\n  upper = false\n  numeric = false\n}}\n\
             ephemeral \"random_password\" \"min\" {{\n  {MIN}\n}}\n\
             ephemeral \"random_bytes\" \"basic\" {{\n  length = 32\n}}\n\
             resource \"terraform_data\" \"checks\" {{\n  lifecycle {{\n{conditions}  }}\n}}\n"
        );
    // Steps 562-566 (EphemeralResourcePassword_basic, _BcryptHash, _Override, _Min;
    // EphemeralResourceBytes_basic): an apply, and so every precondition, passes.
    Test::new(&provider())
        .step(Step::config(hcl).plan_check(plan::creates("terraform_data.checks")))
        .run();
}

/// Asserts that `errors` are exactly one per `(address, attribute, bound)`, each the
/// `at_most` validator's ("Attribute length value must be at most 1048576, got:
/// 1000000000000") on the line that sets the attribute, and that the provider did not
/// crash.
fn assert_too_large(errors: &BTreeMap<String, Vec<String>>, expected: &[(&str, &str, i64)]) {
    let all: Vec<&String> = errors.values().flatten().collect();
    assert!(
        all.iter()
            .all(|e| !e.contains("Plugin did not respond") && !e.contains("crash")),
        "the provider crashed: {errors:#?}"
    );
    assert_eq!(all.len(), expected.len(), "{errors:#?}");
    for (address, attribute, max) in expected {
        assert_error(
            errors,
            address,
            &format!(
                r"Invalid Attribute Value .*{attribute} *= .* Attribute {attribute} value must be at most {max}, got: 1000000000000"
            ),
        );
    }
}

/// Not upstream's: numbers that make the provider allocate in proportion to them
/// (`length`, `byte_length`, `min_*`, `result_count`, pet `length`) are bounded
/// (examples/random/limits.rs). A huge value is refused quickly, naming the attribute, and
/// the provider does not crash: when the value is in the configuration, at validation;
/// when it is known only while planning, at plan; when only at apply, by the create.
#[test]
fn huge_counts_are_refused_naming_the_attribute() {
    each_terraform("huge_counts_are_refused_naming_the_attribute", |tf| {
        let t = Random::new(tf, "huge-counts");
        let huge = "1000000000000";
        let negative = "-1000000000000";
        let mut hcl = String::new();
        for (ty, body) in [
            ("random_bytes", format!("length = {huge}")),
            ("random_id", format!("byte_length = {huge}")),
            ("random_string", format!("length = {huge}")),
            ("random_password", format!("length = {huge}")),
            (
                "random_shuffle",
                format!("input = [\"a\"]\n  result_count = {huge}"),
            ),
            ("random_pet", format!("length = {huge}")),
        ] {
            hcl += &resource(ty, "huge", &body, "");
        }
        // A negative minimum makes the sum of the minimums pass: the large one is refused.
        hcl += &resource(
            "random_string",
            "min",
            &format!("length = 1\n  min_upper = {huge}\n  min_lower = {negative}"),
            "",
        );
        hcl += &format!("ephemeral \"random_bytes\" \"huge\" {{\n  length = {huge}\n}}\n");
        hcl += &format!("ephemeral \"random_password\" \"huge\" {{\n  length = {huge}\n}}\n");
        let start = std::time::Instant::now();
        let errors = t.errors(&hcl, &["plan", "-no-color", "-input=false"]);
        let took = start.elapsed();
        assert_too_large(
            &errors,
            &[
                ("random_bytes.huge", "length", 1048576),
                ("random_id.huge", "byte_length", 16384),
                ("random_string.huge", "length", 1048576),
                ("random_password.huge", "length", 1048576),
                ("random_shuffle.huge", "result_count", 65536),
                ("random_pet.huge", "length", 1024),
                ("random_string.min", "min_upper", 1048576),
                ("ephemeral.random_bytes.huge", "length", 1048576),
                ("ephemeral.random_password.huge", "length", 1048576),
            ],
        );
        assert!(
            took.as_secs() < 60,
            "Terraform {}: the plan took {took:?}",
            t.version()
        );

        // Unknown at validation (a resource's attribute), known while planning.
        let source = format!("resource \"terraform_data\" \"n\" {{\n  input = {huge}\n}}\n");
        let mut hcl = source.clone();
        hcl += &resource(
            "random_bytes",
            "planned",
            "length = terraform_data.n.input",
            "",
        );
        hcl += &resource(
            "random_string",
            "planned",
            "length = terraform_data.n.input",
            "",
        );
        hcl += &resource(
            "random_shuffle",
            "planned",
            "input = [\"a\"]\n  result_count = terraform_data.n.input",
            "",
        );
        let errors = t.errors(&hcl, &["plan", "-no-color", "-input=false"]);
        assert_too_large(
            &errors,
            &[
                ("random_bytes.planned", "length", 1048576),
                ("random_string.planned", "length", 1048576),
                ("random_shuffle.planned", "result_count", 65536),
            ],
        );

        // Known only at apply (a computed attribute): the create refuses it.
        let mut hcl = source;
        hcl += &resource(
            "random_bytes",
            "applied",
            "length = terraform_data.n.output",
            "",
        );
        hcl += &resource(
            "random_id",
            "applied",
            "byte_length = terraform_data.n.output",
            "",
        );
        hcl += &resource(
            "random_password",
            "applied",
            "length = terraform_data.n.output",
            "",
        );
        let errors = t.errors(
            &hcl,
            &["apply", "-auto-approve", "-no-color", "-input=false"],
        );
        assert_too_large(
            &errors,
            &[
                ("random_bytes.applied", "length", 1048576),
                ("random_id.applied", "byte_length", 16384),
                ("random_password.applied", "length", 1048576),
            ],
        );
        // The refused resources are listed in the state without an instance.
        let created: Vec<String> = t
            .states()
            .into_iter()
            .filter(|(_, attributes)| !attributes.is_null())
            .map(|(address, _)| address)
            .collect();
        assert_eq!(created, ["terraform_data.n"], "Terraform {}", t.version());
    });
}

/// How many sensitive attributes the managed resource type `ty` has, from the schema
/// fixture (tests/data/random/schema.json).
fn sensitive_attributes(ty: &str) -> usize {
    static SCHEMA: std::sync::OnceLock<Value> = std::sync::OnceLock::new();
    let schema = SCHEMA.get_or_init(|| {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/random/schema.json");
        let text = std::fs::read_to_string(&path).expect("the schema fixture");
        serde_json::from_str(&text).expect("the schema fixture is JSON")
    });
    schema["resource_schemas"][ty]["block"]["attributes"]
        .as_object()
        .map_or(0, |attributes| {
            attributes
                .values()
                .filter(|a| a["sensitive"] == true)
                .count()
        })
}
