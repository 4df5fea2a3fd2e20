//! The plugin protocol's requests and responses as plain Rust types, independent of the
//! generated protobuf code.
//!
//! Everything between the gRPC service (`server.rs`) and the author's traits works on
//! these: `convert/from_proto.rs` builds a request from the wire message, `dispatch.rs`
//! and the engine's files answer it, and `convert/to_proto.rs` turns the response back into the
//! wire message. A field here means what the protocol's field of the same name means; the
//! types are ours (`tfvalue` paths, [`Diagnostics`], `tfvalue` schemas), so a new protocol
//! version changes the conversions, not the code that does the work.
//!
//! Diagnostics in a response are as Terraform will receive them: their paths are already
//! cut to what the protocol can name (see [`Diagnostics::for_terraform`]). The dispatch
//! does that once per response, with the schema of the type that answered.
//!
//! Adding an RPC: a request and a response type here (with [`Rpc`], and [`TypeRpc`] when
//! the request names a registered type), their two conversions, and one method on the
//! dispatch that calls the trait method. A request about something registered by name
//! implements [`TypeRpc`], whose `type_name` is the name the dispatch looks up among one
//! kind of registered things (for a function call, the function's name; for a state
//! moved between types, the target type); a request about the provider as a whole
//! implements [`Rpc`] alone. New fields of an existing RPC are new fields here and in its
//! two conversions.
//!
//! Protocol 6.11 in full, with one part not modelled: deferral (the `Deferred` of
//! responses), whose wire fields are left empty by the conversions and dropped from
//! requests: this provider never defers. Resource identities (the `ResourceIdentityData`
//! of read, plan, apply, import, move and list) are [`DynamicValue`]s of the type's
//! identity schema, `None` where the message has none. The RPCs of ephemeral resources,
//! functions, list resources and actions are complete here; those of state stores are
//! too, and the dispatch answers them as unsupported. The RPCs of each kind live in a file of their own
//! (`messages/ephemeral.rs`, `functions.rs`, `list.rs`, `state_store.rs`, `actions.rs`);
//! this file holds the provider's, managed resources' and data sources' RPCs and what
//! every file shares.

use std::collections::BTreeMap;

use tfvalue::path::AttributePath;
use tfvalue::schema::Schema;

use crate::author::diagnostics::Diagnostics;

pub(crate) use self::actions::*;
pub(crate) use self::ephemeral::*;
pub(crate) use self::functions::*;
pub(crate) use self::list::*;
pub(crate) use self::state_store::*;

/// A value of a schema's type as it travels: MessagePack (what Terraform sends) or JSON.
/// Whichever is non-empty holds the value; MessagePack wins when both are.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct DynamicValue {
    pub(crate) msgpack: Vec<u8>,
    pub(crate) json: Vec<u8>,
}

impl DynamicValue {
    /// A value in MessagePack.
    pub(crate) fn msgpack(bytes: Vec<u8>) -> Self {
        DynamicValue {
            msgpack: bytes,
            json: Vec::new(),
        }
    }

    /// A value in JSON.
    pub(crate) fn json(bytes: Vec<u8>) -> Self {
        DynamicValue {
            msgpack: Vec::new(),
            json: bytes,
        }
    }
}

/// Stored state as Terraform kept it: JSON, or the flatmap form of Terraform 0.11 and
/// older (which this framework cannot read).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct RawState {
    pub(crate) json: Vec<u8>,
    pub(crate) flatmap: BTreeMap<String, String>,
}

/// The optional protocol features this provider implements.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ServerCapabilities {
    /// Terraform sends destroy plans (a null proposed state) to `PlanResourceChange`.
    pub(crate) plan_destroy: bool,
    /// Terraform may skip `GetProviderSchema` when it has the schema cached.
    pub(crate) get_provider_schema_optional: bool,
    /// Terraform may call `MoveResourceState` for a `moved` block across resource types.
    pub(crate) move_resource_state: bool,
    /// Terraform may call `GenerateResourceConfig` to write configuration for an import.
    pub(crate) generate_resource_config: bool,
}

/// The optional protocol features Terraform implements, as it announces them in the
/// requests they concern (absent: none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ClientCapabilities {
    /// Terraform accepts a deferred answer (a change left for a later round).
    pub(crate) deferral_allowed: bool,
    /// Terraform supports write-only attributes of managed resources.
    pub(crate) write_only_attributes_allowed: bool,
    /// Terraform keeps the private state a plan answers and hands it back to the plan it
    /// makes again before applying (`PlanResourceChangeRequest::planned_private`).
    pub(crate) store_planned_private: bool,
    /// Terraform honours computed blocks (`Block::computed`); one without it treats them as
    /// ordinary blocks.
    pub(crate) computed_blocks_allowed: bool,
}

/// One RPC's request: its name (for logs and panic messages) and its response type.
pub(crate) trait Rpc: Send + 'static {
    /// The RPC's name in the protocol.
    const NAME: &'static str;
    /// What answers it.
    type Response: Answer;

    /// The response when the work panicked or was cancelled, before its diagnostics are
    /// added: by default an empty one.
    fn if_failed(&self) -> Self::Response {
        Self::Response::default()
    }

    /// The registered type or function the request names, for the log of the call: by
    /// default none.
    fn subject(&self) -> Option<&str> {
        None
    }
}

/// An RPC about one registered type (a resource or data source type, by name).
pub(crate) trait TypeRpc: Rpc {
    /// The type name the request is about.
    fn type_name(&self) -> &str;

    /// The response when no type of that name is registered, before its diagnostics are
    /// added: by default an empty one.
    fn if_unknown_type(self) -> Self::Response
    where
        Self: Sized,
    {
        Self::Response::default()
    }
}

/// A response: something that carries diagnostics.
pub(crate) trait Answer: Default + Send + 'static {
    /// The response's diagnostics.
    fn diagnostics_mut(&mut self) -> &mut Diagnostics;
}

/// Declares the response types' [`Answer`] and the requests' [`Rpc`] in one line each.
macro_rules! rpc {
    ($request:ident => $response:ident, $name:literal) => {
        impl Answer for $response {
            fn diagnostics_mut(&mut self) -> &mut Diagnostics {
                &mut self.diagnostics
            }
        }
        impl Rpc for $request {
            const NAME: &'static str = $name;
            type Response = $response;
        }
    };
    ($request:ident => $response:ident, $name:literal, type_name) => {
        rpc!($request => $response, $name, subject = type_name);
        impl TypeRpc for $request {
            fn type_name(&self) -> &str {
                &self.type_name
            }
        }
    };
    ($request:ident => $response:ident, $name:literal, subject = $field:ident) => {
        impl Answer for $response {
            fn diagnostics_mut(&mut self) -> &mut Diagnostics {
                &mut self.diagnostics
            }
        }
        impl Rpc for $request {
            const NAME: &'static str = $name;
            type Response = $response;
            fn subject(&self) -> Option<&str> {
                Some(&self.$field)
            }
        }
    };
}

/// `GetMetadata`: the type names this provider serves.
#[derive(Clone, Debug, Default)]
pub(crate) struct GetMetadataRequest {}

/// The answer to [`GetMetadataRequest`].
#[derive(Clone, Debug, Default)]
pub(crate) struct GetMetadataResponse {
    pub(crate) server_capabilities: ServerCapabilities,
    pub(crate) diagnostics: Diagnostics,
    pub(crate) data_sources: Vec<String>,
    pub(crate) resources: Vec<String>,
    /// Function names.
    pub(crate) functions: Vec<String>,
    pub(crate) ephemeral_resources: Vec<String>,
    pub(crate) list_resources: Vec<String>,
    pub(crate) state_stores: Vec<String>,
    pub(crate) actions: Vec<String>,
}

/// `GetProviderSchema`: every schema.
#[derive(Clone, Debug, Default)]
pub(crate) struct GetProviderSchemaRequest {}

/// The answer to [`GetProviderSchemaRequest`]. The schemas are the models' own (built once
/// by the derive, hence `'static`).
#[derive(Clone, Debug, Default)]
pub(crate) struct GetProviderSchemaResponse {
    pub(crate) provider: Option<&'static Schema>,
    pub(crate) resource_schemas: BTreeMap<String, &'static Schema>,
    pub(crate) data_source_schemas: BTreeMap<String, &'static Schema>,
    pub(crate) diagnostics: Diagnostics,
    pub(crate) provider_meta: Option<&'static Schema>,
    pub(crate) server_capabilities: ServerCapabilities,
    pub(crate) functions: BTreeMap<String, FunctionSignature>,
    pub(crate) ephemeral_resource_schemas: BTreeMap<String, &'static Schema>,
    pub(crate) list_resource_schemas: BTreeMap<String, &'static Schema>,
    pub(crate) state_store_schemas: BTreeMap<String, &'static Schema>,
    /// Each action's configuration schema.
    pub(crate) action_schemas: BTreeMap<String, &'static Schema>,
}

/// `ValidateProviderConfig`: check the provider block.
#[derive(Clone, Debug, Default)]
pub(crate) struct ValidateProviderConfigRequest {
    pub(crate) config: Option<DynamicValue>,
}

/// The answer to [`ValidateProviderConfigRequest`].
#[derive(Clone, Debug, Default)]
pub(crate) struct ValidateProviderConfigResponse {
    pub(crate) diagnostics: Diagnostics,
}

rpc!(ValidateProviderConfigRequest => ValidateProviderConfigResponse, "ValidateProviderConfig");

/// `ValidateResourceConfig`: check a resource's configuration.
#[derive(Clone, Debug, Default)]
pub(crate) struct ValidateResourceConfigRequest {
    pub(crate) type_name: String,
    pub(crate) config: Option<DynamicValue>,
    /// What Terraform supports: a Terraform without write-only attributes gets an error
    /// for each one the configuration sets.
    pub(crate) client_capabilities: ClientCapabilities,
}

/// The answer to [`ValidateResourceConfigRequest`].
#[derive(Clone, Debug, Default)]
pub(crate) struct ValidateResourceConfigResponse {
    pub(crate) diagnostics: Diagnostics,
}

rpc!(ValidateResourceConfigRequest => ValidateResourceConfigResponse, "ValidateResourceConfig", type_name);

/// `ValidateDataResourceConfig`: check a data source's configuration.
#[derive(Clone, Debug, Default)]
pub(crate) struct ValidateDataResourceConfigRequest {
    pub(crate) type_name: String,
    pub(crate) config: Option<DynamicValue>,
}

/// The answer to [`ValidateDataResourceConfigRequest`].
#[derive(Clone, Debug, Default)]
pub(crate) struct ValidateDataResourceConfigResponse {
    pub(crate) diagnostics: Diagnostics,
}

rpc!(ValidateDataResourceConfigRequest => ValidateDataResourceConfigResponse, "ValidateDataResourceConfig", type_name);

/// `UpgradeResourceState`: read a stored state (of schema `version`) as the current model.
#[derive(Clone, Debug, Default)]
pub(crate) struct UpgradeResourceStateRequest {
    pub(crate) type_name: String,
    pub(crate) version: i64,
    pub(crate) raw_state: Option<RawState>,
}

/// The answer to [`UpgradeResourceStateRequest`].
#[derive(Clone, Debug, Default)]
pub(crate) struct UpgradeResourceStateResponse {
    pub(crate) upgraded_state: Option<DynamicValue>,
    pub(crate) diagnostics: Diagnostics,
}

rpc!(UpgradeResourceStateRequest => UpgradeResourceStateResponse, "UpgradeResourceState", type_name);

/// `ConfigureProvider`: the provider block's values, once per process.
#[derive(Clone, Debug, Default)]
pub(crate) struct ConfigureProviderRequest {
    pub(crate) terraform_version: String,
    pub(crate) config: Option<DynamicValue>,
    /// What Terraform supports; nothing here depends on it: this provider never defers,
    /// and write-only attributes are null in its answers to any Terraform.
    #[allow(dead_code, reason = "nothing this provider answers depends on it yet")]
    pub(crate) client_capabilities: ClientCapabilities,
}

/// The answer to [`ConfigureProviderRequest`].
#[derive(Clone, Debug, Default)]
pub(crate) struct ConfigureProviderResponse {
    pub(crate) diagnostics: Diagnostics,
}

rpc!(ConfigureProviderRequest => ConfigureProviderResponse, "ConfigureProvider");

/// `ReadResource`: refresh an object's state.
#[derive(Clone, Debug, Default)]
pub(crate) struct ReadResourceRequest {
    pub(crate) type_name: String,
    pub(crate) current_state: Option<DynamicValue>,
    pub(crate) private: Vec<u8>,
    /// Values of the `provider_meta` block (`Context::provider_meta`).
    pub(crate) provider_meta: Option<DynamicValue>,
    /// What Terraform supports; nothing here depends on it: this provider never defers,
    /// and write-only attributes are null in its answers to any Terraform.
    #[allow(dead_code, reason = "nothing this provider answers depends on it yet")]
    pub(crate) client_capabilities: ClientCapabilities,
    /// The object's identity as stored (absent for objects stored before their type had
    /// an identity, and for types without one).
    pub(crate) current_identity: Option<DynamicValue>,
}

/// The answer to [`ReadResourceRequest`].
#[derive(Clone, Debug, Default)]
pub(crate) struct ReadResourceResponse {
    pub(crate) new_state: Option<DynamicValue>,
    pub(crate) diagnostics: Diagnostics,
    pub(crate) private: Vec<u8>,
    pub(crate) new_identity: Option<DynamicValue>,
}

rpc!(ReadResourceRequest => ReadResourceResponse, "ReadResource", subject = type_name);

impl TypeRpc for ReadResourceRequest {
    fn type_name(&self) -> &str {
        &self.type_name
    }

    /// The state and private state as they came: nothing was read.
    fn if_unknown_type(self) -> ReadResourceResponse {
        ReadResourceResponse {
            new_state: self.current_state,
            diagnostics: Diagnostics::new(),
            private: self.private,
            new_identity: self.current_identity,
        }
    }
}

/// `PlanResourceChange`: plan a create, update or destroy.
#[derive(Clone, Debug, Default)]
pub(crate) struct PlanResourceChangeRequest {
    pub(crate) type_name: String,
    pub(crate) prior_state: Option<DynamicValue>,
    pub(crate) proposed_new_state: Option<DynamicValue>,
    pub(crate) config: Option<DynamicValue>,
    pub(crate) prior_private: Vec<u8>,
    /// Values of the `provider_meta` block (`Context::provider_meta`).
    pub(crate) provider_meta: Option<DynamicValue>,
    /// What Terraform supports: computed blocks (refused without them) and keeping the
    /// plan's private state (which the author's plan is told).
    pub(crate) client_capabilities: ClientCapabilities,
    /// The identity stored with the prior state.
    pub(crate) prior_identity: Option<DynamicValue>,
    /// The private state the first plan of this change answered, sent back with the plan
    /// Terraform makes again before applying it (empty otherwise, and before 1.16).
    pub(crate) planned_private: Vec<u8>,
}

/// The answer to [`PlanResourceChangeRequest`]. `requires_replace` paths are as the
/// protocol can name them (cut before any step into a set element).
#[derive(Clone, Debug, Default)]
pub(crate) struct PlanResourceChangeResponse {
    pub(crate) planned_state: Option<DynamicValue>,
    pub(crate) requires_replace: Vec<AttributePath>,
    pub(crate) planned_private: Vec<u8>,
    pub(crate) diagnostics: Diagnostics,
    pub(crate) legacy_type_system: bool,
    pub(crate) planned_identity: Option<DynamicValue>,
}

rpc!(PlanResourceChangeRequest => PlanResourceChangeResponse, "PlanResourceChange", type_name);

/// `ApplyResourceChange`: create, update or delete an object as planned.
#[derive(Clone, Debug, Default)]
pub(crate) struct ApplyResourceChangeRequest {
    pub(crate) type_name: String,
    pub(crate) prior_state: Option<DynamicValue>,
    pub(crate) planned_state: Option<DynamicValue>,
    /// The configuration: what create and update see of write-only attributes.
    pub(crate) config: Option<DynamicValue>,
    pub(crate) planned_private: Vec<u8>,
    /// Values of the `provider_meta` block (`Context::provider_meta`).
    pub(crate) provider_meta: Option<DynamicValue>,
    /// The identity the plan answered (the prior one on updates and deletes).
    pub(crate) planned_identity: Option<DynamicValue>,
}

/// The answer to [`ApplyResourceChangeRequest`].
#[derive(Clone, Debug, Default)]
pub(crate) struct ApplyResourceChangeResponse {
    pub(crate) new_state: Option<DynamicValue>,
    pub(crate) private: Vec<u8>,
    pub(crate) diagnostics: Diagnostics,
    pub(crate) legacy_type_system: bool,
    pub(crate) new_identity: Option<DynamicValue>,
}

impl Answer for ApplyResourceChangeResponse {
    fn diagnostics_mut(&mut self) -> &mut Diagnostics {
        &mut self.diagnostics
    }
}

impl Rpc for ApplyResourceChangeRequest {
    const NAME: &'static str = "ApplyResourceChange";
    type Response = ApplyResourceChangeResponse;

    /// The prior state: an apply that did not finish leaves the object as it was.
    fn if_failed(&self) -> ApplyResourceChangeResponse {
        ApplyResourceChangeResponse {
            new_state: self.prior_state.clone(),
            new_identity: self.planned_identity.clone(),
            ..ApplyResourceChangeResponse::default()
        }
    }
    fn subject(&self) -> Option<&str> {
        Some(&self.type_name)
    }
}

impl TypeRpc for ApplyResourceChangeRequest {
    fn type_name(&self) -> &str {
        &self.type_name
    }

    /// The prior state: nothing was applied.
    fn if_unknown_type(self) -> ApplyResourceChangeResponse {
        ApplyResourceChangeResponse {
            new_state: self.prior_state,
            new_identity: self.planned_identity,
            ..ApplyResourceChangeResponse::default()
        }
    }
}

/// `ImportResourceState`: the state of an existing object, by the id the user gave or by
/// its identity.
#[derive(Clone, Debug, Default)]
pub(crate) struct ImportResourceStateRequest {
    pub(crate) type_name: String,
    pub(crate) id: String,
    /// The identity the `import` block names (set instead of `id`).
    pub(crate) identity: Option<DynamicValue>,
    /// What Terraform supports; nothing here depends on it: this provider never defers,
    /// and write-only attributes are null in its answers to any Terraform.
    #[allow(dead_code, reason = "nothing this provider answers depends on it yet")]
    pub(crate) client_capabilities: ClientCapabilities,
}

/// One object an import found.
#[derive(Clone, Debug, Default)]
pub(crate) struct ImportedResource {
    pub(crate) type_name: String,
    pub(crate) state: Option<DynamicValue>,
    pub(crate) private: Vec<u8>,
    pub(crate) identity: Option<DynamicValue>,
}

/// The answer to [`ImportResourceStateRequest`].
#[derive(Clone, Debug, Default)]
pub(crate) struct ImportResourceStateResponse {
    pub(crate) imported_resources: Vec<ImportedResource>,
    pub(crate) diagnostics: Diagnostics,
}

rpc!(ImportResourceStateRequest => ImportResourceStateResponse, "ImportResourceState", type_name);

/// `ReadDataSource`: read a data source from its configuration.
#[derive(Clone, Debug, Default)]
pub(crate) struct ReadDataSourceRequest {
    pub(crate) type_name: String,
    pub(crate) config: Option<DynamicValue>,
    /// Values of the `provider_meta` block (`Context::provider_meta`).
    pub(crate) provider_meta: Option<DynamicValue>,
    /// What Terraform supports; nothing here depends on it: this provider never defers,
    /// and write-only attributes are null in its answers to any Terraform.
    #[allow(dead_code, reason = "nothing this provider answers depends on it yet")]
    pub(crate) client_capabilities: ClientCapabilities,
}

/// The answer to [`ReadDataSourceRequest`].
#[derive(Clone, Debug, Default)]
pub(crate) struct ReadDataSourceResponse {
    pub(crate) state: Option<DynamicValue>,
    pub(crate) diagnostics: Diagnostics,
}

rpc!(ReadDataSourceRequest => ReadDataSourceResponse, "ReadDataSource", type_name);

/// `GetResourceIdentitySchemas`: the identity schema of each managed resource type.
#[derive(Clone, Debug, Default)]
pub(crate) struct GetResourceIdentitySchemasRequest {}

/// The answer to [`GetResourceIdentitySchemasRequest`]: the identity models' schemas, by
/// resource type (a type without an identity is absent). Each schema's attributes are
/// the identity's: required ones are required for import, optional ones optional.
#[derive(Clone, Debug, Default)]
pub(crate) struct GetResourceIdentitySchemasResponse {
    pub(crate) identity_schemas: BTreeMap<String, &'static Schema>,
    pub(crate) diagnostics: Diagnostics,
}

rpc!(GetResourceIdentitySchemasRequest => GetResourceIdentitySchemasResponse, "GetResourceIdentitySchemas");

/// `UpgradeResourceIdentity`: read a stored identity (of identity schema `version`) as the
/// current identity.
#[derive(Clone, Debug, Default)]
pub(crate) struct UpgradeResourceIdentityRequest {
    pub(crate) type_name: String,
    /// The identity schema version the identity was stored with.
    pub(crate) version: i64,
    /// The stored identity (JSON).
    pub(crate) raw_identity: Option<RawState>,
}

/// The answer to [`UpgradeResourceIdentityRequest`].
#[derive(Clone, Debug, Default)]
pub(crate) struct UpgradeResourceIdentityResponse {
    pub(crate) upgraded_identity: Option<DynamicValue>,
    pub(crate) diagnostics: Diagnostics,
}

rpc!(UpgradeResourceIdentityRequest => UpgradeResourceIdentityResponse, "UpgradeResourceIdentity", type_name);

/// `MoveResourceState`: the state of an object moved by a `moved` block from another
/// resource type (perhaps of another provider) to one of this provider's types. The
/// source's identity is not read: the moved object's identity is the target type's, taken
/// from the state the move produces.
#[derive(Clone, Debug, Default)]
pub(crate) struct MoveResourceStateRequest {
    /// The source provider's address, such as `registry.terraform.io/hashicorp/null`.
    pub(crate) source_provider_address: String,
    pub(crate) source_type_name: String,
    /// The schema version the source state was stored with.
    pub(crate) source_schema_version: i64,
    /// The source object's state as stored (JSON only).
    pub(crate) source_state: Option<RawState>,
    /// This provider's type the object moves to: the type the dispatch looks up.
    pub(crate) target_type_name: String,
    pub(crate) source_private: Vec<u8>,
}

/// The answer to [`MoveResourceStateRequest`].
#[derive(Clone, Debug, Default)]
pub(crate) struct MoveResourceStateResponse {
    pub(crate) target_state: Option<DynamicValue>,
    pub(crate) diagnostics: Diagnostics,
    pub(crate) target_private: Vec<u8>,
    pub(crate) target_identity: Option<DynamicValue>,
}

impl Answer for MoveResourceStateResponse {
    fn diagnostics_mut(&mut self) -> &mut Diagnostics {
        &mut self.diagnostics
    }
}

impl Rpc for MoveResourceStateRequest {
    const NAME: &'static str = "MoveResourceState";
    type Response = MoveResourceStateResponse;

    /// The target type.
    fn subject(&self) -> Option<&str> {
        Some(&self.target_type_name)
    }
}

impl TypeRpc for MoveResourceStateRequest {
    /// The target type: the source type belongs to the source provider.
    fn type_name(&self) -> &str {
        &self.target_type_name
    }
}

/// `GenerateResourceConfig`: a configuration value for an imported object's state.
#[derive(Clone, Debug, Default)]
pub(crate) struct GenerateResourceConfigRequest {
    pub(crate) type_name: String,
    pub(crate) state: Option<DynamicValue>,
}

/// The answer to [`GenerateResourceConfigRequest`].
#[derive(Clone, Debug, Default)]
pub(crate) struct GenerateResourceConfigResponse {
    pub(crate) config: Option<DynamicValue>,
    pub(crate) diagnostics: Diagnostics,
}

rpc!(GenerateResourceConfigRequest => GenerateResourceConfigResponse, "GenerateResourceConfig", type_name);

/// `StopProvider`: Terraform asks every running operation to wind down.
#[derive(Clone, Debug, Default)]
pub(crate) struct StopProviderRequest {}

/// The answer to [`StopProviderRequest`]: an error text, empty when the stop was taken.
#[derive(Clone, Debug, Default)]
pub(crate) struct StopProviderResponse {
    pub(crate) error: String,
}

mod actions;
mod ephemeral;
mod functions;
mod list;
mod state_store;
