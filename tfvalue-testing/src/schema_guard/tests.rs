//! Each verdict of the guard on schemas built here from models: the message of each
//! failure, and what blessing writes.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use tfvalue::{Nullable, TfSchema, Unknown};

use super::{Current, SchemaGuard};

/// What the reports name as the refreshing command.
const COMMAND: &str = "TFVALUE_BLESS=1 cargo test -p acme schema_guard::disks";

/// The first release's `acme_disk`: schema version 0.
mod v0 {
    use super::*;

    #[derive(TfSchema)]
    pub struct Disk {
        pub name: Unknown<String>,
        pub size: Unknown<Nullable<i64>>,
        #[tf(block(list))]
        pub part: Unknown<Vec<Part>>,
    }

    #[derive(TfSchema)]
    pub struct Part {
        pub size_gb: Unknown<i64>,
    }

    #[derive(TfSchema)]
    pub struct Identity {
        pub name: String,
    }
}

/// `size` removed.
mod removed {
    use super::*;

    #[derive(TfSchema)]
    pub struct Disk {
        pub name: Unknown<String>,
        #[tf(block(list))]
        pub part: Unknown<Vec<v0::Part>>,
    }
}

/// `part[*].size_gb` now a string.
mod retyped {
    use super::*;

    #[derive(TfSchema)]
    pub struct Disk {
        pub name: Unknown<String>,
        pub size: Unknown<Nullable<i64>>,
        #[tf(block(list))]
        pub part: Unknown<Vec<Part>>,
    }

    #[derive(TfSchema)]
    pub struct Part {
        pub size_gb: Unknown<String>,
    }
}

/// A required `zone` added and `size` made required.
mod required {
    use super::*;

    #[derive(TfSchema)]
    pub struct Disk {
        pub name: Unknown<String>,
        pub size: Unknown<i64>,
        pub zone: Unknown<String>,
        #[tf(block(list))]
        pub part: Unknown<Vec<v0::Part>>,
    }
}

/// `size` removed with the version bumped to 1.
mod bumped {
    use super::*;

    #[derive(TfSchema)]
    #[tf(version = 1)]
    pub struct Disk {
        pub name: Unknown<String>,
        #[tf(block(list))]
        pub part: Unknown<Vec<v0::Part>>,
    }
}

/// An optional `note` added: nothing stored breaks.
mod noted {
    use super::*;

    #[derive(TfSchema)]
    pub struct Disk {
        pub name: Unknown<String>,
        pub size: Unknown<Nullable<i64>>,
        pub note: Unknown<Nullable<String>>,
        #[tf(block(list))]
        pub part: Unknown<Vec<v0::Part>>,
    }
}

/// The identity's `name` now a number.
mod identity_retyped {
    use super::*;

    #[derive(TfSchema)]
    pub struct Identity {
        pub name: i64,
    }
}

/// The identity at version 1, `name` still a string.
mod identity_bumped {
    use super::*;

    #[derive(TfSchema)]
    #[tf(version = 1)]
    pub struct Identity {
        pub name: String,
    }
}

/// A fresh directory for goldens, removed when dropped.
struct Goldens(PathBuf);

impl std::ops::Deref for Goldens {
    type Target = PathBuf;

    fn deref(&self) -> &PathBuf {
        &self.0
    }
}

impl Drop for Goldens {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn goldens() -> Goldens {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "tfvalue-schema-guard-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    Goldens(dir)
}

/// A guard of the types `types` with the goldens in `dir`.
fn guard(dir: &Path, types: Vec<(&str, Current)>) -> SchemaGuard {
    SchemaGuard {
        types: Ok(types.into_iter().map(|(n, c)| (n.to_owned(), c)).collect()),
        goldens: dir.to_path_buf(),
    }
}

/// `acme_disk` of the model `M`, with upgrades from `upgrades`.
fn disk<M: TfSchema>(upgrades: &[i64]) -> Current {
    Current::new(M::schema(), upgrades.to_vec(), None)
}

/// `acme_disk` of the model `M` with the identity `I`.
fn disk_with_identity<M: TfSchema, I: TfSchema>(identity_upgrades: &[i64]) -> Current {
    Current::new(
        M::schema(),
        Vec::new(),
        Some((I::schema(), identity_upgrades.to_vec())),
    )
}

/// The goldens in `dir` written from `types`, as blessing writes them.
fn blessed(dir: &Path, types: Vec<(&str, Current)>) {
    guard(dir, types)
        .run(true, COMMAND)
        .expect("blessing writes every golden");
}

/// The report of comparing `current` with the golden of `golden`.
fn report(golden: Current, current: Current) -> String {
    let dir = goldens();
    blessed(&dir, vec![("acme_disk", golden)]);
    guard(&dir, vec![("acme_disk", current)])
        .run(false, COMMAND)
        .expect_err("the guard is to fail")
}

#[test]
fn an_unchanged_schema_passes() {
    let dir = goldens();
    blessed(&dir, vec![("acme_disk", disk::<v0::Disk>(&[]))]);
    let outcome = guard(&dir, vec![("acme_disk", disk::<v0::Disk>(&[]))]).run(false, COMMAND);
    assert_eq!(outcome, Ok(()));
}

#[test]
fn a_removed_attribute_without_a_bump_names_it_and_the_bump() {
    let report = report(disk::<v0::Disk>(&[]), disk::<removed::Disk>(&[]));
    assert!(
        report.starts_with("schema guard: 1 problem with the goldens in "),
        "{report}"
    );
    assert!(report.contains("resource type `acme_disk` ("), "{report}");
    assert!(
        report.contains("breaking for what users stored while the schema version stays 0:\n    `.size`: attribute removed\n"),
        "{report}"
    );
    assert!(
        report.contains(
            "what to do: set `#[tf(version = 1)]` on the resource's model (now 0, the default) \
             and add an upgrade from version 0 to the resource's `upgrades()` \
             (`Upgrades::new().from(0, <conversion from version 0's model>)`)"
        ),
        "{report}"
    );
}

#[test]
fn a_retyped_attribute_of_a_nested_block_is_named_by_its_path() {
    let report = report(disk::<v0::Disk>(&[]), disk::<retyped::Disk>(&[]));
    assert!(
        report.contains("`.part[*].size_gb`: type changed from number to string"),
        "{report}"
    );
    assert!(report.contains("set `#[tf(version = 1)]`"), "{report}");
}

#[test]
fn a_required_attribute_added_or_made_required_is_breaking() {
    let report = report(disk::<v0::Disk>(&[]), disk::<required::Disk>(&[]));
    assert!(
        report.contains(
            "`.zone`: required attribute added: states stored before hold no value for it"
        ),
        "{report}"
    );
    assert!(
        report.contains("`.size`: now required (was optional): states stored before may hold null"),
        "{report}"
    );
}

#[test]
fn a_bump_without_an_upgrade_from_the_golden_version_names_the_missing_upgrade() {
    let report = report(disk::<v0::Disk>(&[]), disk::<bumped::Disk>(&[]));
    assert!(
        report.contains(
            "the schema version went from 0 to 1, but no upgrade reads version 0 (versions \
             with an upgrade: none), so what users stored under the golden cannot be read. \
             Add one to the resource's `upgrades()`: `Upgrades::new().from(0, <conversion \
             from version 0's model>)`"
        ),
        "{report}"
    );
    assert!(
        !report.contains("`.size`"),
        "the bump is what to fix: {report}"
    );
}

#[test]
fn a_version_gone_down_is_refused() {
    let report = report(disk::<bumped::Disk>(&[0]), disk::<removed::Disk>(&[]));
    assert!(
        report.contains(
            "the schema version went down from 1 to 0: every state stored with version 1 is \
             newer than this provider can read. Restore `#[tf(version = 1)]`"
        ),
        "{report}"
    );
}

#[test]
fn a_bump_with_its_upgrade_leaves_the_golden_stale_until_blessed() {
    let report = report(disk::<v0::Disk>(&[]), disk::<bumped::Disk>(&[0]));
    assert!(
        report.contains(
            "resource type `acme_disk` changed without breaking stored states (the schema \
             version went from 0 to 1, with an upgrade from 0; `.size`: attribute removed): "
        ),
        "{report}"
    );
    assert!(
        report.ends_with(&format!(
            "acme_disk.json is to be refreshed with\n    {COMMAND}"
        )),
        "{report}"
    );
}

#[test]
fn a_compatible_change_leaves_the_golden_stale_and_blessing_rewrites_it() {
    let dir = goldens();
    blessed(&dir, vec![("acme_disk", disk::<v0::Disk>(&[]))]);
    let noted = || vec![("acme_disk", disk::<noted::Disk>(&[]))];
    let report = guard(&dir, noted()).run(false, COMMAND).unwrap_err();
    assert!(
        report.contains(
            "changed without breaking stored states (`.note`: attribute added (optional))"
        ),
        "{report}"
    );
    assert!(report.contains(COMMAND), "{report}");
    assert_eq!(guard(&dir, noted()).run(true, COMMAND), Ok(()));
    assert_eq!(guard(&dir, noted()).run(false, COMMAND), Ok(()));
    let written = std::fs::read_to_string(dir.join("acme_disk.json")).unwrap();
    assert!(written.contains("\"note\""), "{written}");
}

#[test]
fn a_missing_golden_asks_to_be_written() {
    let dir = goldens();
    let types = || vec![("acme_disk", disk::<v0::Disk>(&[]))];
    let report = guard(&dir, types()).run(false, COMMAND).unwrap_err();
    assert!(
        report.contains(&format!(
            "resource type `acme_disk` has no golden schema yet (a new resource type, or the \
             guard's first run): {} is to be refreshed with\n    {COMMAND}",
            dir.join("acme_disk.json").display()
        )),
        "{report}"
    );
    assert_eq!(guard(&dir, types()).run(true, COMMAND), Ok(()));
    assert!(dir.join("acme_disk.json").is_file());
    assert_eq!(guard(&dir, types()).run(false, COMMAND), Ok(()));
}

#[test]
fn a_golden_of_a_type_no_longer_served_is_reported_and_kept() {
    let dir = goldens();
    blessed(
        &dir,
        vec![
            ("acme_disk", disk::<v0::Disk>(&[])),
            ("acme_old", disk::<v0::Disk>(&[])),
        ],
    );
    let types = || vec![("acme_disk", disk::<v0::Disk>(&[]))];
    let report = guard(&dir, types()).run(true, COMMAND).unwrap_err();
    assert!(
        report.contains(&format!(
            "resource type `acme_old`: the golden {} records it, but the provider no longer \
             serves it",
            dir.join("acme_old.json").display()
        )),
        "{report}"
    );
    assert!(
        dir.join("acme_old.json").is_file(),
        "blessing deletes no golden"
    );
}

#[test]
fn a_breaking_change_is_not_blessed() {
    let dir = goldens();
    blessed(&dir, vec![("acme_disk", disk::<v0::Disk>(&[]))]);
    let before = std::fs::read_to_string(dir.join("acme_disk.json")).unwrap();
    let report = guard(&dir, vec![("acme_disk", disk::<removed::Disk>(&[]))])
        .run(true, COMMAND)
        .unwrap_err();
    assert!(report.contains("`.size`: attribute removed"), "{report}");
    let after = std::fs::read_to_string(dir.join("acme_disk.json")).unwrap();
    assert_eq!(before, after);
}

#[test]
fn a_retyped_identity_attribute_asks_for_an_identity_bump() {
    let report = report(
        disk_with_identity::<v0::Disk, v0::Identity>(&[]),
        disk_with_identity::<v0::Disk, identity_retyped::Identity>(&[]),
    );
    assert!(
        report.contains(
            "breaking for what users stored while the identity version stays 0:\n    \
             `.name`: identity attribute type changed from string to number\n"
        ),
        "{report}"
    );
    assert!(
        report.contains("set `#[tf(version = 1)]` on the identity's model (now 0, the default) and add an upgrade from version 0 to the resource's `identity_upgrades()`"),
        "{report}"
    );
}

#[test]
fn an_identity_no_longer_served_is_reported() {
    let report = report(
        disk_with_identity::<v0::Disk, v0::Identity>(&[]),
        disk::<v0::Disk>(&[]),
    );
    assert!(
        report.contains(
            "the identity is no longer served, but states stored under the golden hold one. \
             Serve it again (`.with_identity()` where the type is registered)"
        ),
        "{report}"
    );
}

#[test]
fn an_unreadable_golden_is_reported_and_not_overwritten() {
    let dir = goldens();
    std::fs::write(dir.join("acme_disk.json"), "{\"resource_schema\":{}}").unwrap();
    let report = guard(&dir, vec![("acme_disk", disk::<v0::Disk>(&[]))])
        .run(true, COMMAND)
        .unwrap_err();
    assert!(
        report.contains(
            "acme_disk.json is not a golden schema: expected {\"resource_schema\":{\"version\":N,\"block\":{…}}}"
        ),
        "{report}"
    );
    assert!(
        report.contains("found {\"resource_schema\":{}}"),
        "{report}"
    );
    std::fs::write(dir.join("acme_disk.json"), "not json").unwrap();
    let report = guard(&dir, vec![("acme_disk", disk::<v0::Disk>(&[]))])
        .run(false, COMMAND)
        .unwrap_err();
    assert!(
        report.contains("is not a golden schema: invalid JSON: "),
        "{report}"
    );
}

#[test]
fn a_provider_declared_wrongly_is_reported_with_its_problems() {
    let dir = goldens();
    let guard = SchemaGuard {
        types: Err(vec![
            "resource type \"acme_disk\" is registered twice".to_owned()
        ]),
        goldens: dir.to_path_buf(),
    };
    let report = guard.run(false, COMMAND).unwrap_err();
    assert!(
        report.contains(
            "the provider's types are declared wrongly, so their schemas cannot be compared \
             with the goldens in "
        ),
        "{report}"
    );
    assert!(
        report.ends_with(":\n  resource type \"acme_disk\" is registered twice"),
        "{report}"
    );
}

#[test]
fn an_identity_bump_without_its_upgrade_names_the_identity_upgrade() {
    let report = report(
        disk_with_identity::<v0::Disk, v0::Identity>(&[]),
        disk_with_identity::<v0::Disk, identity_bumped::Identity>(&[]),
    );
    assert!(
        report.contains(
            "the identity version went from 0 to 1, but no upgrade reads version 0 (versions \
             with an upgrade: none), so what users stored under the golden cannot be read. \
             Add one to the resource's `identity_upgrades()`"
        ),
        "{report}"
    );
    let accepted = report_or_ok(
        disk_with_identity::<v0::Disk, v0::Identity>(&[]),
        disk_with_identity::<v0::Disk, identity_bumped::Identity>(&[0]),
    );
    assert!(
        accepted.contains("the identity version went from 0 to 1, with an upgrade from 0"),
        "{accepted}"
    );
}

/// The report of comparing `current` with the golden of `golden`, or "passed".
fn report_or_ok(golden: Current, current: Current) -> String {
    let dir = goldens();
    blessed(&dir, vec![("acme_disk", golden)]);
    match guard(&dir, vec![("acme_disk", current)]).run(false, COMMAND) {
        Ok(()) => "passed".to_owned(),
        Err(report) => report,
    }
}
