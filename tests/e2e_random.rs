//! End to end: the upstream acceptance steps of hashicorp/terraform-provider-random
//! (`internal/provider/*_test.go`), ported onto the real Terraform CLI and the port in
//! `examples/random` (the bin `terraform-provider-random`).
//!
//! Each upstream `TestStep` with a `Config` is an apply followed by a plan that must be
//! empty, as terraform-plugin-testing runs it; its state checks read `terraform.tfstate`.
//! Upstream test cases that differ only in their configurations share a workspace: their
//! resources sit side by side in one module, so one apply runs the same step of all of
//! them. Steps that ran an old released provider (`ExternalProviders`) start instead
//! from a hand-written `terraform.tfstate` with the schema version and attributes that
//! release stored. Comments `step N` count the ported steps (examples/random/README.md).

use std::collections::BTreeMap;
use std::path::Path;

use regex_lite::Regex;
use serde_json::{json, Value};
use tfvalue_suite::terraform::{each_terraform, output_text, Terraform, Workspace};

const PROVIDER_EXE: &str = env!("CARGO_BIN_EXE_terraform-provider-random");

/// A workspace serving the port as the provider `random`.
struct Random {
    ws: Workspace,
}

/// The attributes of every managed resource in the state, by address.
type States = BTreeMap<String, Value>;

impl Random {
    fn new(tf: &Terraform, label: &str) -> Self {
        Random {
            ws: Workspace::new(tf, Path::new(PROVIDER_EXE), "random", label),
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
        assert_eq!(self.ws.plan_detailed_exitcode(), 0, "Terraform {}: the plan after {after} is not empty", self.version());
    }

    /// A refresh-only plan finds nothing to change.
    fn assert_refresh_clean(&self) {
        let out = self.ws.run(&["plan", "-refresh-only", "-detailed-exitcode", "-no-color", "-input=false"]);
        assert_eq!(out.status.code(), Some(0), "Terraform {}: refresh-only plan\n{}", self.version(), output_text(&out));
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
                let address = format!("{}.{}", r["type"].as_str().unwrap_or(""), r["name"].as_str().unwrap_or(""));
                out.insert(address, r["instances"][0]["attributes"].clone());
            }
        }
        out
    }

    /// Writes a state as an older provider release stored it: `(address, schema
    /// version, attributes)` for each resource.
    fn write_state(&self, resources: &[(&str, i64, Value)]) {
        let resources: Vec<Value> = resources
            .iter()
            .map(|(address, version, attributes)| {
                let (ty, name) = address.split_once('.').expect("type.name");
                json!({
                    "mode": "managed", "type": ty, "name": name,
                    "provider": format!("provider[\"{}\"]", self.ws.provider_source()),
                    "instances": [{ "schema_version": version, "attributes": attributes, "sensitive_attributes": [] }],
                })
            })
            .collect();
        let state = json!({
            "version": 4, "terraform_version": "1.3.0", "serial": 1,
            "lineage": "0f0e0d0c-0b0a-4908-8706-050403020100", "outputs": {}, "resources": resources,
        });
        std::fs::write(self.state_path(), state.to_string()).expect("write terraform.tfstate");
    }

    /// Runs `args` on `hcl`, which must fail; returns each error's text (its lines joined,
    /// so that Terraform's wrapping does not matter) by the address it names ("" when none).
    fn errors(&self, hcl: &str, args: &[&str]) -> BTreeMap<String, Vec<String>> {
        self.ws.write_main(hcl);
        let out = self.ws.run(args);
        assert!(!out.status.success(), "Terraform {}: {args:?} was to fail\n{}", self.version(), output_text(&out));
        let text = String::from_utf8_lossy(&out.stderr).replace(['│', '╷', '╵'], " ");
        let mut found: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for diag in text.split("Error: ").skip(1) {
            let joined = diag.split_whitespace().collect::<Vec<_>>().join(" ");
            let address = joined.split("with ").nth(1).and_then(|w| w.split(',').next()).unwrap_or("").to_owned();
            found.entry(address).or_default().push(joined);
        }
        found
    }
}

/// Asserts that some error of `address` matches `pattern`.
fn assert_error(errors: &BTreeMap<String, Vec<String>>, address: &str, pattern: &str) {
    let re = Regex::new(pattern).expect("pattern");
    let mine = errors.get(address).cloned().unwrap_or_default();
    assert!(mine.iter().any(|e| re.is_match(e)), "no error of {address} matches {pattern:?}: {errors:#?}");
}

/// The string at `attribute` of `address`.
fn text<'a>(states: &'a States, address: &str, attribute: &str) -> &'a str {
    states[address][attribute].as_str().unwrap_or_else(|| panic!("{address}.{attribute} is not a string: {:#}", states[address]))
}

/// Asserts that `attribute` of `address` matches `pattern`.
fn assert_matches(states: &States, address: &str, attribute: &str, pattern: &str) {
    let value = text(states, address, attribute);
    assert!(Regex::new(pattern).expect("pattern").is_match(value), "{address}.{attribute} = {value:?} does not match {pattern:?}");
}

/// The number of characters of `attribute` (Go's `utf8.RuneCountInString`).
fn chars(states: &States, address: &str, attribute: &str) -> usize {
    text(states, address, attribute).chars().count()
}

/// The size of a map attribute, `None` when null.
fn map_size(states: &States, address: &str, attribute: &str) -> Option<usize> {
    states[address][attribute].as_object().map(serde_json::Map::len)
}

#[test]
fn schema_is_the_upstream_schema() {
    each_terraform("schema_is_the_upstream_schema", |tf| {
        let t = Random::new(tf, "random-schema");
        t.ws.write_main("");
        let shown = t.ws.providers_schema();
        let mut ours = shown["provider_schemas"][t.ws.provider_source()].clone();
        let mut upstream: Value = serde_json::from_str(&tfvalue_suite::data_text("random/schema.json")).expect("fixture");
        strip(&mut ours, &["description", "description_kind"]);
        if !tf.version.starts_with("1.15.") {
            // Terraform before 1.15 does not print deprecation messages.
            strip(&mut upstream, &["deprecation_message"]);
        }
        let mut differences = Vec::new();
        for kind in ["provider", "resource_schemas", "ephemeral_resource_schemas"] {
            diff(&format!("{kind}"), &upstream[kind], &ours[kind], &mut differences);
        }
        assert!(differences.is_empty(), "Terraform {}: the schema differs from upstream's (tests/data/random/schema.json):\n{}", tf.version, differences.join("\n"));
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
                let (a, b) = (u.get(key).unwrap_or(&Value::Null), o.get(key).unwrap_or(&Value::Null));
                diff(&format!("{path}.{key}"), a, b, out);
            }
        }
        (u, o) if u != o => out.push(format!("{path}: upstream {u}, ours {o}")),
        _ => {}
    }
}
