//! A schema's `## Schema` section, in the registry's conventions (those of
//! terraform-plugin-docs): attributes and blocks in three groups (`### Required`,
//! `### Optional`, `### Read-Only`; `Required:` and so on below the top), one line each,
//! ``- `name` (String, Sensitive) Description``, and for every block, nested attribute
//! and object-typed attribute a `### Nested Schema for `a.b`` section after the lists,
//! under an anchor (`<a id="nestedblock--a--b"></a>`) that its line links to. A nested
//! section opens with the block's or attribute's description (as its line ends with it),
//! so a reader who follows the link learns what the section is about.
//!
//! A block with a minimum count (`min_items` of 1 or more) is listed under Required, as
//! Terraform refuses a configuration that leaves it out.

use std::fmt::Write as _;

use tfvalue::schema::{
    Attribute, AttributeKind, Block, BlockNesting, NestedBlock, NestedObject, ObjectNesting, Schema,
};
use tfvalue::ObjectType;

use super::type_names::{attribute_type, object_to_list};

/// Where write-only arguments are explained, linked from their mark.
const WRITE_ONLY_LINK: &str =
    "https://developer.hashicorp.com/terraform/language/resources/ephemeral#write-only-arguments";

/// The three groups an attribute or block is listed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Group {
    Required,
    Optional,
    ReadOnly,
}

impl Group {
    const ALL: [Group; 3] = [Group::Required, Group::Optional, Group::ReadOnly];

    /// The group's title at the top of the schema (`root`) or inside a nested schema.
    fn title(self, root: bool) -> &'static str {
        match (self, root) {
            (Group::Required, true) => "### Required",
            (Group::Optional, true) => "### Optional",
            (Group::ReadOnly, true) => "### Read-Only",
            (Group::Required, false) => "Required:",
            (Group::Optional, false) => "Optional:",
            (Group::ReadOnly, false) => "Read-Only:",
        }
    }

    /// The word a single block's line carries.
    fn word(self) -> &'static str {
        match self {
            Group::Required => "Required",
            Group::Optional => "Optional",
            Group::ReadOnly => "Read-only",
        }
    }
}

fn attribute_group(a: &Attribute) -> Option<Group> {
    if a.required {
        Some(Group::Required)
    } else if a.optional {
        Some(Group::Optional)
    } else if a.computed {
        Some(Group::ReadOnly)
    } else {
        None
    }
}

/// Required: at least one block must be written. Optional: may be left out and has
/// something to write (or nothing at all). Read-only: no minimum count and every leaf
/// computed only.
///
/// terraform-plugin-docs also asks a read-only block for no maximum count, and fails on
/// one that has it. Such a block is what a computed block (Terraform 1.16) looks like in
/// `providers schema -json`, which prints no flag for computed blocks: the provider fills
/// in up to `max_items` blocks and the configuration writes none. So a maximum is allowed
/// here, and shown on the block's line (`(Block List, Max: 2)`), as the line of any other
/// block with a maximum shows it.
fn block_group(nb: &NestedBlock) -> Option<Group> {
    if nb.min_items > 0 {
        Some(Group::Required)
    } else if block_is_optional(&nb.block) {
        Some(Group::Optional)
    } else if block_is_read_only(&nb.block) {
        Some(Group::ReadOnly)
    } else {
        None
    }
}

fn block_is_optional(b: &Block) -> bool {
    (b.attributes.is_empty() && b.block_types.is_empty())
        || b.attributes.iter().any(|a| a.required || a.optional)
        || b.block_types
            .iter()
            .any(|nb| nb.min_items > 0 || block_is_optional(&nb.block))
}

fn block_is_read_only(b: &Block) -> bool {
    b.attributes
        .iter()
        .all(|a| a.computed && !a.optional && !a.required)
        && b.block_types
            .iter()
            .all(|nb| nb.min_items == 0 && block_is_read_only(&nb.block))
}

/// What a nested schema section lists.
enum Nested<'a> {
    Block(&'a Block),
    Attributes(&'a NestedObject),
    Object(&'a ObjectType),
}

/// A nested schema section to write after the current lists.
struct Section<'a> {
    anchor: String,
    path: Vec<&'a str>,
    what: Nested<'a>,
    /// The description of the block or attribute, written under the heading.
    description: &'a str,
    /// The group of the line that links here (the title of an object's attribute list).
    group: Group,
}

/// The `## Schema` section of `schema`, ending with one newline.
///
/// # Errors
/// An attribute or block that fits no group (an attribute neither required, optional nor
/// computed, and a block that may be left out and holds one): the schema cannot be
/// documented as Terraform would read it.
pub(crate) fn render(schema: &Schema) -> Result<String, String> {
    let mut out = String::from("## Schema\n\n");
    block_children(&mut out, &[], &schema.block, true)?;
    let trimmed = out.trim_end().len();
    out.truncate(trimmed);
    out.push('\n');
    Ok(out)
}

/// An attribute or block, sorted into its group.
enum Child<'a> {
    Attribute(&'a Attribute),
    Block(&'a NestedBlock),
}

impl Child<'_> {
    fn name(&self) -> &str {
        match self {
            Child::Attribute(a) => &a.name,
            Child::Block(nb) => &nb.type_name,
        }
    }

    fn has_write_only(&self) -> bool {
        match self {
            Child::Attribute(a) => a.write_only,
            Child::Block(nb) => nb.block.contains_write_only(),
        }
    }
}

fn block_children<'a>(
    out: &mut String,
    parents: &[&'a str],
    block: &'a Block,
    root: bool,
) -> Result<(), String> {
    let mut children: Vec<(Group, Child<'a>)> = Vec::new();
    for a in &block.attributes {
        let group = attribute_group(a).ok_or_else(|| {
            no_group(
                parents,
                &a.name,
                "an attribute that is neither required, optional nor computed",
            )
        })?;
        children.push((group, Child::Attribute(a)));
    }
    for nb in &block.block_types {
        let group = block_group(nb).ok_or_else(|| {
            no_group(
                parents,
                &nb.type_name,
                "a block that may be left out and holds an attribute that is neither \
                 required, optional nor computed",
            )
        })?;
        children.push((group, Child::Block(nb)));
    }
    children.sort_by(|(g1, c1), (g2, c2)| (g1, c1.name()).cmp(&(g2, c2.name())));
    let mut sections = Vec::new();
    for group in Group::ALL {
        let members: Vec<&Child<'a>> = children
            .iter()
            .filter(|(g, _)| *g == group)
            .map(|(_, c)| c)
            .collect();
        if members.is_empty() {
            continue;
        }
        let _ = write!(out, "{}\n\n", group.title(root));
        if members.iter().any(|c| c.has_write_only()) {
            write_only_note(out);
        }
        for child in members {
            let path = child_path(parents, child.name());
            match child {
                Child::Attribute(a) => attribute_line(out, path, a, group, &mut sections),
                Child::Block(nb) => block_line(out, path, nb, group, &mut sections),
            }
        }
        out.push('\n');
    }
    write_sections(out, sections)
}

fn child_path<'a>(parents: &[&'a str], name: &'a str) -> Vec<&'a str> {
    let mut path = parents.to_vec();
    path.push(name);
    path
}

fn no_group(parents: &[&str], name: &str, what: &str) -> String {
    let path = child_path(parents, name).join(".");
    format!("{path} is {what}, which fits none of the groups Required, Optional and Read-Only")
}

/// The note before a group that lists a write-only argument.
fn write_only_note(out: &mut String) {
    let _ = write!(
        out,
        "> **Note:** [Write-only arguments]({WRITE_ONLY_LINK}) need Terraform 1.11 or later.\n\n"
    );
}

/// `- `name` (...) Description`, then a link to the nested schema when there is one.
fn attribute_line<'a>(
    out: &mut String,
    path: Vec<&'a str>,
    a: &'a Attribute,
    group: Group,
    sections: &mut Vec<Section<'a>>,
) {
    let name = path.last().copied().unwrap_or_default();
    let _ = write!(out, "- `{name}` ");
    out.push_str(&attribute_summary(a));
    let nested = match &a.kind {
        AttributeKind::Nested(object) => Some(Nested::Attributes(object)),
        AttributeKind::Type(ty) => object_to_list(ty).map(Nested::Object),
    };
    if let Some(what) = nested {
        let anchor = format!("nestedatt--{}", path.join("--"));
        let _ = write!(out, " (see [below for nested schema](#{anchor}))");
        sections.push(Section {
            anchor,
            path,
            what,
            description: &a.description,
            group,
        });
    }
    out.push('\n');
}

/// `(Type, Sensitive, Deprecated, Write-only) Description` of an attribute.
fn attribute_summary(a: &Attribute) -> String {
    let mut s = String::from("(");
    match &a.kind {
        AttributeKind::Type(ty) => s.push_str(&attribute_type(ty)),
        AttributeKind::Nested(object) => s.push_str(match object.nesting {
            ObjectNesting::Single => "Attributes",
            ObjectNesting::List => "Attributes List",
            ObjectNesting::Set => "Attributes Set",
            ObjectNesting::Map => "Attributes Map",
        }),
    }
    if a.sensitive {
        s.push_str(", Sensitive");
    }
    if a.deprecated {
        s.push_str(", Deprecated");
    }
    if a.write_only {
        let _ = write!(s, ", [Write-only]({WRITE_ONLY_LINK})");
    }
    s.push(')');
    push_description(&mut s, &a.description);
    s
}

fn block_line<'a>(
    out: &mut String,
    path: Vec<&'a str>,
    nb: &'a NestedBlock,
    group: Group,
    sections: &mut Vec<Section<'a>>,
) {
    let name = path.last().copied().unwrap_or_default();
    let anchor = format!("nestedblock--{}", path.join("--"));
    let _ = writeln!(
        out,
        "- `{name}` {} (see [below for nested schema](#{anchor}))",
        block_summary(nb, group)
    );
    sections.push(Section {
        anchor,
        path,
        what: Nested::Block(&nb.block),
        description: &nb.block.description,
        group,
    });
}

/// `(Block List, Min: 1, Max: 3, Deprecated) Description` of a block type; a block that
/// occurs at most once (single or group nesting) says its group instead of counts.
fn block_summary(nb: &NestedBlock, group: Group) -> String {
    let mut s = String::from("(Block");
    match nb.nesting {
        BlockNesting::Single | BlockNesting::Group => {
            let _ = write!(s, ", {}", group.word());
        }
        BlockNesting::List | BlockNesting::Set | BlockNesting::Map => {
            s.push_str(match nb.nesting {
                BlockNesting::List => " List",
                BlockNesting::Set => " Set",
                _ => " Map",
            });
            if nb.min_items > 0 {
                let _ = write!(s, ", Min: {}", nb.min_items);
            }
            if nb.max_items > 0 {
                let _ = write!(s, ", Max: {}", nb.max_items);
            }
        }
    }
    if nb.block.deprecated {
        s.push_str(", Deprecated");
    }
    s.push(')');
    push_description(&mut s, &nb.block.description);
    s
}

/// ` Description`, trimmed; nothing when there is none.
fn push_description(s: &mut String, description: &str) {
    let d = description.trim();
    if !d.is_empty() {
        s.push(' ');
        s.push_str(d);
    }
}

fn write_sections(out: &mut String, sections: Vec<Section<'_>>) -> Result<(), String> {
    for section in sections {
        let _ = write!(
            out,
            "<a id=\"{}\"></a>\n### Nested Schema for `{}`\n\n",
            section.anchor,
            section.path.join(".")
        );
        let description = section.description.trim();
        if !description.is_empty() {
            let _ = write!(out, "{description}\n\n");
        }
        match section.what {
            Nested::Block(b) => block_children(out, &section.path, b, false)?,
            Nested::Attributes(object) => nested_attribute_children(out, &section.path, object)?,
            Nested::Object(object) => object_children(out, &section.path, object, section.group),
        }
        out.push('\n');
    }
    Ok(())
}

fn nested_attribute_children<'a>(
    out: &mut String,
    parents: &[&'a str],
    object: &'a NestedObject,
) -> Result<(), String> {
    let mut attrs: Vec<(Group, &Attribute)> = Vec::new();
    for a in &object.attributes {
        let group = attribute_group(a).ok_or_else(|| {
            no_group(
                parents,
                &a.name,
                "an attribute that is neither required, optional nor computed",
            )
        })?;
        attrs.push((group, a));
    }
    attrs.sort_by(|(g1, a1), (g2, a2)| (g1, &a1.name).cmp(&(g2, &a2.name)));
    let mut sections = Vec::new();
    for group in Group::ALL {
        let members: Vec<&Attribute> = attrs
            .iter()
            .filter(|(g, _)| *g == group)
            .map(|(_, a)| *a)
            .collect();
        if members.is_empty() {
            continue;
        }
        let _ = write!(out, "{}\n\n", group.title(false));
        if members.iter().any(|a| a.write_only) {
            write_only_note(out);
        }
        for a in members {
            attribute_line(out, child_path(parents, &a.name), a, group, &mut sections);
        }
        out.push('\n');
    }
    write_sections(out, sections)
}

/// The attributes of an object type: names and types only (a type says nothing of
/// descriptions), under the title of the group that links here.
fn object_children<'a>(
    out: &mut String,
    parents: &[&'a str],
    object: &'a ObjectType,
    group: Group,
) {
    let _ = write!(out, "{}\n\n", group.title(false));
    let mut sections = Vec::new();
    for (name, ty, _) in object.iter() {
        let path = child_path(parents, name);
        let _ = write!(out, "- `{name}` ({})", attribute_type(ty));
        if let Some(inner) = object_to_list(ty) {
            let anchor = format!("nestedobjatt--{}", path.join("--"));
            let _ = write!(out, " (see [below for nested schema](#{anchor}))");
            sections.push(Section {
                anchor,
                path,
                what: Nested::Object(inner),
                description: "",
                group,
            });
        }
        out.push('\n');
    }
    out.push('\n');
    // Objects hold no blocks and no attributes without a group: this cannot fail.
    let _ = write_sections(out, sections);
}

#[cfg(test)]
mod tests;
