//! The localfs provider under OpenTofu's client (1.10, 1.11, 1.12), emulated in process by
//! the harness (`Harness::opentofu`): what each release reaches works, and what it never
//! reaches (the list resource, the action, the secret before 1.11, identities before 1.12)
//! is reported as unreachable rather than passed.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};

use tfvalue::{Nullable, Unknown};
use tfvalue_provider::harness::{Harness, OpenTofu};
use tfvalue_provider::Diagnostics;

use super::append::Append;
use super::file::File;
use super::file_identity::{FileIdentity, FileQuery};
use super::secret::Secret;
use super::{Config, LocalFs};

/// A directory of the test's own, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Scratch {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("localfs-tofu-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn read(&self, rel: &str) -> Option<String> {
        std::fs::read_to_string(self.0.join(rel)).ok()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The provider as `tofu` configures it, working in `root`.
async fn localfs(tofu: OpenTofu, root: &Scratch) -> Harness<LocalFs> {
    let harness = Harness::new(LocalFs)
        .expect("the types are declared rightly")
        .opentofu(tofu);
    let config = Config {
        root: root.0.display().to_string(),
        write_delay_ms: Nullable::Null,
    };
    harness.configure(&config).await.unwrap();
    harness
}

fn file(path: &str, content: &str) -> File {
    File {
        content: Some(content.to_owned()).into(),
        ..File::at(path.to_owned())
    }
}

fn errors(diagnostics: &Diagnostics) -> Vec<String> {
    (diagnostics.iter())
        .map(|d| format!("{}: {}", d.summary(), d.detail()))
        .collect()
}

#[tokio::test]
async fn files_and_functions_work_on_every_opentofu() {
    for tofu in OpenTofu::ALL {
        let root = Scratch::new();
        let harness = localfs(tofu, &root).await;
        let files = harness.resource::<File>("localfs_file");
        let state = files.create(&file("a.txt", "one")).await.unwrap();
        assert_eq!(root.read("a.txt").as_deref(), Some("one"), "{tofu}");
        let state = files.update(&state, &file("a.txt", "two")).await.unwrap();
        assert_eq!(root.read("a.txt").as_deref(), Some("two"), "{tofu}");
        let read = files.read(&state).await.unwrap().expect("still there");
        assert_eq!(read.content, state.content, "{tofu}");
        let imported = files.import("a.txt").await.unwrap();
        assert_eq!(imported.len(), 1, "{tofu}");
        files.delete(&state).await.unwrap();
        assert_eq!(root.read("a.txt"), None, "{tofu}");

        let joined: String = (harness.function("join_path"))
            .call(("etc", "app.conf"))
            .await
            .unwrap();
        assert_eq!(joined, "etc/app.conf", "{tofu}");
    }
}

#[tokio::test]
async fn identities_are_kept_and_imported_by_from_opentofu_1_12_only() {
    for tofu in OpenTofu::ALL {
        let root = Scratch::new();
        let harness = localfs(tofu, &root).await;
        let files = harness.resource::<File>("localfs_file");
        let state = files.create(&file("b.txt", "x")).await.unwrap();
        let identity = files.identity::<FileIdentity>(&state).await.unwrap();
        let by_identity = FileIdentity {
            path: "b.txt".into(),
            root: Nullable::Null,
        };
        let imported = files.import_by_identity(&by_identity).await;
        if tofu.has_identity() {
            assert_eq!(identity.map(|i| i.path).as_deref(), Some("b.txt"), "{tofu}");
            assert_eq!(imported.unwrap().len(), 1, "{tofu}");
        } else {
            assert!(identity.is_none(), "{tofu} keeps no identity: {identity:?}");
            assert_eq!(
                errors(&imported.unwrap_err()),
                [format!(
                    "Unreachable on {tofu}: The identity of the resource type \"localfs_file\" \
                     cannot be used with {tofu}: OpenTofu asks for identity schemas, keeps \
                     identities and imports by identity from 1.12 on, and this is {}. A test \
                     of it under this client tests nothing a user of {tofu} can reach.",
                    tofu.version()
                )]
            );
        }
    }
}

#[tokio::test]
async fn the_secret_and_write_only_content_need_opentofu_1_11() {
    for tofu in OpenTofu::ALL {
        let root = Scratch::new();
        std::fs::write(root.0.join("db"), "hunter2").unwrap();
        let harness = localfs(tofu, &root).await;
        let secrets = harness.ephemeral::<Secret>("localfs_secret");
        let secret = Secret {
            path: Unknown::known("db".into()),
            renew_after_ms: Unknown::null(),
            journal: Unknown::null(),
            value: Unknown::null(),
        };
        let opened = secrets.open(&secret).await;
        let written = (harness.resource::<File>("localfs_file"))
            .create(&File {
                content_wo: Some("s3cret".to_owned()).into(),
                content_wo_version: Some(1).into(),
                ..File::at("db.conf".to_owned())
            })
            .await;
        if tofu.has_ephemeral() {
            let opened = opened.unwrap();
            let value = opened.result().value.as_value().map(String::as_str);
            assert_eq!(value, Some("hunter2"), "{tofu}");
            secrets.close(opened).await.unwrap();
            written.unwrap();
            assert_eq!(root.read("db.conf").as_deref(), Some("s3cret"), "{tofu}");
        } else {
            let Err(opened) = opened else {
                panic!("{tofu} opened the secret")
            };
            let opened = errors(&opened);
            assert_eq!(opened.len(), 1);
            assert!(
                opened[0].starts_with(
                    "Unreachable on OpenTofu 1.10.10: The ephemeral resource type \
                     \"localfs_secret\" cannot be used with OpenTofu 1.10.10: OpenTofu calls \
                     ephemeral resources from 1.11 on"
                ),
                "{opened:?}"
            );
            // OpenTofu 1.10 sends no client capabilities: write-only attributes are refused.
            let written = written.unwrap_err();
            let summaries: Vec<&str> = written.iter().map(|d| d.summary()).collect();
            assert_eq!(summaries, ["Write-only Attribute Not Allowed"]);
            assert_eq!(root.read("db.conf"), None);
        }
    }
}

#[tokio::test]
async fn the_list_resource_and_the_action_are_unreachable_on_every_opentofu() {
    for tofu in OpenTofu::ALL {
        let root = Scratch::new();
        let harness = localfs(tofu, &root).await;
        let mut unreachable: Vec<String> = (harness.unreachable().await.unwrap())
            .iter()
            .map(|u| format!("{} {}", u.kind, u.name))
            .collect();
        unreachable.sort();
        let mut expected = vec![
            "action type localfs_append",
            "list resource type localfs_file",
        ];
        if !tofu.has_ephemeral() {
            expected.push("ephemeral resource type localfs_secret");
        }
        if !tofu.has_identity() {
            expected.push("identity of the resource type localfs_file");
            expected.push("identity of the resource type localfs_text_file");
        }
        expected.sort();
        assert_eq!(unreachable, expected, "{tofu}");

        let query = FileQuery {
            directory: Nullable::Null,
            suffix: Nullable::Null,
        };
        let listed = harness
            .list::<File, FileIdentity>("localfs_file")
            .list(&query)
            .await;
        let Err(listed) = listed else {
            panic!("{tofu} listed files")
        };
        let listed = errors(&listed);
        assert!(
            listed[0].contains("OpenTofu never calls ListResource"),
            "{listed:?}"
        );
        let append = Append {
            path: Unknown::known("log".into()),
            lines: Unknown::known(vec!["a".into()]),
            must_exist: Unknown::null(),
        };
        let invoked = harness
            .action::<Append>("localfs_append")
            .invoke(&append)
            .await;
        let Err(invoked) = invoked else {
            panic!("{tofu} invoked the action")
        };
        let invoked = errors(&invoked.diagnostics);
        assert!(
            invoked[0].contains("OpenTofu never calls the action RPCs"),
            "{invoked:?}"
        );
        assert_eq!(root.read("log"), None, "{tofu}: the action ran");
    }
}
