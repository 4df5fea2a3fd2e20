//! A provider function's `## Signature` and `## Arguments` sections: the call as
//! go-cty's friendly type names spell it, and one numbered line per argument.

use std::fmt::Write as _;

use super::providers_json::{FunctionParameter, FunctionSignature};
use super::type_names::{attribute_type, friendly_name};

/// The signature as a `text` code block: `name(a string, more number...) bool`.
pub(crate) fn signature(name: &str, f: &FunctionSignature) -> String {
    let mut params: Vec<String> = f
        .parameters
        .iter()
        .map(|p| format!("{} {}", p.name, friendly_name(&p.ty)))
        .collect();
    if let Some(v) = &f.variadic_parameter {
        params.push(format!("{} {}...", v.name, friendly_name(&v.ty)));
    }
    format!(
        "```text\n{name}({}) {}\n```\n",
        params.join(", "),
        friendly_name(&f.return_type)
    )
}

/// One line per parameter, the variadic one last: ``1. `name` (String, Nullable) Text``.
/// Empty for a function without parameters.
pub(crate) fn arguments(f: &FunctionSignature) -> String {
    let mut out = String::new();
    for p in &f.parameters {
        argument(&mut out, p, false);
    }
    if let Some(v) = &f.variadic_parameter {
        argument(&mut out, v, true);
    }
    out
}

fn argument(out: &mut String, p: &FunctionParameter, variadic: bool) {
    let _ = write!(out, "1. `{}` (", p.name);
    if variadic {
        out.push_str("Variadic, ");
    }
    out.push_str(&attribute_type(&p.ty));
    if p.is_nullable {
        out.push_str(", Nullable");
    }
    out.push(')');
    let description = p.description.trim();
    if !description.is_empty() {
        out.push(' ');
        out.push_str(description);
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use tfvalue::Type;

    use super::*;

    fn param(name: &str, ty: Type, is_nullable: bool, description: &str) -> FunctionParameter {
        FunctionParameter {
            name: name.to_owned(),
            description: description.to_owned(),
            is_nullable,
            ty,
        }
    }

    #[test]
    fn signature_and_arguments() {
        let f = FunctionSignature {
            summary: String::new(),
            description: String::new(),
            deprecation_message: String::new(),
            return_type: Type::list(Type::String),
            parameters: vec![
                param("base", Type::String, false, " The base. "),
                param("n", Type::Number, true, ""),
            ],
            variadic_parameter: Some(param("parts", Type::map(Type::Bool), false, "More")),
        };
        assert_eq!(
            signature("join", &f),
            "```text\njoin(base string, n number, parts map of bool...) list of string\n```\n"
        );
        assert_eq!(
            arguments(&f),
            "1. `base` (String) The base.\n1. `n` (Number, Nullable)\n1. `parts` (Variadic, Map of Boolean) More\n"
        );
        let none = FunctionSignature {
            parameters: Vec::new(),
            variadic_parameter: None,
            ..f
        };
        assert_eq!(
            signature("now", &none),
            "```text\nnow() list of string\n```\n"
        );
        assert_eq!(arguments(&none), "");
    }
}
