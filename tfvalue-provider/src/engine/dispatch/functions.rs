//! The RPCs of provider functions: the registered functions' signatures, and a call by
//! name (`engine/functions.rs` decodes, calls and encodes).

use super::{not_registered, Dispatch};
use crate::author::diagnostics::Diagnostics;
use crate::author::provider::Provider;
use crate::engine::functions::ErasedFunction;
use crate::protocol::messages::{
    CallFunctionRequest, CallFunctionResponse, FunctionSignature, GetFunctionsRequest,
    GetFunctionsResponse,
};

impl<P: Provider> Dispatch<P> {
    /// Every registered function's signature, by name (the schema response carries the
    /// same map).
    pub(crate) fn function_signatures(
        &self,
    ) -> std::collections::BTreeMap<String, FunctionSignature> {
        (self.registry.functions.iter())
            .map(|(name, f)| (name.clone(), ErasedFunction::signature(&**f).clone()))
            .collect()
    }

    pub(crate) fn get_functions(&self, _: GetFunctionsRequest) -> GetFunctionsResponse {
        GetFunctionsResponse {
            functions: self.function_signatures(),
            diagnostics: Diagnostics::new(),
        }
    }

    /// Answered with a function error (the protocol's call has no diagnostics, see
    /// [`CallFunctionResponse::function_error`]); a name no function has is "Unknown
    /// function". The function gets a context whose data is there only if the provider
    /// was configured in this process.
    pub(crate) async fn call_function(&self, request: CallFunctionRequest) -> CallFunctionResponse {
        let Some(function) = self.registry.functions.get(&request.name) else {
            return not_registered(request, "function");
        };
        function
            .call(self.context(Vec::new()), request.arguments)
            .await
    }
}
