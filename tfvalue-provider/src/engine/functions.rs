//! One provider function behind an object-safe trait, so the registry can keep functions of
//! different argument types by name: its signature, built and checked once at
//! registration, and a call (count the arguments, decode them, call, encode the result).

use std::collections::BTreeSet;

use tfvalue::TfType;

use crate::author::context::Context;
use crate::author::function::{Function, ParameterDoc, Signature};
use crate::author::function_args::{ArgsShape, ArgumentReader, FunctionArgs, ParameterType};
use crate::author::function_error::FunctionError;
use crate::engine::call::BoxFuture;
use crate::protocol::messages::{
    CallFunctionResponse, DynamicValue, FunctionParameter, FunctionSignature,
};

/// A registered function, whatever its types.
pub(crate) trait ErasedFunction<D>: Send + Sync {
    /// Its signature as `GetFunctions` and the schema describe it.
    fn signature(&self) -> &FunctionSignature;

    /// Calls it with the arguments of a `CallFunction` request.
    fn call<'a>(
        &'a self,
        ctx: Context<D>,
        arguments: Vec<DynamicValue>,
    ) -> BoxFuture<'a, CallFunctionResponse>;
}

/// A function with what registration worked out about it.
pub(crate) struct RegisteredFunction<F> {
    name: String,
    function: F,
    shape: ArgsShape,
    signature: FunctionSignature,
}

impl<F: Function> RegisteredFunction<F> {
    /// The function registered as `name`, and every problem with its name and signature
    /// (one line each; none when it is declared rightly).
    pub(crate) fn new(name: &str, function: F) -> (Self, Vec<String>) {
        let shape = F::Args::shape();
        let doc = function.signature();
        let problems = check(name, &doc, &shape);
        let signature = signature::<F::Output>(&doc, &shape);
        let registered = RegisteredFunction {
            name: name.to_owned(),
            function,
            shape,
            signature,
        };
        (registered, problems)
    }

    /// Checks the number of arguments, decodes them and calls the function.
    async fn run(
        &self,
        ctx: &mut Context<F::Data>,
        arguments: &[DynamicValue],
    ) -> Result<DynamicValue, FunctionError> {
        let (takes, sent) = (self.shape.positional.len(), arguments.len());
        let variadic = self.shape.variadic.is_some();
        let expected = || {
            let or_more = if variadic { " or more" } else { "" };
            format!(
                "the function {:?} takes {takes} argument{}{or_more}; Terraform sent {sent}",
                self.name,
                if takes == 1 { "" } else { "s" }
            )
        };
        if sent < takes {
            return Err(FunctionError::new(format!(
                "Not enough arguments: {}",
                expected()
            )));
        }
        if sent > takes && !variadic {
            return Err(FunctionError::argument(
                takes,
                format!("too many arguments: {}", expected()),
            ));
        }
        let views: Vec<tfvalue::DynamicValue<'_>> = arguments
            .iter()
            .map(|v| tfvalue::DynamicValue::new(&v.msgpack, &v.json))
            .collect();
        let args = F::Args::decode(&mut ArgumentReader::new(&views))?;
        let output = self.function.call(ctx, args).await?;
        let bytes = tfvalue::msgpack::to_vec(&output).map_err(|e| {
            FunctionError::new(format!(
                "The provider produced an invalid result: {e}. This is a bug in the provider"
            ))
        })?;
        Ok(DynamicValue::msgpack(bytes))
    }
}

impl<F: Function> ErasedFunction<F::Data> for RegisteredFunction<F> {
    fn signature(&self) -> &FunctionSignature {
        &self.signature
    }

    fn call<'a>(
        &'a self,
        mut ctx: Context<F::Data>,
        arguments: Vec<DynamicValue>,
    ) -> BoxFuture<'a, CallFunctionResponse> {
        Box::pin(async move {
            let outcome = self.run(&mut ctx, &arguments).await;
            for warning in ctx.warnings() {
                // The protocol's answer has no place for warnings: they go to the log.
                tracing::warn!(function = %self.name, warning = %warning, "a function's warning was dropped");
            }
            match outcome {
                Ok(result) => CallFunctionResponse {
                    result: Some(result),
                    ..CallFunctionResponse::default()
                },
                Err(error) => CallFunctionResponse {
                    error: Some(error),
                    ..CallFunctionResponse::default()
                },
            }
        })
    }
}

/// The signature Terraform receives: the types from the arguments' shape, the names and
/// descriptions from the author's [`Signature`] (a parameter it does not name is
/// `arg<index>`, so the signature still goes out whole; the mismatch stops the provider
/// at start anyway). The result type carries no optional-attribute markers: a function
/// returns a value, not a type constraint.
fn signature<O: TfType>(doc: &Signature, shape: &ArgsShape) -> FunctionSignature {
    let kind = doc.description_kind;
    let parameter =
        |ty: &ParameterType, d: Option<&ParameterDoc>, fallback: String| FunctionParameter {
            name: d.map_or(fallback, |d| d.name.clone()),
            ty: ty.ty.clone(),
            allow_null_value: ty.allow_null,
            allow_unknown_values: ty.allow_unknown,
            description: d.map(|d| d.description.clone()).unwrap_or_default(),
            description_kind: kind,
        };
    FunctionSignature {
        parameters: (shape.positional.iter().enumerate())
            .map(|(i, ty)| parameter(ty, doc.parameters.get(i), format!("arg{i}")))
            .collect(),
        variadic_parameter: (shape.variadic.as_ref())
            .map(|ty| parameter(ty, doc.variadic.as_ref(), "args".to_owned())),
        return_type: O::tf_type().without_optional(),
        summary: doc.summary.clone(),
        description: doc.description.clone(),
        description_kind: doc.description_kind,
        deprecation_message: doc.deprecation_message.clone(),
    }
}

/// Whether `name` can be called from configuration: an identifier of Terraform's language
/// (a letter or underscore, then letters, digits, underscores and hyphens), kept to ASCII.
fn is_identifier(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && (name.bytes()).all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// The problems with a function's name and with its signature against its arguments.
fn check(name: &str, doc: &Signature, shape: &ArgsShape) -> Vec<String> {
    let mut problems = Vec::new();
    let mut problem = |text: String| problems.push(format!("function {name:?}: {text}"));
    if !is_identifier(name) {
        problem(
            "a function name is a letter or underscore, then letters, digits, underscores \
             and hyphens (an identifier of Terraform's language)"
                .to_owned(),
        );
    }
    let takes = shape.positional.len();
    if doc.parameters.len() != takes {
        problem(format!(
            "its signature names {} positional parameter{}, its arguments have {takes}",
            doc.parameters.len(),
            if doc.parameters.len() == 1 { "" } else { "s" },
        ));
    }
    match (doc.variadic.is_some(), shape.variadic.is_some()) {
        (true, false) => problem(
            "its signature names a variadic parameter, but its arguments end without a Variadic"
                .to_owned(),
        ),
        (false, true) => problem(
            "its arguments end with a Variadic, but its signature names no variadic parameter \
             (Signature::variadic)"
                .to_owned(),
        ),
        _ => {}
    }
    let mut seen = BTreeSet::new();
    for p in doc.parameters.iter().chain(&doc.variadic) {
        if p.name.is_empty() {
            problem("a parameter has an empty name".to_owned());
        } else if !seen.insert(p.name.as_str()) {
            problem(format!("two parameters are named {:?}", p.name));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use tfvalue::{Type, Unknown};

    use super::*;
    use crate::author::function_args::Variadic;

    struct Probe<A>(Signature, std::marker::PhantomData<A>);

    impl<A: FunctionArgs + Sync> Function for Probe<A> {
        type Args = A;
        type Output = Vec<String>;
        type Data = ();
        fn signature(&self) -> Signature {
            self.0.clone()
        }
        async fn call(&self, _: &mut Context<()>, _: A) -> Result<Vec<String>, FunctionError> {
            Ok(Vec::new())
        }
    }

    fn problems<A: FunctionArgs + Sync>(name: &str, signature: Signature) -> Vec<String> {
        RegisteredFunction::new(name, Probe::<A>(signature, std::marker::PhantomData)).1
    }

    #[test]
    fn signatures_must_match_the_arguments() {
        let two = Signature::new("s").param("a", "").param("b", "");
        assert_eq!(
            problems::<(String, i64)>("f", two.clone()),
            Vec::<String>::new()
        );
        let p = problems::<(String,)>("f", two.clone());
        assert_eq!(
            p,
            ["function \"f\": its signature names 2 positional parameters, its arguments have 1"]
        );
        let p = problems::<(String, i64, Variadic<String>)>("f", two.clone());
        assert_eq!(p.len(), 1, "{p:?}");
        assert!(
            p[0].contains("but its signature names no variadic"),
            "{p:?}"
        );
        let p = problems::<(String, i64)>("f", two.clone().variadic("c", ""));
        assert!(p[0].contains("end without a Variadic"), "{p:?}");
        let dup = Signature::new("s").param("a", "").variadic("a", "");
        assert!(problems::<(String, Variadic<String>)>("f", dup)[0]
            .contains("two parameters are named \"a\""));
        let empty = Signature::new("s").param("", "");
        assert!(problems::<(String,)>("f", empty)[0].contains("empty name"));
    }

    #[test]
    fn names_are_terraform_identifiers() {
        let none = Signature::new("s");
        for good in ["join_path", "_x", "a-b", "JoinPath", "x9"] {
            assert_eq!(
                problems::<()>(good, none.clone()),
                Vec::<String>::new(),
                "{good}"
            );
        }
        for bad in ["", "9x", "a.b", "a::b", "ünï", "a b", "-a"] {
            assert_eq!(problems::<()>(bad, none.clone()).len(), 1, "{bad:?}");
        }
    }

    #[test]
    fn the_signature_joins_types_and_documentation() {
        let doc = Signature::new("Sum")
            .markdown_description("Adds `n`.")
            .param("n", "A number")
            .variadic("more", "More")
            .deprecated("Use plus.");
        let (r, _) = RegisteredFunction::new(
            "sum",
            Probe::<(Option<i64>, Variadic<Unknown<i64>>)>(doc, std::marker::PhantomData),
        );
        let s = ErasedFunction::signature(&r);
        assert_eq!(s.parameters.len(), 1);
        let n = &s.parameters[0];
        assert_eq!((n.name.as_str(), &n.ty), ("n", &Type::Number));
        assert!(n.allow_null_value && !n.allow_unknown_values);
        assert_eq!(n.description_kind, tfvalue::schema::StringKind::Markdown);
        let more = s.variadic_parameter.as_ref().unwrap();
        assert_eq!(more.name, "more");
        assert!(!more.allow_null_value && more.allow_unknown_values);
        assert_eq!(s.return_type, Type::list(Type::String));
        assert_eq!(
            (
                s.summary.as_str(),
                s.description.as_str(),
                s.deprecation_message.as_str()
            ),
            ("Sum", "Adds `n`.", "Use plus.")
        );
    }
}
