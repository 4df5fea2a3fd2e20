// What #[derive(TfSchema)] writes for the structs of the file of the same name
// without `.expanded` (checked by tfvalue-derive's unit test `expand_snapshots`;
// rewrite with TFVALUE_BLESS=1).

///[`Labelled`] with every value known: made by `IntoKnown::into_known`, which lists the path of every value still unknown.
#[allow(clippy::all, clippy::pedantic)]
pub struct LabelledKnown<'a, T>
where
    &'a str: ::tfvalue::known::IntoKnown,
    T: ::tfvalue::known::IntoKnown,
    BTreeMap<String, Extra>: ::tfvalue::known::IntoKnown,
{
    ///`label`, known.
    pub label: <&'a str as ::tfvalue::known::IntoKnown>::Known,
    ///`value`, known.
    pub value: <T as ::tfvalue::known::IntoKnown>::Known,
    ///`extra`, known.
    pub extra: <BTreeMap<String, Extra> as ::tfvalue::known::IntoKnown>::Known,
}
#[automatically_derived]
#[allow(clippy::all, clippy::pedantic)]
impl<'a, T> ::tfvalue::known::IntoKnown for Labelled<'a, T>
where
    &'a str: ::tfvalue::known::IntoKnown,
    T: ::tfvalue::known::IntoKnown,
    BTreeMap<String, Extra>: ::tfvalue::known::IntoKnown,
{
    type Known = LabelledKnown<'a, T>;
    fn into_known_at(
        self,
        at: ::tfvalue::known::Trail<'_>,
        unknowns: &mut ::std::vec::Vec<::tfvalue::AttributePath>,
    ) -> ::std::option::Option<Self::Known> {
        let label = ::tfvalue::known::IntoKnown::into_known_at(
            self.label,
            at.attr("label"),
            unknowns,
        );
        let value = ::tfvalue::known::IntoKnown::into_known_at(
            self.value,
            at.attr("value"),
            unknowns,
        );
        let extra = ::tfvalue::known::IntoKnown::into_known_at(
            self.extra,
            at.attr("extra"),
            unknowns,
        );
        ::std::option::Option::Some(LabelledKnown {
            label: label?,
            value: value?,
            extra: extra?,
        })
    }
}
///[`Labelled`] as apply-time code reads the plan: every configured value known, every computed attribute as the model holds it, for the provider to fill in. Made by `IntoPlanned::into_planned`, which lists the path of every configured value still unknown; `Labelled::from` makes the model again.
#[allow(clippy::all, clippy::pedantic)]
pub struct LabelledPlanned<'a, T>
where
    &'a str: ::tfvalue::known::IntoPlanned,
    T: ::tfvalue::known::IntoPlanned,
    BTreeMap<String, Extra>: ::tfvalue::known::IntoPlanned,
{
    ///`label`, known.
    pub label: <&'a str as ::tfvalue::known::IntoPlanned>::Planned,
    ///`value`, known.
    pub value: <T as ::tfvalue::known::IntoPlanned>::Planned,
    ///`extra`, known.
    pub extra: <BTreeMap<String, Extra> as ::tfvalue::known::IntoPlanned>::Planned,
}
#[automatically_derived]
#[allow(clippy::all, clippy::pedantic)]
impl<'a, T> ::tfvalue::known::IntoPlanned for Labelled<'a, T>
where
    &'a str: ::tfvalue::known::IntoPlanned,
    T: ::tfvalue::known::IntoPlanned,
    BTreeMap<String, Extra>: ::tfvalue::known::IntoPlanned,
{
    type Planned = LabelledPlanned<'a, T>;
    fn into_planned_at(
        self,
        at: ::tfvalue::known::Trail<'_>,
        unknowns: &mut ::std::vec::Vec<::tfvalue::AttributePath>,
    ) -> ::std::option::Option<Self::Planned> {
        let field0 = ::tfvalue::known::IntoPlanned::into_planned_at(
            self.label,
            at.attr("label"),
            unknowns,
        );
        let field1 = ::tfvalue::known::IntoPlanned::into_planned_at(
            self.value,
            at.attr("value"),
            unknowns,
        );
        let field2 = ::tfvalue::known::IntoPlanned::into_planned_at(
            self.extra,
            at.attr("extra"),
            unknowns,
        );
        ::std::option::Option::Some(LabelledPlanned {
            label: field0?,
            value: field1?,
            extra: field2?,
        })
    }
    fn from_planned(planned: Self::Planned) -> Self {
        Labelled {
            label: ::tfvalue::known::IntoPlanned::from_planned(planned.label),
            value: ::tfvalue::known::IntoPlanned::from_planned(planned.value),
            extra: ::tfvalue::known::IntoPlanned::from_planned(planned.extra),
        }
    }
}
#[automatically_derived]
#[allow(clippy::all, clippy::pedantic)]
impl<'a, T> ::std::convert::From<LabelledPlanned<'a, T>> for Labelled<'a, T>
where
    &'a str: ::tfvalue::known::IntoPlanned,
    T: ::tfvalue::known::IntoPlanned,
    BTreeMap<String, Extra>: ::tfvalue::known::IntoPlanned,
{
    fn from(planned: LabelledPlanned<'a, T>) -> Self {
        ::tfvalue::known::IntoPlanned::from_planned(planned)
    }
}
#[doc(hidden)]
#[allow(non_upper_case_globals, unused_qualifications, clippy::all, clippy::pedantic)]
const _: () = {
    impl<'a, T> ::tfvalue::TfType for Labelled<'a, T>
    where
        T: ::tfvalue::TfType + 'static,
    {
        fn tf_type() -> ::tfvalue::Type {
            ::tfvalue::__private_0_1_0::object_type(
                ::std::vec![
                    ("label", < & 'a str as ::tfvalue::TfType > ::tf_type(), < & 'a str
                    as ::tfvalue::TfType > ::DECLARES_NULL), ("value", < T as
                    ::tfvalue::TfType > ::tf_type(), < T as ::tfvalue::TfType >
                    ::DECLARES_NULL), ("extra", if < BTreeMap < String, Extra > as
                    ::tfvalue::TfType > ::HAS_DYNAMIC { ::tfvalue::Type::Dynamic } else {
                    < BTreeMap < String, Extra > as ::tfvalue::TfType > ::tf_type() },
                    false)
                ],
            )
        }
        const HAS_DYNAMIC: bool = false || <&'a str as ::tfvalue::TfType>::HAS_DYNAMIC
            || <T as ::tfvalue::TfType>::HAS_DYNAMIC
            || <BTreeMap<String, Extra> as ::tfvalue::TfType>::HAS_DYNAMIC;
    }
    impl<'a, T> ::tfvalue::schema::TfSchema for Labelled<'a, T>
    where
        T: ::tfvalue::TfType + 'static,
    {
        fn schema() -> &'static ::tfvalue::schema::Schema {
            ::tfvalue::schema::cached_schema::<
                Labelled<'static, T>,
            >(|| {
                let block = ::tfvalue::schema::Block::new();
                let block = block
                    .attribute(
                        ::tfvalue::schema::Attribute::new(
                                "label",
                                <&'a str as ::tfvalue::TfType>::tf_type(),
                            )
                            .optional_if(<&'a str as ::tfvalue::TfType>::DECLARES_NULL)
                            .required_if(!<&'a str as ::tfvalue::TfType>::DECLARES_NULL),
                    );
                let block = block
                    .attribute(
                        ::tfvalue::schema::Attribute::new(
                                "value",
                                <T as ::tfvalue::TfType>::tf_type(),
                            )
                            .optional_if(<T as ::tfvalue::TfType>::DECLARES_NULL)
                            .required_if(!<T as ::tfvalue::TfType>::DECLARES_NULL),
                    );
                let block = block
                    .block_type(
                        ::tfvalue::schema::NestedBlock::new(
                                "extra",
                                ::std::clone::Clone::clone(
                                        &<Extra as ::tfvalue::schema::TfSchema>::schema().block,
                                    )
                                    .description(
                                        <Extra as ::tfvalue::schema::TfSchema>::block_description()
                                            .map_or("", |(text, _)| text),
                                        <Extra as ::tfvalue::schema::TfSchema>::block_description()
                                            .map_or(
                                                ::tfvalue::schema::StringKind::Plain,
                                                |(_, kind)| kind,
                                            ),
                                    ),
                                ::tfvalue::schema::BlockNesting::Map,
                            )
                            .min_items(0u64)
                            .max_items(0u64),
                    );
                let block = block;
                ::tfvalue::schema::Schema::new(0i64, block)
            })
        }
        fn rules() -> &'static ::tfvalue::rules::Rules {
            ::tfvalue::rules::cached_rules::<
                Labelled<'static, T>,
            >(|| {
                ::tfvalue::rules::Rules::new()
                    .attribute(
                        ::tfvalue::rules::AttributeRules::new("label")
                            .custom_type(<&'a str as ::tfvalue::TfType>::SEMANTICS),
                    )
                    .attribute(
                        ::tfvalue::rules::AttributeRules::new("value")
                            .custom_type(<T as ::tfvalue::TfType>::SEMANTICS),
                    )
                    .attribute(
                        ::tfvalue::rules::AttributeRules::new("extra")
                            .nested_rules(<Extra as ::tfvalue::schema::TfSchema>::rules),
                    )
            })
        }
    }
    impl<'a, T> ::tfvalue::__private_0_1_0::serde::Serialize for Labelled<'a, T>
    where
        T: ::tfvalue::__private_0_1_0::serde::Serialize,
    {
        fn serialize<S: ::tfvalue::__private_0_1_0::serde::Serializer>(
            &self,
            serializer: S,
        ) -> ::std::result::Result<S::Ok, S::Error> {
            let mut state = ::tfvalue::__private_0_1_0::serde::Serializer::serialize_struct(
                serializer,
                ::tfvalue::__private_0_1_0::SORTED_STRUCT_TOKEN,
                3usize,
            )?;
            ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                &mut state,
                "extra",
                &::tfvalue::__private_0_1_0::BlocksRef(&self.extra),
            )?;
            ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                &mut state,
                "label",
                &self.label,
            )?;
            ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                &mut state,
                "value",
                &self.value,
            )?;
            ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::end(state)
        }
    }
    impl<'de: 'a, 'a, T> ::tfvalue::__private_0_1_0::serde::Deserialize<'de>
    for Labelled<'a, T>
    where
        T: ::tfvalue::__private_0_1_0::serde::Deserialize<'de>,
    {
        fn deserialize<__D: ::tfvalue::__private_0_1_0::serde::Deserializer<'de>>(
            deserializer: __D,
        ) -> ::std::result::Result<Self, __D::Error> {
            const FIELDS: &[&str] = &["extra", "label", "value"];
            enum __Field {
                __F0,
                __F1,
                __F2,
            }
            struct __FieldVisitor;
            impl<'de> ::tfvalue::__private_0_1_0::serde::de::Visitor<'de>
            for __FieldVisitor {
                type Value = __Field;
                fn expecting(
                    &self,
                    f: &mut ::std::fmt::Formatter<'_>,
                ) -> ::std::fmt::Result {
                    f.write_str("an attribute name")
                }
                fn visit_str<__E: ::tfvalue::__private_0_1_0::serde::de::Error>(
                    self,
                    value: &str,
                ) -> ::std::result::Result<__Field, __E> {
                    match value {
                        "extra" => ::std::result::Result::Ok(__Field::__F0),
                        "label" => ::std::result::Result::Ok(__Field::__F1),
                        "value" => ::std::result::Result::Ok(__Field::__F2),
                        other => {
                            ::std::result::Result::Err(
                                ::tfvalue::__private_0_1_0::serde::de::Error::unknown_field(
                                    other,
                                    FIELDS,
                                ),
                            )
                        }
                    }
                }
                fn visit_bytes<__E: ::tfvalue::__private_0_1_0::serde::de::Error>(
                    self,
                    value: &[u8],
                ) -> ::std::result::Result<__Field, __E> {
                    match value {
                        b"extra" => ::std::result::Result::Ok(__Field::__F0),
                        b"label" => ::std::result::Result::Ok(__Field::__F1),
                        b"value" => ::std::result::Result::Ok(__Field::__F2),
                        other => {
                            ::std::result::Result::Err(
                                ::tfvalue::__private_0_1_0::serde::de::Error::unknown_field(
                                    &::std::string::String::from_utf8_lossy(other),
                                    FIELDS,
                                ),
                            )
                        }
                    }
                }
            }
            impl<'de> ::tfvalue::__private_0_1_0::serde::Deserialize<'de> for __Field {
                fn deserialize<
                    __D2: ::tfvalue::__private_0_1_0::serde::Deserializer<'de>,
                >(deserializer: __D2) -> ::std::result::Result<Self, __D2::Error> {
                    ::tfvalue::__private_0_1_0::serde::Deserializer::deserialize_identifier(
                        deserializer,
                        __FieldVisitor,
                    )
                }
            }
            struct __Visitor<'de: 'a, 'a, T>(
                ::std::marker::PhantomData<(&'de (), &'a (), T)>,
            )
            where
                T: ::tfvalue::__private_0_1_0::serde::Deserialize<'de>;
            impl<'de: 'a, 'a, T> ::tfvalue::__private_0_1_0::serde::de::Visitor<'de>
            for __Visitor<'de, 'a, T>
            where
                T: ::tfvalue::__private_0_1_0::serde::Deserialize<'de>,
            {
                type Value = Labelled<'a, T>;
                fn expecting(
                    &self,
                    f: &mut ::std::fmt::Formatter<'_>,
                ) -> ::std::fmt::Result {
                    f.write_str("an object")
                }
                fn visit_map<__A: ::tfvalue::__private_0_1_0::serde::de::MapAccess<'de>>(
                    self,
                    mut map: __A,
                ) -> ::std::result::Result<Self::Value, __A::Error> {
                    let mut __v0: ::std::option::Option<BTreeMap<String, Extra>> = ::std::option::Option::None;
                    let mut __v1: ::std::option::Option<&'a str> = ::std::option::Option::None;
                    let mut __v2: ::std::option::Option<T> = ::std::option::Option::None;
                    while let ::std::option::Option::Some(key) = ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_key::<
                        __Field,
                    >(&mut map)? {
                        match key {
                            __Field::__F0 => {
                                if __v0.is_some() {
                                    return ::std::result::Result::Err(
                                        ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                            "extra",
                                        ),
                                    );
                                }
                                __v0 = ::std::option::Option::Some(
                                    ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                                        ::tfvalue::__private_0_1_0::Blocks<
                                            BTreeMap<String, Extra>,
                                            false,
                                        >,
                                    >(&mut map)?
                                        .0,
                                );
                            }
                            __Field::__F1 => {
                                if __v1.is_some() {
                                    return ::std::result::Result::Err(
                                        ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                            "label",
                                        ),
                                    );
                                }
                                __v1 = ::std::option::Option::Some(
                                    ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                                        &'a str,
                                    >(&mut map)?,
                                );
                            }
                            __Field::__F2 => {
                                if __v2.is_some() {
                                    return ::std::result::Result::Err(
                                        ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                            "value",
                                        ),
                                    );
                                }
                                __v2 = ::std::option::Option::Some(
                                    ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                                        T,
                                    >(&mut map)?,
                                );
                            }
                        }
                    }
                    let __v0 = match __v0 {
                        ::std::option::Option::Some(v) => v,
                        ::std::option::Option::None => {
                            return ::std::result::Result::Err(
                                ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                                    "extra",
                                ),
                            );
                        }
                    };
                    let __v1 = match __v1 {
                        ::std::option::Option::Some(v) => v,
                        ::std::option::Option::None => {
                            return ::std::result::Result::Err(
                                ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                                    "label",
                                ),
                            );
                        }
                    };
                    let __v2 = match __v2 {
                        ::std::option::Option::Some(v) => v,
                        ::std::option::Option::None => {
                            return ::std::result::Result::Err(
                                ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                                    "value",
                                ),
                            );
                        }
                    };
                    ::std::result::Result::Ok(Labelled {
                        extra: __v0,
                        label: __v1,
                        value: __v2,
                    })
                }
            }
            ::tfvalue::__private_0_1_0::serde::Deserializer::deserialize_struct(
                deserializer,
                "Labelled",
                FIELDS,
                __Visitor(::std::marker::PhantomData),
            )
        }
    }
    impl<'a, T> ::tfvalue::known::UnknownPaths for Labelled<'a, T>
    where
        T: ::tfvalue::known::UnknownPaths,
    {
        fn unknown_paths_into(
            &self,
            at: ::tfvalue::known::Trail<'_>,
            out: &mut ::std::vec::Vec<::tfvalue::AttributePath>,
        ) {
            ::tfvalue::known::UnknownPaths::unknown_paths_into(
                &self.label,
                at.attr("label"),
                out,
            );
            ::tfvalue::known::UnknownPaths::unknown_paths_into(
                &self.value,
                at.attr("value"),
                out,
            );
            ::tfvalue::known::UnknownPaths::unknown_paths_into(
                &self.extra,
                at.attr("extra"),
                out,
            );
        }
        fn is_wholly_known(&self) -> bool {
            true && ::tfvalue::known::UnknownPaths::is_wholly_known(&self.label)
                && ::tfvalue::known::UnknownPaths::is_wholly_known(&self.value)
                && ::tfvalue::known::UnknownPaths::is_wholly_known(&self.extra)
        }
    }
};
