//! The registrations a provider makes through [`Registry`], checked and kept by name for
//! the dispatch.

use std::collections::BTreeMap;
use std::sync::Arc;

use tfvalue::schema::{Attribute, AttributeKind, Block, Schema};
use tfvalue::TfSchema;

use crate::author::action::Action;
use crate::author::data_source::DataSource;
use crate::author::ephemeral_resource::EphemeralResource;
use crate::author::function::Function;
use crate::author::identity::ResourceIdentity;
use crate::author::list_resource::ListResource;
use crate::author::model::Model;
use crate::author::provider::Provider;
use crate::author::provider_meta::MetaModel;
use crate::author::registry::{Registry, ResourceRegistration, Sealed};
use crate::author::resource::Resource;
use crate::engine::action::{ActionOf, ErasedAction};
use crate::engine::ephemeral::{EphemeralOf, ErasedEphemeralResource};
use crate::engine::functions::{ErasedFunction, RegisteredFunction};
use crate::engine::identity::{identity_problems, ErasedIdentity, IdentityOf};
use crate::engine::list::{ErasedList, ListOf};
use crate::engine::resource::{DataSourceOf, ErasedDataSource, ErasedResource, ResourceOf};

/// The resource, data source, ephemeral resource, list resource and action types and the
/// functions of a provider, by name: the engine's [`Registry`], filled by [`Provider::register`].
///
/// Mistakes (a repeated or malformed type name, an invalid schema, a write-only
/// attribute anywhere but
/// in a managed resource, a resource's state [`upgrades`](crate::Resource::upgrades)
/// declared wrongly) are collected and reported together when the provider starts,
/// before Terraform sees it.
pub(crate) struct Registrations<D> {
    pub(crate) resources: BTreeMap<String, Arc<dyn ErasedResource<D>>>,
    pub(crate) data_sources: BTreeMap<String, Arc<dyn ErasedDataSource<D>>>,
    pub(crate) functions: BTreeMap<String, Arc<dyn ErasedFunction<D>>>,
    pub(crate) ephemeral_resources: BTreeMap<String, Arc<dyn ErasedEphemeralResource<D>>>,
    /// The identities of the resource types that have one, by resource type name.
    pub(crate) identities: BTreeMap<String, Arc<dyn ErasedIdentity<D>>>,
    /// The list resource types, by name (each a managed resource type's).
    pub(crate) lists: BTreeMap<String, Arc<dyn ErasedList<D>>>,
    pub(crate) actions: BTreeMap<String, Arc<dyn ErasedAction<D>>>,
    pub(crate) problems: Vec<String>,
    /// The `provider_meta` model (`provider_meta.rs`).
    pub(crate) provider_meta: Option<MetaModel>,
}

impl<D: Send + Sync + 'static> Registrations<D> {
    pub(crate) fn new() -> Self {
        Registrations {
            resources: BTreeMap::new(),
            data_sources: BTreeMap::new(),
            functions: BTreeMap::new(),
            ephemeral_resources: BTreeMap::new(),
            identities: BTreeMap::new(),
            lists: BTreeMap::new(),
            actions: BTreeMap::new(),
            problems: Vec::new(),
            provider_meta: None,
        }
    }

    /// The registry `provider` fills in, checked with the provider block's schema.
    ///
    /// # Errors
    /// Every problem found in the registrations and schemas, one line each.
    pub(crate) fn checked<P: Provider<Data = D>>(provider: &P) -> Result<Self, Vec<String>> {
        let mut registry = Registrations::new();
        provider.register(&mut registry);
        let mut problems = std::mem::take(&mut registry.problems);
        if let Err(e) = P::Config::schema().validate() {
            problems.push(format!("provider configuration: invalid schema: {e}"));
        }
        problems.extend(write_only_misplaced(
            "provider configuration",
            P::Config::schema(),
        ));
        problems.extend(computed_blocks_misplaced(
            "provider configuration",
            P::Config::schema(),
        ));
        problems.extend(invalid_patterns::<P::Config>("provider configuration"));
        if problems.is_empty() {
            Ok(registry)
        } else {
            Err(problems)
        }
    }

    /// Checks and registers a managed resource type.
    fn add_resource<R: Resource<Data = D>>(&mut self, type_name: &str, resource: Arc<R>) {
        self.check_name(
            "resource",
            type_name,
            self.resources.contains_key(type_name),
        );
        let schema = <R::Model as TfSchema>::schema();
        if let Err(e) = schema.validate() {
            self.problems
                .push(format!("resource type {type_name:?}: invalid schema: {e}"));
        }
        self.problems.extend(invalid_patterns::<R::Model>(&format!(
            "resource type {type_name:?}"
        )));
        for problem in Resource::upgrades(&*resource).problems() {
            self.problems
                .push(format!("resource type {type_name:?}: {problem}"));
        }
        self.resources
            .insert(type_name.to_owned(), Arc::new(ResourceOf(resource)));
    }

    fn check_name(&mut self, what: &str, name: &str, taken: bool) {
        if taken {
            self.problems
                .push(format!("{what} type {name:?} is registered twice"));
        }
        let well_formed = name.starts_with(|c: char| c.is_ascii_lowercase())
            && name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
        if !well_formed {
            self.problems.push(format!(
                "{what} type {name:?}: a type name is lowercase letters, digits and underscores, starting with a letter"
            ));
        }
    }
}

impl<D> Sealed for Registrations<D> {}

impl<D: Send + Sync + 'static> Registry<D> for Registrations<D> {
    fn resource<R: Resource<Data = D>>(
        &mut self,
        type_name: &str,
        resource: R,
    ) -> ResourceRegistration<'_, Self, R> {
        let resource = Arc::new(resource);
        self.add_resource(type_name, resource.clone());
        ResourceRegistration::new(self, type_name, resource)
    }

    fn add_identity<R: ResourceIdentity<Data = D>>(&mut self, type_name: &str, resource: Arc<R>) {
        if self.identities.contains_key(type_name) {
            // `with_list` after `with_identity`: the identity is served once.
            return;
        }
        for problem in identity_problems(&*resource) {
            self.problems
                .push(format!("resource type {type_name:?}: {problem}"));
        }
        self.identities
            .insert(type_name.to_owned(), Arc::new(IdentityOf(resource)));
    }

    fn add_list<L: ListResource<Data = D>>(&mut self, type_name: &str, list: Arc<L>) {
        let what = format!("list resource type {type_name:?}");
        let schema = <L::ListConfig as TfSchema>::schema();
        if let Err(e) = schema.validate() {
            self.problems
                .push(format!("{what}: invalid configuration schema: {e}"));
        }
        self.problems.extend(write_only_misplaced(&what, schema));
        self.problems
            .extend(computed_blocks_misplaced(&what, schema));
        self.problems
            .extend(invalid_patterns::<L::ListConfig>(&what));
        if <L::ListConfig as TfSchema>::rules().plans_anything() {
            self.problems
                .push(format!("{what}: {PLAN_RULES_OUTSIDE_RESOURCES}"));
        }
        self.lists
            .insert(type_name.to_owned(), Arc::new(ListOf(list)));
    }

    fn data_source<S: DataSource<Data = D>>(
        &mut self,
        type_name: &str,
        data_source: S,
    ) -> &mut Self {
        self.check_name(
            "data source",
            type_name,
            self.data_sources.contains_key(type_name),
        );
        let schema = <S::Model as TfSchema>::schema();
        if let Err(e) = schema.validate() {
            self.problems.push(format!(
                "data source type {type_name:?}: invalid schema: {e}"
            ));
        }
        self.problems.extend(write_only_misplaced(
            &format!("data source type {type_name:?}"),
            schema,
        ));
        self.problems.extend(computed_blocks_misplaced(
            &format!("data source type {type_name:?}"),
            schema,
        ));
        self.problems.extend(invalid_patterns::<S::Model>(&format!(
            "data source type {type_name:?}"
        )));
        if <S::Model as TfSchema>::rules().plans_anything() {
            self.problems.push(format!(
                "data source type {type_name:?}: {PLAN_RULES_OUTSIDE_RESOURCES}"
            ));
        }
        self.data_sources
            .insert(type_name.to_owned(), Arc::new(DataSourceOf(data_source)));
        self
    }

    fn function<F: Function<Data = D>>(&mut self, name: &str, function: F) -> &mut Self {
        if self.functions.contains_key(name) {
            self.problems
                .push(format!("function {name:?} is registered twice"));
        }
        let (registered, problems) = RegisteredFunction::new(name, function);
        self.problems.extend(problems);
        self.functions.insert(name.to_owned(), Arc::new(registered));
        self
    }

    fn ephemeral_resource<E: EphemeralResource<Data = D>>(
        &mut self,
        type_name: &str,
        ephemeral: E,
    ) -> &mut Self {
        self.check_name(
            "ephemeral resource",
            type_name,
            self.ephemeral_resources.contains_key(type_name),
        );
        let what = format!("ephemeral resource type {type_name:?}");
        let schema = <E::Model as TfSchema>::schema();
        if let Err(e) = schema.validate() {
            self.problems.push(format!("{what}: invalid schema: {e}"));
        }
        self.problems.extend(write_only_misplaced(&what, schema));
        self.problems
            .extend(computed_blocks_misplaced(&what, schema));
        self.problems.extend(invalid_patterns::<E::Model>(&what));
        if <E::Model as TfSchema>::rules().plans_anything() {
            self.problems
                .push(format!("{what}: {PLAN_RULES_OUTSIDE_RESOURCES}"));
        }
        self.ephemeral_resources
            .insert(type_name.to_owned(), Arc::new(EphemeralOf(ephemeral)));
        self
    }

    fn action<A: Action<Data = D>>(&mut self, type_name: &str, action: A) -> &mut Self {
        self.check_name("action", type_name, self.actions.contains_key(type_name));
        let what = format!("action type {type_name:?}");
        let schema = <A::Model as TfSchema>::schema();
        if let Err(e) = schema.validate() {
            self.problems.push(format!("{what}: invalid schema: {e}"));
        }
        self.problems
            .extend(computed_blocks_misplaced(&what, schema));
        if let Some(path) = first_computed(&schema.block, "") {
            self.problems.push(format!(
                "{what}: {path} is computed, but an action's configuration has nothing to \
                 compute (nothing of it is stored); make it required or optional"
            ));
        }
        self.problems.extend(invalid_patterns::<A::Model>(&what));
        if <A::Model as TfSchema>::rules().plans_anything() {
            self.problems
                .push(format!("{what}: {PLAN_RULES_OUTSIDE_RESOURCES}"));
        }
        self.actions
            .insert(type_name.to_owned(), Arc::new(ActionOf(action)));
        self
    }

    fn provider_meta<M: Model>(&mut self) -> &mut Self {
        let model = MetaModel::of::<M>();
        if let Some(earlier) = &self.provider_meta {
            self.problems.push(format!(
                "provider_meta is declared twice (as {} and as {})",
                earlier.type_name, model.type_name
            ));
        }
        if let Err(e) = M::schema().validate() {
            self.problems.push(format!(
                "provider_meta {}: invalid schema: {e}",
                model.type_name
            ));
        }
        self.problems.extend(computed_blocks_misplaced(
            &format!("provider_meta {}", model.type_name),
            M::schema(),
        ));
        self.problems.extend(invalid_patterns::<M>(&format!(
            "provider_meta {}",
            model.type_name
        )));
        self.provider_meta = Some(model);
        self
    }
}

/// The problem of a schema other than a managed resource's that has write-only attributes
/// (`what` names it): Terraform accepts them only in managed resources.
/// A line for each regular expression declared in `M`'s rules (from a const, which the derive
/// cannot check) that does not compile, naming the model and the attribute.
fn invalid_patterns<M: TfSchema + ?Sized>(what: &str) -> Vec<String> {
    M::rules()
        .invalid_patterns()
        .into_iter()
        .map(|problem| format!("{what} (model {}): {problem}", std::any::type_name::<M>()))
        .collect()
}

pub(crate) fn write_only_misplaced(what: &str, schema: &Schema) -> Option<String> {
    schema.block.contains_write_only().then(|| {
        format!("{what}: has write-only attributes, which only managed resource types may have")
    })
}

/// The problem of a schema other than a managed resource's that has computed blocks
/// (`what` names it): Terraform 1.16 fills in computed blocks of managed resources only
/// (it plans nothing else).
pub(crate) fn computed_blocks_misplaced(what: &str, schema: &Schema) -> Option<String> {
    schema
        .block
        .contains_computed_blocks()
        .then(|| format!("{what}: has computed blocks, which only managed resource types may have"))
}

/// Why a data source, ephemeral resource or action model cannot declare plan behaviour.
const PLAN_RULES_OUTSIDE_RESOURCES: &str = "its model declares a default, use_state_for_unknown, \
     use_non_null_state_for_unknown, requires_replace or refine, which only managed resources \
     plan (Terraform plans no data source, ephemeral resource or action configuration); \
     remove them, or use a separate model";

/// The path (`.a.b`) of the first computed attribute in `block`, its nested attributes
/// and blocks, under `prefix`.
fn first_computed(block: &Block, prefix: &str) -> Option<String> {
    first_computed_attribute(&block.attributes, prefix).or_else(|| {
        (block.block_types.iter()).find_map(|nested| {
            first_computed(&nested.block, &format!("{prefix}.{}", nested.type_name))
        })
    })
}

fn first_computed_attribute(attributes: &[Attribute], prefix: &str) -> Option<String> {
    attributes.iter().find_map(|attribute| {
        let path = format!("{prefix}.{}", attribute.name);
        match &attribute.kind {
            _ if attribute.computed => Some(path),
            AttributeKind::Nested(object) => first_computed_attribute(&object.attributes, &path),
            AttributeKind::Type(_) => None,
        }
    })
}
