//! A provider function's signature in the protocol's form (`tfplugin6.Function`), part of
//! the schema response and of `GetFunctions`.

use crate::protocol::messages::{FunctionParameter, FunctionSignature};
use crate::protocol::proto::tfplugin6 as pb;

use super::schema::string_kind;

/// The protocol message of a function's signature.
pub(crate) fn function(f: &FunctionSignature) -> pb::Function {
    pb::Function {
        parameters: f.parameters.iter().map(parameter).collect(),
        variadic_parameter: f.variadic_parameter.as_ref().map(parameter),
        r#return: Some(pb::function::Return {
            r#type: f.return_type.to_json().into_bytes(),
        }),
        summary: f.summary.clone(),
        description: f.description.clone(),
        description_kind: string_kind(f.description_kind) as i32,
        deprecation_message: f.deprecation_message.clone(),
    }
}

fn parameter(p: &FunctionParameter) -> pb::function::Parameter {
    pb::function::Parameter {
        name: p.name.clone(),
        r#type: p.ty.to_json().into_bytes(),
        allow_null_value: p.allow_null_value,
        allow_unknown_values: p.allow_unknown_values,
        description: p.description.clone(),
        description_kind: string_kind(p.description_kind) as i32,
    }
}

#[cfg(test)]
mod tests {
    use prost::Message;
    use tfvalue::schema::StringKind;
    use tfvalue::Type;

    use super::*;

    fn param(name: &str, ty: Type) -> FunctionParameter {
        FunctionParameter {
            name: name.to_owned(),
            ty,
            allow_null_value: false,
            allow_unknown_values: false,
            description: String::new(),
            description_kind: StringKind::Plain,
        }
    }

    #[test]
    fn every_field_reaches_the_message() {
        let f = FunctionSignature {
            parameters: vec![FunctionParameter {
                allow_null_value: true,
                allow_unknown_values: true,
                description: "The text.".to_owned(),
                description_kind: StringKind::Markdown,
                ..param("text", Type::String)
            }],
            variadic_parameter: Some(param("rest", Type::list(Type::Number))),
            return_type: Type::Bool,
            summary: "Checks.".to_owned(),
            description: "Checks the text.".to_owned(),
            description_kind: StringKind::Markdown,
            deprecation_message: "Use other.".to_owned(),
        };
        let p = function(&f);
        let text = &p.parameters[0];
        assert_eq!(
            (text.name.as_str(), text.r#type.as_slice()),
            ("text", &b"\"string\""[..])
        );
        assert!(text.allow_null_value && text.allow_unknown_values);
        assert_eq!(text.description, "The text.");
        assert_eq!(text.description_kind, pb::StringKind::Markdown as i32);
        let rest = p
            .variadic_parameter
            .as_ref()
            .expect("the variadic parameter");
        assert_eq!(rest.r#type, br#"["list","number"]"#);
        assert!(!rest.allow_null_value && !rest.allow_unknown_values);
        assert_eq!(
            p.r#return.as_ref().map(|r| r.r#type.as_slice()),
            Some(&b"\"bool\""[..])
        );
        assert_eq!(
            (
                p.summary.as_str(),
                p.description.as_str(),
                p.deprecation_message.as_str()
            ),
            ("Checks.", "Checks the text.", "Use other.")
        );
        assert_eq!(p.description_kind, pb::StringKind::Markdown as i32);
        // Byte level: a signature with nothing but its return type is field 3 (`return`)
        // holding field 1 (`type`), the JSON text "bool".
        let bare = function(&FunctionSignature {
            parameters: Vec::new(),
            variadic_parameter: None,
            summary: String::new(),
            description: String::new(),
            description_kind: StringKind::Plain,
            deprecation_message: String::new(),
            return_type: Type::Bool,
        });
        assert_eq!(
            bare.encode_to_vec(),
            [0x1a, 0x08, 0x0a, 0x06, b'"', b'b', b'o', b'o', b'l', b'"']
        );
    }
}
