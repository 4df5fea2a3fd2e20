//! [`Registry`]: the resource and data source types and the functions a provider serves,
//! by name.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::data_source::DataSource;
use crate::function::Function;
use crate::function_handler::{ErasedFunction, RegisteredFunction};
use crate::handler::{ErasedDataSource, ErasedResource};
use crate::plan::path_exists;
use crate::provider_meta::MetaModel;
use crate::resource::Resource;

/// The resource and data source types and the functions of a provider, by name; filled by
/// [`Provider::register`](crate::Provider::register).
///
/// Mistakes (a repeated or malformed type name, an invalid schema, a
/// `requires_replace` path the schema does not have) are collected and reported together
/// when the provider starts, before Terraform sees it.
pub struct Registry<D> {
    pub(crate) resources: BTreeMap<String, Arc<dyn ErasedResource<D>>>,
    pub(crate) data_sources: BTreeMap<String, Arc<dyn ErasedDataSource<D>>>,
    pub(crate) functions: BTreeMap<String, Arc<dyn ErasedFunction<D>>>,
    pub(crate) problems: Vec<String>,
    /// The `provider_meta` model (`provider_meta.rs`).
    pub(crate) provider_meta: Option<MetaModel>,
}

impl<D: Send + Sync + 'static> Registry<D> {
    pub(crate) fn new() -> Self {
        Registry {
            resources: BTreeMap::new(),
            data_sources: BTreeMap::new(),
            functions: BTreeMap::new(),
            problems: Vec::new(),
            provider_meta: None,
        }
    }

    /// Serves `resource` as the managed resource type `type_name` (e.g. `localfs_file`).
    pub fn resource<R: Resource<Data = D>>(&mut self, type_name: &str, resource: R) -> &mut Self {
        self.check_name(
            "resource",
            type_name,
            self.resources.contains_key(type_name),
        );
        let schema = ErasedResource::schema(&resource);
        if let Err(e) = schema.validate() {
            self.problems
                .push(format!("resource type {type_name:?}: invalid schema: {e}"));
        }
        for path in Resource::requires_replace(&resource) {
            if !path_exists(schema.object_type(), &path) {
                self.problems.push(format!(
                    "resource type {type_name:?}: requires_replace names {path}, which its schema does not have"
                ));
            }
        }
        self.resources
            .insert(type_name.to_owned(), Arc::new(resource));
        self
    }

    /// Serves `data_source` as the data source type `type_name`.
    pub fn data_source<S: DataSource<Data = D>>(
        &mut self,
        type_name: &str,
        data_source: S,
    ) -> &mut Self {
        self.check_name(
            "data source",
            type_name,
            self.data_sources.contains_key(type_name),
        );
        if let Err(e) = ErasedDataSource::schema(&data_source).validate() {
            self.problems.push(format!(
                "data source type {type_name:?}: invalid schema: {e}"
            ));
        }
        self.data_sources
            .insert(type_name.to_owned(), Arc::new(data_source));
        self
    }

    /// Serves `function` as the provider function `name`, called from configuration as
    /// `provider::<provider>::<name>(...)`. The name is an identifier of Terraform's
    /// language (a letter or underscore, then letters, digits, underscores and hyphens).
    pub fn function<F: Function<Data = D>>(&mut self, name: &str, function: F) -> &mut Self {
        if self.functions.contains_key(name) {
            self.problems
                .push(format!("function {name:?} is registered twice"));
        }
        let (registered, problems) = RegisteredFunction::new(name, function);
        self.problems.extend(problems);
        self.functions.insert(name.to_owned(), Arc::new(registered));
        self
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
