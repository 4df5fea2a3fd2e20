//! The RPCs of list resources: the objects of a managed resource type that exist outside
//! Terraform, found by a `list` block's query.

use super::{Answer, DynamicValue, Rpc, TypeRpc};
use crate::author::diagnostics::Diagnostics;

/// `ValidateListResourceConfig`: check a list block's configuration.
#[derive(Clone, Debug, Default)]
pub(crate) struct ValidateListResourceConfigRequest {
    pub(crate) type_name: String,
    pub(crate) config: Option<DynamicValue>,
    /// The block's `include_resource` argument as configured (a bool value).
    #[allow(
        dead_code,
        reason = "Terraform checks the argument's type; nothing else to check"
    )]
    pub(crate) include_resource_object: Option<DynamicValue>,
    /// The block's `limit` argument as configured (a number value).
    #[allow(
        dead_code,
        reason = "Terraform checks the argument's type; nothing else to check"
    )]
    pub(crate) limit: Option<DynamicValue>,
}

/// The answer to [`ValidateListResourceConfigRequest`].
#[derive(Clone, Debug, Default)]
pub(crate) struct ValidateListResourceConfigResponse {
    pub(crate) diagnostics: Diagnostics,
}

rpc!(ValidateListResourceConfigRequest => ValidateListResourceConfigResponse, "ValidateListResourceConfig", type_name);

/// `ListResource`: find objects by a query.
#[derive(Clone, Debug, Default)]
pub(crate) struct ListResourceRequest {
    pub(crate) type_name: String,
    pub(crate) config: Option<DynamicValue>,
    /// Each event should carry the whole object, not only its name.
    pub(crate) include_resource_object: bool,
    /// The most objects Terraform wants.
    pub(crate) limit: i64,
}

/// One object found, or (with no identity) the diagnostics of the listing as a whole.
#[derive(Clone, Debug, Default)]
pub(crate) struct ListResourceEvent {
    /// The object's identity.
    pub(crate) identity: Option<DynamicValue>,
    /// A name for people to recognise the object by.
    pub(crate) display_name: String,
    /// The whole object, when the request asked for it.
    pub(crate) resource_object: Option<DynamicValue>,
    /// Problems with this object alone.
    pub(crate) diagnostics: Diagnostics,
}

/// The answer to [`ListResourceRequest`]: the events as the listing produces them (each
/// sent to Terraform as soon as it is made), then, when `diagnostics` is not empty, one
/// more event carrying them (problems of the listing as a whole, known at once: an
/// unknown type, a configuration that does not decode).
#[derive(Debug, Default)]
pub(crate) struct ListResourceResponse {
    pub(crate) events: ListEvents,
    pub(crate) diagnostics: Diagnostics,
}

/// Where a listing's events come from: the receiving end of a bounded channel fed by the
/// task that runs the listing; none for an answer made at once.
#[derive(Debug, Default)]
pub(crate) struct ListEvents(pub(crate) Option<tokio::sync::mpsc::Receiver<ListResourceEvent>>);

rpc!(ListResourceRequest => ListResourceResponse, "ListResource", type_name);
