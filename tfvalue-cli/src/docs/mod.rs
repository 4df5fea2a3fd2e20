//! `tfvalue-cli docs`: a provider's registry documentation (`docs/index.md`,
//! `docs/resources/*.md`, `data-sources/`, `ephemeral-resources/`, `list-resources/`,
//! `actions/`, `functions/`) generated from its schema, as terraform-plugin-docs
//! generates it for providers written in Go.
//!
//! The schema comes from the provider executable (`--provider-binary`, run with
//! `--schema-json`, which every provider built on tfvalue-provider answers) or from a
//! file (`--schema`) that `terraform providers schema -json` printed. The pieces:
//! `providers_json.rs` reads the schema, `schema_md.rs` renders a `## Schema` section,
//! `function_md.rs` a function's signature and arguments, `type_names.rs` names types,
//! `identity_md.rs` a resource identity, `plain.rs` turns Markdown into the front matter's
//! text, `example_dirs.rs` checks that each examples directory names a type or function,
//! `pages.rs` assembles the pages with the examples, and `files.rs` writes them or
//! compares them (`--check`).

use std::path::{Path, PathBuf};
use std::process::Command;

mod example_dirs;
mod files;
mod function_md;
mod identity_md;
mod pages;
mod plain;
mod providers_json;
mod schema_md;
mod type_names;

/// The synopsis of `docs`, in the help's USAGE list. (Each line is written out with its
/// indentation: a `\` line continuation would drop the leading spaces of the next line.)
pub(crate) const SYNOPSIS: &str = concat!(
    "    tfvalue-cli docs (--provider-binary PATH | --schema FILE) --provider-name NAME\n",
    "                     [--rendered-provider-name TEXT] [--examples DIR] --out DIR [--check]\n",
);

/// What `docs` does, in the help's list of commands.
pub(crate) const HELP: &str = concat!(
    "docs     writes a provider's registry documentation into the directory --out:\n",
    "         index.md, resources/, data-sources/, ephemeral-resources/,\n",
    "         list-resources/, actions/, functions/ (other files there are left alone),\n",
    "         and says what it wrote, updated or removed.\n",
    "         The schema comes from --provider-binary (a provider built on\n",
    "         tfvalue-provider, run with --schema-json) or from --schema (what\n",
    "         `terraform providers schema -json` printed; the provider is the one whose\n",
    "         address ends in /NAME). NAME is the provider's type name (the prefix of its\n",
    "         type names); --rendered-provider-name is how the pages name it (default NAME).\n",
    "         --examples is a directory in the registry layout: provider/provider.tf,\n",
    "         resources/<type>/resource.tf (and import.sh, import-by-string-id.tf,\n",
    "         import-by-identity.tf), data-sources/<type>/data-source.tf,\n",
    "         ephemeral-resources/<type>/ephemeral-resource.tf,\n",
    "         list-resources/<type>/list-resource.tfquery.hcl, actions/<type>/action.tf,\n",
    "         functions/<name>/function.tf (each page takes every <kind>*.tf there);\n",
    "         a directory there named after no type or function of the schema is an error.\n",
    "         --check writes nothing; it fails, naming each stale, missing or extra page,\n",
    "         when the directory differs from what would be generated.\n",
);
/// Why `docs` failed.
#[derive(Debug)]
pub(crate) enum DocsError {
    /// The command line is wrong.
    Usage(String),
    /// The work failed, or `--check` found differences.
    Failed(String),
}

impl std::fmt::Display for DocsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DocsError::Usage(m) | DocsError::Failed(m) => f.write_str(m),
        }
    }
}

/// The options of one run.
struct Options {
    source: Source,
    provider_name: String,
    rendered_name: Option<String>,
    examples: Option<PathBuf>,
    out: PathBuf,
    check: bool,
}

enum Source {
    Binary(PathBuf),
    File(PathBuf),
}

/// Runs `docs` with its arguments (those after `docs`).
pub(crate) fn run(args: &[String]) -> Result<(), DocsError> {
    let options = parse(args).map_err(DocsError::Usage)?;
    let text = match &options.source {
        Source::Binary(path) => schema_from_binary(path, &options.provider_name),
        Source::File(path) => std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display())),
    }
    .map_err(DocsError::Failed)?;
    let schemas = providers_json::read(&text, &options.provider_name).map_err(DocsError::Failed)?;
    if let Some(dir) = &options.examples {
        if !dir.is_dir() {
            return Err(DocsError::Failed(format!(
                "the examples directory {} does not exist",
                dir.display()
            )));
        }
        example_dirs::check(dir, &schemas).map_err(DocsError::Failed)?;
    }
    let site = pages::Site {
        schemas: &schemas,
        provider_name: &options.provider_name,
        rendered_name: options
            .rendered_name
            .as_deref()
            .unwrap_or(&options.provider_name),
        examples: options.examples.as_deref(),
    };
    let pages = pages::pages(&site).map_err(DocsError::Failed)?;
    if options.check {
        let drifts = files::check(&options.out, &pages).map_err(DocsError::Failed)?;
        if drifts.is_empty() {
            println!(
                "checked {} pages in {}, all current",
                pages.len(),
                options.out.display()
            );
            return Ok(());
        }
        let list: Vec<String> = drifts.iter().map(|d| format!("  {d}")).collect();
        return Err(DocsError::Failed(format!(
            "the documentation in {} is not what the schema and examples generate:\n{}\nrun the same command without --check to write it",
            options.out.display(),
            list.join("\n")
        )));
    }
    let changed = files::write(&options.out, &pages).map_err(DocsError::Failed)?;
    for drift in &changed {
        println!("{}", drift.done());
    }
    println!("{}", summary(&options.out, pages.len(), &changed));
    Ok(())
}

/// The last line of a run that writes: how many pages, and what became of them.
fn summary(out: &Path, pages: usize, changed: &[files::Drift]) -> String {
    let count = |f: fn(&files::Drift) -> bool| changed.iter().filter(|d| f(d)).count();
    let new = count(|d| matches!(d, files::Drift::Missing(_)));
    let updated = count(|d| matches!(d, files::Drift::Stale(_)));
    let removed = count(|d| matches!(d, files::Drift::Extra(_)));
    if changed.is_empty() {
        return format!(
            "{pages} pages in {}, all current: nothing written",
            out.display()
        );
    }
    let mut parts = Vec::new();
    if new > 0 {
        parts.push(format!("{new} new"));
    }
    if updated > 0 {
        parts.push(format!("{updated} updated"));
    }
    parts.push(format!("{} unchanged", pages - new - updated));
    if removed > 0 {
        parts.push(format!("{removed} removed"));
    }
    format!("{pages} pages in {}: {}", out.display(), parts.join(", "))
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut binary = None;
    let mut schema = None;
    let mut provider_name = None;
    let mut rendered_name = None;
    let mut examples = None;
    let mut out = None;
    let mut check = false;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) if name.starts_with("--") => (name, Some(value.to_owned())),
            _ => (arg.as_str(), None),
        };
        if name == "--check" {
            if inline.is_some() {
                return Err("--check takes no value".to_owned());
            }
            check = true;
            continue;
        }
        let slot = match name {
            "--provider-binary" => &mut binary,
            "--schema" => &mut schema,
            "--provider-name" => &mut provider_name,
            "--rendered-provider-name" => &mut rendered_name,
            "--examples" => &mut examples,
            "--out" => &mut out,
            _ => return Err(format!("unknown option {arg:?}")),
        };
        let value = match inline {
            Some(v) => v,
            None => it
                .next()
                .cloned()
                .ok_or_else(|| format!("{name} needs a value"))?,
        };
        if value.is_empty() {
            return Err(format!("{name} needs a value"));
        }
        if slot.replace(value).is_some() {
            return Err(format!("{name} given twice"));
        }
    }
    let source = match (binary, schema) {
        (Some(b), None) => Source::Binary(b.into()),
        (None, Some(s)) => Source::File(s.into()),
        _ => return Err("give exactly one of --provider-binary and --schema".to_owned()),
    };
    let provider_name = provider_name.ok_or("--provider-name is required")?;
    let well_formed = provider_name.starts_with(|c: char| c.is_ascii_lowercase())
        && provider_name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_');
    if !well_formed {
        return Err(format!(
            "--provider-name {provider_name:?} is not a provider type name such as \"localfs\""
        ));
    }
    Ok(Options {
        source,
        provider_name,
        rendered_name,
        examples: examples.map(PathBuf::from),
        out: out.ok_or("--out is required")?.into(),
        check,
    })
}

/// What `<binary> --schema-json` prints, the provider served as
/// `registry.terraform.io/hashicorp/<name>`.
fn schema_from_binary(binary: &Path, name: &str) -> Result<String, String> {
    let address = format!("registry.terraform.io/hashicorp/{name}");
    let output = Command::new(binary)
        .args(["--schema-json", "--provider-address", &address])
        .output()
        .map_err(|e| format!("cannot run the provider {}: {e}", binary.display()))?;
    if !output.status.success() {
        return Err(format!(
            "the provider {} did not print its schema ({}); a provider built on tfvalue-provider answers --schema-json:\n{}",
            binary.display(),
            output.status,
            String::from_utf8_lossy(&output.stderr).trim_end()
        ));
    }
    String::from_utf8(output.stdout).map_err(|_| {
        format!(
            "the provider {} printed a schema that is not UTF-8",
            binary.display()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn options() {
        let o = parse(&args(&[
            "--schema=s.json",
            "--provider-name",
            "box",
            "--out",
            "docs",
            "--check",
            "--examples",
            "ex",
        ]))
        .expect("valid");
        assert!(matches!(o.source, Source::File(ref p) if p == Path::new("s.json")));
        assert_eq!(
            (o.provider_name.as_str(), o.out.as_path(), o.check),
            ("box", Path::new("docs"), true)
        );
        assert_eq!(o.examples.as_deref(), Some(Path::new("ex")));
        let cases: [(&[&str], &str); 6] = [
            (
                &["--provider-name", "box", "--out", "d"],
                "exactly one of --provider-binary and --schema",
            ),
            (
                &[
                    "--schema",
                    "a",
                    "--provider-binary",
                    "b",
                    "--provider-name",
                    "box",
                    "--out",
                    "d",
                ],
                "exactly one of",
            ),
            (
                &["--schema", "a", "--out", "d"],
                "--provider-name is required",
            ),
            (
                &["--schema", "a", "--provider-name", "Box!", "--out", "d"],
                "is not a provider type name",
            ),
            (
                &["--schema", "a", "--provider-name", "box", "--out"],
                "--out needs a value",
            ),
            (
                &[
                    "--schema",
                    "a",
                    "--provider-name",
                    "box",
                    "--out",
                    "d",
                    "--force",
                ],
                "unknown option \"--force\"",
            ),
        ];
        for (a, want) in cases {
            let e = parse(&args(a))
                .err()
                .unwrap_or_else(|| panic!("{a:?} accepted"));
            assert!(e.contains(want), "{a:?}: {e}");
        }
    }
}
