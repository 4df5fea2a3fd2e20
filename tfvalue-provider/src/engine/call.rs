//! What every call of an author's method shares: its boxed future, the context's
//! diagnostics collected after it, the validation of a configuration, and a panic's
//! message.

use std::any::Any;
use std::future::Future;
use std::pin::Pin;

use crate::author::context::Context;
use crate::author::diagnostics::{Diagnostic, Diagnostics};
use crate::author::model::Model;
use crate::engine::deprecation::{deprecation_warnings, has_deprecated};
use crate::engine::rule_findings::rule_findings;
use crate::protocol::codec::{decode_model, decode_value};
use crate::protocol::messages::DynamicValue;

/// The future of an erased type's method.
pub(crate) type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Collects the context's warnings and private state after a method, with its errors if
/// it failed.
pub(crate) fn finish<D, T>(
    ctx: Context<D>,
    result: Result<T, Diagnostics>,
) -> (Option<T>, Diagnostics, Vec<u8>) {
    let (mut diagnostics, private) = ctx.into_parts();
    match result {
        Ok(value) => (Some(value), diagnostics, private),
        Err(errors) => {
            diagnostics.extend(errors);
            if !diagnostics.has_errors() {
                diagnostics.push(Diagnostic::error("The operation failed").with_detail(
                    "The provider reported a failure without saying why; this is a bug in the provider.",
                ));
            }
            (None, diagnostics, private)
        }
    }
}

/// Decodes a configuration into `M` and runs a validation on it; adds a warning for each
/// deprecated part of `M` the configuration sets (`deprecation.rs`).
pub(crate) async fn validate_config<D, M, F, Fut>(
    ctx: Context<D>,
    config: Option<DynamicValue>,
    check: F,
) -> Diagnostics
where
    M: Model,
    F: FnOnce(Context<D>, M) -> Fut,
    Fut: Future<Output = (Context<D>, Result<(), Diagnostics>)>,
{
    // The framework's findings come first: deprecation warnings and the declared
    // validators' errors. Both read the configuration as a value: decoded once, and only
    // when the model has either (a configuration that does not decode is reported by the
    // typed decode below).
    let mut found = Diagnostics::new();
    let (schema, rules) = (M::schema(), M::rules());
    if has_deprecated(&schema.block) || !rules.is_empty() {
        if let Ok(value) = decode_value(config.as_ref(), schema.object_type()) {
            found.extend(deprecation_warnings(schema, &value));
            found.extend(rule_findings(rules, &value));
        }
    }
    match decode_model::<M>(config.as_ref()) {
        Ok(Some(model)) => {
            let (ctx, result) = check(ctx, model).await;
            found.extend(finish(ctx, result).1);
        }
        Ok(None) => {}
        Err(e) => found.push(Diagnostic::from_value_error("Invalid configuration", &e)),
    }
    found
}

/// The error of a task that runs an RPC's streamed work (a listing, an invocation) and
/// ended without its answer: a panic, logged and reported with its message, or a
/// cancellation.
pub(crate) fn task_failure(rpc: &str, error: tokio::task::JoinError) -> Diagnostics {
    let detail = if error.is_panic() {
        let message = panic_message(error.into_panic());
        tracing::error!(rpc, panic = %message, "a provider method panicked");
        format!("The provider panicked in {rpc}: {message}. This is a bug in the provider.")
    } else {
        format!("{rpc} was cancelled before it finished.")
    };
    Diagnostic::error("The provider failed")
        .with_detail(detail)
        .into()
}

/// The text of a panic's payload, for the diagnostic and the log that report it.
pub(crate) fn panic_message(payload: Box<dyn Any + Send>) -> String {
    match payload.downcast::<String>() {
        Ok(text) => *text,
        Err(payload) => match payload.downcast::<&'static str>() {
            Ok(text) => (*text).to_owned(),
            Err(_) => "a panic without a message".to_owned(),
        },
    }
}
