//! tfvalue's [`Schema`] in the protocol's form (`tfplugin6.Schema`).

use tfvalue::schema::{
    Attribute, AttributeKind, Block, BlockNesting, NestedBlock, NestedObject, ObjectNesting,
    Schema, StringKind,
};

use crate::protocol::proto::tfplugin6 as pb;

/// The protocol message of a schema.
pub(crate) fn schema(schema: &Schema) -> pb::Schema {
    pb::Schema {
        version: schema.version,
        block: Some(block(&schema.block, schema.version)),
    }
}

/// The protocol message of an identity schema: the model's attributes, each required or
/// optional for import as it is required or optional in the model (the registry refuses
/// identity models with anything but attributes of a type).
pub(crate) fn identity_schema(schema: &Schema) -> pb::ResourceIdentitySchema {
    let identity_attributes = (schema.block.attributes.iter())
        .filter_map(|a| match &a.kind {
            AttributeKind::Type(ty) => Some(pb::resource_identity_schema::IdentityAttribute {
                name: a.name.clone(),
                r#type: ty.to_json().into_bytes(),
                required_for_import: a.required,
                optional_for_import: !a.required,
                description: a.description.clone(),
            }),
            AttributeKind::Nested(_) => None,
        })
        .collect();
    pb::ResourceIdentitySchema {
        version: schema.version,
        identity_attributes,
    }
}

fn block(b: &Block, version: i64) -> pb::schema::Block {
    pb::schema::Block {
        version,
        attributes: b.attributes.iter().map(attribute).collect(),
        block_types: b.block_types.iter().map(nested_block).collect(),
        description: b.description.clone(),
        description_kind: string_kind(b.description_kind) as i32,
        deprecated: b.deprecated,
        deprecation_message: b.deprecation_message.clone().unwrap_or_default(),
        computed: b.computed,
    }
}

/// A description's kind in the protocol's form.
pub(super) fn string_kind(kind: StringKind) -> pb::StringKind {
    match kind {
        StringKind::Plain => pb::StringKind::Plain,
        StringKind::Markdown => pb::StringKind::Markdown,
    }
}

fn attribute(a: &Attribute) -> pb::schema::Attribute {
    let (ty, nested_type) = match &a.kind {
        AttributeKind::Type(ty) => (ty.to_json().into_bytes(), None),
        AttributeKind::Nested(object) => (Vec::new(), Some(nested_object(object))),
    };
    pb::schema::Attribute {
        name: a.name.clone(),
        r#type: ty,
        nested_type,
        description: a.description.clone(),
        required: a.required,
        optional: a.optional,
        computed: a.computed,
        sensitive: a.sensitive,
        description_kind: string_kind(a.description_kind) as i32,
        deprecated: a.deprecated,
        write_only: a.write_only,
        deprecation_message: a.deprecation_message.clone().unwrap_or_default(),
    }
}

// The protocol deprecates the object's item counts (Terraform never enforced them); they
// are sent as zero, as every SDK does.
#[allow(deprecated)]
fn nested_object(o: &NestedObject) -> pb::schema::Object {
    use pb::schema::object::NestingMode;
    let nesting = match o.nesting {
        ObjectNesting::Single => NestingMode::Single,
        ObjectNesting::List => NestingMode::List,
        ObjectNesting::Set => NestingMode::Set,
        ObjectNesting::Map => NestingMode::Map,
    };
    pb::schema::Object {
        attributes: o.attributes.iter().map(attribute).collect(),
        nesting: nesting as i32,
        min_items: 0,
        max_items: 0,
    }
}

fn nested_block(n: &NestedBlock) -> pb::schema::NestedBlock {
    use pb::schema::nested_block::NestingMode;
    let nesting = match n.nesting {
        BlockNesting::Single => NestingMode::Single,
        BlockNesting::List => NestingMode::List,
        BlockNesting::Set => NestingMode::Set,
        BlockNesting::Map => NestingMode::Map,
        BlockNesting::Group => NestingMode::Group,
    };
    pb::schema::NestedBlock {
        type_name: n.type_name.clone(),
        block: Some(block(&n.block, 0)),
        nesting: nesting as i32,
        // Counts beyond i64 cannot be met by any configuration: saturate.
        min_items: i64::try_from(n.min_items).unwrap_or(i64::MAX),
        max_items: i64::try_from(n.max_items).unwrap_or(i64::MAX),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use prost::Message;
    use tfvalue::Type;

    #[test]
    fn write_only_and_deprecation_messages_reach_their_fields() {
        let attr = attribute(
            &Attribute::new("pw", Type::String)
                .optional()
                .write_only()
                .deprecation_message("Use pw_v2."),
        );
        assert!(attr.write_only && attr.deprecated);
        let bytes = attr.encode_to_vec();
        // Field 11 (write_only, varint): key 0x58; field 12 (deprecation_message, bytes):
        // key 0x62.
        let tail = [&[0x58, 0x01, 0x62, 0x0a][..], b"Use pw_v2."].concat();
        assert!(bytes.ends_with(&tail), "{bytes:02x?}");
        let b = block(&Block::new().deprecation_message("Gone."), 0);
        let bytes = b.encode_to_vec();
        // Field 6 (deprecated) then field 7 (deprecation_message): keys 0x30 and 0x3a.
        let tail = [&[0x30, 0x01, 0x3a, 0x05][..], b"Gone."].concat();
        assert!(bytes.ends_with(&tail), "{bytes:02x?}");
    }

    #[test]
    fn a_computed_block_is_field_8_and_an_ordinary_one_leaves_it_out() {
        let mut b = Block::new();
        assert_eq!(block(&b, 0).encode_to_vec(), b"");
        b.computed = true;
        // Field 8 (computed, varint): key 0x40, then true; every other field is empty.
        assert_eq!(block(&b, 0).encode_to_vec(), [0x40, 0x01]);
        let computed = Block::new().attribute(Attribute::new("mac", Type::String).computed());
        let root = Block::new().block_type(
            NestedBlock::new("nic", computed, tfvalue::schema::BlockNesting::List).computed(),
        );
        let nic = &block(&root, 0).block_types[0];
        assert!(nic.block.as_ref().is_some_and(|b| b.computed));
    }

    #[test]
    fn every_field_reaches_the_message() {
        let s = Schema::new(
            3,
            Block::new()
                .attribute(
                    Attribute::new("tags", Type::map(Type::String))
                        .optional()
                        .sensitive()
                        .description("Tags.", StringKind::Markdown),
                )
                .attribute(Attribute::nested(
                    "net",
                    NestedObject::new(ObjectNesting::Set)
                        .attribute(Attribute::new("ip", Type::String).computed()),
                ))
                .block_type(
                    NestedBlock::new(
                        "disk",
                        Block::new().attribute(Attribute::new("size", Type::Number).required()),
                        BlockNesting::List,
                    )
                    .min_items(1)
                    .max_items(8),
                ),
        );
        let p = schema(&s);
        assert_eq!(p.version, 3);
        let b = p.block.as_ref().unwrap();
        assert_eq!(b.version, 3);
        let tags = &b.attributes[0];
        assert_eq!(tags.r#type, br#"["map","string"]"#);
        assert!(tags.optional && tags.sensitive && !tags.required && !tags.computed);
        assert_eq!(tags.description_kind, pb::StringKind::Markdown as i32);
        let net = &b.attributes[1];
        assert!(net.r#type.is_empty());
        let nt = net.nested_type.as_ref().unwrap();
        assert_eq!(nt.nesting, pb::schema::object::NestingMode::Set as i32);
        assert!(nt.attributes[0].computed);
        let disk = &b.block_types[0];
        assert_eq!((disk.min_items, disk.max_items), (1, 8));
        assert_eq!(
            disk.nesting,
            pb::schema::nested_block::NestingMode::List as i32
        );
        // Byte level: field 1 (version) then field 2 (block) of the encoded message.
        let bytes = p.encode_to_vec();
        assert_eq!(&bytes[..2], &[0x08, 0x03]);
        assert_eq!(bytes[2], 0x12);
    }
}
