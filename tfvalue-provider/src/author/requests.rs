//! What each method of a provider's types is handed: one request type per method, so that
//! values of the same type never travel as positional arguments, and a field the protocol
//! adds later does not break the provider (each type is `#[non_exhaustive]`: read its
//! fields, or destructure it with `..`; build it with `new` in tests).

/// A configuration to check, beyond what the schema says: the `validate` of every kind of
/// type ([`Provider`](crate::Provider), [`Resource`](crate::Resource),
/// [`DataSource`](crate::DataSource), [`EphemeralResource`](crate::EphemeralResource),
/// [`Action`](crate::Action)).
/// Values may be unknown (the configuration refers to what is known only after apply).
#[derive(Debug)]
#[non_exhaustive]
pub struct ValidateRequest<M> {
    /// The configuration.
    pub config: M,
}

impl<M> ValidateRequest<M> {
    /// A request to validate `config`.
    pub fn new(config: M) -> Self {
        ValidateRequest { config }
    }
}

/// What [`Provider::configure`](crate::Provider::configure) is handed.
#[derive(Debug)]
#[non_exhaustive]
pub struct ConfigureRequest<C> {
    /// The provider block's configuration (values may be unknown when it refers to what is
    /// known only after apply).
    pub config: C,
    /// The version of the Terraform that runs the provider, e.g. `1.15.5`.
    pub terraform_version: String,
}

impl<C> ConfigureRequest<C> {
    /// A request to configure the provider with `config`, from this Terraform version.
    pub fn new(config: C, terraform_version: impl Into<String>) -> Self {
        ConfigureRequest {
            config,
            terraform_version: terraform_version.into(),
        }
    }
}

/// What [`Resource::create`](crate::Resource::create) is handed.
#[derive(Debug)]
#[non_exhaustive]
pub struct CreateRequest<M> {
    /// The planned state: what the plan promised, computed attributes unknown.
    pub planned: M,
    /// The configuration as written: it holds what the plan does not, such as write-only
    /// attributes (always null in `planned`).
    pub config: M,
}

impl<M> CreateRequest<M> {
    /// A request to create the object `planned` from `config`.
    pub fn new(planned: M, config: M) -> Self {
        CreateRequest { planned, config }
    }
}

/// What [`Resource::read`](crate::Resource::read) is handed.
#[derive(Debug)]
#[non_exhaustive]
pub struct ReadRequest<M> {
    /// The state Terraform holds for the object.
    pub state: M,
}

impl<M> ReadRequest<M> {
    /// A request to read the object whose stored state is `state`.
    pub fn new(state: M) -> Self {
        ReadRequest { state }
    }
}

/// What [`Resource::update`](crate::Resource::update) is handed.
#[derive(Debug)]
#[non_exhaustive]
pub struct UpdateRequest<M> {
    /// The object's state before the update.
    pub prior: M,
    /// The planned state after it.
    pub planned: M,
    /// The configuration as written (write-only attributes included).
    pub config: M,
}

impl<M> UpdateRequest<M> {
    /// A request to update the object `prior` to `planned`, from `config`.
    pub fn new(prior: M, planned: M, config: M) -> Self {
        UpdateRequest {
            prior,
            planned,
            config,
        }
    }
}

/// What [`Resource::delete`](crate::Resource::delete) is handed.
#[derive(Debug)]
#[non_exhaustive]
pub struct DeleteRequest<M> {
    /// The state of the object to delete.
    pub prior: M,
}

impl<M> DeleteRequest<M> {
    /// A request to delete the object whose state is `prior`.
    pub fn new(prior: M) -> Self {
        DeleteRequest { prior }
    }
}

/// What [`Resource::import`](crate::Resource::import) is handed.
#[derive(Debug)]
#[non_exhaustive]
pub struct ImportRequest {
    /// The id the user gave (`terraform import <address> <id>`, or an `import` block's
    /// `id`).
    pub id: String,
}

impl ImportRequest {
    /// A request to import the object with this id.
    pub fn new(id: impl Into<String>) -> Self {
        ImportRequest { id: id.into() }
    }
}

/// What [`DataSource::read`](crate::DataSource::read) is handed.
#[derive(Debug)]
#[non_exhaustive]
pub struct ReadDataSourceRequest<M> {
    /// The data source's configuration, wholly known (Terraform defers a data source whose
    /// configuration is not).
    pub config: M,
}

impl<M> ReadDataSourceRequest<M> {
    /// A request to read the data source configured by `config`.
    pub fn new(config: M) -> Self {
        ReadDataSourceRequest { config }
    }
}

/// What [`EphemeralResource::open`](crate::EphemeralResource::open) is handed.
#[derive(Debug)]
#[non_exhaustive]
pub struct OpenRequest<M> {
    /// The ephemeral resource's configuration, wholly known.
    pub config: M,
}

impl<M> OpenRequest<M> {
    /// A request to open the ephemeral resource configured by `config`.
    pub fn new(config: M) -> Self {
        OpenRequest { config }
    }
}

/// What [`Action::plan`](crate::Action::plan) is handed.
#[derive(Debug)]
#[non_exhaustive]
pub struct ActionPlanRequest<M> {
    /// The action's configuration (values may be unknown: it may refer to what is known
    /// only after apply).
    pub config: M,
}

impl<M> ActionPlanRequest<M> {
    /// A request to plan the action configured by `config`.
    pub fn new(config: M) -> Self {
        ActionPlanRequest { config }
    }
}

/// What [`Action::invoke`](crate::Action::invoke) is handed.
#[derive(Debug)]
#[non_exhaustive]
pub struct ActionInvokeRequest<M> {
    /// The action's configuration, wholly known (write-only attributes included).
    pub config: M,
}

impl<M> ActionInvokeRequest<M> {
    /// A request to invoke the action configured by `config`.
    pub fn new(config: M) -> Self {
        ActionInvokeRequest { config }
    }
}
