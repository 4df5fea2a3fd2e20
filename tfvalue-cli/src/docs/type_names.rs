//! How a Terraform type is named in documentation: `List of String` in a schema's
//! attribute lines, `list of string` (go-cty's friendly name) in a function's signature.

use tfvalue::Type;

/// The name in an attribute line: `String`, `Number`, `Boolean`, `Dynamic`, `List of T`,
/// `Set of T`, `Map of T`, `Object`, `Tuple`.
pub(crate) fn attribute_type(ty: &Type) -> String {
    match ty {
        Type::String => "String".to_owned(),
        Type::Number => "Number".to_owned(),
        Type::Bool => "Boolean".to_owned(),
        Type::Dynamic => "Dynamic".to_owned(),
        Type::List(e) => format!("List of {}", attribute_type(e)),
        Type::Set(e) => format!("Set of {}", attribute_type(e)),
        Type::Map(e) => format!("Map of {}", attribute_type(e)),
        Type::Object(_) => "Object".to_owned(),
        Type::Tuple(_) => "Tuple".to_owned(),
    }
}

/// The name in a function signature: `string`, `number`, `bool`, `dynamic`,
/// `list of T`, `set of T`, `map of T`, `object`, `tuple`.
pub(crate) fn friendly_name(ty: &Type) -> String {
    match ty {
        Type::String => "string".to_owned(),
        Type::Number => "number".to_owned(),
        Type::Bool => "bool".to_owned(),
        Type::Dynamic => "dynamic".to_owned(),
        Type::List(e) => format!("list of {}", friendly_name(e)),
        Type::Set(e) => format!("set of {}", friendly_name(e)),
        Type::Map(e) => format!("map of {}", friendly_name(e)),
        Type::Object(_) => "object".to_owned(),
        Type::Tuple(_) => "tuple".to_owned(),
    }
}

/// The object type whose attributes a reader needs listed: `ty` itself when it is an
/// object, or its element type when it is a list, set or map of objects.
pub(crate) fn object_to_list(ty: &Type) -> Option<&tfvalue::ObjectType> {
    match ty {
        Type::Object(o) => Some(o),
        Type::List(e) | Type::Set(e) | Type::Map(e) => match &**e {
            Type::Object(o) => Some(o),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        let obj = Type::from_json(br#"["object",{"a":"string"}]"#).expect("type");
        let cases = [
            (Type::String, "String", "string"),
            (Type::Bool, "Boolean", "bool"),
            (Type::Dynamic, "Dynamic", "dynamic"),
            (
                Type::list(Type::map(Type::Number)),
                "List of Map of Number",
                "list of map of number",
            ),
            (Type::set(obj.clone()), "Set of Object", "set of object"),
            (
                Type::from_json(br#"["tuple",["string"]]"#).expect("type"),
                "Tuple",
                "tuple",
            ),
        ];
        for (ty, doc, friendly) in cases {
            assert_eq!(attribute_type(&ty), doc);
            assert_eq!(friendly_name(&ty), friendly);
        }
        assert!(object_to_list(&obj).is_some());
        assert!(object_to_list(&Type::map(obj)).is_some());
        assert!(object_to_list(&Type::list(Type::String)).is_none());
    }
}
