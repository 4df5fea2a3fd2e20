// What #[derive(TfSchema)] writes for the structs of the file of the same name
// without `.expanded` (checked by tfvalue-derive's unit test `expand_snapshots`;
// rewrite with TFVALUE_BLESS=1).

///[`Key`] with every value known: made by `IntoKnown::into_known`, which lists the path of every value still unknown.
#[allow(clippy::all, clippy::pedantic)]
pub struct KeyKnown
where
    Unknown<String>: ::tfvalue::known::IntoKnown,
    Unknown<Nullable<String>>: ::tfvalue::known::IntoKnown,
    Unknown<Nullable<i64>>: ::tfvalue::known::IntoKnown,
    Unknown<Nullable<Vec<String>>>: ::tfvalue::known::IntoKnown,
{
    ///`name`, known.
    pub name: <Unknown<String> as ::tfvalue::known::IntoKnown>::Known,
    ///`arn`, known.
    pub arn: <Unknown<Nullable<String>> as ::tfvalue::known::IntoKnown>::Known,
    ///`size`, known.
    pub size: <Unknown<Nullable<i64>> as ::tfvalue::known::IntoKnown>::Known,
    ///`replicas`, known.
    pub replicas: <Unknown<Nullable<Vec<String>>> as ::tfvalue::known::IntoKnown>::Known,
}
#[automatically_derived]
#[allow(clippy::all, clippy::pedantic)]
impl ::tfvalue::known::IntoKnown for Key
where
    Unknown<String>: ::tfvalue::known::IntoKnown,
    Unknown<Nullable<String>>: ::tfvalue::known::IntoKnown,
    Unknown<Nullable<i64>>: ::tfvalue::known::IntoKnown,
    Unknown<Nullable<Vec<String>>>: ::tfvalue::known::IntoKnown,
{
    type Known = KeyKnown;
    fn into_known_at(
        self,
        at: ::tfvalue::known::Trail<'_>,
        unknowns: &mut ::std::vec::Vec<::tfvalue::AttributePath>,
    ) -> ::std::option::Option<Self::Known> {
        let name = ::tfvalue::known::IntoKnown::into_known_at(
            self.name,
            at.attr("name"),
            unknowns,
        );
        let arn = ::tfvalue::known::IntoKnown::into_known_at(
            self.arn,
            at.attr("arn"),
            unknowns,
        );
        let size = ::tfvalue::known::IntoKnown::into_known_at(
            self.size,
            at.attr("size"),
            unknowns,
        );
        let replicas = ::tfvalue::known::IntoKnown::into_known_at(
            self.replicas,
            at.attr("replicas"),
            unknowns,
        );
        ::std::option::Option::Some(KeyKnown {
            name: name?,
            arn: arn?,
            size: size?,
            replicas: replicas?,
        })
    }
}
///[`Key`] as apply-time code reads the plan: every configured value known, every computed attribute as the model holds it, for the provider to fill in. Made by `IntoPlanned::into_planned`, which lists the path of every configured value still unknown; `Key::from` makes the model again.
#[allow(clippy::all, clippy::pedantic)]
pub struct KeyPlanned
where
    Unknown<String>: ::tfvalue::known::IntoPlanned,
{
    ///`name`, known.
    pub name: <Unknown<String> as ::tfvalue::known::IntoPlanned>::Planned,
    ///`arn`, computed: as the model holds it, for the provider to fill in.
    pub arn: Unknown<Nullable<String>>,
    ///`size`, computed: as the model holds it, for the provider to fill in.
    pub size: Unknown<Nullable<i64>>,
    ///`replicas`, computed: as the model holds it, for the provider to fill in.
    pub replicas: Unknown<Nullable<Vec<String>>>,
}
#[automatically_derived]
#[allow(clippy::all, clippy::pedantic)]
impl ::tfvalue::known::IntoPlanned for Key
where
    Unknown<String>: ::tfvalue::known::IntoPlanned,
{
    type Planned = KeyPlanned;
    fn into_planned_at(
        self,
        at: ::tfvalue::known::Trail<'_>,
        unknowns: &mut ::std::vec::Vec<::tfvalue::AttributePath>,
    ) -> ::std::option::Option<Self::Planned> {
        let field0 = ::tfvalue::known::IntoPlanned::into_planned_at(
            self.name,
            at.attr("name"),
            unknowns,
        );
        let field1 = self.arn;
        let field2 = self.size;
        let field3 = self.replicas;
        ::std::option::Option::Some(KeyPlanned {
            name: field0?,
            arn: field1,
            size: field2,
            replicas: field3,
        })
    }
    fn from_planned(planned: Self::Planned) -> Self {
        Key {
            name: ::tfvalue::known::IntoPlanned::from_planned(planned.name),
            arn: planned.arn,
            size: planned.size,
            replicas: planned.replicas,
        }
    }
}
#[automatically_derived]
#[allow(clippy::all, clippy::pedantic)]
impl ::std::convert::From<KeyPlanned> for Key
where
    Unknown<String>: ::tfvalue::known::IntoPlanned,
{
    fn from(planned: KeyPlanned) -> Self {
        ::tfvalue::known::IntoPlanned::from_planned(planned)
    }
}
#[doc(hidden)]
#[allow(non_upper_case_globals, unused_qualifications, clippy::all, clippy::pedantic)]
const _: () = {
    impl ::tfvalue::TfType for Key {
        fn tf_type() -> ::tfvalue::Type {
            static CELL: ::std::sync::OnceLock<::tfvalue::Type> = ::std::sync::OnceLock::new();
            ::std::clone::Clone::clone(
                CELL
                    .get_or_init(|| ::tfvalue::__private_0_1_0::object_type(
                        ::std::vec![
                            ("name", < Unknown < String > as ::tfvalue::TfType >
                            ::tf_type(), < Unknown < String > as ::tfvalue::TfType >
                            ::DECLARES_NULL), ("arn", < Unknown < Nullable < String > >
                            as ::tfvalue::TfType > ::tf_type(), true), ("size", < Unknown
                            < Nullable < i64 > > as ::tfvalue::TfType > ::tf_type(),
                            true), ("replicas", < Unknown < Nullable < Vec < String > > >
                            as ::tfvalue::TfType > ::tf_type(), true)
                        ],
                    )),
            )
        }
        const HAS_DYNAMIC: bool = false
            || <Unknown<String> as ::tfvalue::TfType>::HAS_DYNAMIC
            || <Unknown<Nullable<String>> as ::tfvalue::TfType>::HAS_DYNAMIC
            || <Unknown<Nullable<i64>> as ::tfvalue::TfType>::HAS_DYNAMIC
            || <Unknown<Nullable<Vec<String>>> as ::tfvalue::TfType>::HAS_DYNAMIC;
    }
    impl ::tfvalue::schema::TfSchema for Key {
        fn schema() -> &'static ::tfvalue::schema::Schema {
            static CELL: ::std::sync::OnceLock<::tfvalue::schema::Schema> = ::std::sync::OnceLock::new();
            CELL.get_or_init(|| {
                let block = ::tfvalue::schema::Block::new();
                let block = block
                    .attribute(
                        ::tfvalue::schema::Attribute::new(
                                "name",
                                <Unknown<String> as ::tfvalue::TfType>::tf_type(),
                            )
                            .optional_if(
                                <Unknown<String> as ::tfvalue::TfType>::DECLARES_NULL,
                            )
                            .required_if(
                                !<Unknown<String> as ::tfvalue::TfType>::DECLARES_NULL,
                            ),
                    );
                let block = block
                    .attribute(
                        ::tfvalue::schema::Attribute::new(
                                "arn",
                                <Unknown<Nullable<String>> as ::tfvalue::TfType>::tf_type(),
                            )
                            .computed(),
                    );
                let block = block
                    .attribute(
                        ::tfvalue::schema::Attribute::new(
                                "size",
                                <Unknown<Nullable<i64>> as ::tfvalue::TfType>::tf_type(),
                            )
                            .optional()
                            .computed(),
                    );
                let block = block
                    .attribute(
                        ::tfvalue::schema::Attribute::new(
                                "replicas",
                                <Unknown<
                                    Nullable<Vec<String>>,
                                > as ::tfvalue::TfType>::tf_type(),
                            )
                            .computed(),
                    );
                let block = block;
                ::tfvalue::schema::Schema::new(0i64, block)
            })
        }
        fn rules() -> &'static ::tfvalue::rules::Rules {
            static RULES: ::std::sync::OnceLock<::tfvalue::rules::Rules> = ::std::sync::OnceLock::new();
            RULES
                .get_or_init(|| {
                    ::tfvalue::rules::Rules::new()
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("name")
                                .custom_type(
                                    <Unknown<String> as ::tfvalue::TfType>::SEMANTICS,
                                ),
                        )
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("arn")
                                .refine(::tfvalue::rules::Refinement::NotNull)
                                .refine(
                                    ::tfvalue::rules::Refinement::Prefix("arn:aws:kms:"),
                                )
                                .custom_type(
                                    <Unknown<Nullable<String>> as ::tfvalue::TfType>::SEMANTICS,
                                ),
                        )
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("size")
                                .refine(
                                    ::tfvalue::rules::Refinement::AtLeast(
                                        ::tfvalue::Number::from(1i128),
                                    ),
                                )
                                .refine(
                                    ::tfvalue::rules::Refinement::LessThan(
                                        ::tfvalue::Number::from(4096i128),
                                    ),
                                )
                                .custom_type(
                                    <Unknown<Nullable<i64>> as ::tfvalue::TfType>::SEMANTICS,
                                ),
                        )
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("replicas")
                                .refine(::tfvalue::rules::Refinement::NotNull)
                                .refine(::tfvalue::rules::Refinement::Length {
                                    min: ::std::option::Option::Some(1u64),
                                    max: ::std::option::Option::Some(5u64),
                                })
                                .custom_type(
                                    <Unknown<
                                        Nullable<Vec<String>>,
                                    > as ::tfvalue::TfType>::SEMANTICS,
                                ),
                        )
                })
        }
    }
    impl ::tfvalue::__private_0_1_0::serde::Serialize for Key {
        fn serialize<S: ::tfvalue::__private_0_1_0::serde::Serializer>(
            &self,
            serializer: S,
        ) -> ::std::result::Result<S::Ok, S::Error> {
            let mut state = ::tfvalue::__private_0_1_0::serde::Serializer::serialize_struct(
                serializer,
                ::tfvalue::__private_0_1_0::SORTED_STRUCT_TOKEN,
                4usize,
            )?;
            ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                &mut state,
                "arn",
                &self.arn,
            )?;
            ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                &mut state,
                "name",
                &self.name,
            )?;
            ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                &mut state,
                "replicas",
                &self.replicas,
            )?;
            ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                &mut state,
                "size",
                &self.size,
            )?;
            ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::end(state)
        }
    }
    impl<'de> ::tfvalue::__private_0_1_0::serde::Deserialize<'de> for Key {
        fn deserialize<__D: ::tfvalue::__private_0_1_0::serde::Deserializer<'de>>(
            deserializer: __D,
        ) -> ::std::result::Result<Self, __D::Error> {
            const FIELDS: &[&str] = &["arn", "name", "replicas", "size"];
            enum __Field {
                __F0,
                __F1,
                __F2,
                __F3,
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
                        "arn" => ::std::result::Result::Ok(__Field::__F0),
                        "name" => ::std::result::Result::Ok(__Field::__F1),
                        "replicas" => ::std::result::Result::Ok(__Field::__F2),
                        "size" => ::std::result::Result::Ok(__Field::__F3),
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
                        b"arn" => ::std::result::Result::Ok(__Field::__F0),
                        b"name" => ::std::result::Result::Ok(__Field::__F1),
                        b"replicas" => ::std::result::Result::Ok(__Field::__F2),
                        b"size" => ::std::result::Result::Ok(__Field::__F3),
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
            struct __Visitor<'de>(::std::marker::PhantomData<(&'de (),)>);
            impl<'de> ::tfvalue::__private_0_1_0::serde::de::Visitor<'de>
            for __Visitor<'de> {
                type Value = Key;
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
                    let mut __v0: ::std::option::Option<Unknown<Nullable<String>>> = ::std::option::Option::None;
                    let mut __v1: ::std::option::Option<Unknown<String>> = ::std::option::Option::None;
                    let mut __v2: ::std::option::Option<
                        Unknown<Nullable<Vec<String>>>,
                    > = ::std::option::Option::None;
                    let mut __v3: ::std::option::Option<Unknown<Nullable<i64>>> = ::std::option::Option::None;
                    while let ::std::option::Option::Some(key) = ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_key::<
                        __Field,
                    >(&mut map)? {
                        match key {
                            __Field::__F0 => {
                                if __v0.is_some() {
                                    return ::std::result::Result::Err(
                                        ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                            "arn",
                                        ),
                                    );
                                }
                                __v0 = ::std::option::Option::Some(
                                    ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                                        Unknown<Nullable<String>>,
                                    >(&mut map)?,
                                );
                            }
                            __Field::__F1 => {
                                if __v1.is_some() {
                                    return ::std::result::Result::Err(
                                        ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                            "name",
                                        ),
                                    );
                                }
                                __v1 = ::std::option::Option::Some(
                                    ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                                        Unknown<String>,
                                    >(&mut map)?,
                                );
                            }
                            __Field::__F2 => {
                                if __v2.is_some() {
                                    return ::std::result::Result::Err(
                                        ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                            "replicas",
                                        ),
                                    );
                                }
                                __v2 = ::std::option::Option::Some(
                                    ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                                        Unknown<Nullable<Vec<String>>>,
                                    >(&mut map)?,
                                );
                            }
                            __Field::__F3 => {
                                if __v3.is_some() {
                                    return ::std::result::Result::Err(
                                        ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                            "size",
                                        ),
                                    );
                                }
                                __v3 = ::std::option::Option::Some(
                                    ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                                        Unknown<Nullable<i64>>,
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
                                    "arn",
                                ),
                            );
                        }
                    };
                    let __v1 = match __v1 {
                        ::std::option::Option::Some(v) => v,
                        ::std::option::Option::None => {
                            return ::std::result::Result::Err(
                                ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                                    "name",
                                ),
                            );
                        }
                    };
                    let __v2 = match __v2 {
                        ::std::option::Option::Some(v) => v,
                        ::std::option::Option::None => {
                            return ::std::result::Result::Err(
                                ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                                    "replicas",
                                ),
                            );
                        }
                    };
                    let __v3 = match __v3 {
                        ::std::option::Option::Some(v) => v,
                        ::std::option::Option::None => {
                            return ::std::result::Result::Err(
                                ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                                    "size",
                                ),
                            );
                        }
                    };
                    ::std::result::Result::Ok(Key {
                        arn: __v0,
                        name: __v1,
                        replicas: __v2,
                        size: __v3,
                    })
                }
            }
            ::tfvalue::__private_0_1_0::serde::Deserializer::deserialize_struct(
                deserializer,
                "Key",
                FIELDS,
                __Visitor(::std::marker::PhantomData),
            )
        }
    }
    impl ::tfvalue::known::UnknownPaths for Key {
        fn unknown_paths_into(
            &self,
            at: ::tfvalue::known::Trail<'_>,
            out: &mut ::std::vec::Vec<::tfvalue::AttributePath>,
        ) {
            ::tfvalue::known::UnknownPaths::unknown_paths_into(
                &self.name,
                at.attr("name"),
                out,
            );
            ::tfvalue::known::UnknownPaths::unknown_paths_into(
                &self.arn,
                at.attr("arn"),
                out,
            );
            ::tfvalue::known::UnknownPaths::unknown_paths_into(
                &self.size,
                at.attr("size"),
                out,
            );
            ::tfvalue::known::UnknownPaths::unknown_paths_into(
                &self.replicas,
                at.attr("replicas"),
                out,
            );
        }
        fn is_wholly_known(&self) -> bool {
            true && ::tfvalue::known::UnknownPaths::is_wholly_known(&self.name)
                && ::tfvalue::known::UnknownPaths::is_wholly_known(&self.arn)
                && ::tfvalue::known::UnknownPaths::is_wholly_known(&self.size)
                && ::tfvalue::known::UnknownPaths::is_wholly_known(&self.replicas)
        }
    }
    const _: () = if !<Unknown<Nullable<String>> as ::tfvalue::TfType>::CAN_BE_UNKNOWN {
        ::core::panic!(
            "`arn` is computed, but its type cannot hold an unknown value: the provider must be able to plan it as unknown; use Unknown<Nullable<T>>"
        )
    } else if !<Unknown<Nullable<String>> as ::tfvalue::TfType>::CAN_BE_NULL {
        ::core::panic!(
            "`arn` is computed, but its type cannot be null: Terraform sends null for a computed attribute the configuration does not set; use Unknown<Nullable<T>>"
        )
    };
    const _: () = if !<Unknown<Nullable<i64>> as ::tfvalue::TfType>::CAN_BE_NULL {
        ::core::panic!(
            "`size` is optional, but its type cannot be null: Terraform sends null for an unset optional attribute; wrap the type in Nullable<T> or Option<T>"
        )
    } else if !<Unknown<Nullable<i64>> as ::tfvalue::TfType>::CAN_BE_UNKNOWN {
        ::core::panic!(
            "`size` is computed, but its type cannot hold an unknown value: the provider must be able to plan it as unknown; use Unknown<Nullable<T>>"
        )
    } else if !<Unknown<Nullable<i64>> as ::tfvalue::TfType>::CAN_BE_NULL {
        ::core::panic!(
            "`size` is computed, but its type cannot be null: Terraform sends null for a computed attribute the configuration does not set; use Unknown<Nullable<T>>"
        )
    };
    const _: () = if !<Unknown<
        Nullable<Vec<String>>,
    > as ::tfvalue::TfType>::CAN_BE_UNKNOWN {
        ::core::panic!(
            "`replicas` is computed, but its type cannot hold an unknown value: the provider must be able to plan it as unknown; use Unknown<Nullable<T>>"
        )
    } else if !<Unknown<Nullable<Vec<String>>> as ::tfvalue::TfType>::CAN_BE_NULL {
        ::core::panic!(
            "`replicas` is computed, but its type cannot be null: Terraform sends null for a computed attribute the configuration does not set; use Unknown<Nullable<T>>"
        )
    };
    const _: () = {
        #[allow(dead_code)]
        fn rules_fit_their_types() {
            {
                fn applies<
                    T: ?::core::marker::Sized + ::tfvalue::rules::PrefixRefinement,
                >() {}
                applies::<Unknown<Nullable<String>>>();
            }
            {
                fn applies<
                    T: ?::core::marker::Sized + ::tfvalue::rules::NumberRefinement,
                >() {}
                applies::<Unknown<Nullable<i64>>>();
            }
            {
                fn applies<
                    T: ?::core::marker::Sized + ::tfvalue::rules::NumberRefinement,
                >() {}
                applies::<Unknown<Nullable<i64>>>();
            }
            {
                fn applies<
                    T: ?::core::marker::Sized + ::tfvalue::rules::LengthRefinement,
                >() {}
                applies::<Unknown<Nullable<Vec<String>>>>();
            }
        }
    };
    #[doc(hidden)]
    pub struct __TfvalueSlots {
        __v0: ::std::option::Option<Unknown<Nullable<String>>>,
        __v1: ::std::option::Option<Unknown<String>>,
        __v2: ::std::option::Option<Unknown<Nullable<Vec<String>>>>,
        __v3: ::std::option::Option<Unknown<Nullable<i64>>>,
    }
    impl ::std::default::Default for __TfvalueSlots {
        fn default() -> Self {
            __TfvalueSlots {
                __v0: ::std::option::Option::None,
                __v1: ::std::option::Option::None,
                __v2: ::std::option::Option::None,
                __v3: ::std::option::Option::None,
            }
        }
    }
    #[allow(unused_variables, unreachable_patterns)]
    impl ::tfvalue::__private_0_1_0::Flatten for Key {
        const NAMES: &'static [&'static str] = &["arn", "name", "replicas", "size"];
        type Slots = __TfvalueSlots;
        fn field(name: &[u8]) -> ::std::option::Option<u16> {
            match name {
                b"arn" => ::std::option::Option::Some(0u16),
                b"name" => ::std::option::Option::Some(1u16),
                b"replicas" => ::std::option::Option::Some(2u16),
                b"size" => ::std::option::Option::Some(3u16),
                _ => ::std::option::Option::None,
            }
        }
        fn accept<'de, __A: ::tfvalue::__private_0_1_0::serde::de::MapAccess<'de>>(
            slots: &mut Self::Slots,
            index: u16,
            map: &mut __A,
        ) -> ::std::result::Result<
            (),
            <__A as ::tfvalue::__private_0_1_0::serde::de::MapAccess<'de>>::Error,
        > {
            match index {
                0u16 => {
                    if slots.__v0.is_some() {
                        return ::std::result::Result::Err(
                            ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                "arn",
                            ),
                        );
                    }
                    slots.__v0 = ::std::option::Option::Some(
                        ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                            Unknown<Nullable<String>>,
                        >(&mut *map)?,
                    );
                }
                1u16 => {
                    if slots.__v1.is_some() {
                        return ::std::result::Result::Err(
                            ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                "name",
                            ),
                        );
                    }
                    slots.__v1 = ::std::option::Option::Some(
                        ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                            Unknown<String>,
                        >(&mut *map)?,
                    );
                }
                2u16 => {
                    if slots.__v2.is_some() {
                        return ::std::result::Result::Err(
                            ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                "replicas",
                            ),
                        );
                    }
                    slots.__v2 = ::std::option::Option::Some(
                        ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                            Unknown<Nullable<Vec<String>>>,
                        >(&mut *map)?,
                    );
                }
                3u16 => {
                    if slots.__v3.is_some() {
                        return ::std::result::Result::Err(
                            ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                "size",
                            ),
                        );
                    }
                    slots.__v3 = ::std::option::Option::Some(
                        ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                            Unknown<Nullable<i64>>,
                        >(&mut *map)?,
                    );
                }
                _ => {}
            }
            ::std::result::Result::Ok(())
        }
        fn finish<__E: ::tfvalue::__private_0_1_0::serde::de::Error>(
            slots: Self::Slots,
        ) -> ::std::result::Result<Self, __E> {
            let __v0 = match slots.__v0 {
                ::std::option::Option::Some(v) => v,
                ::std::option::Option::None => {
                    return ::std::result::Result::Err(
                        ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                            "arn",
                        ),
                    );
                }
            };
            let __v1 = match slots.__v1 {
                ::std::option::Option::Some(v) => v,
                ::std::option::Option::None => {
                    return ::std::result::Result::Err(
                        ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                            "name",
                        ),
                    );
                }
            };
            let __v2 = match slots.__v2 {
                ::std::option::Option::Some(v) => v,
                ::std::option::Option::None => {
                    return ::std::result::Result::Err(
                        ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                            "replicas",
                        ),
                    );
                }
            };
            let __v3 = match slots.__v3 {
                ::std::option::Option::Some(v) => v,
                ::std::option::Option::None => {
                    return ::std::result::Result::Err(
                        ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                            "size",
                        ),
                    );
                }
            };
            ::std::result::Result::Ok(Key {
                arn: __v0,
                name: __v1,
                replicas: __v2,
                size: __v3,
            })
        }
        fn serialize_field<__S: ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct>(
            &self,
            index: u16,
            state: &mut __S,
        ) -> ::std::result::Result<
            (),
            <__S as ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct>::Error,
        > {
            match index {
                0u16 => {
                    ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                        state,
                        "arn",
                        &self.arn,
                    )
                }
                1u16 => {
                    ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                        state,
                        "name",
                        &self.name,
                    )
                }
                2u16 => {
                    ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                        state,
                        "replicas",
                        &self.replicas,
                    )
                }
                3u16 => {
                    ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                        state,
                        "size",
                        &self.size,
                    )
                }
                _ => ::std::result::Result::Ok(()),
            }
        }
        fn object_attributes(
            out: &mut ::std::vec::Vec<(&'static str, ::tfvalue::Type, bool)>,
        ) {
            out.push((
                "arn",
                <Unknown<Nullable<String>> as ::tfvalue::TfType>::tf_type(),
                true,
            ));
            out.push((
                "name",
                <Unknown<String> as ::tfvalue::TfType>::tf_type(),
                <Unknown<String> as ::tfvalue::TfType>::DECLARES_NULL,
            ));
            out.push((
                "replicas",
                <Unknown<Nullable<Vec<String>>> as ::tfvalue::TfType>::tf_type(),
                true,
            ));
            out.push((
                "size",
                <Unknown<Nullable<i64>> as ::tfvalue::TfType>::tf_type(),
                true,
            ));
        }
        fn flatten_rules(rules: ::tfvalue::rules::Rules) -> ::tfvalue::rules::Rules {
            ::tfvalue::rules::Rules::merge(
                rules,
                (|| {
                    ::tfvalue::rules::Rules::new()
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("name")
                                .custom_type(
                                    <Unknown<String> as ::tfvalue::TfType>::SEMANTICS,
                                ),
                        )
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("arn")
                                .refine(::tfvalue::rules::Refinement::NotNull)
                                .refine(
                                    ::tfvalue::rules::Refinement::Prefix("arn:aws:kms:"),
                                )
                                .custom_type(
                                    <Unknown<Nullable<String>> as ::tfvalue::TfType>::SEMANTICS,
                                ),
                        )
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("size")
                                .refine(
                                    ::tfvalue::rules::Refinement::AtLeast(
                                        ::tfvalue::Number::from(1i128),
                                    ),
                                )
                                .refine(
                                    ::tfvalue::rules::Refinement::LessThan(
                                        ::tfvalue::Number::from(4096i128),
                                    ),
                                )
                                .custom_type(
                                    <Unknown<Nullable<i64>> as ::tfvalue::TfType>::SEMANTICS,
                                ),
                        )
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("replicas")
                                .refine(::tfvalue::rules::Refinement::NotNull)
                                .refine(::tfvalue::rules::Refinement::Length {
                                    min: ::std::option::Option::Some(1u64),
                                    max: ::std::option::Option::Some(5u64),
                                })
                                .custom_type(
                                    <Unknown<
                                        Nullable<Vec<String>>,
                                    > as ::tfvalue::TfType>::SEMANTICS,
                                ),
                        )
                })(),
            )
        }
    }
};
