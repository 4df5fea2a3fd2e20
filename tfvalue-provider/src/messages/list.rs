//! The RPCs of list resources: the objects of a managed resource type that exist outside
//! Terraform, found by a `list` block's query.

use super::{Answer, DynamicValue, Rpc, TypeRpc};
use crate::diagnostics::Diagnostics;

/// `ValidateListResourceConfig`: check a list block's configuration.
#[derive(Clone, Debug, Default)]
#[allow(dead_code, reason = "read once list resource types can be registered")]
pub(crate) struct ValidateListResourceConfigRequest {
    pub(crate) type_name: String,
    pub(crate) config: Option<DynamicValue>,
    /// The block's `include_resource` argument as configured (a bool value).
    pub(crate) include_resource_object: Option<DynamicValue>,
    /// The block's `limit` argument as configured (a number value).
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
#[allow(dead_code, reason = "read once list resource types can be registered")]
pub(crate) struct ListResourceRequest {
    pub(crate) type_name: String,
    pub(crate) config: Option<DynamicValue>,
    /// Each event should carry the whole object, not only its name.
    pub(crate) include_resource_object: bool,
    /// The most objects Terraform wants.
    pub(crate) limit: i64,
}

/// One object found (its identity, which the protocol also carries, is not modelled).
#[derive(Clone, Debug, Default)]
pub(crate) struct ListResourceEvent {
    /// A name for people to recognise the object by.
    pub(crate) display_name: String,
    /// The whole object, when the request asked for it.
    pub(crate) resource_object: Option<DynamicValue>,
    /// Problems with this object alone.
    pub(crate) diagnostics: Diagnostics,
}

/// The answer to [`ListResourceRequest`]: the objects found, then, when `diagnostics` is
/// not empty, one more event carrying them (problems of the listing as a whole). The
/// protocol streams the events; they are collected here and streamed in this order.
#[derive(Clone, Debug, Default)]
pub(crate) struct ListResourceResponse {
    pub(crate) events: Vec<ListResourceEvent>,
    pub(crate) diagnostics: Diagnostics,
}

rpc!(ListResourceRequest => ListResourceResponse, "ListResource", type_name);
