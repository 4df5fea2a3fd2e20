//! The RPCs of state stores: Terraform's state files kept by the provider (a `state_store`
//! block), read and written in chunks, locked and listed by state id.

use super::{Answer, DynamicValue, Rpc, TypeRpc};
use crate::author::diagnostics::Diagnostics;

/// `ValidateStateStoreConfig`: check a state store's configuration.
#[derive(Clone, Debug, Default)]
pub(crate) struct ValidateStateStoreConfigRequest {
    pub(crate) type_name: String,
    #[allow(dead_code, reason = "read once state stores can be registered")]
    pub(crate) config: Option<DynamicValue>,
}

/// The answer to [`ValidateStateStoreConfigRequest`].
#[derive(Clone, Debug, Default)]
pub(crate) struct ValidateStateStoreConfigResponse {
    pub(crate) diagnostics: Diagnostics,
}

rpc!(ValidateStateStoreConfigRequest => ValidateStateStoreConfigResponse, "ValidateStateStoreConfig", type_name);

/// `ConfigureStateStore`: the state store block's values.
#[derive(Clone, Debug, Default)]
#[allow(dead_code, reason = "read once state stores can be registered")]
pub(crate) struct ConfigureStateStoreRequest {
    pub(crate) type_name: String,
    pub(crate) config: Option<DynamicValue>,
    /// The chunk size in bytes Terraform proposes (0: no proposal).
    pub(crate) chunk_size: i64,
}

/// The answer to [`ConfigureStateStoreRequest`].
#[derive(Clone, Debug, Default)]
pub(crate) struct ConfigureStateStoreResponse {
    pub(crate) diagnostics: Diagnostics,
    /// The chunk size in bytes the store settles on; `None` when it was not configured.
    pub(crate) chunk_size: Option<i64>,
}

rpc!(ConfigureStateStoreRequest => ConfigureStateStoreResponse, "ConfigureStateStore", type_name);

/// `ReadStateBytes`: one state's bytes.
#[derive(Clone, Debug, Default)]
pub(crate) struct ReadStateBytesRequest {
    pub(crate) type_name: String,
    #[allow(dead_code, reason = "read once state stores can be registered")]
    pub(crate) state_id: String,
}

/// The answer to [`ReadStateBytesRequest`]: the whole state, sent as one chunk (with the
/// diagnostics) of the protocol's stream.
#[derive(Clone, Debug, Default)]
pub(crate) struct ReadStateBytesResponse {
    pub(crate) bytes: Vec<u8>,
    pub(crate) diagnostics: Diagnostics,
}

rpc!(ReadStateBytesRequest => ReadStateBytesResponse, "ReadStateBytes", type_name);

/// `WriteStateBytes`: store one state. The protocol streams it in chunks, the first one
/// naming the store and the state; this request is that first chunk's naming and the
/// whole state's length. While no state store can be registered, the transport reads
/// no further chunk (`server.rs`).
#[derive(Clone, Debug, Default)]
#[allow(dead_code, reason = "read once state stores can be registered")]
pub(crate) struct WriteStateBytesRequest {
    pub(crate) type_name: String,
    pub(crate) state_id: String,
    /// The length in bytes of the whole state, across every chunk.
    pub(crate) total_length: i64,
}

/// The answer to [`WriteStateBytesRequest`].
#[derive(Clone, Debug, Default)]
pub(crate) struct WriteStateBytesResponse {
    pub(crate) diagnostics: Diagnostics,
}

rpc!(WriteStateBytesRequest => WriteStateBytesResponse, "WriteStateBytes", type_name);

/// `LockState`: take a state's lock for an operation (`plan`, `apply`, ...).
#[derive(Clone, Debug, Default)]
#[allow(dead_code, reason = "read once state stores can be registered")]
pub(crate) struct LockStateRequest {
    pub(crate) type_name: String,
    pub(crate) state_id: String,
    pub(crate) operation: String,
}

/// The answer to [`LockStateRequest`]: the lock's id, for `UnlockState`.
#[derive(Clone, Debug, Default)]
pub(crate) struct LockStateResponse {
    pub(crate) lock_id: String,
    pub(crate) diagnostics: Diagnostics,
}

rpc!(LockStateRequest => LockStateResponse, "LockState", type_name);

/// `UnlockState`: release a lock `LockState` took.
#[derive(Clone, Debug, Default)]
#[allow(dead_code, reason = "read once state stores can be registered")]
pub(crate) struct UnlockStateRequest {
    pub(crate) type_name: String,
    pub(crate) state_id: String,
    pub(crate) lock_id: String,
}

/// The answer to [`UnlockStateRequest`].
#[derive(Clone, Debug, Default)]
pub(crate) struct UnlockStateResponse {
    pub(crate) diagnostics: Diagnostics,
}

rpc!(UnlockStateRequest => UnlockStateResponse, "UnlockState", type_name);

/// `GetStates`: the ids of every state a store holds (Terraform's workspaces).
#[derive(Clone, Debug, Default)]
pub(crate) struct GetStatesRequest {
    pub(crate) type_name: String,
}

/// The answer to [`GetStatesRequest`].
#[derive(Clone, Debug, Default)]
pub(crate) struct GetStatesResponse {
    pub(crate) state_ids: Vec<String>,
    pub(crate) diagnostics: Diagnostics,
}

rpc!(GetStatesRequest => GetStatesResponse, "GetStates", type_name);

/// `DeleteState`: remove one state.
#[derive(Clone, Debug, Default)]
pub(crate) struct DeleteStateRequest {
    pub(crate) type_name: String,
    #[allow(dead_code, reason = "read once state stores can be registered")]
    pub(crate) state_id: String,
}

/// The answer to [`DeleteStateRequest`].
#[derive(Clone, Debug, Default)]
pub(crate) struct DeleteStateResponse {
    pub(crate) diagnostics: Diagnostics,
}

rpc!(DeleteStateRequest => DeleteStateResponse, "DeleteState", type_name);
