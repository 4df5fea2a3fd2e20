//! End to end: the upstream acceptance steps of hashicorp/terraform-provider-local
//! (`internal/provider/*_test.go`), ported onto the real Terraform CLI and the port in
//! `examples/local` (the bin `terraform-provider-local`).
//!
//! Each upstream `TestCase` is one test here with one workspace per Terraform version, and
//! each of its `TestStep`s a `tfvalue_testing` step: an apply of the configuration, then a
//! plan that must be empty, as terraform-plugin-testing runs it. `ExpectError` patterns are
//! upstream's, with their spaces and line breaks allowed to be any run of whitespace and
//! Terraform's box-drawing margin (Terraform wraps long messages). Upstream's
//! `checkFileCreation` builds attribute checks it never runs; here the file's content and
//! the state's checksums are compared for real. Steps that ran the released provider 2.2.3
//! (`ExternalProviders`) start instead from the file and the `terraform.tfstate` that
//! release wrote (SDKv2, schema version 0, no checksums). Ephemeral results, which upstream
//! hands to its echo provider, are checked by preconditions of a `terraform_data`. A test
//! whose data source fails at every read skips the final destroy (`no_destroy`):
//! terraform-plugin-testing destroys with `-refresh=false`, which such a configuration
//! needs, and only the temporary workspace holds what it made.
//! Upstream's test data (`internal/provider/testdata`) is in `tests/data/local/`.

use std::path::{Path, PathBuf};

use serde_json::{json, Value};
use tfvalue_testing::{
    each_terraform, plan, state, Step, Terraform, Test, TestProvider, Workspace,
};

#[allow(dead_code)]
#[path = "../../examples/local/checksums.rs"]
mod checksums;

use checksums::Checksums;

const PROVIDER_ADDRESS: &str = "example.com/tfvalue/local";
const PROVIDER_EXE: &str = env!("CARGO_BIN_EXE_terraform-provider-local");

/// The port, as the built executable Terraform starts (in the module directory, so
/// relative paths are the configuration's, as with the Go provider).
fn provider() -> TestProvider {
    TestProvider::binary(PROVIDER_ADDRESS, PROVIDER_EXE)
}

/// An upstream `ExpectError` pattern, its whitespace matching any run of whitespace and
/// Terraform's `│` margin.
fn wrapped(pattern: &str) -> String {
    pattern
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(r"[\s│]+")
}

/// A file in the workspace, its path as HCL's `%q` would write it.
fn at(ws: &Workspace, rel: &str) -> String {
    ws.path(rel).to_string_lossy().into_owned()
}

/// `checkFileCreation`, run for real: the file at `path` exists, and the state of
/// `address` holds its content's checksums.
fn file_created(
    address: &'static str,
    rel: &'static str,
) -> impl Fn(&Workspace, &Value) -> Result<(), String> {
    move |ws, shown| {
        let bytes = std::fs::read(ws.path(rel)).map_err(|e| format!("{rel}: {e}"))?;
        let sums = Checksums::of(&bytes);
        for (attribute, expected) in [
            ("id", &sums.sha1_hex),
            ("content_md5", &sums.md5_hex),
            ("content_sha1", &sums.sha1_hex),
            ("content_sha256", &sums.sha256_hex),
            ("content_base64sha256", &sums.sha256_base64),
            ("content_sha512", &sums.sha512_hex),
            ("content_base64sha512", &sums.sha512_base64),
        ] {
            let got = state::attribute(shown, address, &format!(".{attribute}"))?;
            if got != expected.as_str() {
                return Err(format!(
                    "{address}.{attribute} = {got}, the file's is {expected}"
                ));
            }
        }
        Ok(())
    }
}

/// `checkFileDeleted`.
fn deleted(rel: &'static str) -> impl Fn(&Workspace) -> Result<(), String> {
    move |ws| match ws.path(rel).exists() {
        false => Ok(()),
        true => Err(format!("file {rel} was not deleted")),
    }
}

/// `checkFilePermissions` and `checkDirectoryPermissions`: the file is 0600, its
/// directory 0700.
fn permissions(rel: &'static str) -> impl Fn(&Workspace, &Value) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt as _;
    move |ws, _| {
        let file = ws.path(rel);
        let mode = |p: &Path| {
            std::fs::metadata(p)
                .map(|m| m.permissions().mode() & 0o7777)
                .map_err(|e| format!("{}: {e}", p.display()))
        };
        let (f, d) = (mode(&file)?, mode(file.parent().expect("a directory"))?);
        if (f, d) == (0o600, 0o700) {
            Ok(())
        } else {
            Err(format!(
                "file permission {f:o} (expected 600), directory {d:o} (expected 700)"
            ))
        }
    }
}

fn resource(ty: &str, body: &str) -> String {
    format!("resource \"{ty}\" \"file\" {{\n{body}\n}}\n")
}

/// `content = "..."` and the filename, as upstream's `testAccConfig*` write them.
fn attrs(pairs: &[(&str, &str)]) -> String {
    pairs
        .iter()
        .map(|(k, v)| {
            if v.starts_with("base64encode(") {
                format!("  {k} = {v}")
            } else {
                format!("  {k} = {}", tfvalue_testing::hcl_string(v))
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A step writing `ty` with `content_attr = content` at `rel`, checked as upstream's
/// `checkFileCreation`.
fn content_step(
    ty: &'static str,
    content_attr: &'static str,
    content: &'static str,
    rel: &'static str,
) -> Step {
    Step::config_with(move |ws| {
        resource(
            ty,
            &attrs(&[(content_attr, content), ("filename", &at(ws, rel))]),
        )
    })
    .check_with(
        "checkFileCreation",
        file_created(leak(format!("{ty}.file")), rel),
    )
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

// TestLocalFile_Basic: steps 1-4.
#[test]
fn local_file_basic() {
    let f = "local_file";
    Test::new(&provider())
        .step(content_step(
            "local_file",
            "content",
            "This is some content",
            f,
        ))
        .step(content_step(
            "local_file",
            "sensitive_content",
            "This is some sensitive content",
            f,
        ))
        .step(content_step(
            "local_file",
            "content_base64",
            "VGhpcyBpcyBzb21lIGJhc2U2NCBjb250ZW50",
            f,
        ))
        .step(content_step(
            "local_file",
            "content_base64",
            "base64encode(\"This is some base64 content\")",
            f,
        ))
        .check_destroy(deleted(f))
        .run();
}

// TestLocalSensitiveFile_Basic: steps 1-3.
#[test]
fn local_sensitive_file_basic() {
    let f = "local_sensitive_file";
    let ty = "local_sensitive_file";
    Test::new(&provider())
        .step(content_step(
            ty,
            "content",
            "This is some sensitive content",
            f,
        ))
        .step(content_step(
            ty,
            "content_base64",
            "VGhpcyBpcyBzb21lIGJhc2U2NCBjb250ZW50",
            f,
        ))
        .step(content_step(
            ty,
            "content_base64",
            "base64encode(\"This is some base64 content\")",
            f,
        ))
        .check_destroy(deleted(f))
        .run();
}

/// TestLocalFile_Source and TestLocalSensitiveFile_source: a file copied from `source`.
fn source_case(ty: &'static str) {
    Test::new(&provider())
        .named(&format!("{ty}_source"))
        .step(
            Step::config_with(move |ws| {
                resource(
                    ty,
                    &attrs(&[
                        ("source", &at(ws, "src/source_file")),
                        ("filename", &at(ws, "dst/new_file")),
                    ]),
                )
            })
            .before(|ws| {
                std::fs::create_dir_all(ws.path("src")).expect("src");
                std::fs::write(ws.path("src/source_file"), "local file content")
                    .expect("source file");
            })
            .check_with(
                "checkFileCreation",
                file_created(leak(format!("{ty}.file")), "dst/new_file"),
            )
            .check_with(
                "the content is the source's",
                |ws, _| match std::fs::read_to_string(ws.path("dst/new_file")) {
                    Ok(text) if text == "local file content" => Ok(()),
                    other => Err(format!("new_file holds {other:?}")),
                },
            ),
        )
        .check_destroy(deleted("dst/new_file"))
        .run();
}

#[test]
fn local_file_source() {
    source_case("local_file");
}

#[test]
fn local_sensitive_file_source() {
    source_case("local_sensitive_file");
}

/// TestLocalFile_Permissions and TestLocalSensitiveFile_Permissions. The file goes into a
/// directory the step makes, so that `directory_permission` is checked for real (upstream's
/// directory exists already, and its `ErrorCheck` forgives the mismatch).
fn permissions_case(ty: &'static str) {
    let rel = "made/file";
    Test::new(&provider())
        .named(&format!("{ty}_permissions"))
        .step(
            Step::config_with(move |ws| {
                resource(
                    ty,
                    &format!(
                        "{}\n  file_permission = \"9999\"",
                        attrs(&[
                            ("content", "This is some content"),
                            ("filename", &at(ws, rel))
                        ])
                    ),
                )
            })
            .expect_error(&wrapped("bad mode permission")),
        )
        .step(
            Step::config_with(move |ws| {
                resource(
                    ty,
                    &format!(
                        "{}\n  file_permission = \"0600\"\n  directory_permission = \"0700\"",
                        attrs(&[
                            ("content", "This is some content"),
                            ("filename", &at(ws, rel))
                        ])
                    ),
                )
            })
            .check_with(
                "checkFilePermissions, checkDirectoryPermissions",
                permissions(rel),
            ),
        )
        .check_destroy(deleted(rel))
        .run();
}

#[test]
fn local_file_permissions() {
    permissions_case("local_file");
}

#[test]
fn local_sensitive_file_permissions() {
    permissions_case("local_sensitive_file");
}

/// Text that Terraform prints, as a pattern: its characters literal, its whitespace any
/// run of whitespace and Terraform's `│` margin (Terraform wraps long messages).
fn literal(text: &str) -> String {
    let words: Vec<String> = (text.split_whitespace())
        .map(|word| {
            word.chars()
                .flat_map(|c| {
                    let special = "\\.+*?()|[]{}^$".contains(c);
                    special.then_some('\\').into_iter().chain([c])
                })
                .collect()
        })
        .collect();
    words.join(r"[\s│]+")
}

/// TestLocalFile_Validators and TestLocalSensitiveFile_Validators: no content, and two.
/// Besides upstream's pattern, the error at `content` must be the text of the Go
/// validator `ExactlyOneOf` with upstream's list of the other attributes, `others`.
fn validators_case(
    ty: &'static str,
    second: &'static str,
    second_value: &'static str,
    others: &'static str,
) {
    Test::new(&provider())
        .named(&format!("{ty}_validators"))
        .step(
            Step::config_with(move |ws| {
                resource(ty, &attrs(&[("filename", &at(ws, "local_file"))]))
            })
            .expect_error(&wrapped(".*Error: Invalid Attribute Combination"))
            .expect_error(&literal(&format!(
                "No attribute specified when one (and only one) of [{others}] is required"
            ))),
        )
        .step(
            Step::config_with(move |ws| {
                resource(
                    ty,
                    &attrs(&[
                        ("content", "content"),
                        (second, second_value),
                        ("filename", &at(ws, "local_file")),
                    ]),
                )
            })
            .expect_error(&wrapped(".*Error: Invalid Attribute Combination"))
            .expect_error(&literal(&format!(
                "2 attributes specified when one (and only one) of [{others}] is required"
            ))),
        )
        .run();
}

#[test]
fn local_file_validators() {
    validators_case(
        "local_file",
        "sensitive_content",
        "sensitive_content",
        "sensitive_content,content_base64,source",
    );
}

#[test]
fn local_sensitive_file_validators() {
    validators_case(
        "local_sensitive_file",
        "content_base64",
        "VGhpcyBpcyBzb21lIGJhc2U2NCBjb250ZW50",
        "content_base64,source",
    );
}

/// The attributes provider 2.2.3 (SDKv2, schema version 0) stored for a file: its
/// settings, nulls for those not set, the permissions' defaults, and the content's SHA-1
/// as `id`; no checksums (they came in 2.3.0).
fn state_2_2_3(ty: &str, filename: &str, set: &[(&str, &str)], content: &[u8]) -> Value {
    let default = if ty == "local_file" { "0777" } else { "0700" };
    let mut attributes = json!({
        "content": null, "content_base64": null, "source": null,
        "filename": filename, "file_permission": default, "directory_permission": default,
        "id": Checksums::of(content).sha1_hex,
    });
    if ty == "local_file" {
        attributes["sensitive_content"] = Value::Null;
    }
    for (k, v) in set {
        attributes[*k] = json!(v);
    }
    attributes
}

fn write_state(ws: &Workspace, ty: &str, attributes: Value) {
    let state = json!({
        "version": 4, "terraform_version": "1.3.0", "serial": 1,
        "lineage": "0f0e0d0c-0b0a-4908-8706-050403020100", "outputs": {},
        "resources": [{
            "mode": "managed", "type": ty, "name": "file",
            "provider": format!("provider[\"{}\"]", ws.provider_source()),
            "instances": [{ "schema_version": 0, "attributes": attributes, "sensitive_attributes": [] }],
        }],
    });
    std::fs::write(ws.module_dir().join("terraform.tfstate"), state.to_string()).expect("state");
}

/// One upgrade step pair: what 2.2.3's apply left (the file and the state), then the
/// port's `PlanOnly` step: the same configuration plans no change.
fn upgrade_step(
    ws: &Workspace,
    ty: &str,
    set: &[(&str, &str)],
    content: &[u8],
    extra: &str,
    rel: &str,
) {
    let filename = at(ws, rel);
    let path = PathBuf::from(&filename);
    std::fs::create_dir_all(path.parent().expect("parent")).expect("directory");
    std::fs::write(&path, content).expect("the file 2.2.3 wrote");
    write_state(ws, ty, state_2_2_3(ty, &filename, set, content));
    let mut body = set
        .iter()
        .map(|(k, v)| format!("  {k} = {}", tfvalue_testing::hcl_string(v)))
        .collect::<Vec<_>>();
    body.push(format!(
        "  filename = {}",
        tfvalue_testing::hcl_string(&filename)
    ));
    ws.write_main(&format!(
        "{}{extra}",
        resource(ty, &(body.join("\n") + extra))
    ));
    let code = ws.plan_detailed_exitcode();
    assert_eq!(
        code,
        0,
        "Terraform {}: {ty} {set:?}: the plan after the upgrade from 2.2.3 is not empty",
        ws.terraform().version
    );
}

/// The attributes one upgrade case sets, and the content 2.2.3 wrote.
type UpgradeCase = (Vec<(&'static str, &'static str)>, Vec<u8>);

// TestLocalFile_Upgrade, TestLocalFile_Source_Upgrade, TestLocalFile_Permissions_Upgrade
// and the same three of local_sensitive_file: 2.2.3's state, then an empty plan.
#[test]
fn upgrades_from_2_2_3() {
    each_terraform("upgrades_from_2_2_3", |tf: &Terraform| {
        let ws = Workspace::new(tf, &provider(), "local-upgrades");
        let b64 = "VGhpcyBpcyBzb21lIGJhc2U2NCBjb250ZW50";
        for ty in ["local_file", "local_sensitive_file"] {
            let mut cases: Vec<UpgradeCase> = vec![
                (
                    vec![("content", "This is some content")],
                    b"This is some content".to_vec(),
                ),
                (
                    vec![("content_base64", b64)],
                    b"This is some base64 content".to_vec(),
                ),
            ];
            if ty == "local_file" {
                cases.push((
                    vec![("sensitive_content", "This is some sensitive content")],
                    b"This is some sensitive content".to_vec(),
                ));
            }
            for (set, content) in &cases {
                upgrade_step(&ws, ty, set, content, "", "local_file");
            }
            // `content_base64 = base64encode(...)`: the stored value is the encoding.
            let encoded = "VGhpcyBpcyBzb21lIGJhc2U2NCBjb250ZW50";
            upgrade_step(
                &ws,
                ty,
                &[("content_base64", encoded)],
                b"This is some base64 content",
                "",
                "local_file",
            );
            // Source_Upgrade.
            std::fs::write(ws.path("source_file"), "sourceContent").expect("source");
            let source = at(&ws, "source_file");
            upgrade_step(
                &ws,
                ty,
                &[("source", &source)],
                b"sourceContent",
                "",
                "new_file",
            );
            // Permissions_Upgrade.
            let perms = "\n  file_permission = \"0600\"\n  directory_permission = \"0700\"";
            let filename = at(&ws, "perm/local_file");
            std::fs::create_dir_all(ws.path("perm")).expect("perm");
            std::fs::write(&filename, "This is some content").expect("file");
            let mut attributes = state_2_2_3(
                ty,
                &filename,
                &[("content", "This is some content")],
                b"This is some content",
            );
            attributes["file_permission"] = json!("0600");
            attributes["directory_permission"] = json!("0700");
            write_state(&ws, ty, attributes);
            ws.write_main(&resource(
                ty,
                &format!(
                    "  content = \"This is some content\"\n  filename = {}{perms}",
                    tfvalue_testing::hcl_string(&filename)
                ),
            ));
            assert_eq!(
                ws.plan_detailed_exitcode(),
                0,
                "Terraform {}: {ty} permissions upgrade",
                tf.version
            );
            ws.destroy();
        }
    });
}

/// Copies `tests/data/local/<case>` into the module's `testdata/<case>` (symbolic links
/// as links), where upstream's configurations find it through `path.module`.
fn copy_testdata(ws: &Workspace, case: &str) {
    fn copy(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).expect("directory");
        for entry in std::fs::read_dir(from).expect("test data") {
            let entry = entry.expect("entry");
            let (src, dst) = (entry.path(), to.join(entry.file_name()));
            let kind = entry.file_type().expect("file type");
            if kind.is_symlink() {
                std::os::unix::fs::symlink(std::fs::read_link(&src).expect("link"), &dst)
                    .expect("symlink");
            } else if kind.is_dir() {
                copy(&src, &dst);
            } else {
                std::fs::copy(&src, &dst).expect("copy");
            }
        }
    }
    copy(
        &tfvalue_suite::data_path(&format!("local/{case}")),
        &ws.module_dir().join("testdata").join(case),
    );
}

/// An upstream `main.tf` of `tests/data/local/<case>`, without its `terraform` block (the
/// workspace declares the provider).
fn testdata_config(case: &str) -> String {
    let text = tfvalue_suite::data_text(&format!("local/{case}/main.tf"));
    let Some(start) = text.find("terraform {") else {
        return text;
    };
    let mut depth = 0;
    let mut end = text.len();
    for (i, c) in text[start..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    end = start + i + 1;
                    break;
                }
            }
            _ => {}
        }
    }
    format!("{}{}", &text[..start], &text[end..])
}

/// The data source checks upstream makes of `address` for a file holding `content`.
fn data_file_step(case: &'static str, address: &'static str, content: &'static str) -> Step {
    use base64::Engine as _;
    let sums = Checksums::of(content.as_bytes());
    let encoded = base64::engine::general_purpose::STANDARD.encode(content);
    let mut step = Step::config(testdata_config(case)).before(move |ws| copy_testdata(ws, case));
    for (attribute, expected) in [
        ("content", content.to_owned()),
        ("content_base64", encoded),
        ("content_md5", sums.md5_hex),
        ("content_sha1", sums.sha1_hex),
        ("content_sha256", sums.sha256_hex),
        ("content_base64sha256", sums.sha256_base64),
        ("content_sha512", sums.sha512_hex),
        ("content_base64sha512", sums.sha512_base64),
    ] {
        step = step.check(state::value(address, &format!(".{attribute}")).equals(expected));
    }
    step
}

// TestLocalFileDataSource.
#[test]
fn local_file_data_source() {
    Test::new(&provider())
        .step(data_file_step(
            "TestLocalFileDataSource",
            "data.local_file.file",
            "This is some content",
        ))
        .run();
}

// TestLocalFileSensitiveDataSource (the sensitivity of `content` and `content_base64`,
// upstream's TestLocalFileSensitiveDataSourceCheckSensitiveAttributes, is in
// `schema_is_upstreams`).
#[test]
fn local_sensitive_file_data_source() {
    Test::new(&provider())
        .step(data_file_step(
            "TestLocalFileSensitiveDataSource",
            "data.local_sensitive_file.file",
            "This is some sensitive content",
        ))
        .run();
}

/// The value of output `name` in a `terraform show -json` state.
fn output(shown: &Value, name: &str) -> Result<Value, String> {
    shown["values"]["outputs"]
        .get(name)
        .map(|o| o["value"].clone())
        .ok_or_else(|| format!("no output {name}"))
}

fn output_is(
    name: &'static str,
    expected: Value,
) -> impl Fn(&Workspace, &Value) -> Result<(), String> {
    move |_, shown| {
        let got = output(shown, name)?;
        if got == expected {
            Ok(())
        } else {
            Err(format!("output {name} = {got}, expected {expected}"))
        }
    }
}

/// The data source `local_command` with `body`, and checks of its results: `exit_code`,
/// `stderr` (`None`: null) and, when given, `stdout`.
fn command_checks(
    mut step: Step,
    address: &str,
    exit_code: i64,
    stderr: Option<&str>,
    stdout: Option<&str>,
) -> Step {
    step = step.check(state::value(address, ".exit_code").equals(exit_code));
    step = match stderr {
        None => step.check(state::value(address, ".stderr").is_null()),
        Some(text) => step.check(state::value(address, ".stderr").equals(text)),
    };
    if let Some(text) = stdout {
        step = step.check(state::value(address, ".stdout").equals(text));
    }
    step
}

const JQ_OBJECTS: &str = r#"jsonencode([
    { arr = [1, 2, 3], bool = true, num = 1.23, str = "obj1" },
    { arr = [3, 4, 5], bool = false, num = 2.34, str = "obj2" },
  ])"#;
const JQ_ATTRS: &str = r#"jsonencode([
    { obj1_attr = "hello" },
    { obj2_attr = "world!" },
    { obj3_attr = 1.23 },
  ])"#;
const CSV_STDIN: &str =
    r#""[\"str\",\"num\",\"bool\"][\"hello\", 1.23, true][\"world!\", 2.34, false]""#;

fn obj1() -> Value {
    json!({ "arr": [1, 2, 3], "bool": true, "num": 1.23, "str": "obj1" })
}

fn first_and_third() -> Value {
    json!([{ "obj1_attr": "hello" }, { "obj3_attr": 1.23 }])
}

fn csv_rows() -> Value {
    json!([
        { "str": "hello", "num": "1.23", "bool": "true" },
        { "str": "world!", "num": "2.34", "bool": "false" },
    ])
}

/// A data source step running `command` on `stdin` with `arguments`, its stdout decoded
/// by `decode` into the output `parse_stdout`, which must be `expected`.
fn decoded_step(
    command: &str,
    stdin: &str,
    arguments: &str,
    decode: &str,
    expected: Value,
) -> Step {
    let hcl = format!(
        "data \"local_command\" \"test\" {{\n  command = \"{command}\"\n  stdin = {stdin}\n  arguments = {arguments}\n}}\n\n\
         output \"parse_stdout\" {{\n  value = {decode}(data.local_command.test.stdout)\n}}\n"
    );
    command_checks(Step::config(hcl), "data.local_command.test", 0, None, None)
        .check_with("parse_stdout", output_is("parse_stdout", expected))
}

// TestLocalCommandDataSource_stdout_json (jq).
#[test]
fn command_data_source_stdout_json() {
    Test::new(&provider())
        .step(decoded_step(
            "jq",
            JQ_OBJECTS,
            r#"[".[] | select(.str == \"obj1\")"]"#,
            "jsondecode",
            obj1(),
        ))
        .step(decoded_step(
            "jq",
            JQ_ATTRS,
            r#"["[.[0, 2]]"]"#,
            "jsondecode",
            first_and_third(),
        ))
        .run();
}

// TestLocalCommandDataSource_stdout_csv (jq).
#[test]
fn command_data_source_stdout_csv() {
    Test::new(&provider())
        .step({
            let hcl = format!(
                "data \"local_command\" \"test\" {{\n  command = \"jq\"\n  stdin = {CSV_STDIN}\n  arguments = [\"-r\", \"@csv\"]\n}}\n\n\
                 output \"parse_stdout\" {{\n  value = tolist(csvdecode(data.local_command.test.stdout))\n}}\n"
            );
            command_checks(Step::config(hcl), "data.local_command.test", 0, None, None)
                .check_with("parse_stdout", output_is("parse_stdout", csv_rows()))
        })
        .run();
}

// TestLocalCommandDataSource_stdout_yaml (yq).
#[test]
fn command_data_source_stdout_yaml() {
    let yaml = |json: &str| json.replacen("jsonencode", "yamlencode", 1);
    Test::new(&provider())
        .step(decoded_step(
            "yq",
            &yaml(JQ_OBJECTS),
            r#"[".[] | select(.str == \"obj1\")"]"#,
            "yamldecode",
            obj1(),
        ))
        .step(decoded_step(
            "yq",
            &yaml(JQ_ATTRS),
            r#"["[.[0, 2]]"]"#,
            "yamldecode",
            first_and_third(),
        ))
        .run();
}

/// A `local_file` holding `script` at `test_script.sh` beside the configuration, and the
/// data source `local_command` running it with bash (`extra` adds attributes, `args`
/// follows the script in `arguments`).
fn script_config(script: &str, extra: &str, args: &str) -> String {
    format!(
        "resource \"local_file\" \"test_script\" {{\n  filename = \"${{path.module}}/test_script.sh\"\n  content  = <<EOT\n{script}EOT\n}}\n\n\
         data \"local_command\" \"test\" {{\n  command   = \"bash\"\n{extra}  arguments = [local_file.test_script.filename{args}]\n}}\n"
    )
}

const STDIN_SCRIPT: &str = "#!/bin/bash\nSTDIN=$(cat)\necho \"stdin: $STDIN\"\necho \"args: $@\"\n";
const STDERR_SCRIPT: &str =
    "#!/bin/bash\nSTDIN=$(cat)\necho \"stdin: $STDIN\" >&2\necho \"args: $@\"\n";
const INVALID_SCRIPT: &str = "#!/bin/bash\nprintf '\\xe2'\n";
const FAILING_SCRIPT: &str = "#!/bin/bash\necho -n \"😏\"\necho -n \"😒\" >&2\nexit 1\n";
const PWD_SCRIPT: &str = "#!/bin/bash\necho -n \"current working directory: $PWD\"\n";

// TestLocalCommandDataSource_stdout_no_format_null_args, _stderr_zero_exit_code,
// _stdout_invalid_string, _non_zero_exit_code_error, _allow_non_zero_exit_code,
// _invalid_working_directory: one test each, as upstream.
#[test]
fn command_data_source_stdout_no_format_null_args() {
    let hcl = script_config(
        STDIN_SCRIPT,
        "  stdin     = \"stdin-string\"\n",
        ", \"first-arg\", null, \"second-arg\", null",
    );
    Test::new(&provider())
        .step(command_checks(
            Step::config(hcl),
            "data.local_command.test",
            0,
            None,
            Some("stdin: stdin-string\nargs: first-arg second-arg\n"),
        ))
        .run();
}

#[test]
fn command_data_source_stderr_zero_exit_code() {
    let hcl = script_config(
        STDERR_SCRIPT,
        "  stdin     = \"stdin-string\"\n",
        ", \"first-arg\", \"second-arg\"",
    );
    Test::new(&provider())
        .step(command_checks(
            Step::config(hcl),
            "data.local_command.test",
            0,
            Some("stdin: stdin-string\n"),
            Some("args: first-arg second-arg\n"),
        ))
        .run();
}

#[test]
fn command_data_source_stdout_invalid_string() {
    let hcl = script_config(INVALID_SCRIPT, "", "");
    Test::new(&provider())
        .step(command_checks(
            Step::config(hcl),
            "data.local_command.test",
            0,
            None,
            Some("\u{fffd}"),
        ))
        .run();
}

#[test]
fn command_data_source_non_zero_exit_code_error() {
    let hcl = script_config(FAILING_SCRIPT, "", "");
    Test::new(&provider())
        .step(Step::config(hcl).expect_error(&wrapped(
            "The data source executed the command but received a non-zero exit code.",
        )))
        .no_destroy()
        .run();
}

#[test]
fn command_data_source_allow_non_zero_exit_code() {
    let hcl = script_config(FAILING_SCRIPT, "  allow_non_zero_exit_code = true\n", "");
    Test::new(&provider())
        .step(command_checks(
            Step::config(hcl),
            "data.local_command.test",
            1,
            Some("😒"),
            Some("😏"),
        ))
        .run();
}

/// The absolute path of bash (upstream's `exec.LookPath("bash")`).
fn bash_path() -> String {
    std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
        .map(|dir| dir.join("bash"))
        .find(|p| p.is_file())
        .expect("bash on PATH")
        .to_string_lossy()
        .into_owned()
}

/// The last two names of `dir`'s path, as upstream's `tempWdRegex` matches them.
fn last_two(dir: &Path) -> String {
    let name = |p: &Path| {
        p.file_name()
            .expect("a name")
            .to_string_lossy()
            .into_owned()
    };
    format!("{}/{}", name(dir.parent().expect("a parent")), name(dir))
}

#[test]
fn command_data_source_absolute_path_with_working_directory() {
    Test::new(&provider())
        .step(
            Step::config_with(|ws| {
                let dir = ws.path("wd");
                std::fs::create_dir_all(&dir).expect("wd");
                format!(
                    "resource \"local_file\" \"test_script\" {{\n  filename = {}\n  content  = <<EOT\n{PWD_SCRIPT}EOT\n}}\n\n\
                     data \"local_command\" \"test\" {{\n  command   = {}\n  working_directory = {}\n  arguments = [local_file.test_script.filename]\n}}\n",
                    tfvalue_testing::hcl_string(&at(ws, "wd/test_script.sh")),
                    tfvalue_testing::hcl_string(&bash_path()),
                    tfvalue_testing::hcl_string(&at(ws, "wd")),
                )
            })
            .check(state::value("data.local_command.test", ".exit_code").equals(0))
            .check(state::value("data.local_command.test", ".stderr").is_null())
            .check_with("stdout names the working directory", |ws, shown| {
                let stdout = state::attribute(shown, "data.local_command.test", ".stdout")?;
                let text = stdout.as_str().unwrap_or_default();
                let expected = last_two(&ws.path("wd"));
                if text.contains(&expected) {
                    Ok(())
                } else {
                    Err(format!("stdout {text:?} does not name {expected}"))
                }
            }),
        )
        .run();
}

#[test]
fn command_data_source_invalid_working_directory() {
    let hcl = script_config(
        PWD_SCRIPT,
        "  working_directory = \"/definitely/not/a/real/directory\"\n",
        "",
    );
    Test::new(&provider())
        .step(Step::config(hcl).expect_error(&wrapped("chdir /definitely/not/a/real/directory")))
        .no_destroy()
        .run();
}

// TestLocalCommandDataSource_not_found: both steps.
#[test]
fn command_data_source_not_found() {
    let not_found = wrapped(r#"Error: exec: "notarealcommand": executable file not found"#);
    Test::new(&provider())
        .step(Step::config("data \"local_command\" \"test\" {\n  command = \"notarealcommand\"\n}\n").expect_error(&not_found))
        .step(
            Step::config("data \"local_command\" \"test\" {\n  command = \"notarealcommand\"\n  allow_non_zero_exit_code = true\n}\n")
                .expect_error(&not_found),
        )
        .run();
}

/// An ephemeral `local_command` with `body`, and a `terraform_data` whose preconditions
/// hold upstream's checks of what the echo provider stored (`conditions`).
fn ephemeral_config(body: &str, conditions: &[&str]) -> String {
    let checks: String = conditions
        .iter()
        .map(|c| format!("    precondition {{\n      condition     = {c}\n      error_message = {}\n    }}\n", tfvalue_testing::hcl_string(c)))
        .collect();
    format!(
        "ephemeral \"local_command\" \"test\" {{\n{body}\n}}\n\n\
         resource \"terraform_data\" \"test\" {{\n  lifecycle {{\n{checks}  }}\n}}\n"
    )
}

const E: &str = "ephemeral.local_command.test";

/// Ephemeral resources came with Terraform 1.10.
fn ephemeral_step(hcl: String) -> Step {
    Step::config(hcl).only_if(|tf| tf.at_least(1, 10))
}

fn ephemeral_test(steps: Vec<Step>) {
    let mut test = Test::new(&provider());
    for step in steps {
        test = test.step(step);
    }
    test.run();
}

/// An executable script in the workspace (upstream's `createEphemeralTestScript`:
/// ephemeral resources open before any resource is made, so the script is written first).
fn script_in(ws: &Workspace, content: &str) -> String {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = ws.path("scripts");
    std::fs::create_dir_all(&dir).expect("scripts");
    let path = dir.join("test_script.sh");
    std::fs::write(&path, content).expect("script");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("mode");
    path.to_string_lossy().into_owned()
}

// TestLocalCommandEphemeral_stdout_json, _stdout_csv, _stdout_yaml.
#[test]
fn command_ephemeral_decoded() {
    let obj1 = r#"{ arr = [1, 2, 3], bool = true, num = 1.23, str = "obj1" }"#;
    let first_third = r#"[{ obj1_attr = "hello" }, { obj3_attr = 1.23 }]"#;
    let rows = r#"[{ str = "hello", num = "1.23", bool = "true" }, { str = "world!", num = "2.34", bool = "false" }]"#;
    let step = |command: &str, stdin: &str, args: &str, decoded: String| {
        ephemeral_step(ephemeral_config(
            &format!("  command = \"{command}\"\n  stdin = {stdin}\n  arguments = {args}"),
            &[
                &format!("{E}.exit_code == 0"),
                &format!("{E}.stderr == null"),
                &decoded,
            ],
        ))
    };
    let yaml = |json: &str| json.replacen("jsonencode", "yamlencode", 1);
    ephemeral_test(vec![
        step(
            "jq",
            JQ_OBJECTS,
            r#"[".[] | select(.str == \"obj1\")"]"#,
            format!("jsondecode({E}.stdout) == {obj1}"),
        ),
        step(
            "jq",
            JQ_ATTRS,
            r#"["[.[0, 2]]"]"#,
            format!("jsonencode(jsondecode({E}.stdout)) == jsonencode({first_third})"),
        ),
        step(
            "jq",
            CSV_STDIN,
            r#"["-r", "@csv"]"#,
            format!("jsonencode(tolist(csvdecode({E}.stdout))) == jsonencode({rows})"),
        ),
        step(
            "yq",
            &yaml(JQ_OBJECTS),
            r#"[".[] | select(.str == \"obj1\")"]"#,
            format!("yamldecode({E}.stdout) == {obj1}"),
        ),
        step(
            "yq",
            &yaml(JQ_ATTRS),
            r#"["[.[0, 2]]"]"#,
            format!("jsonencode(yamldecode({E}.stdout)) == jsonencode({first_third})"),
        ),
    ]);
}

/// An ephemeral step running `script` with bash (`extra` attributes, `args` after the
/// script), checked by `conditions`.
fn ephemeral_script_step(
    script: &'static str,
    extra: &'static str,
    args: &'static str,
    conditions: Vec<String>,
) -> Step {
    Step::config_with(move |ws| {
        let path = script_in(ws, script);
        let refs: Vec<&str> = conditions.iter().map(String::as_str).collect();
        ephemeral_config(
            &format!(
                "  command = \"bash\"\n{extra}  arguments = [{}{args}]",
                tfvalue_testing::hcl_string(&path)
            ),
            &refs,
        )
    })
    .only_if(|tf| tf.at_least(1, 10))
}

// TestLocalCommandEphemeral_stdout_no_format_null_args, _stderr_zero_exit_code,
// _stdout_invalid_string, _allow_non_zero_exit_code, _non_zero_exit_code_error,
// _invalid_working_directory, _absolute_path_with_working_directory, _not_found.
#[test]
fn command_ephemeral_scripts() {
    ephemeral_test(vec![
        ephemeral_script_step(
            STDIN_SCRIPT,
            "  stdin = \"stdin-string\"\n",
            ", \"first-arg\", null, \"second-arg\", null",
            vec![
                format!("{E}.exit_code == 0"),
                format!("{E}.stderr == null"),
                format!("{E}.stdout == \"stdin: stdin-string\\nargs: first-arg second-arg\\n\""),
            ],
        ),
        ephemeral_script_step(
            STDERR_SCRIPT,
            "  stdin = \"stdin-string\"\n",
            ", \"first-arg\", \"second-arg\"",
            vec![
                format!("{E}.exit_code == 0"),
                format!("{E}.stderr == \"stdin: stdin-string\\n\""),
                format!("{E}.stdout == \"args: first-arg second-arg\\n\""),
            ],
        ),
        ephemeral_script_step(
            INVALID_SCRIPT,
            "",
            "",
            vec![
                format!("{E}.exit_code == 0"),
                format!("{E}.stderr == null"),
                format!("{E}.stdout == \"\u{fffd}\""),
            ],
        ),
        ephemeral_script_step(
            FAILING_SCRIPT,
            "  allow_non_zero_exit_code = true\n",
            "",
            vec![
                format!("{E}.exit_code == 1"),
                format!("{E}.stderr == \"😒\""),
                format!("{E}.stdout == \"😏\""),
            ],
        ),
        ephemeral_script_step(FAILING_SCRIPT, "", "", vec![format!("{E}.stdout != \"\"")])
            .expect_error(&wrapped(
                "The ephemeral resource executed the command but received a non-zero exit code.",
            )),
        ephemeral_script_step(
            PWD_SCRIPT,
            "  working_directory = \"/definitely/not/a/real/directory\"\n",
            "",
            vec![format!("{E}.stdout != \"\"")],
        )
        .expect_error(&wrapped("chdir /definitely/not/a/real/directory")),
        Step::config_with(|ws| {
            let path = script_in(ws, PWD_SCRIPT);
            let wd = ws.path("scripts");
            let expected = last_two(&wd);
            ephemeral_config(
                &format!(
                    "  command = {}\n  working_directory = {}\n  arguments = [{}]",
                    tfvalue_testing::hcl_string(&bash_path()),
                    tfvalue_testing::hcl_string(&wd.to_string_lossy()),
                    tfvalue_testing::hcl_string(&path)
                ),
                &[
                    &format!("{E}.exit_code == 0"),
                    &format!("{E}.stderr == null"),
                    &format!(
                        "strcontains({E}.stdout, {})",
                        tfvalue_testing::hcl_string(&expected)
                    ),
                ],
            )
        })
        .only_if(|tf| tf.at_least(1, 10)),
        ephemeral_step(ephemeral_config(
            "  command = \"notarealcommand\"",
            &[&format!("{E}.stdout != \"\"")],
        ))
        .expect_error(&wrapped(
            r#"Error: exec: "notarealcommand": executable file not found"#,
        )),
        ephemeral_step(ephemeral_config(
            "  command = \"notarealcommand\"\n  allow_non_zero_exit_code = true",
            &[&format!("{E}.stdout != \"\"")],
        ))
        .expect_error(&wrapped(
            r#"Error: exec: "notarealcommand": executable file not found"#,
        )),
    ]);
}

/// Provider functions came with Terraform 1.8.
fn function_step(case: &'static str) -> Step {
    Step::config(testdata_config(case))
        .before(move |ws| copy_testdata(ws, case))
        .only_if(|tf| tf.at_least(1, 8))
}

// TestDirectoryExists_basic: the plan knows both outputs.
#[test]
fn direxists_basic() {
    Test::new(&provider())
        .step(
            function_step("TestDirectoryExists_basic").plan_check(plan::custom(
                "known outputs",
                |planned| {
                    let outputs = &planned["planned_values"]["outputs"];
                    match (
                        &outputs["test_dir_exists"]["value"],
                        &outputs["test_dir_doesnt_exist"]["value"],
                    ) {
                        (Value::Bool(true), Value::Bool(false)) => Ok(()),
                        other => Err(format!("planned outputs {other:?}")),
                    }
                },
            )),
        )
        .run();
}

// TestDirectoryExists_invalid_file and _invalid_symlink.
#[test]
fn direxists_invalid() {
    Test::new(&provider())
        .step(function_step("TestDirectoryExists_invalid_file").expect_error(&wrapped(
            r#""./testdata/TestDirectoryExists_invalid_file/not_a_dir.txt" was found, but is not a directory."#,
        )))
        .step(function_step("TestDirectoryExists_invalid_symlink").expect_error(&wrapped(
            r#""./testdata/TestDirectoryExists_invalid_symlink/not_a_dir_symlink" was found, but is not a directory."#,
        )))
        .run();
}

/// Whether `tf` has what a step needs (Terraform `major.minor`, for `what`); says so on
/// stderr when it does not, since the step is then skipped.
fn needs(tf: &Terraform, major: u64, minor: u64, what: &str) -> bool {
    let ok = tf.at_least(major, minor);
    if !ok {
        eprintln!(
            "SKIPPED on Terraform {}: {what} need Terraform {major}.{minor} or later",
            tf.version
        );
    }
    ok
}

/// An upstream action case (`tests/data/local/<case>`, Terraform 1.14 and later): its
/// configuration with `variables` (besides `working_directory`, a directory of the
/// workspace, and `scripts_folder_path`, the case's scripts), after which the script's
/// `test_file.txt` in the working directory holds `expected`.
fn action_step(case: &'static str, variables: Value, expected: Option<&'static str>) -> Step {
    let step = Step::config(testdata_config(case))
        .before(move |ws| {
            copy_testdata(ws, case);
            let module = ws.module_dir();
            let case_dir = module.join("testdata").join(case);
            if case_dir.join("variables.tf").exists() {
                std::fs::copy(case_dir.join("variables.tf"), module.join("variables.tf"))
                    .expect("variables.tf");
            }
            std::fs::create_dir_all(ws.path("wd")).expect("wd");
            let mut values = variables.clone();
            if case_dir.join("variables.tf").exists() {
                values["working_directory"] = json!(at(ws, "wd"));
            }
            values["scripts_folder_path"] = json!(case_dir.join("scripts").to_string_lossy());
            std::fs::write(module.join("test.auto.tfvars.json"), values.to_string())
                .expect("tfvars");
        })
        .only_if(|tf| needs(tf, 1, 14, "actions"));
    match expected {
        None => step,
        Some(content) => {
            step.check_with(
                "assertTestFile",
                move |ws, _| match std::fs::read_to_string(ws.path("wd/test_file.txt")) {
                    Ok(text) if text == content => Ok(()),
                    other => Err(format!("test_file.txt: {other:?}, expected {content:?}")),
                },
            )
        }
    }
}

fn action_test(name: &str, step: Step) {
    Test::new(&provider()).named(name).step(step).run();
}

// TestLocalCommandAction_bash, _bash_stdin, _bash_all, _absolute_path_bash.
#[test]
fn command_action_bash() {
    let case = "TestLocalCommandAction_bash";
    action_test(
        "action_bash",
        action_step(case, json!({}), Some("stdin: , args: \n")),
    );
    action_test(
        "action_bash_stdin",
        action_step(
            case,
            json!({ "stdin": "John" }),
            Some("stdin: John, args: \n"),
        ),
    );
    action_test(
        "action_bash_all",
        action_step(
            case,
            json!({ "stdin": "John", "arguments": ["417", "8", "90125"] }),
            Some("stdin: John, args: 417 8 90125\n"),
        ),
    );
    action_test(
        "action_absolute_path_bash",
        action_step(
            case,
            json!({ "bash_path": bash_path() }),
            Some("stdin: , args: \n"),
        ),
    );
}

// TestLocalCommandAction_bash_null_args: the nulls around the arguments are dropped.
#[test]
fn command_action_bash_null_args() {
    action_test(
        "action_bash_null_args",
        action_step(
            "TestLocalCommandAction_bash_null_args",
            json!({ "arguments": ["417", "8", "90125"] }),
            Some("stdin: , args: 417 8 90125\n"),
        ),
    );
}

// TestLocalCommandAction_bash_environment.
#[test]
fn command_action_bash_environment() {
    action_test(
        "action_bash_environment",
        action_step(
            "TestLocalCommandAction_bash_environment",
            json!({ "var1": "hello", "var2": "world" }),
            Some("VAR1=hello, VAR2=world\n"),
        ),
    );
}

// TestLocalCommandAction_stderr.
#[test]
fn command_action_stderr() {
    action_test(
        "action_stderr",
        action_step("TestLocalCommandAction_stderr", json!({}), None).expect_error(&format!(
            "{}\\s*[│\\s]*State: exit status 1",
            wrapped("Command Error: ru roh, an error occurred in the bash script!")
        )),
    );
}

// TestLocalCommandAction_not_found: planning the action looks the command up.
#[test]
fn command_action_not_found() {
    action_test(
        "action_not_found",
        Step::config(
            "resource \"terraform_data\" \"test\" {\n  lifecycle {\n    action_trigger {\n      events  = [after_create]\n      actions = [action.local_command.test]\n    }\n  }\n}\n\n\
             action \"local_command\" \"test\" {\n  config {\n    command = \"notarealcommand\"\n  }\n}\n",
        )
        .only_if(|tf| needs(tf, 1, 14, "actions"))
        .expect_error(&wrapped(r#"Error: exec: "notarealcommand": executable file not found"#)),
    );
}
