//! Provider functions in the harness: `CallFunction` with typed arguments and result.

use serde::de::DeserializeOwned;
use serde::Serialize;
use tfvalue::path::AttributePath;
use tfvalue::{Type, Value};
use tonic::Request;

use super::wire::{answer, decode, dynamic, model_of};
use super::Harness;
use crate::protocol::proto::tfplugin6 as pb;
use crate::protocol::proto::tfplugin6::provider_server::Provider as _;
use crate::{Diagnostic, Diagnostics, Provider};

/// A provider function: from [`Harness::function`].
pub struct FunctionHandle<'h, P: Provider> {
    harness: &'h Harness<P>,
    name: String,
}

impl<'h, P: Provider> FunctionHandle<'h, P> {
    pub(super) fn new(harness: &'h Harness<P>, name: &str) -> Self {
        FunctionHandle {
            harness,
            name: name.to_owned(),
        }
    }

    /// Calls the function as configuration does (`provider::<name>::<function>(...)`):
    /// `args` is a tuple of the arguments, one element each, variadic ones included
    /// (`("etc", "app.conf")`; one argument is `("etc",)`), each encoded as its
    /// parameter's type; the result is decoded as `R` (a [`Value`] for a dynamic result).
    /// A null argument for a parameter that does not allow null is refused, as Terraform
    /// refuses it.
    ///
    /// # Errors
    /// The arguments do not fit the parameters, or the function fails: its error is the
    /// summary, and an error about one argument points at it with the path `[index]`
    /// (`AttributePath::root().index(1)` for the second).
    pub async fn call<A: Serialize, R: DeserializeOwned>(&self, args: A) -> Result<R, Diagnostics> {
        let schemas = self.harness.schemas().await?;
        let Some(function) = schemas.functions.get(&self.name) else {
            let known: Vec<&str> = schemas.functions.keys().map(String::as_str).collect();
            return Err(Diagnostic::error("Call to unknown function")
                .with_detail(format!(
                    "The provider has no function {:?}; it has: {}.",
                    self.name,
                    known.join(", ")
                ))
                .into());
        };
        let invalid = |detail: String| -> Diagnostics {
            Diagnostic::error("Invalid function argument")
                .with_detail(detail)
                .into()
        };
        // The count first (a tuple of anything), then each argument as its parameter's type.
        let count = match Value::from_serialize(&args, &Type::Dynamic) {
            Ok(Value::Tuple(items)) => items.len(),
            // `()`: no arguments.
            Ok(Value::Null(_)) => 0,
            _ => {
                return Err(invalid(
                    "The arguments must be a tuple, one element each.".into(),
                ))
            }
        };
        let parameters = (0..count)
            .map(|i| function.parameters.get(i).or(function.variadic.as_ref()))
            .collect::<Option<Vec<_>>>();
        let parameters = match parameters {
            Some(p) if count >= function.parameters.len() => p,
            _ => {
                return Err(invalid(format!(
                    "{} takes {} argument(s){}; {count} given.",
                    self.name,
                    function.parameters.len(),
                    if function.variadic.is_some() {
                        " or more"
                    } else {
                        ""
                    }
                )))
            }
        };
        let types = Type::tuple(parameters.iter().map(|p| p.ty.clone()));
        let values = match Value::from_serialize(&args, &types) {
            _ if count == 0 => Vec::new(),
            Ok(Value::Tuple(values)) => values,
            Ok(_) => return Err(invalid("The arguments must be a tuple.".into())),
            Err(e) => {
                return Err(Diagnostics::from_value_error(
                    "Invalid function argument",
                    &e,
                ))
            }
        };
        let mut arguments = Vec::with_capacity(count);
        for (i, (value, parameter)) in values.iter().zip(&parameters).enumerate() {
            if value.is_null() && !parameter.allow_null {
                return Err(Diagnostic::error("Invalid function argument")
                    .with_detail(format!(
                        "Invalid value for {:?} parameter: argument must not be null.",
                        parameter.name
                    ))
                    .at(AttributePath::root().index(i64::try_from(i).unwrap_or(i64::MAX)))
                    .into());
            }
            arguments.push(dynamic(value, &parameter.ty)?);
        }
        let request = pb::call_function::Request {
            name: self.name.clone(),
            arguments,
        };
        let called = answer(
            self.harness
                .service
                .call_function(Request::new(request))
                .await,
        )?;
        if let Some(error) = called.error {
            let failed = Diagnostic::error(error.text);
            return Err(match error.function_argument {
                Some(index) => failed.at(AttributePath::root().index(index)),
                None => failed,
            }
            .into());
        }
        let result = decode(called.result.as_ref(), &function.result, "function result")?;
        model_of(&result, "Function result does not fit the type")
    }
}
