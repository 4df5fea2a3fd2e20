//! Unit tests of the localfs provider, through the in-process harness: each runs the RPCs
//! Terraform would (validate, plan, apply, read, import ...) against a directory of its own,
//! and checks the files on disk as well as the states.

use std::os::unix::fs::PermissionsExt as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use tfvalue::custom_types::Rfc3339;
use tfvalue::path::AttributePath;
use tfvalue::{Nullable, Unknown};
use tfvalue_provider::harness::{Change, Harness};
use tfvalue_provider::Diagnostics;

use super::directory::Directory;
use super::file::File;
use super::file_identity::{FileIdentity, FileQuery};
use super::fnv::fnv1a64_hex;
use super::functions::Permissions;
use super::paths::MAX_FILE_BYTES;
use super::secret::Secret;
use super::{Config, LocalFs};

/// A directory of the test's own under the system's temporary directory, removed when
/// dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Scratch {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("localfs-unit-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.0.join(rel)
    }

    fn read(&self, rel: &str) -> Option<String> {
        std::fs::read_to_string(self.path(rel)).ok()
    }

    fn write(&self, rel: &str, text: &str) {
        let path = self.path(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn config(root: &Path, write_delay_ms: Option<i64>) -> Config {
    Config {
        root: root.display().to_string(),
        write_delay_ms: write_delay_ms.into(),
    }
}

/// The provider, configured with `root`.
async fn localfs(root: &Scratch) -> Harness<LocalFs> {
    let harness = Harness::new(LocalFs).expect("the types are declared rightly");
    harness.configure(&config(&root.0, None)).await.unwrap();
    harness
}

/// The configuration of a file with this text.
fn file(path: &str, content: &str) -> File {
    File {
        content: Some(content.to_owned()).into(),
        ..File::at(path.to_owned())
    }
}

/// Each diagnostic as `path: summary` (errors and warnings alike).
fn shown(diagnostics: &Diagnostics) -> Vec<String> {
    (diagnostics.iter())
        .map(|d| {
            let at = d.attribute().map(ToString::to_string).unwrap_or_default();
            format!("{at}: {}", d.summary())
        })
        .collect()
}

fn text(value: &Unknown<Nullable<String>>) -> Option<&str> {
    value.as_value().map(String::as_str)
}

#[tokio::test]
async fn a_created_file_has_its_content_hash_and_permissions() {
    let root = Scratch::new();
    let harness = localfs(&root).await;
    let files = harness.resource::<File>("localfs_file");

    let planned = files
        .plan(None, &file("etc/motd", "Welcome!\n"))
        .await
        .unwrap();
    assert_eq!(planned.change(), Change::Create);
    // Known from the content before anything is written.
    let hash = fnv1a64_hex(b"Welcome!\n");
    assert_eq!(text(&planned.state().unwrap().content_hash), Some(&*hash));

    let state = files.apply(&planned).await.unwrap().unwrap();
    assert_eq!(root.read("etc/motd").as_deref(), Some("Welcome!\n"));
    assert_eq!(text(&state.id), Some("etc/motd"));
    assert_eq!(text(&state.content_hash), Some(&*hash));
    assert_eq!(state.size.as_value(), Some(&9));
    assert_eq!(text(&state.permissions), Some("0644"));
    assert_eq!(text(&state.previous_hash), None, "never updated");
    let mode = std::fs::metadata(root.path("etc/motd"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o644);

    // Refreshed, it is as created.
    let read = files.read(&state).await.unwrap().unwrap();
    assert_eq!(text(&read.content), Some("Welcome!\n"));
    assert_eq!(read.content_hash, state.content_hash);
}

#[tokio::test]
async fn an_update_rewrites_the_file_and_remembers_the_previous_hash() {
    let root = Scratch::new();
    let harness = localfs(&root).await;
    let files = harness.resource::<File>("localfs_file");
    let first = files.create(&file("motd", "one\n")).await.unwrap();

    let changed = File {
        permissions: Some("0600".to_owned()).into(),
        ..file("motd", "two\n")
    };
    let planned = files.plan(Some(&first), &changed).await.unwrap();
    assert_eq!(planned.change(), Change::Update);
    let second = files.update(&first, &changed).await.unwrap();
    assert_eq!(root.read("motd").as_deref(), Some("two\n"));
    assert_eq!(text(&second.content_hash), Some(&*fnv1a64_hex(b"two\n")));
    assert_eq!(second.previous_hash, first.content_hash);
    let mode = std::fs::metadata(root.path("motd"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
}

#[tokio::test]
async fn drift_is_read_back_and_the_next_apply_repairs_it() {
    let root = Scratch::new();
    let harness = localfs(&root).await;
    let files = harness.resource::<File>("localfs_file");
    let config = file("app.conf", "port = 80\n");
    let state = files.create(&config).await.unwrap();

    root.write("app.conf", "port = 8080\n");
    let drifted = files.read(&state).await.unwrap().unwrap();
    assert_eq!(text(&drifted.content), Some("port = 8080\n"));
    let planned = files.plan(Some(&drifted), &config).await.unwrap();
    assert_eq!(planned.change(), Change::Update);

    files.update(&state, &config).await.unwrap();
    assert_eq!(root.read("app.conf").as_deref(), Some("port = 80\n"));
}

#[tokio::test]
async fn delete_removes_the_file_and_its_hash_file() {
    let root = Scratch::new();
    let harness = localfs(&root).await;
    let files = harness.resource::<File>("localfs_file");
    let config = File {
        hash_path: Some("sums/motd.fnv".to_owned()).into(),
        ..file("motd", "hello\n")
    };
    let state = files.create(&config).await.unwrap();
    assert_eq!(root.read("sums/motd.fnv"), Some(fnv1a64_hex(b"hello\n")));

    files.delete(&state).await.unwrap();
    assert_eq!(root.read("motd"), None);
    assert_eq!(root.read("sums/motd.fnv"), None);
    assert!(files.read(&state).await.unwrap().is_none(), "gone");
}

#[tokio::test]
async fn a_new_path_replaces_the_file() {
    let root = Scratch::new();
    let harness = localfs(&root).await;
    let files = harness.resource::<File>("localfs_file");
    let old = files.create(&file("old.txt", "x")).await.unwrap();

    let planned = files.plan(Some(&old), &file("new.txt", "x")).await.unwrap();
    assert_eq!(planned.change(), Change::Replace);
    assert!(planned
        .requires_replace()
        .contains(&AttributePath::root().attr("path")));
    let new = files.apply(&planned).await.unwrap().unwrap();
    assert_eq!(text(&new.id), Some("new.txt"));
    assert_eq!(root.read("old.txt"), None);
    assert_eq!(root.read("new.txt").as_deref(), Some("x"));
}

#[tokio::test]
async fn import_adopts_an_existing_file_and_create_refuses_to_overwrite_one() {
    let root = Scratch::new();
    let harness = localfs(&root).await;
    let files = harness.resource::<File>("localfs_file");
    root.write("etc/hosts", "127.0.0.1 localhost\n");

    let imported = files.import("etc/hosts").await.unwrap();
    assert_eq!(imported.len(), 1);
    assert_eq!(text(&imported[0].content), Some("127.0.0.1 localhost\n"));
    assert_eq!(text(&imported[0].id), Some("etc/hosts"));
    // The identity Terraform keeps with the imported state names the file.
    let identity = files.identity::<FileIdentity>(&imported[0]).await.unwrap();
    assert_eq!(identity.map(|i| i.path).as_deref(), Some("etc/hosts"));

    let errors = files.import("etc/nothing").await.unwrap_err();
    assert_eq!(shown(&errors), [": Cannot import a missing file"]);
    let errors = files
        .create(&file("etc/hosts", "mine\n"))
        .await
        .unwrap_err();
    assert_eq!(shown(&errors), [": File already exists"]);
    assert_eq!(
        root.read("etc/hosts").as_deref(),
        Some("127.0.0.1 localhost\n")
    );
}

#[tokio::test]
async fn validation_refuses_paths_outside_the_root_and_bad_settings() {
    let root = Scratch::new();
    let harness = localfs(&root).await;
    let files = harness.resource::<File>("localfs_file");
    for path in ["../escape", "/etc/passwd", ""] {
        let errors = files.validate(&file(path, "x")).await.unwrap_err();
        assert_eq!(shown(&errors), [".path: Invalid path"], "{path:?}");
    }
    let bad = File {
        permissions: Some("rw".to_owned()).into(),
        sensitive_content: Some("also".to_owned()).into(),
        ..file("ok", "x")
    };
    let errors = files.validate(&bad).await.unwrap_err();
    assert_eq!(
        shown(&errors),
        [
            ".permissions: Invalid permissions",
            ".sensitive_content: Conflicting content"
        ]
    );
    // A text larger than the provider reads back is refused before anything is written.
    let large = "x".repeat(usize::try_from(MAX_FILE_BYTES).unwrap() + 1);
    let errors = files.create(&file("large", &large)).await.unwrap_err();
    assert_eq!(shown(&errors), [".content: Text too large"]);
    assert_eq!(root.read("large"), None);
}

#[tokio::test]
async fn write_only_content_is_written_but_kept_in_no_state() {
    let root = Scratch::new();
    let harness = localfs(&root).await;
    let files = harness.resource::<File>("localfs_file");
    let config = File {
        content_wo: Some("s3cret".to_owned()).into(),
        content_wo_version: Some(1).into(),
        ..File::at("db.conf".to_owned())
    };
    let state = files.create(&config).await.unwrap();
    assert_eq!(root.read("db.conf").as_deref(), Some("s3cret"));
    assert!(state.content_wo.is_null() && state.content.is_null());
    assert_eq!(text(&state.content_hash), Some(&*fnv1a64_hex(b"s3cret")));
    // What was written is recorded in the private state, where drift is detected by hash.
    assert!(!files.private(&state).await.unwrap().is_empty());

    // A Terraform that does not allow write-only attributes gets an error instead.
    let old = Harness::new(LocalFs).unwrap().write_only_allowed(false);
    old.configure(&super::Config {
        root: root.0.display().to_string(),
        write_delay_ms: Nullable::Null,
    })
    .await
    .unwrap();
    let errors = old
        .resource::<File>("localfs_file")
        .validate(&config)
        .await
        .unwrap_err();
    assert_eq!(
        shown(&errors),
        [".content_wo: Write-only Attribute Not Allowed"]
    );
}

#[tokio::test]
async fn the_provider_block_is_checked() {
    let root = Scratch::new();
    let harness = Harness::new(LocalFs).unwrap();
    let errors = harness
        .configure(&config(Path::new(""), None))
        .await
        .unwrap_err();
    assert_eq!(shown(&errors), [".root: Empty root directory"]);
    let errors = harness
        .configure(&config(&root.0, Some(-1)))
        .await
        .unwrap_err();
    assert_eq!(shown(&errors), [".write_delay_ms: Invalid write delay"]);
}

#[tokio::test]
async fn stopping_the_provider_interrupts_a_write_and_nothing_is_written() {
    let root = Scratch::new();
    let harness = Harness::new(LocalFs).unwrap();
    // Every write waits a minute first: long enough that only the stop can end it.
    harness
        .configure(&config(&root.0, Some(60_000)))
        .await
        .unwrap();
    let files = harness.resource::<File>("localfs_file");
    let config = file("slow.txt", "late\n");
    let (created, stopped) = tokio::join!(files.create(&config), async {
        tokio::time::sleep(Duration::from_millis(50)).await;
        harness.stop().await
    });
    stopped.unwrap();
    assert_eq!(shown(&created.unwrap_err()), [": Interrupted"]);
    assert_eq!(root.read("slow.txt"), None);
}

#[tokio::test]
async fn the_directory_data_source_and_the_list_resource_find_the_files() {
    let root = Scratch::new();
    let harness = localfs(&root).await;
    root.write("etc/a.conf", "a\n");
    root.write("etc/b.txt", "bb\n");
    std::fs::create_dir_all(root.path("etc/sub")).unwrap();

    let directory = harness.data_source::<Directory>("localfs_directory");
    let listed = directory
        .read(&Directory {
            path: Unknown::known("etc".into()),
            modified_after: Unknown::null(),
            entries: Unknown::null(),
        })
        .await
        .unwrap();
    let entries: Vec<(Option<&str>, Option<&bool>, Option<&i64>)> = (listed.entries.as_value())
        .unwrap()
        .iter()
        .map(|e| (text(&e.name), e.is_dir.as_value(), e.size.as_value()))
        .collect();
    assert_eq!(
        entries,
        [
            (Some("a.conf"), Some(&false), Some(&2)),
            (Some("b.txt"), Some(&false), Some(&3)),
            (Some("sub"), Some(&true), None)
        ]
    );

    // An instant to come lists nothing, and is answered as configured (the provider
    // answers it in UTC; the framework keeps the configured text that means the same).
    let future = "2999-12-31T23:00:00-01:00";
    let none = directory
        .read(&Directory {
            path: Unknown::known("etc".into()),
            modified_after: Unknown::known(Nullable::Value(Rfc3339::new(future))),
            entries: Unknown::null(),
        })
        .await
        .unwrap();
    assert_eq!(none.entries.as_value().map(Vec::len), Some(0));
    assert_eq!(
        none.modified_after.as_value().map(Rfc3339::as_str),
        Some(future)
    );

    let query = FileQuery {
        directory: Nullable::Value("etc".into()),
        suffix: Nullable::Value(".conf".into()),
    };
    let list = harness.list::<File, FileIdentity>("localfs_file");
    let found = list.include_resource(true).list(&query).await.unwrap();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].identity.path, "etc/a.conf");
    let state = found[0].state.as_ref().expect("asked for");
    assert_eq!(text(&state.content), Some("a\n"));
}

#[tokio::test]
async fn functions_join_paths_and_parse_permissions() {
    let root = Scratch::new();
    let harness = localfs(&root).await;
    let join = harness.function("join_path");
    let joined: String = join.call(("etc", "nginx/", "app.conf")).await.unwrap();
    assert_eq!(joined, "etc/nginx/app.conf");
    let errors = join.call::<_, String>(("etc", "..")).await.unwrap_err();
    assert_eq!(
        errors.iter().next().unwrap().attribute(),
        Some(&AttributePath::root().index(1)),
        "the second argument is at fault"
    );

    let parse = harness.function("parse_permissions");
    let parsed: Permissions = parse.call(("rw-r-----",)).await.unwrap();
    let expected = Permissions {
        owner: 6,
        group: 4,
        other: 0,
        octal: "0640".into(),
    };
    assert_eq!(parsed, expected);
}

#[tokio::test]
async fn the_secret_opens_with_the_text_of_its_file() {
    let root = Scratch::new();
    let harness = localfs(&root).await;
    root.write("secrets/db", "hunter2");
    let secrets = harness.ephemeral::<Secret>("localfs_secret");
    let secret = |path: &str| Secret {
        path: Unknown::known(path.into()),
        renew_after_ms: Unknown::null(),
        journal: Unknown::known(Nullable::Value("journal".into())),
        value: Unknown::null(),
    };
    let mut open = secrets.open(&secret("secrets/db")).await.unwrap();
    assert_eq!(text(&open.result().value), Some("hunter2"));
    secrets.renew(&mut open).await.unwrap();
    secrets.close(open).await.unwrap();
    // Each line is appended through tokio's file, whose write may finish on the blocking
    // pool just after the answer: the journal is read until it has three lines, briefly.
    let mut journal = String::new();
    for _ in 0..100 {
        journal = root.read("journal").unwrap_or_default();
        if journal.lines().count() >= 3 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let actions: Vec<&str> = (journal.lines())
        .map(|l| l.split(' ').next().unwrap())
        .collect();
    assert_eq!(actions, ["open", "renew", "close"]);

    let errors = secrets.open(&secret("secrets/none")).await.unwrap_err();
    assert_eq!(shown(&errors), [".path: Secret file not found"]);
}
