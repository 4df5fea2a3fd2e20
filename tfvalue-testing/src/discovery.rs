//! Finding Terraform: `terraform` on `PATH`, the executables listed in
//! [`EXTRA_VAR`], and any an author names; one [`Terraform`] per distinct version. OpenTofu
//! counts as one: `tofu` on `PATH` too, each executable's CLI told by its `version -json`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use crate::opentofu::{read_version_json, terraform_features_of, Cli};
use crate::output::print_notice;

/// Environment variable listing further Terraform executables, separated like `PATH`
/// (`:` on Unix). Each must work: one that does not is a failure, not a skip.
pub const EXTRA_VAR: &str = "TFVALUE_TERRAFORM_EXTRA";

/// One Terraform executable and the version it reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Terraform {
    /// The executable.
    pub path: PathBuf,
    /// The version it reports, as in `1.11.4`.
    pub version: String,
    /// Whether it is Terraform or OpenTofu (told by its `version -json`).
    pub cli: Cli,
}

impl Terraform {
    /// The Terraform at `path`, asked for its version (`terraform version -json`).
    ///
    /// # Errors
    /// When it cannot be run or does not report a version; the message says why.
    pub fn at(path: impl Into<PathBuf>) -> Result<Terraform, String> {
        let path = path.into();
        let (version, cli) = version_of(&path)?;
        Ok(Terraform { path, version, cli })
    }

    /// Whether this Terraform is release `major.minor` or later (a version that does not
    /// parse counts as older). For OpenTofu, whether it has the provider features of
    /// Terraform `major.minor`: OpenTofu 1.10 has not Terraform 1.10's ephemeral resources,
    /// and no OpenTofu has Terraform 1.14's actions.
    pub fn at_least(&self, major: u64, minor: u64) -> bool {
        if self.cli == Cli::OpenTofu {
            return terraform_features_of(&self.version).is_some_and(|v| v >= (major, minor));
        }
        let mut parts = self.version.split('.').map(|p| p.parse::<u64>());
        match (parts.next(), parts.next()) {
            (Some(Ok(a)), Some(Ok(b))) => (a, b) >= (major, minor),
            _ => false,
        }
    }
}

/// Every distinct Terraform version available, found once per process, in the order
/// `terraform` on `PATH`, `tofu` on `PATH`, then the paths in [`EXTRA_VAR`] (Terraform or
/// OpenTofu; the same version of each is two).
///
/// # Panics
/// When a path listed in [`EXTRA_VAR`] does not work: a test run that asked for a
/// Terraform must not quietly run without it.
pub fn terraforms() -> &'static [Terraform] {
    static FOUND: OnceLock<Result<Vec<Terraform>, String>> = OnceLock::new();
    match FOUND.get_or_init(find_terraforms) {
        Ok(found) => found,
        Err(message) => panic!("{message}"),
    }
}

fn find_terraforms() -> Result<Vec<Terraform>, String> {
    let mut found: Vec<Terraform> = Vec::new();
    if let Some(path) = on_path("terraform") {
        match Terraform::at(path) {
            Ok(tf) => found.push(tf),
            Err(e) => eprintln!("note: ignoring `terraform` on PATH: {e}"),
        }
    }
    if let Some(path) = on_path("tofu") {
        match Terraform::at(path) {
            Ok(tofu) => found.push(tofu),
            Err(e) => eprintln!("note: ignoring `tofu` on PATH: {e}"),
        }
    }
    if let Some(extra) = std::env::var_os(EXTRA_VAR) {
        for path in std::env::split_paths(&extra).filter(|p| !p.as_os_str().is_empty()) {
            let tf = Terraform::at(&path).map_err(|e| {
                format!(
                    "{EXTRA_VAR} names {}, which does not work: {e}",
                    path.display()
                )
            })?;
            if !found
                .iter()
                .any(|f| f.version == tf.version && f.cli == tf.cli)
            {
                found.push(tf);
            }
        }
    }
    Ok(found)
}

fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
}

fn version_of(path: &Path) -> Result<(String, Cli), String> {
    let out = Command::new(path)
        .args(["version", "-json"])
        .env("CHECKPOINT_DISABLE", "1")
        .env_remove("TF_CLI_CONFIG_FILE")
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run it: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "`version -json` failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    read_version_json(&out.stdout)
}

/// Whether the environment says this is a CI run: `CI` set to anything but empty,
/// `false` or `0`.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0")
}

/// Runs `test` once per Terraform in `all`, each in a thread of its own, then fails naming
/// every version whose run panicked. With none: in CI ([`in_ci`]) a failure, elsewhere a
/// loud message straight to the process's stderr and no run. When every run passed, one
/// line on the process's stderr names the versions (`note: <test> passed with Terraform
/// 1.11.4, 1.15.5`), shown by `cargo test` for a passing test too.
///
/// # Panics
/// When a run panicked, or when there is no Terraform in CI.
pub fn each_terraform_of(all: &[Terraform], test_name: &str, test: impl Fn(&Terraform) + Sync) {
    each_terraform_ran(all, test_name, |tf| {
        test(tf);
        true
    });
}

/// [`each_terraform_of`] with a `test` that says whether it ran with a Terraform (`false`:
/// it skipped that one), for the line that names the versions.
pub(crate) fn each_terraform_ran(
    all: &[Terraform],
    test_name: &str,
    test: impl Fn(&Terraform) -> bool + Sync,
) {
    if all.is_empty() {
        let message =
            format!("no Terraform found: `terraform` is not on PATH and {EXTRA_VAR} names none");
        assert!(
            !in_ci(),
            "{test_name}: {message}; CI is set, so this is a failure"
        );
        skip_loudly(test_name, &message);
        return;
    }
    let mut failed: Vec<String> = Vec::new();
    let ran: Vec<(&Terraform, bool)> = std::thread::scope(|scope| {
        let handles: Vec<_> = all
            .iter()
            .map(|tf| {
                let spawned = std::thread::Builder::new()
                    .name(format!("{test_name} (Terraform {})", tf.version))
                    .spawn_scoped(scope, || test(tf));
                (tf, spawned)
            })
            .collect();
        handles
            .into_iter()
            .map(|(tf, spawned)| match spawned {
                Ok(h) => match h.join() {
                    Ok(ran) => Ok((tf, ran)),
                    Err(_) => Err(tf.version.clone()),
                },
                Err(e) => Err(format!("{} (no thread: {e})", tf.version)),
            })
            .collect::<Vec<_>>()
    })
    .into_iter()
    .filter_map(|outcome| match outcome {
        Ok(ran) => Some(ran),
        Err(version) => {
            failed.push(version);
            None
        }
    })
    .collect();
    assert!(
        failed.is_empty(),
        "{test_name} failed with Terraform {} (see the messages above)",
        failed.join(", ")
    );
    print_notice(&passed_line(test_name, &ran));
}

/// The line that names the Terraforms a passing test ran with, and those it skipped,
/// each CLI's name before its first version (`Terraform 1.11.4, 1.15.5, OpenTofu 1.10.0`).
fn passed_line(test_name: &str, ran: &[(&Terraform, bool)]) -> String {
    let versions = |wanted: bool| {
        let mut text = String::new();
        let mut cli = None;
        for (tf, _) in ran.iter().filter(|(_, r)| *r == wanted) {
            if !text.is_empty() {
                text.push_str(", ");
            }
            if cli != Some(tf.cli) {
                text.push_str(tf.cli.name());
                text.push(' ');
                cli = Some(tf.cli);
            }
            text.push_str(&tf.version);
        }
        text
    };
    let (with, skipped) = (versions(true), versions(false));
    match (with.is_empty(), skipped.is_empty()) {
        (false, true) => format!("{test_name} passed with {with}"),
        (false, false) => format!("{test_name} passed with {with} (skipped with {skipped})"),
        (true, _) => format!("{test_name} ran with none: skipped with {skipped}"),
    }
}

/// [`each_terraform_of`] over every Terraform found ([`terraforms`]).
///
/// # Panics
/// As [`each_terraform_of`] and [`terraforms`].
pub fn each_terraform(test_name: &str, test: impl Fn(&Terraform) + Sync) {
    each_terraform_of(terraforms(), test_name, test);
}

/// Prints a skip notice straight to the process's stderr: the test harness captures
/// `eprintln!` of passing tests, and a skip must be seen.
fn skip_loudly(test_name: &str, message: &str) {
    use std::io::Write as _;
    let bar = "!".repeat(78);
    // Ignored: if stderr is gone there is no one to tell.
    let _ = writeln!(
        std::io::stderr().lock(),
        "\n{bar}\n!!! SKIPPED Terraform test {test_name}:\n!!! {message}\n{bar}\n"
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_compare_by_major_and_minor() {
        let tf = |v: &str| Terraform {
            path: PathBuf::from("terraform"),
            version: v.to_owned(),
            cli: Cli::Terraform,
        };
        assert!(tf("1.11.4").at_least(1, 8));
        assert!(tf("1.11.4").at_least(1, 11));
        assert!(!tf("1.11.4").at_least(1, 12));
        assert!(tf("2.0.0").at_least(1, 99));
        assert!(!tf("dev").at_least(0, 1));
    }

    #[test]
    fn a_passing_run_names_its_versions() {
        let tf = |version: &str, cli: Cli| Terraform {
            path: PathBuf::from("terraform"),
            version: version.to_owned(),
            cli,
        };
        let (old, new) = (tf("1.11.4", Cli::Terraform), tf("1.15.5", Cli::Terraform));
        let tofu = tf("1.10.0", Cli::OpenTofu);
        assert_eq!(
            passed_line("t", &[(&old, true), (&new, true), (&tofu, true)]),
            "t passed with Terraform 1.11.4, 1.15.5, OpenTofu 1.10.0"
        );
        assert_eq!(
            passed_line("t", &[(&old, false), (&new, true)]),
            "t passed with Terraform 1.15.5 (skipped with Terraform 1.11.4)"
        );
        assert_eq!(
            passed_line("t", &[(&old, false)]),
            "t ran with none: skipped with Terraform 1.11.4"
        );
    }

    #[test]
    fn a_missing_executable_is_an_error_not_a_panic() {
        let error = Terraform::at("/nonexistent/terraform").unwrap_err();
        assert!(error.starts_with("cannot run it:"), "{error}");
    }
}
