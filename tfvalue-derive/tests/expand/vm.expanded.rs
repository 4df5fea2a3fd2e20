// What #[derive(TfSchema)] writes for the structs of the file of the same name
// without `.expanded` (checked by tfvalue-derive's unit test `expand_snapshots`;
// rewrite with TFVALUE_BLESS=1).

///[`Vm`] with every value known: made by `IntoKnown::into_known`, which lists the path of every value still unknown.
#[derive(Debug)]
#[allow(clippy::all, clippy::pedantic)]
pub struct VmKnown
where
    Unknown<Nullable<String>>: ::tfvalue::known::IntoKnown,
    String: ::tfvalue::known::IntoKnown,
    Unknown<Nullable<String>>: ::tfvalue::known::IntoKnown,
    Nullable<BTreeMap<String, String>>: ::tfvalue::known::IntoKnown,
    Option<String>: ::tfvalue::known::IntoKnown,
    Value: ::tfvalue::known::IntoKnown,
    Vec<Disk>: ::tfvalue::known::IntoKnown,
    Option<Network>: ::tfvalue::known::IntoKnown,
    Nullable<String>: ::tfvalue::known::IntoKnown,
    Option<String>: ::tfvalue::known::IntoKnown,
    Timeouts: ::tfvalue::known::IntoKnown,
    Nullable<BTreeSet<Port>>: ::tfvalue::known::IntoKnown,
{
    ///`id`, known.
    pub id: <Unknown<Nullable<String>> as ::tfvalue::known::IntoKnown>::Known,
    ///`name`, known.
    pub name: <String as ::tfvalue::known::IntoKnown>::Known,
    ///`password`, known.
    pub password: <Unknown<Nullable<String>> as ::tfvalue::known::IntoKnown>::Known,
    ///`tags`, known.
    pub tags: <Nullable<BTreeMap<String, String>> as ::tfvalue::known::IntoKnown>::Known,
    ///`type`, known.
    pub kind: <Option<String> as ::tfvalue::known::IntoKnown>::Known,
    ///`metadata`, known.
    pub metadata: <Value as ::tfvalue::known::IntoKnown>::Known,
    ///`disk`, known.
    pub disk: <Vec<Disk> as ::tfvalue::known::IntoKnown>::Known,
    ///`network`, known.
    pub network: <Option<Network> as ::tfvalue::known::IntoKnown>::Known,
    ///`admin_password`, known.
    pub admin_password: <Nullable<String> as ::tfvalue::known::IntoKnown>::Known,
    ///`legacy_flavor`, known.
    pub legacy_flavor: <Option<String> as ::tfvalue::known::IntoKnown>::Known,
    ///`timeouts`, known.
    pub timeouts: <Timeouts as ::tfvalue::known::IntoKnown>::Known,
    ///`ports`, known.
    pub ports: <Nullable<BTreeSet<Port>> as ::tfvalue::known::IntoKnown>::Known,
}
#[automatically_derived]
#[allow(clippy::all, clippy::pedantic)]
impl ::tfvalue::known::IntoKnown for Vm
where
    Unknown<Nullable<String>>: ::tfvalue::known::IntoKnown,
    String: ::tfvalue::known::IntoKnown,
    Unknown<Nullable<String>>: ::tfvalue::known::IntoKnown,
    Nullable<BTreeMap<String, String>>: ::tfvalue::known::IntoKnown,
    Option<String>: ::tfvalue::known::IntoKnown,
    Value: ::tfvalue::known::IntoKnown,
    Vec<Disk>: ::tfvalue::known::IntoKnown,
    Option<Network>: ::tfvalue::known::IntoKnown,
    Nullable<String>: ::tfvalue::known::IntoKnown,
    Option<String>: ::tfvalue::known::IntoKnown,
    Timeouts: ::tfvalue::known::IntoKnown,
    Nullable<BTreeSet<Port>>: ::tfvalue::known::IntoKnown,
{
    type Known = VmKnown;
    fn into_known_at(
        self,
        at: ::tfvalue::known::Trail<'_>,
        unknowns: &mut ::std::vec::Vec<::tfvalue::AttributePath>,
    ) -> ::std::option::Option<Self::Known> {
        let id = ::tfvalue::known::IntoKnown::into_known_at(
            self.id,
            at.attr("id"),
            unknowns,
        );
        let name = ::tfvalue::known::IntoKnown::into_known_at(
            self.name,
            at.attr("name"),
            unknowns,
        );
        let password = ::tfvalue::known::IntoKnown::into_known_at(
            self.password,
            at.attr("password"),
            unknowns,
        );
        let tags = ::tfvalue::known::IntoKnown::into_known_at(
            self.tags,
            at.attr("tags"),
            unknowns,
        );
        let kind = ::tfvalue::known::IntoKnown::into_known_at(
            self.kind,
            at.attr("type"),
            unknowns,
        );
        let metadata = ::tfvalue::known::IntoKnown::into_known_at(
            self.metadata,
            at.attr("metadata"),
            unknowns,
        );
        let disk = ::tfvalue::known::IntoKnown::into_known_at(
            self.disk,
            at.attr("disk"),
            unknowns,
        );
        let network = ::tfvalue::known::IntoKnown::into_known_at(
            self.network,
            at.attr("network"),
            unknowns,
        );
        let admin_password = ::tfvalue::known::IntoKnown::into_known_at(
            self.admin_password,
            at.attr("admin_password"),
            unknowns,
        );
        let legacy_flavor = ::tfvalue::known::IntoKnown::into_known_at(
            self.legacy_flavor,
            at.attr("legacy_flavor"),
            unknowns,
        );
        let timeouts = ::tfvalue::known::IntoKnown::into_known_at(
            self.timeouts,
            at.attr("timeouts"),
            unknowns,
        );
        let ports = ::tfvalue::known::IntoKnown::into_known_at(
            self.ports,
            at.attr("ports"),
            unknowns,
        );
        ::std::option::Option::Some(VmKnown {
            id: id?,
            name: name?,
            password: password?,
            tags: tags?,
            kind: kind?,
            metadata: metadata?,
            disk: disk?,
            network: network?,
            admin_password: admin_password?,
            legacy_flavor: legacy_flavor?,
            timeouts: timeouts?,
            ports: ports?,
        })
    }
}
///[`Vm`] as apply-time code reads the plan: every configured value known, every computed attribute as the model holds it, for the provider to fill in. Made by `IntoPlanned::into_planned`, which lists the path of every configured value still unknown; `Vm::from` makes the model again.
#[derive(Debug)]
#[allow(clippy::all, clippy::pedantic)]
pub struct VmPlanned
where
    String: ::tfvalue::known::IntoPlanned,
    Nullable<BTreeMap<String, String>>: ::tfvalue::known::IntoPlanned,
    Option<String>: ::tfvalue::known::IntoPlanned,
    Value: ::tfvalue::known::IntoPlanned,
    Vec<Disk>: ::tfvalue::known::IntoPlanned,
    Option<Network>: ::tfvalue::known::IntoPlanned,
    Nullable<String>: ::tfvalue::known::IntoPlanned,
    Option<String>: ::tfvalue::known::IntoPlanned,
    Timeouts: ::tfvalue::known::IntoPlanned,
    Nullable<BTreeSet<Port>>: ::tfvalue::known::IntoPlanned,
{
    ///`id`, computed: as the model holds it, for the provider to fill in.
    pub id: Unknown<Nullable<String>>,
    ///`name`, known.
    pub name: <String as ::tfvalue::known::IntoPlanned>::Planned,
    ///`password`, computed: as the model holds it, for the provider to fill in.
    pub password: Unknown<Nullable<String>>,
    ///`tags`, known.
    pub tags: <Nullable<
        BTreeMap<String, String>,
    > as ::tfvalue::known::IntoPlanned>::Planned,
    ///`type`, known.
    pub kind: <Option<String> as ::tfvalue::known::IntoPlanned>::Planned,
    ///`metadata`, known.
    pub metadata: <Value as ::tfvalue::known::IntoPlanned>::Planned,
    ///`disk`, known.
    pub disk: <Vec<Disk> as ::tfvalue::known::IntoPlanned>::Planned,
    ///`network`, known.
    pub network: <Option<Network> as ::tfvalue::known::IntoPlanned>::Planned,
    ///`admin_password`, known.
    pub admin_password: <Nullable<String> as ::tfvalue::known::IntoPlanned>::Planned,
    ///`legacy_flavor`, known.
    pub legacy_flavor: <Option<String> as ::tfvalue::known::IntoPlanned>::Planned,
    ///`timeouts`, known.
    pub timeouts: <Timeouts as ::tfvalue::known::IntoPlanned>::Planned,
    ///`ports`, known.
    pub ports: <Nullable<BTreeSet<Port>> as ::tfvalue::known::IntoPlanned>::Planned,
}
#[automatically_derived]
#[allow(clippy::all, clippy::pedantic)]
impl ::tfvalue::known::IntoPlanned for Vm
where
    String: ::tfvalue::known::IntoPlanned,
    Nullable<BTreeMap<String, String>>: ::tfvalue::known::IntoPlanned,
    Option<String>: ::tfvalue::known::IntoPlanned,
    Value: ::tfvalue::known::IntoPlanned,
    Vec<Disk>: ::tfvalue::known::IntoPlanned,
    Option<Network>: ::tfvalue::known::IntoPlanned,
    Nullable<String>: ::tfvalue::known::IntoPlanned,
    Option<String>: ::tfvalue::known::IntoPlanned,
    Timeouts: ::tfvalue::known::IntoPlanned,
    Nullable<BTreeSet<Port>>: ::tfvalue::known::IntoPlanned,
{
    type Planned = VmPlanned;
    fn into_planned_at(
        self,
        at: ::tfvalue::known::Trail<'_>,
        unknowns: &mut ::std::vec::Vec<::tfvalue::AttributePath>,
    ) -> ::std::option::Option<Self::Planned> {
        let field0 = self.id;
        let field1 = ::tfvalue::known::IntoPlanned::into_planned_at(
            self.name,
            at.attr("name"),
            unknowns,
        );
        let field2 = self.password;
        let field3 = ::tfvalue::known::IntoPlanned::into_planned_at(
            self.tags,
            at.attr("tags"),
            unknowns,
        );
        let field4 = ::tfvalue::known::IntoPlanned::into_planned_at(
            self.kind,
            at.attr("type"),
            unknowns,
        );
        let field5 = ::tfvalue::known::IntoPlanned::into_planned_at(
            self.metadata,
            at.attr("metadata"),
            unknowns,
        );
        let field6 = ::tfvalue::known::IntoPlanned::into_planned_at(
            self.disk,
            at.attr("disk"),
            unknowns,
        );
        let field7 = ::tfvalue::known::IntoPlanned::into_planned_at(
            self.network,
            at.attr("network"),
            unknowns,
        );
        let field8 = ::tfvalue::known::IntoPlanned::into_planned_at(
            self.admin_password,
            at.attr("admin_password"),
            unknowns,
        );
        let field9 = ::tfvalue::known::IntoPlanned::into_planned_at(
            self.legacy_flavor,
            at.attr("legacy_flavor"),
            unknowns,
        );
        let field10 = ::tfvalue::known::IntoPlanned::into_planned_at(
            self.timeouts,
            at.attr("timeouts"),
            unknowns,
        );
        let field11 = ::tfvalue::known::IntoPlanned::into_planned_at(
            self.ports,
            at.attr("ports"),
            unknowns,
        );
        ::std::option::Option::Some(VmPlanned {
            id: field0,
            name: field1?,
            password: field2,
            tags: field3?,
            kind: field4?,
            metadata: field5?,
            disk: field6?,
            network: field7?,
            admin_password: field8?,
            legacy_flavor: field9?,
            timeouts: field10?,
            ports: field11?,
        })
    }
    fn from_planned(planned: Self::Planned) -> Self {
        Vm {
            id: planned.id,
            name: ::tfvalue::known::IntoPlanned::from_planned(planned.name),
            password: planned.password,
            tags: ::tfvalue::known::IntoPlanned::from_planned(planned.tags),
            kind: ::tfvalue::known::IntoPlanned::from_planned(planned.kind),
            metadata: ::tfvalue::known::IntoPlanned::from_planned(planned.metadata),
            disk: ::tfvalue::known::IntoPlanned::from_planned(planned.disk),
            network: ::tfvalue::known::IntoPlanned::from_planned(planned.network),
            admin_password: ::tfvalue::known::IntoPlanned::from_planned(
                planned.admin_password,
            ),
            legacy_flavor: ::tfvalue::known::IntoPlanned::from_planned(
                planned.legacy_flavor,
            ),
            timeouts: ::tfvalue::known::IntoPlanned::from_planned(planned.timeouts),
            ports: ::tfvalue::known::IntoPlanned::from_planned(planned.ports),
        }
    }
}
#[automatically_derived]
#[allow(clippy::all, clippy::pedantic)]
impl ::std::convert::From<VmPlanned> for Vm
where
    String: ::tfvalue::known::IntoPlanned,
    Nullable<BTreeMap<String, String>>: ::tfvalue::known::IntoPlanned,
    Option<String>: ::tfvalue::known::IntoPlanned,
    Value: ::tfvalue::known::IntoPlanned,
    Vec<Disk>: ::tfvalue::known::IntoPlanned,
    Option<Network>: ::tfvalue::known::IntoPlanned,
    Nullable<String>: ::tfvalue::known::IntoPlanned,
    Option<String>: ::tfvalue::known::IntoPlanned,
    Timeouts: ::tfvalue::known::IntoPlanned,
    Nullable<BTreeSet<Port>>: ::tfvalue::known::IntoPlanned,
{
    fn from(planned: VmPlanned) -> Self {
        ::tfvalue::known::IntoPlanned::from_planned(planned)
    }
}
#[doc(hidden)]
#[allow(non_upper_case_globals, unused_qualifications, clippy::all, clippy::pedantic)]
const _: () = {
    impl ::tfvalue::TfType for Vm {
        fn tf_type() -> ::tfvalue::Type {
            static CELL: ::std::sync::OnceLock<::tfvalue::Type> = ::std::sync::OnceLock::new();
            ::std::clone::Clone::clone(
                CELL
                    .get_or_init(|| ::tfvalue::__private_0_1_0::object_type(
                        ::std::vec![
                            ("id", < Unknown < Nullable < String > > as ::tfvalue::TfType
                            > ::tf_type(), true), ("name", < String as ::tfvalue::TfType
                            > ::tf_type(), < String as ::tfvalue::TfType >
                            ::DECLARES_NULL), ("password", < Unknown < Nullable < String
                            > > as ::tfvalue::TfType > ::tf_type(), true), ("tags", <
                            Nullable < BTreeMap < String, String > > as ::tfvalue::TfType
                            > ::tf_type(), < Nullable < BTreeMap < String, String > > as
                            ::tfvalue::TfType > ::DECLARES_NULL), ("type", < Option <
                            String > as ::tfvalue::TfType > ::tf_type(), < Option <
                            String > as ::tfvalue::TfType > ::DECLARES_NULL),
                            ("metadata", < Value as ::tfvalue::TfType > ::tf_type(),
                            true), ("disk", if < Vec < Disk > as ::tfvalue::TfType >
                            ::HAS_DYNAMIC { ::tfvalue::Type::Dynamic } else { < Vec <
                            Disk > as ::tfvalue::TfType > ::tf_type() }, false),
                            ("network", < Option < Network > as ::tfvalue::TfType >
                            ::tf_type(), false), ("admin_password", < Nullable < String >
                            as ::tfvalue::TfType > ::tf_type(), < Nullable < String > as
                            ::tfvalue::TfType > ::DECLARES_NULL), ("legacy_flavor", <
                            Option < String > as ::tfvalue::TfType > ::tf_type(), <
                            Option < String > as ::tfvalue::TfType > ::DECLARES_NULL),
                            ("timeouts", < Timeouts as ::tfvalue::TfType > ::tf_type(),
                            false), ("ports", < Nullable < BTreeSet < Port > > as
                            ::tfvalue::TfType > ::tf_type(), < Nullable < BTreeSet < Port
                            > > as ::tfvalue::TfType > ::DECLARES_NULL)
                        ],
                    )),
            )
        }
        const HAS_DYNAMIC: bool = false
            || <Unknown<Nullable<String>> as ::tfvalue::TfType>::HAS_DYNAMIC
            || <String as ::tfvalue::TfType>::HAS_DYNAMIC
            || <Unknown<Nullable<String>> as ::tfvalue::TfType>::HAS_DYNAMIC
            || <Nullable<BTreeMap<String, String>> as ::tfvalue::TfType>::HAS_DYNAMIC
            || <Option<String> as ::tfvalue::TfType>::HAS_DYNAMIC
            || <Value as ::tfvalue::TfType>::HAS_DYNAMIC
            || <Vec<Disk> as ::tfvalue::TfType>::HAS_DYNAMIC
            || <Option<Network> as ::tfvalue::TfType>::HAS_DYNAMIC
            || <Nullable<String> as ::tfvalue::TfType>::HAS_DYNAMIC
            || <Option<String> as ::tfvalue::TfType>::HAS_DYNAMIC
            || <Timeouts as ::tfvalue::TfType>::HAS_DYNAMIC
            || <Nullable<BTreeSet<Port>> as ::tfvalue::TfType>::HAS_DYNAMIC;
    }
    impl ::tfvalue::schema::TfSchema for Vm {
        fn schema() -> &'static ::tfvalue::schema::Schema {
            static CELL: ::std::sync::OnceLock<::tfvalue::schema::Schema> = ::std::sync::OnceLock::new();
            CELL.get_or_init(|| {
                let block = ::tfvalue::schema::Block::new();
                let block = block
                    .attribute(
                        ::tfvalue::schema::Attribute::new(
                                "id",
                                <Unknown<Nullable<String>> as ::tfvalue::TfType>::tf_type(),
                            )
                            .computed()
                            .description(
                                "The machine's id, known after apply.",
                                ::tfvalue::schema::StringKind::Plain,
                            ),
                    );
                let block = block
                    .attribute(
                        ::tfvalue::schema::Attribute::new(
                                "name",
                                <String as ::tfvalue::TfType>::tf_type(),
                            )
                            .optional_if(<String as ::tfvalue::TfType>::DECLARES_NULL)
                            .required_if(!<String as ::tfvalue::TfType>::DECLARES_NULL),
                    );
                let block = block
                    .attribute(
                        ::tfvalue::schema::Attribute::new(
                                "password",
                                <Unknown<Nullable<String>> as ::tfvalue::TfType>::tf_type(),
                            )
                            .optional()
                            .computed()
                            .sensitive()
                            .description(
                                "The root password.",
                                ::tfvalue::schema::StringKind::Markdown,
                            ),
                    );
                let block = block
                    .attribute(
                        ::tfvalue::schema::Attribute::new(
                                "tags",
                                <Nullable<
                                    BTreeMap<String, String>,
                                > as ::tfvalue::TfType>::tf_type(),
                            )
                            .optional_if(
                                <Nullable<
                                    BTreeMap<String, String>,
                                > as ::tfvalue::TfType>::DECLARES_NULL,
                            )
                            .required_if(
                                !<Nullable<
                                    BTreeMap<String, String>,
                                > as ::tfvalue::TfType>::DECLARES_NULL,
                            ),
                    );
                let block = block
                    .attribute(
                        ::tfvalue::schema::Attribute::new(
                                "type",
                                <Option<String> as ::tfvalue::TfType>::tf_type(),
                            )
                            .optional_if(
                                <Option<String> as ::tfvalue::TfType>::DECLARES_NULL,
                            )
                            .required_if(
                                !<Option<String> as ::tfvalue::TfType>::DECLARES_NULL,
                            ),
                    );
                let block = block
                    .attribute(
                        ::tfvalue::schema::Attribute::new(
                                "metadata",
                                <Value as ::tfvalue::TfType>::tf_type(),
                            )
                            .optional(),
                    );
                let block = block
                    .block_type(
                        ::tfvalue::schema::NestedBlock::new(
                                "disk",
                                ::std::clone::Clone::clone(
                                        &<Disk as ::tfvalue::schema::TfSchema>::schema().block,
                                    )
                                    .description(
                                        <Disk as ::tfvalue::schema::TfSchema>::block_description()
                                            .map_or("", |(text, _)| text),
                                        <Disk as ::tfvalue::schema::TfSchema>::block_description()
                                            .map_or(
                                                ::tfvalue::schema::StringKind::Plain,
                                                |(_, kind)| kind,
                                            ),
                                    ),
                                ::tfvalue::schema::BlockNesting::List,
                            )
                            .min_items(1u64)
                            .max_items(4u64),
                    );
                let block = block
                    .block_type(
                        ::tfvalue::schema::NestedBlock::new(
                                "network",
                                ::std::clone::Clone::clone(
                                        &<Network as ::tfvalue::schema::TfSchema>::schema().block,
                                    )
                                    .deprecation_message("Use `nic` blocks.")
                                    .description(
                                        <Network as ::tfvalue::schema::TfSchema>::block_description()
                                            .map_or("", |(text, _)| text),
                                        <Network as ::tfvalue::schema::TfSchema>::block_description()
                                            .map_or(
                                                ::tfvalue::schema::StringKind::Plain,
                                                |(_, kind)| kind,
                                            ),
                                    ),
                                ::tfvalue::schema::BlockNesting::Single,
                            )
                            .min_items(0u64)
                            .max_items(0u64),
                    );
                let block = block
                    .attribute(
                        ::tfvalue::schema::Attribute::new(
                                "admin_password",
                                <Nullable<String> as ::tfvalue::TfType>::tf_type(),
                            )
                            .optional_if(
                                <Nullable<String> as ::tfvalue::TfType>::DECLARES_NULL,
                            )
                            .required_if(
                                !<Nullable<String> as ::tfvalue::TfType>::DECLARES_NULL,
                            )
                            .sensitive()
                            .write_only()
                            .description(
                                "Sent on create and update, never kept.",
                                ::tfvalue::schema::StringKind::Plain,
                            ),
                    );
                let block = block
                    .attribute(
                        ::tfvalue::schema::Attribute::new(
                                "legacy_flavor",
                                <Option<String> as ::tfvalue::TfType>::tf_type(),
                            )
                            .optional_if(
                                <Option<String> as ::tfvalue::TfType>::DECLARES_NULL,
                            )
                            .required_if(
                                !<Option<String> as ::tfvalue::TfType>::DECLARES_NULL,
                            )
                            .deprecated(),
                    );
                let block = block
                    .block_type(
                        ::tfvalue::schema::NestedBlock::new(
                                "timeouts",
                                ::std::clone::Clone::clone(
                                        &<Timeouts as ::tfvalue::schema::TfSchema>::schema().block,
                                    )
                                    .description(
                                        <Timeouts as ::tfvalue::schema::TfSchema>::block_description()
                                            .map_or("", |(text, _)| text),
                                        <Timeouts as ::tfvalue::schema::TfSchema>::block_description()
                                            .map_or(
                                                ::tfvalue::schema::StringKind::Plain,
                                                |(_, kind)| kind,
                                            ),
                                    ),
                                ::tfvalue::schema::BlockNesting::Group,
                            )
                            .min_items(0u64)
                            .max_items(0u64),
                    );
                let block = block
                    .attribute(
                        ::tfvalue::schema::Attribute::nested(
                                "ports",
                                ::tfvalue::schema::NestedObject {
                                    attributes: ::std::clone::Clone::clone(
                                        &<Port as ::tfvalue::schema::TfSchema>::schema()
                                            .block
                                            .attributes,
                                    ),
                                    nesting: ::tfvalue::schema::ObjectNesting::Set,
                                },
                            )
                            .optional_if(
                                <Nullable<
                                    BTreeSet<Port>,
                                > as ::tfvalue::TfType>::DECLARES_NULL,
                            )
                            .required_if(
                                !<Nullable<
                                    BTreeSet<Port>,
                                > as ::tfvalue::TfType>::DECLARES_NULL,
                            ),
                    );
                let block = block
                    .description(
                        "A virtual machine.",
                        ::tfvalue::schema::StringKind::Plain,
                    );
                ::tfvalue::schema::Schema::new(2i64, block)
            })
        }
        fn rules() -> &'static ::tfvalue::rules::Rules {
            static RULES: ::std::sync::OnceLock<::tfvalue::rules::Rules> = ::std::sync::OnceLock::new();
            RULES
                .get_or_init(|| {
                    ::tfvalue::rules::Rules::new()
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("id")
                                .custom_type(
                                    <Unknown<Nullable<String>> as ::tfvalue::TfType>::SEMANTICS,
                                ),
                        )
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("name")
                                .custom_type(<String as ::tfvalue::TfType>::SEMANTICS),
                        )
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("password")
                                .custom_type(
                                    <Unknown<Nullable<String>> as ::tfvalue::TfType>::SEMANTICS,
                                ),
                        )
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("tags")
                                .custom_type(
                                    <Nullable<
                                        BTreeMap<String, String>,
                                    > as ::tfvalue::TfType>::SEMANTICS,
                                ),
                        )
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("type")
                                .custom_type(
                                    <Option<String> as ::tfvalue::TfType>::SEMANTICS,
                                ),
                        )
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("metadata")
                                .custom_type(<Value as ::tfvalue::TfType>::SEMANTICS),
                        )
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("disk")
                                .nested_rules(<Disk as ::tfvalue::schema::TfSchema>::rules),
                        )
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("network")
                                .nested_rules(
                                    <Network as ::tfvalue::schema::TfSchema>::rules,
                                ),
                        )
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("admin_password")
                                .custom_type(
                                    <Nullable<String> as ::tfvalue::TfType>::SEMANTICS,
                                ),
                        )
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("legacy_flavor")
                                .custom_type(
                                    <Option<String> as ::tfvalue::TfType>::SEMANTICS,
                                ),
                        )
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("timeouts")
                                .nested_rules(
                                    <Timeouts as ::tfvalue::schema::TfSchema>::rules,
                                ),
                        )
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("ports")
                                .nested_rules(<Port as ::tfvalue::schema::TfSchema>::rules),
                        )
                })
        }
    }
    impl ::tfvalue::__private_0_1_0::serde::Serialize for Vm {
        fn serialize<S: ::tfvalue::__private_0_1_0::serde::Serializer>(
            &self,
            serializer: S,
        ) -> ::std::result::Result<S::Ok, S::Error> {
            let mut state = ::tfvalue::__private_0_1_0::serde::Serializer::serialize_struct(
                serializer,
                ::tfvalue::__private_0_1_0::SORTED_STRUCT_TOKEN,
                12usize,
            )?;
            ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                &mut state,
                "admin_password",
                &self.admin_password,
            )?;
            ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                &mut state,
                "disk",
                &::tfvalue::__private_0_1_0::BlocksRef(&self.disk),
            )?;
            ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                &mut state,
                "id",
                &self.id,
            )?;
            ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                &mut state,
                "legacy_flavor",
                &self.legacy_flavor,
            )?;
            ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                &mut state,
                "metadata",
                &self.metadata,
            )?;
            ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                &mut state,
                "name",
                &self.name,
            )?;
            ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                &mut state,
                "network",
                &self.network,
            )?;
            ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                &mut state,
                "password",
                &self.password,
            )?;
            ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                &mut state,
                "ports",
                &self.ports,
            )?;
            ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                &mut state,
                "tags",
                &self.tags,
            )?;
            ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                &mut state,
                "timeouts",
                &self.timeouts,
            )?;
            ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                &mut state,
                "type",
                &self.kind,
            )?;
            ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::end(state)
        }
    }
    impl<'de> ::tfvalue::__private_0_1_0::serde::Deserialize<'de> for Vm {
        fn deserialize<__D: ::tfvalue::__private_0_1_0::serde::Deserializer<'de>>(
            deserializer: __D,
        ) -> ::std::result::Result<Self, __D::Error> {
            const FIELDS: &[&str] = &[
                "admin_password",
                "disk",
                "id",
                "legacy_flavor",
                "metadata",
                "name",
                "network",
                "password",
                "ports",
                "tags",
                "timeouts",
                "type",
            ];
            enum __Field {
                __F0,
                __F1,
                __F2,
                __F3,
                __F4,
                __F5,
                __F6,
                __F7,
                __F8,
                __F9,
                __F10,
                __F11,
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
                        "admin_password" => ::std::result::Result::Ok(__Field::__F0),
                        "disk" => ::std::result::Result::Ok(__Field::__F1),
                        "id" => ::std::result::Result::Ok(__Field::__F2),
                        "legacy_flavor" => ::std::result::Result::Ok(__Field::__F3),
                        "metadata" => ::std::result::Result::Ok(__Field::__F4),
                        "name" => ::std::result::Result::Ok(__Field::__F5),
                        "network" => ::std::result::Result::Ok(__Field::__F6),
                        "password" => ::std::result::Result::Ok(__Field::__F7),
                        "ports" => ::std::result::Result::Ok(__Field::__F8),
                        "tags" => ::std::result::Result::Ok(__Field::__F9),
                        "timeouts" => ::std::result::Result::Ok(__Field::__F10),
                        "type" => ::std::result::Result::Ok(__Field::__F11),
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
                        b"admin_password" => ::std::result::Result::Ok(__Field::__F0),
                        b"disk" => ::std::result::Result::Ok(__Field::__F1),
                        b"id" => ::std::result::Result::Ok(__Field::__F2),
                        b"legacy_flavor" => ::std::result::Result::Ok(__Field::__F3),
                        b"metadata" => ::std::result::Result::Ok(__Field::__F4),
                        b"name" => ::std::result::Result::Ok(__Field::__F5),
                        b"network" => ::std::result::Result::Ok(__Field::__F6),
                        b"password" => ::std::result::Result::Ok(__Field::__F7),
                        b"ports" => ::std::result::Result::Ok(__Field::__F8),
                        b"tags" => ::std::result::Result::Ok(__Field::__F9),
                        b"timeouts" => ::std::result::Result::Ok(__Field::__F10),
                        b"type" => ::std::result::Result::Ok(__Field::__F11),
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
                type Value = Vm;
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
                    let mut __v0: ::std::option::Option<Nullable<String>> = ::std::option::Option::None;
                    let mut __v1: ::std::option::Option<Vec<Disk>> = ::std::option::Option::None;
                    let mut __v2: ::std::option::Option<Unknown<Nullable<String>>> = ::std::option::Option::None;
                    let mut __v3: ::std::option::Option<Option<String>> = ::std::option::Option::None;
                    let mut __v4: ::std::option::Option<Value> = ::std::option::Option::None;
                    let mut __v5: ::std::option::Option<String> = ::std::option::Option::None;
                    let mut __v6: ::std::option::Option<Option<Network>> = ::std::option::Option::None;
                    let mut __v7: ::std::option::Option<Unknown<Nullable<String>>> = ::std::option::Option::None;
                    let mut __v8: ::std::option::Option<Nullable<BTreeSet<Port>>> = ::std::option::Option::None;
                    let mut __v9: ::std::option::Option<
                        Nullable<BTreeMap<String, String>>,
                    > = ::std::option::Option::None;
                    let mut __v10: ::std::option::Option<Timeouts> = ::std::option::Option::None;
                    let mut __v11: ::std::option::Option<Option<String>> = ::std::option::Option::None;
                    while let ::std::option::Option::Some(key) = ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_key::<
                        __Field,
                    >(&mut map)? {
                        match key {
                            __Field::__F0 => {
                                if __v0.is_some() {
                                    return ::std::result::Result::Err(
                                        ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                            "admin_password",
                                        ),
                                    );
                                }
                                __v0 = ::std::option::Option::Some(
                                    ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                                        Nullable<String>,
                                    >(&mut map)?,
                                );
                            }
                            __Field::__F1 => {
                                if __v1.is_some() {
                                    return ::std::result::Result::Err(
                                        ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                            "disk",
                                        ),
                                    );
                                }
                                __v1 = ::std::option::Option::Some(
                                    ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                                        ::tfvalue::__private_0_1_0::Blocks<
                                            Vec<Disk>,
                                            { <Vec<Disk> as ::tfvalue::TfType>::HAS_DYNAMIC },
                                        >,
                                    >(&mut map)?
                                        .0,
                                );
                            }
                            __Field::__F2 => {
                                if __v2.is_some() {
                                    return ::std::result::Result::Err(
                                        ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                            "id",
                                        ),
                                    );
                                }
                                __v2 = ::std::option::Option::Some(
                                    ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                                        Unknown<Nullable<String>>,
                                    >(&mut map)?,
                                );
                            }
                            __Field::__F3 => {
                                if __v3.is_some() {
                                    return ::std::result::Result::Err(
                                        ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                            "legacy_flavor",
                                        ),
                                    );
                                }
                                __v3 = ::std::option::Option::Some(
                                    ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                                        Option<String>,
                                    >(&mut map)?,
                                );
                            }
                            __Field::__F4 => {
                                if __v4.is_some() {
                                    return ::std::result::Result::Err(
                                        ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                            "metadata",
                                        ),
                                    );
                                }
                                __v4 = ::std::option::Option::Some(
                                    ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                                        Value,
                                    >(&mut map)?,
                                );
                            }
                            __Field::__F5 => {
                                if __v5.is_some() {
                                    return ::std::result::Result::Err(
                                        ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                            "name",
                                        ),
                                    );
                                }
                                __v5 = ::std::option::Option::Some(
                                    ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                                        String,
                                    >(&mut map)?,
                                );
                            }
                            __Field::__F6 => {
                                if __v6.is_some() {
                                    return ::std::result::Result::Err(
                                        ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                            "network",
                                        ),
                                    );
                                }
                                __v6 = ::std::option::Option::Some(
                                    ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                                        Option<Network>,
                                    >(&mut map)?,
                                );
                            }
                            __Field::__F7 => {
                                if __v7.is_some() {
                                    return ::std::result::Result::Err(
                                        ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                            "password",
                                        ),
                                    );
                                }
                                __v7 = ::std::option::Option::Some(
                                    ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                                        Unknown<Nullable<String>>,
                                    >(&mut map)?,
                                );
                            }
                            __Field::__F8 => {
                                if __v8.is_some() {
                                    return ::std::result::Result::Err(
                                        ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                            "ports",
                                        ),
                                    );
                                }
                                __v8 = ::std::option::Option::Some(
                                    ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                                        Nullable<BTreeSet<Port>>,
                                    >(&mut map)?,
                                );
                            }
                            __Field::__F9 => {
                                if __v9.is_some() {
                                    return ::std::result::Result::Err(
                                        ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                            "tags",
                                        ),
                                    );
                                }
                                __v9 = ::std::option::Option::Some(
                                    ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                                        ::tfvalue::__private_0_1_0::Bulk<
                                            Nullable<BTreeMap<String, String>>,
                                        >,
                                    >(&mut map)?
                                        .0,
                                );
                            }
                            __Field::__F10 => {
                                if __v10.is_some() {
                                    return ::std::result::Result::Err(
                                        ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                            "timeouts",
                                        ),
                                    );
                                }
                                __v10 = ::std::option::Option::Some(
                                    ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                                        Timeouts,
                                    >(&mut map)?,
                                );
                            }
                            __Field::__F11 => {
                                if __v11.is_some() {
                                    return ::std::result::Result::Err(
                                        ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                            "type",
                                        ),
                                    );
                                }
                                __v11 = ::std::option::Option::Some(
                                    ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                                        Option<String>,
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
                                    "admin_password",
                                ),
                            );
                        }
                    };
                    let __v1 = match __v1 {
                        ::std::option::Option::Some(v) => v,
                        ::std::option::Option::None => {
                            return ::std::result::Result::Err(
                                ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                                    "disk",
                                ),
                            );
                        }
                    };
                    let __v2 = match __v2 {
                        ::std::option::Option::Some(v) => v,
                        ::std::option::Option::None => {
                            return ::std::result::Result::Err(
                                ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                                    "id",
                                ),
                            );
                        }
                    };
                    let __v3 = match __v3 {
                        ::std::option::Option::Some(v) => v,
                        ::std::option::Option::None => {
                            return ::std::result::Result::Err(
                                ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                                    "legacy_flavor",
                                ),
                            );
                        }
                    };
                    let __v4 = match __v4 {
                        ::std::option::Option::Some(v) => v,
                        ::std::option::Option::None => {
                            return ::std::result::Result::Err(
                                ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                                    "metadata",
                                ),
                            );
                        }
                    };
                    let __v5 = match __v5 {
                        ::std::option::Option::Some(v) => v,
                        ::std::option::Option::None => {
                            return ::std::result::Result::Err(
                                ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                                    "name",
                                ),
                            );
                        }
                    };
                    let __v6 = match __v6 {
                        ::std::option::Option::Some(v) => v,
                        ::std::option::Option::None => {
                            return ::std::result::Result::Err(
                                ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                                    "network",
                                ),
                            );
                        }
                    };
                    let __v7 = match __v7 {
                        ::std::option::Option::Some(v) => v,
                        ::std::option::Option::None => {
                            return ::std::result::Result::Err(
                                ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                                    "password",
                                ),
                            );
                        }
                    };
                    let __v8 = match __v8 {
                        ::std::option::Option::Some(v) => v,
                        ::std::option::Option::None => {
                            return ::std::result::Result::Err(
                                ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                                    "ports",
                                ),
                            );
                        }
                    };
                    let __v9 = match __v9 {
                        ::std::option::Option::Some(v) => v,
                        ::std::option::Option::None => {
                            return ::std::result::Result::Err(
                                ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                                    "tags",
                                ),
                            );
                        }
                    };
                    let __v10 = match __v10 {
                        ::std::option::Option::Some(v) => v,
                        ::std::option::Option::None => {
                            return ::std::result::Result::Err(
                                ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                                    "timeouts",
                                ),
                            );
                        }
                    };
                    let __v11 = match __v11 {
                        ::std::option::Option::Some(v) => v,
                        ::std::option::Option::None => {
                            return ::std::result::Result::Err(
                                ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                                    "type",
                                ),
                            );
                        }
                    };
                    ::tfvalue::__private_0_1_0::check_block_count::<
                        __A::Error,
                        _,
                    >(&__v1, "disk", 1u64, 4u64)?;
                    ::std::result::Result::Ok(Vm {
                        admin_password: __v0,
                        disk: __v1,
                        id: __v2,
                        legacy_flavor: __v3,
                        metadata: __v4,
                        name: __v5,
                        network: __v6,
                        password: __v7,
                        ports: __v8,
                        tags: __v9,
                        timeouts: __v10,
                        kind: __v11,
                    })
                }
            }
            ::tfvalue::__private_0_1_0::serde::Deserializer::deserialize_struct(
                deserializer,
                "Vm",
                FIELDS,
                __Visitor(::std::marker::PhantomData),
            )
        }
    }
    impl ::tfvalue::known::UnknownPaths for Vm {
        fn unknown_paths_into(
            &self,
            at: ::tfvalue::known::Trail<'_>,
            out: &mut ::std::vec::Vec<::tfvalue::AttributePath>,
        ) {
            ::tfvalue::known::UnknownPaths::unknown_paths_into(
                &self.id,
                at.attr("id"),
                out,
            );
            ::tfvalue::known::UnknownPaths::unknown_paths_into(
                &self.name,
                at.attr("name"),
                out,
            );
            ::tfvalue::known::UnknownPaths::unknown_paths_into(
                &self.password,
                at.attr("password"),
                out,
            );
            ::tfvalue::known::UnknownPaths::unknown_paths_into(
                &self.tags,
                at.attr("tags"),
                out,
            );
            ::tfvalue::known::UnknownPaths::unknown_paths_into(
                &self.kind,
                at.attr("type"),
                out,
            );
            ::tfvalue::known::UnknownPaths::unknown_paths_into(
                &self.metadata,
                at.attr("metadata"),
                out,
            );
            ::tfvalue::known::UnknownPaths::unknown_paths_into(
                &self.disk,
                at.attr("disk"),
                out,
            );
            ::tfvalue::known::UnknownPaths::unknown_paths_into(
                &self.network,
                at.attr("network"),
                out,
            );
            ::tfvalue::known::UnknownPaths::unknown_paths_into(
                &self.admin_password,
                at.attr("admin_password"),
                out,
            );
            ::tfvalue::known::UnknownPaths::unknown_paths_into(
                &self.legacy_flavor,
                at.attr("legacy_flavor"),
                out,
            );
            ::tfvalue::known::UnknownPaths::unknown_paths_into(
                &self.timeouts,
                at.attr("timeouts"),
                out,
            );
            ::tfvalue::known::UnknownPaths::unknown_paths_into(
                &self.ports,
                at.attr("ports"),
                out,
            );
        }
        fn is_wholly_known(&self) -> bool {
            true && ::tfvalue::known::UnknownPaths::is_wholly_known(&self.id)
                && ::tfvalue::known::UnknownPaths::is_wholly_known(&self.name)
                && ::tfvalue::known::UnknownPaths::is_wholly_known(&self.password)
                && ::tfvalue::known::UnknownPaths::is_wholly_known(&self.tags)
                && ::tfvalue::known::UnknownPaths::is_wholly_known(&self.kind)
                && ::tfvalue::known::UnknownPaths::is_wholly_known(&self.metadata)
                && ::tfvalue::known::UnknownPaths::is_wholly_known(&self.disk)
                && ::tfvalue::known::UnknownPaths::is_wholly_known(&self.network)
                && ::tfvalue::known::UnknownPaths::is_wholly_known(&self.admin_password)
                && ::tfvalue::known::UnknownPaths::is_wholly_known(&self.legacy_flavor)
                && ::tfvalue::known::UnknownPaths::is_wholly_known(&self.timeouts)
                && ::tfvalue::known::UnknownPaths::is_wholly_known(&self.ports)
        }
    }
    const _: () = if !<Unknown<Nullable<String>> as ::tfvalue::TfType>::CAN_BE_UNKNOWN {
        ::core::panic!(
            "`id` is computed, but its type cannot hold an unknown value: the provider must be able to plan it as unknown; use Unknown<Nullable<T>>"
        )
    } else if !<Unknown<Nullable<String>> as ::tfvalue::TfType>::CAN_BE_NULL {
        ::core::panic!(
            "`id` is computed, but its type cannot be null: Terraform sends null for a computed attribute the configuration does not set; use Unknown<Nullable<T>>"
        )
    };
    const _: () = if !<Unknown<Nullable<String>> as ::tfvalue::TfType>::CAN_BE_NULL {
        ::core::panic!(
            "`password` is optional, but its type cannot be null: Terraform sends null for an unset optional attribute; wrap the type in Nullable<T> or Option<T>"
        )
    } else if !<Unknown<Nullable<String>> as ::tfvalue::TfType>::CAN_BE_UNKNOWN {
        ::core::panic!(
            "`password` is computed, but its type cannot hold an unknown value: the provider must be able to plan it as unknown; use Unknown<Nullable<T>>"
        )
    } else if !<Unknown<Nullable<String>> as ::tfvalue::TfType>::CAN_BE_NULL {
        ::core::panic!(
            "`password` is computed, but its type cannot be null: Terraform sends null for a computed attribute the configuration does not set; use Unknown<Nullable<T>>"
        )
    };
    const _: () = if !<Value as ::tfvalue::TfType>::CAN_BE_NULL {
        ::core::panic!(
            "`metadata` is optional, but its type cannot be null: Terraform sends null for an unset optional attribute; wrap the type in Nullable<T> or Option<T>"
        )
    };
    const _: () = if !<Nullable<String> as ::tfvalue::TfType>::CAN_BE_NULL {
        ::core::panic!(
            "`admin_password` is write-only: a write-only attribute is always null in plan and state, so its type must hold null: use Nullable<_> (or Unknown<Nullable<_>>)"
        )
    };
    const _: () = if <Port as ::tfvalue::TfType>::HAS_DYNAMIC {
        ::core::panic!(
            "`ports` is a SET of a type containing a dynamic attribute (tfvalue::Value), which Terraform does not allow: use a list or map nesting, or a typed attribute"
        )
    };
    #[doc(hidden)]
    pub struct __TfvalueSlots {
        __v0: ::std::option::Option<Nullable<String>>,
        __v1: ::std::option::Option<Vec<Disk>>,
        __v2: ::std::option::Option<Unknown<Nullable<String>>>,
        __v3: ::std::option::Option<Option<String>>,
        __v4: ::std::option::Option<Value>,
        __v5: ::std::option::Option<String>,
        __v6: ::std::option::Option<Option<Network>>,
        __v7: ::std::option::Option<Unknown<Nullable<String>>>,
        __v8: ::std::option::Option<Nullable<BTreeSet<Port>>>,
        __v9: ::std::option::Option<Nullable<BTreeMap<String, String>>>,
        __v10: ::std::option::Option<Timeouts>,
        __v11: ::std::option::Option<Option<String>>,
    }
    impl ::std::default::Default for __TfvalueSlots {
        fn default() -> Self {
            __TfvalueSlots {
                __v0: ::std::option::Option::None,
                __v1: ::std::option::Option::None,
                __v2: ::std::option::Option::None,
                __v3: ::std::option::Option::None,
                __v4: ::std::option::Option::None,
                __v5: ::std::option::Option::None,
                __v6: ::std::option::Option::None,
                __v7: ::std::option::Option::None,
                __v8: ::std::option::Option::None,
                __v9: ::std::option::Option::None,
                __v10: ::std::option::Option::None,
                __v11: ::std::option::Option::None,
            }
        }
    }
    #[allow(unused_variables, unreachable_patterns)]
    impl ::tfvalue::__private_0_1_0::Flatten for Vm {
        const NAMES: &'static [&'static str] = &[
            "admin_password",
            "disk",
            "id",
            "legacy_flavor",
            "metadata",
            "name",
            "network",
            "password",
            "ports",
            "tags",
            "timeouts",
            "type",
        ];
        type Slots = __TfvalueSlots;
        fn field(name: &[u8]) -> ::std::option::Option<u16> {
            match name {
                b"admin_password" => ::std::option::Option::Some(0u16),
                b"disk" => ::std::option::Option::Some(1u16),
                b"id" => ::std::option::Option::Some(2u16),
                b"legacy_flavor" => ::std::option::Option::Some(3u16),
                b"metadata" => ::std::option::Option::Some(4u16),
                b"name" => ::std::option::Option::Some(5u16),
                b"network" => ::std::option::Option::Some(6u16),
                b"password" => ::std::option::Option::Some(7u16),
                b"ports" => ::std::option::Option::Some(8u16),
                b"tags" => ::std::option::Option::Some(9u16),
                b"timeouts" => ::std::option::Option::Some(10u16),
                b"type" => ::std::option::Option::Some(11u16),
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
                                "admin_password",
                            ),
                        );
                    }
                    slots.__v0 = ::std::option::Option::Some(
                        ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                            Nullable<String>,
                        >(&mut *map)?,
                    );
                }
                1u16 => {
                    if slots.__v1.is_some() {
                        return ::std::result::Result::Err(
                            ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                "disk",
                            ),
                        );
                    }
                    slots.__v1 = ::std::option::Option::Some(
                        ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                            ::tfvalue::__private_0_1_0::Blocks<
                                Vec<Disk>,
                                { <Vec<Disk> as ::tfvalue::TfType>::HAS_DYNAMIC },
                            >,
                        >(&mut *map)?
                            .0,
                    );
                }
                2u16 => {
                    if slots.__v2.is_some() {
                        return ::std::result::Result::Err(
                            ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                "id",
                            ),
                        );
                    }
                    slots.__v2 = ::std::option::Option::Some(
                        ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                            Unknown<Nullable<String>>,
                        >(&mut *map)?,
                    );
                }
                3u16 => {
                    if slots.__v3.is_some() {
                        return ::std::result::Result::Err(
                            ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                "legacy_flavor",
                            ),
                        );
                    }
                    slots.__v3 = ::std::option::Option::Some(
                        ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                            Option<String>,
                        >(&mut *map)?,
                    );
                }
                4u16 => {
                    if slots.__v4.is_some() {
                        return ::std::result::Result::Err(
                            ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                "metadata",
                            ),
                        );
                    }
                    slots.__v4 = ::std::option::Option::Some(
                        ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                            Value,
                        >(&mut *map)?,
                    );
                }
                5u16 => {
                    if slots.__v5.is_some() {
                        return ::std::result::Result::Err(
                            ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                "name",
                            ),
                        );
                    }
                    slots.__v5 = ::std::option::Option::Some(
                        ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                            String,
                        >(&mut *map)?,
                    );
                }
                6u16 => {
                    if slots.__v6.is_some() {
                        return ::std::result::Result::Err(
                            ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                "network",
                            ),
                        );
                    }
                    slots.__v6 = ::std::option::Option::Some(
                        ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                            Option<Network>,
                        >(&mut *map)?,
                    );
                }
                7u16 => {
                    if slots.__v7.is_some() {
                        return ::std::result::Result::Err(
                            ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                "password",
                            ),
                        );
                    }
                    slots.__v7 = ::std::option::Option::Some(
                        ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                            Unknown<Nullable<String>>,
                        >(&mut *map)?,
                    );
                }
                8u16 => {
                    if slots.__v8.is_some() {
                        return ::std::result::Result::Err(
                            ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                "ports",
                            ),
                        );
                    }
                    slots.__v8 = ::std::option::Option::Some(
                        ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                            Nullable<BTreeSet<Port>>,
                        >(&mut *map)?,
                    );
                }
                9u16 => {
                    if slots.__v9.is_some() {
                        return ::std::result::Result::Err(
                            ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                "tags",
                            ),
                        );
                    }
                    slots.__v9 = ::std::option::Option::Some(
                        ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                            ::tfvalue::__private_0_1_0::Bulk<
                                Nullable<BTreeMap<String, String>>,
                            >,
                        >(&mut *map)?
                            .0,
                    );
                }
                10u16 => {
                    if slots.__v10.is_some() {
                        return ::std::result::Result::Err(
                            ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                "timeouts",
                            ),
                        );
                    }
                    slots.__v10 = ::std::option::Option::Some(
                        ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                            Timeouts,
                        >(&mut *map)?,
                    );
                }
                11u16 => {
                    if slots.__v11.is_some() {
                        return ::std::result::Result::Err(
                            ::tfvalue::__private_0_1_0::serde::de::Error::duplicate_field(
                                "type",
                            ),
                        );
                    }
                    slots.__v11 = ::std::option::Option::Some(
                        ::tfvalue::__private_0_1_0::serde::de::MapAccess::next_value::<
                            Option<String>,
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
                            "admin_password",
                        ),
                    );
                }
            };
            let __v1 = match slots.__v1 {
                ::std::option::Option::Some(v) => v,
                ::std::option::Option::None => {
                    return ::std::result::Result::Err(
                        ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                            "disk",
                        ),
                    );
                }
            };
            let __v2 = match slots.__v2 {
                ::std::option::Option::Some(v) => v,
                ::std::option::Option::None => {
                    return ::std::result::Result::Err(
                        ::tfvalue::__private_0_1_0::serde::de::Error::missing_field("id"),
                    );
                }
            };
            let __v3 = match slots.__v3 {
                ::std::option::Option::Some(v) => v,
                ::std::option::Option::None => {
                    return ::std::result::Result::Err(
                        ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                            "legacy_flavor",
                        ),
                    );
                }
            };
            let __v4 = match slots.__v4 {
                ::std::option::Option::Some(v) => v,
                ::std::option::Option::None => {
                    return ::std::result::Result::Err(
                        ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                            "metadata",
                        ),
                    );
                }
            };
            let __v5 = match slots.__v5 {
                ::std::option::Option::Some(v) => v,
                ::std::option::Option::None => {
                    return ::std::result::Result::Err(
                        ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                            "name",
                        ),
                    );
                }
            };
            let __v6 = match slots.__v6 {
                ::std::option::Option::Some(v) => v,
                ::std::option::Option::None => {
                    return ::std::result::Result::Err(
                        ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                            "network",
                        ),
                    );
                }
            };
            let __v7 = match slots.__v7 {
                ::std::option::Option::Some(v) => v,
                ::std::option::Option::None => {
                    return ::std::result::Result::Err(
                        ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                            "password",
                        ),
                    );
                }
            };
            let __v8 = match slots.__v8 {
                ::std::option::Option::Some(v) => v,
                ::std::option::Option::None => {
                    return ::std::result::Result::Err(
                        ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                            "ports",
                        ),
                    );
                }
            };
            let __v9 = match slots.__v9 {
                ::std::option::Option::Some(v) => v,
                ::std::option::Option::None => {
                    return ::std::result::Result::Err(
                        ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                            "tags",
                        ),
                    );
                }
            };
            let __v10 = match slots.__v10 {
                ::std::option::Option::Some(v) => v,
                ::std::option::Option::None => {
                    return ::std::result::Result::Err(
                        ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                            "timeouts",
                        ),
                    );
                }
            };
            let __v11 = match slots.__v11 {
                ::std::option::Option::Some(v) => v,
                ::std::option::Option::None => {
                    return ::std::result::Result::Err(
                        ::tfvalue::__private_0_1_0::serde::de::Error::missing_field(
                            "type",
                        ),
                    );
                }
            };
            ::tfvalue::__private_0_1_0::check_block_count::<
                __E,
                _,
            >(&__v1, "disk", 1u64, 4u64)?;
            ::std::result::Result::Ok(Vm {
                admin_password: __v0,
                disk: __v1,
                id: __v2,
                legacy_flavor: __v3,
                metadata: __v4,
                name: __v5,
                network: __v6,
                password: __v7,
                ports: __v8,
                tags: __v9,
                timeouts: __v10,
                kind: __v11,
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
                        "admin_password",
                        &self.admin_password,
                    )
                }
                1u16 => {
                    ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                        state,
                        "disk",
                        &::tfvalue::__private_0_1_0::BlocksRef(&self.disk),
                    )
                }
                2u16 => {
                    ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                        state,
                        "id",
                        &self.id,
                    )
                }
                3u16 => {
                    ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                        state,
                        "legacy_flavor",
                        &self.legacy_flavor,
                    )
                }
                4u16 => {
                    ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                        state,
                        "metadata",
                        &self.metadata,
                    )
                }
                5u16 => {
                    ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                        state,
                        "name",
                        &self.name,
                    )
                }
                6u16 => {
                    ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                        state,
                        "network",
                        &self.network,
                    )
                }
                7u16 => {
                    ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                        state,
                        "password",
                        &self.password,
                    )
                }
                8u16 => {
                    ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                        state,
                        "ports",
                        &self.ports,
                    )
                }
                9u16 => {
                    ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                        state,
                        "tags",
                        &self.tags,
                    )
                }
                10u16 => {
                    ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                        state,
                        "timeouts",
                        &self.timeouts,
                    )
                }
                11u16 => {
                    ::tfvalue::__private_0_1_0::serde::ser::SerializeStruct::serialize_field(
                        state,
                        "type",
                        &self.kind,
                    )
                }
                _ => ::std::result::Result::Ok(()),
            }
        }
        fn object_attributes(
            out: &mut ::std::vec::Vec<(&'static str, ::tfvalue::Type, bool)>,
        ) {
            out.push((
                "admin_password",
                <Nullable<String> as ::tfvalue::TfType>::tf_type(),
                <Nullable<String> as ::tfvalue::TfType>::DECLARES_NULL,
            ));
            out.push((
                "disk",
                if <Vec<Disk> as ::tfvalue::TfType>::HAS_DYNAMIC {
                    ::tfvalue::Type::Dynamic
                } else {
                    <Vec<Disk> as ::tfvalue::TfType>::tf_type()
                },
                false,
            ));
            out.push((
                "id",
                <Unknown<Nullable<String>> as ::tfvalue::TfType>::tf_type(),
                true,
            ));
            out.push((
                "legacy_flavor",
                <Option<String> as ::tfvalue::TfType>::tf_type(),
                <Option<String> as ::tfvalue::TfType>::DECLARES_NULL,
            ));
            out.push(("metadata", <Value as ::tfvalue::TfType>::tf_type(), true));
            out.push((
                "name",
                <String as ::tfvalue::TfType>::tf_type(),
                <String as ::tfvalue::TfType>::DECLARES_NULL,
            ));
            out.push((
                "network",
                <Option<Network> as ::tfvalue::TfType>::tf_type(),
                false,
            ));
            out.push((
                "password",
                <Unknown<Nullable<String>> as ::tfvalue::TfType>::tf_type(),
                true,
            ));
            out.push((
                "ports",
                <Nullable<BTreeSet<Port>> as ::tfvalue::TfType>::tf_type(),
                <Nullable<BTreeSet<Port>> as ::tfvalue::TfType>::DECLARES_NULL,
            ));
            out.push((
                "tags",
                <Nullable<BTreeMap<String, String>> as ::tfvalue::TfType>::tf_type(),
                <Nullable<BTreeMap<String, String>> as ::tfvalue::TfType>::DECLARES_NULL,
            ));
            out.push(("timeouts", <Timeouts as ::tfvalue::TfType>::tf_type(), false));
            out.push((
                "type",
                <Option<String> as ::tfvalue::TfType>::tf_type(),
                <Option<String> as ::tfvalue::TfType>::DECLARES_NULL,
            ));
        }
        fn flatten_rules(rules: ::tfvalue::rules::Rules) -> ::tfvalue::rules::Rules {
            ::tfvalue::rules::Rules::merge(
                rules,
                (|| {
                    ::tfvalue::rules::Rules::new()
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("id")
                                .custom_type(
                                    <Unknown<Nullable<String>> as ::tfvalue::TfType>::SEMANTICS,
                                ),
                        )
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("name")
                                .custom_type(<String as ::tfvalue::TfType>::SEMANTICS),
                        )
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("password")
                                .custom_type(
                                    <Unknown<Nullable<String>> as ::tfvalue::TfType>::SEMANTICS,
                                ),
                        )
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("tags")
                                .custom_type(
                                    <Nullable<
                                        BTreeMap<String, String>,
                                    > as ::tfvalue::TfType>::SEMANTICS,
                                ),
                        )
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("type")
                                .custom_type(
                                    <Option<String> as ::tfvalue::TfType>::SEMANTICS,
                                ),
                        )
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("metadata")
                                .custom_type(<Value as ::tfvalue::TfType>::SEMANTICS),
                        )
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("disk")
                                .nested_rules(<Disk as ::tfvalue::schema::TfSchema>::rules),
                        )
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("network")
                                .nested_rules(
                                    <Network as ::tfvalue::schema::TfSchema>::rules,
                                ),
                        )
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("admin_password")
                                .custom_type(
                                    <Nullable<String> as ::tfvalue::TfType>::SEMANTICS,
                                ),
                        )
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("legacy_flavor")
                                .custom_type(
                                    <Option<String> as ::tfvalue::TfType>::SEMANTICS,
                                ),
                        )
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("timeouts")
                                .nested_rules(
                                    <Timeouts as ::tfvalue::schema::TfSchema>::rules,
                                ),
                        )
                        .attribute(
                            ::tfvalue::rules::AttributeRules::new("ports")
                                .nested_rules(<Port as ::tfvalue::schema::TfSchema>::rules),
                        )
                })(),
            )
        }
    }
};
