// What #[derive(TfSchema)] writes for the structs of the file of the same name
// without `.expanded` (checked by tfvalue-derive's unit test `expand_snapshots`;
// rewrite with TFVALUE_BLESS=1).

///[`Bucket`] with every value known: made by `IntoKnown::into_known`, which lists the path of every value still unknown.
#[allow(clippy::all, clippy::pedantic)]
pub struct BucketKnown
where
    String: framework::tfvalue::known::IntoKnown,
    Unknown<Nullable<String>>: framework::tfvalue::known::IntoKnown,
    Vec<Rule>: framework::tfvalue::known::IntoKnown,
{
    ///`name`, known.
    pub name: <String as framework::tfvalue::known::IntoKnown>::Known,
    ///`arn`, known.
    pub arn: <Unknown<Nullable<String>> as framework::tfvalue::known::IntoKnown>::Known,
    ///`rule`, known.
    pub rule: <Vec<Rule> as framework::tfvalue::known::IntoKnown>::Known,
}
#[automatically_derived]
#[allow(clippy::all, clippy::pedantic)]
impl framework::tfvalue::known::IntoKnown for Bucket
where
    String: framework::tfvalue::known::IntoKnown,
    Unknown<Nullable<String>>: framework::tfvalue::known::IntoKnown,
    Vec<Rule>: framework::tfvalue::known::IntoKnown,
{
    type Known = BucketKnown;
    fn into_known_at(
        self,
        at: framework::tfvalue::known::Trail<'_>,
        unknowns: &mut ::std::vec::Vec<framework::tfvalue::AttributePath>,
    ) -> ::std::option::Option<Self::Known> {
        let name = framework::tfvalue::known::IntoKnown::into_known_at(
            self.name,
            at.attr("name"),
            unknowns,
        );
        let arn = framework::tfvalue::known::IntoKnown::into_known_at(
            self.arn,
            at.attr("arn"),
            unknowns,
        );
        let rule = framework::tfvalue::known::IntoKnown::into_known_at(
            self.rule,
            at.attr("rule"),
            unknowns,
        );
        ::std::option::Option::Some(BucketKnown {
            name: name?,
            arn: arn?,
            rule: rule?,
        })
    }
}
///[`Bucket`] as apply-time code reads the plan: every configured value known, every computed attribute as the model holds it, for the provider to fill in. Made by `IntoPlanned::into_planned`, which lists the path of every configured value still unknown; `Bucket::from` makes the model again.
#[allow(clippy::all, clippy::pedantic)]
pub struct BucketPlanned
where
    String: framework::tfvalue::known::IntoPlanned,
    Vec<Rule>: framework::tfvalue::known::IntoPlanned,
{
    ///`name`, known.
    pub name: <String as framework::tfvalue::known::IntoPlanned>::Planned,
    ///`arn`, computed: as the model holds it, for the provider to fill in.
    pub arn: Unknown<Nullable<String>>,
    ///`rule`, known.
    pub rule: <Vec<Rule> as framework::tfvalue::known::IntoPlanned>::Planned,
}
#[automatically_derived]
#[allow(clippy::all, clippy::pedantic)]
impl framework::tfvalue::known::IntoPlanned for Bucket
where
    String: framework::tfvalue::known::IntoPlanned,
    Vec<Rule>: framework::tfvalue::known::IntoPlanned,
{
    type Planned = BucketPlanned;
    fn into_planned_at(
        self,
        at: framework::tfvalue::known::Trail<'_>,
        unknowns: &mut ::std::vec::Vec<framework::tfvalue::AttributePath>,
    ) -> ::std::option::Option<Self::Planned> {
        let field0 = framework::tfvalue::known::IntoPlanned::into_planned_at(
            self.name,
            at.attr("name"),
            unknowns,
        );
        let field1 = self.arn;
        let field2 = framework::tfvalue::known::IntoPlanned::into_planned_at(
            self.rule,
            at.attr("rule"),
            unknowns,
        );
        ::std::option::Option::Some(BucketPlanned {
            name: field0?,
            arn: field1,
            rule: field2?,
        })
    }
    fn from_planned(planned: Self::Planned) -> Self {
        Bucket {
            name: framework::tfvalue::known::IntoPlanned::from_planned(planned.name),
            arn: planned.arn,
            rule: framework::tfvalue::known::IntoPlanned::from_planned(planned.rule),
        }
    }
}
#[automatically_derived]
#[allow(clippy::all, clippy::pedantic)]
impl ::std::convert::From<BucketPlanned> for Bucket
where
    String: framework::tfvalue::known::IntoPlanned,
    Vec<Rule>: framework::tfvalue::known::IntoPlanned,
{
    fn from(planned: BucketPlanned) -> Self {
        framework::tfvalue::known::IntoPlanned::from_planned(planned)
    }
}
#[doc(hidden)]
#[allow(non_upper_case_globals, unused_qualifications, clippy::all, clippy::pedantic)]
const _: () = {
    impl framework::tfvalue::TfType for Bucket {
        fn tf_type() -> framework::tfvalue::Type {
            static CELL: ::std::sync::OnceLock<framework::tfvalue::Type> = ::std::sync::OnceLock::new();
            ::std::clone::Clone::clone(
                CELL
                    .get_or_init(|| framework::tfvalue::__private_0_1_0::object_type(
                        ::std::vec![
                            ("name", < String as framework::tfvalue::TfType >
                            ::tf_type(), < String as framework::tfvalue::TfType >
                            ::DECLARES_NULL), ("arn", < Unknown < Nullable < String > >
                            as framework::tfvalue::TfType > ::tf_type(), true), ("rule",
                            if < Vec < Rule > as framework::tfvalue::TfType >
                            ::HAS_DYNAMIC { framework::tfvalue::Type::Dynamic } else { <
                            Vec < Rule > as framework::tfvalue::TfType > ::tf_type() },
                            false)
                        ],
                    )),
            )
        }
        const HAS_DYNAMIC: bool = false
            || <String as framework::tfvalue::TfType>::HAS_DYNAMIC
            || <Unknown<Nullable<String>> as framework::tfvalue::TfType>::HAS_DYNAMIC
            || <Vec<Rule> as framework::tfvalue::TfType>::HAS_DYNAMIC;
    }
    impl framework::tfvalue::schema::TfSchema for Bucket {
        fn schema() -> &'static framework::tfvalue::schema::Schema {
            static CELL: ::std::sync::OnceLock<framework::tfvalue::schema::Schema> = ::std::sync::OnceLock::new();
            CELL.get_or_init(|| {
                let block = framework::tfvalue::schema::Block::new();
                let block = block
                    .attribute(
                        framework::tfvalue::schema::Attribute::new(
                                "name",
                                <String as framework::tfvalue::TfType>::tf_type(),
                            )
                            .optional_if(
                                <String as framework::tfvalue::TfType>::DECLARES_NULL,
                            )
                            .required_if(
                                !<String as framework::tfvalue::TfType>::DECLARES_NULL,
                            ),
                    );
                let block = block
                    .attribute(
                        framework::tfvalue::schema::Attribute::new(
                                "arn",
                                <Unknown<
                                    Nullable<String>,
                                > as framework::tfvalue::TfType>::tf_type(),
                            )
                            .computed(),
                    );
                let block = block
                    .block_type(
                        framework::tfvalue::schema::NestedBlock::new(
                                "rule",
                                ::std::clone::Clone::clone(
                                        &<Rule as framework::tfvalue::schema::TfSchema>::schema()
                                            .block,
                                    )
                                    .description(
                                        <Rule as framework::tfvalue::schema::TfSchema>::block_description()
                                            .map_or("", |(text, _)| text),
                                        <Rule as framework::tfvalue::schema::TfSchema>::block_description()
                                            .map_or(
                                                framework::tfvalue::schema::StringKind::Plain,
                                                |(_, kind)| kind,
                                            ),
                                    ),
                                framework::tfvalue::schema::BlockNesting::List,
                            )
                            .min_items(0u64)
                            .max_items(0u64),
                    );
                let block = block;
                framework::tfvalue::schema::Schema::new(0i64, block)
            })
        }
        fn rules() -> &'static framework::tfvalue::rules::Rules {
            static RULES: ::std::sync::OnceLock<framework::tfvalue::rules::Rules> = ::std::sync::OnceLock::new();
            RULES
                .get_or_init(|| {
                    framework::tfvalue::rules::Rules::new()
                        .attribute(
                            framework::tfvalue::rules::AttributeRules::new("name")
                                .custom_type(
                                    <String as framework::tfvalue::TfType>::SEMANTICS,
                                ),
                        )
                        .attribute(
                            framework::tfvalue::rules::AttributeRules::new("arn")
                                .custom_type(
                                    <Unknown<
                                        Nullable<String>,
                                    > as framework::tfvalue::TfType>::SEMANTICS,
                                ),
                        )
                        .attribute(
                            framework::tfvalue::rules::AttributeRules::new("rule")
                                .nested_rules(
                                    <Rule as framework::tfvalue::schema::TfSchema>::rules,
                                ),
                        )
                })
        }
    }
    impl framework::tfvalue::__private_0_1_0::serde::Serialize for Bucket {
        fn serialize<S: framework::tfvalue::__private_0_1_0::serde::Serializer>(
            &self,
            serializer: S,
        ) -> ::std::result::Result<S::Ok, S::Error> {
            let mut state = framework::tfvalue::__private_0_1_0::serde::Serializer::serialize_struct(
                serializer,
                framework::tfvalue::__private_0_1_0::SORTED_STRUCT_TOKEN,
                3usize,
            )?;
            framework::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                &mut state,
                "arn",
                &self.arn,
            )?;
            framework::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                &mut state,
                "name",
                &self.name,
            )?;
            framework::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                &mut state,
                "rule",
                &framework::tfvalue::__private_0_1_0::BlocksRef(&self.rule),
            )?;
            framework::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::end(state)
        }
    }
    impl<'de> framework::tfvalue::__private_0_1_0::serde::Deserialize<'de> for Bucket {
        fn deserialize<
            __D: framework::tfvalue::__private_0_1_0::serde::Deserializer<'de>,
        >(deserializer: __D) -> ::std::result::Result<Self, __D::Error> {
            const FIELDS: &[&str] = &["arn", "name", "rule"];
            enum __Field {
                __F0,
                __F1,
                __F2,
            }
            struct __FieldVisitor;
            impl<'de> framework::tfvalue::__private_0_1_0::serde::de::Visitor<'de>
            for __FieldVisitor {
                type Value = __Field;
                fn expecting(
                    &self,
                    f: &mut ::std::fmt::Formatter<'_>,
                ) -> ::std::fmt::Result {
                    f.write_str("an attribute name")
                }
                fn visit_str<__E: framework::tfvalue::__private_0_1_0::serde::de::Error>(
                    self,
                    value: &str,
                ) -> ::std::result::Result<__Field, __E> {
                    match value {
                        "arn" => ::std::result::Result::Ok(__Field::__F0),
                        "name" => ::std::result::Result::Ok(__Field::__F1),
                        "rule" => ::std::result::Result::Ok(__Field::__F2),
                        other => {
                            ::std::result::Result::Err(
                                framework::tfvalue::__private_0_1_0::serde::de::Error::unknown_field(
                                    other,
                                    FIELDS,
                                ),
                            )
                        }
                    }
                }
                fn visit_bytes<
                    __E: framework::tfvalue::__private_0_1_0::serde::de::Error,
                >(self, value: &[u8]) -> ::std::result::Result<__Field, __E> {
                    match value {
                        b"arn" => ::std::result::Result::Ok(__Field::__F0),
                        b"name" => ::std::result::Result::Ok(__Field::__F1),
                        b"rule" => ::std::result::Result::Ok(__Field::__F2),
                        other => {
                            ::std::result::Result::Err(
                                framework::tfvalue::__private_0_1_0::serde::de::Error::unknown_field(
                                    &::std::string::String::from_utf8_lossy(other),
                                    FIELDS,
                                ),
                            )
                        }
                    }
                }
            }
            impl<'de> framework::tfvalue::__private_0_1_0::serde::Deserialize<'de>
            for __Field {
                fn deserialize<
                    __D2: framework::tfvalue::__private_0_1_0::serde::Deserializer<'de>,
                >(deserializer: __D2) -> ::std::result::Result<Self, __D2::Error> {
                    framework::tfvalue::__private_0_1_0::serde::Deserializer::deserialize_identifier(
                        deserializer,
                        __FieldVisitor,
                    )
                }
            }
            struct __Visitor<'de>(::std::marker::PhantomData<(&'de (),)>);
            impl<'de> framework::tfvalue::__private_0_1_0::serde::de::Visitor<'de>
            for __Visitor<'de> {
                type Value = Bucket;
                fn expecting(
                    &self,
                    f: &mut ::std::fmt::Formatter<'_>,
                ) -> ::std::fmt::Result {
                    f.write_str("an object")
                }
                fn visit_map<
                    __A: framework::tfvalue::__private_0_1_0::serde::de::MapAccess<'de>,
                >(self, mut map: __A) -> ::std::result::Result<Self::Value, __A::Error> {
                    let mut __v0: ::std::option::Option<Unknown<Nullable<String>>> = ::std::option::Option::None;
                    let mut __v1: ::std::option::Option<String> = ::std::option::Option::None;
                    let mut __v2: ::std::option::Option<Vec<Rule>> = ::std::option::Option::None;
                    while let ::std::option::Option::Some(key) = framework::tfvalue::__private_0_1_0::serde::de::MapAccess::next_key::<
                        __Field,
                    >(&mut map)? {
                        match key {
                            __Field::__F0 => {
                                if __v0.is_some() {
                                    return ::std::result::Result::Err(
                                        framework::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                            "arn",
                                        ),
                                    );
                                }
                                __v0 = ::std::option::Option::Some(
                                    framework::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                                        Unknown<Nullable<String>>,
                                    >(&mut map)?,
                                );
                            }
                            __Field::__F1 => {
                                if __v1.is_some() {
                                    return ::std::result::Result::Err(
                                        framework::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                            "name",
                                        ),
                                    );
                                }
                                __v1 = ::std::option::Option::Some(
                                    framework::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                                        String,
                                    >(&mut map)?,
                                );
                            }
                            __Field::__F2 => {
                                if __v2.is_some() {
                                    return ::std::result::Result::Err(
                                        framework::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                            "rule",
                                        ),
                                    );
                                }
                                __v2 = ::std::option::Option::Some(
                                    framework::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                                        framework::tfvalue::__private_0_1_0::Blocks<
                                            Vec<Rule>,
                                            { <Vec<Rule> as framework::tfvalue::TfType>::HAS_DYNAMIC },
                                        >,
                                    >(&mut map)?
                                        .0,
                                );
                            }
                        }
                    }
                    let __v0 = match __v0 {
                        ::std::option::Option::Some(v) => v,
                        ::std::option::Option::None => {
                            return ::std::result::Result::Err(
                                framework::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                                    "arn",
                                ),
                            );
                        }
                    };
                    let __v1 = match __v1 {
                        ::std::option::Option::Some(v) => v,
                        ::std::option::Option::None => {
                            return ::std::result::Result::Err(
                                framework::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                                    "name",
                                ),
                            );
                        }
                    };
                    let __v2 = match __v2 {
                        ::std::option::Option::Some(v) => v,
                        ::std::option::Option::None => {
                            return ::std::result::Result::Err(
                                framework::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                                    "rule",
                                ),
                            );
                        }
                    };
                    ::std::result::Result::Ok(Bucket {
                        arn: __v0,
                        name: __v1,
                        rule: __v2,
                    })
                }
            }
            framework::tfvalue::__private_0_1_0::serde::Deserializer::deserialize_struct(
                deserializer,
                "Bucket",
                FIELDS,
                __Visitor(::std::marker::PhantomData),
            )
        }
    }
    impl framework::tfvalue::known::UnknownPaths for Bucket {
        fn unknown_paths_into(
            &self,
            at: framework::tfvalue::known::Trail<'_>,
            out: &mut ::std::vec::Vec<framework::tfvalue::AttributePath>,
        ) {
            framework::tfvalue::known::UnknownPaths::unknown_paths_into(
                &self.name,
                at.attr("name"),
                out,
            );
            framework::tfvalue::known::UnknownPaths::unknown_paths_into(
                &self.arn,
                at.attr("arn"),
                out,
            );
            framework::tfvalue::known::UnknownPaths::unknown_paths_into(
                &self.rule,
                at.attr("rule"),
                out,
            );
        }
        fn is_wholly_known(&self) -> bool {
            true && framework::tfvalue::known::UnknownPaths::is_wholly_known(&self.name)
                && framework::tfvalue::known::UnknownPaths::is_wholly_known(&self.arn)
                && framework::tfvalue::known::UnknownPaths::is_wholly_known(&self.rule)
        }
    }
    const _: () = if !<Unknown<
        Nullable<String>,
    > as framework::tfvalue::TfType>::CAN_BE_UNKNOWN {
        ::core::panic!(
            "`arn` is computed, but its type cannot hold an unknown value: the provider must be able to plan it as unknown; use Unknown<Nullable<T>>"
        )
    } else if !<Unknown<Nullable<String>> as framework::tfvalue::TfType>::CAN_BE_NULL {
        ::core::panic!(
            "`arn` is computed, but its type cannot be null: Terraform sends null for a computed attribute the configuration does not set; use Unknown<Nullable<T>>"
        )
    };
    #[doc(hidden)]
    pub struct __TfvalueSlots {
        __v0: ::std::option::Option<Unknown<Nullable<String>>>,
        __v1: ::std::option::Option<String>,
        __v2: ::std::option::Option<Vec<Rule>>,
    }
    impl ::std::default::Default for __TfvalueSlots {
        fn default() -> Self {
            __TfvalueSlots {
                __v0: ::std::option::Option::None,
                __v1: ::std::option::Option::None,
                __v2: ::std::option::Option::None,
            }
        }
    }
    #[allow(unused_variables, unreachable_patterns)]
    impl framework::tfvalue::__private_0_1_0::Flatten for Bucket {
        const NAMES: &'static [&'static str] = &["arn", "name", "rule"];
        type Slots = __TfvalueSlots;
        fn field(name: &[u8]) -> ::std::option::Option<u16> {
            match name {
                b"arn" => ::std::option::Option::Some(0u16),
                b"name" => ::std::option::Option::Some(1u16),
                b"rule" => ::std::option::Option::Some(2u16),
                _ => ::std::option::Option::None,
            }
        }
        fn accept<
            'de,
            __A: framework::tfvalue::__private_0_1_0::serde::de::MapAccess<'de>,
        >(
            slots: &mut Self::Slots,
            index: u16,
            map: &mut __A,
        ) -> ::std::result::Result<
            (),
            <__A as framework::tfvalue::__private_0_1_0::serde::de::MapAccess<
                'de,
            >>::Error,
        > {
            match index {
                0u16 => {
                    if slots.__v0.is_some() {
                        return ::std::result::Result::Err(
                            framework::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                "arn",
                            ),
                        );
                    }
                    slots.__v0 = ::std::option::Option::Some(
                        framework::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                            Unknown<Nullable<String>>,
                        >(&mut *map)?,
                    );
                }
                1u16 => {
                    if slots.__v1.is_some() {
                        return ::std::result::Result::Err(
                            framework::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                "name",
                            ),
                        );
                    }
                    slots.__v1 = ::std::option::Option::Some(
                        framework::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                            String,
                        >(&mut *map)?,
                    );
                }
                2u16 => {
                    if slots.__v2.is_some() {
                        return ::std::result::Result::Err(
                            framework::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                "rule",
                            ),
                        );
                    }
                    slots.__v2 = ::std::option::Option::Some(
                        framework::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                            framework::tfvalue::__private_0_1_0::Blocks<
                                Vec<Rule>,
                                { <Vec<Rule> as framework::tfvalue::TfType>::HAS_DYNAMIC },
                            >,
                        >(&mut *map)?
                            .0,
                    );
                }
                _ => {}
            }
            ::std::result::Result::Ok(())
        }
        fn finish<__E: framework::tfvalue::__private_0_1_0::serde::de::Error>(
            slots: Self::Slots,
        ) -> ::std::result::Result<Self, __E> {
            let __v0 = match slots.__v0 {
                ::std::option::Option::Some(v) => v,
                ::std::option::Option::None => {
                    return ::std::result::Result::Err(
                        framework::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                            "arn",
                        ),
                    );
                }
            };
            let __v1 = match slots.__v1 {
                ::std::option::Option::Some(v) => v,
                ::std::option::Option::None => {
                    return ::std::result::Result::Err(
                        framework::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                            "name",
                        ),
                    );
                }
            };
            let __v2 = match slots.__v2 {
                ::std::option::Option::Some(v) => v,
                ::std::option::Option::None => {
                    return ::std::result::Result::Err(
                        framework::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                            "rule",
                        ),
                    );
                }
            };
            ::std::result::Result::Ok(Bucket {
                arn: __v0,
                name: __v1,
                rule: __v2,
            })
        }
        fn serialize_field<
            __S: framework::tfvalue::__private_0_1_0::serde::ser::SerializeStruct,
        >(
            &self,
            index: u16,
            state: &mut __S,
        ) -> ::std::result::Result<
            (),
            <__S as framework::tfvalue::__private_0_1_0::serde::ser::SerializeStruct>::Error,
        > {
            match index {
                0u16 => {
                    framework::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                        state,
                        "arn",
                        &self.arn,
                    )
                }
                1u16 => {
                    framework::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                        state,
                        "name",
                        &self.name,
                    )
                }
                2u16 => {
                    framework::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                        state,
                        "rule",
                        &framework::tfvalue::__private_0_1_0::BlocksRef(&self.rule),
                    )
                }
                _ => ::std::result::Result::Ok(()),
            }
        }
        fn object_attributes(
            out: &mut ::std::vec::Vec<(&'static str, framework::tfvalue::Type, bool)>,
        ) {
            out.push((
                "arn",
                <Unknown<Nullable<String>> as framework::tfvalue::TfType>::tf_type(),
                true,
            ));
            out.push((
                "name",
                <String as framework::tfvalue::TfType>::tf_type(),
                <String as framework::tfvalue::TfType>::DECLARES_NULL,
            ));
            out.push((
                "rule",
                if <Vec<Rule> as framework::tfvalue::TfType>::HAS_DYNAMIC {
                    framework::tfvalue::Type::Dynamic
                } else {
                    <Vec<Rule> as framework::tfvalue::TfType>::tf_type()
                },
                false,
            ));
        }
        fn flatten_rules(
            rules: framework::tfvalue::rules::Rules,
        ) -> framework::tfvalue::rules::Rules {
            framework::tfvalue::rules::Rules::merge(
                rules,
                (|| {
                    framework::tfvalue::rules::Rules::new()
                        .attribute(
                            framework::tfvalue::rules::AttributeRules::new("name")
                                .custom_type(
                                    <String as framework::tfvalue::TfType>::SEMANTICS,
                                ),
                        )
                        .attribute(
                            framework::tfvalue::rules::AttributeRules::new("arn")
                                .custom_type(
                                    <Unknown<
                                        Nullable<String>,
                                    > as framework::tfvalue::TfType>::SEMANTICS,
                                ),
                        )
                        .attribute(
                            framework::tfvalue::rules::AttributeRules::new("rule")
                                .nested_rules(
                                    <Rule as framework::tfvalue::schema::TfSchema>::rules,
                                ),
                        )
                })(),
            )
        }
    }
};
