use super::*;

fn ty(json: &str) -> Type {
    Type::from_json(json.as_bytes()).expect("valid type constraint")
}

fn v_block() -> Block {
    Block::new().attribute(Attribute::new("v", Type::String).optional())
}

fn dyn_block() -> Block {
    Block::new().attribute(Attribute::new("d", Type::Dynamic).optional())
}

fn implied(nb: NestedBlock) -> String {
    Block::new().block_type(nb).implied_type().to_json()
}

#[test]
fn builders_set_fields() {
    let a = Attribute::new("a", Type::String)
        .required()
        .optional()
        .computed()
        .sensitive()
        .deprecated()
        .description("**x**", StringKind::Markdown);
    assert!(a.required && a.optional && a.computed && a.sensitive && a.deprecated);
    assert_eq!(a.description, "**x**");
    assert_eq!(a.description_kind, StringKind::Markdown);
    assert_eq!(a.kind, AttributeKind::Type(Type::String));

    let plain = Attribute::new("p", Type::Bool);
    assert!(!plain.required && !plain.optional && !plain.computed);
    assert!(!plain.sensitive && !plain.deprecated);
    assert_eq!(plain.description, "");
    assert_eq!(plain.description_kind, StringKind::Plain);

    let nb = NestedBlock::new("b", Block::new(), BlockNesting::List)
        .min_items(1)
        .max_items(3);
    assert_eq!((nb.min_items, nb.max_items), (1, 3));
    assert_eq!(nb.type_name, "b");

    let b = Block::new()
        .attribute(a.clone())
        .block_type(nb.clone())
        .description("d", StringKind::Plain)
        .deprecated();
    assert_eq!(b.attributes, vec![a]);
    assert_eq!(b.block_types, vec![nb]);
    assert!(b.deprecated);
    assert_eq!(b.description, "d");
    assert_eq!(b.find_attribute("a").map(|a| a.required), Some(true));
    assert!(b.find_attribute("b").is_none());
    assert_eq!(b.find_block_type("b").map(|b| b.max_items), Some(3));
    assert_eq!(StringKind::default(), StringKind::Plain);
}

#[test]
fn conditional_builders_set_a_flag_or_leave_it() {
    let by = |nullable: bool| {
        Attribute::new("a", Type::String)
            .optional_if(nullable)
            .required_if(!nullable)
    };
    let (optional, required) = (by(true), by(false));
    assert!(optional.optional && !optional.required && !optional.computed);
    assert!(required.required && !required.optional && !required.computed);
    // A false condition clears nothing.
    let kept = Attribute::new("a", Type::String)
        .required()
        .optional()
        .required_if(false)
        .optional_if(false);
    assert!(kept.required && kept.optional);
}

#[test]
fn implied_type_of_attributes() {
    let b = Block::new()
        .attribute(Attribute::new("s", Type::String).optional())
        .attribute(Attribute::new("l", Type::list(Type::Number)).required())
        .attribute(Attribute::new("d", Type::Dynamic).computed());
    assert_eq!(
        b.implied_type(),
        ty(r#"["object",{"d":"dynamic","l":["list","number"],"s":"string"}]"#)
    );
    assert_eq!(Block::new().implied_type(), ty(r#"["object",{}]"#));
}

#[test]
fn implied_type_drops_optional_markers_at_any_depth() {
    let declared = ty(
        r#"["list",["object",{"a":["object",{"x":"string"},["x"]],"t":["tuple",[["set",["object",{"y":"bool"},["y"]]],"number"]]},["t"]]]"#,
    );
    let a = Attribute::new("o", declared.clone()).optional();
    assert_eq!(
        a.implied_type().to_json(),
        r#"["list",["object",{"a":["object",{"x":"string"}],"t":["tuple",[["set",["object",{"y":"bool"}]],"number"]]}]]"#
    );
    // The attribute keeps its declared type.
    assert_eq!(a.kind, AttributeKind::Type(declared));
    // Without markers the type is returned as is (shared, not rebuilt).
    let plain = ty(r#"["map",["object",{"a":"string"}]]"#);
    let Type::Map(before) = &plain else {
        unreachable!()
    };
    let after = Attribute::new("m", plain.clone()).implied_type();
    let Type::Map(after) = &after else {
        unreachable!()
    };
    assert!(std::sync::Arc::ptr_eq(before, after));
}

#[test]
fn implied_type_of_nested_attributes() {
    let obj = || {
        NestedObject::new(ObjectNesting::Single)
            .attribute(Attribute::new("x", Type::String).required())
            .attribute(Attribute::new("y", Type::Number).optional())
    };
    let inner = r#"["object",{"x":"string","y":"number"}]"#;
    let cases = [
        (ObjectNesting::Single, inner.to_string()),
        (ObjectNesting::List, format!(r#"["list",{inner}]"#)),
        (ObjectNesting::Set, format!(r#"["set",{inner}]"#)),
        (ObjectNesting::Map, format!(r#"["map",{inner}]"#)),
    ];
    for (nesting, want) in cases {
        let mut o = obj();
        o.nesting = nesting;
        assert_eq!(Attribute::nested("n", o).implied_type().to_json(), want);
    }
    // Nested attributes inside nested attributes; dynamic stays inside a list.
    let deep = NestedObject::new(ObjectNesting::List).attribute(
        Attribute::nested(
            "m",
            NestedObject::new(ObjectNesting::Map)
                .attribute(Attribute::new("d", Type::Dynamic).optional()),
        )
        .optional(),
    );
    assert_eq!(
        Attribute::nested("n", deep).implied_type().to_json(),
        r#"["list",["object",{"m":["map",["object",{"d":"dynamic"}]]}]]"#
    );
}

#[test]
fn implied_type_of_every_block_nesting() {
    let obj = r#"["object",{"v":"string"}]"#;
    let nb = |n| NestedBlock::new("b", v_block(), n);
    assert_eq!(
        implied(nb(BlockNesting::Single)),
        format!(r#"["object",{{"b":{obj}}}]"#)
    );
    assert_eq!(
        implied(nb(BlockNesting::Group)),
        format!(r#"["object",{{"b":{obj}}}]"#)
    );
    assert_eq!(
        implied(nb(BlockNesting::List)),
        format!(r#"["object",{{"b":["list",{obj}]}}]"#)
    );
    assert_eq!(
        implied(nb(BlockNesting::Set)),
        format!(r#"["object",{{"b":["set",{obj}]}}]"#)
    );
    assert_eq!(
        implied(nb(BlockNesting::Map)),
        format!(r#"["object",{{"b":["map",{obj}]}}]"#)
    );
}

#[test]
fn implied_type_of_blocks_with_dynamic() {
    let obj = r#"["object",{"d":"dynamic"}]"#;
    let nb = |n| NestedBlock::new("b", dyn_block(), n);
    // LIST and MAP become dynamic (a tuple or object on the wire).
    assert_eq!(
        implied(nb(BlockNesting::List)),
        r#"["object",{"b":"dynamic"}]"#
    );
    assert_eq!(
        implied(nb(BlockNesting::Map)),
        r#"["object",{"b":"dynamic"}]"#
    );
    // SINGLE and GROUP keep the object; SET keeps the set (validation rejects it).
    assert_eq!(
        implied(nb(BlockNesting::Single)),
        format!(r#"["object",{{"b":{obj}}}]"#)
    );
    assert_eq!(
        implied(nb(BlockNesting::Group)),
        format!(r#"["object",{{"b":{obj}}}]"#)
    );
    assert_eq!(
        implied(nb(BlockNesting::Set)),
        format!(r#"["object",{{"b":["set",{obj}]}}]"#)
    );
    // Dynamic deep inside (a nested SINGLE block, a list attribute) counts too.
    let deep = Block::new().block_type(NestedBlock::new(
        "inner",
        Block::new().attribute(Attribute::new("l", Type::list(Type::Dynamic)).optional()),
        BlockNesting::Single,
    ));
    assert_eq!(
        implied(NestedBlock::new("b", deep.clone(), BlockNesting::List)),
        r#"["object",{"b":"dynamic"}]"#
    );
    // A LIST block inside a LIST block with dynamic: both levels are dynamic.
    let outer = Block::new().block_type(NestedBlock::new("x", deep, BlockNesting::List));
    assert_eq!(
        implied(NestedBlock::new("b", outer, BlockNesting::List)),
        r#"["object",{"b":"dynamic"}]"#
    );
}

#[test]
fn implied_type_of_inconsistent_schemas_follows_terraform() {
    // An attribute and a block type with one name: the attribute wins.
    let b = Block::new()
        .attribute(Attribute::new("x", Type::Bool).optional())
        .block_type(NestedBlock::new("x", v_block(), BlockNesting::List));
    assert_eq!(b.implied_type().to_json(), r#"["object",{"x":"bool"}]"#);
    // The same attribute twice: the later one wins.
    let b = Block::new()
        .attribute(Attribute::new("x", Type::Bool).optional())
        .attribute(Attribute::new("x", Type::String).optional());
    assert_eq!(b.implied_type().to_json(), r#"["object",{"x":"string"}]"#);
}

#[test]
fn schema_caches_its_object_type() {
    let s = Schema::new(3, v_block());
    let first: *const Type = s.object_type();
    let second: *const Type = s.object_type();
    assert_eq!(first, second);
    assert_eq!(s.object_type(), &v_block().implied_type());
    // Cloning keeps the computed type; equality and Debug ignore the cache.
    let c = s.clone();
    assert_eq!(c, s);
    assert_eq!(c, Schema::new(3, v_block()));
    assert_ne!(c, Schema::new(2, v_block()));
    assert_eq!(
        format!("{:?}", Schema::default()),
        format!("Schema {{ version: 0, block: {:?} }}", Block::new())
    );
}

struct Generic<T>(T);

fn build_u8() -> Schema {
    Schema::new(8, Block::new())
}

fn build_u16() -> Schema {
    Schema::new(16, Block::new())
}

fn build_outer() -> Schema {
    // Asks for another type's schema while its own is being built.
    let inner = cached_schema::<Generic<u8>>(build_u8);
    Schema::new(inner.version + 1, Block::new())
}

#[test]
fn cached_schema_is_per_type_and_reentrant() {
    let a = cached_schema::<Generic<u8>>(build_u8);
    let b = cached_schema::<Generic<u16>>(build_u16);
    assert_eq!((a.version, b.version), (8, 16));
    // The first build is kept, whatever a later call passes.
    let again = cached_schema::<Generic<u8>>(build_u16);
    assert!(std::ptr::eq(a, again));
    let outer = cached_schema::<Generic<Generic<u8>>>(build_outer);
    assert_eq!(outer.version, 9);
    let threads: Vec<_> = (0..4)
        .map(|_| {
            std::thread::spawn(|| {
                cached_schema::<Generic<u32>>(build_u16) as *const Schema as usize
            })
        })
        .collect();
    let ptrs: Vec<usize> = threads
        .into_iter()
        .map(|t| t.join().expect("no panic"))
        .collect();
    assert!(ptrs.windows(2).all(|w| w[0] == w[1]));
    let _ = Generic(0u8).0;
}

fn build_self() -> Schema {
    cached_schema::<Generic<i8>>(build_self).clone()
}

#[test]
#[should_panic(expected = "contains itself (as a block or nested attribute)")]
fn cached_schema_rejects_a_type_containing_itself() {
    let _ = cached_schema::<Generic<i8>>(build_self);
}

#[test]
fn cached_schema_recovers_after_a_failed_build() {
    fn build_fails() -> Schema {
        panic!("build failed")
    }
    let r = std::panic::catch_unwind(|| cached_schema::<Generic<i16>>(build_fails));
    assert!(r.is_err());
    // Not marked as being built any more, and the cache still works.
    let s = cached_schema::<Generic<i16>>(build_u16);
    assert_eq!(s.version, 16);
}
