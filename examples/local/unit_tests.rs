//! Unit tests of the local provider through the in-process harness: each runs the RPCs
//! Terraform would (validate, plan, apply, read, open, call, invoke) against files in a
//! directory of its own, and checks what upstream's acceptance tests check, in
//! milliseconds and without Terraform.

use std::os::unix::fs::PermissionsExt as _;
use std::path::PathBuf;

use tfvalue::{Nullable, Unknown};
use tfvalue_provider::harness::{Change, Harness};
use tfvalue_provider::Diagnostics;

use super::action_command::CommandAction;
use super::checksums::{ChecksumAttributes, Checksums};
use super::data_file::{FileData, SensitiveFileData};
use super::ephemeral_command::CommandEphemeral;
use super::file::File;
use super::sensitive_file::SensitiveFile;
use super::{Config, Local};

async fn local() -> Harness<Local> {
    let harness = Harness::new(Local).expect("the types are declared rightly");
    harness.configure(&Config {}).await.unwrap();
    harness
}

/// An empty directory for one test, under the system's temporary directory.
fn scratch(test: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("tfvalue-local-unit-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn text(value: &str) -> Unknown<Nullable<String>> {
    Some(value.to_owned()).into()
}

fn path_text(path: &std::path::Path) -> String {
    path.to_str().expect("temporary paths are UTF-8").to_owned()
}

/// A `local_file` configuration of `content` at `filename`, the rest left out.
fn file(filename: &str, content: &str) -> File {
    File {
        filename: Unknown::known(filename.to_owned()),
        content: text(content),
        content_base64: Unknown::null(),
        source: Unknown::null(),
        file_permission: Unknown::null(),
        directory_permission: Unknown::null(),
        sensitive_content: Unknown::null(),
        checksums: ChecksumAttributes::null(),
    }
}

/// A `local_sensitive_file` configuration with `content_base64`.
fn sensitive_file(filename: &str, base64: &str) -> SensitiveFile {
    SensitiveFile {
        filename: Unknown::known(filename.to_owned()),
        content: Unknown::null(),
        content_base64: text(base64),
        source: Unknown::null(),
        file_permission: Unknown::null(),
        directory_permission: Unknown::null(),
        checksums: ChecksumAttributes::null(),
    }
}

fn value(attribute: &Unknown<Nullable<String>>) -> &str {
    attribute.as_value().map_or("", String::as_str)
}

/// Each diagnostic as `path: summary: detail`.
fn shown(diagnostics: &Diagnostics) -> Vec<String> {
    (diagnostics.iter())
        .map(|d| {
            let at = d.attribute().map(ToString::to_string).unwrap_or_default();
            format!("{at}: {}: {}", d.summary(), d.detail())
        })
        .collect()
}

/// The seven checksums of `bytes` as a file model holds them.
fn sums_of(bytes: &[u8]) -> [String; 7] {
    let sums = Checksums::of(bytes);
    [
        sums.sha1_hex.clone(),
        sums.md5_hex,
        sums.sha1_hex,
        sums.sha256_hex,
        sums.sha256_base64,
        sums.sha512_hex,
        sums.sha512_base64,
    ]
}

fn file_sums(state: &File) -> [String; 7] {
    [
        &state.checksums.id,
        &state.checksums.content_md5,
        &state.checksums.content_sha1,
        &state.checksums.content_sha256,
        &state.checksums.content_base64sha256,
        &state.checksums.content_sha512,
        &state.checksums.content_base64sha512,
    ]
    .map(|v| value(v).to_owned())
}

#[tokio::test]
async fn a_file_is_written_with_its_checksums_and_default_permissions() {
    let dir = scratch("create");
    let name = path_text(&dir.join("new/dir/file.txt"));
    let harness = local().await;
    let files = harness.resource::<File>("local_file");
    let planned = files
        .plan(None, &file(&name, "This is some content"))
        .await
        .unwrap();
    assert_eq!(planned.change(), Change::Create);
    let plan = planned.state().unwrap();
    assert_eq!(value(&plan.file_permission), "0777");
    assert_eq!(value(&plan.directory_permission), "0777");
    assert!(plan.checksums.id.is_unknown() && plan.checksums.content_sha256.is_unknown());

    let state = files.apply(&planned).await.unwrap().unwrap();
    let bytes = std::fs::read(&name).unwrap();
    assert_eq!(bytes, b"This is some content");
    assert_eq!(file_sums(&state), sums_of(&bytes));
}

#[tokio::test]
async fn permissions_are_given_to_the_file_and_its_new_directories() {
    let dir = scratch("modes");
    let name = path_text(&dir.join("made/file.txt"));
    let harness = local().await;
    let files = harness.resource::<File>("local_file");
    let config = File {
        file_permission: text("0600"),
        directory_permission: text("0700"),
        ..file(&name, "secret")
    };
    files.create(&config).await.unwrap();
    let mode = |p: &str| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&name), 0o600);
    assert_eq!(mode(&path_text(&dir.join("made"))), 0o700);
}

#[tokio::test]
async fn a_changed_or_vanished_file_is_planned_for_creation_again() {
    let dir = scratch("drift");
    let name = path_text(&dir.join("file.txt"));
    let harness = local().await;
    let files = harness.resource::<File>("local_file");
    let config = file(&name, "original");
    let state = files.create(&config).await.unwrap();
    let read = files
        .read(&state)
        .await
        .unwrap()
        .expect("an unchanged file stays");
    assert_eq!(file_sums(&read), file_sums(&state));

    std::fs::write(&name, "changed behind Terraform's back").unwrap();
    assert!(
        files.read(&state).await.unwrap().is_none(),
        "a changed file is gone from the state"
    );
    // Terraform then plans it from nothing.
    let planned = files.plan(None, &config).await.unwrap();
    assert_eq!(planned.change(), Change::Create);

    let state = files.create(&config).await.unwrap();
    std::fs::remove_file(&name).unwrap();
    assert!(
        files.read(&state).await.unwrap().is_none(),
        "a vanished file is gone too"
    );
}

#[tokio::test]
async fn every_argument_replaces_the_file_when_it_changes() {
    let dir = scratch("replace");
    let name = path_text(&dir.join("file.txt"));
    let harness = local().await;
    let files = harness.resource::<File>("local_file");
    let config = file(&name, "one");
    let state = files.create(&config).await.unwrap();
    let other = path_text(&dir.join("other.txt"));
    std::fs::write(&other, "two").unwrap();
    let changes: [(&str, File); 6] = [
        (
            "filename",
            File {
                filename: Unknown::known(other.clone() + ".new"),
                ..config.clone()
            },
        ),
        ("content", file(&name, "two")),
        (
            "content_base64",
            File {
                content: Unknown::null(),
                content_base64: text("dHdv"),
                ..config.clone()
            },
        ),
        (
            "source",
            File {
                content: Unknown::null(),
                source: text(&other),
                ..config.clone()
            },
        ),
        (
            "file_permission",
            File {
                file_permission: text("0600"),
                ..config.clone()
            },
        ),
        (
            "directory_permission",
            File {
                directory_permission: text("0700"),
                ..config.clone()
            },
        ),
    ];
    for (attribute, changed) in changes {
        let planned = files.plan(Some(&state), &changed).await.unwrap();
        assert_eq!(planned.change(), Change::Replace, "{attribute}");
        let paths: Vec<String> = (planned.requires_replace().iter())
            .map(ToString::to_string)
            .collect();
        assert!(
            paths.contains(&format!(".{attribute}")),
            "{attribute}: {paths:?}"
        );
    }
    // Unchanged, nothing is planned.
    let planned = files.plan(Some(&state), &config).await.unwrap();
    assert_eq!(planned.change(), Change::NoOp);
}

#[tokio::test]
async fn bad_permissions_are_refused_with_upstreams_words() {
    let harness = local().await;
    let files = harness.resource::<File>("local_file");
    let config = File {
        file_permission: text("77"),
        directory_permission: text("0999"),
        ..file("/nowhere/file.txt", "x")
    };
    let errors = files.validate(&config).await.unwrap_err();
    assert_eq!(
        shown(&errors),
        [
            ".file_permission: Invalid File Permission String Value: \
             bad mode permission: string length should be 3 or 4 digits: 77",
            ".directory_permission: Invalid File Permission String Value: \
             bad mode permission: string must be expressed in octal numeric notation: 0999",
        ]
    );
}

/// The error terraform-plugin-framework-validators' `ExactlyOneOf` gives at `attribute`,
/// for `count` attributes configured among it and `others`.
fn exactly_one(attribute: &str, count: usize, others: &str) -> String {
    let said = if count == 0 {
        "No attribute".to_owned()
    } else {
        format!("{count} attributes")
    };
    format!(
        ".{attribute}: Invalid Attribute Combination: {said} specified when one (and only one) \
         of [{others}] is required"
    )
}

#[tokio::test]
async fn a_file_needs_exactly_one_content_attribute_each_saying_so() {
    let harness = local().await;
    let files = harness.resource::<File>("local_file");
    let none = File {
        content: Unknown::null(),
        ..file("/nowhere/file.txt", "")
    };
    let mut errors = shown(&files.validate(&none).await.unwrap_err());
    errors.sort();
    assert_eq!(
        errors,
        [
            exactly_one("content", 0, "sensitive_content,content_base64,source"),
            exactly_one("content_base64", 0, "content,sensitive_content,source"),
            exactly_one("sensitive_content", 0, "content,content_base64,source"),
            exactly_one("source", 0, "content,sensitive_content,content_base64"),
        ]
    );
    let two = File {
        source: text("/elsewhere"),
        ..file("/nowhere/file.txt", "x")
    };
    let mut errors = shown(&files.validate(&two).await.unwrap_err());
    errors.sort();
    assert_eq!(
        errors,
        [
            exactly_one("content", 2, "sensitive_content,content_base64,source"),
            exactly_one("content_base64", 2, "content,sensitive_content,source"),
            exactly_one("sensitive_content", 2, "content,content_base64,source"),
            exactly_one("source", 2, "content,sensitive_content,content_base64"),
        ]
    );
    files
        .validate(&file("/nowhere/file.txt", "x"))
        .await
        .expect("one content attribute is enough");
    // An unknown content waits for its value.
    let unknown = File {
        source: Unknown::unknown(),
        ..file("/nowhere/file.txt", "x")
    };
    files.validate(&unknown).await.expect("nothing to say yet");

    let sensitive = harness.resource::<SensitiveFile>("local_sensitive_file");
    let none = SensitiveFile {
        content_base64: Unknown::null(),
        ..sensitive_file("/nowhere/file.txt", "")
    };
    let mut errors = shown(&sensitive.validate(&none).await.unwrap_err());
    errors.sort();
    assert_eq!(
        errors,
        [
            exactly_one("content", 0, "content_base64,source"),
            exactly_one("content_base64", 0, "content,source"),
            exactly_one("source", 0, "content,content_base64"),
        ]
    );
}

#[tokio::test]
async fn a_sensitive_file_decodes_base64_and_defaults_to_private_permissions() {
    let dir = scratch("sensitive");
    let name = path_text(&dir.join("file.bin"));
    let harness = local().await;
    let files = harness.resource::<SensitiveFile>("local_sensitive_file");
    let planned = files
        .plan(None, &sensitive_file(&name, "AAEC/w=="))
        .await
        .unwrap();
    let plan = planned.state().unwrap();
    assert_eq!(value(&plan.file_permission), "0700");
    assert_eq!(value(&plan.directory_permission), "0700");
    let state = files.apply(&planned).await.unwrap().unwrap();
    assert_eq!(std::fs::read(&name).unwrap(), [0, 1, 2, 0xff]);
    assert_eq!(
        value(&state.checksums.content_md5),
        Checksums::of(&[0, 1, 2, 0xff]).md5_hex
    );

    let bad = sensitive_file(&path_text(&dir.join("bad.bin")), "AB$=");
    let errors = files.create(&bad).await.unwrap_err();
    assert_eq!(
        shown(&errors),
        [
            ": Create local sensitive file error: An unexpected error occurred while parsing \
          local file content\n\n+Original Error: illegal base64 data at input byte 2"
        ]
    );
}

fn file_data(filename: &str) -> FileData {
    FileData {
        filename: Unknown::known(filename.to_owned()),
        content: Unknown::null(),
        content_base64: Unknown::null(),
        checksums: ChecksumAttributes::null(),
    }
}

#[tokio::test]
async fn the_data_sources_read_content_and_checksums() {
    let dir = scratch("data");
    let name = path_text(&dir.join("read.txt"));
    std::fs::write(&name, b"caf\xc3\xa9 \xff").unwrap();
    let harness = local().await;
    let read = harness
        .data_source::<FileData>("local_file")
        .read(&file_data(&name))
        .await
        .unwrap();
    // Invalid UTF-8 becomes the replacement character; base64 keeps the bytes.
    assert_eq!(value(&read.content), "café \u{fffd}");
    assert_eq!(value(&read.content_base64), "Y2Fmw6kg/w==");
    let sums = Checksums::of(b"caf\xc3\xa9 \xff");
    assert_eq!(value(&read.checksums.id), sums.sha1_hex);
    assert_eq!(
        value(&read.checksums.content_base64sha512),
        sums.sha512_base64
    );

    let sensitive = SensitiveFileData {
        filename: Unknown::known(name.clone()),
        content: Unknown::null(),
        content_base64: Unknown::null(),
        checksums: ChecksumAttributes::null(),
    };
    let read = harness
        .data_source::<SensitiveFileData>("local_sensitive_file")
        .read(&sensitive)
        .await
        .unwrap();
    assert_eq!(value(&read.checksums.content_sha256), sums.sha256_hex);

    let missing = path_text(&dir.join("missing.txt"));
    let errors = harness
        .data_source::<FileData>("local_file")
        .read(&file_data(&missing))
        .await
        .unwrap_err();
    let shown = shown(&errors);
    assert_eq!(shown.len(), 1);
    assert!(
        shown[0].ends_with(&format!("open {missing}: no such file or directory")),
        "{shown:?}"
    );
}

fn ephemeral(command: &str, arguments: &[&str]) -> CommandEphemeral {
    CommandEphemeral {
        command: Unknown::known(command.to_owned()),
        arguments: Unknown::known(Nullable::Value(arguments.iter().map(|a| text(a)).collect())),
        stdin: Unknown::null(),
        working_directory: Unknown::null(),
        allow_non_zero_exit_code: Unknown::null(),
        exit_code: Unknown::null(),
        stdout: Unknown::null(),
        stderr: Unknown::null(),
    }
}

#[tokio::test]
async fn the_ephemeral_command_runs_and_answers_its_streams_and_exit_code() {
    let harness = local().await;
    let commands = harness.ephemeral::<CommandEphemeral>("local_command");
    let opened = commands
        .open(&CommandEphemeral {
            stdin: text("from stdin"),
            ..ephemeral("cat", &[])
        })
        .await
        .unwrap();
    let result = opened.result();
    assert_eq!(value(&result.stdout), "from stdin");
    assert_eq!(result.exit_code, Unknown::known(Nullable::Value(0)));
    assert_eq!(
        result.stderr,
        Unknown::known(Nullable::Null),
        "empty is null"
    );

    let script = "echo out; echo err >&2; exit 3";
    let failing = ephemeral("sh", &["-c", script]);
    let errors = commands.open(&failing).await.unwrap_err();
    let shown = shown(&errors);
    assert_eq!(shown.len(), 1);
    assert!(
        shown[0].starts_with(".command: Command Execution Failed: The ephemeral resource executed the command but received a non-zero exit code."),
        "{shown:?}"
    );
    assert!(
        shown[0].ends_with("Command Error: err\n\nState: exit status 3"),
        "{shown:?}"
    );

    let allowed = CommandEphemeral {
        allow_non_zero_exit_code: Unknown::known(Nullable::Value(true)),
        ..failing
    };
    let opened = commands.open(&allowed).await.unwrap();
    let result = opened.result();
    assert_eq!(result.exit_code, Unknown::known(Nullable::Value(3)));
    assert_eq!(
        (value(&result.stdout), value(&result.stderr)),
        ("out\n", "err\n")
    );
}

#[tokio::test]
async fn direxists_tells_directories_from_files_and_nothing() {
    let dir = scratch("direxists");
    let file = dir.join("file.txt");
    std::fs::write(&file, "").unwrap();
    let harness = local().await;
    let direxists = harness.function("direxists");
    let exists: bool = direxists.call((path_text(&dir),)).await.unwrap();
    assert!(exists);
    let exists: bool = direxists
        .call((path_text(&dir.join("missing")),))
        .await
        .unwrap();
    assert!(!exists);
    let errors = direxists
        .call::<_, bool>((path_text(&file),))
        .await
        .unwrap_err();
    let shown = shown(&errors);
    assert_eq!(shown.len(), 1);
    assert!(
        shown[0].contains(&format!(
            "Invalid file mode detected: \"{}\" was found, but is not a directory",
            path_text(&file)
        )),
        "{shown:?}"
    );
}

fn action(command: &str, arguments: &[&str]) -> CommandAction {
    CommandAction {
        command: Unknown::known(command.to_owned()),
        arguments: Unknown::known(Nullable::Value(arguments.iter().map(|a| text(a)).collect())),
        stdin: Unknown::null(),
        working_directory: Unknown::null(),
        environment: Unknown::null(),
    }
}

#[tokio::test]
async fn the_action_refuses_a_missing_command_when_planned() {
    let harness = local().await;
    let actions = harness.action::<CommandAction>("local_command");
    let errors = actions
        .plan(&action("tfvalue-no-such-command", &[]))
        .await
        .unwrap_err();
    let diagnostic = errors.iter().next().unwrap();
    assert_eq!(diagnostic.summary(), "Command Lookup Failed");
    assert_eq!(
        diagnostic.attribute().map(ToString::to_string).as_deref(),
        Some(".command")
    );
    assert!(
        diagnostic.detail().starts_with(
            "The action received an unexpected error while attempting to find the command."
        ),
        "{}",
        diagnostic.detail()
    );
    assert!(diagnostic.detail().ends_with(
        "Command: tfvalue-no-such-command\n\
         Error: exec: \"tfvalue-no-such-command\": executable file not found in $PATH"
    ));
    actions.plan(&action("sh", &[])).await.expect("sh is found");
}

#[tokio::test]
async fn the_action_reports_stdout_as_progress_or_fails_with_stderr() {
    let harness = local().await;
    let actions = harness.action::<CommandAction>("local_command");
    let mut environment = std::collections::BTreeMap::new();
    environment.insert("GREETING".to_owned(), text("hello"));
    let greeting = CommandAction {
        environment: Unknown::known(Nullable::Value(environment)),
        ..action("sh", &["-c", "echo \"$GREETING\""])
    };
    let invoked = actions.invoke(&greeting).await.unwrap();
    assert_eq!(invoked.progress, ["\n\nhello\n\n"]);

    let failing = action("sh", &["-c", "echo broken >&2; exit 1"]);
    let failed = actions.invoke(&failing).await.unwrap_err();
    assert!(failed.progress.is_empty(), "stdout is sent only on success");
    let diagnostic = failed.diagnostics.iter().next().unwrap();
    assert_eq!(diagnostic.summary(), "Command Execution Failed");
    assert!(
        diagnostic
            .detail()
            .ends_with("-c echo broken >&2; exit 1\nCommand Error: broken\n\nState: exit status 1"),
        "{}",
        diagnostic.detail()
    );
}
