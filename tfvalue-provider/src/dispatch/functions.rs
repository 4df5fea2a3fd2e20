//! The RPCs of provider functions. No function can be registered yet: the provider has
//! none to list, and every call names an unknown function.

use std::collections::BTreeMap;

use super::{not_registered, Dispatch};
use crate::diagnostics::Diagnostics;
use crate::messages::{
    CallFunctionRequest, CallFunctionResponse, GetFunctionsRequest, GetFunctionsResponse,
};
use crate::provider::Provider;

impl<P: Provider> Dispatch<P> {
    pub(crate) fn get_functions(&self, _: GetFunctionsRequest) -> GetFunctionsResponse {
        GetFunctionsResponse {
            functions: BTreeMap::new(),
            diagnostics: Diagnostics::new(),
        }
    }

    /// Answered with a function error (the protocol's call has no diagnostics, see
    /// [`CallFunctionResponse::function_error`]).
    pub(crate) fn call_function(&self, request: CallFunctionRequest) -> CallFunctionResponse {
        not_registered(request, "function")
    }
}
