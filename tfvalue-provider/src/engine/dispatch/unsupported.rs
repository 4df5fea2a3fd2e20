//! The RPCs of what this provider does not serve: state stores (it announces none in its
//! schema). Each is answered with one error diagnostic
//! naming the call and the type it was about; a streamed answer is a stream of one
//! message carrying it.

use super::{not_supported, Dispatch};
use crate::author::provider::Provider;
use crate::protocol::messages::{
    ConfigureStateStoreRequest, ConfigureStateStoreResponse, DeleteStateRequest,
    DeleteStateResponse, GetStatesRequest, GetStatesResponse, LockStateRequest, LockStateResponse,
    ReadStateBytesRequest, ReadStateBytesResponse, TypeRpc, UnlockStateRequest,
    UnlockStateResponse, ValidateStateStoreConfigRequest, ValidateStateStoreConfigResponse,
    WriteStateBytesRequest, WriteStateBytesResponse,
};

/// One kind of thing this provider does not serve.
struct Kind {
    /// The diagnostic's summary.
    summary: &'static str,
    /// What a request names, as the detail says it ("the list resource type").
    what: &'static str,
    /// The kind in the plural, as the detail says it ("list resources").
    plural: &'static str,
}

const STATE_STORE: Kind = Kind {
    summary: "State storage not supported by this provider",
    what: "state store",
    plural: "state stores",
};

/// The error answer to `request`, a call about a `kind` this provider does not serve.
fn refuse<Q: TypeRpc>(kind: &Kind, request: &Q) -> Q::Response {
    let detail = format!(
        "Terraform called {} for the {} {:?}, but this provider serves no {}.",
        Q::NAME,
        kind.what,
        request.type_name(),
        kind.plural
    );
    not_supported::<Q>(kind.summary, detail)
}

impl<P: Provider> Dispatch<P> {
    pub(crate) fn validate_state_store_config(
        &self,
        request: ValidateStateStoreConfigRequest,
    ) -> ValidateStateStoreConfigResponse {
        refuse(&STATE_STORE, &request)
    }

    pub(crate) fn configure_state_store(
        &self,
        request: ConfigureStateStoreRequest,
    ) -> ConfigureStateStoreResponse {
        refuse(&STATE_STORE, &request)
    }

    /// No bytes: the stream's one chunk carries the error.
    pub(crate) fn read_state_bytes(
        &self,
        request: ReadStateBytesRequest,
    ) -> ReadStateBytesResponse {
        refuse(&STATE_STORE, &request)
    }

    pub(crate) fn write_state_bytes(
        &self,
        request: WriteStateBytesRequest,
    ) -> WriteStateBytesResponse {
        refuse(&STATE_STORE, &request)
    }

    pub(crate) fn lock_state(&self, request: LockStateRequest) -> LockStateResponse {
        refuse(&STATE_STORE, &request)
    }

    pub(crate) fn unlock_state(&self, request: UnlockStateRequest) -> UnlockStateResponse {
        refuse(&STATE_STORE, &request)
    }

    pub(crate) fn get_states(&self, request: GetStatesRequest) -> GetStatesResponse {
        refuse(&STATE_STORE, &request)
    }

    pub(crate) fn delete_state(&self, request: DeleteStateRequest) -> DeleteStateResponse {
        refuse(&STATE_STORE, &request)
    }
}
