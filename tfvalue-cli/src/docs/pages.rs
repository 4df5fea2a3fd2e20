//! The pages of a provider's registry documentation, by path under the docs directory:
//! `index.md` (the provider block), `resources/<name>.md`, `data-sources/<name>.md`,
//! `ephemeral-resources/<name>.md`, `list-resources/<name>.md`, `actions/<name>.md` (the
//! type name without the provider's `<provider>_` prefix) and `functions/<name>.md`.
//!
//! Each page has front matter (`page_title`, `subcategory`, `description`), a heading,
//! the description, "Example Usage" from the examples directory's files in the registry
//! layout (`provider/provider*.tf`, `resources/<type>/resource*.tf`,
//! `data-sources/<type>/data-source*.tf`,
//! `ephemeral-resources/<type>/ephemeral-resource*.tf`,
//! `list-resources/<type>/list-resource*.tfquery.hcl`, `actions/<type>/action*.tf`,
//! `functions/<name>/function*.tf`), then the schema, or a function's signature and
//! arguments. A resource's page ends with "Import" when the resource type has an identity
//! or its directory has `import-by-identity.tf` (an `import` block naming the identity),
//! `import-by-string-id.tf` (an `import` block naming the ID) or `import.sh` (the
//! `terraform import` command); an identity's attributes follow under "Identity Schema".

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use tfvalue::schema::{Schema, StringKind};

use super::function_md;
use super::identity_md;
use super::plain::plain;
use super::providers_json::{FunctionSignature, ProviderSchemas};
use super::schema_md;

/// What the pages are generated for.
pub(crate) struct Site<'a> {
    /// The provider's schemas.
    pub(crate) schemas: &'a ProviderSchemas,
    /// The provider's type name (`localfs`): the prefix of its type names.
    pub(crate) provider_name: &'a str,
    /// The provider's name as the pages show it.
    pub(crate) rendered_name: &'a str,
    /// The examples directory, if any.
    pub(crate) examples: Option<&'a Path>,
}

/// The kinds of typed pages.
#[derive(Clone, Copy)]
enum Kind {
    Resource,
    DataSource,
    EphemeralResource,
    /// A list resource type (Terraform 1.14 and later): its schema is the `config` block
    /// of a `list` block in a `.tfquery.hcl` file.
    ListResource,
    /// An action type (Terraform 1.14 and later): its schema is its `config` block.
    Action,
}

impl Kind {
    /// The docs subdirectory, which is also the examples subdirectory.
    fn dir(self) -> &'static str {
        match self {
            Kind::Resource => "resources",
            Kind::DataSource => "data-sources",
            Kind::EphemeralResource => "ephemeral-resources",
            Kind::ListResource => "list-resources",
            Kind::Action => "actions",
        }
    }

    /// How the pages name the kind.
    fn title(self) -> &'static str {
        match self {
            Kind::Resource => "Resource",
            Kind::DataSource => "Data Source",
            Kind::EphemeralResource => "Ephemeral Resource",
            Kind::ListResource => "List Resource",
            Kind::Action => "Action",
        }
    }

    /// The file names of examples start with this.
    fn example_prefix(self) -> &'static str {
        match self {
            Kind::Resource => "resource",
            Kind::DataSource => "data-source",
            Kind::EphemeralResource => "ephemeral-resource",
            Kind::ListResource => "list-resource",
            Kind::Action => "action",
        }
    }

    /// The file names of examples end with this: a list resource's example is a query
    /// file, which Terraform reads only for `terraform query`.
    fn example_suffix(self) -> &'static str {
        match self {
            Kind::ListResource => ".tfquery.hcl",
            _ => ".tf",
        }
    }
}

/// The subdirectories of the docs directory whose files are all generated.
pub(crate) const GENERATED_DIRS: [&str; 6] = [
    "resources",
    "data-sources",
    "ephemeral-resources",
    "list-resources",
    "actions",
    "functions",
];
/// The generated file at the top of the docs directory.
pub(crate) const INDEX: &str = "index.md";

/// Every page, by its path relative to the docs directory.
///
/// # Errors
/// An example that cannot be read or is empty, or a schema that cannot be documented.
pub(crate) fn pages(site: &Site<'_>) -> Result<BTreeMap<PathBuf, String>, String> {
    let mut pages = BTreeMap::new();
    pages.insert(PathBuf::from(INDEX), index(site)?);
    let kinds = [
        (Kind::Resource, &site.schemas.resources),
        (Kind::DataSource, &site.schemas.data_sources),
        (Kind::EphemeralResource, &site.schemas.ephemeral_resources),
        (Kind::ListResource, &site.schemas.list_resources),
        (Kind::Action, &site.schemas.actions),
    ];
    for (kind, schemas) in kinds {
        for (name, schema) in schemas {
            let file = format!("{}.md", short_name(name, site.provider_name));
            let page = typed_page(site, kind, name, schema)
                .map_err(|e| format!("{} {name}: {e}", kind.title().to_lowercase()))?;
            pages.insert(Path::new(kind.dir()).join(file), page);
        }
    }
    for (name, f) in &site.schemas.functions {
        let page = function_page(site, name, f).map_err(|e| format!("function {name}: {e}"))?;
        pages.insert(Path::new("functions").join(format!("{name}.md")), page);
    }
    Ok(pages)
}

/// `name` without the provider's prefix: `localfs_file` → `file`.
fn short_name<'a>(name: &'a str, provider: &str) -> &'a str {
    name.strip_prefix(provider)
        .and_then(|rest| rest.strip_prefix('_'))
        .filter(|rest| !rest.is_empty())
        .unwrap_or(name)
}

fn index(site: &Site<'_>) -> Result<String, String> {
    let block = &site.schemas.provider.block;
    let mut page = front_matter(
        &format!("{} Provider", site.rendered_name),
        None,
        &plain(&block.description, block.description_kind),
    );
    let _ = write!(page, "# {} Provider\n\n", site.rendered_name);
    paragraph(&mut page, &block.description);
    let examples = examples(site, &["provider"], "provider", ".tf")?;
    example_usage(&mut page, &examples);
    page.push_str(
        &schema_md::render(&site.schemas.provider).map_err(|e| format!("provider block: {e}"))?,
    );
    Ok(page)
}

fn typed_page(site: &Site<'_>, kind: Kind, name: &str, schema: &Schema) -> Result<String, String> {
    let block = &schema.block;
    let title = format!("{name} {} - {}", kind.title(), site.rendered_name);
    let mut page = front_matter(
        &title,
        Some(""),
        &plain(&block.description, block.description_kind),
    );
    let _ = write!(page, "# {name} ({})\n\n", kind.title());
    paragraph(&mut page, &block.description);
    if block.deprecated {
        deprecated(
            &mut page,
            block.deprecation_message.as_deref().unwrap_or_default(),
        );
    }
    let examples = examples(
        site,
        &[kind.dir(), name],
        kind.example_prefix(),
        kind.example_suffix(),
    )?;
    example_usage(&mut page, &examples);
    page.push_str(&schema_md::render(schema)?);
    if let Kind::Resource = kind {
        import(site, name, &mut page)?;
    }
    Ok(page)
}

fn function_page(site: &Site<'_>, name: &str, f: &FunctionSignature) -> Result<String, String> {
    let title = format!("{name} function - {}", site.rendered_name);
    // Terraform's JSON drops a function's description kind: read the summary as Markdown,
    // whose plain text is the text itself when it has no markup.
    let mut page = front_matter(&title, Some(""), &plain(&f.summary, StringKind::Markdown));
    let _ = write!(page, "# function: {name}\n\n");
    paragraph(
        &mut page,
        if f.description.trim().is_empty() {
            &f.summary
        } else {
            &f.description
        },
    );
    if !f.deprecation_message.is_empty() {
        deprecated(&mut page, &f.deprecation_message);
    }
    let examples = examples(site, &["functions", name], "function", ".tf")?;
    example_usage(&mut page, &examples);
    let _ = write!(
        page,
        "## Signature\n\n{}\n## Arguments\n\n",
        function_md::signature(name, f)
    );
    let arguments = function_md::arguments(f);
    if arguments.is_empty() {
        page.push_str("The function takes no arguments.\n");
    } else {
        page.push_str(&arguments);
    }
    Ok(page)
}

/// The front matter: the title, the subcategory (typed pages have an empty one), and the
/// description as a YAML block scalar.
fn front_matter(title: &str, subcategory: Option<&str>, description: &str) -> String {
    let mut s = String::from(
        "---\n# generated by `tfvalue-cli docs` from the provider's schema and examples\n",
    );
    let _ = writeln!(s, "page_title: {}", yaml_quoted(title));
    if let Some(sub) = subcategory {
        let _ = writeln!(s, "subcategory: {}", yaml_quoted(sub));
    }
    s.push_str("description: |-\n");
    for line in description.trim().lines() {
        if line.trim().is_empty() {
            s.push('\n');
        } else {
            let _ = writeln!(s, "  {line}");
        }
    }
    if description.trim().is_empty() {
        s.push_str("  \n");
    }
    s.push_str("---\n\n");
    s
}

/// A YAML double-quoted scalar.
fn yaml_quoted(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `text`, trimmed, as a paragraph; nothing when empty.
fn paragraph(page: &mut String, text: &str) {
    let text = text.trim();
    if !text.is_empty() {
        let _ = write!(page, "{text}\n\n");
    }
}

fn deprecated(page: &mut String, message: &str) {
    let message = message.trim();
    if message.is_empty() {
        page.push_str("~> **Deprecated**\n\n");
    } else {
        let _ = write!(page, "~> **Deprecated:** {message}\n\n");
    }
}

fn example_usage(page: &mut String, examples: &[String]) {
    if examples.is_empty() {
        return;
    }
    page.push_str("## Example Usage\n\n");
    for example in examples {
        let _ = write!(page, "```terraform\n{example}\n```\n\n");
    }
}

/// The "Import" section of the resource type `name`, when it has an identity or its
/// examples say how.
///
/// # Errors
/// An example cannot be read or is empty, or `import-by-identity.tf` is there for a
/// resource type without an identity.
fn import(site: &Site<'_>, name: &str, page: &mut String) -> Result<(), String> {
    let identity = site.schemas.identities.get(name);
    let dir = site.examples.map(|root| root.join("resources").join(name));
    let example = |file: &str| match &dir {
        Some(dir) => optional_file(&dir.join(file)),
        None => Ok(None),
    };
    let by_identity = example("import-by-identity.tf")?;
    let by_id = example("import-by-string-id.tf")?;
    let command = example("import.sh")?;
    if by_identity.is_some() && identity.is_none() {
        let path = dir.unwrap_or_default().join("import-by-identity.tf");
        return Err(format!(
            "the example {} imports by identity, but the resource type has no identity schema \
             (resource_identity_schemas has no {name:?}); remove the file or give the resource an identity",
            path.display()
        ));
    }
    if identity.is_none() && by_id.is_none() && command.is_none() {
        return Ok(());
    }
    page.push_str("\n## Import\n\nAn object that already exists can be brought under Terraform's management.\n");
    if let Some(identity) = identity {
        match by_identity {
            Some(config) => {
                let _ = write!(
                    page,
                    "\nWith Terraform 1.12 or later, by an [`import` block]({IMPORT_BLOCK}) whose `identity` names the object:\n\n```terraform\n{config}\n```\n"
                );
            }
            None => {
                let _ = write!(
                    page,
                    "\nWith Terraform 1.12 or later, by an [`import` block]({IMPORT_BLOCK}) whose `identity` names the object by the attributes below.\n"
                );
            }
        }
        page.push('\n');
        page.push_str(&identity_md::render(identity));
    }
    if let Some(config) = by_id {
        let _ = write!(
            page,
            "\nWith Terraform 1.5 or later, by an [`import` block]({IMPORT_BLOCK}) that names its ID:\n\n```terraform\n{config}\n```\n"
        );
    }
    if let Some(shell) = command {
        let _ = write!(
            page,
            "\nWith the [`terraform import` command](https://developer.hashicorp.com/terraform/cli/commands/import):\n\n```shell\n{shell}\n```\n"
        );
    }
    Ok(())
}

/// Where `import` blocks are explained, linked from the "Import" section.
const IMPORT_BLOCK: &str = "https://developer.hashicorp.com/terraform/language/import";

/// The trimmed text of each example file `<examples>/<dir...>/<prefix>*<suffix>`, in byte
/// order of file names.
fn examples(
    site: &Site<'_>,
    dir: &[&str],
    prefix: &str,
    suffix: &str,
) -> Result<Vec<String>, String> {
    let Some(root) = site.examples else {
        return Ok(Vec::new());
    };
    let dir = dir.iter().fold(root.to_path_buf(), |d, part| d.join(part));
    let entries = match std::fs::read_dir(&dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("cannot read {}: {e}", dir.display())),
    };
    let mut files = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        if name.starts_with(prefix) && name.ends_with(suffix) {
            files.push(entry.path());
        }
    }
    files.sort();
    files
        .iter()
        .map(|f| optional_file(f).map(Option::unwrap_or_default))
        .collect()
}

/// The trimmed text of `path`; `None` when there is no such file.
///
/// # Errors
/// It cannot be read, or holds nothing but white space.
fn optional_file(path: &Path) -> Result<Option<String>, String> {
    match std::fs::read_to_string(path) {
        Ok(text) if text.trim().is_empty() => {
            Err(format!("the example {} is empty", path.display()))
        }
        Ok(text) => Ok(Some(text.trim().to_owned())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("cannot read {}: {e}", path.display())),
    }
}

#[cfg(test)]
mod tests;
