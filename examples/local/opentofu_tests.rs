//! The local provider under OpenTofu's client (1.10, 1.11, 1.12), emulated in process by
//! the harness (`Harness::opentofu`): files, data sources and its function work on each
//! release; its action is unreachable on every one, and its ephemeral command on 1.10.

use std::path::PathBuf;

use tfvalue::Unknown;
use tfvalue_provider::harness::{Harness, OpenTofu};

use crate::checksums::ChecksumAttributes;
use crate::data_file::FileData;
use crate::file::File;
use crate::{Config, Local};

async fn local(tofu: OpenTofu) -> Harness<Local> {
    let harness = Harness::new(Local)
        .expect("the types are declared rightly")
        .opentofu(tofu);
    harness.configure(&Config {}).await.unwrap();
    harness
}

/// A path of the test's own under the system's temporary directory.
fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("local-tofu-{}-{name}", std::process::id()))
}

#[tokio::test]
async fn files_data_sources_and_functions_work_on_every_opentofu() {
    for tofu in OpenTofu::ALL {
        let harness = local(tofu).await;
        let path = scratch(&tofu.version());
        let filename = path.display().to_string();
        let config = File {
            filename: Unknown::known(filename.clone()),
            content: Unknown::known(Some("hello".to_owned()).into()),
            content_base64: Unknown::null(),
            source: Unknown::null(),
            file_permission: Unknown::null(),
            directory_permission: Unknown::null(),
            sensitive_content: Unknown::null(),
            checksums: ChecksumAttributes::null(),
        };
        let files = harness.resource::<File>("local_file");
        let state = files.create(&config).await.unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).ok().as_deref(),
            Some("hello")
        );
        let data = FileData {
            filename: Unknown::known(filename),
            content: Unknown::null(),
            content_base64: Unknown::null(),
            checksums: ChecksumAttributes::null(),
        };
        let read = harness
            .data_source::<FileData>("local_file")
            .read(&data)
            .await
            .unwrap();
        assert_eq!(
            read.content.as_value().map(String::as_str),
            Some("hello"),
            "{tofu}"
        );
        let exists: bool = (harness.function("direxists"))
            .call((std::env::temp_dir().display().to_string(),))
            .await
            .unwrap();
        assert!(exists, "{tofu}");
        files.delete(&state).await.unwrap();
        assert!(!path.exists(), "{tofu}");
    }
}

#[tokio::test]
async fn the_command_action_is_unreachable_and_the_ephemeral_command_needs_1_11() {
    for tofu in OpenTofu::ALL {
        let harness = local(tofu).await;
        let unreachable: Vec<String> = (harness.unreachable().await.unwrap())
            .iter()
            .map(|u| format!("{} {}", u.kind, u.name))
            .collect();
        let mut expected = vec!["action type local_command".to_owned()];
        if !tofu.has_ephemeral() {
            expected.push("ephemeral resource type local_command".to_owned());
        }
        assert_eq!(unreachable, expected, "{tofu}");
    }
}
