//! Unit tests of the random provider, through the in-process harness: each runs the RPCs
//! Terraform would (validate, plan, apply, import, open ...) and checks what upstream's
//! acceptance tests check of the values drawn.

use tfvalue::path::AttributePath;
use tfvalue::{Nullable, Unknown};
use tfvalue_provider::harness::{Change, Harness};
use tfvalue_provider::Diagnostics;

use super::ephemeral_password::EphemeralPasswordModel;
use super::integer::Integer;
use super::password::Password;
use super::pet::Pet;
use super::string::{RandomString, StringSettings};
use super::uuid::Uuid;
use super::{Config, KeeperMap, Keepers, Random};

/// The special characters of `random_string` and `random_password` unless overridden.
const SPECIAL: &str = "!@#$%&*()-_=+[]{}<>:?";

async fn random() -> Harness<Random> {
    let harness = Harness::new(Random).expect("the types are declared rightly");
    harness.configure(&Config {}).await.unwrap();
    harness
}

fn keepers(pairs: &[(&str, &str)]) -> Keepers {
    let map: KeeperMap = (pairs.iter())
        .map(|(k, v)| {
            (
                (*k).to_owned(),
                Unknown::known(Nullable::Value((*v).to_owned())),
            )
        })
        .collect();
    Unknown::known(Nullable::Value(map))
}

/// The settings of `length` characters, everything else as configurations leave it.
fn settings(length: i64) -> StringSettings {
    StringSettings {
        keepers: Unknown::null(),
        length: Unknown::known(length),
        special: Unknown::null(),
        upper: Unknown::null(),
        lower: Unknown::null(),
        number: Unknown::null(),
        numeric: Unknown::null(),
        min_numeric: Unknown::null(),
        min_upper: Unknown::null(),
        min_lower: Unknown::null(),
        min_special: Unknown::null(),
        override_special: Unknown::null(),
    }
}

/// A `random_string` of `length` characters, everything else as configurations leave it.
fn string(length: i64) -> RandomString {
    string_with(settings(length))
}

/// A `random_string` with these settings.
fn string_with(settings: StringSettings) -> RandomString {
    RandomString {
        settings,
        result: Unknown::null(),
        id: Unknown::null(),
    }
}

fn integer(min: i64, max: i64, seed: Option<&str>) -> Integer {
    Integer {
        keepers: Unknown::null(),
        min: Unknown::known(min),
        max: Unknown::known(max),
        seed: Unknown::known(seed.map(str::to_owned).into()),
        result: Unknown::null(),
        id: Unknown::null(),
    }
}

fn uuid() -> Uuid {
    Uuid {
        keepers: Unknown::null(),
        result: Unknown::null(),
        id: Unknown::null(),
    }
}

fn set(value: i64) -> Unknown<Nullable<i64>> {
    Unknown::known(Nullable::Value(value))
}

fn flag(value: bool) -> Unknown<Nullable<bool>> {
    Unknown::known(Nullable::Value(value))
}

fn result(value: &Unknown<Nullable<String>>) -> &str {
    value.as_value().map_or("", String::as_str)
}

/// Each diagnostic as `path: summary`.
fn shown(diagnostics: &Diagnostics) -> Vec<String> {
    (diagnostics.iter())
        .map(|d| {
            let at = d.attribute().map(ToString::to_string).unwrap_or_default();
            format!("{at}: {}", d.summary())
        })
        .collect()
}

#[tokio::test]
async fn a_string_has_its_length_from_every_class_by_default() {
    let harness = random().await;
    let strings = harness.resource::<RandomString>("random_string");
    let planned = strings.plan(None, &string(64)).await.unwrap();
    let plan = planned.state().unwrap();
    // The defaults are planned; the result is known after apply.
    assert_eq!(
        (plan.settings.special.clone(), plan.settings.numeric.clone()),
        (flag(true), flag(true))
    );
    assert_eq!(plan.settings.number, flag(true), "number follows numeric");
    assert_eq!(plan.settings.min_upper, set(0));
    assert!(plan.result.is_unknown());

    let state = strings.apply(&planned).await.unwrap().unwrap();
    let text = result(&state.result);
    assert_eq!(text.chars().count(), 64);
    assert_eq!(state.id, state.result);
    assert!(text
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || SPECIAL.contains(c)));
}

#[tokio::test]
async fn a_string_keeps_to_its_classes_and_minimums() {
    let harness = random().await;
    let strings = harness.resource::<RandomString>("random_string");
    let lower_only = string_with(StringSettings {
        special: flag(false),
        upper: flag(false),
        numeric: flag(false),
        ..settings(40)
    });
    let state = strings.create(&lower_only).await.unwrap();
    assert!(result(&state.result)
        .chars()
        .all(|c| c.is_ascii_lowercase()));

    let minimums = string_with(StringSettings {
        min_upper: set(3),
        min_lower: set(2),
        min_numeric: set(4),
        min_special: set(3),
        override_special: Unknown::known(Nullable::Value("_".into())),
        ..settings(12)
    });
    let state = strings.create(&minimums).await.unwrap();
    let text = result(&state.result);
    let count = |f: fn(&char) -> bool| text.chars().filter(f).count();
    assert!(count(char::is_ascii_uppercase) >= 3, "{text}");
    assert!(count(char::is_ascii_lowercase) >= 2, "{text}");
    assert!(count(char::is_ascii_digit) >= 4, "{text}");
    assert!(count(|c| *c == '_') >= 3, "{text}");
    assert!(text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
}

#[tokio::test]
async fn lengths_are_validated_before_anything_is_drawn() {
    let harness = random().await;
    let strings = harness.resource::<RandomString>("random_string");
    let errors = strings.validate(&string(0)).await.unwrap_err();
    assert_eq!(shown(&errors), [".length: Invalid Attribute Value"]);
    let detail = errors.iter().next().unwrap().detail();
    assert!(detail.contains("at least 1, got: 0"), "{detail}");

    // Shorter than the characters its minimums ask for.
    let short = string_with(StringSettings {
        min_upper: set(3),
        min_numeric: set(3),
        ..settings(5)
    });
    let errors = strings.create(&short).await.unwrap_err();
    assert_eq!(shown(&errors), [".length: Invalid Attribute Value"]);
}

#[tokio::test]
async fn a_password_is_hashed_with_bcrypt() {
    let harness = random().await;
    let passwords = harness.resource::<Password>("random_password");
    let config = Password {
        settings: settings(20),
        result: Unknown::null(),
        bcrypt_hash: Unknown::null(),
        id: Unknown::null(),
    };
    let state = passwords.create(&config).await.unwrap();
    let password = result(&state.result);
    assert_eq!(password.chars().count(), 20);
    assert_eq!(result(&state.id), "none", "upstream's id of a password");
    assert!(bcrypt::verify(password, result(&state.bcrypt_hash)).unwrap());
}

#[tokio::test]
async fn an_integer_stays_in_its_bounds_and_a_seed_repeats_it() {
    let harness = random().await;
    let integers = harness.resource::<Integer>("random_integer");
    for _ in 0..20 {
        let state = integers.create(&integer(1, 3, None)).await.unwrap();
        let n = *state.result.as_value().unwrap();
        assert!((1..=3).contains(&n), "{n}");
        assert_eq!(result(&state.id), n.to_string());
    }
    let first = integers
        .create(&integer(0, 1_000_000, Some("seed")))
        .await
        .unwrap();
    let again = integers
        .create(&integer(0, 1_000_000, Some("seed")))
        .await
        .unwrap();
    assert_eq!(first.result, again.result);

    let errors = integers.create(&integer(3, 1, None)).await.unwrap_err();
    assert_eq!(shown(&errors), [": Create Random Integer Error"]);
}

#[tokio::test]
async fn changed_keepers_replace_the_object_and_a_new_result_is_drawn() {
    let harness = random().await;
    let strings = harness.resource::<RandomString>("random_string");
    let first = string_with(StringSettings {
        keepers: keepers(&[("ami", "ami-1")]),
        ..settings(32)
    });
    let state = strings.create(&first).await.unwrap();

    // The same configuration: nothing to do, the result stays.
    let planned = strings.plan(Some(&state), &first).await.unwrap();
    assert_eq!(planned.change(), Change::NoOp);

    let second = string_with(StringSettings {
        keepers: keepers(&[("ami", "ami-2")]),
        ..settings(32)
    });
    let planned = strings.plan(Some(&state), &second).await.unwrap();
    assert_eq!(planned.change(), Change::Replace);
    assert!(planned
        .requires_replace()
        .contains(&AttributePath::root().attr("keepers")));
    let replaced = strings.update(&state, &second).await.unwrap();
    assert_ne!(replaced.result, state.result);
    assert_eq!(replaced.settings.keepers, second.settings.keepers);
}

#[tokio::test]
async fn uuids_have_the_uuid_form_and_their_version() {
    let harness = random().await;
    let form = |text: &str| {
        let groups: Vec<usize> = text.split('-').map(str::len).collect();
        groups == [8, 4, 4, 4, 12]
            && text
                .chars()
                .all(|c| c == '-' || c.is_ascii_digit() || ('a'..='f').contains(&c))
    };
    for (type_name, version) in [
        ("random_uuid", None),
        ("random_uuid4", Some('4')),
        ("random_uuid7", Some('7')),
    ] {
        let state = harness
            .resource::<Uuid>(type_name)
            .create(&uuid())
            .await
            .unwrap();
        let text = result(&state.result);
        assert!(form(text), "{type_name}: {text}");
        assert_eq!(state.id, state.result);
        if let Some(version) = version {
            assert_eq!(text.chars().nth(14), Some(version), "{type_name}: {text}");
        }
    }
}

#[tokio::test]
async fn strings_and_integers_import_by_their_value() {
    let harness = random().await;
    let strings = harness.resource::<RandomString>("random_string");
    let imported = strings.import("Xy-3z").await.unwrap();
    assert_eq!(imported.len(), 1);
    assert_eq!(result(&imported[0].result), "Xy-3z");
    assert_eq!(imported[0].settings.length, Unknown::known(5));
    assert_eq!(imported[0].settings.special, flag(true));

    let integers = harness.resource::<Integer>("random_integer");
    let imported = integers.import("5,1,10,s").await.unwrap();
    let n = &imported[0];
    assert_eq!(
        (n.result.as_value(), n.min.clone(), n.max.clone()),
        (Some(&5), Unknown::known(1), Unknown::known(10))
    );
    assert_eq!(n.seed, Unknown::known(Nullable::Value("s".to_owned())));
    let errors = integers.import("5,1").await.unwrap_err();
    assert_eq!(shown(&errors), [": Import Random Integer Error"]);
}

#[tokio::test]
async fn the_ephemeral_password_opens_with_a_fresh_password() {
    let harness = random().await;
    let passwords = harness.ephemeral::<EphemeralPasswordModel>("random_password");
    let config = EphemeralPasswordModel {
        length: Unknown::known(24),
        special: Unknown::null(),
        upper: Unknown::null(),
        lower: Unknown::null(),
        numeric: Unknown::null(),
        min_numeric: Unknown::null(),
        min_upper: Unknown::null(),
        min_lower: Unknown::null(),
        min_special: set(4),
        override_special: Unknown::null(),
        result: Unknown::null(),
        bcrypt_hash: Unknown::null(),
    };
    let open = passwords.open(&config).await.unwrap();
    let opened = open.result();
    let password = result(&opened.result);
    assert_eq!(password.chars().count(), 24);
    assert!(password.chars().filter(|c| SPECIAL.contains(*c)).count() >= 4);
    assert!(bcrypt::verify(password, result(&opened.bcrypt_hash)).unwrap());
    // The settings left out are answered with their defaults.
    assert_eq!(
        (opened.upper.clone(), opened.min_upper.clone()),
        (flag(true), set(0))
    );

    let again = passwords.open(&config).await.unwrap();
    assert_ne!(
        result(&again.result().result),
        password,
        "drawn at each open"
    );
    passwords.close(open).await.unwrap();
}

#[tokio::test]
async fn a_pet_name_has_its_words_prefix_and_separator() {
    let harness = random().await;
    let pets = harness.resource::<Pet>("random_pet");
    let config = |length: Option<i64>, prefix: Option<&str>, separator: Option<&str>| Pet {
        keepers: Unknown::null(),
        length: Unknown::known(length.into()),
        prefix: Unknown::known(prefix.map(str::to_owned).into()),
        separator: Unknown::known(separator.map(str::to_owned).into()),
        id: Unknown::null(),
    };
    // The defaults: two words joined by "-".
    let pet = pets.create(&config(None, None, None)).await.unwrap();
    assert_eq!(pet.length, set(2));
    let name = result(&pet.id);
    assert_eq!(name.split('-').count(), 2, "{name}");
    assert!(
        name.chars().all(|c| c == '-' || c.is_ascii_lowercase()),
        "{name}"
    );

    let pet = pets
        .create(&config(Some(3), Some("web"), Some("_")))
        .await
        .unwrap();
    let name = result(&pet.id);
    let words: Vec<&str> = name.split('_').collect();
    assert_eq!(words.len(), 4, "{name}");
    assert_eq!(words[0], "web");
}
