//! End to end: Terraform reads `localfs_file` states stored by older releases of the
//! example provider. A hand-written `terraform.tfstate` holds states of schema versions 0
//! and 1, which `UpgradeResourceState` converts straight into version 2 (the files on disk
//! match them, so the plan is empty and apply stores them at version 2); a state of the
//! current version whose required `path` an older release left null, which the resource
//! repairs from its id; and the errors for a state that cannot be upgraded or repaired.

use std::os::unix::fs::PermissionsExt as _;

use serde_json::{json, Value as Json};
use tfvalue_testing::{
    each_terraform, hcl_string, output_text, Terraform, TestProvider, Workspace,
};

const PROVIDER_ADDRESS: &str = "example.com/tfvalue/localfs";
const PROVIDER_EXE: &str = env!("CARGO_BIN_EXE_terraform-provider-localfs");

/// The schema version of `localfs_file` today.
const CURRENT: i64 = 2;

/// A workspace whose module configures the provider with the root `<workspace>/files`,
/// then declares `resources`.
fn workspace(tf: &Terraform, label: &str, resources: &str) -> Workspace {
    let ws = Workspace::new(
        tf,
        &TestProvider::binary(PROVIDER_ADDRESS, PROVIDER_EXE),
        label,
    );
    let root = ws.path("files");
    let root = root.to_str().expect("temp paths are UTF-8");
    ws.write_main(&format!(
        "provider \"localfs\" {{\n  root = {}\n}}\n\n{resources}",
        hcl_string(root)
    ));
    ws
}

/// Writes the file `rel` under the provider's root with `content` and `mode`, as an older
/// release of the provider left it.
fn put_file(ws: &Workspace, rel: &str, content: &str, mode: u32) {
    let path = ws.path("files").join(rel);
    let dir = path.parent().expect("a file under the root");
    std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    std::fs::write(&path, content)
        .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode))
        .unwrap_or_else(|e| panic!("cannot chmod {}: {e}", path.display()));
}

/// One `localfs_file` instance of a state file: its name, schema version and attributes.
fn instance(ws: &Workspace, name: &str, schema_version: i64, attributes: Json) -> Json {
    // The paths the schema marks sensitive, as Terraform records them with the state
    // (without them, a plan that does not refresh would plan to mark them).
    let sensitive = |name: &str| json!([{"type": "get_attr", "value": name}]);
    json!({
        "mode": "managed",
        "type": "localfs_file",
        "name": name,
        "provider": format!("provider[\"{}\"]", ws.provider_source()),
        "instances": [{
            "schema_version": schema_version,
            "attributes": attributes,
            "sensitive_attributes": [sensitive("content_wo"), sensitive("sensitive_content")]
        }]
    })
}

/// Writes `terraform.tfstate` in the module directory, as Terraform 1.11 writes one.
fn write_state(ws: &Workspace, resources: &[Json]) {
    let state = json!({
        "version": 4,
        "terraform_version": "1.11.4",
        "serial": 1,
        "lineage": "0b6f4f0e-2f55-4d57-9a3c-5d1d9f2c7e11",
        "outputs": {},
        "resources": resources,
        "check_results": null
    });
    let path = ws.module_dir().join("terraform.tfstate");
    let text = serde_json::to_vec_pretty(&state).expect("JSON");
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
}

/// The `localfs_file.<name>` instance of `terraform.tfstate` as stored: its schema version
/// and attributes.
fn stored(ws: &Workspace, name: &str) -> (i64, Json) {
    let path = ws.module_dir().join("terraform.tfstate");
    let text =
        std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let state: Json = serde_json::from_slice(&text).expect("the state is JSON");
    let resource = state["resources"]
        .as_array()
        .and_then(|all| all.iter().find(|r| r["name"] == name))
        .unwrap_or_else(|| panic!("no localfs_file.{name} in {state:#}"));
    let object = &resource["instances"][0];
    let version = object["schema_version"].as_i64().expect("a schema version");
    (version, object["attributes"].clone())
}

/// FNV-1a 64 in hex, the provider's content hash, written again here.
fn fnv1a64_hex(bytes: &[u8]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x100_0000_01b3);
    }
    format!("{hash:016x}")
}

const MOTD: &str = "Welcome!\n";
const CONF: &str = "listen = 8080\n";

/// The module of the upgrade tests: the motd file of a version-0 release (its
/// configuration still sets `mode`, the former name of `permissions`) and a configuration
/// file of a version-1 release.
const OLD_FILES: &str = r#"
resource "localfs_file" "motd" {
  path    = "etc/motd"
  content = "Welcome!\n"
  mode    = "0640"
}

resource "localfs_file" "conf" {
  path        = "etc/app.conf"
  content     = "listen = 8080\n"
  permissions = "0600"
}
"#;

#[test]
fn states_of_older_schema_versions_are_upgraded_without_changes() {
    each_terraform(
        "states_of_older_schema_versions_are_upgraded_without_changes",
        |tf| {
            let ws = workspace(tf, "upgrade-old", OLD_FILES);
            put_file(&ws, "etc/motd", MOTD, 0o640);
            put_file(&ws, "etc/app.conf", CONF, 0o600);
            write_state(
                &ws,
                &[
                    // Version 0: `mode`, `checksum`, no `size`; an attribute dropped long ago.
                    instance(
                        &ws,
                        "motd",
                        0,
                        json!({
                            "id": "etc/motd",
                            "path": "etc/motd",
                            "content": MOTD,
                            "mode": "0640",
                            "checksum": fnv1a64_hex(MOTD.as_bytes()),
                            "owner_uid": 1000
                        }),
                    ),
                    // Version 1: the permissions as a decimal number (384 is 0600), the
                    // size as the text an old SDK wrote.
                    instance(
                        &ws,
                        "conf",
                        1,
                        json!({
                            "id": "etc/app.conf",
                            "path": "etc/app.conf",
                            "content": CONF,
                            "sensitive_content": null,
                            "permissions": 384,
                            "mode": null,
                            "content_hash": fnv1a64_hex(CONF.as_bytes()),
                            "size": CONF.len().to_string(),
                            "hash_path": null
                        }),
                    ),
                ],
            );

            // The upgraded states match the configuration and the disk: nothing to do.
            assert_eq!(
                ws.plan_detailed_exitcode(),
                0,
                "Terraform {}: the plan after upgrading is not empty:\n{}",
                tf.version,
                ws.plan()
            );
            let applied = ws.apply();
            assert!(
                applied.contains("0 added, 0 changed, 0 destroyed"),
                "Terraform {}: {applied}",
                tf.version
            );

            // Stored again at the current version, in its terms.
            let (version, motd) = stored(&ws, "motd");
            assert_eq!(version, CURRENT, "{motd:#}");
            assert_eq!(motd["permissions"], "0640");
            assert_eq!(motd["mode"], "0640");
            assert_eq!(motd["content_hash"], fnv1a64_hex(MOTD.as_bytes()));
            assert_eq!(motd["size"], MOTD.len());
            assert!(motd.get("checksum").is_none() && motd.get("owner_uid").is_none());
            let (version, conf) = stored(&ws, "conf");
            assert_eq!(version, CURRENT, "{conf:#}");
            assert_eq!(conf["permissions"], "0600");
            assert_eq!(conf["size"], CONF.len());
            assert!(conf["mode"].is_null());

            // The files were not written again.
            let motd_path = ws.path("files").join("etc/motd");
            assert_eq!(std::fs::read_to_string(&motd_path).unwrap(), MOTD);
            let mode = std::fs::metadata(&motd_path).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o640);
            assert_eq!(ws.plan_detailed_exitcode(), 0, "Terraform {}", tf.version);
        },
    );
}

/// A workspace managing `etc/motd` whose stored state is of the current schema version as
/// an older release wrote it: `path` as given, and no `previous_hash` (which that release
/// did not have).
fn stored_motd(tf: &Terraform, label: &str, path: Json) -> Workspace {
    let ws = workspace(
        tf,
        label,
        "resource \"localfs_file\" \"motd\" {\n  path    = \"etc/motd\"\n  \
         content = \"Welcome!\\n\"\n}\n",
    );
    put_file(&ws, "etc/motd", MOTD, 0o644);
    write_state(
        &ws,
        &[instance(
            &ws,
            "motd",
            CURRENT,
            json!({
                "id": "etc/motd",
                "path": path,
                "content": MOTD,
                "sensitive_content": null,
                "content_wo": null,
                "content_wo_version": null,
                "permissions": "0644",
                "mode": null,
                "content_hash": fnv1a64_hex(MOTD.as_bytes()),
                "size": MOTD.len(),
                "hash_path": null
            }),
        )],
    );
    ws
}

/// `terraform apply` changes nothing.
fn apply_changes_nothing(ws: &Workspace, tf: &Terraform) {
    let applied = ws.apply();
    assert!(
        applied.contains("0 added, 0 changed, 0 destroyed"),
        "Terraform {}: {applied}",
        tf.version
    );
}

#[test]
fn a_current_state_with_a_null_required_path_is_repaired_from_its_id() {
    each_terraform(
        "a_current_state_with_a_null_required_path_is_repaired_from_its_id",
        |tf| {
            // What an import of an older release stored: the current schema version, the
            // id set, the required `path` null.
            let ws = stored_motd(tf, "upgrade-repair", Json::Null);
            assert_eq!(
                ws.plan_detailed_exitcode(),
                0,
                "Terraform {}: the plan after the repair is not empty:\n{}",
                tf.version,
                ws.plan()
            );
            apply_changes_nothing(&ws, tf);
            let (version, motd) = stored(&ws, "motd");
            assert_eq!(version, CURRENT);
            assert_eq!(motd["path"], "etc/motd", "{motd:#}");
            assert_eq!(ws.resource_values("localfs_file.motd")["path"], "etc/motd");
        },
    );
}

/// A state of the current schema version stored before a computed attribute existed
/// (`previous_hash`, added without a version bump since nothing stored changes meaning):
/// Terraform reads it with the attribute null, and neither a plan without refresh nor one
/// with it leaves anything to the apply, which then changes nothing.
#[test]
fn a_current_state_without_a_newer_computed_attribute_plans_no_change() {
    each_terraform(
        "a_current_state_without_a_newer_computed_attribute_plans_no_change",
        |tf| {
            let ws = stored_motd(tf, "upgrade-new-computed", json!("etc/motd"));
            for args in [&["-refresh=false"][..], &[]] {
                let mut plan = vec!["plan", "-detailed-exitcode", "-no-color", "-input=false"];
                plan.extend_from_slice(args);
                let out = ws.run(&plan);
                assert_eq!(
                    out.status.code(),
                    Some(0),
                    "Terraform {}: terraform {} is not empty:\n{}",
                    tf.version,
                    plan.join(" "),
                    output_text(&out)
                );
            }
            apply_changes_nothing(&ws, tf);
            let (version, motd) = stored(&ws, "motd");
            assert_eq!(version, CURRENT);
            assert_eq!(motd["previous_hash"], Json::Null, "{motd:#}");
            assert_eq!(ws.plan_detailed_exitcode(), 0, "Terraform {}", tf.version);
        },
    );
}

#[test]
fn states_that_cannot_be_upgraded_or_repaired_fail_the_plan_naming_the_attribute() {
    each_terraform(
        "states_that_cannot_be_upgraded_or_repaired_fail_the_plan_naming_the_attribute",
        |tf| {
            let ws = workspace(
                tf,
                "upgrade-errors",
                "resource \"localfs_file\" \"bad_mode\" {\n  path = \"a\"\n}\n\n\
                 resource \"localfs_file\" \"lost\" {\n  path = \"b\"\n}\n",
            );
            write_state(
                &ws,
                &[
                    // Version 1 with a permission number no mode has.
                    instance(
                        &ws,
                        "bad_mode",
                        1,
                        json!({"id": "a", "path": "a", "content": "", "permissions": 4096}),
                    ),
                    // The current version with neither path nor id: nothing to repair from.
                    instance(
                        &ws,
                        "lost",
                        CURRENT,
                        json!({"id": null, "path": null, "content": ""}),
                    ),
                ],
            );
            let out = ws.run(&["plan", "-no-color", "-input=false"]);
            assert!(
                !out.status.success(),
                "Terraform {}: the plan succeeded",
                tf.version
            );
            let text = tfvalue_testing::output_text(&out);
            let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
            for expected in [
                "Unable to Upgrade Resource State",
                ".permissions: 4096 is not a permission mode (at most 511, which is 0777)",
                "Cannot repair the stored state",
                "The stored state of the file has neither `path` nor `id`",
            ] {
                assert!(
                    text.contains(expected),
                    "Terraform {}: no {expected:?} in: {text}",
                    tf.version
                );
            }
            // The state is left as it was.
            assert_eq!(stored(&ws, "bad_mode").0, 1);
            assert_eq!(stored(&ws, "lost").0, CURRENT);
        },
    );
}
