//! A resource identity's `### Identity Schema` section, under a resource page's "Import":
//! the attributes an `import` block's `identity` must give (`#### Required`) and those it
//! may give (`#### Optional`), one line each, ``- `name` (String) Description``.

use std::fmt::Write as _;

use super::providers_json::IdentitySchema;
use super::type_names::attribute_type;

/// The section, ending with one newline.
pub(crate) fn render(identity: &IdentitySchema) -> String {
    let mut out = String::from("### Identity Schema\n");
    for (required, title) in [(true, "#### Required"), (false, "#### Optional")] {
        let members: Vec<_> = (identity.attributes.iter())
            .filter(|a| a.required_for_import == required)
            .collect();
        if members.is_empty() {
            continue;
        }
        let _ = write!(out, "\n{title}\n\n");
        for a in members {
            let _ = write!(out, "- `{}` ({})", a.name, attribute_type(&a.ty));
            let description = a.description.trim();
            if !description.is_empty() {
                let _ = write!(out, " {description}");
            }
            out.push('\n');
        }
    }
    if identity.attributes.is_empty() {
        out.push_str("\nThe identity has no attributes.\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use tfvalue::Type;

    use super::*;
    use crate::docs::providers_json::IdentityAttribute;

    fn attribute(name: &str, required: bool, description: &str) -> IdentityAttribute {
        IdentityAttribute {
            name: name.to_owned(),
            ty: Type::String,
            description: description.to_owned(),
            required_for_import: required,
        }
    }

    #[test]
    fn required_then_optional_attributes() {
        let identity = IdentitySchema {
            attributes: vec![
                attribute("path", true, "The path.\n"),
                attribute("region", false, ""),
                attribute("root", false, "The root."),
            ],
        };
        assert_eq!(
            render(&identity),
            "### Identity Schema\n\n#### Required\n\n- `path` (String) The path.\n\n#### Optional\n\n- `region` (String)\n- `root` (String) The root.\n"
        );
        let only_optional = IdentitySchema {
            attributes: vec![attribute("id", false, "The ID.")],
        };
        assert_eq!(
            render(&only_optional),
            "### Identity Schema\n\n#### Optional\n\n- `id` (String) The ID.\n"
        );
        assert_eq!(
            render(&IdentitySchema::default()),
            "### Identity Schema\n\nThe identity has no attributes.\n"
        );
    }
}
