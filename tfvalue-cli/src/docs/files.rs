//! The generated pages against the docs directory: written (and generated pages that no
//! longer exist removed), or compared for `--check`. Only `index.md` and the files in
//! the generated subdirectories (`resources/`, `functions/`, ...) are the generator's;
//! anything else there (guides, images) is left alone.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use super::pages::{GENERATED_DIRS, INDEX};

/// How a file of the docs directory differs from what is generated.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Drift {
    /// Generated, but the file's text differs.
    Stale(PathBuf),
    /// Generated, but there is no such file.
    Missing(PathBuf),
    /// A file where generated pages go that nothing generates.
    Extra(PathBuf),
}

/// How `--check` reports a drift: what is wrong with the file.
impl fmt::Display for Drift {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Drift::Stale(p) => write!(
                f,
                "{} is stale: its text differs from the generated page",
                p.display()
            ),
            Drift::Missing(p) => write!(f, "{} is missing", p.display()),
            Drift::Extra(p) => write!(
                f,
                "{} is not generated from the schema (no such type or function)",
                p.display()
            ),
        }
    }
}

impl Drift {
    /// How a run that writes reports the drift it mended: what it did to the file.
    pub(crate) fn done(&self) -> String {
        match self {
            Drift::Stale(p) => format!("updated {}", p.display()),
            Drift::Missing(p) => format!("wrote {} (new)", p.display()),
            Drift::Extra(p) => format!("removed {} (nothing generates it any more)", p.display()),
        }
    }
}

/// Every difference between `pages` and the docs directory `out`, by path.
pub(crate) fn check(out: &Path, pages: &BTreeMap<PathBuf, String>) -> Result<Vec<Drift>, String> {
    let mut drifts = Vec::new();
    for (path, text) in pages {
        let full = out.join(path);
        match std::fs::read(&full) {
            Ok(bytes) if bytes == text.as_bytes() => {}
            Ok(_) => drifts.push(Drift::Stale(path.clone())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                drifts.push(Drift::Missing(path.clone()))
            }
            Err(e) => return Err(format!("cannot read {}: {e}", full.display())),
        }
    }
    for path in generated_files(out)? {
        if !pages.contains_key(&path) {
            drifts.push(Drift::Extra(path));
        }
    }
    drifts.sort_by(|a, b| drift_path(a).cmp(drift_path(b)));
    Ok(drifts)
}

fn drift_path(d: &Drift) -> &Path {
    match d {
        Drift::Stale(p) | Drift::Missing(p) | Drift::Extra(p) => p,
    }
}

/// Writes every page under `out` (only those whose text changed) and removes the files
/// where generated pages go that nothing generates any more; returns what changed.
pub(crate) fn write(out: &Path, pages: &BTreeMap<PathBuf, String>) -> Result<Vec<Drift>, String> {
    let drifts = check(out, pages)?;
    for drift in &drifts {
        match drift {
            Drift::Stale(path) | Drift::Missing(path) => {
                let full = out.join(path);
                if let Some(dir) = full.parent() {
                    std::fs::create_dir_all(dir)
                        .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
                }
                std::fs::write(&full, &pages[path])
                    .map_err(|e| format!("cannot write {}: {e}", full.display()))?;
            }
            Drift::Extra(path) => {
                let full = out.join(path);
                std::fs::remove_file(&full)
                    .map_err(|e| format!("cannot remove {}: {e}", full.display()))?;
            }
        }
    }
    Ok(drifts)
}

/// The files of `out` that are the generator's, relative to `out`.
fn generated_files(out: &Path) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    if out.join(INDEX).is_file() {
        files.push(PathBuf::from(INDEX));
    }
    for dir in GENERATED_DIRS {
        let full = out.join(dir);
        let entries = match std::fs::read_dir(&full) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(format!("cannot read {}: {e}", full.display())),
        };
        for entry in entries {
            let entry = entry.map_err(|e| format!("cannot read {}: {e}", full.display()))?;
            files.push(Path::new(dir).join(entry.file_name()));
        }
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_then_check_then_drift() {
        let out =
            std::env::temp_dir().join(format!("tfvalue-cli-docs-files-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&out);
        std::fs::create_dir_all(out.join("guides")).expect("mkdir");
        std::fs::write(out.join("guides/intro.md"), "mine").expect("write");
        let mut pages = BTreeMap::new();
        pages.insert(PathBuf::from("index.md"), "index\n".to_owned());
        pages.insert(PathBuf::from("resources/a.md"), "a\n".to_owned());
        let written = write(&out, &pages).expect("writes");
        assert_eq!(
            written,
            [
                Drift::Missing("index.md".into()),
                Drift::Missing("resources/a.md".into())
            ]
        );
        assert_eq!(check(&out, &pages).expect("checks"), []);

        std::fs::write(out.join("resources/old.md"), "old").expect("write");
        pages.insert(PathBuf::from("resources/a.md"), "a, changed\n".to_owned());
        pages.insert(PathBuf::from("functions/f.md"), "f\n".to_owned());
        let drifts = check(&out, &pages).expect("checks");
        let lines: Vec<String> = drifts.iter().map(ToString::to_string).collect();
        assert_eq!(
            lines,
            [
                "functions/f.md is missing",
                "resources/a.md is stale: its text differs from the generated page",
                "resources/old.md is not generated from the schema (no such type or function)"
            ]
        );
        let done: Vec<String> = write(&out, &pages)
            .expect("writes")
            .iter()
            .map(Drift::done)
            .collect();
        assert_eq!(
            done,
            [
                "wrote functions/f.md (new)",
                "updated resources/a.md",
                "removed resources/old.md (nothing generates it any more)"
            ]
        );
        assert_eq!(check(&out, &pages).expect("checks"), []);
        assert!(!out.join("resources/old.md").exists());
        assert_eq!(
            std::fs::read_to_string(out.join("guides/intro.md")).expect("kept"),
            "mine"
        );
        let _ = std::fs::remove_dir_all(&out);
    }
}
