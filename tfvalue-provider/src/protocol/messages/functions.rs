//! The RPCs of provider functions, and a function's signature as the schema response and
//! `GetFunctions` describe it.

use tfvalue::schema::StringKind;
use tfvalue::Type;

use super::{Answer, DynamicValue, Rpc, TypeRpc};
use crate::author::diagnostics::Diagnostics;
pub(crate) use crate::author::function_error::FunctionError;

/// What a provider function takes and returns, and its documentation.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct FunctionSignature {
    /// The positional parameters, in order.
    pub(crate) parameters: Vec<FunctionParameter>,
    /// Zero or more further arguments of one type, after the positional ones.
    pub(crate) variadic_parameter: Option<FunctionParameter>,
    /// The type of the result.
    pub(crate) return_type: Type,
    /// A one-line description.
    pub(crate) summary: String,
    pub(crate) description: String,
    pub(crate) description_kind: StringKind,
    /// Non-empty when the function is deprecated: what to use instead.
    pub(crate) deprecation_message: String,
}

/// One parameter of a [`FunctionSignature`].
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct FunctionParameter {
    /// The name shown to people (arguments are positional).
    pub(crate) name: String,
    /// The type constraint of the argument.
    pub(crate) ty: Type,
    /// A null argument reaches the provider; otherwise Terraform refuses it.
    pub(crate) allow_null_value: bool,
    /// An unknown argument reaches the provider; otherwise Terraform answers unknown
    /// without calling.
    pub(crate) allow_unknown_values: bool,
    pub(crate) description: String,
    pub(crate) description_kind: StringKind,
}

/// `GetFunctions`: every function's signature.
#[derive(Clone, Debug, Default)]
pub(crate) struct GetFunctionsRequest {}

/// The answer to [`GetFunctionsRequest`].
#[derive(Clone, Debug, Default)]
pub(crate) struct GetFunctionsResponse {
    /// By function name.
    pub(crate) functions: std::collections::BTreeMap<String, FunctionSignature>,
    pub(crate) diagnostics: Diagnostics,
}

rpc!(GetFunctionsRequest => GetFunctionsResponse, "GetFunctions");

/// `CallFunction`: call a function with its arguments.
#[derive(Clone, Debug, Default)]
pub(crate) struct CallFunctionRequest {
    /// The function's name: the name the dispatch looks up.
    pub(crate) name: String,
    /// One value per positional parameter, then one per variadic argument, each of the
    /// variadic parameter's type (Terraform's plugin client encodes each argument on its
    /// own, against its parameter's type).
    pub(crate) arguments: Vec<DynamicValue>,
}

/// The answer to [`CallFunctionRequest`]. The protocol's response has no diagnostics:
/// a failure is one [`FunctionError`]. `diagnostics` collects what the framework itself
/// reports about the call (an unknown name, a panic), and [`Self::function_error`]
/// decides what reaches Terraform.
#[derive(Clone, Debug, Default)]
pub(crate) struct CallFunctionResponse {
    pub(crate) result: Option<DynamicValue>,
    pub(crate) error: Option<FunctionError>,
    pub(crate) diagnostics: Diagnostics,
}

impl CallFunctionResponse {
    /// The error Terraform receives: `error` when set; otherwise the error diagnostics
    /// (see [`FunctionError::from_errors`]); otherwise none.
    pub(crate) fn function_error(&self) -> Option<FunctionError> {
        self.error
            .clone()
            .or_else(|| FunctionError::from_errors(&self.diagnostics))
    }
}

impl Answer for CallFunctionResponse {
    fn diagnostics_mut(&mut self) -> &mut Diagnostics {
        &mut self.diagnostics
    }
}

impl Rpc for CallFunctionRequest {
    const NAME: &'static str = "CallFunction";
    type Response = CallFunctionResponse;

    fn subject(&self) -> Option<&str> {
        Some(&self.name)
    }
}

impl TypeRpc for CallFunctionRequest {
    /// The function's name.
    fn type_name(&self) -> &str {
        &self.name
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::author::diagnostics::Diagnostic;

    #[test]
    fn the_function_error_is_the_own_error_then_the_error_diagnostics() {
        let mut r = CallFunctionResponse::default();
        assert_eq!(r.function_error(), None);
        r.diagnostics.push(Diagnostic::warning("Deprecated"));
        assert_eq!(r.function_error(), None, "a warning is no failure");
        r.diagnostics
            .push(Diagnostic::error("The provider failed").with_detail("panic"));
        r.diagnostics.push(Diagnostic::error("Second"));
        let joined = r.function_error().expect("an error");
        assert_eq!(joined.text, "The provider failed: panic\nSecond");
        r.error = Some(FunctionError::argument(1, "bad argument"));
        assert_eq!(r.function_error(), r.error);
    }
}
