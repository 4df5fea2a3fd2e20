//! The random provider under OpenTofu's client (1.10, 1.11, 1.12), emulated in process by
//! the harness (`Harness::opentofu`): its resources work on each release, and its
//! ephemeral resources are reported unreachable on 1.10, which never calls them.

use tfvalue::Unknown;
use tfvalue_provider::harness::{Harness, OpenTofu};

use super::ephemeral_password::EphemeralPasswordModel;
use super::pet::Pet;
use super::{Config, Random};

async fn random(tofu: OpenTofu) -> Harness<Random> {
    let harness = Harness::new(Random)
        .expect("the types are declared rightly")
        .opentofu(tofu);
    harness.configure(&Config {}).await.unwrap();
    harness
}

fn password(length: i64) -> EphemeralPasswordModel {
    EphemeralPasswordModel {
        length: Unknown::known(length),
        special: Unknown::null(),
        upper: Unknown::null(),
        lower: Unknown::null(),
        numeric: Unknown::null(),
        min_numeric: Unknown::null(),
        min_upper: Unknown::null(),
        min_lower: Unknown::null(),
        min_special: Unknown::null(),
        override_special: Unknown::null(),
        result: Unknown::null(),
        bcrypt_hash: Unknown::null(),
    }
}

#[tokio::test]
async fn a_pet_is_created_read_and_destroyed_on_every_opentofu() {
    for tofu in OpenTofu::ALL {
        let harness = random(tofu).await;
        let pets = harness.resource::<Pet>("random_pet");
        let config = Pet {
            keepers: Unknown::null(),
            length: Unknown::known(Some(3).into()),
            prefix: Unknown::null(),
            separator: Unknown::null(),
            id: Unknown::null(),
        };
        let pet = pets.create(&config).await.unwrap();
        let id = pet.id.as_value().cloned().unwrap_or_default();
        assert_eq!(id.split('-').count(), 3, "{tofu}: {id}");
        let read = pets.read(&pet).await.unwrap().expect("kept");
        assert_eq!(read.id, pet.id, "{tofu}");
        pets.delete(&pet).await.unwrap();
    }
}

#[tokio::test]
async fn ephemeral_passwords_open_from_opentofu_1_11_and_are_unreachable_before() {
    for tofu in OpenTofu::ALL {
        let harness = random(tofu).await;
        let passwords = harness.ephemeral::<EphemeralPasswordModel>("random_password");
        let opened = passwords.open(&password(20)).await;
        let unreachable: Vec<String> = (harness.unreachable().await.unwrap())
            .iter()
            .map(ToString::to_string)
            .collect();
        if tofu.has_ephemeral() {
            let opened = opened.unwrap();
            let result = opened
                .result()
                .result
                .as_value()
                .cloned()
                .unwrap_or_default();
            assert_eq!(result.chars().count(), 20, "{tofu}");
            passwords.close(opened).await.unwrap();
            assert_eq!(unreachable, Vec::<String>::new(), "{tofu}");
        } else {
            let Err(error) = opened else {
                panic!("{tofu} opened the password")
            };
            let summaries: Vec<&str> = error.iter().map(|d| d.summary()).collect();
            assert_eq!(summaries, ["Unreachable on OpenTofu 1.10.10"]);
            let why = "OpenTofu calls ephemeral resources from 1.11 on, and this is 1.10.10";
            assert_eq!(
                unreachable,
                [
                    format!("the ephemeral resource type \"random_bytes\": {why}"),
                    format!("the ephemeral resource type \"random_password\": {why}"),
                ]
            );
        }
    }
}
