// What #[derive(TfSchema)] writes for the structs of the file of the same name
// without `.expanded` (checked by tfvalue-derive's unit test `expand_snapshots`;
// rewrite with TFVALUE_BLESS=1).

///[`Shared`] with every value known: made by `IntoKnown::into_known`, which lists the path of every value still unknown.
#[allow(clippy::all, clippy::pedantic)]
pub struct SharedKnown
where
    Unknown<Nullable<i64>>: ::tfvalue::known::IntoKnown,
    Unknown<Nullable<String>>: ::tfvalue::known::IntoKnown,
{
    ///`length`, known.
    pub length: <Unknown<Nullable<i64>> as ::tfvalue::known::IntoKnown>::Known,
    ///`digest`, known.
    pub digest: <Unknown<Nullable<String>> as ::tfvalue::known::IntoKnown>::Known,
}
#[automatically_derived]
#[allow(clippy::all, clippy::pedantic)]
impl ::tfvalue::known::IntoKnown for Shared
where
    Unknown<Nullable<i64>>: ::tfvalue::known::IntoKnown,
    Unknown<Nullable<String>>: ::tfvalue::known::IntoKnown,
{
    type Known = SharedKnown;
    fn into_known_at(
        self,
        at: ::tfvalue::known::Trail<'_>,
        unknowns: &mut ::std::vec::Vec<::tfvalue::AttributePath>,
    ) -> ::std::option::Option<Self::Known> {
        let length = ::tfvalue::known::IntoKnown::into_known_at(
            self.length,
            at.attr("length"),
            unknowns,
        );
        let digest = ::tfvalue::known::IntoKnown::into_known_at(
            self.digest,
            at.attr("digest"),
            unknowns,
        );
        ::std::option::Option::Some(SharedKnown {
            length: length?,
            digest: digest?,
        })
    }
}
///[`Shared`] as apply-time code reads the plan: every configured value known, every computed attribute as the model holds it, for the provider to fill in. Made by `IntoPlanned::into_planned`, which lists the path of every configured value still unknown; `Shared::from` makes the model again.
#[allow(clippy::all, clippy::pedantic)]
pub struct SharedPlanned {
    ///`length`, computed: as the model holds it, for the provider to fill in.
    pub length: Unknown<Nullable<i64>>,
    ///`digest`, computed: as the model holds it, for the provider to fill in.
    pub digest: Unknown<Nullable<String>>,
}
#[automatically_derived]
#[allow(clippy::all, clippy::pedantic)]
impl ::tfvalue::known::IntoPlanned for Shared {
    type Planned = SharedPlanned;
    fn into_planned_at(
        self,
        at: ::tfvalue::known::Trail<'_>,
        unknowns: &mut ::std::vec::Vec<::tfvalue::AttributePath>,
    ) -> ::std::option::Option<Self::Planned> {
        let _ = (at, unknowns);
        let field0 = self.length;
        let field1 = self.digest;
        ::std::option::Option::Some(SharedPlanned {
            length: field0,
            digest: field1,
        })
    }
    fn from_planned(planned: Self::Planned) -> Self {
        Shared {
            length: planned.length,
            digest: planned.digest,
        }
    }
}
#[automatically_derived]
#[allow(clippy::all, clippy::pedantic)]
impl ::std::convert::From<SharedPlanned> for Shared {
    fn from(planned: SharedPlanned) -> Self {
        ::tfvalue::known::IntoPlanned::from_planned(planned)
    }
}
#[doc(hidden)]
#[allow(non_upper_case_globals, unused_qualifications, clippy::all, clippy::pedantic)]
const _: () = {
    impl ::tfvalue::TfType for Shared {
        fn tf_type() -> ::tfvalue::Type {
            static CELL: ::std::sync::OnceLock<::tfvalue::Type> = ::std::sync::OnceLock::new();
            ::std::clone::Clone::clone(
                CELL
                    .get_or_init(|| ::tfvalue::__private_0_1_0::object_type(
                        ::std::vec![
                            ("length", < Unknown < Nullable < i64 > > as
                            ::tfvalue::TfType > ::tf_type(), true), ("digest", < Unknown
                            < Nullable < String > > as ::tfvalue::TfType > ::tf_type(),
                            true)
                        ],
                    )),
            )
        }
        const HAS_DYNAMIC: bool = false
            || <Unknown<Nullable<i64>> as ::tfvalue::TfType>::HAS_DYNAMIC
            || <Unknown<Nullable<String>> as ::tfvalue::TfType>::HAS_DYNAMIC;
    }
    impl ::tfvalue::schema::TfSchema for Shared {
        fn schema() -> &'static ::tfvalue::schema::Schema {
            static CELL: ::std::sync::OnceLock<::tfvalue::schema::Schema> = ::std::sync::OnceLock::new();
            CELL.get_or_init(|| {
                let block = ::tfvalue::schema::Block::new();
                let block = block
                    .attribute(
                        ::tfvalue::schema::Attribute::new(
                                "length",
                                <Unknown<Nullable<i64>> as ::tfvalue::TfType>::tf_type(),
                            )
                            .optional()
                            .computed()
                            .description(
                                "How long.",
                                ::tfvalue::schema::StringKind::Plain,
                            ),
                    );
                let block = block
                    .attribute(
                        ::tfvalue::schema::Attribute::new(
                                "digest",
                                <Unknown<Nullable<String>> as ::tfvalue::TfType>::tf_type(),
                            )
                            .computed(),
                    );
                let block = block
                    .description(
                        "Attributes shared by several models.",
                        ::tfvalue::schema::StringKind::Plain,
                    );
                ::tfvalue::schema::Schema::new(0i64, block)
            })
        }
        fn rules() -> &'static ::tfvalue::rules::Rules {
            static RULES: ::std::sync::OnceLock<::tfvalue::rules::Rules> = ::std::sync::OnceLock::new();
            RULES
                .get_or_init(|| {
                    ::tfvalue::rules::Rules::new()
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("length")
                                .default_value(|| {
                                    let value: <Unknown<
                                        Nullable<i64>,
                                    > as ::tfvalue::rules::DefaultSlot>::Inner = 16;
                                    ::tfvalue::__private_0_1_0::default_value::<
                                        Unknown<Nullable<i64>>,
                                        _,
                                    >(&value)
                                })
                                .validator(
                                    ::tfvalue::rules::Validator::AtLeast(
                                            ::tfvalue::Number::from(1i128),
                                        )
                                        .for_type::<Unknown<Nullable<i64>>>(),
                                )
                                .custom_type(
                                    <Unknown<Nullable<i64>> as ::tfvalue::TfType>::SEMANTICS,
                                ),
                        )
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("digest")
                                .custom_type(
                                    <Unknown<Nullable<String>> as ::tfvalue::TfType>::SEMANTICS,
                                ),
                        )
                })
        }
    }
    impl ::tfvalue::__private_0_1_0::serde::Serialize for Shared {
        fn serialize<S: ::tfvalue::__private_0_1_0::serde::Serializer>(
            &self,
            serializer: S,
        ) -> ::std::result::Result<S::Ok, S::Error> {
            let mut state = ::tfvalue::__private_0_1_0::serde::Serializer::serialize_struct(
                serializer,
                ::tfvalue::__private_0_1_0::SORTED_STRUCT_TOKEN,
                2usize,
            )?;
            ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                &mut state,
                "digest",
                &self.digest,
            )?;
            ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                &mut state,
                "length",
                &self.length,
            )?;
            ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::end(state)
        }
    }
    impl<'de> ::tfvalue::__private_0_1_0::serde::Deserialize<'de> for Shared {
        fn deserialize<__D: ::tfvalue::__private_0_1_0::serde::Deserializer<'de>>(
            deserializer: __D,
        ) -> ::std::result::Result<Self, __D::Error> {
            const FIELDS: &[&str] = &["digest", "length"];
            enum __Field {
                __F0,
                __F1,
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
                        "digest" => ::std::result::Result::Ok(__Field::__F0),
                        "length" => ::std::result::Result::Ok(__Field::__F1),
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
                        b"digest" => ::std::result::Result::Ok(__Field::__F0),
                        b"length" => ::std::result::Result::Ok(__Field::__F1),
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
                type Value = Shared;
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
                    let mut __v1: ::std::option::Option<Unknown<Nullable<i64>>> = ::std::option::Option::None;
                    while let ::std::option::Option::Some(key) = ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_key::<
                        __Field,
                    >(&mut map)? {
                        match key {
                            __Field::__F0 => {
                                if __v0.is_some() {
                                    return ::std::result::Result::Err(
                                        ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                            "digest",
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
                                            "length",
                                        ),
                                    );
                                }
                                __v1 = ::std::option::Option::Some(
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
                                    "digest",
                                ),
                            );
                        }
                    };
                    let __v1 = match __v1 {
                        ::std::option::Option::Some(v) => v,
                        ::std::option::Option::None => {
                            return ::std::result::Result::Err(
                                ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                                    "length",
                                ),
                            );
                        }
                    };
                    ::std::result::Result::Ok(Shared {
                        digest: __v0,
                        length: __v1,
                    })
                }
            }
            ::tfvalue::__private_0_1_0::serde::Deserializer::deserialize_struct(
                deserializer,
                "Shared",
                FIELDS,
                __Visitor(::std::marker::PhantomData),
            )
        }
    }
    impl ::tfvalue::known::UnknownPaths for Shared {
        fn unknown_paths_into(
            &self,
            at: ::tfvalue::known::Trail<'_>,
            out: &mut ::std::vec::Vec<::tfvalue::AttributePath>,
        ) {
            ::tfvalue::known::UnknownPaths::unknown_paths_into(
                &self.length,
                at.attr("length"),
                out,
            );
            ::tfvalue::known::UnknownPaths::unknown_paths_into(
                &self.digest,
                at.attr("digest"),
                out,
            );
        }
        fn is_wholly_known(&self) -> bool {
            true && ::tfvalue::known::UnknownPaths::is_wholly_known(&self.length)
                && ::tfvalue::known::UnknownPaths::is_wholly_known(&self.digest)
        }
    }
    const _: () = if !<Unknown<Nullable<String>> as ::tfvalue::TfType>::CAN_BE_UNKNOWN {
        ::core::panic!(
            "`digest` is computed, but its type cannot hold an unknown value: the provider must be able to plan it as unknown; use Unknown<Nullable<T>>"
        )
    } else if !<Unknown<Nullable<String>> as ::tfvalue::TfType>::CAN_BE_NULL {
        ::core::panic!(
            "`digest` is computed, but its type cannot be null: Terraform sends null for a computed attribute the configuration does not set; use Unknown<Nullable<T>>"
        )
    };
    const _: () = {
        #[allow(dead_code)]
        fn rules_fit_their_types() {
            {
                fn applies<T: ?::core::marker::Sized + ::tfvalue::rules::NumberRule>() {}
                applies::<Unknown<Nullable<i64>>>();
            }
        }
    };
    #[doc(hidden)]
    pub struct __TfvalueSlots {
        __v0: ::std::option::Option<Unknown<Nullable<String>>>,
        __v1: ::std::option::Option<Unknown<Nullable<i64>>>,
    }
    impl ::std::default::Default for __TfvalueSlots {
        fn default() -> Self {
            __TfvalueSlots {
                __v0: ::std::option::Option::None,
                __v1: ::std::option::Option::None,
            }
        }
    }
    #[allow(unused_variables, unreachable_patterns)]
    impl ::tfvalue::__private_0_1_0::Flatten for Shared {
        const NAMES: &'static [&'static str] = &["digest", "length"];
        type Slots = __TfvalueSlots;
        fn field(name: &[u8]) -> ::std::option::Option<u16> {
            match name {
                b"digest" => ::std::option::Option::Some(0u16),
                b"length" => ::std::option::Option::Some(1u16),
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
                                "digest",
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
                                "length",
                            ),
                        );
                    }
                    slots.__v1 = ::std::option::Option::Some(
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
                            "digest",
                        ),
                    );
                }
            };
            let __v1 = match slots.__v1 {
                ::std::option::Option::Some(v) => v,
                ::std::option::Option::None => {
                    return ::std::result::Result::Err(
                        ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                            "length",
                        ),
                    );
                }
            };
            ::std::result::Result::Ok(Shared {
                digest: __v0,
                length: __v1,
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
                        "digest",
                        &self.digest,
                    )
                }
                1u16 => {
                    ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                        state,
                        "length",
                        &self.length,
                    )
                }
                _ => ::std::result::Result::Ok(()),
            }
        }
        fn object_attributes(
            out: &mut ::std::vec::Vec<(&'static str, ::tfvalue::Type, bool)>,
        ) {
            out.push((
                "digest",
                <Unknown<Nullable<String>> as ::tfvalue::TfType>::tf_type(),
                true,
            ));
            out.push((
                "length",
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
                            ::tfvalue::rules::AttributeRules::new("length")
                                .default_value(|| {
                                    let value: <Unknown<
                                        Nullable<i64>,
                                    > as ::tfvalue::rules::DefaultSlot>::Inner = 16;
                                    ::tfvalue::__private_0_1_0::default_value::<
                                        Unknown<Nullable<i64>>,
                                        _,
                                    >(&value)
                                })
                                .validator(
                                    ::tfvalue::rules::Validator::AtLeast(
                                            ::tfvalue::Number::from(1i128),
                                        )
                                        .for_type::<Unknown<Nullable<i64>>>(),
                                )
                                .custom_type(
                                    <Unknown<Nullable<i64>> as ::tfvalue::TfType>::SEMANTICS,
                                ),
                        )
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("digest")
                                .custom_type(
                                    <Unknown<Nullable<String>> as ::tfvalue::TfType>::SEMANTICS,
                                ),
                        )
                })(),
            )
        }
    }
};
///[`Secret`] with every value known: made by `IntoKnown::into_known`, which lists the path of every value still unknown.
#[allow(clippy::all, clippy::pedantic)]
pub struct SecretKnown
where
    Option<String>: ::tfvalue::known::IntoKnown,
    Shared: ::tfvalue::known::IntoKnown,
{
    ///`name`, known.
    pub name: <Option<String> as ::tfvalue::known::IntoKnown>::Known,
    ///The flattened attributes, known.
    pub shared: <Shared as ::tfvalue::known::IntoKnown>::Known,
}
#[automatically_derived]
#[allow(clippy::all, clippy::pedantic)]
impl ::tfvalue::known::IntoKnown for Secret
where
    Option<String>: ::tfvalue::known::IntoKnown,
    Shared: ::tfvalue::known::IntoKnown,
{
    type Known = SecretKnown;
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
        let shared = ::tfvalue::known::IntoKnown::into_known_at(
            self.shared,
            at,
            unknowns,
        );
        ::std::option::Option::Some(SecretKnown {
            name: name?,
            shared: shared?,
        })
    }
}
///[`Secret`] as apply-time code reads the plan: every configured value known, every computed attribute as the model holds it, for the provider to fill in. Made by `IntoPlanned::into_planned`, which lists the path of every configured value still unknown; `Secret::from` makes the model again.
#[allow(clippy::all, clippy::pedantic)]
pub struct SecretPlanned
where
    Option<String>: ::tfvalue::known::IntoPlanned,
    Shared: ::tfvalue::known::IntoPlanned,
{
    ///`name`, known.
    pub name: <Option<String> as ::tfvalue::known::IntoPlanned>::Planned,
    ///The flattened attributes, known.
    pub shared: <Shared as ::tfvalue::known::IntoPlanned>::Planned,
}
#[automatically_derived]
#[allow(clippy::all, clippy::pedantic)]
impl ::tfvalue::known::IntoPlanned for Secret
where
    Option<String>: ::tfvalue::known::IntoPlanned,
    Shared: ::tfvalue::known::IntoPlanned,
{
    type Planned = SecretPlanned;
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
        let field1 = ::tfvalue::known::IntoPlanned::into_planned_at(
            self.shared,
            at,
            unknowns,
        );
        ::std::option::Option::Some(SecretPlanned {
            name: field0?,
            shared: field1?,
        })
    }
    fn from_planned(planned: Self::Planned) -> Self {
        Secret {
            name: ::tfvalue::known::IntoPlanned::from_planned(planned.name),
            shared: ::tfvalue::known::IntoPlanned::from_planned(planned.shared),
        }
    }
}
#[automatically_derived]
#[allow(clippy::all, clippy::pedantic)]
impl ::std::convert::From<SecretPlanned> for Secret
where
    Option<String>: ::tfvalue::known::IntoPlanned,
    Shared: ::tfvalue::known::IntoPlanned,
{
    fn from(planned: SecretPlanned) -> Self {
        ::tfvalue::known::IntoPlanned::from_planned(planned)
    }
}
#[doc(hidden)]
#[allow(non_upper_case_globals, unused_qualifications, clippy::all, clippy::pedantic)]
const _: () = {
    impl ::tfvalue::TfType for Secret {
        fn tf_type() -> ::tfvalue::Type {
            static CELL: ::std::sync::OnceLock<::tfvalue::Type> = ::std::sync::OnceLock::new();
            ::std::clone::Clone::clone(
                CELL
                    .get_or_init(|| {
                        let mut attrs = ::std::vec::Vec::new();
                        <Self as ::tfvalue::__private_0_1_0::Flatten>::object_attributes(
                            &mut attrs,
                        );
                        ::tfvalue::__private_0_1_0::object_type(attrs)
                    }),
            )
        }
        const HAS_DYNAMIC: bool = false
            || <Option<String> as ::tfvalue::TfType>::HAS_DYNAMIC
            || <Shared as ::tfvalue::TfType>::HAS_DYNAMIC;
    }
    impl ::tfvalue::schema::TfSchema for Secret {
        fn schema() -> &'static ::tfvalue::schema::Schema {
            static CELL: ::std::sync::OnceLock<::tfvalue::schema::Schema> = ::std::sync::OnceLock::new();
            CELL.get_or_init(|| {
                let block = ::tfvalue::schema::Block::new();
                let block = block
                    .attribute(
                        ::tfvalue::schema::Attribute::new(
                                "name",
                                <Option<String> as ::tfvalue::TfType>::tf_type(),
                            )
                            .optional_if(
                                <Option<String> as ::tfvalue::TfType>::DECLARES_NULL,
                            )
                            .required_if(
                                !<Option<String> as ::tfvalue::TfType>::DECLARES_NULL,
                            ),
                    );
                let block = ::tfvalue::__private_0_1_0::flatten_block::<Shared>(block);
                let block = block
                    .description(
                        "A model with the shared attributes.",
                        ::tfvalue::schema::StringKind::Plain,
                    );
                ::tfvalue::schema::Schema::new(0i64, block)
            })
        }
        fn rules() -> &'static ::tfvalue::rules::Rules {
            static RULES: ::std::sync::OnceLock<::tfvalue::rules::Rules> = ::std::sync::OnceLock::new();
            RULES
                .get_or_init(|| {
                    let rules = ::tfvalue::rules::Rules::new()
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("name")
                                .custom_type(
                                    <Option<String> as ::tfvalue::TfType>::SEMANTICS,
                                ),
                        )
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("shared")
                                .custom_type(<Shared as ::tfvalue::TfType>::SEMANTICS),
                        );
                    let rules = ::tfvalue::__private_0_1_0::flatten_rules::<
                        Shared,
                    >(rules);
                    rules
                        .object_rule(
                            ::tfvalue::rules::ObjectRule::ConflictsWith(
                                ::std::vec!["name", "length"],
                            ),
                        )
                })
        }
    }
    impl ::tfvalue::__private_0_1_0::serde::Serialize for Secret {
        fn serialize<S: ::tfvalue::__private_0_1_0::serde::Serializer>(
            &self,
            serializer: S,
        ) -> ::std::result::Result<S::Ok, S::Error> {
            ::tfvalue::__private_0_1_0::serialize_flat(self, &__TFVALUE_WIRE, serializer)
        }
    }
    impl<'de> ::tfvalue::__private_0_1_0::serde::Deserialize<'de> for Secret {
        fn deserialize<__D: ::tfvalue::__private_0_1_0::serde::Deserializer<'de>>(
            deserializer: __D,
        ) -> ::std::result::Result<Self, __D::Error> {
            ::tfvalue::__private_0_1_0::deserialize_flat::<
                Self,
                __D,
            >(deserializer, "Secret")
        }
    }
    impl ::tfvalue::known::UnknownPaths for Secret {
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
            ::tfvalue::known::UnknownPaths::unknown_paths_into(&self.shared, at, out);
        }
        fn is_wholly_known(&self) -> bool {
            true && ::tfvalue::known::UnknownPaths::is_wholly_known(&self.name)
                && ::tfvalue::known::UnknownPaths::is_wholly_known(&self.shared)
        }
    }
    const __TFVALUE_AT_0: u16 = 1u16;
    const __TFVALUE_AT_1: u16 = __TFVALUE_AT_0
        + <Shared as ::tfvalue::__private_0_1_0::Flatten>::NAMES.len() as u16;
    const _: () = {
        const CLASH: ::tfvalue::__private_0_1_0::ConstMessage = ::tfvalue::__private_0_1_0::clash(
            &[&["name"]],
            "shared",
            <Shared as ::tfvalue::__private_0_1_0::Flatten>::NAMES,
        );
        if !CLASH.is_empty() {
            ::core::panic!("{}", CLASH.as_str())
        }
    };
    const _: () = if !::tfvalue::__private_0_1_0::contains(&__TFVALUE_NAMES, "length") {
        ::core::panic!(
            "no attribute named `length` in this struct or the structs it flattens"
        )
    };
    const __TFVALUE_LEN: usize = __TFVALUE_AT_1 as usize;
    const __TFVALUE_NAMES: [&'static str; __TFVALUE_LEN] = ::tfvalue::__private_0_1_0::concat_names(
        &[&["name"], <Shared as ::tfvalue::__private_0_1_0::Flatten>::NAMES],
    );
    const __TFVALUE_WIRE: [u16; __TFVALUE_LEN] = ::tfvalue::__private_0_1_0::wire_order(
        &__TFVALUE_NAMES,
    );
    #[doc(hidden)]
    pub struct __TfvalueSlots {
        __v0: ::std::option::Option<Option<String>>,
        __f0: <Shared as ::tfvalue::__private_0_1_0::Flatten>::Slots,
    }
    impl ::std::default::Default for __TfvalueSlots {
        fn default() -> Self {
            __TfvalueSlots {
                __v0: ::std::option::Option::None,
                __f0: ::std::default::Default::default(),
            }
        }
    }
    #[allow(unused_variables, unreachable_patterns)]
    impl ::tfvalue::__private_0_1_0::Flatten for Secret {
        const NAMES: &'static [&'static str] = &__TFVALUE_NAMES;
        type Slots = __TfvalueSlots;
        fn field(name: &[u8]) -> ::std::option::Option<u16> {
            match name {
                b"name" => ::std::option::Option::Some(0u16),
                _ => {
                    if let ::std::option::Option::Some(i) = <Shared as ::tfvalue::__private_0_1_0::Flatten>::field(
                        name,
                    ) {
                        return ::std::option::Option::Some(__TFVALUE_AT_0 + i);
                    }
                    ::std::option::Option::None
                }
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
                                "name",
                            ),
                        );
                    }
                    slots.__v0 = ::std::option::Option::Some(
                        ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                            Option<String>,
                        >(&mut *map)?,
                    );
                }
                i if i < __TFVALUE_AT_1 => {
                    <Shared as ::tfvalue::__private_0_1_0::Flatten>::accept(
                        &mut slots.__f0,
                        i - __TFVALUE_AT_0,
                        map,
                    )?
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
                            "name",
                        ),
                    );
                }
            };
            let __f0 = <Shared as ::tfvalue::__private_0_1_0::Flatten>::finish::<
                __E,
            >(slots.__f0)?;
            ::std::result::Result::Ok(Secret { name: __v0, shared: __f0 })
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
                        "name",
                        &self.name,
                    )
                }
                i if i < __TFVALUE_AT_1 => {
                    <Shared as ::tfvalue::__private_0_1_0::Flatten>::serialize_field(
                        &self.shared,
                        i - __TFVALUE_AT_0,
                        state,
                    )
                }
                _ => ::std::result::Result::Ok(()),
            }
        }
        fn object_attributes(
            out: &mut ::std::vec::Vec<(&'static str, ::tfvalue::Type, bool)>,
        ) {
            out.push((
                "name",
                <Option<String> as ::tfvalue::TfType>::tf_type(),
                <Option<String> as ::tfvalue::TfType>::DECLARES_NULL,
            ));
            <Shared as ::tfvalue::__private_0_1_0::Flatten>::object_attributes(out);
        }
        fn flatten_rules(rules: ::tfvalue::rules::Rules) -> ::tfvalue::rules::Rules {
            ::tfvalue::rules::Rules::merge(
                rules,
                (|| {
                    let rules = ::tfvalue::rules::Rules::new()
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("name")
                                .custom_type(
                                    <Option<String> as ::tfvalue::TfType>::SEMANTICS,
                                ),
                        )
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("shared")
                                .custom_type(<Shared as ::tfvalue::TfType>::SEMANTICS),
                        );
                    let rules = ::tfvalue::__private_0_1_0::flatten_rules::<
                        Shared,
                    >(rules);
                    rules
                        .object_rule(
                            ::tfvalue::rules::ObjectRule::ConflictsWith(
                                ::std::vec!["name", "length"],
                            ),
                        )
                })(),
            )
        }
    }
};
