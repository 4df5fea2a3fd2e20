//! Attribute flags, descriptions, renames, struct-level settings.

use super::common::{opt, req, round_trip, strings, wire_of, wire_refined, wire_unknown, PLAIN};
use super::nested_blocks::UnknownBlocks;
use tfvalue::known::UnknownPaths;
use tfvalue::schema::{Attribute, Block, Schema, StringKind};
use tfvalue::{Nullable, Refinements, TfSchema, Type, Unknown, Value};
use tfvalue_suite::to_hex;

/// A resource with every attribute flag.
///
/// Its second paragraph.
#[derive(TfSchema, Debug, PartialEq)]
#[tf(version = 7, deprecated)]
pub(crate) struct Flags {
    /// The name.
    pub(crate) name: String,
    pub(crate) size: Nullable<u64>,
    pub(crate) zone: Option<String>,
    /// Known after apply.
    #[tf(computed)]
    pub(crate) id: Unknown<Nullable<String>>,
    #[tf(optional, computed)]
    pub(crate) region: Unknown<Nullable<String>>,
    #[tf(sensitive)]
    pub(crate) password: Unknown<Nullable<String>>,
    #[tf(required, sensitive)]
    pub(crate) token: String,
    #[tf(deprecated)]
    pub(crate) legacy: Option<bool>,
    #[tf(optional, computed, sensitive, deprecated)]
    pub(crate) everything: Unknown<Nullable<String>>,
    /// This doc comment is replaced.
    #[tf(description = "Explicit text.")]
    pub(crate) described: Option<String>,
    /// Uses **markdown**.
    #[tf(description_kind = markdown)]
    pub(crate) md: Option<String>,
    #[tf(description = "`code`, plain", description_kind = plain)]
    pub(crate) plain: Option<String>,
    /// Line one.
    ///
    /// Line three.
    pub(crate) lines: Option<String>,
    #[tf(rename = "kind")]
    pub(crate) flavor: Option<String>,
    #[tf(rename = "aaa")]
    pub(crate) zzz: Nullable<i32>,
    r#type: String,
    #[tf(required)]
    pub(crate) count: u8,
    #[tf(optional)]
    pub(crate) any: Value,
    pub(crate) dyn_required: Value,
    #[tf(computed)]
    pub(crate) dyn_computed: Value,
}

fn flags_schema() -> Schema {
    Schema::new(
        7,
        Block::new()
            .attribute(req("name", "\"string\"").description("The name.", PLAIN))
            .attribute(opt("size", "\"number\""))
            .attribute(opt("zone", "\"string\""))
            .attribute(
                Attribute::new("id", Type::String)
                    .computed()
                    .description("Known after apply.", PLAIN),
            )
            .attribute(opt("region", "\"string\"").computed())
            .attribute(opt("password", "\"string\"").sensitive())
            .attribute(req("token", "\"string\"").sensitive())
            .attribute(opt("legacy", "\"bool\"").deprecated())
            .attribute(
                opt("everything", "\"string\"")
                    .computed()
                    .sensitive()
                    .deprecated(),
            )
            .attribute(opt("described", "\"string\"").description("Explicit text.", PLAIN))
            .attribute(
                opt("md", "\"string\"").description("Uses **markdown**.", StringKind::Markdown),
            )
            .attribute(opt("plain", "\"string\"").description("`code`, plain", PLAIN))
            .attribute(opt("lines", "\"string\"").description("Line one.\n\nLine three.", PLAIN))
            .attribute(opt("kind", "\"string\""))
            .attribute(opt("aaa", "\"number\""))
            .attribute(req("type", "\"string\""))
            .attribute(req("count", "\"number\""))
            .attribute(opt("any", "\"dynamic\""))
            .attribute(req("dyn_required", "\"dynamic\""))
            .attribute(Attribute::new("dyn_computed", Type::Dynamic).computed())
            .description(
                "A resource with every attribute flag.\n\nIts second paragraph.",
                PLAIN,
            )
            .deprecated(),
    )
}

#[test]
fn attribute_flags_schema() {
    let schema = Flags::schema();
    let expected = flags_schema();
    for (d, e) in schema
        .block
        .attributes
        .iter()
        .zip(&expected.block.attributes)
    {
        assert_eq!(d, e, "attribute {}", e.name);
    }
    assert_eq!(schema, &expected);
    schema.validate().expect("a valid schema");
    // The same schema every time (built once).
    assert!(std::ptr::eq(schema, Flags::schema()));
}

pub(crate) const FLAGS_JSON: &str = r#"{"name":"vm","size":3,"zone":null,"id":"i-1","region":"eu",
    "password":"pw","token":"t","legacy":true,"everything":"e","described":"d","md":"m",
    "plain":null,"lines":"l","kind":"k","aaa":-1,"type":"t2","count":2,
    "any":{"value":["a",1],"type":["tuple",["string","number"]]},
    "dyn_required":{"value":"x","type":"string"},"dyn_computed":null}"#;

#[test]
fn attribute_flags_encode_and_decode() {
    let bytes = wire_of::<Flags>(FLAGS_JSON);
    let m: Flags = round_trip(&bytes);
    assert_eq!(m.name, "vm");
    assert_eq!(m.size, Nullable::Value(3));
    assert_eq!(m.zone, None);
    assert_eq!(m.id, Unknown::known(Nullable::Value("i-1".to_owned())));
    assert_eq!(m.region.as_value().map(String::as_str), Some("eu"));
    assert_eq!(m.password.as_value().map(String::as_str), Some("pw"));
    assert_eq!(m.token, "t");
    assert_eq!(m.legacy, Some(true));
    assert_eq!(m.everything.as_value().map(String::as_str), Some("e"));
    assert_eq!(m.described.as_deref(), Some("d"));
    assert_eq!(m.md.as_deref(), Some("m"));
    assert_eq!(m.plain, None);
    assert_eq!(m.lines.as_deref(), Some("l"));
    // Renamed: `kind` and `aaa` on the wire, in their byte order.
    assert_eq!(m.flavor.as_deref(), Some("k"));
    assert_eq!(m.zzz, Nullable::Value(-1));
    assert_eq!(m.r#type, "t2");
    assert_eq!(m.count, 2);
    assert_eq!(m.any.ty().to_json(), r#"["tuple",["string","number"]]"#);
    assert_eq!(m.dyn_required.as_str(), Some("x"));
    assert!(m.dyn_computed.is_null());
    // The first key on the wire is the renamed `aaa`, not `zzz` (nor `any`).
    assert_eq!(&bytes[..6], &[0xde, 0x00, 0x14, 0xa3, b'a', b'a']);

    // A model built in Rust encodes to the same bytes.
    let built = Flags {
        name: "vm".into(),
        size: Nullable::Value(3),
        zone: None,
        id: Unknown::known(Nullable::Value("i-1".into())),
        region: Unknown::known(Nullable::Value("eu".into())),
        password: Unknown::known(Nullable::Value("pw".into())),
        token: "t".into(),
        legacy: Some(true),
        everything: Unknown::known(Nullable::Value("e".into())),
        described: Some("d".into()),
        md: Some("m".into()),
        plain: None,
        lines: Some("l".into()),
        flavor: Some("k".into()),
        zzz: Nullable::Value(-1),
        r#type: "t2".into(),
        count: 2,
        any: Value::tuple(vec![Value::String("a".into()), Value::Number(1.into())]),
        dyn_required: Value::String("x".into()),
        dyn_computed: Value::null(Type::Dynamic),
    };
    assert_eq!(built, m);
    assert_eq!(
        to_hex(&tfvalue::msgpack::to_vec(&built).expect("encode")),
        to_hex(&bytes)
    );
}

#[test]
fn attribute_flags_at_plan_time() {
    // Computed and optional+computed attributes unknown, a dynamic one unknown.
    let bytes = wire_unknown(
        Flags::schema().object_type(),
        FLAGS_JSON,
        &[
            ".id",
            ".region",
            ".everything",
            ".dyn_computed",
            ".password",
        ],
    );
    let m: Flags = round_trip(&bytes);
    assert!(m.id.is_unknown());
    assert!(m.region.is_unknown());
    assert!(m.everything.is_unknown());
    assert!(m.password.is_unknown());
    assert!(m.dyn_computed.is_unknown());
    assert_eq!(
        strings(&m.unknown_paths()),
        [
            ".id",
            ".region",
            ".password",
            ".everything",
            ".dyn_computed"
        ]
    );
    // Null everywhere it may be.
    let nulls = wire_of::<Flags>(
        r#"{"name":"","token":"","type":"","count":0,"dyn_required":{"value":0,"type":"number"}}"#,
    );
    let m: Flags = round_trip(&nulls);
    assert!(m.id.is_null() && m.region.is_null() && m.any.is_null());
    assert_eq!(
        (m.size, m.zzz, m.legacy),
        (Nullable::Null, Nullable::Null, None)
    );
}

#[test]
fn refined_unknowns_round_trip() {
    // What Terraform knows about an unknown value travels with it, byte for byte.
    let prefix = Refinements::new().not_null().with_string_prefix("i-");
    let bytes = wire_refined(
        Flags::schema().object_type(),
        FLAGS_JSON,
        &[(".id", prefix.clone())],
    );
    let m: Flags = round_trip(&bytes);
    assert_eq!(m.id, Unknown::refined(prefix));
    let length = Refinements::new()
        .not_null()
        .with_length_lower_bound(1)
        .unwrap()
        .with_length_upper_bound(2)
        .unwrap();
    let bytes = wire_refined(
        UnknownBlocks::schema().object_type(),
        r#"{"list":[],"set":[],"map":{},"group":{}}"#,
        &[(".list", length.clone())],
    );
    let m: UnknownBlocks = round_trip(&bytes);
    assert_eq!(m.list, Unknown::refined(length));
}

/// Replaced by the description below.
#[derive(TfSchema, Debug, PartialEq)]
#[tf(description = "A **markdown** block.", description_kind = markdown)]
struct Described {
    x: Option<String>,
}

/// Documented, *plain*.
#[derive(TfSchema, Debug, PartialEq)]
#[tf(version = 1)]
struct Documented {
    x: Option<String>,
}

#[derive(TfSchema, Debug, PartialEq)]
struct Undocumented {
    x: Option<String>,
}

#[test]
fn struct_level_settings() {
    let x = || opt("x", "\"string\"");
    assert_eq!(
        Described::schema(),
        &Schema::new(
            0,
            Block::new()
                .attribute(x())
                .description("A **markdown** block.", StringKind::Markdown)
        )
    );
    assert_eq!(
        Documented::schema(),
        &Schema::new(
            1,
            Block::new()
                .attribute(x())
                .description("Documented, *plain*.", PLAIN)
        )
    );
    assert_eq!(
        Undocumented::schema(),
        &Schema::new(0, Block::new().attribute(x()))
    );
    assert!(!Undocumented::schema().block.deprecated);
    assert!(Flags::schema().block.deprecated);
    // The rendering `terraform providers schema -json` would print.
    let json = Described::schema().to_providers_json();
    assert_eq!(json["block"]["description"], "A **markdown** block.");
    assert_eq!(json["block"]["description_kind"], "markdown");
    assert_eq!(Flags::schema().to_providers_json()["version"], 7);
}
